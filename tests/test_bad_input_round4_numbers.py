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
    (lambda: C.bootstrap_cross_entropy_difference([-1e308, -1e308], [-1e308, -1e308], [1, 1]),
     r"log2_a\[0\] is -1e\+308, too large to sum or difference"),
    (lambda: S.paired_permutation_test([1e308, -1e308, 1e308], [1, 2, 3.5]), r"a\[0\] is 1e\+308, too large"),
    (lambda: S.bootstrap_difference([1e308, -1e308, 1e308], [1, 2, 3.5]), r"a\[0\] is 1e\+308, too large"),
    (lambda: S.bootstrap_difference([1e308] * 3, [-1e308] * 3), r"a\[0\] is 1e\+308"),
    (lambda: S.bootstrap_difference([1.0, 2, 3], [1, 2, 4], tokens=[1e308, 1, 1]), r"tokens\[0\] is 1e\+308"),
    (lambda: S.seed_comparison([1e308, -1e308, 1e308], [1, 2, 3.5]), r"runs_a\[0\] is 1e\+308, too large"),
    (lambda: H.exact_log_likelihood(DOC, PHI, 1e308), "alpha sums to more than 1e\\+08"),
    (lambda: H.importance_sampling(DOC, PHI, 1e308), "alpha sums to more than"),
    (lambda: H.document_completion(DOC, PHI, 1e308), "alpha sums to more than"),
    (lambda: H.left_to_right(DOC, PHI, 1e308), "alpha sums to more than"),
    (lambda: H.harmonic_mean(DOC, PHI, [1e308, 1e308]), "alpha sums to more than"),
    (lambda: N.softmax([np.nan, 0.0]), "z holds NaN"),
    (lambda: N.softmax([[0.0, np.inf]]), r"z holds \+inf"),
    (lambda: N.softmax([-np.inf, -np.inf]), "a row of -inf only"),
])
def test_finite_inputs_too_large_to_compute_with_are_refused_by_name(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_the_limit_is_where_the_sums_overflow_and_just_below_it_the_numbers_are_right():
    """Scores of 1e306 (below the limit of 1.5e307 for 3 pairs) give the statistic that float sums give."""
    a, b = [1e306, -1e306, 2e306], [1.0, 2.0, 3.5]
    test = S.paired_permutation_test(a, b, n_resamples=100)
    assert test.statistic == pytest.approx((1e306 - 1e306 + 2e306) / 3, rel=1e-12)
    assert math.isfinite(test.p_value) and np.isfinite(test.null_distribution).all()
    seeds = S.seed_comparison([1e306, -1e306, 1e306], [1, 2, 3.5], n_resamples=100)
    assert seeds.sd_a == pytest.approx(np.std(np.array([1.0, -1.0, 1.0]), ddof=1) * 1e306, rel=1e-12)
    assert math.isfinite(seeds.sd_b)


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
