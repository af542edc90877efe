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

gensim 4.4 departs from that last rule: its accumulator updates word
presence incrementally and, when a token leaves the window, marks the word
absent even if another copy of it is still inside.  Words that repeat within
a window are therefore under-counted.  ``gensim_compat=True`` reproduces
gensim's numbers exactly, for side-by-side comparisons only.

Counting is vectorized: each chunk of documents becomes a sparse
window-by-word presence matrix ``X`` (one row per window, a 1 where the word
is present), and ``X.T @ X`` gives every pair count at once; its diagonal
gives the word counts.  Documents are read in chunks, so an iterator of
documents is counted in memory bounded by the chunk size plus the size of the
pair-count matrix itself.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping

import numpy as np
import scipy.sparse as sp

from ._checks import check_count, check_positive_int
from .text import normalize_token, tokenize

__all__ = ["CooccurrenceCounts"]

# How many tokens (times the window size) go into one vectorized chunk.
# Large enough that numpy dominates the run time, small enough that a chunk's
# temporary arrays stay around 15-25 MiB (benchmarks/bench_coherence.py: at
# 4_000_000 a sliding-window chunk peaked at ~113 MiB and whole documents
# were not chunked at all below 4M tokens, with no gain in speed).
_CHUNK_CELLS = 500_000


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

    def __init__(self, vocabulary, word_counts, pair_counts, n, *, window=None,
                 gensim_compat=False, restricted=False, n_documents=None, n_tokens=None):
        self._index = dict(vocabulary)
        self._words = sorted(self._index, key=self._index.get)
        self._word_counts = np.asarray(word_counts, dtype=np.int64)
        self._pairs = sp.csr_matrix(pair_counts, dtype=np.int64)
        self.n = int(n)
        self.window = window
        self.gensim_compat = bool(gensim_compat)
        self._restricted = bool(restricted)
        self.n_documents = n_documents
        self.n_tokens = n_tokens

    # ------------------------------------------------------------------ build
    @classmethod
    def from_documents(cls, docs, window=None, *, gensim_compat=False, words=None):
        """Count windows in a corpus.

        Parameters
        ----------
        docs : iterable of str or of list of str
            The documents.  A string is split with :func:`teachkit.tokenize`; a
            list of tokens is used as it is, each token lowercased and NFC
            normalized.  Any iterable works, a generator included: documents
            are consumed in chunks, never all held at once.
        window : int or None, default None
            None: each document is one window (document-level co-occurrence).
            k: sliding windows of k tokens.
        gensim_compat : bool, default False
            Reproduce gensim 4.4's sliding-window counts, which under-count
            words that repeat within a window.  Only for comparisons with
            gensim; the default gives the correct counts.
        words : iterable of str, optional
            Count only these words (and pairs of them).  Windows are still laid
            out over all tokens, so counts and ``n`` are the same as without
            this argument; it only saves time and memory on a large corpus,
            as gensim does with the topic words.

        Returns
        -------
        CooccurrenceCounts

        Raises
        ------
        ValueError
            If the corpus holds no document, or ``window`` is not a whole
            number of at least 1.
        """
        if isinstance(docs, (str, bytes)):
            raise TypeError(
                "docs must be a collection of documents (a list of strings or of token lists), "
                "got a single string. Wrap it in a list: [text]."
            )
        if not isinstance(docs, Iterable):
            raise TypeError(f"docs must be an iterable of documents, got {type(docs).__name__}.")
        if window is not None:
            window = check_positive_int(window, "window")
        if gensim_compat and window is None:
            raise ValueError(
                "gensim_compat=True only changes sliding-window counts; pass window=k as well "
                "(at document level gensim and teachkit already agree)."
            )

        restricted = words is not None
        index: dict[str, int] = {}
        if restricted:
            if isinstance(words, str):
                raise TypeError("words must be a list of words, not a single string.")
            for w in words:
                index.setdefault(normalize_token(w), len(index))
        # Raw token string -> id (or -1 when not counted).  Caching the
        # normalization makes the per-token cost one dict look-up.
        cache: dict[str, int] = {}

        word_counts = np.zeros(len(index), dtype=np.int64)
        pairs = sp.csr_matrix((len(index), len(index)), dtype=np.int64)
        n_windows = 0
        n_docs = 0
        n_tokens = 0

        chunk_ids: list[np.ndarray] = []
        chunk_cells = 0
        cells_per_token = window if window is not None else 1

        def flush():
            nonlocal word_counts, pairs, n_windows, chunk_ids, chunk_cells
            if not chunk_ids:
                return
            size = len(index)
            x, windows = _presence_matrix(chunk_ids, window, gensim_compat, size)
            chunk_counts = np.asarray(x.sum(axis=0)).ravel()
            if word_counts.shape[0] < size:
                word_counts = np.concatenate([word_counts, np.zeros(size - word_counts.shape[0], np.int64)])
                pairs.resize((size, size))
            word_counts += chunk_counts
            pairs = pairs + (x.T @ x).tocsr()
            n_windows += windows
            chunk_ids = []
            chunk_cells = 0

        for doc in docs:
            ids = _doc_ids(doc, n_docs, index, cache, restricted)
            chunk_ids.append(ids)
            n_docs += 1
            n_tokens += ids.shape[0]
            chunk_cells += max(1, ids.shape[0]) * cells_per_token
            if chunk_cells >= _CHUNK_CELLS:
                flush()
        flush()

        if n_docs == 0:
            raise ValueError("docs is empty: there is no document to count. Pass at least one document.")
        if word_counts.shape[0] < len(index):  # words= that never occur
            word_counts = np.concatenate([word_counts, np.zeros(len(index) - word_counts.shape[0], np.int64)])
            pairs.resize((len(index), len(index)))
        pairs.sum_duplicates()
        return cls(index, word_counts, pairs, n_windows, window=window, gensim_compat=gensim_compat,
                   restricted=restricted, n_documents=n_docs, n_tokens=n_tokens)

    @classmethod
    def from_counts(cls, n, word_counts, pair_counts=None):
        """Build counts from numbers given by hand (a textbook example).

        Parameters
        ----------
        n : int
            Number of windows.
        word_counts : mapping of str to int
            c(w) for each word.
        pair_counts : mapping of (str, str) to int, optional
            c(w1, w2) for each pair given; pairs not given count 0.

        Examples
        --------
        The NPMI guide's running/exercise example:

        >>> counts = CooccurrenceCounts.from_counts(
        ...     10_000, {"running": 500, "exercise": 400}, {("running", "exercise"): 150})
        >>> counts.count("exercise", "running")
        150
        """
        n = check_count(n, "n")
        if n == 0:
            raise ValueError("n must be at least 1: there must be at least one window.")
        if not isinstance(word_counts, Mapping):
            raise TypeError("word_counts must be a mapping word -> count, e.g. {'running': 500}.")
        index: dict[str, int] = {}
        values = []
        for w, c in word_counts.items():
            key = normalize_token(w)
            if key in index:
                raise ValueError(f"word_counts names {w!r} twice (after lowercasing and Unicode normalization).")
            c = check_count(c, f"word_counts[{w!r}]")
            if c > n:
                raise ValueError(f"word_counts[{w!r}] = {c} is more than n = {n}: a word cannot lie in more windows than there are.")
            index[key] = len(index)
            values.append(c)
        size = len(index)
        rows, cols, data = [], [], []
        for (w1, w2), c in (pair_counts or {}).items():
            k1, k2 = normalize_token(w1), normalize_token(w2)
            for w, k in ((w1, k1), (w2, k2)):
                if k not in index:
                    raise ValueError(f"pair_counts names {w!r}, which has no entry in word_counts; give its count there too.")
            if k1 == k2:
                raise ValueError(f"pair_counts pairs {w1!r} with itself; a pair needs two different words.")
            c = check_count(c, f"pair_counts[{(w1, w2)!r}]")
            c1, c2 = values[index[k1]], values[index[k2]]
            _check_pair_consistency(c, c1, c2, n, f"pair_counts[{(w1, w2)!r}]", w1, w2)
            rows += [index[k1], index[k2]]
            cols += [index[k2], index[k1]]
            data += [c, c]
        diag = np.arange(size)
        pairs = sp.csr_matrix((np.concatenate([data, values]).astype(np.int64),
                               (np.concatenate([rows, diag]).astype(np.int64),
                                np.concatenate([cols, diag]).astype(np.int64))),
                              shape=(size, size))
        return cls(index, values, pairs, n, restricted=True)

    # ------------------------------------------------------------------ query
    @property
    def vocabulary(self):
        """The counted words, in the order they were first seen."""
        return tuple(self._words)

    def __contains__(self, word):
        i = self._index.get(normalize_token(word))
        return i is not None and self._word_counts[i] > 0

    def __len__(self):
        return len(self._words)

    def _id(self, word):
        key = normalize_token(word)
        i = self._index.get(key)
        if i is None and self._restricted:
            raise ValueError(
                f"{word!r} was not counted: these counts were restricted to a list of words. "
                "Add it to words= when building the counts."
            )
        return i

    def count(self, w1, w2=None):
        """c(w1), or c(w1, w2) when two words are given.

        A word that never occurs in the corpus lies in no window, so its
        count is 0.  ``count(w, w)`` is ``count(w)``.
        """
        i = self._id(w1)
        if w2 is None:
            return 0 if i is None else int(self._word_counts[i])
        j = self._id(w2)
        if i is None or j is None:
            return 0
        return int(self._pairs[i, j])

    def counts_for(self, words):
        """Word counts and the pair-count matrix for ``words``, vectorized.

        Returns
        -------
        (numpy.ndarray, numpy.ndarray)
            ``c[i] = c(words[i])`` and ``C[i, j] = c(words[i], words[j])``.
            Words that never occur get zero rows.
        """
        ids = [self._id(w) for w in words]
        present = np.array([i is not None for i in ids], dtype=bool)
        idx = np.array([i if i is not None else 0 for i in ids], dtype=np.int64)
        c = np.where(present, self._word_counts[idx] if len(idx) else 0, 0).astype(np.int64)
        m = self._pairs[idx][:, idx].toarray() if len(idx) else np.zeros((0, 0), np.int64)
        m = m * np.outer(present, present)
        return c, m.astype(np.int64)

    def __repr__(self):
        kind = "documents" if self.window is None else f"sliding windows of {self.window}"
        extra = ", gensim_compat" if self.gensim_compat else ""
        return f"CooccurrenceCounts(n={self.n} windows ({kind}{extra}), {len(self)} words)"


