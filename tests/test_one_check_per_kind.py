"""Validation once: every public function that takes a seed, or a collection of documents, refuses the same bad
input the same way (teachkit._checks.check_seed, check_corpus), naming its own argument."""

import numpy as np
import pytest

import teachkit as tk
from teachkit._checks import short_repr
from teachkit.counts.counting import CooccurrenceCounts
from teachkit.evaluation import model_selection, stability
from teachkit.lm.arpa import read_arpa, write_arpa
from teachkit.lm.compare import bootstrap_cross_entropy_difference, cross_entropy_difference
from teachkit.lm.ngram import NgramLM
from teachkit.lm.smoothing import AddAlpha

DOCS = [["apple", "pear", "fig", "plum"], ["goal", "match", "team", "coach"]] * 10
PHI = np.array([[0.5, 0.3, 0.1, 0.1], [0.1, 0.1, 0.3, 0.5]])

# name of the seed argument, and a call that takes a seed and is otherwise valid
SEEDED = {
    "bootstrap_spearman": ("seed", lambda s: tk.bootstrap_spearman([1, 2, 3, 4], [1, 3, 2, 4], seed=s)),
    "bootstrap_winner": ("seed", lambda s: tk.bootstrap_winner({"a": [1, 2, 3], "b": [2, 3, 4]}, seed=s)),
    "intrusion_tasks": ("seed", lambda s: tk.intrusion_tasks([list("abcdef"), list("ghijkl")], seed=s)),
    "topic_intrusion_tasks": ("seed", lambda s: tk.topic_intrusion_tasks(np.full((2, 4), 0.25), 2, seed=s)),
    "split_half_reliability": ("seed", lambda s: tk.split_half_reliability([[1, 2, 3, 4], [2, 3, 4, 5],
                                                                            [1, 1, 2, 2]], seed=s)),
    "paired_permutation_test": ("seed", lambda s: tk.paired_permutation_test([1, 2, 3], [2, 3, 5], seed=s)),
    "bootstrap_difference": ("seed", lambda s: tk.bootstrap_difference([1, 2, 3], [2, 3, 5], seed=s)),
    "seed_comparison": ("seed", lambda s: tk.seed_comparison([0.1, 0.2, 0.3], [0.2, 0.3, 0.5], seed=s)),
    "random_topics": ("seed", lambda s: tk.random_topics(["a", "b", "c"], 1, size=2, seed=s)),
    "intruded_topics": ("seed", lambda s: tk.intruded_topics([["a", "b"]], ["a", "b", "c", "d"], seed=s)),
    "left_to_right": ("seed", lambda s: tk.left_to_right([0, 1, 3], PHI, 0.5, seed=s)),
    "importance_sampling": ("seed", lambda s: tk.importance_sampling([0, 1, 3], PHI, 0.5, seed=s)),
    "planted_topics": ("seed", lambda s: tk.planted_topics(5, 2, seed=s)),
    "bootstrap_cross_entropy_difference": ("seed", lambda s: bootstrap_cross_entropy_difference(
        [-1.0, -2.0], [-1.5, -2.0], [3, 3], seed=s)),
    "split_documents": ("seed", lambda s: tk.split_documents(DOCS, seed=s)),
    "k_sweep": ("seeds", lambda s: model_selection.k_sweep(DOCS, [2], seeds=[s], passes=1, iterations=5, top_n=3)),
    "stability_over_k": ("seed", lambda s: stability.stability_over_k(DOCS, [2], runs=1, top_n=3, seed=s,
                                                                      passes=1, iterations=5)),
}


def _refusal(case, bad, error):
    """The argument's name and the message of the ``error`` the call raises on ``bad``."""
    name, call = case
    with pytest.raises(error) as info:
        call(bad)
    return name, str(info.value)


@pytest.mark.parametrize("function", sorted(SEEDED))
@pytest.mark.parametrize("bad, error", [(-1, ValueError), (1.5, TypeError), (True, TypeError), ("3", TypeError),
                                        (np.float64(2.0), TypeError), ([0], TypeError)])
def test_every_seed_is_checked_the_same_way(function, bad, error):
    name, message = _refusal(SEEDED[function], bad, error)
    # the caller's argument named first, the one rule (a whole number from 0), and the value given
    assert message.startswith(f"{name} must be a whole number "), message
    assert message.endswith(f"got {short_repr(bad)}."), message


