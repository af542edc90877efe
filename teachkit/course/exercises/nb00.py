"""Exercises of notebook 00 (start here): the self-check boxes, tried on three small questions."""

import math

from ...counts.association import probabilities_from_counts
from . import Exercise, Interpretation, Prediction


def _p_word(count, n):
    # probabilities_from_counts(c_xy, c_x, c_y, n) returns (P(x,y), P(x), P(y)); only one word matters here,
    # so it is passed as x (and, to keep the counts consistent, as y and the pair too) and P(x) is taken.
    _, p_word, _ = probabilities_from_counts(count, count, count, n)
    return p_word


def _more_windows(c_xy, c_x, c_y, n, factor):
    # the same counts in `factor` times as many windows: what happens to observed / expected?
    before, after = _lift(c_xy, c_x, c_y, n), _lift(c_xy, c_x, c_y, factor * n)
    if math.isclose(after, before):
        return "it stays the same"
    if math.isclose(after, factor * before):
        return f"it grows {factor} times"
    return f"it shrinks {factor} times" if math.isclose(after, before / factor) else "something else"


#: 00.5's choices: what observed / expected says about two words.
_MORE, _LESS, _CAUSE, _HALF = (
    "they meet more often than two unrelated words would",
    "they meet less often than two unrelated words would",
    "one of the two words makes the other appear",
    "they appear together in most of the windows",
)


def _what_the_ratio_says(c_xy, c_x, c_y, n):
    lift = _lift(c_xy, c_x, c_y, n)
    if math.isclose(lift, 1):
        raise ValueError("observed / expected is 1: the words meet exactly as often as chance has it")
    return _MORE if lift > 1 else _LESS


#: 00.6's choices: how the documents' audit counts a wrong number that a later step computes with.
_TWO_MISTAKES, _CARRIED, _ONE_WRONG, _CONVENTION = (
    "two wrong numbers and two mistakes, one in each step",
    "two wrong numbers but one mistake: step 3's PMI is carried over from step 2",
    "one wrong number: step 3's arithmetic is right, so its PMI holds",
    "step 3's PMI is right under another convention, so its verdict is convention",
)


def _how_the_audit_counts(p_xy, p_y, printed, from_counts, printed_pmi):
    # step 3's PMI = ln(P(x, y) / (P(x) P(y))), printed to 2 decimals: redone with step 2's printed P(x), does it
    # give the printed PMI (carried over), or does it only with the counts' P(x) (it holds), or with neither?
    with_printed = round(math.log(p_xy / (printed * p_y)), 2)
    with_counts = round(math.log(p_xy / (from_counts * p_y)), 2)
    if printed_pmi == with_counts:
        return _ONE_WRONG
    return _CARRIED if printed_pmi == with_printed and printed != from_counts else _TWO_MISTAKES


def _lift(c_xy, c_x, c_y, n):
    p_xy, p_x, p_y = probabilities_from_counts(c_xy, c_x, c_y, n)
    return p_xy / (p_x * p_y)


def _other_keyword_count(rng):
    # 00.3's variants: 6 to 40 keywords, never the 5 of the exercise as written
    return {"k": 6 + int(rng.permutation(35)[0])}   # 6..40 (a permutation: seeds 1, 2, 3 draw apart)


def _lift_variant(rng):
    # two words of a few hundred windows each, sharing more windows than chance gives them (the ratio is
    # above 1, as the question "how many times more often" presumes), at most half of the rarer word's
    n = int(rng.choice([5_000, 10_000, 20_000]))
    c_x, c_y = (100 * (2 + int(k)) for k in rng.choice(8, size=2, replace=False))    # 200..900, unequal
    chance = c_x * c_y / n
    low, high = math.floor(1.5 * chance / 5) + 1, min(c_x, c_y) // 10
    c_xy = 5 * int(rng.integers(low, high + 1)) if low <= high else 5 * high
    return {"c_xy": c_xy, "c_x": c_x, "c_y": c_y, "n": n}


