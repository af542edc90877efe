"""Notebook 06's exercise answers, worked out by hand (no teachkit)."""

import math
from fractions import Fraction


def _distribution(sizes):
    total = sum(sizes)
    return -sum(s / total * math.log(s / total) for s in sizes if s) / math.log(len(sizes))


PINS = {
    "06.1": (1 - 0.644) / 2,                                                  # SD(T2, T3) = 0.356 / 2 = 0.178
    "06.2": math.sqrt((3 + 2 * 3 * 0.5) / 9),                                 # sqrt(2/3) = 0.8165
    "06.3": -(0.8 * math.log(0.8) + 2 * 0.1 * math.log(0.1)) / math.log(3),   # 0.639 / 1.099 = 0.582
    # 1.485 / 1.585 = 0.937
    "06.4": -(0.5 * math.log2(0.5) + 0.3 * math.log2(0.3) + 0.2 * math.log2(0.2)) / math.log2(3),
    "06.6": "half the semantic part",            # distribution 0, SemDiv = 0.5 * mean SD = 0.148
    "06.5": _distribution,
    # SD = (1 - 0.8) / 2 = 0.1, near the floor 0 of topics pointing the same way
    "06.7": "the two topics largely overlap in meaning: look at them for a topic split in two",
    # shares 5/20 each: H = ln 4 = H_max, so the distribution part is 1, its maximum
    "06.8": "only that the documents are spread evenly over the topics; it says nothing of what the topics are",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    "06.3": {"shares": [0.8, 0.1, 0.1], "H": -(0.8 * math.log(0.8) + 2 * 0.1 * math.log(0.1)),   # 0.639 nats
             "H_max": math.log(3), "reference": _distribution((4, 3, 3))},                       # 1.099, 0.991
    "06.4": {"shares": [0.5, 0.3, 0.2],
             # 0.5 + 0.521 + 0.464 = 1.485 bits
             "H": -(0.5 * math.log2(0.5) + 0.3 * math.log2(0.3) + 0.2 * math.log2(0.2)),
             "H_max": math.log2(3), "reference": _distribution((4, 3, 3))},   # 1.585; the document's sizes, for 06.3
    "06.7": {"sd": (1 - 0.8) / 2},
}
STEPS["06.1"] = {"pair": "T2, T3", "largest": 0.644}     # 0.644 is the largest of 0.31, 0.12, 0.644
STEPS["06.2"] = {"numerator": 6, "squared": Fraction(2, 3)}   # 3 + 6 · 0.5 = 6, and 6/9 = 2/3


def _entropy(shares, log):
    return -sum(p * log(p) for p in shares if p)


def _three_sd(cos_12, cos_13, cos_23):
    # SD = (1 - cos) / 2 of each pair; the least distinct pair has the smallest SD
    return min((1 - cos_12) / 2, (1 - cos_13) / 2, (1 - cos_23) / 2)


def _largest_cosine(cos_12, cos_13, cos_23):
    named = [("T1, T2", cos_12), ("T1, T3", cos_13), ("T2, T3", cos_23)]
    best = named[0]
    for pair in named[1:]:
        if pair[1] > best[1]:
            best = pair
    return {"pair": best[0], "largest": best[1]}


def _fraction_of(cosine):
    # |t|^2 = (1 + 2 cos) / 3 for three unit vectors, written with the cosine as an exact decimal
    hundredths = round(cosine * 100)
    return Fraction(100 + 2 * hundredths, 300)


def _shares_steps(sizes, n_docs, log, log_k):
    shares = [s / n_docs for s in sizes]
    return {"shares": shares, "H": _entropy(shares, log), "H_max": log_k,
            "reference": _distribution((4, 3, 3))}


# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).
PIN_FUNCTIONS = {
    "06.1": _three_sd,
    # |t|^2 = (3 ones on the diagonal + 6 off-diagonal cosines) / 3^2
    "06.2": lambda cosine: math.sqrt((3 + 6 * cosine) / 9),
    "06.3": lambda sizes, n_docs: _entropy([s / n_docs for s in sizes], math.log) / math.log(3),
    "06.4": lambda sizes, n_docs: _entropy([s / n_docs for s in sizes], math.log2) / math.log2(3),
}

STEP_FUNCTIONS = {
    "06.1": _largest_cosine,
    "06.2": lambda cosine: {"numerator": 3 + 6 * cosine, "squared": _fraction_of(cosine)},
    "06.3": lambda sizes, n_docs: _shares_steps(sizes, n_docs, math.log, math.log(3)),
    "06.4": lambda sizes, n_docs: _shares_steps(sizes, n_docs, math.log2, math.log2(3)),
}
