"""The course notebooks: they run clean on a fresh kernel, their saved outputs are what a fresh run
prints, and each has the parts every lesson must have.

The notebooks are executed once per test session, two kernels at a time (``execute_notebooks``), and
every parametrized test reads that run.  The infrastructure tests at the bottom build small notebooks
in memory, so they run without a kernel.
"""

import copy
import os
import pathlib
import re
import warnings

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from tools import notebooks as tnb

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
IDS = [p.stem for p in NOTEBOOKS]
REGENERATE = "Run `make notebooks` to re-execute the notebooks and commit the result."


def saved(path):
    return nbformat.read(str(path), as_version=4)


def code_sources(nb):
    return [tnb._text(c.source) for c in nb.cells if c.cell_type == "code"]


def outputs(nb):
    return [out for c in nb.cells if c.cell_type == "code" for out in c.get("outputs", [])]


@pytest.fixture(scope="session")
def fresh_runs(request):
    """The notebooks the selected tests need, each executed top to bottom on a fresh kernel (nothing is
    written), two at a time.  With ``-k 01_pmi`` only that notebook runs."""
    wanted = sorted({item.callspec.params["path"] for item in request.session.items
                     if "fresh_runs" in getattr(item, "fixturenames", ()) and hasattr(item, "callspec")})
    return tnb.execute_notebooks(wanted or NOTEBOOKS, jobs=2)


def test_the_course_has_notebooks_named_in_order():
    assert NOTEBOOKS, "notebooks/ holds no .ipynb file"
    for path in NOTEBOOKS:
        # NN_ or NNx_ (e.g. 04b_, a second part of notebook 04 that sorts right after it)
        assert re.fullmatch(r"\d\d[a-z]?_[a-z0-9_]+\.ipynb", path.name), (
            f"{path.name}: course notebooks are named NN_lowercase_words.ipynb (or NNb_...) so they sort "
            "in reading order")


# ---------------------------------------------------------------- fresh run
@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_runs_top_to_bottom_without_error(path, fresh_runs):
    errors = tnb.error_outputs(fresh_runs[path])
    assert not errors, f"{path.name} fails on a fresh kernel: " + "; ".join(f"cell {i}: {m}" for i, m in errors)


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_saved_outputs_match_a_fresh_run(path, fresh_runs):
    tolerated = []
    diff = tnb.compare(saved(path), fresh_runs[path], tolerated=tolerated)
    assert diff is None, f"{path.name}: {diff}"
    if tolerated:  # shown in pytest's warnings summary: which numbers sat on a rounding edge on this CPU
        warnings.warn(f"{path.name}: printed numbers one unit of their last digit away from the saved run "
                      "(a value within floating-point noise of a rounding edge): "
                      + "; ".join(f"cell {i}: {a} -> {b}" for i, a, b in tolerated),
                      # 1, the default, spelled out: the warning belongs to this test's line, not to pytest's
                      # frame that called it, so the warnings summary keeps pointing here.
                      stacklevel=1)


# ---------------------------------------------------------------- saved file
@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_saved_notebook_was_executed_and_cleaned(path):
    nb = saved(path)
    never_run = tnb.missing_outputs(nb)
    assert not never_run, f"{path.name}: code cells {never_run} were never executed. {REGENERATE}"
    assert any(out.get("output_type") != "stream" or out.get("text") for out in outputs(nb)), (
        f"{path.name} has no output at all. {REGENERATE}")
    counts = [c.execution_count for c in nb.cells if c.cell_type == "code" and tnb._text(c.source).strip()]
    assert counts == list(range(1, len(counts) + 1)), (
        f"{path.name}: execution counts {counts} show cells run out of order or by hand. {REGENERATE}")
    # Saved through tools/notebooks.py: cleaning it again changes nothing (no timing, no widget state).
    assert tnb.clean(copy.deepcopy(nb)) == nb, f"{path.name} carries run-to-run metadata. {REGENERATE}"
    assert not tnb.error_outputs(nb), f"{path.name} was saved with an error output. {REGENERATE}"
    assert not tnb.volatile_text(nb), f"{path.name} prints memory addresses: {tnb.volatile_text(nb)}"
    # What JupyterLab writes when the kernel starts (the kernel's language_info, version included): a notebook
    # saved with anything else is marked modified as soon as a student opens it.
    from ipykernel.ipkernel import IPythonKernel

    assert dict(nb.metadata.get("language_info", {})) == IPythonKernel.language_info, (
        f"{path.name}: language_info {dict(nb.metadata.get('language_info', {}))} is not the kernel's "
        f"{IPythonKernel.language_info}, so JupyterLab marks it modified on opening. {REGENERATE}")


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_has_learning_objectives_and_summary(path):
    problems = tnb.structure_problems(saved(path))
    assert not problems, f"{path.name}: " + "; ".join(problems)


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_has_an_explorer_a_figure_and_three_exercises(path):
    nb = saved(path)
    sources = code_sources(nb)
    assert any(re.search(r"\bexplorer\(", s) for s in sources), f"{path.name} has no teachkit explorer"
    assert any("image/png" in out.get("data", {}) for out in outputs(nb)), f"{path.name} shows no figure"
    # exercises: ask("key") / reveal("key") of teachkit.exercises (older notebooks: answer_box / solution)
    boxes = sum(len(re.findall(r"\b(?:answer_box|ask)\(", s)) for s in sources)
    solutions = sum(len(re.findall(r"\b(?:solution|reveal)\(", s)) for s in sources)
    assert boxes >= 3 and solutions >= 3, (
        f"{path.name} has {boxes} self-check boxes and {solutions} solutions; at least 3 exercises are needed")
    # A self-check's expected value is computed in the cell, not typed in.
    for s in sources:
        for m in re.finditer(r"\banswer_box\(\s*([^,\s)]+)", s):
            assert not re.fullmatch(r"[-+]?[\d.e_]+", m.group(1)), (
                f"{path.name}: answer_box({m.group(1)}, ...) types the expected value; compute it with teachkit")


