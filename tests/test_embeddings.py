"""Word vectors: given by the user, learned by PPMI + SVD, and the sentence-transformers failure paths.

Expected values are worked out by hand (arithmetic in the comments) or by
scipy; sentence-transformers is not installed here, so its loader is tested
with stand-in modules put into ``sys.modules``.
"""

import math
import os
import sys
import types
from fractions import Fraction

import numpy as np
import pytest
import scipy.linalg

import teachkit as tk
from teachkit import CooccurrenceCounts, UnknownWordError, WordVectors, ppmi_matrix, ppmi_svd
from teachkit.semantic import embeddings


# ----------------------------------------------------------- given vectors
def test_vectors_from_a_mapping():
    wv = WordVectors({"cat": [1, 0], "Dog": [1, 1], "car": [0, 2]})
    assert wv.vocabulary == ("cat", "dog", "car") and len(wv) == 3 and wv.dim == 2
    assert wv["DOG"].tolist() == [1.0, 1.0] and "Cat" in wv and "cow" not in wv
    # cos(cat, dog) = (1·1 + 0·1) / (1 · sqrt 2) = 0.70711;  cos(dog, car) = 2 / (sqrt 2 · 2) = 0.70711
    assert wv.similarity("cat", "dog") == pytest.approx(1 / math.sqrt(2), abs=1e-15)
    assert wv.similarity("cat", "car") == pytest.approx(0.0, abs=1e-15)
    m = wv.similarity_matrix(["cat", "dog", "car"])
    assert m == pytest.approx(np.array([[1, 1 / math.sqrt(2), 0],
                                        [1 / math.sqrt(2), 1, 1 / math.sqrt(2)],
                                        [0, 1 / math.sqrt(2), 1]]), abs=1e-15)
    # The mean of cat and car: ((1 + 0)/2, (0 + 2)/2) = (0.5, 1.0)
    assert wv.topic_vector(["cat", "car"]).tolist() == [0.5, 1.0]
    ranked = wv.most_similar("cat", topn=2)
    assert [w for w, _ in ranked] == ["dog", "car"]
    assert [c for _, c in ranked] == pytest.approx([1 / math.sqrt(2), 0.0], abs=1e-15)


def test_vectors_from_a_matrix_and_vocabulary():
    wv = WordVectors(np.array([[3.0, 4.0], [4.0, 3.0]]), vocabulary=["a", "b"])
    # cos = (12 + 12) / (5 · 5) = 0.96
    assert wv.similarity("a", "b") == pytest.approx(0.96, abs=1e-15)
    assert wv.matrix.flags.writeable is False
    with pytest.raises(ValueError):
        wv["a"][0] = 1.0


def test_similarity_matrix_feeds_semantic_coherence():
    # Unit vectors with cosines 0.85, 0.82, 0.88 (rows of a Cholesky factor):
    # the similarity matrix comes back as the document's S, and SC follows.
    s = np.array([[1, 0.85, 0.82], [0.85, 1, 0.88], [0.82, 0.88, 1.0]])
    wv = WordVectors(np.linalg.cholesky(s), vocabulary=["machine", "learning", "algorithm"])
    got = wv.similarity_matrix(["machine", "learning", "algorithm"])
    assert got == pytest.approx(s, abs=1e-12)
    # SC by hand, in exact fractions: S_h = 0.7·S + 0.3·(S·S/3) with its diagonal set to 1 (the default
    # indirect_diagonal="one"), I = λλᵀ, SC = Σ(S_h ⊙ I) / Σ I  (= 0.892278784...).
    f = [[Fraction(str(x)) for x in row] for row in s.tolist()]
    lam = [Fraction("0.32"), Fraction("0.36"), Fraction("0.32")]
    sh = [[Fraction(1) if i == j else Fraction(7, 10) * f[i][j]
           + Fraction(3, 10) * sum(f[i][k] * f[k][j] for k in range(3)) / 3 for j in range(3)] for i in range(3)]
    by_hand = (sum(sh[i][j] * lam[i] * lam[j] for i in range(3) for j in range(3))
               / sum(lam[i] * lam[j] for i in range(3) for j in range(3)))
    assert tk.semantic_coherence(got, weights=[0.32, 0.36, 0.32]).score == pytest.approx(float(by_hand), abs=1e-12)


