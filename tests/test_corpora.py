"""teachkit.corpora: the Lee corpus against gensim's own reading, planted topics against their
ground truth (counted by hand or with numpy, never with the generator's own output), nltk loading."""

import math
import re
import sys

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from teachkit import CooccurrenceCounts, PlantedTopics, lee_background, nltk_corpus, planted_topics, topic_coherence
from teachkit import corpora


# ------------------------------------------------------------------ Lee corpus
def test_lee_background_has_300_documents_in_gensims_order():
    # gensim's test suite reads the file as gensim.test.utils.lee_corpus_list, one
    # simple_preprocess(line) per line.  simple_preprocess keeps only runs of letters
    # (no digits, no underscore) of 2 to 15 characters; applying that rule to teachkit's
    # tokens must give gensim's lists exactly, document by document, token by token.
    from gensim.test.utils import lee_corpus_list

    docs = lee_background()
    assert len(docs) == 300 == len(lee_corpus_list)
    for ours, theirs in zip(docs, lee_corpus_list):
        letters_only = [run for tok in ours for run in re.findall(r"[^\W\d_]+", tok) if 2 <= len(run) <= 15]
        assert letters_only == theirs
    # teachkit keeps what simple_preprocess drops (digits, one-letter words), so it has more tokens.
    assert sum(map(len, docs)) > sum(map(len, lee_corpus_list))
    assert docs[0][:4] == ["hundreds", "of", "people", "have"]


def test_lee_background_raw_lines_match_the_file_gensim_ships():
    from gensim.test.utils import datapath
    from teachkit import tokenize

    with open(datapath("lee_background.cor"), "rb") as f:
        raw = f.read().decode("utf-8").splitlines()
    lines = lee_background(tokenized=False)
    assert lines == raw
    assert lee_background() == [tokenize(line) for line in raw]


def test_lee_background_returns_a_fresh_list_each_time():
    docs = lee_background()
    docs[0].clear()
    docs.pop()
    again = lee_background()
    assert len(again) == 300 and again[0][0] == "hundreds"


def test_lee_background_without_gensim_says_how_to_install_it(monkeypatch):
    corpora._lee_lines.cache_clear()  # else a cached read would hide the missing import
    monkeypatch.setitem(sys.modules, "gensim", None)
    monkeypatch.setitem(sys.modules, "gensim.test", None)
    monkeypatch.setitem(sys.modules, "gensim.test.utils", None)
    try:
        with pytest.raises(ImportError, match=r"gensim is not installed.*pip install gensim"):
            lee_background()
    finally:
        corpora._lee_lines.cache_clear()


def test_lee_background_checks_its_argument():
    with pytest.raises(TypeError, match="tokenized must be True or False"):
        lee_background(tokenized="yes")


# -------------------------------------------------------------- planted topics
def test_same_seed_same_corpus_other_seed_other_corpus():
    a = planted_topics(50, 5, doc_length=30, background=40, seed=7)
    b = planted_topics(50, 5, doc_length=30, background=40, seed=7)
    c = planted_topics(50, 5, doc_length=30, background=40, seed=8)
    assert a.documents == b.documents and a.assignments == b.assignments
    np.testing.assert_array_equal(a.mixtures, b.mixtures)
    assert a.documents != c.documents
    assert a.seed == 7
    # A Generator works too, and two Generators from one seed agree.
    g1 = planted_topics(20, 5, doc_length=10, seed=np.random.default_rng(3))
    g2 = planted_topics(20, 5, doc_length=10, seed=np.random.default_rng(3))
    assert g1.documents == g2.documents and g1.seed is None


