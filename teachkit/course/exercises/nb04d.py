"""Exercises of notebook 04d (smoothing as the toolkits do it): modified Kneser-Ney's D3+ from a count-of-counts
table, a back-off weight of back-off Kneser-Ney on a tiny corpus, a prediction of which smoother wins once the
out-of-vocabulary words are left out, and two questions on what the comparisons mean."""

from fractions import Fraction

import numpy as np

from ...corpora import lee_background
from ...lm.backoff import BackoffKneserNey, Katz
from ...lm.kneser_ney import modified_kneser_ney_discounts
from ...lm.ngram import NgramLM
from ...lm.smoothing import KneserNey
from . import Exercise, Interpretation, Prediction


# ---------------------------------------------------------------- 04d.1: D3+ from the count-of-counts
def _d3(n1, n2, n3, n4):
    return modified_kneser_ney_discounts([n1, n2, n3, n4])[2]


def _d3_steps(n1, n2, n3, n4):
    """The numbers of 04d.1's worked solution: Y and the three discounts."""
    d1, d2, d3 = modified_kneser_ney_discounts([n1, n2, n3, n4])
    return {"Y": n1 / (n1 + 2 * n2), "D1": d1, "D2": d2}


def _d3_variant(rng):
    # a count-of-counts shaped like a real one: each n_r a fraction of the one before; drawn again until the
    # discounts are well posed, D1 = Y < D2 < D3+ (the more often seen, the more it loses), and the worked
    # solution's closing sentence holds: D3+ is a smaller share of 3 than D1 is of 1
    while True:
        n1 = int(rng.integers(400, 40_000))
        n2 = max(2, int(n1 * rng.uniform(0.12, 0.4)))
        n3 = max(2, int(n2 * rng.uniform(0.25, 0.55)))
        n4 = max(1, int(n3 * rng.uniform(0.3, 0.7)))
        y = n1 / (n1 + 2 * n2)
        d2 = 2 - 3 * y * n3 / n2
        d3 = 3 - 4 * y * n4 / n3
        if y < d2 < d3 < 3 * y:
            return {"n1": n1, "n2": n2, "n3": n3, "n4": n4}


def _d3_y_without_two(n1, n2, n3, n4):
    # Y = n1 / (n1 + n2): the 2 in front of n2 forgotten
    return 3 - 4 * n1 / (n1 + n2) * n4 / n3


def _d3_three_not_four(n1, n2, n3, n4):
    # 3 - 3 Y n4 / n3: the pattern c - (c + 1) Y n_{c+1} / n_c read with c for c + 1
    return 3 - 3 * n1 / (n1 + 2 * n2) * n4 / n3


def _d3_one_discount(n1, n2, n3, n4):
    # Y itself, the single discount of interpolated Kneser-Ney (Ney et al.'s estimate)
    return n1 / (n1 + 2 * n2)


def _d3_upside_down(n1, n2, n3, n4):
    # n3 / n4 for n4 / n3
    return 3 - 4 * n1 / (n1 + 2 * n2) * n3 / n4


# ---------------------------------------------------------------- 04d.2: a back-off weight by hand
TWO_SENTENCES = (("a", "b", "a"), ("b", "a", "c"))
_HOW_MANY = {2: "two", 3: "three"}
_LETTERS = ("a", "b", "c", "e")     # no "d": d is the discount in the question


def _corpus_text(sentences):
    quoted = [f"*{' '.join(s)}*" for s in sentences]
    return f"the {_HOW_MANY[len(sentences)]} training sentences {', '.join(quoted[:-1])} and {quoted[-1]}"


def _check_stated(sentences, corpus):
    if corpus != _corpus_text(sentences):
        raise ValueError(f"the question's corpus {corpus!r} is not that of {sentences!r}")


def _backoff_weight(sentences, prev, d, corpus):
    _check_stated(sentences, corpus)
    model = NgramLM([list(s) for s in sentences], order=2, smoothing=BackoffKneserNey(d))
    # <UNK> is never seen after any history: its probability after prev is β(prev) times the level below, which
    # is what a history never seen (here "zebra", scored as <UNK>) passes through whole
    return model.prob("<UNK>", [prev]) / model.prob("<UNK>", ["zebra"])


