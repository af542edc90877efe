"""Notebook 04b's exercise answers, worked out by hand on the corpus  <s> a b a </s>  and  <s> b a c </s>."""

from fractions import Fraction

PINS = {
    # c ends "b a c" and occurs nowhere else: c(c </s>) = 1, c(c •) = 1, V = 6 (a, b, c, <s>, </s>, <UNK>):
    # (1 + 1) / (1 + 6) = 2/7 = 0.2857
    "04b.1": 2 / 7,
    # continuation counts over the 7 distinct bigrams: a 2, b 2, c 1, </s> 2; 4 of them > 0.
    # d = 0.75: P1(a) = (2 - 0.75 + 0.75 * 4 / 6) / 7 = 1.75 / 7 = 1/4;
    # P(a | b) = (2 - 0.75 + 0.75 * 1 * 1/4) / 2 = 1.4375 / 2 = 23/32
    "04b.2": (1.25 + 0.75 * 1 / 4) / 2,
    # min_count = 4: (5/3 * 9/5 * 9/5 * 3) ** (1/4) = (81/5) ** (1/4) ≈ 2.006;
    # min_count = 1: P = 2/8, 3/8, 2/9, 2/7; (4 * 8/3 * 9/2 * 7/2) ** (1/4) = 168 ** (1/4) ≈ 3.600  ->  lower
    "04b.3": "lower",
    # 6 x "san francisco", "new glasses", "my glasses", "reading glasses"; after the unseen "zebra" only the
    # continuation unigram counts: N1+(. francisco) = 1 (san), N1+(. glasses) = 3 (new, my, reading);
    # P1(francisco) = (0.25 + 0.75 * 7/9) / 10 = 1/12 < P1(glasses) = (2.25 + 0.75 * 7/9) / 10 = 17/60
    "04b.5": "glasses: it has followed more different words",
    # held-out perplexity 426.6 (order 3) < 443.6 (order 4); the training figures 6.1 and 3.1 do not decide
    "04b.6": "the 3-gram model: its perplexity on the held-out articles is lower",
}


def _kn_step_by_hand(count, context_total, types, lower, d):
    # written out again, independently of teachkit: discounted count plus the reserve d*T times the lower order
    kept = count - d if count > d else 0.0
    return (kept + d * types * lower) / context_total


PINS["04b.4"] = _kn_step_by_hand


