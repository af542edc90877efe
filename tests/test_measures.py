"""UMass, UCI, NPMI and C_V: each building block by hand, then each measure against gensim 4.4."""

import math

import numpy as np
import pytest
from gensim.corpora import Dictionary
from gensim.models.coherencemodel import CoherenceModel

import teachkit as tk
from teachkit.coherence.measures import (
    arithmetic_mean, context_vectors, indirect_cosine, log_conditional_probability, log_ratio,
    normalized_log_ratio, one_one, one_preceding, one_set,
)

# The hand-worked example: 3 words, 4 documents (each document one window).
DOCS = [["fire", "smoke", "ash"], ["fire", "smoke"], ["fire", "rain"], ["rain", "ash"]]
TOPIC = ["fire", "smoke", "ash"]
# By eye: n = 4; c(fire) = 3, c(smoke) = 2, c(ash) = 2;
# c(fire, smoke) = 2 (docs 1, 2), c(fire, ash) = 1 (doc 1), c(smoke, ash) = 1 (doc 1).


def test_hand_counts_are_what_the_corpus_gives():
    counts = tk.CooccurrenceCounts.from_documents(DOCS)
    assert counts.n == 4
    assert [counts.count(w) for w in TOPIC] == [3, 2, 2]
    assert counts.count("fire", "smoke") == 2 and counts.count("fire", "ash") == 1
    assert counts.count("smoke", "ash") == 1


# ------------------------------------------------------------- segmentations
def test_segmentations_by_hand():
    f, s, a = ("fire",), ("smoke",), ("ash",)
    assert one_one(TOPIC) == [(f, s), (f, a), (s, f), (s, a), (a, f), (a, s)]
    assert one_preceding(TOPIC) == [(s, f), (a, f), (a, s)]
    assert one_set(TOPIC) == [(f, tuple(TOPIC)), (s, tuple(TOPIC)), (a, tuple(TOPIC))]


def test_segmentations_match_gensim_on_ids():
    from gensim.topic_coherence import segmentation
    ids = [np.array([1, 2, 3, 4])]
    as_pairs = [[(p[0], q[0]) for p, q in one_one([1, 2, 3, 4])]]
    assert as_pairs == segmentation.s_one_one(ids)
    assert [[(p[0], q[0]) for p, q in one_preceding([1, 2, 3, 4])]] == segmentation.s_one_pre(ids)
    assert [p[0] for p, _ in one_set([1, 2, 3, 4])] == [w for w, _ in segmentation.s_one_set(ids)[0]]


# ------------------------------------------------------ confirmation measures
def test_log_conditional_probability_by_hand():
    # P(smoke | fire) = 2/3 with the exact counts, (2 + 1)/3 = 1 with Mimno's +1.
    assert log_conditional_probability(2, 3, 4, zero="exact") == pytest.approx(math.log(2 / 3))
    assert log_conditional_probability(2, 3, 4, zero="plus_one") == 0.0
    assert log_conditional_probability(2, 3, 4, zero="epsilon", eps=1e-12) == pytest.approx(
        math.log((0.5 + 1e-12) / 0.75))
    # A never-co-occurring pair under each convention.
    assert log_conditional_probability(0, 2, 4, zero="plus_one") == pytest.approx(math.log(1 / 2))
    assert log_conditional_probability(0, 2, 4, zero="epsilon", eps=1e-12) == pytest.approx(math.log(1e-12 / 0.5))
    # Without eps, teachkit's own default ε (not gensim's constant, though equal today).
    assert log_conditional_probability(0, 2, 4, zero="epsilon") == pytest.approx(
        math.log(tk.DEFAULT_EPSILON / 0.5))
    assert log_conditional_probability(0, 2, 4, zero="zero") == 0.0
    with pytest.raises(ValueError, match="zero convention"):
        log_conditional_probability(0, 2, 4, zero="exact")


