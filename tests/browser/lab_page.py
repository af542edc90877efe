"""Drive one notebook in JupyterLab the way a student does, and report problems.

Everything here goes through what a student sees and clicks: the notebook is
opened by URL, run with the "Run > Run All Cells" menu, saved with Ctrl+S,
sliders are moved with the keyboard and answers typed into text boxes.
Nothing reaches into JupyterLab's JavaScript objects.

Each ``check_*`` method returns a list of human-readable problems (empty when
all is well), so a test can report everything wrong with a notebook at once.
"""

from __future__ import annotations

import functools
import json
import pathlib
import re
import time

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
# What ipywidgets' JupyterLab renderer leaves behind when a widget did not
# come to life: the model never arrived, or the renderer failed.
WIDGET_FAILURE_TEXTS = ("Error displaying widget", "Loading widget")

# Selectors.  JupyterLab 4 / ipywidgets 8 class names; teachkit's own classes
# come from teachkit.course.widgets.Explorer, teachkit.course.exercises and teachkit.course.intrusion_quiz.
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"
CELL = f"{NOTEBOOK} .jp-Cell"
CURRENT_TAB_LABEL = "#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel"
# A menu entry that can be chosen now (a greyed-out one is .lm-mod-disabled).
MENU_ITEM = ".lm-Menu-item:not(.lm-mod-disabled) .lm-Menu-itemLabel"
EXPLORER = ".teachkit-explorer"
EXPLORER_RESULT = ".teachkit-explorer-result"
# teachkit.course.exercises.ask: the question, an entry (text box or radio buttons),
# a button and a feedback line; reveal: a "Show solution" button and an output.
EXERCISE = ".teachkit-exercise"
SOLUTION = ".teachkit-solution"
# teachkit.course.intrusion_quiz: one row of word buttons per topic.
INTRUSION = ".teachkit-intrusion"
# The cells that call the exercise framework, found in the saved notebook.
EXERCISE_CALL = re.compile(r"(?<![\w.])(ask|reveal|check_function)\(\s*[\"']([^\"']+)[\"']")

# Reads, for every cell in document order, what the page shows.
_CELLS_JS = """
(cells) => cells.map((cell) => {
  const prompt = cell.querySelector('.jp-InputPrompt');
  const editor = cell.querySelector('.jp-InputArea-editor .cm-content');
  const outputs = [...cell.querySelectorAll('.jp-OutputArea-output')].map((out) => ({
    mime: out.getAttribute('data-mime-type'),
    widget: !!out.querySelector(':scope > .jupyter-widgets'),
    text: out.innerText.slice(0, 500),
  }));
  return {
    code: cell.classList.contains('jp-CodeCell'),
    prompt: prompt ? prompt.innerText.trim() : '',
    empty: editor ? editor.innerText.trim() === '' : true,
    outputs,
  };
})
"""


