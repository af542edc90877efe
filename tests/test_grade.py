"""Grading: generated submissions graded end to end into one CSV, honest ones and cheating ones.

The synthetic test needs no course exercise: it grades small notebooks that
record answers the way the student release asks (``answer_XX_n = "..."``),
against pins written out here.  The course test (below) releases a real
notebook, fills in its answer cells and runs ``make grade``.
"""

from __future__ import annotations

import csv
import json
import math
import os
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import grade  # noqa: E402
import pytest  # noqa: E402
from teachkit.course.exercises import Exercise  # noqa: E402


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
    assert list(rows[0]) == ["student", "notebook", "exercise", "points", "max_points", "feedback"]
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
    # PMI written out by hand: ln(c_xy n / (c_x c_y)), and -inf for a pair that never shares a window.
    pmi = {course.function_name(ex): (f"def {course.function_name(ex)}(c_xy, c_x, c_y, n):\n"
                                      "    import math\n    if c_xy == 0:\n        return -math.inf\n"
                                      "    return math.log(c_xy * n / (c_x * c_y))")
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
                           f"SUBMISSIONS={subs}", f"GRADES={grades}", f"RELEASE_DIR={tmp_path / 'release'}"],
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
    from teachkit.course.exercises import Implement

    return Implement(key=key, label="add", question="Write add(a, b).", reference=lambda a, b: a + b,
                     inputs=lambda rng: {"a": float(rng.uniform(-5, 5)), "b": float(rng.uniform(-5, 5))},
                     template="def add(a, b):\n    ...\n", solution="a + b", wrong=(lambda a, b: a - b,),
                     trials=20, seed=1)


HONEST_FUNCTION = "def add(a, b):\n    return a + b\n"

CHEATS = {
    # every number wrong, plus a cell that patches the grader's checks and an always-equal string
    "patcher": ['answer_99_1 = "0.05"',
                "import teachkit.course.selfcheck as s, teachkit.course.exercises as e\n"
                "class Yes(str):\n    def __eq__(self, other): return True\n"
                "    __hash__ = str.__hash__\n"
                "s.check_answer = lambda *a, **k: type('F', (), {'correct': True, 'message': 'ok'})()\n"
                "e.get = lambda key: None\nanswer_99_1 = Yes('0.05')",
                "def add(a, b):\n    import teachkit.course.exercises as e\n"
                "    e._same = lambda *x: True\n    return 0\n"],
    # reads the answer key (the pins, the tests) while its function runs
    "key_reader": ['answer_99_1 = open("../tests/exercise_pins/nb01.py").read()',
                   "def add(a, b):\n    import glob\n"
                   "    for p in glob.glob('/work/**/exercise_pins/*.py', recursive=True):\n"
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
               "    os.write(1, ('\\n" + grade.sandbox.MARK
               + "' + json.dumps({'error': None, 'values': [['ok', 0.0]] * 99}) + '\\n').encode())\n"
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
        _write(subs, name, "99_synthetic",
               _submission(*[c.replace("{root}", str(root)).replace("{tmp}", str(tmp)) for c in cells]))
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
    from teachkit.course.exercises import get as tex_get

    assert grade.judge_answer(tex_get("04b.3"), "lower", "Lower") == (1, "right")
    assert grade.judge_answer(tex_get("05.6"), "more than (1 − d)/n", "more than (1 - d)/n") == (1, "right")
    points, feedback = grade.judge_answer(tex_get("01.2"), tex_get("01.2").expected, "-143%")
    assert points == 0 and "percentage does not fit" in feedback
    assert grade.judge_answer(tex_get("00.1"), 0.04, "4%") == (1, "right")


# ---------------------------------------------------------------- the gradebook
def _class(tmp_path):
    """Two notebooks (98: 98.1 worth 2 points, 98.2 worth 1; 99: 99.1 worth 1) and four students:
    ada all right, ben 98.1 wrong and no notebook 99, =cmd (a folder named like a formula) only 99, and
    eve on the roster without a folder."""
    import dataclasses

    ex98 = [dataclasses.replace(_exercise("98.1", 0.5, min_sig_figs=1), points=2), _exercise("98.2", 3, min_sig_figs=1)]
    ex99 = [_exercise("99.1", 0.04, min_sig_figs=1)]
    course_dir = tmp_path / "course"
    course_dir.mkdir()
    for name in ("98_first", "99_second"):
        (course_dir / f"{name}.ipynb").write_text(json.dumps(_submission("x = 1")))
    subs = tmp_path / "submissions"
    _write(subs, "ada", "98_first", _submission('answer_98_1 = "0.5"', 'answer_98_2 = "3"'))
    _write(subs, "ada", "99_second", _submission('answer_99_1 = "0.04"'))
    _write(subs, "ben", "98_first", _submission('answer_98_1 = "0.6"', 'answer_98_2 = "3"'))
    _write(subs, "=cmd", "99_second", _submission('answer_99_1 = "0.04"'))
    roster = tmp_path / "roster.csv"
    roster.write_text("student,name,id,sis_user_id,section,email\nada,Ada Lovelace,101,S1,A,ada@example.org\n"
                      "ben,Ben,102,S2,A,ben@example.org\neve,Eve,103,S3,B,eve@example.org\n", encoding="utf-8")
    out = tmp_path / "out" / "grades.csv"
    grade.grade(subs, out, notebooks=sorted(course_dir.glob("*.ipynb")), exercises={"98": ex98, "99": ex99},
                pins={"98": {"98.1": 0.5, "98.2": 3}, "99": {"99.1": 0.04}}, roster=roster)
    return out.parent


def test_gradebook_has_one_row_per_student_with_totals_and_maxima(tmp_path):
    folder = _class(tmp_path)
    rows = list(csv.reader((folder / "gradebook.csv").open(encoding="utf-8")))
    assert rows[0] == ["student", "name", "98.1", "98.2", "99.1", "98_first total", "99_second total", "total"]
    assert rows[1] == ["max points", "", "2", "1", "1", "3", "1", "4"]          # 2 + 1, 1, 3 + 1
    table = {r[0]: r[2:] for r in rows[2:]}
    assert table["ada"] == ["2", "1", "1", "3", "1", "4"]
    assert table["ben"] == ["0", "1", "0", "1", "0", "1"]                      # 98.1 wrong, no notebook 99
    assert table["eve"] == ["0", "0", "0", "0", "0", "0"]                      # on the roster, nothing handed in
    assert table["'=cmd"] == ["0", "0", "1", "0", "1", "1"]                    # a formula kept as text
    long = {(r["student"], r["exercise"]): r for r in _rows(folder / "grades.csv")}
    assert long["ben", "99.1"]["feedback"] == "no submission of 99_second"
    assert long["ada", "98.1"]["max_points"] == "2"


def test_canvas_and_moodle_files_follow_their_import_layouts(tmp_path):
    folder = _class(tmp_path)
    canvas = list(csv.reader((folder / "canvas.csv").open(encoding="utf-8")))
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "teachkit 98_first",
                         "teachkit 99_second"]
    assert canvas[1] == ["Points Possible", "", "", "", "", "3", "1"]
    by_name = {r[0]: r for r in canvas[2:]}
    assert by_name["Ada Lovelace"] == ["Ada Lovelace", "101", "S1", "", "A", "3", "1"]
    assert by_name["Eve"][1:] == ["103", "S3", "", "B", "0", "0"]
    moodle = list(csv.reader((folder / "moodle.csv").open(encoding="utf-8")))
    assert moodle[0] == ["Username", "Email address", "ID number", "Full name", "teachkit 98_first",
                         "teachkit 99_second"]
    assert ["ada", "ada@example.org", "101", "Ada Lovelace", "3", "1"] in moodle
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in canvas + moodle for cell in row)


