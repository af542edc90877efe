"""Notebook 12's exercise answers, worked out by hand."""

import math

PINS = {
    "12.1": 2 * 0.7 / 1.7,                              # 2r / (1 + r) at r = 0.7: 14/17 = 0.8235
    # C(7, 3) = 35 ways to pick which 3 of the 7 runs are A's; only the observed one puts all of A on top
    "12.2": 1 / 35,
    # gap 0.017 < 2 sqrt(2) 0.015 = 0.042: within what two single runs of one model differ by
    "12.3": "nothing yet: two single runs of the same model, with other seeds, can differ by that much",
    # alpha 0.27 < 0.667; one rater's reliability 0.86 / (15 - 14 * 0.86) = 0.29, yet the mean of 15 is 0.86
    "12.4": "one rating is a noisy guess, but the mean of all the ratings ranks the topics reliably",
}

STEPS = {
    "12.2": {"arrangements": 35},                       # 7! / (3! 4!) = 5040 / 144
    "12.3": {"lead": 0.017, "typical": 0.021},          # 0.121 − 0.104; 1.41421 × 0.015 = 0.02121, to 3 decimals
}


def _one_over_arrangements(runs_a, runs_b):
    # n! / (a! b!) ways to choose A's runs among all; only the observed one puts every A run on top
    return math.factorial(runs_b) * math.factorial(runs_a) / math.factorial(runs_a + runs_b)


PIN_FUNCTIONS = {
    "12.1": lambda r: 2 * r / (1 + r),
    "12.2": _one_over_arrangements,
}

STEP_FUNCTIONS = {
    "12.2": lambda runs_a, runs_b: {"arrangements": math.factorial(runs_a + runs_b)
                                    // (math.factorial(runs_a) * math.factorial(runs_b))},
}
