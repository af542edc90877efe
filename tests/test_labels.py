"""Purity (pinned by hand), NMI and ARI (scikit-learn is the judge), and their bad input."""

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score

from teachkit.evaluation.labels import (NMI_AVERAGES, adjusted_rand_index, contingency, label_agreement,
                                        normalized_mutual_info, purity)

GOLD = ["sport"] * 3 + ["politics"] * 3
TOPICS = [0, 0, 1, 1, 2, 2]


def test_contingency_and_purity_by_hand():
    table, classes, clusters = contingency(GOLD, TOPICS)
    assert classes == ["sport", "politics"] and clusters == [0, 1, 2]
    assert table.tolist() == [[2, 1, 0], [0, 1, 2]]
    # Cluster 0: 2 sport; cluster 1: 1 of each; cluster 2: 2 politics -> (2 + 1 + 2) / 6.
    assert purity(GOLD, TOPICS) == 5 / 6
    # One cluster per document is always pure; one cluster for all is as pure as the largest class.
    assert purity(GOLD, range(6)) == 1.0
    assert purity(GOLD + ["arts"] * 2, [7] * 8) == 3 / 8


def test_ari_by_hand():
    # index = 2, a = 6, b = 3, expected = 6 * 3 / 15 = 1.2: (2 - 1.2) / (4.5 - 1.2) = 8 / 33.
    assert adjusted_rand_index(GOLD, TOPICS) == pytest.approx(8 / 33, abs=1e-15)


def _random_partitions(n_cases=40):
    rng = np.random.default_rng(12)
    for _ in range(n_cases):
        n = int(rng.integers(2, 60))
        yield rng.integers(0, int(rng.integers(1, 6)), n), rng.integers(0, int(rng.integers(1, 8)), n)


@pytest.mark.parametrize("average", NMI_AVERAGES)
def test_nmi_against_scikit_learn(average):
    for true, pred in _random_partitions():
        ours = normalized_mutual_info(true, pred, average=average)
        assert ours == pytest.approx(normalized_mutual_info_score(true, pred, average_method=average), abs=1e-12)


def test_ari_against_scikit_learn():
    for true, pred in _random_partitions():
        assert adjusted_rand_index(true, pred) == pytest.approx(adjusted_rand_score(true, pred), abs=1e-12)


def test_trivial_partitions_agree_with_scikit_learn():
    cases = [([0, 0, 0], [1, 1, 1]), ([0, 1, 2], [5, 6, 7]), ([0, 0, 1], [0, 0, 0]), ([0, 1, 2], [0, 0, 0]),
             (["a"], ["b"])]
    for true, pred in cases:
        assert normalized_mutual_info(true, pred) == pytest.approx(normalized_mutual_info_score(true, pred))
        assert adjusted_rand_index(true, pred) == pytest.approx(adjusted_rand_score(true, pred))


def test_names_do_not_matter_and_default_average_is_arithmetic():
    renamed = ["x" if t == 0 else "y" if t == 1 else "z" for t in TOPICS]
    assert normalized_mutual_info(GOLD, TOPICS) == normalized_mutual_info(GOLD, renamed)
    assert adjusted_rand_index(GOLD, TOPICS) == adjusted_rand_index(GOLD, renamed)
    assert normalized_mutual_info(GOLD, TOPICS) == normalized_mutual_info(GOLD, TOPICS, average="arithmetic")
    result = label_agreement(GOLD, TOPICS, average="geometric")
    assert (result.purity, result.n_documents, result.n_classes, result.n_clusters) == (5 / 6, 6, 2, 3)
    assert result.nmi == normalized_mutual_info(GOLD, TOPICS, average="geometric")


def test_bad_input():
    with pytest.raises(ValueError, match="labels_true has 3 labels but labels_pred has 2"):
        purity([0, 1, 1], [0, 1])
    with pytest.raises(ValueError, match="empty"):
        adjusted_rand_index([], [])
    with pytest.raises(TypeError, match="labels_pred must be a sequence"):
        normalized_mutual_info([0, 1], "ab")
    with pytest.raises(TypeError, match=r"labels_true\[1\] is nan"):
        purity([0, float("nan")], [0, 1])
    with pytest.raises(ValueError, match="average must be one of"):
        normalized_mutual_info([0, 1], [0, 1], average="mean")
