"""N-gram language models of order 1 to 4: add-α, Jelinek-Mercer and Kneser-Ney.

:class:`NgramLM` predicts each word from the ``n - 1`` words before it and
scores held-out text by cross-entropy and perplexity.  It is the one model of
this module: :class:`teachkit.BigramLM`, notebook 04's bigram model, is an
order-2 NgramLM with :class:`AddAlpha` smoothing under another name (see
"The bigram model of notebook 04" below).  With the defaults,
``NgramLM(..., order=2, smoothing="laplace")`` (or ``"lidstone"``) is
``BigramLM(..., vocabulary="with-unk", denominator="context")``, probability
for probability.

What is counted
---------------
Every training sentence is padded (``pad=True``, the default) with ``n - 1``
start symbols ``<s>`` in front and one end symbol ``</s>`` behind, so that
every word *and* the end of the sentence is predicted from a full history::

    order 3:   <s> <s> the cat sat </s>   ->   (<s> <s> the) (<s> the cat) (the cat sat) (cat sat </s>)

Each of these n-grams is one **event**: a history ``h`` (the first ``n - 1``
words) and the word ``w`` predicted after it.  All counts come from the
events: ``c(h w)`` is how many events are the n-gram ``h w``, and for a
shorter history the same is done with the last ``k`` words of each event.
``<s>`` is never predicted.  With ``pad=False`` the first ``n - 1`` words of
a sentence are never predicted (as in the seed notebook of notebook 04), and a
sentence shorter than ``n`` gives no event.  N-grams never cross sentences.

Vocabulary and ``<UNK>``
------------------------
A training word that occurs fewer than ``min_count`` times is replaced by
``<UNK>`` (in training and in test text), and so is every test word the
model has not kept.  ``V`` counts the kept words, ``<s>`` and ``</s>`` (when
padded) and ``<UNK>`` (always, even if no training word was rare) -- the
convention of ``nltk.lm``'s ``Vocabulary(unk_cutoff=min_count)``.  ``<s>`` is
a vocabulary entry that is never predicted, so the little probability a model
gives it is wasted; nltk.lm does the same, and it keeps the comparison exact.

Perplexities over different vocabularies cannot be compared: a larger
``min_count`` folds more words into ``<UNK>``, one frequent "word" that is easy
to predict, and the perplexity falls although the model is no better.

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

The bigram model of notebook 04: BigramLM
-----------------------------------------
:class:`BigramLM` keeps the conventions of the source notebook (or, on request, nltk.lm's)
and shows every bigram's fraction.  It counts and scores nothing itself: it holds an order-2
:class:`NgramLM` (its ``ngram`` attribute) whose options carry the source notebook's conventions --
``unk=False`` for ``vocabulary="training"``, ``AddAlpha(α, denominator="occurrences")`` for
``denominator="unigram"`` -- and translates its own argument order, ``prob(prev, word)``, to the
model's ``prob(word, [prev])``.  A bigram model predicts each word from the word just before it.  With
add-α smoothing (Laplace for α = 1, Lidstone for any other α >= 0)::

                        c(prev, word) + α
    P(word | prev) = ----------------------
                        d(prev)   +  α·V

* ``c(prev, word)``: how often the bigram occurs in the training text;
* ``V``: the vocabulary size (see ``vocabulary`` below);
* ``d(prev)``: the count that normalises the row of ``prev`` (see
  ``denominator`` below).

Tokens are compared exactly as given: nothing is lowercased, so ``"Alice"``
and ``"alice"`` are two different words (the seed notebook works this way).
Use :func:`teachkit.tokenize` first if you want lowercased tokens.

Two choices, two traditions (BigramLM)
--------------------------------------
``vocabulary="training"`` (the seed notebook)
    V = the number of distinct training tokens.  A test word never seen in
    training stays itself: its count is 0, so it gets ``α / (d(prev) + α·V)``
    on top of the mass already shared among the V training words (so, counted
    over training and unseen words together, a row can sum to more than 1).
``vocabulary="with-unk"`` (nltk.lm)
    Every unseen test word is replaced by ``<UNK>``, and ``<UNK>`` is one more
    vocabulary entry: V = training types + 1.

``denominator="unigram"`` (the seed notebook)
    d(prev) = c(prev), how often ``prev`` occurs in training.  A word that ends
    a training sentence occurs once more than it starts a bigram, so its row
    does not sum to one: after the last training word ``w`` the probabilities
    over the V words add up to ``α·V / (c(w) + α·V)`` < 1 (5/6 after "mat" in
    "the cat sat on the mat", α = 1, V = 5).  Acceptable for a demo, not a
    proper probability distribution.
``denominator="context"`` (nltk.lm)
    d(prev) = the number of training bigrams that start with ``prev``.  Every
    row now sums to one over the vocabulary.

``pad=True`` writes ``<s>`` before and ``</s>`` after every sentence, as
``nltk.lm.preprocessing.pad_both_ends(sentence, n=2)`` does, so the first word
is predicted too (from ``<s>``) and so is the end of the sentence.  Both
symbols are vocabulary entries and count in V, as in nltk.lm.

BigramLM's correspondence with nltk.lm: ``BigramLM(train, alpha=γ, vocabulary="with-unk",
denominator="context", pad=p)`` gives the same probabilities and perplexity as
``nltk.lm.Lidstone(γ, 2)`` (``Laplace(2)`` for γ = 1) fitted on the bigrams of
each (padded, if p) training sentence with ``vocabulary_text`` = all
(padded) training tokens and nltk's default ``unk_cutoff=1``: nltk's V counts
every training type, plus ``<s>`` and ``</s>`` when padded, plus ``<UNK>``.
nltk's ``perplexity`` takes the list of bigrams of the (padded) test text.
Bigrams never cross a sentence boundary, in training or in testing.

Evaluation
----------
Over the M predictions ``w_i`` (with history ``h_i``) of a test text::

    H = -(1/K) Σ log2 P(w_i | h_i)     bits          PP = 2^H

``per="prediction"`` (default): K = M, the standard definition and nltk.lm's.
``per="token"``: K = N, the number of test words (padding symbols are not
words), the seed notebook's convention.  With padding M = N + (number of
sentences), because every ``</s>`` is predicted too; without it
M = N - (n - 1) per sentence.

Examples
--------
>>> lm = NgramLM([["the", "cat", "sat"], ["the", "dog", "sat"]], order=2, smoothing="laplace")
>>> lm.V                      # the cat sat dog <s> </s> <UNK>
7
>>> lm.prob("cat", ["the"])   # (c(the cat) + 1) / (c(the •) + V) = (1 + 1) / (2 + 7)
0.2222222222222222
>>> # P(the|<s>) = 3/9, P(cat|the) = 2/9, P(sat|cat) = 2/8, P(</s>|sat) = 3/9: product 1/162
>>> round(lm.perplexity([["the", "cat", "sat"]]), 4)    # 162 ** (1/4)
3.5676
"""

