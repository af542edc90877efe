"""The window index on disk: the same counts as in memory and as brute force, its format checks, its size."""

import json
import os
import tempfile
import zlib

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import teachkit as tk
import teachkit.counts.disk_index as disk_index
from teachkit import CooccurrenceCounts, build_index, open_index

from test_counting import SMALL_DOCS, assert_counts_are_gensims, brute_force


def built(docs, window, gensim_compat=False, chunk=None, merge=None):
    folder = os.path.join(tempfile.mkdtemp(), "index")
    with pytest.MonkeyPatch.context() as patch:
        if chunk:
            patch.setattr(disk_index, "_BUILD_CHUNK_TOKENS", chunk)
        if merge:
            patch.setattr(disk_index, "_MERGE_RUNS", merge)
        header = build_index(iter(docs), folder, window=window, gensim_compat=gensim_compat)
    return folder, header


@settings(max_examples=80, deadline=None)
@given(docs=st.lists(st.lists(st.sampled_from(["a", "b", "c", "d", "e", "f", "A"]), max_size=12), min_size=1,
                     max_size=8),
       window=st.one_of(st.none(), st.integers(1, 6)), chunk=st.integers(1, 30), merge=st.integers(1, 6))
def test_an_index_built_in_chunks_equals_brute_force(docs, window, chunk, merge):
    """Chunks of a few tokens (runs spilled to many scratch files) and merge blocks of a few runs change no count."""
    folder, header = built(docs, window, chunk=chunk, merge=merge)
    counts = open_index(folder, window=window)
    lowered = [[t.lower() for t in d] for d in docs]
    n, single, pairs = brute_force(lowered, window)
    assert counts.n == header["n"] == n and counts.n_documents == len(docs)
    assert counts.n_tokens == sum(map(len, docs))
    words = list("abcdefz")
    c, matrix = counts.counts_for(words)
    assert c.tolist() == [single.get(w, 0) for w in words]
    for i, a in enumerate(words):
        for j, b in enumerate(words):
            if i != j:
                assert matrix[i, j] == pairs.get(tuple(sorted((a, b))), 0) == counts.count(a, b), (a, b)
    assert np.array_equal(counts.pair_count_matrix(words)[1], matrix)
    assert sorted(os.listdir(folder)) == ["header.json", "run_end.npy", "run_start.npy", "word_counts.npy",
                                          "word_run.npy", "words.json"]          # no scratch file left


@settings(max_examples=60, deadline=None)
@given(docs=SMALL_DOCS, window=st.integers(2, 6), chunk=st.integers(1, 30))
def test_an_index_with_gensim_compat_equals_gensims_accumulator(docs, window, chunk):
    folder, _ = built(docs, window, gensim_compat=True, chunk=chunk)
    counts = open_index(folder, window=window, gensim_compat=True)
    assert_counts_are_gensims(counts, docs, window)


@pytest.fixture(scope="module")
def wiki():
    from gensim.test.utils import datapath

    with open(datapath("head500.noblanks.cor"), encoding="utf-8") as f:
        return [line.split() for line in f]


