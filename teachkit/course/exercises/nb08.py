"""Exercises of notebook 08 (which coherence?): UMass by hand, segment counts, C_V's blind spot, diversity, RBO."""

import math

import numpy as np

from ...coherence.diversity import rank_biased_overlap, topic_diversity
from ...coherence.measures import (arithmetic_mean, context_vectors, indirect_cosine, log_conditional_probability,
                                   one_one)
from ...counts.association import npmi_from_counts, pmi, probabilities_from_counts
from . import Exercise, Interpretation, Prediction


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


#: 08.6's choices: what a negative UMass confirmation says about a pair.
_LESS, _MORE, _PLUS_ONE, _BELOW_NPMI = (
    "they share fewer documents than two unrelated words would",
    "they share more documents than two unrelated words would: UMass's 0 is not the level of chance",
    "the +1 made it negative: without it the confirmation would be positive",
    "the pair is less coherent than any pair with a positive NPMI",
)


def _what_a_negative_umass_says(c_joint, c_star, c_prime, n):
    # c_star: documents with the higher-ranked word (cricket), c_prime: with the lower-ranked one (wicket)
    umass = log_conditional_probability(c_joint, c_star, n, zero="plus_one")
    if umass >= 0:
        raise ValueError("the UMass confirmation is not negative: the question's premise fails")
    association = pmi(*probabilities_from_counts(c_joint, c_prime, c_star, n))
    if math.isclose(association, 0, abs_tol=1e-12):
        raise ValueError("PMI is 0: the pair meets exactly as often as chance has it")
    return _MORE if association > 0 else _LESS


def _umass_and_chance(c_joint, c_star, c_prime, n):
    return {"umass": log_conditional_probability(c_joint, c_star, n, zero="plus_one"),
            "expected_shared": c_prime * c_star / n,
            "pmi": pmi(*probabilities_from_counts(c_joint, c_prime, c_star, n)),
            "npmi": npmi_from_counts(c_joint, c_prime, c_star, n)}


#: 08.7's choices: what an AUC near 0.5, with its bootstrap interval, says about a measure.
_BETTER, _COIN, _SHARE, _PREFERS = (
    "it ranks a topic above its intruded copy more often than chance would, though far from always",
    "these data cannot tell it from a coin flip",
    "it scores only a little more than half of the topics correctly",
    "it prefers the intruded copies to the original topics",
)


def _what_the_auc_says(auc, low, high):
    if not 0 <= low <= auc <= high <= 1:
        raise ValueError("an AUC and its interval need 0 <= low <= AUC <= high <= 1")
    if low > 0.5:
        return _BETTER
    return _PREFERS if high < 0.5 else _COIN


_TOPICS_2 = (("fire", "smoke", "ash", "heat"), ("rain", "cloud", "storm", "smoke"), ("fire", "rain", "flood", "heat"))


# ---------------------------------------------------------------- variants
def _umass_variant(rng):
    # the higher-ranked word in 5 to 30 documents; the pair shares at most c(W*) - 2, so that (c + 1) / c(W*) < 1
    c_star = int(rng.integers(5, 31))
    return {"c_joint": int(rng.integers(1, c_star - 1)), "c_star": c_star}


#: Words 08.2's variants draw their topics from (weather and fire, as in the exercise as written).
_WEATHER = ("fire", "smoke", "ash", "heat", "rain", "cloud", "storm", "flood", "wind", "hail", "drought", "snow",
            "ember", "thunder", "fog", "frost", "sleet", "gale", "mist", "lightning", "ice", "dust", "cyclone", "sun")

