"""Grade a folder of submitted student notebooks with otter-grader; write one CSV.

``make grade SUBMISSIONS=dir/`` runs ``python tools/grade.py dir/`` and
writes ``dir/grades.csv`` (or ``--out FILE``) with one row per student,
notebook and exercise: ``student, notebook, exercise, points, feedback``.

Layout of the folder: one sub-folder per student holding that student's
notebooks as handed out by ``make release`` (``dir/ada/01_pmi.ipynb``,
``dir/ada/02_npmi.ipynb``, ...).  Which notebook a file is comes from the
metadata the release stamps into it (``metadata.teachkit.notebook``), else
from its file name.

How it grades.  For each course notebook the tool writes an otter-grader
autograder (a zip with one exception-based test file per exercise, built
with ``otter generate``).  Each test reads the student's answer cell
(``answer_XX_n = "..."``) from the executed notebook and judges it with
:func:`teachkit.selfcheck.check_answer` against the exercise's **pinned**
answer (``tests/exercise_pins/nbXX.py``, derived by hand, independent of the
code that computes the notebook), with the exercise's own checking options
(decimal comma, fractions, percentages, significant figures); a
prediction among choices must be the pinned choice; a function the student
wrote (no answer line: its own cell is the answer) is compared with
teachkit's on the exercise's seeded random inputs (teachkit's function is
itself checked against the independent pin by tests/test_exercises.py).  Each
submission is then graded by ``otter run`` (otter's non-containerised
grader: it executes the notebook on a fresh kernel, keeps going past cells
that raise, and runs the tests) in a process of its own, so a submission
that hangs, crashes the kernel or is not a notebook at all gets 0 points
and a feedback line, and grading goes on with the next.

Students' code runs when their notebook is graded: see README ("Handing
out, grading, publishing") for how to contain it (otter's Docker mode, or a container around this
command).
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import math
import numbers
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
from fractions import Fraction
from decimal import Decimal

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import course  # noqa: E402

FIELDS = ("student", "notebook", "exercise", "points", "feedback")
#: Seconds for one submission (executing the notebook and the tests).
SUBMISSION_TIMEOUT = 600
POINTS = 1

TEST_HEAD = '''"""Exercise {key} ({kind}): the student's answer against the pinned answer."""
from otter.test_files import test_case

OK_FORMAT = False

name = {key!r}
points = {points!r}


@test_case(points={points!r}, hidden=False)
def exercise_{suffix}(env):
'''

#: A number: the answer line judged like the self-check box, against the pin.
TEST_NUMBER = '''    from teachkit.selfcheck import check_answer

    if {variable!r} not in env:
        raise AssertionError("No answer: the cell {variable} = \\"...\\" is missing or did not run.")
    answer = env[{variable!r}]
    if answer is None or not str(answer).strip():
        raise AssertionError("No answer: {variable} is empty.")
    feedback = check_answer(str(answer), {pin}, **{check!r})
    assert feedback.correct, feedback.message
'''

#: A prediction among choices: the answer line must be the pinned choice.
TEST_CHOICE = '''    if {variable!r} not in env:
        raise AssertionError("No answer: the cell {variable} = \\"...\\" is missing or did not run.")
    guess = str(env[{variable!r}] or "").strip()
    if not guess:
        raise AssertionError("No answer: {variable} is empty.")
    if guess not in {choices!r}:
        raise AssertionError("Choose one of: {choice_list} (got %r)." % guess[:40])
    assert guess == {pin!r}, "Not the right prediction."
'''

#: A function to write: the student's function against teachkit's, on the exercise's seeded inputs.
TEST_FUNCTION = '''    from teachkit.exercises import get

    function = env.get({function!r})
    if not callable(function):
        raise AssertionError("No function {function}: the cell defining it is missing or did not run.")
    feedback = get({key!r}).judge(function)
    assert feedback.correct, feedback.message
