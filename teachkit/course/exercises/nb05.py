"""Exercises on notebook 05 (semantic coherence): a PageRank step, the diagonal of S·S/n, thresholds.

Notebook 05 asks 05.5-05.8; 05.1-05.4 are asked in 05b (:mod:`.nb05b`), under new keys."""

import numpy as np

from ...semantic.metrics import pagerank, semantic_coherence
from . import Exercise, Implement, Interpretation, Prediction

WORDS = ("machine", "learning", "algorithm")
COSINES = {"s_ml": 0.85, "s_ma": 0.82, "s_la": 0.88}
#: The same words' cosines in another embedding model: exercises 05b.1, 05b.2 and 05b.5-05b.7 practise on them
#: what the lesson shows on the document's.
OTHER_COSINES = {"s_ml": 0.60, "s_ma": 0.45, "s_la": 0.75}


def _similarity(s_ml, s_ma, s_la):
    return np.array([[1.0, s_ml, s_ma], [s_ml, 1.0, s_la], [s_ma, s_la, 1.0]])


def _adjacency(s_ml, s_ma, s_la, threshold):
    S = _similarity(s_ml, s_ma, s_la)
    A = np.where(S > threshold, S, 0.0)
    np.fill_diagonal(A, 0.0)
    return A


def _first_step(word, s_ml, s_ma, s_la, threshold, damping):
    return float(pagerank(_adjacency(s_ml, s_ma, s_la, threshold), damping=damping).history[1][WORDS.index(word)])


def _isolated_share(s_ml, s_ma, s_la, threshold, damping):
    sc = semantic_coherence(_similarity(s_ml, s_ma, s_la), threshold=threshold, damping=damping, words=WORDS)
    weight = sc.weights[WORDS.index(sc.isolated[0])]
    jump = (1 - damping) / len(WORDS)
    if np.isclose(weight, jump):
        return "exactly (1 − d)/n"
    return "more than (1 − d)/n" if weight > jump else "less than (1 − d)/n"


def _isolated_steps(s_ml, s_ma, s_la, threshold, damping, direct_weight):
    # 05.3's worked solution: the isolated word's PageRank weight, and the jump term that gives it.
    sc = semantic_coherence(_similarity(s_ml, s_ma, s_la), threshold=threshold, damping=damping,
                            direct_weight=direct_weight, indirect_weight=1 - direct_weight, words=WORDS)
    return {"jump": (1 - damping) / len(WORDS), "n_words": len(WORDS),
            "isolated_weight": float(sc.weights[WORDS.index(sc.isolated[0])])}


def _cosines(rng, low, high, k=3):
    # k different cosines with two decimals, from low to high (both in hundredths, high excluded)
    return [int(c) / 100 for c in rng.choice(np.arange(low, high), size=k, replace=False)]


def _first_step_variant(rng):
    # three different cosines above the threshold 0.3, so that every word keeps both its edges; as in the
    # declared numbers, machine-algorithm is the weakest by at least 0.1, so that "learning" gains visibly
    s_ma = int(rng.integers(35, 61))
    s_ml, s_la = _cosines(rng, s_ma + 10, 96, k=2)
    return {"word": "learning", "s_ml": s_ml, "s_ma": s_ma / 100, "s_la": s_la, "threshold": 0.3,
            "damping": float(rng.choice([0.8, 0.85, 0.9]))}


def _share_sum(s_ml, s_ma, s_la):
    # what "learning" receives before damping: 1/3 of each neighbour's rank times weight / the neighbour's strength
    return (s_ml / (s_ml + s_ma) + s_la / (s_ma + s_la)) / 3


def _first_step_without_jump(word, s_ml, s_ma, s_la, threshold, damping):
    return damping * _share_sum(s_ml, s_ma, s_la)


def _first_step_own_strength(word, s_ml, s_ma, s_la, threshold, damping):
    # each weight divided by learning's own strength: the shares add up to 1/3, whatever the cosines
    return (1 - damping) / 3 + damping * (s_ml + s_la) / (s_ml + s_la) / 3


