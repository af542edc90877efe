"""Which words should represent a topic? Probability, exclusivity, FREX, relevance and saliency.

A topic is a distribution ``phi[k, w]`` over the whole vocabulary; the "topic"
people read (and coherence scores) is a short list of its words.  Listing the most
probable words favours words that are frequent everywhere; the scores here trade
frequency against exclusivity to the topic:

* :func:`exclusivity` -- ``phi[k, w] / sum_j phi[j, w]``: how much of the word's
  probability mass (summed over topics) this topic holds (Bischof & Airoldi 2012);
* :func:`frex` -- the weighted harmonic mean of a word's frequency rank and
  exclusivity rank within the topic (ECDF ranks, as the R package stm computes it);
* :func:`stm_exclusivity` -- stm's one-number-per-topic summary: the sum of FREX
  over the topic's most probable words;
* :func:`relevance` -- ``lam log phi[k, w] + (1 - lam) log(phi[k, w] / p(w))``
  (Sievert & Shirley 2014, LDAvis; ``lam = 1`` is plain probability, ``lam = 0``
  the lift; their user study preferred ``lam`` near 0.6);
* :func:`saliency` -- ``p(w) * sum_k p(k | w) log(p(k | w) / p(k))``: frequent words
  that tell topics apart rank high (Chuang, Manning & Heer 2012, Termite);
  it ranks words for the whole model, not per topic;
* :func:`top_words` -- the ``n`` best words of each topic under any of these scores.

Examples
--------
>>> phi = [[0.5, 0.3, 0.2, 0.0], [0.4, 0.0, 0.1, 0.5]]
>>> exclusivity(phi).round(3).tolist()
[[0.556, 1.0, 0.667, 0.0], [0.444, 0.0, 0.333, 1.0]]
>>> top_words(relevance(phi, 0.0), ["the", "fire", "smoke", "cricket"], 2)
[['fire', 'smoke'], ['cricket', 'the']]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from .._checks import as_float_array, check_choice, check_finite_real, check_positive_int

__all__ = ["exclusivity", "frex", "stm_exclusivity", "relevance", "saliency", "word_distinctiveness",
           "topic_proportions", "top_words", "SALIENCY_POSTERIORS"]

#: How :func:`saliency` turns ``phi`` into ``p(k | w)``: Bayes' rule with the topics' weights, or
#: pyLDAvis's column-normalised ``phi`` (the same when the topics weigh alike).
SALIENCY_POSTERIORS = ("bayes", "pyldavis")
_SUM_TOL = 1e-6


def _topic_word(topic_word, name="topic_word"):
    phi = as_float_array(topic_word, name)
    if phi.ndim != 2 or phi.shape[0] < 1 or phi.shape[1] < 2:
        raise ValueError(f"{name} must be a matrix with one row per topic and one column per word "
                         f"(at least 2 words), got shape {phi.shape}.")
    if not np.all(np.isfinite(phi)) or np.any(phi < 0):
        raise ValueError(f"{name} must hold probabilities: finite and non-negative.")
    sums = phi.sum(axis=1)
    bad = np.flatnonzero(np.abs(sums - 1) > _SUM_TOL)
    if bad.size:
        k = int(bad[0])
        raise ValueError(f"row {k} of {name} sums to {sums[k]:.6g}, not 1: each row must be topic {k}'s "
                         "distribution over words. If it holds counts or unnormalised weights (e.g. gensim's "
                         "get_topics() of a model with a non-symmetric eta, or components_ of scikit-learn's "
                         "LDA), divide each row by its sum first.")
    unused = np.flatnonzero(phi.sum(axis=0) == 0)
    if unused.size:
        raise ValueError(f"word {int(unused[0])} has probability 0 in every topic of {name}: its exclusivity "
                         "and lift are 0/0. Drop such words from the vocabulary first.")
    return phi


def _weights(topic_weights, k):
    if topic_weights is None:
        return np.full(k, 1 / k)
    p = as_float_array(topic_weights, "topic_weights")
    if p.shape != (k,):
        raise ValueError(f"topic_weights must hold one weight per topic ({k}), got shape {p.shape}.")
    if not np.all(np.isfinite(p)) or np.any(p <= 0) or abs(p.sum() - 1) > _SUM_TOL:
        raise ValueError("topic_weights must be positive and sum to 1 (each topic's share of the corpus's tokens; "
                         "topic_proportions(doc_topic, doc_lengths) computes it).")
    return p


def _ecdf_rows(scores):
    """Within each row, the share of entries at or below each entry, ties sharing their mean rank (R's rank / n)."""
    out = np.empty_like(scores)
    n = scores.shape[1]
    for k, row in enumerate(scores):
        _, group, counts = np.unique(row, return_inverse=True, return_counts=True)
        out[k] = (np.cumsum(counts) - (counts - 1) / 2)[group] / n
    return out


def exclusivity(topic_word: ArrayLike) -> np.ndarray:
    """Share of each word's probability (summed over topics) that each topic holds.

    ::

        exclusivity[k, w] = phi[k, w] / sum_j phi[j, w]

    Parameters
    ----------
    topic_word : array, shape (topics, words)
        Each row a topic's distribution over words (rows sum to 1).

    Returns
    -------
    numpy.ndarray, shape (topics, words)
        Columns sum to 1; 1 for a word no other topic uses.

    Examples
    --------
    "the" has probability 0.5 in topic 0 and 0.4 in topic 1: 0.5 / 0.9 = 0.556.

    >>> exclusivity([[0.5, 0.5], [0.4, 0.6]]).round(3).tolist()
    [[0.556, 0.455], [0.444, 0.545]]
    """
    phi = _topic_word(topic_word)
    return phi / phi.sum(axis=0)


def frex(topic_word: ArrayLike, w: float = 0.7) -> np.ndarray:
    """FREX: weighted harmonic mean of a word's exclusivity and frequency, as ranks within the topic.

    ::

        F[k, w] = ECDF_k(exclusivity[k, w])   E[k, w] = ECDF_k(phi[k, w])
        frex[k, w] = 1 / (w / F + (1 - w) / E)

    with ``ECDF_k`` the share of topic ``k``'s words scoring at most this much (ties
    share their mean rank), so both parts lie in (0, 1] whatever their scales.

    ``w`` weighs **exclusivity**, as in Bischof & Airoldi (2012) and stm's
    ``exclusivity(model, M, frexw = 0.7)``.  Beware: stm's ``calcfrex`` / ``labelTopics``
    put their ``w`` (default 0.5) on *frequency*, so ``labelTopics(frexweight = x)`` is
    ``frex(phi, 1 - x)`` here (the default 0.5 is the same both ways).  stm's optional
    James-Stein shrinkage of exclusivity (given word counts) is not done.

    Parameters
    ----------
    topic_word : array, shape (topics, words)
    w : float, default 0.7
        Weight on exclusivity, in [0, 1].

    Returns
    -------
    numpy.ndarray, shape (topics, words)
        In (0, 1]; higher is more characteristic of the topic.

    Examples
    --------
    Topic 0 of ``[[0.5, 0.3, 0.2], [0.2, 0.1, 0.7]]``: frequency ranks 3/3, 2/3, 1/3;
    exclusivities 0.714, 0.75, 0.222 rank 2/3, 3/3, 1/3.  With ``w = 0.5`` word 0 gets
    1 / (0.5 / (2/3) + 0.5 / 1) = 0.8.

    >>> frex([[0.5, 0.3, 0.2], [0.2, 0.1, 0.7]], w=0.5)[0].round(3).tolist()
    [0.8, 0.8, 0.333]
    """
    w = check_finite_real(w, "w")
    if not 0 <= w <= 1:
        raise ValueError(f"w must lie in [0, 1] (the weight on exclusivity; stm's default summary uses 0.7), got {w}.")
    phi = _topic_word(topic_word)
    excl_rank = _ecdf_rows(phi / phi.sum(axis=0))
    freq_rank = _ecdf_rows(phi)
    return 1 / (w / excl_rank + (1 - w) / freq_rank)


def stm_exclusivity(topic_word: ArrayLike, n_words: int = 10, w: float = 0.7) -> np.ndarray:
    """stm's ``exclusivity(model, M = n_words, frexw = w)``: each topic's FREX summed over its top words.

    The top words are the ``n_words`` most probable; the sum lies in (0, n_words].  stm plots it
    against semantic coherence when choosing K: a model whose topics share their top words
    scores low.

    Examples
    --------
    >>> stm_exclusivity([[0.5, 0.3, 0.2], [0.2, 0.1, 0.7]], n_words=2, w=0.5).round(3).tolist()
    [1.6, 1.667]
    """
    phi = _topic_word(topic_word)
    n_words = check_positive_int(n_words, "n_words")
    if n_words > phi.shape[1]:
        raise ValueError(f"n_words = {n_words} is more than the {phi.shape[1]} words of topic_word.")
    scores = frex(phi, w)
    top = np.argsort(-phi, axis=1, kind="stable")[:, :n_words]
    return np.take_along_axis(scores, top, axis=1).sum(axis=1)


def topic_proportions(doc_topic: ArrayLike, doc_lengths: Sequence[float]) -> np.ndarray:
    """Each topic's share of the corpus's tokens: ``p(k) = sum_d theta[d, k] n_d / sum_d n_d``.

    The weights LDAvis and pyLDAvis give the topics (and the size of their circles).

    Examples
    --------
    >>> topic_proportions([[1.0, 0.0], [0.5, 0.5]], [10, 30]).tolist()
    [0.625, 0.375]
    """
    theta = as_float_array(doc_topic, "doc_topic")
    n = as_float_array(doc_lengths, "doc_lengths")
    if theta.ndim != 2 or n.shape != (theta.shape[0],):
        raise ValueError(f"doc_topic must be (documents, topics) and doc_lengths one length per document; got "
                         f"shapes {theta.shape} and {n.shape}.")
    if not (np.all(np.isfinite(theta)) and np.all(theta >= 0) and np.all(np.isfinite(n)) and np.all(n > 0)):
        raise ValueError("doc_topic must hold probabilities and doc_lengths positive token counts.")
    sums = theta.sum(axis=1)
    bad = np.flatnonzero(np.abs(sums - 1) > 1e-6)
    if bad.size:
        raise ValueError(f"row {int(bad[0])} of doc_topic sums to {sums[bad[0]]:.6g}, not 1: each row must be that "
                         "document's distribution over topics (divide each row by its sum if it holds counts).")
    weights = n @ theta
    return weights / weights.sum()


def relevance(topic_word: ArrayLike, lam: float = 0.6, *, topic_weights: ArrayLike | None = None,
              word_probability: ArrayLike | None = None) -> np.ndarray:
    """Sievert & Shirley's relevance of each word to each topic.

    ::

        relevance[k, w] = lam * log phi[k, w] + (1 - lam) * log(phi[k, w] / p(w))

    ``lam = 1`` ranks by probability, ``lam = 0`` by lift (which favours rare words that
    only this topic uses).  ``p(w)`` is the word's overall probability: by default the
    model's, ``sum_k p(k) phi[k, w]``, which is what pyLDAvis uses (it recomputes the term
    frequencies from the model whatever it is given); pass ``word_probability`` to use the
    corpus's relative frequencies instead, as the original LDAvis did.

    Parameters
    ----------
    topic_word : array, shape (topics, words)
    lam : float, default 0.6
        In [0, 1].
    topic_weights : array, shape (topics,), optional
        ``p(k)``, e.g. from :func:`topic_proportions`; equal weights by default.
    word_probability : array, shape (words,), optional
        ``p(w)``; positive, summing to 1.

    Returns
    -------
    numpy.ndarray, shape (topics, words)
        ``-inf`` where ``phi[k, w] = 0`` (a word the topic never uses ranks last).

    Examples
    --------
    >>> relevance([[0.5, 0.5], [0.4, 0.6]], 1.0).round(3).tolist()   # log phi
    [[-0.693, -0.693], [-0.916, -0.511]]
    """
    lam = check_finite_real(lam, "lam")
    if not 0 <= lam <= 1:
        raise ValueError(f"lam (Sievert & Shirley's lambda) must lie in [0, 1], got {lam}; 1 ranks words by "
                         "probability, 0 by lift, and their study suggests about 0.6.")
    phi = _topic_word(topic_word)
    if word_probability is None:
        p_w = _weights(topic_weights, phi.shape[0]) @ phi
    else:
        if topic_weights is not None:
            raise TypeError("give topic_weights (p(w) from the model) or word_probability (p(w) given), not both.")
        p_w = as_float_array(word_probability, "word_probability")
        if p_w.shape != (phi.shape[1],) or not np.all(p_w > 0) or abs(p_w.sum() - 1) > _SUM_TOL:
            raise ValueError(f"word_probability must hold {phi.shape[1]} positive probabilities summing to 1.")
    used = phi > 0
    log_phi = np.log(phi, out=np.zeros_like(phi), where=used)
    out = lam * log_phi + (1 - lam) * (log_phi - np.log(p_w))
    out[~used] = -np.inf
    return out


def word_distinctiveness(topic_word: ArrayLike, *, topic_weights: ArrayLike | None = None,
                         posterior: str = "bayes") -> np.ndarray:
    """Chuang et al.'s distinctiveness of each word: ``KL(p(k | w) || p(k))``.

    ``posterior="bayes"`` takes ``p(k | w) = p(k) phi[k, w] / sum_j p(j) phi[j, w]``;
    ``posterior="pyldavis"`` takes ``phi[k, w] / sum_j phi[j, w]`` as pyLDAvis does, which
    leaves out the topics' weights (the two agree when the topics weigh alike).

    Examples
    --------
    Two equal topics.  Word 0 is used by topic 0 only: p(k | w) = (1, 0), KL = log 2 = 0.693.
    Word 1: p(k | w) = (1/3, 2/3), KL = 1/3 log(2/3) + 2/3 log(4/3) = 0.057.

    >>> word_distinctiveness([[0.5, 0.5], [0.0, 1.0]]).round(3).tolist()
    [0.693, 0.057]
    """
    check_choice(posterior, "posterior", SALIENCY_POSTERIORS)
    phi = _topic_word(topic_word)
    p_k = _weights(topic_weights, phi.shape[0])
    joint = phi * p_k[:, None] if posterior == "bayes" else phi
    given_w = joint / joint.sum(axis=0)
    ratio = np.divide(given_w, p_k[:, None], out=np.ones_like(given_w), where=given_w > 0)
    return (given_w * np.log(ratio)).sum(axis=0)


def saliency(topic_word: ArrayLike, *, topic_weights: ArrayLike | None = None,
             posterior: str = "bayes") -> np.ndarray:
    """Chuang et al.'s saliency: ``p(w) * distinctiveness(w)``, one number per word.

    ``p(w) = sum_k p(k) phi[k, w]`` (the model's word probability, as pyLDAvis).  pyLDAvis
    lists the most salient words when no topic is selected; with ``posterior="pyldavis"``
    this reproduces its order (see :func:`word_distinctiveness` for the difference).

    Parameters
    ----------
    topic_word : array, shape (topics, words)
    topic_weights : array, shape (topics,), optional
        ``p(k)``; equal by default.
    posterior : {"bayes", "pyldavis"}, default "bayes"

    Returns
    -------
    numpy.ndarray, shape (words,)

    Examples
    --------
    p(w) = (0.25, 0.75), so 0.25 * 0.693 and 0.75 * 0.057 (see :func:`word_distinctiveness`):

    >>> saliency([[0.5, 0.5], [0.0, 1.0]]).round(4).tolist()
    [0.1733, 0.0425]
    """
    phi = _topic_word(topic_word)
    p_w = _weights(topic_weights, phi.shape[0]) @ phi
    return p_w * word_distinctiveness(phi, topic_weights=topic_weights, posterior=posterior)


def top_words(scores: ArrayLike, vocabulary: Sequence[str], n: int = 10) -> list[list[str]]:
    """The ``n`` highest-scoring words of each row of ``scores`` (ties: the earlier word first).

    ``scores`` is ``topic_word`` itself (top words by probability) or any score above; a
    1-d array (saliency) gives one list.

    Examples
    --------
    >>> top_words([[0.1, 0.6, 0.3]], ["a", "b", "c"], 2)
    [['b', 'c']]
    """
    s = as_float_array(scores, "scores")
    single = s.ndim == 1
    s = s[None, :] if single else s
    vocabulary = list(vocabulary)
    if s.ndim != 2 or s.shape[1] != len(vocabulary):
        raise ValueError(f"scores has {s.shape[-1]} columns but vocabulary {len(vocabulary)} words; give one "
                         "word per column.")
    if np.any(np.isnan(s)):
        raise ValueError("scores holds NaN; every word needs a score.")
    n = check_positive_int(n, "n")
    if n > len(vocabulary):
        raise ValueError(f"n = {n} is more than the {len(vocabulary)} words of the vocabulary.")
    order = np.argsort(-s, axis=1, kind="stable")[:, :n]
    lists = [[vocabulary[i] for i in row] for row in order]
    return lists[0] if single else lists
