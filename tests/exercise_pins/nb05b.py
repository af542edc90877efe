"""Notebook 05b's exercise answers (05's steps on new numbers), worked out by hand (no teachkit)."""

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


def _full_graph_sc_by_hand(s_ml, s_ma, s_la, damping=0.85):
    # every edge kept: weighted PageRank iterated by hand from 1/3 (each word passes its rank along its edges in
    # proportion to their weights), then SC = sum_ij lam_i lam_j S_h[i, j] (the weights sum to 1)
    A = np.array([[0, s_ml, s_ma], [s_ml, 0, s_la], [s_ma, s_la, 0]])
    lam = np.full(3, 1 / 3)
    for _ in range(500):
        lam = (1 - damping) / 3 + damping * np.array([sum(lam[i] * A[i, j] / A[i].sum() for i in range(3))
                                                      for j in range(3)])
    h = _h_by_hand(s_ml, s_ma, s_la)
    H = np.array([[1, h["ml"], h["ma"]], [h["ml"], 1, h["la"]], [h["ma"], h["la"], 1]])
    return float(lam @ H @ lam), lam


# 05b.5-05b.7: the other model's cosines 0.60, 0.45, 0.75; threshold 0.3 (all edges) against 0.65 (machine isolated)
_sc_all, _lam_all = _full_graph_sc_by_hand(0.60, 0.45, 0.75)            # 0.724, lam (0.296, 0.371, 0.333)
_sc_cut = _strict_sc_by_hand(0.60, 0.45, 0.75, 0.65, 0.85, 0.7)          # 0.808, lam (0.070, 0.465, 0.465)
assert _sc_cut > _sc_all

PINS = {
    # (1 - 0.85)/3 + 0.85 * (1/3 * 0.60 / (0.60 + 0.45) + 1/3 * 0.75 / (0.45 + 0.75)): machine's and algorithm's shares
    "05b.1": 0.05 + 0.85 * (0.60 / 1.05 + 0.75 / 1.20) / 3,   # 0.05 + 0.2833 · (0.5714 + 0.625) = 0.3890
    "05b.2": (0.45 ** 2 + 0.75 ** 2 + 1) / 3,                # (0.2025 + 0.5625 + 1) / 3 = 0.5883
    "05b.3": _sc_strict,                           # weights sum to 1, so the denominator is 1
    "05b.4": (3 + 2 * (_h["ml"] + _h["ma"] + _h["la"])) / 9,
    "05b.5": "higher",                             # 0.808 at 0.65 against 0.724 at 0.3
    # only the weights move: S_h is built from all the cosines at either threshold, and lam_machine falls
    # from 0.296 to 0.070 while SC rises
    "05b.6": ("the weights moved from “machine” to “learning” and “algorithm”, whose cosine is the largest, so "
              "the weighted mean leans on the most similar pair; no cosine changed"),
    # 0.60 and 0.45 are both at or below 0.65 and above 0.3: the threshold, not the words, isolated machine
    "05b.7": ("that both its cosines are at or below the threshold chosen: a lower threshold would give it edges "
              "and weight again"),
}

STEPS = {
    # teachkit iterates PageRank until it converges, so its weight agrees with the fixed point to about 1e-11
    "05b.3": {"jump": (1 - 0.85) / 3, "n_words": 3,
              "isolated_weight": pytest.approx(((1 - 0.85) / 3) / (1 - 0.85 / 3), rel=1e-9)},
    "05b.5": {"sc_low": pytest.approx(_sc_all, rel=1e-9), "sc_high": pytest.approx(_sc_cut, rel=1e-9),
              "lam_low": ", ".join(f"{v:.3f}" for v in _lam_all), "lam_high": "0.070, 0.465, 0.465"},
}

PIN_FUNCTIONS = {
    # (1 - d)/3 + d * (1/3 * s_ml / (s_ml + s_ma) + 1/3 * s_la / (s_ma + s_la)): machine's and algorithm's shares
    "05b.1": lambda word, s_ml, s_ma, s_la, threshold, damping: (
        (1 - damping) / 3 + damping * (s_ml / (s_ml + s_ma) + s_la / (s_ma + s_la)) / 3),
    "05b.2": lambda s_ma, s_la: (s_ma ** 2 + s_la ** 2 + 1) / 3,    # the mean square of algorithm's row
    "05b.3": _strict_sc_by_hand,
    "05b.4": _equal_weights_by_hand,
}

STEP_FUNCTIONS = {
    "05b.3": lambda s_ml, s_ma, s_la, threshold, damping, direct_weight: {
        "jump": (1 - damping) / 3, "n_words": 3,
        "isolated_weight": pytest.approx(((1 - damping) / 3) / (1 - damping / 3), rel=1e-9)},
}