def test_pmi_and_npmi_by_hand():
    pmi_fs = math.log((2 / 4) / ((3 / 4) * (2 / 4)))      # log(4/3) = 0.2877
    pmi_fa = math.log((1 / 4) / ((3 / 4) * (2 / 4)))      # log(2/3) = -0.4055
    assert log_ratio(2, 3, 2, 4, zero="exact") == pytest.approx(pmi_fs, abs=1e-15)
    assert log_ratio(1, 3, 2, 4, zero="exact") == pytest.approx(pmi_fa, abs=1e-15)
    assert log_ratio(1, 2, 2, 4, zero="exact") == pytest.approx(0.0, abs=1e-15)
    assert normalized_log_ratio(2, 3, 2, 4) == pytest.approx(pmi_fs / -math.log(1 / 2), abs=1e-15)
    assert normalized_log_ratio(1, 3, 2, 4) == pytest.approx(pmi_fa / -math.log(1 / 4), abs=1e-15)
    assert normalized_log_ratio(0, 3, 1, 4) == -1.0
    assert normalized_log_ratio(0, 3, 1, 4, zero="zero") == 0.0
    assert log_ratio(0, 3, 1, 4, zero="plus_one") == pytest.approx(math.log((1 / 4) / ((3 / 4) * (1 / 4))))
    with pytest.raises(ValueError, match="plus_one"):
        normalized_log_ratio(0, 3, 1, 4, zero="plus_one")


def test_indirect_cosine_by_hand():
    n_fs = math.log(4 / 3) / math.log(2)       # NPMI(fire, smoke)
    n_fa = math.log(2 / 3) / math.log(4)       # NPMI(fire, ash)
    table = [[1, n_fs, n_fa], [n_fs, 1, 0], [n_fa, 0, 1]]
    v_w = [1 + n_fs + n_fa, n_fs + 1, n_fa + 1]   # v(W): the three rows summed
    v_f = [1, n_fs, n_fa]
    expected = (sum(x * y for x, y in zip(v_f, v_w))
                / (math.sqrt(sum(x * x for x in v_f)) * math.sqrt(sum(y * y for y in v_w))))
    vectors = context_vectors(table)
    assert indirect_cosine(vectors, [0], [0, 1, 2]) == pytest.approx(expected, abs=1e-15)
    # gamma = 2 squares each entry (signs are lost for even gamma).
    assert context_vectors(table, gamma=2)[0, 2] == pytest.approx(n_fa ** 2)


def test_aggregation():
    assert arithmetic_mean([1.0, 2.0, 6.0]) == 3.0
    with pytest.raises(ValueError, match="empty"):
        arithmetic_mean([])


# -------------------------------------------------- the four measures by hand
def test_the_four_measures_by_hand_on_four_documents():
    n_fs = math.log(4 / 3) / math.log(2)
    n_fa = math.log(2 / 3) / math.log(4)
    # u_mass, Mimno's +1: log(3/3), log(2/3), log(2/2) for (smoke|fire), (ash|fire), (ash|smoke).
    u_mass = (0 + math.log(2 / 3) + 0) / 3
    # c_uci (document windows here): PMI log(4/3), log(2/3), log(1).
    c_uci = (math.log(4 / 3) + math.log(2 / 3) + 0) / 3
    c_npmi = (n_fs + n_fa + 0) / 3
    rows = [[1, n_fs, n_fa], [n_fs, 1, 0], [n_fa, 0, 1]]
    v_w = [sum(col) for col in zip(*rows)]

    def cos(u, v):
        return sum(a * b for a, b in zip(u, v)) / math.sqrt(sum(a * a for a in u) * sum(b * b for b in v))

    c_v = sum(cos(r, v_w) for r in rows) / 3
    expected = {"u_mass": u_mass, "c_uci": c_uci, "c_npmi": c_npmi, "c_v": c_v}
    counts = tk.CooccurrenceCounts.from_documents(DOCS)
    for measure, value in expected.items():
        # c_uci's default convention adds an eps to P(w', w*); gensim's 1e-12 moves it by a few 1e-12.
        eps = {"eps": tk.EPSILON} if tk.MEASURES[measure].zero == "epsilon" else {}
        got = tk.coherence_per_topic([TOPIC], counts, measure, **eps)
        assert got[0] == pytest.approx(value, abs=1e-10 if measure == "c_uci" else 1e-15), measure
        assert got.zero == tk.MEASURES[measure].zero
    assert list(tk.coherence_per_topic([TOPIC], DOCS, "u_mass")) == pytest.approx([u_mass], abs=1e-15)


