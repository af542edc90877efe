"""teachkit vs gensim: c_npmi topic coherence on a real reference corpus, called as README tells a user.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_coherence.py``; ``--quick`` skips
gensim's sliding-window runs and everything past 1.33M tokens).  It is a benchmark, not a test: it
prints numbers and never fails on timing; it exits with an error only if gensim and teachkit disagree
on a value by more than 1e-9, or two of teachkit's ways of counting give different values at all.

What is compared
----------------
Corpus
    gensim's bundled Wikipedia sample ``gensim/test/test_data/head500.noblanks.cor`` (250 articles,
    already tokenized and stemmed, one per line), read with ``line.split()`` and repeated: 4 times
    (1.33M tokens) in memory; 4, 30 and 300 times (1.33M, 9.94M and 99.4M tokens) in a file this
    script writes to a temporary folder and deletes at the end, read line by line by a generator.
    Repeating a corpus changes no probability, so the values are those of the sample.
Topics
    20 topics of 10 words two ways: from a gensim ``LdaModel`` (20 topics, ``random_state=1``,
    ``passes=2``, trained on the sample before anything is timed; each topic's 10 most probable
    words), and frequency slices (the sample's words ranked by frequency, ties alphabetical, the 100
    most frequent skipped, then slices of 10: deterministic, no model).
teachkit, the calls README shows (``tk.CooccurrenceCounts`` and ``tk.topic_coherence`` are looked up,
and scipy.sparse, which the full index loads on first use, imported before the clock starts, as gensim's
classes, and with them scipy, are imported before it starts; both import times are printed at the end)
    index   ``counts = tk.CooccurrenceCounts.from_documents(docs, window=W)``, the three-line example:
            every word indexed, any topic scored later;
    words   ``from_documents(docs, window=W, words=topic_words)``: the topics' words only, streamed;
    disk    ``tk.build_index(docs, folder, window=W)`` once, then ``counts = tk.open_index(folder,
            window=W)`` (build and query timed apart; opening checks every file's checksum, and the
            table of the index on disk also gives, apart, the time of ``open_index(..., verify=False)``);
    dask    ``tk.count_on_dask(dask.bag.read_text(file).map(str.split), topic_words, window=W)`` on a
            ``LocalCluster`` of 2 workers (started before the clock), against ``words`` in one
            process.
    then ``[tk.topic_coherence(t, counts, smoothing="gensim", eps=tk.EPSILON).mean for t in topics]``.
The floor (whole documents; not a teachkit call)
    one dict look-up of every token of the corpus and nothing else, ``deque(map(spellings.__getitem__,
    chain.from_iterable(docs)), maxlen=0)``: the least an exact count of the corpus's words does in
    Python.  gensim's time over it bounds the speed-up of any such count written in Python.
    ``smoothing="gensim", eps=tk.EPSILON`` (gensim's ε, 1e-12) is gensim's convention for pairs that never
    co-occur; with sliding windows teachkit gets ``gensim_compat=True``, so that its counts are gensim's (gensim 4.4
    under-counts words that repeat inside a window; see teachkit/counts/counting.py).
gensim
    ``CoherenceModel(topics=..., texts=docs, dictionary=..., coherence="c_npmi", window_size=W,
    topn=10, processes=1).get_coherence_per_topic()``; the ``Dictionary`` is built beforehand and NOT
    timed (which favours gensim).  gensim has no document mode for c_npmi: at document level it gets
    a window one token longer than the longest document, which makes every document one window.
    ``processes=1``: on a 2-core machine gensim's default (cpu_count - 1 workers) is the same.
Agreement
    gensim averages the k(k-1) ordered pairs, teachkit the k(k-1)/2 unordered ones; NPMI is symmetric
    and gensim computes both orders with the same operations, so the means agree up to summation
    rounding: checked to 1e-9.  teachkit's paths must agree with each other exactly.
Time and memory
    Every measurement runs in a fresh Python process, so peaks are separate.  Time: wall clock of
    the call, counting included ("CPU": the process's own CPU seconds, which a busy machine disturbs
    less).  Memory: the growth of the process's peak resident set size over its resident size just
    before the call; with the in-memory corpus that is what the call needs on top of the corpus, with
    a file it is all the call holds.  For Dask, the workers' own peak resident sizes.
    On the 1.33M-token corpus each configuration is measured in rounds (5 at document level, where
    everything takes well under a second, 3 with windows, where gensim takes seconds) and the table
    gives each path's median round; every round's speed-up is printed.  At scale, the in-memory index
    and ``words`` are timed 3 times at 1.33M and at 9.94M tokens, each in a fresh process, and the
    fastest is kept (the highest peak), so that the time per token at 9.94M / at 1.33M compares like
    with like and a single slow run of the short file cannot make it; the rest are single runs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter

TOP_N = 10
TOLERANCE = 1e-9
MiB = 2**20
SAMPLE = "head500.noblanks.cor"
DOCUMENT_ROUNDS = 5
WINDOW_ROUNDS = 3
SCALE_REPEATS = (4, 30, 300)          # 1.33M, 9.94M, 99.4M tokens
GENSIM_UP_TO = 30                     # gensim runs at scale up to 9.94M tokens
SCALE_ROUNDS = 3                      # index and words= at 1.33M and 9.94M: the fastest of 3


# ------------------------------------------------------------------ corpus and topics
def sample():
    from gensim.test.utils import datapath

    with open(datapath(SAMPLE), encoding="utf-8") as f:
        return [line.split() for line in f]


def frequency_slice_topics(texts, n_topics=20, size=10, skip=100):
    """Words ranked by frequency (ties alphabetical), top `skip` dropped, cut into slices."""
    freq = Counter(tok for doc in texts for tok in doc)
    ranked = sorted(freq, key=lambda w: (-freq[w], w))
    return [ranked[skip + i * size: skip + (i + 1) * size] for i in range(n_topics)]


def lda_topics(texts, n_topics=20):
    """The 10 most probable words of each topic of a gensim LdaModel trained on the sample."""
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    dictionary = Dictionary(texts)
    model = LdaModel([dictionary.doc2bow(t) for t in texts], id2word=dictionary, num_topics=n_topics,
                     random_state=1, passes=2)
    return [[w for w, _ in model.show_topic(i, topn=TOP_N)] for i in range(n_topics)]


def write_corpus(path, repeat):
    lines = [" ".join(doc) + "\n" for doc in sample()]
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(repeat):
            f.writelines(lines)


class FileCorpus:
    """The documents of a file, one per line, read again at each pass (gensim may read twice)."""

    def __init__(self, path):
        self.path = path

    def __iter__(self):
        with open(self.path, encoding="utf-8") as f:
            for line in f:
                yield line.split()


# ------------------------------------------------------------------ one measurement (child process)
def _rss():
    """Current resident set size in bytes (Linux), or 0 when unknown."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _peak():
    """Peak resident set size in bytes: the kernel's VmHWM, which starts afresh at exec (ru_maxrss does not:
    a child started by a large parent would report the parent's size), and which _reset_peak lowers."""
    try:
        with open("/proc/self/status") as f:
            return int(next(line.split()[1] for line in f if line.startswith("VmHWM:"))) * 1024
    except (OSError, StopIteration, ValueError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


def _reset_peak():
    """Lower the peak to the current resident size (Linux: writing 5 to clear_refs), so that a peak taken
    after a call is the call's own."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def measure(spec):
    """Run one configuration in this process; return times, memory and values."""
    window, compat, topics, path = spec["window"], spec["compat"], spec["topics"], spec["path"]
    words = sorted({w for t in topics for w in t})
    if "file" in spec:
        docs = FileCorpus(spec["file"])
    else:
        docs = sample() * spec["repeat"]
    out = {}
    if path == "gensim":
        from gensim.corpora import Dictionary
        from gensim.models.coherencemodel import CoherenceModel

        dictionary = Dictionary(docs)  # built outside the timing
        size = window if window is not None else max(len(d) for d in docs) + 1
        _reset_peak()
        before, cpu, start = _rss(), time.process_time(), time.perf_counter()
        model = CoherenceModel(topics=topics, texts=docs, dictionary=dictionary, coherence="c_npmi",
                               window_size=size, topn=TOP_N, processes=1)
        values = list(model.get_coherence_per_topic())
        out.update(total=time.perf_counter() - start, cpu=time.process_time() - cpu, peak=_peak() - before,
                   values=values, tokens=dictionary.num_pos)
        return out

    if path == "lookup-floor":
        # The least any exact counter written in Python does per token: look it up in a dict of the corpus's
        # spellings (built beforehand from a separate read, so that the documents' strings are fresh and
        # their hashes computed inside the clock, as in the calls measured).
        from collections import deque
        from itertools import chain

        spellings = dict.fromkeys(w for d in sample() for w in d)
        _reset_peak()
        before, cpu, start = _rss(), time.process_time(), time.perf_counter()
        deque(map(spellings.__getitem__, chain.from_iterable(docs)), maxlen=0)
        out.update(total=time.perf_counter() - start, cpu=time.process_time() - cpu, peak=_peak() - before,
                   values=[], tokens=sum(map(len, docs)))
        return out

    import teachkit as tk

    counts_from, score = tk.CooccurrenceCounts.from_documents, tk.topic_coherence   # loaded before the clock
    import scipy.sparse  # noqa: F401  (the full index loads it on first use; gensim's import loads it too)
    stream = iter(docs)   # the file read once, line by line (a list is read as it is)
    if path == "dask":
        import dask.bag as db
        from dask.distributed import Client, LocalCluster

        with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None, silence_logs=40) as cluster, \
                Client(cluster) as client:
            client.run(lambda: None)                      # workers up before the clock
            _reset_peak()
            before, cpu, start = _rss(), time.process_time(), time.perf_counter()
            bag = db.read_text(spec["file"], blocksize="32MiB").map(str.split)
            counts = tk.count_on_dask(bag, words, window=window, gensim_compat=compat)
            values = [score(t, counts, smoothing="gensim", eps=tk.EPSILON).mean for t in topics]
            total, cpu = time.perf_counter() - start, time.process_time() - cpu
            workers = client.run(_peak)
        out.update(total=total, cpu=cpu, peak=_peak() - before, values=values, tokens=counts.n_tokens,
                   windows=counts.n, partitions=bag.npartitions, worker_peaks=sorted(workers.values()))
        return out
    _reset_peak()
    before, cpu, start = _rss(), time.process_time(), time.perf_counter()
    if path == "disk-build":
        header = tk.build_index(stream, spec["index"], window=window, gensim_compat=compat)
        out.update(total=time.perf_counter() - start, cpu=time.process_time() - cpu, peak=_peak() - before,
                   values=[], tokens=header["n_tokens"], windows=header["n"], bytes=header["bytes"])
        return out
    if path == "disk-query":
        counts = tk.open_index(spec["index"], window=window, gensim_compat=compat)
        out["open"] = time.perf_counter() - start
    elif path == "index":
        counts = counts_from(stream, window=window, gensim_compat=compat)
    elif path == "words":
        counts = counts_from(stream, window=window, gensim_compat=compat, words=words)
    else:
        raise ValueError(path)
    counted = time.perf_counter()
    count_peak = _peak() - before
    values = [score(t, counts, smoothing="gensim", eps=tk.EPSILON).mean for t in topics]
    out.update(total=time.perf_counter() - start, cpu=time.process_time() - cpu, counting=counted - start,
               scoring=time.perf_counter() - counted, count_peak=count_peak, peak=_peak() - before,
               values=values, windows=counts.n, tokens=counts.n_tokens)
    if path == "disk-query":        # what checking the checksums costs: the same index opened without it
        again = time.perf_counter()
        tk.open_index(spec["index"], window=window, gensim_compat=compat, verify=False)
        out["open_unverified"] = time.perf_counter() - again
    return out


def run(spec, repeats=1):
    """Measure `spec` in `repeats` fresh processes; keep the fastest (and the highest peak)."""
    best = None
    for _ in range(repeats):
        done = subprocess.run([sys.executable, __file__, "--child", json.dumps(spec)],
                              capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"measurement {spec['path']} failed:\n{done.stderr[-3000:]}")
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


class Checks:
    """Every value seen, per configuration: gensim's and each teachkit path's."""

    def __init__(self):
        self.worst_gensim = 0.0
        self.mismatches = []

    def add(self, label, gensim_values, teachkit_runs):
        paths = list(teachkit_runs.items())
        first_name, first = paths[0]
        for name, values in paths[1:]:
            if values != first:
                self.mismatches.append(f"{label}: teachkit {name} differs from teachkit {first_name}")
        if gensim_values is not None:
            for values in teachkit_runs.values():
                self.worst_gensim = max(self.worst_gensim, max(abs(a - b) for a, b in zip(gensim_values, values)))


def ms(seconds):
    return f"{seconds:.2f}" if seconds >= 0.995 else f"{seconds:.3f}"


def compare(window, topics, label, rounds, folder, checks):
    """gensim and teachkit's index / words / disk paths on the ×4 corpus: medians over `rounds`."""
    compat = window is not None
    base = {"repeat": 4, "window": window, "compat": compat, "topics": topics}
    index_dir = os.path.join(folder, f"index-{label}-{window}")
    build = run({**base, "path": "disk-build", "index": index_dir})
    paths = ("gensim", "index", "words", "disk-query") + (("lookup-floor",) if window is None else ())
    measured = {p: [] for p in paths}
    for _ in range(rounds):
        for p in measured:
            measured[p].append(run({**base, "path": p, "index": index_dir}))
    shutil.rmtree(index_dir)
    gensim_values = measured["gensim"][0]["values"]
    checks.add(f"x4 {label} window={window}", gensim_values,
               {p: measured[p][0]["values"] for p in ("index", "words", "disk-query")})
    row = {"label": label, "window": window, "build": build}
    for p, results in measured.items():
        ordered = sorted(results, key=lambda r: r["total"])
        row[p] = ordered[len(ordered) // 2]
        row[p + "_all"] = [r["total"] for r in results]
    for p in ("index", "words", "disk-query", "lookup-floor"):
        if p in measured:
            row[p + "_ratios"] = [g / t for g, t in zip(row["gensim_all"], row[p + "_all"])]
    kind = f"windows of {window} (gensim_compat)" if compat else "whole documents"
    print(f"\n{kind}, {label} topics: per-topic c_npmi, gensim and teachkit (index)")
    for i, (a, b) in enumerate(zip(gensim_values, measured["index"][0]["values"])):
        print(f"  topic {i:<3} {a:>20.15f} {b:>20.15f}   |diff| {abs(a - b):.1e}")
    return row


def import_times(rounds=7):
    """Median wall time of `import teachkit` and `import gensim` in fresh processes."""
    result = {}
    for module in ("teachkit", "gensim"):
        times = []
        for _ in range(rounds):
            code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            times.append(float(done.stdout))
        result[module] = (statistics.median(times), min(times), max(times))
    return result


def main(quick=False):
    started = time.perf_counter()
    print("teachkit vs gensim c_npmi on gensim's Wikipedia sample, 20 topics × 10 words")
    print("machine:", machine())
    print("date:", time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))
    texts = sample()
    topic_sets = {"LDA": lda_topics(texts), "frequency-slice": frequency_slice_topics(texts)}
    print("\nLDA topics (gensim LdaModel, 20 topics, random_state=1, passes=2):")
    for t in topic_sets["LDA"]:
        print("  " + " ".join(t))
    folder = tempfile.mkdtemp(prefix="teachkit-bench-")
    checks = Checks()
    try:
        report(quick, topic_sets, folder, checks)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"\nTotal benchmark time: {time.perf_counter() - started:.0f} s")
    if checks.worst_gensim > TOLERANCE or checks.mismatches:
        sys.exit(f"DISAGREEMENT: gensim vs teachkit up to {checks.worst_gensim:.2e}; {checks.mismatches}")


