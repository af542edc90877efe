"""Word intrusion: can a reader spot the word that does not belong to a topic?

Chang, Boyd-Graber, Gerrish, Wang and Blei (2009), "Reading tea leaves: how
humans interpret topic models", measured a topic's interpretability by
showing people its top words plus one **intruder** -- a word that is
improbable in this topic but among the top words of another -- and counting
how often they picked it.  A coherent topic makes the intruder obvious.

* :func:`intrusion_tasks` -- one task per topic, deterministic for a seed;
* :func:`hit_rates` -- found / not found per task, from a reader's answers;
* :func:`npmi_rater` -- an automatic reader that picks the word with the lowest
  mean NPMI against the others (the idea of Lau, Newman and Baldwin 2014);
* :func:`model_precision` -- Chang et al.'s name for a topic's hit rate over several readers;
* the task as a clickable quiz is the course's: :func:`teachkit.course.intrusion_quiz.intrusion_quiz`.

Chang et al.'s second task, **topic intrusion**, tests the document-topic side of
a model: a reader sees a document and four topics (each as its top words) -- the
three the model thinks most probable for the document and one improbable
**intruder topic** -- and picks the one that does not belong.

* :func:`topic_intrusion_tasks` -- one task per document, deterministic for a seed;
* :func:`topic_log_odds` -- how far, in log probability under the model, the readers'
  picks fall from the true intruder: 0 when everyone finds it, more negative when
  they pick topics the model thinks fit the document well.

Examples
--------
>>> topics = [["fire", "smoke", "blaze", "firefighters"], ["cricket", "wicket", "test", "bowler"]]
>>> tasks = intrusion_tasks(topics, n_words=3, seed=1)
>>> tasks[0].intruder in topics[1], tasks[0].intruder in tasks[0].words, len(tasks[0].words)
(True, True, 4)
"""

from __future__ import annotations

import math
import numbers
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .._checks import as_float_array, check_positive_int, check_seed, check_topics, short_repr

if TYPE_CHECKING:  # for the annotations only: the counting machinery loads when a rater first needs it
    from ..counts.counting import CooccurrenceCounts

__all__ = ["IntrusionTask", "intrusion_tasks", "hit_rates", "npmi_rater", "model_precision", "TopicIntrusionTask",
           "topic_intrusion_tasks", "topic_log_odds"]


@dataclass(frozen=True)
class IntrusionTask:
    """One word-intrusion question.

    Attributes
    ----------
    topic : int
        Index of the topic being tested.
    words : tuple of str
        What the reader sees: the topic's words and the intruder, shuffled.
    intruder : str
        The word that does not belong.
    source : int
        The topic the intruder was taken from.
    """

    topic: int
    words: tuple
    intruder: str
    source: int

    def shown_word(self, answer: object) -> str | None:
        """The shown word that ``answer`` names, or None.

        Readers type words as they like: the comparison ignores surrounding spaces, case and the Unicode
        form ("Pear", " pear", "PEAR" all name the shown "Pear").  Every check of an answer goes through here.
        """
        if not isinstance(answer, str):
            return None
        key = _word_key(answer)
        return next((w for w in self.words if _word_key(w) == key), None)

    def is_hit(self, answer: object) -> bool:
        """True when ``answer`` (a word) is the intruder."""
        return self.shown_word(answer) == self.intruder


def _word_key(word):
    return unicodedata.normalize("NFC", word).strip().casefold()


def check_tasks(tasks, name="tasks"):
    if isinstance(tasks, (str, bytes)) or not hasattr(tasks, "__iter__"):
        raise TypeError(f"{name} must be a list of IntrusionTask (from intrusion_tasks), got {tasks!r:.80}.")
    tasks = list(tasks)
    for i, t in enumerate(tasks):
        if not isinstance(t, IntrusionTask):
            raise TypeError(f"{name}[{i}] is {type(t).__name__} {t!r:.60}; make the tasks with "
                            "intrusion_tasks(topics).")
    return tasks


def _topics(topics):
    return check_topics(topics, minimum=2, why="an intruder must come from another topic")


