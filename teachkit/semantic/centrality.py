"""Weighted PageRank of an undirected graph, with every iterate kept.

Semantic coherence (:mod:`teachkit.semantic.metrics`) weighs a topic's keywords by
their PageRank in the graph of their similarities; this module holds
PageRank on its own, so it can be taught and tested step by step.

A random surfer at node i follows an edge with probability proportional to
its weight, ``P[i, j] = A[i, j] / Σ_k A[i, k]``, and with probability
``1 - d`` jumps to a node chosen uniformly instead::

    λ_j ← (1 - d)/n + d · Σ_i λ_i · P[i, j]

PageRank does not depend on the scale of the weights: ``A`` and ``c·A``
(any c > 0) give the same λ.  Each row is divided by a power of two before
its sum is taken (exact in floating point), so that weights near 1e±300
neither overflow nor underflow: ``2**k · A`` gives λ bit for bit, any other
constant the same λ up to rounding.

``teachkit.pagerank`` is the function (as ``teachkit.pmi`` is); import the
class with ``from teachkit.semantic.centrality import PageRank`` (or from ``teachkit``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .._checks import as_float_array, check_finite_real, check_positive_int, check_square, scale_by_power_of_two

__all__ = ["PageRank", "pagerank"]


# ------------------------------------------------------------------ PageRank
@dataclass(frozen=True, eq=False)
class PageRank:
    """PageRank of a weighted undirected graph, with every iterate kept.

    Attributes
    ----------
    weights : numpy.ndarray
        The converged PageRank vector λ (non-negative, sums to 1).
    history : numpy.ndarray
        Shape (iterations + 1, n): row 0 is the uniform start 1/n, row t the
        vector after iteration t; the last row is ``weights``.
    adjacency : numpy.ndarray
        The edge weights the ranking was computed from.
    transition : numpy.ndarray
        Row-stochastic matrix: ``transition[i, j] = A[i, j] / Σ_k A[i, k]``,
        or ``1/n`` in every column of a row whose node has no edge.
    damping : float
        The damping factor d.
    """

    weights: np.ndarray
    history: np.ndarray
    adjacency: np.ndarray
    transition: np.ndarray
    damping: float

    @property
    def iterations(self) -> int:
        """Number of iterations run until the change fell below the tolerance."""
        return self.history.shape[0] - 1

    @property
    def isolated(self) -> np.ndarray:
        """Boolean mask of the nodes without any edge (their rank is spread uniformly)."""
        return ~np.any(self.adjacency > 0, axis=1)

    def step(self, x: ArrayLike) -> np.ndarray:
        """One PageRank iteration applied to ``x``: ``(1 - d)/n + d · xᵀ P``."""
        x = as_float_array(x, "x")
        n = self.transition.shape[0]
        if x.shape != (n,):
            raise ValueError(f"x must be a vector of length {n}, got shape {x.shape}.")
        return (1 - self.damping) / n + self.damping * (x @ self.transition)

    def __repr__(self) -> str:
        vals = ", ".join(f"{v:.4f}" for v in self.weights)
        return f"PageRank(weights=[{vals}], iterations={self.iterations}, damping={self.damping})"


def pagerank(weights: ArrayLike, damping: float = 0.85, tol: float = 1e-12, max_iter: int = 1000) -> PageRank:
    """Weighted PageRank of an undirected graph, by power iteration from 1/n.

    A random surfer at node i follows an edge with probability proportional
    to its weight, ``P[i, j] = A[i, j] / Σ_k A[i, k]``; with probability
    ``1 - d`` it jumps to a node chosen uniformly instead.  A node without
    edges sends its rank to every node uniformly (networkx's default).  One
    iteration, for every node j::

        λ_j ← (1 - d)/n + d · Σ_i λ_i · P[i, j]

    starting from λ = 1/n, until the change ``Σ_j |λ_j(new) - λ_j(old)|``
    is below ``n · tol`` (networkx's stopping rule).

    Note the ``1/n`` in the jump term, and that the sum runs over the
    *neighbours'* ranks divided by the *neighbours'* total edge weight.

    Parameters
    ----------
    weights : array_like, shape (n, n)
        Edge weights A: symmetric, finite, non-negative; 0 means no edge.
        A diagonal entry is a self-loop (counted once, as networkx does).
    damping : float, default 0.85
        d, in [0, 1].
    tol : float, default 1e-12
        Convergence tolerance per node.
    max_iter : int, default 1000

    Returns
    -------
    PageRank
        ``.weights`` (λ, sums to 1) and ``.history`` (every iterate).

    Raises
    ------
    ValueError
        For a matrix that is not square, symmetric, finite and non-negative,
        a damping outside [0, 1], or when the iteration does not converge
        within ``max_iter`` (possible only with ``damping=1``).

    Examples
    --------
    The document's triangle machine–learning–algorithm (0.85, 0.82, 0.88).
    Iteration 1 for "machine" (neighbours: learning with total weight
    0.85 + 0.88 = 1.73, algorithm with 0.82 + 0.88 = 1.70)::

        0.15/3 + 0.85 · (1/3 · 0.85/1.73 + 1/3 · 0.82/1.70) = 0.3259

    >>> pr = pagerank([[0, 0.85, 0.82], [0.85, 0, 0.88], [0.82, 0.88, 0]])
    >>> [round(float(v), 4) for v in pr.history[1]]
    [0.3259, 0.3409, 0.3332]
    >>> [round(float(v), 2) for v in pr.weights]
    [0.33, 0.34, 0.33]

    The same graph with every weight times 1e300 (or 1e-300) has the same λ:

    >>> A = np.array([[0, 0.85, 0.82], [0.85, 0, 0.88], [0.82, 0.88, 0]])
    >>> bool(np.allclose(pagerank(A * 1e300).weights, pr.weights, rtol=0, atol=1e-15))
    True
    """
    a = check_square(as_float_array(weights, "weights"), "weights")
    if np.any(a < 0):
        raise ValueError("weights must be zero or more: an edge weight cannot be negative (0 means no edge).")
    d = check_finite_real(damping, "damping", minimum=0.0)
    if d > 1:
        raise ValueError(f"damping must lie in [0, 1], got {d}.")
    tol = check_finite_real(tol, "tol")
    if tol <= 0:
        raise ValueError(f"tol must be greater than 0, got {tol}.")
    max_iter = check_positive_int(max_iter, "max_iter")

    n = a.shape[0]
    # P[i, j] = A[i, j] / Σ_k A[i, k] does not change when row i is scaled;
    # scaling it by a power of two (exact) keeps the sum from overflowing
    # (weights near 1e308) or underflowing (near 1e-308).
    scaled = scale_by_power_of_two(a, axis=1)
    strength = scaled.sum(axis=1)
    has_edges = strength > 0
    transition = np.full((n, n), 1.0 / n)
    transition[has_edges] = scaled[has_edges] / strength[has_edges, None]

    x = np.full(n, 1.0 / n)
    history = [x]
    for _ in range(max_iter):
        new = (1 - d) / n + d * (x @ transition)
        history.append(new)
        change = float(np.abs(new - x).sum())
        x = new
        if change < n * tol:
            break
    else:
        raise ValueError(
            f"PageRank did not converge within max_iter={max_iter} iterations (last change {change:.3g}). "
            "Raise max_iter, loosen tol, or use a damping below 1 (with damping=1 the walk can cycle forever)."
        )
    history = np.array(history)
    for arr in (history, a, transition):
        arr.setflags(write=False)
    lam = x / x.sum()
    lam.setflags(write=False)
    return PageRank(weights=lam, history=history, adjacency=a, transition=transition, damping=d)
