"""A small neural language model, written out in numpy: Bengio et al. (2003)'s fixed-context network.

The previous ``k`` symbols (characters or words) are looked up in an embedding table, their vectors are
put side by side, one hidden layer with tanh mixes them, and a softmax over the vocabulary gives the
next symbol's distribution::

    x  = [E[s_{t-k}] ; ... ; E[s_{t-1}]]                    the context, k·d numbers
    h  = tanh(x W1 + b1)                                   the hidden layer, H numbers
    z  = h W2 + b2                                         one score (logit) per vocabulary symbol
    P(s_t = v | s_{t-k} .. s_{t-1}) = softmax(z)_v = exp(z_v) / Σ_u exp(z_u)
    loss = (1/N) Σ_t -ln P(s_t | context_t)               nats per prediction

Training is minibatch Adam on that loss, with gradients written out by hand (``loss_and_grads``; the
tests check them against finite differences).  Everything random (initial weights, the order of the
minibatches) comes from ``numpy.random.default_rng(seed)``, so a seed gives the same model.

A text is a list of documents (strings).  A character model predicts every character of a document
and then an end-of-document symbol; a word model predicts every word (the document split at white
space) and then the end symbol.  Either way the held-out text has the same characters, so
:attr:`Evaluation.bits_per_character` compares models whose tokens differ, where per-token perplexity
cannot: a word model's perplexity is per word, a character model's per character.

How a long text is cut matters too (:meth:`NeuralLM.evaluate`): scored as one stream, every symbol has
its k symbols of context; cut into independent chunks, the first symbols of each chunk start cold;
evaluated with a sliding window and a stride, as Hugging Face's perplexity guide does, every symbol
after the first window keeps at least ``chunk - stride`` symbols of context, at the price of computing
the overlapping positions again.
"""

from __future__ import annotations

import math
import numbers
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .._checks import as_list, check_choice, check_positive_int

# The symbols are the vocabulary's (defined once, in teachkit.lm.vocabulary), so every language model of the
# package writes its padding and its unknown word alike.  Here:
# BOUNDARY (<s>) fills the context before the first symbol of a stream or of a chunk (never predicted);
# END (</s>) is predicted after the last symbol of every document;
# UNK (<UNK>) stands for every symbol seen fewer than ``min_count`` times in training.
from .vocabulary import END, UNK
from .vocabulary import START as BOUNDARY

__all__ = ["NeuralLM", "Evaluation", "softmax", "bits_per_byte", "BOUNDARY", "END", "UNK"]

_SPECIAL = (BOUNDARY, END, UNK)
#: Positions computed at once when scoring (bounds the memory of one forward pass).
_BATCH = 4096


def softmax(z: ArrayLike) -> np.ndarray:
    """The softmax of each row of ``z``, computed stably: ``exp(z - max z) / Σ exp(z - max z)``.

    Examples
    --------
    >>> softmax([2.0, 1.0, 0.0]).round(4).tolist()
    [0.6652, 0.2447, 0.09]
    """
    z = np.asarray(z, dtype=float)
    shifted = z - z.max(axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)


def _log_softmax(z):
    shifted = z - z.max(axis=1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))


def bits_per_byte(total_nats: float, n_bytes: int) -> float:
    """Cross-entropy of a text in bits per byte: ``total_nats / (n_bytes · ln 2)``.

    ``total_nats`` is the text's total negative log-probability in nats (the sum over every prediction,
    whatever the model's tokens); dividing by the text's size in bytes, not by the number of tokens,
    makes models with different tokenizers comparable.

    Examples
    --------
    A word model spends 1,000 nats on a text of 720 bytes: 1000 / (720 · 0.6931) = 2.0037 bits per byte.

    >>> round(bits_per_byte(1000.0, 720), 4)
    2.0037
    """
    if isinstance(total_nats, bool) or not isinstance(total_nats, numbers.Real) or not math.isfinite(total_nats) \
            or total_nats < 0:
        raise ValueError(f"total_nats must be a finite number >= 0 (a sum of -log probabilities), got {total_nats!r}.")
    n_bytes = check_positive_int(n_bytes, "n_bytes")
    return float(total_nats) / (n_bytes * math.log(2))


