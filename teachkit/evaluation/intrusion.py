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
* the task as a clickable quiz is the course's: :func:`teachkit.course.intrusion_quiz.intrusion_quiz`.

Examples
--------
>>> topics = [["fire", "smoke", "blaze", "firefighters"], ["cricket", "wicket", "test", "bowler"]]
>>> tasks = intrusion_tasks(topics, n_words=3, seed=1)
>>> tasks[0].intruder in topics[1], tasks[0].intruder in tasks[0].words, len(tasks[0].words)
(True, True, 4)
"""

from __future__ import annotations

import numbers
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .._checks import check_positive_int

if TYPE_CHECKING:  # for the annotations only: the counting machinery loads when a rater first needs it
    from ..counts.counting import CooccurrenceCounts

__all__ = ["IntrusionTask", "intrusion_tasks", "hit_rates", "npmi_rater"]


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


def _check_tasks(tasks, name="tasks"):
    if isinstance(tasks, (str, bytes)) or not hasattr(tasks, "__iter__"):
        raise TypeError(f"{name} must be a list of IntrusionTask (from intrusion_tasks), got {tasks!r:.80}.")
    tasks = list(tasks)
    for i, t in enumerate(tasks):
        if not isinstance(t, IntrusionTask):
            raise TypeError(f"{name}[{i}] is {type(t).__name__} {t!r:.60}; make the tasks with "
                            "intrusion_tasks(topics).")
    return tasks


def _topics(topics):
    if isinstance(topics, (str, bytes)):
        raise TypeError("topics must be a list of word lists, got a string.")
    try:
        out = [list(t) for t in topics]
    except TypeError:
        raise TypeError("topics must be a list of word lists (one list per topic).") from None
    if len(out) < 2:
        raise ValueError(f"topics holds {len(out)} topic(s); an intruder must come from another topic, "
                         "so give at least 2.")
    for k, t in enumerate(out):
        if isinstance(t, str) or not all(isinstance(w, str) for w in t):
            raise TypeError(f"topics[{k}] must be a list of words (strings), got {t!r:.80}.")
        if len(set(t)) != len(t):
            raise ValueError(f"topics[{k}] repeats a word; give each topic's words once, most probable first.")
    return out


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
    if not isinstance(seed, numbers.Integral) or isinstance(seed, bool) or seed < 0:
        raise TypeError(f"seed must be a whole number >= 0, got {seed!r}.")
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
        pool = shown + [intruder]
        tasks.append(IntrusionTask(k, tuple(pool[i] for i in order), intruder, source))
    return tasks


def hit_rates(tasks: Sequence[IntrusionTask], answers: Sequence[str | None]) -> tuple[np.ndarray, float]:
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
    tasks = _check_tasks(tasks)
    if isinstance(answers, (str, bytes)):
        raise TypeError("answers must be a list (one word or None per task) or a dict {task number: word}, "
                        "not one string.")
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
            raise ValueError(f"answers[{i}] is {answer!r}, which is not one of the words shown: {list(task.words)}.")
        hits[i] = float(task.is_hit(answer))
    answered = np.isfinite(hits)
    if not answered.any():
        raise ValueError("no task was answered yet: pick a word in at least one task.")
    return hits, float(np.mean(hits[answered]))


def npmi_rater(task: IntrusionTask, counts: CooccurrenceCounts, *, smoothing: str = "none",
               eps: float = 0.0) -> str:
    """An automatic reader: pick the word least associated with the others.

    For each shown word, its mean NPMI with the other shown words (over the
    windows of ``counts``); the word with the lowest mean is the guess (ties:
    the first in display order).  A pair never seen together has NPMI -1
    under ``smoothing="none"``.

    Parameters
    ----------
    task : IntrusionTask
    counts : CooccurrenceCounts
        Every shown word must occur in it.
    smoothing, eps
        As for :func:`teachkit.npmi_from_counts`.

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
    from ..coherence.npmi import score_pair

    if not isinstance(task, IntrusionTask):
        raise TypeError(f"task must be one IntrusionTask (from intrusion_tasks), got {type(task).__name__}.")
    words = list(task.words)
    means = []
    for w in words:
        others = [score_pair(w, v, counts, smoothing=smoothing, eps=eps).npmi for v in words if v != w]
        means.append(float(np.mean(others)))
    return words[int(np.argmin(means))]
