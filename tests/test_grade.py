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

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import grade  # noqa: E402
from teachkit.exercises import Exercise  # noqa: E402


def _exercise(key, value, **check):
    return Exercise(key=key, label=key, question=f"Exercise {key}: give {value}.", data={"value": value},
                    answer=lambda value: value, solution="{expected}", right=(str(value),), wrong=("999",),
                    check=check)


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


def test_wrong_empty_and_broken_submissions(tmp_path):
    # Pins by hand: 400 / 10,000 = 0.04; 1/8 = 0.125; ln(e^2) = 2.
    pins = {"99": {"99.1": 400 / 10_000, "99.2": 1 / 8, "99.3": 2}}
    exercises = {"99": [_exercise("99.1", 0.04, min_sig_figs=1), _exercise("99.2", 0.125),
                        _exercise("99.3", 2, min_sig_figs=1)]}
    course_nb = tmp_path / "course" / "99_synthetic.ipynb"
    course_nb.parent.mkdir()
    course_nb.write_text(json.dumps(_submission("x = 1")))
    subs = tmp_path / "submissions"
    _write(subs, "ben", "99_synthetic", _submission('answer_99_1 = "0.05"', 'answer_99_2 = "0.125"',
                                                    'answer_99_3 = ""'))
    _write(subs, "dee", "99_synthetic", "{ this is not a notebook")
    out = tmp_path / "grades.csv"
    grade.grade(subs, out, notebooks=[course_nb], exercises=exercises, pins=pins)
    rows = _rows(out)
    assert list(rows[0]) == ["student", "notebook", "exercise", "points", "feedback"]
    table = {(r["student"], r["exercise"]): r for r in rows}
    points = {k: float(r["points"]) for k, r in table.items()}
    assert [points["ben", k] for k in ("99.1", "99.2", "99.3")] == [0, 1, 0]
    assert "Not quite" in table["ben", "99.1"]["feedback"]
    assert "empty" in table["ben", "99.3"]["feedback"]
    assert [points["dee", k] for k in ("99.1", "99.2", "99.3")] == [0, 0, 0]
    assert table["dee", "99.1"]["feedback"].startswith("not graded")
    assert {r["notebook"] for r in rows} == {"99_synthetic"}


# ---------------------------------------------------------------- the course: make release, then make grade
NOTEBOOK = "01_pmi"   # numbers, a prediction among choices and a function to write


def _fill(nb, answers, functions, raising=False):
    """The released notebook ``nb`` with the answer lines and function cells filled in."""
    import course

    nb = json.loads(json.dumps(nb))
    for cell in nb["cells"]:
        src = course.source(cell)
        for key, typed in answers.items():
            if src.rstrip().endswith(f'{course.answer_variable(key)} = ""'):
                cell["source"] = src.rstrip()[: -len('""')] + json.dumps(typed)
        for name, code in functions.items():
            if src.lstrip().startswith(f"def {name}("):
                cell["source"] = code
    if raising:
        first_code = next(i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code")
        nb["cells"].insert(first_code + 1, {"cell_type": "code", "execution_count": None, "id": "student-bug",
                                            "metadata": {}, "outputs": [],
                                            "source": "raise RuntimeError('a bug in the student code')"})
    return nb


def test_make_grade_on_released_course_notebook(tmp_path):
    import subprocess

    import course
    import release

    release.release([ROOT / "notebooks" / f"{NOTEBOOK}.ipynb"], tmp_path / "release")
    student = json.loads((tmp_path / "release" / "student" / f"{NOTEBOOK}.ipynb").read_text(encoding="utf-8"))
    exercises = course.exercises_for(NOTEBOOK[:2])
    numbers = [ex for ex in exercises if course.kind(ex) != "function"]
    functions = [ex for ex in exercises if course.kind(ex) == "function"]
    assert len(numbers) >= 2 and functions
    right = {ex.key: ex.right[0] for ex in numbers}
    # PMI written out by hand: ln(c_xy n / (c_x c_y)).
    pmi = {course.function_name(ex): (f"def {course.function_name(ex)}(c_xy, c_x, c_y, n):\n"
                                      "    import math\n    return math.log(c_xy * n / (c_x * c_y))")
           for ex in functions}
    two_wrong = dict(right, **{ex.key: ex.wrong[0] for ex in numbers[:2]})
    subs = tmp_path / "submissions"
    for student_name, nb in (("ada", _fill(student, right, pmi)),
                             ("ben", _fill(student, two_wrong, pmi)),
                             ("cy", _fill(student, right, pmi, raising=True))):
        _write(subs, student_name, NOTEBOOK, nb)
    grades = tmp_path / "grades.csv"
    # -o: the test runs inside the installed environment; never reinstall (no registry at test time).
    done = subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed-test", "grade",
                           f"SUBMISSIONS={subs}", f"GRADES={grades}"],
                          cwd=ROOT, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr
    table = {(r["student"], r["exercise"]): r for r in _rows(grades)}
    keys = [ex.key for ex in exercises]
    assert sorted({k for _, k in table}) == sorted(keys)
    for key in keys:
        assert float(table["ada", key]["points"]) == 1, table["ada", key]
        assert float(table["cy", key]["points"]) == 1, table["cy", key]   # the raising cell does not stop grading
        wrong = key in {ex.key for ex in numbers[:2]}
        assert float(table["ben", key]["points"]) == (0 if wrong else 1), table["ben", key]
    assert all(table["ada", k]["feedback"] == "right" for k in keys)
    assert all(table["ben", ex.key]["feedback"] != "right" for ex in numbers[:2])


