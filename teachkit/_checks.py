"""Input validation shared by every teachkit module.

Each helper raises a ``ValueError`` (or ``TypeError`` for a wrong kind of
object) whose message names the offending argument, says what was wrong and
what to do instead.  Nothing in teachkit returns NaN for bad input.

One helper per kind of argument, each taking the caller's name for it:

==================  ===============================================================================
topics              :func:`check_topics` (each topic :func:`check_keywords`)
documents           :func:`check_corpus` (the collection), :func:`check_tokenized_documents` (token lists)
counts              :func:`check_count`, :func:`check_count_array`, :func:`check_counts`
probabilities       :func:`check_probability_array`
flags               :func:`check_flag`
seeds               :func:`check_seed`
==================  ===============================================================================
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence, Sized
from typing import Any, Literal, TypeVar, overload

import numpy as np
from numpy.typing import ArrayLike

from .text import normalize_token

# Cosines computed in float32 (e.g. by sentence-transformers) can miss 1 or
# symmetry by a few units in the 7th decimal; anything closer than this
# (relative to the matrix's largest entry) is accepted and then made exact.
MATRIX_TOL = 1e-6

# check_choice hands back the very value it was given, so its type is the caller's.
_T = TypeVar("_T")
# check_vectors hands back a mapping's keys, of the caller's type.
_K = TypeVar("_K", bound=Hashable)


def cut(text: str, width: int = 60) -> str:
    """``text`` itself if it has at most ``width`` characters, else its beginning and how long it was.

    >>> cut("abc"), cut("x" * 100, width=5)
    ('abc', 'xxxxx… (100 characters)')
    """
    return text if len(text) <= width else f"{text[:width]}… ({len(text):,} characters)"


def short_repr(value: object, width: int = 60) -> str:
    """``repr(value)`` for an error message, cut to about ``width`` characters.

    A message echoes what it was given so the reader sees the mistake; a value of a megabyte echoed whole
    buries the message (and a grading log).  A long string is cut before ``repr`` sees it, so the cost does
    not grow with its length; the note says how long the value was.

    Examples
    --------
    >>> short_repr("00.1")
    "'00.1'"
    >>> short_repr("x" * 1_000_000, width=10)
    "'xxxxxxxxxx'… (1,000,000 characters)"
    >>> short_repr(list(range(100)), width=12)
    '[0, 1, 2, 3,… (390 characters)'
    >>> short_repr(16 ** 5000), short_repr([2, 16 ** 5000])
    ('a whole number of about 6,021 digits', '<list of 2 items that cannot be shown>')
    """
    if isinstance(value, str):
        return repr(value) if len(value) <= width else f"{value[:width]!r}… ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 10_000:
        # past Python's 4,300-digit limit repr() refuses; its length is known without writing it out
        return f"a whole number of about {int(value.bit_length() * math.log10(2)) + 1:,} digits"
    try:
        text = repr(value)
    except Exception:                 # such a number inside a list, a broken __repr__: the message stays readable
        try:
            size = f" of {len(value):,} items" if isinstance(value, Sized) else ""
        except Exception:
            size = ""
        return f"<{type(value).__name__}{size} that cannot be shown>"
    return cut(text, width)


def check_count(value: object, name: str) -> int:
    """Return ``value`` as a non-negative Python int, or raise naming ``name``."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be a whole number of windows, got the boolean {short_repr(value)}.")
    if isinstance(value, numbers.Integral):
        count = int(value)
    elif isinstance(value, numbers.Real):
        # typeshed's numbers.Real has no __int__ (the ABC promises only __trunc__), but every real that comes
        # here has one (float, numpy's floats, Fraction), and numpy's float32 has no __trunc__ for math.trunc
        if not math.isfinite(value) or value != (count := int(value)):  # type: ignore[call-overload]
            raise ValueError(
                f"{name} must be a whole number (a count of windows or documents), got {short_repr(value)}. "
                "Counts cannot be fractional, infinite or NaN; pass the raw count, not a probability."
            )
    else:
        raise TypeError(f"{name} must be a whole number, got {type(value).__name__} {short_repr(value)}.")
    if count < 0:
        raise ValueError(f"{name} must be zero or more, got {count}. A count cannot be negative.")
    return count


