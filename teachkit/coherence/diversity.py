"""Topic diversity from the words alone: unique-word share and inverted rank-biased overlap.

Two measures papers report beside coherence (OCTIS computes both); neither
looks at a corpus or at word vectors, only at the topics' ranked word lists:

* **topic diversity** (Dieng, Ruiz & Blei 2020): the share of distinct words
  among the top ``k`` words of all ``K`` topics::

      TD = |union of the top-k words of every topic| / (k * K)

  1 when no word is shared, ``1/K`` when every topic has the same words.

* **inverted rank-biased overlap** (Bianchi et al. 2021, OCTIS's
  ``InvertedRBO``): one minus the mean rank-biased overlap (RBO, Webber,
  Moffat & Zobel 2010) over all pairs of topics.  RBO weighs agreement at the
  top of two rankings more than agreement further down, with persistence
  ``p``; its extrapolated form for two lists of length ``k`` is::

      RBO_ext = (X_k / k) p^k + ((1 - p) / p) * sum_{d=1..k} (X_d / d) p^d

  where ``X_d`` is the number of words the two lists share in their first
  ``d`` places.  RBO is 1 for identical lists, 0 for disjoint ones.

Unlike :func:`teachkit.semantic_diversity` (notebook 06), which compares
topic *vectors* in an embedding space, these count shared *words*: two topics
with different but synonymous words ("car", "auto") are fully diverse here.
"""

from __future__ import annotations

from typing import Any

import itertools
from collections.abc import Sequence

import numpy as np

from .._checks import check_finite_real, check_keywords, check_positive_int, check_topics
from ..text import normalize_token

__all__ = ["topic_diversity", "rank_biased_overlap", "inverted_rbo"]


def _topics(topics: Any, top_k: Any) -> tuple[list[list[str]], int]:
    words = check_topics(topics)
    top_k = check_positive_int(top_k, "top_k")
    short = [i for i, t in enumerate(words) if len(t) < top_k]
    if short:
        raise ValueError(f"top_k = {top_k} but topics[{short[0]}] has only {len(words[short[0]])} words; "
                         "every topic needs at least top_k words (lower top_k or give more words).")
    return [[normalize_token(w) for w in t[:top_k]] for t in words], top_k


def topic_diversity(topics: Sequence[Sequence[str]], top_k: int = 25) -> float:
    """Share of distinct words among the top ``top_k`` words of all topics (Dieng et al. 2020).

    ::

        TD = |W_1 ∪ W_2 ∪ ... ∪ W_K| / (k K),     W_i = top-k words of topic i

    Parameters
    ----------
    topics : list of list of str
    top_k : int, default 25
        Dieng et al. use 25; every topic must have at least this many words.

    Returns
    -------
    float in [1/K, 1]

    Examples
    --------
    >>> topic_diversity([["fire", "smoke", "ash"], ["rain", "cloud", "smoke"]], top_k=3)   # 5 / 6
    0.8333333333333334
    """
    lists, top_k = _topics(topics, top_k)
    unique = set(itertools.chain.from_iterable(lists))
    return len(unique) / (top_k * len(lists))


def rank_biased_overlap(list1: Sequence[str], list2: Sequence[str], p: float = 0.9) -> float:
    """Extrapolated rank-biased overlap of two ranked lists of the same length.

    ::

        RBO_ext = (X_k / k) p^k + ((1 - p) / p) * sum_{d=1..k} (X_d / d) p^d

    ``X_d`` = number of items shared by the first ``d`` of each list.

    Parameters
    ----------
    list1, list2 : sequence of str
        Distinct words, most important first, the same length k.
    p : float in (0, 1), default 0.9
        Persistence: how much weight goes beyond the first places (OCTIS uses 0.9).

    Examples
    --------
    X_1 = 0, X_2 = 2, X_3 = 2: (2/3)(0.729) + (0.1/0.9)(0 + (2/2)(0.81) + (2/3)(0.729)) = 0.486 + 0.144

    >>> round(rank_biased_overlap(["a", "b", "c"], ["b", "a", "d"], p=0.9), 12)
    0.63
    """
    a = check_keywords(list1, "list1")
    b = check_keywords(list2, "list2")
    if len(a) != len(b):
        raise ValueError(f"list1 has {len(a)} words and list2 {len(b)}; cut both to the same length first.")
    if not a:
        raise ValueError("list1 and list2 are empty: there is nothing to compare.")
    p = check_finite_real(p, "p")
    if not 0 < p < 1:
        raise ValueError(f"p must lie strictly between 0 and 1 (the persistence), got {p}.")
    k = len(a)
    seen1, seen2, overlap = set(), set(), 0
    total = 0.0
    for d in range(1, k + 1):
        x, y = normalize_token(a[d - 1]), normalize_token(b[d - 1])
        # X_d grows by one for each new word that is now in both prefixes.
        if x == y:
            overlap += 1
        else:
            overlap += (x in seen2) + (y in seen1)
        seen1.add(x)
        seen2.add(y)
        total += overlap / d * p ** d
    return overlap / k * p ** k + (1 - p) / p * total


def inverted_rbo(topics: Sequence[Sequence[str]], top_k: int = 10, p: float = 0.9) -> float:
    """Inverted rank-biased overlap (Bianchi et al. 2021), as OCTIS reports it.

    ::

        IRBO = 1 - mean over pairs i < j of RBO_ext(top-k of topic i, top-k of topic j)

    Parameters
    ----------
    topics : list of list of str
        At least two topics, each with at least ``top_k`` words.
    top_k : int, default 10
    p : float, default 0.9
        RBO's persistence (OCTIS's ``weight``).

    Returns
    -------
    float in [0, 1]
        1 when no two topics share a word, 0 when all are identical.

    Examples
    --------
    >>> round(inverted_rbo([["a", "b", "c"], ["b", "a", "d"]], top_k=3), 12)    # 1 - 0.63
    0.37
    """
    lists, top_k = _topics(topics, top_k)
    if len(lists) < 2:
        raise ValueError("inverted_rbo compares pairs of topics: pass at least two.")
    values = [rank_biased_overlap(x, y, p) for x, y in itertools.combinations(lists, 2)]
    return 1.0 - float(np.mean(values))
