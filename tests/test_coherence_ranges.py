"""Each coherence measure's value range, derived here from its definition (not read from the registry), checked
three ways: the registry declares the derived range; values on random corpora stay inside it; and each bound
is tight -- a finite bound is reached by a corpus built for it, an infinite one is passed by a family of
corpora.  A measure added to ``tk.MEASURES`` without a derivation here fails the first test.

The derivations (a topic's score is a mean of per-segment scores, so it lies in the same range):

* UMass with ``plus_one`` (Mimno et al. 2011): log((D(wi, wj) + 1) / D(wj)) with D(wi, wj) <= D(wj) and
  D(wj) >= 1 (a topic word absent from every document is refused).  The largest value over all such counts
  is found below by enumeration: log 2, at D(wi, wj) = D(wj) = 1.  No floor: D(wi, wj) = 0 gives -log D(wj).
* UCI's PMI with an epsilon (Newman et al. 2010): log((p(wi, wj) + ε) / (p(wi) p(wj))): no floor (ε -> 0 when
  the pair never meets) and no ceiling (a pair that meets in 1 of N windows and nowhere else gives log N).
* NPMI (Bouma 2009): PMI / -log p(wi, wj) lies in [-1, 1]: 1 when the words always co-occur, -1 (the limit,
  which the exact convention gives) when they never do.
* C_V and C_A (Röder et al. 2015): cosines of context vectors, so in [-1, 1].
"""

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import teachkit as tk


def umass_plus_one_ceiling(max_count=60):
    """max log((c + 1) / c*) over 1 <= c* <= max_count, 0 <= c <= c*: by enumeration, not by formula."""
    return max(math.log((c + 1) / c_star) for c_star in range(1, max_count + 1) for c in range(c_star + 1))


# By confirmation measure (and zero convention where it moves the range).
DERIVED = {
    ("log_conditional_probability", "plus_one"): (-math.inf, umass_plus_one_ceiling()),
    ("log_ratio", "epsilon"): (-math.inf, math.inf),
    ("normalized_log_ratio", "exact"): (-1.0, 1.0),
    ("indirect_cosine", "exact"): (-1.0, 1.0),
    ("indirect_cosine", "epsilon"): (-1.0, 1.0),
}


def derived(measure):
    spec = tk.MEASURES[measure]
    return DERIVED[(spec.confirmation, spec.zero)]


def test_the_enumerated_umass_ceiling_is_log_2():
    assert umass_plus_one_ceiling() == math.log(2)
    assert umass_plus_one_ceiling(5) == umass_plus_one_ceiling(200)       # reached at c* = 1, not grown


@pytest.mark.parametrize("measure", list(tk.MEASURES))
def test_the_declared_range_is_the_derived_one(measure):
    spec = tk.MEASURES[measure]
    assert (spec.confirmation, spec.zero) in DERIVED, f"{measure}: derive its range in this file first"
    assert spec.value_range == derived(measure)


VOCAB = ["fire", "smoke", "ash", "rain", "cloud", "storm", "heat", "wind"]
documents = st.lists(st.lists(st.sampled_from(VOCAB), min_size=0, max_size=12), min_size=1, max_size=10)
topics = st.lists(st.lists(st.sampled_from(VOCAB), min_size=2, max_size=6, unique=True), min_size=1, max_size=3)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(docs=documents, topic_lists=topics, measure=st.sampled_from(list(tk.MEASURES)),
       window=st.one_of(st.none(), st.integers(1, 6)))
def test_values_on_random_corpora_stay_in_the_derived_range(docs, topic_lists, measure, window):
    try:
        values = tk.coherence_per_topic(topic_lists, docs, measure, window=window, window_override=True).values
    except ValueError:
        return                                  # refusals are tests/test_coherence_properties.py's subject
    low, high = derived(measure)
    # 1e-12: a cosine or NPMI of exactly +-1 computed in floats may land an ulp outside.
    assert np.all(values >= low - 1e-12) and np.all(values <= high + 1e-12), (measure, values)


def score(measure, docs, topic=("a", "b")):
    return float(tk.coherence_per_topic([list(topic)], docs, measure).values[0])


@pytest.mark.parametrize("measure", list(tk.MEASURES))
def test_finite_bounds_are_reached(measure):
    low, high = derived(measure)
    together = [["a", "b"], ["c"]]                        # a and b meet in the one document either occurs in
    apart = [["a", "c"], ["b", "c"]]                      # never together; c gives C_V's context vectors a word
    if measure == "u_mass":
        assert score(measure, together) == pytest.approx(high, abs=1e-12)
    elif measure != "c_uci":
        assert score(measure, together) == pytest.approx(high, abs=1e-12)
        if measure == "c_npmi":
            assert score(measure, apart) == pytest.approx(low, abs=1e-12)
        elif measure == "c_a":
            assert score(measure, apart) < low + 0.01       # a -1 cosine is approached (ε keeps it off -1)


def test_infinite_bounds_are_passed():
    # UMass conditions each word on the words before it: b first, in N documents, a in one other:
    # log((0 + 1) / D(b)) = -log N, below any floor as N grows.
    for n in (10, 1000):
        assert score("u_mass", [["a"]] + [["b"]] * n, topic=("b", "a")) == pytest.approx(-math.log(n), abs=1e-9)
    # UCI: a and b meet in 1 of N documents (each one window): PMI = log((1/N + ε) / (1/N · 1/N)) = log N
    # + log(1 + εN), ε the default epsilon inside the logarithm.
    eps = tk.coherence.measures.DEFAULT_EPSILON
    for n in (10, 1000):
        assert score("c_uci", [["a", "b"]] + [["c"]] * (n - 1)) == pytest.approx(
            math.log(n) + math.log1p(eps * n), abs=1e-12)
    # ... and never meeting, it falls with ε: far below any bound a probability ratio of these counts allows.
    assert score("c_uci", [["a"], ["b"]]) < -20