def check_count_array(values: ArrayLike, name: str) -> np.ndarray:
    """Return ``values`` as an array of non-negative whole numbers.

    The array is int64 when every count is safely below 2**61 (so that sums
    and differences of two counts cannot overflow), otherwise an object array
    of Python ints: counts past int64 (``10**19``, ``10**400``) are exact,
    never wrapped around or rounded.

    Examples
    --------
    >>> check_count_array([3, 4.0], "c").tolist()
    [3, 4]
    >>> check_count_array(10**19, "n").item() == 10**19      # above int64's 9.2e18, kept exact
    True
    """
    arr = real_array(values, name, "a whole number or an array of whole numbers (counts)",
                      "a whole number or a flat array of whole numbers (counts)", "whole numbers")
    if arr.dtype == object:
        # Python ints too large for int64 end up here (and anything else that is no number).
        items = [check_count(v, name) for v in arr.ravel().tolist()]
        return _object_ints(items, arr.shape)
    if not (np.issubdtype(arr.dtype, np.integer) or np.issubdtype(arr.dtype, np.floating)):
        raise TypeError(f"{name} must hold numbers, got an array of {arr.dtype}.")
    if np.issubdtype(arr.dtype, np.floating):
        if not np.all(np.isfinite(arr)) or np.any(arr != np.round(arr)):
            raise ValueError(
                f"{name} must hold whole numbers (counts), got {short_repr(values)}. "
                "Counts cannot be fractional, infinite or NaN."
            )
    if np.any(arr < 0):
        raise ValueError(f"{name} must be zero or more, got {short_repr(values)}. A count cannot be negative.")
    return exact_counts(arr)


def exact_counts(arr: np.ndarray) -> np.ndarray:
    """Whole, non-negative numbers (already checked) as int64, or as Python ints at or past 2**61.

    The conversion :func:`check_count_array` ends with, for callers that hold
    counts checked earlier (as floats, say) and need them exact again.
    """
    if arr.size and np.max(arr) >= _BIG_COUNT:
        return _object_ints([int(v) for v in arr.ravel().tolist()], arr.shape)
    return arr.astype(np.int64)