from __future__ import annotations

import itertools
import math
import numbers
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

from ._checks import as_list, check_choice, check_positive_int

__all__ = [
    "NgramLM", "Evaluation", "EncodedText", "Smoothing", "AddAlpha", "JelinekMercer", "KneserNey",
    "BigramLM", "BigramRow", "Vocabulary", "ZeroProbabilityWarning", "add_alpha", "kneser_ney_step",
    "SMOOTHINGS", "MAX_ORDER", "START", "END", "UNK",
]

# The padding and unknown-word symbols, the same for every model of this module.
START, END, UNK = "<s>", "</s>", "<UNK>"

SMOOTHINGS = ("laplace", "lidstone", "interpolated", "kneser-ney")
MAX_ORDER = 4
PER = ("prediction", "token")
VOCABULARIES = ("training", "with-unk")
DENOMINATORS = ("unigram", "context")
ADD_ALPHA_DENOMINATORS = ("context", "occurrences")
_RESERVED = (START, END, UNK)
_RESERVED_SET = frozenset(_RESERVED)


class ZeroProbabilityWarning(UserWarning):
    """A test prediction has probability 0, so the perplexity is infinite."""


# ---------------------------------------------------------------- input checks
def _sentences(sentences, name, reserved=_RESERVED_SET):
    """``sentences`` as a list of lists of str, or a clear error.

    ``reserved``: the symbols a sentence may not contain (an empty set takes every token as given).
    """
    if isinstance(sentences, str):
        raise TypeError(
            f"{name} must be a list of sentences, each a list of tokens, such as [{sentences.split()[:3]!r}], "
            "not one string. Split it first, e.g. teachkit.tokenize(text)."
        )
    if isinstance(sentences, (bytes, Mapping)):
        raise TypeError(f"{name} is {'bytes' if isinstance(sentences, bytes) else 'a dict'}: iterating over it "
                        "would give " + ("numbers" if isinstance(sentences, bytes) else "its keys") +
                        ", not sentences. Pass a list of sentences, each a list of string tokens.")
    try:
        items = list(sentences)
    except TypeError:
        raise TypeError(f"{name} must be a list of sentences (lists of string tokens), "
                        f"got {type(sentences).__name__}.") from None
    if items and all(isinstance(t, str) for t in items):
        items = [items]          # a flat list of tokens is one sentence
    out = []
    for s, sent in enumerate(items):
        if isinstance(sent, str) or not isinstance(sent, (list, tuple)):
            raise TypeError(
                f"{name}: item {s} is {type(sent).__name__} {sent!r}; give a list of sentences, "
                "each a list of string tokens."
            )
        # set(map(type, ...)) runs in C; the per-token isinstance check only runs when something is not a str
        if not set(map(type, sent)) <= {str} and not all(isinstance(tok, str) for tok in sent):
            i, tok = next((i, t) for i, t in enumerate(sent) if not isinstance(t, str))
            raise TypeError(f"{name}: token {i} of sentence {s} is {type(tok).__name__} {tok!r}; "
                            "every token must be a string.")
        if not reserved.isdisjoint(sent):
            tok = next(t for t in sent if t in reserved)
            raise ValueError(f"{name}: sentence {s} contains {tok!r}, a symbol the model reserves "
                             f"({', '.join(_RESERVED)}); rename that token.")
        out.append(tuple(sent))
    if not any(out):
        raise ValueError(f"{name} is empty: give at least one sentence with at least one token.")
    return out


def _probability_parameter(value, name, low_open, high_open, low=0.0, high=1.0):
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
def _numbers(name, value):
    arr = np.asarray(value, dtype=float) if not isinstance(value, (str, bytes)) else None
    if arr is None or arr.dtype == object or isinstance(value, bool):
        raise TypeError(f"{name} must be a number or an array of numbers, got {value!r}.")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite, got {value!r}.")
    return arr


def _result(value, *inputs):
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
    if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real) or not alpha > 0 or not math.isfinite(alpha):
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
def _add_alpha_fraction(c, total, V, alpha):
    # Numerator and denominator apart, in the seed notebook's (and nltk.lm's) order of operations, so that
    # a hand calculation can show the fraction and the quotient comes out bit for bit as theirs.
    return c + alpha, total + alpha * V


def _add_alpha(c, total, V, alpha):
    numerator, denominator = _add_alpha_fraction(c, total, V, alpha)
    return numerator / denominator


def _kneser_ney_step(a, total, t, p_lower, d):
    return np.where(total > 0, (np.maximum(a - d, 0.0) + d * t * p_lower) / np.maximum(total, 1), p_lower)


# ---------------------------------------------------------------- smoothing methods
# Each method is a small object in the manner of nltk.lm's estimators: it holds its own parameter, checked
# once when it is made, and turns the counts NgramLM looked up into probabilities.  NgramLM only counts.
#
# ``stats(k, counts)`` (given by NgramLM) returns, for every prediction, three arrays at history length
# k - 1: the count of the k-gram ``g w``, the total after its history g and the number of distinct words
# ``T(g)`` seen after g.  ``counts`` says which: "raw" (c(g w) and c(g •)), "continuation" (N1+(• g w) and
# its sum over w) or, for the full history only (k = order), "occurrences" (c(g w) and the number of times
# g occurs in the padded training text, c(g •) + e(g), where e(g) counts the sentences that end in g).
_STATS = Callable[[int, str], tuple]


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
        """The method as it scores ``model``: itself, or (for a method that estimates its parameters from the
        counts, such as modified Kneser-Ney's discounts) a copy fitted to the model's counts."""
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
        if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real):
            raise TypeError(f"alpha must be a number, got {alpha!r}.")
        # float(10**400) raises OverflowError; only a Python int can be that large.
        if isinstance(alpha, numbers.Integral) and abs(int(alpha)) >= 2**1024:
            raise ValueError(f"alpha (a whole number of {len(str(abs(int(alpha))))} digits) is too large for a "
                             "float; any alpha far above the counts "
                             "already gives every word the same probability 1/V. Use a smaller alpha.")
        if not isinstance(allow_zero, bool):
            raise TypeError(f"allow_zero must be True or False, got {allow_zero!r}.")
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


