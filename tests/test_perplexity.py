"""Bigram LM with add-α smoothing and perplexity: the seed notebook's numbers,
hand-derived toy examples, nltk.lm cross-checks and properties."""

import dataclasses
import math

import numpy as np

import pytest
from hypothesis import given, settings, strategies as st
from nltk.lm import Laplace, Lidstone
from nltk.lm.preprocessing import pad_both_ends
from nltk.util import bigrams

import teachkit
from teachkit import BigramLM, ZeroProbabilityWarning, cross_entropy, perplexity
from teachkit.documents.catalogue import PERPLEXITY_PRINTED, PERPLEXITY_TRAINING, PERPLEXITY_UNSEEN

# The seed notebook's inputs and printed outputs, typed in here independently.
TRAINING = ["Alice", "wonders", "what", "is", "happening", "in", "Wonderland"]
UNSEEN = ["Alice", "dreams", "about", "Wonderland"]
PRINTED_SEEN = 3.2813414240305514
PRINTED_UNSEEN = 4.449605586254059

ALL_CONFIGS = [(v, d) for v in ("training", "with-unk") for d in ("unigram", "context")]


# --- the seed notebook ---------------------------------------------------------

def test_package_data_is_the_seed_example():
    assert list(PERPLEXITY_TRAINING) == TRAINING and list(PERPLEXITY_UNSEEN) == UNSEEN
    assert PERPLEXITY_PRINTED == {"training text": PRINTED_SEEN, "unseen text": PRINTED_UNSEEN}


def test_seed_printed_values_bit_for_bit():
    lm = BigramLM(TRAINING)            # alpha=1, "training" vocabulary, "unigram" denominator
    assert perplexity(lm, TRAINING, per="token") == PRINTED_SEEN
    assert perplexity(lm, UNSEEN, per="token") == PRINTED_UNSEEN


def test_seed_by_hand():
    lm = BigramLM(TRAINING)
    assert lm.V == 7                   # seven distinct training words, case kept
    # Seen text: six bigrams, each (1 + 1) / (1 + 7) = 1/4; Σ log2 = 6 · (-2) = -12.
    assert [r.probability for r in lm.table(TRAINING)] == [1 / 4] * 6
    assert perplexity(lm, TRAINING, per="token") == pytest.approx(2 ** (12 / 7), rel=1e-15)
    assert perplexity(lm, TRAINING) == 4.0                    # 2^(12/6), exactly
    assert cross_entropy(lm, TRAINING) == 2.0
    assert cross_entropy(lm, TRAINING, per="token") == pytest.approx(12 / 7, rel=1e-15)
    # Unseen text: P(dreams|Alice) = (0+1)/(1+7) = 1/8; "dreams" and "about" never occur:
    # P(about|dreams) = P(Wonderland|about) = (0+1)/(0+7) = 1/7.  Product 1/392.
    rows = lm.table(UNSEEN)
    assert [(r.prev, r.word, r.count, r.context_count) for r in rows] == [
        ("Alice", "dreams", 0, 1), ("dreams", "about", 0, 0), ("about", "Wonderland", 0, 0)]
    assert [r.probability for r in rows] == [1 / 8, 1 / 7, 1 / 7]
    assert perplexity(lm, UNSEEN, per="token") == pytest.approx(392 ** (1 / 4), rel=1e-15)
    assert perplexity(lm, UNSEEN) == pytest.approx(392 ** (1 / 3), rel=1e-15)     # 7.3186...
    assert f"{perplexity(lm, UNSEEN):.4f}" == "7.3186"


def test_seed_under_nltk_convention_by_hand():
    lm = BigramLM(TRAINING, vocabulary="with-unk", denominator="context")
    assert lm.V == 8                                         # 7 words + <UNK>
    assert perplexity(lm, TRAINING) == pytest.approx(9 / 2, rel=1e-14)    # every P = 2/(1+8)
    # Alice <UNK> <UNK> Wonderland: 1/(1+8), 1/(0+8), 1/(0+8); product 1/576
    assert [r.scored_as for r in lm.table(UNSEEN)][1] == ("<UNK>", "<UNK>")
    assert perplexity(lm, UNSEEN) == pytest.approx(576 ** (1 / 3), rel=1e-14)
    padded = BigramLM(TRAINING, vocabulary="with-unk", denominator="context", pad=True)
    assert padded.V == 10                                    # 7 words + <s> + </s> + <UNK>
    assert perplexity(padded, TRAINING) == pytest.approx(11 / 2, rel=1e-14)  # 8 bigrams, each 2/11
    # P = 2/11, 1/11, 1/10, 1/10, 2/11: product 4 / (11^3 · 100) = 1/33275
    assert perplexity(padded, UNSEEN) == pytest.approx(33275 ** (1 / 5), rel=1e-14)


