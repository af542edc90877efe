"""Topic coherence: the mean NPMI of a topic's keyword pairs, and its aggregates.

For a topic with keywords ``w_1 .. w_k`` (its ``top_n`` most probable
words)::

    coherence(T) = mean over i < j of NPMI(w_i, w_j)      # k(k-1)/2 pairs

Five keywords give 10 pairs, ten give 45.  Across topics, the NPMI guide
takes the plain mean; the Portuguese research note weights each topic by the
number of documents assigned to it (its eq. 6)::

    score(M) = sum_i n_i * coherence(T_i) / N,      N = sum_i n_i
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from .._checks import check_count, check_finite_real
from ..counts.association import SMOOTHING_ALIASES, _check_smoothing, _log_ratio, _probabilities, _smoothing_of
from ..counts.counting import CooccurrenceCounts
from .measures import MEASURES, _check_counts_object, _pair_scores, arithmetic_mean, scorable_keywords
from ..text import normalize_token

__all__ = [
    "PairScore", "score_pair", "TopicCoherence", "topic_coherence", "coherence_from_pairs",
    "model_score", "CoherenceReport", "evaluate_topics", "UnknownWordError",
]


class UnknownWordError(ValueError, KeyError):
    """A word that lies in no window of the reference corpus.

    Its NPMI is undefined (P(w) = 0), so :func:`score_pair` refuses it and
    :func:`topic_coherence` leaves it out and lists it in ``skipped``.
    """

    def __str__(self):  # KeyError would otherwise quote the message
        return str(self.args[0])


@dataclass(frozen=True)
class PairScore:
    """NPMI of one word pair, with every intermediate a hand calculation needs.

    Probabilities are the ones the chosen smoothing convention uses; ``pmi``
    is in nats (natural log), as in gensim and the NPMI guide.
    """

    word1: str
    word2: str
    npmi: float
    pmi: float | None = None
    p1: float | None = None
    p2: float | None = None
    p12: float | None = None
    c1: int | None = None
    c2: int | None = None
    c12: int | None = None
    n: int | None = None

    #: The confirmation measure ``npmi`` holds (see :mod:`teachkit.coherence.measures` for the others).
    measure = "c_npmi"

    @property
    def value(self) -> float:
        """The pair's score under :attr:`measure`: its NPMI."""
        return self.npmi


def score_pair(w1: str, w2: str, counts: CooccurrenceCounts, *, smoothing: str = "none",
               eps: float = 0.0, zero: str | None = None) -> PairScore:
    """Score one word pair by NPMI: a topic of two words under the ``c_npmi`` measure.

    ::

        NPMI(w1, w2) = log(P(w1, w2) / (P(w1) P(w2))) / -log P(w1, w2),    P = c / n

    Parameters
    ----------
    w1, w2 : str
        Two different words (compared after lowercasing and NFC normalization).
    counts : CooccurrenceCounts
    smoothing, eps, zero
        As for :func:`teachkit.npmi_from_counts` (``zero`` names the convention, ``smoothing`` is its
        older spelling).

    Returns
    -------
    PairScore

    Raises
    ------
    UnknownWordError
        (a ``ValueError``) if a word lies in no window: its NPMI is undefined.
    ValueError
        If ``w1`` and ``w2`` are the same word.

    Examples
    --------
    >>> counts = CooccurrenceCounts.from_counts(684, {"canção": 7, "exílio": 4},
    ...                                          {("canção", "exílio"): 4})
    >>> s = score_pair("canção", "exílio", counts)
    >>> round(s.npmi, 3), s.c12, s.n
    (0.891, 4, 684)
    """
    _check_counts_object(counts)
    for name, w in (("w1", w1), ("w2", w2)):
        if not isinstance(w, str):
            raise TypeError(f"{name} must be a word (a string), got {w!r}.")
    if normalize_token(w1) == normalize_token(w2):
        raise ValueError(f"w1 and w2 are the same word ({w1!r}); a pair needs two different words.")
    c1, c2 = counts.count(w1), counts.count(w2)
    for w, c in ((w1, c1), (w2, c2)):
        if c == 0:
            raise UnknownWordError(
                f"{w!r} lies in no window of the reference corpus, so its NPMI is undefined. "
                "Check its spelling and tokenization, or leave it out (topic_coherence skips such words)."
            )
    c12 = counts.count(w1, w2)
    smoothing = _smoothing_of(zero, smoothing)
    eps = _check_smoothing(smoothing, eps)
    # One pair is a topic of two words: the same path as topic_coherence, its words already checked.
    _, _, _, _, values = _pair_scores([normalize_token(w1), normalize_token(w2)], counts, _C_NPMI,
                                      _ZERO_OF_SMOOTHING[smoothing], eps)
    pmi_value, p1, p2, p12 = _intermediates(np.array([c12]), np.array([c1]), np.array([c2]), counts.n,
                                            smoothing, eps)
    return PairScore(normalize_token(w1), normalize_token(w2), float(values[0]), float(pmi_value[0]),
                     float(p1[0]), float(p2[0]), float(p12[0]), c1, c2, c12, counts.n)


