"""Notebook 05's exercise answers, worked out by hand (no teachkit)."""

import numpy as np
import pytest

_h = {  # S_h = 0.7 S + 0.3 S S / 3 off the diagonal (diagonal 1), written out entry by entry
    "ml": 0.7 * 0.85 + 0.3 * (0.85 + 0.85 + 0.82 * 0.88) / 3,
    "ma": 0.7 * 0.82 + 0.3 * (0.82 + 0.85 * 0.88 + 0.82) / 3,
    "la": 0.7 * 0.88 + 0.3 * (0.85 * 0.82 + 0.88 + 0.88) / 3,
}
# threshold 0.86: machine isolated, lambda_m = 0.05 / (1 - 0.85/3); learning and algorithm share the rest
_lm = 0.05 / (1 - 0.85 / 3)
_lo = (1 - _lm) / 2
_sc_strict = (_lm ** 2 + 2 * _lo ** 2 + 2 * _lm * _lo * (_h["ml"] + _h["ma"]) + 2 * _lo * _lo * _h["la"])


def _step(A, damping):
    n = A.shape[0]
    out = np.empty(n)
    for j in range(n):
        out[j] = (1 - damping) / n + damping * sum((1 / n) * A[i, j] / A[i].sum() for i in range(n) if i != j)
    return out


PINS = {
    # (1 - 0.85)/3 + 0.85 * (1/3 * 0.85 / (0.85 + 0.82) + 1/3 * 0.88 / (0.82 + 0.88))
    "05.1": 0.05 + 0.85 * (0.60 / 1.05 + 0.75 / 1.20) / 3,   # 0.05 + 0.2833 · (0.5714 + 0.625) = 0.3890
    "05.2": (0.45 ** 2 + 0.75 ** 2 + 1) / 3,                 # (0.2025 + 0.5625 + 1) / 3 = 0.5883
    "05.3": _sc_strict,                            # weights sum to 1, so the denominator is 1
    "05.4": (3 + 2 * (_h["ml"] + _h["ma"] + _h["la"])) / 9,
    "05.6": "more than (1 − d)/n",                 # 0.0698 > 0.05
    "05.5": _step,
    # SC of 5 keywords with cosines 0 is 1/5 = 0.2 (only the diagonal); (0.30 - 0.2) / (1 - 0.2) = 0.125,
    # barely above that floor
    "05.7": "it is barely above what keywords with nothing in common would score",
    # above 0.3 only neural's edges (0.8, 0.7, 0.75) survive: a star; PageRank gives the centre
    # (1 + 3d) / (4 (1 + d)) = 3.55 / 7.4 = 0.480, each leaf (1 - d)/4 + d * 0.480 * w / 2.25 (0.18 or less)
    "05.8": "it is the keyword most similar to the others: the graph's edges lead to it",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.  "machine" is isolated: its rank is
# the jump (1 - d)/3 plus d/3 of its own rank (dangling node), lam = 0.05 + 0.85 lam / 3.
STEPS = {
    # teachkit iterates PageRank until it converges, so its weight agrees with the fixed point to about 1e-11
    "05.3": {"jump": (1 - 0.85) / 3, "n_words": 3,
             "isolated_weight": pytest.approx(((1 - 0.85) / 3) / (1 - 0.85 / 3), rel=1e-9)},
    "05.7": {"chance": 1 / 5, "share": (0.30 - 0.2) / 0.8},
    # the star's PageRank by hand: centre (1 + 3d) / (4 (1 + d)); leaf (1 - d)/4 + d * centre * w / (0.8 + 0.7 + 0.75)
    "05.8": {"w_neural": pytest.approx(3.55 / 7.4, rel=1e-9),   # iterated to convergence, as 05.3
             "w_rest": ", ".join(f"{0.15 / 4 + 0.85 * (3.55 / 7.4) * w / 2.25:.3f}" for w in (0.8, 0.7, 0.75))},
}
