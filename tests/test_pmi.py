"""PMI and NPMI: the documents' worked examples, by hand, and the definition's properties."""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st

from teachkit import npmi, npmi_from_counts, pmi, probabilities_from_counts


# --- NPMI guide, "The Mathematics": N = 10,000, c(running) = 500, c(exercise) = 400, both 150

def test_guide_running_exercise():
    p_r, p_e, p_re = 500 / 10_000, 400 / 10_000, 150 / 10_000
    assert (p_r, p_e, p_re) == (0.05, 0.04, 0.015)            # printed 0.05, 0.04, 0.015
    assert round(p_r * p_e, 3) == 0.002                        # printed 0.002
    # PMI = ln(0.015 / 0.002) = ln 7.5 = 2.0149...; printed "≈ 2.01"
    assert pmi(0.015, 0.05, 0.04) == pytest.approx(math.log(7.5), rel=1e-12)
    assert f"{pmi(0.015, 0.05, 0.04):.2f}" == "2.01"
    # -ln 0.015 = 4.1997...; printed "≈ 4.20"; NPMI = 2.0149 / 4.1997 = 0.4798; printed "≈ 0.48"
    assert f"{-math.log(0.015):.2f}" == "4.20"
    assert f"{npmi(0.015, 0.05, 0.04):.2f}" == "0.48"
    assert npmi_from_counts(150, 500, 400, 10_000) == pytest.approx(math.log(7.5) / -math.log(0.015), rel=1e-12)


def test_guide_raw_counts_mislead():
    # 150 windows with exercise (400) vs 12 with meeting (4000): PMI says the
    # opposite of the raw counts' order of magnitude suggests for meeting.
    assert npmi_from_counts(150, 500, 400, 10_000) > 0
    # P(r, m) = 0.0012 < P(r) P(m) = 0.05 * 0.4 = 0.02 -> PMI = ln 0.06 < 0
    assert pmi(12 / 10_000, 0.05, 0.4) == pytest.approx(math.log(0.06), rel=1e-12)
    assert npmi_from_counts(12, 500, 4000, 10_000) < 0


# --- Portuguese note: canção 7/684, exílio 4/684, both 4/684, log base 2

def test_cancao_exilio_log2():
    p_c, p_e, p_ce = 7 / 684, 4 / 684, 4 / 684
    # PMI = log2((4/684) / ((4/684)(7/684))) = log2(684/7) = 6.6105 -> printed "6,610" (eq. 2)
    assert pmi(p_ce, p_c, p_e, base=2) == pytest.approx(math.log2(684 / 7), rel=1e-12)
    assert f"{pmi(p_ce, p_c, p_e, base=2):.3f}" == "6.610"
    # eq. 4 prints 6,601: a transposition; the correct PMI is not 6.601
    assert f"{pmi(p_ce, p_c, p_e, base=2):.3f}" != "6.601"
    # NPMI = 6.6105 / -log2(4/684) = 6.6105 / 7.4179 = 0.8912 -> printed "0,891"
    assert f"{npmi(p_ce, p_c, p_e):.3f}" == "0.891"
    assert npmi(p_ce, p_c, p_e) == pytest.approx(math.log2(684 / 7) / -math.log2(4 / 684), rel=1e-12)
    # With the typo's 6.601 the quotient would be 0.890, so 0,891 came from the right PMI.
    assert f"{6.601 / -math.log2(4 / 684):.3f}" == "0.890"


def test_semantic_document_example4_npmi():
    # 004, Example 4: P = 450/10000, 1200/10000, 1500/10000
    assert f"{pmi(0.045, 0.12, 0.15):.3f}" == "0.916"          # ln 2.5
    assert f"{-math.log(0.045):.3f}" == "3.101"
    assert f"{npmi_from_counts(450, 1200, 1500, 10_000):.3f}" == "0.295"


# --- exact values at the ends --------------------------------------------------

def test_npmi_exact_ends_and_zero():
    assert npmi(0.0, 0.3, 0.2) == -1.0
    assert npmi(0.2, 0.2, 0.2) == 1.0
    assert npmi(1.0, 1.0, 1.0) == 1.0          # 0/0 in the formula, +1 in the limit
    assert npmi(0.125, 0.25, 0.5) == 0.0       # independent: 0.25 * 0.5 = 0.125 exactly
    assert pmi(0.0, 0.3, 0.2) == -math.inf     # documented: PMI is unbounded below


def test_arrays_broadcast():
    out = npmi(np.array([0.0, 0.125, 0.25]), 0.25, 0.5)
    assert out.tolist() == [-1.0, 0.0, math.log(2) / math.log(4)]


# --- the three smoothing conventions, by hand -----------------------------------