def test_case_sensitive():
    lm = BigramLM(TRAINING)
    assert lm.count("Alice") == 1 and lm.count("alice") == 0
    assert lm.prob("alice", "wonders") == 1 / 7            # unseen context: (0+1)/(0+7)


# --- a second toy text, by hand ----------------------------------------------------

TOY = ["the", "cat", "sat", "on", "the", "mat"]   # V = 5; c(the) = 2, every other word 1


def test_toy_seen_text():
    lm = BigramLM(TOY)
    assert (lm.V, lm.count("the"), lm.count("the", "cat"), lm.count("cat", "the")) == (5, 2, 1, 0)
    # P(cat|the) = 2/7, P(sat|cat) = 2/6, P(on|sat) = 2/6, P(the|on) = 2/6, P(mat|the) = 2/7
    assert [r.probability for r in lm.table(TOY)] == [2 / 7, 2 / 6, 2 / 6, 2 / 6, 2 / 7]
    # Product (2/7)^2 (1/3)^3 = 4/1323; M = 5 predictions, N = 6 tokens
    assert perplexity(lm, TOY) == pytest.approx((1323 / 4) ** (1 / 5), rel=1e-14)
    assert perplexity(lm, TOY, per="token") == pytest.approx((1323 / 4) ** (1 / 6), rel=1e-14)
    assert cross_entropy(lm, TOY) == pytest.approx(math.log2(1323 / 4) / 5, rel=1e-14)


def test_toy_unseen_word_both_vocabularies():
    text = ["the", "dog", "sat"]
    lm = BigramLM(TOY)
    # P(dog|the) = (0+1)/(2+5) = 1/7; P(sat|dog) = (0+1)/(0+5) = 1/5; product 1/35
    assert [r.probability for r in lm.table(text)] == [1 / 7, 1 / 5]
    assert perplexity(lm, text) == pytest.approx(35 ** (1 / 2), rel=1e-14)
    assert perplexity(lm, text, per="token") == pytest.approx(35 ** (1 / 3), rel=1e-14)
    unk = BigramLM(TOY, vocabulary="with-unk")
    # V = 6; P(<UNK>|the) = 1/(2+6) = 1/8; P(sat|<UNK>) = 1/(0+6) = 1/6; product 1/48
    assert [r.scored_as for r in unk.table(text)] == [("the", "<UNK>"), ("<UNK>", "sat")]
    assert perplexity(unk, text) == pytest.approx(48 ** (1 / 2), rel=1e-14)


def test_toy_lidstone_half():
    lm = BigramLM(TOY, alpha=0.5)
    # P(cat|the) = 1.5/(2 + 2.5) = 1/3; P(mat|the) likewise; P(x|y) = 1.5/(1 + 2.5) = 3/7 for the rest
    assert lm.prob("the", "cat") == pytest.approx(1 / 3, rel=1e-15)
    assert lm.prob("cat", "sat") == pytest.approx(3 / 7, rel=1e-15)
    assert perplexity(lm, TOY) == pytest.approx(((1 / 3) ** 2 * (3 / 7) ** 3) ** (-1 / 5), rel=1e-14)


def test_toy_denominators_and_row_sums():
    uni, ctx = BigramLM(TOY), BigramLM(TOY, denominator="context")
    # "mat" ends the text: c(mat) = 1 but no bigram starts with it.
    assert (uni.context_count("mat"), ctx.context_count("mat")) == (1, 0)
    assert uni.prob("mat", "the") == 1 / 6 and ctx.prob("mat", "the") == 1 / 5
    # After "mat" the unigram-denominator row sums to 5 · 1/6 = 5/6, not 1.
    assert sum(uni.prob("mat", w) for w in uni.vocabulary) == pytest.approx(5 / 6, rel=1e-14)
    for prev in list(ctx.vocabulary) + ["unseen"]:
        assert sum(ctx.prob(prev, w) for w in ctx.vocabulary) == pytest.approx(1, rel=1e-14)
    # every other row of the unigram version does sum to 1 (those words always start a bigram)
    for prev in ["the", "cat", "sat", "on"]:
        assert sum(uni.prob(prev, w) for w in uni.vocabulary) == pytest.approx(1, rel=1e-14)


