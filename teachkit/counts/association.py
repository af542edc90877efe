"""Pointwise mutual information (PMI) and its normalized form (NPMI).

Definitions (Church & Hanks 1990; Bouma 2009)::

    PMI(x, y)  = log( P(x, y) / (P(x) P(y)) )
    NPMI(x, y) = PMI(x, y) / -log P(x, y)

NPMI lies in [-1, 1]: -1 when the words never share a window
(P(x, y) = 0), 0 when they are independent (P(x, y) = P(x) P(y)) and +1
when they always come together (P(x, y) = P(x) = P(y)).  The log base
cancels in the ratio, so NPMI does not depend on it; PMI does (nats for
``base=math.e``, bits for ``base=2``).

Every function accepts scalars or numpy arrays (broadcast together) and
returns a float for scalar input, an array otherwise.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, cast, overload

import numpy as np
from numpy.typing import ArrayLike

from .gensim_compat import EPSILON  # gensim's ε, defined once with the rest of gensim's conventions
from .._checks import (
    check_broadcast, check_choice, check_counts, check_finite_real, check_joint_rules, check_probability_array,
)

__all__ = ["pmi", "npmi", "npmi_from_counts", "probabilities_from_counts", "EPSILON", "DEFAULT_EPSILON",
           "ZERO_CONVENTION_TABLE", "ALL_ZERO_CONVENTIONS", "SMOOTHING_ALIASES", "NPMI_ZERO_CONVENTIONS",
           "zero_convention", "check_npmi_eps"]

#: teachkit's own ε: what ``zero="epsilon"`` adds to P(W', W*) inside the logarithm when no ``eps`` is given
#: and gensim's numbers are not asked for.  It equals gensim's :data:`EPSILON` today, but it is a choice of
#: teachkit's, not a convention to reproduce: changing it is this one line, and every result that must
#: equal gensim's reads :data:`teachkit.counts.gensim_compat.EPSILON` instead.
DEFAULT_EPSILON = 1e-12


#: "Every confirmation measure that reads window counts" in the table below (a new confirmation of
#: :mod:`teachkit.coherence.measures` takes these conventions with no line here).
ALL_CONFIRMATIONS = "*"

#: The zero conventions, the one table of them in teachkit: each convention's name (what ``zero=`` takes), what a
#: pair that never shares a window scores under it and how eps enters, and the confirmation measures that take it
#: (C_V's and C_A's indirect cosine takes those of ``normalized_log_ratio``, the NPMI it is built from).
#: :data:`ALL_ZERO_CONVENTIONS`, :data:`NPMI_ZERO_CONVENTIONS` and :data:`teachkit.coherence.measures.ZERO_CONVENTIONS`
#: are views of it, and ``teachkit.coherence.measures.conventions_markdown()`` renders it in docs/api.md.
ZERO_CONVENTION_TABLE: dict[str, tuple[str, tuple[str, ...] | str]] = {
    "exact": ("no smoothing: NPMI takes its limit -1; log conditional probability and PMI would be "
              "-inf, so such a pair is refused", ALL_CONFIRMATIONS),
    "epsilon": (f"gensim and Röder et al.: eps = {EPSILON} added to P(W', W*) inside the logarithm",
                ALL_CONFIRMATIONS),
    "plus_one": ("Mimno et al.'s UMass: 1 added to the joint count, log((c(W', W*) + 1) / c(W*))",
                 ("log_conditional_probability", "log_ratio")),
    "zero": ("0, as Lau et al.'s topic_interpretability scripts score a pair that never co-occurs under PMI and "
             "NPMI (their UMass-like lcp gives it log(c(W')/n) instead, so for UMass the 0 is teachkit's "
             "extension)", ALL_CONFIRMATIONS),
    "guide": ("the NPMI guide: eps added to every count and to n, P = (c + eps) / (n + eps), then its guard "
              "(0 where -log P(x, y) is 0 or infinite) and its clamp to [-1, 1]", ("normalized_log_ratio",)),
}
#: Each convention's description, by the name ``zero=`` takes (a view of :data:`ZERO_CONVENTION_TABLE`).
ALL_ZERO_CONVENTIONS = {name: row[0] for name, row in ZERO_CONVENTION_TABLE.items()}
#: The older spelling, ``smoothing=``, of the conventions NPMI from counts takes: each old name and the
#: convention of :data:`ALL_ZERO_CONVENTIONS` it stands for.  ``smoothing=`` was deprecated in 0.1.0 and
#: removed in 0.2.0: giving it raises a TypeError that names the ``zero=`` to write (this table).
SMOOTHING_ALIASES = {"none": "exact", "guide": "guide", "gensim": "epsilon"}
#: The conventions NPMI from counts takes (:func:`npmi_from_counts`, :func:`teachkit.topic_coherence`).
NPMI_ZERO_CONVENTIONS = tuple(SMOOTHING_ALIASES.values())


@overload
def zero_convention(zero: str | None, smoothing: object, default: str = ...) -> str: ...
@overload
def zero_convention(zero: str | None, smoothing: object, default: None) -> str | None: ...
def zero_convention(zero: str | None, smoothing: object, default: str | None = "exact") -> str | None:
    """The zero convention a caller named by ``zero=`` (neither given: ``default``).

    ``smoothing=``, its older spelling, was removed in 0.2.0 (deprecated in 0.1.0): giving it raises a
    TypeError that names the ``zero=`` to write instead (:data:`SMOOTHING_ALIASES`).  ``zero`` itself is
    checked by the caller, which knows the conventions it takes.
    """
    if smoothing is not None:
        new = SMOOTHING_ALIASES.get(smoothing) if isinstance(smoothing, str) else None
        write = f"zero={new!r}" if new else f"zero= (one of {', '.join(map(repr, SMOOTHING_ALIASES.values()))})"
        raise TypeError(f"smoothing={smoothing!r:.40} was removed in teachkit 0.2.0 (deprecated in 0.1.0); "
                        f"write {write}.")
    return default if zero is None else zero


def __getattr__(name: str) -> object:
    # PEP 562: a name removed in 0.2.0 says what replaced it
    if name == "SMOOTHING_CONVENTIONS":
        raise AttributeError("SMOOTHING_CONVENTIONS was removed in teachkit 0.2.0 (deprecated in 0.1.0); read "
                             "ALL_ZERO_CONVENTIONS, whose keys are the names zero= takes.")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Floating-point slack allowed when checking that a joint probability is
# compatible with its marginals (probabilities typed by hand are rounded).
TOLERANCE = 1e-12


def _scalar_or_array(value: Any, scalar: bool) -> float | np.ndarray:
    return float(value) if scalar else cast(np.ndarray, value)


def _is_scalar(*values: Any) -> bool:
    try:
        return all(np.ndim(v) == 0 for v in values)
    except ValueError:  # a ragged list; validation says what is wrong with it
        return False


def log_probability_ratio(p_xy: Any, p_x: Any, p_y: Any) -> Any:
    """``ln(p_xy / (p_x p_y))``, also where the product underflows.

    The ratio is taken directly when ``p_xy`` and ``p_x p_y`` are normal
    floats: that keeps the exact 0 of independent words (a difference of
    logs would leave a rounding residue).  Below about 2.2e-308 the product
    would lose its digits or become 0 (PMI +inf, NPMI clipped to 1), so
    there the logs are subtracted instead: ``ln p_xy - ln p_x - ln p_y``.
    """
    tiny = np.finfo(float).tiny
    product = p_x * p_y
    normal = (product >= tiny) & (p_xy >= tiny)
    with np.errstate(divide="ignore", invalid="ignore"):
        direct = np.log(p_xy / np.where(normal, product, 1.0))
        in_logs = np.log(p_xy) - np.log(p_x) - np.log(p_y)
    return np.where(normal, direct, in_logs)


# Each rule of _checks.check_joint_rules in the words of probabilities, then of counts.
PROBABILITY_RULES = {
    "too_many": ("p_xy is larger than p_x or p_y: two words cannot occur together more often than either "
     "occurs alone. Check that the joint and the marginal probabilities come from the same counts."),
    "too_few": ("p_xy is smaller than p_x + p_y - 1, which no corpus allows (the two words would need more "
     "windows than there are). Check the probabilities."),
    "absent": ("p_x or p_y is 0: a word that never occurs has no PMI (the ratio is 0/0). "
     "Leave the word out, or smooth the counts (npmi_from_counts with zero='guide')."),
}
COUNT_RULES = {
    "no_window": "n must be at least 1: with no window there is no probability to compute.",
    "above_total": "c_x or c_y is more than n: a word cannot lie in more windows than there are.",
    "too_many": ("c_xy is more than c_x or c_y: two words cannot share more windows than either lies in. "
     "Check that the joint count and the marginals come from the same corpus."),
    "too_few": ("c_xy is less than c_x + c_y - n, which is impossible: that many windows must hold both words. "
     "Check the counts and n."),
    "absent": ("c_x or c_y is 0: a word that lies in no window has no NPMI. Leave the word out of the topic "
     "(topic_coherence does this and reports it as skipped)."),
}


def _check_joint(p_xy: np.ndarray, p_x: np.ndarray, p_y: np.ndarray) -> None:
    check_joint_rules(p_xy, (p_x, p_y), 1, PROBABILITY_RULES, TOLERANCE)


def pmi(p_xy: ArrayLike, p_x: ArrayLike, p_y: ArrayLike, base: float = math.e) -> float | np.ndarray:
    """Pointwise mutual information, ``log_base(p_xy / (p_x * p_y))``.

    Parameters
    ----------
    p_xy : float or array_like
        Probability that a window contains both words.
    p_x, p_y : float or array_like
        Probability that a window contains each word.
    base : float, default e
        Base of the logarithm: ``math.e`` gives nats, ``2`` gives bits.

    Returns
    -------
    float or numpy.ndarray
        ``-inf`` where ``p_xy == 0`` (the words never co-occur: PMI is
        unbounded below; use :func:`npmi`, which maps this case to -1).

    Raises
    ------
    ValueError
        If a probability lies outside [0, 1] or is NaN, if ``p_xy`` exceeds a
        marginal, or if a marginal is 0.

    Examples
    --------
    The NPMI guide's running/exercise pair (N = 10,000 windows):

    >>> round(pmi(0.015, 0.05, 0.04), 2)
    2.01
    >>> round(pmi(4/684, 7/684, 4/684, base=2), 3)   # canção / exílio, in bits
    6.61
    """
    base = check_finite_real(base, "base")
    if base <= 0 or base == 1:
        raise ValueError(f"base must be a positive number other than 1, got {base}.")
    scalar = _is_scalar(p_xy, p_x, p_y)
    p_xy, p_x, p_y = _check_probabilities(p_xy, p_x, p_y)
    value = log_probability_ratio(p_xy, p_x, p_y) / math.log(base)
    return _scalar_or_array(value, scalar)


def _check_probabilities(p_xy: ArrayLike, p_x: ArrayLike, p_y: ArrayLike) -> tuple[Any, Any, Any]:
    p_xy = check_probability_array(p_xy, "p_xy")
    p_x = check_probability_array(p_x, "p_x")
    p_y = check_probability_array(p_y, "p_y")
    check_broadcast(p_xy=p_xy, p_x=p_x, p_y=p_y)
    _check_joint(p_xy, p_x, p_y)
    return p_xy, p_x, p_y


def npmi(p_xy: ArrayLike, p_x: ArrayLike, p_y: ArrayLike) -> float | np.ndarray:
    """Normalized PMI, ``PMI / -log p_xy``, in [-1, 1].

    Exactly -1.0 when ``p_xy == 0``; exactly +1.0 when
    ``p_xy == p_x == p_y`` (this includes ``p_xy == 1``, where the formula is
    0/0 and the limit is +1).  Independent of the log base.  Values are
    clipped to [-1, 1] only to remove floating-point rounding at the ends.

    Parameters
    ----------
    p_xy, p_x, p_y : float or array_like
        Joint and marginal probabilities, as for :func:`pmi`.

    Returns
    -------
    float or numpy.ndarray

    Examples
    --------
    >>> round(npmi(0.015, 0.05, 0.04), 2)          # running / exercise
    0.48
    >>> round(npmi(4/684, 7/684, 4/684), 3)        # canção / exílio
    0.891
    >>> npmi(0.0, 0.3, 0.2), npmi(0.2, 0.2, 0.2)
    (-1.0, 1.0)

    Where ``p_x p_y`` underflows, the logs are subtracted instead:
    PMI = ln(1e-300 / 1e-400) = 100 ln 10 and -ln p_xy = 300 ln 10.

    >>> round(npmi(1e-300, 1e-200, 1e-200), 6)
    0.333333
    """
    scalar = _is_scalar(p_xy, p_x, p_y)
    p_xy, p_x, p_y = _check_probabilities(p_xy, p_x, p_y)
    return _scalar_or_array(npmi_of_probabilities(p_xy, p_x, p_y), scalar)


def npmi_of_probabilities(p_xy: Any, p_x: Any, p_y: Any) -> Any:
    """:func:`npmi` on probabilities already checked (arrays); the caller has validated them."""
    p_xy, p_x, p_y = np.broadcast_arrays(p_xy, p_x, p_y)
    never = p_xy == 0
    always = (p_xy == p_x) & (p_xy == p_y)
    safe = ~(never | always)
    value = np.empty(p_xy.shape, dtype=float)
    value[never] = -1.0
    value[always & ~never] = 1.0
    ps = p_xy[safe]
    value[safe] = log_probability_ratio(ps, p_x[safe], p_y[safe]) / -np.log(ps)
    np.clip(value, -1.0, 1.0, out=value)
    return value


def probabilities_from_counts(c_xy: ArrayLike, c_x: ArrayLike, c_y: ArrayLike, n: ArrayLike, eps: float = 0.0,
                              smoothing: str | None = None, *,
                              zero: str | None = None
                              ) -> tuple[float | np.ndarray, float | np.ndarray, float | np.ndarray]:
    """The probabilities each zero convention uses, ``(p_xy, p_x, p_y)``.

    ``"exact"`` and ``"epsilon"``: ``P = c / n`` (gensim adds eps later,
    inside the logarithms).  ``"guide"``: ``P = (c + eps) / (n + eps)``.
    Arguments are validated as in :func:`npmi_from_counts` (``smoothing=``, the
    older spelling of ``zero=``, was removed in 0.2.0).
    """
    zero = zero_convention(zero, smoothing)
    c_xy, c_x, c_y, n, eps, scalar = _check_counts(c_xy, c_x, c_y, n, eps, zero)
    probs = smoothed_probabilities(c_xy, c_x, c_y, n, eps if zero == "guide" else 0.0)
    p_xy, p_x, p_y = (_scalar_or_array(p, scalar) for p in probs)
    return p_xy, p_x, p_y


def guide_npmi_of_counts(c_xy: Any, c_x: Any, c_y: Any, n: Any, eps: float) -> Any:
    """The NPMI guide's ``score`` function, step by step, its guard and clamp included.

    The guide (SwiftTopics) computes, for two words that each occur::

        p = (c + eps) / (n + eps)                       for the pair and each word
        pmi = log(p_xy / (p_x * p_y))
        denominator = -log(p_xy)
        npmi = 0 if denominator is NaN, infinite or 0, else pmi / denominator
        npmi = max(-1, min(1, npmi))

    The guard fires exactly in the two limit cases: a pair in every window
    (p_xy = 1, denominator 0) and, with eps = 0, a pair never together
    (p_xy = 0, denominator infinite).  Both score 0, although the guide says
    +1 means "always together" and -1 "never together".  The guide computes in
    32-bit ``Float``; this uses 64-bit floats (the values agree to about 7
    significant figures).
    """
    # (c + eps) / (n + eps), exact for counts past int64; the log ratio is taken
    # as a difference of logs where p_x * p_y would underflow.
    p_xy, p_x, p_y = np.broadcast_arrays(*smoothed_probabilities(c_xy, c_x, c_y, n, eps))
    with np.errstate(divide="ignore", invalid="ignore"):
        pmi_value = log_probability_ratio(p_xy, p_x, p_y)
        denominator = -np.log(p_xy)
        guarded = np.isnan(denominator) | np.isinf(denominator) | (denominator == 0)
        value = np.where(guarded, 0.0, pmi_value / np.where(guarded, 1.0, denominator))
    return np.clip(value, -1.0, 1.0)


def check_npmi_eps(zero: str, eps: float | None, conventions: tuple[str, ...] = NPMI_ZERO_CONVENTIONS) -> float:
    """A zero convention of NPMI from counts and its eps, checked together: returns eps as a float >= 0.

    ``eps=None`` is the convention's default: :data:`DEFAULT_EPSILON` for ``"epsilon"``, 0 otherwise.
    """
    check_choice(zero, "zero", tuple(conventions))
    if eps is None:
        return DEFAULT_EPSILON if zero == "epsilon" else 0.0
    eps = check_finite_real(eps, "eps", minimum=0.0)
    if zero in ("exact", "zero") and eps != 0:
        raise ValueError(
            f"eps={eps} has no effect with zero={zero!r} (no eps enters it). "
            "Choose zero='guide' or zero='epsilon' to smooth, or leave eps at 0."
        )
    return eps


def _check_counts(c_xy: ArrayLike, c_x: ArrayLike, c_y: ArrayLike, n: ArrayLike, eps: float | None,
                  zero: str) -> tuple[Any, Any, Any, Any, float, bool]:
    eps = check_npmi_eps(zero, eps)
    scalar = _is_scalar(c_xy, c_x, c_y, n)
    c_xy, (c_x, c_y), n = check_counts(("c_xy", c_xy), [("c_x", c_x), ("c_y", c_y)], ("n", n), COUNT_RULES)
    return c_xy, c_x, c_y, n, eps, scalar


def smoothed_probabilities(c_xy: Any, c_x: Any, c_y: Any, n: Any, eps: float) -> tuple[Any, ...]:
    """``(c + eps) / (n + eps)`` for the three counts (eps = 0: plain ``c / n``)."""
    if n.dtype != object:
        if eps == 0:
            return c_xy / n, c_x / n, c_y / n
        return (c_xy + eps) / (n + eps), (c_x + eps) / (n + eps), (c_y + eps) / (n + eps)
    # Counts past int64 are exact Python ints; their ratio is computed exactly
    # (as fractions) and rounded once, so 10**400 / 10**401 is 0.1, not an
    # OverflowError from converting 10**400 to a float.
    e = Fraction(eps)
    ratio = np.frompyfunc(lambda c, m: float((c + e) / (m + e)), 2, 1)
    probs = tuple(np.asarray(ratio(c, n), dtype=float) for c in (c_xy, c_x, c_y))
    for name, c, p in zip(("c_xy", "c_x", "c_y"), (c_xy, c_x, c_y), probs):
        if np.any((p == 0) & (c + e > 0)):
            raise ValueError(
                f"{name} / n is below 5e-324, the smallest positive float, so this probability cannot be "
                "represented and its logarithm would be -inf. Check n and the counts."
            )
    return probs


def npmi_from_counts(c_xy: ArrayLike, c_x: ArrayLike, c_y: ArrayLike, n: ArrayLike, eps: float = 0.0,
                     smoothing: str | None = None, *, zero: str | None = None) -> float | np.ndarray:
    """NPMI from window counts, under one of three zero conventions.

    Parameters
    ----------
    c_xy : int or array_like
        Windows containing both words.
    c_x, c_y : int or array_like
        Windows containing each word (at least 1).
    n : int or array_like
        Number of windows.  Counts may be Python ints of any size: past
        int64 (about 9.2e18) they are kept exact and divided exactly.
    eps : float, default 0
        Smoothing constant (only with ``"guide"`` or ``"epsilon"``).
    smoothing
        Removed in 0.2.0 (the older spelling of ``zero=``): giving it raises a TypeError naming the
        ``zero=`` to write, see :data:`SMOOTHING_ALIASES`.
    zero : {"exact", "guide", "epsilon"}, default "exact"
        The convention, by its name in :data:`ALL_ZERO_CONVENTIONS`.  ``"exact"``, the exact definition::

            NPMI = log(p_xy / (p_x p_y)) / -log p_xy,   p = c / n

        ``"guide"``, the NPMI guide's code exactly, eps added to every count
        and to n, then its guard and its clamp::

            p = (c + eps) / (n + eps),  NPMI = PMI / -log p_xy
            NPMI = 0 when -log p_xy is 0, infinite or NaN;  then clamped to [-1, 1]

        so a pair found in every window scores 0 (not +1), and with
        ``eps = 0`` a pair never found together also scores 0 (not -1).

        ``"epsilon"``, gensim's ``c_npmi``, eps added inside the logarithms of
        the joint probability only::

            NPMI = log((c_xy/n + eps) / (p_x p_y)) / -log(c_xy/n + eps)

        A pair that shares every window scores +1 under ``"exact"`` (the
        limit of the definition), 0 under ``"guide"`` (its guard), and with
        ``eps > 0`` about -1 under ``"epsilon"`` (the numerator becomes
        log(1 + eps) > 0 and the denominator -log(1 + eps) < 0).

    Returns
    -------
    float or numpy.ndarray

    Raises
    ------
    ValueError
        Negative or fractional counts, ``c_xy`` above a marginal or below
        ``c_x + c_y - n``, a marginal above ``n``, ``n == 0``, a word in no
        window, ``eps < 0``, ``eps != 0`` with ``"exact"``, and ``"epsilon"``
        with ``eps == 0`` for a pair that never co-occurs (gensim's formula
        is then log(0)/inf, undefined: use eps > 0, gensim uses :data:`EPSILON`).

    Examples
    --------
    >>> round(npmi_from_counts(150, 500, 400, 10_000), 2)
    0.48
    >>> npmi_from_counts(0, 500, 400, 10_000)
    -1.0

    A pair in every window, under the three conventions:

    >>> [round(npmi_from_counts(10, 10, 10, 10, **kw), 6) for kw in
    ...  ({}, {"eps": EPSILON, "zero": "guide"}, {"eps": EPSILON, "zero": "epsilon"})]
    [1.0, 0.0, -1.0]
    """
    zero = zero_convention(zero, smoothing)
    c_xy, c_x, c_y, n, eps, scalar = _check_counts(c_xy, c_x, c_y, n, eps, zero)
    return _scalar_or_array(npmi_of_checked_counts(c_xy, c_x, c_y, n, eps, zero), scalar)


def npmi_of_checked_counts(c_xy: ArrayLike, c_x: ArrayLike, c_y: ArrayLike, n: ArrayLike, eps: float,
                           zero: str) -> np.ndarray:
    """:func:`npmi_from_counts` on counts already checked (arrays of exact counts, every marginal at least 1)
    under ``zero`` ("exact", "guide" or "epsilon"): the kernel every NPMI from counts goes through."""
    if zero == "exact" or (zero == "epsilon" and eps == 0):
        if zero == "epsilon" and np.any(c_xy == 0):
            raise ValueError(
                "zero='epsilon' with eps=0 is undefined for a pair that never co-occurs "
                f"(log 0 in numerator and denominator). Use eps > 0 (gensim uses {EPSILON}), "
                "or zero='exact', which gives the limit -1."
            )
        return cast(np.ndarray, npmi_of_probabilities(*smoothed_probabilities(c_xy, c_x, c_y, n, 0.0)))
    if zero == "guide":
        return cast(np.ndarray, guide_npmi_of_counts(c_xy, c_x, c_y, n, eps))
    # gensim: written as gensim writes it, so the numbers agree to the last bit.
    p_xy, p_x, p_y = smoothed_probabilities(c_xy, c_x, c_y, n, 0.0)
    p_xy = p_xy + eps
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        value = log_probability_ratio(p_xy, p_x, p_y) / -np.log(p_xy)
    # c_xy = c_x = c_y = n with eps too small to move 1 + eps off 1: the
    # formula is 0/0 there; its value for every larger eps is -1 (see above).
    value = np.where(p_xy == 1, -1.0, value)
    if np.any(np.abs(value) > 1 + _GENSIM_SLACK):
        raise ValueError(
            f"eps={eps} is too large for zero='epsilon': gensim's formula adds eps to the joint probability "
            f"alone, which only works for a tiny eps (gensim uses {EPSILON}); here it gives an NPMI "
            "outside [-1, 1]. Use a tiny eps, or zero='guide' for a large one."
        )
    return value


# gensim's eps added to p_xy alone can push NPMI past ±1 by about eps/p_xy;
# that much is gensim's own result and is kept, anything more is refused.
_GENSIM_SLACK = 1e-6