def intrusion_tasks(topics: Sequence[Sequence[str]], n_words: int = 5, *, seed: int = 0,
                    candidate_depth: int | None = None) -> list[IntrusionTask]:
    """One intrusion task per topic, the same for the same ``seed``.

    For topic ``k``: its first ``n_words`` words, plus an intruder drawn
    uniformly from the first ``candidate_depth`` words of another randomly
    chosen topic, among those that are not in topic ``k``'s list at all
    (so the intruder is improbable in ``k`` but typical of another topic,
    as in Chang et al. 2009); the ``n_words + 1`` words are then shuffled.

    Parameters
    ----------
    topics : list of list of str
        Each topic's words, most probable first (at least 2 topics, each with
        at least ``n_words`` words).
    n_words : int, default 5
        Topic words shown with the intruder.
    seed : int, default 0
    candidate_depth : int, optional
        How deep in the other topic's list the intruder may lie; default
        ``n_words``.

    Returns
    -------
    list of IntrusionTask

    Raises
    ------
    ValueError
        If a topic is too short, or no other topic offers a word outside
        topic ``k``.

    Examples
    --------
    >>> tasks = intrusion_tasks([["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"]], n_words=2, seed=0)
    >>> [(t.topic, t.source, t.intruder, sorted(t.words)) for t in tasks][:1]
    [(0, 2, 'c2', ['a1', 'a2', 'c2'])]
    >>> tasks == intrusion_tasks([["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"]], n_words=2, seed=0)
    True
    """
    topics = _topics(topics)
    n_words = check_positive_int(n_words, "n_words", minimum=2)
    depth = n_words if candidate_depth is None else check_positive_int(candidate_depth, "candidate_depth")
    seed = check_seed(seed)
    for k, t in enumerate(topics):
        if len(t) < n_words:
            raise ValueError(f"topics[{k}] has {len(t)} words but n_words = {n_words}; use a smaller n_words.")
    rng = np.random.default_rng(int(seed))
    tasks = []
    for k, words in enumerate(topics):
        shown = words[:n_words]
        own = set(words)
        # Other topics that can supply an intruder not in topic k at all.
        options = {j: [w for w in t[:depth] if w not in own] for j, t in enumerate(topics) if j != k}
        options = {j: ws for j, ws in options.items() if ws}
        if not options:
            raise ValueError(f"every word in the top {depth} of the other topics also belongs to topics[{k}]; "
                             "no intruder can be chosen. Raise candidate_depth or give more distinct topics.")
        sources = sorted(options)
        source = sources[int(rng.integers(len(sources)))]
        intruder = options[source][int(rng.integers(len(options[source])))]
        order = rng.permutation(n_words + 1)
        pool = [*shown, intruder]
        tasks.append(IntrusionTask(k, tuple(pool[i] for i in order), intruder, source))
    return tasks


def hit_rates(tasks: Sequence[IntrusionTask],
              answers: dict[int, str] | Sequence[str | None]) -> tuple[np.ndarray, float]:
    """Whether each answered task was a hit, and the overall hit rate.

    Parameters
    ----------
    tasks : list of IntrusionTask
    answers : dict of int to str, or list of str or None
        The word picked for each task (by position in ``tasks``); None or a
        missing key for a task not answered.

    Returns
    -------
    hits : numpy.ndarray of float
        1.0 (found), 0.0 (missed) or NaN (not answered), one per task.
    rate : float
        Share of answered tasks that were hits.

    Raises
    ------
    ValueError
        If no task was answered, or an answer is not one of the task's words.

    Examples
    --------
    >>> tasks = intrusion_tasks([["a1", "a2", "a3"], ["b1", "b2", "b3"]], n_words=2, seed=0)
    >>> not_intruder = next(w for w in tasks[1].words if w != tasks[1].intruder)
    >>> hits, rate = hit_rates(tasks, [tasks[0].intruder, not_intruder])
    >>> hits.tolist(), rate
    ([1.0, 0.0], 0.5)
    """
    tasks = check_tasks(tasks)
    if isinstance(answers, (str, bytes)) or not isinstance(answers, Iterable):
        raise TypeError("answers must be a list (one word or None per task) or a dict {task number: word}, "
                        f"got {type(answers).__name__}.")
    if isinstance(answers, dict):
        picked = [answers.get(i) for i in range(len(tasks))]
    else:
        picked = list(answers)
        if len(picked) != len(tasks):
            raise ValueError(f"answers has {len(picked)} entries for {len(tasks)} tasks; "
                             "give one per task (None if skipped).")
    hits = np.full(len(tasks), np.nan)
    for i, (task, answer) in enumerate(zip(tasks, picked)):
        if answer is None:
            continue
        if task.shown_word(answer) is None:
            raise ValueError(f"answers[{i}] is {short_repr(answer)}, which is not one of the words shown: "
                             f"{short_repr(list(task.words), 200)}.")
        hits[i] = float(task.is_hit(answer))
    answered = np.isfinite(hits)
    if not answered.any():
        raise ValueError("no task was answered yet: pick a word in at least one task.")
    return hits, float(np.mean(hits[answered]))


