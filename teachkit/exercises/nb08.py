"""Exercises of notebook 08 (which coherence?): UMass by hand, segment counts, C_V's blind spot, diversity, RBO."""

import numpy as np

from ..diversity import rank_biased_overlap, topic_diversity
from ..measures import arithmetic_mean, context_vectors, indirect_cosine, log_conditional_probability, one_one
from . import Exercise, Prediction


def _umass_plus_one(c_joint, c_star):
    # Mimno et al.'s +1 does not use the number of documents; any n >= c(W*) gives the same value.
    return log_conditional_probability(c_joint, c_star, c_star, zero="plus_one")


def _c_v_of_words_that_never_meet(k):
    # Every pair scores NPMI -1 (it never shares a window), each word +1 with itself.
    table = np.full((k, k), -1.0)
    np.fill_diagonal(table, 1.0)
    vectors = context_vectors(table)
    value = arithmetic_mean([indirect_cosine(vectors, [i], range(k)) for i in range(k)])
    return "negative" if value < -0.1 else "near zero" if value < 0.1 else "high, closer to 1"


_TOPICS_2 = (("fire", "smoke", "ash", "heat"), ("rain", "cloud", "storm", "smoke"), ("fire", "rain", "flood", "heat"))

EXERCISES = [
    Exercise(
        key="08.1",
        label="UMass confirmation",
        question="*wicket* and *cricket* share 5 documents; *cricket*, the higher-ranked word, lies in 8. With "
                 "Mimno et al.'s +1, what is UMass's confirmation of *wicket* given *cricket*, "
                 "$\\log\\frac{c(\\text{wicket}, \\text{cricket}) + 1}{c(\\text{cricket})}$ (natural log)?",
        data={"c_joint": 5, "c_star": 8},
        answer=_umass_plus_one,
        solution="log(({c_joint} + 1) / {c_star}) = {expected:.4f}. UMass conditions on the higher-ranked word, "
                 "so only its count is in the denominator, and the number of documents plays no part.",
        right=("-0.288", "-0,288", "-0.29", "-0.2877"),
        wrong=("-0.470", "0.288", "-0.125", "-0.405"),
        check={"min_sig_figs": 2},
    ),
    Exercise(
        key="08.2",
        label="topic diversity",
        question="A model has three topics: {fire, smoke, ash, heat}, {rain, cloud, storm, smoke} and "
                 "{fire, rain, flood, heat}. What is its topic diversity with the top $k = 4$ words?",
        data={"topics": _TOPICS_2, "top_k": 4},
        answer=lambda topics, top_k: topic_diversity(topics, top_k=top_k),
        steps=lambda topics, top_k: {
            "listed": sum(len(t[:top_k]) for t in topics), "n_topics": len(topics),
            "distinct": ", ".join(dict.fromkeys(w for t in topics for w in t[:top_k])),
            "n_distinct": len({w for t in topics for w in t[:top_k]})},
        solution="Distinct words among the {listed} listed: {distinct}, that is {n_distinct}; "
                 "TD = {n_distinct} / ({n_topics} × {top_k}) = {expected:.4f}.",
        right=("0.667", "0,667", "2/3", "0.67", "66.7%"),
        wrong=("0.75", "0.5", "0.333"),
        check={"min_sig_figs": 2, "percent": True},
    ),
    Exercise(
        key="08.3",
        label="one-one segments",
        question="How many segments $(W', W^*)$ does one-one segmentation make for a topic of $N = 10$ words?",
        data={"n_words": 10},
        answer=lambda n_words: len(one_one([f"w{i}" for i in range(n_words)])),
        solution="Every ordered pair of different words: {n_words} × ({n_words} − 1) = {expected}. One-preceding "
                 "makes half as many (each pair once), one-set one per word.",
        right=("90", "90.0"),
        wrong=("45", "10", "100"),
        check={"min_sig_figs": 1},
    ),
    Exercise(
        key="08.4",
        label="rank-biased overlap",
        question="With persistence $p = 0.5$, what is the rank-biased overlap of the lists (a, b, c) and (a, c, d)? "
                 "Use $RBO = \\frac{X_k}{k} p^k + \\frac{1-p}{p} \\sum_{d=1}^{k} \\frac{X_d}{d} p^d$, where $X_d$ "
                 "is the number of items the lists share in their first $d$ places.",
        data={"p": 0.5},
        answer=lambda p: rank_biased_overlap(["a", "b", "c"], ["a", "c", "d"], p=p),
        solution="X_1 = 1 (a), X_2 = 1 (a), X_3 = 2 (a and c). With p = {p}: (2/3)·p³ plus ((1 − p)/p)·(1·p + "
                 "(1/2)·p² + (2/3)·p³) gives {expected:.4f}.",
        right=("0.792", "0,792", "19/24", "0.79"),
        wrong=("0.5", "0.708", "0.667"),
        check={"min_sig_figs": 2, "percent": True},
    ),
    Prediction(
        key="08.5",
        label="C_V of words that never meet",
        question="In a list of ten words no two words ever share a window, so every pair has NPMI −1 "
                 "(and each word NPMI +1 with itself). Predict its C_V, the mean cosine between each word's "
                 "context vector and the context vector of the whole list: negative, near zero, or high?",
        data={},
        choices=("negative", "near zero", "high, closer to 1"),
        answer=lambda: _c_v_of_words_that_never_meet(10),
        solution="Every word's context vector is +1 at its own place and −1 at the nine others; their "
                 "sum has the same negative value everywhere, and each word's vector points nearly the same "
                 "way: C_V comes out {expected}. C_V rewards words whose NPMI *patterns* agree, even when the "
                 "pattern is 'never meets anything'.",
    ),
]
