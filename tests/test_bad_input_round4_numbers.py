"""Bad input, round four (issue 52): no NaN or infinity from finite inputs near 1e308.

Each call below returned NaN or ±inf (or raised an internal error) before: sums and differences of scores near
1e308 overflowed.  Now either the result is computed in scaled space (Krippendorff's α: a power of two changes
neither the interval nor the ratio metric's α, exactly), checked here against the `krippendorff` package on
the same ratings divided by 10^300, or the input is refused with a ValueError naming the argument.
"""

import math

import numpy as np
import pytest

from teachkit.evaluation import heldout_likelihood as H
from teachkit.evaluation import raters as R
from teachkit.evaluation import significance as S
from teachkit.lm import compare as C
from teachkit.lm import neural as N

PHI = np.array([[0.5, 0.2, 0.1, 0.1, 0.05, 0.05], [0.1, 0.1, 0.2, 0.2, 0.2, 0.2]])
DOC = [0, 3, 3, 5, 1]


@pytest.mark.parametrize("call, match", [
    (lambda: S.bootstrap_difference([1e308] * 3, [-1e308] * 3), "a and b are so large .* pass what a float holds"),
    (lambda: S.paired_permutation_test([1.7e308] * 3, [-1.7e308] * 3), "a and b are so large"),
    (lambda: S.bootstrap_difference([1.0, 2, 3], [1, 2, 4], tokens=[1e308, 1, 1]), r"tokens\[0\] is 1e\+308"),
    (lambda: C.bootstrap_cross_entropy_difference([-1.0, -2.0], [-1.5, -2.0], [1e308, 1]), r"counts\[0\] is 1e\+308"),
    (lambda: S.seed_comparison([1.7e308, -1.7e308], [1, 2]), "runs_a are so large .* differences or spread"),
    (lambda: H.exact_log_likelihood(DOC, PHI, 1e308), "alpha sums to more than 1e\\+08"),
    (lambda: H.importance_sampling(DOC, PHI, 1e308), "alpha sums to more than"),
    (lambda: H.document_completion(DOC, PHI, 1e308), "alpha sums to more than"),
    (lambda: H.left_to_right(DOC, PHI, 1e308), "alpha sums to more than"),
    (lambda: H.harmonic_mean(DOC, PHI, [1e308, 1e308]), "alpha sums to more than"),
    (lambda: N.softmax([np.nan, 0.0]), "z holds NaN"),
    (lambda: N.softmax([[0.0, np.inf]]), r"z holds \+inf"),
    (lambda: N.softmax([-np.inf, -np.inf]), "a row of -inf only"),
])
def test_what_no_float_can_hold_is_refused_by_name(call, match):
    with pytest.raises(ValueError, match=match):
        call()


A_BIG, B_SMALL = np.array([1e308, -1e308, 1e308]), np.array([1.0, 2.0, 3.5])
TWO_1000 = 2.0 ** 1000


def test_a_paired_test_near_1e308_is_the_same_test_in_scaled_units():
    """Dividing both by 2**1000 is exact: the p-value is the same, the statistic 2**1000 times smaller."""
    big = S.paired_permutation_test(A_BIG, B_SMALL)
    small = S.paired_permutation_test(A_BIG / TWO_1000, B_SMALL / TWO_1000)
    assert big.p_value == small.p_value and big.exact
    assert big.statistic == small.statistic * TWO_1000
    assert big.statistic == pytest.approx((1e308 - 1e308 + 1e308 - 6.5) / 3, rel=1e-15)
    assert np.isfinite(big.null_distribution).all()


def test_a_bootstrap_near_1e308_is_the_same_bootstrap_in_scaled_units():
    big = S.bootstrap_difference(A_BIG, B_SMALL, n_resamples=500, seed=3)
    small = S.bootstrap_difference(A_BIG / TWO_1000, B_SMALL / TWO_1000, n_resamples=500, seed=3)
    assert (big.low, big.high) == (small.low * TWO_1000, small.high * TWO_1000)
    assert math.isfinite(big.statistic) and math.isfinite(big.low) and math.isfinite(big.high)


