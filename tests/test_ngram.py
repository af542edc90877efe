"""teachkit.NgramLM: distributions sum to one, add-α equals nltk.lm, Kneser-Ney equals a value derived by hand,
order 2 equals BigramLM, and bad input is refused with a clear message."""

import math
import random
from fractions import Fraction

import numpy as np
import pytest

import teachkit as tk
from teachkit import BigramLM, NgramLM, perplexity
from teachkit.documents.catalogue import PERPLEXITY_TRAINING, PERPLEXITY_UNSEEN
from teachkit.lm.evaluation import ZeroProbabilityWarning

# The tiny corpus every hand derivation below uses.
TINY = [["a", "b", "a"], ["b", "a", "c"]]


def random_corpus(rng, n_sentences=30, words="abcdefghij", max_len=8):
    vocab = list(words)
    # Skewed word frequencies, so that some words are rare (min_count matters) and some n-grams repeat.
    weights = [1 / (i + 1) for i in range(len(vocab))]
    return [rng.choices(vocab, weights, k=rng.randint(1, max_len)) for _ in range(n_sentences)]


SETTINGS = [
    ("laplace", {}),
    ("lidstone", {"alpha": 0.1}),
    ("interpolated", "lambdas"),
    ("kneser-ney", {"discount": 0.75}),
    ("kneser-ney", {"discount": 0.1}),
]


def options(smoothing, extra, order):
    if extra == "lambdas":
        # Any weights summing to one: uniform gets 0.05, the rest rises with the order.
        raw = [0.05] + [0.95 * k / sum(range(1, order + 1)) for k in range(1, order + 1)]
        return {"lambdas": tuple(raw)}
    return dict(extra)


# ---------------------------------------------------------------- distributions
@pytest.mark.parametrize("order", [1, 2, 3, 4])
@pytest.mark.parametrize("smoothing, extra", SETTINGS)
@pytest.mark.parametrize("pad, min_count", [(True, 1), (True, 3), (False, 1)])
def test_probabilities_sum_to_one_over_the_vocabulary_for_random_contexts(order, smoothing, extra, pad, min_count):
    rng = random.Random(order * 100 + min_count)
    train = random_corpus(rng)
    lm = NgramLM(train, order=order, smoothing=smoothing, min_count=min_count, pad=pad,
                 **options(smoothing, extra, order))
    # Contexts: seen histories, random vocabulary entries (special symbols too) and words never seen.
    pool = list(lm.vocabulary) + ["zebra", "quagga"]
    contexts = [rng.choices(pool, k=order - 1) for _ in range(40)]
    flat = [w for s in train for w in s]
    contexts += [flat[i:i + order - 1] for i in range(0, len(flat) - order, 7)]
    for context in contexts:
        p = lm.probs(context)
        assert p.shape == (lm.V,)
        assert np.all(p > 0), (context, p)
        assert math.isclose(p.sum(), 1.0, rel_tol=0, abs_tol=1e-12), (context, p.sum())
        # prob() agrees with the vector, one word at a time.
        w = rng.choice(lm.vocabulary)
        assert lm.prob(w, context) == pytest.approx(p[lm.vocabulary.index(w)], rel=1e-15)


# ---------------------------------------------------------------- nltk.lm
def nltk_model(train, order, alpha, min_count):
    """nltk.lm's Laplace/Lidstone fitted on the same padded n-grams, with nltk's own <UNK> mapping."""
    from nltk.lm import Laplace, Lidstone, Vocabulary
    from nltk.util import ngrams

    padded = [["<s>"] * (order - 1) + s + ["</s>"] for s in train]
    vocab = Vocabulary([w for s in padded for w in s], unk_cutoff=min_count)
    model = Laplace(order, vocabulary=vocab) if alpha == 1 else Lidstone(alpha, order, vocabulary=vocab)
    model.fit([list(ngrams(list(vocab.lookup(s)), order)) for s in padded])
    return model, padded


@pytest.mark.parametrize("order", [1, 2, 3, 4])
@pytest.mark.parametrize("alpha", [1, 0.1, 2.5])
@pytest.mark.parametrize("min_count", [1, 2])
def test_laplace_and_lidstone_equal_nltk_lm(order, alpha, min_count):
    from nltk.util import ngrams

    rng = random.Random(7 * order + min_count)
    train, test = random_corpus(rng), random_corpus(rng, n_sentences=10, words="abcdefghijkl")
    smoothing = {"smoothing": "laplace"} if alpha == 1 else {"smoothing": "lidstone", "alpha": alpha}
    ours = NgramLM(train, order=order, min_count=min_count, **smoothing)
    theirs, _ = nltk_model(train, order, alpha, min_count)
    assert ours.V == len(theirs.vocab)
    test_ngrams = [g for s in test for g in ngrams(["<s>"] * (order - 1) + s + ["</s>"], order)]
    for g in test_ngrams[:60]:
        assert ours.prob(g[-1], g[:-1]) == pytest.approx(theirs.score(g[-1], g[:-1]), rel=1e-12)
    assert ours.perplexity(test) == pytest.approx(theirs.perplexity(test_ngrams), rel=1e-12)
    assert ours.evaluate(test).n_predictions == len(test_ngrams)


