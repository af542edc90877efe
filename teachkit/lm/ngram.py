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

Smoothing
---------
How the counts become ``P(w | h)`` is the job of a smoothing method from
:mod:`teachkit.lm.smoothing` (add-α, Jelinek-Mercer, Kneser-Ney), whose docstring
gives the formulas.  The vocabulary and its symbols are :mod:`teachkit.lm.vocabulary`'s,
and the score of a test text is an :class:`~teachkit.lm.evaluation.NgramEvaluation`.

The bigram model of notebook 04
-------------------------------
:class:`teachkit.BigramLM` (module :mod:`teachkit.lm.bigram`) is this model at order 2 under the seed
notebook's names and defaults: it holds an order-2 NgramLM and counts and scores nothing itself.

NgramEvaluation
---------------
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
import warnings
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from .._checks import as_list, check_choice, check_corpus, check_flag, check_positive_int
from .evaluation import PER, LogLoss, NgramEvaluation, ZeroProbabilityWarning, cross_entropy, perplexity
from .smoothing import _STATS, AddAlpha, Smoothing, as_smoothing
from .vocabulary import END, START, UNK

__all__ = ["NgramLM", "EncodedText", "MAX_ORDER"]

MAX_ORDER = 4
_RESERVED = (START, END, UNK)
_RESERVED_SET = frozenset(_RESERVED)


# ---------------------------------------------------------------- input checks
def _sentences(sentences: object, name: str, reserved: frozenset[str] = _RESERVED_SET) -> list[tuple[str, ...]]:
    """``sentences`` as a list of lists of str, or a clear error.

    ``reserved``: the symbols a sentence may not contain (an empty set takes every token as given).
    """
    items = list(check_corpus(sentences, name, "a list of sentences, each a list of string tokens"))
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


@dataclass(frozen=True, eq=False)
class EncodedText:
    """A test text as one model's n-gram ids (what :meth:`NgramLM.encode` returns)."""

    events: np.ndarray
    n_oov: int
    n_tokens: int
    n_sentences: int
    vocabulary: tuple[str, ...]
    order: int
    pad: bool
    # counts looked up for these predictions, per level of counts (see NgramLM._scores)
    _cache: dict[Any, Any] = field(default_factory=dict, repr=False)

    @property
    def n_predictions(self) -> int:
        """M, the number of n-grams to score."""
        return len(self.events)


