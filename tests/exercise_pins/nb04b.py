"""Notebook 04b's exercise answers, worked out by hand on the corpus  <s> a b a </s>  and  <s> b a c </s>."""

PINS = {
    # c(b a) = 2, c(b •) = 2, V = 6 (a, b, c, <s>, </s>, <UNK>):  (2 + 1) / (2 + 6)
    "04b.1": 3 / 8,
    # continuation counts over the 7 distinct bigrams: a 2, b 2, c 1, </s> 2; 4 of them > 0.
    # P1(a) = (2 - 0.5 + 0.5 * 4 / 6) / 7 = 11/42;  P(a | b) = (2 - 0.5 + 0.5 * 1 * 11/42) / 2
    "04b.2": (1.5 + 0.5 * 11 / 42) / 2,
    # min_count = 4: (5/3 * 9/5 * 9/5 * 3) ** (1/4) = (81/5) ** (1/4) ≈ 2.006;
    # min_count = 1: P = 2/8, 3/8, 2/9, 2/7; (4 * 8/3 * 9/2 * 7/2) ** (1/4) = 168 ** (1/4) ≈ 3.600  ->  lower
    "04b.3": "lower",
}


def _kn_step_by_hand(count, context_total, types, lower, d):
    # written out again, independently of teachkit: discounted count plus the reserve d*T times the lower order
    kept = count - d if count > d else 0.0
    return (kept + d * types * lower) / context_total


PINS["04b.4"] = _kn_step_by_hand
