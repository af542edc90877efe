"""The notebooks' code as ruff formats it for notebooks: no line over 88 columns (issue 49).

A line that runs past the page scrolls sideways in JupyterLab, on a projector and on the website; 88 is
ruff's (and black's) line length.  ``ruff format --line-length 88 notebooks/`` wraps the code; long strings
and comments are split by hand (adjacent string literals, comment lines).
"""

import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
LIMIT = 88


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_code_line_runs_past_88_columns(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    long = [(cell.get("id"), line) for cell in nb["cells"] if cell["cell_type"] == "code"
            for line in "".join(cell["source"]).splitlines() if len(line) > LIMIT]
    assert not long, f"{len(long)} code lines over {LIMIT} columns, the first in cell {long[0][0]}: {long[0][1]!r}"


#: Lesson cells that still hold an ``assert`` (their notebooks' owners move the check into a test).
ASSERTS_LEFT = {"09_choosing_a_model": {"dd3c9660"}, "12_agreement_significance": {"agreement-19"}}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_lesson_cell_asserts(path):
    """A check belongs in tests/, not in the lesson: an ``assert`` in a cell reads as code the student must
    understand, and stops the notebook with a bare AssertionError (look review, issue 49)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = {cell.get("id") for cell in nb["cells"] if cell["cell_type"] == "code"
             for line in "".join(cell["source"]).splitlines() if line.lstrip().startswith("assert ")}
    assert found <= ASSERTS_LEFT.get(path.stem, set()), f"cells with an assert: {sorted(found)}"


# -- what fits the website's column (issue 49, look review look2) ------------------------------------------------
# At 1280 px the article column of the course website is 688 px wide.  An output box (tools/book_conf/static/
# course.css, ``div.cell_output pre``) sets text at 0.84rem = 13.44 px with 8 px padding each side; a monospace
# face advances 0.6 em (Liberation Mono, DejaVu Sans Mono, Menlo, SF Mono: 0.600-0.602), 8.06-8.09 px a character,
# so (688 - 16) / 8.09 = 83 characters fit: 80 leaves room for a scroll bar and a wider face.  A prediction's
# held-back result (0.8rem in a 658 px fold) fits 83 too.  A fenced code block in the markdown keeps the theme's
# 14 px type and 16 px padding: (688 - 32) / 8.43 = 77.
OUTPUT_LIMIT = 80
MARKDOWN_CODE_LIMIT = 77

#: Cells whose printed output still has a line over OUTPUT_LIMIT (each scrolls sideways on the website at 1280 px).
#: The list only shrinks: a cell that fits is to be taken off it (the test below says so).
WIDE_OUTPUT_LEFT = {
    "04_perplexity": {"nb04-06"},  # 81 characters: it fits, narrowly
    "04c_neural_perplexity": {"c04c-06", "c04c-18"},  # 82-83 characters: they fit, narrowly
    "09b_metrics_and_people": {"09b-explore"},  # 81 characters: it fits, narrowly
    "12_agreement_significance": {"agreement-30"},
}


def _shown_as_text(out):
    """The text an output shows in a monospace box on the website: stream text, a plain-text result that has no
    richer form, and the ``<pre>`` blocks of an HTML result (an exercise's code skeleton)."""
    if out.get("output_type") == "stream":
        return "".join(out.get("text", ""))
    data = out.get("data", {})
    if "text/html" in data:
        import html
        import re

        return "\n".join(html.unescape(re.sub(r"<[^>]+>", "", block)) for block in
                         re.findall(r"<pre[^>]*>(.*?)</pre>", "".join(data["text/html"]), flags=re.S))
    if any(kind in data for kind in ("text/markdown", "image/png", "image/svg+xml", "text/latex")):
        return ""
    return "".join(data.get("text/plain", ""))


def _with_held_back(outputs):
    """The outputs, each followed by the result it holds back for a prediction (shown in a fold on the website)."""
    for out in outputs:
        yield out
        yield from out.get("metadata", {}).get("teachkit", {}).get("result", [])


def _wide_output_cells(nb):
    return {cell.get("id"): max(len(line) for line in text.splitlines())
            for cell in nb["cells"] if cell["cell_type"] == "code"
            for text in ["\n".join(_shown_as_text(out) for out in _with_held_back(cell.get("outputs", [])))]
            if text.strip() if max(len(line) for line in text.splitlines()) > OUTPUT_LIMIT}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_output_line_runs_past_the_website_column(path):
    """Every committed output line the website shows in a monospace box keeps to OUTPUT_LIMIT characters, so no
    result hides behind a sideways scroll at 1280 px; a table is shown with teachkit.course.tables.table (an HTML
    table, which wraps its cells) or printed lines are wrapped."""
    wide = _wide_output_cells(json.loads(path.read_text(encoding="utf-8")))
    left = WIDE_OUTPUT_LEFT.get(path.stem, set())
    new = {cell: width for cell, width in wide.items() if cell not in left}
    assert not new, f"output lines over {OUTPUT_LIMIT} characters (cell: longest line): {new}"
    fixed = sorted(left - set(wide))
    assert not fixed, f"cells that fit now: take them off WIDE_OUTPUT_LEFT: {fixed}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_markdown_code_line_runs_past_the_website_column(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    long = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        fenced = False
        for line in "".join(cell["source"]).splitlines():
            if line.lstrip().startswith("```"):
                fenced = not fenced
            elif fenced and len(line) > MARKDOWN_CODE_LIMIT:
                long.append((cell.get("id"), line))
    assert not long, f"{len(long)} lines of markdown code over {MARKDOWN_CODE_LIMIT} characters: {long[:3]}"
