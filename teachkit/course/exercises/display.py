"""How an exercise is shown: its question with an answer box, and its solution hidden or shown.

:class:`Question` (what :func:`~teachkit.course.exercises.ask` displays) and :class:`Hidden` (what
:func:`~teachkit.course.exercises.reveal` displays) are :class:`~teachkit.course.widgets.StaticFallback`
widgets: live in a kernel, a static question or note on a page without one.  :class:`Shown` is a
solution shown on request, as markdown.
"""

from __future__ import annotations

import html
import re
from typing import Any

from ..selfcheck import Feedback
from ..widgets import StaticFallback, ipywidgets
from .committed import attempt, commit, first_commit, has_attempted, shown
from .model import Exercise, Implement, Interpretation, Prediction

__all__ = ["Hidden", "Question", "Shown", "answered_in_code", "current_seed", "practice_seed"]

#: The variant each exercise's question shows now, by key: what a "Show solution" button below it reveals.
_CURRENT: dict[str, int] = {}


#: JupyterLab gives each radio choice one line's fixed height: a longer choice wraps over the next one and
#: loses its circle (look review z10: 04.7, 05b.6, 09.5, 11's 4829716c). This lets a choice take the lines it
#: needs, its circle at the top left of its text.
RADIO_WRAP_CSS = ("<style>.teachkit-choices .widget-radio-box label {height: auto !important; "
                  "line-height: 1.35 !important; white-space: normal !important; display: flex !important; "
                  "flex-direction: row !important; justify-content: flex-start !important; "
                  "align-items: flex-start !important; margin-bottom: 0.35em;} "
                  ".teachkit-choices .widget-radio-box label input {order: -1; flex: none; "
                  "margin: 0.2em 0.5em 0 0 !important;}</style>")


def current_seed(key: str) -> int:
    """The seed of the variant the latest question of exercise ``key`` shows (0 before any)."""
    return _CURRENT.get(key, 0)


def answered_in_code(exercise: Exercise | Implement) -> None:
    """Answered with ``ask(key, seed=..., answer=...)``: a following ``reveal(key)`` shows this variant's solution.

    The widget does the same when it shows a variant; without widgets (a plain kernel, an editor) the call that
    answers is the student's only way to say which numbers they worked on.
    """
    # only an exercise with variants has a variant seed (a function to write has none)
    if getattr(exercise, "has_variants", False):
        _CURRENT[exercise.key] = getattr(exercise, "variant_seed", 0)


