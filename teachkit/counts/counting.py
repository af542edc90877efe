"""Counting windows: how many windows contain a word, and a pair of words.

Every probability in the PMI lessons is a ratio of window counts::

    P(w)      = c(w) / n          c(w)      = number of windows containing w
    P(w1, w2) = c(w1, w2) / n     c(w1, w2) = number of windows containing both
                                  n         = number of windows

A *window* is either a whole document (``window=None``: document-level
co-occurrence, as in the Portuguese research note) or a run of ``k``
consecutive tokens (``window=k``).  Sliding windows are laid out as gensim's
``boolean_sliding_window`` lays them out: a document of ``L >= k`` tokens
gives ``L - k + 1`` windows, a shorter document (an empty one included)
gives exactly one window holding the whole document.  A window contains a
word when the word occurs anywhere in it, however many times.

How the counting works: an index from each word to its windows
----------------------------------------------------------------
Number the windows 0, 1, ..., n - 1 through the corpus.  The windows that
contain a word form a *set* of window numbers, and

    c(w)      = |windows(w)|
    c(w1, w2) = |windows(w1) ∩ windows(w2)|       (the size of an intersection)

A token at position ``p`` of a document lies in the consecutive windows
``p - k + 1, ..., p`` (clipped to the document's windows), so each word's set
is stored compactly as sorted, disjoint *runs* of consecutive window numbers
(with whole documents, one run per stretch of consecutive documents holding
the word).  Building the index is one pass over the tokens and takes memory
proportional to the number of tokens, whatever the window size.  ``c(w)`` is
the total length of a word's runs; ``c(w1, w2)`` is the length of the overlap
of two run lists, computed with numpy only when a pair is asked about, then
kept.  The vocabulary × vocabulary table of every pair is never built unless
asked for with :meth:`CooccurrenceCounts.pair_count_matrix`.

When the words are known in advance (``words=``), nothing is indexed: the
documents are read in chunks that end at a document's end, the known words'
runs in each chunk are intersected at once (the runs that start inside a
run are the ones overlapping it from the right), and the chunk's counts are
added to a k × k table and the chunk dropped.  Windows never cross a
document, so sums over chunks are exactly the counts of the whole corpus;
the same holds for shards of a corpus counted on different machines.

For example, windows of 2 tokens over "a b a c" are [a b], [b a], [a c],
numbered 0, 1, 2: windows(a) = {0, 1, 2}, windows(c) = {2}, so
c(a, c) = |{0, 1, 2} ∩ {2}| = 1.

>>> counts = CooccurrenceCounts.from_documents([["a", "b", "a", "c"]], window=2)
>>> counts.count("a"), counts.count("c"), counts.count("a", "c")
(3, 1, 1)

gensim 4.4 departs from the "anywhere in it" rule: its accumulator updates
word presence incrementally and, when a token leaves the window, marks the
word absent even if another copy of it is still inside.  Words that repeat
within a window are therefore under-counted.  ``gensim_compat=True``
reproduces gensim's numbers exactly, for side-by-side comparisons only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import numpy as np
from numpy.typing import ArrayLike

from ..text import normalize_token
from ._engine import (_assemble_runs, _check_pair_consistency, _check_window_count, _concat_ranges,
                      _shared_windows, _shared_windows_of_pair, _word_list, check_corpus_arguments, chunk_runs,
                      count_known, full_pair_table, pad_with_zeros, words_index)

__all__ = ["CooccurrenceCounts"]

# The index is built a chunk of this many tokens at a time (their word ids in numpy arrays, looked up
# _engine._LOOKUP_TOKENS at a time), so a generator of documents is read without holding its text.
_CHUNK_TOKENS = 1 << 20

# counts_for computes pairs one intersection at a time up to this many words;
# beyond, one sparse matrix product (pair_count_matrix) is faster.
_PAIRWISE_LIMIT = 60


class CooccurrenceCounts:
    """Window counts of words and word pairs.

    Build one with :meth:`from_documents` (from a corpus) or :meth:`from_counts`
    (from counts printed in a textbook example).

    Attributes
    ----------
    n : int
        Number of windows.
    window : int or None
        Window size in tokens, or None for whole documents.
    gensim_compat : bool
        True when the counts reproduce gensim 4.4's sliding-window accumulator.
    n_documents : int or None
        Number of documents read (None when built from counts).
    n_tokens : int or None
        Number of tokens read (None when built from counts).

    Examples
    --------
    >>> docs = ["canção do exílio", "canção de ninar", "o exílio"]
    >>> counts = CooccurrenceCounts.from_documents(docs)
    >>> counts.n, counts.count("canção"), counts.count("canção", "exílio")
    (3, 2, 1)
    """

    def __init__(self, vocabulary: list[str] | Mapping[str, int], word_counts: ArrayLike, n: int, *,
                 runs: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
                 pair_table: dict[tuple[int, int], int] | None = None, pair_matrix: np.ndarray | None = None,
                 window: int | None = None, gensim_compat: bool = False, restricted: bool = False,
                 n_documents: int | None = None, n_tokens: int | None = None) -> None:
        # Built by from_documents or from_counts; not meant to be called directly.
        if isinstance(vocabulary, list):                # words in id order (an index opened from disk)
            self._words = vocabulary
            self._index = dict(zip(vocabulary, range(len(vocabulary))))
        else:
            self._index = dict(vocabulary)              # normalized word -> id
            self._words = sorted(self._index, key=self._index.__getitem__)
        self._word_counts = np.asarray(word_counts, dtype=np.int64)
        # From documents: (run_start, run_end, word_run), see _build_runs.
        self._runs = runs
        # From counts: {(i, j): c(i, j)} with i < j, as given by hand.
        self._pair_table = pair_table
        # Known words counted as a stream (words=): every c(i, j) of them, c(i) on the diagonal.
        self._pair_matrix = pair_matrix
        self._pair_cache: dict[tuple[int, int], int] = {}
        self.n = int(n)
        self.window = window
        self.gensim_compat = bool(gensim_compat)
        self._restricted = bool(restricted)
        self.n_documents = n_documents
        self.n_tokens = n_tokens

    # ------------------------------------------------------------------ build
    @classmethod
    def from_documents(cls, docs: Iterable[str | Sequence[str]], window: int | None = None, *,
                       gensim_compat: bool = False, words: Iterable[str] | None = None) -> CooccurrenceCounts:
        """Count windows in a corpus.

        Parameters
        ----------
        docs : iterable of str or of list of str
            The documents.  A document is either a string, split with
            :func:`teachkit.tokenize`, or a flat list (or tuple) of token
            strings, used as it is, each token lowercased and NFC normalized.
            Any iterable of documents works, a generator included; a dict is
            refused (pass ``list(d.values())``), and so is a document that is
            a list of sentences (flatten it first).
        window : int or None, default None
            None: each document is one window (document-level co-occurrence).
            k: sliding windows of k tokens.  Memory does not depend on k.  A
            document no longer than k is one window, so a k at least as long
            as the longest document gives the counts of whole documents
            (with ``n`` = the number of documents), however large k is.
        gensim_compat : bool, default False
            Reproduce gensim 4.4's sliding-window counts, which under-count
            words that repeat within a window.  Only for comparisons with
            gensim; the default gives the correct counts.
        words : iterable of str, optional
            Count only these words (and their pairs), streaming: the
            documents are read in chunks of about 260,000 tokens and only
            these words' counts are kept, so memory depends on the number of
            words (a table of len(words)² pair counts), not on the size of
            the corpus, and ``docs`` can be a generator over a corpus too
            large to hold.  Windows are still laid out over all tokens, so
            ``n`` and every count are those of the full index, with
            ``gensim_compat=True`` too.  Asking about another word raises
            ValueError.

        Returns
        -------
        CooccurrenceCounts

        Raises
        ------
        ValueError
            If the corpus holds no document, or ``window`` is not a whole
            number of at least 1.
        TypeError
            If ``docs`` or one of its documents has the wrong shape.

        Examples
        --------
        Windows of 3 tokens over "a b a c": [a b a] and [b a c], so c(a) = 2
        and c(b, c) = 1.

        >>> counts = CooccurrenceCounts.from_documents([["a", "b", "a", "c"]], window=3)
        >>> counts.n, counts.count("a"), counts.count("b", "c")
        (2, 2, 1)
        """
        window, gensim_compat = check_corpus_arguments(docs, window, gensim_compat)
        return cls._from_checked(docs, window, gensim_compat, words)

    @classmethod
    def _from_checked(cls, docs: Iterable[Any], window: int | None, gensim_compat: bool,
                      words: Iterable[str] | None) -> CooccurrenceCounts:
        """:meth:`from_documents` once ``docs``, ``window`` and ``gensim_compat`` are checked (its callers
        check them at their own door: from_documents, or coherence_per_topic with its own names)."""
        restricted = words is not None
        index = words_index(words) if restricted else {}
        if restricted:
            # Known words: the documents are read in chunks of a few hundred thousand tokens, and each chunk's
            # counts and pairs of these words are added up and the chunk dropped, so memory depends on the
            # words and the window, not on the length of the corpus (windows never cross a document, and
            # chunks end at document ends).  The values are those of the full index, gensim_compat included.
            word_counts, pairs, n, n_documents, n_tokens = count_known(docs, index, window, gensim_compat)
            if n_documents == 0:
                raise ValueError("docs is empty: there is no document to count. Pass at least one document.")
            return cls(index, word_counts, n, pair_matrix=full_pair_table(pairs, word_counts), window=window,
                       gensim_compat=gensim_compat, restricted=True, n_documents=n_documents, n_tokens=n_tokens)

        # The index is built a chunk of documents at a time (arrays of a few MB, which the allocator reuses:
        # time stays proportional to the corpus) and the chunks' runs are then put together word by word.
        parts, word_counts, n, n_documents, n_tokens = [], np.zeros(0, dtype=np.int64), 0, 0, 0
        for part in chunk_runs(docs, index, window, gensim_compat, _CHUNK_TOKENS):
            parts.append((part.start, part.end, np.diff(part.word_run), n))
            word_counts = pad_with_zeros(word_counts, len(index)) + pad_with_zeros(part.word_counts, len(index))
            n += part.n
            n_documents += part.n_documents
            n_tokens += part.n_tokens
        if n_documents == 0:
            raise ValueError("docs is empty: there is no document to count. Pass at least one document.")
        # A corpus without a single token (empty or punctuation-only documents)
        # is valid: n windows, every word count 0.  topic_coherence then says
        # the keywords are not in the corpus, rather than failing inside numpy.
        runs = _assemble_runs(parts, len(index), n)
        return cls(index, pad_with_zeros(word_counts, len(index)), n, runs=runs, window=window,
                   gensim_compat=gensim_compat, n_documents=n_documents, n_tokens=n_tokens)

    @classmethod
    def from_counts(cls, n: int, word_counts: Mapping[str, int],
                    pair_counts: Mapping[tuple[str, str], int] | None = None) -> CooccurrenceCounts:
        """Build counts from numbers given by hand (a textbook example).

        Parameters
        ----------
        n : int
            Number of windows.
        word_counts : mapping of str to int
            c(w) for each word.
        pair_counts : mapping of (str, str) to int, optional
            c(w1, w2) for each pair given; pairs not given count 0.  A pair
            may be given in both orders (a symmetric table) when the two
            counts agree; it is then counted once.

        Examples
        --------
        The NPMI guide's running/exercise example:

        >>> counts = CooccurrenceCounts.from_counts(
        ...     10_000, {"running": 500, "exercise": 400}, {("running", "exercise"): 150})
        >>> counts.count("exercise", "running")
        150
        """
        n = _check_window_count(n, "n")
        if n == 0:
            raise ValueError("n must be at least 1: there must be at least one window.")
        if not isinstance(word_counts, Mapping):
            raise TypeError("word_counts must be a mapping word -> count, e.g. {'running': 500}.")
        if pair_counts is None:
            pair_counts = {}
        if not isinstance(pair_counts, Mapping):
            raise TypeError(
                f"pair_counts must be a mapping (word1, word2) -> count, e.g. {{('running', 'exercise'): 150}}; "
                f"got {type(pair_counts).__name__}."
            )
        index: dict[str, int] = {}
        values = []
        for w, c in word_counts.items():
            if not isinstance(w, str):
                raise TypeError(f"word_counts keys must be words (strings), got {type(w).__name__} {w!r}.")
            key = normalize_token(w)
            if key in index:
                raise ValueError(f"word_counts names {w!r} twice (after lowercasing and Unicode normalization).")
            c = _check_window_count(c, f"word_counts[{w!r}]")
            if c > n:
                raise ValueError(f"word_counts[{w!r}] = {c} is more than n = {n}: a word cannot lie in more windows "
                                 "than there are.")
            index[key] = len(index)
            values.append(c)
        table: dict[tuple[int, int], int] = {}
        given_as: dict[tuple[int, int], tuple[str, str]] = {}
        for pair, c in pair_counts.items():
            if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(w, str) for w in pair)):
                raise TypeError(
                    f"pair_counts keys must be pairs of two words, like ('running', 'exercise'); got {pair!r}."
                )
            w1, w2 = pair
            k1, k2 = normalize_token(w1), normalize_token(w2)
            for w, k in ((w1, k1), (w2, k2)):
                if k not in index:
                    raise ValueError(f"pair_counts names {w!r}, which has no entry in word_counts; give its count "
                                     "there too.")
            if k1 == k2:
                raise ValueError(f"pair_counts pairs {w1!r} with itself; a pair needs two different words.")
            c = _check_window_count(c, f"pair_counts[{pair!r}]")
            i, j = sorted((index[k1], index[k2]))
            if (i, j) in table:
                if table[i, j] != c:
                    raise ValueError(
                        f"pair_counts gives the pair {given_as[i, j]!r} = {table[i, j]} and {pair!r} = {c}: "
                        "c(w1, w2) and c(w2, w1) are the same count (windows holding both words). "
                        "Give each pair once, or the same number in both orders."
                    )
                continue  # the same pair typed in both orders: it counts once
            _check_pair_consistency(c, values[index[k1]], values[index[k2]], n, f"pair_counts[{pair!r}]", w1, w2)
            table[i, j] = c
            given_as[i, j] = pair
        return cls(index, values, n, pair_table=table, restricted=True)

    # ------------------------------------------------------------------ query
    @property
    def vocabulary(self) -> tuple[str, ...]:
        """The counted words, in the order they were first seen."""
        return tuple(self._words)

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        i = self._index.get(normalize_token(word))
        return i is not None and self._word_counts[i] > 0

    def __len__(self) -> int:
        return len(self._words)

    def _id(self, word: object, name: str = "word") -> int | None:
        if not isinstance(word, str):
            raise TypeError(f"{name} must be a word (a string), got {type(word).__name__} {word!r}.")
        i = self._index.get(normalize_token(word))
        if i is None and self._restricted:
            raise ValueError(
                f"{word!r} was not counted: these counts were restricted to a list of words. "
                "Add it to words= when building the counts."
            )
        return i

    def count(self, w1: str, w2: str | None = None) -> int:
        """c(w1), or c(w1, w2) when two words are given.

        A word that never occurs in the corpus lies in no window, so its
        count is 0.  ``count(w, w)`` is ``count(w)``.

        Examples
        --------
        >>> counts = CooccurrenceCounts.from_documents(["a b", "a c", "b c a"])
        >>> counts.count("a"), counts.count("a", "b"), counts.count("a", "zebra")
        (3, 2, 0)
        """
        i = self._id(w1, "w1")
        if w2 is None:
            return 0 if i is None else int(self._word_counts[i])
        j = self._id(w2, "w2")
        if i is None or j is None:
            return 0
        return self._pair(i, j)

    def _pair(self, i: int, j: int) -> int:
        """c(i, j) for two word ids: from the cache, or one intersection of run lists."""
        if i == j:
            return int(self._word_counts[i])
        if self._pair_matrix is not None:
            return int(self._pair_matrix[i, j])
        key = (i, j) if i < j else (j, i)
        if self._pair_table is not None:
            return self._pair_table.get(key, 0)
        value = self._pair_cache.get(key)
        if value is None:
            assert self._runs is not None, "counts from documents keep their runs"
            value = self._pair_cache[key] = _shared_windows_of_pair(self._runs, i, j)
        return value

    def _compute_pairs(self, keys: list[tuple[int, int]]) -> None:
        """Put c(i, j) for every (i, j) in ``keys`` into the cache, all in one vectorized pass."""
        first, second = np.array(keys, dtype=np.int64).reshape(-1, 2).T
        assert self._runs is not None, "counts from documents keep their runs"
        values = _shared_windows(self._runs, first, second, self.n + 2)
        self._pair_cache.update(zip(keys, values.tolist()))

    def counts_for(self, words: Iterable[str]) -> tuple[np.ndarray, np.ndarray]:
        """Word counts and the pair-count matrix for ``words``, vectorized.

        Only the pairs of ``words`` are computed (and kept for later calls).

        Returns
        -------
        (numpy.ndarray, numpy.ndarray)
            ``c[i] = c(words[i])`` and ``C[i, j] = c(words[i], words[j])``.
            Words that never occur get zero rows.

        Examples
        --------
        >>> counts = CooccurrenceCounts.from_documents(["a b", "a c", "b c a"])
        >>> c, C = counts.counts_for(["a", "b"])
        >>> c.tolist(), C.tolist()
        ([3, 2], [[3, 2], [2, 2]])
        """
        words = _word_list(words, "words")
        if len(words) > _PAIRWISE_LIMIT and self._runs is not None:
            return self.pair_count_matrix(words)
        ids = [self._id(w, f"words[{k}]") for k, w in enumerate(words)]
        if self._pair_matrix is not None:
            return self._from_pair_matrix(ids)
        m = len(ids)
        c = np.array([0 if i is None else self._word_counts[i] for i in ids], dtype=np.int64)
        pairs = np.zeros((m, m), dtype=np.int64)
        # The pairs asked about, each once as (smaller id, larger id).
        where: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for a in range(m):
            for b in range(a + 1, m):
                i, j = ids[a], ids[b]
                if i is not None and j is not None and i != j:
                    where.setdefault((i, j) if i < j else (j, i), []).append((a, b))
        if self._pair_table is not None:
            known = {key: self._pair_table.get(key, 0) for key in where}
        else:
            missing = [key for key in where if key not in self._pair_cache]
            if missing:
                self._compute_pairs(missing)
            known = self._pair_cache
        for key, places in where.items():
            for a, b in places:
                pairs[a, b] = pairs[b, a] = known[key]
        for a in range(m):
            for b in range(a, m):
                if ids[a] is not None and ids[a] == ids[b]:   # a word listed twice: c(w, w) = c(w)
                    pairs[a, b] = pairs[b, a] = c[a]
        return c, pairs

    def _from_pair_matrix(self, ids: list[int | None]) -> tuple[np.ndarray, np.ndarray]:
        """counts_for from the table of known words' pairs (ids None: words that lie in no window)."""
        present = [a for a, i in enumerate(ids) if i is not None]
        chosen = np.array([ids[a] for a in present], dtype=np.int64)
        c = np.zeros(len(ids), dtype=np.int64)
        c[present] = self._word_counts[chosen]
        pairs = np.zeros((len(ids), len(ids)), dtype=np.int64)
        assert self._pair_matrix is not None, "counts of known words keep their pair matrix"
        pairs[np.ix_(present, present)] = self._pair_matrix[np.ix_(chosen, chosen)]
        return c, pairs

    def pair_count_matrix(self, words: Iterable[str] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Every pair count among ``words``, as one dense matrix (built explicitly).

        For the few uses that need all pairs of many words, such as PPMI word
        vectors.  The matrix has ``len(words)**2`` entries and building it
        touches every window of every word, so choose the words (the
        default, the whole vocabulary, is meant for small corpora).

        Parameters
        ----------
        words : sequence of str, optional
            Default: :attr:`vocabulary`.

        Returns
        -------
        (numpy.ndarray, numpy.ndarray)
            As :meth:`counts_for`: ``c[i] = c(words[i])`` and
            ``C[i, j] = c(words[i], words[j])``.

        Examples
        --------
        >>> counts = CooccurrenceCounts.from_documents(["a b", "a c", "b c a"])
        >>> counts.pair_count_matrix()[1].tolist()
        [[3, 2, 2], [2, 2, 1], [2, 1, 2]]
        """
        words = self.vocabulary if words is None else _word_list(words, "words")
        ids = [self._id(w, f"words[{k}]") for k, w in enumerate(words)]
        if self._pair_matrix is not None:
            return self._from_pair_matrix(ids)
        present = np.array([i is not None for i in ids], dtype=bool)
        cols = np.flatnonzero(present)
        word_ids = np.array([i for i in ids if i is not None], dtype=np.int64)
        c = np.zeros(len(ids), dtype=np.int64)
        c[cols] = self._word_counts[word_ids]
        pairs = np.zeros((len(ids), len(ids)), dtype=np.int64)
        if self._pair_table is not None:
            for a in cols:
                for b in cols:
                    pairs[a, b] = self._pair(cast(int, ids[a]), cast(int, ids[b]))   # present: not None
            return c, pairs
        if len(word_ids):
            # A window-by-word presence matrix X for just these words, from
            # their runs; X.T @ X holds every shared-window count.
            # Counts with neither a pair table nor a pair matrix were built from documents, so they hold runs.
            assert self._runs is not None
            run_start, run_end, word_run = self._runs
            first, last = word_run[word_ids].astype(np.int64), word_run[word_ids + 1].astype(np.int64)
            n_runs = last - first
            run = _concat_ranges(first, last)
            starts, ends = run_start[run].astype(np.int64), run_end[run].astype(np.int64)
            length = ends - starts
            window = _concat_ranges(starts, ends)
            column = np.repeat(np.repeat(np.arange(len(word_ids)), n_runs), length)
            import scipy.sparse as sp   # loaded when first needed: import teachkit stays quick

            x = sp.csc_matrix((np.ones(window.shape[0], dtype=np.int64), (window, column)),
                              shape=(self.n, len(word_ids)))
            pairs[np.ix_(cols, cols)] = (x.T @ x).toarray()
        return c, pairs

    def __repr__(self) -> str:
        kind = "documents" if self.window is None else f"sliding windows of {self.window}"
        extra = ", gensim_compat" if self.gensim_compat else ""
        return f"CooccurrenceCounts(n={self.n} windows ({kind}{extra}), {len(self)} words)"
