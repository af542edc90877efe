"""Facts that notebooks 02-07 and 11 state in prose, each checked against a value derived independently.

Each test names the notebook and the claim; the expected values are worked out by hand here or computed by
a reference library (networkx, scipy), never by the teachkit function under test.
"""

import math

import networkx as nx
import numpy as np
import pytest

import teachkit as tk
from teachkit.lm.smoothing import KneserNey


@pytest.mark.parametrize("n", [2, 3, 5, 10])
def test_05_sc_of_unrelated_words_is_one_over_n(n):
    # orthogonal keywords: no edges, uniform PageRank 1/n, only the n diagonal entries (1) count: n / n^2
    assert tk.semantic_coherence(np.eye(n)).score == pytest.approx(1 / n, rel=1e-12)


@pytest.mark.parametrize("d", [0.5, 0.85, 0.95])
def test_05_an_isolated_word_keeps_more_than_the_random_jump_share(d):
    # threshold 0.86 keeps only learning-algorithm; machine is a dangling node
    S = np.array([[1.0, 0.85, 0.82], [0.85, 1.0, 0.88], [0.82, 0.88, 1.0]])
    sc = tk.semantic_coherence(S, threshold=0.86, damping=d, words=["machine", "learning", "algorithm"])
    assert sc.isolated == ["machine"] or tuple(sc.isolated) == ("machine",)
    by_hand = ((1 - d) / 3) / (1 - d / 3)          # lambda = (1 - d)/n + d lambda / n
    G = nx.Graph()
    G.add_nodes_from(["machine", "learning", "algorithm"])
    G.add_edge("learning", "algorithm", weight=0.88)
    reference = nx.pagerank(G, alpha=d, weight="weight", tol=1e-12)["machine"]
    assert sc.weights[0] == pytest.approx(by_hand, rel=1e-9)
    assert sc.weights[0] == pytest.approx(reference, rel=1e-6)
    assert sc.weights[0] > (1 - d) / 3


def test_05_indirect_similarity_contains_two_direct_terms():
    S = np.array([[1.0, 0.85, 0.82], [0.85, 1.0, 0.88], [0.82, 0.88, 1.0]])
    indirect = (S @ S / 3)[0, 1]
    # (S S)_01 = S_00 S_01 + S_01 S_11 + S_02 S_21 = 2 S_01 + S_02 S_21
    assert indirect == pytest.approx((2 * 0.85 + 0.82 * 0.88) / 3, rel=1e-12)


def test_06_semdiv_semantic_part_is_the_mean_sd():
    C = np.array([[1.0, 0.245, 0.782], [0.245, 1.0, 0.198], [0.782, 0.198, 1.0]])
    div = tk.semantic_diversity(None, [0, 0, 1, 0, 2, 2, 1, 2, 0, 1], similarity=C)
    by_hand = ((1 - 0.245) / 2 + (1 - 0.782) / 2 + (1 - 0.198) / 2) / 3
    assert div.semantic == pytest.approx(by_hand, rel=1e-12)
    assert div.semantic == tk.distinctiveness(similarity=C).mean


def test_02_a_pair_in_every_window_under_the_three_conventions():
    # exact definition: the limit +1; guide's code: -log P = -log 1 = 0, guarded to 0; gensim: log(1+e)/-log(1+e)
    assert tk.npmi_from_counts(10, 10, 10, 10) == pytest.approx(1.0)
    assert tk.npmi_from_counts(10, 10, 10, 10, eps=1e-12, smoothing="guide") == 0.0
    assert tk.npmi_from_counts(10, 10, 10, 10, eps=1e-12, smoothing="gensim") == pytest.approx(-1.0)


def test_03_dropping_the_lowest_score_never_lowers_the_mean():
    rng = np.random.default_rng(1)
    for scores in rng.normal(0.3, 0.15, size=(200, 5)):
        report = tk.CoherenceReport.from_scores(scores)
        worst = report.ranked()[-1][0]
        assert report.without(worst).mean >= report.mean
        assert report.without(worst).mean == pytest.approx((scores.sum() - scores.min()) / 4, rel=1e-12)


