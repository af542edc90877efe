"""Exercises of notebook 04b (n-gram models): add-one and Kneser-Ney by hand on a two-sentence corpus,
what <UNK> does to perplexity, one Kneser-Ney step written by the student, and two questions on what the numbers
mean: what Kneser-Ney's continuation count prefers, and which perplexity says which model predicts new text."""

from fractions import Fraction

from ...lm.ngram import NgramLM
from ...lm.smoothing import kneser_ney_step
from . import Exercise, Implement, Interpretation, Prediction

# The corpus the questions state: two sentences, padded with <s> ... </s> by the model.
TWO_SENTENCES = (("a", "b", "a"), ("b", "a", "c"))
_CORPUS_MD = "the two training sentences *a b a* and *b a c*"
#: The same words as a template of the data (04b.2's variants: other sentences of three words; 04b.1's variants
#: state their corpus, of other sizes, as text items built by _corpus_text and _vocabulary_text).
_CORPUS_TEMPLATE = ("the two training sentences *{sentences[0][0]} {sentences[0][1]} {sentences[0][2]}* and "
                    "*{sentences[1][0]} {sentences[1][1]} {sentences[1][2]}*")
#: The words 04b.2's variants' sentences are made of; every variant uses all three, so that V stays 6 as stated.
_WORDS = ("a", "b", "c")


def _check_stated(sentences, corpus, vocabulary):
    # 04b.1's question states the corpus and its words in text items: they must be these sentences'
    if corpus != _corpus_text(sentences) or vocabulary != _vocabulary_text(sentences):
        raise ValueError(f"the question's corpus {corpus!r} and words {vocabulary!r} are not those of {sentences!r}")


def _add_one_bigram(sentences, word, prev, corpus, vocabulary):
    _check_stated(sentences, corpus, vocabulary)
    return NgramLM([list(s) for s in sentences], order=2, smoothing="laplace").prob(word, [prev])


def _kneser_ney_bigram(sentences, word, prev, d):
    return NgramLM([list(s) for s in sentences], order=2, smoothing="kneser-ney", discount=d).prob(word, [prev])


def _random_sentences(rng):
    # two sentences of three words drawn from a, b, c, drawn again until each of the three words occurs
    while True:
        sentences = tuple(tuple(str(w) for w in rng.choice(_WORDS, size=3)) for _ in range(2))
        if set(sentences[0]) | set(sentences[1]) == set(_WORDS):
            return sentences


def _bigram_counts(sentences):
    # every bigram of the padded sentences, with its count
    counts = {}
    for s in sentences:
        for pair in zip(("<s>",) + tuple(s), tuple(s) + ("</s>",)):
            counts[pair] = counts.get(pair, 0) + 1
    return counts


#: 04b.1's variants: the words a corpus is made of (the first three to six letters) and how sentences are counted.
_LETTERS = ("a", "b", "c", "d", "e", "f")
_HOW_MANY = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_LONGEST = 5        # words in a sentence of a variant, at most (and at least 2)


def _corpus_text(sentences):
    # "the two training sentences *a b a* and *b a c*", as the question states the corpus
    quoted = [f"*{' '.join(s)}*" for s in sentences]
    return f"the {_HOW_MANY[len(sentences)]} training sentences {', '.join(quoted[:-1])} and {quoted[-1]}"


def _vocabulary_text(sentences):
    # "*a, b, c*": the words of the corpus, as the question lists them before the symbols
    return "*" + ", ".join(sorted({w for s in sentences for w in s})) + "*"


def _add_one_shapes():
    # every (words, sentences, k, extra) a variant can take: k sentences end with the history, which occurs `extra`
    # more times inside sentences; the sentences (at most _LONGEST words each) must hold all that and every other word
    shapes = {}
    for words in range(3, 7):
        for n in range(2, 5):
            for k in range(1, n + 1):
                for extra in range(0, 5):
                    if extra <= n * (_LONGEST - 1) and k + extra + words - 1 <= n * _LONGEST:
                        answer = Fraction(k + 1, k + extra + words + 3)
                        shapes.setdefault(answer, []).append((words, n, k, extra))
    return [shapes[a] for a in sorted(shapes)]