#: How many, in words ("three topics"), up to ten.
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def topics_sharing(rng, vocabulary, count, size, distinct):
    """``count`` topics of ``size`` different words each, ``distinct`` different words among them all.

    Each of ``distinct`` words drawn from ``vocabulary`` is listed once, and the ``count * size - distinct``
    places left go one at a time to a word not yet in every topic; then the most-listed words are placed first,
    each in the topics with the most room left (so every topic ends with exactly ``size`` words)."""
    if not size <= distinct <= count * size:
        raise ValueError("count topics of size words hold from size to count * size different words")
    words = [str(w) for w in rng.choice(vocabulary, size=distinct, replace=False)]
    times = np.ones(distinct, dtype=int)
    for _ in range(count * size - distinct):
        times[int(rng.choice(np.flatnonzero(times < count)))] += 1
    room = [size] * count
    topics = [[] for _ in range(count)]
    for i in sorted(range(distinct), key=lambda i: -times[i]):
        places = sorted((int(t) for t in rng.permutation(count)), key=lambda t: -room[t])[:times[i]]
        for t in places:
            topics[t].append(words[i])
            room[t] -= 1
    return tuple(tuple(str(w) for w in rng.permutation(topic)) for topic in topics)


def _braced(topics):
    # 08.2's topics as the question writes them: {w1, w2, ...}, {...} and {...}
    shown = ["{" + ", ".join(t) + "}" for t in topics]
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def _topics_variant(rng):
    # three to five topics of three to seven words, 25 listed at most; at least one word shared (count * top_k
    # different words would be none shared) and at least one not (top_k different words: every topic the same),
    # the number of different words drawn evenly between, so that the answers spread over many fractions
    count, top_k = int(rng.integers(3, 6)), int(rng.integers(3, 8))
    while count * top_k > 25:
        count, top_k = int(rng.integers(3, 6)), int(rng.integers(3, 8))
    topics = topics_sharing(rng, _WEATHER, count, top_k, int(rng.integers(top_k + 1, count * top_k)))
    return {"topics": topics, "top_k": top_k, "count": NUMBER_WORDS[count], "shown": _braced(topics)}


def _diversity_of_shown(topics, top_k, count, shown):
    # the words of the question (count and shown) must be the topics of the data
    if count != NUMBER_WORDS[len(topics)] or shown != _braced(topics):
        raise ValueError("the question's words do not state these topics")
    return topic_diversity(topics, top_k=top_k)


def _once_only_share(topics, top_k, count, shown):
    # a mistake: counting only the words that occur in one topic, as if a repeated word were not distinct at all
    listed = [w for t in topics for w in t[:top_k]]
    return sum(listed.count(w) == 1 for w in listed) / len(listed)


def _rbo_fixed_lists(p):
    return rank_biased_overlap(["a", "b", "c"], ["a", "c", "d"], p=p)

