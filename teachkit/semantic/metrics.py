"""Embedding-based ("semantic") topic metrics: coherence, distinctiveness, diversity.

Three metrics, each built from cosine similarities between embedding vectors.

**Semantic coherence (SC)** of one topic with keywords ``w_1 .. w_n`` and
their cosine-similarity matrix ``S`` (``S[i, i] = 1``)::

    graph      G[i, j] = S[i, j] if S[i, j] > threshold else 0    (i != j)
    weights    λ = PageRank(G)                                     (sums to 1)
    direct     S_d = S
    indirect   S_i = S·S / n          (diagonal set to 1 by default, see below)
    hierarch.  S_h = γ_d·S_d + γ_i·S_i                 (γ_d = 0.7, γ_i = 0.3)
    importance I   = λ λᵀ                              (I[i, j] = λ_i λ_j)
    SC         = Σ_ij S_h[i, j] I[i, j]  /  Σ_ij I[i, j]

SC is a weighted mean of the entries of ``S_h``; when every similarity lies
in [0, 1] so does SC.

**Semantic distinctiveness (SD)** of two topics with topic vectors ``t_a``,
``t_b`` (each the mean of its keywords' vectors)::

    SD(a, b) = (1 - cos(t_a, t_b)) / 2          in [0, 1]; SD(a, a) = 0

**Semantic diversity (SemDiv)** of a model with ``K`` topics and documents
assigned to them::

    semantic      = mean over pairs a < b of SD(a, b)
    p_k           = (documents assigned to topic k) / (all documents)
    H             = -Σ_k p_k ln p_k        (0·ln 0 = 0),   H_max = ln K
    distribution  = H / H_max              in [0, 1]; 1 when topics are equal in size
    SemDiv        = α·semantic + β·distribution     (α + β = 1; default 0.5 each)

Where these come from, and what this module decides
---------------------------------------------------
The formulas are those of the toy-example document on semantic metrics
(examples 1-3) and of the public code it describes (the LeeSeogMin/jips
repository).  Several of the document's printed intermediates are wrong; the
functions here follow the formulas, and the documents' catalogue
(``teachkit.documents.catalogue.SEMANTIC_PRINTED``) keeps the printed numbers
so a notebook can set them side by side.  The choices the document
leaves open:

* **Edges are strict**: a pair becomes an edge only when its similarity is
  *greater than* the threshold (the document writes "✓ (> 0.3)", and the
  public code tests ``similarity > 0.3``).  A pair at exactly 0.3 is no edge.
* **No self-loops by default**: a word is not its own neighbour.  The
  public example code builds its graph from the whole similarity matrix and
  so keeps each word's similarity of 1 to itself as a self-loop;
  ``self_loops=True`` reproduces that.  Neither graph gives the λ the
  document prints.
* **Diagonal of S·S/n**: the formula gives ``Σ_k S[i, k]² / n``, which is
  below 1 (0.798, 0.832, 0.816 in the document's example), yet the document
  prints 1.00.  ``indirect_diagonal="one"`` (default) sets it to 1, as the
  document's matrices do; ``"computed"`` keeps the formula's values.  The
  public code keeps the computed values.
* **λ from PageRank, or given**: ``weights=`` plugs in any λ, e.g. the
  document's printed (0.32, 0.36, 0.32), so its downstream numbers can be
  reproduced; by default λ is the true PageRank.
* **Weights must add up to 1**: γ_d + γ_i = 1 and α + β = 1 are required,
  not normalized silently; any other sum would move the score off [0, 1].
* **Both diagonals, in the document's example** (machine, learning,
  algorithm): SC = 0.892 with the diagonal set to 1, with the document's λ
  and with the true PageRank alike; with the computed diagonal SC = 0.874
  (document's λ) or 0.873 (PageRank).
* **Topic vectors are plain means**, not rescaled to length 1 (see
  :func:`topic_vector`).  Cosines do not depend on the length, so SD and
  SemDiv are the same either way.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .._checks import (
    as_float_array, check_choice, check_finite_real, check_flag, check_labels, check_similarity, check_unit_sum,
    check_vectors, scale_by_power_of_two,
)
from .centrality import PageRank, pagerank

__all__ = [
    "PageRank", "pagerank",
    "cosine_similarity_matrix", "topic_vector", "mean_norm_from_cosines",
    "SemanticCoherence", "semantic_coherence", "embedding_coherence",
    "Distinctiveness", "distinctiveness",
    "SemanticDiversity", "semantic_diversity",
]

# ----------------------------------------------------------- vectors, cosines
def embedding_coherence(similarity: ArrayLike) -> float:
    """Embedding coherence of one topic: the mean cosine over the pairs of its top words.

    ::

        EC(T) = 2 / (n (n - 1)) · Σ_{i < j} cos(e_i, e_j)

    The word-embedding measure of Fang et al. (2016, "Using word embedding to evaluate the coherence of
    topics from Twitter data"), after Aletras & Stevenson (2013), who averaged the cosines of distributional
    word vectors the same way.  Unlike semantic coherence (:func:`semantic_coherence`) it has no graph, no
    PageRank weights and no diagonal: every pair counts once, equally.  It lies in [-1, 1].

    Parameters
    ----------
    similarity : array_like, shape (n, n), n >= 2
        Cosine similarities of the topic's n words (symmetric, in [-1, 1], 1 on the diagonal), as
        ``WordVectors.similarity_matrix(words)`` or :func:`cosine_similarity_matrix` gives them.

    Examples
    --------
    Three words whose pairs have cosines 0.2, 0.4 and 0.9: (0.2 + 0.4 + 0.9) / 3 = 0.5.

    >>> round(embedding_coherence([[1, 0.2, 0.4], [0.2, 1, 0.9], [0.4, 0.9, 1]]), 12)
    0.5
    """
    s = check_similarity(similarity)
    n = s.shape[0]
    if n < 2:
        raise ValueError(f"similarity is {n} x {n}: a topic needs at least two words to have a pair.")
    iu = np.triu_indices(n, k=1)
    return float(np.mean(s[iu]))


def cosine_similarity_matrix(vectors: ArrayLike | Mapping[str, ArrayLike],
                             labels: Sequence[str] | None = None) -> np.ndarray:
    """Cosine of every pair of rows: ``C[i, j] = v_i · v_j / (|v_i| |v_j|)``.

    Parameters
    ----------
    vectors : array_like, shape (k, d), or mapping name -> vector
    labels : sequence of str, optional
        Names of the rows, used in error messages.

    Raises
    ------
    ValueError
        If a vector is all zeros: its cosine with anything is 0/0, undefined.

    Examples
    --------
    >>> cosine_similarity_matrix([[1, 0], [1, 1]]).round(4).tolist()
    [[1.0, 0.7071], [0.7071, 1.0]]
    """
    return labelled_cosines(vectors, labels, "vectors")


def labelled_cosines(vectors, labels, name):
    v, mapped = check_vectors(vectors, name, labels)
    labels = mapped if mapped is not None else labels
    # A cosine does not depend on the vectors' lengths; scaling each row by a
    # power of two (exact) keeps |v|² from overflowing for components near
    # 1e200 or underflowing to a false "zero vector" near 1e-200.
    v = scale_by_power_of_two(v, axis=1)
    norms = np.linalg.norm(v, axis=1)
    if np.any(norms == 0):
        i = int(np.flatnonzero(norms == 0)[0])
        who = repr(labels[i]) if labels is not None else f"row {i}"
        raise ValueError(
            f"{name}: {who} is the zero vector, whose cosine with any vector is 0/0 (undefined). "
            "Drop it or give it a non-zero embedding."
        )
    unit = v / norms[:, None]
    c = np.clip(unit @ unit.T, -1.0, 1.0)
    np.fill_diagonal(c, 1.0)
    return c


def topic_vector(word_vectors: ArrayLike | Mapping[str, ArrayLike]) -> np.ndarray:
    """The topic's vector: the plain mean of its keywords' vectors.

    ``t = (v_1 + ... + v_n) / n``.  It is **not** rescaled to length 1, and a
    mean of unit vectors is generally *shorter* than 1: its squared length is
    the mean of all their pairwise cosines (see :func:`mean_norm_from_cosines`).
    Cosine similarity ignores length, so SD and SemDiv do not depend on it;
    only a dot product read as a cosine would.

    Parameters
    ----------
    word_vectors : array_like, shape (n, d), or mapping word -> vector

    Examples
    --------
    The four components the document shows of "machine", "learning" and
    "algorithm" (0.12, 0.15, 0.18 -> 0.15 and so on):

    >>> topic_vector([[0.12, -0.34, 0.21, 0.56], [0.15, -0.29, 0.18, 0.61],
    ...               [0.18, -0.31, 0.19, 0.58]]).round(3).tolist()
    [0.15, -0.313, 0.193, 0.583]
    """
    v, _ = check_vectors(word_vectors, "word_vectors")
    # Sum after scaling by a power of two, then undo it (both exact): the
    # plain sum of components near 1e308 would overflow, yet their mean fits.
    scaled = scale_by_power_of_two(v)
    _, exponent = np.frexp(np.max(np.abs(v)))
    return np.ldexp(scaled.mean(axis=0), exponent)


def mean_norm_from_cosines(cosines: ArrayLike) -> float:
    """Length of the mean of unit vectors, from their pairwise cosines alone.

    For unit vectors ``u_1 .. u_n``::

        |mean|² = (1/n²) Σ_i Σ_j u_i·u_j = (n + 2 Σ_{i<j} cos(u_i, u_j)) / n²

    Parameters
    ----------
    cosines : array_like
        Either the full n × n cosine matrix, or the n(n-1)/2 pairwise
        cosines (upper triangle, row by row: (1,2), (1,3), ..., (2,3), ...).

    Raises
    ------
    ValueError
        If the cosines cannot come from real vectors (the matrix of them is
        not positive semi-definite), or the flat list has an impossible length.

    Examples
    --------
    The document's cosines 0.85, 0.82, 0.88: sqrt((3 + 2·2.55)/9) = sqrt(0.9),
    not the 1.000 it prints for ``||e_T1||``.

    >>> round(mean_norm_from_cosines([0.85, 0.82, 0.88]), 4)
    0.9487
    """
    arr = as_float_array(cosines, "cosines")
    if arr.ndim == 2:
        c = check_similarity(arr, "cosines")
    elif arr.ndim == 1:
        m = arr.shape[0]
        n = int(round((1 + math.sqrt(1 + 8 * m)) / 2))
        if m == 0 or n * (n - 1) // 2 != m:
            raise ValueError(
                f"cosines has {m} values, which is not n(n-1)/2 for any n ≥ 2 (1, 3, 6, 10, ...). "
                "Give every pairwise cosine once, or the full matrix."
            )
        c = np.eye(n)
        iu = np.triu_indices(n, 1)
        c[iu] = arr
        c = check_similarity(c + np.triu(c, 1).T, "cosines")
    else:
        raise ValueError(f"cosines must be a matrix or a flat list of pairwise cosines, got shape {arr.shape}.")
    if np.linalg.eigvalsh(c).min() < -1e-9:
        raise ValueError(
            "cosines cannot all hold at once for real vectors (their matrix is not positive semi-definite); "
            "check the values."
        )
    n = c.shape[0]
    return math.sqrt(max(0.0, float(c.sum())) / n**2)


# ------------------------------------------------------- semantic coherence
@dataclass(frozen=True, eq=False)
class SemanticCoherence:
    """Semantic coherence of one topic, with every intermediate.

    ``score`` = Σ_ij S_h[i, j] I[i, j] / Σ_ij I[i, j], with I = λ λᵀ (see the module docstring).

    Attributes
    ----------
    words : tuple of str
    graph : numpy.ndarray
        Edge weights: ``S[i, j]`` where ``S[i, j] > threshold``, else 0
        (diagonal 0, or 1 with ``self_loops=True``).
    pagerank : PageRank or None
        The ranking λ came from (None when ``weights`` were given).
    weights : numpy.ndarray
        λ, the keyword importances.
    direct, indirect, hierarchical : numpy.ndarray
        S, S·S/n (diagonal per ``indirect_diagonal``), γ_d·S + γ_i·S·S/n.
    importance : numpy.ndarray
        λλᵀ.
    weighted : numpy.ndarray
        hierarchical ⊙ importance.
    numerator, denominator, score : float
        Σ weighted, Σ importance, and their ratio SC.
    """

    words: tuple
    graph: np.ndarray
    pagerank: PageRank | None
    weights: np.ndarray
    direct: np.ndarray
    indirect: np.ndarray
    hierarchical: np.ndarray
    importance: np.ndarray
    weighted: np.ndarray
    numerator: float
    denominator: float
    score: float
    threshold: float
    direct_weight: float
    indirect_weight: float
    indirect_diagonal: str
    self_loops: bool

    @property
    def edges(self) -> list[tuple[str, str, float]]:
        """The kept edges as ``(word_i, word_j, weight)`` with i < j."""
        n = len(self.words)
        return [(self.words[i], self.words[j], float(self.graph[i, j]))
                for i in range(n) for j in range(i + 1, n) if self.graph[i, j] > 0]

    @property
    def isolated(self) -> list[str]:
        """Words the threshold left without any edge to another word."""
        off = self.graph - np.diag(np.diag(self.graph))
        return [w for w, s in zip(self.words, off.sum(axis=1)) if s == 0]

    def __str__(self) -> str:
        def mat(m):
            return "\n".join("  " + " ".join(f"{x:7.4f}" for x in row) for row in m)
        src = "PageRank" if self.pagerank is not None else "given"
        # the edges on one line when it keeps to 80 characters (an output box's width on the course website),
        # else under their heading, as many to a line as fit
        head, edges = f"edges (similarity > {self.threshold}):", [f"{a}–{b} {w:.3f}" for a, b, w in self.edges]
        edge_lines = [f"{head} " + (", ".join(edges) or "none")]
        if len(edge_lines[0]) > 80:
            edge_lines = [head, " "]
            for k, edge in enumerate(edges):
                piece = edge + ("," if k < len(edges) - 1 else "")
                if len(edge_lines[-1]) + 1 + len(piece) > 80:
                    edge_lines.append(" ")
                edge_lines[-1] += " " + piece
        lines = [
            f"Semantic coherence of {list(self.words)}",
            *edge_lines,
            f"λ ({src}): " + ", ".join(f"{w} {v:.4f}" for w, v in zip(self.words, self.weights)),
            "S_direct:", mat(self.direct),
            f"S_indirect = S·S/n (diagonal: {self.indirect_diagonal}):", mat(self.indirect),
            f"S_hierarchical = {self.direct_weight}·S_direct + {self.indirect_weight}·S_indirect:",
            mat(self.hierarchical),
            "I = λλᵀ:", mat(self.importance),
            f"SC = {self.numerator:.4f} / {self.denominator:.4f} = {self.score:.4f}",
        ]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"SemanticCoherence(score={self.score:.4f}, words={list(self.words)})"


def semantic_coherence(similarity: ArrayLike, threshold: float = 0.3, damping: float = 0.85,
                       direct_weight: float = 0.7, indirect_weight: float = 0.3, indirect_diagonal: str = "one",
                       *, self_loops: bool = False, weights: ArrayLike | None = None,
                       words: Sequence[str] | None = None, tol: float = 1e-12,
                       max_iter: int = 1000) -> SemanticCoherence:
    """Semantic coherence of one topic from its keywords' cosine similarities.

    ::

        G   = S off the diagonal where S > threshold, else 0
        λ   = PageRank(G, damping)          (or ``weights`` when given)
        S_h = γ_d·S + γ_i·(S·S/n)
        I   = λλᵀ
        SC  = Σ(S_h ⊙ I) / Σ I

    Parameters
    ----------
    similarity : array_like, shape (n, n)
        Cosine similarities of the n keywords: symmetric, in [-1, 1], 1 on
        the diagonal.  Build it with :func:`cosine_similarity_matrix` or
        ``WordVectors.similarity_matrix``.
    threshold : float, default 0.3
        A pair is an edge only when its similarity is strictly greater.  In
        [0, 1]: a negative threshold would admit negative edge weights.
    damping : float, default 0.85
        PageRank's damping factor.
    direct_weight, indirect_weight : float, default 0.7 and 0.3
        γ_d and γ_i; non-negative and adding up to 1.
    indirect_diagonal : {"one", "computed"}, default "one"
        "one" sets the diagonal of S·S/n to 1, as the document prints it;
        "computed" keeps ``Σ_k S[i, k]² / n`` as the formula (and the public
        code) gives it.
    self_loops : bool, default False
        Keep each word's similarity of 1 to itself as a self-loop in the
        graph, as the public code's ``networkx.from_numpy_array(S)`` does.
    weights : array_like of n non-negative numbers, optional
        λ to use instead of PageRank (e.g. the document's printed
        (0.32, 0.36, 0.32)).  Used as given, not rescaled: SC does not
        change when λ is multiplied by a constant, but I does.  Only a λ
        whose largest entry lies outside [2^-400, 2^400] (about 1e±120),
        where λλᵀ would overflow or underflow, is first divided by a power
        of two; ``.weights`` shows the λ used.
    words : sequence of str, optional
        Names of the keywords, for display.
    tol, max_iter :
        Passed to :func:`pagerank`.

    Returns
    -------
    SemanticCoherence

    Examples
    --------
    The document's topic ["machine", "learning", "algorithm"] with its own λ
    (0.32, 0.36, 0.32): Σ I = (0.32 + 0.36 + 0.32)² = 1 and SC = 0.892.

    >>> S = [[1, 0.85, 0.82], [0.85, 1, 0.88], [0.82, 0.88, 1]]
    >>> sc = semantic_coherence(S, weights=[0.32, 0.36, 0.32])
    >>> round(sc.score, 3), round(sc.denominator, 3)
    (0.892, 1.0)
    >>> round(semantic_coherence(S).score, 3)           # true PageRank λ
    0.892
    >>> round(semantic_coherence(S, indirect_diagonal="computed").score, 3)
    0.873
    """
    s = check_similarity(similarity)
    n = s.shape[0]
    if n < 2:
        raise ValueError("similarity is 1 × 1: a topic needs at least two keywords for coherence to mean anything.")
    labels = check_labels(words, n, "words", "w")
    threshold = check_finite_real(threshold, "threshold")
    if not 0 <= threshold <= 1:
        raise ValueError(
            f"threshold must lie in [0, 1], got {threshold}. Below 0, pairs with negative similarity would "
            "become edges with negative weight, which PageRank cannot use."
        )
    gd, gi = check_unit_sum(direct_weight, indirect_weight, "direct_weight", "indirect_weight")
    check_choice(indirect_diagonal, "indirect_diagonal", ("one", "computed"))
    self_loops = check_flag(self_loops, "self_loops")

    graph = np.where(s > threshold, s, 0.0)
    np.fill_diagonal(graph, 1.0 if self_loops else 0.0)

    if weights is None:
        pr = pagerank(graph, damping=damping, tol=tol, max_iter=max_iter)
        lam = np.array(pr.weights)
    else:
        pr = None
        lam = as_float_array(weights, "weights")
        if lam.shape != (n,):
            raise ValueError(f"weights must hold one importance per keyword ({n}), got shape {lam.shape}.")
        if not np.all(np.isfinite(lam)) or np.any(lam < 0):
            raise ValueError(f"weights must be finite and zero or more, got {lam.tolist()}.")
        if not np.any(lam > 0):
            raise ValueError("weights are all zero, so Σ I = 0 and SC is 0/0. Give at least one positive weight.")
        if not _SAFE_WEIGHT_LOW <= lam.max() <= _SAFE_WEIGHT_HIGH:
            # λλᵀ would overflow (or Σ I underflow) at this scale; SC does not
            # depend on it, so λ is divided by a power of two (exactly).
            lam = scale_by_power_of_two(lam)

    direct = s
    indirect = s @ s / n
    if indirect_diagonal == "one":
        np.fill_diagonal(indirect, 1.0)
    hierarchical = gd * direct + gi * indirect
    importance = np.outer(lam, lam)
    weighted = hierarchical * importance
    numerator = float(weighted.sum())
    denominator = float(importance.sum())
    for arr in (graph, lam, direct, indirect, hierarchical, importance, weighted):
        arr.setflags(write=False)
    return SemanticCoherence(
        words=labels, graph=graph, pagerank=pr, weights=lam, direct=direct, indirect=indirect,
        hierarchical=hierarchical, importance=importance, weighted=weighted, numerator=numerator,
        denominator=denominator, score=numerator / denominator, threshold=threshold,
        direct_weight=gd, indirect_weight=gi, indirect_diagonal=indirect_diagonal, self_loops=bool(self_loops),
    )


# Given weights λ are used as they are between these bounds; beyond them
# λλᵀ would overflow or Σ λλᵀ lose its digits, and λ is rescaled first.
_SAFE_WEIGHT_LOW, _SAFE_WEIGHT_HIGH = 2.0**-400, 2.0**400


# -------------------------------------------------- topic cosines (SD, SemDiv)
def _topic_similarity(topic_vectors, similarity, labels) -> tuple[np.ndarray, tuple[str, ...]]:
    if (topic_vectors is None) == (similarity is None):
        raise TypeError("give either topic_vectors or similarity= (a cosine matrix of the topics), exactly one.")
    if similarity is not None:
        c = check_similarity(similarity)
        labels = check_labels(labels, c.shape[0], "labels", "T")
    else:
        v, mapped = check_vectors(topic_vectors, "topic_vectors", labels)
        labels = check_labels(mapped if mapped is not None else labels, v.shape[0], "labels", "T")
        c = labelled_cosines(v, labels, "topic_vectors")
    if c.shape[0] < 2:
        raise ValueError(
            "there is a single topic: distinctiveness compares pairs of topics and one topic has none. "
            "Give at least two topics."
        )
    return c, labels


@dataclass(frozen=True, eq=False)
class Distinctiveness:
    """Pairwise semantic distinctiveness of topics: SD(a, b) = (1 - cos(t_a, t_b)) / 2.

    Attributes
    ----------
    labels : tuple of str
    similarity : numpy.ndarray
        Cosines of the topic vectors.
    matrix : numpy.ndarray
        ``(1 - cos)/2`` for every pair; 0 on the diagonal (a topic is not
        distinct from itself).
    mean : float
        Mean over the k(k-1)/2 pairs a < b.
    """

    labels: tuple
    similarity: np.ndarray
    matrix: np.ndarray
    mean: float

    @property
    def pairs(self) -> dict[tuple[str, str], float]:
        """``{(label_a, label_b): SD}`` for a < b."""
        k = len(self.labels)
        return {(self.labels[a], self.labels[b]): float(self.matrix[a, b])
                for a in range(k) for b in range(a + 1, k)}

    def __str__(self) -> str:
        rows = [" ".join(f"{x:6.3f}" for x in r) for r in self.matrix]
        body = "\n".join(f"  {lab:>6} {r}" for lab, r in zip(self.labels, rows))
        return f"SD = (1 - cos)/2\n{body}\nmean over {len(self.pairs)} pairs = {self.mean:.4f}"

    def __repr__(self) -> str:
        return f"Distinctiveness(mean={self.mean:.4f}, labels={list(self.labels)})"


def distinctiveness(topic_vectors: ArrayLike | Mapping[str, ArrayLike] | None = None, *,
                    similarity: ArrayLike | None = None, labels: Sequence[str] | None = None) -> Distinctiveness:
    """Semantic distinctiveness ``(1 - cos)/2`` of every pair of topics.

    Parameters
    ----------
    topic_vectors : array_like, shape (k, d), or mapping label -> vector
        One vector per topic (e.g. from :func:`topic_vector`).
    similarity : array_like, shape (k, k), keyword-only
        The topics' cosine matrix instead of the vectors (the document gives
        only the cosines).
    labels : sequence of str, optional
        Topic names (default T1, T2, ...).

    Returns
    -------
    Distinctiveness
        ``.matrix`` (zero diagonal), ``.mean`` over distinct pairs.

    Raises
    ------
    ValueError
        For fewer than two topics, a zero topic vector, or a bad cosine matrix.

    Examples
    --------
    The document's cosines 0.245, 0.782, 0.198: SD = 0.3775, 0.109, 0.401,
    mean 0.8875/3 = 0.2958.

    >>> C = [[1, 0.245, 0.782], [0.245, 1, 0.198], [0.782, 0.198, 1]]
    >>> sd = distinctiveness(similarity=C)
    >>> sd.matrix.round(4).tolist()[0], round(sd.mean, 3)
    ([0.0, 0.3775, 0.109], 0.296)
    """
    c, labels = _topic_similarity(topic_vectors, similarity, labels)
    m = (1 - c) / 2
    np.fill_diagonal(m, 0.0)
    k = c.shape[0]
    mean = float(m[np.triu_indices(k, 1)].mean())
    c.setflags(write=False)
    m.setflags(write=False)
    return Distinctiveness(labels=labels, similarity=c, matrix=m, mean=mean)


# ------------------------------------------------------- semantic diversity
@dataclass(frozen=True, eq=False)
class SemanticDiversity:
    """Semantic diversity of a topic model, with every intermediate.

    ``score`` = α·semantic + β·distribution, where distribution = H / ln K.

    Attributes
    ----------
    semantic : float
        Mean pairwise distinctiveness (``distinctiveness.mean``).
    distribution : float
        ``entropy / max_entropy``.
    score : float
        ``alpha · semantic + beta · distribution``.
    counts : numpy.ndarray
        Documents per topic.
    proportions : numpy.ndarray
        ``counts / n_documents``.
    entropy : float
        ``H = -Σ p ln p`` in nats.
    max_entropy : float
        ``H_max = ln K`` for K topics.
    n_documents : int
    alpha, beta : float
    distinctiveness : Distinctiveness
    """

    semantic: float
    distribution: float
    score: float
    counts: np.ndarray
    proportions: np.ndarray
    entropy: float
    max_entropy: float
    n_documents: int
    alpha: float
    beta: float
    distinctiveness: Distinctiveness

    @property
    def labels(self) -> tuple[str, ...]:
        """The topics' labels (those of ``distinctiveness``)."""
        return self.distinctiveness.labels

    @property
    def entropy_terms(self) -> np.ndarray:
        """``p_k ln p_k`` for every topic (0 for an unused topic); H is minus their sum."""
        p = self.proportions
        out = np.zeros_like(p)
        out[p > 0] = p[p > 0] * np.log(p[p > 0])
        return out

    def __str__(self) -> str:
        props = ", ".join(f"{lab} {c}/{self.n_documents} = {p:.3f}"
                          for lab, c, p in zip(self.labels, self.counts, self.proportions))
        return "\n".join([
            f"semantic part = mean SD = {self.semantic:.4f}",
            f"proportions: {props}",
            f"H = {self.entropy:.4f} nats, H_max = ln {len(self.counts)} = {self.max_entropy:.4f}",
            f"distribution part = H / H_max = {self.distribution:.4f}",
            f"SemDiv = {self.alpha}·{self.semantic:.4f} + {self.beta}·{self.distribution:.4f} = {self.score:.4f}",
        ])

    def __repr__(self) -> str:
        return (f"SemanticDiversity(score={self.score:.4f}, semantic={self.semantic:.4f}, "
                f"distribution={self.distribution:.4f})")