def npmi_rater(task: IntrusionTask, counts: CooccurrenceCounts, *, zero: str | None = None,
               eps: float | None = None, smoothing: str | None = None) -> str:
    """An automatic reader: pick the word least associated with the others.

    For each shown word, its mean NPMI with the other shown words (over the
    windows of ``counts``); the word with the lowest mean is the guess (ties:
    the first in display order).  A pair never seen together has NPMI -1
    under ``zero="exact"``, the default.

    Parameters
    ----------
    task : IntrusionTask
    counts : CooccurrenceCounts
        Every shown word must occur in it.
    zero, eps, smoothing
        As for :func:`teachkit.score_pair` (``smoothing`` was removed in 0.2.0).

    Returns
    -------
    str
        The guessed intruder.

    Examples
    --------
    >>> from teachkit import CooccurrenceCounts
    >>> docs = [["fire", "smoke", "blaze"], ["fire", "smoke"], ["smoke", "blaze"], ["wicket", "fire"], ["wicket"]]
    >>> task = IntrusionTask(0, ("fire", "smoke", "wicket", "blaze"), "wicket", 1)
    >>> npmi_rater(task, CooccurrenceCounts.from_documents(docs))
    'wicket'
    """
    from ..coherence.topic_npmi import score_pair
    from ..counts.association import zero_convention

    if not isinstance(task, IntrusionTask):
        raise TypeError(f"task must be one IntrusionTask (from intrusion_tasks), got {type(task).__name__}.")
    zero = zero_convention(zero, smoothing)
    words = list(task.words)
    means = []
    for w in words:
        others = [score_pair(w, v, counts, zero=zero, eps=eps).npmi for v in words if v != w]
        means.append(float(np.mean(others)))
    return words[int(np.argmin(means))]


def _by_rater(answers_by_rater, n_tasks):
    """``answers_by_rater`` (one list of answers per rater, one answer or None per task) as a list of lists."""
    if isinstance(answers_by_rater, (str, bytes, dict)) or not hasattr(answers_by_rater, "__iter__"):
        raise TypeError("answers_by_rater must be a list with one list of answers per rater (one answer or None "
                        "per task).")
    raters = [list(a) if not isinstance(a, (str, bytes)) and hasattr(a, "__iter__") else a
              for a in answers_by_rater]
    if not raters:
        raise ValueError("answers_by_rater is empty; give at least one rater's answers.")
    for r, answers in enumerate(raters):
        if not isinstance(answers, list):
            raise TypeError(f"answers_by_rater[{r}] must be a list of answers (one per task), got {answers!r:.60}.")
        if len(answers) != n_tasks:
            raise ValueError(f"answers_by_rater[{r}] has {len(answers)} answers for {n_tasks} tasks; give one per "
                             "task (None if skipped).")
    return raters


def model_precision(tasks: Sequence[IntrusionTask], answers_by_rater: Sequence[Sequence[str | None]]) -> np.ndarray:
    """Chang et al.'s model precision of each topic: the share of its readers who found the intruder.

    ::

        MP_k = (1 / S_k) * sum over readers s of [ answer_(k, s) == intruder_k ]

    over the ``S_k`` readers who answered task ``k`` (a single reader's MP is :func:`hit_rates`).

    Parameters
    ----------
    tasks : list of IntrusionTask
    answers_by_rater : list of lists
        One list per reader, holding one word (or None, not answered) per task.

    Returns
    -------
    numpy.ndarray of float
        One value per task in [0, 1]; NaN for a task nobody answered.

    Examples
    --------
    >>> tasks = [IntrusionTask(0, ("a", "b", "x"), "x", 1), IntrusionTask(1, ("c", "d", "y"), "y", 0)]
    >>> model_precision(tasks, [["x", "c"], ["x", "y"], ["a", None]]).tolist()
    [0.6666666666666666, 0.5]
    """
    tasks = check_tasks(tasks)
    raters = _by_rater(answers_by_rater, len(tasks))
    found = np.zeros(len(tasks))
    answered = np.zeros(len(tasks))
    for r, answers in enumerate(raters):
        for i, (task, answer) in enumerate(zip(tasks, answers)):
            if answer is None:
                continue
            if task.shown_word(answer) is None:
                raise ValueError(f"answers_by_rater[{r}][{i}] is {answer!r}, which is not one of the words shown: "
                                 f"{list(task.words)}.")
            answered[i] += 1
            found[i] += task.is_hit(answer)
    return np.divide(found, answered, out=np.full(len(tasks), np.nan), where=answered > 0)


