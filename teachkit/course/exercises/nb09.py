"""Exercises of notebook 09 (choosing a topic model: K, seeds and held-out perplexity)."""

import math

from ...coherence.diversity import topic_diversity
from ...evaluation.model_selection import HeldOutPerplexity, SweepTable
from . import Exercise, Interpretation, Prediction
from .nb08b import NUMBER_WORDS, topics_sharing


def _perplexity_from_bound(nats):
    # The question gives the bound as "-<nats>"; the bound itself is negative.
    return HeldOutPerplexity(bound=-nats, n_documents=1, n_words=1).perplexity


def _times_gensims_figure(nats):
    result = HeldOutPerplexity(bound=-nats, n_documents=1, n_words=1)
    return result.perplexity / result.gensim_logged


def _hundredths(k):
    # k / 100 as a short number: 4.2, not 4.20; 3, not 3.0
    return k // 100 if k % 100 == 0 else round(k / 100, 2)


def _bound_below_100(rng):
    # 09.1's variants: a bound from -1.5 to -4.59 nats per word, a perplexity from 4.5 to 98.5.  Kept below 100:
    # the answer box reads a whole number typed as exact to the unit, so 2 figures of 5431.7 ("5400") would fail
    return {"nats": _hundredths(int(rng.integers(150, 460)))}


def _bound_in_tenths(rng):
    # 09.2's variants: a bound from -3 to -7.4 nats per word, in tenths, so that (e/2)^nats stays below 10 and
    # one figure ("5") is a decimal the answer box reads at that precision
    return {"nats": _hundredths(10 * int(rng.integers(30, 75)))}


_TOPICS_4 = (("fire", "smoke", "blaze", "homes", "sydney"), ("fire", "crews", "homes", "wind", "blue"),
             ("cricket", "test", "wicket", "runs", "sydney"))


def _diversity_steps(topics, count, size, shown):
    # 09.4's worked solution: the words listed more than once, and the counts
    from collections import Counter

    seen = Counter(w for t in topics for w in t)
    repeated = [w for w in seen if seen[w] > 1]
    listed = sum(len(t) for t in topics)
    if len(repeated) < 2:
        raise ValueError("the worked solution names at least two repeated words")
    return {"repeated": ", ".join(f"*{w}*" for w in repeated[:-1]) + f" and *{repeated[-1]}*",
            "listed": listed, "extra": listed - len(seen), "distinct": len(seen),
            "times": "twice" if set(seen[w] for w in repeated) == {2} else "more than once"}


#: Words of the Lee corpus's news that 09.4's variants draw their topics from.
_NEWS = ("fire", "smoke", "blaze", "homes", "sydney", "crews", "wind", "blue", "cricket", "test", "wicket", "runs",
         "police", "australia", "government", "rain", "mountains", "match", "bowler", "innings", "qantas", "union",
         "workers", "hospital", "israeli", "palestinian", "taliban", "afghanistan")


def _italic(topics):
    # 09.4's topics as the question writes them: *w1, w2, ...*; *...*; *...*
    return "; ".join("*" + ", ".join(t) + "*" for t in topics)


def _diversity_variant(rng):
    # three to five topics of four to seven words, 28 listed at most; the number of different words drawn evenly
    # from one more than a topic holds to two fewer than are listed, drawn again until at least two words are
    # repeated (the worked solution names them), so that the answers spread over many fractions
    while True:
        count, size = int(rng.integers(3, 6)), int(rng.integers(4, 8))
        if count * size > 28:
            continue
        topics = topics_sharing(rng, _NEWS, count, size, int(rng.integers(size + 1, count * size - 1)))
        listed = [w for t in topics for w in t]
        if sum(listed.count(w) > 1 for w in set(listed)) >= 2:
            return {"topics": topics, "count": NUMBER_WORDS[count].capitalize(), "size": NUMBER_WORDS[size],
                    "shown": _italic(topics)}


def _diversity_of_shown(topics, count, size, shown):
    # the words of the question (count, size and shown) must be the topics of the data, all of one size
    if len({len(t) for t in topics}) != 1:
        raise ValueError("the topics must list the same number of words")
    if (count, size, shown) != (NUMBER_WORDS[len(topics)].capitalize(), NUMBER_WORDS[len(topics[0])],
                                _italic(topics)):
        raise ValueError("the question's words do not state these topics")
    return topic_diversity(topics, top_k=len(topics[0]))