def _pairs(sentences):
    counts = {}
    for s in sentences:
        for pair in zip(("<s>",) + tuple(s), tuple(s) + ("</s>",)):
            counts[pair] = counts.get(pair, 0) + 1
    return counts


def _backoff_steps(sentences, prev, d, corpus):
    """The numbers of 04d.2's worked solution, read from the model's counts."""
    _check_stated(sentences, corpus)
    model = NgramLM([list(s) for s in sentences], order=2, smoothing=BackoffKneserNey(d))
    followers = [w for w in model.vocabulary if model.count(prev, w) > 0]
    total = model.context_count([prev])
    d = Fraction(str(d))
    types = len(_pairs(sentences))
    before = {w: len({h for h, x in _pairs(sentences) if x == w}) for w in followers}
    lower_seen = sum(Fraction(before[w], 1) - d for w in followers) / types
    return {"total": total, "T": len(followers), "left": d * len(followers) / total, "bigram_types": types,
            "lower_seen": lower_seen, "followers": ", ".join(f"*{w}*" if w != "</s>" else "`</s>`"
                                                              for w in followers),
            "continuations": " + ".join(f"({before[w]} - {d})" for w in followers)}


def _backoff_variant(rng):
    while True:
        n = int(rng.integers(2, 4))
        sentences = tuple(tuple(str(w) for w in rng.choice(_LETTERS, size=int(rng.integers(2, 5))))
                          for _ in range(n))
        words = sorted({w for s in sentences for w in s})
        prev = str(rng.choice(words))
        return {"sentences": sentences, "prev": prev, "d": float(rng.choice([0.5, 0.6, 0.7, 0.75, 0.8, 0.9])),
                "corpus": _corpus_text(sentences)}


def _beta_left_only(sentences, prev, d, corpus):
    # the mass the discount took, d T / c(h •), not divided by what the lower level leaves to the unseen words
    steps = _backoff_steps(sentences, prev, d, corpus)
    return float(steps["left"])


def _beta_undiscounted_lower(sentences, prev, d, corpus):
    # the lower level's followers taken at N1+(• w) / N1+(• •), without its own discount
    steps = _backoff_steps(sentences, prev, d, corpus)
    undiscounted = steps["lower_seen"] + Fraction(str(d)) * steps["T"] / steps["bigram_types"]
    if undiscounted == 1:      # the followers of prev are every word with a continuation count: nothing left
        return float(steps["left"])
    return float(steps["left"] / (1 - undiscounted))


def _beta_raw_unigrams(sentences, prev, d, corpus):
    # the lower level taken as raw unigram frequencies c(w) / N (tokens and </s>), not continuation counts
    steps = _backoff_steps(sentences, prev, d, corpus)
    tokens = [w for s in sentences for w in s] + ["</s>"] * len(sentences)
    followers = {w for (h, w) in _pairs(sentences) if h == prev}
    seen = Fraction(sum(tokens.count(w) for w in followers), len(tokens))
    if seen == 1:              # every token is a follower of prev: nothing left
        return float(steps["left"])
    return float(steps["left"] / (1 - seen))


def _beta_interpolated_lower(sentences, prev, d, corpus):
    # 04b's interpolated unigram level: each follower's discounted continuation share plus its part of the uniform
    # 1/V, d T1 / N1+(• •) / V (T1 the words with a continuation count; V the words, <s>, </s> and <UNK>)
    steps = _backoff_steps(sentences, prev, d, corpus)
    continued = {w for (_, w) in _pairs(sentences)}
    V = len({w for s in sentences for w in s}) + 3
    uniform = Fraction(str(d)) * len(continued) / steps["bigram_types"] / V
    seen = steps["lower_seen"] + steps["T"] * uniform
    if seen >= 1:
        return float(steps["left"])
    return float(steps["left"] / (1 - seen))


# ---------------------------------------------------------------- 04d.3: which smoother wins without the OOVs
_KATZ, _KN, _TIE = ("Katz", "interpolated Kneser-Ney", "neither: they come out equal")