'''


def _literal(value, key="?") -> str:
    """Python source for a pinned value (the test file must not import the pins).

    Only finite numbers are written: a NaN, an infinity, a string or a bool where a number belongs is a
    broken pin, and writing it would make a test file that marks every answer wrong (or does not run).
    """
    if isinstance(value, bool) or not isinstance(value, (numbers.Real, Decimal)):
        raise ValueError(f"exercise {key}: its pinned answer must be a number, got {type(value).__name__} {value!r}; "
                         "fix tests/exercise_pins.")
    if isinstance(value, Fraction):
        return f"__import__('fractions').Fraction({value.numerator}, {value.denominator})"
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"exercise {key}: its pinned answer is {value}; a pin must be a finite number.")
        return f"__import__('decimal').Decimal({str(value)!r})"
    if isinstance(value, numbers.Integral):
        return repr(int(value))
    if not math.isfinite(float(value)):
        raise ValueError(f"exercise {key}: its pinned answer is {value!r}; a pin must be a finite number.")
    return repr(float(value))


def test_file(ex, pin) -> str:
    """The otter test file (exception-based format) for one exercise."""
    variable = course.answer_variable(ex.key)
    kind = course.kind(ex)
    head = TEST_HEAD.format(key=ex.key, kind=kind, points=POINTS, suffix=variable[len("answer_"):])
    choices = tuple(getattr(ex, "choices", ()) or ())
    if kind == "function":
        # The pin of a function exercise is an independent implementation;
        # tests/test_exercises.py checks teachkit's reference against it, and
        # the grade compares the student's function with that reference.
        body = TEST_FUNCTION.format(key=ex.key, function=course.function_name(ex))
    elif choices:
        if not isinstance(pin, str) or pin not in choices:
            raise ValueError(f"exercise {ex.key}: its pinned answer {pin!r} is not one of its choices {choices}.")
        body = TEST_CHOICE.format(variable=variable, choices=choices, choice_list=", ".join(choices), pin=str(pin))
    else:
        body = TEST_NUMBER.format(variable=variable, pin=_literal(pin, ex.key), check=dict(getattr(ex, "check", {}) or {}))
    return head + body


def write_autograder(prefix: str, folder: pathlib.Path, exercises=None, pins=None) -> pathlib.Path | None:
    """Build ``folder/<prefix>-autograder.zip`` with otter generate; None if the notebook has no exercises."""
    exercises = course.exercises_for(prefix) if exercises is None else list(exercises)
    pins = course.pins(prefix) if pins is None else dict(pins)
    if not exercises:
        return None
    missing = [ex.key for ex in exercises if ex.key not in pins]
    if missing:
        raise SystemExit(f"exercise(s) {', '.join(missing)} have no pinned answer in tests/exercise_pins/nb{prefix}.py; "
                         "a grade needs the independent pin.")
    work = folder / f"{prefix}-autograder"
    tests = work / "tests"
    tests.mkdir(parents=True, exist_ok=True)
    for ex in exercises:
        (tests / f"q{course.answer_variable(ex.key)[len('answer_'):]}.py").write_text(
            test_file(ex, pins[ex.key]), encoding="utf-8")
    # Empty requirements: nothing is installed at grading time; the grading
    # environment is this one (teachkit and otter already installed).
    (work / "requirements.txt").write_text("", encoding="utf-8")
    zip_path = folder / f"{prefix}-autograder.zip"
    require_otter()
    done = subprocess.run([sys.executable, "-m", "otter", "generate", "-t", "tests", "-r", "requirements.txt",
                           "-o", str(zip_path.resolve()), "--no-environment"],
                          cwd=work, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no message"]
        raise SystemExit(f"otter generate could not build the autograder of notebook {prefix}: {last[0][:300]}")
    return zip_path


def require_otter():
    """Stop with what to install when otter-grader is missing (it is in the teacher extra)."""
    if importlib.util.find_spec("otter") is None:
        raise SystemExit("grading needs otter-grader, which is in teachkit's teacher extra: "
                         "python -m pip install -c constraints.txt -e '.[teacher]' (make grade installs it).")


def notebook_of(path: pathlib.Path) -> str:
    """The course notebook a submitted file is (its name without .ipynb, e.g. "01_pmi")."""
    try:
        meta = json.loads(path.read_text(encoding="utf-8")).get("metadata", {}).get("teachkit", {})
        if isinstance(meta, dict) and isinstance(meta.get("notebook"), str):
            return meta["notebook"]
    except (OSError, ValueError, AttributeError):
        pass
    return path.stem


def grade_one(submission: pathlib.Path, autograder: pathlib.Path, timeout=SUBMISSION_TIMEOUT) -> dict:
    """{exercise key: (points, feedback)} for one submission, or {None: (0, why)} if it could not be graded."""
    with tempfile.TemporaryDirectory(prefix="teachkit-grade-") as tmp:
        tmp = pathlib.Path(tmp)
        # otter wants one notebook in the submission; copy it under a neutral name.
        copy = tmp / "submission.ipynb"
        shutil.copyfile(submission, copy)
        out = tmp / "out"
        out.mkdir()
        # A session of its own, so that on a timeout otter *and the kernel it
        # started* are stopped together (by this process group's id).
        proc = subprocess.Popen([sys.executable, "-m", "otter", "run", "-a", str(autograder), "-o", str(out),
                                 "--no-logo", str(copy)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp,
                                start_new_session=True)
        try:
            stdout, stderr = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return {None: (0, f"not graded: grading took longer than {timeout} s (an endless loop?)")}
        results = out / "results.json"
        if proc.returncode != 0 or not results.is_file():
            last = (stderr or stdout).strip().splitlines()[-1:] or ["no message"]
            return {None: (0, f"not graded: the notebook could not be run ({last[0][:200]})")}
        try:
            return parse_results(json.loads(results.read_text(encoding="utf-8")))
        except (ValueError, UnicodeDecodeError) as err:
            return {None: (0, f"not graded: otter's results could not be read ({str(err)[:160]})")}


def _feedback(message: str, passed: bool) -> str:
    if passed:
        return "right"
    lines = [line.strip() for line in str(message).strip().splitlines() if line.strip()]
    last = lines[-1] if lines else "wrong"
    for prefix in ("AssertionError: ", "AssertionError"):
        if last.startswith(prefix):
            last = last[len(prefix):].strip() or "wrong"
            break
    return last


def parse_results(results: dict) -> dict:
    """otter's results.json -> {test name: (points, feedback)}."""
    graded = {}
    tests = results.get("tests") if isinstance(results, dict) else None
    if not isinstance(tests, list) or not all(isinstance(t, dict) for t in tests):
        raise ValueError("results.json from otter run has no list of tests")
    for test in tests:
        name = test.get("name")
        if not isinstance(name, str) or name == "Public Tests":
            continue
        score, possible = test.get("score", 0), test.get("max_score", POINTS)
        if not _points(possible) or possible <= 0:
            possible = POINTS
        if not _points(score) or score > possible:
            # A NaN, a string or a score above the maximum is no grade: 0, and say why.
            graded[name] = (0, f"not graded: otter reported the score {score!r}")
            continue
        graded[name] = (score, _feedback(test.get("output", ""), score >= possible))
    return graded


def _points(value) -> bool:
    return (isinstance(value, numbers.Real) and not isinstance(value, bool) and math.isfinite(value)
            and value >= 0)


def submissions(folder: pathlib.Path):
    """(student, path) for every notebook under ``folder/<student>/``."""
    for student_dir in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
        for path in sorted(student_dir.glob("*.ipynb")):
            yield student_dir.name, path


def grade(folder: pathlib.Path, out: pathlib.Path, notebooks=None, exercises=None, pins=None) -> list[dict]:
    """Grade every submission under ``folder``; write and return the CSV rows.

    ``notebooks`` (paths), ``exercises`` ({prefix: [exercise]}) and ``pins``
    ({prefix: {key: value}}) default to the course's own.
    """
    folder = pathlib.Path(folder)
    require_otter()
    if not folder.is_dir():
        raise SystemExit(f"SUBMISSIONS={folder} is not a folder; give the folder holding one sub-folder per student.")
    notebooks = {p.stem: p for p in (course.notebooks() if notebooks is None else notebooks)}

    def exercises_for(prefix):
        return course.exercises_for(prefix) if exercises is None else list(exercises.get(prefix, []))

    def pins_for(prefix):
        return course.pins(prefix) if pins is None else dict(pins.get(prefix, {}))

    rows = []
    with tempfile.TemporaryDirectory(prefix="teachkit-autograders-") as tmp:
        autograders = {}
        for student, path in submissions(folder):
            name = notebook_of(path)
            if name not in notebooks:
                rows.append(dict(student=student, notebook=path.stem, exercise="", points=0,
                                 feedback=f"not graded: {path.name} is not one of the course notebooks"))
                continue
            prefix = course.notebook_prefix(name)
            keys = [ex.key for ex in exercises_for(prefix)]
            if prefix not in autograders:
                autograders[prefix] = write_autograder(prefix, pathlib.Path(tmp), exercises_for(prefix),
                                                       pins_for(prefix))
            if autograders[prefix] is None:
                continue
            graded = grade_one(path, autograders[prefix])
            failure = graded.get(None)
            for key in keys:
                points, feedback = failure or graded.get(key, (0, "not graded: no result for this exercise"))
                rows.append(dict(student=student, notebook=name, exercise=key, points=points, feedback=feedback))
            print(f"graded {student}/{path.name}: {sum(r['points'] for r in rows[-len(keys):])}/{len(keys)}",
                  flush=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    # Written beside the target and moved over it at the end: an interrupted run leaves an earlier
    # gradebook whole.
    partial = out.with_name(f".{out.name}.partial")
    with partial.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    partial.replace(out)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("submissions", type=pathlib.Path, help="folder with one sub-folder of notebooks per student")
    parser.add_argument("--out", type=pathlib.Path, help="CSV to write (default: <submissions>/grades.csv)")
    args = parser.parse_args(argv)
    out = args.out or args.submissions / "grades.csv"
    rows = grade(args.submissions, out)
    print(f"grade: {len(rows)} rows -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