def test_never_co_occurring_pair_under_each_convention():
    c_x, c_y, n, eps = 500, 400, 10_000, 1e-12
    assert npmi_from_counts(0, c_x, c_y, n) == -1.0
    # guide: every p = (c + eps) / (n + eps)
    p12, p1, p2 = eps / (n + eps), (c_x + eps) / (n + eps), (c_y + eps) / (n + eps)
    guide = math.log(p12 / (p1 * p2)) / -math.log(p12)
    assert npmi_from_counts(0, c_x, c_y, n, eps=eps, zero="guide") == pytest.approx(guide, rel=1e-12)
    assert f"{guide:.2f}" == "-0.83"   # far from -1 at eps = 1e-12 with these marginals
    # gensim: eps only inside the logs of the joint probability
    g = math.log((0 / n + eps) / ((c_x / n) * (c_y / n))) / -math.log(0 / n + eps)
    assert npmi_from_counts(0, c_x, c_y, n, eps=eps, zero="epsilon") == pytest.approx(g, rel=1e-12)


def test_always_co_occurring_pair_gensim_says_minus_one():
    n, eps = 1000, 1e-12
    assert npmi_from_counts(n, n, n, n) == 1.0
    # guide: p_xy = (1000 + eps) / (1000 + eps) = 1, so its denominator -log 1 = 0 and its guard returns 0
    assert npmi_from_counts(n, n, n, n, eps=eps, zero="guide") == 0.0
    # gensim: log((1 + eps) / 1) / -log(1 + eps) = -1
    assert npmi_from_counts(n, n, n, n, eps=eps, zero="epsilon") == -1.0


def test_guide_epsilon_example():
    # "(0 + 1e-12) / (10000 + 1e-12) ≈ 1e-16; log(1e-16) ≈ -36.8"
    p12, _, _ = probabilities_from_counts(0, 1, 1, 10_000, eps=1e-12, zero="guide")
    assert p12 == pytest.approx(1e-16, rel=1e-12)
    assert f"{math.log(p12):.1f}" == "-36.8"


def test_rare_words_score_high():
    # c(w1) = 2, c(w2) = 3, c(both) = 2 of 10,000: NPMI = ln(1/0.0003) / -ln(0.0002) = 0.952
    assert npmi_from_counts(2, 2, 3, 10_000) == pytest.approx(math.log(1 / 0.0003) / -math.log(0.0002), rel=1e-12)
    assert npmi_from_counts(2, 2, 3, 10_000) > 0.95


# --- bad input ------------------------------------------------------------------

@pytest.mark.parametrize("args, match", [
    ((1.2, 0.5, 0.5), "p_xy must lie in"),
    ((-0.1, 0.5, 0.5), "p_xy must lie in"),
    ((0.1, float("nan"), 0.5), "p_x is NaN"),
    ((0.3, 0.2, 0.5), "larger than p_x or p_y"),
    ((0.0, 0.0, 0.5), "p_x or p_y is 0"),
    ((0.0, 0.8, 0.8), "smaller than p_x \\+ p_y - 1"),
])
def test_bad_probabilities(args, match):
    for f in (pmi, npmi):
        with pytest.raises(ValueError, match=match):
            f(*args)


def test_bad_base():
    with pytest.raises(ValueError, match="base"):
        pmi(0.1, 0.2, 0.3, base=1)
    with pytest.raises(ValueError, match="base"):
        pmi(0.1, 0.2, 0.3, base=-2)


