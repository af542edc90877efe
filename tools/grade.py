"""Grade a folder of submitted student notebooks; write one CSV.

``make grade SUBMISSIONS=dir/`` runs ``python tools/grade.py dir/`` and writes ``dir/grades.csv`` (or
``--out FILE``) with one row per student, notebook and exercise: ``student, notebook, exercise, points,
feedback``.

Layout of the folder: one sub-folder per student holding that student's notebooks as handed out by
``make release`` (``dir/ada/01_pmi.ipynb``, ...).  Which notebook a file is comes from the metadata the
release stamps into it (``metadata.teachkit.notebook``), else from its file name.

How it grades, and why a submission cannot change its own grade:

* **Answers are read, not run.**  The release gives every numeric exercise and every prediction an
  answer line ``answer_XX_n = "..."``.  The grader parses the notebook's cells as text (``ast``) and takes
  the last such assignment of a literal (a string or a number); anything else (an expression, a
  call, a variable) counts as no answer.  Nothing the student wrote is executed to read it, so no
  monkeypatch, no always-equal object and no side effect reaches the grading process.  A number is then
  judged like the self-check box (:func:`teachkit.course.selfcheck.check_answer`: decimal comma, fractions,
  percentages, significant figures) against the exercise's **pinned** answer
  (``tests/exercise_pins/nbXX.py``, derived by hand); a prediction must be the pinned choice.
* **Functions run in a sandbox.**  For a "write it yourself" exercise, only the cell that defines the
  function is run, in a separate process under bubblewrap (``tools/sandbox.py``): no course files, no
  answer key, no teachkit, no network, limited memory, CPU and time.  It returns its function's values on
  the exercise's seeded inputs as JSON; the grader compares them with teachkit's reference in its own
  process.
* **The capstone's report is recomputed.**  Notebook 10's ``report = {...}`` is read as a literal dict
  (:func:`teachkit.course.exercises.capstone.read_report`, never run) and every number it states is recomputed by
  teachkit from the choices it states (:func:`~teachkit.course.exercises.capstone.check_report`): one gradebook
  column per number (``10.report.k``, ...), worth a point when it follows from the choices; the feedback
  says which value does, and which choices were given no reason (for the teacher to read).
* **Each student their own numbers.**  With ``SECRET=`` (the course secret of a class release, see
  ``tools/release.py``), every exercise with variants is judged against the student's own variant: the
  seed is recomputed from the submission folder's name and the secret (never read from the notebook),
  and the answer is the pin *function* of that variant's data (``PIN_FUNCTIONS``, written by hand), so a
  classmate's answers, copied, are judged against numbers they do not fit.
* A submission that is not a notebook, has a malformed cell or never finishes gets 0 points for what it
  affects, with the reason as feedback, and grading goes on.  ``--jobs`` grades several submissions at
  once; ``--timeout`` bounds each function's run.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import numbers
import pathlib
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import course  # noqa: E402
import gradebook  # noqa: E402
import sandbox  # noqa: E402

FIELDS = ("student", "notebook", "exercise", "points", "max_points", "feedback")
#: Seconds one student function may run (all its inputs together).
FUNCTION_TIMEOUT = 60
#: The notebook whose report is recomputed (teachkit.course.exercises.capstone.NOTEBOOK).
CAPSTONE = "10_capstone"


def _report_columns():
    from teachkit.course.exercises import capstone

    return [f"10.report.{name}" for name in capstone.NUMBERS]


# ---------------------------------------------------------------- reading a submission
def read_submission(path: pathlib.Path) -> dict:
    """The submitted notebook as JSON, or a ValueError saying why it cannot be graded."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise ValueError("the file is not a notebook (not text)") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"the file is not a notebook (not valid JSON: {err.msg})") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise ValueError("the file is not a notebook (no list of cells)")
    return nb


