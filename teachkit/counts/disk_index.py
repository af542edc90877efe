"""A window index on disk: build it once from a stream, open it in a moment, ask it about any words.

:meth:`CooccurrenceCounts.from_documents` keeps its index in memory and
``words=`` keeps only the words named in advance.  When many different
topics will be scored against one large reference corpus (all of a
Wikipedia dump, say), build the index once with :func:`build_index` and
open it, memory-mapped, with :func:`open_index`: opening reads the header
and the vocabulary, not the index, so it takes well under a second, and a
query reads only the runs of the words it asks about.  What
:func:`open_index` returns is a :class:`CooccurrenceCounts` like any other:
``count``, ``counts_for``, :func:`teachkit.topic_coherence`,
:func:`teachkit.coherence_per_topic` all take it, with the same values to
the last bit as counts built in memory.

Building reads the documents once, in chunks of about 260,000 tokens; each
chunk's runs are written to a scratch file in the target folder and
dropped, so memory holds one chunk and the vocabulary, whatever the length
of the corpus.  The chunks are then merged word by word, a block of words at
a time, into the final files; the scratch files are deleted.

The format (version 2)
----------------------
A folder holding::

    header.json      {"format": "teachkit window index", "version": 2,
                      "window": 10 or null (whole documents), "gensim_compat": false,
                      "n": windows, "n_documents": ..., "n_tokens": ...,
                      "n_words": ..., "n_runs": ..., "teachkit": "0.1.0",
                      "checksums": {"words.json": "crc32:1a2b3c4d", "word_counts.npy": ..., ...},
                      "header_checksum": "crc32:..."}
    words.json       the vocabulary, a JSON list: word id i is the i-th word
    word_counts.npy  c(w) for every word id (int64)
    word_run.npy     word w's runs are run_start[word_run[w] : word_run[w + 1]] (n_words + 1 entries)
    run_start.npy    first window of each run
    run_end.npy      one past the last window of each run

The ``.npy`` files are numpy's own format (``numpy.load`` reads them).  A
*run* is a stretch of consecutive windows that all hold a word; a word's
runs are sorted and disjoint, so ``c(w)`` is the total length of its runs
and ``c(w1, w2)`` the total length of their overlaps (see
:mod:`teachkit.counts.counting`).  Windows are numbered 0 .. n - 1 through the
corpus, documents in the order read.  ``run_start`` and ``run_end`` are
32-bit integers when ``n`` fits (int64 otherwise), and so is ``word_run``
when the number of runs fits.  A word's run never holds fewer than one of
its tokens, so there are at most as many runs as tokens: with 32-bit window
numbers the index takes at most 8 bytes per token, plus 12 bytes and the
word itself per distinct word.

``version`` changes whenever this layout changes; :func:`open_index` refuses
an index of another version, or one built with another window or
``gensim_compat``, saying which.  ``header.json`` is written last: a folder
whose build was interrupted has none and is not an index.

Checksums
---------
A damaged index must never give counts: one flipped byte in a run file moves
a run, and the counts it gives are wrong without anything looking amiss.  So
``checksums`` holds the CRC-32 of every other file's bytes, and
``header_checksum`` the CRC-32 of the header itself (every other key, as
``json.dumps(..., sort_keys=True, separators=(",", ":"))``); :func:`open_index`
checks them all before it gives any count.  CRC-32 detects every error
confined to 32 consecutive bits (any flipped byte) and misses other damage
with probability 2**-32; it guards against accidents (a bad disk, an
interrupted copy, a hand edit), not against someone who recomputes it.  It is
chosen over SHA-256 for speed, since opening reads the whole index once (see
:func:`open_index`'s ``verify``): for the 684 MiB index of 99.4M tokens, read
from the operating system's cache, CRC-32 takes 0.13 s and SHA-256 0.37 s
(2-core benchmark machine, 2026-11-25).  Version 1 had no checksums; its
indexes are refused with a message to build them again.
"""

from __future__ import annotations

import json
import os
import shutil
import uuid
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .._checks import check_flag, check_positive_int, short_repr
from ._engine import check_corpus_arguments, chunk_runs, pad_with_zeros
from .counting import CooccurrenceCounts

__all__ = ["build_index", "open_index", "INDEX_FORMAT", "INDEX_VERSION"]

INDEX_FORMAT = "teachkit window index"
INDEX_VERSION = 2