def test_each_student_gets_a_feedback_file_inside_the_feedback_folder(tmp_path):
    folder = _class(tmp_path)
    files = sorted(p.name for p in (folder / "feedback").iterdir())
    assert files == ["ada.md", "ben.md", "cmd.md", "eve.md"]                   # "=cmd" made a safe name
    ben = (folder / "feedback" / "ben.md").read_text(encoding="utf-8")
    assert "## 98_first: 1 of 3 points" in ben and "| 98.1 | 0 | 2 | Not quite" in ben
    assert "no submission of 99_second" in ben and "**Total: 1 of 4 points.**" in ben
    assert not list(tmp_path.glob("**/.feedback*")), "a staging folder was left behind"


def test_a_bad_roster_is_named_before_anything_is_graded(tmp_path):
    bad = tmp_path / "roster.csv"
    bad.write_text("name,id\nAda,1\n", encoding="utf-8")
    subs = tmp_path / "subs"
    subs.mkdir()
    with pytest.raises(SystemExit, match="no 'student' column"):
        grade.grade(subs, tmp_path / "g.csv", notebooks=[], exercises={}, pins={}, roster=bad)
    bad.write_text("student,grade\nada,1\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"unknown column\(s\) \['grade'\]"):
        grade.grade(subs, tmp_path / "g.csv", notebooks=[], exercises={}, pins={}, roster=bad)


def test_exercise_points_must_be_a_positive_number():
    import dataclasses

    with pytest.raises(ValueError, match="points of exercise 99.1 must be a positive finite number"):
        dataclasses.replace(_exercise("99.1", 1), points=0)
    with pytest.raises(TypeError, match="points of exercise 99.1 must be a number"):
        dataclasses.replace(_exercise("99.1", 1), points="2")


def test_a_function_returning_text_where_an_array_is_expected_scores_zero_and_grading_goes_on(tmp_path):
    """A returned list of strings against a reference array once made the comparison ask numpy for the truth of
    an elementwise ``==`` and stopped the whole class's grading; now it is a wrong answer like any other."""
    import numpy as np
    from teachkit.course.exercises import Implement

    pair = Implement(key="99.8", label="pair", question="Write pair(a, b).", reference=lambda a, b: np.array([a, b]),
                     inputs=lambda rng: {"a": float(rng.uniform(-5, 5)), "b": float(rng.uniform(-5, 5))},
                     template="def pair(a, b):\n    ...\n", solution="np.array([a, b])", trials=5, seed=1)
    course_nb = tmp_path / "99_synthetic.ipynb"
    course_nb.write_text(json.dumps(_submission("x = 1")))
    subs = tmp_path / "submissions"
    _write(subs, "text", "99_synthetic", _submission("def pair(a, b):\n    return ['a', 'b']\n"))
    _write(subs, "word", "99_synthetic", _submission("def pair(a, b):\n    return 'ab'\n"))
    _write(subs, "honest", "99_synthetic", _submission("def pair(a, b):\n    return [a, b]\n"))
    out = tmp_path / "grades.csv"
    grade.grade(subs, out, notebooks=[course_nb], exercises={"99": [pair]}, pins={"99": {"99.8": None}}, timeout=20)
    table = {r["student"]: (float(r["points"]), r["feedback"]) for r in _rows(out)}
    for student, returned in (("text", "['a', 'b']"), ("word", "'ab'")):
        points, feedback = table[student]
        # the input it failed on, what it returned and what teachkit gives: something a student can act on
        # 5 shipped inputs and 5 drawn at grading time
        assert points == 0 and feedback.startswith("pair differs from teachkit on input 1 of 10 (a="), feedback
        assert f"it returned {returned}, teachkit gives [" in feedback, feedback
    assert table["honest"] == (1, "right")


# ---------------------------------------------------------------- a class that cannot break the grading
FORGED_DEEP = ("def add(a, b):\n    import os\n"
               "    os.write(1, b'\\n' + " + repr(grade.sandbox.MARK.encode()) + " + b'[' * 100000 + b']' * 100000"
               " + b'\\n')\n    os._exit(0)\n")

#: The five inputs that each stopped ``make grade`` for the whole class (issue 36), as (cells or file text).
CRASHES = {
    "brackets": "[" * 100_000 + "]" * 100_000,                           # RecursionError in json.loads
    "minus": ['answer_99_1 = ' + "-" * 10_000 + "1", HONEST_FUNCTION],    # MemoryError in ast.parse
    "long_sum": ["x = " + "+".join(["1"] * 3000), 'answer_99_1 = "0.04"', HONEST_FUNCTION],   # RecursionError
    "hex": ["answer_99_1 = 0x" + "f" * 5000, HONEST_FUNCTION],          # ValueError: integer digits
    "forged": ['answer_99_1 = "0.04"', FORGED_DEEP],                     # RecursionError reading the result line
}


def _synthetic_course(tmp_path, name="99_synthetic"):
    course_nb = tmp_path / "course" / f"{name}.ipynb"
    course_nb.parent.mkdir(exist_ok=True)
    course_nb.write_text(json.dumps(_submission("x = 1")))
    return course_nb, {"99": [_exercise("99.1", 0.04, min_sig_figs=1), _implement()]}, {"99": {"99.1": 0.04,
                                                                                              "99.9": None}}


def _grade(tmp_path, subs, **options):
    course_nb, exercises, pins = _synthetic_course(tmp_path)
    out = tmp_path / "out" / "grades.csv"
    grade.grade(subs, out, notebooks=[course_nb], exercises=exercises, pins=pins, timeout=10, **options)
    table = {(r["student"], r["exercise"]): (float(r["points"]), r["feedback"]) for r in _rows(out)}
    with open(out.parent / "teacher-report.csv", newline="", encoding="utf-8") as f:
        report = list(csv.DictReader(f))
    return table, report, out.parent


def test_each_of_the_five_crash_inputs_gets_its_row_and_the_class_is_graded(tmp_path):
    subs = tmp_path / "subs"
    _write(subs, "honest", "99_synthetic", _submission('answer_99_1 = "0.04"', HONEST_FUNCTION))
    for student, cells in CRASHES.items():
        _write(subs, student, "99_synthetic", cells if isinstance(cells, str) else _submission(*cells))
    (subs / "zero").mkdir()
    (subs / "zero" / "99_synthetic.ipynb").symlink_to("/dev/zero")      # read until the memory ran out
    table, report, _ = _grade(tmp_path, subs, jobs=2)
    assert table["honest", "99.1"] == (1, "right") and table["honest", "99.9"] == (1, "right")
    assert table["brackets", "99.1"][0] == 0 and "nests deeper than" in table["brackets", "99.1"][1]
    assert table["minus", "99.1"][0] == 0 and table["minus", "99.9"][0] == 1         # the rest still graded
    assert table["long_sum", "99.1"] == (1, "right")                               # the deep cell alone is left
    assert table["hex", "99.1"] == (0, 'no answer: the number has too many digits to be an answer; '
                                       'write answer_99_1 = "..." with your answer')
    assert table["forged", "99.1"] == (1, "right")
    assert table["forged", "99.9"] == (0, "add: its output could not be read")
    assert table["zero", "99.1"][0] == 0 and "symbolic link" in table["zero", "99.1"][1]
    assert {s for s, _ in table} == set(CRASHES) | {"honest", "zero"}
    assert any(r["student"] == "zero" and "symbolic link" in r["detail"] for r in report)


def test_links_devices_and_fifos_are_never_followed(tmp_path):
    subs = tmp_path / "subs"
    honest = _write(subs, "honest", "99_synthetic", _submission('answer_99_1 = "0.04"', HONEST_FUNCTION))
    (subs / "linker").mkdir()
    (subs / "linker" / "99_synthetic.ipynb").symlink_to(honest)              # a classmate's notebook
    teacher = tmp_path / "teacher"
    _write(tmp_path, "teacher", "99_synthetic", _submission('answer_99_1 = "0.04"', HONEST_FUNCTION))
    (subs / "mallory").symlink_to(teacher / "")                              # a folder link to the teacher's files
    (subs / "piper").mkdir()
    os.mkfifo(subs / "piper" / "99_synthetic.ipynb")                          # reading it would wait for ever
    table, report, _ = _grade(tmp_path, subs)
    assert table["honest", "99.1"] == (1, "right")
    for student in ("linker", "mallory", "piper"):
        assert table[student, "99.1"][0] == 0 and table[student, "99.9"][0] == 0, student
    assert "symbolic link" in table["mallory", "99.1"][1]
    details = " ".join(r["detail"] for r in report)
    assert "linker/99_synthetic.ipynb: it is a symbolic link" in details
    assert "piper/99_synthetic.ipynb: it is not a regular file" in details


def _zip(path, entries):
    """A zip whose entries are (name, bytes) or (name, bytes, mode) (a mode with S_IFLNK makes a link)."""
    import zipfile

    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data, *mode in entries:
            info = zipfile.ZipInfo(name)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (mode[0] if mode else 0o100644) << 16
            zf.writestr(info, data)


def test_zips_are_read_not_extracted_without_links_traversal_bombs_or_macos_forks(tmp_path):
    import stat

    subs = tmp_path / "subs"
    subs.mkdir()
    honest = json.dumps(_submission('answer_99_1 = "0.04"', HONEST_FUNCTION)).encode()
    _zip(subs / "zed.zip", [("zed/99_synthetic.ipynb", honest),
                            ("__MACOSX/zed/._99_synthetic.ipynb", b"\x00\x05\x16\x07 resource fork"),
                            ("zed/._99_synthetic.ipynb", b"\x00\x05\x16\x07"),
                            ("zed/link.ipynb", b"/etc/passwd", stat.S_IFLNK | 0o777),
                            ("../../escape.ipynb", honest)])
    _zip(subs / "bomb.zip", [("99_synthetic.ipynb", b" " * (80 << 20))])     # 80 MiB of spaces, ~80 KiB zipped
    (subs / "broken.zip").write_bytes(b"PK\x03\x04 not really a zip")
    table, report, _ = _grade(tmp_path, subs)
    assert table["zed", "99.1"] == (1, "right") and table["zed", "99.9"] == (1, "right")
    assert table["bomb", "99.1"][0] == 0 and table["broken", "99.1"][0] == 0
    details = {r["detail"] for r in report}
    assert any("zed.zip: zed/link.ipynb: it is a symbolic link" in d for d in details)
    assert any("zed.zip: ../../escape.ipynb: its path leaves the zip" in d for d in details)
    assert any(d.startswith("bomb.zip: 99_synthetic.ipynb: it inflates to 80 MiB") for d in details)
    assert any(d.startswith("broken.zip cannot be read as a zip") for d in details)
    assert not any("MACOSX" in d or "._" in d for d in details)           # macOS's forks are not even mentioned
    assert not (tmp_path / "escape.ipynb").exists() and not (subs / "zed").exists()


def test_the_release_decides_what_is_graded_and_which_copy(tmp_path):
    subs = tmp_path / "subs"
    right = _submission('answer_99_1 = "0.04"', HONEST_FUNCTION)
    wrong = _submission('answer_99_1 = "0.05"', HONEST_FUNCTION)
    _write(subs, "ada", "99_synthetic", right)
    _write(subs, "ada", "99_synthetic-Copy1", wrong)
    _write(subs, "ada", "13_not_in_this_course", right)                     # extra notebooks: no column
    _write(subs, "ada", "scratch", right)
    _write(subs, "ben", "99_synthetic-Copy1", right)                         # only the copy: graded
    _write(subs, "cy", "99_synthetic", "")                                  # the course's name, but empty
    _write(subs, "cy", "99_synthetic-Copy1", right)
    table, report, folder = _grade(tmp_path, subs)
    assert table["ada", "99.1"] == (1, "right") and table["ben", "99.1"] == (1, "right")
    assert table["cy", "99.1"] == (1, "right")
    header = next(csv.reader((folder / "gradebook.csv").open(encoding="utf-8")))
    assert header == ["student", "name", "99.1", "99.9", "99_synthetic total", "total"]
    canvas = next(csv.reader((folder / "canvas.csv").open(encoding="utf-8")))
    assert canvas[5:] == ["teachkit 99_synthetic"]
    copies = {r["student"]: r["detail"] for r in report if r["kind"] == "copies of one notebook"}
    assert copies["ada"] == ("99_synthetic: graded ada/99_synthetic.ipynb (it has the course's file name); "
                             "not graded: ada/99_synthetic-Copy1.ipynb")
    assert copies["cy"].startswith("99_synthetic: graded cy/99_synthetic-Copy1.ipynb (the other copies cannot be read)")
    assert "ben" not in copies
    strays = sorted(r["detail"].split(":")[0] for r in report if r["kind"] == "not a notebook of the release")
    assert strays == ["ada/13_not_in_this_course.ipynb", "ada/scratch.ipynb"]
    assert "ada/scratch.ipynb" in (folder / "teacher-report.md").read_text(encoding="utf-8")


def test_the_grader_s_own_files_in_the_submissions_folder_are_no_student(tmp_path):
    subs = tmp_path / "subs"
    _write(subs, "ada", "99_synthetic", _submission('answer_99_1 = "0.04"', HONEST_FUNCTION))
    course_nb, exercises, pins = _synthetic_course(tmp_path)
    for _ in range(2):                          # the second run finds feedback/ and the CSVs of the first
        grade.grade(subs, subs / "grades.csv", notebooks=[course_nb], exercises=exercises, pins=pins, timeout=10)
    assert {r["student"] for r in _rows(subs / "grades.csv")} == {"ada"}


# ---------------------------------------------------------------- one spelling of a student
def test_a_macos_nfd_folder_is_the_same_student_with_the_same_seed(tmp_path):
    import unicodedata

    import course

    nfc, nfd = "josé.núñez", unicodedata.normalize("NFD", "José.Núñez")
    assert nfc != nfd and course.student_seed("5eed" * 16, nfd) == course.student_seed("5eed" * 16, nfc)
    subs = tmp_path / "subs"
    _write(subs, nfd, "99_synthetic", _submission('answer_99_1 = "0.04"', HONEST_FUNCTION))
    _write(subs, "Ada", "99_synthetic", _submission('answer_99_1 = "0.04"'))
    _write(subs, "ada", "99_synthetic-Copy1", _submission('answer_99_1 = "0.05"'))
    roster = tmp_path / "roster.csv"
    roster.write_text(f"student,name\n{nfc},José Núñez\nADA,Ada\n", encoding="utf-8")
    table, report, folder = _grade(tmp_path, subs, roster=roster)
    assert {s for s, _ in table} == {nfc, "ada"}
    assert table[nfc, "99.1"] == (1, "right") and table["ada", "99.1"] == (1, "right")
    assert not [r for r in report if r["kind"] == "not on the roster"]
    several = [r for r in report if r["kind"] == "one student, several hand-ins"]
    assert [r["student"] for r in several] == ["ada"] and "Ada/, ada/" in several[0]["detail"]
    assert sorted(p.name for p in (folder / "feedback").iterdir()) == ["ada.md", f"{nfc}.md"]


@pytest.mark.parametrize("student, why", [
    ('"ada\nevil"', "line 3: student id 'ada\\nevil' holds a line break"),
    ("a/b", "path separator"), ("=1+1", "starts with '='"), ("+1", "starts with '+'"), ("-x", "starts with '-'"),
    ("@x", "starts with '@'"), ("a.zip", "ends in .zip"), ("ada lovelace", "not allowed: ' '"),
])
def test_an_id_unsafe_in_a_file_name_or_a_spreadsheet_is_refused_with_its_row(tmp_path, student, why):
    import release

    bad = tmp_path / "class.csv"
    bad.write_text(f"student\nada\n{student}\n", encoding="utf-8")
    secret = tmp_path / "secret.txt"
    secret.write_text("5eed" * 16 + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=re.escape(why)) as refused:
        release.main(["--out", str(tmp_path / "release"), "--class", str(bad), "--secret", str(secret)])
    assert str(refused.value).startswith("CLASS=") and not (tmp_path / "release").exists()


def test_two_rows_that_are_one_student_once_normalised_are_refused(tmp_path):
    import unicodedata

    roster = tmp_path / "class.csv"
    roster.write_text(f"student\nAda\nben\nada\n{unicodedata.normalize('NFD', 'josé')}\njosé\n", encoding="utf-8")
    with pytest.raises(SystemExit) as refused:
        grade.gradebook.read_roster(roster)
    message = str(refused.value)
    assert "line 4: student id 'ada' is the same student as 'Ada' (line 2)" in message
    assert "line 6: student id 'josé' is the same student as" in message


# ---------------------------------------------------------------- the copy report and feedback
def test_the_copy_report_names_what_a_teacher_should_look_at(tmp_path):
    import course
    from teachkit.course.exercises import typed_forms

    secret = "5eed" * 16
    prefix = "00"
    functions = course.pin_functions(prefix)
    numeric = [ex for ex in course.exercises_for(prefix) if grade.has_variants(ex)]
    assert numeric

    def answers(student, meta=None):
        seed = course.student_seed(secret, student)
        lines = [f"answer_{ex.key.replace('.', '_')} = "
                 f"{json.dumps(typed_forms(functions[ex.key](**ex.at(seed).data), ex.check)[-1])}" for ex in numeric]
        nb = _submission(*lines)
        nb["metadata"]["teachkit"] = meta or {"notebook": "00_start_here", "student": student, "seed": seed}
        return nb

    subs = tmp_path / "subs"
    _write(subs, "ada", "00_start_here", answers("ada"))
    _write(subs, "ben", "00_start_here", answers("ben"))
    copied = answers("ben")                                     # ben's file, metadata and all, handed in by cy
    _write(subs, "cy", "00_start_here", copied)
    _write(subs, "ada", "99_synthetic", _submission(HONEST_FUNCTION.replace("return", "# sum\n    return")))
    _write(subs, "ben", "99_synthetic", _submission(HONEST_FUNCTION.replace("return", "# sum\n    return")))
    course_nb, exercises, pins = _synthetic_course(tmp_path)
    out = tmp_path / "out" / "grades.csv"
    grade.grade(subs, out, notebooks=[ROOT / "notebooks" / "00_start_here.ipynb", course_nb],
                exercises={**exercises, prefix: course.exercises_for(prefix)},
                pins={**pins, prefix: course.pins(prefix)}, secret=secret, timeout=10)
    table = {(r["student"], r["exercise"]): float(r["points"]) for r in _rows(out)}
    assert all(table["ada", ex.key] == 1 and table["ben", ex.key] == 1 for ex in numeric)
    with open(out.parent / "teacher-report.csv", newline="", encoding="utf-8") as f:
        report = [r for r in csv.DictReader(f) if r["kind"] == "copy report"]
    cy = [r["detail"] for r in report if r["student"] == "cy"]
    assert "cy/00_start_here.ipynb: its metadata names student 'ben', not 'cy' (a classmate's file?)" in cy
    seeds = {s: course.student_seed(secret, s) for s in ("ben", "cy")}
    differ = [ex.key for ex in numeric
              if functions[ex.key](**ex.at(seeds["ben"]).data) != functions[ex.key](**ex.at(seeds["cy"]).data)]
    assert differ
    for key in differ:
        assert table["cy", key] == 0
        assert any(d.startswith(f"{key}: ") and d.endswith("is wrong for their own numbers but right for ben")
                   for d in cy), (key, cy)
    same = [r for r in report if r["student"] == "ada, ben"]
    assert len(same) == 1 and same[0]["detail"].startswith("99.9: the same function, character for character")
    # a report, not a penalty: the copier's grade is what their answers earn, nothing is taken off
    assert table["cy", "99.1"] == 0 and all(table["cy", ex.key] in (0, 1) for ex in numeric)


def test_an_untouched_template_is_told_to_replace_the_dots(tmp_path):
    subs = tmp_path / "subs"
    _write(subs, "tom", "99_synthetic", _submission("def add(a, b):\n    return ...   # your code: a + b\n"))
    _write(subs, "una", "99_synthetic", _submission("def add(a, b):\n    ...\n"))
    _write(subs, "vic", "99_synthetic", _submission("def add(a, b):\n    return a * b\n"))
    table, _, _ = _grade(tmp_path, subs)
    for student in ("tom", "una"):
        assert table[student, "99.9"] == (0, "add is still the template: replace the ... with your calculation "
                                             "and return its result")
    points, feedback = table["vic", "99.9"]
    assert points == 0 and feedback.startswith("add differs from teachkit on input 1 of 40 (a=")  # 20 shipped, 20 drawn
    inputs = _implement().cases()[0]
    assert f"it returned {inputs['a'] * inputs['b']!r}, teachkit gives {inputs['a'] + inputs['b']!r}" in feedback


def test_a_failure_of_the_grader_on_one_hand_in_is_that_notebook_s_zero_not_the_class_s(tmp_path, monkeypatch):
    """Whatever is not foreseen (here a grader bug that one notebook triggers) costs that notebook, with its
    reason, and the teacher report names it; every other student is graded as usual."""
    subs = tmp_path / "subs"
    _write(subs, "ada", "99_synthetic", _submission('answer_99_1 = "0.04"', HONEST_FUNCTION))
    _write(subs, "bug", "99_synthetic", _submission('answer_99_1 = "0.04"  # trips the grader', HONEST_FUNCTION))
    real = grade.answer_lines

    def fragile(nb):
        if any("trips the grader" in source for source in grade._code_cells(nb)):
            raise RecursionError("maximum recursion depth exceeded")
        return real(nb)

    monkeypatch.setattr(grade, "answer_lines", fragile)
    table, report, _ = _grade(tmp_path, subs, jobs=2)
    assert table["ada", "99.1"] == (1, "right") and table["ada", "99.9"] == (1, "right")
    assert table["bug", "99.1"] == (0, "not graded: the grader could not read bug/99_synthetic.ipynb (RecursionError)")
    assert [r["detail"] for r in report if r["kind"] == "grader error"] == [
        "bug/99_synthetic.ipynb: RecursionError: maximum recursion depth exceeded"]


def test_what_is_graded_is_the_release_narrowed_by_notebooks(tmp_path):
    release_dir = tmp_path / "release"
    (release_dir / "student").mkdir(parents=True)
    for name in ("01_pmi", "02_npmi"):
        (release_dir / "student" / f"{name}.ipynb").write_text("{}", encoding="utf-8")
    assert list(grade.assignments(release=release_dir)) == ["01_pmi", "02_npmi"]
    assert list(grade.assignments(release=release_dir, only=["02"])) == ["02_npmi"]
    with pytest.raises(SystemExit, match="'03' is not a notebook of the release"):
        grade.assignments(release=release_dir, only=["03"])
    with pytest.raises(SystemExit, match="no student notebooks"):
        grade.assignments(release=tmp_path / "nothing")
    (release_dir / "student" / "77_homemade.ipynb").write_text("{}", encoding="utf-8")
    with pytest.raises(SystemExit, match="notebooks the course does not: 77_homemade.ipynb"):
        grade.assignments(release=release_dir)


@pytest.mark.parametrize("file_name", ["99_synthetic-Copy1.ipynb", "99_synthetic (1).ipynb", "99_synthetic copy.ipynb",
                                       "ada/99_synthetic.ipynb"])
def test_a_copy_or_a_nested_notebook_is_recognised_by_its_name(tmp_path, file_name):
    subs = tmp_path / "subs"
    path = subs / "ada" / file_name
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(_submission('answer_99_1 = "0.04"', HONEST_FUNCTION)), encoding="utf-8")
    table, _, _ = _grade(tmp_path, subs)
    assert table["ada", "99.1"] == (1, "right")


