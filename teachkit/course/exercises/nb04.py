"""Exercises of notebook 04 (perplexity): Lidstone by hand, the <UNK> model, per token vs per prediction."""

import math
from fractions import Fraction

from ...lm.metrics import perplexity
from ...lm.bigram import BigramLM
from . import Exercise, Implement, Interpretation, Prediction

TRAINING = "Alice wonders what is happening in Wonderland"
UNSEEN = "Alice dreams about Wonderland"
MIXED = "Alice wonders what is in Wonderland"
#: Training sentences of the variants, each with its words once and "Alice" among them: 5 to 12 words, so that
#: V (and with it the answers) differs between variants.  None has a word of _VERBS or _LINKS below.
SENTENCES = (
    TRAINING,
    "Alice follows the White Rabbit",
    "Alice falls down a deep well",
    "Alice plays croquet with flamingos and the Queen",
    "Alice sits with the Mad Hatter and March Hare",
    "Alice follows a White Rabbit down its hole into Wonderland",
    "Alice eats a little cake marked EAT ME and grows tall",
    "Alice swims in a pool made from her own big salty tears",
)


def _best_alpha(training, test):
    # Closed form, not a search.  In the source notebook's model every training context occurs once, so a
    # known bigram gets (1 + a)/(1 + V a) and a new one a/(1 + V a).  With k known and m new bigrams,
    # d/da [k ln(1 + a) + m ln a - (k + m) ln(1 + V a)] = 0 simplifies to a = m / (k V - k - m).
    model = BigramLM(training.split(), alpha=1)
    rows = model.table(test.split())
    if any(r.context_count != 1 for r in rows):
        raise ValueError("the closed form needs every context of the test text to occur once in training.")
    known = sum(r.count > 0 for r in rows)
    new = len(rows) - known
    if not known or not new:
        raise ValueError("the perplexity has a minimum at some alpha > 0 only with a known and a new bigram.")
    return Fraction(new, known * model.V - known - new)


def _lidstone_steps(model, training, V, test, alpha):
    # The numbers of 04.1's worked solution, read from the model's own table of the three predictions.
    first, new, _ = BigramLM(training.split(), alpha=alpha).table(test.split())
    return {"c_first": first.context_count, "d_first": first.denominator,
            "d_new": new.denominator, "inv_first": 1 / first.probability, "inv_new": 1 / new.probability,
            "second": new.prev, "third": new.word}


def _best_alpha_steps(sentence, training, V, test, pointer):
    # The coefficients of 04.4's worked solution: k known and m new bigrams, V words.
    model = BigramLM(training.split(), alpha=1)
    rows = model.table(test.split())
    k = sum(r.count > 0 for r in rows)
    m = len(rows) - k
    V = model.V
    new = " and ".join(f"“{r.prev}” → “{r.word}”" for r in rows if r.count == 0)
    return {"k": k, "m": m, "k_plus_m": k + m, "square": (k + m) * V, "linear": k + m * (1 + V),
            "decimal": float(_best_alpha(training, test)), "new_ones": f"({new}) {'is' if m == 1 else 'are'} new"}


def _unk_model(training, alpha):
    # nltk.lm's conventions: unseen words become <UNK>, normalised by the bigrams that start with the context
    return BigramLM(training.split(), alpha=alpha, vocabulary="with-unk", denominator="context")


def _unk_steps(training, sentence, prev, word, alpha, smoothing):
    # The numbers of 04.2's worked solution, read from the model's own row for the bigram, and the training
    # bigram that starts with prev.
    model = _unk_model(training, alpha)
    (row,) = model.table([prev, word])
    words = training.split()
    return {"V": model.V, "n_words": model.V - 1, "context": row.context_count, "count": row.count,
            "follows": next(b for a, b in zip(words, words[1:]) if a == prev),
            "fraction": Fraction(row.numerator) / Fraction(row.denominator),
            "add_one": Fraction(_unk_model(training, 1).prob(prev, word)).limit_denominator(1000),
            # section 4's table shows add-one after "Alice" in the source notebook's sentence, and nothing else
            "table": " (section 4's table)" if training == TRAINING and prev == "Alice" else ""}


