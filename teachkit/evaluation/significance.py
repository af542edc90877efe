"""Is model A's better score more than noise? Paired permutation tests, bootstrap intervals, seeds, many tests.

Two models scored on the **same** topics-to-compare (or the same held-out
documents) give paired scores: the question is whether the mean of the
differences ``a_i - b_i`` is far from 0 compared with how much it would move by
chance.

* :func:`paired_permutation_test` -- if A and B were interchangeable, each pair's
  difference would be as likely negative as positive: flip signs at random (all
  ``2**n`` ways when that is few enough) and see how often the mean difference is
  as extreme as the one observed;
* :func:`bootstrap_difference` -- a percentile bootstrap interval for the mean
  difference, resampling the pairs;
* both take ``tokens=``: per-document (or per-sentence) total log-likelihoods of
  two language models, compared per token -- ``(sum a - sum b) / sum tokens``, which
  weights every token alike (the mean of per-document per-token differences would
  let a 3-word sentence count as much as a 3,000-word one);
* :func:`seed_comparison` -- several training runs (seeds) of each model: is the
  difference between the models larger than the spread between seeds of one?
  The runs, not the topics, are the independent units here;
* :func:`cochran_q` and :func:`mcnemar` -- hit or miss (1/0) outcomes of several methods on the **same**
  items (e.g. three word choices, each shown to one reader per topic): Cochran's Q for "do the methods'
  hit rates differ at all?", McNemar's exact test for one pair;
* :func:`holm` and :func:`benjamini_hochberg` -- p-values adjusted for many comparisons.

Examples
--------
>>> a = [0.12, 0.10, 0.15, 0.09, 0.14]
>>> b = [0.10, 0.09, 0.11, 0.09, 0.10]
>>> test = paired_permutation_test(a, b)
>>> round(test.statistic, 3), test.exact, test.n_resamples, test.p_value
(0.022, True, 32, 0.125)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .._checks import MAX_DRAWS as _MAX_DRAWS
from .._checks import (MAX_SAMPLES, check_choice, check_draws, check_finite_real, check_score_vector, check_seed,
                       check_summable)

__all__ = ["ALTERNATIVES", "PermutationTest", "paired_permutation_test", "BootstrapInterval",
           "bootstrap_difference", "SeedComparison", "seed_comparison", "CochranQ", "cochran_q", "McNemar",
           "mcnemar", "holm", "benjamini_hochberg"]

#: Which differences count as "at least as extreme" (scipy's names).
ALTERNATIVES = ("two-sided", "greater", "less")
#: At most this many resamples, and draws in all (resamples × items): the guard every drawing function shares.
MAX_RESAMPLES, MAX_DRAWS = MAX_SAMPLES, _MAX_DRAWS
#: Resamples drawn at once (rows of a matrix of draws), so memory stays small.
_CHUNK = 2**20


def _scores(values, name):
    return check_score_vector(values, name, "topic or document",
                              "Drop that topic or document from both models' scores first.")
def _power_of_two(arrays, terms):
    """1.0, or the power of two to divide ``arrays`` by so that sums of ``terms`` of their entries (and
    differences of such sums) stay finite.  Dividing by a power of two is exact: scores of ordinary size are
    left alone, bit for bit, and scores near 1e308 are compared in scaled units."""
    limit = np.finfo(float).max / (2 * terms)
    largest = max(float(np.max(np.abs(x))) for x in arrays)
    return 1.0 if largest <= limit else 2.0 ** math.ceil(math.log2(largest / limit))


def _unscaled(values, s, names):
    """``values`` (in units divided by ``s``) back in the scores' own units; refused where they overflow."""
    with np.errstate(over="ignore"):
        out = np.asarray(values, dtype=float) * s
    if not np.all(np.isfinite(out)):
        raise ValueError(f"{names} are so large (near 1.8e308) that their differences or spread pass what a float "
                         "holds; "
                         "divide every score by one constant first (the comparison does not depend on the unit).")
    return out


