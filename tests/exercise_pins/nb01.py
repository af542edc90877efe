"""Notebook 01's exercise answers, worked out by hand (no teachkit)."""

import math

PINS = {
    # 30/10,000 = 0.003 over (500/10,000)(2,500/10,000) = 0.05 × 0.25 = 0.0125: ratio 0.24, ln 0.24 = -1.427
    "01.1": math.log((30 / 10_000) / ((500 / 10_000) * (2_500 / 10_000))),
    "01.2": math.log(684 / 7),                                # joint = c(exílio), so the ratio is n / c(canção)
    "01.3": 600 * 450 / 10_000,                               # 270,000 / 10,000 = 27 windows
    "01.4": math.log((2 / 6) / ((3 / 6) * (3 / 6))),           # ln(4/3) = 0.288
    "01.6": "it grows by ln 2",                               # ln(2c n / (c_x c_y)) = ln 2 + ln(c n / (c_x c_y))
    "01.5": lambda c_xy, c_x, c_y, n: math.log(c_xy) + math.log(n) - math.log(c_x) - math.log(c_y),
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    "01.6": {"gain": math.log(2), "gain_bits": 1.0},   # ln(2 c_xy n / (c_x c_y)) - ln(c_xy n / (c_x c_y)) = ln 2
}
