"""teachkit vs gensim: every measure of teachkit.coherence.measures.MEASURES, one line per measure.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_measures.py``).
A benchmark, not a test: it prints numbers and never fails on timing; it
exits with an error only if teachkit (``gensim_compat=True``) and gensim
disagree on a value by more than 1e-9.

Corpus and topics
    The Lee corpus (``teachkit.lee_background()``, 300 documents, 61,260
    tokens).  Topics: the corpus's words ranked by frequency (ties
    alphabetical), the 100 most frequent skipped, then 20 consecutive slices
    of 10 words (as benchmarks/bench_coherence.py does): deterministic, no
    model needed.
Calls (each measure at its default window, read from ``MEASURES``: u_mass whole
documents, c_uci and c_npmi 10, c_v 110, c_a 5; gensim's columns stay empty for a
measure gensim does not offer, such as c_a)
    gensim:   ``CoherenceModel(topics, texts=..., dictionary=..., coherence=m,
              topn=10, processes=1).get_coherence_per_topic()``; the
              ``Dictionary`` is built beforehand and not timed.
    teachkit: ``coherence_per_topic(topics, texts, m, top_n=10,
              gensim_compat=True)`` (counting included), and its default
              (correct counts, the measure's own zero convention), timed too.
Timing and memory
    Wall time: best of up to 3 runs (1 when a run takes over 5 s).  Peak
    memory: a separate run under ``tracemalloc``.
"""

from __future__ import annotations

import gc
import sys
import time
import tracemalloc
from collections import Counter

import numpy as np

from teachkit import coherence_per_topic, lee_background
from teachkit.coherence.measures import MEASURES

try:
    from gensim.corpora import Dictionary
    from gensim.models.coherencemodel import CoherenceModel
except ImportError:  # pragma: no cover - gensim is a teachkit dependency
    sys.exit("The benchmark compares with gensim, which is not installed: python -m pip install gensim")

TOP_N = 10
TOLERANCE = 1e-9
MiB = 2**20


def frequency_slice_topics(texts, n_topics=20, size=10, skip=100):
    freq = Counter(tok for doc in texts for tok in doc)
    ranked = sorted(freq, key=lambda w: (-freq[w], w))
    return [ranked[skip + i * size: skip + (i + 1) * size] for i in range(n_topics)]


def best_time(fn, repeats=3, slow=5.0):
    best, result = float("inf"), None
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        result = fn()
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        if elapsed > slow:
            break
    return result, best


def peak_memory(fn):
    gc.collect()
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main():
    started = time.perf_counter()
    texts = lee_background()
    topics = frequency_slice_topics(texts)
    dictionary = Dictionary(texts)

    def run_gensim(measure):
        model = CoherenceModel(topics=topics, texts=texts, dictionary=dictionary, coherence=measure,
                               topn=TOP_N, processes=1)
        return list(model.get_coherence_per_topic())

    def run_teachkit(measure, compat=True):
        return list(coherence_per_topic(topics, texts, measure, top_n=TOP_N, gensim_compat=compat))

    print(f"Lee corpus: {len(texts)} documents, {sum(map(len, texts)):,} tokens; 20 topics x {TOP_N} words\n")
    print("| measure | window | gensim (s) | teachkit, gensim_compat (s) | speed-up | teachkit default (s) "
          "| gensim peak (MiB) | teachkit peak (MiB) | max abs diff |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    worst = 0.0
    for measure, spec in MEASURES.items():
        # Each lambda is called at once, within this pass of the loop; binding measure keeps that explicit.
        window = "documents" if spec.window is None else str(spec.window)
        _, d_time = best_time(lambda measure=measure: run_teachkit(measure, compat=False))
        if not spec.in_gensim:
            # gensim has no such measure, so nothing to reproduce: teachkit's default call alone.
            d_peak = peak_memory(lambda measure=measure: run_teachkit(measure, compat=False))
            print(f"| {measure} | {window} | (no gensim) | | | {d_time:.3f} | | {d_peak / MiB:.1f} | |", flush=True)
            continue
        t_values, t_time = best_time(lambda measure=measure: run_teachkit(measure))
        t_peak = peak_memory(lambda measure=measure: run_teachkit(measure))
        g_values, g_time = best_time(lambda measure=measure: run_gensim(measure))
        g_peak = peak_memory(lambda measure=measure: run_gensim(measure))
        diff = float(np.max(np.abs(np.array(g_values) - np.array(t_values))))
        worst = max(worst, diff)
        print(f"| {measure} | {window} | {g_time:.3f} | {t_time:.3f} | {g_time / t_time:.1f}x | {d_time:.3f} "
              f"| {g_peak / MiB:.1f} | {t_peak / MiB:.1f} | {diff:.1e} |", flush=True)
    print(f"\nTotal benchmark time: {time.perf_counter() - started:.0f} s")
    if worst > TOLERANCE:
        sys.exit(f"DISAGREEMENT: teachkit and gensim differ by {worst:.2e} > {TOLERANCE}")


if __name__ == "__main__":
    main()