# Tokens counted per chunk before its runs are spilled to disk; runs merged into the final files per
# block of words (two buffers of this many entries).
_BUILD_CHUNK_TOKENS = 1 << 18
_MERGE_RUNS = 1 << 21
_ARRAYS = ("word_counts", "word_run", "run_start", "run_end")
# Every file the checksums cover; the run files (most of the index) are the ones verify=False skips.
_FILES = ("words.json", *(f"{name}.npy" for name in _ARRAYS))
_RUN_FILES = ("run_start.npy", "run_end.npy")
# The header's whole-number fields; a header is a few hundred bytes, so a far larger header.json is no header.
_HEADER_COUNTS = ("n", "n_documents", "n_tokens", "n_words", "n_runs")
_HEADER_LIMIT = 1 << 16
_READ_BLOCK = 1 << 22


def build_index(docs: Iterable[str | Sequence[str]], directory: str | os.PathLike[str], window: int | None = None,
                *, gensim_compat: bool = False) -> dict[str, Any]:
    """Count windows in a corpus and save the index to a new folder.

    Parameters
    ----------
    docs : iterable of str or of list of str
        As for :meth:`CooccurrenceCounts.from_documents`; a generator is read once.
    directory : str or path
        A folder that does not exist yet, or an empty one.
    window : int or None, default None
        None: whole documents; k: sliding windows of k tokens.
    gensim_compat : bool, default False
        Reproduce gensim 4.4's sliding-window under-count (see :mod:`teachkit.counts.counting`).

    Returns
    -------
    dict
        The index's header (see the module docstring), with its size on disk in ``"bytes"``.

    Examples
    --------
    >>> import tempfile, os
    >>> folder = os.path.join(tempfile.mkdtemp(), "index")
    >>> header = build_index([["a", "b", "a", "c"], ["c", "a"]], folder, window=2)
    >>> header["n"], header["n_words"]
    (4, 3)
    >>> counts = open_index(folder, window=2)
    >>> counts.count("a"), counts.count("a", "c")
    (4, 2)
    """
    window, gensim_compat = check_corpus_arguments(docs, window, gensim_compat)
    target = _check_new_directory(directory)
    target.parent.mkdir(parents=True, exist_ok=True)
    # Built in a scratch folder beside the target and moved into place when complete.
    scratch = target.parent / f".{target.name}.building-{os.getpid()}-{uuid.uuid4().hex[:8]}"
    scratch.mkdir()                    # with the user's usual permissions (tempfile's would be private)
    try:
        header = _build(docs, scratch, window, gensim_compat)
        if target.exists():
            target.rmdir()             # empty, checked above
        os.replace(scratch, target)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    header["bytes"] = sum(f.stat().st_size for f in target.iterdir())
    return header


