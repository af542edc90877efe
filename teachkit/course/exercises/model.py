"""The exercises' data model: the four kinds an exercise is declared as, each checking its own declaration.

:class:`Exercise` (a number to compute), :class:`Prediction` (predict, then run), :class:`Interpretation`
(what does it mean?) and :class:`Implement` (write it yourself) are frozen dataclasses; each judges what a
student gives it (``judge``) and renders its worked solution (``render_solution``).  Where they are shown,
registered and asked for lives in the sibling modules :mod:`.display`, :mod:`.registry` and the package itself.
"""

from __future__ import annotations

import dataclasses
import math
import numbers
import re
import string
import unicodedata
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

from ..._checks import check_seed as check_any_seed
from ..selfcheck import Feedback, check_answer, choice_key, match_choice
from .compare import compare_functions

__all__ = ["KEY_PATTERN", "LETTERS", "Exercise", "Implement", "Interpretation", "Prediction", "fill", "typed_forms",
           "MAX_DRAWS"]

#: An exercise key: "<notebook prefix>.<n>", e.g. "00.1", "04b.2".
KEY_PATTERN = re.compile(r"(\d\d[a-z]?)\.(\d+)")
#: Options :func:`teachkit.course.selfcheck.check_answer` accepts in ``check``.
_CHECK_OPTIONS = frozenset({"min_sig_figs", "min_decimals", "percent", "whole"})


# ---------------------------------------------------------------- variants: filling a template, typing an answer
class _Formatter(string.Formatter):
    """``str.format`` plus one spec for LaTeX: ``{n:t}`` writes 1000 as ``1{,}000`` (a thousands comma that
    MathJax does not pad with a space); ``{n:.2ft}`` rounds first.  Everything else is ``format``'s."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.endswith("t"):
            return format(value, format_spec[:-1] + ",").replace(",", "{,}")
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


def fill(template: str, **fields: Any) -> str:
    """``template`` with its format fields filled in (``str.format``, plus ``{n:t}`` for ``1{,}000``).

    >>> fill("$n = {n:t}$, $c = {c}$", n=10_000, c=40)
    '$n = 10{,}000$, $c = 40$'
    """
    return _FORMATTER.format(template, **fields)


#: How many draws a variant generator gets to give usable data before the exercise is declared broken.
MAX_DRAWS = 200
#: A value this close (in units of its last typed digit) to a rounding tie is a rounding edge: a student
#: who rounds an intermediate number may land on either side, so a variant never asks for it.
_EDGE = Decimal("0.05")


def _precisions(check: dict) -> list[tuple[str, int]]:
    """The precisions a right answer is typed at: ("decimals", d) or ("figures", s)."""
    if check.get("min_decimals") is not None:
        d = int(check["min_decimals"])
        return [("decimals", d), ("decimals", d + 1)]
    s = int(check.get("min_sig_figs", 2))
    return [("figures", s), ("figures", s + 1), ("figures", s + 2)]


def _rounded(value: Any, how: str, n: int) -> tuple[Decimal, Decimal]:
    """``value`` rounded to ``n`` decimals or figures, and how far (in units of the last digit) it sits from
    the nearest rounding tie (0 on a tie, 0.5 on a representable value)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(value, Fraction) else Decimal(value)
    if how == "decimals":
        exponent = -n
    else:
        # never fewer than the units: "5400" for 5431.66 reads as a whole number exact to its last 0 (wrong), so a
        # student types 5432 at any number of figures
        exponent = min((exact.adjusted() if exact != 0 else 0) - n + 1, 0)
    unit = Decimal(1).scaleb(exponent)
    scaled = abs(exact) / unit
    distance = abs((scaled - scaled.to_integral_value(rounding="ROUND_FLOOR")) - Decimal("0.5"))
    return exact.quantize(unit, rounding=ROUND_HALF_EVEN), distance