@pytest.mark.parametrize("function", sorted(SEEDED))
def test_a_numpy_whole_number_is_a_seed(function):
    _, call = SEEDED[function]
    call(np.int64(1))           # no error: numpy's whole numbers are whole numbers


def test_gensim_seeds_stop_at_32_bits_and_an_exercise_seed_at_8192():
    with pytest.raises(ValueError, match=r"^seeds must be a whole number from 0 to 4294967295, got 4294967296\.$"):
        SEEDED["k_sweep"][1](2**32)
    from teachkit.course.exercises.model import check_seed

    assert check_seed(None) == 0 and check_seed(2**8192 - 1) == 2**8192 - 1
    with pytest.raises(ValueError, match=r"^seed must be a whole number from 0 to 2\*\*8192 - 1, got a whole number"):
        check_seed(2**20000)


def _counted(texts):
    return CooccurrenceCounts.from_documents(texts)


def _model():
    return NgramLM([["a", "b"], ["b", "a"]], 2)


# name of the argument that holds the documents (or sentences), and a call otherwise valid
CORPUS_TAKERS = {
    "CooccurrenceCounts.from_documents": ("docs", _counted),
    "build_index": ("docs", lambda d: tk.build_index(d, "/nonexistent/teachkit-test-index")),
    "coherence_per_topic": ("texts", lambda d: tk.coherence_per_topic([["apple", "pear"]], d, "u_mass")),
    "split_documents": ("documents", lambda d: tk.split_documents(d)),
    "k_sweep": ("documents", lambda d: model_selection.k_sweep(d, [2])),
    "stability_over_k": ("documents", lambda d: stability.stability_over_k(d, [2])),
    "NgramLM": ("sentences", lambda d: NgramLM(d, 2)),
    "NgramLM.evaluate": ("sentences", lambda d: _model().evaluate(d)),
    "ArpaLM.log10_probs": ("sentences", lambda d: _arpa().log10_probs(d)),
    "cross_entropy_difference": ("sentences", lambda d: cross_entropy_difference(_model(), _model(), d)),
}


def _arpa():
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/m.arpa"
        write_arpa(_model(), path)
        return read_arpa(path)


@pytest.mark.parametrize("function", sorted(CORPUS_TAKERS))
@pytest.mark.parametrize("bad, says", [
    ("apple pear", "must be {what}, not one string (a single string would be read letter by letter)"),
    (b"apple pear", "is bytes: iterating over it would give numbers"),
    ({"a": ["apple"]}, "is a dict: iterating over it would give its keys"),
    (42, "; int is not iterable."),
    (None, "; NoneType is not iterable."),
])
def test_every_collection_of_documents_is_checked_the_same_way(function, bad, says):
    name, message = _refusal(CORPUS_TAKERS[function], bad, TypeError)
    assert message.startswith(f"{name} "), message
    head, _, tail = says.partition("{what}")
    assert head in message and tail in message, message


# name of a flag argument, and a call otherwise valid
FLAGGED = {
    "coherence_per_topic": ("gensim_compat", lambda b: tk.coherence_per_topic([["apple", "pear"]], DOCS, "u_mass",
                                                                             gensim_compat=b)),
    "NgramLM pad": ("pad", lambda b: NgramLM([["a", "b"]], 2, pad=b)),
    "NgramLM unk": ("unk", lambda b: NgramLM([["a", "b"]], 2, unk=b)),
    "BigramLM": ("pad", lambda b: tk.BigramLM(["a", "b"], pad=b)),
    "AddAlpha": ("allow_zero", lambda b: AddAlpha(1.0, allow_zero=b)),
    "bootstrap_winner": ("higher_is_better", lambda b: tk.bootstrap_winner({"a": [1, 2], "b": [2, 3]},
                                                                           higher_is_better=b)),
    "semantic_coherence": ("self_loops", lambda b: tk.semantic_coherence(np.eye(2), self_loops=b)),
    "lee_background": ("tokenized", lambda b: tk.lee_background(tokenized=b)),
}


@pytest.mark.parametrize("function", sorted(FLAGGED))
@pytest.mark.parametrize("bad", ["yes", 1, None, 0.0])
def test_every_flag_is_checked_the_same_way(function, bad):
    name, message = _refusal(FLAGGED[function], bad, TypeError)
    assert message == f"{name} must be True or False, got {short_repr(bad)}."