# ---------------------------------------------------------------- BigramLM
@pytest.mark.parametrize("alpha", [1.0, 0.5, 0.01])
@pytest.mark.parametrize("pad", [True, False])
def test_order_two_equals_bigramlm_with_the_same_options(alpha, pad):
    rng = random.Random(11)
    train = random_corpus(rng)
    test = random_corpus(rng, n_sentences=8, words="abcdefghijxyz")
    bigram = BigramLM(train, alpha=alpha, vocabulary="with-unk", denominator="context", pad=pad)
    smoothing = {"smoothing": "laplace"} if alpha == 1 else {"smoothing": "lidstone", "alpha": alpha}
    ngram = NgramLM(train, order=2, pad=pad, **smoothing)
    assert ngram.V == bigram.V
    assert set(ngram.vocabulary) == set(bigram.vocabulary)
    for prev in list(bigram.vocabulary) + ["x"]:
        for word in list(bigram.vocabulary) + ["y"]:
            assert ngram.prob(word, [prev]) == pytest.approx(bigram.prob(prev, word), rel=1e-14)
    assert ngram.perplexity(test) == pytest.approx(perplexity(bigram, test), rel=1e-12)
    if not pad:   # without padding both divide by the N test words for per="token"
        assert ngram.perplexity(test, per="token") == pytest.approx(perplexity(bigram, test, per="token"), rel=1e-12)


def test_the_seed_sentences_give_notebook_04s_nltk_values():
    # Notebook 04: with <UNK> and the context denominator, the unseen sentence has P = 1/9, 1/8, 1/8 (V = 8),
    # per prediction 576 ** (1/3); padded (V = 10), P = 2/11, 1/11, 1/10, 1/10, 2/11.
    lm = NgramLM([list(PERPLEXITY_TRAINING)], order=2, smoothing="laplace", pad=False)
    assert lm.V == 8
    assert lm.perplexity([list(PERPLEXITY_UNSEEN)]) == pytest.approx(576 ** (1 / 3), rel=1e-14)
    padded = NgramLM([list(PERPLEXITY_TRAINING)], order=2, smoothing="laplace")
    assert padded.V == 10
    assert padded.perplexity([list(PERPLEXITY_UNSEEN)]) == pytest.approx((11 / 2 * 11 * 10 * 10 * 11 / 2) ** (1 / 5))


# ---------------------------------------------------------------- by hand
def test_kneser_ney_bigram_equals_the_hand_derivation():
    # TINY padded:  <s> a b a </s>   and   <s> b a c </s>;   V = {a, b, c, <s>, </s>, <UNK>} = 6;  d = 1/2.
    # Bigram events: <s>a  ab  ba  a</s>  |  <s>b  ba  ac  c</s>
    #   c(b a) = 2, c(b •) = 2, T(b) = 1;   c(a b) = 1, c(a •) = 3, T(a) = 3 (b, </s>, c).
    # Continuation counts N1+(• w) = distinct bigram types ending in w (7 types in all):
    #   a: <s>a, ba -> 2;  b: <s>b, ab -> 2;  c: ac -> 1;  </s>: a</s>, c</s> -> 2;  <s>, <UNK>: 0.
    #   4 words have N1+ > 0, so the unigram level keeps d·4/7 for the uniform 1/6:
    #   P1(w) = (max(N1+(•w) - 1/2, 0) + (1/2)·4·(1/6)) / 7
    #   P1(a) = P1(b) = P1(</s>) = (3/2 + 1/3)/7 = 11/42;  P1(c) = (1/2 + 1/3)/7 = 5/42;  P1(<s>) = P1(<UNK>) = 1/21
    d, V = Fraction(1, 2), 6
    p1 = {"a": Fraction(11, 42), "b": Fraction(11, 42), "</s>": Fraction(11, 42), "c": Fraction(5, 42),
          "<s>": Fraction(1, 21), "<UNK>": Fraction(1, 21)}
    assert sum(p1.values()) == 1
    assert p1["c"] == (max(1 - d, 0) + d * 4 * Fraction(1, V)) / 7
    # P(a | b) = (max(2 - 1/2, 0) + (1/2)·1·P1(a)) / 2 = (3/2 + 11/84) / 2 = 137/168
    # P(c | b) = (0 + (1/2)·1·P1(c)) / 2 = 5/168
    # P(b | a) = (1/2 + (1/2)·3·P1(b)) / 3 = 25/84
    expected = {("a", "b"): Fraction(137, 168), ("c", "b"): Fraction(5, 168), ("b", "a"): Fraction(25, 84),
                # a history never seen (an unknown word) falls back to the unigram level
                ("c", "zebra"): p1["c"], ("a", "<UNK>"): p1["a"]}
    lm = NgramLM(TINY, order=2, smoothing="kneser-ney", discount=0.5)
    assert lm.V == V
    for (word, prev), value in expected.items():
        assert lm.prob(word, [prev]) == pytest.approx(float(value), rel=1e-14), (word, prev)
    # The test sentence "b a c": P(b|<s>) P(a|b) P(c|a) P(</s>|c), each by the same rule.
    p_b_start = (max(1 - d, 0) + d * 2 * p1["b"]) / 2            # c(<s> b) = 1, c(<s> •) = 2, T(<s>) = 2
    p_c_a = (max(1 - d, 0) + d * 3 * p1["c"]) / 3
    p_end_c = (max(1 - d, 0) + d * 1 * p1["</s>"]) / 1           # c(c </s>) = 1, c(c •) = 1
    product = p_b_start * Fraction(137, 168) * p_c_a * p_end_c
    assert lm.perplexity([["b", "a", "c"]]) == pytest.approx(float(product) ** (-1 / 4), rel=1e-13)
    # p1 as the unigram model at order 1 with the same rule but raw counts is a different thing:
    uni = NgramLM(TINY, order=1, smoothing="kneser-ney", discount=0.5)
    # order 1, V = 5 (no <s>): raw counts a 3, b 2, c 1, </s> 2 (8 events), T = 4.
    assert uni.prob("a") == pytest.approx(float((3 - d + d * 4 * Fraction(1, 5)) / 8), rel=1e-14)