class NotebookRun:
    """One notebook opened in a JupyterLab page."""

    def __init__(self, page, lab, name: str):
        self.page = page
        self.lab = lab
        self.name = name
        self.console_errors: list[str] = []
        self._listeners = {
            "console": lambda m: m.type == "error" and self.console_errors.append(m.text[:300]),
            "pageerror": lambda e: self.console_errors.append(f"uncaught: {e}"[:300]),
        }
        for event, listener in self._listeners.items():
            page.on(event, listener)

    # -- driving ----------------------------------------------------------
    def open(self, timeout: float = 180.0) -> None:
        """Open the notebook by its URL, /lab/workspaces/<own>/tree/<name>, in a
        freshly loaded JupyterLab, and wait until its kernel is idle.

        The notebook gets its own workspace, so JupyterLab does not reopen
        (and start kernels for) notebooks opened earlier in this browser.
        """
        workspace = "tk-" + "".join(c if c.isalnum() else "-" for c in self.name)
        self.page.goto(f"{self.lab.url}/lab/workspaces/{workspace}/tree/{self.name}", timeout=timeout * 1000)
        self._wait_open(timeout)

    def open_from_path(self, timeout: float = 180.0) -> None:
        """Open the notebook in an already loaded JupyterLab with "File > Open
        from Path...", and wait until its kernel is idle.

        Loading JupyterLab takes several seconds; this way the suite loads it
        once for all notebooks.
        """
        dismiss_dialogs(self.page)
        self.page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
        self.page.locator(".lm-Menu-itemLabel", has_text="Open from Path").first.click()
        self.page.locator(".jp-Dialog input").first.fill(self.name)
        self.page.locator(".jp-Dialog .jp-mod-accept").first.click()
        self.page.wait_for_function(
            "(name) => [...document.querySelectorAll(CURRENT_TAB_LABEL)].some((l) => l.innerText.trim() === name)"
            .replace("CURRENT_TAB_LABEL", repr(CURRENT_TAB_LABEL)),
            arg=self.name,
            timeout=timeout * 1000,
        )
        self._wait_open(timeout)

    def _wait_open(self, timeout: float) -> None:
        self.page.wait_for_selector(CELL, timeout=timeout * 1000)
        deadline = time.monotonic() + timeout
        while not self._kernel_idle():
            # A notebook without kernel metadata asks which kernel to use:
            # accept JupyterLab's suggestion, as a student would.
            dialog = self.page.locator(".jp-Dialog .jp-mod-accept")
            if dialog.count():
                dialog.first.click()
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{self.name}: the kernel did not become idle within {timeout:.0f} s after opening")
            time.sleep(0.2)
        hide_file_browser(self.page)

    def close(self) -> None:
        """Close the notebook's tab (discarding nothing: it was saved) and shut its kernel down."""
        try:
            dismiss_dialogs(self.page)
            if self.page.locator(CURRENT_TAB_LABEL, has_text=self.name).count():
                self.page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
                self.page.locator(MENU_ITEM, has_text="Close Tab").first.click()
                # Widget interactions after the save may have marked it changed.
                discard = self.page.locator(".jp-Dialog button", has_text="Discard")
                try:
                    discard.first.wait_for(timeout=1000)
                    discard.first.click()
                except Exception:  # no dialog: nothing unsaved
                    pass
        finally:
            for event, listener in self._listeners.items():
                self.page.remove_listener(event, listener)
            self.lab.shutdown_kernels_for(self.name)

    def run_all(self, timeout: float = 600.0) -> float:
        """Run > Run All Cells, then wait for the run to end.  Returns seconds taken."""
        start = time.monotonic()
        self.page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        self.page.locator(MENU_ITEM, has_text="Run All Cells").first.click()
        deadline = start + timeout
        # The served copy has no outputs, so every prompt starts as "[ ]".
        # The run has started once any prompt is "[*]" (queued or running) or
        # a number; it has ended once nothing is queued and the kernel is
        # idle -- seen twice in a row, so a gap between two cells does not
        # count.  Run All stops at a cell that raises; the later cells stay
        # "[ ]" and check_outputs reports them as not run.
        started = False
        quiet = 0
        while quiet < 2:
            prompts = [c["prompt"] for c in self.cells() if c["code"] and not c["empty"]]
            started = started or any(p != "[ ]:" for p in prompts) or not prompts
            busy = not started or "[*]:" in prompts or not self._kernel_idle()
            quiet = 0 if busy else quiet + 1
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"{self.name}: Run All Cells did not finish within {timeout:.0f} s (prompts: {prompts})"
                )
            time.sleep(0.25)
        return time.monotonic() - start

    def save(self, timeout: float = 90.0) -> dict:
        """Save with Ctrl+S (into the server's throwaway copy) and return the saved JSON."""
        path = self.lab.root / self.name
        before = path.stat().st_mtime_ns
        self.page.locator(NOTEBOOK).first.click(position={"x": 2, "y": 2})
        self.page.keyboard.press("Escape")
        self.page.keyboard.press("Control+s")
        deadline = time.monotonic() + timeout
        while path.stat().st_mtime_ns == before or self._dirty():
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: Ctrl+S did not save the notebook within {timeout:.0f} s")
            time.sleep(0.2)
        return json.loads(path.read_text(encoding="utf-8"))

    def screenshot(self, path: pathlib.Path, max_height: int = 15000) -> None:
        """Save a picture of the whole notebook (not only the visible part).

        The viewport is made as tall as the notebook for the shot, so the
        picture shows every cell and output as laid out by JupyterLab.
        """
        path.parent.mkdir(parents=True, exist_ok=True)
        size = self.page.viewport_size
        # The notebook scrolls inside JupyterLab's "outer" panel.
        scroller = f"{NOTEBOOK} .jp-WindowedPanel-outer"
        height = self.page.evaluate(f"() => document.querySelector('{scroller}')?.scrollHeight ?? 0")
        visible = self.page.evaluate(f"() => document.querySelector('{scroller}')?.clientHeight ?? 0")
        tall = min(max_height, max(size["height"], size["height"] + height - visible + 20))
        try:
            self.page.set_viewport_size({"width": size["width"], "height": tall})
            # JupyterLab re-lays out on resize: wait until the notebook's panel has taken the new height.
            self.page.wait_for_function(
                f"() => window.innerHeight === {tall} && "
                f"(document.querySelector('{scroller}')?.clientHeight ?? {visible})"
                f" >= {visible} + {tall - size['height']} - 40",
                timeout=60_000)
            self.page.evaluate(f"() => document.querySelector('{scroller}')?.scrollTo(0, 0)")
            self.page.screenshot(path=str(path))
        finally:
            self.page.set_viewport_size(size)

    # -- reading the page -------------------------------------------------
    def cells(self) -> list[dict]:
        return self.page.locator(CELL).evaluate_all(_CELLS_JS)

    def _kernel_idle(self) -> bool:
        indicator = self.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator")
        status = self.page.locator(".jp-StatusBar-Widget", has_text="| Idle")
        return indicator.count() > 0 and indicator.first.get_attribute("data-status") == "idle" and status.count() > 0

    def _dirty(self) -> bool:
        return self.page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current.jp-mod-dirty").count() > 0

    # -- checks -----------------------------------------------------------
    def check_outputs(self, saved: dict) -> list[str]:
        """No error output, nothing on stderr, every widget output rendered live."""
        problems = []
        shown = self.cells()
        if len(shown) != len(saved["cells"]):
            return [f"page shows {len(shown)} cells, the saved notebook has {len(saved['cells'])}"]
        for number, (cell, dom) in enumerate(zip(saved["cells"], shown), start=1):
            if cell["cell_type"] != "code":
                continue
            where = f"cell {number} ({_first_line(cell)})"
            if "".join(cell["source"]).strip() and cell.get("execution_count") is None:
                problems.append(f"{where}: did not run")
            for out in cell.get("outputs", []):
                if out["output_type"] == "error":
                    problems.append(f"{where}: {out['ename']}: {out['evalue']}")
                elif out["output_type"] == "stream" and out["name"] == "stderr":
                    problems.append(f"{where}: wrote to stderr: {''.join(out['text']).strip()[:300]}")
            expected = sum(WIDGET_MIME in out.get("data", {}) for out in cell.get("outputs", []))
            live = sum(o["widget"] for o in dom["outputs"])
            if live != expected:
                problems.append(
                    f"{where}: {expected} widget output(s) in the notebook but {live} rendered as live "
                    f"ipywidgets (mime types shown: {[o['mime'] for o in dom['outputs']]})"
                )
            for o in dom["outputs"]:
                for bad in WIDGET_FAILURE_TEXTS:
                    if bad in o["text"]:
                        problems.append(f"{where}: shows {o['text'][:200]!r}")
        return problems

    def check_explorers(self, timeout: float = 30.0, only=None) -> tuple[int, list[str]]:
        """Move the controls of each explorer, one at a time, until its result pane changes.

        Returns ``(number of explorers, problems)``: every explorer (or those
        in ``only``, 0-based indices) must react to one of its controls (the
        sliders are tried first), or it is reported with what was tried.
        """
        explorers = self.page.locator(f"{NOTEBOOK} {EXPLORER}")
        n = explorers.count()
        problems = []
        for i in range(n) if only is None else [i for i in only if i < n]:
            box = explorers.nth(i)
            result = box.locator(EXPLORER_RESULT).first
            tried = []
            for control in _controls(box):
                before = result.inner_html()
                tried.append(control["act"]())
                if _wait_change(result.inner_html, before, timeout):
                    break
            else:
                problems.append(
                    f"explorer {i + 1}: its result did not change when its controls were moved "
                    f"(tried: {tried or 'no usable control'})"
                )
        return n, problems

    # -- exercises (teachkit.course.exercises: ask / reveal / check_function) ----
    def check_exercises(self, saved: dict, timeout: float = 30.0) -> tuple[dict, list[str]]:
        """Check the notebook's exercises the way a student uses them.

        Found from the saved notebook's sources (``ask("KEY")``,
        ``reveal("KEY")``, ``check_function("KEY", ...)``), so a cell whose box
        went missing is reported, not silently skipped:

        * every ``ask`` cell shows a live exercise box, every ``reveal`` cell a
          "Show solution" button, every ``check_function`` cell a verdict;
        * the notebook has at least one numeric exercise; in the first one,
          the exercise's first ``right`` answer gets a positive verdict and its
          first ``wrong`` answer a negative one;
        * in its first "predict, then run" question a choice can be committed,
          and then the box shows teachkit's result;
        * no solution is on the page before its button is clicked; clicking the
          first "Show solution" button shows that solution.

        Returns ``(facts, problems)``: the number of ``ask``, ``reveal`` and
        ``check_function`` cells, and the keys of the exercises tried.
        """
        from teachkit.course.exercises import Implement, Interpretation, Prediction, get

        found = exercise_cells(saved)
        counts = {kind: len(keys) for kind, keys in found.items()}
        problems = []
        for key, index in found["ask"].items():
            if not self._cell(index).locator(EXERCISE).count():
                problems.append(f"cell {index + 1} (ask({key!r})): no live exercise box ({EXERCISE}) on the page")
        for key, index in found["reveal"].items():
            if not self._cell(index).locator(f"{SOLUTION} button").count():
                problems.append(
                    f"cell {index + 1} (reveal({key!r})): no 'Show solution' button ({SOLUTION}) on the page")
        for key, index in found["check_function"].items():
            text = self._cell(index).locator(".jp-OutputArea").first.inner_text()
            if "✓" not in text and "✗" not in text:
                problems.append(f"cell {index + 1} (check_function({key!r}, ...)): shows no verdict ({text[:120]!r})")
        if not found["ask"]:
            return counts, problems + ["no exercise (no ask(\"KEY\") cell) in the notebook"]
        numeric = [k for k in found["ask"]
                   if not isinstance(get(k), (Prediction, Implement, Interpretation)) and get(k).wrong]
        predictions = [k for k in found["ask"] if isinstance(get(k), Prediction)]
        interpretations = [k for k in found["ask"] if isinstance(get(k), Interpretation)]
        # 05 and 09b (the lesson halves of two split notebooks) have no numeric exercise to type: their numeric
        # ones went to 05b and 09; the boxes they have are checked below
        if numeric:
            counts["typed right and wrong"] = numeric[0]
            problems += self.check_numeric_exercise(numeric[0], saved, timeout)
        elif not {key.split(".")[0] for key in found["ask"]} <= {"05", "09b"}:
            problems.append("no numeric exercise with right and wrong answers to type")
        if predictions:
            counts["prediction committed"] = predictions[0]
            problems += self.check_prediction(predictions[0], saved, timeout)
        else:
            problems.append("no 'predict, then run' question")
        if interpretations:
            counts["interpretation answered"] = interpretations[0]
            problems += self.check_interpretation(interpretations[0], saved, timeout)
        else:
            problems.append("no interpretation question")
        problems += self.check_solutions_hidden(saved)
        # a solution opens only after an answer the box judged: reveal one the checks above answered, and show
        # that "Show solution" on one nobody answered opens nothing but the note saying how to answer
        answered = [k for k in numeric[:1] + predictions[:1] + interpretations[:1] if k in found["reveal"]]
        unanswered = [k for k in found["reveal"] if k not in numeric[:1] + predictions[:1] + interpretations[:1]]
        if unanswered:
            counts["solution kept closed"] = unanswered[0]
            problems += self.check_reveal_closed(unanswered[0], saved, timeout)
        if answered:
            counts["solution revealed"] = answered[0]
            problems += self.check_reveal(answered[0], saved, timeout)
        # after the solution as written was revealed: "Another one" draws new numbers, and its solution follows
        practice = [k for k in numeric if getattr(get(k), "has_variants", False) and k in found["reveal"]
                    and _plain_variant_solution(k)]
        if practice:
            counts["another one"] = practice[0]
            problems += self.check_another_one(practice[0], saved, timeout)
        elif numeric:
            problems.append(f"{numeric[0]}: a numeric exercise without variants ('Another one')")
        return counts, problems

    def _cell(self, index: int):
        return self.page.locator(CELL).nth(index)

    def _exercise_box(self, key: str, saved: dict, call: str = "ask"):
        index = exercise_cells(saved)[call].get(key)
        if index is None:
            return None, f"{key}: no {call}({key!r}) cell in the notebook"
        box = self._cell(index).locator(EXERCISE if call == "ask" else SOLUTION)
        if not box.count():
            shown = "exercise box" if call == "ask" else "solution button"
            return None, f"{key}: cell {index + 1} shows no live {shown}"
        return box.first, None

    def check_numeric_exercise(self, key: str, saved: dict, timeout: float = 30.0) -> list[str]:
        """Type the exercise's first right answer, then its first wrong one;
        the verdicts must be positive (✓) and negative (✗)."""
        from teachkit.course.exercises import get

        ex = get(key)
        box, missing = self._exercise_box(key, saved)
        if missing:
            return [missing]
        text_input = box.locator("input[type=text], input:not([type])").first
        button = box.locator("button").first
        if not text_input.count() or not button.count():
            return [f"{key}: exercise box has no text input and button"]
        problems = []
        for typed, mark, other, verdict in ((ex.right[0], "✓", "✗", "positive"), (ex.wrong[0], "✗", "✓", "negative")):
            text_input.fill(typed)
            button.click()
            # The lambdas below are polled within this iteration only, so the loop variables they read are current.
            if not _wait_for(lambda: mark in box.inner_text() and other not in box.inner_text(), timeout):  # noqa: B023
                problems.append(
                    f"{key}: typing {typed!r} and pressing {button.inner_text().strip()!r} gave no {verdict} verdict "
                    f"(box shows {box.inner_text()[-200:]!r})"
                )
        return problems

    def check_interpretation(self, key: str, saved: dict, timeout: float = 30.0) -> list[str]:
        """Choose a wrong statement: the box says why it is wrong (its misconception) and stays open; then the
        right one: a positive verdict."""
        from teachkit.course.exercises import get

        ex = get(key)
        box, missing = self._exercise_box(key, saved)
        if missing:
            return [missing]
        labels = box.locator(".widget-radio-box label")
        by_text = {labels.nth(j).inner_text().strip(): labels.nth(j) for j in range(labels.count())}
        button = box.locator("button").first
        problems = []
        for choice, mark, other in ((ex.wrong[0], "✗", "✓"), (ex.expected, "✓", "✗")):
            shown = f"{ex.letter(choice)}) {choice}"
            if shown not in by_text:
                return [f"{key}: no radio button {shown!r} in the interpretation box (has {list(by_text)})"]
            by_text[shown].click()
            button.click()
            reason = ex.reason(choice)[:40]
            if not _wait_for(lambda: mark in box.inner_text() and other not in box.inner_text()  # noqa: B023
                             and reason in box.inner_text(), timeout):  # noqa: B023
                problems.append(f"{key}: choosing {shown!r} and pressing Check gave no {mark} with its reason "
                                f"(box shows {box.inner_text()[-200:]!r})")
            if not button.is_enabled():
                problems.append(f"{key}: after one answer the interpretation box is locked (button disabled)")
        return problems

    def check_prediction(self, key: str, saved: dict, timeout: float = 30.0) -> list[str]:
        """Commit a guess (a wrong choice if there is one) and expect teachkit's result shown, the guess locked."""
        from teachkit.course.exercises import get

        ex = get(key)
        box, missing = self._exercise_box(key, saved)
        if missing:
            return [missing]
        guess = (ex.wrong or ex.right)[0]
        if ex.choices:
            labels = box.locator(".widget-radio-box label")
            choice = [labels.nth(j) for j in range(labels.count()) if labels.nth(j).inner_text().strip() == guess]
            if not choice:
                return [f"{key}: no radio button {guess!r} in the prediction box"]
            choice[0].click()
        else:
            field = box.locator("input[type=text], input:not([type])").first
            if not field.count():
                return [f"{key}: the prediction box has no text input"]
            field.fill(guess)
        button = box.locator("button").first
        if not button.count():
            return [f"{key}: the prediction box has no button"]
        button.click()
        shown = f"teachkit computes: {ex.shown_result}"
        if not _wait_for(lambda: shown in box.inner_text(), timeout):
            return [f"{key}: committing the prediction {guess!r} did not show {shown!r} "
                    f"(box shows {box.inner_text()[-200:]!r})"]
        if button.is_enabled():
            return [f"{key}: after committing, the prediction can still be changed (button enabled)"]
        return self._check_result_cell(key, saved, timeout)

    def _check_result_cell(self, key: str, saved: dict, timeout: float) -> list[str]:
        """The cell computing the prediction's result held it back during Run All; run again after the
        guess, it shows the result."""
        index = next((i for i, c in enumerate(saved["cells"]) if c.get("cell_type") == "code"
                      and f'result_of("{key}")' in "".join(c.get("source", ""))), None)
        if index is None:       # a prediction without a result cell (the box alone shows it)
            return []
        cell = self._cell(index)
        if "Result held back" not in cell.inner_text():
            return [f"{key}: before the guess, cell {index + 1} showed its result "
                    f"({cell.inner_text()[-200:]!r})"]
        cell.locator(".jp-InputArea-editor").first.click()
        self.page.keyboard.press("Shift+Enter")
        if not _wait_for(lambda: "Result held back" not in cell.inner_text()
                         and cell.locator(".jp-OutputArea-output").count() > 0, timeout):
            return [f"{key}: after the guess, running cell {index + 1} again did not show the result "
                    f"({cell.inner_text()[-200:]!r})"]
        return []

    def check_solutions_hidden(self, saved: dict) -> list[str]:
        """No solution's text is anywhere on the notebook page before its button is clicked."""
        page_text = _normal(self.page.locator(NOTEBOOK).first.inner_text())
        return [
            f"{key}: the solution is on the page before 'Show solution' is clicked ({fragment!r})"
            for key in exercise_cells(saved)["reveal"]
            if (fragment := solution_fragment(key)) in page_text
        ]

    def check_reveal(self, key: str, saved: dict, timeout: float = 30.0) -> list[str]:
        """Click the exercise's "Show solution" button; its solution must appear in the cell."""
        box, missing = self._exercise_box(key, saved, call="reveal")
        if missing:
            return [missing]
        fragment = solution_fragment(key)
        if fragment in _normal(box.inner_text()):
            return [f"{key}: the solution is shown before 'Show solution' is clicked"]
        if box.locator(".jp-OutputArea-output").count():
            return [f"{key}: the solution's output area is not empty before 'Show solution' is clicked"]
        box.locator("button").first.click()
        if not _wait_for(lambda: fragment in _normal(box.inner_text()), timeout):
            return [f"{key}: clicking 'Show solution' did not show the solution (expected {fragment!r}; "
                    f"shows {box.inner_text()[-200:]!r})"]
        return []

    def check_reveal_closed(self, key: str, saved: dict, timeout: float = 30.0) -> list[str]:
        """Click "Show solution" for an exercise nobody has answered: the solution must not appear, and the box
        must say that it opens after an answer."""
        box, missing = self._exercise_box(key, saved, call="reveal")
        if missing:
            return [missing]
        fragment = solution_fragment(key)
        box.locator("button").first.click()
        if not _wait_for(lambda: "opens after an answer" in _normal(box.inner_text()), timeout):
            return [f"{key}: 'Show solution' before any answer did not say how to answer "
                    f"(shows {box.inner_text()[-200:]!r})"]
        if fragment in _normal(box.inner_text()):
            return [f"{key}: 'Show solution' showed the solution before any answer"]
        return []

    def check_another_one(self, key: str, saved: dict, timeout: float = 30.0) -> list[str]:
        """Click "Another one" as a student would: the question's numbers change, the new variant's right
        answer gets ✓ and the previous numbers' answer ✗, and "Show solution" shows the new variant's."""
        from teachkit.course.exercises import get

        ex = get(key)
        box, missing = self._exercise_box(key, saved)
        if missing:
            return [missing]
        again = box.locator(".teachkit-another")
        if not again.count():
            return [f"{key}: no 'Another one' button in the exercise box"]
        question = box.locator(".widget-htmlmath").first
        before = _normal(question.inner_text())
        again.first.click()
        if not _wait_change(lambda: _normal(question.inner_text()), before, timeout):
            return [f"{key}: clicking 'Another one' did not change the question ({before[:120]!r})"]
        seed_shown = re.search(r"Variant (\d+)", box.inner_text())
        if not seed_shown:
            return [f"{key}: after 'Another one' the box names no variant ({box.inner_text()[-200:]!r})"]
        variant = ex.at(int(seed_shown.group(1)))
        # numbers inside $...$ are typeset by MathJax (their text is not plain); some number is plain text
        shown = _normal(question.inner_text()).replace(",", "")
        numbers = [str(v) for v in variant.data.values() if isinstance(v, int) and not isinstance(v, bool)]
        problems = [] if not numbers or any(n in shown for n in numbers) else [
            f"{key}: the new question shows none of the variant's numbers {numbers} ({shown[:160]!r})"]
        text_input = box.locator("input[type=text], input:not([type])").first
        button = box.locator("button").first
        previous = ex.right[0]
        previous_is_right = variant.judge(previous).correct
        for typed, mark, other, what in ((variant.right[0], "✓", "✗", "the new numbers' answer"),
                                         (previous, "✗", "✓", "the previous numbers' answer")):
            if mark == "✗" and previous_is_right:
                continue              # the two variants share their answer at this precision: nothing to tell apart
            text_input.fill(typed)
            button.click()
            if not _wait_for(lambda: mark in box.inner_text() and other not in box.inner_text(), timeout):  # noqa: B023
                problems.append(f"{key}: after 'Another one', {what} {typed!r} did not get {mark} "
                                f"(box shows {box.inner_text()[-200:]!r})")
        reveal, missing = self._exercise_box(key, saved, call="reveal")
        if missing:
            return problems + [missing]
        fragment = solution_fragment(key, variant.variant_seed)
        reveal.locator("button").first.click()
        if not _wait_for(lambda: fragment in _normal(reveal.inner_text()), timeout):
            problems.append(f"{key}: 'Show solution' after 'Another one' did not show the variant's solution "
                            f"(expected {fragment!r}; shows {reveal.inner_text()[-200:]!r})")
        return problems

    def check_intrusion_quiz(self, timeout: float = 30.0, only=None) -> tuple[int, list[str]]:
        """Click a word in the first row of each intrusion quiz (or those in
        ``only``, 0-based); the row must then say whether it was the intruder."""
        quizzes = self.page.locator(f"{NOTEBOOK} {INTRUSION}")
        n = quizzes.count()
        problems = []
        for i in range(n) if only is None else [i for i in only if i < n]:
            row = quizzes.nth(i).locator(".widget-hbox").first
            buttons = row.locator(".widget-toggle-buttons button")
            if not buttons.count():
                problems.append(f"intrusion quiz {i + 1}: no word buttons")
                continue
            buttons.first.click()
            if not _wait_for(lambda: "found it" in row.inner_text() or "intruder was" in row.inner_text(),  # noqa: B023
                             timeout):
                problems.append(
                    f"intrusion quiz {i + 1}: clicking a word gave no feedback ({row.inner_text()[:200]!r})")
        return n, problems


