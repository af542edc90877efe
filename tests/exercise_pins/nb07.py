"""Notebook 07's exercise answers, worked out by hand (no teachkit)."""

import math

_good, _bad = [0.30, 0.25, 0.10], [0.20, 0.05]
_mg, _mb = sum(_good) / 3, sum(_bad) / 2
_var_g = sum((x - _mg) ** 2 for x in _good) / 2
_var_b = sum((x - _mb) ** 2 for x in _bad) / 1

PINS = {
    "07.1": 5 / 6,                                              # 5 of the 6 pairs won
    "07.2": (_mg - _mb) / math.sqrt((2 * _var_g + 1 * _var_b) / 3),   # 0.875
    "07.3": (2 * 15 / 16 - 1) / (2 * 10 / 16 - 1),             # 0.875 / 0.25 = 3.5
    "07.4": (11 / 16) / (3 / 16),                               # 11/3 = 3.67
    "07.5": "it goes down",                                    # (5 + 1) / 9 = 0.667 < 5/6
}
