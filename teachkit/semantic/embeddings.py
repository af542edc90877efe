"""Word vectors for the semantic metrics: given, learned from counts, or from a model.

Three sources, one container (:class:`WordVectors`):

1. **Your own vectors**: ``WordVectors({"cat": [...], "dog": [...]})`` or
   ``WordVectors(matrix, vocabulary=words)``.

2. **Learned from a corpus** with :func:`ppmi_svd`, the bridge from the PMI
   lesson to embeddings.  Count windows as the PMI lessons do
   (:class:`teachkit.CooccurrenceCounts`), then::

       PPMI[w, c] = max(0, ln( c(w, c) · n / (c(w) · c(c)) ))     (0 when c(w, c) = 0)
       PPMI       = U Σ Vᵀ                                          (SVD)
       vector(w)  = row w of U_k Σ_k^p                              (k = dim, p = power)

   A word is not counted as its own context (the diagonal of PPMI is 0).
   Each singular vector is defined only up to its sign; teachkit flips it
   so that its entry of largest magnitude is positive, which makes the
   result the same on every run and machine.

3. **A sentence-transformers model** already on disk, with
   :func:`sentence_transformer_vectors`.  The package is imported only
   then; if it or the model is missing, the call fails at once and says what
   to install or download.  It never waits on an unreachable model hub: an
   uncached model is refused before any network access, and a cached one is
   loaded in the hub's offline mode (``HF_HUB_OFFLINE=1``,
   ``local_files_only=True``).

Words are lowercased and Unicode-normalized (NFC) like every word in
teachkit, so ``vectors["Machine"]`` and ``vectors["machine"]`` are the same.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from .._checks import check_finite_real, check_list, check_positive_int, check_vectors, scale_by_power_of_two
from .._checks import UnknownWordError
from ..counts.counting import CooccurrenceCounts
from ..counts.association import pmi
from .metrics import labelled_cosines, topic_vector
from ..text import normalize_token

if TYPE_CHECKING:  # only for the annotation: sentence-transformers is optional and slow to import
    from sentence_transformers import SentenceTransformer

__all__ = [
    "WordVectors", "PPMIMatrix", "ppmi_matrix", "ppmi_svd",
    "DEFAULT_SENTENCE_MODEL", "load_sentence_transformer", "sentence_transformer_vectors",
]

#: The model the semantic-metrics document names (384 dimensions, ~90 MB).
DEFAULT_SENTENCE_MODEL = "sentence-transformers/all-MiniLM-L6-v2"


# ------------------------------------------------------------------ container
class WordVectors:
    """A fixed set of word vectors, with cosine look-ups.

    Parameters
    ----------
    vectors : mapping word -> vector, or array_like of shape (V, d)
    vocabulary : sequence of str
        The words of the rows, required with a matrix, refused with a mapping.

    Attributes
    ----------
    vocabulary : tuple of str
    matrix : numpy.ndarray (read-only), shape (V, d)
    dim : int
    singular_values, ppmi :
        Set by :func:`ppmi_svd` (all singular values of the PPMI matrix, and
        the :class:`PPMIMatrix` itself); None otherwise.

    Examples
    --------
    >>> wv = WordVectors({"cat": [1, 0], "dog": [1, 1], "car": [0, 1]})
    >>> round(wv.similarity("cat", "dog"), 4)          # 1 / (1 · sqrt 2)
    0.7071
    >>> wv.similarity_matrix(["cat", "car"]).tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    """

    def __init__(self, vectors: Mapping[str, ArrayLike] | ArrayLike, vocabulary: Iterable[str] | None = None) -> None:
        words: Sequence[str]
        if isinstance(vectors, Mapping):
            if vocabulary is not None:
                raise TypeError("vectors is a mapping word -> vector, whose keys are the vocabulary; "
                                "leave vocabulary out.")
            if not vectors:
                raise ValueError("vectors is empty: give at least one word and its vector.")
            matrix, words = check_vectors(vectors, "vectors")
        else:
            if vocabulary is None:
                raise TypeError("vectors is a matrix: pass vocabulary=[...] too, the word of each row.")
            words = check_list(vocabulary, "vocabulary")
            if not words:
                raise ValueError("vocabulary is empty: give at least one word and its vector.")
            matrix, _ = check_vectors(vectors, "vectors")
            if matrix.shape[0] != len(words):
                raise ValueError(f"vocabulary has {len(words)} words but vectors has {matrix.shape[0]} rows.")
        index = {}
        for i, w in enumerate(words):
            if not isinstance(w, str):
                raise TypeError(f"vocabulary entries must be strings, got {w!r}.")
            key = normalize_token(w)
            if key in index:
                raise ValueError(f"the vocabulary names {w!r} twice (after lowercasing and Unicode normalization).")
            index[key] = i
        matrix.setflags(write=False)
        self._matrix = matrix
        self._index = index
        self._words = tuple(index)
        # set by ppmi_svd on the vectors it makes
        self.singular_values: np.ndarray | None = None
        self.ppmi: PPMIMatrix | None = None

    @property
    def vocabulary(self) -> tuple[str, ...]:
        return self._words

    @property
    def matrix(self) -> np.ndarray:
        return self._matrix

    @property
    def dim(self) -> int:
        return self._matrix.shape[1]

    def __len__(self) -> int:
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and normalize_token(word) in self._index

    def _row(self, word):
        if not isinstance(word, str):
            raise TypeError(f"a word must be a string, got {word!r}.")
        i = self._index.get(normalize_token(word))
        if i is None:
            raise UnknownWordError(
                f"{word!r} has no vector: it is not among these {len(self)} words. "
                "Check the spelling, or add it to the corpus or vectors."
            )
        return i

    def __getitem__(self, word: str) -> np.ndarray:
        """The vector of ``word`` (read-only)."""
        return self._matrix[self._row(word)]

    def similarity(self, word1: str, word2: str) -> float:
        """Cosine similarity of two words' vectors.

        Raises ValueError if either vector is all zeros (cosine 0/0).
        """
        return float(self.similarity_matrix([word1, word2])[0, 1])

    def similarity_matrix(self, words: Iterable[str]) -> np.ndarray:
        """Cosine similarity of every pair of ``words``, an n × n matrix.

        Ready for :func:`teachkit.semantic_coherence`.
        """
        if isinstance(words, str):
            raise TypeError("words must be a list of words, not a single string.")
        words = list(words)
        if not words:
            raise ValueError("words is empty; give at least one word.")
        rows = self._matrix[[self._row(w) for w in words]]
        return labelled_cosines(rows, words, "words")

    def topic_vector(self, words: Iterable[str]) -> np.ndarray:
        """The mean of ``words``' vectors (see :func:`teachkit.topic_vector`)."""
        if isinstance(words, str):
            raise TypeError("words must be a list of words, not a single string.")
        words = list(words)
        if not words:
            raise ValueError("words is empty; a topic needs at least one word.")
        return topic_vector(self._matrix[[self._row(w) for w in words]])

    def most_similar(self, word: str, topn: int = 5) -> list[tuple[str, float]]:
        """The ``topn`` other words with the highest cosine to ``word``.

        Words whose vector is all zeros are left out (their cosine is undefined).
        """
        topn = check_positive_int(topn, "topn")
        i = self._row(word)
        # Rows scaled by powers of two (exact; cosines ignore length) so that
        # norms of huge or tiny vectors neither overflow nor vanish.
        rows = scale_by_power_of_two(self._matrix, axis=1)
        norms = np.linalg.norm(rows, axis=1)
        if norms[i] == 0:
            raise ValueError(f"{word!r} has the zero vector, whose cosine with anything is undefined.")
        ok = np.flatnonzero(norms > 0)
        ok = ok[ok != i]
        cos = (rows[ok] @ rows[i]) / (norms[ok] * norms[i])
        order = np.lexsort((ok, -cos))[:topn]  # ties: vocabulary order
        return [(self._words[ok[j]], float(cos[j])) for j in order]

    def __repr__(self) -> str:
        return f"WordVectors({len(self)} words, dim={self.dim})"


