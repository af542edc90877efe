"""make release and make grade at the size of a class, and of a very large one: wall time and peak memory.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_grading.py``; ``--quick`` for a small
trial run).  A benchmark, not a test: it prints numbers and never fails on timing.

The calls (as README tells a teacher), each in its own process
    1. ``make release CLASS=...`` of one notebook (01_pmi, four exercises with variants) for 10,000 ids:
       the target is at most 60 s and 500 MB;
    2. ``make release CLASS=class.csv SECRET=...`` of every notebook for 1,000 made-up students;
    3. ``make grade SUBMISSIONS=dir/ SECRET=...`` with its defaults (2 jobs, 60 s per function) on 30, 100
       and 300 students' submissions of every notebook: the target is at most 1 s per submitted notebook on
       average, and a peak memory that does not grow with the class.  The peaks of the three sizes are
       compared: they count as flat when the largest is within :data:`FLAT_MARGIN` of the smallest.
The class
    Each student answers their own variants right (``tests/test_class_variants.py`` computes the answers
    with the hand-written pin functions); every "write it yourself" cell holds a function that runs (and
    returns 0, so it is judged wrong after a real sandboxed run on the shipped and the drawn inputs); the
    capstone's report is the template, recomputed once per run.
``--grading`` runs part 3 alone; ``--sizes 30,100,300`` sets its class sizes.
``--extrapolate N`` (issue 51's targets on a shared machine)
    releases N students x every notebook, grades them, and releases 30 N ids of one notebook; prints the
    cost per student (wall seconds, CPU seconds, bytes on disk) and, **extrapolated linearly** (the fixed cost of
    a run, the start-up and the student copy, measured with 1 student and subtracted), what 300 students x 17
    notebooks and 10,000 ids of one notebook would take, beside the targets: release 300 x 17 at most 2 min and
    1 GB on disk, grade 300 x 17 at most 5 min, release 10,000 ids of one notebook at most 60 s.  The load
    average is printed with each figure: under load the wall times are not a quiet machine's.
``--targets`` (alone) measures issue 51's three targets at full size, nothing extrapolated: ``make release`` of 300
    students x every notebook (wall, CPU seconds, bytes of release/class), then ``make grade`` of their 300 x 17
    submissions with its defaults, then ``make release`` of 10,000 ids of one notebook; the load average beside each.
    Measured 2026-11-28 on the shared 2-core machine, niced, twice.  At 11:03-11:07 UTC (load average 1.8-2.8, the
    machine nearly quiet): release 300 x 17 in 33.5 s wall (36.6 CPU-s), 0.55 GB in release/class, peak 152 MiB;
    grade 300 x 17 (5,100 notebooks, 2 jobs, 60 s a function) in 121.5 s wall (171.4 CPU-s with the sandboxes'),
    peak 185 MiB; release of 10,000 ids of 01_pmi in 36.0 s wall (57.8 CPU-s), 0.84 GB, peak 147 MiB: all three
    within the targets (120 s and 1 GB, 300 s, 60 s).  At 10:40-10:56 (load average 5.8-9.2, other helpers' test
    suites beside it): 142.4 s, 482.7 s (207.7 CPU-s) and 115.8 s wall, the load's, not the tools'.  Before one
    sandbox a student, the grading inputs computed once a run and the cells read once a run, grading took 560.9 s
    under load, about 3.1 CPU-s a student (53.0 CPU-s for a 20-student class that now takes 28.4).
``--capstone N`` (alone) times the capstone's grading: N reports, each on its student's own draw (their seed
    under the course secret) with choices varied over every option, judged by ``tools/capstone_grading.py`` in one
    process from cold caches (every model the draws need trained in that process): the time per capstone, and
    the estimate for 300 capstones on 2 cores (``make grade``'s 2 jobs, each grading half, each training its own
    models).  The target is at most 30 minutes for 300.  Measured 2026-11-28 03:07 UTC on the shared 2-core
    machine (load average about 9, a class simulation grading beside it): 30 capstones in 97.0 s wall (29 s of
    CPU), 3.23 s per capstone from cold caches, so about 8 minutes for 300 on 2 cores; peak 149 MiB.
Measured
    Wall time; the peak resident memory of the largest process (``getrusage`` of the command and all it
    waited for: the release's worker processes, the grader's sandboxes).
"""

from __future__ import annotations

import csv
import json
import pathlib
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))

import course  # noqa: E402

