"""Timing and memory helpers the benchmarks share (imported by the scripts of this folder, run from it)."""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from typing import Any


def timed(fn: Callable[[], Any], repeat: int = 1) -> tuple[float, Any]:
    """Call ``fn()`` ``repeat`` times; return the fastest wall time in seconds and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def peak_mib(fn: Callable[[], Any]) -> float:
    """Call ``fn()`` once under ``tracemalloc``; return its peak traced memory in MiB (bytes / 2**20)."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