def test_kneser_ney_trigram_uses_continuation_counts_at_the_bigram_level():
    # TINY padded for order 3:  <s> <s> a b a </s>   and   <s> <s> b a c </s>;  d = 1/2, V = 6.
    # Trigram events: <s><s>a  <s>ab  aba  ba</s>  |  <s><s>b  <s>ba  bac  ac</s>
    # Top level, history (b, a): c(b a </s>) = 1, c(b a c) = 1, so c(b a •) = 2, T = 2.
    # Bigram level, history a, continuation counts over distinct trigrams "? a w":
    #   <s>ab, ba</s>, bac -> N1+(• a b) = N1+(• a </s>) = N1+(• a c) = 1; total 3, T = 3.
    # Unigram level: distinct bigram endings of the trigrams are the same 7 types as for order 2,
    #   so P1(</s>) = 11/42 (see the bigram test).
    # P2(</s> | a) = (1/2 + (1/2)·3·11/42) / 3 = 25/84
    # P3(</s> | b a) = (1/2 + (1/2)·2·25/84) / 2 = 67/168
    d = Fraction(1, 2)
    p2 = (d + d * 3 * Fraction(11, 42)) / 3
    assert p2 == Fraction(25, 84)
    p3 = (d + d * 2 * p2) / 2
    assert p3 == Fraction(67, 168)
    lm = NgramLM(TINY, order=3, smoothing="kneser-ney", discount=0.5)
    assert lm.prob("</s>", ["b", "a"]) == pytest.approx(float(p3), rel=1e-14)
    # an unseen history (c, a) uses the bigram level as it is
    assert lm.prob("</s>", ["c", "a"]) == pytest.approx(float(p2), rel=1e-14)


def test_jelinek_mercer_equals_the_hand_derivation():
    # TINY, order 2, lambdas (0.1, 0.3, 0.6).  Unigram ML over the 8 bigram events' last words:
    #   a 3, b 2, c 1, </s> 2  ->  P1(a) = 3/8.   Bigram ML: P2(a | b) = c(b a)/c(b •) = 2/2 = 1.
    # P(a | b) = 0.1/6 + 0.3·3/8 + 0.6·1
    lm = NgramLM(TINY, order=2, smoothing="interpolated", lambdas=(0.1, 0.3, 0.6))
    assert lm.prob("a", ["b"]) == pytest.approx(0.1 / 6 + 0.3 * 3 / 8 + 0.6 * 1, rel=1e-14)
    # Unseen history: the bigram estimate is replaced by the unigram one: 0.1/6 + (0.3 + 0.6)·3/8.
    assert lm.prob("a", ["zebra"]) == pytest.approx(0.1 / 6 + 0.9 * 3 / 8, rel=1e-14)


def test_laplace_unseen_mass_counts_and_evaluation_by_hand():
    lm = NgramLM(TINY, order=2, smoothing="laplace")
    # after a: 3 bigram events, 3 distinct followers, V = 6: unseen mass = 1·(6 - 3)/(3 + 6) = 1/3
    assert lm.unseen_mass(["a"]) == pytest.approx(1 / 3, rel=1e-14)
    assert lm.count("b", "a") == 2 and lm.count("a") == 3 and lm.count("zebra") == 0
    ev = lm.evaluate([["b", "a", "x"], ["y"]])
    # predictions: 3 + 1 words, plus </s> twice = 6; two unknown words; 4 test words
    assert (ev.n_predictions, ev.n_oov, ev.n_tokens, ev.n_sentences) == (6, 2, 4, 2)
    # P(b|<s>) = 2/8, P(a|b) = 3/8, P(<UNK>|a) = 1/9, P(</s>|<UNK>) = 1/6, P(<UNK>|<s>) = 1/8, P(</s>|<UNK>) = 1/6
    probs = [2 / 8, 3 / 8, 1 / 9, 1 / 6, 1 / 8, 1 / 6]
    bits = -sum(math.log2(p) for p in probs)
    assert ev.cross_entropy == pytest.approx(bits / 6, rel=1e-14)
    assert ev.perplexity == pytest.approx(2 ** (bits / 6), rel=1e-14)
    assert lm.cross_entropy([["b", "a", "x"], ["y"]], per="token") == pytest.approx(bits / 4, rel=1e-14)