def test_bad_given_vectors():
    with pytest.raises(UnknownWordError, match="'cow' has no vector") as info:
        WordVectors({"cat": [1.0]})["cow"]
    assert isinstance(info.value, KeyError) and isinstance(info.value, ValueError)
    with pytest.raises(ValueError, match="'zero' is the zero vector"):
        WordVectors({"zero": [0, 0], "one": [1, 0]}).similarity("zero", "one")
    with pytest.raises(ValueError, match="twice"):
        WordVectors({"Cat": [1], "cat": [2]})
    with pytest.raises(ValueError, match="same length"):
        WordVectors({"a": [1, 2], "b": [1]})
    with pytest.raises(ValueError, match="NaN"):
        WordVectors({"a": [float("nan")]})
    with pytest.raises(TypeError, match="vocabulary"):
        WordVectors([[1.0]])
    with pytest.raises(TypeError, match="leave vocabulary out"):
        WordVectors({"a": [1.0]}, vocabulary=["a"])
    with pytest.raises(ValueError, match="2 rows"):
        WordVectors([[1.0], [2.0]], vocabulary=["a"])
    with pytest.raises(ValueError, match="empty"):
        WordVectors({})
    with pytest.raises(TypeError, match="single string"):
        WordVectors({"a": [1.0]}).similarity_matrix("a")


# -------------------------------------------------------------- PPMI by hand
DOCS = ["a b", "a b", "c d", "a c"]


def test_ppmi_matrix_by_hand():
    p = ppmi_matrix(CooccurrenceCounts.from_documents(DOCS))
    # Whole documents as windows: n = 4, c(a) = 3, c(b) = 2, c(c) = 2, c(d) = 1;
    # c(a,b) = 2, c(a,c) = 1, c(c,d) = 1, every other pair 0.
    assert p.words == ("a", "b", "c", "d") and p.n == 4
    assert p.word_counts.tolist() == [3, 2, 2, 1]
    expected = np.zeros((4, 4))
    expected[0, 1] = expected[1, 0] = math.log(2 * 4 / (3 * 2))   # ln(4/3) = 0.2877
    # (a, c): ln(1·4 / (3·2)) = ln(2/3) < 0 -> 0
    expected[2, 3] = expected[3, 2] = math.log(1 * 4 / (2 * 1))   # ln 2 = 0.6931
    # never together (b,c), (a,d), (b,d): PMI = -inf -> 0; the diagonal is 0 by definition
    assert p.matrix == pytest.approx(expected, abs=1e-15)


def test_ppmi_is_the_positive_part_of_the_pmi_lesson():
    counts = CooccurrenceCounts.from_documents(DOCS)
    p = ppmi_matrix(counts)
    n = counts.n
    for i, w1 in enumerate(p.words):
        for j, w2 in enumerate(p.words):
            if i != j and counts.count(w1, w2) > 0:
                pmi = tk.pmi(counts.count(w1, w2) / n, counts.count(w1) / n, counts.count(w2) / n)
                assert p.matrix[i, j] == pytest.approx(max(0.0, pmi), abs=1e-12)


def test_ppmi_word_selection():
    counts = CooccurrenceCounts.from_documents(DOCS)
    assert ppmi_matrix(counts, min_count=2).words == ("a", "b", "c")            # d lies in 1 window
    assert ppmi_matrix(counts, words=["D", "C"]).matrix[0, 1] == pytest.approx(math.log(2))
    with pytest.raises(ValueError, match="'zebra'"):
        ppmi_matrix(counts, words=["a", "zebra"])
    with pytest.raises(ValueError, match="min_count"):
        ppmi_matrix(counts, min_count=10)
    with pytest.raises(TypeError, match="CooccurrenceCounts"):
        ppmi_matrix(DOCS)


