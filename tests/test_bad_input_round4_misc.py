"""Bad input, round four (issue 52): internal errors, flags that were not flags, and silent acceptance.

Each row failed before its fix: an internal exception (OverflowError, ZeroDivisionError, StopIteration, a bare
KeyError, numpy's ragged-array message), a message a megabyte long, or a value accepted that should not be (number
strings, a dict read as its keys, rows renormalised, a vocabulary listing a word twice).  Now each gets a
ValueError or TypeError naming the argument, or a correct value checked here by hand.
"""

import numpy as np
import pytest

from teachkit.course.exercises import ask
from teachkit.course.exercises.registry import UnknownExerciseError
from teachkit.evaluation import agreement as A
from teachkit.evaluation import heldout_likelihood as H
from teachkit.evaluation import intrusion as I
from teachkit.evaluation import k_criteria as KC
from teachkit.evaluation import labels as L
from teachkit.evaluation import raters as R
from teachkit.evaluation import significance as S
from teachkit.evaluation import topic_words as T
from teachkit.lm import compare as C
from teachkit.lm.good_turing import simple_good_turing
from teachkit.lm.kneser_ney import modified_kneser_ney_discounts
from teachkit.lm.ngram import NgramLM

# ----------------------------------------------------------------- numbers too large for a float
@pytest.mark.parametrize("call, match", [
    (lambda: modified_kneser_ney_discounts([10**400, 10**399, 10**398, 10**397]),
     r"count_of_counts\[0\] \(n1\) is a number of 1329 bits, more than 2\*\*53"),
    (lambda: modified_kneser_ney_discounts([5, 3, 2, 10**5000]), r"count_of_counts\[3\] \(n4\) is a number of"),
    (lambda: simple_good_turing({1: 10**400, 2: 5}), "frequencies: n_r is a number of 1329 bits"),
    (lambda: simple_good_turing({1: 5, 2: 3, 10**400: 1}), "frequencies: r is a number of 1329 bits"),
])
def test_counts_too_large_for_a_float_are_refused_by_name(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_counts_up_to_2_53_still_work():
    big = 2**53
    d1, d2, d3 = modified_kneser_ney_discounts([big, big // 2, big // 4, big // 8])
    y = big / (big + 2 * (big // 2))                                   # Chen & Goodman, by hand
    assert (d1, d2, d3) == pytest.approx((1 - 2 * y * 0.5, 2 - 3 * y * 0.5, 3 - 4 * y * 0.5))


# ----------------------------------------------------------------- spearman_brown's zero denominator
def test_spearman_brown_refuses_a_factor_that_makes_its_denominator_zero_or_negative():
    with pytest.raises(ValueError, match=r"reliability = -0.5 and factor = 3.0 give .* <= 0.*below .* = 3"):
        R.spearman_brown(-0.5, 3)
    with pytest.raises(ValueError, match="reliability = -0.5 and factor = 4.0"):
        R.spearman_brown(-0.5, 4)
    assert R.spearman_brown(-0.5, 2) == pytest.approx(2 * -0.5 / (1 - 0.5))      # = -2: below 3, defined


# ----------------------------------------------------------------- a generator read twice
def test_cross_entropy_difference_reads_a_generator_once_for_both_models():
    train = [["a", "b", "a", "c"], ["b", "a", "b"]] * 5
    test = [["a", "b"], ["b", "a", "c"], ["c", "a"]]
    a, b = NgramLM(train, order=2), NgramLM(train, order=1)
    from_list = C.cross_entropy_difference(a, b, test, resamples=200)
    from_generator = C.cross_entropy_difference(a, b, (s for s in test), resamples=200)
    assert from_generator == from_list
    with pytest.raises(ValueError, match="sentences is empty"):
        C.cross_entropy_difference(a, b, iter([]))


# ----------------------------------------------------------------- number strings
TOPIC_WORD_TEXT = [["0.5", "0.5"], ["0.2", "0.8"]]


@pytest.mark.parametrize("call, argument", [
    (lambda: S.paired_permutation_test(["1", "2", "3"], [1, 2, 3.5]), "a"),
    (lambda: S.bootstrap_difference([1, 2, 3.5], ["1", "2", "3"]), "b"),
    (lambda: S.seed_comparison(["1", "2", "3"], [1, 2, 3.5]), "runs_a"),
    (lambda: A.spearman(["9", "10", "11"], [1, 2, 3]), "x"),
    (lambda: A.bootstrap_spearman([1, 2, 3, 4], ["9", "10", "11", "12"]), "y"),
    (lambda: S.holm(["0.1", "0.2"]), "p_values"),
    (lambda: S.benjamini_hochberg(["0.1", "0.2"]), "p_values"),
    (lambda: S.holm(np.array([b"0.1"])), "p_values"),
    (lambda: S.holm(np.array([0.1, "0.2"], dtype=object)), "p_values"),
    (lambda: T.exclusivity(TOPIC_WORD_TEXT), "topic_word"),
    (lambda: T.frex(TOPIC_WORD_TEXT), "topic_word"),
    (lambda: T.relevance(TOPIC_WORD_TEXT), "topic_word"),
    (lambda: T.saliency(TOPIC_WORD_TEXT), "topic_word"),
    (lambda: T.word_distinctiveness(TOPIC_WORD_TEXT), "topic_word"),
    (lambda: KC.cao_juan_2009(TOPIC_WORD_TEXT), "topic_word"),
    (lambda: KC.deveaud_2014(TOPIC_WORD_TEXT), "topic_word"),
])
def test_number_strings_are_refused_as_the_lm_modules_refuse_them(call, argument):
    with pytest.raises(TypeError, match=f"^{argument} must "):
        call()


def test_numbers_of_other_numeric_types_are_still_numbers():
    from fractions import Fraction
    assert S.holm(np.array([Fraction(1, 10), 0.2], dtype=object)).tolist() == pytest.approx([0.2, 0.2])
    assert A.spearman(np.array([9, 10, 11], dtype=np.int32), [1, 2, 3]) == pytest.approx(1.0)


# ----------------------------------------------------------------- a dict read as its keys
@pytest.mark.parametrize("function", [L.purity, L.normalized_mutual_info, L.adjusted_rand_index,
                                      L.label_agreement, L.contingency])
@pytest.mark.parametrize("which", ["true", "pred"])
def test_a_dict_or_a_set_of_labels_is_refused(function, which):
    for bad, kind in (({1: 2}, "a dict"), ({1, 2}, "a set")):
        args = (bad, [1]) if which == "true" else ([1], bad)
        with pytest.raises(TypeError, match=f"labels_{which} must be a sequence of labels .* got {kind}"):
            function(*args)


# ----------------------------------------------------------------- rows that are not distributions
def test_topic_proportions_refuses_rows_that_do_not_sum_to_one():
    with pytest.raises(ValueError, match="row 0 of doc_topic sums to 3, not 1"):
        T.topic_proportions(np.ones((2, 3)), [1, 1])
    # The docstring's example, by hand: (10 · (1, 0) + 30 · (0.5, 0.5)) / 40.
    assert T.topic_proportions([[1.0, 0.0], [0.5, 0.5]], [10, 30]).tolist() == [0.625, 0.375]


def test_a_vocabulary_listing_a_word_twice_is_refused():
    phi = np.full((2, 6), 1 / 6)
    with pytest.raises(ValueError, match=r"vocabulary lists 'v0' twice \(at 0 and 1\)"):
        H.exact_log_likelihood(["v0"], phi, 0.7, vocabulary=["v0"] * 6)
    words = [f"v{i}" for i in range(6)]
    assert H.exact_log_likelihood(["v0"], phi, 0.7, vocabulary=words) == pytest.approx(np.log(1 / 6))


# ----------------------------------------------------------------- intrusion
TASKS = I.intrusion_tasks([["a1", "a2", "a3"], ["b1", "b2", "b3"]], n_words=2, seed=0)


def test_hit_rates_names_answers_that_are_not_a_list():
    with pytest.raises(TypeError, match="answers must be a list .* got NoneType"):
        I.hit_rates(TASKS, None)
    with pytest.raises(TypeError, match="got int"):
        I.hit_rates(TASKS, 5)


def test_a_megabyte_answer_is_cut_in_the_message():
    with pytest.raises(ValueError, match=r"answers\[0\] is 'x+'… \(1,000,000 characters\), which is not") as caught:
        I.hit_rates(TASKS, ["x" * 1_000_000] * len(TASKS))
    assert len(str(caught.value)) < 300


def test_ragged_doc_topic_rows_are_named():
    with pytest.raises(TypeError, match="doc_topic must be an array of numbers with rows of equal length"):
        I.topic_intrusion_tasks([[0.5, 0.5], [1.0]])


# ----------------------------------------------------------------- ask: keys and full-width answers
@pytest.mark.parametrize("key", ["", "99.99", "k" * 10**6, "01.999"])
def test_an_unknown_exercise_key_is_a_value_error_with_the_known_keys(key):
    with pytest.raises(ValueError, match="no exercise .*; known keys include") as caught:
        ask(key, answer="1")
    assert isinstance(caught.value, UnknownExerciseError) and isinstance(caught.value, KeyError)
    assert len(str(caught.value)) < 400 and not str(caught.value).startswith('"')


def test_a_key_with_spaces_around_it_names_the_exercise():
    assert ask(" 01.2 ", answer="-1.427").correct == ask("01.2", answer="-1.427").correct is True


@pytest.mark.parametrize("typed", ["－１．４２７", "－1.427", "-1．427", "-１.４２７"])
def test_the_right_answer_typed_in_full_width_forms_is_read_and_right(typed):
    feedback = ask("01.2", answer=typed)
    assert feedback.parsed and feedback.correct, feedback.message


def test_a_full_width_plus_sign_is_read_and_judged():
    feedback = ask("01.2", answer="＋１．４２７")
    assert feedback.parsed and not feedback.correct              # +1.427 is read, and wrong: PMI is -1.427