# ------------------------------------------------------------ PPMI and SVD
class PPMIMatrix(NamedTuple):
    """Positive PMI of every pair of words, with the counts it came from."""

    words: tuple
    matrix: np.ndarray        # PPMI[i, j], 0 on the diagonal
    word_counts: np.ndarray   # c(w)
    pair_counts: np.ndarray   # c(w1, w2)
    n: int                    # number of windows


def ppmi_matrix(counts: CooccurrenceCounts, words: Iterable[str] | None = None, min_count: int = 1) -> PPMIMatrix:
    """Positive PMI of every pair of counted words.

    ::

        PPMI[i, j] = max(0, ln( c(w_i, w_j) · n / (c(w_i) · c(w_j)) ))   for i != j
        PPMI[i, j] = 0   when c(w_i, w_j) = 0 (PMI would be -inf), and when i = j

    Parameters
    ----------
    counts : CooccurrenceCounts
    words : sequence of str, optional
        The words (rows) to keep; default every counted word with
        ``c(w) >= min_count``, in the order first seen.
    min_count : int, default 1

    Returns
    -------
    PPMIMatrix

    Examples
    --------
    Four documents "a b", "a b", "c d", "a c": n = 4, c(a) = 3, c(b) = 2,
    c(a, b) = 2, so PPMI(a, b) = ln(2·4 / (3·2)) = ln(4/3) = 0.2877.

    >>> counts = CooccurrenceCounts.from_documents(["a b", "a b", "c d", "a c"])
    >>> p = ppmi_matrix(counts)
    >>> p.words, round(float(p.matrix[0, 1]), 4)
    (('a', 'b', 'c', 'd'), 0.2877)
    """
    if not isinstance(counts, CooccurrenceCounts):
        raise TypeError("counts must be a teachkit.CooccurrenceCounts (e.g. CooccurrenceCounts.from_documents(docs)).")
    min_count = check_positive_int(min_count, "min_count")
    if words is None:
        words = [w for w in counts.vocabulary if counts.count(w) >= min_count]
        if not words:
            raise ValueError(f"no word occurs in at least min_count={min_count} windows; lower min_count.")
    else:
        if isinstance(words, str):
            raise TypeError("words must be a list of words, not a single string.")
        words = [normalize_token(w) for w in words]
        if len(set(words)) != len(words):
            raise ValueError("words names a word twice.")
        rare = [w for w in words if counts.count(w) < min_count]
        if rare:
            raise ValueError(f"words holds {rare[0]!r}, which lies in fewer than min_count={min_count} windows "
                             "(a word in no window has no PMI at all).")
    # Every pair of the chosen words is needed: ask for the full matrix explicitly.
    c, pairs = counts.pair_count_matrix(words)
    n = counts.n
    ppmi = np.zeros(pairs.shape, dtype=float)
    seen = pairs > 0
    np.fill_diagonal(seen, False)
    i, j = np.nonzero(seen)            # row-major, the order ppmi[seen] fills in
    ppmi[seen] = np.maximum(0.0, pmi(pairs[i, j] / n, c[i] / n, c[j] / n))
    for arr in (ppmi, c, pairs):
        arr.setflags(write=False)
    return PPMIMatrix(words=tuple(words), matrix=ppmi, word_counts=c, pair_counts=pairs, n=n)