def test_toy_padded_by_hand():
    lm = BigramLM(TOY, vocabulary="with-unk", denominator="context", pad=True)
    # <s> the cat sat on the mat </s>: 7 types incl. <s>, </s>; + <UNK> -> V = 8
    assert lm.V == 8 and lm.sentences == [("<s>", *TOY, "</s>")]
    # <s> the cat </s>: P(the|<s>) = 2/(1+8), P(cat|the) = 2/(2+8), P(</s>|cat) = 1/(1+8); product 4/810
    assert [r.probability for r in lm.table(["the", "cat"])] == [2 / 9, 2 / 10, 1 / 9]
    assert perplexity(lm, ["the", "cat"]) == pytest.approx((405 / 2) ** (1 / 3), rel=1e-14)
    # per token: the N = 2 words of the text (not <s>, </s>), as SRILM's ppl1 and NgramLM divide
    assert perplexity(lm, ["the", "cat"], per="token") == pytest.approx((405 / 2) ** (1 / 2), rel=1e-14)


def test_sentences_do_not_share_bigrams():
    lm = BigramLM([["a", "b"], ["c", "d"]])
    assert lm.count("b", "c") == 0 and lm.count("a", "b") == 1 and lm.count("b") == 1
    toy = BigramLM(TOY)
    # two test sentences: P(cat|the) = P(mat|the) = 2/7; M = 2, N = 4
    text = [["the", "cat"], ["the", "mat"]]
    assert perplexity(toy, text) == pytest.approx(7 / 2, rel=1e-14)
    assert perplexity(toy, text, per="token") == pytest.approx((7 / 2) ** (1 / 2), rel=1e-14)


def test_table_rows_are_plain_dataclasses():
    lm = BigramLM(TOY, alpha=0.5)
    row = lm.table(["the", "cat"])[0]
    assert dataclasses.asdict(row) == {
        "prev": "the", "word": "cat", "scored_as": ("the", "cat"), "count": 1, "context_count": 2,
        "numerator": 1.5, "denominator": 4.5, "probability": 1.5 / 4.5, "log2_probability": math.log2(1.5 / 4.5),
    }
    assert lm.logprob2("the", "cat") == math.log2(1 / 3)


def test_exported_at_top_level():
    assert teachkit.BigramLM is BigramLM and teachkit.perplexity is perplexity
    assert teachkit.cross_entropy is cross_entropy


# --- nltk.lm cross-checks ---------------------------------------------------------

def nltk_lm(train_sents, alpha, pad):
    sents = [list(pad_both_ends(s, n=2)) if pad else list(s) for s in train_sents]
    lm = Laplace(2) if alpha == 1 else Lidstone(alpha, 2)
    lm.fit([list(bigrams(s)) for s in sents], vocabulary_text=[t for s in sents for t in s])
    return lm


def nltk_test_bigrams(test_sents, pad):
    return [bg for s in test_sents for bg in bigrams(list(pad_both_ends(s, n=2)) if pad else list(s))]


def assert_matches_nltk(train_sents, test_sents, alpha, pad):
    ours = BigramLM(train_sents, alpha=alpha, vocabulary="with-unk", denominator="context", pad=pad)
    ref = nltk_lm(train_sents, alpha, pad)
    assert ours.V == len(ref.vocab)
    test_bigrams = nltk_test_bigrams(test_sents, pad)
    rows = ours.table(test_sents)
    assert [(r.prev, r.word) for r in rows] == test_bigrams
    for row, (prev, word) in zip(rows, test_bigrams):
        assert row.probability == pytest.approx(ref.score(word, [prev]), rel=1e-12)
    assert perplexity(ours, test_sents) == pytest.approx(ref.perplexity(test_bigrams), rel=1e-12)
    assert cross_entropy(ours, test_sents) == pytest.approx(ref.entropy(test_bigrams), rel=1e-12)


@pytest.mark.parametrize("pad", [False, True])
@pytest.mark.parametrize("alpha", [1, 0.1, 2.5])
def test_nltk_on_fixed_texts(alpha, pad):
    assert_matches_nltk([TRAINING], [TRAINING], alpha, pad)
    assert_matches_nltk([TRAINING], [UNSEEN], alpha, pad)
    assert_matches_nltk([TOY, ["the", "dog", "sat"]], [["the", "cat", "sat"], ["a", "mat", "the", "cat"]], alpha, pad)


words = st.sampled_from(["a", "b", "c", "A", "the", "cat"])
test_words = st.sampled_from(["a", "b", "c", "A", "dog", "Cat"])