def _paired(a, b, tokens):
    """The differences, divided by the power of two ``s`` (1 unless the scores are near 1e308), the weights
    of the statistic ``sum(d) / sum(w)``, and ``s``."""
    xa, xb = _scores(a, "a"), _scores(b, "b")
    if xa.size != xb.size:
        raise ValueError(f"a has {xa.size} scores but b has {xb.size}: a paired comparison needs one score of "
                         "each model per topic (or document), in the same order.")
    if xa.size < 2:
        raise ValueError(f"a and b hold {xa.size} pair(s); comparing models needs at least 2.")
    if tokens is None:
        w = np.ones(xa.size)
    else:
        w = _scores(tokens, "tokens")
        if w.size != xa.size:
            raise ValueError(f"tokens has {w.size} entries for {xa.size} documents: give each document's "
                             "token count, in the order of a and b.")
        if np.any(w <= 0):
            i = int(np.flatnonzero(w <= 0)[0])
            raise ValueError(f"tokens[{i}] is {w[i]:g}: every document must have at least one token.")
    check_summable(w, "tokens", 2 * xa.size)                     # token counts near 1e308 are no counts
    s = _power_of_two((xa, xb), 2 * xa.size)
    return xa / s - xb / s, w, s


def _check_resamples(n_resamples, n_items):
    return check_draws(n_resamples, "n_resamples", n_items)


def _rng(seed):
    seed = check_seed(seed)
    return np.random.default_rng(int(seed))


def _p_value(null, observed, alternative, scale, exact):
    """scipy.stats.permutation_test's p-value: the share of the null at least as extreme as ``observed``.

    Null values within a relative 100 machine epsilons of ``observed`` count as equal to it (the same
    sum added in another order differs in its last bits).  A random (not exact) null counts the
    observed arrangement once more, so the p-value is never 0.
    """
    gamma = 100 * np.finfo(float).eps * max(abs(observed), scale)
    extra = 0 if exact else 1
    less = (np.count_nonzero(null <= observed + gamma) + extra) / (null.size + extra)
    greater = (np.count_nonzero(null >= observed - gamma) + extra) / (null.size + extra)
    p = {"less": less, "greater": greater, "two-sided": 2 * min(less, greater)}[alternative]
    return float(min(1.0, p))


@dataclass(frozen=True)
class PermutationTest:
    """The result of a permutation test.

    Attributes
    ----------
    statistic : float
        The observed difference (mean of ``a - b``, or per token with ``tokens``; A minus B for
        :func:`seed_comparison`).
    p_value : float
    alternative : str
    n : int
        Pairs (or runs in all, for :func:`seed_comparison`).
    n_resamples : int
        Arrangements in the null distribution (all of them when ``exact``).
    exact : bool
        True when every arrangement was enumerated.
    null_distribution : numpy.ndarray
        The statistic under each arrangement.
    """

    statistic: float
    p_value: float
    alternative: str
    n: int
    n_resamples: int
    exact: bool
    null_distribution: np.ndarray = field(repr=False, compare=False)

    def __str__(self):
        how = "exact" if self.exact else f"{self.n_resamples:,} random arrangements"
        return f"difference {self.statistic:.4g}, p = {self.p_value:.4f} ({self.alternative}, {how})"


