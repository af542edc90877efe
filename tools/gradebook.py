"""The gradebook ``make grade`` writes: the long list, one row per student, two LMS imports, feedback files.

Beside ``grades.csv`` (one row per student, notebook and exercise: ``student, notebook, exercise, points,
max_points, feedback``), :func:`write_all` writes

``gradebook.csv``
    one row per student: ``student, name``, a column per exercise (``01.1``, ``01.2``, ...) in course order,
    a total per notebook (``01_pmi total``), then ``total``.  The first row under the header is ``max
    points`` (each exercise's ``points``, each notebook's sum, the course's sum).
``canvas.csv``
    Canvas's gradebook import: ``Student, ID, SIS User ID, SIS Login ID, Section``, then one assignment
    column per notebook (``teachkit 01_pmi``); the first row under the header is ``Points Possible``.
    Canvas matches students on ID, SIS User ID or SIS Login ID (from the roster) and creates an assignment
    for a column it does not know.
``moodle.csv``
    for Moodle's "Import grades from CSV": ``Username, Email address, ID number, Full name``, then one
    column per notebook.  On import, map one identifier column to the matching user field and each
    notebook column to a grade item whose maximum is the notebook's (``gradebook.csv``'s ``max points``).
``feedback/<student>.md``
    what each student gets back: per notebook, each exercise's points, maximum and the grader's message,
    and the totals.

The roster (``make grade ROSTER=roster.csv``) is a CSV with a ``student`` column (the submission folder's
name) and any of ``name, id, sis_user_id, sis_login_id, section, username, email``.  Without it, students
are known by their folder names only, which an LMS does not know: the LMS files then say so in their
identifier columns.

Every text cell that a spreadsheet would read as a formula (it starts with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return) is written with a leading apostrophe: a folder named ``=HYPERLINK(...)`` stays text.
Every file is written beside its target and moved over it, so an interrupted run leaves the previous files.
"""

from __future__ import annotations

import csv
import io
import itertools
import pathlib
import re
import shutil
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import students  # noqa: E402

#: The teacher's report of a grading run: the same notes as a table and as a page to read.
REPORT_CSV, REPORT_MD = "teacher-report.csv", "teacher-report.md"
ROSTER_COLUMNS = ("student", "name", "id", "sis_user_id", "sis_login_id", "section", "username", "email", "canvas_id",
                  "moodle_id")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: object) -> object:
    """A CSV cell that no spreadsheet runs as a formula (numbers pass unchanged)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def read_roster(path) -> dict[str, dict]:
    """``{student id: {column: value}}`` from a roster CSV; a clear error for a bad one.

    Ids are read in their one spelling (:func:`students.normalise`: NFC, lower case), as the folders a class
    hands in are; an id that could not name a folder or sit in a spreadsheet cell, or two rows that are one
    student once normalised, stop it with the rows named (:func:`students.refuse_unsafe`).
    """
    path = pathlib.Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as err:
        raise SystemExit(f"ROSTER={path} cannot be read ({err.strerror}); "
                         "give a CSV with a 'student' column.") from None
    except UnicodeDecodeError:
        raise SystemExit(f"ROSTER={path} is not UTF-8 text; save the roster as CSV (UTF-8).") from None
    # Read as one stream, not line by line: a quoted cell holding a line break stays one cell (and is refused
    # below), instead of being glued to the next line.
    reader = csv.DictReader(io.StringIO(text, newline=""))
    columns = [c.strip() for c in reader.fieldnames or []]
    if "student" not in columns:
        raise SystemExit(f"ROSTER={path} has no 'student' column (the submission folder's name); its columns "
                         f"are {columns}. Known columns: {', '.join(ROSTER_COLUMNS)}.")
    unknown = [c for c in columns if c not in ROSTER_COLUMNS]
    if unknown:
        raise SystemExit(f"ROSTER={path} has unknown column(s) {unknown}; use {', '.join(ROSTER_COLUMNS)}.")
    rows = []
    while True:
        line = reader.line_num + 1            # where the row starts (a quoted cell may run over several lines)
        row = next(reader, None)
        if row is None:
            break
        row = {k.strip(): (v or "").strip() for k, v in row.items() if isinstance(k, str)}
        if not row.get("student", ""):
            raise SystemExit(f"ROSTER={path}, line {line}: the 'student' cell is empty.")
        rows.append((line, row))
    students.refuse_unsafe([(line, row["student"]) for line, row in rows], f"ROSTER={path}")
    return {students.normalise(row["student"]): row for _, row in rows}


def file_name(student: str, taken: set) -> str:
    """A file name for ``student``'s feedback that stays inside ``feedback/`` and is not taken yet."""
    base = re.sub(r"[^\w.-]+", "_", student, flags=re.UNICODE).strip("._") or "student"
    name, n = base, 1
    while name.lower() in taken:
        n += 1
        name = f"{base}-{n}"
    taken.add(name.lower())
    return f"{name}.md"