# The intermediate numbers of the worked solutions (``steps``), by hand.  Padded corpus: <s> a b a </s>,
# <s> b a c </s>; its 7 bigram types are (<s> a) (a b) (b a) (a </s>) (<s> b) (a c) (c </s>).
STEPS = {
    "04b.2": {
        "count": 2, "total": 2, "types": 1,              # c(b a) = 2, c(b .) = 2, b is followed only by a
        # one level down: a follows <s> and b (N1+(. a) = 2); 7 bigram types; a b c </s> have a continuation
        # count (4 entries); V = 6
        "cont": 2, "bigram_types": 7, "with_continuation": 4, "V": 6,
        # P_1(a) = [max(N1+(. a) - d, 0) + d * (words with a continuation: a b c </s>) / V] / N1+(. .)
        #        = [(2 - 0.75) + 0.75 * 4 / 6] / 7 = 1/4, V = 6 (a b c </s> <s> <UNK>)
        "lower": Fraction(1, 4),
        "kn": (Fraction(5, 4) + Fraction(3, 4) * 1 * Fraction(1, 4)) / 2,          # 23/32
        "continuation": Fraction(2, 7),                  # a follows <s> and b: 2 of the 7 bigram types
        "nltk": (Fraction(5, 4) + Fraction(3, 4) * 1 * Fraction(2, 7)) / 2,           # 41/56
    },
    # add-one: P = (c(h w) + 1) / (c(h .) + V).  Everything <UNK> (V = 3: <s>, </s>, <UNK>): <s> <UNK> 2 of 2,
    # <UNK> <UNK> 4 of 6 (twice), <UNK> </s> 2 of 6.  min_count = 1 (V = 6): <s> b 1 of 2, b a 2 of 2,
    # a c 1 of 3, c </s> 1 of 1.
    "04b.3": {"unk_V": 3, "unk_p": "3/5,\\ 5/9,\\ 5/9,\\ 3/9", "unk_inverse": Fraction(5 * 9 * 9 * 9, 3 * 5 * 5 * 3),
              "unk_perplexity": (81 / 5) ** 0.25,
              "full_V": 6, "full_p": "2/8,\\ 3/8,\\ 2/9,\\ 2/7", "full_inverse": Fraction(8 * 8 * 9 * 7, 2 * 3 * 2 * 2),
              "full_perplexity": 168 ** 0.25},
}
# 6 x "san francisco" and "new glasses", "my glasses", "reading glasses", padded with <s> ... </s>.  Its 10 bigram
# types: (<s> san) (san francisco) (francisco </s>) (<s> new) (new glasses) (glasses </s>) (<s> my) (my glasses)
# (<s> reading) (reading glasses).  Words seen after something (a continuation count > 0): san francisco new my
# reading glasses </s> = 7.  V = 6 words + <s> </s> <UNK> = 9.  P1(w) = [max(N1+(. w) - d, 0) + d * 7 / 9] / 10.
STEPS["04b.5"] = {
    "cont_francisco": 1, "cont_glasses": 3, "bigram_types": 10, "with_continuation": 7, "V": 9,
    "p_francisco": (Fraction(1, 4) + Fraction(3, 4) * Fraction(7, 9)) / 10,       # (1/4 + 7/12) / 10 = 1/12
    "p_glasses": (Fraction(9, 4) + Fraction(3, 4) * Fraction(7, 9)) / 10,         # (9/4 + 7/12) / 10 = 17/60
    "add_one": Fraction(1, 9),                   # add-one after a history with no counts: (0 + 1) / (0 + 9)
}
# 04b.1: c -> </s> once, c followed once in all, V = 6
STEPS["04b.1"] = {"count": 1, "total": 1, "V": 6, "mle": Fraction(1, 1),
                  "moved": (1 - Fraction(2, 7)) / 1,      # 5/7 of the unsmoothed 1 moved to unseen followers
                  "how_many_words": "three"}              # a, b and c


# ---------------------------------------------------------------- every variant, by hand
def _padded_bigrams(sentences):
    # (history, word) -> count over the sentences padded as <s> ... </s>
    counts = {}
    for sentence in sentences:
        words = ["<s>"] + list(sentence) + ["</s>"]
        for i in range(len(words) - 1):
            counts[(words[i], words[i + 1])] = counts.get((words[i], words[i + 1]), 0) + 1
    return counts


def _vocabulary_size(sentences):
    # the distinct words, plus <s>, </s> and <UNK>
    return len({w for sentence in sentences for w in sentence}) + 3


def _after(sentences, prev):
    # c(prev word) for each word seen after prev
    return {w: c for (h, w), c in _padded_bigrams(sentences).items() if h == prev}


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six")


def _stated_by_hand(sentences, corpus, vocabulary):
    # 04b.1's question must quote exactly these sentences and list exactly their words, a to f in order
    quoted = ["*" + " ".join(s) + "*" for s in sentences]
    listed = " and ".join([", ".join(quoted[:-1]), quoted[-1]])
    assert corpus == f"the {_NUMBER_WORDS[len(sentences)]} training sentences {listed}", corpus
    letters = [w for w in "abcdef" if any(w in s for s in sentences)]
    assert vocabulary == "*" + ", ".join(letters) + "*", vocabulary


def _add_one_by_hand(sentences, word, prev, corpus, vocabulary):
    _stated_by_hand(sentences, corpus, vocabulary)
    after = _after(sentences, prev)
    return (after.get(word, 0) + 1) / (sum(after.values()) + _vocabulary_size(sentences))


