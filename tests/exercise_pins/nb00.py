"""Notebook 00's exercise answers, worked out by hand."""

import math

PINS = {
    "00.1": 400 / 10_000,                               # P(exercise) = 0.04
    "00.2": (150 / 10_000) / ((500 / 10_000) * (400 / 10_000)),   # 150 observed / 20 expected = 7.5
    "00.3": 5 * 4 // 2,                                 # 10 pairs
    "00.4": "it grows 2 times",                       # 150 / (500 × 400 / 20,000) = 15, twice 7.5
    # 150 shared windows, 500 × 400 / 10,000 = 20 expected: the ratio 7.5 is above 1
    "00.5": "they meet more often than two unrelated words would",
    # the audit's "carried over" verdict (teachkit.documents.check): ln(0.012 / (0.06 × 0.1)) = ln 2 = 0.69 is the
    # printed PMI, right arithmetic on step 2's wrong 0.06; the counts' 0.05 gives ln 2.4 = 0.88: one mistake
    "00.6": "two wrong numbers but one mistake: step 3's PMI is carried over from step 2",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    "00.6": {"with_printed": math.log(2), "with_counts": math.log(2.4)},   # 0.012/0.006 = 2, 0.012/0.005 = 2.4
}


# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).
PIN_FUNCTIONS = {
    "00.1": lambda count, n: count / n,                 # the share of windows holding the word
    # shared windows over the windows chance gives them: c_xy / (c_x c_y / n)
    "00.2": lambda c_xy, c_x, c_y, n: c_xy * n / (c_x * c_y),
    "00.3": lambda k: k * (k - 1) // 2,                 # each of k words with the k - 1 others, each pair twice
}
