"""Course exercises, declared once as data and checked by the test suite.

Every notebook's exercises live in a module ``teachkit/exercises/nbXX.py``
(``XX`` is the notebook's prefix: ``nb00`` for ``00_start_here.ipynb``,
``nb04b`` for ``04b_...``).  Each module defines a list ``EXERCISES``; the
modules are found automatically (:func:`all_exercises`), so adding a file is
all it takes to register its exercises.

Four kinds of exercise
----------------------
:class:`Exercise`
    A number to compute.  It states its data (exactly the numbers the
    question gives), its expected answer is computed by teachkit *from those
    data* (``answer(**data)``), and its answer box judges what the student
    types with :func:`teachkit.course.selfcheck.check_answer`.
:class:`Prediction`
    "Predict, then run": the student commits to a guess (a number, or one of
    a few ``choices``) and only then sees what teachkit computes.  The widget
    locks the guess before it shows the result; in a saved or static notebook
    the cell says how to do the same in code: ``ask("02.4", answer="0")``.
:class:`Implement`
    "Write it yourself": the student completes a small function, and
    :func:`check_function` runs it beside the teachkit ``reference`` on seeded
    random inputs and says on which input (if any) the two differ.
:class:`Interpretation`
    "What does it mean?": a question about a number's meaning (its sign, whether
    to trust it, whether two ratios are the same) with a few ``choices``.  Every
    choice carries a ``why``: for a wrong one, the misconception it stands for
    (what the student is told, without the right answer, so they can think again);
    for the right one, the reason it is right.  The right choice is computed from
    the data, like any answer.

In a notebook
-------------
Each exercise takes three cells::

    **Exercise 1.**                 <- markdown cell (the heading only; the question is in the package)
    ask("00.1")                     <- code cell tagged "exercise": the question and an answer box
    reveal("00.1")                  <- code cell tagged "solution": a "Show solution" button

The cell tags are standard notebook metadata (``cell.metadata.tags``); tools
(the tests, the release and grading tools) find exercise and solution cells
by them, so give every ``ask`` cell the tag ``exercise`` and every ``reveal``
cell the tag ``solution``.  An :class:`Implement` exercise adds, between the
two, a code cell with the student's function and a check cell calling
``check_function("01.5", my_function)``.

The solution text is never in the notebook: :func:`reveal` shows a button
whose solution is rendered only when clicked (nothing of it is in the saved
output or in widget state), and a static copy of the notebook shows how to
see it instead: ``reveal("00.1", show=True)``.  ``tests/test_exercises.py``
checks this for every exercise.

Declaring the other two kinds
-----------------------------
A prediction with choices (``right``/``wrong`` default to the right choice and the others)::

    Prediction(key="02.4", label="NPMI, pair in every window (guide's code)",
               question="A pair found in every window: what does the guide's code give, +1, 0 or -1?",
               data={"n": 1000, "eps": 1e-12}, choices=("+1", "0", "-1"),
               answer=lambda n, eps: {1.0: "+1", 0.0: "0", -1.0: "-1"}[
                   round(npmi_from_counts(n, n, n, n, eps=eps, smoothing="guide"))],
               solution="...")

A prediction of a number is an :class:`Prediction` without ``choices``, judged
like an :class:`Exercise` (``right``, ``wrong`` and ``check`` as there).  A
function to write::

    Implement(key="02.5", label="NPMI from counts", question="Complete npmi(c_xy, c_x, c_y, n) ...",
              reference=lambda c_xy, c_x, c_y, n: npmi_from_counts(c_xy, c_x, c_y, n),
              inputs=_random_counts,            # rng -> {"c_xy": ..., "c_x": ..., "c_y": ..., "n": ...}
              template="def npmi(c_xy, c_x, c_y, n):\n    ...",
              wrong=(_npmi_without_minus_sign,), solution="...")

Its pin is an independent implementation of the function, written in the pin file.

Pins
----
``tests/exercise_pins/nbXX.py`` holds ``PINS = {"00.1": 400 / 10_000, ...}``:
every exercise's answer derived independently, by hand (for an
:class:`Implement` exercise: an independent implementation of the function).
The tests fail when an exercise has no pin, when its expected answer differs
from the pin, when one of its ``right`` answers is rejected or one of its
``wrong`` answers accepted, and when its solution does not render.

A worked solution shows intermediate numbers ("H ≈ 0.639 nats"); none is
typed.  Each is a format field filled by the exercise's ``steps`` function,
and the same pin file holds ``STEPS = {"06.3": {"H": ..., ...}}``, every step
worked out by hand.  The tests fail on a step without its pin, a step that
differs from it, and a number typed into a solution's text (small whole
numbers, data items and the documents' own numbers aside; see
``tools/prose_numbers.py``).

Examples
--------
>>> ex = get("00.1")
>>> ex.expected
0.04
>>> ask("00.1", answer="0,04").correct
True
>>> ask("00.1", answer="0.05").correct
False
>>> "0.04" in reveal("00.1", show=True).text     # the worked solution, shown on request
True
"""

