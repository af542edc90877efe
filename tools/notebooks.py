"""Developer tool: run the course notebooks and keep their saved outputs reproducible.

Not part of the ``teachkit`` package (students never need it); ``make notebooks``
and the tests use it.  Command line::

    python tools/notebooks.py execute notebooks/*.ipynb   # re-run, save in place
    python tools/notebooks.py check notebooks/*.ipynb     # re-run, compare with the saved copy

Every notebook runs top to bottom on a fresh ``python3`` kernel of the
running interpreter (the virtual environment's own Python, whatever
kernelspecs the user has installed elsewhere), with the notebook's folder as
working directory and ``PYTHONHASHSEED=0``.  Before saving, everything that
changes from run to run without the course changing is removed:

* execution timestamps (``record_timing`` is off) and cell ``execution`` metadata;
* widget state (``metadata.widgets``) and widget views in outputs
  (``application/vnd.jupyter.widget-view+json`` holds a random model id).
  ``teachkit.course.widgets.Explorer`` puts its default result beside the
  view as ``text/html``/``text/plain``, so a saved notebook still shows it;
* stream outputs are merged, so how the kernel happened to flush ``print``
  cannot move text between outputs.

:func:`compare` checks a fresh run against the saved notebook on text only:
stream text, error outputs and every ``text/*`` (and JSON) representation of
displays and results.  Pictures (``image/*``, PDF, embedded base64 images in
HTML) and widget data are left out: a figure's pixels may differ by a font
version, and a widget's model id is random by design.

What notebooks themselves import (``setup_course``) stays in
:mod:`teachkit.course.setup`.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import os
import pathlib
import re
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # nbformat is imported where it is used, so that importing this module stays cheap
    from nbformat import NotebookNode

__all__ = [
    "execute_notebook", "execute_notebooks", "clean", "text_outputs", "compare",
    "Difference", "rounding_moves", "error_outputs", "missing_outputs", "structure_problems", "volatile_text", "main",
]

KERNEL_NAME = "python3"
#: Seconds one cell may run.  The whole collection runs in about 80 s on the quiet course machine (README), so
#: no cell there takes even that long; 600 s leaves a margin of 7.5x over the whole collection for a student's
#: laptop that is several times slower, two kernels sharing two cores, or an emulated older CPU (make test-cpu),
#: where a 120 s budget timed out.  A cell that truly hangs is still stopped, and named (notebook, cell, id).
CELL_TIMEOUT = 600
#: The error name a timed-out cell's output carries (see :func:`execute_notebooks`).
TIMEOUT_ENAME = "CellTimeoutError"
#: Thread pools of the numerical libraries, one thread each in every kernel: two kernels side by side on two
#: cores otherwise start two BLAS threads each and slow each other down, and one thread also gives the same
#: summation order (so the same last digits) whether the notebooks run one or two at a time.
SINGLE_THREADED = {name: "1" for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
#: Output types left out of :func:`compare`.
IGNORED_MIME = frozenset({WIDGET_VIEW, WIDGET_STATE, "application/pdf", "application/javascript"})
_IMAGE_PREFIX = "image/"
_DATA_URI = re.compile(r"data:image/[a-z+.-]+;base64,[A-Za-z0-9+/=\s]+")
_ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]{6,}")
#: Cells tagged with this are executed (and must not fail) but their text is
#: not compared: only for output that truly depends on the machine, such as
#: the versions table of notebook 00 (Python's version is not pinned).
UNCOMPARED_TAG = "output-varies"

#: A notebook's learning objectives: a heading in one of its first cells.
OBJECTIVES_HEADING = re.compile(r"^#{1,4}\s*learning objectives\b", re.IGNORECASE | re.MULTILINE)
#: A notebook's summary: a heading in one of its last cells.
SUMMARY_HEADING = re.compile(r"^#{1,4}\s*summary\b", re.IGNORECASE | re.MULTILINE)


# ---------------------------------------------------------------- execution
def _kernel_manager_class():
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    class _OwnPythonKernelManager(AsyncKernelManager):
        """Resolve ``python3`` to this interpreter, ignoring user kernelspecs."""

        def _kernel_spec_manager_default(self):
            # No kernel folders: "python3" then falls back to ipykernel's own
            # spec, whose command is sys.executable.
            return KernelSpecManager(kernel_dirs=[], parent=self)

    return _OwnPythonKernelManager


def _client(nb, path, timeout):
    from nbclient import NotebookClient

    return NotebookClient(
        nb,
        timeout=timeout,
        kernel_name=KERNEL_NAME,
        kernel_manager_class=_kernel_manager_class(),
        resources={"metadata": {"path": str(pathlib.Path(path).resolve().parent)}},
        record_timing=False,
        store_widget_state=False,
        coalesce_streams=True,
        allow_errors=True,  # an error is recorded in the output, and reported by the caller
    )


def _kernel_env():
    env = dict(os.environ)
    env.update(SINGLE_THREADED)
    env["PYTHONHASHSEED"] = "0"  # set and dict-of-str iteration order
    env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    env.pop("JPY_PARENT_PID", None)
    return env


def _read(path):
    import nbformat

    return nbformat.read(str(path), as_version=4)


async def _execute_async(path, timeout, semaphore):
    from nbclient.exceptions import CellTimeoutError
    from nbformat.v4 import new_output

    async with semaphore:
        nb = _read(path)
        client = _client(nb, path, timeout)
        running = {}
        client.on_cell_execute = lambda cell, cell_index: running.update(cell=cell, index=cell_index)
        try:
            await client.async_execute(env=_kernel_env())
        except CellTimeoutError:
            # The kernel is shut down; the cell gets an error output naming the notebook and itself, so that
            # this notebook's tests fail saying where, and the other notebooks' runs are kept.
            cell, index = running["cell"], running["index"]
            first = next((line for line in _text(cell.source).splitlines() if line.strip()), "")
            cell.outputs = [new_output("error", ename=TIMEOUT_ENAME, traceback=[], evalue=(
                f"{pathlib.Path(path).name}, cell {index} (id {cell.get('id')!r}, starting {first[:60]!r}) was "
                f"still running after {timeout} s, the time a cell may take; a slow or busy machine may need "
                "more (--timeout), a cell that never ends needs fixing."))]
        return clean(nb)


def execute_notebooks(paths: Iterable[str | pathlib.Path], jobs: int = 2, timeout: int = CELL_TIMEOUT
                      ) -> dict[pathlib.Path, NotebookNode]:
    """Execute several notebooks, ``jobs`` at a time, each on its own fresh kernel.

    Parameters
    ----------
    paths : iterable of str or pathlib.Path
    jobs : int, default 2
        Kernels running at once (the course machine has two cores).
    timeout : int
        Seconds allowed per cell.

    Returns
    -------
    dict of pathlib.Path to nbformat.NotebookNode
        The executed, cleaned notebooks (nothing is written).  A cell that
        raises leaves an ``error`` output; see :func:`error_outputs`.
    """
    paths = [pathlib.Path(p) for p in paths]
    if not paths:
        raise ValueError("paths is empty: name at least one notebook, e.g. notebooks/*.ipynb.")
    for p in paths:
        if p.suffix != ".ipynb" or not p.is_file():
            raise ValueError(f"{p} is not a notebook file (.ipynb).")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}.")

    async def run_all():
        semaphore = asyncio.Semaphore(jobs)
        return await asyncio.gather(*(_execute_async(p, timeout, semaphore) for p in paths))

    results = asyncio.run(run_all())
    return dict(zip(paths, results))


def execute_notebook(path: str | pathlib.Path, timeout: int = CELL_TIMEOUT) -> NotebookNode:
    """Execute one notebook on a fresh kernel and return it cleaned (not saved)."""
    path = pathlib.Path(path)
    return execute_notebooks([path], jobs=1, timeout=timeout)[path]


def save(nb: NotebookNode, path: str | pathlib.Path) -> None:
    """Write a notebook the way the course stores it (nbformat 4, one-space indent, sorted keys)."""
    import nbformat

    nbformat.validate(nb)
    text = nbformat.writes(nb)
    pathlib.Path(path).write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


# ---------------------------------------------------------------- cleaning
def _merge_streams(outputs):
    merged = []
    for out in outputs:
        if (out.get("output_type") == "stream" and merged and merged[-1].get("output_type") == "stream"
                and merged[-1].get("name") == out.get("name")):
            merged[-1]["text"] = _text(merged[-1]["text"]) + _text(out["text"])
        else:
            merged.append(out)
    return merged


def _text(value):
    return "".join(value) if isinstance(value, list) else value


def clean(nb: NotebookNode) -> NotebookNode:
    """Remove run-to-run noise from an executed notebook (in place; also returned).

    Drops cell ``execution`` timing metadata, notebook widget state, widget
    views (keeping the static ``text/html`` fallback beside them; an output
    left with nothing else is dropped); keeps ``language_info`` as the kernel
    reported it, version included (JupyterLab writes the same, so opening a
    notebook does not mark it modified); merges consecutive stream outputs; gives cells without
    an id a stable one (``cell-<n>``).
    """
    nb.metadata.pop("widgets", None)
    nb.metadata.pop("papermill", None)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": KERNEL_NAME}
    # language_info is kept whole, version included, as the kernel reported it and as JupyterLab writes it:
    # without its version, JupyterLab fills it in when the kernel starts and marks the notebook modified.
    nb.nbformat, nb.nbformat_minor = 4, max(5, nb.get("nbformat_minor", 5))
    for i, cell in enumerate(nb.cells):
        cell.setdefault("id", f"cell-{i}")
        if not cell.get("id"):
            cell["id"] = f"cell-{i}"
        cell.metadata.pop("execution", None)
        cell.metadata.pop("ExecuteTime", None)
        if cell.cell_type != "code":
            continue
        outputs = []
        for out in cell.get("outputs", []):
            data = out.get("data")
            if data is not None:
                data.pop(WIDGET_VIEW, None)
                data.pop(WIDGET_STATE, None)
                if not data:
                    continue
                out.setdefault("metadata", {})
            outputs.append(out)
        cell.outputs = _merge_streams(outputs)
    return nb


# ---------------------------------------------------------------- comparing
def _comparable(out):
    """The text of one output that must not change between runs, as a list of strings."""
    kind = out.get("output_type")
    if kind == "stream":
        return [f"[{out.get('name')}] {_text(out.get('text', ''))}"]
    if kind == "error":
        return [f"[error] {out.get('ename')}: {out.get('evalue')}"]
    if kind in ("execute_result", "display_data"):
        parts = []
        for mime in sorted(out.get("data", {})):
            if mime in IGNORED_MIME or mime.startswith(_IMAGE_PREFIX):
                continue
            value = out["data"][mime]
            if not isinstance(value, str):
                value = _text(value) if isinstance(value, list) else repr(value)
            parts.append(f"[{mime}] {_DATA_URI.sub('data:image;base64,<image>', value)}")
        return parts
    return []


def text_outputs(nb: NotebookNode) -> dict[int, list[str]]:
    """``{cell index: [text of each compared output]}`` for every code cell.

    Cells tagged ``output-varies`` (:data:`UNCOMPARED_TAG`) are left out.
    """
    result = {}
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and UNCOMPARED_TAG not in cell.metadata.get("tags", []):
            parts = []
            for out in _merge_streams(copy.deepcopy(list(cell.get("outputs", [])))):
                parts += _comparable(out)
            result[i] = parts
    return result


# A number as the notebooks print it: an optional sign (ASCII or Unicode minus), digits with optional
# thousands commas, an optional decimal part and exponent.
_NUMBER = re.compile(r"(?<![\w.])([-+\u2212]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?(?![\w])")


@dataclass(frozen=True)
class _Printed:
    """One printed number: its value in units of its last printed digit, and its layout."""

    text: str
    units: int          # the digits as one integer, sign included: "-0.337" -> -337
    layout: tuple       # (decimals, thousands grouping, exponent): two numbers compare only if these agree
    rounded: bool       # printed from a real number rounded to its last digit (decimals, grouping or exponent)

    @classmethod
    def parse(cls, match):
        sign, whole, decimals, exponent = match.groups()
        digits = whole.replace(",", "") + (decimals or "")
        units = int(digits) * (-1 if sign in ("-", "\u2212") else 1)
        layout = (len(decimals or ""), "," in whole, exponent)
        return cls(match.group(0), units, layout, bool(decimals) or "," in whole or exponent is not None)


def _split_numbers(text):
    """``(pieces of text between numbers, numbers)``: ``len(pieces) == len(numbers) + 1``."""
    pieces, numbers, at = [], [], 0
    for m in _NUMBER.finditer(text):
        pieces.append(text[at:m.start()])
        numbers.append(_Printed.parse(m))
        at = m.end()
    pieces.append(text[at:])
    return pieces, numbers


def _same_text(a, b):
    # Padding in a table may widen or narrow by a character when a number gains a digit.
    return a == b or re.sub(r"[ \t]+", " ", a) == re.sub(r"[ \t]+", " ", b)


def rounding_moves(saved_text: str, fresh_text: str) -> list[tuple[str, str, int]] | None:
    """The numbers that moved between two printings of the same text, or None if more than numbers moved.

    A number may differ in the last bits of floating point from one CPU to another (numpy and
    OpenBLAS choose SIMD kernels at run time), and a value that sits within that noise of a rounding
    edge prints one unit higher or lower in its last digit.  Such a move is the only change
    tolerated: both printings must have the same layout (decimals, thousands commas, exponent), be
    printed from a rounded real number (a decimal part, thousands commas or an exponent: a plain
    integer such as a count must match exactly), and differ by exactly one unit of the last digit;
    the edge then lies between the two printed values.

    Returns
    -------
    list of (saved number, fresh number, units moved) or None
        Every number that differs, with how many units of its last digit it moved; None when the
        texts differ in anything else than numbers (words, the count of numbers, their layout).
    """
    pieces_a, numbers_a = _split_numbers(saved_text)
    pieces_b, numbers_b = _split_numbers(fresh_text)
    if len(numbers_a) != len(numbers_b) or not all(map(_same_text, pieces_a, pieces_b)):
        return None
    moves = []
    for x, y in zip(numbers_a, numbers_b):
        if x.text == y.text:
            continue
        if x.layout != y.layout or not (x.rounded and y.rounded):
            return None
        moves.append((x.text, y.text, abs(x.units - y.units)))
    return moves


def _one_unit(moves):
    return moves is not None and all(units == 1 for _, _, units in moves)


@dataclass(frozen=True)
class Difference:
    """Where a fresh run of a notebook differs from its saved copy."""

    cell: int
    source: str
    saved: str
    fresh: str
    moves: tuple = ()  # (saved number, fresh number, units) when only numbers moved

    def __str__(self) -> str:
        first_line = self.source.strip().splitlines()[0] if self.source.strip() else "(empty cell)"
        if self.moves:
            moved_far = list(dict.fromkeys(m for m in self.moves if m[2] != 1))
            what = "; ".join(f"{a} -> {b} ({units} units of its last digit)" for a, b, units in moved_far[:5])
            what += f"; and {len(moved_far) - 5} more" if len(moved_far) > 5 else ""
            moved = (f"numbers moved by more than one unit of their last printed digit ({what}), which no "
                     "rounding edge explains.\n")
        else:
            moved = "prints something else than the saved notebook.\n"
        return (
            f"cell {self.cell} (starts `{first_line[:80]}`) {moved}"
            f"--- saved\n{self.saved}\n--- fresh run\n{self.fresh}\n"
            "If the change is intended, re-run `make notebooks` and commit the updated notebook."
        )


def compare(saved: NotebookNode, fresh: NotebookNode, tolerated: list | None = None) -> Difference | None:
    """The first difference in text outputs between two runs of a notebook, or None.

    Text must match exactly, with one exception: a printed real number may move by one unit of its
    last digit (0.337 -> 0.336), the footprint of a value that sits within floating-point noise of
    a rounding edge on another CPU (see :func:`rounding_moves`).  Anything larger fails.

    Parameters
    ----------
    saved, fresh : nbformat.NotebookNode
        The committed notebook and a fresh execution of it (same cells).
    tolerated : list, optional
        When given, each tolerated move is appended to it as ``(cell, saved number, fresh number)``,
        so that a caller can report them.

    Returns
    -------
    Difference or None
    """
    if [c.cell_type for c in saved.cells] != [c.cell_type for c in fresh.cells]:
        raise ValueError("saved and fresh do not have the same cells; compare two runs of the same notebook.")
    a, b = text_outputs(saved), text_outputs(fresh)
    for i in sorted(set(a) | set(b)):
        parts_a, parts_b = a.get(i, []), b.get(i, [])
        if parts_a == parts_b:
            continue
        moves = []
        for x, y in zip(parts_a, parts_b) if len(parts_a) == len(parts_b) else [("", None)]:
            found = rounding_moves(x, y) if y is not None else None
            moves += [None] if found is None else found
        if moves and None not in moves and _one_unit(moves):
            if tolerated is not None:
                tolerated.extend((i, x, y) for x, y, _ in moves)
            continue
        shown = tuple(m for m in moves if m is not None) if None not in moves else ()
        return Difference(i, _text(saved.cells[i].source), "\n".join(parts_a), "\n".join(parts_b), shown)
    return None


def error_outputs(nb: NotebookNode) -> list[tuple[int, str]]:
    """``[(cell index, "Name: message"), ...]`` for every error output (and stderr traceback)."""
    found = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            if out.get("output_type") == "error":
                found.append((i, f"{out.get('ename')}: {out.get('evalue')}"))
            elif (out.get("output_type") == "stream" and out.get("name") == "stderr"
                  and "Traceback" in _text(out["text"])):
                found.append((i, _text(out["text"]).strip().splitlines()[-1]))
    return found


def missing_outputs(nb: NotebookNode) -> list[int]:
    """Indices of code cells that were never executed (no execution count)."""
    return [i for i, c in enumerate(nb.cells)
            if c.cell_type == "code" and _text(c.source).strip() and c.get("execution_count") is None]


def volatile_text(nb: NotebookNode) -> list[tuple[int, str]]:
    """``[(cell index, snippet)]`` of outputs showing a memory address (``at 0x7f...``)."""
    found = []
    for i, parts in text_outputs(nb).items():
        for part in parts:
            m = _ADDRESS.search(part)
            if m:
                found.append((i, part[max(0, m.start() - 40):m.end()]))
    return found


def structure_problems(nb: NotebookNode, head: int = 3, tail: int = 2) -> list[str]:
    """What a course notebook lacks: learning objectives at the top, a summary at the end.

    The objectives must be a markdown heading (``## Learning objectives``) in
    one of the first ``head`` cells, the summary a heading (``## Summary``) in
    one of the last ``tail`` cells.
    """
    problems = []
    md = [(i, _text(c.source)) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"]
    if not any(i < head and OBJECTIVES_HEADING.search(s) for i, s in md):
        problems.append(f"no '## Learning objectives' heading in the first {head} cells")
    last = len(nb.cells) - tail
    if not any(i >= last and SUMMARY_HEADING.search(s) for i, s in md):
        problems.append(f"no '## Summary' heading in the last {tail} cells")
    return problems


# ---------------------------------------------------------------- command line
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/notebooks.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("execute", "check"),
                        help="execute: re-run and save in place; check: re-run and compare with the saved copy")
    parser.add_argument("paths", nargs="+", help="notebook files (.ipynb)")
    parser.add_argument("--jobs", type=int, default=2, help="kernels at once (default 2)")
    parser.add_argument("--timeout", type=int, default=CELL_TIMEOUT,
                        help=f"seconds a cell may take (default {CELL_TIMEOUT}; more only on a busy machine)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = execute_notebooks(args.paths, jobs=args.jobs, timeout=args.timeout)
    failed = False
    for path, fresh in results.items():
        errors = error_outputs(fresh)
        for cell, message in errors:
            print(f"{path}: cell {cell} raised {message}", file=sys.stderr)
        failed |= bool(errors)
        if any(message.startswith(TIMEOUT_ENAME + ":") for _, message in errors):
            print(f"{path}: not saved, since it did not run to the end", file=sys.stderr)
            continue
        if args.action == "execute":
            save(fresh, path)
            print(f"executed and saved {path}")
        else:
            tolerated = []
            diff = compare(_read(path), fresh, tolerated=tolerated)
            if diff is not None:
                failed = True
                print(f"{path}: {diff}", file=sys.stderr)
            else:
                edges = "".join(f"; cell {i}: {a} -> {b} (a rounding edge)" for i, a, b in tolerated)
                print(f"{path}: outputs match{edges}")
    print(f"{len(results)} notebook(s) in {time.perf_counter() - start:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
