"""Is one language model really better? A paired bootstrap of the difference in cross-entropy.

Two models A and B score the same held-out text, split into units (sentences or documents).  Unit i holds
``M_i`` predictions, on which A's log2-probabilities sum to ``a_i`` and B's to ``b_i``.  The cross-entropies
and their difference (in bits per prediction) are ratios, not means of per-unit values::

    H_A = -Σ a_i / Σ M_i        H_B = -Σ b_i / Σ M_i        Δ = H_A - H_B

(Δ < 0: A predicts the text better; the perplexity ratio is 2^Δ.)

The units are what varies from one held-out text to another, so they are what is resampled: draw n units with
replacement, the *same* draw for both models (the pairing), recompute Δ; repeat ``resamples`` times.  The
``confidence`` percentile interval of those Δ is the interval reported (Efron & Tibshirani 1993, ch. 13;
Koehn 2004 did the same for BLEU).  Pairing matters: a hard sentence is hard for both models, and resampling
the models apart would add that shared difficulty to the noise twice.

The interval says how much Δ would move with another held-out text like this one.  It says nothing of how Δ
moves with another training run or another training text.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .._checks import check_corpus, check_draws, check_seed, check_summable

if TYPE_CHECKING:
    from .ngram import NgramLM

__all__ = ["CrossEntropyDifference", "cross_entropy_difference", "bootstrap_cross_entropy_difference",
           "one_vocabulary"]

# Resamples are drawn in chunks of about this many unit indices, so memory stays small for any count.
_CHUNK = 2_000_000


@dataclass(frozen=True)
class CrossEntropyDifference:
    """The difference in cross-entropy between two models on one text, with its bootstrap interval.

    Attributes
    ----------
    difference : float
        Δ = H_A - H_B in bits per prediction on the whole text.
    low, high : float
        The percentile interval of Δ over the resamples.
    confidence : float
    resamples : int
    share_a_better : float
        The fraction of resamples in which A had the lower cross-entropy (Δ < 0).
    n_units : int
    n_predictions : int
    """

    difference: float
    low: float
    high: float
    confidence: float
    resamples: int
    share_a_better: float
    n_units: int
    n_predictions: int

    @property
    def includes_zero(self) -> bool:
        """True when the interval holds 0: on this much text the two models cannot be told apart."""
        return self.low <= 0.0 <= self.high

    @property
    def perplexity_ratio(self) -> float:
        """PP_A / PP_B = 2^Δ."""
        return float(2.0 ** self.difference)


def _units(log2_a: object, log2_b: object, counts: object) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    arrays = []
    for name, value in (("log2_a", log2_a), ("log2_b", log2_b), ("counts", counts)):
        if isinstance(value, (str, bytes)):
            raise TypeError(f"{name} must be a sequence of numbers, one per unit, not {type(value).__name__}.")
        try:
            array = np.asarray(value, dtype=float)
        except (TypeError, ValueError):
            raise TypeError(f"{name} must be a sequence of numbers, one per unit.") from None
        if array.ndim != 1:
            raise ValueError(f"{name} must be one number per unit (a flat sequence), got shape {array.shape}.")
        if not np.all(np.isfinite(array)):
            raise ValueError(f"{name} holds NaN or an infinite value; a model that gives a prediction probability 0 "
                             "has infinite cross-entropy, and no interval can be drawn for it.")
        arrays.append(array)
    a, b, m = arrays
    if not len(a) == len(b) == len(m):
        raise ValueError(f"log2_a, log2_b and counts must have one entry per unit each, got {len(a)}, {len(b)} "
                         f"and {len(m)}.")
    if len(m) < 2:
        raise ValueError(f"the bootstrap resamples units; it needs at least 2, got {len(m)}.")
    if np.any(m < 1) or np.any(m != np.round(m)):
        raise ValueError("counts must be whole numbers >= 1: the predictions in each unit.")
    if np.any(a > 0) or np.any(b > 0):
        raise ValueError("log2_a and log2_b are sums of log2-probabilities, which cannot be positive.")
    check_summable(m, "counts", 2 * len(m))               # prediction counts near 1e308 are no counts
    return a, b, m


def _check_resampling(resamples: object, confidence: object, seed: object, n_units: int) -> None:
    check_draws(resamples, "resamples", n_units, of="units")
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real) or not 0 < float(confidence) < 1:
        raise ValueError(f"confidence must be a number between 0 and 1 (e.g. 0.95), got {confidence!r:.60}.")
    check_seed(seed, none=True)


def bootstrap_cross_entropy_difference(log2_a: Sequence[float], log2_b: Sequence[float], counts: Sequence[int], *,
                                       resamples: int = 2000, confidence: float = 0.95,
                                       seed: int | None = 0) -> CrossEntropyDifference:
    """The paired bootstrap of Δ = H_A - H_B from per-unit sums (see the module docstring).

    Parameters
    ----------
    log2_a, log2_b : sequence of float
        Per unit, the sum of log2 P of its predictions under model A and under model B.
    counts : sequence of int
        Per unit, the number of predictions M_i (the same for both models).
    resamples : int, default 2000
    confidence : float, default 0.95
    seed : int or None, default 0
        The resampling is repeatable for a seed.

    Examples
    --------
    Two units of 10 predictions; A loses 2 bits more than B on the first, B 1 bit more on the second:

    >>> r = bootstrap_cross_entropy_difference([-12.0, -9.0], [-10.0, -10.0], [10, 10], resamples=1000)
    >>> r.difference                      # (21 - 20) / 20
    0.05
    >>> r.low, r.high                     # the three values a resample of 2 units can take
    (-0.1, 0.2)
    """
    a, b, m = _units(log2_a, log2_b, counts)
    _check_resampling(resamples, confidence, seed, len(m))
    n = len(m)
    rng = np.random.default_rng(seed)
    # Sums of n log2-probabilities near -1e308 overflow: then the per-unit differences b - a (finite, both
    # being <= 0) are summed in units of a power of two s, exactly; Δ = Σ(b - a) / Σ m is at most
    # max |b - a| and finite again.  Ordinary sums are computed as they always were, bit for bit.
    largest = float(max(np.max(np.abs(a)), np.max(np.abs(b))))
    limit = np.finfo(float).max / (2 * n)
    s = 1.0 if largest <= limit else 2.0 ** math.ceil(math.log2(largest / limit))
    d = (b - a) / s
    deltas = np.empty(int(resamples))
    per_chunk = max(1, _CHUNK // n)
    for start in range(0, int(resamples), per_chunk):
        stop = min(int(resamples), start + per_chunk)
        idx = rng.integers(0, n, size=(stop - start, n))
        total = m[idx].sum(axis=1)
        if s == 1.0:
            deltas[start:stop] = (b[idx].sum(axis=1) - a[idx].sum(axis=1)) / total
        else:
            deltas[start:stop] = d[idx].sum(axis=1) / total * s
    tail = (1 - confidence) / 2
    low, high = np.quantile(deltas, [tail, 1 - tail])
    difference = (b.sum() - a.sum()) / m.sum() if s == 1.0 else d.sum() / m.sum() * s
    return CrossEntropyDifference(float(difference), float(low), float(high), float(confidence),
                                  int(resamples), float(np.mean(deltas < 0)), n, int(m.sum()))


def cross_entropy_difference(model_a: NgramLM, model_b: NgramLM, sentences: Sequence[Sequence[str]], *,
                             resamples: int = 2000, confidence: float = 0.95,
                             seed: int | None = 0) -> CrossEntropyDifference:
    """Paired bootstrap of H_A - H_B for two :class:`teachkit.NgramLM` models over the units of ``sentences``.

    Each sentence (or document: whatever one item of ``sentences`` is) is a unit.  Both models must make the
    same predictions: with padding every word and ``</s>`` is predicted whatever the order; without it a
    higher order predicts fewer words, and the two cross-entropies would average over different things.

    Examples
    --------
    >>> from teachkit.lm.ngram import NgramLM
    >>> train = [["a", "b", "a", "c"], ["b", "a", "b"]] * 5
    >>> test = [["a", "b"], ["b", "a", "c"], ["c", "a"]]
    >>> r = cross_entropy_difference(NgramLM(train, order=2), NgramLM(train, order=1), test, resamples=500)
    >>> r.n_units, r.n_predictions         # 2 + 3 + 2 words, and three </s>
    (3, 10)
    """
    for name, model in (("model_a", model_a), ("model_b", model_b)):
        if not hasattr(model, "predictions") or not hasattr(model, "encode"):
            raise TypeError(f"{name} must be a language model with predictions() (a teachkit NgramLM), "
                            f"got {type(model).__name__}.")
    check_corpus(sentences, "sentences", "a list of sentences (lists of tokens)")
    units = list(sentences)                     # read once: a generator serves both models
    if not units:
        raise ValueError("sentences is empty; give at least one sentence (two or more to resample).")
    _check_resampling(resamples, confidence, seed, len(units))    # before scoring: refused at once
    per_unit = []
    for name, model in (("model_a", model_a), ("model_b", model_b)):
        log2, counts = [], []
        for i, unit in enumerate(units):
            try:
                p = model.predictions([unit])["probability"]
            except ValueError as error:
                raise ValueError(f"sentences[{i}] cannot be scored by {name}: {error}") from None
            with np.errstate(divide="ignore"):
                log2.append(float(np.sum(np.log2(p))))
            counts.append(len(p))
        per_unit.append((log2, counts))
    (a, counts_a), (b, counts_b) = per_unit
    if counts_a != counts_b:
        i = next(i for i, (x, y) in enumerate(zip(counts_a, counts_b)) if x != y)
        raise ValueError(f"the two models make different numbers of predictions on sentences[{i}] ({counts_a[i]} "
                         f"and {counts_b[i]}): train both with pad=True, or compare models of one order.")
    if not all(map(math.isfinite, a + b)):
        name, model = ("model_a", model_a) if not all(map(math.isfinite, a)) else ("model_b", model_b)
        cause = model._zero_probability_cause() if hasattr(model, "_zero_probability_cause") else "smooth it."
        raise ValueError(f"{name} gives some prediction probability 0 (infinite cross-entropy): {cause}")
    return bootstrap_cross_entropy_difference(a, b, counts_a, resamples=resamples, confidence=confidence, seed=seed)


OTHER = "<other>"


def one_vocabulary(*texts: Sequence[Sequence[str]], keep: object, other: str = OTHER) -> list[list[list[str]]]:
    """Each of ``texts`` with every token outside ``keep`` replaced by the one ordinary token ``other``.

    Two models trained on different texts know different words.  Their perplexities are then not comparable:
    over every prediction, the one that knows fewer words scores more of the held-out text as ``<UNK>``, one
    easy symbol; and leaving out the words one of them does not know still charges each model for the
    probability it gives to the words left out, a share that differs from model to model.  Folding the training
    texts *and* the held-out text onto one vocabulary (``keep``, e.g. the words both training texts hold) gives
    both models the same events to predict, so every prediction can be compared.

    Examples
    --------
    >>> one_vocabulary([["a", "b", "c"]], [["c", "d"]], keep={"a", "c"})
    [[['a', '<other>', 'c']], [['c', '<other>']]]
    """
    if isinstance(keep, (str, bytes)) or not hasattr(keep, "__iter__"):
        raise TypeError(f"keep must be a set of words (str), got {type(keep).__name__}; e.g. keep=set(a) & set(b).")
    kept = frozenset(keep)
    if not all(isinstance(w, str) for w in kept):
        raise TypeError("keep must hold words (str) only.")
    if not isinstance(other, str) or not other:
        raise TypeError(f"other must be a non-empty str, got {other!r}.")
    if other in kept:
        raise ValueError(f"other={other!r} is itself one of the words kept; choose a token the texts do not use.")
    out = []
    for t, text in enumerate(texts):
        check_corpus(text, f"texts[{t}]", "a list of sentences (lists of tokens)")
        folded = []
        for s, sentence in enumerate(text):
            if isinstance(sentence, str) or not isinstance(sentence, (list, tuple)):
                raise TypeError(f"texts[{t}][{s}] is {type(sentence).__name__}; give a list of sentences, each a "
                                "list of string tokens.")
            folded.append([w if w in kept else other for w in sentence])
        out.append(folded)
    return out
