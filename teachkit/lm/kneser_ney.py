"""Modified Kneser-Ney: three discounts, D1, D2 and D3+, estimated from the count-of-counts.

A smoothing method of :class:`teachkit.NgramLM`; it keeps its notation: ``a(h w)`` is the raw count
c(h w) at the model's order and the continuation count N1+(• h w) below it, ``a(h •) = Σ_w a(h w)``, and
``h'`` is the history without its first word.  Below the unigrams sits the uniform distribution 1/V.

Modified Kneser-Ney (Chen & Goodman 1998, section 3.4), interpolated
----------------------------------------------------------------------
One discount per size of count, D(0) = 0, D(1) = D1, D(2) = D2 and D(c) = D3+ for c >= 3::

    P(w | h) = [a(h w) - D(a(h w)) + γ(h) · P(w | h')] / a(h •)
    γ(h)     = D1 · N1(h) + D2 · N2(h) + D3+ · N3+(h)

where ``N1(h)``, ``N2(h)`` and ``N3+(h)`` count the words seen after h exactly once, exactly twice and three
times or more (in the counts ``a`` of that level).  γ(h) is exactly the mass the discounts took, so every
distribution sums to 1.  An unseen history (a(h •) = 0) passes the lower level through.  This is the model
KenLM's ``lmplz`` builds (it differs in which counts it keeps for n-grams that start with ``<s>``).

The discounts of each level come from that level's count-of-counts n_r (the number of distinct n-grams
whose count ``a`` is r), Chen & Goodman's equation (26)::

    Y   = n1 / (n1 + 2 n2)
    D1  = 1 - 2 Y n2 / n1      D2 = 2 - 3 Y n3 / n2      D3+ = 3 - 4 Y n4 / n3

They are undefined when n1, n2 or n3 is 0 (a gap in the count-of-counts, common in a small corpus): give
``discounts=`` yourself then.

Kneser-Ney in its back-off form is :class:`teachkit.lm.backoff.BackoffKneserNey`.
"""

from __future__ import annotations

import copy
import math
import numbers
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from .smoothing import _STATS, Smoothing

# The model a method binds to is an NgramLM, which imports this module: it is typed as a name for Any here
# (not imported, not even for type checking), so the package's modules import each other without a cycle.
NgramLM = Any
_Level = Any

__all__ = ["ModifiedKneserNey", "modified_kneser_ney_discounts"]