@settings(max_examples=40, deadline=None)
@given(
    train=st.lists(st.lists(words, min_size=1, max_size=8), min_size=1, max_size=3),
    test=st.lists(st.lists(test_words, min_size=2, max_size=6), min_size=1, max_size=3),
    alpha=st.sampled_from([1, 0.01, 0.5, 3.0]),
    pad=st.booleans(),
)
def test_nltk_on_random_texts(train, test, alpha, pad):
    assert_matches_nltk(train, test, alpha, pad)


# --- properties ------------------------------------------------------------------

configs = st.sampled_from(ALL_CONFIGS)
alphas = st.floats(min_value=1e-3, max_value=10.0)


@settings(max_examples=60, deadline=None)
@given(train=st.lists(words, min_size=1, max_size=10), test=st.lists(test_words, min_size=2, max_size=8),
       alpha=alphas, config=configs, pad=st.booleans(), per=st.sampled_from(["prediction", "token"]))
def test_perplexity_at_least_one(train, test, alpha, config, pad, per):
    lm = BigramLM(train, alpha=alpha, vocabulary=config[0], denominator=config[1], pad=pad)
    assert perplexity(lm, test, per=per) >= 1


@settings(max_examples=60, deadline=None)
@given(train=st.lists(words, min_size=1, max_size=10),
       test=st.lists(st.sampled_from(["X", "Y", "Z"]), min_size=2, max_size=8),
       alpha=alphas, config=configs)
def test_uniform_predictions_give_perplexity_V(train, test, alpha, config):
    # No test word occurs in training, so every context has d(prev) = 0 and every
    # prediction is α / (0 + α·V) = 1/V: the model is uniform over V words.
    lm = BigramLM(train, alpha=alpha, vocabulary=config[0], denominator=config[1])
    assert all(r.probability == pytest.approx(1 / lm.V, rel=1e-14) for r in lm.table(test))
    assert perplexity(lm, test) == pytest.approx(lm.V, rel=1e-12)


@settings(max_examples=60, deadline=None)
@given(train=st.lists(words, min_size=1, max_size=10), test=st.lists(test_words, min_size=2, max_size=8),
       alpha=alphas, config=configs, pad=st.booleans())
def test_token_normalisation_is_predictions_over_N(train, test, alpha, config, pad):
    lm = BigramLM(train, alpha=alpha, vocabulary=config[0], denominator=config[1], pad=pad)
    n = len(test)                              # the text's tokens; n - 1 predictions, or n + 1 when padded
    m = n + 1 if pad else n - 1
    by_token, by_prediction = perplexity(lm, test, per="token"), perplexity(lm, test)
    assert math.log2(by_token) == pytest.approx(m / n * math.log2(by_prediction), rel=1e-12, abs=1e-12)


def test_per_token_divides_by_the_same_words_as_ngramlm_when_padded():
    # the same model (V = 10 with <s>, </s>, <UNK>; add-one; padded) in both classes: the same per-token value,
    # the log-probabilities summed by hand and divided by the 7 words of the sentence
    from teachkit import NgramLM

    sentence = ["the", "cat", "sat", "on", "the", "mat", "today"]
    train = ["the", "cat", "sat", "on", "the", "mat"]
    bigram = BigramLM(train, vocabulary="with-unk", denominator="context", pad=True)
    ngram = NgramLM([train], order=2, smoothing="laplace")
    logs = sum(r.log2_probability for r in bigram.table(sentence))
    assert perplexity(bigram, sentence, per="token") == pytest.approx(2 ** (-logs / 7), rel=1e-12)
    assert perplexity(bigram, sentence, per="token") == pytest.approx(perplexity(ngram, [sentence], per="token"),
                                                                       rel=1e-12)


# --- bad input -------------------------------------------------------------------

@pytest.mark.parametrize("tokens", [[], [[]], [[], []], ()])
def test_empty_training_text(tokens):
    with pytest.raises(ValueError, match="tokens is empty"):
        BigramLM(tokens)


@pytest.mark.parametrize("tokens, where", [
    (["a", 3, "b"], "token 1"), ([["a", "b"], ["c", None]], "token 1 of sentence 1"),
    ([["a"], "b"], "item 1"), ("a b c", "not one string"), (42, "int"),
])
def test_non_string_tokens(tokens, where):
    with pytest.raises(TypeError, match=where):
        BigramLM(tokens)
    with pytest.raises(TypeError, match=where):
        perplexity(BigramLM(TOY), tokens)