def _first_step_damping_swapped(word, s_ml, s_ma, s_la, threshold, damping):
    return damping / 3 + (1 - damping) * _share_sum(s_ml, s_ma, s_la)


def _diagonal(s_ma, s_la):
    return float((_similarity(0.0, s_ma, s_la) @ _similarity(0.0, s_ma, s_la) / 3)[2, 2])


def _diagonal_variant(rng):
    s_ma, s_la = _cosines(rng, 20, 96, k=2)
    return {"s_ma": s_ma, "s_la": s_la}


def _threshold_variant(rng):
    # learning-algorithm above the threshold, the two cosines of "machine" below it (and above the document's
    # 0.3, so that raising the threshold is what removes their edges); drawn again in the rare case where
    # removing the edges would not raise SC, which the solution says it does
    while True:
        s_la = int(rng.integers(72, 96))
        threshold = int(rng.integers(55, s_la))
        s_ml, s_ma = _cosines(rng, max(threshold - 20, 31), threshold, k=2)
        data = {"s_ml": s_ml, "s_ma": s_ma, "s_la": s_la / 100, "threshold": threshold / 100, "damping": 0.85,
                "direct_weight": 0.7}
        if _strict_sc(**data) > _strict_sc(**dict(data, threshold=0.3)):
            return data


def _strict_sc(s_ml, s_ma, s_la, threshold, damping, direct_weight):
    return semantic_coherence(_similarity(s_ml, s_ma, s_la), threshold=threshold, damping=damping,
                              direct_weight=direct_weight, indirect_weight=1 - direct_weight, words=WORDS).score


def _sc_threshold_not_raised(s_ml, s_ma, s_la, threshold, damping, direct_weight):
    return _strict_sc(s_ml, s_ma, s_la, 0.3, damping, direct_weight)


def _sc_equal_weights(s_ml, s_ma, s_la, threshold, damping, direct_weight):
    return semantic_coherence(_similarity(s_ml, s_ma, s_la), weights=[1 / 3] * 3, direct_weight=direct_weight,
                              indirect_weight=1 - direct_weight, words=WORDS).score


def _sc_isolated_word_dropped(s_ml, s_ma, s_la, threshold, damping, direct_weight):
    # "machine" given weight 0, the other two 1/2 each
    return semantic_coherence(_similarity(s_ml, s_ma, s_la), weights=[0, 0.5, 0.5], direct_weight=direct_weight,
                              indirect_weight=1 - direct_weight, words=WORDS).score


def _equal_weights_sc(s_ml, s_ma, s_la):
    return semantic_coherence(_similarity(s_ml, s_ma, s_la), weights=[1 / 3] * 3, words=WORDS).score


def _equal_weights_variant(rng):
    # cosines close enough (0.70 to 0.95) for PageRank's weights to be near-uniform, as the solution says
    s_ml, s_ma, s_la = _cosines(rng, 70, 96)
    return {"s_ml": s_ml, "s_ma": s_ma, "s_la": s_la}


def _s_h(s_ml, s_ma, s_la):
    # 0.7 S + 0.3 S S / 3, the diagonal of S S / 3 set to 1
    S = _similarity(s_ml, s_ma, s_la)
    indirect = S @ S / 3
    np.fill_diagonal(indirect, 1.0)
    return 0.7 * S + 0.3 * indirect


def _equal_weights_off_diagonal(s_ml, s_ma, s_la):
    # the mean of the six off-diagonal entries only
    h = _s_h(s_ml, s_ma, s_la)
    return float((h.sum() - np.trace(h)) / 6)


def _equal_weights_diagonal_kept(s_ml, s_ma, s_la):
    # the diagonal of S S / 3 left as computed, not set to 1
    S = _similarity(s_ml, s_ma, s_la)
    return float((0.7 * S + 0.3 * S @ S / 3).mean())


def _equal_weights_plain_cosines(s_ml, s_ma, s_la):
    # the mean of S itself: the indirect part S S / 3 forgotten
    return float(_similarity(s_ml, s_ma, s_la).mean())


