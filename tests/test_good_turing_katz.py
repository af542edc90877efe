"""Simple Good-Turing equals nltk's SimpleGoodTuringProbDist; Katz back-off sums to one at orders 1-4, uses the
Good-Turing ratios of counts counted here, and its original threshold form leaves a history no mass."""

import math
import random
import warnings
from collections import Counter

import numpy as np
import pytest
from nltk.probability import FreqDist, SimpleGoodTuringProbDist

import teachkit as tk
from teachkit.lm.backoff import Katz
from teachkit.lm.good_turing import simple_good_turing
from teachkit.lm.ngram import NgramLM


def zipf_sample(seed, types=400, tokens=5000):
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(types)]
    return rng.choices(words, [1 / (i + 1) for i in range(types)], k=tokens)


@pytest.mark.parametrize("seed", range(6))
def test_simple_good_turing_equals_nltk(seed):
    sample = zipf_sample(seed, types=200 + 100 * seed, tokens=2000 + 1000 * seed)
    fd = FreqDist(sample)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # nltk warns when the slope is not below -1; so do we
        reference = SimpleGoodTuringProbDist(fd, bins=fd.B() + 10)
        ours = simple_good_turing(Counter(fd.values()))
    assert ours.N == fd.N()
    assert ours.p_unseen == pytest.approx(fd.Nr(1) / fd.N(), rel=1e-15)
    for word, r in list(fd.items())[:300]:
        assert ours.prob(r) == pytest.approx(reference.prob(word), rel=1e-12), (word, r)
    # unseen: nltk shares n1/N among the bins never seen
    assert ours.p_unseen / 10 == pytest.approx(reference.prob("never-seen"), rel=1e-12)


def test_simple_good_turing_by_hand():
    # r = 1, 2, 3, 5 with n = 10, 4, 2, 1.  Z: 2·10/2, 2·4/2, 2·2/3, 2·1/(2·5 - 3 - 3) = 10, 4, 4/3, 1/2
    sgt = simple_good_turing({1: 10, 2: 4, 3: 2, 5: 1})
    x = [math.log(r) for r in (1, 2, 3, 5)]
    y = [math.log(z) for z in (10, 4, 4 / 3, 1 / 2)]
    xm, ym = sum(x) / 4, sum(y) / 4
    slope = sum((a - xm) * (b - ym) for a, b in zip(x, y)) / sum((a - xm) ** 2 for a in x)
    assert sgt.slope == pytest.approx(slope, rel=1e-13)
    assert sgt.intercept == pytest.approx(ym - slope * xm, rel=1e-13)
    # r = 1: Turing 2·4/10 = 0.8; the line's 2 S(2)/S(1) = 2·2**slope; sd = sqrt(4·(4/100)·(1 + 4/10))
    line = 2 * 2 ** slope
    sd = math.sqrt(4 * (4 / 100) * (1 + 4 / 10))
    assert (abs(0.8 - line) > 1.96 * sd) == (sgt.switch_at > 1)
    assert sum(sgt.n[r] * sgt.prob(r) for r in sgt.n) + sgt.p_unseen == pytest.approx(1.0, abs=1e-15)


@pytest.mark.parametrize("frequencies, error, match", [
    ({1: 5}, ValueError, "at least two distinct counts"),
    ({2: 5, 3: 1}, ValueError, "n_1 = 0"),
    ({0: 3, 1: 5, 2: 1}, ValueError, "r = 0"),
    ({1: -1, 2: 1}, ValueError, "n_r must be a whole number"),
    ({1.5: 1, 2: 1}, ValueError, "r must be a whole number"),
    ([5, 3, 1], TypeError, "mapping"),
])
def test_bad_frequencies_are_refused(frequencies, error, match):
    with pytest.raises(error, match=match):
        simple_good_turing(frequencies)


# ---------------------------------------------------------------- Katz
def corpus(seed, n=600, types=6000):
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(types)]
    return [rng.choices(words, [1 / (i + 1) for i in range(types)], k=rng.randint(3, 15)) for _ in range(n)]


@pytest.mark.parametrize("order", [1, 2, 3, 4])
@pytest.mark.parametrize("threshold", [None, 5])
def test_katz_distributions_sum_to_one(order, threshold):
    train = corpus(order)
    lm = NgramLM(train, order=order, smoothing=Katz(threshold))
    rng = random.Random(order)
    flat = [w for s in train for w in s]
    contexts = [rng.choices(list(lm.vocabulary) + ["zebra"], k=order - 1) for _ in range(20)]
    contexts += [flat[i:i + order - 1] for i in range(0, len(flat) - order, 97)]
    for context in contexts:
        p = lm.probs(context)
        assert np.all(p >= 0)
        assert math.isclose(p.sum(), 1.0, rel_tol=0, abs_tol=1e-12), (context, p.sum())


@pytest.mark.parametrize("threshold", [None, 3])
def test_katz_seen_bigrams_get_the_good_turing_ratio_of_counts_counted_here(threshold):
    train = corpus(7)
    lm = NgramLM(train, order=2, smoothing=Katz(threshold))
    bigrams = Counter()
    for s in train:
        padded = ["<s>"] + s + ["</s>"]
        bigrams.update(zip(padded, padded[1:]))
    frequencies = Counter(bigrams.values())
    sgt = simple_good_turing(frequencies)
    n1 = frequencies[1]
    mu = 0.0 if threshold is None else (threshold + 1) * frequencies.get(threshold + 1, 0) / n1
    after = Counter()
    for (h, _), c in bigrams.items():
        after[h] += c
    for (h, w), r in list(bigrams.items())[:400]:
        if threshold is not None and r > threshold:
            d = 1.0
        else:
            r_star = sgt.r_star[r] if r in sgt.r_star else (r + 1) * sgt.smoothed_n(r + 1) / sgt.smoothed_n(r)
            d = (r_star / r - mu) / (1 - mu)
        assert lm.prob(w, [h]) == pytest.approx(d * r / after[h], rel=1e-12), (h, w)


def test_katz_threshold_form_leaves_prime_no_mass_for_other_words():
    # The module docstring's example: in the Lee articles' first 250 documents, "prime" is followed only by
    # "minister", 26 times; with K = 5 that count is not discounted and nothing is left for other words.
    train = [list(d) for d in tk.lee_background()][:250]
    after_prime = Counter(s[i + 1] if i + 1 < len(s) else "</s>" for s in train for i, w in enumerate(s)
                          if w == "prime")
    assert after_prime == Counter({"minister": 26})
    lm = NgramLM(train, order=2, smoothing=Katz(5))
    assert lm.prob("minister", ["prime"]) == 1.0
    assert lm.prob("the", ["prime"]) == 0.0
    assert NgramLM(train, order=2, smoothing=Katz()).prob("the", ["prime"]) > 0


@pytest.mark.parametrize("threshold", [0, -1, 2.5, True, "5"])
def test_bad_threshold_is_refused(threshold):
    with pytest.raises(ValueError, match="threshold"):
        Katz(threshold)


def test_katz_on_too_little_text_says_what_to_do():
    # a, b twice, </s> once: n = {1: 1, 2: 2}, a rising line (slope +1, warned) and r* = 2·2/1 > 1
    with pytest.warns(RuntimeWarning, match="slope 1.000"), pytest.raises(ValueError, match="Katz, level 1"):
        NgramLM([["a", "b", "a", "b"]], order=2, smoothing=Katz())
    with pytest.raises(ValueError, match="min_count=1"):
        NgramLM(corpus(3), order=2, smoothing=Katz(), min_count=2)
