"""Exclusivity and FREX (pinned by hand, stm's formulas), relevance and saliency (pyLDAvis is the judge)."""

import warnings

import numpy as np
import pytest
from pyLDAvis import prepare

from teachkit.evaluation.topic_words import (exclusivity, frex, relevance, saliency, stm_exclusivity, top_words,
                                             topic_proportions, word_distinctiveness)

PHI = [[0.5, 0.3, 0.2], [0.2, 0.1, 0.7]]


def _model(seed=0, k=4, v=30, d=25):
    rng = np.random.default_rng(seed)
    phi = rng.dirichlet(np.full(v, 0.3), k)
    theta = rng.dirichlet(np.full(k, 0.5), d)
    lengths = rng.integers(20, 200, d)
    return phi, theta, lengths, [f"w{i}" for i in range(v)]


def _prepare(phi, theta, lengths, vocab):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return prepare(phi, theta, lengths, vocab, np.ones(len(vocab)), R=len(vocab), lambda_step=0.1,
                       mds=lambda dists: np.zeros((len(dists), 2)), n_jobs=1, sort_topics=False)


def test_exclusivity_and_frex_by_hand():
    assert exclusivity(PHI) == pytest.approx(np.array([[5 / 7, 3 / 4, 2 / 9], [2 / 7, 1 / 4, 7 / 9]]))
    # Topic 0: frequency ECDF (3, 2, 1) / 3; exclusivity 0.714, 0.75, 0.222 -> ECDF (2, 3, 1) / 3.
    # w weighs exclusivity: word 0 with w = 0.7 is 1 / (0.7 / (2/3) + 0.3 / 1).
    expected = [1 / (0.7 * 1.5 + 0.3), 1 / (0.7 + 0.3 * 1.5), 1 / (0.7 * 3 + 0.3 * 3)]
    assert frex(PHI)[0].tolist() == pytest.approx(expected)
    # w = 1 is the exclusivity rank alone, w = 0 the frequency rank alone.
    assert frex(PHI, 1.0)[0].tolist() == pytest.approx([2 / 3, 1, 1 / 3])
    assert frex(PHI, 0.0)[0].tolist() == pytest.approx([1, 2 / 3, 1 / 3])


def test_frex_ties_share_their_mean_rank_like_r():
    # Topic 0's probabilities 0.4, 0.4, 0.2: R's rank gives 2.5, 2.5, 1 -> ECDF 5/6, 5/6, 1/3.
    scores = frex([[0.4, 0.4, 0.2], [0.1, 0.2, 0.7]], 0.0)
    assert scores[0].tolist() == pytest.approx([5 / 6, 5 / 6, 1 / 3])


def test_stm_exclusivity_sums_frex_over_the_most_probable_words():
    phi, *_ = _model(3)
    scores = frex(phi, 0.7)
    expected = [sum(scores[k][np.argsort(-phi[k])[:5]]) for k in range(phi.shape[0])]
    assert stm_exclusivity(phi, n_words=5).tolist() == pytest.approx(expected)
    # Two identical topics share all their words: exclusivity 1/2 everywhere ranks last-equal, so it drops.
    same = np.array([phi[0], phi[0], phi[1]]) / 1.0
    assert stm_exclusivity(same, 5)[0] < stm_exclusivity(phi, 5)[0]


def test_relevance_equals_pyldavis():
    phi, theta, lengths, vocab = _model()
    prepared = _prepare(phi, theta, lengths, vocab)
    weights = topic_proportions(theta, lengths)
    for k in range(phi.shape[0]):
        for lam in (0.0, 0.6, 1.0):
            theirs = prepared.sorted_terms(topic=k + 1, _lambda=lam)
            ours = relevance(phi, lam, topic_weights=weights)[k]
            # pyLDAvis rounds log phi and log lift to 4 decimals before combining them.
            expected = np.array([ours[vocab.index(t)] for t in theirs["Term"]])
            assert theirs["relevance"].to_numpy() == pytest.approx(expected, abs=1e-4)


def test_relevance_by_hand_and_lambda_ends():
    phi = np.array(PHI)
    p_w = phi.mean(axis=0)                                    # equal topic weights
    assert relevance(phi, 1.0) == pytest.approx(np.log(phi))
    assert relevance(phi, 0.0) == pytest.approx(np.log(phi / p_w))
    assert relevance(phi, 0.6) == pytest.approx(0.6 * np.log(phi) + 0.4 * np.log(phi / p_w))
    corpus = np.array([0.2, 0.3, 0.5])
    assert relevance(phi, 0.0, word_probability=corpus) == pytest.approx(np.log(phi / corpus))


def test_saliency_reproduces_pyldavis_order_with_its_posterior():
    phi, theta, lengths, vocab = _model(1)
    prepared = _prepare(phi, theta, lengths, vocab)
    default = prepared.topic_info[prepared.topic_info.Category == "Default"]["Term"].tolist()
    weights = topic_proportions(theta, lengths)
    assert top_words(saliency(phi, topic_weights=weights, posterior="pyldavis"), vocab, len(vocab)) == default
    # Bayes' rule (the default) weighs the topics by p(k): with unequal topics another order.
    assert top_words(saliency(phi, topic_weights=weights), vocab, len(vocab)) != default
    # With equal topics the two posteriors agree.
    assert saliency(phi) == pytest.approx(saliency(phi, posterior="pyldavis"))


def test_distinctiveness_by_hand():
    # p(k | w) for word 1 of [[0.5, 0.5], [0, 1]] with p(k) = (0.25, 0.75): 0.125 / 0.875 = 1/7, 6/7.
    d = word_distinctiveness([[0.5, 0.5], [0.0, 1.0]], topic_weights=[0.25, 0.75])
    assert d[1] == pytest.approx(1 / 7 * np.log(4 / 7) + 6 / 7 * np.log(8 / 7))
    assert d[0] == pytest.approx(np.log(4))


def test_top_words_and_topic_proportions():
    vocab = ["the", "fire", "smoke"]
    assert top_words(PHI, vocab, 2) == [["the", "fire"], ["smoke", "the"]]
    assert top_words(frex(PHI, 1.0), vocab, 1) == [["fire"], ["smoke"]]
    assert topic_proportions([[1.0, 0.0], [0.5, 0.5]], [10, 30]).tolist() == [0.625, 0.375]


def test_bad_input():
    with pytest.raises(ValueError, match="row 1 of topic_word sums to 1.1, not 1"):
        exclusivity([[0.5, 0.5], [0.6, 0.5]])
    with pytest.raises(ValueError, match="row 0 of topic_word sums to 8"):
        relevance([[3, 5], [0.5, 0.5]])
    with pytest.raises(ValueError, match=r"lam .* must lie in \[0, 1\]"):
        relevance(PHI, 1.5)
    with pytest.raises(ValueError, match=r"lam .* must lie in \[0, 1\]"):
        relevance(PHI, -0.1)
    with pytest.raises(ValueError, match=r"w must lie in \[0, 1\]"):
        frex(PHI, 2)
    with pytest.raises(ValueError, match="probability 0 in every topic"):
        saliency([[0.5, 0.5, 0.0], [0.2, 0.8, 0.0]])
    with pytest.raises(ValueError, match="topic_weights must be positive and sum to 1"):
        saliency(PHI, topic_weights=[0.5, 0.6])
    with pytest.raises(ValueError, match="posterior must be one of"):
        saliency(PHI, posterior="uniform")
    with pytest.raises(ValueError, match="shape"):
        frex([0.5, 0.5])