@pytest.mark.parametrize("args, kwargs, match", [
    ((-1, 5, 5, 10), {}, "c_xy must be zero or more"),
    ((1.5, 5, 5, 10), {}, "whole numbers"),
    ((6, 5, 5, 10), {}, "more than c_x or c_y"),
    ((1, 11, 5, 10), {}, "more than n"),
    ((0, 0, 0, 0), {}, "n must be at least 1"),
    ((0, 0, 5, 10), {}, "c_x or c_y is 0"),
    ((0, 8, 8, 10), {}, "impossible"),
    ((1, 5, 5, 10), {"eps": 1e-12}, "no effect"),
    ((1, 5, 5, 10), {"eps": -1.0, "zero": "guide"}, "eps must be at least"),
    ((0, 5, 5, 10), {"zero": "epsilon"}, "eps=0 is undefined"),
])
def test_bad_counts(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        npmi_from_counts(*args, **kwargs)


# --- one vocabulary: zero= names the convention; smoothing=, its older spelling, was removed in 0.2.0 --------
@pytest.mark.parametrize("old, zero", [("none", "exact"), ("guide", "guide"), ("gensim", "epsilon")])
def test_the_removed_smoothing_names_the_zero_to_write(old, zero):
    from teachkit.counts.association import ALL_ZERO_CONVENTIONS, SMOOTHING_ALIASES

    assert SMOOTHING_ALIASES[old] == zero and zero in ALL_ZERO_CONVENTIONS
    eps = 0.0 if old == "none" else 1e-12
    with pytest.raises(TypeError, match=f"smoothing='{old}' was removed.*write zero='{zero}'"):
        npmi_from_counts(150, 500, 400, 10_000, eps=eps, smoothing=old)
    with pytest.raises(TypeError, match=f"write zero='{zero}'"):
        probabilities_from_counts(150, 500, 400, 10_000, eps=eps, smoothing=old)
    with pytest.raises(TypeError, match="write zero= \\(one of 'exact', 'guide', 'epsilon'\\)"):
        npmi_from_counts(150, 500, 400, 10_000, smoothing="laplace")


def test_a_bad_zero_is_named():
    with pytest.raises(ValueError, match="zero must be one of"):
        npmi_from_counts(1, 5, 5, 10, zero="plus_one")     # a measures' convention, not one for NPMI from counts
    with pytest.raises(ValueError, match="eps=0 is undefined"):
        npmi_from_counts(0, 5, 5, 10, zero="epsilon")


# --- properties -----------------------------------------------------------------

@st.composite
def consistent_counts(draw):
    n = draw(st.integers(1, 10_000))
    c_x = draw(st.integers(1, n))
    c_y = draw(st.integers(1, n))
    c_xy = draw(st.integers(max(0, c_x + c_y - n), min(c_x, c_y)))
    return c_xy, c_x, c_y, n


@settings(max_examples=300, deadline=None)
@given(consistent_counts())
def test_npmi_bounded_and_symmetric(c):
    c_xy, c_x, c_y, n = c
    v = npmi_from_counts(c_xy, c_x, c_y, n)
    assert -1.0 <= v <= 1.0
    assert v == npmi_from_counts(c_xy, c_y, c_x, n)
    for eps in (1e-12, 0.5):
        g = npmi_from_counts(c_xy, c_x, c_y, n, eps=eps, zero="guide")
        assert -1.0 <= g <= 1.0 and g == npmi_from_counts(c_xy, c_y, c_x, n, eps=eps, zero="guide")


@settings(max_examples=200, deadline=None)
@given(consistent_counts(), st.sampled_from([2, 10, math.e, 0.5]))
def test_npmi_is_base_independent(c, base):
    c_xy, c_x, c_y, n = c
    assume(0 < c_xy < n)
    p = (c_xy / n, c_x / n, c_y / n)
    by_base = pmi(*p, base=base) / -(math.log(p[0]) / math.log(base))
    assert by_base == pytest.approx(npmi(*p), abs=1e-12)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 99), st.integers(1, 99))
def test_independent_words_score_zero(a, b):
    # n = 100 * 100, c_x = 100a, c_y = 100b, c_xy = ab -> p_xy = p_x p_y exactly.
    # (a = b = 100 would put both words in every window: that is the +1 case.)
    n = 10_000
    assert npmi_from_counts(a * b, a * 100, b * 100, n) == pytest.approx(0.0, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 1000), st.integers(0, 1000))
def test_extremes(c, extra):
    n = c + extra
    assert npmi_from_counts(c, c, c, n) == 1.0
    if extra >= c:
        assert npmi_from_counts(0, c, c, n) == -1.0


def test_guide_convention_is_the_guides_code_guard_and_clamp_included():
    """The guide's Swift ``score``: NPMI = 0 when -log p_xy is 0, infinite or NaN, then clamped to [-1, 1]."""
    # a pair in every window: 0 under the guide's code, +1 by the definition, about -1 under gensim
    assert npmi_from_counts(10, 10, 10, 10, eps=1e-12, zero="guide") == 0.0
    assert npmi_from_counts(10, 10, 10, 10, eps=0.0, zero="guide") == 0.0
    assert npmi_from_counts(10, 10, 10, 10) == 1.0
    assert npmi_from_counts(10, 10, 10, 10, eps=1e-12, zero="epsilon") == pytest.approx(-1.0, abs=1e-9)
    # never together with eps = 0: p_xy = 0, -log 0 = inf, the guard returns 0 (the definition's limit is -1)
    assert npmi_from_counts(0, 500, 400, 10_000, zero="guide") == 0.0
    assert npmi_from_counts(0, 500, 400, 10_000) == -1.0
    # an ordinary pair: the exact formula on smoothed probabilities, by hand (running / exercise)
    eps, n = 1e-12, 10_000
    p12, p1, p2 = (150 + eps) / (n + eps), (500 + eps) / (n + eps), (400 + eps) / (n + eps)
    by_hand = math.log(p12 / (p1 * p2)) / -math.log(p12)
    assert npmi_from_counts(150, 500, 400, n, eps=eps, zero="guide") == pytest.approx(by_hand, rel=1e-12)
    # arrays: the guard applies element by element
    got = npmi_from_counts(np.array([10, 0, 2]), np.array([10, 5, 5]), np.array([10, 5, 5]), 10, zero="guide")
    assert got[0] == 0.0 and got[1] == 0.0
    assert got[2] == pytest.approx(math.log(0.2 / (0.5 * 0.5)) / -math.log(0.2), rel=1e-12)
