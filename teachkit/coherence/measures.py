"""Coherence measures as Röder et al. (2015) build them: UMass, UCI, NPMI and C_V.

Röder, Both and Hinneburg ("Exploring the space of topic coherence
measures", WSDM 2015) split every coherence measure of a topic's top words
``W = {w_1, .., w_N}`` into four choices::

    coherence(W) = aggregation( confirmation(S_i, P) for S_i in segmentation(W) )

1. **Segmentation** pairs subsets of W: ``S = {(W', W*)}``, where ``W'`` is
   the part being confirmed and ``W*`` the part that confirms it.
2. **Probability estimation** ``P``: the share of *windows* (whole documents,
   or runs of k consecutive tokens) that contain a word or a pair, exactly as
   :class:`teachkit.CooccurrenceCounts` counts them.
3. **Confirmation measure** ``m(W', W*)``: how strongly W* supports W'.
   *Direct* measures use the two probabilities; the *indirect* one compares
   the context vectors of W' and W* (their NPMI with every word of W).
4. **Aggregation**: the arithmetic mean of the confirmations.

The measures are the entries of :data:`REGISTRY` (:data:`MEASURES` are those scored from window counts:
``u_mass``, ``c_uci``, ``c_npmi``, ``c_v`` as gensim's ``CoherenceModel`` offers them, and Röder et al.'s
``c_a``, which gensim lacks and Palmetto's ``C_A`` class is the reference for; ``embedding`` is the mean
cosine of the topic words' vectors, Aletras & Stevenson 2013).  Each entry's choices, and the zero
conventions (:data:`teachkit.counts.association.ZERO_CONVENTION_TABLE`: what a pair that never shares a
window scores), are the one table of conventions; :func:`conventions_markdown` renders it, and
docs/api.md shows that rendering (a test keeps the two equal).  A new measure is one entry there.

``gensim_compat=True`` uses gensim's ``"epsilon"`` (gensim's ε, :data:`EPSILON`, inside the logarithm)
for every measure gensim has, and gensim's sliding-window count, which under-counts words that repeat
inside a window (see :mod:`teachkit.counts.counting`).  Those are the only two differences between the
default and gensim.

A measure whose definition fixes its window (UMass: whole documents; UCI: 10 tokens; C_V: 110; C_A: 5)
refuses to be computed at another one unless asked with ``window_override=True``: C_V at windows of 20 is
not Röder et al.'s C_V.  NPMI's window is a free choice (Bouma defines NPMI without one; Lau et al. 2014
count in windows of 20, the NPMI guide in whole documents, gensim by default in 10), so ``c_npmi`` takes
any window.

Everything is computed from counts: ``P(w) = c(w) / n`` and
``P(w', w*) = c(w', w*) / n`` with ``n`` windows.
"""

from __future__ import annotations

import math
import numbers
import statistics
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

import numpy as np
from numpy.typing import ArrayLike

if TYPE_CHECKING:
    from ..semantic.embeddings import WordVectors

from .._checks import (as_exact_counts, as_float_array, check_choice, check_corpus, check_counts, check_finite_real,
                      check_flag, check_joint_rules, check_keywords, check_positive_int, check_topics, check_word_list,
                      exact_counts, scale_by_power_of_two)
from ..counts.counting import CooccurrenceCounts
from ..counts.association import (ALL_CONFIRMATIONS, ALL_ZERO_CONVENTIONS, COUNT_RULES, PROBABILITY_RULES, TOLERANCE,
                                  DEFAULT_EPSILON, EPSILON, ZERO_CONVENTION_TABLE, check_npmi_eps, guide_npmi_of_counts,
                                  log_probability_ratio, npmi_of_checked_counts, npmi_of_probabilities,
                                  smoothed_probabilities)
from ..counts.gensim_compat import ZERO as GENSIM_ZERO, trim_topics
from ..text import normalize_token

__all__ = [
    "MEASURES", "REGISTRY", "ZERO_CONVENTIONS", "EPSILON", "DEFAULT_EPSILON", "Measure", "conventions_markdown",
    "one_one", "one_preceding", "one_set", "SEGMENTATIONS",
    "log_conditional_probability", "log_ratio", "normalized_log_ratio", "DIRECT_CONFIRMATIONS",
    "context_vectors", "indirect_cosine",
    "arithmetic_mean", "SegmentScore", "TopicScore", "CoherencePerTopic", "coherence_per_topic", "scorable_keywords",
]

#: How far above 1 a word's NPMI with itself may come under gensim's eps convention (a rounding hair).
NPMI_SLACK = 1e-6

#: What a pair (W', W*) that shares no window scores, by convention: a view of the one table,
#: :data:`teachkit.counts.association.ZERO_CONVENTION_TABLE`, less its ``"guide"``, which smooths NPMI only
#: (``coherence_per_topic`` takes it for ``c_npmi``, ``c_v`` and ``c_a``; every convention ``zero=`` takes is a
#: key of :data:`teachkit.counts.association.ALL_ZERO_CONVENTIONS`).  Notebook 08 lists these four.
ZERO_CONVENTIONS = {name: text for name, text in ALL_ZERO_CONVENTIONS.items() if name != "guide"}


# ---------------------------------------------------------------- segmentation
def _word_tuple(words: Sequence[str | int]) -> tuple[str | int, ...]:
    # Segmentations work on words or on word ids (as gensim's do).
    return check_word_list(words, "words", ids=True)


def one_one(words: Sequence[str | int]) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """One-one segmentation: every ordered pair of different words.

    ::

        S_one^one = {(W', W*) | W' = {w_i}, W* = {w_j}, w_i, w_j in W, i != j}

    N words give N(N - 1) segments (each unordered pair twice; for a
    symmetric confirmation the mean is that of the N(N - 1)/2 pairs).

    Examples
    --------
    >>> one_one(["fire", "smoke", "ash"])            # doctest: +NORMALIZE_WHITESPACE
    [(('fire',), ('smoke',)), (('fire',), ('ash',)), (('smoke',), ('fire',)),
     (('smoke',), ('ash',)), (('ash',), ('fire',)), (('ash',), ('smoke',))]
    """
    return _one_one(_word_tuple(words))


def _one_one(w: Sequence[Any]) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    return [((a,), (b,)) for i, a in enumerate(w) for j, b in enumerate(w) if i != j]


def one_preceding(words: Sequence[str | int]) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """One-preceding segmentation: each word with every word ranked above it.

    ::

        S_one^pre = {(W', W*) | W' = {w_i}, W* = {w_j}, w_i, w_j in W, i > j}

    UMass uses it: the lower-ranked word W' is confirmed by (conditioned on)
    the higher-ranked W*.  N words give N(N - 1)/2 segments.

    Examples
    --------
    >>> one_preceding(["fire", "smoke", "ash"])
    [(('smoke',), ('fire',)), (('ash',), ('fire',)), (('ash',), ('smoke',))]
    """
    return _one_preceding(_word_tuple(words))


def _one_preceding(w: Sequence[Any]) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    return [((w[i],), (w[j],)) for i in range(1, len(w)) for j in range(i)]


def one_set(words: Sequence[str | int]) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """One-set segmentation: each word against the whole set W.

    ::

        S_one^set = {(W', W*) | W' = {w_i}, w_i in W, W* = W}

    C_V uses it, with the indirect cosine confirmation.  N words give N segments.

    Examples
    --------
    >>> one_set(["fire", "smoke"])
    [(('fire',), ('fire', 'smoke')), (('smoke',), ('fire', 'smoke'))]
    """
    return _one_set(_word_tuple(words))


def _one_set(w: Sequence[Any]) -> list[tuple[tuple[Any, ...], tuple[Any, ...]]]:
    return [((a,), tuple(w)) for a in w]


