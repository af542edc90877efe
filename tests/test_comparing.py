"""teachkit.course.comparing: the tables notebook 07 shows, checked against values worked out by hand and against
the notebook's own former cell code (the paired bootstrap)."""

from types import SimpleNamespace

import numpy as np
import pytest

from teachkit.course import comparing


@pytest.fixture
def shown(monkeypatch):
    seen = {}

    def fake_table(rows, columns, **kwargs):
        seen.update(rows=[list(r) for r in rows], columns=list(columns), **kwargs)

    monkeypatch.setattr(comparing, "table", fake_table)
    return seen


def test_discrimination_table_gives_auc_and_d_per_bad_set(shown):
    # good 0.9, 0.6, 0.4 against bad 0.5, 0.1: 5 of the 6 pairs won (0.4 < 0.5), AUC 5/6.
    # d: means 19/30 and 0.3, sample variances 19/300 (good) and 0.08 (bad), pooled (2·19/300 + 0.08)/3 = 0.0689,
    # d = (19/30 - 0.3)/sqrt(0.0689) = 1.2700
    comparing.discrimination_table({"M": {"LDA topics": [0.9, 0.6, 0.4], "bad": [0.5, 0.1]}}, ["bad"])
    assert shown["columns"] == ["metric", "AUC, bad", "d, bad"]
    (row,) = shown["rows"]
    assert row[0] == "M" and row[1] == pytest.approx(5 / 6) and row[2] == pytest.approx(1.2700, abs=5e-5)
    assert shown["formats"] == {"AUC, bad": ".3f", "d, bad": ".2f"}


def test_verdict_reads_the_interval_against_1():
    above, below, across = (SimpleNamespace(ratio=r, low=lo, high=hi)
                            for r, lo, hi in [(2.0, 1.2, 3.0), (0.5, 0.2, 0.9), (1.1, 0.6, 1.8)])
    assert [comparing.verdict(r) for r in (above, below, across)] == ["SC better", "NPMI better", "no clear winner"]


def test_ratio_table_rows(shown):
    r = SimpleNamespace(ratio=0.3214, low=0.1903, high=0.4751)
    comparing.ratio_table([(("SC", "random lists"), r)], ["metric", "bad topics"], verdicts=True, caption="c")
    assert shown["rows"] == [["SC", "random lists", 0.3214, "[0.19, 0.48]", "NPMI better"]]
    assert shown["columns"] == ["metric", "bad topics", "ratio", "95% interval", "verdict"]
    assert shown["caption"] == "c" and shown["formats"] == {"ratio": ".2f"}


def test_ratio_table_corrected_column(shown):
    # 21 resampled ratios 0.0, 0.1, ..., 2.0: numpy's linear percentiles at 1.25 % and 98.75 % are 0.025 and 1.975
    r = SimpleNamespace(ratio=1.0, low=0.05, high=1.95, boot=np.linspace(0, 2, 21))
    comparing.ratio_table([(("EC",), r)], ["metric"], corrected=1 - 0.05 / 2)
    assert shown["rows"] == [["EC", 1.0, "[0.05, 1.95]", "[0.03, 1.98]"]]  # 0.025 -> 0.03 (0.025 is 0.02500..01)
    assert shown["columns"] == ["metric", "ratio", "95% interval", "97.500% interval"]
    with pytest.raises(ValueError, match="corrected"):
        comparing.ratio_table([(("EC",), r)], ["metric"], corrected=5)


def test_auc_counts_pairs_and_ties():
    # 1 beats 0; 1 ties 1 (one half); 2 beats both: (1 + 0.5 + 2) / 4
    assert comparing.auc(np.array([1, 2]), np.array([0, 1])) == 3.5 / 4


def _former_cell(ec, sc_, bad_sets):
    """07-model-01-paired as it stood before the helper (2026-11-28), verbatim but for the display."""
    def auc(good, bad):
        return float(((good[:, None] > bad[None, :]) + 0.5 * (good[:, None] == bad[None, :])).mean())

    rng = np.random.default_rng(0)
    level = 1 - 0.05 / len(bad_sets)
    rows = []
    for s in bad_sets:
        good_n, bad_n = len(ec["LDA topics"]), len(ec[s])
        diffs = []
        for _ in range(2000):
            g, b = rng.integers(0, good_n, good_n), rng.integers(0, bad_n, bad_n)
            diffs.append(auc(ec["LDA topics"][g], ec[s][b]) - auc(sc_["LDA topics"][g], sc_[s][b]))
        low, high = np.percentile(diffs, [2.5, 97.5])
        low_b, high_b = np.percentile(diffs, [100 * (1 - level) / 2, 100 * (1 + level) / 2])
        observed = auc(ec["LDA topics"], ec[s]) - auc(sc_["LDA topics"], sc_[s])
        rows.append([s, observed, f"[{low:+.3f}, {high:+.3f}]", f"[{low_b:+.3f}, {high_b:+.3f}]"])
    return rows


def test_paired_auc_differences_reproduces_the_former_cell(shown):
    rng = np.random.default_rng(5)
    sets = {"LDA topics": 16, "random lists": 64, "1 intruder": 16}
    ec = {s: rng.normal(0.5 if s == "LDA topics" else 0.3, 0.2, n) for s, n in sets.items()}
    sc = {s: v + rng.normal(0, 0.1, len(v)) for s, v in ec.items()}
    bad = ["random lists", "1 intruder"]
    rows = comparing.paired_auc_differences(ec, sc, bad, names=("EC", "SC"), vectors="MiniLM")
    assert rows == _former_cell(ec, sc, bad)
    assert shown["columns"] == ["bad topics", "AUC(EC) - AUC(SC)", "95% interval", "97.50% interval"]
    assert shown["caption"] == ("MiniLM vectors, 2,000 paired resamples (seed 0); 97.50% is the Bonferroni level "
                                "for 2 comparisons")
    with pytest.raises(ValueError, match="same topics"):
        comparing.paired_auc_differences(ec, {**sc, "1 intruder": sc["1 intruder"][:3]}, bad, display_it=False)
    with pytest.raises(ValueError, match="n_resamples"):
        comparing.paired_auc_differences(ec, sc, bad, n_resamples=0, display_it=False)