def _add_one_variant(rng):
    # the answer (c(h </s>) + 1) / (c(h .) + V) is drawn first, each value as likely as another, then a corpus that
    # gives it: so that two students' variants rarely share their answer.  The history ends k >= 1 sentences
    # (c(h </s>) >= 1) and occurs `extra` more times inside sentences.
    choices = _add_one_shapes()
    group = choices[int(rng.integers(len(choices)))]
    n_words, n, k, extra = group[int(rng.integers(len(group)))]
    words = _LETTERS[:n_words]
    prev = str(rng.choice(words))
    others = [w for w in words if w != prev]
    while True:
        lengths = [int(rng.integers(2, _LONGEST + 1)) for _ in range(n)]
        ending = set(rng.permutation(n)[:k].tolist())
        inner = [(i, j) for i in range(n) for j in range(lengths[i] - 1)]
        free_count = sum(lengths) - k - extra
        if len(inner) < extra or free_count < len(others):
            continue
        placed = {inner[x] for x in rng.permutation(len(inner))[:extra].tolist()}
        sentences = [[prev if (i in ending and j == lengths[i] - 1) or (i, j) in placed else None
                      for j in range(lengths[i])] for i in range(n)]
        free = [(i, j) for i in range(n) for j in range(lengths[i]) if sentences[i][j] is None]
        order = rng.permutation(len(free)).tolist()
        for x, where in enumerate(order):
            # every other word once, then any of them
            i, j = free[where]
            sentences[i][j] = others[x] if x < len(others) else str(rng.choice(others))
        sentences = tuple(tuple(s) for s in sentences)
        return {"sentences": sentences, "word": "</s>", "prev": prev,
                "corpus": _corpus_text(sentences), "vocabulary": _vocabulary_text(sentences)}


def _add_one_steps(sentences, word, prev, corpus, vocabulary):
    """The numbers of 04b.1's worked solution: the counts after the history, V, and the unsmoothed estimate."""
    _check_stated(sentences, corpus, vocabulary)
    model = NgramLM([list(s) for s in sentences], order=2, smoothing="laplace")
    count, total = model.count(prev, word), model.context_count([prev])
    mle = Fraction(count, total)
    return {"count": count, "total": total, "V": model.V, "mle": mle,
            "moved": (mle - Fraction(count + 1, total + model.V)) / mle,
            "how_many_words": _HOW_MANY[model.V - 3]}


def _add_one_without_smoothing(sentences, word, prev, corpus, vocabulary):
    steps = _add_one_steps(sentences, word, prev, corpus, vocabulary)
    return steps["count"] / steps["total"]


def _add_one_without_unk(sentences, word, prev, corpus, vocabulary):
    steps = _add_one_steps(sentences, word, prev, corpus, vocabulary)
    return (steps["count"] + 1) / (steps["total"] + steps["V"] - 1)


def _add_one_words_only(sentences, word, prev, corpus, vocabulary):
    steps = _add_one_steps(sentences, word, prev, corpus, vocabulary)
    return (steps["count"] + 1) / (steps["total"] + steps["V"] - 3)


def _add_one_unseen(sentences, word, prev, corpus, vocabulary):
    steps = _add_one_steps(sentences, word, prev, corpus, vocabulary)
    return 1 / (steps["total"] + steps["V"])


def _kneser_ney_variant(rng):
    # a bigram seen at least once (the discount has something to take), a discount above the lesson's 0.5
    sentences = _random_sentences(rng)
    seen = sorted((h, w) for h, w in _bigram_counts(sentences) if h in _WORDS and w in _WORDS)
    prev, word = seen[int(rng.integers(len(seen)))]
    return {"sentences": sentences, "word": word, "prev": prev,
            "d": float(rng.choice([0.6, 0.7, 0.75, 0.8, 0.9]))}


def _kneser_ney_lesson_discount(sentences, word, prev, d):
    return _kneser_ney_bigram(sentences, word, prev, 0.5)