SECRET = "5eed" * 16
ONE_NOTEBOOK = "01_pmi"
GRADED = (30, 100, 300)
#: How far the peaks of the class sizes may lie apart and still count as flat: 5 % of the smallest (about 9 MiB
#: of 173).  The copy report's evidence (variants' check options and pins, wrong answers, hashes of functions) goes
#: to a temporary sqlite database, so the grader keeps no per-student state but the class list; what the peak
#: still follows is the listing of every hand-in's files made before grading starts (about 10 kB a student,
#: released as each student is graded: 3 MiB for 300) and Python's and glibc's allocators (the peaks measured
#: 2026-11-26 01:44-02:11 UTC: 173, 178, 182 MiB at 30, 100, 300 students; with the evidence in memory 174, 176,
#: 179 MiB at 00:57-01:33).  The rest of the peak is the imports and the bounded caches (parsed cells, the
#: capstone's recomputed reports).  Before the rows were spooled to disk the peak grew by 32 MiB from 30 to 300
#: students (174 and 206 MiB).
FLAT_MARGIN = 0.05


def _measured(command: list[str]) -> tuple[float, float, subprocess.CompletedProcess]:
    """Run ``command``; (wall seconds, peak MiB of its largest process, the completed process)."""
    probe = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
             "sys.stdout.write(done.stdout[-3000:]); sys.stderr.write(done.stderr[-3000:]); "
             "print('@@peak', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); sys.exit(done.returncode)")
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[:3])} ... failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    peak = int(done.stdout.rsplit("@@peak", 1)[1].split()[0]) / 1024
    return wall, peak, done


def release_class(tmp: pathlib.Path, students: list[str], notebooks: list[pathlib.Path]) -> tuple[float, float]:
    (tmp / "class.csv").write_text("student\n" + "".join(f"{s}\n" for s in students), encoding="utf-8")
    (tmp / "course-secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    wall, peak, _ = _measured([sys.executable, str(ROOT / "tools" / "release.py"), *map(str, notebooks),
                               "--out", str(tmp / "release"), "--class", str(tmp / "class.csv"),
                               "--secret", str(tmp / "course-secret.txt")])
    return wall, peak


def submissions(release: pathlib.Path, students: list[str], subs: pathlib.Path) -> int:
    """Every student's notebooks from their class copy, answered right, functions that return 0."""
    from test_class_variants import answers_for, fill_answers

    functions = [(course.function_name(ex)) for ex in course.all_exercises() if course.kind(ex) == "function"]
    count = 0
    for student in students:
        seed = course.student_seed(SECRET, student)
        with zipfile.ZipFile(release / "class" / f"{student}.zip") as zf:       # as the student was handed it
            handed = {pathlib.PurePosixPath(n): json.loads(zf.read(n)) for n in sorted(zf.namelist())}
        for path, nb in handed.items():
            nb = fill_answers(nb, answers_for(path.stem, seed))
            for cell in nb["cells"]:
                for name in functions:
                    if name and f"def {name}(" in course.source(cell):
                        cell["source"] = f"def {name}(*args, **kwargs):\n    return 0.0\n"
            target = subs / student / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(nb), encoding="utf-8")
            count += 1
    return count


def grade_class(tmp: pathlib.Path, students: int) -> float:
    ids = [f"s{i:05d}" for i in range(students)]
    work = tmp / f"grade{students}"
    work.mkdir()
    wall, peak = release_class(work, ids, course.notebooks())
    n = submissions(work / "release", ids, work / "subs")
    wall, peak, _ = _measured([sys.executable, str(ROOT / "tools" / "grade.py"), str(work / "subs"),
                               "--secret", str(work / "course-secret.txt"), "--release", str(work / "release"),
                               "--out", str(work / "graded" / "grades.csv")])
    with open(work / "graded" / "grades.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    print(f"make grade SECRET=, {students} students x {len(course.notebooks())} notebooks ({n} submitted), defaults "
          f"(2 jobs): {wall:.1f} s, {wall / n:.2f} s per notebook; {len(rows)} rows; peak memory of the largest "
          f"process {peak:.0f} MiB", flush=True)
    shutil.rmtree(work)
    return peak


def flat(peaks: dict[int, float]) -> None:
    """Print each class size's peak memory and whether they are flat within :data:`FLAT_MARGIN`."""
    low, high = min(peaks.values()), max(peaks.values())
    verdict = "flat" if high - low <= FLAT_MARGIN * low else "NOT flat"
    sizes = ", ".join(f"{n} students {peak:.0f} MiB" for n, peak in peaks.items())
    print(f"make grade peak memory by class size: {sizes}; largest - smallest = {high - low:.1f} MiB "
          f"({(high - low) / low:.1%}): {verdict} within {FLAT_MARGIN:.0%} of the smallest", flush=True)


def main(release_students: int = 1000, one_notebook_ids: int = 10_000, graded: tuple = GRADED,
         releases: bool = True) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        if releases:
            release_all(tmp, release_students, one_notebook_ids)
        flat({students: grade_class(tmp, students) for students in graded})