def test_min_count_folds_rare_words_into_unk():
    train = [["a", "a", "b"], ["a", "c"]]
    lm = NgramLM(train, order=2, smoothing="laplace", min_count=2)
    assert lm.vocabulary == ("a", "<s>", "</s>", "<UNK>")
    assert lm.lookup("b") == lm.lookup("c") == lm.lookup("never") == "<UNK>"
    # b and c, once each, are now one word: a b and a c are both the bigram a <UNK>
    assert lm.count("a", "b") == lm.count("a", "c") == 2 and lm.count("<UNK>") == 2
    assert lm.evaluate([["a", "b", "z"]]).n_oov == 2


def test_with_smoothing_reuses_the_counts():
    lm = NgramLM(TINY, order=3, smoothing="laplace")
    kn = lm.with_smoothing("kneser-ney", discount=0.5)
    fresh = NgramLM(TINY, order=3, smoothing="kneser-ney", discount=0.5)
    assert kn.prob("</s>", ["b", "a"]) == fresh.prob("</s>", ["b", "a"])
    assert lm.smoothing == "laplace"


def test_zero_lambda_for_the_uniform_part_gives_infinite_perplexity_with_a_warning():
    lm = NgramLM(TINY, order=2, smoothing="interpolated", lambdas=(0, 0.5, 0.5))
    with pytest.warns(ZeroProbabilityWarning, match="probability 0"):
        assert lm.perplexity([["a", "zebra"]]) == math.inf


def test_katz_with_a_threshold_leaves_nothing_after_a_history_whose_followers_are_all_frequent():
    """04d's data: in the first 250 Lee articles, *the gaza* is followed only by *strip* (8 times, above
    threshold 5): nothing is discounted there, so P(<UNK> | the gaza) = 0 and the held-out perplexity is infinite;
    the warning names that cause, not lambdas (Katz has none)."""
    import teachkit as tk

    articles = [list(a) for a in tk.lee_background()]
    train, held = articles[:250], articles[250:]
    followers = {}
    for doc in train:
        for x, y, z in zip(["<s>", "<s>"] + doc, ["<s>"] + doc, doc + ["</s>"]):
            followers.setdefault((x, y), []).append(z)
    assert followers["the", "gaza"] == ["strip"] * 8
    lm = NgramLM(train, order=3, smoothing=tk.Katz(threshold=5))
    assert lm.prob("strip", ["the", "gaza"]) == 1.0 and lm.prob("<UNK>", ["the", "gaza"]) == 0.0
    with pytest.warns(ZeroProbabilityWarning, match=r"Katz\(threshold=5\) a history whose every follower was seen "
                      r"more than 5 times") as caught:
        assert lm.perplexity(held) == math.inf
    assert "lambdas" not in str(caught[0].message)
    assert NgramLM(train, order=3, smoothing=tk.Katz()).prob("<UNK>", ["the", "gaza"]) > 0
    with pytest.raises(ValueError, match=r"model_a gives some prediction probability 0.*Katz\(threshold=5\)"):
        tk.cross_entropy_difference(lm, NgramLM(train, order=3, smoothing=tk.Katz()), held)


def test_one_vocabulary_folds_every_other_word_into_one_token():
    import teachkit as tk

    a, b = [["x", "y", "z"]], [["x", "w"]]
    keep = {w for s in a for w in s} & {w for s in b for w in s}
    fa, fb, held = tk.one_vocabulary(a, b, [["w", "q", "x"]], keep=keep)
    assert (fa, fb, held) == ([["x", "<other>", "<other>"]], [["x", "<other>"]], [["<other>", "<other>", "x"]])
    first, second = NgramLM(fa, order=2), NgramLM(fb, order=2)
    assert set(first.vocabulary) == set(second.vocabulary)               # one vocabulary: every prediction compares
    with pytest.raises(TypeError, match="keep must be a set of words"):
        tk.one_vocabulary(a, keep="xy")
    with pytest.raises(ValueError, match="other='x' is itself one of the words kept"):
        tk.one_vocabulary(a, keep={"x"}, other="x")
    with pytest.raises(TypeError, match=r"texts\[0\]"):
        tk.one_vocabulary("x y", keep={"x"})


