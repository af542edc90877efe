"""Exercises of notebook 00 (start here): the self-check boxes, tried on three small questions."""

import math

from ..pmi import probabilities_from_counts
from . import Exercise, Prediction


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


def _lift(c_xy, c_x, c_y, n):
    p_xy, p_x, p_y = probabilities_from_counts(c_xy, c_x, c_y, n)
    return p_xy / (p_x * p_y)


EXERCISES = [
    Exercise(
        key="00.1",
        label="P(exercise)",
        question="In $n = 10{,}000$ windows the word *exercise* occurs in 400. What is $P(\\textit{exercise})$?",
        data={"count": 400, "n": 10_000},
        answer=_p_word,
        solution="$P(\\textit{{exercise}})$ = {count} / {n} = {expected}: the share of windows that contain "
                 "the word.",
        right=("0.04", "0,04", "1/25", "4%", "0.040"),
        wrong=("0.05", "0.4", "0.015"),
        check={"min_sig_figs": 1, "percent": True},
    ),
    Exercise(
        key="00.2",
        label="observed / expected",
        question="Two words share $c_{xy} = 150$ of $n = 10{,}000$ windows; one occurs in 500 windows, the other "
                 "in 400. How many times more often than chance do they meet, $P(x,y) / (P(x)\\,P(y))$?",
        data={"c_xy": 150, "c_x": 500, "c_y": 400, "n": 10_000},
        answer=_lift,
        solution="If the words were unrelated they would meet in about {c_x} × {c_y} / {n} windows; they meet in "
                 "{c_xy}, so the ratio is {c_xy} / ({c_x} × {c_y} / {n}) = {expected:.1f}: that many times as "
                 "often as chance.",
        right=("7.5", "7,5", "15/2", "7.50"),
        wrong=("20", "0.3", "0.075", "7.4"),
    ),
    Exercise(
        key="00.3",
        label="pairs among 5 keywords",
        question="How many pairs of words can be formed from a topic's $k = 5$ keywords?",
        data={"k": 5},
        answer=lambda k: math.comb(k, 2),
        solution="$k(k-1)/2$ with $k$ = {k} gives {expected}: each of the {k} words pairs with every other one, "
                 "and that counts each pair twice.",
        right=("10", "10.0", "20/2"),
        wrong=("20", "25", "5"),
        check={"min_sig_figs": 1},
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
]
