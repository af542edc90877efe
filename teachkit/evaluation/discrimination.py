"""How well does a metric tell good topics from bad ones?  Discrimination, with its uncertainty.

A topic-quality metric is useful when it gives good topics (a topic model's
topics, planted topics) higher scores than bad ones (random word lists,
topics with intruder words).  Two standard ways to put a number on that:

**ROC AUC** (area under the ROC curve), the probability that a randomly
chosen good topic outscores a randomly chosen bad one, ties counting half::

    AUC = (1 / (n_pos · n_neg)) Σ_i Σ_j [ 1 if p_i > q_j, 1/2 if p_i = q_j, 0 otherwise ]

0.5 is chance, 1 perfect separation.  It is the Mann-Whitney U statistic
divided by ``n_pos · n_neg``, and depends only on the *order* of the scores,
so it is the same for a metric and any increasing transformation of it.
``2·AUC - 1`` (the Gini coefficient, Somers' D) moves chance to 0.

**Cohen's d**, the gap between the group means in units of their pooled
standard deviation::

    d = (mean(p) - mean(q)) / s,   s² = ((n_pos - 1)·var(p) + (n_neg - 1)·var(q)) / (n_pos + n_neg - 2)

(``var`` with ``n - 1`` in the denominator).  It is scale-free, so d's of
metrics on different scales (NPMI in [-1, 1], SC in [0, 1]) can be compared.

A claim such as "metric B has k times the discrimination power of metric A"
only means something once the measure (AUC margin, d, ...), the good and bad
topics, and the corpus are named, and it deserves an uncertainty:
:func:`discrimination_ratio` gives the ratio with a bootstrap interval,
resampling the *topics* (the same resampled topics for both metrics).

Bad topics can be built with :func:`random_topics` (word lists drawn from a
vocabulary) and :func:`intruded_topics` (good topics with some words replaced
by intruders, after Chang et al. 2009, "Reading tea leaves").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .._checks import (as_float_array, check_choice, check_draws, check_finite_real, check_list,
                       check_positive_int, check_seed, check_topics, scale_by_power_of_two)

__all__ = [
    "roc_auc", "cohens_d", "Discrimination", "discrimination",
    "BootstrapDiscrimination", "bootstrap_discrimination",
    "DiscriminationRatio", "discrimination_ratio", "SEPARATION_STATISTICS",
    "random_topics", "intruded_topics",
]

#: The separation statistics :func:`discrimination_ratio` can compare (its ``measure=``).
SEPARATION_STATISTICS = ("d", "gini", "auc")


# ---------------------------------------------------------------- validation
def _scores(values, name, minimum=1):
    if values is None or isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a list of numbers (one score per topic), got {values!r}.")
    arr = as_float_array(values, name)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a flat list of scores, got shape {arr.shape}.")
    if arr.shape[0] < minimum:
        raise ValueError(f"{name} holds {arr.shape[0]} score(s); at least {minimum} are needed.")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} holds NaN or infinite scores; every topic needs a finite score.")
    return arr


def _seed(seed):
    seed = check_seed(seed)
    return np.random.default_rng(int(seed))


# ---------------------------------------------------------------- point measures
def roc_auc(positives: ArrayLike, negatives: ArrayLike) -> float:
    """ROC AUC: probability that a good topic outscores a bad one (ties count half).

    Computed from ranks (the Mann-Whitney statistic): with ``R`` the sum of
    the positives' ranks in the pooled scores (tied scores share their mean
    rank), ``AUC = (R - n_pos (n_pos + 1) / 2) / (n_pos · n_neg)``.

    Parameters
    ----------
    positives, negatives : sequence of float
        Scores of the good and of the bad topics (at least one each).

    Returns
    -------
    float in [0, 1]

    Examples
    --------
    Pairs (p, q): (3, 1) win, (3, 2) win, (2, 1) win, (2, 2) tie: (3 + 0.5) / 4.

    >>> roc_auc([3, 2], [1, 2])
    0.875
    """
    p = _scores(positives, "positives")
    q = _scores(negatives, "negatives")
    return _auc_from_ranks(p, q)


def _auc_from_ranks(p, q):
    from scipy.stats import rankdata

    ranks = rankdata(np.concatenate([p, q]))  # ties get their mean rank
    n_p, n_q = p.shape[0], q.shape[0]
    u = ranks[:n_p].sum() - n_p * (n_p + 1) / 2
    return float(u / (n_p * n_q))


def cohens_d(positives: ArrayLike, negatives: ArrayLike) -> float:
    """Cohen's d: difference of the means over the pooled standard deviation.

    ``d = (mean(p) - mean(q)) / s`` with
    ``s² = ((n_p - 1) var(p) + (n_q - 1) var(q)) / (n_p + n_q - 2)``, each
    ``var`` with ``n - 1`` in its denominator.

    Parameters
    ----------
    positives, negatives : sequence of float
        At least two scores each.

    Raises
    ------
    ValueError
        If every score within both groups is the same (s = 0: d would be
        infinite or 0/0).

    Examples
    --------
    p = (2, 4): mean 3, var 2.  q = (0, 2): mean 1, var 2.  s = sqrt(2), d = 2 / sqrt(2).

    >>> round(cohens_d([2, 4], [0, 2]), 6)
    1.414214

    d does not depend on the scale of the scores, however large:

    >>> round(cohens_d([2e200, 4e200], [0, 2e200]), 6)
    1.414214
    """
    p = _scores(positives, "positives", minimum=2)
    q = _scores(negatives, "negatives", minimum=2)
    return _cohens_d(p, q, "positives", "negatives")


def _cohens_d(p, q, name_p, name_q):
    # d does not depend on the scale of the scores: dividing both groups by
    # the same power of two (exact) keeps squares of scores near 1e200 from
    # overflowing (d would come out 0) and near 1e-200 from vanishing.
    both = scale_by_power_of_two(np.concatenate([p, q]))
    p, q = both[:p.shape[0]], both[p.shape[0]:]
    n_p, n_q = p.shape[0], q.shape[0]
    pooled = ((n_p - 1) * p.var(ddof=1) + (n_q - 1) * q.var(ddof=1)) / (n_p + n_q - 2)
    if pooled <= 0:
        raise ValueError(
            f"{name_p} and {name_q} have no spread at all (every score within each group is the same), so "
            "Cohen's d divides by 0. Use roc_auc, or check that the scores are not constant."
        )
    return float((p.mean() - q.mean()) / math.sqrt(pooled))


def _mean(x):
    """Mean of finite scores without overflow (the plain sum of scores near 1e308 is inf)."""
    _, exponent = np.frexp(np.max(np.abs(x)))
    return float(np.ldexp(scale_by_power_of_two(x).mean(), exponent))


@dataclass(frozen=True)
class Discrimination:
    """How well one metric separates good topics from bad ones.

    Attributes
    ----------
    auc : float
        ROC AUC (0.5 chance, 1 perfect).
    gini : float
        ``2·auc - 1`` (0 chance, 1 perfect, -1 perfectly reversed).
    d : float
        Cohen's d.
    n_pos, n_neg : int
    mean_pos, mean_neg : float
        Mean score of each group.
    """

    auc: float
    gini: float
    d: float
    n_pos: int
    n_neg: int
    mean_pos: float
    mean_neg: float

    def __str__(self):
        return (f"AUC = {self.auc:.3f} (2·AUC − 1 = {self.gini:.3f}), Cohen's d = {self.d:.2f}; "
                f"means {self.mean_pos:.3f} (n = {self.n_pos}) vs {self.mean_neg:.3f} (n = {self.n_neg})")


def discrimination(positives: ArrayLike, negatives: ArrayLike) -> Discrimination:
    """AUC, 2·AUC - 1 and Cohen's d of one metric on good vs bad topics.

    Examples
    --------
    >>> dsc = discrimination([0.5, 0.4, 0.3], [0.1, 0.35, 0.0])
    >>> round(dsc.auc, 4), round(dsc.gini, 4)   # 8 wins of 9 pairs: (0.3, 0.35) is a loss
    (0.8889, 0.7778)
    """
    return _discrimination(positives, negatives, "positives", "negatives")


def _discrimination(positives, negatives, name_p, name_q):
    p = _scores(positives, name_p, minimum=2)
    q = _scores(negatives, name_q, minimum=2)
    auc = _auc_from_ranks(p, q)
    return Discrimination(auc=auc, gini=2 * auc - 1, d=_cohens_d(p, q, name_p, name_q), n_pos=p.shape[0],
                          n_neg=q.shape[0], mean_pos=_mean(p), mean_neg=_mean(q))


# ---------------------------------------------------------------- bootstrap
@dataclass(frozen=True, eq=False)
class BootstrapDiscrimination:
    """Discrimination of several metrics, recomputed on resampled topics.

    Attributes
    ----------
    auc, d : numpy.ndarray, shape (n_boot, n_metrics)
        The statistic of each metric in each resample; ``d`` is NaN in a
        resample where both groups have no spread.
    positive_indices : numpy.ndarray, shape (n_boot, n_pos)
    negative_indices : numpy.ndarray, shape (n_boot, n_neg)
        Which topics each resample drew (with replacement); every metric
        uses the same ones, so the comparison is paired.
    """

    auc: np.ndarray
    d: np.ndarray
    positive_indices: np.ndarray
    negative_indices: np.ndarray

    @property
    def gini(self) -> np.ndarray:
        """``2·auc - 1`` of each resample."""
        return 2 * self.auc - 1


def _metric_rows(values, name):
    arr = as_float_array(values, name)      # one row of topic scores per metric
    if arr.ndim == 1:
        arr = arr[None, :]
    if arr.ndim != 2:
        raise ValueError(f"{name} must be one row of topic scores per metric, got shape {arr.shape}.")
    if arr.shape[1] < 2:
        raise ValueError(f"{name} holds {arr.shape[1]} topic(s) per metric; at least 2 are needed.")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} holds NaN or infinite scores; every topic needs a finite score.")
    return arr


def _resample_counts(indices, n):
    # counts[b, i] = how many times resample b drew topic i
    counts = np.zeros((indices.shape[0], n))
    np.add.at(counts, (np.arange(indices.shape[0])[:, None], indices), 1.0)
    return counts


def bootstrap_discrimination(positives: ArrayLike, negatives: ArrayLike, *, n_boot: int = 1000,
                             seed: int = 0) -> BootstrapDiscrimination:
    """Resample the topics with replacement and recompute AUC and d for every metric.

    Parameters
    ----------
    positives : array_like, shape (n_metrics, n_pos) or (n_pos,)
        ``positives[m, i]``: metric m's score of good topic i.  Every metric
        scores the same topics, in the same order.
    negatives : array_like, shape (n_metrics, n_neg) or (n_neg,)
    n_boot : int, default 1000
        At most 1,000,000.
    seed : int, default 0
        Resamples are drawn as ``rng = numpy.random.default_rng(seed)``,
        ``rng.integers(n_pos, size=(n_boot, n_pos))`` then
        ``rng.integers(n_neg, size=(n_boot, n_neg))``: good and bad topics
        are resampled separately (a stratified bootstrap), so every resample
        keeps the group sizes.

    Returns
    -------
    BootstrapDiscrimination
    """
    p = _metric_rows(positives, "positives")
    q = _metric_rows(negatives, "negatives")
    if p.shape[0] != q.shape[0]:
        raise ValueError(f"positives has {p.shape[0]} metric rows and negatives {q.shape[0]}; give one row "
                         "per metric in both.")
    n_boot = check_draws(n_boot, "n_boot", p.shape[1] + q.shape[1], of="topics")
    rng = _seed(seed)
    n_p, n_q = p.shape[1], q.shape[1]
    ip = rng.integers(n_p, size=(n_boot, n_p))
    iq = rng.integers(n_q, size=(n_boot, n_q))
    cp, cq = _resample_counts(ip, n_p), _resample_counts(iq, n_q)

    auc = np.empty((n_boot, p.shape[0]))
    d = np.empty((n_boot, p.shape[0]))
    # Each metric's scores divided by one power of two (exact): d and AUC do
    # not change, and squares of scores near 1e±200 stay representable.
    both = scale_by_power_of_two(np.hstack([p, q]), axis=1)
    p, q = both[:, :n_p], both[:, n_p:]
    for m in range(p.shape[0]):
        # wins[i, j] = 1, 1/2 or 0 as good topic i beats, ties or loses to bad topic j.  A resample's AUC
        # is the average over its drawn pairs, i.e. Σ_ij cp[i] wins[i, j] cq[j] / (n_p n_q).
        wins = np.sign(p[m][:, None] - q[m][None, :]) * 0.5 + 0.5
        auc[:, m] = np.einsum("bi,ij,bj->b", cp, wins, cq) / (n_p * n_q)
        # Σ (x - mean)² over the drawn topics, from sums of (x - c)² and (x - c) about the full-sample
        # mean c: centring first avoids cancelling large squares.
        xp, xq = p[m] - p[m].mean(), q[m] - q[m].mean()
        dev_p, dev_q = cp @ xp / n_p, cq @ xq / n_q
        ss_p = cp @ xp**2 - n_p * dev_p**2
        ss_q = cq @ xq**2 - n_q * dev_q**2
        pooled = np.maximum(ss_p + ss_q, 0.0) / (n_p + n_q - 2)
        gap = (p[m].mean() + dev_p) - (q[m].mean() + dev_q)
        scale = max(float(np.abs(p[m]).max()), float(np.abs(q[m]).max()), 1e-300)
        with np.errstate(divide="ignore", invalid="ignore"):
            d[:, m] = np.where(np.sqrt(pooled) > 1e-12 * scale, gap / np.sqrt(pooled), np.nan)
    for arr in (auc, d, ip, iq):
        arr.setflags(write=False)
    return BootstrapDiscrimination(auc=auc, d=d, positive_indices=ip, negative_indices=iq)


@dataclass(frozen=True, eq=False)
class DiscriminationRatio:
    """``measure(metric a) / measure(metric b)``, with a bootstrap percentile interval.

    Attributes
    ----------
    measure : str
        "d", "gini" (2·AUC - 1) or "auc".
    a, b : Discrimination
        Each metric's discrimination on all the topics.
    ratio : float
        The measure of a over that of b (finite: a b whose measure is 0 is
        refused, since the ratio is then 0/0 or unbounded).
    low, high : float
        The bootstrap percentile interval of the ratio.
    level : float
    n_boot : int
    n_undefined : int
        Resamples left out because a ratio was undefined (b's measure 0, or d
        undefined).
    sign_flips : float
        Share of resamples where b shows no positive separation: its measure at
        or below the measure's chance point (0 for d and 2·AUC - 1, 0.5 for
        the AUC).  When it is not small the ratio is unstable.
    boot : numpy.ndarray
        The ratio in every usable resample.
    """

    measure: str
    a: Discrimination
    b: Discrimination
    ratio: float
    low: float
    high: float
    level: float
    n_boot: int
    n_undefined: int
    sign_flips: float
    boot: np.ndarray

    def __str__(self):
        pct = round(100 * self.level)
        return (f"{self.measure} ratio = {self.ratio:.2f} ({pct}% bootstrap interval {self.low:.2f} to "
                f"{self.high:.2f}, {self.n_boot} resamples of the topics)")


_MEASURE_NAMES = {"d": "Cohen's d", "gini": "2·AUC − 1", "auc": "AUC"}


def _measure(dsc, measure):
    return {"d": dsc.d, "gini": dsc.gini, "auc": dsc.auc}[measure]


def discrimination_ratio(positives_a: ArrayLike, negatives_a: ArrayLike, positives_b: ArrayLike,
                         negatives_b: ArrayLike, *, measure: str = "d", n_boot: int = 2000, level: float = 0.95,
                         seed: int = 0) -> DiscriminationRatio:
    """How many times better metric a separates good from bad topics than metric b.

    ``ratio = measure(a) / measure(b)`` where measure is Cohen's d (default),
    ``2·AUC - 1`` ("gini") or the AUC itself ("auc", which can never exceed
    1 / 0.5 = 2 and so understates large differences).  Both metrics must
    score the same topics in the same order; the interval comes from
    :func:`bootstrap_discrimination` (paired, stratified), as the
    ``(1 - level)/2`` and ``(1 + level)/2`` percentiles of the resampled ratios.

    Parameters
    ----------
    positives_a, negatives_a : sequence of float
        Metric a's scores of the good and of the bad topics.
    positives_b, negatives_b : sequence of float
        Metric b's scores of the same topics.
    measure : {"d", "gini", "auc"}
    n_boot : int, default 2000
    level : float, default 0.95
    seed : int, default 0

    Returns
    -------
    DiscriminationRatio

    Raises
    ------
    ValueError
        When metric b's measure is 0 on all the topics (d = 0, AUC = 0.5 for
        "gini", AUC = 0 for "auc"): the ratio would be 0/0 or unbounded, so
        none is reported.  Also for scores that are not finite numbers,
        groups of different sizes, fewer than two topics per group, or
        groups without any spread (measure "d").

    Examples
    --------
    Metric a separates perfectly (AUC 1); metric b wins 8 of 9 pairs (AUC 8/9):

    >>> r = discrimination_ratio([0.5, 0.4, 0.3], [0.1, 0.2, 0.0], [0.5, 0.4, 0.3], [0.1, 0.35, 0.0],
    ...                          measure="gini", n_boot=200)
    >>> round(r.ratio, 4)                       # (2·1 - 1) / (2·8/9 - 1) = 9/7
    1.2857
    """
    check_choice(measure, "measure", SEPARATION_STATISTICS)
    level = check_finite_real(level, "level")
    if not 0 < level < 1:
        raise ValueError(f"level must lie strictly between 0 and 1 (e.g. 0.95), got {level}.")
    pa, qa = _scores(positives_a, "positives_a", 2), _scores(negatives_a, "negatives_a", 2)
    pb, qb = _scores(positives_b, "positives_b", 2), _scores(negatives_b, "negatives_b", 2)
    if pa.shape != pb.shape or qa.shape != qb.shape:
        raise ValueError(
            f"metrics a and b must score the same topics: a has {pa.shape[0]} good and {qa.shape[0]} bad, "
            f"b has {pb.shape[0]} good and {qb.shape[0]} bad."
        )
    a = _discrimination(pa, qa, "positives_a", "negatives_a")
    b = _discrimination(pb, qb, "positives_b", "negatives_b")
    top, bottom = _measure(a, measure), _measure(b, measure)
    if bottom == 0:
        # 0/0 when a does not separate either, "infinitely better" otherwise:
        # neither is a ratio worth reporting, so none is.
        raise ValueError(
            f"metric b's {_MEASURE_NAMES[measure]} is 0 on these topics (metric a's is {top:.4g}): b does not "
            "separate good from bad topics at all, so a ratio to it is undefined"
            + (" (0/0: neither metric separates them)." if top == 0 else ".")
            + " Report each metric's discrimination on its own, e.g. discrimination(positives_b, negatives_b)."
        )
    ratio = top / bottom

    boot = bootstrap_discrimination(np.vstack([pa, pb]), np.vstack([qa, qb]), n_boot=n_boot, seed=seed)
    stat = {"d": boot.d, "gini": boot.gini, "auc": boot.auc}[measure]
    num, den = stat[:, 0], stat[:, 1]
    ok = np.isfinite(num) & np.isfinite(den) & (den != 0)
    ratios = num[ok] / den[ok]
    if ratios.size == 0:
        raise ValueError("the ratio is undefined in every resample (metric b's measure is always 0); "
                         "metric b does not separate these topics at all.")
    low, high = np.percentile(ratios, [50 * (1 - level), 50 * (1 + level)])
    chance = 0.5 if measure == "auc" else 0.0   # no separation: AUC 0.5, d and 2·AUC - 1 at 0
    ratios.setflags(write=False)
    return DiscriminationRatio(
        measure=measure, a=a, b=b, ratio=float(ratio), low=float(low), high=float(high), level=level,
        n_boot=n_boot, n_undefined=int((~ok).sum()), sign_flips=float(np.mean(~(den > chance))), boot=ratios,
    )


# ---------------------------------------------------------------- bad topics
def _vocabulary(vocabulary):
    items = check_list(vocabulary, "vocabulary")
    if not all(isinstance(w, str) for w in items):
        raise TypeError("vocabulary must hold strings (words).")
    words = list(dict.fromkeys(items))  # distinct, first-seen order
    return words


# A bound on random_topics, so that a mistyped 10**19 fails at once instead of drawing forever.
_MAX_TOPICS = 100_000


def random_topics(vocabulary: Iterable[str], n_topics: int, size: int = 10, *, seed: int = 0) -> list[list[str]]:
    """Word lists drawn at random from a vocabulary: the "no topic at all" baseline.

    Each list holds ``size`` distinct words drawn uniformly without
    replacement, ``rng.choice(len(vocabulary), size, replace=False)`` with
    ``rng = numpy.random.default_rng(seed)``, one list after another.

    Parameters
    ----------
    vocabulary : sequence of str
        The words to draw from (duplicates are ignored).  Draw from words the
        reference corpus and the embeddings both know, or the metrics cannot
        score them.
    n_topics, size : int
        At most 100,000 topics, each of at least 2 words.
    seed : int, default 0

    Returns
    -------
    list of list of str

    Examples
    --------
    >>> ts = random_topics(["a", "b", "c", "d"], 2, size=3, seed=1)
    >>> len(ts), [len(set(t)) for t in ts]
    (2, [3, 3])
    """
    words = _vocabulary(vocabulary)
    n_topics = check_positive_int(n_topics, "n_topics")
    if n_topics > _MAX_TOPICS:
        raise ValueError(f"n_topics={n_topics} is more random topics than an evaluation needs (and would take "
                         f"very long to draw); give at most {_MAX_TOPICS:,}.")
    size = check_positive_int(size, "size", minimum=2)
    if size > len(words):
        raise ValueError(f"size={size} is more than the {len(words)} distinct words in vocabulary.")
    rng = _seed(seed)
    return [[words[i] for i in rng.choice(len(words), size, replace=False)] for _ in range(n_topics)]


def intruded_topics(topics: Iterable[Iterable[str]], vocabulary: Iterable[str], n_intruders: int = 1, *,
                    seed: int = 0) -> list[list[str]]:
    """Topics with some of their words replaced by intruders.

    For each topic, ``n_intruders`` positions are chosen uniformly without
    replacement and their words replaced by distinct words drawn uniformly
    from ``vocabulary`` minus the topic's own words (same generator, topic
    after topic: positions, then intruders).  The rest of the topic, and its
    order, are unchanged.  Chang et al. (2009) insert a single intruder that
    is improbable in the topic but probable in another; pass the other
    topics' top words as ``vocabulary`` to mimic that.

    Parameters
    ----------
    topics : sequence of sequence of str
    vocabulary : sequence of str
    n_intruders : int, default 1
        Between 1 and the length of the shortest topic.
    seed : int, default 0
        The same seed gives the same positions and the same intruders.

    Returns
    -------
    list of list of str
        The topics in their order, each as long as it was.

    Examples
    --------
    >>> t = intruded_topics([["fire", "blaze", "smoke"]], ["cricket", "fire", "test"], 1, seed=0)[0]
    >>> len(t), sum(w in ("fire", "blaze", "smoke") for w in t)
    (3, 2)
    """
    topics = check_topics(topics)
    words = _vocabulary(vocabulary)
    n_intruders = check_positive_int(n_intruders, "n_intruders")
    shortest = min(len(t) for t in topics)
    if n_intruders > shortest:
        raise ValueError(f"n_intruders={n_intruders} is more than the {shortest} words of the shortest topic.")
    rng = _seed(seed)
    out = []
    for k, t in enumerate(topics):
        own = set(t)
        pool = [w for w in words if w not in own]
        if len(pool) < n_intruders:
            raise ValueError(f"vocabulary has only {len(pool)} word(s) outside topics[{k}]; "
                             f"{n_intruders} intruder(s) are needed.")
        where = rng.choice(len(t), n_intruders, replace=False)
        new = rng.choice(len(pool), n_intruders, replace=False)
        t = list(t)
        for pos, i in zip(where, new):
            t[pos] = pool[i]
        out.append(t)
    return out
