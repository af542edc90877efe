"""Paired permutation tests, bootstrap intervals, seeds and many comparisons; scipy.stats is the judge.

Exact permutation distributions (all 2**n sign patterns, all C(n, k) reassignments) are compared with
scipy's value by value.  Random ones cannot agree draw by draw (the generators differ), so there the
p-values must agree within Monte Carlo error: each is a share of N = 20,000 draws, whose standard error
is at most sqrt(p (1 - p) / N); the tests allow 5 standard errors of the difference of two such shares.
Bootstrap interval ends are quantiles of 20,000 resamples; the 2.5% quantile of a normal-shaped
distribution with spread s has a standard error of about 0.019 s, so two independent estimates differ
by 0.027 s (one standard error) and the tests allow 0.15 s.
"""

import math

import numpy as np
import pytest
from scipy import stats

from teachkit.evaluation.significance import (ALTERNATIVES, benjamini_hochberg, bootstrap_difference, holm,
                                              paired_permutation_test, seed_comparison)

RNG = np.random.default_rng(2024)
A_SMALL = RNG.normal(0.10, 0.03, 9)
B_SMALL = A_SMALL - RNG.normal(0.01, 0.02, 9)
N = 20_000


def _mean_diff(x, y, axis=-1):
    return np.mean(x - y, axis=axis)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_exact_permutation_distribution_equals_scipy(alternative):
    ours = paired_permutation_test(A_SMALL, B_SMALL, alternative=alternative)
    judge = stats.permutation_test((A_SMALL, B_SMALL), _mean_diff, permutation_type="samples",
                                   alternative=alternative, n_resamples=np.inf, vectorized=True)
    assert ours.exact and ours.n_resamples == 2**9 == judge.null_distribution.size
    assert np.sort(ours.null_distribution) == pytest.approx(np.sort(judge.null_distribution), abs=1e-15)
    assert ours.statistic == pytest.approx(judge.statistic, abs=1e-15)
    assert ours.p_value == pytest.approx(judge.pvalue, abs=1e-12)


def test_exact_p_value_by_hand():
    # d = (2, 1, 4, 0, 4) hundredths: the patterns with sum >= 11 are the observed one and the one
    # flipping the 0; by symmetry as many have sum <= -11: p = 4 / 32.
    test = paired_permutation_test([0.12, 0.10, 0.15, 0.09, 0.14], [0.10, 0.09, 0.11, 0.09, 0.10])
    assert test.p_value == 4 / 32
    # d = (2, 1, 4, 1): only the observed pattern reaches sum 8.
    assert paired_permutation_test([3, 2, 5, 1], [1, 1, 1, 0], alternative="greater").p_value == 1 / 16


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_random_permutation_p_value_within_monte_carlo_error(alternative):
    rng = np.random.default_rng(7)
    a = rng.normal(0.1, 0.05, 40)
    b = a - rng.normal(0.012, 0.05, 40)
    ours = paired_permutation_test(a, b, alternative=alternative, n_resamples=N, seed=3)
    judge = stats.permutation_test((a, b), _mean_diff, permutation_type="samples", alternative=alternative,
                                   n_resamples=N, vectorized=True, rng=np.random.default_rng(4))
    assert not ours.exact and ours.n_resamples == N
    p = max(judge.pvalue, ours.p_value)
    se = math.sqrt(2 * p * (1 - p) / N) * (2 if alternative == "two-sided" else 1)
    assert 0.01 < judge.pvalue < 0.99          # a case where the Monte Carlo error is not vanishingly small
    assert abs(ours.p_value - judge.pvalue) < 5 * se


