"""One way to a perplexity (issue 50): ``teachkit.perplexity`` over every model that scores held-out text.

Each figure is computed here a second way, from the model's own probabilities (or from gensim's bound), and
the one function, the model's own ``perplexity`` and the figure must agree to 1e-12.
"""

import math

import numpy as np
import pytest

import teachkit as tk
from teachkit.evaluation.heldout_likelihood import importance_sampling
from teachkit.evaluation.model_selection import heldout_perplexity
from teachkit.lm.arpa import read_arpa, write_arpa
from teachkit.lm.evaluation import LogLoss, ZeroProbabilityWarning
from teachkit.lm.neural import NeuralLM

TRAIN = [["the", "cat", "sat", "on", "the", "mat"], ["the", "dog", "sat", "on", "a", "log"],
         ["a", "cat", "saw", "the", "dog"]]
TEST = [["the", "dog", "sat", "on", "the", "cat"], ["a", "zebra", "sat"]]


def test_an_ngram_model_by_hand():
    lm = tk.NgramLM(TRAIN, order=3, smoothing="kneser-ney")
    logs = [math.log2(lm.prob(w, ["<s>", "<s>", *s][i:i + 2])) for s in TEST for i, w in enumerate([*s, "</s>"])]
    by_hand = 2 ** (-sum(logs) / len(logs))
    assert tk.perplexity(lm, TEST) == pytest.approx(by_hand, rel=1e-12)
    assert tk.perplexity(lm, TEST) == lm.perplexity(TEST) == lm.evaluate(TEST).perplexity
    assert tk.perplexity(lm.evaluate(TEST)) == lm.perplexity(TEST)
    words = sum(map(len, TEST))
    assert tk.perplexity(lm, TEST, per="token") == pytest.approx(2 ** (-sum(logs) / words), rel=1e-12)
    assert tk.cross_entropy(lm, TEST) == pytest.approx(-sum(logs) / len(logs), rel=1e-12)
    assert tk.perplexity(lm, lm.encode(TEST)) == lm.perplexity(TEST)


def test_notebook_04s_bigram_model_keeps_its_printed_values():
    training = "Alice wonders what is happening in Wonderland".split()
    unseen = "Alice dreams about Wonderland".split()
    lm = tk.BigramLM(training)
    assert tk.perplexity(lm, training) == 4.0
    assert tk.perplexity(lm, training, per="token") == 3.2813414240305514        # 2 ** (12 / 7)
    assert tk.perplexity(lm, unseen) == 7.318611420045942                          # 392 ** (1/3)
    assert tk.perplexity(lm, unseen, per="token") == 4.449605586254059             # 392 ** (1/4)
    assert lm.perplexity(unseen) == tk.perplexity(lm, unseen)
    # the same numbers as the NgramLM it holds, per prediction
    assert tk.perplexity(lm, unseen) == pytest.approx(lm.ngram.perplexity([unseen]), rel=1e-12)


def test_a_bigram_model_with_alpha_zero_is_infinite_with_a_warning():
    lm = tk.BigramLM(["the", "cat", "sat"], alpha=0)
    with pytest.warns(ZeroProbabilityWarning, match="'sat' \\| 'the'"):
        assert tk.perplexity(lm, ["the", "sat"]) == math.inf


def test_an_arpa_file_against_kenlm(tmp_path):
    kenlm = pytest.importorskip("kenlm")
    lm = tk.NgramLM(TRAIN, order=3, smoothing="kneser-ney")
    path = tmp_path / "m.arpa"
    write_arpa(lm, path)
    arpa = read_arpa(path)
    theirs = kenlm.Model(str(path))
    logs = [p for s in TEST for p, _, _ in theirs.full_scores(" ".join(s))]
    kenlm_pp = 10 ** (-sum(logs) / len(logs))
    assert tk.perplexity(arpa, TEST) == arpa.perplexity(TEST)
    assert tk.perplexity(arpa, TEST) == pytest.approx(kenlm_pp, rel=1e-6)          # KenLM keeps float32
    ours = arpa.log10_probs(TEST)
    assert tk.perplexity(arpa, TEST) == pytest.approx(10 ** (-math.fsum(ours) / len(ours)), rel=1e-12)
    assert tk.perplexity(arpa, TEST) == pytest.approx(lm.perplexity(TEST), rel=1e-12)


