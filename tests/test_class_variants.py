"""A class where copying does not pay: release one copy per student, each with their own numbers, then grade.

Sixty made-up students each answer their own variant right (the answer computed by the hand-written pin
*function* of their variant's data, typed as a student types it); five copy a neighbour's answer lines;
five type the likeliest mistake of their own variant.  One run of ``tools/grade.py`` (what ``make grade
... SECRET=...`` runs) must give the sixty full marks, mark the copied numbers wrong (unless the two
variants happen to share the answer at the precision typed, which is counted and must stay under a tenth of
the copied answers, the bound every exercise is held to) and the mistakes wrong.  The notebooks are 00, 07,
08 and 09; a function to write would be left blank and its row set aside (none of the four has one since
09's moved to 09b as 09b.1): a function is the same for every student, and the sandbox that runs it is tested
in ``test_grade.py``.
"""

from __future__ import annotations

import csv
import json
import pathlib
import subprocess
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import course  # noqa: E402
import grade  # noqa: E402
import release  # noqa: E402
from teachkit.course.exercises import typed_forms  # noqa: E402
from teachkit.course.selfcheck import check_answer  # noqa: E402

NOTEBOOKS = ("00_start_here", "07_statistical_vs_semantic", "08_coherence_measures", "09_choosing_a_model")
RIGHT, COPIERS, WRONG = 60, 5, 5
SECRET = "5eed" * 16


def _notebooks():
    paths = [p for name in NOTEBOOKS for p in (ROOT / "notebooks").glob(f"{name[:3]}*.ipynb")]
    assert len(paths) == len(NOTEBOOKS), f"course notebooks {NOTEBOOKS} not all found: {paths}"
    return paths


def answers_for(nb_name, seed, mistake=False):
    """{answer variable: typed} for one notebook: the right answer of variant ``seed`` (or its first mistake)."""
    prefix = course.notebook_prefix(nb_name)
    pins, functions = course.pins(prefix), course.pin_functions(prefix)
    typed = {}
    for ex in course.exercises_for(prefix):
        if course.kind(ex) == "function":
            continue
        if grade.has_variants(ex):
            data = ex.at(seed).data
            value = ex.mistakes[0](**data) if mistake else functions[ex.key](**data)
            typed[course.answer_variable(ex.key)] = typed_forms(value, ex.check)[-1]
        else:
            typed[course.answer_variable(ex.key)] = str(pins[ex.key])
    return typed


def fill_answers(nb, typed):
    nb = json.loads(json.dumps(nb))
    for cell in nb["cells"]:
        if course.ANSWER_TAG in course.tags(cell):
            src = course.source(cell)
            for name, value in typed.items():
                line = f'{name} = ""'
                if src.rstrip().endswith(line):
                    cell["source"] = src.rstrip()[: -len('""')] + json.dumps(value)
    return nb


def _class_release(tmp_path, students):
    roster = tmp_path / "class.csv"
    roster.write_text("student\n" + "".join(f"{s}\n" for s in students), encoding="utf-8")
    secret = tmp_path / "course-secret.txt"
    secret.write_text(SECRET + "\n", encoding="utf-8")
    out = tmp_path / "release"
    # --folders: the teacher who hands out folders too (the zips alone are the default)
    code = release.main([*map(str, _notebooks()), "--out", str(out), "--class", str(roster), "--secret", str(secret),
                         "--folders"])
    assert code == 0
    return out, secret


