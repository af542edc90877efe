"""Exercises of notebook 02 (NPMI): NPMI by hand, its zero, a one-sided pair, smoothing, rare words."""

import math

from ..pmi import npmi_from_counts
from . import Exercise, Implement, Prediction


def _npmi(c_xy, c_x, c_y, n):
    return npmi_from_counts(c_xy, c_x, c_y, n)


def _independent_count(c_x, c_y, n):
    # NPMI = 0 exactly when PMI = 0: c(x, y) = c(x) c(y) / n, a closed form (a search for the sign change
    # stumbles on floating point, which puts NPMI at that count a hair's breadth below 0).
    return c_x * c_y / n


def _which_moves_more(rare, frequent):
    drop = {name: npmi_from_counts(*counts) - npmi_from_counts(counts[0] - 1, *counts[1:])
            for name, counts in (("the rare pair", rare), ("the frequent pair", frequent))}
    if math.isclose(drop["the rare pair"], drop["the frequent pair"]):
        return "both the same"
    return max(drop, key=drop.get)


def _npmi_inputs(rng):
    n = int(rng.integers(50, 100_000))
    c_x = int(rng.integers(1, n))
    c_y = int(rng.integers(1, n))
    low = max(1, c_x + c_y - n)
    c_xy = int(rng.integers(low, min(c_x, c_y) + 1))
    return {"c_xy": c_xy, "c_x": c_x, "c_y": c_y, "n": n}


def _npmi_without_minus(c_xy, c_x, c_y, n):
    return math.log(c_xy * n / (c_x * c_y)) / math.log(c_xy / n)


def _npmi_by_marginals(c_xy, c_x, c_y, n):
    return math.log(c_xy * n / (c_x * c_y)) / -math.log(c_x * c_y / n ** 2)


