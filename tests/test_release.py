"""make release: the student notebooks hold no solution and still run; the teacher's are as committed."""

from __future__ import annotations

import json
import pathlib
import sys
import types

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import course  # noqa: E402
import release  # noqa: E402

SOLUTION = "P(exercise) = {count} / {n} = {expected}: divide the windows that contain the word by all windows."


def _exercise(key="99.1"):
    return types.SimpleNamespace(key=key, data={"count": 400, "n": 10_000}, answer=lambda count, n: count / n,
                                 solution=SOLUTION, check={"min_sig_figs": 1})


def _cell(kind, text, tags=(), outputs=None):
    cell = {"cell_type": kind, "metadata": {"tags": list(tags)} if tags else {}, "source": text}
    if kind == "code":
        cell.update(execution_count=1, outputs=outputs or [])
    return cell


def _notebook(*cells):
    return {"cells": list(cells), "metadata": {"widgets": {"state": "x"}}, "nbformat": 4, "nbformat_minor": 5}


SOLUTION_SHOWN = SOLUTION.format(count=400, n=10_000, expected=0.04)


def _synthetic():
    return _notebook(
        _cell("markdown", "# Title\n\n## Learning objectives"),
        _cell("markdown", "**Exercise 1.**"),
        _cell("code", 'ask("99.1")', tags=["exercise"],
              outputs=[{"output_type": "display_data", "data": {"text/plain": "question and box"}, "metadata": {}}]),
        _cell("code", 'reveal("99.1")', tags=["solution"],
              outputs=[{"output_type": "display_data", "data": {"text/html": SOLUTION_SHOWN}, "metadata": {}}]),
        # an untagged reveal call is a solution cell all the same
        _cell("code", "reveal('99.1')  # again"),
        _cell("code", "x = 1", outputs=[{"output_type": "stream", "name": "stdout", "text": "kept\n"}]),
    )


def test_student_notebook_drops_solutions_and_adds_an_answer_cell():
    student = release.student_notebook(_synthetic(), "99_synthetic")
    sources = [course.source(c) for c in student["cells"]]
    assert not any("reveal(" in s for s in sources)
    ask = next(c for c in student["cells"] if course.is_exercise_cell(c))
    assert ask["outputs"] == [] and ask["execution_count"] is None
    answer = student["cells"][student["cells"].index(ask) + 1]
    assert answer["metadata"]["tags"] == ["answer"]
    assert course.source(answer).splitlines()[-1] == 'answer_99_1 = ""'
    # everything else as committed, outputs included
    assert student["cells"][-1]["outputs"][0]["text"] == "kept\n"
    assert student["cells"][0] == _synthetic()["cells"][0]
    assert "widgets" not in student["metadata"]
    assert student["metadata"]["teachkit"]["notebook"] == "99_synthetic"
    assert release.leaks(student, [_exercise()]) == []


def test_leak_detector_finds_solution_text_outside_solution_cells():
    nb = _synthetic()
    nb["cells"].append(_cell("markdown", "Hint: " + SOLUTION_SHOWN))
    assert release.leaks(release.student_notebook(nb), [_exercise()]) == ["99.1"]
    # the literal template, with other numbers filled in, is found too
    nb = _synthetic()
    nb["cells"].append(_cell("code", "print(1)", outputs=[{"output_type": "stream", "name": "stdout",
                                                          "text": SOLUTION.format(count=1, n=2, expected=0.5)}]))
    assert release.leaks(release.student_notebook(nb), [_exercise()]) == ["99.1"]


def test_release_refuses_to_write_a_leaking_notebook(tmp_path):
    nb = _synthetic()
    nb["cells"].append(_cell("markdown", SOLUTION_SHOWN))
    path = tmp_path / "99_synthetic.ipynb"
    path.write_text(json.dumps(nb))
    with pytest.raises(SystemExit, match="99.1"):
        release.release([path], tmp_path / "release", exercises=[_exercise()])


def test_release_writes_student_and_teacher_copies(tmp_path):
    path = tmp_path / "99_synthetic.ipynb"
    path.write_text(json.dumps(_synthetic()))
    written = release.release([path], tmp_path / "release", exercises=[_exercise()])
    assert written == {"99_synthetic.ipynb": ["99.1"]}
    assert (tmp_path / "release" / "teacher" / path.name).read_bytes() == path.read_bytes()
    student = (tmp_path / "release" / "student" / path.name).read_text()
    assert "reveal(" not in student and SOLUTION_SHOWN not in student