def test_a_seed_comparison_near_1e308_gives_means_and_spreads_by_hand():
    result = S.seed_comparison(A_BIG, B_SMALL)
    assert result.mean_a == pytest.approx(1e308 / 3, rel=1e-15)
    assert result.sd_a == pytest.approx(np.std([1.0, -1.0, 1.0], ddof=1) * 1e308, rel=1e-15)
    assert result.sd_b == np.std(B_SMALL, ddof=1)
    assert result.test.statistic == pytest.approx(1e308 / 3 - 6.5 / 3, rel=1e-15)
    assert 0 < result.test.p_value <= 1


def test_the_cross_entropy_bootstrap_of_log_probabilities_near_minus_1e308():
    same = C.bootstrap_cross_entropy_difference([-1e308, -1e308], [-1e308, -1e308], [1, 1])
    assert (same.difference, same.low, same.high) == (0.0, 0.0, 0.0)
    # A loses 1e308 bits more on the first unit: Δ = (Σb - Σa) / Σm = 1e308 / 2, and a resample of the two
    # units takes Δ in {0, 1e308 / 2, 1e308}.
    r = C.bootstrap_cross_entropy_difference([-1.5e308, -1e308], [-0.5e308, -1e308], [1, 1], resamples=400)
    assert r.difference == pytest.approx(0.5e308, rel=1e-15)
    assert r.low == 0.0 and r.high == pytest.approx(1e308, rel=1e-15)


def test_ordinary_scores_give_the_same_bits_as_before():
    """Scaling is used only near 1e308: ordinary statistics are computed as they always were."""
    a, b = [0.12, 0.10, 0.15, 0.09, 0.14], [0.10, 0.09, 0.11, 0.09, 0.10]
    assert S.paired_permutation_test(a, b).statistic == float((np.array(a) - np.array(b)).sum() / 5)
    runs = S.seed_comparison([0.1, 0.3, 0.2], [0.0, 0.05, 0.1])
    assert (runs.sd_a, runs.sd_b) == (np.std([0.1, 0.3, 0.2], ddof=1), np.std([0.0, 0.05, 0.1], ddof=1))
    r = C.bootstrap_cross_entropy_difference([-12.0, -9.0], [-10.0, -10.0], [10, 10], resamples=1000)
    assert (r.difference, r.low, r.high) == (0.05, -0.1, 0.2)


def test_seed_comparison_sd_of_scores_whose_squares_overflow():
    """np.std squares the deviations: 1e200 squared overflowed; the spread is computed on scaled values."""
    result = S.seed_comparison([1e200, 3e200], [1.0, 2.0], n_resamples=10)
    assert result.sd_a == pytest.approx(math.sqrt(2) * 1e200, rel=1e-12)


krippendorff = pytest.importorskip("krippendorff")


@pytest.mark.parametrize("level", ["interval", "ratio"])
@pytest.mark.parametrize("rows", [
    [[1e308, -1e308], [1e308, 1e308], [0, 1]],
    [[3e300, -1e300], [2e300, 2e300], [0, 1e300], [5e299, 1e300]],
    [[1.7e308, 1.7e308, 1e308], [-1.7e308, 0, 1e307], [1e308, 9e307, None]],
])
def test_krippendorff_alpha_near_1e308_equals_the_package_on_the_same_ratings_scaled_down(level, rows):
    ours = R.krippendorff_alpha(rows, level=level)
    scaled = np.array([[np.nan if v is None else v / 1e300 for v in row] for row in rows])
    theirs = krippendorff.alpha(reliability_data=scaled.T, level_of_measurement=level)
    assert math.isfinite(ours)
    assert ours == pytest.approx(theirs, abs=1e-9)


@pytest.mark.parametrize("alpha", [1e8 / 2 * 1.0000001, [1e8, 1.0]])
def test_alpha_just_above_the_limit_is_refused_and_just_below_it_is_finite(alpha):
    with pytest.raises(ValueError, match="alpha sums to more than 1e\\+08"):
        H.exact_log_likelihood(DOC, PHI, alpha)
    assert math.isfinite(H.exact_log_likelihood(DOC, PHI, 1e8 / 2 * 0.999))


def test_a_huge_alpha_below_the_limit_gives_the_uniform_mixture_likelihood():
    """With α → ∞, θ is the prior mean (1/2, 1/2): p(w) → Π_n (φ_0[w_n] + φ_1[w_n]) / 2."""
    uniform = float(np.sum(np.log(PHI[:, DOC].mean(axis=0))))
    assert H.exact_log_likelihood(DOC, PHI, 1e7) == pytest.approx(uniform, abs=1e-5)