# ---------------------------------------------------------------- nltk's Kneser-Ney
def test_nltk_kneser_ney_differs_from_the_hand_derivation():
    from nltk.lm import KneserNeyInterpolated
    from nltk.lm.preprocessing import pad_both_ends, padded_everygram_pipeline
    from nltk.util import bigrams

    train, vocab = padded_everygram_pipeline(2, TINY)
    nltk_kn = KneserNeyInterpolated(2, discount=0.5)
    nltk_kn.fit(train, vocab)
    # nltk.lm (3.10) ends the recursion with the continuation unigram N1+(• w) / N1+(• •), *undiscounted* and
    # with no uniform part: P(a) = 2/7 there, P(<UNK>) = 0.  So
    # P(a | b) = (2 - 1/2)/2 + (1/2)·1/2 · 2/7 = 3/4 + 1/14 = 23/28, where the derivation gives 137/168.
    assert nltk_kn.score("a", ["b"]) == pytest.approx(23 / 28, rel=1e-12)
    ours = NgramLM(TINY, order=2, smoothing="kneser-ney", discount=0.5)
    assert ours.prob("a", ["b"]) == pytest.approx(137 / 168, rel=1e-14)
    assert abs(ours.prob("a", ["b"]) - nltk_kn.score("a", ["b"])) == pytest.approx(1 / 168, rel=1e-9)
    # An unknown word gets probability 0 from nltk (nltk issue #3211), so its perplexity is infinite;
    # the uniform floor keeps ours finite.
    assert nltk_kn.score("zebra", ["a"]) == 0
    test = [["a", "zebra"]]
    assert nltk_kn.perplexity(list(bigrams(pad_both_ends(test[0], n=2)))) == math.inf
    assert math.isfinite(ours.perplexity(test))


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("kwargs, error, match", [
    ({"order": 0}, ValueError, "order"),
    ({"order": 5}, ValueError, "order"),
    ({"order": 2.0}, TypeError, "order"),
    ({"smoothing": "add-one"}, ValueError, "smoothing"),
    ({"smoothing": "kneser-ney", "discount": 0}, ValueError, r"discount must lie in \(0, 1\)"),
    ({"smoothing": "kneser-ney", "discount": 1}, ValueError, "discount"),
    ({"smoothing": "kneser-ney", "discount": 1.5}, ValueError, "discount"),
    ({"smoothing": "kneser-ney", "discount": "0.5"}, TypeError, "discount"),
    ({"smoothing": "interpolated", "lambdas": (0.2, 0.2, 0.2)}, ValueError, "sum to 1"),
    ({"smoothing": "interpolated", "lambdas": (0.5, 0.5)}, ValueError, "3 weights"),
    ({"smoothing": "interpolated", "lambdas": (1.5, -0.25, -0.25)}, ValueError, "lambdas"),
    ({"smoothing": "interpolated"}, ValueError, "needs lambdas"),
    ({"smoothing": "interpolated", "lambdas": 1.0}, TypeError, "lambdas"),
    ({"smoothing": "lidstone"}, ValueError, "needs alpha"),
    ({"smoothing": "lidstone", "alpha": 0}, ValueError, "alpha"),
    ({"smoothing": "lidstone", "alpha": -1}, ValueError, "alpha"),
    ({"smoothing": "lidstone", "alpha": None or "1"}, TypeError, "alpha"),
    ({"smoothing": "laplace", "alpha": 0.5}, ValueError, "not used"),
    ({"smoothing": "laplace", "discount": 0.5}, ValueError, "not used"),
    ({"min_count": 0}, ValueError, "min_count"),
    ({"pad": "yes"}, TypeError, "pad"),
])
def test_bad_parameters_are_refused(kwargs, error, match):
    kwargs = {"order": 2, **kwargs}
    with pytest.raises(error, match=match):
        NgramLM(TINY, **kwargs)


@pytest.mark.parametrize("sentences, error, match", [
    ([], ValueError, "empty"),
    ([[], []], ValueError, "empty"),
    ("a b a", TypeError, "not one string"),
    ([["a", 3]], TypeError, "token 1 of sentence 0"),
    ([["a"], "b c"], TypeError, "item 1"),
    (42, TypeError, "list of sentences"),
    ([["a", "<UNK>"]], ValueError, "reserves"),
    ([["<s>", "a"]], ValueError, "reserves"),
])
def test_bad_training_text_is_refused(sentences, error, match):
    with pytest.raises(error, match=match):
        NgramLM(sentences, order=2)


def test_no_ngram_at_all_is_refused():
    with pytest.raises(ValueError, match="shorter than 3"):
        NgramLM([["a", "b"]], order=3, pad=False)
    lm = NgramLM([["a", "b", "c"]], order=3, pad=False, smoothing="laplace")
    with pytest.raises(ValueError, match="no 3-gram to score"):
        lm.perplexity([["a", "b"]])


def test_bad_queries_are_refused():
    lm = NgramLM(TINY, order=3, smoothing="laplace")
    with pytest.raises(ValueError, match="2 previous word"):
        lm.prob("a", ["b"])
    with pytest.raises(TypeError, match="not a string"):
        lm.prob("a", "b a")
    with pytest.raises(TypeError, match="word must be a string"):
        lm.prob(3, ["a", "b"])
    with pytest.raises(TypeError, match="context words must be strings"):
        lm.prob("a", ["a", None])
    with pytest.raises(ValueError, match="per must be one of"):
        lm.perplexity(TINY, per="word")
    with pytest.raises(ValueError, match="count takes 1 to 3 words"):
        lm.count()


def test_ngramlm_is_exported():
    assert tk.NgramLM is NgramLM


def test_context_count_is_the_add_alpha_denominator():
    lm = NgramLM(TINY, order=2, smoothing="lidstone", alpha=0.5)
    assert lm.context_count(["a"]) == 3 and lm.context_count(["b"]) == 2 and lm.context_count(["zebra"]) == 0
    # P(a | b) = (c(b a) + α) / (c(b •) + α·V) = (2 + 0.5) / (2 + 0.5·6)
    assert lm.prob("a", ["b"]) == pytest.approx((lm.count("b", "a") + 0.5) / (lm.context_count(["b"]) + 0.5 * 6))
    assert lm.prob("a", ["b"]) == pytest.approx(2.5 / 5, rel=1e-14)


