"""Exercises of notebook 10 (the capstone: evaluating topic models of the Lee corpus end to end).

The answers are computed from the capstone's own sweep and data (:mod:`teachkit.course.exercises.capstone`):
the LDA models are trained once per session, so asking these questions costs a few seconds the first time.
"""

import itertools
from fractions import Fraction

import numpy as np

from ...coherence.topic_npmi import coherence_from_pairs

from . import Exercise, Implement, Interpretation, Prediction
from . import capstone

# ---------------------------------------------------------------- 10.1: the same topics on another corpus
# NPMI's fall on lee.cor is no prediction any more (notebook 08b prints it); UMass's rise is the surprise.
_HIGHER, _SAME, _LOWER = "higher on lee.cor", "about the same", "lower on lee.cor"
#: Two mean UMass values closer than this are "about the same" (the K = 5 means differ by about 0.2).
_SAME_WITHIN = 0.05


def _reference_means(ks, seeds, measure="u_mass"):
    """Mean ``measure`` of the K = best_k("c_npmi_documents") topics, mean over seeds: on the training split and
    on lee.cor."""
    from ...coherence.measures import coherence_per_topic
    from ...evaluation.model_selection import split_documents

    table = capstone.sweep(ks, seeds)
    k = table.best_k("c_npmi_documents")
    s = capstone.SWEEP_SETTINGS
    train, _ = split_documents(capstone.lee_texts(), s["heldout"], seed=s["split_seed"])
    return tuple(float(np.mean([coherence_per_topic(list(table.topics[(k, seed)]), texts, measure).mean
                                for seed in seeds])) for texts in (train, capstone.separate_texts()))


def _separate_vs_training(ks, seeds):
    training, separate = _reference_means(ks, seeds)
    if abs(separate - training) < _SAME_WITHIN:
        return _SAME
    return _HIGHER if separate > training else _LOWER


# ---------------------------------------------------------------- 10.2: a score on a small reference corpus
_INCOHERENT = "the topic is incoherent: its words do not belong together"
_TOO_SMALL = ("its level mostly says the corpus is too small for these words to meet: compare it only with word "
              "lists scored on the same corpus")
_TRAINING = "the score on the training articles is the topic's true coherence; this one can be ignored"
_UMASS = "NPMI fails on small corpora; a measure without this problem, such as UMass, gives the true value"


def _pair_scores(words, never, met_mean):
    """{(word_i, word_j): NPMI} for a topic of ``words`` words whose first ``never`` pairs never meet."""
    names = [f"w{i}" for i in range(words)]
    pairs = list(itertools.combinations(names, 2))
    if not 0 < never < len(pairs):
        raise ValueError("never must be between 0 and the number of pairs")
    return {pair: (-1.0 if i < never else met_mean) for i, pair in enumerate(pairs)}


def _small_corpus_reading(words, never, met_mean):
    scores = _pair_scores(words, never, met_mean)
    if met_mean > 0 and never / len(scores) > 0.5:
        return _TOO_SMALL
    if met_mean <= 0:
        return _INCOHERENT
    raise ValueError("most pairs meet: this question's choices do not cover it")


def _small_corpus_steps(words, never, met_mean):
    scores = _pair_scores(words, never, met_mean)
    return {"pairs": len(scores), "met": len(scores) - never, "score": coherence_from_pairs(scores).mean,
            "share": Fraction(never, len(scores))}


# ---------------------------------------------------------------- 10.3: agreement with people
_MODERATE = "people and the measure agree, but only moderately: the interval lies above zero and far below 1"
_NONE = "there is no evidence that they agree: the interval contains zero"
_STAND_IN = "the measure can stand in for people: a positive correlation means it ranks topics as they do"
_SHARE = "the measure and people agree on about that share of the topics"


def _agreement(measure, corpus, judgement):
    from ...evaluation.agreement import bootstrap_spearman
    from ...evaluation.human_ratings import load_human_ratings

    people = load_human_ratings().select(corpus=corpus)
    x = people.column(capstone.HUMAN_COLUMN[measure])
    keep = ~np.isnan(x)
    return bootstrap_spearman(x[keep], people.column(judgement)[keep], n_resamples=capstone.N_RESAMPLES,
                              level=capstone.LEVEL, seed=capstone.BOOTSTRAP_SEED)


def _what_agreement_says(measure, corpus, judgement):
    result = _agreement(measure, corpus, judgement)
    if result.low > 0 and result.high < 0.9:
        return _MODERATE
    if result.low <= 0 <= result.high:
        return _NONE
    raise ValueError("the interval lies below zero or reaches 0.9: this question's choices do not cover it")