def _add_one_steps_by_hand(sentences, word, prev, corpus, vocabulary):
    _stated_by_hand(sentences, corpus, vocabulary)
    after = _after(sentences, prev)
    count, total, v = after.get(word, 0), sum(after.values()), _vocabulary_size(sentences)
    mle = Fraction(count, total)
    return {"count": count, "total": total, "V": v, "mle": mle,
            "moved": (mle - Fraction(count + 1, total + v)) / mle, "how_many_words": _NUMBER_WORDS[v - 3]}


def _continuation_by_hand(sentences, word, d):
    # P_1(w) = [max(N1+(. w) - d, 0) + d * (words with N1+ > 0) / V] / (bigram types); d a Fraction
    types = set(_padded_bigrams(sentences))
    before = {}
    for _h, w in types:
        before[w] = before.get(w, 0) + 1
    kept = max(before.get(word, 0) - d, 0)
    return (kept + d * len(before) / _vocabulary_size(sentences)) / len(types)


def _kneser_ney_steps_by_hand(sentences, word, prev, d):
    d = Fraction(str(d))
    after = _after(sentences, prev)
    count, total, followers = after.get(word, 0), sum(after.values()), len(after)
    lower = _continuation_by_hand(sentences, word, d)
    types = set(_padded_bigrams(sentences))
    continuation = Fraction(sum(1 for h, w in types if w == word), len(types))   # nltk: undiscounted
    before = {w for _h, w in types}
    return {"count": count, "total": total, "types": followers, "lower": lower,
            "cont": sum(1 for h, w in types if w == word), "bigram_types": len(types),
            "with_continuation": len(before), "V": _vocabulary_size(sentences),
            "kn": (max(count - d, 0) + d * followers * lower) / total, "continuation": continuation,
            "nltk": (max(count - d, 0) + d * followers * continuation) / total}


def _jelinek_mercer_steps_by_hand(sentences, word, prev, l0, l1, l2):
    # the padded corpus predicts every word and one </s> per sentence; V = the distinct words + <s> </s> <UNK>
    tokens = [w for sentence in sentences for w in list(sentence) + ["</s>"]]
    after = _after(sentences, prev)
    return {"V": _vocabulary_size(sentences), "tokens": len(tokens), "occurrences": tokens.count(word),
            "count": after.get(word, 0), "total": sum(after.values()),
            "unigram": Fraction(tokens.count(word), len(tokens)),
            "bigram": Fraction(after.get(word, 0), sum(after.values()))}


def _jelinek_mercer_by_hand(sentences, word, prev, l0, l1, l2):
    steps = _jelinek_mercer_steps_by_hand(sentences, word, prev, l0, l1, l2)
    return l0 / steps["V"] + l1 * float(steps["unigram"]) + l2 * float(steps["bigram"])


# 04b.7: <s> a b a </s>, <s> b a c </s>; after a: b, </s>, c (c(a .) = 3, c(a c) = 1); the 8 predicted tokens
# a b a </s> b a c </s> hold c once; V = 6.  0.1/6 + 0.3 * 1/8 + 0.6 * 1/3 = 4/240 + 9/240 + 48/240 = 61/240
PINS["04b.7"] = 61 / 240
STEPS["04b.7"] = {"V": 6, "tokens": 8, "occurrences": 1, "count": 1, "total": 3, "unigram": Fraction(1, 8),
                  "bigram": Fraction(1, 3)}

PIN_FUNCTIONS = {
    "04b.7": _jelinek_mercer_by_hand,
    "04b.1": _add_one_by_hand,                            # (c(h w) + 1) / (c(h .) + V)
    "04b.2": lambda sentences, word, prev, d: float(_kneser_ney_steps_by_hand(sentences, word, prev, d)["kn"]),
}

STEP_FUNCTIONS = {
    "04b.7": _jelinek_mercer_steps_by_hand,
    "04b.1": _add_one_steps_by_hand,
    "04b.2": _kneser_ney_steps_by_hand,
}