def hide_file_browser(page) -> None:
    """More room for the notebook in the screenshots: collapse the left sidebar (Ctrl+B)."""
    left = page.locator("#jp-left-stack")
    if left.count() and left.first.is_visible():
        page.keyboard.press("Control+b")
        left.first.wait_for(state="hidden", timeout=30_000)


def dismiss_dialogs(page) -> None:
    """Close any menu or dialog a failed test may have left open."""
    for _ in range(3):
        if not page.locator(".jp-Dialog, .lm-Menu").count():
            return
        before = page.locator(".jp-Dialog, .lm-Menu").count()
        page.keyboard.press("Escape")
        try:  # wait for one to close, not for a fixed time
            page.wait_for_function(
                f"() => document.querySelectorAll('.jp-Dialog, .lm-Menu').length < {before}", timeout=5_000)
        except Exception:
            pass


def _first_line(cell) -> str:
    source = "".join(cell["source"]).strip().splitlines()
    return (source[0][:60] if source else "empty").strip()


def exercise_cells(saved: dict) -> dict[str, dict[str, int]]:
    """``{"ask": {key: cell index}, "reveal": {...}, "check_function": {...}}``:
    the code cells calling the exercise framework, in document order (first call per key)."""
    found = {"ask": {}, "reveal": {}, "check_function": {}}
    for index, cell in enumerate(saved["cells"]):
        if cell["cell_type"] == "code":
            for call, key in EXERCISE_CALL.findall("".join(cell["source"])):
                found[call].setdefault(key, index)
    return found


