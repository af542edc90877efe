"""One coherence engine (issue 50): every measure through the registry's pipeline, one result type per level,
one table of conventions, fixed windows refused unless overridden; and the embedding measure (issue 53)."""

import math
import pathlib
import re

import numpy as np
import pytest

import teachkit as tk
from teachkit.coherence import measures
from teachkit.coherence.measures import REGISTRY, Measure, conventions_markdown

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = [["fire", "smoke", "ash"], ["fire", "smoke"], ["fire", "rain"], ["rain", "ash"], ["smoke", "ash", "heat"]]
TOPIC = ["fire", "smoke", "ash"]


# ------------------------------------------------------------------ the one table of conventions
def test_the_docs_show_the_one_table_of_conventions_as_the_code_renders_it():
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    shown = re.search(r"<!-- conventions: start -->\n(.*)\n<!-- conventions: end -->", text, re.S)
    assert shown, "docs/api.md lost its conventions markers"
    assert shown.group(1) == conventions_markdown(), (
        "docs/api.md's table of conventions is stale: paste conventions_markdown() between its markers")


def test_the_zero_conventions_are_views_of_one_table():
    from teachkit.counts import association
    table = association.ZERO_CONVENTION_TABLE
    assert association.ALL_ZERO_CONVENTIONS == {name: row[0] for name, row in table.items()}
    assert tk.ZERO_CONVENTIONS == {name: row[0] for name, row in table.items() if name != "guide"}
    assert set(association.NPMI_ZERO_CONVENTIONS) <= set(table)
    # "guide" is one more convention of the registry: every NPMI-based measure takes it, the others refuse it.
    assert [m for m in tk.MEASURES if "guide" in REGISTRY[m].zeros] == ["c_npmi", "c_v", "c_a"]
    with pytest.raises(ValueError, match="smooths NPMI only"):
        tk.coherence_per_topic([TOPIC], DOCS, "c_uci", zero="guide")


def test_guide_through_the_pipeline_is_the_guides_npmi_of_each_pair():
    counts = tk.CooccurrenceCounts.from_documents(DOCS)
    eps = 0.5
    got = tk.coherence_per_topic([TOPIC], counts, "c_npmi", zero="guide", eps=eps).topics[0]
    n = counts.n
    expected = []
    for a, b in [("fire", "smoke"), ("fire", "ash"), ("smoke", "ash")]:
        p12, p1, p2 = ((counts.count(a, b) + eps) / (n + eps), (counts.count(a) + eps) / (n + eps),
                       (counts.count(b) + eps) / (n + eps))
        expected.append(math.log(p12 / (p1 * p2)) / -math.log(p12))
    assert [s.value for s in got.segments] == pytest.approx(expected, abs=1e-15)
    assert got.value == pytest.approx(sum(expected) / 3, abs=1e-15)
    assert got == tk.topic_coherence(TOPIC, counts, zero="guide", eps=eps)


# ------------------------------------------------------------------ one pipeline, one result type
def test_the_old_result_names_are_the_one_types():
    assert tk.PairScore is measures.SegmentScore
    assert tk.TopicCoherence is measures.TopicScore
    assert tk.CoherenceReport is tk.CoherencePerTopic


def test_every_view_is_the_pipeline_and_keeps_each_pairs_counts():
    counts = tk.CooccurrenceCounts.from_documents(DOCS)
    per_topic = tk.coherence_per_topic([TOPIC], counts, "c_npmi").topics[0]
    assert tk.topic_coherence(TOPIC, counts) == per_topic
    assert tk.evaluate_topics([TOPIC], counts).topics[0] == per_topic
    pair = tk.score_pair("fire", "smoke", counts)
    assert pair == per_topic.segments[0]
    # the counts and probabilities a hand calculation shows, by hand
    n, c1, c2, c12 = 5, 3, 3, 2
    assert (pair.c1, pair.c2, pair.c12, pair.n) == (c1, c2, c12, n) == (
        counts.count("fire"), counts.count("smoke"), counts.count("fire", "smoke"), counts.n)
    assert pair.pmi == pytest.approx(math.log((c12 / n) / ((c1 / n) * (c2 / n))), abs=1e-15)
    assert pair.npmi == pytest.approx(pair.pmi / -math.log(c12 / n), abs=1e-15)
    # every measure's pairs keep their counts too (UMass conditions on the higher-ranked word)
    umass = tk.coherence_per_topic([TOPIC], counts, "u_mass").topics[0].segments[0]
    assert (umass.word1, umass.word2, umass.c1, umass.c2, umass.c12) == ("smoke", "fire", 3, 3, 2)
    assert umass.value == pytest.approx(math.log((2 + 1) / 3))
    # model_score reads the one topic type
    assert tk.model_score([per_topic, per_topic], [1, 3]) == pytest.approx(per_topic.value)


