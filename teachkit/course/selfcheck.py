"""Self-check for students: judge a typed answer, an answer box, a hidden solution.

:func:`check_answer` reads what a student typed and judges it **at the
precision the student gave**:

* decimals: ``"0.891"``, ``"0,891"`` (decimal comma), ``"  0.891 "``,
  ``"−0.08"`` (typographic minus), ``"8.91e-1"``;
* percentages: ``"89.1%"`` means 0.891, judged to 3 decimals;
* fractions: ``"4/684"`` is judged **exactly** (it must equal the expected
  value; 2/342 is as good as 4/684);
* thousands: ``"45,000"`` or ``"45 000"`` are 45000 (a comma followed by
  exactly three digits is read both ways and either reading may be right).

A decimal answer with ``d`` decimals is right when the expected value,
rounded half up to ``d`` decimals, equals it: for 0.8912, ``"0.89"`` is right
(to two decimals) and ``"0.88"`` is not.  To stop ``"1"`` from passing for
0.8912, an answer needs at least ``min_sig_figs`` significant figures
(default 2); the message says so when it has fewer.  An answer more precise
than the expected value is known (``expected="0.891"`` given as a string,
answer ``"0.8912"``) is judged at the expected value's precision.

Nothing is evaluated: input is matched against number patterns only (no
``eval``), is limited to 100 characters, and anything else (``"nan"``,
``"inf"``, ``"1/0"``, ``""``, code) gets a friendly message, never an
exception.

:func:`answer_box` wraps this in an ipywidgets text box and button; its
display bundle also carries a plain-text/HTML fallback telling the reader how
to check an answer without widgets.  :func:`solution` shows a worked solution
collapsed in a ``<details>`` block.

Examples
--------
>>> check_answer("0,891", 0.8912).correct
True
>>> check_answer("0.88", 0.8912).message
'Not quite: 0.88 is not right to 2 decimals. Check your calculation.'
>>> check_answer("4/684", 4/684).correct
True
"""

from __future__ import annotations

import html
import numbers
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from typing import Any

from .._checks import short_repr
from .precision import FLOAT_SIG_FIGS, read_answer, round_half_down, round_half_up, to_decimal, truncate
from .widgets import StaticFallback, ipywidgets

__all__ = ["Feedback", "check_answer", "answer_box", "AnswerBox", "solution", "Solution", "MAX_ANSWER_LENGTH"]

#: Longer input is refused with a message before any parsing.
MAX_ANSWER_LENGTH = 100

