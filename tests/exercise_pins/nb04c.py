"""Notebook 04c's exercise answers, worked out by hand."""

import math

PINS = {
    # P(a) = e^0.5 / (e^2 + e^0.5 + e^-1);  -ln P(a) = ln(e^2 + e^0.5 + e^-1) - 0.5
    "04c.1": math.log(math.exp(2.0) + math.exp(0.5) + math.exp(-1.0)) - 0.5,
    # 1,250 predictions of log2(180) bits each, over 7,000 characters
    "04c.2": 1250 * math.log2(180) / 7000,
    # with windows of 16 every 8 characters, each character after the first window has at least 8 characters
    # of context in its window, more than the model's 3: full context, as in one stream; in chunks of 16,
    # the first 3 characters of every chunk lose some context.  A trained model does better with context.
    "04c.3": "stride 8",
}


def _bits_per_byte_by_hand(total_nats, n_bytes):
    # nats -> bits: log2(x) = ln(x) / ln(2); then per byte
    return (total_nats / math.log(2)) / n_bytes


PINS["04c.4"] = _bits_per_byte_by_hand

STEPS = {
    "04c.1": {"exp_e": math.e ** 2, "exp_a": math.e ** 0.5, "exp_o": math.e ** -1,
              "total": math.e ** 2 + math.e ** 0.5 + math.e ** -1,
              "p_true": math.e ** 0.5 / (math.e ** 2 + math.e ** 0.5 + math.e ** -1)},
    "04c.2": {"bits_each": math.log(180) / math.log(2), "bits_total": 1250 * math.log(180) / math.log(2)},
}