def test_a_report_is_a_result_with_its_summaries():
    counts = tk.CooccurrenceCounts.from_documents(DOCS)
    report = tk.evaluate_topics({"a": TOPIC, "b": ["rain", "ash"]}, counts, measure="u_mass")
    assert report.labels == ("a", "b") and report.measure == "u_mass" and report.window is None
    assert list(report.scores) == list(report.values) == list(report)
    assert report.without("b").labels == ("a",) and report.without("b").measure == "u_mass"
    typed = tk.CoherenceReport.from_scores([0.5, -0.1])
    assert typed.mean == pytest.approx(0.2) and typed.below() == [1] and typed.measure is None


# ------------------------------------------------------------------ a measure's window
@pytest.mark.parametrize("measure, window", [("c_v", 30), ("c_a", 10), ("c_uci", 20), ("u_mass", 5)])
def test_a_fixed_window_is_refused_with_both_windows_named(measure, window):
    with pytest.raises(ValueError) as info:
        tk.coherence_per_topic([TOPIC], DOCS, measure, window=window)
    own = REGISTRY[measure].window
    message = str(info.value)
    assert f"window={window}" in message and "window_override=True" in message
    assert ("whole documents" if own is None else f"sliding windows of {own} tokens") in message
    got = tk.coherence_per_topic([TOPIC], DOCS, measure, window=window, window_override=True)
    assert got.window == window


def test_the_views_refuse_counts_of_another_window_unless_overridden():
    documents = tk.CooccurrenceCounts.from_documents(DOCS)
    with pytest.raises(ValueError, match=r"c_v is defined on sliding windows of 110 tokens.*whole documents"):
        tk.topic_coherence(TOPIC, documents, measure="c_v")
    with pytest.raises(ValueError, match="window_override"):
        tk.evaluate_topics([TOPIC], documents, measure="c_a")
    assert tk.topic_coherence(TOPIC, documents, measure="c_v", window_override=True).measure == "c_v"
    # NPMI's window is a free choice: the course's NPMI is counted in whole documents
    assert tk.topic_coherence(TOPIC, documents).measure == "c_npmi"
    assert tk.coherence_per_topic([TOPIC], DOCS, "c_npmi", window=2).window == 2


def test_counts_given_to_coherence_per_topic_are_scored_at_their_own_window_and_say_so():
    # Notebook 08b scores C_V at 5 and C_A at 110 on purpose (08b-window-not-segmentation): counts built for a
    # window are a deliberate choice, and the result reports their window.
    five = tk.CooccurrenceCounts.from_documents(DOCS, window=2)
    assert tk.coherence_per_topic([TOPIC], five, "c_v").window == 2


class _Walks:
    """Documents that count how often they are walked from the top, and how many calls below
    coherence_per_topic each walk starts."""

    def __init__(self, docs):
        self.docs, self.walks, self.depths = docs, 0, []

    def __iter__(self):
        import traceback
        self.walks += 1
        names = [frame.name for frame in traceback.extract_stack()[:-1]]
        top = len(names) - 1 - names[::-1].index("coherence_per_topic")
        self.depths.append(len(names) - 1 - top)
        return iter(self.docs)

    def __len__(self):
        return len(self.docs)


@pytest.mark.parametrize("measure", list(tk.MEASURES))
def test_the_texts_are_walked_at_most_three_times_and_three_calls_down(measure):
    texts = _Walks(DOCS)
    tk.coherence_per_topic([TOPIC], texts, measure)
    assert 1 <= texts.walks <= 3, texts.walks
    # from the walk back up to coherence_per_topic: at most 3 calls (counting, the engine, its chunks)
    assert max(texts.depths) <= 3, texts.depths


# ------------------------------------------------------------------ adding a measure: one registry entry
def _fitelson(c_joint, c_prime, c_star, n, zero, eps):
    """Fitelson's confirmation, C_P's: (P(W'|W*) - P(W'|not W*)) / (P(W'|W*) + P(W'|not W*))."""
    given = c_joint / c_star
    given_not = np.where(n > c_star, (c_prime - c_joint) / np.maximum(n - c_star, 1), 0.0)
    return (given - given_not) / (given + given_not)