from __future__ import annotations

import html
import importlib
import pkgutil
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..selfcheck import Feedback, check_answer, choice_key, match_choice
from .committed import commit, result_of

__all__ = [
    "Exercise", "Prediction", "Implement", "Interpretation", "ask", "reveal", "get", "all_exercises", "check_function",
    "modules", "result_of", "EXERCISE_TAG", "SOLUTION_TAG", "KEY_PATTERN",
]

#: Cell tag of a notebook cell that calls :func:`ask`.
EXERCISE_TAG = "exercise"
#: Cell tag of a notebook cell that calls :func:`reveal`.
SOLUTION_TAG = "solution"
#: An exercise key: "<notebook prefix>.<n>", e.g. "00.1", "04b.2".
KEY_PATTERN = re.compile(r"(\d\d[a-z]?)\.(\d+)")
#: Options :func:`teachkit.course.selfcheck.check_answer` accepts in ``check``.
_CHECK_OPTIONS = frozenset({"min_sig_figs", "min_decimals", "percent"})


# ---------------------------------------------------------------- the three kinds
def _check_common(key, label, question, solution):
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        raise ValueError(f"key must look like '08.1' (notebook prefix, a dot, a number), got {key!r}.")
    for name, value in (("label", label), ("question", question), ("solution", solution)):
        if not isinstance(value, str) or not value.strip():
            raise TypeError(f"{name} of exercise {key} must be a non-empty string.")


def _check_points(key, points):
    import math

    if isinstance(points, bool) or not isinstance(points, (int, float)):
        raise TypeError(f"points of exercise {key} must be a number (the marks it is worth), got {points!r}.")
    if not math.isfinite(points) or points <= 0:
        raise ValueError(f"points of exercise {key} must be a positive finite number, got {points!r}.")


def _check_data(key, data):
    if not isinstance(data, dict) or not all(isinstance(k, str) and k.isidentifier() for k in data):
        raise TypeError(f"data of exercise {key} must be a dict whose keys are argument names of answer.")
    if "expected" in data:
        raise ValueError(f"data of exercise {key} must not use the name 'expected' (the solution's own field).")


def _check_choices(key, choices, answer, data, compute=True):
    """Check a declaration's ``choices`` and return the right one, ``answer(**data)``.

    With ``compute=False`` (a declaration that names its ``right`` and ``wrong`` answers itself) the answer
    is not computed here but when first asked for: an answer that trains models must not slow down the
    loading of every exercise.  The test suite still checks that it is one of the choices.
    """
    if not callable(answer):
        raise TypeError(f"answer of exercise {key} must be a function of the data returning a choice.")
    if isinstance(choices, str) or not isinstance(choices, tuple) or not all(isinstance(c, str) for c in choices):
        raise TypeError(f"choices of exercise {key} must be a tuple of strings.")
    if len(choices) < 2:
        raise ValueError(f"exercise {key} needs at least two choices, got {choices}.")
    keys = [choice_key(c) for c in choices]
    if len(set(keys)) != len(keys):
        raise ValueError(f"choices of exercise {key} must differ by more than case, spaces or the "
                         f"kind of dash: {choices}.")
    if not compute:
        return None
    right = answer(**data)
    if right not in choices:
        raise ValueError(f"answer of exercise {key} returns {right!r}, which is not one of its choices.")
    return right


