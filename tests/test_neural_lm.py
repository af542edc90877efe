"""teachkit.lm.neural: the gradients against finite differences, distributions that sum to 1, the loss it
reports against the log-probabilities it gives, determinism for a seed, the units of an evaluation by hand,
and chunked evaluation against strided and one-stream evaluation."""

import math

import numpy as np
import pytest

import teachkit as tk
from teachkit.lm.neural import BOUNDARY, END, UNK, Evaluation, NeuralLM, bits_per_byte, softmax

TEXTS = ["the cat sat on the mat", "the dog sat on the log", "a cat and a dog"]


def tiny(unit="char", **kw):
    options = dict(context=2, embedding=3, hidden=5, seed=1)
    options.update(kw)
    return NeuralLM(TEXTS, unit=unit, **options)


@pytest.mark.parametrize("unit", ["char", "word"])
def test_gradients_match_finite_differences(unit):
    lm = tiny(unit)
    stream = lm.encode(TEXTS)
    positions = np.arange(len(stream))
    ctx = lm._contexts(stream, positions, np.zeros(len(stream), dtype=np.int64))
    _, grads = lm.loss_and_grads(ctx, stream)
    rng = np.random.default_rng(0)
    h = 1e-6
    for name, param in lm.params.items():
        for flat in rng.choice(param.size, size=min(6, param.size), replace=False):
            idx = np.unravel_index(flat, param.shape)
            old = param[idx]
            param[idx] = old + h
            up = lm.loss_and_grads(ctx, stream)[0]
            param[idx] = old - h
            down = lm.loss_and_grads(ctx, stream)[0]
            param[idx] = old
            numeric = (up - down) / (2 * h)
            assert grads[name][idx] == pytest.approx(numeric, rel=1e-5, abs=1e-8), (name, idx)


@pytest.mark.parametrize("unit", ["char", "word"])
def test_every_conditional_distribution_sums_to_one(unit):
    lm = tiny(unit)
    lm.fit(TEXTS, epochs=3, batch_size=4, learning_rate=0.05)
    stream = lm.encode(TEXTS)
    ctx = lm._contexts(stream, np.arange(len(stream)), np.zeros(len(stream), dtype=np.int64))
    p = np.exp(lm.log_probs(ctx))
    assert p.shape == (len(stream), lm.V)
    assert np.allclose(p.sum(axis=1), 1.0, rtol=0, atol=1e-12) and np.all(p > 0)
    assert math.isclose(float(lm.probs("th" if unit == "char" else ["the"]).sum()), 1.0, rel_tol=1e-12)


def test_the_reported_loss_is_the_mean_negative_log_probability():
    lm = tiny()
    stream = lm.encode(TEXTS)
    ctx = lm._contexts(stream, np.arange(len(stream)), np.zeros(len(stream), dtype=np.int64))
    loss, _ = lm.loss_and_grads(ctx, stream)
    # recomputed from the probabilities themselves, softmax written out here
    z = np.tanh(lm.params["E"][ctx].reshape(len(ctx), -1) @ lm.params["W1"] + lm.params["b1"]) @ lm.params["W2"] \
        + lm.params["b2"]
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    assert loss == pytest.approx(-np.mean(np.log(p[np.arange(len(stream)), stream])), rel=1e-12)
    # and evaluate() as one stream gives the same total
    assert lm.evaluate(TEXTS).nats == pytest.approx(loss * len(stream), rel=1e-12)


def test_a_seed_gives_the_same_model_and_training_resumed_is_training_in_one_go():
    a, b, c = tiny(seed=7), tiny(seed=7), tiny(seed=7)
    la = a.fit(TEXTS, epochs=4, batch_size=5, learning_rate=0.05)
    lb = b.fit(TEXTS, epochs=4, batch_size=5, learning_rate=0.05)
    lc = c.fit(TEXTS, epochs=2, batch_size=5, learning_rate=0.05) + c.fit(TEXTS, epochs=2, batch_size=5,
                                                                          learning_rate=0.05)
    assert la == lb == lc
    for k in a.params:
        assert np.array_equal(a.params[k], b.params[k]) and np.array_equal(a.params[k], c.params[k])
    assert la[-1] < la[0]          # it learns
    assert not np.array_equal(tiny(seed=8).params["W1"], tiny(seed=7).params["W1"])


def test_the_units_of_an_evaluation_by_hand():
    # 1,250 predictions at perplexity 180 over 7,000 characters and 7,300 bytes
    e = Evaluation(1250 * math.log(180), 1250, 7000, 7300, 1250)
    assert e.perplexity == pytest.approx(180, rel=1e-12)
    assert e.cross_entropy == pytest.approx(math.log(180), rel=1e-12)
    assert e.cross_entropy_bits == pytest.approx(math.log2(180), rel=1e-12)
    assert e.bits_per_character == pytest.approx(1250 * math.log2(180) / 7000, rel=1e-12)
    assert e.bits_per_byte == pytest.approx(1250 * math.log2(180) / 7300, rel=1e-12)
    assert bits_per_byte(1000.0, 720) == pytest.approx(1000 / 720 / math.log(2), rel=1e-12)


