"""Notebook 08b's exercise answers, worked out by hand."""


PINS = {
    # v(w_i) = +1 at i, -1 elsewhere; v(W) = (1 - 9) = -8 in every place; v(w_i) . v(W) = -8 * (1 - 9) = 64,
    # |v(w_i)| = sqrt(10), |v(W)| = 8 sqrt(10): cosine 64 / 80 = 0.8 for every word: high
    "08b.1": "high",
    "08b.2": 8 / (3 * 4),                           # fire smoke ash heat rain cloud storm flood: 8 of 12
    # X_1 = 1, X_2 = 1, X_3 = 2, p = 1/2: (2/3)(1/8) + 1 * (1 * 1/2 + (1/2)(1/4) + (2/3)(1/8)) = 19/24
    "08b.3": 2 / 3 * 0.125 + (0.5 + 0.5 * 0.25 + 2 / 3 * 0.125),
    # AUC 0.307 < 0.5 (gensim 4.4's own C_V; 0.314 with eps and correct counts, 0.275 with exact counts): C_V ranked
    # random lists above LDA topics more often than not, so a higher C_V alone cannot show more coherent topics
    "08b.4": "not enough to say: C_V can score random word lists above real topics, so it needs a direct measure "
             "beside it",
    # car road driver / automobile highway motorist: 6 distinct strings of 6 listed, TD = 1, the same subject
    "08b.5": "no word appears in both topics; they may still be about the same subject",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.
STEPS = {
    # ten words that never meet: each place of the sum is 1 - 9 = -8; a word's vector . the sum = -8 + 9 * 8 = 64;
    # |sum|^2 = 10 * 64 = 640; |word| |sum| = sqrt(10) * sqrt(640) = sqrt(6400) = 80; cosine 64/80 = 0.8
    "08b.1": {"each": -8, "dot": 64, "sq_norm": 640, "norms": 80, "c_v": 0.8},
    "08b.2": {"listed": 12, "n_topics": 3, "distinct": "fire, smoke, ash, heat, rain, cloud, storm, flood",
              "n_distinct": 8},
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
    "08b.2": _td_by_hand,
    "08b.3": _rbo_by_hand,
}

STEP_FUNCTIONS = {
    "08b.2": _td_steps_by_hand,
}
