"""Everything teachkit does only to reproduce gensim 4.4's ``CoherenceModel``, in one place.

teachkit's own defaults count correctly and let each measure keep its own zero
convention.  ``gensim_compat=True`` (on :func:`teachkit.coherence_per_topic`,
:class:`teachkit.CooccurrenceCounts`, the disk index and the Dask counter) asks
for gensim's numbers instead, and those differ from the defaults in exactly the
three ways this module holds:

1. **ε inside the logarithm.**  gensim (and Röder et al.'s Palmetto) add
   :data:`EPSILON` to the joint probability inside every log::

       NPMI = log((c(w', w*)/n + ε) / (P(w') P(w*))) / -log(c(w', w*)/n + ε)

   That convention is :data:`ZERO` (``zero="epsilon"``) in the one table of zero
   conventions, ``teachkit.counts.association.ALL_ZERO_CONVENTIONS``; :data:`SMOOTHING`
   (``smoothing="gensim"``, removed in 0.2.0) was its older spelling.
2. **The sliding-window under-count.**  gensim's ``WordOccurrenceAccumulator``
   marks a word present when a copy enters a window and clears it when *a*
   copy leaves, even if another copy is still inside, so a word repeated
   within a window is seen in fewer windows than it lies in
   (:func:`last_window_seen`, used by :mod:`teachkit.counts.counting`).
3. **Topic trimming.**  ``CoherenceModel`` drops a topic's words that are not in
   the dictionary, then keeps the first ``topn`` words, and only when the
   *first* topic is longer than ``topn`` (:func:`trim_topics`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from ..text import normalize_token

__all__ = ["EPSILON", "SMOOTHING", "ZERO", "last_window_seen", "trim_topics"]


class _WordCounts(Protocol):
    """What :func:`trim_topics` reads of a :class:`~teachkit.counts.counting.CooccurrenceCounts`: c(w).
    (counting imports this module, so this module does not import counting, not even for annotations.)"""

    def count(self, w1: str, w2: str | None = None) -> int: ...

#: gensim's and Röder et al.'s ε (Palmetto's ``LogBasedCalculation.EPSILON`` too), added to the joint
#: probability inside the logarithm.  Defined here once: every default, exercise, notebook and benchmark
#: that means "gensim's ε" imports this name, so changing ε is this one line.
EPSILON = 1e-12
#: gensim's convention for a pair that never shares a window, by its name in
#: ``teachkit.counts.association.ALL_ZERO_CONVENTIONS``.
ZERO = "epsilon"
#: The same convention by its older ``smoothing=`` name (``teachkit.counts.association.SMOOTHING_ALIASES``).
SMOOTHING = "gensim"
# last_window_seen steps back this many copies before it binary-searches the rest (more than any window
# of a few dozen tokens holds, so that windows of ordinary sizes never need the search).
_STEPS_BACK = 32


def last_window_seen(word: np.ndarray, pos: np.ndarray, start_pos: np.ndarray) -> np.ndarray:
    """Token position through whose window gensim 4.4 still sees each token's word.

    gensim sets a word present when a copy enters the window (the window
    starting at token ``start_pos``) and clears it when the copy at position
    ``q`` leaves, even if another copy is still inside.  The first clear
    after ``start_pos`` comes from the earliest copy at a position
    ``q >= start_pos`` (possibly the token itself), so the presence lasts
    through the window that starts at ``q``::

        last(t) = min{ q : q >= start_pos(t), word(q) = word(t) }

    Parameters
    ----------
    word, pos : numpy.ndarray of int
        Each token's word id and position, sorted by word, then position; the
        copies searched lie in the same document, since ``start_pos`` is in it.
    start_pos : numpy.ndarray of int
        Position of the first window holding each token.

    Returns
    -------
    numpy.ndarray of int
        ``last(t)`` for every token.
    """
    # Sorted by word, then position, a token's earlier copies are the entries just before it, and those at
    # or after start_pos form an unbroken stretch ending at the token (positions fall stepping back).  So
    # step back one entry at a time, keeping only the tokens whose stretch goes on: few words repeat inside
    # a window, so after a step or two hardly any are left, and every step reads only those.  Words repeated
    # many times inside one long window are finished by one binary search instead.
    first = np.arange(pos.shape[0])             # entry of the earliest copy seen, so far the token itself
    at = np.flatnonzero((word[1:] == word[:-1]) & (pos[:-1] >= start_pos[1:])) + 1
    back = 1
    while at.shape[0]:
        first[at] = at - back
        if back == _STEPS_BACK:
            span = int(pos.max(initial=0)) + 1
            keys = word.astype(np.int64) * span + pos
            first[at] = np.searchsorted(keys, keys[at] - pos[at] + start_pos[at])
            break
        at = at[at > back]
        before = at - back - 1
        at = at[(word[before] == word[at]) & (pos[before] >= start_pos[at])]
        back += 1
    return pos[first]


def trim_topics(topics: Sequence[Sequence[str]], counts: _WordCounts,
                top_n: int) -> list[tuple[list[str], tuple[str, ...]]]:
    """Each topic's words as gensim's ``CoherenceModel`` scores them, and the unknown words it passed over.

    gensim drops the words the reference corpus lacks, then keeps the first
    ``top_n`` of the rest, but only when the first topic (after dropping) is
    longer than ``top_n``::

        present_i = [w in topic_i if c(w) > 0]
        kept_i    = present_i[:top_n]  if len(present_0) > top_n  else present_i

    Parameters
    ----------
    topics : list of list of str
        Checked word lists (the caller validates them).
    counts : CooccurrenceCounts
        The reference counts.
    top_n : int
        gensim's ``topn``.

    Returns
    -------
    list of (list of str, tuple of str)
        Per topic: the normalized words kept, and the unknown words among those gensim read.

    Raises
    ------
    ValueError
        For a topic with fewer than two known words (gensim would give NaN).
    """
    present = [[w for w in t if counts.count(w) > 0] for t in topics]
    cut = len(present[0]) > top_n  # gensim's CoherenceModel.topics looks at the first topic only
    trimmed = []
    for i, t in enumerate(topics):
        found = present[i][:top_n] if cut else present[i]
        if len(found) < 2:
            raise ValueError(f"topics[{i}]: fewer than two of its words occur in the texts; gensim would "
                             "give NaN. Check tokenization or leave the topic out.")
        # Unknown words among those gensim read: all of the topic, or up to the last word kept.
        last = t.index(found[-1]) + 1 if cut and len(present[i]) > top_n else len(t)
        skipped = tuple(w for w in t[:last] if counts.count(w) == 0)
        trimmed.append(([normalize_token(w) for w in found], skipped))
    return trimmed
