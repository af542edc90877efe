"""Topic coherence and its aggregates: the documents' examples by hand, and bad input."""

import itertools
import math
import statistics

import pytest

import teachkit as tk
from teachkit import (CoherenceReport, CooccurrenceCounts, UnknownWordError, coherence_from_pairs,
                      evaluate_topics, model_score, score_pair, topic_coherence)

GUIDE_TOPIC_PAIRS = {  # NPMI guide, "Example Calculation"
    ("running", "exercise"): 0.52, ("running", "fitness"): 0.48, ("running", "morning"): 0.31,
    ("running", "workout"): 0.55, ("exercise", "fitness"): 0.61, ("exercise", "morning"): 0.28,
    ("exercise", "workout"): 0.54, ("fitness", "morning"): 0.22, ("fitness", "workout"): 0.49,
    ("morning", "workout"): 0.35,
}


def test_guide_ten_pair_topic_mean():
    tc = coherence_from_pairs(GUIDE_TOPIC_PAIRS)
    # 5 keywords -> 4 + 3 + 2 + 1 = 10 pairs; sum 4.35 -> mean 0.435
    assert tc.n_pairs == 10 == 5 * 4 // 2
    assert f"{sum(GUIDE_TOPIC_PAIRS.values()):.2f}" == "4.35"
    assert f"{tc.mean:.3f}" == "0.435"
    assert tc.keywords == ("running", "exercise", "fitness", "morning", "workout")


def test_incomplete_pair_table_is_refused():
    partial = dict(list(GUIDE_TOPIC_PAIRS.items())[:9])
    with pytest.raises(ValueError, match="1 are missing"):
        coherence_from_pairs(partial)
    with pytest.raises(ValueError, match="outside"):
        coherence_from_pairs({("a", "b"): 1.5})
    with pytest.raises(ValueError, match="twice"):
        coherence_from_pairs({("a", "b"): 0.1, ("b", "a"): 0.1})


def test_guide_five_topic_aggregate():
    report = CoherenceReport.from_scores([0.62, 0.51, 0.38, 0.45, -0.08])
    # mean = (0.62 + 0.51 + 0.38 + 0.45 - 0.08) / 5 = 1.88 / 5 = 0.376 -> printed 0.38
    assert f"{report.mean:.2f}" == "0.38"
    assert report.median == 0.45 and report.min == -0.08 and report.max == 0.62
    assert report.below(0.0) == [4] and not report.all_positive
    assert [lab for lab, _ in report.ranked()] == [0, 1, 3, 2, 4]
    # Leaving out the problem topic: (0.62 + 0.51 + 0.38 + 0.45) / 4 = 0.49
    assert report.without(4).mean == pytest.approx(0.49, abs=1e-12)
    assert report.without(4).all_positive


def walkthrough_counts():
    # NPMI guide walkthrough: 45,000 windows.
    return CooccurrenceCounts.from_counts(
        45_000, {"running": 312, "exercise": 287, "routine": 156},
        {("running", "exercise"): 189, ("running", "routine"): 42})


def test_walkthrough_running_exercise_from_raw_counts():
    s = score_pair("running", "exercise", walkthrough_counts())
    p_r, p_e, p_b = 312 / 45_000, 287 / 45_000, 189 / 45_000
    assert (f"{s.p1:.3f}", f"{s.p2:.3f}", f"{s.p12:.3f}") == ("0.007", "0.006", "0.004")
    exact_pmi = math.log(p_b / (p_r * p_e))        # 4.5537
    assert s.pmi == pytest.approx(exact_pmi, rel=1e-12)
    assert f"{s.npmi:.2f}" == "0.83"               # 4.5537 / 5.4727 = 0.8321; printed 0.83
    # The printed PMI 4.56 = ln(0.004 / (0.007 * 0.006)) = ln 95.24 uses rounded probabilities.
    assert f"{tk.pmi(0.004, 0.007, 0.006):.2f}" == "4.56" and f"{s.pmi:.2f}" == "4.55"


