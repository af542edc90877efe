"""Agreement between two scorings of the same topics: Spearman's rank correlation and its bootstrap interval.

A metric "agrees with people" when the topics it scores high are the topics
people rate high.  Only the order matters (a coherence of 0.2 and a rating
of 2.4 are on unrelated scales), so the measure is a rank correlation:

* :func:`rank_average` -- ranks 1..n, tied values sharing the mean of their ranks;
* :func:`spearman` -- Spearman's rho, the Pearson correlation of the two rank vectors;
* :func:`bootstrap_spearman` -- rho with a percentile bootstrap interval
  (topics resampled with replacement, pairs kept together);
* :func:`bootstrap_spearman_difference` -- rho(a, y) - rho(b, y) for two metrics scored on the
  same topics, with a *paired* bootstrap interval and p-value (both rhos on each resample);
* :func:`bootstrap_winner` -- how often each model has the best mean score
  when its topics are resampled: is "model A wins" a stable verdict?

Examples
--------
>>> spearman([1, 2, 3, 4], [10, 20, 40, 30])
0.8
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .._checks import MAX_DRAWS as _MAX_DRAWS
from .._checks import (MAX_SAMPLES, check_draws, check_finite_real, check_flag, check_score_vector, check_seed)

__all__ = ["rank_average", "spearman", "SpearmanInterval", "bootstrap_spearman", "SpearmanDifference",
           "bootstrap_spearman_difference", "bootstrap_winner"]


def _paired(x, y):
    xs = _vector(x, "x")
    ys = _vector(y, "y")
    if xs.size != ys.size:
        raise ValueError(f"x has {xs.size} values but y has {ys.size}: give one pair of scores per topic.")
    if xs.size < 3:
        raise ValueError(f"x and y hold {xs.size} pairs; a rank correlation needs at least 3.")
    return xs, ys


def _vector(values, name):
    return check_score_vector(values, name, "topic", "Drop the topics with a missing score from both x and y first.")


def rank_average(values: ArrayLike) -> np.ndarray:
    """Ranks 1..n, smallest value first, ties sharing the mean of their ranks.

    Parameters
    ----------
    values : sequence of float

    Returns
    -------
    numpy.ndarray of float

    Examples
    --------
    >>> rank_average([30, 10, 20, 10]).tolist()   # the two 10s share ranks 1 and 2
    [4.0, 1.5, 3.0, 1.5]
    """
    arr = _vector(values, "values")
    # Equal values form one group; a group of c values that follows e values
    # takes ranks e+1 .. e+c, whose mean is e + (c + 1) / 2.
    _, group, counts = np.unique(arr, return_inverse=True, return_counts=True)
    last_rank = np.cumsum(counts)
    return (last_rank - (counts - 1) / 2)[group]


def _pearson(a, b):
    da, db = a - a.mean(), b - b.mean()
    return float(np.dot(da, db) / math.sqrt(np.dot(da, da) * np.dot(db, db)))


def _row_ranks(m):
    """Average ranks within each row of ``m``: #(smaller values) + (#(equal values) + 1) / 2."""
    out = np.empty(m.shape)
    for start in range(0, m.shape[0], 256):  # blocks keep the (rows, n, n) comparisons small
        block = m[start:start + 256]
        smaller = (block[:, None, :] < block[:, :, None]).sum(axis=2)
        equal = (block[:, None, :] == block[:, :, None]).sum(axis=2)
        out[start:start + 256] = smaller + (equal + 1) / 2
    return out


def _row_pearson(a, b):
    da = a - a.mean(axis=1, keepdims=True)
    db = b - b.mean(axis=1, keepdims=True)
    return (da * db).sum(axis=1) / np.sqrt((da * da).sum(axis=1) * (db * db).sum(axis=1))


