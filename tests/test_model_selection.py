"""Held-out perplexity (gensim's bound, its conversion, gensim's log line) and the K sweep, on tiny corpora."""

import itertools
import logging
import math
import re
import warnings

import numpy as np
import pytest
from gensim.corpora import Dictionary
from gensim.models import LdaModel
from scipy.special import gammaln, psi

from teachkit.counts.counting import CooccurrenceCounts
from teachkit.coherence.measures import MEASURES, coherence_per_topic
from teachkit.evaluation.model_selection import (
    COHERENCE_CRITERIA, CRITERIA, RENAMED_CRITERIA, HeldOutPerplexity, SweepTable, criterion_name,
    heldout_perplexity, k_sweep, lda_topics, split_documents,
)

FRUIT = ["apple", "pear", "fig", "plum", "grape"]
SPORT = ["goal", "match", "team", "coach", "score"]


def tiny_corpus(n=24, seed=0):
    rng = np.random.default_rng(seed)
    return [list(rng.choice(FRUIT if i % 2 else SPORT, size=6)) for i in range(n)]


def train(docs, k=2, seed=0):
    d = Dictionary(docs)
    return d, LdaModel([d.doc2bow(t) for t in docs], id2word=d, num_topics=k, passes=3, random_state=seed,
                       eval_every=None)


def test_split_is_seeded_disjoint_and_ordered():
    docs = [[str(i)] for i in range(10)]
    train_a, held_a = split_documents(docs, heldout=0.3, seed=4)
    assert (train_a, held_a) == split_documents(docs, heldout=0.3, seed=4)
    assert len(held_a) == 3 and len(train_a) == 7
    assert sorted(train_a + held_a, key=lambda d: int(d[0])) == docs
    assert train_a == sorted(train_a, key=lambda d: int(d[0]))
    with pytest.raises(ValueError, match="strictly between 0 and 1"):
        split_documents(docs, heldout=1.0)
    with pytest.raises(ValueError, match="at least 2"):
        split_documents([["a"]])
    with pytest.raises(TypeError, match="token lists"):
        split_documents("abc")


def test_conversions_by_hand():
    r = HeldOutPerplexity(bound=-2.0, n_documents=1, n_words=10, topic_term=-0.5)
    assert r.perplexity == pytest.approx(7.38905609893065)      # e^2
    assert r.gensim_logged == 4.0                               # 2^2
    assert r.bits_per_word == pytest.approx(2 / 0.6931471805599453)
    assert r.document_bound == -1.5 and r.document_perplexity == pytest.approx(4.4816890703380645)  # e^1.5


def test_heldout_perplexity_against_gensims_returned_bound_and_log_line(caplog):
    docs = tiny_corpus()
    train_docs, held_docs = docs[:18], docs[18:]
    d, lda = train(train_docs)
    held_bow = [d.doc2bow(t) for t in held_docs]
    with caplog.at_level(logging.INFO, logger="gensim.models.ldamodel"):
        result = heldout_perplexity(lda, held_bow)
    lines = [r.getMessage() for r in caplog.records if "perplexity estimate" in r.getMessage()]
    assert len(lines) == 1
    m = re.match(r"(-?[\d.]+) per-word bound, ([\d.]+) perplexity estimate based on a held-out corpus of "
                 r"(\d+) documents with (\d+) words", lines[0])
    printed_bound, printed_perplexity = float(m.group(1)), float(m.group(2))
    # What gensim printed is 2^(-bound) of the bound it returned ...
    assert printed_bound == round(result.bound, 3)
    assert printed_perplexity == round(result.gensim_logged, 1)
    assert int(m.group(3)) == len(held_docs) == result.n_documents
    assert int(m.group(4)) == 6 * len(held_docs) == result.n_words
    # ... and the perplexity the bound implies, e^(-bound), is larger: the printed figure is its 0.693th power.
    assert result.perplexity == pytest.approx(math.exp(-printed_bound), rel=1e-3)
    assert result.perplexity > printed_perplexity
    assert round(result.perplexity ** math.log(2), 1) == printed_perplexity
    # The same model trained again (same random_state) returns the same bound from gensim directly.
    d2, lda2 = train(train_docs)
    assert lda2.log_perplexity(held_bow) == result.bound


