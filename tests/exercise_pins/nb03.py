"""Notebook 03's exercise answers, worked out by hand (no teachkit)."""

import math

_pmi_running_routine = math.log((42 / 45_000) / ((312 / 45_000) * (156 / 45_000)))   # ln 38.83 = 3.659

PINS = {
    "03.1": math.log(35 * 45_000 / (312 * 210)) / -math.log(35 / 45_000),   # ln 24.04 / 7.159 = 3.180 / 7.159 = 0.4441
    "03.2": (0.62 + 0.51 + 0.38 + 0.45 + 0.21) / 5,           # 2.17 / 5 = 0.434 (the median is 0.45)
    "03.3": (30 * 0.50 + 10 * 0.10) / (30 + 10),              # 0.40
    # gensim's c_npmi: one-one segmentation, both orders of each pair (segmentation.s_one_one): 20 x 19 = 380
    "03.4": 20 * 19,
    # one at a time: P(x,y) 0.000933 -> 0.0009 gives 37.4; P(running) 0.00693 -> 0.007 gives 38.5;
    # P(routine) 0.00347 -> 0.003 gives 44.9 (from 38.8)
    "03.6": "P(routine)",
    "03.5": lambda scores, sizes: sum(n * s for n, s in zip(sizes, scores)) / sum(sizes),
    # 6 pairs among w1..w4 at 0.6, 4 pairs of w5 at -0.2: w5's mean with the others is -0.2, each of w1..w4 has
    # (3 × 0.6 - 0.2) / 4 = 0.4; the mean (3.6 - 0.8) / 10 = 0.28 is near no pair, and w5 is the odd one
    "03.7": "four keywords make a tight theme and the fifth does not belong; the mean blurs the two",
    # 350 of 60 + 50 + 40 + 350 = 500 documents are the bin's (70 %): (33 + 24 + 16 - 35) / 500 = 0.076, 0.176 from
    # the bin's -0.10 and 0.411 from the topics' own (33 + 24 + 16) / 150 = 0.487
    "03.8": "mostly the outlier bin, which is no topic at all: it holds most of the documents",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    "03.1": {"ratio": 35 * 45_000 / (312 * 210),                      # 24.04
             "pmi": math.log(35 * 45_000 / (312 * 210)),              # 3.180
             "h": -math.log(35 / 45_000)},                            # 7.159
    "03.2": {"total": 0.62 + 0.51 + 0.38 + 0.45 + 0.21, "k": 5},      # 2.17
    "03.3": {"weighted": 30 * 0.50 + 10 * 0.10, "documents": 40, "plain": (0.50 + 0.10) / 2},
    "03.4": {"k_less_1": 19, "unordered": 20 * 19 // 2},                     # 190 distinct pairs
    "03.6": {"p_y": 156 / 45_000, "change": (156 / 45_000 - 0.003) / (156 / 45_000)},   # 0.00347, 13 %
    "03.7": {"coherence": (6 * 0.6 + 4 * -0.2) / 10, "n_pairs": 5 * 4 // 2,                   # 0.28, 10 pairs
             "outsider_pairs": 4, "inside_pairs": 4 * 3 // 2, "share": 4 / 10},                 # 4 + 6; 2/k = 0.4
    "03.8": {"with_bin": (60 * 0.55 + 50 * 0.48 + 40 * 0.40 + 350 * -0.10) / 500,              # 38 / 500 = 0.076
             "topics_only": (60 * 0.55 + 50 * 0.48 + 40 * 0.40) / 150,                         # 73 / 150 = 0.487
             "total": 500, "bin_share": 350 / 500,                                              # 0.7
             "plain_all": (0.55 + 0.48 + 0.40 - 0.10) / 4},                                     # 1.33 / 4 = 0.3325
}


# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).
def _npmi(c_xy, c_x, c_y, n):
    # PMI = ln(P(x, y) / (P(x) P(y))) = ln(c_xy n / (c_x c_y)), divided by -ln P(x, y) = ln(n / c_xy)
    return math.log(c_xy * n / (c_x * c_y)) / math.log(n / c_xy)


PIN_FUNCTIONS = {
    "03.1": _npmi,
    "03.2": lambda kept: sum(kept) / len(kept),                                  # the plain mean of the five
    "03.3": lambda scores, sizes: sum(n * s for n, s in zip(sizes, scores)) / sum(sizes),   # sum n_i s_i / N
    "03.4": lambda k, how: k * (k - 1),                                          # ordered pairs of k keywords
}

STEP_FUNCTIONS = {
    "03.1": lambda c_xy, c_x, c_y, n: {"ratio": c_xy * n / (c_x * c_y), "pmi": math.log(c_xy * n / (c_x * c_y)),
                                       "h": math.log(n / c_xy)},
    "03.2": lambda kept: {"total": sum(kept), "k": len(kept)},
    "03.3": lambda scores, sizes: {"weighted": sum(n * s for n, s in zip(sizes, scores)), "documents": sum(sizes),
                                   "plain": sum(scores) / len(scores)},
    "03.4": lambda k, how: {"k_less_1": k - 1, "unordered": k * (k - 1) // 2},
}
