"""Notebook 09b's exercise answers, worked out by hand (09b.1: an independent implementation)."""

import math


def spearman_by_hand(x, y):
    """Average ranks written out with a dictionary of positions, then Pearson's r by its definition."""
    def ranks(values):
        positions = {}
        for position, value in enumerate(sorted(values), start=1):
            positions.setdefault(value, []).append(position)
        return [sum(positions[v]) / len(positions[v]) for v in values]

    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    return cov / math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))


# 09b.3 by hand (the six topics of nb09b._NPMI and _RATING): NPMI -0.05 < 0.02 < 0.08 < 0.11 < 0.15 < 0.21
# and e^(10 NPMI) = 0.61, 1.22, 2.23, 3.00, 4.48, 8.17 are in the same order, so both get the ranks 1..6 and rho
# (with the ratings' ranks 1, 3, 2, 5, 4, 6) is the same: 1 - 6 (0 + 1 + 1 + 1 + 1 + 0) / (6 * 35) = 0.886.
assert spearman_by_hand([-0.05, 0.02, 0.08, 0.11, 0.15, 0.21], [1.4, 2.1, 1.9, 2.6, 2.2, 2.8]) == spearman_by_hand(
    [math.exp(10 * v) for v in (-0.05, 0.02, 0.08, 0.11, 0.15, 0.21)], [1.4, 2.1, 1.9, 2.6, 2.2, 2.8])

PINS = {
    "09b.1": spearman_by_hand,
    # interval [-0.05, 0.28]: low -0.05 < 0 < high 0.28, so 0 (no agreement) is inside it
    "09b.2": "they give no evidence that it agrees with people",
    "09b.3": "it stays the same",
    # [0.26, 0.53] and [0.14, 0.43] overlap on [0.26, 0.43]; the rhos share their topics, so only a paired
    # bootstrap of the difference can tell
    "09b.4": "the overlap does not settle it: bootstrap the difference of the two rhos in pairs",
}