@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer.

    Attributes
    ----------
    correct : bool
        True when the answer is right at its own precision.
    message : str
        One helpful sentence for the student.
    answer : str
        What was typed (shortened if very long).
    value : Decimal or Fraction or None
        The number read from the answer (None if it could not be read).
    decimals : int or None
        Decimals the answer was judged to (None for an exact fraction).
    parsed : bool
        False when the answer could not be read as a number.
    rough : bool
        True when the answer was read but is too rough to judge (fewer figures than asked, and consistent
        with the expected value at its own precision): neither right nor wrong.
    """

    correct: bool
    message: str
    answer: str
    value: object = None
    decimals: int | None = None
    parsed: bool = True
    rough: bool = False

    def __bool__(self) -> bool:
        return self.correct

    @property
    def judged(self) -> bool:
        """True when the answer got a verdict, right or wrong: it was read and was not too rough to judge.

        Only such an answer opens the exercise's worked solution (``reveal``, the "Show solution" button).
        """
        return self.parsed and not self.rough

    def __str__(self) -> str:
        return self.message

    def _repr_html_(self) -> str:
        colour = "#1a7f37" if self.correct else ("#9a6700" if not self.parsed else "#cf222e")
        mark = "✓" if self.correct else "✗"
        return f'<span style="color:{colour}"><b>{mark}</b> {html.escape(self.message)}</span>'


def _reading(text):
    """(value, exponent or None, sig figs) readings of what was typed, or an error message."""
    readings = read_answer(text)
    if isinstance(readings, str):
        return readings
    return [(r.value, r.exponent, r.sig_figs) for r in readings]


#: Dashes a keyboard, a word processor or a copy from the page may give for a minus sign or a hyphen.
_DASHES = str.maketrans({c: "-" for c in "\u2212\u2010\u2011\u2012\u2013\u2014\ufe63\uff0d"})


def choice_key(text: object) -> str:
    """How a typed choice is compared: Unicode NFKC, every dash as "-", no spaces, case ignored.

    "−1" and "-1", "(1 - d)/n" and "(1−d)/n", "Lower" and "lower" are the same choice.

    >>> choice_key(" (1 − d) / N ") == choice_key("(1-d)/n")
    True
    """
    text = unicodedata.normalize("NFKC", str(text)).translate(_DASHES)
    return "".join(text.split()).casefold()


def _words(text: object) -> list[str]:
    """A choice's words as :func:`choice_key` compares them (NFKC, dashes as "-", case ignored), without the
    comma, colon or semicolon that may follow one ("the exact value, up to ..." begins "the exact value")."""
    text = unicodedata.normalize("NFKC", str(text)).translate(_DASHES).casefold()
    return [w for w in (word.rstrip(",;:") for word in text.replace(":", ": ").split()) if w]


def match_choice(typed: object, choices: tuple[str, ...] | list[str]) -> str | None:
    """The one of ``choices`` that ``typed`` names (see :func:`choice_key`), or None.

    A choice is named by its whole text (a number written with a plus sign, "+1", also without it: "1"); or,
    when no other choice begins the same way, by its first word or
    words: a choice written as "short answer: its gloss" by its short answer, "higher than the exact value"
    by "higher".  A beginning that two choices share names neither.  Failing that, by its last word or words
    when no other choice ends the same way: "lower" for "per token is lower".

    >>> match_choice("Neither", ("Katz", "interpolated Kneser-Ney", "neither: they come out equal"))
    'neither: they come out equal'
    >>> match_choice("Higher", ("higher than the exact value", "lower than the exact value", "the exact value"))
    'higher than the exact value'
    >>> match_choice("the", ("the exact value", "the other value")) is None
    True
    >>> match_choice("lower", ("per token is lower", "the same", "per token is higher"))
    'per token is lower'
    >>> match_choice("higher", ("NPMI is higher", "UMass is higher")) is None
    True

    A sentence's full stop (or ! ?) at the end, capitals, the spaces inside a word group ("ln2" for "ln 2")
    and the abbreviation "KN" for "Kneser-Ney" change nothing:

    >>> match_choice("It grows by ln 2.", ("it doubles", "it grows by ln 2", "it stays the same"))
    'it grows by ln 2'
    >>> match_choice("grows by ln2", ("it doubles", "it grows by ln 2", "it stays the same"))
    'it grows by ln 2'
    >>> match_choice("P(routine).", ("P(running)", "P(routine)", "P(running, routine)"))
    'P(routine)'
    >>> match_choice("interpolated KN", ("Katz", "interpolated Kneser-Ney", "neither: they come out equal"))
    'interpolated Kneser-Ney'
    """
    if not isinstance(typed, str):
        return None
    typed = _plain(typed)
    choices = {_plain(c): c for c in choices}           # compared without a final full stop, given back as written
    found = _match(typed, tuple(choices))
    return None if found is None else choices[found]


_ABBREVIATIONS = {"kn": "kneser-ney"}


def _plain(text: str) -> str:
    """``text`` without the sentence punctuation a student may end it with, and with "KN" written out."""
    words = str(text).strip().rstrip(".!?…").strip().split(" ")
    return " ".join(_ABBREVIATIONS.get(w.casefold(), w) for w in words)


def _match(typed: str, choices: tuple[str, ...]) -> str | None:
    key = choice_key(typed)
    whole = next((c for c in choices if choice_key(c) == key), None)
    if whole is None and key[:1].isdigit():
        # an unsigned number names the choice written with a plus sign ("1" for "+1"), as "-1" names "−1"
        whole = next((c for c in choices if choice_key(c) == "+" + key), None)
    if whole is not None or not key:
        return whole
    heads = [c for c in choices if ":" in c and choice_key(c.split(":", 1)[0]) == key]
    if len(heads) == 1:
        return heads[0]
    # the first word(s) of one choice only: whole words, so "h" or "high" names nothing
    # (a group of words is compared without its spaces, so "ln2" names "... ln 2")
    joined = "".join(_words(typed))
    starts = [c for c in choices
              if any("".join(_words(c)[:k]) == joined for k in range(1, len(_words(c)) + 1))]
    if starts:
        return starts[0] if len(starts) == 1 else None
    # the last word(s) of one choice only ("lower" for "per token is lower"), when no choice begins so
    ends = [c for c in choices if any("".join(_words(c)[-k:]) == joined for k in range(1, len(_words(c))))]
    return ends[0] if len(ends) == 1 else None


def _expected_value(expected):
    """(exact value as Decimal or Fraction, exponent of its precision or None).

    The expected value is the teacher's side: anything that is not one finite
    number is refused (ValueError/TypeError naming ``expected``), never used to
    judge a student.
    """
    if isinstance(expected, bool):
        raise TypeError("expected must be a number, not a boolean.")
    if isinstance(expected, Fraction):
        return expected, None
    if isinstance(expected, numbers.Integral):      # int, numpy.int64, ...
        return Decimal(int(expected)), None
    if isinstance(expected, (Decimal, float)) or isinstance(expected, numbers.Real):
        try:
            # float first for numpy floats (np.float64 is a float whose repr is "np.float64(...)")
            value = expected if isinstance(expected, Decimal) else float(expected)
            return to_decimal(value), None
        except (ValueError, OverflowError):
            raise ValueError(f"expected must be a finite number, got {expected!r}; the expected answer itself "
                             f"is NaN or infinite, so compute it again (no student answer can match it).") from None
    if isinstance(expected, str):
        readings = _reading(expected)
        if isinstance(readings, str) or len(readings) != 1:
            raise ValueError(f"expected {expected[:40]!r} is not one unambiguous number (write 0.891 or 4/684).")
        value, exp, _ = readings[0]
        return value, exp
    raise TypeError(f"expected must be a number (or a number written as a string), "
                    f"got {type(expected).__name__}.")


def _show(v):
    if isinstance(v, Fraction):
        return f"{v.numerator}/{v.denominator}"
    return f"{v:f}" if abs(v.adjusted()) < 7 else f"{v:.4e}"


def check_answer(answer: Any, expected: Any, *, min_sig_figs: int = 2, min_decimals: int | None = None,
                 name: str | None = None, percent: bool | None = None, whole: bool = False,
                 mistakes: tuple = ()) -> Feedback:
    """Judge a student's answer against the expected value, at the precision the student gave.

    Parameters
    ----------
    answer : str or number
        What the student typed.
    expected : float, int, Fraction, Decimal or str
        The right value.  A float or a Fraction is taken as exact; a string
        such as ``"0.891"`` is known only to its printed precision, and more
        precise answers are judged at that precision.
    min_sig_figs : int, default 2
        Fewest significant figures accepted in a decimal answer (fractions are
        exact and always accepted).  Use 1 to accept "0.9".  An answer given
        to the precision of a string ``expected`` ("-0.08") is always precise
        enough.
    min_decimals : int, optional
        Alternatively accept any answer with at least this many decimals,
        however few significant figures it has (0.002 with ``min_decimals=3``).
    name : str, optional
        What is being computed ("PMI in bits"), used in the message.
    percent : bool, optional
        Whether "89.1%" may stand for 0.891: True where the answer is a share of a whole (a part between 0
        and 1), False elsewhere, whatever the value (a PMI of 0.288 nats is not 28.8%).  The course's
        exercises declare it (:meth:`~teachkit.course.exercises.Exercise.check_options`).  Default None, for
        a call that cannot know the kind: allowed when ``expected`` lies in [0, 1].
    whole : bool, default False
        The answer is a whole number (a count) and must be given as one: "276" is judged to the nearest whole
        number, and a rounding such as "3e2" (to the nearest 100) is too rough, whatever ``min_sig_figs`` says.
    mistakes : tuple of numbers, optional
        The likeliest wrong answers.  An answer with fewer figures than asked is "too rough to judge" only
        when it is consistent with the expected value at its own precision (``"0.9"`` for 0.8912) and is not
        one of ``mistakes`` typed in full; otherwise it is judged wrong (``"-1"`` for -0.69 when exactly -1
        is a likeliest mistake, ``"0.2"`` for 0.8).

    Returns
    -------
    Feedback
        ``.correct`` and ``.message``; never raises for any ``answer``.

    Raises
    ------
    TypeError, ValueError
        Only for a bad ``expected`` or ``min_sig_figs`` (the teacher's side).

    Examples
    --------
    >>> check_answer("0.89", 0.8912).correct, check_answer("89.1%", 0.8912).correct
    (True, True)
    >>> check_answer("0.9", 0.8912).message
    'Give at least 2 significant figures (you gave 1): 0.9 is too rough to judge.'
    >>> check_answer("__import__('os')", 1.0).parsed
    False
    >>> check_answer("-281%", -2.8134).message
    'A percentage does not fit here: the answer is not a share of a whole, so it is not written as a percentage. Type it as a plain number.'
    >>> check_answer("0.2", 0.8).message
    'Not quite: 0.2 is not right, even to 1 decimal. Check your calculation.'
    """  # noqa: E501 (a doctest prints its message on one line)
    if isinstance(min_sig_figs, bool) or not isinstance(min_sig_figs, int) or min_sig_figs < 1:
        raise ValueError(f"min_sig_figs must be a whole number of at least 1, got {short_repr(min_sig_figs)}.")
    if min_decimals is not None and (isinstance(min_decimals, bool) or not isinstance(min_decimals, int)
                                     or min_decimals < 0):
        raise ValueError(f"min_decimals must be None or a whole number >= 0, got {short_repr(min_decimals)}.")
    if percent is not None and not isinstance(percent, bool):
        raise TypeError(f"percent must be True, False or None, got {short_repr(percent)}.")
    if not isinstance(whole, bool):
        raise TypeError(f"whole must be True or False, got {short_repr(whole)}.")
    exp_value, exp_exponent = _expected_value(expected)
    what = f" for {name}" if name else ""
    if percent is None:
        percent = 0 <= exp_value <= 1

    if not isinstance(answer, str):
        if isinstance(answer, int) and not isinstance(answer, bool) and abs(answer).bit_length() > 400:
            return Feedback(False, "That answer has over 100 digits; type just the number, e.g. 0.891.",
                            "(a very long number)", parsed=False)
        if isinstance(answer, (int, float, Decimal, Fraction)) and not isinstance(answer, bool):
            answer = str(answer)
        else:
            return Feedback(False, "Type your answer as text, e.g. '0.891'.", repr(answer)[:40], parsed=False)
    shown = answer if len(answer) <= 40 else answer[:37] + "..."
    if len(answer) > MAX_ANSWER_LENGTH:
        return Feedback(False, f"That answer is {len(answer):,} characters long; type just the number, e.g. 0.891.",
                        shown, parsed=False)
    if not percent and answer.strip().endswith(("%", "\uff05")):
        subject = name or "the answer"
        return Feedback(False, f"A percentage does not fit here: {subject} is not a share of a whole, so it is not "
                               "written as a percentage. Type it as a plain number.", shown, parsed=False)
    near = _mistake_values(mistakes)
    readings = _reading(answer)
    if isinstance(readings, str):
        # the reader's examples list a percentage: not where one is refused (reader z34, exercise 10.4)
        message = readings if percent else readings.replace(", 89.1%", "").replace("89.1%, ", "")
        return Feedback(False, message, shown, parsed=False)

    try:
        # a count is asked to the whole number: "0" for 5 is a wrong count, judged like "20", not a rough rounding
        decimals = 0 if whole and min_decimals is None else min_decimals
        verdict = _judge(readings, exp_value, exp_exponent, min_sig_figs, decimals, what, shown, near)
        if whole and (verdict.correct or verdict.rough) and verdict.decimals is not None and verdict.decimals < 0:
            if verdict.value == exp_value:
                # "1e1" for 10, "7.56e2" for 756: exactly the whole number asked for, written with an exponent
                return Feedback(True, f"Correct{what}: {shown} is {_show(verdict.value)}, exactly the whole number "
                                      "expected.", shown, verdict.value, 0)
            # "3e2" for 276: rounded to the nearest 100, not the whole number the question asks for
            return Feedback(False, f"Give the whole number: {shown} is rounded to the nearest "
                                   f"{10 ** -verdict.decimals:,}, too rough to judge.", shown, verdict.value,
                            verdict.decimals, rough=True)
        return verdict
    except (InvalidOperation, OverflowError, ValueError):
        return Feedback(False, "That number is too large or too long to judge; type the value you calculated, "
                               "e.g. 0.891.", shown, parsed=False)


def _mistake_values(mistakes):
    """The likeliest wrong answers as exact Fractions (anything that is not one finite number left out)."""
    if isinstance(mistakes, (str, bytes)) or not hasattr(mistakes, "__iter__"):
        raise TypeError(f"mistakes must be a tuple of numbers (the likeliest wrong answers), "
                        f"got {short_repr(mistakes)}.")
    values = []
    for m in mistakes:
        if isinstance(m, bool) or not isinstance(m, (numbers.Real, Decimal)):
            continue
        try:
            values.append(Fraction(to_decimal(m) if not isinstance(m, Fraction) else m))
        except (ValueError, OverflowError):
            continue
    return values


def _rough_verdict(value, exp_value, exponent, near, min_sig_figs):
    """Why a rough answer ``value`` (a Decimal with last digit ``10**exponent``) is wrong, or None when it may
    be a rounding of the expected value: it is that value rounded at its own precision (either way of a tie),
    and it is not a likeliest mistake typed in full (-1 for a mistake of exactly -1: the mistake to the
    figures the box asks for is the typed number, and is nearer to it than the expected value)."""
    if value not in (round_half_up(exp_value, exponent), round_half_down(exp_value, exponent)):
        return f", even to {_precision(exponent)}"
    typed, target = Fraction(value), Fraction(exp_value)
    for m in near:
        asked = to_decimal(m).adjusted() - (min_sig_figs - 1) if m else exponent
        if abs(typed - m) < abs(typed - target) and round_half_up(m, asked) == value:
            return ""
    return None


def _judge(readings, exp_value, exp_exponent, min_sig_figs, min_decimals, what, shown, near=()):
    verdicts = []
    for value, exponent, sig in readings:  # several readings only for "1,234" (decimal comma or thousands)
        if exponent is None:                                   # a fraction: exact
            typed = sig
            exact_expected = exp_value if isinstance(exp_value, Fraction) else Fraction(exp_value)
            if exp_exponent is None:
                # A computed value comes here rounded to FLOAT_SIG_FIGS figures (2/17 as 0.117647058824, a
                # relative 4e-12 off): the fraction is right when it agrees to one figure less than that.
                ok = value == exact_expected or (
                    not isinstance(exp_value, Fraction)
                    and abs(value - exact_expected) <= Fraction(1, 10**(FLOAT_SIG_FIGS - 1)) * abs(exact_expected))
            else:
                ok = round_half_up(value, exp_exponent) == round_half_up(exp_value, exp_exponent)
            # no fraction of denominator up to 10,000 within the computed value's rounding (FLOAT_SIG_FIGS
            # figures): e, a log or a root in it
            irrational = (exp_exponent is None and not isinstance(exp_value, Fraction)
                          and abs(exact_expected.limit_denominator(10**4) - exact_expected)
                          > Fraction(1, 10**10) * abs(exact_expected))
            # a fraction that is not the value even to one figure is a wrong answer, not a format to change:
            # 2/3 (0.7) for 06.2's 0.8165 (the root forgotten) is "not quite", where 9/10 for 05b.4's 0.8915 may be
            # the student's own rounding (reader z12: the format message read as a complaint, hinting at a root)
            at = to_decimal(exp_value).adjusted()
            near_value = round_half_up(value, at) == round_half_up(exact_expected, at)
            if ok:
                msg = f"Correct{what}: {typed} is exactly right."
            elif irrational and not near_value:
                msg = (f"Not quite: {typed} = {float(value):.4g} is not the expected value{what}. "
                       "Check your calculation.")
            elif irrational:
                # a value with e, a log or a root in it is no fraction: a fraction typed for it is a rounding of
                # the student's own, judged as exact, so ask for the decimal rather than call the work wrong
                # (the value may still be rational with a larger denominator, 05b.4's: say only what was
                # tested; the example keeps enough figures to be judged, never a one-figure 0.9 the box refuses)
                example = f"{float(value):#.{max(4, min_sig_figs or 1)}g}"
                # (reader z3 found "this value is none with a denominator..." hard to read)
                msg = (f"{typed} is a fraction, and no fraction with a denominator up to 10,000 equals this "
                       f"value (it may have e, a logarithm or a root in it): give it as a decimal, e.g. {example}, "
                       "to the figures asked.")
            else:
                msg = f"Not quite: {typed} is not the expected value{what}. Check your calculation."
            verdicts.append(Feedback(ok, msg, shown, value, None))
            continue
        # An answer exactly equal to the expected value is never too rough: "0.4" for 0.40 is right.
        # "0" has no significant figure: it is precise enough only for a value that is 0 (to a float's last
        # bits), or to the decimals an exercise asks for; for 0.4167 it is a guess, not a rounding
        zero_guess = value == 0 and abs(exp_value) >= 1e-9
        precise_enough = ((sig >= min_sig_figs and not zero_guess) or value == 0 and not zero_guess
                          or value == exp_value
                          or (min_decimals is not None and -exponent >= min_decimals)
                          or (exp_exponent is not None and exponent <= exp_exponent))
        if not precise_enough:
            why = _rough_verdict(value, exp_value, exponent, near, min_sig_figs)
            figures = f"{min_sig_figs} significant figure{'s' if min_sig_figs != 1 else ''}"
            if why == "":
                # a rounding of the value at its own precision, but also a likeliest mistake typed in full (nearer
                # to it): judged wrong, and the message says why, not that the arithmetic is off
                # (reader z1: "cannot be told apart" read oddly when the answer is that mistake exactly)
                # (reader z25: "to the figures asked" read as wrong for a 0.8 with fewer figures than asked)
                verdicts.append(Feedback(False, f"Not quite: {_show(value)} is what a common mistake gives"
                                                f"{what}, and it is nearer to that than to the right value, so "
                                                f"it is judged wrong. If you meant the right value rounded, give "
                                                f"at least {figures}.",
                                         shown, value, -exponent))
                continue
            if why is not None:
                # far from the value even at its own precision: wrong, not rough
                verdicts.append(Feedback(False, f"Not quite: {_show(value)} is not right{what}{why}. "
                                                "Check your calculation.", shown, value, -exponent))
                continue
            gave = "0 has none" if zero_guess else f"you gave {sig}"
            verdicts.append(Feedback(False, f"Give at least {figures} ({gave}): "
                                            f"{_show(value)} is too rough to judge.", shown, value, -exponent,
                                     rough=True))
            continue
        judged = max(exponent, exp_exponent) if exp_exponent is not None else exponent
        if exp_exponent is None and exp_value != 0:
            # A computed value is known to about 12 significant figures, not to the 17 digits a float prints:
            # a student who pastes Python's repr of the right value (-2.813410716760037, 0.10899999999999999)
            # is right, whatever the last bits of either calculation.
            judged = max(judged, to_decimal(exp_value).adjusted() - (FLOAT_SIG_FIGS - 1))
        ok = round_half_up(exp_value, judged) == round_half_up(value, judged)
        if not ok and sig >= 2 and round_half_down(exp_value, judged) == round_half_up(value, judged):
            # The expected value lies exactly on a rounding tie (0.125 to two decimals): Python's round() and
            # f"{0.125:.2f}" give 0.12, a calculator gives 0.13; both are the right rounding.  (Not for a
            # one-figure answer: 0.2 for 0.25 is a fifth off, more likely a slip than a rounding.)
            ok = True
        precision = _precision(judged)
        if ok:
            msg = f"Correct{what}: {_show(value)} agrees with the expected value to {precision}."
        elif sig >= 2 and truncate(exp_value, judged) == to_decimal(value):
            # the right value with its last digits dropped (0.666 for 2/3): the calculation is right, the
            # rounding is not, and the message says so rather than sending the student back to the arithmetic
            msg = (f"Almost{what}: {_show(value)} is the value cut off at {precision}, not rounded to it. Round "
                   "instead: raise the last digit kept by one when the first digit dropped is 5 or more.")
        else:
            # Say what is wrong, not what is right: the message must not give the answer away.
            msg = f"Not quite: {_show(value)} is not right to {precision}{what}. Check your calculation."
        verdicts.append(Feedback(ok, msg, shown, value, -judged))
    best = next((v for v in verdicts if v.correct), verdicts[0])
    if len(readings) > 1 and best.correct and best is not verdicts[0]:
        why = (" (A percentage's trailing zero can be a placeholder; read so, it is right.)"
               if readings[0][0] == readings[1][0] else
               " (A comma before three digits can be a decimal comma or a thousands separator; one reading is "
               "right.)")
        best = Feedback(True, best.message + why, shown, best.value, best.decimals)
    return best


def _precision(exponent):
    """How a precision reads: "2 decimals", "the nearest whole number", "the nearest 1,000"."""
    places = -exponent
    return (f"{places} decimal{'s' if places != 1 else ''}" if places > 0 else
            "the nearest whole number" if places == 0 else
            f"the nearest {10**exponent:,}" if exponent <= 6 else f"the nearest 10^{exponent}")


class Solution:
    """A worked solution shown collapsed: ``<details><summary>Show solution</summary>…</details>``."""

    def __init__(self, content: Any, summary: str = "Show solution", is_html: bool = False) -> None:
        if hasattr(content, "_repr_html_"):
            body = content._repr_html_()
        elif is_html:
            body = str(content)
        else:
            body = f'<pre style="white-space:pre-wrap">{html.escape(str(content))}</pre>'
        self.summary = str(summary)
        self.body = body
        self.text = str(content)

    def _repr_html_(self) -> str:
        return (f'<details class="teachkit-solution"><summary>{html.escape(self.summary)}</summary>'
                f"{self.body}</details>")

    def __repr__(self) -> str:
        return f"[{self.summary}: open the notebook in Jupyter (or a browser) and click to unfold]"


def solution(content: Any, summary: str = "Show solution", *, is_html: bool = False) -> Solution:
    """A hidden solution for a notebook cell: collapsed until the reader clicks.

    Parameters
    ----------
    content : str or object with ``_repr_html_``
        The worked solution; plain text is shown preformatted (escaped),
        ``is_html=True`` passes HTML through, an object's own HTML is used.
    summary : str
        The clickable line.

    Examples
    --------
    >>> solution("log2(684/7) = 6.610")._repr_html_()[:60]
    '<details class="teachkit-solution"><summary>Show solution</s'
    """
    return Solution(content, summary, is_html)


class AnswerBox(StaticFallback):
    """A text box, a Check button and a feedback line, around :func:`check_answer`.

    Where no widget front end runs (GitHub, nbconvert), its display bundle
    shows a sentence explaining how to check an answer by calling
    :func:`check_answer` instead.
    """

    def __init__(self, expected: Any, prompt: str = "Your answer:", *, call_hint: str | None = None,
                 **check_kwargs: Any) -> None:
        w = ipywidgets()
        _expected_value(expected)        # refuse a bad expected value now, not at the first click
        self.expected = expected
        self.check_kwargs = check_kwargs
        self.prompt = prompt
        self.call_hint = call_hint or "teachkit.check_answer('your answer', expected)"
        self.text = w.Text(placeholder="e.g. 0.891, 0,891, 89.1% or 4/684", description=prompt,
                           style={"description_width": "initial"})
        self.button = w.Button(description="Check", button_style="primary")
        self.feedback = w.HTML()
        self.widget = w.VBox([w.HBox([self.text, self.button]), self.feedback])
        self.widget.add_class("teachkit-answer-box")
        self.button.on_click(lambda _b: self.check())
        self.last: Feedback | None = None

    def check(self, answer: str | None = None) -> Feedback:
        """Judge ``answer`` (default: the text box) and show the feedback; returns the Feedback."""
        if answer is not None:
            self.text.value = answer
        self.last = check_answer(self.text.value, self.expected, **self.check_kwargs)
        self.feedback.value = self.last._repr_html_()
        return self.last

    def _view(self) -> Any:
        return self.widget

    def _static(self) -> tuple[str, str]:
        text = (f"{self.prompt} (interactive box: needs a running Jupyter kernel). Without it, call "
                f"{self.call_hint} in a code cell.")
        return (f'<div class="teachkit-answer-box-static"><i>{html.escape(self.prompt)}</i> '
                f"— the answer box needs a running kernel. To check your answer, run "
                f"<code>{html.escape(self.call_hint)}</code> in a code cell.</div>"), text


#: The options :func:`check_answer` takes besides the answer and the expected value.
_CHECK_OPTIONS = frozenset({"min_sig_figs", "min_decimals", "name", "percent", "whole", "mistakes"})


def answer_box(expected: Any, prompt: str = "Your answer:", *, call_hint: str | None = None,
               **check_kwargs: Any) -> AnswerBox:
    """An answer box for a notebook: type, press Check, read the feedback.

    Parameters
    ----------
    expected
        As for :func:`check_answer`.
    prompt : str
        The label in front of the box.
    call_hint : str, optional
        The call shown where widgets cannot run, e.g.
        ``"teachkit.check_answer('your answer', teachkit.finding('001-eq2-pmi').standard)"``.
        Default ``"teachkit.check_answer('your answer', expected)"``.
    **check_kwargs
        Passed to :func:`check_answer` (``min_sig_figs``, ``min_decimals``, ``name``, ``percent``).

    Returns
    -------
    AnswerBox
        Live in a kernel; elsewhere, a sentence naming the call that checks an answer.

    Raises
    ------
    TypeError, ValueError
        Naming the argument, for a bad ``expected``, ``prompt``, ``call_hint`` or option: at once, not at
        the first click on Check.
    """
    if not isinstance(prompt, str):
        raise TypeError(f"prompt must be a string (the label in front of the box), got {type(prompt).__name__}.")
    if call_hint is not None and not isinstance(call_hint, str):
        raise TypeError(f"call_hint must be a string or None, got {type(call_hint).__name__}.")
    unknown = sorted(set(check_kwargs) - _CHECK_OPTIONS)
    if unknown:
        raise TypeError(f"answer_box got unknown option(s) {unknown}; check_answer takes {sorted(_CHECK_OPTIONS)}.")
    # a trial judgement checks expected and the options' values with check_answer's own messages
    check_answer("0", expected, **check_kwargs)
    return AnswerBox(expected, prompt, call_hint=call_hint, **check_kwargs)