@dataclass(frozen=True)
class TopicCoherence:
    """Coherence of one topic: every pair score and their mean.

    Attributes
    ----------
    keywords : tuple of str
        The keywords scored (the first ``top_n``, less any skipped).
    pairs : tuple of PairScore
        One score per pair, in the order (w1, w2), (w1, w3), ...
    mean : float
        The topic's coherence, the mean pair NPMI.
    skipped : tuple of str
        Keywords among the first ``top_n`` that lie in no window.
    """

    keywords: tuple
    pairs: tuple
    mean: float
    skipped: tuple = ()

    @property
    def n_pairs(self) -> int:
        return len(self.pairs)

    def matrix(self) -> np.ndarray:
        """Pair NPMI as a symmetric k-by-k array (NaN on the diagonal, which has no pair)."""
        k = len(self.keywords)
        m = np.full((k, k), np.nan)
        pos = {w: i for i, w in enumerate(self.keywords)}
        for p in self.pairs:
            m[pos[p.word1], pos[p.word2]] = m[pos[p.word2], pos[p.word1]] = p.npmi
        return m


#: topic_coherence is this measure: one-one segmentation, NPMI confirmation, the arithmetic mean.
_C_NPMI = MEASURES["c_npmi"]
#: Each smoothing= convention of the course by its name among the zero conventions.
_ZERO_OF_SMOOTHING = SMOOTHING_ALIASES


def _intermediates(c12, c1, c2, n, smoothing, eps):
    """PMI and the three probabilities a hand calculation shows beside each pair's NPMI.

    The probabilities are those the convention uses (``(c + eps) / (n + eps)``
    for the guide, ``c / n`` otherwise); under gensim's, eps is added to the
    joint probability inside the logarithm, as in its NPMI::

        PMI = log((p12 + eps) / (p1 p2))
    """
    p12, p1, p2 = _probabilities(c12, c1, c2, np.asarray(n, dtype=np.int64), eps if smoothing == "guide" else 0.0)
    if smoothing == "gensim":
        p12 = p12 + eps
        pmi_value = np.log(p12 / (p1 * p2))
    else:
        pmi_value = _log_ratio(p12, p1, p2)
    return pmi_value, p1, p2, p12