def open_index(directory: str | os.PathLike[str], window: int | None, *,
               gensim_compat: bool = False, verify: bool = True) -> CooccurrenceCounts:
    """Open an index saved by :func:`build_index`, memory-mapped.

    Parameters
    ----------
    directory : str or path
    window : int or None
        The window the index must have been built with (None: whole
        documents): an index of another window is refused rather than giving
        other numbers than the ones asked for.
    gensim_compat : bool, default False
        Likewise, whether it must reproduce gensim's under-count.
    verify : bool, default True
        True: check the checksum of every file against the one recorded at
        build time, so that a damaged index is refused instead of giving
        wrong counts.  This reads the whole index once, memory staying flat:
        0.13 s instead of 0.006 s for the 684 MiB index of 99.4M tokens
        when it is in the operating system's cache (from a cold disk, at the
        disk's speed), 0.02 s at 9.94M tokens.  False:
        check the header, ``words.json``, ``word_counts.npy`` and
        ``word_run.npy`` (files the size of the vocabulary) but not the two
        run files, most of the index; a damaged run file then goes unnoticed.

    Returns
    -------
    CooccurrenceCounts
        Reads only the runs of the words asked about.

    Raises
    ------
    ValueError
        No index in ``directory``, an index of another format version, or one built with another
        ``window`` or ``gensim_compat``; an incomplete or damaged index (a file missing, or whose checksum
        is not the one recorded when it was built).
    """
    if window is not None:
        window = check_positive_int(window, "window")
    gensim_compat = check_flag(gensim_compat, "gensim_compat")
    verify = check_flag(verify, "verify")
    if not isinstance(directory, (str, os.PathLike)):
        raise TypeError(f"directory must be a path (a string or pathlib.Path), got {type(directory).__name__}.")
    folder = Path(os.fspath(directory))
    where = f"directory {str(folder)!r}"
    header = _read_header(folder, where)
    if header.get("window") != window:
        built = "whole documents (window=None)" if header.get("window") is None else f"window={header['window']}"
        asked = "whole documents (window=None)" if window is None else f"window={window}"
        raise ValueError(f"{where} holds an index of {built}, not {asked}: counts of other "
                         "windows are other numbers. Open it with its window, or build another index.")
    if header.get("gensim_compat") != gensim_compat:
        raise ValueError(f"{where} holds an index built with gensim_compat="
                         f"{header.get('gensim_compat')}, not gensim_compat={gensim_compat}.")
    damaged = f"{where}: the index is incomplete or damaged"
    for name in _FILES:
        if verify or name not in _RUN_FILES:
            try:
                found = _file_checksum(folder / name)
            except OSError as err:
                raise ValueError(f"{damaged} ({name}: {err.strerror or err}). Build it again.") from None
            if found != header["checksums"][name]:
                raise ValueError(f"{damaged}: {name}'s checksum is {found}, not {header['checksums'][name]} as "
                                 "when it was built, so its counts would be wrong. Build the index again.")
    arrays = {}
    for name in ("words", *_ARRAYS):
        try:
            if name == "words":
                words = json.loads((folder / "words.json").read_text(encoding="utf-8"))
            else:
                arrays[name] = np.load(folder / f"{name}.npy", mmap_mode="r")
        except (OSError, ValueError, EOFError, RecursionError) as err:
            file = "words.json" if name == "words" else f"{name}.npy"
            raise ValueError(f"{damaged} ({file}: {type(err).__name__}: {err}). Build it again.") from None
    _check_contents(header, words, arrays, damaged)
    runs = (arrays["run_start"], arrays["run_end"], arrays["word_run"])
    return CooccurrenceCounts(words, arrays["word_counts"], header["n"], runs=runs, window=window,
                              gensim_compat=gensim_compat, n_documents=header["n_documents"],
                              n_tokens=header["n_tokens"])


