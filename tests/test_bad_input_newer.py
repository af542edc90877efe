"""Bad input to the newer APIs (measures' building blocks, NgramLM, model choice, intrusion, agreement,
human ratings): each class of mistake gets a ValueError or TypeError naming the argument, never a silent
wrong answer, an internal error or a blow-up.

Each row below failed before the fix it pins (issue "bad input, round two"); the valid neighbours of each
row are checked against values derived here by hand.
"""

import functools
import math

import numpy as np
import pytest
from hypothesis import given, strategies as st

import teachkit as tk
from teachkit.coherence import measures
from teachkit.evaluation import agreement, intrusion, model_selection
from teachkit.lm.ngram import NgramLM

from test_properties import prop, refused

DOCS = [["fire", "smoke", "ash"], ["fire", "smoke"], ["fire", "rain"], ["rain", "ash", "smoke"]] * 3


@functools.cache
def _small_lda():
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel

    dictionary = Dictionary(DOCS)
    model = LdaModel([dictionary.doc2bow(d) for d in DOCS], id2word=dictionary, num_topics=2, passes=1,
                     random_state=0)
    model.dictionary_for_tests = dictionary
    return model


@pytest.fixture(scope="module")
def lda():
    model = _small_lda()
    return model, model.dictionary_for_tests


# --------------------------------------------------------------- silent wrong answers
@pytest.mark.parametrize("bow, named", [
    ([[(0, -5)]], "count must be a whole number of at least 1"),
    ([[(0, 1.5)]], "count must be a whole number of at least 1"),
    ([[(0, 5), (1, -3)]], "count must be a whole number of at least 1"),
    ([[(0, 0)]], "count must be a whole number of at least 1"),
    ([[(0, float("nan"))]], "count must be a whole number of at least 1"),
    ([[(True, 1)]], "heldout_bow[0] holds (True, 1)"),
    ([[(0.0, 1)]], "heldout_bow[0] holds (0.0, 1)"),
    ({0: [(0, 1)]}, "heldout_bow must be a list"),
])
def test_heldout_perplexity_refuses_counts_that_are_no_counts(lda, bow, named):
    model, _ = lda
    with pytest.raises((ValueError, TypeError)) as info:
        model_selection.heldout_perplexity(model, bow)
    assert named in str(info.value)


def test_heldout_perplexity_still_takes_doc2bow_output(lda):
    model, dictionary = lda
    result = model_selection.heldout_perplexity(model, [dictionary.doc2bow(["fire", "smoke", "fire"])])
    assert result.n_words == 3 and math.isclose(result.perplexity, math.exp(-result.bound), rel_tol=1e-12)


@pytest.mark.parametrize("answer", ["Pear", "pear", " PEAR ", "pe\u0061r".upper()])
def test_intrusion_judges_a_capitalised_intruder_the_way_it_was_shown(answer):
    topics = [["Apple", "Banana", "Cherry", "Date"], ["Pear", "Plum", "Kiwi", "Lime"]]
    task = intrusion.IntrusionTask(0, ("Apple", "Banana", "Pear", "Cherry"), "Pear", 1)
    assert task.is_hit(answer) and task.shown_word(answer) == "Pear"
    assert not task.is_hit("Apple")
    hits, rate = intrusion.hit_rates([task], [answer])
    assert hits.tolist() == [1.0] and rate == 1.0
    quiz = tk.IntrusionQuiz(intrusion.intrusion_tasks(topics, n_words=3, seed=0))
    first = quiz.tasks[0]
    assert quiz.answer(0, first.intruder.upper()) is True and quiz.answers[0] == first.intruder


@pytest.mark.parametrize("call, named", [
    (lambda: model_selection.split_documents(["abc def", "ghi"]), "documents[0] is the string"),
    (lambda: model_selection.split_documents({"a": ["x"], "b": ["y"]}), "documents is a dict"),
    (lambda: model_selection.split_documents([["a", 1], ["b"]]), "documents[0][1] is int"),
    (lambda: model_selection.k_sweep(["abc def", "ghi jkl"], [2]), "documents[0] is the string"),
    (lambda: NgramLM({"a": ["x"]}, 2), "sentences is a dict"),
    (lambda: NgramLM(b"ab", 2), "sentences is bytes"),
    (lambda: measures.one_one("abc"), "words must be a list of words, got the string 'abc'"),
    (lambda: measures.one_set({"a": 1}), "words is a dict"),
    (lambda: measures.one_preceding(["a", True]), "words[1] is bool"),
])
def test_strings_and_dicts_are_not_taken_for_lists(call, named):
    with pytest.raises(TypeError) as info:
        call()
    assert named in str(info.value)


