"""Exercises of notebook 03 (topic coherence): exact counts, an outlier bin, the model score, pairs."""

import math

from ..coherence import CoherenceReport, model_score
from ..pmi import npmi_from_counts, pmi, probabilities_from_counts
from . import Exercise, Implement, Prediction

_PROBABILITIES = ("P(running, routine)", "P(running)", "P(routine)")


def _ratio(p_xy, p_x, p_y):
    return math.exp(pmi(p_xy, p_x, p_y))


def _biggest_rounding(c_xy, c_x, c_y, n, rounded):
    # Round one probability at a time to the guide's value and see which moves the ratio most.
    exact = list(probabilities_from_counts(c_xy, c_x, c_y, n))
    base = _ratio(*exact)
    moves = {}
    for i, name in enumerate(_PROBABILITIES):
        p = list(exact)
        p[i] = rounded[i]
        moves[name] = abs(_ratio(*p) - base)
    return max(moves, key=moves.get)


def _pairs(k):
    # The number of keyword pairs a coherence averages over, read from teachkit's own pair list.
    from ..coherence import coherence_from_pairs

    words = [f"w{i}" for i in range(k)]
    return coherence_from_pairs({(a, b): 0.0 for i, a in enumerate(words) for b in words[i + 1:]}).n_pairs


def _score_inputs(rng):
    k = int(rng.integers(1, 9))
    return {"scores": [float(x) for x in rng.uniform(-1, 1, size=k)],
            "sizes": [int(x) for x in rng.integers(1, 500, size=k)]}


def _plain_mean(scores, sizes):
    return sum(scores) / len(scores)


def _divided_by_topics(scores, sizes):
    return sum(n * s for n, s in zip(sizes, scores)) / len(scores)


