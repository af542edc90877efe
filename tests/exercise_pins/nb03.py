"""Notebook 03's exercise answers, worked out by hand (no teachkit)."""

import math

_pmi_running_routine = math.log((42 / 45_000) / ((312 / 45_000) * (156 / 45_000)))   # ln 38.83 = 3.659

PINS = {
    "03.1": math.log(35 * 45_000 / (312 * 210)) / -math.log(35 / 45_000),   # ln 24.04 / 7.159 = 3.180 / 7.159 = 0.4441
    "03.2": (0.62 + 0.51 + 0.38 + 0.45 + 0.31) / 5,           # 2.27 / 5 = 0.454
    "03.3": (30 * 0.50 + 10 * 0.10) / (30 + 10),              # 0.40
    "03.4": 20 * 19 // 2,                                     # 190
    # one at a time: P(x,y) 0.000933 -> 0.0009 gives 37.4; P(running) 0.00693 -> 0.007 gives 38.5;
    # P(routine) 0.00347 -> 0.003 gives 44.9 (from 38.8)
    "03.6": "P(routine)",
    "03.5": lambda scores, sizes: sum(n * s for n, s in zip(sizes, scores)) / sum(sizes),
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    "03.1": {"ratio": 35 * 45_000 / (312 * 210),                      # 24.04
             "pmi": math.log(35 * 45_000 / (312 * 210)),              # 3.180
             "h": -math.log(35 / 45_000)},                            # 7.159
    "03.2": {"total": 0.62 + 0.51 + 0.38 + 0.45 + 0.31, "k": 5},      # 2.27
    "03.3": {"weighted": 30 * 0.50 + 10 * 0.10, "documents": 40, "plain": (0.50 + 0.10) / 2},
    "03.4": {"k_less_1": 19, "octis_pairs": 10 * 9 // 2},
    "03.6": {"p_y": 156 / 45_000, "change": (156 / 45_000 - 0.003) / (156 / 45_000)},   # 0.00347, 13 %
}