def _sign_matrices(n, n_resamples, rng):
    """Rows of +1/-1: all 2**n sign patterns when there are at most n_resamples of them, else random rows."""
    if 2**n <= n_resamples:
        # Row r holds the binary digits of r: every pattern once, the observed one (all +1) first.
        bits = (np.arange(2**n)[:, None] >> np.arange(n)[None, :]) & 1
        yield 1 - 2 * bits.astype(np.int8)
        return
    left = n_resamples
    while left:
        rows = min(left, max(1, _CHUNK // n))
        yield rng.choice(np.array([-1, 1], dtype=np.int8), size=(rows, n))
        left -= rows


def paired_permutation_test(a: Sequence[float], b: Sequence[float], *, tokens: Sequence[float] | None = None,
                            alternative: str = "two-sided", n_resamples: int = 9999,
                            seed: int = 0) -> PermutationTest:
    """Paired permutation (sign-flip) test of the mean difference between two models' scores.

    ``d_i = a_i - b_i``; the statistic is ``sum(d) / n`` (the mean difference) or, with
    ``tokens``, ``sum(d) / sum(tokens)``.  Under the null hypothesis that A and B are
    interchangeable on every item, swapping ``a_i`` and ``b_i`` (flipping the sign of ``d_i``) is
    as likely as not.  With ``2**n <= n_resamples`` all ``2**n`` sign patterns are enumerated
    (exact test); otherwise ``n_resamples`` random patterns are drawn.  This is
    ``scipy.stats.permutation_test((a, b), statistic, permutation_type="samples")`` with the
    same p-value convention.

    Parameters
    ----------
    a, b : sequence of float
        Model A's and model B's score on the same items (topics matched between the
        models, or held-out documents), same order, at least 2.
    tokens : sequence of float, optional
        Each document's number of tokens, when ``a`` and ``b`` are total log-likelihoods per
        document: the statistic is then the difference in log-likelihood **per token**, and
        ``exp(-statistic)`` the ratio of A's perplexity to B's (``2 ** -statistic`` when the
        log-likelihoods are in bits, as :meth:`teachkit.NgramLM.evaluate` gives them).
    alternative : {"two-sided", "greater", "less"}
        ``"greater"``: A's mean is higher.
    n_resamples : int, default 9999
        Random sign patterns (at least 1), unless exact enumeration needs no more.
    seed : int, default 0

    Returns
    -------
    PermutationTest

    Notes
    -----
    The pairs must be real: one topic scored two ways (two coherence measures, or its top words
    chosen by probability and by FREX), one held-out document under two language models, or
    topics matched across models by an alignment.  The k-th topic of two separately trained
    models is not the same topic; there, compare whole runs with :func:`seed_comparison`.

    Examples
    --------
    Five differences 0.02, 0.01, 0.04, 0, 0.04 (mean 0.022): of the 32 sign patterns, those with a
    mean at least 0.022 are the observed one and the one flipping the 0, so p = 2 * 2 / 32.

    >>> paired_permutation_test([0.12, 0.10, 0.15, 0.09, 0.14], [0.10, 0.09, 0.11, 0.09, 0.10]).p_value
    0.125
    """
    check_choice(alternative, "alternative", ALTERNATIVES)
    d, w, s = _paired(a, b, tokens)
    n_resamples = _check_resamples(n_resamples, d.size)
    rng = _rng(seed)
    total = float(w.sum())
    observed = float(d.sum() / total)
    null = np.concatenate([signs @ d / total for signs in _sign_matrices(d.size, n_resamples, rng)])
    exact = 2**d.size <= n_resamples
    scale = float(np.abs(d).sum() / total)
    p = _p_value(null, observed, alternative, scale, exact)          # scale-free: in the scaled units
    return PermutationTest(float(_unscaled(observed, s, "a and b")), p, alternative, int(d.size), int(null.size),
                           exact, _unscaled(null, s, "a and b"))


@dataclass(frozen=True)
class BootstrapInterval:
    """A statistic with a percentile bootstrap interval.

    Attributes
    ----------
    statistic : float
        On the data as given.
    low, high : float
    level : float
    n : int
        Pairs resampled.
    n_resamples : int
    distribution : numpy.ndarray
        The statistic on each resample.
    """

    statistic: float
    low: float
    high: float
    level: float
    n: int
    n_resamples: int
    distribution: np.ndarray = field(repr=False, compare=False)

    def __str__(self):
        return f"{self.statistic:.4g} [{self.low:.4g}, {self.high:.4g}] ({self.level:.0%} bootstrap interval)"

    def excludes_zero(self) -> bool:
        """True when the whole interval lies on one side of 0."""
        return self.low > 0 or self.high < 0


def bootstrap_difference(a: Sequence[float], b: Sequence[float], *, tokens: Sequence[float] | None = None,
                         n_resamples: int = 9999, level: float = 0.95, seed: int = 0) -> BootstrapInterval:
    """Percentile bootstrap interval of the mean paired difference (or per-token difference).

    Each resample draws ``n`` pairs with replacement (each pair's ``a_i``, ``b_i`` and
    ``tokens_i`` together) and recomputes ``sum(d*) / n`` -- or ``sum(d*) / sum(tokens*)``:
    the ratio of the resampled sums, not a mean of per-document ratios.  The interval is the
    ``(1 - level) / 2`` and ``(1 + level) / 2`` quantiles of those values (numpy's default,
    linear interpolation), as ``scipy.stats.bootstrap(..., paired=True, method="percentile")``.

    Parameters
    ----------
    a, b, tokens
        As for :func:`paired_permutation_test`.
    n_resamples : int, default 9999
    level : float, default 0.95
        In (0, 1).
    seed : int, default 0

    Returns
    -------
    BootstrapInterval

    Examples
    --------
    >>> ci = bootstrap_difference([0.12, 0.10, 0.15, 0.09, 0.14], [0.10, 0.09, 0.11, 0.09, 0.10], n_resamples=2000)
    >>> round(ci.statistic, 3), ci.low < ci.statistic < ci.high, ci.excludes_zero()
    (0.022, True, True)
    """
    d, w, s = _paired(a, b, tokens)
    n_resamples = _check_resamples(n_resamples, d.size)
    level = check_finite_real(level, "level")
    if not 0 < level < 1:
        raise ValueError(f"level must lie strictly between 0 and 1 (e.g. 0.95), got {level}.")
    rng = _rng(seed)
    chunks = []
    left = n_resamples
    while left:
        rows = min(left, max(1, _CHUNK // d.size))
        idx = rng.integers(0, d.size, (rows, d.size))
        chunks.append(d[idx].sum(axis=1) / w[idx].sum(axis=1))
        left -= rows
    values = np.concatenate(chunks)
    low, high = np.quantile(values, [(1 - level) / 2, (1 + level) / 2])
    statistic, low, high = _unscaled([d.sum() / w.sum(), low, high], s, "a and b")
    return BootstrapInterval(float(statistic), float(low), float(high), level, int(d.size), n_resamples,
                             _unscaled(values, s, "a and b"))


@dataclass(frozen=True)
class SeedComparison:
    """Two models, several training runs (seeds) each: the difference against the spread between seeds.

    Attributes
    ----------
    mean_a, mean_b : float
        Each model's mean over its runs.
    sd_a, sd_b : float
        The standard deviation between one model's runs (ddof=1): how much a single run
        would move with another seed.
    test : PermutationTest
        Unpaired permutation test of ``mean_a - mean_b`` over the runs.
    """

    mean_a: float
    mean_b: float
    sd_a: float
    sd_b: float
    test: PermutationTest

    @property
    def difference(self) -> float:
        return self.mean_a - self.mean_b

    @property
    def spread(self) -> float:
        """The larger of the two between-seed standard deviations."""
        return max(self.sd_a, self.sd_b)

    def __str__(self):
        return (f"A {self.mean_a:.4g} (sd {self.sd_a:.2g}) vs B {self.mean_b:.4g} (sd {self.sd_b:.2g}): "
                f"difference {self.difference:.4g}, p = {self.test.p_value:.4f}")


def seed_comparison(runs_a: Sequence[float], runs_b: Sequence[float], *, alternative: str = "two-sided",
                    n_resamples: int = 9999, seed: int = 0) -> SeedComparison:
    """Compare two models over several runs each (one summary score per run, e.g. mean coherence).

    Runs with different seeds are independent draws of "what training this model gives", so
    they are the units to resample -- not the topics of one run, which share that run's
    luck.  The test reassigns the ``n_a + n_b`` run scores to the two models in every way
    (``C(n_a + n_b, n_a)`` ways: exact when at most ``n_resamples``) or at random, with the
    difference of means as statistic: ``scipy.stats.permutation_test((a, b), statistic,
    permutation_type="independent")``.

    Parameters
    ----------
    runs_a, runs_b : sequence of float
        One score per run of each model (at least 2 runs each: one run shows no spread).
    alternative, n_resamples, seed
        As for :func:`paired_permutation_test`.

    Returns
    -------
    SeedComparison

    Examples
    --------
    Three seeds each; the best arrangement for A is the observed one, 1 of C(6, 3) = 20:

    >>> result = seed_comparison([0.31, 0.30, 0.33], [0.27, 0.28, 0.26], alternative="greater")
    >>> result.test.exact, result.test.p_value
    (True, 0.05)
    """
    check_choice(alternative, "alternative", ALTERNATIVES)
    xa, xb = _scores(runs_a, "runs_a"), _scores(runs_b, "runs_b")
    for name, arr in (("runs_a", xa), ("runs_b", xb)):
        if arr.size < 2:
            raise ValueError(f"{name} holds {arr.size} run(s): one run per model cannot show how much a model "
                             "moves between seeds. Train each model with at least 2 seeds (5 or more is better).")
    n_resamples = _check_resamples(n_resamples, xa.size + xb.size)
    s = _power_of_two((xa, xb), 2 * (xa.size + xb.size))
    rng = _rng(seed)
    pooled = np.concatenate([xa, xb]) / s                    # s = 1 unless the scores are near 1e308
    n, na = pooled.size, xa.size
    observed = float(pooled[:na].mean() - pooled[na:].mean())
    exact = math.comb(n, na) <= n_resamples
    rows = max(1, _CHUNK // n)
    combinations = itertools.combinations(range(n), na)
    sums, left = [], math.comb(n, na) if exact else n_resamples
    while left:
        # A chunk of arrangements at a time (rows of a matrix of draws): which runs go to A.
        size = min(left, rows)
        if exact:
            groups = np.array(list(itertools.islice(combinations, size)), dtype=np.intp)
        else:
            groups = np.argsort(rng.random((size, n)), axis=1)[:, :na]
        sums.append(pooled[groups].sum(axis=1))
        left -= size
    sum_a = np.concatenate(sums)
    null = sum_a / na - (pooled.sum() - sum_a) / (n - na)
    scale = float(np.abs(pooled - pooled.mean()).max())
    p = _p_value(null, observed, alternative, scale, exact)
    test = PermutationTest(float(_unscaled(observed, s, "runs_a and runs_b")), p, alternative, int(n),
                           int(null.size), exact, _unscaled(null, s, "runs_a and runs_b"))
    mean_a, mean_b = _unscaled([pooled[:na].mean(), pooled[na:].mean()], s, "runs_a and runs_b")
    return SeedComparison(float(mean_a), float(mean_b), _sd(xa, "runs_a"), _sd(xb, "runs_b"), test)


def _sd(x, name):
    """The sample standard deviation, computed on x divided by a power of two (its squares would overflow
    above 1e154) and multiplied back, exactly; refused where the spread itself passes what a float holds."""
    _, exponent = np.frexp(np.max(np.abs(x)))        # x / 2**exponent lies in (-1, 1)
    with np.errstate(over="ignore"):
        sd = float(np.ldexp(np.ldexp(x, -exponent).std(ddof=1), exponent))
    return float(_unscaled(sd, 1.0, name))


def _binary_table(outcomes, name):
    try:
        x = np.asarray(outcomes, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a table of 0/1 outcomes (one row per item, one column per method).") from None
    if x.ndim != 2:
        raise ValueError(f"{name} must be 2-dimensional (one row per item, one column per method), "
                         f"got {x.ndim} dimension(s).")
    if not np.all((x == 0) | (x == 1)):
        bad = tuple(int(v) for v in np.argwhere(~((x == 0) | (x == 1)))[0])
        raise ValueError(f"{name}{list(bad)} is {x[bad]}: every outcome must be 0 (miss) or 1 (hit); drop the items "
                         "with a missing outcome (NaN) from every method first.")
    return x


@dataclass(frozen=True)
class CochranQ:
    """Cochran's Q test that k methods have the same hit rate on the same items.

    Attributes
    ----------
    statistic : float
        Q.
    df : int
        k - 1.
    p_value : float
        Upper tail of the chi-square distribution with ``df`` degrees of freedom at Q.
    n_items, n_methods : int
    hit_rates : tuple of float
        Each method's share of hits, in column order.
    """

    statistic: float
    df: int
    p_value: float
    n_items: int
    n_methods: int
    hit_rates: tuple

    def __str__(self):
        return f"Cochran's Q = {self.statistic:.3f}, df = {self.df}, p = {self.p_value:.3f} ({self.n_items} items)"


def cochran_q(outcomes) -> CochranQ:
    """Do k methods, each applied to the same n items with a hit (1) or a miss (0), have the same hit rate?

    The items are shared, so the outcomes are paired (an easy topic is easy under every method):
    comparing two hit rates as if they came from separate samples (a chi-square or Fisher test
    on a 2 x 2 table of counts) ignores that.  Cochran's Q uses only the items on which the methods
    disagree.  With column totals ``C_j``, row totals ``R_i`` and ``T`` hits in all::

        Q = (k - 1) (k sum_j C_j**2 - T**2) / (k T - sum_i R_i**2)

    Under "every method has the same hit rate" Q is approximately chi-square with k - 1 degrees
    of freedom (Cochran 1950); the approximation wants a fair number of items with mixed rows.
    With k = 2 it is McNemar's chi-square without continuity correction (prefer :func:`mcnemar`'s
    exact form for two methods).  One test for all k avoids picking the best and the worst
    method after looking, which is a multiple comparison in disguise.

    Parameters
    ----------
    outcomes : 2-D array of 0/1
        One row per item, one column per method (at least 2 rows and 2 columns).

    Returns
    -------
    CochranQ
        When every row is all hits or all misses, no item tells the methods apart: Q = 0, p = 1.

    Examples
    --------
    Four items, three methods; rows (1,1,0), (1,0,0), (1,1,0), (1,1,1): C = (4, 3, 1), T = 8,
    sum R**2 = 4 + 1 + 4 + 9 = 18, Q = 2 (3 * 26 - 64) / (24 - 18) = 14 / 3; p = exp(-Q / 2) for df = 2.

    >>> q = cochran_q([[1, 1, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]])
    >>> round(q.statistic, 4), q.df, round(q.p_value, 4)
    (4.6667, 2, 0.097)
    """
    from scipy.stats import chi2

    x = _binary_table(outcomes, "outcomes")
    n, k = x.shape
    if n < 2 or k < 2:
        raise ValueError(f"outcomes has {n} item(s) and {k} method(s); Cochran's Q needs at least 2 of each.")
    cols, rows = x.sum(axis=0), x.sum(axis=1)
    total = float(x.sum())
    denominator = k * total - float((rows ** 2).sum())
    rates = tuple(float(c / n) for c in cols)
    if denominator == 0:
        return CochranQ(0.0, k - 1, 1.0, n, k, rates)
    q = (k - 1) * (k * float((cols ** 2).sum()) - total ** 2) / denominator
    return CochranQ(float(q), k - 1, float(chi2.sf(q, k - 1)), n, k, rates)


def _binary_vector(values, name):
    if isinstance(values, (str, bytes)) or np.ndim(values) != 1:
        raise TypeError(f"{name} must be a sequence of 0/1 outcomes, one per item.")
    return _binary_table(np.reshape(values, (-1, 1)), name)[:, 0]


@dataclass(frozen=True)
class McNemar:
    """McNemar's exact test for two methods' hits and misses on the same items.

    Attributes
    ----------
    only_a, only_b : int
        Items that only method a, or only method b, got right (the discordant pairs).
    p_value : float
        Two-sided exact binomial p-value.
    n_items : int
    """

    only_a: int
    only_b: int
    p_value: float
    n_items: int

    def __str__(self):
        return (f"McNemar: only a {self.only_a}, only b {self.only_b}, exact p = {self.p_value:.3f} "
                f"({self.n_items} items)")


def mcnemar(a: Sequence[int], b: Sequence[int]) -> McNemar:
    """McNemar's exact test: do two methods applied to the same items have the same hit rate?

    Only the discordant items count: ``only_a`` (a hit, b miss) and ``only_b``.  Under "same hit
    rate" each discordant item is equally likely to go either way, so ``only_a`` is
    Binomial(only_a + only_b, 1/2), and the two-sided p-value is::

        p = min(1, 2 * sum_{i <= min(only_a, only_b)} C(m, i) / 2**m),   m = only_a + only_b

    (p = 1 when there is no discordant item).

    Parameters
    ----------
    a, b : sequence of 0/1
        Each method's outcome per item, items in the same order.

    Examples
    --------
    Seven discordant items, 6 against 1: p = 2 (1 + 7) / 128 = 0.125.

    >>> mcnemar([1, 1, 1, 1, 1, 1, 0, 1, 0], [0, 0, 0, 0, 0, 0, 1, 1, 0]).p_value
    0.125
    """
    xa, xb = _binary_vector(a, "a"), _binary_vector(b, "b")
    if xa.size != xb.size:
        raise ValueError(f"a has {xa.size} outcomes but b has {xb.size}: give one outcome of each per item.")
    only_a, only_b = int(np.sum((xa == 1) & (xb == 0))), int(np.sum((xa == 0) & (xb == 1)))
    m = only_a + only_b
    tail = sum(math.comb(m, i) for i in range(min(only_a, only_b) + 1))
    p = min(1.0, 2 * tail / 2 ** m) if m else 1.0
    return McNemar(only_a, only_b, float(p), int(xa.size))


def _p_values(p_values):
    p = _scores(p_values, "p_values")
    if p.size == 0:
        raise ValueError("p_values is empty; give the p-value of every comparison made.")
    if np.any((p < 0) | (p > 1)):
        i = int(np.flatnonzero((p < 0) | (p > 1))[0])
        raise ValueError(f"p_values[{i}] is {p[i]}: a p-value lies in [0, 1].")
    return p


def holm(p_values: Sequence[float]) -> np.ndarray:
    """Holm's step-down adjusted p-values (family-wise error control for many comparisons).

    Sorted ascending, the ``i``-th smallest (from 1) is multiplied by ``m - i + 1``; each
    adjusted value is then raised to the largest before it (so the order is kept) and capped at 1.
    Reject where the adjusted p-value is below the level.

    Examples
    --------
    >>> holm([0.01, 0.04, 0.03]).tolist()
    [0.03, 0.06, 0.06]
    """
    p = _p_values(p_values)
    m = p.size
    order = np.argsort(p, kind="stable")
    stepped = np.maximum.accumulate(p[order] * (m - np.arange(m)))
    out = np.empty(m)
    out[order] = np.minimum(stepped, 1.0)
    return out


def benjamini_hochberg(p_values: Sequence[float]) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (false discovery rate control).

    Sorted ascending, the ``i``-th smallest is multiplied by ``m / i``; each adjusted value is
    then lowered to the smallest after it and capped at 1 (``scipy.stats.false_discovery_control``).

    Examples
    --------
    >>> benjamini_hochberg([0.01, 0.04, 0.03]).round(4).tolist()
    [0.03, 0.04, 0.04]
    """
    p = _p_values(p_values)
    m = p.size
    order = np.argsort(p, kind="stable")
    scaled = p[order] * m / np.arange(1, m + 1)
    stepped = np.minimum.accumulate(scaled[::-1])[::-1]
    out = np.empty(m)
    out[order] = np.minimum(stepped, 1.0)
    return out