def _kneser_ney_as_nltk(sentences, word, prev, d):
    return float(_kneser_ney_steps(sentences, word, prev, d)["nltk"])


def _kneser_ney_no_lower(sentences, word, prev, d):
    steps = _kneser_ney_steps(sentences, word, prev, d)
    return max(steps["count"] - d, 0) / steps["total"]


def _kneser_ney_lower_at_lesson_discount(sentences, word, prev, d):
    steps = _kneser_ney_steps(sentences, word, prev, d)
    lower = _kneser_ney_steps(sentences, word, prev, 0.5)["lower"]
    return (max(steps["count"] - d, 0) + d * steps["types"] * float(lower)) / steps["total"]


def _as_fraction(p):
    # the models' probabilities here are ratios of small whole numbers; show them as such
    return Fraction(float(p)).limit_denominator(10_000)


def _kneser_ney_steps(sentences, word, prev, d):
    """The numbers of 04b.2's worked solution, and what nltk.lm computes instead."""
    model = NgramLM([list(s) for s in sentences], order=2, smoothing="kneser-ney", discount=d)
    bigrams = {pair for s in sentences for pair in zip(("<s>",) + tuple(s), tuple(s) + ("</s>",))}
    count, total = model.count(prev, word), model.context_count([prev])
    types = len({w for h, w in bigrams if h == prev})
    # nltk.lm's KneserNeyInterpolated: the continuation probability N1+(• w) / N1+(• •), not discounted,
    # and no uniform part below it
    continuation = Fraction(len({h for h, w in bigrams if w == word}), len(bigrams))
    d = Fraction(str(d))       # 0.75 as 3/4, not as the binary float's long fraction
    nltk_value = (max(count - d, 0) + d * types * continuation) / total
    return {"count": count, "total": total, "types": types,
            "cont": len({h for h, w in bigrams if w == word}), "bigram_types": len(bigrams),
            "with_continuation": len({w for h, w in bigrams}), "V": model.V,
            "lower": _as_fraction(model.prob(word, ["zebra"])),        # an unseen history falls back to P_1
            "kn": _as_fraction(model.prob(word, [prev])), "continuation": continuation, "nltk": nltk_value}


def _unk_steps(sentences, test):
    """The add-one probabilities of 04b.3's worked solution, with everything <UNK> and with min_count = 1."""
    steps = {}
    for name, m in (("unk", _ALL_UNK), ("full", 1)):
        model = NgramLM([list(s) for s in sentences], order=2, smoothing="laplace", min_count=m)
        table = model.predictions([list(test)])
        ratios = [(int(c) + 1, int(t) + model.V) for c, t in zip(table["count"], table["context_total"])]
        steps[f"{name}_V"] = model.V
        steps[f"{name}_p"] = ",\\ ".join(f"{a}/{b}" for a, b in ratios)
        inverse = Fraction(1)
        for a, b in ratios:
            inverse *= Fraction(b, a)
        steps[f"{name}_inverse"] = inverse
        steps[f"{name}_perplexity"] = model.perplexity([list(test)])
    return steps


# The threshold the question uses: above every count of the corpus, so every word becomes <UNK>.  (A small whole
# number stated in the question; any threshold above 3 gives the same model, so it is not an item of data.)
_ALL_UNK = 4


def _unk_lowers_perplexity(sentences, test):
    def pp(m):
        return NgramLM([list(s) for s in sentences], order=2, smoothing="laplace", min_count=m).perplexity([list(test)])
    return "lower" if pp(_ALL_UNK) < pp(1) else "higher"


def _inputs(rng):
    total = int(rng.integers(1, 30))
    count = int(rng.integers(0, total + 1))
    # inputs a corpus can have: the word is one of the T types after h, each of the other T - 1 seen at least
    # once, so count + T - 1 <= context_total (and T <= context_total when the word is unseen)
    types = int(rng.integers(1, total - count + 2)) if count else int(rng.integers(1, total + 1))
    return {"count": count, "context_total": total, "types": types,
            "lower": float(rng.uniform(0, 0.5)), "d": float(rng.uniform(0.05, 0.95))}


