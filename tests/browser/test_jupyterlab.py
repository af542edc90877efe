"""Every course notebook, run in JupyterLab in a real browser, works.

For each notebook in ``notebooks/`` the test opens it in JupyterLab (served
from a throwaway copy), runs "Run > Run All Cells" and then checks what a
student would see:

* the kernel goes idle and every non-empty code cell ran;
* no output is an error and nothing is written to stderr;
* every ipywidgets output rendered as a live widget (not the static fallback,
  not "Error displaying widget", not "Loading widget...");
* it has an explorer, and moving a slider (or typing, choosing...) changes
  what each explorer displays -- the browser -> kernel -> browser round trip
  works;
* its exercises work (teachkit.course.exercises): every ``ask`` cell shows a live
  box; in one numeric exercise the exercise's own ``right`` answer gets a
  positive verdict and its ``wrong`` answer a negative one, and "Another one"
  draws new numbers whose answer is accepted, the previous numbers' answer
  rejected, and whose solution "Show solution" then shows; a "predict, then
  run" choice can be committed and then shows teachkit's result; no solution
  is on the page until its "Show solution" button is clicked, and clicking
  one shows it; every ``check_function`` cell shows a verdict;
* where it has a word-intrusion quiz, clicking a word gets an answer.

A screenshot of each notebook after its run goes to artifacts/screenshots/.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import tempfile

import nbformat
import pytest
from lab_page import NotebookRun, solution_fragment
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
        saved = run.save()
        problems += run.check_outputs(saved)
        facts["explorers"], explorer_problems = run.check_explorers()
        if not facts["explorers"]:
            explorer_problems.append("no explorer (teachkit.course.widgets.explorer) on the page")
        facts["exercises"], exercise_problems = run.check_exercises(saved)
        facts["intrusion_quizzes"], quiz_problems = run.check_intrusion_quiz()
        if not facts["intrusion_quizzes"] and any(
            "intrusion_quiz(" in "".join(c["source"]) for c in saved["cells"] if c["cell_type"] == "code"
        ):
            quiz_problems.append("the notebook makes an intrusion quiz but none is on the page")
        problems += explorer_problems + exercise_problems + quiz_problems
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


# A notebook with one of each thing the checks must catch, beside genuine
# explorers, exercises and a quiz they must pass.  Cells are numbered from 1.
FAKES = """\
def ask(key):
    # "00.3": the box went missing; "00.2": a button that does nothing;
    # "02.1": a box that says right to every answer; "00.6": an interpretation
    # box that says wrong to every choice and never gives the reason.
    if key == "00.3":
        return None
    if key == "00.6":
        from teachkit.course.exercises import get
        entry, feedback, button = w.RadioButtons(options=get(key).lettered(), value=None), w.HTML(), w.Button(
            description="Check")
        button.on_click(lambda _b: setattr(feedback, "value", "✗ no"))
        box = w.VBox([w.HTML(key), entry, button, feedback])
        box.add_class("teachkit-exercise")
        return box
    feedback, button = w.HTML(), w.Button(description="Check")
    if key == "02.1":
        button.on_click(lambda _b: setattr(feedback, "value", "✓ right"))
    box = w.VBox([w.HTML(key), w.HBox([w.Text(), button]), feedback])
    box.add_class("teachkit-exercise")
    return box

def reveal(key, show=False):
    # "00.2": the solution shown at once; "00.3": a button that shows nothing.
    if key == "00.2":
        return real_reveal(key, show=True)
    box = w.VBox([w.Button(description="Show solution"), w.Output()])
    box.add_class("teachkit-solution")
    return box

def dead_quiz():
    box = w.VBox([w.HBox([w.ToggleButtons(options=["apple", "pear", "bolt"], value=None), w.HTML()])])
    box.add_class("teachkit-intrusion")
    return box