@dataclass(frozen=True)
class Evaluation:
    """How well a model predicts a held-out text, with every denominator named.

    Attributes
    ----------
    nats : float
        Total negative log-probability of the scored symbols, in nats.
    n_predictions : int
        Symbols scored: every character (or word) of every document, plus one end symbol per document.
    n_characters, n_bytes : int
        The text's characters and its UTF-8 bytes, one newline per document included (the end symbol
        stands for it), the same for a character and a word model of the same text.
    positions_computed : int
        Forward passes run: more than ``n_predictions`` when windows overlap (a stride below the chunk).
    unk_spelling_nats : float
        For a word model with ``open_vocabulary=True``: the nats spent spelling out each ``<UNK>`` word
        letter by letter (included in :attr:`nats`), so that a smaller vocabulary is not rewarded for
        hiding words.
    """

    nats: float
    n_predictions: int
    n_characters: int
    n_bytes: int
    positions_computed: int
    unk_spelling_nats: float = 0.0

    @property
    def cross_entropy(self) -> float:
        """Nats per prediction."""
        return self.nats / self.n_predictions

    @property
    def cross_entropy_bits(self) -> float:
        """Bits per prediction: nats / ln 2."""
        return self.cross_entropy / math.log(2)

    @property
    def perplexity(self) -> float:
        """``exp(nats per prediction)``: per token of *this* model's vocabulary."""
        return math.exp(self.cross_entropy)

    @property
    def bits_per_character(self) -> float:
        """Total bits over the text's characters: comparable across tokenizers."""
        return self.nats / math.log(2) / self.n_characters

    @property
    def bits_per_byte(self) -> float:
        """Total bits over the text's UTF-8 bytes."""
        return bits_per_byte(self.nats, self.n_bytes)


def _texts(texts, name):
    docs = as_list(texts, refuse=(str, bytes, dict),
                   refused=f"{name} must be a list of documents (strings), got {{type}}.",
                   not_iterable=f"{name} must be a list of documents (strings).")
    for i, d in enumerate(docs):
        if not isinstance(d, str):
            raise TypeError(f"{name}[{i}] is {type(d).__name__}; each document must be a string "
                            "(join a token list with ' '.join(tokens)).")
    if not any(docs):
        raise ValueError(f"{name} is empty: give at least one non-empty document.")
    return docs


