"""Facts that notebooks 02-07 and 11 state in prose, each checked against a value derived independently.

Each test names the notebook and the claim; the expected values are worked out by hand here or computed by
a reference library (networkx, scipy), never by the teachkit function under test.
"""

import math

import networkx as nx
import numpy as np
import pytest

import teachkit as tk


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
