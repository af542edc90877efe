"""Exercises of notebook 09b (metrics and people: rank agreement, model choice, word intrusion)."""

import numpy as np

from ...evaluation.agreement import spearman
from . import Implement, Interpretation, Prediction


def _scores_with_ties(rng):
    n = int(rng.integers(5, 30))
    ratings = rng.integers(1, 4, size=n).astype(float)     # a 1-3 scale: many ties
    ratings[:2] = (1.0, 3.0)                                # never constant
    coherence = rng.normal(size=n).round(1)                 # rounding makes some ties too
    coherence[:2] = (-1.0, 1.0)
    return {"x": coherence.tolist(), "y": ratings.tolist()}


def _spearman_without_tie_correction(x, y):
    # Ordinal ranks (ties broken by position) in 1 - 6 sum d^2 / (n (n^2 - 1)): right only without ties.
    rx = np.argsort(np.argsort(x, kind="stable"), kind="stable") + 1
    ry = np.argsort(np.argsort(y, kind="stable"), kind="stable") + 1
    n = len(x)
    return 1 - 6 * float(np.sum((rx - ry) ** 2)) / (n * (n * n - 1))


def _pearson_of_the_scores(x, y):
    # Pearson's r of the raw scores, not of their ranks.
    return float(np.corrcoef(x, y)[0, 1])


#: 09b.2's choices: what a Spearman rho whose interval contains 0 says.
_AGREES, _NO_EVIDENCE, _UNRELATED, _AGAINST = (
    "it agrees with people, if only weakly: its rho is positive",
    "they give no evidence that it agrees with people",
    "they show that it has nothing to do with what people judge",
    "it ranks topics in the opposite order to people",
)


def _what_the_interval_says(rho, low, high):
    if not -1 <= low <= rho <= high <= 1:
        raise ValueError("Spearman's rho and its interval need -1 <= low <= rho <= high <= 1")
    if low > 0:
        return _AGREES
    return _AGAINST if high < 0 else _NO_EVIDENCE


#: 09b.3's choices: what stretching one score (keeping its order) does to Spearman's rho.
_UP, _SAME, _DOWN = "it goes up", "it stays the same", "it goes down"


#: The scores 09b.3's answer is worked on: six topics' NPMI and mean ratings, in the same order but not perfectly.
_NPMI, _RATING = (-0.05, 0.02, 0.08, 0.11, 0.15, 0.21), (1.4, 2.1, 1.9, 2.6, 2.2, 2.8)


def _rho_after_stretching(scale):
    # Spearman's rho of e^(scale * NPMI) against the ratings, beside the rho of NPMI itself: a positive scale keeps
    # the order of the scores, a negative one reverses it
    if scale == 0:
        raise ValueError("scale must not be 0: e^(0 * NPMI) = 1 for every topic, and rho is then undefined")
    npmi, rating = np.asarray(_NPMI), np.asarray(_RATING)
    before, after = spearman(npmi, rating), spearman(np.exp(scale * npmi), rating)
    if np.isclose(after, before, rtol=0, atol=1e-12):
        return _SAME
    return _UP if after > before else _DOWN


#: 09b.4's choices: two metrics' overlapping intervals on the same topics.
_NO_DIFFERENCE, _PAIRED, _A_BETTER, _EQUAL = (
    "the overlap shows no difference between the two metrics",
    "the overlap does not settle it: bootstrap the difference of the two rhos in pairs",
    "metric A is closer to people: its rho is higher",
    "the two metrics agree with people equally well",
)


def _overlap_verdict(rho_a, low_a, high_a, rho_b, low_b, high_b):
    for rho, low, high in ((rho_a, low_a, high_a), (rho_b, low_b, high_b)):
        if not -1 <= low <= rho <= high <= 1:
            raise ValueError("each rho and its interval need -1 <= low <= rho <= high <= 1")
    if low_a > high_b or low_b > high_a:
        raise ValueError("the question is about intervals that overlap; these do not")
    return _PAIRED