EXERCISES = [
    Exercise(
        key="00.1",
        label="P(exercise)",
        question="In $n = {n:t}$ windows the word *exercise* occurs in {count}. What is $P(\\textit{{exercise}})$?",
        data={"count": 400, "n": 10_000},
        answer=_p_word,
        solution="$P(\\textit{{exercise}})$ = {count} / {n} = {expected}: the share of windows that contain "
                 "the word.",
        right=("0.04", "0,04", "1/25", "4%", "0.040"),
        wrong=("0.05", "0.4", "0.015"),
        check={"min_sig_figs": 1, "percent": True},
        variant=lambda rng: {"count": int(rng.integers(2, 200)) * 5,
                             "n": int(rng.choice([2_000, 5_000, 10_000, 20_000]))},
        mistakes=(lambda count, n: n / count,          # the fraction upside down
                  lambda count, n: count / n * 10,      # a slipped decimal point
                  lambda count, n: count / 100),        # the count read as a percentage
    ),
    Exercise(
        key="00.2",
        label="observed / expected",
        question="Two words share $c_{{xy}} = {c_xy}$ of $n = {n:t}$ windows; one occurs in {c_x} windows, the "
                 "other in {c_y}. How many times more often than chance do they meet, $P(x,y) / (P(x)\\,P(y))$?",
        data={"c_xy": 150, "c_x": 500, "c_y": 400, "n": 10_000},
        answer=_lift,
        solution="If the words were unrelated they would meet in about {c_x} × {c_y} / {n} windows; they meet in "
                 "{c_xy}, so the ratio is {c_xy} / ({c_x} × {c_y} / {n}) = {expected:.3g}: that many times as "
                 "often as chance.",
        right=("7.5", "7,5", "15/2", "7.50"),
        wrong=("20", "0.3", "0.075", "7.4"),
        variant=_lift_variant,
        mistakes=(lambda c_xy, c_x, c_y, n: c_x * c_y / n,             # the windows chance gives, not the ratio
                  lambda c_xy, c_x, c_y, n: c_x * c_y / (n * c_xy),      # the ratio upside down
                  lambda c_xy, c_x, c_y, n: c_xy / c_x),                 # the share of x's windows that hold y
    ),
    Exercise(
        key="00.3",
        label="pairs among {k} keywords",
        question="How many pairs of words can be formed from a topic's $k = {k}$ keywords?",
        data={"k": 5},
        answer=lambda k: math.comb(k, 2),
        solution="$k(k-1)/2$ with $k$ = {k} gives {expected}: each of the {k} words pairs with every other one, "
                 "and that counts each pair twice.",
        right=("10", "10.0", "20/2"),
        wrong=("20", "25", "5"),
        check={"min_sig_figs": 1, "whole": True},
        variant=_other_keyword_count,
        mistakes=(lambda k: k * (k - 1),          # ordered pairs: each pair counted twice
                  lambda k: k * k,                # every word with every word, itself included, twice
                  lambda k: k * (k + 1) // 2),    # a word paired with itself counted as a pair
    ),
    Prediction(
        key="00.4",
        label="observed / expected in more windows",
        question="Two words share $c_{xy} = 150$ of $n = 10{,}000$ windows and occur in 500 and 400. Predict "
                 "before you run: if the same counts came from 2 times as many windows, what would happen to "
                 "observed / expected?",
        data={"c_xy": 150, "c_x": 500, "c_y": 400, "n": 10_000, "factor": 2},
        answer=_more_windows,
        choices=("it shrinks 2 times", "it stays the same", "it grows 2 times"),
        solution="{expected}: the expected number of shared windows, {c_x} × {c_y} / n, halves when n doubles, "
                 "while the observed {c_xy} stay the same. The same counts mean more in a larger corpus.",
    ),
    Interpretation(
        key="00.5",
        label="what observed / expected says",
        question="Two words share $c_{xy} = 150$ of $n = 10{,}000$ windows; one occurs in 500 windows, the "
                 "other in 400 (exercise 00.2's counts). What does their ratio observed / expected tell you?",
        data={"c_xy": 150, "c_x": 500, "c_y": 400, "n": 10_000},
        answer=_what_the_ratio_says,
        choices=(_LESS, _CAUSE, _MORE, _HALF),   # the right one not first: the static line's example is a
        why={
            _MORE: "the ratio is above 1, so they share more windows than the {c_x} × {c_y} / {n} that chance "
                   "alone would give them.",
            _LESS: "that is a ratio below 1; here the observed {c_xy} shared windows are more than chance "
                   "would give two unrelated words.",
            _CAUSE: "counting shared windows measures association, not cause: it is symmetric in the two words, "
                    "and a third thing (the topic of the text) can bring both.",
            _HALF: "the ratio compares the shared windows with chance, not with all the windows: "
                   "{c_xy} of {n} windows is a small share, yet far more than chance.",
        },
        solution="Observed / expected is above 1: the words meet more often than chance would have them "
                 "({c_xy} shared windows where {c_x} × {c_y} / {n} are expected). That is association, which is "
                 "what PMI (notebook 01) measures on a log scale; it says nothing about cause, and nothing about "
                 "what share of the windows the pair fills.",
    ),
    Interpretation(
        key="00.6",
        label="a number carried over",
        question="A document's step 2 prints $P(x) = 0.06$ where its counts give 0.05. Its step 3 computes "
                 "$\\operatorname{PMI} = \\ln \\frac{P(x,y)}{P(x)\\,P(y)}$ from $P(x,y) = 0.012$, $P(y) = 0.1$ and "
                 "the $P(x)$ of step 2, and prints 0.69. How does the audit of section 6 count these numbers?",
        data={"p_xy": 0.012, "p_y": 0.1, "printed": 0.06, "from_counts": 0.05, "printed_pmi": 0.69},
        answer=_how_the_audit_counts,
        steps=lambda p_xy, p_y, printed, from_counts, printed_pmi: {
            "with_printed": math.log(p_xy / (printed * p_y)), "with_counts": math.log(p_xy / (from_counts * p_y))},
        choices=(_TWO_MISTAKES, _CARRIED, _ONE_WRONG, _CONVENTION),
        why={
            _TWO_MISTAKES: "step 3 makes no mistake of its own: its arithmetic is right, and it only inherits "
                           "step 2's wrong value. Counting it as a second mistake overstates how often the "
                           "document errs.",
            _CARRIED: "step 2 is wrong ({printed} instead of {from_counts}); step 3's PMI is wrong too (the counts "
                      "give ln({p_xy}/({from_counts} × {p_y})) = {with_counts:.2f}), but "
                      "ln({p_xy}/({printed} × {p_y})) "
                      "= {with_printed:.2f} is what it prints: it follows from {printed} by correct arithmetic, so "
                      "it is *carried over* and the mistake is counted once, where it was made.",
            _ONE_WRONG: "the arithmetic is right, but the PMI it prints is not the one the counts give "
                        "({with_counts:.2f}): it is wrong, and the audit marks why.",
            _CONVENTION: "no convention turns {from_counts} into {printed}; the PMI is wrong because its input "
                         "is.",
        },
        solution="*Carried over* means the printed number is wrong, but only because it was computed from an "
                 "earlier wrong number: redo the arithmetic with the document's wrong input and you get its "
                 "printed value. Here ln({p_xy}/({printed} × {p_y})) = {with_printed:.2f}, the printed PMI, while the "
                 "counts' P(x) would give {with_counts:.2f}: step 2's $P(x) = {printed}$ is the mistake and step 3's "
                 "PMI is carried over from it, two wrong numbers, one mistake. The audit counts the mistake once, "
                 "at the first wrong "
                 "number, and reports wrong numbers and mistakes separately.",
    ),
]