def _code_cells(nb: dict) -> list[str]:
    sources = []
    for cell in nb["cells"]:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            text = cell.get("source", "")
            text = "".join(t for t in text if isinstance(t, str)) if isinstance(text, list) else text
            if isinstance(text, str):
                sources.append(text)
    return sources


def _parsed(source: str):
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def answer_lines(nb: dict) -> dict[str, object]:
    """``{variable: value}`` for every top-level ``answer_... = <literal>`` in the notebook (the last wins).

    A value that is not a literal string or number (a name, a call, an f-string, a sum) is recorded as
    :data:`NOT_A_LITERAL`: the grader does not evaluate it.
    """
    found = {}
    for source in _code_cells(nb):
        tree = _parsed(source)
        if tree is None:
            continue
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                name = node.targets[0].id
                if not name.startswith("answer_"):
                    continue
                value = node.value
                if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub) and \
                        isinstance(value.operand, ast.Constant) and isinstance(value.operand.value, (int, float)):
                    found[name] = -value.operand.value
                elif isinstance(value, ast.Constant) and isinstance(value.value, (str, int, float)) \
                        and not isinstance(value.value, bool):
                    found[name] = value.value
                else:
                    found[name] = NOT_A_LITERAL
    return found


NOT_A_LITERAL = object()


def function_cell(nb: dict, name: str) -> str | None:
    """The source of the last code cell that defines ``def name(...)`` at its top level, or None."""
    chosen = None
    for source in _code_cells(nb):
        tree = _parsed(source)
        if tree is not None and any(isinstance(n, ast.FunctionDef) and n.name == name for n in tree.body):
            chosen = source
    return chosen


# ---------------------------------------------------------------- judging
def _check_pin(ex, pin):
    if course.kind(ex) == "function":
        return
    choices = tuple(getattr(ex, "choices", ()) or ())
    if choices:
        if not isinstance(pin, str) or pin not in choices:
            raise ValueError(f"exercise {ex.key}: its pinned answer {pin!r} is not one of its choices {choices}.")
        return
    if isinstance(pin, bool) or not isinstance(pin, (numbers.Real, Decimal)) or (
            isinstance(pin, float) and not math.isfinite(pin)) or (isinstance(pin, Decimal) and not pin.is_finite()):
        raise ValueError(f"exercise {ex.key}: its pinned answer must be a finite number, got {pin!r}; "
                         "fix tests/exercise_pins.")


def judge_answer(ex, pin, value) -> tuple[int, str]:
    """Points and feedback for one answer line (``value`` as read, None if the line is missing)."""
    from teachkit.course.selfcheck import check_answer, match_choice

    variable = course.answer_variable(ex.key)
    if value is None:
        return 0, f"no answer: the line {variable} = \"...\" is missing"
    if value is NOT_A_LITERAL:
        return 0, f"no answer: {variable} must be written as text between quotes, e.g. {variable} = \"0.04\""
    typed = str(value).strip() if not isinstance(value, float) else repr(value)
    if not typed:
        return 0, f"no answer: {variable} is empty"
    choices = tuple(getattr(ex, "choices", ()) or ())
    if choices:
        # as the self-check box: "−1" is "-1", "Lower" is "lower"; an interpretation's "b" is its second choice
        chosen = ex.choice_of(typed) if hasattr(ex, "choice_of") else match_choice(typed, choices)
        if chosen is None:
            return 0, f"choose one of: {', '.join(choices)} (got {typed[:40]!r})"
        what = "choice" if course.kind(ex) == "interpretation" else "prediction"
        return (ex.points, "right") if chosen == pin else (0, f"not the right {what}")
    feedback = check_answer(typed, pin, **ex.check_options())
    return (ex.points, "right") if feedback.correct else (0, feedback.message)


