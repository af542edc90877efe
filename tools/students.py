"""One spelling of a student: how an id is normalised and which ids are refused.

The same id reaches the tools by three roads: the class CSV of ``make release`` (it names the student's
release folder and seeds their numbers), the folder or zip a student hands in (``make grade``), and the
roster of ``make grade ROSTER=``.  A zip made on macOS spells ``josé`` with a separate accent (Unicode
NFD), a spreadsheet may capitalise it; all of these must be one student, with one seed.  So every tool
reads an id through :func:`normalise`:

* Unicode NFC (``e`` + combining acute becomes ``é``), surrounding spaces removed;
* lower case: ``Ada.Lovelace`` and ``ada.lovelace`` are the same student (file systems on macOS and
  Windows cannot hold both folders anyway).

At release, an id must also be safe as a folder name, a file name and a spreadsheet cell
(:func:`problem`): letters, digits and ``. _ - @ +`` only, starting with a letter, a digit or ``_`` (so no
newline, no path separator, no leading ``=``, ``+``, ``-``, ``@`` that a spreadsheet would run as a
formula), at most 100 characters, and not ending in ``.zip`` (a student ``a.zip`` would hand in a folder
named like student ``a``'s zip).  Two rows that normalise to the same id are refused too
(:func:`refuse_unsafe`).
"""

from __future__ import annotations

import re
import unicodedata

#: An id as it names folders: letters, digits and . _ - @ +, starting with a letter, a digit or _.
SAFE_ID = re.compile(r"\w[\w.@+-]{0,99}")


def normalise(student: str) -> str:
    """The one spelling of ``student``: Unicode NFC, no surrounding spaces, lower case.

    >>> normalise("Jose\\u0301.Nu\\u0301n\\u0303ez ") == "jos\\u00e9.n\\u00fa\\u00f1ez"
    True
    """
    if not isinstance(student, str):
        raise TypeError(f"student must be a string (an id), got {type(student).__name__}")
    # NFC again after lower(): lower-casing can leave a combining mark beside its letter ("İ").
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", student).strip().lower())


def problem(student: str) -> str | None:
    """Why ``student`` (as written) cannot be an id of a class release, or None if it can.

    >>> problem("ada"), problem("=cmd")
    (None, "starts with '=', which a spreadsheet runs as a formula")
    """
    if not isinstance(student, str):
        return f"is a {type(student).__name__}, not text"
    text = normalise(student)
    if not text:
        return "is empty"
    if "\n" in student or "\r" in student:
        return "holds a line break"
    if set(text) & {"/", "\\"}:
        return "holds a path separator (/ or \\)"
    if text[0] in "=+-@":
        return f"starts with {text[0]!r}, which a spreadsheet runs as a formula"
    if text.endswith(".zip"):
        return "ends in .zip, which would name another student's zip of the release and of the hand-in"
    if not SAFE_ID.fullmatch(text):
        others = sorted(set(re.sub(r"[\w.@+-]", "", text)))
        what = f" (not allowed: {' '.join(repr(c) for c in others)})" if others else ""
        return ("must be letters, digits and . _ - @ + only, start with a letter, a digit or _, and be at most "
                f"100 characters{what}")
    return None


def refuse_unsafe(rows: list[tuple[int, str]], where: str) -> dict[str, int]:
    """``{normalised id: line}`` for ``rows`` of ``(line, id as written)``, or SystemExit naming every bad row.

    A row is bad when its id has a :func:`problem` or normalises to the id of an earlier row.
    """
    seen: dict[str, tuple[int, str]] = {}
    errors = []
    for line, student in rows:
        why = problem(student)
        if why is not None:
            errors.append(f"line {line}: student id {student!r} {why}")
            continue
        key = normalise(student)
        if key in seen:
            first_line, first = seen[key]
            same = "is listed twice" if first == student else f"is the same student as {first!r} (line {first_line})"
            errors.append(f"line {line}: student id {student!r} {same} once spelt in NFC and lower case")
            continue
        seen[key] = (line, student)
    if errors:
        shown = "; ".join(errors[:10]) + (f"; and {len(errors) - 10} more" if len(errors) > 10 else "")
        raise SystemExit(f"{where}: {shown}. Student ids name folders, files and spreadsheet cells: use letters, "
                         "digits and . _ - @ +, starting with a letter, a digit or _, one row per student.")
    return {key: line for key, (line, _) in seen.items()}
