"""Notebook 04's exercise answers, worked out by hand (no teachkit)."""

import math
from fractions import Fraction

#: The source notebook's training sentence (04.2's solution points to section 4's table only for it).
TRAINING = "Alice wonders what is happening in Wonderland"

PINS = {
    "04.1": (9 * 7 * 7) ** (1 / 3),           # P = 0.5/4.5, 0.5/3.5, 0.5/3.5 -> (9 · 7 · 7)^(1/3) = 7.612
    "04.2": 2 / 17,                           # Alice -> <UNK>, V = 7 + 1 = 8: (0 + 2) / (1 + 2 · 8) = 0.1176
    "04.3": 5.0 ** (9 / 8),                   # 8 predictions: log PP_pred = (9/8) log PP_token; 5^1.125 = 6.1142
    "04.4": 1 / 23,                           # 4/(1+a) + 1/a - 35/(1+7a) = 0  ->  23 a = 1
    "04.6": "per token is lower",             # 2^(12/7) = 3.28 < 2^(12/6) = 4
    "04.5": lambda training, test, alpha: 2 ** (-sum(
        math.log2((sum(1 for a, b in zip(training, training[1:]) if (a, b) == (p, w)) + alpha)
                  / (training.count(p) + alpha * len(set(training))))
        for p, w in zip(test, test[1:])) / (len(test) - 1)),
    # "dreams" and "about" are unseen. Without <UNK> (V = 7): 1/8, 1/7, 1/7 -> (8 · 7 · 7)^(1/3) = 7.32, while the
    # row after "Alice" already sums to 2/8 + 6 · 1/8 = 1 and "dreams" gets 1/8 more; with <UNK> (V = 8): 1/9, 1/8,
    # 1/8 -> (9 · 8 · 8)^(1/3) = 8.32. The lower 7.32 comes from probability given out twice.
    "04.7": "the two numbers cannot rank the models: the model without <UNK> gives unseen words probability it "
            "never set aside, so its lower perplexity is not earned",
    # alpha = 100: each of the 6 predictions is (1 + 100) / (1 + 700) = 101/701, perplexity 701/101 = 6.94 ~ V = 7
    "04.8": "it predicts about as well as picking uniformly among its V words: its training counts hardly matter",
}


# The intermediate numbers of the worked solutions (``steps``), by hand.  The training sentence has 7 words,
# each once; "Alice" occurs once as a context, "dreams" and "about" never.
STEPS = {
    "04.1": {"c_first": 1, "d_first": 1 + 0.5 * 7, "d_new": 0 + 0.5 * 7,
             "inv_first": (1 + 0.5 * 7) / 0.5, "inv_new": (0.5 * 7) / 0.5,           # 4.5, 3.5, 9, 7
             "second": "dreams", "third": "about"},                                   # the two words never seen
    # 4 known bigrams, 1 new: 4/(1+a) + 1/a - 35/(1+7a) = 0 -> 35a^2 + 12a + 1 = 35a^2 + 35a -> a = 1/23
    "04.3": {"predictions": 9 - 1},
    # "dreams" is unseen: Alice -> <UNK>, never in training (count 0); "Alice" starts one bigram (Alice wonders);
    # V = 7 + <UNK> = 8.  alpha = 2: (0 + 2) / (1 + 2 · 8) = 2/17; alpha = 1: (0 + 1) / (1 + 8) = 1/9.
    "04.2": {"V": 8, "n_words": 7, "context": 1, "count": 0, "fraction": Fraction(2, 17), "add_one": Fraction(1, 9),
             "follows": "wonders",                                                    # the bigram "Alice wonders"
             "table": " (section 4's table)"},                                       # which prints add-one's 1/9
    "04.4": {"k": 4, "m": 1, "k_plus_m": 5, "square": 5 * 7, "linear": 4 + 1 * (1 + 7), "decimal": 1 / 23,
             "new_ones": "(“is” → “in”) is new"},                                    # "happening" left out
    # P = 1/8, 1/7, 1/7 (V = 7) and 1/9, 1/8, 1/8 (<UNK>, V = 8); P(dreams | Alice) = (0 + 1) / (1 + 7) = 1/8 on top
    # of the row after "Alice", which sums to 1
    "04.7": {"pp_kept": (8 * 7 * 7) ** (1 / 3), "pp_unk": (9 * 8 * 8) ** (1 / 3),       # 7.3186, 8.3203
             "p_unseen": 1 / 8, "row_plus": 1 + 1 / 8},                                 # 0.125, 1.125
    # every prediction (1 + 100) / (1 + 100 · 7) = 101/701; with add-one 2/8 each, perplexity 4
    "04.8": {"V": 7, "p_each": 101 / 701, "pp": 701 / 101, "ratio": (701 / 101) / 7,   # 0.1441, 6.9406, 0.9915
             "pp_add_one": 4.0},
}