def _check_pair_consistency(c12, c1, c2, n, name, w1="w1", w2="w2"):
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


def _doc_ids(doc, doc_number, index, cache, restricted):
    """Token ids of one document (-1 for tokens that are not counted)."""
    if isinstance(doc, str):
        tokens = tokenize(doc)
    elif isinstance(doc, bytes):
        raise TypeError(f"document {doc_number} is bytes; decode it to str first (e.g. doc.decode('utf-8')).")
    elif isinstance(doc, Iterable):
        tokens = doc
    else:
        raise TypeError(
            f"document {doc_number} must be a string or a list of token strings, got {type(doc).__name__}."
        )
    out = []
    for tok in tokens:
        i = cache.get(tok)
        if i is None:
            if not isinstance(tok, str):
                raise TypeError(
                    f"document {doc_number} holds a token that is not a string: {tok!r}. "
                    "Token lists must hold strings."
                )
            key = normalize_token(tok)
            i = index.get(key)
            if i is None:
                if restricted:
                    i = -1
                else:
                    i = index[key] = len(index)
            cache[tok] = i
        out.append(i)
    return np.fromiter(out, dtype=np.int64, count=len(out))


def _presence_matrix(chunk, window, gensim_compat, size):
    """Binary window-by-word matrix for a chunk of documents (token-id arrays)."""
    lengths = np.fromiter((a.shape[0] for a in chunk), dtype=np.int64, count=len(chunk))
    tok = np.concatenate(chunk) if lengths.sum() else np.zeros(0, np.int64)
    n_docs = lengths.shape[0]
    if window is None:
        per_doc = np.ones(n_docs, dtype=np.int64)
    else:
        per_doc = np.maximum(1, lengths - window + 1)
    first_window = np.concatenate([[0], np.cumsum(per_doc)[:-1]])
    n_windows = int(per_doc.sum())

    doc_of = np.repeat(np.arange(n_docs), lengths)
    keep = tok >= 0
    if window is None:
        rows, cols = first_window[doc_of[keep]], tok[keep]
    else:
        doc_start = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        pos = np.arange(tok.shape[0]) - doc_start[doc_of]
        tok, pos, doc_of = tok[keep], pos[keep], doc_of[keep]
        last = per_doc[doc_of] - 1
        # The token at position p lies in windows p-k+1 .. p (clipped to the
        # document's windows): a window contains it iff it overlaps p.
        start = np.maximum(0, pos - window + 1)
        if gensim_compat:
            end = np.minimum(_gensim_last_window(tok, pos, doc_of, start), last)
        else:
            end = np.minimum(pos, last)
        offsets = np.arange(window)
        w = start[:, None] + offsets[None, :]
        mask = w <= end[:, None]
        rows = (first_window[doc_of][:, None] + w)[mask]
        cols = np.broadcast_to(tok[:, None], w.shape)[mask]
    x = sp.csr_matrix((np.ones(rows.shape[0], dtype=np.int64), (rows, cols)), shape=(n_windows, size))
    x.sum_duplicates()
    x.data[:] = 1  # presence, not frequency
    return x, n_windows


def _gensim_last_window(tok, pos, doc_of, start):
    """Last window in which gensim 4.4 still sees the token at ``pos``.

    gensim sets a word present when a copy enters the window (at window
    ``start = max(0, p - k + 1)``) and clears it at window ``q + 1`` when the
    copy at position ``q`` leaves, even if another copy is still inside.  The
    first clear after ``start`` comes from the earliest copy at a position
    ``q >= start`` (possibly ``p`` itself), so the presence lasts through
    window ``q``.
    """
    # Group equal (document, word) pairs; find in each group the earliest
    # position >= start with one sorted search.
    combined = doc_of * (int(tok.max(initial=0)) + 1) + tok
    _, group = np.unique(combined, return_inverse=True)
    span = int(pos.max(initial=0)) + 1
    keys = group * span + pos
    sorted_keys = np.sort(keys)
    found = np.searchsorted(sorted_keys, group * span + start)
    return sorted_keys[found] - group * span
