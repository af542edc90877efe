"""Grading a class without holding the class: rows stream to disk, the gradebook is written student by student.

``tools/grade.py`` writes each student's rows to a spool file as soon as they are graded, and the copy report's
evidence (check options and pins, wrong answers, hashes of function bodies) to a temporary sqlite database;
``gradebook.write_all`` reads the rows back twice (the columns, then one student at a time).  These tests
check that this gives the files the in-memory way gave (rows in any order, any number of jobs, the same bytes)
and that what the grader holds once a class is graded does not grow with the class.
"""

from __future__ import annotations

import csv
import gc
import json
import pathlib
import random
import re
import sys
import tracemalloc

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import grade  # noqa: E402
import gradebook  # noqa: E402
from test_grade import HONEST_FUNCTION, _exercise, _implement, _rows, _submission, _write  # noqa: E402


def _files(folder: pathlib.Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _long_rows() -> list[dict]:
    """Rows as the grader makes them: per student, notebook by notebook, a note the student sees, a column
    written twice (the last one counts), points that are not whole numbers."""
    rows = []
    for student in ("ada", "ben", "'quoted", "zoe", "=cmd"):
        for notebook, keys in (("01_pmi", ("01.2", "01.3")), ("10_capstone", ("10.1", "10.report.k"))):
            for i, key in enumerate(keys):
                rows.append(dict(student=student, notebook=notebook, exercise=key, points=(len(student) + i) % 3 / 2,
                                 max_points=1 + i, feedback=f"{student} {key} | <b>"))
        rows.append(dict(student=student, notebook="01_pmi", exercise="", points=0, max_points=0,
                         feedback=f"copies of one notebook: {student}"))
        rows.append(dict(student=student, notebook="01_pmi", exercise="01.2", points=1, max_points=1,
                         feedback="the last row of a column counts"))
    return rows


def test_rows_in_any_order_give_the_same_gradebook(tmp_path):
    rows = _long_rows()
    by_student = sorted(rows, key=lambda r: r["student"])            # as grade.grade hands them over
    gradebook.write_all(tmp_path / "streamed" / "grades.csv", lambda: iter(by_student), {"ada": {"name": "Ada"}},
                        course_order=["01_pmi", "10_capstone"])
    # the students' rows interleaved at random, each student's own rows in their order (the last row counts)
    queues = {s: [r for r in rows if r["student"] == s] for s in dict.fromkeys(r["student"] for r in rows)}
    draw, shuffled = random.Random(3), []
    while queues:
        student = draw.choice(sorted(queues))
        shuffled.append(queues[student].pop(0))
        if not queues[student]:
            del queues[student]
    assert shuffled != by_student
    gradebook.write_all(tmp_path / "shuffled" / "grades.csv", shuffled, {"ada": {"name": "Ada"}},
                        course_order=["01_pmi", "10_capstone"])
    streamed, other = _files(tmp_path / "streamed"), _files(tmp_path / "shuffled")
    assert set(streamed) == set(other) == {"grades.csv", "gradebook.csv", "canvas.csv", "moodle.csv",
                                           *(f"feedback/{s}.md" for s in ("ada", "ben", "quoted", "zoe", "cmd"))}
    assert {k: v for k, v in streamed.items() if k != "grades.csv"} == \
        {k: v for k, v in other.items() if k != "grades.csv"}
    # the long CSV keeps the order it was given; the gradebook counts the last row of a column
    for folder, given in (("streamed", by_student), ("shuffled", shuffled)):
        with open(tmp_path / folder / "grades.csv", newline="", encoding="utf-8") as f:
            assert [(r["student"], r["exercise"]) for r in csv.DictReader(f)] == \
                [(gradebook.safe_text(r["student"]), r["exercise"]) for r in given]
    table = {r[0]: r for r in csv.reader((tmp_path / "streamed" / "gradebook.csv").open(encoding="utf-8"))}
    assert table["student"][2:] == ["01.2", "01.3", "10.1", "10.report.k", "01_pmi total", "10_capstone total",
                                    "total"]
    assert table["max points"][2:] == ["1", "2", "1", "2", "3", "3", "6"]
    assert table["zoe"][2:] == ["1", "0.5", "0", "0.5", "1.5", "0.5", "2"]      # 01.2 by its last row


def _graded_class(tmp_path, jobs, capture=None):
    course_nb = tmp_path / "99_synthetic.ipynb"
    course_nb.write_text(json.dumps(_submission("x = 1")))
    subs = tmp_path / "subs"
    for i in range(7):
        answer = 'answer_99_1 = "0.04"' if i % 3 else 'answer_99_1 = "0.5"'
        function = HONEST_FUNCTION if i % 2 else "def add(a, b):\n    return a - b\n"
        _write(subs, f"s{i}", "99_synthetic", _submission(answer, function))
    out = tmp_path / f"out{jobs}" / "grades.csv"
    count = grade.grade(subs, out, notebooks=[course_nb], jobs=jobs,
                        exercises={"99": [_exercise("99.1", 0.04, min_sig_figs=1), _implement()]},
                        pins={"99": {"99.1": 0.04, "99.9": None}}, secret="5eed" * 16)
    return count, out.parent


def test_one_job_or_several_write_the_same_bytes_and_keep_no_rows_in_memory(tmp_path, monkeypatch):
    kept = []
    original = grade.copy_report

    def spy(evidence):
        assert isinstance(evidence, grade.Evidence)
        kept.append(evidence.db.execute("SELECT student, digest FROM functions ORDER BY seq").fetchall())
        return original(evidence)

    monkeypatch.setattr(grade, "copy_report", spy)
    count, one = _graded_class(tmp_path, jobs=1)
    assert count == 7 * 2 and len(kept) == 1
    # the copy report's evidence is in the database, in class order, function bodies as hashes
    assert [student for student, _ in kept[0]] == [f"s{i}" for i in range(7)]
    assert all(re.fullmatch(r"[0-9a-f]{64}", digest) for _, digest in kept[0])
    _, three = _graded_class(tmp_path, jobs=3)
    assert _files(one) == _files(three)
    # the copy report still finds the same bodies: four students' a - b, three students' a + b
    with open(one / gradebook.REPORT_CSV, newline="", encoding="utf-8") as f:
        alike = sorted(r["student"] for r in csv.DictReader(f) if r["kind"] == "copy report")
    assert alike == ["s0, s2, s4, s6", "s1, s3, s5"]


def _held_after_grading(tmp_path, size: int) -> int:
    """Bytes the grader holds (traced by tracemalloc) once ``size`` students of notebook 00 are graded, just
    before the copy report is made: each student hands in the numbers of the classmate before them."""
    import course
    from teachkit.course.exercises import typed_forms

    secret, prefix = "5eed" * 16, "00"
    functions = course.pin_functions(prefix)
    numeric = [ex for ex in course.exercises_for(prefix) if grade.has_variants(ex)]
    names = [f"s{i:03d}" for i in range(size)]
    subs = tmp_path / f"subs{size}"
    for i, student in enumerate(names):
        seed = course.student_seed(secret, names[i - 1])          # a classmate's numbers: wrong for their own
        lines = [f"answer_{ex.key.replace('.', '_')} = "
                 f"{json.dumps(typed_forms(functions[ex.key](**ex.at(seed).data), ex.check)[-1])}"
                 for ex in numeric]
        _write(subs, student, "00_start_here", _submission(*lines))
    held = []
    original = grade.copy_report

    def spy(evidence):
        grade.clear_caches()          # bounded caches of cells read, filled by the first students' cells
        gc.collect()
        held.append(tracemalloc.get_traced_memory()[0])
        return original(evidence)

    out = tmp_path / f"out{size}" / "grades.csv"
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        grade.copy_report = spy
        grade.grade(subs, out, notebooks=[ROOT / "notebooks" / "00_start_here.ipynb"],
                    exercises={prefix: numeric}, pins={prefix: course.pins(prefix)}, secret=secret, jobs=1)
    finally:
        grade.copy_report = original
        tracemalloc.stop()
    with open(out.parent / gradebook.REPORT_CSV, newline="", encoding="utf-8") as f:
        copied = [r for r in csv.DictReader(f) if r["kind"] == "copy report"]
    assert len({r["student"] for r in copied}) >= size - 1          # the evidence was there to find
    assert len(_rows(out)) == size * len(numeric)
    return held[0] - start


def test_what_the_grader_holds_does_not_grow_with_the_class(tmp_path):
    _held_after_grading(tmp_path / "warm", 3)          # imports, the course's exercises: loaded once
    small, large = _held_after_grading(tmp_path, 10), _held_after_grading(tmp_path, 40)
    # the class list itself (names, by student) and numpy's scraps are all that grows: 320 bytes a student
    # measured; with the copy report's evidence kept in memory (wrong answers, variants' options and pins) it
    # was 1,560 bytes a student here
    assert (large - small) / 30 < 700, (small, large)


def test_a_lazy_listing_reads_no_hand_in_until_it_is_opened(tmp_path):
    # make grade lists each student's files when that student is graded (handins.hand_ins(lazy=True)), so the
    # class's listings are never in memory together; opened() must give exactly what the eager listing gives
    import zipfile

    import handins

    for name in ("ada", "bob"):
        (tmp_path / name / "sub").mkdir(parents=True)
        (tmp_path / name / "01_pmi.ipynb").write_text("{}", encoding="utf-8")
        (tmp_path / name / "sub" / "notes.txt").write_text("x", encoding="utf-8")
    with zipfile.ZipFile(tmp_path / "cy.zip", "w") as zf:
        zf.writestr("cy/02_npmi.ipynb", "{}")
        zf.writestr("__MACOSX/._02_npmi.ipynb", "x")
    (tmp_path / "dee.zip").write_bytes(b"not a zip")
    eager, eager_other = handins.hand_ins(tmp_path)
    lazy, lazy_other = handins.hand_ins(tmp_path, lazy=True)
    assert lazy_other == eager_other
    assert [(h.student, h.where) for h in lazy] == [(h.student, h.where) for h in eager]
    assert all(h.files == [] and h.skipped == [] and h.pending is not None for h in lazy)   # nothing listed yet
    opened = [handins.opened(h) for h in lazy]

    def seen(hand_in):       # a file's reader is a new function each listing: compare what it reads
        return (hand_in.student, hand_in.where, hand_in.skipped, hand_in.problem,
                [(f.where, f.name, f.depth, f.read()) for f in hand_in.files])

    assert [seen(h) for h in opened] == [seen(h) for h in eager]
    assert any(h.files for h in opened) and any(h.problem for h in opened)       # files found, the bad zip named
    assert handins.opened(eager[0]) is eager[0]