# ---------------------------------------------------------------- 10.4: the mean over seeds
def _seeds_variant(rng):
    # two seeds close together (5 to 25 thousandths apart), the third 35 to 70 thousandths below the lower of
    # them, in any of the three places: the mean, and a spread the mean alone would hide
    first = int(rng.integers(80, 161))
    second = first + int(rng.choice([-1, 1])) * int(rng.integers(5, 26))
    low = min(first, second) - int(rng.integers(35, 71))
    values = [first, second, low]
    rng.shuffle(values)
    return {f"seed_{i}": round(v / 1000, 3) for i, v in enumerate(values)}


def _midrange(seed_0, seed_1, seed_2):
    # a mistake: halfway between the lowest and the highest seed, as if the report's two ends made the mean
    return (min(seed_0, seed_1, seed_2) + max(seed_0, seed_1, seed_2)) / 2


# ---------------------------------------------------------------- 10.5: the paired bootstrap of the report
#: The level of the interval is one a report uses: 95%, or Bonferroni's 1 - 0.05 / (Ks compared - 1).
_LEVELS = (0.95, 0.975, 1 - 0.05 / 3, 0.9875)


def _paired_bootstrap(a, b, tokens, n_resamples, level, seed):
    from ...evaluation.significance import bootstrap_difference

    interval = bootstrap_difference(a, b, tokens=tokens, n_resamples=n_resamples, level=level, seed=seed)
    return interval.statistic, interval.low, interval.high


def _paired_inputs(rng):
    n = int(rng.integers(5, 30))
    tokens = [int(t) for t in rng.integers(10, 160, n)]                # as the Lee held-out articles: 12 to 156
    per_token = rng.normal(-7.0, 0.5, n)                                # nats per token under the model at K
    a = [round(float(p * t), 3) for p, t in zip(per_token, tokens)]    # each article's total bound, nats
    b = [round(float((p - rng.normal(0.05, 0.1)) * t), 3) for p, t in zip(per_token, tokens)]
    # numpy arrays, as capstone.document_loglik and capstone.heldout_tokens give them: a function written for
    # those (a - b) must pass (reader z39's raised TypeError on lists), and one written for lists still does
    return {"a": np.array(a), "b": np.array(b), "tokens": np.array(tokens, dtype=float),
            "n_resamples": int(rng.integers(100, 1000)),
            "level": float(_LEVELS[int(rng.integers(len(_LEVELS)))]), "seed": int(rng.integers(2**31))}


def _per_article_bootstrap(a, b, tokens, n_resamples, level, seed):
    # the mistake the report must not make: each article's per-token difference, then their plain mean (a
    # 12-token article weighs as much as a 156-token one)
    a, b, tokens = (np.asarray(v, dtype=float) for v in (a, b, tokens))
    d = a / tokens - b / tokens
    rows = np.random.default_rng(seed).integers(0, d.size, (n_resamples, d.size))
    low, high = np.quantile(d[rows].mean(axis=1), [(1 - level) / 2, (1 + level) / 2])
    return float(d.mean()), float(low), float(high)


def _unpaired_bootstrap(a, b, tokens, n_resamples, level, seed):
    # a and b resampled each on its own: the pairing (the same article under both Ks) is lost
    a, b, tokens = (np.asarray(v, dtype=float) for v in (a, b, tokens))
    rng = np.random.default_rng(seed)
    i, j = rng.integers(0, a.size, (n_resamples, a.size)), rng.integers(0, a.size, (n_resamples, a.size))
    d = a[i].sum(axis=1) / tokens[i].sum(axis=1) - b[j].sum(axis=1) / tokens[j].sum(axis=1)
    low, high = np.quantile(d, [(1 - level) / 2, (1 + level) / 2])
    return float((a - b).sum() / tokens.sum()), float(low), float(high)


def _uncorrected_bootstrap(a, b, tokens, n_resamples, level, seed):
    # the 95% interval whatever the level asked: no correction for the Ks compared
    return _paired_bootstrap(a, b, tokens, n_resamples, 0.95, seed) if level != 0.95 else \
        _paired_bootstrap(a, b, tokens, n_resamples, 0.9, seed)


