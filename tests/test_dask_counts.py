"""Counting on a Dask cluster: a dask.distributed LocalCluster of several worker processes gives, count for count,
what one process gives (and so brute force and gensim, against which that one is tested)."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import dask.bag as db
from dask.distributed import Client, LocalCluster

import teachkit as tk
from teachkit import CooccurrenceCounts, count_on_dask

from test_counting import assert_counts_are_gensims, brute_force


@pytest.fixture(scope="module")
def client():
    # Three worker processes (documents and counts cross process boundaries, as on a real cluster);
    # no dashboard, and the scheduler on a free port, so parallel test runs do not collide.
    with LocalCluster(n_workers=3, threads_per_worker=1, processes=True, dashboard_address=None,
                      scheduler_port=0, silence_logs=40) as cluster, Client(cluster) as c:
        assert len(c.scheduler_info()["workers"]) == 3
        yield c


def same_counts(a, b, words):
    assert (a.n, a.n_documents, a.n_tokens) == (b.n, b.n_documents, b.n_tokens)
    ca, ma = a.counts_for(words)
    cb, mb = b.counts_for(words)
    assert ca.tolist() == cb.tolist() and ma.tolist() == mb.tolist()


documents = st.lists(st.lists(st.sampled_from(["a", "b", "c", "d", "E", "é"]), max_size=12), min_size=1, max_size=12)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(docs=documents, window=st.one_of(st.none(), st.integers(1, 6)), parts=st.integers(1, 5),
       words=st.lists(st.sampled_from(["a", "b", "c", "e", "é", "zebra"]), min_size=1, max_size=5))
def test_partitions_counted_on_workers_add_up_to_one_process(client, docs, window, parts, words):
    bag = db.from_sequence(docs, npartitions=min(parts, len(docs)))
    on_dask = count_on_dask(bag, words, window)
    same_counts(on_dask, CooccurrenceCounts.from_documents(docs, window, words=words), words)
    n, single, pairs = brute_force([[t.lower() for t in d] for d in docs], window)
    assert on_dask.n == n


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(docs=st.lists(st.lists(st.sampled_from("abcde"), min_size=1, max_size=15), min_size=1, max_size=8),
       window=st.integers(2, 6), parts=st.integers(1, 4))
def test_gensims_under_count_adds_up_too(client, docs, window, parts):
    words = sorted({w for d in docs for w in d})
    on_dask = count_on_dask(db.from_sequence(docs, npartitions=min(parts, len(docs))), words, window,
                            gensim_compat=True)
    assert_counts_are_gensims(on_dask, docs, window)


def test_files_on_shared_storage_read_as_token_lists(client, tmp_path):
    """As docs/corpora.md shows: one tokenized document per line, files read by the workers, topics scored from
    the sum."""
    from gensim.test.utils import datapath

    with open(datapath("head500.noblanks.cor"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    for i in range(4):                                       # four files, one per part of the sample
        (tmp_path / f"part{i}.txt").write_text("\n".join(lines[i::4]) + "\n", encoding="utf-8")
    texts = [line.split() for i in range(4) for line in lines[i::4]]
    topics = [["anarch", "state", "societi", "libertarian", "individu"], ["war", "armi", "forc", "zzzz", "battl"]]
    words = sorted({w for t in topics for w in t})
    bag = db.read_text(str(tmp_path / "part*.txt"), blocksize=100_000).map(str.split)
    assert bag.npartitions > 4
    on_dask = count_on_dask(bag, words, window=10)
    alone = CooccurrenceCounts.from_documents(texts, window=10, words=words)
    same_counts(on_dask, alone, words)
    full = CooccurrenceCounts.from_documents(texts, window=10)
    for topic in topics:
        scored = tk.topic_coherence(topic, on_dask)
        assert scored.mean == tk.topic_coherence(topic, full).mean
    assert tk.topic_coherence(topics[1], on_dask).skipped == ("zzzz",)       # a word in no window: skipped


def test_bad_input_names_the_argument(client):
    with pytest.raises(TypeError, match="bag"):
        count_on_dask([["a", "b"]], ["a"])
    with pytest.raises(TypeError, match="words"):
        count_on_dask(db.from_sequence([["a"]]), "ab")
    with pytest.raises(ValueError, match="window"):
        count_on_dask(db.from_sequence([["a"]]), ["a"], window=0)
    with pytest.raises(ValueError, match="no document"):
        count_on_dask(db.from_sequence([], npartitions=1), ["a"])


def test_the_docs_dask_script_runs_as_a_script_and_prints_the_one_process_values(tmp_path):
    """docs/corpora.md's script, copied as it stands, run as `python script.py "files"` (a cluster of its own)."""
    import pathlib
    import re
    import subprocess
    import sys

    from gensim.test.utils import datapath

    section = (pathlib.Path(__file__).resolve().parents[1] / "docs" / "corpora.md").read_text(encoding="utf-8")
    script = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    (tmp_path / "coherence_on_dask.py").write_text(script, encoding="utf-8")
    with open(datapath("head500.noblanks.cor"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    (tmp_path / "corpus").mkdir()
    for i in range(2):
        (tmp_path / "corpus" / f"part{i}.txt").write_text("\n".join(lines[i::2]) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "coherence_on_dask.py", str(tmp_path / "corpus" / "*.txt")],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    printed = [float(line.split()[0]) for line in out.stdout.splitlines()]
    namespace = {}
    exec(script.split("\n\ndef main")[0], namespace)                       # the script's TOPICS
    full = CooccurrenceCounts.from_documents([line.split() for line in lines], window=10)
    assert printed == [float(f"{tk.topic_coherence(t, full).mean:.6f}") for t in namespace["TOPICS"]]