def test_shapes_names_and_mixtures():
    corpus = planted_topics(40, 6, words_per_topic=4, topics_per_doc=3, doc_length=25, background=12,
                            background_share=0.2, seed=1)
    assert isinstance(corpus, PlantedTopics)
    assert len(corpus.documents) == 40 and all(len(d) == 25 for d in corpus.documents)
    assert corpus.n_tokens == 40 * 25
    assert corpus.topics[0] == ("t0w0", "t0w1", "t0w2", "t0w3") and corpus.topics[5][3] == "t5w3"
    assert corpus.background[:3] == ("bg00", "bg01", "bg02") and len(corpus.background) == 12
    assert corpus.mixtures.shape == (40, 6)
    for d, topics in enumerate(corpus.assignments):
        assert len(topics) == 3 and len(set(topics)) == 3 and list(topics) == sorted(topics)
        # Shares sit exactly on the assigned topics and add up to 1 - 0.2 = 0.8.
        assert set(np.flatnonzero(corpus.mixtures[d])) == set(topics)
        assert math.isclose(corpus.mixtures[d].sum(), 0.8, rel_tol=1e-12)
    dominant = [max(t, key=lambda k: corpus.mixtures[d, k]) for d, t in enumerate(corpus.assignments)]
    assert corpus.dominant.tolist() == dominant
    assert corpus.sizes.tolist() == [dominant.count(k) for k in range(6)]
    assert "40 documents" in repr(corpus)


def test_every_token_comes_from_an_assigned_topic_or_the_background():
    corpus = planted_topics(60, 8, doc_length=40, background=30, seed=2)
    owner = {w: k for k, t in enumerate(corpus.topics) for w in t}
    background = set(corpus.background)
    for doc, topics in zip(corpus.documents, corpus.assignments):
        for tok in doc:
            assert tok in background or owner[tok] in topics


def test_token_frequencies_follow_the_stated_distributions():
    # 2 topics of 3 words, 1 topic per document, Zipf exponent 1 inside a topic:
    # word ranks 0, 1, 2 get weights 1, 1/2, 1/3, i.e. 6/11, 3/11, 2/11 of the topic's tokens.
    corpus = planted_topics(400, 2, words_per_topic=3, topics_per_doc=1, doc_length=100,
                            background=4, background_share=0.3, seed=5)
    tokens = [t for d in corpus.documents for t in d]
    n = len(tokens)  # 40,000
    bg = sum(t.startswith("bg") for t in tokens) / n
    # Binomial: sd = sqrt(0.3 * 0.7 / 40000) = 0.0023; allow 5 sd.
    assert abs(bg - 0.3) < 5 * math.sqrt(0.3 * 0.7 / n)
    topic_tokens = [t for t in tokens if t.startswith("t")]
    m = len(topic_tokens)
    for rank, expected in enumerate([6 / 11, 3 / 11, 2 / 11]):
        share = sum(t.endswith(f"w{rank}") for t in topic_tokens) / m
        assert abs(share - expected) < 5 * math.sqrt(expected * (1 - expected) / m)
    # One topic per document: it has every topic token of the document, with share 1 - 0.3.
    for doc, (k,) in zip(corpus.documents, corpus.assignments):
        assert all(t.startswith(f"t{k}w") for t in doc if not t.startswith("bg"))
        assert corpus.mixtures[corpus.documents.index(doc), k] == pytest.approx(0.7)


def test_topic_shares_match_the_mixtures_on_average():
    corpus = planted_topics(300, 4, topics_per_doc=2, doc_length=50, background=10, seed=11)
    owner = {w: k for k, t in enumerate(corpus.topics) for w in t}
    n = corpus.n_tokens
    for k in range(4):
        observed = sum(owner.get(t) == k for d in corpus.documents for t in d) / n
        expected = corpus.mixtures[:, k].mean()
        assert abs(observed - expected) < 5 * math.sqrt(0.25 / n)


@pytest.mark.parametrize("window", [None, 10])
def test_planted_topics_are_more_coherent_than_random_word_lists(window):
    corpus = planted_topics(400, 10, doc_length=60, background=500, seed=4)
    counts = CooccurrenceCounts.from_documents(corpus.documents, window=window)
    planted = [topic_coherence(t, counts).mean for t in corpus.topics]
    rng = np.random.default_rng(0)
    vocabulary = [w for w in counts.vocabulary]
    random_lists = [list(rng.choice(vocabulary, size=10, replace=False)) for _ in range(30)]
    random_scores = [topic_coherence(t, counts).mean for t in random_lists]
    assert min(planted) > max(random_scores)
    assert min(planted) > 0.3
    # Frequent background words are independent of one another: near 0, far below the topics.
    # (Random picks are mostly rare words that never meet, hence far below 0.)
    frequent = topic_coherence(list(corpus.background[:10]), counts).mean
    assert abs(frequent) < 0.1


