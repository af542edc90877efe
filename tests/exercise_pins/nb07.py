"""Notebook 07's exercise answers, worked out by hand (no teachkit)."""

import math

_good, _bad = [0.30, 0.25, 0.10], [0.20, 0.05]
_mg, _mb = sum(_good) / 3, sum(_bad) / 2
_var_g = sum((x - _mg) ** 2 for x in _good) / 2
_var_b = sum((x - _mb) ** 2 for x in _bad) / 1

PINS = {
    "07.1": 7 / 9,                                              # 0.40 wins 3, 0.20 wins 2, 0.15 wins 2: 7 of 9
    "07.2": (_mg - _mb) / math.sqrt((2 * _var_g + 1 * _var_b) / 3),   # 0.875
    "07.3": (2 * 15 / 16 - 1) / (2 * 10 / 16 - 1),             # 0.875 / 0.25 = 3.5
    "07.4": (11 / 16) / (3 / 16),                               # 11/3 = 3.67
    "07.5": "it goes down",                                    # (5 + 1) / 9 = 0.667 < 5/6
    # AUC ratio 0.80 / 0.55 = 1.45, not 6; ratio of 2·AUC − 1 = 0.60 / 0.10 = 6, the claimed factor
    "07.6": "it is the ratio of their distances from chance, 2·AUC − 1, and it is large mostly because B is barely "
            "above chance",
    # scored −1: interval 0.24 to 0.62, all below 1 (NPMI ahead); scored 0: 0.78 to 1.60 contains 1 (no winner)
    "07.7": "only with never-together pairs scored −1; scored 0, the data cannot tell the two metrics apart",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
_MEAN_GOOD = (0.30 + 0.25 + 0.10) / 3
_VAR_GOOD = ((0.30 - _MEAN_GOOD) ** 2 + (0.25 - _MEAN_GOOD) ** 2 + (0.10 - _MEAN_GOOD) ** 2) / 2     # 0.01083
_VAR_BAD = ((0.20 - 0.125) ** 2 + (0.05 - 0.125) ** 2) / 1                                          # 0.01125
STEPS = {
    # good 0.30 and 0.25 beat both bad scores, 0.10 beats only 0.05
    "07.1": {"n_good": 3, "n_bad": 3, "pairs": 9, "wins": 7, "lost": "(0.20, 0.30), (0.15, 0.30)"},
    "07.2": {"sum_good": 0.65, "n_good": 3, "mean_good": _MEAN_GOOD, "sum_bad": 0.25, "n_bad": 2, "mean_bad": 0.125,
             "var_good": _VAR_GOOD, "var_bad": _VAR_BAD, "df_good": 2, "df_bad": 1, "df": 3,
             "pooled_var": (2 * _VAR_GOOD + _VAR_BAD) / 3, "pooled_sd": math.sqrt((2 * _VAR_GOOD + _VAR_BAD) / 3)},
    # A: 4 5 6 7 each beat 0 1 2; 5 6 7 also beat 4.5 -> 12 + 3 = 15 of 16.  B: 4 beats 0; 5 beats 0 and 4.5;
    # 6 beats 0, 4.5, 5.5; 7 beats all four -> 1 + 2 + 3 + 4 = 10.
    "07.3": {"wins_a": 15, "wins_b": 10, "pairs_a": 16, "pairs_b": 16, "gini_a": 2 * 15 / 16 - 1,
             "gini_b": 2 * 10 / 16 - 1,
             "auc_ratio": (15 / 16) / (10 / 16)},
    # A: 1 beats 0, 0.5; 2, 3, 4 beat 0, 0.5, 1.5.  B: 3 beats 2.5; 4 beats 2.5, 3.5.
    "07.4": {"each_a": "2 + 3 + 3 + 3", "each_b": "0 + 0 + 1 + 2", "wins_a": 11, "wins_b": 3, "pairs": 16},
    # AUCs 0.80 and 0.55; B's AUC a hundredth higher, 0.56: 2·0.56 − 1 = 0.12, so 0.60 / 0.12 = 5
    "07.6": {"auc_ratio": 0.80 / 0.55, "gini_a": 0.60, "gini_b": 0.10, "gini_ratio": 6.0, "auc_b_up": 0.56,
             "auc_ratio_up": 0.80 / 0.56, "gini_ratio_up": 5.0},
}


def _won(good, bad):
    # pairs (g, b) with g above b; a tie would count one half
    return sum(1.0 if g > b else 0.5 if g == b else 0.0 for g in good for b in bad)


def _auc(good, bad):
    return _won(good, bad) / (len(good) * len(bad))


def _variance(xs):
    m = sum(xs) / len(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def _cohen(good, bad):
    pooled = ((len(good) - 1) * _variance(good) + (len(bad) - 1) * _variance(bad)) / (len(good) + len(bad) - 2)
    return (sum(good) / len(good) - sum(bad) / len(bad)) / math.sqrt(pooled)


def _cohen_steps(good, bad):
    n_g, n_b = len(good), len(bad)
    pooled = ((n_g - 1) * _variance(good) + (n_b - 1) * _variance(bad)) / (n_g + n_b - 2)
    return {"sum_good": sum(good), "n_good": n_g, "mean_good": sum(good) / n_g,
            "sum_bad": sum(bad), "n_bad": n_b, "mean_bad": sum(bad) / n_b,
            "var_good": _variance(good), "var_bad": _variance(bad), "df_good": n_g - 1, "df_bad": n_b - 1,
            "df": n_g + n_b - 2, "pooled_var": pooled, "pooled_sd": math.sqrt(pooled)}


def _lost_pairs(good, bad):
    return ", ".join(f"({g:.2f}, {b:.2f})" for g in good for b in bad if b > g)


def _gini_pin_steps(good, bad_a, bad_b):
    # A and B may have different numbers of bad topics, hence of pairs
    pairs_a, pairs_b = len(good) * len(bad_a), len(good) * len(bad_b)
    wins_a, wins_b = _won(good, bad_a), _won(good, bad_b)
    return {"wins_a": wins_a, "wins_b": wins_b, "pairs_a": pairs_a, "pairs_b": pairs_b,
            "gini_a": 2 * wins_a / pairs_a - 1, "gini_b": 2 * wins_b / pairs_b - 1,
            "auc_ratio": (wins_a / pairs_a) / (wins_b / pairs_b)}


def _each(good, bad):
    # the bad scores each good topic beats, as the solution writes them: "2 + 3 + 3 + 3"
    return " + ".join(str(int(_won([g], bad))) for g in good)


# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).
PIN_FUNCTIONS = {
    "07.1": _auc,
    "07.2": _cohen,
    "07.3": lambda good, bad_a, bad_b: (2 * _auc(good, bad_a) - 1) / (2 * _auc(good, bad_b) - 1),
    "07.4": lambda good, bad_a, bad_b: _won(good, bad_a) / _won(good, bad_b),   # the same 16 pairs cancel
}

STEP_FUNCTIONS = {
    "07.1": lambda good, bad: {"n_good": len(good), "n_bad": len(bad), "pairs": len(good) * len(bad),
                               "wins": _won(good, bad), "lost": _lost_pairs(good, bad)},
    "07.2": _cohen_steps,
    "07.3": _gini_pin_steps,
    "07.4": lambda good, bad_a, bad_b: {"each_a": _each(good, bad_a), "each_b": _each(good, bad_b),
                                        "wins_a": _won(good, bad_a), "wins_b": _won(good, bad_b),
                                        "pairs": len(good) * len(bad_a)},
}