def _check_assignments(assignments, k):
    if assignments is None:
        raise TypeError("assignments is required: the topic id of every document, e.g. [0, 0, 1, 2].")
    if isinstance(assignments, (str, bytes)) or isinstance(assignments, Mapping):
        raise TypeError("assignments must be a list of topic ids (whole numbers), one per document.")
    if not isinstance(assignments, np.ndarray):
        try:
            assignments = list(assignments)
        except TypeError:
            raise TypeError("assignments must be a list of topic ids (whole numbers), one per document, "
                            f"got {type(assignments).__name__}.") from None
        if any(isinstance(a, (bool, np.bool_)) for a in assignments):
            raise TypeError("assignments must hold whole-number topic ids, not booleans.")
        huge = [a for a in assignments if isinstance(a, numbers.Integral) and not -2**63 <= a < 2**63]
        if huge:  # past int64, so certainly no topic id
            raise ValueError(f"assignments names topic {huge[0]}, which does not exist: there are {k} topics, "
                             f"with ids 0 to {k - 1}.")
    try:
        arr = np.asarray(assignments)
    except ValueError:
        raise ValueError("assignments must be a flat list of topic ids, one whole number per document.") from None
    if arr.ndim != 1:
        raise ValueError(f"assignments must be a flat list of topic ids, got shape {arr.shape}.")
    if arr.shape[0] == 0:
        raise ValueError("assignments is empty: there must be at least one document.")
    if arr.dtype == bool or not (np.issubdtype(arr.dtype, np.integer) or np.issubdtype(arr.dtype, np.floating)):
        bad = next((a for a in arr.tolist() if isinstance(a, bool) or not isinstance(a, numbers.Real)), arr[0])
        raise TypeError(f"assignments must hold whole-number topic ids, got {bad!r}.")
    if np.issubdtype(arr.dtype, np.floating) and (not np.all(np.isfinite(arr)) or np.any(arr != np.round(arr))):
        raise ValueError("assignments must hold whole-number topic ids; got a fractional, NaN or infinite value.")
    # Range first: a float such as 1e308 cannot be cast to an integer.
    bad = arr[(arr < 0) | (arr >= k)]
    if bad.size:
        hint = (" Documents a model left unassigned (e.g. BERTopic's outlier topic -1) must be dropped first."
                if np.any(bad < 0) else "")
        raise ValueError(
            f"assignments names topic {int(bad[0])}, which does not exist: there are {k} topics, "
            f"with ids 0 to {k - 1}.{hint}"
        )
    return arr.astype(np.int64)