def _plain_pieces(text: str) -> list[str]:
    text = re.sub(r"\$\$.*?\$\$|\$[^$]*\$", "\n", text, flags=re.S)     # maths: typeset by MathJax
    pieces = []
    for line in text.splitlines():
        line = re.sub(r"^\s*(?:[-+*>#]+|\d+\.)\s+", "", line)           # list items, quotes, headings
        pieces += re.split(r"[*_`\[\]()|\\<>&{}~]+", line)
    return [_normal(p) for p in pieces]


def solution_fragment(key: str, seed: int = 0) -> str:
    """The longest stretch of an exercise's solution that reads the same as
    plain text in the rendered page: its markdown with the maths and the
    markup cut out, one line at a time, whitespace collapsed.  For a variant
    (``seed``), the longest stretch that is not in the solution as written:
    one that shows the variant's own numbers."""
    from teachkit.course.exercises import get

    ex = get(key)
    pieces = _plain_pieces((ex.at(seed) if seed else ex).render_solution())
    if seed:
        written = set(_plain_pieces(get(key).render_solution()))
        pieces = [p for p in pieces if p not in written and re.search(r"\d", p)]
    fragment = max(pieces, key=len, default="")
    if len(fragment) < 8:  # too short to be told apart from the rest of the page
        raise AssertionError(f"solution of {key} has no plain-text stretch of 8+ characters to look for: {pieces!r}")
    return fragment


