"""Write the student and teacher releases of the course notebooks.

``make release`` runs ``python tools/release.py`` and writes:

* ``release/student/NN_name.ipynb``: every notebook without its solutions.
  Solution cells (tagged ``solution``, or calling ``reveal(...)``) are
  removed, not folded; each exercise cell (tagged ``exercise``, calling
  ``ask("XX.n")``) keeps its source, loses its outputs, and is followed by a
  new answer cell ``answer_XX_n = ""`` in which the student types the answer
  the grader reads.  Everything else is as committed, outputs included.
  A "write it yourself" exercise gets no answer line: the student's own
  function cell, already in the notebook, is the answer.
* ``release/student/package/``: a copy of the ``teachkit`` package whose
  exercises keep their questions, data and answer functions (the self-check
  boxes still work) but whose solution texts are replaced by a note, so that
  ``reveal("01.1", show=True)`` or reading the package source does not give
  the worked solution either.  Students install it (with the shipped
  constraints, see ``release/student/README.md``) instead of this repository.
* ``release/student/README.md`` (how to install, open, answer and hand in;
  ``tools/student_README.md``), ``constraints.txt`` (the tested versions),
  the licences and ``CITATION.cff``; and ``release/student.zip``, the whole
  student folder as one file to upload to an LMS.
* ``release/teacher/NN_name.ipynb``: the notebooks as committed, solutions
  and all.

Before writing a student notebook (or the student package) the tool looks
for the text of every solution of the course in it (as ``reveal`` would show
it, its paragraphs, and the literal parts of its template); if any survives,
it stops with an error naming the exercise instead of handing out a leak.

What it does not hide: the expected *values* (the self-check box compares
with the number teachkit computes, and a student can compute it too).  The
student release keeps the worked solutions away from students; it is a
teaching aid, not exam security.

With a class list, ``make release CLASS=class.csv SECRET=course-secret.txt`` also writes
``release/class/<student>/`` (and ``<student>.zip``) for every student of the CSV (its ``student`` column,
the id that will name their submission folder): the student notebooks, stamped with that student's seed.
Every exercise that computes a number asks ``ask("02.3", seed=S)``, so each student works their own
numbers; the seed is derived from the id and the course secret (:func:`course.student_seed`), which the
teacher keeps (created in ``SECRET`` when missing), so that no student can compute a classmate's.
``make grade ... SECRET=course-secret.txt`` recomputes each student's seed from their folder's name and
judges each answer against that student's own variant.  ``release/teacher/seeds.csv`` lists the seeds.

The capstone (notebook 10) gives each student a draw, three training seeds out of 20 (1,140 triples): the
release gives the class its draws together (:func:`class_draws`), so that no two students of a class share a
triple (nor the worked example's) and none can hand a classmate their model-only numbers.  A student's draw
is their seed, or when a classmate (in the order of the seeds) already holds its triple, the next number
whose triple is free; it is written in their report cell and in the ``draw`` column of seeds.csv, and a
release made again for the same class (a late student) keeps the draws seeds.csv lists.  Up to 1,139 students
get triples all their own; a larger class is released with a warning, the triples shared as evenly as can be.
The grader judges each report on the draw seeds.csv lists (never the one written in the notebook).

Nothing under ``release/`` is committed (see ``.gitignore``).
"""

from __future__ import annotations

import argparse
import ast
import copy
import html
import io
import json
import pathlib
import re
import shutil
import sys
import tempfile
import tokenize
import zipfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import course  # noqa: E402  (run as a script: tools/ is on the path, not the repository root)

DEFAULT_OUT = course.ROOT / "release"
#: What students read in their copy (release/student/README.md and the package's README).
STUDENT_README = pathlib.Path(__file__).resolve().parent / "student_README.md"
#: zlib's level for the zips: 1 writes a notebook several times faster than the default 6, a few % larger.
COMPRESS_LEVEL = 1
#: Fragments shorter than this are too common ("= 0.04", "import math") to prove a leak.
MIN_FRAGMENT = 40


def answer_cell(key: str) -> dict:
    """The cell in which a student records the answer to exercise ``key``."""
    name = course.answer_variable(key)
    example = _example_answer(key)
    text = (
        f"# Exercise {key}: your answer, as you would type it in the box above ({example}).\n"
        f"# The grader reads this line: keep the name {name}, write your answer between the quotes.\n"
        f'{name} = ""'
    )
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": f"answer-{re.sub(r'[^0-9A-Za-z]', '-', key)}",
        "metadata": {"tags": [course.ANSWER_TAG]},
        "outputs": [],
        "source": text,
    }


def _example_answer(key: str) -> str:
    """How the answer cell's comment shows an answer: a number, a choice or the letter of a statement."""
    try:
        from teachkit.course.exercises import get

        ex = get(key)
    except KeyError:            # a notebook being written: its exercise is not declared yet
        return 'e.g. "0.75" or "3/4"'
    if course.kind(ex) == "interpretation":
        return 'the letter of your choice, e.g. "b"'
    choices = getattr(ex, "choices", ())
    if choices:
        return "one of " + ", ".join(f'"{c}"' for c in choices)
    return 'e.g. "0.75" or "3/4"'


