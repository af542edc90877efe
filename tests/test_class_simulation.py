"""A class of 60 hands in what real classes hand in, and one ``make grade`` run grades it.

The class is released with its own numbers (``make release CLASS=... SECRET=...``, notebooks 01 and 02, each
with numbers, predictions, interpretations and a function to write, and the capstone 10, whose report of
thirteen numbers on the student's own draw is recomputed by the grader), then hands in, beside honest folders:
a folder whose name a macOS zip spelt in Unicode NFD, a capitalised folder, ``-Copy1`` duplicates, a zip with
``__MACOSX`` and a symbolic link in it, an empty notebook, malformed JSON, extra notebooks, a copier, a capstone
copier (a classmate's report), a capstone copied from notebook 10's worked example, a FIFO, a capstone report
computed under the Sandy Bridge setting (``make test-cpu CPU=sandybridge``'s, in a subprocess), a lookup
table of teachkit's answers to the shipped inputs in place of the functions, and each of the five inputs
that once stopped grading for everyone (issue 36).  ``tools/grade.py`` runs in a subprocess under a memory
limit and a time limit; then:

* every student of the class has a row for every exercise, and every honest answer gets its marks (the
  capstone report from the older CPU's numbers included); the lookup table scores 0 on both functions;
* what cannot be read is 0 for that notebook with the reason, and the student's other notebook is graded;
* the teacher report says which copy was graded and why, and lists the copier; both capstone copiers score 0 on
  the report's numbers and are in the copy report (the classmate named, the worked example named);
* nothing outside the output folder changed (the repository, the release, the hand-ins: hashed before and after).
"""

from __future__ import annotations

import csv
import hashlib
import functools
import json
import math
import os
import pathlib
import re
import resource
import stat
import subprocess
import sys
import time
import unicodedata
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import course  # noqa: E402
import grading_run  # noqa: E402
import release  # noqa: E402
import sandbox  # noqa: E402
import students  # noqa: E402
from test_capstone import _SANDY_BRIDGE, _on_cpu  # noqa: E402
from test_class_variants import answers_for, fill_answers  # noqa: E402

from teachkit.course.exercises import capstone  # noqa: E402

NOTEBOOKS = ("01_pmi", "02_npmi", capstone.NOTEBOOK)
SECRET = "c1a55" * 13
#: The grading run's limits: address space (set with setrlimit), resident memory of its largest process, and wall
#: time (it is killed past it). Measured on the course's 2-core machine, shared (load average 12-14): 146 s
#: and 160 MiB, the capstone's report recomputed once by the grader and judged for 56 students.
MEMORY_CAP = 3 << 30
RESIDENT_CAP = 1 << 30
TIME_CAP = 300

FUNCTIONS = {
    "my_pmi": "def my_pmi(c_xy, c_x, c_y, n):\n    import math\n    if c_xy == 0:\n        return -math.inf\n"
              "    return math.log(c_xy * n / (c_x * c_y))\n",
    "my_npmi": "def my_npmi(c_xy, c_x, c_y, n):\n    import math\n"
               "    return math.log(c_xy * n / (c_x * c_y)) / -math.log(c_xy / n)\n",
    "my_paired_bootstrap": "def my_paired_bootstrap(a, b, tokens, n_resamples, level, seed):\n"
                           "    import numpy as np\n"
                           "    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)\n"
                           "    n = np.asarray(tokens, dtype=float)\n"
                           "    rows = np.random.default_rng(seed).integers(0, d.size, (n_resamples, d.size))\n"
                           "    ratios = d[rows].sum(axis=1) / n[rows].sum(axis=1)\n"
                           "    low, high = np.quantile(ratios, [(1 - level) / 2, (1 + level) / 2])\n"
                           "    return d.sum() / n.sum(), low, high\n",
}
NFC_NAME = "josé.núñez"
NFD_FOLDER = unicodedata.normalize("NFD", "José.Núñez")
#: The capstone's choices every report states (the sweep of test_capstone's judge, trained once per grading run).
CHOICES = dict(capstone.TEMPLATE, ks=[5, 10, 20],
               reasons=dict.fromkeys(capstone.REASONS, "A sentence of eight words or more citing no number."))