EXERCISES = [
    Prediction(
        key="10.1",
        label="the same topics' UMass on a separate corpus",
        question="The sweep above trained LDA with K = 5, 10, 20 and 30 topics, seeds 0, 1 and 2. The next cell "
                 "scores the topics of the models at the K that NPMI picks with each measure, on the training "
                 "articles and on `lee.cor` (other articles from the same news service, far fewer tokens: see the "
                 "counts at the top). Notebook 08b showed what NPMI does on `lee.cor`: it falls far below its "
                 "value on the training texts, since most pairs of topic words never meet there. Now UMass "
                 "(`u_mass`: whole articles, each pair scored $\\log\\,((D(w_i, w_j) + 1) / D(w_j))$ "
                 "with $D$ counting articles). Predict before you run it: the mean UMass of the same topics on "
                 "`lee.cor`, compared with the training articles, is:",
        data={"ks": (5, 10, 20, 30), "seeds": (0, 1, 2)},
        answer=_separate_vs_training,
        choices=(_HIGHER, _SAME, _LOWER),
        # given, so that loading the exercises does not train the sweep; the tests check them against answer
        right=(_HIGHER,), wrong=(_SAME, _LOWER),
        solution="{expected}, although most pairs of topic words never share an article there. UMass divides "
                 "a pair's count by $D(w_j)$, the number of articles holding the higher-ranked word. `lee.cor` is "
                 "small, so a topic word sits in only a few of its articles: a pair that never meets costs just "
                 "$\\log(1 / D(w_j))$, and a pair that meets scores the log of a ratio not far below 1; among "
                 "the training articles the same words sit in dozens of articles and most pairs meet in only "
                 "some of them. A higher UMass on a tiny corpus says how small the corpus is, not that the topics "
                 "are better: NPMI, which scores a pair that never meets −1, falls there instead.",
    ),
    Interpretation(
        key="10.2",
        label="NPMI on a small reference corpus",
        question="A topic's 10 words are scored with NPMI (`c_npmi`) on a small separate corpus. 30 of their "
                 "pairs never share a window there and score −1; the pairs that do meet have a mean NPMI of 0.3. "
                 "The topic's score is far below zero. What does that say?",
        data={"words": 10, "never": 30, "met_mean": 0.3},
        answer=_small_corpus_reading,
        steps=_small_corpus_steps,
        choices=(_INCOHERENT, _TOO_SMALL, _TRAINING, _UMASS),
        why={
            _INCOHERENT: "the score cannot say that on its own. It is low because {share} of the pairs never met, "
                         "and in a small corpus even related words often miss each other: a pair that never meets "
                         "is weak evidence against. Only word lists scored on the same corpus show what a low "
                         "score is there. (Nor are the pairs that do meet evidence for the topic: in so small a "
                         "corpus almost any two words that share a window score high, related or not.)",
            _TOO_SMALL: "{never} of the {pairs} pairs score −1 only for never meeting, and the {met} that meet "
                        "score as almost any pair that meets in so small a corpus does, so the mean of "
                        "{score:.3f} measures the corpus's size more than the topic. It says something only "
                        "against other topics or random word lists scored on the same corpus, never against zero "
                        "or the training score.",
            _TRAINING: "the training articles flatter the topic: its words were put together because they met "
                       "there. The separate corpus is the fairer test, if it is large enough.",
            _UMASS: "UMass counts documents in whatever reference it is given (section 3 scores it on `lee.cor` "
                    "too), and on a corpus this small it lacks evidence about most pairs just as NPMI does: it "
                    "only penalises a pair that never meets differently. No measure finds evidence the corpus "
                    "does not hold.",
        },
        solution="The {pairs} pairs: {never} score −1, {met} score {met_mean}, so the topic's NPMI is "
                 "({never} × (−1) + {met} × {met_mean}) / {pairs} = {score:.3f}. The score is low because "
                 "{share} of the pairs never met, in a corpus too small to hold them; and the positive NPMI of "
                 "the pairs that meet says little for the topic, since in so small a corpus two words that share "
                 "a window at all can score high without being related (on `lee.cor`, random pairs of the 400 "
                 "commonest training words that meet average a higher NPMI than the pairs that meet among the "
                 "topic words of nine models, K = 5, 10 and 20 with seeds 0 to 2). Its level cannot be read "
                 "against zero or the training score; against word lists on the same corpus it still says "
                 "something (on `lee.cor`, random lists of common training words score lower on average than "
                 "those nine models' topics). Report how many topic words "
                 "and pairs the reference corpus holds, "
                 "and prefer a reference large enough for the topic words to meet (section 3's `lee.cor` has "
                 "about two thousand tokens).",
    ),
    Interpretation(
        key="10.3",
        label="what the agreement with people says",
        question="Hoyle et al.'s topics of the `wikitext` corpus each have the authors' `c_npmi` score and "
                 "people's mean `rating`. Spearman's ρ between the two, with its bootstrap interval "
                 "(the cell above computes it), says:",
        data={"measure": "c_npmi", "corpus": "wikitext", "judgement": "rating"},
        answer=_what_agreement_says,
        choices=(_MODERATE, _NONE, _STAND_IN, _SHARE),
        right=(_MODERATE, "a"), wrong=(_NONE, _STAND_IN, _SHARE),     # given: the bootstrap runs when asked
        why={
            _MODERATE: "the whole interval is above zero, so some agreement is beyond chance, and its upper end "
                       "is far from 1, so much disagreement remains.",
            _NONE: "look at the interval's lower end: it is above zero, so chance alone does not explain "
                   "this correlation.",
            _STAND_IN: "a correlation this far from 1 leaves many pairs of topics that the measure and people "
                       "rank in opposite orders: it can inform a choice, not replace asking people.",
            _SHARE: "ρ is a correlation of ranks, not a share of topics: it says how consistently the two "
                    "orderings agree, not on how many topics.",
        },
        solution="The interval excludes zero, so the measure does track people's judgement, but it stays far "
                 "from 1: far from perfectly. Report the "
                 "interval, and say that it is the *authors'* scores, on their reference corpus, that were "
                 "compared: a different reference or window gives other scores.",
    ),
    Exercise(
        key="10.4",
        label="the report's coherence over seeds",
        question="A classmate's three seeds give their chosen model a coherence of {seed_0:.3f}, {seed_1:.3f} and "
                 "{seed_2:.3f}. "
                 "The report states the mean over seeds beside the lowest and the highest seed. What mean "
                 "does it state?",
        data={"seed_0": 0.113, "seed_1": 0.052, "seed_2": 0.098},
        answer=lambda seed_0, seed_1, seed_2: float(np.mean([seed_0, seed_1, seed_2])),
        steps=lambda seed_0, seed_1, seed_2: {"total": seed_0 + seed_1 + seed_2,
                                              "low": min(seed_0, seed_1, seed_2),
                                              "high": max(seed_0, seed_1, seed_2)},
        solution="({seed_0:.3f} + {seed_1:.3f} + {seed_2:.3f}) / 3 = {total:.3f} / 3 = {expected:.4f}, reported "
                 "with the spread from {low:.3f} to {high:.3f}: the mean alone would hide that one seed is far below "
                 "the others.",
        right=("0.0877", "0,0877", "0.088", "0.08767"),
        wrong=("0.263", "0.061", "0.0825", "0.098"),
        variant=_seeds_variant,
        mistakes=(lambda seed_0, seed_1, seed_2: seed_0 + seed_1 + seed_2,      # the sum, not divided by 3
                  _midrange,                                                   # (lowest + highest) / 2
                  lambda seed_0, seed_1, seed_2: sorted([seed_0, seed_1, seed_2])[1]),    # the median
    ),
    Implement(
        key="10.5",
        label="The paired bootstrap of the report",
        question="Write `my_paired_bootstrap(a, b, tokens, n_resamples, level, seed)`, the comparison of K "
                 "with the runner-up in your report: `a[i]` and `b[i]` are the same held-out article's bound, "
                 "its document part summed over its tokens (nats, as `capstone.document_loglik` gives it), under "
                 "the two models, `tokens[i]` its "
                 "number of tokens. Return `(difference, low, high)`: the difference per token, "
                 "`sum(a[i] - b[i]) / sum(tokens[i])` (a ratio of sums, as a cross-entropy over several "
                 "articles is: not the mean of each article's per-token difference), and the ends of its "
                 "percentile bootstrap interval at `level`. Draw all the resamples at once, "
                 "`numpy.random.default_rng(seed).integers(0, n, (n_resamples, n))` (one row of article indices "
                 "per resample), take each row's summed differences over its summed tokens, and "
                 "`numpy.quantile` them at `(1 - level) / 2` and `(1 + level) / 2`. The check compares it with "
                 "teachkit's paired bootstrap on 50 random inputs, and refuses a function that calls it; the "
                 "grader adds inputs of its own.",
        reference=_paired_bootstrap,
        inputs=_paired_inputs,
        template="def my_paired_bootstrap(a, b, tokens, n_resamples, level, seed):\n"
                 "    return ...   # your code: (difference per token, low, high)\n",
        wrong=(_per_article_bootstrap, _unpaired_bootstrap, _uncorrected_bootstrap),
        rtol=1e-9, atol=1e-12, trials=50, forbidden=("bootstrap_difference",),
        solution="```python\nimport numpy as np\n\ndef my_paired_bootstrap(a, b, tokens,\n"
                 "                        n_resamples, level, seed):\n"
                 "    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)\n"
                 "    n = np.asarray(tokens, dtype=float)\n"
                 "    rows = np.random.default_rng(seed).integers(0, d.size, (n_resamples, d.size))\n"
                 "    ratios = d[rows].sum(axis=1) / n[rows].sum(axis=1)\n"
                 "    low, high = np.quantile(ratios, [(1 - level) / 2, (1 + level) / 2])\n"
                 "    return d.sum() / n.sum(), low, high\n```\n\n"
                 "Resampling the articles keeps each article's two bounds and its tokens together: an article "
                 "that is hard for both models moves both, and the pairing takes that out of the comparison. "
                 "Dividing the summed differences by the summed tokens weighs each article by its tokens, as a "
                 "perplexity does; the mean of the articles' per-token differences would let a 12-token "
                 "article count as much as a 156-token one. Resampling `a` and `b` each on its own gives a "
                 "wider interval that ignores the pairing.",
    ),
]
