"""How much do the people who rated the topics agree? Krippendorff's alpha and split-half reliability.

* :func:`krippendorff_alpha` -- agreement among raters beyond chance, for
  nominal, ordinal, interval or ratio ratings, with any number of raters per
  unit and missing ratings allowed (Krippendorff 2011, "Computing Krippendorff's
  alpha-reliability");
* :func:`split_half_reliability` -- how reliable is a topic's *mean* rating?
  Split each topic's raters into two halves, correlate the halves' means over
  topics, and step the correlation up with the Spearman-Brown formula; the result
  says how many raters a topic would need for a reliable mean.

Alpha asks whether two people rating the same topic give the same answer;
split-half reliability asks whether two *groups* of people give the same mean.
With 15 raters per topic the second can be high while the first is low: means of
many noisy ratings are steadier than any one rating.

Examples
--------
Two raters, four topics, one disagreement by one point:

>>> round(krippendorff_alpha([[1, 1], [2, 2], [3, 3], [3, 2]], level="interval"), 4)
0.8205
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .._checks import (check_choice, check_draws, check_finite_real, check_positive_int, check_seed,
                       scale_by_power_of_two)

__all__ = ["ALPHA_LEVELS", "krippendorff_alpha", "SplitHalf", "split_half_reliability", "spearman_brown"]

#: The levels of measurement :func:`krippendorff_alpha` knows, each with its own distance between values.
ALPHA_LEVELS = ("nominal", "ordinal", "interval", "ratio")


def _rating_rows(ratings, name="ratings"):
    """``ratings`` (one row per unit, NaN or None for a missing rating; rows may differ in length) as a list of
    1-d float arrays of the present ratings."""
    if ratings is None or isinstance(ratings, (str, bytes)):
        raise TypeError(f"{name} must be a list of rows, one row of ratings per unit (topic), got {ratings!r:.60}.")
    if isinstance(ratings, np.ndarray) and ratings.ndim != 2:
        raise ValueError(f"{name} must be two-dimensional (one row of ratings per unit), got shape {ratings.shape}.")
    try:
        rows = list(ratings)
    except TypeError:
        raise TypeError(f"{name} must be a list of rows, one row of ratings per unit.") from None
    out = []
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not hasattr(row, "__iter__"):
            raise TypeError(f"{name}[{i}] is {row!r:.40}; each unit needs a row (list) of its ratings.")
        values = []
        for r in row:
            if r is None:
                continue
            if isinstance(r, bool) or not isinstance(r, numbers.Real):
                raise TypeError(f"{name}[{i}] holds {r!r}; ratings must be numbers (None or NaN where missing).")
            if math.isnan(r):
                continue
            if math.isinf(r):
                raise ValueError(f"{name}[{i}] holds {r}; ratings must be finite numbers.")
            values.append(float(r))
        out.append(np.array(values))
    if not out:
        raise ValueError(f"{name} is empty; give at least one unit with ratings from at least 2 raters.")
    return out


def _distances(values, totals, level):
    """Squared distances delta^2[c, k] between the distinct ``values`` (sorted), given how often each occurs."""
    if level in ("interval", "ratio"):
        # alpha is a ratio of disagreements and the ratio metric is scale-free: a power of two changes neither
        # (exactly), and keeps (c - k)**2 and c + k finite for ratings near 1e308.
        values = scale_by_power_of_two(values)
    c, k = np.meshgrid(values, values, indexing="ij")
    if level == "nominal":
        return (c != k).astype(float)
    if level == "interval":
        return (c - k) ** 2
    if level == "ratio":
        s = c + k
        # ((c - k) / (c + k))**2, the ratio taken first: squares of scaled values near 1e-308 would vanish
        return np.divide(c - k, s, out=np.zeros_like(s), where=s != 0) ** 2
    # ordinal: the values from c to k inclusive, less half of c's and half of k's own counts.
    cum = np.concatenate([[0.0], np.cumsum(totals)])
    i, j = np.meshgrid(np.arange(values.size), np.arange(values.size), indexing="ij")
    lo, hi = np.minimum(i, j), np.maximum(i, j)
    between = cum[hi + 1] - cum[lo] - (totals[i] + totals[j]) / 2
    return between ** 2


def krippendorff_alpha(ratings: Sequence[Sequence[float]], *, level: str = "interval") -> float:
    """Krippendorff's alpha: 1 - observed disagreement / disagreement expected by chance.

    Only units with at least two ratings count ("pairable" values).  Within a unit with
    ``m`` ratings every ordered pair of two different raters' values (c, k) adds
    ``1 / (m - 1)`` to the coincidence matrix ``o[c, k]``; ``n_c`` are its row sums and
    ``n`` their total.  Then::

        alpha = 1 - (n - 1) * sum o[c, k] d2(c, k) / sum n_c n_k d2(c, k)

    with the squared distance ``d2`` of the level of measurement: nominal ``[c != k]``,
    interval ``(c - k)**2``, ratio ``((c - k) / (c + k))**2``, ordinal
    ``(n_c/2 + n_(c+1) + ... + n_(k-1) + n_k/2)**2`` (ranks, so only the order of the
    values matters).  Who gave a rating does not matter, only which unit it belongs to:
    crowd workers who each rated a few topics are fine.

    Parameters
    ----------
    ratings : 2-d array or list of lists
        **One row per unit** (topic), holding that unit's ratings; None or NaN where a
        rater did not rate it, and rows may have different lengths.  (The ``krippendorff``
        package takes the transpose: one row per *rater*.)
    level : {"nominal", "ordinal", "interval", "ratio"}, default "interval"

    Returns
    -------
    float
        1 for perfect agreement, 0 for agreement at chance level, negative for
        systematic disagreement.  Krippendorff suggests relying on data with
        alpha >= 0.8 and drawing tentative conclusions only above 0.667.

    Raises
    ------
    ValueError
        If no unit has two ratings (a single rater cannot agree with anyone), or
        every pairable rating is the same value (no variation, so chance
        disagreement is 0 and alpha is 0/0).

    Examples
    --------
    Topics rated (1, 1), (2, 2), (3, 3), (3, 2): on the values 1, 2, 3 the coincidences are
    o = [[2, 0, 0], [0, 2, 1], [0, 1, 2]], so n_c = (2, 3, 3) and n = 8.  Observed:
    sum o d2 = 1 + 1 = 2.  Expected: sum n_c n_k d2 = 2 (2*3*1 + 2*3*4 + 3*3*1) = 78.
    alpha = 1 - 7 * 2 / 78 = 0.8205; nominal (every difference counts 1): 1 - 7 * 2 / 42 = 2/3.

    >>> round(krippendorff_alpha([[1, 1], [2, 2], [3, 3], [3, 2]]), 4)
    0.8205
    >>> round(krippendorff_alpha([[1, 1], [2, 2], [3, 3], [3, 2]], level="nominal"), 4)
    0.6667
    """
    check_choice(level, "level", ALPHA_LEVELS)
    rows = _rating_rows(ratings)
    pairable = [r for r in rows if r.size >= 2]
    if not pairable:
        width = max(r.size for r in rows)
        raise ValueError(
            f"no unit of ratings has two ratings (the widest row holds {width}): alpha compares raters "
            "with each other, so a single rater gives no agreement to measure. Give each unit's ratings from "
            "at least 2 raters, one row per unit (the krippendorff package wants the transpose)."
        )
    values = np.unique(np.concatenate(pairable))
    if values.size < 2:
        raise ValueError(
            f"every pairable rating is {values[0]:g}: with no variation, chance disagreement is 0 and alpha "
            "is 0/0 (undefined). Agreement can only be measured on ratings that vary."
        )
    index = {v: i for i, v in enumerate(values)}
    # counts[u, c]: how many of unit u's ratings have value c.
    counts = np.zeros((len(pairable), values.size))
    for u, r in enumerate(pairable):
        np.add.at(counts[u], [index[v] for v in r], 1)
    m = counts.sum(axis=1, keepdims=True)
    # o[c, k] = sum_u (n_uc n_uk - [c == k] n_uc) / (m_u - 1): pairs of different raters only.
    weighted = counts / (m - 1)
    o = weighted.T @ counts - np.diag(weighted.sum(axis=0))
    totals = o.sum(axis=1)
    n = totals.sum()
    d2 = _distances(values, totals, level)
    observed = float((o * d2).sum())
    expected = float((np.outer(totals, totals) * d2).sum())
    return float(1.0 - (n - 1) * observed / expected)


def spearman_brown(reliability: float, factor: float) -> float:
    """Reliability of a mean over ``factor`` times as many raters (the Spearman-Brown prophecy).

    ::

        r_new = factor * r / (1 + (factor - 1) * r)

    Examples
    --------
    Two halves of 7 raters whose means correlate 0.6: the mean of all 14 has
    reliability 2 * 0.6 / 1.6 = 0.75.

    >>> round(spearman_brown(0.6, 2), 12)
    0.75
    """
    r = check_finite_real(reliability, "reliability")
    if not -1 < r <= 1:
        raise ValueError(f"reliability must lie in (-1, 1] (it is a correlation), got {r}.")
    f = check_finite_real(factor, "factor")
    if f <= 0:
        raise ValueError(f"factor must be positive (how many times as many raters), got {f}.")
    denominator = 1 + (f - 1) * r
    if denominator <= 0:
        raise ValueError(f"reliability = {r} and factor = {f} give 1 + (factor - 1) · reliability = "
                         f"{denominator:.4g} <= 0, so the formula has no value: with a negative reliability the "
                         f"factor must stay below 1 - 1/reliability = {1 - 1 / r:.4g}.")
    return float(f * r / denominator)


@dataclass(frozen=True)
class SplitHalf:
    """Split-half reliability of per-unit mean ratings.

    Attributes
    ----------
    half_correlation : float
        Pearson correlation, over units, of the two halves' mean ratings
        (averaged over the random splits).
    half_size : int
        Raters per half.
    single_rater : float
        What that implies for one rater (Spearman-Brown stepped down by ``half_size``).
    reliability : float
        Reliability of the mean of ``2 * half_size`` raters.
    n_units, n_splits : int
    """

    half_correlation: float
    half_size: int
    single_rater: float
    reliability: float
    n_units: int
    n_splits: int

    def reliability_of(self, n_raters: int) -> float:
        """Predicted reliability of the mean of ``n_raters`` ratings per unit."""
        n_raters = check_positive_int(n_raters, "n_raters")
        return spearman_brown(self.single_rater, n_raters)

    def raters_needed(self, target: float = 0.8) -> int:
        """The fewest raters per unit whose mean reaches reliability ``target``.

        From ``target = k r1 / (1 + (k - 1) r1)``: ``k = target (1 - r1) / (r1 (1 - target))``,
        rounded up.
        """
        target = check_finite_real(target, "target")
        if not 0 < target < 1:
            raise ValueError(f"target must lie strictly between 0 and 1 (e.g. 0.8), got {target}.")
        r1 = self.single_rater
        if r1 <= 0:
            raise ValueError(f"one rater's reliability is {r1:.3f} <= 0: the raters' means do not agree at all, "
                             "and no number of raters reaches the target.")
        k = target * (1 - r1) / (r1 * (1 - target))
        return max(1, math.ceil(k - 1e-9))


def split_half_reliability(ratings: Sequence[Sequence[float]], *, n_splits: int = 200, seed: int = 0,
                           split: str = "random") -> SplitHalf:
    """Correlate the mean ratings of two halves of each unit's raters, and step it up.

    Every unit's ratings are divided into two halves of ``h`` ratings each, where ``2 h`` is the
    largest even number no unit has fewer ratings than (a unit with an odd number leaves one
    rating out of that split).  The two halves' means are correlated over units (Pearson);
    with ``split="random"`` the halves are drawn ``n_splits`` times and the correlations
    averaged, with ``split="odd-even"`` the halves are the ratings at even and odd positions
    (one deterministic split, ``h`` each).  The correlation ``r_h`` is the reliability of a mean of
    ``h`` raters; Spearman-Brown gives one rater's ``r_1 = r_h / (h - (h - 1) r_h)`` and that of
    ``k`` raters' mean, ``k r_1 / (1 + (k - 1) r_1)``.

    Parameters
    ----------
    ratings : 2-d array or list of lists
        One row per unit, as for :func:`krippendorff_alpha`; every unit needs at least 2 ratings.
    n_splits : int, default 200
        Random splits (ignored for ``split="odd-even"``).
    seed : int, default 0
    split : {"random", "odd-even"}

    Returns
    -------
    SplitHalf

    Examples
    --------
    >>> ratings = [[1, 1, 2, 1], [3, 3, 2, 3], [2, 2, 2, 1], [3, 2, 3, 3]]
    >>> result = split_half_reliability(ratings, split="odd-even")
    >>> result.half_size, round(result.half_correlation, 4), round(result.reliability, 4)
    (2, 0.8485, 0.9181)
    """
    check_choice(split, "split", ("random", "odd-even"))
    rows = _rating_rows(ratings)
    if len(rows) < 3:
        raise ValueError(f"ratings has {len(rows)} unit(s); a correlation over units needs at least 3.")
    fewest = min(r.size for r in rows)
    if fewest < 2:
        i = next(i for i, r in enumerate(rows) if r.size < 2)
        raise ValueError(f"ratings[{i}] has {rows[i].size} rating(s): a single rater cannot be split in two halves. "
                         "Drop units with fewer than 2 ratings.")
    h = fewest // 2
    if split == "odd-even":
        halves = [(np.array([r[0::2][:h].mean() for r in rows]), np.array([r[1::2][:h].mean() for r in rows]))]
    else:
        n_splits = check_draws(n_splits, "n_splits", sum(r.size for r in rows), of="ratings")
        seed = check_seed(seed)
        rng = np.random.default_rng(int(seed))
        halves = []
        for _ in range(n_splits):
            a, b = [], []
            for r in rows:
                order = rng.permutation(r.size)
                a.append(r[order[:h]].mean())
                b.append(r[order[h:2 * h]].mean())
            halves.append((np.array(a), np.array(b)))
    correlations = []
    for mean_a, mean_b in halves:
        if np.all(mean_a == mean_a[0]) or np.all(mean_b == mean_b[0]):
            raise ValueError("one half's mean ratings are equal for every unit, so their correlation is 0/0; "
                             "split-half reliability needs units whose ratings differ.")
        correlations.append(float(np.corrcoef(mean_a, mean_b)[0, 1]))
    r_h = float(np.mean(correlations))
    single = r_h / (h - (h - 1) * r_h)
    return SplitHalf(r_h, h, float(single), spearman_brown(r_h, 2), len(rows), len(halves))
