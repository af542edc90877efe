"""Exercises of notebook 02 (NPMI): NPMI by hand, its zero, a one-sided pair, smoothing, rare words."""

import math

from ...counts.association import EPSILON, npmi_from_counts, pmi, probabilities_from_counts
from . import Exercise, Implement, Interpretation, Prediction


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


def _pmi(c_xy, c_x, c_y, n):
    return pmi(*probabilities_from_counts(c_xy, c_x, c_y, n))


#: 02.8's choices: which of two pairs of different frequencies is the more strongly associated?
_RARER, _FREQUENT, _CANNOT, _BOTH = (
    "the rarer pair, whose PMI is the higher",
    "running and exercise, whose NPMI is the higher",
    "neither: pairs of such different frequencies cannot be compared at all",
    "both equally: both share more windows than chance, and that is all either measure says",
)


def _stronger_pair(rare, frequent, n):
    rare_npmi, frequent_npmi = npmi_from_counts(*rare, n), npmi_from_counts(*frequent, n)
    if math.isclose(rare_npmi, frequent_npmi):
        raise ValueError("the two pairs have the same NPMI")
    return _RARER if rare_npmi > frequent_npmi else _FREQUENT


def _stronger_steps(rare, frequent, n):
    return {"pmi_rare": _pmi(*rare, n), "pmi_freq": _pmi(*frequent, n),
            "top_rare": -math.log(rare[0] / n), "top_freq": -math.log(frequent[0] / n),
            "npmi_rare": npmi_from_counts(*rare, n), "npmi_freq": npmi_from_counts(*frequent, n)}


#: 02.9's choices: what a never-co-occurring pair's smoothed score says.
_SOME, _GUARD, _ESTIMATE, _RANKED = (
    "the words do share a few windows, fewer than chance would give them",
    "only that they never share a window: its distance from −1 comes from the ε added to avoid log 0",
    "the ε estimates how often they would meet in a larger corpus, so the score is truer than −1",
    "they avoid each other less than a pair that another tool scores −1, so the two can be ranked",
)


def _what_the_smoothed_score_says(c_xy, c_x, c_y, n, eps):
    exact = npmi_from_counts(c_xy, c_x, c_y, n)
    smoothed = npmi_from_counts(c_xy, c_x, c_y, n, eps=eps, zero="guide")
    if exact == -1 and smoothed > exact:
        return _GUARD            # a zero count, moved off the exact -1 by the convention only
    if c_xy > 0 and exact < 0:
        return _SOME             # a count that is not zero: fewer shared windows than chance
    raise ValueError("the question is about a pair that shares fewer windows than chance")


def _smoothed_steps(c_xy, c_x, c_y, n, eps):
    p_xy, p_x, p_y = probabilities_from_counts(c_xy, c_x, c_y, n, eps=eps, zero="guide")
    return {"smoothed": npmi_from_counts(c_xy, c_x, c_y, n, eps=eps, zero="guide"), "p_smoothed": p_xy,
            "shift": math.log(p_x * p_y) / math.log(p_xy)}


# ---------------------------------------------------------------- variants of 02.1-02.4 (see model.Exercise)
def _npmi_of_a_source(c_xy, c_x, c_y, n, source):
    # source only names where the counts come from ("the guide's counts" for the exercise as written)
    return npmi_from_counts(c_xy, c_x, c_y, n)


def _avoiding_pair(rng):
    # a pair met clearly less often than chance, but far from never: NPMI between -0.6 and -0.15
    while True:
        n = int(rng.choice([5_000, 10_000, 20_000]))
        c_x = int(rng.integers(4, 21)) * 50
        c_y = int(rng.integers(4, 21)) * 250
        c_xy = int(rng.integers(2, 40))
        if c_x + c_y < n and c_xy < c_x and -0.6 < npmi_from_counts(c_xy, c_x, c_y, n) < -0.15:
            return {"c_xy": c_xy, "c_x": c_x, "c_y": c_y, "n": n, "source": "these counts"}


