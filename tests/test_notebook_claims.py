"""Facts that notebooks 02-08b state in prose, each checked against a value derived independently.

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


def _saved_text(notebook, cell_id):
    # The text a saved cell shows; tests/test_notebooks.py keeps the saved outputs fresh.
    import json
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[1] / "notebooks" / notebook
    cell = next(c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c.get("id") == cell_id)
    return "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/markdown", ""))
                   for o in cell["outputs"])


def test_07_summary_under_the_zero_convention_no_clear_winner_for_ppmi_svd_and_npmi_beats_word2vec():
    # 07's summary: with never-together pairs scored 0, SC on PPMI + SVD has no clear winner against NPMI and
    # NPMI beats SC on Word2Vec, for both the ratio of d and that of 2 AUC - 1 (each interval read here).
    import re

    text = _saved_text("07_statistical_vs_semantic.ipynb", "bf784cb2-n00")
    rows = re.findall(r"(SC \((?:PPMI \+ SVD|Word2Vec)\)) +/ NPMI \(never together = 0\), random lists +(\S+) +"
                      r"ratio +(-?[\d.]+) +95% interval \[ *(-?[\d.]+), *(-?[\d.]+)\]", text)
    assert len(rows) == 4, text
    for name, _measure, _ratio, low, high in rows:
        low, high = float(low), float(high)
        if name == "SC (PPMI + SVD)":
            assert low <= 1 <= high          # the interval contains 1: no clear winner
        else:
            assert high < 1                  # the whole interval below 1: NPMI better


def test_08b_npmi_with_epsilon_of_a_pair_that_never_meets_depends_only_on_the_two_frequencies():
    # NPMI_eps = log(eps / (P1 P2)) / -log eps = -1 + (-log P1 - log P2) / -log eps, worked here by hand
    eps = tk.EPSILON
    for c1, c2, n in [(3, 5, 100), (40, 2, 29671), (1, 1, 10)]:
        p1, p2 = c1 / n, c2 / n
        by_hand = -1 + (-math.log(p1) - math.log(p2)) / -math.log(eps)
        ours = tk.coherence.measures.normalized_log_ratio(np.array(0), np.array(c1), np.array(c2), n, zero="epsilon")
        assert float(ours) == pytest.approx(by_hand, rel=1e-12)
        assert float(ours) == pytest.approx(math.log(eps / (p1 * p2)) / -math.log(eps), rel=1e-12)


def test_08b_c_a_of_a_list_is_the_mean_cosine_of_its_words_context_vectors():
    # C_A: one-one segmentation, NPMI (eps inside the log) context vectors, cosine, mean over ordered pairs;
    # here the vectors and cosines are worked with plain numpy, not with teachkit's measures
    docs = [["a", "b", "c"], ["a", "b"], ["c", "d"], ["a", "d", "e"], ["b", "e"], ["e", "c", "a"]]
    topic = ["a", "b", "c", "d"]
    n, eps = len(docs), tk.EPSILON
    c = {w: sum(w in d for d in docs) for w in topic}
    table = np.empty((4, 4))
    for i, x in enumerate(topic):
        for j, y in enumerate(topic):
            joint = sum(x in d and y in d for d in docs)
            p = joint / n + eps
            table[i, j] = math.log(p / (c[x] / n * c[y] / n)) / -math.log(p)
    cosines = [table[i] @ table[j] / (np.linalg.norm(table[i]) * np.linalg.norm(table[j]))
               for i in range(4) for j in range(4) if i != j]
    ours = tk.coherence_per_topic([topic], docs, "c_a", top_n=4)[0]
    assert ours == pytest.approx(np.mean(cosines), rel=1e-9)
