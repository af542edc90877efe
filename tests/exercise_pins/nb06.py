"""Notebook 06's exercise answers, worked out by hand (no teachkit)."""

import math


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