def _listed_once_share(topics, count, size, shown):
    # a mistake: the share of the words listed in only one topic (the repeated words dropped altogether)
    listed = [w for t in topics for w in t]
    return sum(listed.count(w) == 1 for w in listed) / len(listed)


#: 09.3's choices: the topic part of the bound per held-out word, when the held-out set is scored twice over.
# the topic part is negative: its size is what changes, so the choices say which way it moves and by how much
_GROWS, _STAYS, _SHRINKS = ("it moves away from 0: its size doubles", "it stays the same",
                            "it moves toward 0: its size halves")


def _topic_part_per_word(copies):
    # log_perplexity divides the whole bound, topic part included, by the held-out word count; the topic part
    # itself (T, negative) does not depend on the held-out documents, so copies of them only add words (n) to
    # divide by: T / (copies n) against T / n
    if copies < 1 or int(copies) != copies:
        raise ValueError("copies must be a whole number of copies, at least 1")
    topic_part, words = -1.0, 1000
    once, repeated = topic_part / words, topic_part / (words * copies)
    return _STAYS if repeated == once else (_GROWS if abs(repeated) > abs(once) else _SHRINKS)


#: 09.5's choices: what a held-out perplexity that climbs with K says.
_FEWEST, _PENALTY, _OVERFIT, _BASE_TWO = (
    "the models with few topics are far better: choose the smallest K",
    "mostly the topic part of the bound, a penalty that grows with K and is charged to the held-out words: "
    "it is no verdict on the topics",
    "the models with many topics overfit their training articles, and the climb measures by how much",
    "nothing: read as gensim prints it, 2^(-bound), the perplexity would not climb",
)


def _what_the_climb_says(ks, with_topic_part, without):
    ks, with_topic_part, without = tuple(ks), tuple(with_topic_part), tuple(without)
    if len(ks) != 2 or len(with_topic_part) != 2 or len(without) != 2 or ks[0] >= ks[1]:
        raise ValueError("the question gives two values of K, smaller first, and two perplexities of each kind")
    if min(with_topic_part + without) < 1:
        raise ValueError("a perplexity is at least 1")
    climb, flat = with_topic_part[1] / with_topic_part[0], without[1] / without[0]
    if climb >= 10 and flat < 1.5:
        return _PENALTY
    raise ValueError("the question needs a steep climb with the topic part and a nearly flat curve without it")


#: 09.6's choices: which K a sweep whose seeds disagree supports.
_MEAN_K, _VOTE_K, _FIRST_SEED_K, _UNSETTLED = (
    "the K with the highest NPMI averaged over the seeds",
    "the K that most of the seeds pick",
    "the K that seed 0 picks: one training per K is enough",
    "none yet: the seeds rank the values of K differently, so the sweep has not settled it",
)


def _npmi_sweep(ks, seed_0, seed_1, seed_2):
    # The question's numbers as a SweepTable (one row per K and seed), so teachkit's best_k picks the K.
    runs = (seed_0, seed_1, seed_2)
    if len(set(ks)) != len(ks) or any(int(k) != k or k < 1 for k in ks) or any(len(r) != len(ks) for r in runs):
        raise ValueError("the Ks must be distinct whole numbers, one NPMI per K for every seed")
    if any(not -1 <= v <= 1 for r in runs for v in r):
        raise ValueError("an NPMI lies in [-1, 1]")
    return SweepTable([{"K": k, "seed": s, "c_npmi_documents": v} for s, r in enumerate(runs) for k, v in zip(ks, r)],
                      ["c_npmi_documents"])


def _which_k(ks, seed_0, seed_1, seed_2):
    table = _npmi_sweep(ks, seed_0, seed_1, seed_2)
    picks = {table.best_k("c_npmi_documents", seed=s) for s in table.seeds}
    # when every seed picks the same K, the mean over seeds picks it too
    return _MEAN_K if len(picks) == 1 else _UNSETTLED


def _sweep_steps(ks, seed_0, seed_1, seed_2):
    table = _npmi_sweep(ks, seed_0, seed_1, seed_2)
    picks = [table.best_k("c_npmi_documents", seed=s) for s in table.seeds]
    ks_, means, _, _ = table.by_k("c_npmi_documents")
    return {"picks": ", ".join(map(str, picks[:-1])) + f" and {picks[-1]}", "pick_0": picks[0],
            "mean_pick": table.best_k("c_npmi_documents"),
            "means": ", ".join(f"{m:.3f} at K = {k}" for k, m in zip(ks_, means))}