def _static_only(output: dict) -> dict | None:
    """An output without its widget view (text and HTML only), or None if nothing else is left."""
    if not isinstance(output, dict) or output.get("output_type") not in ("display_data", "execute_result"):
        return None
    data = {k: v for k, v in output.get("data", {}).items() if k in ("text/plain", "text/html", "text/markdown")}
    if not data:
        return None
    return {"output_type": "display_data", "data": data, "metadata": {}}


def student_notebook(nb: dict, name: str | None = None, functions=()) -> dict:
    """A copy of notebook ``nb`` (nbformat 4 JSON) with solutions removed and answer cells added.

    ``name`` (e.g. ``"01_pmi"``) is stamped into ``metadata.teachkit.notebook``
    so that the grader knows the notebook even if the student renames the file.
    ``functions`` are the keys of "write it yourself" exercises (no answer cell).
    """
    out = copy.deepcopy(nb)
    cells = []
    for cell in out["cells"]:
        if course.is_solution_cell(cell):
            continue
        if course.is_exercise_cell(cell):
            # The question stays readable where no kernel runs (a website built from this release, a
            # viewer): its static HTML and text are kept, the live widget (whose saved state is dropped
            # below) is not.  It holds the question and how to answer, never the answer.
            cell["outputs"] = [_static_only(o) for o in cell.get("outputs", []) if _static_only(o)]
            cell["execution_count"] = None
            cells.append(cell)
            key = course.exercise_key(cell)
            # A "write it yourself" exercise is answered by the student's own
            # function cell, which the notebook already has; the others get a line.
            if key is not None and key not in functions:
                cells.append(answer_cell(key))
            continue
        cells.append(cell)
    out["cells"] = cells
    for cell in cells:
        if cell.get("outputs"):
            cell["outputs"] = [_without_result(_one_picture(o)) for o in cell["outputs"]]
    # Saved widget state can hold what a solution control displayed.
    out.setdefault("metadata", {}).pop("widgets", None)
    if name is not None:
        out["metadata"]["teachkit"] = {"notebook": name, "release": "student"}
    return out


def _without_result(output: dict) -> dict:
    """``output`` without the result a held-back note keeps for the website (``HeldBack``): in the student's
    notebook the result is for the student to run, after the guess."""
    teachkit = output.get("metadata", {}).get("teachkit")
    if isinstance(teachkit, dict) and "result" in teachkit:
        teachkit.pop("result")
    return output


def _one_picture(output: dict) -> dict:
    """``output`` without its ``image/png`` where its ``text/html`` is an ``<img>`` of the same picture.

    A course figure is saved twice (``teachkit.course.figures.show``): as an ``<img alt=...>`` in HTML, which
    JupyterLab, Colab and nbconvert show, and as the bare PNG.  The student copies keep one: the pictures are
    40 % of a notebook's bytes, and a class release writes a copy per student.
    """
    data = output.get("data") or {}
    png, page = data.get("image/png"), data.get("text/html")
    if not isinstance(png, str) or page is None:
        return output
    page = "".join(page) if isinstance(page, list) else page
    if f"base64,{png.strip()}" not in page:
        return output
    output = dict(output, data={k: v for k, v in data.items() if k != "image/png"})
    if "metadata" in output:
        output["metadata"] = {k: v for k, v in output["metadata"].items() if k != "image/png"}
    return output


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def solution_fragments(ex) -> list[str]:
    """Pieces of an exercise's solution whose presence in a notebook means it leaked."""
    cached = _FRAGMENTS.get(id(ex))
    if cached is not None and cached[0] is ex:      # rendered once per exercise (a solution can train models)
        return list(cached[1])
    solution = course.solution_text(ex)
    fragments = [solution]
    # The template's literal runs between format fields ("{expected}" etc.),
    # in case a notebook printed it with other numbers.
    fragments += re.split(r"\{[^{}]*\}", ex.solution)
    # and each paragraph on its own (a solution shown in pieces)
    fragments += re.split(r"\n\s*\n", solution)
    fragments = [_normalise(f) for f in fragments]
    # What the student is meant to see (the question, a function's template) is no leak.
    shown = _normalise(" ".join([getattr(ex, "question", ""), getattr(ex, "template", "") or ""]))
    fragments = [f for f in fragments if len(f) >= MIN_FRAGMENT and f not in shown]
    _FRAGMENTS[id(ex)] = (ex, fragments)           # the exercise is kept: its id is not reused meanwhile
    return list(fragments)


#: {id(exercise): (exercise, its fragments)}: exercises are frozen, so their solutions render the same.
_FRAGMENTS: dict = {}


def leaks(nb: dict, exercises) -> list[str]:
    """Keys of the exercises whose solution text appears anywhere in notebook ``nb``."""
    text = _normalise(json.dumps(nb, ensure_ascii=False))
    # JSON escapes newlines and quotes; search the unescaped cell text as well.
    plain = _normalise(" ".join(
        course.source(cell) + " " + json.dumps(cell.get("outputs", []), ensure_ascii=False)
        for cell in nb["cells"]))
    found = []
    for ex in exercises:
        if any(f in text or f in plain for f in solution_fragments(ex)):
            found.append(ex.key)
    return found