EXERCISES = [
    Exercise(
        key="02.1",
        label="NPMI(running, meeting)",
        question="Compute NPMI(*running*, *meeting*) from the guide's counts: $c_{xy} = 12$ shared windows, "
                 "$c_x = 500$ and $c_y = 4{,}000$ on their own, $n = 10{,}000$.",
        data={"c_xy": 12, "c_x": 500, "c_y": 4_000, "n": 10_000},
        answer=_npmi,
        steps=lambda c_xy, c_x, c_y, n: {"ratio": (c_xy / n) / ((c_x / n) * (c_y / n))},
        solution="PMI = ln(({c_xy}/{n}) / (({c_x}/{n})({c_y}/{n}))) = ln {ratio:.2f}; the denominator is "
                 "$-\\ln P(x, y) = -\\ln({c_xy}/{n})$. NPMI = {expected:.3f}: a clear negative association, "
                 "far from −1.",
        right=("-0.42", "−0,42", "-0.418", "-0.4183"),
        wrong=("0.42", "-2.81", "-0.41", "-1"),
    ),
    Exercise(
        key="02.2",
        label="c(x, y) giving NPMI = 0",
        question="In $n = 1{,}000$ windows, $c(x) = 100$ and $c(y) = 50$. For which joint count $c(x, y)$ is "
                 "NPMI exactly 0?",
        data={"c_x": 100, "c_y": 50, "n": 1_000},
        answer=_independent_count,
        solution="NPMI is 0 when PMI is 0, i.e. at independence: $c(x, y) = c(x)\\,c(y)/n$ = {c_x} × {c_y} / "
                 "{n} = {expected:g}.",
        right=("5", "5.0", "10/2"),
        wrong=("6", "4", "50", "0.5"),
        check={"min_sig_figs": 1},
    ),
    Exercise(
        key="02.3",
        label="NPMI when c(x, y) = 50",
        question="Same corpus ($n = 1{,}000$, $c(x) = 100$, $c(y) = 50$). What is NPMI when $c(x, y) = 50$, "
                 "i.e. $y$ never appears without $x$?",
        data={"c_xy": 50, "c_x": 100, "c_y": 50, "n": 1_000},
        answer=_npmi,
        solution="PMI = ln(({c_xy}/{n}) / (({c_x}/{n})({c_y}/{n}))) = ln 10, and $-\\ln({c_xy}/{n}) = -\\ln 0.05$; "
                 "NPMI = {expected:.3f}. Not +1, because $x$ also appears without $y$.",
        right=("0.77", "0,769", "0.7686"),
        wrong=("1", "2.30", "0.76", "0.5"),
    ),
    Exercise(
        key="02.4",
        label="gensim NPMI of a never-co-occurring pair",
        question="Under gensim's convention with $\\varepsilon = 10^{-12}$, what NPMI does a pair that never "
                 "co-occurs ($c(x, y) = 0$) get when $c(x) = 200$, $c(y) = 100$, $n = 10{,}000$?",
        data={"c_xy": 0, "c_x": 200, "c_y": 100, "n": 10_000, "eps": 1e-12},
        answer=lambda c_xy, c_x, c_y, n, eps: npmi_from_counts(c_xy, c_x, c_y, n, eps=eps, smoothing="gensim"),
        solution="gensim puts $P(x, y) + \\varepsilon$ = ε inside both logarithms: PMI = ln(ε / (({c_x}/{n})"
                 "({c_y}/{n}))) and the denominator is −ln ε, so NPMI = {expected:.3f}, not −1.",
        right=("-0.69", "−0,692", "-0.6918"),
        wrong=("-1", "-0.77", "-0.775", "-0.70", "0"),      # -1; the guide's convention (-0.769); the lesson's pair
    ),
    Prediction(
        key="02.6",
        label="which pair moves more",
        question="Predict before you run: one shared window fewer for a rare pair ($c_{xy} = 2$, $c_x = 2$, "
                 "$c_y = 3$ of $n = 10{,}000$) or for the frequent pair *running/exercise* ($c_{xy} = 150$, "
                 "$c_x = 500$, $c_y = 400$ of $n = 10{,}000$). Whose NPMI drops more?",
        data={"rare": (2, 2, 3, 10_000), "frequent": (150, 500, 400, 10_000)},
        answer=_which_moves_more,
        choices=("the rare pair", "the frequent pair", "both the same"),
        solution="One window is half of the rare pair's evidence and a hundred-and-fiftieth of the frequent "
                 "pair's: teachkit says {expected} drops more (see the next cell for the values).",
    ),
    Implement(
        key="02.5",
        label="NPMI from counts",
        question="Write `my_npmi(c_xy, c_x, c_y, n)`: the NPMI of two words sharing `c_xy` of `n` windows, "
                 "with `c_x` and `c_y` windows of their own (all counts at least 1, `c_xy` below `n`). The check "
                 "compares it with `tk.npmi_from_counts` on 200 random sets of counts.",
        reference=_npmi,
        inputs=_npmi_inputs,
        template="def my_npmi(c_xy, c_x, c_y, n):\n    return ...   # your code: PMI / (-log P(x, y))\n",
        wrong=(_npmi_without_minus, _npmi_by_marginals),
        solution="```python\nimport math\n\ndef my_npmi(c_xy, c_x, c_y, n):\n"
                 "    p_xy, p_x, p_y = c_xy / n, c_x / n, c_y / n\n"
                 "    return math.log(p_xy / (p_x * p_y)) / -math.log(p_xy)\n```\n\n"
                 "The denominator is $-\\log P(x, y)$, positive for $P(x, y) < 1$; forgetting its minus sign "
                 "flips every sign.",
    ),
    Prediction(
        key="02.7",
        label="NPMI of a pair in every window, three conventions",
        question="A pair found in **every** window: $c_{xy} = c_x = c_y = n = 10$. The exact definition gives +1. "
                 "Predict before you run: what does the NPMI guide's own code give, with its "
                 "$\\varepsilon = 10^{-12}$: +1, 0 or −1?",
        data={"n": 10, "eps": 1e-12},
        answer=lambda n, eps: {1.0: "+1", 0.0: "0", -1.0: "−1"}[
            round(npmi_from_counts(n, n, n, n, eps=eps, smoothing="guide"))],
        choices=("+1", "0", "−1"),
        solution="{expected}: the guide's smoothed $P(x, y) = (n + \\varepsilon)/(n + \\varepsilon)$ is exactly 1, "
                 "so its denominator $-\\log P(x, y)$ is 0, and its code then returns 0 instead of dividing.",
    ),
]
