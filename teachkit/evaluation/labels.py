"""Does a topic model recover known categories? Purity, normalised mutual information, adjusted Rand index.

Give every document its most probable topic (its *cluster*) and compare those
clusters with gold categories (its *class*).  All three measures start from
the contingency table ``n[c, k]``: documents of class ``c`` put in cluster ``k``.

* :func:`contingency` -- that table, with the class and cluster names;
* :func:`purity` -- the share of documents that belong to their cluster's most common class;
* :func:`normalized_mutual_info` -- the mutual information of classes and clusters,
  divided by a named average of their entropies (arithmetic by default, as scikit-learn);
* :func:`adjusted_mutual_info` -- the mutual information corrected for chance (Vinh, Epps & Bailey 2010);
* :func:`adjusted_rand_index` -- agreement over pairs of documents, corrected for chance;
* :func:`label_agreement` -- purity, NMI and ARI at once.

Purity rewards many small clusters (one document per cluster is pure), so it
is never read alone.  NMI is not corrected for chance either: random clusters
share some information with the classes by accident, the more so the more
clusters there are, so NMI rises with the number of clusters even for random
labels.  ARI and AMI subtract what chance gives and stay near 0 for random labels.

Examples
--------
>>> gold = ["sport", "sport", "sport", "politics", "politics", "politics"]
>>> topics = [0, 0, 1, 1, 2, 2]
>>> purity(gold, topics)
0.8333333333333334
>>> round(adjusted_rand_index(gold, topics), 4)
0.2424
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence, Set
from dataclasses import dataclass

import numpy as np

from .._checks import check_choice

__all__ = ["contingency", "purity", "normalized_mutual_info", "adjusted_mutual_info", "adjusted_rand_index",
           "LabelAgreement",
           "label_agreement", "NMI_AVERAGES"]

#: How :func:`normalized_mutual_info` may average the two entropies (scikit-learn's names).
NMI_AVERAGES = ("arithmetic", "geometric", "min", "max")


def _labels(values, name):
    if values is None or isinstance(values, (str, bytes, Mapping, Set)):
        kind = "a dict (its keys would be read as the labels)" if isinstance(values, Mapping) else (
            "a set (it has no order)" if isinstance(values, Set) else repr(values)[:60])
        raise TypeError(f"{name} must be a sequence of labels (one per document, in order), got {kind}.")
    try:
        items = list(values.tolist() if isinstance(values, np.ndarray) else values)
    except TypeError:
        raise TypeError(f"{name} must be a sequence of labels (one per document), "
                        f"got {type(values).__name__}.") from None
    for i, v in enumerate(items):
        if not isinstance(v, Hashable) or isinstance(v, float) and math.isnan(v):
            raise TypeError(f"{name}[{i}] is {v!r}: every label must be a hashable value (a name or a whole "
                            "number), never NaN. Give every document a label, or drop the unlabelled ones "
                            "from both sequences.")
    return items


def _pair(labels_true, labels_pred):
    a = _labels(labels_true, "labels_true")
    b = _labels(labels_pred, "labels_pred")
    if len(a) != len(b):
        raise ValueError(f"labels_true has {len(a)} labels but labels_pred has {len(b)}: give one gold label "
                         "and one assigned topic per document, in the same order.")
    if not a:
        raise ValueError("labels_true and labels_pred are empty; compare at least one document.")
    return a, b


def contingency(labels_true: Sequence[Hashable], labels_pred: Sequence[Hashable]
                ) -> tuple[np.ndarray, list, list]:
    """The table ``n[c, k]`` of documents with gold class ``c`` and assigned cluster ``k``.

    Returns
    -------
    table : numpy.ndarray of int64, shape (classes, clusters)
    classes, clusters : list
        The row and column names, in order of first appearance.

    Examples
    --------
    >>> table, classes, clusters = contingency(["a", "a", "b"], [1, 0, 0])
    >>> table.tolist(), classes, clusters
    ([[1, 1], [0, 1]], ['a', 'b'], [1, 0])
    """
    a, b = _pair(labels_true, labels_pred)
    classes = list(dict.fromkeys(a))
    clusters = list(dict.fromkeys(b))
    row = {c: i for i, c in enumerate(classes)}
    col = {k: j for j, k in enumerate(clusters)}
    table = np.zeros((len(classes), len(clusters)), dtype=np.int64)
    np.add.at(table, ([row[x] for x in a], [col[y] for y in b]), 1)
    return table, classes, clusters


def purity(labels_true: Sequence[Hashable], labels_pred: Sequence[Hashable]) -> float:
    """Share of documents whose gold class is the most common class of their cluster.

    ::

        purity = (1 / N) * sum over clusters k of  max over classes c of  n[c, k]

    Parameters
    ----------
    labels_true : sequence
        Each document's gold class.
    labels_pred : sequence
        Each document's cluster (e.g. its most probable topic), same length.

    Returns
    -------
    float
        In (0, 1].  1 when every cluster holds a single class -- which one
        cluster per document always achieves, so purity alone rewards
        over-splitting.

    Examples
    --------
    Cluster 0 holds two sport documents, cluster 1 one sport and one politics,
    cluster 2 two politics: (2 + 1 + 2) / 6.

    >>> purity(["s", "s", "s", "p", "p", "p"], [0, 0, 1, 1, 2, 2])
    0.8333333333333334
    """
    table, _, _ = contingency(labels_true, labels_pred)
    return float(table.max(axis=0).sum() / table.sum())


def _entropy(counts):
    p = counts[counts > 0] / counts.sum()
    return float(-(p * np.log(p)).sum())


def normalized_mutual_info(labels_true: Sequence[Hashable], labels_pred: Sequence[Hashable], *,
                           average: str = "arithmetic") -> float:
    """Mutual information of classes and clusters over an average of their entropies.

    ::

        I(C; K) = sum over c, k of  (n_ck / N) log( N n_ck / (n_c n_k) )
        NMI     = I(C; K) / mean(H(C), H(K))

    with ``mean`` the arithmetic mean (H(C) + H(K)) / 2 by default (scikit-learn's default
    since 0.22, and the "NMI" of most clustering papers); ``"geometric"`` (sqrt(H(C) H(K)),
    Strehl & Ghosh 2002), ``"min"`` and ``"max"`` give the other published variants, so a paper's
    NMI can only be compared with another's when both name the average.  The logarithm's base
    cancels.

    Parameters
    ----------
    labels_true, labels_pred : sequence
        One gold class and one cluster per document.
    average : {"arithmetic", "geometric", "min", "max"}, default "arithmetic"

    Returns
    -------
    float
        In [0, 1]: 1 when the clusters are the classes under other names, 0 when
        they share no information.  Two partitions with a single group each
        are identical, so 1.0 (as scikit-learn); a single group on one side only gives 0.0.

    Examples
    --------
    >>> normalized_mutual_info(["a", "a", "b", "b"], [1, 1, 0, 0])
    1.0
    >>> normalized_mutual_info(["a", "a", "b", "b"], [0, 1, 0, 1])
    0.0
    """
    check_choice(average, "average", NMI_AVERAGES)
    table, _, _ = contingency(labels_true, labels_pred)
    if table.shape == (1, 1):
        return 1.0
    n = table.sum()
    h_true, h_pred = _entropy(table.sum(axis=1)), _entropy(table.sum(axis=0))
    nz = table > 0
    outer = np.outer(table.sum(axis=1), table.sum(axis=0))
    mi = float((table[nz] / n * np.log(n * table[nz] / outer[nz])).sum())
    if h_true == 0 or h_pred == 0 or mi <= 0:
        return 0.0
    norm = {"arithmetic": (h_true + h_pred) / 2, "geometric": math.sqrt(h_true * h_pred),
            "min": min(h_true, h_pred), "max": max(h_true, h_pred)}[average]
    return float(min(1.0, mi / norm))


def _expected_mutual_info(row, col, n):
    """E[I(C; K)] over random partitions with the same group sizes (hypergeometric model), in nats."""
    lg = math.lgamma
    total = 0.0
    for a in row:
        for b in col:
            lo, hi = max(1, a + b - n), min(a, b)
            if lo > hi:
                continue
            # log of a! b! (n-a)! (n-b)! / n!, shared by every n_ij of this cell
            base = lg(a + 1) + lg(b + 1) + lg(n - a + 1) + lg(n - b + 1) - lg(n + 1)
            for nij in range(lo, hi + 1):
                log_p = base - lg(nij + 1) - lg(a - nij + 1) - lg(b - nij + 1) - lg(n - a - b + nij + 1)
                total += nij / n * math.log(n * nij / (a * b)) * math.exp(log_p)
    return total


def adjusted_mutual_info(labels_true: Sequence[Hashable], labels_pred: Sequence[Hashable], *,
                         average: str = "arithmetic") -> float:
    """Mutual information corrected for chance (Vinh, Epps & Bailey 2010).

    ::

        AMI = (I(C; K) - E[I]) / (mean(H(C), H(K)) - E[I])

    ``E[I]`` is the mutual information expected when the documents are dealt into groups of
    the same sizes at random (the hypergeometric model), summed exactly::

        E[I] = sum over c, k, and n from max(1, a_c + b_k - N) to min(a_c, b_k) of
               (n / N) log(N n / (a_c b_k)) * a_c! b_k! (N - a_c)! (N - b_k)!
                                         / (N! n! (a_c - n)! (b_k - n)! (N - a_c - b_k + n)!)

    with ``a_c`` the class sizes and ``b_k`` the cluster sizes.  NMI has no such correction, so
    it grows with the number of clusters even when they are random; AMI stays near 0 for random
    clusters and is 1 when the clusters are the classes.  ``mean`` as in
    :func:`normalized_mutual_info` (scikit-learn's ``average_method``; arithmetic by default).

    Parameters
    ----------
    labels_true, labels_pred : sequence
        One gold class and one cluster per document.
    average : {"arithmetic", "geometric", "min", "max"}, default "arithmetic"

    Returns
    -------
    float
        1 for identical partitions, about 0 for random ones, negative when they agree less than
        chance.  When both sides have a single group, or one document per group, the partitions
        agree: 1.0 (as scikit-learn); a single group on one side only gives 0.0.

    Examples
    --------
    Classes {1,2}, {3,4}; clusters {1,3}, {2,4}: I = 0.  Each class and cluster has 2 of 4 documents;
    a cell holds n = 1 (probability 4/6, term (1/4) log 1 = 0) or n = 2 (probability 1/6, term
    (2/4) log 2), so E[I] = 4 cells * (1/6) * (1/2) log 2 = (1/3) log 2, H = log 2 on both sides, and
    AMI = (0 - 1/3) / (1 - 1/3) = -0.5.

    >>> round(adjusted_mutual_info(["a", "a", "b", "b"], [0, 1, 0, 1]), 12)
    -0.5
    >>> adjusted_mutual_info(["a", "a", "b", "b"], [1, 1, 0, 0])
    1.0
    """
    check_choice(average, "average", NMI_AVERAGES)
    table, _, _ = contingency(labels_true, labels_pred)
    n = int(table.sum())
    if table.shape[0] == table.shape[1] and table.shape[0] in (1, n):
        return 1.0
    row, col = [int(v) for v in table.sum(axis=1)], [int(v) for v in table.sum(axis=0)]
    h_true, h_pred = _entropy(table.sum(axis=1)), _entropy(table.sum(axis=0))
    nz = table > 0
    outer = np.outer(table.sum(axis=1), table.sum(axis=0))
    mi = float((table[nz] / n * np.log(n * table[nz] / outer[nz])).sum())
    emi = _expected_mutual_info(row, col, n)
    norm = {"arithmetic": (h_true + h_pred) / 2, "geometric": math.sqrt(h_true * h_pred),
            "min": min(h_true, h_pred), "max": max(h_true, h_pred)}[average]
    denominator = norm - emi
    if abs(denominator) < 1e-15:
        # one side has a single group and the average is geometric or min (H = 0 = E[I] = I): 0, as scikit-learn
        return 0.0
    return float((mi - emi) / denominator)


def _pairs(counts):
    """Sum of C(x, 2) over ``counts``, exact (Python ints)."""
    return sum(int(x) * (int(x) - 1) // 2 for x in np.ravel(counts))


def adjusted_rand_index(labels_true: Sequence[Hashable], labels_pred: Sequence[Hashable]) -> float:
    """Agreement over pairs of documents, corrected for chance (Hubert & Arabie 1985).

    Of the C(N, 2) pairs of documents, ``index = sum C(n_ck, 2)`` are in the same class and the
    same cluster.  With ``a = sum_c C(n_c, 2)``, ``b = sum_k C(n_k, 2)`` and the value chance would
    give ``expected = a b / C(N, 2)``::

        ARI = (index - expected) / ((a + b) / 2 - expected)

    Returns
    -------
    float
        1 for identical partitions, about 0 for random ones, negative when they
        agree less than chance.  When both partitions are trivial (one group, or
        one document per group) the denominator is 0 and the partitions agree: 1.0 (as scikit-learn).

    Examples
    --------
    Classes {1,2,3}, {4,5,6}; clusters {1,2}, {3,4}, {5,6}: index = 2, a = 6, b = 3,
    expected = 18 / 15 = 1.2, ARI = 0.8 / (4.5 - 1.2) = 0.2424...

    >>> round(adjusted_rand_index([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2]), 4)
    0.2424
    """
    table, _, _ = contingency(labels_true, labels_pred)
    n = int(table.sum())
    index = _pairs(table)
    a, b = _pairs(table.sum(axis=1)), _pairs(table.sum(axis=0))
    total = n * (n - 1) // 2
    # Scaled by 2 * total so that every term is a whole number: exact up to the last division.
    numerator = 2 * total * index - 2 * a * b
    denominator = total * (a + b) - 2 * a * b
    if denominator == 0:
        return 1.0
    return numerator / denominator


@dataclass(frozen=True)
class LabelAgreement:
    """Purity, NMI and ARI of one assignment of documents against gold classes.

    Attributes
    ----------
    purity, nmi, ari : float
    average : str
        The entropy average of ``nmi``.
    n_documents, n_classes, n_clusters : int
    """

    purity: float
    nmi: float
    ari: float
    average: str
    n_documents: int
    n_classes: int
    n_clusters: int

    def __str__(self):
        return (f"purity {self.purity:.3f}, NMI ({self.average}) {self.nmi:.3f}, ARI {self.ari:.3f} "
                f"({self.n_documents} documents, {self.n_classes} classes, {self.n_clusters} clusters)")


def label_agreement(labels_true: Sequence[Hashable], labels_pred: Sequence[Hashable], *,
                    average: str = "arithmetic") -> LabelAgreement:
    """:func:`purity`, :func:`normalized_mutual_info` and :func:`adjusted_rand_index` at once.

    Examples
    --------
    >>> print(label_agreement(["a", "a", "b", "b"], [1, 1, 0, 0]))
    purity 1.000, NMI (arithmetic) 1.000, ARI 1.000 (4 documents, 2 classes, 2 clusters)
    """
    table, classes, clusters = contingency(labels_true, labels_pred)
    return LabelAgreement(purity(labels_true, labels_pred),
                          normalized_mutual_info(labels_true, labels_pred, average=average),
                          adjusted_rand_index(labels_true, labels_pred), average,
                          int(table.sum()), len(classes), len(clusters))