def test_umass_conditions_on_the_higher_ranked_word():
    counts = tk.CooccurrenceCounts.from_documents(DOCS)
    result = tk.coherence_per_topic([TOPIC], counts, "u_mass", zero="exact").topics[0]
    first = result.segments[0]
    assert (first.w_prime, first.w_star) == (("smoke",), ("fire",))
    assert first.value == pytest.approx(math.log(2 / 3))     # c(fire, smoke) / c(fire)
    reversed_topic = tk.coherence_per_topic([TOPIC[::-1]], counts, "u_mass", zero="exact")
    assert reversed_topic[0] != pytest.approx(result.value)  # asymmetric: order matters
    m = result.matrix()
    assert m[1, 0] == pytest.approx(math.log(2 / 3))        # row smoke, column fire: log P(smoke | fire)
    assert np.isnan(m[0, 1]) and np.isnan(m[0, 0])           # fire is never conditioned on smoke
    npmi = tk.coherence_per_topic([TOPIC], counts, "c_npmi").topics[0].matrix()
    assert np.allclose(npmi, npmi.T, equal_nan=True)        # symmetric measure, symmetric table
    with pytest.raises(ValueError, match="segments"):
        tk.coherence_per_topic([TOPIC], counts, "c_v").topics[0].matrix()


def test_skipped_words_are_reported_not_nan():
    counts = tk.CooccurrenceCounts.from_documents(DOCS)
    result = tk.coherence_per_topic([["fire", "unicorn", "smoke", "ash"]], counts, "c_v", top_n=4)
    assert result.topics[0].skipped == ("unicorn",)
    assert result.topics[0].keywords == ("fire", "smoke", "ash")
    assert np.isfinite(result.values).all()


@pytest.mark.parametrize("kwargs, error, message", [
    ({"measure": "c_w2v"}, ValueError, "measure"),
    ({"top_n": 1}, ValueError, "top_n"),
    ({"zero": "nope"}, ValueError, "zero"),
    ({"gamma": 2, "measure": "c_npmi"}, ValueError, "gamma"),
    ({"gensim_compat": "yes"}, TypeError, "gensim_compat"),
    ({"gensim_compat": True, "zero": "exact"}, ValueError, "epsilon"),
])
def test_bad_arguments_are_refused(kwargs, error, message):
    with pytest.raises(error, match=message):
        tk.coherence_per_topic([TOPIC], DOCS, **kwargs)


@pytest.mark.parametrize("topics", [None, "fire smoke", 3, [], {"a": TOPIC}, [["fire"]], [["fire", 3]]])
def test_bad_topics_are_refused(topics):
    with pytest.raises((TypeError, ValueError), match="topics"):
        tk.coherence_per_topic(topics, DOCS)


def test_exact_pmi_of_a_never_cooccurring_pair_is_refused_with_the_pair_named():
    counts = tk.CooccurrenceCounts.from_documents(DOCS)
    with pytest.raises(ValueError, match="smoke.*rain|rain.*smoke"):
        tk.coherence_per_topic([["smoke", "rain"]], counts, "c_uci", zero="exact")


def test_empty_corpus_gives_a_clear_error():
    with pytest.raises(ValueError, match="empty|no word"):
        tk.coherence_per_topic([TOPIC], ["", "", "!!"], "c_npmi")