def ppmi_svd(corpus: Iterable[str | Sequence[str]] | CooccurrenceCounts, dim: int, *, window: int | None = None,
             min_count: int = 1, power: float = 0.5) -> WordVectors:
    """Word vectors from a corpus: positive PMI, then a truncated SVD.

    Parameters
    ----------
    corpus : iterable of documents, or CooccurrenceCounts
        Documents as :meth:`CooccurrenceCounts.from_documents` takes them,
        or counts already made.
    dim : int
        Number of dimensions kept (at most the number of words).
    window : int or None, default None
        Window size for counting documents (None: whole documents).  Only
        with documents; counts already carry their window.
    min_count : int, default 1
        Leave out words lying in fewer windows.
    power : float, default 0.5
        Exponent p on the singular values: vectors are ``U_k Σ_k^p``.  0 keeps
        U alone, 1 gives ``U_k Σ_k``; 0.5 splits Σ evenly between words and
        contexts, the usual choice.

    Returns
    -------
    WordVectors
        With ``.singular_values`` (all of them, largest first) and ``.ppmi``.

    Notes
    -----
    PPMI has a zero diagonal, so its eigenvalues come in both signs and
    equal singular values are common (a word and its only context give two).
    When the ``dim``-th and the next singular value are equal, which of the
    tied directions is kept is arbitrary (the same on every run with the same
    numpy); choose ``dim`` between distinct values (see ``singular_values``)
    for a result that does not depend on it.

    Examples
    --------
    "cat" and "dog" share every context, so their PPMI rows, and vectors, are equal:

    >>> docs = ["cat purrs", "dog purrs", "cat eats", "dog eats", "car drives"]
    >>> wv = ppmi_svd(docs, dim=4)
    >>> round(wv.similarity("cat", "dog"), 6), round(wv.similarity("cat", "car"), 6)
    (1.0, 0.0)
    """
    if isinstance(corpus, CooccurrenceCounts):
        if window is not None:
            raise ValueError("window applies only when counting documents; these counts already have "
                             f"window={corpus.window}.")
        counts = corpus
    else:
        counts = CooccurrenceCounts.from_documents(corpus, window=window)
    p = ppmi_matrix(counts, min_count=min_count)
    v = len(p.words)
    dim = check_positive_int(dim, "dim")
    if dim > v:
        raise ValueError(f"dim={dim} is more than the {v} words in the vocabulary; choose dim <= {v}.")
    power = check_finite_real(power, "power", minimum=0.0)
    u, s, _ = np.linalg.svd(p.matrix)
    # Fix each singular vector's sign: the entry of largest magnitude (the
    # first, on a tie) is made positive.
    pivot = np.argmax(np.abs(u), axis=0)
    signs = np.where(u[pivot, np.arange(u.shape[1])] < 0, -1.0, 1.0)
    u = u * signs
    vectors = u[:, :dim] * s[:dim] ** power
    result = WordVectors(vectors, vocabulary=p.words)
    s.setflags(write=False)
    result.singular_values = s
    result.ppmi = p
    return result