def _plain_variant_solution(key: str) -> bool:
    """Whether the solution of the first practice variant ("Another one" in a fresh kernel) shows some of its
    numbers outside the maths, where the page's text can be read (MathJax typesets the rest)."""
    from teachkit.course.exercises.display import practice_seed

    try:
        solution_fragment(key, practice_seed(0, 1))
    except AssertionError:
        return False
    return True


def _normal(text: str) -> str:
    return " ".join(text.split())


def _wait_for(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while True:
        if condition():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)


def _wait_change(read, before, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if read() != before:
            return True
        time.sleep(0.1)
    return False


def _controls(box):
    """The ways to change one explorer's inputs, each as ``{"act": callable}``."""
    # Kinds of input in a fixed order (sliders, text boxes, dropdowns, toggles), each control in page order.
    actions = []
    for selector, act in (
        (".widget-slider .noUi-handle", _move_slider),
        (".widget-text input, .widget-textarea textarea", _type_text),
        (".widget-dropdown select", _choose_other_option),
        (".widget-toggle-buttons button:not(.mod-active), .widget-checkbox input", _click),
    ):
        controls = box.locator(selector)
        for j in range(controls.count()):
            # partial binds this control and its index now; a bare closure would see the loop's last values.
            actions.append({"act": functools.partial(act, controls.nth(j), j)})
    return actions


def _move_slider(handle, j: int) -> str:
    # The keyboard moves a slider by one step, like a student using
    # the arrow keys; at the right end, step left instead.
    handle.focus()
    at_max = handle.get_attribute("aria-valuenow") == handle.get_attribute("aria-valuemax")
    handle.press("ArrowLeft" if at_max else "ArrowRight")
    return f"slider {j + 1} {'ArrowLeft' if at_max else 'ArrowRight'}"


def _type_text(field, j: int) -> str:
    field.click()
    field.press("End")
    field.type("x")
    field.press("Enter")
    return f"text box {j + 1} typed"


def _choose_other_option(select, j: int) -> str:
    values = select.evaluate("s => [...s.options].map(o => o.value)")
    current = select.input_value()
    other = next((v for v in values if v != current), current)
    select.select_option(other)
    return f"dropdown {j + 1} -> option {other!r}"


def _click(button, j: int) -> str:
    button.click()
    return f"toggle/checkbox {j + 1} clicked"