@dataclass(frozen=True)
class Exercise:
    """A number to compute, checked in an answer box.

    Parameters
    ----------
    key : str
        ``"<notebook prefix>.<n>"``, unique in the course (``"00.1"``).
    label : str
        Short name shown beside the answer box (``"P(exercise)"``).
    question : str
        Markdown (LaTeX allowed) stating the task and all its data.
    data : dict
        Exactly the numbers the question states, by name.
    answer : callable
        ``answer(**data)`` returns the expected value, computed with teachkit
        (in closed form: never by a search).
    solution : str
        Markdown; format fields are the data keys, ``{expected}`` and the
        names of ``steps``.  A number is never typed into it: every number
        it shows is a field (``tests/test_exercises.py`` fails on a number
        that is not a field, a data item or a small whole number).
    right : tuple of str
        Ways a student types the right answer; each must be accepted.
    wrong : tuple of str
        The likeliest wrong answers; each must be rejected.
    check : dict
        Options for :func:`teachkit.course.selfcheck.check_answer`
        (``min_sig_figs``, ``min_decimals``, ``percent``).
    steps : callable, optional
        ``steps(**data)`` returns the intermediate numbers the worked
        solution shows, by name (``{"H": 0.639..., "H_max": 1.0986...}``),
        computed from the data like the answer; a ``Fraction`` prints as
        ``137/168``.  Each has a hand-derived pin (``STEPS`` in the pin file).
    points : float, default 1
        What the exercise is worth in ``make grade``'s gradebook.
    """

    key: str
    label: str
    question: str
    data: dict
    answer: Callable[..., Any]
    solution: str
    right: tuple = ()
    wrong: tuple = ()
    check: dict = field(default_factory=dict)
    steps: Callable[..., dict] | None = None
    points: float = 1

    kind = "number"

    def __post_init__(self):
        _check_common(self.key, self.label, self.question, self.solution)
        _check_points(self.key, self.points)
        _check_data(self.key, self.data)
        if not callable(self.answer):
            raise TypeError(f"answer of exercise {self.key} must be a function of the data, e.g. lambda n: ...")
        if self.steps is not None and not callable(self.steps):
            raise TypeError(f"steps of exercise {self.key} must be a function of the data returning a dict, "
                            "e.g. lambda n: {'half': n / 2}.")
        if isinstance(self.right, str) or isinstance(self.wrong, str):
            raise TypeError(f"right and wrong of exercise {self.key} must be tuples of strings, e.g. ('0.04',).")
        if not self.right:
            raise ValueError(f"exercise {self.key} needs at least one right answer as a student would type it.")
        unknown = set(self.check) - _CHECK_OPTIONS
        if unknown:
            raise ValueError(f"check of exercise {self.key} has unknown options {sorted(unknown)}; "
                             f"use {sorted(_CHECK_OPTIONS)}.")

    @property
    def expected(self):
        """The expected answer: ``answer(**data)``, computed now."""
        value = self.answer(**self.data)
        if hasattr(value, "item") and getattr(value, "shape", None) == ():
            value = value.item()        # numpy scalar -> Python number, for a readable solution
        return value

    def judge(self, typed):
        """:func:`~teachkit.course.selfcheck.check_answer` with this exercise's options."""
        return check_answer(typed, self.expected, name=self.label, **self.check_options())

    def check_options(self):
        """The options :func:`~teachkit.course.selfcheck.check_answer` judges this exercise with (the grader too).

        A percentage is accepted only where the exercise declares its quantity a share
        (``check={"percent": True}``).
        """
        return {"percent": False, **self.check}

    def worked_steps(self):
        """The solution's intermediate numbers: ``steps(**data)``, computed now ({} without steps)."""
        if self.steps is None:
            return {}
        values = self.steps(**self.data)
        if not isinstance(values, dict) or not all(isinstance(k, str) and k.isidentifier() for k in values):
            raise TypeError(f"steps of exercise {self.key} must return a dict whose keys are names.")
        clash = set(values) & (set(self.data) | {"expected"})
        if clash:
            raise ValueError(f"steps of exercise {self.key} reuse the name(s) {sorted(clash)} of data or expected; "
                             "give each intermediate number its own name.")
        return values

    def render_solution(self):
        """The solution as markdown, its format fields filled in."""
        return self.solution.format(**self.data, **self.worked_steps(), expected=self.expected)


