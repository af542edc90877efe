"""A language model's score on a test text: :class:`Evaluation`, and the warning for a zero probability.

The formulas (cross-entropy H and perplexity 2^H, per prediction or per word) are in
:mod:`teachkit.lm.ngram`'s docstring; :mod:`teachkit.lm.metrics` computes them for notebook 04's
:class:`~teachkit.lm.ngram.BigramLM`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Evaluation", "ZeroProbabilityWarning", "PER"]

#: What a cross-entropy is averaged over: every prediction (the standard) or every test word.
PER = ("prediction", "token")


class ZeroProbabilityWarning(UserWarning):
    """A test prediction has probability 0, so the perplexity is infinite."""


@dataclass(frozen=True)
class Evaluation:
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
