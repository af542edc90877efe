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

import copy
import math
import numbers
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

import numpy as np
from numpy.typing import ArrayLike

from .._checks import (as_float_array, real_array, as_list, check_choice, check_finite_real, check_flag,
                      check_positive_int, short_repr)

# The symbols are the vocabulary's (defined once, in teachkit.lm.vocabulary), so every language model of the
# package writes its padding and its unknown word alike.  Here:
# BOUNDARY (<s>) fills the context before the first symbol of a stream or of a chunk (never predicted);
# END (</s>) is predicted after the last symbol of every document;
# UNK (<UNK>) stands for every symbol seen fewer than ``min_count`` times in training.
from .evaluation import LogLoss, perplexity
from .vocabulary import END, UNK
from .vocabulary import START as BOUNDARY

__all__ = ["NeuralLM", "Evaluation", "softmax", "bits_per_byte", "BOUNDARY", "END", "UNK", "MEMORY_LIMIT"]

_SPECIAL = (BOUNDARY, END, UNK)
#: Positions computed at once when scoring (bounds the memory of one forward pass).
_BATCH = 4096
#: The most memory a model may ask for (bytes): its parameters with Adam's two running averages (and a copy
#: of the three, kept while training to restore the model if training diverges), or the
#: arrays of one training or scoring step.  Sizes past it are refused before anything is allocated, with
#: the figure, rather than failing inside numpy (or swapping).
MEMORY_LIMIT = 2 * 2**30
#: Training has diverged when an epoch's mean loss passes this many times ln V, plus one nat: a model
#: that guesses uniformly costs ln V per prediction, and a fresh one about ln V + 0.5.
_DIVERGED = 2.0


class _NotFinite(ValueError):
    """Scores that are NaN or infinite: weights too large (``fit`` turns it into a message naming the rate)."""

    def __init__(self) -> None:
        super().__init__("the model's scores are NaN or infinite: its weights are too large (set by hand, or "
                         "left by training that diverged). Train it again with a smaller learning_rate.")


def softmax(z: ArrayLike) -> np.ndarray:
    """The softmax of each row of ``z``, computed stably: ``exp(z - max z) / Σ exp(z - max z)``.

    Examples
    --------
    >>> softmax([2.0, 1.0, 0.0]).round(4).tolist()
    [0.6652, 0.2447, 0.09]
    """
    z = as_float_array(z, "z")
    if z.ndim == 0 or z.shape[-1] == 0:
        raise ValueError(f"z must hold at least one score per row, got shape {z.shape}.")
    if np.isnan(z).any():
        raise ValueError("z holds NaN: a softmax of NaN is no distribution; find where the NaN comes from.")
    if np.isposinf(z).any() or np.isneginf(z).all(axis=-1).any():
        raise ValueError("z holds +inf, or a row of -inf only, which no distribution can follow; give finite scores.")
    shifted = z - z.max(axis=-1, keepdims=True)
    e = np.exp(shifted)
    distribution: np.ndarray = e / e.sum(axis=-1, keepdims=True)
    return distribution


def _log_softmax(z: np.ndarray) -> np.ndarray:
    shifted = z - z.max(axis=1, keepdims=True)
    log_p: np.ndarray = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return log_p


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
    # float too: typeshed's float is no numbers.Real, so numbers.Real alone would narrow a float to nothing and
    # the type checker would skip the rest of this function; float changes nothing at run time
    if isinstance(total_nats, bool) or not isinstance(total_nats, (float, numbers.Real)):
        raise TypeError(f"total_nats must be a real number (an int or a float: a sum of -log probabilities), got "
                        f"{short_repr(total_nats)}.")
    if not math.isfinite(total_nats) or total_nats < 0:
        raise ValueError(f"total_nats must be a finite number >= 0 (a sum of -log probabilities), got "
                         f"{short_repr(total_nats)}.")
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

    def __post_init__(self) -> None:
        # Made by NeuralLM.evaluate; one made by hand is checked too, so that no property divides by zero.
        for name in ("nats", "unk_spelling_nats"):
            object.__setattr__(self, name, check_finite_real(getattr(self, name), name, minimum=0.0))
        for name in ("n_predictions", "n_characters", "n_bytes", "positions_computed"):
            object.__setattr__(self, name, check_positive_int(getattr(self, name), name))

    @property
    def cross_entropy(self) -> float:
        """Nats per prediction."""
        return self.nats / self.n_predictions

    @property
    def cross_entropy_bits(self) -> float:
        """Bits per prediction: nats / ln 2."""
        return self.cross_entropy / math.log(2)

    @property
    def log_loss(self) -> LogLoss:
        """Nats per prediction over the predictions, as :func:`teachkit.perplexity` reads it."""
        return LogLoss(self.cross_entropy, self.n_predictions, "nats")

    @property
    def perplexity(self) -> float:
        """``exp(nats per prediction)``: per token of *this* model's vocabulary (``teachkit.perplexity(self)``).

        Raises ValueError past about 709.78 nats per prediction, where the perplexity is beyond a float.
        """
        try:
            math.exp(self.cross_entropy)
        except OverflowError:
            raise ValueError(f"perplexity is exp({self.cross_entropy:.6g}), beyond a float's range (cross-entropy "
                             "above 709.78 nats per prediction): the model predicts this text worse than any "
                             "trained model would. Report cross_entropy instead, or train it again with a "
                             "smaller learning_rate.") from None
        return perplexity(self)

    @property
    def bits_per_character(self) -> float:
        """Total bits over the text's characters: comparable across tokenizers."""
        return self.nats / math.log(2) / self.n_characters

    @property
    def bits_per_byte(self) -> float:
        """Total bits over the text's UTF-8 bytes."""
        return bits_per_byte(self.nats, self.n_bytes)


