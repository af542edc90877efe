"""Notebook 08's exercise answers, worked out by hand."""

import math

PINS = {
    "08.2": math.log((5 + 1) / 8),                  # log(6/8) = -0.2877
    "08.3": 10 * 9,                                 # ordered pairs of different words
    # UMass: log((5 + 1) / 8) = -0.29 < 0; chance: 6 x 8 / 100 = 0.48 shared documents expected, 5 observed:
    # P(x, y) = 0.05 > P(x) P(y) = 0.06 x 0.08 = 0.0048, PMI = ln(10.4) > 0
    "08.4": "they share more documents than two unrelated words would",
    # interval [0.52, 0.64]: its lower end 0.52 > 0.5, so the whole interval lies above chance
    "08.5": "a topic drawn at random outscores an intruded topic drawn at random more often than chance would, "
            "though far from always",
    # as ranked: (smoke|fire) 2/3, (ash|fire) 1/3, (ash|smoke) 1/2; reversed: (smoke|ash) 1/2, (fire|ash) 1/2,
    # (fire|smoke) 2/2: mean logs -0.7324 and -0.4621, so the reversed topic scores higher
    "08.1": "higher",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    "08.4": {"umass": math.log(6 / 8),                        # log((5 + 1) / 8)
             "expected_shared": 6 * 8 / 100,                  # 0.48
             "pmi": math.log(0.05 / (0.06 * 0.08)),           # ln(0.05 / 0.0048) = ln(10.4167) = 2.3434
             "npmi": math.log(0.05 / (0.06 * 0.08)) / -math.log(0.05)},   # 2.3434 / 2.9957 = 0.7822
    # gensim's convention, eps = 1e-12 added to the joint probability: log((c12 / 4 + eps) / (c_higher / 4))
    "08.1": {"as_ranked": (math.log((2 / 4 + 1e-12) / (3 / 4)) + math.log((1 / 4 + 1e-12) / (3 / 4))
                           + math.log((1 / 4 + 1e-12) / (2 / 4))) / 3,                             # -0.7324
             "reversed": (math.log((1 / 4 + 1e-12) / (2 / 4)) + math.log((1 / 4 + 1e-12) / (2 / 4))
                          + math.log((2 / 4 + 1e-12) / (2 / 4))) / 3},                             # -0.4621
}


# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).
PIN_FUNCTIONS = {
    "08.2": lambda c_joint, c_star: math.log(c_joint + 1) - math.log(c_star),   # log of the +1 ratio
    "08.3": lambda n_words: sum(1 for i in range(n_words) for j in range(n_words) if i != j),   # ordered pairs
}

STEP_FUNCTIONS = {}
