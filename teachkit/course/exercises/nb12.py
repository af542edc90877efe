"""Exercises of notebook 12 (agreement and significance)."""

import math

from ...evaluation.raters import spearman_brown
from ...evaluation.significance import seed_comparison
from . import Exercise, Interpretation, Prediction


# ---------------------------------------------------------------- 12.1: Spearman-Brown
def _full_reliability(r):
    return spearman_brown(r, 2)


def _half_correlation(rng):
    # 12.1's variants: a correlation of the halves from 0.20 to 0.95 in hundredths
    return {"r": int(rng.integers(20, 96)) / 100}


# ---------------------------------------------------------------- 12.2: the smallest p-value a few seeds allow
def _p_when_a_wins_every_run(runs_a, runs_b):
    # Runs whose scores put every run of A above every run of B: the exact one-sided test's p-value.
    if runs_a != int(runs_a) or runs_b != int(runs_b):
        raise ValueError("runs are whole numbers")
    a = [1.0 + i for i in range(int(runs_a))]
    b = [-1.0 - i for i in range(int(runs_b))]
    return seed_comparison(a, b, alternative="greater").test.p_value


def _runs(rng):
    # 12.2's variants: 2 to 7 runs of each model (at most C(14, 7) = 3432 arrangements, enumerated exactly)
    return {"runs_a": int(rng.integers(2, 8)), "runs_b": int(rng.integers(2, 8))}


# ---------------------------------------------------------------- 12.3: two single runs
_A_BETTER, _NOT_SHOWN, _TOPICS_AS_SAMPLES, _B_BETTER = (
    "model A is better: its mean NPMI is higher",
    "nothing yet: two single runs of the same model, with other seeds, can differ by that much",
    "test it by comparing the two runs' topics with a permutation test, each topic a sample",
    "model B is better: A's lead is an artefact of its seed",
)


def _single_runs(a, b, sd):
    if sd <= 0 or not (-1 <= a <= 1 and -1 <= b <= 1):
        raise ValueError("an NPMI lies in [-1, 1] and a spread is positive")
    # Two single runs differ by chance about sqrt(2) sd; a gap below twice that is not evidence either way.
    return _NOT_SHOWN if abs(a - b) < 2 * math.sqrt(2) * sd else _A_BETTER if a > b else _B_BETTER


# ---------------------------------------------------------------- 12.4: alpha against split-half reliability
_USELESS, _MEANS_RELIABLE, _CONTRADICTION, _RATERS_AGREE = (
    "the ratings are useless: alpha is below the bar Krippendorff sets for drawing conclusions",
    "one rating is a noisy guess, but the mean of all the ratings ranks the topics reliably",
    "the two numbers contradict each other, so one of them is miscomputed",
    "the raters agree well with each other",
)


def _alpha_and_halves(alpha, reliability, raters):
    if not (-1 <= alpha <= 1 and -1 < reliability <= 1) or raters != int(raters) or raters < 2:
        raise ValueError("alpha lies in [-1, 1], a reliability in (-1, 1], and there are at least 2 raters")
    if alpha >= 0.667:
        return _RATERS_AGREE
    # One rater's reliability implied by the full mean's (Spearman-Brown stepped down by the number of raters):
    single = reliability / (raters - (raters - 1) * reliability)
    return _MEANS_RELIABLE if reliability >= 0.8 and single < 0.667 else _USELESS