def test_03_rounding_one_probability_at_a_time():
    exact = (42 / 45_000, 312 / 45_000, 156 / 45_000)
    ratio = lambda p_xy, p_x, p_y: math.exp(tk.pmi(p_xy, p_x, p_y))       # noqa: E731
    assert ratio(*exact) == pytest.approx(42 * 45_000 / (312 * 156), rel=1e-12)            # 38.8
    assert ratio(exact[0], exact[1], 0.003) == pytest.approx((42 / 45_000) / (312 / 45_000 * 0.003), rel=1e-12)
    assert round(ratio(exact[0], exact[1], 0.003), 1) == 44.9
    assert round(ratio(0.0009, 0.007, 0.003), 1) == 42.9


def test_04_only_unk_reserves_mass_for_unseen_words():
    training = "Alice wonders what is happening in Wonderland".split()
    plain = tk.BigramLM(training, alpha=1, vocabulary="training", denominator="context")
    row = sum(plain.prob("Alice", w) for w in plain.vocabulary)
    assert row == pytest.approx(1.0)
    assert plain.prob("Alice", "dreams") == pytest.approx(1 / 8)      # (0 + 1) / (1 + 7): on top of a full row
    unk = tk.BigramLM(training, alpha=1, vocabulary="with-unk", denominator="context")
    assert sum(unk.prob("Alice", w) for w in unk.vocabulary) == pytest.approx(1.0)
    assert unk.prob("Alice", "dreams") == unk.prob("Alice", "<UNK>") == pytest.approx(1 / 9)


def test_04_training_perplexity_falls_to_one_while_held_out_grows():
    training = "Alice wonders what is happening in Wonderland".split()
    held_out = "Alice wonders what is in Wonderland".split()
    model = tk.BigramLM(training, alpha=1e-9)
    # every training bigram: (1 + a) / (1 + 7a) -> 1; the new bigram "is in": a / (1 + 7a)
    a = 1e-9
    assert tk.perplexity(model, training) == pytest.approx(((1 + 7 * a) / (1 + a)), rel=1e-9)
    by_hand = (((1 + 7 * a) / (1 + a)) ** 4 * ((1 + 7 * a) / a)) ** (1 / 5)
    assert tk.perplexity(model, held_out) == pytest.approx(by_hand, rel=1e-9)


def test_07_auc_ratio_can_exceed_two_when_the_weaker_metric_is_below_chance():
    good = [1, 2, 3, 4]
    assert tk.roc_auc(good, [0, 0.5, 1.5, 5]) == pytest.approx(11 / 16)
    assert tk.roc_auc(good, [2.5, 3.5, 4.5, 5.5]) == pytest.approx(3 / 16)
    assert tk.roc_auc(good, [0, 0.5, 1.5, 5]) / tk.roc_auc(good, [2.5, 3.5, 4.5, 5.5]) > 2


# ---------------------------------------------------------------- 04d: smoothing as the toolkits do it
# The numbers 04d's prose states, each derived here without the teachkit function that prints it: n-grams counted
# with collections.Counter, perplexities read by KenLM from the ARPA files teachkit writes (KenLM's own
# "excluding OOVs" flag), add-α and a back-off weight by hand, the bootstrap interval by scipy.


def _lee_04d():
    articles = [list(a) for a in tk.lee_background()]
    assert len(articles) == 300
    return articles[:250], articles[250:]          # "the first 250 train, the last 50 are held out"


def _kenlm_perplexities(lm, held, tmp_path, name):
    """KenLM's scores of teachkit's ARPA file on the held-out articles: the perplexity counting OOVs, the
    perplexity excluding them, the model, and per article the sum of log2 P and the count of in-vocabulary
    predictions (KenLM's own OOV flag)."""
    kenlm = pytest.importorskip("kenlm", reason="KenLM is a test dependency: make test installs it")
    path = tmp_path / f"{name}.arpa"
    tk.write_arpa(lm, path)
    model = kenlm.Model(str(path))
    per_doc = [list(model.full_scores(" ".join(doc))) for doc in held]      # (log10 P, n-gram length, oov)
    scores = [s for doc in per_doc for s in doc]
    every = 10 ** (-sum(s[0] for s in scores) / len(scores))
    known = [s[0] for s in scores if not s[2]]
    sums = np.array([sum(s[0] for s in doc if not s[2]) * math.log2(10) for doc in per_doc])
    counts = np.array([sum(1 for s in doc if not s[2]) for doc in per_doc])
    return every, 10 ** (-sum(known) / len(known)), model, sums, counts


