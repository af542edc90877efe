"""Exercises of notebook 08b (coherence in practice): C_V's blind spot, topic diversity, rank-biased overlap."""

import math

import numpy as np

from ...coherence.diversity import rank_biased_overlap, topic_diversity
from ...coherence.measures import arithmetic_mean, context_vectors, indirect_cosine
from . import Exercise, Interpretation, Prediction


def c_v_of_words_that_never_meet(k):
    """C_V of ``k`` words no two of which share a window: every pair scores NPMI -1, each word +1 with itself."""
    table = np.full((k, k), -1.0)
    np.fill_diagonal(table, 1.0)
    vectors = context_vectors(table)
    return arithmetic_mean([indirect_cosine(vectors, [i], range(k)) for i in range(k)])


def _never_meet_steps(k):
    # the worked cosine: each place of the sum is 1 - (k - 1); a word's vector . the sum, |sum|^2, |word| |sum|
    each = 1 - (k - 1)
    return {"each": each, "dot": each * each, "sq_norm": k * each * each,
            "norms": round(math.sqrt(k) * math.sqrt(k * each * each)), "c_v": c_v_of_words_that_never_meet(k)}


def _c_v_of_words_that_never_meet(k):
    value = c_v_of_words_that_never_meet(k)
    return "negative" if value < -0.1 else "near zero" if value < 0.1 else "high"


_TOPICS_2 = (("fire", "smoke", "ash", "heat"), ("rain", "cloud", "storm", "smoke"), ("fire", "rain", "flood", "heat"))


#: Words 08b.2's variants draw their topics from (weather and fire, as in the exercise as written).
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
    # 08b.2's topics as the question writes them: {w1, w2, ...}, {...} and {...}
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

#: 08b.4's choices: what a higher C_V of one model says.
_CV_MORE, _CV_UNKNOWN, _CV_BASELINE, _CV_SCALE = (
    "the model's topics are more coherent than the baseline's",
    "not enough to say: C_V can score random word lists above real topics, so it needs a direct measure beside it",
    "the baseline's topics are random lists",
    "nothing, because C_V values above 0.5 are all equally good",
)


def _what_a_higher_c_v_says(model, baseline, auc_random):
    if not (-1 <= baseline < model <= 1 and 0 <= auc_random <= 1):
        raise ValueError("the question needs C_V values in [-1, 1], the model's above the baseline's, and an AUC "
                         "in [0, 1]")
    # an AUC below 0.5 for real topics against random lists: C_V can prefer word lists with no theme at all
    return _CV_UNKNOWN if auc_random < 0.5 else _CV_MORE


#: 08b.5's choices: what a topic diversity of 1 says.
_TD_STRINGS, _TD_SUBJECTS, _TD_COHERENT, _TD_BEST = (
    "no word appears in both topics; they may still be about the same subject",
    "the two topics are about different subjects",
    "both topics are coherent",
    "this model is better than any model with a lower topic diversity",
)


def _what_td_one_says(topics, top_k, td):
    if topic_diversity(topics, top_k=top_k) != td:
        raise ValueError("td must be the topics' topic diversity")
    if td != 1:
        raise ValueError("the question's premise is a topic diversity of 1")
    return _TD_STRINGS