EXERCISES = [
    Exercise(
        key="12.1",
        label="Spearman-Brown",
        question="Each topic's ratings are split at random into two halves, and the halves' mean ratings correlate "
                 "{r} over the topics. By the Spearman–Brown formula, what is the reliability of the mean of all "
                 "the ratings (both halves together)?",
        data={"r": 0.7},
        answer=_full_reliability,
        solution="Doubling the number of ratings averaged: $2r / (1 + r)$ = 2 × {r} / (1 + {r}) = {expected:.4g}. "
                 "The mean of twice as many ratings is more reliable than either half, but never reaches 1.",
        right=("0.8235", "0,8235", "14/17", "0.824", "0.82"),
        wrong=("0.7", "1.4", "0.49", "0.85"),
        check={"min_sig_figs": 2},
        variant=_half_correlation,
        mistakes=(lambda r: r,                      # no correction: the halves' correlation itself
                  lambda r: 2 * r,                  # "twice the raters, twice the reliability"
                  lambda r: r * r,                  # squared, as if a correlation had to be squared
                  lambda r: (1 + r) / 2),           # halfway to 1
    ),
    Prediction(
        key="12.2",
        label="the smallest p-value of a few runs",
        question="Model A was trained with {runs_a} seeds and model B with {runs_b}, one mean coherence per run, and "
                 "every run of A scored higher than every run of B. Predict the p-value of the exact one-sided "
                 "permutation test on the runs (the runs' scores reassigned to the two models in every possible "
                 "way, the difference of the two means as the statistic).",
        data={"runs_a": 3, "runs_b": 4},
        answer=_p_when_a_wins_every_run,
        solution="Only one way of choosing which {runs_a} of the runs belong to A gives A all the highest scores, "
                 "the observed one, out of {arrangements} ways: p = 1 / {arrangements} = {expected:.4g}. With so "
                 "few seeds no result can be more significant than that, whatever the scores.",
        steps=lambda runs_a, runs_b: {"arrangements": math.comb(int(runs_a) + int(runs_b), int(runs_a))},
        right=("0.029", "0,029", "1/35", "0.0286", "0.03"),
        wrong=("0.0078", "0.057", "0.0002", "0.5"),
        check={"min_sig_figs": 1, "percent": True},    # a p-value is a probability: a share
        variant=_runs,
        mistakes=(lambda runs_a, runs_b: 0.5 ** (runs_a + runs_b),                    # sign flips, as if paired
                  lambda runs_a, runs_b: 2 / math.comb(runs_a + runs_b, runs_a),      # two-sided
                  lambda runs_a, runs_b: 1 / math.factorial(runs_a + runs_b),         # orders of all runs
                  lambda runs_a, runs_b: 0),                                          # "A always wins: p = 0"
    ),
    Interpretation(
        key="12.3",
        label="two single runs",
        question="One training run of model A has a mean topic NPMI of 0.121, one run of model B 0.104. Trained "
                 "with several other seeds, the same model A gives mean NPMIs with a standard deviation of 0.015. "
                 "What do the two runs say?",
        data={"a": 0.121, "b": 0.104, "sd": 0.015},
        answer=_single_runs,
        steps=lambda a, b, sd: {"lead": a - b, "typical": round(math.sqrt(2) * sd, 3)},
        choices=(_A_BETTER, _NOT_SHOWN, _TOPICS_AS_SAMPLES, _B_BETTER),
        why={
            _A_BETTER: "that compares two single draws. Another seed of A alone moves its mean NPMI by about {sd}, "
                       "so a gap of this size between two single runs is what seeds produce anyway.",
            _NOT_SHOWN: "the gap {a} − {b} is within what two single runs of the same model differ by (their "
                        "difference has a standard deviation of about {sd} × √2, with wide swings): train several "
                        "seeds of each model and compare the runs (section 3).",
            _TOPICS_AS_SAMPLES: "the topics of one run share that run's seed and data: they are not independent "
                                "samples of the model. A test over them asks whether these two runs' topics differ, "
                                "leaves out how far another seed moves a whole run, and so says nothing about the "
                                "models, whatever its p. The runs are the samples.",
            _B_BETTER: "nothing in two runs points to B either: B's single run is as much a draw of its seed as A's.",
        },
        solution="A's lead is {a} − {b} = {lead}. One seed of A alone varies with a standard deviation of {sd}, so two "
                 "single runs, even of the same model, differ with a standard deviation of about √2 × {sd} = "
                 "{typical}, often by more than the gap. The gap is "
                 "within that spread: the runs show nothing yet. Train several seeds of each model and compare "
                 "the runs' means (the runs are the independent samples, not the topics of one run).",
    ),
    Interpretation(
        key="12.4",
        label="low alpha, reliable means",
        question="On a set of topics each rated by 15 people (1–3), Krippendorff's alpha (interval) is 0.27, "
                 "while the split-half reliability of the topics' mean ratings, stepped up to all 15 raters, "
                 "is 0.86. What do the two numbers say together?",
        data={"alpha": 0.27, "reliability": 0.86, "raters": 15},
        answer=_alpha_and_halves,
        choices=(_USELESS, _MEANS_RELIABLE, _CONTRADICTION, _RATERS_AGREE),
        why={
            _USELESS: "alpha judges single ratings. The study uses each topic's mean of {raters} ratings, and that "
                      "mean is reliable ({reliability}): averaging many noisy ratings cancels much of their noise.",
            _MEANS_RELIABLE: "alpha = {alpha} says two people rating the same topic often disagree; the reliability "
                             "{reliability} says the average of {raters} such ratings would come out nearly the same "
                             "with {raters} other people. Both hold: the noise of single ratings averages out.",
            _CONTRADICTION: "they measure different things: alpha the agreement of single ratings, the split-half "
                            "reliability the agreement of means of many ratings. Spearman–Brown links them: the "
                            "more raters averaged, the more reliable the mean.",
            _RATERS_AGREE: "alpha = {alpha} is far below the level Krippendorff asks even for tentative "
                           "conclusions: single raters disagree a lot.",
        },
        solution="Krippendorff's alpha ({alpha}) is about single ratings: two people rating the same topic often "
                 "disagree. The split-half reliability ({reliability}) is about the mean of {raters} ratings: a "
                 "new group of {raters} people would give nearly the same ranking of the topics. Spearman–Brown "
                 "connects the two: averaging many noisy ratings makes a reliable mean. So one rating is a noisy "
                 "guess, but the mean ratings can be used to rank topics.",
    ),
]