def test_topics_can_be_given_as_words():
    topics = [["Fire", "smoke", "firefighters"], ["cricket", "wicket", "test"]]
    corpus = planted_topics(30, topics, topics_per_doc=1, doc_length=20, background=["the", "of", "a"], seed=0)
    assert corpus.topics == (("fire", "smoke", "firefighters"), ("cricket", "wicket", "test"))
    assert corpus.background == ("the", "of", "a")
    assert set(t for d in corpus.documents for t in d) <= {"fire", "smoke", "firefighters", "cricket",
                                                           "wicket", "test", "the", "of", "a"}
    no_background = planted_topics(5, topics, doc_length=10, background=0, background_share=0.0)
    assert not any(t in ("the", "of", "a") for d in no_background.documents for t in d)


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(n_docs=0), ValueError, "n_docs must be at least 1"),
    (dict(n_docs=2.5), TypeError, "n_docs must be a whole number"),
    (dict(topics=0), ValueError, "topics must be at least 1"),
    (dict(topics="fire smoke"), TypeError, "topics must be a number of topics or a list"),
    (dict(topics=[]), ValueError, "topics is an empty list"),
    (dict(topics=[["a", "b"], []]), ValueError, r"topics\[1\] is empty"),
    (dict(topics=[["a", "b"], ["b", "c"]]), ValueError, r"'b' is listed in topics\[0\] and topics\[1\]"),
    (dict(topics=[["a", "A"]]), ValueError, "'a' is listed twice"),
    (dict(topics=[["ice-cream", "b"]]), ValueError, "would not keep as one token"),
    (dict(topics=[["a", 3]]), TypeError, r"topics\[0\] must hold strings"),
    (dict(words_per_topic=1), ValueError, "words_per_topic must be at least 2"),
    (dict(topics=3, topics_per_doc=4), ValueError, "topics_per_doc = 4 is more than the number of topics \\(3\\)"),
    (dict(doc_length=0), ValueError, "doc_length must be at least 1"),
    (dict(background=-1), ValueError, "background must be a number of words"),
    (dict(background=True), TypeError, "background must be a number of words or a list"),
    (dict(background=["x", "x"]), ValueError, "background lists 'x' twice"),
    (dict(topics=[["a", "b"]], topics_per_doc=1, background=["b", "c"]), ValueError,
     r"background shares the word\(s\) \['b'\]"),
    (dict(background=0), ValueError, "background is empty but background_share"),
    (dict(background_share=1.0), ValueError, r"background_share must lie in \[0, 1\)"),
    (dict(background_share=-0.1), ValueError, r"background_share must lie in \[0, 1\)"),
    (dict(background_share=float("nan")), ValueError, "background_share must be a finite number"),
    (dict(alpha=0), ValueError, "alpha must be greater than 0"),
    (dict(zipf_exponent=-1), ValueError, "zipf_exponent must be at least 0"),
    (dict(seed=-1), ValueError, "seed must be a whole number >= 0 or a numpy.random.Generator"),
    (dict(seed=1.5), TypeError, "seed must be a whole number"),
])
def test_bad_arguments_are_named(kwargs, error, message):
    args = dict(n_docs=3, doc_length=5)
    args.update(kwargs)
    with pytest.raises(error, match=message):
        planted_topics(**args)


@settings(max_examples=30, deadline=None)
@given(n_docs=st.integers(1, 15), n_topics=st.integers(1, 6), per_doc=st.integers(1, 6),
       doc_length=st.integers(1, 20), background=st.integers(1, 8),
       share=st.floats(0, 0.95), alpha=st.floats(0.05, 5), seed=st.integers(0, 2**32))