def _add_alpha_by_hand(train, held, alpha):
    """Add-α trigram, (c(h w) + α) / (c(h •) + αV), padded <s> <s> ... </s>: the perplexity with OOVs counted and
    without them, and per article the sum of log2 P over the in-vocabulary predictions."""
    from collections import Counter

    vocabulary = {w for doc in train for w in doc}
    V = len(vocabulary) + 3                                       # + <s>, </s>, <UNK>
    tri, ctx = Counter(), Counter()
    for doc in train:
        words = ["<s>", "<s>"] + doc + ["</s>"]
        for i in range(2, len(words)):
            tri[tuple(words[i - 2:i + 1])] += 1
            ctx[tuple(words[i - 2:i])] += 1
    every, known, sums = [], [], []
    for doc in held:
        words = ["<s>", "<s>"] + [w if w in vocabulary else "<UNK>" for w in doc] + ["</s>"]
        here = []
        for i in range(2, len(words)):
            p = (tri[tuple(words[i - 2:i + 1])] + alpha) / (ctx[tuple(words[i - 2:i])] + alpha * V)
            every.append(math.log(p))
            if words[i] != "<UNK>":
                known.append(math.log(p))
                here.append(math.log2(p))
        sums.append(sum(here))
    return math.exp(-sum(every) / len(every)), math.exp(-sum(known) / len(known)), np.array(sums)


def test_04d_the_split_and_its_share_of_words_never_seen_in_training():
    train, held = _lee_04d()
    assert (len(train), len(held)) == (250, 50)
    seen = {w for doc in train for w in doc}
    words = [w for doc in held for w in doc]
    # 04d.4's data: 8.9 % of the held-out words are out of the vocabulary
    assert round(100 * sum(w not in seen for w in words) / len(words), 1) == 8.9


def test_04d_katz_wins_with_the_oov_words_and_kneser_ney_without_them(tmp_path):
    """Section 1's table and the summary: counting OOVs, Katz is far ahead of both Kneser-Ney models; excluding
    them, modified KN < interpolated KN < Katz < add-α.  04d.4's data: P(<UNK>) after an unseen history."""
    from scipy import stats

    train, held = _lee_04d()
    katz, katz_known, katz_model, katz_sums, counts = _kenlm_perplexities(
        tk.NgramLM(train, order=3, smoothing=tk.Katz()), held, tmp_path, "katz")
    kn, kn_known, kn_model, kn_sums, _ = _kenlm_perplexities(
        tk.NgramLM(train, order=3, smoothing=KneserNey(0.75)), held, tmp_path, "kn")
    mkn, mkn_known, _, mkn_sums, _ = _kenlm_perplexities(
        tk.NgramLM(train, order=3, smoothing=tk.ModifiedKneserNey()), held, tmp_path, "mkn")
    add, add_known, add_sums = _add_alpha_by_hand(train, held, 0.01)
    # README: excluding OOVs, each step of the order is clear of 0 in a 95 % paired bootstrap over the articles
    for better, worse in ((mkn_sums, kn_sums), (kn_sums, katz_sums), (katz_sums, add_sums)):
        interval = stats.bootstrap((better, worse, counts), lambda x, y, m: (y.sum() - x.sum()) / m.sum(),
                                   paired=True, vectorized=False, n_resamples=2000, method="percentile",
                                   rng=np.random.default_rng(7)).confidence_interval
        assert interval.high < 0              # H_better - H_worse = (Σ log2 P_worse - Σ log2 P_better) / M
    assert add > kn > mkn > 1.5 * katz                    # "Katz comes out far ahead of both Kneser-Ney models"
    assert mkn_known < kn_known < katz_known < add_known
    # the prediction 04d.3's answer, and its pin
    assert kn_known < katz_known
    # a unigram <unk> in the file is P(<UNK>) after a history never seen
    assert round(10 ** katz_model.score("<unk>", bos=False, eos=False), 3) == 0.032
    assert round(10 ** kn_model.score("<unk>", bos=False, eos=False), 6) == 0.000024