# ---------------------------------------------------- sentence-transformers
def _hf_repo_id(name):
    # sentence-transformers reads a bare name ("all-MiniLM-L6-v2") as one of
    # its own models on the hub.
    return name if "/" in name else f"sentence-transformers/{name}"


def _is_cached(name, cache_folder):
    """True/False when the model's files can be found on disk; None when unsure."""
    if os.path.isdir(name):
        return True
    repo_id = _hf_repo_id(name)
    cache_folder = cache_folder or os.environ.get("SENTENCE_TRANSFORMERS_HOME")
    if cache_folder and os.path.isdir(os.path.join(cache_folder, repo_id.replace("/", "_"))):
        return True  # the layout of sentence-transformers before 2.3
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return None
    # A file lookup in the local cache only; no network access.
    try:
        found = try_to_load_from_cache(repo_id, "config.json", cache_dir=cache_folder)
    except Exception:  # e.g. a name that is no valid repository id: let the loader say what is wrong
        return None
    return isinstance(found, str)


_TRUE_VALUES = {"1", "ON", "YES", "TRUE"}  # how huggingface_hub reads a boolean variable


@contextlib.contextmanager
def _hub_offline():
    """HF_HUB_OFFLINE=1 while loading, restored afterwards.

    huggingface_hub reads the variable once, when it is first imported, into
    ``huggingface_hub.constants.HF_HUB_OFFLINE``; that copy is set and
    restored too, whether the module was imported before or during the block.
    """
    saved_env = os.environ.get("HF_HUB_OFFLINE")
    before = sys.modules.get("huggingface_hub.constants")
    saved_const = getattr(before, "HF_HUB_OFFLINE", None)
    os.environ["HF_HUB_OFFLINE"] = "1"
    if before is not None:
        before.HF_HUB_OFFLINE = True
    try:
        yield
    finally:
        if saved_env is None:
            os.environ.pop("HF_HUB_OFFLINE", None)
        else:
            os.environ["HF_HUB_OFFLINE"] = saved_env
        after = sys.modules.get("huggingface_hub.constants")
        if after is not None:
            after.HF_HUB_OFFLINE = (saved_const if after is before
                                    else (saved_env or "").upper() in _TRUE_VALUES)


