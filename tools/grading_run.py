"""What a grading run keeps: the previous outputs, the teacher's overrides and manual scores, its progress.

``make grade`` writes into an output folder of its own (by default ``<submissions>-graded/``, beside the
submissions, never inside them).  In that folder:

``previous/<UTC date and time>/``
    the outputs of the run before (``grades.csv``, the gradebook, the LMS files, ``feedback/``, the teacher
    report), moved there as the new run starts writing: a regrade loses nothing.
``overrides.csv``
    the teacher's own points: ``student, exercise, points, reason``.  Applied to every run after grading, so an
    override survives every regrade; the student's feedback says ``set by your teacher: <reason>`` and the
    grader's own verdict.  A row naming no graded student or exercise is listed in the teacher report.
``manual.csv``
    what only a person can judge: one row per student and per question that needs a person
    (:data:`MANUAL_QUESTIONS`: ``student, question, points, max_points, comment``).  Written with empty points
    when missing (new students get their rows at the next run; filled rows are never changed); merged into the
    gradebook as exercise columns (``10.reasons``).  An empty ``points`` counts 0 and says "not judged yet".
``progress.pickle``
    each student's results as they are graded; ``make grade RESUME=1`` (``--resume``) grades only the students
    not in it.  Removed when a run finishes.
"""

from __future__ import annotations

import csv
import datetime
import hashlib
import math
import pathlib
import pickle
import shutil
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import gradebook  # noqa: E402
import students  # noqa: E402

OVERRIDES, MANUAL, PROGRESS, PREVIOUS = "overrides.csv", "manual.csv", "progress.pickle", "previous"
#: The files and folders a run writes, moved to ``previous/`` by the next.
WRITTEN = ("grades.csv", "gradebook.csv", "canvas.csv", "moodle.csv", "feedback", gradebook.REPORT_CSV,
           gradebook.REPORT_MD)
#: Questions a person judges, per notebook: (question, points, what to judge).  The capstone's reasons for its
#: choices are read by the teacher with the README's rubric.
MANUAL_QUESTIONS = {"10_capstone": (("10.reasons", 4, "the reasons given for each choice of the report "
                                                      "(README's rubric)"),)}


def default_out(submissions) -> pathlib.Path:
    """Where a run writes by default: ``<submissions>-graded/grades.csv``, beside the submissions folder."""
    submissions = pathlib.Path(submissions).resolve()
    return submissions.parent / f"{submissions.name}-graded" / "grades.csv"


def keep_previous(folder: pathlib.Path, out_name: str = "grades.csv") -> pathlib.Path | None:
    """Move the outputs of the last run in ``folder`` to ``folder/previous/<UTC time>/``; that folder, or None."""
    names = [n for n in {*WRITTEN, out_name} if (folder / n).exists() or (folder / n).is_symlink()]
    if not names:
        return None
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H%M%S.%fZ")
    target = folder / PREVIOUS / stamp
    target.mkdir(parents=True)
    for name in names:
        (folder / name).rename(target / name)
    return target


def _read_csv(path: pathlib.Path, required: tuple[str, ...], what: str) -> list[dict]:
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            reader = csv.DictReader(f)
            missing = [c for c in required if c not in (reader.fieldnames or [])]
            if missing:
                raise SystemExit(f"{path}: {what} needs the column(s) {', '.join(missing)} "
                                 f"(columns: {', '.join(required)}).")
            return list(reader)
    except UnicodeDecodeError:
        raise SystemExit(f"{path} is not UTF-8 text; save it as CSV UTF-8.") from None


def _points(text: str, path, line: int) -> float:
    try:
        value = float(str(text).strip().replace(",", "."))
    except ValueError:
        raise SystemExit(f"{path}, line {line}: points {text!r} is not a number.") from None
    if not math.isfinite(value) or value < 0:
        raise SystemExit(f"{path}, line {line}: points must be a number of at least 0, got {text!r}.")
    return value


def read_overrides(folder: pathlib.Path) -> dict[tuple[str, str], tuple[float, str]]:
    """``{(student, exercise): (points, reason)}`` from ``folder/overrides.csv`` ({} when there is none)."""
    path = folder / OVERRIDES
    if not path.is_file():
        return {}
    found = {}
    for line, row in enumerate(_read_csv(path, ("student", "exercise", "points", "reason"), "an override"), 2):
        if not (row.get("student") or "").strip():
            continue
        key = (students.normalise(row["student"]), row["exercise"].strip())
        found[key] = (_points(row["points"], path, line), (row.get("reason") or "").strip())
    return found


