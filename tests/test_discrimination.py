"""Discrimination measures: AUC and Cohen's d by hand, AUC against a brute-force pair count and scipy's
Mann-Whitney U, the bootstrap against an explicit loop over its own resamples, topic builders, bad input.

Every expected value is derived in the test (arithmetic in the comments) or by an independent route.
"""

import itertools
import math
import statistics

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import mannwhitneyu

import teachkit as tk
from teachkit.evaluation.discrimination import (
    bootstrap_discrimination, cohens_d, discrimination, discrimination_ratio, intruded_topics, random_topics,
    roc_auc,
)


def brute_auc(pos, neg):
    """Count every (good, bad) pair: a win is 1, a tie 1/2."""
    total = 0.0
    for p, q in itertools.product(pos, neg):
        total += 1.0 if p > q else 0.5 if p == q else 0.0
    return total / (len(pos) * len(neg))


def hand_d(pos, neg):
    """Cohen's d from the statistics module: pooled variance with n - 1."""
    n1, n2 = len(pos), len(neg)
    s2 = ((n1 - 1) * statistics.variance(pos) + (n2 - 1) * statistics.variance(neg)) / (n1 + n2 - 2)
    return (statistics.fmean(pos) - statistics.fmean(neg)) / math.sqrt(s2)


# ---------------------------------------------------------------- AUC
def test_auc_by_hand():
    # good (0.9, 0.6, 0.4) vs bad (0.5, 0.1): pairs 0.9>0.5, 0.9>0.1, 0.6>0.5, 0.6>0.1, 0.4<0.5, 0.4>0.1
    # -> 5 wins of 6 pairs.
    assert roc_auc([0.9, 0.6, 0.4], [0.5, 0.1]) == pytest.approx(5 / 6)
    # ties count half: (1 vs 1) is one tie of one pair
    assert roc_auc([1.0], [1.0]) == 0.5
    # (2 vs 1) win, (2 vs 2) tie, (1 vs 1) tie, (1 vs 2) loss -> (1 + 0.5 + 0.5 + 0) / 4
    assert roc_auc([2, 1], [1, 2]) == pytest.approx(0.5)
    assert roc_auc([3, 4], [1, 2]) == 1.0 and roc_auc([1, 2], [3, 4]) == 0.0


def test_auc_matches_brute_force_and_mann_whitney():
    rng = np.random.default_rng(7)
    pos = np.round(rng.normal(0.3, 0.2, 23), 2)  # rounding creates ties on purpose
    neg = np.round(rng.normal(0.1, 0.2, 31), 2)
    assert roc_auc(pos, neg) == pytest.approx(brute_auc(pos, neg), abs=1e-12)
    u = mannwhitneyu(pos, neg, alternative="two-sided").statistic  # U of the first sample
    assert roc_auc(pos, neg) == pytest.approx(u / (len(pos) * len(neg)), abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-5, 5), min_size=1, max_size=12), st.lists(st.integers(-5, 5), min_size=1, max_size=12))
def test_auc_property(pos, neg):
    auc = roc_auc(pos, neg)
    assert auc == pytest.approx(brute_auc(pos, neg), abs=1e-12)
    # swapping the groups mirrors it; an increasing transformation leaves it alone
    assert roc_auc(neg, pos) == pytest.approx(1 - auc, abs=1e-12)
    assert roc_auc([math.exp(x) for x in pos], [math.exp(x) for x in neg]) == pytest.approx(auc, abs=1e-12)


# ---------------------------------------------------------------- Cohen's d
def test_cohens_d_by_hand():
    # good (1, 2, 3): mean 2, var ((1)+(0)+(1))/2 = 1.  bad (0, 2): mean 1, var (1+1)/1 = 2.
    # pooled s² = (2·1 + 1·2) / 3 = 4/3, d = (2 - 1) / sqrt(4/3) = sqrt(3)/2 = 0.8660
    assert cohens_d([1, 2, 3], [0, 2]) == pytest.approx(math.sqrt(3) / 2)
    assert cohens_d([0, 2], [1, 2, 3]) == pytest.approx(-math.sqrt(3) / 2)


def test_cohens_d_matches_statistics_module_and_is_scale_free():
    rng = np.random.default_rng(3)
    pos, neg = rng.normal(1, 2, 15), rng.normal(0, 1, 40)
    assert cohens_d(pos, neg) == pytest.approx(hand_d(list(pos), list(neg)))
    # a metric rescaled (e.g. NPMI in [-1, 1] mapped to [0, 1]) keeps its d
    assert cohens_d(pos / 2 + 0.5, neg / 2 + 0.5) == pytest.approx(cohens_d(pos, neg))