def spearman(x: ArrayLike, y: ArrayLike) -> float:
    """Spearman's rank correlation of paired scores.

    ::

        rho = corr(rank(x), rank(y))

    the Pearson correlation of the average ranks.  Without ties it equals
    ``1 - 6 * sum(d_i**2) / (n * (n**2 - 1))`` with ``d_i`` the rank
    differences; with ties (human ratings on a 1-3 scale have many) only the
    Pearson form is right.

    Parameters
    ----------
    x, y : sequence of float
        Two scores per topic, same length (at least 3), finite.

    Returns
    -------
    float
        In [-1, 1]: +1 when both put the topics in the same order, -1 when in
        opposite orders, near 0 when the orders are unrelated.

    Raises
    ------
    ValueError
        For lengths that differ or are below 3, a non-finite score, or a
        side whose scores are all equal (its ranks do not vary, so rho is 0/0).

    Examples
    --------
    Ranks of x are 1, 2, 3, 4 and of y 1, 2, 4, 3: d = (0, 0, 1, 1), so
    rho = 1 - 6 * 2 / (4 * 15) = 0.8.

    >>> spearman([1, 2, 3, 4], [10, 20, 40, 30])
    0.8
    """
    xs, ys = _paired(x, y)
    for name, arr in (("x", xs), ("y", ys)):
        if np.all(arr == arr[0]):
            raise ValueError(
                f"every value of {name} is {arr[0]}: with no variation in {name} the rank correlation is "
                "undefined (0/0). Use scores that tell the topics apart."
            )
    return round(_pearson(rank_average(xs), rank_average(ys)), 15)


@dataclass(frozen=True)
class SpearmanInterval:
    """Spearman's rho with a percentile bootstrap interval.

    Attributes
    ----------
    rho : float
        On all the pairs.
    low, high : float
        The interval's ends.
    level : float
        Its nominal coverage, e.g. 0.95.
    n : int
        Number of pairs (topics).
    n_resamples : int
        Bootstrap resamples used (resamples in which one side was constant,
        so rho was undefined, are drawn again).
    """

    rho: float
    low: float
    high: float
    level: float
    n: int
    n_resamples: int

    def __str__(self):
        return f"{self.rho:.3f} [{self.low:.3f}, {self.high:.3f}]"


#: At most this many resamples, and this many topic draws in all (resamples × topics): the guard every
#: drawing function shares (teachkit._checks.check_draws).
MAX_RESAMPLES, MAX_DRAWS = MAX_SAMPLES, _MAX_DRAWS
#: Draws held in memory at once (16 MiB of indices); the resamples are drawn in chunks of at most this many.
_CHUNK_DRAWS = 2**21


def _check_resamples(n_resamples, n_scores):
    return check_draws(n_resamples, "n_resamples", n_scores, minimum=10, of="scores")


def _resampled_rows(rng, n_resamples, arrays, statistic):
    """``statistic`` on ``n_resamples`` bootstrap resamples of the items of ``arrays`` (all of one length), drawn
    together: one matrix of draws per chunk, row r holding the items of resample r in every array.  A resample in
    which some array is constant has no rank correlation (0/0): it is dropped and drawn again."""
    size = arrays[0].size
    values, wanted, rounds = [], n_resamples, 0
    while wanted > 0:
        rounds += 1
        if rounds > 20:
            raise ValueError("almost every bootstrap resample had a constant side; the scores barely vary. "
                             "Use more topics or scores that tell them apart.")
        drawn = 0
        for rows in _row_chunks(wanted, size):
            idx = rng.integers(0, size, (rows, size))
            taken = [a[idx] for a in arrays]
            ok = ~np.any([np.all(x == x[:, :1], axis=1) for x in taken], axis=0)
            values.append(statistic(*(x[ok] for x in taken)))
            drawn += int(ok.sum())
        wanted -= drawn
    return np.concatenate(values)[:n_resamples]


