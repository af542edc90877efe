"""Stability of topics across runs: the matching against brute force, agreements worked by hand."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from teachkit.evaluation.stability import (
    average_jaccard, greene_agreement, jaccard, match_topic_matrices, match_topics, stability_over_k,
    topic_similarity_matrix,
)
from teachkit.evaluation.topic_words import top_words

WORDS = [f"w{i}" for i in range(8)]


def brute_force_best(s):
    """The largest total similarity over every one-to-one pairing (K! of them)."""
    k = s.shape[0]
    return max(sum(s[i, perm[i]] for i in range(k)) for perm in itertools.permutations(range(k)))


@st.composite
def two_runs(draw):
    k = draw(st.integers(1, 5))
    n = draw(st.integers(1, 4))
    topic = st.lists(st.sampled_from(WORDS), min_size=n, max_size=n, unique=True)
    return draw(st.lists(topic, min_size=k, max_size=k)), draw(st.lists(topic, min_size=k, max_size=k)), n


@settings(max_examples=150, deadline=None)
@given(two_runs(), st.sampled_from(["jaccard", "average_jaccard", "rbo"]))
def test_matching_is_the_best_of_all_permutations(runs, similarity):
    a, b, n = runs
    m = match_topics(a, b, top_n=n, similarity=similarity)
    assert sorted(i for i, _ in m.pairs) == list(range(len(a)))
    assert sorted(j for _, j in m.pairs) == list(range(len(b)))   # one-to-one
    assert sum(m.similarities) == pytest.approx(brute_force_best(m.matrix), abs=1e-12)


def test_matching_worked_by_hand():
    a = [["a", "b", "c", "d", "e"], ["f", "g", "h", "i", "j"]]
    # B0 shares a,b,c,d with A0 and f with A1; B1 shares a,b,c with A0 and nothing with A1.
    b = [["a", "b", "c", "d", "f"], ["a", "b", "c", "x", "y"]]
    m = match_topics(a, b, top_n=5)
    # Jaccard: A0-B0 4/6, A0-B1 3/7, A1-B0 1/9, A1-B1 0/10.
    assert m.matrix == pytest.approx(np.array([[4 / 6, 3 / 7], [1 / 9, 0.0]]))
    # Pairings: A0-B0 + A1-B1 = 0.667 beats A0-B1 + A1-B0 = 3/7 + 1/9 = 0.540.
    assert m.pairs == ((0, 0), (1, 1))
    assert m.similarities == pytest.approx((4 / 6, 0.0))
    assert m.mean == pytest.approx(1 / 3)


def test_identical_runs_agree_fully_in_any_order():
    run = [["fire", "smoke", "ash", "heat"], ["rain", "cloud", "storm", "wind"], ["goal", "team", "coach", "match"]]
    shuffled = [run[2], run[0], run[1]]
    for similarity in ("jaccard", "average_jaccard", "rbo"):
        m = match_topics(run, shuffled, top_n=4, similarity=similarity)
        assert m.pairs == ((0, 1), (1, 2), (2, 0))
        assert m.similarities == pytest.approx((1.0, 1.0, 1.0))
    assert greene_agreement(run, shuffled, top_n=4) == 1.0


def test_agreement_of_a_constructed_pair_by_hand():
    ref = [["a", "b", "c"], ["x", "y", "z"]]
    sample = [["x", "z", "q"], ["b", "a", "d"]]
    # AJ(abc, bad): d=1 {a} vs {b} 0; d=2 {a,b} vs {b,a} 1; d=3 {a,b,c} vs {a,b,d} 2/4. Mean 1/2.
    assert average_jaccard(["a", "b", "c"], ["b", "a", "d"]) == pytest.approx(0.5)
    # AJ(xyz, xzq): d=1 1; d=2 {x,y} vs {x,z} 1/3; d=3 {x,y,z} vs {x,z,q} 2/4. Mean (1 + 1/3 + 1/2)/3 = 11/18.
    assert average_jaccard(["x", "y", "z"], ["x", "z", "q"]) == pytest.approx(11 / 18)
    # Cross pairs share nothing, so the matching is ref0-sample1, ref1-sample0: (1/2 + 11/18) / 2 = 5/9.
    assert greene_agreement(ref, sample, top_n=3) == pytest.approx(5 / 9)
    assert jaccard(["a", "b", "c"], ["b", "a", "d"]) == pytest.approx(2 / 4)


def test_rbo_similarity_is_the_package_rbo():
    s = topic_similarity_matrix([["a", "b", "c"]], [["b", "a", "d"]], top_n=3, similarity="rbo", p=0.9)
    assert s[0, 0] == pytest.approx(0.63, abs=1e-12)


def test_top_words_and_matrices():
    vocab = ["ash", "fire", "rain", "wind"]
    a = np.array([[0.1, 0.6, 0.2, 0.1], [0.1, 0.1, 0.5, 0.3]])
    b = a[::-1].copy()
    assert top_words(a, vocab, 2) == [["fire", "rain"], ["rain", "wind"]]
    m = match_topic_matrices(a, b, vocab, vocab, top_n=2)
    assert m.pairs == ((0, 1), (1, 0)) and m.mean == 1.0


def test_bad_input_is_refused_with_a_reason():
    vocab = ["ash", "fire", "rain", "wind"]
    a = np.full((2, 4), 0.25)
    with pytest.raises(ValueError, match="different vocabularies: column 1"):
        match_topic_matrices(a, a, vocab, ["ash", "smoke", "rain", "wind"], top_n=2)
    with pytest.raises(ValueError, match="different vocabularies"):
        match_topic_matrices(a, a, vocab, vocab[:3], top_n=2)
    with pytest.raises(ValueError, match="columns but vocabulary"):
        top_words(a, vocab[:3], 2)
    with pytest.raises(ValueError, match="more than the 4 words"):
        match_topic_matrices(a, a, vocab, vocab, top_n=5)
    with pytest.raises(ValueError, match="same number of topics"):
        match_topics([["a", "b"]], [["a", "b"], ["c", "d"]], top_n=2)
    with pytest.raises(ValueError, match=r"top_n = 3 but run_a\[0\] has only 2"):
        match_topics([["a", "b"]], [["a", "b", "c"]], top_n=3)
    with pytest.raises(ValueError, match="similarity must be one of"):
        match_topics([["a"]], [["a"]], top_n=1, similarity="cosine")
    with pytest.raises(TypeError, match="run_a must be a list of topics"):
        match_topics("a b", [["a"]], top_n=1)
    with pytest.raises(ValueError, match="twice"):
        match_topics([["a", "A"]], [["a", "b"]], top_n=2)
    docs = [["a", "b"], ["b", "c"], ["c", "a"]]
    with pytest.raises(ValueError, match="more topics than"):
        stability_over_k(docs, ks=[2, 5], top_n=2)
    with pytest.raises(ValueError, match="fraction"):
        stability_over_k(docs, ks=[2], fraction=0, top_n=2)


@pytest.mark.slow
def test_stability_curve_finds_the_planted_k():
    # Three topics with disjoint words, every document from one topic, the words of a topic in a clear
    # order of probability: K = 3 is the stable K (Greene et al.'s premise), 2 and 4 split or merge topics.
    groups = [["fire", "smoke", "ash", "heat", "flame"], ["rain", "cloud", "storm", "wind", "flood"],
              ["goal", "team", "coach", "match", "score"]]
    rng = np.random.default_rng(0)
    docs = [list(rng.choice(groups[i % 3], 30, p=[0.4, 0.25, 0.15, 0.12, 0.08])) for i in range(60)]
    curve = stability_over_k(docs, ks=[2, 3, 4], runs=3, top_n=3, passes=20)
    assert curve.best_k == 3
    assert curve.mean(3) > 0.9
    assert max(curve.mean(2), curve.mean(4)) < 0.8
    assert all(0 <= a <= 1 for k in curve.ks for a in curve.agreements[k])
    assert [curve.references[k].num_topics for k in curve.ks] == [2, 3, 4]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(two_runs())
def test_stability_is_symmetric_and_in_range(runs):
    a, b, n = runs
    for similarity in ("jaccard", "average_jaccard", "rbo"):
        ab = match_topics(a, b, top_n=n, similarity=similarity)
        ba = match_topics(b, a, top_n=n, similarity=similarity)
        assert 0 <= ab.mean <= 1 + 1e-12
        assert ab.mean == pytest.approx(ba.mean, abs=1e-12)
        assert match_topics(a, a, top_n=n, similarity=similarity).mean == pytest.approx(1.0)
