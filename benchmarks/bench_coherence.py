"""teachkit vs gensim: c_npmi topic coherence on a real reference corpus, called as a user calls it.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_coherence.py``;
``--quick`` skips the 10M-token scale run and gensim's slow sliding-window run).
It is a benchmark, not a test: it prints numbers and never fails on timing;
it exits with an error only if the two libraries disagree on a value.

What is compared
----------------
Corpus
    gensim's bundled Wikipedia sample ``gensim/test/test_data/head500.noblanks.cor``
    (already tokenized and stemmed, one article per line), read with
    ``line.split()`` and repeated 4 times: 1.33M tokens.  Repeating a corpus
    changes no probability, so the values are those of the sample.
Topics
    The corpus's words ranked by frequency (ties alphabetical), the 100 most
    frequent skipped, then consecutive slices of 10: ranks 100-109, 110-119,
    ...  20 topics for the comparison, 100 for the scale run.  Frequency
    slices are not meaningful topics, but they are deterministic and need no
    model.
teachkit, exactly as README shows (no ``words=``)::

    counts = tk.CooccurrenceCounts.from_documents(texts, window=W)
    [tk.topic_coherence(topic, counts, smoothing="gensim", eps=1e-12).mean for topic in topics]

    ``smoothing="gensim", eps=1e-12`` make teachkit use gensim's convention
    for never-co-occurring pairs; with sliding windows teachkit also gets
    ``gensim_compat=True`` so that the counts are gensim's (gensim 4.4
    under-counts words that repeat inside a window, see teachkit/counting.py);
    teachkit's default, correct count is timed too.
gensim
    ``CoherenceModel(topics=..., texts=..., dictionary=..., coherence="c_npmi",
    window_size=W, topn=10, processes=1).get_coherence_per_topic()``; the
    ``Dictionary`` is built beforehand and NOT timed (which favours gensim).
    gensim has no document mode for c_npmi, so at document level it gets a
    window one token longer than the longest document, which makes every
    document one window.  ``processes=1``: on a 2-core machine gensim's
    default (cpu_count - 1 workers) is the same single process.
Agreement
    gensim averages the k(k-1) ordered pairs, teachkit the k(k-1)/2
    unordered ones; NPMI is symmetric and gensim computes both orders with
    the same operations, so the means agree up to summation rounding.  The
    script checks every per-topic value to 1e-9.
Time and memory
    Every measurement runs in a fresh Python process, so peaks are separate.
    Time: wall clock of the call, counting included.  Memory: the growth of
    the process's peak resident set size (``ru_maxrss``) over its resident
    size just before the call: what the call needs on top of the corpus
    already in memory (an upper bound when loading had a higher transient peak).
    teachkit's time is the best of 3 processes; gensim's is one run (it is slow).
    At document level, where both take well under a second and the
    speed-up sits nearer its target, the comparison is made in 5 rounds;
    the table shows the median round, and every round's speed-up is printed.
Scale
    The sample repeated 4 and 30 times (1.33M and 9.94M tokens; repetition
    keeps the vocabulary, so this measures the cost per token), counted once
    and 100 topics scored, with windows of 10 (the default, correct count)
    and whole documents.  The ratio of time per token, 9.94M over 1.33M, is
    1 for exactly linear growth.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from collections import Counter

EPS = 1e-12
TOP_N = 10
TOLERANCE = 1e-9
MiB = 2**20
SAMPLE = "head500.noblanks.cor"
DOCUMENT_ROUNDS = 5


# ------------------------------------------------------------------ corpus and topics
def load_texts(repeat):
    from gensim.test.utils import datapath

    with open(datapath(SAMPLE), encoding="utf-8") as f:
        texts = [line.split() for line in f]
    return texts * repeat


def frequency_slice_topics(texts, n_topics, size=10, skip=100):
    """Words ranked by frequency (ties alphabetical), top `skip` dropped, cut into slices."""
    freq = Counter(tok for doc in texts for tok in doc)
    ranked = sorted(freq, key=lambda w: (-freq[w], w))
    if len(ranked) < skip + n_topics * size:
        raise ValueError("corpus vocabulary too small for the requested topics")
    return [ranked[skip + i * size: skip + (i + 1) * size] for i in range(n_topics)]


# ------------------------------------------------------------------ one measurement (child process)
def _rss():
    """Current resident set size in bytes (Linux), or 0 when unknown."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


