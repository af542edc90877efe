"""Reading a submitted notebook as text: its code cells, its answer lines, its functions (never run here).

Split from :mod:`grade` (issue 50).  A notebook's code cells are parsed with ``ast`` within fixed limits
(a cell's length, its nesting); IPython lines (``%whos``, ``!ls``) are skipped first, as Jupyter ran them; an
answer is the last literal assigned to ``answer_...``; a function's cell is found by its ``def``, and the
import statements of the cells above it are what it ran with (:func:`earlier_imports`).
"""

from __future__ import annotations

import ast
import functools
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import handins  # noqa: E402

#: Characters of one code cell that are parsed; a longer cell is no answer (the course's longest is ~2,000).
MAX_CELL_CHARS = 100_000
#: Characters of one typed answer, and bits of an integer written as one, that are read.
MAX_ANSWER_CHARS = 200
MAX_ANSWER_BITS = 1000
#: Python nested too deeply for the parser (10,000 unary minuses, a sum of 3,000 terms on one line) is refused
#: before ``ast.parse`` recurses into it.
_UNARY_RUN = re.compile(r"(?:[-+~]\s*){100,}|(?:\bnot\s+){100,}")
_OPERATORS = re.compile(r"[-+*/%@&|^<>]")
MAX_OPERATORS_PER_LINE = 500


def read_submission(path) -> dict:
    """The submitted notebook as JSON, or a ValueError saying why it cannot be graded.

    Read within :mod:`handins`' limits: never through a link, at most ``MAX_NOTEBOOK_BYTES``, its JSON
    nesting checked before it is parsed.
    """
    return handins.read_notebook(handins.read_file(str(path)))


def _code_cells(nb: dict) -> list[str]:
    sources = []
    for cell in nb["cells"]:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            text = cell.get("source", "")
            text = "".join(t for t in text if isinstance(t, str)) if isinstance(text, list) else text
            if isinstance(text, str):
                sources.append(_without_ipython(text))
    return sources


#: A line of IPython rather than Python: a magic (``%whos``, ``%%time``), a shell command (``!ls``), a shell
#: command's output assigned (``files = !ls``), help (``len?``).
_IPYTHON_LINE = re.compile(r"^([ \t]*)(?:[%!]|\w+\s*=\s*[%!](?!=)|[\w.]+\?\??\s*$).*$", re.MULTILINE)


@functools.lru_cache(maxsize=4096)     # most cells are the same text in every student's copy
def _without_ipython(source: str) -> str:
    """``source`` with each IPython line replaced by ``pass`` at its indentation, so the rest parses as Python.

    A student's cell may hold ``%whos`` or ``!ls`` beside an answer line: in Jupyter it ran, so its answers count.
    A line starting with ``!=`` is Python's operator continued and is kept.
    """
    if "%" not in source and "!" not in source and "?" not in source:
        return source
    return _IPYTHON_LINE.sub(lambda m: m.group(0) if m.group(0).lstrip().startswith("!=") else m.group(1) + "pass",
                             source)


@functools.lru_cache(maxsize=256)        # a notebook's cells are read several times (answers, functions, report)
def _parsed(source: str):
    """The cell's syntax tree, or None if it does not parse or is too large or too deep to parse safely.

    The tree is shared between callers: it is read, never changed."""
    if len(source) > MAX_CELL_CHARS or _UNARY_RUN.search(source) or any(
            len(_OPERATORS.findall(line)) > MAX_OPERATORS_PER_LINE for line in source.splitlines()):
        return None
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return None


class _Cell(tuple):
    """What the grader reads of a code cell that parses: its top-level ``answer_... = <value>`` lines in order
    (``(variable, value)``, the value as :func:`_literal` reads it), the names of its top-level functions, and its
    top-level import statements (as :func:`earlier_imports` gives them)."""

    answers = property(lambda self: self[0])
    functions = property(lambda self: self[1])
    imports = property(lambda self: self[2])


#: Cells read once a run, not once a student: a class's notebooks share most of their cells (the course's own),
#: whose summaries are kept here (a few hundred bytes each, at most this many cells).
CELL_CACHE = 4096


@functools.lru_cache(maxsize=CELL_CACHE)
def _cell(source: str) -> _Cell | None:
    """The :class:`_Cell` of a code cell's source (IPython lines already replaced), or None when it is not
    parsed (:func:`_parsed`).  Its values are shared between callers: read, never changed."""
    tree = _parsed(source)
    if tree is None:
        return None
    answers, functions, imports = [], set(), []
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and node.targets[0].id.startswith("answer_"):
            answers.append((node.targets[0].id, _literal(node.value)))
        elif isinstance(node, ast.FunctionDef):
            functions.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom) and not (
                isinstance(node, ast.ImportFrom) and node.module == "__future__"):
            imports.append(ast.unparse(node))
    return _Cell((tuple(answers), frozenset(functions), tuple(imports)))


def clear_caches() -> None:
    """Forget the cells read so far (for a measurement of what grading holds)."""
    _parsed.cache_clear()
    _cell.cache_clear()
    _without_ipython.cache_clear()


class Refused:
    """An answer line that is there but is not read, with the reason (an expression, an answer too long)."""

    def __init__(self, why: str):
        self.why = why


def _literal(value: ast.expr):
    """The answer a line's value gives: a string or a number, else :class:`Refused` saying why."""
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub) and \
            isinstance(value.operand, ast.Constant) and isinstance(value.operand.value, (int, float)) and \
            not isinstance(value.operand.value, bool):
        number = _literal(value.operand)
        return number if isinstance(number, Refused) else -number
    if isinstance(value, ast.Constant) and isinstance(value.value, (str, int, float)) \
            and not isinstance(value.value, bool):
        if isinstance(value.value, str) and len(value.value) > MAX_ANSWER_CHARS:
            return Refused(f"the answer is longer than {MAX_ANSWER_CHARS} characters")
        if isinstance(value.value, int) and value.value.bit_length() > MAX_ANSWER_BITS:
            return Refused("the number has too many digits to be an answer")
        return value.value
    return NOT_A_LITERAL


