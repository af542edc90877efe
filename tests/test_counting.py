"""Window counts, checked against brute force and against gensim's own accumulator."""

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import teachkit.counts._engine as engine
import teachkit.counts.counting as counting
from teachkit import CooccurrenceCounts
from teachkit.text import normalize_token


def brute_force(docs, window):
    """Reference count: build the set of words of every window, one by one."""
    windows = []
    for doc in docs:
        if window is None or len(doc) <= window:
            windows.append(set(doc))
        else:
            windows.extend(set(doc[i:i + window]) for i in range(len(doc) - window + 1))
    words = sorted({w for d in docs for w in d})
    single = {w: sum(w in s for s in windows) for w in words}
    pairs = {(a, b): sum(a in s and b in s for s in windows) for a, b in itertools.combinations(words, 2)}
    return len(windows), single, pairs


def assert_same_as_brute_force(counts, docs, window):
    n, single, pairs = brute_force(docs, window)
    assert counts.n == n
    for w, c in single.items():
        assert counts.count(w) == c, w
    for (a, b), c in pairs.items():
        assert counts.count(a, b) == c == counts.count(b, a), (a, b)


def test_document_level_counts_by_hand():
    docs = ["canção do exílio", "canção de ninar", "o exílio"]
    counts = CooccurrenceCounts.from_documents(docs)
    # 3 documents; "canção" in docs 1 and 2, "exílio" in 1 and 3, both only in 1.
    assert (counts.n, counts.count("canção"), counts.count("exílio"), counts.count("canção", "exílio")) == (3, 2, 2, 1)
    assert counts.count("canção", "canção") == 2
    assert counts.count("nowhere") == 0 and "nowhere" not in counts and "ninar" in counts


def test_sliding_window_layout_by_hand():
    # 6 tokens, window 3 -> 6 - 3 + 1 = 4 windows; a 2-token document shorter than
    # the window is one window; an empty document is one (empty) window.
    docs = [["a", "b", "c", "d", "e", "f"], ["a", "f"], []]
    counts = CooccurrenceCounts.from_documents(docs, window=3)
    assert counts.n == 4 + 1 + 1
    # windows: abc bcd cde def | af | (empty)
    assert counts.count("a") == 2 and counts.count("c") == 3 and counts.count("f") == 2
    assert counts.count("a", "f") == 1 and counts.count("b", "d") == 1 and counts.count("a", "d") == 0


def test_document_of_exactly_window_length_is_one_window():
    counts = CooccurrenceCounts.from_documents([["x", "y", "z"]], window=3)
    assert counts.n == 1 and counts.count("x", "z") == 1


def test_repeated_word_counts_once_per_window():
    counts = CooccurrenceCounts.from_documents([["a", "a", "a", "b"]], window=2)
    # windows: aa, aa, ab -> "a" lies in all 3, "b" in 1
    assert (counts.n, counts.count("a"), counts.count("b"), counts.count("a", "b")) == (3, 3, 1, 1)