def test_topic_term_by_hand_from_the_topic_word_parameters():
    docs = tiny_corpus()
    d, lda = train(docs, k=3)
    held_bow = [d.doc2bow(t) for t in docs[:4]]
    result = heldout_perplexity(lda, held_bow)
    lam = lda.state.get_lambda()
    eta = lda.eta                                    # symmetric prior: one value per word
    e_log_beta = psi(lam) - psi(lam.sum(axis=1))[:, None]
    term = (np.sum((eta - lam) * e_log_beta) + np.sum(gammaln(lam) - gammaln(eta))
            + np.sum(gammaln(eta.sum()) - gammaln(lam.sum(axis=1))))
    assert result.topic_term == pytest.approx(term / 24, rel=1e-5)   # gensim computes in float32
    assert result.topic_term < 0 and result.document_bound > result.bound


def test_heldout_perplexity_rejects_foreign_input():
    d, lda = train(tiny_corpus())
    with pytest.raises(TypeError, match="LdaModel"):
        heldout_perplexity("model", [[(0, 1)]])
    with pytest.raises(ValueError, match="empty"):
        heldout_perplexity(lda, [])
    with pytest.raises(ValueError, match="another dictionary"):
        heldout_perplexity(lda, [[(999, 1)]])
    with pytest.raises(ValueError, match="no word of the model's vocabulary"):
        heldout_perplexity(lda, [[]])


def npmi_by_hand(words, docs):
    """Mean pair NPMI with document co-occurrence, written out independently of teachkit."""
    n = len(docs)
    sets = [set(doc) for doc in docs]
    values = []
    for a, b in itertools.combinations(words, 2):
        pa = sum(a in s for s in sets) / n
        pb = sum(b in s for s in sets) / n
        pab = sum(a in s and b in s for s in sets) / n
        values.append(-1.0 if pab == 0 else (1.0 if pab == 1 else math.log(pab / (pa * pb)) / -math.log(pab)))
    return sum(values) / len(values)


def test_sweep_table_on_a_tiny_corpus_by_hand():
    docs = tiny_corpus(30)
    table = k_sweep(docs, ks=[2, 3], seeds=[0, 5], heldout=0.2, split_seed=1, passes=3, iterations=50, top_n=4)
    assert table.criteria == ("c_npmi_documents", "u_mass", "c_v", "model_score", "diversity", "bound", "perplexity",
                              "doc_perplexity")
    assert [(r["K"], r["seed"]) for r in table.rows] == [(2, 0), (2, 5), (3, 0), (3, 5)]
    train_docs, held_docs = split_documents(docs, heldout=0.2, seed=1)
    assert len(held_docs) == 6
    d = Dictionary(train_docs)
    for row in table.rows:
        lda = LdaModel([d.doc2bow(t) for t in train_docs], id2word=d, num_topics=row["K"], passes=3,
                       iterations=50, random_state=row["seed"], eval_every=None)
        topics = lda_topics(lda, 10)
        assert table.topics[(row["K"], row["seed"])] == topics
        per_topic = [npmi_by_hand(t[:4], train_docs) for t in topics]
        assert row["c_npmi_documents"] == pytest.approx(np.mean(per_topic), abs=1e-12)
        # UMass and C_V: the sweep's counts (built once) give what the measures give on the texts themselves.
        for measure in ("u_mass", "c_v"):
            direct = list(coherence_per_topic(topics, train_docs, measure, top_n=4))
            assert row[measure] == pytest.approx(np.mean(direct), abs=1e-12)
        gamma, _ = lda.inference([d.doc2bow(t) for t in train_docs])
        sizes = np.bincount(gamma.argmax(axis=1), minlength=row["K"])
        assert row["model_score"] == pytest.approx(np.dot(sizes, per_topic) / len(train_docs), abs=1e-12)
        # 10 words in the vocabulary, so the diversity uses each topic's top 10: distinct / (K * 10)
        assert row["diversity"] == len({w for t in topics for w in t}) / (row["K"] * 10)
        assert row["bound"] == lda.log_perplexity([d.doc2bow(t) for t in held_docs])
        assert row["perplexity"] == math.exp(-row["bound"])
        topic_term = lda.bound([]) / sum(len(t) for t in held_docs)     # every held-out word is in the vocabulary
        assert row["doc_perplexity"] == pytest.approx(math.exp(-(row["bound"] - topic_term)), rel=1e-12)


