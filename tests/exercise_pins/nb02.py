"""Notebook 02's exercise answers, worked out by hand (no teachkit)."""

import math
from fractions import Fraction

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
    # PMI: ln(2 × 10,000 / 900) = 3.10 > ln 7.5 = 2.01, but NPMI: 3.10 / ln(10,000 / 2) = 3.10 / 8.52 = 0.364
    # < 2.01 / ln(10,000 / 150) = 2.01 / 4.20 = 0.480: NPMI puts running/exercise first
    "02.8": "running and exercise, whose NPMI is the higher",
    # c_xy = 0: the exact NPMI is -1; the guide's ε moves it to -0.83 (steps below), a zero count all the same
    "02.9": "only that they never share a window: its distance from −1 comes from the ε added to avoid log 0",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    "02.1": {"ratio": (12 / 10_000) / ((500 / 10_000) * (4_000 / 10_000))},   # 0.0012 / 0.02 = 0.06
    "02.3": {"ratio": 10.0,                                    # 50 · 1,000 / (100 · 50) = 1,000 / 100
             "p_xy": 0.05},                                    # 50 / 1,000
    "02.8": {"pmi_rare": math.log(2 * 10_000 / (30 * 30)),     # ln 22.22 = 3.101
             "pmi_freq": math.log(150 * 10_000 / (500 * 400)),  # ln 7.5 = 2.015
             "top_rare": math.log(10_000 / 2),                  # -ln(2/10,000) = ln 5,000 = 8.517
             "top_freq": math.log(10_000 / 150),                # -ln(0.015) = 4.200
             "npmi_rare": math.log(200 / 9) / math.log(5_000),  # 3.101 / 8.517 = 0.364
             "npmi_freq": math.log(7.5) / math.log(10_000 / 150)},   # 2.015 / 4.200 = 0.480
    # the guide's P = (c + ε)/(n + ε): P(x, y) = 1e-12 / 10,000 = 1e-16, P(x) P(y) = 0.05 × 0.04 = 0.002;
    # NPMI = (ln P(x, y) - ln P(x)P(y)) / -ln P(x, y) = -1 + ln 0.002 / ln 1e-16 = -1 + 6.2146 / 36.841
    "02.9": {"p_smoothed": 1e-16,
             "shift": math.log(0.002) / math.log(1e-16),        # 0.1687
             "smoothed": -1 + math.log(0.002) / math.log(1e-16)},   # -0.8313
}


# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).
def _npmi(c_xy, c_x, c_y, n):
    # PMI over -ln P(x, y), every probability a count over n
    p_xy, p_x, p_y = c_xy / n, c_x / n, c_y / n
    return math.log(p_xy / (p_x * p_y)) / -math.log(p_xy)


PIN_FUNCTIONS = {
    "02.1": lambda c_xy, c_x, c_y, n, **_: _npmi(c_xy, c_x, c_y, n),
    "02.2": lambda c_x, c_y, n: Fraction(c_x * c_y, n),       # independence: c(x, y) = c(x) c(y) / n
    # c_xy = c_y: PMI = ln(n / c_x), the denominator ln(n / c_y)
    "02.3": lambda c_xy, c_x, c_y, n, **_: math.log(n / c_x) / math.log(n / c_xy),
    # gensim: ε added to P(x, y) = 0 only, P(x) and P(y) as counted
    "02.4": lambda c_xy, c_x, c_y, n, eps: math.log((c_xy / n + eps) / ((c_x / n) * (c_y / n)))
                                           / -math.log(c_xy / n + eps),
}

# The intermediate numbers of the worked solutions, for every variant.
STEP_FUNCTIONS = {
    "02.1": lambda c_xy, c_x, c_y, n, **_: {"ratio": c_xy * n / (c_x * c_y)},   # observed / chance
    "02.3": lambda c_xy, c_x, c_y, n, **_: {"ratio": n / c_x,                   # c_xy = c_y cancels
                                            "p_xy": c_xy / n},
}
