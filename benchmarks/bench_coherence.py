"""teachkit vs gensim: c_npmi topic coherence on the same tokens and topics.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_coherence.py``).
It is a benchmark, not a test: it prints numbers and never fails on timing;
it exits with an error only if the two libraries disagree on a value.

What is compared
----------------
Corpora
    * Lee: the 300 news articles gensim ships (``teachkit.lee_background()``,
      61,260 tokens).  Topics: the corpus's words ranked by frequency (ties
      alphabetical), the 100 most frequent skipped (mostly function words),
      then 20 consecutive slices of 10 words: ranks 100-109, 110-119, ...
      Frequency slices are not meaningful topics, but they are deterministic,
      need no model and do not depend on the gensim version.
    * Planted: ``teachkit.planted_topics(5000, 20, doc_length=200,
      background=5000, seed=0)``, 1,000,000 tokens.  Topics: the 20 planted
      topics of 10 words (the ground truth), most probable word first.
Windows
    * sliding windows of 10 tokens; teachkit counts with
      ``gensim_compat=True`` so that both give the same numbers (gensim 4.4
      under-counts words that repeat inside a window, see
      teachkit/counting.py); teachkit's default, correct count is timed too.
    * whole documents: teachkit ``window=None``; gensim has no document mode
      for c_npmi, so it gets a window one token longer than the longest
      document, which makes every document a single window.
Calls (the same tokens, the same 20 x 10 topics, eps = 1e-12)
    gensim:   ``CoherenceModel(topics=..., texts=..., dictionary=...,
              coherence="c_npmi", window_size=W, topn=10, processes=1)``
              then ``get_coherence_per_topic()``; the ``Dictionary`` is built
              beforehand and NOT timed (which favours gensim).
    teachkit: ``CooccurrenceCounts.from_documents(texts, window=W,
              gensim_compat=..., words=<the 200 topic words>)`` then
              ``topic_coherence(topic, counts, top_n=10, smoothing="gensim",
              eps=1e-12)`` for each topic.
    Both times include counting.
Aggregation
    gensim's c_npmi segments a topic into *ordered* pairs (``s_one_one``:
    (w_i, w_j) and (w_j, w_i) for every i != j, k(k-1) = 90 pairs) and takes
    their arithmetic mean; teachkit averages the k(k-1)/2 = 45 unordered
    pairs.  NPMI is symmetric and gensim computes both orders with the same
    floating-point operations (a product of two marginals is commutative), so
    each value appears twice and the means are equal up to summation
    rounding (~1e-16).  The script checks agreement to 1e-9.
processes=1
    gensim's default ``processes=-1`` means ``max(1, cpu_count - 1)``
    worker processes, which is 1 on a 2-core machine: the default and
    ``processes=1`` are the same single-process accumulator there.  On more
    cores gensim would parallelize; teachkit uses one core.
Timing and memory
    Wall time: the best of up to 3 runs for gensim, 5 for teachkit (1 run
    when a run takes over 5 s).
    Peak memory: a separate run under ``tracemalloc`` (which slows Python
    code), reporting the peak of the memory allocated during the call, numpy
    arrays included; the corpus itself, allocated before, is not counted.
Streaming
    teachkit reads documents in chunks, so counting a generator of documents
    needs memory bounded by the chunk size and the pair-count matrix, not by
    the corpus.  The last table counts generated corpora of 0.5M, 1M and 2M
    tokens streamed from a generator and reports the tracemalloc peak, next
    to what merely holding the 2M-token corpus as a list would take.
"""

from __future__ import annotations

import gc
import os
import platform
import sys
import time
import tracemalloc
from collections import Counter

import numpy as np
import scipy

import teachkit
from teachkit import CooccurrenceCounts, lee_background, planted_topics, topic_coherence

try:
    import gensim
    from gensim.corpora import Dictionary
    from gensim.models.coherencemodel import CoherenceModel
except ImportError:  # pragma: no cover - gensim is a teachkit dependency
    sys.exit("The benchmark compares with gensim, which is not installed: python -m pip install gensim")

EPS = 1e-12
TOP_N = 10
TOLERANCE = 1e-9
MiB = 2**20