PROBE = '''def probe(path):
    import os
    made = 0
    try:
        for _ in range(60):
            if os.fork() == 0:
                import time
                time.sleep(2)
                os._exit(0)
            made += 1
    except OSError:
        pass
    try:
        seen = open(path).read()[:40]
    except OSError as err:
        seen = type(err).__name__
    return [os.getuid(), os.geteuid(), os.getgid(), made, seen]
'''


def test_student_code_runs_as_an_unprivileged_uid_cannot_fork_60_processes_nor_read_the_host(tmp_path):
    host = tmp_path / "answer-key.txt"
    host.write_text("the teacher's answer key\n", encoding="utf-8")
    paths = [host, ROOT / "tests" / "exercise_pins" / "nb01.py", "/etc/passwd", pathlib.Path.home() / ".bashrc"]
    result = grade.sandbox.run_function(PROBE, "probe", [{"path": str(p)} for p in paths], timeout=30)
    assert result["error"] is None, result
    for status, (uid, euid, gid, made, seen) in result["values"]:
        assert status == "ok"
        assert uid != 0 and euid != 0 and gid != 0
        assert made < grade.sandbox.PROCESS_LIMIT < 60         # a fork bomb stops after a few
        assert seen in ("FileNotFoundError", "PermissionError"), seen