@dataclass(frozen=True)
class TopicIntrusionTask:
    """One topic-intrusion question.

    Attributes
    ----------
    document : int
        Row of the document-topic matrix (the document shown).
    topics : tuple of int
        The topics shown, shuffled: the document's most probable ones and the intruder.
    intruder : int
        The topic that does not belong (improbable in this document).
    """

    document: int
    topics: tuple
    intruder: int

    def is_hit(self, answer: object) -> bool:
        """True when ``answer`` (a topic number) is the intruder."""
        return _topic_answer(self, answer) == self.intruder


def _topic_answer(task, answer):
    if isinstance(answer, (bool, np.bool_)) or not isinstance(answer, numbers.Integral):
        raise TypeError(f"an answer must be a topic number (one of {list(task.topics)}), got {answer!r}.")
    if int(answer) not in task.topics:
        raise ValueError(f"topic {answer} was not shown for document {task.document}; pick one of "
                         f"{list(task.topics)}.")
    return int(answer)


def _doc_topic(doc_topic):
    if isinstance(doc_topic, (str, bytes)):
        theta = None
    else:
        theta = as_float_array(doc_topic, "doc_topic")     # ragged rows, text, None: named
    if theta is None or theta.ndim != 2:
        raise ValueError("doc_topic must be a matrix with one row per document and one column per topic.")
    if not np.all(np.isfinite(theta)) or np.any(theta < 0):
        raise ValueError("doc_topic must hold probabilities: finite and non-negative.")
    sums = theta.sum(axis=1)
    bad = np.flatnonzero(np.abs(sums - 1) > 1e-6)
    if bad.size:
        raise ValueError(f"row {int(bad[0])} of doc_topic sums to {sums[bad[0]]:.6g}, not 1: each row must be "
                         "that document's distribution over topics.")
    return theta