def modified_kneser_ney_discounts(count_of_counts: Sequence[int]) -> tuple[float, float, float]:
    """Chen & Goodman's three discounts (D1, D2, D3+) from the count-of-counts n1, n2, n3, n4.

    ``Y = n1 / (n1 + 2 n2)``, ``D1 = 1 - 2Y n2/n1``, ``D2 = 2 - 3Y n3/n2``, ``D3+ = 3 - 4Y n4/n3``.

    Parameters
    ----------
    count_of_counts : sequence of 4 non-negative ints
        n1, n2, n3, n4: how many distinct n-grams were seen once, twice, three and four times.

    Raises
    ------
    ValueError
        If n1, n2 or n3 is 0 (a discount would divide by 0), or a discount falls outside (0, c).

    Examples
    --------
    >>> n1, n2, n3, n4 = 100, 40, 20, 10        # Y = 100/180 = 5/9
    >>> d1, d2, d3 = modified_kneser_ney_discounts([n1, n2, n3, n4])
    >>> round(d1, 6), round(d2, 6), round(d3, 6)   # 1 - 2·(5/9)·0.4,  2 - 3·(5/9)·0.5,  3 - 4·(5/9)·0.5
    (0.555556, 1.166667, 1.888889)
    """
    if isinstance(count_of_counts, (str, bytes)) or not hasattr(count_of_counts, "__len__"):
        raise TypeError(f"count_of_counts must be a sequence of 4 whole numbers n1..n4, got {count_of_counts!r:.80}.")
    if len(count_of_counts) != 4:
        raise ValueError(f"count_of_counts must hold n1, n2, n3 and n4 (4 numbers), got {len(count_of_counts)}.")
    n: list[int] = []
    for i, value in enumerate(count_of_counts):
        # int listed for the type checker: typeshed's int is no numbers.Integral
        if isinstance(value, bool) or not isinstance(value, (int, numbers.Integral)) or value < 0:
            raise ValueError(f"count_of_counts[{i}] (n{i + 1}) must be a whole number >= 0, got {value!r:.80}.")
        if value > 2**53:
            raise ValueError(f"count_of_counts[{i}] (n{i + 1}) is a number of {int(value).bit_length()} bits, more "
                             "than 2**53, beyond which a float no longer holds every whole number; no corpus has "
                             "that many n-grams.")
        n.append(int(value))
    n1, n2, n3, n4 = n
    missing = [f"n{i + 1}" for i, value in enumerate((n1, n2, n3)) if value == 0]
    if missing:
        raise ValueError(f"the count-of-counts (n1..n4 = {n1}, {n2}, {n3}, {n4}) has a gap: {', '.join(missing)} "
                         "= 0, so Chen & Goodman's discounts divide by 0. Give the discounts yourself "
                         "(discounts=(D1, D2, D3)) or train on more text.")
    y = n1 / (n1 + 2 * n2)
    discounts = (1 - 2 * y * n2 / n1, 2 - 3 * y * n3 / n2, 3 - 4 * y * n4 / n3)
    _check_discounts(discounts, f"the discounts estimated from n1..n4 = {n1}, {n2}, {n3}, {n4}")
    return discounts


def _check_discounts(discounts: Sequence[float], where: str) -> None:
    for c, d in enumerate(discounts, start=1):
        if not 0 < d < c:
            label = "D3+" if c == 3 else f"D{c}"
            raise ValueError(f"{where}: {label} = {d!r} lies outside (0, {c}); a discount for a count c must be "
                             "above 0 and below c. Give discounts yourself, e.g. discounts=(0.5, 1.0, 1.5).")


def _discount_triples(discounts: object, order: int | None) -> tuple[tuple[float, ...], ...]:
    """``discounts`` as one (D1, D2, D3+) triple per level 1..order (one triple may serve every level)."""
    if isinstance(discounts, (str, bytes)) or not hasattr(discounts, "__len__"):
        raise TypeError(f"discounts must be (D1, D2, D3) or one such triple per level, got {discounts!r:.80}.")
    items: list[Any] = list(cast(Sequence[Any], discounts))   # a sequence: checked just above
    if len(items) == 3 and all(isinstance(x, numbers.Real) and not isinstance(x, bool) for x in items):
        items = [items] * (order or 1)
    if order is None:
        order = len(items)
    if len(items) != order:
        raise ValueError(f"discounts must be one triple (D1, D2, D3) or {order} triples (one per level 1..{order}), "
                         f"got {len(items)} items.")
    triples = []
    for k, triple in enumerate(items, start=1):
        if isinstance(triple, (str, bytes)) or not hasattr(triple, "__len__") or len(triple) != 3:
            raise ValueError(f"discounts for level {k} must be a triple (D1, D2, D3), got {triple!r:.80}.")
        values = []
        for x in triple:
            if isinstance(x, bool) or not isinstance(x, numbers.Real) or not math.isfinite(x):
                raise ValueError(f"discounts for level {k} must be finite numbers, got {triple!r:.80}.")
            values.append(float(x))
        _check_discounts(values, f"discounts for level {k}")
        triples.append(tuple(values))
    return tuple(triples)


def _level_counts(model: NgramLM, k: int) -> str:
    """The counts a Kneser-Ney level uses: raw at the model's order, continuation below it."""
    return "continuation" if k < model.order else "raw"


def _level(model: NgramLM, k: int) -> _Level:
    return model._cont[k] if k < model.order else model._raw[k]