def test_numbers_are_graded_when_the_sandbox_is_missing_and_functions_say_why(tmp_path, monkeypatch):
    which = grade.sandbox.shutil.which
    monkeypatch.setattr(grade.sandbox.shutil, "which", lambda name: None if name == "bwrap" else which(name))
    course_nb = tmp_path / "99_synthetic.ipynb"
    course_nb.write_text(json.dumps(_submission("x = 1")))
    subs = tmp_path / "subs"
    _write(subs, "ada", "99_synthetic", _submission('answer_99_1 = "1"', HONEST_FUNCTION))
    out = tmp_path / "grades.csv"
    try:
        grade.grade(subs, out, notebooks=[course_nb], exercises={"99": [_exercise("99.1", 1), _implement()]},
                    pins={"99": {"99.1": 1, "99.9": None}})
    finally:
        grade.sandbox._UNAVAILABLE = None
    table = {r["exercise"]: (float(r["points"]), r["feedback"]) for r in _rows(out)}
    assert table["99.1"] == (1, "right")
    assert table["99.9"][0] == 0 and "not run" in table["99.9"][1] and "apt-get install bubblewrap" in table["99.9"][1]


@pytest.mark.parametrize("secret", [None, "5eed" * 16])
def test_a_lookup_table_of_the_shipped_inputs_scores_0_and_an_honest_function_keeps_its_marks(tmp_path, secret):
    ex = _implement()
    table = {(kw["a"], kw["b"]): ex.reference(**kw) for kw in ex.cases()}       # what the package ships
    cheat = f"def add(a, b):\n    return {table!r}.get((a, b), 0.0)\n"
    assert ex.judge(lambda a, b: table.get((a, b), 0.0)).correct          # it fools the self-check box
    course_nb = tmp_path / "99_synthetic.ipynb"
    course_nb.write_text(json.dumps(_submission("x = 1")))
    subs = tmp_path / "subs"
    _write(subs, "honest", "99_synthetic", _submission(HONEST_FUNCTION))
    _write(subs, "table", "99_synthetic", _submission(cheat))
    out = tmp_path / "grades.csv"
    grade.grade(subs, out, notebooks=[course_nb], exercises={"99": [_implement()]}, pins={"99": {"99.9": None}},
                secret=secret)
    points = {r["student"]: float(r["points"]) for r in _rows(out)}
    assert points == {"honest": 1, "table": 0}
    # the inputs drawn at grading time: as many again as the shipped ones, none of them shipped
    import course

    drawn = course.grading_cases(ex, secret)[len(ex.cases()):]
    assert len(drawn) == ex.trials and not {(kw["a"], kw["b"]) for kw in drawn} & set(table)
    if secret is not None:     # recomputable from the secret, and another secret draws others
        assert drawn == course.grading_cases(ex, secret)[ex.trials:] != course.grading_cases(ex, "ab" * 32)[ex.trials:]