def test_per_token_statistic_is_a_ratio_of_sums_and_scipy_agrees():
    # Total log-likelihood of 6 held-out sentences under two language models, and their lengths.
    tokens = np.array([3, 40, 12, 7, 25, 2])
    ll_a = -np.array([9.1, 150.2, 40.3, 25.0, 80.9, 8.2])
    ll_b = -np.array([8.0, 158.9, 44.1, 26.2, 86.0, 5.1])
    test = paired_permutation_test(ll_a, ll_b, tokens=tokens)
    by_hand = (ll_a.sum() - ll_b.sum()) / tokens.sum()
    assert test.statistic == pytest.approx(by_hand, abs=1e-15)
    # The mean of per-sentence differences per token weights the 2-token sentence like the 40-token one.
    assert np.mean((ll_a - ll_b) / tokens) < 0 < by_hand
    judge = stats.permutation_test((ll_a, ll_b), lambda x, y, axis=-1: (x.sum(axis) - y.sum(axis)) / tokens.sum(),
                                   permutation_type="samples", n_resamples=np.inf, vectorized=True)
    assert test.p_value == pytest.approx(judge.pvalue, abs=1e-12)


def test_bootstrap_interval_within_monte_carlo_error_of_scipy():
    rng = np.random.default_rng(11)
    a = rng.normal(0.1, 0.05, 30)
    b = a - rng.normal(0.02, 0.04, 30)
    ours = bootstrap_difference(a, b, n_resamples=N, seed=5)
    judge = stats.bootstrap((a, b), _mean_diff, paired=True, vectorized=True, method="percentile",
                            n_resamples=N, rng=np.random.default_rng(6)).confidence_interval
    spread = ours.distribution.std()
    assert ours.statistic == pytest.approx(np.mean(a - b), abs=1e-15)
    assert abs(ours.low - judge.low) < 0.15 * spread and abs(ours.high - judge.high) < 0.15 * spread
    # The bootstrap spread of a mean is, in expectation, the plug-in standard error sd(d, ddof=0) / sqrt(n).
    assert spread == pytest.approx(np.std(a - b) / math.sqrt(30), rel=0.05)


def test_bootstrap_per_token_resamples_documents_and_matches_scipy():
    rng = np.random.default_rng(12)
    tokens = rng.integers(2, 60, 40).astype(float)
    ll_b = -tokens * rng.normal(5.0, 0.6, 40)
    ll_a = ll_b + tokens * rng.normal(0.05, 0.3, 40)
    ours = bootstrap_difference(ll_a, ll_b, tokens=tokens, n_resamples=N, seed=1)
    judge = stats.bootstrap((ll_a, ll_b, tokens), lambda x, y, t, axis=-1: (x.sum(axis) - y.sum(axis)) / t.sum(axis),
                            paired=True, vectorized=True, method="percentile", n_resamples=N,
                            rng=np.random.default_rng(2)).confidence_interval
    spread = ours.distribution.std()
    assert ours.statistic == pytest.approx((ll_a.sum() - ll_b.sum()) / tokens.sum(), abs=1e-14)
    assert abs(ours.low - judge.low) < 0.15 * spread and abs(ours.high - judge.high) < 0.15 * spread


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_seed_comparison_exact_equals_scipy(alternative):
    a = [0.312, 0.298, 0.331, 0.305, 0.322]
    b = [0.301, 0.279, 0.315, 0.296]
    ours = seed_comparison(a, b, alternative=alternative)
    judge = stats.permutation_test((a, b), lambda x, y, axis=-1: x.mean(axis) - y.mean(axis),
                                   permutation_type="independent", alternative=alternative, n_resamples=np.inf,
                                   vectorized=True)
    assert ours.test.exact and ours.test.n_resamples == math.comb(9, 5)
    assert np.sort(ours.test.null_distribution) == pytest.approx(np.sort(judge.null_distribution), abs=1e-15)
    assert ours.test.p_value == pytest.approx(judge.pvalue, abs=1e-12)
    assert ours.difference == pytest.approx(np.mean(a) - np.mean(b), abs=1e-15)
    assert ours.sd_a == pytest.approx(np.std(a, ddof=1)) and ours.sd_b == pytest.approx(np.std(b, ddof=1))


