"""Bigram language models with add-α smoothing, and their perplexity.

``teachkit.lm_metrics`` is the *function* below (the package re-exports it),
so reach the module's data with ``from teachkit.lm_metrics import
SEED_TRAINING, SEED_UNSEEN, SEED_PRINTED_PERPLEXITY``.

The model
---------
A bigram model predicts each word from the word just before it.  With
add-α smoothing (Laplace for α = 1, Lidstone for any other α >= 0)::

                        c(prev, word) + α
    P(word | prev) = ----------------------
                        d(prev)   +  α·V

* ``c(prev, word)``: how often the bigram occurs in the training text;
* ``V``: the vocabulary size (see ``vocabulary`` below);
* ``d(prev)``: the count that normalises the row of ``prev`` (see
  ``denominator`` below).

Tokens are compared exactly as given: nothing is lowercased, so ``"Alice"``
and ``"alice"`` are two different words (the seed notebook works this way).
Use :func:`teachkit.tokenize` first if you want lowercased tokens.

Two choices, two traditions
---------------------------
``vocabulary="training"`` (the seed notebook)
    V = the number of distinct training tokens.  A test word never seen in
    training stays itself: its count is 0, so it gets ``α / (d(prev) + α·V)``
    on top of the mass already shared among the V training words (so, counted
    over training and unseen words together, a row can sum to more than 1).
``vocabulary="with-unk"`` (nltk.lm)
    Every unseen test word is replaced by ``<UNK>``, and ``<UNK>`` is one more
    vocabulary entry: V = training types + 1.

``denominator="unigram"`` (the seed notebook)
    d(prev) = c(prev), how often ``prev`` occurs in training.  A word that ends
    a training sentence occurs once more than it starts a bigram, so its row
    does not sum to one: after the last training word ``w`` the probabilities
    over the V words add up to ``α·V / (c(w) + α·V)`` < 1 (5/6 after "mat" in
    "the cat sat on the mat", α = 1, V = 5).  Acceptable for a demo, not a
    proper probability distribution.
``denominator="context"`` (nltk.lm)
    d(prev) = the number of training bigrams that start with ``prev``.  Every
    row now sums to one over the vocabulary.

``pad=True`` writes ``<s>`` before and ``</s>`` after every sentence, as
``nltk.lm.preprocessing.pad_both_ends(sentence, n=2)`` does, so the first word
is predicted too (from ``<s>``) and so is the end of the sentence.  Both
symbols are vocabulary entries and count in V, as in nltk.lm.

Correspondence with nltk.lm: ``BigramLM(train, alpha=γ, vocabulary="with-unk",
denominator="context", pad=p)`` gives the same probabilities and perplexity as
``nltk.lm.Lidstone(γ, 2)`` (``Laplace(2)`` for γ = 1) fitted on the bigrams of
each (padded, if p) training sentence with ``vocabulary_text`` = all
(padded) training tokens and nltk's default ``unk_cutoff=1``: nltk's V counts
every training type, plus ``<s>`` and ``</s>`` when padded, plus ``<UNK>``.
nltk's ``perplexity`` takes the list of bigrams of the (padded) test text.
Bigrams never cross a sentence boundary, in training or in testing.

Perplexity, and the seed's normalisation
----------------------------------------
Over the M bigrams ``(w_{i-1}, w_i)`` of a test text::

    H  = -(1/M) · Σ log2 P(w_i | w_{i-1})        (cross-entropy, bits per prediction)
    PP = 2^H

``per="prediction"`` (the default) divides by M, the number of probabilities
actually multiplied: this is the standard definition and nltk.lm's.
``per="token"`` divides by N, the number of tokens, as the seed notebook does.
Without padding a sentence of N tokens has only N - 1 bigrams: its first word
is never predicted (a bigram model has no left context for it, and no P(w_1)
term is computed).  Dividing N - 1 log-probabilities by N is like scoring the
first word with probability 1, so the result is too low::

    log2 PP_token = (N - 1)/N · log2 PP_prediction      (one sentence)

For the seed (α = 1, V = 7, test words case-sensitive):

* training text itself, 6 bigrams each (1 + 1)/(1 + 7) = 1/4:
  per token 2^(12/7) = 3.2813414240305514 (the printed value);
  per prediction 2^(12/6) = 4.0.
* "Alice dreams about Wonderland": P = 1/8, 1/7, 1/7, product 1/392:
  per token 392^(1/4) = 4.449605586254059 (printed);
  per prediction 392^(1/3) = 7.318611420045942.

With the nltk.lm configuration (``"with-unk"``, ``"context"``, V = 8) the
same texts give 9/2 = 4.5 (every P = 2/9) and 576^(1/3) ≈ 8.3203 (P = 1/9,
1/8, 1/8: "dreams" and "about" are both ``<UNK>``); padded as well (V = 10)
they give 11/2 = 5.5 and 33275^(1/5) ≈ 8.0246 (P = 2/11, 1/11, 1/10, 1/10,
2/11), per prediction.  Computed in floating point these come out within an
ulp or two (4.500000000000001, 5.499999999999998).

Zero probabilities
------------------
With α = 0 an unseen bigram gets probability 0 and the perplexity is
infinite.  :func:`perplexity` and :func:`cross_entropy` then return
``math.inf`` and emit a :class:`ZeroProbabilityWarning` naming the bigram
(this is the lesson: smoothing exists so this cannot happen).  With α = 0
and d(prev) = 0 the probability is 0/0, undefined: :meth:`BigramLM.prob`
raises ``ValueError``.  Nothing here ever returns NaN.

Examples
--------
>>> from teachkit.lm_metrics import SEED_PRINTED_PERPLEXITY, SEED_TRAINING, SEED_UNSEEN
>>> lm = BigramLM(SEED_TRAINING)
>>> lm.V
7
>>> lm.prob("Alice", "wonders")          # (1 + 1) / (1 + 7)
0.25
>>> perplexity(lm, SEED_TRAINING)
4.0
>>> perplexity(lm, SEED_TRAINING, per="token") == SEED_PRINTED_PERPLEXITY["training text"]
True
"""