def test_walkthrough_running_routine_printed_value_needs_rounded_probabilities():
    s = score_pair("running", "routine", walkthrough_counts())
    # Exact: ln((42/45000) / ((312/45000)(156/45000))) = ln 38.83 = 3.659; NPMI 3.659 / 6.977 = 0.524
    assert f"{s.pmi:.2f}" == "3.66" and f"{s.npmi:.2f}" == "0.52"
    # The guide rounds P to 0.007, 0.003, 0.0009: ln(0.0009 / 0.000021) = ln 42.86 = 3.76,
    # -ln 0.0009 = 7.01, NPMI 0.536 -> its printed 3.76 and 0.54.
    assert f"{tk.pmi(0.0009, 0.007, 0.003):.2f}" == "3.76"
    assert f"{tk.npmi(0.0009, 0.007, 0.003):.2f}" == "0.54"


def small_corpus():
    return [
        ["running", "exercise", "morning"],
        ["running", "exercise", "gym"],
        ["exercise", "gym", "workout"],
        ["meeting", "morning", "coffee"],
        ["running", "morning"],
        ["meeting", "budget"],
    ]


def test_topic_coherence_by_hand():
    counts = CooccurrenceCounts.from_documents(small_corpus())
    tc = topic_coherence(["running", "exercise", "gym"], counts)
    n = 6
    c = {"running": 3, "exercise": 3, "gym": 2}
    both = {("running", "exercise"): 2, ("running", "gym"): 1, ("exercise", "gym"): 2}
    expected = []
    for (a, b), cab in both.items():
        p_ab, p_a, p_b = cab / n, c[a] / n, c[b] / n
        expected.append(math.log(p_ab / (p_a * p_b)) / -math.log(p_ab))
    assert [p.npmi for p in tc.pairs] == pytest.approx(expected, rel=1e-12)
    assert tc.mean == pytest.approx(sum(expected) / 3, rel=1e-12)
    assert [(p.word1, p.word2) for p in tc.pairs] == list(both)
    assert tc.skipped == ()


def test_unknown_words_are_skipped_and_reported():
    counts = CooccurrenceCounts.from_documents(small_corpus())
    tc = topic_coherence(["Running", "quantum", "exercise", "gym"], counts)
    assert tc.keywords == ("running", "exercise", "gym") and tc.skipped == ("quantum",)
    assert tc.mean == topic_coherence(["running", "exercise", "gym"], counts).mean
    with pytest.raises(UnknownWordError, match="quantum"):
        score_pair("running", "quantum", counts)


def test_top_n_takes_the_leading_keywords():
    counts = CooccurrenceCounts.from_documents(small_corpus())
    tc = topic_coherence(["running", "exercise", "gym", "meeting"], counts, top_n=3)
    assert tc.keywords == ("running", "exercise", "gym") and tc.n_pairs == 3


def test_ten_keywords_make_45_pairs():
    words = [f"w{i}" for i in range(10)]
    docs = [list(pair) for pair in itertools.combinations(words, 2)] + [words]
    tc = topic_coherence(words, CooccurrenceCounts.from_documents(docs))
    assert tc.n_pairs == 45 == 10 * 9 // 2
    assert tc.matrix().shape == (10, 10)


@pytest.mark.parametrize("keywords, match", [
    (["running"], "only 1 of the first 1"),
    (["running", "quantum"], "only 1"),
    (["running", "RUNNING"], "twice"),
    ("running exercise", "single string"),
    (["running", 3], "strings"),
])
def test_bad_topics(keywords, match):
    counts = CooccurrenceCounts.from_documents(small_corpus())
    with pytest.raises((ValueError, TypeError), match=match):
        topic_coherence(keywords, counts)


def test_bad_top_n_and_counts():
    counts = CooccurrenceCounts.from_documents(small_corpus())
    with pytest.raises(ValueError, match="top_n"):
        topic_coherence(["running", "exercise"], counts, top_n=1)
    with pytest.raises(TypeError, match="CooccurrenceCounts"):
        topic_coherence(["running", "exercise"], {"running": 3})
    with pytest.raises(ValueError, match="same word"):
        score_pair("gym", "Gym", counts)


