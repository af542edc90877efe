"""Notebook 08's exercise answers, worked out by hand."""

import math

PINS = {
    "08.1": math.log((5 + 1) / 8),                  # log(6/8) = -0.2877
    "08.2": 8 / (3 * 4),                            # fire smoke ash heat rain cloud storm flood: 8 of 12
    "08.3": 10 * 9,                                 # ordered pairs of different words
    # X_1 = 1, X_2 = 1, X_3 = 2, p = 1/2: (2/3)(1/8) + 1 * (1 * 1/2 + (1/2)(1/4) + (2/3)(1/8)) = 19/24
    "08.4": 2 / 3 * 0.125 + (0.5 + 0.5 * 0.25 + 2 / 3 * 0.125),
    # v(w_i) = +1 at i, -1 elsewhere; v(W) = (1 - 9) = -8 in every place; v(w_i) . v(W) = -8 * (1 - 9) = 64,
    # |v(w_i)| = sqrt(10), |v(W)| = 8 sqrt(10): cosine 64 / 80 = 0.8 for every word
    "08.5": "high, closer to 1",
    # UMass: log((5 + 1) / 8) = -0.29 < 0; chance: 6 x 8 / 100 = 0.48 shared documents expected, 5 observed:
    # P(x, y) = 0.05 > P(x) P(y) = 0.06 x 0.08 = 0.0048, PMI = ln(10.4) > 0
    "08.6": "they share more documents than two unrelated words would: UMass's 0 is not the level of chance",
    # interval [0.52, 0.64]: its lower end 0.52 > 0.5, so the whole interval lies above chance
    "08.7": "it ranks a topic above its intruded copy more often than chance would, though far from always",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    "08.2": {"listed": 12, "n_topics": 3, "distinct": "fire, smoke, ash, heat, rain, cloud, storm, flood",
             "n_distinct": 8},
    "08.6": {"umass": math.log(6 / 8),                        # log((5 + 1) / 8)
             "expected_shared": 6 * 8 / 100,                  # 0.48
             "pmi": math.log(0.05 / (0.06 * 0.08)),           # ln(0.05 / 0.0048) = ln(10.4167) = 2.3434
             "npmi": math.log(0.05 / (0.06 * 0.08)) / -math.log(0.05)},   # 2.3434 / 2.9957 = 0.7822
}


def _td_by_hand(topics, top_k, count, shown):
    """Distinct words over all the words listed, counted with a dictionary (count and shown are the question's
    wording of the topics: checked, not used)."""
    assert count == ("two", "three", "four", "five")[len(topics) - 2]
    assert shown == " and ".join([", ".join("{" + ", ".join(t) + "}" for t in topics[:-1]),
                                  "{" + ", ".join(topics[-1]) + "}"])
    seen = {}
    for topic in topics:
        for word in topic[:top_k]:
            seen[word] = seen.get(word, 0) + 1
    return len(seen) / (len(topics) * top_k)


def _td_steps_by_hand(topics, top_k, count, shown):
    order = []
    for topic in topics:
        for word in topic[:top_k]:
            if word not in order:
                order.append(word)
    return {"listed": len(topics) * top_k, "n_topics": len(topics), "distinct": ", ".join(order),
            "n_distinct": len(order)}


def _rbo_by_hand(p):
    # (a, b, c) against (a, c, d): shared in the first 1, 2, 3 places are {a}, {a}, {a, c}: X = 1, 1, 2
    x = {1: 1, 2: 1, 3: 2}
    tail = x[3] / 3 * p ** 3
    return tail + (1 - p) / p * sum(x[d] / d * p ** d for d in (1, 2, 3))


# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).
PIN_FUNCTIONS = {
    "08.1": lambda c_joint, c_star: math.log(c_joint + 1) - math.log(c_star),   # log of the +1 ratio
    "08.2": _td_by_hand,
    "08.3": lambda n_words: sum(1 for i in range(n_words) for j in range(n_words) if i != j),   # ordered pairs
    "08.4": _rbo_by_hand,
}

STEP_FUNCTIONS = {
    "08.2": _td_steps_by_hand,
}