def test_a_submission_that_never_ends_is_stopped(tmp_path):
    # An endless loop: otter would wait for ever; the grader stops it (and its kernel) and says why.
    pins = {"99": {"99.1": 1}}
    exercises = {"99": [_exercise("99.1", 1, min_sig_figs=1)]}
    autograder = grade.write_autograder("99", tmp_path, exercises["99"], pins["99"])
    path = _write(tmp_path / "subs", "eve", "99_synthetic", _submission('answer_99_1 = "1"', "while True: pass"))
    result = grade.grade_one(path, autograder, timeout=5)
    assert list(result) == [None]
    points, feedback = result[None]
    assert points == 0 and "longer than 5 s" in feedback


# ------------------------------------------------------------------ bad input to the grader
import math  # noqa: E402

import pytest  # noqa: E402


@pytest.mark.parametrize("pin, named", [
    (float("nan"), "a pin must be a finite number"),
    (float("inf"), "a pin must be a finite number"),
    ("0.5", "must be a number, got str"),
    (True, "must be a number, got bool"),
])
def test_a_broken_pin_is_refused_before_a_test_file_is_written(pin, named):
    with pytest.raises(ValueError) as info:
        grade.test_file(_exercise("99.1", 0.5), pin)
    assert "exercise 99.1" in str(info.value) and named in str(info.value)


@pytest.mark.parametrize("results, feedback", [
    ({"tests": [{"name": "99.1", "score": float("nan"), "max_score": 1}]}, "otter reported the score nan"),
    ({"tests": [{"name": "99.1", "score": "1", "max_score": 1}]}, "otter reported the score '1'"),
    ({"tests": [{"name": "99.1", "score": 5, "max_score": 1}]}, "otter reported the score 5"),
])
def test_an_odd_score_is_zero_points_with_a_reason_never_nan(results, feedback):
    points, message = grade.parse_results(results)["99.1"]
    assert points == 0 and not (isinstance(points, float) and math.isnan(points)) and feedback in message


@pytest.mark.parametrize("results", [{}, {"tests": None}, {"tests": [1, 2]}, [], "x"])
def test_malformed_results_are_a_clear_error(results):
    with pytest.raises(ValueError, match="no list of tests"):
        grade.parse_results(results)


def test_grading_without_otter_says_what_to_install(tmp_path, monkeypatch):
    real = grade.importlib.util.find_spec
    monkeypatch.setattr(grade.importlib.util, "find_spec", lambda name: None if name == "otter" else real(name))
    out = tmp_path / "grades.csv"
    out.write_text("an earlier gradebook\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"otter-grader.*teacher extra.*\.\[teacher\]"):
        grade.grade(tmp_path, out)
    assert out.read_text(encoding="utf-8") == "an earlier gradebook\n"   # untouched