def test_gensim_smoothing_in_topic_coherence_matches_npmi_from_counts():
    counts = CooccurrenceCounts.from_documents(small_corpus())
    tc = topic_coherence(["running", "exercise", "budget"], counts, zero="epsilon", eps=1e-12)
    # running & budget never share a document: gensim's log(eps / (p1 p2)) / -log(eps)
    p1, p2 = 3 / 6, 1 / 6
    never = math.log(1e-12 / (p1 * p2)) / -math.log(1e-12)
    assert tc.pairs[1].npmi == pytest.approx(never, rel=1e-12)


# --- model score (Portuguese note, eq. 6) ------------------------------------------

def test_model_score_by_hand():
    # three topics with 50, 30 and 20 documents: (50*0.2 + 30*0.4 + 20*0.9) / 100 = 0.40
    assert model_score([0.2, 0.4, 0.9], [50, 30, 20]) == pytest.approx(0.40, abs=1e-15)
    # the plain mean differs: (0.2 + 0.4 + 0.9) / 3 = 0.5
    assert statistics.mean([0.2, 0.4, 0.9]) == pytest.approx(0.5)
    # equal sizes: the two agree
    assert model_score([0.2, 0.4, 0.9], [7, 7, 7]) == pytest.approx(0.5, abs=1e-15)
    # unassigned documents count as zero when n_documents is given: 40 / 200
    assert model_score([0.2, 0.4, 0.9], [50, 30, 20], n_documents=200) == pytest.approx(0.2, abs=1e-15)


def test_model_score_accepts_topic_coherence_objects():
    counts = CooccurrenceCounts.from_documents(small_corpus())
    a = topic_coherence(["running", "exercise"], counts)
    b = topic_coherence(["meeting", "morning"], counts)
    assert model_score([a, b], [3, 1]) == pytest.approx((3 * a.mean + b.mean) / 4, rel=1e-12)


@pytest.mark.parametrize("coherences, sizes, match", [
    ([0.1, 0.2], [1], "give one size per topic"),
    ([], [], "empty"),
    ([0.1], [-1], "zero or more"),
    ([0.1], [0], "all 0"),
    ([float("nan")], [3], "finite"),
])
def test_model_score_bad_input(coherences, sizes, match):
    with pytest.raises(ValueError, match=match):
        model_score(coherences, sizes)


# --- several topics -------------------------------------------------------------

def test_evaluate_topics_report():
    counts = CooccurrenceCounts.from_documents(small_corpus())
    topics = {"fitness": ["running", "exercise", "gym"], "office": ["meeting", "budget", "coffee"],
              "outlier": ["gym", "coffee", "budget"]}
    report = evaluate_topics(topics, counts)
    assert report.labels == ("fitness", "office", "outlier")
    for lab, tc in zip(report.labels, report.topics):
        assert tc.mean == topic_coherence(topics[lab], counts).mean
    assert report.ranked()[0][1] == report.max
    assert "outlier" in report.below(0.0)
    cleaned = evaluate_topics(topics, counts, exclude=["outlier"])
    assert cleaned.labels == ("fitness", "office") and report.without("outlier").mean == cleaned.mean
    with pytest.raises(ValueError, match="topic 'bad'"):
        evaluate_topics({"bad": ["running"]}, counts)
    with pytest.raises(ValueError, match="not topic labels"):
        evaluate_topics(topics, counts, exclude=["nope"])
    with pytest.raises(ValueError, match="empty"):
        evaluate_topics([], counts)


@pytest.mark.parametrize("sizes, expected", [
    ([10**400, 10**400], (0.5 + 0.1) / 2),                  # equal sizes: the plain mean
    ([3 * 10**400, 10**400], (3 * 0.5 + 0.1) / 4),          # shares 3/4 and 1/4, exactly
    ([2**60 + 1, 2**60 - 1], (0.5 + 0.1) / 2),              # past 2**53: not exact as floats
])
def test_model_score_weighs_sizes_too_large_for_a_float_by_their_exact_shares(sizes, expected):
    assert tk.model_score([0.5, 0.1], sizes) == pytest.approx(expected, rel=1e-15)


# ---------------------------------------------- one pipeline: any measure, one name per parameter
_PIPE_DOCS = [["running", "exercise"], ["running", "morning"], ["exercise", "gym"], ["running", "exercise", "gym"],
              ["budget", "meeting"], ["gym", "morning", "budget"]]
_PIPE_WORDS = ["running", "exercise", "gym", "budget"]