def test_the_sandbox_as_a_user_starts_it_in_a_user_namespace_as_uid_65534(tmp_path, monkeypatch):
    # the command line a grader run by a user gets (here run by whoever runs the tests): no setpriv, a user
    # namespace in which the runner is uid 65534; it runs, and the host stays out of sight
    monkeypatch.setattr(grade.sandbox.os, "geteuid", lambda: 1000)
    cmd = grade.sandbox.command(10)
    assert "--unshare-user" in cmd and cmd[cmd.index("--uid") + 1] == "65534" and not any("setpriv" in c for c in cmd)
    host = tmp_path / "answer-key.txt"
    host.write_text("the teacher's answer key\n", encoding="utf-8")
    result = grade.sandbox.run_function(PROBE, "probe", [{"path": str(host)}], timeout=30)
    assert result["error"] is None, result
    (status, (uid, euid, gid, _made, seen)), = result["values"]
    assert status == "ok" and uid == euid == gid == 65534 and seen == "FileNotFoundError"


def test_the_sandbox_process_list_shows_no_command_line_of_the_host():
    """Process 1 inside is the runner itself: no process shows bubblewrap's command line (the folders bound)."""
    reader = ("def peek():\n    import os\n    seen = {}\n    for pid in os.listdir('/proc'):\n"
              "        if pid.isdigit():\n            try:\n"
              "                seen[pid] = open(f'/proc/{pid}/cmdline', 'rb').read().decode('utf-8', 'replace')\n"
              "            except OSError as err:\n                seen[pid] = type(err).__name__\n"
              "    return sorted(seen.items())\n")
    result = grade.sandbox.run_function(reader, "peek", [{}], timeout=30)
    assert result["error"] is None, result
    (status, seen), = result["values"]
    assert status == "ok" and seen and seen[0][0] == "1", seen
    assert "-I\0-S\0-c\0" in seen[0][1], seen[0]                 # the runner's python is process 1
    for pid, line in seen:
        assert "bwrap" not in line and "--ro-bind" not in line and "setpriv" not in line, (pid, line)


