"""Notebook 11 (Can I trust this model?): how long it takes to execute, against its budget of 20 s.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_notebook_11.py``).  A benchmark, not a
test: it prints numbers and never fails on timing.

What is timed
    The whole notebook executed on a fresh kernel, as ``tools/notebooks.py execute`` runs it (kernel start
    included; nothing is written), once: wall time, the kernel's CPU time (``getrusage`` of the finished
    child processes) and the load average before the run; then the time of each of its slowest code cells,
    read from a second run in this process (each code cell executed in order in one namespace, figures
    drawn with matplotlib's Agg backend, outputs discarded).
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
NOTEBOOK = ROOT / "notebooks" / "11_trust.ipynb"
BUDGET = 20.0


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from tools import notebooks as tnb

    if "--cells-only" not in sys.argv:
        _whole(tnb)
    _cells()


def _whole(tnb) -> None:
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    executed = tnb.execute_notebooks([NOTEBOOK], jobs=1)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    errors = tnb.error_outputs(executed[NOTEBOOK])
    print(f"notebook 11 on a fresh kernel (load average {load:.1f} on {os.cpu_count()} CPUs): {wall:.1f} s wall, "
          f"kernel CPU time {cpu:.1f} s (budget {BUDGET:.0f} s)"
          + (f"; errors in cells {[i for i, _ in errors]}" if errors else ""))


def _cells() -> None:
    import matplotlib
    matplotlib.use("Agg")
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    namespace: dict = {}
    times = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        begin, cpu = time.perf_counter(), time.process_time()
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(source, f"cell {i}", "exec"), namespace)  # noqa: S102 - the course's own notebook
        times.append((time.perf_counter() - begin, time.process_time() - cpu, i, source.splitlines()[0]))
    wall_total, cpu_total = sum(t[0] for t in times), sum(t[1] for t in times)
    # CPU time is what the cells cost; on a machine shared with other work the wall time is longer.
    print(f"code cells in one process: {wall_total:.1f} s wall, {cpu_total:.1f} s CPU in all; the slowest:")
    for t, c, i, first in sorted(times, reverse=True)[:5]:
        print(f"  cell {i:>2}: {t:5.2f} s wall, {c:5.2f} s CPU  {first[:60]}")


if __name__ == "__main__":
    main()
