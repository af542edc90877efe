"""Krippendorff's alpha (the krippendorff package is the judge) and split-half reliability with Spearman-Brown."""

import math

import krippendorff
import numpy as np
import pytest
from scipy.stats import pearsonr

from teachkit.evaluation.raters import (ALPHA_LEVELS, krippendorff_alpha, spearman_brown,
                                        split_half_reliability)
from teachkit import load_human_ratings

SMALL = [[1, 1], [2, 2], [3, 3], [3, 2]]


def _judge(rows, level):
    """The krippendorff package on the same data: it wants one row per rater (the transpose), NaN for missing."""
    width = max(len(r) for r in rows)
    matrix = np.full((len(rows), width), np.nan)
    for i, r in enumerate(rows):
        matrix[i, :len(r)] = [np.nan if v is None else v for v in r]
    return krippendorff.alpha(reliability_data=matrix.T, level_of_measurement=level)


def test_alpha_by_hand():
    # o = [[2, 0, 0], [0, 2, 1], [0, 1, 2]], n_c = (2, 3, 3), n = 8; observed sum 2.
    # interval expected: 2 (2*3*1 + 2*3*4 + 3*3*1) = 78; nominal: 2 (6 + 6 + 9) = 42.
    assert krippendorff_alpha(SMALL) == pytest.approx(1 - 7 * 2 / 78, abs=1e-15)
    assert krippendorff_alpha(SMALL, level="nominal") == pytest.approx(1 - 7 * 2 / 42, abs=1e-15)
    # ordinal: d(1,2) = 2/2 + 3/2 = 2.5, d(2,3) = 3/2 + 3/2 = 3, d(1,3) = 1 + 3 + 1.5 = 5.5 (squared below).
    expected = 2 * (2 * 3 * 2.5**2 + 2 * 3 * 5.5**2 + 3 * 3 * 3**2)
    assert krippendorff_alpha(SMALL, level="ordinal") == pytest.approx(1 - 7 * (2 * 3**2) / expected, abs=1e-15)


@pytest.mark.parametrize("level", ALPHA_LEVELS)
def test_alpha_against_krippendorff_on_random_data_with_gaps(level):
    rng = np.random.default_rng(5)
    for _ in range(20):
        units, raters = int(rng.integers(3, 30)), int(rng.integers(2, 7))
        data = rng.integers(1, 6, (units, raters)).astype(float)
        data[rng.random(data.shape) < 0.2] = np.nan
        rows = data.tolist()
        if sum(np.isfinite(r).sum() >= 2 for r in data) == 0 or np.unique(data[np.isfinite(data)]).size < 2:
            continue
        assert krippendorff_alpha(rows, level=level) == pytest.approx(_judge(rows, level), abs=1e-12)


@pytest.mark.parametrize("level", ["interval", "ordinal"])
def test_alpha_on_hoyle_ratings_against_krippendorff(level):
    data = load_human_ratings()
    for corpus in data.corpora:
        rows = [list(t.ratings) for t in data.select(corpus=corpus).topics]
        ours = krippendorff_alpha(rows, level=level)
        assert ours == pytest.approx(_judge(rows, level), abs=1e-12)
        assert 0 < ours < 0.667        # crowd ratings of topics: agreement well below Krippendorff's bar


def test_rows_of_different_lengths_and_missing_ratings():
    rows = [[1, 2, None], [3, 3], [2, float("nan"), 2, 1], [5]]
    assert krippendorff_alpha(rows) == pytest.approx(_judge(rows, "interval"), abs=1e-12)


def test_spearman_brown_by_hand():
    assert spearman_brown(0.6, 2) == pytest.approx(0.75)
    assert spearman_brown(0.5, 3) == pytest.approx(1.5 / 2)
    assert spearman_brown(0.75, 0.5) == pytest.approx(0.6)   # stepping down undoes stepping up


def test_split_half_odd_even_by_hand():
    ratings = [[1, 1, 2, 1], [3, 3, 2, 3], [2, 2, 2, 1], [3, 2, 3, 3]]
    result = split_half_reliability(ratings, split="odd-even")
    a, b = [1.5, 2.5, 2.0, 3.0], [1.0, 3.0, 1.5, 2.5]          # means of positions 0, 2 and 1, 3
    r = pearsonr(a, b).statistic
    assert result.half_size == 2 and result.n_splits == 1
    assert result.half_correlation == pytest.approx(r, abs=1e-12)
    assert result.reliability == pytest.approx(2 * r / (1 + r), abs=1e-12)
    r1 = r / (2 - r)                                          # one rater: solve r = 2 r1 / (1 + r1)
    assert result.single_rater == pytest.approx(r1, abs=1e-12)
    assert result.reliability_of(4) == pytest.approx(4 * r1 / (1 + 3 * r1), abs=1e-12)
    assert result.raters_needed(0.95) == math.ceil(0.95 * (1 - r1) / (r1 * 0.05))


def test_split_half_on_hoyle_and_raters_needed():
    data = load_human_ratings().select(corpus="wikitext")
    rows = [list(t.ratings) for t in data.topics]
    result = split_half_reliability(rows, n_splits=50, seed=1)
    assert result.half_size == 7 and result.n_units == 150
    # The mean of 14 raters is far more reliable than one rater; the prophecy is monotone in raters.
    assert result.single_rater < result.reliability < 1
    assert result.reliability_of(result.raters_needed(0.9)) >= 0.9
    assert result.reliability_of(result.raters_needed(0.9) - 1) < 0.9 or result.raters_needed(0.9) == 1


def test_bad_input():
    with pytest.raises(ValueError, match="single rater"):
        krippendorff_alpha([[1], [2], [3]])
    with pytest.raises(ValueError, match="single rater"):
        split_half_reliability([[1, 2], [2], [3, 1]])
    with pytest.raises(ValueError, match="no variation"):
        krippendorff_alpha([[2, 2], [2, 2]])
    with pytest.raises(ValueError, match="level must be one of"):
        krippendorff_alpha(SMALL, level="likert")
    with pytest.raises(TypeError, match="ratings must be numbers"):
        krippendorff_alpha([[1, "2"]])
    with pytest.raises(TypeError, match="one row of ratings per unit"):
        krippendorff_alpha("1 2 3")
    with pytest.raises(ValueError, match="target must lie strictly between 0 and 1"):
        split_half_reliability([[1, 2], [2, 2], [3, 3]], split="odd-even").raters_needed(1.0)
    with pytest.raises(ValueError, match="reliability must lie in"):
        spearman_brown(1.5, 2)


def test_12_hoyle_single_ratings_agree_poorly_but_their_means_are_reliable():
    # Notebook 12, section 2: alpha below Krippendorff's 0.667 on both corpora and both levels, yet the mean of
    # 14 ratings reliable (> 0.8).  Checked with the krippendorff package and a split written out with numpy.
    data = load_human_ratings()
    for corpus in data.corpora:
        rows = np.array([t.ratings for t in data.select(corpus=corpus).topics], dtype=float)
        for level in ("interval", "ordinal"):
            assert _judge(rows.tolist(), level) < 0.667
        r = np.corrcoef(rows[:, 0:14:2].mean(axis=1), rows[:, 1:14:2].mean(axis=1))[0, 1]
        assert 2 * r / (1 + r) > 0.8
        assert split_half_reliability(rows, n_splits=100, seed=0).reliability > 0.8