SEGMENTATIONS = {"one_one": one_one, "one_preceding": one_preceding, "one_set": one_set}
# The same segmentations for words already checked (a tuple of distinct strings), as coherence_per_topic has them.
_SEGMENT_CHECKED = {"one_one": _one_one, "one_preceding": _one_preceding, "one_set": _one_set}


# -------------------------------------------------------- confirmation measures
def _zero_joint(c_joint: np.ndarray, zero: str, what: str) -> None:
    if zero == "exact" and np.any(c_joint == 0):
        raise ValueError(
            f"a segment whose words share no window has {what} = log 0 = -inf under zero='exact'. "
            "Choose a zero convention: 'epsilon' (gensim), 'plus_one' (Mimno et al.) or 'zero' (0 for the pair, "
            "as Lau et al.'s scripts do for PMI)."
        )


# The rules of _checks.check_joint_rules for a segment's counts, in the measures' words, each marginal in turn.
_SEGMENT_RULES = {
    "no_window": "n must be at least 1: with no window there is no probability.",
    "absent": ("a word (or set) of the segment lies in no window: its probability is 0 and the "
               "measure is undefined. Leave the word out (coherence_per_topic reports it as skipped)."),
    "too_many": "c_joint is more than a marginal count: two words cannot share more windows than either lies in.",
    "above_total": "a marginal count is more than n: a word cannot lie in more windows than there are.",
}


def _check_confirmation_args(c_joint: ArrayLike, marginals: list[tuple[str, ArrayLike]], n: ArrayLike, zero: str,
                             eps: float) -> tuple[np.ndarray, list[np.ndarray], np.ndarray, float]:
    check_choice(zero, "zero", tuple(ZERO_CONVENTIONS))
    eps = check_finite_real(eps, "eps", minimum=0.0)
    # The measures work with probabilities, so floats are exact enough (counts past int64 are checked exactly
    # first, then rounded once).
    joint, checked, total = check_counts(("c_joint", c_joint), marginals, ("n", n), _SEGMENT_RULES, n_first=True,
                                         as_float=True, per_marginal=True)
    return joint, checked, total, eps


def _result(value: np.ndarray, *inputs: ArrayLike) -> float | np.ndarray:
    return float(value) if all(np.ndim(x) == 0 for x in inputs) else value


def log_conditional_probability(c_joint: ArrayLike, c_star: ArrayLike, n: ArrayLike, *, zero: str = "epsilon",
                                eps: float = DEFAULT_EPSILON) -> float | np.ndarray:
    """UMass's confirmation: the log of P(W' | W*).

    ::

        m_lc(W', W*) = log( (P(W', W*) + eps) / P(W*) )           zero="epsilon" (gensim)
                     = log( (c(W', W*) + 1) / c(W*) )              zero="plus_one" (Mimno et al.)
                     = log( c(W', W*) / c(W*) ), or 0 if c = 0     zero="zero"
                     = log( c(W', W*) / c(W*) )                    zero="exact"

    It is not symmetric: it conditions on W*, the higher-ranked word under
    one-preceding segmentation.  It is at most 0 (W' always there when W* is).

    Parameters
    ----------
    c_joint : int or array_like
        Windows holding both W' and W*.
    c_star : int or array_like
        Windows holding W*.
    n : int
        Number of windows.
    zero : str, default "epsilon"
        A key of :data:`ZERO_CONVENTIONS`.
    eps : float, default DEFAULT_EPSILON
        Used by ``zero="epsilon"`` only.

    Examples
    --------
    Three of four documents hold "fire", two of them also "smoke":

    >>> round(log_conditional_probability(2, 3, 4, zero="plus_one"), 6)   # log(3/3)
    0.0
    >>> round(log_conditional_probability(2, 3, 4, zero="exact"), 6)      # log(2/3)
    -0.405465
    """
    c_joint, (c_star,), n, eps = _check_confirmation_args(c_joint, [("c_star", c_star)], n, zero, eps)
    return _result(_confirm_lc(c_joint, c_star, n, zero, eps), c_joint, c_star, n)


def _confirm_lc(c_joint: np.ndarray, c_star: np.ndarray, n: ArrayLike, zero: str, eps: float) -> np.ndarray:
    """m_lc on counts the caller has checked (numpy arrays; every marginal at least 1)."""
    _zero_joint(c_joint, zero, "log P(W'|W*)")
    with np.errstate(divide="ignore"):
        if zero == "epsilon":
            value = np.log((c_joint / n + eps) / (c_star / n))
        elif zero == "plus_one":
            value = np.log((c_joint + 1) / c_star)
        else:
            value = np.where(c_joint == 0, 0.0, np.log(np.where(c_joint == 0, 1.0, c_joint) / c_star))
    return value


def log_ratio(c_joint: ArrayLike, c_prime: ArrayLike, c_star: ArrayLike, n: ArrayLike, *, zero: str = "epsilon",
              eps: float = DEFAULT_EPSILON) -> float | np.ndarray:
    """UCI's confirmation: pointwise mutual information (in nats).

    ::

        m_lr(W', W*) = log( (P(W', W*) + eps) / (P(W') P(W*)) )     zero="epsilon"
                     = log( P(W', W*) / (P(W') P(W*)) )            zero="exact" (-inf refused)
                     with P(W', W*) = (c(W', W*) + 1) / n           zero="plus_one"
                     0 for a pair that never co-occurs             zero="zero"

    Examples
    --------
    >>> round(log_ratio(2, 3, 2, 4, zero="exact"), 6)     # log((2/4) / (3/4 * 2/4))
    0.287682
    """
    c_joint, (c_prime, c_star), n, eps = _check_confirmation_args(
        c_joint, [("c_prime", c_prime), ("c_star", c_star)], n, zero, eps)
    return _result(_confirm_lr(c_joint, c_prime, c_star, n, zero, eps), c_joint, c_prime, c_star, n)


def _confirm_lr(c_joint: np.ndarray, c_prime: np.ndarray, c_star: np.ndarray, n: ArrayLike, zero: str,
                eps: float) -> np.ndarray:
    """m_lr on counts the caller has checked (numpy arrays; every marginal at least 1)."""
    _zero_joint(c_joint, zero, "PMI")
    p_prime, p_star = c_prime / n, c_star / n
    with np.errstate(divide="ignore"):
        if zero == "epsilon":
            value = np.log((c_joint / n + eps) / (p_prime * p_star))
        elif zero == "plus_one":
            value = np.log(((c_joint + 1) / n) / (p_prime * p_star))
        else:
            safe = np.where(c_joint == 0, 1.0, c_joint)
            value = np.where(c_joint == 0, 0.0, np.log((safe / n) / (p_prime * p_star)))
    return value


def normalized_log_ratio(c_joint: ArrayLike, c_prime: ArrayLike, c_star: ArrayLike, n: ArrayLike, *,
                         zero: str = "exact", eps: float = DEFAULT_EPSILON) -> float | np.ndarray:
    """NPMI's confirmation: PMI divided by -log of the joint probability, in [-1, 1].

    ::

        m_nlr(W', W*) = m_lr(W', W*) / -log( P(W', W*) + eps )      zero="epsilon" (gensim)
                      = NPMI, -1 for a pair that never co-occurs   zero="exact"
                      = NPMI, 0 for a pair that never co-occurs    zero="zero" (Lau et al.)

    ``"plus_one"`` is refused: adding 1 to a joint count can push NPMI above 1.
    Under ``"epsilon"`` a pair that shares every window scores -1, not +1
    (see :func:`teachkit.npmi_from_counts`).

    Examples
    --------
    >>> round(normalized_log_ratio(2, 3, 2, 4), 6)    # 0.287682 / -log(1/2)
    0.415037
    >>> normalized_log_ratio(0, 3, 1, 4), normalized_log_ratio(0, 3, 1, 4, zero="zero")
    (-1.0, 0.0)
    """
    _refuse_plus_one(zero)      # before the counts: whatever they are, this convention cannot score NPMI
    c_joint, (c_prime, c_star), n, eps = _check_confirmation_args(
        c_joint, [("c_prime", c_prime), ("c_star", c_star)], n, zero, eps)
    # NPMI also needs c(W', W*) >= c(W') + c(W*) - n (its logarithm of P(W', W*) assumes a corpus that
    # can hold the counts), said in the words of the formula it goes through: counts for gensim's, else
    # probabilities.
    if zero == "epsilon":
        exact_joint, exact_prime, exact_star, exact_n = _exact(c_joint, c_prime, c_star, n)
        check_joint_rules(exact_joint, (exact_prime, exact_star), exact_n, {"too_few": COUNT_RULES["too_few"]})
    else:
        check_joint_rules(c_joint / n, (c_prime / n, c_star / n), 1, {"too_few": PROBABILITY_RULES["too_few"]},
                          TOLERANCE)
    return _result(_confirm_npmi(c_joint, c_prime, c_star, n, zero, eps), c_joint, c_prime, c_star, n)


