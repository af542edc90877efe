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
    # "dreams" and "about" are unseen. Without <UNK> (V = 7): 1/8, 1/7, 1/7 -> (8 · 7 · 7)^(1/3) = 7.32, while the
    # row after "Alice" already sums to 2/8 + 6 · 1/8 = 1 and "dreams" gets 1/8 more; with <UNK> (V = 8): 1/9, 1/8,
    # 1/8 -> (9 · 8 · 8)^(1/3) = 8.32. The lower 7.32 comes from probability given out twice.
    "04.7": "the two numbers cannot rank the models: the model without <UNK> gives unseen words probability it "
            "never set aside, so its lower perplexity is not earned",
    # alpha = 100: each of the 6 predictions is (1 + 100) / (1 + 700) = 101/701, perplexity 701/101 = 6.94 ~ V = 7
    "04.8": "it predicts about as well as picking uniformly among its V words: its training counts hardly matter",
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
    # P = 1/8, 1/7, 1/7 (V = 7) and 1/9, 1/8, 1/8 (<UNK>, V = 8); P(dreams | Alice) = (0 + 1) / (1 + 7) = 1/8 on top
    # of the row after "Alice", which sums to 1
    "04.7": {"pp_kept": (8 * 7 * 7) ** (1 / 3), "pp_unk": (9 * 8 * 8) ** (1 / 3),       # 7.3186, 8.3203
             "p_unseen": 1 / 8, "row_plus": 1 + 1 / 8},                                 # 0.125, 1.125
    # every prediction (1 + 100) / (1 + 100 · 7) = 101/701; with add-one 2/8 each, perplexity 4
    "04.8": {"V": 7, "p_each": 101 / 701, "pp": 701 / 101, "ratio": (701 / 101) / 7,   # 0.1441, 6.9406, 0.9915
             "pp_add_one": 4.0},
}
