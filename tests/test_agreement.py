"""Spearman's rho and its bootstrap interval: by hand, against scipy, and on bad input."""

import numpy as np
import pytest
from scipy import stats

from teachkit.evaluation.agreement import (
    SpearmanInterval,
    bootstrap_spearman,
    bootstrap_spearman_difference,
    bootstrap_winner,
    rank_average,
    spearman,
)


def test_ranks_by_hand_with_ties():
    # 10, 10 take ranks 1 and 2 -> 1.5 each; 20 is 3rd; 30 is 4th.
    assert rank_average([30, 10, 20, 10]).tolist() == [4.0, 1.5, 3.0, 1.5]
    assert rank_average([5, 5, 5]).tolist() == [2.0, 2.0, 2.0]


def test_spearman_by_hand_without_ties():
    # ranks y = 1, 2, 4, 3; d^2 sums to 2; 1 - 6*2/(4*15) = 0.8
    assert spearman([1, 2, 3, 4], [10, 20, 40, 30]) == pytest.approx(1 - 6 * 2 / (4 * 15), abs=1e-15)
    assert spearman([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)


def test_spearman_by_hand_with_ties():
    # x ranks 1, 2, 3, 4; y = (1, 1, 2, 3) ranks 1.5, 1.5, 3, 4.
    # Pearson of (1,2,3,4) and (1.5,1.5,3,4): means 2.5 and 2.5; deviations (-1.5,-.5,.5,1.5), (-1,-1,.5,1.5)
    # cov sum = 1.5 + 0.5 + 0.25 + 2.25 = 4.5; var sums 5 and 4.5 -> 4.5 / sqrt(22.5)
    assert spearman([1, 2, 3, 4], [1, 1, 2, 3]) == pytest.approx(4.5 / np.sqrt(22.5), abs=1e-15)


@pytest.mark.parametrize("seed", range(20))
def test_spearman_equals_scipy_on_random_data_with_ties(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 60))
    x = rng.normal(size=n)
    y = rng.integers(1, 4, size=n).astype(float)   # ratings on a 1-3 scale: many ties
    if np.all(y == y[0]):
        y[0] = 4.0
    assert spearman(x, y) == pytest.approx(stats.spearmanr(x, y).statistic, abs=1e-12)
    assert rank_average(y).tolist() == stats.rankdata(y).tolist()


def test_spearman_on_the_shipped_ratings_equals_scipy():
    from teachkit.evaluation.human_ratings import load_human_ratings

    data = load_human_ratings().select(corpus="wikitext")
    x, y = data.column("c_npmi_10_full"), data.column("rating")
    assert spearman(x, y) == pytest.approx(stats.spearmanr(x, y).statistic, abs=1e-12)


def test_bootstrap_matches_an_independent_resampling_with_scipy():
    rng = np.random.default_rng(5)
    x, y = rng.normal(size=40), rng.normal(size=40)
    y = y + x  # correlated
    ci = bootstrap_spearman(x, y, n_resamples=300, level=0.9, seed=11)
    # The same draws, done independently: numpy's Generator(11), a 300 x 40 index matrix, scipy's spearmanr.
    draws = np.random.default_rng(11).integers(0, 40, (300, 40))
    rhos = [stats.spearmanr(x[idx], y[idx]).statistic for idx in draws]
    low, high = np.quantile(rhos, [0.05, 0.95])
    assert isinstance(ci, SpearmanInterval)
    assert ci.rho == pytest.approx(stats.spearmanr(x, y).statistic, abs=1e-12)
    assert (ci.low, ci.high) == pytest.approx((low, high), abs=1e-12)
    assert ci.n == 40 and ci.n_resamples == 300 and ci.level == 0.9
    assert ci.low < ci.rho < ci.high


def test_bootstrap_is_deterministic_and_seed_dependent():
    x, y = list(range(12)), [1, 3, 2, 5, 4, 6, 8, 7, 10, 9, 12, 11]
    a = bootstrap_spearman(x, y, n_resamples=200, seed=1)
    assert a == bootstrap_spearman(x, y, n_resamples=200, seed=1)
    assert (a.low, a.high) != (bootstrap_spearman(x, y, n_resamples=200, seed=2).low,
                               bootstrap_spearman(x, y, n_resamples=200, seed=2).high)


@pytest.mark.parametrize("x, y, match", [
    ([1, 2, 3], [1, 2], "one pair of scores per topic"),
    ([1, 2], [1, 2], "at least 3"),
    ([1, 2, float("nan")], [1, 2, 3], "finite"),
    ([1, 1, 1], [1, 2, 3], "no variation in x"),
    ([[1, 2], [3, 4]], [1, 2], "one-dimensional"),
])
def test_bad_input_says_what_to_do(x, y, match):
    with pytest.raises(ValueError, match=match):
        spearman(x, y)


def test_bad_types_and_options():
    with pytest.raises(TypeError, match="sequence of numbers"):
        spearman("abc", [1, 2, 3])
    with pytest.raises(ValueError, match="level"):
        bootstrap_spearman([1, 2, 3, 4], [1, 3, 2, 4], level=1.5)
    # a whole number out of range is a ValueError, a wrong kind of value a TypeError (teachkit's one seed check)
    with pytest.raises(ValueError, match="seed must be a whole number >= 0, got -1"):
        bootstrap_spearman([1, 2, 3, 4], [1, 3, 2, 4], seed=-1)
    with pytest.raises(TypeError, match="seed must be a whole number >= 0, got 1.5"):
        bootstrap_spearman([1, 2, 3, 4], [1, 3, 2, 4], seed=1.5)
    with pytest.raises(ValueError, match="n_resamples"):
        bootstrap_spearman([1, 2, 3, 4], [1, 3, 2, 4], n_resamples=0)