def release_all(tmp: pathlib.Path, release_students: int, one_notebook_ids: int) -> None:
    work = tmp / "one"
    work.mkdir()
    wall, peak = release_class(work, [f"student.{i}@example.org" for i in range(one_notebook_ids)],
                               [ROOT / "notebooks" / f"{ONE_NOTEBOOK}.ipynb"])
    print(f"make release CLASS=, {one_notebook_ids} ids x 1 notebook ({ONE_NOTEBOOK}): {wall:.1f} s, peak memory "
          f"of the largest process {peak:.0f} MiB (target: 60 s, 500 MB)", flush=True)
    shutil.rmtree(work)                 # gigabytes of copies: gone before the next run
    work = tmp / "all"
    work.mkdir()
    wall, peak = release_class(work, [f"s{i:05d}" for i in range(release_students)], course.notebooks())
    print(f"make release CLASS=, {release_students} students x {len(course.notebooks())} notebooks: "
          f"{wall:.1f} s, peak memory of the largest process {peak:.0f} MiB", flush=True)
    shutil.rmtree(work)


def _disk(folder: pathlib.Path) -> int:
    """Bytes of the files under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _load() -> str:
    import os

    return "load average " + ", ".join(f"{x:.1f}" for x in os.getloadavg())


def extrapolate(n: int) -> None:
    """Issue 51's three targets, measured at a small size and extrapolated linearly (see the module's docstring)."""
    import os

    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        notebooks = course.notebooks()
        costs = {}
        for size in (1, n):
            work = tmp / f"rel{size}"
            work.mkdir()
            ids = [f"s{i:05d}" for i in range(size)]
            cpu = _cpu()
            wall, peak = release_class(work, ids, notebooks)
            disk = _disk(work / "release" / "class")
            subs_count = submissions(work / "release", ids, work / "subs")
            cpu_grade = _cpu()
            gwall, gpeak, _ = _measured([sys.executable, str(ROOT / "tools" / "grade.py"), str(work / "subs"),
                                         "--secret", str(work / "course-secret.txt"), "--release",
                                         str(work / "release"), "--out", str(work / "graded" / "grades.csv")])
            costs[size] = dict(release=wall, release_cpu=cpu_grade - cpu, disk=disk, grade=gwall,
                               grade_cpu=_cpu() - cpu_grade, notebooks=subs_count)
            print(f"{size} students x {len(notebooks)} notebooks: release {wall:.1f} s "
                  f"({costs[size]['release_cpu']:.1f} CPU-s), {disk / 2**20:.1f} MiB in release/class; "
                  f"grade {gwall:.1f} s "
                  f"({costs[size]['grade_cpu']:.1f} CPU-s); {_load()}", flush=True)
            shutil.rmtree(work)
        one, big = costs[1], costs[n]
        per = {k: (big[k] - one[k]) / (n - 1) for k in ("release", "release_cpu", "disk", "grade", "grade_cpu")}
        at = {k: one[k] + per[k] * 299 for k in per}
        # under load a wall time says little (a second run can be faster than the first): the CPU seconds are what
        # extrapolate; on 2 idle cores a run takes at least half its CPU seconds (more where it runs on one core)
        print(f"EXTRAPOLATED linearly from 1 and {n} students (not measured at 300): release 300 x "
              f"{len(notebooks)}: {at['release_cpu']:.0f} CPU-s, so at least {at['release_cpu'] / 2:.0f} s on 2 idle "
              f"cores (target 120 s); {at['disk'] / 1e9:.2f} GB on disk (target 1 GB); grade 300 x {len(notebooks)}: "
              f"{at['grade_cpu']:.0f} CPU-s, so at least {at['grade_cpu'] / 2:.0f} s on 2 idle cores (target 300 s)",
              flush=True)
        ids = 30 * n
        work = tmp / "one"
        work.mkdir()
        small = tmp / "one-small"
        small.mkdir()
        cpu = _cpu()
        release_class(small, ["s0"], [ROOT / "notebooks" / f"{ONE_NOTEBOOK}.ipynb"])
        fixed = _cpu() - cpu
        cpu = _cpu()
        wall, peak = release_class(work, [f"student.{i}@example.org" for i in range(ids)],
                                   [ROOT / "notebooks" / f"{ONE_NOTEBOOK}.ipynb"])
        cpu = _cpu() - cpu
        at_10k = fixed + (cpu - fixed) / (ids - 1) * 9999
        disk = _disk(work / "release" / "class") / ids * 10_000
        print(f"release of {ids} ids x 1 notebook: {wall:.1f} s wall ({cpu:.1f} CPU-s, 1 id: {fixed:.1f} CPU-s), peak "
              f"{peak:.0f} MiB; {_load()}; EXTRAPOLATED to 10,000 ids: {at_10k:.0f} CPU-s, so at least "
              f"{at_10k / 2:.0f} s on 2 idle cores (target 60 s), {disk / 1e9:.1f} GB on disk", flush=True)
        print(f"(cores: {os.cpu_count()}; wall times under the load shown are not a quiet machine's)")

def targets(students: int = 300, ids: int = 10_000) -> None:
    """Issue 51's three targets measured at full size, not extrapolated (``--targets``; see the module's docstring)."""
    import os

    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        work = tmp / "class"
        work.mkdir()
        names = [f"s{i:05d}" for i in range(students)]
        notebooks = course.notebooks()
        print(f"before: {_load()}", flush=True)
        cpu = _cpu()
        wall, peak = release_class(work, names, notebooks)
        disk = _disk(work / "release" / "class")
        print(f"make release CLASS=, {students} students x {len(notebooks)} notebooks: {wall:.1f} s wall "
              f"({_cpu() - cpu:.1f} CPU-s), {disk / 1e9:.2f} GB in release/class, peak memory of the largest process "
              f"{peak:.0f} MiB (target: 120 s, 1 GB); {_load()}", flush=True)
        count = submissions(work / "release", names, work / "subs")
        cpu = _cpu()
        wall, peak, _ = _measured([sys.executable, str(ROOT / "tools" / "grade.py"), str(work / "subs"),
                                   "--secret", str(work / "course-secret.txt"), "--release", str(work / "release"),
                                   "--out", str(work / "graded" / "grades.csv")])
        print(f"make grade SECRET=, {students} students x {len(notebooks)} notebooks ({count} submitted), defaults "
              f"(2 jobs, 60 s a function): {wall:.1f} s wall ({_cpu() - cpu:.1f} CPU-s, the sandboxes' included), "
              f"peak memory of the largest process {peak:.0f} MiB (target: 300 s); {_load()}", flush=True)
        shutil.rmtree(work)
        work = tmp / "one"
        work.mkdir()
        cpu = _cpu()
        wall, peak = release_class(work, [f"student.{i}@example.org" for i in range(ids)],
                                   [ROOT / "notebooks" / f"{ONE_NOTEBOOK}.ipynb"])
        disk = _disk(work / "release" / "class")
        print(f"make release CLASS=, {ids} ids x 1 notebook ({ONE_NOTEBOOK}): {wall:.1f} s wall "
              f"({_cpu() - cpu:.1f} CPU-s), {disk / 1e9:.2f} GB, peak memory of the largest process {peak:.0f} MiB "
              f"(target: 60 s, 500 MB); {_load()}", flush=True)
        print(f"(cores: {os.cpu_count()}; wall times under the load shown are not a quiet machine's)")


def capstone_grading(n: int) -> None:
    """Time grading ``n`` capstones in one process (see the module's docstring, ``--capstone``)."""
    code = f"""
import itertools, sys, time
sys.path.insert(0, {str(ROOT / 'tools')!r})
import capstone_grading, course
from teachkit.course.exercises import capstone
options = capstone.CHOICE_OPTIONS
grids = [[5, 10, 20], [5, 10, 15, 20, 30], [10, 15], [5, 15, 30]]
start = time.perf_counter()
for i in range({n}):
    seed = course.student_seed({SECRET!r}, f"s{{i:05d}}")
    report = dict(capstone.TEMPLATE, draw=seed, ks=grids[i % len(grids)],
                  **{{name: values[i % len(values)] for name, values in options.items()}},
                  reasons=dict.fromkeys(capstone.REASONS, "The coherence is 0.0512 and the stability 0.412 here."),
                  numbers=dict.fromkeys(capstone.NUMBERS, "0.123"))
    judged = capstone_grading.judge(report, seed)
    assert len(judged.rows) == len(capstone.NUMBERS)
print(time.perf_counter() - start)
"""
    wall, peak, done = _measured([sys.executable, "-c", code])
    seconds = float(done.stdout.strip().splitlines()[-2])
    per = seconds / n
    print(f"capstone grading, {n} reports in one process from cold caches: {seconds:.1f} s, {per:.2f} s per "
          f"capstone (process {wall:.1f} s with its imports, peak {peak:.0f} MiB); 300 capstones on 2 cores: about "
          f"{150 * per / 60:.1f} min (target 30 min)", flush=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--extrapolate" in args:
        extrapolate(int(args[args.index("--extrapolate") + 1]))
        sys.exit(0)
    if "--targets" in args:
        targets()
        sys.exit(0)
    if "--capstone" in args:
        capstone_grading(int(args[args.index("--capstone") + 1]))
        sys.exit(0)
    sizes = tuple(int(n) for n in args[args.index("--sizes") + 1].split(",")) if "--sizes" in args else None
    if "--quick" in args:
        main(release_students=5, one_notebook_ids=200, graded=sizes or (2, 3), releases="--grading" not in args)
    else:
        main(graded=sizes or GRADED, releases="--grading" not in args)
    print(f"(this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB)")
