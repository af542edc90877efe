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
    points, feedback = grade.judge_answer(tex_get("01.1"), tex_get("01.1").expected, "-143%")
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
    assert table["text"] == table["word"] == (0, "pair differs from teachkit on input 1 of 10")  # 5 shipped, 5 drawn
    assert table["honest"] == (1, "right")


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