def typed_forms(value: Any, check: dict | None = None) -> list[str]:
    """The ways a student types ``value`` at the precision an exercise asks (``check`` as its ``check``).

    A whole number is typed as it is; any other number at the fewest figures (or decimals) the exercise
    accepts and one or two more, each also with a decimal comma.

    >>> typed_forms(0.76862, {})
    ['0.77', '0,77', '0.769', '0,769', '0.7686', '0,7686']
    >>> typed_forms(5)
    ['5']
    >>> typed_forms(5431.66)
    ['5432']
    """
    check = check or {}
    if isinstance(value, bool):
        raise TypeError(f"value must be a number, got {value!r}.")
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return [str(int(value))]
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return [str(int(value))]
    forms = []
    for how, n in _precisions(check):
        rounded, _ = _rounded(value, how, n)
        text = format(rounded, "f")
        forms += [text, text.replace(".", ",")] if "." in text else [text]
    return list(dict.fromkeys(forms))


def on_rounding_edge(value: Any, check: dict | None = None) -> bool:
    """Whether ``value`` sits within 5 % of a unit of a rounding tie at any precision it is typed at."""
    check = check or {}
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return False
    if isinstance(value, float) and value.is_integer():
        return False
    return any(_rounded(value, how, n)[1] < _EDGE for how, n in _precisions(check))


def _variant_rng(key: str, seed: int):
    import numpy as np

    # the exercise's key goes into the seed, so that seed 7 gives unrelated numbers in 02.1 and 02.3;
    # crc32 (not hash()) is the same in every process and on every machine
    return np.random.default_rng([seed, zlib.crc32(key.encode())])