class _Level:
    """Counts for one history length: sorted n-gram keys, their counts, and per history the total and types."""

    def __init__(self, gram_keys: np.ndarray, gram_counts: np.ndarray, base: int) -> None:
        self.gram_keys, self.gram_counts = gram_keys, gram_counts
        # key = history_key * base + word, and gram_keys is sorted, so the history keys come out sorted too.
        hist = gram_keys // base
        self.hist_keys, starts = np.unique(hist, return_index=True)
        self.hist_totals = np.add.reduceat(gram_counts, starts) if len(starts) else np.zeros(0, np.int64)
        self.hist_types = np.diff(np.append(starts, len(gram_keys)))
        self._starts = starts

    def small_types(self, value: int) -> np.ndarray:
        """Per history (in ``hist_keys`` order): how many words were seen after it exactly ``value`` times."""
        if len(self._starts) == 0:
            return np.zeros(0, np.int64)
        return np.add.reduceat((self.gram_counts == value).astype(np.int64), self._starts)

    def history_index(self, hist_key: np.ndarray) -> np.ndarray:
        """The position of each history key in ``hist_keys``, or -1 for a history never seen."""
        if len(self.hist_keys) == 0:
            return np.full(np.shape(hist_key), -1, np.int64)
        idx = np.minimum(np.searchsorted(self.hist_keys, hist_key), len(self.hist_keys) - 1)
        return np.where(self.hist_keys[idx] == hist_key, idx, -1)

    @staticmethod
    def _find(keys: np.ndarray, values: np.ndarray, query: np.ndarray) -> np.ndarray:
        if len(keys) == 0:
            return np.zeros(np.shape(query), np.int64)
        idx = np.minimum(np.searchsorted(keys, query), len(keys) - 1)
        return np.where(keys[idx] == query, values[idx], 0)

    def count(self, gram_key: np.ndarray) -> np.ndarray:
        return self._find(self.gram_keys, self.gram_counts, gram_key)

    def total(self, hist_key: np.ndarray) -> np.ndarray:
        return self._find(self.hist_keys, self.hist_totals, hist_key)

    def total_and_types(self, hist_key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """c(h •) and T(h) for each history key (0 and 0 for a history never seen), one search for both."""
        if len(self.hist_keys) == 0:
            zeros = np.zeros(np.shape(hist_key), np.int64)
            return zeros, zeros
        idx = np.minimum(np.searchsorted(self.hist_keys, hist_key), len(self.hist_keys) - 1)
        seen = self.hist_keys[idx] == hist_key
        return np.where(seen, self.hist_totals[idx], 0), np.where(seen, self.hist_types[idx], 0)


class NgramLM:
    """An n-gram language model (order 1 to 4) with add-α, Jelinek-Mercer or Kneser-Ney smoothing.

    The formulas are in the module docstrings (``help(teachkit.lm.ngram)``, ``help(teachkit.lm.smoothing)``).

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

    # Set by _set_smoothing, then bound to the counts by __init__ (the first assignment reads it).
    smoothing_method: Smoothing

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
        pad = check_flag(pad, "pad")
        unk = check_flag(unk, "unk")
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
        method = as_smoothing(smoothing, self.order, alpha, lambdas, discount)
        self.smoothing_method = method
        # The string name and the three parameters stay attributes of the model, as before the smoothing objects.
        self.smoothing = method.name
        self.alpha: float | None = getattr(method, "alpha", None)
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

    def _ids(self, sent: Sequence[str]) -> list[int]:
        get, unk = self._index.get, self._unknown_id
        return [get(tok, unk) for tok in sent]

    def _flat_ids(self, sentences: Sequence[Sequence[str]]) -> tuple[np.ndarray, np.ndarray]:
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

    def _windows(self, ids: np.ndarray, lengths: np.ndarray) -> np.ndarray:
        """The (M, n) windows of n ids that lie inside one sentence: n-grams never cross a boundary."""
        n = self.order
        if len(ids) < n:
            return np.zeros((0, n), np.int64)
        sentence_of = np.repeat(np.arange(len(lengths)), lengths)
        windows = np.lib.stride_tricks.sliding_window_view(ids, n)
        inside = sentence_of[: len(windows)] == sentence_of[n - 1:]
        return np.ascontiguousarray(windows[inside])

    def _events(self, sentences: Sequence[Sequence[str]]) -> tuple[np.ndarray, int]:
        """Histories and words as one (M, n) id array, and the number of OOV tokens."""
        ids, lengths = self._flat_ids(sentences)
        # Padding symbols are never unknown, so every unknown id in ids is a word the model does not keep.
        n_oov = int(np.count_nonzero(ids == self._unknown_id))
        return self._windows(ids, lengths), n_oov

    def _keys(self, grams: np.ndarray) -> np.ndarray:
        """Integer key of each row of ``grams`` (ids, base ``_base``); a (M, 0) array gives zeros."""
        key = np.zeros(len(grams), np.int64)
        for j in range(grams.shape[1]):
            key = key * self._base + grams[:, j]
        return key

    def _build(self, events: np.ndarray) -> None:
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

    def _build_ends(self, ids: np.ndarray, lengths: np.ndarray) -> None:
        # e(h): how many training sentences end in the history h (their last n - 1 padded ids).  An
        # occurrence of h there is followed by no word, so c(h •) misses it; c(h •) + e(h) counts every
        # occurrence of h (see occurrences and AddAlpha(denominator="occurrences")).
        width = self.order - 1
        stops = np.cumsum(lengths)[lengths >= width] if width else np.zeros(0, np.int64)
        last = np.stack([ids[stops - width + j] for j in range(width)], axis=1) if width else np.zeros((0, 0))
        keys, counts = np.unique(self._keys(last.astype(np.int64)), return_counts=True)
        self._ends: tuple[np.ndarray, np.ndarray] = (keys, counts.astype(np.int64))

    # ------------------------------------------------------------ scoring
    def _scores(self, hist: np.ndarray, words: np.ndarray, cache: dict[Any, Any] | None = None) -> np.ndarray:
        """P(words[i] | hist[i]) for id arrays hist (M, n-1) and words (M,), vectorized.

        ``cache`` (a dict kept by an :class:`EncodedText`) remembers each level's counts for these
        predictions, so scoring the same text again with another α, d or λ skips the look-ups.
        """
        return self.smoothing_method.scores(self._stats(hist, words, cache), self.order, self.V, len(words))

    def _stats(self, hist: np.ndarray, words: np.ndarray, cache: dict[Any, Any] | None = None) -> _STATS:
        """The ``stats(k, counts)`` look-up a smoothing method scores with (see the smoothing methods)."""
        n, base = self.order, self._base

        def stats(k: int, counts: str, part: str = "counts") -> Any:
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
                rows = level.history_index(hkey)
                if cache is not None:
                    cache[key] = rows
                return rows
            total, types = level.total_and_types(hkey)
            if counts == "occurrences":
                total = total + _Level._find(*self._ends, hkey)
            found = (level.count(hkey * base + words), total, types)
            if cache is not None:
                cache[key] = found
            return found

        return stats

    def _add_alpha_terms(self, hist: np.ndarray, words: np.ndarray) -> tuple[np.ndarray, ...]:
        """c(h w), d(h), numerator, denominator and P(w | h) of an add-α model (see :meth:`AddAlpha.terms`)."""
        return cast(AddAlpha, self.smoothing_method).terms(self._stats(hist, words), self.order, self.V)

    def _history_ids(self, context: object) -> np.ndarray:
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

    def _word_id(self, word: object) -> int:
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

    def evaluate(self, sentences: Sequence[Sequence[str]] | EncodedText, per: str = "prediction") -> NgramEvaluation:
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
        NgramEvaluation
            ``perplexity`` is ``inf`` (with a :class:`ZeroProbabilityWarning` that names the cause)
            if a prediction has probability 0: with ``"interpolated"`` and λ0 = 0, or with
            ``Katz(threshold=k)`` after a history whose every follower was seen more than k times (nothing
            is discounted there, so nothing is left for the words never seen after it).
        """
        check_choice(per, "per", PER)
        text = self.encode(sentences)
        p = self._scores(text.events[:, :-1], text.events[:, -1], text._cache)
        if np.any(p <= 0):
            warnings.warn(f"{int(np.sum(p <= 0))} prediction(s) have probability 0, so the perplexity is "
                          f"infinite; {self._zero_probability_cause()}", ZeroProbabilityWarning, stacklevel=2)
            log2_sum = -math.inf
        else:
            log2_sum = float(np.sum(np.log2(p)))
        k = len(p) if per == "prediction" else text.n_tokens
        h = -log2_sum / k
        return NgramEvaluation(h, LogLoss(h, k, "bits").perplexity, per, log2_sum,
                               len(p), text.n_tokens, text.n_oov, text.n_sentences)

    def _zero_probability_cause(self) -> str:
        """Why this model can give a prediction probability 0, and what to do (the end of the warning)."""
        threshold = getattr(self.smoothing_method, "threshold", None)
        if threshold is not None:
            return (f"with Katz(threshold={threshold}) a history whose every follower was seen more than "
                    f"{threshold} times keeps all its mass (counts above the threshold are not discounted), so "
                    "nothing is left for a word never seen after it; use Katz() (every count discounted) or a "
                    "smoothing that interpolates.")
        if self.lambdas is not None:
            return "give the uniform distribution a weight (lambdas[0] > 0)."
        return f"this smoothing ({self.smoothing}) leaves some word nothing after some history; smooth it."

    def log_loss(self, sentences: Sequence[Sequence[str]] | EncodedText, per: str = "prediction") -> LogLoss:
        """The cross-entropy in bits and its K, as :func:`teachkit.perplexity` reads it (``evaluate(...).log_loss``)."""
        return self.evaluate(sentences, per).log_loss

    def cross_entropy(self, sentences: Sequence[Sequence[str]] | EncodedText, per: str = "prediction") -> float:
        """H = -(1/K) Σ log2 P(w_i | h_i) in bits (K = predictions or words, see :meth:`evaluate`)."""
        return cross_entropy(self, sentences, per=per)

    def perplexity(self, sentences: Sequence[Sequence[str]] | EncodedText, per: str = "prediction") -> float:
        """2 ** cross_entropy, the number of equally likely words the model hesitates between:
        ``teachkit.perplexity(self, sentences, per=per)``."""
        return perplexity(self, sentences, per=per)

    def __repr__(self) -> str:
        extra = self.smoothing_method._parameter_repr()
        return (f"NgramLM(order={self.order}, smoothing={self.smoothing!r}{extra}, V={self.V}, "
                f"min_count={self.min_count}, pad={self.pad}{'' if self.unk else ', unk=False'})")
