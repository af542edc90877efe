"""Exercises of notebook 06 (distinctiveness and diversity): SD, the length of a mean, entropy of sizes."""

import math
from fractions import Fraction

import numpy as np

from ...semantic.metrics import distinctiveness, mean_norm_from_cosines, semantic_diversity
from . import Exercise, Implement, Interpretation, Prediction

TOPIC_COSINES = {"cos_12": 0.245, "cos_13": 0.782, "cos_23": 0.198}


def _cosine_matrix(cos_12, cos_13, cos_23):
    return np.array([[1.0, cos_12, cos_13], [cos_12, 1.0, cos_23], [cos_13, cos_23, 1.0]])


def _assignments(sizes):
    return [k for k, size in enumerate(sizes) for _ in range(size)]


def _all_in_one(sizes, cos_12, cos_13, cos_23, alpha):
    r = semantic_diversity(None, _assignments(sizes), alpha=alpha, beta=1 - alpha,
                           similarity=_cosine_matrix(cos_12, cos_13, cos_23))
    if math.isclose(r.score, 0.5 * r.semantic):
        return "half the semantic part"
    return "0" if math.isclose(r.score, 0.0, abs_tol=1e-12) else "0.5"


def _distribution_part(sizes):
    return semantic_diversity(None, _assignments(sizes), similarity=np.eye(len(sizes))).distribution


def _checked_sizes(sizes, n_docs):
    # 06.3 and 06.4 state the number of documents beside the sizes: the two must agree
    if sum(sizes) != n_docs:
        raise ValueError(f"the sizes {sizes} add up to {sum(sizes)} documents, not {n_docs}")
    return sizes


def _distribution_of(sizes, n_docs):
    return _distribution_part(_checked_sizes(sizes, n_docs))


def _entropy_steps(sizes, n_docs, base=math.e):
    # The numbers of 06.3's and 06.4's worked solutions: the shares, H and H_max in the given base.
    shares = [s / n_docs for s in _checked_sizes(sizes, n_docs)]
    return {"shares": shares, "H": _entropy_not_normalised(sizes) / math.log(base),
            "H_max": math.log(len(sizes), base), "reference": _distribution_part((4, 3, 3))}


def _entropy_in(sizes, n_docs, base):
    # the entropy of the shares sizes / n_docs with logarithms to ``base`` (a mistake's building block)
    return -sum(s / n_docs * math.log(s / n_docs, base) for s in sizes if s)


# ---------------------------------------------------------------- 06.1 and 06.2: variants
_PAIR_NAMES = {"cos_12": "T1, T2", "cos_13": "T1, T3", "cos_23": "T2, T3"}


def _least_distinct(cos_12, cos_13, cos_23):
    # 06.1's worked solution: the pair with the largest cosine, and that cosine
    cosines = {"cos_12": cos_12, "cos_13": cos_13, "cos_23": cos_23}
    name = max(cosines, key=cosines.get)
    return {"pair": _PAIR_NAMES[name], "largest": cosines[name]}


def _three_cosines(rng):
    # three cosines of 2 or 3 decimals (an even last digit: SD = (1 - cos)/2 ends at the third decimal) that
    # real unit vectors can have (the cosine matrix has a positive determinant), the largest clear of the others
    while True:
        cos_12, cos_13, cos_23 = (round(int(k) * 2 / 1000, 3) for k in rng.integers(40, 451, size=3))
        first, second, third = sorted((cos_12, cos_13, cos_23), reverse=True)
        det = 1 + 2 * cos_12 * cos_13 * cos_23 - cos_12 ** 2 - cos_13 ** 2 - cos_23 ** 2
        if det > 0.05 and first - second >= 0.05 and second - third >= 0.02:
            return {"cos_12": cos_12, "cos_13": cos_13, "cos_23": cos_23}


def _mean_norm_steps(cosine):
    # 06.2's worked solution: 3 + 2·3·cos over 9, as a decimal numerator and as an exact fraction
    exact = Fraction(str(cosine))
    return {"numerator": float(3 + 6 * exact), "squared": (3 + 6 * exact) / 9}


