"""teachkit.course.plots: each helper's figure reads at the course's text size, and its alt text and "what to
see" line state what the values say (worked out here by hand, on small made-up values)."""

import re
from types import SimpleNamespace

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from teachkit.course import figures, plots  # noqa: E402


@pytest.fixture
def shown(monkeypatch):
    # the course's sizes (teachkit.course.setup.setup_course): 12 pt text, 13 pt titles
    sizes = {"font.size": 12, "axes.titlesize": 13, "axes.labelsize": 12, "xtick.labelsize": 12,
             "ytick.labelsize": 12, "legend.fontsize": 12, "figure.dpi": 100}
    for key, value in sizes.items():
        monkeypatch.setitem(matplotlib.rcParams, key, value)
    seen = {}

    def fake_show(fig, alt, see):
        seen.update(fig=fig, alt=alt, see=see, small=figures.small_text(fig))

    monkeypatch.setattr(plots, "show", fake_show)
    return seen


def test_perplexity_by_order_names_the_rising_and_the_lowest_method(shown):
    plots.perplexity_by_order((1, 2, 3), {"add-one": [900, 2000, 4000], "KN": [950, 400, 300],
                                          "JM": [1100, 450, 420]}, [0.1, 0.5, 0.8])
    assert shown["small"] == []
    # add-one ends highest and rises (900 < 2000 < 4000); KN is lowest at orders 2 and 3 (400 < 450, 300 < 420)
    # but not at order 1 (950 > 900)
    assert shown["see"].startswith("Add-one rises with the order (900 at order 1, 4,000 at order 3) while KN is "
                                   "lowest from order 2 on (300 at order 3)")
    assert "of the held-out n-grams, 10% at order 1, 50% at order 2, 80% at order 3 were never seen" in shown["see"]
    assert "10% at order 1, 50% at order 2, 80% at order 3" in shown["alt"]
    with pytest.raises(ValueError, match="one value per order"):
        plots.perplexity_by_order((1, 2), {"a": [1.0]}, [0.1, 0.2])


def test_paired_lead_is_the_mean_and_standard_error_of_the_run_by_run_differences():
    # differences 0.3 - 0.1 = 0.2, 0.5 - 0.5 = 0, 0.4 - 0.6 = -0.2: mean 0, sd 0.2, s.e. 0.2 / sqrt(3)
    lead, se = plots.paired_lead({5: [0.3, 0.5, 0.4], 8: [0.1, 0.5, 0.6]}, 5, 8)
    assert lead == pytest.approx(0.0, abs=1e-12) and se == pytest.approx(0.2 / 3 ** 0.5)
    with pytest.raises(ValueError, match="same number"):
        plots.paired_lead({5: [0.3, 0.5], 8: [0.1]}, 5, 8)


def _curve(agreements):
    import numpy as np

    return SimpleNamespace(ks=sorted(agreements), agreements=agreements,
                           mean=lambda k: float(np.mean(agreements[k])),
                           standard_error=lambda k: float(np.std(agreements[k], ddof=1) / len(agreements[k]) ** 0.5))


def test_stability_curve_weighs_the_lead_by_the_paired_standard_error(shown):
    # means: K=4 0.5, K=5 0.7, K=8 0.66; best 5, second 8; differences 0.2, 0.0, -0.08: lead 0.04,
    # sd 0.1442, s.e. 0.0833, lead / s.e. = 0.5, within the noise
    best = plots.stability_curve(_curve({4: [0.5, 0.5, 0.5], 5: [0.9, 0.6, 0.6], 8: [0.7, 0.6, 0.68]}), 5)
    assert best == (5, 8) and shown["small"] == []
    assert shown["see"].startswith("The most stable K is 5 (the planted K is 5), but its lead over K = 8 is "
                                   "0.040, 0.5 standard errors of the paired run-by-run differences")
    assert shown["see"].endswith("within the noise.")
    # look z6: ticks only at the Ks fitted (none at 6 or 7), and the planted K's line behind the bars
    ax = shown["fig"].axes[0]
    assert list(ax.get_xticks()) == [4, 5, 8]
    planted = next(line for line in ax.lines if line.get_label() == "planted K")
    assert planted.get_zorder() < min(c.get_zorder() for c in ax.collections)
    # a lead of many paired standard errors: differences 0.30, 0.31, 0.29 (s.e. 0.0058)
    plots.stability_curve(_curve({5: [0.9, 0.91, 0.89], 8: [0.6, 0.6, 0.6]}), 5)
    assert shown["see"].endswith("more than two of them.")