@dataclass(frozen=True)
class Prediction(Exercise):
    """"Predict, then run": the student commits to a guess, then sees teachkit's result.

    As :class:`Exercise`, plus ``choices``: when given, the guess is one of
    these strings and ``answer(**data)`` returns the right one; without
    ``choices`` the guess is a number judged like an answer.  ``right`` and
    ``wrong`` default to the right choice and the other choices.
    """

    choices: tuple = ()

    kind = "prediction"

    def __post_init__(self):
        if self.choices:
            _check_common(self.key, self.label, self.question, self.solution)
            right = _check_choices(self.key, self.choices, self.answer, self.data,
                                   compute=not (self.right and self.wrong))
            if not self.right:
                object.__setattr__(self, "right", (right,))
            if not self.wrong:
                object.__setattr__(self, "wrong", tuple(c for c in self.choices if c != right))
        super().__post_init__()

    def choice_of(self, typed):
        """The choice ``typed`` names ("−1" or "-1", "Lower" or "lower"), or None."""
        return match_choice(str(typed), self.choices)

    def judge(self, typed):
        if not self.choices:
            return super().judge(typed)
        right = self.expected
        guess = self.choice_of(typed)
        if guess is None:
            return Feedback(False, f"Choose one of: {', '.join(self.choices)}.", str(typed).strip()[:40],
                            parsed=False)
        if guess == right:
            return Feedback(True, f"You predicted {guess}, and teachkit agrees.", guess)
        return Feedback(False, f"You predicted {guess}; teachkit gives {right}. Read the solution to see why.", guess)


#: Letters that name an interpretation's choices: "a", "b", ...
LETTERS = "abcdefgh"
_LETTER = re.compile(r"\(?([a-hA-H])\s*[).:]?")


@dataclass(frozen=True)
class Interpretation(Exercise):
    """"What does it mean?": a question about a number's meaning, with a reason for every choice.

    As :class:`Exercise`, with ``answer(**data)`` returning the right one of
    ``choices`` (computed from the data, never typed), plus:

    Parameters
    ----------
    choices : tuple of str
        Two to eight statements, shown lettered ``a)``, ``b)``, ...; a student
        answers with the letter or the statement.
    why : dict
        For every choice, one or two sentences (markdown; format fields as in
        the solution).  For a wrong choice: the misconception it stands for and
        why it fails here, shown when the student picks it, without naming the
        right choice, so that they can think again.  For the right choice: why
        it is right, shown once they pick it.

    ``right`` and ``wrong`` default to the right choice (and its letter) and the others; give both when
    the answer is slow to compute (it is then computed when first asked for, not when the course loads).

    Examples
    --------
    >>> ex = Interpretation(key="99.9", label="sign of PMI", question="PMI(x, y) = {pmi}: the pair occurs...",
    ...     data={"pmi": -1.4}, choices=("more often than chance", "less often than chance"),
    ...     answer=lambda pmi: "more often than chance" if pmi > 0 else "less often than chance",
    ...     why={"more often than chance": "A positive PMI would say that.",
    ...          "less often than chance": "A negative log means P(x, y) < P(x) P(y)."},
    ...     solution="PMI is {pmi} < 0.")
    >>> ex.judge("b").correct, ex.judge("a").correct
    (True, False)
    >>> ex.judge("a").message
    '(a) is not it: A positive PMI would say that. Think again and choose another.'
    """

    choices: tuple = ()
    why: dict = field(default_factory=dict)

    kind = "interpretation"

    def __post_init__(self):
        _check_common(self.key, self.label, self.question, self.solution)
        _check_data(self.key, self.data)
        if len(self.choices) > len(LETTERS):
            raise ValueError(f"exercise {self.key} has {len(self.choices)} choices; at most {len(LETTERS)}.")
        right = _check_choices(self.key, self.choices, self.answer, self.data,
                               compute=not (self.right and self.wrong))
        if any("$" in c for c in self.choices):
            raise ValueError(f"choices of exercise {self.key} are radio-button labels, shown as plain text: write "
                             "them without $...$ (the question and the why can hold maths).")
        if not isinstance(self.why, dict) or set(self.why) != set(self.choices):
            missing = sorted(set(self.choices) - set(self.why)) if isinstance(self.why, dict) else list(self.choices)
            raise ValueError(f"why of exercise {self.key} must give, for every choice, why it is right or what "
                             f"misconception it stands for; missing or unknown: {missing or sorted(set(self.why))}.")
        for choice, reason in self.why.items():
            if not isinstance(reason, str) or not reason.strip():
                raise TypeError(f"why[{choice!r}] of exercise {self.key} must be a non-empty string.")
        if not self.right:
            object.__setattr__(self, "right", (right, LETTERS[self.choices.index(right)]))
        if not self.wrong:
            object.__setattr__(self, "wrong", tuple(c for c in self.choices if c != right))
        super().__post_init__()

    def letter(self, choice):
        """The letter shown before ``choice`` ("a", "b", ...)."""
        return LETTERS[self.choices.index(choice)]

    def choice_of(self, typed):
        """The choice ``typed`` names: its letter ("b", "(b)", "B)") or its text (case, spaces, dashes aside)."""
        text = str(typed).strip()
        match = _LETTER.fullmatch(text)
        if match:
            index = LETTERS.index(match.group(1).lower())
            return self.choices[index] if index < len(self.choices) else None
        return match_choice(text, self.choices)

    def reason(self, choice):
        """``why[choice]`` with its format fields filled in."""
        return self.why[choice].format(**self.data, **self.worked_steps(), expected=self.expected)

    def judge(self, typed):
        guess = self.choice_of(typed)
        if guess is None:
            letters = ", ".join(LETTERS[:len(self.choices)])
            return Feedback(False, f"Choose one of the letters {letters} (or type the statement itself).",
                            str(typed).strip()[:40], parsed=False)
        if guess == self.expected:
            return Feedback(True, f"Right: {self.reason(guess)}", guess)
        # the misconception, not the right answer: the student thinks again and tries another choice
        return Feedback(False, f"({self.letter(guess)}) is not it: {self.reason(guess)} Think again and choose "
                               "another.", guess)

    def lettered(self):
        """The choices as shown: ``["a) ...", "b) ..."]``."""
        return [f"{LETTERS[i]}) {c}" for i, c in enumerate(self.choices)]


