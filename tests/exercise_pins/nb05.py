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
}


# The intermediate numbers of the worked solutions (``steps``), by hand.  "machine" is isolated: its rank is
# the jump (1 - d)/3 plus d/3 of its own rank (dangling node), lam = 0.05 + 0.85 lam / 3.
STEPS = {
    # teachkit iterates PageRank until it converges, so its weight agrees with the fixed point to about 1e-11
    "05.3": {"jump": (1 - 0.85) / 3, "n_words": 3,
             "isolated_weight": pytest.approx(((1 - 0.85) / 3) / (1 - 0.85 / 3), rel=1e-9)},
}
