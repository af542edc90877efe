"""Notebook 02's exercise answers, worked out by hand (no teachkit)."""

import math

PINS = {
    "02.1": math.log(0.06) / -math.log(0.0012),                 # -2.8134 / 6.7254 = -0.418
    "02.2": 100 * 50 / 1_000,                                  # 5 windows
    "02.3": math.log(10) / -math.log(0.05),                    # 2.3026 / 2.9957 = 0.769
    "02.4": math.log(1e-12 / (0.02 * 0.01)) / -math.log(1e-12),  # ln(5e-9) / 27.631 = -19.114 / 27.631 = -0.692
    # rare: 0.952 -> 0.805 (a drop of 0.15); frequent: 0.480 -> 0.477 (a drop of 0.003)
    "02.6": "the rare pair",
    "02.5": lambda c_xy, c_x, c_y, n: (math.log(c_xy) + math.log(n) - math.log(c_x) - math.log(c_y))
                                      / (math.log(n) - math.log(c_xy)),
    # (10 + eps)/(10 + eps) = 1, -log 1 = 0, and the guide's code sets NPMI to 0 when its denominator is 0
    "02.7": "0",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    "02.1": {"ratio": (12 / 10_000) / ((500 / 10_000) * (4_000 / 10_000))},   # 0.0012 / 0.02 = 0.06
}
