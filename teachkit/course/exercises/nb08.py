"""Exercises of notebook 08 (which coherence?): UMass by hand, segment counts, what UMass's sign says, an AUC."""

import math

from ...coherence.measures import coherence_per_topic, log_conditional_probability, one_one
from ...counts.association import npmi_from_counts, pmi, probabilities_from_counts
from . import Exercise, Interpretation, Prediction


def _umass_plus_one(c_joint, c_star):
    # Mimno et al.'s +1 does not use the number of documents; any n >= c(W*) gives the same value.
    return log_conditional_probability(c_joint, c_star, c_star, zero="plus_one")


#: 08.4's choices: what a negative UMass confirmation says about a pair.
_LESS, _MORE, _PLUS_ONE, _BELOW_NPMI = (
    "they share fewer documents than two unrelated words would",
    "they share more documents than two unrelated words would",
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


#: 08.5's choices: what an AUC near 0.5, with its bootstrap interval, says about a measure.
_BETTER, _COIN, _SHARE, _PREFERS = (
    "a topic drawn at random outscores an intruded topic drawn at random more often than chance would, "
    "though far from always",
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


# ---------------------------------------------------------------- variants
def _umass_variant(rng):
    # the higher-ranked word in 5 to 30 documents; the pair shares at most c(W*) - 2, so that (c + 1) / c(W*) < 1
    c_star = int(rng.integers(5, 31))
    return {"c_joint": int(rng.integers(1, c_star - 1)), "c_star": c_star}


#: Section 2's four documents: every document is one window for every measure.
_DOCS = (("fire", "smoke", "ash"), ("fire", "smoke"), ("fire", "rain"), ("rain", "ash"))


def _umass(docs, words):
    # UMass with gensim's conventions (ε inside the logarithm), as section 2 computes it by hand
    return float(coherence_per_topic([list(words)], [list(d) for d in docs], "u_mass", top_n=len(words),
                                     gensim_compat=True)[0])


def _umass_when_reversed(docs, topic):
    # UMass of the topic as ranked and with its ranking reversed
    as_ranked, reversed_ = _umass(docs, topic), _umass(docs, topic[::-1])
    if math.isclose(as_ranked, reversed_, abs_tol=1e-12):
        return "the same"
    return "higher" if reversed_ > as_ranked else "lower"


EXERCISES = [
    Exercise(
        key="08.2",
        label="UMass confirmation",
        # "in {c_joint} of the documents" reads for 1 as for 5 (reader z12: a variant read "share 1 documents")
        question="*wicket* and *cricket* occur together in {c_joint} of the documents; *cricket*, the "
                 "higher-ranked word, lies in {c_star}. With "
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
        key="08.3",
        label="one-one segments",
        question="How many segments $(W', W^{{\\ast}})$ does one-one segmentation make for a topic of $N = {n_words}$ "
                 "words?",
        data={"n_words": 10},
        answer=lambda n_words: len(one_one([f"w{i}" for i in range(n_words)])),
        solution="Every ordered pair of different words: {n_words} × ({n_words} − 1) = {expected}. One-preceding "
                 "makes half as many (each pair once), one-set one per word.",
        right=("90", "90.0"),
        wrong=("45", "10", "100"),
        check={"min_sig_figs": 1},
        # never N = 10, the question's own topic size, so that no variant repeats the question
        variant=lambda rng: {"n_words": int(rng.choice([n for n in range(4, 31) if n != 10]))},
        mistakes=(lambda n_words: n_words * (n_words - 1) // 2,    # unordered pairs: one-preceding's count
                  lambda n_words: n_words,                          # one segment per word: one-set's count
                  lambda n_words: n_words ** 2),                    # a word paired with itself too
    ),
    Interpretation(
        key="08.4",
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
                   "{c_joint} (PMI {pmi:.2f}). UMass is the log of a conditional probability: with the +1 its 0 "
                   "means *wicket* in all but one of the documents with *cricket*, so it is negative for most pairs, "
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
        key="08.5",
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
                     "random pairings of a topic with an intruded one the intruded one wins. (The AUC does not say "
                     "how often a topic beats its *own* copy: for that, compare each topic with its copy, paired.)",
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

    Prediction(
        key="08.1",
        label="UMass and the order of a topic's words",
        question="Section 2's topic is ranked fire, smoke, ash. Rank the same three words the other way round, "
                 "ash, smoke, fire, and score them on the same four documents. Predict UMass for the reversed "
                 "topic, compared with the topic as ranked. Choose one: higher, the same or lower.",
        data={"docs": _DOCS, "topic": ("fire", "smoke", "ash")},
        choices=("higher", "the same", "lower"),
        answer=_umass_when_reversed,
        steps=lambda docs, topic: {"as_ranked": _umass(docs, topic), "reversed": _umass(docs, topic[::-1])},
        solution="UMass conditions each word on the words ranked above it. Reversed, every word is conditioned on "
                 "words found in no more documents than itself, so each log-probability divides the same joint "
                 "count by a count no larger than before: UMass goes "
                 "from {as_ranked:.4f} (fire, smoke, ash) to {reversed:.4f} (ash, smoke, fire), so it is "
                 "{expected}. The order of a topic's words changes UMass, and only UMass of these measures.",
    ),
]