# ------------------------------------------------------------- against gensim
LEE_TOPICS = [
    ["police", "government", "said", "told", "security", "officials", "minister", "people", "today", "state"],
    ["afghanistan", "taliban", "bin", "laden", "al", "qaeda", "pakistan", "forces", "kandahar", "united"],
    ["australia", "test", "cricket", "wickets", "south", "africa", "day", "match", "first", "australian"],
    ["fire", "fires", "sydney", "firefighters", "blue", "mountains", "homes", "wind", "weather", "conditions"],
    ["arafat", "israeli", "palestinian", "sharon", "gaza", "west", "bank", "hamas", "israel", "security"],
]


def gensim_values(topics, texts, measure, window, top_n):
    dictionary = Dictionary(texts)
    model = CoherenceModel(topics=topics, texts=texts, dictionary=dictionary, coherence=measure,
                           window_size=window, topn=top_n, processes=1)
    return model.get_coherence_per_topic()


@pytest.fixture(scope="module")
def lee():
    texts = tk.lee_background()
    vocab = sorted({w for t in texts for w in t})
    # Random word lists too: their pairs rarely meet, so the zero convention matters.
    topics = LEE_TOPICS + tk.random_topics(vocab, 3, 10, seed=3)
    return texts, topics


@pytest.fixture(scope="module")
def planted():
    corpus = tk.planted_topics(150, topics=6, doc_length=60, background=300, seed=5)
    topics = [list(t) for t in corpus.topics] + tk.intruded_topics([list(t) for t in corpus.topics[:2]],
                                                                   corpus.background, seed=1)
    return corpus.documents, topics


@pytest.mark.parametrize("measure", [name for name, m in tk.MEASURES.items() if m.in_gensim])
@pytest.mark.parametrize("corpus", ["lee", "planted"])
def test_gensim_compat_equals_gensim(measure, corpus, request):
    texts, topics = request.getfixturevalue(corpus)
    window = tk.MEASURES[measure].window
    expected = gensim_values(topics, texts, measure, window, 10)
    got = tk.coherence_per_topic(topics, texts, measure, gensim_compat=True)
    assert list(got) == pytest.approx(expected, abs=1e-9)
    assert len(got) == len(topics)
    # The values differ from topic to topic, so agreement is not a coincidence.
    assert max(expected) - min(expected) > 0.05


def test_gensim_compat_with_another_window_and_top_n(lee):
    texts, topics = lee
    expected = gensim_values(topics[:4], texts, "c_v", 30, 6)
    got = tk.coherence_per_topic(topics[:4], texts, "c_v", window=30, top_n=6, gensim_compat=True,
                                window_override=True)
    assert list(got) == pytest.approx(expected, abs=1e-9)


def test_default_differs_from_gensim_where_documented(lee):
    texts, topics = lee
    # u_mass: Mimno's +1 instead of eps changes every random topic (pairs that never meet).
    compat = tk.coherence_per_topic(topics, texts, "u_mass", gensim_compat=True).values
    default = tk.coherence_per_topic(topics, texts, "u_mass").values
    assert np.all(default[5:] > compat[5:] + 1)
    # c_npmi with window 10: the correct count changes topics whose words repeat ("fire", "fires").
    compat = tk.coherence_per_topic(topics, texts, "c_npmi", gensim_compat=True).values
    default = tk.coherence_per_topic(topics, texts, "c_npmi").values
    assert np.max(np.abs(compat - default)) > 1e-4


def test_counts_can_be_reused_and_must_match(lee):
    texts, topics = lee
    counts = tk.CooccurrenceCounts.from_documents(texts, 10, gensim_compat=True)
    a = tk.coherence_per_topic(topics, counts, "c_npmi", gensim_compat=True)
    b = tk.coherence_per_topic(topics, texts, "c_npmi", gensim_compat=True)
    assert list(a) == list(b)
    with pytest.raises(ValueError, match="gensim_compat"):
        tk.coherence_per_topic(topics, counts, "c_npmi")
    with pytest.raises(ValueError, match="window"):
        tk.coherence_per_topic(topics, counts, "c_npmi", window=20, gensim_compat=True)