class _PartialCSV:
    """A CSV written row by row beside its target and moved over it when complete (:meth:`done`)."""

    def __init__(self, path: pathlib.Path, header):
        self.path = path
        self.partial = path.with_name(f".{path.name}.partial")
        self.file = self.partial.open("w", newline="", encoding="utf-8")
        self.writer = csv.writer(self.file)
        self.writer.writerow([safe_text(h) for h in header])

    def row(self, values) -> None:
        self.writer.writerow([safe_text(v) for v in values])

    def done(self) -> None:
        self.file.close()
        self.partial.replace(self.path)


def _write_csv(path: pathlib.Path, header, rows) -> None:
    table = _PartialCSV(path, header)
    for row in rows:
        table.row(row)
    table.done()


def _number(x):
    return int(x) if float(x).is_integer() else round(float(x), 6)


def _layout(rows, course_order):
    """``(notebooks, exercises, maxima, grouped)`` read from one pass over the long rows.

    ``notebooks`` in course order, ``exercises`` as ``{notebook: [key, ...]}`` (in the order the rows first
    name them), ``maxima`` as ``{key: max points}``; ``grouped`` whether each student's rows come together and
    the students in sorted order (as :func:`grade.grade` hands them over).
    """
    order = {name: i for i, name in enumerate(course_order or [])}
    exercises, maxima = {}, {}
    seen, last, grouped = set(), None, True
    for r in rows:
        if r["student"] != last:
            grouped = grouped and r["student"] not in seen and (last is None or r["student"] > last)
            last = r["student"]
            seen.add(last)
        if r["exercise"]:
            keys = exercises.setdefault(r["notebook"], [])
            if r["exercise"] not in keys:
                keys.append(r["exercise"])
            maxima[r["exercise"]] = r["max_points"]
    notebooks = sorted(exercises, key=lambda n: (order.get(n, len(order)), n))
    return notebooks, exercises, maxima, grouped


def write_all(out: pathlib.Path, rows, roster=None, course_order=None, submitted=None) -> None:
    """Write ``out`` (the long CSV) and, in its folder, gradebook.csv, canvas.csv, moodle.csv, feedback/.

    ``rows`` is a list of row dicts, or a function returning a new iterator over them each time it is called
    (it is read twice: the columns first, then each student's rows).  Rows that come student by student, in
    sorted order, are never all held: memory does not grow with the class.  Rows in any other order are sorted
    by student first (in memory).  ``submitted`` (``{student: {"late": "yes" or "", "submitted": time}}``, from
    an LMS download, :mod:`lms`) adds the columns ``late`` and ``submitted`` after ``name``.
    """
    out = pathlib.Path(out)
    folder = out.parent
    folder.mkdir(parents=True, exist_ok=True)
    roster = roster or {}
    read = rows if callable(rows) else (lambda: iter(rows))
    fields = ("student", "notebook", "exercise", "points", "max_points", "feedback")
    long = _PartialCSV(out, fields)

    def written():
        for r in read():
            long.row([r[f] for f in fields])
            yield r

    notebooks, exercises, maxima, grouped = _layout(written(), course_order)
    long.done()
    if not grouped:
        everything = sorted(read(), key=lambda r: r["student"])

        def read():
            return iter(everything)
    keys = [k for nb in notebooks for k in exercises[nb]]
    nb_max = {nb: sum(maxima[k] for k in exercises[nb]) for nb in notebooks}
    course_max = sum(nb_max.values())
    assignments = [f"teachkit {nb}" for nb in notebooks]

    when = ["late", "submitted"] if submitted else []
    table = _PartialCSV(folder / "gradebook.csv",
                        ["student", "name"] + when + keys + [f"{nb} total" for nb in notebooks] + ["total"])
    table.row(["max points", ""] + [""] * len(when) + [_number(maxima[k]) for k in keys]
              + [_number(nb_max[nb]) for nb in notebooks] + [_number(course_max)])
    canvas = _PartialCSV(folder / "canvas.csv", ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
                         + assignments)
    canvas.row(["Points Possible", "", "", "", ""] + [_number(nb_max[nb]) for nb in notebooks])
    moodle = _PartialCSV(folder / "moodle.csv", ["Username", "Email address", "ID number", "Full name"]
                         + assignments)
    # Built in a staging folder and swapped in whole: no file of an earlier run (a student since removed)
    # survives beside the new ones.
    staging = folder / ".feedback.partial"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir()
    taken = set()
    for s, own in itertools.groupby(read(), key=lambda r: r["student"]):
        points, messages, others = {}, {}, []
        for r in own:
            if r["exercise"]:
                points[r["exercise"]], messages[r["exercise"]] = r["points"], r["feedback"]
            else:
                others.append(r["feedback"])
        totals = {nb: sum(points.get(k, 0) for k in exercises[nb]) for nb in notebooks}
        who = roster.get(s, {})
        mine = (submitted or {}).get(s, {})
        table.row([s, who.get("name", "")] + [mine.get(c, "") for c in when] + [_number(points.get(k, 0)) for k in keys]
                  + [_number(totals[nb]) for nb in notebooks] + [_number(sum(totals.values()))])
        canvas.row([who.get("name") or s, who.get("id", ""), who.get("sis_user_id", ""), who.get("sis_login_id", ""),
                    who.get("section", "")] + [_number(totals[nb]) for nb in notebooks])
        moodle.row([who.get("username") or s, who.get("email", ""), who.get("id", ""), who.get("name") or s]
                   + [_number(totals[nb]) for nb in notebooks])
        lines = [f"# Feedback for {_md(who.get('name') or s)}", ""]
        for nb in notebooks:
            lines += [f"## {nb}: {_number(totals[nb])} of {_number(nb_max[nb])} points", "",
                      "| exercise | points | of | feedback |", "|---|---:|---:|---|"]
            for k in exercises[nb]:
                lines.append(f"| {k} | {_number(points.get(k, 0))} | {_number(maxima[k])} | "
                             f"{_md(messages.get(k, ''))} |")
            lines.append("")
        for note in others:
            lines += [f"* {_md(note)}"]
        lines += ["", f"**Total: {_number(sum(totals.values()))} of {_number(course_max)} points.**", ""]
        (staging / file_name(s, taken)).write_text("\n".join(lines), encoding="utf-8")
    for written_table in (table, canvas, moodle):
        written_table.done()
    target = folder / "feedback"
    if target.exists():
        old = folder / ".feedback.old"
        if old.exists():
            shutil.rmtree(old)
        target.rename(old)
        staging.rename(target)
        shutil.rmtree(old)
    else:
        staging.rename(target)