def test_discrimination_bundles_the_measures():
    dsc = discrimination([0.9, 0.6, 0.4], [0.5, 0.1])
    assert dsc.auc == pytest.approx(5 / 6) and dsc.gini == pytest.approx(2 * 5 / 6 - 1)
    assert dsc.d == pytest.approx(hand_d([0.9, 0.6, 0.4], [0.5, 0.1]))
    assert (dsc.n_pos, dsc.n_neg) == (3, 2)
    assert dsc.mean_pos == pytest.approx(1.9 / 3) and dsc.mean_neg == pytest.approx(0.3)
    assert "AUC = 0.833" in str(dsc)


# ---------------------------------------------------------------- bootstrap
def test_bootstrap_equals_a_loop_over_its_own_resamples():
    rng = np.random.default_rng(11)
    pos = rng.normal(0.5, 0.3, (2, 9))
    neg = rng.normal(0.0, 0.3, (2, 13))
    boot = bootstrap_discrimination(pos, neg, n_boot=40, seed=5)
    assert boot.auc.shape == (40, 2) and boot.positive_indices.shape == (40, 9)
    for b in range(40):
        ip, iq = boot.positive_indices[b], boot.negative_indices[b]
        for m in range(2):
            p, q = list(pos[m][ip]), list(neg[m][iq])
            assert boot.auc[b, m] == pytest.approx(brute_auc(p, q), abs=1e-12)
            assert boot.d[b, m] == pytest.approx(hand_d(p, q), rel=1e-9)
    # the documented draw: integers for the good topics first, then for the bad ones
    g = np.random.default_rng(5)
    assert np.array_equal(boot.positive_indices, g.integers(9, size=(40, 9)))
    assert np.array_equal(boot.negative_indices, g.integers(13, size=(40, 13)))
    assert np.array_equal(boot.gini, 2 * boot.auc - 1)


def test_bootstrap_marks_d_undefined_when_a_resample_has_no_spread():
    # one good and one bad topic value repeated: any resample has zero spread in both groups
    boot = bootstrap_discrimination([1.0, 1.0], [0.0, 0.0], n_boot=5, seed=0)
    assert np.all(np.isnan(boot.d)) and np.all(boot.auc == 1.0)


def test_ratio_by_hand_and_interval():
    # a: perfect separation (AUC 1, gini 1); b: 8 of 9 pairs (0.3 < 0.35), gini = 2·8/9 - 1 = 7/9
    pa, qa = [0.5, 0.4, 0.3], [0.1, 0.2, 0.0]
    pb, qb = [0.5, 0.4, 0.3], [0.1, 0.35, 0.0]
    r = discrimination_ratio(pa, qa, pb, qb, measure="gini", n_boot=300, seed=1)
    assert r.ratio == pytest.approx(9 / 7)
    r_auc = discrimination_ratio(pa, qa, pb, qb, measure="auc", n_boot=300, seed=1)
    assert r_auc.ratio == pytest.approx(1 / (8 / 9))
    r_d = discrimination_ratio(pa, qa, pb, qb, measure="d", n_boot=300, seed=1)
    assert r_d.ratio == pytest.approx(hand_d(pa, qa) / hand_d(pb, qb))
    # the interval is the percentiles of the resampled ratios, recomputed here from the resamples
    boot = bootstrap_discrimination(np.vstack([pa, pb]), np.vstack([qa, qb]), n_boot=300, seed=1)
    num, den = boot.d[:, 0], boot.d[:, 1]
    ok = np.isfinite(num) & np.isfinite(den) & (den != 0)
    assert r_d.low == pytest.approx(np.percentile(num[ok] / den[ok], 2.5))
    assert r_d.high == pytest.approx(np.percentile(num[ok] / den[ok], 97.5))
    assert r_d.n_undefined == int((~ok).sum())
    assert "d ratio" in str(r_d)


def test_identical_metrics_have_ratio_one_in_every_resample():
    rng = np.random.default_rng(2)
    p, q = rng.normal(1, 1, 12), rng.normal(0, 1, 20)
    r = discrimination_ratio(p, q, p, q, n_boot=200)
    assert r.ratio == pytest.approx(1.0) and r.low == pytest.approx(1.0) and r.high == pytest.approx(1.0)
    assert r.sign_flips == 0.0


