"""Purity (pinned by hand), NMI and ARI (scikit-learn is the judge), and their bad input."""

import math

import numpy as np
import pytest
from sklearn.metrics import adjusted_mutual_info_score, adjusted_rand_score, normalized_mutual_info_score

from teachkit.evaluation.labels import (NMI_AVERAGES, adjusted_mutual_info, adjusted_rand_index, contingency,
                                        label_agreement,
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


def test_nmi_by_hand_under_each_average():
    # GOLD/TOPICS: table [[2, 1, 0], [0, 1, 2]], n = 6.  H(classes) = log 2 (3 and 3), H(clusters) = log 3
    # (2, 2, 2).  MI = sum n_ij/n · log(n·n_ij / (a_i·b_j)): the two cells of 2 give 2/6 · log(12/6) each, the
    # two cells of 1 give 1/6 · log(6/6) = 0, so MI = (2/3) log 2.  The averages differ in the denominator
    # only, and each gives a different number here (H(classes) != H(clusters)).
    mi, hu, hv = 2 / 3 * math.log(2), math.log(2), math.log(3)
    expected = {"arithmetic": mi / ((hu + hv) / 2), "geometric": mi / math.sqrt(hu * hv),
                "min": mi / min(hu, hv), "max": mi / max(hu, hv)}
    assert set(expected) == set(NMI_AVERAGES)
    assert expected["min"] == pytest.approx(2 / 3, abs=1e-15)
    for average, value in expected.items():
        assert normalized_mutual_info(GOLD, TOPICS, average=average) == pytest.approx(value, abs=1e-14)


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


# ------------------------------------------------------------------------ AMI (Vinh, Epps & Bailey 2010)
def test_ami_by_hand_on_four_documents():
    # classes {1,2},{3,4}, clusters {1,3},{2,4}: I = 0, E[I] = 4 * (1/6) * (2/4) ln 2 = ln2 / 3, H = ln 2 each
    emi = 4 * (1 / 6) * (2 / 4) * np.log(2)
    assert emi == pytest.approx(np.log(2) / 3)
    assert adjusted_mutual_info(["a", "a", "b", "b"], [0, 1, 0, 1]) == pytest.approx((0 - emi) / (np.log(2) - emi))
    assert adjusted_mutual_info(["a", "a", "b", "b"], ["x", "x", "y", "y"]) == 1.0


@pytest.mark.parametrize("average", NMI_AVERAGES)
def test_ami_matches_scikit_learn(average):
    rng = np.random.default_rng(4)
    for n_classes, n_clusters, n in ((4, 2, 200), (4, 20, 200), (3, 60, 120), (5, 5, 40), (2, 7, 15)):
        gold = rng.integers(0, n_classes, n)
        for pred in (rng.integers(0, n_clusters, n), (gold + (rng.random(n) < 0.2)) % n_clusters):
            assert adjusted_mutual_info(gold, pred, average=average) == pytest.approx(
                adjusted_mutual_info_score(gold, pred, average_method=average), abs=1e-10)
    for gold, pred in (([0, 0, 0], [0, 1, 2]), ([0, 1, 2], [0, 1, 2]), ([0, 0, 1, 1], [0, 0, 0, 0])):
        assert adjusted_mutual_info(gold, pred, average=average) == pytest.approx(
            adjusted_mutual_info_score(gold, pred, average_method=average), abs=1e-12)


def test_nmi_rises_with_random_clusters_while_ami_and_ari_stay_near_zero():
    rng = np.random.default_rng(0)
    gold = rng.integers(0, 4, 200)
    nmi, ami = [], []
    for k in (2, 20, 200):
        preds = [rng.integers(0, k, 200) for _ in range(5)]
        nmi.append(np.mean([normalized_mutual_info(gold, p) for p in preds]))
        ami.append(np.mean([adjusted_mutual_info(gold, p) for p in preds]))
    assert nmi[0] < 0.02 < 0.2 < nmi[2] and nmi[0] < nmi[1] < nmi[2]
    assert max(abs(a) for a in ami) < 0.05


def test_ami_refuses_bad_input():
    with pytest.raises(ValueError, match="average"):
        adjusted_mutual_info([0, 1], [0, 1], average="mean")
    with pytest.raises(ValueError, match="labels_pred has 3"):
        adjusted_mutual_info([0, 1], [0, 1, 2])
    with pytest.raises(TypeError, match="labels_true"):
        adjusted_mutual_info("ab", [0, 1])