def topic_coherence(keywords: Sequence[str], counts: CooccurrenceCounts, top_n: int = 10, *,
                    smoothing: str = "none", eps: float = 0.0, zero: str | None = None) -> TopicCoherence:
    """Coherence of a topic: the mean NPMI over all pairs of its top keywords.

    It is the ``c_npmi`` measure of :mod:`teachkit.coherence.measures` (one-one
    segmentation, NPMI confirmation, arithmetic mean) with the course's
    defaults: the counts given (whole documents by default), no smoothing,
    and every intermediate of each pair kept for a hand calculation::

        coherence(T) = mean over i < j of NPMI(w_i, w_j)

    Parameters
    ----------
    keywords : list of str
        The topic's words, most probable first.
    counts : CooccurrenceCounts
        Window counts of the reference corpus.
    top_n : int, default 10
        How many leading keywords to score (the Portuguese note and OCTIS use
        10; gensim's ``CoherenceModel`` uses 20 unless told otherwise).
    smoothing, eps, zero
        As for :func:`teachkit.npmi_from_counts` (``zero`` names the convention, ``smoothing`` is its
        older spelling).

    Returns
    -------
    TopicCoherence

    Raises
    ------
    ValueError
        Duplicate keywords, ``top_n < 2``, or fewer than two of the first
        ``top_n`` keywords found in the corpus (no pair to score).

    Examples
    --------
    >>> docs = [["running", "exercise"], ["running", "morning"], ["exercise", "gym"], ["running", "exercise", "gym"]]
    >>> counts = CooccurrenceCounts.from_documents(docs)
    >>> tc = topic_coherence(["running", "exercise", "gym"], counts)
    >>> tc.n_pairs, round(tc.mean, 4)   # pair NPMI -0.1699, -0.2925, +0.4150 (each document a window)
    (3, -0.0158)
    """
    found, skipped = scorable_keywords(keywords, counts, top_n)
    smoothing = _smoothing_of(zero, smoothing)
    eps = _check_smoothing(smoothing, eps)
    iu, ju, c, m, values = _pair_scores(found, counts, _C_NPMI, _ZERO_OF_SMOOTHING[smoothing], eps)
    pmis, p1, p2, p12 = _intermediates(m[iu, ju], c[iu], c[ju], counts.n, smoothing, eps)
    norm = found
    # tolist() turns each array into Python numbers at once (cheaper than float() per item)
    columns = zip(iu.tolist(), ju.tolist(), *(np.asarray(a, dtype=float).tolist() for a in (values, pmis, p1, p2, p12)),
                  m[iu, ju].tolist())
    c_list = c.tolist()
    pairs = tuple(PairScore(norm[i], norm[j], v, pm, q1, q2, q12, c_list[i], c_list[j], c12, counts.n)
                  for i, j, v, pm, q1, q2, q12, c12 in columns)
    return TopicCoherence(tuple(norm), pairs, arithmetic_mean(values), skipped)


def coherence_from_pairs(pair_npmi: Mapping[tuple[str, str], float]) -> TopicCoherence:
    """Topic coherence from pair NPMI values given by hand, e.g. a printed table.

    Checks that the table is complete, which a student's hand calculation
    often is not: k keywords need exactly k(k-1)/2 pairs, each once.

    Parameters
    ----------
    pair_npmi : mapping of (str, str) to float
        NPMI of each keyword pair, each in [-1, 1].

    Returns
    -------
    TopicCoherence
        With ``pmi``, probabilities and counts of each pair left as None.

    Examples
    --------
    >>> tc = coherence_from_pairs({("a", "b"): 0.5, ("a", "c"): 0.25, ("b", "c"): 0.0})
    >>> tc.n_pairs, tc.mean
    (3, 0.25)
    """
    if not hasattr(pair_npmi, "items"):
        raise TypeError("pair_npmi must be a mapping {(word1, word2): npmi}.")
    words, seen, pairs = [], set(), []
    for key, value in pair_npmi.items():
        if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(w, str) for w in key)):
            raise ValueError(f"pair_npmi keys must be pairs of words like ('running', 'exercise'), got {key!r}.")
        a, b = (normalize_token(w) for w in key)
        if a == b:
            raise ValueError(f"pair_npmi pairs {key[0]!r} with itself; a pair needs two different words.")
        if frozenset((a, b)) in seen:
            raise ValueError(f"pair_npmi gives the pair {key!r} twice (in either order).")
        seen.add(frozenset((a, b)))
        v = check_finite_real(value, f"pair_npmi[{key!r}]")
        if not -1.0 <= v <= 1.0:
            raise ValueError(f"pair_npmi[{key!r}] = {v} lies outside [-1, 1], the range of NPMI.")
        for w in (a, b):
            if w not in words:
                words.append(w)
        pairs.append(PairScore(a, b, v))
    k = len(words)
    if k < 2:
        raise ValueError("pair_npmi is empty: give at least one pair.")
    missing = [(a, b) for i, a in enumerate(words) for b in words[i + 1:] if frozenset((a, b)) not in seen]
    if missing:
        raise ValueError(
            f"pair_npmi covers {k} words, which make {k * (k - 1) // 2} pairs, but {len(missing)} are missing, "
            f"e.g. {missing[0]!r}. A topic's coherence averages over every pair."
        )
    return TopicCoherence(tuple(words), tuple(pairs), math.fsum(p.npmi for p in pairs) / len(pairs))


