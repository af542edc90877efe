"""Word intrusion as a clickable quiz: the course's widget around :mod:`teachkit.evaluation.intrusion`'s tasks.

:func:`intrusion_quiz` shows one row of word buttons per task; the reader
clicks the word that does not belong, and :meth:`IntrusionQuiz.hits` scores
the picks with :func:`teachkit.evaluation.intrusion.hit_rates` (a hit rate is
``hits / tasks``, the share of tasks whose intruder was found).  Where no
widget front end runs, the quiz is a plain list and answers are recorded in
code with ``quiz.answer(i, "word")``.
"""

from __future__ import annotations

import html
import numbers
from collections.abc import Iterable
from typing import Any

import numpy as np

from ..evaluation.intrusion import IntrusionTask, check_tasks, hit_rates
from .widgets import StaticFallback, ipywidgets

__all__ = ["IntrusionQuiz", "intrusion_quiz"]


class IntrusionQuiz(StaticFallback):
    """Word-intrusion questions as buttons, one row per task.

    The reader clicks the word that does not belong; :attr:`answers` records
    the pick per task and :meth:`hits` scores them.  Without a widget
    front end (a static view of the notebook, or no ipywidgets), the display
    is a plain list of the questions and ``quiz.answer(i, "word")`` records
    an answer from code instead.
    """

    def __init__(self, tasks: Iterable[IntrusionTask], title: str | None = None, what: str = "word") -> None:
        self.tasks = check_tasks(tasks)
        if not self.tasks:
            raise ValueError("tasks is empty: make some with intrusion_tasks(topics).")
        if what not in ("word", "topic"):
            raise ValueError(f"what must be 'word' (word intrusion) or 'topic' (topic intrusion, each shown "
                             f"'word' a topic's label), got {what!r}.")
        self.title = title
        self.what = what
        self.answers: dict[int, str] = {}
        self._widget: Any = None            # an ipywidgets box, built on first use

    def answer(self, i: int, word: str) -> bool:
        """Record ``word`` as the answer to task ``i``; returns whether it was the intruder.

        Each task takes one answer: the first counts, and a second answer to the same task is refused
        (the intruder has been shown by then)."""
        # int listed for the type checker: typeshed's int is no numbers.Integral
        if not isinstance(i, (int, numbers.Integral)) or not 0 <= i < len(self.tasks):
            raise ValueError(f"i must be a task number from 0 to {len(self.tasks) - 1}, got {i!r}.")
        if isinstance(i, (bool, np.bool_)):
            raise TypeError(f"i must be a task number, got {i!r}.")
        if int(i) in self.answers:
            # reader x3 (09b): once answered, the intruder is shown, so a second answer would not be a test
            raise ValueError(f"task {i} is already answered ({self.answers[int(i)]!r}) and its intruder shown: "
                             f"the first answer counts and cannot be changed; make a new quiz to start again.")
        shown = self.tasks[i].shown_word(word)
        if shown is None:
            picked = "" if self.what == "word" else f" (the {self.what} you pick)"
            raise ValueError(f"word{picked} must be one of task {i}'s {self.what}s {list(self.tasks[i].words)}, "
                             f"typed in full as shown, got {word!r}.")
        self.answers[int(i)] = shown
        return self.tasks[i].is_hit(shown)

    def hits(self) -> tuple[np.ndarray, float]:
        """``(hits, rate)`` as :func:`hit_rates` gives them for the answers so far."""
        return hit_rates(self.tasks, self.answers)

    def widget(self) -> Any:
        """The live widget (built on first use)."""
        if self._widget is None:
            w = ipywidgets()

            rows = []
            if self.title:
                rows.append(w.HTML(f"<b>{html.escape(self.title)}</b>"))
            for i, task in enumerate(self.tasks):
                buttons = w.ToggleButtons(options=list(task.words), value=None,
                                          description=f"{i}.", style={"button_width": "auto"})
                feedback = w.HTML()

                def on_pick(change, i=i, feedback=feedback):
                    if change["new"] is None or i in self.answers:
                        return
                    hit = self.answer(i, change["new"])
                    change["owner"].disabled = True         # the first answer counts: the row locks
                    task = self.tasks[i]
                    feedback.value = ("✓ found it" if hit else
                                      f"✗ the intruder was <b>{html.escape(task.intruder)}</b>")

                buttons.observe(on_pick, names="value")
                rows.append(w.HBox([buttons, feedback]))
            self._widget = w.VBox(rows)
            self._widget.add_class("teachkit-intrusion")
        return self._widget

    def _view(self) -> Any:
        return self.widget()

    def _static(self) -> tuple[str, str]:
        # One numbering everywhere, from 0: the rows here, the live buttons, quiz.answer(i, ...) and the table
        # of notebook 09b, which lists each task under the same number.
        lines = [f"{i}. " + "  ".join(t.words) for i, t in enumerate(self.tasks)]
        hint = (f"Which {self.what} does not belong? Without widgets, record an answer with "
                f"quiz.answer(number, '{self.what}'), numbered as above.")
        if self.what != "word" and self.tasks:
            # reader t6 (12): a topic's label is typed whole, and the quiz is the one this cell shows
            hint = (f"Which {self.what} does not belong? Without widgets, record an answer with this quiz's "
                    f"answer(number, {self.what}), the {self.what} typed in full as shown (e.g. "
                    f"'{self.tasks[0].words[0]}'), numbered as above.")
        head = f"{self.title}\n" if self.title else ""
        text = head + "\n".join(lines) + "\n" + hint
        items = "".join(f"<li>{html.escape('  ·  '.join(t.words))}</li>" for t in self.tasks)
        title = f"<b>{html.escape(self.title)}</b>" if self.title else ""
        return f'{title}<ol start="0">{items}</ol><p>{html.escape(hint)}</p>', text


def intrusion_quiz(tasks: Iterable[IntrusionTask], title: str | None = None, what: str = "word") -> IntrusionQuiz:
    """Show intrusion tasks as a clickable quiz (see :class:`IntrusionQuiz`).

    For topic intrusion, give ``what="topic"`` and tasks whose shown "words" are the topics' labels
    (e.g. ``"T3: anne captain wentworth"``), the intruder among them.

    Examples
    --------
    >>> from teachkit.evaluation.intrusion import intrusion_tasks
    >>> quiz = intrusion_quiz(intrusion_tasks([["a1", "a2", "a3"], ["b1", "b2", "b3"]], n_words=2, seed=0))
    >>> quiz.answer(0, quiz.tasks[0].intruder)
    True
    >>> quiz.hits()[1]
    1.0
    """
    return IntrusionQuiz(tasks, title=title, what=what)