def test_c_p_is_one_registry_entry_and_then_available_everywhere(monkeypatch):
    """Röder et al.'s C_P: one-preceding segmentation, Fitelson's confirmation, windows of 70.  Its entry (and
    its confirmation's kernel beside the others, in the same file) is all it takes."""
    c_p = Measure("c_p", "one_preceding", 70, "fitelson", "exact", "Röder et al. 2015: Fitelson's confirmation",
                  in_gensim=False, label="C_P")
    monkeypatch.setitem(measures.DIRECT_CONFIRMATIONS, "fitelson", _fitelson)
    monkeypatch.setitem(measures.REGISTRY, "c_p", c_p)
    monkeypatch.setitem(measures.MEASURES, "c_p", c_p)
    counts = tk.CooccurrenceCounts.from_documents(DOCS, window=70)      # documents shorter than 70: whole ones
    # by hand: segments (smoke | fire), (ash | fire), (ash | smoke); c(fire) = c(smoke) = c(ash) = 3, n = 5
    by_hand = []
    for c12, c1, c2 in [(2, 3, 3), (1, 3, 3), (2, 3, 3)]:
        given, given_not = c12 / c2, (c1 - c12) / (5 - c2)
        by_hand.append((given - given_not) / (given + given_not))
    expected = sum(by_hand) / 3
    assert tk.coherence_per_topic([TOPIC], DOCS, "c_p")[0] == pytest.approx(expected, abs=1e-15)
    assert tk.topic_coherence(TOPIC, counts, measure="c_p").mean == pytest.approx(expected, abs=1e-15)
    assert tk.evaluate_topics([TOPIC], counts, measure="c_p").mean == pytest.approx(expected, abs=1e-15)
    assert "c_p" in conventions_markdown()
    from teachkit.course.figures import label
    assert label("c_p") == "C_P"
    with pytest.raises(ValueError, match="window_override"):
        tk.coherence_per_topic([TOPIC], DOCS, "c_p", window=10)


# ------------------------------------------------------------------ the embedding measure (issue 53)
VECTORS = {"fire": [1.0, 0.0, 0.5], "smoke": [0.8, 0.3, 0.4], "ash": [-0.2, 1.0, 0.1], "rain": [0.0, -1.0, 2.0]}


def _mean_cosine(words, vectors):
    v = np.array([vectors[w] for w in words], dtype=float)
    v = v / np.linalg.norm(v, axis=1, keepdims=True)
    cos = v @ v.T
    i, j = np.triu_indices(len(words), k=1)
    return float(cos[i, j].mean())


def test_embedding_coherence_is_a_registry_measure_equal_to_the_mean_cosine():
    topics = [["fire", "smoke", "ash"], ["rain", "fire", "unknown", "smoke"]]
    got = tk.coherence_per_topic(topics, None, "embedding", vectors=VECTORS)
    assert got.measure == "embedding" and got.window is None
    assert got[0] == pytest.approx(_mean_cosine(["fire", "smoke", "ash"], VECTORS), abs=1e-15)
    assert got[1] == pytest.approx(_mean_cosine(["rain", "fire", "smoke"], VECTORS), abs=1e-15)
    assert got.topics[1].skipped == ("unknown",)
    first = got.topics[0].segments[0]
    a, b = np.array(VECTORS["fire"]), np.array(VECTORS["smoke"])
    assert (first.word1, first.word2) == ("fire", "smoke")
    assert first.value == pytest.approx(a @ b / np.linalg.norm(a) / np.linalg.norm(b), abs=1e-15)
    m = got.topics[0].matrix()
    assert np.allclose(m, m.T, equal_nan=True)
    # the same through the views, and through tk.embedding_coherence on the similarity matrix
    assert tk.topic_coherence(topics[0], None, measure="embedding", vectors=VECTORS).mean == got[0]
    assert tk.evaluate_topics(topics, None, measure="embedding", vectors=VECTORS).mean == got.mean
    wv = tk.WordVectors(VECTORS)
    assert got[0] == tk.embedding_coherence(wv.similarity_matrix(topics[0]))


def test_embedding_coherence_refuses_counts_windows_and_zero_conventions():
    with pytest.raises(ValueError, match="texts=None"):
        tk.coherence_per_topic([TOPIC], DOCS, "embedding", vectors=VECTORS)
    with pytest.raises(ValueError, match="reads no counts"):
        tk.coherence_per_topic([TOPIC], None, "embedding", zero="epsilon", vectors=VECTORS)
    with pytest.raises(ValueError, match="vectors= is for measure='embedding'"):
        tk.coherence_per_topic([TOPIC], DOCS, "c_npmi", vectors=VECTORS)
    with pytest.raises(TypeError, match="vectors must be"):
        tk.coherence_per_topic([TOPIC], None, "embedding", vectors=[1, 2, 3])
    with pytest.raises(ValueError, match="topics\\[0\\].*have a vector"):
        tk.coherence_per_topic([["fire", "nothing", "none"]], None, "embedding", vectors=VECTORS)


def test_embedding_coherence_reads_minilm_by_default():
    pytest.importorskip("numpy")
    try:
        vectors = tk.minilm_vectors(TOPIC)
    except (ImportError, FileNotFoundError, OSError) as err:
        pytest.skip(f"the MiniLM model is not installed: {err}")
    plain = {w: vectors[w] for w in TOPIC}
    got = tk.coherence_per_topic([TOPIC], None, "embedding")
    assert got[0] == pytest.approx(_mean_cosine(TOPIC, plain), abs=1e-12)