@dataclass(frozen=True)
class Implement:
    """"Write it yourself": the student writes a function, checked against teachkit.

    Parameters
    ----------
    key, label, question, solution : str
        As for :class:`Exercise` (the solution is plain markdown, no fields).
    reference : callable
        The teachkit function (or a thin wrapper) the student's must match.
    inputs : callable
        ``inputs(rng)`` returns one set of keyword arguments, drawn with the
        numpy ``Generator`` it is given.
    template : str
        The skeleton shown to the student (a ``def`` with ``...`` to fill in).
    wrong : tuple of callables
        Typical mistakes; :func:`check_function` must reject each.
    trials : int
        Random inputs tried.
    seed : int
        Seed of the random inputs (the same inputs every run).
    rtol, atol : float
        Tolerance of the comparison.
    points : float, default 1
        What the exercise is worth in ``make grade``'s gradebook.
    """

    key: str
    label: str
    question: str
    reference: Callable[..., Any]
    inputs: Callable[..., dict]
    solution: str
    template: str = ""
    wrong: tuple = ()
    trials: int = 200
    seed: int = 0
    rtol: float = 1e-9
    atol: float = 1e-12
    points: float = 1

    kind = "function"

    def __post_init__(self):
        _check_common(self.key, self.label, self.question, self.solution)
        _check_points(self.key, self.points)
        if not callable(self.reference) or not callable(self.inputs):
            raise TypeError(f"reference and inputs of exercise {self.key} must be functions.")
        if not all(callable(f) for f in self.wrong):
            raise TypeError(f"wrong of exercise {self.key} must be a tuple of (mistaken) functions.")
        if isinstance(self.trials, bool) or not isinstance(self.trials, int) or self.trials < 1:
            raise ValueError(f"trials of exercise {self.key} must be a whole number >= 1, got {self.trials!r}.")

    def cases(self):
        """The seeded random inputs, as a list of keyword-argument dicts."""
        import numpy as np

        rng = np.random.default_rng(self.seed)
        return [self.inputs(rng) for _ in range(self.trials)]

    def render_solution(self):
        return self.solution

    def judge(self, student_fn):
        return _compare_functions(self, student_fn)


# ---------------------------------------------------------------- registry
_REGISTRY: dict | None = None


