"""Modified Kneser-Ney and back-off Kneser-Ney: hand derivations, the reduction to interpolated Kneser-Ney,
distributions that sum to one at orders 1-4, Chen & Goodman's discounts from counts counted here, and bad
input refused."""

import math
import random
from collections import Counter
from fractions import Fraction as F

import numpy as np
import pytest

from teachkit.lm.backoff import BackoffKneserNey
from teachkit.lm.kneser_ney import ModifiedKneserNey, modified_kneser_ney_discounts
from teachkit.lm.ngram import NgramLM
from teachkit.lm.smoothing import KneserNey

TINY = [["a", "b", "a"], ["b", "a", "c"]]


def random_corpus(rng, n_sentences=40, words="abcdefghij", max_len=9):
    vocab = list(words)
    weights = [1 / (i + 1) for i in range(len(vocab))]
    return [rng.choices(vocab, weights, k=rng.randint(1, max_len)) for _ in range(n_sentences)]


# ---------------------------------------------------------------- by hand
def test_modified_kneser_ney_bigram_equals_the_hand_derivation():
    # <s> a b a </s>, <s> b a c </s>.  Bigram counts: <s>a 1, ab 1, ba 2, a</s> 1, <s>b 1, ac 1, c</s> 1.
    # Unigram continuation counts N1+(• w): a 2 (<s>, b), b 2 (a, <s>), </s> 2 (a, c), c 1 (a); a(•) = 7.
    # V = a b c <s> </s> <UNK> = 6.  Level 1 discounts (0.4, 0.9, 1.4), level 2 (0.6, 1.2, 1.8).
    lm = NgramLM(TINY, order=2, smoothing=ModifiedKneserNey([(0.4, 0.9, 1.4), (0.6, 1.2, 1.8)]))
    assert lm.V == 6
    d1, d2 = F(4, 10), F(9, 10)
    gamma1 = d1 * 1 + d2 * 3                       # one word seen once (c), three seen twice
    p1 = {w: (F(a) - {1: d1, 2: d2}[a] + gamma1 / 6) / 7 for w, a in {"a": 2, "b": 2, "</s>": 2, "c": 1}.items()}
    p1["<UNK>"] = p1["<s>"] = gamma1 / 6 / 7
    assert sum(p1.values()) == 1
    # P(a | b): c(b a) = 2 -> D2 = 1.2; after b only a was seen, twice: gamma = 1.2; c(b •) = 2
    assert lm.prob("a", ["b"]) == pytest.approx(float((2 - F(12, 10) + F(12, 10) * p1["a"]) / 2), rel=1e-13)
    # P(c | a): c(a c) = 1 -> D1 = 0.6; after a: b, </s>, c once each: gamma = 3 * 0.6; c(a •) = 3
    assert lm.prob("c", ["a"]) == pytest.approx(float((1 - F(6, 10) + 3 * F(6, 10) * p1["c"]) / 3), rel=1e-13)
    # an unseen word after a: only the discounted mass, spread like the unigram level
    assert lm.prob("zebra", ["a"]) == pytest.approx(float(3 * F(6, 10) * p1["<UNK>"] / 3), rel=1e-13)
    # an unseen history passes level 1 through
    assert lm.prob("c", ["zebra"]) == pytest.approx(float(p1["c"]), rel=1e-13)


def test_backoff_kneser_ney_bigram_equals_the_hand_derivation():
    # Same corpus, d = 0.5.  Level 1: seen words (a(w) - 0.5)/7; taken 0.5 * 4 / 7 = 2/7 goes to <s> and
    # <UNK> in proportion to the uniform level: beta1 = (2/7) / (1 - 4/6), each gets beta1 / 6 = 1/7.
    lm = NgramLM(TINY, order=2, smoothing=BackoffKneserNey(0.5))
    d = F(1, 2)
    p1 = {w: (F(a) - d) / 7 for w, a in {"a": 2, "b": 2, "</s>": 2, "c": 1}.items()}
    beta1 = (d * 4 / 7) / (1 - F(4, 6))
    p1["<UNK>"] = p1["<s>"] = beta1 / 6
    assert sum(p1.values()) == 1
    # After a (b, </s>, c seen once each, c(a •) = 3): seen (1 - 0.5)/3; unseen beta(a) P1(w)
    beta_a = (d * 3 / 3) / (1 - (p1["b"] + p1["</s>"] + p1["c"]))
    assert lm.prob("b", ["a"]) == pytest.approx(float((1 - d) / 3), rel=1e-13)
    assert lm.prob("a", ["a"]) == pytest.approx(float(beta_a * p1["a"]), rel=1e-13)
    assert lm.prob("zebra", ["a"]) == pytest.approx(float(beta_a * p1["<UNK>"]), rel=1e-13)
    assert lm.prob("c", ["zebra"]) == pytest.approx(float(p1["c"]), rel=1e-13)