def test_04d_kenlm_scores_the_modified_kneser_ney_file_as_teachkit_does(tmp_path):
    """Section 5 (and its static note where KenLM is missing): on this file KenLM gives teachkit's perplexity and
    every held-out log10 P within 1e-6 (relative) of teachkit's."""
    train, held = _lee_04d()
    lm = tk.NgramLM(train, order=3, smoothing=tk.ModifiedKneserNey())
    every, _, model, _, _ = _kenlm_perplexities(lm, held, tmp_path, "mkn")
    ours = np.log10(lm.predictions(held)["probability"])
    theirs = np.array([s[0] for doc in held for s in model.full_scores(" ".join(doc))])
    np.testing.assert_allclose(theirs, ours, rtol=1e-6, atol=0)
    assert every == pytest.approx(lm.perplexity(held), rel=1e-6)


def test_04d_two_kneser_ney_bigrams_on_different_training_articles_are_not_told_apart(tmp_path):
    """04d.5's data: KN bigrams on the first 160 and the last 90 training articles: perplexity ratio 1.034, the
    paired bootstrap interval of the difference in bits about [-0.059, 0.164] (scipy's, another random draw)."""
    from scipy import stats

    train, held = _lee_04d()
    kenlm = pytest.importorskip("kenlm", reason="KenLM is a test dependency: make test installs it")
    sums, counts = [], None
    for part, name in ((train[:160], "first"), (train[160:], "second")):
        path = tmp_path / f"{name}.arpa"
        tk.write_arpa(tk.NgramLM(part, order=2, smoothing=KneserNey(0.75)), path)
        model = kenlm.Model(str(path))
        per_doc = [[s[0] * math.log2(10) for s in model.full_scores(" ".join(doc))] for doc in held]
        sums.append(np.array([sum(d) for d in per_doc]))
        counts = np.array([len(d) for d in per_doc])
    a, b = sums
    delta = (b.sum() - a.sum()) / counts.sum()
    assert round(2 ** delta, 3) == 1.034
    interval = stats.bootstrap((a, b, counts), lambda x, y, m: (y.sum() - x.sum()) / m.sum(), paired=True,
                               vectorized=False, n_resamples=4000, method="percentile", confidence_level=0.95,
                               rng=np.random.default_rng(5)).confidence_interval
    assert interval.low < 0 < interval.high
    assert interval.low == pytest.approx(-0.059, abs=0.01) and interval.high == pytest.approx(0.164, abs=0.01)


def test_04d_the_trigram_count_of_counts_and_its_discounts():
    """Section 3: n1 = 39,542 and n2 = 3,459 trigram types seen once and twice; Y = D1 = 0.8511; D3+ = 1.8510."""
    from collections import Counter
    from fractions import Fraction

    train, _ = _lee_04d()
    trigrams = Counter()
    for doc in train:
        words = ["<s>", "<s>"] + doc + ["</s>"]
        trigrams.update(tuple(words[i:i + 3]) for i in range(len(words) - 2))
    n = Counter(trigrams.values())
    n1, n2, n3, n4 = n[1], n[2], n[3], n[4]
    assert (f"{n1:,}", f"{n2:,}") == ("39,542", "3,459")
    y = Fraction(n1, n1 + 2 * n2)
    d1, d3 = 1 - 2 * y * Fraction(n2, n1), 3 - 4 * y * Fraction(n4, n3)
    assert d1 == y                                            # "D1 always equals Y": 1 - 2n2/(n1 + 2n2)
    assert (f"{float(y):.4f}", f"{float(d3):.4f}") == ("0.8511", "1.8510")
    fitted = tk.NgramLM(train, order=3, smoothing=tk.ModifiedKneserNey()).smoothing_method.discounts[2]
    assert fitted == pytest.approx((float(d1), float(2 - 3 * y * Fraction(n3, n2)), float(d3)), rel=1e-12)