HONEST = [f"s{i:02d}" for i in range(40)] + [
    NFC_NAME,          # hands in a folder named in NFD, capitals and all (unzipped from a macOS zip)
    "ada.lovelace",    # hands in "Ada.Lovelace/"
    "dup",             # 01_pmi.ipynb and an older 01_pmi-Copy1.ipynb, 02_npmi-Copy1.ipynb only
    "zipper",          # zipper.zip: __MACOSX/, a symbolic link to a classmate's notebook
    "extra",           # also hands in scratch.ipynb and 03_topic_coherence.ipynb (not in the release)
    "sandy",           # the capstone's numbers as computed under the Sandy Bridge setting
]
BROKEN = {             # student: (notebook that cannot be graded, what is in it)
    "empty": ("01_pmi", ""),
    "malformed": ("01_pmi", '{"cells": [ {"cell_type": "code", "source": "answer_01_2 = '),
    "brackets": ("01_pmi", "[" * 100_000 + "]" * 100_000),
}
CRASH_ANSWERS = {      # student: (notebook, the cell added), the notebook's answers otherwise honest
    "minus": ("01_pmi", "answer_01_2 = " + "-" * 10_000 + "1"),
    "hexer": ("01_pmi", "answer_01_2 = 0x" + "f" * 5000),
    "longsum": ("02_npmi", "x = " + "+".join(["1"] * 3000)),
}
OTHERS = ["forger", "devzero", "piper", "copier", "absent", "table",   # table: a lookup table, no function
          "capcopier",     # hands in s01's capstone report as it is (s01's draw in it)
          "samcopy"]       # the worked example's numbers in their own report, their own draw
CLASS = HONEST + list(BROKEN) + list(CRASH_ANSWERS) + OTHERS


@functools.cache
def _draw(student: str) -> int:
    """``student``'s capstone draw as the class release gives it: the class's draws are given together (no two
    share a triple), so a draw is not always the student's seed; the honest student copies it from their report
    cell, here recomputed from the roster and the secret as the release does."""
    return release.class_draws(CLASS, SECRET)[1][student]
FORGED = ("def my_npmi(c_xy, c_x, c_y, n):\n    import os\n"
          "    os.write(1, b'\\n' + " + repr(sandbox.MARK.encode()) + " + b'[' * 100000 + b']' * 100000 + b'\\n')\n"
          "    os._exit(0)\n")


def handed_out(released: pathlib.Path, student: str, name: str) -> dict:
    """Notebook ``name`` as ``student`` was handed it: from their zip of the class release."""
    with zipfile.ZipFile(released / "class" / f"{student}.zip") as zf:
        return json.loads(zf.read(f"{student}/{name}.ipynb").decode("utf-8"))