def _read_header(folder: Path, where: str) -> dict[str, Any]:
    """header.json, checked: its format, version, checksum and fields (a dict), or a ValueError."""
    header_path = folder / "header.json"
    if not header_path.is_file():
        raise ValueError(f"{where} holds no teachkit index (no header.json); "
                         "build one with teachkit.build_index(docs, directory, window=...).")

    def not_header(why: str = "") -> ValueError:
        return ValueError(f"{where}: header.json is not the header of a teachkit index{why}. Build the index "
                          "again with teachkit.build_index(docs, directory, window=...).")

    size = header_path.stat().st_size
    if size > _HEADER_LIMIT:
        raise not_header(f" ({size:,} bytes; a header takes a few hundred)")
    try:
        header = json.loads(header_path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as err:
        raise ValueError(f"{where}: header.json is not readable JSON ({err}). Build the index again.") from None
    except RecursionError:
        raise not_header(" (its JSON is nested too deeply to be one)") from None
    if not isinstance(header, dict) or header.get("format") != INDEX_FORMAT:
        raise not_header()
    if type(header.get("version")) is not int:
        raise not_header(" (it has no format version)")
    if header.get("version") == 1:
        raise ValueError(f"{where} holds an index in format version 1 (written by teachkit "
                         f"{header.get('teachkit', '?')}), which has no checksums, so damage to it could not be "
                         "detected. Build the index again with this teachkit's build_index (version "
                         f"{INDEX_VERSION}).")
    if header.get("version") != INDEX_VERSION:
        raise ValueError(
            f"{where} holds an index in format version {header.get('version')!r} (written by "
            f"teachkit {header.get('teachkit', '?')}); this teachkit reads version {INDEX_VERSION} only. "
            "Build the index again with this teachkit's build_index.")
    recorded = header.get("header_checksum")
    if recorded != _header_checksum(header):
        raise ValueError(f"{where}: the index is damaged: header.json's checksum is not the one recorded in "
                         f"it ({short_repr(recorded, 40)}), so its numbers (n, n_words, ...) cannot be trusted. "
                         "Build the index again.")
    # Right checksum, yet fields of the wrong kind: written by something else than build_index.
    fields_ok = (all(isinstance(header.get(key), int) and not isinstance(header.get(key), bool)
                     and header[key] >= 0 for key in _HEADER_COUNTS)
                 and isinstance(header.get("gensim_compat"), bool)
                 and (header.get("window") is None or (type(header.get("window")) is int and header["window"] >= 1))
                 and isinstance(header.get("checksums"), dict)
                 and all(isinstance(header["checksums"].get(name), str) for name in _FILES))
    if not fields_ok:
        raise not_header(f": its fields ({', '.join(_HEADER_COUNTS)}, window, gensim_compat, checksums) are "
                         "missing or not what build_index writes")
    return header


def _check_contents(header: dict[str, Any], words: list[str], arrays: dict[str, np.ndarray], damaged: str) -> None:
    """What the checksums vouch for, checked once more where it costs little (files the size of the vocabulary)."""
    n_words, n_runs = header["n_words"], header["n_runs"]
    expected = {"word_counts": n_words, "word_run": n_words + 1, "run_start": n_runs, "run_end": n_runs}
    if (not isinstance(words, list) or len(words) != n_words or not all(isinstance(w, str) for w in words)
            or any(arrays[name].shape != (size,) or arrays[name].dtype.kind != "i"
                   for name, size in expected.items())):
        raise ValueError(f"{damaged}: its files do not match its header. Build it again.")
    word_run = np.asarray(arrays["word_run"])
    if (np.any(np.asarray(arrays["word_counts"]) < 0) or word_run[0] != 0 or word_run[-1] != n_runs
            or np.any(np.diff(word_run) < 0)):
        raise ValueError(f"{damaged}: its counts or runs are impossible (negative, or out of order). "
                         "Build it again.")


def _file_checksum(path: Path) -> str:
    """``"crc32:xxxxxxxx"`` of the file's bytes, read in blocks (memory stays flat, whatever the size)."""
    crc = 0
    buffer = bytearray(_READ_BLOCK)
    view = memoryview(buffer)
    with open(path, "rb") as f:
        while True:
            size = f.readinto(buffer)
            if not size:
                break
            crc = zlib.crc32(view[:size], crc)
    return f"crc32:{crc:08x}"


def _header_checksum(header: dict[str, Any]) -> str:
    """``"crc32:xxxxxxxx"`` of the header without its own checksum, as canonical JSON."""
    rest = {key: value for key, value in header.items() if key != "header_checksum"}
    text = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=True)
    return f"crc32:{zlib.crc32(text.encode('ascii')):08x}"


def _check_new_directory(directory: str | os.PathLike[str]) -> Path:
    if not isinstance(directory, (str, os.PathLike)):
        raise TypeError(f"directory must be a path (a string or pathlib.Path), got {type(directory).__name__}.")
    # A symbolic link stands for the folder it names: the index is built there (and the link then points at it).
    try:
        target = Path(os.fspath(directory)).resolve()
    except (RuntimeError, OSError) as err:          # a link that points at itself, in a loop
        raise ValueError(f"directory {os.fspath(directory)!r} cannot be followed to a folder ({err}); give a "
                         "folder that does not exist yet.") from None
    if target.exists():
        if not target.is_dir():
            raise ValueError(f"directory {str(target)!r} is a file; give a folder that does not exist yet.")
        if any(target.iterdir()):
            raise ValueError(f"directory {str(target)!r} is not empty; give a new folder (an index is never "
                             "written over other files).")
    return target


