"""Exercises of notebook 09 (choosing a topic model; agreement with people)."""

from ..agreement import spearman
from ..diversity import topic_diversity
from ..model_selection import HeldOutPerplexity
from . import Exercise, Prediction


def _perplexity_from_bound(bound):
    return HeldOutPerplexity(bound=bound, n_documents=1, n_words=1).perplexity


def _compare_with_gensims_figure(bound):
    result = HeldOutPerplexity(bound=bound, n_documents=1, n_words=1)
    if result.perplexity > result.gensim_logged:
        return "higher"
    return "lower" if result.perplexity < result.gensim_logged else "the same"


EXERCISES = [
    Exercise(
        key="09.1",
        label="perplexity from the bound",
        question="gensim's `log_perplexity` returns a per-word bound of $-4.2$ (nats, natural logarithms). "
                 "What perplexity does this bound imply?",
        data={"bound": -4.2},
        answer=_perplexity_from_bound,
        solution="The bound is a natural-log likelihood per word, so the perplexity is "
                 "$e^{{-\\text{{bound}}}} = e^{{4.2}}$ = {expected:.2f}. gensim's log line would print "
                 "$2^{{4.2}} \\approx 18.4$, which mixes the natural-log bound with base 2.",
        right=("66.7", "66,7", "66.69", "67"),
        wrong=("18.4", "4.2", "0.015", "16.0"),
    ),
    Prediction(
        key="09.2",
        label="e^(-bound) against gensim's 2^(-bound)",
        question="A model's held-out bound is $-7.0$ nats per word, and gensim's log line prints "
                 "$2^{7} = 128$ as its perplexity estimate. Is the perplexity the bound implies higher than "
                 "128, lower, or the same?",
        data={"bound": -7.0},
        answer=_compare_with_gensims_figure,
        choices=("lower", "the same", "higher"),  # the static hint shows the first choice as its example
        solution="**{expected}**: the bound is in nats, so the perplexity it implies is $e^{{7}} \\approx 1097$, "
                 "more than eight times gensim's printed 128. For any negative bound, $e^{{-b}} > 2^{{-b}}$: "
                 "gensim's figure is the true figure raised to the power $\\ln 2 \\approx 0.693$.",
    ),
    Exercise(
        key="09.3",
        label="Spearman's rho",
        question="Four topics have NPMI 0.10, 0.25, 0.05, 0.30 and mean human ratings 2.0, 2.6, 2.2, 2.8 (in "
                 "the same order). What is Spearman's rank correlation between NPMI and the ratings?",
        data={"npmi": (0.10, 0.25, 0.05, 0.30), "ratings": (2.0, 2.6, 2.2, 2.8)},
        answer=lambda npmi, ratings: spearman(npmi, ratings),
        solution="Ranks of NPMI: 2, 3, 1, 4; ranks of the ratings: 1, 3, 2, 4. The differences are 1, 0, −1, 0, "
                 "so $\\sum d^2 = 2$ and $\\rho = 1 - 6 \\cdot 2 / (4 \\cdot 15)$ = {expected:.1f}.",
        right=("0.8", "0,8", "4/5", "0.80"),
        wrong=("0.6", "0.2", "0.9", "-0.8"),
        check={"min_sig_figs": 1},
    ),
    Exercise(
        key="09.4",
        label="topic diversity",
        question="Three topics' top five words are *fire, smoke, blaze, homes, sydney*; *fire, crews, homes, "
                 "wind, blue*; *cricket, test, wicket, runs, sydney*. What is their topic diversity (the share "
                 "of distinct words among the 15)?",
        data={"topics": (("fire", "smoke", "blaze", "homes", "sydney"), ("fire", "crews", "homes", "wind", "blue"),
                         ("cricket", "test", "wicket", "runs", "sydney"))},
        answer=lambda topics: topic_diversity(topics, top_k=5),
        solution="*fire*, *homes* and *sydney* each appear twice, so 15 − 3 = 12 words are distinct: "
                 "12 / 15 = {expected:.1f}.",
        right=("0.8", "0,8", "12/15", "4/5", "80%"),
        wrong=("0.2", "0.6", "0.73", "0.9"),
        check={"min_sig_figs": 1},
    ),
]
