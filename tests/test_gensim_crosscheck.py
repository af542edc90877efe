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
