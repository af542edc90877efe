"""Exercises of notebook 07 (statistical vs semantic): AUC and Cohen's d by hand, ratios of them."""

import math
import statistics

from ..discrimination import cohens_d, discrimination, roc_auc
from . import Exercise, Prediction


def _gini_ratio(good, bad_a, bad_b):
    return discrimination(list(good), list(bad_a)).gini / discrimination(list(good), list(bad_b)).gini


def _auc_ratio(good, bad_a, bad_b):
    return roc_auc(list(good), list(bad_a)) / roc_auc(list(good), list(bad_b))


def _cohens_d_steps(good, bad):
    # 07.2's worked solution: means, variances with n - 1, the pooled variance and its root.
    df_good, df_bad = len(good) - 1, len(bad) - 1
    var_good, var_bad = statistics.variance(good), statistics.variance(bad)
    pooled = (df_good * var_good + df_bad * var_bad) / (df_good + df_bad)
    return {"sum_good": math.fsum(good), "n_good": len(good), "mean_good": statistics.fmean(good),
            "sum_bad": math.fsum(bad), "n_bad": len(bad), "mean_bad": statistics.fmean(bad),
            "var_good": var_good, "var_bad": var_bad, "df_good": df_good, "df_bad": df_bad,
            "df": df_good + df_bad, "pooled_var": pooled, "pooled_sd": math.sqrt(pooled)}


def _wins(good, bad):
    # (good, bad) pairs the good topic wins, a tie counting one half: AUC times the number of pairs
    return roc_auc(list(good), list(bad)) * len(good) * len(bad)


def _gini_steps(good, bad_a, bad_b):
    return {"wins_a": _wins(good, bad_a), "wins_b": _wins(good, bad_b), "pairs": len(good) * len(bad_a),
            "gini_a": discrimination(list(good), list(bad_a)).gini,
            "gini_b": discrimination(list(good), list(bad_b)).gini, "auc_ratio": _auc_ratio(good, bad_a, bad_b)}


def _auc_steps(good, bad_a, bad_b):
    # 07.4's worked solution: the pairs each good topic wins against each metric's bad topics
    each_a = [_wins([g], bad_a) for g in good]
    each_b = [_wins([g], bad_b) for g in good]
    return {"each_a": " + ".join(f"{w:g}" for w in each_a), "each_b": " + ".join(f"{w:g}" for w in each_b),
            "wins_a": _wins(good, bad_a), "wins_b": _wins(good, bad_b), "pairs": len(good) * len(bad_a)}


def _one_more_bad(good, bad, extra):
    before = roc_auc(list(good), list(bad))
    after = roc_auc(list(good), list(bad) + [extra])
    if abs(after - before) < 1e-12:
        return "it stays the same"
    return "it goes up" if after > before else "it goes down"