#: One student's functions run together (sandbox.run_functions): each must give what it gives run on its own.
BATCHED = {
    "right": "def f(x):\n    return x * 2\n",
    "numpy": "import numpy as np\ndef f(x):\n    return np.arange(3) * x\n",
    "raises": "def f(x):\n    if x > 1:\n        raise ValueError('big')\n    return x\n",
    "cell_raises": "raise RuntimeError('at import')\ndef f(x):\n    return x\n",
    "no_function": "g = 1\n",
    "endless": "def f(x):\n    while True:\n        pass\n",
    "hog": "def f(x):\n    block = bytearray(10 * 2**30)\n    return x\n",
    "exits": "def f(x):\n    import os\n    os._exit(0)\n",
    "segfault": "def f(x):\n    import ctypes\n    ctypes.string_at(0)\n",
    "flooder": "def f(x):\n    import os\n    while True:\n        os.write(1, b'x' * 65536)\n",
    "forger": "def f(x):\n    import os, json\n    os.write(1, ('\\n" + grade.sandbox.MARK
              + "' + json.dumps({'error': None, 'values': [['ok', 7.0]] * 5}) + '\\n').encode())\n    os._exit(0)\n",
    "forged_deep": "def f(x):\n    import os\n    os.write(1, b'\\n' + " + repr(grade.sandbox.MARK.encode())
                   + " + b'[' * 100000 + b']' * 100000 + b'\\n')\n    os._exit(0)\n",
    "thread_left": "import threading, time\ndef f(x):\n    threading.Thread(target=lambda: time.sleep(600)).start()\n"
                   "    return x\n",
    "exit_function": "import atexit, os, json\natexit.register(lambda: os.write(1, ('\\n" + grade.sandbox.MARK
                     + "' + json.dumps({'error': None, 'values': [['ok', 9.0]]}) + '\\n').encode()))\n"
                     "def f(x):\n    return x\n",
    "cannot_write": "def f(x):\n    open('/tmp/left', 'w').write('x')\n    return x\n",
    # leaves processes behind and patches what the next function would use: none of it reaches the next
    "leaves_traces": "import builtins, math, os, time\nbuiltins.left_behind = True\nmath.tau = 7.0\n"
                     "def f(x):\n    try:\n        for _ in range(3):\n            if os.fork() == 0:\n"
                     "                time.sleep(600)\n                os._exit(0)\n    except OSError:\n        pass\n"
                     "    return x\n",
    "sees_traces": "def f(x):\n    import builtins, math, os\n"
                   "    others = [p for p in os.listdir('/proc') if p.isdigit() and p != str(os.getpid())]\n"
                   "    return [len(others), hasattr(builtins, 'left_behind'), math.tau]\n",
}


