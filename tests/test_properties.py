"""Property-based tests of every public function on the bad-input promise.

For each function: input of the wrong type, shape or range raises a
``ValueError`` or ``TypeError`` whose message names the argument; valid
input gives a finite result inside the documented range; no input object is
modified; and quantities that do not depend on scale (PageRank, cosines,
semantic coherence with given weights, distinctiveness, Cohen's d, ROC AUC)
stay the same when weights, vectors or scores are multiplied by a positive
constant, including constants near 1e±250.

Expected values are derived here independently: from the definitions
written with ``math.log`` on exact integers, or from the invariance itself.
The whole file runs in a few seconds: every ``@given`` has a small explicit
``max_examples`` and no deadline, and runs derandomized (the same examples
on every machine).
"""

import copy
import math
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

import teachkit as tk


def prop(n):
    """Settings for one property: n examples, no deadline, the same examples every run."""
    return settings(max_examples=n, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def refused(call, name):
    """``call()`` raises ValueError/TypeError and the message names ``name``."""
    with pytest.raises((ValueError, TypeError)) as info:
        call()
    assert name in str(info.value), f"message does not name {name!r}: {info.value}"
    return info.value


# Constants to scale by: powers of two (exact) and of ten (rounded), tiny to huge.
SCALES = st.one_of(st.integers(-800, 800).map(lambda k: 2.0**k), st.integers(-240, 240).map(lambda k: 10.0**k))

# Values a student might type where a number (or array of them) belongs.
NOT_A_NUMBER = st.sampled_from([None, "0.5", b"1", True, [0.1, "x"], {"a": 1}, object(), [[1, 2], [3]]])


# ------------------------------------------------------------------ pmi, npmi
@st.composite
def probability_triples(draw):
    """(p_xy, p_x, p_y) that some corpus allows, from 1e-300 to 1."""
    p_x = 10.0 ** draw(st.floats(-300, 0))
    p_y = 10.0 ** draw(st.floats(-300, 0))
    lo, hi = max(0.0, p_x + p_y - 1), min(p_x, p_y)
    t = draw(st.floats(0, 1))
    p_xy = 0.0 if draw(st.integers(0, 9)) == 0 else lo + t * (hi - lo)
    assume(lo <= p_xy <= hi)
    return p_xy, p_x, p_y


@prop(200)
@given(triple=probability_triples())
def test_pmi_npmi_valid_input_finite_in_range_and_equal_to_the_definition(triple):
    p_xy, p_x, p_y = triple
    value = tk.npmi(p_xy, p_x, p_y)
    assert -1.0 <= value <= 1.0
    if p_xy == 0:
        assert value == -1.0 and tk.pmi(p_xy, p_x, p_y) == -math.inf   # documented
        return
    # The definition, with each log taken separately (no product to underflow).
    pmi_by_hand = math.log(p_xy) - math.log(p_x) - math.log(p_y)
    assert tk.pmi(p_xy, p_x, p_y) == pytest.approx(pmi_by_hand, rel=1e-9, abs=1e-9)
    if p_xy < 1 and not (p_xy == p_x == p_y):
        # The ratio p_xy / (p_x p_y) is rounded twice (about 4.4e-16 relative), an
        # error that -log p_xy magnifies when p_xy is within ~1e-8 of 1.
        rounding = 1e-15 / -math.log(p_xy)
        assert value == pytest.approx(max(-1, min(1, pmi_by_hand / -math.log(p_xy))), rel=1e-9, abs=1e-9 + rounding)


def test_npmi_of_probabilities_near_1e_300_is_the_right_value():
    # PMI = ln(1e-300 / 1e-400) = 100 ln 10; -ln p_xy = 300 ln 10; NPMI = 1/3 (not 1.0 from 0 / 0 clipped).
    assert tk.npmi(1e-300, 1e-200, 1e-200) == pytest.approx(1 / 3, rel=1e-12)
    assert tk.pmi(1e-300, 1e-200, 1e-200) == pytest.approx(100 * math.log(10), rel=1e-12)
    assert tk.pmi(1e-300, 1e-200, 1e-200, base=10) == pytest.approx(100, rel=1e-12)
    # Independent words still score exactly 0 (the ratio form is kept where it is safe).
    assert tk.pmi(0.002, 0.05, 0.04) == 0.0


@prop(60)
@given(position=st.integers(0, 2), bad=st.one_of(NOT_A_NUMBER, st.sampled_from([-0.1, 1.5, math.nan, math.inf])))
def test_pmi_npmi_bad_probability_names_it(position, bad):
    names = ("p_xy", "p_x", "p_y")
    args = [0.01, 0.1, 0.1]
    args[position] = bad
    for f in (tk.pmi, tk.npmi):
        refused(lambda f=f: f(*args), names[position])


@prop(30)
@given(a=st.integers(1, 5), b=st.integers(1, 5))
def test_npmi_of_arrays_that_cannot_be_paired_names_the_arguments(a, b):
    assume(a != b and a > 1 and b > 1)
    p_xy, p_x = np.full(a, 0.01), np.full(b, 0.1)
    for f in (tk.pmi, tk.npmi):
        err = refused(lambda f=f: f(p_xy, p_x, 0.1), "p_xy")
        assert "p_x" in str(err) and "broadcast" not in str(err)


def test_pmi_and_npmi_do_not_modify_their_arrays():
    arrays = [np.array([0.01, 0.0, 0.02]), np.array([0.1, 0.2, 0.1]), np.array([0.1, 0.1, 0.3])]
    before = copy.deepcopy(arrays)
    tk.pmi(*arrays)
    tk.npmi(*arrays)
    for a, b in zip(arrays, before):
        assert np.array_equal(a, b)


# ---------------------------------------------------------- counts -> NPMI
@st.composite
def count_quadruples(draw, max_n=10**30):
    """(c_xy, c_x, c_y, n) that some corpus allows; n up to well past int64."""
    n = draw(st.integers(1, max_n))
    c_x = draw(st.integers(1, n))
    c_y = draw(st.integers(1, n))
    c_xy = draw(st.integers(max(0, c_x + c_y - n), min(c_x, c_y)))
    return c_xy, c_x, c_y, n


@prop(150)
@given(counts=count_quadruples())
def test_npmi_from_counts_exact_for_counts_past_int64(counts):
    c_xy, c_x, c_y, n = counts
    value = tk.npmi_from_counts(c_xy, c_x, c_y, n)
    assert -1.0 <= value <= 1.0
    if c_xy == 0:
        assert value == -1.0
    elif c_xy == c_x == c_y:
        assert value == 1.0
    else:
        # math.log takes exact integers of any size: ln(c_xy n / (c_x c_y)) / -ln(c_xy / n).
        by_hand = (math.log(c_xy) + math.log(n) - math.log(c_x) - math.log(c_y)) / (math.log(n) - math.log(c_xy))
        assert value == pytest.approx(max(-1.0, min(1.0, by_hand)), rel=1e-7, abs=1e-7)
    p_xy, p_x, p_y = tk.probabilities_from_counts(c_xy, c_x, c_y, n)
    assert 0 <= p_xy <= min(p_x, p_y) <= 1
    assert p_x == pytest.approx(c_x / n, rel=1e-15)     # Python's int / int is exact, then rounded once


def test_counts_past_int64_by_hand():
    # 150 · 10**396 etc. of n = 10**400 windows: the guide's 150, 500, 400 of 10,000, scaled.
    big = tk.npmi_from_counts(150 * 10**396, 500 * 10**396, 400 * 10**396, 10**400)
    assert big == pytest.approx(math.log(7.5) / -math.log(0.015), rel=1e-12)
    # n = 10**19 > 2**63 - 1: once an OverflowError or a wrapped-around negative n.
    assert tk.npmi_from_counts(150, 500, 400, 10**19) == pytest.approx(
        math.log(150 * 10**19 / (500 * 400)) / math.log(10**19 / 150), rel=1e-12)
    # A word in every one of 10**19 windows (given as numpy's uint64) is independent of any other: NPMI 0.
    assert tk.npmi_from_counts(1, np.uint64(10**19), 1, np.uint64(10**19)) == pytest.approx(0.0, abs=1e-15)
    with pytest.raises(ValueError, match="c_xy / n"):
        tk.npmi_from_counts(150, 500, 400, 10**400)          # 1.5e-398 is below every float


@prop(40)
@given(counts=count_quadruples(max_n=10**6), eps=st.floats(0, 10))
def test_guide_smoothing_stays_in_range(counts, eps):
    value = tk.npmi_from_counts(*counts, eps=eps, zero="guide")
    assert -1.0 <= value <= 1.0


@prop(40)
@given(counts=count_quadruples(max_n=10**6))
def test_gensim_smoothing_with_its_eps_is_finite(counts):
    value = tk.npmi_from_counts(*counts, eps=1e-12, zero="epsilon")
    assert math.isfinite(value) and abs(value) <= 1 + 1e-6


def test_gensim_smoothing_edge_cases():
    # c_xy = c_x = c_y = n with an eps too small to move 1 + eps: the limit -1, not 0/0.
    assert tk.npmi_from_counts(10, 10, 10, 10, eps=1e-17, zero="epsilon") == -1.0
    # An eps this large takes gensim's formula far outside [-1, 1]: ln(0.6 / 0.01) / -ln 0.6 = 8.0
    refused(lambda: tk.npmi_from_counts(1, 1, 1, 10, eps=0.5, zero="epsilon"), "eps")


@prop(80)
@given(position=st.integers(0, 3),
       bad=st.one_of(NOT_A_NUMBER, st.sampled_from([-1, 2.5, math.nan, math.inf, -10**30])))
def test_npmi_from_counts_bad_count_names_it(position, bad):
    names = ("c_xy", "c_x", "c_y", "n")
    args = [2, 5, 5, 20]
    args[position] = bad
    refused(lambda: tk.npmi_from_counts(*args), names[position])
    refused(lambda: tk.probabilities_from_counts(*args), names[position])


def test_count_arrays_that_cannot_be_paired_name_the_arguments():
    err = refused(lambda: tk.npmi_from_counts([1, 2], [3, 3, 3], 3, 10), "c_xy")
    assert "c_x" in str(err)


# ------------------------------------------------------------------ PageRank
@st.composite
def graphs(draw, max_n=6):
    """Symmetric non-negative weight matrices, entries 0 or in [1e-3, 1]."""
    n = draw(st.integers(1, max_n))
    entries = st.one_of(st.just(0.0), st.floats(1e-3, 1.0))
    a = np.zeros((n, n))
    for i in range(n):
        for j in range(i, n):
            a[i, j] = a[j, i] = draw(entries)
    return a


@prop(80)
@given(a=graphs(), c=SCALES)
def test_pagerank_is_a_distribution_and_does_not_depend_on_scale(a, c):
    before = a.copy()
    lam = tk.pagerank(a).weights
    assert np.array_equal(a, before)
    assert np.all(np.isfinite(lam)) and np.all(lam >= 0) and lam.sum() == pytest.approx(1, abs=1e-12)
    assert tk.pagerank(a * c).weights == pytest.approx(lam, abs=1e-9)


def test_pagerank_at_1e_pm_200():
    a = np.array([[0, 0.85, 0.82], [0.85, 0, 0.88], [0.82, 0.88, 0]])
    lam = tk.pagerank(a).weights
    for c in (1e200, 1e-200, 1e300, 1e-300, 2.0**1000):
        assert tk.pagerank(a * c).weights == pytest.approx(lam, abs=1e-12)
    assert tk.pagerank(a * 2.0**-1000).weights.tolist() == lam.tolist()     # a power of two: bit for bit


@prop(40)
@given(bad=st.sampled_from(["asym", "neg", "nan", "inf", "rect", "empty", "3d", "str", "bool", "ragged"]))
def test_pagerank_bad_weights_names_them(bad):
    a = np.array([[0, 0.5], [0.5, 0]])
    value = {"asym": [[0, 0.5], [0.2, 0]], "neg": [[0, -0.5], [-0.5, 0]], "nan": [[0, math.nan], [math.nan, 0]],
             "inf": [[0, math.inf], [math.inf, 0]], "rect": [[0, 1, 2], [1, 0, 3]], "empty": np.zeros((0, 0)),
             "3d": np.zeros((2, 2, 2)), "str": "weights", "bool": a > 0, "ragged": [[0, 1], [1]]}[bad]
    refused(lambda: tk.pagerank(value), "weights")


@prop(20)
@given(name_bad=st.sampled_from([("damping", -0.5), ("damping", 1.5), ("damping", math.nan), ("damping", "x"),
                                 ("damping", None), ("tol", 0), ("tol", -1), ("tol", math.inf), ("tol", "x"),
                                 ("max_iter", 0), ("max_iter", 2.5), ("max_iter", True), ("max_iter", None)]))
def test_pagerank_bad_parameters_name_them(name_bad):
    name, bad = name_bad
    refused(lambda: tk.pagerank([[0, 1], [1, 0]], **{name: bad}), name)


# ------------------------------------------------------ cosines, SC, SD, SemDiv
@st.composite
def vector_sets(draw, min_k=2, max_k=5):
    """k vectors of dimension d, none of them zero, components in [-1, 1]."""
    k = draw(st.integers(min_k, max_k))
    d = draw(st.integers(1, 4))
    v = np.array([[draw(st.floats(-1, 1)) for _ in range(d)] for _ in range(k)])
    assume(np.all(np.abs(v).max(axis=1) > 1e-3))
    return v


@prop(80)
@given(v=vector_sets(), c=SCALES)
def test_cosines_do_not_depend_on_scale(v, c):
    before = v.copy()
    cos = tk.cosine_similarity_matrix(v)
    assert np.array_equal(v, before)
    assert np.all(np.abs(cos) <= 1) and np.array_equal(cos, cos.T) and np.all(np.diag(cos) == 1)
    assert tk.cosine_similarity_matrix(v * c) == pytest.approx(cos, abs=1e-12)
    # each row by its own constant too
    rows = v * np.geomspace(1e-200, 1e200, v.shape[0])[:, None]
    assert tk.cosine_similarity_matrix(rows) == pytest.approx(cos, abs=1e-12)


@prop(60)
@given(v=vector_sets(), c=SCALES)
def test_distinctiveness_in_range_and_scale_free(v, c):
    sd = tk.distinctiveness(v)
    assert np.all((sd.matrix >= 0) & (sd.matrix <= 1)) and 0 <= sd.mean <= 1
    assert tk.distinctiveness(v * c).mean == pytest.approx(sd.mean, abs=1e-12)


def test_distinctiveness_of_vectors_of_size_1e200():
    v = np.array([[1.0, 0.0], [1.0, 1.0]])
    # cos = 1/sqrt 2, SD = (1 - 1/sqrt 2)/2
    expected = (1 - 1 / math.sqrt(2)) / 2
    for c in (1e200, 1e-200, 1e307):
        assert tk.distinctiveness(v * c).mean == pytest.approx(expected, rel=1e-12)


@prop(60)
@given(v=vector_sets(min_k=1), c=SCALES)
def test_topic_vector_is_the_mean_at_any_scale(v, c):
    t = tk.topic_vector(v * c)
    assert np.all(np.isfinite(t))
    assert t / c == pytest.approx(v.mean(axis=0), rel=1e-9, abs=1e-12)


def test_topic_vector_of_components_near_the_largest_float():
    v = np.array([[1.5e308, -1e308], [1.5e308, 1e308]])
    assert tk.topic_vector(v).tolist() == [1.5e308, 0.0]     # the plain sum overflows to inf


@prop(60)
@given(v=vector_sets(min_k=2, max_k=5), threshold=st.floats(0, 1), data=st.data())
def test_semantic_coherence_in_range_and_scale_free_in_its_weights(v, threshold, data):
    s = tk.cosine_similarity_matrix(v)
    before = s.copy()
    sc = tk.semantic_coherence(s, threshold=threshold)
    assert np.array_equal(s, before)
    assert -1 <= sc.score <= 1 and math.isfinite(sc.score)
    if np.all(s >= 0):
        assert 0 <= sc.score <= 1                       # documented: similarities in [0, 1] give SC in [0, 1]
    lam = np.array(sc.weights)
    c = data.draw(SCALES)
    given_weights = lam * c
    kept = given_weights.copy()
    assert tk.semantic_coherence(s, threshold=threshold, weights=given_weights).score == pytest.approx(
        sc.score, rel=1e-12, abs=1e-12)
    assert np.array_equal(given_weights, kept)


def test_semantic_coherence_weights_at_1e_pm_200():
    s = [[1, 0.85, 0.82], [0.85, 1, 0.88], [0.82, 0.88, 1]]
    lam = np.array([0.32, 0.36, 0.32])
    score = tk.semantic_coherence(s, weights=lam).score
    for c in (1e200, 1e-200, 1e300, 1e-300):
        assert tk.semantic_coherence(s, weights=lam * c).score == pytest.approx(score, rel=1e-14)
    # Ordinary weights are used exactly as given (the document's I = λλᵀ is shown unchanged).
    assert tk.semantic_coherence(s, weights=lam).importance[0, 0] == 0.32 * 0.32


@prop(40)
@given(bad=st.sampled_from(["asym", "range", "diag", "nan", "rect", "str", "one"]))
def test_semantic_coherence_bad_similarity_names_it(bad):
    value = {"asym": [[1, 0.5], [0.2, 1]], "range": [[1, 1.5], [1.5, 1]], "diag": [[0.5, 0.2], [0.2, 1]],
             "nan": [[1, math.nan], [math.nan, 1]], "rect": [[1, 0.5, 0.2]], "str": "S", "one": [[1.0]]}[bad]
    refused(lambda: tk.semantic_coherence(value), "similarity")


@prop(30)
@given(bad=st.sampled_from([[0.5, 0.5], [-1, 1, 1], [0, 0, 0], [1, math.nan, 1], "abc", [[1, 1, 1]], None]))
def test_semantic_coherence_bad_weights_names_them(bad):
    s = [[1, 0.85, 0.82], [0.85, 1, 0.88], [0.82, 0.88, 1]]
    if bad is None:
        return                                     # None means "use PageRank", which is valid
    refused(lambda: tk.semantic_coherence(s, weights=bad), "weights")


@prop(30)
@given(name=st.sampled_from(["threshold", "direct_weight", "indirect_weight", "damping"]),
       bad=st.sampled_from([-0.5, 1.5, math.nan, "x", True]))
def test_semantic_coherence_bad_parameters_name_them(name, bad):
    s = [[1, 0.85, 0.82], [0.85, 1, 0.88], [0.82, 0.88, 1]]
    refused(lambda: tk.semantic_coherence(s, **{name: bad}), name)


@prop(60)
@given(v=vector_sets(min_k=2, max_k=4), data=st.data())
def test_semantic_diversity_in_range(v, data):
    k = v.shape[0]
    assignments = data.draw(st.lists(st.integers(0, k - 1), min_size=1, max_size=30))
    alpha = data.draw(st.floats(0, 1))
    kept = list(assignments)
    sd = tk.semantic_diversity(v, assignments, alpha=alpha, beta=1 - alpha)
    assert assignments == kept
    for x in (sd.score, sd.semantic, sd.distribution):
        assert 0 <= x <= 1
    assert tk.semantic_diversity(v * data.draw(SCALES), assignments, alpha=alpha, beta=1 - alpha).score == \
        pytest.approx(sd.score, abs=1e-12)


@prop(30)
@given(bad=st.sampled_from([[0, 5], [-1, 0], [0.5, 1], "01", [[0, 1]], [], [True, False], None, {0: 1}]))
def test_semantic_diversity_bad_assignments_names_them(bad):
    refused(lambda: tk.semantic_diversity([[1, 0], [0, 1]], bad), "assignments")


def test_semantic_diversity_bad_shares_name_them():
    refused(lambda: tk.semantic_diversity([[1, 0], [0, 1]], [0, 1], alpha=0.7, beta=0.7), "alpha")
    refused(lambda: tk.semantic_diversity([[1, 0], [0, 1]], [0, 1], alpha=-0.5, beta=1.5), "alpha")


@prop(40)
@given(bad=st.sampled_from(["zero", "nan", "1d", "empty", "str", "ragged", "bool", "huge"]))
def test_vector_functions_bad_vectors_name_them(bad):
    value = {"zero": [[0, 0], [1, 1]], "nan": [[math.nan, 1], [1, 1]], "1d": [1, 2, 3], "empty": np.zeros((0, 3)),
             "str": "vectors", "ragged": [[1, 2], [3]], "bool": [[True, False], [False, True]],
             "huge": [[10**400, 1], [1, 1]]}[bad]
    refused(lambda: tk.cosine_similarity_matrix(value), "vectors")
    refused(lambda: tk.distinctiveness(value), "topic_vectors")
    if bad != "zero":                             # a zero word vector has a mean, only no cosine
        refused(lambda: tk.topic_vector(value), "word_vectors")


@prop(60)
@given(v=vector_sets(min_k=2, max_k=5))
def test_mean_norm_from_cosines_in_range(v):
    cos = tk.cosine_similarity_matrix(v)
    norm = tk.mean_norm_from_cosines(cos)
    unit = v / np.linalg.norm(v, axis=1)[:, None]
    assert 0 <= norm <= 1 + 1e-12
    # Compared squared: norm is the square root of the cosines' mean, and a square root near 0 turns a
    # rounding error of 1e-16 in that mean (which differs between CPUs) into 1e-8, so v = [[1, 1], [-1, -1]]
    # would pass or fail by machine.  The squares agree to the cosines' own rounding everywhere.
    assert norm ** 2 == pytest.approx(np.sum(unit.mean(axis=0) ** 2), abs=1e-9)


@prop(20)
@given(bad=st.sampled_from([[0.5, 0.5], [1.5], [[1, 0.5], [0.4, 1]], "x", None, np.zeros((2, 2, 2)),
                            [-0.9, -0.9, -0.9]]))
def test_mean_norm_from_cosines_bad_input_names_it(bad):
    refused(lambda: tk.mean_norm_from_cosines(bad), "cosines")


# ------------------------------------------------------------- word vectors
def test_word_vectors_bad_input_names_it():
    refused(lambda: tk.WordVectors({"a": [1, 2], "b": [1]}), "vectors")
    refused(lambda: tk.WordVectors({"a": [1, math.nan]}), "vectors")
    refused(lambda: tk.WordVectors({"a": "xy"}), "vectors")
    refused(lambda: tk.WordVectors({}), "vectors")
    refused(lambda: tk.WordVectors([[1, 2]]), "vocabulary")
    refused(lambda: tk.WordVectors([[1, 2]], vocabulary="a"), "vocabulary")
    refused(lambda: tk.WordVectors([[1, 2]], vocabulary=["a", "b"]), "vocabulary")
    refused(lambda: tk.WordVectors([[1, 2], [3, 4]], vocabulary=["a", 5]), "vocabulary")
    refused(lambda: tk.WordVectors([[1, 2], [3, 4]], vocabulary=["a", "A"]), "vocabulary")
    refused(lambda: tk.WordVectors([1, 2], vocabulary=["a"]), "vectors")
    refused(lambda: tk.WordVectors({"a": [1, 2]}).most_similar("a", topn=0), "topn")
    refused(lambda: tk.ppmi_matrix("not counts"), "counts")
    counts = tk.CooccurrenceCounts.from_documents(["a b", "a c", "b c"])
    refused(lambda: tk.ppmi_matrix(counts, min_count=0), "min_count")
    refused(lambda: tk.ppmi_matrix(counts, words="ab"), "words")
    refused(lambda: tk.ppmi_svd(counts, dim=0), "dim")
    refused(lambda: tk.ppmi_svd(counts, dim=9), "dim")
    refused(lambda: tk.ppmi_svd(counts, dim=2, power=-1), "power")


@prop(40)
@given(v=vector_sets(min_k=2, max_k=4), c=SCALES)
def test_word_vectors_cosines_scale_free_and_input_kept(v, c):
    mapping = {f"w{i}": list(row) for i, row in enumerate(v * c)}
    kept = copy.deepcopy(mapping)
    wv = tk.WordVectors(mapping)
    assert mapping == kept
    words = list(mapping)
    assert wv.similarity_matrix(words) == pytest.approx(tk.cosine_similarity_matrix(v), abs=1e-12)
    best = wv.most_similar(words[0], topn=1)[0][1]
    assert -1 - 1e-12 <= best <= 1 + 1e-12
    assert best == pytest.approx(tk.cosine_similarity_matrix(v)[0, 1:].max(), abs=1e-12)


# ------------------------------------------------------------ discrimination
# Scores in thousandths: multiplied by any constant above they stay normal floats.
SCORE = st.integers(-1000, 1000).map(lambda k: k / 1000)
SCORE_LISTS = st.lists(SCORE, min_size=2, max_size=12)


@prop(50)
@given(p=SCORE_LISTS, q=SCORE_LISTS, c=SCALES, shift=st.floats(-5, 5))
def test_roc_auc_and_cohens_d_ranges_and_invariances(p, q, c, shift):
    kept = (list(p), list(q))
    auc = tk.roc_auc(p, q)
    assert (list(p), list(q)) == kept
    assert 0 <= auc <= 1
    assert tk.roc_auc(q, p) == pytest.approx(1 - auc, abs=1e-12)
    assert tk.roc_auc(np.array(p) * c, np.array(q) * c) == pytest.approx(auc, abs=1e-12)
    try:
        d = tk.cohens_d(p, q)
    except ValueError as err:
        assert "spread" in str(err)
        return
    assert math.isfinite(d)
    assert tk.cohens_d(np.array(p) * c, np.array(q) * c) == pytest.approx(d, rel=1e-9, abs=1e-9)
    assert tk.cohens_d(np.array(p) + shift, np.array(q) + shift) == pytest.approx(d, rel=1e-6, abs=1e-6)


def test_cohens_d_of_large_values_by_hand():
    # p = (2, 4), q = (0, 2): means 3 and 1, both variances 2, s = sqrt 2, d = 2 / sqrt 2 = sqrt 2.
    for c in (1, 1e200, 1e-200, 1e300, 2.0**1000):
        assert tk.cohens_d([2 * c, 4 * c], [0, 2 * c]) == pytest.approx(math.sqrt(2), rel=1e-12)
    dsc = tk.evaluation.discrimination.discrimination([1.5e308, 1e308], [-1e308, 1e308])
    assert dsc.mean_pos == pytest.approx(1.25e308, rel=1e-12) and math.isfinite(dsc.d)


@prop(40)
@given(bad=st.one_of(NOT_A_NUMBER, st.sampled_from([[1.0], [1.0, math.nan], [[1, 2], [3, 4]], [1, math.inf]])))
def test_discrimination_bad_scores_name_them(bad):
    refused(lambda: tk.cohens_d(bad, [1, 2, 3]), "positives")
    refused(lambda: tk.cohens_d([1, 2, 3], bad), "negatives")
    refused(lambda: tk.discrimination_ratio([1, 2], [0, 1], bad, [0, 1], n_boot=10), "positives_b")


@prop(25)
@given(pa=SCORE_LISTS, qa=SCORE_LISTS, data=st.data(), measure=st.sampled_from(["d", "gini", "auc"]))
def test_discrimination_ratio_is_finite_or_refused(pa, qa, data, measure):
    pb = data.draw(st.lists(SCORE, min_size=len(pa), max_size=len(pa)))
    qb = data.draw(st.lists(SCORE, min_size=len(qa), max_size=len(qa)))
    try:
        r = tk.discrimination_ratio(pa, qa, pb, qb, measure=measure, n_boot=50)
    except ValueError as err:
        # Refused only for a metric without spread, or a b that does not separate at all.
        assert "spread" in str(err) or "metric b" in str(err) or "every resample" in str(err)
        return
    assert math.isfinite(r.ratio) and math.isfinite(r.low) and math.isfinite(r.high) and r.low <= r.high
    assert np.all(np.isfinite(r.boot))


def test_discrimination_ratio_of_metrics_that_separate_nothing():
    # Neither metric separates: 0/0 was reported as inf beside an interval of [1, 1].
    err = refused(lambda: tk.discrimination_ratio([1, 2], [1, 2], [1, 2], [1, 2], n_boot=50), "metric b")
    assert "0/0" in str(err)
    # Only b separates nothing (AUC 0.5, gini 0): a ratio to 0 is refused too.
    refused(lambda: tk.discrimination_ratio([3, 4], [1, 2], [1, 4], [2, 3], measure="gini", n_boot=50), "metric b")
    refused(lambda: tk.discrimination_ratio([1, 2], [0, 1], [1, 2], [0, 1], measure="x"), "measure")
    refused(lambda: tk.discrimination_ratio([1, 2], [0, 1], [1, 2], [0, 1], level=1.5), "level")
    refused(lambda: tk.discrimination_ratio([1, 2], [0, 1], [1, 2, 3], [0, 1]), "metrics a and b")


@prop(40)
@given(vocab=st.lists(st.text("abcdefgh", min_size=1, max_size=3), min_size=2, max_size=15, unique=True),
       n_topics=st.integers(1, 4), data=st.data())
def test_random_and_intruded_topics(vocab, n_topics, data):
    size = data.draw(st.integers(2, len(vocab)))
    kept = list(vocab)
    topics = tk.random_topics(vocab, n_topics, size=size, seed=data.draw(st.integers(0, 10)))
    assert vocab == kept
    assert len(topics) == n_topics
    assert all(len(t) == size == len(set(t)) and set(t) <= set(vocab) for t in topics)
    extra = [w + "z" for w in vocab]                  # words outside every topic
    k = data.draw(st.integers(1, size))
    topics_kept = copy.deepcopy(topics)
    intruded = tk.intruded_topics(topics, extra, n_intruders=k, seed=1)
    assert topics == topics_kept
    for t, u in zip(topics, intruded):
        assert len(u) == len(t) and sum(a != b for a, b in zip(t, u)) == k


def test_random_and_intruded_topics_bad_input_names_it():
    refused(lambda: tk.random_topics("abc", 2), "vocabulary")
    refused(lambda: tk.random_topics(["a", 1], 1, size=2), "vocabulary")
    refused(lambda: tk.random_topics(["a", "b"], 0, size=2), "n_topics")
    refused(lambda: tk.random_topics(["a", "b"], 1, size=3), "size")
    refused(lambda: tk.random_topics(["a", "b"], 1, size=2, seed=-1), "seed")
    refused(lambda: tk.intruded_topics("abc", ["x"]), "topics")
    refused(lambda: tk.intruded_topics([], ["x"]), "topics")
    refused(lambda: tk.intruded_topics([["a", 2]], ["x"]), "topics[0]")
    refused(lambda: tk.intruded_topics([["a", "b"]], ["x"], n_intruders=3), "n_intruders")
    refused(lambda: tk.intruded_topics([["a", "b"]], ["a"], n_intruders=1), "vocabulary")


# ----------------------------------------------------------------- perplexity
SENTENCES = st.lists(st.lists(st.sampled_from(list("abcde")), min_size=2, max_size=6), min_size=1, max_size=4)


@prop(60)
@given(train=SENTENCES, test=SENTENCES, alpha=st.one_of(st.floats(1e-200, 1e300), st.sampled_from([1.0, 0.5])),
       vocabulary=st.sampled_from(["training", "with-unk"]), denominator=st.sampled_from(["unigram", "context"]),
       pad=st.booleans(), per=st.sampled_from(["prediction", "token"]))
def test_perplexity_finite_and_at_least_one(train, test, alpha, vocabulary, denominator, pad, per):
    kept = copy.deepcopy((train, test))
    lm = tk.BigramLM(train, alpha=alpha, vocabulary=vocabulary, denominator=denominator, pad=pad)
    with warnings.catch_warnings():
        warnings.simplefilter("error")                # no ZeroProbabilityWarning with alpha > 0
        h = tk.cross_entropy(lm, test, per=per)
        pp = tk.perplexity(lm, test, per=per)
    assert (train, test) == kept
    assert math.isfinite(h) and h >= 0 and math.isfinite(pp) and pp >= 1
    assert pp == pytest.approx(2**h, rel=1e-12)


def test_huge_and_tiny_alpha():
    train = ["a", "b", "c", "a", "b"]
    # alpha·V overflows: refused, naming alpha (once: perplexity inf with a warning blaming alpha = 0).
    refused(lambda: tk.BigramLM(train, alpha=1e308), "alpha")
    # alpha = 1e300 swamps every count: each P = 1/V, so the perplexity is V = 3.
    assert tk.perplexity(tk.BigramLM(train, alpha=1e300), ["a", "c", "b"]) == pytest.approx(3, rel=1e-12)
    # alpha = 2**-1074 (the smallest float): P(c | a) = 2**-1074 / 2 underflows, its log2 is -1075.
    lm = tk.BigramLM(train, alpha=5e-324)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert lm.logprob2("a", "c") == -1075.0
        assert tk.cross_entropy(lm, ["a", "c"]) == 1075.0


@prop(40)
@given(name=st.sampled_from(["alpha", "vocabulary", "denominator", "pad"]),
       bad=st.sampled_from([-1, math.nan, math.inf, "x", None, True, 1e308]))
def test_bigram_lm_bad_parameters_name_them(name, bad):
    if name == "alpha" and bad is None:
        return
    if name != "alpha" and bad == 1e308 or name == "pad" and bad is True:
        return
    refused(lambda: tk.BigramLM(["a", "b"], **{name: bad}), name)


@prop(30)
@given(bad=st.sampled_from(["a b", None, 5, [1, 2], [["a", 1]], [], [[]], ["a", ["b"]]]))
def test_bigram_lm_bad_tokens_name_them(bad):
    refused(lambda: tk.BigramLM(bad), "tokens")
    lm = tk.BigramLM(["a", "b"])
    refused(lambda: tk.perplexity(lm, bad), "tokens")


def test_perplexity_bad_model_and_per_name_them():
    refused(lambda: tk.perplexity("model", ["a", "b"]), "model")
    refused(lambda: tk.cross_entropy(tk.BigramLM(["a", "b"]), ["a", "b"], per="word"), "per")


# ------------------------------------------------------------------ tokenize
@prop(40)
@given(text=st.text(max_size=40))
def test_tokenize_gives_normalized_word_tokens(text):
    tokens = tk.tokenize(text)
    assert all(isinstance(t, str) and t and t == tk.normalize_token(t) for t in tokens)
    assert tk.tokenize(" ".join(tokens)) == tokens          # tokenizing again changes nothing


@prop(20)
@given(bad=st.sampled_from([None, 5, b"bytes", ["a", "b"], 1.5]))
def test_tokenize_bad_text_names_it(bad):
    refused(lambda: tk.tokenize(bad), "text")


# ------------------------------------------------------------------- widgets
def test_explorer_bad_input_names_it():
    import ipywidgets as w

    from teachkit.course.widgets import explorer

    slider = w.IntSlider(value=1, min=0, max=3)
    refused(lambda: explorer("not a function", x=slider), "func")
    refused(lambda: explorer(lambda x: str(x), title=5, x=slider), "title")
    refused(lambda: explorer(lambda x: str(x), x=3), "control 'x'")
    refused(lambda: explorer(lambda x: str(x)), "controls")
    ex = explorer(lambda x: f"x = {x}", x=slider)
    assert "x = 1" in ex.result.value


# ------------------------------------------------- kinds of number refused
@prop(40)
@given(bad=st.sampled_from([1j, 10**400, -(10**400)]),
       case=st.sampled_from(["pmi", "npmi", "pagerank", "sc_threshold", "sc_damping", "cohens_d", "roc_auc",
                             "level", "alpha", "eps", "base", "semdiv_alpha", "vectors"]))
def test_complex_numbers_and_integers_beyond_floats_are_refused_by_name(bad, case):
    s = [[1, 0.5], [0.5, 1]]
    call, name = {
        "pmi": (lambda: tk.pmi(bad, 0.1, 0.1), "p_xy"),
        "npmi": (lambda: tk.npmi(0.01, 0.1, bad), "p_y"),
        "pagerank": (lambda: tk.pagerank([[0, bad], [bad, 0]]), "weights"),
        "sc_threshold": (lambda: tk.semantic_coherence(s, threshold=bad), "threshold"),
        "sc_damping": (lambda: tk.semantic_coherence(s, damping=bad), "damping"),
        "cohens_d": (lambda: tk.cohens_d([1, bad], [0, 1]), "positives"),
        "roc_auc": (lambda: tk.roc_auc([1, 2], [0, bad]), "negatives"),
        "level": (lambda: tk.discrimination_ratio([1, 2], [0, 1], [1, 2], [0, 1], level=bad), "level"),
        "alpha": (lambda: tk.BigramLM(["a", "b"], alpha=bad), "alpha"),
        "eps": (lambda: tk.npmi_from_counts(1, 2, 2, 4, eps=bad, zero="guide"), "eps"),
        "base": (lambda: tk.pmi(0.01, 0.1, 0.1, base=bad), "base"),
        "semdiv_alpha": (lambda: tk.semantic_diversity([[1, 0], [0, 1]], [0, 1], alpha=bad), "alpha"),
        "vectors": (lambda: tk.cosine_similarity_matrix([[1, bad], [1, 1]]), "vectors"),
    }[case]
    refused(call, name)


def test_topic_ids_too_large_for_an_integer_are_refused():
    refused(lambda: tk.semantic_diversity([[1, 0], [0, 1]], [0, 1e308]), "assignments")


# ------------------------------------------------------- the module layout
def test_pagerank_lives_in_its_own_module_and_old_names_still_work():
    import importlib

    module = importlib.import_module("teachkit.semantic.centrality")
    from teachkit.semantic.metrics import PageRank, pagerank

    assert tk.pagerank is pagerank is module.pagerank and PageRank is module.PageRank is tk.PageRank
    assert tk.semantic.metrics.pagerank is module.pagerank
    # The validation helpers are shared from teachkit._checks, not kept in semantic.py.
    for old in ("_check_square", "_check_similarity", "_check_vectors", "_as_float_array"):
        assert not hasattr(tk.semantic.metrics, old)


def test_sizes_that_would_never_finish_are_refused_by_name():
    # Once: a numpy "Maximum allowed dimension exceeded" for n_boot, and random_topics drawing forever.
    refused(lambda: tk.discrimination_ratio([1, 2, 3], [0, 1, 2], [1, 2, 3], [0, 1.5, 1], n_boot=10**19), "n_boot")
    refused(lambda: tk.random_topics(["a", "b"], 10**19, size=2), "n_topics")
    refused(lambda: tk.semantic_diversity([[1, 0], [0, 1]], [0, 10**400]), "assignments")


@prop(30)
@given(bad=st.sampled_from([None, 5, 1.5, True, object(), 1j]))
def test_word_list_arguments_that_are_no_lists_are_refused_by_name(bad):
    refused(lambda: tk.random_topics(bad, 1, size=2), "vocabulary")
    refused(lambda: tk.intruded_topics(bad, ["z"]), "topics")
    refused(lambda: tk.intruded_topics([bad], ["z"]), "topics[0]")
    refused(lambda: tk.semantic_diversity([[1, 0], [0, 1]], bad), "assignments")
