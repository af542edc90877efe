"""Exercises of notebook 04c (a neural language model): one softmax probability and its log-loss by hand,
a per-token perplexity turned into bits per character, chunked against strided evaluation, the per-byte
conversion written by the student, and two questions on what the numbers mean: a low perplexity on text the
model trained on, and two models with different tokens set side by side."""

import functools
import math

from ...corpora import lee_background
from ...lm.neural import Evaluation, NeuralLM, bits_per_byte, softmax
from . import Exercise, Implement, Interpretation, Prediction


def _log_loss(z_e, z_a, z_o, true):
    # logits of the next character after "th" for e, a, o (and a vanishing rest); the true next one
    p = softmax([z_e, z_a, z_o])
    return -math.log(float(p[{"e": 0, "a": 1, "o": 2}[true]]))


def _log_loss_steps(z_e, z_a, z_o, true):
    p = softmax([z_e, z_a, z_o])
    total = sum(math.exp(z) for z in (z_e, z_a, z_o))
    return {"exp_e": math.exp(z_e), "exp_a": math.exp(z_a), "exp_o": math.exp(z_o), "total": total,
            "p_true": float(p[1])}


def _log_loss_variant(rng):
    # in tenths: z_e is the largest logit, 1.5 to 3 above z_a, so that P(a) stays under a fifth (as the solution
    # says) and above 0.04; z_o lies 0.5 to 2.5 below z_a
    z_a = int(rng.integers(-10, 16))
    return {"z_e": (z_a + int(rng.integers(15, 31))) / 10, "z_a": z_a / 10,
            "z_o": (z_a - int(rng.integers(5, 26))) / 10, "true": "a"}


def _probability_not_loss(z_e, z_a, z_o, true):
    return math.exp(-_log_loss(z_e, z_a, z_o, true))


def _loss_of_the_likeliest(z_e, z_a, z_o, true):
    return _log_loss(z_e, z_a, z_o, "e")


def _log_loss_in_bits(z_e, z_a, z_o, true):
    return _log_loss(z_e, z_a, z_o, true) / math.log(2)


def _log_loss_sign_dropped(z_e, z_a, z_o, true):
    return -_log_loss(z_e, z_a, z_o, true)