def test_a_students_functions_run_together_give_what_each_gives_on_its_own():
    cases = [{"x": 0.5}, {"x": 1.5}, {"x": 1.0}]
    jobs = [(source, "f", cases) for source in BATCHED.values()]
    together = grade.sandbox.run_functions(jobs, timeout=3)
    for name, source, batched in zip(BATCHED, BATCHED.values(), together):
        if name != "sees_traces":          # alone, it is process 1 and sees no other
            alone = grade.sandbox.run_function(source, "f", cases, timeout=3)
            assert batched == alone, (name, batched, alone)
    seen = dict(zip(BATCHED, together))
    assert seen["right"] == {"error": None, "values": [["ok", 1.0], ["ok", 3.0], ["ok", 2.0]]}
    assert "did not finish within 3 s" in seen["endless"]["error"]
    assert "did not finish within 3 s" in seen["thread_left"]["error"]
    assert "printing more than" in seen["flooder"]["error"]
    # the process that waits for each function (process 1), and nothing the function before left behind
    assert seen["sees_traces"]["values"][0] == ["ok", [1.0, False, 2 * math.pi]], seen["sees_traces"]
    assert seen["cannot_write"]["values"][0][0] == "raised"


def test_a_batch_that_stops_has_its_functions_run_each_on_its_own(monkeypatch):
    # a batch runner that cannot fork (or that stops, or whose output cannot be read) runs nothing: each function
    # is run again on its own, with the same result
    monkeypatch.setattr(grade.sandbox, "BATCH_RUNNER", "import sys\nsys.exit(3)\n")
    cases = [{"x": 2.0}]
    jobs = [(BATCHED["right"], "f", cases), (BATCHED["raises"], "f", cases)]
    assert grade.sandbox.run_functions(jobs, timeout=10) == [
        {"error": None, "values": [["ok", 4.0]]}, {"error": None, "values": [["raised", "ValueError: big"]]}]