def test_bootstrap_winner_matches_an_independent_resampling():
    groups = {"lda": [2.8, 2.1, 2.5, 1.9, 2.7], "vae": [2.6, 2.4, 2.2, 2.9, 1.5], "etm": [2.0, 2.2, 1.8, 2.1, 2.3]}
    shares = bootstrap_winner(groups, n_resamples=500, seed=3)
    # The same draws written out: one (500, n) index matrix per group, in order, from Generator(3).
    rng = np.random.default_rng(3)
    means = [np.array(v)[rng.integers(0, 5, (500, 5))].mean(axis=1) for v in groups.values()]
    winners = np.argmax(np.column_stack(means), axis=1)
    assert shares == {name: float(np.mean(winners == j)) for j, name in enumerate(groups)}
    assert sum(shares.values()) == pytest.approx(1.0)
    lowest = bootstrap_winner(groups, n_resamples=500, seed=3, higher_is_better=False)
    assert lowest["etm"] > shares["etm"]


def test_bootstrap_winner_bad_input():
    with pytest.raises(TypeError, match="at least 2 entries"):
        bootstrap_winner({"a": [1, 2]})
    with pytest.raises(ValueError, match="at least 2"):
        bootstrap_winner({"a": [1], "b": [1, 2]})


def test_bootstrap_redraws_resamples_with_a_constant_side():
    # Three of four x values equal: many resamples of 4 have a constant x; the interval still has 200 values.
    ci = bootstrap_spearman([1, 1, 1, 2], [1, 2, 3, 4], n_resamples=200, seed=0)
    assert ci.n_resamples == 200 and -1 <= ci.low <= ci.high <= 1


# ----------------------------------------------------------------- paired bootstrap of a difference of rhos
def _difference_by_hand(a, b, y, n_resamples, level, seed):
    """The same resamples (rows of one matrix of draws from default_rng(seed)), each rho by scipy, one by one."""
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(y), (n_resamples, len(y)))
    a, b, y = (np.asarray(v, float) for v in (a, b, y))
    d = []
    for row in idx:
        if len(set(a[row])) == 1 or len(set(b[row])) == 1 or len(set(y[row])) == 1:
            continue
        d.append(stats.spearmanr(a[row], y[row]).statistic - stats.spearmanr(b[row], y[row]).statistic)
    d = np.array(d)
    low, high = np.quantile(d, [(1 - level) / 2, (1 + level) / 2])
    p = min(1.0, 2 * (min(np.sum(d <= 0), np.sum(d >= 0)) + 1) / (len(d) + 1))
    return d, low, high, p


def test_bootstrap_spearman_difference_matches_a_loop_with_scipy():
    rng = np.random.default_rng(5)
    y = rng.integers(1, 4, 40).astype(float)                 # ratings on 1-3: many ties
    a = y + rng.normal(0, 0.8, 40)
    b = y + rng.normal(0, 2.5, 40)
    got = bootstrap_spearman_difference(a, b, y, n_resamples=400, level=0.9, seed=3)
    d, low, high, p = _difference_by_hand(a, b, y, 400, 0.9, 3)
    assert len(d) == 400                                     # no constant resample with 40 topics
    assert got.difference == pytest.approx(stats.spearmanr(a, y).statistic - stats.spearmanr(b, y).statistic,
                                           abs=1e-12)
    assert (got.low, got.high, got.p_value) == pytest.approx((low, high, p), abs=1e-12)
    assert got.n == 40 and got.n_resamples == 400 and got.level == 0.9


def test_bootstrap_spearman_difference_is_paired():
    # b is a plus noise: the marginal intervals of rho(a, y) and rho(b, y) overlap almost entirely,
    # yet the difference is tiny and known in sign on every resample, which only a paired bootstrap sees.
    rng = np.random.default_rng(0)
    y = rng.normal(size=150)
    a = y + rng.normal(0, 1.0, 150)
    b = a + rng.normal(0, 0.8, 150)
    ia, ib = bootstrap_spearman(a, y, seed=1), bootstrap_spearman(b, y, seed=1)
    assert ia.low < ib.high and ib.low < ia.high             # marginal intervals overlap
    d = bootstrap_spearman_difference(a, b, y, seed=1)
    assert d.difference > 0 and d.low > 0 and d.p_value < 0.05
    # swapping the metrics flips the sign and keeps the p-value
    e = bootstrap_spearman_difference(b, a, y, seed=1)
    assert e.difference == pytest.approx(-d.difference) and e.p_value == pytest.approx(d.p_value)
    assert (e.low, e.high) == pytest.approx((-d.high, -d.low))


def test_bootstrap_spearman_difference_refuses_bad_input():
    with pytest.raises(ValueError, match="a has 3 scores, b 4 and y 3"):
        bootstrap_spearman_difference([1, 2, 3], [1, 2, 3, 4], [1, 2, 3])
    with pytest.raises(ValueError, match="level"):
        bootstrap_spearman_difference([1, 2, 3, 4], [2, 1, 3, 4], [1, 2, 3, 4], level=1)
    with pytest.raises(ValueError, match="finite|NaN|nan"):
        bootstrap_spearman_difference([1, 2, float("nan"), 4], [2, 1, 3, 4], [1, 2, 3, 4])
    with pytest.raises(ValueError):
        bootstrap_spearman_difference([1, 2, 3, 4], [2, 1, 3, 4], [1, 2, 3, 4], n_resamples=5)
    with pytest.raises(ValueError, match="at least 3"):
        bootstrap_spearman_difference([1, 2], [2, 1], [1, 2])
    with pytest.raises(ValueError, match="every value of y"):
        bootstrap_spearman_difference([1, 2, 3], [2, 1, 3], [1, 1, 1])