def modules():
    """Names of the exercise modules (``nb00``, ``nb01``, ...), sorted."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if re.fullmatch(r"nb\d\d[a-z]?", m.name))


def _load():
    global _REGISTRY
    if _REGISTRY is None:
        registry = {}
        for name in modules():
            module = importlib.import_module(f"{__name__}.{name}")
            exercises = getattr(module, "EXERCISES", None)
            if not isinstance(exercises, list):
                raise TypeError(f"teachkit.course.exercises.{name} must define EXERCISES, a list of exercises.")
            for ex in exercises:
                if not isinstance(ex, (Exercise, Implement)):
                    raise TypeError(f"teachkit.course.exercises.{name}.EXERCISES holds {ex!r}, not an exercise.")
                prefix = KEY_PATTERN.fullmatch(ex.key).group(1)
                if f"nb{prefix}" != name:
                    raise ValueError(f"exercise {ex.key} is declared in {name}; its key must start with "
                                     f"'{name[2:]}.', or move it to nb{prefix}.py.")
                if ex.key in registry:
                    raise ValueError(f"exercise key {ex.key} is declared twice; keys must be unique.")
                registry[ex.key] = ex
        _REGISTRY = registry
    return _REGISTRY


def all_exercises():
    """Every registered exercise, sorted by notebook then number."""
    def order(ex):
        prefix, n = KEY_PATTERN.fullmatch(ex.key).groups()
        return prefix, int(n)

    return sorted(_load().values(), key=order)


def get(key):
    """The exercise registered under ``key`` (e.g. ``"00.1"``).

    Raises
    ------
    KeyError
        With the known keys of the same notebook, when ``key`` is unknown.
    """
    registry = _load()
    if key not in registry:
        prefix = key.split(".")[0] if isinstance(key, str) else ""
        near = sorted(k for k in registry if k.startswith(prefix + ".")) or sorted(registry)[:10]
        raise KeyError(f"no exercise {key!r}; known keys include {', '.join(near)}.")
    return registry[key]


# ---------------------------------------------------------------- display helpers
def _markdown_to_html(text):
    """A tiny markdown subset for the widget's question (math is left for MathJax)."""
    out = html.escape(text, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    out = re.sub(r"(?<![\\\w])\*(?!\s)(.+?)(?<!\s)\*", r"<i>\1</i>", out)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return "<br>".join(p for p in out.split("\n\n"))


def _static_math(text):
    r"""Maths of HTML shown without a widget, with the delimiters every MathJax setting reads.

    The widget's ``HTMLMath`` takes ``$...$``; a page typeset by MathJax's defaults (the course website,
    a notebook viewer) reads only ``\(...\)`` and ``\[...\]``, and would show ``$c(\textit{x})$`` raw.

    >>> _static_math("with $n = 10$ and $$x^2$$")
    'with \\(n = 10\\) and \\[x^2\\]'
    """
    text = re.sub(r"(?<!\\)\$\$(.+?)(?<!\\)\$\$", r"\\[\1\\]", text, flags=re.S)
    return re.sub(r"(?<![\\$])\$(?!\$)(.+?)(?<![\\$])\$", r"\\(\1\\)", text, flags=re.S)


def _bundle(widget, html_text, plain_text, markdown_text=None):
    """A widget's display bundle plus static fallbacks (shown where no widget runs)."""
    bundle = widget._repr_mimebundle_() if widget is not None else {}
    if isinstance(bundle, tuple):
        bundle = bundle[0]
    bundle = dict(bundle or {})
    bundle["text/html"] = html_text
    bundle["text/plain"] = plain_text
    if markdown_text is not None:
        bundle["text/markdown"] = markdown_text
    return bundle


class Question:
    """What :func:`ask` displays: the question and, in a live notebook, an answer box."""

    def __init__(self, exercise):
        self.exercise = exercise
        self._widget = None
        self.last = None

    # -- the live widget, built only when displayed in a kernel with ipywidgets
    def _build(self):
        import ipywidgets as w

        ex = self.exercise
        question = w.HTMLMath(_markdown_to_html(ex.question))
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
            button = w.Button(description="Check", button_style="primary")

            def on_check(_b):
                if entry.value is None:
                    feedback.value = "<i>Choose an answer first.</i>"
                    return
                # not locked: a wrong choice says which misconception it stands for, and the student tries again
                self.last = ex.judge(entry.value)
                feedback.value = self.last._repr_html_()

            button.on_click(on_check)
            box = w.VBox([question, entry, button, feedback])
        else:
            if isinstance(ex, Prediction) and ex.choices:
                entry = w.RadioButtons(options=list(ex.choices), value=None, description="Your prediction:",
                                       style={"description_width": "initial"})
            else:
                entry = w.Text(placeholder="e.g. 0.891, 0,891, 89.1% or 4/684",
                               description=("Your prediction:" if isinstance(ex, Prediction) else f"{ex.label}:"),
                               style={"description_width": "initial"})
            is_prediction = isinstance(ex, Prediction)
            button = w.Button(description="Commit and run" if is_prediction else "Check", button_style="primary")

            def on_click(_b):
                if entry.value in (None, ""):
                    feedback.value = "<i>Commit to a guess first.</i>" if is_prediction else "<i>Type an answer.</i>"
                    return
                self.last = ex.judge(entry.value)
                if is_prediction:
                    # the guess is committed: it cannot be changed once the result is shown
                    entry.disabled = button.disabled = True
                    commit(ex.key)
                    feedback.value = _prediction_html(ex, self.last)
                else:
                    feedback.value = self.last._repr_html_()

            button.on_click(on_click)
            box = w.VBox([question, w.HBox([entry, button]), feedback])
        box.add_class("teachkit-exercise")
        return box

    def _static(self):
        ex = self.exercise
        if isinstance(ex, Implement):
            how = f"write the function, then run check_function({ex.key!r}, your_function) in a code cell."
        elif isinstance(ex, Interpretation):
            how = f"run ask({ex.key!r}, answer='a') (with the letter of your choice) in a code cell to check it."
        elif isinstance(ex, Prediction):
            example = ex.choices[0] if ex.choices else "0.5"
            how = (f"commit to your prediction, then run ask({ex.key!r}, answer={example!r}) "
                   f"(with your guess) in a code cell to see the result.")
        else:
            how = f"run ask({ex.key!r}, answer='your answer') in a code cell to check your answer."
        if isinstance(ex, Interpretation):
            choices = "\n\n" + "\n".join(f"- {line}" for line in ex.lettered())
        elif isinstance(ex, Prediction) and ex.choices:
            choices = f" Choices: {', '.join(ex.choices)}."
        else:
            choices = ""
        template = ex.template if isinstance(ex, Implement) else ""
        md = (f"{ex.question}{choices}\n\n" + (f"```python\n{template}\n```\n\n" if template else "")
              + f"*Without a running kernel, {how}*")
        if isinstance(ex, Interpretation):
            choices_html = "<ul>" + "".join(f"<li>{_markdown_to_html(line)}</li>" for line in ex.lettered()) + "</ul>"
        else:
            choices_html = html.escape(choices)
        html_text = (f'<div class="teachkit-exercise-static">{_static_math(_markdown_to_html(ex.question))}'
                     f"{choices_html}" + (f"<pre>{html.escape(template)}</pre>" if template else "<br>")
                     + f"<i>Without a running kernel, {html.escape(how)}</i></div>")
        plain = f"{ex.question}{choices}\n" + (f"{template}\n" if template else "") + f"(Without a running kernel, {how})"
        return html_text, plain, md

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        html_text, plain, md = self._static()
        try:
            self._widget = self._build()
        except ImportError:  # pragma: no cover - ipywidgets is a dependency
            self._widget = None
        return _bundle(self._widget, html_text, plain, md)

    def __repr__(self):
        return self._static()[1]


def _prediction_html(ex, feedback):
    verdict = feedback._repr_html_()
    result = ex.expected
    return (f"{verdict}<br>teachkit computes: <b>{html.escape(str(result))}</b><br>"
            "<i>Run the result cell below again to see it happen.</i>")


class Hidden:
    """What :func:`reveal` displays: a "Show solution" button; the text appears only on click."""

    def __init__(self, exercise):
        self.exercise = exercise

    def _build(self):
        import ipywidgets as w

        ex = self.exercise
        button = w.Button(description="Show solution", icon="eye")
        out = w.Output()

        def on_click(_b):
            # rendered now, not before: nothing of the solution is in the saved output or widget state
            from IPython.display import Markdown, display

            button.disabled = True
            with out:
                display(Markdown(ex.render_solution()))

        button.on_click(on_click)
        box = w.VBox([button, out])
        box.add_class("teachkit-solution")
        return box

    def _static(self):
        key = self.exercise.key
        # No code to type here: on a static page (the course website, a saved copy) the instruction is to
        # open the notebook, where the button works.
        text = (f"Solution of exercise {key} hidden: open this notebook in JupyterLab and click “Show solution” "
                "once you have answered.")
        return (f'<div class="teachkit-solution-static"><i>{html.escape(text)}</i></div>', text)

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        html_text, plain = self._static()
        try:
            widget = self._build()
        except ImportError:  # pragma: no cover
            widget = None
        return _bundle(widget, html_text, plain)

    def __repr__(self):
        return self._static()[1]


class Shown:
    """A solution shown on request (``reveal(key, show=True)``): markdown with its numbers filled in."""

    def __init__(self, exercise):
        self.exercise = exercise
        self.text = exercise.render_solution()

    def _repr_markdown_(self):
        return self.text

    def __repr__(self):
        return self.text


# ---------------------------------------------------------------- what notebooks call
def ask(key, answer=None):
    """Show an exercise: its question and an answer box (or judge ``answer`` directly).

    Parameters
    ----------
    key : str
        The exercise's key, e.g. ``"00.1"``.
    answer : str or number, optional
        Judge this answer now, without a widget (how to check in a static
        notebook, or a prediction committed in code).

    Returns
    -------
    Question or Feedback
        A displayable question with its answer box; or, with ``answer``, the
        verdict (a :class:`~teachkit.course.selfcheck.Feedback`).  A prediction's
        verdict message names teachkit's result.
    """
    ex = get(key)
    if answer is None:
        return Question(ex)
    if isinstance(ex, Implement):
        raise TypeError(f"exercise {key} asks for a function: call check_function({key!r}, your_function).")
    feedback = ex.judge(answer)
    if isinstance(ex, Prediction) and feedback.parsed:
        commit(key)
        result = ex.expected
        feedback = Feedback(feedback.correct, f"{feedback.message} teachkit computes {result}.", feedback.answer,
                            feedback.value, feedback.decimals, feedback.parsed)
    return feedback


def reveal(key, show=False):
    """A "Show solution" control; the solution is rendered only when asked for.

    Parameters
    ----------
    key : str
        The exercise's key.
    show : bool, default False
        True returns the solution itself (markdown, numbers filled in).  Never
        leave ``show=True`` in a saved notebook: the tests refuse it.
    """
    ex = get(key)
    return Shown(ex) if show else Hidden(ex)


# ---------------------------------------------------------------- write it yourself
def _describe(kwargs):
    def short(v):
        text = repr(v)
        return text if len(text) <= 60 else text[:57] + "..."

    return ", ".join(f"{k}={short(v)}" for k, v in kwargs.items())


def _same(a, b, rtol, atol):
    import numpy as np

    if isinstance(a, (str, bool)) or isinstance(b, (str, bool)):
        return a == b
    try:
        a_arr, b_arr = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    except (TypeError, ValueError):
        return a == b
    if a_arr.shape != b_arr.shape:
        return False
    return bool(np.allclose(a_arr, b_arr, rtol=rtol, atol=atol, equal_nan=True))


def _compare_functions(ex, student_fn):
    name = getattr(student_fn, "__name__", "your function")
    if not callable(student_fn):
        return Feedback(False, f"Pass your function itself, e.g. check_function({ex.key!r}, my_function), "
                               f"not {type(student_fn).__name__}.", repr(student_fn)[:40], parsed=False)
    cases = ex.cases()
    for i, kwargs in enumerate(cases, start=1):
        expected = ex.reference(**kwargs)
        try:
            got = student_fn(**kwargs)
        except Exception as err:  # the student's code may raise anything; report it, do not crash
            return Feedback(False, f"{name} raised {type(err).__name__}: {err} for {_describe(kwargs)}.", name,
                            parsed=False)
        if got is Ellipsis or got is None:
            return Feedback(False, f"{name} returned {got!r}: replace the ... with your calculation and return "
                                   f"the result.", name, parsed=False)
        if not _same(got, expected, ex.rtol, ex.atol):
            return Feedback(False, f"{name} differs from teachkit on input {i} of {len(cases)}: "
                                   f"{_describe(kwargs)} gives {got!r}, teachkit gives {expected!r}.", name)
    return Feedback(True, f"{name} agrees with teachkit on all {len(cases)} random inputs.", name)


def check_function(key, student_fn):
    """Compare the student's function with teachkit's on the exercise's seeded random inputs.

    Parameters
    ----------
    key : str
        A "write it yourself" exercise's key.
    student_fn : callable
        The student's function, called with the same keyword arguments as
        the reference.

    Returns
    -------
    Feedback
        ``.correct`` is True when every input gives the same result (within
        the exercise's tolerance); otherwise ``.message`` names the first input
        where the results differ, or what the function raised.
    """
    ex = get(key)
    if not isinstance(ex, Implement):
        raise TypeError(f"exercise {key} asks for a number, not a function: use ask({key!r}, answer='...').")
    return _compare_functions(ex, student_fn)