# ------------------------------------------------------------------ corpora
def frequency_slice_topics(texts, n_topics=20, size=10, skip=100):
    """Words ranked by frequency (ties alphabetical), top `skip` dropped, cut into slices."""
    freq = Counter(tok for doc in texts for tok in doc)
    ranked = sorted(freq, key=lambda w: (-freq[w], w))
    if len(ranked) < skip + n_topics * size:
        raise ValueError("corpus vocabulary too small for the requested topics")
    return [ranked[skip + i * size: skip + (i + 1) * size] for i in range(n_topics)]


def planted_chunks(n_tokens, chunk_docs=500, doc_length=200):
    """A generator of documents: planted corpora of 100k tokens, one chunk alive at a time."""
    per_chunk = chunk_docs * doc_length
    for i in range(-(-n_tokens // per_chunk)):
        yield from planted_topics(chunk_docs, 20, doc_length=doc_length, background=5000, seed=1000 + i).documents


# ------------------------------------------------------------------ the two contenders
def run_gensim(texts, dictionary, topics, window):
    model = CoherenceModel(topics=topics, texts=texts, dictionary=dictionary, coherence="c_npmi",
                           window_size=window, topn=TOP_N, processes=1)
    return list(model.get_coherence_per_topic())


def run_teachkit(texts, topics, window, gensim_compat):
    words = sorted({w for t in topics for w in t})
    counts = CooccurrenceCounts.from_documents(texts, window=window, gensim_compat=gensim_compat, words=words)
    return [topic_coherence(t, counts, top_n=TOP_N, smoothing="gensim", eps=EPS).mean for t in topics]


# ------------------------------------------------------------------ measuring
def best_time(fn, repeats=3, slow=5.0):
    """(result, best wall time over up to `repeats` runs; one run if it takes more than `slow` s)."""
    best, result = float("inf"), None
    for i in range(repeats):
        gc.collect()
        start = time.perf_counter()
        result = fn()
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        if elapsed > slow:
            break
    return result, best


def peak_memory(fn):
    """Peak memory (bytes) allocated while fn runs, numpy buffers included."""
    gc.collect()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def machine():
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
    return (f"{model}, {os.cpu_count()} logical cores{ram}; {platform.system()} {platform.release()}; "
            f"Python {platform.python_version()}, numpy {np.__version__}, scipy {scipy.__version__}, "
            f"gensim {gensim.__version__}, teachkit {teachkit.__version__}")


# ------------------------------------------------------------------ the benchmark
def compare(name, texts, topics, window, sliding):
    """Time and check one (corpus, window) configuration; return a table row."""
    n_tokens = sum(map(len, texts))
    dictionary = Dictionary(texts)  # gensim needs it; built outside the timing
    gensim_window = window if sliding else max(map(len, texts)) + 1
    tk_window = window if sliding else None

    g_values, g_time = best_time(lambda: run_gensim(texts, dictionary, topics, gensim_window))
    t_values, t_time = best_time(lambda: run_teachkit(texts, topics, tk_window, sliding), repeats=5)
    diffs = [abs(a - b) for a, b in zip(g_values, t_values)]
    kind = f"sliding window {window}" if sliding else "whole documents"
    print(f"\n{name}, {kind}: per-topic c_npmi (gensim_compat={sliding})")
    print(f"  {'topic':<5} {'gensim':>20} {'teachkit':>20} {'|diff|':>9}   first words")
    for i, (g, t, d) in enumerate(zip(g_values, t_values, diffs)):
        print(f"  {i:<5} {g:>20.15f} {t:>20.15f} {d:>9.1e}   {' '.join(topics[i][:4])} ...")
    print(f"  mean  {np.mean(g_values):>20.15f} {np.mean(t_values):>20.15f}   max |diff| = {max(diffs):.1e}")

    correct_time = None
    if sliding:  # teachkit's default: every copy of a repeated word counts
        _, correct_time = best_time(lambda: run_teachkit(texts, topics, window, False), repeats=5)
    g_peak = peak_memory(lambda: run_gensim(texts, dictionary, topics, gensim_window))
    t_peak = peak_memory(lambda: run_teachkit(texts, topics, tk_window, sliding))
    return dict(name=name, kind=kind, tokens=n_tokens, g_time=g_time, t_time=t_time, correct_time=correct_time,
                g_peak=g_peak, t_peak=t_peak, max_diff=max(diffs))


def streaming_table(sizes=(500_000, 1_000_000, 2_000_000)):
    words = sorted({w for t in planted_topics(1, 20, doc_length=1, background=5000).topics for w in t})
    rows = []
    for n in sizes:
        row = {"tokens": n}
        for label, window in (("window", 10), ("documents", None)):
            def count():
                c = CooccurrenceCounts.from_documents(planted_chunks(n), window=window, words=words)
                assert c.n_tokens == n
            row[label] = peak_memory(count)
        rows.append(row)
    as_list = peak_memory(lambda: list(planted_chunks(sizes[-1])))
    return rows, as_list


def main():
    started = time.perf_counter()
    print("teachkit vs gensim c_npmi benchmark")
    print("machine:", machine())

    lee = lee_background()
    lee_topics = frequency_slice_topics(lee)
    planted = planted_topics(5000, 20, doc_length=200, background=5000, seed=0)
    planted_topic_lists = [list(t) for t in planted.topics]

    rows = [
        compare("Lee (300 docs)", lee, lee_topics, 10, sliding=True),
        compare("Lee (300 docs)", lee, lee_topics, None, sliding=False),
        compare("Planted (5000 docs)", planted.documents, planted_topic_lists, 10, sliding=True),
        compare("Planted (5000 docs)", planted.documents, planted_topic_lists, None, sliding=False),
    ]
    stream_rows, as_list = streaming_table()

    print("\n## Results (20 topics x 10 words, c_npmi, eps=1e-12; times include counting)\n")
    print(f"Machine: {machine()}\n")
    print("| corpus | tokens | windows | gensim (s) | teachkit (s) | speed-up | teachkit correct count (s) "
          "| gensim peak (MiB) | teachkit peak (MiB) | memory, teachkit / gensim | max abs diff |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        correct = f"{r['correct_time']:.3f}" if r["correct_time"] is not None else "n/a"
        print(f"| {r['name']} | {r['tokens']:,} | {r['kind']} | {r['g_time']:.3f} | {r['t_time']:.3f} "
              f"| {r['g_time'] / r['t_time']:.1f}x | {correct} | {r['g_peak'] / MiB:.1f} | {r['t_peak'] / MiB:.1f} "
              f"| {r['t_peak'] / r['g_peak']:.1f}x | {r['max_diff']:.1e} |")
    print("\nSliding-window rows: teachkit with gensim_compat=True (the same numbers as gensim); "
          "'teachkit correct count' is the default count, whose values differ where words repeat in a window.")

    print("\n## Streaming: peak memory of counting a generator of documents (teachkit, 200 topic words)\n")
    print("| tokens streamed | peak, sliding window 10 (MiB) | peak, whole documents (MiB) |")
    print("|---:|---:|---:|")
    for r in stream_rows:
        print(f"| {r['tokens']:,} | {r['window'] / MiB:.1f} | {r['documents'] / MiB:.1f} |")
    print(f"\nFor comparison, holding the {stream_rows[-1]['tokens']:,}-token corpus as a list takes "
          f"{as_list / MiB:.1f} MiB.")

    sliding_ok = all(r["g_time"] / r["t_time"] >= 10 for r in rows if r["correct_time"] is not None)
    document_ok = all(r["t_time"] < r["g_time"] for r in rows if r["correct_time"] is None)
    print(f"\nTargets: >= 10x faster with the sliding window: {'met' if sliding_ok else 'NOT met'}; "
          f"faster at document level: {'met' if document_ok else 'NOT met'}.")
    print(f"Total benchmark time: {time.perf_counter() - started:.0f} s")

    worst = max(r["max_diff"] for r in rows)
    if worst > TOLERANCE:
        sys.exit(f"DISAGREEMENT: teachkit and gensim differ by {worst:.2e} > {TOLERANCE}")


if __name__ == "__main__":
    main()
