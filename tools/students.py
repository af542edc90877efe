"""One spelling of a student: how an id is normalised and which ids are refused.

The same id reaches the tools by three roads: the class CSV of ``make release`` (it names the student's
release folder and seeds their numbers), the folder or zip a student hands in (``make grade``), and the
roster of ``make grade ROSTER=``.  A zip made on macOS spells ``josé`` with a separate accent (Unicode
NFD), a spreadsheet may capitalise it; all of these must be one student, with one seed.  So every tool
reads an id through :func:`normalise`:

* Unicode NFC (``e`` + combining acute becomes ``é``), surrounding spaces removed;
* Unicode case folding (``str.casefold``, then NFC again), with the Turkish dotted and dotless i folded to
  ``i``: ``Ada.Lovelace`` and ``ada.lovelace`` are the same student (file systems on macOS and Windows cannot
  hold both folders anyway), and so are ``MATEO_YILMAZ`` and ``Mateo_Yılmaz``, ``İlker`` and ``ilker``.

At release, an id must also be safe as a folder name, a file name and a spreadsheet cell
(:func:`problem`): letters (with their combining marks: ``प्रिया``, ``محمّد``, ``Ọ̀lá``), digits and
``. _ - @ +`` only, starting with a letter, a digit or ``_`` (so no newline, no path separator, no leading
``=``, ``+``, ``-``, ``@`` that a spreadsheet would run as a formula), at most 100 characters, and not
ending in ``.zip`` (a student ``a.zip`` would hand in a folder named like student ``a``'s zip).  Refused
too: the names of what ``make grade`` writes (``grades.csv``, ``feedback``, ...: :data:`OUTPUT_NAMES`),
Windows' device names (``con``, ``nul``, ``aux.txt``, ``com1``: no such folder can be unpacked on Windows),
and a word that mixes scripts (``аda`` with a Cyrillic ``а``, a look-alike of ``ada``; ``Dvořák-Γιώργος``, a
Latin word and a Greek one, is fine).  Two rows that normalise to the same id are refused too
(:func:`refuse_unsafe`).
"""

from __future__ import annotations

import re
import unicodedata

#: An id as it names folders: letters, digits and . _ - @ +, starting with a letter, a digit or _ (the marks
#: that a letter may carry are allowed by :func:`problem` before this is checked).
SAFE_ID = re.compile(r"\w[\w.@+-]{0,99}")
#: What a grading run writes (in its output folder, and in the submissions folder by earlier versions): never a
#: student's name.
OUTPUT_NAMES = frozenset({"grades.csv", "gradebook.csv", "canvas.csv", "moodle.csv", "feedback",
                          "teacher-report.md", "teacher-report.csv", "overrides.csv", "manual.csv", "grading",
                          "previous", "progress.pickle", "collected", "collected.csv"})
#: Windows' reserved device names: a file or folder so named (with any extension) cannot be made there.
WINDOWS_DEVICES = frozenset({"con", "prn", "aux", "nul", "conin$", "conout$", "clock$",
                             *(f"com{i}" for i in "123456789¹²³"), *(f"lpt{i}" for i in "123456789¹²³")})
#: Scripts written together in one word (Japanese mixes Han, Hiragana and Katakana; Korean, Hangul and Han).
_ONE_SCRIPT = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "KATAKANA-HIRAGANA": "CJK", "HANGUL": "CJK",
               "HALFWIDTH": "CJK", "FULLWIDTH": "CJK", "IDEOGRAPHIC": "CJK"}


def _script(char: str) -> str | None:
    """The script of a letter, from its Unicode name's first word (``LATIN``, ``CYRILLIC``, ``CJK``), or None."""
    try:
        first = unicodedata.name(char).split()[0]
    except ValueError:
        return None
    return _ONE_SCRIPT.get(first, first)


def mixed_word(text: str) -> str | None:
    """The first word of ``text`` (split at ``. _ - @ +`` and digits) whose letters are of two scripts, or None.

    >>> mixed_word("\u0430da"), mixed_word("dvo\u0159\u00e1k-\u03b3\u03b9\u03ce\u03c1\u03b3\u03bf\u03c2")
    ('\u0430da', None)
    """
    for word in re.split(r"[\d._@+-]+", text):
        scripts = {_script(c) for c in word if unicodedata.category(c).startswith("L")}
        if len(scripts - {None}) > 1:
            return word
    return None


def normalise(student: str) -> str:
    """The one spelling of ``student``: Unicode NFC, no surrounding spaces, lower case.

    >>> normalise("Jose\\u0301.Nu\\u0301n\\u0303ez ") == "jos\\u00e9.n\\u00fa\\u00f1ez"
    True
    """
    if not isinstance(student, str):
        raise TypeError(f"student must be a string (an id), got {type(student).__name__}")
    # NFC again after casefold(): folding can leave a combining mark beside its letter ("İ" -> "i" + dot above);
    # then the Turkish i's: the dotted capital's dot dropped, the dotless small i read as i.
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", student).strip().casefold())
    return folded.replace("i\u0307", "i").replace("\u0131", "i")


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
    if text in OUTPUT_NAMES:
        return f"is the name of a file or folder that make grade writes ({text}); give the student another id"
    if text.split(".")[0] in WINDOWS_DEVICES:
        return f"is a device name on Windows ({text.split('.')[0]}): no folder can have it there"
    word = mixed_word(text)
    if word is not None:
        return (f"mixes scripts in one word ({word!r}: " + ", ".join(sorted(
            {_script(c) or "?" for c in word if unicodedata.category(c).startswith("L")})).lower()
            + "), as a look-alike of another id would")
    bare = "".join(c for c in text if not unicodedata.category(c).startswith("M"))   # a letter's marks are allowed
    if not SAFE_ID.fullmatch(bare) or len(text) > 100 or unicodedata.category(text[0]).startswith("M"):
        typed = unicodedata.normalize("NFC", student)
        others = sorted(set(re.sub(r"[\w.@+-]", "", "".join(
            c for c in typed if not unicodedata.category(c).startswith("M")))))
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