def test_sweep_table_summaries_by_hand():
    rows = [{"K": 2, "seed": 0, "npmi": 0.1, "perplexity": 50.0},
            {"K": 2, "seed": 1, "npmi": 0.3, "perplexity": 40.0},
            {"K": 4, "seed": 0, "npmi": 0.25, "perplexity": 45.0},
            {"K": 4, "seed": 1, "npmi": 0.25, "perplexity": 60.0}]
    table = SweepTable(rows, ["npmi", "perplexity"])
    ks, mean, low, high = table.by_k("npmi")
    assert ks.tolist() == [2, 4] and mean.tolist() == pytest.approx([0.2, 0.25]) and low.tolist() == [0.1, 0.25]
    assert high.tolist() == [0.3, 0.25]
    assert table.best_k("npmi") == 4                       # means 0.2 vs 0.25
    assert table.best_k("npmi", seed=1) == 2               # 0.3 vs 0.25
    assert table.best_k("perplexity") == 2                 # lower is better: means 45 vs 52.5
    assert table.best_k("perplexity", seed=0) == 4         # 45 < 50
    assert table.value("npmi", 4, 1) == 0.25
    assert "<table>" in table._repr_html_() and "perplexity" in str(table)
    assert set(CRITERIA) >= {"c_npmi_documents", "perplexity"}
    with pytest.raises(ValueError, match="no model"):
        table.value("npmi", 3, 0)
    with pytest.raises(ValueError, match="known direction"):
        table.best_k("K")


def test_every_measure_is_a_criterion_with_its_direction_and_window():
    # MEASURES is the one list of measure names: the sweep reads each one's direction and window there.
    for name, m in MEASURES.items():
        assert CRITERIA[name][0] == m.direction and COHERENCE_CRITERIA[name] == (name, m.window)
    # every coherence criterion is a measure of the registry at a window
    assert all(measure in MEASURES for measure, _ in COHERENCE_CRITERIA.values())
    assert COHERENCE_CRITERIA["c_npmi_documents"] == ("c_npmi", None)
    docs = tiny_corpus(20)
    table = k_sweep(docs, ks=[2], seeds=[0], passes=1, iterations=10, top_n=4, criteria=tuple(MEASURES))
    assert table.criteria == tuple(MEASURES)
    train_docs, _ = split_documents(docs, heldout=0.2, seed=0)
    topics = table.topics[2, 0]
    for name, m in MEASURES.items():
        counts = CooccurrenceCounts.from_documents(train_docs, window=m.window)
        direct = list(coherence_per_topic(topics, counts, name, top_n=4))
        assert table.rows[0][name] == pytest.approx(np.mean(direct), abs=1e-12), name


def test_sweep_rejects_bad_arguments():
    docs = tiny_corpus()
    with pytest.raises(ValueError, match="criteria"):
        k_sweep(docs, ks=[2], criteria=("c_w2v",))
    with pytest.raises(ValueError, match="seeds must be a whole number from 0"):   # the right type, a wrong value
        k_sweep(docs, ks=[2], seeds=[-1])
    with pytest.raises(TypeError, match="seeds"):
        k_sweep(docs, ks=[2], seeds=[1.5])
    with pytest.raises(ValueError, match="top_n"):
        k_sweep(docs, ks=[2], top_n=50)


def test_the_old_name_of_a_criterion_is_refused_naming_the_new_one():
    # deprecated in 0.1.0, removed in 0.2.0 (CHANGELOG)
    docs = tiny_corpus(20)
    settings = dict(ks=[2], seeds=[0], passes=1, iterations=10, top_n=4)
    with pytest.raises(ValueError, match="'npmi' was removed in teachkit 0.2.0.*write 'c_npmi_documents'"):
        k_sweep(docs, criteria=("npmi", "model_score"), **settings)
    new = k_sweep(docs, criteria=("c_npmi_documents", "model_score"), **settings)
    with pytest.raises(ValueError, match="write 'c_npmi_documents'"):
        new.column("npmi")
    assert criterion_name("u_mass") == "u_mass"
    assert "npmi" not in CRITERIA and set(RENAMED_CRITERIA.values()) <= set(CRITERIA)


def test_a_table_built_by_hand_keeps_its_own_column_names():
    table = SweepTable([{"K": 2, "seed": 0, "npmi": 0.1}, {"K": 3, "seed": 0, "npmi": 0.2}], ["npmi"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")            # its own column: no translation, no warning
        assert table.best_k("npmi") == 3 and table.column("npmi").tolist() == [0.1, 0.2]
