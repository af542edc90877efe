"""make grade on a made-up class: 60 students × 3 notebooks (01, 02, 03), wall time and peak memory; then a
class release with each student's own numbers (``--class``), graded with ``SECRET=``.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_grading.py [students]``).  A benchmark,
not a test: it prints numbers and never fails on timing.

The class
    ``make release`` copies of notebooks 01, 02 and 03; every student's answer lines filled in, one answer
    in three wrong (a different one per student), and every "write it yourself" cell filled with a function
    that runs (and returns 0, so it is judged wrong after a real sandboxed run).
The call (as README tells a teacher)
    ``make grade SUBMISSIONS=dir/`` with its defaults (2 jobs, 60 s per function), i.e.
    ``python tools/grade.py dir/`` in a subprocess.
The class with its own numbers (``python benchmarks/bench_grading.py --class``, also run by ``make bench``)
    ``make release CLASS=class.csv SECRET=...`` of every notebook for 70 made-up students: 60 answer their
    own variants right, 5 copy a neighbour's answer lines, 5 type their own variant's likeliest mistake
    (``tests/test_class_variants.py`` builds the answers); function cells are left as released.  Then
    ``make grade SUBMISSIONS=dir/ SECRET=...``: one run, timed, its peak memory measured.
Measured
    Wall time of that command; the peak resident memory of the grader and, separately, of the largest
    sandboxed child (``getrusage``: the kernel's maximum RSS of each).
"""

from __future__ import annotations

import json
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import course  # noqa: E402
import release  # noqa: E402

NOTEBOOKS = ("01_pmi", "02_npmi", "03_topic_coherence")


def _fill(nb: dict, student: int) -> dict:
    nb = json.loads(json.dumps(nb))
    prefix_of = {ex.key: ex for ex in course.all_exercises()}
    for cell in nb["cells"]:
        src = course.source(cell)
        for key, ex in prefix_of.items():
            line = f'{course.answer_variable(key)} = ""'
            if src.rstrip().endswith(line):
                typed = (ex.wrong or ("0",))[0] if (hash((student, key)) % 3 == 0) else ex.right[0]
                cell["source"] = src.rstrip()[: -len('""')] + json.dumps(typed)
            name = course.function_name(ex)
            if name and course.kind(ex) == "function" and f"def {name}(" in src:
                cell["source"] = f"def {name}(*args, **kwargs):\n    return 0.0\n"
    return nb


def main(students: int = 60) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        release.release([ROOT / "notebooks" / f"{n}.ipynb" for n in NOTEBOOKS], tmp / "release")
        released = {n: json.loads((tmp / "release" / "student" / f"{n}.ipynb").read_text(encoding="utf-8"))
                    for n in NOTEBOOKS}
        subs = tmp / "submissions"
        for s in range(students):
            for name, nb in released.items():
                path = subs / f"student{s:03d}" / f"{name}.ipynb"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(_fill(nb, s)), encoding="utf-8")
        start = time.perf_counter()
        done = subprocess.run([sys.executable, str(ROOT / "tools" / "grade.py"), str(subs),
                               "--release", str(tmp / "release")], capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise SystemExit(done.stdout[-2000:] + done.stderr[-2000:])
        rows = sum(1 for _ in (subs / "grades.csv").open(encoding="utf-8")) - 1
        feedback = len(list((subs / "feedback").glob("*.md")))
        print(f"make grade, {students} students x {len(NOTEBOOKS)} notebooks ({', '.join(NOTEBOOKS)}), "
              f"defaults (2 jobs):")
        print(f"  wall time {wall:.1f} s ({wall / (students * len(NOTEBOOKS)):.2f} s per notebook); "
              f"{rows} rows, {feedback} feedback files")
        print(f"  peak resident memory of the largest process (grader or a sandbox): {after.ru_maxrss / 1024:.0f} MiB")


def class_run(right: int = 60, copiers: int = 5, wrong: int = 5) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from test_class_variants import answers_for, fill_answers

    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        students = ([f"s{i:02d}" for i in range(right)] + [f"copy{i}" for i in range(copiers)]
                    + [f"wrong{i}" for i in range(wrong)])
        (tmp / "class.csv").write_text("student\n" + "".join(f"{s}\n" for s in students), encoding="utf-8")
        secret = tmp / "course-secret.txt"
        start = time.perf_counter()
        release.main(["--out", str(tmp / "release"), "--class", str(tmp / "class.csv"), "--secret", str(secret)])
        released_in = time.perf_counter() - start
        key = course.read_secret(secret)
        seeds = {s: course.student_seed(key, s) for s in students}
        subs = tmp / "submissions"
        for student in students:
            source = students[students.index(student) - right] if student.startswith("copy") else student
            for path in sorted((tmp / "release" / "class" / student).glob("*.ipynb")):
                nb = json.loads(path.read_text(encoding="utf-8"))
                typed = answers_for(path.stem, seeds[source], mistake=student.startswith("wrong"))
                target = subs / student / path.name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(json.dumps(fill_answers(nb, typed)), encoding="utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        start = time.perf_counter()
        done = subprocess.run([sys.executable, str(ROOT / "tools" / "grade.py"), str(subs), "--secret", str(secret),
                               "--release", str(tmp / "release")], capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        if done.returncode != 0:
            raise SystemExit(done.stdout[-2000:] + done.stderr[-2000:])
        import csv

        rows = list(csv.DictReader((subs / "grades.csv").open(encoding="utf-8")))
        numbers = [r for r in rows if r["feedback"] != "right" and r["feedback"].startswith("variant ")]
        n_notebooks = len(list((tmp / "release" / "class" / students[0]).glob("*.ipynb")))
        print(f"\nmake release CLASS= ({len(students)} students x {n_notebooks} notebooks, each their own numbers): "
              f"{released_in:.1f} s")
        print(f"make grade SECRET= on them, defaults (2 jobs): wall time {wall:.1f} s, {len(rows)} rows, "
              f"{len(numbers)} numeric answers judged wrong against the student's own variant")
        print(f"  peak resident memory of the largest process (grader or a sandbox): "
              f"{max(before, after) / 1024:.0f} MiB")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--class"]
    if "--class" not in sys.argv[1:]:
        main(int(args[0]) if args else 60)
    class_run()
