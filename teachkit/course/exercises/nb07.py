"""Exercises of notebook 07 (statistical vs semantic): AUC and Cohen's d by hand, ratios of them."""

import math
import statistics

from fractions import Fraction

import numpy as np

from ...evaluation.discrimination import cohens_d, discrimination, roc_auc
from . import Exercise, Interpretation, Prediction


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
    return {"wins_a": _wins(good, bad_a), "wins_b": _wins(good, bad_b), "pairs_a": len(good) * len(bad_a),
            "pairs_b": len(good) * len(bad_b),
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


# ---------------------------------------------------------------- 07.1-07.4: variants
class _Listed(tuple):
    """Scores that a question writes as a list: ``{good:.2f}`` gives "0.40, 0.20 and 0.15", each score in the
    format asked, however many there are (a variant may have more or fewer topics than the exercise as written)."""

    last_joint = " and "

    def __format__(self, spec):
        items = [format(item, spec) for item in self]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + self.last_joint + items[-1]


class _Commas(_Listed):
    """Scores written with commas only: ``{good}`` gives "4, 5, 6, 7"."""

    last_joint = ", "


def _number(halves):
    # a score given in halves: a whole number stays an int (written "4", not "4.0")
    return halves // 2 if halves % 2 == 0 else halves / 2


def _pairs_won(good, bad):
    return sum(1 for g in good for b in bad if g > b)


def _two_decimal_scores(rng, count, low, high):
    # ``count`` different scores of two decimals in [low, high] hundredths, largest first
    return tuple(round(int(k) / 100, 2) for k in sorted(rng.choice(np.arange(low, high + 1), count, replace=False),
                                                           reverse=True))


def _auc_scores(rng):
    # three to five good and four to seven bad scores, all different; the good side wins more than half of the
    # pairs but not all, each such number of wins as likely as the others.  The numbers of topics vary so that
    # the AUC, a share of 12 to 35 pairs, seldom repeats from one student to the next
    n_good, n_bad = int(rng.integers(3, 6)), int(rng.integers(4, 8))
    target = int(rng.integers(n_good * n_bad // 2 + 1, n_good * n_bad))
    # the ranking, highest score first: True for a good topic.  Swapping a neighbouring bad and good topic wins
    # or loses exactly one pair, so a shuffled ranking walks to the number of wins drawn
    ranking = [True] * n_good + [False] * n_bad
    rng.shuffle(ranking)
    while (wins := sum(ranking[i] and not below for i in range(len(ranking)) for below in ranking[i + 1:])) != target:
        up = wins < target          # a good topic moves above a bad one, or (too many wins) below it
        places = [i for i in range(len(ranking) - 1) if ranking[i] != up and ranking[i + 1] == up]
        i = int(rng.choice(places))
        ranking[i], ranking[i + 1] = ranking[i + 1], ranking[i]
    scores = _two_decimal_scores(rng, n_good + n_bad, 1, 60)
    return {"good": _Listed(score for score, good in zip(scores, ranking) if good),
            "bad": _Listed(score for score, good in zip(scores, ranking) if not good)}


def _cohens_d_scores(rng):
    # three good and two bad scores of two decimals, the good mean clearly above the bad one
    while True:
        good = _two_decimal_scores(rng, 3, 5, 50)
        bad = _two_decimal_scores(rng, 2, 1, 35)
        if 0.3 <= cohens_d(list(good), list(bad)) <= 3:
            return {"good": good, "bad": bad}


def _metric_scores(rng, good_range, accept, bad_counts=None):
    # four good scores (whole numbers) and each metric's bad scores (in halves, never equal to a good score, so
    # no pair is a tie), until ``accept(wins_a, wins_b, pairs_a, pairs_b)``; four bad scores each, or as many as
    # ``bad_counts(rng)`` says
    while True:
        good_halves = sorted(2 * int(k) for k in rng.choice(np.arange(*good_range), 4, replace=False))
        free = np.array([h for h in range(0, 21) if h not in good_halves])
        counts = (4, 4) if bad_counts is None else bad_counts(rng)
        bad_a, bad_b = (sorted(int(h) for h in rng.choice(free, count, replace=False)) for count in counts)
        good = _Commas(_number(h) for h in good_halves)
        data = {"good": good, "bad_a": _Commas(_number(h) for h in bad_a), "bad_b": _Commas(_number(h) for h in bad_b)}
        if accept(_pairs_won(good, data["bad_a"]), _pairs_won(good, data["bad_b"]), 4 * len(bad_a), 4 * len(bad_b)):
            return data


def _two_metrics_above_chance(rng):
    # 07.3: both metrics beat chance (more than half of their pairs), A more than B.  Each metric has three to
    # seven bad topics, so that the two 2·AUC − 1 (shares of 12 to 28 pairs) and their ratio seldom repeat from
    # one student to the next.  The ratio is no whole number: the question asks for 2 significant figures, and a
    # whole-number answer (2 for 2) would be accepted with fewer
    def accept(wins_a, wins_b, pairs_a, pairs_b):
        ratio = Fraction(int(2 * wins_a - pairs_a), pairs_a) / Fraction(int(2 * wins_b - pairs_b), pairs_b) \
            if 0.5 < wins_b / pairs_b else None
        return ratio is not None and wins_b / pairs_b < wins_a / pairs_a and ratio.denominator != 1

    return _metric_scores(rng, (1, 10), accept,
                          bad_counts=lambda rng: tuple(int(n) for n in rng.integers(3, 8, size=2)))


def _one_metric_below_chance(rng):
    # 07.4: A above chance (9 or more of the 16 pairs), B below it (1 to 7), and A winning more than twice as
    # many pairs as B, so that the ratio is above 2 (as the worked solution says): 9 against 7 would give 1.29
    return _metric_scores(rng, (1, 9),
                          lambda wins_a, wins_b, *_pairs: 1 <= wins_b <= 7 and wins_a >= 9 and wins_a > 2 * wins_b)


#: 07.6's choices: which ratio a "k times better" claim is, given the two AUCs.
_TIMES, _GINI, _SAME, _CAP = (
    "A ranks good topics above bad ones that many times as often as B: it is the ratio of their AUCs",
    "it is the ratio of their distances from chance, 2·AUC − 1, and it is large mostly because B is barely "
    "above chance",
    "either ratio: 2·AUC − 1 is only AUC on another scale, so both give the same factor",
    "it cannot be right: no ratio of two metrics' discrimination can exceed 2 while both beat chance",
)


def _auc_and_gini_ratios(auc_a, auc_b):
    return auc_a / auc_b, (2 * auc_a - 1) / (2 * auc_b - 1)


def _which_ratio(auc_a, auc_b, claimed):
    auc_ratio, gini_ratio = _auc_and_gini_ratios(auc_a, auc_b)
    fits_auc = math.isclose(auc_ratio, claimed, rel_tol=0.02)
    fits_gini = math.isclose(gini_ratio, claimed, rel_tol=0.02)
    if fits_auc and fits_gini:
        return _SAME
    if fits_gini:
        return _GINI
    if fits_auc:
        return _TIMES
    raise ValueError("neither the ratio of the AUCs nor that of 2·AUC − 1 gives the claimed factor")


def _which_ratio_steps(auc_a, auc_b, claimed):
    # what a hundredth more AUC for the weaker metric would do to each ratio
    auc_ratio, gini_ratio = _auc_and_gini_ratios(auc_a, auc_b)
    auc_ratio_up, gini_ratio_up = _auc_and_gini_ratios(auc_a, auc_b + 0.01)
    return {"auc_ratio": auc_ratio, "gini_a": 2 * auc_a - 1, "gini_b": 2 * auc_b - 1, "gini_ratio": gini_ratio,
            "auc_b_up": auc_b + 0.01, "auc_ratio_up": auc_ratio_up, "gini_ratio_up": gini_ratio_up}


#: 07.7's choices: does "NPMI separates better than SC" survive the convention for never-together pairs?
_HOLDS, _ONLY, _FLIPS, _EQUAL = (
    "yes, whichever score never-together pairs get",
    "only with never-together pairs scored −1; scored 0, the data cannot tell the two metrics apart",
    "no: with never-together pairs scored 0, SC is the better of the two",
    "no: with never-together pairs scored 0, the two metrics are shown to separate the topics equally well",
)


def _interval_verdict(ratio, low, high):
    # a ratio SC / NPMI with its interval: which metric the whole interval favours, if any
    if not low <= ratio <= high:
        raise ValueError(f"the ratio {ratio} lies outside its interval [{low}, {high}]")
    return "NPMI" if high < 1 else "SC" if low > 1 else "neither"


def _does_it_hold(minus_one, zero):
    verdicts = (_interval_verdict(*minus_one), _interval_verdict(*zero))
    by_zero = {"NPMI": _HOLDS, "neither": _ONLY, "SC": _FLIPS}
    if verdicts[0] != "NPMI":
        raise ValueError("the question is about a conclusion that holds with never-together pairs scored -1")
    return by_zero[verdicts[1]]


EXERCISES = [
    Exercise(
        key="07.1",
        label="ROC AUC",
        question="Good topics score {good:.2f}; bad topics {bad:.2f}. Compute the ROC AUC (count the pairs).",
        data={"good": _Listed((0.40, 0.20, 0.15)), "bad": _Listed((0.30, 0.10, 0.05))},
        answer=lambda good, bad: roc_auc(list(good), list(bad)),
        steps=lambda good, bad: {"n_good": len(good), "n_bad": len(bad), "pairs": len(good) * len(bad),
                                 "wins": _wins(good, bad),
                                 "lost": ", ".join(f"({g:.2f}, {b:.2f})" for g in good for b in bad if g < b)},
        solution="Of the {n_good} × {n_bad} = {pairs} (good, bad) pairs, the good topic wins {wins:g}; it loses "
                 "{lost}. AUC = {wins:g}/{pairs} = {expected:.3f}.",
        right=("0.778", "7/9", "0,78", "77.8%", "0.7778"),
        wrong=("0.5", "0.667", "6/9", "0.75", "0.8333"),   # chance; a pair missed; the lesson's scores
        check={"percent": True},   # a share of a whole, so a percentage is one way to write it
        variant=_auc_scores,
        mistakes=(lambda good, bad: (_wins(good, bad) - 1) / (len(good) * len(bad)),   # a won pair missed
                  lambda good, bad: 1 - roc_auc(list(good), list(bad)),              # the lost pairs' share
                  # only the pairs of equal rank compared (best with best, ...)
                  lambda good, bad: sum(g > b for g, b in zip(sorted(good), sorted(bad))) / len(good)),
    ),
    Exercise(
        key="07.2",
        label="Cohen's d",
        question="For good topics scoring {good[0]:.2f}, {good[1]:.2f} and {good[2]:.2f} and bad ones {bad[0]:.2f} "
                 "and {bad[1]:.2f}, compute Cohen's d (pooled standard deviation, $n - 1$ in each variance).",
        data={"good": (0.30, 0.25, 0.10), "bad": (0.20, 0.05)},
        answer=lambda good, bad: cohens_d(list(good), list(bad)),
        steps=_cohens_d_steps,
        solution="Means {sum_good:.2f}/{n_good} ≈ {mean_good:.4f} and {sum_bad:.2f}/{n_bad} = {mean_bad:.3f}. "
                 "Variances (n − 1): good ≈ {var_good:.5f}, bad = {var_bad:.5f}. Pooled $s^2 = ({df_good} \\cdot "
                 "{var_good:.5f} + {df_bad} \\cdot {var_bad:.5f})/{df}$ ≈ {pooled_var:.5f}, $s$ ≈ {pooled_sd:.4f}, "
                 "d = ({mean_good:.4f} − {mean_bad:.3f})/{pooled_sd:.4f} = {expected:.3f}.",
        right=("0.875", "0,88", "0.8751", "0.88"),
        wrong=("0.872", "0.092", "1", "0.87"),
        variant=_cohens_d_scores,
        mistakes=(  # variances divided by n, not n - 1
                  lambda good, bad: ((statistics.fmean(good) - statistics.fmean(bad))
                                     / math.sqrt((len(good) * statistics.pvariance(good) + len(bad)
                                                  * statistics.pvariance(bad)) / (len(good) + len(bad)))),
                  # the two variances averaged, not weighted by their n - 1
                  lambda good, bad: ((statistics.fmean(good) - statistics.fmean(bad))
                                     / math.sqrt((statistics.variance(good) + statistics.variance(bad)) / 2)),
                  # the difference of the means, never divided by s
                  lambda good, bad: statistics.fmean(good) - statistics.fmean(bad)),
    ),
    Exercise(
        key="07.3",
        label="ratio of 2·AUC − 1",
        question="Two metrics score the same four good topics {good}. Against them, metric A's bad topics "
                 "score {bad_a} and metric B's {bad_b}. Work out both AUCs and their ratio for yourself, "
                 "then give the ratio of their 2·AUC − 1 (A's over B's), and compare it with the ratio of the AUCs.",
        data={"good": _Commas((4, 5, 6, 7)), "bad_a": _Commas((0, 1, 2, 4.5)), "bad_b": _Commas((0, 4.5, 5.5, 6.5))},
        answer=_gini_ratio,
        steps=_gini_steps,
        solution="A: 2 · {wins_a:g}/{pairs_a} − 1 = {gini_a:.3g}; B: 2 · {wins_b:g}/{pairs_b} − 1 = {gini_b:.3g}. "
                 "Ratio {gini_a:.3g} / {gini_b:.3g} = {expected:.2f}, against {auc_ratio:.3g} for the AUCs. The "
                 "same two metrics are {auc_ratio:.3g}× or {expected:.3g}× apart depending on the definition, "
                 "which is why a \"k× better\" needs one.",
        right=("3.5", "7/2", "3,5", "3.50"),
        wrong=("1.5", "2", "0.29", "3.4"),
        variant=_two_metrics_above_chance,
        mistakes=(_auc_ratio,                                                  # the ratio of the AUCs
                  lambda good, bad_a, bad_b: 1 / _gini_ratio(good, bad_a, bad_b),     # B's over A's
                  lambda good, bad_a, bad_b: 2 * _auc_ratio(good, bad_a, bad_b) - 1),  # 2·x − 1 of the AUCs' ratio
    ),
    Exercise(
        key="07.4",
        label="ratio of AUCs",
        question="Good topics score {good[0]}, {good[1]}, {good[2]}, {good[3]}. Metric A's bad topics score "
                 "{bad_a[0]}, {bad_a[1]}, {bad_a[2]}, {bad_a[3]}; metric B's bad topics score {bad_b[0]}, {bad_b[1]}, "
                 "{bad_b[2]}, {bad_b[3]} (B ranks worse than chance). What is AUC(A) / AUC(B)? Compare it with "
                 "section 6's cap of 2 on a ratio of AUCs.",
        data={"good": (1, 2, 3, 4), "bad_a": (0, 0.5, 1.5, 5), "bad_b": (2.5, 3.5, 4.5, 5.5)},
        answer=_auc_ratio,
        steps=_auc_steps,
        solution="A wins {each_a} = {wins_a:g} of {pairs} pairs, B only {each_b} = {wins_b:g}. AUC(A)/AUC(B) = "
                 "({wins_a:g}/{pairs})/({wins_b:g}/{pairs}) = {expected:.2f}: above 2. The cap of 2 holds only "
                 "while the weaker AUC is at least 0.5; a metric worse than chance makes the ratio as large as "
                 "you like.",
        right=("3.67", "11/3", "3,67", "3.7", "3.667"),
        wrong=("2", "1.5", "0.27", "3.6"),
        variant=_one_metric_below_chance,
        mistakes=(lambda good, bad_a, bad_b: 1 / _auc_ratio(good, bad_a, bad_b),     # B's over A's
                  _gini_ratio,                                                      # the ratio of 2·AUC − 1
                  # the difference of the AUCs, not their ratio
                  lambda good, bad_a, bad_b: roc_auc(list(good), list(bad_a)) - roc_auc(list(good), list(bad_b))),
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
    Interpretation(
        key="07.6",
        label="which ratio is \"6 times better\"?",
        question="On the same good and bad topics, metric A has ROC AUC 0.80 and metric B 0.55. A report says "
                 "that A discriminates 6 times better than B. Compute the ratio of the two AUCs and the ratio of "
                 "their 2·AUC − 1. What is the report's factor?",
        data={"auc_a": 0.80, "auc_b": 0.55, "claimed": 6},
        answer=_which_ratio,
        choices=(_TIMES, _GINI, _SAME, _CAP),
        steps=_which_ratio_steps,
        why={
            _TIMES: "that reads the factor as a ratio of AUCs. A wins {auc_a:.0%} of the (good, bad) pairs and B "
                    "{auc_b:.0%}: AUC(A) / AUC(B) = {auc_ratio:.2f}, far from {claimed}. While B is at least at "
                    "chance, a ratio of AUCs cannot exceed 2.",
            _GINI: "2·AUC − 1 is {gini_a:.2f} for A and {gini_b:.2f} for B, and {gini_a:.2f} / {gini_b:.2f} = "
                   "{gini_ratio:.2f}: the report's factor. B is only {gini_b:.2f} above chance on that scale, so "
                   "the ratio is large and fragile: an AUC of {auc_b_up:.2f} for B would make it "
                   "{gini_ratio_up:.2f}, while the ratio of AUCs would barely move ({auc_ratio:.2f} to "
                   "{auc_ratio_up:.2f}).",
            _SAME: "2·AUC − 1 is AUC doubled *and shifted*, so that chance sits at 0, and a shift changes ratios. "
                   "Here the ratio of the AUCs is {auc_ratio:.2f}; work out the other one and compare.",
            _CAP: "the cap of 2 belongs to ratios of AUCs (an AUC is at most 1, and at least one half for a "
                  "metric that beats chance). Ratios of 2·AUC − 1 or of Cohen's d have no cap: their "
                  "denominator goes to 0 as the weaker metric nears chance.",
        },
        solution="Ratio of the AUCs: {auc_a:.2f} / {auc_b:.2f} = {auc_ratio:.2f}. Ratio of 2·AUC − 1: "
                 "(2 · {auc_a:.2f} − 1) / (2 · {auc_b:.2f} − 1) = {gini_a:.2f} / {gini_b:.2f} = "
                 "{gini_ratio:.2f}, the report's factor {claimed}. The answer: *{expected}*.\n\n"
                 "The two ratios differ because 2·AUC − 1 subtracts chance before dividing: it compares how far "
                 "each metric is from chance, and B is barely off it. Near chance the denominator is close to 0, "
                 "so the ratio explodes and becomes fragile: an AUC of {auc_b_up:.2f} for B, a hundredth more, "
                 "would make it {gini_ratio_up:.2f}, where the ratio of AUCs only goes from {auc_ratio:.2f} to "
                 "{auc_ratio_up:.2f}. Neither factor is wrong, but \"{claimed} times better\" means nothing until "
                 "the report names its measure, and a large ratio of 2·AUC − 1 or of d needs its interval, which "
                 "stretches far when the weaker metric is near chance.",
    ),
    Interpretation(
        key="07.7",
        label="a conclusion that rests on a convention",
        question="A colleague repeats section 7 on another corpus. The ratio of Cohen's d, SC over NPMI "
                 "(article counts), with LDA topics against random lists, is 0.40 (bootstrap interval as in "
                 "section 7: 0.24 to 0.62) when pairs that never share an article score −1, and 1.15 (0.78 to "
                 "1.60) when they score 0. Do these data support \"NPMI separates good from bad topics better "
                 "than SC\"?",
        data={"minus_one": (0.40, 0.24, 0.62), "zero": (1.15, 0.78, 1.60)},
        answer=_does_it_hold,
        choices=(_HOLDS, _ONLY, _FLIPS, _EQUAL),
        why={
            _HOLDS: "that carries the verdict reached with −1 over to the other convention. The convention moves "
                    "the random lists' NPMI, and with it NPMI's d: look where 1 lies in the interval obtained "
                    "with 0 ({zero[1]:.2f} to {zero[2]:.2f}).",
            _ONLY: "scored −1, the whole interval ({minus_one[1]:.2f} to {minus_one[2]:.2f}) lies below 1: NPMI "
                   "ahead. Scored 0, the interval ({zero[1]:.2f} to {zero[2]:.2f}) contains 1, so a tie and a "
                   "lead either way all fit the data. The conclusion rests on how never-together pairs are "
                   "scored, and random lists are full of them.",
            _FLIPS: "that reads the ratio {zero[0]:.2f} without its interval. The interval runs from "
                    "{zero[1]:.2f} to {zero[2]:.2f}: other topics of the same kind could as well give a ratio "
                    "below 1, so these data do not put SC ahead.",
            _EQUAL: "an interval that contains 1 does not show that the ratio is 1: it also holds {zero[1]:.2f} "
                    "(NPMI ahead) and {zero[2]:.2f} (SC ahead). Not finding a difference is not "
                    "showing that there is none.",
        },
        solution="A ratio SC / NPMI below 1 favours NPMI, and the data support that only when the whole "
                 "interval lies below 1. Scored −1, the ratio is {minus_one[0]:.2f} with interval "
                 "{minus_one[1]:.2f} to {minus_one[2]:.2f}: NPMI ahead. Scored 0, the ratio is {zero[0]:.2f} "
                 "with interval {zero[1]:.2f} to {zero[2]:.2f}, which contains 1: no clear winner (neither a "
                 "win for SC nor a proof of a tie). The answer: *{expected}*.\n\n"
                 "Why the convention matters so much: most pairs of a random list never share an article. "
                 "Scored −1, they pull the random lists' mean NPMI down and bunch them together, which inflates "
                 "NPMI's Cohen's d; scored 0, that gap shrinks. A conclusion that flips with the score given to a "
                 "case the definition leaves open is not a property of the metrics alone: report it under both "
                 "conventions, each with its interval.",
    ),
]