def load_sentence_transformer(model: str | os.PathLike = DEFAULT_SENTENCE_MODEL, *,
                              cache_folder: str | os.PathLike | None = None, allow_download: bool = False,
                              device: str | None = None) -> SentenceTransformer:
    """Load a sentence-transformers model from disk, or fail at once saying why.

    Parameters
    ----------
    model : str or path-like
        A model name on the Hugging Face hub, or a local directory.
    cache_folder : str, optional
        Where the model is cached (default: the hub's cache, or
        ``$SENTENCE_TRANSFORMERS_HOME``).
    allow_download : bool, default False
        False: use only files already on disk, in the hub's offline mode, so
        nothing waits on the network; a model not on disk is refused before
        any attempt to load it.  True: let sentence-transformers download the
        model (needs the internet).
    device : str, optional
        e.g. "cpu"; default lets sentence-transformers choose.

    Raises
    ------
    ImportError
        sentence-transformers is not installed (the message says how to
        install it).
    FileNotFoundError
        The model is not on disk (the message says how to download it).
    """
    # A folder may come as a pathlib.Path: what the loader and the cache look-up take is its path string.
    name = os.fspath(model) if isinstance(model, os.PathLike) else model
    if not isinstance(name, str) or not name:
        raise TypeError(f"model must be a model name or a folder path, got {model!r}.")
    offline = _hub_offline() if not allow_download else contextlib.nullcontext()
    with offline:
        # Imported here, not at the top: the package is optional and heavy,
        # and HF_HUB_OFFLINE must be set before huggingface_hub is imported.
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ImportError(
                "sentence_transformer_vectors needs the sentence-transformers package, which is not installed. "
                "Install it with `python -m pip install sentence-transformers` (it brings PyTorch, about 1 GB), "
                "or use teachkit.semantic.embeddings.ppmi_svd / WordVectors, which need nothing more."
            ) from exc
        if allow_download:
            return SentenceTransformer(name, cache_folder=cache_folder, device=device)
        if _is_cached(name, cache_folder) is False:
            raise FileNotFoundError(_download_message(name, cache_folder))
        try:
            return SentenceTransformer(name, cache_folder=cache_folder, device=device, local_files_only=True)
        except OSError as exc:
            raise FileNotFoundError(f"{_download_message(name, cache_folder)} (the loader said: {exc})") from exc


def _download_message(model, cache_folder):
    where = f", cache_folder={cache_folder!r}" if cache_folder else ""
    return (
        f"the model {model!r} is not on this computer, and teachkit does not download it unasked. "
        "Download it once while online, e.g. `python -c \"from sentence_transformers import "
        f"SentenceTransformer; SentenceTransformer({model!r}{where})\"`, or pass allow_download=True; "
        "or give the path of a folder that holds the model."
    )


def sentence_transformer_vectors(words: Iterable[str], model: str | os.PathLike | Any = DEFAULT_SENTENCE_MODEL, *,
                                 cache_folder: str | os.PathLike | None = None, allow_download: bool = False,
                                 device: str | None = None) -> WordVectors:
    """Embed ``words`` with a sentence-transformers model and return WordVectors.

    Parameters
    ----------
    words : sequence of str
    model : str or a loaded model
        A name or folder for :func:`load_sentence_transformer`, or any object
        with an ``encode(list_of_str)`` method (a model already loaded).
    cache_folder, allow_download, device :
        See :func:`load_sentence_transformer`.

    Returns
    -------
    WordVectors
        Vectors as the model gives them (not rescaled).
    """
    if isinstance(words, str) or not isinstance(words, Iterable):
        raise TypeError("words must be a list of words, not a single string.")
    words = list(words)
    if not words or not all(isinstance(w, str) for w in words):
        raise ValueError("words must be a non-empty list of strings.")
    if isinstance(model, (str, os.PathLike)):
        model = load_sentence_transformer(model, cache_folder=cache_folder, allow_download=allow_download,
                                          device=device)
    elif not hasattr(model, "encode"):
        raise TypeError("model must be a model name, a folder, or a loaded model with an encode() method.")
    vectors = np.asarray(model.encode(words), dtype=float)
    return WordVectors(vectors, vocabulary=words)