def semantic_diversity(topic_vectors: ArrayLike | Mapping[str, ArrayLike] | None = None,
                       assignments: ArrayLike | None = None, alpha: float = 0.5, beta: float = 0.5, *,
                       similarity: ArrayLike | None = None, labels: Sequence[str] | None = None) -> SemanticDiversity:
    """Semantic diversity: how far apart the topics are, and how evenly used.

    ::

        semantic     = mean_{a<b} (1 - cos(t_a, t_b)) / 2
        distribution = (-Σ_k p_k ln p_k) / ln K
        SemDiv       = α·semantic + β·distribution

    Parameters
    ----------
    topic_vectors : array_like, shape (K, d), or mapping label -> vector
        One vector per topic; or give ``similarity=`` instead.
    assignments : sequence of int
        The topic id (0 .. K-1) of every document.  A topic no document is
        assigned to counts with p = 0 (0·ln 0 = 0).
    alpha, beta : float, default 0.5
        Non-negative and adding up to 1 (refused otherwise, not rescaled).
    similarity : array_like, shape (K, K), keyword-only
        The topics' cosine matrix instead of the vectors.
    labels : sequence of str, optional

    Returns
    -------
    SemanticDiversity

    Examples
    --------
    The document's example: counts 4, 3, 3 of 10 documents, so
    H = -(0.4 ln 0.4 + 2 · 0.3 ln 0.3) = 1.0889 and 1.0889 / ln 3 = 0.9912.

    >>> C = [[1, 0.245, 0.782], [0.245, 1, 0.198], [0.782, 0.198, 1]]
    >>> sd = semantic_diversity(None, [0, 0, 1, 0, 2, 2, 1, 2, 0, 1], similarity=C)
    >>> round(sd.entropy, 4), round(sd.distribution, 3), round(sd.score, 3)
    (1.0889, 0.991, 0.643)
    """
    a, b = check_unit_sum(alpha, beta, "alpha", "beta")
    dist = distinctiveness(topic_vectors, similarity=similarity, labels=labels)
    k = len(dist.labels)
    ids = _check_assignments(assignments, k)
    counts = np.bincount(ids, minlength=k)
    n_docs = int(counts.sum())
    p = counts / n_docs
    used = p[p > 0]
    entropy = float(-(used * np.log(used)).sum())
    max_entropy = math.log(k)
    # H <= ln K always; the clip only absorbs a last-digit rounding excess.
    distribution = min(1.0, max(0.0, entropy / max_entropy))
    counts.setflags(write=False)
    p.setflags(write=False)
    return SemanticDiversity(
        semantic=dist.mean, distribution=distribution, score=a * dist.mean + b * distribution,
        counts=counts, proportions=p, entropy=entropy, max_entropy=max_entropy, n_documents=n_docs,
        alpha=a, beta=b, distinctiveness=dist,
    )

