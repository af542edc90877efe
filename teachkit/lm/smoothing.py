"""How an :class:`~teachkit.lm.ngram.NgramLM` turns its counts into probabilities: the smoothing methods.

The four smoothings
-------------------
Each is a small class (:class:`AddAlpha`, :class:`JelinekMercer`, :class:`KneserNey`), passed
as ``NgramLM(..., smoothing=KneserNey(0.5))``; the strings below (with ``alpha=``, ``lambdas=``
or ``discount=``) still name the same objects.
Notation: ``h'`` is the history without its first word (the "lower order"),
``c(h •) = Σ_w c(h w)``, ``T(h) = |{w : c(h w) > 0}|`` the number of distinct
words seen after ``h``.

``"laplace"`` / ``"lidstone"`` (add α; Laplace is α = 1)::

    P(w | h) = (c(h w) + α) / (c(h •) + α·V)

``"interpolated"`` (Jelinek-Mercer, weights ``lambdas = (λ0, λ1, ..., λn)``
summing to 1; λ0 weighs the uniform distribution, λk the k-gram estimate)::

    P(w | h) = λ0 / V + Σ_k λk · P_k(w | last k-1 words of h)
    P_k(w | g) = c(g w) / c(g •), or P_{k-1}(w | g') when c(g •) = 0

``"kneser-ney"`` (interpolated Kneser-Ney, absolute discount ``0 < d < 1``)::

    P_KN(w | h) = [max(a(h w) - d, 0) + d · T(h) · P_KN(w | h')] / a(h •)

where ``a = c`` (raw counts) at the highest order and, at every lower order,
``a(g w) = N1+(• g w)``, the number of distinct words seen *before* ``g w``
(the **continuation count**: a word that only ever follows one history, like
*Francisco* after *San*, gets little weight as a novel continuation).  Below
the unigrams sits the uniform ``1/V``.  When a history was never seen
(``a(h •) = 0``) the lower order is used as it is.

Every one of these is a probability distribution over the ``V`` vocabulary
entries for every history, seen or not (a test checks it on random histories).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from .._checks import check_choice, check_flag, check_positive_int

# The model a method binds to is an NgramLM, which imports this module: it is typed as a name for Any here
# (not imported, not even for type checking), so the package's modules import each other without a cycle.
NgramLM = Any

__all__ = ["Smoothing", "AddAlpha", "JelinekMercer", "KneserNey", "add_alpha", "kneser_ney_step", "as_smoothing",
           "SMOOTHINGS"]

SMOOTHINGS = ("laplace", "lidstone", "interpolated", "kneser-ney")
ADD_ALPHA_DENOMINATORS = ("context", "occurrences")


def _probability_parameter(value: object, name: str, low_open: bool, high_open: bool, low: float = 0.0,
                           high: float = 1.0) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {value!r}.")
    value = float(value)
    too_low = value <= low if low_open else value < low
    too_high = value >= high if high_open else value > high
    if not math.isfinite(value) or too_low or too_high:
        interval = f"{'(' if low_open else '['}{low:g}, {high:g}{')' if high_open else ']'}"
        raise ValueError(f"{name} must lie in {interval}, got {value!r}.")
    return value


# ---------------------------------------------------------------- the formulas, one step each
def _numbers(name: str, value: object) -> np.ndarray:
    arr = np.asarray(value, dtype=float) if not isinstance(value, (str, bytes)) else None
    if arr is None or arr.dtype == object or isinstance(value, bool):
        raise TypeError(f"{name} must be a number or an array of numbers, got {value!r}.")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite, got {value!r}.")
    return arr


def _result(value: np.ndarray, *inputs: ArrayLike) -> float | np.ndarray:
    return float(value) if all(np.ndim(x) == 0 for x in inputs) else value


def add_alpha(count: ArrayLike, context_total: ArrayLike, V: int, alpha: float) -> float | np.ndarray:
    """Add-α (Lidstone; Laplace for α = 1) estimate: ``(c(h w) + α) / (c(h •) + α·V)``.

    Parameters
    ----------
    count : int or array
        c(h w), how often the word followed the history in training.
    context_total : int or array
        c(h •), how many training events have this history (>= count).
    V : int
        Vocabulary size.
    alpha : float
        Pseudo-count > 0.

    Examples
    --------
    >>> add_alpha(2, 2, 6, 1)          # (2 + 1) / (2 + 6)
    0.375
    """
    c, total = _numbers("count", count), _numbers("context_total", context_total)
    V = check_positive_int(V, "V")
    # float too: typeshed's float is no numbers.Real, so numbers.Real alone would narrow a float to nothing and
    # the type checker would skip the rest of this function; float changes nothing at run time
    if (isinstance(alpha, bool) or not isinstance(alpha, (float, numbers.Real)) or not alpha > 0
            or not math.isfinite(alpha)):
        raise ValueError(f"alpha must be a finite number > 0, got {alpha!r}.")
    if np.any(c < 0) or np.any(c > total):
        raise ValueError("count must lie between 0 and context_total: a word cannot follow a history more often "
                         "than the history occurs.")
    return _result(_add_alpha(c, total, V, alpha), count, context_total)


def kneser_ney_step(count: ArrayLike, context_total: ArrayLike, types: ArrayLike, lower: ArrayLike,
                    discount: float) -> float | np.ndarray:
    """One level of interpolated Kneser-Ney: ``[max(a - d, 0) + d·T·P_lower] / a(h •)``.

    ``a`` is the raw count c(h w) at the model's highest order and the continuation count N1+(• h w) below
    it; ``a(h •)`` their sum over w; ``T`` the number of words w with a > 0; ``P_lower`` the probability of
    w one level down.  When the history was never seen (``context_total == 0``) the result is ``lower``.

    Examples
    --------
    >>> kneser_ney_step(2, 2, 1, 11 / 42, 0.5)      # (1.5 + 0.5 * 1 * 11/42) / 2 = 137/168
    0.8154761904761905
    >>> kneser_ney_step(0, 0, 0, 0.25, 0.5)         # an unseen history passes the lower level through
    0.25
    """
    a, total, t = _numbers("count", count), _numbers("context_total", context_total), _numbers("types", types)
    p_lower = _numbers("lower", lower)
    d = _probability_parameter(discount, "discount", True, True)
    if np.any(a < 0) or np.any(a > total) or np.any(t > total) or np.any(t < 0):
        raise ValueError("count and types must lie between 0 and context_total.")
    if np.any((p_lower < 0) | (p_lower > 1)):
        raise ValueError("lower must be a probability in [0, 1].")
    return _result(_kneser_ney_step(a, total, t, p_lower, d), count, context_total, types, lower)


# The same two formulas without the checks, for NgramLM's own (already valid) counts.
def _add_alpha_fraction(c: Any, total: Any, V: int, alpha: float) -> tuple[Any, Any]:
    # Numerator and denominator apart, in the seed notebook's (and nltk.lm's) order of operations, so that
    # a hand calculation can show the fraction and the quotient comes out bit for bit as theirs.
    return c + alpha, total + alpha * V


def _add_alpha(c: Any, total: Any, V: int, alpha: float) -> Any:
    numerator, denominator = _add_alpha_fraction(c, total, V, alpha)
    return numerator / denominator


def _kneser_ney_step(a: Any, total: Any, t: Any, p_lower: Any, d: Any) -> np.ndarray:
    step: np.ndarray = np.where(total > 0, (np.maximum(a - d, 0.0) + d * t * p_lower) / np.maximum(total, 1), p_lower)
    return step


# ---------------------------------------------------------------- smoothing methods
# Each method is a small object in the manner of nltk.lm's estimators: it holds its own parameter, checked
# once when it is made, and turns the counts NgramLM looked up into probabilities.  NgramLM only counts.
#
# ``stats(k, counts)`` (given by NgramLM) returns, for every prediction, three arrays at history length
# k - 1: the count of the k-gram ``g w``, the total after its history g and the number of distinct words
# ``T(g)`` seen after g.  ``counts`` says which: "raw" (c(g w) and c(g •)), "continuation" (N1+(• g w) and
# its sum over w) or, for the full history only (k = order), "occurrences" (c(g w) and the number of times
# g occurs in the padded training text, c(g •) + e(g), where e(g) counts the sentences that end in g).
# (k, counts) -> (counts, totals, types); (k, counts, "history") -> each prediction's history row, -1 if unseen.
_STATS = Callable[..., Any]


class Smoothing:
    """How an :class:`NgramLM` turns its counts into ``P(w | h)``; subclasses give the formula.

    Attributes
    ----------
    name : str
        The string NgramLM also accepts for this method (``"laplace"``, ``"lidstone"``,
        ``"interpolated"``, ``"kneser-ney"``).
    """

    name: str = ""

    def check_order(self, order: int) -> None:
        """Raise if this method cannot serve a model of ``order`` (all can, except a wrong λ count)."""

    def bind(self, model: NgramLM) -> Smoothing:
        """The method as it scores ``model`` (an NgramLM): itself, or (for a method that estimates its parameters
        from the counts, such as modified Kneser-Ney's discounts) a copy fitted to the model's counts."""
        return self

    def scores(self, stats: _STATS, order: int, V: int, size: int) -> np.ndarray:
        """P(w_i | h_i) for the ``size`` predictions whose counts ``stats`` looks up."""
        raise NotImplementedError

    def _parameter_repr(self) -> str:
        return ""


class AddAlpha(Smoothing):
    """Add-α smoothing: Laplace for α = 1, Lidstone for any other α > 0.

    Every n-gram count is raised by the pseudo-count α before normalising over the history::

        P(w | h) = (c(h w) + α) / (d(h) + α·V)

    where ``d(h) = c(h •)``, the number of training n-grams with history h (``denominator="context"``,
    the default and nltk.lm's choice).  With ``denominator="occurrences"``, d(h) = c(h •) + e(h) counts every
    occurrence of h in the (padded) training text, also the e(h) times h ends a sentence and nothing
    follows it: the seed notebook's bigram model divides by the unigram count c(prev) this way.  Then the
    row after a history that ends sentences sums to less than 1 (see :class:`BigramLM`).

    Parameters
    ----------
    alpha : float, default 1.0
        The pseudo-count, finite and > 0 (α = 0 would give an unseen n-gram probability 0).
    denominator : {"context", "occurrences"}, default "context"
        d(h) as above; ``"occurrences"`` needs a history (order >= 2).
    allow_zero : bool, default False
        Accept α = 0, the unsmoothed relative frequency: an unseen n-gram then gets probability 0 and an
        unseen history the undefined 0/0 (scoring it raises ``ValueError``).  :class:`BigramLM` uses it
        to show why smoothing exists.

    Examples
    --------
    Trained on *a b* (padded: ``<s> a b </s>``, V = 5 with ``<UNK>``), ``c(a •) = 1`` and
    ``c(a b) = 1``, so with α = 1: P(b | a) = (1 + 1) / (1 + 5) = 1/3.

    >>> from teachkit import NgramLM
    >>> NgramLM([["a", "b"]], order=2, smoothing=AddAlpha(1)).prob("b", ["a"])
    0.3333333333333333
    >>> NgramLM([["a", "b"]], order=2, smoothing=AddAlpha(0.5)).prob("b", ["a"])   # 1.5 / 3.5
    0.42857142857142855

    ``b`` ends the sentence, so it occurs once (e(b) = 1) but is followed by ``</s>`` only when padded;
    unpadded, c(b •) = 0 and d(b) = 1 with occurrences (V = 3: a, b, ``<UNK>``), so P(a | b) = 1 / (1 + 3):

    >>> NgramLM([["a", "b"]], order=2, smoothing=AddAlpha(1, denominator="occurrences"), pad=False).prob("a", ["b"])
    0.25
    """

    def __init__(self, alpha: float = 1.0, *, denominator: str = "context", allow_zero: bool = False) -> None:
        # float too: typeshed's float is no numbers.Real, so numbers.Real alone would narrow a float to nothing and
        # the type checker would skip the rest of this function; float changes nothing at run time
        if isinstance(alpha, bool) or not isinstance(alpha, (float, numbers.Real)):
            raise TypeError(f"alpha must be a number, got {alpha!r}.")
        # float(10**400) raises OverflowError; only a Python int can be that large.
        if isinstance(alpha, (int, numbers.Integral)) and abs(int(alpha)) >= 2**1024:
            raise ValueError(f"alpha (a whole number of {len(str(abs(int(alpha))))} digits) is too large for a "
                             "float; any alpha far above the counts "
                             "already gives every word the same probability 1/V. Use a smaller alpha.")
        allow_zero = check_flag(allow_zero, "allow_zero")
        if not math.isfinite(alpha) or alpha < 0 or (alpha == 0 and not allow_zero):
            raise ValueError(f"alpha must be a finite number {'>= 0' if allow_zero else '> 0'}, got {alpha!r}. "
                             "With alpha = 0 an unseen n-gram gets probability 0.")
        self.denominator = check_choice(denominator, "denominator", ADD_ALPHA_DENOMINATORS)
        self.alpha = float(alpha)
        self.name = "laplace" if self.alpha == 1.0 else "lidstone"

    def check_order(self, order: int) -> None:
        if self.denominator == "occurrences" and order < 2:
            raise ValueError("denominator='occurrences' counts the occurrences of the history, and an order-1 "
                             "model has none; use order >= 2 or denominator='context'.")

    def terms(self, stats: _STATS, order: int, V: int) -> tuple[np.ndarray, ...]:
        """Every part of the estimate, per prediction: ``c(h w), d(h), numerator, denominator, P(w | h)``.

        ``numerator = c(h w) + α`` and ``denominator = d(h) + α·V``; ``P`` is NaN where both are 0
        (α = 0 after a history never seen), for the caller to report.
        """
        c, total, _ = stats(order, "raw" if self.denominator == "context" else "occurrences")
        numerator, denominator = _add_alpha_fraction(c, total, V, self.alpha)
        with np.errstate(invalid="ignore"):          # 0/0 -> NaN, only possible with allow_zero
            return c, total, numerator, denominator, numerator / denominator

    def scores(self, stats: _STATS, order: int, V: int, size: int) -> np.ndarray:
        *_, denominator, p = self.terms(stats, order, V)
        if not np.all(denominator > 0):
            raise ValueError("P(w | h) is 0/0: a history never seen in training, and alpha = 0 adds nothing. "
                             "Use alpha > 0 (smoothing) to give unseen histories a probability.")
        return p

    def _parameter_repr(self) -> str:
        alpha = "" if self.name == "laplace" else f", alpha={self.alpha!r}"
        return alpha + ("" if self.denominator == "context" else f", denominator={self.denominator!r}")

    def __repr__(self) -> str:
        extra = "" if self.denominator == "context" else f", denominator={self.denominator!r}"
        return f"AddAlpha(alpha={self.alpha!r}{extra})"


class JelinekMercer(Smoothing):
    """Jelinek-Mercer interpolation: a fixed mixture of the uniform and every k-gram estimate.

    With weights ``λ0, λ1, ..., λn`` (each in [0, 1], summing to 1)::

        P(w | h) = λ0 / V + Σ_k λk · P_k(w | last k-1 words of h)
        P_k(w | g) = c(g w) / c(g •),  or P_{k-1}(w | g') when c(g •) = 0

    λ0 > 0 keeps every probability above 0; with λ0 = 0 a word never seen in training gets 0.

    Parameters
    ----------
    lambdas : sequence of float
        ``order + 1`` weights: uniform, unigram, ..., n-gram.

    Examples
    --------
    Trained on *a b* (V = 5), P(b | a) = 0.2 / 5 + 0.3 · c(b)/c(•) + 0.5 · c(a b)/c(a •)
    = 0.04 + 0.3 · 1/3 + 0.5 · 1 = 0.64 (the unigram events are a, b, ``</s>``).

    >>> from teachkit import NgramLM
    >>> lm = NgramLM([["a", "b"]], order=2, smoothing=JelinekMercer((0.2, 0.3, 0.5)))
    >>> round(lm.prob("b", ["a"]), 12)
    0.64
    """

    name = "interpolated"

    def __init__(self, lambdas: Sequence[float]) -> None:
        if isinstance(lambdas, (str, bytes)) or not hasattr(lambdas, "__len__"):
            raise TypeError(f"lambdas must be a sequence of numbers, got {lambdas!r}.")
        self.lambdas = _weights(lambdas)

    def check_order(self, order: int) -> None:
        _check_weight_count(self.lambdas, order)

    def scores(self, stats: _STATS, order: int, V: int, size: int) -> np.ndarray:
        p_k = np.full(size, 1.0 / V)
        mix = self.lambdas[0] * p_k
        for k in range(1, order + 1):
            c, total, _ = stats(k, "raw")
            # An unseen history keeps the shorter history's estimate.
            p_k = np.where(total > 0, c / np.maximum(total, 1), p_k)
            mix = mix + self.lambdas[k] * p_k
        return mix

    def _parameter_repr(self) -> str:
        return f", lambdas={self.lambdas}"

    def __repr__(self) -> str:
        return f"JelinekMercer(lambdas={self.lambdas})"


class KneserNey(Smoothing):
    """Interpolated Kneser-Ney with one absolute discount ``0 < d < 1``.

    From the uniform ``1/V`` up to the model's order, each level discounts what it saw and hands the
    discounted mass to the level below::

        P_KN(w | h) = [max(a(h w) - d, 0) + d · T(h) · P_KN(w | h')] / a(h •)

    ``a`` is the raw count at the highest order and the continuation count ``N1+(• g w)`` (the number of
    distinct words seen before ``g w``) below it; ``T(h)`` the number of distinct words seen after ``h``.
    An unseen history (``a(h •) = 0``) passes the lower level through.

    Parameters
    ----------
    discount : float, default 0.75

    Examples
    --------
    Trained on *a b* (padded ``<s> a b </s>``, V = 5), order 2, d = 0.5.  The unigram level uses
    continuation counts: a, b and ``</s>`` each follow one word, so a(•) = 3 and T = 3, and
    P1(b) = (0.5 + 0.5 · 3 · 1/5) / 3 = 4/15.  The bigram level: P(b | a) = (1 - 0.5 + 0.5 · 1 · 4/15) / 1
    = 19/30.

    >>> from teachkit import NgramLM
    >>> lm = NgramLM([["a", "b"]], order=2, smoothing=KneserNey(0.5))
    >>> lm.prob("b", ["a"]) == 19 / 30
    True
    """

    name = "kneser-ney"

    def __init__(self, discount: float = 0.75) -> None:
        self.discount = _probability_parameter(discount, "discount", True, True)

    def scores(self, stats: _STATS, order: int, V: int, size: int) -> np.ndarray:
        return self.level_scores(stats, order, V, size)[-1]

    def level_scores(self, stats: _STATS, order: int, V: int, size: int) -> list[np.ndarray]:
        """P_k(w | last k - 1 words of h) for k = 0 (uniform), 1, ..., order: every level of the recursion.

        Below the order, level k is the lower-order distribution a back-off model (an ARPA file) lists.
        """
        levels = [np.full(size, 1.0 / V)]
        for k in range(1, order + 1):
            a, total, types = stats(k, "continuation" if k < order else "raw")
            levels.append(_kneser_ney_step(a, total, types, levels[-1], self.discount))
        return levels

    def _parameter_repr(self) -> str:
        return f", discount={self.discount!r}"

    def __repr__(self) -> str:
        return f"KneserNey(discount={self.discount!r})"


def _weights(lambdas: Sequence[float]) -> tuple[float, ...]:
    """The mixture weights as floats, each in [0, 1], summing to 1."""
    values = tuple(_probability_parameter(x, f"lambdas[{i}]", False, False) for i, x in enumerate(lambdas))
    if not math.isclose(sum(values), 1.0, abs_tol=1e-9):
        raise ValueError(f"lambdas must sum to 1, got {values} (sum {sum(values)!r}); they are the weights "
                         "of a mixture of distributions.")
    return values


def _check_weight_count(lambdas: Sequence[float], n: int) -> None:
    if len(lambdas) != n + 1:
        raise ValueError(f"lambdas must have order + 1 = {n + 1} weights (uniform, unigram, ..., {n}-gram), "
                         f"got {len(lambdas)}.")


def _smoothing_from_name(smoothing: str, order: int, alpha: float | None, lambdas: Sequence[float] | None,
                         discount: float | None) -> Smoothing:
    """The smoothing object for one of the strings of SMOOTHINGS and its keyword parameter."""
    check_choice(smoothing, "smoothing", SMOOTHINGS)
    unused = {"alpha": alpha, "lambdas": lambdas, "discount": discount}
    needs = {"laplace": (), "lidstone": ("alpha",), "interpolated": ("lambdas",),
             "kneser-ney": ("discount",)}[smoothing]
    for name, value in unused.items():
        if value is not None and name not in needs:
            raise ValueError(f"{name} is not used by smoothing={smoothing!r}; "
                             f"leave it out (alpha is for 'lidstone', lambdas for 'interpolated', "
                             f"discount for 'kneser-ney').")
    if smoothing == "laplace":
        return AddAlpha(1.0)
    if smoothing == "lidstone":
        if alpha is None:
            raise ValueError("smoothing='lidstone' needs alpha, the pseudo-count (> 0) added to every count.")
        method = AddAlpha(alpha)
        method.name = "lidstone"          # the string asked for, even for alpha = 1
        return method
    if smoothing == "kneser-ney":
        return KneserNey(0.75 if discount is None else discount)
    # The weights are checked in the old order (missing, not a sequence, how many, each, their sum),
    # so a bad list gets the same message as before the smoothing objects existed.
    if lambdas is None:
        raise ValueError(f"smoothing='interpolated' needs lambdas: {order + 1} weights (uniform, unigram, ..., "
                         f"{order}-gram) summing to 1, e.g. {tuple([0.1] + [0.9 / order] * order)}.")
    if isinstance(lambdas, (str, bytes)) or not hasattr(lambdas, "__len__"):
        raise TypeError(f"lambdas must be a sequence of {order + 1} numbers, got {lambdas!r}.")
    _check_weight_count(lambdas, order)
    return JelinekMercer(lambdas)


def as_smoothing(smoothing: str | Smoothing, order: int, alpha: float | None, lambdas: Sequence[float] | None,
                  discount: float | None) -> Smoothing:
    if isinstance(smoothing, Smoothing):
        given = [name for name, value in (("alpha", alpha), ("lambdas", lambdas), ("discount", discount))
                 if value is not None]
        if given:
            raise ValueError(f"{given[0]} is not used with smoothing={smoothing!r}: the object carries its "
                             "own parameter; leave it out.")
        smoothing.check_order(order)
        return smoothing
    return _smoothing_from_name(smoothing, order, alpha, lambdas, discount)