def _refuse_plus_one(zero: str) -> None:
    if zero == "plus_one":
        raise ValueError("zero='plus_one' is Mimno et al.'s convention for UMass; adding 1 to a joint count can "
                         "push NPMI above 1. Use 'exact', 'epsilon' or 'zero'.")


def _confirm_npmi(c_joint: np.ndarray, c_prime: np.ndarray, c_star: np.ndarray, n: ArrayLike, zero: str,
                  eps: float) -> np.ndarray:
    """m_nlr on counts the caller has checked (numpy arrays; every marginal at least 1), as a float array.

    The one place where a pair's NPMI is computed from its counts, for every measure and for
    :func:`teachkit.topic_coherence`::

        "exact"    NPMI(c/n), -1 for a pair that never co-occurs
        "zero"     the same, 0 for a pair that never co-occurs
        "epsilon"  gensim: log((c(W', W*)/n + eps) / (P(W') P(W*))) / -log(c(W', W*)/n + eps)
        "guide"    the NPMI guide: P = (c + eps) / (n + eps), its guard and clamp
    """
    _refuse_plus_one(zero)
    c12, c1, c2, total = _exact(c_joint, c_prime, c_star, n)
    if zero == "epsilon":
        # gensim's formula lives in association (npmi_from_counts(zero="epsilon")); it takes exact counts.
        return npmi_of_checked_counts(c12, c1, c2, total, eps, "epsilon")
    if zero == "guide":
        return cast(np.ndarray, guide_npmi_of_counts(c12, c1, c2, total, eps))
    value = npmi_of_probabilities(*smoothed_probabilities(c12, c1, c2, total, 0.0))
    if zero == "zero":
        value = np.where(c_joint == 0, 0.0, value)
    return cast(np.ndarray, value)


def _exact(*counts: ArrayLike) -> tuple[np.ndarray, ...]:
    """Checked counts (floats holding whole numbers, or ints) as association's exact integer arrays."""
    return as_exact_counts(*(exact_counts(np.asarray(c)) for c in counts))


def context_vectors(npmi_table: ArrayLike, gamma: int = 1) -> np.ndarray:
    """Context vector of each word: its NPMI with every word of the topic, to the power γ.

    ::

        v(w_i) = ( m_nlr(w_i, w_j) ** gamma  for j = 1 .. N )
        v(W')  = sum over w_i in W' of v(w_i)

    Parameters
    ----------
    npmi_table : array_like, shape (N, N)
        ``npmi_table[i, j] = m_nlr(w_i, w_j)``, the diagonal included (a
        word's NPMI with itself: 1 with exact counts).
    gamma : int, default 1
        Röder et al. try 1, 2 and 3 (a whole number, so that negative NPMI
        keeps a real power).  C_V uses 1.

    Returns
    -------
    numpy.ndarray, shape (N, N)
        Row i is v(w_i).

    Examples
    --------
    >>> context_vectors([[1.0, 0.5], [0.5, 1.0]], gamma=2)
    array([[1.  , 0.25],
           [0.25, 1.  ]])
    """
    gamma = check_positive_int(gamma, "gamma")
    table = as_float_array(npmi_table, "npmi_table")
    if table.ndim != 2 or table.shape[0] != table.shape[1]:
        raise ValueError(f"npmi_table must be a square N-by-N table, got shape {table.shape}.")
    if not np.all(np.isfinite(table)):
        raise ValueError("npmi_table must hold finite NPMI values (no NaN or infinity).")
    # gensim's eps convention can push a word's NPMI with itself a hair above 1; anything further is no NPMI.
    if np.any(np.abs(table) > 1 + NPMI_SLACK):
        raise ValueError(f"npmi_table holds {table.flat[np.argmax(np.abs(table))]!r}; NPMI lies in [-1, 1]. "
                         "Pass NPMI values (normalized_log_ratio), not PMI or counts.")
    return table ** gamma


def indirect_cosine(vectors: ArrayLike, w_prime: Sequence[int], w_star: Sequence[int]) -> float:
    """C_V's confirmation: cosine of the context vectors of W' and W*.

    ::

        m_cos(W', W*) = v(W') . v(W*) / (||v(W')|| ||v(W*)||),   v(W') = sum_{w_i in W'} v(w_i)

    Parameters
    ----------
    vectors : array_like, shape (N, N)
        Context vectors, one row per word (:func:`context_vectors`).
    w_prime, w_star : sequence of int
        Row indices of the words in W' and in W*.

    Examples
    --------
    Two words with NPMI 0.5: v(w_1) = (1, 0.5), v(W) = (1.5, 1.5)

    >>> round(indirect_cosine([[1.0, 0.5], [0.5, 1.0]], [0], [0, 1]), 6)   # 2.25 / (1.118034 * 2.121320)
    0.948683
    """
    v = as_float_array(vectors, "vectors")
    if v.ndim != 2:
        raise ValueError(f"vectors must be a table with one context vector per row, got shape {v.shape}.")
    if not np.all(np.isfinite(v)):
        raise ValueError("vectors holds NaN or infinity; context vectors are finite NPMI values.")
    return _cosine(v, _row_indices(w_prime, "w_prime", len(v)), _row_indices(w_star, "w_star", len(v)))


def _cosine(v: np.ndarray, w_prime: list[int], w_star: list[int]) -> float:
    """:func:`indirect_cosine` of checked context vectors (a finite float table) and row lists."""
    u_prime = v[w_prime].sum(axis=0)
    u_star = v[w_star].sum(axis=0)
    if not (np.any(u_prime) and np.any(u_star)):
        raise ValueError("a context vector is all zeros, so the cosine is undefined (0/0); this happens when "
                         "the NPMI values cancel. Use more words or another zero convention.")
    # The cosine does not depend on scale: bring each vector near 1 first (by a power of two, exactly),
    # so that entries of 1e200 do not overflow and entries of 1e-200 do not underflow in the squares.
    u_prime, u_star = scale_by_power_of_two(u_prime), scale_by_power_of_two(u_star)
    norm = math.sqrt(float(np.sum(u_prime ** 2))) * math.sqrt(float(np.sum(u_star ** 2)))
    return float(u_prime @ u_star) / norm


def _row_indices(indices: object, name: str, n_rows: int) -> list[int]:
    """Row indices of a segment's words: whole numbers in [0, n_rows), at least one."""
    if isinstance(indices, (str, bytes)) or not hasattr(indices, "__iter__"):
        raise TypeError(f"{name} must be a list of row indices (whole numbers), got {indices!r}.")
    rows = list(indices)
    if not rows:
        raise ValueError(f"{name} is empty: a segment needs at least one word.")
    for i in rows:
        if isinstance(i, (bool, np.bool_)) or not isinstance(i, numbers.Integral):
            raise TypeError(f"{name} must hold row indices (whole numbers), got {i!r}.")
        if not 0 <= int(i) < n_rows:
            raise ValueError(f"{name} holds {i}, but vectors has {n_rows} rows (indices 0 to {n_rows - 1}); "
                             "negative indices are refused, as they would silently count from the end.")
    return [int(i) for i in rows]