# ---------------------------------------------------------------- the machinery itself
def _nb(*cells):
    nb = new_notebook(cells=list(cells))
    for i, c in enumerate(nb.cells):
        c["id"] = f"c{i}"
    return nb


def _code(*outs, tags=None, count=1):
    cell = new_code_cell("x = 1\nprint(x)", execution_count=count)
    cell.outputs = list(outs)
    if tags:
        cell.metadata["tags"] = tags
    return cell


def test_compare_reports_the_first_differing_text_output():
    a = _nb(new_markdown_cell("# t"), _code(new_output("stream", name="stdout", text="0.48\n")),
            _code(new_output("stream", name="stdout", text="same\n")))
    b = copy.deepcopy(a)
    assert tnb.compare(a, b) is None
    b.cells[1].outputs[0]["text"] = "0.52\n"
    diff = tnb.compare(a, b)
    assert diff.cell == 1 and "0.48" in diff.saved and "0.52" in diff.fresh
    message = str(diff)
    assert "cell 1" in message and "make notebooks" in message and "x = 1" in message


def test_compare_reads_results_errors_and_html():
    result = new_output("execute_result", data={"text/plain": "0.891", "text/html": "<b>0.891</b>"},
                        execution_count=1)
    a = _nb(_code(result))
    b = copy.deepcopy(a)
    b.cells[0].outputs[0]["data"]["text/html"] = "<b>0.897</b>"
    assert tnb.compare(a, b).cell == 0
    err = _nb(_code(new_output("error", ename="ValueError", evalue="c_xy is more than c_x", traceback=[])))
    ok = _nb(_code())
    assert tnb.compare(ok, err) is not None
    assert tnb.error_outputs(err) == [(0, "ValueError: c_xy is more than c_x")]


def test_compare_ignores_pictures_and_widget_ids():
    def display(png, model_id, inline):
        data = {"image/png": png, "text/plain": "<Figure size 640x400 with 1 Axes>",
                tnb.WIDGET_VIEW: {"model_id": model_id, "version_major": 2, "version_minor": 0}}
        html = new_output("display_data", data={"text/html": f'<img src="data:image/png;base64,{inline}"/>'})
        return [new_output("display_data", data=data), html]

    a = _nb(_code(*display("iVBORw0KGgoAAA", "a1b2", "AAAA")))
    b = _nb(_code(*display("iVBORw0KGgoBBB", "ffff", "BBBB")))
    assert tnb.compare(a, b) is None
    b.cells[0].outputs[0]["data"]["text/plain"] = "<Figure size 640x480 with 1 Axes>"
    assert tnb.compare(a, b) is not None


def _printed(text):
    return _nb(_code(new_output("stream", name="stdout", text=text)))


@pytest.mark.parametrize("saved_text, fresh_text", [
    ("SC (Word2Vec) of T3: 0.337\n", "SC (Word2Vec) of T3: 0.336\n"),
    ("from 3,287 to 1,576,553\n", "from 3,287 to 1,576,552\n"),
    ("d = -0.001\n", "d = 0.000\n"),
    ("x  9.99  y\n", "x 10.00  y\n"),               # a table cell one character wider
    ("ratio 1.2e-05\n", "ratio 1.3e-05\n"),
    ("NPMI \u22120.409\n", "NPMI \u22120.408\n"),   # a Unicode minus
])
def test_a_number_one_unit_off_in_its_last_digit_is_a_rounding_edge(saved_text, fresh_text):
    tolerated = []
    assert tnb.compare(_printed(saved_text), _printed(fresh_text), tolerated=tolerated) is None
    assert len(tolerated) == 1 and tolerated[0][0] == 0


@pytest.mark.parametrize("saved_text, fresh_text, named", [
    ("SC of T3: 0.337\n", "SC of T3: 0.335\n", "0.337 -> 0.335 (2 units"),            # two units
    ("from 1,576,553 at K = 30\n", "from 1,576,548 at K = 30\n", "1,576,553 -> 1,576,548 (5 units"),
    ("NPMI 0.48\n", "NPMI 0.52\n", "0.48 -> 0.52 (4 units"),                        # a wrong formula
    ("K = 30 topics\n", "K = 31 topics\n", None),      # a whole number is a count, not a rounded real
    ("SC 0.34\n", "SC 0.336\n", None),                 # another layout
    ("SC of T3: 0.337\n", "SD of T3: 0.337\n", None),  # words
    ("0.337 0.411\n", "0.337\n", None),                # a number fewer
])
def test_anything_beyond_one_unit_of_a_rounded_number_still_fails(saved_text, fresh_text, named):
    diff = tnb.compare(_printed(saved_text), _printed(fresh_text))
    assert diff is not None
    if named:
        assert named in str(diff) and "more than one unit" in str(diff)


