"""The counting engine behind :class:`teachkit.CooccurrenceCounts` (private: nothing here is public API).

How it counts is explained in :mod:`teachkit.counts.counting`'s docstring: each word's windows are kept as
sorted, disjoint runs of window numbers; a pair's count is the overlap of two run lists; known words
(``words=``) are counted chunk by chunk without an index.  This module holds the checks of a corpus, the
reading of documents into token ids, the building and merging of runs, and the intersections;
:mod:`teachkit.counts.counting` keeps the public class, :mod:`teachkit.counts.disk_index` and
:mod:`teachkit.counts.dask_counts` reuse the same functions.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from itertools import chain, compress, count as count_from, filterfalse, repeat
from operator import getitem, not_
from typing import Any, NamedTuple

import numpy as np

from .._checks import check_corpus, check_count, check_flag, check_positive_int, short_repr
from .gensim_compat import last_window_seen
from ..text import normalize_token, tokenize


#: What counting known words gives: (word_counts, the upper triangle of the pair counts, n, documents, tokens).
_Known = tuple[np.ndarray, np.ndarray, int, int, int]

# Counting known words (words=) keeps one chunk of this many tokens at a time; the raw-token cache is
# emptied past _CACHE_LIMIT entries; at most _PAIR_BATCH overlapping pairs of runs are held at once.
_STREAM_CHUNK_TOKENS = 1 << 18
_CACHE_LIMIT = 1 << 17
_INT32_LIMIT = np.iinfo(np.int32).max
_PAIR_BATCH = 1 << 16

# numpy holds counts as int64; a count beyond this is refused, not wrapped.
_INT64_MAX = np.iinfo(np.int64).max


# ---------------------------------------------------------------------- checks
def check_corpus_arguments(docs: object, window: int | None, gensim_compat: bool) -> tuple[int | None, bool]:
    """from_documents' (and build_index's) checks of a corpus and its window; returns window and gensim_compat."""
    check_corpus(docs)
    if window is not None:
        window = check_positive_int(window, "window")
    gensim_compat = check_flag(gensim_compat, "gensim_compat")
    if gensim_compat and window is None:
        raise ValueError(
            "gensim_compat=True only changes sliding-window counts; pass window=k as well "
            "(at document level gensim and teachkit already agree)."
        )
    return window, gensim_compat


def words_index(words: object) -> dict[str, int]:
    """The words of ``words=`` normalized, each once, numbered in the order given."""
    if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
        raise TypeError("words must be a list of words, e.g. ['fire', 'smoke'], not a single string.")
    index: dict[str, int] = {}
    for w in words:
        if not isinstance(w, str):
            raise TypeError(f"words must hold strings, got {type(w).__name__} {w!r}.")
        index.setdefault(normalize_token(w), len(index))
    return index


def _check_window_count(value: object, name: str) -> int:
    """A count of windows: a non-negative whole number that numpy can hold."""
    value = check_count(value, name)
    if value > _INT64_MAX:
        digits = len(str(value))  # a 400-digit number is not worth printing in full
        raise ValueError(
            f"{name} is a {digits}-digit number, more than teachkit can count exactly (at most 2**63 - 1, "
            f"a 19-digit number). No corpus has that many windows; check {name}."
        )
    return value


def _check_pair_consistency(c12: int, c1: int, c2: int, n: int, name: str, w1: str = "w1", w2: str = "w2") -> None:
    if c12 > min(c1, c2):
        raise ValueError(
            f"{name} = {c12} is more than c({w1}) = {c1} or c({w2}) = {c2}: two words cannot share more "
            "windows than either lies in. Check that the joint count and the marginals come from the same corpus."
        )
    if c12 < c1 + c2 - n:
        raise ValueError(
            f"{name} = {c12} is impossible: with c({w1}) = {c1} and c({w2}) = {c2} among n = {n} windows, "
            f"at least {c1 + c2 - n} windows must hold both words. Check the counts and n."
        )


def _word_list(words: object, name: str) -> list[str]:
    if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
        raise TypeError(f"{name} must be a list of words, e.g. ['fire', 'smoke'], got {words!r}.")
    return list(words)


class DocumentError(TypeError):
    """A document of the wrong shape, with its number and what is wrong kept apart, so that a caller that
    counts one part of a corpus (:func:`teachkit.count_on_dask`) can name it by its place in the whole."""

    def __init__(self, number: int, problem: str) -> None:
        super().__init__(f"document {number} {problem}")
        self.number, self.problem = number, problem

    def __reduce__(self) -> tuple[type[DocumentError], tuple[int, str]]:   # raised on a Dask worker, pickled back
        return type(self), (self.number, self.problem)


def _document_tokens(doc: object, doc_number: int, window: int | None) -> Sequence[Any]:
    """The tokens of one document, or a TypeError saying what shape documents must have."""
    if doc.__class__ is list or doc.__class__ is tuple:    # the usual case, before the slower checks
        return doc
    if isinstance(doc, str):
        return tokenize(doc)
    if isinstance(doc, bytes):
        raise DocumentError(doc_number, "is bytes; decode it to str first (e.g. doc.decode('utf-8')).")
    if isinstance(doc, Mapping):
        raise DocumentError(doc_number, "is a dict; a document must be a string or a flat list of token strings.")
    if isinstance(doc, Set) and window is not None:
        raise DocumentError(
            doc_number, "is a set, which has no order, so sliding windows cannot be laid out over it. "
            "Pass the tokens as a list in text order."
        )
    if not isinstance(doc, Iterable):
        raise DocumentError(
            doc_number, f"must be a string or a list of token strings, got {type(doc).__name__}."
        )
    return doc if isinstance(doc, (list, tuple)) else list(doc)


def _add_new_tokens(tokens: Sequence[Any], doc_number: int, index: dict[str, int], cache: dict[Any, int],
                    restricted: bool) -> None:
    """Give the tokens of a document not seen before an id (normalized once per distinct token).

    Ids follow the order in which words are first seen.  Every step is a
    builtin applied by map, filterfalse or a dict method, so it runs in C: a
    corpus's first documents are almost all new words.
    """
    try:
        new = list(dict.fromkeys(filterfalse(cache.__contains__, tokens)))   # unseen, each once, in order
    except TypeError:  # an unhashable token (a nested list): named below
        new = [tok for tok in tokens if not (tok.__class__ is str and tok in cache)]
    if not all(map(isinstance, new, repeat(str))):
        tok = next(tok for tok in new if not isinstance(tok, str))
        shape = ("a list of sentences? Flatten it into one list of tokens, "
                 "e.g. [token for sentence in doc for token in sentence]"
                 if isinstance(tok, Iterable) and not isinstance(tok, bytes) else
                 "token lists must hold strings")
        raise DocumentError(
            doc_number, f"holds a token that is not a string: {short_repr(tok)}. "
            f"A document must be a string or a flat list of token strings ({shape})."
        )
    # NFC leaves ASCII text unchanged, so lowercasing is all normalize_token would do.
    keys = list(map(str.lower, new))
    if not all(map(str.isascii, new)):
        for k, tok in enumerate(new):
            if not tok.isascii():
                keys[k] = normalize_token(tok)
    if restricted:
        cache.update(zip(new, map(index.get, keys, repeat(-1))))
        return
    unseen = dict.fromkeys(filterfalse(index.__contains__, keys))        # new words, in order
    index.update(zip(unseen, count_from(len(index))))
    cache.update(zip(new, map(index.__getitem__, keys)))


class _Chunk(NamedTuple):
    """Documents turned into word ids: ``ids`` (int32, -1 for a word not indexed), documents one after the
    other; ``lengths`` (int64), the entries of each document; ``n_tokens``, the tokens they came from."""

    ids: np.ndarray
    lengths: np.ndarray
    n_tokens: int


class _RawIds:
    """Raw token -> word id, looked up a batch of tokens at a time, every step in C but for new spellings.

    Each raw token (as it appears in the documents) gets a *raw id* the first time it is met: the raw ids live
    in a ``defaultdict`` whose factory is a counter, so a look-up that misses numbers the token in C, in the
    order tokens are first seen.  After a batch, the spellings met for the first time (the raw ids past the
    ones known before the batch, at their first positions) are checked, normalized once each and given their
    word ids; ``word_of`` turns raw ids into word ids by one numpy gather.  Unless ``restricted``, a new word
    is added to ``index`` (ids in first-seen order); with ``restricted``, a word not in ``index`` is -1 and the
    raw ids are forgotten past _CACHE_LIMIT spellings, so that an ever-growing vocabulary cannot make them grow
    without end.
    """

    def __init__(self, index: dict[str, int], restricted: bool) -> None:
        self.index, self.restricted = index, restricted
        self._forget()

    def _forget(self) -> None:
        self.raw: defaultdict[Any, int] = defaultdict(count_from().__next__)
        self.word_of = np.zeros(0, dtype=np.int32)

    def lookup(self, docs: list[Sequence[Any]], lengths: list[int], first_doc: int) -> np.ndarray:
        """Word ids (int32) of the tokens of ``docs``, documents ``first_doc``, ... (``lengths[d]`` tokens each),
        one document after the other."""
        if self.restricted and len(self.raw) > _CACHE_LIMIT:
            self._forget()
        known = len(self.raw)
        try:
            # Read straight from the documents, rather than copying their tokens into one list first (which
            # takes a reference to every token's string and drops it again: two more visits to each).
            # 32-bit raw ids whenever the batch cannot push them past 2**31 - 1: numpy converts each id
            # it is handed into a 32-bit integer markedly faster than into a 64-bit one.
            tokens = sum(lengths)
            raw: np.ndarray = np.fromiter(map(self.raw.__getitem__, chain.from_iterable(docs)),
                              dtype=np.int32 if known + tokens < _INT32_LIMIT else np.int64, count=tokens)
        except TypeError:                # an unhashable token (a nested list)
            _name_bad_token(list(chain.from_iterable(docs)), lengths, first_doc)
            raise
        if len(self.raw) > known:
            at = np.flatnonzero(raw >= known)
            # Raw ids are handed out in the order spellings are first met, so a new spelling's first
            # position is where its raw id passes every raw id before it.
            new_ids = raw[at]
            first = at[new_ids > np.maximum.accumulate(np.concatenate([[known - 1], new_ids[:-1]]))]
            bounds = np.cumsum(lengths)
            doc_of = np.searchsorted(bounds, first, side="right")
            place = first - np.concatenate([[0], bounds])[doc_of]
            new = list(map(getitem, map(docs.__getitem__, doc_of.tolist()), place.tolist()))
            if not all(map(isinstance, new, repeat(str))):
                _name_bad_token(list(chain.from_iterable(docs)), lengths, first_doc)
            self.word_of = np.concatenate([self.word_of, np.array(self._word_ids(new), dtype=np.int32)])
        found: np.ndarray = self.word_of[raw]
        return found

    def _word_ids(self, new: list[Any]) -> list[int]:
        """The word ids of new spellings (strings), each normalized once."""
        # NFC leaves ASCII text unchanged, so lowercasing is all normalize_token would do.
        keys = list(map(str.lower, new))
        for k in compress(count_from(), map(not_, map(str.isascii, new))):   # the few others, found in C
            keys[k] = normalize_token(new[k])
        index = self.index
        if self.restricted:
            return list(map(index.get, keys, repeat(-1)))
        index.update(zip(dict.fromkeys(filterfalse(index.__contains__, keys)), count_from(len(index))))
        return list(map(index.__getitem__, keys))


def _name_bad_token(tokens: Sequence[Any], lengths: list[int], first_doc: int) -> None:
    """Raise the TypeError that names the first token that is not a string, and its document."""
    start = 0
    for doc_number, length in enumerate(lengths, first_doc):
        _add_new_tokens(tokens[start:start + length], doc_number, {}, {}, True)
        start += length


# Tokens are looked up this many at a time (the batch's strings are held until then).
_LOOKUP_TOKENS = 1 << 16


def _token_id_chunks(docs: Iterable[Any], index: dict[str, int], window: int | None, *, restricted: bool,
                     chunk_tokens: int) -> Iterator[_Chunk]:
    """Read ``docs`` once, yielding a :class:`_Chunk` every ``chunk_tokens`` entries (at a document's end).

    ``index`` maps normalized words to ids; unless ``restricted``, new words are added to it as they come.
    The tokens of consecutive documents are gathered into batches of about _LOOKUP_TOKENS and looked up by
    :class:`_RawIds`: one dict look-up per token, done by map() in C.  Every token gives an entry, with whole
    documents too (``window`` None), where a word met twice in a document is left to the index to count once.
    """
    ids = _RawIds(index, restricted)
    pending: list[Sequence[Any]] = []            # documents not looked up yet
    pending_lengths: list[int] = []
    pending_tokens = 0
    first_pending = 0             # the document number of the first of them
    parts: list[np.ndarray] = []
    lengths: list[int] = []
    entries = 0
    for doc_number, doc in enumerate(docs):
        tokens = _document_tokens(doc, doc_number, window)
        pending.append(tokens)
        pending_lengths.append(len(tokens))
        pending_tokens += len(tokens)
        entries += len(tokens)
        if pending_tokens >= _LOOKUP_TOKENS or entries >= chunk_tokens:
            parts.append(ids.lookup(pending, pending_lengths, first_pending))
            lengths += pending_lengths
            pending, pending_lengths, pending_tokens, first_pending = [], [], 0, doc_number + 1
        if entries >= chunk_tokens:
            yield _Chunk(np.concatenate(parts), np.array(lengths, dtype=np.int64), entries)
            parts, lengths, entries = [], [], 0
    if pending_lengths:
        parts.append(ids.lookup(pending, pending_lengths, first_pending))
        lengths += pending_lengths
    yield _Chunk(np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32), np.array(lengths, dtype=np.int64),
                 entries)


class _KnownSpellings(dict[Any, int]):
    """Raw spelling -> 1 + the id of the known word it spells, or 0 for any other word (0 is false, so that
    ``filter(None, ...)`` drops the other words in C); a spelling not met before is checked and normalized
    once, by ``__missing__`` (dict look-ups that hit stay in C)."""

    def __init__(self, index: dict[str, int]) -> None:
        super().__init__()
        self.index = index
        self.doc_number = 0

    def __missing__(self, token: Any) -> int:
        if token.__class__ is not str and not isinstance(token, str):
            _add_new_tokens([token], self.doc_number, {}, {}, True)     # names it
        i = self[token] = 1 + self.index.get(token.lower() if token.isascii() else normalize_token(token), -1)
        return i


def _known_document_chunks(docs: Iterable[Any], index: dict[str, int], chunk_tokens: int) -> Iterator[_Chunk]:
    """:func:`_token_id_chunks` for known words and whole documents: only which known words a document holds.

    A document's known words are the set of its tokens' ids (one dict look-up per token, in C; see
    :class:`_KnownSpellings`), other words dropped on the way, so two spellings of a word count once.  A
    chunk is yielded every ``chunk_tokens`` entries: its ``ids`` hold each document's known words once.  The
    spellings met are forgotten past _CACHE_LIMIT of them.
    """
    spellings = _KnownSpellings(index)
    one_plus_id = spellings.__getitem__
    buffer: list[int] = []
    lengths: list[int] = []
    n_tokens = 0
    for doc_number, doc in enumerate(docs):
        tokens = _document_tokens(doc, doc_number, None)
        n_tokens += len(tokens)
        if len(spellings) > _CACHE_LIMIT:
            spellings.clear()
        spellings.doc_number = doc_number
        try:
            hits = set(filter(None, map(one_plus_id, tokens)))
        except TypeError:            # an unhashable token (a nested list), or one that is not a string: named here
            _add_new_tokens(tokens, doc_number, index, {}, True)
            raise
        buffer.extend(hits)
        lengths.append(len(hits))
        if len(buffer) >= chunk_tokens:
            yield _Chunk(np.array(buffer, dtype=np.int32) - 1, np.array(lengths, dtype=np.int64), n_tokens)
            buffer, lengths, n_tokens = [], [], 0
    yield _Chunk(np.array(buffer, dtype=np.int32) - 1, np.array(lengths, dtype=np.int64), n_tokens)


# ---------------------------------------------------------------------- the index
def _build_runs(token_ids: np.ndarray, lengths: np.ndarray, n_words: int, window: int | None,
                gensim_compat: bool) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray, int]:
    """The index: for every word, its windows as sorted, disjoint runs.

    Parameters
    ----------
    token_ids : int32 array
        The word id of every token of the corpus, documents one after the
        other (with whole documents, ``window`` None, the order within a
        document does not matter, and a word may come more than once).
    lengths : int64 array
        Entries of ``token_ids`` per document.

    Returns
    -------
    runs : (run_start, run_end, word_run)
        Word ``w``'s runs are ``word_run[w] : word_run[w + 1]``; run ``r``
        covers windows ``run_start[r] <= x < run_end[r]``.  Window numbers
        are int32 when they fit (int64 otherwise), and so are run numbers.
    word_counts : int64 array
        c(w), the total length of the word's runs.
    n : int
        The number of windows.
    """
    if window is None:
        return _build_document_runs(token_ids, lengths, n_words)
    # Token and window numbers of a chunk in 32-bit integers when they fit: half the memory to read and write.
    small = max(token_ids.shape[0], n_words) < np.iinfo(np.int32).max - 1
    number = np.int32 if small else np.int64
    doc_start = np.concatenate([[0], np.cumsum(lengths)]).astype(number)
    per_doc = np.maximum(1, lengths - window + 1)
    first_window = np.concatenate([[0], np.cumsum(per_doc)])
    n = int(first_window[-1])
    per_doc, first_window = per_doc.astype(number), first_window.astype(number)

    # Positions grouped by word, ascending within a word.  Arrays of one
    # entry per token are freed as soon as they are used, to keep the peak
    # at a few such arrays.
    pos, occurrences = _transpose(token_ids, None, n_words)
    pos = pos.astype(number, copy=False)
    # Sorted by word, the word ids are runs of equal values: no random look-up needed.
    word = np.repeat(np.arange(n_words, dtype=number), occurrences)
    # The document of each entry: a gather from the entries' document numbers
    # (cheaper than a binary search of pos in doc_start).
    doc = np.repeat(np.arange(lengths.shape[0], dtype=number), lengths)[pos]
    start, end = _token_windows(word, pos, doc_start[doc], per_doc[doc], window, gensim_compat)
    del pos
    offset = first_window[doc]
    del doc
    start += offset
    end += offset
    del offset
    run_start, run_end, run_word = _merge_runs(word, start, end)
    del start, end, word
    return _compact_runs(run_start, run_end, run_word, n_words, n)


class _Runs(NamedTuple):
    """One chunk's index (see :func:`_build_runs`): window numbers count from the chunk's first window."""

    start: np.ndarray
    end: np.ndarray
    word_run: np.ndarray
    word_counts: np.ndarray
    n: int
    n_documents: int
    n_tokens: int


def chunk_runs(docs: Iterable[Any], index: dict[str, int], window: int | None, gensim_compat: bool,
               chunk_tokens: int) -> Iterator[_Runs]:
    """Read ``docs`` once, numbering new words in ``index``, and yield each chunk's :class:`_Runs`."""
    for chunk in _token_id_chunks(docs, index, window, restricted=False, chunk_tokens=chunk_tokens):
        if chunk.lengths.shape[0] == 0:
            continue
        # A window at least as long as the longest document holds each document whole (one window per
        # document, nothing leaves it): every such window gives the same counts, so the index is built with
        # that length (a window of 10**30 would not fit numpy's integers).
        effective = window if window is None else min(window, max(1, int(chunk.lengths.max())))
        (start, end, word_run), counts, n = _build_runs(chunk.ids, chunk.lengths, len(index), effective, gensim_compat)
        yield _Runs(start, end, word_run, counts, n, chunk.lengths.shape[0], chunk.n_tokens)


def _assemble_runs(parts: list[tuple[np.ndarray, np.ndarray, np.ndarray, Any]], n_words: int,
                   n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The whole corpus's ``(run_start, run_end, word_run)`` from its chunks' runs, in corpus order.

    ``parts`` holds ``(start, end, runs_of_word, first_window)`` per chunk, each chunk's runs grouped by word
    (``runs_of_word``: the chunk's runs of each word known at its end).  A word's runs are its runs in the
    first chunk, then in the second, ...: a chunk's runs of word w go to the next free places of w, one
    block per word.  ``parts`` is emptied as it goes, so each chunk's arrays are freed once placed.
    """
    totals = np.zeros(n_words, dtype=np.int64)
    for _, _, runs_of_word, _ in parts:
        totals[:runs_of_word.shape[0]] += runs_of_word
    word_run = np.concatenate([[0], np.cumsum(totals)])
    n_runs = int(word_run[-1])
    fits = np.int32 if n < np.iinfo(np.int32).max else np.int64
    word_run = word_run.astype(np.int32 if n_runs < np.iinfo(np.int32).max else np.int64)
    if len(parts) == 1:                  # one chunk: its runs are already in place
        start, end, _, _ = parts.pop()
        return start.astype(fits, copy=False), end.astype(fits, copy=False), word_run
    run_start, run_end = np.empty(n_runs, dtype=fits), np.empty(n_runs, dtype=fits)
    place = word_run[:-1].astype(np.int64)
    parts.reverse()
    while parts:
        start, end, runs_of_word, first_window = parts.pop()
        words = runs_of_word.shape[0]
        # a run's place: its word's next free place, plus how many of the word's runs precede it in the chunk
        first_of_word = np.cumsum(runs_of_word) - runs_of_word
        dest = np.repeat(place[:words] - first_of_word, runs_of_word) + np.arange(start.shape[0])
        run_start[dest] = start.astype(fits) + first_window
        run_end[dest] = end.astype(fits) + first_window
        place[:words] += runs_of_word
        del start, end, dest
    return run_start, run_end, word_run


def pad_with_zeros(values: np.ndarray, size: int) -> np.ndarray:
    """``values`` padded with zeros to ``size`` entries (words seen since it was made have none)."""
    return np.concatenate([values, np.zeros(size - values.shape[0], dtype=values.dtype)])


def _compact_runs(run_start: np.ndarray, run_end: np.ndarray, run_word: np.ndarray, n_words: int,
                  n: int) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray, int]:
    """``(run_start, run_end, word_run)`` in 32-bit integers where they fit, and c(w) per word."""
    word_run = np.concatenate([[0], np.cumsum(np.bincount(run_word, minlength=n_words))])
    length = np.concatenate([[0], np.cumsum(run_end - run_start)])
    word_counts = length[word_run[1:]] - length[word_run[:-1]]
    fits = np.int32 if n < np.iinfo(np.int32).max else np.int64
    runs = fits if run_start.shape[0] < np.iinfo(np.int32).max else np.int64
    return ((run_start.astype(fits, copy=False), run_end.astype(fits, copy=False), word_run.astype(runs)),
            word_counts, n)


def _build_document_runs(token_ids: np.ndarray, lengths: np.ndarray,
                         n_words: int) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray, int]:
    """_build_runs for whole documents: document d is window d, so a word's windows are the documents
    holding it, and a run is a stretch of consecutive document numbers.

    Grouped by word, each word's documents come in ascending order, a document once per token of the word
    in it; a run starts at a word's first entry and wherever the document is more than one past the
    previous entry's (an entry equal to the previous one is the same document again, within the run).
    """
    doc, entries = _transpose(token_ids, lengths, n_words)
    n = int(lengths.shape[0])
    new_run = np.empty(doc.shape[0], dtype=bool)
    runs_of_word = np.zeros(n_words, dtype=np.int64)
    if doc.shape[0]:
        new_run[0] = True
        np.greater(np.diff(doc), 1, out=new_run[1:])
        held = entries > 0
        word_first = (np.cumsum(entries) - entries)[held]
        new_run[word_first] = True                  # a word's first entry, whatever the previous word's
        runs_of_word[held] = np.add.reduceat(new_run, word_first, dtype=np.int64)
    first = np.flatnonzero(new_run)
    del new_run
    last = np.append(first[1:], doc.shape[0])[:first.shape[0]] - 1
    run_start, run_end = doc[first], doc[last] + 1
    del doc, first, last
    word_run = np.concatenate([[0], np.cumsum(runs_of_word)])
    length = np.concatenate([[0], np.cumsum(run_end - run_start, dtype=np.int64)])
    word_counts = length[word_run[1:]] - length[word_run[:-1]]
    fits = np.int32 if n < np.iinfo(np.int32).max else np.int64
    runs = fits if run_start.shape[0] < np.iinfo(np.int32).max else np.int64
    return (run_start.astype(fits), run_end.astype(fits), word_run.astype(runs)), word_counts, n


def _transpose(token_ids: np.ndarray, lengths: np.ndarray | None, n_words: int) -> tuple[np.ndarray, np.ndarray]:
    """Which rows hold each word: the rows grouped by word, ascending within a word, and their counts.

    Row ``r`` holds the ``lengths[r]`` consecutive entries of ``token_ids``
    that follow row ``r - 1``'s (a document per row for whole documents);
    ``lengths=None`` makes each entry its own row (a token per row, for
    sliding windows).  Grouping by word is transposing the row-by-word
    table; scipy's CSR-to-CSC conversion does it in one counting pass, in
    linear time, and keeps each word's rows in order.  Entries -1 (tokens
    left out of the index by ``words=``) go to an extra column, dropped
    afterwards.

    Returns
    -------
    rows : int32 array (int64 past 2**31 entries)
        Word 0's rows, then word 1's, ... (an entry per token).
    counts : int64 array
        Entries of each word.
    """
    entries = token_ids.shape[0]
    n_rows = entries if lengths is None else lengths.shape[0]
    # 32-bit indices when they fit, so that scipy copies nothing to widen them
    index = np.int32 if max(entries, n_rows, n_words) < np.iinfo(np.int32).max else np.int64
    ids = np.where(token_ids < 0, n_words, token_ids).astype(index, copy=False)
    if lengths is None:
        row_start = np.arange(entries + 1, dtype=index)
    else:
        row_start = np.concatenate([[0], np.cumsum(lengths)]).astype(index)
    import scipy.sparse as sp   # loaded when first needed: import teachkit stays quick

    table = sp.csr_matrix((np.ones(entries, dtype=np.int8), ids, row_start),
                          shape=(n_rows, n_words + 1)).tocsc()
    del ids, row_start
    counts = np.diff(table.indptr[:n_words + 1]).astype(np.int64)
    return table.indices[:int(counts.sum())], counts


def _shared_windows_of_pair(runs: tuple[np.ndarray, np.ndarray, np.ndarray], i: int, j: int) -> int:
    """c(i, j) = |windows(i) ∩ windows(j)| for one pair: the runs of the word with fewer runs are
    measured against the other word's runs (see :func:`_shared_windows`, which does many pairs at once;
    for a single pair these few numpy calls on two slices are quicker)."""
    run_start, run_end, word_run = runs
    a0, a1, b0, b1 = int(word_run[i]), int(word_run[i + 1]), int(word_run[j]), int(word_run[j + 1])
    if a1 - a0 > b1 - b0:
        a0, a1, b0, b1 = b0, b1, a0, a1
    if a0 == a1:
        return 0
    starts = np.asarray(run_start[b0:b1], dtype=np.int64)
    ends = np.asarray(run_end[b0:b1], dtype=np.int64)
    before = np.concatenate([[0], np.cumsum(ends - starts)[:-1]])    # j's windows in its earlier runs

    def covered_below(x: np.ndarray) -> np.ndarray:
        # |windows(j) ∩ [0, x)|: whole runs starting at or below x, plus the part of the run holding x
        r = np.searchsorted(starts, x, side="right") - 1
        rr = np.maximum(r, 0)
        return np.where(r >= 0, before[rr] + np.minimum(x, ends[rr]) - starts[rr], 0)

    query_start = np.asarray(run_start[a0:a1], dtype=np.int64)
    query_end = np.asarray(run_end[a0:a1], dtype=np.int64)
    return int((covered_below(query_end) - covered_below(query_start)).sum())


def _shared_windows(runs: tuple[np.ndarray, np.ndarray, np.ndarray], first: np.ndarray, second: np.ndarray,
                    stride: int) -> np.ndarray:
    """c(i, j) = |windows(i) ∩ windows(j)| for every pair (first[k], second[k]), vectorized.

    For each pair, each run of the word with fewer runs (the query) is
    measured against the other word's runs (the target): the target's
    windows below a window x are its whole runs that start at or below x,
    plus the part of the run holding x.  The targets' runs are copied into
    one small sorted array (each word's window numbers shifted by
    ``stride`` times its place), so one binary search serves every pair,
    and the overlaps are summed per pair exactly, in integers.
    """
    run_start, run_end, word_run = runs
    lo_first, hi_first = word_run[first].astype(np.int64), word_run[first + 1].astype(np.int64)
    lo_second, hi_second = word_run[second].astype(np.int64), word_run[second + 1].astype(np.int64)
    fewer = (hi_first - lo_first) <= (hi_second - lo_second)
    lo, hi = np.where(fewer, lo_first, lo_second), np.where(fewer, hi_first, hi_second)
    target = np.where(fewer, second, first)
    run = _concat_ranges(lo, hi)
    if run.shape[0] == 0:
        return np.zeros(first.shape[0], dtype=np.int64)

    # The targets' runs, word after word: a small index of just these words.
    targets, place = np.unique(target, return_inverse=True)
    t_lo, t_hi = word_run[targets].astype(np.int64), word_run[targets + 1].astype(np.int64)
    t_count = t_hi - t_lo
    t_run = _concat_ranges(t_lo, t_hi)
    t_first = np.concatenate([[0], np.cumsum(t_count)])             # each target's first entry
    t_start, t_end = run_start[t_run].astype(np.int64), run_end[t_run].astype(np.int64)
    t_cum = np.concatenate([[0], np.cumsum(t_end - t_start)])
    t_before = t_cum[:-1] - np.repeat(t_cum[t_first[:-1]], t_count)   # target's windows in its earlier runs
    t_key = t_start + np.repeat(np.arange(targets.shape[0], dtype=np.int64) * stride, t_count)

    per_run = np.repeat(place, hi - lo)          # the target of each query run
    base = t_first[per_run]
    shift = per_run * stride

    def covered_below(x: np.ndarray) -> np.ndarray:
        # |windows(target) ∩ [0, x)|, for each query run's bound x
        r = np.searchsorted(t_key, x + shift, side="right") - 1
        inside = r >= base                       # a run of the target word starts at or below x
        r = np.where(inside, r, 0)
        return np.where(inside, t_before[r] + np.minimum(x, t_end[r]) - t_start[r], 0)

    overlap = covered_below(run_end[run].astype(np.int64)) - covered_below(run_start[run].astype(np.int64))
    total = np.concatenate([[0], np.cumsum(overlap)])
    bounds = np.concatenate([[0], np.cumsum(hi - lo)])
    shared: np.ndarray = total[bounds[1:]] - total[bounds[:-1]]
    return shared


def _concat_ranges(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """np.concatenate([np.arange(s, e) for s, e in zip(starts, ends)]), vectorized."""
    length = ends - starts
    total = int(length.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offset = np.repeat(starts - np.concatenate([[0], np.cumsum(length)[:-1]]), length)
    ranges: np.ndarray = np.arange(total, dtype=np.int64) + offset
    return ranges


# ---------------------------------------------------------------------- streaming, for known words
def count_known(docs: Iterable[Any], index: dict[str, int], window: int | None,
                gensim_compat: bool) -> _Known:
    """``(word_counts, pairs, n, n_documents, n_tokens)`` of the words of ``index`` in ``docs``, chunk by chunk
    (``pairs``: the upper triangle of the pair counts)."""
    total: tuple[np.ndarray, np.ndarray, int, int, int] | None = None
    chunks = (_known_document_chunks(docs, index, _STREAM_CHUNK_TOKENS) if window is None else
              _token_id_chunks(docs, index, window, restricted=True, chunk_tokens=_STREAM_CHUNK_TOKENS))
    for chunk in chunks:
        part = _known_word_counts(chunk, len(index), window, gensim_compat)
        total = part if total is None else add_known_counts(total, part)
    assert total is not None, "every corpus gives at least one chunk"
    return total


def _known_word_counts(chunk: _Chunk, k: int, window: int | None, gensim_compat: bool) -> _Known:
    """Counts of the k known words (ids 0 .. k - 1) in one chunk of documents.

    Returns ``(word_counts, pairs, n, n_documents, n_tokens)``: ``pairs[i, j]`` (i < j; the rest 0) is the
    number of the chunk's windows holding both words.  Only the known words' tokens are looked at: each
    token's windows form a range (see :func:`_token_windows`), a word's ranges are merged into disjoint
    runs, and two words share the windows where a run of one overlaps a run of the other.  Sorted by start,
    the runs overlapping a run ``a`` from the right are those that start inside it, found by one binary
    search; each overlapping pair of runs is thus met once, and its overlap added to its pair of words, in
    integers.  Work and memory go with the known words' tokens (and the runs that overlap), never with k²
    except for the k × k table itself.
    """
    ids, lengths = chunk.ids, chunk.lengths
    word_counts = np.zeros(k, dtype=np.int64)
    pairs = np.zeros((k, k), dtype=np.int64)
    if lengths.shape[0] == 0:
        return word_counts, pairs, 0, 0, chunk.n_tokens
    if window is None:
        return (*_document_pairs(ids, lengths, k), lengths.shape[0], lengths.shape[0], chunk.n_tokens)
    if window is not None:
        window = min(window, max(1, int(lengths.max())))   # as the full index does: no huge numbers
    run_start, run_end, run_word, n = _known_runs(ids, lengths, window, gensim_compat)
    if run_start.shape[0] == 0:
        return word_counts, pairs, n, lengths.shape[0], chunk.n_tokens
    np.add.at(word_counts, run_word, run_end - run_start)

    order = np.argsort(run_start, kind="stable")
    start, end, word = run_start[order], run_end[order], run_word[order]
    del order, run_start, run_end, run_word
    # Runs r + 1 .. last[r] - 1 start inside run r (at or after its start, before its end).
    last = np.searchsorted(start, end, side="left")
    before = np.concatenate([[0], np.cumsum(last - np.arange(1, start.shape[0] + 1))])
    flat = pairs.reshape(-1)
    first = 0
    while first < start.shape[0]:
        # a batch of runs whose overlapping pairs are at most _PAIR_BATCH (or one run, if it has more)
        stop = int(np.searchsorted(before, before[first] + _PAIR_BATCH, side="right")) - 1
        stop = min(max(stop, first + 1), start.shape[0])
        a = np.repeat(np.arange(first, stop), last[first:stop] - np.arange(first + 1, stop + 1))
        b = _concat_ranges(np.arange(first + 1, stop + 1), last[first:stop])
        if a.shape[0]:
            wa, wb = word[a], word[b]
            np.add.at(flat, np.minimum(wa, wb) * k + np.maximum(wa, wb), np.minimum(end[a], end[b]) - start[b])
        first = stop
    return word_counts, pairs, n, lengths.shape[0], chunk.n_tokens


def _document_pairs(ids: np.ndarray, lengths: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Whole documents: ``(word_counts, pairs)`` of the k known words, ``ids`` holding each document's known
    words once.  With X the document-by-word table of 0s and 1s, c(i, j) = (X.T X)[i, j] and c(i) its
    diagonal: one sparse product, in integers."""
    import scipy.sparse as sp   # loaded when first needed: import teachkit stays quick

    x = sp.csr_matrix((np.ones(ids.shape[0], dtype=np.int64), ids, np.concatenate([[0], np.cumsum(lengths)])),
                      shape=(lengths.shape[0], k))
    table = (x.T @ x).toarray()
    return np.diagonal(table).copy(), np.triu(table, 1)


def _known_runs(ids: np.ndarray, lengths: np.ndarray, window: int,
                gensim_compat: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """The known words' windows in a chunk, as disjoint runs: ``(run_start, run_end, run_word, n)``.

    ``ids`` holds each token's word id (-1 for other words), documents one after the other, ``lengths``
    the entries per document (with whole documents, each distinct word of a document once).  Window numbers
    count from the chunk's first window; ``n`` is the number of windows in the chunk.
    """
    doc_start = np.concatenate([[0], np.cumsum(lengths)])
    per_doc = np.ones_like(lengths) if window is None else np.maximum(1, lengths - window + 1)
    first_window = np.concatenate([[0], np.cumsum(per_doc)])
    n = int(first_window[-1])
    pos = np.flatnonzero(ids >= 0)
    word = ids[pos].astype(np.int64)
    # Grouped by word, in corpus order within a word (a stable sort keeps positions ascending).
    by_word = np.argsort(word, kind="stable")
    pos, word = pos[by_word], word[by_word]
    del by_word
    doc = np.searchsorted(doc_start, pos, side="right") - 1
    if window is None:
        start = doc                      # document d is window d
        end = doc.copy()
    else:
        start, end = _token_windows(word, pos, doc_start[doc], per_doc[doc], window, gensim_compat)
        start += first_window[doc]
        end += first_window[doc]
    return (*_merge_runs(word, start, end), n)


def _token_windows(word: np.ndarray, pos: np.ndarray, doc_first_token: np.ndarray, windows_in_doc: np.ndarray,
                   window: int, gensim_compat: bool) -> tuple[np.ndarray, np.ndarray]:
    """First and last window (inclusive, numbered within the document) in which each token's word is seen.

    The token at position p of its document lies in windows max(0, p - k + 1) .. min(p, last window).  With
    ``gensim_compat``, gensim 4.4's accumulator stops seeing the word earlier (see
    :func:`teachkit.counts.gensim_compat.last_window_seen`).  ``word`` and ``pos`` are sorted by word, then position.
    """
    start = pos - doc_first_token                   # position in the document
    end = np.minimum(start, windows_in_doc - 1)
    start -= window - 1
    np.maximum(start, 0, out=start)
    if gensim_compat:
        first_clear = last_window_seen(word, pos, doc_first_token + start) - doc_first_token
        end = np.minimum(first_clear, windows_in_doc - 1)
    return start, end


def _merge_runs(word: np.ndarray, start: np.ndarray, end: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each word's windows ``start[t] .. end[t]`` (inclusive) as disjoint runs: ``(run_start, run_end, run_word)``,
    ends exclusive.

    The entries are sorted by word, then start, and within a word ``end`` never decreases either (a later
    copy of a word is seen until a later window, gensim_compat's shortened windows included), so a word's
    windows break into a new run exactly where an entry starts more than one window past the previous
    entry's end, and a run ends at the end of its last entry.
    """
    new_run = np.empty(word.shape[0], dtype=bool)
    if word.shape[0]:
        new_run[0] = True
        np.greater(start[1:], end[:-1] + 1, out=new_run[1:])
        new_run[1:] |= word[1:] != word[:-1]
    first = np.flatnonzero(new_run)
    del new_run
    last = np.append(first[1:], word.shape[0])[:first.shape[0]] - 1
    return start[first], end[last] + 1, word[first]


def add_known_counts(a: _Known, b: _Known) -> _Known:
    """Two chunks' (or shards') counts of the same known words, added."""
    return a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4]


def full_pair_table(upper: np.ndarray, word_counts: np.ndarray) -> np.ndarray:
    """The full pair table from its upper triangle, with c(w, w) = c(w) on the diagonal."""
    table: np.ndarray = upper + upper.T
    np.fill_diagonal(table, word_counts)
    return table
