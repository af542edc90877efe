"""Property tests for the coherence functions: any valid input gives a finite number in range, any wrong
input a ValueError/TypeError naming the argument, and no input is modified."""

import copy

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import teachkit as tk

VOCAB = ["fire", "smoke", "ash", "rain", "cloud", "storm", "heat", "wind"]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

documents = st.lists(st.lists(st.sampled_from(VOCAB), min_size=0, max_size=12), min_size=1, max_size=8)
topics = st.lists(st.lists(st.sampled_from(VOCAB), min_size=2, max_size=6, unique=True), min_size=1, max_size=3)
measures = st.sampled_from(list(tk.MEASURES))
windows = st.one_of(st.none(), st.integers(1, 6))



@FAST
@given(docs=documents, topic_lists=topics, measure=measures, window=windows, compat=st.booleans())
def test_valid_input_gives_a_finite_value_in_range_or_a_clear_error(docs, topic_lists, measure, window, compat):
    docs_before, topics_before = copy.deepcopy(docs), copy.deepcopy(topic_lists)
    try:
        # gensim_compat is only for measures gensim has (c_a is not one).
        compat = compat and tk.MEASURES[measure].in_gensim
        result = tk.coherence_per_topic(topic_lists, docs, measure, window=window, gensim_compat=compat,
                                        window_override=True)
    except ValueError as err:
        # The only refusals a valid call can meet: too few topic words in the texts, or a context vector
        # that cancels out; both are named.
        assert "topics[" in str(err) or "context vector" in str(err), str(err)
    else:
        values = result.values
        assert len(values) == len(topic_lists)
        assert np.all(np.isfinite(values))
        # What the measure can give, from its registry entry (under its default zero convention; gensim's
        # eps convention moves NPMI and UMass's bound by a hair, hence 1e-9 of slack).
        low, high = tk.MEASURES[measure].value_range
        assert np.all(values >= low - 1e-9) and np.all(values <= high + 1e-9), (measure, values)
        for t in result.topics:
            assert set(t.keywords).isdisjoint(t.skipped)
    assert docs == docs_before and topic_lists == topics_before


@FAST
@given(docs=documents, topic=st.lists(st.sampled_from(VOCAB), min_size=2, max_size=6, unique=True),
       measure=st.sampled_from([m for m, spec in tk.MEASURES.items() if spec.symmetric]), data=st.data())
def test_symmetric_measures_do_not_depend_on_word_order(docs, topic, measure, data):
    shuffled = data.draw(st.permutations(topic))
    counts = tk.CooccurrenceCounts.from_documents(docs)
    try:
        a = tk.coherence_per_topic([topic], counts, measure, top_n=len(topic))[0]
    except ValueError:
        return
    b = tk.coherence_per_topic([shuffled], counts, measure, top_n=len(topic))[0]
    assert a == pytest.approx(b, abs=1e-12)


@FAST
@given(docs=documents, topic=st.lists(st.sampled_from(VOCAB), min_size=2, max_size=6, unique=True))
def test_topic_coherence_and_c_npmi_agree_and_stay_in_range(docs, topic):
    counts = tk.CooccurrenceCounts.from_documents(docs)
    try:
        tc = tk.topic_coherence(topic, counts)
    except ValueError as err:
        assert "keywords" in str(err)
        return
    assert -1.0 <= tc.mean <= 1.0
    # Two routes to the same NPMI mean: teachkit.coherence.topic_npmi and teachkit.coherence.measures.
    assert tk.coherence_per_topic([topic], counts, "c_npmi")[0] == pytest.approx(tc.mean, abs=1e-12)
    report = tk.evaluate_topics([topic], counts)
    assert report.scores[0] == tc.mean


not_a_topic_list = st.one_of(st.none(), st.integers(), st.floats(), st.text(), st.binary(),
                             st.lists(st.integers(), min_size=1),
                             st.dictionaries(st.text(), st.integers(), min_size=1))


@FAST
@given(bad=not_a_topic_list, measure=measures)
def test_wrong_topics_are_refused_naming_topics(bad, measure):
    with pytest.raises((TypeError, ValueError), match="topics"):
        tk.coherence_per_topic(bad, [["fire", "smoke"]], measure)