def _honest(released: pathlib.Path, student: str, name: str, numbers: dict | None = None,
            functions: dict = FUNCTIONS) -> dict:
    """``student``'s notebook ``name`` answered right; the capstone's report states ``numbers`` (as printed)."""
    nb = handed_out(released, student, name)
    nb = fill_answers(nb, answers_for(name, course.student_seed(SECRET, student)))
    for cell in nb["cells"]:
        for function, code in functions.items():
            if cell["cell_type"] == "code" and course.source(cell).lstrip().startswith(f"def {function}("):
                cell["source"] = code
    if name == capstone.NOTEBOOK:
        report = dict(CHOICES, draw=_draw(student),
                      numbers={key: repr(value) for key, value in numbers.items()})
        nb["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                            "source": f"report = {report!r}\ncapstone.check_report(report)"})
    return nb


def _plain(value):
    return tuple(float(v) for v in value) if isinstance(value, (tuple, list)) else float(value)


def _literal(value) -> str:
    """``value`` as Python source; -inf (PMI of a pair that never meets) as ``float('-inf')``."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"float({str(value)!r})"
    return repr(value)


def _lookup_tables() -> dict[str, str]:
    """Each function to write as a table of teachkit's answers to its shipped inputs (``ex.cases()``)."""
    tables = {}
    for name in NOTEBOOKS:
        for ex in course.exercises_for(course.notebook_prefix(name)):
            if course.kind(ex) == "function":
                # keyed by the inputs' repr (10.5's inputs hold lists); a tuple answer kept as a tuple of floats
                table = {repr(tuple(kw.values())): _plain(ex.reference(**kw)) for kw in ex.cases()}
                arguments = ", ".join(ex.cases()[0])
                # one entry a line: the grader reads no line of more than 500 operators (minus signs included)
                entries = "".join(f"        {key!r}: {_literal(value)},\n" for key, value in table.items())
                code = (f"def {course.function_name(ex)}({arguments}):\n    table = {{\n{entries}    }}\n"
                        f"    return table.get(repr(({arguments},)), 0.0)\n")
                namespace = {}
                exec(code, namespace)
                assert ex.judge(namespace[course.function_name(ex)]).correct      # it fools the self-check box
                tables[course.function_name(ex)] = code
    return tables


def _tree(*roots: pathlib.Path, leave_out: pathlib.Path | None = None) -> dict[str, str]:
    """{path: hash of its bytes, or what it is} for every file, folder and link under ``roots``."""
    found = {}
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in (".git", "__pycache__", ".pytest_cache", ".venv")
                       and pathlib.Path(folder, d) != leave_out]
            for name in files + dirs:
                path = pathlib.Path(folder, name)
                info = path.lstat()
                if stat.S_ISREG(info.st_mode):
                    found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
                elif stat.S_ISLNK(info.st_mode):
                    found[str(path)] = "link to " + os.readlink(path)
                else:
                    found[str(path)] = stat.filemode(info.st_mode)
    return found


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("class")
    roster = tmp / "class.csv"
    roster.write_text("student\n" + "".join(f"{s}\n" for s in CLASS), encoding="utf-8")
    (tmp / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    released = tmp / "release"
    paths = [ROOT / "notebooks" / f"{name}.ipynb" for name in NOTEBOOKS]
    assert release.main([*map(str, paths), "--out", str(released), "--class", str(roster),
                         "--secret", str(tmp / "secret.txt")]) == 0
    # the capstone's numbers: computed here (default settings) and under the Sandy Bridge setting, in subprocesses
    # each student's report on their own draw (their variant seed); "sandy"'s under the Sandy Bridge setting
    numbers = {"sandy": _on_cpu(_SANDY_BRIDGE, [dict(CHOICES, draw=_draw("sandy"))])["values"]}
    subs = tmp / "submissions"

    def honest(student, name, functions=FUNCTIONS):
        if student not in numbers:
            numbers[student] = capstone._recompute(dict(CHOICES, draw=_draw(student)))
        return _honest(released, student, name, numbers[student], functions)

    def hand_in(folder: str, file_name: str, nb) -> pathlib.Path:
        path = subs / folder / file_name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(nb if isinstance(nb, str) else json.dumps(nb), encoding="utf-8")
        return path

    for student in [s for s in HONEST if s not in ("dup", "zipper")] + list(BROKEN) + list(CRASH_ANSWERS) + ["table"]:
        folder = {NFC_NAME: NFD_FOLDER, "ada.lovelace": "Ada.Lovelace"}.get(student, student)
        for name in NOTEBOOKS:
            nb = honest(student, name, _lookup_tables() if student == "table" else FUNCTIONS)
            if student in BROKEN and BROKEN[student][0] == name:
                nb = BROKEN[student][1]
            elif student in CRASH_ANSWERS and CRASH_ANSWERS[student][0] == name:
                nb["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                    "source": CRASH_ANSWERS[student][1]})
            hand_in(folder, f"{name}.ipynb", nb)
    hand_in("extra", "scratch.ipynb", {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [],
                                                  "execution_count": None, "source": "answer_01_2 = '0.5'"}],
                                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    hand_in("extra", "03_topic_coherence.ipynb", json.loads((ROOT / "notebooks" / "03_topic_coherence.ipynb")
                                                            .read_text(encoding="utf-8")))
    # dup: the graded 01_pmi.ipynb beside an older copy with nothing answered; 02 only as a copy
    hand_in("dup", "01_pmi.ipynb", honest("dup", "01_pmi"))
    hand_in("dup", "01_pmi-Copy1.ipynb", handed_out(released, "dup", "01_pmi"))
    hand_in("dup", "02_npmi-Copy1.ipynb", honest("dup", "02_npmi"))
    hand_in("dup", "10_capstone.ipynb", honest("dup", capstone.NOTEBOOK))
    # zipper.zip, as macOS's "Compress" makes it, with a link to a classmate's notebook added
    subs.mkdir(exist_ok=True)
    with zipfile.ZipFile(subs / "zipper.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        for name in NOTEBOOKS:
            zf.writestr(f"zipper/{name}.ipynb", json.dumps(honest("zipper", name)))
            zf.writestr(f"__MACOSX/zipper/._{name}.ipynb", b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X")
        link = zipfile.ZipInfo("zipper/s00.ipynb")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(link, "../../s00/01_pmi.ipynb")
        zf.writestr("zipper/.DS_Store", b"\x00\x00\x00\x01Bud1")
    # the other two crash inputs: a function forging the sandbox's result line, a link to /dev/zero
    forged = honest("forger", "02_npmi")
    for cell in forged["cells"]:
        if course.source(cell).lstrip().startswith("def my_npmi("):
            cell["source"] = FORGED
    hand_in("forger", "01_pmi.ipynb", honest("forger", "01_pmi"))
    hand_in("forger", "02_npmi.ipynb", forged)
    hand_in("devzero", "02_npmi.ipynb", honest("devzero", "02_npmi"))
    (subs / "devzero" / "01_pmi.ipynb").symlink_to("/dev/zero")
    hand_in("piper", "02_npmi.ipynb", honest("piper", "02_npmi"))
    os.mkfifo(subs / "piper" / "01_pmi.ipynb")
    # the copier hands in s00's files as they are (metadata naming s00 included)
    for name in NOTEBOOKS:
        hand_in("copier", f"{name}.ipynb", honest("s00", name))
    # capcopier: their own 01 and 02, and s01's capstone as s01 handed it in; samcopy: the worked example's numbers
    for student in ("capcopier", "samcopy"):
        for name in NOTEBOOKS[:2]:
            hand_in(student, f"{name}.ipynb", honest(student, name))
    hand_in("capcopier", f"{capstone.NOTEBOOK}.ipynb", honest("s01", capstone.NOTEBOOK))
    sam = json.loads((ROOT / "notebooks" / f"{capstone.NOTEBOOK}.ipynb").read_text(encoding="utf-8"))
    sam = capstone.read_report(course.source(next(c for c in sam["cells"] if c.get("id") == "10-31"))
                               .replace("sam = {", "report = {", 1))["numbers"]
    samcopy = honest("samcopy", capstone.NOTEBOOK)
    own = capstone.read_report(course.source(samcopy["cells"][-1]))
    samcopy["cells"][-1]["source"] = f"report = {dict(own, numbers=sam)!r}\ncapstone.check_report(report)"
    hand_in("samcopy", f"{capstone.NOTEBOOK}.ipynb", samcopy)

    out = tmp / "out"
    before = _tree(ROOT, tmp, leave_out=out)
    limits = f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_CAP}, {MEMORY_CAP}))"
    command = [sys.executable, "-c", f"{limits}; import runpy, sys; sys.argv = sys.argv[1:]; "
               "runpy.run_path(sys.argv[0], run_name='__main__')",
               str(ROOT / "tools" / "grade.py"), str(subs), "--out", str(out / "grades.csv"), "--secret",
               str(tmp / "secret.txt"), "--release", str(released), "--roster", str(roster), "--jobs", "2",
               "--timeout", "20"]
    started = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, timeout=TIME_CAP, cwd=ROOT,
                         env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss << 10
    after = _tree(ROOT, tmp, leave_out=out)
    assert run.returncode == 0, run.stderr[-3000:]
    print(f"class of {len(CLASS)} graded in {seconds:.1f} s, largest process {peak / 2**20:.0f} MiB")
    with open(out / "grades.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    with open(out / "teacher-report.csv", newline="", encoding="utf-8") as f:
        report = list(csv.DictReader(f))
    return dict(rows=rows, report=report, out=out, before=before, after=after, seconds=seconds, peak=peak,
                stdout=run.stdout, numbers=numbers)


def _table(graded):
    return {(r["student"], r["exercise"]): r for r in graded["rows"] if r["exercise"]}


def _keys(names=NOTEBOOKS, manual=False):
    """The gradebook's columns of notebooks ``names``: each exercise, then the capstone report's numbers (and, with
    ``manual``, the questions a person judges, from manual.csv)."""
    return [key for name in names for key in
            [ex.key for ex in course.exercises_for(course.notebook_prefix(name))]
            + ([f"10.report.{number}" for number in capstone.NUMBERS] if name == capstone.NOTEBOOK else [])
            + ([q for q, _, _ in grading_run.MANUAL_QUESTIONS.get(name, ())] if manual else [])]


def test_every_student_has_every_row_and_nothing_else(graded):
    assert len(CLASS) == len(set(CLASS)) == 60
    table = _table(graded)
    assert {s for s, _ in table} == set(CLASS)
    assert {k for _, k in table} == set(_keys(manual=True))
    assert len(table) == len(CLASS) * len(_keys(manual=True))
    header = next(csv.reader((graded["out"] / "gradebook.csv").open(encoding="utf-8")))
    assert header[2:] == _keys(manual=True) + [f"{name} total" for name in NOTEBOOKS] + ["total"]
    # the capstone's reasons: a row per student in manual.csv, for the teacher to fill in
    with open(graded["out"] / "manual.csv", newline="", encoding="utf-8") as f:
        assert sorted(r["student"] for r in csv.DictReader(f)) == sorted(CLASS)


def test_every_honest_answer_gets_its_marks(graded):
    table = _table(graded)
    lost = [(s, k, table[s, k]["feedback"]) for s in HONEST for k in _keys()
            if float(table[s, k]["points"]) != float(table[s, k]["max_points"])]
    assert not lost, lost[:5]
    # the broken and crashing students keep the marks of what they did right
    for student in list(BROKEN) + list(CRASH_ANSWERS) + ["forger", "devzero", "piper"]:
        spoilt = (BROKEN.get(student) or CRASH_ANSWERS.get(student) or
                  {"forger": ("02_npmi",), "devzero": ("01_pmi",), "piper": ("01_pmi",)}[student])[0]
        other = next(n for n in NOTEBOOKS if n != spoilt)
        keys = _keys([other])
        assert all(float(table[student, k]["points"]) == float(table[student, k]["max_points"]) for k in keys), student


def test_a_capstone_report_from_another_cpu_keeps_its_marks(graded):
    table = _table(graded)
    columns = _keys([capstone.NOTEBOOK])[-len(capstone.NUMBERS):]
    assert [float(table["sandy", c]["points"]) for c in columns] == [capstone.POINTS_PER_NUMBER] * len(columns)
    sandy = graded["numbers"]["sandy"]
    here = capstone._recompute(dict(CHOICES, draw=_draw("sandy")))
    if sandy["heldout"] != here["heldout"]:
        # what the tolerance is for: at its written precision alone, the older CPU's figure would be wrong
        from teachkit.course.selfcheck import check_answer

        assert not check_answer(repr(sandy["heldout"]), here["heldout"], percent=False).correct


def test_the_capstone_copiers_score_nothing_on_the_numbers_and_are_in_the_copy_report(graded):
    table = _table(graded)
    columns = _keys([capstone.NOTEBOOK])[-len(capstone.NUMBERS):]
    for student in ("capcopier", "samcopy", "copier"):
        assert [float(table[student, c]["points"]) for c in columns] == [0] * len(columns), student
    details = [(r["student"], r["kind"], r["detail"]) for r in graded["report"]]
    capcopier = [d for s, kind, d in details if s == "capcopier" and kind == "copy report"]
    assert any("capstone report: the report names draw" in d for d in capcopier)
    assert sum("10.report." in d and "right for s01" in d for d in capcopier) >= 8, capcopier
    samcopy = [d for s, kind, d in details if s == "samcopy" and kind == "copy report"]
    assert any("are the worked example's" in d for d in samcopy), samcopy


def test_a_lookup_table_of_the_shipped_inputs_scores_0_on_the_functions(graded):
    table = _table(graded)
    functions = [ex for name in NOTEBOOKS for ex in course.exercises_for(course.notebook_prefix(name))
                 if course.kind(ex) == "function"]
    assert len(functions) == 3
    for ex in functions:
        row = table["table", ex.key]
        failed = re.search(r"differs from teachkit on input (\d+) of", row["feedback"])
        # right on every shipped input, wrong on one drawn from the course secret at grading time
        assert float(row["points"]) == 0 and failed and int(failed.group(1)) > len(ex.cases()), row
    # its other answers are its own: they keep their marks
    other = [k for k in _keys() if k not in {ex.key for ex in functions}]
    assert all(float(table["table", k]["points"]) == float(table["table", k]["max_points"]) for k in other)


def test_what_cannot_be_read_is_zero_with_its_reason(graded):
    table = _table(graded)
    assert table["empty", "01.2"]["feedback"] == ("not graded: empty/01_pmi.ipynb: the file is empty (was the "
                                                  "notebook saved before it was handed in?)")
    assert "not valid JSON" in table["malformed", "01.2"]["feedback"]
    assert "nests deeper than" in table["brackets", "01.6"]["feedback"]
    assert "symbolic link" in table["devzero", "01.2"]["feedback"]
    assert "not a regular file" in table["piper", "01.2"]["feedback"]
    # a cell too deep to parse is left out: the student's answer line in an earlier cell is read
    assert table["minus", "01.2"]["feedback"] == "right" and table["longsum", "02.1"]["feedback"] == "right"
    assert "too many digits" in table["hexer", "01.2"]["feedback"]
    assert table["forger", "02.5"]["feedback"] == "my_npmi: its output could not be read"
    assert table["absent", "01.2"]["feedback"] == "no submission of 01_pmi"


def test_one_spelling_of_a_student(graded):
    assert not [r for r in graded["report"] if r["kind"] == "not on the roster"]
    files = {p.name for p in (graded["out"] / "feedback").iterdir()}
    assert f"{NFC_NAME}.md" in files and "ada.lovelace.md" in files and len(files) == len(CLASS)


def test_the_teacher_report_says_which_copy_and_what_was_left_out(graded):
    report = graded["report"]
    copies = {r["notebook"]: r["detail"] for r in report if r["kind"] == "copies of one notebook" and
              r["student"] == "dup"}
    assert copies == {"01_pmi": "01_pmi: graded dup/01_pmi.ipynb (it has the course's file name); not graded: "
                                "dup/01_pmi-Copy1.ipynb"}
    details = [(r["student"], r["detail"]) for r in report]
    assert ("zipper", "zipper.zip: zipper/s00.ipynb: it is a symbolic link (links are never followed)") in details
    assert not [d for _, d in details if "MACOSX" in d or "/._" in d or "DS_Store" in d]
    left_out = sorted(d.split(":")[0] for s, d in details if s == "extra")
    assert left_out == ["extra/03_topic_coherence.ipynb", "extra/scratch.ipynb"]
    copier = [d for s, d in details if s == "copier"]
    assert any("its metadata names student 's00'" in d for d in copier)
    assert sum("right for s00" in d for d in copier) >= 4


def test_the_run_stays_within_its_limits_and_changes_nothing_outside_its_output(graded):
    assert graded["seconds"] < TIME_CAP and graded["peak"] < RESIDENT_CAP
    changed = sorted(set(graded["before"].items()) ^ set(graded["after"].items()))
    assert not changed, changed[:5]


# ---------------------------------------------------------------- round three (issue 51): an LMS's download
LMS_CLASS = {  # student: (name, Canvas user id, Moodle participant id); "" where the roster lacks it
    "amara.okafor": ("Amara Okafor", "10001", "5001"),
    "ben.tanaka": ("Ben Tanaka", "10002", "5002"),
    "chloé.dubois": ("Chloé Dubois", "10003", ""),      # Moodle: mapped by the roster's name
    "dev.patel": ("", "", ""),                          # mapped by the student their notebooks name
    "eli.cohen": ("Eli Cohen", "10005", "5005"),        # late on Canvas, resubmitted; imports math in a cell
    "fatma.yılmaz": ("Fatma Yılmaz", "10006", "5006"),  # hands in a classmate's files (metadata: amara.okafor)
}
LMS_NOTEBOOKS = ("01_pmi", "02_npmi")
MATH_ABOVE = {name: code.replace("    import math\n", "") for name, code in FUNCTIONS.items()}


@pytest.fixture(scope="module")
def lms_downloads(tmp_path_factory):
    """The class released, then handed in through Canvas and through Moodle, each download graded as it comes."""
    tmp = tmp_path_factory.mktemp("lms")
    roster = tmp / "roster.csv"
    with open(roster, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["student", "name", "canvas_id", "moodle_id"])
        writer.writerows([s, *info] for s, info in LMS_CLASS.items())
    (tmp / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    released = tmp / "release"
    assert release.main([*(str(ROOT / "notebooks" / f"{n}.ipynb") for n in LMS_NOTEBOOKS), "--out", str(released),
                         "--class", str(roster), "--secret", str(tmp / "secret.txt")]) == 0

    def honest(student, name):
        nb = _honest(released, student, name, functions=MATH_ABOVE if student == "eli.cohen" else FUNCTIONS)
        if student == "eli.cohen":            # math imported in a cell above the functions, as in Jupyter
            nb["cells"].insert(0, {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                   "source": "import math\n%matplotlib inline"})
        return nb

    now = time.time()
    # Canvas: one flat folder, <lastfirst>[_LATE]_<user id>_<attachment id>_<file as submitted>, -1 for a resubmission
    canvas = tmp / "canvas"
    canvas.mkdir()
    for i, (student, (name, user, _)) in enumerate(LMS_CLASS.items()):
        lastfirst = "".join(reversed(name.split())).lower() if name else "patel" + "dev"
        user = user or str(10090 + i)          # dev.patel: a Canvas id the roster does not have
        for j, notebook in enumerate(LMS_NOTEBOOKS):
            owner = "amara.okafor" if student == "fatma.yılmaz" else student
            late = "_LATE" if student == "eli.cohen" else ""
            path = canvas / f"{lastfirst}{late}_{user}_{70000 + 10 * i + j}_{notebook}.ipynb"
            nb = honest(owner, notebook)
            if student == "eli.cohen":         # first a blank copy, then the resubmission (-1), an hour later
                path.write_text(json.dumps(handed_out(released, student, notebook)), encoding="utf-8")
                os.utime(path, (now - 3600, now - 3600))
                path = path.with_name(path.name.replace(f"{notebook}.ipynb", f"{notebook}-1.ipynb"))
            path.write_text(json.dumps(nb), encoding="utf-8")
            os.utime(path, (now, now))
    # Moodle: a folder per student, <Full Name>_<participant id>_assignsubmission_file_/
    moodle = tmp / "moodle"
    for i, (student, (name, _, participant)) in enumerate(LMS_CLASS.items()):
        folder = moodle / f"{name or 'Dev Patel'}_{participant or 5090 + i}_assignsubmission_file_"
        folder.mkdir(parents=True)
        for notebook in LMS_NOTEBOOKS:
            owner = "amara.okafor" if student == "fatma.yılmaz" else student
            (folder / f"{notebook}.ipynb").write_text(json.dumps(honest(owner, notebook)), encoding="utf-8")
    (moodle / "Ben Tanaka_5002_assignsubmission_onlinetext_").mkdir()
    runs = {}
    for lms in ("canvas", "moodle"):
        out = tmp / f"{lms}-graded" / "grades.csv"
        run = subprocess.run([sys.executable, str(ROOT / "tools" / "grade.py"), str(tmp / lms), "--out", str(out),
                              "--secret", str(tmp / "secret.txt"), "--release", str(released), "--roster",
                              str(roster), "--jobs", "2", "--timeout", "20"],
                             capture_output=True, text=True, timeout=TIME_CAP, cwd=ROOT)
        assert run.returncode == 0, run.stderr[-3000:]
        with open(out, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        with open(out.parent / "teacher-report.csv", newline="", encoding="utf-8") as f:
            report = list(csv.DictReader(f))
        with open(out.parent / "gradebook.csv", newline="", encoding="utf-8") as f:
            book = {r["student"]: r for r in csv.DictReader(f)}
        with open(out.parent / "collected" / "collected.csv", newline="", encoding="utf-8") as f:
            collected = list(csv.DictReader(f))
        runs[lms] = dict(rows=rows, report=report, book=book, collected=collected, out=out.parent,
                         stdout=run.stdout)
    return runs


@pytest.mark.parametrize("lms", ["canvas", "moodle"])
def test_an_lms_download_is_graded_per_roster_student_on_their_own_numbers(lms_downloads, lms):
    run = lms_downloads[lms]
    table = {(r["student"], r["exercise"]): r for r in run["rows"] if r["exercise"]}
    keys = _keys(LMS_NOTEBOOKS)
    honest = [s for s in LMS_CLASS if s != "fatma.yılmaz"]
    lost = [(s, k, table[s, k]["feedback"]) for s in honest for k in keys
            if float(table[s, k]["points"]) != float(table[s, k]["max_points"])]
    assert not lost
    # every file went to a roster student (ids in their one spelling: "fatma.yılmaz" is "fatma.yilmaz")
    assert {s for s, _ in table} == {students.normalise(s) for s in LMS_CLASS}
    how = {r["student"]: r["how"] for r in run["collected"] if r["student"]}
    assert how["dev.patel"] == "the student its notebooks name (metadata), on the roster"
    # fatma handed in amara's files: graded as fatma (her LMS id), on her own numbers, and the copy report says so
    fatma = students.normalise("fatma.yılmaz")
    assert sum(float(table[fatma, k]["points"]) for k in keys) < sum(float(table[fatma, k]["max_points"]) for k in keys)
    assert any(r["kind"] == "copy report" and r["student"] == fatma and "amara.okafor" in r["detail"]
               for r in run["report"])
    if lms == "canvas":
        assert how["amara.okafor"] == "the roster's canvas id 10001"
        assert run["book"]["eli.cohen"]["late"] == "yes" and run["book"]["amara.okafor"]["late"] == ""
        assert run["book"]["eli.cohen"]["submitted"].endswith("UTC")
    else:
        assert how["amara.okafor"] == "the roster's moodle id 5001"
        assert how["chloé.dubois"].startswith("the roster's name")
        assert any("onlinetext" in r["file"] and r["how"].startswith("not collected") for r in run["collected"])
