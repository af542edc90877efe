"""ARPA files: an n-gram model written so that other tools (KenLM, SRILM) score it exactly, and read back.

An ARPA file lists n-grams with ``log10 P(w | h)`` and, for each n-gram that is also a history, a back-off
weight ``log10 β(h)``.  A tool scores ``w`` after the history ``h`` (its last n - 1 words) by the back-off
rule::

    P(w | h) = P_listed(h w)                 if the n-gram h w is listed
             = β(h) · P(w | h')              otherwise (β(h) = 1 when h itself is not listed)

Any model whose probability of an unlisted word after ``h`` is proportional to what the shorter history
``h'`` gives can be written this way exactly: Kneser-Ney (interpolated, modified, back-off) and Katz do so by
construction.  :func:`write_arpa` lists every n-gram the model saw at each level, the level's probability
for it, and ``β(h) = P(x | h) / P(x | h')`` for a word ``x`` never seen after ``h`` (``<s>`` is one for every
history, since it is never predicted); then it checks that every row sums to 1 under the back-off rule, and
refuses the model if one does not.

Three conventions differ between teachkit and the ARPA tools, and the file bridges them:

* **Sentence starts.**  teachkit pads a sentence with n - 1 ``<s>``; KenLM starts from the single history
  ``<s>``.  The file lists the n-gram ``<s> r w`` with teachkit's P(w | <s> ... <s> r), the history padded
  to n - 1 words, so the first words of a sentence get the same probability in both.
* **Unknown words** are ``<UNK>`` in teachkit and ``<unk>`` in the file (KenLM's spelling).
* **Perplexity** in KenLM counts every word and the end of the sentence ``</s>``, never ``<s>``: the M
  predictions of :meth:`teachkit.NgramLM.evaluate` with ``per="prediction"``, in base 10 instead of 2.

Add-α and Jelinek-Mercer have no lower-order distribution to back off to: after a history never seen,
add-α gives 1/V and teachkit's Jelinek-Mercer puts the shorter history's estimate into the mixture in place
of the missing one, neither proportional to what a seen history gives.  They are written with every word
listed after every seen history at every level (back-off weights 1), which is only sensible for a small
vocabulary (``max_lines``).
"""

from __future__ import annotations

import itertools
import math
import os
import pathlib
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast
from dataclasses import dataclass

import numpy as np

from .._checks import check_corpus
from .evaluation import LogLoss, perplexity
from .ngram import NgramLM
from .smoothing import AddAlpha, JelinekMercer
from .vocabulary import END, START, UNK

__all__ = ["write_arpa", "read_arpa", "ArpaLM", "ARPA_UNK"]

ARPA_UNK = "<unk>"
# A row of the model, under the back-off rule, must sum to 1 within this (sums of a few thousand doubles).
_ROW_TOLERANCE = 1e-9


def _words_of(lm: NgramLM) -> list[str]:
    words = []
    for w in lm.vocabulary:
        if w == UNK:
            words.append(ARPA_UNK)
            continue
        if w == ARPA_UNK:
            raise ValueError(f"the model has a word spelt {ARPA_UNK!r}, which an ARPA file reserves for unknown "
                             "words; rename it before writing the model.")
        if not w or any(ch.isspace() for ch in w):
            raise ValueError(f"the vocabulary entry {w!r:.60} is empty or holds white space, which separates the "
                             "fields of an ARPA file; tokenize so that no token holds a space.")
        words.append(w)
    return words


#: Per ARPA order m: the n-grams' ids (one row each, m columns) and one number per n-gram.
_Levels = dict[int, tuple[np.ndarray, np.ndarray]]


