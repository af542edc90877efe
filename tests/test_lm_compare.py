"""The paired bootstrap of a difference in cross-entropy: scipy.stats.bootstrap (paired, percentile) as the
judge, a hand-worked case, two real pairs of models (one told apart, one not), and bad input."""

import numpy as np
import pytest
from scipy import stats

import teachkit as tk
from teachkit.lm.compare import bootstrap_cross_entropy_difference, cross_entropy_difference
from teachkit.lm.kneser_ney import ModifiedKneserNey
from teachkit.lm.ngram import NgramLM
from teachkit.lm.smoothing import KneserNey


@pytest.fixture(scope="module")
def lee():
    docs = [list(d) for d in tk.lee_background()]
    return docs[:250], docs[250:]


def per_unit(model, units):
    scored = [np.log2(model.predictions([u])["probability"]) for u in units]
    return np.array([s.sum() for s in scored]), np.array([len(s) for s in scored])


def test_the_interval_equals_scipys_paired_percentile_bootstrap(lee):
    train, test = lee
    a, m = per_unit(NgramLM(train, order=2, smoothing=KneserNey(0.75)), test)
    b, _ = per_unit(NgramLM(train, order=3, smoothing=KneserNey(0.75)), test)
    ours = bootstrap_cross_entropy_difference(a, b, m, resamples=20_000, seed=1)
    theirs = stats.bootstrap((a, b, m), lambda x, y, k: (y.sum() - x.sum()) / k.sum(), paired=True,
                             vectorized=False, n_resamples=20_000, method="percentile", confidence_level=0.95,
                             rng=np.random.default_rng(2)).confidence_interval
    assert ours.difference == pytest.approx((b.sum() - a.sum()) / m.sum(), rel=1e-12)
    # Two Monte Carlo runs of 20,000 resamples: the sd of a 2.5% quantile is sqrt(.025·.975/20000)/density,
    # density ≈ 0.058/sd at ±1.96 sd, so 0.019 sd, and the difference of two independent runs has sd
    # sqrt(2)·0.019 = 0.027 sd = 0.68% of the width (3.92 sd).  5 sd of that: 3.5% of the width.  (Measured
    # with seeds 1, 3, 5: at most 0.51% of the width.)
    width = ours.high - ours.low
    assert ours.low == pytest.approx(theirs.low, abs=0.035 * width)
    assert ours.high == pytest.approx(theirs.high, abs=0.035 * width)


def test_two_units_by_hand():
    r = bootstrap_cross_entropy_difference([-12.0, -9.0], [-10.0, -10.0], [10, 10], resamples=4000, seed=3)
    # Δ per resample: both units 1 -> 4/20, both 2 -> -2/20, one each -> 1/20 (half the time)
    assert r.difference == pytest.approx(0.05)
    assert (r.low, r.high) == (pytest.approx(-0.1), pytest.approx(0.2))
    assert r.share_a_better == pytest.approx(0.25, abs=0.03)       # 4000 draws: sd 0.007
    assert r.perplexity_ratio == pytest.approx(2 ** 0.05)


def test_a_real_difference_and_one_within_the_noise(lee):
    train, test = lee
    # Modified-KN trigram against a KN bigram: about 10 % apart, and every resample agrees on the sign.
    trigram = NgramLM(train, order=3, smoothing=ModifiedKneserNey())
    bigram = NgramLM(train, order=2, smoothing=KneserNey(0.75))
    clear = cross_entropy_difference(trigram, bigram, test, resamples=4000)
    assert 0.85 < clear.perplexity_ratio < 0.95 and clear.high < 0
    # Two bigram models on different training documents (160 and 90 of them): about 3 % apart on these 50
    # held-out documents, and the interval holds 0 for every one of ten seeds: the order is not settled.
    first, second = (NgramLM(part, order=2, smoothing=KneserNey(0.75)) for part in (train[:160], train[160:]))
    ratio = first.perplexity(test) / second.perplexity(test)
    assert 1.02 < ratio < 1.05
    for seed in range(10):
        close = cross_entropy_difference(first, second, test, resamples=4000, seed=seed)
        assert close.includes_zero, seed
        assert close.perplexity_ratio == pytest.approx(ratio, rel=1e-9)


@pytest.mark.parametrize("args, error, match", [
    (([-1.0, -2.0], [-1.0], [3, 3]), ValueError, "one entry per unit"),
    (([-1.0], [-1.0], [3]), ValueError, "at least 2"),
    (([-1.0, float("nan")], [-1.0, -2.0], [3, 3]), ValueError, "NaN or an infinite"),
    (([-1.0, -2.0], [-1.0, -2.0], [3, 0]), ValueError, "whole numbers >= 1"),
    (([-1.0, -2.0], [-1.0, -2.0], [3, 2.5]), ValueError, "whole numbers >= 1"),
    (([1.0, -2.0], [-1.0, -2.0], [3, 3]), ValueError, "cannot be positive"),
    (("ab", [-1.0, -2.0], [3, 3]), TypeError, "sequence of numbers"),
    (([[-1.0]], [[-1.0]], [[3]]), ValueError, "flat sequence"),
])
def test_bad_per_unit_input_is_refused(args, error, match):
    with pytest.raises(error, match=match):
        bootstrap_cross_entropy_difference(*args)


@pytest.mark.parametrize("kwargs, match", [
    ({"resamples": 0}, "resamples"), ({"resamples": -3}, "resamples"),
    ({"confidence": 1.0}, "confidence"), ({"confidence": 0}, "confidence"), ({"seed": -1}, "seed"),
])
def test_bad_resampling_options_are_refused(kwargs, match):
    with pytest.raises(ValueError, match=match):
        bootstrap_cross_entropy_difference([-1.0, -2.0], [-1.5, -2.0], [3, 3], **kwargs)


def test_a_resample_count_that_is_not_a_whole_number_is_a_type_error():
    with pytest.raises(TypeError, match="resamples must be a whole number, got 2.5"):
        bootstrap_cross_entropy_difference([-1.0, -2.0], [-1.5, -2.0], [3, 3], resamples=2.5)


def test_models_that_predict_different_things_are_refused():
    train = [["a", "b", "c", "a"], ["b", "a"]] * 4
    one = NgramLM(train, order=1, pad=False, smoothing="laplace")
    two = NgramLM(train, order=2, pad=False, smoothing="laplace")
    with pytest.raises(ValueError, match="different numbers of predictions"):
        cross_entropy_difference(one, two, [["a", "b", "c"], ["b", "a"]])
    with pytest.raises(TypeError, match="model_b must be a language model"):
        cross_entropy_difference(one, "two", [["a", "b"]])