def test_a_wrong_formula_in_the_package_fails_the_freshness_check(tmp_path):
    """Negative control on a real notebook: 01_pmi run with PMI in base 2 instead of e (an IPython startup
    file swaps the formula in before the first cell) differs from its saved copy by more than rounding."""
    startup = tmp_path / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-wrong-formula.py").write_text(
        "import importlib, math, teachkit\n"
        "m = importlib.import_module('teachkit.counts.association')  # the module that defines tk.pmi\n"
        "right = m.pmi\n"
        "def wrong(*args, **kwargs):\n"
        "    return right(*args, **kwargs) / math.log(2)\n"
        "m.pmi = teachkit.pmi = wrong\n", encoding="utf-8")
    path = ROOT / "notebooks" / "01_pmi.ipynb"
    old = os.environ.get("IPYTHONDIR")
    os.environ["IPYTHONDIR"] = str(tmp_path)
    try:
        fresh = tnb.execute_notebook(path)
    finally:
        if old is None:
            del os.environ["IPYTHONDIR"]
        else:
            os.environ["IPYTHONDIR"] = old
    diff = tnb.compare(saved(path), fresh)
    assert diff is not None, "a PMI in the wrong base went unnoticed by the freshness check"


def test_stream_splits_do_not_count_as_differences():
    a = _nb(_code(new_output("stream", name="stdout", text="a\nb\n")))
    b = _nb(_code(new_output("stream", name="stdout", text="a\n"), new_output("stream", name="stdout", text="b\n")))
    assert tnb.compare(a, b) is None


def test_cells_tagged_output_varies_are_run_but_not_compared():
    a = _nb(_code(new_output("stream", name="stdout", text="python 3.11.9\n"), tags=[tnb.UNCOMPARED_TAG]))
    b = _nb(_code(new_output("stream", name="stdout", text="python 3.12.1\n"), tags=[tnb.UNCOMPARED_TAG]))
    assert tnb.compare(a, b) is None


def test_clean_strips_volatile_metadata_and_widget_views():
    view = new_output("display_data", data={tnb.WIDGET_VIEW: {"model_id": "abc"}, "text/html": "<pre>PMI</pre>",
                                            "text/plain": "PMI"})
    only_view = new_output("display_data", data={tnb.WIDGET_VIEW: {"model_id": "def"}})
    cell = _code(view, only_view, new_output("stream", name="stdout", text="a"),
                 new_output("stream", name="stdout", text="b"))
    cell.metadata["execution"] = {"iopub.execute_input": "2024-01-01T00:00:00Z"}
    nb = _nb(cell)
    nb.metadata["widgets"] = {tnb.WIDGET_STATE: {"state": {}}}
    nb.metadata["language_info"] = {"name": "python", "version": "3.11.9"}
    tnb.clean(nb)
    assert "widgets" not in nb.metadata
    # the version stays: JupyterLab writes it when the kernel starts, and a notebook without it opens modified
    assert nb.metadata["language_info"] == {"name": "python", "version": "3.11.9"}
    assert "execution" not in nb.cells[0].metadata
    outs = nb.cells[0].outputs
    assert len(outs) == 2  # the view-only output is gone, the two stream pieces are one
    assert outs[0]["data"] == {"text/html": "<pre>PMI</pre>", "text/plain": "PMI"}
    assert outs[1]["text"] == "ab"
    nbformat.validate(nb)


def test_structure_problems_and_memory_addresses():
    good = _nb(new_markdown_cell("# 01 · PMI\n\n## Learning objectives\n\n1. x"), _code(),
               new_markdown_cell("## Summary\n\n* y"))
    assert tnb.structure_problems(good) == []
    bad = _nb(new_markdown_cell("# 01 · PMI"), _code(), new_markdown_cell("## Next steps"))
    assert len(tnb.structure_problems(bad)) == 2
    leaky = _nb(_code(new_output("execute_result", execution_count=1,
                                 data={"text/plain": "<teachkit.course.widgets.Explorer object at 0x7f3a2c1d9e50>"})))
    assert tnb.volatile_text(leaky)
    assert not tnb.volatile_text(good)


def test_missing_outputs_finds_unexecuted_cells():
    nb = _nb(_code(count=1), _code(count=None))
    assert tnb.missing_outputs(nb) == [1]


def test_execute_refuses_what_is_not_a_notebook(tmp_path):
    with pytest.raises(ValueError, match="empty"):
        tnb.execute_notebooks([])
    with pytest.raises(ValueError, match="not a notebook"):
        tnb.execute_notebooks([tmp_path / "missing.ipynb"])