def test_same_seed_same_interval():
    rng = np.random.default_rng(4)
    p, q, p2, q2 = rng.normal(1, 1, 10), rng.normal(0, 1, 10), rng.normal(1, 2, 10), rng.normal(0, 2, 10)
    a = discrimination_ratio(p, q, p2, q2, n_boot=500, seed=9)
    b = discrimination_ratio(p, q, p2, q2, n_boot=500, seed=9)
    assert (a.low, a.high) == (b.low, b.high)


# ---------------------------------------------------------------- topic builders
def test_random_topics_are_distinct_words_from_the_vocabulary():
    vocab = [f"w{i}" for i in range(30)]
    topics = random_topics(vocab, 5, size=10, seed=3)
    assert len(topics) == 5
    for t in topics:
        assert len(t) == 10 and len(set(t)) == 10 and set(t) <= set(vocab)
    assert random_topics(vocab, 5, size=10, seed=3) == topics
    # the documented draw
    g = np.random.default_rng(3)
    assert topics[0] == [vocab[i] for i in g.choice(30, 10, replace=False)]


def test_intruded_topics_replace_exactly_n_words():
    topics = [["fire", "blaze", "smoke", "homes"], ["cricket", "test", "wicket", "innings"]]
    vocab = ["fire", "blaze", "smoke", "homes", "cricket", "test", "wicket", "innings", "bank", "rates"]
    out = intruded_topics(topics, vocab, 2, seed=0)
    for orig, new in zip(topics, out):
        kept = [a == b for a, b in zip(orig, new)]
        assert sum(kept) == 2  # two positions changed, the rest in place
        intruders = [b for a, b in zip(orig, new) if a != b]
        assert not set(intruders) & set(orig) and len(set(intruders)) == 2 and set(intruders) <= set(vocab)
    assert topics[0] == ["fire", "blaze", "smoke", "homes"]  # input untouched


def test_bad_input_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="negatives holds 0"):
        roc_auc([1.0], [])
    with pytest.raises(ValueError, match="NaN"):
        roc_auc([1.0, float("nan")], [0.0])
    with pytest.raises(ValueError, match="no spread"):
        cohens_d([1, 1], [0, 0])
    with pytest.raises(ValueError, match="at least 2"):
        cohens_d([1], [0, 2])
    with pytest.raises(ValueError, match="measure"):
        discrimination_ratio([1, 2], [0, 1], [1, 2], [0, 1], measure="power")
    with pytest.raises(ValueError, match="same topics"):
        discrimination_ratio([1, 2, 3], [0, 1], [1, 2], [0, 1])
    with pytest.raises(ValueError, match="level"):
        discrimination_ratio([1, 2], [0, 1], [1, 2], [0, 1], level=95)
    with pytest.raises(ValueError, match="seed must be a whole number >= 0, got -1"):
        random_topics(["a", "b"], 1, size=2, seed=-1)
    with pytest.raises(TypeError, match="seed must be a whole number >= 0, got True"):
        random_topics(["a", "b"], 1, size=2, seed=True)
    with pytest.raises(ValueError, match="size=5"):
        random_topics(["a", "b"], 1, size=5)
    with pytest.raises(ValueError, match="n_intruders=3"):
        intruded_topics([["a", "b"]], ["c", "d", "e"], 3)
    with pytest.raises(ValueError, match="outside topics"):
        intruded_topics([["a", "b"]], ["a", "b"], 1)
    with pytest.raises(TypeError, match="string"):
        random_topics("abc", 1, size=2)


def test_exported_from_the_package():
    assert tk.roc_auc is roc_auc and tk.discrimination_ratio is discrimination_ratio


def test_sign_flips_use_the_measures_own_chance_point():
    # AUC's "no separation" is 0.5, not 0: counted by hand from the same resamples
    # (2·AUC - 1 <= 0 exactly when AUC <= 0.5, so the two shares agree).
    rng = np.random.default_rng(7)
    pa, qa = rng.normal(1, 1, 8), rng.normal(0, 1, 8)
    pb, qb = rng.normal(0.2, 1, 8), rng.normal(0, 1, 8)
    r_auc = discrimination_ratio(pa, qa, pb, qb, measure="auc", n_boot=400, seed=3)
    r_gini = discrimination_ratio(pa, qa, pb, qb, measure="gini", n_boot=400, seed=3)
    boot = bootstrap_discrimination(np.vstack([pa, pb]), np.vstack([qa, qb]), n_boot=400, seed=3)
    by_hand = float(np.mean(boot.auc[:, 1] <= 0.5))
    assert 0 < by_hand < 1
    assert r_auc.sign_flips == pytest.approx(by_hand)
    assert r_gini.sign_flips == pytest.approx(by_hand)
