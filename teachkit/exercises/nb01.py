"""Exercises of notebook 01 (PMI): PMI by hand, bits and nats, the count of independence, a tiny corpus."""

import math

from ..pmi import pmi, probabilities_from_counts
from . import Exercise, Implement, Prediction


def _pmi_from_counts(c_xy, c_x, c_y, n, base=math.e):
    return pmi(*probabilities_from_counts(c_xy, c_x, c_y, n), base=base)


def _independent_count(c_x, c_y, n):
    # PMI = 0 exactly when P(x, y) = P(x) P(y), i.e. c(x, y) = c(x) c(y) / n: a closed form, not a search.
    return c_x * c_y / n


def _doubling(c_xy, c_x, c_y, n):
    before = _pmi_from_counts(c_xy, c_x, c_y, n)
    after = _pmi_from_counts(2 * c_xy, c_x, c_y, n)
    if math.isclose(after, 2 * before):
        return "it doubles"
    if math.isclose(after - before, math.log(2)):
        return "it grows by ln 2"
    return "it stays the same" if math.isclose(after, before) else "something else"


def _pmi_inputs(rng):
    n = int(rng.integers(50, 100_000))
    c_x = int(rng.integers(1, n + 1))
    c_y = int(rng.integers(1, n + 1))
    # a joint count that some corpus allows: 1 <= c_xy <= min(c_x, c_y) and c_x + c_y - c_xy <= n
    low = max(1, c_x + c_y - n)
    c_xy = int(rng.integers(low, min(c_x, c_y) + 1))
    return {"c_xy": c_xy, "c_x": c_x, "c_y": c_y, "n": n}


def _pmi_in_bits(c_xy, c_x, c_y, n):
    return math.log2(c_xy * n / (c_x * c_y))


def _pmi_without_n(c_xy, c_x, c_y, n):
    return math.log(c_xy / (c_x * c_y))