def test_segmentations_still_take_word_ids():
    # gensim segments word ids; the course's tests compare on them
    assert measures.one_preceding([7, 3]) == [((3,), (7,))]


@pytest.mark.parametrize("alpha", [1e308, 5e307, 10**400, 2**1024])   # 5e307·V overflows for V = 6
def test_ngram_alpha_too_large_for_its_distribution_is_refused(alpha):
    with pytest.raises(ValueError, match="alpha") as info:
        NgramLM([["a", "b", "c"]], 2, "lidstone", alpha=alpha)
    assert "too large" in str(info.value)


def test_a_large_but_workable_alpha_gives_a_distribution_summing_to_one():
    # alpha·V stays finite: every word gets nearly 1/V, and the distribution still sums to 1
    lm = NgramLM([["a", "b", "c"]], 2, "lidstone", alpha=1e300)
    p = lm.probs(("a",))
    assert math.isclose(float(np.sum(p)), 1.0, rel_tol=1e-12)
    assert np.allclose(p, 1 / lm.V, rtol=1e-12)


# --------------------------------------------------------------- C_V's building blocks
V2 = [[1.0, 0.5], [0.5, 1.0]]


@pytest.mark.parametrize("w_prime, exc, named", [
    ([5], ValueError, "w_prime holds 5, but vectors has 2 rows"),
    (["a"], TypeError, "w_prime must hold row indices"),
    ([-1], ValueError, "negative indices are refused"),
    ([True], TypeError, "w_prime must hold row indices"),
    ([], ValueError, "w_prime is empty"),
    ("0", TypeError, "w_prime must be a list of row indices"),
])
def test_indirect_cosine_refuses_rows_it_does_not_have(w_prime, exc, named):
    with pytest.raises(exc) as info:
        measures.indirect_cosine(V2, w_prime, [0, 1])
    assert named in str(info.value)


@pytest.mark.parametrize("bad", [[[np.nan, 1.0], [1.0, 1.0]], [[np.inf, 1.0], [1.0, 1.0]]])
def test_indirect_cosine_refuses_nan_and_infinity(bad):
    with pytest.raises(ValueError, match="vectors holds NaN or infinity"):
        measures.indirect_cosine(bad, [0], [1])


@pytest.mark.parametrize("scale", [1e200, 1e-200, 1e300, 1e-300, 2.0**1000])
def test_indirect_cosine_does_not_depend_on_scale(scale):
    # v(W') = (1, 0.5), v(W) = (1.5, 1.5): cosine 2.25 / (sqrt(1.25) sqrt(4.5)), by hand
    expected = 2.25 / (math.sqrt(1.25) * math.sqrt(4.5))
    scaled = (np.array(V2) * scale).tolist()
    assert math.isclose(measures.indirect_cosine(scaled, [0], [0, 1]), expected, rel_tol=1e-12)
    # all entries equal: the cosine is exactly 1, not NaN
    assert math.isclose(measures.indirect_cosine([[scale, scale], [scale, scale]], [0], [1]), 1.0, rel_tol=1e-12)


@pytest.mark.parametrize("table, named", [
    ([[1, 5], [5, 1]], "NPMI lies in [-1, 1]"),
    ([[1, -2], [-2, 1]], "NPMI lies in [-1, 1]"),
    ([[1 + 1j, 0], [0, 1]], "not complex numbers"),
    ("table", "npmi_table must be an array"),
])
def test_context_vectors_take_npmi_values_only(table, named):
    with pytest.raises((ValueError, TypeError)) as info:
        measures.context_vectors(table)
    assert named in str(info.value)


def test_arithmetic_mean_of_huge_confirmations_is_finite():
    assert measures.arithmetic_mean([1e308, 1e308]) == 1e308
    # (1.7 + 1.5 - 1.6) / 3 = 1.6 / 3, times 1e308; the plain sum would overflow to inf
    assert measures.arithmetic_mean([1.7e308, 1.5e308, -1.6e308]) == pytest.approx(1.6e308 / 3, rel=1e-12)


