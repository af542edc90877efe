"""teachkit's topic coherence against gensim's CoherenceModel(coherence="c_npmi") on gensim's own corpus."""

import math

import pytest
from gensim.corpora import Dictionary
from gensim.models.coherencemodel import CoherenceModel
from gensim.test.utils import datapath

from teachkit import EPSILON, CooccurrenceCounts, tokenize, topic_coherence

TOPICS = [
    ["police", "government", "said", "told", "security", "officials", "minister", "people"],
    ["afghanistan", "taliban", "bin", "laden", "al", "qaeda", "pakistan", "forces", "kandahar", "united"],
    ["australia", "test", "cricket", "wickets", "south", "africa", "day", "match"],
    ["fire", "fires", "sydney", "firefighters", "blue", "mountains", "homes", "wind", "weather", "conditions"],
    ["arafat", "israeli", "palestinian", "sharon", "gaza", "west", "bank", "hamas"],
]


@pytest.fixture(scope="module")
def lee_texts():
    with open(datapath("lee_background.cor"), encoding="utf-8") as f:
        return [tokenize(line) for line in f]


def gensim_per_topic(texts, window):
    dictionary = Dictionary(texts)
    model = CoherenceModel(topics=TOPICS, texts=texts, dictionary=dictionary, coherence="c_npmi",
                           window_size=window, topn=max(map(len, TOPICS)), processes=1)
    return model.get_coherence_per_topic()


def test_every_topic_word_occurs(lee_texts):
    vocab = {w for t in lee_texts for w in t}
    assert all(w in vocab for topic in TOPICS for w in topic)


def test_document_level_agrees_with_gensim(lee_texts):
    # A window longer than every document makes each document one window.
    window = max(map(len, lee_texts)) + 1
    expected = gensim_per_topic(lee_texts, window)
    counts = CooccurrenceCounts.from_documents(lee_texts)  # window=None: documents
    assert counts.n == 300
    got = [topic_coherence(t, counts, top_n=10, zero="epsilon", eps=EPSILON).mean for t in TOPICS]
    assert got == pytest.approx(expected, abs=1e-9)
    # Sanity: the values are not all alike, so agreement means something.
    assert max(expected) - min(expected) > 0.05


def test_sliding_window_agrees_with_gensim_under_gensim_compat(lee_texts):
    expected = gensim_per_topic(lee_texts, 10)
    compat = CooccurrenceCounts.from_documents(lee_texts, window=10, gensim_compat=True)
    got = [topic_coherence(t, compat, zero="epsilon", eps=EPSILON).mean for t in TOPICS]
    assert got == pytest.approx(expected, abs=1e-9)
    # The correct count gives different numbers for at least one topic, because
    # words such as "fire" repeat within ten tokens.
    correct = CooccurrenceCounts.from_documents(lee_texts, window=10)
    fixed = [topic_coherence(t, correct, zero="epsilon", eps=EPSILON).mean for t in TOPICS]
    assert max(abs(a - b) for a, b in zip(fixed, expected)) > 1e-4


def test_restricted_counting_gives_the_same_scores(lee_texts):
    words = sorted({w for t in TOPICS for w in t})
    full = CooccurrenceCounts.from_documents(lee_texts, window=10)
    some = CooccurrenceCounts.from_documents(lee_texts, window=10, words=words)
    for t in TOPICS:
        assert topic_coherence(t, some).mean == topic_coherence(t, full).mean


def test_exercise_03_4_counts_what_gensims_c_npmi_averages():
    """03.4 asks how many NPMI values gensim's c_npmi averages for one topic: its one-one segmentation
    (gensim/topic_coherence/segmentation.py, s_one_one) takes both orders of every pair, k(k - 1) = 380 for the
    default 20 keywords, not the 190 distinct pairs; the same holds for a variant's topn."""
    from gensim.topic_coherence import segmentation

    from teachkit.course.exercises import get as tex_get

    ex = tex_get("03.4")
    for seed in (None, 1, 2, 3):
        data = ex.data_for(seed)
        words = [f"w{i}" for i in range(30)]
        texts = [words[i:i + 5] for i in range(26)]
        topn = {} if data["how"] == "by default" else {"topn": data["k"]}
        model = CoherenceModel(topics=[words], texts=texts, dictionary=Dictionary(texts), coherence="c_npmi",
                               **topn)
        assert model.topn == data["k"]
        segments = model.segment_topics()[0]
        assert len(segments) == len(segmentation.s_one_one([words[:data["k"]]])[0])
        assert ex.answer(**data) == len(segments) == 2 * math.comb(data["k"], 2)
    assert ex.expected == 380


def test_notebook_08s_four_documents_by_hand_teachkit_and_gensim():
    """The checks notebook 08 made in its lesson cells (7c62f856, 8ed9357d), moved here: the counts read off its
    four documents by eye are teachkit's, and the five measures worked by hand (gensim's ε; C_V and C_A from NPMI
    context vectors) equal teachkit's (gensim_compat) and gensim's to 1e-12 (gensim has no C_A)."""
    import teachkit as tk

    docs = [["fire", "smoke", "ash"], ["fire", "smoke"], ["fire", "rain"], ["rain", "ash"]]
    topic = ["fire", "smoke", "ash"]
    n, c = 4, {"fire": 3, "smoke": 2, "ash": 2, ("fire", "smoke"): 2, ("fire", "ash"): 1, ("smoke", "ash"): 1}
    counts = CooccurrenceCounts.from_documents(docs)
    assert counts.n == n and all(counts.count(*(k if isinstance(k, tuple) else (k,))) == v for k, v in c.items())

    def p(k):
        return c[k] / n

    def npmi(a, b):
        joint = c[a] if a == b else c[(a, b) if (a, b) in c else (b, a)]
        return math.log((joint / n + EPSILON) / (p(a) * p(b))) / -math.log(joint / n + EPSILON)

    def cosine(x, y):
        return sum(i * j for i, j in zip(x, y)) / math.sqrt(sum(i * i for i in x) * sum(j * j for j in y))

    pairs = [("fire", "smoke"), ("fire", "ash"), ("smoke", "ash")]
    vectors = {w: [npmi(w, v) for v in topic] for w in topic}
    whole = [sum(vectors[w][j] for w in topic) for j in range(3)]
    by_hand = {
        "u_mass": sum(math.log((p(pair) + EPSILON) / p(pair[0])) for pair in pairs) / 3,
        "c_uci": sum(math.log((p(pair) + EPSILON) / (p(pair[0]) * p(pair[1]))) for pair in pairs) / 3,
        "c_npmi": sum(npmi(*pair) for pair in pairs) / 3,
        "c_v": sum(cosine(vectors[w], whole) for w in topic) / 3,
        "c_a": sum(cosine(vectors[a], vectors[b]) for a, b in pairs) / 3,
    }
    for measure, hand in by_hand.items():
        ours = tk.coherence_per_topic([topic], docs, measure, top_n=3, gensim_compat=measure != "c_a")[0]
        assert ours == pytest.approx(hand, abs=1e-12), measure
        if measure != "c_a":
            model = CoherenceModel(topics=[topic], texts=docs, dictionary=Dictionary(docs), coherence=measure,
                                   topn=3, processes=1)
            assert model.get_coherence_per_topic()[0] == pytest.approx(hand, abs=1e-12), measure
