"""The K-choosing criteria: against tmtoolkit's metric_* on the same matrices, and cases worked by hand."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tmtoolkit.topicmod import evaluate    # a test dependency (pyproject.toml, test extra)

from teachkit.evaluation.k_criteria import arun_2010, cao_juan_2009, deveaud_2014, gibbs_log_likelihood, griffiths_2004


def model(k, v=40, d=25, seed=0):
    rng = np.random.default_rng(seed)
    phi = rng.dirichlet(np.full(v, 0.1), size=k)
    theta = rng.dirichlet(np.full(k, 0.5), size=d)
    lengths = rng.integers(5, 200, size=d)
    return phi, theta, lengths


@pytest.mark.parametrize("k", [2, 3, 7, 15])
def test_against_tmtoolkit(k):
    phi, theta, lengths = model(k, seed=k)
    assert cao_juan_2009(phi) == pytest.approx(evaluate.metric_cao_juan_2009(phi), rel=1e-10)
    assert arun_2010(phi, theta, lengths) == pytest.approx(evaluate.metric_arun_2010(phi, theta, lengths), rel=1e-10)
    lls = np.random.default_rng(k).normal(-25000.0, 40.0, size=200)    # log-likelihoods far below exp's range
    assert griffiths_2004(lls) == pytest.approx(evaluate.metric_griffiths_2004(lls), rel=1e-12)


def test_griffiths_by_hand_and_its_pull_towards_the_worst_sample():
    # -log((e^10 + e^12) / 2) = -12 - log((1 + e^-2) / 2)
    assert griffiths_2004([-10.0, -12.0]) == pytest.approx(-12 - math.log((1 + math.exp(-2)) / 2), rel=1e-14)
    assert griffiths_2004([-7.0] * 5) == pytest.approx(-7.0)
    # One bad sample among many good ones drags the harmonic mean a long way down.
    assert griffiths_2004([-100.0] * 99 + [-120.0]) < -115


def test_gibbs_log_likelihood_is_a_polya_urn_per_topic():
    counts = np.array([[2, 0, 1], [0, 3, 1]])
    beta, v = 0.5, 3
    # Each topic's tokens drawn one after another from an urn with β balls per word.
    p = 1.0
    for row in counts:
        seen = np.zeros(v)
        for w in np.repeat(np.arange(v), row):
            p *= (seen[w] + beta) / (seen.sum() + v * beta)
            seen[w] += 1
    assert gibbs_log_likelihood(counts, beta) == pytest.approx(math.log(p), rel=1e-12)


def test_cao_juan_by_hand():
    # Orthogonal topics: 0; identical topics: 1.
    assert cao_juan_2009([[0.5, 0.5, 0, 0], [0, 0, 0.5, 0.5]]) == 0.0
    assert cao_juan_2009([[0.5, 0.5], [0.5, 0.5]]) == pytest.approx(1.0)
    assert cao_juan_2009([[1.0, 0.0], [0.6, 0.4], [0.0, 1.0]]) == pytest.approx(1 / math.sqrt(0.52) / 3)


def test_arun_by_hand_in_both_conventions():
    phi = [[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]]       # orthogonal rows: singular values 1 and 1/√2
    theta = [[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]]
    lengths = [10, 30, 20]                       # tokens per topic: 10 + 10 = 20 and 30 + 10 = 40
    s1, s2 = 1 / (1 + 2 ** -0.5), 2 ** -0.5 / (1 + 2 ** -0.5)
    c1, c2 = 40 / 60, 20 / 60                    # sorted largest first, like the singular values
    expected = (s1 - c1) * math.log(s1 / c1) + (s2 - c2) * math.log(s2 / c2)
    assert arun_2010(phi, theta, lengths) == pytest.approx(expected, rel=1e-12)
    # ldatuning: raw singular values, tokens per topic over the longest document (30), topic order.
    r1, r2, t1, t2 = 1.0, 2 ** -0.5, 20 / 30, 40 / 30
    expected = (r1 - t1) * math.log(r1 / t1) + (r2 - t2) * math.log(r2 / t2)
    assert arun_2010(phi, theta, lengths, convention="ldatuning") == pytest.approx(expected, rel=1e-12)
    # The same topics with every document twice as long: CM2 unchanged when normalised...
    assert arun_2010(phi, theta, [20, 60, 40]) == pytest.approx(arun_2010(phi, theta, lengths))
    # ...but other lengths move it though the topics did not change.
    assert arun_2010(phi, theta, [10, 10, 40]) != pytest.approx(arun_2010(phi, theta, lengths))


def test_deveaud_worked_by_hand():
    ln2 = math.log(2)
    phi = [[0.6, 0.3, 0.1], [0.1, 0.6, 0.3], [0.3, 0.1, 0.6]]
    # Whole vocabulary: D(1, 2) = 1/2 sum (p - q) log(p / q) = 1/2 [0.5 log 6 + 0.3 log 2 + 0.2 log 3]; the
    # three pairs are rotations of one another, so each D is the same, and so is the mean.
    d12 = 0.5 * (0.5 * math.log(6) + 0.3 * ln2 + 0.2 * math.log(3))
    assert deveaud_2014(phi) == pytest.approx(d12, rel=1e-12)
    # ldatuning: the sum over 3 unordered pairs divided by K(K - 1) = 6: half of it.
    assert deveaud_2014(phi, convention="ldatuning") == pytest.approx(d12 / 2, rel=1e-12)
    # Top 2 words: W1 = {0, 1}, W2 = {1, 2}, W3 = {2, 0}; each pair shares one word where the probabilities
    # are 0.3 and 0.6: D = 1/2 (0.6 - 0.3) log 2 = 0.15 log 2.
    assert deveaud_2014(phi, top_n=2) == pytest.approx(0.15 * ln2, rel=1e-12)
    # Top 1 word: no two topics share one, so every D is 0.
    assert deveaud_2014(phi, top_n=1) == 0.0


def test_deveaud_ldatuning_smooths_zeros_like_r():
    phi = [[0.5, 0.5, 0.0], [0.0, 0.5, 0.5]]
    tiny = np.finfo(float).tiny
    # 1/2 [(0.5 - tiny) log((0.5 + tiny) / tiny) + (tiny - 0.5) log(tiny / (0.5 + tiny))] / 2, about 0.5 * 707.7 / 2
    expected = 0.5 * 2 * 0.5 * math.log(0.5 / tiny) / 2
    assert deveaud_2014(phi, convention="ldatuning") == pytest.approx(expected, rel=1e-9)
    with pytest.raises(ValueError, match="D is infinite"):
        deveaud_2014(phi)


def test_bad_input_is_refused_with_a_reason():
    phi, theta, lengths = model(3)
    with pytest.raises(ValueError, match="K must be at least 2"):
        cao_juan_2009(phi[:1])
    with pytest.raises(ValueError, match=r"row \d adds up to 2"):
        deveaud_2014(phi * 2)
    with pytest.raises(ValueError, match="larger than the vocabulary"):
        deveaud_2014(phi, top_n=41)
    with pytest.raises(ValueError, match="doc_topic has 2 columns but topic_word 3"):
        arun_2010(phi, theta[:, :2] / theta[:, :2].sum(axis=1, keepdims=True), lengths)
    with pytest.raises(ValueError, match="one length per document"):
        arun_2010(phi, theta, lengths[:-1])
    with pytest.raises(ValueError, match="only 2 words"):
        arun_2010([[0.5, 0.5], [0.2, 0.8], [0.9, 0.1]], [[0.2, 0.3, 0.5]], [4])
    with pytest.raises(ValueError, match="convention must be one of"):
        arun_2010(phi, theta, lengths, convention="R")
    with pytest.raises(ValueError, match="non-empty"):
        griffiths_2004([])
    with pytest.raises(ValueError, match="finite"):
        griffiths_2004([-1.0, float("-inf")])
    with pytest.raises(ValueError, match="whole numbers"):
        gibbs_log_likelihood([[1.5, 2]], 0.1)
    with pytest.raises(ValueError, match="beta must be positive"):
        gibbs_log_likelihood([[1, 2]], 0.0)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(2, 6), st.integers(6, 12), st.integers(0, 10_000))
def test_properties_on_random_models(k, v, seed):
    rng = np.random.default_rng(seed)
    phi = rng.dirichlet(np.full(v, 0.3), size=k)
    theta = rng.dirichlet(np.full(k, 0.5), size=8)
    lengths = rng.integers(1, 50, size=8)
    before = (phi.copy(), theta.copy(), lengths.copy())
    assert 0 <= cao_juan_2009(phi) <= 1 + 1e-12               # non-negative vectors: cosines in [0, 1]
    assert arun_2010(phi, theta, lengths) >= 0                 # a symmetric KL divergence
    assert deveaud_2014(phi + 1e-9 / v) >= 0
    assert deveaud_2014(phi + 1e-9 / v, top_n=3) >= 0
    # the same topics in another order: every criterion unchanged
    order = rng.permutation(k)
    assert cao_juan_2009(phi[order]) == pytest.approx(cao_juan_2009(phi), rel=1e-9, abs=1e-12)
    assert deveaud_2014(phi[order] + 1e-9 / v) == pytest.approx(deveaud_2014(phi + 1e-9 / v), rel=1e-9)
    assert arun_2010(phi[order], theta[:, order], lengths) == pytest.approx(arun_2010(phi, theta, lengths), rel=1e-9)
    for original, after in zip(before, (phi, theta, lengths)):
        assert np.array_equal(original, after)