"""
BROKEN = [
    "import sys, ipywidgets as w\nfrom teachkit.course.widgets import explorer\n"
    "from teachkit.course.exercises import ask, reveal\n"
    "print('careful', file=sys.stderr)",
    "explorer(lambda k: 'always the same', k=w.IntSlider(value=1, max=5))",                       # 2
    "explorer(lambda word: word.upper(), word=w.Text(value='abc'))",                               # 3
    "explorer(lambda k: f'k squared is {k * k}', k=w.IntSlider(value=1, max=5))",                  # 4
    'ask("00.1")',                                                                                 # 5
    'reveal("00.1")',                                                                              # 6
    'ask("00.4")',                                                                                 # 7
    "import teachkit as tk\n"
    "tk.intrusion_quiz(tk.intrusion_tasks([['fire', 'smoke', 'blaze'], ['bat', 'ball', 'wicket']], n_words=2))",  # 8
    "from teachkit.course.exercises import reveal as real_reveal\n" + FAKES,                              # 9
    'ask("00.2")',                                                                                 # 10
    'reveal("00.2")',                                                                              # 11
    'ask("00.3")',                                                                                 # 12
    'reveal("00.3")',                                                                              # 13
    'ask("02.1")',                                                                                 # 14
    "dead_quiz()",                                                                                 # 15
    # the real box for 00.5 (cell 9 replaced ask), then the fake one back for cell 17
    'fake_ask = ask\nfrom teachkit.course.exercises import ask\nbox = ask("00.5")\nask = fake_ask\nbox',    # 16
    'ask("00.6")',                                                                                 # 17
    "1 / 0",                                                                                       # 18
    "'never reached'",                                                                             # 19
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
    """The checks can fail: each fault planted in the notebook is reported,
    while the genuine explorers, exercises and quiz beside them pass."""
    with LabServer(broken_notebooks) as lab:
        run = NotebookRun(page, lab, "broken.ipynb")
        run.open()  # by URL, in a freshly loaded JupyterLab
        run.run_all()
        saved = run.save()
        problems = run.check_outputs(saved)
        n, explorer_problems = run.check_explorers(timeout=2)
        counts, exercise_problems = run.check_exercises(saved)
        missing_box = run.check_numeric_exercise("00.3", saved)
        dead_box = run.check_numeric_exercise("00.2", saved, timeout=2)
        yes_box = run.check_numeric_exercise("02.1", saved, timeout=2)
        dead_reveal = run.check_reveal("00.3", saved, timeout=2)
        no_another = run.check_another_one("02.1", saved, timeout=2)
        no_reason = run.check_interpretation("00.6", saved, timeout=2)
        quizzes, quiz_problems = run.check_intrusion_quiz(timeout=2)
        run.close()
    assert problems == [
        "cell 1 (import sys, ipywidgets as w): wrote to stderr: careful",
        "cell 18 (1 / 0): ZeroDivisionError: division by zero",
        "cell 19 ('never reached'): did not run",
    ]  # and so no widget problem: everything rendered live
    # The explorer that ignores its slider is caught; typing and sliding work.
    assert n == 3
    assert explorer_problems == [
        "explorer 1: its result did not change when its controls were moved (tried: ['slider 1 ArrowRight'])"
    ]
    # The genuine exercises pass (00.1 typed right and wrong, prediction 00.4
    # committed, interpretation 00.5 answered wrong then right, solution 00.1
    # revealed); the missing box, the missing button and the solution shown at
    # once are caught.
    # (and "Show solution" is tried on an unanswered exercise: 00.2, whose fake shows its solution at once)
    assert counts == {"ask": 7, "reveal": 3, "check_function": 0, "typed right and wrong": "00.1",
                      "prediction committed": "00.4", "interpretation answered": "00.5", "solution revealed": "00.1",
                      "solution kept closed": "00.2", "another one": "00.1"}
    assert exercise_problems == [
        "cell 12 (ask('00.3')): no live exercise box (.teachkit-exercise) on the page",
        "cell 11 (reveal('00.2')): no 'Show solution' button (.teachkit-solution) on the page",
        f"00.2: the solution is on the page before 'Show solution' is clicked ({solution_fragment('00.2')!r})",
        "00.2: cell 11 shows no live solution button",
    ]
    assert missing_box == ["00.3: cell 12 shows no live exercise box"]
    assert [p.split(" (")[0] for p in dead_box] == [
        "00.2: typing '7.5' and pressing 'Check' gave no positive verdict",
        "00.2: typing '20' and pressing 'Check' gave no negative verdict",
    ]
    assert [p.split(" (")[0] for p in yes_box] == ["02.1: typing '0.42' and pressing 'Check' gave no negative verdict"]
    assert [p.split(" (")[0] for p in dead_reveal] == ["00.3: clicking 'Show solution' did not show the solution"]
    assert no_another == ["02.1: no 'Another one' button in the exercise box"]
    from teachkit.course.exercises import get as tex_get

    ex = tex_get("00.6")    # the box that never says why is caught on the wrong choice and on the right one
    assert [p.split(" (")[0] for p in no_reason] == [
        f"00.6: choosing {ex.letter(c) + ') ' + c!r} and pressing Check gave no {mark} with its reason"
        for c, mark in ((ex.wrong[0], "✗"), (ex.expected, "✓"))]
    # The genuine quiz answers a click; the dead one is caught.
    assert quizzes == 2
    assert [p.split(" (")[0] for p in quiz_problems] == ["intrusion quiz 2: clicking a word gave no feedback"]


def test_the_checks_catch_a_missing_widget_renderer(page, broken_notebooks):
    """With the ipywidgets JupyterLab extension switched off, JupyterLab falls
    back to the static text/html result: every explorer, exercise box,
    solution button and quiz is reported as not rendered live."""
    with LabServer(broken_notebooks, disabled_extensions=["@jupyter-widgets/jupyterlab-manager"]) as lab:
        run = NotebookRun(page, lab, "broken.ipynb")
        run.open()
        run.run_all()
        problems = run.check_outputs(run.save())
        n, _ = run.check_explorers()
        run.close()
    not_live = [p for p in problems if "1 widget output(s) in the notebook but 0 rendered as live ipywidgets" in p]
    assert [p.split(" (")[0] for p in not_live] == [
        "cell 2", "cell 3", "cell 4", "cell 5", "cell 6", "cell 7", "cell 8", "cell 10", "cell 13", "cell 14",
        "cell 15", "cell 16", "cell 17",
    ]
    assert n == 0
