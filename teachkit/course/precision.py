"""Reading a written number and comparing a value with it at its precision: one place for both.

A number written by a person ("0.892", "6,601", "45,000", "4/684", "48%")
says two things: a value, and how precisely it is known (the exponent of its
last digit: -3 for "0.892", 0 for "45,000", none for an exact fraction).  A
computed value *agrees* with it when, rounded half up at that precision, it
gives the written value.  This module is used by :mod:`teachkit.documents.check` (the
documents' printed numbers), :mod:`teachkit.course.selfcheck` (a student's answer)
and the tests.

Floats are first rounded to 12 significant figures (:func:`to_decimal`), so
binary noise cannot decide a tie: ``(1 - 0.245) / 2`` is
0.37749999999999995 in binary and still rounds to 0.378.

Examples
--------
>>> agrees(0.8912, "0.891"), agrees(0.8912, "0.892")
(True, False)
>>> read("6,601", decimal_comma=True)
Written(value=Decimal('6.601'), exponent=-3, kind='decimal')
>>> round_half_up((1 - 0.245) / 2, -3)
Decimal('0.378')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation, localcontext
from fractions import Fraction

__all__ = [
    "Written", "Reading", "read", "read_answer", "to_decimal", "round_half_up", "round_half_down", "round_half_even",
    "agrees", "comparison_exponent", "FLOAT_SIG_FIGS", "EXACT_TOLERANCE",
]

#: Floats are rounded to this many significant figures before any rounding at a written precision.
FLOAT_SIG_FIGS = 12
#: An exact fraction and a value agree when their relative difference is below this.
EXACT_TOLERANCE = 1e-12

_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")
_DEC = r"(?:\d+(?:\.\d*)?|\.\d+)"
_DECIMAL = re.compile(rf"[+-]?{_DEC}(?:[eE][+-]?\d{{1,3}})?")
_FRACTION = re.compile(r"([+-]?\d{1,12})/([+-]?\d{1,12})")
# a fraction's numerator or denominator with thousands commas, as a question prints them ("400/10,000"): only
# commas grouping three digits, so nothing a decimal comma writes ("0,04", "1,5/2") is read this way
_GROUPED_INT = r"[+-]?\d{1,3}(?:,\d{3}){1,3}"
_GROUPED_FRACTION = re.compile(rf"({_GROUPED_INT}|[+-]?\d{{1,12}})/({_GROUPED_INT}|[+-]?\d{{1,12}})")
_GROUPED = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?")


@dataclass(frozen=True)
class Written:
    """A written number: its value and the exponent of its last digit.

    ``kind`` is ``"decimal"`` (``exponent`` set), ``"fraction"`` (exact,
    ``exponent`` None) or ``"label"`` (not a number: ``value`` is the text).
    """

    value: Decimal | Fraction | str
    exponent: int | None
    kind: str


def _normalize(text):
    return (text.strip().replace("−", "-").replace("–", "-").replace("\u00a0", " ")
            .replace("\u2009", " ").replace("\u202f", " ").translate(_FULL_WIDTH))


# A power of ten written out, as students copy it from a textbook or a calculator: "8.77×10^-2", "8.77 x 10**-2",
# "8.77*10^(-2)", "8.77·10⁻²" (reader z34 typed the first two). Only after a number, so a bare "10^2" stays unread.
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_TIMES_TEN = re.compile(r"(?P<m>[+-]?[\d.,]*\d)\s*[×xX*·⋅]\s*10\s*(?:(?:\^|\*\*)\s*\(?\s*(?P<e>[+-]?\d{1,3})\s*\)?"
                        r"|(?P<s>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))")


def _times_ten(s):
    """``s`` with a written-out power of ten as e-notation ("8.77×10^-2" -> "8.77e-2"), else unchanged."""
    m = _TIMES_TEN.fullmatch(s)
    if not m:
        return s
    exponent = m.group("e") if m.group("e") is not None else m.group("s").translate(_SUPERSCRIPT)
    return f"{m.group('m')}e{exponent}"


# Full-width sign, point and comma (an East Asian IME's, NFKC's "-", "+", ".", ","), as full-width digits are read.
_FULL_WIDTH = str.maketrans("\uff0d\uff0b\uff0e\uff0c", "-+.,")


def read(text: str, decimal_comma: bool | None = False) -> Written:
    """Read a printed number: ``"6,601"``, ``"0.892"``, ``"45,000"``, ``"7/684"``, ``"48%"``, ``"1e-16"``.

    The value is the number written; its exponent is that of its last digit (``-3`` for ``"0.892"``): a
    written number ``w`` with exponent ``e`` stands for any value in ``[w - 10**e / 2, w + 10**e / 2)``.

    Parameters
    ----------
    text : str
    decimal_comma : bool or None
        True reads a comma as the decimal separator (as the Portuguese note
        writes); False reads commas as thousands separators; None decides
        from the text: commas grouping thousands (``"45,000"``,
        ``"1,234,567.5"``) separate thousands, any other comma (``"0,5"``,
        ``"12,34"``) is a decimal comma (how prose is read).

    Returns
    -------
    Written
        Anything that is not a number comes back as a ``"label"``.

    Examples
    --------
    >>> read("45,000")
    Written(value=Decimal('45000'), exponent=0, kind='decimal')
    >>> read("48%").value, read("7/684").kind, read("Good").kind
    (Decimal('0.48'), 'fraction', 'label')
    """
    s = _normalize(text).replace(" ", "")
    if "/" in s:
        num, _, den = s.partition("/")
        try:
            return Written(Fraction(int(num), int(den)), None, "fraction")
        except (ValueError, ZeroDivisionError):
            pass
    pct = s.endswith("%")
    if pct:
        s = s[:-1]
    if decimal_comma is None:
        decimal_comma = "," in s and not _GROUPED.fullmatch(s)
    s = s.replace(",", ".") if decimal_comma else s.replace(",", "")
    if not _NUMBER.fullmatch(s):
        return Written(text.strip(), None, "label")
    d = Decimal(s)
    if pct:
        d = d.scaleb(-2)
    return Written(d, _last_digit(d), "decimal")


def _last_digit(d: Decimal) -> int:
    """The exponent of the last digit of ``d``, a finite Decimal (all that _NUMBER and _DECIMAL admit)."""
    exponent = d.as_tuple().exponent
    if not isinstance(exponent, int):        # "n", "N" or "F": a NaN or an infinity
        raise ValueError(f"{d} is not a finite number: it has no last digit.")
    return exponent


@dataclass(frozen=True)
class Reading:
    """One way to read what a student typed: the value, the exponent of its last digit, its significant figures.

    ``exponent`` is None for a fraction (exact); ``sig_figs`` is then the
    fraction as typed.
    """

    value: Decimal | Fraction
    exponent: int | None
    sig_figs: int | str


def read_answer(text: str) -> list[Reading] | str:
    """Read what a student typed, leniently: the list of possible readings, or a message saying what is wrong.

    Accepts decimals with a point or a comma, ``"89.1%"``, ``"8.91e-1"`` (also written out: ``"8.91×10^-1"``,
    ``"8.91*10**-1"``, ``"8.91·10⁻¹"``),
    fractions ``"4/684"`` (also with thousands commas, ``"400/10,000"``), thousands ``"45,000"`` / ``"45 000"``, a
    typographic minus and a leading "≈".  ``"1,234"`` has two readings
    (1.234 and 1234).  Nothing is evaluated.

    Examples
    --------
    >>> [str(r.value) for r in read_answer("1,234")]
    ['1.234', '1234']
    >>> [str(r.value) for r in read_answer("8.91×10^-1")]
    ['0.891']
    >>> read_answer("nan")
    "'nan' is not a finite number; give the value you calculated, e.g. 0.891."
    """
    s = _times_ten(_normalize(text).lstrip("≈~").strip())
    if not s:
        return "Type your answer first (a number such as 0.891, 0,891, 89.1% or 4/684)."
    low = s.lower()
    if low.lstrip("+-") in {"nan", "inf", "infinity", "∞"}:
        return f"{text.strip()!r} is not a finite number; give the value you calculated, e.g. 0.891."
    m = _FRACTION.fullmatch(s.replace(" ", "")) or _GROUPED_FRACTION.fullmatch(s.replace(" ", ""))
    if m:
        num, den = int(m.group(1).replace(",", "")), int(m.group(2).replace(",", ""))
        if den == 0:
            return f"{s} divides by zero; check the denominator of your fraction."
        return [Reading(Fraction(num, den), None, f"{num}/{den}")]
    pct = s.endswith("%")
    if pct:
        s = s[:-1].strip()
    compact = re.sub(r"(?<=\d) (?=\d{3}\b)", "", s)   # "45 000" -> "45000"
    candidates = []
    if "," in compact and "." not in compact and compact.count(",") == 1:
        candidates.append(compact.replace(",", "."))          # decimal comma: 0,891
        if re.fullmatch(r"[+-]?[1-9]\d{0,2},\d{3}", compact):
            candidates.append(compact.replace(",", ""))       # or thousands: 45,000
    elif _GROUPED.fullmatch(compact):
        candidates.append(compact.replace(",", ""))           # 1,234,567.5
    else:
        candidates.append(compact)
    readings = []
    for c in candidates:
        if not _DECIMAL.fullmatch(c):
            continue
        try:
            d = Decimal(c)
        except InvalidOperation:  # pragma: no cover - the pattern admits only valid literals
            continue
        if pct:
            d = d.scaleb(-2)
        digits = d.as_tuple().digits
        sig = len(str(int("".join(map(str, digits))))) if any(digits) else 1
        readings.append(Reading(d, _last_digit(d), sig))
        zeros = len(c) - len(c.rstrip("0"))
        if pct and zeros and any(digits) and not re.search(r"[.eE]", c):
            # "20%" is also 0.2 to one figure: a percentage's trailing zeros may be placeholders, as 17 % is
            # 0.17 (reader z12: "20%" for 835/5000 at one figure was refused while "0.2" was right)
            readings.append(Reading(d, _last_digit(d) + zeros, sig - zeros))
    if not readings:
        if "/" in text:
            # a fraction is exact only when both parts are whole numbers (reader z1 typed 1.765/3)
            return (f"Could not read {text.strip()[:40]!r} as a number: a fraction is read with whole numbers "
                    "only, e.g. 4/684. Multiply both parts by 10, 100, ... until they are whole, or type the "
                    "decimal value.")
        return (f"Could not read {text.strip()[:40]!r} as a number. Type digits only, e.g. 0.891, 0,891, 89.1%, "
                "8.91e-1 or 4/684.")
    return readings


def to_decimal(value: float | Fraction | Decimal) -> Decimal:
    """A value as a Decimal: floats rounded to 12 significant figures first, fractions to 40 digits.

    Raises
    ------
    ValueError
        For NaN or an infinite value.

    Examples
    --------
    >>> to_decimal(0.37749999999999995)
    Decimal('0.377500000000')
    """
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"value is {value!r}, not a finite number")
        return value
    if isinstance(value, Fraction):
        with localcontext() as ctx:
            ctx.prec = 40
            return Decimal(value.numerator) / Decimal(value.denominator)
    if isinstance(value, int):
        return Decimal(value)
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"value is {value!r}, not a finite number")
    with localcontext() as ctx:
        ctx.prec = FLOAT_SIG_FIGS
        ctx.rounding = ROUND_HALF_EVEN
        return +Decimal(repr(value))


def _round(value: float | Fraction | Decimal, exponent: int, rounding: str) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 2500          # enough for any exponent a 100-character answer can write
        return to_decimal(value).quantize(Decimal(1).scaleb(exponent), rounding=rounding)


def round_half_up(value: float | Fraction | Decimal, exponent: int) -> Decimal:
    """``value`` rounded half up to ``10**exponent`` (exponent -3 -> three decimals).

    ``round_half_up(x, e) = floor(x / 10**e + 1/2) * 10**e`` for ``x >= 0`` (a tie goes away from zero).

    Examples
    --------
    >>> round_half_up(0.8912, -2), round_half_up(45_123, 3)
    (Decimal('0.89'), Decimal('4.5E+4'))
    """
    return _round(value, exponent, ROUND_HALF_UP)


def round_half_down(value: float | Fraction | Decimal, exponent: int) -> Decimal:
    """``value`` rounded to ``10**exponent``, a tie going down (the other rounding of an exact tie)."""
    return _round(value, exponent, ROUND_HALF_DOWN)


def truncate(value: float | Fraction | Decimal, exponent: int) -> Decimal:
    """``value`` cut off (rounded towards 0) at ``10**exponent``: what a student who drops digits types.

    >>> truncate(2 / 3, -3), round_half_up(2 / 3, -3)
    (Decimal('0.666'), Decimal('0.667'))
    """
    return _round(value, exponent, ROUND_DOWN)


def round_half_even(value: float | Fraction | Decimal, exponent: int) -> Decimal:
    """``value`` rounded to ``10**exponent``, a tie going to the even digit (Python's ``round``, numpy's printing).

    >>> round_half_even(0.125, -2), round_half_up(0.125, -2)
    (Decimal('0.12'), Decimal('0.13'))
    """
    return _round(value, exponent, ROUND_HALF_EVEN)


def comparison_exponent(written: Written) -> int:
    """The exponent a decimal ``Written`` is compared at: its last digit, but no finer than 12 significant
    figures (a printed full double, 17 figures, is compared to 12)."""
    if not isinstance(written.value, Decimal) or written.exponent is None:
        raise ValueError(f"comparison_exponent needs a decimal Written (kind 'decimal'), got {written!r}.")
    if written.value == 0:
        return written.exponent
    return max(written.exponent, written.value.adjusted() - (FLOAT_SIG_FIGS - 1))


def agrees(value: float | Fraction | Decimal, written: str | Written, decimal_comma: bool = False) -> bool:
    """True when ``value`` gives the written number at the written precision.

    Parameters
    ----------
    value : float, int, Fraction or Decimal
        A computed value.
    written : str or Written
        What was printed (``"0.892"``, ``"4/684"``).  A fraction must agree
        exactly (to a relative 1e-12); a decimal when ``value`` rounded half
        up at its last digit equals it.

    Examples
    --------
    >>> agrees(0.3775, "0.378"), agrees(4 / 684, "4/684"), agrees(45_020, "45,000")
    (True, True, False)
    """
    if isinstance(written, str):
        written = read(written, decimal_comma)
    # the kinds by their values' types: "label" a str, "fraction" a Fraction, "decimal" a Decimal
    if isinstance(written.value, str):
        raise ValueError(f"written {written.value!r} is not a number.")
    if isinstance(written.value, Fraction):
        exact = Fraction(value) if isinstance(value, (Fraction, int)) else Fraction(float(value))
        return abs(exact - written.value) <= Fraction(EXACT_TOLERANCE) * abs(written.value)
    exp = comparison_exponent(written)
    return round_half_up(value, exp) == round_half_up(written.value, exp)