def _learning_rate(value: object) -> float:
    """The learning rate as a float > 0, or an error that says what was wrong with it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"learning_rate must be a real number such as 0.01 (an int or a float), got "
                        f"{short_repr(value)}; the model computes in floats: pass float(learning_rate).")
    try:
        rate = float(value)
    except OverflowError:
        rate = math.inf
    if not math.isfinite(rate) or rate <= 0:
        raise ValueError(f"learning_rate must be a finite number > 0 such as 0.01, got {short_repr(value)}.")
    return rate


def _check_memory(n_bytes: int, what: str, advice: str) -> None:
    """Refuse, before allocating, anything that would take more than :data:`MEMORY_LIMIT` bytes."""
    if n_bytes > MEMORY_LIMIT:
        raise ValueError(f"{what} would take about {_bytes(n_bytes)} of memory, more than the "
                         f"{_bytes(MEMORY_LIMIT)} allowed (teachkit.lm.neural.MEMORY_LIMIT). {advice}.")


def _bytes(n: int) -> str:
    for unit, size in (("PiB", 2**50), ("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20)):
        if n >= size:
            return f"{n / size:,.2f} {unit}"
    return f"{n:,} bytes"


def _texts(texts: object, name: str) -> list[str]:
    docs = as_list(texts, refuse=(str, bytes, dict),
                   refused=f"{name} must be a list of documents (strings), got {{type}}.",
                   not_iterable=f"{name} must be a list of documents (strings).")
    for i, d in enumerate(docs):
        if not isinstance(d, str):
            raise TypeError(f"{name}[{i}] is {type(d).__name__}; each document must be a string "
                            "(join a token list with ' '.join(tokens)).")
        try:
            d.encode("utf-8")
        except UnicodeEncodeError as err:
            # A lone surrogate (U+D800-U+DFFF) is half of a UTF-16 pair, no character: it has no UTF-8
            # bytes to count (bits per byte) and means the text was decoded wrongly.
            raise ValueError(f"{name}[{i}] holds U+{ord(d[err.start]):04X} at position {err.start}, a lone "
                             "surrogate (half of a UTF-16 pair, not a character), so it has no UTF-8 bytes. "
                             "Read the file again as UTF-8 (errors='replace' turns such bytes into U+FFFD).") \
                from None
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

    Sizes whose parameters (with Adam's two running averages, and a copy of the three kept while training:
    48 bytes each) would pass
    :data:`MEMORY_LIMIT` (2 GiB) are refused before anything is allocated, with the figure.

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
        # Letters of the training text, for spelling out <UNK> words (open_vocabulary): add-one counts, the
        # end-of-word mark counted like a letter, once per word of the training text (its real frequency).
        letters = Counter(ch for d in docs for ch in d if not ch.isspace())
        ends = sum(len(d.split()) for d in docs)
        self._letters = (letters, ends, sum(letters.values()) + ends, len(letters) + 2)  # + unseen + end mark
        k, d, H, V = self.context, self.embedding, self.hidden, self.V
        # E, W1, b1, W2, b2, each held six times while training (the values, Adam's m and v, and their copy)
        _check_memory(6 * 8 * (V * d + k * d * H + H + H * V + V),
                      f"a model of context={k}, embedding={d}, hidden={H} over {V:,} symbols (its parameters "
                      "with Adam's two running averages, and their copy while training)", "Choose smaller sizes")
        rng = np.random.default_rng(seed)
        self.params = {
            "E": rng.normal(0.0, 1.0, (V, d)),
            "W1": rng.normal(0.0, 1.0 / math.sqrt(k * d), (k * d, H)),
            "b1": np.zeros(H),
            "W2": rng.normal(0.0, 1.0 / math.sqrt(H), (H, V)),
            "b2": np.zeros(V),
        }
        self._seed = seed
        # Adam's step count and running averages, from the first call to fit on
        self._adam: dict[str, Any] | None = None
        self.epochs_trained = 0

    def __repr__(self) -> str:
        return (f"NeuralLM(unit={self.unit!r}, V={self.V}, context={self.context}, embedding={self.embedding}, "
                f"hidden={self.hidden}, parameters={self.n_parameters:,})")

    @property
    def n_parameters(self) -> int:
        """How many numbers the model learns."""
        return sum(p.size for p in self.params.values())

    # ------------------------------------------------------------ symbols
    def _symbols(self, doc: str) -> list[str]:
        return list(doc) if self.unit == "char" else doc.split()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """The text as one stream of symbol ids (each document's symbols, then the end symbol)."""
        unk = self._index[UNK]
        ids: list[int] = []
        for doc in _texts(texts, "texts"):
            ids.extend(self._index.get(s, unk) for s in self._symbols(doc))
            ids.append(self._index[END])
        return np.array(ids, dtype=np.int64)

    def _contexts(self, stream: np.ndarray, positions: np.ndarray, starts: np.ndarray) -> np.ndarray:
        """Context ids of each position; a context symbol before its window's start is BOUNDARY."""
        offsets = np.arange(-self.context, 0)
        idx = positions[:, None] + offsets[None, :]
        ctx: np.ndarray = np.where(idx >= starts[:, None], stream[np.maximum(idx, 0)], self._index[BOUNDARY])
        return ctx

    # ------------------------------------------------------------ the network
    def _forward(self, ctx: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        p = self.params
        # Weights too large overflow here; the callers check their results and say so, instead of numpy.
        with np.errstate(over="ignore", invalid="ignore"):
            x = p["E"][ctx].reshape(len(ctx), -1)
            h = np.tanh(x @ p["W1"] + p["b1"])
            z = h @ p["W2"] + p["b2"]
        return x, h, z

    def log_probs(self, ctx: ArrayLike) -> np.ndarray:
        """``log P(· | context)`` for each row of context ids: an array (rows, V).

        ``ctx`` holds whole-number ids ``0 .. V - 1`` (``vocabulary[i]`` is id i), k per row.
        """
        with np.errstate(over="ignore", invalid="ignore"):
            logp = _log_softmax(self._forward(self._ids(ctx, "ctx", rows=True))[2])
        if not np.all(np.isfinite(logp)):
            raise _NotFinite()
        return logp

    def _ids(self, value: ArrayLike, name: str, rows: bool) -> np.ndarray:
        """``value`` as an int64 array of symbol ids, k per row (``rows``) or one per entry; checked."""
        what = (f"a table of symbol ids with {self.context} per row (the context k = {self.context})" if rows
                else "an array of symbol ids")
        arr: np.ndarray = real_array(value, name, what, f"{what}, with rows of equal length",
                          f"whole-number symbol ids 0 .. {self.V - 1}")
        if arr.size and arr.dtype.kind not in "iu":
            if arr.dtype.kind == "f" and np.all(np.isfinite(arr)) and np.all(arr == np.round(arr)):
                arr = arr.astype(np.int64)
            else:
                raise TypeError(f"{name} must hold whole-number symbol ids 0 .. {self.V - 1}, got an array of "
                                f"{arr.dtype}.")
        arr = arr.astype(np.int64)
        if rows and (arr.ndim != 2 or arr.shape[1] != self.context):
            raise ValueError(f"{name} must be {what}; got shape {arr.shape}. One context per row: "
                             "[[id, id, ...], ...].")
        if not rows and arr.ndim != 1:
            raise ValueError(f"{name} must be {what} (one dimension), got shape {arr.shape}.")
        if arr.size and (arr.min() < 0 or arr.max() >= self.V):
            bad = int(arr.min()) if arr.min() < 0 else int(arr.max())
            raise ValueError(f"{name} holds the id {bad}, but ids run from 0 to {self.V - 1} (V = {self.V})"
                             + ("; a negative id is not counted from the end" if bad < 0 else "")
                             + ". The id of a symbol is model.vocabulary.index(symbol).")
        return arr

    def probs(self, context: str | Sequence[str]) -> np.ndarray:
        """The distribution of the next symbol after ``context`` (a string for a character model, a list of
        words for a word model; only its last k symbols count, missing ones are BOUNDARY)."""
        if self.unit == "char":
            what = "a string (the characters before the one to predict), or a list of characters"
        else:
            what = "a list of words (the words before the one to predict), or a string of them"
        if isinstance(context, (bytes, dict)) or not isinstance(context, (str, Sequence)):
            raise TypeError(f"context must be {what}, got {short_repr(context)}.")
        bad = next((s for s in context if not isinstance(s, str)), None) if not isinstance(context, str) else None
        if bad is not None:
            raise TypeError(f"context must be {what}; it holds {type(bad).__name__} {short_repr(bad)}.")
        symbols = list(context) if self.unit == "char" or not isinstance(context, str) else context.split()
        ids = [self._index.get(s, self._index[UNK]) for s in symbols][-self.context:]
        ids = [self._index[BOUNDARY]] * (self.context - len(ids)) + ids
        distribution: np.ndarray = np.exp(self.log_probs(np.array([ids]))[0])
        return distribution

    def loss_and_grads(self, ctx: ArrayLike, targets: ArrayLike) -> tuple[float, dict[str, np.ndarray]]:
        """Mean negative log-probability of ``targets`` after ``ctx`` (nats), and its gradient.

        Backward pass, with ``B`` rows and ``P = softmax(z)``::

            dz  = (P - onehot(target)) / B
            dW2 = hᵀ dz,  db2 = Σ_rows dz,  dh = dz W2ᵀ
            da  = dh ⊙ (1 - h²)                    (tanh' = 1 - tanh²)
            dW1 = xᵀ da,  db1 = Σ_rows da,  dx = da W1ᵀ
            dE[v] = Σ of the rows of dx where symbol v stood in the context
        """
        ctx_ids, target_ids = self._ids(ctx, "ctx", rows=True), self._ids(targets, "targets", rows=False)
        if len(ctx_ids) != len(target_ids):
            raise ValueError(f"ctx has {len(ctx_ids)} rows but targets {len(target_ids)} ids: give one target per "
                             "context.")
        B = len(target_ids)
        x, h, z = self._forward(ctx_ids)
        with np.errstate(over="ignore", invalid="ignore"):
            logp = _log_softmax(z)
        loss = -float(logp[np.arange(B), target_ids].mean())
        if not math.isfinite(loss):
            raise _NotFinite()
        dz = np.exp(logp)
        dz[np.arange(B), target_ids] -= 1.0
        dz /= B
        p = self.params
        grads = {"W2": h.T @ dz, "b2": dz.sum(axis=0)}
        da = (dz @ p["W2"].T) * (1.0 - h * h)
        grads["W1"] = x.T @ da
        grads["b1"] = da.sum(axis=0)
        dx = (da @ p["W1"].T).reshape(B, self.context, self.embedding)
        dE = np.zeros_like(p["E"])
        np.add.at(dE, ctx_ids, dx)
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

        Raises
        ------
        ValueError
            Training that diverges, naming the learning rate: a loss or a weight that becomes NaN or
            infinite, or an epoch's mean loss above ``2 ln V + 1`` nats (a uniform guess costs ``ln V``).
            The model is then left as it was before the call.
            Also, sizes whose arrays would pass :data:`MEMORY_LIMIT`, refused before training.
        """
        epochs = check_positive_int(epochs, "epochs")
        batch_size = check_positive_int(batch_size, "batch_size")
        learning_rate = _learning_rate(learning_rate)
        if heldout is not None:
            _texts(heldout, "heldout")      # named now, not after the training it would follow
        stream = self.encode(texts)
        k, d, H, V = self.context, self.embedding, self.hidden, self.V
        _check_memory(8 * (len(stream) * k + min(batch_size, len(stream)) * 3 * (k * d + H + V)),
                      f"training on {len(stream):,} positions with context={k} and batch_size={batch_size} (every "
                      "position's context, and one minibatch's activations and gradients)",
                      "Train on less text at a time, or with a smaller context or batch_size")
        positions = np.arange(len(stream))
        contexts = self._contexts(stream, positions, np.zeros(len(stream), dtype=np.int64))
        if self._adam is None:
            self._adam = {"t": 0, "m": {k: np.zeros_like(v) for k, v in self.params.items()},
                          "v": {k: np.zeros_like(v) for k, v in self.params.items()}}
        # The minibatch order of epoch e comes from the model's seed and e: training resumed is the same
        # as training in one go.
        # the epochs' mean training losses, or (with heldout) their (train, heldout) pairs
        losses: list[float] = []
        pairs: list[tuple[float, float]] = []
        before = copy.deepcopy((self.params, self._adam, self.epochs_trained))
        limit = _DIVERGED * math.log(V) + 1.0
        for epoch in range(1, epochs + 1):
            rng = np.random.default_rng([self._seed, self.epochs_trained])
            order = rng.permutation(len(stream))
            total = 0.0
            try:
                # a diverging run overflows; it is stopped and named below rather than warned about
                with np.errstate(over="ignore", invalid="ignore"):
                    for start in range(0, len(order), batch_size):
                        batch = order[start:start + batch_size]
                        loss, grads = self.loss_and_grads(contexts[batch], stream[batch])
                        self._adam_step(grads, learning_rate)
                        total += loss * len(batch)
                if not all(np.all(np.isfinite(v)) for v in self.params.values()):
                    raise _NotFinite()
            except _NotFinite:
                self._diverged(before, learning_rate, f"in epoch {epoch} of {epochs}, the loss or the weights "
                                                      "became NaN or infinite")
            if total / len(stream) > limit:
                self._diverged(before, learning_rate,
                               f"the mean loss of epoch {epoch} of {epochs} rose to {total / len(stream):.4g} nats "
                               f"per prediction, above {_DIVERGED:g} · ln V + 1 = {limit:.4g} (a uniform guess "
                               f"costs ln V = {math.log(V):.4g})")
            self.epochs_trained += 1
            if heldout is None:
                losses.append(total / len(stream))
            else:
                pairs.append((self.evaluate(texts).cross_entropy, self.evaluate(heldout).cross_entropy))
        return losses if heldout is None else pairs

    def _diverged(self, before: tuple[dict[str, np.ndarray], dict[str, Any] | None, int], learning_rate: float,
                  what: str) -> NoReturn:
        self.params, self._adam, self.epochs_trained = before
        raise ValueError(f"training diverged with learning_rate={learning_rate:g}: {what}. Use a smaller "
                         f"learning_rate (e.g. {learning_rate / 10:g}; the course uses 0.01). The model is left as "
                         "it was before this call to fit.")

    def _adam_step(self, grads: dict[str, np.ndarray], lr: float, beta1: float = 0.9, beta2: float = 0.999,
                   eps: float = 1e-8) -> None:
        a = self._adam
        assert a is not None, "fit sets up Adam's moments before its first step"
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
            Word model: add the cost of spelling out each ``<UNK>`` word letter by letter, then an end-of-word
            mark (add-one frequencies of the training text's letters and of its word ends, one per word).

        Returns
        -------
        Evaluation
        """
        open_vocabulary = check_flag(open_vocabulary, "open_vocabulary")
        docs = _texts(texts, "texts")
        stream = self.encode(docs)
        n = len(stream)
        k, d, H, V = self.context, self.embedding, self.hidden, self.V
        _check_memory(8 * min(_BATCH, n) * (2 * k + k * d + H + 2 * V),
                      f"scoring {min(_BATCH, n):,} positions at once with context={k}, embedding={d}, hidden={H} "
                      f"over {V:,} symbols", "Use a smaller model")
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

    def log_loss(self, texts: Sequence[str], *, chunk: int | None = None, stride: int | None = None,
                 open_vocabulary: bool = False) -> LogLoss:
        """``evaluate(texts, ...).log_loss``: nats per prediction, as :func:`teachkit.perplexity` reads it."""
        return self.evaluate(texts, chunk=chunk, stride=stride, open_vocabulary=open_vocabulary).log_loss

    def _unk_spelling(self, docs: list[str]) -> float:
        if self.unit != "word":
            raise ValueError("open_vocabulary is for a word model: a character model spells every word already.")
        letters, ends, total, kinds = self._letters
        nats = 0.0
        for doc in docs:
            for word in doc.split():
                if word in self._index:
                    continue
                # P(symbol) = (c + 1) / (total + kinds): the letters, then the end-of-word mark, whose count c is
                # the number of training words (one end per word), as a letter-by-letter spelling model learns it
                nats -= sum(math.log((letters.get(ch, 0) + 1) / (total + kinds)) for ch in word)
                nats -= math.log((ends + 1) / (total + kinds))
        return nats
