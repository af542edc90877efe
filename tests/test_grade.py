"""Grading with otter-grader: generated submissions graded end to end into one CSV.

The synthetic test needs no course exercise: it grades small notebooks that
record answers the way the student release asks (``answer_XX_n = "..."``),
against pins written out here.  The course test (below) releases a real
notebook, fills in its answer cells and runs ``make grade``.
"""

from __future__ import annotations

import csv
import json
import pathlib
import sys
import types

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import grade  # noqa: E402


def _exercise(key, **check):
    return types.SimpleNamespace(key=key, data={}, answer=lambda: None, solution="", check=check)


def _submission(*sources):
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": s}
             for s in sources]
    return {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                         "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def _write(folder, student, name, nb):
    path = folder / student / f"{name}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(nb if isinstance(nb, str) else json.dumps(nb), encoding="utf-8")
    return path


def _rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_grades_right_wrong_raising_and_broken_submissions(tmp_path):
    # Pins by hand: 400 / 10,000 = 0.04; 1/8 = 0.125; ln(e^2) = 2.
    pins = {"99": {"99.1": 400 / 10_000, "99.2": 1 / 8, "99.3": 2}}
    exercises = {"99": [_exercise("99.1", min_sig_figs=1), _exercise("99.2"), _exercise("99.3", min_sig_figs=1)]}
    course_nb = tmp_path / "course" / "99_synthetic.ipynb"
    course_nb.parent.mkdir()
    course_nb.write_text(json.dumps(_submission("x = 1")))
    subs = tmp_path / "submissions"
    _write(subs, "ada", "99_synthetic", _submission('answer_99_1 = "0,04"', 'answer_99_2 = "1/8"',
                                                    'answer_99_3 = "2"'))
    _write(subs, "ben", "99_synthetic", _submission('answer_99_1 = "0.05"', 'answer_99_2 = "0.125"',
                                                    'answer_99_3 = ""'))
    # a cell that raises, then the answers: graded all the same
    _write(subs, "cy", "99_synthetic", _submission('answer_99_1 = "4%"', "1 / 0", 'answer_99_2 = "0.13"',
                                                   'answer_99_3 = "2.0"'))
    _write(subs, "dee", "99_synthetic", "{ this is not a notebook")
    out = tmp_path / "grades.csv"
    grade.grade(subs, out, notebooks=[course_nb], exercises=exercises, pins=pins)
    rows = _rows(out)
    assert list(rows[0]) == ["student", "notebook", "exercise", "points", "feedback"]
    table = {(r["student"], r["exercise"]): r for r in rows}
    points = {k: float(r["points"]) for k, r in table.items()}
    assert [points["ada", k] for k in ("99.1", "99.2", "99.3")] == [1, 1, 1]
    assert [points["ben", k] for k in ("99.1", "99.2", "99.3")] == [0, 1, 0]
    assert "Not quite" in table["ben", "99.1"]["feedback"]
    assert "empty" in table["ben", "99.3"]["feedback"]
    assert [points["cy", k] for k in ("99.1", "99.2", "99.3")] == [1, 1, 1]
    assert [points["dee", k] for k in ("99.1", "99.2", "99.3")] == [0, 0, 0]
    assert table["dee", "99.1"]["feedback"].startswith("not graded")
    assert {r["notebook"] for r in rows} == {"99_synthetic"}
