"""Every course notebook, run in JupyterLab in a real browser, works.

For each notebook in ``notebooks/`` the test opens it in JupyterLab (served
from a throwaway copy), runs "Run > Run All Cells" and then checks what a
student would see:

* the kernel goes idle and every non-empty code cell ran;
* no output is an error and nothing is written to stderr;
* every ipywidgets output rendered as a live widget (not the static fallback,
  not "Error displaying widget", not "Loading widget...");
* where the notebook has explorers, moving a slider (or typing, choosing...)
  changes what one of them displays -- the browser -> kernel -> browser round
  trip works;
* where it has self-check boxes, typing an answer and pressing the button
  changes the feedback.

A screenshot of each notebook after its run goes to artifacts/screenshots/.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import tempfile

import nbformat
import pytest
from lab_page import NotebookRun
from lab_server import ROOT, LabServer, notebooks_dir

pytestmark = pytest.mark.browser
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
NOTEBOOKS = sorted(p.name for p in notebooks_dir().glob("*.ipynb"))


def run_notebook(run: NotebookRun, screenshot: pathlib.Path) -> list[str]:
    """Run, save, check and photograph one opened notebook; return its problems.

    Beside the screenshot, a small JSON file records what was found (for CI).
    """
    facts, problems = {"notebook": run.name}, []
    try:
        facts["run_all_seconds"] = round(run.run_all(), 1)
        problems += run.check_outputs(run.save())
        facts["explorers"], explorer_problems = run.check_explorers()
        facts["answer_boxes"], box_problems = run.check_answer_boxes()
        problems += explorer_problems + box_problems
    finally:
        # Taken also when a step above failed: then the picture helps most.
        run.screenshot(screenshot)
        if problems and run.console_errors:
            problems.append(f"browser console errors: {run.console_errors[:5]}")
        facts["problems"] = problems
        screenshot.with_suffix(".json").write_text(json.dumps(facts, indent=1) + "\n", encoding="utf-8")
    return problems


@pytest.mark.parametrize("name", NOTEBOOKS or [pytest.param(None, id="no-notebooks")])
def test_notebook_runs_in_jupyterlab(lab_page, lab, name):
    assert name is not None, f"no notebooks found in {notebooks_dir()}"
    run = NotebookRun(lab_page, lab, name)
    try:
        run.open_from_path()
        problems = run_notebook(run, SCREENSHOTS / f"{pathlib.Path(name).stem}.png")
    finally:
        run.close()
    assert not problems, f"{name} in JupyterLab:\n  " + "\n  ".join(problems)


def _write_notebook(folder: pathlib.Path, name: str, sources: list[str]) -> None:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    nbformat.write(nb, folder / name)


BROKEN = [
    "import sys, ipywidgets as w\nfrom teachkit.widgets import explorer\nprint('careful', file=sys.stderr)",
    "explorer(lambda k: 'always the same', k=w.IntSlider(value=1, max=5))",
    "explorer(lambda word: word.upper(), word=w.Text(value='abc'))",
    "explorer(lambda k: f'k squared is {k * k}', k=w.IntSlider(value=1, max=5))",
    "dead = w.VBox([w.Text(), w.Button(description='Check')])\ndead.add_class('teachkit-answer-box')\ndead",
    "from teachkit import answer_box\nanswer_box(0.25, 'A quarter as a decimal:')",
    "1 / 0",
    "'never reached'",
]


@pytest.fixture()
def broken_notebooks():
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="teachkit-broken-"))
    try:
        _write_notebook(tmp, "broken.ipynb", BROKEN)
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def test_the_checks_catch_a_broken_notebook(page, broken_notebooks):
    """The checks can fail: an error, a stderr line, a cell that never ran and
    an explorer that ignores its slider and an answer box whose button does
    nothing are each reported, while explorers that react to a slider or to
    typing, and teachkit's answer box, pass."""
    with LabServer(broken_notebooks) as lab:
        run = NotebookRun(page, lab, "broken.ipynb")
        run.open()  # by URL, in a freshly loaded JupyterLab
        run.run_all()
        problems = run.check_outputs(run.save())
        n, ignores_slider = run.check_explorers(timeout=2, only=[0])
        _, reacts_to_typing = run.check_explorers(only=[1])
        _, reacts_to_slider = run.check_explorers(only=[2])
        boxes, dead_box = run.check_answer_boxes(timeout=2, index=0)
        _, live_box = run.check_answer_boxes(index=1)
        run.close()
    assert problems == [
        "cell 1 (import sys, ipywidgets as w): wrote to stderr: careful",
        "cell 7 (1 / 0): ZeroDivisionError: division by zero",
        "cell 8 ('never reached'): did not run",
    ]  # and so no widget problem: all three explorers rendered live
    assert n == 3
    assert ignores_slider == ["no explorer's result changed when its controls were moved (tried: ['explorer 1: slider 1 ArrowRight'])"]
    assert reacts_to_typing == [] and reacts_to_slider == []
    # A box whose button does nothing is caught; teachkit's answer box answers.
    assert boxes == 2
    assert dead_box == ["typing an answer into self-check box 1 and pressing its button changed nothing"]
    assert live_box == []


def test_the_checks_catch_a_missing_widget_renderer(page, broken_notebooks):
    """With the ipywidgets JupyterLab extension switched off, JupyterLab falls
    back to the static text/html result: every explorer and answer box is
    reported as not rendered live."""
    with LabServer(broken_notebooks, disabled_extensions=["@jupyter-widgets/jupyterlab-manager"]) as lab:
        run = NotebookRun(page, lab, "broken.ipynb")
        run.open()
        run.run_all()
        problems = run.check_outputs(run.save())
        n, _ = run.check_explorers()
        run.close()
    not_live = [p for p in problems if "1 widget output(s) in the notebook but 0 rendered as live ipywidgets" in p]
    assert [p.split(" (")[0] for p in not_live] == ["cell 2", "cell 3", "cell 4", "cell 5", "cell 6"]
    assert n == 0