def test_criteria_by_k_says_where_each_criterion_peaks(shown):
    better = {"npmi": max, "arun_2010": min}
    tables = {"planted": {2: {"npmi": 0.1, "arun_2010": 5.0}, 5: {"npmi": 0.3, "arun_2010": 1.0},
                          8: {"npmi": 0.2, "arun_2010": 2.0}},
              "Lee": {5: {"npmi": 0.3, "arun_2010": 4.0}, 10: {"npmi": 0.2, "arun_2010": 3.0},
                      20: {"npmi": 0.1, "arun_2010": 1.0}}}
    plots.criteria_by_k(tables, better, 5)
    assert shown["small"] == []
    assert "Planted corpus: every criterion peaks at K = 5" in shown["see"]
    assert "Lee corpus: NPMI at K = 5; Arun et al. (2010) at K = 20" in shown["see"]
    assert "dotted line marks the planted K = 5" in shown["alt"]
    # look z6: the planted K's line has a legend entry, and the sideways shift of the points is said
    legend = [t.get_text() for t in shown["fig"].legends[0].get_texts()]
    assert legend == ["NPMI", "Arun et al. (2010)", "planted K = 5"], legend
    assert "shifted a little sideways" in shown["see"]
    with pytest.raises(ValueError, match="max or min"):
        plots.criteria_by_k(tables, {"npmi": sorted}, 5)


def test_criteria_by_k_draws_every_point_on_its_k(shown):
    # look review x5: a dodge in units of K put Lee's K = 5 points anywhere from 3.8 to 6.3; the dodge is now a few
    # points of the page, the same at any K spacing, and the criteria at one K still stand apart
    better = {name: max for name in ("npmi", "u_mass", "c_v", "stability", "arun_2010", "deveaud_2014")}
    tables = {"Lee": {k: {name: float(i) for name in better} for i, k in enumerate([5, 10, 20, 50, 100])}}
    plots.criteria_by_k(tables, better, 5, planted="none")
    ax = shown["fig"].axes[0]
    limit = (len(better) - 1) / 2 * plots.DODGE_POINTS / 72 * shown["fig"].dpi + 0.5  # display pixels
    xs_at = {}
    for line in ax.lines:
        if line.get_label().startswith("_"):
            continue
        drawn = line.get_transform().transform(line.get_xydata())[:, 0]
        at_k = ax.transData.transform(line.get_xydata())[:, 0]
        assert np.all(np.abs(drawn - at_k) <= limit), line.get_label()
        xs_at[line.get_label()] = drawn[0]
    assert len(set(np.round(list(xs_at.values()), 3))) == len(better)  # side by side, not on top of each other
    # and the axes show the data: every K and the whole [0, 1] (reader y1: a transform given to plot() left the
    # limits at +-0.055, every curve off the axes)
    low, high = ax.get_ylim()
    assert low <= 0 and high >= 1, (low, high)
    left, right = ax.get_xlim()
    assert left < 5 and right > 100, (left, right)


def test_label_agreement_by_k_states_both_corpora_nmi(shown):
    plots.label_agreement_by_k([2, 4, 8], {"planted corpus": {"nmi": [0.67, 0.9, 0.95], "purity": [0.5, 0.9, 1]},
                                           "four books": {"nmi": [0.2, 0.21, 0.15], "purity": [0.4, 0.5, 0.6]}}, 4)
    assert shown["small"] == []
    assert shown["see"] == ("The four books' mean NMI is 0.20 at K = 2, 0.21 at K = 4, 0.15 at K = 8 (the planted "
                            "corpus's: 0.67 to 0.95): at every K the four books agree far less with their labels "
                            "than the planted corpus does with its own.")
    assert "four books' 0.20 at K = 2, 0.21 at K = 4, 0.15 at K = 8" in shown["alt"]
    assert shown["alt"].endswith("Purity: planted corpus's 0.50 at K = 2, 0.90 at K = 4, 1.00 at K = 8; four books' "
                                 "0.40 at K = 2, 0.50 at K = 4, 0.60 at K = 8.")
    with pytest.raises(ValueError, match="one value per K"):
        plots.label_agreement_by_k([2, 4], {"x": {"nmi": [0.1], "purity": [0.2]}}, 4)


def test_sc_by_threshold_gives_each_flat_stretch_its_score(shown):
    import numpy as np

    # all three cosines 0.5: by symmetry every λ is 1/3 with or without the edges, and with the diagonal of
    # S S/n set to 1, S_h = 0.7 * 0.5 + 0.3 * (0.5 + 0.5 + 0.25) / 3 = 0.475 off the diagonal, 1 on it:
    # SC = (3 * 1 + 6 * 0.475) / 9 = 0.65 on both sides of 0.5
    S = np.array([[1.0, 0.5, 0.5], [0.5, 1.0, 0.5], [0.5, 0.5, 1.0]])
    plots.sc_by_threshold(S, ["a", "b", "c"])
    assert shown["small"] == []
    assert "it is 0.650 from 0.00 to 0.50; 0.650 from 0.50 to 0.95." in shown["see"]
    assert "dotted lines at the cosines 0.50" in shown["alt"]
    # equal weights draw one line over another, and the line says which (look review z10, 05b): here all three
    assert shown["see"].endswith("lie on top of each other: a, b and c (0.333) from 0.00 to 0.50; a, b and c "
                                 "(0.333) from 0.50 to 0.95.")
    # a path a - b - c once the threshold passes 0.2: a and c are symmetric, so equal; b, the centre, is not
    path = np.array([[1.0, 0.8, 0.2], [0.8, 1.0, 0.8], [0.2, 0.8, 1.0]])
    plots.sc_by_threshold(path, ["a", "b", "c"])
    same = shown["see"].split("lie on top of each other: ", 1)[1]
    assert re.fullmatch(r"a and c \(0\.\d{3}\) from 0\.00 to 0\.20; a and c \(0\.\d{3}\) from 0\.20 to 0\.80; "
                        r"a, b and c \(0\.333\) from 0\.80 to 0\.95\.", same), same
    with pytest.raises(ValueError, match="square matrix"):
        plots.sc_by_threshold(S, ["a", "b"])