def _reference(count, context_total, types, lower, d):
    return kneser_ney_step(count, context_total, types, lower, d)


def _forgets_the_lower_order(count, context_total, types, lower, d):
    return max(count - d, 0) / context_total


def _discounts_only_once(count, context_total, types, lower, d):
    return (max(count - d, 0) + d * lower) / context_total


#: 04b.5's choices: which word Kneser-Ney prefers after a history it never saw.
_FREQUENT, _VERSATILE, _SAME, _NONE = (
    "francisco: it is the more frequent word",
    "glasses: it has followed more different words",
    "neither: the two words get the same probability",
    "neither: with no counts for the history, both get probability 0",
)


def _phrase_corpus(repeats, before_glasses):
    # `repeats` sentences "san francisco", and one sentence "<w> glasses" for each w of before_glasses
    if repeats < 1 or not before_glasses:
        raise ValueError("the corpus needs san francisco at least once and glasses after at least one word")
    return [["san", "francisco"]] * repeats + [[w, "glasses"] for w in before_glasses]


def _unseen_history_prefers(repeats, before_glasses, d):
    model = NgramLM(_phrase_corpus(repeats, before_glasses), order=2, smoothing="kneser-ney", discount=d)
    p_francisco, p_glasses = model.prob("francisco", ["zebra"]), model.prob("glasses", ["zebra"])
    if abs(p_francisco - p_glasses) < 1e-12:
        return _SAME
    return _VERSATILE if p_glasses > p_francisco else _FREQUENT


def _continuation_steps(repeats, before_glasses, d):
    """The numbers of 04b.5's worked solution: the continuation counts and what they give after *zebra*."""
    corpus = _phrase_corpus(repeats, before_glasses)
    kn = NgramLM(corpus, order=2, smoothing="kneser-ney", discount=d)
    add_one = NgramLM(corpus, order=2, smoothing="laplace")
    bigrams = {pair for s in corpus for pair in zip(["<s>"] + s, s + ["</s>"])}
    return {"cont_francisco": len({h for h, w in bigrams if w == "francisco"}),
            "cont_glasses": len({h for h, w in bigrams if w == "glasses"}),
            "bigram_types": len(bigrams),
            "with_continuation": len({w for h, w in bigrams}),
            "V": kn.V,
            "p_francisco": _as_fraction(kn.prob("francisco", ["zebra"])),
            "p_glasses": _as_fraction(kn.prob("glasses", ["zebra"])),
            "add_one": _as_fraction(add_one.prob("francisco", ["zebra"]))}


#: 04b.6's choices: which of two models, scored on training and on held-out text, predicts new text better.
_TRAINING, _HELD_OUT, _LONGER, _ORDERS = (
    "the 4-gram model: its perplexity on the training articles is lower",
    "the 3-gram model: its perplexity on the held-out articles is lower",
    "the 4-gram model: a model that sees a longer history cannot predict worse",
    "neither: perplexities of models of different orders cannot be compared",
)


def _predicts_new_text_better(train_3, train_4, held_3, held_4):
    # new text is what the held-out articles stand for; the training figures are the model's own counts read back
    if held_3 == held_4:
        raise ValueError("the two held-out perplexities are equal: neither model predicts new text better")
    return _HELD_OUT if held_3 < held_4 else "the 4-gram model: its perplexity on the held-out articles is lower"


# ---------------------------------------------------------------- 04b.7: Jelinek-Mercer by hand
_JM_WEIGHTS = ((0.1, 0.3, 0.6), (0.1, 0.2, 0.7), (0.2, 0.3, 0.5), (0.2, 0.2, 0.6), (0.1, 0.4, 0.5), (0.3, 0.3, 0.4))


def _jelinek_mercer_bigram(sentences, word, prev, l0, l1, l2):
    return NgramLM([list(s) for s in sentences], order=2, smoothing="interpolated",
                   lambdas=(l0, l1, l2)).prob(word, [prev])