EXERCISES = [
    Implement(
        key="09b.1",
        label="Spearman's rho with ties",
        question="Complete `my_spearman(x, y)`: Spearman's rank correlation of two lists of scores, where tied "
                 "values share the mean of the ranks they occupy (human ratings on a 1–3 scale are full of "
                 "ties). Rank each list, then take Pearson's correlation of the two rank lists.",
        reference=lambda x, y: spearman(x, y),
        inputs=_scores_with_ties,
        template="def my_spearman(x, y):\n    ...",
        wrong=(_spearman_without_tie_correction, _pearson_of_the_scores),
        solution="Average ranks: sort the values; a run of equal values at positions i..j (counting from 1) "
                 "gets (i + j) / 2 each. Then Pearson's r of the rank lists: the sum of the products of their "
                 "deviations from their means, divided by the square root of the product of their sums of "
                 "squares. The shortcut 1 − 6Σd²/(n(n²−1)) is right only when there are no ties.",
    ),
    Interpretation(
        key="09b.2",
        label="a Spearman interval that holds 0",
        question="On another corpus, a coherence metric's Spearman $\\rho$ with people's mean ratings is 0.12, "
                 "with the bootstrap interval [−0.05, 0.28] (topics resampled, as in section 1). What do these "
                 "data say about the metric?",
        data={"rho": 0.12, "low": -0.05, "high": 0.28},
        answer=_what_the_interval_says,
        choices=(_AGREES, _NO_EVIDENCE, _UNRELATED, _AGAINST),
        why={
            _AGREES: "that reads the estimate alone. Resampling the topics gives values from {low} to {high}; "
                     "a rho of 0, no agreement at all, is among them, so the positive sign may be chance.",
            _NO_EVIDENCE: "the interval [{low}, {high}] contains 0: these topics fit no agreement as well as a "
                          "weak one, so they do not show that the metric agrees with people (nor that it "
                          "does not).",
            _UNRELATED: "no evidence of agreement is not evidence of no agreement: the interval also holds values "
                        "up to {high}, a weak agreement. Showing that a metric is unrelated to people would take "
                        "an interval tight around 0.",
            _AGAINST: "an interval that reaches below 0 does not make the ranking opposite: that would take a rho "
                      "below 0 with its whole interval below 0, and here rho = {rho}.",
        },
        solution="$\\rho$ = {rho} is positive but small, and it is an estimate from one sample of topics. "
                 "Resampled, the topics give $\\rho$ anywhere from {low} to {high}: that range holds 0 (no "
                 "agreement) as well as weak agreement. So the data show **no evidence** that the metric "
                 "agrees with people; the honest report is $\\rho$ = {rho}, interval [{low}, {high}], not "
                 "distinguishable from 0. Nor do they show that the metric is unrelated to people: a weak "
                 "agreement fits them too, and more topics (a narrower interval) could settle it.",
    ),
    Prediction(
        key="09b.3",
        label="Spearman's rho of a stretched score",
        question="Replace every topic's NPMI by $e^{10 \\cdot \\text{NPMI}}$ (the exponential of 10 "
                 "times it): the order of the topics stays the same, but the high scores are stretched far "
                 "apart. Predict before you run: what happens to Spearman's $\\rho$ between the score and "
                 "people's mean rating?",
        data={"scale": 10},
        answer=_rho_after_stretching,
        choices=(_UP, _SAME, _DOWN),
        solution="{expected}: Spearman's $\\rho$ is Pearson's correlation of the **ranks**, and a transformation "
                 "that keeps the order keeps every rank. Pearson's $r$ of the raw scores does change, since it "
                 "reads the distances between them; that is why section 1 uses ranks for scores on unrelated "
                 "scales.",
    ),
    Interpretation(
        key="09b.4",
        label="two intervals that overlap",
        question="On the same topics, metric A's Spearman $\\rho$ with people is 0.40 [0.26, 0.53] and "
                 "metric B's is 0.29 [0.14, 0.43] (bootstrap intervals). The two intervals overlap. What can "
                 "you conclude?",
        data={"rho_a": 0.40, "low_a": 0.26, "high_a": 0.53, "rho_b": 0.29, "low_b": 0.14,
              "high_b": 0.43},
        answer=_overlap_verdict,
        choices=(_NO_DIFFERENCE, _PAIRED, _A_BETTER, _EQUAL),
        why={
            _NO_DIFFERENCE: "two marginal intervals that overlap can still hide a clear difference: both rhos "
                            "come from the same topics, so they are not independent, and their difference can "
                            "vary far less than each of them (when the two metrics largely agree across "
                            "topics, as NPMI and C_V do in section 1).",
            _PAIRED: "the question is about the difference $\\rho_A - \\rho_B$ = {rho_a:.2f} − {rho_b:.2f}; on the "
                     "same topics it is bootstrapped in pairs, each resample drawing the topics once and recomputing "
                     "both rhos (and with many such comparisons, their p-values corrected together).",
            _A_BETTER: "that reads the two estimates alone: {rho_a:.2f} against {rho_b:.2f} on one sample "
                       "of topics says nothing yet about how much that gap moves when the topics are resampled.",
            _EQUAL: "overlapping intervals are not evidence of equality: the data may fit a difference of "
                    "zero as well as a clear one. A paired test of the difference says whether the data show one; "
                    "a non-significant test would not show equality either.",
        },
        solution="Overlapping 95 % intervals neither show a difference nor rule one out, and with two rhos of "
                 "the **same** topics they are the wrong tool: the two estimates are not independent. Bootstrap the "
                 "difference {rho_a:.2f} − {rho_b:.2f} in pairs (`tk.bootstrap_spearman_difference`, as section 1 "
                 "does) and read its interval and p-value; with many such comparisons, correct the p-values "
                 "together (Holm).",
    ),
]