def test_an_encoded_text_scores_like_the_sentences_and_only_for_its_own_counts():
    rng = random.Random(3)
    train, test = random_corpus(rng), random_corpus(rng, n_sentences=5, words="abcxyz")
    lm = NgramLM(train, order=3, smoothing="laplace")
    text = lm.encode(test)
    assert text.n_tokens == sum(map(len, test)) and text.n_predictions == text.n_tokens + len(test)
    assert text.n_oov == sum(w in "xyz" for s in test for w in s)
    kn = lm.with_smoothing("kneser-ney", discount=0.6)
    assert kn.evaluate(text) == kn.evaluate(test)
    with pytest.raises(ValueError, match="encode the sentences again"):
        NgramLM(train, order=2, smoothing="laplace").perplexity(text)


def test_the_one_step_formulas_by_hand_and_their_errors():
    from teachkit.lm.smoothing import add_alpha, kneser_ney_step

    assert add_alpha(2, 2, 6, 1) == 3 / 8
    assert add_alpha(0, 10, 100, 0.5) == 0.5 / 60
    assert kneser_ney_step(2, 2, 1, 11 / 42, 0.5) == pytest.approx(137 / 168, rel=1e-15)
    assert kneser_ney_step(0, 3, 3, 5 / 42, 0.5) == pytest.approx((0.5 * 3 * 5 / 42) / 3, rel=1e-15)
    assert kneser_ney_step(0, 0, 0, 0.3, 0.5) == 0.3
    with pytest.raises(ValueError, match="between 0 and context_total"):
        add_alpha(3, 2, 6, 1)
    with pytest.raises(ValueError, match="alpha"):
        add_alpha(1, 2, 6, 0)
    with pytest.raises(ValueError, match="discount"):
        kneser_ney_step(1, 2, 1, 0.5, 1.0)
    with pytest.raises(ValueError, match="lower must be a probability"):
        kneser_ney_step(1, 2, 1, 1.5, 0.5)
    with pytest.raises(TypeError, match="count"):
        kneser_ney_step("1", 2, 1, 0.5, 0.5)


@pytest.mark.parametrize("smoothing, extra", SETTINGS)
def test_predictions_table_agrees_with_prob_count_and_unseen_mass(smoothing, extra):
    rng = random.Random(5)
    train, test = random_corpus(rng), random_corpus(rng, n_sentences=6, words="abcdefghijxy")
    lm = NgramLM(train, order=3, smoothing=smoothing, **options(smoothing, extra, 3))
    table = lm.predictions(test)
    padded = [["<s>", "<s>"] + s + ["</s>"] for s in test]
    grams = [tuple(s[i:i + 3]) for s in padded for i in range(len(s) - 2)]
    assert len(table["probability"]) == len(grams)
    for i, g in enumerate(grams):
        assert table["probability"][i] == pytest.approx(lm.prob(g[2], g[:2]), rel=1e-14)
        assert table["count"][i] == lm.count(*g)
        assert table["context_total"][i] == lm.context_count(g[:2])
        assert table["unseen_mass"][i] == pytest.approx(lm.unseen_mass(g[:2]), abs=1e-12)
    # add-one's unseen mass in closed form: α (V - T(h)) / (c(h •) + α V)
    if smoothing == "laplace":
        h = grams[0][:2]
        followers = sum(lm.count(*h, w) > 0 for w in lm.vocabulary)
        assert lm.unseen_mass(h) == pytest.approx((lm.V - followers) / (lm.context_count(h) + lm.V), rel=1e-12)


def test_scoring_an_encoded_text_again_with_other_parameters_gives_fresh_results():
    rng = random.Random(21)
    train, test = random_corpus(rng), random_corpus(rng, n_sentences=6)
    base = NgramLM(train, order=3, smoothing="laplace")
    text = base.encode(test)
    for smoothing, kwargs in [("laplace", {}), ("kneser-ney", {"discount": 0.3}), ("kneser-ney", {"discount": 0.9}),
                              ("interpolated", {"lambdas": (0.1, 0.2, 0.3, 0.4)}), ("lidstone", {"alpha": 0.2})]:
        fresh = NgramLM(train, order=3, smoothing=smoothing, **kwargs)
        assert base.with_smoothing(smoothing, **kwargs).perplexity(text) == pytest.approx(fresh.perplexity(test),
                                                                                            rel=1e-13)
    # Same vocabulary (the same first sentence fixes the word order), other counts: an encoded text is valid for
    # both, and the look-ups one model remembered must not be reused by the other.
    words = sorted({w for s in train for w in s})
    model_a = NgramLM([words] + train, order=3, smoothing="kneser-ney")
    model_b = NgramLM([words] + [s[::-1] for s in train], order=3, smoothing="kneser-ney")
    assert model_a.vocabulary == model_b.vocabulary
    text_a = model_a.encode(test)
    pp_a = model_a.perplexity(text_a)
    assert model_b.perplexity(text_a) == pytest.approx(model_b.perplexity(test), rel=1e-13)
    assert model_b.perplexity(text_a) != pytest.approx(pp_a, rel=1e-6)