docs_strategy = st.lists(st.lists(st.sampled_from("abcdef"), max_size=12), min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(docs=docs_strategy, window=st.one_of(st.none(), st.integers(1, 6)))
def test_counts_equal_brute_force(docs, window):
    assert_same_as_brute_force(CooccurrenceCounts.from_documents(docs, window=window), docs, window)


@settings(max_examples=40, deadline=None)
@given(docs=docs_strategy, window=st.one_of(st.none(), st.integers(1, 6)), seed=st.integers(0, 10**6))
def test_counts_do_not_depend_on_document_order(docs, window, seed):
    shuffled = list(docs)
    random.Random(seed).shuffle(shuffled)
    a = CooccurrenceCounts.from_documents(docs, window=window)
    b = CooccurrenceCounts.from_documents(shuffled, window=window)
    assert a.n == b.n
    for w in "abcdef":
        assert a.count(w) == b.count(w)
        for v in "abcdef":
            assert a.count(w, v) == b.count(w, v)


def test_streaming_generator_and_small_chunks_give_the_same_counts(monkeypatch):
    rng = random.Random(0)
    docs = [[rng.choice("abcdefghij") for _ in range(rng.randint(0, 30))] for _ in range(200)]
    whole = CooccurrenceCounts.from_documents(docs, window=5)
    # A chunk size of a few cells forces dozens of chunks, and a vocabulary
    # that grows between chunks.
    monkeypatch.setattr(counting, "_CHUNK_TOKENS", 50)
    streamed = CooccurrenceCounts.from_documents((d for d in docs), window=5)
    assert streamed.n == whole.n
    for a in "abcdefghij":
        assert streamed.count(a) == whole.count(a)
        for b in "abcdefghij":
            assert streamed.count(a, b) == whole.count(a, b)
    assert_same_as_brute_force(streamed, docs, 5)


def test_restricting_words_keeps_windows_and_counts():
    docs = [["a", "b", "a", "c", "d", "a"], ["b", "c"], ["d"]]
    full = CooccurrenceCounts.from_documents(docs, window=3)
    some = CooccurrenceCounts.from_documents(docs, window=3, words=["a", "c"])
    assert some.n == full.n
    assert some.count("a") == full.count("a") and some.count("a", "c") == full.count("a", "c")
    with pytest.raises(ValueError, match="not counted"):
        some.count("b")


def test_tokens_are_normalized_like_tokenize():
    counts = CooccurrenceCounts.from_documents([["Canção", "EXÍLIO"], "canção"])
    assert counts.count("canção") == 2 and counts.count("Exílio") == 1


def test_ascii_and_decomposed_spellings_in_one_document_are_one_word():
    # New tokens are lowercased in bulk; the non-ASCII ones of the same
    # document are NFC-normalized one by one, and both must land on one id.
    counts = CooccurrenceCounts.from_documents(
        [["Ação", "CASA", "ac\u0327a\u0303o", "sol"], ["sol", "AÇÃO"]], window=2)
    # windows: [ação casa] [casa ação] [ação sol] | [sol ação]
    assert counts.vocabulary == ("ação", "casa", "sol")
    assert counts.n == 4 and counts.count("ação") == 4 and counts.count("casa") == 2
    assert counts.count("ação", "casa") == 2 and counts.count("ação", "sol") == 2
    assert counts.count("casa", "sol") == 0


@settings(max_examples=60, deadline=None)
@given(docs=docs_strategy, window=st.one_of(st.none(), st.integers(1, 6)),
       words=st.lists(st.sampled_from("abcdefz"), min_size=1, max_size=9))
def test_counts_for_with_repeated_and_unknown_words_equals_brute_force(docs, window, words):
    # All pairs of one query are computed in a single batch; a word listed
    # twice shares all its windows with itself, an unknown word none.
    counts = CooccurrenceCounts.from_documents(docs, window=window)
    n, single, pairs = brute_force(docs, window)
    c, matrix = counts.counts_for(words)
    for i, a in enumerate(words):
        assert c[i] == single.get(a, 0)
        for j, b in enumerate(words):
            expected = single.get(a, 0) if a == b else pairs.get(tuple(sorted((a, b))), 0)
            assert matrix[i, j] == expected, (a, b)
    # the cached pairs answer single queries the same way
    for a, b in itertools.combinations(sorted(set(words)), 2):
        assert counts.count(a, b) == pairs.get((a, b), 0)


def test_counts_for_gives_the_pair_matrix():
    counts = CooccurrenceCounts.from_documents([["a", "b"], ["a", "c"], ["a", "b", "c"]])
    c, m = counts.counts_for(["a", "b", "zz"])
    assert c.tolist() == [3, 2, 0]
    assert m.tolist() == [[3, 2, 0], [2, 2, 0], [0, 0, 0]]


# --- gensim's sliding-window under-count --------------------------------------

def gensim_counts(docs, window, words):
    from gensim.corpora import Dictionary
    from gensim.topic_coherence.text_analysis import WordOccurrenceAccumulator

    dictionary = Dictionary(docs)
    ids = {dictionary.token2id[w] for w in words}
    acc = WordOccurrenceAccumulator(ids, dictionary).accumulate(docs, window)
    return acc


def assert_counts_are_gensims(counts, docs, window):
    """Every word's count and every pair's, from ``counts``, equal gensim's accumulator on ``docs``.

    Shared by the in-memory, disk-index and Dask tests, which all claim gensim's under-count exactly.
    """
    words = sorted({w for d in docs for w in d})
    acc = gensim_counts(docs, window, words)
    assert counts.n == acc.num_docs
    for a in words:
        assert counts.count(a) == acc.get_occurrences(a)
        for b in words:
            if a != b:
                assert counts.count(a, b) == acc.get_co_occurrences(a, b)


#: Small documents over five letters, where repeats inside a window are frequent (hypothesis strategy).
SMALL_DOCS = st.lists(st.lists(st.sampled_from("abcde"), min_size=1, max_size=15), min_size=1, max_size=6)


def test_tiny_document_where_gensim_and_the_correct_count_part():
    doc = ["a", "b", "a", "c", "d", "a"]
    # Windows of 3: [a b a] [b a c] [a c d] [c d a]: "a" is in all four.
    counts = CooccurrenceCounts.from_documents([doc], window=3)
    assert counts.count("a") == 4
    # gensim clears "a" when the copy at position 0 leaves, although the copy at
    # position 2 is still inside, so it sees "a" only in windows 1 and 4.
    acc = gensim_counts([doc], 3, ["a", "b", "c"])
    assert acc.get_occurrences("a") == 2
    compat = CooccurrenceCounts.from_documents([doc], window=3, gensim_compat=True)
    assert compat.count("a") == 2
    assert compat.count("a", "c") == acc.get_co_occurrences("a", "c") == 1
    assert counts.count("a", "c") == 3


@settings(max_examples=60, deadline=None)
@given(docs=SMALL_DOCS, window=st.integers(2, 6))
def test_gensim_compat_reproduces_gensims_accumulator(docs, window):
    assert_counts_are_gensims(CooccurrenceCounts.from_documents(docs, window=window, gensim_compat=True), docs, window)


@settings(max_examples=60, deadline=None)
@given(docs=SMALL_DOCS, window=st.integers(2, 6), steps=st.integers(1, 3))
def test_gensim_compat_binary_search_for_long_repeats_agrees(docs, window, steps):
    # last_window_seen steps back copy by copy and binary-searches what is left after _STEPS_BACK copies;
    # windows of ordinary sizes never get that far, so the search is forced here after 1 to 3 steps.
    from unittest import mock

    import teachkit.counts.gensim_compat as gensim_compat

    with mock.patch.object(gensim_compat, "_STEPS_BACK", steps):
        counts = CooccurrenceCounts.from_documents(docs, window=window, gensim_compat=True)
    assert_counts_are_gensims(counts, docs, window)


def test_a_word_repeated_all_through_a_long_window_is_counted_as_gensim_does():
    # 60 copies of "a" in windows of 50: more copies inside one window than last_window_seen steps back.
    import teachkit.counts.gensim_compat as gensim_compat

    docs = [["a"] * 30 + ["b"] + ["a"] * 30 + ["c"] * 5, ["c", "a"] * 40]
    assert 50 > gensim_compat._STEPS_BACK
    assert_counts_are_gensims(CooccurrenceCounts.from_documents(docs, window=50, gensim_compat=True), docs, 50)


def test_anarch_on_gensims_wikipedia_sample():
    from gensim.test.utils import datapath

    with open(datapath("head500.noblanks.cor"), encoding="utf-8") as f:
        texts = [line.split() for line in f]
    # Brute force for one word: windows of 10 (or the whole short document).
    expected = 0
    for doc in texts:
        if len(doc) <= 10:
            expected += "anarch" in doc
        else:
            expected += sum("anarch" in doc[i:i + 10] for i in range(len(doc) - 9))
    assert expected == 915
    assert CooccurrenceCounts.from_documents(texts, window=10, words=["anarch"]).count("anarch") == 915
    acc = gensim_counts(texts, 10, ["anarch"])
    assert acc.get_occurrences("anarch") == 787
    compat = CooccurrenceCounts.from_documents(texts, window=10, words=["anarch"], gensim_compat=True)
    assert compat.count("anarch") == 787 and compat.n == acc.num_docs


# --- bad input ----------------------------------------------------------------

@pytest.mark.parametrize("docs, error, match", [
    ([], ValueError, "empty"),
    (iter([]), ValueError, "empty"),
    ("one long string", TypeError, "single string"),
    ([["a", 3]], TypeError, "not a string"),
    ([b"bytes"], TypeError, "decode"),
    ([42], TypeError, "document 0"),
    (None, TypeError, "iterable"),
])
def test_bad_corpora_are_refused(docs, error, match):
    with pytest.raises(error, match=match):
        CooccurrenceCounts.from_documents(docs)


@pytest.mark.parametrize("window, error", [(0, ValueError), (-3, ValueError), (2.5, TypeError), (True, TypeError)])
def test_bad_window_is_refused(window, error):
    with pytest.raises(error, match="window"):
        CooccurrenceCounts.from_documents(["a b"], window=window)


def test_gensim_compat_needs_a_window():
    with pytest.raises(ValueError, match="window"):
        CooccurrenceCounts.from_documents(["a b"], gensim_compat=True)


@pytest.mark.parametrize("n, words, pairs, match", [
    (10, {"a": -1}, {}, "zero or more"),
    (10, {"a": 2.5}, {}, "whole number"),
    (10, {"a": 11}, {}, "more than n"),
    (0, {"a": 0}, {}, "at least 1"),
    (10, {"a": 3, "b": 4}, {("a", "b"): 5}, "more than c"),
    (10, {"a": 8, "b": 8}, {("a", "b"): 2}, "impossible"),
    (10, {"a": 3}, {("a", "b"): 1}, "no entry"),
    (10, {"a": 3}, {("a", "A"): 1}, "itself"),
])
def test_from_counts_validates(n, words, pairs, match):
    with pytest.raises(ValueError, match=match):
        CooccurrenceCounts.from_counts(n, words, pairs)


def test_from_counts_gives_back_the_counts():
    counts = CooccurrenceCounts.from_counts(10_000, {"running": 500, "exercise": 400, "meeting": 4000},
                                            {("running", "exercise"): 150, ("running", "meeting"): 12})
    assert counts.count("exercise", "running") == 150 and counts.count("meeting") == 4000
    assert counts.count("exercise", "meeting") == 0
    assert np.array_equal(counts.counts_for(["running"])[0], [500])


# --- the index: words -> runs of windows -------------------------------------

def test_vocabulary_is_in_first_seen_order():
    counts = CooccurrenceCounts.from_documents(["b a", "c a", "d b"])
    assert counts.vocabulary == ("b", "a", "c", "d")


@settings(max_examples=60, deadline=None)
@given(docs=docs_strategy, window=st.one_of(st.none(), st.integers(1, 6)))
def test_pair_count_matrix_and_counts_for_equal_brute_force(docs, window):
    counts = CooccurrenceCounts.from_documents(docs, window=window)
    n, single, pairs = brute_force(docs, window)
    words = list("abcdef")
    expected = np.array([[single.get(a, 0) if a == b else pairs.get(tuple(sorted((a, b))), 0)
                          for b in words] for a in words])
    c, matrix = counts.pair_count_matrix(words)
    assert c.tolist() == [single.get(w, 0) for w in words]
    assert np.array_equal(matrix, expected)
    c2, matrix2 = counts.counts_for(words)
    assert np.array_equal(c, c2) and np.array_equal(matrix, matrix2)


def test_counts_for_many_words_takes_the_matrix_route_with_the_same_values(monkeypatch):
    rng = random.Random(1)
    docs = [[rng.choice("abcdefghij") for _ in range(rng.randint(0, 25))] for _ in range(60)]
    counts = CooccurrenceCounts.from_documents(docs, window=4)
    pairwise = counts.counts_for(list("abcdefghij"))
    monkeypatch.setattr(counting, "_PAIRWISE_LIMIT", 2)
    fresh = CooccurrenceCounts.from_documents(docs, window=4)
    via_matrix = fresh.counts_for(list("abcdefghij"))
    assert np.array_equal(pairwise[0], via_matrix[0]) and np.array_equal(pairwise[1], via_matrix[1])
    assert_same_as_brute_force(fresh, docs, 4)


@settings(max_examples=40, deadline=None)
@given(docs=SMALL_DOCS, window=st.integers(2, 6))
def test_gensim_compat_pair_matrix_reproduces_gensims_accumulator(docs, window):
    words = sorted({w for d in docs for w in d})
    acc = gensim_counts(docs, window, words)
    c, matrix = CooccurrenceCounts.from_documents(docs, window=window, gensim_compat=True).pair_count_matrix(words)
    for i, a in enumerate(words):
        assert c[i] == acc.get_occurrences(a)
        for j, b in enumerate(words):
            if i != j:
                assert matrix[i, j] == acc.get_co_occurrences(a, b)


def test_words_that_are_far_apart_and_long_runs():
    # Two stretches of a word far apart give two runs of windows, and the last
    # windows of the document are clipped: 42 tokens, windows of 4 -> 39 windows.
    doc = ["a"] * 6 + ["x"] * 34 + ["a", "b"]
    doc[3] = "b"
    counts = CooccurrenceCounts.from_documents([doc], window=4)
    windows = [set(doc[s:s + 4]) for s in range(len(doc) - 3)]
    assert counts.n == len(windows) == 39
    assert counts.count("a") == sum("a" in w for w in windows)
    assert counts.count("a", "b") == sum({"a", "b"} <= w for w in windows)


def test_a_huge_window_on_tiny_documents_allocates_nothing_big():
    import tracemalloc

    tracemalloc.start()
    try:
        counts = CooccurrenceCounts.from_documents([["a", "b", "c"], ["c", "d", "e"]], window=10**10)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # Each document is one window (shorter than the window).
    assert (counts.n, counts.count("c"), counts.count("a", "b"), counts.count("a", "e")) == (2, 2, 1, 0)
    assert peak < 2**20, f"peak {peak} bytes for two three-token documents"


def test_memory_does_not_grow_with_the_window_size():
    import tracemalloc

    rng = random.Random(2)
    docs = [[f"w{rng.randint(0, 300)}" for _ in range(500)] for _ in range(60)]   # 30,000 tokens
    peaks = {}
    for window in (2, 100, 450, None):
        tracemalloc.start()
        try:
            CooccurrenceCounts.from_documents(docs, window=window)
            peaks[window] = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    # The old window-by-word matrix took tokens x window cells: 30,000 x 450
    # int64 entries would be over 100 MB; the index stays at a few MB.
    assert peaks[100] <= 1.1 * peaks[2] and peaks[450] <= 1.1 * peaks[2], peaks
    assert max(peaks.values()) < 16 * 2**20, peaks


# --- shapes of documents ------------------------------------------------------

@pytest.mark.parametrize("docs, match", [
    ([["fire", ["smoke", "blaze"]]], "Flatten"),
    ([["fire", ("smoke", "blaze")]], "Flatten"),
    ({"d1": "fire smoke", "d2": "blaze"}, "dict"),
    ([{"fire": 1}], "dict"),
])
def test_documents_of_the_wrong_shape_are_refused(docs, match):
    with pytest.raises(TypeError, match=match):
        CooccurrenceCounts.from_documents(docs)


def test_a_set_is_a_document_only_without_sliding_windows():
    assert CooccurrenceCounts.from_documents([{"a", "b"}]).count("a", "b") == 1
    with pytest.raises(TypeError, match="set"):
        CooccurrenceCounts.from_documents([{"a", "b"}], window=2)


def test_a_corpus_without_tokens_counts_zero_and_coherence_says_why():
    import teachkit as tk

    counts = CooccurrenceCounts.from_documents(["", "...", "!?"])
    assert (counts.n, len(counts), counts.count("fire"), counts.count("fire", "smoke")) == (3, 0, 0, 0)
    assert counts.counts_for(["fire", "smoke"])[1].tolist() == [[0, 0], [0, 0]]
    with pytest.raises(ValueError, match="keywords"):
        tk.topic_coherence(["fire", "smoke"], counts)
    with pytest.raises(ValueError, match="keywords"):
        tk.evaluate_topics([["fire", "smoke"]], counts)


# --- from_counts: symmetric tables, malformed keys, huge integers -------------

def test_a_symmetric_table_counts_each_pair_once():
    import math

    import teachkit as tk

    counts = CooccurrenceCounts.from_counts(10_000, {"running": 500, "exercise": 400},
                                            {("running", "exercise"): 150, ("exercise", "running"): 150})
    assert counts.count("running", "exercise") == 150
    # NPMI by hand: P = 0.015, 0.05, 0.04 -> ln(0.015 / 0.002) / -ln(0.015)
    assert tk.topic_coherence(["running", "exercise"], counts).mean == pytest.approx(
        math.log(0.015 / (0.05 * 0.04)) / -math.log(0.015), rel=1e-12)


def test_a_pair_given_twice_with_different_counts_is_refused():
    with pytest.raises(ValueError, match="both orders"):
        CooccurrenceCounts.from_counts(10_000, {"running": 500, "exercise": 400},
                                       {("running", "exercise"): 150, ("Exercise", "running"): 149})


@pytest.mark.parametrize("pairs", [
    {"ab": 3}, {"abc": 3}, {("a",): 3}, {("a", "b", "a"): 3}, {(1, 2): 3}, {frozenset("ab"): 3},
    [(("a", "b"), 3)], "a b", 3,
])
def test_malformed_pair_counts_are_refused(pairs):
    with pytest.raises(TypeError, match="pair_counts"):
        CooccurrenceCounts.from_counts(10, {"a": 4, "b": 4}, pairs)


@pytest.mark.parametrize("n, words, pairs, match", [
    (10**19, {"a": 1}, {}, "n is a 20-digit"),
    (1e19, {"a": 1}, {}, "n is a 20-digit"),
    (10**400, {"a": 1}, {}, "n is a 401-digit"),
    (10**19, {"a": 10**19}, {}, "n is a 20-digit"),
    (10, {"a": 10**400}, {}, r"word_counts\['a'\] is a 401-digit"),
    (10, {"a": 4, "b": 4}, {("a", "b"): 10**400}, r"pair_counts\[\('a', 'b'\)\] is a 401-digit"),
])
def test_integers_past_int64_are_refused_naming_the_argument(n, words, pairs, match):
    with pytest.raises(ValueError, match=match) as info:
        CooccurrenceCounts.from_counts(n, words, pairs)
    assert len(str(info.value)) < 300


def test_the_largest_int64_counts_are_exact():
    big = 2**63 - 1
    counts = CooccurrenceCounts.from_counts(big, {"a": big - 1, "b": big - 1}, {("a", "b"): big - 2})
    assert counts.count("a", "b") == big - 2 and counts.count("a") == big - 1 and counts.n == big


# --- properties: bad input names the argument; input is never modified -------

not_a_window = st.one_of(st.integers(max_value=0), st.floats(allow_nan=True), st.booleans(), st.text(max_size=3),
                         st.lists(st.integers(), max_size=2))


@settings(max_examples=60, deadline=None)
@given(window=not_a_window)
def test_a_bad_window_names_window(window):
    with pytest.raises((ValueError, TypeError), match="window"):
        CooccurrenceCounts.from_documents([["a", "b"]], window=window)


@settings(max_examples=60, deadline=None)
@given(docs=st.one_of(st.integers(), st.floats(), st.none(), st.text(max_size=5), st.binary(max_size=3),
                      st.dictionaries(st.text(max_size=3), st.text(max_size=3), min_size=0, max_size=2)))
def test_a_docs_that_is_no_collection_of_documents_names_docs(docs):
    with pytest.raises((ValueError, TypeError), match="docs"):
        CooccurrenceCounts.from_documents(docs)


@settings(max_examples=60, deadline=None)
@given(token=st.one_of(st.integers(), st.floats(), st.none(), st.binary(max_size=3),
                       st.lists(st.text(max_size=2), max_size=2)),
       position=st.integers(0, 2))
def test_a_token_that_is_not_a_string_names_the_document(token, position):
    doc = ["a", "b"]
    doc.insert(position, token)
    with pytest.raises(TypeError, match="document 1"):
        CooccurrenceCounts.from_documents([["a"], doc])


bad_count = st.one_of(st.integers(max_value=-1),
                      st.floats(allow_nan=True, allow_infinity=True).filter(
                          lambda x: x != int(x) if x == x and abs(x) != float("inf") else True),
                      st.booleans(), st.text(max_size=3), st.none(), st.integers(min_value=2**63))


@settings(max_examples=100, deadline=None)
@given(value=bad_count, where=st.sampled_from(["n", "word", "pair"]))
def test_a_bad_count_names_its_argument(value, where):
    n, words, pairs = 100, {"a": 10, "b": 10}, {("a", "b"): 5}
    if where == "n":
        n, name = value, "n"
    elif where == "word":
        words, name = {"a": value, "b": 10}, "word_counts['a']"
    else:
        pairs, name = {("a", "b"): value}, "pair_counts[('a', 'b')]"
    with pytest.raises((ValueError, TypeError)) as info:
        CooccurrenceCounts.from_counts(n, words, pairs)
    assert name in str(info.value)


@settings(max_examples=40, deadline=None)
@given(docs=docs_strategy, window=st.one_of(st.none(), st.integers(1, 6)),
       words=st.lists(st.sampled_from("abcdefg"), max_size=5))
def test_inputs_are_not_modified(docs, window, words):
    import copy

    docs_before, words_before = copy.deepcopy(docs), list(words)
    counts = CooccurrenceCounts.from_documents(docs, window=window)
    counts.counts_for(words)
    counts.pair_count_matrix(words)
    assert docs == docs_before and words == words_before
    table = {"a": 5, "b": 4}
    pairs = {("a", "b"): 2, ("b", "a"): 2}
    table_before, pairs_before = dict(table), dict(pairs)
    CooccurrenceCounts.from_counts(10, table, pairs)
    assert table == table_before and pairs == pairs_before


@settings(max_examples=40, deadline=None)
@given(docs=docs_strategy, window=st.one_of(st.none(), st.integers(1, 6)),
       words=st.lists(st.sampled_from("abcdef"), min_size=1, max_size=4, unique=True))
def test_restricting_words_equals_brute_force(docs, window, words):
    counts = CooccurrenceCounts.from_documents(docs, window=window, words=words)
    n, single, pairs = brute_force(docs, window)
    assert counts.n == n
    for a in words:
        assert counts.count(a) == single.get(a, 0)
        for b in words:
            if a < b:
                assert counts.count(a, b) == pairs.get((a, b), 0)


@pytest.mark.parametrize("call, match", [
    (lambda c: c.count(3), "w1"),
    (lambda c: c.count("a", ["b"]), "w2"),
    (lambda c: c.counts_for("ab"), "words"),
    (lambda c: c.counts_for(["a", 3]), r"words\[1\]"),
    (lambda c: c.pair_count_matrix(["a", None]), r"words\[1\]"),
    (lambda c: c.pair_count_matrix(7), "words"),
])
def test_bad_queries_name_the_argument(call, match):
    counts = CooccurrenceCounts.from_documents(["a b", "b c"])
    with pytest.raises(TypeError, match=match):
        call(counts)


def test_words_option_refuses_a_string_and_non_strings():
    with pytest.raises(TypeError, match="words"):
        CooccurrenceCounts.from_documents(["a b"], words="ab")
    with pytest.raises(TypeError, match="words"):
        CooccurrenceCounts.from_documents(["a b"], words=["a", 1])


# ------------------------------------------------------------------ streaming counts for known words
@settings(max_examples=200, deadline=None)
@given(docs=st.lists(st.lists(st.sampled_from(["a", "b", "c", "d", "E", "é"]), max_size=12), min_size=1, max_size=8),
       window=st.one_of(st.none(), st.integers(1, 7)),
       words=st.lists(st.sampled_from(["a", "b", "c", "e", "é", "zebra"]), min_size=1, max_size=5))
def test_counts_for_known_words_stream_and_equal_the_full_count(docs, window, words):
    """words= counts one document at a time; every count, pair and n equals the full index's, which itself
    is checked against brute force elsewhere in this file."""
    full = CooccurrenceCounts.from_documents(docs, window=window)
    known = CooccurrenceCounts.from_documents(iter(docs), window=window, words=words)   # a generator: one pass
    assert (known.n, known.n_documents, known.n_tokens) == (full.n, full.n_documents, full.n_tokens)
    for w1 in words:
        assert known.count(w1) == full.count(w1), w1
        for w2 in words:
            assert known.count(w1, w2) == full.count(w1, w2), (w1, w2)


def test_counts_for_known_words_by_hand():
    # windows of 3 over "a b a c b": [a b a] [b a c] [a c b]; a in all 3, b in all 3, c in the last 2;
    # (a, c) share 2, (b, c) share 2.  Plus a short document "c" (one window) and an empty one (one window).
    counts = CooccurrenceCounts.from_documents([["a", "b", "a", "c", "b"], ["c"], []], window=3, words=["a", "b", "c"])
    assert counts.n == 5
    assert [counts.count(w) for w in "abc"] == [3, 3, 3]
    assert counts.count("a", "c") == 2 and counts.count("b", "c") == 2 and counts.count("a", "b") == 3
    with pytest.raises(ValueError, match="was not counted"):
        counts.count("zebra")


def test_streamed_counts_keep_no_token_array():
    counts = CooccurrenceCounts.from_documents((["a", "b"] * 50 for _ in range(100)), window=10, words=["a", "b"])
    assert counts._runs is None and counts.n == 100 * (100 - 10 + 1)
    assert counts.count("a") == counts.count("b") == counts.count("a", "b") == counts.n


@settings(max_examples=150, deadline=None)
@given(docs=st.lists(st.lists(st.sampled_from("abcde"), min_size=0, max_size=15), min_size=1, max_size=6),
       window=st.integers(1, 7), words=st.lists(st.sampled_from("abcdez"), min_size=1, max_size=6))
def test_known_words_with_gensim_compat_equal_gensims_accumulator(docs, window, words):
    """words= streams with gensim_compat=True too, and gives gensim 4.4's own numbers."""
    present = sorted({w for d in docs for w in d} & set(words))
    compat = CooccurrenceCounts.from_documents(iter(docs), window=window, gensim_compat=True, words=words)
    full = CooccurrenceCounts.from_documents(docs, window=window, gensim_compat=True)
    assert compat._runs is None and compat.n == full.n
    if present:
        acc = gensim_counts([d for d in docs], window, present)
        assert compat.n == acc.num_docs
    for a in words:
        assert compat.count(a) == full.count(a) == (acc.get_occurrences(a) if a in present else 0)
        for b in words:
            if a != b:
                expected = acc.get_co_occurrences(a, b) if a in present and b in present else 0
                assert compat.count(a, b) == full.count(a, b) == expected, (a, b)


@settings(max_examples=100, deadline=None)
@given(docs=docs_strategy, window=st.one_of(st.none(), st.integers(1, 6)),
       words=st.lists(st.sampled_from("abcdef"), min_size=1, max_size=6, unique=True),
       chunk=st.integers(1, 20), batch=st.integers(1, 8), cache=st.integers(0, 3))
def test_known_words_in_tiny_chunks_and_batches_equal_brute_force(docs, window, words, chunk, batch, cache):
    """Chunks of a few tokens, a few overlapping runs per batch and a cache emptied all the time change nothing."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "_STREAM_CHUNK_TOKENS", chunk)
        patch.setattr(engine, "_PAIR_BATCH", batch)
        patch.setattr(engine, "_CACHE_LIMIT", cache)
        counts = CooccurrenceCounts.from_documents(iter(docs), window=window, words=words)
    n, single, pairs = brute_force(docs, window)
    assert counts.n == n and counts.n_documents == len(docs) and counts.n_tokens == sum(map(len, docs))
    c, matrix = counts.counts_for(words)
    for i, a in enumerate(words):
        assert c[i] == single.get(a, 0)
        for j, b in enumerate(words):
            assert matrix[i, j] == (single.get(a, 0) if a == b else pairs.get(tuple(sorted((a, b))), 0)), (a, b)


@pytest.mark.parametrize("window", [None, 2, 3])
@pytest.mark.parametrize("words", [None, ["a", "b"]])
def test_spellings_of_one_word_in_a_document_count_it_once(window, words):
    # "A" and "a" are one word: at document level the first document holds it once, not twice.
    docs = [["A", "a", "b"], ["a"]]
    counts = CooccurrenceCounts.from_documents(docs, window=window, words=words)
    lowered = [[t.lower() for t in d] for d in docs]
    n, single, pairs = brute_force(lowered, window)
    assert (counts.n, counts.count("a"), counts.count("b"), counts.count("a", "b")) == (
        n, single["a"], single["b"], pairs["a", "b"])


@pytest.mark.parametrize("window", [None, 3])
@pytest.mark.parametrize("token, match", [(3, "not a string"), (None, "not a string"), (["x", "y"], "Flatten"),
                                          (b"x", "not a string")])
def test_known_words_name_a_bad_token_and_its_document(window, token, match):
    with pytest.raises(TypeError, match=match) as info:
        CooccurrenceCounts.from_documents([["a", "b"], ["a", token, "b"]], window=window, words=["a", "b"])
    assert "document 1" in str(info.value)


# Spellings that normalize to the same few words: case, and "é" precomposed or as "e" + a combining accent.
SPELLINGS = ["a", "A", "b", "B", "caf\u00e9", "CAF\u00c9", "cafe\u0301", "d"]


def _normalized(docs):
    return [[normalize_token(t) for t in d] for d in docs]


@settings(max_examples=100, deadline=None)
@given(docs=st.lists(st.lists(st.sampled_from(SPELLINGS), max_size=12), min_size=1, max_size=8),
       window=st.one_of(st.none(), st.integers(1, 5)), restrict=st.booleans(),
       lookup=st.integers(1, 20), chunk=st.integers(1, 30), cache=st.integers(0, 3), wide=st.booleans())
def test_lookup_batches_chunks_and_spellings_equal_brute_force(docs, window, restrict, lookup, chunk, cache, wide):
    """Tokens looked up a few at a time, in chunks of a few tokens, with the spellings forgotten all the time
    (words=), with raw ids in 32 or (``wide``) 64 bits: the counts are brute force's on the normalized tokens,
    and the index numbers words in the order they are first seen."""
    plain = _normalized(docs)
    words = ["a", "caf\u00e9", "d", "zebra"] if restrict else None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(engine, "_LOOKUP_TOKENS", lookup)
        patch.setattr(counting, "_CHUNK_TOKENS", chunk)
        patch.setattr(engine, "_STREAM_CHUNK_TOKENS", chunk)
        patch.setattr(engine, "_CACHE_LIMIT", cache)
        if wide:
            patch.setattr(engine, "_INT32_LIMIT", 0)
        counts = CooccurrenceCounts.from_documents(iter(docs), window=window, words=words)
    n, single, pairs = brute_force(plain, window)
    assert counts.n == n and counts.n_tokens == sum(map(len, docs))
    if not restrict:
        assert counts.vocabulary == tuple(dict.fromkeys(t for d in plain for t in d))
    asked = words or sorted(single)
    for a in asked:
        assert counts.count(a) == single.get(a, 0), a
        for b in asked:
            if a < b:
                assert counts.count(a, b) == pairs.get((a, b), 0), (a, b)


@pytest.mark.parametrize("window", [None, 3])
@pytest.mark.parametrize("lookup", [1, 4, 1 << 16])
@pytest.mark.parametrize("token, match", [(3, "not a string"), (["x", "y"], "Flatten")])
def test_the_index_names_a_bad_token_and_its_document_whatever_the_lookup_batch(window, lookup, token, match,
                                                                                  monkeypatch):
    # Documents 0 to 3 are looked up together when the batch is large: the message still names document 2.
    monkeypatch.setattr(engine, "_LOOKUP_TOKENS", lookup)
    docs = [["a", "b"], ["new", "b"], ["a", token, "b"], ["c"]]
    with pytest.raises(TypeError, match=match) as info:
        CooccurrenceCounts.from_documents(docs, window=window)
    assert "document 2" in str(info.value)
