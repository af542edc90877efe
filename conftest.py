"""Shared by the tests and the package's doctests (pytest finds it at the repository root).

It is the only conftest.py outside tests/browser/: the doctests import every .py file under the test paths as a
module, and a second module named ``conftest`` beside the browser tests' would clash with it.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_prediction_committed():
    """Each test starts as a fresh kernel does: no prediction committed (see teachkit.course.exercises.committed)."""
    from teachkit.course.exercises import committed

    committed._COMMITTED.clear()
    yield
    committed._COMMITTED.clear()


# ---------------------------------------------------------------- slow tests
# Which tests are slow: ``make check`` leaves them out (``-m "not slow"``), ``make test`` runs them all.
#
# Listed here, by file or by test function, rather than decorated in each file, so that the choice is
# made in one place from one measurement: ``pytest --durations=0`` on the course's 2-core machine, where
# these took a second or more each (or, for a parametrized test, several seconds in all) and together
# well over half of the unit tests' time.  A test moves here when it grows slow; none is ever skipped.



# Whole files: every test in them is slow by design.
SLOW_FILES = {
    "test_properties.py": "hypothesis draws hundreds of examples per property",
    "test_dask_counts.py": "starts a dask.distributed LocalCluster and runs README's script",
    "test_capstone.py": "trains the capstone's topic models, with gensim too",
    "test_coherence_properties.py": "hypothesis property tests of the coherence measures",
    "test_gensim_crosscheck.py": "gensim as the reference library, on its own corpora",
    "test_class_simulation.py": "releases a class of 60 and grades it, 120 functions in the sandbox",
}

# Single tests (every parametrization of them).
SLOW_TESTS = {
    "test_exercises.py": {
        # Each exercise of every notebook built, answered and rendered: the course's content, not the metrics.
        "test_the_question_states_exactly_the_data_and_the_answer_uses_every_item",
        "test_a_wrong_choice_names_its_misconception_and_not_the_right_choice",
        "test_right_answers_are_accepted_and_wrong_ones_rejected",
        "test_no_solution_text_is_on_screen",
        "test_expected_answer_equals_the_hand_derived_pin",
        # 200 variants of each numeric exercise, against their hand-written pin functions
        "test_two_hundred_variants_agree_with_the_hand_written_pin_function",
        "test_a_classmates_answer_is_rarely_right_for_another_variant",
    },
    "test_pmi.py": {
        # hypothesis property tests
        "test_npmi_bounded_and_symmetric",
        "test_npmi_is_base_independent",
    },
    "test_measures.py": {
        # gensim's CoherenceModel as the reference, on the Lee corpus
        "test_gensim_compat_equals_gensim",
    },
    # a fresh interpreter with the optional libraries hidden
    "test_packaging.py": {"test_teachkit_imports_without_optional_libraries"},
    "test_counting.py": {"test_anarch_on_gensims_wikipedia_sample"},
    "test_disk_index.py": {
        "test_on_gensims_wikipedia_sample_the_index_gives_the_in_memory_values",
        "test_an_index_built_in_chunks_equals_brute_force",
    },
    # 78 parametrizations, each a full sweep of the vocabulary
    "test_ngram.py": {"test_probabilities_sum_to_one_over_the_vocabulary_for_random_contexts"},
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        name = item.path.name
        function = getattr(item, "originalname", None)
        if name in SLOW_FILES or function in SLOW_TESTS.get(name, ()):
            item.add_marker(pytest.mark.slow)