# ---------------------------------------------------------------- variants of the numeric exercises
#: Words the training sentence does not have, for test sentences "Alice <verb> <link> <end>" (04.1) and the
#: unseen word of 04.2.
_VERBS = ("dreams", "thinks", "talks", "sings", "reads", "writes", "hums", "wanders")
_LINKS = ("about", "of", "through", "beyond", "near", "across")
_ENDS = ("Wonderland", "rabbits", "tea", "cards", "gardens", "queens")


#: How 04.1's question introduces the model: kept as the source notebook trains it, or trained on another sentence.
_KEEP, _RETRAIN = "Keep the source notebook's model (trained on", "Retrain the source notebook's model (now on"


def _unseen_sentence(rng):
    # 04.1: a training sentence of 5 to 12 words; after "Alice" (seen once) come two words never seen, so every
    # bigram is new and only the first context has a count; alpha such that 1/alpha is a round number a person can
    # work with
    training = str(rng.choice(SENTENCES))
    test = f"Alice {rng.choice(_VERBS)} {rng.choice(_LINKS)} {rng.choice(_ENDS)}"
    alpha = [0.01, 0.02, 0.04, 0.05, 0.1, 0.2, 0.25, 0.5, 2, 4, 5, 10][int(rng.integers(0, 12))]
    return {"model": _KEEP if training == TRAINING else _RETRAIN, "training": training,
            "V": len(set(training.split())), "test": test, "alpha": alpha}


def _lidstone_perplexity(model, training, V, test, alpha):
    if (model == _KEEP) != (training == TRAINING):
        raise ValueError("only the source notebook's own training sentence keeps its model.")
    if V != len(set(training.split())):
        raise ValueError(f"V is the number of distinct training words, not {V}.")
    return perplexity(BigramLM(training.split(), alpha=alpha), test.split())


def _lidstone_by_hand(training, test, alpha, *, extra_v=0, per_token=False, root=True):
    # The source notebook's add-alpha model computed from the counts, for 04.1's mistakes: V with `extra_v` more
    # entries, divided by the tokens instead of the predictions, or the product of 1/P without its root.
    pairs, singles = _counts(training.split())
    V = len(singles) + extra_v
    words = test.split()
    inverse = math.prod((singles.get(prev, 0) + alpha * V) / (pairs.get((prev, w), 0) + alpha)
                        for prev, w in zip(words, words[1:]))
    if not root:
        return inverse
    return inverse ** (1 / (len(words) if per_token else len(words) - 1))


#: The names of add-alpha smoothing for 04.2's alphas.  Its variants skip 2, the declared one: its answer sits on a
#: rounding edge, 2/17 = 0.117647 typed to four figures is 0.1176 or, rounding 0.11765, 0.1177 (a variant whose
#: answer does is drawn again).
_ADD = {2: "add-two", 3: "add-three", 4: "add-four", 5: "add-five", 6: "add-six", 7: "add-seven", 8: "add-eight",
        9: "add-nine", 10: "add-ten", 12: "add-twelve"}


def _which_sentence(training):
    # how 04.2's question names its training sentence: the one of the exercises before, or another one, stated
    return "same training sentence" if training == TRAINING else f"training sentence “{training}”"


def _unk_bigram(rng):
    # 04.2: a training sentence of 5 to 12 words, a word of it that starts one training bigram, an unseen word after
    # it, a harder smoothing than add-one
    training = str(rng.choice(SENTENCES))
    alpha = int(rng.choice([3, 4, 5, 6, 7, 8, 9, 10, 12]))
    unseen = [w for w in _VERBS + _ENDS[1:] if w not in training.split()]
    return {"training": training, "sentence": _which_sentence(training), "prev": str(rng.choice(training.split()[:-1])),
            "word": str(rng.choice(unseen)), "alpha": alpha, "smoothing": _ADD[alpha]}


