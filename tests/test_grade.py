"""Grading: generated submissions graded end to end into one CSV, honest ones and cheating ones.

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
import pytest  # noqa: E402
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


# ------------------------------------------------------------------ reading answers without running them
def test_answer_lines_are_read_as_literals_only():
    nb = _submission('answer_99_1 = "0.04"', "answer_99_2 = 0.125", "answer_99_3 = -2",
                     "answer_99_4 = str(1/8)", "x = 1\nanswer_99_5 = x", "answer_99_1 = '0,04'",
                     "def f(:\n  broken", 'answer_99_6 = f"{1}"')
    found = grade.answer_lines(nb)
    assert found["answer_99_1"] == "0,04" and found["answer_99_2"] == 0.125 and found["answer_99_3"] == -2
    assert all(found[k] is grade.NOT_A_LITERAL for k in ("answer_99_4", "answer_99_5", "answer_99_6"))


@pytest.mark.parametrize("pin, named", [
    (float("nan"), "must be a finite number"), (float("inf"), "must be a finite number"),
    ("0.5", "must be a finite number, got '0.5'"), (True, "must be a finite number, got True"),
])
def test_a_broken_pin_stops_grading_before_any_submission_is_judged(tmp_path, pin, named):
    course_nb = tmp_path / "99_synthetic.ipynb"
    course_nb.write_text(json.dumps(_submission("x = 1")))
    subs = tmp_path / "subs"
    _write(subs, "ada", "99_synthetic", _submission('answer_99_1 = "0.5"'))
    out = tmp_path / "grades.csv"
    out.write_text("an earlier gradebook\n", encoding="utf-8")
    with pytest.raises(ValueError, match=f"exercise 99.1: its pinned answer {named}"):
        grade.grade(subs, out, notebooks=[course_nb], exercises={"99": [_exercise("99.1", 0.5)]},
                    pins={"99": {"99.1": pin}})
    assert out.read_text(encoding="utf-8") == "an earlier gradebook\n"     # untouched


# ------------------------------------------------------------------ the cheating suite
def _implement(key="99.9"):
    from teachkit.exercises import Implement

    return Implement(key=key, label="add", question="Write add(a, b).", reference=lambda a, b: a + b,
                     inputs=lambda rng: {"a": float(rng.uniform(-5, 5)), "b": float(rng.uniform(-5, 5))},
                     template="def add(a, b):\n    ...\n", solution="a + b", wrong=(lambda a, b: a - b,),
                     trials=20, seed=1)


HONEST_FUNCTION = "def add(a, b):\n    return a + b\n"

CHEATS = {
    # every number wrong, plus a cell that patches the grader's checks and an always-equal string
    "patcher": ['answer_99_1 = "0.05"',
                "import teachkit.selfcheck as s, teachkit.exercises as e\n"
                "class Yes(str):\n    def __eq__(self, other): return True\n    __hash__ = str.__hash__\n"
                "s.check_answer = lambda *a, **k: type('F', (), {'correct': True, 'message': 'ok'})()\n"
                "e.get = lambda key: None\nanswer_99_1 = Yes('0.05')",
                "def add(a, b):\n    import teachkit.exercises as e\n    e._same = lambda *x: True\n    return 0\n"],
    # reads the answer key (the pins, the tests) while its function runs
    "key_reader": ['answer_99_1 = open("../tests/exercise_pins/nb01.py").read()',
                   "def add(a, b):\n    import glob\n    for p in glob.glob('/work/**/exercise_pins/*.py', recursive=True):\n"
                   "        return float(open(p).read()[:3])\n    return 0\n"],
    # shells out to write into the course folder and /tmp
    "shell": ["def add(a, b):\n    import os\n    os.system('touch {root}/PWNED {tmp}/PWNED')\n"
              "    open('{root}/PWNED2', 'w').write('x')\n    return a - b\n"],
    "endless": ["def add(a, b):\n    while True:\n        pass\n"],
    "hog": ["def add(a, b):\n    block = bytearray(10 * 2**30)\n    return a + b\n"],
    "reference_caller": ["def add(a, b):\n    import teachkit\n    return a + b\n"],
    # writes without end to the real standard output (past the runner's redirection)
    "flooder": ["def add(a, b):\n    import os\n    while True:\n        os.write(1, b'x' * 65536)\n"],
    # forges the runner's results line with made-up values, then leaves before the runner writes
    "forger": ["def add(a, b):\n    import os, json\n"
               "    os.write(1, ('\\n" + grade.sandbox.MARK + "' + json.dumps({'error': None, 'values': [['ok', 0.0]] * 99}) + '\\n').encode())\n"
               "    os._exit(0)\n"],
}


def test_cheating_submissions_score_zero_and_leave_nothing_behind(tmp_path):
    """Each cheat gets 0 for what it cheats on and changes nothing on disk; an honest submission graded in
    the same run keeps its marks."""
    import tempfile

    root, tmp = ROOT, pathlib.Path(tempfile.gettempdir())
    before = {p for p in (root, tmp) for p in p.iterdir()}
    pins = {"99": {"99.1": 0.04, "99.9": None}}
    exercises = {"99": [_exercise("99.1", 0.04, min_sig_figs=1), _implement()]}
    course_nb = tmp_path / "course" / "99_synthetic.ipynb"
    course_nb.parent.mkdir()
    course_nb.write_text(json.dumps(_submission("x = 1")))
    subs = tmp_path / "submissions"
    _write(subs, "honest", "99_synthetic", _submission('answer_99_1 = "0.04"', HONEST_FUNCTION))
    for name, cells in CHEATS.items():
        _write(subs, name, "99_synthetic", _submission(*[c.replace("{root}", str(root)).replace("{tmp}", str(tmp)) for c in cells]))
    out = tmp_path / "grades.csv"
    grade.grade(subs, out, notebooks=[course_nb], exercises=exercises, pins=pins, jobs=2, timeout=5)
    table = {(r["student"], r["exercise"]): (float(r["points"]), r["feedback"]) for r in _rows(out)}
    assert table["honest", "99.1"] == (1, "right") and table["honest", "99.9"] == (1, "right")
    for name in CHEATS:
        assert table[name, "99.9"][0] == 0, (name, table[name, "99.9"])
    for name in ("patcher", "key_reader"):
        assert table[name, "99.1"][0] == 0, (name, table[name, "99.1"])
    assert "did not finish within 5 s" in table["endless", "99.9"][1]
    assert "MemoryError" in table["hog", "99.9"][1] or "memory" in table["hog", "99.9"][1]
    assert "No module named 'teachkit'" in table["reference_caller", "99.9"][1]
    assert "stopped for printing more than 8 MiB" in table["flooder", "99.9"][1]
    after = {p for p in (root, tmp) for p in p.iterdir()}
    assert not {p for p in after - before if "PWNED" in p.name}, "a submission wrote into the course or /tmp"
    assert not (root / "PWNED").exists() and not (root / "PWNED2").exists() and not (tmp / "PWNED").exists()


def test_a_function_that_never_ends_does_not_stop_the_rest(tmp_path):
    course_nb = tmp_path / "99_synthetic.ipynb"
    course_nb.write_text(json.dumps(_submission("x = 1")))
    subs = tmp_path / "subs"
    _write(subs, "eve", "99_synthetic", _submission('answer_99_1 = "1"', CHEATS["endless"][0]))
    _write(subs, "fay", "99_synthetic", _submission('answer_99_1 = "1"', HONEST_FUNCTION))
    out = tmp_path / "grades.csv"
    grade.grade(subs, out, notebooks=[course_nb], timeout=3,
                exercises={"99": [_exercise("99.1", 1, min_sig_figs=1), _implement()]},
                pins={"99": {"99.1": 1, "99.9": None}})
    table = {(r["student"], r["exercise"]): float(r["points"]) for r in _rows(out)}
    assert table == {("eve", "99.1"): 1, ("eve", "99.9"): 0, ("fay", "99.1"): 1, ("fay", "99.9"): 1}


def test_the_grader_reads_choices_and_percentages_as_the_self_check_box_does():
    from teachkit.exercises import get as tex_get

    assert grade.judge_answer(tex_get("04b.3"), "lower", "Lower") == (1, "right")
    assert grade.judge_answer(tex_get("05.6"), "more than (1 − d)/n", "more than (1 - d)/n") == (1, "right")
    points, feedback = grade.judge_answer(tex_get("01.1"), -2.813410716760037, "-281%")
    assert points == 0 and "percentage does not fit" in feedback
    assert grade.judge_answer(tex_get("00.1"), 0.04, "4%") == (1, "right")
