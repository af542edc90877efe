"""Exercises of notebook 09 (choosing a topic model; agreement with people)."""

import numpy as np

from ..agreement import spearman
from ..diversity import topic_diversity
from ..model_selection import HeldOutPerplexity
from . import Exercise, Implement, Prediction


def _perplexity_from_bound(nats):
    # The question gives the bound as "-<nats>"; the bound itself is negative.
    return HeldOutPerplexity(bound=-nats, n_documents=1, n_words=1).perplexity


def _times_gensims_figure(nats):
    result = HeldOutPerplexity(bound=-nats, n_documents=1, n_words=1)
    return result.perplexity / result.gensim_logged


def _diversity_steps(topics):
    # 09.4's worked solution: the words listed more than once, and the counts
    from collections import Counter

    seen = Counter(w for t in topics for w in t)
    repeated = [w for w in seen if seen[w] > 1]
    listed = sum(len(t) for t in topics)
    return {"repeated": ", ".join(f"*{w}*" for w in repeated[:-1]) + f" and *{repeated[-1]}*",
            "listed": listed, "extra": listed - len(seen), "distinct": len(seen),
            "times": "twice" if set(seen[w] for w in repeated) == {2} else "more than once"}


def _scores_with_ties(rng):
    n = int(rng.integers(5, 30))
    ratings = rng.integers(1, 4, size=n).astype(float)     # a 1-3 scale: many ties
    ratings[:2] = (1.0, 3.0)                                # never constant
    coherence = rng.normal(size=n).round(1)                 # rounding makes some ties too
    coherence[:2] = (-1.0, 1.0)
    return {"x": coherence.tolist(), "y": ratings.tolist()}


def _spearman_without_tie_correction(x, y):
    # Ordinal ranks (ties broken by position) in 1 - 6 sum d^2 / (n (n^2 - 1)): right only without ties.
    rx = np.argsort(np.argsort(x, kind="stable"), kind="stable") + 1
    ry = np.argsort(np.argsort(y, kind="stable"), kind="stable") + 1
    n = len(x)
    return 1 - 6 * float(np.sum((rx - ry) ** 2)) / (n * (n * n - 1))


def _pearson_of_the_scores(x, y):
    # Pearson's r of the raw scores, not of their ranks.
    return float(np.corrcoef(x, y)[0, 1])


EXERCISES = [
    Exercise(
        key="09.1",
        label="perplexity from the bound",
        question="gensim's `log_perplexity` returns a per-word bound of −4.2 (nats, natural logarithms). "
                 "What perplexity does this bound imply?",
        data={"nats": 4.2},
        answer=_perplexity_from_bound,
        solution="The bound is a natural-log likelihood per word, so the perplexity is "
                 "$e^{{-\\text{{bound}}}} = e^{{{nats}}}$ = {expected:.2f}. gensim's log line would print "
                 "$2^{{{nats}}}$, which mixes the natural-log bound with base 2.",
        right=("66.7", "66,7", "66.69", "67"),
        wrong=("18.4", "4.2", "0.015", "16.0"),
    ),
    Prediction(
        key="09.2",
        label="e^(-bound) over gensim's 2^(-bound)",
        question="A model's held-out bound is −7 nats per word, and gensim's log line prints $2^{7}$ as its "
                 "perplexity estimate. Predict, without a calculator: how many times larger than gensim's "
                 "figure is the perplexity the bound implies, $e^{7}$?",
        data={"nats": 7},
        answer=_times_gensims_figure,
        solution="$e^{{{nats}}} / 2^{{{nats}}} = (e/2)^{{{nats}}}$ = {expected:.2f}: gensim's figure is the true "
                 "one raised to the power $\\ln 2$, so the gap grows quickly as the bound gets more negative.",
        right=("8.6", "8,6", "8.57", "9"),
        wrong=("1", "2.7", "128", "1.4"),
        check={"min_sig_figs": 1},
    ),
    Implement(
        key="09.3",
        label="Spearman's rho with ties",
        question="Complete `my_spearman(x, y)`: Spearman's rank correlation of two lists of scores, where tied "
                 "values share the mean of the ranks they occupy (human ratings on a 1–3 scale are full of "
                 "ties). Rank each list, then take Pearson's correlation of the two rank lists.",
        reference=lambda x, y: spearman(x, y),
        inputs=_scores_with_ties,
        template="def my_spearman(x, y):\n    ...",
        wrong=(_spearman_without_tie_correction, _pearson_of_the_scores),
        solution="Average ranks: sort the values; a run of equal values at positions i..j (counting from 1) "
                 "gets (i + j) / 2 each. Then Pearson's r of the rank lists: the sum of the products of their "
                 "deviations from their means, divided by the square root of the product of their sums of "
                 "squares. The shortcut 1 − 6Σd²/(n(n²−1)) is right only when there are no ties.",
    ),
    Exercise(
        key="09.4",
        label="topic diversity",
        question="Three topics' top five words are *fire, smoke, blaze, homes, sydney*; *fire, crews, homes, "
                 "wind, blue*; *cricket, test, wicket, runs, sydney*. What is their topic diversity (the share "
                 "of distinct words among all the words listed)?",
        data={"topics": (("fire", "smoke", "blaze", "homes", "sydney"), ("fire", "crews", "homes", "wind", "blue"),
                         ("cricket", "test", "wicket", "runs", "sydney"))},
        answer=lambda topics: topic_diversity(topics, top_k=5),
        steps=_diversity_steps,
        solution="{repeated} each appear {times}, so {listed} − {extra} = {distinct} of the {listed} words are "
                 "distinct: {distinct} / {listed} = {expected:.1f}.",
        right=("0.8", "0,8", "12/15", "4/5", "80%"),
        wrong=("0.2", "0.6", "0.73", "0.9"),
        check={"min_sig_figs": 1, "percent": True},
    ),
]