def real_array(value: object, name: str, what: str, regular: str, held: str) -> np.ndarray:
    """``np.asarray(value)``, refusing None, text, ragged rows, booleans and complex numbers.

    ``what`` (what the argument must be), ``regular`` (the same, said for ragged input) and ``held``
    (what its entries must be) put each caller's own words into the messages.
    """
    if value is None or isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be {what}, got {short_repr(value)}.")
    try:
        arr = np.asarray(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be {regular}.") from None
    if arr.dtype == bool or np.iscomplexobj(arr):
        raise TypeError(f"{name} must hold {held}, not {'booleans' if arr.dtype == bool else 'complex numbers'}.")
    _refuse_text(arr, name, held)
    return arr


def _refuse_text(arr, name, held):
    """Number strings ('0.5') are text, not numbers: numpy would convert them silently."""
    text = arr.dtype.kind in "USa" or (arr.dtype == object and any(isinstance(x, (str, bytes)) for x in arr.flat))
    if text:
        first = next(x for x in arr.flat if isinstance(x, (str, bytes)))
        first = first.item() if isinstance(first, np.generic) else first
        raise TypeError(f"{name} must hold {held}, not text such as {short_repr(first)}; convert it with float() "
                        "first.")


def check_counts(joint: tuple[str, ArrayLike], marginals: Sequence[tuple[str, ArrayLike]],
                 n: tuple[str, ArrayLike], messages: Mapping[str, str], *, n_first: bool = False,
                 as_float: bool = False,
                 per_marginal: bool = False) -> tuple[np.ndarray, list[np.ndarray], np.ndarray]:
    """The one check of a joint count, its marginal counts and the number of windows ``n``.

    Every argument is a ``(name, value)`` pair and must hold whole numbers
    >= 0 (:func:`check_count_array`); then ``n >= 1`` and the rules of
    :func:`check_joint_rules` hold, with total ``n``::

        c(x) <= n,   c(x, y) <= min(c(x), c(y)),   c(x, y) >= c(x) + c(y) - n,   c(x) > 0

    Parameters
    ----------
    joint, marginals, n
        The counts, each with the name its messages use.
    messages : mapping
        ``"no_window"`` (n is 0) and the rule messages of :func:`check_joint_rules`, in the caller's words;
        the rules are checked in the order given, and only those given.
    n_first : bool, default False
        Check ``n`` (and ``n >= 1``) before the other counts, instead of last.
    as_float : bool, default False
        Return float arrays (for formulas on probabilities; a count past 1.8e308 is refused);
        otherwise exact integer arrays, all int64 or all Python ints (:func:`as_exact_counts`), of
        shapes that pair element by element.
    per_marginal : bool, default False
        Apply the rules to one marginal after the other (each message then speaks of one marginal).

    Returns
    -------
    (joint, list of marginals, n)
    """
    no_window = messages["no_window"]
    rules = {rule: message for rule, message in messages.items() if rule != "no_window"}

    def one(name, value):
        arr = check_count_array(value, name)
        if not as_float:
            return arr
        try:
            return np.asarray(arr, dtype=float)
        except OverflowError:
            raise ValueError(f"{name} holds a count too large for a float (above about 1.8e308).") from None

    if n_first:
        n_arr = one(*n)
        if np.any(n_arr == 0):
            raise ValueError(no_window)
    joint_arr = one(*joint)
    marginal_arrs = [one(name, value) for name, value in marginals]
    if not n_first:
        n_arr = one(*n)
    if not as_float:
        names = [joint[0], *(name for name, _ in marginals), n[0]]
        check_broadcast(**dict(zip(names, (joint_arr, *marginal_arrs, n_arr))))
        joint_arr, *marginal_arrs, n_arr = as_exact_counts(joint_arr, *marginal_arrs, n_arr)
        if np.any(n_arr == 0):
            raise ValueError(no_window)
    for group in ([[m] for m in marginal_arrs] if per_marginal else [marginal_arrs]):
        check_joint_rules(joint_arr, group, n_arr, rules)
    return joint_arr, marginal_arrs, n_arr


def check_joint_rules(joint: np.ndarray, marginals: Sequence[np.ndarray], total: np.ndarray | float,
                      messages: Mapping[str, str], slack: float = 0) -> None:
    """The rules a joint value obeys against its marginals, for probabilities and counts alike.

    Raises ``ValueError(messages[rule])`` for the first broken rule, in the order ``messages`` lists them::

        "above_total"  c(x) <= total                      (a word lies in no more windows than there are)
        "too_many"     joint <= min(c(x), c(y))            (two words share no more windows than either lies in)
        "too_few"      joint >= c(x) + c(y) - total        (total: 1 for probabilities, n for counts)
        "absent"       c(x) > 0 and c(y) > 0              (a word in no window has no PMI)

    ``slack`` absorbs the rounding of probabilities typed by hand (0 for counts, which are exact).
    """
    for rule, message in messages.items():
        broken: bool | np.bool_
        if rule == "above_total":
            broken = any(np.any(m > total) for m in marginals)
        elif rule == "too_many":
            broken = np.any(joint > (np.minimum(*marginals) if len(marginals) == 2 else marginals[0]) + slack)
        elif rule == "too_few":
            broken = np.any(joint < marginals[0] + marginals[1] - total - slack)
        else:
            broken = any(np.any(m == 0) for m in marginals)
        if broken:
            raise ValueError(message)


# Counts at or above this are kept as exact Python ints: two int64 counts
# below it can be added without overflow.
_BIG_COUNT = 2**61


def _object_ints(items, shape):
    out = np.empty(len(items), dtype=object)
    out[:] = items
    return out.reshape(shape)


def as_exact_counts(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """The count arrays unchanged if all are int64, else all as object arrays of Python ints.

    Mixing the two kinds would overflow (numpy refuses int64 + 10**19), so
    once one count is big, every count is compared and added as a Python int.
    """
    if all(a.dtype != object for a in arrays):
        return arrays
    return tuple(a if a.dtype == object else _object_ints(a.ravel().tolist(), a.shape) for a in arrays)


def check_broadcast(**arrays: ArrayLike) -> tuple[int, ...]:
    """Raise unless the arrays can be combined element by element; return the common shape.

    Examples
    --------
    >>> check_broadcast(p_xy=[0.1, 0.2], p_x=0.5)
    (2,)
    >>> check_broadcast(p_xy=[0.1, 0.2], p_x=[0.5, 0.5, 0.5])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: p_xy, p_x cannot be paired element by element: p_xy has shape (2,), p_x has shape (3,). Give ...
    """
    try:
        return np.broadcast_shapes(*(np.shape(a) for a in arrays.values()))
    except ValueError:
        shapes = ", ".join(f"{k} has shape {np.shape(v)}" for k, v in arrays.items())
        names = ", ".join(arrays)
        raise ValueError(
            f"{names} cannot be paired element by element: {shapes}. Give arrays of the same length "
            "(one entry per word pair), or single numbers."
        ) from None


def check_probability_array(values: ArrayLike, name: str) -> np.ndarray:
    """Return ``values`` as a float array in [0, 1], or raise naming ``name``."""
    if values is None or isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a probability (a number in [0, 1]), got {short_repr(values)}.")
    try:
        raw = np.asarray(values)
        if raw.dtype == bool or np.iscomplexobj(raw):
            raise TypeError
        _refuse_text(raw, name, "numbers")
        arr = np.asarray(raw, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"{name} must be a probability (a number in [0, 1]) or an array of them, "
                        f"got {short_repr(values)}.") from None
    if np.any(np.isnan(arr)):
        raise ValueError(f"{name} is NaN. A probability must be a number in [0, 1].")
    if np.any((arr < 0) | (arr > 1)):
        raise ValueError(
            f"{name} must lie in [0, 1], got {short_repr(values)}. "
            "If you have counts, divide them by the number of windows first (or use npmi_from_counts)."
        )
    return arr


def check_score_vector(values: ArrayLike, name: str, per: str = "topic",
                       hint: str = "Drop that item from both sides first.") -> np.ndarray:
    """Return ``values`` as a 1-D float array of finite scores (one per ``per``), or raise naming ``name``.

    Booleans and complex numbers are refused (they are not scores); ``hint`` ends the message for a NaN or an
    infinite entry, saying what to do about it.
    """
    if values is None or isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a sequence of numbers, one per {per}, got {short_repr(values)}.")
    try:
        raw = np.asarray(values)
        if raw.dtype == bool or np.iscomplexobj(raw):
            raise TypeError
        _refuse_text(raw, name, "numbers")
        arr = np.asarray(raw, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise TypeError(f"{name} must be a sequence of numbers, one per {per}, got {short_repr(values)}.") from None
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional (one score per {per}), got shape {arr.shape}.")
    bad = np.flatnonzero(~np.isfinite(arr))
    if bad.size:
        raise ValueError(f"{name}[{bad[0]}] is {arr[bad[0]]}: every score must be a finite number. {hint}")
    return arr


def check_flag(value: object, name: str) -> bool:
    """Return ``value`` if it is True or False; a flag given as "yes", 1 or None is refused."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {short_repr(value)}.")
    return bool(value)


def as_list(value: object, *, refuse: tuple[type, ...], refused: str, not_iterable: str) -> list:
    """``value`` as a list, or a TypeError with the caller's own message.

    A string (or whatever ``refuse`` names: bytes, a dict) is refused before ``list()`` sees it: a string
    would become its letters and a dict its keys, and the mistake would surface far from where it was made.
    ``refused`` and ``not_iterable`` are the messages, with ``{value!r}`` and ``{type}`` filled in.
    """
    if isinstance(value, refuse):
        raise TypeError(refused.format(value=value, type=type(value).__name__))
    try:
        # value may be any object: list() itself decides (iter, or the old __getitem__ protocol the type
        # checker does not know) and its TypeError is the one answered below
        return list(value)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(not_iterable.format(value=value, type=type(value).__name__)) from None


def check_list(value: object, name: str, what: str = "list of words") -> list:
    """``value`` as a list, or a TypeError that names the argument.

    A single string is refused before ``list()`` sees it: it would be split into letters, each then taken
    for a word, and the mistake would surface (if at all) far from where it was made.
    """
    return as_list(value, refuse=(str,), refused=f"{name} must be a {what}, not a single string.",
                   not_iterable=f"{name} must be a {what}, got {{type}}.")


@overload
def check_word_list(words: Iterable[str], name: str, ids: Literal[False] = False) -> tuple[str, ...]: ...
@overload
def check_word_list(words: Iterable[str | int], name: str, ids: bool) -> tuple[str | int, ...]: ...
def check_word_list(words: Iterable[str | int], name: str, ids: bool = False) -> tuple[str | int, ...]:
    """``words`` as a tuple of strings: one list of words, never a string (which would be split into
    letters), a dict (its keys) or bytes.  With ``ids=True`` whole-number word ids are words too."""
    if isinstance(words, (str, bytes)):
        raise TypeError(f"{name} must be a list of words, got the string {short_repr(words)}; iterating over it would "
                        f"give its letters. Split it first, e.g. {short_repr(words.split()[:3])}."
                        if isinstance(words, str) else f"{name} must be a list of words (strings), not bytes.")
    items = as_list(words, refuse=(Mapping,),
                    refused=f"{name} is a dict: iterating over it would give its keys. Pass a list of words.",
                    not_iterable=f"{name} must be a list of words (strings), got {{type}}.")
    for i, w in enumerate(items):
        is_id = ids and isinstance(w, numbers.Integral) and not isinstance(w, (bool, np.bool_))
        if not (isinstance(w, str) or is_id):
            raise TypeError(f"{name}[{i}] is {type(w).__name__} {short_repr(w)}; every word must be a string"
                            + (" or a whole-number word id." if ids else "."))
    return tuple(items)


def check_keywords(keywords: Iterable[str], name: str = "keywords") -> list[str]:
    """``keywords`` as a list of distinct words, or raise naming ``name``.

    Two entries are the same word when they agree after lowercasing and NFC
    normalization (``normalize_token(a) == normalize_token(b)``): a topic that
    lists a word twice would score the pair (w, w), which is no pair at all.

    Examples
    --------
    >>> check_keywords(("fire", "Smoke"))
    ['fire', 'Smoke']
    """
    if isinstance(keywords, str):
        raise TypeError(f"{name} must be a list of words, got the single string {short_repr(keywords)}. "
                        "Split it first.")
    if isinstance(keywords, (bytes, dict)):
        raise TypeError(f"{name} must be a list of words, got {type(keywords).__name__} (iterating over it "
                        "would give its keys or bytes, not words).")
    try:
        words = list(keywords)
    except TypeError:
        raise TypeError(f"{name} must be a list of words, got {type(keywords).__name__}.") from None
    seen: dict[str, str] = {}
    for w in words:
        if not isinstance(w, str):
            raise TypeError(f"{name} must hold strings, got {short_repr(w)}.")
        key = normalize_token(w)
        if key in seen:
            raise ValueError(
                f"{name} repeats a word: it lists {short_repr(w)} twice (as {short_repr(seen[key])} and "
                f"{short_repr(w)}, equal after "
                "lowercasing and Unicode "
                "normalization). A topic's keywords must be distinct."
            )
        seen[key] = w
    return words


def check_topics(topics: Iterable[Iterable[str]], name: str = "topics", *, minimum: int = 1,
                 why: str = "") -> list[list[str]]:
    """``topics`` as a list of topics, each a list of distinct words (:func:`check_keywords`), or raise naming
    ``name``: the one check of a list of topics.

    A string, bytes, None or a non-iterable is refused (a TypeError), and so is a dict (its keys would be
    taken for topics); fewer than ``minimum`` topics is a ValueError, which says ``why`` when more than one
    is needed.

    Examples
    --------
    >>> check_topics([("fire", "smoke"), ["rain", "ash"]])
    [['fire', 'smoke'], ['rain', 'ash']]
    """
    if isinstance(topics, (str, bytes)) or topics is None or not isinstance(topics, Iterable):
        raise TypeError(f"{name} must be a list of topics, each a list of words (most probable first), "
                        f"got {type(topics).__name__}.")
    if isinstance(topics, dict):
        raise TypeError(f"{name} must be a list of word lists; for a dict of topics pass list({name}.values()).")
    items = list(topics)
    if not items:
        raise ValueError(f"{name} is empty: pass at least one topic (a list of words).")
    if len(items) < minimum:
        raise ValueError(f"{name} holds {len(items)} topic(s); {why}, so give at least {minimum}.")
    return [check_keywords(t, f"{name}[{i}]") for i, t in enumerate(items)]


#: What a corpus is, as :func:`check_corpus`'s messages say it by default.
CORPUS = "a collection of documents (a list of strings or of token lists)"


def check_corpus(documents: object, name: str = "docs", what: str = CORPUS) -> Iterable:
    """Refuse what is no collection of documents, naming ``name``: one string (it would be read letter by
    letter), a dict (its keys), anything not iterable.  ``what`` says what the caller takes; the documents
    come back unchanged (a generator stays one, for the callers that stream).

    The one check of a corpus as a whole, for every argument that holds documents or sentences
    (:func:`check_tokenized_documents` adds the check of each document).

    Examples
    --------
    >>> check_corpus("the cat sat")
    Traceback (most recent call last):
    ...
    TypeError: docs must be a collection of documents (a list of strings or of token lists), not one string (a single string would be read letter by letter). Wrap one text in a list, [text], or tokenize it (teachkit.tokenize).
    """  # noqa: E501 (a doctest prints the whole message on one line)
    if isinstance(documents, bytes):
        raise TypeError(f"{name} is bytes: iterating over it would give numbers, not {what}. Decode it first "
                        "(data.decode('utf-8')), then tokenize it (teachkit.tokenize).")
    if isinstance(documents, str):
        raise TypeError(f"{name} must be {what}, not one string (a single string would be read letter by "
                        "letter). Wrap one text in a list, [text], or tokenize it (teachkit.tokenize).")
    if isinstance(documents, Mapping):
        raise TypeError(f"{name} is a dict: iterating over it would give its keys, not {what}. "
                        f"Pass list({name}.values()) if its values are the documents.")
    if not isinstance(documents, Iterable):
        raise TypeError(f"{name} must be {what}; {type(documents).__name__} is not iterable.")
    return documents


@overload
def check_seed(seed: object, name: str = ..., maximum: int | None = ..., *, none: Literal[False] = ...,
               generator: Literal[False] = ...) -> int: ...
@overload
def check_seed(seed: object, name: str = ..., maximum: int | None = ..., *, none: bool = ...,
               generator: bool = ...) -> Any: ...
def check_seed(seed: object, name: str = "seed", maximum: int | None = None, *, none: bool = False,
               generator: bool = False) -> Any:
    """A random seed: a whole number from 0 to ``maximum`` (any size when None), or raise naming ``name``.

    The one check of a seed: a wrong kind of value (a float, a bool, a string) is a TypeError, a whole
    number out of range a ValueError.  ``none=True`` also takes None, ``generator=True`` a
    ``numpy.random.Generator`` (each returned as it is).

    Examples
    --------
    >>> check_seed(3), check_seed(None, none=True)
    (3, None)
    >>> check_seed(-1, "seeds")
    Traceback (most recent call last):
    ...
    ValueError: seeds must be a whole number >= 0, got -1.
    """
    if (none and seed is None) or (generator and isinstance(seed, np.random.Generator)):
        return seed
    other = " or None" if none else " or a numpy.random.Generator" if generator else ""
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"{name} must be a whole number >= 0{other}, got {short_repr(seed)}.")
    value = int(seed)
    if maximum is None and value >= 0:
        return value
    if maximum is None:
        raise ValueError(f"{name} must be a whole number >= 0{other}, got {short_repr(seed)}.")
    if not 0 <= value <= maximum:
        # a maximum of thousands of digits (an exercise's seeds) is written as a power of two
        top = f"2**{maximum.bit_length()} - 1" if maximum > 2**64 and not maximum & (maximum + 1) else str(maximum)
        raise ValueError(f"{name} must be a whole number from 0 to {top}{other}, got {short_repr(seed)}.")
    return value


def check_tokenized_documents(documents: Iterable[Iterable[str]], name: str = "documents") -> list[list[str]]:
    """``documents`` as a list of token lists (each a list of strings).

    A string (or a list of strings: each document a string) would be split into letters, and a dict
    would give its keys: both are refused (:func:`check_corpus`), with what to pass instead.
    """
    items = list(check_corpus(documents, name, "a list of token lists (one list of words per document)"))
    docs = []
    for i, d in enumerate(items):
        if isinstance(d, str):
            raise TypeError(f"{name}[{i}] is the string {short_repr(d, 40)}; each document must be a list of tokens "
                            f"(iterating over a string gives letters). Tokenize it first: teachkit.tokenize(text).")
        docs.append(list(check_word_list(d, f"{name}[{i}]")))
    return docs


def check_choice(value: _T, name: str, choices: Collection[object]) -> _T:
    """Raise unless ``value`` is one of ``choices``."""
    if value not in choices:
        options = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {options}; got {short_repr(value)}.")
    return value


def check_positive_int(value: object, name: str, minimum: int = 1) -> int:
    """Return ``value`` as an int >= ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, got {short_repr(value)}.")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}.")
    return int(value)


#: The one guard of every function that draws (resamples, samples, particles, random splits): at most this many
#: in one call, and at most MAX_DRAWS elementary draws in all (the count times the items each one draws).
#: numpy draws and sums about 10**8 numbers a second, so 10**9 is ten seconds to minutes of work and, held at
#: once as 8-byte numbers, 8 GB; a few thousand draws already fix a p-value, an interval or an estimate to two
#: decimals.
MAX_SAMPLES = 1_000_000
MAX_DRAWS = 10**9


def check_draws(value: object, name: str, items: int = 1, *, minimum: int = 1, of: str = "items") -> int:
    """Return ``value`` (a count of resamples, samples, particles or splits) as an int, or refuse it up front.

    ``items`` is what one of them draws or holds (the scores resampled, the tokens of a chain): the call's
    work and memory grow with ``value * items``.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, got {short_repr(value)}.")
    value = int(value)
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum} (a few thousand is usual), got {value}.")
    if value > MAX_SAMPLES:
        raise ValueError(f"{name} = {value:,} is more than {MAX_SAMPLES:,}, which could not finish in reasonable time "
                         "and memory; a few thousand already fix a p-value, an interval or an estimate to two "
                         "decimals.")
    total = value * int(items)
    if total > MAX_DRAWS:
        raise ValueError(f"{name} = {value:,} of {items:,} {of} each are {total:,} draws, more than {MAX_DRAWS:,} "
                         f"(minutes of work, {total * 8 / 2**30:,.0f} GiB if held at once); use fewer.")
    return int(value)


def check_summable(arr: np.ndarray, name: str, terms: int) -> np.ndarray:
    """Refuse entries so large that a sum or difference of ``terms`` of them could overflow to ±inf.

    A float holds at most about 1.8e308; sums of ``terms`` entries (and differences of two such sums) stay
    finite when every ``|entry|`` is at most 1.8e308 / (2 · terms).
    """
    limit = np.finfo(float).max / (2 * max(int(terms), 1))
    big = np.flatnonzero(np.abs(arr) > limit)
    if big.size:
        i = int(big[0])
        raise ValueError(f"{name}[{i}] is {arr.flat[i]:.4g}, too large to sum or difference {terms} of in floating "
                         f"point (at most {limit:.3g} here); divide every score by one constant first (the "
                         "comparison does not depend on the unit).")
    return arr


def check_finite_real(value: object, name: str, minimum: float | None = None) -> float:
    """Return ``value`` as a finite float (and >= ``minimum`` when given)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {short_repr(value)}.")
    try:
        value = float(value)
    except OverflowError:
        raise ValueError(f"{name} is too large for a float (above about 1.8e308); give a smaller number.") from None
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {short_repr(value)}.")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}.")
    return value


# ------------------------------------------------------- arrays and matrices
def as_float_array(value: ArrayLike, name: str) -> np.ndarray:
    """A new float array holding ``value`` (the caller's object is never modified)."""
    raw = real_array(value, name, "an array of numbers", "an array of numbers with rows of equal length",
                      "real numbers")
    try:
        arr = np.array(raw, dtype=float)
    except OverflowError:
        raise ValueError(f"{name} holds a number too large for a float (above about 1.8e308); "
                         "rescale it (every teachkit quantity built on it does not depend on scale).") from None
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be an array of numbers, got {type(value).__name__}.") from None
    return arr


def check_square(arr: np.ndarray, name: str) -> np.ndarray:
    """A square, finite, symmetric matrix (up to :data:`MATRIX_TOL`), made exactly symmetric."""
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
        raise ValueError(f"{name} must be a square matrix (n × n), got shape {arr.shape}.")
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty; it needs at least one row and column.")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} holds NaN or infinite values; every entry must be a finite number.")
    # Relative to the largest entry, so that a matrix and the same matrix
    # times 1e200 are judged alike.
    gap = np.abs(arr / 2 - arr.T / 2)
    if np.any(gap > MATRIX_TOL / 2 * np.max(np.abs(arr))):
        i, j = np.unravel_index(np.argmax(gap), arr.shape)
        raise ValueError(
            f"{name} is not symmetric: entry [{i}, {j}] = {arr[i, j]!r} but [{j}, {i}] = {arr[j, i]!r}. "
            "A similarity (or an undirected graph) is the same in both directions."
        )
    # Halves first: (a + b) / 2 would overflow for entries near 1.8e308.
    return arr / 2 + arr.T / 2


