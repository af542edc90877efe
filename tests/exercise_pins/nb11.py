"""Notebook 11's exercise answers, worked out by hand (11.1 by trying every pairing, 11.2 by the four terms)."""

import itertools


def _jaccard(a, b):
    return len(set(a) & set(b)) / len(set(a) | set(b))


def _best_pairing(run_a, run_b):
    """Every one of the K! pairings tried; the first with the largest total (no Hungarian method here)."""
    best = None
    for perm in itertools.permutations(range(len(run_b))):
        total = sum(_jaccard(run_a[i], run_b[perm[i]]) for i in range(len(run_a)))
        if best is None or total > best[0] + 1e-12:
            best = (total, perm)
    return best


def _wording_checked(run_a, run_b, shown_a, shown_b):
    assert shown_a == "; ".join("*" + ", ".join(t) + "*" for t in run_a)
    assert shown_b == "; ".join("*" + ", ".join(t) + "*" for t in run_b)


def _stability_by_hand(run_a, run_b, shown_a, shown_b):
    _wording_checked(run_a, run_b, shown_a, shown_b)
    total, _ = _best_pairing(run_a, run_b)
    return total / len(run_a)


def _pairing_steps_by_hand(run_a, run_b, shown_a, shown_b):
    total, perm = _best_pairing(run_a, run_b)
    parts = []
    for i, j in enumerate(perm):
        shared = len(set(run_a[i]) & set(run_b[j]))
        union = len(set(run_a[i]) | set(run_b[j]))
        parts.append(f"*{run_a[i][0]}…* with *{run_b[j][0]}…* ({shared} shared of {union})")
    return {"pairs": "; ".join(parts), "total": total}


def _likelihood_by_hand(fire_1, fire_2):
    # p(z) under a Dirichlet(1, 1) prior: (1,1) and (2,2) have 1/3 each, (1,2) and (2,1) 1/6 each
    rain_1, rain_2 = 1 - fire_1, 1 - fire_2
    return (fire_1 * rain_1 + fire_2 * rain_2) / 3 + (fire_1 * rain_2 + fire_2 * rain_1) / 6


def _likelihood_steps_by_hand(fire_1, fire_2):
    rain_1, rain_2 = 1 - fire_1, 1 - fire_2
    return {"rain_1": rain_1, "rain_2": rain_2, "same": fire_1 * rain_1 + fire_2 * rain_2,
            "mixed": fire_1 * rain_2 + fire_2 * rain_1}


def _importance_by_hand(fire_1, fire_2, share_1, share_2):
    # each draw: p(fire | shares) = s f1 + (1 - s) f2, p(rain | shares) = 1 - that; the estimate is the mean
    products = []
    for share in (share_1, share_2):
        fire = share * fire_1 + (1 - share) * fire_2
        products.append(fire * (1 - fire))
    return sum(products) / 2


def _importance_steps_by_hand(fire_1, fire_2, share_1, share_2):
    fire_a = share_1 * fire_1 + (1 - share_1) * fire_2
    fire_b = share_2 * fire_1 + (1 - share_2) * fire_2
    return {"fire_a": fire_a, "rain_a": 1 - fire_a, "fire_b": fire_b, "rain_b": 1 - fire_b,
            "p_1": fire_a * (1 - fire_a), "p_2": fire_b * (1 - fire_b)}


PINS = {
    # A1 fire smoke ash ~ B2 fire ash heat: 2 shared of 4; A2 rain cloud storm = B3: 3 of 3; A3 goal team coach ~
    # B1 team goal match: 2 of 4. (1/2 + 1 + 1/2) / 3 = 2/3.  Topic i with topic i would give 0.
    "11.1": 2 / 3,
    # (0.9 * 0.1 + 0.2 * 0.8) / 3 + (0.9 * 0.8 + 0.2 * 0.1) / 6 = 0.25 / 3 + 0.74 / 6 = 0.20667
    "11.2": 0.25 / 3 + 0.74 / 6,
    # measured: 2000 posterior samples put the harmonic mean 1.4 to 3.7 nats above the exact value (6 seeds)
    "11.4": "more than 1 nat above the exact value",
    # K = 20 (0.26) and K = 5 (0.38) differ: the most coherent K is not the most stable
    "11.5": "the most coherent K gives topics that may not come back in another run: look at them over several "
            "runs before interpreting any one",
    # gap 1,000 particles: -11.1329 + 11.1528 = 0.0199; 16,000: 0.0173, more than half of it left;
    # the sequential form: 0.0028 then 0.0004
    "11.6": "a bias of the published algorithm itself: more particles do not close the gap",
    # draw 1: fire 0.7 * 0.9 + 0.3 * 0.2 = 0.69, rain 0.31, product 0.2139; draw 2: fire 0.2 * 0.9 + 0.8 * 0.2
    # = 0.34, rain 0.66, product 0.2244; mean (0.2139 + 0.2244) / 2 = 0.21915
    "11.3": (0.2139 + 0.2244) / 2,
}

STEPS = {
    "11.1": {"pairs": "*fire…* with *fire…* (2 shared of 4); *rain…* with *storm…* (3 shared of 3); "
                      "*goal…* with *team…* (2 shared of 4)", "total": 2.0},
    "11.2": {"rain_1": 0.1, "rain_2": 0.8, "same": 0.25, "mixed": 0.74},
    "11.3": {"fire_a": 0.69, "rain_a": 0.31, "fire_b": 0.34, "rain_b": 0.66, "p_1": 0.2139, "p_2": 0.2244},
}

# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).
PIN_FUNCTIONS = {
    "11.1": _stability_by_hand,
    "11.2": _likelihood_by_hand,
    "11.3": _importance_by_hand,
}

STEP_FUNCTIONS = {
    "11.1": _pairing_steps_by_hand,
    "11.2": _likelihood_steps_by_hand,
    "11.3": _importance_steps_by_hand,
}