@pytest.mark.parametrize("call, new", [
    (lambda c: topic_coherence(_PIPE_WORDS, c, smoothing="gensim", eps=1e-12), "zero='epsilon'"),
    (lambda c: topic_coherence(_PIPE_WORDS, c, smoothing="none"), "zero='exact'"),
    (lambda c: score_pair("running", "budget", c, smoothing="guide", eps=1e-12), "zero='guide'"),
    (lambda c: evaluate_topics([_PIPE_WORDS], c, smoothing="gensim"), "zero='epsilon'"),
    (lambda c: tk.npmi_from_counts(1, 5, 5, 10, eps=1e-12, smoothing="guide"), "zero='guide'"),
    (lambda c: tk.probabilities_from_counts(1, 5, 5, 10, 1e-12, "guide"), "zero='guide'"),
    (lambda c: tk.npmi_rater(tk.IntrusionTask(0, ("running", "exercise", "budget"), "budget", 2), c,
                             smoothing="none"), "zero='exact'"),
])
def test_the_removed_smoothing_spelling_is_refused_naming_the_zero_to_write(call, new):
    # deprecated in 0.1.0, removed in 0.2.0 (CHANGELOG): a TypeError that says what to write instead
    counts = CooccurrenceCounts.from_documents(_PIPE_DOCS)
    with pytest.raises(TypeError, match=f"smoothing=.* was removed in teachkit 0.2.0.*write {new}"):
        call(counts)


def test_the_zero_spelling_does_not_warn():
    import warnings
    counts = CooccurrenceCounts.from_documents(_PIPE_DOCS)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        topic_coherence(_PIPE_WORDS, counts, zero="epsilon")
        evaluate_topics([_PIPE_WORDS], counts, measure="u_mass")
        tk.npmi_from_counts(1, 5, 5, 10, eps=1e-12, zero="guide")


@pytest.mark.parametrize("window", [None, 3])
def test_topic_coherence_and_coherence_per_topic_agree_under_epsilon(window):
    # Both default eps to teachkit's DEFAULT_EPSILON; the pair "running"/"budget" never meets, so eps matters.
    counts = CooccurrenceCounts.from_documents(_PIPE_DOCS, window=window)
    for eps in ({}, {"eps": 1e-9}):
        tc = topic_coherence(_PIPE_WORDS, counts, zero="epsilon", **eps)
        cpt = tk.coherence_per_topic([_PIPE_WORDS], counts, "c_npmi", zero="epsilon", **eps)
        assert tc.mean == pytest.approx(cpt[0], abs=1e-15)
    # The never-meeting pair scores the epsilon formula with DEFAULT_EPSILON, by hand.
    n, c_run, c_bud = counts.n, counts.count("running"), counts.count("budget")
    p = tk.DEFAULT_EPSILON
    by_hand = math.log(p / ((c_run / n) * (c_bud / n))) / -math.log(p)
    pair = {(q.word1, q.word2): q.npmi for q in topic_coherence(_PIPE_WORDS, counts, zero="epsilon").pairs}
    assert pair["running", "budget"] == pytest.approx(by_hand, rel=1e-12)


@pytest.mark.parametrize("measure", sorted(tk.MEASURES))
def test_topic_coherence_and_evaluate_topics_take_any_measure(measure):
    counts = CooccurrenceCounts.from_documents(_PIPE_DOCS, window=tk.MEASURES[measure].window)
    words = ["running", "exercise", "gym"]      # every pair meets, so every zero convention agrees
    expected = tk.coherence_per_topic([words], counts, measure)
    tc = topic_coherence(words, counts, measure=measure)
    assert tc.measure == measure and tc.mean == pytest.approx(expected[0], abs=1e-15)
    report = evaluate_topics({"a": words, "b": ["gym", "morning", "budget"]}, counts, measure=measure)
    assert report.labels == ("a", "b")
    assert report.scores[0] == pytest.approx(expected[0], abs=1e-15)
    if tk.MEASURES[measure].segmentation != "one_set":
        assert tc.matrix().shape == (3, 3)
    with pytest.raises(ValueError, match="measure must be one of"):
        evaluate_topics([words], counts, measure="npmi_typo")