# -------------------------------------------------------------- PPMI + SVD
CORPUS = [
    "the cat purrs on the mat", "the dog barks at the cat", "a dog chases a cat",
    "the cat sleeps on the mat", "the dog sleeps on the rug", "stocks fall as markets slide",
    "markets rally and stocks rise", "investors sell stocks", "the market and the investors",
]


def test_svd_matches_scipy_and_keeps_u_sigma_power():
    wv = ppmi_svd(CORPUS, dim=5)
    m = wv.ppmi.matrix
    s = scipy.linalg.svdvals(m)
    assert wv.singular_values == pytest.approx(s, abs=1e-10)
    # vectors = U_k Σ_k^0.5 with orthonormal U: vectorsᵀ·vectors = diag(σ_1, ..., σ_5)
    assert wv.matrix.T @ wv.matrix == pytest.approx(np.diag(s[:5]), abs=1e-10)


def test_full_svd_with_power_one_reproduces_ppmi_squared():
    wv = ppmi_svd(CORPUS, dim=len(ppmi_matrix(CooccurrenceCounts.from_documents(CORPUS)).words), power=1)
    m = wv.ppmi.matrix
    # U Σ (U Σ)ᵀ = U Σ² Uᵀ = M Mᵀ = M² for the symmetric M
    assert wv.matrix @ wv.matrix.T == pytest.approx(m @ m, abs=1e-10)


def test_svd_signs_are_fixed_and_runs_agree():
    a = ppmi_svd(CORPUS, dim=4, power=0)
    b = ppmi_svd(list(CORPUS), dim=4, power=0)
    assert np.array_equal(a.matrix, b.matrix)
    # power=0 keeps U itself; in each column the entry of largest magnitude is positive
    cols = a.matrix.T
    assert all(col[np.argmax(np.abs(col))] > 0 for col in cols)


def test_words_with_the_same_contexts_get_the_same_vector():
    docs = ["cat purrs", "dog purrs", "cat eats", "dog eats", "car drives"]
    wv = ppmi_svd(docs, dim=4)
    # PPMI(cat, purrs) = PPMI(dog, purrs) = ln(1·5/(2·2)) = ln 1.25, same for eats:
    # cat and dog have equal rows, car shares no context with them.
    assert wv.ppmi.matrix[0, 1] == pytest.approx(math.log(1.25))
    assert wv.similarity("cat", "dog") == pytest.approx(1.0, abs=1e-12)
    assert wv.similarity("cat", "car") == pytest.approx(0.0, abs=1e-12)


def test_ppmi_svd_from_counts_and_windows():
    counts = CooccurrenceCounts.from_documents(CORPUS, window=3)
    from_counts = ppmi_svd(counts, dim=3)
    from_docs = ppmi_svd(CORPUS, dim=3, window=3)
    assert np.array_equal(from_counts.matrix, from_docs.matrix)
    assert from_counts.ppmi.n == counts.n


def test_ppmi_svd_bad_input():
    with pytest.raises(ValueError, match="dim=99"):
        ppmi_svd(DOCS, dim=99)
    with pytest.raises(ValueError, match="dim"):
        ppmi_svd(DOCS, dim=0)
    with pytest.raises(ValueError, match="power"):
        ppmi_svd(DOCS, dim=2, power=-1)
    with pytest.raises(ValueError, match="window"):
        ppmi_svd(CooccurrenceCounts.from_documents(DOCS), dim=2, window=2)
    with pytest.raises(ValueError, match="empty"):
        ppmi_svd([], dim=2)


# ------------------------------------------------------ sentence-transformers
class FakeModel:
    calls = []

    def __init__(self, name, **kwargs):
        FakeModel.calls.append((name, kwargs, os.environ.get("HF_HUB_OFFLINE")))
        self.name = name

    def encode(self, words):
        return np.array([[len(w), 1.0] for w in words])