def check_similarity(value: ArrayLike, name: str = "similarity") -> np.ndarray:
    """A cosine-similarity matrix: square, symmetric, finite, in [-1, 1], unit diagonal."""
    s = check_square(as_float_array(value, name), name)
    if np.any(np.abs(s) > 1 + MATRIX_TOL):
        i, j = np.unravel_index(np.argmax(np.abs(s)), s.shape)
        raise ValueError(
            f"{name} must lie in [-1, 1] (it holds cosine similarities), but entry [{i}, {j}] is {s[i, j]!r}."
        )
    diag = np.diag(s)
    if np.any(np.abs(diag - 1) > MATRIX_TOL):
        k = int(np.argmax(np.abs(diag - 1)))
        raise ValueError(
            f"{name} must have 1 on its diagonal (every vector has cosine 1 with itself), "
            f"but entry [{k}, {k}] is {diag[k]!r}."
        )
    s = np.clip(s, -1.0, 1.0)
    np.fill_diagonal(s, 1.0)
    return s


@overload
def check_vectors(vectors: Mapping[_K, ArrayLike], name: str,
                  labels: Iterable[object] | None = None) -> tuple[np.ndarray, tuple[_K, ...]]: ...
@overload
def check_vectors(vectors: ArrayLike, name: str, labels: Iterable[object] | None = None) -> tuple[np.ndarray, None]: ...
def check_vectors(vectors: ArrayLike | Mapping[_K, ArrayLike], name: str,
                  labels: Iterable[object] | None = None) -> tuple[np.ndarray, tuple[_K, ...] | None]:
    """Vectors as rows of a (k, d) matrix, or a mapping key -> vector.

    Returns ``(array, keys)``: ``keys`` is the mapping's keys in order, or
    None for a matrix.  The array is a new, finite, non-empty float matrix.
    """
    keys: tuple[_K, ...] | None
    if isinstance(vectors, Mapping):
        if labels is not None:
            raise TypeError(f"{name} is a mapping, so its keys already name the rows; leave labels out.")
        keys = tuple(vectors.keys())
        rows = [as_float_array(v, f"{name}[{k!r}]") for k, v in vectors.items()]
        if any(r.ndim != 1 for r in rows) or len({r.shape for r in rows}) > 1:
            raise ValueError(f"the vectors in {name} must all be one-dimensional and of the same length.")
        arr = np.array(rows, dtype=float) if rows else np.zeros((0, 0))
    else:
        keys = None
        arr = as_float_array(vectors, name)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be a matrix with one vector per row (shape k × d), got shape {arr.shape}.")
    if arr.shape[0] == 0 or arr.shape[1] == 0:
        raise ValueError(f"{name} is empty; it needs at least one vector with at least one component.")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} holds NaN or infinite values; every component must be a finite number.")
    return arr, keys