@pytest.mark.parametrize("order", [2, 3, 4])
def test_the_vectorised_arpa_scoring_gives_the_word_by_word_numbers_at_the_edges(order):
    arpa = read_arpa(text=write_arpa(tk.NgramLM(TRAIN, order=order, smoothing="kneser-ney")))
    text = [[], ["cat"], ["zebra"], ["the", "zebra", "cat", "sat"], "a cat saw the dog on the mat".split(),
            ["<unk>", "dog"]]
    at_once = arpa.log10_probs(text)
    one_by_one = np.concatenate([arpa.score(s).log10_probs for s in text])
    assert at_once.tolist() == one_by_one.tolist()


def test_a_neural_model_from_its_nats():
    texts = ["abab abab", "baba"]
    lm = NeuralLM(texts, "char", context=2, embedding=3, hidden=4, seed=0)
    held = ["abba", "bab"]
    e = lm.evaluate(held)
    assert tk.perplexity(lm, held) == pytest.approx(math.exp(e.nats / e.n_predictions), rel=1e-12)
    assert tk.perplexity(lm, held) == e.perplexity == tk.perplexity(e)
    assert tk.perplexity(lm, held, chunk=2) == lm.evaluate(held, chunk=2).perplexity
    assert tk.cross_entropy(e) == pytest.approx(e.cross_entropy_bits, rel=1e-12)


def test_lda_the_bound_and_an_estimator():
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    train = [["apple", "pear", "fig"], ["apple", "fig"], ["goal", "match", "team"], ["match", "team"]] * 5
    d = Dictionary(train)
    lda = LdaModel([d.doc2bow(t) for t in train], id2word=d, num_topics=2, random_state=0, passes=5)
    result = heldout_perplexity(lda, [d.doc2bow(["apple", "pear"]), d.doc2bow(["team", "goal"])])
    assert tk.perplexity(result) == result.perplexity == pytest.approx(math.exp(-result.bound), rel=1e-12)
    with pytest.raises(TypeError, match="heldout_perplexity"):
        tk.perplexity(lda, [d.doc2bow(["apple"])])

    phi = np.array([[0.5, 0.3, 0.1, 0.1], [0.1, 0.1, 0.3, 0.5]])
    estimate = importance_sampling([0, 1, 3], phi, 0.5, samples=200, seed=0)
    assert tk.perplexity(estimate) == estimate.perplexity
    assert tk.perplexity(estimate) == pytest.approx(math.exp(-estimate.log_likelihood / 3), rel=1e-12)


def test_a_log_loss_alone_and_its_units():
    assert tk.perplexity(LogLoss(2.0, 6, "bits")) == 4.0
    assert tk.perplexity(LogLoss(1.0, 6, "hartleys")) == 10.0
    assert tk.perplexity(LogLoss(math.log(5.0), 6, "nats")) == pytest.approx(5.0, rel=1e-12)
    assert tk.cross_entropy(LogLoss(1.0, 6, "hartleys")) == pytest.approx(math.log2(10), rel=1e-12)
    with pytest.warns(ZeroProbabilityWarning, match="too large"):
        assert tk.perplexity(LogLoss(2000.0, 1, "bits")) == math.inf
    with pytest.raises(ValueError, match="unit"):
        LogLoss(1.0, 1, "decibels")
    with pytest.raises(ValueError, match="NaN"):
        LogLoss(math.nan, 1, "bits")
    with pytest.raises(ValueError, match="count"):
        LogLoss(1.0, 0, "bits")


@pytest.mark.parametrize("thing", ["model", 3, None, [["a", "b"]], object()])
def test_an_object_that_scores_nothing_is_a_type_error_naming_model(thing):
    with pytest.raises(TypeError, match="^model must be a model that scores held-out text"):
        tk.perplexity(thing, [["a", "b"]])
    with pytest.raises(TypeError, match="^model must be"):
        tk.cross_entropy(thing)


def test_a_model_needs_a_text_and_a_score_takes_none():
    lm = tk.NgramLM(TRAIN, order=2, smoothing="laplace")
    with pytest.raises(TypeError, match="text is missing"):
        tk.perplexity(lm)
    with pytest.raises(TypeError, match="already computed"):
        tk.perplexity(lm.evaluate(TEST), TEST)
    with pytest.raises(TypeError, match="already computed"):
        tk.perplexity(LogLoss(1.0, 1, "bits"), per="token")
    with pytest.raises(TypeError, match="tokens"):            # None is the model's to refuse, by its name
        tk.perplexity(tk.BigramLM(["a", "b"]), None)