def test_seed_comparison_random_within_monte_carlo_error():
    rng = np.random.default_rng(3)
    a, b = rng.normal(0.30, 0.02, 12), rng.normal(0.29, 0.02, 12)
    ours = seed_comparison(a, b, n_resamples=N, seed=9)
    judge = stats.permutation_test((a, b), lambda x, y, axis=-1: x.mean(axis) - y.mean(axis),
                                   n_resamples=N, vectorized=True, rng=np.random.default_rng(8))
    assert not ours.test.exact
    p = max(judge.pvalue, ours.test.p_value)
    assert abs(ours.test.p_value - judge.pvalue) < 5 * 2 * math.sqrt(2 * p * (1 - p) / N)


def test_holm_by_hand_and_benjamini_hochberg_against_scipy():
    # Sorted 0.01, 0.03, 0.04 times 3, 2, 1 = 0.03, 0.06, 0.04 -> kept in order: 0.03, 0.06, 0.06.
    assert holm([0.01, 0.04, 0.03]).tolist() == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.9]).tolist() == [1.0, 1.0]
    p = np.random.default_rng(1).random(25) ** 3
    assert benjamini_hochberg(p) == pytest.approx(stats.false_discovery_control(p), abs=1e-15)


def test_bad_input():
    with pytest.raises(ValueError, match="a has 3 scores but b has 2"):
        paired_permutation_test([1, 2, 3], [1, 2])
    with pytest.raises(ValueError, match="n_resamples must be at least 1"):
        paired_permutation_test([1, 2, 3], [1, 2, 4], n_resamples=0)
    with pytest.raises(ValueError, match="n_resamples must be at least 1"):
        bootstrap_difference([1, 2, 3], [1, 2, 4], n_resamples=-5)
    with pytest.raises(ValueError, match="n_resamples must be at least 1"):
        seed_comparison([1, 2, 3], [1, 2, 4], n_resamples=0)
    with pytest.raises(ValueError, match="more than 1,000,000"):
        paired_permutation_test([1, 2, 3], [1, 2, 4], n_resamples=2_000_000)
    with pytest.raises(ValueError, match="draws, more than"):
        bootstrap_difference(np.arange(5000.0), np.zeros(5000), n_resamples=500_000)
    with pytest.raises(ValueError, match="level must lie strictly between 0 and 1"):
        bootstrap_difference([1, 2, 3], [1, 2, 4], level=95)
    with pytest.raises(ValueError, match=r"tokens\[1\] is 0"):
        bootstrap_difference([1, 2], [1, 3], tokens=[4, 0])
    with pytest.raises(ValueError, match=r"a\[1\] is nan"):
        paired_permutation_test([1, float("nan")], [1, 2])
    with pytest.raises(ValueError, match="runs_b holds 1 run"):
        seed_comparison([0.3, 0.31], [0.29])
    with pytest.raises(ValueError, match="alternative must be one of"):
        paired_permutation_test([1, 2], [2, 1], alternative="bigger")
    with pytest.raises(ValueError, match=r"p_values\[0\] is 1.5"):
        holm([1.5, 0.2])


def test_12_three_runs_against_three_can_never_reach_a_two_sided_p_below_a_tenth():
    # Notebook 12, section 3: C(6, 3) = 20 arrangements; the most extreme data leave 2 of them as extreme.
    best = seed_comparison([0.3, 0.31, 0.32], [0.1, 0.11, 0.12])
    assert best.test.exact and best.test.n_resamples == 20
    assert best.test.p_value == pytest.approx(2 / 20)
    judge = stats.permutation_test(([0.3, 0.31, 0.32], [0.1, 0.11, 0.12]),
                                   lambda x, y, axis=-1: x.mean(axis) - y.mean(axis), n_resamples=np.inf,
                                   vectorized=True)
    assert judge.pvalue == pytest.approx(0.1)