def check_labels(labels: Iterable[object] | None, n: int, name: str, default_prefix: str) -> tuple[str, ...]:
    """``n`` names as a tuple of str (``<prefix>1 .. <prefix>n`` when None)."""
    if labels is None:
        return tuple(f"{default_prefix}{i + 1}" for i in range(n))
    if isinstance(labels, str):
        raise TypeError(f"{name} must be a list of names, not a single string.")
    try:
        labels = tuple(str(x) for x in labels)
    except TypeError:
        raise TypeError(f"{name} must be a list of names, got {type(labels).__name__}.") from None
    if len(labels) != n:
        raise ValueError(f"{name} has {len(labels)} names but there are {n} rows; give one name per row.")
    return labels


def check_unit_sum(a: float, b: float, name_a: str, name_b: str) -> tuple[float, float]:
    """Two non-negative shares of a weighted mean that add up to 1 (refused otherwise, not rescaled)."""
    a = check_finite_real(a, name_a, minimum=0.0)
    b = check_finite_real(b, name_b, minimum=0.0)
    if abs(a + b - 1) > 1e-9:
        raise ValueError(
            f"{name_a} + {name_b} must equal 1 (got {a} + {b} = {a + b}). They are the two shares of a "
            f"weighted mean, and any other sum moves the score off [0, 1]; teachkit does not rescale them "
            f"for you. Pass e.g. {name_a}={a / (a + b) if a + b else 0.5:g}, "
            f"{name_b}={b / (a + b) if a + b else 0.5:g}."
        )
    return a, b