EXERCISES = [
    Exercise(
        key="09.1",
        label="perplexity from the bound",
        question="gensim's `log_perplexity` returns a per-word bound of −{nats} (nats, natural logarithms). "
                 "What perplexity does this bound imply?",
        data={"nats": 4.2},
        answer=_perplexity_from_bound,
        solution="The bound is a per-word lower bound on the natural-log likelihood, so the perplexity it implies is "
                 "$e^{{-\\text{{bound}}}} = e^{{{nats}}}$ = {expected:.2f}. gensim's log line would print "
                 "$2^{{{nats}}}$, which mixes the natural-log bound with base 2.",
        right=("66.7", "66,7", "66.69", "67"),
        wrong=("18.4", "4.2", "0.015", "16.0"),
        variant=_bound_below_100,
        mistakes=(lambda nats: 2 ** nats,              # gensim's log line: base 2 with a natural-log bound
                  lambda nats: math.exp(-nats),        # the bound's sign kept: e^bound
                  lambda nats: nats),                  # the bound itself read as the perplexity
    ),
    Exercise(
        key="09.2",
        label="e^(-bound) over gensim's 2^(-bound)",
        question="A model's held-out bound is −{nats} nats per word, and gensim's log line prints $2^{{{nats}}}$ as "
                 "its perplexity estimate. Work it out (a calculator is fine: the point is which ratio to take): "
                 "how many times larger than gensim's figure is the perplexity the bound implies, $e^{{{nats}}}$?",
        data={"nats": 7},
        answer=_times_gensims_figure,
        solution="$e^{{{nats}}} / 2^{{{nats}}} = (e/2)^{{{nats}}}$ = {expected:.2f}: gensim's figure is the perplexity "
                 "the bound implies raised to the power $\\ln 2$, so the gap grows quickly as the bound gets "
                 "more negative.",
        right=("8.6", "8,6", "8.57", "9"),
        wrong=("1", "2.7", "128", "1.4"),
        check={"min_sig_figs": 1},
        variant=_bound_in_tenths,
        mistakes=(lambda nats: (2 / math.e) ** nats,   # the ratio upside down: gensim's figure over e^(-bound)
                  lambda nats: 2 ** nats,              # gensim's figure itself
                  lambda nats: math.e / 2,             # the ratio of the bases, without the power
                  lambda nats: 1),                     # "both are the perplexity": no difference
    ),
    Prediction(
        key="09.3",
        label="the topic part with the held-out set twice over",
        question="The topic part of the bound at K = 5 does not depend on the held-out documents, yet "
                 "it is part of the per-word bound `log_perplexity` returns. Predict before you run: score "
                 "the same model on a held-out set that holds 2 copies of every held-out document. What "
                 "happens to the topic part **per word**?",
        data={"copies": 2},
        answer=_topic_part_per_word,
        choices=(_GROWS, _STAYS, _SHRINKS),
        solution="{expected}: the topic part is one sum over the topics and the vocabulary, the same whatever is "
                 "held out, and `log_perplexity` divides it by the held-out word count. Twice as many words "
                 "share it, so per word it is half of what it was, while the document part per word "
                 "barely moves: the same documents, scored again.",
    ),
    Exercise(
        key="09.4",
        label="topic diversity",
        question="{count} topics' top {size} words are {shown}. What is their topic diversity (the share of distinct "
                 "words among all the words listed)?",
        data={"topics": _TOPICS_4, "count": "Three", "size": "five", "shown": _italic(_TOPICS_4)},
        answer=_diversity_of_shown,
        steps=_diversity_steps,
        solution="{repeated} each appear {times}, so {listed} − {extra} = {distinct} of the {listed} words are "
                 "distinct: {distinct} / {listed} = {expected:.4g}.",
        right=("0.8", "0,8", "12/15", "4/5", "80%"),
        wrong=("0.2", "0.6", "0.73", "0.9"),
        check={"min_sig_figs": 2, "percent": True},
        variant=_diversity_variant,
        mistakes=(lambda topics, count, size, shown: 1 - _diversity_of_shown(topics, count, size, shown),  # repeats
                  _listed_once_share),                                      # repeated words not counted at all
    ),
    Interpretation(
        key="09.5",
        label="a held-out perplexity that climbs with K",
        question="A sweep on another small corpus gives a held-out perplexity $e^{-\\text{bound}}$ of 2,100 at "
                 "K = 10 and 310,000 at K = 40; without the topic part of the bound, 690 and 760. What does the "
                 "climb say?",
        data={"ks": (10, 40), "with_topic_part": (2100, 310000), "without": (690, 760)},
        answer=_what_the_climb_says,
        choices=(_FEWEST, _PENALTY, _OVERFIT, _BASE_TWO),
        why={
            _FEWEST: "that reads $e^{{-\\text{{bound}}}}$ as the perplexity of the topics. Without the topic part "
                     "it moves only from {without[0]:,} to {without[1]:,}: almost the whole climb is the part "
                     "that does not look at the held-out documents at all.",
            _PENALTY: "the topic part has one term per topic and vocabulary word, so it grows with K, and it is "
                      "divided by the held-out word count; without it the curve goes only from {without[0]:,} "
                      "to {without[1]:,}. The climb says more about the bound than about the topics.",
            _OVERFIT: "overfitting would show in how the held-out documents are explained, the document part; "
                      "without the topic part the curve is nearly flat ({without[0]:,} to {without[1]:,}), so "
                      "the climb is not the held-out documents being explained worse.",
            _BASE_TWO: "$2^{{-\\text{{bound}}}}$ is $(e^{{-\\text{{bound}}}})^{{\\ln 2}}$: a monotone "
                       "function of the same number, so it climbs too, only less steeply, and it is no "
                       "perplexity at all.",
        },
        solution="Compare the two curves: with the topic part the perplexity climbs from {with_topic_part[0]:,} "
                 "at K = {ks[0]} to {with_topic_part[1]:,} at K = {ks[1]}, more than a hundredfold; without it, "
                 "only from {without[0]:,} to {without[1]:,}. The topic part (the topics' divergence from their "
                 "prior) grows with K and is charged to the held-out words, so on a small corpus it dominates: "
                 "the bound's penalty, not worse topics (section 2).",
    ),
    Interpretation(
        key="09.6",
        label="a K the seeds disagree on",
        question="A sweep trains LDA at K = 4, 6 and 8, with three seeds each. The mean topic NPMI at K = 4, 6 "
                 "and 8 is 0.21, 0.24, 0.23 with seed 0; 0.22, 0.21, 0.25 with seed 1; 0.20, 0.23, 0.22 with "
                 "seed 2 (higher is better). Which K does this sweep support?",
        data={"ks": (4, 6, 8), "seed_0": (0.21, 0.24, 0.23), "seed_1": (0.22, 0.21, 0.25),
              "seed_2": (0.20, 0.23, 0.22)},
        answer=_which_k,
        steps=_sweep_steps,
        choices=(_MEAN_K, _VOTE_K, _FIRST_SEED_K, _UNSETTLED),
        why={
            _MEAN_K: "averaged over the seeds ({means}), K = {mean_pick} comes first, but by less than the seeds "
                     "differ at one K: an average of disagreeing trainings hides their disagreement, it does not "
                     "remove it.",
            _VOTE_K: "seed by seed the picks are K = {picks}: a majority of so few seeds is thin, it disagrees "
                     "with the mean's K = {mean_pick}, and one more seed could overturn it.",
            _FIRST_SEED_K: "one training per K can pick almost any K (section 1): seed 0 picks K = {pick_0}, "
                           "another seed picks differently, and nothing makes seed 0 the right one.",
            _UNSETTLED: "seed by seed the picks are K = {picks}, and the mean over seeds picks K = {mean_pick}: "
                        "the differences between values of K are no bigger than those between seeds at one K. "
                        "Train more seeds before choosing, and report the spread.",
        },
        solution="Seed by seed, the highest NPMI is at K = {picks}; averaged over the seeds ({means}), "
                 "K = {mean_pick} comes first. The gaps between values of K (a few hundredths) are as large as "
                 "the gaps between seeds at the same K, so which K comes out best depends on which trainings "
                 "happened to be run: the ranking of K is not stable across seeds. Neither the mean nor a "
                 "vote of the seeds settles it; what these data support is that the sweep does not yet separate "
                 "the values of K. Train more seeds (or more data) and look at the spread at each K before "
                 "picking one (section 1's bands).",
    ),
]