def _jm_steps(sentences, word, prev, l0, l1, l2):
    """The numbers of 04b.7's worked solution: 1/V, the unigram and the bigram estimates, from the counts."""
    model = NgramLM([list(s) for s in sentences], order=2, smoothing="laplace")
    tokens = sum(len(s) + 1 for s in sentences)                   # every word and one </s> per sentence
    occurrences = sum(list(s).count(word) for s in sentences)
    count, total = model.count(prev, word), model.context_count([prev])
    return {"V": model.V, "tokens": tokens, "occurrences": occurrences, "count": count, "total": total,
            "unigram": Fraction(occurrences, tokens), "bigram": Fraction(count, total)}


def _jm_variant(rng):
    sentences = _random_sentences(rng)
    prev = str(rng.choice(_WORDS))
    word = str(rng.choice(_WORDS))
    l0, l1, l2 = _JM_WEIGHTS[int(rng.integers(len(_JM_WEIGHTS)))]
    return {"sentences": sentences, "word": word, "prev": prev, "l0": l0, "l1": l1, "l2": l2}


def _jm_no_uniform(sentences, word, prev, l0, l1, l2):
    steps = _jm_steps(sentences, word, prev, l0, l1, l2)
    return l1 * float(steps["unigram"]) + l2 * float(steps["bigram"])


def _jm_unigram_over_words(sentences, word, prev, l0, l1, l2):
    # the unigram estimate over the words alone, the </s> predictions left out
    steps = _jm_steps(sentences, word, prev, l0, l1, l2)
    words = steps["tokens"] - len(sentences)
    share = steps["occurrences"] / words
    return l0 / steps["V"] + l1 * share + l2 * float(steps["bigram"])


def _jm_bigram_only(sentences, word, prev, l0, l1, l2):
    return float(_jm_steps(sentences, word, prev, l0, l1, l2)["bigram"])


def _jm_v_of_words(sentences, word, prev, l0, l1, l2):
    # the uniform part over the three words only
    steps = _jm_steps(sentences, word, prev, l0, l1, l2)
    return l0 / 3 + l1 * float(steps["unigram"]) + l2 * float(steps["bigram"])


