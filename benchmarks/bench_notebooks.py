"""The course's notebooks executed top to bottom on a fresh kernel: wall time and CPU time, against budgets.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_notebooks.py [NAME ...]``, e.g.
``11_trust 12_agreement_significance``; no name: every notebook).  A benchmark, not a test: it prints numbers
and never fails on timing.  Budgets: about 90 s for the whole collection on a 2-core machine, at most 20 s
for each of the notebooks 11 and 12 (issues 39 and 40).

What is timed
    Each notebook executed as ``tools/notebooks.py execute`` runs it (one kernel, kernel start included,
    nothing written): wall time, the kernel's CPU time (user + system, ``getrusage`` of the finished child
    processes) and the load average before the run (on a busy machine the wall time grows, the CPU time
    does not).  With ``--cells``, each code cell of the named notebooks is also run in order in this process
    (matplotlib's Agg backend, outputs discarded) and the five slowest are listed.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pathlib
import resource
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
BUDGETS = {"11_trust": 20.0, "12_agreement_significance": 20.0}
COLLECTION_BUDGET = 90.0


def run(path: pathlib.Path) -> tuple[float, float, float, list]:
    """(wall s, kernel CPU s, load average before, error cells) of one fresh execution of ``path``."""
    from tools import notebooks as tnb

    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    executed = tnb.execute_notebooks([path], jobs=1)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, load, [i for i, _ in tnb.error_outputs(executed[path])]


def slowest_cells(path: pathlib.Path, show: int = 5) -> None:
    import matplotlib
    matplotlib.use("Agg")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    namespace: dict = {}
    times = []
    cwd = os.getcwd()
    os.chdir(path.parent)                # the notebooks run in their own folder
    try:
        for i, cell in enumerate(cells):
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            begin, cpu = time.perf_counter(), time.process_time()
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(source, f"cell {i}", "exec"), namespace)  # noqa: S102 - the course's own notebook
            times.append((time.perf_counter() - begin, time.process_time() - cpu, i, source.splitlines()[0]))
    finally:
        os.chdir(cwd)
    print(f"  {path.stem}, code cells in one process: {sum(t[0] for t in times):.1f} s wall, "
          f"{sum(t[1] for t in times):.1f} s CPU; the slowest:")
    for t, c, i, first in sorted(times, reverse=True)[:show]:
        print(f"    cell {i:>2}: {t:5.2f} s wall, {c:5.2f} s CPU  {first[:60]}")


def main(argv: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    names = [a for a in argv if not a.startswith("--")]
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if names:
        paths = [p for p in paths if p.stem in names or p.stem.split("_")[0] in names]
    print(f"{'notebook':<36}{'wall s':>8}{'CPU s':>8}{'load':>6}{'budget':>8}")
    total_wall = total_cpu = 0.0
    for path in paths:
        wall, cpu, load, errors = run(path)
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        budget = BUDGETS.get(path.stem)
        print(f"{path.stem:<36}{wall:>8.1f}{cpu:>8.1f}{load:>6.1f}{budget if budget else '':>8}"
              + (f"  ERRORS in cells {errors}" if errors else ""))
    print(f"{'all, one after another':<36}{total_wall:>8.1f}{total_cpu:>8.1f}{'':>6}"
          f"{COLLECTION_BUDGET if not names else '':>8}  (make test runs them two at a time)")
    if "--cells" in argv:
        for path in paths:
            slowest_cells(path)


if __name__ == "__main__":
    main(sys.argv[1:])