# ---------------------------------------------------------------- 06.3 and 06.4: variants
def _skewed_sizes(rng):
    # one topic takes most documents, the other two share the rest equally; shares end in few decimals.  Many
    # totals and a small topic of up to a fifth of them, so that the share of the small topics (and with it the
    # answer) seldom repeats from one student to the next
    # (drawn again when the shares are the exercise's own 8 : 1 : 1, which would repeat its answer)
    while True:
        n_docs = int(rng.choice([40, 50, 80, 100, 125, 200, 250]))
        each = int(rng.integers(1, n_docs // 5 + 1))
        if 10 * each != n_docs:
            return {"sizes": (n_docs - 2 * each, each, each), "n_docs": n_docs}


def _three_sizes(rng):
    # three different sizes, largest first, of a total whose shares end in few decimals
    n_docs = int(rng.choice([10, 20, 25, 40, 50]))
    while True:
        a, b = sorted((int(k) for k in rng.integers(1, n_docs, size=2)), reverse=True)
        sizes = tuple(sorted((n_docs - a, a - b, b), reverse=True))
        if min(sizes) > 0 and len(set(sizes)) == 3:
            return {"sizes": sizes, "n_docs": n_docs}


def _sizes_inputs(rng):
    k = int(rng.integers(2, 7))
    sizes = [int(s) for s in rng.integers(0, 20, size=k)]
    if sum(sizes) == 0:
        sizes[0] = 1
    return {"sizes": sizes}


def _entropy_not_normalised(sizes):
    p = np.array(sizes, dtype=float) / sum(sizes)
    p = p[p > 0]
    return float(-(p * np.log(p)).sum())


def _normalised_by_used_topics(sizes):
    p = np.array(sizes, dtype=float) / sum(sizes)
    p = p[p > 0]
    return float(-(p * np.log(p)).sum() / np.log(len(sizes) if len(p) < 2 else len(p)))


# ---------------------------------------------------------------- 06.7: a small SD
_OVERLAP = "the two topics largely overlap in meaning: look at them for a topic split in two"
_SHARED_WORDS = "most of their keywords are the same words"
_UNRELATED = "they have nothing in common: an SD near 0 means no relation"
_INCOHERENT = "one of the two topics is incoherent"


def _sd(cos):
    return float(distinctiveness(similarity=np.array([[1.0, cos], [cos, 1.0]])).matrix[0, 1])


def _small_sd(cos):
    sd = _sd(cos)
    if sd < 0.15:
        return _OVERLAP
    raise ValueError("SD is not small here: this question is about two close topics")


# ---------------------------------------------------------------- 06.8: the distribution part at its maximum
_EVEN_ONLY = "only that the documents are spread evenly over the topics; it says nothing of what the topics are"
_BEST_MODEL = "the model is as good as a topic model can be"
_MOST_DIFFERENT = "the topics are as different from one another as they can be"
_MIXED = "every document is about all four topics in equal parts"


def _at_maximum(t1, t2, t3, t4):
    if math.isclose(_distribution_part((t1, t2, t3, t4)), 1.0):
        return _EVEN_ONLY
    raise ValueError("the distribution part is not at its maximum here")


EXERCISES = [
    Exercise(
        key="06.1",
        label="SD of the least distinct pair",
        question="Another model's three topic cosines are cos(T1, T2) = {cos_12}, cos(T1, T3) = {cos_13} and "
                 "cos(T2, T3) = {cos_23}. What is the SD of the least distinct pair of topics (the pair with "
                 "the lowest SD)?",
        data={"cos_12": 0.31, "cos_13": 0.12, "cos_23": 0.644},
        answer=lambda cos_12, cos_13, cos_23: min(
            distinctiveness(similarity=_cosine_matrix(cos_12, cos_13, cos_23)).pairs.values()),
        steps=_least_distinct,
        solution="The largest cosine is the smallest SD: cos({pair}) = {largest}, so SD({pair}) = "
                 "(1 − {largest}) / 2 = {expected:.3f}.",
        right=("0.178", "0,178", "0.18"),
        wrong=("0.356", "0.822", "0.345", "0.44", "0.109"),   # no /2; (1 + cos)/2; T1-T2; T1-T3; the lesson's
        variant=_three_cosines,
        mistakes=(lambda cos_12, cos_13, cos_23: 1 - max(cos_12, cos_13, cos_23),          # forgot the / 2
                  lambda cos_12, cos_13, cos_23: (1 + max(cos_12, cos_13, cos_23)) / 2,    # + instead of −
                  lambda cos_12, cos_13, cos_23: (1 - min(cos_12, cos_13, cos_23)) / 2),   # the most distinct pair
    ),
    Exercise(
        key="06.2",
        label="|mean of three unit vectors|",
        question="Three unit vectors have all pairwise cosines equal to {cosine}. How long is their mean?",
        data={"cosine": 0.5},
        answer=lambda cosine: mean_norm_from_cosines([cosine, cosine, cosine]),
        steps=_mean_norm_steps,
        solution="$|t|^2 = (3 + 2 \\cdot 3 \\cdot {cosine}) / 9 = {numerator:g}/9$, so $|t| = \\sqrt{{{squared}}}$ = "
                 "{expected:.4f}. The mean of unit vectors is itself a unit vector only when they all point the "
                 "same way; any other mean is shorter.",
        right=("0.8165", "0,816", "0.82", "0.816"),
        wrong=("1", "0.6667", "0.5", "0.667"),
        variant=lambda rng: {"cosine": round(int(rng.integers(5, 96)) / 100, 2)},
        mistakes=(lambda cosine: 1.0,            # the mean of unit vectors taken for a unit vector (the source's slip)
                  lambda cosine: (3 + 6 * cosine) / 9,                 # |t|², the square root forgotten
                  lambda cosine: math.sqrt((3 + 3 * cosine) / 9),      # each pair counted once, not twice
                  lambda cosine: math.sqrt(3 + 6 * cosine)),           # the length of the sum, not of the mean
    ),
    Exercise(
        key="06.3",
        label="distribution part for sizes {sizes[0]}, {sizes[1]}, {sizes[2]}",
        question="Keep the three topics, but suppose {sizes[0]} of the {n_docs} documents go to T1 and {sizes[1]} "
                 "each to T2 and T3. What is the distribution part of SemDiv?",
        data={"sizes": (8, 1, 1), "n_docs": 10},
        answer=_distribution_of,
        steps=_entropy_steps,
        solution="$H = -({shares[0]:g} \\ln {shares[0]:g} + 2 \\cdot {shares[1]:g} \\ln {shares[1]:g})$ ≈ {H:.3f} "
                 "nats and $H_{{max}} = \\ln 3$ ≈ {H_max:.3f}, so the distribution part is {expected:.4f}, "
                 "below the {reference:.3f} of sizes 4, 3, 3.",
        right=("0.58", "0,582", "0.5817"),
        wrong=("0.64", "0.639", "0.99", "0.57"),
        variant=_skewed_sizes,
        mistakes=(lambda sizes, n_docs: _entropy_in(sizes, n_docs, math.e),     # H, not divided by H_max
                  # the two equal topics counted once
                  lambda sizes, n_docs: _entropy_in(sizes[:2], n_docs, math.e) / math.log(3),
                  # divided by ln of the documents, not of the topics
                  lambda sizes, n_docs: _entropy_in(sizes, n_docs, math.e) / math.log(n_docs)),
    ),
    Exercise(
        key="06.4",
        label="distribution part with log base 2, sizes {sizes[0]}, {sizes[1]}, {sizes[2]}",
        question="A model puts {sizes[0]}, {sizes[1]} and {sizes[2]} of its {n_docs} documents in its three topics. "
                 "Compute the entropy of these sizes with $\\log_2$ instead of $\\ln$ and divide by $\\log_2 3$. "
                 "What distribution part do you get?",
        data={"sizes": (5, 3, 2), "n_docs": 10},
        answer=_distribution_of,
        steps=lambda sizes, n_docs: _entropy_steps(sizes, n_docs, base=2),
        solution="H in bits ≈ {H:.3f} and $\\log_2 3$ ≈ {H_max:.3f}: their ratio is {expected:.4f}, the same as with "
                 "natural logarithms, because changing the base multiplies $H$ and $H_{{max}}$ by the same factor.",
        right=("0.937", "0,9372", "0.94"),
        wrong=("1.485", "1.03", "0.650", "0.991", "0.938"),   # H in bits; H in nats; nats over log2 3; the lesson's
        variant=_three_sizes,
        mistakes=(lambda sizes, n_docs: _entropy_in(sizes, n_docs, 2),                  # H in bits, not divided
                  lambda sizes, n_docs: _entropy_in(sizes, n_docs, math.e) / math.log2(3),   # nats over log2 3
                  lambda sizes, n_docs: _entropy_in(sizes, n_docs, 2) / math.log(3)),        # bits over ln 3
    ),
    Prediction(
        key="06.6",
        label="SemDiv when one topic takes every document",
        question="Give all 10 documents to T1 (sizes 10, 0, 0; cosines 0.245, 0.782, 0.198; α = 0.5 and "
                 "β = 1 − α). "
                 "Predict before you run: what does SemDiv become?",
        data={"sizes": (10, 0, 0), **TOPIC_COSINES, "alpha": 0.5},
        answer=_all_in_one,
        choices=("0", "half the semantic part", "0.5"),
        solution="{expected}: the distribution part drops to 0 (one topic takes everything), but the semantic "
                 "part does not look at the documents at all, so SemDiv = 0.5 · mean SD. A model that uses one "
                 "topic for everything still scores above 0.",
    ),
    Implement(
        key="06.5",
        label="the distribution part",
        question="Write `my_distribution_part(sizes)`: given the number of documents of each of the $K$ topics "
                 "(a list, some may be 0), return the entropy of the shares $p_k$ divided by $\\ln K$ (with "
                 "$0 \\ln 0 = 0$). The check compares it with teachkit's `semantic_diversity(...).distribution` "
                 "on 200 random lists of sizes.",
        reference=_distribution_part,
        inputs=_sizes_inputs,
        template="def my_distribution_part(sizes):\n    return ...   # your code: H / ln K\n",
        wrong=(_entropy_not_normalised, _normalised_by_used_topics),
        # a share between 0 and 1 computed with floats: p * log(p + 1e-12), a common guard for 0 ln 0, is off by
        # about 1e-12 where the answer is 0 and is right; every mistaken version above is off by far more
        atol=1e-9,
        solution="```python\nimport math\n\ndef my_distribution_part(sizes):\n    total = sum(sizes)\n"
                 "    H = -sum(s / total * math.log(s / total) for s in sizes if s > 0)\n"
                 "    return H / math.log(len(sizes))\n```\n\n"
                 "Empty topics add nothing to $H$ but still count in $K$: a model that leaves topics unused is "
                 "less diverse.",
    ),
    Interpretation(
        key="06.7",
        label="a small SD",
        question="Two topics' vectors have cosine 0.8, so their semantic distinctiveness is SD = (1 − 0.8)/2. "
                 "What does that SD say about the two topics?",
        data={"cos": 0.8},
        answer=_small_sd,
        steps=lambda cos: {"sd": _sd(cos)},
        choices=(_SHARED_WORDS, _UNRELATED, _OVERLAP, _INCOHERENT),
        why={
            _SHARED_WORDS: "SD compares the topics' mean vectors, not their word lists: two topics with no word in "
                           "common can point the same way, so SD cannot count shared words.",
            _UNRELATED: "SD turns the cosine around: it is 0 for topics pointing the same way and 1 for opposite "
                        "ones. A small SD means very close, not unrelated.",
            _OVERLAP: "SD = {sd:.2f} sits near its floor of 0 (topics pointing the same way): the model may have "
                      "split one theme over two topics.",
            _INCOHERENT: "SD compares two topics with each other; whether the keywords of one topic hang together "
                         "is SC's question (notebook 05).",
        },
        solution="SD = (1 − {cos}) / 2 = {sd:.2f}, on a scale from 0 (same direction) to 1 (opposite): the two "
                 "topics are close in meaning. That is a reason to read them side by side, perhaps one theme "
                 "split in two; it says nothing about how many words they share or whether each is coherent.",
    ),
    Interpretation(
        key="06.8",
        label="the distribution part at its maximum",
        question="Twenty documents fall on a model's four topics as 5, 5, 5 and 5, so SemDiv's distribution part "
                 "$H / H_{\\max}$ is at its maximum. What follows about the model?",
        data={"t1": 5, "t2": 5, "t3": 5, "t4": 5},
        answer=_at_maximum,
        choices=(_BEST_MODEL, _MOST_DIFFERENT, _EVEN_ONLY, _MIXED),
        why={
            _BEST_MODEL: "the distribution part sees only how many documents each topic gets: four topics of "
                         "nonsense, used equally often, reach the same maximum.",
            _MOST_DIFFERENT: "how different the topics are is the semantic part, the mean SD; the distribution "
                             "part never looks at the topic vectors.",
            _EVEN_ONLY: "its maximum means the documents' dominant topics are spread evenly; the topics' meaning "
                        "and their differences are other questions.",
            _MIXED: "the part counts each document once, under its dominant topic: an even spread of documents "
                    "over topics says nothing about the mixture inside a document.",
        },
        solution="The distribution part is the entropy of the topics' shares of documents over its maximum "
                 "$\\ln K$: with {t1}, {t2}, {t3} and {t4} documents every share is equal and the part is 1. That "
                 "says the topics are used evenly, nothing more: not that they make sense, nor that they differ "
                 "(the semantic part), nor how each document mixes them.",
    ),
]