def test_non_string_words_in_prob():
    lm = BigramLM(TOY)
    with pytest.raises(TypeError, match="prev"):
        lm.prob(1, "the")
    with pytest.raises(TypeError, match="word"):
        lm.logprob2("the", ["cat"])


@pytest.mark.parametrize("text", [["the"], [], [["the"], ["cat"]]])
def test_test_text_without_a_bigram(text):
    lm = BigramLM(TOY)
    with pytest.raises(ValueError, match="tokens"):
        perplexity(lm, text)
    with pytest.raises(ValueError, match="tokens"):
        cross_entropy(lm, text, per="token")


def test_one_word_is_enough_when_padded():
    lm = BigramLM(TOY, pad=True)
    assert len(lm.table(["the"])) == 2          # <s> the, the </s>
    assert math.isfinite(perplexity(lm, ["the"]))


@pytest.mark.parametrize("alpha, error", [(-0.5, ValueError), (math.nan, ValueError), (math.inf, ValueError),
                                          (True, TypeError), ("1", TypeError), (None, TypeError)])
def test_bad_alpha(alpha, error):
    with pytest.raises(error, match="alpha"):
        BigramLM(TOY, alpha=alpha)


def test_alpha_zero_unseen_bigram_gives_inf_with_warning():
    lm = BigramLM(TOY, alpha=0)
    assert lm.prob("the", "cat") == 1 / 2                     # plain MLE: c(the, cat)/c(the)
    assert lm.prob("the", "sat") == 0.0 and lm.logprob2("the", "sat") == -math.inf
    for per in ("prediction", "token"):
        with pytest.warns(ZeroProbabilityWarning, match="'sat' \\| 'the'"):
            assert perplexity(lm, ["the", "sat"], per=per) == math.inf
        with pytest.warns(ZeroProbabilityWarning):
            assert cross_entropy(lm, ["the", "cat", "the", "sat"], per=per) == math.inf
    # α = 0 on seen bigrams only is fine: P = 1/2, 1/1 -> PP = 2^(1/2)
    assert perplexity(lm, ["the", "cat", "sat"]) == pytest.approx(math.sqrt(2), rel=1e-15)


def test_alpha_zero_unseen_context_is_undefined():
    lm = BigramLM(TOY, alpha=0)
    with pytest.raises(ValueError, match="0/0"):
        lm.prob("dog", "sat")
    with pytest.raises(ValueError, match="alpha"):
        perplexity(lm, ["dog", "sat"])
    ctx = BigramLM(TOY, alpha=0, denominator="context")       # "mat" starts no bigram
    with pytest.raises(ValueError, match="0/0"):
        ctx.prob("mat", "the")


@pytest.mark.parametrize("kwargs, name", [({"vocabulary": "unk"}, "vocabulary"),
                                          ({"denominator": "bigram"}, "denominator"),
                                          ({"pad": 1}, "pad")])
def test_unknown_options(kwargs, name):
    with pytest.raises((ValueError, TypeError), match=name):
        BigramLM(TOY, **kwargs)


def test_unknown_per_and_wrong_model():
    lm = BigramLM(TOY)
    with pytest.raises(ValueError, match="per"):
        perplexity(lm, TOY, per="word")
    with pytest.raises(ValueError, match="per"):
        cross_entropy(lm, TOY, per="tokens")
    with pytest.raises(TypeError, match="BigramLM"):
        perplexity(nltk_lm([TOY], 1, False), TOY)


def test_unk_label_reserved_with_unk_vocabulary():
    with pytest.raises(ValueError, match="<UNK>"):
        BigramLM(["a", "<UNK>", "b"], vocabulary="with-unk")
    assert BigramLM(["a", "<UNK>", "b"]).V == 3                # plain token for the seed's vocabulary


def test_alpha_may_be_a_numpy_number():
    # np.logspace gives numpy floats; a guard against 10**400 once compared them with 2**1024 and overflowed.
    train = ["the", "cat", "sat", "on", "the", "mat"]
    for alpha in (np.float64(0.25), np.float32(0.25), np.int64(1)):
        lm = BigramLM(train, alpha=alpha)
        assert lm.prob("the", "cat") == BigramLM(train, alpha=float(alpha)).prob("the", "cat")
    # (1 + 0.25) / (2 + 0.25 * 5): "the" is followed by "cat" once in 2 bigrams, V = 5.
    assert BigramLM(train, alpha=np.float64(0.25)).prob("the", "cat") == pytest.approx(1.25 / 3.25)
    with pytest.raises(ValueError, match="alpha"):
        BigramLM(train, alpha=10**400)
