"""Notebook 04's exercise answers, worked out by hand (no teachkit)."""

import math
from fractions import Fraction

PINS = {
    "04.1": (9 * 7 * 7) ** (1 / 3),           # P = 0.5/4.5, 0.5/3.5, 0.5/3.5 -> (9 · 7 · 7)^(1/3) = 7.612
    "04.2": 2 / 17,                           # Alice -> <UNK>, V = 7 + 1 = 8: (0 + 2) / (1 + 2 · 8) = 0.1176
    "04.3": 5.0 ** (9 / 8),                   # 8 predictions: log PP_pred = (9/8) log PP_token; 5^1.125 = 6.1142
    "04.4": 1 / 23,                           # 4/(1+a) + 1/a - 35/(1+7a) = 0  ->  23 a = 1
    "04.6": "per token is lower",             # 2^(12/7) = 3.28 < 2^(12/6) = 4
    "04.5": lambda training, test, alpha: 2 ** (-sum(
        math.log2((sum(1 for a, b in zip(training, training[1:]) if (a, b) == (p, w)) + alpha)
                  / (training.count(p) + alpha * len(set(training))))
        for p, w in zip(test, test[1:])) / (len(test) - 1)),
}


# The intermediate numbers of the worked solutions (``steps``), by hand.  The training sentence has 7 words,
# each once; "Alice" occurs once as a context, "dreams" and "about" never.
STEPS = {
    "04.1": {"V": 7, "c_first": 1, "d_first": 1 + 0.5 * 7, "d_new": 0 + 0.5 * 7,
             "inv_first": (1 + 0.5 * 7) / 0.5, "inv_new": (0.5 * 7) / 0.5},          # 4.5, 3.5, 9, 7
    # 4 known bigrams, 1 new: 4/(1+a) + 1/a - 35/(1+7a) = 0 -> 35a^2 + 12a + 1 = 35a^2 + 35a -> a = 1/23
    "04.3": {"predictions": 9 - 1},
    # "dreams" is unseen: Alice -> <UNK>, never in training (count 0); "Alice" starts one bigram (Alice wonders);
    # V = 7 + <UNK> = 8.  alpha = 2: (0 + 2) / (1 + 2 · 8) = 2/17; alpha = 1: (0 + 1) / (1 + 8) = 1/9.
    "04.2": {"V": 8, "context": 1, "count": 0, "fraction": Fraction(2, 17), "add_one": Fraction(1, 9)},
    "04.4": {"V": 7, "k": 4, "m": 1, "k_plus_m": 5, "square": 5 * 7, "linear": 4 + 1 * (1 + 7), "decimal": 1 / 23},
}
