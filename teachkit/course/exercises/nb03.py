"""Exercises of notebook 03 (topic coherence): exact counts, an outlier bin, the model score, pairs."""

import math

import numpy as np

from ...coherence.topic_npmi import CoherenceReport, coherence_from_pairs, model_score
from ...counts.association import npmi_from_counts, pmi, probabilities_from_counts
from . import Exercise, Implement, Interpretation, Prediction

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
    from ...coherence.topic_npmi import coherence_from_pairs

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


# ---------------------------------------------------------------- variants of the numeric exercises
#: The walkthrough's corpus: its number of windows and the count of *running* are facts of the walkthrough, so a
#: variant of 03.1 keeps them and draws only the word the guide does not list.
_WALKTHROUGH_N, _RUNNING = 45_000, 312


def _unlisted_word_counts(rng):
    # c_y a round count; c_xy puts the pair 8 to 40 times above chance, so PMI and NPMI are clearly positive
    c_y = int(rng.integers(10, 61)) * 10
    chance = _RUNNING * c_y / _WALKTHROUGH_N          # shared windows expected of two unrelated words
    c_xy = int(rng.integers(max(3, math.ceil(8 * chance)), min(c_y // 2, math.floor(40 * chance)) + 1))
    return {"c_xy": c_xy, "c_x": _RUNNING, "c_y": c_y, "n": _WALKTHROUGH_N}


def _five_coherences(rng):
    # five different coherences with two decimals (none a whole tenth, which would print with one)
    hundredths = [v for v in range(20, 76) if v % 10]
    return {"kept": tuple(int(v) / 100 for v in rng.choice(hundredths, size=5, replace=False))}


def _two_topics(rng):
    # Two topics of different sizes (multiples of 10 documents).  The scores (in hundredths) differ by a multiple
    # of (a + b) / gcd(a, a + b) and of 2, so that the weighted score and the plain mean both come out in
    # hundredths, as the worked solution writes them; they differ by 0.20 to 0.70 so that weighting matters.
    a, b = (int(x) * 10 for x in rng.choice(np.arange(1, 10), size=2, replace=False))
    q = (a + b) // math.gcd(a, a + b)
    step = q * 2 // math.gcd(q, 2)
    gaps = [d for d in range(step, 71, step) if d >= 20]
    d = int(rng.choice(gaps)) * int(rng.choice([1, -1]))
    low = int(rng.integers(max(5, 5 - d), min(80, 80 - d) + 1))
    return {"scores": ((low + d) / 100, low / 100), "sizes": (a, b)}


#: How a variant of 03.4 says where its k comes from (gensim's default is 20).
def _top_k(rng):
    k = int(rng.integers(5, 31))
    return {"k": k, "how": "by default" if k == 20 else f"when called with `topn={k}`"}


def _segments_of_top(k, how):
    # gensim's c_npmi (and c_uci) segment a topic one-one (segmentation.s_one_one): every keyword with every
    # other, in both orders, k(k - 1) segments
    if how != ("by default" if k == 20 else f"when called with `topn={k}`"):
        raise ValueError(f"gensim's CoherenceModel scores {k} keywords with topn={k}; 20 is its default.")
    return k * (k - 1)


#: 03.7's choices: what the mean over pairs says about a topic with one odd keyword.
_EVEN, _INTRUDER, _ONE_PAIR, _POSITIVE = (
    "all ten pairs are about equally associated, each close to the coherence",
    "four keywords make a tight theme and the fifth does not belong; the mean blurs the two",
    "the odd keyword spoils only one pair, so the coherence stays close to that of the other four",
    "the coherence is positive, so every keyword belongs to the theme",
)


def _odd_one_out_topic(inside, outsider, k=5):
    # k keywords w1..wk: every pair among the first k - 1 has NPMI `inside`, every pair of the last one `outsider`
    words = [f"w{i}" for i in range(1, k + 1)]
    return coherence_from_pairs({(a, b): outsider if words[-1] in (a, b) else inside
                                 for i, a in enumerate(words) for b in words[i + 1:]})


def _what_the_mean_hides(inside, outsider):
    topic = _odd_one_out_topic(inside, outsider)
    per_keyword = np.nanmean(topic.matrix(), axis=1)      # each keyword's mean NPMI with the others
    if np.allclose(per_keyword, topic.mean):
        return _EVEN
    if int(np.argmin(per_keyword)) == len(topic.keywords) - 1:
        return _INTRUDER
    raise ValueError("the fifth keyword is then the best connected one, not an odd one out.")


def _odd_one_out_steps(inside, outsider):
    topic = _odd_one_out_topic(inside, outsider)
    odd = topic.keywords[-1]
    outsider_pairs = sum(odd in (p.word1, p.word2) for p in topic.pairs)
    return {"coherence": topic.mean, "n_pairs": topic.n_pairs, "outsider_pairs": outsider_pairs,
            "inside_pairs": topic.n_pairs - outsider_pairs, "share": outsider_pairs / topic.n_pairs}


#: 03.8's choices: what a size-weighted model score says when the outlier bin is counted in.
_BIN, _QUARTER, _GUARDED, _POOR = (
    "mostly the outlier bin, which is no topic at all: it holds most of the documents",
    "the three topics and the bin equally, a quarter each, as a plain mean over the four would",
    "the three real topics, more faithfully than a plain mean, since weighting by size keeps any one group "
    "from dominating",
    "that the three real topics are poor, since the model's score is low",
)


def _what_the_weighted_score_measures(scores, sizes, bin_score, bin_size):
    with_bin = model_score([*scores, bin_score], [*sizes, bin_size])
    topics_only = model_score(scores, sizes)
    # the weighted score lies between the bin's score and the topics' own; nearer the bin when the bin outweighs them
    if abs(with_bin - bin_score) < abs(with_bin - topics_only):
        return _BIN
    raise ValueError("the bin holds at most half of the documents here: it does not dominate the score.")


def _weighted_score_steps(scores, sizes, bin_score, bin_size):
    total = sum(sizes) + bin_size
    return {"with_bin": model_score([*scores, bin_score], [*sizes, bin_size]),
            "topics_only": model_score(scores, sizes), "total": total, "bin_share": bin_size / total,
            "plain_all": CoherenceReport.from_scores([*scores, bin_score]).mean}


EXERCISES = [
    Exercise(
        key="03.1",
        label="NPMI from exact counts",
        question="In the walkthrough's corpus of $n = {n:t}$ windows, *running* is in $c_x = {c_x}$ windows and a "
                 "word the guide does not list, *stretching*, in $c_y = {c_y}$; the two share $c_{{xy}} = {c_xy}$ "
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
        variant=_unlisted_word_counts,
        mistakes=(lambda c_xy, c_x, c_y, n: math.log(c_xy * n / (c_x * c_y)),     # PMI, never normalised
                  # PMI in bits over a normaliser in nats
                  lambda c_xy, c_x, c_y, n: math.log2(c_xy * n / (c_x * c_y)) / -math.log(c_xy / n),
                  # normalised by -ln(P(x) P(y)) instead of -ln P(x, y)
                  lambda c_xy, c_x, c_y, n: math.log(c_xy * n / (c_x * c_y)) / -math.log(c_x * c_y / n ** 2),
                  # the minus sign of the normaliser dropped
                  lambda c_xy, c_x, c_y, n: math.log(c_xy * n / (c_x * c_y)) / math.log(c_xy / n)),
    ),
    Exercise(
        key="03.2",
        label="mean coherence without the outlier bin",
        question="A BERTopic model gives six topics: five with coherences {kept[0]}, {kept[1]}, {kept[2]}, {kept[3]} "
                 "and {kept[4]}, and its "
                 "outlier bin (topic −1, a bin the model marks independently of any score), which scores below "
                 "all of them. Leave the bin out: what is the mean coherence of the other five?",
        data={"kept": (0.62, 0.51, 0.38, 0.45, 0.21)},
        answer=lambda kept: CoherenceReport.from_scores(list(kept)).mean,
        steps=lambda kept: {"total": math.fsum(kept), "k": len(kept)},
        solution="({kept[0]} + {kept[1]} + {kept[2]} + {kept[3]} + {kept[4]}) / {k} = {total:.2f} / {k} = "
                 "{expected:.3f}. Leaving the bin out is right here because the *model* says it is not a topic; "
                 "had we dropped the lowest-scoring topic because it scored lowest, the higher mean would be our "
                 "choice, not the model's quality.",
        # the median, 0.45, is a declared mistake and differs from the mean at 2 significant figures
        right=("0.434", "0,434", "0.43", "217/500"),
        wrong=("0.49", "0.45", "0.44", "0.38"),     # the lowest dropped too; the median; a slip; the middle entry
        variant=_five_coherences,
        mistakes=(lambda kept: math.fsum(kept) / (len(kept) + 1),         # the bin out of the sum, still in the count
                  lambda kept: sorted(kept)[len(kept) // 2],              # the middle score, not the mean
                  lambda kept: math.fsum(sorted(kept)[1:]) / (len(kept) - 1)),   # the lowest topic dropped too
    ),
    Exercise(
        key="03.3",
        label="size-weighted model score",
        question="A model has two topics: coherence {scores[0]:.2f} with {sizes[0]} documents and {scores[1]:.2f} "
                 "with {sizes[1]} documents. "
                 "Compute the Portuguese note's model score (each topic weighted by its number of documents).",
        data={"scores": (0.50, 0.10), "sizes": (30, 10)},
        answer=lambda scores, sizes: model_score(list(scores), list(sizes)),
        steps=lambda scores, sizes: {"weighted": math.fsum(n * s for n, s in zip(sizes, scores)),
                                     "documents": sum(sizes), "plain": math.fsum(scores) / len(scores)},
        solution="({sizes[0]} × {scores[0]:.2f} + {sizes[1]} × {scores[1]:.2f}) / {documents} = {weighted:g} / "
                 "{documents} = {expected:.2f}; the plain mean would be {plain:.2f}.",
        right=("0.4", "0.40", "0,4", "2/5"),
        wrong=("0.30", "0.3", "0.35", "0.6", "40%"),   # a mean of coherences, not a share: no percentage
        check={"min_sig_figs": 1},
        variant=_two_topics,
        mistakes=(lambda scores, sizes: math.fsum(scores) / len(scores),          # the plain mean, unweighted
                  # the weighted sum divided by the number of topics, not of documents
                  lambda scores, sizes: math.fsum(n * s for n, s in zip(sizes, scores)) / len(scores),
                  # each topic weighted by the other's size
                  lambda scores, sizes: math.fsum(n * s for n, s in zip(sizes[::-1], scores)) / sum(sizes)),
    ),
    Exercise(
        key="03.4",
        label="NPMI values gensim averages for a {k}-keyword topic",
        question="gensim's `CoherenceModel(coherence=\"c_npmi\")` scores the top $k = {k}$ keywords of a topic "
                 "{how}. Its segmentation (called one-one) pairs every keyword with every other keyword **in both "
                 "orders**, $(w_i, w_j)$ and $(w_j, w_i)$, and it averages one NPMI per such ordered pair. How "
                 "many NPMI values does it average for one topic?",
        data={"k": 20, "how": "by default"},
        answer=_segments_of_top,
        steps=lambda k, how: {"k_less_1": k - 1, "unordered": _pairs(k)},
        solution="$k(k-1)$ = {k} × {k_less_1} = {expected} ordered pairs: each of the $k(k-1)/2$ = {unordered} "
                 "distinct pairs appears twice. NPMI is symmetric, so the mean over the {expected} ordered pairs "
                 "equals the mean over the {unordered} distinct ones of section 1.",
        right=("380", "380.0", "760/2"),
        wrong=("190", "400", "45", "420"),
        check={"min_sig_figs": 1, "whole": True},
        variant=_top_k,
        mistakes=(lambda k, how: k * (k - 1) // 2,    # distinct pairs: each ordered pair counted once
                  lambda k, how: k * k,               # every keyword with every keyword, itself included
                  lambda k, how: k * (k + 1)),        # each keyword paired with itself too, in both orders
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
                 "other two roundings, and it sits in the denominator, so it pushes the ratio up: rounding "
                 "$P(\\text{{routine}})$ down alone would push the ratio even higher than printed. Rounding the "
                 "joint probability down pulls it back part of the way. The rounding errors enter the ratio as "
                 "factors, and the two largest pull in opposite directions, so they partly cancel in the printed "
                 "value.",
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
    Interpretation(
        key="03.7",
        label="what a mean over pairs hides",
        question="A topic has 5 keywords. The six pairs among its first four keywords all have NPMI 0.6; the four "
                 "pairs of the fifth keyword with the other four all have NPMI −0.2. Its coherence is the mean "
                 "NPMI over all its pairs. Which statement about the topic is right?",
        data={"inside": 0.6, "outsider": -0.2},
        answer=_what_the_mean_hides,
        steps=_odd_one_out_steps,
        choices=(_EVEN, _INTRUDER, _ONE_PAIR, _POSITIVE),
        why={
            _EVEN: "a mean says nothing about how the pairs spread around it: no pair here is near the coherence "
                   "{coherence:.2f}; {inside_pairs} pairs score {inside} and {outsider_pairs} score {outsider}.",
            _INTRUDER: "the {inside_pairs} pairs among four keywords score {inside}, the {outsider_pairs} pairs of "
                       "the fifth score {outsider}: one keyword does not belong, and the single number "
                       "{coherence:.2f} does not say which one, or that any one is odd.",
            _ONE_PAIR: "a keyword is paired with every other keyword, so the odd one sits in {outsider_pairs} of "
                       "the {n_pairs} pairs and pulls the mean from {inside} down to {coherence:.2f}.",
            _POSITIVE: "a positive mean can hide negative pairs: {outsider_pairs} pairs score {outsider}, below "
                       "chance; the mean is positive only because the other {inside_pairs} outweigh them.",
        },
        solution="The topic has {n_pairs} pairs: {inside_pairs} among the first four keywords at {inside} and "
                 "{outsider_pairs} of the fifth keyword at {outsider}, so its coherence is "
                 "({inside_pairs} × {inside} + {outsider_pairs} × ({outsider})) / {n_pairs} = {coherence:.2f}. "
                 "No pair is near that value: four keywords make a tight theme and the fifth does not belong. "
                 "The mean blurs the two, and it cannot say which keyword is the odd one. A keyword takes part "
                 "in $k - 1$ of the $k(k-1)/2$ pairs, a share $2/k$ ({share:.0%} here), so one odd keyword pulls "
                 "the whole mean down, while the mean stays positive. To find it, look at the pairs themselves "
                 "(the heatmap of section 1) or at each keyword's mean NPMI with the others.",
    ),
    Interpretation(
        key="03.8",
        label="a size-weighted score with the outlier bin",
        question="A BERTopic model has three topics, with coherences 0.55, 0.48 and 0.40 and 60, 50 and 40 "
                 "documents, and its outlier bin (topic −1), with coherence −0.10 and 350 documents. A report "
                 "gives the Portuguese note's size-weighted model score over all four, the bin included. What "
                 "does that score mainly measure?",
        data={"scores": (0.55, 0.48, 0.40), "sizes": (60, 50, 40), "bin_score": -0.10, "bin_size": 350},
        answer=_what_the_weighted_score_measures,
        steps=_weighted_score_steps,
        choices=(_GUARDED, _QUARTER, _BIN, _POOR),
        why={
            _BIN: "the bin holds {bin_size} of the {total} documents ({bin_share:.0%}), so the weighted score, "
                  "{with_bin:.3f}, lies much nearer the bin's {bin_score:.2f} than the three topics' own "
                  "weighted score, {topics_only:.3f}: it measures the leftovers more than the topics.",
            _QUARTER: "that is the plain mean over the four, {plain_all:.3f}; the note's score weighs each of the four "
                      "by its documents, and the bin's {bin_size} documents give it {bin_share:.0%} of the weight.",
            _GUARDED: "weighting by size stops a *small* topic from lifting the model, but it lets a *large* one "
                      "dominate; here the large one is the bin, which is not a topic: the score is "
                      "{with_bin:.3f} with it and {topics_only:.3f} without it.",
            _POOR: "the three topics score {scores[0]:.2f}, {scores[1]:.2f} and {scores[2]:.2f}, and "
                   "{topics_only:.3f} weighted among themselves; the score is low because the bin, at "
                   "{bin_score:.2f}, carries most of the weight.",
        },
        solution="Weighted by documents, the score is ({sizes[0]} × {scores[0]:.2f} + {sizes[1]} × "
                 "{scores[1]:.2f} + {sizes[2]} × {scores[2]:.2f} + {bin_size} × ({bin_score:.2f})) / {total} = "
                 "{with_bin:.3f}. The bin has {bin_share:.0%} of the weight, so the score sits near the bin's "
                 "{bin_score:.2f}; the three topics alone give {topics_only:.3f}, and the plain mean of all four "
                 "would be {plain_all:.3f}. Size weighting keeps a small topic from lifting the model, and for "
                 "the same reason lets the largest bin decide it: when that bin is BERTopic's −1, a bin of "
                 "leftovers the model itself marks as no topic, the score mostly measures the leftovers. Leave "
                 "the bin out of the score (and say so), and report separately how many documents it holds.",
    ),
]