EXERCISES = [
    Exercise(
        key="03.1",
        label="NPMI from exact counts",
        question="In the walkthrough's corpus of $n = 45{,}000$ windows, *running* is in $c_x = 312$ windows and a "
                 "word the guide does not list, *stretching*, in $c_y = 210$; the two share $c_{xy} = 35$ "
                 "windows. Compute NPMI(*running*, *stretching*) from these exact counts.",
        data={"c_xy": 35, "c_x": 312, "c_y": 210, "n": 45_000},
        answer=lambda c_xy, c_x, c_y, n: npmi_from_counts(c_xy, c_x, c_y, n),
        steps=lambda c_xy, c_x, c_y, n: {
            "ratio": _ratio(*probabilities_from_counts(c_xy, c_x, c_y, n)),
            "pmi": pmi(*probabilities_from_counts(c_xy, c_x, c_y, n)),
            "h": -math.log(c_xy / n)},
        solution="$P(x, y) = {c_xy}/{n}$, $P(x) = {c_x}/{n}$, $P(y) = {c_y}/{n}$, so the ratio is "
                 "{c_xy} · {n} / ({c_x} · {c_y}) ≈ {ratio:.1f} and PMI = ln {ratio:.1f} ≈ {pmi:.2f}; "
                 "$-\\ln({c_xy}/{n})$ ≈ {h:.2f}; "
                 "NPMI = {expected:.3f}. Rounding the probabilities first, as the walkthrough does, would move it.",
        right=("0.44", "0,44", "0.444", "0.4441"),
        wrong=("3.18", "0.45", "0.43", "0.5245", "24.04"),   # PMI itself; slips; the lesson's pair; the ratio
    ),
    Exercise(
        key="03.2",
        label="mean coherence without the outlier bin",
        question="A BERTopic model gives six topics: five with coherences 0.62, 0.51, 0.38, 0.45 and 0.31, and its "
                 "outlier bin (topic −1, a bin the model marks independently of any score), which scores below "
                 "all of them. Leave the bin out: what is the mean coherence of the other five?",
        data={"kept": (0.62, 0.51, 0.38, 0.45, 0.31)},
        answer=lambda kept: CoherenceReport.from_scores(list(kept)).mean,
        steps=lambda kept: {"total": math.fsum(kept), "k": len(kept)},
        solution="({kept[0]} + {kept[1]} + {kept[2]} + {kept[3]} + {kept[4]}) / {k} = {total:.2f} / {k} = "
                 "{expected:.3f}. Leaving the bin out is right here because the *model* says it is not a topic; "
                 "had we dropped the lowest-scoring topic because it scored lowest, the higher mean would be our "
                 "choice, not the model's quality.",
        right=("0.454", "0,454", "0.45", "227/500"),
        wrong=("0.49", "0.46", "0.455", "0.38"),     # the lesson's four topics; slips; the middle score
    ),
    Exercise(
        key="03.3",
        label="size-weighted model score",
        question="A model has two topics: coherence 0.50 with 30 documents and 0.10 with 10 documents. "
                 "Compute the Portuguese note's model score (each topic weighted by its number of documents).",
        data={"scores": (0.50, 0.10), "sizes": (30, 10)},
        answer=lambda scores, sizes: model_score(list(scores), list(sizes)),
        steps=lambda scores, sizes: {"weighted": math.fsum(n * s for n, s in zip(sizes, scores)),
                                     "documents": sum(sizes), "plain": math.fsum(scores) / len(scores)},
        solution="({sizes[0]} × {scores[0]:.2f} + {sizes[1]} × {scores[1]:.2f}) / {documents} = {weighted:g} / "
                 "{documents} = {expected:.2f}; the plain mean would be {plain:.2f}.",
        right=("0.4", "0.40", "0,4", "2/5"),
        wrong=("0.30", "0.3", "0.35", "0.6", "40%"),     # a mean NPMI is no share: not a percentage
        check={"min_sig_figs": 1},
    ),
    Exercise(
        key="03.4",
        label="pairs in a 20-keyword topic",
        question="gensim's `CoherenceModel` scores the top $k = 20$ keywords of a topic by default. How many "
                 "pairs does it average over for one topic?",
        data={"k": 20},
        answer=_pairs,
        steps=lambda k: {"k_less_1": k - 1, "octis_pairs": _pairs(10)},
        solution="$k(k-1)/2$ = {k} × {k_less_1} / 2 = {expected} pairs ({octis_pairs} for OCTIS's top 10).",
        right=("190", "190.0", "380/2"),
        wrong=("380", "400", "45", "200"),
    ),
    Prediction(
        key="03.6",
        label="which rounding moves the ratio most",
        question="The walkthrough rounds all three probabilities of *running + routine* ($c_{xy} = 42$, "
                 "$c_x = 312$, $c_y = 156$, $n = 45{,}000$) to 0.0009, 0.007 and 0.003. Predict before you run: "
                 "rounded **one at a time**, which of the three moves the ratio $P(x,y)/(P(x)P(y))$ the most?",
        data={"c_xy": 42, "c_x": 312, "c_y": 156, "n": 45_000, "rounded": (0.0009, 0.007, 0.003)},
        answer=_biggest_rounding,
        choices=_PROBABILITIES,
        steps=lambda c_xy, c_x, c_y, n, rounded: {
            "p_y": c_y / n, "change": abs(rounded[2] - c_y / n) / (c_y / n)},
        solution="{expected}: {c_y}/{n:,} = {p_y:.5f} rounded to {rounded[2]} is a change of about {change:.0%}, "
                 "far more than the "
                 "other two roundings, and it sits in the denominator, so it pushes the ratio up; the rounded "
                 "joint probability pulls the other way.",
    ),
    Implement(
        key="03.5",
        label="the size-weighted model score",
        question="Write `my_model_score(scores, sizes)`: the Portuguese note's model score, each topic's "
                 "coherence `scores[i]` weighted by its number of documents `sizes[i]`. The check compares it with "
                 "`tk.model_score` on 200 random models.",
        reference=lambda scores, sizes: model_score(scores, sizes),
        inputs=_score_inputs,
        template="def my_model_score(scores, sizes):\n    return ...   # your code: sum of n_i score_i / N\n",
        wrong=(_plain_mean, _divided_by_topics),
        solution="```python\ndef my_model_score(scores, sizes):\n"
                 "    return sum(n * s for n, s in zip(sizes, scores)) / sum(sizes)\n```\n\n"
                 "Divide by the number of **documents** $N$, not by the number of topics; with equal sizes the "
                 "score is the plain mean.",
    ),
]
