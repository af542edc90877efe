"""Notebook 10's exercise answers, worked out by hand (10.1 and 10.3 from what decides them; see below)."""

from fractions import Fraction

PINS = {
    # UMass scores a pair log((D(w_i, w_j) + 1) / D(w_j)), D counting articles. lee.cor has 50 articles, so a
    # topic word sits in a few of them and a pair that never meets costs only log(1 / D(w_j)), near 0 for a
    # rare word; the 240 training articles hold the same words in dozens of articles, where a pair meeting in
    # a few of them scores log(few / dozens). So the mean rises on lee.cor although most pairs never meet there
    # (tests/test_capstone.py counts UMass by brute force on both corpora, on models trained with gensim
    # directly, and checks the rise; it also checks NPMI's fall, which notebook 08b already prints).
    "10.1": "higher on lee.cor",
    # 10 words -> 45 pairs; 30 never meet (two thirds, more than half) and the 15 that meet average +0.3
    # (referee z41: its level, not the score against word lists on the same corpus, is what the small corpus spoils)
    "10.2": ("its level mostly says the corpus is too small for these words to meet: compare it only with word "
             "lists scored on the same corpus"),
    # notebook 09 reports NPMI against the mean rating on wikitext as rho 0.43 with an interval of roughly
    # [0.27, 0.56]: above zero, far below 1 (tests/test_capstone.py recomputes rho with scipy)
    "10.3": "people and the measure agree, but only moderately: the interval lies above zero and far below 1",
    # (0.113 + 0.052 + 0.098) / 3 = 0.263 / 3 = 0.08767
    "10.4": 0.263 / 3,
    "10.5": lambda a, b, tokens, n_resamples, level, seed: _paired_by_hand(a, b, tokens, n_resamples, level, seed),
}


def _paired_by_hand(a, b, tokens, n_resamples, level, seed):
    """The paired bootstrap per token written out: each article's difference and tokens kept together, one row of
    article indices per resample, each row's summed differences over its summed tokens, linear quantiles."""
    import numpy as np

    d = [x - y for x, y in zip(a, b)]
    rows = np.random.default_rng(seed).integers(0, len(d), (n_resamples, len(d)))
    ratios = sorted(sum(d[i] for i in row) / sum(tokens[i] for i in row) for row in rows)

    def quantile(q):                     # numpy's default: linear between the order statistics
        h = (len(ratios) - 1) * q
        lo = int(h)
        return ratios[lo] + (h - lo) * (ratios[min(lo + 1, len(ratios) - 1)] - ratios[lo])
    return sum(d) / sum(tokens), quantile((1 - level) / 2), quantile((1 + level) / 2)

STEPS = {
    # (30 × (−1) + 15 × 0.3) / 45 = (−30 + 4.5) / 45 = −25.5 / 45 = −0.5667
    "10.2": {"pairs": 45, "met": 15, "score": -25.5 / 45, "share": Fraction(2, 3)},
    "10.4": {"total": 0.263, "low": 0.052, "high": 0.113},
}


# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).
PIN_FUNCTIONS = {
    "10.4": lambda seed_0, seed_1, seed_2: (seed_0 + seed_1 + seed_2) / 3,      # the mean of the three seeds
}

STEP_FUNCTIONS = {
    "10.4": lambda seed_0, seed_1, seed_2: {
        "total": seed_0 + seed_1 + seed_2,
        "low": seed_0 if seed_0 <= seed_1 and seed_0 <= seed_2 else seed_1 if seed_1 <= seed_2 else seed_2,
        "high": seed_0 if seed_0 >= seed_1 and seed_0 >= seed_2 else seed_1 if seed_1 >= seed_2 else seed_2},
}