def _lee_split(train):
    articles = [list(a) for a in lee_background()]
    if not 0 < train < len(articles):
        raise ValueError(f"train must leave some of the {len(articles)} Lee articles held out, got {train}")
    return articles[:train], articles[train:]


def _perplexity_without_oov(model, held_out, vocabulary):
    # over the predictions of a word seen in training and of every </s>: the out-of-vocabulary words, scored as
    # <UNK>, are left out of the average (SRILM's and KenLM's "excluding OOVs"); their histories stay as they are
    predicted = [w for doc in held_out for w in list(doc) + ["</s>"]]
    keep = np.array([w == "</s>" or w in vocabulary for w in predicted])
    p = model.predictions(held_out)["probability"]
    return float(2 ** (-np.log2(p[keep]).mean()))


def _lower_without_oov(train, order, d):
    training, held_out = _lee_split(train)
    vocabulary = {w for doc in training for w in doc}
    katz = _perplexity_without_oov(NgramLM(training, order=order, smoothing=Katz()), held_out, vocabulary)
    kn = _perplexity_without_oov(NgramLM(training, order=order, smoothing=KneserNey(d)), held_out, vocabulary)
    if abs(katz - kn) < 1e-9 * kn:
        return _TIE
    return _KATZ if katz < kn else _KN


# ---------------------------------------------------------------- 04d.4: why a back-off model wins with the OOVs
_BETTER, _UNK_MASS, _KENLM, _DISCOUNT = (
    "Katz smooths better: its Good-Turing discounts fit these counts",
    "Katz gives <UNK> far more probability, and many held-out words are <UNK>",
    "the perplexity was computed under KenLM's conventions, which favour back-off models",
    "interpolated Kneser-Ney's discount of 0.75 is too small for this corpus",
)


def _why_katz_wins(p_unk_katz, p_unk_kn, oov_percent):
    if not 0 <= oov_percent <= 100 or not 0 < p_unk_kn < 1 or not 0 < p_unk_katz < 1:
        raise ValueError("the shares must be probabilities and a percentage")
    return _UNK_MASS if p_unk_katz > 10 * p_unk_kn and oov_percent >= 1 else _BETTER


# ---------------------------------------------------------------- 04d.5: an interval that holds 0
_EQUAL, _NOISE, _MORE, _EVERY = (
    "the two models are equally good",
    "on this much held-out text the difference cannot be told from which documents happened to be held out",
    "the model trained on more documents is the better one: its perplexity is the lower",
    "on all the held-out articles the interval would hold 0 too",
)
_SETTLED = "the first model is shown to be the better one: the interval leaves 0 out"


def _interval_reading(n, ratio, low, high):
    if not low <= high:
        raise ValueError("low must not exceed high")
    return _NOISE if low <= 0 <= high else _SETTLED