def _coherence_value(c, i):
    if isinstance(c, TopicCoherence):
        return c.mean
    if isinstance(c, CoherenceReport):
        raise TypeError("coherences must be per-topic scores; pass report.scores, not the report.")
    return check_finite_real(c, f"coherences[{i}]")


def model_score(coherences: Iterable[float | TopicCoherence], sizes: Iterable[int],
                n_documents: int | None = None) -> float:
    """The Portuguese note's model score: topic coherences weighted by topic size.

    ::

        score(M) = sum_i n_i * coherence(T_i) / N

    where ``n_i`` is the number of documents assigned to topic i and ``N`` the
    number of documents (by default ``sum(n_i)``; pass ``n_documents`` when
    some documents belong to no scored topic, and they then count as zero).

    The plain mean, ``statistics.mean(coherences)``, is what the NPMI guide,
    gensim and OCTIS report.  The two agree when all topics are the same size
    (or all have the same coherence); otherwise large topics pull the model
    score toward their coherence, which is the point: a small topic with a
    high score cannot lift the whole model.

    Parameters
    ----------
    coherences : sequence of float or TopicCoherence
    sizes : sequence of int
        Documents per topic, same length as ``coherences``.
    n_documents : int, optional

    Examples
    --------
    >>> model_score([0.5, 0.1], [30, 10])
    0.4
    >>> statistics.mean([0.5, 0.1])
    0.3
    """
    try:
        coherences = list(coherences)
        sizes = list(sizes)
    except TypeError:
        raise TypeError("coherences and sizes must be sequences of the same length.") from None
    if len(coherences) != len(sizes):
        raise ValueError(
            f"coherences has {len(coherences)} entries but sizes has {len(sizes)}: give one size per topic."
        )
    if not coherences:
        raise ValueError("coherences is empty: there is no topic to score.")
    values = [_coherence_value(c, i) for i, c in enumerate(coherences)]
    sizes = [check_count(s, f"sizes[{i}]") for i, s in enumerate(sizes)]
    total = sum(sizes)
    if n_documents is None:
        n_documents = total
    else:
        n_documents = check_count(n_documents, "n_documents")
        if n_documents < total:
            raise ValueError(f"n_documents = {n_documents} is less than the sum of sizes ({total}).")
    if n_documents == 0:
        raise ValueError("sizes are all 0: no document is assigned to any topic, so the weighted mean is undefined.")
    if n_documents < 2**53:
        return math.fsum(s * v for s, v in zip(sizes, values)) / n_documents
    # Counts past 2**53 are not exact as floats, and past about 1.8e308 are no floats at all: weigh each
    # topic by its exact share n_i / N (a fraction at most 1, exact before it is rounded once).
    return math.fsum(float(Fraction(s, n_documents)) * v for s, v in zip(sizes, values))


