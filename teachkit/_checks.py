"""Input validation shared by every teachkit module.

Each helper raises a ``ValueError`` (or ``TypeError`` for a wrong kind of
object) whose message names the offending argument, says what was wrong and
what to do instead.  Nothing in teachkit returns NaN for bad input.
"""

from __future__ import annotations

import math
import numbers

import numpy as np


def check_count(value, name):
    """Return ``value`` as a non-negative Python int, or raise naming ``name``."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a whole number of windows, got the boolean {value!r}.")
    if isinstance(value, numbers.Integral):
        value = int(value)
    elif isinstance(value, numbers.Real):
        if not math.isfinite(value) or value != int(value):
            raise ValueError(
                f"{name} must be a whole number (a count of windows or documents), got {value!r}. "
                "Counts cannot be fractional, infinite or NaN; pass the raw count, not a probability."
            )
        value = int(value)
    else:
        raise TypeError(f"{name} must be a whole number, got {type(value).__name__} {value!r}.")
    if value < 0:
        raise ValueError(f"{name} must be zero or more, got {value}. A count cannot be negative.")
    return value


def check_count_array(values, name):
    """Return ``values`` as an int64 array of non-negative whole numbers."""
    arr = np.asarray(values)
    if arr.dtype == bool:
        raise TypeError(f"{name} must hold whole numbers, not booleans.")
    if not (np.issubdtype(arr.dtype, np.integer) or np.issubdtype(arr.dtype, np.floating)):
        raise TypeError(f"{name} must hold numbers, got an array of {arr.dtype}.")
    if np.issubdtype(arr.dtype, np.floating):
        if not np.all(np.isfinite(arr)) or np.any(arr != np.round(arr)):
            raise ValueError(
                f"{name} must hold whole numbers (counts), got {values!r}. "
                "Counts cannot be fractional, infinite or NaN."
            )
    if np.any(arr < 0):
        raise ValueError(f"{name} must be zero or more, got {values!r}. A count cannot be negative.")
    return arr.astype(np.int64)


def check_probability_array(values, name):
    """Return ``values`` as a float array in [0, 1], or raise naming ``name``."""
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a probability (a number in [0, 1]), got {values!r}.") from None
    if np.any(np.isnan(arr)):
        raise ValueError(f"{name} is NaN. A probability must be a number in [0, 1].")
    if np.any((arr < 0) | (arr > 1)):
        raise ValueError(
            f"{name} must lie in [0, 1], got {values!r}. "
            "If you have counts, divide them by the number of windows first (or use npmi_from_counts)."
        )
    return arr


def check_choice(value, name, choices):
    """Raise unless ``value`` is one of ``choices``."""
    if value not in choices:
        options = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {options}; got {value!r}.")
    return value


def check_positive_int(value, name, minimum=1):
    """Return ``value`` as an int >= ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, got {value!r}.")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}.")
    return int(value)


def check_finite_real(value, name, minimum=None):
    """Return ``value`` as a finite float (and >= ``minimum`` when given)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {value!r}.")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {value!r}.")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}.")
    return value