@FAST
@given(bad=not_a_topic_list)
def test_evaluate_topics_refuses_wrong_types_naming_the_argument(bad):
    counts = tk.CooccurrenceCounts.from_documents([["fire", "smoke"], ["fire", "ash"]])
    with pytest.raises((TypeError, ValueError), match="topic"):
        tk.evaluate_topics(bad, counts)


@pytest.mark.parametrize("bad", [None, 3, 1.5, object()])
def test_evaluate_topics_none_and_scalars_are_type_errors(bad):
    counts = tk.CooccurrenceCounts.from_documents([["fire", "smoke"], ["fire", "ash"]])
    with pytest.raises(TypeError, match="topics must be a list"):
        tk.evaluate_topics(bad, counts)


@pytest.mark.parametrize("docs", [["", "", ""], ["!!", "...", "?"], [[], []]])
def test_counts_from_empty_documents_give_a_clear_error_everywhere(docs):
    counts = tk.CooccurrenceCounts.from_documents(docs)
    with pytest.raises(ValueError, match="no word at all"):
        tk.topic_coherence(["fire", "smoke"], counts)
    with pytest.raises(ValueError, match="no word at all"):
        tk.evaluate_topics([["fire", "smoke"]], counts)
    with pytest.raises(ValueError, match="no word at all"):
        tk.coherence_per_topic([["fire", "smoke"]], counts, "c_v")


@FAST
@given(topic_lists=st.lists(st.lists(st.sampled_from(VOCAB), min_size=4, max_size=6, unique=True),
                            min_size=2, max_size=5),
       p=st.floats(0.05, 0.95))
def test_diversity_measures_stay_in_range(topic_lists, p):
    before = copy.deepcopy(topic_lists)
    k = len(topic_lists)
    td = tk.topic_diversity(topic_lists, top_k=4)
    assert 1 / k - 1e-12 <= td <= 1.0
    irbo = tk.inverted_rbo(topic_lists, top_k=4, p=p)
    assert -1e-12 <= irbo <= 1.0 + 1e-12
    a, b = topic_lists[0][:4], topic_lists[1][:4]
    assert tk.rank_biased_overlap(a, b, p) == pytest.approx(tk.rank_biased_overlap(b, a, p), abs=1e-12)
    assert tk.rank_biased_overlap(a, a, p) == pytest.approx(1.0, abs=1e-12)
    assert topic_lists == before


COUNTS = tk.CooccurrenceCounts.from_documents([["fire", "smoke", "ash"], ["fire", "ash"], ["smoke", "rain"]])


@pytest.mark.parametrize("call, name", [
    (lambda: tk.topic_coherence(None, COUNTS), "keywords"),
    (lambda: tk.topic_coherence(["fire", "smoke"], None), "counts"),
    (lambda: tk.topic_coherence(["fire", "smoke"], COUNTS, top_n="3"), "top_n"),
    (lambda: tk.topic_coherence(["fire", 3], COUNTS), "keywords"),
    (lambda: tk.score_pair("fire", None, COUNTS), "w2"),
    (lambda: tk.score_pair("fire", "smoke", [1, 2]), "counts"),
    (lambda: tk.evaluate_topics([["fire", "smoke"]], COUNTS, exclude=None), "exclude"),
    (lambda: tk.evaluate_topics([["fire", "smoke"]], COUNTS, exclude="0"), "exclude"),
    (lambda: tk.evaluate_topics([["fire", "smoke"]], COUNTS, exclude=[[0]]), "exclude"),
    (lambda: tk.evaluate_topics([None], COUNTS), "topic 0"),
    (lambda: tk.coherence_from_pairs(None), "pair_npmi"),
    (lambda: tk.coherence_per_topic([["fire", "smoke"]], None), "texts"),
    (lambda: tk.coherence_per_topic([["fire", "smoke"]], "fire smoke"), "texts"),
    (lambda: tk.coherence_per_topic([["fire", "smoke"]], COUNTS, "c_v", gamma=0.5), "gamma"),
])
def test_wrong_types_raise_a_type_error_naming_the_argument(call, name):
    with pytest.raises(TypeError, match=name):
        call()
