"""Exercises of notebook 05b (semantic coherence in practice): notebook 05's steps again, on new numbers and on
the document's own cosines with other settings.

Notebook 05 was split in two (issue 49): its lesson and four of its exercises stay there; 05.1-05.4 are declared in
:mod:`.nb05` (beside the helpers that compute their answers) and asked here as 05b.1-05b.4.  05b.5-05b.7 are 05b's
own: what a stricter threshold does to SC, and what that does and does not say.
"""

import dataclasses

import numpy as np

from ...semantic.metrics import semantic_coherence
from . import Interpretation, Prediction
from .nb05 import DECLARED, OTHER_COSINES, WORDS

#: 05's key -> 05b's key
RENUMBERED = {"05.1": "05b.1", "05.2": "05b.2", "05.3": "05b.3", "05.4": "05b.4"}


def _renumbered(exercise):
    # a question or label with variants is filled in from its data when declared: declare it again from its
    # template, under the new key
    changes = {"key": RENUMBERED[exercise.key]}
    for name in ("question", "label"):
        template = getattr(exercise, f"{name}_template", "")
        if template:
            changes[name] = template
    return dataclasses.replace(exercise, **changes)


def _matrix(s_ml, s_ma, s_la):
    return np.array([[1.0, s_ml, s_ma], [s_ml, 1.0, s_la], [s_ma, s_la, 1.0]])


def _two_thresholds(s_ml, s_ma, s_la, low, high, damping):
    S = _matrix(s_ml, s_ma, s_la)
    return (semantic_coherence(S, threshold=low, damping=damping, words=WORDS),
            semantic_coherence(S, threshold=high, damping=damping, words=WORDS))


# ------------------------------------------------------------------ 05b.5: predict SC under a stricter threshold
_HIGHER, _LOWER, _SAME = "higher", "lower", "the same"


def _stricter_sc(s_ml, s_ma, s_la, low, high, damping):
    before, after = _two_thresholds(s_ml, s_ma, s_la, low, high, damping)
    if abs(after.score - before.score) < 5e-4:
        return _SAME
    return _HIGHER if after.score > before.score else _LOWER


def _stricter_steps(s_ml, s_ma, s_la, low, high, damping):
    before, after = _two_thresholds(s_ml, s_ma, s_la, low, high, damping)
    return {"sc_low": before.score, "sc_high": after.score, "lam_low": ", ".join(f"{v:.3f}" for v in before.weights),
            "lam_high": ", ".join(f"{v:.3f}" for v in after.weights)}


# ------------------------------------------------------------------ 05b.6: why SC moved
_WEIGHTS = ("the weights moved from “machine” to “learning” and “algorithm”, whose cosine is the largest, so the "
            "weighted mean leans on the most similar pair; no cosine changed")
_NOISE = "the topic is more coherent than it looked: the threshold removed noise from the keywords' similarities"
_PAIRS = "the weak pairs with “machine” were left out of the mean, so only the strong pair counts"


def _why_sc_moved(s_ml, s_ma, s_la, low, high, damping):
    before, after = _two_thresholds(s_ml, s_ma, s_la, low, high, damping)
    machine_isolated = max(s_ml, s_ma) <= high < s_la
    same_pairs = np.allclose(before.hierarchical, after.hierarchical)      # the similarities do not see the threshold
    if machine_isolated and same_pairs and after.weights[0] < before.weights[0] and after.score > before.score:
        return _WEIGHTS
    raise ValueError("this question is about a threshold that isolates “machine” and raises SC")


# ------------------------------------------------------------------ 05b.7: what an isolated word's weight says
_CUT = ("that both its cosines are at or below the threshold chosen: a lower threshold would give it edges and "
        "weight again")
_UNRELATED = "that “machine” does not belong to the topic: it is unrelated to the other two words"
_RARE = "that “machine” is the rarest of the three words in the corpus"