def answer_lines(nb: dict) -> dict[str, object]:
    """``{variable: value}`` for every top-level ``answer_... = <literal>`` in the notebook (the last wins).

    A value that is not a literal string or number (a name, a call, an f-string, a sum) is recorded as
    :data:`NOT_A_LITERAL`: the grader does not evaluate it.  One longer than :data:`MAX_ANSWER_CHARS`, or an
    integer of more than :data:`MAX_ANSWER_BITS` bits, is :class:`Refused`.
    """
    found = {}
    for source in _code_cells(nb):
        cell = _cell(source)
        if cell is None:
            # the cell is not read: its answer lines are there, and the feedback says why they were not read
            why = (f"its cell is longer than {MAX_CELL_CHARS:,} characters, so it was not read"
                   if len(source) > MAX_CELL_CHARS else "its cell is not Python the grader can read (a syntax error?)")
            for name in _ANSWER_LINE.findall(source[:MAX_CELL_CHARS]):
                found.setdefault(name, Refused(why))
            continue
        found.update(cell.answers)
    return found


NOT_A_LITERAL = object()
_ANSWER_LINE = re.compile(r"^(answer_\w+)\s*=", re.MULTILINE)


def function_cell(nb: dict, name: str) -> str | None:
    """The source of the last code cell that defines ``def name(...)`` at its top level, or None."""
    chosen = None
    for source in _code_cells(nb):
        cell = _cell(source)
        if cell is not None and name in cell.functions:
            chosen = source
    return chosen


def _function_node(source: str, name: str) -> ast.FunctionDef | None:
    tree = _parsed(source)
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name] if tree else []
    return found[-1] if found else None


def untouched(node: ast.FunctionDef) -> bool:
    """Whether a function is still the template: it returns ``...``, or its body is only ``...``/``pass``."""
    body = [n for n in node.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
                                         and isinstance(n.value.value, str))]          # a docstring
    if all(isinstance(n, ast.Pass) or (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
                                       and n.value.value is Ellipsis) for n in body):
        return True
    return any(isinstance(n, ast.Return) and isinstance(n.value, ast.Constant) and n.value.value is Ellipsis
               for n in _statements(node.body))


def _statements(body):
    # statements of a function, nested blocks included (not nested functions' bodies): iterative, no recursion
    todo = list(body)
    while todo:
        node = todo.pop()
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            todo.extend(n for n in getattr(node, field, []) or [] if isinstance(n, ast.stmt | ast.excepthandler))


def fingerprint(source: str, name: str) -> tuple[str, int] | None:
    """The function ``name`` as written (comments included, spacing and blank lines ignored) and its lines.

    Two students whose fingerprints are equal handed in the same text; the copy report lists them.
    """
    node = _function_node(source, name)
    if node is None or untouched(node):
        return None
    lines = source.splitlines()[node.lineno - 1: node.end_lineno]
    text = [" ".join(line.split()) for line in lines]
    text = [line for line in text if line]
    return "\n".join(text), len(text)


def earlier_imports(nb: dict, source: str) -> list[str]:
    """The import statements at the top level of the code cells before the function's cell ``source``.

    In Jupyter a function may use a module that an earlier cell imported (``import numpy as np`` at the top of
    the notebook); graded, its cell runs with those imports (and nothing else of those cells) before it, in the
    sandbox, so it is graded as it ran.  A cell that does not parse gives none.
    """
    found = []
    for text in _code_cells(nb):
        if text == source:
            break
        cell = _cell(text)
        if cell is not None:
            found += cell.imports
    return list(dict.fromkeys(found))


def _with_imports(imports: list[str], source: str) -> str:
    """``source`` preceded by ``imports``, each on its own: a module the sandbox lacks (teachkit) is skipped, and
    the name it would have bound stays undefined (the feedback then says so)."""
    if not imports:
        return source
    guarded = "".join(f"try:\n    {line}\nexcept Exception:\n    pass\n" for line in imports)
    # the student's cell is compiled on its own first: a syntax error names its own line, not the prelude's
    return guarded + "exec(compile(" + repr(source) + ", '<your cell>', 'exec'), globals())\n"


#: Names a course notebook imports under a short alias.
_ALIASES = {"np": "import numpy as np", "pd": "import pandas as pd", "plt": "import matplotlib.pyplot as plt",
            "nx": "import networkx as nx", "sp": "import scipy as sp"}


def _missing_import(error: str, imports: list[str]) -> str:
    """A sentence saying that a missing import is the cause of ``error`` (a NameError), or "" when it is not."""
    match = re.search(r"NameError: name '([A-Za-z_]\w*)' is not defined", error)
    if not match:
        return ""
    name = match.group(1)
    bound = [line for line in imports if re.search(rf"(?:\bas\s+{name}|import\s+(?:.*,\s*)?{name})\s*(?:,|$)", line)]
    if bound:
        return (f" (a missing import: an earlier cell has `{bound[0]}`, but that module cannot be imported "
                "when graded; compute without it)")
    suggestion = _ALIASES.get(name)
    if suggestion is None:
        import importlib.util

        try:
            known = name in sys.stdlib_module_names or importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            known = False
        suggestion = f"import {name}" if known else None
    if suggestion is None:
        return ""
    return (f" (a missing import: {name} is a module that neither the function's cell nor any cell before it "
            f"imports; add `{suggestion}` at the top of the function's cell)")