# ---------------------------------------------------------------- smoothing objects
def test_smoothing_objects_give_the_same_model_as_their_strings():
    from teachkit.lm.smoothing import AddAlpha, JelinekMercer, KneserNey

    pairs = [(AddAlpha(), {"smoothing": "laplace"}), (AddAlpha(0.5), {"smoothing": "lidstone", "alpha": 0.5}),
             (JelinekMercer((0.1, 0.2, 0.3, 0.4)), {"smoothing": "interpolated", "lambdas": (0.1, 0.2, 0.3, 0.4)}),
             (KneserNey(), {"smoothing": "kneser-ney"}), (KneserNey(0.4), {"smoothing": "kneser-ney", "discount": 0.4})]
    test = [["a", "b", "c", "a"], ["zebra", "a"]]
    for method, named in pairs:
        ours, theirs = NgramLM(TINY, order=3, smoothing=method), NgramLM(TINY, order=3, **named)
        assert ours.perplexity(test) == theirs.perplexity(test)
        assert repr(ours) == repr(theirs) and ours.smoothing == theirs.smoothing
        assert NgramLM(TINY, order=3, smoothing="laplace").with_smoothing(method).perplexity(test) == \
            theirs.perplexity(test)


@pytest.mark.parametrize("make, error, match", [
    (lambda m: m.AddAlpha(0), ValueError, "alpha must be a finite number > 0"),
    (lambda m: m.AddAlpha("1"), TypeError, "alpha"),
    (lambda m: m.KneserNey(1), ValueError, r"discount must lie in \(0, 1\)"),
    (lambda m: m.JelinekMercer((0.2, 0.2)), ValueError, "sum to 1"),
    (lambda m: m.JelinekMercer(0.5), TypeError, "lambdas"),
    (lambda m: NgramLM(TINY, order=2, smoothing=m.JelinekMercer((0.5, 0.5))), ValueError, "3 weights"),
    (lambda m: NgramLM(TINY, order=2, smoothing=m.AddAlpha(1), alpha=2), ValueError, "alpha is not used"),
])
def test_smoothing_objects_refuse_bad_parameters(make, error, match):
    import teachkit.lm.smoothing as module

    with pytest.raises(error, match=match):
        make(module)


def test_the_bigram_model_its_vocabulary_and_its_warning_live_in_lm():
    import teachkit.lm.evaluation
    import teachkit.lm.metrics
    import teachkit.lm.ngram
    import teachkit.lm.vocabulary

    assert tk.BigramLM is teachkit.lm.bigram.BigramLM and tk.Vocabulary is teachkit.lm.vocabulary.Vocabulary
    assert tk.ZeroProbabilityWarning is teachkit.lm.evaluation.ZeroProbabilityWarning is ZeroProbabilityWarning
    assert not hasattr(teachkit.lm.metrics, "SEED_TRAINING")


# ---------------------------------------------------------------- BigramLM is NgramLM at order 2
def engine_for(train, alpha, vocabulary, denominator, pad):
    """The order-2 NgramLM that BigramLM(train, alpha, vocabulary, denominator, pad) stands for."""
    from teachkit.lm.smoothing import AddAlpha

    smoothing = AddAlpha(alpha, denominator="occurrences" if denominator == "unigram" else "context",
                         allow_zero=True)
    return NgramLM(train, order=2, smoothing=smoothing, pad=pad, unk=vocabulary == "with-unk")


BIGRAM_CONFIGS = [(v, d, pad) for v in ("training", "with-unk") for d in ("unigram", "context")
                  for pad in (False, True)]


@pytest.mark.parametrize("vocabulary, denominator, pad", BIGRAM_CONFIGS)
@pytest.mark.parametrize("alpha", [1.0, 0.5, 0.0])
def test_bigramlm_gives_the_probabilities_of_ngramlm_with_add_alpha(alpha, vocabulary, denominator, pad):
    # The toy corpus: "mat" ends a sentence (so c(mat) > c(mat •)), "the" occurs twice, and the test
    # words include one never seen ("dog").
    train = [["the", "cat", "sat", "on", "the", "mat"], ["cat", "sat"]]
    bigram = BigramLM(train, alpha=alpha, vocabulary=vocabulary, denominator=denominator, pad=pad)
    ngram = engine_for(train, alpha, vocabulary, denominator, pad)
    assert bigram.V == ngram.V and set(bigram.vocabulary) == set(ngram.vocabulary)
    words = list(bigram.vocabulary) + ["dog"]
    for prev in words:
        for word in words:
            d = bigram.context_count(prev)
            assert d == (ngram.occurrences([prev]) if denominator == "unigram" else ngram.context_count([prev]))
            assert bigram.count(prev, word) == ngram.count(prev, word)
            if d == 0 and alpha == 0:       # 0/0: both refuse
                with pytest.raises(ValueError, match="0/0"):
                    bigram.prob(prev, word)
                with pytest.raises(ValueError, match="0/0"):
                    ngram.prob(word, [prev])
                continue
            assert bigram.prob(prev, word) == ngram.prob(word, [prev])       # the same numbers, exactly
    assert bigram.count("cat") == ngram.occurrences(["cat"]) == 2


def test_bigramlm_scores_through_the_add_alpha_formula_of_ngram(monkeypatch):
    import teachkit.lm.smoothing as module

    lm = BigramLM(["the", "cat", "sat", "on", "the", "mat"])
    assert lm.prob("the", "cat") == 2 / 7
    # Change the one add-α formula: BigramLM and NgramLM both follow, so BigramLM has no formula of its own.
    monkeypatch.setattr(module, "_add_alpha_fraction", lambda c, total, V, alpha: (c + alpha, 2 * (total + alpha * V)))
    assert lm.prob("the", "cat") == 1 / 7
    assert lm.table(["the", "cat"])[0].denominator == 14
    assert NgramLM([["a", "b"]], order=2, smoothing="laplace").prob("b", ["a"]) == 1 / 6