def judge_function(ex, nb, timeout=FUNCTION_TIMEOUT, secret=None) -> tuple[int, str]:
    """Run the student's function in the sandbox on the exercise's inputs; compare with teachkit here.

    The inputs are the shipped ones and as many drawn at grading time (:func:`course.grading_cases`, from
    ``secret``, the course secret, when given).
    """
    from teachkit.course.exercises import _same

    name = course.function_name(ex)
    source = function_cell(nb, name)
    if source is None:
        return 0, f"no function {name}: the cell defining it is missing"
    cases = course.grading_cases(ex, secret)
    result = sandbox.run_function(source, name, cases, timeout=timeout)
    if result.get("error"):
        return 0, f"{name}: {result['error']}"
    values = result["values"]
    for i, kwargs in enumerate(cases):
        if i >= len(values) or not isinstance(values[i], list) or len(values[i]) != 2:
            return 0, f"{name} gave no result for input {i + 1}"
        status, got = values[i]
        if status == "raised":
            return 0, f"{name} raised {str(got)[:200]} on input {i + 1}"
        if got is None:
            return 0, f"{name} returned None: replace the ... with your calculation and return the result"
        if not _same(got, ex.reference(**kwargs), ex.rtol, ex.atol):
            return 0, f"{name} differs from teachkit on input {i + 1} of {len(cases)}"
    return ex.points, "right"


def has_variants(ex) -> bool:
    """Whether ``ex`` is judged per student under a class release (a number with variants)."""
    return bool(getattr(ex, "has_variants", False)) and not getattr(ex, "choices", ())


def variant_pin(ex, pin_functions, seed):
    """The exercise as student ``seed`` sees it, and its answer by the hand-written pin function."""
    variant = ex.at(seed)
    pin = pin_functions[ex.key](**variant.data)
    _check_pin(variant, pin)
    return variant, pin


def grade_notebook(path: pathlib.Path, exercises, pins, timeout=FUNCTION_TIMEOUT, seed=None,
                   pin_functions=None, secret=None) -> dict:
    """``{exercise key: (points, feedback)}`` for one submitted notebook.

    With ``seed`` (a class release), an exercise with variants is judged against that variant, its answer
    given by ``pin_functions[key]`` of the variant's data.
    """
    try:
        nb = read_submission(path)
    except (OSError, ValueError) as err:
        return {ex.key: (0, f"not graded: {err}") for ex in exercises}
    answers = answer_lines(nb)
    graded = {}
    for ex in exercises:
        if course.kind(ex) == "function":
            graded[ex.key] = judge_function(ex, nb, timeout, secret)
        elif seed is not None and has_variants(ex):
            variant, pin = variant_pin(ex, pin_functions, seed)
            points, feedback = judge_answer(variant, pin, answers.get(course.answer_variable(ex.key)))
            graded[ex.key] = (points, feedback if points else f"variant {seed}: {feedback}")
        else:
            graded[ex.key] = judge_answer(ex, pins[ex.key], answers.get(course.answer_variable(ex.key)))
    return graded


def judge_report(nb: dict) -> list[tuple[str, float, float, str]]:
    """``(column, points, max_points, feedback)`` for each number of the capstone's report."""
    from teachkit.course.exercises import capstone

    columns = _report_columns()
    worth = capstone.POINTS_PER_NUMBER
    report = None
    try:
        for source in _code_cells(nb):
            if _parsed(source) is not None:
                found = capstone.read_report(source)      # parsed as a literal, never run
                report = found if found is not None else report
        if report is None:
            raise ValueError("no cell assigns report = {...}; fill in the report cell of the notebook")
        check = capstone.check_report(report)
    except (ValueError, TypeError, KeyError) as err:     # a report whose choices cannot be read: say why
        return [(column, 0, worth, f"report not checked: {err}") for column in columns]
    note = (f" (no reason given for {', '.join(check.missing_reasons)})" if check.missing_reasons else "")
    return [(f"10.report.{line.name}", worth if line.follows else 0, worth, line.message + note)
            for line in check.lines]


