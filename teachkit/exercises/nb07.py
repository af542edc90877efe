"""Exercises of notebook 07 (statistical vs semantic): AUC and Cohen's d by hand, ratios of them."""

from ..discrimination import cohens_d, discrimination, roc_auc
from . import Exercise, Prediction


def _gini_ratio(good, bad_a, bad_b):
    return discrimination(list(good), list(bad_a)).gini / discrimination(list(good), list(bad_b)).gini


def _auc_ratio(good, bad_a, bad_b):
    return roc_auc(list(good), list(bad_a)) / roc_auc(list(good), list(bad_b))


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
        question="Good topics score 0.30, 0.25 and 0.10; bad topics 0.20 and 0.05. Compute the ROC AUC "
                 "(count the pairs).",
        data={"good": (0.30, 0.25, 0.10), "bad": (0.20, 0.05)},
        answer=lambda good, bad: roc_auc(list(good), list(bad)),
        solution="Of the 3 × 2 = 6 (good, bad) pairs, the good topic wins 5: only (0.10, 0.20) is lost. "
                 "AUC = 5/6 = {expected:.3f}.",
        right=("0.833", "5/6", "0,83", "83.3%", "0.8333"),
        wrong=("0.5", "0.667", "0.8", "4/6"),
    ),
    Exercise(
        key="07.2",
        label="Cohen's d",
        question="For the same scores (good 0.30, 0.25, 0.10; bad 0.20, 0.05), compute Cohen's d (pooled standard "
                 "deviation, $n - 1$ in each variance).",
        data={"good": (0.30, 0.25, 0.10), "bad": (0.20, 0.05)},
        answer=lambda good, bad: cohens_d(list(good), list(bad)),
        solution="Means 0.65/3 ≈ 0.2167 and 0.25/2 = 0.125. Variances (n − 1): good ≈ 0.01083, bad = 0.01125. "
                 "Pooled $s^2 = (2 \\cdot 0.01083 + 1 \\cdot 0.01125)/3$ ≈ 0.01097, $s$ ≈ 0.1047, "
                 "d = (0.2167 − 0.125)/0.1047 = {expected:.3f}.",
        right=("0.875", "0,88", "0.8751", "0.88"),
        wrong=("0.872", "0.092", "1", "0.87"),
    ),
    Exercise(
        key="07.3",
        label="ratio of 2·AUC − 1",
        question="Two metrics score the same four good topics 4, 5, 6, 7. Against them, metric A's bad topics "
                 "score 0, 1, 2, 4.5 and metric B's 0, 4.5, 5.5, 6.5. Compute both AUCs and their ratio, then the "
                 "ratio of their 2·AUC − 1. Are the two ratios the same?",
        data={"good": (4, 5, 6, 7), "bad_a": (0, 1, 2, 4.5), "bad_b": (0, 4.5, 5.5, 6.5)},
        answer=_gini_ratio,
        solution="A: 2 · 15/16 − 1 = 0.875; B: 2 · 10/16 − 1 = 0.25. Ratio 0.875 / 0.25 = {expected:.2f}, against "
                 "1.5 for the AUCs. The same two metrics are 1.5× or 3.5× apart depending on the definition, "
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
        solution="A wins 2 + 3 + 3 + 3 = 11 of 16 pairs, B only 0 + 0 + 1 + 2 = 3. AUC(A)/AUC(B) = (11/16)/(3/16) "
                 "= {expected:.2f}: above 2. The cap of 2 holds only while the weaker AUC is at least 0.5; a metric "
                 "worse than chance makes the ratio as large as you like.",
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
