"""Bad input, round three: the on-disk index, the neural model, the capstone's reports and the command line.

Each row below failed before the fix it pins (issue 42, "Bad input, round three"): a silent wrong number,
an internal exception or a blow-up.  Now each gets a ValueError or TypeError (OSError for files) that
names the argument and says what to do, or a correct value, which is then checked against a value
derived here by hand.
"""

import json
import zlib

import numpy as np
import pytest

from teachkit import build_index, open_index

# ----------------------------------------------------------------- the on-disk index
# 50 documents holding a, b, c, d, e, then 3 pairs of short ones: c(d, e) = c(a, e) = 50 + 3 = 53, c(e) = 56.
INDEX_DOCS = [["a", "b", "c", "d", "e"]] * 50 + [["a", "e"], ["d", "e", "f"]] * 3


@pytest.fixture
def index(tmp_path):
    folder = tmp_path / "index"
    build_index(INDEX_DOCS, folder, window=None)
    return folder


def _counts(folder, **options):
    counts = open_index(folder, window=None, **options)
    return counts.count("d", "e"), counts.count("a", "e"), counts.count("e")


def _rewrite_header(folder, change, checksum="keep"):
    """Change header.json's fields; checksum "keep" leaves the recorded one, "recompute" writes a matching one."""
    path = folder / "header.json"
    header = json.loads(path.read_text())
    change(header)
    if checksum == "recompute":
        rest = {k: v for k, v in header.items() if k != "header_checksum"}
        text = json.dumps(rest, sort_keys=True, separators=(",", ":"))
        header["header_checksum"] = f"crc32:{zlib.crc32(text.encode()):08x}"
    path.write_text(json.dumps(header))


def test_the_index_of_the_corruption_tests_gives_the_counts_worked_out_by_hand(index):
    assert _counts(index) == _counts(index, verify=False) == (53, 53, 56)


@pytest.mark.parametrize("name", ["run_end.npy", "run_start.npy", "word_run.npy", "word_counts.npy", "words.json",
                                  "header.json"])
def test_any_flipped_byte_of_any_file_is_refused(index, name):
    path = index / name
    good = path.read_bytes()
    for at in range(len(good)):
        for mask in (0x01, 0x80):
            damaged = bytearray(good)
            damaged[at] ^= mask
            path.write_bytes(bytes(damaged))
            with pytest.raises(ValueError, match="directory .*(damaged|not|version)") as info:
                open_index(index, window=None)
            assert "Build" in str(info.value), (at, mask, str(info.value))
    path.write_bytes(good)
    assert _counts(index) == (53, 53, 56)


def test_a_flipped_byte_that_changes_the_counts_is_caught_by_default(index):
    # The issue's case: one byte of run_end moves the end of a run; unverified, c(d, e) is no longer 53.
    path = index / "run_end.npy"
    good = path.read_bytes()
    changed = None
    for at in range(len(good) - 1, 0, -1):
        damaged = bytearray(good)
        damaged[at] ^= 0x01
        path.write_bytes(bytes(damaged))
        try:
            got = _counts(index, verify=False)
        except ValueError:
            continue
        if got != (53, 53, 56):
            changed = at
            break
    assert changed is not None                      # verify=False reads the run files as they are...
    with pytest.raises(ValueError, match="run_end.npy's checksum .* Build the index again"):
        open_index(index, window=None)              # ...the default refuses them


@pytest.mark.parametrize("verify", [True, False])
@pytest.mark.parametrize("damage, match", [
    ("negated word_counts", "word_counts.npy's checksum"),
    ("reversed words.json", "words.json's checksum"),
    ("n of -3", "header.json's checksum"),
    ("doubled n", "header.json's checksum"),
    ("no n_words", "header.json's checksum"),
    ("0-byte run_end.npy", "run_end.npy's checksum|EOFError"),
    ("no run_end.npy", "run_end.npy: No such file"),
    ("nested header.json", "nested too deeply"),
    ("huge header.json", "not the header of a teachkit index .*bytes"),
    ("nested words.json", "words.json's checksum"),
])
def test_each_corruption_of_the_issue_is_refused(index, damage, match, verify):
    if damage == "negated word_counts":
        np.save(index / "word_counts.npy", -np.load(index / "word_counts.npy"))
    elif damage == "reversed words.json":
        (index / "words.json").write_text(json.dumps(json.loads((index / "words.json").read_text())[::-1]))
    elif damage == "n of -3":
        _rewrite_header(index, lambda h: h.update(n=-3))
    elif damage == "doubled n":
        _rewrite_header(index, lambda h: h.update(n=2 * h["n"]))
    elif damage == "no n_words":
        _rewrite_header(index, lambda h: h.pop("n_words"))
    elif damage == "0-byte run_end.npy":
        (index / "run_end.npy").write_bytes(b"")
    elif damage == "no run_end.npy":
        (index / "run_end.npy").unlink()
    elif damage == "nested header.json":
        (index / "header.json").write_text("[" * 20_000 + "]" * 20_000)
    elif damage == "huge header.json":
        (index / "header.json").write_text(" " * 100_000 + "{}")
    elif damage == "nested words.json":
        (index / "words.json").write_text("[" * 50_000 + "]" * 50_000)
    if not verify and "run_end" in damage:
        match = "run_end"                          # not checksummed then, but unreadable all the same
    with pytest.raises(ValueError, match=match) as info:
        open_index(index, window=None, verify=verify)
    assert f"directory {str(index)!r}" in str(info.value)