# ---------------------------------------------------------------- the class
def notebook_of(path: pathlib.Path) -> str:
    """The course notebook a submitted file is (its name without .ipynb, e.g. "01_pmi")."""
    try:
        meta = json.loads(path.read_text(encoding="utf-8")).get("metadata", {}).get("teachkit", {})
        if isinstance(meta, dict) and isinstance(meta.get("notebook"), str):
            return meta["notebook"]
    except (OSError, ValueError, AttributeError):
        pass
    return path.stem


def submissions(folder: pathlib.Path) -> Iterator[tuple[str, pathlib.Path]]:
    """(student, path) for every notebook under ``folder/<student>/``."""
    for student_dir in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
        for path in sorted(student_dir.glob("*.ipynb")):
            yield student_dir.name, path


def grade(folder: pathlib.Path, out: pathlib.Path, notebooks: Iterable[pathlib.Path] | None = None,
          exercises: dict[str, list] | None = None, pins: dict[str, dict] | None = None, jobs: int = 1,
          timeout: int = FUNCTION_TIMEOUT, roster: str | pathlib.Path | None = None,
          secret: str | None = None) -> list[dict]:
    """Grade every submission under ``folder``; write the long CSV ``out`` and, beside it, the gradebook.

    ``notebooks`` (paths), ``exercises`` ({prefix: [exercise]}) and ``pins`` ({prefix: {key: value}})
    default to the course's own.  ``roster`` (a CSV path, see :mod:`gradebook`) names the class: a student
    on it without a folder gets 0 for every notebook the class handed in.  ``secret`` (the course secret of a
    class release) judges every exercise with variants against the student's own numbers, the seed
    recomputed from the folder's name.  Returns the long CSV's rows.
    """
    folder = pathlib.Path(folder)
    if not folder.is_dir():
        raise SystemExit(f"SUBMISSIONS={folder} is not a folder; give the folder holding one sub-folder per student.")
    people = gradebook.read_roster(roster) if roster is not None else {}
    functions_of = {}
    notebooks = {p.stem: p for p in (course.notebooks() if notebooks is None else notebooks)}

    def exercises_for(prefix):
        return course.exercises_for(prefix) if exercises is None else list(exercises.get(prefix, []))

    def pins_for(prefix):
        return course.pins(prefix) if pins is None else dict(pins.get(prefix, {}))

    work = []
    for student, path in submissions(folder):
        name = notebook_of(path)
        if name not in notebooks:
            work.append((student, path.stem, None, path))
            continue
        prefix = course.notebook_prefix(name)
        exs, known = exercises_for(prefix), pins_for(prefix)
        missing = [ex.key for ex in exs if ex.key not in known]
        if missing:
            raise SystemExit(f"exercise(s) {', '.join(missing)} have no pinned answer in "
                             f"tests/exercise_pins/nb{prefix}.py; a grade needs the independent pin.")
        for ex in exs:
            _check_pin(ex, known[ex.key])
        if secret is not None and prefix not in functions_of:
            functions_of[prefix] = course.pin_functions(prefix)
            lacking = [ex.key for ex in exs if has_variants(ex) and ex.key not in functions_of[prefix]]
            if lacking:
                raise SystemExit(f"exercise(s) {', '.join(lacking)} have variants but no pin function in "
                                 f"tests/exercise_pins/nb{prefix}.py; a per-student grade needs it.")
        work.append((student, name, (exs, known), path))
    if any(w[2] and any(course.kind(ex) == "function" for ex in w[2][0]) for w in work):
        try:
            sandbox.check_available()
        except sandbox.SandboxUnavailable as err:     # the numbers are graded all the same; functions say why not
            print(f"grade: students' functions are not run (their rows say so): {err}", file=sys.stderr, flush=True)

    def one(item):
        student, name, spec, path = item
        if spec is None:
            return [dict(student=student, notebook=name, exercise="", points=0, max_points=0,
                         feedback=f"not graded: {path.name} is not one of the course notebooks")]
        exs, known = spec
        if secret is None:
            graded = grade_notebook(path, exs, known, timeout)
        else:
            prefix = course.notebook_prefix(name)
            graded = grade_notebook(path, exs, known, timeout, seed=course.student_seed(secret, student),
                                    pin_functions=functions_of[prefix], secret=secret)
        rows = [dict(student=student, notebook=name, exercise=ex.key, points=graded[ex.key][0],
                     max_points=ex.points, feedback=graded[ex.key][1]) for ex in exs]
        if name == CAPSTONE:
            try:
                nb = read_submission(path)
                report = judge_report(nb)
            except (OSError, ValueError) as err:
                report = [(column, 0, 1, f"not graded: {err}") for column in _report_columns()]
            rows += [dict(student=student, notebook=name, exercise=column, points=points, max_points=most,
                          feedback=feedback) for column, points, most, feedback in report]
        return rows

    with ThreadPoolExecutor(max_workers=max(1, int(jobs))) as pool:
        per_submission = list(pool.map(one, work))
    rows = [row for rows in per_submission for row in rows]
    for (student, _name, spec, path), done in zip(work, per_submission):
        if spec is not None:
            print(f"graded {student}/{path.name}: {sum(r['points'] for r in done):g}/"
                  f"{sum(r['max_points'] for r in done):g}", flush=True)
    # Every student of the class (folders and roster) has every notebook the class handed in: one that is
    # missing is worth 0, not a blank cell an LMS would skip.
    handed_in = {name: spec[0] for _, name, spec, _ in work if spec is not None}
    students = sorted({student for student, *_ in work} | set(people) |
                      {p.name for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")})
    submitted = {(student, name) for student, name, spec, _ in work if spec is not None}
    for student in students:
        for name, exs in sorted(handed_in.items()):
            if (student, name) not in submitted:
                rows += [dict(student=student, notebook=name, exercise=ex.key, points=0, max_points=ex.points,
                              feedback=f"no submission of {name}") for ex in exs]
                if name == CAPSTONE:
                    rows += [dict(student=student, notebook=name, exercise=column, points=0, max_points=1,
                                  feedback=f"no submission of {name}") for column in _report_columns()]
    unknown = sorted({student for student, *_ in work} - set(people)) if people else []
    if unknown:
        print(f"grade: not on the roster, graded under their folder names: {', '.join(unknown)}", flush=True)
    gradebook.write_all(out, rows, people, course_order=list(notebooks))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("submissions", type=pathlib.Path, help="folder with one sub-folder of notebooks per student")
    parser.add_argument("--out", type=pathlib.Path, help="CSV to write (default: <submissions>/grades.csv)")
    parser.add_argument("--jobs", type=int, default=2, help="submissions graded at once (default 2)")
    parser.add_argument("--timeout", type=float, default=FUNCTION_TIMEOUT,
                        help=f"seconds one student function may run (default {FUNCTION_TIMEOUT})")
    parser.add_argument("--roster", type=pathlib.Path,
                        help="CSV naming the class (columns: student, and any of name, id, sis_user_id, "
                             "sis_login_id, section, username, email)")
    parser.add_argument("--secret", type=pathlib.Path,
                        help="the course secret of a class release (make release CLASS=... SECRET=...): judge "
                             "each student's answers against their own numbers")
    args = parser.parse_args(argv)
    if args.jobs < 1 or not math.isfinite(args.timeout) or args.timeout <= 0:
        parser.error("--jobs must be at least 1 and --timeout a positive number of seconds")
    out = args.out or args.submissions / "grades.csv"
    secret = course.read_secret(args.secret) if args.secret is not None else None
    rows = grade(args.submissions, out, jobs=args.jobs, timeout=args.timeout, roster=args.roster, secret=secret)
    print(f"grade: {len(rows)} rows -> {out}; gradebook.csv, canvas.csv, moodle.csv and feedback/ beside it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