#: The kinds of note of the teacher report, in the order the page shows them, with what each means.
REPORT_KINDS = {
    "grader error": "The grader failed on a hand-in (a bug to report): the notebook got 0 with the reason; "
                    "the other students were graded as usual.",
    "hand-in not read": "A folder or zip that could not be read at all (a link, a broken zip): its student has "
                        "0 with the reason.",
    "notebook not read": "A notebook file that could not be read (empty, not JSON, too large or too deep, a "
                         "link): 0 for that notebook, with the reason.",
    "file not read": "Files inside a hand-in that were not read: links, devices, paths leaving the zip, files "
                     "too large or inflating too much, files that are not notebooks.",
    "copies of one notebook": "Several files are the same notebook: which one was graded and why. The rule: a "
                              "readable copy first, then the course's exact file name, then the one fewest folders "
                              "deep, then the shortest name, then alphabetical order.",
    "not a notebook of the release": "Notebooks that are not among the ones graded: never a gradebook column.",
    "one student, several hand-ins": "Folders or zips that are one student once their names are spelt alike "
                                     "(Unicode NFC, lower case).",
    "not a hand-in": "Entries of the submissions folder that are neither a student's folder nor a zip.",
    "not on the roster": "Hand-ins whose name is not on the roster: graded under the folder's name.",
    "copy report": "For you to look at, not a penalty (no grade changes): a notebook whose metadata names another "
                   "student or seed, an answer wrong for the student's own numbers but right for a classmate's, "
                   "the same function handed in character for character by several students.",
}


def write_report(folder: pathlib.Path, notes: list[dict]) -> None:
    """``teacher-report.csv`` (``kind, student, notebook, detail``) and ``teacher-report.md`` in ``folder``."""
    folder = pathlib.Path(folder)
    order = {kind: i for i, kind in enumerate(REPORT_KINDS)}
    notes = sorted(notes, key=lambda n: (order.get(n["kind"], len(order)), n["student"], n["notebook"], n["detail"]))
    fields = ("kind", "student", "notebook", "detail")
    _write_csv(folder / REPORT_CSV, fields, [[n[f] for f in fields] for n in notes])
    lines = ["# Teacher report of the grading run", "",
             "What was not graded and why, which copy of a notebook was graded, and the copy report. "
             "Nothing here changes a grade; the same notes are in " + REPORT_CSV + ".", ""]
    if not notes:
        lines += ["Nothing to report: every hand-in was read, one copy of each notebook.", ""]
    for kind in sorted({n["kind"] for n in notes}, key=lambda k: order.get(k, len(order))):
        lines += [f"## {kind}", "", REPORT_KINDS.get(kind, ""), "", "| student | notebook | detail |", "|---|---|---|"]
        lines += [f"| {_md(n['student'])} | {_md(n['notebook'])} | {_md(n['detail'])} |"
                  for n in notes if n["kind"] == kind]
        lines.append("")
    partial = folder / f".{REPORT_MD}.partial"
    partial.write_text("\n".join(lines), encoding="utf-8")
    partial.replace(folder / REPORT_MD)


def _md(text) -> str:
    """Text from a submission, shown literally in a markdown table (no HTML, no table break)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("|", "\\|").replace("\n", " "))