def practice_seed(seed: int, k: int) -> int:
    """The ``k``-th practice variant after ``seed`` ("Another one"): a seed from 1 to 999,999.

    The student's own sequence: it starts from the seed their question shows, so two students whose
    notebooks are stamped with different seeds practise on different numbers, and anyone can draw the
    same variant again in code with ``ask(key, seed=...)``.

    >>> practice_seed(0, 1), practice_seed(0, 2), practice_seed(0, 1)
    (174764, 899036, 174764)
    """
    import hashlib

    digest = hashlib.sha256(f"teachkit-practice:{seed}:{k}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 999_999 + 1


def _markdown_to_html(text: str) -> str:
    """A tiny markdown subset for the widget's question (math is left for MathJax)."""
    out = html.escape(text, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![\\\w])\*(?!\s)(.+?)(?<!\s)\*", r"<i>\1</i>", out)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return "<br>".join(p for p in out.split("\n\n"))


def _static_math(text: str) -> str:
    r"""Maths of HTML shown without a widget, with the delimiters every MathJax setting reads.

    The widget's ``HTMLMath`` takes ``$...$``; a page typeset by MathJax's defaults (the course website,
    a notebook viewer) reads only ``\(...\)`` and ``\[...\]``, and would show ``$c(\textit{x})$`` raw.

    >>> _static_math("with $n = 10$ and $$x^2$$")
    'with \\(n = 10\\) and \\[x^2\\]'
    """
    text = re.sub(r"(?<!\\)\$\$(.+?)(?<!\\)\$\$", r"\\[\1\\]", text, flags=re.DOTALL)
    return re.sub(r"(?<![\\$])\$(?!\$)(.+?)(?<![\\$])\$", r"\\(\1\\)", text, flags=re.DOTALL)


def _asked(ex: Exercise | Implement) -> str:
    """The question as shown: a number to give carries the precision its box accepts."""
    return getattr(ex, "asked", ex.question)


class Question(StaticFallback):
    """What :func:`ask` displays: the question and, in a live notebook, an answer box.

    Parameters
    ----------
    exercise : Exercise or Implement
        The registered exercise (any of the four kinds).

    Attributes
    ----------
    last : Feedback or None
        The verdict on the latest answer checked in the box.
    """

    def __init__(self, exercise: Exercise | Implement) -> None:
        self.exercise = exercise
        self._widget = None
        self.last: Feedback | None = None
        self._drawn = 0                    # practice variants drawn with "Another one"
        # the student's practice sequence starts from the variant first shown (their own, in a stamped copy)
        self._base_seed = getattr(exercise, "variant_seed", 0)
        shown(exercise.key, self._base_seed)
        if isinstance(exercise, Exercise) and exercise.has_variants:
            _CURRENT[exercise.key] = exercise.variant_seed

    @property
    def _practice(self) -> bool:
        # "Another one" sits beside a number to compute or predict (not a choice, not a function)
        ex = self.exercise
        return getattr(ex, "has_variants", False) and not getattr(ex, "choices", ())

    def another(self) -> Exercise:
        """Draw the next practice variant (what "Another one" does) and show it from now on."""
        if not isinstance(self.exercise, Exercise):
            raise TypeError(f"exercise {self.exercise.key} asks for a function; it has no other variants.")
        first = self.exercise._declared()
        self._drawn += 1
        self.exercise = first.at(practice_seed(self._base_seed, self._drawn))
        _CURRENT[self.exercise.key] = self.exercise.variant_seed
        return self.exercise

    def _seed_note(self) -> str:
        ex = self.exercise
        if not isinstance(ex, Exercise) or not ex.variant_seed:
            return ""
        return (f"Variant {ex.variant_seed}: the same numbers again with "
                f"<code>ask({ex.key!r}, seed={ex.variant_seed})</code>.")

    # -- the live widget, built only when displayed in a kernel with ipywidgets
    def _build(self) -> Any:
        w = ipywidgets()

        ex = self.exercise
        question = w.HTMLMath(_markdown_to_html(_asked(ex)))
        feedback = w.HTML()
        if isinstance(ex, Implement):
            start = (f"<pre>{html.escape(ex.template)}</pre>" if ex.template else "")
            note = w.HTML(f"{start}Write your function in the next cell, then run "
                          f"<code>check_function({ex.key!r}, your_function)</code>.")
            box = w.VBox([question, note])
        elif isinstance(ex, Interpretation):
            entry = w.RadioButtons(options=[(text, c) for text, c in zip(ex.lettered(), ex.choices)], value=None,
                                   description="Your answer:", style={"description_width": "initial"},
                                   layout=w.Layout(width="auto"))
            entry.add_class("teachkit-choices")
            button = w.Button(description="Check", button_style="primary")

            def on_check(_b):
                if entry.value is None:
                    feedback.value = "<i>Choose an answer first.</i>"
                    return
                # not locked: a wrong choice says which misconception it stands for, and the student tries again
                self.last = ex.judge(entry.value)
                attempt(ex.key, getattr(ex, "variant_seed", 0))
                feedback.value = self.last._repr_html_()

            button.on_click(on_check)
            question.value = RADIO_WRAP_CSS + question.value
            box = w.VBox([question, entry, button, feedback])
        else:
            if isinstance(ex, Prediction) and ex.choices:
                entry = w.RadioButtons(options=list(ex.choices), value=None, description="Your prediction:",
                                       style={"description_width": "initial"}, layout=w.Layout(width="auto"))
                entry.add_class("teachkit-choices")
            else:
                entry = w.Text(placeholder="e.g. 0.891, 0,891, 89.1% or 4/684",
                               description=("Your prediction:" if isinstance(ex, Prediction) else f"{ex.label}:"),
                               style={"description_width": "initial"},
                               # wide enough for the whole placeholder after the label (look review z10, J2:
                               # at ipywidgets' 300 px it was cut to "e.g. 0.891, 0,891")
                               layout=w.Layout(width="34em", max_width="100%"))
            is_prediction = isinstance(ex, Prediction)
            button = w.Button(description="Commit and run" if is_prediction else "Check", button_style="primary")

            def on_click(_b):
                current = self.exercise
                if entry.value in (None, ""):
                    feedback.value = "<i>Commit to a guess first.</i>" if is_prediction else "<i>Type an answer.</i>"
                    return
                seed = getattr(current, "variant_seed", 0)
                first = first_commit(current.key, seed) if is_prediction else None
                if first is not None:
                    # committed already (in code, or in another copy of this box): that guess stands
                    entry.disabled = button.disabled = True
                    self.last = first
                    feedback.value = (f"<i>Already committed ({html.escape(str(first.answer))}): a prediction is "
                                      "committed once.</i><br>" + _prediction_html(current, first))
                    return
                self.last = current.judge(entry.value)
                if not self.last.judged:
                    # unreadable, or too rough to judge: nothing is committed and the solution stays closed
                    feedback.value = self.last._repr_html_()
                    return
                attempt(current.key, seed)
                if is_prediction:
                    # the guess is committed: it cannot be changed once the result is shown
                    entry.disabled = button.disabled = True
                    commit(current.key, seed, self.last)
                    feedback.value = _prediction_html(current, self.last)
                else:
                    feedback.value = self.last._repr_html_()

            button.on_click(on_click)
            row = [entry, button]
            seed_note = w.HTML(self._seed_note())
            if self._practice:
                again = w.Button(description="Another one", icon="refresh",
                                 tooltip="The same exercise with other numbers")

                def on_again(_b):
                    fresh = self.another()
                    question.value = _markdown_to_html(_asked(fresh))
                    seed_note.value = self._seed_note()
                    entry.value = "" if not (isinstance(fresh, Prediction) and fresh.choices) else None
                    entry.disabled = button.disabled = False
                    feedback.value = ""

                again.on_click(on_again)
                again.add_class("teachkit-another")
                row.append(again)
            if isinstance(entry, w.RadioButtons):
                question.value = RADIO_WRAP_CSS + question.value
            box = w.VBox([question, w.HBox(row), seed_note, feedback])
        box.add_class("teachkit-exercise")
        return box

    def _static(self) -> tuple[str, str, str]:
        # One short line under the question, true on a page without a kernel: where the answer is checked,
        # and the one call that checks it where no widget runs.  No call shows an example value or letter,
        # so the saved page never suggests an answer.  How to work the exercises is said once, at the top of
        # each notebook's exercise section.
        ex = self.exercise
        seed = getattr(ex, "variant_seed", 0)
        if isinstance(ex, Implement):
            call = f"check_function({ex.key!r}, your_function)"
        elif isinstance(ex, Interpretation):
            # no example letter: 'a' would suggest an answer where a is right
            call = f"ask({ex.key!r}, answer=...) with the letter of your choice"
        else:
            call = f"ask({ex.key!r}, seed={seed}, answer=...)" if seed else f"ask({ex.key!r}, answer=...)"
        variant = f", variant {seed}" if seed else ""
        how = f"Exercise {ex.key}{variant}: checked in the running notebook, or where no widget shows by {call}."
        if isinstance(ex, Interpretation):
            choices = "\n\n" + "\n".join(f"- {line}" for line in ex.lettered())
        elif isinstance(ex, Prediction) and ex.choices:
            # quoted, so a choice that contains a comma still reads as one choice
            choices = " Choices: " + ", ".join(f"“{c}”" for c in ex.choices) + "."
        else:
            choices = ""
        template = ex.template if isinstance(ex, Implement) else ""
        md = (f"{_asked(ex)}{choices}\n\n" + (f"```python\n{template}\n```\n\n" if template else "")
              + f"*{how}*")
        if isinstance(ex, Interpretation):
            choices_html = "<ul>" + "".join(f"<li>{_markdown_to_html(line)}</li>" for line in ex.lettered()) + "</ul>"
        else:
            choices_html = html.escape(choices)
        html_text = (f'<div class="teachkit-exercise-static">{_static_math(_markdown_to_html(_asked(ex)))}'
                     f"{choices_html}" + (f"<pre>{html.escape(template)}</pre>" if template else "<br>")
                     + f"<i>{html.escape(how)}</i></div>")
        plain = (f"{_asked(ex)}{choices}\n" + (f"{template}\n" if template else "") + f"({how})")
        return html_text, plain, md

    def _view(self) -> Any:
        # a fresh box at every display: each shown copy has its own entry and feedback
        self._widget = self._build()
        return self._widget

    def __repr__(self) -> str:
        return self._static()[1]


def _prediction_html(ex: Prediction, feedback: Feedback) -> str:
    verdict = feedback._repr_html_()
    return (f"{verdict}<br>teachkit computes: <b>{html.escape(ex.shown_result)}</b><br>"
            "<i>Run the result cell below again to see it happen.</i>")


def _answer_call(ex: Exercise | Implement) -> str:
    key, seed = ex.key, getattr(ex, "variant_seed", 0)
    if isinstance(ex, Implement):
        return f"check_function({key!r}, your_function)"
    return f"ask({key!r}, seed={seed}, answer=...)" if seed else f"ask({key!r}, answer=...)"


def _closed_note(ex: Exercise | Implement) -> str:
    """What the "Show solution" button says when clicked before an answer the box could judge."""
    return (f"The solution of exercise {ex.key} opens after an answer that the box above can judge, right or "
            f"wrong: answer it there (or with {_answer_call(ex)}), then click “Show solution” again.")


class Hidden(StaticFallback):
    """What :func:`reveal` displays: a "Show solution" button; the text appears only on click, and only once
    the exercise has been answered in this session with an answer the box could judge (right or wrong)."""

    def __init__(self, exercise: Exercise | Implement, follow: bool = False) -> None:
        self.exercise = exercise
        # follow: show the solution of the variant the question shows when the button is clicked
        self.follow = follow and getattr(exercise, "has_variants", False)

    def shown_exercise(self) -> Exercise | Implement:
        """The exercise whose solution a click shows: the question's current variant when following it."""
        if self.follow and isinstance(self.exercise, Exercise):     # following: an exercise with variants
            return self.exercise.at(current_seed(self.exercise.key))
        return self.exercise

    def _build(self) -> Any:
        w = ipywidgets()

        button = w.Button(description="Show solution", icon="eye")
        out = w.Output()

        def on_click(_b):
            # rendered now, not before: nothing of the solution is in the saved output or widget state
            from IPython.display import Markdown, display

            ex = self.shown_exercise()
            if not has_attempted(ex.key, getattr(ex, "variant_seed", 0)):
                # the solution opens after an answer the box could judge (right or wrong), as reveal's text says
                with out:
                    out.clear_output()
                    display(Markdown(f"*{_closed_note(ex)}*"))
                return
            if not self.follow:
                button.disabled = True
            with out:
                out.clear_output()
                if getattr(ex, "variant_seed", 0):
                    display(Markdown(f"*Variant {ex.variant_seed}:*"))
                display(Markdown(ex.render_solution()))

        button.on_click(on_click)
        box = w.VBox([button, out])
        box.add_class("teachkit-solution")
        return box

    def _static(self) -> tuple[str, ...]:
        key = self.exercise.key
        ex = self.shown_exercise()
        seed = getattr(ex, "variant_seed", 0)
        if has_attempted(key, seed):
            # this variant answered in this session, in a front end that may have no widgets: its solution as
            # text (the same rule for every variant: a variant drawn but not yet answered stays closed)
            head = f"Worked solution of exercise {key}" + (f" (variant {seed})" if seed else "") + ":"
            text = ex.render_solution()
            return (f'<div class="teachkit-solution-shown"><i>{html.escape(head)}</i>'
                    f"{_static_math(_markdown_to_html(text))}</div>", f"{head}\n{text}", f"*{head}*\n\n{text}")
        # Before an answer: in JupyterLab the button below opens the solution once the box has judged an
        # answer; elsewhere (an editor or a kernel without widgets, a converted notebook) answering in code and
        # running this cell again shows it.
        which = f"exercise {key}" + (f" (variant {seed})" if seed else "")
        text = (f"Solution of {which} hidden until you answer" + (" it" if seed else "")
                + ": it opens once the box above has judged an "
                "answer of yours, right or wrong (an answer too rough to judge does not count). In JupyterLab, "
                "then click “Show solution”; without widgets, answer in code ("
                + _answer_call(ex) + ") and run this cell again.")
        return (f'<div class="teachkit-solution-static"><i>{html.escape(text)}</i></div>', text)

    def _view(self) -> Any:
        return self._build()

    def __repr__(self) -> str:
        return self._static()[1]


class Shown:
    """A solution shown on request (``reveal(key, show=True)``): markdown with its numbers filled in."""

    def __init__(self, exercise: Exercise | Implement) -> None:
        self.exercise = exercise
        self.text = exercise.render_solution()

    def _repr_markdown_(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text