def test_keyword_graphs_names_the_strongest_word_and_the_gap_between_panels(shown):
    import networkx as nx

    # strengths: b 0.9 + 0.8 = 1.7, a 0.9 + 0.7 = 1.6, c 0.8 + 0.7 = 1.5; b has the largest weight in both
    # panels; the second panel's weights differ from the first's by at most |0.40 - 0.36| = 0.04
    G = nx.Graph()
    G.add_weighted_edges_from([("a", "b", 0.9), ("b", "c", 0.8), ("a", "c", 0.7)])
    pos = {"a": (0.0, 0.0), "b": (1.0, 0.0), "c": (0.5, -0.85)}
    plots.keyword_graphs(G, pos, [([0.33, 0.36, 0.31], "one"), ([0.31, 0.40, 0.29], "two")])
    assert shown["small"] == []
    assert shown["see"] == ("B, the word with the largest strength (sum of its edge weights, 1.70), gets the largest "
                            "weight in every panel; the weights of “two” are up to 0.040 from those of “one”.")
    with pytest.raises(ValueError, match="one weight per word"):
        plots.keyword_graphs(G, pos, [([0.5, 0.5], "bad")])


def test_weights_by_iteration_says_when_they_settle_and_whether_the_printed_ones_are_an_iterate(shown):
    import numpy as np

    # iterates move by 0.01, then 0.001, then nothing: within 0.0005 of the end from iterate 2 on
    history = np.array([[0.30, 0.40, 0.30], [0.31, 0.38, 0.31], [0.3105, 0.379, 0.3105], [0.3105, 0.379, 0.3105]])
    plots.weights_by_iteration(history, ["a", "b", "c"], [0.32, 0.36, 0.32])
    assert shown["small"] == []
    # what is measured: distance from the final weights, not the step (reader z18: a step after "settled" was 0.0006)
    assert shown["see"].startswith("The weights settle within 2 iterations (every later iterate within 0.0005 of the "
                                   "final weights)")
    assert "no iterate, rounded to two decimals, is the document's printed values" in shown["see"]
    plots.weights_by_iteration(history, ["a", "b", "c"], [0.31, 0.38, 0.31])      # iterate 1, rounded
    assert "an iterate rounds to the document's printed values" in shown["see"]


def test_gensim_undercount_counts_the_topics_that_change_place(shown):
    # correct 0.3, 0.1, 0.2 ranks T1 < T2 < T0; gensim 0.25, 0.12, 0.18 keeps that order: no topic moves
    plots.gensim_undercount([0.3, 0.1, 0.2], [0.25, 0.12, 0.18])
    assert shown["small"] == []
    assert shown["see"].endswith("0 of the 3 topics change place in the ranking.")
    ax = shown["fig"].axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["T1", "T2", "T0"]
    circles, squares = ax.get_lines()
    assert list(circles.get_xdata()) == [0.1, 0.2, 0.3] and list(squares.get_xdata()) == [0.12, 0.18, 0.25]
    # gensim 0.1, 0.2, 0.3 ranks T0 < T1 < T2: every place differs from T1 < T2 < T0
    plots.gensim_undercount([0.3, 0.1, 0.2], [0.1, 0.2, 0.3])
    assert "3 of the 3 topics change place" in shown["see"]
    assert shown["alt"].startswith("Dot plot, one row per LDA topic sorted by its coherence")
    with pytest.raises(ValueError, match="one score per topic"):
        plots.gensim_undercount([0.3, 0.1], [0.1])


def test_scores_by_topic_set_names_the_metric_whose_random_lists_score_higher(shown):
    scores = {"A": {"LDA topics": [1, 2, 3], "random lists": [0, 0.5]},
              "B": {"LDA topics": [0, 0.1], "random lists": [1, 2]}}
    plots.scores_by_topic_set(scores)
    assert shown["small"] == []
    # A: median 2 above 0.25; B: median 0.05 below 1.5
    result = "The LDA topics' median is above the random lists' on 1 of the 2 metrics; under B the random lists' "
    assert shown["see"].startswith(result + "median is the higher. The intruded topics")
    assert result in shown["alt"]
    first = shown["fig"].axes[0]
    assert first.get_title() == "A"
    assert [list(line.get_ydata()) for line in first.get_lines()] == [[1, 2, 3], [0, 0.5]]
    plots.scores_by_topic_set({"A": scores["A"]})
    assert shown["see"].startswith("The LDA topics' median is above the random lists' on 1 of the 1 metrics. ")
    with pytest.raises(ValueError, match="same 2 to 5 sets"):
        plots.scores_by_topic_set({"A": scores["A"], "B": {"LDA topics": [1]}})