EXERCISES = [
    Exercise(
        key="07.1",
        label="ROC AUC",
        question="Good topics score 0.40, 0.20 and 0.15; bad topics 0.30, 0.10 and 0.05. Compute the ROC AUC "
                 "(count the pairs).",
        data={"good": (0.40, 0.20, 0.15), "bad": (0.30, 0.10, 0.05)},
        answer=lambda good, bad: roc_auc(list(good), list(bad)),
        steps=lambda good, bad: {"n_good": len(good), "n_bad": len(bad), "pairs": len(good) * len(bad),
                                 "wins": _wins(good, bad),
                                 "lost": ", ".join(f"({g:.2f}, {b:.2f})" for g in good for b in bad if g < b)},
        solution="Of the {n_good} × {n_bad} = {pairs} (good, bad) pairs, the good topic wins {wins:g}; it loses "
                 "{lost}. AUC = {wins:g}/{pairs} = {expected:.3f}.",
        right=("0.778", "7/9", "0,78", "77.8%", "0.7778"),
        wrong=("0.5", "0.667", "6/9", "0.75", "0.8333"),   # chance; a pair missed; the lesson's scores
        check={"percent": True},   # a share of a whole, so a percentage is one way to write it
    ),
    Exercise(
        key="07.2",
        label="Cohen's d",
        question="For good topics scoring 0.30, 0.25 and 0.10 and bad ones 0.20 and 0.05, compute Cohen's d "
                 "(pooled standard deviation, $n - 1$ in each variance).",
        data={"good": (0.30, 0.25, 0.10), "bad": (0.20, 0.05)},
        answer=lambda good, bad: cohens_d(list(good), list(bad)),
        steps=_cohens_d_steps,
        solution="Means {sum_good:.2f}/{n_good} ≈ {mean_good:.4f} and {sum_bad:.2f}/{n_bad} = {mean_bad:.3f}. "
                 "Variances (n − 1): good ≈ {var_good:.5f}, bad = {var_bad:.5f}. Pooled $s^2 = ({df_good} \\cdot "
                 "{var_good:.5f} + {df_bad} \\cdot {var_bad:.5f})/{df}$ ≈ {pooled_var:.5f}, $s$ ≈ {pooled_sd:.4f}, "
                 "d = ({mean_good:.4f} − {mean_bad:.3f})/{pooled_sd:.4f} = {expected:.3f}.",
        right=("0.875", "0,88", "0.8751", "0.88"),
        wrong=("0.872", "0.092", "1", "0.87"),
    ),
    Exercise(
        key="07.3",
        label="ratio of 2·AUC − 1",
        question="Two metrics score the same four good topics 4, 5, 6, 7. Against them, metric A's bad topics "
                 "score 0, 1, 2, 4.5 and metric B's 0, 4.5, 5.5, 6.5. Work out both AUCs and their ratio for "
                 "yourself, then give the ratio of their 2·AUC − 1 (A's over B's). Is it the ratio of the AUCs?",
        data={"good": (4, 5, 6, 7), "bad_a": (0, 1, 2, 4.5), "bad_b": (0, 4.5, 5.5, 6.5)},
        answer=_gini_ratio,
        steps=_gini_steps,
        solution="A: 2 · {wins_a:g}/{pairs} − 1 = {gini_a:g}; B: 2 · {wins_b:g}/{pairs} − 1 = {gini_b:g}. Ratio "
                 "{gini_a:g} / {gini_b:g} = {expected:.2f}, against {auc_ratio:g} for the AUCs. The same two "
                 "metrics are {auc_ratio:g}× or {expected:g}× apart depending on the definition, "
                 "which is why a \"k× better\" needs one.",
        right=("3.5", "7/2", "3,5", "3.50"),
        wrong=("1.5", "2", "0.29", "3.4"),
    ),
    Exercise(
        key="07.4",
        label="ratio of AUCs",
        question="Good topics score 1, 2, 3, 4. Metric A's bad topics score 0, 0.5, 1.5, 5; metric B's bad topics "
                 "score 2.5, 3.5, 4.5, 5.5 (B ranks worse than chance). What is AUC(A) / AUC(B)? Can a ratio of "
                 "AUCs exceed 2?",
        data={"good": (1, 2, 3, 4), "bad_a": (0, 0.5, 1.5, 5), "bad_b": (2.5, 3.5, 4.5, 5.5)},
        answer=_auc_ratio,
        steps=_auc_steps,
        solution="A wins {each_a} = {wins_a:g} of {pairs} pairs, B only {each_b} = {wins_b:g}. AUC(A)/AUC(B) = "
                 "({wins_a:g}/{pairs})/({wins_b:g}/{pairs}) = {expected:.2f}: above 2. The cap of 2 holds only "
                 "while the weaker AUC is at least 0.5; a metric worse than chance makes the ratio as large as "
                 "you like.",
        right=("3.67", "11/3", "3,67", "3.7", "3.667"),
        wrong=("2", "1.5", "0.27", "3.6"),
    ),
    Prediction(
        key="07.5",
        label="AUC with one more bad topic",
        question="Good topics score 0.30, 0.25 and 0.10; bad topics 0.20 and 0.05. A third bad topic scoring 0.28 "
                 "is added. Predict before you run: what happens to the ROC AUC?",
        data={"good": (0.30, 0.25, 0.10), "bad": (0.20, 0.05), "extra": 0.28},
        answer=_one_more_bad,
        choices=("it goes up", "it stays the same", "it goes down"),
        solution="{expected}: AUC is the share of (good, bad) pairs that the good topic wins. The new bad topic "
                 "({extra}) beats two of the three good topics, so it adds 3 pairs of which the good side wins "
                 "only 1: the share falls from 5/6 to 6/9. A bad topic that scores like a good one hurts AUC however "
                 "the scores are scaled or shifted.",
    ),
]