EXERCISES = [
    Exercise(
        key="01.1",
        label="PMI(running, office) in nats",
        question="Suppose the guide's made-up corpus of $n = 10{,}000$ windows also counted *office*: it is in "
                 "$c_y = 2{,}500$ windows, and $c_{xy} = 30$ of them also hold *running* (in $c_x = 500$). "
                 "Compute PMI(*running*, *office*) in nats. What does its sign tell you?",
        data={"c_xy": 30, "c_x": 500, "c_y": 2_500, "n": 10_000},
        answer=_pmi_from_counts,
        solution="$P(x) = {c_x}/{n}$, $P(y) = {c_y}/{n}$, $P(x, y) = {c_xy}/{n}$. Independence predicts "
                 "$P(x)P(y)$; the ratio $P(x,y)/(P(x)P(y)) = {c_xy} \\cdot {n} / ({c_x} \\cdot {c_y})$ and "
                 "PMI = ln(ratio) = {expected:.3f} nats. It is negative: the two words share fewer windows "
                 "than chance predicts, although {c_xy} windows hold both.",
        right=("-1.43", "−1,43", "-1.427", "-1.4"),
        wrong=("1.43", "-0.62", "-2.06", "0.24", "-1.42"),   # sign; log10; log2; the ratio; a slip
    ),
    Exercise(
        key="01.2",
        label="PMI(canção, exílio) in nats",
        question="The Portuguese note gives PMI(*canção*, *exílio*) in bits: *canção* is in $c_x = 7$, *exílio* "
                 "in $c_y = 4$ of $n = 684$ poems, and both in $c_{xy} = 4$. Give the PMI in **nats**.",
        data={"c_xy": 4, "c_x": 7, "c_y": 4, "n": 684},
        answer=_pmi_from_counts,
        solution="In bits PMI = $\\log_2({n}/{c_x})$ (the joint count equals $c_y$, so the ratio is $n/c_x$). "
                 "One bit is ln 2 nats, so multiply by ln 2, or take the natural log directly: "
                 "ln({n}/{c_x}) = {expected:.3f} nats.",
        right=("4.58", "4,58", "4.582", "4.6"),
        wrong=("6.61", "9.54", "1.99", "4.57"),
    ),
    Exercise(
        key="01.3",
        label="c(x, y) for PMI = 0",
        question="Two words occur in $c(x) = 600$ and $c(y) = 450$ of $n = 10{,}000$ windows. How many shared "
                 "windows would give PMI exactly 0?",
        data={"c_x": 600, "c_y": 450, "n": 10_000},
        answer=_independent_count,
        solution="PMI = 0 when $P(x, y) = P(x)\\,P(y)$, i.e. $c(x, y) = c(x)\\,c(y)/n$ = {c_x} × {c_y} / {n} = "
                 "{expected:g}.",
        right=("27", "27.0", "54/2"),
        wrong=("270", "2.7", "150", "0"),
        check={"min_sig_figs": 1},
    ),
    Exercise(
        key="01.4",
        label="PMI(running, exercise) in the diary, nats",
        question="In the six-entry diary corpus (each entry one window, $n = 6$), *running* is in $c_x = 3$ "
                 "entries, *exercise* in $c_y = 3$ and both in $c_{xy} = 2$ (check with `diary_counts`). "
                 "Compute PMI in nats. Would you trust it? How many windows is it based on?",
        data={"c_xy": 2, "c_x": 3, "c_y": 3, "n": 6},
        answer=_pmi_from_counts,
        solution="PMI = ln(({c_xy}/{n}) / (({c_x}/{n})({c_y}/{n}))) = ln({c_xy}·{n}/({c_x}·{c_y})) = "
                 "{expected:.3f} nats. It rests on a handful of windows: one shared entry more or fewer changes "
                 "it a lot. Association measures need a reference corpus far larger than the topics they judge.",
        right=("0.29", "0,288", "0.2877"),
        wrong=("0.12", "0.42", "1.33", "0.30"),
    ),
    Prediction(
        key="01.6",
        label="PMI when the shared windows double",
        question="*running* and *exercise* share $c_{xy} = 150$ of $n = 10{,}000$ windows ($c_x = 500$, "
                 "$c_y = 400$). Predict before you run: if they shared twice as many windows, what would happen "
                 "to their PMI?",
        data={"c_xy": 150, "c_x": 500, "c_y": 400, "n": 10_000},
        answer=_doubling,
        choices=("it doubles", "it grows by ln 2", "it stays the same"),
        steps=lambda c_xy, c_x, c_y, n: {
            "gain": _pmi_from_counts(2 * c_xy, c_x, c_y, n) - _pmi_from_counts(c_xy, c_x, c_y, n),
            "gain_bits": _pmi_from_counts(2 * c_xy, c_x, c_y, n, 2) - _pmi_from_counts(c_xy, c_x, c_y, n, 2)},
        solution="PMI = ln(c_xy · n / (c_x c_y)). Doubling $c_{{xy}}$ multiplies the ratio by 2, so PMI grows by "
                 "ln 2 ≈ {gain:.2f} nats (exactly {gain_bits:.0f} bit), from any starting value: PMI grows with "
                 "the *logarithm* of the joint count. teachkit says: {expected}.",
    ),
    Implement(
        key="01.5",
        label="PMI from counts",
        question="Write `my_pmi(c_xy, c_x, c_y, n)`: the PMI in nats of two words that share `c_xy` of `n` "
                 "windows and occur in `c_x` and `c_y` of them. The check compares it with teachkit on 200 "
                 "random sets of counts.",
        reference=lambda c_xy, c_x, c_y, n: _pmi_from_counts(c_xy, c_x, c_y, n),
        inputs=_pmi_inputs,
        template="def my_pmi(c_xy, c_x, c_y, n):\n    return ...   # your code: PMI in nats\n",
        wrong=(_pmi_in_bits, _pmi_without_n),
        solution="Turn the counts into probabilities, then take the log of the ratio:\n\n"
                 "```python\nimport math\n\ndef my_pmi(c_xy, c_x, c_y, n):\n"
                 "    return math.log((c_xy / n) / ((c_x / n) * (c_y / n)))\n```\n\n"
                 "The two $n$ in the denominator do not cancel the one in the numerator: the ratio is "
                 "$c_{xy}\\,n / (c_x\\,c_y)$.",
    ),
]