@pytest.mark.parametrize("args, exc, named", [
    ((1 + 1j, 3, 4), TypeError, "not complex numbers"),
    ((1, 3j, 4), TypeError, "not complex numbers"),
    ((True, 3, 4), TypeError, "c_joint must hold whole numbers, not booleans"),
    ((1.5, 3, 4), ValueError, "c_joint must hold whole numbers"),
])
def test_confirmations_refuse_what_is_no_count(args, exc, named):
    with pytest.raises(exc) as info:
        measures.log_conditional_probability(*args)
    assert named in str(info.value)


def test_confirmations_take_whole_numbers_past_int64():
    # log P(W'|W*) = log(2**69 / 2**70) = log 1/2, exactly as for small counts
    value = measures.log_conditional_probability(2**69, 2**70, 2**71, zero="exact")
    assert value == pytest.approx(math.log(0.5), rel=1e-15)
    assert measures.log_ratio(2**69, 2**70, 2**70, 2**71, zero="exact") == pytest.approx(math.log(1.0), abs=1e-15)


# --------------------------------------------------------------- blow-ups instead of refusals
def test_bootstrap_draws_in_chunks_and_refuses_what_cannot_finish(monkeypatch):
    x, y = [1, 2, 3, 4, 5, 6], [1, 3, 2, 4, 6, 5]
    with pytest.raises(ValueError, match="n_resamples = 1,000,000,000 is more than"):
        agreement.bootstrap_spearman(x, y, n_resamples=10**9)
    with pytest.raises(ValueError, match="n_resamples = 1,000,000,000 is more than"):
        agreement.bootstrap_winner({"A": x, "B": y}, n_resamples=10**9)
    big = np.arange(10**6, dtype=float)
    with pytest.raises(ValueError, match="draws, more than"):
        agreement.bootstrap_winner({"A": big, "B": big + 1})
    # Drawn in chunks, the resamples are those of one matrix when it fits, and the same again when the chunk
    # is forced small (a chunk of whole rows keeps the generator's sequence).
    whole = agreement.bootstrap_spearman(x, y, n_resamples=500, seed=3)
    monkeypatch.setattr(agreement, "_CHUNK_DRAWS", 6 * 7)        # 7 resamples per chunk
    chunked = agreement.bootstrap_spearman(x, y, n_resamples=500, seed=3)
    assert (chunked.low, chunked.high) == (whole.low, whole.high)


def test_k_sweep_checks_its_arguments_before_training():
    docs = [["apple", "pear", "fig", "plum"], ["goal", "match", "team", "coach"]] * 10
    with pytest.raises(ValueError, match=r"ks holds \[1000000\], more topics than the 8 words"):
        model_selection.k_sweep(docs, [10**6], top_n=3)
    with pytest.raises(ValueError, match="seeds must be a whole number from 0 to 4294967295"):
        model_selection.k_sweep(docs, [2], seeds=[2**40], top_n=3)
    with pytest.raises(ValueError, match="no_above must be a finite number"):
        model_selection.k_sweep(docs, [2], no_above=float("nan"), top_n=3)
    with pytest.raises(ValueError, match=r"no_above must be a share of documents in \(0, 1\]"):
        model_selection.k_sweep(docs, [2], no_above=1.5, top_n=3)
    with pytest.raises(TypeError, match="no_below"):
        model_selection.k_sweep(docs, [2], no_below=0.5, top_n=3)


@pytest.mark.parametrize("call, exc, named", [
    (lambda: intrusion.hit_rates([1, 2], [None, None]), TypeError, "tasks[0] is int"),
    (lambda: intrusion.hit_rates("tasks", "a"), TypeError, "tasks must be a list of IntrusionTask"),
    (lambda: intrusion.npmi_rater(None, None), TypeError, "task must be one IntrusionTask"),
    (lambda: tk.IntrusionQuiz([None]), TypeError, "tasks[0] is NoneType"),
])
def test_intrusion_refuses_what_is_no_task(call, exc, named):
    with pytest.raises(exc) as info:
        call()
    assert named in str(info.value)


