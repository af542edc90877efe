"""Tables that compare how well topic metrics separate good topics from bad ones (notebook 07).

A lesson cell shows each of these tables with one call, from scores it computed itself:

* :func:`discrimination_table`: per metric, the ROC AUC and Cohen's d of good topics against each kind of bad one;
* :func:`ratio_table`: ratios of two metrics' discrimination (:class:`teachkit.evaluation.discrimination.
  DiscriminationRatio`) with their bootstrap intervals and, on request, a :func:`verdict` per row;
* :func:`paired_auc_differences`: a paired bootstrap of AUC(a) − AUC(b) for two metrics scoring the same topics,
  with 95 % and Bonferroni-corrected intervals.

``scores`` is always ``{metric: {set of topics: array of scores}}``, one score per topic, the same topics in the
same order under every metric.  ``tests/test_comparing.py`` checks each against a computation written out by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ..evaluation.discrimination import discrimination
from .tables import table

__all__ = ["MEASURES", "auc", "discrimination_table", "paired_auc_differences", "ratio_table", "verdict"]

#: The discrimination measures whose ratios the course reports, by the name teachkit uses in code.
MEASURES = {"d": "Cohen's d", "gini": "2·AUC − 1"}


def discrimination_table(scores: Mapping[str, Mapping[str, Sequence[float]]], bad_sets: Sequence[str],
                         good: str = "LDA topics") -> None:
    """Show, per metric of ``scores``, the AUC (3 decimals) and Cohen's d (2 decimals) of ``good`` against each set
    of ``bad_sets``."""
    cells = {(m, s): discrimination(by_set[good], by_set[s]) for m, by_set in scores.items() for s in bad_sets}
    table([[m] + [x for s in bad_sets for x in (cells[m, s].auc, cells[m, s].d)] for m in scores],
          ["metric"] + [f"{x}, {s}" for s in bad_sets for x in ("AUC", "d")],
          formats={f"AUC, {s}": ".3f" for s in bad_sets} | {f"d, {s}": ".2f" for s in bad_sets})


def verdict(r: Any) -> str:
    """"SC better" when a ratio's interval lies above 1, "NPMI better" when below, else "no clear winner"."""
    if r.low > 1:
        return "SC better"
    return "NPMI better" if r.high < 1 else "no clear winner"


def ratio_table(rows: Iterable[tuple[Sequence[str], Any]], columns: Sequence[str], *, verdicts: bool = False,
                caption: str | None = None, corrected: float | None = None) -> None:
    """Show ratios with their intervals: per row, its labels (one per name of ``columns``), the ratio (2 decimals)
    and ``[low, high]``, and with ``verdicts=True`` the row's :func:`verdict`.  With ``corrected`` (a level such as
    1 − 0.05/8, Bonferroni for eight ratios) a further column gives each ratio's interval at that level, the same
    percentiles of the same resampled ratios (``r.boot``) that gave its 95 % interval."""
    if corrected is not None and not 0 < corrected < 1:
        raise ValueError(f"corrected must be a level strictly between 0 and 1 (e.g. 1 - 0.05/8), got {corrected}.")
    rows = list(rows)
    shown = []
    for labels, r in rows:
        row = [*labels, r.ratio, f"[{r.low:.2f}, {r.high:.2f}]"]
        if corrected is not None:
            low, high = np.percentile(r.boot, [50 * (1 - corrected), 50 * (1 + corrected)])
            row.append(f"[{low:.2f}, {high:.2f}]")
        shown.append(row + ([verdict(r)] if verdicts else []))
    extra = [f"{corrected:.3%} interval"] if corrected is not None else []
    table(shown, [*columns, "ratio", "95% interval", *extra] + (["verdict"] if verdicts else []),
          formats={"ratio": ".2f"}, caption=caption)


def auc(good: np.ndarray, bad: np.ndarray) -> float:
    """P(a good topic outscores a bad one), ties counting one half (every pair compared at once)."""
    good, bad = np.asarray(good, dtype=float), np.asarray(bad, dtype=float)
    return float(((good[:, None] > bad[None, :]) + 0.5 * (good[:, None] == bad[None, :])).mean())


def paired_auc_differences(a: Mapping[str, Sequence[float]], b: Mapping[str, Sequence[float]],
                           bad_sets: Sequence[str], good: str = "LDA topics", *, names: tuple[str, str] = ("a", "b"),
                           vectors: str = "", n_resamples: int = 2000, seed: int = 0,
                           display_it: bool = True) -> list[list[Any]]:
    """A paired bootstrap of AUC(a) − AUC(b), ``good`` against each set of ``bad_sets``; show it and return its rows.

    Each resample draws the good and the bad topics once, with replacement, and scores both metrics on the same
    draw (one generator, seeded with ``seed``, drawn set after set in the order of ``bad_sets``).  Each row is
    ``[bad set, observed difference, "[low, high]" 95 % interval, "[low, high]" interval at the Bonferroni level
    1 − 0.05 / len(bad_sets)]``.
    """
    if n_resamples < 1 or not bad_sets:
        raise ValueError("paired_auc_differences needs n_resamples >= 1 and at least one set in bad_sets.")
    rng = np.random.default_rng(seed)
    level = 1 - 0.05 / len(bad_sets)            # Bonferroni: one comparison per kind of bad topic
    rows = []
    for s in bad_sets:
        ag, ab, bg, bb = (np.asarray(x, dtype=float) for x in (a[good], a[s], b[good], b[s]))
        if ag.shape != bg.shape or ab.shape != bb.shape:
            raise ValueError(f"a and b must score the same topics: their {good!r} or {s!r} differ in length.")
        diffs = []
        for _ in range(n_resamples):
            g, k = rng.integers(0, len(ag), len(ag)), rng.integers(0, len(ab), len(ab))
            diffs.append(auc(ag[g], ab[k]) - auc(bg[g], bb[k]))
        low, high = np.percentile(diffs, [2.5, 97.5])
        low_b, high_b = np.percentile(diffs, [100 * (1 - level) / 2, 100 * (1 + level) / 2])
        rows.append([s, auc(ag, ab) - auc(bg, bb), f"[{low:+.3f}, {high:+.3f}]", f"[{low_b:+.3f}, {high_b:+.3f}]"])
    if display_it:
        difference = f"AUC({names[0]}) - AUC({names[1]})"
        table(rows, ["bad topics", difference, "95% interval", f"{level:.2%} interval"],
              formats={difference: "+.3f"},
              caption=f"{vectors + ' vectors, ' if vectors else ''}{n_resamples:,} paired resamples (seed {seed}); "
                      f"{level:.2%} is the Bonferroni level for {len(bad_sets)} comparisons")
    return rows
