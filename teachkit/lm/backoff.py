"""Back-off smoothing: a seen n-gram keeps a discounted estimate, an unseen one backs off to the shorter history.

Both methods here are smoothing methods of :class:`teachkit.NgramLM`.  At each level k (history of k - 1
words; below the unigrams, the uniform 1/V)::

    P_k(w | h) = P*_k(w | h)                  if a(h w) > 0      (the discounted estimate)
               = β(h) · P_{k-1}(w | h')        otherwise
    β(h)       = [1 - Σ_{w: a(h w) > 0} P*_k(w | h)] / [1 - Σ_{w: a(h w) > 0} P_{k-1}(w | h')]

β(h) hands the mass the discounts took to the words never seen after h, in proportion to the shorter
history's distribution, so every row sums to 1.  A history never seen passes the lower level through.  When
every vocabulary entry was seen after h nobody is left to receive it, and the counts are used undiscounted
there (a(h w) / a(h •)); the same when the shorter history h' gives the words unseen after h no mass (with
Katz's threshold, h' may keep all its mass while h discounts: the denominator of β(h) is then 0).

:class:`BackoffKneserNey` (Kneser & Ney 1995): ``P* = (a(h w) - d) / a(h •)`` with one discount 0 < d < 1,
``a`` the raw count at the model's order and the continuation count N1+(• h w) below it.

:class:`Katz` (Katz 1987), on Good-Turing: raw counts at every level and ``P* = d_r · r / c(h •)`` for a
count r, where r* is the simple Good-Turing adjusted count of that level (:mod:`teachkit.lm.good_turing`):

* ``threshold=None`` (the default): every count is discounted, ``d_r = r*/r``;
* ``threshold=K`` (Katz's original form, SRILM's ``-gtNmax K``): counts above K are taken as reliable,
  ``d_r = 1``, and for 1 <= r <= K ::

      d_r = (r*/r - μ) / (1 - μ),    μ = (K + 1) n_{K+1} / n_1

  (with the raw Turing estimate r* = (r + 1) n_{r+1} / n_r this makes the discounted mass Good-Turing's
  n_1 / N).  A history whose every continuation was seen more than K times then keeps all its mass, and the
  words never seen after it get probability 0: *prime* is followed only by *minister*, 26 times, in the Lee
  articles, so P(w | prime) = 0 for every other w and any text with another word after *prime* has infinite
  perplexity.  A longer history ending in such a one (*the prime*, when *the prime* was seen at most K times)
  has no lower-order mass to hand its discount to, so it keeps its counts undiscounted and its unseen words
  get probability 0 as well.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from .smoothing import _STATS, Smoothing, _probability_parameter
from .good_turing import simple_good_turing

# The model a method binds to is an NgramLM, which imports this module: it is typed as a name for Any here
# (not imported, not even for type checking), so the package's modules import each other without a cycle.
NgramLM = Any

__all__ = ["BackoffKneserNey", "Katz"]

# The shorter history's mass left for the words unseen after h, below which it counts as none (it is a sum of
# a few thousand doubles that should be 0 there; a β of 1/1e-12 would blow its rounding error up to a whole row).
_NO_MASS = 1e-12


class _BackOff(Smoothing):
    """The back-off recursion; a subclass says which counts each level uses and the discounted estimate."""

    _betas: dict[int, np.ndarray] | None = None

    def _counts(self, k: int, order: int) -> str:
        raise NotImplementedError

    def _discounted(self, a: np.ndarray, total: np.ndarray, k: int) -> np.ndarray:
        """P*_k for seen n-grams (a > 0); a and total are arrays of the level's counts."""
        raise NotImplementedError

    def _fit(self, model: NgramLM) -> None:
        """Parameters estimated from the model's counts (before the back-off weights)."""

    def bind(self, model: NgramLM) -> _BackOff:
        bound = copy.copy(self)
        bound._fit(model)
        bound._betas = {}
        base, n = model._base, model.order
        for k in range(1, n + 1):
            counts = bound._counts(k, n)
            level = model._cont[k] if counts == "continuation" else model._raw[k]
            # Every listed k-gram (g w) of this level, as a history (g, padded on the left) and a word.
            grams = np.stack([(level.gram_keys // base ** (k - 1 - j)) % base for j in range(k)], axis=1)
            hist = np.zeros((len(grams), n - 1), np.int64)
            if k > 1:
                hist[:, n - k:] = grams[:, :-1]
            lower = bound._levels(model._stats(hist, grams[:, -1]), k - 1, n, model.V, len(grams))[-1]
            totals = np.repeat(level.hist_totals, level.hist_types)
            seen = bound._discounted(level.gram_counts, totals, k)
            if len(grams):
                seen_here = np.add.reduceat(seen, level._starts)
                seen_lower = np.add.reduceat(lower, level._starts)
            else:
                seen_here = seen_lower = np.zeros(0)
            # Every vocabulary entry seen after h, or the shorter history h' leaves the words unseen after h no
            # mass (Katz with a threshold: h' may keep all its mass while h discounts): nobody is there to receive
            # what a discount would take, so the counts are used undiscounted after h (NaN marks it) and the
            # row still sums to 1.  Otherwise 1 - seen_lower > 0 and β(h) is finite.
            full = (level.hist_types >= model.V) | (1.0 - seen_lower <= _NO_MASS)
            left = np.where(full, 1.0, 1.0 - seen_lower)
            bound._betas[k] = np.where(full, np.nan, (1.0 - seen_here) / left)
        return bound

    def _levels(self, stats: _STATS, top: int, order: int, V: int, size: int) -> list[np.ndarray]:
        """P_k for k = 0..top (level k uses the counts the model's level k uses)."""
        levels = [np.full(size, 1.0 / V)]
        for k in range(1, top + 1):
            counts = self._counts(k, order)
            a, total, _ = stats(k, counts)
            where = stats(k, counts, "history")
            assert self._betas is not None, "a method scores once bound to a model"
            beta = np.where(where >= 0, self._betas[k][np.maximum(where, 0)], 0.0)
            full = np.isnan(beta)                           # every word seen after h: no discount
            safe = np.maximum(total, 1)
            with np.errstate(invalid="ignore", divide="ignore"):
                seen = np.where(full, a / safe, self._discounted(a, safe, k))
            unseen = np.where(full, 0.0, beta) * levels[-1]
            levels.append(np.where(total > 0, np.where(a > 0, seen, unseen), levels[-1]))
        return levels

    def scores(self, stats: _STATS, order: int, V: int, size: int) -> np.ndarray:
        return self.level_scores(stats, order, V, size)[-1]

    def level_scores(self, stats: _STATS, order: int, V: int, size: int) -> list[np.ndarray]:
        """P_k(w | h) for k = 0 (uniform), 1, ..., order."""
        if self._betas is None:
            raise RuntimeError(f"{type(self).__name__} scores only as part of a model: NgramLM(..., smoothing=...).")
        return self._levels(stats, order, order, V, size)


class BackoffKneserNey(_BackOff):
    """Kneser-Ney in its back-off (not interpolated) form, one discount ``0 < d < 1`` (module docstring).

    Examples
    --------
    Trained on *a b* (``<s> a b </s>``, V = 5), order 2, d = 0.5.  Level 1 (continuation counts a, b,
    ``</s>`` once each, a(•) = 3): a seen word gets (1 - 0.5)/3 = 1/6, and the 1.5/3 = 1/2 taken goes to
    ``<s>`` and ``<UNK>`` through the uniform level: β = (1/2) / (1 - 3/5), each gets β · 1/5 = 1/4.
    Level 2: P(b | a) = (1 - 0.5) / 1 = 1/2.

    >>> from teachkit.lm.ngram import NgramLM
    >>> lm = NgramLM([["a", "b"]], order=2, smoothing=BackoffKneserNey(0.5))
    >>> lm.prob("b", ["a"]), round(lm.prob("<UNK>", ["b"]), 12)   # unseen after b: β(b) · 1/4, β(b) = 0.5 / (1 - 1/6)
    (0.5, 0.15)
    >>> round(float(lm.probs(["a"]).sum()), 12)
    1.0
    """

    name = "backoff-kneser-ney"

    def __init__(self, discount: float = 0.75) -> None:
        self.discount = _probability_parameter(discount, "discount", True, True)

    def _counts(self, k: int, order: int) -> str:
        return "continuation" if k < order else "raw"

    def _discounted(self, a: np.ndarray, total: np.ndarray, k: int) -> np.ndarray:
        discounted: np.ndarray = (a - self.discount) / total
        return discounted

    def _parameter_repr(self) -> str:
        return f", discount={self.discount!r}"

    def __repr__(self) -> str:
        return f"BackoffKneserNey(discount={self.discount!r})"


class Katz(_BackOff):
    """Katz back-off on simple Good-Turing discounts (module docstring).

    Parameters
    ----------
    threshold : int or None, default None
        K: counts above it are not discounted (Katz used 5, as SRILM's ``-gtNmax`` does); None discounts every
        count by its Good-Turing ratio r*/r.

    Attributes
    ----------
    ratios : dict of int to dict
        Once part of a model, d_r for r = 1..K at each level.

    Raises
    ------
    ValueError
        When the model is built, if a level's Good-Turing ratios fall outside (0, 1] (too little text for
        Katz's estimate): the message names the level and r.

    Examples
    --------
    Good-Turing needs real text (a Zipf sample of 5,000 tokens has too few words seen once for it):

    >>> from teachkit.corpora import lee_background
    >>> from teachkit.lm.ngram import NgramLM
    >>> text = [list(article) for article in lee_background()[:100]]
    >>> lm = NgramLM(text, order=2, smoothing=Katz())
    >>> round(float(lm.probs(["the"]).sum()), 12)
    1.0
    >>> all(0 < d <= 1 for level in lm.smoothing_method.ratios.values() for d in level.values())
    True
    """

    name = "katz"

    def __init__(self, threshold: int | None = None) -> None:
        if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 1):
            raise ValueError(f"threshold must be None or a whole number >= 1 (counts above it are not discounted), "
                             f"got {threshold!r:.60}.")
        self.threshold = threshold
        self.ratios: dict[int, dict[int, float]] = {}

    def _counts(self, k: int, order: int) -> str:
        return "raw"

    def _fit(self, model: NgramLM) -> None:
        K = self.threshold
        self.ratios = {}
        self._table = {}
        for k in range(1, model.order + 1):
            counts = model._raw[k].gram_counts
            spectrum = np.bincount(counts)
            frequencies = {r: int(nr) for r, nr in enumerate(spectrum) if r > 0 and nr > 0}
            try:
                sgt = simple_good_turing(frequencies)
            except ValueError as error:
                hint = (" With min_count > 1 no word is left that was seen once: train Katz with min_count=1."
                        if k == 1 and model.min_count > 1 and 1 not in frequencies else "")
                raise ValueError(f"Katz, level {k} ({k}-gram counts): {error}{hint}") from None
            top = int(counts.max(initial=1))
            n1 = frequencies.get(1, 0)
            mu = 0.0 if K is None else (K + 1) * frequencies.get(K + 1, 0) / n1
            ratios = {}
            for r in range(1, (top if K is None else K) + 1):
                if r not in sgt.r_star:
                    # no k-gram seen r times: any ratio serves, none is used; the line's estimate keeps it defined
                    r_star = (r + 1) * sgt.smoothed_n(r + 1) / sgt.smoothed_n(r)
                else:
                    r_star = sgt.r_star[r]
                d = (r_star / r - mu) / (1 - mu)
                if not 0 < d <= 1:
                    raise ValueError(f"Katz, level {k}: the discount ratio for count {r} is {d:.4f}, outside (0, 1] "
                                     f"(Good-Turing r* = {r_star:.4f}, mu = {mu:.4f}): too little text for Katz's "
                                     "estimate at this level. Use a lower threshold, a lower order or more text.")
                ratios[r] = d
            self.ratios[k] = ratios
            table = np.ones(max(K or 0, top) + 1)
            for r, d in ratios.items():
                table[r] = d
            self._table[k] = table

    def _discounted(self, a: np.ndarray, total: np.ndarray, k: int) -> np.ndarray:
        table = self._table[k]
        discounted: np.ndarray = table[np.minimum(a, len(table) - 1)] * a / total
        return discounted

    def _parameter_repr(self) -> str:
        return f", threshold={self.threshold!r}"

    def __repr__(self) -> str:
        return f"Katz(threshold={self.threshold!r})"