@pytest.mark.parametrize("window", [None, 10])
def test_on_gensims_wikipedia_sample_the_index_gives_the_in_memory_values(wiki, window, tmp_path):
    """Several chunks of real text; every topic's coherence equal to the last bit; at most 16 bytes per token."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(disk_index, "_BUILD_CHUNK_TOKENS", 50_000)      # 7 chunks
        patch.setattr(disk_index, "_MERGE_RUNS", 10_000)
        header = build_index(wiki, tmp_path / "index", window=window)
    on_disk = open_index(tmp_path / "index", window=window)
    in_memory = CooccurrenceCounts.from_documents(wiki, window=window)
    assert (on_disk.n, on_disk.vocabulary) == (in_memory.n, in_memory.vocabulary)
    assert np.array_equal(on_disk._word_counts, in_memory._word_counts)
    ranked = sorted(in_memory.vocabulary, key=lambda w: (-in_memory.count(w), w))
    topics = [ranked[i:i + 10] for i in range(0, 400, 10)]
    for topic in topics:
        assert tk.topic_coherence(topic, on_disk).mean == tk.topic_coherence(topic, in_memory).mean
    assert header["bytes"] <= 16 * header["n_tokens"], header
    assert np.load(tmp_path / "index" / "run_start.npy", mmap_mode="r").dtype == np.int32   # 32-bit where they fit
    assert header["n_tokens"] == sum(map(len, wiki))


def test_the_header_says_what_was_built(tmp_path):
    header = build_index(["fire smoke", "fire ash"], tmp_path / "i", window=None)
    on_disk = json.loads((tmp_path / "i" / "header.json").read_text())
    assert on_disk == {k: v for k, v in header.items() if k != "bytes"}
    assert (on_disk["format"], on_disk["version"], on_disk["window"], on_disk["gensim_compat"]) == (
        "teachkit window index", 2, None, False)
    assert (on_disk["n"], on_disk["n_documents"], on_disk["n_tokens"], on_disk["n_words"]) == (2, 2, 4, 3)
    # every file's CRC-32, and the header's own over its other keys as compact sorted JSON
    for name, checksum in on_disk["checksums"].items():
        assert checksum == f"crc32:{zlib.crc32((tmp_path / 'i' / name).read_bytes()):08x}"
    assert sorted(on_disk["checksums"]) == sorted(set(os.listdir(tmp_path / "i")) - {"header.json"})
    rest = {k: v for k, v in on_disk.items() if k != "header_checksum"}
    text = json.dumps(rest, sort_keys=True, separators=(",", ":"))
    assert on_disk["header_checksum"] == f"crc32:{zlib.crc32(text.encode()):08x}"
    assert json.loads((tmp_path / "i" / "words.json").read_text()) == ["fire", "smoke", "ash"]   # first seen first


# --- refusals -----------------------------------------------------------------

def test_another_window_or_version_is_refused_clearly(tmp_path):
    build_index([["a", "b", "c"]], tmp_path / "i", window=2)
    with pytest.raises(ValueError, match=r"window=2, not window=3"):
        open_index(tmp_path / "i", window=3)
    with pytest.raises(ValueError, match=r"window=2, not whole documents"):
        open_index(tmp_path / "i", window=None)
    with pytest.raises(ValueError, match="gensim_compat=False, not gensim_compat=True"):
        open_index(tmp_path / "i", window=2, gensim_compat=True)
    header = json.loads((tmp_path / "i" / "header.json").read_text())
    (tmp_path / "i" / "header.json").write_text(json.dumps({**header, "version": 99, "teachkit": "9.9"}))
    with pytest.raises(ValueError, match=r"format version 99 \(written by teachkit 9.9\).*reads version 2"):
        open_index(tmp_path / "i", window=2)


def test_a_folder_without_an_index_or_with_a_damaged_one_is_refused(tmp_path):
    with pytest.raises(ValueError, match="no teachkit index"):
        open_index(tmp_path, window=None)
    build_index([["a", "b"]], tmp_path / "i", window=None)
    (tmp_path / "i" / "run_end.npy").unlink()
    with pytest.raises(ValueError, match="incomplete or damaged"):
        open_index(tmp_path / "i", window=None)
    (tmp_path / "j").mkdir()
    (tmp_path / "j" / "header.json").write_text("{not json")
    with pytest.raises(ValueError, match="not readable JSON"):
        open_index(tmp_path / "j", window=None)


@pytest.mark.parametrize("call, error, match", [
    (lambda p: build_index("one string", p / "i"), TypeError, "docs"),
    (lambda p: build_index([["a"]], p / "i", window=0), ValueError, "window"),
    (lambda p: build_index([["a"]], p / "i", gensim_compat=True), ValueError, "window"),
    (lambda p: build_index([], p / "i"), ValueError, "empty"),
    (lambda p: build_index([["a", 3]], p / "i"), TypeError, "document 0"),
    (lambda p: build_index([["a"]], 42), TypeError, "directory"),
    (lambda p: open_index(p, window=1.5), TypeError, "window"),
    (lambda p: open_index(p, window=None, gensim_compat="yes"), TypeError, "gensim_compat"),
])
def test_bad_arguments_name_the_argument(tmp_path, call, error, match):
    with pytest.raises(error, match=match):
        call(tmp_path)
    assert not (tmp_path / "i").exists()          # a failed build leaves nothing behind


def test_an_index_is_never_written_over_other_files(tmp_path):
    (tmp_path / "i").mkdir()
    (tmp_path / "i" / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="not empty"):
        build_index([["a"]], tmp_path / "i")
    assert os.listdir(tmp_path / "i") == ["notes.txt"]
    build_index([["a"]], tmp_path / "empty")          # an empty folder, or a new one, is fine
    assert open_index(tmp_path / "empty", window=None).count("a") == 1
