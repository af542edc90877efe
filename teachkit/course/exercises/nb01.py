"""Exercises of notebook 01 (PMI): PMI by hand, bits and nats, the count of independence, a tiny corpus."""

import math

from ...counts.association import pmi, probabilities_from_counts
from . import Exercise, Implement, Interpretation, Prediction


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
    # a joint count that some corpus allows: c_xy <= min(c_x, c_y) and c_x + c_y - c_xy <= n; about one pair in
    # eight shares no window (c_xy = 0, PMI = -inf), where the two words fit in n windows apart
    low = max(0, c_x + c_y - n)
    if low == 0 and rng.random() < 0.125:
        return {"c_xy": 0, "c_x": c_x, "c_y": c_y, "n": n}
    c_xy = int(rng.integers(max(1, low), min(c_x, c_y) + 1))
    return {"c_xy": c_xy, "c_x": c_x, "c_y": c_y, "n": n}


def _office_variant(rng):
    # the guide's corpus and its *running* stay (n = 10,000, c_x = 500); *office* gets another count, and the
    # pair shares at most 80 % of the windows chance gives it, so that PMI is clearly negative, as the
    # question's "what does its sign tell you?" expects
    n, c_x = 10_000, 500
    c_y = 100 * int(rng.integers(10, 61))                 # 1,000..6,000
    chance = c_x * c_y / n                                # 50..300
    c_xy = 5 * int(rng.integers(1, int(0.8 * chance / 5) + 1))
    return {"c_xy": c_xy, "c_x": c_x, "c_y": c_y, "n": n}


def _poems_variant(rng):
    # the note's 684 poems with other counts (so the note no longer "gives" them); exílio (y) never appears
    # without canção (x), so the ratio is still n / c_x
    c_x = int(rng.integers(3, 41))
    c_y = int(rng.integers(1, min(c_x, 13)))              # 1..12, below c_x
    return {"premise": "Suppose the Portuguese note gave", "c_xy": c_y, "c_x": c_x, "c_y": c_y, "n": 684}


