"""Notebook 04's bigram model: :class:`BigramLM`, an order-2 :class:`~teachkit.lm.ngram.NgramLM` under the seed's names.

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
Perplexity, and the seed's normalisation
----------------------------------------
``teachkit.perplexity(lm, tokens, per=...)`` (:func:`teachkit.lm.evaluation.perplexity`, the one function
for every model) reads :meth:`BigramLM.log_loss`: the rows of :meth:`BigramLM.table` summed left to right,
as the seed notebook sums them.  Over the M bigrams ``(w_{i-1}, w_i)`` of a test text::

    H  = -(1/K) · Σ log2 P(w_i | w_{i-1})        (cross-entropy, bits)
    PP = 2^H

``per="prediction"`` (the default) divides by K = M, the number of probabilities actually multiplied: the
standard definition and nltk.lm's.  ``per="token"`` divides by K = N, the number of tokens of the text (the
words the test text has; ``<s>`` and ``</s>`` are never counted, as in :class:`~teachkit.lm.NgramLM` and
SRILM's ``ppl1``), as the seed notebook does.  Without padding a sentence of N tokens has only N - 1 bigrams:
its first word is never predicted.  Dividing N - 1 log-probabilities by N is like scoring the first word with
probability 1, so the result is too low; with ``pad=True`` there are N + 1 predictions (every word and
``</s>``) for N tokens, so per token is higher than per prediction::

    log2 PP_token = (N - 1)/N · log2 PP_prediction      (one sentence, not padded)
    log2 PP_token = (N + 1)/N · log2 PP_prediction      (one sentence, padded)

For the seed (α = 1, V = 7, test words case-sensitive):

* training text itself, 6 bigrams each (1 + 1)/(1 + 7) = 1/4:
  per token 2^(12/7) = 3.2813414240305514 (the printed value);
  per prediction 2^(12/6) = 4.0.
* "Alice dreams about Wonderland": P = 1/8, 1/7, 1/7, product 1/392:
  per token 392^(1/4) = 4.449605586254059 (printed);
  per prediction 392^(1/3) = 7.318611420045942.

With the nltk.lm configuration (``"with-unk"``, ``"context"``, V = 8) the same texts give 9/2 = 4.5 (every
P = 2/9) and 576^(1/3) ≈ 8.3203 (P = 1/9, 1/8, 1/8: "dreams" and "about" are both ``<UNK>``); padded as well
(V = 10) they give 11/2 = 5.5 and 33275^(1/5) ≈ 8.0246 (P = 2/11, 1/11, 1/10, 1/10, 2/11), per prediction.
Computed in floating point these come out within an ulp or two (4.500000000000001, 5.499999999999998).

Zero probabilities
------------------
With α = 0 an unseen bigram gets probability 0 and the perplexity is infinite: :meth:`BigramLM.log_loss`
(so ``perplexity`` and ``cross_entropy``) then gives ``math.inf`` and emits a
:class:`~teachkit.lm.evaluation.ZeroProbabilityWarning` naming the bigram (this is the lesson: smoothing
exists so this cannot happen).  With α = 0 and d(prev) = 0 the probability is 0/0, undefined:
:meth:`BigramLM.prob` raises ``ValueError``.  Nothing here ever returns NaN.

Examples
--------
>>> from teachkit import perplexity
>>> training = "Alice wonders what is happening in Wonderland".split()
>>> lm = BigramLM(training)
>>> perplexity(lm, training)
4.0
>>> perplexity(lm, training, per="token")     # 2 ** (12 / 7), what the source notebook printed
3.2813414240305514
>>> perplexity(lm, "Alice dreams about Wonderland".split())   # (8 * 7 * 7) ** (1/3)
7.318611420045942
"""

from __future__ import annotations

import math
import numbers
import warnings
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .._checks import as_list, check_choice, check_flag
from .evaluation import PER, LogLoss, ZeroProbabilityWarning, perplexity
from .ngram import NgramLM
from .smoothing import AddAlpha
from .vocabulary import END, START, UNK, Vocabulary

__all__ = ["BigramLM", "BigramRow", "VOCABULARIES", "DENOMINATORS"]

VOCABULARIES = ("training", "with-unk")
DENOMINATORS = ("unigram", "context")


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
    items = as_list(tokens, refuse=(), refused="",
                    not_iterable=f"{name} must be a list of string tokens, got {{type}}.")
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
        pad = check_flag(pad, "pad")
        # float too: typeshed's float is no numbers.Real, so numbers.Real alone would narrow a float to nothing and
        # the type checker would skip the rest of this function; float changes nothing at run time
        if isinstance(alpha, bool) or not isinstance(alpha, (float, numbers.Real)):
            raise TypeError(f"alpha must be a number (the pseudo-count added to every bigram), got {alpha!r}.")
        # float(10**400) would raise OverflowError; only a Python int can be that large
        # (and comparing a numpy float with 2**1024 would itself overflow).
        too_large = isinstance(alpha, (int, numbers.Integral)) and abs(int(alpha)) >= 2**1024
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
    def unigram_counts(self) -> Counter[str]:
        """c(w): how often each word occurs in the (padded) training text."""
        return Counter({w: c for w in self.vocabulary if (c := self.ngram.occurrences([w]))})

    @property
    def bigram_counts(self) -> Counter[tuple[str, str]]:
        """c(prev, word) for every training bigram, in first-seen order."""
        return Counter({bg: self.ngram.count(*bg) for sent in self.sentences for bg in zip(sent, sent[1:])})

    @property
    def context_counts(self) -> Counter[str]:
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

    def log_loss(self, tokens: Sequence[str] | Sequence[Sequence[str]], per: str = "prediction") -> LogLoss:
        """The cross-entropy in bits of a test text, and what it is averaged over (see the module docstring).

        ``per="prediction"``: K = the bigrams scored; ``per="token"``: K = the text's tokens (never ``<s>`` or
        ``</s>``), as the seed notebook divides.  ``inf`` with a
        :class:`~teachkit.lm.evaluation.ZeroProbabilityWarning` when a bigram has probability 0.
        :func:`teachkit.perplexity` reads it.
        """
        check_choice(per, "per", PER)
        rows = self.table(tokens)
        if not rows:
            raise ValueError(
                "tokens must have at least two tokens in some sentence: a bigram model scores pairs "
                "(previous word, word), and this text has none. Use a longer text or pad=True."
            )
        # per token: the words of the text as given, not the padding (padding is not text anyone wrote)
        k = len(rows) if per == "prediction" else sum(map(len, _token_sentences(tokens, "tokens")))
        zeros = [r for r in rows if r.log2_probability == -math.inf]
        if zeros:
            warnings.warn(
                f"P({zeros[0].word!r} | {zeros[0].prev!r}) = 0 (an unseen bigram with alpha = 0), "
                f"so the perplexity is infinite ({len(zeros)} zero-probability bigram(s)). Use alpha > 0.",
                ZeroProbabilityWarning, stacklevel=4,
            )
        # Plain left-to-right sum of log2 P, then 2 ** (-sum / K), as the seed notebook computes it; the
        # printed values come out bit for bit this way.  (The algebraically equal product form (Π P) ** (-1/K)
        # does not: it gives 4.4496055862540596 for the unseen text, one ulp off the printed value.)
        return LogLoss.of((r.log2_probability for r in rows), k, "bits")

    def perplexity(self, tokens: Sequence[str] | Sequence[Sequence[str]], per: str = "prediction") -> float:
        """``teachkit.perplexity(self, tokens, per=per)``."""
        return perplexity(self, tokens, per=per)