def _bpc_variant(rng):
    # a word model: 4 to 7 characters per prediction (a word and its space), perplexities of 40 to 490
    predictions = int(rng.integers(10, 100)) * 50
    return {"perplexity": int(rng.integers(4, 50)) * 10, "predictions": predictions,
            "characters": int(rng.integers(predictions * 4 // 100, predictions * 7 // 100 + 1)) * 100}


def _bits_per_prediction(perplexity, predictions, characters):
    return math.log2(perplexity)


def _nats_per_character(perplexity, predictions, characters):
    return predictions * math.log(perplexity) / characters


def _perplexity_per_character(perplexity, predictions, characters):
    return perplexity * predictions / characters


def _bits_per_character(perplexity, predictions, characters):
    nats = predictions * math.log(perplexity)
    return Evaluation(nats, predictions, characters, characters, predictions).bits_per_character


def _bpc_steps(perplexity, predictions, characters):
    return {"bits_each": math.log2(perplexity), "bits_total": predictions * math.log2(perplexity)}


@functools.cache
def _small_model():
    # A small character model (context 3) trained for one epoch on the first 40 Lee articles: enough to
    # make context worth something.  Cached: the answer below is asked for many times.
    texts = [" ".join(doc) for doc in lee_background()[:40]]
    lm = NeuralLM(texts[:30], "char", context=3, embedding=8, hidden=32, seed=0)
    lm.fit(texts[:30], epochs=1, batch_size=64, learning_rate=0.02)
    return lm, texts[30:]


def _chunks_or_stride(chunk, stride):
    lm, held = _small_model()
    chunked = lm.evaluate(held, chunk=chunk).perplexity
    strided = lm.evaluate(held, chunk=chunk, stride=stride).perplexity
    if math.isclose(chunked, strided, rel_tol=1e-12):
        return "the same"
    return "independent chunks" if chunked < strided else f"stride {stride}"


def _inputs(rng):
    return {"total_nats": float(rng.uniform(0, 1e6)), "n_bytes": int(rng.integers(1, 10**7))}


def _reference(total_nats, n_bytes):
    return bits_per_byte(total_nats, n_bytes)


def _nats_per_byte(total_nats, n_bytes):
    return total_nats / n_bytes


def _log10_instead(total_nats, n_bytes):
    return total_nats / (n_bytes * math.log(10))


# ---------------------------------------------------------------- 04c.7: the forward pass, written out
def _forward_inputs(rng):
    # a tiny network: V symbols, a context of k, embeddings of d numbers, H hidden units; ids in the context
    V, k, d, H = (int(rng.integers(3, 7)), int(rng.integers(1, 4)), int(rng.integers(2, 5)),
                  int(rng.integers(2, 6)))
    return {"context": [int(i) for i in rng.integers(0, V, size=k)],
            "E": rng.normal(0, 1, (V, d)), "W1": rng.normal(0, 0.7, (k * d, H)), "b1": rng.normal(0, 0.3, H),
            "W2": rng.normal(0, 1.5, (H, V)), "b2": _far_logits(rng, V)}


def _far_logits(rng, V):
    # output biases: one trial in five moves every logit near 1000, where exp overflows unless the largest logit is
    # subtracted; one in five puts one logit 1000 above the rest and one in ten one 1000 below, where subtracting
    # any other logit than the largest (the smallest, say) still overflows
    b2, draw, j = rng.normal(0, 0.3, V), rng.random(), int(rng.integers(0, V))
    if draw < 0.2:
        b2 += 1000.0
    elif draw < 0.4:
        b2[j] += 1000.0
    elif draw < 0.5:
        b2[j] -= 1000.0
    return b2


def _forward_reference(context, E, W1, b1, W2, b2):
    # NeuralLM's own forward pass (teachkit.neural_lm), on these parameters: one context, one row
    import numpy as np

    model = NeuralLM.__new__(NeuralLM)          # no training text needed: only the parameters are read
    model.params = {"E": np.asarray(E), "W1": np.asarray(W1), "b1": np.asarray(b1), "W2": np.asarray(W2),
                    "b2": np.asarray(b2)}
    model.context, model.V = len(context), len(model.params["E"])     # what log_probs checks the ids against
    return np.exp(model.log_probs(np.array([context]))[0])


def _forward_without_tanh(context, E, W1, b1, W2, b2):
    import numpy as np

    x = np.concatenate([np.asarray(E)[i] for i in context])
    return softmax((x @ W1 + b1) @ W2 + b2)


def _forward_logits(context, E, W1, b1, W2, b2):
    import numpy as np

    x = np.concatenate([np.asarray(E)[i] for i in context])
    return np.tanh(x @ W1 + b1) @ W2 + b2              # the scores, not yet a distribution


def _forward_without_max_shift(context, E, W1, b1, W2, b2):
    import numpy as np

    x = np.concatenate([np.asarray(E)[i] for i in context])
    z = np.tanh(x @ W1 + b1) @ W2 + b2
    with np.errstate(over="ignore", invalid="ignore"):
        return np.exp(z) / np.exp(z).sum()           # inf / inf = nan once the logits are large


def _forward_min_shift(context, E, W1, b1, W2, b2):
    import numpy as np

    x = np.concatenate([np.asarray(E)[i] for i in context])
    z = np.tanh(x @ W1 + b1) @ W2 + b2
    with np.errstate(over="ignore", invalid="ignore"):
        return np.exp(z - z.min()) / np.exp(z - z.min()).sum()   # the smallest logit: inf once they are far apart


def _forward_summed_embeddings(context, E, W1, b1, W2, b2):
    import numpy as np

    x = np.sum([np.asarray(E)[i] for i in context], axis=0)     # added, not put side by side
    x = np.tile(x, len(context))
    return softmax(np.tanh(x @ W1 + b1) @ W2 + b2)


#: 04c.5's choices: what a low perplexity on text the model was trained on says.
_BETTER, _RECALL, _EASY, _OVERFIT = (
    "the model predicts news text better than its held-out figure says",
    "it overstates how well the model predicts new text: part of it is the model recalling articles it was "
    "fitted to",
    "those articles are easier to predict than the held-out ones",
    "the model overfits, so its held-out figure cannot be trusted either",
)

#: 04c.6's choices: which of two models with different tokens predicts one text better.
_PER_TOKEN, _FEWER_BITS, _FEWER_PREDICTIONS, _NEVER = (
    "the subword model: its perplexity per token is lower",
    "the word model: it spends fewer bits per character of the text",
    "the word model: it needs fewer predictions for the same text",
    "neither can be said: models with different tokens cannot be compared",
)


def _evaluation(perplexity, predictions, characters):
    # a model's figures on the text, from its perplexity per token and its number of predictions
    return Evaluation(predictions * math.log(perplexity), predictions, characters, characters, predictions)


def _fewer_bits_per_character(characters, sub_tokens, sub_ppl, words, word_ppl):
    sub = _evaluation(sub_ppl, sub_tokens, characters).bits_per_character
    word = _evaluation(word_ppl, words, characters).bits_per_character
    if math.isclose(sub, word, rel_tol=1e-12):
        raise ValueError("the two models spend the same bits per character: neither predicts the text better")
    return _FEWER_BITS if word < sub else "the subword model: it spends fewer bits per character of the text"


def _bits_steps(characters, sub_tokens, sub_ppl, words, word_ppl):
    sub, word = _evaluation(sub_ppl, sub_tokens, characters), _evaluation(word_ppl, words, characters)
    return {"sub_bits_each": sub.cross_entropy_bits, "word_bits_each": word.cross_entropy_bits,
            "sub_bits": sub.cross_entropy_bits * sub_tokens, "word_bits": word.cross_entropy_bits * words,
            "sub_bpc": sub.bits_per_character, "word_bpc": word.bits_per_character}


EXERCISES = [
    Exercise(
        key="04c.1",
        label="log-loss of one prediction",
        question="After the context *th*, a character model's output layer gives the logits $z_e = {z_e}$, "
                 "$z_a = {z_a}$ and $z_o = {z_o}$ (every other character's logit is so low that it does not "
                 "count). The next character is in fact *{true}*. What is the log-loss $-\\ln P(a)$, in nats?",
        data={"z_e": 2.0, "z_a": 0.5, "z_o": -1.0, "true": "a"},
        answer=_log_loss,
        steps=_log_loss_steps,
        solution="The softmax turns logits into probabilities: $P(a) = e^{{z_a}} / (e^{{z_e}} + e^{{z_a}} + "
                 "e^{{z_o}}) = {exp_a:.4f} / ({exp_e:.4f} + {exp_a:.4f} + {exp_o:.4f}) = {exp_a:.4f} / "
                 "{total:.4f} = {p_true:.4f}$. The log-loss is $-\\ln {p_true:.4f} = {expected:.4f}$ nats: the "
                 "model gave the right character less than a fifth of its probability. Training lowers the "
                 "mean of exactly this number over every position of the text.",
        right=("1.7413", "1,7413", "1.74", "1.741"),
        wrong=("0.1753", "0.2413", "-1.7413", "2.5122"),
        check={"min_sig_figs": 3},
        variant=_log_loss_variant,
        mistakes=(_probability_not_loss,      # P(a) itself, not -ln P(a)
                  _loss_of_the_likeliest,     # -ln P(e): the loss of the character with the largest logit
                  _log_loss_sign_dropped,     # ln P(a), the minus sign forgotten
                  _log_loss_in_bits),         # -log2 P(a): bits, not nats
    ),
    Exercise(
        key="04c.2",
        label="bits per character",
        question="A word model reaches a perplexity of {perplexity} per prediction on a held-out text: "
                 "{predictions:,} predictions (the words and one end symbol per document) on a text of "
                 "{characters:,} characters. How many bits per character is that?",
        data={"perplexity": 180, "predictions": 1250, "characters": 7000},
        answer=_bits_per_character,
        steps=_bpc_steps,
        solution="Perplexity {perplexity} means $\\log_2 {perplexity} = {bits_each:.4f}$ bits per prediction; over "
                 "{predictions} predictions that is {bits_total:.1f} bits for the whole text. Spread over its "
                 "{characters} characters: ${bits_total:.1f} / {characters} = {expected:.4f}$ bits per character. "
                 "The total is what the model spent on the text; only the denominator changes, and characters "
                 "are the same for every model of this text, whatever its tokens.",
        right=("1.3378", "1,3378", "1.34", "1.338"),
        wrong=("7.4919", "7.49", "0.9273", "1.0703"),
        check={"min_sig_figs": 3},
        variant=_bpc_variant,
        mistakes=(_bits_per_prediction,         # log2 of the perplexity, not spread over the characters
                  _nats_per_character,          # ln instead of log2: nats per character
                  _perplexity_per_character),   # the perplexity itself spread over the characters
    ),
    Prediction(
        key="04c.3",
        label="chunks or a stride",
        question="A character model with a context of 3 characters scores the same held-out text twice: cut into "
                 "independent chunks of 16 characters, and with windows of 16 characters that start every 8 "
                 "characters (each window scores only the characters no earlier window scored). Which gives the "
                 "lower perplexity? Predict, then run.",
        data={"chunk": 16, "stride": 8},
        answer=_chunks_or_stride,
        choices=("independent chunks", "stride 8", "the same"),
        solution="**{expected}.** In independent chunks the first characters of every chunk are predicted "
                 "with the context cut off (the model sees boundary symbols instead of the characters before). "
                 "With a stride of {stride}, every character after the first window is scored in a window that "
                 "holds at least {stride} characters before it, more than the model's context, so every "
                 "character gets its full context and the perplexity is that of the whole text read as one "
                 "stream. The price: every character is computed twice, since the windows overlap by half.",
    ),
    Implement(
        key="04c.4",
        label="bits per byte",
        question="Write `bits_per_byte(total_nats, n_bytes)`: a text's total negative log-probability "
                 "`total_nats` (in nats, summed over every prediction of any model) turned into bits per byte "
                 "of the text, `n_bytes` its size in bytes.",
        reference=_reference,
        inputs=_inputs,
        template="def bits_per_byte(total_nats, n_bytes):\n    ...\n",
        solution="The body of `bits_per_byte`:\n\n```python\n"
                 "    import math\n"
                 "    total_bits = total_nats / math.log(2)   # nats to bits: divide by ln 2\n"
                 "    return total_bits / n_bytes              # per byte of the text, not per token\n```\n"
                 "Dividing by bytes instead of tokens is what lets a character model, a word model and a "
                 "subword model be compared on one text.",
        wrong=(_nats_per_byte, _log10_instead),
        trials=200,
        seed=4,
    ),
    Implement(
        key="04c.7",
        label="the forward pass",
        question="Write `next_symbol_probs(context, E, W1, b1, W2, b2)`: section 2's forward pass for one "
                 "context. `context` is a list of the $k$ previous symbols' ids, `E` the embedding table (one "
                 "row of $d$ numbers per symbol), `W1`, `b1` the hidden layer and `W2`, `b2` the output layer "
                 "(numpy arrays). Return $P(\\cdot \\mid \\text{context})$, one probability per symbol of the "
                 "vocabulary: $x = [E_{s_{t-k}}; \\dots; E_{s_{t-1}}]$, $h = \\tanh(x W_1 + b_1)$, "
                 "$z = h W_2 + b_2$, then the softmax of $z$. The logits can be large (the check tries some near "
                 "1000, where $e^{z}$ overflows, and some 1000 apart): subtract the largest logit before "
                 "exponentiating, which leaves "
                 "the softmax unchanged.",
        reference=_forward_reference,
        inputs=_forward_inputs,
        template="import numpy as np\n\ndef next_symbol_probs(context, E, W1, b1, W2, b2):\n    ...\n",
        solution="The body of `next_symbol_probs`:\n\n```python\n"
                 "    x = np.concatenate([E[i] for i in context])   # the k embeddings side by side\n"
                 "    h = np.tanh(x @ W1 + b1)                        # the hidden layer\n"
                 "    z = h @ W2 + b2                                 # one logit per symbol\n"
                 "    z = z - z.max()                                 # the same softmax, no overflow\n"
                 "    return np.exp(z) / np.exp(z).sum()\n```\n"
                 "The embeddings are put side by side, not added: the model must know which position each "
                 "symbol holds. Subtracting the largest logit changes nothing in the result (it cancels "
                 "between numerator and denominator) but keeps `exp` from overflowing.",
        wrong=(_forward_without_tanh, _forward_logits, _forward_summed_embeddings, _forward_without_max_shift,
               _forward_min_shift),
        trials=200,
        seed=7,
    ),
    Interpretation(
        key="04c.5",
        label="a low perplexity on training text",
        question="A colleague scores the character model of section 3 on a collection of news articles and reports "
                 "a perplexity per character well below its figure on the held-out articles. Then you learn that "
                 "most of the colleague's articles were among the model's training articles. What does the low "
                 "figure tell you?",
        data={},
        answer=lambda: _RECALL,
        choices=(_BETTER, _RECALL, _EASY, _OVERFIT),
        why={
            _BETTER: "a lower perplexity means a better model only on text the model has not seen. On its own "
                     "training articles the model is scored on what it was fitted to, and section 3's curves "
                     "show such text scoring lower than held-out text after every epoch.",
            _RECALL: "training lowers the log-loss on exactly those articles, so a score on them mixes recall with "
                     "prediction; only text the model never saw, like the held-out articles, measures prediction.",
            _EASY: "how easy a text is belongs to the text, but this drop comes from the model having seen it: a "
                   "model that never saw those articles would get no such advantage on them. Their difficulty is "
                   "judged with a model that did not train on them.",
            _OVERFIT: "the held-out figure was computed on articles the model never saw, so it stays a fair "
                      "measure of prediction whatever happened on the training text. Overfitting shows in the gap "
                      "between training and held-out figures, not in a score on training text alone.",
        },
        solution="The colleague's articles are mostly training text, and training lowers the log-loss on exactly "
                 "the text it is run on: section 3's training curve lies below the held-out curve after every "
                 "epoch. So the low figure is partly the model recalling those articles and overstates how well it "
                 "predicts text it has not seen. This is test-set contamination: it does not make the model worse, "
                 "nor the held-out figure wrong, and it says nothing about the articles being easy. To measure "
                 "prediction, score only articles that were held out before training; with a large pretrained "
                 "model, whose training data are unknown, check a test set for overlap before trusting a low "
                 "number.",
    ),
    Interpretation(
        key="04c.6",
        label="two tokenizers, one text",
        question="Two models score the same held-out text of 50,000 characters, and both spell out every word "
                 "they do not know, so nothing is left as `<UNK>`. A subword model makes 14,000 predictions with "
                 "a perplexity of 25 per token; a word model makes 9,000 predictions with a perplexity of 60 per "
                 "word. Which model predicts this text better?",
        data={"characters": 50_000, "sub_tokens": 14_000, "sub_ppl": 25, "words": 9_000, "word_ppl": 60},
        answer=_fewer_bits_per_character,
        steps=_bits_steps,
        choices=(_PER_TOKEN, _FEWER_BITS, _FEWER_PREDICTIONS, _NEVER),
        why={
            _PER_TOKEN: "a perplexity per token averages over the model's own predictions, and the two models cut "
                        "the text into different numbers of them, {sub_tokens:,} against {words:,}. A piece of a "
                        "word is easier to guess than a whole word, so a lower figure per token says nothing about "
                        "the text as a whole.",
            _FEWER_BITS: "each model's total is its predictions times the bits of each: {sub_bits:,.0f} bits for "
                         "the subword model, {word_bits:,.0f} for the word model. Over the same {characters:,} "
                         "characters that is {sub_bpc:.3f} against {word_bpc:.3f} bits per character.",
            _FEWER_PREDICTIONS: "fewer predictions are not by themselves cheaper, since each can cost more: here a "
                                "word costs {word_bits_each:.2f} bits and a subword token {sub_bits_each:.2f}. "
                                "Only the total over the text decides, and a model with fewer, costlier "
                                "predictions can lose.",
            _NEVER: "per token they cannot, but both spend a total number of bits on the same {characters:,} "
                    "characters: divided by the characters, their figures are in one unit and can be set side "
                    "by side.",
        },
        solution="A perplexity of $P$ per token is $\\log_2 P$ bits per prediction. The subword model spends "
                 "$\\log_2 {sub_ppl} = {sub_bits_each:.4f}$ bits on each of {sub_tokens:,} predictions, "
                 "{sub_bits:,.0f} bits in all; the word model $\\log_2 {word_ppl} = {word_bits_each:.4f}$ bits on "
                 "each of {words:,}, {word_bits:,.0f} bits in all. Both totals are spent on the same {characters:,} "
                 "characters: {sub_bpc:.3f} against {word_bpc:.3f} bits per character, so **{expected}**. "
                 "The per-token perplexities point the other way because they divide by different numbers of "
                 "predictions; bits per character (or per byte) divide the one text by one number, which is what "
                 "makes models with different tokenizers comparable.",
    ),
]