def check_seed(seed: object) -> int:
    """``seed`` as a whole number >= 0 (None is 0, the exercise as written); TypeError/ValueError otherwise."""
    # a class release's seeds are as wide as the student ids they permute (tools/course.py student_seed):
    # up to 8 bits per byte of an id of at most 1,000 bytes
    return 0 if seed is None else check_any_seed(seed, "seed", 2 ** 8192 - 1)


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
    variant : callable, optional
        ``variant(rng)`` draws the data of another variant of the exercise
        with the numpy ``Generator`` it is given (same names as ``data``),
        numbers a person can work by hand that still teach what the exercise
        is for.  With ``variant``, ``question`` is a template whose format
        fields are the data keys (``{n:t}`` writes ``1{,}000``; write LaTeX
        braces doubled, ``10^{{-12}}``), and so is ``label``; :meth:`at` gives the exercise for
        any seed: seed 0 is ``data`` itself.  A draw whose answer sits on a
        rounding edge, or where one of ``mistakes`` would be accepted, is
        drawn again.
    mistakes : tuple of callables
        The likeliest wrong answers of any variant, each a function of the
        data (``lambda c_xy, c_x, c_y, n: ...``); every variant's box rejects them.
    variant_seed : int
        Which variant this is (set by :meth:`at`; 0 for the exercise as declared).
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
    variant: Callable[..., dict] | None = None
    mistakes: tuple = ()
    variant_seed: int = 0
    question_template: str = field(default="", init=False, repr=False, compare=False)
    label_template: str = field(default="", init=False, repr=False, compare=False)

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
        if self.variant is not None and not callable(self.variant):
            raise TypeError(f"variant of exercise {self.key} must be a function of a numpy Generator returning "
                            "data, e.g. lambda rng: {'n': int(rng.integers(100, 1000))}.")
        if not isinstance(self.mistakes, tuple) or not all(callable(m) for m in self.mistakes):
            raise TypeError(f"mistakes of exercise {self.key} must be a tuple of functions of the data.")
        if self.variant is not None:
            # the declared question is a template; .question is always the text of this variant
            template = self.question_template or self.question
            object.__setattr__(self, "question_template", template)
            try:
                text = fill(template, **self.data)
            except (KeyError, IndexError, ValueError) as err:
                raise ValueError(f"question of exercise {self.key} is a template (the exercise has variants) and "
                                 f"does not fill in with its data: {err!r}; name each number by its data key, "
                                 "e.g. {n:t}, and double LaTeX braces, 10^{{-12}}.") from None
            object.__setattr__(self, "question", text)
            label = self.label_template or self.label
            object.__setattr__(self, "label_template", label)
            try:
                object.__setattr__(self, "label", fill(label, **self.data))
            except (KeyError, IndexError, ValueError) as err:
                raise ValueError(f"label of exercise {self.key} is a template too (the exercise has variants) and "
                                 f"does not fill in with its data: {err!r}.") from None

    @property
    def expected(self) -> Any:
        """The expected answer: ``answer(**data)``, computed once per exercise (its data never change)."""
        # a class release asks for it about five times per variant (question, precision, solution, ...)
        cached = self.__dict__.get("_expected")
        if cached is not None:
            return cached[0]
        value = self.answer(**self.data)
        if hasattr(value, "item") and getattr(value, "shape", None) == ():
            value = value.item()        # numpy scalar -> Python number, for a readable solution
        object.__setattr__(self, "_expected", (value,))
        return value

    def judge(self, typed: Any) -> Feedback:
        """The course's one judge of a typed number: the answer box, ``ask(key, answer=...)`` and the grader
        (``tools/grade.py``) all call this.

        :func:`~teachkit.course.selfcheck.check_answer` against :attr:`expected`, with this exercise's
        options (:meth:`check_options`) and its likeliest mistakes (a one-figure answer that is one of them,
        such as -1 for -0.69, is wrong, not too rough).
        """
        return check_answer(typed, self.expected, name=self.label, mistakes=self.mistake_values(),
                            **self.check_options())

    def mistake_values(self) -> tuple:
        """The likeliest wrong answers of these data: each of ``mistakes`` that gives a finite number."""
        values = []
        for mistake in self.mistakes:
            try:
                wrong = _plain(mistake(**self.data))
            except (ValueError, ArithmeticError, TypeError):
                continue
            if isinstance(wrong, (int, float, Fraction, Decimal)) and not isinstance(wrong, bool) \
                    and math.isfinite(wrong):
                values.append(wrong)
        return tuple(values)

    @property
    def share(self) -> bool:
        """Whether the answer is a share of a whole (a part between 0 and 1), declared ``check={"percent":
        True}``: only then may it be typed as a percentage ("38.9%")."""
        return bool(self.check.get("percent", False))

    def check_options(self) -> dict[str, Any]:
        """The options :func:`~teachkit.course.selfcheck.check_answer` judges this exercise with (the grader too).

        One rule for the course: a percentage ("38.9%") is read as a share where the exercise declares its
        answer a share (``check={"percent": True}``, :attr:`share`), and refused elsewhere, whatever the
        value: a PMI of 0.288 nats is not 28.8%.
        """
        options = {**self.check, "percent": self.share}
        if self.count:
            options["whole"] = True
        return options

    @property
    def count(self) -> bool:
        """Whether the answer is a whole number to give exactly: declared ``check={"whole": True}``, or an
        answer computed as an ``int`` (a count such as 28 x 27 = 756).  Then "800" or "8e2" for 756 is not it;
        an exponent form is right only when it is exactly that number ("7.56e2")."""
        if self.check.get("whole"):
            return True
        value = self._declared().expected
        return isinstance(value, numbers.Integral) and not isinstance(value, bool)

    @property
    def fraction_right(self) -> bool:
        """Whether an exact fraction can be the answer: the exact answer is a ``Fraction`` (a rational number
        computed exactly), not a logarithm, a root or another float."""
        return isinstance(self._declared().expected, Fraction)

    def precision(self) -> str:
        """The sentence that tells the student how precisely to answer: exactly what the box accepts.

        >>> from teachkit.course.exercises import get
        >>> get("00.1").precision()
        'Give at least 1 significant figure.'
        >>> get("04.4").precision()
        'Give at least 3 significant figures (an exact fraction is right too).'

        The fraction is offered only where one can be right (:attr:`fraction_right`).
        """
        if self.count:
            return "Give the whole number."
        figures = int(self.check.get("min_sig_figs", 2))
        text = f"at least {figures} significant figure{'s' if figures != 1 else ''}"
        if self.check.get("min_decimals") is not None:
            decimals = int(self.check["min_decimals"])
            text += f" or {decimals} decimal{'s' if decimals != 1 else ''}"
        return f"Give {text}" + (" (an exact fraction is right too)." if self.fraction_right else ".")

    @property
    def asked(self) -> str:
        """The question as shown: for a number to give, followed by :meth:`precision`."""
        if getattr(self, "choices", ()):
            return self.question
        return f"{self.question} *{self.precision()}*"

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
        return fill(self.solution, **self.data, **self.worked_steps(), expected=self.expected)

    # -- variants
    @property
    def has_variants(self) -> bool:
        """Whether :meth:`at` draws other numbers for seeds other than 0."""
        return self.variant is not None

    def data_for(self, seed: int | None = None) -> dict:
        """The data of variant ``seed`` (0 or None: ``data`` as declared).

        Drawn by ``variant`` with a generator seeded from ``seed`` and the exercise's key, the same on every
        machine; a draw whose answer is on a rounding edge or where a mistake would pass is drawn again.
        """
        seed = check_seed(seed)
        declared = self._declared()
        if seed == 0:
            return dict(declared.data)
        if declared.variant is None:
            raise ValueError(f"exercise {self.key} has no variants: call ask({self.key!r}) without a seed.")
        rng = _variant_rng(self.key, seed)
        for _ in range(MAX_DRAWS):
            data = declared.variant(rng)
            if not isinstance(data, dict) or set(data) != set(declared.data):
                raise TypeError(f"variant of exercise {self.key} must return a dict with the keys of its data "
                                f"{sorted(declared.data)}, got {data!r:.80}.")
            if declared._usable(data):
                return data
        raise RuntimeError(f"exercise {self.key}: its variant generator gave no usable data in {MAX_DRAWS} draws "
                           f"(seed {seed}); widen its ranges.")

    def _usable(self, data: dict) -> bool:
        try:
            value = _plain(self.answer(**data))
        except (ValueError, ArithmeticError):
            return False
        if getattr(self, "choices", ()):
            return True
        if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, Decimal)):
            return False
        if not math.isfinite(value) or on_rounding_edge(value, self.check):
            return False
        options = self.check_options()
        for mistake in self.mistakes:
            try:
                wrong = _plain(mistake(**data))
            except (ValueError, ArithmeticError):
                continue
            if not isinstance(wrong, (int, float, Fraction, Decimal)) or not math.isfinite(wrong):
                continue
            forms = typed_forms(wrong, self.check)
            if _could_be_accepted(forms, value) and any(check_answer(typed, value, **options).correct
                                                         for typed in forms):
                return False
        return True

    def _declared(self) -> Exercise:
        return getattr(self, "_declared_as", None) or self

    def at(self, seed: int | None = None) -> Exercise:
        """This exercise with the numbers of variant ``seed``: question, answer, solution and steps.

        Seed 0 (or None) is the exercise as declared.  A variant's ``right`` is its answer as typed at the
        precision asked; its ``wrong`` are its ``mistakes``, typed.

        Examples
        --------
        >>> from teachkit.course.exercises import get
        >>> get("00.1").at(0) is get("00.1")
        True
        >>> v = get("00.1").at(7)
        >>> v.variant_seed, v.judge(v.right[0]).correct
        (7, True)
        """
        seed = check_seed(seed)
        declared = self._declared()
        if seed == 0:
            return declared
        data = declared.data_for(seed)
        value = _plain(declared.answer(**data))
        right: tuple[str, ...]
        wrong: tuple[str, ...]
        if getattr(declared, "choices", ()):
            right, wrong = (), ()
        else:
            right = tuple(typed_forms(value, declared.check)[:2])
            mistaken = []
            for mistake in declared.mistakes:
                try:
                    mistaken.append(typed_forms(_plain(mistake(**data)), declared.check)[0])
                except (ValueError, ArithmeticError, TypeError):
                    continue
            wrong = tuple(dict.fromkeys(mistaken))
        variant = dataclasses.replace(declared, question=declared.question_template, label=declared.label_template,
                                      data=data, right=right,
                                      wrong=wrong, variant_seed=seed)
        object.__setattr__(variant, "_declared_as", declared)
        return variant


