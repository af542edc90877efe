"""Grade a folder of submitted student notebooks; write one CSV.

``make grade SUBMISSIONS=dir/`` runs ``python tools/grade.py dir/`` and writes ``dir-graded/grades.csv`` (beside
the submissions, never inside them; or ``--out FILE``) with one row per student, notebook and exercise:
``student, notebook, exercise, points, feedback``; beside it the gradebook files (:mod:`gradebook`), the teacher
report, and what :mod:`grading_run` keeps (the last run's outputs in ``previous/``, the teacher's
``overrides.csv`` and ``manual.csv``, the progress of a run to resume).

Layout of the folder: one sub-folder (or one zip) per student holding that student's notebooks as handed
out by ``make release`` (``dir/ada/01_pmi.ipynb``, ``dir/ben.zip``, ...), or a Canvas or Moodle bulk download
as it comes, turned into that first (:mod:`lms`, in the output folder's ``collected/``).  Which notebook a file is comes
from the metadata the release stamps into it (``metadata.teachkit.notebook``), else from its file name
(``02_npmi-Copy1.ipynb`` is a copy of ``02_npmi``).  What is graded comes from the release (``--release``,
``--notebooks``), never from what was handed in; a student's folder name is read in its one spelling
(:mod:`students`: Unicode NFC, lower case).

How a class cannot break the grading:

* **Each student is graded on their own.**  Hand-ins are read by :mod:`handins` within fixed limits
  (file sizes, JSON nesting, zip entries and ratios), never through a link, never a device or a FIFO;
  a cell is parsed only below a size and a nesting depth, an answer read only below a length.  Whatever
  still goes wrong with one notebook is that notebook's 0, with the reason; the class goes on.
* **One copy of each notebook.**  Several files that are the same notebook: one is graded by a stated rule
  (:func:`choose`) and the teacher report says which and why.
* **A teacher report** (``teacher-report.md`` and ``.csv``) lists what was not read and why, the copies,
  the files that are no notebook of the release, and the copy report (:func:`copy_report`): never a penalty.

How it grades, and why a submission cannot change its own grade:

* **Answers are read, not run.**  The release gives every numeric exercise and every prediction an
  answer line ``answer_XX_n = "..."``.  The grader parses the notebook's cells as text (``ast``) and takes
  the last such assignment of a literal (a string or a number); anything else (an expression, a
  call, a variable) counts as no answer.  Nothing the student wrote is executed to read it, so no
  monkeypatch, no always-equal object and no side effect reaches the grading process.  A number is then
  judged by the self-check box's own judge (``Exercise.judge``: decimal comma, fractions, percentages,
  significant figures), so the grade and the box never disagree; its expected value is teachkit's, which
  must agree with the exercise's **pinned** answer (``tests/exercise_pins/nbXX.py``, derived by hand) to
  a relative 1e-9, or the grading stops.  A prediction must be the pinned choice.
* **Functions run in a sandbox, as they ran in Jupyter.**  For a "write it yourself" exercise, the cell that
  defines the function is run after the import statements of the cells above it (imports only: nothing else
  of those cells; a module the sandbox lacks is skipped, and a NameError it causes is named as a missing
  import in the feedback), in a separate process under bubblewrap (``tools/sandbox.py``; one sandbox per
  student, each of their functions in a process of its own there): no course files, no answer key, no teachkit,
  no network, limited memory, CPU and time.  It returns its function's values on
  the exercise's seeded inputs as JSON; the grader compares them with teachkit's reference in its own
  process.  A function right on some of the inputs drawn at grading time gets that share of its points
  (partial credit, stated in the feedback).
* **The capstone's report is recomputed.**  Notebook 10's ``report = {...}`` is read as a literal dict
  (:func:`teachkit.course.exercises.capstone.read_report`, never run) and every number it states is recomputed by
  teachkit from the choices it states (:func:`~teachkit.course.exercises.capstone.check_report`): one gradebook
  column per number (``10.report.k``, ...), worth a point when it follows from the choices; the feedback
  says which value does, and which choices were given no reason (for the teacher to read).
* **Each student their own numbers.**  With ``SECRET=`` (the course secret of a class release, see
  ``tools/release.py``), every exercise with variants is judged against the student's own variant: the
  seed is recomputed from the submission folder's name and the secret (never read from the notebook),
  and the answer is the pin *function* of that variant's data (``PIN_FUNCTIONS``, written by hand), so a
  classmate's answers, copied, are judged against numbers they do not fit.  The capstone's report is judged
  on the draw the release gave the student (the ``draw`` column of its ``teacher/seeds.csv``: no two students
  of a class share a triple of training seeds; :func:`release_draws`), never the one written in the notebook.
* A submission that is not a notebook, has a malformed cell or never finishes gets 0 points for what it
  affects, with the reason as feedback, and grading goes on.  ``--jobs`` grades several submissions at
  once; ``--timeout`` bounds each function's run.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import itertools
import math
import numbers
import pathlib
import pickle
import re
import sys
import tempfile
import threading
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import course  # noqa: E402
import gradebook  # noqa: E402
import grading_run  # noqa: E402
import handins  # noqa: E402
import lms  # noqa: E402
import sandbox  # noqa: E402
import students  # noqa: E402
from copy_report import Evidence, _judged, _roughly, copy_report  # noqa: E402, F401
from submission import (  # noqa: E402, F401
    MAX_CELL_CHARS, MAX_ANSWER_CHARS, MAX_ANSWER_BITS, MAX_OPERATORS_PER_LINE, NOT_A_LITERAL, Refused,
    _code_cells, _function_node, _literal, _parsed, _without_ipython, answer_lines, fingerprint, function_cell,
    read_submission, untouched, earlier_imports, _with_imports, _missing_import, clear_caches,
)

FIELDS = ("student", "notebook", "exercise", "points", "max_points", "feedback")
#: Seconds one student function may run (all its inputs together).
FUNCTION_TIMEOUT = 60
#: The notebook whose report is recomputed (teachkit.course.exercises.capstone.NOTEBOOK).
CAPSTONE = "10_capstone"


def _report_columns():
    import capstone_grading

    return capstone_grading.columns()


# ---------------------------------------------------------------- reading a submission: submission.py

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
    from teachkit.course.selfcheck import match_choice

    variable = course.answer_variable(ex.key)
    if value is None:
        return 0, f"no answer: the line {variable} = \"...\" is missing"
    if value is NOT_A_LITERAL:
        return 0, f"no answer: {variable} must be written as text between quotes, e.g. {variable} = \"0.04\""
    if isinstance(value, Refused):
        return 0, f"no answer: {value.why}; write {variable} = \"...\" with your answer"
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
    # one judge: the box's own (Exercise.judge), against teachkit's value; the hand-derived pin only vouches
    # for that value (judging against the pin itself marked right answers wrong where the two differ in the
    # 13th figure: 05.3, 32 of 300 seeds)
    _vouch(ex, pin)
    feedback = ex.judge(typed)
    return (ex.points, "right") if feedback.correct else (0, feedback.message)


#: How far teachkit's answer and its hand-derived pin may differ (relative): floats summed in another order.
PIN_AGREEMENT = 1e-9


def _vouch(ex, pin) -> None:
    """Refuse to grade ``ex`` when teachkit's answer is not the one its pin derives by hand (a bug, not noise)."""
    expected = ex.expected
    if not math.isclose(float(expected), float(pin), rel_tol=PIN_AGREEMENT, abs_tol=1e-15):
        raise ValueError(f"exercise {ex.key}{f' (variant {ex.variant_seed})' if ex.variant_seed else ''}: "
                         f"teachkit's answer {expected!r} is not its hand-derived pin {pin!r}; fix teachkit or "
                         "tests/exercise_pins before grading.")