def topic_intrusion_tasks(doc_topic, n_topics: int = 3, *, documents: Sequence[int] | None = None,
                          pool: int | None = None, seed: int = 0) -> list[TopicIntrusionTask]:
    """One topic-intrusion task per document, the same for the same ``seed``.

    For document ``d``: its ``n_topics`` most probable topics under the model (``doc_topic[d]``),
    plus an intruder drawn uniformly from its ``pool`` least probable topics; the
    ``n_topics + 1`` topics are then shuffled.  Chang et al. (2009) showed three topics
    and an intruder "chosen randomly from the other low-probability topics".

    Parameters
    ----------
    doc_topic : array, shape (documents, topics)
        Each row a document's distribution over topics (theta).
    n_topics : int, default 3
        Probable topics shown with the intruder (at least 2).
    documents : list of int, optional
        Which rows to make tasks for; all by default.
    pool : int, optional
        How many of the least probable topics the intruder may be; by default the lower half
        of the topics not shown (at least 1).
    seed : int, default 0

    Returns
    -------
    list of TopicIntrusionTask

    Examples
    --------
    >>> theta = [[0.5, 0.3, 0.15, 0.04, 0.01], [0.02, 0.03, 0.05, 0.4, 0.5]]
    >>> tasks = topic_intrusion_tasks(theta, seed=0)
    >>> [(sorted(t.topics), t.intruder) for t in tasks]
    [([0, 1, 2, 4], 4), ([0, 2, 3, 4], 0)]
    """
    theta = _doc_topic(doc_topic)
    k = theta.shape[1]
    n_topics = check_positive_int(n_topics, "n_topics", minimum=2)
    if n_topics >= k:
        raise ValueError(f"n_topics = {n_topics} leaves no topic to be the intruder among the model's {k}; "
                         "use fewer shown topics or a model with more.")
    rest = k - n_topics
    pool = max(1, rest // 2) if pool is None else check_positive_int(pool, "pool")
    if pool > rest:
        raise ValueError(f"pool = {pool} is more than the {rest} topics not shown (K = {k}, n_topics = {n_topics}).")
    seed = check_seed(seed)
    if documents is None:
        rows = list(range(theta.shape[0]))
    else:
        rows = []
        for d in documents:
            if isinstance(d, (bool, np.bool_)) or not isinstance(d, numbers.Integral) or not 0 <= d < theta.shape[0]:
                raise ValueError(f"documents must hold row numbers from 0 to {theta.shape[0] - 1}, got {d!r}.")
            rows.append(int(d))
    rng = np.random.default_rng(int(seed))
    tasks = []
    for d in rows:
        order = np.argsort(-theta[d], kind="stable")      # most probable first; ties: lower topic number first
        shown = [int(t) for t in order[:n_topics]]
        intruder = int(order[k - pool + int(rng.integers(pool))])
        pool_shown = shown + [intruder]
        tasks.append(TopicIntrusionTask(d, tuple(pool_shown[i] for i in rng.permutation(n_topics + 1)), intruder))
    return tasks


def topic_log_odds(tasks: Sequence[TopicIntrusionTask], doc_topic,
                   answers_by_rater: Sequence[Sequence[int | None]]) -> np.ndarray:
    """Chang et al.'s topic log odds of each task's document.

    ::

        TLO_d = (1 / S_d) * sum over readers s of  log theta[d, intruder_d] - log theta[d, answer_(d, s)]

    A reader who finds the intruder adds 0; one who picks a topic the model thinks
    probable for the document adds a large negative number.  So TLO is at most 0, and the
    closer to 0, the better the model's document-topic proportions match what people see.

    Parameters
    ----------
    tasks : list of TopicIntrusionTask
    doc_topic : array, shape (documents, topics)
        The matrix the tasks were made from; the shown topics' probabilities must be positive
        (they are, for LDA's smoothed estimates).
    answers_by_rater : list of lists
        One list per reader, holding one topic number (or None) per task.

    Returns
    -------
    numpy.ndarray of float
        One value per task, <= 0; NaN for a task nobody answered.

    Examples
    --------
    Document 0 shows topics 0, 1, 2 and the intruder 4: one reader finds it (0), the other picks
    topic 1, adding log 0.01 - log 0.3 = -3.40; the mean is -1.70.

    >>> theta = [[0.5, 0.3, 0.15, 0.04, 0.01]]
    >>> task = TopicIntrusionTask(0, (1, 4, 0, 2), 4)
    >>> topic_log_odds([task], theta, [[4], [1]]).round(2).tolist()
    [-1.7]
    """
    if isinstance(tasks, (str, bytes)) or not hasattr(tasks, "__iter__"):
        raise TypeError("tasks must be a list of TopicIntrusionTask (from topic_intrusion_tasks).")
    tasks = list(tasks)
    for i, t in enumerate(tasks):
        if not isinstance(t, TopicIntrusionTask):
            raise TypeError(f"tasks[{i}] is {type(t).__name__}; make the tasks with topic_intrusion_tasks(doc_topic).")
    theta = _doc_topic(doc_topic)
    raters = _by_rater(answers_by_rater, len(tasks))
    total = np.zeros(len(tasks))
    answered = np.zeros(len(tasks))
    for i, task in enumerate(tasks):
        if not 0 <= task.document < theta.shape[0] or max(task.topics) >= theta.shape[1]:
            raise ValueError(f"tasks[{i}] refers to document {task.document} and topics {list(task.topics)}, "
                             f"outside doc_topic's shape {theta.shape}: use the matrix the tasks were made from.")
        row = theta[task.document]
        if np.any(row[list(task.topics)] <= 0):
            raise ValueError(f"a topic shown in tasks[{i}] has probability 0 in document {task.document}: its log "
                             "odds are infinite. Use smoothed document-topic proportions (LDA's are).")
        for r, answers in enumerate(raters):
            if answers[i] is None:
                continue
            try:
                chosen = _topic_answer(task, answers[i])
            except (TypeError, ValueError) as err:
                raise type(err)(f"answers_by_rater[{r}][{i}]: {err}") from None
            total[i] += math.log(row[task.intruder]) - math.log(row[chosen])
            answered[i] += 1
    return np.divide(total, answered, out=np.full(len(tasks), np.nan), where=answered > 0)