def _unk_probability(training, sentence, prev, word, alpha, smoothing):
    if _ADD.get(alpha) != smoothing:
        raise ValueError(f"{smoothing!r} is not the name of add-alpha smoothing with alpha = {alpha}.")
    if sentence != _which_sentence(training):
        raise ValueError(f"{sentence!r} does not name the training sentence {training!r}.")
    return _unk_model(training, alpha).prob(prev, word)


def _unk_slip(training, prev, alpha, *, count=0, unk=1):
    # 04.2's answer (count + alpha) / (context + alpha V) from the counts, with a slip: another count, another alpha,
    # or V without its <UNK> entry (unk=0); the context count is how many training bigrams start with prev
    words = training.split()
    context, V = sum(a == prev for a in words[:-1]), len(set(words)) + unk
    return (count + alpha) / (context + alpha * V)


def _known_and_new(training, test):
    # 04.4's mistakes: how many bigrams of test are training bigrams, how many are not, and V
    words, seen = test.split(), set(zip(training.split(), training.split()[1:]))
    known = sum(pair in seen for pair in zip(words, words[1:]))
    return known, len(words) - 1 - known, len(set(training.split()))


def _m_over(training, test, denominator):
    # m / denominator(k, m, V): 04.4's answer m / (kV - k - m) with the denominator of a slip
    k, m, V = _known_and_new(training, test)
    return Fraction(m, denominator(k, m, V))


#: Where 04.4's question points for the minimum: section 6 plots the mixed sentence only.
_CURVE = "The dashed curve of section 6 and the explorer show roughly where the minimum lies; find it"


def _model_of(training):
    # how 04.4's question names its training sentence: the one of the exercises before, or another one, stated
    return "same training sentence" if training == TRAINING else f"trained on “{training}”"


def _mixed_sentence(rng):
    # 04.4: a training sentence of 7 to 12 words (the shorter ones leave too few ways to mix) with up to two words
    # cut at its start and up to one at its end, and one to three words left out inside; each stretch of words left
    # out makes one new bigram, the rest are training bigrams (at least two training bigrams, as the worked
    # solution's "are known bigrams" says)
    training = str(rng.choice([s for s in SENTENCES if len(s.split()) >= 7]))
    words = training.split()
    while True:
        start, end = int(rng.integers(0, 3)), int(rng.integers(len(words) - 2, len(words)))
        inside = list(range(start + 1, end))
        size = min(len(inside), int(rng.integers(1, 4)))
        dropped = set(int(i) for i in rng.choice(inside, size=size, replace=False))
        test = " ".join(words[i] for i in range(start, end + 1) if i not in dropped)
        # a variant is never the exercise as written, nor another sentence with its answer (1/23)
        if _known_and_new(training, test)[0] >= 2 and _best_alpha(training, test) != _best_alpha(TRAINING, MIXED):
            curve = training == TRAINING and test == MIXED
            return {"sentence": _model_of(training), "training": training, "V": len(words), "test": test,
                    "pointer": _CURVE if curve else "Find it"}


def _best_alpha_of(sentence, training, V, test, pointer):
    if (pointer == _CURVE) != (training == TRAINING and test == MIXED):
        raise ValueError("section 6's curve is drawn for the mixed sentence only.")
    if sentence != _model_of(training):
        raise ValueError(f"{sentence!r} does not name the training sentence {training!r}.")
    if V != len(set(training.split())):
        raise ValueError(f"V is the number of distinct training words, not {V}.")
    return _best_alpha(training, test)


def _which_is_lower(training, test):
    model = BigramLM(training.split(), alpha=1)
    per_token = perplexity(model, test.split(), per="token")
    per_prediction = perplexity(model, test.split(), per="prediction")
    if abs(per_token - per_prediction) < 1e-12:
        return "the same"
    return "per token is lower" if per_token < per_prediction else "per token is higher"


def _bigram_perplexity(training, test, alpha):
    return perplexity(BigramLM(training, alpha=alpha), test)