def test_chen_goodman_discounts_by_hand():
    # Y = 100 / (100 + 80) = 5/9
    y = F(100, 180)
    expected = (1 - 2 * y * F(40, 100), 2 - 3 * y * F(20, 40), 3 - 4 * y * F(10, 20))
    got = modified_kneser_ney_discounts([100, 40, 20, 10])
    assert got == pytest.approx([float(x) for x in expected], rel=1e-15)


def counts_counted_here(train, order):
    """Raw n-gram counts of the padded corpus, and continuation counts of the shorter n-grams, counted here."""
    raw = {k: Counter() for k in range(1, order + 1)}
    for sentence in train:
        padded = ["<s>"] * (order - 1) + sentence + ["</s>"]
        for i in range(order - 1, len(padded)):
            event = tuple(padded[i - order + 1:i + 1])
            for k in range(1, order + 1):
                raw[k][event[order - k:]] += 1
    cont = {k: Counter(gram[1:] for gram in raw[k + 1]) for k in range(1, order)}
    return raw, cont


def count_of_counts(counter):
    spectrum = Counter(counter.values())
    return [spectrum.get(r, 0) for r in (1, 2, 3, 4)]


@pytest.mark.parametrize("order", [2, 3])
def test_estimated_discounts_follow_chen_goodman_on_counts_counted_here(order):
    rng = random.Random(order)
    words = [f"w{i}" for i in range(3000)]
    weights = [1 / (i + 1) for i in range(3000)]
    train = [rng.choices(words, weights, k=rng.randint(3, 20)) for _ in range(1500)]
    lm = NgramLM(train, order=order, smoothing=ModifiedKneserNey())
    raw, cont = counts_counted_here(train, order)
    for k in range(1, order + 1):
        counter = raw[k] if k == order else cont[k]
        assert lm.count_of_counts(k, "raw" if k == order else "continuation").tolist() == count_of_counts(counter)
        n1, n2, n3, n4 = count_of_counts(counter)
        y = n1 / (n1 + 2 * n2)
        by_hand = (1 - 2 * y * n2 / n1, 2 - 3 * y * n3 / n2, 3 - 4 * y * n4 / n3)
        assert lm.smoothing_method.discounts[k - 1] == pytest.approx(by_hand, rel=1e-12)


# ---------------------------------------------------------------- reductions and distributions
@pytest.mark.parametrize("order", [1, 2, 3, 4])
@pytest.mark.parametrize("d", [0.1, 0.5, 0.9])
def test_modified_kneser_ney_with_one_discount_is_interpolated_kneser_ney(order, d):
    rng = random.Random(order)
    train = random_corpus(rng)
    mkn = NgramLM(train, order=order, smoothing=ModifiedKneserNey((d, d, d)))
    kn = NgramLM(train, order=order, smoothing=KneserNey(d))
    test = random_corpus(rng, n_sentences=10, words="abcdefghijxyz")
    np.testing.assert_allclose(mkn.predictions(test)["probability"], kn.predictions(test)["probability"],
                               rtol=1e-12)


@pytest.mark.parametrize("order", [1, 2, 3, 4])
@pytest.mark.parametrize("make", [lambda: ModifiedKneserNey((0.7, 1.3, 2.2)), lambda: BackoffKneserNey(0.75),
                                  lambda: BackoffKneserNey(0.1)])
@pytest.mark.parametrize("pad, min_count", [(True, 1), (True, 3), (False, 1)])
def test_every_distribution_sums_to_one(order, make, pad, min_count):
    rng = random.Random(order * 10 + min_count)
    train = random_corpus(rng)
    lm = NgramLM(train, order=order, smoothing=make(), pad=pad, min_count=min_count)
    pool = list(lm.vocabulary) + ["zebra"]
    flat = [w for s in train for w in s]
    contexts = [rng.choices(pool, k=order - 1) for _ in range(30)]
    contexts += [flat[i:i + order - 1] for i in range(0, len(flat) - order, 5)]
    for context in contexts:
        p = lm.probs(context)
        assert np.all(p > 0), context
        assert math.isclose(p.sum(), 1.0, rel_tol=0, abs_tol=1e-12), (context, p.sum())


