"""The neural language model of notebook 04c beside NgramLM: training throughput and evaluation time.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/bench_neural_lm.py``).  A benchmark, not a
test: it prints numbers and never fails on timing.

Text
    The Lee corpus split as notebook 04c splits it (``split_documents(lee_background(), heldout=0.2,
    seed=0)``; each article one document, its words joined by spaces).
Calls (as README and notebook 04c make them)
    neural:  ``NeuralLM(train, unit="char", context=3, embedding=16, hidden=128, seed=0)``, then
             ``.fit(train, epochs=1, batch_size=256, learning_rate=0.01)``; evaluation
             ``.evaluate(held)`` (one stream), ``.evaluate(held, chunk=16)`` (independent chunks) and
             ``.evaluate(held, chunk=16, stride=8)`` (a sliding window).
    n-gram:  ``NgramLM([list(d) for d in train], order=4, smoothing="kneser-ney")`` (the same context of
             3 characters), then ``.predictions([list(d) for d in held])``.
Timing and memory
    Wall time: best of 3 runs for evaluation, one run for training.  Peak memory: the same call again
    under ``tracemalloc``.  Evaluation time is given per 100,000 held-out characters.
"""

from __future__ import annotations


import numpy as np
from measure import peak_mib, timed

from teachkit import NgramLM, lee_background
from teachkit.evaluation.model_selection import split_documents
from teachkit.lm.neural import NeuralLM


def main() -> None:
    train_tokens, held_tokens = split_documents(lee_background(), heldout=0.2, seed=0)
    train = [" ".join(d) for d in train_tokens]
    held = [" ".join(d) for d in held_tokens]
    n_train = sum(len(d) + 1 for d in train)
    n_held = sum(len(d) + 1 for d in held)
    print(f"training text {n_train:,} characters, held-out text {n_held:,} characters")

    def build():
        return NeuralLM(train, unit="char", context=3, embedding=16, hidden=128, seed=0)

    lm = build()
    seconds, _ = timed(lambda: lm.fit(train, epochs=1, batch_size=256, learning_rate=0.01))
    mib = peak_mib(lambda: build().fit(train, epochs=1, batch_size=256, learning_rate=0.01))
    print(f"\nneural, training one epoch: {seconds:.2f} s, {n_train / seconds:,.0f} symbols/s, peak {mib:.0f} MiB")

    ngram_seconds, ngram = timed(lambda: NgramLM([list(d) for d in train], order=4, smoothing="kneser-ney"))
    ngram_mib = peak_mib(lambda: NgramLM([list(d) for d in train], order=4, smoothing="kneser-ney"))
    print(f"n-gram (Kneser-Ney, order 4), counting: {ngram_seconds:.2f} s, {n_train / ngram_seconds:,.0f} "
          f"symbols/s, peak {ngram_mib:.0f} MiB")

    print(f"\n{'evaluation':<40}{'s per 1e5 chars':>16}{'positions/char':>16}{'bits/char':>11}{'peak MiB':>10}")
    for label, how in [("neural, one stream", {}), ("neural, chunks of 16", {"chunk": 16}),
                       ("neural, windows of 16, stride 8", {"chunk": 16, "stride": 8}),
                       ("neural, windows of 16, stride 2", {"chunk": 16, "stride": 2})]:
        # ``how`` is bound as a default so each lambda keeps this iteration's options (B023); both are
        # called at once, inside the iteration, so the numbers are the same as with a late-bound ``how``.
        s, e = timed(lambda how=how: lm.evaluate(held, **how), repeat=3)
        mib = peak_mib(lambda how=how: lm.evaluate(held, **how))
        print(f"{label:<40}{s * 1e5 / n_held:>16.3f}{e.positions_computed / n_held:>16.2f}"
              f"{e.bits_per_character:>11.3f}{mib:>10.0f}")
    s, p = timed(lambda: ngram.predictions([list(d) for d in held]), repeat=3)
    mib = peak_mib(lambda: ngram.predictions([list(d) for d in held]))
    bits = float(-np.log2(p["probability"]).sum()) / n_held
    print(f"{'n-gram, one stream':<40}{s * 1e5 / n_held:>16.3f}{1.0:>16.2f}{bits:>11.3f}{mib:>10.0f}")


if __name__ == "__main__":
    main()
