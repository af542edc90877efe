"""Topic coherence: the mean NPMI of a topic's keyword pairs, and its aggregates.

For a topic with keywords ``w_1 .. w_k`` (its ``top_n`` most probable
words)::

    coherence(T) = mean over i < j of NPMI(w_i, w_j)      # k(k-1)/2 pairs

Five keywords give 10 pairs, ten give 45.  Across topics, the NPMI guide
takes the plain mean; the Portuguese research note weights each topic by the
number of documents assigned to it (its eq. 6)::

    score(M) = sum_i n_i * coherence(T_i) / N,      N = sum_i n_i

:func:`topic_coherence` and :func:`evaluate_topics` are views of
:func:`teachkit.coherence_per_topic` on counts already built: ``measure=``
takes any measure of :data:`teachkit.MEASURES` (NPMI by default, with each
pair's intermediates), ``zero=`` and ``eps=`` name the zero convention and
its ε as everywhere else.
"""

from __future__ import annotations

import math
import statistics  # noqa: F401  (model_score's doctest compares with statistics.mean)
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from .._checks import UnknownWordError, check_choice, check_count, check_finite_real, check_flag
from ..counts.association import zero_convention
from ..counts.counting import CooccurrenceCounts
from .measures import (REGISTRY, CoherencePerTopic, Measure, SegmentScore, TopicScore, _check_window, _resolve_zero,
                       check_counts_object, coherence_per_topic, scorable_keywords, score_topic)
from ..text import normalize_token

__all__ = [
    "PairScore", "score_pair", "TopicCoherence", "topic_coherence", "coherence_from_pairs",
    "model_score", "CoherenceReport", "evaluate_topics", "UnknownWordError",
]


#: One pair's score with every intermediate a hand calculation needs: the one segment type,
#: :class:`teachkit.coherence.measures.SegmentScore` (``word1``, ``word2``, ``npmi``, ``pmi``, ``p1``, ``p2``,
#: ``p12``, ``c1``, ``c2``, ``c12``, ``n``).  Probabilities are the ones the zero convention uses; ``pmi`` is
#: in nats (natural log), as in gensim and the NPMI guide.
PairScore = SegmentScore
#: One topic's coherence: the one topic type, :class:`teachkit.coherence.measures.TopicScore` (``keywords``,
#: ``pairs``, ``mean``, ``skipped``, ``measure``, ``n_pairs``, ``matrix()``).
TopicCoherence = TopicScore
#: Several topics' coherence and its summaries: the one result type,
#: :class:`teachkit.coherence.measures.CoherencePerTopic` (``labels``, ``topics``, ``scores``, ``mean``,
#: ``median``, ``min``, ``max``, ``all_positive``, ``ranked``, ``below``, ``without``, ``from_scores``, ``summary``).
CoherenceReport = CoherencePerTopic


def score_pair(w1: str, w2: str, counts: CooccurrenceCounts, *, zero: str | None = None,
               eps: float | None = None, smoothing: str | None = None) -> PairScore:
    """Score one word pair by NPMI: a topic of two words under the ``c_npmi`` measure.

    ::

        NPMI(w1, w2) = log(P(w1, w2) / (P(w1) P(w2))) / -log P(w1, w2),    P = c / n

    Parameters
    ----------
    w1, w2 : str
        Two different words (compared after lowercasing and NFC normalization).
    counts : CooccurrenceCounts
    zero, eps, smoothing
        As for :func:`topic_coherence`.

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
    check_counts_object(counts)
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
    zero, eps = _resolve_zero(REGISTRY["c_npmi"], zero_convention(zero, smoothing), eps, npmi_eps=True)
    # One pair is a topic of two words: the same pipeline as every measure, its words already checked.
    topic = score_topic([normalize_token(w1), normalize_token(w2)], (), counts, "c_npmi", zero, eps)
    return topic.segments[0]


def topic_coherence(keywords: Sequence[str], counts: CooccurrenceCounts | None, top_n: int = 10, *,
                    measure: str = "c_npmi", zero: str | None = None, eps: float | None = None,
                    smoothing: str | None = None, window_override: bool = False, vectors: object = None) -> TopicScore:
    """Coherence of a topic: the mean NPMI over all pairs of its top keywords, or any other measure.

    A view of :func:`teachkit.coherence_per_topic` for one topic and counts already built.  By default
    it is the ``c_npmi`` measure of :mod:`teachkit.coherence.measures` (one-one segmentation, NPMI
    confirmation, arithmetic mean) with the course's defaults: the counts given (whole documents by
    default), the exact definition, and every intermediate of each pair kept for a hand calculation::

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
    measure : str, default "c_npmi"
        A key of :data:`teachkit.MEASURES`; scored on ``counts`` (their window), as
        :func:`teachkit.coherence_per_topic` scores it.
    zero : str, optional
        The zero convention: under ``c_npmi`` one of ``"exact"`` (the default), ``"epsilon"`` (gensim),
        ``"guide"`` (the NPMI guide) or ``"zero"``; under another measure a key of
        :data:`teachkit.ZERO_CONVENTIONS`, by default the measure's own.
    eps : float, optional
        The ε of ``"epsilon"`` (default :data:`teachkit.DEFAULT_EPSILON`) or of ``"guide"`` (default 0).
    smoothing
        Removed in 0.2.0 (the older spelling of ``zero``): giving it raises a TypeError naming the ``zero=``.
    window_override : bool, default False
        Score a measure whose definition fixes its window (all but ``c_npmi``) on counts of another window.
        Without it such counts are refused: the result does not carry the window, so the number would
        travel as, say, C_V while being another measure.
    vectors : optional
        For ``measure="embedding"`` (pass ``counts=None``): as for :func:`teachkit.coherence_per_topic`.

    Returns
    -------
    TopicCoherence
        (:class:`teachkit.coherence.measures.TopicScore`, the one topic type.)

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
    zero = zero_convention(zero, smoothing, default=None)
    spec, zero, eps = _view_settings(counts, measure, zero, eps, window_override)
    return _topic_coherence(keywords, counts, top_n, spec, zero, eps, vectors)