def test_floats_are_compared_as_teachkit_compares_them():
    import itertools
    import random

    from teachkit.course.exercises import _same

    values = [0.0, -0.0, 1.0, -1.0, 1e-12, -1e-12, 2e-12, 1 + 1e-9, 1 + 2e-9, 1 - 1e-9, math.inf, -math.inf,
              math.nan, 1e308, -1e308, 5e-324, 0.1 + 0.2, 0.3, 3.0, 3.000000003, 3.0000000030000002]
    rng = random.Random(1)
    values += [rng.uniform(-10, 10) for _ in range(10)]
    values += [v * (1 + rng.choice([1e-10, 1e-9, 1.0000001e-9, 0.999e-9, 2e-9])) for v in values[:25]]
    with _no_warning_check():
        for a, b in itertools.product(values, repeat=2):
            for rtol, atol in ((1e-9, 1e-12), (0.0, 0.0), (1e-5, 1e-8)):
                assert grade.same_value(a, b, rtol, atol) == _same(a, b, rtol, atol), (a, b, rtol, atol)
    # what is not two floats is teachkit's own comparison
    assert grade.same_value([1.0, 2.0], (1.0, 2.0), 1e-9, 1e-12) and not grade.same_value("1", 1.0, 1e-9, 1e-12)


def _no_warning_check():
    import contextlib
    import warnings

    @contextlib.contextmanager
    def quiet():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)       # numpy's overflow in 1e308 - -1e308
            yield
    return quiet()


def test_the_grading_inputs_and_teachkits_values_on_them_are_the_same_for_every_student():
    """Made once a run (grade.GradingInputs): a reference reads its inputs and never changes them, and the
    inputs drawn from the secret are the same on every call."""
    import pickle

    import course

    secret = "5eed" * 16
    for ex in course.all_exercises():
        if course.kind(ex) != "function":
            continue
        made = grade.grading_inputs(ex, secret)
        assert grade.grading_inputs(ex, secret) is made
        before = pickle.dumps(made.cases)
        values = [made.expected(i) for i in range(len(made.cases))]
        assert pickle.dumps(made.cases) == before == pickle.dumps(course.grading_cases(ex, secret)), ex.key
        assert pickle.dumps(values) == pickle.dumps([ex.reference(**kw) for kw in course.grading_cases(ex, secret)])


def test_infinities_and_nan_come_back_from_the_sandbox_as_numbers():
    source = "def f():\n    return [float('-inf'), float('inf'), float('nan'), '-inf', 2.5]\n"
    result = grade.sandbox.run_function(source, "f", [{}], timeout=30)
    assert result["error"] is None, result
    (status, got), = result["values"]
    assert status == "ok" and got[0] == -math.inf and got[1] == math.inf and math.isnan(got[2])
    assert got[3] == "-inf" and got[4] == 2.5                    # a string stays a string


def test_pmi_of_a_pair_that_never_meets_is_graded():
    """01.6's inputs hold pairs with c_xy = 0: -inf is right there, 0 and a crash are not."""
    from teachkit.course.exercises import get

    ex = get("01.6")
    cases = grade.course.grading_cases(ex, "a course secret")
    assert any(case["c_xy"] == 0 for case in ex.cases()) and any(case["c_xy"] == 0 for case in cases)
    body = "def my_pmi(c_xy, c_x, c_y, n):\n    import math\n{zero}    return math.log(c_xy * n / (c_x * c_y))\n"
    nb = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    verdicts = {}
    for name, zero in (("right", "    if c_xy == 0:\n        return -math.inf\n"),
                       ("zero", "    if c_xy == 0:\n        return 0.0\n"), ("crash", "")):
        nb["cells"] = [{"cell_type": "code", "id": "f", "metadata": {}, "outputs": [], "execution_count": None,
                        "source": body.format(zero=zero)}]
        verdicts[name] = grade.judge_function(ex, nb, secret="a course secret")
    assert verdicts["right"][0] == ex.points, verdicts["right"]
    for name in ("zero", "crash"):
        points, feedback = verdicts[name]
        assert points < ex.points and "c_xy=0" in feedback, (name, verdicts[name])


def test_sandboxes_run_side_by_side_as_root_do_not_share_a_uid(tmp_path):
    # RLIMIT_NPROC counts every process of a uid: as root (no user namespace), two grading processes (--jobs 2)
    # must give their students different uids, or one student's fork bomb would use up a classmate's processes
    import os
    import subprocess
    import sys

    if os.geteuid() != 0:
        cmd = grade.sandbox.command(10)
        assert "--unshare-user" in cmd                 # a user namespace of its own: its own count
        return
    probe = "def whoami():\n    import os\n    return os.getuid()\n"
    here = grade.sandbox.run_function(probe, "whoami", [{}], timeout=30)
    assert here["error"] is None, here
    (_, mine), = here["values"]
    code = ("import sys; sys.path.insert(0, 'tools'); import sandbox; "
            f"print(sandbox.run_function({probe!r}, 'whoami', [{{}}], timeout=30)['values'][0][1])")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                           cwd=str(pathlib.Path(grade.__file__).resolve().parents[1]))
    theirs = int(float(other.stdout.strip().splitlines()[-1]))
    assert mine == grade.sandbox.runner_uid() and mine != theirs and 0 not in (mine, theirs)
