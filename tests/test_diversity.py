"""Topic diversity and inverted RBO: by hand, and against the `rbo` package."""

import itertools

import numpy as np
import pytest
import rbo

import teachkit as tk


def test_topic_diversity_by_hand():
    topics = [["fire", "smoke", "ash"], ["rain", "cloud", "smoke"], ["fire", "rain", "storm"]]
    # Distinct words among the 9: fire smoke ash rain cloud storm -> 6 / 9.
    assert tk.topic_diversity(topics, top_k=3) == pytest.approx(6 / 9)
    # Only the first 2 of each: fire smoke rain cloud -> 4 / 6 (fire and rain repeat).
    assert tk.topic_diversity(topics, top_k=2) == pytest.approx(4 / 6)
    assert tk.topic_diversity([["a", "b"], ["a", "b"]], top_k=2) == 0.5
    assert tk.topic_diversity([["a", "b"], ["c", "d"]], top_k=2) == 1.0


def test_rbo_of_a_hand_computed_pair():
    # X_1 = 0, X_2 = 2, X_3 = 2; p = 0.9.
    # (X_3/3) p^3 + (1-p)/p * (X_1/1 p + X_2/2 p^2 + X_3/3 p^3) = 0.486 + (1/9)(0 + 0.81 + 0.486) = 0.63
    assert tk.rank_biased_overlap(["a", "b", "c"], ["b", "a", "d"], p=0.9) == pytest.approx(0.63, abs=1e-15)
    assert tk.inverted_rbo([["a", "b", "c"], ["b", "a", "d"]], top_k=3) == pytest.approx(0.37, abs=1e-15)
    assert tk.rank_biased_overlap(["a", "b"], ["a", "b"]) == pytest.approx(1.0)
    assert tk.rank_biased_overlap(["a", "b"], ["c", "d"]) == 0.0


def _rbo_package(x, y, p):
    return rbo.RankingSimilarity(list(x), list(y)).rbo_ext(p=p)


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("p", [0.5, 0.9, 0.98])
def test_rbo_equals_the_rbo_package(seed, p):
    rng = np.random.default_rng(seed)
    vocab = [f"w{i}" for i in range(25)]
    x = list(rng.choice(vocab, 10, replace=False))
    y = list(rng.choice(vocab, 10, replace=False))
    assert tk.rank_biased_overlap(x, y, p) == pytest.approx(_rbo_package(x, y, p), abs=1e-12)


def test_inverted_rbo_equals_one_minus_mean_package_rbo():
    rng = np.random.default_rng(0)
    vocab = [f"w{i}" for i in range(40)]
    topics = [list(rng.choice(vocab, 12, replace=False)) for _ in range(6)]
    expected = 1 - np.mean([_rbo_package(a[:10], b[:10], 0.9) for a, b in itertools.combinations(topics, 2)])
    assert tk.inverted_rbo(topics, top_k=10) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("call, message", [
    (lambda: tk.topic_diversity(None), "topics"),
    (lambda: tk.topic_diversity([], top_k=2), "empty"),
    (lambda: tk.topic_diversity([["a", "b"]], top_k=3), "top_k"),
    (lambda: tk.topic_diversity([["a", "a"]], top_k=2), "twice"),
    (lambda: tk.inverted_rbo([["a", "b"]], top_k=2), "two"),
    (lambda: tk.rank_biased_overlap(["a"], ["b"], p=1.0), "p"),
    (lambda: tk.rank_biased_overlap(["a"], ["b", "c"]), "length"),
    (lambda: tk.rank_biased_overlap("ab", ["b", "c"]), "list1"),
])
def test_bad_input_is_refused(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()
