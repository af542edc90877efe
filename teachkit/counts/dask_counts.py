"""Counting windows on a Dask cluster: each partition counted where it lies, the counts added up.

Every number NPMI uses is a count of windows, and windows never cross a
document, so for a fixed list of words the counts of a corpus are the sums
of the counts of its parts::

    n         = Σ over parts of n_part
    c(w)      = Σ over parts of c_part(w)
    c(w1, w2) = Σ over parts of c_part(w1, w2)

(sliding windows included, and gensim's under-count too, which is also
decided window by window inside a document).  :func:`count_on_dask` has each
partition of a ``dask.bag`` of documents counted by
:meth:`CooccurrenceCounts.from_documents` with ``words=`` (streaming, so a
worker's memory does not grow with its partition) and adds the results, a
few thousand integers per partition, in a tree.  The result is the
:class:`CooccurrenceCounts` one process would have built from the whole
corpus, count for count.  A document of the wrong shape is named by its
place in the whole bag, as one process would name it (the lengths of the
partitions before it are counted for that, on the error's path only).

Dask is an optional extra (``pip install teachkit[dask]``); nothing else in
teachkit imports it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ._engine import (_Known, DocumentError, add_known_counts, check_corpus_arguments, count_known, full_pair_table,
                      words_index)
from .counting import CooccurrenceCounts

if TYPE_CHECKING:  # Dask is an optional extra: it is imported inside count_on_dask, when first needed
    import dask.bag

__all__ = ["count_on_dask"]


def count_on_dask(bag: dask.bag.Bag, words: Iterable[str], window: int | None = None, *,
                  gensim_compat: bool = False) -> CooccurrenceCounts:
    """Count ``words`` in a ``dask.bag`` of documents, partition by partition, on the current Dask client.

    Parameters
    ----------
    bag : dask.bag.Bag
        The documents, each a list of tokens (or a string, split with :func:`teachkit.tokenize`), e.g.
        ``dask.bag.read_text("corpus/*.txt").map(str.split)`` for one tokenized document per line.
    words : list of str
        The words to count (for coherence, every word of the topics to be scored).
    window : int or None, default None
        None: whole documents; k: sliding windows of k tokens.
    gensim_compat : bool, default False
        Reproduce gensim 4.4's sliding-window under-count.

    Returns
    -------
    CooccurrenceCounts
        Equal to ``CooccurrenceCounts.from_documents(all documents, window, words=words)``.

    Examples
    --------
    A cluster on this machine (a real one: ``Client("tcp://scheduler:8786")``)::

        from dask.distributed import Client, LocalCluster
        import dask.bag as db

        with LocalCluster(n_workers=2) as cluster, Client(cluster):
            docs = db.from_sequence([["fire", "smoke"], ["fire", "ash"]], npartitions=2)
            counts = count_on_dask(docs, ["fire", "smoke", "ash"])
            counts.count("fire"), counts.count("fire", "smoke")     # (2, 1)
    """
    try:
        import dask.bag
    except ImportError:
        raise ImportError("count_on_dask needs Dask: pip install 'teachkit[dask]' (dask[distributed]).") from None
    if not isinstance(bag, dask.bag.Bag):
        raise TypeError(f"bag must be a dask.bag.Bag of documents (e.g. dask.bag.from_sequence(docs) or "
                        f"dask.bag.read_text(paths).map(str.split)), got {type(bag).__name__}.")
    window, gensim_compat = check_corpus_arguments([], window, gensim_compat)
    import dask

    index = words_index(words)
    listed = list(index)          # normalized, in id order: every worker numbers the words alike
    count = functools.partial(_count_part, words=listed, window=window, gensim_compat=gensim_compat)
    parts = bag.to_delayed()    # type: ignore[no-untyped-call]  # dask's own API is not annotated
    # Each partition counted with its number (to name a bad document), the results added 8 at a time.
    totals = [dask.delayed(count)(part, number) for number, part in enumerate(parts)]
    while len(totals) > 1:
        totals = [dask.delayed(_add_parts)(totals[i:i + 8]) for i in range(0, len(totals), 8)]
    try:
        word_counts, pairs, n, n_documents, n_tokens = (totals[0].compute() if totals else
                                                        _count_part([], 0, listed, window, gensim_compat))
    except _InPartition as err:
        shown = (dask.delayed(_length)(part) for part in parts[:err.partition])
        before = sum(dask.compute(*shown))    # type: ignore[no-untyped-call]  # dask's API is not annotated
        raise TypeError(f"document {before + err.number} of the bag (document {err.number} of partition "
                        f"{err.partition}) {err.problem}") from None
    if n_documents == 0:
        raise ValueError("bag holds no document: there is nothing to count.")
    return CooccurrenceCounts(index, word_counts, n, pair_matrix=full_pair_table(pairs, word_counts), window=window,
                              gensim_compat=gensim_compat, restricted=True, n_documents=n_documents,
                              n_tokens=n_tokens)


def _count_part(docs: Iterable[Any], partition: int, words: list[str], window: int | None,
                gensim_compat: bool) -> _Known:
    """One partition's counts of ``words`` (already normalized, in id order), as a tuple to add up."""
    try:
        return count_known(docs, {w: i for i, w in enumerate(words)}, window, gensim_compat)
    except DocumentError as err:
        raise _InPartition(partition, err.number, err.problem) from None


class _InPartition(DocumentError):
    """A bad document, numbered inside its partition; :func:`count_on_dask` numbers it in the whole bag."""

    def __init__(self, partition: int, number: int, problem: str) -> None:
        super().__init__(number, problem)
        self.partition = partition

    def __reduce__(self) -> tuple[type[_InPartition], tuple[int, int, str]]:  # type: ignore[override]
        return type(self), (self.partition, self.number, self.problem)


def _length(part: Iterable[Any]) -> int:
    return sum(1 for _ in part)


def _add_parts(parts: Iterable[_Known]) -> _Known | None:
    total: _Known | None = None
    for part in parts:
        total = part if total is None else add_known_counts(total, part)
    return total