def _could_be_accepted(forms: list[str], value: Any) -> bool:
    """False only when no typed form in ``forms`` can be judged right for ``value`` (a cheap, safe test).

    check_answer accepts a reading of a typed answer only when it rounds like the expected value at the
    reading's last digit (or at a computed value's 12th figure, if coarser): the two then differ by less
    than one unit of that place.  A form's readings are its number and, for a comma before exactly three
    digits, the whole number without the comma ("1,234" is also 1234).  A form farther than that from
    ``value``, with a wide margin for float rounding, is rejected here without the full judgement; any
    other goes to check_answer.  (Drawing a class's variants is mostly this test: 10,000 students at a
    few draws each.)
    """
    try:
        target = float(value)
        floor = 10.0 ** (math.floor(math.log10(abs(target))) - 10) if target else 0.0
        for form in forms:
            whole, _, digits = form.replace(",", ".").partition(".")
            readings = [(float(form.replace(",", ".")), -len(digits))]
            if "," in form and len(digits) == 3:
                readings.append((float(whole + digits), 0))
            if any(abs(reading - target) < 2 * max(10.0 ** place, floor) + 1e-9 * abs(target)
                   for reading, place in readings):
                return True
    except (OverflowError, ValueError):     # beyond a float: leave it to check_answer
        return True
    return False