EXERCISES = [
    Prediction(
        key="08b.1",
        label="C_V of words that never meet",
        question="In a list of ten words no two words ever share a window, so every pair has NPMI −1 "
                 "(and each word NPMI +1 with itself). Predict its C_V, the mean cosine between each word's "
                 "context vector and the context vector of the whole list. Choose one: negative, near zero or high.",
        data={},
        choices=("negative", "near zero", "high"),
        answer=lambda: _c_v_of_words_that_never_meet(10),
        steps=lambda: _never_meet_steps(10),
        solution="Every word's context vector is +1 at its own place and −1 at the nine others; their "
                 "sum is {each} at every place, and each word's vector points nearly the same way: its cosine "
                 "with the sum is {dot} / (√10 × √{sq_norm}) = {dot}/{norms} = {c_v:.1f}, so C_V comes out "
                 "{expected}. C_V rewards words whose NPMI *patterns* agree, even when the "
                 "pattern is 'never meets anything'.",
    ),
    Exercise(
        key="08b.2",
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
        key="08b.3",
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
        variant=lambda rng: {"p": int(rng.choice([c for c in range(35, 96) if c != 50])) / 100},   # not 0.5
        # the sum alone, without the term X_k / k p^k for the unseen depths
        mistakes=(lambda p: (1 - p) / p * (p + p ** 2 / 2 + 2 / 3 * p ** 3),
                  # (1 - p) in front of the sum instead of (1 - p) / p
                  lambda p: 2 / 3 * p ** 3 + (1 - p) * (p + p ** 2 / 2 + 2 / 3 * p ** 3),
                  # the plain overlap at depth 3, X_3 / 3, with no weights at all
                  lambda p: 2 / 3),
    ),
    Interpretation(
        key="08b.4",
        label="a higher C_V",
        question="A paper reports C_V = 0.62 for its model and 0.55 for a baseline, on the same reference corpus "
                 "with the same choices, and nothing else. On this notebook's Lee topics, C_V as gensim computes it "
                 "(ε inside the logarithm, gensim's own window counts) told LDA topics from random lists with "
                 "AUC 0.307. What does the higher C_V show?",
        data={"model": 0.62, "baseline": 0.55, "auc_random": 0.307},
        answer=_what_a_higher_c_v_says,
        choices=(_CV_MORE, _CV_UNKNOWN, _CV_BASELINE, _CV_SCALE),
        why={
            _CV_MORE: "that reads C_V as if higher always meant more coherent. An AUC of {auc_random}, below 0.5, "
                      "means C_V scored random lists above LDA topics more often than not.",
            _CV_UNKNOWN: "an AUC of {auc_random} says C_V preferred random lists to real topics on the Lee "
                         "corpus, so a higher C_V alone cannot tell better topics from word lists whose pairs "
                         "never meet. A direct measure such as NPMI, reported beside it, can.",
            _CV_BASELINE: "nothing in a C_V of {baseline} says how the baseline's topics were made; C_V scores "
                          "real topics and random lists in overlapping ranges.",
            _CV_SCALE: "C_V has no threshold above which values stop mattering; the problem is what it rewards, "
                       "not where its values lie.",
        },
        solution="C_V compares patterns of NPMI, and word pairs that never meet all share the same pattern: on the "
                 "Lee topics C_V preferred random lists (AUC {auc_random}, below chance). A higher C_V alone therefore "
                 "does not show more coherent topics; report a direct measure such as NPMI beside it, with the "
                 "per-topic values.",
    ),
    Interpretation(
        key="08b.5",
        label="a topic diversity of 1",
        question="A model has two topics, {car, road, driver} and {automobile, highway, motorist}. Its topic "
                 "diversity with the top k = 3 words is 1. What does that say?",
        data={"topics": (("car", "road", "driver"), ("automobile", "highway", "motorist")), "top_k": 3, "td": 1},
        answer=_what_td_one_says,
        choices=(_TD_SUBJECTS, _TD_STRINGS, _TD_COHERENT, _TD_BEST),
        why={
            _TD_STRINGS: "topic diversity counts distinct words as strings: the two topics share none, so every "
                         "listed word is distinct, whatever the words mean.",
            _TD_SUBJECTS: "topic diversity compares spellings, not meanings; car and automobile are different "
                          "strings for the same thing. Notebook 06's semantic distinctiveness compares meanings.",
            _TD_COHERENT: "topic diversity looks only at which words the topics share; whether each topic's "
                          "words belong together is what coherence measures.",
            _TD_BEST: "topic diversity is one property of a set of topics; a model can reach 1 with topics of "
                      "unrelated words, or with two topics that say the same thing.",
        },
        solution="Topic diversity is the share of distinct words among the top {top_k} of every topic: all of "
                 "them here, since no word is written the same in both topics. It compares strings: these two "
                 "topics are near synonyms, which only a measure of meaning (notebook 06's SD) would see, and it says "
                 "nothing about coherence.",
    ),
]