@pytest.fixture(scope="module")
def graded_class(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("class")
    right = [f"s{i:02d}" for i in range(RIGHT)]
    copiers = [f"copy{i}" for i in range(COPIERS)]
    wrong = [f"wrong{i}" for i in range(WRONG)]
    out, secret = _class_release(tmp_path, right + copiers + wrong)
    subs = tmp_path / "submissions"
    seeds = {s: course.student_seed(SECRET, s) for s in right + copiers + wrong}
    for student in right + copiers + wrong:
        for path in sorted((out / "class" / student).glob("*.ipynb")):
            nb = json.loads(path.read_text(encoding="utf-8"))
            if student in copiers:
                # the neighbour's answer lines, word for word, in the copier's own notebook
                neighbour = right[copiers.index(student)]
                typed = answers_for(path.stem, seeds[neighbour])
            else:
                typed = answers_for(path.stem, seeds[student], mistake=student in wrong)
            target = subs / student / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(fill_answers(nb, typed)), encoding="utf-8")
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "grade.py"), str(subs), "--secret", str(secret),
                          "--release", str(out)],
                         capture_output=True, text=True, timeout=1200, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    # the outputs go to a folder of their own beside the submissions (issue 51)
    assert not (subs / "grades.csv").exists()
    with open(tmp_path / "submissions-graded" / "grades.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return dict(rows=rows, right=right, copiers=copiers, wrong=wrong, seeds=seeds, out=out)


def _functions():
    return {ex.key for name in NOTEBOOKS for ex in course.exercises_for(course.notebook_prefix(name))
            if course.kind(ex) == "function"}


def _variant_keys():
    return {ex.key for name in NOTEBOOKS for ex in course.exercises_for(course.notebook_prefix(name))
            if grade.has_variants(ex)}


@pytest.mark.slow
def test_each_student_answering_their_own_numbers_gets_full_marks(graded_class):
    rows = [r for r in graded_class["rows"] if r["student"] in graded_class["right"]
            and r["exercise"] not in _functions()]
    assert len({r["student"] for r in rows}) == RIGHT
    lost = [r for r in rows if float(r["points"]) != float(r["max_points"])]
    assert not lost, lost[:5]
    assert {r["exercise"] for r in rows} >= _variant_keys()


@pytest.mark.slow
def test_copied_answers_are_marked_wrong(graded_class):
    keys, seeds = _variant_keys(), graded_class["seeds"]
    copied, coincided = 0, 0
    for r in graded_class["rows"]:
        if r["student"] not in graded_class["copiers"] or r["exercise"] in _functions():
            continue
        if r["exercise"] not in keys:
            assert float(r["points"]) == float(r["max_points"])      # the same question for all: copying it is right
            continue
        copied += 1
        ex = next(e for e in course.exercises_for(r["exercise"].split(".")[0]) if e.key == r["exercise"])
        neighbour = graded_class["right"][graded_class["copiers"].index(r["student"])]
        prefix = course.notebook_prefix(r["notebook"])
        own = course.pin_functions(prefix)[ex.key](**ex.at(seeds[r["student"]]).data)
        theirs = course.pin_functions(prefix)[ex.key](**ex.at(seeds[neighbour]).data)
        same = check_answer(typed_forms(theirs, ex.check)[-1], own, **ex.check_options()).correct
        if same:
            coincided += 1          # two variants with the same answer: copying it is not caught, nor can it be
            assert float(r["points"]) == float(r["max_points"])
        else:
            assert float(r["points"]) == 0, r
            assert r["feedback"].startswith(f"variant {seeds[r['student']]}:"), r
    assert copied == COPIERS * len(keys)
    # the bound each exercise is held to (test_exercises.MAX_SHARED_ANSWERS): at most a tenth by chance
    assert coincided <= 0.10 * copied, f"{coincided} of {copied} copied answers are right for the copier too"


@pytest.mark.slow
def test_the_likeliest_mistake_of_ones_own_variant_is_wrong(graded_class):
    keys = _variant_keys()
    rows = [r for r in graded_class["rows"] if r["student"] in graded_class["wrong"] and r["exercise"] in keys]
    assert len(rows) == WRONG * len(keys)
    assert all(float(r["points"]) == 0 for r in rows), [r for r in rows if float(r["points"])][:5]


@pytest.mark.slow
def test_each_copy_asks_its_students_numbers_and_holds_no_secret(graded_class):
    out, seeds = graded_class["out"], graded_class["seeds"]
    assert len(set(seeds.values())) == len(seeds)
    with open(out / "teacher" / "seeds.csv", newline="", encoding="utf-8") as f:
        assert {r["student"]: int(r["seed"]) for r in csv.DictReader(f)} == seeds
    student = graded_class["right"][0]
    nb = json.loads((out / "class" / student / "00_start_here.ipynb").read_text(encoding="utf-8"))
    assert nb["metadata"]["teachkit"]["seed"] == str(seeds[student])        # text: JavaScript rounds long numbers
    from teachkit.course.exercises import get

    asked = [c for c in nb["cells"] if course.is_exercise_cell(c) and course.exercise_key(c) == "00.1"][0]
    assert course.source(asked).strip().endswith(f'ask("00.1", seed={seeds[student]})')
    shown = "".join(asked["outputs"][0]["data"]["text/plain"])
    assert get("00.1").at(seeds[student]).question in shown and get("00.1").question not in shown
    for path in (out / "class").rglob("*"):
        if path.is_file() and path.suffix != ".zip":
            assert SECRET not in path.read_text(encoding="utf-8", errors="replace")
    # the zip a student is handed holds exactly their folder's notebooks, and no secret either
    with zipfile.ZipFile(out / "class" / f"{student}.zip") as zf:
        zipped = {name: zf.read(name) for name in zf.namelist()}
    assert zipped == {f"{student}/{p.name}": p.read_bytes() for p in sorted((out / "class" / student).iterdir())}
    assert not any(SECRET.encode() in data for data in zipped.values())


def test_a_student_id_that_cannot_name_a_folder_is_refused(tmp_path):
    with pytest.raises(SystemExit, match="cannot name a folder"):
        course.check_student_id("../teacher")
    with pytest.raises(SystemExit, match="course secret"):
        bad = tmp_path / "secret.txt"
        bad.write_text("short\n")
        course.read_secret(bad)
    made = course.read_secret(tmp_path / "new-secret.txt", create=True)
    assert len(made) == 64 and course.read_secret(tmp_path / "new-secret.txt") == made
    assert course.student_seed(made, "ada") != course.student_seed(SECRET, "ada")


def test_no_two_students_of_a_class_of_10000_share_a_seed_and_each_seed_is_recomputable():
    ids = [f"s{i:05d}" for i in range(5000)] + [f"student.{i}@uni.example" for i in range(4990)] + \
          ["a", "b", "ab", "ba", "aa", "é", "e\u0301x", "ß", "s00001x", "s00001y"]
    seeds = [course.student_seed(SECRET, s) for s in ids]
    assert len(set(seeds)) == len(ids) == 10_000            # the old HMAC % 999,999 gave 42 shared pairs here
    assert min(seeds) >= 1                                  # seed 0 is the exercise as written
    # recomputable from the secret and the id alone, and undone by the inverse permutation (so one-to-one)
    assert seeds == [course.student_seed(SECRET, s) for s in ids]
    for s, seed in zip(ids[::997], seeds[::997]):
        assert course.seed_student(SECRET, seed, len(s.encode())) == s
    # the same id typed in NFD (a macOS folder name) is the same student; another secret, other seeds
    assert course.student_seed(SECRET, "jose\u0301") == course.student_seed(SECRET, "jos\u00e9")
    assert course.student_seed(SECRET, "Ada") == course.student_seed(SECRET, "ada")       # one spelling
    assert course.student_seed("ab" * 32, "ada") != course.student_seed(SECRET, "ada")
    # a seed as wide as the longest id still draws a variant (numpy seeds from any whole number)
    from teachkit.course.exercises import get

    wide = course.student_seed(SECRET, "x" * 100)
    assert wide > 2**63
    variant = get("00.1").at(wide)
    assert variant.variant_seed == wide and variant.judge(variant.right[0]).correct
