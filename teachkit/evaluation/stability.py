"""Would I get the same topics again?  Matching two runs' topics, and Greene et al.'s stability over K.

LDA's topics depend on its seed and on the documents it saw.  Two runs give two lists of topics in no
particular order, so before comparing them topic ``i`` of run A must be paired with the topic of run B that
resembles it most, every topic used once.  That is a maximum-weight matching (the assignment problem,
solved by the Hungarian method, :func:`scipy.optimize.linear_sum_assignment`) on a similarity of the two
topics' top-``n`` words::

    pi* = argmax over one-to-one pairings pi of  sum_i S[i, pi(i)]
    stability(A, B) = (1 / K) sum_i S[i, pi*(i)]

with ``S`` one of

* ``"jaccard"``: ``|A_i ∩ B_j| / |A_i ∪ B_j|`` of the two top-``n`` word sets;
* ``"average_jaccard"`` (Greene, O'Callaghan & Cunningham 2014): the mean of the Jaccard index of the
  first ``d`` words of each list, for ``d = 1 .. n``, so that agreement at the top counts more;
* ``"rbo"``: rank-biased overlap (Webber et al. 2010, :func:`teachkit.rank_biased_overlap`).

Greene et al.'s **term-centric stability** of a number of topics ``K`` is the mean agreement
(``"average_jaccard"`` matching) between a reference model trained on all documents and ``tau`` models
trained on random subsamples of them; a curve over ``K`` (:func:`stability_over_k`).

Greene, D., O'Callaghan, D. & Cunningham, P. (2014). How many topics? Stability analysis for topic models.
ECML PKDD 2014, LNCS 8724, 498-513.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .._checks import (check_choice, check_finite_real, check_keywords, check_positive_int, check_seed,
                      check_tokenized_documents)
from ..coherence.diversity import rank_biased_overlap
from ..text import normalize_token
from .topic_words import top_words

__all__ = ["SIMILARITIES", "jaccard", "average_jaccard", "topic_similarity_matrix", "TopicMatching",
           "match_topics", "match_topic_matrices", "greene_agreement", "StabilityCurve",
           "stability_over_k"]

SIMILARITIES = ("jaccard", "average_jaccard", "rbo")


def jaccard(words_a: Sequence[str], words_b: Sequence[str]) -> float:
    """Jaccard index of two word lists as sets: ``|A ∩ B| / |A ∪ B|``.

    >>> jaccard(["fire", "smoke", "ash"], ["smoke", "rain", "fire"])    # 2 shared of 4
    0.5
    """
    a = {normalize_token(w) for w in check_keywords(words_a, "words_a")}
    b = {normalize_token(w) for w in check_keywords(words_b, "words_b")}
    if not a and not b:
        raise ValueError("words_a and words_b are both empty: there is nothing to compare.")
    return len(a & b) / len(a | b)


def average_jaccard(words_a: Sequence[str], words_b: Sequence[str]) -> float:
    """Greene et al.'s average Jaccard of two ranked lists of the same length ``t``.

    ::

        AJ(A, B) = (1 / t) sum_{d=1..t} Jaccard(A[:d], B[:d])

    Examples
    --------
    d = 1: {a} vs {b}, 0;  d = 2: {a, b} vs {b, a}, 1;  d = 3: {a, b, c} vs {b, a, d}, 2/4.

    >>> average_jaccard(["a", "b", "c"], ["b", "a", "d"])    # (0 + 1 + 0.5) / 3
    0.5
    """
    a = [normalize_token(w) for w in check_keywords(words_a, "words_a")]
    b = [normalize_token(w) for w in check_keywords(words_b, "words_b")]
    if len(a) != len(b):
        raise ValueError(f"words_a has {len(a)} words and words_b {len(b)}; cut both to the same length first.")
    if not a:
        raise ValueError("words_a and words_b are empty: there is nothing to compare.")
    seen_a, seen_b, shared, total = set(), set(), 0, 0.0
    for d, (x, y) in enumerate(zip(a, b), start=1):
        # shared = |A[:d] ∩ B[:d]|, grown by the new words; the union is 2d - shared.
        shared += 1 if x == y else (x in seen_b) + (y in seen_a)
        seen_a.add(x)
        seen_b.add(y)
        total += shared / (2 * d - shared)
    return total / len(a)


def _run(topics, name, top_n):
    if topics is None or isinstance(topics, (str, bytes, dict)) or not hasattr(topics, "__iter__"):
        raise TypeError(f"{name} must be a list of topics, each a list of words (most probable first), "
                        f"got {type(topics).__name__}.")
    words = [check_keywords(t, f"{name}[{i}]") for i, t in enumerate(topics)]
    if not words:
        raise ValueError(f"{name} is empty: pass the run's topics, each a list of words.")
    short = [i for i, t in enumerate(words) if len(t) < top_n]
    if short:
        raise ValueError(f"top_n = {top_n} but {name}[{short[0]}] has only {len(words[short[0]])} words; "
                         "lower top_n or give each topic at least top_n words.")
    return [t[:top_n] for t in words]


def topic_similarity_matrix(run_a: Sequence[Sequence[str]], run_b: Sequence[Sequence[str]], top_n: int = 10,
                            similarity: str = "jaccard", p: float = 0.9) -> np.ndarray:
    """``S[i, j]``: the similarity of topic ``i`` of ``run_a`` and topic ``j`` of ``run_b`` (top ``top_n`` words).

    ``similarity`` is one of :data:`SIMILARITIES`; ``p`` is RBO's persistence.

    >>> topic_similarity_matrix([["a", "b"], ["c", "d"]], [["c", "e"], ["b", "a"]], top_n=2).tolist()
    [[0.0, 1.0], [0.3333333333333333, 0.0]]
    """
    top_n = check_positive_int(top_n, "top_n")
    check_choice(similarity, "similarity", SIMILARITIES)
    a, b = _run(run_a, "run_a", top_n), _run(run_b, "run_b", top_n)
    if similarity == "rbo":
        p = check_finite_real(p, "p")
        pair = lambda x, y: rank_biased_overlap(x, y, p)  # noqa: E731
    else:
        pair = jaccard if similarity == "jaccard" else average_jaccard
    return np.array([[pair(x, y) for y in b] for x in a], dtype=float)


@dataclass(frozen=True)
class TopicMatching:
    """Run A's topics paired one-to-one with run B's by maximum total similarity.

    Attributes
    ----------
    pairs : tuple of (int, int)
        ``(i, j)``: topic ``i`` of run A goes with topic ``j`` of run B, in the order of run A.
    similarities : tuple of float
        ``S[i, j]`` of each pair: the per-topic stability.
    matrix : numpy.ndarray
        The whole similarity matrix ``S`` (K_A × K_B).
    similarity : str
        Which similarity ``S`` is.
    """

    pairs: tuple[tuple[int, int], ...]
    similarities: tuple[float, ...]
    matrix: np.ndarray
    similarity: str

    @property
    def mean(self) -> float:
        """The stability of the two runs: the mean similarity of the matched pairs."""
        return float(np.mean(self.similarities))

    def __str__(self) -> str:
        lines = [f"{'A':>3} {'B':>3}  {self.similarity}"]
        lines += [f"{i:>3} {j:>3}  {s:.3f}" for (i, j), s in zip(self.pairs, self.similarities)]
        lines.append(f"mean stability {self.mean:.3f}")
        return "\n".join(lines)


def match_topics(run_a: Sequence[Sequence[str]], run_b: Sequence[Sequence[str]], top_n: int = 10,
                 similarity: str = "jaccard", p: float = 0.9) -> TopicMatching:
    """Pair the topics of two runs one-to-one so that the total similarity is largest (Hungarian method).

    ::

        pi* = argmax_pi sum_i S[i, pi(i)],   stability = (1 / K) sum_i S[i, pi*(i)]

    Both runs must have the same number of topics ``K``; ``S`` is :func:`topic_similarity_matrix`.

    Parameters
    ----------
    run_a, run_b : list of list of str
        Each run's topics, each topic its words, most probable first (at least ``top_n`` of them).
    top_n : int, default 10
    similarity : {"jaccard", "average_jaccard", "rbo"}
    p : float, default 0.9
        RBO's persistence (used only with ``"rbo"``).

    Returns
    -------
    TopicMatching

    Examples
    --------
    Topic 0 of A is topic 1 of B; topic 1 of A shares one word ("c") of three with topic 0 of B:

    >>> m = match_topics([["a", "b"], ["c", "d"]], [["c", "e"], ["b", "a"]], top_n=2)
    >>> m.pairs, m.similarities, round(m.mean, 4)
    (((0, 1), (1, 0)), (1.0, 0.3333333333333333), 0.6667)
    """
    from scipy.optimize import linear_sum_assignment

    s = topic_similarity_matrix(run_a, run_b, top_n, similarity, p)
    if s.shape[0] != s.shape[1]:
        raise ValueError(f"run_a has {s.shape[0]} topics and run_b {s.shape[1]}; stability compares runs with the "
                         "same number of topics K (train both with the same K).")
    rows, cols = linear_sum_assignment(s, maximize=True)
    pairs = tuple((int(i), int(j)) for i, j in zip(rows, cols))
    return TopicMatching(pairs, tuple(float(s[i, j]) for i, j in pairs), s, similarity)


def greene_agreement(reference: Sequence[Sequence[str]], sample: Sequence[Sequence[str]], top_n: int = 10) -> float:
    """Greene et al. (2014)'s term-centric agreement of two runs with the same K.

    ::

        agree(S_ref, S_x) = (1 / K) sum_i AJ(R_i, R'_{pi(i)})

    ``pi`` the matching that maximises the sum of average Jaccard (AJ, :func:`average_jaccard`) of the top
    ``top_n`` words.  1 for identical runs (in any order), 0 when no topic shares a word.

    >>> greene_agreement([["a", "b", "c"], ["x", "y", "z"]], [["x", "y", "z"], ["b", "a", "d"]], top_n=3)
    0.75
    """
    return match_topics(reference, sample, top_n, "average_jaccard").mean


@dataclass(frozen=True)
class StabilityCurve:
    """Greene et al.'s stability for each K: agreement of ``tau`` subsample runs with the reference run.

    ``agreements[k]`` is the tuple of the ``tau`` agreements at K = ``k``; :meth:`mean` their mean.
    ``references[k]`` is the reference model at K = ``k`` (a gensim ``LdaModel`` trained on all documents),
    kept so that other criteria can score the same models.
    """

    ks: tuple[int, ...]
    agreements: dict
    top_n: int
    fraction: float
    references: dict = field(default_factory=dict, repr=False, compare=False)

    def mean(self, k: int) -> float:
        return float(np.mean(self.agreements[k]))

    def standard_error(self, k: int) -> float:
        """Standard error of the mean agreement at K = ``k`` over its runs (0 with a single run)."""
        values = np.asarray(self.agreements[k])
        return float(values.std(ddof=1) / np.sqrt(len(values))) if len(values) > 1 else 0.0

    @property
    def best_k(self) -> int:
        """The most stable K (the smallest of equals)."""
        return max(self.ks, key=lambda k: (self.mean(k), -k))

    def __str__(self) -> str:
        return "\n".join([" K  stability  (s.e.)"] +
                         [f"{k:>2}  {self.mean(k):.3f}      ({self.standard_error(k):.3f})" for k in self.ks])


def stability_over_k(documents: Sequence[Sequence[str]], ks: int | Sequence[int], *, runs: int = 5,
                     fraction: float = 0.8, top_n: int = 10, seed: int = 0, passes: int = 5,
                     iterations: int = 50) -> StabilityCurve:
    """Greene et al. (2014)'s stability curve: for each K, agreement of subsample models with the reference.

    For each K: a reference gensim ``LdaModel`` on all ``documents`` (``random_state=seed``); then ``runs``
    models, run ``r`` on a random ``fraction`` of the documents (drawn with ``numpy``'s generator seeded
    ``seed + 1 + r``, ``random_state=seed + 1 + r``); each run's :func:`greene_agreement` with the reference
    on the top ``top_n`` words.  Every model shares the dictionary of all documents.

    Parameters
    ----------
    documents : list of list of str
    ks : sequence of int
        Numbers of topics, each at most the vocabulary size and the number of documents.
    runs : int, default 5
        ``tau``, subsample models per K.
    fraction : float in (0, 1], default 0.8
        ``beta``, the share of documents in each subsample (Greene et al. use 0.8).
    top_n : int, default 10
    seed : int, default 0
    passes, iterations : int
        gensim's training effort.

    Returns
    -------
    StabilityCurve
    """
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    from .model_selection import GENSIM_SEED_MAX, lda_topics

    docs = check_tokenized_documents(documents)
    # int listed for the type checker: typeshed's int is no numbers.Integral
    if isinstance(ks, (int, numbers.Integral)):
        ks = [ks]
    if isinstance(ks, (str, bytes, dict)):
        raise TypeError("ks must be a list of whole numbers, e.g. ks=[2, 4, 8].")
    ks = [check_positive_int(k, "ks", minimum=2) for k in ks]
    if not ks:
        raise ValueError("ks must name at least one number of topics, e.g. ks=[2, 4, 8].")
    runs = check_positive_int(runs, "runs")
    top_n = check_positive_int(top_n, "top_n")
    fraction = check_finite_real(fraction, "fraction")
    if not 0 < fraction <= 1:
        raise ValueError(f"fraction must be a share of the documents in (0, 1], got {fraction}.")
    seed = check_seed(seed, "seed", GENSIM_SEED_MAX - runs - 1)
    passes = check_positive_int(passes, "passes")
    iterations = check_positive_int(iterations, "iterations")

    dictionary = Dictionary(docs)
    if top_n > len(dictionary):
        raise ValueError(f"top_n = {top_n} is larger than the vocabulary ({len(dictionary)} words).")
    size = max(1, round(fraction * len(docs)))
    most = min(len(dictionary), size)
    if any(k > most for k in ks):
        raise ValueError(f"ks holds {[k for k in ks if k > most]}, more topics than the {len(dictionary)} words or "
                         f"the {size} documents of a subsample; keep K at most {most}.")
    bow = [dictionary.doc2bow(d) for d in docs]
    samples = [np.sort(np.random.default_rng(seed + 1 + r).choice(len(docs), size, replace=False))
               for r in range(runs)]
    agreements, references = {}, {}
    for k in ks:
        def fit(corpus, state, k=k):
            return LdaModel(corpus, id2word=dictionary, num_topics=k, passes=passes, iterations=iterations,
                            random_state=state, eval_every=None)
        references[k] = fit(bow, seed)
        reference = lda_topics(references[k], top_n)
        agreements[k] = tuple(greene_agreement(reference, lda_topics(fit([bow[i] for i in idx], seed + 1 + r), top_n),
                                               top_n) for r, idx in enumerate(samples))
    return StabilityCurve(tuple(ks), agreements, top_n, fraction, references)


def match_topic_matrices(topic_word_a: np.ndarray, topic_word_b: np.ndarray, vocabulary_a: Sequence[str],
                         vocabulary_b: Sequence[str], top_n: int = 10, similarity: str = "jaccard",
                         p: float = 0.9) -> TopicMatching:
    """:func:`match_topics` on two runs given as topic-word matrices (K × V), each with its vocabulary.

    The two runs must share one vocabulary in one column order: column ``j`` of both matrices must be the
    same word.  Runs trained on dictionaries built separately (another subsample, another filter) are
    refused with the first column where they differ; build both on one dictionary.
    """
    va = check_keywords(vocabulary_a, "vocabulary_a")
    vb = check_keywords(vocabulary_b, "vocabulary_b")
    if len(va) != len(vb):
        raise ValueError(f"the runs have different vocabularies: vocabulary_a has {len(va)} words and vocabulary_b "
                         f"{len(vb)}. Train both runs on one dictionary so that their columns mean the same words.")
    differ = [j for j, (x, y) in enumerate(zip(va, vb)) if normalize_token(x) != normalize_token(y)]
    if differ:
        j = differ[0]
        raise ValueError(f"the runs have different vocabularies: column {j} is {va[j]!r} in vocabulary_a but "
                         f"{vb[j]!r} in vocabulary_b. Train both runs on one dictionary.")
    top_n = check_positive_int(top_n, "top_n")
    return match_topics(top_words(topic_word_a, va, top_n), top_words(topic_word_b, vb, top_n), top_n,
                        similarity, p)