def report(quick, topic_sets, folder, checks):
    targets = []
    # ---------------------------------------------------------------- 1. the ×4 corpus
    rows = []
    for window in (None, 10):
        if quick and window is not None:
            print("\nwindows of 10: skipped with --quick (gensim takes seconds per run)")
            continue
        for label, topics in topic_sets.items():
            rows.append(compare(window, topics, label, DOCUMENT_ROUNDS if window is None else WINDOW_ROUNDS, folder,
                                checks))
    print("\n## teachkit vs gensim, ×4 sample (1,325,356 tokens), 20 topics (times include counting; "
          "memory: peak growth during the call)\n")
    print("| counting | topics | gensim (s) | teachkit index (s) | speed-up | teachkit words= (s) | speed-up "
          "| teachkit disk, open + score (s) | speed-up | gensim peak (MiB) | index peak (MiB) | words= peak (MiB) |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        kind = "windows of 10" if r["window"] else "whole documents"
        g = r["gensim"]["total"]
        cells = []
        for p in ("index", "words", "disk-query"):
            cells += [ms(r[p]["total"]), f"{statistics.median(r[p + '_ratios']):.1f}×"]
        peaks = [r[p]["peak"] / MiB for p in ("gensim", "index", "words")]
        print(f"| {kind} | {r['label']} | {ms(g)} | " + " | ".join(cells)
              + "".join(f" | {x:.0f}" for x in peaks) + " |")
    for r in rows:
        if len(r["gensim_all"]) > 1:
            kind = "windows of 10" if r["window"] else "whole documents"
            for p in ("index", "words", "disk-query"):
                print(f"{kind}, {r['label']}, {p}: speed-ups of the {len(r['gensim_all'])} rounds "
                      + ", ".join(f"{x:.1f}×" for x in r[p + "_ratios"]))
    for r in rows:
        if r["window"] is None:
            parts = "; ".join(f"{p} {ms(r[p]['counting'])} s counting + {ms(r[p]['scoring'])} s scoring"
                              for p in ("index", "words"))
            print(f"whole documents, {r['label']}, the median rounds split: {parts}")
    for r in rows:
        if "lookup-floor" in r:
            f = r["lookup-floor_ratios"]
            print(f"whole documents, {r['label']}: one dict look-up per token of the corpus and nothing else takes "
                  f"{ms(r['lookup-floor']['total'])} s, gensim's time / that = {statistics.median(f):.1f}× (rounds "
                  f"{min(f):.1f}–{max(f):.1f}×): the least work an exact count of the corpus's words does in Python")
    for r in rows:
        need = 15 if r["window"] else 3
        kind = "windows of 10 (gensim_compat)" if r["window"] else "whole documents"
        for p in ("index", "words", "disk-query"):
            median = statistics.median(r[p + "_ratios"])
            bound = (f"; a dict look-up per token alone: {statistics.median(r['lookup-floor_ratios']):.2f}×"
                     if "lookup-floor" in r and p != "disk-query" else "")
            targets.append((f"{kind}, {r['label']} topics, teachkit {p}: ≥ {need}× gensim",
                            median >= need, f"{median:.2f}× (rounds {min(r[p + '_ratios']):.2f}–"
                                            f"{max(r[p + '_ratios']):.2f}×){bound}"))

    # ---------------------------------------------------------------- 2. counting alone by window size
    print("\n## Counting alone, ×4 corpus (1.33M tokens), full index: time and peak memory by window size\n")
    print("| window | windows | counting (s) | counting peak (MiB) |")
    print("|---:|---:|---:|---:|")
    for window in (2, 10, 100, 1000, 10**10, None):
        r = run({"repeat": 4, "topics": [], "window": window, "compat": False, "path": "index"})
        label = "documents" if window is None else f"{window:,}"
        print(f"| {label} | {r['windows']:,} | {ms(r['counting'])} | {r['count_peak'] / MiB:.0f} |")

    # ---------------------------------------------------------------- 3. scale, from a file
    topics = topic_sets["LDA"]
    scale = {}
    repeats = SCALE_REPEATS[:1] if quick else SCALE_REPEATS
    for repeat in repeats:
        path = os.path.join(folder, f"corpus-x{repeat}.txt")
        write_corpus(path, repeat)
        base = {"file": path, "window": 10, "compat": True, "topics": topics}
        index_dir = os.path.join(folder, f"index-x{repeat}")
        got = {}
        if repeat <= GENSIM_UP_TO:
            got["gensim"] = run({**base, "path": "gensim"})
        for p in ("index", "words", "disk-build", "disk-query"):
            got[p] = run({**base, "path": p, "index": index_dir},
                         repeats=SCALE_ROUNDS if p in ("index", "words") and repeat <= GENSIM_UP_TO else 1)
        if repeat == 30:
            got["dask"] = run({**base, "path": "dask"})
        shutil.rmtree(index_dir)
        os.remove(path)
        checks.add(f"file x{repeat}", got.get("gensim", {}).get("values"),
                   {p: got[p]["values"] for p in ("index", "words", "disk-query", "dask") if p in got})
        scale[repeat] = got
    print("\n## Scale: a file of 1.33M, 9.94M and 99.4M tokens read line by line, windows of 10 "
          "(gensim_compat), 20 LDA topics; gensim up to 9.94M; from_documents with and without words= the "
          "fastest of 3 runs up to 9.94M\n")
    print("| tokens | call | time (s) | CPU (s) | µs per token | per token / at 1.33M | peak growth (MiB) |")
    print("|---:|---|---:|---:|---:|---:|---:|")
    names = {"gensim": "gensim CoherenceModel", "index": "teachkit from_documents (index)",
             "words": "teachkit from_documents(words=)", "disk-build": "teachkit build_index",
             "disk-query": "teachkit open_index + score", "dask": "teachkit count_on_dask, 2 workers"}
    for repeat, got in scale.items():
        for p, r in got.items():
            per_token = r["total"] / r["tokens"]
            small = scale[repeats[0]].get(p)
            ratio = f"{per_token / (small['total'] / small['tokens']):.2f}" if small and repeat != repeats[0] else "–"
            peak = (f"workers {', '.join(f'{x / MiB:.0f}' for x in r['worker_peaks'])} (absolute)"
                    if p == "dask" else f"{r['peak'] / MiB:.0f}")
            print(f"| {r['tokens']:,} | {names[p]} | {ms(r['total'])} | {ms(r['cpu'])} | {per_token * 1e6:.3f} "
                  f"| {ratio} | {peak} |")
    for repeat, got in scale.items():
        if "gensim" in got:
            for p in ("index", "words", "disk-query"):
                print(f"x{repeat}: teachkit {p} is {got['gensim']['total'] / got[p]['total']:.1f}× gensim "
                      f"(peaks: gensim {got['gensim']['peak'] / MiB:.0f} MiB, teachkit {got[p]['peak'] / MiB:.0f} MiB)")
    print("\n## The index on disk\n")
    print("| tokens | build (s) | build peak growth (MiB) | size on disk (MiB) | bytes per token | open (s) "
          "| open, verify=False (s) |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for got in scale.values():
        b, q = got["disk-build"], got["disk-query"]
        print(f"| {b['tokens']:,} | {ms(b['total'])} | {b['peak'] / MiB:.0f} | {b['bytes'] / MiB:.0f} "
              f"| {b['bytes'] / b['tokens']:.2f} | {q['open']:.4f} | {q['open_unverified']:.4f} |")
        targets.append((f"index on disk at {b['tokens']:,} tokens: ≤ 16 bytes per token",
                        b["bytes"] <= 16 * b["tokens"], f"{b['bytes'] / b['tokens']:.2f}"))
        targets.append((f"index opened in under a second ({b['tokens']:,} tokens)", q["open"] < 1,
                        f"{q['open']:.4f} s"))
    if 30 in scale:
        d, w = scale[30]["dask"], scale[30]["words"]
        print(f"\nDask: {d['tokens']:,} tokens in {d['partitions']} partitions on a LocalCluster of 2 workers: "
              f"{ms(d['total'])} s against {ms(w['total'])} s in one process (words=); same values: "
              f"{d['values'] == w['values']}.")
    for p in ("index", "words"):
        for repeat in repeats[1:]:
            small, large = scale[repeats[0]][p], scale[repeat][p]
            ratio = (large["total"] / large["tokens"]) / (small["total"] / small["tokens"])
            cpu = (large["cpu"] / large["tokens"]) / (small["cpu"] / small["tokens"])
            if repeat == 30:
                targets.append((f"teachkit {p}: time per token at 9.94M ≤ 1.05× that at 1.33M", ratio <= 1.05,
                                f"{ratio:.2f} wall, {cpu:.2f} CPU"))
    for repeat in repeats:
        w = scale[repeat]["words"]
        if repeat >= 30:
            targets.append((f"words= streaming at {w['tokens']:,} tokens: ≤ 50 MiB extra", w["peak"] <= 50 * MiB,
                            f"+{w['peak'] / MiB:.0f} MiB"))

    # ---------------------------------------------------------------- 4. import time
    imports = import_times()
    print("\n## import time (fresh processes, 7 each)\n")
    for module, (median, low, high) in imports.items():
        print(f"import {module}: median {median:.3f} s (min {low:.3f}, max {high:.3f})")
    targets.append(("import teachkit ≤ 0.15 s", imports["teachkit"][0] <= 0.15, f"{imports['teachkit'][0]:.3f} s"))

    print("\n## Targets")
    for name, met, value in targets:
        print(f"  {name}: {'met' if met else 'NOT met'} ({value})")
    print(f"\nLargest difference gensim vs teachkit: {checks.worst_gensim:.1e}; teachkit's paths "
          f"{'identical' if not checks.mismatches else 'DIFFER: ' + '; '.join(checks.mismatches)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip gensim's window runs and the large corpora")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(json.loads(args.child))))
    else:
        main(quick=args.quick)
