"""Bad input, round four (issue 52): Katz(threshold=K) no longer gives NaN probabilities.

With a threshold, a history h' whose every continuation was seen more than K times keeps all its mass, so the
words unseen after it get probability 0.  A longer history h ending in h' that discounts (some count <= K)
then had β(h) = mass / 0 = ∞ and ∞ · 0 = NaN for every unseen word (*some parts* / *parts* at K = 5 in the
first 250 Lee articles).  Such an h now keeps its counts undiscounted, as a history after which every word
was seen already did, so every row is a distribution.
"""

import random
from collections import Counter, defaultdict

import numpy as np
import pytest

import teachkit as tk
from teachkit.lm.arpa import write_arpa
from teachkit.lm.backoff import Katz
from teachkit.lm.ngram import NgramLM


@pytest.fixture(scope="module")
def lee():
    docs = [list(d) for d in tk.lee_background()]
    return docs[:250], docs[250:]


def histories_to_check(train, order, K, rng):
    """Seen histories of order - 1 words: those whose suffix keeps all its mass at threshold K (each of the
    suffix's continuations seen more than K times, counted here; 150 of them at random where there are more),
    and 40 others drawn at random."""
    follow = defaultdict(Counter)                     # suffix (order - 2 words) -> counts of the next word
    seen = set()
    for doc in train:
        padded = ["<s>"] * (order - 1) + doc + ["</s>"]
        for i in range(order - 1, len(padded)):
            h = tuple(padded[i - order + 1:i])
            seen.add(h)
            follow[h[1:]][padded[i]] += 1
    risky = sorted(h for h in seen if h[1:] and min(follow[h[1:]].values()) > K)
    others = rng.sample(sorted(seen), 40)
    return rng.sample(risky, min(len(risky), 150)), others


def test_the_reported_history_is_a_distribution_now(lee):
    train, _ = lee
    lm = NgramLM(train, order=3, smoothing=Katz(threshold=5))
    row = lm.probs(["some", "parts"])
    assert not np.isnan(row).any()
    assert row.sum() == pytest.approx(1.0, abs=1e-12)
    # "some parts" was always followed by "of", and "parts" keeps all its mass: undiscounted, P(of) = 3/3.
    assert lm.prob("of", ["some", "parts"]) == 1.0
    assert lm.prob("the", ["some", "parts"]) == 0.0
    with pytest.warns(UserWarning, match="probability 0"):       # "the" after "some parts": Katz's zero
        assert lm.evaluate([["some", "parts", "the", "end"]]).cross_entropy == np.inf


@pytest.mark.parametrize("order", [2, 3, 4])
@pytest.mark.parametrize("threshold", [None, *range(1, 11)])
def test_every_katz_row_sums_to_one(lee, order, threshold):
    train, test = lee
    try:
        lm = NgramLM(train, order=order, smoothing=Katz(threshold=threshold))
    except ValueError as error:                       # too little text for Good-Turing's ratio at this K
        assert threshold == 1 and "Katz, level 1: the discount ratio for count 1" in str(error)
        return
    risky, others = histories_to_check(train, order, threshold or 10**9, random.Random(order * 100 + (threshold or 0)))
    if order > 2 and threshold is not None:
        assert risky                                   # the case that gave NaN is exercised
    for h in risky + others:
        row = lm.probs(list(h))
        assert np.isfinite(row).all(), h
        assert row.min() >= 0.0
        assert abs(row.sum() - 1.0) < 1e-9, (h, row.sum())
    # ... and held-out text gets a probability (perhaps 0, Katz's documented zeros) for every word, never NaN.
    probabilities = lm.predictions(test[:20])["probability"]
    assert not np.isnan(probabilities).any()


kenlm = pytest.importorskip("kenlm", reason="KenLM is a test dependency: make test installs it (pip install kenlm)")


@pytest.mark.parametrize("order", [2, 3])
def test_kenlm_scores_a_threshold_katz_file_as_teachkit_does(lee, tmp_path, order):
    """A Katz(threshold=10) model on 20 articles leaves no history without mass, so an ARPA file holds it."""
    train, test = lee
    lm = NgramLM(train[:20], order=order, smoothing=Katz(threshold=10))
    path = tmp_path / "katz.arpa"
    write_arpa(lm, path)
    model = kenlm.Model(str(path))
    for sent in test[:25]:
        theirs = np.array([s[0] for s in model.full_scores(" ".join(sent))])
        ours = np.log10(lm.predictions([sent])["probability"])
        np.testing.assert_allclose(theirs, ours, rtol=1e-6, atol=0)


@pytest.mark.parametrize("K", [2, 5, 10])
def test_a_threshold_model_whose_history_keeps_all_its_mass_is_refused_by_write_arpa(lee, K):
    """Where some history leaves its unseen words 0, no ARPA back-off weight can say so: refused, naming it."""
    train, _ = lee
    lm = NgramLM(train, order=3, smoothing=Katz(threshold=K))
    with pytest.raises(ValueError, match="never seen after the history '.+' probability 0") as caught:
        write_arpa(lm)
    history = str(caught.value).split("history '")[1].split("'")[0].split()
    row = lm.probs((["<s>"] * 2 + history)[-2:])
    assert (row == 0).any() and abs(row.sum() - 1) < 1e-12