EXERCISES = [
    Exercise(
        key="04d.1",
        label="modified Kneser-Ney's D3+",
        question="The trigrams of a corpus have this count-of-counts: $n_1 = {n1:t}$ trigram types were seen once, "
                 "$n_2 = {n2:t}$ twice, $n_3 = {n3:t}$ three times and $n_4 = {n4:t}$ four times. What is Chen "
                 "& Goodman's discount $D_{{3+}}$ for these trigrams?",
        data={"n1": 5000, "n2": 1200, "n3": 500, "n4": 250},
        answer=_d3,
        steps=_d3_steps,
        solution="First $Y = n_1 / (n_1 + 2 n_2) = {n1} / ({n1} + 2 \\cdot {n2}) \\approx {Y:.4f}$. Each "
                 "discount is $D_c = c - (c + 1)\\, Y\\, n_{{c+1}} / n_c$, so "
                 "$D_{{3+}} = 3 - 4\\, Y\\, n_4 / n_3 = 3 - 4 \\cdot {Y:.4f} \\cdot {n4} / {n3} = {expected:.4f}$. "
                 "The same table gives $D_1 = {D1:.4f}$ and $D_2 = {D2:.4f}$: a trigram seen three times or more "
                 "loses more than one seen once, but a smaller share of its count.",
        right=("1.6486", "1,649", "1.649", "1.65", "61/37"),
        wrong=("0.6757", "1.9865", "1.3871", "2.0"),   # Y itself; 3 - 3Y n4/n3; Y with n1 + n2; a guess
        check={"min_sig_figs": 3},
        variant=_d3_variant,
        mistakes=(_d3_y_without_two, _d3_three_not_four, _d3_one_discount, _d3_upside_down),
    ),
    Exercise(
        key="04d.2",
        label="the back-off weight β({prev})",
        question="A bigram model with back-off Kneser-Ney, one discount $d = {d}$ at both levels, is trained on "
                 "{corpus} (each padded as `<s> … </s>`; the vocabulary adds `<s>`, `</s>` and `<UNK>`). The "
                 "unigram level uses continuation counts $N_{{1+}}(\\bullet\\, w)$, discounted by the same $d$, "
                 "and itself backs off to the uniform: a word with a continuation count gets exactly "
                 "$(N_{{1+}}(\\bullet\\, w) - d) / N_{{1+}}(\\bullet\\,\\bullet)$ there, with no uniform share "
                 "added (unlike 04b's interpolated model). What is the back-off weight $\\beta({prev})$ that "
                 "multiplies the unigram level for the words never seen after *{prev}*?",
        data={"sentences": TWO_SENTENCES, "prev": "a", "d": 0.75, "corpus": _corpus_text(TWO_SENTENCES)},
        answer=_backoff_weight,
        steps=_backoff_steps,
        solution="After *{prev}* the corpus has $c({prev}\\,\\bullet) = {total}$ followers, of $T = {T}$ kinds "
                 "({followers}). Each loses $d$, so the mass left for the unseen words is "
                 "$d\\,T / c({prev}\\,\\bullet) = {d} \\cdot {T} / {total} = {left}$. One level down, the "
                 "corpus has {bigram_types} bigram types, and the followers of *{prev}* take "
                 "$[{continuations}] / {bigram_types} = {lower_seen}$ of the unigram level. The weight spreads the "
                 "mass left over the rest of that level: $\\beta({prev}) = {left} / (1 - {lower_seen}) = "
                 "{expected:.4f}$. With it, P(w | *{prev}*) sums to one over the vocabulary. (Adding to each "
                 "follower the uniform share of 04b's interpolated unigram level would give a different, larger "
                 "weight: that is another model.)",
        right=("1.2353", "1,235", "1.235", "21/17"),
        wrong=("0.5", "0.6176", "0.7"),   # the mass left alone; raw unigram frequencies; a guess
        check={"min_sig_figs": 3},
        variant=_backoff_variant,
        mistakes=(_beta_left_only, _beta_undiscounted_lower, _beta_raw_unigrams, _beta_interpolated_lower),
    ),
    Prediction(
        key="04d.3",
        label="Katz or Kneser-Ney without the OOV words",
        question="Section 1's table scores a Katz trigram model and an interpolated Kneser-Ney trigram model "
                 "($d = 0.75$, order 3), both trained on the first 250 Lee articles, on the held-out "
                 "articles, and Katz wins by far. Now leave out of the perplexity every held-out word never seen in "
                 "training (each is scored as `<UNK>`), as SRILM and KenLM do when they report a perplexity "
                 "\"excluding OOVs\". Which model has the lower perplexity then? Predict, then run.",
        data={"train": 250, "order": 3, "d": 0.75},
        answer=_lower_without_oov,
        choices=(_KATZ, _KN, _TIE),
        right=(_KN,),
        wrong=(_KATZ, _TIE),
        solution="**{expected}.** The cell below the question prints both perplexities of both models: Katz's lead "
                 "comes from the held-out words never seen in training, and it turns round once they are left out. "
                 "Katz hands the unigram level's discounted mass to the "
                 "few unigrams never seen, `<UNK>` among them; interpolated Kneser-Ney spreads it over the whole "
                 "vocabulary. On the words both models know, Kneser-Ney predicts better, as Chen & Goodman found.",
    ),
    Interpretation(
        key="04d.4",
        label="why Katz wins with the OOV words",
        question="On the held-out Lee articles, a Katz trigram model has a much lower perplexity than an "
                 "interpolated Kneser-Ney one. After a history never seen, Katz gives `<UNK>` probability "
                 "0.032, Kneser-Ney 0.000024; 8.9 % of the held-out words were never seen in "
                 "training and are scored as `<UNK>`. What explains the gap?",
        data={"p_unk_katz": 0.032, "p_unk_kn": 0.000024, "oov_percent": 8.9},
        answer=_why_katz_wins,
        choices=(_BETTER, _UNK_MASS, _KENLM, _DISCOUNT),
        why={
            _BETTER: "a perplexity is an average over every prediction, and here a large share of the "
                     "predictions are one symbol, `<UNK>`: what each model gives that one symbol can decide the "
                     "average before the smoothing of any other word enters.",
            _UNK_MASS: "every `<UNK>` prediction costs Kneser-Ney about $\\log_2({p_unk_katz} / {p_unk_kn:f})$ "
                       "bits more than Katz, and {oov_percent} % of the predictions are `<UNK>`. The gap measures "
                       "where each model puts the mass it reserves.",
            _KENLM: "teachkit computed both perplexities itself, with the same predictions for both models; "
                    "KenLM's conventions only say which predictions count, and they are the same for both.",
            _DISCOUNT: "a larger discount would reserve more mass, but interpolated Kneser-Ney would still spread "
                       "it over the whole vocabulary, `<UNK>` getting one share of it.",
        },
        solution="**{expected}.** Katz backs off to a unigram level whose reserved mass goes to the few entries "
                 "never seen as unigrams, `<UNK>` among them, so `<UNK>` gets {p_unk_katz}; interpolated "
                 "Kneser-Ney spreads its reserve uniformly over the vocabulary, and `<UNK>` gets {p_unk_kn:f}. With "
                 "{oov_percent} % of the held-out words scored as `<UNK>`, that one probability weighs heavily in "
                 "the average. Compare smoothers on the same vocabulary and say how the out-of-vocabulary words "
                 "were counted.",
    ),
    Interpretation(
        key="04d.5",
        label="an interval that holds 0",
        question="Two Kneser-Ney bigram models are trained on two different parts of the training articles, the "
                 "first on more of them than the second, both over one common vocabulary (every word one of the "
                 "parts lacks is folded into one token, in the training parts and the held-out text alike). "
                 "Scored on only the first 5 held-out articles, the first's perplexity is 0.927 times the "
                 "second's, and the paired bootstrap interval of the difference in cross-entropy (first minus "
                 "second) runs from −0.383 to 0.152 bits per prediction. What does that say?",
        data={"n": 5, "ratio": 0.927, "low": -0.383, "high": 0.152},
        answer=_interval_reading,
        choices=(_EQUAL, _NOISE, _MORE, _EVERY, _SETTLED),
        why={
            _EQUAL: "an interval that holds 0 does not show the difference is 0: it holds values from {low} to "
                    "{high} bits. It says the data cannot tell, not that the models tie.",
            _NOISE: "resampling the {n} held-out documents moves the difference from {low} to {high} bits, on both "
                    "sides of 0: another held-out text like this one could reverse the order.",
            _MORE: "its perplexity is the lower on these articles, but the interval reaches {high} bits, above 0: "
                   "which model is better is exactly what it does not settle.",
            _EVERY: "an interval that holds 0 on {n} articles says nothing of what more text would show: it is "
                    "wide because {n} articles are few, and more held-out text narrows it (the table above has "
                    "the same two models on all the held-out articles).",
            _SETTLED: "an interval that leaves 0 out lies on one side of 0; this one runs from {low} to {high}.",
        },
        solution="**{expected}.** The interval runs from {low} to {high} bits, on both sides of 0. A perplexity "
                 "ratio of {ratio} looks like a difference, but resampling the {n} held-out documents (the same "
                 "draw for both models) moves it across 0. Report it as not shown either way, and hold out more "
                 "text before ranking the two: on all the held-out articles the same comparison leaves 0 out.",
    ),
]