def _view_settings(counts: CooccurrenceCounts | None, measure: str, zero: str | None, eps: float | None,
                   window_override: bool) -> tuple[Measure, str, float]:
    """topic_coherence's and evaluate_topics' checks of their settings: the measure, its window, its zero."""
    check_choice(measure, "measure", tuple(REGISTRY))
    spec = REGISTRY[measure]
    window_override = check_flag(window_override, "window_override")
    if spec.reads_counts:
        check_counts_object(counts)
        assert counts is not None
        _check_window(spec, counts.window, window_override, "the counts given are counted in")
    elif counts is not None:
        raise ValueError(f"{measure} reads the words' vectors, not counts: pass counts=None.")
    zero, eps = _resolve_zero(spec, zero, eps, npmi_eps=spec.name == "c_npmi")
    return spec, zero, eps


def _topic_coherence(keywords: Sequence[str], counts: CooccurrenceCounts | None, top_n: int, spec: Measure, zero: str,
                     eps: float, vectors: object) -> TopicScore:
    """One topic through the pipeline (:func:`teachkit.coherence.measures.score_topic`), settings checked."""
    if not spec.reads_counts:
        return coherence_per_topic([keywords], None, spec.name, top_n=top_n, zero=zero, vectors=vectors).topics[0]
    if vectors is not None:
        raise ValueError(f"vectors= is for measure='embedding'; {spec.name} reads window counts. Leave vectors out.")
    assert counts is not None, "_view_settings has checked the counts"
    found, skipped = scorable_keywords(keywords, counts, top_n)
    return score_topic(found, skipped, counts, spec.name, zero, eps)


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
        pairs.append(PairScore((a,), (b,), v))
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


def _coherence_value(c: object, i: int) -> float:
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


def evaluate_topics(topics: Sequence[Sequence[str]] | dict[Any, Sequence[str]], counts: CooccurrenceCounts | None,
                    top_n: int = 10, *,
                    measure: str = "c_npmi", zero: str | None = None, eps: float | None = None,
                    exclude: Iterable[Any] = (), smoothing: str | None = None, window_override: bool = False,
                    vectors: object = None) -> CoherencePerTopic:
    """Score several topics and summarize them.

    Parameters
    ----------
    topics : list of keyword lists, or dict label -> keyword list
    counts : CooccurrenceCounts
    top_n, measure, zero, eps, smoothing, window_override, vectors
        As for :func:`topic_coherence` (any measure; ``smoothing`` was removed in 0.2.0).
    exclude : iterable of labels, optional
        Topics to leave out, e.g. an outlier topic (BERTopic's topic -1).

    Returns
    -------
    CoherenceReport
        (:class:`teachkit.coherence.measures.CoherencePerTopic`, the one result type, with the labels.)
    """
    zero = zero_convention(zero, smoothing, default=None)
    spec, zero, eps = _view_settings(counts, measure, zero, eps, window_override)
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
            results.append(_topic_coherence(kw, counts, top_n, spec, zero, eps, vectors))
        except ValueError as err:
            raise ValueError(f"topic {lab!r}: {err}") from err
        except TypeError as err:
            raise TypeError(f"topic {lab!r}: {err}") from err
    window, compat = (counts.window, bool(counts.gensim_compat)) if counts is not None else (None, False)
    return CoherencePerTopic(measure, window, compat, zero, tuple(results), tuple(lab for lab, _ in items))