# ------------------------------------------------------------------ aggregation
def arithmetic_mean(values: ArrayLike) -> float:
    """Aggregation: the arithmetic mean of the segments' confirmations.

    Examples
    --------
    >>> arithmetic_mean([0.5, 0.25, 0.0])
    0.25
    """
    arr = as_float_array(values, "values")
    if arr.size == 0:
        raise ValueError("values is empty: there is no confirmation to aggregate.")
    return _mean(arr)


def _mean(arr: np.ndarray) -> float:
    """:func:`arithmetic_mean` of a non-empty float array; a NaN or infinity is still refused, since a
    confirmation computed here (not given by the caller) can overflow."""
    if not np.all(np.isfinite(arr)):
        raise ValueError("values holds a NaN or infinite confirmation; the mean would be meaningless.")
    # np.mean, as gensim aggregates, so that the last bits agree.
    with np.errstate(over="ignore"):
        mean = float(np.mean(arr))
    if not math.isfinite(mean):
        # The sum overflowed (values near 1.8e308): the mean of the halves cannot.
        mean = float(np.mean(arr / 2)) * 2
    return mean


#: The direct confirmations by name, each read from the segment's counts
#: ``(c(W', W*), c(W'), c(W*), n, zero, eps)``.  A new direct measure is one more line here
#: and one more entry in :data:`MEASURES`.
#: They read counts that coherence_per_topic has already checked (a CooccurrenceCounts' own), so they
#: go straight to the formulas; the public functions of the same names check their arguments first.
DIRECT_CONFIRMATIONS = {
    "log_conditional_probability": lambda c_joint, c_prime, c_star, n, zero, eps:
        _confirm_lc(c_joint, c_star, n, zero, eps),
    "log_ratio": _confirm_lr,
    "normalized_log_ratio": _confirm_npmi,
}


# --------------------------------------------------------------------- measures
@dataclass(frozen=True)
class Measure:
    """The four choices that make a named coherence measure, and what the rest of teachkit reads off it.

    Attributes
    ----------
    name : str
        The key in :data:`REGISTRY` (gensim's name where gensim has the measure).
    segmentation : str
        A key of :data:`SEGMENTATIONS`.
    window : int or None
        The sliding window in tokens the measure is defined with (or, if ``fixed_window`` is False, its
        default); None counts whole documents.
    confirmation : str
        A key of :data:`DIRECT_CONFIRMATIONS`, ``"indirect_cosine"``, or ``"embedding_cosine"`` (the cosine of
        two words' vectors, which reads no counts).
    zero : str
        The default zero co-occurrence convention, a key of
        :data:`teachkit.counts.association.ZERO_CONVENTION_TABLE` that takes the confirmation.
    description : str
        One line: who proposed it and how it scores.
    direction : str, default "higher"
        Which values are better (``"higher"`` or ``"lower"``); model selection reads it.
    in_gensim : bool, default True
        Whether gensim's ``CoherenceModel`` offers the measure under ``name`` (tests and benchmarks
        compare with gensim only those that it does).
    symmetric : bool, default True
        Whether a topic's value stays the same when its words are reordered (False when the
        segmentation or the confirmation reads the words' ranks, as UMass's one-preceding does).
    value_range : (float, float), default (-1.0, 1.0)
        The least and greatest value a topic can score under the default zero convention (tests check
        every measure against it; a cosine or an NPMI lies in [-1, 1]).
    label : str, default ""
        Its human name in figures and tables (:data:`teachkit.course.figures.LABELS` reads it); the name if "".
    fixed_window : bool, default True
        Whether the definition fixes the window: then another window is refused unless asked with
        ``window_override=True``.
    """

    name: str
    segmentation: str
    window: int | None
    confirmation: str
    zero: str
    description: str
    direction: str = "higher"
    in_gensim: bool = True
    symmetric: bool = True
    value_range: tuple[float, float] = (-1.0, 1.0)
    label: str = ""
    fixed_window: bool = True

    @property
    def reads_counts(self) -> bool:
        """Whether the measure is scored from window counts (every measure but the embedding cosine)."""
        return self.confirmation != "embedding_cosine"

    @property
    def zeros(self) -> tuple[str, ...]:
        """The zero conventions this measure takes, read off the one table."""
        if not self.reads_counts:
            return ("exact",)
        npmi_based = "normalized_log_ratio" if self.confirmation == "indirect_cosine" else self.confirmation
        return tuple(name for name, (_, takes) in ZERO_CONVENTION_TABLE.items()
                     if takes == ALL_CONFIRMATIONS or npmi_based in takes)


#: Every named coherence measure and its choices; the one registry that coherence_per_topic, topic_coherence,
#: evaluate_topics, score_pair, k_sweep, the figures' labels and the docs' table read.  A new measure is one entry.
REGISTRY = {
    "u_mass": Measure("u_mass", "one_preceding", None, "log_conditional_probability", "plus_one",
                      "Mimno et al. 2011: log P(w_i | w_j) over whole documents", symmetric=False,
                      # log((c(w', w*) + 1) / c(w*)) <= log((c(w*) + 1) / c(w*)) <= log 2
                      value_range=(-math.inf, math.log(2)), label="UMass"),
    "c_uci": Measure("c_uci", "one_one", 10, "log_ratio", "epsilon",
                     "Newman et al. 2010: mean PMI in sliding windows", value_range=(-math.inf, math.inf),
                     label="UCI"),
    "c_npmi": Measure("c_npmi", "one_one", 10, "normalized_log_ratio", "exact",
                      "Bouma 2009 / Aletras & Stevenson 2013: mean NPMI in sliding windows", label="NPMI",
                      fixed_window=False),
    "c_v": Measure("c_v", "one_set", 110, "indirect_cosine", "exact",
                   "Röder et al. 2015: cosine of NPMI context vectors, one-set, windows of 110", label="C_V"),
    # Röder et al. 2015, Table 2 (after Aletras & Stevenson 2013); its NPMI adds ε inside the logarithm, as
    # Palmetto's does, hence "epsilon". gensim has no c_a. A variant in its counting: Röder et al. and Palmetto
    # (createCACoherence: ContextWindowFrequencyDeterminer) count C_A's words in a context window, within 5
    # tokens of each occurrence; teachkit counts every measure in the same boolean sliding windows (reader z12).
    "c_a": Measure("c_a", "one_one", 5, "indirect_cosine", "epsilon",
                   "Röder et al. 2015 / Aletras & Stevenson 2013: cosine of NPMI context vectors, one-one, "
                   "sliding windows of 5 (theirs: a context window)", in_gensim=False, label="C_A"),
    # Aletras & Stevenson 2013's distributional similarity with word embeddings (Fang et al. 2016): the mean
    # cosine of the vectors of each pair of top words, teachkit.embedding_coherence. No counts, no window.
    "embedding": Measure("embedding", "one_one", None, "embedding_cosine", "exact",
                         "Aletras & Stevenson 2013 / Fang et al. 2016: mean cosine of the top words' vectors "
                         "(MiniLM unless vectors= are given)", in_gensim=False, label="embedding coherence",
                         fixed_window=False),
}

#: The measures scored from window counts (every entry of :data:`REGISTRY` but the embedding cosine): the ones
#: a sweep, a table of windows or gensim's comparison goes through.
MEASURES = {name: m for name, m in REGISTRY.items() if m.reads_counts}

