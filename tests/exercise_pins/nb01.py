"""Notebook 01's exercise answers, worked out by hand (no teachkit)."""

import math
from fractions import Fraction

PINS = {
    # 30/10,000 = 0.003 over (500/10,000)(2,500/10,000) = 0.05 × 0.25 = 0.0125: ratio 0.24, ln 0.24 = -1.427
    "01.2": math.log((30 / 10_000) / ((500 / 10_000) * (2_500 / 10_000))),
    "01.3": math.log(684 / 7),                                # joint = c(exílio), so the ratio is n / c(canção)
    "01.4": 600 * 450 / 10_000,                               # 270,000 / 10,000 = 27 windows
    "01.5": math.log((2 / 6) / ((3 / 6) * (3 / 6))),           # ln(4/3) = 0.288
    "01.1": "it grows by ln 2",                               # ln(2c n / (c_x c_y)) = ln 2 + ln(c n / (c_x c_y))
    # the check draws c_xy >= 1; a pair that never shares a window has P(x, y) = 0, ln 0 = -inf
    "01.6": lambda c_xy, c_x, c_y, n: (-math.inf if c_xy == 0 else
                                      math.log(c_xy) + math.log(n) - math.log(c_x) - math.log(c_y)),
    # chance gives 1,000 × 4,000 / 10,000 = 400 shared windows; 300 < 400, ratio 0.75, PMI = ln 0.75 < 0
    "01.7": "they share fewer windows than two unrelated words of their frequencies would",
    # rare pair: ln(1 × 10,000 / (1 × 1)) = 9.21 > ln 7.5 = 2.01; one window fewer: c_xy = 0, PMI = -inf < 2.01
    "01.8": "no: with one shared window fewer it would fall below running and exercise",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    "01.1": {"gain": math.log(2), "gain_bits": 1.0},   # ln(2 c_xy n / (c_x c_y)) - ln(c_xy n / (c_x c_y)) = ln 2
    "01.7": {"chance": 1_000 * 4_000 / 10_000,          # 400 shared windows expected
             "ratio": 300 / 400,                         # 0.75
             "pmi_value": math.log(0.75)},               # -0.288 nats
    "01.8": {"pmi_rare": math.log(10_000),               # ln(1 · 10,000 / (1 · 1)) = 9.210
             "pmi_freq": math.log(7.5),                  # ln(150 · 10,000 / (500 · 400)) = 2.015
             "pmi_freq_less": math.log(7.45),            # ln(149 · 10,000 / 200,000) = 2.008
             "ceiling": -math.log(1 / 10_000)},          # -ln P(larger word) = -ln(1/10,000) = 9.210
}


# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).
PIN_FUNCTIONS = {
    # PMI in nats: ln of P(x, y) / (P(x) P(y)), with every probability a count over n
    "01.2": lambda c_xy, c_x, c_y, n: math.log(c_xy / n) - math.log(c_x / n) - math.log(c_y / n),
    # c_xy = c_y: log2(n / c_x) bits, times ln 2 nats per bit
    "01.3": lambda c_xy, c_x, c_y, n, **_: math.log2(c_xy * n / (c_x * c_y)) * math.log(2),
    "01.4": lambda c_x, c_y, n: Fraction(c_x, n) * Fraction(c_y, n) * n,   # P(x) P(y) as a number of windows
    "01.5": lambda c_xy, c_x, c_y, n, **_: math.log(c_xy / n) - math.log(c_x / n) - math.log(c_y / n),
}
