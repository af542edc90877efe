"""Bad input, round four (issue 52): one guard for every function that draws.

``resamples=10**15`` ended in a numpy MemoryError of 7 PiB, ``samples``/``particles=10**12`` in ones of 22 to
109 TiB, and ``split_half_reliability(n_splits=10**12)`` ran on.  Every function that draws now asks
``teachkit._checks.check_draws`` (the guard ``evaluation.significance`` had) before any work: at most
MAX_SAMPLES = 1,000,000 resamples, samples, particles or splits, and at most MAX_DRAWS = 10^9 draws in all
(the count times what each one draws), which numpy does in seconds to minutes within 8 GB.
"""

import time

import numpy as np
import pytest

from teachkit import _checks
from teachkit.evaluation import agreement as A
from teachkit.evaluation import discrimination as D
from teachkit.evaluation import heldout_likelihood as H
from teachkit.evaluation import raters as R
from teachkit.evaluation import significance as S
from teachkit.lm import compare as C
from teachkit.lm.ngram import NgramLM

PHI = np.array([[0.5, 0.2, 0.1, 0.1, 0.05, 0.05], [0.1, 0.1, 0.2, 0.2, 0.2, 0.2]])
DOC = [0, 3, 3, 5, 1]
RATINGS = [[1, 2, 3, 4], [2, 3, 4, 5], [1, 1, 2, 2]]
TRAIN = [["a", "b", "a", "c"], ["b", "a", "b"]] * 5
TEST = [["a", "b"], ["b", "a", "c"], ["c", "a"]]

CALLS = {
    "cross_entropy_difference": (lambda n: C.cross_entropy_difference(NgramLM(TRAIN, order=2), NgramLM(TRAIN, order=1),
                                                                      TEST, resamples=n), "resamples"),
    "bootstrap_cross_entropy_difference": (lambda n: C.bootstrap_cross_entropy_difference(
        [-1.0, -2.0], [-1.5, -2.0], [3, 3], resamples=n), "resamples"),
    "harmonic_mean": (lambda n: H.harmonic_mean(DOC, PHI, 0.7, samples=n), "samples"),
    "importance_sampling": (lambda n: H.importance_sampling(DOC, PHI, 0.7, samples=n), "samples"),
    "document_completion": (lambda n: H.document_completion(DOC, PHI, 0.7, samples=n), "samples"),
    "left_to_right": (lambda n: H.left_to_right(DOC, PHI, 0.7, particles=n), "particles"),
    "split_half_reliability": (lambda n: R.split_half_reliability(RATINGS, n_splits=n), "n_splits"),
    "paired_permutation_test": (lambda n: S.paired_permutation_test([1.0, 2, 3], [1, 2, 4], n_resamples=n),
                                "n_resamples"),
    "bootstrap_difference": (lambda n: S.bootstrap_difference([1.0, 2, 3], [1, 2, 4], n_resamples=n), "n_resamples"),
    "seed_comparison": (lambda n: S.seed_comparison([1.0, 2, 3], [1, 2, 4], n_resamples=n), "n_resamples"),
    "bootstrap_spearman": (lambda n: A.bootstrap_spearman([1.0, 2, 3, 4], [1, 3, 2, 4], n_resamples=n),
                           "n_resamples"),
    "bootstrap_winner": (lambda n: A.bootstrap_winner({"a": [1.0, 2, 3], "b": [2.0, 3, 4]}, n_resamples=n),
                         "n_resamples"),
    "bootstrap_discrimination": (lambda n: D.bootstrap_discrimination([0.9, 0.8, 0.7], [0.1, 0.2], n_boot=n),
                                 "n_boot"),
}


@pytest.mark.parametrize("huge", [10**12, 10**15, 2**200])
@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_count_that_cannot_finish_is_refused_at_once(name, huge):
    call, argument = CALLS[name]
    start = time.perf_counter()
    with pytest.raises(ValueError, match=f"{argument} = {huge:,} is more than 1,000,000, which could not finish"):
        call(huge)
    assert time.perf_counter() - start < 5              # refused up front, not after scoring or drawing


@pytest.mark.parametrize("name", sorted(CALLS))
def test_counts_that_are_not_whole_numbers_are_type_errors(name):
    call, argument = CALLS[name]
    for bad in (2.5, "100", True, None):
        with pytest.raises(TypeError, match=f"{argument} must be a whole number"):
            call(bad)


def test_the_total_of_draws_is_guarded_too():
    """Below MAX_SAMPLES, the product with what each draw holds is what is guarded (memory and time)."""
    doc = list(np.arange(6)) * 500                                   # 3,000 tokens, 2 topics: 6,000 per sample
    with pytest.raises(ValueError, match=r"samples = 200,000 of 6,000 token-topic weights each are 1,200,000,000 "
                                         r"draws, more than 1,000,000,000 \(minutes of work, 9 GiB if held at once\)"):
        H.importance_sampling(doc, PHI, 0.7, samples=200_000)
    with pytest.raises(ValueError, match="n_splits = 900,000 of 1,200 ratings each are"):
        R.split_half_reliability([[1, 2, 3, 4]] * 300, n_splits=900_000)
    with pytest.raises(ValueError, match="n_boot = 500,000 of 3,000 topics each"):
        D.bootstrap_discrimination(np.arange(2000.0), np.arange(1000.0), n_boot=500_000)


def test_every_drawing_module_uses_the_one_guard():
    assert S.MAX_RESAMPLES == A.MAX_RESAMPLES == _checks.MAX_SAMPLES == 1_000_000
    assert S.MAX_DRAWS == A.MAX_DRAWS == _checks.MAX_DRAWS == 10**9


def test_ordinary_counts_still_work():
    assert R.split_half_reliability(RATINGS, n_splits=20).n_splits == 20
    assert np.isfinite(H.left_to_right(DOC, PHI, 0.7, particles=20).log_likelihood)
    assert C.bootstrap_cross_entropy_difference([-1.0, -2.0], [-1.5, -2.0], [3, 3], resamples=50).resamples == 50