def _independence_variant(rng):
    # counts in hundreds and fifties whose chance count c_x c_y / n is a whole number of windows
    while True:
        n = int(rng.choice([1_000, 2_000, 5_000, 10_000, 20_000]))
        c_x, c_y = (50 * int(k) for k in rng.integers(2, min(n // 100, 60) + 1, size=2))
        if c_x != c_y and c_x * c_y % n == 0 and c_x * c_y >= n:
            return {"c_x": c_x, "c_y": c_y, "n": n}


_NUMBER_WORDS = {5: "a five", 6: "a six", 7: "a seven", 8: "an eight", 9: "a nine", 10: "a ten", 11: "an eleven",
                 12: "a twelve"}


def _diary_variant(rng):
    # another tiny diary (5 to 12 entries) where running and exercise share more entries than chance gives
    # them: a positive PMI that one entry more or fewer would change a lot
    while True:
        n = int(rng.integers(5, 13))
        c_x, c_y = (int(c) for c in rng.integers(2, n, size=2))
        c_xy = int(rng.integers(max(1, c_x + c_y - n), min(c_x, c_y) + 1))
        if c_xy * n > c_x * c_y and not c_xy == c_x == c_y:
            return {"corpus": f"{_NUMBER_WORDS[n]}-entry diary corpus", "source": "",
                    "c_xy": c_xy, "c_x": c_x, "c_y": c_y, "n": n}


def _pmi_in_bits(c_xy, c_x, c_y, n):
    return math.log2(c_xy * n / (c_x * c_y))


def _pmi_without_n(c_xy, c_x, c_y, n):
    return math.log(c_xy / (c_x * c_y))


#: 01.7's choices: what the sign of a PMI says about two words.
_MORE, _FEWER, _MANY, _NEVER = (
    "they share more windows than two unrelated words of their frequencies would",
    "they share fewer windows than two unrelated words of their frequencies would",
    "they are strongly associated, because so many windows hold both",
    "they never appear in the same window",
)


def _what_the_sign_says(c_xy, c_x, c_y, n):
    value = _pmi_from_counts(c_xy, c_x, c_y, n)
    if value == -math.inf:
        return _NEVER
    if value == 0:
        raise ValueError("PMI is 0: the words share exactly the windows chance gives them")
    return _MORE if value > 0 else _FEWER


def _sign_steps(c_xy, c_x, c_y, n):
    return {"chance": _independent_count(c_x, c_y, n), "ratio": c_xy * n / (c_x * c_y),
            "pmi_value": _pmi_from_counts(c_xy, c_x, c_y, n)}


#: 01.8's choices: would you trust a huge PMI from one shared window?
_PMI_ALLOWS, _HANGS, _SURVIVES, _IMPOSSIBLE = (
    "yes: PMI already allows for how often each word occurs, so the higher PMI is the stronger association",
    "no: with one shared window fewer it would fall below running and exercise",
    "yes: its lead would survive the loss of one shared window",
    "no: a PMI that large is impossible, so it must be a slip",
)


def _trust_the_rare_pair(rare, frequent, n):
    # PMI ranks the rare pair first; does that ranking survive one shared window fewer?
    frequent_pmi = _pmi_from_counts(*frequent, n)
    if _pmi_from_counts(*rare, n) <= frequent_pmi:
        raise ValueError("PMI does not rank the rare pair first: there is no verdict to trust")
    c_xy, c_x, c_y = rare
    return _HANGS if _pmi_from_counts(c_xy - 1, c_x, c_y, n) < frequent_pmi else _SURVIVES


def _trust_steps(rare, frequent, n):
    c_xy, c_x, c_y = frequent
    return {"pmi_rare": _pmi_from_counts(*rare, n), "pmi_freq": _pmi_from_counts(*frequent, n),
            "pmi_freq_less": _pmi_from_counts(c_xy - 1, c_x, c_y, n),
            "ceiling": -math.log(max(rare[1], rare[2]) / n)}


EXERCISES = [
    Prediction(
        key="01.1",
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
    Exercise(
        key="01.2",
        label="PMI(running, office) in nats",
        question="Suppose the guide's made-up corpus of $n = {n:t}$ windows also counted *office*: it is in "
                 "$c_y = {c_y:t}$ windows, and $c_{{xy}} = {c_xy}$ of them also hold *running* (in $c_x = {c_x}$). "
                 "Compute PMI(*running*, *office*) in nats for the box, and think about what its sign tells you (the "
                 "solution says).",
        data={"c_xy": 30, "c_x": 500, "c_y": 2_500, "n": 10_000},
        answer=_pmi_from_counts,
        solution="$P(x) = {c_x}/{n}$, $P(y) = {c_y}/{n}$, $P(x, y) = {c_xy}/{n}$. Independence predicts "
                 "$P(x)P(y)$; the ratio $P(x,y)/(P(x)P(y)) = {c_xy} \\cdot {n} / ({c_x} \\cdot {c_y})$ and "
                 "PMI = ln(ratio) = {expected:.3f} nats. It is negative: the two words share fewer windows "
                 "than chance predicts, although {c_xy} windows hold both.",
        right=("-1.43", "−1,43", "-1.427", "-1.4"),
        wrong=("1.43", "-0.62", "-2.06", "0.24", "-1.42"),   # sign; log10; log2; the ratio; a slip
        variant=_office_variant,
        mistakes=(lambda c_xy, c_x, c_y, n: -math.log(c_xy * n / (c_x * c_y)),   # the sign lost
                  lambda c_xy, c_x, c_y, n: math.log10(c_xy * n / (c_x * c_y)),  # log10, not ln
                  lambda c_xy, c_x, c_y, n: math.log2(c_xy * n / (c_x * c_y)),   # bits, not nats
                  lambda c_xy, c_x, c_y, n: c_xy * n / (c_x * c_y)),             # the ratio, its log not taken
    ),
    Exercise(
        key="01.3",
        label="PMI(canção, exílio) in nats",
        question="{premise} PMI(*canção*, *exílio*) in bits: *canção* is in $c_x = {c_x}$, *exílio* "
                 "in $c_y = {c_y}$ of $n = {n}$ poems, and both in $c_{{xy}} = {c_xy}$. Give the PMI in **nats**.",
        data={"premise": "The Portuguese note gives", "c_xy": 4, "c_x": 7, "c_y": 4, "n": 684},
        answer=lambda premise, c_xy, c_x, c_y, n: _pmi_from_counts(c_xy, c_x, c_y, n),
        solution="In bits PMI = $\\log_2({n}/{c_x})$ (the joint count equals $c_y$, so the ratio is $n/c_x$). "
                 "One bit is ln 2 nats, so multiply by ln 2, or take the natural log directly: "
                 "ln({n}/{c_x}) = {expected:.3f} nats.",
        right=("4.58", "4,58", "4.582", "4.6"),
        wrong=("6.61", "9.54", "1.99", "4.57"),
        variant=_poems_variant,
        mistakes=(lambda premise, c_xy, c_x, c_y, n: math.log2(c_xy * n / (c_x * c_y)),      # left in bits
                  lambda premise, c_xy, c_x, c_y, n: math.log2(c_xy * n / (c_x * c_y)) / math.log(2),  # ÷ ln 2
                  lambda premise, c_xy, c_x, c_y, n: math.log10(c_xy * n / (c_x * c_y))),    # log10, not ln
    ),
    Exercise(
        key="01.4",
        label="c(x, y) for PMI = 0",
        question="Two words occur in $c(x) = {c_x:t}$ and $c(y) = {c_y:t}$ of $n = {n:t}$ windows. How many shared "
                 "windows would give PMI exactly 0?",
        data={"c_x": 600, "c_y": 450, "n": 10_000},
        answer=_independent_count,
        solution="PMI = 0 when $P(x, y) = P(x)\\,P(y)$, i.e. $c(x, y) = c(x)\\,c(y)/n$ = {c_x} × {c_y} / {n} = "
                 "{expected:g}.",
        right=("27", "27.0", "54/2"),
        wrong=("270", "2.7", "150", "0"),
        check={"min_sig_figs": 1, "whole": True},
        variant=_independence_variant,
        mistakes=(lambda c_x, c_y, n: c_x * c_y / n ** 2,     # P(x) P(y), a probability, not a count
                  lambda c_x, c_y, n: c_x * c_y),             # the division by n forgotten
    ),
    Exercise(
        key="01.5",
        label="PMI(running, exercise) in the diary, nats",
        question="In {corpus} (each entry one window, $n = {n}$), *running* is in $c_x = {c_x}$ "
                 "entries, *exercise* in $c_y = {c_y}$ and both in $c_{{xy}} = {c_xy}${source}. "
                 "Would you trust a PMI resting on so few windows? Think about it (the solution says), then compute "
                 "the PMI in nats for the box.",
        data={"corpus": "the six-entry diary corpus", "source": " (check with `diary_counts`)",
              "c_xy": 2, "c_x": 3, "c_y": 3, "n": 6},
        answer=lambda corpus, source, c_xy, c_x, c_y, n: _pmi_from_counts(c_xy, c_x, c_y, n),
        solution="PMI = ln(({c_xy}/{n}) / (({c_x}/{n})({c_y}/{n}))) = ln({c_xy}·{n}/({c_x}·{c_y})) = "
                 "{expected:.3f} nats. It rests on a handful of windows: one shared entry fewer (or, where "
                 "possible, more) changes it a lot. Association measures need a reference corpus far larger "
                 "than the topics they judge.",
        right=("0.29", "0,288", "0.2877"),
        wrong=("0.12", "0.42", "1.33", "0.30"),
        variant=_diary_variant,
        mistakes=(lambda corpus, source, c_xy, c_x, c_y, n: math.log10(c_xy * n / (c_x * c_y)),  # log10, not ln
                  lambda corpus, source, c_xy, c_x, c_y, n: math.log2(c_xy * n / (c_x * c_y)),   # bits, not nats
                  lambda corpus, source, c_xy, c_x, c_y, n: c_xy * n / (c_x * c_y),   # the ratio, no log
                  lambda corpus, source, c_xy, c_x, c_y, n: math.log(c_xy / (c_x * c_y))),   # n left out
    ),
    Implement(
        key="01.6",
        label="PMI from counts",
        question="Write `my_pmi(c_xy, c_x, c_y, n)`: the PMI in nats of two words that share `c_xy` of `n` "
                 "windows and occur in `c_x` and `c_y` of them. The check compares your function with teachkit "
                 "on 200 random sets of counts; some pairs share no window ($c_{xy} = 0$): section 3 says what "
                 "PMI is then.",
        reference=lambda c_xy, c_x, c_y, n: _pmi_from_counts(c_xy, c_x, c_y, n),
        inputs=_pmi_inputs,
        template="def my_pmi(c_xy, c_x, c_y, n):\n    return ...   # your code: PMI in nats\n",
        wrong=(_pmi_in_bits, _pmi_without_n),
        solution="Turn the counts into probabilities, then take the log of the ratio; a pair that never shares "
                 "a window has $P(x,y) = 0$ and PMI $= \\ln 0 = -\\infty$ (`math.log(0)` raises an error, so "
                 "that case needs its own line):\n\n"
                 "```python\nimport math\n\ndef my_pmi(c_xy, c_x, c_y, n):\n"
                 "    if c_xy == 0:\n"
                 "        return -math.inf\n"
                 "    return math.log((c_xy / n) / ((c_x / n) * (c_y / n)))\n```\n\n"
                 "The two $n$ in the denominator do not cancel the one in the numerator: the ratio is "
                 "$c_{xy}\\,n / (c_x\\,c_y)$. Returning 0 for `c_xy = 0` would call a pair that never meets "
                 "unrelated; it is as far below chance as PMI can go.",
    ),
    Interpretation(
        key="01.7",
        label="what the sign of PMI says",
        question="Suppose the guide's corpus of $n = 10{,}000$ windows also counted *today*: it is in "
                 "$c_x = 1{,}000$ windows, and $c_{xy} = 300$ of them also hold *meeting* (in $c_y = 4{,}000$), "
                 "more shared windows than *running* and *exercise* have. Work out the sign of "
                 "PMI(*today*, *meeting*). What does it tell you?",
        data={"c_xy": 300, "c_x": 1_000, "c_y": 4_000, "n": 10_000},
        answer=_what_the_sign_says,
        choices=(_MORE, _FEWER, _MANY, _NEVER),
        steps=_sign_steps,
        why={
            _MORE: "that is what a positive PMI would say. Compare the {c_xy} shared windows with what chance "
                   "alone gives two words in {c_x} and {c_y} of {n} windows: {c_x} × {c_y} / {n}.",
            _FEWER: "chance alone would put both words in {c_x} × {c_y} / {n} = {chance:g} windows; they share "
                    "only {c_xy}, a ratio of {ratio:.2f}, so PMI = ln {ratio:.2f} = {pmi_value:.2f} nats, below 0.",
            _MANY: "a raw count mixes association with frequency: *meeting* is in {c_y} of the {n} windows, so "
                   "any frequent word shares many windows with it by chance alone. PMI compares the count with "
                   "chance, not with other pairs' counts.",
            _NEVER: "{c_xy} windows hold both words, so they do meet. PMI is −∞ only for a pair that shares no "
                    "window at all.",
        },
        solution="Chance alone (independence) gives $c_x c_y / n$ = {c_x} × {c_y} / {n} = {chance:g} shared "
                 "windows. They share {c_xy}: observed / expected = {ratio:.2f}, and PMI = ln {ratio:.2f} = "
                 "{pmi_value:.3f} nats. Negative: {expected}. The raw count {c_xy} is large only because both "
                 "words are frequent; a pair's count has to be compared with what chance gives *that* pair, "
                 "not with another pair's count. A negative PMI is finite: the words do meet (−∞ would mean "
                 "they never do).",
    ),
    Interpretation(
        key="01.8",
        label="a huge PMI from one window",
        question="Two words each occur in just one of the guide's $n = 10{,}000$ windows, and it is the same "
                 "window ($c_{xy} = c_x = c_y = 1$: two rare names that appear once, together). Their PMI beats "
                 "that of *running* and *exercise* ($c_{xy} = 150$, $c_x = 500$, $c_y = 400$) by far. Would you trust "
                 "PMI's verdict that they are the more strongly associated pair?",
        data={"rare": (1, 1, 1), "frequent": (150, 500, 400), "n": 10_000},
        answer=_trust_the_rare_pair,
        choices=(_PMI_ALLOWS, _HANGS, _SURVIVES, _IMPOSSIBLE),
        steps=_trust_steps,
        why={
            _PMI_ALLOWS: "dividing by $P(x)\\,P(y)$ is what lets rare words score high, not a correction for it: "
                         "two words seen once each get {pmi_rare:.2f} nats from a single shared window, the "
                         "most any pair in this corpus can reach. Rarity is rewarded, not allowed for.",
            _HANGS: "the pair's {pmi_rare:.2f} nats rest on one window. Without it the words never meet and PMI "
                    "is −∞, far below the other pair's {pmi_freq:.3f} nats, which rest on {frequent[0]} windows "
                    "(one fewer gives {pmi_freq_less:.3f}).",
            _SURVIVES: "count the evidence again: the pair shares a single window. Work out its PMI with "
                       "$c_{{xy}}$ one smaller.",
            _IMPOSSIBLE: "PMI is the log of a ratio, not a probability or a correlation: nothing caps it at 1. "
                         "Its ceiling is −log of the larger word probability, here {ceiling:.2f} nats, and "
                         "this pair is at it.",
        },
        solution="PMI = ln($c_{{xy}}\\,n / (c_x c_y)$): the rare pair gets ln {n} = {pmi_rare:.2f} nats, "
                 "*running*/*exercise* {pmi_freq:.3f}. But the rare pair's value rests on one window: take it "
                 "away and the two words never meet, PMI = −∞. One window fewer barely moves *running*/"
                 "*exercise* ({pmi_freq_less:.3f} nats), whose value rests on {frequent[0]} windows. The answer: "
                 "*{expected}*.\n\n"
                 "PMI's ceiling is −log of the larger word probability ({ceiling:.2f} nats for words seen once), "
                 "so the rarer the words, the higher a single co-occurrence lifts them: PMI favours rare words. "
                 "A high PMI means something only with enough shared windows behind it; hence minimum counts, "
                 "larger reference corpora, and the normalization of notebook 02.",
    ),
]
