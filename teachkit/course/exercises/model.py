"""The exercises' data model: the four kinds an exercise is declared as, each checking its own declaration.

:class:`Exercise` (a number to compute), :class:`Prediction` (predict, then run), :class:`Interpretation`
(what does it mean?) and :class:`Implement` (write it yourself) are frozen dataclasses; each judges what a
student gives it (``judge``) and renders its worked solution (``render_solution``).  Where they are shown,
registered and asked for lives in the sibling modules :mod:`.display`, :mod:`.registry` and the package itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..selfcheck import Feedback, check_answer, choice_key, match_choice
from .compare import compare_functions

__all__ = ["KEY_PATTERN", "LETTERS", "Exercise", "Implement", "Interpretation", "Prediction"]

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

    The expected value is never typed: it is ``answer(**data)``, computed by teachkit from exactly the
    numbers the question states, so the question, the answer and the worked solution cannot disagree.

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
    def expected(self) -> Any:
        """The expected answer: ``answer(**data)``, computed now."""
        value = self.answer(**self.data)
        if hasattr(value, "item") and getattr(value, "shape", None) == ():
            value = value.item()        # numpy scalar -> Python number, for a readable solution
        return value

    def judge(self, typed: Any) -> Feedback:
        """:func:`~teachkit.course.selfcheck.check_answer` with this exercise's options."""
        return check_answer(typed, self.expected, name=self.label, **self.check_options())

    def check_options(self) -> dict[str, Any]:
        """The options :func:`~teachkit.course.selfcheck.check_answer` judges this exercise with (the grader too).

        A percentage is accepted only where the exercise declares its quantity a share
        (``check={"percent": True}``).
        """
        return {"percent": False, **self.check}

    def worked_steps(self) -> dict[str, Any]:
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

    def render_solution(self) -> str:
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

    def choice_of(self, typed: Any) -> str | None:
        """The choice ``typed`` names ("−1" or "-1", "Lower" or "lower"), or None."""
        return match_choice(str(typed), self.choices)

    def judge(self, typed: Any) -> Feedback:
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

    def letter(self, choice: str) -> str:
        """The letter shown before ``choice`` ("a", "b", ...)."""
        return LETTERS[self.choices.index(choice)]

    def choice_of(self, typed: Any) -> str | None:
        """The choice ``typed`` names: its letter ("b", "(b)", "B)") or its text (case, spaces, dashes aside)."""
        text = str(typed).strip()
        match = _LETTER.fullmatch(text)
        if match:
            index = LETTERS.index(match.group(1).lower())
            return self.choices[index] if index < len(self.choices) else None
        return match_choice(text, self.choices)

    def reason(self, choice: str) -> str:
        """``why[choice]`` with its format fields filled in."""
        return self.why[choice].format(**self.data, **self.worked_steps(), expected=self.expected)

    def judge(self, typed: Any) -> Feedback:
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

    def lettered(self) -> list[str]:
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

    def cases(self) -> list[dict[str, Any]]:
        """The seeded random inputs, as a list of keyword-argument dicts."""
        import numpy as np

        rng = np.random.default_rng(self.seed)
        return [self.inputs(rng) for _ in range(self.trials)]

    def render_solution(self) -> str:
        """The solution as written (an implementation's solution has no format fields)."""
        return self.solution

    def judge(self, student_fn: Any) -> Feedback:
        """The student's function beside the reference on :meth:`cases` (see :func:`.compare.compare_functions`)."""
        return compare_functions(self, student_fn)