def measure(spec):
    """Run one configuration in this process; return times, memory and values."""
    texts = load_texts(spec["repeat"])
    topics = frequency_slice_topics(load_texts(1), spec["topics"])
    window = spec["window"]
    out = {"tokens": sum(map(len, texts)), "documents": len(texts)}
    if spec["library"] == "gensim":
        from gensim.corpora import Dictionary
        from gensim.models.coherencemodel import CoherenceModel

        dictionary = Dictionary(texts)  # built outside the timing
        size = window if window is not None else max(map(len, texts)) + 1
        before = _rss()
        cpu = time.process_time()
        start = time.perf_counter()
        model = CoherenceModel(topics=topics, texts=texts, dictionary=dictionary, coherence="c_npmi",
                               window_size=size, topn=TOP_N, processes=1)
        values = list(model.get_coherence_per_topic())
        out.update(total=time.perf_counter() - start, cpu=time.process_time() - cpu, peak=_peak() - before,
                   values=values)
    else:
        import teachkit as tk

        before = _rss()
        cpu = time.process_time()
        start = time.perf_counter()
        counts = tk.CooccurrenceCounts.from_documents(texts, window=window, gensim_compat=spec["compat"])
        counted = time.perf_counter()
        count_peak = _peak() - before
        if spec["topics"]:
            values = [tk.topic_coherence(t, counts, smoothing="gensim", eps=EPS).mean for t in topics]
        else:
            values = []
        out.update(total=time.perf_counter() - start, cpu=time.process_time() - cpu, counting=counted - start, scoring=time.perf_counter() - counted,
                   count_peak=count_peak, peak=_peak() - before, values=values, windows=counts.n)
    return out


def run(spec, repeats=1):
    """Measure `spec` in `repeats` fresh processes; keep the fastest."""
    best = None
    for _ in range(repeats):
        done = subprocess.run([sys.executable, __file__, "--child", json.dumps(spec)],
                              capture_output=True, text=True, check=True)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        if best is None or result["total"] < best["total"]:
            best = {**result, "peak": max(result["peak"], best["peak"] if best else 0)}
    return best


# ------------------------------------------------------------------ the report
def machine():
    import numpy as np
    import scipy
    import gensim
    import teachkit

    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    ram = ""
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            kb = int(next(line.split()[1] for line in f if line.startswith("MemTotal")))
        ram = f", {kb / 2**20:.0f} GiB RAM"
    except (OSError, StopIteration, ValueError):
        pass
    load = ""
    try:
        load = f"; load average {os.getloadavg()[0]:.1f} when started"
    except OSError:
        pass
    return (f"{model}, {os.cpu_count()} logical cores{ram}; {platform.system()} {platform.release()}; "
            f"Python {platform.python_version()}, numpy {np.__version__}, scipy {scipy.__version__}, "
            f"gensim {gensim.__version__}, teachkit {teachkit.__version__}{load}")