from __future__ import annotations

import math
import numbers
import warnings
from collections import Counter
from dataclasses import dataclass

from ._checks import check_choice

__all__ = [
    "BigramLM", "Vocabulary", "BigramRow", "perplexity", "cross_entropy", "ZeroProbabilityWarning",
    "SEED_TRAINING", "SEED_UNSEEN", "SEED_PRINTED_PERPLEXITY",
    "START", "END", "UNK",
]

START, END, UNK = "<s>", "</s>", "<UNK>"

# The seed notebook's example and what it printed live in teachkit.documents.catalogue (one place for the documents' data),
# read from there when first asked for: the formulas of this module load no example data.
_FROM_THE_DOCUMENTS = {"SEED_TRAINING": "PERPLEXITY_TRAINING", "SEED_UNSEEN": "PERPLEXITY_UNSEEN",
                       "SEED_PRINTED_PERPLEXITY": "PERPLEXITY_PRINTED"}


def __getattr__(name):
    if name in _FROM_THE_DOCUMENTS:
        from .documents import catalogue as worked

        return getattr(worked, _FROM_THE_DOCUMENTS[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

VOCABULARIES = ("training", "with-unk")
DENOMINATORS = ("unigram", "context")
PER = ("prediction", "token")


class ZeroProbabilityWarning(UserWarning):
    """A test bigram has probability 0 (α = 0), so the perplexity is infinite."""


def _sentences(tokens, name):
    """Return ``tokens`` as a list of sentences (tuples of str).

    A flat sequence of strings is one sentence; a sequence of sequences of
    strings is several.  Bigrams are never formed across sentences.
    """
    if isinstance(tokens, str):
        raise TypeError(
            f"{name} must be a list of tokens such as {tokens.split()[:3]!r}, not one string. "
            "Split it first, e.g. text.split() or teachkit.tokenize(text)."
        )
    try:
        items = list(tokens)
    except TypeError:
        raise TypeError(f"{name} must be a list of string tokens, got {type(tokens).__name__}.") from None
    if not any(isinstance(t, (list, tuple)) for t in items):
        sentences = [items]          # one sentence; its tokens are checked below
    else:
        sentences = []
        for i, sent in enumerate(items):
            if not isinstance(sent, (list, tuple)):
                raise TypeError(
                    f"{name} must hold only strings (one sentence) or only lists of strings "
                    f"(several sentences); item {i} is {type(sent).__name__} {sent!r}."
                )
            sentences.append(list(sent))
    for s, sent in enumerate(sentences):
        for i, tok in enumerate(sent):
            if not isinstance(tok, str):
                where = f"token {i}" if len(sentences) == 1 else f"token {i} of sentence {s}"
                raise TypeError(f"{name}: {where} is {type(tok).__name__} {tok!r}; every token must be a string.")
    if not any(sentences):
        raise ValueError(f"{name} is empty: give at least one token.")
    return [tuple(sent) for sent in sentences]


class Vocabulary:
    """The words a :class:`BigramLM` knows, and how it looks test words up.

    Parameters
    ----------
    words : iterable of str
        Training types (duplicates are ignored; first-seen order is kept).
    unk_label : str or None
        ``None``: unseen words stay themselves and V = number of types.
        ``"<UNK>"``: unseen words become ``"<UNK>"``, which is counted in V.
    """

    def __init__(self, words, unk_label=None):
        self.unk_label = unk_label
        types = list(dict.fromkeys(words))
        self.words = tuple(types + ([unk_label] if unk_label is not None else []))
        self._known = frozenset(self.words)

    def __len__(self):
        return len(self.words)

    def __iter__(self):
        return iter(self.words)

    def __contains__(self, word):
        return word in self._known

    def lookup(self, word):
        """``word`` itself if known (or if there is no unknown label), else the unknown label."""
        return word if self.unk_label is None or word in self._known else self.unk_label

    def __repr__(self):
        return f"Vocabulary(V={len(self)}, unk_label={self.unk_label!r})"


@dataclass(frozen=True)
class BigramRow:
    """One line of the hand calculation: ``P(word | prev) = numerator / denominator``.

    ``prev`` and ``word`` are the tokens as in the (padded) test text;
    ``scored_as`` is the bigram the model looked up (unseen words as ``<UNK>``
    with ``vocabulary="with-unk"``).  ``numerator = count + α`` and
    ``denominator = context_count + α·V``.
    """

    prev: str
    word: str
    scored_as: tuple
    count: int
    context_count: int
    numerator: float
    denominator: float
    probability: float
    log2_probability: float


class BigramLM:
    """A bigram language model with add-α (Laplace / Lidstone) smoothing.

    ``P(word | prev) = (c(prev, word) + α) / (d(prev) + α·V)``; see the module
    docstring for the meaning of each choice and the nltk.lm correspondence.

    Parameters
    ----------
    tokens : list of str, or list of list of str
        Training text: one sentence, or several (bigrams stay inside a sentence).
        Case-sensitive; nothing is lowercased.
    alpha : float, default 1.0
        Pseudo-count α >= 0 added to every bigram count (1 = Laplace).
    vocabulary : {"training", "with-unk"}
        ``"training"``: V = training types, unseen words stay themselves (seed
        notebook).  ``"with-unk"``: unseen words map to ``<UNK>``, counted in V
        (nltk.lm).
    denominator : {"unigram", "context"}
        ``"unigram"``: d(prev) = c(prev), the seed's choice; the probabilities
        after a sentence-final training word then sum to less than 1.
        ``"context"``: d(prev) = number of training bigrams starting with prev
        (nltk.lm); every row sums to 1.
    pad : bool
        Add ``<s>`` / ``</s>`` around each sentence (training and test), as
        ``nltk.lm.preprocessing.pad_both_ends(sent, n=2)``; both count in V.

    Attributes
    ----------
    vocabulary : Vocabulary
    V : int
        Vocabulary size used in the denominator.
    unigram_counts, bigram_counts, context_counts : collections.Counter
        c(w), c(prev, word) and the number of bigrams starting with prev.
    sentences : list of tuple
        The (padded) training sentences the counts come from.

    Examples
    --------
    >>> lm = BigramLM(["the", "cat", "sat", "on", "the", "mat"])
    >>> lm.V, lm.count("the"), lm.count("the", "cat")
    (5, 2, 1)
    >>> lm.prob("the", "cat")                     # (1 + 1) / (2 + 5) = 2/7
    0.2857142857142857
    """

    def __init__(self, tokens, alpha=1.0, vocabulary="training", denominator="unigram", pad=False):
        check_choice(vocabulary, "vocabulary", VOCABULARIES)
        check_choice(denominator, "denominator", DENOMINATORS)
        if not isinstance(pad, bool):
            raise TypeError(f"pad must be True or False, got {pad!r}.")
        if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real):
            raise TypeError(f"alpha must be a number (the pseudo-count added to every bigram), got {alpha!r}.")
        # float(10**400) would raise OverflowError; only a Python int can be that large
        # (and comparing a numpy float with 2**1024 would itself overflow).
        too_large = isinstance(alpha, numbers.Integral) and abs(int(alpha)) >= 2**1024
        alpha = math.inf if too_large else float(alpha)
        if not math.isfinite(alpha) or alpha < 0:
            raise ValueError(
                f"alpha must be a finite number >= 0, got {alpha!r}. It is a pseudo-count added to every "
                "bigram count: 1 for Laplace, between 0 and 1 for Lidstone, 0 for no smoothing."
            )
        sentences = _sentences(tokens, "tokens")
        if vocabulary == "with-unk" and any(UNK in sent for sent in sentences):
            raise ValueError(
                f"tokens contain {UNK!r}, the label vocabulary='with-unk' reserves for unseen words; "
                "rename that token."
            )
        self.alpha, self.vocabulary_kind, self.denominator, self.pad = alpha, vocabulary, denominator, pad
        self.sentences = [self._pad(sent) for sent in sentences]
        self.unigram_counts = Counter(tok for sent in self.sentences for tok in sent)
        self.bigram_counts = Counter(bg for sent in self.sentences for bg in zip(sent, sent[1:]))
        self.context_counts = Counter()
        for (prev, _), c in self.bigram_counts.items():
            self.context_counts[prev] += c
        self.vocabulary = Vocabulary(
            (tok for sent in self.sentences for tok in sent),
            unk_label=UNK if vocabulary == "with-unk" else None,
        )
        self.V = len(self.vocabulary)
        if not math.isfinite(alpha * self.V):
            raise ValueError(
                f"alpha={alpha!r} is too large: alpha·V = {alpha!r}·{self.V} overflows a float. Any alpha far "
                "above the counts already gives every word the same probability 1/V; use a smaller alpha."
            )

    def __repr__(self):
        return (
            f"BigramLM(V={self.V}, alpha={self.alpha}, vocabulary={self.vocabulary_kind!r}, "
            f"denominator={self.denominator!r}, pad={self.pad})"
        )

    def _pad(self, sent):
        return (START, *sent, END) if self.pad else tuple(sent)

    @staticmethod
    def _check_word(word, name):
        if not isinstance(word, str):
            raise TypeError(f"{name} must be a string token, got {type(word).__name__} {word!r}.")

    def lookup(self, word):
        """The token the model uses for ``word`` (``<UNK>`` if unseen and vocabulary="with-unk")."""
        self._check_word(word, "word")
        return self.vocabulary.lookup(word)

    def count(self, word, next_word=None):
        """``count(w)`` = c(w) in training; ``count(prev, word)`` = c(prev, word). Words are looked up first."""
        if next_word is None:
            return self.unigram_counts[self.lookup(word)]
        return self.bigram_counts[(self.lookup(word), self.lookup(next_word))]

    def context_count(self, prev):
        """d(prev): c(prev) for denominator="unigram", bigrams starting with prev for "context"."""
        prev = self.lookup(prev)
        counts = self.unigram_counts if self.denominator == "unigram" else self.context_counts
        return counts[prev]

    def _row(self, prev, word):
        self._check_word(prev, "prev")
        self._check_word(word, "word")
        key = (self.vocabulary.lookup(prev), self.vocabulary.lookup(word))
        c, d = self.bigram_counts[key], self.context_count(prev)
        # Same order of operations as the seed notebook and nltk.lm:
        # (c + alpha) / (d + alpha * V).
        numerator, denominator = c + self.alpha, d + self.alpha * self.V
        if denominator == 0:
            raise ValueError(
                f"P({word!r} | {prev!r}) is 0/0: {key[0]!r} has d(prev) = 0 in training "
                f"(denominator={self.denominator!r}) and alpha = 0 adds nothing. "
                "Use alpha > 0 (smoothing) to give unseen contexts a probability."
            )
        p = numerator / denominator
        if p > 0:
            log2_p = math.log2(p)
        elif numerator > 0:
            # A tiny alpha (say 1e-320) with d(prev) > 0 gives a probability
            # below the smallest float; its logarithm is still finite.
            log2_p = math.log2(numerator) - math.log2(denominator)
        else:
            log2_p = -math.inf
        return BigramRow(prev, word, key, c, d, numerator, denominator, p, log2_p)

    def prob(self, prev, word):
        """P(word | prev) = (c(prev, word) + α) / (d(prev) + α·V).

        Raises ``ValueError`` when both d(prev) and α are 0 (0/0).
        """
        return self._row(prev, word).probability

    def logprob2(self, prev, word):
        """log2 P(word | prev); ``-math.inf`` when the probability is 0 (α = 0, unseen bigram)."""
        return self._row(prev, word).log2_probability

    def test_sentences(self, tokens):
        """The (padded) sentences of a test text, validated."""
        return [self._pad(sent) for sent in _sentences(tokens, "tokens")]

    def table(self, tokens):
        """Every bigram of a test text with its counts, probability and log2 probability.

        Returns a list of :class:`BigramRow`, in text order, one per predicted
        word (``dataclasses.asdict(row)`` gives a dict).

        Examples
        --------
        >>> from teachkit.lm_metrics import SEED_PRINTED_PERPLEXITY, SEED_TRAINING, SEED_UNSEEN
        >>> lm = BigramLM(SEED_TRAINING)
        >>> row = lm.table(SEED_UNSEEN)[1]
        >>> row.prev, row.word, row.count, row.context_count, row.denominator, row.probability
        ('dreams', 'about', 0, 0, 7.0, 0.14285714285714285)
        """
        return [self._row(p, w) for sent in self.test_sentences(tokens) for p, w in zip(sent, sent[1:])]


def _log2_sum_and_size(model, tokens, per):
    if not isinstance(model, BigramLM):
        raise TypeError(f"model must be a teachkit.BigramLM, got {type(model).__name__}.")
    check_choice(per, "per", PER)
    rows = model.table(tokens)
    if not rows:
        raise ValueError(
            "tokens must have at least two tokens in some sentence: a bigram model scores pairs "
            "(previous word, word), and this text has none. Use a longer text or pad=True."
        )
    n_tokens = sum(len(sent) for sent in model.test_sentences(tokens))
    zeros = [r for r in rows if r.log2_probability == -math.inf]
    if zeros:
        warnings.warn(
            f"P({zeros[0].word!r} | {zeros[0].prev!r}) = 0 (an unseen bigram with alpha = 0), "
            f"so the perplexity is infinite ({len(zeros)} zero-probability bigram(s)). Use alpha > 0.",
            ZeroProbabilityWarning, stacklevel=3,
        )
        return -math.inf, len(rows)
    # Plain left-to-right sum of log2 P, then 2 ** (-sum / K), as the seed
    # notebook computes it; the printed values come out bit for bit this way.
    # (The algebraically equal product form (Π P) ** (-1/K) does not: it gives
    # 4.4496055862540596 for the unseen text, one ulp off the printed value.)
    total = 0.0
    for r in rows:
        total += r.log2_probability
    return total, (len(rows) if per == "prediction" else n_tokens)


def cross_entropy(model, tokens, per="prediction"):
    """Cross-entropy of ``model`` on a test text, in bits: ``H = -(1/K) Σ log2 P(w_i | w_{i-1})``.

    Parameters
    ----------
    model : BigramLM
    tokens : list of str, or list of list of str
        Test text (padded like the training text when ``model.pad``).
    per : {"prediction", "token"}
        K = M, the number of bigrams scored (standard, nltk.lm), or K = N, the
        number of tokens (the seed notebook; N - 1 bigrams per unpadded sentence).

    Returns
    -------
    float
        ``math.inf`` with a :class:`ZeroProbabilityWarning` if some bigram has
        probability 0.

    Examples
    --------
    >>> from teachkit.lm_metrics import SEED_PRINTED_PERPLEXITY, SEED_TRAINING, SEED_UNSEEN
    >>> cross_entropy(BigramLM(SEED_TRAINING), SEED_TRAINING)   # six bigrams of 1/4: 2 bits each
    2.0
    """
    total, k = _log2_sum_and_size(model, tokens, per)
    return -total / k


def perplexity(model, tokens, per="prediction"):
    """Perplexity ``2^H`` of ``model`` on a test text (H from :func:`cross_entropy`).

    ``per="prediction"`` is the standard definition (the M-th root of
    1 / Π P); ``per="token"`` reproduces the seed notebook, which divides by
    the N tokens although only N - 1 bigrams are scored.  See the module
    docstring for the seed's values under both.

    Returns
    -------
    float
        >= 1; ``math.inf`` with a :class:`ZeroProbabilityWarning` if some bigram
        has probability 0, or if 2^H is beyond the largest float (H > 1024
        bits, reachable only with an alpha below about 1e-300).

    Examples
    --------
    >>> from teachkit.lm_metrics import SEED_PRINTED_PERPLEXITY, SEED_TRAINING, SEED_UNSEEN
    >>> lm = BigramLM(SEED_TRAINING)
    >>> perplexity(lm, SEED_UNSEEN)              # (8 * 7 * 7) ** (1/3)
    7.318611420045942
    >>> perplexity(lm, SEED_UNSEEN, per="token")  # (8 * 7 * 7) ** (1/4), as printed
    4.449605586254059
    """
    h = cross_entropy(model, tokens, per)
    try:
        return 2 ** h
    except OverflowError:
        warnings.warn(
            f"the perplexity 2^{h} is too large for a float; returning math.inf.",
            ZeroProbabilityWarning, stacklevel=2,
        )
        return math.inf