_WORDS = ("a", "b", "c", "d", "e", "f")


def _sentence_inputs(rng):
    training = [str(w) for w in rng.choice(_WORDS[:5], size=int(rng.integers(4, 12)))]
    test = [str(w) for w in rng.choice(_WORDS, size=int(rng.integers(2, 8)))]
    return {"training": training, "test": test, "alpha": float(rng.choice([0.1, 0.5, 1.0, 2.0]))}


def _counts(training):
    pairs, singles = {}, {}
    for word in training:
        singles[word] = singles.get(word, 0) + 1
    for prev, word in zip(training, training[1:]):
        pairs[prev, word] = pairs.get((prev, word), 0) + 1
    return pairs, singles


def _per_token(training, test, alpha):
    # a typical mistake: the source notebook's exponent, N tokens instead of N - 1 predictions
    pairs, singles = _counts(training)
    V = len(singles)
    logp = 0.0
    for prev, word in zip(test, test[1:]):
        logp += math.log2((pairs.get((prev, word), 0) + alpha) / (singles.get(prev, 0) + alpha * V))
    return 2 ** (-logp / len(test))


def _without_alpha_v(training, test, alpha):
    # a typical mistake: adding alpha on top but forgetting alpha V below
    pairs, singles = _counts(training)
    logp = 0.0
    for prev, word in zip(test, test[1:]):
        logp += math.log2((pairs.get((prev, word), 0) + alpha) / (singles.get(prev, 0) + alpha))
    return 2 ** (-logp / (len(test) - 1))


#: 04.7's choices: what two perplexities say when one model keeps unseen words and the other maps them to <UNK>.
_LOWER_WINS, _UNEARNED, _HIGHER_SAFER, _ONE_ENTRY = (
    "the source notebook's model predicts new text better, since its perplexity is lower",
    "the two numbers cannot rank the models: the model without <UNK> gives unseen words probability it never "
    "set aside, so its lower perplexity is not earned",
    "nltk.lm's model is the better one, since a higher perplexity shows it is more careful with unseen words",
    "the two models are practically the same: one more vocabulary entry cannot move a perplexity by much",
)


def _two_vocabularies(training, alpha):
    # section 4's two ends: the source notebook's model and nltk.lm's
    kept = BigramLM(training.split(), alpha=alpha)
    unk = BigramLM(training.split(), alpha=alpha, vocabulary="with-unk", denominator="context")
    return kept, unk


def _which_model_is_better(training, test, alpha):
    kept, unk = _two_vocabularies(training, alpha)
    if all(w in kept.vocabulary for w in test.split()):
        raise ValueError("the test text has no unseen word: the two models then differ only in V.")
    if perplexity(kept, test.split()) < perplexity(unk, test.split()):
        return _UNEARNED
    raise ValueError("the model without <UNK> does not come out lower here.")


def _two_vocabularies_steps(training, test, alpha):
    kept, unk = _two_vocabularies(training, alpha)
    # the first prediction of the test text whose word the model without <UNK> has never seen
    row = next(r for r in kept.table(test.split()) if r.word not in kept.vocabulary)
    return {"pp_kept": perplexity(kept, test.split()), "pp_unk": perplexity(unk, test.split()),
            "p_unseen": row.probability,
            "row_plus": math.fsum([*(kept.prob(row.prev, w) for w in kept.vocabulary), row.probability])}


#: 04.8's choices: what a perplexity close to the vocabulary size says.
_UNIFORM, _CEILING, _SHORTLIST, _FIT = (
    "it predicts about as well as picking uniformly among its V words: its training counts hardly matter",
    "it does as badly as a model can, since a perplexity never exceeds the vocabulary size",
    "it has narrowed each next word down to a few candidates that fit, so it predicts well",
    "it fits its training sentence well, since it is scored on the very sentence it was trained on",
)