def _step_inputs(rng):
    n = int(rng.integers(3, 7))
    W = rng.uniform(0.1, 1.0, size=(n, n))
    A = np.triu(W, 1)
    A = A + A.T                                  # symmetric, no self-loops, every word linked to every other
    return {"A": A, "damping": float(rng.uniform(0.5, 0.95))}


def _one_step(A, damping):
    # one PageRank step from the uniform start, as teachkit.semantic.centrality takes it
    return pagerank(A, damping=damping).history[1]


def _step_full_jump(A, damping):
    n = len(A)
    strength = A.sum(axis=1)
    return (1 - damping) + damping * (np.full(n, 1 / n) @ (A / strength[:, None]))


def _step_own_strength(A, damping):
    n = len(A)
    strength = A.sum(axis=1)
    return (1 - damping) / n + damping * (A @ np.full(n, 1 / n)) / strength


# -------------------------------------------------------- 05.7: reading an SC against 1/n (keywords at right angles)
_BARELY = "it is barely above what keywords with nothing in common would score"
_WELL_ABOVE_ZERO = "it is well above what keywords with nothing in common would score, since they score 0"
_PERCENT = "the score is the share of a perfect topic's coherence that these keywords reach"
_BELOW = "it is below what keywords with nothing in common would score"


def _chance_share(sc, n):
    """Where SC lies between the score of n unrelated keywords (their cosines 0) and a perfect 1."""
    chance = semantic_coherence(np.eye(n)).score
    return chance, (sc - chance) / (1 - chance)


def _reading_sc(sc, n):
    _, share = _chance_share(sc, n)
    if share <= 0:
        return _BELOW
    if share <= 0.25:
        return _BARELY
    raise ValueError("SC is well above 1/n here: this question's choices do not cover it")


def _sc_steps(sc, n):
    chance, share = _chance_share(sc, n)
    return {"chance": chance, "share": share}


# ---------------------------------------------------------------- 05.8: what a PageRank weight says
STAR = {"s_12": 0.8, "s_13": 0.7, "s_14": 0.75, "s_23": 0.2, "s_24": 0.25, "s_34": 0.15}
_CENTRAL = "it is the keyword most similar to the others: the graph's edges lead to it"
_FREQUENT = "it is the most frequent of the four words in the corpus"
_BELONGS = "it is the likeliest of the four to belong to the topic: its weight is that probability"
_READER = "it is the word a reader would name first as the topic's label"


def _star_weights(s_12, s_13, s_14, s_23, s_24, s_34, threshold):
    S = np.array([[1.0, s_12, s_13, s_14], [s_12, 1.0, s_23, s_24], [s_13, s_23, 1.0, s_34],
                  [s_14, s_24, s_34, 1.0]])
    A = np.where(S > threshold, S, 0.0)
    np.fill_diagonal(A, 0.0)
    return pagerank(A).weights


def _what_the_weight_says(s_12, s_13, s_14, s_23, s_24, s_34, threshold):
    w = _star_weights(s_12, s_13, s_14, s_23, s_24, s_34, threshold)
    if int(np.argmax(w)) == 0 and w[0] - np.sort(w)[-2] > 0.05:
        return _CENTRAL
    raise ValueError("the first keyword is not clearly the most central: this question is about one that is")


def _star_steps(s_12, s_13, s_14, s_23, s_24, s_34, threshold):
    w = _star_weights(s_12, s_13, s_14, s_23, s_24, s_34, threshold)
    return {"w_neural": float(w[0]), "w_rest": ", ".join(f"{x:.3f}" for x in w[1:])}