def _as_smoothing(smoothing: str | Smoothing, order: int, alpha: float | None, lambdas: Sequence[float] | None,
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


@dataclass(frozen=True, eq=False)
class EncodedText:
    """A test text as one model's n-gram ids (what :meth:`NgramLM.encode` returns)."""

    events: np.ndarray
    n_oov: int
    n_tokens: int
    n_sentences: int
    vocabulary: tuple
    order: int
    pad: bool
    # counts looked up for these predictions, per level of counts (see NgramLM._scores)
    _cache: dict = field(default_factory=dict, repr=False)

    @property
    def n_predictions(self) -> int:
        """M, the number of n-grams to score."""
        return len(self.events)


class _Level:
    """Counts for one history length: sorted n-gram keys, their counts, and per history the total and types."""

    def __init__(self, gram_keys, gram_counts, base):
        self.gram_keys, self.gram_counts = gram_keys, gram_counts
        # key = history_key * base + word, and gram_keys is sorted, so the history keys come out sorted too.
        hist = gram_keys // base
        self.hist_keys, starts = np.unique(hist, return_index=True)
        self.hist_totals = np.add.reduceat(gram_counts, starts) if len(starts) else np.zeros(0, np.int64)
        self.hist_types = np.diff(np.append(starts, len(gram_keys)))
        self._starts = starts

    def small_types(self, value):
        """Per history (in ``hist_keys`` order): how many words were seen after it exactly ``value`` times."""
        if len(self._starts) == 0:
            return np.zeros(0, np.int64)
        return np.add.reduceat((self.gram_counts == value).astype(np.int64), self._starts)

    def history_index(self, hist_key):
        """The position of each history key in ``hist_keys``, or -1 for a history never seen."""
        if len(self.hist_keys) == 0:
            return np.full(np.shape(hist_key), -1, np.int64)
        idx = np.minimum(np.searchsorted(self.hist_keys, hist_key), len(self.hist_keys) - 1)
        return np.where(self.hist_keys[idx] == hist_key, idx, -1)

    @staticmethod
    def _find(keys, values, query):
        if len(keys) == 0:
            return np.zeros(np.shape(query), np.int64)
        idx = np.minimum(np.searchsorted(keys, query), len(keys) - 1)
        return np.where(keys[idx] == query, values[idx], 0)

    def count(self, gram_key):
        return self._find(self.gram_keys, self.gram_counts, gram_key)

    def total(self, hist_key):
        return self._find(self.hist_keys, self.hist_totals, hist_key)

    def total_and_types(self, hist_key):
        """c(h •) and T(h) for each history key (0 and 0 for a history never seen), one search for both."""
        if len(self.hist_keys) == 0:
            zeros = np.zeros(np.shape(hist_key), np.int64)
            return zeros, zeros
        idx = np.minimum(np.searchsorted(self.hist_keys, hist_key), len(self.hist_keys) - 1)
        seen = self.hist_keys[idx] == hist_key
        return np.where(seen, self.hist_totals[idx], 0), np.where(seen, self.hist_types[idx], 0)


class NgramLM:
    """An n-gram language model (order 1 to 4) with add-α, Jelinek-Mercer or Kneser-Ney smoothing.

    The formulas are in the module docstring (``help(teachkit.ngram)``).

    Parameters
    ----------
    sentences : list of list of str
        Training text, one list of tokens per sentence (a flat list of tokens is
        one sentence).  Tokens are used exactly as given (tokenize first).
    order : int, default 3
        n, from 1 (unigrams) to 4.
    smoothing : Smoothing or {"laplace", "lidstone", "interpolated", "kneser-ney"}
        A smoothing object (:class:`AddAlpha`, :class:`JelinekMercer`, :class:`KneserNey`), or its
        name with the parameter as a keyword below.
    alpha : float, optional
        Pseudo-count α > 0 for ``"lidstone"`` (``"laplace"`` is α = 1).
    lambdas : sequence of order + 1 floats, optional
        Jelinek-Mercer weights (λ0 uniform, λ1 unigram, ..., λn), each >= 0,
        summing to 1; required for ``"interpolated"``.
    discount : float, default 0.75 for ``"kneser-ney"``
        Absolute discount d, 0 < d < 1.
    min_count : int, default 1
        Training words seen fewer times become ``<UNK>``.
    pad : bool, default True
        n - 1 ``<s>`` before and one ``</s>`` after each sentence.
    unk : bool, default True
        ``True``: a word the model does not keep is scored as ``<UNK>``, one more vocabulary entry (nltk.lm).
        ``False``: V counts the training types only, and a word never seen in training is scored as itself,
        outside the vocabulary, with count 0 (the seed notebook's bigram model; with add-α a row then sums
        to more than 1 over training and unseen words together).  Needs ``min_count=1``.

    Attributes
    ----------
    vocabulary : tuple of str
        The V entries, id order (kept words in first-seen order, then
        ``<s>``, ``</s>``, ``<UNK>``).
    V : int
    n_events : int
        Number of training n-grams (predictions) counted.

    Examples
    --------
    >>> lm = NgramLM([["a", "b", "a", "b"]], order=2, smoothing="kneser-ney", discount=0.5)
    >>> round(float(lm.probs(["a"]).sum()), 12)
    1.0
    >>> lm.count("a", "b"), lm.V
    (2, 5)
    """

    def __init__(self, sentences: Sequence[Sequence[str]], order: int = 3, smoothing: str | Smoothing = "kneser-ney",
                 *, alpha: float | None = None, lambdas: Sequence[float] | None = None,
                 discount: float | None = None, min_count: int = 1, pad: bool = True, unk: bool = True,
                 _as_given: bool = False) -> None:
        # _as_given (private, for BigramLM): take the text as the seed notebook did -- <s> and </s> (and
        # <UNK> when unk=False) are ordinary tokens, and a text without a single n-gram is accepted
        # (every history is then unseen).
        order = check_positive_int(order, "order")
        if order > MAX_ORDER:
            raise ValueError(f"order must be between 1 and {MAX_ORDER}, got {order}.")
        min_count = check_positive_int(min_count, "min_count")
        if not isinstance(pad, bool):
            raise TypeError(f"pad must be True or False, got {pad!r}.")
        if not isinstance(unk, bool):
            raise TypeError(f"unk must be True or False, got {unk!r}.")
        if not unk and min_count > 1:
            raise ValueError(f"min_count={min_count} folds rare words into <UNK>, and unk=False has no <UNK>; "
                             "use unk=True or min_count=1.")
        self.order, self.min_count, self.pad, self.unk = order, min_count, pad, unk
        self._set_smoothing(smoothing, alpha, lambdas, discount)
        self._reserved = (frozenset([UNK]) if unk else frozenset()) if _as_given else _RESERVED_SET
        train = _sentences(sentences, "sentences", self._reserved)

        # Vocabulary: kept words in first-seen order, then the special symbols (once, even when the text
        # itself holds <s> or </s>, which only _as_given allows).
        raw = Counter(itertools.chain.from_iterable(train))       # insertion order = first seen
        words = [w for w, c in raw.items() if c >= min_count]
        specials = ([START] if pad and order > 1 else []) + ([END] if pad else []) + ([UNK] if unk else [])
        self.vocabulary = tuple(dict.fromkeys(words + specials))
        self.V = len(self.vocabulary)
        self._index = {w: i for i, w in enumerate(self.vocabulary)}
        # The id of a word the model does not keep: <UNK>'s, or (unk=False) one id past the vocabulary that
        # no training n-gram contains, so its counts are 0 and it is not one of the V entries.
        self._unknown_id = self._index[UNK] if unk else self.V
        # n-gram keys are numbers in base _base: every id, the unknown one included, is one digit.
        self._base = self.V if unk else self.V + 1
        if self._base ** order >= 2 ** 62:
            raise ValueError(f"V = {self.V} words at order {order} is too many n-grams to index; "
                             "raise min_count or lower the order.")
        self.n_training_tokens = sum(raw.values())
        if self.alpha is not None and not math.isfinite(self.alpha * self.V):
            # (c + alpha) / (total + alpha·V) would be x / inf = 0 for every word: no distribution at all.
            raise ValueError(f"alpha={self.alpha!r} is too large: alpha·V = {self.alpha!r}·{self.V} overflows a "
                             "float. Any alpha far above the counts already gives every word the same "
                             "probability 1/V; use a smaller alpha.")

        ids, lengths = self._flat_ids(train)
        events = self._windows(ids, lengths)
        if len(events) == 0 and not _as_given:
            raise ValueError(f"sentences give no {order}-gram to learn from: every sentence is shorter "
                             f"than {order} tokens and pad=False. Use pad=True or a lower order.")
        self.n_events = len(events)
        self._build(events)
        self._build_ends(ids, lengths)
        self.smoothing_method = self.smoothing_method.bind(self)

    # ------------------------------------------------------------ set-up
    def _set_smoothing(self, smoothing: str | Smoothing, alpha: float | None, lambdas: Sequence[float] | None,
                       discount: float | None) -> None:
        method = _as_smoothing(smoothing, self.order, alpha, lambdas, discount)
        self.smoothing_method = method
        # The string name and the three parameters stay attributes of the model, as before the smoothing objects.
        self.smoothing = method.name
        self.alpha = getattr(method, "alpha", None)
        self.lambdas = getattr(method, "lambdas", None)
        self.discount = getattr(method, "discount", None)

    def with_smoothing(self, smoothing: str | Smoothing, *, alpha: float | None = None,
                       lambdas: Sequence[float] | None = None, discount: float | None = None) -> NgramLM:
        """The same counts with another smoothing (nothing is counted again).

        ``smoothing`` is a :class:`Smoothing` object or one of the strings of the constructor.

        Examples
        --------
        >>> lm = NgramLM([["a", "b"]], order=2, smoothing="laplace")
        >>> lm.with_smoothing("lidstone", alpha=0.5).prob("b", ["a"])   # (1 + 0.5) / (1 + 0.5 * 5)
        0.42857142857142855
        """
        new = object.__new__(NgramLM)
        new.__dict__.update(self.__dict__)
        new._set_smoothing(smoothing, alpha, lambdas, discount)
        new.smoothing_method = new.smoothing_method.bind(new)
        return new

    def _ids(self, sent):
        get, unk = self._index.get, self._unknown_id
        return [get(tok, unk) for tok in sent]

    def _flat_ids(self, sentences):
        """All sentences laid end to end (padded) as one id array, and the length of each."""
        n = self.order
        get, unk = self._index.get, self._unknown_id
        before = [self._index[START]] * (n - 1) if self.pad and n > 1 else []
        after = [self._index[END]] if self.pad else []
        flat, lengths = [], []
        for sent in sentences:
            flat += before
            flat += [get(tok, unk) for tok in sent]
            flat += after
            lengths.append(len(before) + len(sent) + len(after))
        return np.asarray(flat, np.int64), np.asarray(lengths, np.int64)

    def _windows(self, ids, lengths):
        """The (M, n) windows of n ids that lie inside one sentence: n-grams never cross a boundary."""
        n = self.order
        if len(ids) < n:
            return np.zeros((0, n), np.int64)
        sentence_of = np.repeat(np.arange(len(lengths)), lengths)
        windows = np.lib.stride_tricks.sliding_window_view(ids, n)
        inside = sentence_of[: len(windows)] == sentence_of[n - 1:]
        return np.ascontiguousarray(windows[inside])

    def _events(self, sentences):
        """Histories and words as one (M, n) id array, and the number of OOV tokens."""
        ids, lengths = self._flat_ids(sentences)
        # Padding symbols are never unknown, so every unknown id in ids is a word the model does not keep.
        n_oov = int(np.count_nonzero(ids == self._unknown_id))
        return self._windows(ids, lengths), n_oov

    def _keys(self, grams):
        """Integer key of each row of ``grams`` (ids, base ``_base``); a (M, 0) array gives zeros."""
        key = np.zeros(len(grams), np.int64)
        for j in range(grams.shape[1]):
            key = key * self._base + grams[:, j]
        return key

    def _build(self, events):
        n, base = self.order, self._base
        # raw[k]: counts of the last k words of every event (k = 1..n).
        self._raw, self._cont = {}, {}
        for k in range(1, n + 1):
            keys, counts = np.unique(self._keys(events[:, n - k:]), return_counts=True)
            self._raw[k] = _Level(keys, counts.astype(np.int64), base)
        # cont[k] (k < n): N1+(• g w) = distinct (k+1)-grams whose last k words are g w.
        for k in range(1, n):
            longer = self._raw[k + 1].gram_keys
            keys, counts = np.unique(longer % base ** k, return_counts=True)
            self._cont[k] = _Level(keys, counts.astype(np.int64), base)

    def _build_ends(self, ids, lengths):
        # e(h): how many training sentences end in the history h (their last n - 1 padded ids).  An
        # occurrence of h there is followed by no word, so c(h •) misses it; c(h •) + e(h) counts every
        # occurrence of h (see occurrences and AddAlpha(denominator="occurrences")).
        width = self.order - 1
        stops = np.cumsum(lengths)[lengths >= width] if width else np.zeros(0, np.int64)
        last = np.stack([ids[stops - width + j] for j in range(width)], axis=1) if width else np.zeros((0, 0))
        keys, counts = np.unique(self._keys(last.astype(np.int64)), return_counts=True)
        self._ends = (keys, counts.astype(np.int64))

    # ------------------------------------------------------------ scoring
    def _scores(self, hist, words, cache=None):
        """P(words[i] | hist[i]) for id arrays hist (M, n-1) and words (M,), vectorized.

        ``cache`` (a dict kept by an :class:`EncodedText`) remembers each level's counts for these
        predictions, so scoring the same text again with another α, d or λ skips the look-ups.
        """
        return self.smoothing_method.scores(self._stats(hist, words, cache), self.order, self.V, len(words))

    def _stats(self, hist, words, cache=None):
        """The ``stats(k, counts)`` look-up a smoothing method scores with (see the smoothing methods)."""
        n, base = self.order, self._base

        def stats(k, counts, part="counts"):
            # (count of g w, total after g, distinct words after g) for the last k - 1 words g of each history;
            # with part="history", the position of g among the level's histories (-1: never seen), for a
            # method that keeps a table per history (see Smoothing.bind).
            if counts == "occurrences" and k != n:
                raise ValueError("occurrence counts are kept for the full history only (k = order).")
            level = self._cont[k] if counts == "continuation" else self._raw[k]
            key = (level, counts, part)
            if cache is not None and key in cache:
                return cache[key]
            hkey = self._keys(hist[:, n - k:])
            if part == "history":
                found = level.history_index(hkey)
                if cache is not None:
                    cache[key] = found
                return found
            total, types = level.total_and_types(hkey)
            if counts == "occurrences":
                total = total + _Level._find(*self._ends, hkey)
            found = (level.count(hkey * base + words), total, types)
            if cache is not None:
                cache[key] = found
            return found

        return stats

    def _add_alpha_terms(self, hist, words):
        """c(h w), d(h), numerator, denominator and P(w | h) of an add-α model (see :meth:`AddAlpha.terms`)."""
        return self.smoothing_method.terms(self._stats(hist, words), self.order, self.V)

    def _history_ids(self, context):
        context = as_list(context, refuse=(str,),
                          refused="context must be a list of the previous words, e.g. [{value!r}], not a string.",
                          not_iterable="context must be a list of the previous words, got {type}.")
        need = self.order - 1
        if len(context) < need:
            pad_hint = f" (use {START!r} for the start of a sentence)" if self.pad else ""
            raise ValueError(f"context must hold the {need} previous word(s) for an order-{self.order} model, "
                             f"got {len(context)}: {context!r}{pad_hint}.")
        context = context[len(context) - need:] if need else []
        for tok in context:
            if not isinstance(tok, str):
                raise TypeError(f"context words must be strings, got {type(tok).__name__} {tok!r}.")
        return np.asarray([self._ids(context)], np.int64).reshape(1, need)

    def _word_id(self, word):
        if not isinstance(word, str):
            raise TypeError(f"word must be a string token, got {type(word).__name__} {word!r}.")
        return self._index.get(word, self._unknown_id)

    def prob(self, word: str, context: Sequence[str] = ()) -> float:
        """P(word | context), using the last n - 1 words of ``context`` (unknown words count as ``<UNK>``).

        Examples
        --------
        >>> lm = NgramLM([["a", "b"]], order=2, smoothing="laplace")     # V = 5: a b <s> </s> <UNK>
        >>> lm.prob("b", ["a"]), lm.prob("zebra", ["a"])                   # 2/6, 1/6
        (0.3333333333333333, 0.16666666666666666)
        """
        return float(self._scores(self._history_ids(context), np.asarray([self._word_id(word)]))[0])

    def logprob(self, word: str, context: Sequence[str] = ()) -> float:
        """log2 P(word | context) in bits (``-inf`` for probability 0)."""
        p = self.prob(word, context)
        return math.log2(p) if p > 0 else -math.inf

    def probs(self, context: Sequence[str] = ()) -> np.ndarray:
        """P(w | context) for every vocabulary entry w, in the order of :attr:`vocabulary` (sums to 1)."""
        hist = np.repeat(self._history_ids(context), self.V, axis=0)
        return self._scores(hist, np.arange(self.V, dtype=np.int64))

    def count(self, *words: str) -> int:
        """c(words): how many training events end in this k-gram (k <= order), after ``<UNK>`` mapping."""
        k = len(words)
        if not 1 <= k <= self.order:
            raise ValueError(f"count takes 1 to {self.order} words, got {k}.")
        ids = np.asarray([[self._word_id(w) for w in words]], np.int64)
        return int(self._raw[k].count(self._keys(ids))[0])

    def context_count(self, context: Sequence[str] = ()) -> int:
        """c(h •): how many training events have the history ``h`` (the last n - 1 words of ``context``).

        The denominator of the add-α estimate.  For a bigram model, ``context_count([w])`` is the number of
        bigrams that start with ``w``.

        Examples
        --------
        >>> lm = NgramLM([["a", "b", "a"]], order=2, smoothing="laplace")
        >>> lm.context_count(["a"]), lm.count("a", "b"), lm.count("a", "</s>")
        (2, 1, 1)
        """
        hist = self._history_ids(context)
        return int(self._raw[self.order].total(self._keys(hist))[0])

    def occurrences(self, context: Sequence[str] = ()) -> int:
        """d(h) = c(h •) + e(h): how often the history ``h`` occurs in the (padded) training text.

        Besides the c(h •) times a word follows h, this counts the e(h) times h ends a sentence.  It is
        the denominator of ``AddAlpha(denominator="occurrences")``; for a bigram model,
        ``occurrences([w])`` is c(w), how often w occurs.  Needs order >= 2.

        Examples
        --------
        >>> lm = NgramLM([["a", "b", "a"]], order=2, smoothing="laplace", pad=False)
        >>> lm.context_count(["a"]), lm.occurrences(["a"])       # the second a ends the sentence
        (1, 2)
        """
        if self.order < 2:
            raise ValueError("an order-1 model has no history to count; occurrences needs order >= 2.")
        hkey = self._keys(self._history_ids(context))
        return int(self._raw[self.order].total(hkey)[0] + _Level._find(*self._ends, hkey)[0])

    def count_of_counts(self, k: int | None = None, counts: str = "raw", up_to: int = 4) -> np.ndarray:
        """n_r for r = 1..``up_to``: how many distinct k-grams were counted exactly r times.

        The frequencies of frequencies that Good-Turing and modified Kneser-Ney estimate their discounts
        from.  ``counts="raw"`` counts c(g w); ``"continuation"`` counts N1+(• g w), the counts Kneser-Ney
        uses below the model's order (k < order).

        Examples
        --------
        >>> lm = NgramLM([["a", "b", "a", "b"]], order=2, smoothing="laplace")
        >>> lm.count_of_counts(2).tolist()     # <s> a, b a, b </s> once; a b twice
        [3, 1, 0, 0]
        """
        k = self.order if k is None else check_positive_int(k, "k")
        if k > self.order:
            raise ValueError(f"k must be between 1 and the order {self.order}, got {k}.")
        check_choice(counts, "counts", ("raw", "continuation"))
        if counts == "continuation" and k == self.order:
            raise ValueError(f"continuation counts exist below the order only (k < {self.order}), got k = {k}.")
        up_to = check_positive_int(up_to, "up_to")
        level = self._cont[k] if counts == "continuation" else self._raw[k]
        return np.bincount(level.gram_counts, minlength=up_to + 1)[1:up_to + 1].astype(np.int64)

    def unseen_mass(self, context: Sequence[str] = ()) -> float:
        """The probability the model gives, after ``context``, to words never seen there in training.

        For add-α this is ``α·(V - T(h)) / (c(h •) + α·V)``; it is what smoothing takes from the
        n-grams that were seen.

        Examples
        --------
        >>> lm = NgramLM([["a", "b"]], order=2, smoothing="laplace")
        >>> lm.unseen_mass(["a"])          # 4 unseen words of 5, each 1/6
        0.6666666666666666
        """
        hist = self._history_ids(context)
        level = self._raw[self.order]
        hkey = self._keys(hist)[0]
        words = np.arange(self.V, dtype=np.int64)
        seen = level.count(hkey * self._base + words) > 0
        # What probs(context) gives, scored directly: the context was checked once above.
        p = self._scores(np.repeat(hist, self.V, axis=0), words)
        return float(p[~seen].sum())

    def predictions(self, sentences: Sequence[Sequence[str]] | EncodedText) -> dict[str, np.ndarray]:
        """Per prediction of a test text: its probability, its training count and what unseen words got.

        Parameters
        ----------
        sentences : list of list of str, or EncodedText

        Returns
        -------
        dict of numpy arrays, one entry per prediction (in text order)
            ``"probability"``: P(w_i | h_i);
            ``"count"``: c(h_i w_i), 0 when this n-gram never occurred in training;
            ``"context_total"``: c(h_i •);
            ``"unseen_mass"``: the probability the model spreads, after h_i, over the words never seen
            after h_i in training (what :meth:`unseen_mass` gives for that history).

        Examples
        --------
        >>> lm = NgramLM([["a", "b"]], order=2, smoothing="laplace")
        >>> table = lm.predictions([["a", "c"]])       # <s> a, a <UNK>, <UNK> </s>
        >>> table["count"].tolist(), table["unseen_mass"].round(4).tolist()
        ([1, 0, 0], [0.6667, 0.6667, 1.0])
        """
        text = self.encode(sentences)
        n, V = self.order, self._base       # V: the key base here (V, or V + 1 with unk=False)
        hist, words = text.events[:, :-1], text.events[:, -1]
        level = self._raw[n]
        hkey = self._keys(hist)
        # Unseen mass = 1 - the mass on the words seen after h; those are the n-gram keys in [h*V, h*V + V).
        unique_h, first, inverse = np.unique(hkey, return_index=True, return_inverse=True)
        lo = np.searchsorted(level.gram_keys, unique_h * V)
        hi = np.searchsorted(level.gram_keys, unique_h * V + V)
        sizes = hi - lo
        owner = np.repeat(np.arange(len(unique_h)), sizes)
        offsets = np.arange(sizes.sum()) - np.repeat(np.cumsum(sizes) - sizes, sizes)
        seen_words = level.gram_keys[lo[owner] + offsets] % V
        seen_p = self._scores(hist[first][owner], seen_words)
        seen_mass = np.bincount(owner, weights=seen_p, minlength=len(unique_h))
        return {
            "probability": self._scores(hist, words),
            "count": level.count(hkey * V + words),
            "context_total": level.total(hkey),
            "unseen_mass": np.clip(1.0 - seen_mass, 0.0, 1.0)[inverse.ravel()],
        }

    def lookup(self, word: str) -> str:
        """The vocabulary entry ``word`` is scored as (itself, or ``<UNK>``; itself when unk=False)."""
        i = self._word_id(word)
        return self.vocabulary[i] if i < self.V else word

    # ------------------------------------------------------------ evaluation
    def encode(self, sentences: Sequence[Sequence[str]] | EncodedText) -> EncodedText:
        """A test text turned into this model's n-gram ids, once, to score it many times.

        :meth:`evaluate` accepts the result in place of the sentences; so does every model made from
        this one by :meth:`with_smoothing` (same counts, same vocabulary).  An explorer that re-scores
        held-out text on every slider move uses this.

        Examples
        --------
        >>> lm = NgramLM([["a", "b"]], order=2, smoothing="laplace")
        >>> text = lm.encode([["a", "b", "c"]])
        >>> text.n_predictions, text.n_tokens, text.n_oov
        (4, 3, 1)
        >>> lm.perplexity(text) == lm.perplexity([["a", "b", "c"]])
        True
        """
        if isinstance(sentences, EncodedText):
            if sentences.order != self.order or sentences.pad != self.pad or sentences.vocabulary != self.vocabulary:
                raise ValueError("this encoded text was made by a model with other counts (another vocabulary, "
                                 "order or padding); encode the sentences again with this model.")
            return sentences
        test = _sentences(sentences, "sentences", self._reserved)
        events, n_oov = self._events(test)
        if len(events) == 0:
            raise ValueError(f"sentences give no {self.order}-gram to score (all shorter than {self.order} "
                             "tokens and pad=False); use longer sentences, pad=True or a lower order.")
        return EncodedText(events, n_oov, sum(len(s) for s in test), len(test), self.vocabulary, self.order,
                           self.pad)

    def evaluate(self, sentences: Sequence[Sequence[str]] | EncodedText, per: str = "prediction") -> Evaluation:
        """Cross-entropy, perplexity and the counts behind them on a test text.

        Parameters
        ----------
        sentences : list of list of str, or EncodedText
            Test text, one token list per sentence, padded like the training text
            (or the result of :meth:`encode`).
        per : {"prediction", "token"}
            Average the bits over the M predictions (standard) or the N words.

        Returns
        -------
        Evaluation
            ``perplexity`` is ``inf`` (with a :class:`ZeroProbabilityWarning`)
            if a prediction has probability 0 (possible only with
            ``"interpolated"`` and λ0 = 0).
        """
        check_choice(per, "per", PER)
        text = self.encode(sentences)
        p = self._scores(text.events[:, :-1], text.events[:, -1], text._cache)
        if np.any(p <= 0):
            warnings.warn(f"{int(np.sum(p <= 0))} prediction(s) have probability 0, so the perplexity is "
                          "infinite; give the uniform distribution a weight (lambdas[0] > 0).",
                          ZeroProbabilityWarning, stacklevel=2)
            log2_sum = -math.inf
        else:
            log2_sum = float(np.sum(np.log2(p)))
        k = len(p) if per == "prediction" else text.n_tokens
        h = -log2_sum / k
        return Evaluation(h, 2.0 ** h if math.isfinite(h) else math.inf, per, log2_sum,
                          len(p), text.n_tokens, text.n_oov, text.n_sentences)

    def cross_entropy(self, sentences: Sequence[Sequence[str]] | EncodedText, per: str = "prediction") -> float:
        """H = -(1/K) Σ log2 P(w_i | h_i) in bits (K = predictions or words, see :meth:`evaluate`)."""
        return self.evaluate(sentences, per).cross_entropy

    def perplexity(self, sentences: Sequence[Sequence[str]] | EncodedText, per: str = "prediction") -> float:
        """2 ** cross_entropy: the number of equally likely words the model hesitates between."""
        return self.evaluate(sentences, per).perplexity

    def __repr__(self) -> str:
        extra = self.smoothing_method._parameter_repr()
        return (f"NgramLM(order={self.order}, smoothing={self.smoothing!r}{extra}, V={self.V}, "
                f"min_count={self.min_count}, pad={self.pad}{'' if self.unk else ', unk=False'})")


# ---------------------------------------------------------------- the bigram model of notebook 04
def _token_sentences(tokens: object, name: str) -> list[tuple[str, ...]]:
    """Return ``tokens`` as a list of sentences (tuples of str).

    A flat sequence of strings is one sentence; a sequence of sequences of
    strings is several.  Bigrams are never formed across sentences.
    """
    if isinstance(tokens, str):
        raise TypeError(
            f"{name} must be a list of tokens such as {tokens.split()[:3]!r}, not one string. "
            "Split it first, e.g. text.split() or teachkit.tokenize(text)."
        )
    try:
        items = list(tokens)
    except TypeError:
        raise TypeError(f"{name} must be a list of string tokens, got {type(tokens).__name__}.") from None
    if not any(isinstance(t, (list, tuple)) for t in items):
        sentences = [items]          # one sentence; its tokens are checked below
    else:
        sentences = []
        for i, sent in enumerate(items):
            if not isinstance(sent, (list, tuple)):
                raise TypeError(
                    f"{name} must hold only strings (one sentence) or only lists of strings "
                    f"(several sentences); item {i} is {type(sent).__name__} {sent!r}."
                )
            sentences.append(list(sent))
    for s, sent in enumerate(sentences):
        for i, tok in enumerate(sent):
            if not isinstance(tok, str):
                where = f"token {i}" if len(sentences) == 1 else f"token {i} of sentence {s}"
                raise TypeError(f"{name}: {where} is {type(tok).__name__} {tok!r}; every token must be a string.")
    if not any(sentences):
        raise ValueError(f"{name} is empty: give at least one token.")
    return [tuple(sent) for sent in sentences]


class Vocabulary:
    """The words a :class:`BigramLM` knows, and how it looks test words up.

    Parameters
    ----------
    words : iterable of str
        Training types (duplicates are ignored; first-seen order is kept).
    unk_label : str or None
        ``None``: unseen words stay themselves and V = number of types.
        ``"<UNK>"``: unseen words become ``"<UNK>"``, which is counted in V.
    """

    def __init__(self, words: Iterable[str], unk_label: str | None = None) -> None:
        self.unk_label = unk_label
        types = list(dict.fromkeys(words))
        self.words = tuple(types + ([unk_label] if unk_label is not None else []))
        self._known = frozenset(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self._known

    def lookup(self, word: str) -> str:
        """``word`` itself if known (or if there is no unknown label), else the unknown label."""
        return word if self.unk_label is None or word in self._known else self.unk_label

    def __repr__(self) -> str:
        return f"Vocabulary(V={len(self)}, unk_label={self.unk_label!r})"


@dataclass(frozen=True)
class BigramRow:
    """One line of the hand calculation: ``P(word | prev) = numerator / denominator``.

    ``prev`` and ``word`` are the tokens as in the (padded) test text;
    ``scored_as`` is the bigram the model looked up (unseen words as ``<UNK>``
    with ``vocabulary="with-unk"``).  ``numerator = count + α`` and
    ``denominator = context_count + α·V``.
    """

    prev: str
    word: str
    scored_as: tuple[str, str]
    count: int
    context_count: int
    numerator: float
    denominator: float
    probability: float
    log2_probability: float


def _log2_fraction(numerator: float, denominator: float, p: float) -> float:
    """log2 of ``p = numerator / denominator``; -inf for 0.

    A tiny α (say 1e-320) with d(prev) > 0 gives a probability below the smallest float; its logarithm is
    still finite, so it is taken as the difference of the two logarithms.
    """
    if p > 0:
        return math.log2(p)
    if numerator > 0:
        return math.log2(numerator) - math.log2(denominator)
    return -math.inf


class BigramLM:
    """A bigram language model with add-α (Laplace / Lidstone) smoothing: :class:`NgramLM` at order 2.

    ``P(word | prev) = (c(prev, word) + α) / (d(prev) + α·V)``; see the module docstring for the meaning
    of each choice and the nltk.lm correspondence.  The counts and the formula are those of the model's
    :attr:`ngram`, an order-2 :class:`NgramLM` with :class:`AddAlpha` smoothing; BigramLM keeps the seed
    notebook's names, argument order and defaults, and shows every prediction's fraction::

        BigramLM option           the NgramLM it holds
        vocabulary="training"     unk=False  (V = training types; an unseen word stays itself)
        vocabulary="with-unk"     unk=True   (unseen words are <UNK>, counted in V)
        denominator="unigram"     AddAlpha(alpha, denominator="occurrences")   d(prev) = c(prev)
        denominator="context"     AddAlpha(alpha, denominator="context")       d(prev) = c(prev •)
        pad                       pad

    ``lm.prob(prev, word)`` is ``lm.ngram.prob(word, [prev])``.  Unlike a plain NgramLM, α = 0 is allowed
    (to show what smoothing is for), and ``<s>``, ``</s>`` (and ``<UNK>`` with ``"training"``) are
    ordinary tokens, as in the seed notebook.

    Parameters
    ----------
    tokens : list of str, or list of list of str
        Training text: one sentence, or several (bigrams stay inside a sentence).
        Case-sensitive; nothing is lowercased.
    alpha : float, default 1.0
        Pseudo-count α >= 0 added to every bigram count (1 = Laplace).
    vocabulary : {"training", "with-unk"}
        ``"training"``: V = training types, unseen words stay themselves (seed
        notebook).  ``"with-unk"``: unseen words map to ``<UNK>``, counted in V
        (nltk.lm).
    denominator : {"unigram", "context"}
        ``"unigram"``: d(prev) = c(prev), the seed's choice; the probabilities
        after a sentence-final training word then sum to less than 1.
        ``"context"``: d(prev) = number of training bigrams starting with prev
        (nltk.lm); every row sums to 1.
    pad : bool
        Add ``<s>`` / ``</s>`` around each sentence (training and test), as
        ``nltk.lm.preprocessing.pad_both_ends(sent, n=2)``; both count in V.

    Attributes
    ----------
    ngram : NgramLM
        The order-2 model that counts and scores.
    vocabulary : Vocabulary
        The V entries in first-seen order of the (padded) training text.
    V : int
        Vocabulary size used in the denominator.
    unigram_counts, bigram_counts, context_counts : collections.Counter
        c(w), c(prev, word) and the number of bigrams starting with prev, read from :attr:`ngram`.
    sentences : list of tuple
        The (padded) training sentences the counts come from.

    Examples
    --------
    >>> lm = BigramLM(["the", "cat", "sat", "on", "the", "mat"])
    >>> lm.V, lm.count("the"), lm.count("the", "cat")
    (5, 2, 1)
    >>> lm.prob("the", "cat")                     # (1 + 1) / (2 + 5) = 2/7
    0.2857142857142857
    >>> lm.prob("the", "cat") == lm.ngram.prob("cat", ["the"])
    True
    """

    def __init__(self, tokens: Sequence[str] | Sequence[Sequence[str]], alpha: float = 1.0,
                 vocabulary: str = "training", denominator: str = "unigram", pad: bool = False) -> None:
        check_choice(vocabulary, "vocabulary", VOCABULARIES)
        check_choice(denominator, "denominator", DENOMINATORS)
        if not isinstance(pad, bool):
            raise TypeError(f"pad must be True or False, got {pad!r}.")
        if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real):
            raise TypeError(f"alpha must be a number (the pseudo-count added to every bigram), got {alpha!r}.")
        # float(10**400) would raise OverflowError; only a Python int can be that large
        # (and comparing a numpy float with 2**1024 would itself overflow).
        too_large = isinstance(alpha, numbers.Integral) and abs(int(alpha)) >= 2**1024
        alpha = math.inf if too_large else float(alpha)
        if not math.isfinite(alpha) or alpha < 0:
            raise ValueError(
                f"alpha must be a finite number >= 0, got {alpha!r}. It is a pseudo-count added to every "
                "bigram count: 1 for Laplace, between 0 and 1 for Lidstone, 0 for no smoothing."
            )
        sentences = _token_sentences(tokens, "tokens")
        if vocabulary == "with-unk" and any(UNK in sent for sent in sentences):
            raise ValueError(
                f"tokens contain {UNK!r}, the label vocabulary='with-unk' reserves for unseen words; "
                "rename that token."
            )
        self.alpha, self.vocabulary_kind, self.denominator, self.pad = alpha, vocabulary, denominator, pad
        self.sentences = [self._pad(sent) for sent in sentences]
        smoothing = AddAlpha(alpha, denominator="occurrences" if denominator == "unigram" else "context",
                             allow_zero=True)
        # NgramLM refuses an alpha whose alpha·V overflows, with the message BigramLM always gave.
        self.ngram = NgramLM(sentences, order=2, smoothing=smoothing, pad=pad, unk=vocabulary == "with-unk",
                             _as_given=True)
        self.vocabulary = Vocabulary(
            (tok for sent in self.sentences for tok in sent),
            unk_label=UNK if vocabulary == "with-unk" else None,
        )
        self.V = self.ngram.V

    def __repr__(self) -> str:
        return (
            f"BigramLM(V={self.V}, alpha={self.alpha}, vocabulary={self.vocabulary_kind!r}, "
            f"denominator={self.denominator!r}, pad={self.pad})"
        )

    def _pad(self, sent: Sequence[str]) -> tuple[str, ...]:
        return (START, *sent, END) if self.pad else tuple(sent)

    @staticmethod
    def _check_word(word: object, name: str) -> None:
        if not isinstance(word, str):
            raise TypeError(f"{name} must be a string token, got {type(word).__name__} {word!r}.")

    # The three tables of counts, read from the model's counts (nothing is counted here).
    @property
    def unigram_counts(self) -> Counter:
        """c(w): how often each word occurs in the (padded) training text."""
        return Counter({w: c for w in self.vocabulary if (c := self.ngram.occurrences([w]))})

    @property
    def bigram_counts(self) -> Counter:
        """c(prev, word) for every training bigram, in first-seen order."""
        return Counter({bg: self.ngram.count(*bg) for sent in self.sentences for bg in zip(sent, sent[1:])})

    @property
    def context_counts(self) -> Counter:
        """c(prev •): how many training bigrams start with each word."""
        return Counter({w: c for w in self.vocabulary if (c := self.ngram.context_count([w]))})

    def lookup(self, word: str) -> str:
        """The token the model uses for ``word`` (``<UNK>`` if unseen and vocabulary="with-unk")."""
        self._check_word(word, "word")
        return self.ngram.lookup(word)

    def count(self, word: str, next_word: str | None = None) -> int:
        """``count(w)`` = c(w) in training; ``count(prev, word)`` = c(prev, word). Words are looked up first."""
        self._check_word(word, "word")
        if next_word is None:
            return self.ngram.occurrences([word])
        self._check_word(next_word, "word")
        return self.ngram.count(word, next_word)

    def context_count(self, prev: str) -> int:
        """d(prev): c(prev) for denominator="unigram", bigrams starting with prev for "context"."""
        self._check_word(prev, "word")
        if self.denominator == "unigram":
            return self.ngram.occurrences([prev])
        return self.ngram.context_count([prev])

    def _rows(self, pairs: Sequence[tuple[str, str]]) -> list[BigramRow]:
        """One :class:`BigramRow` per (prev, word) pair (strings, checked by the callers), scored by the model."""
        model = self.ngram
        hist = np.asarray(model._ids([prev for prev, _ in pairs]), np.int64).reshape(len(pairs), 1)
        words = np.asarray(model._ids([word for _, word in pairs]), np.int64)
        terms = zip(pairs, *(part.tolist() for part in model._add_alpha_terms(hist, words)))
        rows = []
        for (prev, word), count, context_count, numerator, denominator, p in terms:
            if denominator == 0:
                raise ValueError(
                    f"P({word!r} | {prev!r}) is 0/0: {model.lookup(prev)!r} has d(prev) = 0 in training "
                    f"(denominator={self.denominator!r}) and alpha = 0 adds nothing. "
                    "Use alpha > 0 (smoothing) to give unseen contexts a probability."
                )
            rows.append(BigramRow(prev, word, (model.lookup(prev), model.lookup(word)), count, context_count,
                                  numerator, denominator, p, _log2_fraction(numerator, denominator, p)))
        return rows

    def prob(self, prev: str, word: str) -> float:
        """P(word | prev) = (c(prev, word) + α) / (d(prev) + α·V), that is ``ngram.prob(word, [prev])``.

        Raises ``ValueError`` when both d(prev) and α are 0 (0/0).
        """
        self._check_word(prev, "prev")
        self._check_word(word, "word")
        return self._rows([(prev, word)])[0].probability

    def logprob2(self, prev: str, word: str) -> float:
        """log2 P(word | prev); ``-math.inf`` when the probability is 0 (α = 0, unseen bigram)."""
        self._check_word(prev, "prev")
        self._check_word(word, "word")
        return self._rows([(prev, word)])[0].log2_probability

    def test_sentences(self, tokens: Sequence[str] | Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
        """The (padded) sentences of a test text, validated."""
        return [self._pad(sent) for sent in _token_sentences(tokens, "tokens")]

    def table(self, tokens: Sequence[str] | Sequence[Sequence[str]]) -> list[BigramRow]:
        """Every bigram of a test text with its counts, probability and log2 probability.

        Returns a list of :class:`BigramRow`, in text order, one per predicted
        word (``dataclasses.asdict(row)`` gives a dict).

        Examples
        --------
        >>> lm = BigramLM("Alice wonders what is happening in Wonderland".split())
        >>> row = lm.table("Alice dreams about Wonderland".split())[1]
        >>> row.prev, row.word, row.count, row.context_count, row.denominator, row.probability
        ('dreams', 'about', 0, 0, 7.0, 0.14285714285714285)
        """
        return self._rows([(p, w) for sent in self.test_sentences(tokens) for p, w in zip(sent, sent[1:])])