def _what_near_v_means(training, alpha):
    model = BigramLM(training.split(), alpha=alpha)
    if math.isclose(perplexity(model, training.split()), model.V, rel_tol=0.05):
        return _UNIFORM
    raise ValueError("the perplexity is not close to V here.")


def _near_v_steps(training, alpha):
    model = BigramLM(training.split(), alpha=alpha)
    rows = model.table(training.split())
    pp = perplexity(model, training.split())
    return {"V": model.V, "p_each": rows[0].probability, "pp": pp, "ratio": pp / model.V,
            "pp_add_one": perplexity(BigramLM(training.split(), alpha=1), training.split())}


EXERCISES = [
    Exercise(
        key="04.1",
        label="perplexity per prediction, α = {alpha}",
        question="{model} “{training}”, "
                 "$V$ = the {V} training words, denominator $c(\\text{{prev}}) + \\alpha V$) but use "
                 "$\\alpha = {alpha}$. What is the perplexity **per prediction** of “{test}”? Work out the "
                 "three probabilities first.",
        data={"model": _KEEP, "training": TRAINING, "V": 7, "test": UNSEEN, "alpha": 0.5},
        answer=_lidstone_perplexity,
        steps=_lidstone_steps,
        solution="After “Alice” the denominator is {c_first} + {alpha}·{V} = {d_first:g}; after “{second}” and "
                 "“{third}” (never seen) it is 0 + {alpha}·{V} = {d_new:g}. Every numerator is 0 + {alpha}. So "
                 "P = {alpha}/{d_first:g}, {alpha}/{d_new:g}, {alpha}/{d_new:g} and the perplexity is "
                 "({inv_first:g} · {inv_new:g} · {inv_new:g})^(1/3) = {expected:.4f}.",
        right=("7.61", "7,61", "7.612", "7.6"),
        wrong=("7.32", "4.58", "7.62", "441"),
        variant=_unseen_sentence,
        mistakes=(lambda model, training, V, test, alpha: _lidstone_by_hand(training, test, alpha,
                                                                            per_token=True),     # per token
                  lambda model, training, V, test, alpha: _lidstone_by_hand(training, test, 1),   # add-one
                  lambda model, training, V, test, alpha: _lidstone_by_hand(training, test, alpha,
                                                                            extra_v=1),          # V with <UNK>
                  lambda model, training, V, test, alpha: _lidstone_by_hand(training, test, alpha,
                                                                            root=False)),        # no root
    ),
    Exercise(
        key="04.2",
        label="P({word} | {prev}), {smoothing}, under nltk.lm's conventions",
        question="Switch to the `nltk.lm` conventions, `vocabulary=\"with-unk\"` and `denominator=\"context\"`, "
                 "and smooth harder: {smoothing}, $\\alpha = {alpha}$, {sentence}. What is "
                 "$P(\\text{{{word}}} \\mid \\text{{{prev}}})$? (Hint: first ask what *{word}* becomes, how many "
                 "bigrams in training start with *{prev}*, and how many entries the vocabulary has now.)",
        data={"training": TRAINING, "sentence": "same training sentence", "prev": "Alice", "word": "dreams", "alpha": 2,
              "smoothing": "add-two"},
        answer=_unk_probability,
        steps=_unk_steps,
        solution="*{word}* is not a training word, so the bigram is *{prev}* → `<UNK>`, and $V$ = {n_words} training "
                 "words + `<UNK>` = {V}. One training bigram starts with *{prev}* (*{prev} {follows}*), so the "
                 "context count is {context}, and none is *{prev}* `<UNK>`: its count is {count}. P = ({count} + "
                 "{alpha}) / ({context} + {alpha} · {V}) = {fraction} = {expected:.4f}. Add-one gives the same "
                 "bigram {add_one}{table}: the more smoothing, the more probability goes to unseen words.",
        right=("0.1176", "2/17", "0,118", "0.12", "11.8%"),
        # add-one (section 4); V = 7 without <UNK>; context count 0; alpha left out of the numerator; count 1
        wrong=("1/9", "0.1333", "0.125", "1/17", "3/17"),
        check={"percent": True},   # a share of a whole, so a percentage is one way to write it
        variant=_unk_bigram,
        mistakes=(lambda training, sentence, prev, word, alpha, smoothing: _unk_slip(training, prev, 1),   # add-one
                  # V without <UNK>
                  lambda training, sentence, prev, word, alpha, smoothing: _unk_slip(training, prev, alpha, unk=0),
                  # the context's one training bigram taken for this one: count 1
                  lambda training, sentence, prev, word, alpha, smoothing: _unk_slip(training, prev, alpha, count=1)),
    ),
    Exercise(
        key="04.3",
        label="per-prediction perplexity",
        question="A colleague reports a per-token perplexity of {pp_token:.1f} for a single unpadded sentence of "
                 "$N = {n_tokens}$ "
                 "tokens scored by a bigram model. What is the per-prediction perplexity of the same sentence? "
                 "Use only the relation from section 3.",
        data={"pp_token": 5.0, "n_tokens": 9},
        answer=lambda pp_token, n_tokens: pp_token ** (n_tokens / (n_tokens - 1)),
        steps=lambda pp_token, n_tokens: {"predictions": n_tokens - 1},
        solution="{n_tokens} tokens give {predictions} predictions, so $\\log_2 PP_{{token}} = "
                 "\\frac{{N-1}}{{N}} \\log_2 PP_{{prediction}}$, i.e. $PP_{{prediction}} = PP_{{token}}^{{N/(N-1)}}$ "
                 "= {pp_token:g} ** ({n_tokens}/{predictions}) = {expected:.4f}: higher, because the same total "
                 "surprise is shared by fewer predictions.",
        right=("6.114", "6,114", "6.11", "6.1142"),
        # unchanged; the exponent upside down; 5·9/8; the lesson's; 5^(10/8)
        wrong=("5", "4.18", "5.625", "4.0", "7.48"),
        check={"min_sig_figs": 3},
        variant=lambda rng: {"pp_token": int(rng.integers(5, 41)) / 2, "n_tokens": int(rng.integers(4, 26))},
        mistakes=(lambda pp_token, n_tokens: pp_token,                                   # left as it is
                  lambda pp_token, n_tokens: pp_token ** ((n_tokens - 1) / n_tokens),    # the exponent upside down
                  lambda pp_token, n_tokens: pp_token * n_tokens / (n_tokens - 1),       # scaled, not raised
                  lambda pp_token, n_tokens: pp_token ** ((n_tokens + 1) / (n_tokens - 1))),   # N + 1 over N - 1
    ),
    Exercise(
        key="04.4",
        label="α with the lowest perplexity on the held-out sentence",
        question="Under the source notebook's model ({sentence}, $V = {V}$), which $\\alpha$ gives the "
                 "lowest per-prediction perplexity on “{test}”? {pointer} by setting the derivative "
                 "of the log-likelihood to zero.",
        data={"sentence": "same training sentence", "training": TRAINING, "V": 7, "test": MIXED, "pointer": _CURVE},
        answer=_best_alpha_of,
        steps=_best_alpha_steps,
        solution="Of the {k_plus_m} predictions, {k} are known bigrams, (1 + α)/(1 + {V}α) each, and {m} "
                 "{new_ones}, "
                 "α/(1 + {V}α). Minimising the perplexity means maximising "
                 "f(α) = {k} ln(1 + α) + {m} ln α − {k_plus_m} ln(1 + {V}α). Setting "
                 "f′(α) = {k}/(1 + α) + {m}/α − {square}/(1 + {V}α) to 0 and multiplying by α(1 + α)(1 + {V}α) "
                 "gives {square}α² + {linear}α + {m} = {square}α² + {square}α, so α = {expected} ≈ {decimal:.4f}.",
        right=("0.0435", "1/23", "0,0435", "0.04348"),
        wrong=("0.05", "0.04", "0.1", "1"),
        check={"min_sig_figs": 3},
        variant=_mixed_sentence,
        mistakes=(lambda sentence, training, V, test, pointer: _m_over(training, test,
                                                                       lambda k, m, V: k * (V - 1)),  # - m lost
                  lambda sentence, training, V, test, pointer: _m_over(training, test,
                                                                       lambda k, m, V: k * V - m),    # - k lost
                  # solved for 1/alpha
                  lambda sentence, training, V, test, pointer: 1 / _m_over(training, test,
                                                                           lambda k, m, V: k * V - k - m)),
    ),
    Prediction(
        key="04.6",
        label="per token or per prediction",
        question="The source notebook divides the log-probabilities of its 6 predictions by the 7 tokens of the "
                 "training sentence. Predict before you run: compared with the standard per-prediction "
                 "perplexity, is its per-token perplexity lower, higher or the same?",
        data={"training": TRAINING, "test": TRAINING},
        answer=_which_is_lower,
        choices=("per token is lower", "the same", "per token is higher"),
        solution="{expected}: dividing the same sum of surprises by more (N instead of N − 1) makes the average "
                 "surprise smaller, as if the first word had been predicted with certainty.",
    ),
    Implement(
        key="04.5",
        label="bigram perplexity",
        question="Write `my_perplexity(training, test, alpha)`: train the source notebook's add-α bigram model on "
                 "the token list `training` ($P(w \\mid prev) = (c(prev, w) + \\alpha) / (c(prev) + \\alpha V)$, "
                 "$c(prev)$ = how often prev occurs in training, $V$ = number of distinct training words, unseen "
                 "words kept as themselves with count 0) and return the perplexity **per prediction** of the "
                 "token list `test`. The check compares it with teachkit's `perplexity(BigramLM(training, "
                 "alpha=alpha), test)` on 200 random pairs of sentences.",
        reference=_bigram_perplexity,
        inputs=_sentence_inputs,
        template=("def my_perplexity(training, test, alpha):\n"
                  "    # 1. count bigrams c(prev, w) and words c(prev) in training;\n"
                  "    #    V = distinct training words\n"
                  "    # 2. sum log2 P(w | prev) over the bigrams of test\n"
                  "    # 3. perplexity = 2 ** (-sum / number of predictions)\n"
                  "    return ...\n"),
        wrong=(_per_token, _without_alpha_v),
        solution="```python\nimport math\nfrom collections import Counter\n\n"
                 "def bigram_perplexity(training, test, alpha):   # your my_perplexity\n"
                 "    pairs = Counter(zip(training, training[1:]))\n"
                 "    words = Counter(training)\n"
                 "    V = len(words)\n"
                 "    log2_sum = sum(math.log2((pairs[prev, w] + alpha) / (words[prev] + alpha * V))\n"
                 "                   for prev, w in zip(test, test[1:]))\n"
                 "    return 2 ** (-log2_sum / (len(test) - 1))\n```\n\n"
                 "A test text of N tokens gives N − 1 predictions; dividing by N is the source notebook's "
                 "per-token convention.",
    ),
    Interpretation(
        key="04.7",
        label="a lower perplexity with another vocabulary",
        question="Train section 4's two add-one models ($\\alpha = 1$) on “Alice wonders what is happening in "
                 "Wonderland”: the source notebook's, which keeps an unseen word as itself ($V = 7$), and "
                 "`nltk.lm`'s, which maps it to `<UNK>` ($V = 8$). Compare their per-prediction perplexities on "
                 "“Alice dreams about Wonderland”. Which conclusion follows?",
        data={"training": TRAINING, "test": UNSEEN, "alpha": 1},
        answer=_which_model_is_better,
        steps=_two_vocabularies_steps,
        choices=(_LOWER_WINS, _UNEARNED, _HIGHER_SAFER, _ONE_ENTRY),
        why={
            _LOWER_WINS: "“lower is better” ranks only models that each give out a total probability of at most "
                         "1. After *Alice* the source model's seven training words already take all of it, and "
                         "*dreams* gets {p_unseen:.3f} on top: {row_plus:.3f} in all.",
            _UNEARNED: "after *Alice* its seven training words share all the probability, and *dreams* gets "
                       "{p_unseen:.3f} more ({row_plus:.3f} in all): every unseen word is paid with probability "
                       "the model does not have, so {pp_kept:.2f} against {pp_unk:.2f} does not say which model "
                       "predicts better.",
            _HIGHER_SAFER: "a higher perplexity is never a merit in itself: it means less probability for the words "
                           "that came. The `<UNK>` model is the honest one, but its {pp_unk:.2f} against "
                           "{pp_kept:.2f} does not show that it predicts better either.",
            _ONE_ENTRY: "V sits in every denominator: one more entry takes each prediction down a step, and the "
                        "perplexity moves from {pp_kept:.2f} to {pp_unk:.2f}.",
        },
        solution="Per prediction the source notebook's model gives {pp_kept:.4f} and `nltk.lm`'s {pp_unk:.4f}. The "
                 "lower number is not earned: without `<UNK>` the seven training words already share all the "
                 "probability after *Alice*, and the unseen *dreams* still gets {p_unseen:.3f}, so that row gives "
                 "out {row_plus:.3f} in all, more than there is. Every unseen word is scored with probability "
                 "the model never set aside, and the more unseen words a text has, the more its perplexity is "
                 "flattered. “Lower is better” compares models that are proper distributions over the same "
                 "words; to rank these two, give both the same vocabulary with `<UNK>` (as `nltk.lm` does) and "
                 "compare again.",
    ),
    Interpretation(
        key="04.8",
        label="a perplexity close to V",
        question="Smooth the source notebook's model very hard: the same training sentence ($V = 7$ words), add-α "
                 "with $\\alpha = 100$. Compute its per-prediction perplexity on its own training sentence (each "
                 "of the six predictions is $(1 + \\alpha)/(1 + \\alpha V)$, or use `perplexity`) and compare it "
                 "with $V$. What does the result say about the model?",
        data={"training": TRAINING, "alpha": 100},
        answer=_what_near_v_means,
        steps=_near_v_steps,
        choices=(_SHORTLIST, _CEILING, _FIT, _UNIFORM),
        why={
            _UNIFORM: "every prediction gets (1 + {alpha})/(1 + {alpha}·{V}) = {p_each:.4f}, barely above "
                      "1/{V}: the counts of one each are swamped by the pseudo-count {alpha}. A model that gives "
                      "every word 1/{V} has perplexity exactly {V}; this one has {pp:.2f}.",
            _CEILING: "perplexity has no ceiling at V: a prediction given less than 1/V is worse than a uniform "
                      "guess, and section 2's held-out sentence climbs far above V as α shrinks. V marks a "
                      "uniform guess, not the worst case.",
            _SHORTLIST: "perplexity reads as the number of equally likely words the model hesitates between: "
                        "{pp:.2f}, with V = {V}, is nearly every word it knows, not a short list.",
            _FIT: "scoring the training text measures fit, and this fit is poor: the pseudo-count {alpha} "
                  "swamps counts of one each. With add-one the same sentence scores {pp_add_one:g}, and as α "
                  "falls towards 0 its perplexity falls towards 1.",
        },
        solution="Every one of the six predictions is a training bigram seen once after a context seen once: "
                 "P = (1 + {alpha})/(1 + {alpha}·{V}) = {p_each:.4f}, so the perplexity is 1/P = {pp:.4f}, "
                 "{ratio:.1%} of V = {V}. A model that gives every word 1/V has perplexity exactly V (section 1), "
                 "so this model is hardly better than a uniform guess over its vocabulary, even on the sentence "
                 "it was trained on: a pseudo-count of {alpha} drowns counts of one. V is no bound either way: "
                 "with add-one the same sentence scores {pp_add_one:g}, and section 2's held-out sentence goes "
                 "far above V when α is tiny. A perplexity near V says the model has learnt next to nothing.",
    ),
]