def apply_overrides(rows, overrides, used: set):
    """``rows`` with the teacher's overrides applied (each applied one added to ``used``)."""
    for row in rows:
        key = (row["student"], row["exercise"])
        if row["exercise"] and key in overrides:
            points, reason = overrides[key]
            used.add(key)
            row = dict(row, points=points, feedback=f"set by your teacher: {reason or 'no reason given'} "
                                                    f"(the grader gave {row['points']:g}: {row['feedback']})")
        yield row


def manual_rows(folder: pathlib.Path, everyone: list[str], notebooks) -> dict[str, list[dict]]:
    """The manual scores of ``folder/manual.csv`` as grade rows ``{student: [row]}``; the file written (or
    completed with new students' rows) first, so the teacher finds a row to fill for each student and question."""
    questions = [(nb, q) for nb in notebooks for q in MANUAL_QUESTIONS.get(nb, ())]
    if not questions:
        return {}
    path = folder / MANUAL
    fields = ("student", "question", "points", "max_points", "comment")
    rows = _read_csv(path, fields, "a manual score") if path.is_file() else []
    have = {(students.normalise(r["student"]), r["question"]) for r in rows if (r.get("student") or "").strip()}
    added = [dict(student=s, question=q, points="", max_points=most, comment="")
             for s in everyone for _, (q, most, _) in questions if (s, q) not in have]
    if added:
        folder.mkdir(parents=True, exist_ok=True)
        new_file = not path.is_file() or path.stat().st_size == 0
        with open(path, "a", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fields)
            if new_file:
                writer.writeheader()
            writer.writerows(added)
        rows += added
    notebook_of = {q: (nb, most, what) for nb, (q, most, what) in questions}
    merged: dict[str, list[dict]] = {}
    for line, r in enumerate(rows, 2):
        student = students.normalise(r["student"]) if (r.get("student") or "").strip() else ""
        if r["question"] not in notebook_of or student not in everyone:
            continue
        nb, most, what = notebook_of[r["question"]]
        most = _points(r.get("max_points") or most, path, line)
        text = (r.get("points") or "").strip()
        points = _points(text, path, line) if text else 0
        comment = (r.get("comment") or "").strip()
        feedback = (f"judged by your teacher: {comment or 'no comment'}" if text else
                    f"not judged yet: your teacher reads {what}")
        merged.setdefault(student, []).append(dict(student=student, notebook=nb, exercise=r["question"],
                                                   points=min(points, most), max_points=most, feedback=feedback))
    return merged


class Progress:
    """Each student's graded work appended to ``folder/progress.pickle`` as soon as it is graded, so that a run
    stopped part-way can be resumed.  The file is this grader's own (written by this module, in the teacher's
    output folder): a key of the run (the secret's hash, the notebooks graded) guards against resuming another run.
    """

    def __init__(self, folder: pathlib.Path, key: str, resume: bool):
        self.path = folder / PROGRESS
        self.key = key
        self.done: dict[str, object] = {}
        folder.mkdir(parents=True, exist_ok=True)
        if resume and self.path.is_file():
            with open(self.path, "rb") as f:
                try:
                    if pickle.load(f) != key:
                        raise SystemExit(f"{self.path} is the progress of another run (another secret, release or "
                                         "set of notebooks); grade without RESUME=1 to start again.")
                    while True:
                        work = pickle.load(f)
                        self.done[work.student] = work
                except EOFError:
                    pass
        elif self.path.exists():
            self.path.unlink()
        self.file = open(self.path, "ab")
        if not self.done:
            pickle.dump(key, self.file)

    def add(self, work) -> None:
        pickle.dump(work, self.file)
        self.file.flush()

    def finish(self) -> None:
        self.file.close()
        self.path.unlink(missing_ok=True)

    def close(self) -> None:
        if not self.file.closed:
            self.file.close()


def run_key(secret, notebooks) -> str:
    text = (hashlib.sha256(secret.encode()).hexdigest() if secret else "") + "|" + ",".join(sorted(notebooks))
    return hashlib.sha256(text.encode()).hexdigest()


def read_previous_rows(path: pathlib.Path, keep: set[str] | None = None) -> list[dict]:
    """The rows of an earlier ``grades.csv`` (for the students not regraded), points as numbers."""
    if not path.is_file():
        return []
    rows = []
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            student = r["student"].lstrip("'")
            if keep is None or student in keep:
                r["student"] = student
                r["points"], r["max_points"] = float(r["points"]), float(r["max_points"])
                rows.append(r)
    return rows


def move_tree(source: pathlib.Path, target: pathlib.Path) -> None:
    shutil.move(str(source), str(target))