def test_bigramlm_class_body_does_no_arithmetic():
    import ast
    import inspect
    import textwrap

    tree = ast.parse(textwrap.dedent(inspect.getsource(BigramLM)))
    arithmetic = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)
    found = [ast.unparse(node) for node in ast.walk(tree)
             if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, arithmetic)]
    assert not found, f"BigramLM computes something itself: {found}"


def test_bigramlm_holds_its_ngram_model():
    lm = BigramLM([["a", "b"], ["b", "a", "a"]], alpha=0.5, vocabulary="with-unk", denominator="context", pad=True)
    assert isinstance(lm.ngram, NgramLM) and lm.ngram.order == 2 and lm.ngram.alpha == 0.5
    assert lm.unigram_counts == {"<s>": 2, "a": 3, "b": 2, "</s>": 2}
    assert lm.bigram_counts == {("<s>", "a"): 1, ("a", "b"): 1, ("b", "</s>"): 1, ("<s>", "b"): 1,
                                ("b", "a"): 1, ("a", "a"): 1, ("a", "</s>"): 1}
    assert lm.context_counts == {"<s>": 2, "a": 3, "b": 2}
    assert lm.lookup("zebra") == "<UNK>" and BigramLM(["a", "b"]).lookup("zebra") == "zebra"


# ---------------------------------------------------------------- the engine's options for the bigram case
def test_unk_false_keeps_v_to_the_training_types_and_scores_unseen_words_as_themselves():
    lm = NgramLM([["a", "b", "a"]], order=2, smoothing="laplace", pad=False, unk=False)
    assert lm.vocabulary == ("a", "b") and lm.V == 2 and "unk=False" in repr(lm)
    assert lm.lookup("zebra") == "zebra" and lm.count("a", "zebra") == 0
    # P(zebra | a) = (0 + 1) / (1 + 2); the row over the two training words already sums to 1
    assert lm.prob("zebra", ["a"]) == 1 / 3
    assert lm.probs(["a"]).sum() == pytest.approx(1, rel=1e-15)
    assert lm.evaluate([["a", "zebra"]]).n_oov == 1


def test_occurrence_denominator_counts_sentence_final_histories():
    from teachkit.lm.smoothing import AddAlpha

    # padded: <s> a b </s>, <s> b </s>; c(b •) = 2 (b </s> twice), and </s> ends both sentences: e(</s>) = 2
    train = [["a", "b"], ["b"]]
    ctx = NgramLM(train, order=2, smoothing=AddAlpha(1))
    occ = NgramLM(train, order=2, smoothing=AddAlpha(1, denominator="occurrences"))
    assert (occ.context_count(["</s>"]), occ.occurrences(["</s>"]), occ.occurrences(["b"])) == (0, 2, 2)
    assert occ.prob("a", ["</s>"]) == 1 / (2 + occ.V) and ctx.prob("a", ["</s>"]) == 1 / occ.V
    assert occ.prob("</s>", ["b"]) == ctx.prob("</s>", ["b"])          # b is always followed by a word
    assert "denominator='occurrences'" in repr(occ) and "denominator" in repr(AddAlpha(1, denominator="occurrences"))


def test_alpha_zero_only_on_request_and_0_over_0_is_refused():
    from teachkit.lm.smoothing import AddAlpha

    with pytest.raises(ValueError, match="alpha must be a finite number > 0"):
        AddAlpha(0)
    with pytest.raises(ValueError, match="alpha must be a finite number >= 0"):
        AddAlpha(-1, allow_zero=True)
    mle = NgramLM([["a", "b"]], order=2, smoothing=AddAlpha(0, allow_zero=True), pad=False)
    assert mle.prob("b", ["a"]) == 1.0 and mle.prob("a", ["a"]) == 0.0
    with pytest.raises(ValueError, match="0/0"):
        mle.prob("a", ["b"])
    with pytest.raises(ValueError, match="0/0"):
        mle.perplexity([["b", "a"]])


@pytest.mark.parametrize("make, error, match", [
    (lambda m: NgramLM(TINY, order=2, unk="no"), TypeError, "unk must be True or False"),
    (lambda m: NgramLM(TINY, order=2, unk=False, min_count=2), ValueError, "min_count"),
    (lambda m: NgramLM([["a", "<s>"]], order=2, unk=False), ValueError, "reserves"),
    (lambda m: m.AddAlpha(1, denominator="unigram"), ValueError, "denominator must be one of"),
    (lambda m: m.AddAlpha(1, allow_zero=1), TypeError, "allow_zero"),
    (lambda m: NgramLM(TINY, order=1, smoothing=m.AddAlpha(1, denominator="occurrences")), ValueError,
     "denominator='occurrences'"),
    (lambda m: NgramLM(TINY, order=1, smoothing="laplace").occurrences(), ValueError, "order >= 2"),
    (lambda m: NgramLM(TINY, order=2, smoothing="laplace").occurrences("a"), TypeError, "context"),
])
def test_the_bigram_options_refuse_bad_values_by_name(make, error, match):
    import teachkit.lm.ngram as module

    with pytest.raises(error, match=match):
        make(module)