EXERCISES = [
    Exercise(
        key="04b.1",
        label="add-one P(</s> | {prev})",
        question="A bigram model with add-one smoothing is trained on {corpus} (each padded as "
                 "`<s> … </s>`; the vocabulary is {vocabulary}, `<s>`, `</s>` and `<UNK>`). What is "
                 "P(`{word}` | *{prev}*), the probability that a sentence ends right after *{prev}*?",
        data={"sentences": TWO_SENTENCES, "word": "</s>", "prev": "c", "corpus": _CORPUS_MD,
              "vocabulary": "*a, b, c*"},
        answer=_add_one_bigram,
        steps=_add_one_steps,
        solution="*{prev}* is followed by something {total} time(s) in the padded corpus, {count} of them by "
                 "`</s>`: c(*{prev}* `</s>`) = {count} and $c({prev}\\,\\bullet) = {total}$. "
                 "$V = {V}$ ({how_many_words} words, two boundary symbols, `<UNK>`). Add one to every count: "
                 "P(`</s>` | *{prev}*) = "
                 "({count} + 1) / ({total} + {V}) = {expected:.4f}. Without smoothing it would be {mle}: add-one "
                 "has moved {moved} of it to what was never seen after *{prev}*.",
        right=("0.2857", "0,286", "2/7", "28.6%", "0.29"),
        wrong=("1", "1/7", "0.33", "0.5"),   # no smoothing; c(c </s>) taken as 0; V = 5 or 3 (symbols left out)
        check={"min_sig_figs": 2, "percent": True},
        variant=_add_one_variant,
        mistakes=(_add_one_without_smoothing,     # the unsmoothed c(h </s>) / c(h •)
                  _add_one_without_unk,           # V - 1: <UNK> left out of the vocabulary
                  _add_one_words_only,            # V - 3: only the words, no boundary symbols
                  _add_one_unseen),               # c(h </s>) taken as 0, as if the bigram were unseen
    ),
    Exercise(
        key="04b.2",
        label="Kneser-Ney P({word} | {prev})",
        question=f"Now interpolated Kneser-Ney on {_CORPUS_TEMPLATE}, with a stronger discount than section 2's, "
                 "$d = {d}$. First compute the continuation probability of *{word}* one level down, $P_1({word})$, "
                 "with this discount, the way section 2 computes it (it is what an unseen history such as *zebra* "
                 "falls back to). What is $P_{{KN}}({word} \\mid {prev})$?",
        data={"sentences": TWO_SENTENCES, "word": "a", "prev": "b", "d": 0.75},
        answer=_kneser_ney_bigram,
        steps=_kneser_ney_steps,
        solution="One level down: *{word}* is seen after {cont} different left neighbour(s) (`<s>` included), "
                 "$N_{{1+}}(\\bullet\\,{word}) = {cont}$; "
                 "the padded corpus has {bigram_types} bigram types, {with_continuation} entries have a continuation "
                 "count, and $V = {V}$. So $P_1({word}) = [\\max({cont} - {d}, 0) + {d} \\cdot {with_continuation} / "
                 "{V}] / {bigram_types} = {lower}$.\n\n"
                 "After *{prev}*: $c({prev}\\,{word}) = {count}$, $c({prev}\\,\\bullet) = {total}$, $T = {types}$ "
                 "distinct follower(s). $P_{{KN}}({word} \\mid {prev}) = [\\max({count} - {d}, 0) + {d} \\cdot "
                 "{types} \\cdot {lower}] / {total} = {kn} = {expected:.4f}$. nltk.lm gives {nltk} here: it uses "
                 "the continuation probability {continuation} undiscounted and no uniform part.",
        right=("0.7188", "0,7188", "23/32", "0.719", "0.71875"),
        wrong=("0.8155", "0.7232", "0.7321", "0.625", "0.75"),   # d = 0.5; P_1 of d = 0.5; nltk's; no lower part
        check={"min_sig_figs": 3, "percent": True},
        variant=_kneser_ney_variant,
        mistakes=(_kneser_ney_lesson_discount,          # the lesson's d = 0.5 at both levels
                  _kneser_ney_lower_at_lesson_discount,  # P_1 computed with d = 0.5, the top level with d
                  _kneser_ney_as_nltk,                  # nltk.lm's undiscounted continuation probability
                  _kneser_ney_no_lower),                # the reserve d T left out: max(c - d, 0) / c(h •)
    ),
    Exercise(
        key="04b.7",
        label="Jelinek-Mercer P({word} | {prev})",
        question=f"Jelinek-Mercer on {_CORPUS_TEMPLATE}, each padded as `<s> … </s>`, with the vocabulary of "
                 "section 2 (the words, `<s>`, `</s>` and `<UNK>`). The weights are $\\lambda_0 = {l0}$ on the "
                 "uniform $1/V$, $\\lambda_1 = {l1}$ on the unigram estimate (the share of the predicted tokens, "
                 "every word and every `</s>`, that are *{word}*) and $\\lambda_2 = {l2}$ on the bigram estimate "
                 "$c({prev}\\,{word}) / c({prev}\\,\\bullet)$. What is $P_{{JM}}({word} \\mid {prev})$?",
        data={"sentences": TWO_SENTENCES, "word": "c", "prev": "a", "l0": 0.1, "l1": 0.3, "l2": 0.6},
        answer=_jelinek_mercer_bigram,
        steps=_jm_steps,
        solution="The uniform part: $V = {V}$, so $1/V = 1/{V}$. The unigram estimate: the padded corpus predicts "
                 "{tokens} tokens, and *{word}* is {occurrences} of them: ${unigram}$. The bigram estimate: "
                 "$c({prev}\\,{word}) = {count}$ of $c({prev}\\,\\bullet) = {total}$, so ${bigram}$. "
                 "$P_{{JM}}({word} \\mid {prev}) = {l0} \\cdot 1/{V} + {l1} \\cdot {unigram} + {l2} \\cdot "
                 "{bigram} = {expected:.4f}$. Every part is a distribution over the vocabulary, and the weights sum "
                 "to one, so the mixture is one too.",
        right=("0.2542", "0,2542", "61/240", "0.254"),
        wrong=("0.2375", "0.3333", "0.2667", "0.2"),   # no uniform part; the bigram alone; unigram over words; guess
        check={"min_sig_figs": 3, "percent": True},
        variant=_jm_variant,
        mistakes=(_jm_no_uniform, _jm_unigram_over_words, _jm_bigram_only, _jm_v_of_words),
    ),
    Prediction(
        key="04b.3",
        label="perplexity with everything <UNK>",
        question=f"Train an add-one bigram model on {_CORPUS_MD}, but with `min_count = 4`: no word occurs four "
                 "times, so every word becomes `<UNK>` and the model can tell no word from another. Is its "
                 "perplexity on the test sentence *b a c* lower or higher than that of the same model with "
                 "`min_count = 1`? Predict, then run.",
        data={"sentences": TWO_SENTENCES, "test": ("b", "a", "c")},
        answer=_unk_lowers_perplexity,
        choices=("lower", "higher"),
        steps=_unk_steps,
        solution="**{expected}.** With every word `<UNK>`, V = {unk_V} and the test sentence is `<s> <UNK> <UNK> "
                 "<UNK> </s>`: $P = {unk_p}$, perplexity $({unk_inverse})^{{1/4}} \\approx {unk_perplexity:.1f}$. "
                 "With `min_count = 1` (V = {full_V}), $P = {full_p}$, perplexity $({full_inverse})^{{1/4}} "
                 "\\approx {full_perplexity:.1f}$. The "
                 "model that knows no word at all scores better, because it was asked an easier question: "
                 "perplexities over different vocabularies cannot be compared.",
    ),
    Implement(
        key="04b.4",
        label="one Kneser-Ney step",
        question="Write `kn_step(count, context_total, types, lower, d)`: one level of interpolated Kneser-Ney, "
                 "$[\\max(a - d, 0) + d\\,T\\,P_{\\text{lower}}] / a(h\\,\\bullet)$, with `count` = $a(h\\,w)$, "
                 "`context_total` = $a(h\\,\\bullet)$ (at least 1 here), `types` = $T$, `lower` = "
                 "$P_{\\text{lower}}(w)$ and `d` the discount.",
        reference=_reference,
        inputs=_inputs,
        template="def kn_step(count, context_total, types, lower, d):\n    ...\n",
        solution="The body of `kn_step`:\n\n```python\n"
                 "    discounted = max(count - d, 0)          # what the seen n-gram keeps\n"
                 "    reserved = d * types                      # what the discount collected after h\n"
                 "    return (discounted + reserved * lower) / context_total\n```\n"
                 "The reserve $d\\,T$ is shared out in proportion to the lower-order probability, so the "
                 "probabilities after $h$ still add up to one.",
        wrong=(_forgets_the_lower_order, _discounts_only_once),
        trials=200,
        seed=15,
    ),
    Interpretation(
        key="04b.5",
        label="what the continuation count prefers",
        question="A bigram model with interpolated Kneser-Ney, $d = 0.75$, is trained on 6 sentences *san francisco* "
                 "and on *new glasses*, *my glasses* and *reading glasses*: *francisco* occurs 6 times, *glasses* "
                 "3 times. After a history the model never saw, such as *zebra*, which of the two words gets the "
                 "higher probability?",
        data={"repeats": 6, "before_glasses": ("new", "my", "reading"), "d": 0.75},
        answer=_unseen_history_prefers,
        steps=_continuation_steps,
        choices=(_FREQUENT, _VERSATILE, _SAME, _NONE),
        why={
            _FREQUENT: "that ranks words by how often they occur, as a plain unigram model would. Kneser-Ney's "
                       "lower level counts instead the different words seen before a word: *francisco* has "
                       "only *san* before it, however many of its {repeats} occurrences there are.",
            _VERSATILE: "after *zebra* there are no counts, so all the probability comes from the continuation "
                        "unigram, which counts distinct predecessors: {cont_glasses} for *glasses*, "
                        "{cont_francisco} for *francisco*. P(glasses | zebra) = {p_glasses}, P(francisco | zebra) "
                        "= {p_francisco}.",
            _SAME: "that is add-one's answer: after a history with no counts it gives every word (0 + 1) / (0 + V) "
                   "= {add_one}. Kneser-Ney hands the whole probability after an unseen history to its lower "
                   "level, and that level is not uniform.",
            _NONE: "that is the unsmoothed estimate. Kneser-Ney falls back to its lower levels, and the uniform "
                   "part at the bottom gives every word of the vocabulary some probability.",
        },
        solution="*zebra* was never seen, so $c(\\text{{zebra}}\\,\\bullet) = 0$ and the whole probability comes "
                 "from the continuation unigram $P_1$. Its counts are $N_{{1+}}(\\bullet\\,w)$, the number of "
                 "*different* words seen before $w$: {cont_francisco} for *francisco* (only *san*, however often "
                 "the phrase is repeated) and {cont_glasses} for *glasses* (*new*, *my*, *reading*). The corpus has "
                 "{bigram_types} bigram types, {with_continuation} entries have a continuation count, and "
                 "$V = {V}$:\n\n"
                 "$P_1(\\text{{francisco}}) = [({cont_francisco} - {d}) + {d} \\cdot {with_continuation} / {V}] / "
                 "{bigram_types} = {p_francisco}$, "
                 "$P_1(\\text{{glasses}}) = [({cont_glasses} - {d}) + {d} \\cdot {with_continuation} / {V}] / "
                 "{bigram_types} = {p_glasses}$.\n\n"
                 "**{expected}.** A word that is frequent only inside one fixed phrase is unlikely to turn up "
                 "after a history never seen; a word seen after many different words is likely to. A unigram "
                 "ranked by frequency would prefer *francisco*, and add-one would give both words {add_one}.",
    ),
    Interpretation(
        key="04b.6",
        label="training or held-out perplexity",
        question="Two smoothed n-gram models of news text, of orders 3 and 4, scored on their own training "
                 "articles, have perplexities 6.1 (order 3) and 3.1 (order 4); on held-out articles, 426.6 and "
                 "443.6. Which model would you expect to predict a new news article better?",
        data={"train_3": 6.1, "train_4": 3.1, "held_3": 426.6, "held_4": 443.6},
        answer=_predicts_new_text_better,
        choices=(_TRAINING, _HELD_OUT, _LONGER, _ORDERS),
        why={
            _TRAINING: "a perplexity on the training articles scores the model on the very n-grams it counted: "
                       "with a longer history, more of them were seen once and are simply read back. It falls "
                       "from {train_3} to {train_4} while the figure on unseen articles does not.",
            _HELD_OUT: "a new article is text the model never saw, and the held-out articles are exactly that: "
                       "there the 3-gram model scores {held_3} against {held_4}. The training figures say how well "
                       "each model recalls its own counts.",
            _LONGER: "the history is more information, but the model only knows it through counts, and most "
                     "held-out 4-grams never occur in training: their estimates rest on rare or absent counts, so "
                     "the longer model can predict worse, and here scores worse ({held_4} against {held_3}, on one "
                     "split).",
            _ORDERS: "both models predict the same held-out tokens, with the same vocabulary, `<UNK>` rule and "
                     "padding (one prediction per word and per `</s>`), so their perplexities answer the same "
                     "question. The order is part of the model, not of the text it is scored on.",
        },
        solution="Only the held-out figures measure prediction of text the model has not seen: the 3-gram model "
                 "scores {held_3}, the 4-gram model {held_4}, on the same predictions with the same vocabulary, "
                 "so **{expected}**. On the training articles the 4-gram model looks far better ({train_4} "
                 "against {train_3}): a longer history makes more training n-grams unique, and a model scored on "
                 "its own counts reads them back. That gap between training and held-out text is overfitting, "
                 "and it is why every perplexity in this notebook is measured on articles held out before "
                 "counting. How much better is another question: a gap this small on one split of the articles "
                 "wants the paired test of notebook 04d before it is called a win.",
    ),
]