def test_backoff_kneser_ney_uses_counts_undiscounted_when_every_word_was_seen():
    # Unpadded order 1, c folded into <UNK>: V = a b <UNK>, every entry seen, nothing left to back off to.
    lm = NgramLM([["a", "b", "a", "b", "c"]], order=1, smoothing=BackoffKneserNey(0.5), pad=False, min_count=2)
    assert lm.V == 3
    assert lm.probs([]).tolist() == pytest.approx([2 / 5, 2 / 5, 1 / 5], abs=1e-15)


def test_a_model_remembers_its_estimated_discounts_and_the_object_stays_unfitted():
    rng = random.Random(5)
    words = [f"w{i}" for i in range(2000)]
    train = [rng.choices(words, [1 / (i + 1) for i in range(2000)], k=12) for _ in range(800)]
    method = ModifiedKneserNey()
    lm = NgramLM(train, order=2, smoothing=method)
    assert method.discounts is None
    assert len(lm.smoothing_method.discounts) == 2
    again = lm.with_smoothing(ModifiedKneserNey((0.5, 1.0, 1.5)))
    assert again.smoothing_method.discounts == ((0.5, 1.0, 1.5), (0.5, 1.0, 1.5))


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize("counts, match", [
    ([10, 0, 3, 1], "gap: n2 = 0"),
    ([0, 0, 0, 0], "gap: n1, n2, n3 = 0"),
    ([10, 1, 10, 1], r"D2 = -23.0 lies outside"),       # Y = 10/12, D2 = 2 - 3·(10/12)·10
    ([5, 1, 2], "4 numbers"),
    ([5, 2, -1, 1], "n3"),
    ([5, 2, 1.5, 1], "n3"),
    ([5, True, 1, 1], "n2"),
])
def test_bad_count_of_counts_is_refused(counts, match):
    with pytest.raises(ValueError, match=match):
        modified_kneser_ney_discounts(counts)


def test_count_of_counts_must_be_a_sequence():
    with pytest.raises(TypeError, match="sequence of 4"):
        modified_kneser_ney_discounts("1234")


@pytest.mark.parametrize("discounts, error, match", [
    ((0.5, 1.0, 3.0), ValueError, r"D3\+ = 3.0 lies outside \(0, 3\)"),
    ((0.0, 1.0, 1.5), ValueError, r"D1 = 0.0 lies outside \(0, 1\)"),
    ((1.0, 1.0, 1.5), ValueError, r"D1 = 1.0 lies outside"),
    ((0.5, 2.5, 1.5), ValueError, r"D2 = 2.5"),
    ((0.5, float("nan"), 1.5), ValueError, "finite"),
    ((0.5, 1.0), ValueError, "triple"),
    ("0.5", TypeError, "triple"),
    (0.5, TypeError, "triple"),
])
def test_bad_discounts_are_refused(discounts, error, match):
    with pytest.raises(error, match=match):
        ModifiedKneserNey(discounts)


def test_per_level_discounts_must_match_the_order():
    with pytest.raises(ValueError, match="3 triples"):
        NgramLM(TINY, order=3, smoothing=ModifiedKneserNey([(0.5, 1.0, 1.5), (0.5, 1.0, 1.5)]))


def test_a_corpus_too_small_to_estimate_the_discounts_says_so():
    with pytest.raises(ValueError, match=r"level 1 .*gap.*discounts=\(D1, D2, D3\)"):
        NgramLM(TINY, order=2, smoothing=ModifiedKneserNey())


@pytest.mark.parametrize("d", [0, 1, -0.5, 1.5, float("nan")])
def test_backoff_discount_outside_zero_one_is_refused(d):
    with pytest.raises(ValueError, match="discount"):
        BackoffKneserNey(d)


def test_modified_kneser_ney_discounts_of_notebook_04d_are_chen_and_goodmans():
    # the check notebook 04d's cell c17 made in the lesson (moved here): the fitted discounts of its modified
    # Kneser-Ney trigram on the first 250 Lee articles are D_c = c - (c + 1) Y n_{c+1} / n_c, Y = n1 / (n1 + 2 n2),
    # from the count-of-counts of each level (continuation counts below the top order)
    import teachkit as tk

    train = [list(a) for a in tk.lee_background()][:250]
    lm = NgramLM(train, order=3, smoothing=ModifiedKneserNey())
    for k, fitted in enumerate(lm.smoothing_method.discounts, start=1):
        n1, n2, n3, n4 = (int(x) for x in lm.count_of_counts(k, "raw" if k == 3 else "continuation"))
        y = n1 / (n1 + 2 * n2)
        by_hand = (1 - 2 * y * n2 / n1, 2 - 3 * y * n3 / n2, 3 - 4 * y * n4 / n3)
        assert fitted == pytest.approx(by_hand, rel=1e-12), k