def test_gensim_compat_cuts_topics_as_gensim_does(planted):
    texts, topics = planted
    # gensim drops words missing from the texts first, then keeps the first top_n of each topic, and only
    # cuts at all when the first topic is longer than top_n.
    first = [topics[0][0], "neverseen"] + list(topics[0][1:]) + [topics[1][0]]
    second = list(topics[2][:6]) + ["alsoneverseen"]
    expected = gensim_values([first, second], texts, "c_npmi", 10, 10)
    got = tk.coherence_per_topic([first, second], texts, "c_npmi", gensim_compat=True)
    assert list(got) == pytest.approx(expected, abs=1e-9)
    assert got.topics[0].skipped == ("neverseen",) and len(got.topics[0].keywords) == 10
    assert got.topics[1].skipped == ("alsoneverseen",)


# ------------------------------------------------------ C_A, worked by hand
# Röder et al. 2015 (Table 2): one-one segmentation, boolean sliding windows of 5 tokens, the cosine of
# NPMI context vectors (gamma = 1, context = the topic's own words), arithmetic mean. Palmetto's C_A adds
# eps inside the logarithm of each NPMI; gensim has no c_a.
CA_DOCS = DOCS + [["ash", "rain", "rain", "rain", "rain", "fire"]]
# Windows of 5: the first four documents are shorter than 5 tokens, one window each; the fifth has 6
# tokens, so 6 - 5 + 1 = 2 windows, (ash rain rain rain rain) and (rain rain rain rain fire).
# n = 6; c(fire) = 3 + 1 = 4, c(smoke) = 2, c(ash) = 2 + 1 = 3;
# c(fire, smoke) = 2, c(fire, ash) = 1 (doc 1 only: the fifth document's windows never hold both),
# c(smoke, ash) = 1.


