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

from teachkit.evaluation.significance import (ALTERNATIVES, benjamini_hochberg, bootstrap_difference, cochran_q,
                                              holm, mcnemar, paired_permutation_test, seed_comparison)

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


def test_holm_step_down_by_hand_where_the_running_maximum_decides():
    # Sorted 0.010, 0.011, 0.012, 0.013 times 4, 3, 2, 1 = 0.040, 0.033, 0.024, 0.013: each product after the
    # first is smaller, so without the running maximum the larger p-values would get the smaller adjusted
    # values; Holm's step-down gives all four max(0.040, ...) = 0.040.
    assert holm([0.013, 0.010, 0.012, 0.011]).tolist() == pytest.approx([0.04] * 4, abs=1e-15)
    # 0.3, 0.31, 0.9 times 3, 2, 1 = 0.9, 0.62, 0.9 -> 0.9, 0.9, 0.9 (the maximum again, no cap needed).
    assert holm([0.9, 0.31, 0.3]).tolist() == pytest.approx([0.9, 0.9, 0.9], abs=1e-15)
    # Capped at 1 (an adjusted p-value is a probability): 0.4, 0.6, 0.7 times 3, 2, 1 = 1.2, 1.2, 0.7 -> 1, 1, 1.
    assert holm([0.7, 0.4, 0.6]).tolist() == [1.0, 1.0, 1.0]


def test_holm_adjusted_values_give_the_sequential_procedures_decisions():
    # Holm (1979) as a procedure: sort, reject H_(1), H_(2), ... while p_(i) <= α / (m - i + 1), stop at the
    # first that is not.  An adjusted p-value is <= α exactly when its hypothesis is rejected, for every α.
    rng = np.random.default_rng(5)
    for _ in range(200):
        m = int(rng.integers(1, 12))
        p = rng.random(m) ** 3
        adjusted = holm(p)
        assert ((p <= adjusted) & (adjusted <= 1)).all()      # never below the raw p, never above 1
        for alpha in (0.01, 0.05, 0.1, 0.2, 0.5):
            rejected = np.zeros(m, bool)
            for i, j in enumerate(np.argsort(p, kind="stable")):
                if p[j] > alpha / (m - i):
                    break
                rejected[j] = True
            assert ((adjusted <= alpha) == rejected).all(), (p, alpha)


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


# ------------------------------------------------------------------ Cochran's Q and McNemar (paired 0/1 outcomes)
def _chi2_sf_even_df(x, df):
    """Upper tail of chi-square with an even df, by its closed form exp(-x/2) sum_{i < df/2} (x/2)^i / i!."""
    return math.exp(-x / 2) * sum((x / 2) ** i / math.factorial(i) for i in range(df // 2))


def _cochran_by_hand(table):
    n, k = len(table), len(table[0])
    cols = [sum(row[j] for row in table) for j in range(k)]
    rows = [sum(row) for row in table]
    t = sum(rows)
    # Cochran's (1950) form, k (k - 1) sum_j (C_j - mean C)^2 / sum_i R_i (k - R_i), not the expanded one teachkit uses
    mean_c = t / k
    return (k - 1) * k * sum((c - mean_c) ** 2 for c in cols) / sum(r * (k - r) for r in rows), n


def test_cochran_q_by_hand_and_against_the_chi_square_tail():
    rng = np.random.default_rng(3)
    for k in (2, 3, 4):
        for _ in range(5):
            table = (rng.random((24, k)) < rng.uniform(0.3, 0.8, k)).astype(int).tolist()
            q_hand, n = _cochran_by_hand(table)
            got = cochran_q(table)
            assert got.statistic == pytest.approx(q_hand, rel=1e-12) and got.df == k - 1 and got.n_items == 24
            if (k - 1) % 2 == 0:
                assert got.p_value == pytest.approx(_chi2_sf_even_df(q_hand, k - 1), rel=1e-10)
            assert got.p_value == pytest.approx(stats.chi2.sf(q_hand, k - 1), rel=1e-10)
            assert got.hit_rates == pytest.approx(tuple(np.mean(table, axis=0)))


def test_cochran_q_with_two_methods_is_mcnemars_chi_square():
    a = [1] * 9 + [0] * 3 + [1] * 5 + [0] * 7
    b = [0] * 9 + [1] * 3 + [1] * 5 + [0] * 7
    q = cochran_q(np.column_stack([a, b]))
    assert q.statistic == pytest.approx((9 - 3) ** 2 / (9 + 3))   # McNemar's chi-square, uncorrected
    assert cochran_q([[1, 1], [0, 0], [1, 1]]).p_value == 1.0    # no item tells them apart


def test_mcnemar_exact_against_scipy_binomtest():
    rng = np.random.default_rng(8)
    for _ in range(20):
        a = (rng.random(30) < 0.6).astype(int)
        b = (rng.random(30) < 0.45).astype(int)
        got = mcnemar(a, b)
        only_a, only_b = int(np.sum(a > b)), int(np.sum(b > a))
        assert (got.only_a, got.only_b, got.n_items) == (only_a, only_b, 30)
        expected = stats.binomtest(only_a, only_a + only_b, 0.5).pvalue if only_a + only_b else 1.0
        assert got.p_value == pytest.approx(expected, rel=1e-12)


def test_cochran_and_mcnemar_refuse_bad_input():
    with pytest.raises(ValueError, match=r"outcomes\[0, 1\] is 2.0"):
        cochran_q([[1, 2], [0, 1]])
    with pytest.raises(ValueError, match="NaN"):
        cochran_q([[1, float("nan")], [0, 1]])
    with pytest.raises(ValueError, match="2-dimensional"):
        cochran_q([1, 0, 1])
    with pytest.raises(ValueError, match="at least 2"):
        cochran_q([[1, 0]])
    with pytest.raises(ValueError, match="a has 3 outcomes but b has 2"):
        mcnemar([1, 0, 1], [1, 0])
    with pytest.raises(TypeError, match="a must be a sequence of 0/1"):
        mcnemar("101", [1, 0, 1])