@pytest.fixture
def fake_packages(monkeypatch):
    """Stand-ins for sentence_transformers and huggingface_hub (neither is installed here)."""
    FakeModel.calls = []
    st_mod = types.ModuleType("sentence_transformers")
    st_mod.SentenceTransformer = FakeModel
    hub = types.ModuleType("huggingface_hub")
    hub.cached = False
    hub.try_to_load_from_cache = lambda repo_id, filename, cache_dir=None: (
        f"/cache/{repo_id}/{filename}" if hub.cached else None)
    constants = types.ModuleType("huggingface_hub.constants")
    constants.HF_HUB_OFFLINE = False
    monkeypatch.setitem(sys.modules, "sentence_transformers", st_mod)
    monkeypatch.setitem(sys.modules, "huggingface_hub", hub)
    monkeypatch.setitem(sys.modules, "huggingface_hub.constants", constants)
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("SENTENCE_TRANSFORMERS_HOME", raising=False)
    return hub, constants


def test_missing_package_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)   # import fails, as when not installed
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    with pytest.raises(ImportError, match="pip install sentence-transformers"):
        tk.sentence_transformer_vectors(["machine", "learning"])
    assert "HF_HUB_OFFLINE" not in os.environ                          # restored


def test_uncached_model_fails_at_once_without_loading(fake_packages, tmp_path):
    with pytest.raises(FileNotFoundError, match="all-MiniLM-L6-v2.*not on this computer") as info:
        tk.sentence_transformer_vectors(["machine"], cache_folder=str(tmp_path))
    assert "allow_download=True" in str(info.value)
    assert FakeModel.calls == []                      # never tried to load, so never reached the network
    assert "HF_HUB_OFFLINE" not in os.environ


def test_cached_model_loads_offline(fake_packages):
    hub, constants = fake_packages
    hub.cached = True
    wv = tk.sentence_transformer_vectors(["machine", "learning"], model="all-MiniLM-L6-v2")
    [(name, kwargs, env)] = FakeModel.calls
    assert name == "all-MiniLM-L6-v2" and kwargs["local_files_only"] is True and env == "1"
    assert wv["learning"].tolist() == [8.0, 1.0]
    assert "HF_HUB_OFFLINE" not in os.environ and constants.HF_HUB_OFFLINE is False   # both restored


def test_loader_error_becomes_a_download_message(fake_packages, monkeypatch):
    monkeypatch.setitem(sys.modules, "huggingface_hub", None)          # cache state unknown

    class Missing(FakeModel):
        def __init__(self, name, **kwargs):
            super().__init__(name, **kwargs)
            raise OSError("We couldn't connect to 'https://huggingface.co'")

    sys.modules["sentence_transformers"].SentenceTransformer = Missing
    with pytest.raises(FileNotFoundError, match="Download it once while online"):
        embeddings.load_sentence_transformer("some/model")
    assert FakeModel.calls[0][1]["local_files_only"] is True


def test_local_folder_and_download_opt_in(fake_packages, tmp_path):
    embeddings.load_sentence_transformer(str(tmp_path))                  # a folder counts as on disk
    embeddings.load_sentence_transformer("other/model", allow_download=True)
    (_, local_kwargs, local_env), (_, dl_kwargs, dl_env) = FakeModel.calls
    assert local_kwargs["local_files_only"] is True and local_env == "1"
    assert "local_files_only" not in dl_kwargs and dl_env is None


def test_a_folder_given_as_a_path(fake_packages, tmp_path):
    # str | os.PathLike, and "a folder path" in the message: a pathlib.Path was refused as not a model name
    embeddings.load_sentence_transformer(tmp_path)
    wv = tk.sentence_transformer_vectors(["machine", "learning"], model=tmp_path)
    (first, kwargs, env), (second, _, _) = FakeModel.calls
    assert first == second == str(tmp_path) and kwargs["local_files_only"] is True and env == "1"
    assert wv["learning"].tolist() == [8.0, 1.0]


def test_a_loaded_model_can_be_passed_in():
    wv = tk.sentence_transformer_vectors(["ab", "abc"], model=FakeModel("x"))
    assert wv.matrix.tolist() == [[2.0, 1.0], [3.0, 1.0]]
    with pytest.raises(TypeError, match="encode"):
        tk.sentence_transformer_vectors(["a"], model=42)
    with pytest.raises(TypeError, match="single string"):
        tk.sentence_transformer_vectors("machine", model=FakeModel("x"))
