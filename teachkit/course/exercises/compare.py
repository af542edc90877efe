"""Comparing a student's function with teachkit's, on seeded random inputs ("write it yourself")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..._checks import cut, short_repr
from ..selfcheck import Feedback

__all__ = ["compare_functions"]


class _Comparison(Protocol):
    """What :func:`compare_functions` reads of an exercise (an ``Implement`` of :mod:`.model`, which imports
    this module, so this module does not import it, not even for annotations).  Read-only, as the frozen
    dataclass's fields are."""

    @property
    def key(self) -> str: ...
    @property
    def reference(self) -> Callable[..., Any]: ...
    @property
    def rtol(self) -> float: ...
    @property
    def atol(self) -> float: ...

    def cases(self) -> list[dict[str, Any]]: ...


def _describe(kwargs):
    return ", ".join(f"{k}={short_repr(v)}" for k, v in kwargs.items())


def _result_text(value) -> str:
    """A returned value for the message: a few numbers each to 6 figures, so the one that differs can be seen
    (reader z39: "(np.float64(0.0760…) (96 characters)" hid all three of 10.5's); anything else as short_repr."""
    import numbers

    import numpy as np

    def number(v):
        return isinstance(v, (numbers.Real, np.number)) and not isinstance(v, (bool, np.bool_))

    if isinstance(value, (tuple, list)) and 0 < len(value) <= 6 and all(number(v) for v in value):
        inner = ", ".join(f"{float(v):.6g}" for v in value)
        return f"({inner})" if isinstance(value, tuple) else f"[{inner}]"
    return short_repr(value)


def _shipped(ex) -> int:
    # how many of the inputs are the exercise's own (ex.cases() with its seed): the grader adds inputs after them
    trials = getattr(ex, "trials", 0)
    return trials if isinstance(trials, int) and not isinstance(trials, bool) else 0


def _plainly_equal(a, b) -> bool:
    # not numbers (a student's function returned text, None, a ragged list): equal only if plainly equal; an
    # elementwise answer (text against an array) is not a verdict, so it counts as different
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


def _same(a, b, rtol, atol):
    import numpy as np

    if isinstance(a, (str, bool)) or isinstance(b, (str, bool)):
        return _plainly_equal(a, b)
    try:
        a_arr, b_arr = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    except (TypeError, ValueError):
        return _plainly_equal(a, b)
    if a_arr.shape != b_arr.shape:
        return False
    return bool(np.allclose(a_arr, b_arr, rtol=rtol, atol=atol, equal_nan=True))


def names_used(code: Any) -> set[str]:
    """Every global, attribute and variable name a function's code object (and the code nested in it) uses."""
    names = set(code.co_names) | set(code.co_varnames) | set(getattr(code, "co_freevars", ()))
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= names_used(const)
    return names


def forbidden_message(name: str, used: set[str], forbidden: tuple) -> str | None:
    """The refusal when the student's function ``name`` uses one of ``forbidden``, or None."""
    found = sorted(set(forbidden) & used)
    if not found:
        return None
    return (f"{name} uses {found[0]}, the teachkit function it is compared with: write the calculation "
            "yourself (numpy is fine)")


def compare_functions(ex: _Comparison, student_fn: Any) -> Feedback:
    """Run ``student_fn`` beside ``ex.reference`` on ``ex.cases()``; the verdict names the first input where they
    differ.

    Two results agree when ``|got - expected| <= atol + rtol * |expected|`` elementwise (``numpy.allclose``
    with NaN equal to NaN); strings and booleans must be equal.  Whatever the student's function raises
    is reported, never raised.
    """
    name = getattr(student_fn, "__name__", "your function")
    if not callable(student_fn):
        return Feedback(False, f"Pass your function itself, e.g. check_function({ex.key!r}, my_function), "
                               f"not {type(student_fn).__name__}.", repr(student_fn)[:40], parsed=False)
    code = getattr(student_fn, "__code__", None)
    refused = forbidden_message(name, names_used(code), getattr(ex, "forbidden", ())) if code else None
    if refused:
        return Feedback(False, refused + ".", name, parsed=False)
    cases = ex.cases()
    for i, kwargs in enumerate(cases, start=1):
        expected = ex.reference(**kwargs)
        try:
            got = student_fn(**kwargs)
        except Exception as err:  # the student's code may raise anything; report it, do not crash
            return Feedback(False, f"{name} raised {type(err).__name__}: {cut(str(err), 200)} for "
                                   f"{_describe(kwargs)}.", name, parsed=False)
        if got is Ellipsis or got is None:
            return Feedback(False, f"{name} returned {got!r}: replace the ... with your calculation and return "
                                   f"the result.", name, parsed=False)
        if not _same(got, expected, ex.rtol, ex.atol):
            described = _describe(kwargs)
            whole = ""
            if "characters)" in described and i <= _shipped(ex):
                # reader x3 (09b.1): a cut input cannot be re-run; the self-check's own inputs are readable
                whole = (f" (the whole input, to re-run it: get({ex.key!r}).cases()[{i - 1}], "
                         f"with get from teachkit.course.exercises)")
            return Feedback(False, f"{name} differs from teachkit on input {i} of {len(cases)}: "
                                   f"{described} gives {_result_text(got)}, teachkit gives "
                                   f"{_result_text(expected)}{whole}.", name)
    return Feedback(True, f"{name} agrees with teachkit on all {len(cases)} random inputs.", name)