def judge_function(ex, nb, timeout=FUNCTION_TIMEOUT, secret=None, ran=None) -> tuple[int, str]:
    """Run the student's function in the sandbox on the exercise's inputs; compare with teachkit here.

    The inputs are the shipped ones and as many drawn at grading time (:func:`course.grading_cases`, from
    ``secret``, the course secret, when given).  The feedback says what to do: ``replace the ...`` for a
    template left as it was; otherwise the first input on which the function fails, what it returned and
    what teachkit gives.  A function right on some inputs gets partial credit: its points times the share of
    the inputs drawn at grading time that it gets right (the shipped inputs do not count toward it, so a table
    of their answers gets nothing), stated in the feedback.  ``ran`` (``{(key, name, code): result}``, from
    :func:`run_student_functions`) holds the sandbox's results of this student's functions run together; a
    function not in it is run here on its own.
    """
    prepared = _prepare_function(ex, nb, secret)
    if not isinstance(prepared, _ToRun):
        return prepared
    name, imports, code, inputs = prepared
    cases = inputs.cases
    result = (ran or {}).get((ex.key, name, code))
    if result is None:
        result = sandbox.run_function(code, name, cases, timeout=timeout)
    if result.get("error"):
        return 0, f"{name}: {result['error']}{_missing_import(result['error'], imports)}"
    values = result["values"]
    shipped = inputs.shipped
    first, passed = None, 0
    for i in range(len(cases)):
        if i >= len(values) or not isinstance(values[i], list) or len(values[i]) != 2:
            first = first or f"{name} gave no result {_where(i, cases)}"
            break                         # the run stopped here (a crash, a timeout): no later result
        status, got = values[i]
        if status == "raised":
            first = first or (f"{name} raised {str(got)[:200]} {_where(i, cases)}"
                              f"{_missing_import(str(got), imports)}")
            continue
        if got is None or got == "Ellipsis":
            return 0, f"{name} returned {got}: replace the ... with your calculation and return the result"
        expected = inputs.expected(i)
        try:
            same = same_value(got, expected, ex.rtol, ex.atol)
        except Exception:                 # a value of a shape nothing compares with: a wrong result
            same = False
        if not same:
            first = first or (f"{name} differs from teachkit {_where(i, cases)}: it returned {_short(got)}, "
                              f"teachkit gives {_short(expected)}")
        elif i >= shipped:
            passed += 1
    if first is None:
        return ex.points, "right"
    drawn = len(cases) - shipped
    if not passed or not drawn:
        return 0, first
    # partial credit: the share of the inputs drawn at grading time that it gets right (a table of the shipped
    # inputs' answers gets none of them)
    points = round(ex.points * passed / drawn, 2)
    return points, (f"{first}; partial credit: right on {passed} of the {drawn} inputs drawn at grading time, "
                    f"so {points:g} of {ex.points:g} points")


def same_value(got, expected, rtol, atol) -> bool:
    """Whether ``got`` is ``expected`` as the self-check box judges it (teachkit's ``_same``: ``numpy.allclose``
    with NaN equal to NaN, strings and booleans equal).  Two floats are compared by numpy's formula in Python
    (the same IEEE arithmetic, the same result: tested), without numpy's cost per call: thousands a student."""
    if type(got) is float and type(expected) is float and type(rtol) in (float, int) and \
            type(atol) in (float, int) and math.isfinite(rtol) and math.isfinite(atol):
        # numpy.isclose: |x - y| <= atol + rtol |y| where y is finite, or x == y; NaN and NaN alike (equal_nan)
        return ((abs(got - expected) <= atol + rtol * abs(expected) and math.isfinite(expected))
                or got == expected or (math.isnan(got) and math.isnan(expected)))
    from teachkit.course.exercises import _same

    return _same(got, expected, rtol, atol)


def _where(i: int, cases: list) -> str:
    """Which input ``i`` is, for the feedback (written out only for the first input a function fails on)."""
    from teachkit.course.exercises.compare import _describe

    return f"on input {i + 1} of {len(cases)} ({_describe(cases[i])})"


class _ToRun(tuple):
    """A function to run in the sandbox: (its name, the imports above its cell, the code run, its inputs)."""