@pytest.mark.parametrize("change, match", [
    (lambda h: h.update(n=-3), "fields .* are missing or not what build_index writes"),
    (lambda h: h.pop("n_words"), "fields .* are missing"),
    (lambda h: h.update(n_runs=True), "fields"),
    (lambda h: h.update(window=0), "fields"),
    (lambda h: h["checksums"].pop("run_end.npy"), "fields"),
    (lambda h: h.update(n_words=h["n_words"] + 1), "files do not match its header"),
    (lambda h: h.update(n_runs=h["n_runs"] - 1), "files do not match its header"),
])
def test_a_header_with_a_matching_checksum_but_impossible_fields_is_refused(index, change, match):
    _rewrite_header(index, change, checksum="recompute")
    with pytest.raises(ValueError, match=match):
        open_index(index, window=None)


def test_an_index_of_version_1_has_no_checksums_and_is_refused_with_what_to_do(index):
    def version_1(header):
        header.update(version=1)
        header.pop("checksums")
        header.pop("header_checksum")

    _rewrite_header(index, version_1)
    with pytest.raises(ValueError, match=r"format version 1 \(written by teachkit 0.1.0\), which has no checksums"
                                         r".*Build the index again"):
        open_index(index, window=None)


def test_verify_false_still_checks_the_files_the_size_of_the_vocabulary(index):
    assert _counts(index, verify=False) == (53, 53, 56)
    (index / "words.json").write_text(json.dumps(json.loads((index / "words.json").read_text())[::-1]))
    with pytest.raises(ValueError, match="words.json's checksum"):
        open_index(index, window=None, verify=False)


@pytest.mark.parametrize("verify", ["yes", 1, None])
def test_verify_must_be_a_flag(index, verify):
    with pytest.raises(TypeError, match="verify must be True or False"):
        open_index(index, window=None, verify=verify)


def test_open_index_names_a_directory_of_the_wrong_kind(tmp_path):
    with pytest.raises(TypeError, match="directory must be a path"):
        open_index(42, window=None)
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValueError, match="holds no teachkit index"):
        open_index(tmp_path / "file", window=None)


def test_a_symlink_to_an_empty_folder_is_built_into_and_opened_through(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real", target_is_directory=True)
    with pytest.raises(ValueError, match="holds no teachkit index"):
        open_index(tmp_path / "link", window=None)          # an empty folder behind the link: no index yet
    build_index(INDEX_DOCS, tmp_path / "link", window=None)
    assert (tmp_path / "link").is_symlink() and (tmp_path / "real" / "header.json").is_file()
    assert _counts(tmp_path / "link") == _counts(tmp_path / "real") == (53, 53, 56)
    # a link to a folder that does not exist yet: the index goes where it points
    (tmp_path / "later").symlink_to(tmp_path / "not-yet", target_is_directory=True)
    build_index(INDEX_DOCS, tmp_path / "later", window=None)
    assert _counts(tmp_path / "not-yet") == (53, 53, 56)
    # a link to a file, or to a folder that is not empty: refused as the file or folder would be
    (tmp_path / "file").write_text("x")
    (tmp_path / "to-file").symlink_to(tmp_path / "file")
    with pytest.raises(ValueError, match="is a file"):
        build_index(INDEX_DOCS, tmp_path / "to-file", window=None)
    with pytest.raises(ValueError, match="is not empty"):
        build_index(INDEX_DOCS, tmp_path / "link", window=None)
    assert _counts(tmp_path / "real") == (53, 53, 56)