class NeuralLM:
    """A fixed-context neural language model over characters or words (see the module docstring).

    Parameters
    ----------
    texts : list of str
        Training documents.  The vocabulary is read from them.
    unit : {"char", "word"}
        Predict characters, or words (documents split at white space).
    context : int, default 5
        k, the number of previous symbols the model sees.
    embedding : int, default 16
        d, the size of each symbol's vector.
    hidden : int, default 64
        H, the size of the hidden layer.
    min_count : int, default 1
        Symbols seen fewer times in training become ``<UNK>``.
    seed : int, default 0
        Initial weights: normal with standard deviation ``1/sqrt(fan-in)``, from ``default_rng(seed)``.

    Examples
    --------
    >>> lm = NeuralLM(["abab abab", "baba"], unit="char", context=2, hidden=8, seed=0)
    >>> lm.V, lm.vocabulary[:3]
    (6, ('a', 'b', ' '))
    >>> losses = lm.fit(["abab abab", "baba"], epochs=30, batch_size=8, learning_rate=0.05)
    >>> losses[-1] < losses[0]
    True
    >>> round(float(lm.probs("ab").sum()), 12)
    1.0
    """

    def __init__(self, texts: Sequence[str], unit: str = "char", *, context: int = 5, embedding: int = 16,
                 hidden: int = 64, min_count: int = 1, seed: int = 0) -> None:
        self.unit = check_choice(unit, "unit", ("char", "word"))
        self.context = check_positive_int(context, "context")
        self.embedding = check_positive_int(embedding, "embedding")
        self.hidden = check_positive_int(hidden, "hidden")
        self.min_count = check_positive_int(min_count, "min_count")
        seed = check_positive_int(seed, "seed", minimum=0)
        docs = _texts(texts, "texts")
        counts = Counter(s for d in docs for s in self._symbols(d))
        clash = [s for s in _SPECIAL if s in counts]
        if clash:
            raise ValueError(f"texts contain {clash[0]!r}, a symbol the model reserves; rename it.")
        kept = [s for s, c in counts.items() if c >= self.min_count]
        self.vocabulary = tuple(kept) + _SPECIAL
        self.V = len(self.vocabulary)
        self._index = {s: i for i, s in enumerate(self.vocabulary)}
        # Letters of the training text, for spelling out <UNK> words (open_vocabulary): add-one counts.
        letters = Counter(ch for d in docs for ch in d if not ch.isspace())
        self._letters = (letters, sum(letters.values()), len(letters) + 2)   # + an unseen letter + "end of word"
        rng = np.random.default_rng(seed)
        k, d, H, V = self.context, self.embedding, self.hidden, self.V
        self.params = {
            "E": rng.normal(0.0, 1.0, (V, d)),
            "W1": rng.normal(0.0, 1.0 / math.sqrt(k * d), (k * d, H)),
            "b1": np.zeros(H),
            "W2": rng.normal(0.0, 1.0 / math.sqrt(H), (H, V)),
            "b2": np.zeros(V),
        }
        self._seed = seed
        self._adam = None
        self.epochs_trained = 0

    def __repr__(self) -> str:
        return (f"NeuralLM(unit={self.unit!r}, V={self.V}, context={self.context}, embedding={self.embedding}, "
                f"hidden={self.hidden}, parameters={self.n_parameters:,})")

    @property
    def n_parameters(self) -> int:
        """How many numbers the model learns."""
        return sum(p.size for p in self.params.values())

    # ------------------------------------------------------------ symbols
    def _symbols(self, doc):
        return list(doc) if self.unit == "char" else doc.split()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """The text as one stream of symbol ids (each document's symbols, then the end symbol)."""
        unk = self._index[UNK]
        ids = []
        for doc in _texts(texts, "texts"):
            ids.extend(self._index.get(s, unk) for s in self._symbols(doc))
            ids.append(self._index[END])
        return np.array(ids, dtype=np.int64)

    def _contexts(self, stream, positions, starts):
        """Context ids of each position; a context symbol before its window's start is BOUNDARY."""
        offsets = np.arange(-self.context, 0)
        idx = positions[:, None] + offsets[None, :]
        ctx = np.where(idx >= starts[:, None], stream[np.maximum(idx, 0)], self._index[BOUNDARY])
        return ctx

    # ------------------------------------------------------------ the network
    def _forward(self, ctx):
        p = self.params
        x = p["E"][ctx].reshape(len(ctx), -1)
        h = np.tanh(x @ p["W1"] + p["b1"])
        z = h @ p["W2"] + p["b2"]
        return x, h, z

    def log_probs(self, ctx: ArrayLike) -> np.ndarray:
        """``log P(· | context)`` for each row of context ids: an array (rows, V)."""
        return _log_softmax(self._forward(np.asarray(ctx, dtype=np.int64))[2])

    def probs(self, context: str | Sequence[str]) -> np.ndarray:
        """The distribution of the next symbol after ``context`` (a string for a character model, a list of
        words for a word model; only its last k symbols count, missing ones are BOUNDARY)."""
        symbols = list(context) if self.unit == "char" or not isinstance(context, str) else context.split()
        ids = [self._index.get(s, self._index[UNK]) for s in symbols][-self.context:]
        ids = [self._index[BOUNDARY]] * (self.context - len(ids)) + ids
        return np.exp(self.log_probs(np.array([ids]))[0])

    def loss_and_grads(self, ctx: ArrayLike, targets: ArrayLike) -> tuple[float, dict[str, np.ndarray]]:
        """Mean negative log-probability of ``targets`` after ``ctx`` (nats), and its gradient.

        Backward pass, with ``B`` rows and ``P = softmax(z)``::

            dz  = (P - onehot(target)) / B
            dW2 = hᵀ dz,  db2 = Σ_rows dz,  dh = dz W2ᵀ
            da  = dh ⊙ (1 - h²)                    (tanh' = 1 - tanh²)
            dW1 = xᵀ da,  db1 = Σ_rows da,  dx = da W1ᵀ
            dE[v] = Σ of the rows of dx where symbol v stood in the context
        """
        ctx, targets = np.asarray(ctx, dtype=np.int64), np.asarray(targets, dtype=np.int64)
        B = len(targets)
        x, h, z = self._forward(ctx)
        logp = _log_softmax(z)
        loss = -float(logp[np.arange(B), targets].mean())
        dz = np.exp(logp)
        dz[np.arange(B), targets] -= 1.0
        dz /= B
        p = self.params
        grads = {"W2": h.T @ dz, "b2": dz.sum(axis=0)}
        da = (dz @ p["W2"].T) * (1.0 - h * h)
        grads["W1"] = x.T @ da
        grads["b1"] = da.sum(axis=0)
        dx = (da @ p["W1"].T).reshape(B, self.context, self.embedding)
        dE = np.zeros_like(p["E"])
        np.add.at(dE, ctx, dx)
        grads["E"] = dE
        return loss, grads

    # ------------------------------------------------------------ training
    def fit(self, texts: Sequence[str], epochs: int = 5, *, batch_size: int = 128, learning_rate: float = 0.01,
            heldout: Sequence[str] | None = None) -> list[float] | list[tuple[float, float]]:
        """Train with minibatch Adam (β1 = 0.9, β2 = 0.999, ε = 1e-8) on every position of ``texts``.

        Returns
        -------
        list of float
            The mean training loss (nats per prediction) of each epoch, as the minibatches saw it; with
            ``heldout`` (a list of documents), a list of ``(train, heldout)`` pairs, both scored after the
            epoch as one stream (:meth:`evaluate`), in nats per prediction.
        """
        epochs = check_positive_int(epochs, "epochs")
        batch_size = check_positive_int(batch_size, "batch_size")
        if isinstance(learning_rate, bool) or not isinstance(learning_rate, numbers.Real) \
                or not math.isfinite(learning_rate) or learning_rate <= 0:
            raise ValueError(f"learning_rate must be a finite number > 0, got {learning_rate!r}.")
        stream = self.encode(texts)
        positions = np.arange(len(stream))
        contexts = self._contexts(stream, positions, np.zeros(len(stream), dtype=np.int64))
        if self._adam is None:
            self._adam = {"t": 0, "m": {k: np.zeros_like(v) for k, v in self.params.items()},
                          "v": {k: np.zeros_like(v) for k, v in self.params.items()}}
        # The minibatch order of epoch e comes from the model's seed and e: training resumed is the same
        # as training in one go.
        history = []
        for _ in range(epochs):
            rng = np.random.default_rng([self._seed, self.epochs_trained])
            order = rng.permutation(len(stream))
            total = 0.0
            for start in range(0, len(order), batch_size):
                batch = order[start:start + batch_size]
                loss, grads = self.loss_and_grads(contexts[batch], stream[batch])
                self._adam_step(grads, float(learning_rate))
                total += loss * len(batch)
            self.epochs_trained += 1
            if heldout is None:
                history.append(total / len(stream))
            else:
                history.append((self.evaluate(texts).cross_entropy, self.evaluate(heldout).cross_entropy))
        return history

    def _adam_step(self, grads, lr, beta1=0.9, beta2=0.999, eps=1e-8):
        a = self._adam
        a["t"] += 1
        for k, g in grads.items():
            a["m"][k] = beta1 * a["m"][k] + (1 - beta1) * g
            a["v"][k] = beta2 * a["v"][k] + (1 - beta2) * g * g
            m_hat = a["m"][k] / (1 - beta1 ** a["t"])
            v_hat = a["v"][k] / (1 - beta2 ** a["t"])
            self.params[k] -= lr * m_hat / (np.sqrt(v_hat) + eps)

    # ------------------------------------------------------------ evaluation
    def evaluate(self, texts: Sequence[str], *, chunk: int | None = None, stride: int | None = None,
                 open_vocabulary: bool = False) -> Evaluation:
        """Score a held-out text, as one stream, in independent chunks, or with a sliding window.

        Parameters
        ----------
        texts : list of str
        chunk : int, optional
            None: one stream, every symbol with its k symbols of context.  L: windows of L symbols; a
            context symbol before its window's start is replaced by BOUNDARY.
        stride : int, optional
            With ``chunk``: windows start every ``stride`` symbols (default ``chunk``: independent,
            non-overlapping chunks).  Each window scores only the symbols no earlier window scored, as
            in Hugging Face's perplexity guide; every position of every window is computed.
        open_vocabulary : bool, default False
            Word model: add the cost of spelling out each ``<UNK>`` word letter by letter (add-one letter
            frequencies of the training text, then an end-of-word mark).

        Returns
        -------
        Evaluation
        """
        docs = _texts(texts, "texts")
        stream = self.encode(docs)
        n = len(stream)
        if chunk is None:
            if stride is not None:
                raise ValueError("stride needs chunk: give the window length too (evaluate(texts, chunk=L, stride=s)).")
            scored = [(np.arange(n), np.zeros(n, dtype=np.int64))]
            computed = n
        else:
            chunk = check_positive_int(chunk, "chunk")
            stride = chunk if stride is None else check_positive_int(stride, "stride")
            if stride > chunk:
                raise ValueError(f"stride = {stride} is longer than chunk = {chunk}: symbols between windows "
                                 "would never be scored. Use a stride of at most the chunk length.")
            scored, computed, done = [], 0, 0
            for start in range(0, n, stride):
                end = min(start + chunk, n)
                computed += end - start
                if end > done:
                    pos = np.arange(done, end)
                    scored.append((pos, np.full(len(pos), start, dtype=np.int64)))
                    done = end
                if end == n:
                    break
        nats = 0.0
        for pos, starts in scored:
            for i in range(0, len(pos), _BATCH):
                p, s = pos[i:i + _BATCH], starts[i:i + _BATCH]
                logp = self.log_probs(self._contexts(stream, p, s))
                nats -= float(logp[np.arange(len(p)), stream[p]].sum())
        spelling = self._unk_spelling(docs) if open_vocabulary else 0.0
        text = "".join(d + "\n" for d in docs)
        return Evaluation(nats + spelling, n, len(text), len(text.encode("utf-8")), int(computed), spelling)

    def _unk_spelling(self, docs):
        if self.unit != "word":
            raise ValueError("open_vocabulary is for a word model: a character model spells every word already.")
        letters, total, kinds = self._letters
        nats = 0.0
        for doc in docs:
            for word in doc.split():
                if word in self._index:
                    continue
                # P(letter) = (c + 1) / (total + kinds), one "end of word" as one more kind
                nats -= sum(math.log((letters.get(ch, 0) + 1) / (total + kinds)) for ch in word)
                nats -= math.log(1 / (total + kinds))
        return nats