def _plain(value: Any) -> Any:
    # numpy scalar -> Python number, as .expected does
    if hasattr(value, "item") and getattr(value, "shape", None) == ():
        return value.item()
    return value


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

    @property
    def shown_result(self) -> str:
        """teachkit's result as the verdict shows it: the choice, or the number to 4 significant figures
        (a float's 16 digits, 8.567446550222332, are noise to a student who predicted 9)."""
        result = self.expected
        if isinstance(result, float):
            return f"{result:.4g}"
        return str(result)

    def judge(self, typed: Any) -> Feedback:
        if not self.choices:
            return super().judge(typed)
        right = self.expected
        guess = self.choice_of(typed)
        if guess is None:
            # quoted as the question lists them: a choice may hold a comma ("the exact value, up to ...")
            return Feedback(False, "Choose one of: " + ", ".join(f"“{c}”" for c in self.choices) + ".",
                            str(typed).strip()[:40],
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
        """The choice ``typed`` names: its letter ("b", "(b)", "B)") or its text (case, spaces, dashes aside).

        Full-width forms (``ｂ``, ``（ｂ）``, typed with an East Asian keyboard) are the letters they look like
        (Unicode NFKC), as full-width digits are digits in a number.
        """
        text = unicodedata.normalize("NFKC", str(typed)).strip()
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
    forbidden : tuple of str
        Names the student's function may not use (the teachkit function it is compared with): a wrapper
        around the answer is refused, in the self-check and in the grader alike.
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
    forbidden: tuple = ()

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

    def cases(self, seed: int | None = None) -> list[dict[str, Any]]:
        """``trials`` random inputs drawn with ``seed``, as a list of keyword-argument dicts.

        The default, the exercise's own ``seed``, gives the inputs the self-check uses (the same every run,
        readable in the student package); the grader adds inputs drawn at grading time with a seed of its
        own (``tools/course.py``, ``grading_cases``), which nobody can read in advance.
        """
        import numpy as np

        rng = np.random.default_rng(self.seed if seed is None else check_seed(seed))
        return [self.inputs(rng) for _ in range(self.trials)]

    def render_solution(self) -> str:
        """The solution as written (an implementation's solution has no format fields)."""
        return self.solution

    def judge(self, student_fn: Any) -> Feedback:
        """The student's function beside the reference on :meth:`cases` (see :func:`.compare.compare_functions`)."""
        return compare_functions(self, student_fn)
