"""One way to a perplexity: :func:`perplexity` and :func:`cross_entropy` over anything that scores held-out text.

Every model of the course that scores held-out text reduces its score to a :class:`LogLoss`: the mean
negative log-probability per prediction (the cross-entropy), in the unit the model computes it in, and
the number of predictions it was averaged over.  The perplexity is then ``base ** cross_entropy``::

    H  = -(1/K) Σ log_b P(w_i | h_i)          PP = b^H      (the same number for any base b)

:func:`perplexity` takes either

* a **model** and a held-out text: any object with a method ``log_loss(text, **options) -> LogLoss``
  (:class:`~teachkit.lm.ngram.NgramLM`, :class:`~teachkit.lm.bigram.BigramLM`,
  :class:`~teachkit.lm.arpa.ArpaLM`, :class:`~teachkit.lm.neural.NeuralLM`); the options are the model's
  own (``per=`` for the n-gram models, ``chunk=``/``stride=`` for the neural one); or
* a **score** already computed, alone: any object with a property ``log_loss``
  (:class:`NgramEvaluation`, the neural model's ``Evaluation``, LDA's
  :class:`~teachkit.evaluation.model_selection.HeldOutPerplexity` (gensim's bound) and
  :class:`~teachkit.evaluation.heldout_likelihood.LikelihoodEstimate` (an estimator's value)), or a
  :class:`LogLoss` itself.

Each model's own ``perplexity`` (a method or a property) is this function applied to it, so the numbers
are the same to the last bit.  The formulas of each model's score (what a prediction is, what ``per=``
divides by) are in its module: :mod:`teachkit.lm.ngram` for the n-gram models, :mod:`teachkit.lm.bigram`
for notebook 04's bigram model, :mod:`teachkit.lm.arpa` (KenLM's convention) and :mod:`teachkit.lm.neural`.

Examples
--------
>>> loss = LogLoss(2.0, 6, "bits")          # six predictions of 1/4 each
>>> perplexity(loss)
4.0
>>> cross_entropy(LogLoss(math.log(4.0), 6, "nats"))      # always in bits
2.0
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from .._checks import check_choice, check_positive_int

__all__ = ["NgramEvaluation", "ZeroProbabilityWarning", "PER", "LogLoss", "UNITS", "perplexity", "cross_entropy",
           "ScoresText", "HeldOutScore"]

#: What a cross-entropy is averaged over: every prediction (the standard) or every test word.
PER = ("prediction", "token")

#: The unit of a :class:`LogLoss` and its logarithm's base: bits (log2), nats (ln), hartleys (log10, KenLM's).
UNITS = {"bits": 2.0, "nats": math.e, "hartleys": 10.0}


class ZeroProbabilityWarning(UserWarning):
    """A test prediction has probability 0, so the perplexity is infinite."""


@dataclass(frozen=True)
class LogLoss:
    """A held-out score reduced to what a perplexity needs.

    Attributes
    ----------
    cross_entropy : float
        The mean negative log-probability per prediction, in ``unit`` (``inf`` if a prediction has
        probability 0).
    count : int
        K, the number of predictions (or, with ``per="token"``, of words) it is averaged over.
    unit : {"bits", "nats", "hartleys"}
        The logarithm's base: 2, e or 10.
    """

    cross_entropy: float
    count: int
    unit: str

    def __post_init__(self) -> None:
        check_choice(self.unit, "unit", tuple(UNITS))
        check_positive_int(self.count, "count")
        if math.isnan(self.cross_entropy):
            raise ValueError("cross_entropy is NaN: the model's log-probabilities are not numbers; nothing to report.")

    @classmethod
    def of(cls, log_probabilities: Iterable[float], count: int, unit: str) -> LogLoss:
        """``-Σ log P / count``, the log-probabilities summed left to right (the order notebook 04 sums them in,
        so its printed values come out bit for bit; a ``-inf`` gives ``inf``)."""
        total = 0.0
        for value in log_probabilities:
            total += value
        return cls(-total / count, count, unit)

    @property
    def bits(self) -> float:
        """The cross-entropy in bits per prediction (``cross_entropy`` itself when the unit is bits)."""
        if self.unit == "bits":
            return self.cross_entropy
        return self.cross_entropy * math.log2(UNITS[self.unit])

    @property
    def perplexity(self) -> float:
        """``base ** cross_entropy``; ``inf`` (with a :class:`ZeroProbabilityWarning`) beyond a float."""
        h = self.cross_entropy
        if not math.isfinite(h):
            return math.inf
        try:
            if self.unit == "nats":
                return math.exp(h)
            return float(UNITS[self.unit] ** h)
        except OverflowError:
            warnings.warn(f"the perplexity {UNITS[self.unit]:.6g}^{h} is too large for a float; returning math.inf.",
                          ZeroProbabilityWarning, stacklevel=3)
            return math.inf


class ScoresText(Protocol):
    """A model that scores a held-out text: its ``log_loss(text, **options)``."""

    def log_loss(self, text: Any, /, **options: Any) -> LogLoss: ...


class HeldOutScore(Protocol):
    """A score of a held-out text already computed: its ``log_loss`` property."""

    @property
    def log_loss(self) -> LogLoss: ...


class _NoText:
    """The default of ``text``: none given (``None`` is passed on to the model, whose check names it)."""

    def __repr__(self) -> str:
        return "<no text>"


_NO_TEXT: Any = _NoText()


def _log_loss(model: object, text: object, options: dict[str, Any]) -> LogLoss:
    """The one door of :func:`perplexity` and :func:`cross_entropy`: a model and its text, or a score."""
    if isinstance(model, LogLoss):
        loss: object = model
        if text is not _NO_TEXT or options:
            raise TypeError("model is a LogLoss, a score already computed: call perplexity(score) alone, "
                            "without a text or options.")
    else:
        attribute = getattr(type(model), "log_loss", None)
        if isinstance(attribute, property):
            if text is not _NO_TEXT or options:
                raise TypeError(f"model is a {type(model).__name__}, the score of a held-out text already "
                                "computed: call perplexity(score) alone, without a text or options.")
            loss = cast("HeldOutScore", model).log_loss
        elif callable(attribute):
            if text is _NO_TEXT:
                raise TypeError(f"text is missing: a {type(model).__name__} is a model; give the held-out text "
                                "to score, perplexity(model, text).")
            loss = cast("ScoresText", model).log_loss(text, **options)
        else:
            hint = ""
            if type(model).__name__ == "LdaModel":
                hint = " For a gensim LdaModel, pass its score: perplexity(teachkit.heldout_perplexity(lda, bow))."
            raise TypeError(
                f"model must be a model that scores held-out text (NgramLM, BigramLM, ArpaLM, NeuralLM) or the "
                f"score of one (NgramEvaluation, Evaluation, HeldOutPerplexity, LikelihoodEstimate, LogLoss); "
                f"got {type(model).__name__}, which has no log_loss.{hint}")
    if not isinstance(loss, LogLoss):
        raise TypeError(f"model.log_loss gave a {type(loss).__name__}, not a LogLoss.")
    return loss


def perplexity(model: object, text: object = _NO_TEXT, **options: Any) -> float:
    """The perplexity of a model on a held-out text, or of a score already computed.

    Parameters
    ----------
    model : a model, or a score
        A model with ``log_loss(text, **options)`` (NgramLM, BigramLM, ArpaLM, NeuralLM), or a score with a
        ``log_loss`` property (NgramEvaluation, Evaluation, HeldOutPerplexity, LikelihoodEstimate, LogLoss).
    text : optional
        The held-out text, as the model's own ``log_loss`` takes it; none for a score.
    **options
        The model's options: ``per="prediction"`` or ``"token"`` for the n-gram models, ``chunk``,
        ``stride``, ``open_vocabulary`` for the neural one.

    Returns
    -------
    float
        ``base ** cross_entropy``, >= 1; ``math.inf`` if a prediction has probability 0 (the model warns
        with a :class:`ZeroProbabilityWarning`) or the perplexity is beyond a float.

    Raises
    ------
    TypeError
        ``model`` scores nothing (no ``log_loss``), a model without ``text``, or a score with one.

    Examples
    --------
    >>> from teachkit import BigramLM, NgramLM
    >>> training = "Alice wonders what is happening in Wonderland".split()
    >>> perplexity(BigramLM(training), training)
    4.0
    >>> lm = NgramLM([training], order=2, smoothing="laplace")
    >>> perplexity(lm, [training]) == lm.perplexity([training]) == perplexity(lm.evaluate([training]))
    True
    """
    return _log_loss(model, text, options).perplexity


def cross_entropy(model: object, text: object = _NO_TEXT, **options: Any) -> float:
    """The cross-entropy, in **bits** per prediction (or per word), of a model on a held-out text or of a score.

    The arguments are those of :func:`perplexity`; ``2 ** cross_entropy(...)`` is the perplexity.

    Examples
    --------
    >>> from teachkit import BigramLM
    >>> training = "Alice wonders what is happening in Wonderland".split()
    >>> cross_entropy(BigramLM(training), training)   # six bigrams of 1/4: 2 bits each
    2.0
    """
    return _log_loss(model, text, options).bits


@dataclass(frozen=True)
class NgramEvaluation:
    """A model's score on a test text (what :meth:`NgramLM.evaluate` returns).

    Attributes
    ----------
    cross_entropy : float
        H in bits per prediction (``per="prediction"``) or per word (``per="token"``).
    perplexity : float
        ``2 ** cross_entropy``.
    per : str
        ``"prediction"`` or ``"token"``: what H is averaged over.
    log2_probability : float
        Σ log2 P(w_i | h_i) over the predictions (``-inf`` if one is 0).
    n_predictions : int
        M, the number of probabilities multiplied (``</s>`` included when padded).
    n_tokens : int
        N, the number of test words (no padding symbols).
    n_oov : int
        Test words the model does not keep, scored as ``<UNK>``.
    n_sentences : int
    """

    cross_entropy: float
    perplexity: float
    per: str
    log2_probability: float
    n_predictions: int
    n_tokens: int
    n_oov: int
    n_sentences: int

    @property
    def oov_rate(self) -> float:
        """n_oov / n_tokens."""
        return self.n_oov / self.n_tokens

    @property
    def log_loss(self) -> LogLoss:
        """The score as :func:`perplexity` reads it (bits, over M predictions or N words as ``per`` says)."""
        return LogLoss(self.cross_entropy, self.n_predictions if self.per == "prediction" else self.n_tokens,
                       "bits")
