"""Notebook 05's exercise answers, worked out by hand (no teachkit); its other exercises are 05b's (nb05b.py)."""

PINS = {
    # (1 - 0.85)/3 + 0.85 * (1/3 * 0.85 / (0.85 + 0.82) + 1/3 * 0.88 / (0.82 + 0.88))
    "05.1": 0.05 + 0.85 * (0.60 / 1.05 + 0.75 / 1.20) / 3,   # 0.05 + 0.2833 · (0.5714 + 0.625) = 0.3890
    "05.2": (0.45 ** 2 + 0.75 ** 2 + 1) / 3,                 # (0.2025 + 0.5625 + 1) / 3 = 0.5883
    # an isolated word keeps (1 - d)/n = 0.05 plus d/n of its own rank: 0.05 / (1 - 0.85/3) = 0.0698 > 0.05
    "05.6": "more than (1 − d)/n",
}

PIN_FUNCTIONS = {
    # (1 - d)/3 + d * (1/3 * s_ml / (s_ml + s_ma) + 1/3 * s_la / (s_ma + s_la)): machine's and algorithm's shares
    "05.1": lambda word, s_ml, s_ma, s_la, threshold, damping: (
        (1 - damping) / 3 + damping * (s_ml / (s_ml + s_ma) + s_la / (s_ma + s_la)) / 3),
    "05.2": lambda s_ma, s_la: (s_ma ** 2 + s_la ** 2 + 1) / 3,    # the mean square of algorithm's row
}
