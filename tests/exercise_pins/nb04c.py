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
    # text the model was trained on scores lower than unseen text (section 3): the figure is partly recall
    "04c.5": "it overstates how well the model predicts new text: part of it is the model recalling articles it "
             "was fitted to",
    # subword: 14,000 * log2(25) = 65,014 bits; words: 9,000 * log2(60) = 53,162 bits; over 50,000 characters
    # 1.300 > 1.063 bits per character, though 25 < 60 per token
    "04c.6": "the word model: it spends fewer bits per character of the text",
}


def _bits_per_byte_by_hand(total_nats, n_bytes):
    # nats -> bits: log2(x) = ln(x) / ln(2); then per byte
    return (total_nats / math.log(2)) / n_bytes


PINS["04c.4"] = _bits_per_byte_by_hand


def _forward_by_hand(context, E, W1, b1, W2, b2):
    # loops over plain numbers: x = the context's embedding rows one after another; h_j = tanh(sum_i x_i W1_ij
    # + b1_j); z_v = sum_j h_j W2_jv + b2_v; P_v = e^(z_v - m) / sum_u e^(z_u - m), m = max z (some inputs have
    # logits near 1000, where e^z itself overflows)
    x = [float(value) for i in context for value in E[i]]
    h = [math.tanh(sum(x[i] * W1[i][j] for i in range(len(x))) + b1[j]) for j in range(len(b1))]
    z = [sum(h[j] * W2[j][v] for j in range(len(h))) + b2[v] for v in range(len(b2))]
    m = max(z)
    total = sum(math.exp(zv - m) for zv in z)
    return [math.exp(zv - m) / total for zv in z]


PINS["04c.7"] = _forward_by_hand

STEPS = {
    "04c.1": {"exp_e": math.e ** 2, "exp_a": math.e ** 0.5, "exp_o": math.e ** -1,
              "total": math.e ** 2 + math.e ** 0.5 + math.e ** -1,
              "p_true": math.e ** 0.5 / (math.e ** 2 + math.e ** 0.5 + math.e ** -1)},
    "04c.2": {"bits_each": math.log(180) / math.log(2), "bits_total": 1250 * math.log(180) / math.log(2)},
    # bits per prediction = log2(perplexity); the total = predictions times that; per character over 50,000
    "04c.6": {"sub_bits_each": math.log(25) / math.log(2), "word_bits_each": math.log(60) / math.log(2),
              "sub_bits": 14_000 * math.log(25) / math.log(2), "word_bits": 9_000 * math.log(60) / math.log(2),
              "sub_bpc": 14_000 * math.log(25) / math.log(2) / 50_000,
              "word_bpc": 9_000 * math.log(60) / math.log(2) / 50_000},
}


# ---------------------------------------------------------------- every variant, by hand
def _softmax_by_hand(z_e, z_a, z_o):
    # e^z over the sum of the three e^z, in the order e, a, o
    total = math.exp(z_e) + math.exp(z_a) + math.exp(z_o)
    return {"e": math.exp(z_e) / total, "a": math.exp(z_a) / total, "o": math.exp(z_o) / total}


PIN_FUNCTIONS = {
    "04c.1": lambda z_e, z_a, z_o, true: -math.log(_softmax_by_hand(z_e, z_a, z_o)[true]),
    # log2(perplexity) bits per prediction, times the predictions, over the characters
    "04c.2": lambda perplexity, predictions, characters: predictions * math.log(perplexity, 2) / characters,
}

STEP_FUNCTIONS = {
    "04c.1": lambda z_e, z_a, z_o, true: {
        "exp_e": math.exp(z_e), "exp_a": math.exp(z_a), "exp_o": math.exp(z_o),
        "total": math.exp(z_e) + math.exp(z_a) + math.exp(z_o), "p_true": _softmax_by_hand(z_e, z_a, z_o)["a"]},
    "04c.2": lambda perplexity, predictions, characters: {
        "bits_each": math.log(perplexity) / math.log(2),
        "bits_total": predictions * math.log(perplexity) / math.log(2)},
}