def _independent_counts(rng):
    # c(x) c(y) / n a whole number from 2 to 60: the count at which NPMI is exactly 0 is a count
    while True:
        n = int(rng.choice([1_000, 2_000, 5_000, 10_000]))
        c_x = int(rng.integers(2, 31)) * 10
        step = n // math.gcd(n, c_x)                  # c_y a multiple of this makes c_x c_y / n whole
        c_y = step * int(rng.integers(1, max(2, 600 // step)))
        if c_y != c_x and 20 <= c_y < n and 2 <= c_x * c_y // n <= 60:
            return {"c_x": c_x, "c_y": c_y, "n": n}


def _npmi_nested(c_xy, c_x, c_y, n, corpus):
    if c_xy != c_y:
        raise ValueError("02.3 is about a word y that never appears without x: c(x, y) must equal c(y)")
    return npmi_from_counts(c_xy, c_x, c_y, n)


def _nested_pair(rng):
    # y never without x (c(x, y) = c(y)), x often without y: NPMI = ln(n / c_x) / ln(n / c_y), below +1
    n = int(rng.choice([1_000, 2_000, 5_000, 10_000]))
    c_x = int(rng.integers(2, 26)) * n // 100
    c_y = int(rng.integers(1, c_x * 8 // 10 // (n // 200) + 1)) * (n // 200)
    return {"c_xy": c_y, "c_x": c_x, "c_y": c_y, "n": n, "corpus": "Another corpus"}


def _never_together(rng):
    n = int(rng.choice([5_000, 10_000, 20_000, 50_000]))
    c_x = int(rng.integers(1, 21)) * n // 100
    c_y = int(rng.integers(1, 21)) * n // 200
    return {"c_xy": 0, "c_x": c_x, "c_y": c_y, "n": n, "eps": EPSILON}


def _pmi_over_marginals(c_xy, c_x, c_y, n, **_words):
    # normalised by -ln P(x)P(y) instead of -ln P(x, y)
    return math.log(c_xy * n / (c_x * c_y)) / -math.log(c_x * c_y / n ** 2)


EXERCISES = [
    Exercise(
        key="02.1",
        label="NPMI(running, meeting)",
        question="Compute NPMI(*running*, *meeting*) from {source}: $c_{{xy}} = {c_xy:t}$ shared windows, "
                 "$c_x = {c_x:t}$ and $c_y = {c_y:t}$ on their own, $n = {n:t}$.",
        data={"c_xy": 12, "c_x": 500, "c_y": 4_000, "n": 10_000, "source": "the guide's counts"},
        answer=_npmi_of_a_source,
        steps=lambda c_xy, c_x, c_y, n, source: {"ratio": (c_xy / n) / ((c_x / n) * (c_y / n))},
        solution="PMI = ln(({c_xy}/{n}) / (({c_x}/{n})({c_y}/{n}))) = ln {ratio:.3g}; the denominator is "
                 "$-\\ln P(x, y) = -\\ln({c_xy}/{n})$. NPMI = {expected:.3f}: a clear negative association, "
                 "far from −1.",
        right=("-0.42", "−0,42", "-0.418", "-0.4183"),
        wrong=("0.42", "-2.81", "-0.41", "-1"),
        variant=_avoiding_pair,
        mistakes=(lambda c_xy, c_x, c_y, n, source: -npmi_from_counts(c_xy, c_x, c_y, n),   # the sign dropped
                  lambda c_xy, c_x, c_y, n, source: _pmi(c_xy, c_x, c_y, n),               # PMI, not normalised
                  _pmi_over_marginals),
    ),
    Exercise(
        key="02.2",
        label="c(x, y) giving NPMI = 0",
        question="In $n = {n:t}$ windows, $c(x) = {c_x:t}$ and $c(y) = {c_y:t}$. For which joint count $c(x, y)$ is "
                 "NPMI exactly 0?",
        data={"c_x": 100, "c_y": 50, "n": 1_000},
        answer=_independent_count,
        solution="NPMI is 0 when PMI is 0, i.e. at independence: $c(x, y) = c(x)\\,c(y)/n$ = {c_x} × {c_y} / "
                 "{n} = {expected:g}.",
        right=("5", "5.0", "10/2"),
        wrong=("6", "4", "50", "0.5"),
        check={"min_sig_figs": 1, "whole": True},
        variant=_independent_counts,
        mistakes=(lambda c_x, c_y, n: c_x * c_y / n ** 2,      # the probability P(x) P(y), not a count
                  lambda c_x, c_y, n: c_x * c_y / n + 1,       # one more than chance, "to be sure"
                  lambda c_x, c_y, n: math.sqrt(c_x * c_y)),   # a geometric mean of the counts
    ),
    Exercise(
        key="02.3",
        label="NPMI when c(x, y) = {c_xy}",
        question="{corpus} ($n = {n:t}$, $c(x) = {c_x:t}$, $c(y) = {c_y:t}$). What is NPMI when $c(x, y) = {c_xy:t}$, "
                 "i.e. $y$ never appears without $x$?",
        data={"c_xy": 50, "c_x": 100, "c_y": 50, "n": 1_000, "corpus": "Same corpus"},
        answer=_npmi_nested,
        steps=lambda c_xy, c_x, c_y, n, corpus: {"ratio": (c_xy / n) / ((c_x / n) * (c_y / n)), "p_xy": c_xy / n},
        solution="PMI = ln(({c_xy}/{n}) / (({c_x}/{n})({c_y}/{n}))) = ln {ratio:.4g}, and $-\\ln({c_xy}/{n}) = "
                 "-\\ln {p_xy:g}$; NPMI = {expected:.3f}. Not +1, because $x$ also appears without $y$.",
        right=("0.77", "0,769", "0.7686"),
        wrong=("1", "2.30", "0.76", "0.5"),
        variant=_nested_pair,
        mistakes=(lambda c_xy, c_x, c_y, n, corpus: 1,                            # "y always with x" read as +1
                  lambda c_xy, c_x, c_y, n, corpus: _pmi(c_xy, c_x, c_y, n),     # PMI, not normalised
                  _pmi_over_marginals),
    ),
    Exercise(
        key="02.4",
        label="gensim NPMI of a never-co-occurring pair",
        question="Under gensim's convention with $\\varepsilon = 10^{{-12}}$, what NPMI does a pair that never "
                 "co-occurs ($c(x, y) = {c_xy}$) get when $c(x) = {c_x:t}$, $c(y) = {c_y:t}$, $n = {n:t}$?",
        data={"c_xy": 0, "c_x": 200, "c_y": 100, "n": 10_000, "eps": EPSILON},
        answer=lambda c_xy, c_x, c_y, n, eps: npmi_from_counts(c_xy, c_x, c_y, n, eps=eps, zero="epsilon"),
        solution="gensim puts $P(x, y) + \\varepsilon$ = ε inside both logarithms: PMI = ln(ε / (({c_x}/{n})"
                 "({c_y}/{n}))) and the denominator is −ln ε, so NPMI = {expected:.3f}, not −1.",
        right=("-0.69", "−0,692", "-0.6918"),
        wrong=("-1", "-0.77", "-0.775", "-0.70", "0"),      # -1; the guide's convention (-0.769); the lesson's pair
        variant=_never_together,
        mistakes=(lambda c_xy, c_x, c_y, n, eps: -1,                   # the exact limit, no ε
                  lambda c_xy, c_x, c_y, n, eps: npmi_from_counts(c_xy, c_x, c_y, n, eps=eps, zero="guide"),
                  lambda c_xy, c_x, c_y, n, eps: 0),                   # "no evidence, so 0"
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
        question="A pair found in **every** window: $c_{xy} = c_x = c_y = n = 10$. Here $P(x, y) = 1$ and the "
                 "definition is 0/0; its limit, as two words that share all their windows come to fill all of "
                 "them, is +1. "
                 "Predict before you run: what does the NPMI guide's own code give, with its "
                 "$\\varepsilon = 10^{-12}$: +1, 0 or −1?",
        data={"n": 10, "eps": EPSILON},
        answer=lambda n, eps: {1.0: "+1", 0.0: "0", -1.0: "−1"}[
            round(float(npmi_from_counts(n, n, n, n, eps=eps, zero="guide")))],      # one pair: a float
        choices=("+1", "0", "−1"),
        solution="{expected}: the guide's smoothed $P(x, y) = (n + \\varepsilon)/(n + \\varepsilon)$ is exactly 1, "
                 "so its denominator $-\\log P(x, y)$ is 0, and its code then returns 0 instead of dividing: a "
                 "convention for a point where the formula is 0/0, not the limit +1.",
    ),
    Interpretation(
        key="02.8",
        label="PMI or NPMI to compare two pairs",
        question="In the guide's corpus of $n = 10{,}000$ windows, *running* and *exercise* share "
                 "$c_{xy} = 150$ windows ($c_x = 500$, $c_y = 400$). Two rarer words share $c_{xy} = 2$ windows "
                 "($c_x = 30$, $c_y = 30$). Compute PMI and NPMI for both pairs. On NPMI's scale, whose top "
                 "+1 means two words that never occur apart, which pair is the more strongly associated?",
        data={"rare": (2, 30, 30), "frequent": (150, 500, 400), "n": 10_000},
        answer=_stronger_pair,
        choices=(_RARER, _FREQUENT, _CANNOT, _BOTH),
        steps=_stronger_steps,
        why={
            _RARER: "PMI has no fixed top. What a pair scores when its words never appear apart, "
                    "$-\\ln P(x, y)$, is {top_rare:.2f} nats for a pair sharing {rare[0]} windows and only "
                    "{top_freq:.2f} for one sharing {frequent[0]}: rare pairs reach high PMI easily. "
                    "{pmi_rare:.2f} against {pmi_freq:.2f} compares numbers on two different scales.",
            _FREQUENT: "NPMI measures each pair against its own top, $-\\ln P(x, y)$ ({top_rare:.2f} and "
                       "{top_freq:.2f} nats): the rarer pair reaches {npmi_rare:.2f} of its top, running and "
                       "exercise {npmi_freq:.2f}. On that common scale the frequent pair is ahead, and its score "
                       "rests on far more windows.",
            _CANNOT: "comparing pairs of different frequencies is what the normalization is for: dividing PMI "
                     "by $-\\log P(x, y)$ maps every pair's best case to +1 and independence to 0, so both "
                     "scores share one scale.",
            _BOTH: "the sign says only on which side of chance a pair lies; the size says how far, and here the "
                   "two pairs differ in size. Both positive does not make them equal.",
        },
        solution="PMI = ln($c_{{xy}}\\,n / (c_x c_y)$): {pmi_rare:.2f} nats for the rarer pair, {pmi_freq:.2f} "
                 "for *running*/*exercise*, so PMI ranks the rarer pair first. NPMI divides each by "
                 "$-\\ln P(x, y) = \\ln(n / c_{{xy}})$: {pmi_rare:.2f} / {top_rare:.2f} = {npmi_rare:.2f} "
                 "against {pmi_freq:.2f} / {top_freq:.2f} = {npmi_freq:.2f}, so NPMI ranks *running*/*exercise* "
                 "first. The answer: *{expected}*.\n\n"
                 "The two rankings disagree because PMI's top depends on how rare the pair is: a pair sharing "
                 "{rare[0]} windows can score up to {top_rare:.2f} nats, one sharing {frequent[0]} at most "
                 "{top_freq:.2f}. NPMI divides by that top, so +1 (never apart), 0 (independent) and −1 (never "
                 "together) mean the same for every pair, and pairs of any frequency can be compared. The rarer "
                 "pair's score also rests on {rare[0]} windows, so it would move a lot with one more or fewer "
                 "(section 4).",
    ),
    Interpretation(
        key="02.9",
        label="a never-co-occurring pair's smoothed score",
        question="Two words never share a window: $c_{xy} = 0$, with $c_x = 500$ and $c_y = 400$ of "
                 "$n = 10{,}000$. Compute the pair's NPMI under the guide's convention with its "
                 "$\\varepsilon = 10^{-12}$ (`zero=\"guide\"`). What does that score tell you about the pair?",
        data={"c_xy": 0, "c_x": 500, "c_y": 400, "n": 10_000, "eps": EPSILON},
        answer=_what_the_smoothed_score_says,
        choices=(_SOME, _GUARD, _ESTIMATE, _RANKED),
        steps=_smoothed_steps,
        why={
            _SOME: "that reads the distance from −1 as a sign of meetings. Here $c_{{xy}}$ = {c_xy}: not one "
                   "window holds both words, so the distance cannot come from the counts.",
            _GUARD: "the exact definition gives −1 for a zero count. The guide's code takes "
                    "$P(x, y) = \\varepsilon / (n + \\varepsilon)$ = {p_smoothed:.0e} instead of 0, and gets "
                    "{smoothed:.2f}; another ε would give another number for the same zero count.",
            _ESTIMATE: "ε is not estimated from any data: it is a guard against log 0, picked by the programmer, and a "
                       "smaller ε moves the score toward −1 for the very same counts. A number that depends on "
                       "an arbitrary constant is not a better estimate.",
            _RANKED: "scores computed under different conventions are not on one scale: a tool that scores "
                     "this very pair −1 is describing the same zero count. Rank NPMIs only when they come "
                     "from the same convention and the same ε.",
        },
        solution="The exact definition gives NPMI = −1 for a pair that never co-occurs (the limit as "
                 "$P(x, y) \\to 0$). The guide's code adds ε to every count and to $n$: "
                 "$P(x, y) = \\varepsilon / (n + \\varepsilon)$ = {p_smoothed:.0e}, and NPMI = "
                 "$-1 + \\ln(P(x)P(y)) / \\ln P(x, y)$ = −1 + {shift:.3f} = {smoothed:.3f}. The shift "
                 "{shift:.3f} is $\\ln(P(x)P(y)) / \\ln P(x, y)$: it depends on ε, which enters through a "
                 "logarithm, so the score approaches −1 only very slowly as ε shrinks. The answer: *{expected}*. "
                 "The score says no more than −1 does, and it can only be compared with scores computed under "
                 "the same convention and ε.",
    ),
]