def test_character_and_word_models_share_the_character_count():
    chars, words = tiny("char").evaluate(TEXTS), tiny("word").evaluate(TEXTS)
    by_hand = sum(len(t) + 1 for t in TEXTS)                       # one newline per document
    assert chars.n_characters == words.n_characters == by_hand
    assert chars.n_predictions == by_hand                           # every character, then the end symbol
    assert words.n_predictions == sum(len(t.split()) + 1 for t in TEXTS)


def test_chunks_start_cold_and_a_stride_restores_the_context():
    lm = tiny(context=3)
    lm.fit(TEXTS, epochs=30, batch_size=8, learning_rate=0.05)
    stream, chunked, strided = (lm.evaluate(TEXTS), lm.evaluate(TEXTS, chunk=8), lm.evaluate(TEXTS, chunk=8, stride=4))
    # stride 4 leaves at least 8 - 4 = 4 >= 3 symbols of context in every window after the first: one stream
    assert strided.nats == pytest.approx(stream.nats, rel=1e-12)
    assert chunked.perplexity > strided.perplexity
    n = stream.n_predictions
    assert chunked.positions_computed == n and stream.positions_computed == n
    # 62 symbols (22 + 1, 22 + 1, 15 + 1); windows of 8 start at 0, 4, ..., 52 (fourteen, all whole) and at 56,
    # the last, cut at the end of the text after 6: 14 * 8 + 6 positions computed
    assert n == 62 and strided.positions_computed == 14 * 8 + 6
    # a chunk as long as the text is one stream
    assert lm.evaluate(TEXTS, chunk=n).nats == pytest.approx(stream.nats, rel=1e-12)


def test_chunked_contexts_are_boundary_symbols_before_the_chunk():
    lm = tiny(context=3)
    stream = lm.encode(TEXTS)
    ctx = lm._contexts(stream, np.array([8, 9, 12]), np.array([8, 8, 8]))
    b = lm._index[BOUNDARY]
    assert ctx[0].tolist() == [b, b, b]
    assert ctx[1].tolist() == [b, b, stream[8]]
    assert ctx[2].tolist() == stream[9:12].tolist()


def test_open_vocabulary_charges_for_unk_words_by_hand():
    lm = NeuralLM(["ab ab cd"], unit="word", context=1, embedding=2, hidden=2, min_count=2, seed=0)
    assert lm.vocabulary == ("ab", BOUNDARY, END, UNK)
    closed, spelt = lm.evaluate(["ab zz"]), lm.evaluate(["ab zz"], open_vocabulary=True)
    # letters of the training text: a 2, b 2, c 1, d 1, and 3 word ends (total 9, kinds 4 + unseen + end);
    # z unseen: (0 + 1) / (9 + 6) each, then the end of the word (3 + 1) / 15
    by_hand = -2 * math.log(1 / 15) - math.log(4 / 15)
    assert spelt.unk_spelling_nats == pytest.approx(by_hand, rel=1e-12)
    assert spelt.nats == pytest.approx(closed.nats + by_hand, rel=1e-12)


def test_softmax_is_stable_and_sums_to_one():
    p = softmax([1000.0, 999.0, -1000.0])
    assert np.isfinite(p).all() and p.sum() == pytest.approx(1.0)
    assert p[0] / p[1] == pytest.approx(math.e, rel=1e-12)


@pytest.mark.parametrize("call, exc, named", [
    (lambda: NeuralLM("abc"), TypeError, "texts must be a list"),
    (lambda: NeuralLM([["a", "b"]]), TypeError, "texts[0] is list"),
    (lambda: NeuralLM([""]), ValueError, "texts is empty"),
    (lambda: NeuralLM(["a <s> b"], unit="word"), ValueError, "reserves"),
    (lambda: NeuralLM(TEXTS, unit="byte"), ValueError, "unit"),
    (lambda: NeuralLM(TEXTS, context=0), ValueError, "context"),
    (lambda: tiny().fit(TEXTS, learning_rate=0), ValueError, "learning_rate"),
    (lambda: tiny().evaluate(TEXTS, chunk=4, stride=5), ValueError, "stride"),
    (lambda: tiny().evaluate(TEXTS, stride=2), ValueError, "stride needs chunk"),
    (lambda: tiny().evaluate(TEXTS, open_vocabulary=True), ValueError, "open_vocabulary"),
    (lambda: bits_per_byte(float("nan"), 3), ValueError, "total_nats"),
    (lambda: bits_per_byte(10.0, 0), ValueError, "n_bytes"),
])
def test_bad_input_is_named(call, exc, named):
    with pytest.raises(exc) as info:
        call()
    assert named in str(info.value)


def test_the_lee_split_of_the_notebook_has_the_same_characters_for_every_model():
    train_tokens, held_tokens = tk.evaluation.model_selection.split_documents(tk.lee_background(), heldout=0.2, seed=0)
    held = [" ".join(d) for d in held_tokens]
    lm = NeuralLM([" ".join(d) for d in train_tokens[:5]], unit="word", context=1, embedding=2, hidden=2)
    assert lm.evaluate(held[:3]).n_characters == sum(len(d) + 1 for d in held[:3])
