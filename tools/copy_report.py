"""The teacher's copy report across a class (never a penalty), split from :mod:`grade` (issue 50).

Answers wrong for a student's own numbers but right for a classmate's, and function bodies handed in word for
word by several students.  The evidence of each student goes to a temporary sqlite database as they are
graded (:class:`Evidence`), so memory does not grow with the class.
"""

from __future__ import annotations

import functools
import itertools
import pathlib
import pickle
import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grade import Work

def _roughly(text: str) -> tuple[float, ...] | None:
    """The values a typed number may stand for (decimal comma or point, a fraction, a percentage), or None."""
    text = text.replace("\u2212", "-").replace(" ", "")
    share = text.endswith("%")
    text = text.rstrip("%")
    values = []
    for spelling in {text.replace(",", "."), text.replace(",", "")}:
        try:
            top, _, bottom = spelling.partition("/")
            values.append(float(top) / float(bottom) if bottom else float(top))
        except (ValueError, ZeroDivisionError, OverflowError):
            continue
    if not values:
        return None
    return tuple(values) + (tuple(v / 100 for v in values) if share else ())


class Evidence:
    """The copy report's evidence of a class, in a temporary sqlite database rather than in memory.

    Each student's evidence (:class:`Work`: their variants' check options and answers, their wrong answers, the
    hashes of their functions) is appended as soon as they are graded; :func:`copy_report` then reads it back
    answer by answer and group by group, so what the grader holds does not grow with the class.  ``path``
    None keeps the database in memory (a few students, in tests).  Everything stored was computed by this
    run (pickled options and pins, typed answers read as literals): no student's bytes are unpickled.
    """

    def __init__(self, path: str | pathlib.Path | None = None):
        self.db = sqlite3.connect(":memory:" if path is None else str(path))
        self.db.executescript("""
            PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
            PRAGMA cache_size = -256; PRAGMA temp_store = FILE;
            CREATE TABLE variants (seq INTEGER, student TEXT, key TEXT, pin REAL, judged BLOB);
            CREATE INDEX variants_by_key ON variants (key, seq);
            CREATE TABLE wrong (seq INTEGER, student TEXT, notebook TEXT, key TEXT, typed BLOB);
            CREATE TABLE functions (seq INTEGER, student TEXT, notebook TEXT, key TEXT, digest TEXT, lines INTEGER);
            CREATE INDEX functions_alike ON functions (notebook, key, digest, lines, seq);
        """)
        self.added = 0
        self.writer = self.db.cursor()     # one cursor for every student (a connection keeps track of each)

    def add(self, work: Work) -> None:
        """Append one student's evidence (students in the order the report lists them)."""
        seq, self.added = self.added, self.added + 1
        self.writer.executemany("INSERT INTO variants VALUES (?, ?, ?, ?, ?)",
                            [(seq, work.student, key, float(pin), pickle.dumps((options, pin)))
                             for key, (options, pin) in work.variants.items()])
        self.writer.executemany("INSERT INTO wrong VALUES (?, ?, ?, ?, ?)",
                            [(seq, work.student, notebook, key, pickle.dumps(typed))
                             for notebook, key, typed in work.wrong])
        self.writer.executemany("INSERT INTO functions VALUES (?, ?, ?, ?, ?, ?)",
                            [(seq, work.student, *found) for found in work.functions])
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@functools.lru_cache(maxsize=64)      # most of a class shares an exercise's check options: unpickled once
def _judged(blob: bytes):
    return pickle.loads(blob)          # written by Evidence.add in this run


def copy_report(evidence: Evidence | Iterable[Work]) -> list[dict]:
    """The teacher's copy report across the class (never a penalty): answers that are wrong for a student's
    own numbers but right for a classmate's, and function bodies handed in word for word by several students.

    ``evidence`` is the class's :class:`Evidence` (or the students' :class:`Work`, in order); it is read back
    one wrong answer and one group of alike functions at a time."""
    from teachkit.course.selfcheck import check_answer

    if not isinstance(evidence, Evidence):
        with Evidence() as kept:
            for work in evidence:
                kept.add(work)
            return copy_report(kept)
    notes = []
    classmates = evidence.db.cursor()
    for student, notebook, key, typed in evidence.db.execute(
            "SELECT student, notebook, key, typed FROM wrong ORDER BY seq, rowid"):
        typed = pickle.loads(typed)
        text = str(typed).strip() if not isinstance(typed, float) else repr(typed)
        near = _roughly(text)
        fits = []
        for other, pin_value, judged in classmates.execute(
                "SELECT student, pin, judged FROM variants WHERE key = ? ORDER BY seq", (key,)):
            if other == student:
                continue
            # the full check (a third of a millisecond) only for answers that could round to the classmate's
            # (within half of it: one significant figure at most)
            if near is not None and not any(abs(x - pin_value) <= 0.5 * abs(pin_value) + 1e-12 for x in near):
                continue
            options, pin = _judged(judged)
            try:
                if check_answer(text, pin, **options).correct:
                    fits.append(other)
            except Exception:
                continue
        if fits:
            notes.append(dict(kind="copy report", student=student, notebook=notebook,
                              detail=f"{key}: {text[:40]!r} is wrong for their own numbers but right for "
                                     f"{', '.join(fits[:5])}{' ...' if len(fits) > 5 else ''}"))
    rows = evidence.db.execute("SELECT notebook, key, digest, lines, student FROM functions "
                               "ORDER BY notebook, key, digest, lines, seq")
    for (notebook, key, _digest, lines), group in itertools.groupby(rows, key=lambda row: row[:4]):
        who = [row[4] for row in group]
        if len(who) > 1:
            short = " (short: a few lines are often written alike independently)" if lines <= 3 else ""
            notes.append(dict(kind="copy report", student=", ".join(who), notebook=notebook,
                              detail=f"{key}: the same function, character for character ({lines} lines), "
                                     f"from {len(who)} students{short}"))
    return notes