def compare(window, quick, rounds=1):
    """gensim and teachkit on the ×4 corpus, 20 topics; a table row, or None when skipped.

    With ``rounds`` > 1 the pair of measurements is repeated and the row is the round with the median
    speed-up; ``row["ratios"]`` holds every round's speed-up (a ratio near a target deserves its spread).
    """
    sliding = window is not None
    kind = f"windows of {window}" if sliding else "whole documents"
    if quick and sliding:
        print(f"\n{kind}: skipped with --quick (gensim takes minutes)")
        return None
    measured = []
    for _ in range(rounds):
        g = run({"library": "gensim", "repeat": 4, "topics": 20, "window": window, "compat": False})
        t = run({"library": "teachkit", "repeat": 4, "topics": 20, "window": window, "compat": sliding}, repeats=3)
        measured.append((g["total"] / t["total"], g, t))
    measured.sort(key=lambda m: m[0])
    _, g, t = measured[len(measured) // 2]
    diffs = [abs(a - b) for m in measured for a, b in zip(m[1]["values"], m[2]["values"])]
    print(f"\n{kind}: per-topic c_npmi, gensim and teachkit (gensim_compat={sliding})")
    for i, (a, b, d) in enumerate(zip(g["values"], t["values"], diffs)):
        print(f"  topic {i:<3} {a:>20.15f} {b:>20.15f}   |diff| {d:.1e}")
    row = dict(kind=kind, tokens=t["tokens"], windows=t["windows"], g=g, t=t, max_diff=max(diffs),
               ratios=[m[0] for m in measured])
    if sliding:
        row["correct"] = run({"library": "teachkit", "repeat": 4, "topics": 20, "window": window, "compat": False},
                             repeats=3)
    return row


def main(quick=False):
    started = time.perf_counter()
    print("teachkit vs gensim c_npmi, gensim's Wikipedia sample ×4, 20 topics × 10 words")
    print("machine:", machine())

    # Whole documents take seconds, and their speed-up sits nearer its target: measured in 5 rounds.
    rows = [r for r in (compare(10, quick), compare(None, quick, rounds=DOCUMENT_ROUNDS)) if r is not None]

    print("\n## teachkit vs gensim (times include counting; memory: peak growth during the call)\n")
    print("| counting | tokens | windows | gensim (s) | teachkit (s) | speed-up | speed-up, CPU time "
          "| teachkit, correct count (s) | gensim peak (MiB) | teachkit peak (MiB) | max abs diff |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        correct = f"{r['correct']['total']:.2f}" if "correct" in r else "–"
        print(f"| {r['kind']} | {r['tokens']:,} | {r['windows']:,} | {r['g']['total']:.2f} | {r['t']['total']:.2f} "
              f"| {r['g']['total'] / r['t']['total']:.1f}× | {r['g']['cpu'] / r['t']['cpu']:.1f}× | {correct} "
              f"| {r['g']['peak'] / MiB:.0f} | {r['t']['peak'] / MiB:.0f} | {r['max_diff']:.1e} |")
    print("\nTimes are wall clock; 'CPU time' compares the processes' own CPU seconds, which a busy machine "
          "disturbs less.")
    for r in rows:
        if len(r["ratios"]) > 1:
            print(f"{r['kind']}: the row is the median of {len(r['ratios'])} rounds; speed-ups "
                  f"{', '.join(f'{x:.1f}×' for x in r['ratios'])} (median {statistics.median(r['ratios']):.1f}×).")

    print("\n## Counting alone, ×4 corpus (1.33M tokens): time and peak memory by window size\n")
    print("| window | windows | counting (s) | counting peak (MiB) |")
    print("|---:|---:|---:|---:|")
    count_peaks = []
    for window in (2, 10, 100, 1000, 10**10, None):
        r = run({"library": "teachkit", "repeat": 4, "topics": 0, "window": window, "compat": False})
        count_peaks.append(r["count_peak"])
        label = "documents" if window is None else f"{window:,}"
        print(f"| {label} | {r['windows']:,} | {r['counting']:.2f} | {r['count_peak'] / MiB:.0f} |")

    scale = []
    if not quick:
        print("\n## Scale: counted once, then 100 topics scored (teachkit's default count)\n")
        print("| tokens | counting | counting (s) | 100 topics (s) | total (s) | CPU (s) | µs per token | peak (MiB) |")
        print("|---:|---|---:|---:|---:|---:|---:|---:|")
        for window in (10, None):
            for repeat in (4, 30):
                r = run({"library": "teachkit", "repeat": repeat, "topics": 100, "window": window, "compat": False})
                r["window"] = window
                scale.append(r)
                label = "documents" if window is None else f"windows of {window}"
                print(f"| {r['tokens']:,} | {label} | {r['counting']:.2f} | {r['scoring']:.2f} | {r['total']:.2f} "
                      f"| {r['cpu']:.2f} | {r['total'] / r['tokens'] * 1e6:.2f} | {r['peak'] / MiB:.0f} |")
        for window in (10, None):
            small, large = [r for r in scale if r["window"] == window]
            ratio = (large["total"] / large["tokens"]) / (small["total"] / small["tokens"])
            cpu_ratio = (large["cpu"] / large["tokens"]) / (small["cpu"] / small["tokens"])
            label = "documents" if window is None else f"windows of {window}"
            print(f"\nLinearity, {label}: time per token at {large['tokens']:,} / at {small['tokens']:,} tokens "
                  f"= {ratio:.2f} wall, {cpu_ratio:.2f} CPU (1 = exactly linear, below 1 = better than linear); "
                  f"throughput {small['tokens'] / small['total'] / 1e6:.2f}M and "
                  f"{large['tokens'] / large['total'] / 1e6:.2f}M tokens/s on one core.")

    print("\n## Targets")
    for r in rows:
        need = 10 if "correct" in r else 3
        speedup, cpu = r["g"]["total"] / r["t"]["total"], r["g"]["cpu"] / r["t"]["cpu"]
        spread = (f"; lowest of {len(r['ratios'])} rounds {min(r['ratios']):.1f}×" if len(r["ratios"]) > 1 else "")
        print(f"  {r['kind']}: {speedup:.1f}× gensim in wall time, {cpu:.1f}× in CPU time{spread} "
              f"(target ≥ {need}×): {'met' if min(speedup, cpu, *r['ratios']) >= need else 'NOT met'}")
    print(f"  counting peak at every window size ≤ 300 MiB: "
          f"{'met' if max(count_peaks) <= 300 * MiB else 'NOT met'} (max {max(count_peaks) / MiB:.0f} MiB)")
    if scale:
        worst = max(r["peak"] for r in scale)
        print(f"  scale run peak < 1.5 GiB: {'met' if worst < 1.5 * 2**30 else 'NOT met'} (max {worst / MiB:.0f} MiB)")
    print(f"Total benchmark time: {time.perf_counter() - started:.0f} s")

    worst = max((r["max_diff"] for r in rows), default=0.0)
    if worst > TOLERANCE:
        sys.exit(f"DISAGREEMENT: teachkit and gensim differ by {worst:.2e} > {TOLERANCE}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the scale run and gensim's sliding-window run")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(json.loads(args.child))))
    else:
        main(quick=args.quick)