# Every variant's answer, as a function of its data (tests/test_exercises.py draws 200 variants of each).  The
# source notebook's model: P(w | prev) = (c(prev, w) + alpha) / (c(prev) + alpha V), c(prev) = how often prev occurs
# in training, V = the distinct training words; nltk.lm's: unseen words are <UNK> (V + 1) and c(prev) = how many
# training bigrams start with prev.
def _bigram_count(words, prev, w):
    return sum(1 for a, b in zip(words, words[1:]) if (a, b) == (prev, w))


def _pp_per_prediction(model, training, V, test, alpha):
    # V is stated in the question; it must be the distinct training words, counted here again
    train, words = training.split(), test.split()
    assert V == len(set(train))
    probabilities = [(_bigram_count(train, p, w) + alpha) / (train.count(p) + alpha * V)
                     for p, w in zip(words, words[1:])]
    return math.prod(probabilities) ** (-1 / len(probabilities))


def _unk_probability(training, sentence, prev, word, alpha, smoothing):
    train = training.split()
    V = len(set(train)) + 1                                         # <UNK> is an entry of the vocabulary
    target = word if word in train else "<UNK>"
    starts = sum(1 for a in train[:-1] if a == prev)                # bigrams that start with prev
    return (_bigram_count(train, prev, target) + alpha) / (starts + alpha * V)


def _best_alpha(sentence, training, V, test, pointer):
    # k known bigrams (1 + a)/(1 + Va) and m new ones a/(1 + Va), every context seen once: maximise
    # k ln(1 + a) + m ln a - (k + m) ln(1 + Va); the derivative is 0 at a = m / (kV - k - m)
    train, words = training.split(), test.split()
    assert V == len(set(train))
    k = sum(1 for p, w in zip(words, words[1:]) if _bigram_count(train, p, w) > 0)
    m = len(words) - 1 - k
    return Fraction(m, k * V - k - m)


PIN_FUNCTIONS = {
    "04.1": _pp_per_prediction,
    "04.2": _unk_probability,
    "04.3": lambda pp_token, n_tokens: pp_token ** (n_tokens / (n_tokens - 1)),   # log PP_pred = N/(N-1) log PP_tok
    "04.4": _best_alpha,
}


def _lidstone_steps(model, training, V, test, alpha):
    # "Alice" seen once, then two words never seen: all three bigrams new
    train, words = training.split(), test.split()
    return {"c_first": train.count(words[0]), "d_first": train.count(words[0]) + alpha * V,
            "d_new": alpha * V, "inv_first": (train.count(words[0]) + alpha * V) / alpha, "inv_new": alpha * V / alpha,
            "second": words[1], "third": words[2]}


def _unk_steps(training, sentence, prev, word, alpha, smoothing):
    train = training.split()
    V, starts = len(set(train)) + 1, sum(1 for a in train[:-1] if a == prev)
    return {"V": V, "n_words": len(set(train)), "context": starts, "count": 0, "follows": train[train.index(prev) + 1],
            "fraction": Fraction(alpha, starts + alpha * V), "add_one": Fraction(1, starts + V),
            # section 4 prints add-one's P(dreams | Alice) = 1/9 for "Alice wonders what is happening in Wonderland"
            "table": " (section 4's table)" if (training, prev) == (TRAINING, "Alice") else ""}


def _best_alpha_steps(sentence, training, V, test, pointer):
    train, words = training.split(), test.split()
    new = [(p, w) for p, w in zip(words, words[1:]) if _bigram_count(train, p, w) == 0]
    k, m = len(words) - 1 - len(new), len(new)
    listed = " and ".join(f"“{p}” → “{w}”" for p, w in new)
    return {"k": k, "m": m, "k_plus_m": k + m, "square": (k + m) * V, "linear": k + m * (1 + V),
            "decimal": m / (k * V - k - m), "new_ones": f"({listed}) is new" if m == 1 else f"({listed}) are new"}


STEP_FUNCTIONS = {
    "04.1": _lidstone_steps,
    "04.2": _unk_steps,
    "04.3": lambda pp_token, n_tokens: {"predictions": n_tokens - 1},
    "04.4": _best_alpha_steps,
}