PLACEHOLDER = "The worked solution is not in the student release of the course; ask your teacher."


#: Fewest significant figures a printed number needs to count as an exercise's answer.  Two-figure numbers
#: coincide by chance: the course prints hundreds of them (cosines 0.82 and 0.88, topic scores 0.45), and
#: 06.2's 0.8165 or 07.2's 0.8751 "is" 0.82 or 0.88 at two figures.  At three figures a match is worth a look.
MIN_SHOWN_FIGURES = 3

#: A number as a page prints it: "-2.8134", "−0,891", "37.5%", "3/8", "10,000"; not the digits inside a longer
#: number or a word ("10.5245", "0.52451", "x2", "&#x27;"), and not a number in scientific notation ("2.8e-01").
_PRINTED_NUMBER = re.compile(r"(?<![\w.,/])(?<![eE][-+\u2212])"          # not in a word, a number, an exponent
                             r"[-+\u2212]?(?:\d+/\d+|\d+(?:[.,]\d+)*%?)(?![\w/%]|[.,]\d)")
_THOUSANDS = re.compile(r"[-+]?[1-9]\d{0,2}(?:,\d{3})+")


def _output_texts(cell: dict) -> list[str]:
    """What a reader sees of a cell's saved outputs: streams, plain text, HTML, markdown (not images)."""
    texts = []
    for output in cell.get("outputs", []) or []:
        if not isinstance(output, dict):
            continue
        pieces = [output.get("text")] + [output.get("data", {}).get(kind) for kind in
                                         ("text/plain", "text/html", "text/markdown", "text/latex")]
        for piece in pieces:
            if isinstance(piece, list):
                piece = "".join(p for p in piece if isinstance(p, str))
            if isinstance(piece, str):
                # an image embedded in HTML (show()'s <img src="data:image/png;base64,...">) is not read: its
                # base64 holds any digits by chance ("7/9" in 11's figure once gave 07.1's answer away)
                texts.append(_DATA_URI.sub("", piece))
    return texts


_DATA_URI = re.compile(r"data:[\w/+.-]+;base64,[A-Za-z0-9+/=]+")