def _what_isolation_says(s_ml, s_ma, s_la, low, high, damping):
    before, after = _two_thresholds(s_ml, s_ma, s_la, low, high, damping)
    if "machine" in after.isolated and "machine" not in before.isolated and min(s_ml, s_ma) > low:
        return _CUT
    raise ValueError("this question is about a word the stricter threshold isolates")


_DATA = {**OTHER_COSINES, "low": 0.3, "high": 0.65, "damping": 0.85}

EXERCISES = [_renumbered(e) for e in DECLARED if e.key in RENUMBERED] + [
    Prediction(
        key="05b.5",
        label="SC under a stricter threshold",
        question="Another embedding model gives the three words the cosines machine–learning 0.60, "
                 "machine–algorithm 0.45 and learning–algorithm 0.75. Raise the threshold from 0.3 to 0.65, so "
                 "that “machine” loses both its edges ($d = 0.85$, the document's γ). Predict before you run: is "
                 "SC higher, lower or the same?",
        data=_DATA,
        answer=_stricter_sc,
        choices=(_HIGHER, _LOWER, _SAME),
        solution="SC is {expected}: {sc_low:.3f} at 0.3 and {sc_high:.3f} at 0.65. The similarities in the mean do "
                 "not depend on the threshold; the weights do: λ goes from ({lam_low}) to ({lam_high}), away from "
                 "“machine”, so the most similar pair, learning–algorithm, counts more.",
        steps=_stricter_steps,
    ),
    Interpretation(
        key="05b.6",
        label="why SC moved",
        question="In exercise 05b.5 (cosines machine–learning 0.60, machine–algorithm 0.45, learning–algorithm "
                 "0.75; $d = 0.85$) SC changed when the threshold went from 0.3 to 0.65 and “machine” lost its "
                 "edges. What made it change?",
        data=_DATA,
        answer=_why_sc_moved,
        choices=(_NOISE, _PAIRS, _WEIGHTS),
        why={
            _NOISE: "the words and their cosines are the same at both thresholds; only PageRank's weights changed, "
                    "so the change comes from a setting, not from the topic.",
            _PAIRS: "the mean still runs over all nine entries, each pair's blended similarity included; the "
                    "threshold shapes only the graph PageRank walks.",
            _WEIGHTS: "an isolated word keeps only a small weight, far below the others', so the other two carry "
                      "most of the weight, and their pair has the largest cosine.",
        },
        solution="Only the weights changed. $S_h$ is built from the full cosine matrix, so every pair counts at "
                 "both thresholds; PageRank, on the thresholded graph, moved weight away from the isolated "
                 "“machine” to “learning” and “algorithm”, whose cosine (0.75) is the largest. A score that rises "
                 "with a setting is a reason to report the setting, not evidence of a better topic.",
    ),
    Interpretation(
        key="05b.7",
        label="what an isolated word's weight says",
        question="In exercise 05b.5 (cosines machine–learning 0.60, machine–algorithm 0.45, learning–algorithm "
                 "0.75; $d = 0.85$), “machine” has both its edges at the threshold 0.3; at 0.65 it is isolated and "
                 "gets the smallest PageRank weight. What does that say about “machine”?",
        data=_DATA,
        answer=_what_isolation_says,
        choices=(_UNRELATED, _RARE, _CUT),
        why={
            _UNRELATED: "its cosines with the others, 0.60 and 0.45, are moderate, not small; they fell below a "
                        "threshold "
                        "someone chose, and at 0.3 it has both its edges.",
            _RARE: "no count of the corpus goes into SC: PageRank walks a graph built from cosines only.",
            _CUT: "the weight follows the graph, and the graph follows the threshold.",
        },
        solution="Only that both its cosines are at or below the threshold: 0.60 and 0.45 against 0.65. At 0.3 it "
                 "has both edges and a weight like the others'. An isolated word's small weight says where the "
                 "threshold was set, not that the word is unrelated or rare.",
    ),
]