def _build(docs: Iterable[Any], folder: Path, window: int | None, gensim_compat: bool) -> dict[str, Any]:
    """Count in chunks, spilling each chunk's runs to scratch files, then merge them into ``folder``."""
    index: dict[str, int] = {}
    # per chunk: its scratch files and how many words existed when it was counted
    chunks: list[tuple[dict[str, Path], int]] = []
    word_counts = np.zeros(0, dtype=np.int64)
    runs_per_word: np.ndarray = np.zeros(0, dtype=np.int64)
    n = n_documents = n_tokens = 0
    for number, part in enumerate(chunk_runs(docs, index, window, gensim_compat, _BUILD_CHUNK_TOKENS)):
        n_words = len(index)
        paths: dict[str, Path] = {}
        for name, values in (("start", part.start.astype(np.int64) + n), ("end", part.end.astype(np.int64) + n),
                             ("word_run", part.word_run.astype(np.int64))):
            paths[name] = folder / f"chunk{number}.{name}.npy"
            np.save(paths[name], values)
        chunks.append((paths, n_words))
        word_counts = pad_with_zeros(word_counts, n_words) + pad_with_zeros(part.word_counts, n_words)
        runs_per_word = pad_with_zeros(runs_per_word, n_words) + np.diff(part.word_run.astype(np.int64))
        n += part.n
        n_documents += part.n_documents
        n_tokens += part.n_tokens
        del part
    if n_documents == 0:
        raise ValueError("docs is empty: there is no document to count. Pass at least one document.")
    n_words = len(index)
    word_counts = pad_with_zeros(word_counts, n_words)
    word_run = np.concatenate([[0], np.cumsum(pad_with_zeros(runs_per_word, n_words))])
    n_runs = int(word_run[-1])
    window_type = np.int32 if n < np.iinfo(np.int32).max else np.int64
    run_type = np.int32 if n_runs < np.iinfo(np.int32).max else np.int64
    np.save(folder / "word_counts.npy", word_counts)
    np.save(folder / "word_run.npy", word_run.astype(run_type))
    _merge(chunks, word_run, folder, window_type)
    for paths, _ in chunks:
        for path in paths.values():
            path.unlink()
    words = sorted(index, key=index.__getitem__)
    (folder / "words.json").write_text(json.dumps(words, ensure_ascii=False), encoding="utf-8")
    del words, index
    from .. import __version__

    header = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "window": window, "gensim_compat": gensim_compat,
              "n": n, "n_documents": n_documents, "n_tokens": n_tokens, "n_words": n_words, "n_runs": n_runs,
              "teachkit": __version__, "checksums": {name: _file_checksum(folder / name) for name in _FILES}}
    header["header_checksum"] = _header_checksum(header)
    (folder / "header.json").write_text(json.dumps(header, indent=1) + "\n", encoding="utf-8")
    return header


def _merge(chunks: list[tuple[dict[str, Path], int]], word_run: np.ndarray, folder: Path, window_type: Any) -> None:
    """Write run_start.npy and run_end.npy: every word's runs, chunk after chunk, a block of words at a time.

    A chunk's runs are grouped by word, so a block of words is one slice of each chunk's files; within the
    block each run is put at its word's place (after the same word's runs from earlier chunks), and the block
    is appended to the final files.  Memory: one block, whatever the number of chunks.
    """
    n_words, n_runs = word_run.shape[0] - 1, int(word_run[-1])
    outputs = {}
    for name in ("start", "end"):
        path = folder / f"run_{name}.npy"
        np.lib.format.open_memmap(path, mode="w+", dtype=window_type, shape=(n_runs,)).flush()
        with open(path, "rb") as f:                   # the data follow numpy's header
            np.lib.format.read_magic(f)
            np.lib.format.read_array_header_1_0(f)
            offset = f.tell()
        outputs[name] = (path, offset)
    handles = {name: open(path, "r+b") for name, (path, _) in outputs.items()}
    try:
        first = 0
        while first < n_words:
            # the next block: as many words as fit in _MERGE_RUNS runs (at least one word)
            last = int(np.searchsorted(word_run, word_run[first] + _MERGE_RUNS, side="right")) - 1
            last = min(max(last, first + 1), n_words)
            base = int(word_run[first])
            size = int(word_run[last]) - base
            place = word_run[first:last] - base           # next free place of each word of the block
            blocks = {name: np.empty(size, dtype=window_type) for name in outputs}
            for paths, chunk_words in chunks:
                lo, hi = min(first, chunk_words), min(last, chunk_words)
                if lo == hi:
                    continue
                chunk_run = np.load(paths["word_run"], mmap_mode="r")
                per_word = np.diff(np.asarray(chunk_run[lo:hi + 1]))
                r0, r1 = int(chunk_run[lo]), int(chunk_run[hi])
                del chunk_run
                if r1 == r0:
                    continue
                here = place[lo - first:hi - first]
                # the chunk's k-th run of a word goes to that word's next free place + k
                dest = (np.repeat(here - np.concatenate([[0], np.cumsum(per_word)[:-1]]), per_word)
                        + np.arange(r1 - r0))
                for name in outputs:
                    values = np.load(paths[name], mmap_mode="r")
                    blocks[name][dest] = values[r0:r1]
                    del values
                place[lo - first:hi - first] += per_word
            for name, (_path, offset) in outputs.items():
                handles[name].seek(offset + base * np.dtype(window_type).itemsize)
                handles[name].write(blocks[name].tobytes())
            first = last
    finally:
        for handle in handles.values():
            handle.close()