def _words_of_code(source: str) -> list[str]:
    """The comments and string literals of a code cell: what it says, not the numbers it is given.

    A number written as a literal (``scores = [0.62, 0.51]``, ``10.0 ** eps``) is an input of the lesson, and
    what the code makes of it is read in the cell's outputs.  A source that does not tokenize (a cell magic)
    is read whole.
    """
    kinds = {tokenize.COMMENT, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    try:
        return [t.string for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type in kinds]
    except (tokenize.TokenError, SyntaxError):
        return [source]


def readable_texts(cell: dict) -> list[str]:
    """What a student reads in one cell: a markdown or raw cell's text; a code cell's comments, strings and
    saved outputs.  HTML entities are undone (``&#x27;``, ``&minus;``), so numbers read as they show."""
    if cell.get("cell_type") == "code":
        texts = _words_of_code(course.source(cell)) + _output_texts(cell)
    else:
        texts = [course.source(cell)]
    return [html.unescape(t) for t in texts]


def _figures(number: str) -> int:
    """Significant figures of a printed decimal ("0.0400" -> 3, "10,000" -> 5); a fraction is exact."""
    if "/" in number:
        return sys.maxsize
    return len(re.sub(r"\D", "", number).lstrip("0"))


def _as_typed(number: str) -> str:
    """A printed number as a student would type it: "−2.8134" -> "-2.8134", "10,000" -> "10000"."""
    text = number.replace("\u2212", "-")
    return text.replace(",", "") if _THOUSANDS.fullmatch(text) and (
        text.count(",") > 1 or text.endswith(",000")) else text


def shown_answers(nb: dict, exercises, min_figures: int = MIN_SHOWN_FIGURES) -> list[tuple[str, int, str]]:
    """``[(exercise key, cell index, number)]``: a numeric exercise's answer readable in notebook ``nb``.

    Every number printed in the notebook (see :func:`readable_texts`) with at least ``min_figures``
    significant figures, or written as a fraction, is typed into each numeric exercise's answer box (for a
    negative answer, its magnitude too): where the box would accept it, the notebook shows the answer.  So the
    exercise's value is found at the precision it asks and at any finer one ("-2.8134" answers an exercise
    asking -2.81), never inside a longer number ("10.5245" or "0.52451" is not 0.5245).  The cell that asks
    an exercise does not count for that exercise (its question states its data); the number is reported as
    typed, a decimal comma as a point.
    """
    from teachkit.course.selfcheck import check_answer

    numeric = [ex for ex in exercises if course.kind(ex) in ("number", "prediction") and not getattr(ex, "choices", ())]
    # computed once: an expected value may take a model's training to compute
    expected = {ex.key: (ex.expected, ex.check_options()) for ex in numeric}
    found = []
    for index, cell in enumerate(nb.get("cells", [])):
        asked = course.exercise_key(cell) if course.is_exercise_cell(cell) else None
        numbers = {_as_typed(m.group()) for text in readable_texts(cell) for m in _PRINTED_NUMBER.finditer(text)}
        numbers = sorted(n for n in numbers if _figures(n) >= min_figures)
        for ex in numeric:
            if ex.key == asked:
                continue
            value, options = expected[ex.key]
            for number in numbers:
                # a negative answer's magnitude gives it away too ("-ln P = 2.8134"); a negative number is no
                # positive answer
                typings = (number, "-" + number.lstrip("+")) if value < 0 and not number.startswith("-") else (number,)
                if any(check_answer(typed, value, **options).correct for typed in typings):
                    found.append((ex.key, index, number.replace(",", ".")))
    return found


def strip_solutions(source: str) -> str:
    """Python source of an exercise module with every ``solution=...`` argument replaced by :data:`PLACEHOLDER`."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg == "solution":
                    keyword.value = ast.Constant(PLACEHOLDER)
    return ast.unparse(tree) + "\n"


def _strings(source: str) -> list[str]:
    return [node.value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def student_package(out: pathlib.Path, exercises) -> pathlib.Path:
    """Write ``out/package``: teachkit with its solution texts replaced; refuse if any text survives."""
    package = out / "package"
    if package.exists():
        shutil.rmtree(package)
    shutil.copytree(course.ROOT / "teachkit", package / "teachkit",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copyfile(course.ROOT / "pyproject.toml", package / "pyproject.toml")
    # The package's README is the students' one: the repository's README is written for teachers (grading,
    # releasing) and is not what a student installing the package needs.
    shutil.copyfile(STUDENT_README, package / "README.md")
    shutil.copyfile(course.ROOT / "LICENSE", package / "LICENSE")
    for module in sorted((package / "teachkit" / "course" / "exercises").glob("nb*.py")):
        module.write_text(strip_solutions(module.read_text(encoding="utf-8")), encoding="utf-8")
    strings = [_normalise(s) for path in sorted((package / "teachkit").rglob("*.py"))
               for s in _strings(path.read_text(encoding="utf-8"))]
    for ex in exercises:
        for fragment in solution_fragments(ex):
            if any(fragment in s for s in strings):
                raise ReleaseError(f"the solution of exercise {ex.key} is still in the student package "
                                 f"({fragment[:60]!r}...); declare it as the exercise's solution= argument.")
    return package


def _readable_texts(path: pathlib.Path) -> list[str]:
    """What a student could read in one file of the release, escapes undone (JSON strings, Python literals)."""
    try:
        raw = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return []
    texts = [raw]
    if path.suffix == ".ipynb":
        nb = json.loads(raw)
        texts += [course.source(c) + " " + json.dumps(c.get("outputs", []), ensure_ascii=False) for c in nb["cells"]]
    elif path.suffix == ".py":
        texts += _strings(raw)   # docstrings and string literals, as Python reads them
    return [_normalise(t) for t in texts]


def leaked_files(folder: pathlib.Path, exercises) -> list[tuple[str, str]]:
    """``[(file, exercise key)]`` for every file under ``folder`` in which a worked solution can be read."""
    found = []
    # Rendered once: a solution's numbers can take seconds to compute (a model trained, a corpus counted).
    fragments = [(ex, solution_fragments(ex)) for ex in exercises]
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        texts = _readable_texts(path)
        for ex, pieces in fragments:
            if any(f in t for t in texts for f in pieces):
                found.append((str(path.relative_to(folder)), ex.key))
    return found


class ReleaseError(SystemExit):
    """A release refused before anything was written (an input that is no course notebook, a leak)."""


def read_notebook(path: pathlib.Path) -> dict:
    """The notebook at ``path`` as nbformat 4 JSON, or a :class:`ReleaseError` naming the file and the problem."""
    if not path.exists():
        raise ReleaseError(f"{path}: no such file; name the notebooks to release (default: notebooks/*.ipynb).")
    if not path.is_file():
        raise ReleaseError(f"{path}: is a folder, not a notebook file (.ipynb).")
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise ReleaseError(f"{path}: not a text file, so not a notebook (.ipynb is JSON text).") from None
    except json.JSONDecodeError as err:
        what = "empty" if not path.read_bytes().strip() else f"not valid JSON ({err.msg} at line {err.lineno})"
        raise ReleaseError(f"{path}: {what}; is it a notebook saved by Jupyter, complete?") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise ReleaseError(f"{path}: a notebook is a JSON object with a list of \"cells\"; this file has none.")
    for i, cell in enumerate(nb["cells"]):
        text = cell.get("source") if isinstance(cell, dict) else None
        if not isinstance(cell, dict) or cell.get("cell_type") not in ("code", "markdown", "raw") or not (
                isinstance(text, str) or (isinstance(text, list) and all(isinstance(t, str) for t in text))):
            raise ReleaseError(f"{path}: cell {i} is not a notebook cell (an object with a cell_type and a "
                               f"source), got {type(cell).__name__} {str(cell)[:60]!r}.")
    return nb


def _paths(notebooks) -> list[pathlib.Path]:
    if isinstance(notebooks, (str, pathlib.PurePath)):
        notebooks = [notebooks]       # one path, not its characters
    paths = [pathlib.Path(p) for p in notebooks]
    seen = {}
    for p in paths:
        if p.name in seen and seen[p.name] != p.resolve():
            raise ReleaseError(f"{seen[p.name]} and {p} have the same file name; the release would write one "
                               "over the other. Rename one of them.")
        seen[p.name] = p.resolve()
    return paths


def stamp_seed(nb: dict, student: str, seed: int, draw: int | None = None) -> dict:
    """A copy of student notebook ``nb`` that asks every exercise with variants for variant ``seed``.

    The capstone's report cell gets draw ``draw`` (the class's, :func:`class_draws`; None: ``seed`` itself).

    Each exercise cell ``ask("02.3")`` of an exercise with variants becomes ``ask("02.3", seed=S)`` and its
    static output is the question with that variant's numbers (what a student sees before running the
    cell); its answer cell says which variant is graded.  ``metadata.teachkit`` names the student and the
    seed (a string of digits) for the teacher's eyes only: the grader recomputes the seed and never reads it
    from here.
    """
    from teachkit.course.exercises import Question, capstone

    # Only the cells it stamps are copied; the others are ``nb``'s own objects, shared (never changed here):
    # a class of 10,000 copies a few cells each, not 10,000 notebooks (see _NotebookWriter).
    out = dict(nb, cells=list(nb["cells"]), metadata=copy.deepcopy(nb.get("metadata", {})))
    variants, reports = _stamped_cells(nb)
    for i, key, ex in variants:
        cell = out["cells"][i] = copy.deepcopy(out["cells"][i])
        if course.is_exercise_cell(cell):
            text = course.source(cell)
            cell["source"] = re.sub(r"""(\bask\(\s*["']""" + re.escape(key) + r"""["'])\s*\)""",
                                    rf"\1, seed={seed})", text)
            # the static renderings alone (what the bundle's text/html, text/plain and text/markdown hold): no
            # live widget is built, so a class of 10,000 builds and keeps none
            static = Question(ex.at(seed))._static()
            data = dict(zip(("text/html", "text/plain", "text/markdown"), static))
            cell["outputs"] = [{"output_type": "display_data", "data": data, "metadata": {}}]
        elif course.ANSWER_TAG in course.tags(cell):
            cell["source"] = (f"# Your numbers are variant {seed}: answer the question as the cell above shows it "
                              "(not a practice variant from “Another one”).\n" + course.source(cell))
    for i in reports:                          # the capstone's report cell: the student's own draw
        cell = out["cells"][i]
        stamped = (capstone.stamp_draw(course.source(cell), seed if draw is None else draw)
                   if cell.get("cell_type") == "code" else None)
        if stamped is not None:
            out["cells"][i] = dict(cell, source=stamped)
    meta = out.setdefault("metadata", {}).setdefault("teachkit", {})
    # the seed as text: JupyterLab saves a notebook through JavaScript, whose numbers keep 53 bits, and a
    # seed is as wide as the id (tools/course.py student_seed)
    meta.update({"student": student, "seed": str(seed)})
    return out


_STAMPED: dict = {}


def _stamped_cells(nb: dict) -> tuple[list, list]:
    """Which cells of ``nb`` :func:`stamp_seed` changes, found once a notebook (not once a student): ``[(index,
    key, exercise)]`` of the exercises with variants (their ask cell and answer cell), and the indices of the cells
    that may be the capstone's report cell (those the first list changes among them).  Neither depends on the seed."""
    from teachkit.course.exercises import capstone, get

    found = _STAMPED.get(id(nb))
    if found is not None and found[0] is nb:
        return found[1]
    variants = []
    for i, cell in enumerate(nb["cells"]):
        key = course.exercise_key(cell)
        if key is None or course.is_solution_cell(cell):
            continue
        try:
            ex = get(key)
        except KeyError:
            continue
        if not getattr(ex, "has_variants", False) or getattr(ex, "choices", ()):
            continue
        variants.append((i, key, ex))
    changed = {i for i, _, _ in variants}
    reports = [i for i, cell in enumerate(nb["cells"]) if cell.get("cell_type") == "code" and (
        i in changed or capstone.stamp_draw(course.source(cell), 1) is not None)]
    if len(_STAMPED) > 64:
        _STAMPED.clear()
    _STAMPED[id(nb)] = (nb, (variants, reports))      # nb kept: no other notebook takes its id meanwhile
    return variants, reports


class _NotebookWriter:
    """``json.dumps(nb, indent=1, ensure_ascii=False)`` for many stamped copies of one notebook, fast.

    A stamped copy shares every cell it does not stamp with the notebook it was made from
    (:func:`stamp_seed`); those cells are encoded once here and reused, so a copy costs the encoding of its
    few stamped cells.  The text is the same, byte for byte, as ``json.dumps`` gives.
    """

    def __init__(self, nb: dict):
        self._encoded = {id(cell): self._cell(cell) for cell in nb["cells"]}
        self._cells = nb["cells"]            # kept alive, so that no other object takes one of their ids

    @staticmethod
    def _cell(cell) -> str:
        # a cell sits two levels down in the notebook: its lines indented by two more spaces (a JSON string
        # holds no raw line break, so every line break here is the encoder's own)
        return "  " + json.dumps(cell, indent=1, ensure_ascii=False).replace("\n", "\n  ")

    def text(self, nb: dict) -> str:
        if not nb.get("cells") or next(iter(nb)) != "cells":
            return json.dumps(nb, indent=1, ensure_ascii=False)
        cells = ",\n".join(self._encoded.get(id(c)) or self._cell(c) for c in nb["cells"])
        rest = {k: v for k, v in nb.items() if k != "cells"}
        tail = json.dumps(rest, indent=1, ensure_ascii=False)[1:] if rest else "\n}"
        return '{\n "cells": [\n' + cells + "\n ]" + ("," if rest else "") + tail


def _stamp_students(students, notebooks: dict, out: pathlib.Path, secret: str, folders: bool = False,
                    draws=None) -> dict[str, int]:
    """Write ``out/<student>.zip`` (with ``folders`` also ``out/<student>/``) for each of ``students``, each
    capstone report with the student's draw of ``draws`` ({student: draw}, :func:`class_draws`).

    Returns {student: seed}.
    """
    writers = {path: _NotebookWriter(nb) for path, nb in notebooks.items()}
    seeds = {}
    for student in students:
        seeds[student] = seed = course.student_seed(secret, student)
        draw = draws[student] if draws is not None else None
        files = {path.name: (writers[path].text(stamp_seed(nb, student, seed, draw)) + "\n").encode("utf-8")
                 for path, nb in notebooks.items()}
        if folders:
            folder = out / student
            folder.mkdir()
            for name, data in files.items():
                (folder / name).write_bytes(data)
        _archive_files(student, files, out / f"{student}.zip")
    return seeds


def class_draws(roster, secret: str, kept=None) -> tuple[dict[str, int], dict[str, int]]:
    """``({student: seed}, {student: capstone draw})`` for the class ``roster`` under ``secret``.

    The draws are :func:`teachkit.course.exercises.capstone.class_draws` of the seeds: no two students of the
    class share a triple of training seeds (so none shares a classmate's model-only numbers), and none has the
    worked example's; ``kept`` ({student: draw} of the class's previous release, its seeds.csv) keeps the draws
    already handed out.  Deterministic in the roster (in any order), the secret and ``kept``.  A class of more
    than ``capstone.CLASS_CAPACITY`` (1,139) students cannot all have triples of their own: the draws are then
    spread evenly over the triples (no triple held by two before every one is held by one) and a warning says
    so on stderr.
    """
    from teachkit.course.exercises import capstone

    seeds = {student: course.student_seed(secret, student) for student in roster}
    if len(seeds) > capstone.CLASS_CAPACITY:
        per = -(-len(seeds) // capstone.CLASS_CAPACITY)
        print(f"release: warning: a class of {len(seeds)} students is more than the {capstone.CLASS_CAPACITY} "
              f"the capstone's triples of training seeds can keep apart; up to {per} students share a triple, "
              "and with it the numbers computed from the models alone (the bootstrap seeds and topic shares "
              "still differ).", file=sys.stderr, flush=True)
    return seeds, capstone.class_draws(seeds, kept)


def class_release(student_dir: pathlib.Path, out: pathlib.Path, roster, secret: str, jobs: int = 2,
                  folders: bool = False, draws=None) -> dict[str, int]:
    """``out/<student>.zip`` for every student of ``roster``, and ``out/<student>/`` with ``folders``; {student: seed}.

    ``draws`` ({student: draw}) are the capstone draws written in the report cells; None: :func:`class_draws`
    of the roster, so that no two students share a triple.

    The zip is what a student is handed (one file to upload or send); its entries are ``<student>/<notebook>``.
    The folders hold the same notebooks unpacked, for a teacher who hands out folders: they triple the bytes
    on disk (about 3.5 MB a student instead of about 1.3 MB), so they are written only when asked.
    ``jobs`` processes stamp the class, each a share of the students.
    """
    notebooks = {p: json.loads(p.read_text(encoding="utf-8")) for p in sorted(student_dir.glob("*.ipynb"))}
    out.mkdir(parents=True)
    roster = [course.check_student_id(student) for student in roster]
    if draws is None:
        draws = class_draws(roster, secret)[1]
    jobs = max(1, min(int(jobs), len(roster) // 50 or 1))      # a small class is not worth a process
    if jobs == 1:
        return _stamp_students(roster, notebooks, out, secret, folders, draws)
    import concurrent.futures
    import multiprocessing

    shares = [roster[i::jobs] for i in range(jobs)]
    # fork where there is one: the workers start with teachkit imported and the exercises loaded
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context) as pool:
        parts = list(pool.map(_stamp_students, shares, [notebooks] * jobs, [out] * jobs, [secret] * jobs,
                              [folders] * jobs, [draws] * jobs))
    found = {student: seed for part in parts for student, seed in part.items()}
    return {student: found[student] for student in roster}


def read_class(path) -> list[str]:
    """The student ids of the class CSV ``path`` (its ``student`` column) in their one spelling; SystemExit naming rows.

    Refused, before anything is written: what the roster reader refuses (:func:`gradebook.read_roster`, with
    :mod:`students`' rules: a file that is not UTF-8 CSV or has no ``student`` column, an empty id, an id with
    a line break or a path separator, a leading ``= + - @``, an id ending in ``.zip``, two rows that are one
    student once normalised), and a class without a student (a header alone), which would replace the
    previous class release with an empty one.
    """
    import gradebook

    try:
        ids = list(gradebook.read_roster(path))
    except SystemExit as err:       # the roster reader names make grade's variable; here it is CLASS
        raise SystemExit(str(err).replace("ROSTER=", "CLASS=")) from None
    if not ids:
        raise SystemExit(f"CLASS={path} lists no student (a header alone); the previous class release is kept.")
    return ids


def _keep_teachers_files(old: pathlib.Path, new: pathlib.Path) -> None:
    """Move into ``new`` every file of ``old`` (the previous ``teacher/``) that the new release does not write.

    The teacher's own files in ``release/teacher/`` (the course secret, seeds.csv of the last class release,
    notes) outlive every release: only what the release itself writes there is replaced.
    """
    for entry in old.iterdir():
        if not (new / entry.name).exists() and not (new / entry.name).is_symlink():
            entry.rename(new / entry.name)


def previous_draws(teacher: pathlib.Path, secret: str) -> dict[str, int]:
    """``{student: draw}`` of the class release recorded in ``teacher/seeds.csv`` (its ``draw`` column) when it
    was made with ``secret``; {} when there is none, it has no draws or another secret made it."""
    import csv

    seeds, stamp = teacher / "seeds.csv", teacher / course.SECRET_HASH_FILE
    if not seeds.is_file() or not stamp.is_file() or \
            stamp.read_text(encoding="utf-8").strip() != course.secret_hash(secret):
        return {}
    with open(seeds, newline="", encoding="utf-8") as f:
        try:
            return {row["student"]: int(row["draw"]) for row in csv.DictReader(f) if row.get("draw")}
        except (ValueError, TypeError):
            return {}


def release(notebooks, out: pathlib.Path, exercises=None, package=True, roster=None, secret=None,
            folders: bool = False) -> dict:
    """Write ``out/student`` and ``out/teacher``; return {notebook name: [exercise keys]}.

    Every input is read and checked, and both copies are built in a folder beside ``out``, before
    anything under ``out`` is replaced: a bad notebook stops the release and leaves the previous one
    as it was.  With ``roster`` (student ids) and ``secret`` (the course secret), ``out/class`` holds one
    stamped copy per student (:func:`class_release`: a zip each, and a folder each with ``folders``) and
    ``out/teacher/seeds.csv`` their seeds and capstone draws (:func:`class_draws`: no two students share a triple
    of training seeds; a student the previous seeds.csv lists keeps the draw it gave them).
    """
    exercises = course.all_exercises() if exercises is None else list(exercises)
    paths = _paths(notebooks)
    inputs = [(path, read_notebook(path)) for path in paths]
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    staging = pathlib.Path(tempfile.mkdtemp(prefix=".release-", dir=out))
    try:
        written = _build(inputs, staging, exercises, package)
        archive(staging / "student", staging / "student.zip")
        parts = ["student", "teacher"]
        if roster is not None:
            if secret is None:
                raise ReleaseError("a class release needs the course secret (SECRET=course-secret.txt)")
            roster = [course.check_student_id(student) for student in roster]
            _, draws = class_draws(roster, secret, previous_draws(out / "teacher", secret))
            seeds = class_release(staging / "student", staging / "class", roster, secret, folders=folders,
                                  draws=draws)
            (staging / "teacher" / "seeds.csv").write_text(
                "student,seed,draw\n" + "".join(f"{s},{seed},{draws[s]}\n" for s, seed in seeds.items()),
                encoding="utf-8")
            (staging / "teacher" / course.SECRET_HASH_FILE).write_text(course.secret_hash(secret) + "\n",
                                                                       encoding="utf-8")
            parts.append("class")
        for part in parts:
            old = out / part
            if part == "teacher" and old.is_dir():
                _keep_teachers_files(old, staging / part)
            if old.exists():
                shutil.rmtree(old)
            (staging / part).rename(old)
        (staging / "student.zip").replace(out / "student.zip")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return written


def archive(folder: pathlib.Path, target: pathlib.Path) -> pathlib.Path:
    """``target``: a zip of ``folder`` whose entries start with the folder's name (``student/README.md``, ...).

    One file to upload to an LMS; the entries are sorted and dated 1980-01-01, so the same release gives the
    same bytes.
    """
    files = {path.relative_to(folder).as_posix(): path.read_bytes()
             for path in sorted(p for p in folder.rglob("*") if p.is_file())}
    return _archive_files(folder.name, files, target)


def _archive_files(top: str, files: dict[str, bytes], target: pathlib.Path) -> pathlib.Path:
    """``target``: a zip of ``files`` ({relative name: bytes}) under the folder name ``top``, as :func:`archive`."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(f"{top}/{name}", (1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, files[name], compresslevel=COMPRESS_LEVEL)
    return target


def _build(inputs, out: pathlib.Path, exercises, package) -> dict:
    student_dir, teacher_dir = out / "student", out / "teacher"
    for folder in (student_dir, teacher_dir):
        folder.mkdir(parents=True)
    written = {}
    for path, nb in inputs:
        functions = {ex.key for ex in exercises if course.kind(ex) == "function"}
        student = student_notebook(nb, path.stem, functions)
        leaked = leaks(student, exercises)
        if leaked:
            raise ReleaseError(
                f"{path.name}: the solution of exercise(s) {', '.join(leaked)} is still in the student copy. "
                "Tag the cell that shows it 'solution' (or move the text into the exercise's solution).")
        (student_dir / path.name).write_text(json.dumps(student, indent=1, ensure_ascii=False) + "\n",
                                             encoding="utf-8")
        shutil.copyfile(path, teacher_dir / path.name)
        written[path.name] = [course.exercise_key(c) for c in student["cells"] if course.is_exercise_cell(c)]
    if package:
        student_package(student_dir, exercises)
        # What a student needs beside the notebooks: how to install, open, answer and hand in; the exact
        # versions the course was tested with; the licences.
        shutil.copyfile(STUDENT_README, student_dir / "README.md")
        shutil.copyfile(course.ROOT / "constraints.txt", student_dir / "constraints.txt")
        # the embedding model's files, pinned by hash, installed without their declared requirements
        shutil.copyfile(course.ROOT / "tools" / "model-requirements.txt", student_dir / "model-requirements.txt")
    for folder in (student_dir, teacher_dir):
        for name in ("LICENSE", "CITATION.cff"):
            shutil.copyfile(course.ROOT / name, folder / name)
        shutil.copytree(course.ROOT / "LICENSES", folder / "LICENSES")
    # Last, every file of the student copy (notebooks, the package's docstrings, READMEs): no solution anywhere.
    leaked = leaked_files(student_dir, exercises)
    if leaked:
        raise ReleaseError("worked solutions are still readable in the student release: " + "; ".join(
            f"{name} ({key})" for name, key in leaked[:10]) + ("; ..." if len(leaked) > 10 else ""))
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks to release (default: notebooks/*.ipynb)")
    parser.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT, help="output folder (default: release/)")
    parser.add_argument("--class", dest="roster", type=pathlib.Path,
                        help="CSV of the class (column 'student': each student's id): one copy per student, "
                             "with their own numbers")
    parser.add_argument("--secret", type=pathlib.Path,
                        help="file holding the course secret (created when missing); needed with --class")
    parser.add_argument("--folders", action="store_true",
                        help="with --class, also write each student's notebooks unpacked in class/<student>/ "
                             "(by default only class/<student>.zip)")
    parser.add_argument("--new-secret", action="store_true",
                        help="allow a new or another secret although teacher/seeds.csv holds a class's seeds")
    args = parser.parse_args(argv)
    paths = [pathlib.Path(p) for p in args.notebooks] or course.notebooks()
    roster = secret = None
    if args.roster is not None:
        if args.secret is None:
            parser.error("--class needs --secret FILE (make release CLASS=class.csv SECRET=course-secret.txt)")
        roster = read_class(args.roster)
        seeds = args.out / "teacher" / "seeds.csv"
        if seeds.exists() and not args.secret.exists() and not args.new_secret:
            raise SystemExit(f"SECRET={args.secret} does not exist, and {seeds} holds the seeds of a class release "
                             "made with a secret: a new secret would change every student's numbers. Give the "
                             "secret of that release (a mistyped path?), or NEW_SECRET=1 (--new-secret) to start "
                             "the class over.")
        secret = course.read_secret(args.secret, create=True)
        stamp = args.out / "teacher" / course.SECRET_HASH_FILE
        if stamp.is_file() and not args.new_secret:
            made = stamp.read_text(encoding="utf-8").strip()
            if made != course.secret_hash(secret):
                raise SystemExit(f"SECRET={args.secret} is not the secret that made {seeds} (that one's hash begins "
                                 f"{made[:12]}, this one's {course.secret_hash(secret)[:12]}); nothing written. Give "
                                 "that secret, or NEW_SECRET=1 (--new-secret) to start the class over.")
    try:
        written = release(paths, args.out, roster=roster, secret=secret, folders=args.folders)
    except ReleaseError as err:
        print(f"release: nothing written: {err}", file=sys.stderr)
        return 2
    if roster is None and (args.out / "class").is_dir():
        print(f"release: {args.out / 'class'} and {args.out / 'teacher' / 'seeds.csv'} are kept from the last class "
              "release (stamped from the notebooks as they were then); make release CLASS=... SECRET=... stamps "
              "these notebooks for the class.")
    if roster is not None:
        print(f"release: {len(roster)} students, each with their own numbers -> {args.out / 'class'} "
              f"(one zip per student{' and its folder' if args.folders else ''}); "
              f"their seeds in {args.out / 'teacher' / 'seeds.csv'}")
    total = sum(len(keys) for keys in written.values())
    print(f"release: {len(written)} notebooks, {total} exercises -> {args.out / 'student'} and "
          f"{args.out / 'student.zip'} (no solutions; the package for students in "
          f"{args.out / 'student' / 'package'}), {args.out / 'teacher'} (with solutions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