EXERCISES = [
    Exercise(
        key="08.1",
        label="UMass confirmation",
        question="*wicket* and *cricket* share {c_joint} documents; *cricket*, the higher-ranked word, lies in "
                 "{c_star}. With "
                 "Mimno et al.'s +1, what is UMass's confirmation of *wicket* given *cricket*, "
                 "$\\log\\frac{{c(\\text{{wicket}}, \\text{{cricket}}) + 1}}{{c(\\text{{cricket}})}}$ (natural log)?",
        data={"c_joint": 5, "c_star": 8},
        answer=_umass_plus_one,
        solution="log(({c_joint} + 1) / {c_star}) = {expected:.4f}. UMass conditions on the higher-ranked word, "
                 "so only its count is in the denominator, and the number of documents plays no part.",
        right=("-0.288", "-0,288", "-0.29", "-0.2877"),
        wrong=("-0.470", "0.288", "-0.125", "-0.405"),
        check={"min_sig_figs": 2},
        variant=_umass_variant,
        mistakes=(lambda c_joint, c_star: math.log(c_joint / c_star),                  # without the +1
                  lambda c_joint, c_star: math.log(c_star / (c_joint + 1)),            # the fraction upside down
                  lambda c_joint, c_star: math.log10((c_joint + 1) / c_star),          # base 10, not natural log
                  lambda c_joint, c_star: math.log((c_joint + 1) / (c_star + 1))),     # +1 below the line too
    ),
    Exercise(
        key="08.2",
        label="topic diversity",
        question="A model has {count} topics: {shown}. What is its topic diversity with the top $k = {top_k}$ words?",
        data={"topics": _TOPICS_2, "top_k": 4, "count": NUMBER_WORDS[len(_TOPICS_2)], "shown": _braced(_TOPICS_2)},
        answer=_diversity_of_shown,
        steps=lambda topics, top_k, count, shown: {
            "listed": sum(len(t[:top_k]) for t in topics), "n_topics": len(topics),
            "distinct": ", ".join(dict.fromkeys(w for t in topics for w in t[:top_k])),
            "n_distinct": len({w for t in topics for w in t[:top_k]})},
        solution="Distinct words among the {listed} listed: {distinct}, that is {n_distinct}; "
                 "TD = {n_distinct} / ({n_topics} × {top_k}) = {expected:.4f}.",
        right=("0.667", "0,667", "2/3", "0.67", "66.7%"),
        wrong=("0.75", "0.5", "0.333"),
        check={"min_sig_figs": 2, "percent": True},
        variant=_topics_variant,
        mistakes=(lambda topics, top_k, count, shown: 1 - topic_diversity(topics, top_k=top_k),  # share of repeats
                  _once_only_share),                                                 # repeated words dropped
    ),
    Exercise(
        key="08.3",
        label="one-one segments",
        question="How many segments $(W', W^*)$ does one-one segmentation make for a topic of $N = {n_words}$ "
                 "words?",
        data={"n_words": 10},
        answer=lambda n_words: len(one_one([f"w{i}" for i in range(n_words)])),
        solution="Every ordered pair of different words: {n_words} × ({n_words} − 1) = {expected}. One-preceding "
                 "makes half as many (each pair once), one-set one per word.",
        right=("90", "90.0"),
        wrong=("45", "10", "100"),
        check={"min_sig_figs": 1},
        variant=lambda rng: {"n_words": int(rng.integers(4, 31))},
        mistakes=(lambda n_words: n_words * (n_words - 1) // 2,    # unordered pairs: one-preceding's count
                  lambda n_words: n_words,                          # one segment per word: one-set's count
                  lambda n_words: n_words ** 2),                    # a word paired with itself too
    ),
    Exercise(
        key="08.4",
        label="rank-biased overlap",
        question="With persistence $p = {p}$, what is the rank-biased overlap of the lists (a, b, c) and (a, c, d)? "
                 "Use $RBO = \\frac{{X_k}}{{k}} p^k + \\frac{{1-p}}{{p}} \\sum_{{d=1}}^{{k}} \\frac{{X_d}}{{d}} p^d$, "
                 "where $X_d$ is the number of items the lists share in their first $d$ places.",
        data={"p": 0.5},
        answer=_rbo_fixed_lists,
        solution="X_1 = 1 (a), X_2 = 1 (a), X_3 = 2 (a and c). With p = {p}: (2/3)·p³ plus ((1 − p)/p)·(1·p + "
                 "(1/2)·p² + (2/3)·p³) gives {expected:.4f}.",
        right=("0.792", "0,792", "19/24", "0.79"),
        wrong=("0.5", "0.708", "0.667"),
        check={"min_sig_figs": 2, "percent": True},
        # p from 0.35: below it the last term X_k / k p^k is too small to tell apart from leaving it out
        variant=lambda rng: {"p": round(int(rng.integers(35, 96)) / 100, 2)},
        # the sum alone, without the term X_k / k p^k for the unseen depths
        mistakes=(lambda p: (1 - p) / p * (p + p ** 2 / 2 + 2 / 3 * p ** 3),
                  # (1 - p) in front of the sum instead of (1 - p) / p
                  lambda p: 2 / 3 * p ** 3 + (1 - p) * (p + p ** 2 / 2 + 2 / 3 * p ** 3),
                  # the plain overlap at depth 3, X_3 / 3, with no weights at all
                  lambda p: 2 / 3),
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
    Interpretation(
        key="08.6",
        label="what a negative UMass says",
        question="In 100 documents, *cricket* lies in 8, *wicket* in 6, and the two share 5. With Mimno et al.'s "
                 "+1, UMass's confirmation of *wicket* given *cricket* (the higher-ranked word) is negative. What "
                 "follows about the pair?",
        data={"c_joint": 5, "c_star": 8, "c_prime": 6, "n": 100},
        answer=_what_a_negative_umass_says,
        steps=_umass_and_chance,
        choices=(_LESS, _MORE, _PLUS_ONE, _BELOW_NPMI),
        why={
            _LESS: "that reads UMass's sign as if it were PMI's. Two unrelated words would share about "
                   "{c_prime} × {c_star} / {n} = {expected_shared:.2f} documents; these share {c_joint}.",
            _MORE: "two unrelated words would share about {expected_shared:.2f} documents and these share "
                   "{c_joint} (PMI {pmi:.2f}). UMass is the log of a conditional probability: its 0 means "
                   "*wicket* in every document with *cricket*, so it is negative for most pairs, "
                   "associated or not.",
            _PLUS_ONE: "the +1 is added to the joint count, in the numerator, so it can only raise the score: "
                       "without it, log({c_joint} / {c_star}) is lower still.",
            _BELOW_NPMI: "UMass and NPMI have different zeros and different scales, so a value of one says "
                         "nothing about where the pair falls among the other's values; measures can be "
                         "compared only by how they rank the same topics.",
        },
        solution="UMass's confirmation is $\\log\\frac{{c(\\text{{wicket}}, \\text{{cricket}}) + 1}}"
                 "{{c(\\text{{cricket}})}}$ = log(({c_joint} + 1) / {c_star}) = {umass:.3f}: the log of "
                 "(nearly) the share of *cricket*'s documents that also hold *wicket*, below 0 whenever that "
                 "share is below 1. Chance is another yardstick: two unrelated words would share about "
                 "{c_prime} × {c_star} / {n} = {expected_shared:.2f} documents, and these share {c_joint}, so "
                 "PMI = {pmi:.2f} and NPMI = {npmi:.2f}, both positive. UMass's 0 means *always together*, "
                 "PMI's and NPMI's 0 means *independent*: a UMass and an NPMI cannot be compared by their "
                 "signs or sizes, only by how they rank the same topics.",
    ),
    Interpretation(
        key="08.7",
        label="an AUC near chance",
        question="On a large set of topics of your own, a measure tells the topics from their one-intruder "
                 "copies with AUC 0.58; its bootstrap interval (topics resampled, as in section 3) is "
                 "[0.52, 0.64]. What does that say about the measure?",
        data={"auc": 0.58, "low": 0.52, "high": 0.64},
        answer=_what_the_auc_says,
        choices=(_COIN, _SHARE, _BETTER, _PREFERS),
        why={
            _BETTER: "the whole interval [{low}, {high}] lies above 0.5: resampling the topics does not bring the "
                     "AUC down to chance, so the measure does separate them; but {auc} is far from 1, so in many "
                     "pairs the intruded copy wins.",
            _COIN: "that judges the AUC by its distance from 0.5 alone. Whether a difference from chance is real "
                   "depends on how precisely the AUC is known, and its interval [{low}, {high}] does not reach "
                   "0.5.",
            _SHARE: "an AUC is not a share of topics scored correctly: it is the probability that a topic drawn "
                    "at random scores above an intruded copy drawn at random (ties count half), and no threshold "
                    "says which topics are scored correctly.",
            _PREFERS: "preferring the intruded copies would take an AUC below 0.5; {auc} is above it.",
        },
        solution="The AUC is the probability that a topic drawn at random outscores an intruded copy drawn at "
                 "random: 0.5 is a coin flip, 1 a perfect separation. {auc} is close to 0.5, so the measure "
                 "separates the two kinds weakly; but its bootstrap interval [{low}, {high}] lies wholly above "
                 "0.5, so these data rule chance out (at the interval's level): the measure does tell topics "
                 "from their intruded copies better than chance, though far from always. Closeness to 0.5 says "
                 "how *well* a measure separates; the interval says whether it separates *at all*. With fewer "
                 "topics, as in section 3, the same AUC comes with a wider interval and can be indistinguishable "
                 "from chance.",
    ),
]
