"""The evaluation of a language model: cross-entropy and perplexity.

``teachkit.perplexity`` is the *function* below (the package re-exports it);
this module is ``teachkit.lm.metrics``.
The models themselves (:class:`~teachkit.lm.ngram.BigramLM`, :class:`~teachkit.lm.ngram.NgramLM`)
live in :mod:`teachkit.lm.ngram`; a BigramLM is an order-2 NgramLM, so the
probabilities summed here are NgramLM's.  What these functions add is notebook
04's way of averaging them: the rows of :meth:`BigramLM.table` summed left to
right, and ``per="token"`` counting the padding symbols as tokens (NgramLM's
own :meth:`~teachkit.lm.ngram.NgramLM.evaluate` counts words only).

Perplexity, and the seed's normalisation
----------------------------------------
Over the M bigrams ``(w_{i-1}, w_i)`` of a test text::

    H  = -(1/M) · Σ log2 P(w_i | w_{i-1})        (cross-entropy, bits per prediction)
    PP = 2^H

``per="prediction"`` (the default) divides by M, the number of probabilities
actually multiplied: this is the standard definition and nltk.lm's.
``per="token"`` divides by N, the number of tokens, as the seed notebook does.
Without padding a sentence of N tokens has only N - 1 bigrams: its first word
is never predicted (a bigram model has no left context for it, and no P(w_1)
term is computed).  Dividing N - 1 log-probabilities by N is like scoring the
first word with probability 1, so the result is too low::

    log2 PP_token = (N - 1)/N · log2 PP_prediction      (one sentence)

For the seed (α = 1, V = 7, test words case-sensitive):

* training text itself, 6 bigrams each (1 + 1)/(1 + 7) = 1/4:
  per token 2^(12/7) = 3.2813414240305514 (the printed value);
  per prediction 2^(12/6) = 4.0.
* "Alice dreams about Wonderland": P = 1/8, 1/7, 1/7, product 1/392:
  per token 392^(1/4) = 4.449605586254059 (printed);
  per prediction 392^(1/3) = 7.318611420045942.

With the nltk.lm configuration (``"with-unk"``, ``"context"``, V = 8) the
same texts give 9/2 = 4.5 (every P = 2/9) and 576^(1/3) ≈ 8.3203 (P = 1/9,
1/8, 1/8: "dreams" and "about" are both ``<UNK>``); padded as well (V = 10)
they give 11/2 = 5.5 and 33275^(1/5) ≈ 8.0246 (P = 2/11, 1/11, 1/10, 1/10,
2/11), per prediction.  Computed in floating point these come out within an
ulp or two (4.500000000000001, 5.499999999999998).

Zero probabilities
------------------
With α = 0 an unseen bigram gets probability 0 and the perplexity is
infinite.  :func:`perplexity` and :func:`cross_entropy` then return
``math.inf`` and emit a :class:`ZeroProbabilityWarning` naming the bigram
(this is the lesson: smoothing exists so this cannot happen).  With α = 0
and d(prev) = 0 the probability is 0/0, undefined: :meth:`BigramLM.prob`
raises ``ValueError``.  Nothing here ever returns NaN.

Examples
--------
>>> training = "Alice wonders what is happening in Wonderland".split()
>>> lm = BigramLM(training)
>>> perplexity(lm, training)
4.0
>>> perplexity(lm, training, per="token")     # 2 ** (12 / 7), what the source notebook printed
3.2813414240305514
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence

from .._checks import check_choice

from .evaluation import PER, ZeroProbabilityWarning
from .ngram import BigramLM

__all__ = ["perplexity", "cross_entropy"]


def _log2_sum_and_size(model: BigramLM, tokens: Sequence[str], per: str) -> tuple[float, int]:
    # The public door: both public functions come through here, so the model, per and the text
    # (in model.table) are checked once.
    if not isinstance(model, BigramLM):
        raise TypeError(f"model must be a teachkit.BigramLM, got {type(model).__name__}.")
    check_choice(per, "per", PER)
    rows = model.table(tokens)
    if not rows:
        raise ValueError(
            "tokens must have at least two tokens in some sentence: a bigram model scores pairs "
            "(previous word, word), and this text has none. Use a longer text or pad=True."
        )
    n_tokens = sum(len(sent) for sent in model.test_sentences(tokens))
    zeros = [r for r in rows if r.log2_probability == -math.inf]
    if zeros:
        warnings.warn(
            f"P({zeros[0].word!r} | {zeros[0].prev!r}) = 0 (an unseen bigram with alpha = 0), "
            f"so the perplexity is infinite ({len(zeros)} zero-probability bigram(s)). Use alpha > 0.",
            ZeroProbabilityWarning, stacklevel=3,
        )
        return -math.inf, len(rows)
    # Plain left-to-right sum of log2 P, then 2 ** (-sum / K), as the seed
    # notebook computes it; the printed values come out bit for bit this way.
    # (The algebraically equal product form (Π P) ** (-1/K) does not: it gives
    # 4.4496055862540596 for the unseen text, one ulp off the printed value.)
    total = 0.0
    for r in rows:
        total += r.log2_probability
    return total, (len(rows) if per == "prediction" else n_tokens)


def cross_entropy(model: BigramLM, tokens: Sequence[str], per: str = "prediction") -> float:
    """Cross-entropy of ``model`` on a test text, in bits: ``H = -(1/K) Σ log2 P(w_i | w_{i-1})``.

    Parameters
    ----------
    model : BigramLM
    tokens : list of str, or list of list of str
        Test text (padded like the training text when ``model.pad``).
    per : {"prediction", "token"}
        K = M, the number of bigrams scored (standard, nltk.lm), or K = N, the
        number of tokens (the seed notebook; N - 1 bigrams per unpadded sentence).

    Returns
    -------
    float
        ``math.inf`` with a :class:`ZeroProbabilityWarning` if some bigram has
        probability 0.

    Examples
    --------
    >>> training = "Alice wonders what is happening in Wonderland".split()
    >>> cross_entropy(BigramLM(training), training)   # six bigrams of 1/4: 2 bits each
    2.0
    """
    total, k = _log2_sum_and_size(model, tokens, per)
    return -total / k


def perplexity(model: BigramLM, tokens: Sequence[str], per: str = "prediction") -> float:
    """Perplexity ``2^H`` of ``model`` on a test text (H from :func:`cross_entropy`).

    ``per="prediction"`` is the standard definition (the M-th root of
    1 / Π P); ``per="token"`` reproduces the seed notebook, which divides by
    the N tokens although only N - 1 bigrams are scored.  See the module
    docstring for the seed's values under both.

    Returns
    -------
    float
        >= 1; ``math.inf`` with a :class:`ZeroProbabilityWarning` if some bigram
        has probability 0, or if 2^H is beyond the largest float (H > 1024
        bits, reachable only with an alpha below about 1e-300).

    Examples
    --------
    >>> lm = BigramLM("Alice wonders what is happening in Wonderland".split())
    >>> unseen = "Alice dreams about Wonderland".split()
    >>> perplexity(lm, unseen)              # (8 * 7 * 7) ** (1/3)
    7.318611420045942
    >>> perplexity(lm, unseen, per="token")  # (8 * 7 * 7) ** (1/4), as the source notebook printed
    4.449605586254059
    """
    h = cross_entropy(model, tokens, per)
    try:
        return 2 ** h
    except OverflowError:
        warnings.warn(
            f"the perplexity 2^{h} is too large for a float; returning math.inf.",
            ZeroProbabilityWarning, stacklevel=2,
        )
        return math.inf