def test_c_a_by_hand_on_five_documents():
    from teachkit import EPSILON as eps

    n = 6
    p = {"fire": 4 / n, "smoke": 2 / n, "ash": 3 / n}
    joint = {("fire", "smoke"): 2 / n, ("fire", "ash"): 1 / n, ("smoke", "ash"): 1 / n}
    for w, p_w in p.items():
        joint[w, w] = p_w                        # a word shares every one of its windows with itself
    for (a, b), v in list(joint.items()):
        joint[b, a] = v

    def npmi(a, b):                              # Palmetto's m_nlr, eps inside both logarithms
        return math.log((joint[a, b] + eps) / (p[a] * p[b])) / -math.log(joint[a, b] + eps)

    # NPMI by hand, eps left out (it moves each value by about 1e-12):
    #   fire-smoke: log((2/6) / (4/6 * 2/6)) / -log(2/6) = log(1.5) / log(3)    =  0.369070
    #   fire-ash:   log((1/6) / (4/6 * 3/6)) / -log(1/6) = log(0.5) / log(6)    = -0.386853
    #   smoke-ash:  log((1/6) / (2/6 * 3/6)) / -log(1/6) = log(1) / log(6)      =  0
    #   a word with itself: log(P / P^2) / -log(P) = 1
    assert npmi("fire", "smoke") == pytest.approx(math.log(1.5) / math.log(3), abs=1e-10)
    assert npmi("fire", "ash") == pytest.approx(math.log(0.5) / math.log(6), abs=1e-10)
    assert npmi("smoke", "ash") == pytest.approx(0.0, abs=1e-10)
    assert npmi("fire", "fire") == pytest.approx(1.0, abs=1e-10)
    # Context vectors over the topic's words (fire, smoke, ash), gamma = 1:
    #   v(fire)  = ( 1,        0.369070, -0.386853)
    #   v(smoke) = ( 0.369070, 1,         0       )
    #   v(ash)   = (-0.386853, 0,         1       )
    v = {a: [npmi(a, b) for b in TOPIC] for a in TOPIC}

    def cos(x, y):
        return sum(i * j for i, j in zip(x, y)) / math.sqrt(sum(i * i for i in x) * sum(j * j for j in y))

    # |v(fire)| = sqrt(1 + 0.369070^2 + 0.386853^2) = 1.133961, |v(smoke)| = 1.065933, |v(ash)| = 1.072220
    # cos(fire, smoke) = (0.369070 + 0.369070 + 0) / (1.133961 * 1.065933)         =  0.610676
    # cos(fire, ash)   = (-0.386853 + 0 - 0.386853) / (1.133961 * 1.072220)        = -0.636347
    # cos(smoke, ash)  = (-0.386853 * 0.369070 + 0 + 0) / (1.065933 * 1.072220)    = -0.124923
    pairs = [("fire", "smoke"), ("fire", "ash"), ("smoke", "ash")]
    cosines = [cos(v[a], v[b]) for a, b in pairs]
    assert cosines == pytest.approx([0.610676, -0.636347, -0.124923], abs=1e-6)
    # One-one segmentation has both orders of each pair; the cosine is symmetric, so the mean of the
    # six segments is the mean of the three pairs: (0.610676 - 0.636347 - 0.124923) / 3 = -0.050198.
    expected = sum(cosines) / 3
    assert expected == pytest.approx(-0.050198, abs=1e-6)

    counts = tk.CooccurrenceCounts.from_documents(CA_DOCS, window=5)
    assert counts.n == n and [counts.count(w) for w in TOPIC] == [4, 2, 3]
    assert [counts.count(a, b) for a, b in pairs] == [2, 1, 1]
    got = tk.coherence_per_topic([TOPIC], CA_DOCS, "c_a", eps=eps)      # Palmetto's eps, as by hand
    assert got.window == 5 and got.zero == "epsilon"
    assert got[0] == pytest.approx(expected, abs=1e-14)
    assert len(got.topics[0].segments) == 6
    seg = {(s.w_prime, s.w_star): s.value for s in got.topics[0].segments}
    for (a, b), c in zip(pairs, cosines):
        assert seg[(a,), (b,)] == pytest.approx(c, abs=1e-14) and seg[(b,), (a,)] == pytest.approx(c, abs=1e-14)


def test_c_a_is_not_in_gensim():
    assert not tk.MEASURES["c_a"].in_gensim
    with pytest.raises(ValueError, match="gensim has no c_a"):
        tk.coherence_per_topic([TOPIC], DOCS, "c_a", gensim_compat=True)


# ------------------------------------------------ what a measure is, read from its registry entry
@pytest.mark.parametrize("name", sorted(tk.MEASURES))
def test_each_registry_entry_names_known_parts_and_tells_the_truth_about_symmetry(name):
    from teachkit.coherence.measures import DIRECT_CONFIRMATIONS, SEGMENTATIONS
    spec = tk.MEASURES[name]
    assert spec.name == name and spec.segmentation in SEGMENTATIONS and spec.zero in tk.ZERO_CONVENTIONS
    assert spec.confirmation in DIRECT_CONFIRMATIONS or spec.confirmation == "indirect_cosine"
    assert spec.direction in ("higher", "lower") and spec.value_range[0] < spec.value_range[1]
    # Reordering a topic: a symmetric measure keeps its value, an asymmetric one changes it on these
    # documents (fire in every document, ash in one: P(ash | fire) != P(fire | ash)).
    docs = [["fire", "smoke", "ash"], ["fire", "smoke"], ["fire", "rain"], ["fire", "rain", "smoke"]] * 3
    topic = ["fire", "smoke", "ash", "rain"]
    counts = tk.CooccurrenceCounts.from_documents(docs, window=spec.window)
    forward = tk.coherence_per_topic([topic], counts, name)[0]
    backward = tk.coherence_per_topic([topic[::-1]], counts, name)[0]
    assert (forward == pytest.approx(backward, abs=1e-12)) is spec.symmetric
    assert spec.value_range[0] <= forward <= spec.value_range[1]