# Confirmations that give (W', W*) and (W*, W') the same value: under one-one segmentation each unordered pair
# is confirmed once (i < j), which gives the same mean as both orders.
_SYMMETRIC_CONFIRMATIONS = frozenset({"log_ratio", "normalized_log_ratio", "embedding_cosine"})


def _window_name(window: int | None) -> str:
    return "whole documents" if window is None else f"sliding windows of {window} tokens"


def conventions_markdown() -> str:
    """The one table of conventions as Markdown: every measure of :data:`REGISTRY`, then the zero conventions.

    docs/api.md holds this text between its ``conventions`` markers (tests/test_measures.py keeps them equal;
    after adding a measure, paste the output of ``python -c "import teachkit.coherence.measures as m;
    print(m.conventions_markdown())"`` there).
    """
    rows = ["| measure | human name | segmentation | window | window fixed | confirmation | zero conventions "
            "(default first) | in gensim | range |",
            "|---|---|---|---|---|---|---|---|---|"]
    for m in REGISTRY.values():
        window = "none (vectors)" if not m.reads_counts else _window_name(m.window)
        zeros = ", ".join(f"`{z}`" for z in (m.zero, *(z for z in m.zeros if z != m.zero)))
        low, high = (f"{v:g}".replace("inf", "∞") for v in m.value_range)
        rows.append(f"| `{m.name}` | {m.label or m.name} | {m.segmentation} | {window} | "
                    f"{'yes' if m.fixed_window and m.reads_counts else 'no'} | {m.confirmation} | {zeros} | "
                    f"{'yes' if m.in_gensim else 'no'} | [{low}, {high}] |")
    rows += ["", "| zero convention | a pair that never shares a window | taken by |", "|---|---|---|"]
    for name, (text, takes) in ZERO_CONVENTION_TABLE.items():
        users = ", ".join(f"`{m.name}`" for m in REGISTRY.values() if m.reads_counts and name in m.zeros)
        takes = "every confirmation" if takes == ALL_CONFIRMATIONS else ", ".join(takes)
        rows.append(f"| `{name}` | {text} | {takes} ({users}) |")
    return "\n".join(rows)


# ------------------------------------------------------------------ the result: one type per level
@dataclass(frozen=True)
class SegmentScore:
    """The confirmation of one segment (W', W*), with the intermediates a hand calculation shows.

    For a segment of one word on each side (a pair), the counts and probabilities it was scored from are
    kept (None where the measure reads none, e.g. the indirect cosine, or a table typed by hand):
    ``c1 = c(W')``, ``c2 = c(W*)``, ``c12 = c(W', W*)``, ``n`` windows, the probabilities the zero convention
    uses (``p1``, ``p2``, ``p12``), and ``pmi`` (in nats) under PMI and NPMI.  ``PairScore`` is this type:
    ``word1``, ``word2`` and ``npmi`` read W', W* and the value.
    """

    w_prime: tuple[Any, ...]
    w_star: tuple[Any, ...]
    value: float
    pmi: float | None = None
    p1: float | None = None
    p2: float | None = None
    p12: float | None = None
    c1: int | None = None
    c2: int | None = None
    c12: int | None = None
    n: int | None = None

    def __post_init__(self) -> None:
        # A pair written as two words (PairScore("fire", "smoke", 0.5)) is the segment (("fire",), ("smoke",)).
        for name in ("w_prime", "w_star"):
            if isinstance(getattr(self, name), str):
                object.__setattr__(self, name, (getattr(self, name),))

    @property
    def word1(self) -> str:
        """W' of a pair (its one word)."""
        return str(self.w_prime[0])

    @property
    def word2(self) -> str:
        """W* of a pair (its one word)."""
        return str(self.w_star[0])

    @property
    def npmi(self) -> float:
        """The pair's value (its NPMI under ``c_npmi``, as PairScore named it)."""
        return self.value


@dataclass(frozen=True)
class TopicScore:
    """One topic under one measure: its segments, their confirmations and their mean.

    ``TopicCoherence`` is this type (``pairs``, ``mean`` and ``n_pairs`` are its names for the segments and
    the value).

    Attributes
    ----------
    keywords : tuple of str
        The words scored.
    segments : tuple of SegmentScore
        In the segmentation's order; under one-one segmentation with a symmetric confirmation (PMI, NPMI,
        the embedding cosine) each unordered pair once, (w1, w2), (w1, w3), ..., (w2, w3), ...
    value : float
        The topic's coherence (the aggregated confirmations).
    skipped : tuple of str
        Words among the top ``top_n`` that lie in no window (or have no vector), left out.
    measure : str
    """

    keywords: tuple[str, ...]
    segments: tuple[SegmentScore, ...]
    value: float
    skipped: tuple[str, ...] = ()
    measure: str = "c_npmi"

    @property
    def pairs(self) -> tuple[SegmentScore, ...]:
        """The segments (each a pair of words under one-one segmentation)."""
        return self.segments

    @property
    def mean(self) -> float:
        """The topic's coherence (its value: the mean of the confirmations)."""
        return self.value

    @property
    def n_pairs(self) -> int:
        return len(self.segments)

    def matrix(self) -> np.ndarray:
        """Confirmations of one-word segments as a k-by-k array: row W', column W*.

        A symmetric confirmation (PMI, NPMI, the embedding cosine) fills both [i, j] and [j, i].
        Asymmetric measures stay asymmetric: under UMass, entry [i, j] (i
        ranked below j) is log P(w_i | w_j) and [j, i] is NaN, since
        one-preceding segmentation never conditions a word on a lower-ranked
        one.  NaN wherever no segment exists (the diagonal included).

        Raises
        ------
        ValueError
            For one-set segmentation (C_V), whose W* is the whole topic.
        """
        k = len(self.keywords)
        pos = {w: i for i, w in enumerate(self.keywords)}
        m = np.full((k, k), np.nan)
        spec = REGISTRY.get(self.measure)
        both = spec is None or spec.confirmation in _SYMMETRIC_CONFIRMATIONS
        for seg in self.segments:
            if len(seg.w_prime) != 1 or len(seg.w_star) != 1:
                raise ValueError(f"{self.measure} confirms words against sets of words; there is no word-by-word "
                                 "matrix. Read .segments instead.")
            i, j = pos[seg.w_prime[0]], pos[seg.w_star[0]]
            m[i, j] = seg.value
            if both:
                m[j, i] = seg.value
        return m


