"""Notebook 12 (agreement and significance) executed top to bottom on a fresh kernel: wall time and CPU time.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_notebook_12.py``).  A benchmark, not a
test: it prints numbers and never fails on timing.  The notebook is meant to run in at most 20 s on a 2-core
machine.

The call (as the test suite and ``tools/notebooks.py execute`` make it)
    ``tools/notebooks.execute_notebooks([notebook], jobs=1)``: one kernel, nothing written.
Measured
    Wall time of that call; the CPU time (user + system) of the kernel, from ``getrusage`` of the finished
    child processes; the machine's load average before the run (on a busy machine the wall time grows, the
    CPU time does not).
"""

from __future__ import annotations

import os
import pathlib
import resource
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import notebooks as tnb  # noqa: E402

NOTEBOOK = ROOT / "notebooks" / "12_agreement_significance.ipynb"


def main() -> None:
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = tnb.execute_notebooks([NOTEBOOK], jobs=1)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    errors = tnb.error_outputs(result[NOTEBOOK])
    print(f"notebook 12 ({NOTEBOOK.name}), one fresh kernel, load average {load:.1f} on {os.cpu_count()} CPUs:")
    print(f"  wall time {wall:.1f} s; kernel CPU time {cpu:.1f} s" + (f"; ERRORS in cells {errors}" if errors else ""))


if __name__ == "__main__":
    main()