@pytest.mark.parametrize("window", [2**63, 10**30, 10**400])
def test_a_window_longer_than_any_document_counts_whole_documents(window):
    by_window = tk.CooccurrenceCounts.from_documents(DOCS, window)
    whole = tk.CooccurrenceCounts.from_documents(DOCS)
    # each document is one window: n = 12 documents, c(fire, smoke) = 6 documents, by hand
    assert by_window.n == whole.n == 12
    assert by_window.count("fire", "smoke") == whole.count("fire", "smoke") == 6
    assert tk.CooccurrenceCounts.from_documents(DOCS, window, gensim_compat=True).count("fire", "smoke") == 6
    for measure in ("u_mass", "c_uci", "c_npmi", "c_v"):
        at_window = list(tk.coherence_per_topic([["fire", "smoke", "ash"]], DOCS, measure, window=window,
                                                window_override=True))
        assert at_window == list(tk.coherence_per_topic([["fire", "smoke", "ash"]], DOCS, measure, window=4,
                                                        window_override=True))


@pytest.mark.parametrize("flag", ["yes", 1, None, 0.0])
def test_flags_must_be_true_or_false(flag):
    refused(lambda: tk.CooccurrenceCounts.from_documents(DOCS, 5, gensim_compat=flag), "gensim_compat")
    refused(lambda: tk.coherence_per_topic([["fire", "smoke"]], DOCS, gensim_compat=flag), "gensim_compat")


# --------------------------------------------------------------- properties
WORDS = st.lists(st.sampled_from(["fire", "smoke", "ash", "rain", "Fire", "ASH"]), min_size=2, max_size=5,
                 unique_by=str.casefold)


@prop(30)
@given(WORDS, st.data())
def test_property_any_spelling_of_a_shown_word_is_judged_as_that_word(words, data):
    task = intrusion.IntrusionTask(0, tuple(words), words[-1], 1)
    picked = data.draw(st.sampled_from(words))
    typed = data.draw(st.sampled_from([picked, picked.upper(), picked.lower(), f"  {picked} "]))
    assert task.shown_word(typed) == picked
    assert task.is_hit(typed) == (picked == words[-1])


@prop(40)
@given(st.lists(st.lists(st.floats(-1, 1), min_size=3, max_size=3), min_size=3, max_size=3),
       st.integers(-900, 900))
def test_property_indirect_cosine_is_scale_free(rows, k):
    v = np.array(rows)
    u1, u2 = v[[0]].sum(axis=0), v[[1, 2]].sum(axis=0)
    if not (np.any(u1) and np.any(u2)):
        refused(lambda: measures.indirect_cosine(v, [0], [1, 2]), "context vector")
        return
    plain = measures.indirect_cosine(v, [0], [1, 2])
    assert -1 - 1e-12 <= plain <= 1 + 1e-12
    assert measures.indirect_cosine(v * 2.0**k, [0], [1, 2]) == pytest.approx(plain, rel=1e-12, abs=1e-15)


@prop(40)
@given(st.one_of(st.text(min_size=1, max_size=8), st.dictionaries(st.text(max_size=3), st.lists(st.text(max_size=3)),
                                                                  min_size=1, max_size=3),
                 st.binary(min_size=1, max_size=5)))
def test_property_documents_that_are_strings_or_dicts_are_refused_everywhere(bad):
    for call, name in [(lambda: model_selection.split_documents(bad), "documents"),
                       (lambda: model_selection.split_documents([bad, ["x"]]), "documents"),
                       (lambda: NgramLM(bad, 2), "sentences"),
                       (lambda: measures.one_one(bad), "words")]:
        refused(call, name)


@prop(30)
@given(st.lists(st.integers(-3, 5), min_size=1, max_size=4), st.sampled_from([0.5, 1.5, -2.0, float("nan")]))
def test_property_heldout_counts_are_positive_whole_numbers(counts, bad):
    model = _small_lda()
    doc = [(i % 5, c) for i, c in enumerate(counts)] + [(4, bad)]
    refused(lambda: model_selection.heldout_perplexity(model, [doc]), "heldout_bow[0]")


@prop(25)
@given(st.integers(10, 3000), st.integers(0, 2**32))
def test_property_bootstrap_intervals_do_not_depend_on_the_chunk_size(n_resamples, seed):
    x, y = [1.0, 2.0, 3.5, 4.0, 5.0], [2.0, 1.0, 4.0, 3.0, 5.5]
    whole = agreement.bootstrap_spearman(x, y, n_resamples=n_resamples, seed=seed)
    original = agreement._CHUNK_DRAWS
    try:
        agreement._CHUNK_DRAWS = 5 * 3
        chunked = agreement.bootstrap_spearman(x, y, n_resamples=n_resamples, seed=seed)
    finally:
        agreement._CHUNK_DRAWS = original
    assert (chunked.low, chunked.high) == (whole.low, whole.high)
