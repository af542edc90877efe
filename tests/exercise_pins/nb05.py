"""Notebook 05's exercise answers, worked out by hand (no teachkit); 05.1-05.4 are 05b's now (nb05b.py)."""

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
    "05.6": "more than (1 − d)/n",                 # 0.0698 > 0.05
    "05.5": _step,
    # SC of 5 keywords with cosines 0 is 1/5 = 0.2 (only the diagonal); (0.30 - 0.2) / (1 - 0.2) = 0.125,
    # barely above that score
    "05.7": "it is barely above what keywords with nothing in common would score",
    # above 0.3 only neural's edges (0.8, 0.7, 0.75) survive: a star; PageRank gives the centre
    # (1 + 3d) / (4 (1 + d)) = 3.55 / 7.4 = 0.480, each leaf (1 - d)/4 + d * 0.480 * w / 2.25 (0.18 or less)
    "05.8": "it is the keyword most similar to the others: the graph's edges lead to it",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.  "machine" is isolated: its rank is
# the jump (1 - d)/3 plus d/3 of its own rank (dangling node), lam = 0.05 + 0.85 lam / 3.
STEPS = {
    "05.7": {"chance": 1 / 5, "share": (0.30 - 0.2) / 0.8},
    # the star's PageRank by hand: centre (1 + 3d) / (4 (1 + d)); leaf (1 - d)/4 + d * centre * w / (0.8 + 0.7 + 0.75)
    "05.8": {"w_neural": pytest.approx(3.55 / 7.4, rel=1e-9),   # iterated to convergence
             "w_rest": ", ".join(f"{0.15 / 4 + 0.85 * (3.55 / 7.4) * w / 2.25:.3f}" for w in (0.8, 0.7, 0.75))},
}


# ---------------------------------------------------------------- every variant, by hand
def _h_by_hand(s_ml, s_ma, s_la, gamma=0.7):
    # S_h off the diagonal: gamma S + (1 - gamma) (S S / 3); (S S)_xy = s_xy * 1 + 1 * s_xy + s_xz * s_yz
    return {"ml": gamma * s_ml + (1 - gamma) * (2 * s_ml + s_ma * s_la) / 3,
            "ma": gamma * s_ma + (1 - gamma) * (2 * s_ma + s_ml * s_la) / 3,
            "la": gamma * s_la + (1 - gamma) * (2 * s_la + s_ml * s_ma) / 3}


def _strict_sc_by_hand(s_ml, s_ma, s_la, threshold, damping, direct_weight):
    # machine isolated (both its cosines below the threshold): lam_m = ((1 - d)/3) / (1 - d/3); learning and
    # algorithm, joined only to each other, share the rest equally; SC = sum_ij lam_i lam_j S_h[i, j]
    assert max(s_ml, s_ma) < threshold < s_la
    h = _h_by_hand(s_ml, s_ma, s_la, direct_weight)
    lm = ((1 - damping) / 3) / (1 - damping / 3)
    lo = (1 - lm) / 2
    return lm ** 2 + 2 * lo ** 2 + 2 * lm * lo * (h["ml"] + h["ma"]) + 2 * lo * lo * h["la"]


def _equal_weights_by_hand(s_ml, s_ma, s_la):
    h = _h_by_hand(s_ml, s_ma, s_la)
    return (3 + 2 * (h["ml"] + h["ma"] + h["la"])) / 9        # three 1s and each pair twice, over nine entries