def test_04d_the_back_off_weight_of_the_tiny_corpus():
    """Section 4: back-off KN, d = 1/2, on *the cat sat*, *the dog sat*, *a dog ran*: β(the) = 5/8."""
    # after "the": cat, dog once each (c = 2, T = 2): the discounts leave 1/2 * 2 / 2 = 1/2.
    # 10 bigram types; continuation counts cat 1 (the), dog 2 (the, a): (1/2 + 3/2) / 10 = 1/5.
    beta = 0.5 / (1 - 0.2)
    assert beta == 5 / 8
    lm = tk.NgramLM([["the", "cat", "sat"], ["the", "dog", "sat"], ["a", "dog", "ran"]], order=2,
                    smoothing=tk.BackoffKneserNey(0.5))
    assert lm.prob("<UNK>", ["the"]) / lm.prob("<UNK>", ["zebra"]) == pytest.approx(beta, rel=1e-12)


def test_11_matching_never_does_worse_than_comparing_topic_i_with_topic_i():
    from teachkit.evaluation.stability import match_topics

    rng = np.random.default_rng(11)
    words = [f"w{i}" for i in range(30)]
    for _ in range(50):
        a = [list(rng.choice(words, 4, replace=False)) for _ in range(5)]
        b = [a[i] for i in rng.permutation(5)]
        m = match_topics(a, b, top_n=4)
        assert m.mean >= np.mean(np.diag(m.matrix))
        assert m.mean == 1.0                      # the same topics, shuffled: matched, they agree fully


def test_11_on_the_40_token_document_the_harmonic_mean_and_algorithm_3_overestimate():
    # Notebook 11, section 2: the document of 40 tokens and the estimators' settings of its held-back cell.
    from teachkit.course.exercises.nb11 import TINY_ALPHA, TINY_PHI, tiny_document
    from teachkit.evaluation.heldout_likelihood import exact_log_likelihood, harmonic_mean, left_to_right

    doc = tiny_document(40)
    assert len(doc) == 40 and set(doc) <= set(range(6))
    exact = exact_log_likelihood(doc, TINY_PHI, TINY_ALPHA, method="urn")
    hm = harmonic_mean(doc, TINY_PHI, TINY_ALPHA, samples=2000, burn_in=20, seed=0).log_likelihood
    assert hm - exact > 1.0                                        # "badly": more than a nat too high
    published = left_to_right(doc, TINY_PHI, TINY_ALPHA, particles=200, seed=0).log_likelihood
    assert published > exact
    sequential = left_to_right(doc, TINY_PHI, TINY_ALPHA, particles=2000, resample=False, seed=0)
    assert abs(sequential.log_likelihood - exact) <= 5 * sequential.standard_error


def test_11_the_per_token_proposal_does_worst_and_its_standard_error_understates_its_error():
    # Notebook 11, "How fast do the unbiased estimators converge?": the 40-token document, seed 1.
    from teachkit.course.exercises.nb11 import TINY_ALPHA, TINY_PHI, tiny_document
    from teachkit.evaluation.heldout_likelihood import exact_log_likelihood, importance_sampling, left_to_right

    doc = tiny_document(40)
    exact = exact_log_likelihood(doc, TINY_PHI, TINY_ALPHA, method="urn")
    at = {s: (importance_sampling(doc, TINY_PHI, TINY_ALPHA, samples=s, seed=1),
              importance_sampling(doc, TINY_PHI, TINY_ALPHA, samples=s, proposal="tokens", seed=1),
              left_to_right(doc, TINY_PHI, TINY_ALPHA, particles=s, resample=False, seed=1)) for s in (1000, 10_000)}
    prior, tokens, sequential = (abs(e.log_likelihood - exact) for e in at[10_000])
    assert tokens > max(prior, sequential)                          # "does worst"
    off = abs(at[1000][1].log_likelihood - exact) / at[1000][1].standard_error
    assert off > 3                                                  # "several standard errors from the exact value"