class ModifiedKneserNey(Smoothing):
    """Interpolated modified Kneser-Ney: discounts D1, D2 and D3+ (see the module docstring).

    Parameters
    ----------
    discounts : None, a triple (D1, D2, D3), or one triple per level 1..order
        ``None`` (default): estimated from each level's count-of-counts (Chen & Goodman's equation 26)
        when the model is built, so a model too small to estimate them fails then, saying so.  Each Dc must
        lie in (0, c).

    Attributes
    ----------
    discounts : tuple of triples or None
        Once the method is part of a model (``model.smoothing_method``), the triples it uses, level 1 first.

    Examples
    --------
    Trained on *a b* (padded ``<s> a b </s>``, V = 5), order 2, the same 0.5 for every discount: that is
    interpolated Kneser-Ney with d = 0.5 (every count here is 1), P(b | a) = 19/30.

    >>> from teachkit import NgramLM
    >>> lm = NgramLM([["a", "b"]], order=2, smoothing=ModifiedKneserNey((0.5, 1.0, 1.5)))
    >>> lm.prob("b", ["a"]) == 19 / 30
    True
    """

    name = "modified-kneser-ney"

    def __init__(self, discounts: Sequence[Any] | None = None) -> None:
        if discounts is not None:
            _discount_triples(discounts, None)
        self.discounts = discounts
        self._gammas: dict[int, np.ndarray] | None = None

    def check_order(self, order: int) -> None:
        if self.discounts is not None:
            _discount_triples(self.discounts, order)

    def bind(self, model: NgramLM) -> ModifiedKneserNey:
        bound = copy.copy(self)
        if self.discounts is None:
            triples = []
            for k in range(1, model.order + 1):
                counts = _level_counts(model, k)
                try:
                    triples.append(modified_kneser_ney_discounts(model.count_of_counts(k, counts).tolist()))
                except ValueError as error:
                    raise ValueError(f"modified Kneser-Ney, level {k} ({counts} counts of {k}-grams): "
                                     f"{error}") from None
            bound.discounts = tuple(triples)
        else:
            bound.discounts = _discount_triples(self.discounts, model.order)
        # γ(h) per history of each level, in the order of the level's histories.
        bound._gammas = {}
        for k, (d1, d2, d3) in enumerate(bound.discounts, start=1):
            level = _level(model, k)
            n1, n2 = level.small_types(1), level.small_types(2)
            bound._gammas[k] = d1 * n1 + d2 * n2 + d3 * (level.hist_types - n1 - n2)
        return bound

    def scores(self, stats: _STATS, order: int, V: int, size: int) -> np.ndarray:
        return self.level_scores(stats, order, V, size)[-1]

    def level_scores(self, stats: _STATS, order: int, V: int, size: int) -> list[np.ndarray]:
        """P_k(w | h) for k = 0 (uniform), 1, ..., order (see :meth:`teachkit.KneserNey.level_scores`)."""
        if self._gammas is None or self.discounts is None:
            raise RuntimeError("ModifiedKneserNey scores only as part of a model: NgramLM(..., smoothing=...).")
        levels = [np.full(size, 1.0 / V)]
        for k, (d1, d2, d3) in enumerate(self.discounts, start=1):
            counts = "continuation" if k < order else "raw"
            a, total, _ = stats(k, counts)
            where = stats(k, counts, "history")
            gamma = np.where(where >= 0, self._gammas[k][np.maximum(where, 0)], 0.0)
            taken = np.select([a == 0, a == 1, a == 2], [0.0, d1, d2], d3)
            p = np.where(total > 0, (a - taken + gamma * levels[-1]) / np.maximum(total, 1), levels[-1])
            levels.append(p)
        return levels

    def _parameter_repr(self) -> str:
        return f", discounts={self.discounts!r}"

    def __repr__(self) -> str:
        return f"ModifiedKneserNey(discounts={self.discounts!r})"