def _prepare_function(ex, nb, secret):
    """What grading function exercise ``ex`` in notebook ``nb`` runs (:class:`_ToRun`), or its verdict when it
    runs nothing (no cell defines it, the template is left as it was)."""
    name = course.function_name(ex)
    source = function_cell(nb, name)
    if source is None:
        return 0, f"no function {name}: the cell defining it is missing"
    node = _function_node(source, name)
    if node is not None and untouched(node):
        return 0, f"{name} is still the template: replace the ... with your calculation and return its result"
    if node is not None and getattr(ex, "forbidden", ()):
        # a wrapper around the teachkit function the exercise compares with earns nothing (as in the self-check)
        import ast

        from teachkit.course.exercises.compare import forbidden_message

        used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        used |= {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
        refused = forbidden_message(name, used, ex.forbidden)
        if refused:
            return 0, refused
    imports = earlier_imports(nb, source)
    return _ToRun((name, imports, _with_imports(imports, source), grading_inputs(ex, secret)))


class GradingInputs:
    """The inputs function exercise ``ex`` is graded on (:func:`course.grading_cases`: the same for every student
    of a run) and teachkit's value on each, computed once a run, when first needed, not once a student."""

    def __init__(self, ex, secret):
        self.exercise = ex
        self.cases = course.grading_cases(ex, secret)
        self.shipped = len(ex.cases())          # the first ones; the rest are drawn at grading time
        self._expected: dict[int, object] = {}

    def expected(self, i: int):
        """``ex.reference`` of input ``i`` (a reference reads its inputs, never changes them: tested)."""
        if i not in self._expected:
            self._expected[i] = self.exercise.reference(**self.cases[i])
        return self._expected[i]


_INPUTS: dict = {}
_INPUTS_LOCK = threading.Lock()


def grading_inputs(ex, secret) -> GradingInputs:
    """The :class:`GradingInputs` of ``ex`` under ``secret``, made once (the grader's threads share it)."""
    key = (id(ex), secret)
    with _INPUTS_LOCK:
        made = _INPUTS.get(key)
        if made is None or made.exercise is not ex:
            if len(_INPUTS) > 256:            # exercises made and dropped (the tests' synthetic ones)
                _INPUTS.clear()
            made = _INPUTS[key] = GradingInputs(ex, secret)
    return made


def function_jobs(nb, exercises, secret=None) -> list[tuple[tuple, tuple]]:
    """``[((key, name, code), (code, name, cases))]``: what grading the function exercises of ``exercises`` in
    notebook ``nb`` runs in the sandbox (see :func:`run_student_functions`)."""
    jobs = []
    for ex in exercises:
        if course.kind(ex) == "function":
            prepared = _prepare_function(ex, nb, secret)
            if isinstance(prepared, _ToRun):
                name, _, code, inputs = prepared
                jobs.append(((ex.key, name, code), (code, name, inputs.cases)))
    return jobs


def run_student_functions(jobs, timeout=FUNCTION_TIMEOUT) -> dict:
    """``{(key, name, code): sandbox result}`` for one student's function ``jobs`` (:func:`function_jobs` of
    their notebooks), run in one sandbox (:func:`sandbox.run_functions`: each in a process of its own there)."""
    unique = dict(jobs)
    return dict(zip(unique, sandbox.run_functions(list(unique.values()), timeout=timeout))) if unique else {}


def _short(value, limit: int = 80) -> str:
    try:
        import numpy as np

        text = np.array2string(value, threshold=12, separator=", ") if isinstance(value, np.ndarray) else repr(value)
    except Exception:
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def has_variants(ex) -> bool:
    """Whether ``ex`` is judged per student under a class release (a number with variants)."""
    return bool(getattr(ex, "has_variants", False)) and not getattr(ex, "choices", ())


def variant_pin(ex, pin_functions, seed):
    """The exercise as student ``seed`` sees it, and its answer by the hand-written pin function."""
    variant = ex.at(seed)
    pin = pin_functions[ex.key](**variant.data)
    _check_pin(variant, pin)
    return variant, pin


def grade_notebook(nb, exercises, pins, timeout=FUNCTION_TIMEOUT, seed=None, pin_functions=None,
                   variants=None, secret=None, ran=None) -> dict:
    """``{exercise key: (points, feedback)}`` for one submitted notebook (its JSON, or a path to read it from).

    With ``seed`` (a class release), an exercise with variants is judged against that variant, its answer
    given by ``pin_functions[key]`` of the variant's data; ``variants``, a dict, then receives
    ``{key: (check options, pin)}`` (for the copy report: what judging a classmate's answer needs, not the
    variant itself, which a class of hundreds would otherwise keep in memory once per student).  ``ran``: the
    sandbox's results of the student's functions run beforehand (:func:`run_student_functions`).
    """
    if not isinstance(nb, dict):
        try:
            nb = read_submission(nb)
        except (OSError, ValueError) as err:
            return {ex.key: (0, f"not graded: {err}") for ex in exercises}
    answers = answer_lines(nb)
    graded = {}
    for ex in exercises:
        if course.kind(ex) == "function":
            graded[ex.key] = judge_function(ex, nb, timeout, secret, ran)
        elif seed is not None and has_variants(ex):
            variant, pin = variant_pin(ex, pin_functions, seed)
            if variants is not None:
                variants[ex.key] = (_shared_options(variant.check_options()), pin)
            points, feedback = judge_answer(variant, pin, answers.get(course.answer_variable(ex.key)))
            graded[ex.key] = (points, feedback if points else f"variant {seed}: {feedback}")
        else:
            graded[ex.key] = judge_answer(ex, pins[ex.key], answers.get(course.answer_variable(ex.key)))
    return graded


_OPTIONS: dict = {}


def _shared_options(options: dict) -> dict:
    """One dict for all equal check options (most variants of an exercise share theirs)."""
    try:
        return _OPTIONS.setdefault(tuple(sorted(options.items())), options)
    except TypeError:                   # an unhashable option: kept as it is
        return options


def judge_report(nb: dict, seed: int | None = None, work: Work | None = None) -> list[tuple[str, float, float, str]]:
    """``(column, points, max_points, feedback)`` for each number of the capstone's report, judged on draw
    ``seed`` (the student's own; see tools/capstone_grading.py); with ``work``, the copy report's evidence too."""
    from teachkit.course.exercises import capstone

    import capstone_grading

    report, problem = None, None
    try:
        for source in _code_cells(nb):
            if _parsed(source) is not None:
                found = capstone.read_report(source)      # parsed as a literal, never run
                report = found if found is not None else report
    except (ValueError, TypeError) as err:
        report, problem = None, str(err)
    judged = capstone_grading.judge(report, seed, problem)
    if work is not None:
        capstone_grading.record(work, judged)
    return judged.rows


# ---------------------------------------------------------------- the class
#: What the grader writes beside grades.csv: in the submissions folder, no student's hand-in.
OUTPUTS = {"grades.csv", "gradebook.csv", "canvas.csv", "moodle.csv", "feedback", gradebook.REPORT_CSV,
           gradebook.REPORT_MD} | set(students.OUTPUT_NAMES)
#: Notebook files of one student that are read (copies and stray files included), and their bytes in all; the
#: rest are reported, not read.
MAX_FILES_PER_STUDENT = 100
MAX_BYTES_PER_STUDENT = 128 << 20
#: The suffixes Jupyter, browsers and file managers add to a copy: "-Copy1", " (2)", " copy".
COPY_SUFFIX = re.compile(r"(?:-Copy\d*|\s*\(\d+\)|[ _-]copy(?:[ _-]?\d+)?)$", re.IGNORECASE)
#: The prefix Google Colab (and Google Drive) gives a copy: "Copy of 01_pmi.ipynb".
COPY_PREFIX = re.compile(r"^copy of\s+", re.IGNORECASE)


def assignments(notebooks=None, release=None, only=None) -> dict[str, pathlib.Path]:
    """``{notebook name: path}`` of what is graded: the notebooks of the release, never what was handed in.

    ``notebooks`` (paths) is the list itself; else the student notebooks of the release folder ``release``
    (``release/student/*.ipynb``, default the course's ``release/``), each a course notebook; with no release
    there, every course notebook.  ``only`` keeps some of them, by name or prefix (``["01", "02_npmi"]``).
    """
    course_notebooks = {p.stem: p for p in course.notebooks()}
    if notebooks is not None:
        paths = [pathlib.Path(p) for p in notebooks]
    else:
        folder = pathlib.Path(release) if release is not None else course.ROOT / "release"
        released = sorted((folder / "student").glob("*.ipynb"))
        unknown = [p.name for p in released if p.stem not in course_notebooks]
        if unknown:
            raise SystemExit(f"the release {folder} has notebooks the course does not: {', '.join(unknown)}.")
        if released:
            paths = [course_notebooks[p.stem] for p in released]
        elif release is not None:
            raise SystemExit(f"--release {folder}: no student notebooks in {folder / 'student'}; give the folder "
                             "make release wrote (it holds student/ and teacher/).")
        else:
            paths = list(course_notebooks.values())
            print(f"grade: no release in {folder}: grading against every course notebook "
                  "(give --release DIR or --notebooks to grade what was handed out).", flush=True)
    named = {p.stem: p for p in paths}
    if only:
        chosen = {}
        for want in only:
            match = [n for n in named if n == want or course.notebook_prefix(n) == want]
            if not match:
                raise SystemExit(f"--notebooks: {want!r} is not a notebook of the release ({', '.join(named)}).")
            chosen.update({n: named[n] for n in match})
        named = {n: p for n, p in named.items() if n in chosen}
    return named


def identify(file: handins.File, nb: dict | None, assigned) -> str | None:
    """Which notebook of ``assigned`` a file is: by what the release stamped in it, else by its file name
    (a copy's suffix removed), else None."""
    meta = nb.get("metadata") if isinstance(nb, dict) else None
    meta = meta.get("teachkit") if isinstance(meta, dict) else None
    if isinstance(meta, dict) and isinstance(meta.get("notebook"), str) and meta["notebook"] in assigned:
        return meta["notebook"]
    stem = file.name[: -len(".ipynb")] if file.name.lower().endswith(".ipynb") else file.name
    bare = COPY_PREFIX.sub("", stem)
    for name in (stem, COPY_SUFFIX.sub("", stem), bare, COPY_SUFFIX.sub("", bare)):
        if name in assigned:
            return name
    return None


def _rank(name: str, file: handins.File, problem: str | None):
    """The order in which copies of notebook ``name`` are preferred (see :func:`choose`)."""
    return (problem is not None, file.name != f"{name}.ipynb", file.depth, len(file.name), file.where)


#: Why the first copy was preferred to the second, by the first part of :func:`_rank` that tells them apart.
_WHY = ("the other copies cannot be read", "it has the course's file name", "it is nearest the top of the hand-in",
        "it has the shortest file name", "it comes first in alphabetical order")


#: Seconds by which a copy must be newer than the others to be graded as the newest (a zip keeps times to 2 s).
NEWER = 2.0


def choose(name: str, copies: list[tuple[handins.File, str | None]]) -> tuple[handins.File, str | None, str]:
    """The copy of notebook ``name`` that is graded, its problem (if unreadable) and why it was chosen.

    The rule: a copy that can be read before one that cannot; then the one saved last, when it was saved at
    least :data:`NEWER` seconds after the others (``01_pmi (1).ipynb``, a browser's name for a second download,
    is the student's resubmission); then the file named exactly as the course notebook (``02_npmi.ipynb``
    before ``02_npmi-Copy1.ipynb``); then the one fewest folders deep; then the shortest name; then
    alphabetical order.
    """
    readable = [c for c in copies if c[1] is None]
    if len(readable) > 1:
        newest = max(c[0].mtime for c in readable)
        latest = [c for c in readable if newest - c[0].mtime < NEWER]
        if len(latest) < len(readable):
            first, problem, _ = choose(name, latest)
            import datetime

            when = datetime.datetime.fromtimestamp(first.mtime, datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
            return first, problem, f"it was saved last ({when}), after the others"
    ranked = sorted(copies, key=lambda c: _rank(name, *c))
    first, problem = ranked[0]
    if len(ranked) == 1:
        return first, problem, ""
    a, b = _rank(name, *ranked[0]), _rank(name, *ranked[1])
    why = next(_WHY[i] for i in range(len(a)) if a[i] != b[i])
    return first, problem, why


class Work:
    """What grading one student gives: their rows, notes for the teacher, and evidence for the copy report."""

    def __init__(self, student):
        self.student = student
        self.rows: list[dict] = []
        self.notes: list[dict] = []
        self.wrong: list[tuple[str, str, object]] = []           # (notebook, key, typed) wrong for own variant
        self.variants: dict[str, tuple] = {}                       # key -> (check options, pin) of own seed
        self.functions: list[tuple[str, str, str, int]] = []       # (notebook, key, fingerprint's hash, lines)
        self.printed: list[str] = []

    def note(self, kind, detail, notebook="", student_sees=False):
        self.notes.append(dict(kind=kind, student=self.student, notebook=notebook, detail=detail))
        if student_sees:
            self.rows.append(dict(student=self.student, notebook=notebook, exercise="", points=0, max_points=0,
                                  feedback=detail))

    def zero(self, notebook, spec, why):
        exs = spec[0]
        self.rows += [dict(student=self.student, notebook=notebook, exercise=ex.key, points=0, max_points=ex.points,
                           feedback=why) for ex in exs]
        if notebook == CAPSTONE:
            self.rows += [dict(student=self.student, notebook=notebook, exercise=column, points=0, max_points=1,
                               feedback=why) for column in _report_columns()]


def grade_student(student: str, found: list[handins.HandIn], specs: dict, timeout, secret, seed=None,
                  draw=None) -> Work:
    """Every notebook of ``specs`` for one student, from their hand-ins ``found`` (folders and zips); ``seed``
    the one the release's seeds.csv lists for them, else recomputed from ``secret``; ``draw`` their capstone
    draw (:func:`release_draws`), else ``seed``."""
    work = Work(student)
    if seed is None:
        seed = course.student_seed(secret, student) if secret is not None else None
    if draw is None:
        draw = seed
    copies: dict[str, list] = {}
    jobs: dict[int, list] = {}
    read = size = 0
    for hand_in in found:
        if hand_in.problem:
            work.note("hand-in not read", hand_in.problem, student_sees=True)
        for where, why in hand_in.skipped:
            work.note("file not read", f"{where}: {why}", student_sees=True)
        for file in hand_in.files:
            read += 1
            if read > MAX_FILES_PER_STUDENT or size > MAX_BYTES_PER_STUDENT:
                work.note("file not read", f"{file.where}: more than {MAX_FILES_PER_STUDENT} notebooks or "
                                           f"{MAX_BYTES_PER_STUDENT >> 20} MiB handed in; not read", student_sees=True)
                continue
            try:
                data = file.read()
                size += len(data)
                nb, problem = handins.read_notebook(data), None
            except handins.Unreadable as err:
                nb, problem = None, str(err)
            data = None
            name = identify(file, nb, specs)
            if name is None and problem is not None:
                work.note("file not read", f"{file.where}: {problem}", student_sees=True)
                continue
            if name is None:
                work.note("not a notebook of the release", f"{file.where}: not one of the notebooks graded "
                                                           f"({', '.join(specs)}); not graded", student_sees=True)
                continue
            copies.setdefault(name, []).append((file, problem))
            if problem is None:
                try:        # what its functions run, run together below if this copy is the one graded
                    jobs[id(file)] = function_jobs(nb, specs[name][0], secret)
                except Exception:          # judged on its own when graded, which says what went wrong
                    pass
            del nb
    unread = "; ".join(h.problem for h in found if h.problem)
    chosen = {name: choose(name, copies[name]) for name in specs if name in copies}
    # the functions of the copies graded, in one sandbox (each in a process of its own there)
    try:
        ran = run_student_functions([job for file, *_ in chosen.values() for job in jobs.get(id(file), [])], timeout)
    except Exception:                  # each function is then run on its own as its notebook is graded
        ran = {}
    del jobs
    for name, spec in specs.items():
        if name not in copies:
            work.zero(name, spec, f"not graded: {unread}" if unread else f"no submission of {name}")
            continue
        file, problem, why = chosen[name]
        if why:
            others = ", ".join(c.where for c, _ in copies[name] if c is not file)
            work.note("copies of one notebook", f"{name}: graded {file.where} ({why}); not graded: {others}",
                      notebook=name, student_sees=True)
        try:
            _grade_one(work, name, spec, file, problem, seed, timeout, secret, ran, draw)
        except Exception as err:       # a bug the submission found in the grader: this notebook, not the class
            work.rows = [r for r in work.rows if r["notebook"] != name or not r["exercise"]]
            work.zero(name, spec, f"not graded: the grader could not read {file.where} ({type(err).__name__})")
            work.note("grader error", f"{file.where}: {type(err).__name__}: {str(err)[:200]}", notebook=name)
    return work


def _written_seed(value) -> str | None:
    """The seed a notebook's metadata names, as digits (the release writes a string), or None for none."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):          # an earlier release wrote a number
        return str(value) if value.bit_length() <= 8192 else "(a number too long to be a seed)"
    return value[:2500] if isinstance(value, str) else None


def _grade_one(work: Work, name: str, spec, file: handins.File, problem, seed, timeout, secret=None, ran=None,
               draw=None) -> None:
    exs, known, functions = spec
    if problem is None:
        try:
            nb = handins.read_notebook(file.read())
        except handins.Unreadable as err:
            problem = str(err)
    if problem is not None:
        work.zero(name, spec, f"not graded: {file.where}: {problem}")
        work.note("notebook not read", f"{file.where}: {problem}", notebook=name)
        return
    graded = grade_notebook(nb, exs, known, timeout, seed=seed, pin_functions=functions, variants=work.variants,
                            secret=secret, ran=ran)
    rows = [dict(student=work.student, notebook=name, exercise=ex.key, points=graded[ex.key][0],
                 max_points=ex.points, feedback=graded[ex.key][1]) for ex in exs]
    if name == CAPSTONE:
        rows += [dict(student=work.student, notebook=name, exercise=column, points=points, max_points=most,
                      feedback=feedback)
                 for column, points, most, feedback in judge_report(nb, seed if draw is None else draw, work)]
    work.rows += rows
    work.printed.append(f"graded {file.where}: {sum(r['points'] for r in rows):g}/"
                        f"{sum(r['max_points'] for r in rows):g}")
    # evidence for the copy report (for the teacher; it changes no grade)
    meta = nb.get("metadata") if isinstance(nb.get("metadata"), dict) else {}
    meta = meta.get("teachkit") if isinstance(meta.get("teachkit"), dict) else {}
    named = meta.get("student")
    if isinstance(named, str) and students.normalise(named[:200]) != work.student:
        work.note("copy report", f"{file.where}: its metadata names student {named[:60]!r}, not {work.student!r} "
                                 "(a classmate's file?)", notebook=name)
    elif seed is not None and _written_seed(meta.get("seed")) not in (None, str(seed)):
        work.note("copy report", f"{file.where}: its metadata names seed {_written_seed(meta['seed'])[:60]}, not "
                                 f"the student's own {seed} (a classmate's file?)", notebook=name)
    answers = answer_lines(nb)
    for ex in exs:
        value = answers.get(course.answer_variable(ex.key))
        if ex.key in work.variants and graded[ex.key][0] == 0 and isinstance(value, (str, int, float)) \
                and str(value).strip():
            work.wrong.append((name, ex.key, value))
        if course.kind(ex) == "function":
            source = function_cell(nb, course.function_name(ex))
            found = fingerprint(source, course.function_name(ex)) if source else None
            if found:       # its hash: equal texts have equal hashes, and 300 students' bodies are not kept
                text, lines = found
                digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
                work.functions.append((name, ex.key, digest, lines))


def grade(folder: pathlib.Path, out: pathlib.Path, notebooks: Iterable[pathlib.Path] | None = None,
          exercises: dict[str, list] | None = None, pins: dict[str, dict] | None = None, jobs: int = 1,
          timeout: int = FUNCTION_TIMEOUT, roster: str | pathlib.Path | None = None,
          secret: str | None = None, release: str | pathlib.Path | None = None,
          only: list[str] | None = None, some: list[str] | None = None, resume: bool = False,
          lms_name: str | None = None) -> int:
    """Grade every hand-in under ``folder``; write the long CSV ``out`` and, beside it, the gradebook and the
    teacher report.

    What is graded comes from the release (:func:`assignments`: ``notebooks`` paths, or the release folder
    ``release``, narrowed by ``only``), never from what was handed in; ``exercises`` ({prefix: [exercise]})
    and ``pins`` ({prefix: {key: value}}) default to the course's own.  ``roster`` (a CSV path, see
    :mod:`gradebook`) names the class: a student on it without a hand-in gets 0 for every notebook.
    ``secret`` (the course secret of a class release) judges every exercise with variants against the
    student's own numbers, the seed recomputed from the folder's name.  Each student is graded on their own:
    nothing in one hand-in stops the run or changes another's rows.  Returns the number of rows of the long CSV.

    Memory does not grow with the class: each student's rows are written to a spool file as soon as they are
    graded and the CSVs and feedback files are written from it student by student; what the copy report
    compares (their variants' answers, wrong answers, hashes of functions) goes to a temporary sqlite database
    (:class:`Evidence`) and is read back from it.
    """
    folder = pathlib.Path(folder)
    if not folder.is_dir():
        raise SystemExit(f"SUBMISSIONS={folder} is not a folder; give the folder holding one sub-folder (or zip) "
                         "per student.")
    out = pathlib.Path(out)
    people = gradebook.read_roster(roster) if roster is not None else {}
    assigned = assignments(notebooks, release, only)
    seeds = check_secret(secret, release) if secret is not None else {}
    layout = lms_name or lms.detect(folder)
    if layout is not None:           # an LMS's download: one folder per student first, in the output folder
        collected = out.parent / "collected"
        if collected.exists():                         # the last run's, kept (nothing of a run is lost)
            (out.parent / grading_run.PREVIOUS).mkdir(parents=True, exist_ok=True)
            collected.rename(out.parent / grading_run.PREVIOUS / f"collected-{collected.stat().st_mtime_ns}")
        lms.collect(folder, collected, people, layout)
        print(f"grade: {folder} is a {layout} download: one folder per student in {collected} "
              f"(how each file was mapped: {collected / lms.COLLECTED})", flush=True)
        folder = collected
    submitted = lms.read_collected(folder)

    def exercises_for(prefix):
        return course.exercises_for(prefix) if exercises is None else list(exercises.get(prefix, []))

    def pins_for(prefix):
        return course.pins(prefix) if pins is None else dict(pins.get(prefix, {}))

    specs = {}
    for name in assigned:
        prefix = course.notebook_prefix(name)
        exs, known = exercises_for(prefix), pins_for(prefix)
        missing = [ex.key for ex in exs if ex.key not in known]
        if missing:
            raise SystemExit(f"exercise(s) {', '.join(missing)} have no pinned answer in "
                             f"tests/exercise_pins/nb{prefix}.py; a grade needs the independent pin.")
        for ex in exs:
            _check_pin(ex, known[ex.key])
        functions = None
        if secret is not None:
            functions = course.pin_functions(prefix)
            lacking = [ex.key for ex in exs if has_variants(ex) and ex.key not in functions]
            if lacking:
                raise SystemExit(f"exercise(s) {', '.join(lacking)} have variants but no pin function in "
                                 f"tests/exercise_pins/nb{prefix}.py; a per-student grade needs it.")
        specs[name] = (exs, known, functions)

    # what a grading run writes is never a hand-in, whether this run writes it here or an earlier one did
    # lazy: each student's files are listed when that student is graded, not the whole class's up front
    found, other = handins.hand_ins(folder, OUTPUTS | {out.name}, lazy=True)
    by_student: dict[str, list[handins.HandIn]] = {}
    for hand_in in found:
        by_student.setdefault(students.normalise(hand_in.student), []).append(hand_in)
    del found
    notes = [dict(kind="not a hand-in", student="", notebook="", detail=f"{where}: {why}") for where, why in other]
    for student, hand_ins in sorted(by_student.items()):
        if len(hand_ins) > 1:
            notes.append(dict(kind="one student, several hand-ins", student=student, notebook="",
                              detail=f"{', '.join(h.where for h in hand_ins)} are the same student once the names "
                                     "are spelt alike (Unicode NFC, lower case); their notebooks were graded "
                                     "together, one copy of each notebook (see 'copies of one notebook')"))
    if by_student and any(course.kind(ex) == "function" for exs, *_ in specs.values() for ex in exs):
        try:
            sandbox.check_available()
        except sandbox.SandboxUnavailable as err:     # the numbers are graded all the same; functions say why not
            print(f"grade: students' functions are not run (their rows say so): {err}", file=sys.stderr, flush=True)

    def one(student):
        hand_ins = by_student.get(student, [])
        if hand_ins:
            by_student[student] = ()      # its list of files is not kept for the rest of the class
        try:
            return grade_student(student, [handins.opened(h) for h in hand_ins], specs, timeout, secret,
                                 seeds.get(student), draws.get(student))
        except Exception as err:          # whatever happens, this student keeps a row and the class goes on
            work = Work(student)
            for name, spec in specs.items():
                work.zero(name, spec, f"not graded: the grader failed on this hand-in ({type(err).__name__})")
            work.note("grader error", f"{type(err).__name__}: {str(err)[:200]}")
            return work

    everyone = sorted(set(by_student) | set(people))
    draws = release_draws(secret, release, people or everyone) if secret is not None else {}
    regraded = None
    if some:
        regraded = {students.normalise(s) for s in some}
        unknown = sorted(regraded - set(everyone))
        if unknown:
            raise SystemExit(f"STUDENTS=: {', '.join(unknown)} handed nothing in and are not on the roster "
                             f"(students: {', '.join(everyone[:10])}{' ...' if len(everyone) > 10 else ''}).")
    overrides = grading_run.read_overrides(out.parent)
    progress = grading_run.Progress(out.parent, grading_run.run_key(secret, assigned), resume)
    # Each student's rows go to disk as soon as they are graded (the spool), and what the copy report needs to the
    # evidence database: nothing the grader keeps grows with the class.
    count = 0
    graded_now = [s for s in everyone if regraded is None or s in regraded]
    with tempfile.TemporaryDirectory(prefix="teachkit-grade-") as scratch, tempfile.TemporaryFile() as spool, \
            Evidence(pathlib.Path(scratch) / "evidence.sqlite") as evidence, \
            ThreadPoolExecutor(max_workers=max(1, int(jobs))) as pool:
        def resumed(student):
            return progress.done[student] if student in progress.done else one(student)

        for work in _in_order(pool, resumed, graded_now, ahead=4 * max(1, int(jobs))):
            if work.student not in progress.done:
                progress.add(work)
            pickle.dump(work.rows, spool)
            count += len(work.rows)
            for line in work.printed:
                print(line, flush=True)
            notes += work.notes
            evidence.add(work)
        del work
        notes += copy_report(evidence)
        unknown = sorted(set(by_student) - set(people)) if people else []
        if unknown:
            print(f"grade: not on the roster, graded under their folder names: {', '.join(unknown)}", flush=True)
            notes += [dict(kind="not on the roster", student=s, notebook="", detail="graded under the folder's name")
                      for s in unknown]
        previous = grading_run.keep_previous(out.parent, out.name)
        kept = []
        if regraded is not None and previous is not None:      # the students not regraded keep their rows
            kept = grading_run.read_previous_rows(previous / out.name, set(everyone) - regraded)
        elif regraded is not None:
            raise SystemExit(f"STUDENTS= regrades some students of an earlier run, but {out} has none; grade the "
                             "whole class first.")
        manual = grading_run.manual_rows(out.parent, everyone, list(assigned))
        used: set = set()

        def rows():
            new = _spooled(spool)
            merged = sorted(kept + list(new), key=lambda r: r["student"]) if kept else new
            for student, own in itertools.groupby(merged, key=lambda r: r["student"]):
                yield from grading_run.apply_overrides(own, overrides, used)
                yield from grading_run.apply_overrides(manual.get(student, []), overrides, used)

        gradebook.write_all(out, rows, people, course_order=list(assigned), submitted=submitted)
        notes += [dict(kind="override not applied", student=s, notebook="",
                       detail=f"{grading_run.OVERRIDES}: no graded row {s}, {e}") for s, e in set(overrides) - used]
        if previous is not None:
            notes.append(dict(kind="previous outputs", student="", notebook="",
                              detail=f"the outputs of the last run are kept in {previous}"))
        gradebook.write_report(out.parent, notes)
    progress.finish()
    return count


def release_draws(secret: str, release, ids) -> dict[str, int]:
    """``{student: capstone draw}`` each report is judged on: the draws the class release gave (the ``draw``
    column of its ``teacher/seeds.csv``, written by the teacher's release, never by a student).  Without a
    seeds.csv, derived as the release derives them (:func:`release.class_draws`) from ``ids`` (the roster,
    else the students who handed in) and ``secret``; a seeds.csv of an earlier release without draws gives {}:
    each student is judged on their seed, the draw that release wrote.  Call after :func:`check_secret`."""
    import csv

    folder = pathlib.Path(release) if release is not None else course.ROOT / "release"
    seeds = folder / "teacher" / "seeds.csv"
    if not seeds.is_file():
        import release as releasing

        return releasing.class_draws(sorted(ids), secret)[1]
    listed = {}
    with open(seeds, newline="", encoding="utf-8") as f:
        for i, row in enumerate(csv.DictReader(f)):
            if row.get("draw") is None:
                continue
            try:
                listed[students.normalise(row["student"])] = int(row["draw"])
            except (ValueError, TypeError):
                raise SystemExit(f"{seeds}, line {i + 2}: {row.get('draw')!r} is not a draw; restore the file "
                                 "make release wrote.") from None
    return listed


def check_secret(secret: str, release) -> dict[str, int]:
    """The seeds of the release's ``teacher/seeds.csv`` ``{student: seed}`` (by their ids in today's spelling),
    or SystemExit when ``secret`` is not the one that made them.

    Checked by the hash the release stored beside it (``seeds.secret-sha256``), else by recomputing the first
    seeds it lists.  The seeds listed are the ones each student was handed (an id spelt otherwise by an earlier
    version of :func:`students.normalise`, ``straße`` before case folding, keeps its seed); a student not listed
    gets the seed recomputed from the secret."""
    import csv

    folder = pathlib.Path(release) if release is not None else course.ROOT / "release"
    seeds = folder / "teacher" / "seeds.csv"
    stamp = folder / "teacher" / course.SECRET_HASH_FILE
    if stamp.is_file():
        made = stamp.read_text(encoding="utf-8").strip()
        if made != course.secret_hash(secret):
            raise SystemExit(f"SECRET= is not the secret that made {seeds} (that one's hash begins {made[:12]}, "
                             f"this one's {course.secret_hash(secret)[:12]}): every student would be judged on "
                             "numbers they never saw. Give the course secret of that release.")
    if not seeds.is_file():
        return {}
    listed, checked = {}, 0
    with open(seeds, newline="", encoding="utf-8") as f:
        for i, row in enumerate(csv.DictReader(f)):
            # without the stored hash, the first three ids spelt today as they were then are recomputed
            same = students.normalise(row["student"]) == row["student"]
            checked += same
            if same and checked <= 3 and not stamp.is_file() and \
                    str(course.student_seed(secret, row["student"])) != row["seed"].strip():
                raise SystemExit(f"SECRET= is not the secret that made {seeds} (the seed of {row['student']!r} "
                                 "differs): give the course secret of that release.")
            try:
                listed[students.normalise(row["student"])] = int(row["seed"])
            except (ValueError, TypeError):
                raise SystemExit(f"{seeds}, line {i + 2}: {row.get('seed')!r} is not a seed; restore the file "
                                 "make release wrote.") from None
    return listed


def _in_order(pool, grade_one, students, ahead):
    """``grade_one(student)`` for each student, in order, at most ``ahead`` of them graded but not yet taken."""
    pending = collections.deque()
    for student in students:
        pending.append(pool.submit(grade_one, student))
        if len(pending) > ahead:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def _spooled(spool):
    """The rows pickled into ``spool``, student by student, read back one student at a time."""
    spool.seek(0)
    while True:
        try:
            rows = pickle.load(spool)          # written by this run, above: no student's bytes are unpickled
        except EOFError:
            return
        yield from rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("submissions", type=pathlib.Path, help="folder with one sub-folder of notebooks per student")
    parser.add_argument("--out", type=pathlib.Path,
                        help="CSV to write (default: <submissions>-graded/grades.csv, beside the submissions)")
    parser.add_argument("--jobs", type=int, default=2, help="submissions graded at once (default 2)")
    parser.add_argument("--timeout", type=float, default=FUNCTION_TIMEOUT,
                        help=f"seconds one student function may run (default {FUNCTION_TIMEOUT})")
    parser.add_argument("--roster", type=pathlib.Path,
                        help="CSV naming the class (columns: student, and any of name, id, sis_user_id, "
                             "sis_login_id, section, username, email)")
    parser.add_argument("--secret", type=pathlib.Path,
                        help="the course secret of a class release (make release CLASS=... SECRET=...): judge "
                             "each student's answers against their own numbers")
    parser.add_argument("--release", type=pathlib.Path,
                        help="the folder make release wrote (default: release/): its student notebooks are what "
                             "is graded, whatever was handed in")
    parser.add_argument("--notebooks", help="grade only these notebooks of the release, by name or prefix, "
                                            "separated by commas or spaces (e.g. 01,02_npmi)")
    parser.add_argument("--students", help="regrade only these students (ids separated by commas); the others keep "
                                           "the rows of the last run")
    parser.add_argument("--resume", action="store_true", help="go on with a run that was stopped part-way")
    parser.add_argument("--lms", choices=sorted(lms.ID_COLUMNS),
                        help="the submissions are this LMS's bulk download (default: recognised by its layout)")
    args = parser.parse_args(argv)
    if args.jobs < 1 or not math.isfinite(args.timeout) or args.timeout <= 0:
        parser.error("--jobs must be at least 1 and --timeout a positive number of seconds")
    out = args.out or grading_run.default_out(args.submissions)
    secret = course.read_secret(args.secret) if args.secret is not None else None
    only = re.split(r"[,\s]+", args.notebooks.strip()) if args.notebooks and args.notebooks.strip() else None
    some = [s for s in re.split(r"[,\s]+", args.students.strip()) if s] if args.students else None
    count = grade(args.submissions, out, jobs=args.jobs, timeout=args.timeout, roster=args.roster, secret=secret,
                  release=args.release, only=only, some=some, resume=args.resume, lms_name=args.lms)
    print(f"grade: {count} rows -> {out}; gradebook.csv, canvas.csv, moodle.csv, feedback/ and "
          f"{gradebook.REPORT_MD} (for the teacher: what was not graded, which copy was, the copy report) beside it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