def _decode(keys: np.ndarray, base: int, k: int) -> np.ndarray:
    """The ids of each k-gram key, one column per word (first word first)."""
    return np.stack([(keys // base ** (k - 1 - j)) % base for j in range(k)], axis=1).astype(np.int64)


def _history(n: int, context_ids: np.ndarray) -> np.ndarray:
    """Histories of width n - 1 whose last columns are ``context_ids`` (the rest is never read)."""
    hist = np.zeros((len(context_ids), n - 1), np.int64)
    width = context_ids.shape[1]
    if width:
        hist[:, n - 1 - width:] = context_ids
    return hist


def _check_model(lm: object) -> str:
    if not isinstance(lm, NgramLM):
        raise TypeError(f"lm must be a teachkit NgramLM, got {type(lm).__name__}.")
    if not lm.pad or not lm.unk:
        raise ValueError("only a model with pad=True and unk=True can be written as ARPA: the tools that read it "
                         "always pad sentences with <s> ... </s> and score unknown words as <unk>.")
    if lm.order < 2:
        raise ValueError("write_arpa needs order >= 2 (KenLM reads no unigram-only model).")
    method = lm.smoothing_method
    if isinstance(method, AddAlpha):
        if method.denominator != "context":
            raise ValueError("AddAlpha(denominator='occurrences') does not sum to 1 after a history that ends "
                             "sentences, so no ARPA file can hold it; use denominator='context'.")
        return "listed"
    if isinstance(method, JelinekMercer):
        return "listed"
    if not hasattr(method, "level_scores"):
        raise ValueError(f"{method!r} has no levels to write as ARPA; Kneser-Ney (KneserNey, ModifiedKneserNey, "
                         "BackoffKneserNey) and Katz can be written, add-α and Jelinek-Mercer for small "
                         "vocabularies.")
    return "levels"


def _arpa_grams(lm: NgramLM) -> tuple[_Levels, _Levels]:
    """Every n-gram the file lists: {ARPA order m: (ids (count, m), probability (count,))}, and bows."""
    n, V, base, method = lm.order, lm.V, lm._base, lm.smoothing_method
    start = lm._index[START]

    def level(k: int, context: np.ndarray, words: np.ndarray) -> np.ndarray:
        """Level k's probability (k = n: the model's) of ``words`` after ``context`` (ids, k - 1 columns)."""
        stats = lm._stats(_history(n, context), words)
        # _check_model has seen that the method has levels (Kneser-Ney, modified Kneser-Ney, back-off)
        scores: np.ndarray = cast(Any, method).level_scores(stats, n, V, len(words))[k]
        return scores

    def full(context_ids: np.ndarray, words: np.ndarray) -> np.ndarray:
        """The model's probability after a history padded with <s> to n - 1 words."""
        hist = np.full((len(words), n - 1), start, np.int64)
        width = context_ids.shape[1]
        if width:
            hist[:, n - 1 - width:] = context_ids
        return lm._scores(hist, words)

    grams: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {m: [] for m in range(1, n + 1)}
    grams[1].append((np.arange(V, dtype=np.int64)[:, None], level(1, np.zeros((V, 0), np.int64), np.arange(V))))
    for k in range(2, n + 1):
        ids = _decode(lm._raw[k].gram_keys, base, k)
        plain = ids[:, 0] != start
        ids_plain = ids[plain]
        if len(ids_plain):
            grams[k].append((ids_plain, level(k, ids_plain[:, :-1], ids_plain[:, -1])))
    # Sentence starts: the model's n-grams that begin with <s>, each run of <s> written once.
    top = _decode(lm._raw[n].gram_keys, base, n)
    top = top[top[:, 0] == start]
    for j in range(1, n):                       # j leading <s>, then n - j words
        rows = top[(top[:, :j] == start).all(axis=1) & (top[:, j] != start)]
        if len(rows):
            rest = rows[:, j:]
            ids = np.concatenate([np.full((len(rest), 1), start, np.int64), rest], axis=1)
            grams[ids.shape[1]].append((ids, full(rest[:, :-1], rest[:, -1])))
    merged = _merged(grams)

    # Back-off weights: β(h) = P(<s> | h) / P(<s> | h'), <s> being unseen after every history.
    bows = {}
    end = lm._index[END]
    for m in range(1, n):
        if m not in merged:
            continue
        ids, _ = merged[m]
        context = ids[ids[:, -1] != end]
        starts_with_s = context[:, 0] == start
        x = np.full(len(context), start, np.int64)
        upper = np.empty(len(context))
        if starts_with_s.any():
            upper[starts_with_s] = full(context[starts_with_s][:, 1:], x[starts_with_s])
        if (~starts_with_s).any():
            upper[~starts_with_s] = level(m + 1, context[~starts_with_s], x[~starts_with_s])
        lower = level(m, context[:, 1:], x)
        with np.errstate(invalid="ignore", divide="ignore"):      # 0 / 0 where both keep all their mass
            bows[m] = (context, upper / lower)
    _check_rows(merged, bows, level)
    return merged, bows


def _listed_grams(lm: NgramLM, max_lines: int) -> tuple[_Levels, _Levels]:
    """Add-α and Jelinek-Mercer: every word after every seen history listed, at every level.

    A history never seen leaves these models with a value that depends on its longest seen suffix g (add-α:
    1/V; Jelinek-Mercer: the mixture with the missing estimates replaced by g's), which no back-off weight
    can give.  So each level lists, after every seen g, the model's probability after a history whose only
    seen suffix is g: g preceded by ``</s>``, which never starts a history.  Back-off weights are all 1.
    """
    n, V, base = lm.order, lm.V, lm._base
    start, end = lm._index[START], lm._index[END]
    contexts = [np.zeros((1, 0), np.int64)]                  # level 1: the empty history
    histories = [np.full((1, n - 1), end, np.int64)]
    for m in range(2, n + 1):
        seen = _decode(lm._raw[m].hist_keys, base, m - 1)
        plain = seen[seen[:, 0] != start]
        hist = np.full((len(plain), n - 1), end, np.int64)
        hist[:, n - m:] = plain
        contexts.append(plain)
        histories.append(hist)
    # Sentence starts: the model's histories that begin with <s>, each run of <s> written once.
    top = _decode(lm._raw[n].hist_keys, base, n - 1)
    for row in top[top[:, 0] == start]:
        j = int(np.argmax(row != start)) if (row != start).any() else n - 1
        contexts.append(np.concatenate([[start], row[j:]])[None, :])
        histories.append(row[None, :])
    lines = V * sum(len(c) for c in contexts)
    if lines > max_lines:
        raise ValueError(f"{lm.smoothing_method!r} has no lower-order distribution to back off to, so an ARPA file "
                         f"lists every word after every seen history: {lines:,} lines here (V = {V}), more than "
                         f"max_lines = {max_lines:,}. Write a smaller vocabulary (min_count), or raise max_lines.")
    words = np.arange(V, dtype=np.int64)
    grams: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {m: [] for m in range(1, n + 1)}
    for context, hist in zip(contexts, histories):
        if len(context) == 0:
            continue
        rep = np.repeat(context, V, axis=0)
        w = np.tile(words, len(context))
        grams[context.shape[1] + 1].append((np.concatenate([rep, w[:, None]], axis=1),
                                            lm._scores(np.repeat(hist, V, axis=0), w)))
    return _merged(grams), {}


def _merged(grams: dict[int, list[tuple[np.ndarray, np.ndarray]]]) -> _Levels:
    """``{order: [(ids, prob), ...]}`` as ``{order: (ids, prob)}``, each level's n-grams in one array sorted by
    their ids (first word first), the order an ARPA file lists them in; empty levels left out."""
    merged: _Levels = {}
    for m, parts in grams.items():
        if parts:
            ids = np.concatenate([part[0] for part in parts])
            prob = np.concatenate([part[1] for part in parts])
            order = np.lexsort(ids.T[::-1])
            merged[m] = (ids[order], prob[order])
    return merged


def write_arpa(lm: NgramLM, path: str | os.PathLike[str] | None = None, *, max_lines: int = 2_000_000) -> str:
    """Write ``lm`` as an ARPA file that gives exactly its probabilities (see the module docstring).

    Parameters
    ----------
    lm : NgramLM
        Order >= 2, ``pad=True``, ``unk=True``; smoothed by Kneser-Ney (any of its forms), Katz, add-α or
        Jelinek-Mercer (the last two over a small vocabulary).
    path : path-like, optional
        Where to write the file; without it, the text is only returned.
    max_lines : int, default 2,000,000
        Add-α and Jelinek-Mercer only: refuse a model that would need more n-gram lines than this.

    Returns
    -------
    str
        The ARPA text (probabilities as log10, written with every digit of the double).

    Raises
    ------
    ValueError
        For a model no ARPA file can hold exactly (add-α or Jelinek-Mercer over a large vocabulary; a token
        with white space; a history that leaves unseen words probability 0; a row that does not sum to 1
        under the back-off rule).

    Examples
    --------
    >>> from teachkit.lm.ngram import NgramLM
    >>> from teachkit.lm.smoothing import KneserNey
    >>> lm = NgramLM([["a", "b"], ["a", "c"]], order=2, smoothing=KneserNey(0.5))
    >>> text = write_arpa(lm)
    >>> text.splitlines()[:4]
    ['\\\\data\\\\', 'ngram 1=6', 'ngram 2=5', '']
    >>> model = read_arpa(text=text)
    >>> round(10 ** model.log10_prob("b", ["a"]), 12) == round(lm.prob("b", ["a"]), 12)
    True
    """
    kind = _check_model(lm)
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file path (or None to only return the text), got {type(path).__name__}.")
    if isinstance(max_lines, bool) or not isinstance(max_lines, int) or max_lines < 1:
        raise ValueError(f"max_lines must be a whole number >= 1, got {max_lines!r:.60}.")
    words = _words_of(lm)
    if kind == "listed":
        grams, bows = _listed_grams(lm, max_lines)
    else:
        grams, bows = _arpa_grams(lm)
    bow_of = {}
    for context, beta in bows.values():
        if not np.all(beta > 0):                                # 0, or 0 / 0 (NaN)
            row = context[np.flatnonzero(~(beta > 0))[0]]
            raise ValueError(f"{lm.smoothing_method!r} gives every word never seen after the history "
                             f"{' '.join(words[i] for i in row)!r} probability 0 (the history keeps all its "
                             "mass), and an ARPA back-off weight must be the log10 of a positive number.")
        for row, b in zip(map(tuple, context.tolist()), beta.tolist()):
            bow_of[row] = b
    out = ["\\data\\"]
    out += [f"ngram {m}={len(grams[m][0])}" for m in sorted(grams)]
    for m in sorted(grams):
        out += ["", f"\\{m}-grams:"]
        ids, prob = grams[m]
        for row, p in zip(map(tuple, ids.tolist()), prob.tolist()):
            if not p > 0:
                raise ValueError(f"the model gives the n-gram {' '.join(words[i] for i in row)!r} probability "
                                 f"{p!r}; an ARPA file needs log10 of a positive probability.")
            line = f"{math.log10(p)!r}\t{' '.join(words[i] for i in row)}"
            if m < lm.order and row in bow_of:
                line += f"\t{math.log10(bow_of[row])!r}"
            out.append(line)
    out += ["", "\\end\\", ""]
    text = "\n".join(out)
    if path is not None:
        pathlib.Path(path).write_text(text, encoding="utf-8")
    return text


def _check_rows(grams: _Levels, bows: _Levels,
                level: Callable[[int, np.ndarray, np.ndarray], np.ndarray]) -> None:
    """Every listed history's row sums to 1 under the back-off rule, or the model is refused.

    The row after h sums to Σ_listed P(w | h) + β(h) · (1 - Σ_listed P(w | h')), the second sum over the same
    listed words w, each scored by the level below.
    """
    for m, (context, beta) in bows.items():
        if m + 1 not in grams:
            continue
        ids, prob = grams[m + 1]
        prefix_keys = {row: i for i, row in enumerate(map(tuple, context.tolist()))}
        owner = np.array([prefix_keys.get(row, -1) for row in map(tuple, ids[:, :-1].tolist())], np.int64)
        lower = level(m, ids[:, 1:-1], ids[:, -1])
        listed = np.bincount(owner[owner >= 0], weights=prob[owner >= 0], minlength=len(context))
        listed_lower = np.bincount(owner[owner >= 0], weights=lower[owner >= 0], minlength=len(context))
        total = listed + beta * (1.0 - listed_lower)
        bad = np.flatnonzero(np.abs(total - 1.0) > _ROW_TOLERANCE)
        if len(bad):
            raise ValueError(f"this model cannot be written as ARPA exactly: under the back-off rule the row "
                             f"after the history {context[bad[0]].tolist()} sums to {total[bad[0]]!r}, not 1.")


@dataclass(frozen=True)
class ArpaScore:
    """One sentence scored by an :class:`ArpaLM` (KenLM's conventions): log10 P per word and for ``</s>``."""

    words: tuple[str, ...]
    log10_probs: tuple[float, ...]
    oov: tuple[bool, ...]

    @property
    def total(self) -> float:
        """Σ log10 P over the words and ``</s>`` (KenLM's ``Model.score``)."""
        return math.fsum(self.log10_probs)


#: An ArpaLM's n-grams as integer keys: the word ids, the base, and per order (keys, log10 P, back-off weight).
_Arrays = tuple[dict[str, int], int, dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]]


class ArpaLM:
    """A back-off n-gram model read from an ARPA file; scores text as KenLM does.

    Attributes
    ----------
    order : int
    counts : dict of int to int
        How many n-grams of each order the ``\\data\\`` header announced (and the file holds).
    vocabulary : frozenset of str
    """

    # Set by _index when the n-grams fit integer keys: log10 P and the back-off weight of each unigram, by id.
    _unigram_logp: np.ndarray
    _unigram_bows: np.ndarray

    def __init__(self, table: dict[int, dict[tuple[str, ...], float]], bows: dict[tuple[str, ...], float],
                 counts: dict[int, int]) -> None:
        self._bows, self.counts = bows, counts
        # One dict for every order: a look-up per back-off step, not one to find the order's table first.
        self._logp = {gram: logp for grams in table.values() for gram, logp in grams.items()}
        self.order = max(counts)
        self.vocabulary = frozenset(w for (w,) in table[1])
        self._arrays = self._index(table, bows)

    def _index(self, table: dict[int, dict[tuple[str, ...], float]],
               bows: dict[tuple[str, ...], float]) -> _Arrays | None:
        """The n-grams as sorted integer keys per order (ids from 1, base V + 1), for scoring a whole text at
        once; None when V^order does not fit in 63 bits (then texts are scored word by word)."""
        words = sorted(self.vocabulary)
        base = len(words) + 1
        if base ** self.order >= 2**63:
            return None
        ids = {w: i + 1 for i, w in enumerate(words)}
        levels: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        for m, grams in table.items():
            keys = np.fromiter((_fold(ids, gram, base) for gram in grams), np.int64, len(grams))
            values = np.fromiter(grams.values(), float, len(grams))
            bow = np.fromiter((bows.get(gram, 0.0) for gram in grams), float, len(grams))
            order = np.argsort(keys)
            levels[m] = (keys[order], values[order], bow[order])
        # Unigrams by id (their key is the id): an array index instead of a search.  Id 0 is no word.
        unigram_keys, unigram_logp, unigram_bows = levels[1]
        self._unigram_logp = np.full(base, np.nan)
        self._unigram_logp[unigram_keys] = unigram_logp
        self._unigram_bows = np.zeros(base)
        self._unigram_bows[unigram_keys] = unigram_bows
        return ids, base, levels

    def log10_prob(self, word: str, context: Sequence[str] = ()) -> float:
        """log10 P(word | context) by the back-off rule (an unknown word is scored as ``<unk>``).

        ``context`` is the words before (``<s>`` first for a sentence start); its last n - 1 are used.
        """
        if not isinstance(word, str):
            raise TypeError(f"word must be a string, got {type(word).__name__}.")
        if isinstance(context, str) or not isinstance(context, Iterable):
            raise TypeError(f"context must be a list of the previous words, got {type(context).__name__}.")
        context = tuple(context)
        if not all(isinstance(w, str) for w in context):
            raise TypeError("context must hold words (strings).")
        context = context[max(0, len(context) - self.order + 1):]
        return self._log10(tuple(self._known(w) for w in context), self._known(word))

    def _known(self, w: str) -> str:
        return w if w in self.vocabulary else ARPA_UNK

    def _log10(self, context: tuple[str, ...], w: str) -> float:
        logp, bows = self._logp.get, self._bows.get
        total = 0.0
        while True:
            found = logp(context + (w,))
            if found is not None:
                return total + found
            if not context:
                raise ValueError(f"the ARPA file has no unigram for {w!r} and no {ARPA_UNK}; it cannot score it.")
            total += bows(context, 0.0)
            context = context[1:]

    def score(self, sentence: Sequence[str], bos: bool = True, eos: bool = True) -> ArpaScore:
        """log10 P of each word of ``sentence`` (and ``</s>`` when ``eos``), as KenLM's ``full_scores``."""
        for flag, value in (("bos", bos), ("eos", eos)):
            if not isinstance(value, (bool, np.bool_)):
                raise TypeError(f"{flag} must be True or False, got {value!r:.60}.")
        if isinstance(sentence, str):
            sentence = sentence.split()
        elif not isinstance(sentence, Iterable) or isinstance(sentence, (bytes, dict)):
            raise TypeError(f"sentence must be a list of words or a string, got {type(sentence).__name__}.")
        words = [str(w) for w in sentence]
        if ARPA_UNK not in self.vocabulary and any(w not in self.vocabulary for w in words):
            w = next(w for w in words if w not in self.vocabulary)
            raise ValueError(f"the ARPA file has no unigram for {w!r} and no {ARPA_UNK}; it cannot score it.")
        # The back-off rule of _log10, written out in the loop: this is the hot path of scoring a text.
        vocabulary, logp, bows, keep = self.vocabulary, self._logp.get, self._bows.get, self.order - 1
        context: tuple[str, ...] = (START,) if bos else ()
        probs, oov = [], []
        for w in words + ([END] if eos else []):
            known = w if w in vocabulary else ARPA_UNK
            gram = context + (known,)
            found = logp(gram)
            if found is None:
                weights, shorter = 0.0, context
                while found is None:
                    weights += bows(shorter, 0.0)
                    shorter = shorter[1:]
                    found = logp(shorter + (known,))
                found += weights
            probs.append(found)
            oov.append(known is ARPA_UNK and w != ARPA_UNK)
            context = gram[-keep:] if keep else ()
        return ArpaScore(tuple(words), tuple(probs), tuple(oov))

    def log10_probs(self, sentences: Iterable[Sequence[str]]) -> np.ndarray:
        """log10 P of every word and every ``</s>`` of ``sentences``, in text order, scored all at once.

        The same numbers as :meth:`score` sentence by sentence (``<s>`` before each sentence, ``</s>`` after
        it, unknown words as ``<unk>``), computed with array look-ups: for each prediction the longest listed
        n-gram ending in it, plus the back-off weights of the longer histories that were not listed.
        """
        check_corpus(sentences, "sentences", "a list of sentences (strings or lists of words)")
        # A list of str tokens is taken as it is (set(map(type, ...)) runs in C); anything else is converted.
        sentences = [s.split() if isinstance(s, str)
                     else s if isinstance(s, list) and set(map(type, s)) <= {str} else [str(w) for w in s]
                     for s in sentences]
        if not sentences:
            raise ValueError("sentences is empty; give at least one sentence to score.")
        if self._arrays is None or ARPA_UNK not in self.vocabulary:
            return np.concatenate([np.asarray(self.score(s).log10_probs) for s in sentences])
        ids, base, levels = self._arrays
        n, unk, start, end = self.order, ids[ARPA_UNK], ids.get(START, 0), ids.get(END, 0)
        # The text as one stream of ids: <s> w1 .. wN </s> per sentence.  The predictions are every
        # position but the <s>; the context j steps back from one is 0 once it is before the sentence's <s>.
        get, stream = ids.get, [start]
        for sentence in sentences:
            stream += map(get, sentence, itertools.repeat(unk))
            stream += (end, start)
        stream_ids = np.asarray(stream[:-1], np.int64)
        lengths = np.fromiter(map(len, sentences), np.int64, len(sentences)) + 1     # predictions per sentence
        starts = np.cumsum(lengths + 1) - (lengths + 1)                              # where each <s> is
        predicted = np.ones(len(stream_ids), bool)
        predicted[starts] = False
        where = np.flatnonzero(predicted)
        offset = where - np.repeat(starts, lengths)                                  # 1 .. N + 1 in its sentence
        word = stream_ids[where]
        # For each prediction, the longest listed n-gram ending in it, plus the back-off weights of the longer
        # histories that were not listed; each level looks up only the predictions still pending.
        result = np.empty(len(where))
        weights = np.zeros(len(where))
        pending = np.arange(len(where))
        for k in range(n, 1, -1):                          # n-grams of length k, longest first
            full = offset[pending] >= k - 1                # a history of k - 1 words inside the sentence
            rows = pending[full]
            hist = np.stack([stream_ids[where[rows] - j] for j in range(k - 1, 0, -1)], axis=1)
            keys, values, _ = levels[k]
            key = _fold_array(hist, word[rows], base)
            idx = _search(keys, key)
            found = keys[idx] == key
            result[rows[found]] = values[idx[found]] + weights[rows[found]]
            missed, hist = rows[~found], hist[~found]     # not found: add the bow of the history of k - 1 words
            if k > 2:
                hkeys, _, hbows = levels[k - 1]
                hkey = _fold_array(hist[:, :-1], hist[:, -1], base)
                hidx = _search(hkeys, hkey)
                listed = hkeys[hidx] == hkey
                weights[missed[listed]] += hbows[hidx[listed]]
            else:
                weights[missed] += self._unigram_bows[hist[:, 0]]
            pending = np.concatenate([pending[~full], missed])
        result[pending] = self._unigram_logp[word[pending]] + weights[pending]
        return result

    def log_loss(self, sentences: Iterable[Sequence[str]]) -> LogLoss:
        """-Σ log10 P / (words + one ``</s>`` per sentence), in hartleys (log10 units), as
        :func:`teachkit.perplexity` reads it."""
        logs = self.log10_probs(sentences)
        return LogLoss(-math.fsum(logs.tolist()) / len(logs), len(logs), "hartleys")

    def perplexity(self, sentences: Iterable[Sequence[str]]) -> float:
        """10 ** (-Σ log10 P / (words + one ``</s>`` per sentence)) over the sentences (KenLM's convention):
        ``teachkit.perplexity(self, sentences)``."""
        return perplexity(self, sentences)

    def __repr__(self) -> str:
        return f"ArpaLM(order={self.order}, counts={self.counts})"


def _fold(ids: dict[str, int], gram: tuple[str, ...], base: int) -> int:
    key = 0
    for w in gram:
        key = key * base + ids[w]
    return key


def _search(keys: np.ndarray, query: np.ndarray) -> np.ndarray:
    """Where each query key is in the sorted ``keys``, or a position whose key differs when it is absent.

    The queries are searched in sorted order: neighbouring searches then walk the same part of ``keys``,
    about twice as fast as in text order on 100,000 queries.
    """
    order = np.argsort(query)
    found = np.empty(len(query), np.int64)
    found[order] = np.searchsorted(keys, query[order])
    return np.minimum(found, len(keys) - 1)


def _fold_array(hist: np.ndarray, word: np.ndarray, base: int) -> np.ndarray:
    key = np.zeros(len(word), np.int64)
    for j in range(hist.shape[1]):
        key = key * base + hist[:, j]
    keys: np.ndarray = key * base + word
    return keys


# KenLM's grammar (lm/read_arpa.cc, util/file_piece.cc): lines end at \n (a \r before it is dropped), fields
# are separated by spaces and tabs only, and a blank line is one of C's isspace characters alone.
_FIELD_SEP = re.compile(r"[ \t]+")
_C_SPACE = " \t\v\f\r"
_NGRAM_LINE = re.compile(r"ngram[ \t]+([0-9]+)=[ \t]*([0-9]+)")
_SECTION = re.compile(r"\\([0-9]+)-grams:")
# An ASCII decimal number, as KenLM's double-conversion reads it (no '_' separators, no other scripts' digits).
_NUMBER = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_NOT_FINITE = re.compile(r"[-+]?(?:nan|inf|infinity)", re.IGNORECASE)
_MAX_COUNT_DIGITS = 19                      # a count KenLM reads into 64 bits


def _arpa_lines(path: object, text: object) -> list[str]:
    """The file's lines, split on \n only (KenLM's lines), a trailing \r dropped; bytes decoded as UTF-8."""
    if path is not None:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"path must be a file path, got {type(path).__name__}.")
        file = pathlib.Path(path)
        if file.is_dir():
            raise IsADirectoryError(f"path {str(file)!r:.120} is a folder; give the ARPA file itself.")
        data = file.read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data.count(b"\n", 0, error.start) + 1
            raise ValueError(f"line {line} of {str(file)!r:.120} is not UTF-8 (byte {data[error.start]:#04x}): "
                             "teachkit reads an ARPA file's words as UTF-8 text; convert the file first "
                             "(iconv -f latin1 -t utf-8, for a Latin-1 file).") from None
    elif not isinstance(text, str):
        raise TypeError(f"text must be the ARPA file's text (a str), got {type(text).__name__}.")
    lines = text.split("\n")
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def _blank(line: str) -> bool:
    return not line.strip(_C_SPACE)


def read_arpa(path: str | os.PathLike[str] | None = None, *, text: str | None = None) -> ArpaLM:
    """Read an ARPA file (from ``path``, or its ``text``) into an :class:`ArpaLM`.

    The file is read by KenLM's grammar: lines end at ``\\n`` only (``\\r\\n`` too), fields are separated by
    spaces and tabs only (a word may hold any other character, U+00A0 and U+2028 included), numbers are ASCII
    decimals ``[-+]?digits[.digits][e±digits]``, and a file read from ``path`` must be UTF-8.  Lines starting
    with ``#`` may come before ``\\data\\``, nothing but blank lines after ``\\end\\``.

    Every line is checked: a missing ``\\data\\`` header, counts that do not match the n-grams listed, a
    log-probability that is not a number, NaN, infinite or positive, an n-gram whose prefix (its history) is
    not listed or one of whose words is not a unigram, a line with the wrong number of fields, sections out of
    order, text after ``\\end\\``; each raises ``ValueError`` naming the line.
    """
    if (path is None) == (text is None):
        raise TypeError("read_arpa takes a path or text=..., exactly one of them.")
    lines = _arpa_lines(path, text)
    i = 0
    while i < len(lines) and lines[i].strip(" \t") != "\\data\\":
        if not _blank(lines[i]) and not lines[i].startswith("#"):
            raise ValueError(f"line {i + 1}: an ARPA file begins with \\data\\, found {lines[i].strip()!r:.60}.")
        i += 1
    if i == len(lines):
        raise ValueError("no \\data\\ header: this is not an ARPA file.")
    i += 1
    counts: dict[int, int] = {}
    while i < len(lines) and not _blank(lines[i]):
        match = _NGRAM_LINE.fullmatch(lines[i].strip(" \t"))
        if not match:
            raise ValueError(f"line {i + 1}: expected 'ngram N=count' in the \\data\\ header, "
                             f"found {lines[i].strip()!r:.60}.")
        if max(len(match.group(1)), len(match.group(2))) > _MAX_COUNT_DIGITS:
            raise ValueError(f"line {i + 1}: {lines[i].strip()!r:.60} holds a number of more than "
                             f"{_MAX_COUNT_DIGITS} digits; no ARPA file holds that many n-grams.")
        order, c = int(match.group(1)), int(match.group(2))
        if order in counts or order != len(counts) + 1:
            raise ValueError(f"line {i + 1}: the header must list orders 1, 2, ... once each, found ngram {order}.")
        counts[order] = c
        i += 1
    if not counts:
        raise ValueError("the \\data\\ header lists no 'ngram N=count' line.")
    table: dict[int, dict[tuple[str, ...], float]] = {m: {} for m in counts}
    bows: dict[tuple[str, ...], float] = {}
    m: int | None = None
    ended = False
    first = i
    for i in range(first, len(lines)):
        raw = lines[i]
        if _blank(raw):
            continue
        line = raw.strip(" \t")
        if ended:
            raise ValueError(f"line {i + 1}: {line!r:.60} after \\end\\; an ARPA file holds one model and "
                             "ends there.")
        section = _SECTION.fullmatch(line)
        if section:
            digits = section.group(1)
            new = int(digits) if len(digits) <= _MAX_COUNT_DIGITS else None
            if new not in counts:
                raise ValueError(f"line {i + 1}: a section of {digits:.20}-grams, which the header does not "
                                 "announce.")
            if new != (m or 0) + 1:
                raise ValueError(f"line {i + 1}: the \\{new}-grams: section must follow the \\{new - 1}-grams: one "
                                 "(sections come in order 1, 2, ...).")
            m = new
            continue
        if line == "\\end\\":
            ended = True
            continue
        if m is None:
            raise ValueError(f"line {i + 1}: an n-gram before any \\N-grams: section.")
        if "\r" in line:
            raise ValueError(f"line {i + 1}: a carriage return inside the line; lines end with \\n or \\r\\n.")
        fields = _FIELD_SEP.split(line)
        if len(fields) not in (m + 1, m + 2):
            raise ValueError(f"line {i + 1}: a {m}-gram line has log10 P, {m} word(s) and an optional back-off "
                             f"weight, separated by tabs or spaces; found {len(fields)} fields.")
        logp = _log_field(fields[0], i, "log10 probability")
        if logp > 0:
            raise ValueError(f"line {i + 1}: log10 probability {fields[0]} is positive, a probability above 1.")
        gram = tuple(fields[1:m + 1])
        if gram in table[m]:
            raise ValueError(f"line {i + 1}: the {m}-gram {' '.join(gram)!r:.80} is listed twice.")
        if m > 1:
            if gram[:-1] not in table[m - 1]:
                raise ValueError(f"line {i + 1}: the {m}-gram {' '.join(gram)!r:.80} is listed, but its history "
                                 f"{' '.join(gram[:-1])!r:.80} is not a {m - 1}-gram of the file.")
            if (gram[-1],) not in table[1]:             # the history's words are unigrams, by the check above
                raise ValueError(f"line {i + 1}: the word {gram[-1]!r:.60} of this {m}-gram is not among the "
                                 "unigrams, which list the whole vocabulary.")
        table[m][gram] = logp
        if len(fields) == m + 2:
            bows[gram] = _log_field(fields[-1], i, "back-off weight")
    if not ended:
        raise ValueError("the file ends before \\end\\: it was cut short.")
    for order, expected in counts.items():
        if len(table[order]) != expected:
            raise ValueError(f"the header announces {expected} {order}-grams, the file lists {len(table[order])}.")
    return ArpaLM(table, bows, counts)


def _log_field(field: str, i: int, what: str) -> float:
    if _NOT_FINITE.fullmatch(field):
        raise ValueError(f"line {i + 1}: {what} {field!r:.40} is not a finite number.")
    if not _NUMBER.fullmatch(field):
        raise ValueError(f"line {i + 1}: {what} {field!r:.40} is not a number (ASCII digits, an optional sign, "
                         "point and exponent, as in -1.25e-3).")
    value = float(field)
    if not math.isfinite(value):
        raise ValueError(f"line {i + 1}: {what} {field!r:.40} is not a finite number.")
    return value