@dataclass(frozen=True)
class CoherenceReport:
    """Coherence of several topics, with the summaries the NPMI guide uses.

    Attributes
    ----------
    labels : tuple
        Topic labels (indices, or the keys of a dict of topics).
    topics : tuple of TopicCoherence
    scores : numpy.ndarray
        One coherence per topic.
    """

    labels: tuple
    topics: tuple
    scores: np.ndarray = field(repr=False)

    @property
    def mean(self) -> float:
        return float(np.mean(self.scores))

    @property
    def median(self) -> float:
        return float(statistics.median(self.scores.tolist()))

    @property
    def min(self) -> float:
        return float(np.min(self.scores))

    @property
    def max(self) -> float:
        return float(np.max(self.scores))

    @property
    def all_positive(self) -> bool:
        """True when every topic's coherence is above 0."""
        return bool(np.all(self.scores > 0))

    def ranked(self) -> list[tuple[Hashable, float]]:
        """``[(label, score), ...]`` from the most to the least coherent topic."""
        order = np.argsort(-self.scores, kind="stable")
        return [(self.labels[i], float(self.scores[i])) for i in order]

    def below(self, threshold: float = 0.0) -> list[Hashable]:
        """Labels of the topics whose coherence is below ``threshold``."""
        threshold = check_finite_real(threshold, "threshold")
        return [lab for lab, s in zip(self.labels, self.scores) if s < threshold]

    def without(self, *labels: Hashable) -> CoherenceReport:
        """The same report with some topics (e.g. an outlier topic) left out."""
        unknown = [lab for lab in labels if lab not in self.labels]
        if unknown:
            raise ValueError(f"labels {unknown!r} name no topic of this report; its labels are {list(self.labels)!r}.")
        keep = [i for i, lab in enumerate(self.labels) if lab not in labels]
        if not keep:
            raise ValueError("without() would leave no topic; keep at least one.")
        return CoherenceReport(tuple(self.labels[i] for i in keep), tuple(self.topics[i] for i in keep),
                               self.scores[keep])

    @classmethod
    def from_scores(cls, scores: Iterable[float], labels: Iterable[Hashable] | None = None) -> CoherenceReport:
        """A report from coherences computed elsewhere (e.g. printed in a document)."""
        values = np.array([check_finite_real(s, f"scores[{i}]") for i, s in enumerate(scores)], dtype=float)
        if values.size == 0:
            raise ValueError("scores is empty: there is no topic to summarize.")
        labels = tuple(range(len(values))) if labels is None else tuple(labels)
        if len(labels) != len(values):
            raise ValueError(f"labels has {len(labels)} entries but scores has {len(values)}.")
        return cls(labels, tuple([None] * len(values)), values)

    def summary(self) -> dict[str, float | bool]:
        """A dict of the summary statistics (mean, median, min, max, all_positive)."""
        return {"mean": self.mean, "median": self.median, "min": self.min, "max": self.max,
                "all_positive": self.all_positive}


def evaluate_topics(topics: Sequence[Sequence[str]] | dict, counts: CooccurrenceCounts, top_n: int = 10, *,
                    smoothing: str = "none", eps: float = 0.0, exclude: Iterable = (),
                    zero: str | None = None) -> CoherenceReport:
    """Score several topics and summarize them.

    Parameters
    ----------
    topics : list of keyword lists, or dict label -> keyword list
    counts : CooccurrenceCounts
    top_n, smoothing, eps, zero
        As for :func:`topic_coherence`.
    exclude : iterable of labels, optional
        Topics to leave out, e.g. an outlier topic (BERTopic's topic -1).

    Returns
    -------
    CoherenceReport
    """
    _check_counts_object(counts)
    if isinstance(topics, dict):
        items = list(topics.items())
    else:
        if isinstance(topics, (str, bytes)) or not isinstance(topics, Iterable):
            raise TypeError("topics must be a list of keyword lists (or a dict label -> keyword list), "
                            f"got {type(topics).__name__} {topics!r:.60}.")
        items = list(enumerate(topics))
    if not items:
        raise ValueError("topics is empty: pass at least one topic (a list of keywords).")
    if isinstance(exclude, (str, bytes)) or not isinstance(exclude, Iterable):
        raise TypeError(f"exclude must be a list of topic labels (e.g. [-1]), got {type(exclude).__name__}.")
    try:
        exclude = set(exclude)
    except TypeError:
        raise TypeError("exclude must hold topic labels (numbers or strings), not lists.") from None
    unknown = exclude - {lab for lab, _ in items}
    if unknown:
        raise ValueError(f"exclude names {sorted(map(str, unknown))} which are not topic labels.")
    items = [(lab, kw) for lab, kw in items if lab not in exclude]
    if not items:
        raise ValueError("exclude leaves no topic to score.")
    results = []
    for lab, kw in items:
        try:
            results.append(topic_coherence(kw, counts, top_n, smoothing=smoothing, eps=eps, zero=zero))
        except ValueError as err:
            raise ValueError(f"topic {lab!r}: {err}") from err
        except TypeError as err:
            raise TypeError(f"topic {lab!r}: {err}") from err
    return CoherenceReport(tuple(lab for lab, _ in items), tuple(results),
                           np.array([r.mean for r in results], dtype=float))