def _row_chunks(n_rows, row_length):
    """Sizes of consecutive chunks of rows, each at most _CHUNK_DRAWS draws (one chunk when it fits, so that
    the draws are the ones one matrix would give)."""
    per_chunk = max(1, _CHUNK_DRAWS // max(1, row_length))
    return [min(per_chunk, n_rows - start) for start in range(0, n_rows, per_chunk)]


def bootstrap_spearman(x: ArrayLike, y: ArrayLike, *, n_resamples: int = 2000, level: float = 0.95,
                       seed: int = 0) -> SpearmanInterval:
    """Spearman's rho with a percentile bootstrap interval over topics.

    Each resample draws ``n`` topics with replacement (keeping each topic's
    two scores together) and computes rho (the resamples are the rows of
    one ``(n_resamples, n)`` matrix of draws from ``numpy.random.default_rng(seed)``;
    a row in which one side is constant is replaced by a new draw); the interval is the
    ``(1 - level)/2`` and ``(1 + level)/2`` quantiles of those values.  It
    says how much rho would move with another sample of topics like these
    (it does not cover disagreement between raters, which is already
    averaged into each topic's rating).

    Parameters
    ----------
    x, y : sequence of float
        As for :func:`spearman`.
    n_resamples : int, default 2000
        At least 10 and at most :data:`MAX_RESAMPLES`, with at most :data:`MAX_DRAWS` draws in all
        (resamples × topics); they are drawn in chunks, so memory stays small.
    level : float, default 0.95
        In (0, 1).
    seed : int, default 0
        The same seed gives the same interval.

    Returns
    -------
    SpearmanInterval

    Examples
    --------
    >>> ci = bootstrap_spearman([1, 2, 3, 4, 5, 6], [1, 3, 2, 4, 6, 5], n_resamples=500)
    >>> round(ci.rho, 3), ci.low <= ci.rho <= ci.high, ci.n
    (0.886, True, 6)
    """
    xs, ys = _paired(x, y)
    rho = spearman(xs, ys)
    n_resamples = _check_resamples(n_resamples, xs.size)
    level = check_finite_real(level, "level")
    if not 0 < level < 1:
        raise ValueError(f"level must lie strictly between 0 and 1 (e.g. 0.95), got {level}.")
    seed = check_seed(seed)
    rng = np.random.default_rng(int(seed))
    rhos = _resampled_rows(rng, n_resamples, (xs, ys), lambda a, b: _row_pearson(_row_ranks(a), _row_ranks(b)))
    low, high = np.quantile(rhos, [(1 - level) / 2, (1 + level) / 2])
    return SpearmanInterval(rho, float(low), float(high), level, int(xs.size), n_resamples)


@dataclass(frozen=True)
class SpearmanDifference:
    """rho(a, y) - rho(b, y) on the same topics, with a paired percentile bootstrap interval and p-value.

    Attributes
    ----------
    difference : float
        ``spearman(a, y) - spearman(b, y)`` on all the topics.
    low, high : float
        The interval's ends.
    p_value : float
        Two-sided bootstrap p-value for "no difference":
        ``min(1, 2 * min(#(d* <= 0) + 1, #(d* >= 0) + 1) / (B + 1))`` over the B resampled differences d*.
    level : float
    n : int
        Number of topics.
    n_resamples : int
    """

    difference: float
    low: float
    high: float
    p_value: float
    level: float
    n: int
    n_resamples: int

    def __str__(self):
        return f"{self.difference:+.3f} [{self.low:+.3f}, {self.high:+.3f}], p = {self.p_value:.4f}"


def bootstrap_spearman_difference(a: ArrayLike, b: ArrayLike, y: ArrayLike, *, n_resamples: int = 2000,
                                  level: float = 0.95, seed: int = 0) -> SpearmanDifference:
    """Is metric ``a`` closer to the judgement ``y`` than metric ``b``?  A paired bootstrap of the difference of rhos.

    ::

        d = rho(a, y) - rho(b, y)

    Both correlations are computed on the same topics, so they are not independent: a topic people
    misjudge pulls both down.  Comparing their two marginal intervals ("do they overlap?") ignores
    that pairing and is not a test (overlapping intervals can hide a clear difference).  Here each
    resample draws ``n`` topics with replacement, keeps each topic's three scores together, and
    computes *both* rhos on that one resample; the interval is the ``(1 - level)/2`` and
    ``(1 + level)/2`` quantiles of the resampled differences d*, and the two-sided p-value is
    ``min(1, 2 * min(#(d* <= 0) + 1, #(d* >= 0) + 1) / (B + 1))`` (never 0 with B resamples).  When
    several pairs of metrics are compared, correct the p-values together (e.g. :func:`teachkit.holm`).

    Parameters
    ----------
    a, b : sequence of float
        The two metrics' scores, one per topic, in the same topic order as ``y``.
    y : sequence of float
        The human judgement per topic (at least 3 topics, all finite).
    n_resamples : int, default 2000
        As for :func:`bootstrap_spearman`.
    level : float, default 0.95
        In (0, 1).
    seed : int, default 0
        The same seed gives the same result.

    Returns
    -------
    SpearmanDifference

    Examples
    --------
    ``a`` orders six topics as ``y`` does (rho = 1); ``b`` swaps two pairs (rho = 1 - 6*4/210 = 0.886):

    >>> d = bootstrap_spearman_difference([1, 2, 3, 4, 5, 6], [2, 1, 3, 4, 6, 5], [1, 2, 3, 4, 5, 6],
    ...                                   n_resamples=500)
    >>> round(d.difference, 3), d.low >= 0, d.n
    (0.114, True, 6)
    """
    xa, xb, ys = _vector(a, "a"), _vector(b, "b"), _vector(y, "y")
    if not xa.size == xb.size == ys.size:
        raise ValueError(f"a has {xa.size} scores, b {xb.size} and y {ys.size}: give one score of each per topic, "
                         "the topics in the same order.")
    if ys.size < 3:
        raise ValueError(f"a, b and y hold {ys.size} topics; a rank correlation needs at least 3.")
    difference = spearman(xa, ys) - spearman(xb, ys)
    n_resamples = _check_resamples(n_resamples, 3 * xa.size)
    level = check_finite_real(level, "level")
    if not 0 < level < 1:
        raise ValueError(f"level must lie strictly between 0 and 1 (e.g. 0.95), got {level}.")
    seed = check_seed(seed)
    rng = np.random.default_rng(int(seed))

    def difference_of_rhos(ra, rb, ry):
        rank_y = _row_ranks(ry)
        return _row_pearson(_row_ranks(ra), rank_y) - _row_pearson(_row_ranks(rb), rank_y)

    # each resample draws the topics once and keeps each topic's three scores together
    d = _resampled_rows(rng, n_resamples, (xa, xb, ys), difference_of_rhos)
    low, high = np.quantile(d, [(1 - level) / 2, (1 + level) / 2])
    tail = min(int(np.sum(d <= 0)), int(np.sum(d >= 0)))
    p = min(1.0, 2 * (tail + 1) / (d.size + 1))
    return SpearmanDifference(float(difference), float(low), float(high), p, level, int(xa.size), int(d.size))


def bootstrap_winner(groups: Mapping[str, ArrayLike], *, n_resamples: int = 2000, seed: int = 0,
                     higher_is_better: bool = True) -> dict[str, float]:
    """How often each group (model) has the best mean when its scores are resampled.

    Each resample draws, for every group separately, as many scores as it
    has, with replacement, and notes which group has the highest mean (the
    lowest with ``higher_is_better=False``).  A share near 1 for one group
    means its win does not hinge on a few topics; shares spread over several
    groups mean the data do not pick a winner.

    Parameters
    ----------
    groups : dict of str to sequence of float
        Each model's per-topic scores (at least 2 groups, each with at least
        2 finite scores).
    n_resamples : int, default 2000
        As for :func:`bootstrap_spearman` (the draws are the scores of every group, resample by resample).
    seed : int, default 0
    higher_is_better : bool, default True

    Returns
    -------
    dict of str to float
        Share of resamples each group won, in the order of ``groups``
        (summing to 1; exact ties of means go to the first group in order).

    Examples
    --------
    >>> shares = bootstrap_winner({"A": [3, 3, 2, 3], "B": [1, 2, 1, 1]}, n_resamples=200)
    >>> shares
    {'A': 1.0, 'B': 0.0}
    """
    if not isinstance(groups, dict) or len(groups) < 2:
        raise TypeError("groups must be a dict with at least 2 entries: model name -> its per-topic scores.")
    arrays = {}
    for name, values in groups.items():
        arr = _vector(values, f"groups[{name!r}]")
        if arr.size < 2:
            raise ValueError(f"groups[{name!r}] has {arr.size} score(s); resampling needs at least 2.")
        arrays[name] = arr
    n_resamples = _check_resamples(n_resamples, sum(a.size for a in arrays.values()))
    seed = check_seed(seed)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    rng = np.random.default_rng(int(seed))
    means = np.empty((n_resamples, len(arrays)))
    for j, arr in enumerate(arrays.values()):
        start = 0
        for rows in _row_chunks(n_resamples, arr.size):
            idx = rng.integers(0, arr.size, (rows, arr.size))
            means[start:start + rows, j] = arr[idx].mean(axis=1)
            start += rows
    best = np.argmax(means if higher_is_better else -means, axis=1)
    wins = np.bincount(best, minlength=len(arrays)) / n_resamples
    return {name: float(w) for name, w in zip(arrays, wins)}