def test_invariants_hold_for_any_valid_arguments(n_docs, n_topics, per_doc, doc_length, background, share,
                                                 alpha, seed):
    per_doc = min(per_doc, n_topics)
    corpus = planted_topics(n_docs, n_topics, topics_per_doc=per_doc, doc_length=doc_length,
                            background=background, background_share=share, alpha=alpha, seed=seed)
    assert [len(d) for d in corpus.documents] == [doc_length] * n_docs
    assert np.allclose(corpus.mixtures.sum(axis=1), 1 - share)
    assert np.all(corpus.mixtures >= 0)
    owner = {w: k for k, t in enumerate(corpus.topics) for w in t}
    for doc, topics in zip(corpus.documents, corpus.assignments):
        assert len(set(topics)) == per_doc
        assert all(t in corpus.background or owner[t] in topics for t in doc)


# ------------------------------------------------------------------ nltk corpora
@pytest.fixture
def empty_nltk_data(monkeypatch, tmp_path):
    """nltk looks only in an empty folder, and any download attempt fails the test."""
    import nltk
    import nltk.data

    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])

    def no_download(*args, **kwargs):
        raise AssertionError("teachkit must never start an nltk download")

    monkeypatch.setattr(nltk, "download", no_download)
    return tmp_path


def test_missing_nltk_data_fails_at_once_with_instructions(empty_nltk_data):
    with pytest.raises(LookupError) as info:
        nltk_corpus("brown")
    message = str(info.value)
    assert "python -m nltk.downloader brown" in message
    assert str(empty_nltk_data) in message  # where nltk looked
    assert "NLTK_DATA" in message


def test_no_nltk_data_is_installed_on_this_machine_either():
    # The real search path, untouched: this machine is offline and has no Brown corpus.
    with pytest.raises(LookupError, match="nltk.downloader brown"):
        nltk_corpus("brown")


def test_nltk_corpus_reads_brown_format_when_the_data_is_there(empty_nltk_data, monkeypatch):
    import nltk.corpus
    from nltk.corpus.reader import CategorizedTaggedCorpusReader
    from nltk.corpus.util import LazyCorpusLoader

    # Two tiny files in the Brown corpus's own format (word/TAG, categories in cats.txt).
    root = empty_nltk_data / "corpora" / "brown"
    root.mkdir(parents=True)
    (root / "ca01").write_text("\n\tThe/at Fulton/np-tl jury/nn said/vbd ./.\n\n\tIt's/pps+bez over/rp ./.\n")
    (root / "cb02").write_text("\n\tFire/nn ,/, smoke/nn and/cc 10/cd trucks/nns ./.\n")
    (root / "cats.txt").write_text("ca01 news\ncb02 editorial\n")
    # A fresh loader, defined as nltk defines brown; monkeypatch puts nltk's own back afterwards.
    fake = LazyCorpusLoader("brown", CategorizedTaggedCorpusReader, r"c[a-z]\d\d",
                            cat_file="cats.txt", tagset="brown", encoding="ascii")
    monkeypatch.setattr(nltk.corpus, "brown", fake)

    docs = nltk_corpus("brown")
    # By hand: lowercase, punctuation tokens dropped, "It's" split at the apostrophe.
    assert docs == [["the", "fulton", "jury", "said", "it", "s", "over"],
                    ["fire", "smoke", "and", "10", "trucks"]]
    assert nltk_corpus("brown", fileids=["cb02"]) == [["fire", "smoke", "and", "10", "trucks"]]
    with pytest.raises(ValueError, match=r"does not have.*'ca01'"):
        nltk_corpus("brown", fileids=["zz99"])


def test_nltk_corpus_rejects_unknown_names():
    with pytest.raises(ValueError, match="nltk has no corpus called 'no_such_corpus'"):
        nltk_corpus("no_such_corpus")
    with pytest.raises(ValueError, match="nltk has no corpus called 'util'"):
        nltk_corpus("util")  # a module inside nltk.corpus, not a corpus
    with pytest.raises(TypeError, match="name must be the name of an nltk corpus"):
        nltk_corpus("../brown")


def test_nltk_corpus_without_nltk_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "nltk", None)
    with pytest.raises(ImportError, match="pip install nltk"):
        nltk_corpus("brown")