#: Every exercise on notebook 05's steps, declared here beside the helpers they use.  Notebook 05 asks
#: 05.5-05.8; 05.1-05.4 are notebook 05b's exercises, renumbered there (issue 49: 05 was
#: split, 05b is its practice session).
DECLARED = [
    Exercise(
        key="05.1",
        label="λ_learning after iteration 1",
        question="Another embedding model gives the same three words other cosines: machine–learning {s_ml:.2f}, "
                 "machine–algorithm {s_ma:.2f}, learning–algorithm {s_la:.2f}. Compute $\\lambda_\\text{{learning}}$ "
                 "after the **first** PageRank iteration (edges above the threshold {threshold}; start $1/3$ each; "
                 "$d = {damping}$).",
        data={"word": "learning", **OTHER_COSINES, "threshold": 0.3, "damping": 0.85},
        answer=_first_step,
        solution="“learning” receives from “machine” (strength {s_ml} + {s_ma}) and “algorithm” (strength "
                 "{s_ma} + {s_la}): λ = (1 − {damping})/3 + {damping} · (1/3 · {s_ml}/({s_ml} + {s_ma}) + "
                 "1/3 · {s_la}/({s_ma} + {s_la})) = {expected:.4f}. Each neighbour passes on the share "
                 "weight / *its own* strength.",
        right=("0.3890", "0,3890", "0.389", "0.39"),
        wrong=("0.3988", "0.3390", "0.3333", "0.3409"),   # no damping; no (1 - d)/3; own strength; the lesson's
        check={"percent": True},   # a share of a whole, so a percentage is one way to write it
        variant=_first_step_variant,
        mistakes=(_first_step_without_jump,       # the random-jump share (1 - d)/3 left out
                  _first_step_own_strength,       # each weight divided by learning's own strength
                  _first_step_damping_swapped),   # d and 1 - d swapped
    ),
    Exercise(
        key="05.2",
        label="(S S / 3)[algorithm, algorithm]",
        question="In another embedding model, “algorithm” has cosine {s_ma:.2f} with “machine”, {s_la:.2f} "
                 "with “learning” and 1 with itself. What does the formula give for the “algorithm” diagonal entry of "
                 "$S S / n$, $n = 3$ (the document sets such entries to 1)?",
        data={"s_ma": 0.45, "s_la": 0.75},
        # the diagonal entry of "algorithm" needs only its own row of S; machine-learning plays no part
        answer=_diagonal,
        solution="The “algorithm” diagonal entry of $S S$ is the sum of the squares of its row, so the entry of "
                 "$S S / 3$ is $({s_ma}^2 + {s_la}^2 + 1^2) / 3$ = {expected:.4f}: the mean squared similarity "
                 "of “algorithm”, below 1 because its similarities with the other two words are below 1.",
        right=("0.5883", "0,588", "0.59", "0.588"),
        # the document's; plain cosines; no 1 on the diagonal; the lesson's
        wrong=("1", "1.00", "0.7333", "0.255", "0.8156"),
        variant=_diagonal_variant,
        mistakes=(lambda s_ma, s_la: 1,                         # the document's 1, not the formula's value
                  lambda s_ma, s_la: (s_ma + s_la + 1) / 3,     # the cosines not squared
                  lambda s_ma, s_la: (s_ma ** 2 + s_la ** 2) / 3),   # the 1 of "algorithm" with itself left out
    ),
    Exercise(
        key="05.3",
        label="SC with threshold {threshold}",
        question="Raise the threshold to {threshold} (keep the document's other settings: $d = {damping}$, "
                 "$\\gamma_d = {direct_weight}$, PageRank weights, diagonal of $S S/n$ set to 1; cosines "
                 "machine–learning {s_ml:.2f}, machine–algorithm {s_ma:.2f}, learning–algorithm {s_la:.2f}). One "
                 "word loses both its edges: work out its PageRank weight, then SC. The threshold only shapes the "
                 "graph for PageRank: $S_h$ is built from the whole $S$, as in the document. Enter SC.",
        data={**COSINES, "threshold": 0.86, "damping": 0.85, "direct_weight": 0.7},
        answer=_strict_sc,
        steps=_isolated_steps,
        solution="Only learning–algorithm ({s_la}) is above {threshold}, so “machine” is isolated. A word without "
                 "edges spreads its rank over all words, itself included (networkx's dangling-node rule), so "
                 "λ = {jump:.2f} + {damping} · λ/{n_words}, λ = {jump:.2f} / (1 − {damping}/{n_words}) ≈ "
                 "{isolated_weight:.4f}; the other two share the rest. "
                 "SC is then dominated by the learning–algorithm block: SC = {expected:.4f}.",
        right=("0.9174", "0,917", "0.92"),
        wrong=("0.8917", "0.892", "1", "0.9175"),
        variant=_threshold_variant,
        mistakes=(_sc_threshold_not_raised,    # the document's threshold 0.3 kept: every edge still there
                  _sc_equal_weights,           # lambda = 1/3 each instead of PageRank's weights
                  _sc_isolated_word_dropped),  # the isolated word given weight 0
    ),
    Exercise(
        key="05.4",
        label="SC with equal weights",
        question="If every keyword had the same weight ($\\lambda = 1/3$ each), SC would be the plain mean of all "
                 "nine entries of $S_h = 0.7\\,S + 0.3\\,S S/3$ (diagonal of $S S/3$ set to 1; cosines {s_ml:.2f}, "
                 "{s_ma:.2f}, {s_la:.2f}). Compute it.",
        data=dict(COSINES),
        answer=_equal_weights_sc,
        solution="$S_h$ has three 1s on its diagonal and each off-diagonal pair twice; their mean is "
                 "{expected:.4f}, practically the PageRank-weighted value: with near-uniform λ the weighting "
                 "hardly matters.",
        right=("0.8915", "0,891", "0.89"),
        wrong=("0.8917", "0.8923", "0.85", "0.892"),
        variant=_equal_weights_variant,
        mistakes=(_equal_weights_off_diagonal,     # the three 1s of the diagonal left out of the mean
                  _equal_weights_diagonal_kept,    # the diagonal of S S / 3 not set to 1
                  _equal_weights_plain_cosines),   # S instead of S_h
    ),
    Prediction(
        key="05.6",
        label="rank of an isolated word",
        question="Raise the threshold to 0.86, so that “machine” loses both its edges (cosines 0.85, 0.82, 0.88; "
                 "$d = 0.85$, $n = 3$). Predict before you run: is its PageRank weight exactly the random-jump "
                 "share $(1-d)/n$, more, or less?",
        data={**COSINES, "threshold": 0.86, "damping": 0.85},
        answer=_isolated_share,
        choices=("exactly (1 − d)/n", "more than (1 − d)/n", "less than (1 − d)/n"),
        solution="{expected}: a word without links has nowhere to send its rank, and networkx spreads it over "
                 "all words, itself included, so it gets back $d/n$ of its own rank on top of the jump share. "
                 "The update rule taught above gives the same weight once its result is rescaled to sum to one, "
                 "as teachkit does: the rule alone leaves the isolated word exactly $(1-d)/n$, but the isolated "
                 "word's rank is lost at every step, the weights sum to less than one, and rescaling raises "
                 "every weight, the isolated word's to the weight networkx gives.",
    ),
    Implement(
        key="05.5",
        label="one PageRank step",
        question="Write `my_pagerank_step(A, damping)`: one PageRank iteration from the uniform start "
                 "$\\lambda_j = 1/n$ on the weighted adjacency matrix `A` (a symmetric numpy array, no word "
                 "without edges): $\\lambda_j \\leftarrow (1-d)/n + d \\sum_i \\lambda_i A_{ij} / "
                 "\\text{strength}_i$, where strength$_i$ is row $i$'s sum. Return the array of new weights. "
                 "The check compares it with `teachkit.pagerank(A, damping).history[1]` on 200 random graphs.",
        reference=_one_step,
        inputs=_step_inputs,
        template="def my_pagerank_step(A, damping):\n    return ...   # your code: an array of len(A) weights\n",
        wrong=(_step_full_jump, _step_own_strength),
        solution="```python\nimport numpy as np\n\ndef my_pagerank_step(A, damping):\n"
                 "    n = len(A)\n    rank = np.full(n, 1 / n)\n    strength = A.sum(axis=1)\n"
                 "    return (1 - damping) / n + damping * (rank / strength) @ A\n```\n\n"
                 "`(rank / strength) @ A` gives, for each word j, the sum over neighbours i of "
                 "rank_i · A_ij / strength_i: each neighbour divides by its **own** strength.",
    ),
    Interpretation(
        key="05.7",
        label="an SC against 1/n, the score of keywords at right angles",
        question="A topic of $n = 5$ keywords has semantic coherence SC = 0.30, computed with the document's "
                 "defaults. What does 0.30 say about the topic?",
        data={"sc": 0.30, "n": 5},
        answer=_reading_sc,
        steps=_sc_steps,
        choices=(_WELL_ABOVE_ZERO, _PERCENT, _BARELY, _BELOW),
        why={
            _WELL_ABOVE_ZERO: "keywords with nothing in common do not score 0: each word is similar to itself, so "
                              "SC of {n} keywords whose vectors are at right angles is {chance:.2f}, not 0.",
            _PERCENT: "SC has no 0 for 'no coherence' to count a percentage from: keywords whose vectors are at "
                      "right angles score {chance:.2f}, and negative cosines score less.",
            _BARELY: "{n} keywords whose vectors are at right angles score {chance:.2f} (their self-similarities "
                     "alone), so {sc} is only {share:.3f} of the way from there to a perfect 1.",
            _BELOW: "keywords whose vectors are at right angles score {chance:.2f}, less than {sc}: this topic is "
                    "above that score.",
        },
        solution="Keywords whose vectors are at right angles (cosine 0) still have similarity 1 with themselves, "
                 "so their SC is $1/n$ = {chance:.2f} for $n$ = {n}. SC = {sc} is ({sc} − {chance:.2f}) / (1 − "
                 "{chance:.2f}) = {share:.3f} of the way from that score to a perfect 1: barely above it. "
                 "Read an SC against $1/n$, never against 0. But $1/n$ is neither a floor nor a chance level: "
                 "negative cosines pull SC below it, and real embeddings give unrelated words positive cosines on "
                 "average, so random keywords score more (notebook 07 measures it). An SC this close to $1/n$ may "
                 "well be no better than chance.",
    ),
    Interpretation(
        key="05.8",
        label="what a PageRank weight says",
        question="A topic's four keywords *neural*, *network*, *training* and *data* have cosines 0.8, 0.7 and "
                 "0.75 between *neural* and each of the others, and 0.2, 0.25 and 0.15 among the other three "
                 "(network–training, network–data, training–data). With the threshold 0.3 and weighted PageRank, "
                 "*neural* gets by far the largest weight. What does its weight say about *neural*?",
        data={**STAR, "threshold": 0.3},
        answer=_what_the_weight_says,
        steps=_star_steps,
        choices=(_FREQUENT, _BELONGS, _CENTRAL, _READER),
        why={
            _FREQUENT: "PageRank here walks a graph built from the keywords' cosines only; no count of the "
                       "corpus goes in, so it cannot know which word is frequent.",
            _BELONGS: "the weights sum to 1 over the four keywords, so they share out centrality among them; a "
                      "probability of belonging would not have to add up to 1 across the words.",
            _CENTRAL: "above the threshold only *neural*'s three edges survive, so the walker keeps returning to "
                      "it: its weight is {w_neural:.3f} against {w_rest}.",
            _READER: "PageRank knows nothing of readers: it ranks by similarity in the embedding space, which "
                     "may or may not match what a person would call the topic.",
        },
        solution="Above the threshold 0.3 the graph is a star: *neural* is joined to each of the others, and they "
                 "to nothing else. A walker on it keeps coming back to the centre, so PageRank gives *neural* "
                 "{w_neural:.3f} and the others {w_rest}. The weight measures centrality in the similarity graph, "
                 "nothing about frequency, belonging or what a reader would say; in SC it makes the pairs with "
                 "*neural* count most.",
    ),
]

EXERCISES = [e for e in DECLARED if e.key not in ("05.1", "05.2", "05.3", "05.4")]