@dataclass(frozen=True)
class CoherencePerTopic:
    """Coherence of several topics under one measure; iterates over the values like a list.

    ``CoherenceReport`` is this type: its summaries (``median``, ``min``, ``max``, ``all_positive``,
    ``ranked``, ``below``, ``without``, ``summary``) and ``scores`` (the values) work on every result.

    Attributes
    ----------
    measure : str or None
        None for a report of scores typed by hand (:meth:`from_scores`).
    window : int or None
        Window used (None: whole documents, or no counts).
    gensim_compat : bool
    zero : str or None
        The zero co-occurrence convention used.
    topics : tuple of TopicScore
    labels : tuple
        Topic labels: 0, 1, ... unless given (the keys of a dict of topics).
    """

    measure: str | None
    window: int | None
    gensim_compat: bool
    zero: str | None
    topics: tuple[TopicScore, ...]
    labels: tuple[Hashable, ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.labels:
            object.__setattr__(self, "labels", tuple(range(len(self.topics))))

    @property
    def values(self) -> np.ndarray:
        """One coherence per topic, as a numpy array."""
        return np.array([t.value for t in self.topics], dtype=float)

    @property
    def scores(self) -> np.ndarray:
        """The values (CoherenceReport's name for them)."""
        return self.values

    @property
    def mean(self) -> float:
        """The model's coherence: the mean over topics (as gensim's ``get_coherence``)."""
        return float(np.mean(self.values))

    @property
    def median(self) -> float:
        return float(statistics.median(self.values.tolist()))

    @property
    def min(self) -> float:
        return float(np.min(self.values))

    @property
    def max(self) -> float:
        return float(np.max(self.values))

    @property
    def all_positive(self) -> bool:
        """True when every topic's coherence is above 0."""
        return bool(np.all(self.values > 0))

    @property
    def skipped(self) -> tuple[tuple[str, ...], ...]:
        """Skipped words of each topic."""
        return tuple(t.skipped for t in self.topics)

    def ranked(self) -> list[tuple[Hashable, float]]:
        """``[(label, score), ...]`` from the most to the least coherent topic."""
        values = self.values
        order = np.argsort(-values, kind="stable")
        return [(self.labels[i], float(values[i])) for i in order]

    def below(self, threshold: float = 0.0) -> list[Hashable]:
        """Labels of the topics whose coherence is below ``threshold``."""
        threshold = check_finite_real(threshold, "threshold")
        return [lab for lab, s in zip(self.labels, self.values) if s < threshold]

    def without(self, *labels: Hashable) -> CoherencePerTopic:
        """The same result with some topics (e.g. an outlier topic) left out."""
        unknown = [lab for lab in labels if lab not in self.labels]
        if unknown:
            raise ValueError(f"labels {unknown!r} name no topic of this report; its labels are {list(self.labels)!r}.")
        keep = [i for i, lab in enumerate(self.labels) if lab not in labels]
        if not keep:
            raise ValueError("without() would leave no topic; keep at least one.")
        return replace(self, topics=tuple(self.topics[i] for i in keep), labels=tuple(self.labels[i] for i in keep))

    @classmethod
    def from_scores(cls, scores: Iterable[float], labels: Iterable[Hashable] | None = None) -> CoherencePerTopic:
        """A report from coherences computed elsewhere (e.g. printed in a document)."""
        values = [check_finite_real(s, f"scores[{i}]") for i, s in enumerate(scores)]
        if not values:
            raise ValueError("scores is empty: there is no topic to summarize.")
        names = tuple(range(len(values))) if labels is None else tuple(labels)
        if len(names) != len(values):
            raise ValueError(f"labels has {len(names)} entries but scores has {len(values)}.")
        topics = tuple(TopicScore((), (), float(v), (), "") for v in values)
        return cls(None, None, False, None, topics, names)

    def summary(self) -> dict[str, float | bool]:
        """A dict of the summary statistics (mean, median, min, max, all_positive)."""
        return {"mean": self.mean, "median": self.median, "min": self.min, "max": self.max,
                "all_positive": self.all_positive}

    def __len__(self) -> int:
        return len(self.topics)

    def __iter__(self) -> Iterator[float]:
        return iter(self.values.tolist())

    def __getitem__(self, i: int) -> float:
        values: list[float] = self.values.tolist()
        return values[i]


# ------------------------------------------------------------------ the topic's words and their counts
def check_counts_object(counts: object) -> None:
    if not isinstance(counts, CooccurrenceCounts):
        raise TypeError(
            "counts must be a teachkit.CooccurrenceCounts; build one with "
            "CooccurrenceCounts.from_documents(docs) or CooccurrenceCounts.from_counts(...)."
        )



def _count_tables(counts: CooccurrenceCounts, words: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """``c[i] = c(w_i)`` and ``m[i, j] = c(w_i, w_j)``, with c(w_i, w_i) = c(w_i) on the diagonal.

    ``words`` must all occur (see :func:`scorable_keywords`).  Uses the public
    ``counts_for`` (one vectorized look-up for the whole table).
    """
    c, m = counts.counts_for(words)
    c = np.asarray(c, dtype=np.int64)
    m = np.array(m, dtype=np.int64)
    np.fill_diagonal(m, c)   # a word shares every one of its windows with itself
    return c, m


def scorable_keywords(keywords: Sequence[str], counts: CooccurrenceCounts,
                      top_n: int = 10) -> tuple[list[str], tuple[str, ...]]:
    """The first ``top_n`` keywords that can be scored, and those skipped.

    The one place that decides which words of a topic a coherence measure
    uses: the first ``top_n`` keywords, less those that lie in no window of
    the reference corpus (their probability is 0, so no measure is defined
    for them).  Used by :func:`teachkit.topic_coherence` and
    :func:`coherence_per_topic`.

    Parameters
    ----------
    keywords : list of str
        Most probable first.
    counts : CooccurrenceCounts
    top_n : int, default 10

    Returns
    -------
    (list of str, tuple of str)
        The words kept (normalized: lowercased, NFC) and the words skipped.

    Raises
    ------
    ValueError
        If fewer than two words are left (no pair to score).

    Examples
    --------
    >>> counts = CooccurrenceCounts.from_documents(["fire smoke", "fire ash"])
    >>> scorable_keywords(["fire", "rain", "smoke", "ash"], counts, top_n=3)
    (['fire', 'smoke'], ('rain',))
    """
    check_counts_object(counts)
    words = check_keywords(keywords)
    top_n = check_positive_int(top_n, "top_n", minimum=2)
    return _scorable(words, counts, top_n)


def _scorable(words: Sequence[str], counts: CooccurrenceCounts, top_n: int) -> tuple[list[str], tuple[str, ...]]:
    """:func:`scorable_keywords` on arguments already checked (a list of distinct words, counts, top_n >= 2)."""
    used = [normalize_token(w) for w in words[:top_n]]
    found = [w for w in used if counts.count(w) > 0]
    skipped = tuple(w for w in used if counts.count(w) == 0)
    if len(found) < 2:
        empty = (" The corpus the counts come from holds no word at all (empty documents, or only punctuation)."
                 if len(counts) == 0 or counts.n_tokens == 0 else "")
        raise ValueError(
            f"keywords: only {len(found)} of the first {len(used)} keywords occur in the reference corpus "
            f"(not found: {', '.join(skipped) or 'none'}); at least two are needed to form a pair. "
            "Check tokenization (case, accents) and that the counts come from the right corpus." + empty
        )
    return found, skipped


def _check_window(spec: Measure, window: int | None, window_override: bool, what: str) -> None:
    """Refuse a window the measure's definition does not have, unless ``window_override=True``."""
    if spec.fixed_window and spec.reads_counts and window != spec.window and not window_override:
        raise ValueError(
            f"{spec.name} is defined on {_window_name(spec.window)}, but {what} {_window_name(window)} "
            f"(window={window}). At another window it is another measure: pass window_override=True to score it "
            f"anyway (and report the window), or use the measure's own window ({spec.window})."
        )


def _check_given_counts(counts: CooccurrenceCounts, window: int | None, gensim_compat: bool) -> CooccurrenceCounts:
    """Counts given as texts: they must be what the call asks for (window, gensim's count)."""
    if window is not None and window != counts.window:
        raise ValueError(f"window={window} differs from the window of the counts given as texts "
                         f"({counts.window}); leave window=None or count again.")
    if gensim_compat and counts.window is not None and not counts.gensim_compat:
        raise ValueError("gensim_compat=True but the counts given as texts were counted correctly; "
                         "build them with gensim_compat=True or pass the texts themselves.")
    if not gensim_compat and counts.gensim_compat:
        raise ValueError("these counts reproduce gensim's under-count (gensim_compat=True); pass "
                         "gensim_compat=True too, or count again without it.")
    return counts


def _intermediates(c12: np.ndarray, c1: np.ndarray, c2: np.ndarray, n: int, zero: str,
                   eps: float) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """PMI and the three probabilities a hand calculation shows beside each pair's value.

    The probabilities are those the convention uses (``(c + eps) / (n + eps)``
    for the guide, ``c / n`` otherwise); under gensim's, eps is added to the
    joint probability inside the logarithm, as in its NPMI::

        PMI = log((p12 + eps) / (p1 p2))
    """
    x12, x1, x2, total = _exact(c12, c1, c2, n)
    p12, p1, p2 = smoothed_probabilities(x12, x1, x2, total, eps if zero == "guide" else 0.0)
    if zero == "epsilon":
        p12 = p12 + eps
        pmi_value = np.log(p12 / (p1 * p2))
    else:
        with np.errstate(divide="ignore"):     # under "zero", a pair never together has PMI -inf
            pmi_value = log_probability_ratio(p12, p1, p2)
    return pmi_value, p1, p2, p12


def _score_topic(words: list[str], counts: CooccurrenceCounts | None, spec: Measure, zero: str, eps: float, gamma: int,
                 vectors: WordVectors | None = None) -> tuple[tuple[SegmentScore, ...], float]:
    """The one pipeline every measure goes through: segment, confirm, keep the intermediates, aggregate.

    Returns the segments (:class:`SegmentScore`, with counts and probabilities for pairs of a direct
    confirmation) and the topic's value.
    """
    if spec.confirmation == "embedding_cosine":
        return _score_vectors(words, vectors)
    assert counts is not None, "a measure that reads counts is given counts"
    c, table = _count_tables(counts, words)
    n = counts.n
    index = {w: i for i, w in enumerate(words)}
    if spec.segmentation == "one_one" and spec.confirmation in _SYMMETRIC_CONFIRMATIONS:
        iu, ju = np.triu_indices(len(words), k=1)
        segments = [((words[a],), (words[b],)) for a, b in zip(iu.tolist(), ju.tolist())]
    else:
        segments = _SEGMENT_CHECKED[spec.segmentation](tuple(words))
    rows_prime = [[index[w] for w in s[0]] for s in segments]
    rows_star = [[index[w] for w in s[1]] for s in segments]
    if spec.confirmation == "indirect_cosine":
        k = len(words)
        iu, ju = np.triu_indices(k)
        flat = _confirm_npmi(table[iu, ju], c[iu], c[ju], n, zero, eps)
        npmi_table = np.empty((k, k))
        npmi_table[iu, ju] = flat
        npmi_table[ju, iu] = flat
        # The table is NPMI computed here, finite and within [-1, 1]: context_vectors' checks are for tables
        # given by hand, so the vectors are its power directly.
        context = npmi_table ** gamma
        values = np.array([_cosine(context, p, s) for p, s in zip(rows_prime, rows_star)])
        scores = tuple(SegmentScore(s[0], s[1], float(v)) for s, v in zip(segments, values))
        return scores, _mean(values)
    i = np.array([r[0] for r in rows_prime])
    j = np.array([r[0] for r in rows_star])
    try:
        values = DIRECT_CONFIRMATIONS[spec.confirmation](table[i, j], c[i], c[j], n, zero, eps)
    except ValueError as err:
        never = [(words[a], words[b]) for a, b in zip(i, j) if table[a, b] == 0]
        raise ValueError(f"{err} Pairs that never co-occur: {never[:3]}.") from err
    values = np.atleast_1d(np.asarray(values, dtype=float))
    pmis, p1, p2, p12 = _intermediates(table[i, j], c[i], c[j], n, zero, eps)
    with_pmi = spec.confirmation in ("log_ratio", "normalized_log_ratio")
    # tolist() turns each array into Python numbers at once (cheaper than float() per item)
    columns = zip(segments, values.tolist(), np.asarray(pmis, dtype=float).tolist(),
                  *(np.asarray(a, dtype=float).tolist() for a in (p1, p2, p12)),
                  c[i].tolist(), c[j].tolist(), table[i, j].tolist())
    scores = tuple(SegmentScore(s[0], s[1], v, pm if with_pmi else None, q1, q2, q12, c1, c2, c12, n)
                   for s, v, pm, q1, q2, q12, c1, c2, c12 in columns)
    return scores, _mean(values)


def _as_word_vectors(vectors: object, words: list[str]) -> WordVectors:
    """The vectors of the embedding measure: given (WordVectors, or a mapping word -> vector), or MiniLM's."""
    from ..semantic.embeddings import WordVectors
    if vectors is None:
        from ..semantic.minilm import minilm_vectors
        found: WordVectors = minilm_vectors(words)
        return found
    if isinstance(vectors, WordVectors):
        return vectors
    if isinstance(vectors, Mapping):
        try:
            return WordVectors(vectors)
        except (TypeError, ValueError) as err:
            raise type(err)(f"vectors: {err}") from err
    raise TypeError("vectors must be a teachkit.WordVectors, a mapping word -> vector, or None (MiniLM's "
                    f"vectors), got {type(vectors).__name__}.")


def _scorable_vectors(words: Sequence[str], vectors: WordVectors, top_n: int) -> tuple[list[str], tuple[str, ...]]:
    """The first ``top_n`` words, less those without a vector, and those skipped (as :func:`_scorable`)."""
    used = [normalize_token(w) for w in words[:top_n]]
    found = [w for w in used if w in vectors]
    skipped = tuple(w for w in used if w not in vectors)
    if len(found) < 2:
        raise ValueError(f"keywords: only {len(found)} of the first {len(used)} keywords have a vector "
                         f"(no vector: {', '.join(skipped) or 'none'}); at least two are needed to form a pair.")
    return found, skipped


def _score_vectors(words: list[str], vectors: WordVectors | None) -> tuple[tuple[SegmentScore, ...], float]:
    """The embedding measure: the cosine of each pair's vectors (i < j), and their mean,
    :func:`teachkit.embedding_coherence` of the similarity matrix."""
    from ..semantic.metrics import embedding_coherence
    assert vectors is not None, "the embedding measure is given its vectors"
    similarity = vectors.similarity_matrix(words)
    iu, ju = np.triu_indices(len(words), k=1)
    scores = tuple(SegmentScore((words[a],), (words[b],), float(similarity[a, b]))
                   for a, b in zip(iu.tolist(), ju.tolist()))
    return scores, embedding_coherence(similarity)


def _resolve_zero(spec: Measure, zero: str | None, eps: float | None, gensim_compat: bool = False,
                  npmi_eps: bool = False) -> tuple[str, float]:
    """The zero convention (the measure's own if None) and its ε, checked against the one table.

    ``npmi_eps``: check ε as NPMI from counts does (:func:`teachkit.counts.association.check_npmi_eps`: eps=0
    is taken with any convention), for topic_coherence, evaluate_topics and score_pair."""
    if zero is None:
        zero = GENSIM_ZERO if gensim_compat else spec.zero
    check_choice(zero, "zero", tuple(ALL_ZERO_CONVENTIONS))
    if gensim_compat and zero != GENSIM_ZERO:
        raise ValueError("gensim_compat=True uses gensim's zero convention, 'epsilon'; leave zero=None.")
    if zero not in spec.zeros:
        if not spec.reads_counts:
            raise ValueError(f"zero={zero!r}: {spec.name} reads no counts, so no zero convention applies; "
                             "leave zero out.")
        if zero == "plus_one":
            _refuse_plus_one(zero)
        raise ValueError(f"zero={zero!r} smooths NPMI only; {spec.name} takes {', '.join(map(repr, spec.zeros))}.")
    if npmi_eps:
        return zero, check_npmi_eps(zero, eps, tuple(ALL_ZERO_CONVENTIONS))
    return zero, _eps_for(zero, eps, gensim_compat)


def _eps_for(zero: str, eps: float | None, gensim_compat: bool = False) -> float:
    """The ε a zero convention uses: ``eps`` checked, or the default (gensim's under ``gensim_compat``).

    Only ``"epsilon"`` and the NPMI guide's ``"guide"`` (default 0) take an ε; giving one to another convention
    is refused, as it would be ignored."""
    if eps is None:
        return 0.0 if zero == "guide" else EPSILON if gensim_compat else DEFAULT_EPSILON
    eps = check_finite_real(eps, "eps", minimum=0.0)
    if zero not in ("epsilon", "guide"):
        raise ValueError(f"eps={eps} has no effect with zero={zero!r}; only zero='epsilon' adds an eps. "
                         "Leave eps out, or choose zero='epsilon'.")
    if gensim_compat and eps != EPSILON:
        raise ValueError(f"gensim_compat=True uses gensim's eps ({EPSILON}); leave eps out.")
    return eps


def score_topic(found: Sequence[str], skipped: tuple[str, ...], counts: CooccurrenceCounts | None, measure: str,
                zero: str, eps: float, gamma: int = 1, vectors: WordVectors | None = None) -> TopicScore:
    """One topic's :class:`TopicScore` from words already chosen (:func:`scorable_keywords`) and checked
    settings: the step every view (coherence_per_topic, topic_coherence, evaluate_topics, score_pair) shares."""
    segments, value = _score_topic(list(found), counts, REGISTRY[measure], zero, eps, gamma, vectors)
    return TopicScore(tuple(found), segments, value, tuple(skipped), measure)


def coherence_per_topic(topics: Sequence[Sequence[str]], texts: Iterable[Any] | CooccurrenceCounts | None,
                        measure: str = "c_npmi", window: int | None = None, top_n: int = 10,
                        gensim_compat: bool = False, *, zero: str | None = None, eps: float | None = None,
                        gamma: int = 1, window_override: bool = False, vectors: object = None) -> CoherencePerTopic:
    """Coherence of each topic under a named measure of :data:`REGISTRY` (u_mass, c_uci, c_npmi, c_v, c_a, embedding).

    The call to reach for first.  With ``gensim_compat=True`` it gives the
    numbers of gensim 4.4's ::

        CoherenceModel(topics=topics, texts=texts, dictionary=Dictionary(texts), coherence=measure,
                       window_size=window, topn=top_n).get_coherence_per_topic()

    (same counts, same ε, same segmentation); by default the counts are
    correct and the zero convention is the measure's own (see the module
    docstring's table).

    Parameters
    ----------
    topics : list of list of str
        Each topic's words, most probable first.
    texts : list of documents, CooccurrenceCounts, or None
        The reference corpus (strings are tokenized, token lists used as
        they are), or counts already built from it (reused, not recounted;
        they are scored at their own window, which the result reports).
        None for the embedding measure, which reads vectors, not counts.
    measure : str
        A key of :data:`REGISTRY`.
    window : int or None
        Sliding-window size; None means the measure's own
        (``REGISTRY[measure].window``: u_mass whole documents, c_uci and
        c_npmi 10, c_v 110, c_a 5).  Another window is refused for a measure
        whose definition fixes it (all but c_npmi) unless ``window_override=True``.
    top_n : int, default 10
        How many leading words of each topic to score.
    gensim_compat : bool, default False
        Reproduce gensim 4.4: its sliding-window under-count, ε = EPSILON inside
        the log for every measure, and its way of cutting topics (words not
        in the texts dropped first, then the first ``top_n`` kept, and only
        when the first topic is longer than ``top_n``).
    zero : str, optional
        A key of :data:`ZERO_CONVENTIONS`; default: the measure's own.
    eps : float, optional
        The ε that ``zero="epsilon"`` adds inside the logarithm (no other convention takes one); default
        :data:`DEFAULT_EPSILON`, or gensim's :data:`EPSILON` under ``gensim_compat=True``.
    gamma : int, default 1
        The exponent γ on the NPMI context vectors (C_V and C_A).
    window_override : bool, default False
        Score a measure at a window its definition does not have (and say so when reporting it).
    vectors : WordVectors or mapping word -> vector, optional
        For ``measure="embedding"`` only: the words' vectors (default: all-MiniLM-L6-v2's,
        :func:`teachkit.minilm_vectors`); words without a vector are skipped.

    Returns
    -------
    CoherencePerTopic
        Iterates over the per-topic values; ``.topics`` holds each topic's
        segments and skipped words.

    Examples
    --------
    >>> docs = [["fire", "smoke", "ash"], ["fire", "smoke"], ["fire", "rain"], ["rain", "ash"]]
    >>> result = coherence_per_topic([["fire", "smoke", "ash"]], docs, "u_mass")   # (log 1 + log 2/3 + log 1) / 3
    >>> [round(v, 4) for v in result], result.zero
    ([-0.1352], 'plus_one')
    >>> [round(v, 4) for v in coherence_per_topic([["fire", "smoke", "ash"]], docs, "c_npmi")]
    [0.0409]
    """
    check_choice(measure, "measure", tuple(REGISTRY))
    spec = REGISTRY[measure]
    gensim_compat = check_flag(gensim_compat, "gensim_compat")
    window_override = check_flag(window_override, "window_override")
    if gensim_compat and not spec.in_gensim:
        raise ValueError(f"gensim_compat=True: gensim has no {measure}, so there is nothing to reproduce. "
                         "Leave gensim_compat=False.")
    top_n = check_positive_int(top_n, "top_n", minimum=2)
    zero, eps = _resolve_zero(spec, zero, eps, gensim_compat)
    gamma = check_positive_int(gamma, "gamma")
    if gamma != 1 and spec.confirmation != "indirect_cosine":
        raise ValueError("gamma is the context vectors' exponent (C_V, C_A); other measures have none. "
                         "Leave gamma=1.")
    words = check_topics(topics)
    all_words = list(dict.fromkeys(w for t in words for w in t))
    if not spec.reads_counts:
        if texts is not None or window is not None:
            raise ValueError(f"{measure} reads the words' vectors, not counts: pass texts=None and no window.")
        wv = _as_word_vectors(vectors, all_words)
        results = []
        for i, t in enumerate(words):
            try:
                found, skipped = _scorable_vectors(t, wv, top_n)
            except ValueError as err:
                raise ValueError(f"topics[{i}]: {err}") from err
            results.append(score_topic(found, skipped, None, measure, zero, eps, vectors=wv))
        return CoherencePerTopic(measure, None, False, zero, tuple(results))
    if vectors is not None:
        raise ValueError(f"vectors= is for measure='embedding'; {measure} reads window counts. Leave vectors out.")
    if window is not None:
        window = check_positive_int(window, "window")
        _check_window(spec, window, window_override, "window= asks for")
    elif not isinstance(texts, CooccurrenceCounts):
        window = spec.window
    if isinstance(texts, CooccurrenceCounts):
        counts = _check_given_counts(texts, window, gensim_compat)
    else:
        # The texts are walked once, three calls down (counting's _from_checked, the engine's count_known and
        # its chunks): window and gensim_compat are checked above, only the corpus is left to check.
        check_corpus(texts, "texts", "the reference corpus (a collection of documents) or CooccurrenceCounts "
                     "built from it")
        try:
            counts = CooccurrenceCounts._from_checked(cast(Iterable[Any], texts), window,
                                                      gensim_compat and window is not None, all_words)
        except (TypeError, ValueError) as err:
            # from_documents names its argument "docs"; here the reference corpus is called texts.
            raise type(err)(f"texts (the reference corpus, or CooccurrenceCounts built from it): {err}") from err
    # gensim's way of cutting topics lives with the rest of its emulation.
    trimmed = trim_topics(words, counts, top_n) if gensim_compat else None
    results = []
    for i, t in enumerate(words):
        if trimmed is not None:
            found, skipped = trimmed[i]
        else:
            try:
                found, skipped = _scorable(t, counts, top_n)
            except ValueError as err:
                raise ValueError(f"topics[{i}]: {err}") from err
        results.append(score_topic(found, skipped, counts, measure, zero, eps, gamma))
    return CoherencePerTopic(measure, counts.window, bool(counts.gensim_compat), zero, tuple(results))