# ------------------------------------------------------------------ scale
def scale_by_power_of_two(arr: np.ndarray, axis: int | None = None) -> np.ndarray:
    """``arr`` divided by a power of two so that its largest ``|entry|`` lies in [0.5, 1).

    With ``axis=1`` each row gets its own power.  Multiplying by a power of
    two is exact in floating point, so quantities that do not depend on
    scale (cosines, PageRank, Cohen's d) come out bit for bit as for
    ordinary magnitudes, while sums of squares of entries near 1e±200 no
    longer overflow or underflow.  Rows (or arrays) of zeros stay zero.

    Examples
    --------
    1e300 = 0.7466... · 2**997, so the row is divided by 2**997; 3 = 0.75 · 2**2:

    >>> scale_by_power_of_two(np.array([[1e300, -5e299], [3.0, 1.0]]), axis=1).round(4).tolist()
    [[0.7466, -0.3733], [0.75, 0.25]]
    """
    largest = np.max(np.abs(arr), axis=axis, keepdims=axis is not None)
    _, exponent = np.frexp(largest)      # largest = f · 2**exponent, f in [0.5, 1); frexp(0) = (0, 0)
    return np.ldexp(arr, -exponent)


class UnknownWordError(ValueError, KeyError):
    """A word that lies in no window of the reference corpus.

    Its NPMI is undefined (P(w) = 0), so :func:`teachkit.score_pair` refuses it and
    :func:`teachkit.topic_coherence` leaves it out and lists it in ``skipped``; word vectors raise it for a word
    they do not have.  (Here, below the metrics that raise it, so that none imports another for it.)
    """

    def __str__(self):  # KeyError would otherwise quote the message
        return str(self.args[0])
