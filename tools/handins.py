"""Reading what a class hands in, every read bounded before it happens.

``make grade`` reads folders and zips made by students: nothing in them is trusted.  This module finds each
student's hand-ins and their notebook files and reads them as bytes and JSON within fixed limits, so that a
file can only be graded or be refused with a reason, never stop the run or reach another file:

* **Links and special files are never followed.**  A symbolic link (to ``/dev/zero``, to a classmate's
  notebook, to ``release/teacher``), a device, a FIFO or a socket is skipped and reported, in a folder (read
  with ``os.scandir`` without following links, files opened with ``O_NOFOLLOW``) and in a zip (an entry
  whose mode is a link).
* **Zips are read, never extracted**: an entry with an absolute path or ``..`` is refused, ``__MACOSX/``
  and ``._`` files (macOS's resource forks) are ignored, and sizes are capped per entry, per zip and by
  compression ratio (a zip bomb is refused before it is inflated).
* **Sizes and depths are capped**: a notebook file at :data:`MAX_NOTEBOOK_BYTES`, its JSON at
  :data:`MAX_JSON_DEPTH` levels of nesting (checked on the text before ``json.loads``, which would recurse
  into ``[[[[...``), the number of files looked at per hand-in at :data:`MAX_ENTRIES`.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import re
import stat
import struct
import unicodedata
import zipfile
from collections.abc import Callable

#: Largest text of a notebook's cells read (the course's largest is under 0.5 MB): the answers' limit.
MAX_NOTEBOOK_BYTES = 16 << 20
#: Largest notebook file read, outputs (plots a student added) included: they do not count toward the limit above.
MAX_FILE_BYTES = 64 << 20
#: Deepest nesting of JSON arrays and objects read (a notebook nests about 8 deep, saved widget state deeper).
MAX_JSON_DEPTH = 100
#: Cells of one notebook (the course's longest has about 100): each code cell is parsed.
MAX_CELLS = 5000
#: Files and folders looked at per hand-in (a folder or a zip); the rest are reported, not read.
MAX_ENTRIES = 2000
#: Folder levels looked into below a student's folder (``ada/ada/01_pmi.ipynb`` from a zipped folder).
MAX_FOLDER_DEPTH = 4
#: Largest zip file opened, and the most its notebooks may inflate to, in all.
MAX_ZIP_BYTES = 256 << 20
MAX_ZIP_INFLATED = 256 << 20
#: Largest inflated size over compressed size of an entry: notebooks compress about 3 to 10 times.
MAX_ZIP_RATIO = 200
#: Folders that are never a student's work: macOS's resource forks, Jupyter's autosaves, hidden folders.
IGNORED_FOLDERS = re.compile(r"__MACOSX|\..*")

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)      # the unrolled loop: fast on long strings
_BRACKET = re.compile(rb"[\[\]{}]")


class Unreadable(ValueError):
    """A file that cannot be graded; the message says why, for the student and the teacher."""


def json_depth(data: bytes, limit: int = MAX_JSON_DEPTH) -> int:
    """How deep the arrays and objects of JSON text ``data`` nest (at most ``limit + 1``: it stops there).

    Strings are skipped first (a bracket inside one does not count), then the brackets are counted: a
    regular expression and one pass over the brackets, however deep the text would nest.

    >>> json_depth(b'{"a": [1, "]]]", {"b": []}]}')
    4
    """
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub(b'""', data)):
        depth += 1 if match.group() in b"[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                break
    return deepest


def loads(data: bytes | str, limit: int = MAX_JSON_DEPTH):
    """``json.loads`` of ``data`` after checking its nesting; :class:`Unreadable` for what cannot be read."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if json_depth(raw, limit) > limit:
        raise Unreadable(f"not a notebook (its JSON nests deeper than {limit} levels)")
    try:
        return json.loads(data)
    except UnicodeDecodeError:
        raise Unreadable("not a notebook (not UTF-8 text)") from None
    except json.JSONDecodeError as err:
        raise Unreadable(f"not a notebook (not valid JSON: {err.msg})") from None
    except (ValueError, RecursionError, MemoryError) as err:
        raise Unreadable(f"not a notebook (its JSON cannot be read: {type(err).__name__})") from None


def read_notebook(data: bytes) -> dict:
    """The notebook in ``data`` (a dict with a list of cells), or :class:`Unreadable` saying why not.

    A notebook saved in format 3 (cells in ``worksheets``) is converted to format 4 with ``nbformat``.  What is
    limited is the text of its cells (:data:`MAX_NOTEBOOK_BYTES`), not its outputs: a student who plots a lot
    keeps their answers.  Outputs are dropped once read (nothing graded reads them).
    """
    if not data.strip():
        raise Unreadable("the file is empty (was the notebook saved before it was handed in?)")
    nb = loads(data)
    if isinstance(nb, dict) and "cells" not in nb and isinstance(nb.get("worksheets"), list):
        nb = _from_v3(nb)
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise Unreadable("not a notebook (no list of cells)")
    if len(nb["cells"]) > MAX_CELLS:
        raise Unreadable(f"it has {len(nb['cells'])} cells, more than the {MAX_CELLS} a notebook may have")
    text = 0
    for cell in nb["cells"]:
        if isinstance(cell, dict):
            cell.pop("outputs", None)
            source = cell.get("source")
            text += len(source) if isinstance(source, str) else sum(
                len(s) for s in source if isinstance(s, str)) if isinstance(source, list) else 0
    if text > MAX_NOTEBOOK_BYTES:
        raise Unreadable(f"its cells hold {text >> 20} MiB of text, more than the {MAX_NOTEBOOK_BYTES >> 20} MiB "
                         "a notebook's cells may (outputs do not count)")
    return nb


def _from_v3(nb: dict) -> dict:
    """A notebook of format 3 (``worksheets``) as format 4, converted by ``nbformat``; Unreadable if it cannot be."""
    import nbformat

    try:
        nb.setdefault("nbformat", 3)
        nb.setdefault("nbformat_minor", 0)
        converted = nbformat.convert(nbformat.from_dict(nb), 4)
    except Exception as err:         # a malformed old notebook: say so, never stop the run
        raise Unreadable(f"not a notebook (a format-3 notebook that nbformat cannot convert: "
                         f"{type(err).__name__})") from None
    return _plain(converted)


def _plain(value):
    # nbformat's NotebookNode is a dict; the grader wants plain dicts and lists (iterative, no recursion limit)
    return json.loads(json.dumps(value))


@dataclasses.dataclass
class File:
    """One notebook file of a hand-in: where it is and how to read its bytes (once asked, within the limits)."""

    where: str                      # as the teacher report shows it: "ada/02_npmi.ipynb", "ada.zip: ada/02_npmi.ipynb"
    name: str                       # the file's own name, NFC: "02_npmi-Copy1.ipynb"
    depth: int                      # folders between the hand-in and the file
    read: Callable[[], bytes]
    mtime: float = 0.0              # when it was last saved (seconds since 1970; a zip's entries to 2 s)


@dataclasses.dataclass
class HandIn:
    """A student's folder or zip: its notebook files and what was skipped in it, with the reason."""

    student: str                    # the folder's or zip's name, as found (not normalised)
    where: str
    files: list[File] = dataclasses.field(default_factory=list)
    skipped: list[tuple[str, str]] = dataclasses.field(default_factory=list)    # (where, why)
    problem: str | None = None      # the whole hand-in cannot be read
    # hand_ins(lazy=True): how to list its files when it is graded (see opened), so that a class's listings are
    # never all in memory at once
    pending: tuple | None = dataclasses.field(default=None, repr=False, compare=False)


def nfc(name: str) -> str:
    return unicodedata.normalize("NFC", name)


def _kind(mode: int) -> str | None:
    """What a file that is neither a regular file nor a folder is, in words (None for those two)."""
    if stat.S_ISLNK(mode):
        return "a symbolic link (links are never followed)"
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return "not a regular file (a device, a pipe or a socket)"


def read_file(path: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, never through a link, at most ``limit`` of them."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as err:
        if err.errno == getattr(os, "ELOOP", 40):
            raise Unreadable("it is a symbolic link (links are never followed)") from None
        raise Unreadable(f"it cannot be opened ({err.strerror})") from None
    try:
        info = os.fstat(fd)
        why = _kind(info.st_mode)
        if why is not None:
            raise Unreadable(f"it is {why}")
        if info.st_size > limit:
            raise Unreadable(f"it is {info.st_size >> 20} MiB, more than the {limit >> 20} MiB a notebook may be")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise Unreadable(f"it is more than the {limit >> 20} MiB a notebook may be")
        return b"".join(chunks)
    finally:
        os.close(fd)


def hand_ins(folder: str | os.PathLike, skip: set[str] = frozenset(), *,
             lazy: bool = False) -> tuple[list[HandIn], list[tuple[str, str]]]:
    """Every student's hand-in under ``folder``, and what at its top is no hand-in ``[(where, why)]``.

    A hand-in is a folder (``ada/``) or a zip (``ada.zip``); its student is the name without ``.zip``.
    Names in ``skip`` (the grader's own output files) are reported, never graded nor touched.  A hidden
    folder (``.ipynb_checkpoints``) is passed over silently; a hidden zip (``..zip``) is reported.  A link or a
    special file where a folder was expected is a hand-in that cannot be read
    (its student keeps a row, with the reason).
    With ``lazy=True`` a folder's or zip's files are not listed yet: :func:`opened` lists them, when that
    student is graded.
    """
    found, other = [], []
    with os.scandir(folder) as entries:
        listed = sorted(entries, key=lambda e: e.name)
    for entry in listed:
        name = entry.name
        if IGNORED_FOLDERS.fullmatch(name) and name not in (".", "..") and not name.lower().endswith(".zip"):
            continue
        if name in skip:
            other.append((name, "the name of what make grade writes (an earlier run's output?): not a student's "
                                "hand-in; a student of that name must be renamed"))
            continue
        mode = entry.stat(follow_symlinks=False).st_mode
        why = _kind(mode)
        if stat.S_ISDIR(mode):
            found.append(HandIn(name, f"{name}/", pending=(_folder, entry.path, name)) if lazy else
                         _folder(entry.path, name))
        elif name.lower().endswith(".zip"):
            student = name[:-4]
            if not student or student.startswith("."):
                other.append((name, "a hidden zip (no student's id starts with a dot): not a hand-in"))
            elif why is not None:
                found.append(HandIn(student, name, problem=f"{name} is {why}"))
            else:
                found.append(HandIn(student, f"{student}.zip", pending=(_zip, entry.path, student)) if lazy else
                             _zip(entry.path, student))
        elif why is not None and "link" in why:
            found.append(HandIn(name, name, problem=f"{name} is {why}"))
        else:
            other.append((name, "not a student's folder or zip: left out" if why is None else f"it is {why}"))
    return found, other


def opened(hand_in: HandIn) -> HandIn:
    """``hand_in`` with its files listed (a hand-in of ``hand_ins(lazy=True)``; any other is returned as it is)."""
    if hand_in.pending is None:
        return hand_in
    list_files, path, name = hand_in.pending
    return list_files(path, name)


def _folder(path: str, name: str) -> HandIn:
    hand_in = HandIn(name, f"{name}/")
    seen = 0
    todo = [(path, name, 0)]
    while todo:
        current, shown, depth = todo.pop(0)
        try:
            with os.scandir(current) as entries:
                listed = sorted(entries, key=lambda e: e.name)
        except OSError as err:
            hand_in.skipped.append((f"{shown}/", f"cannot be listed ({err.strerror})"))
            continue
        for entry in listed:
            seen += 1
            where = f"{shown}/{entry.name}"
            if seen > MAX_ENTRIES:
                hand_in.skipped.append((f"{shown}/", f"more than {MAX_ENTRIES} files: the rest were not looked at"))
                return hand_in
            mode = entry.stat(follow_symlinks=False).st_mode
            why = _kind(mode)
            if why is not None and entry.name.lower().endswith(".ipynb"):
                # a notebook's name on a link or a device: the notebook's row says why it was not read
                hand_in.files.append(File(nfc(where), nfc(entry.name), depth, _refuse(f"it is {why}")))
            elif why is not None:
                hand_in.skipped.append((where, f"it is {why}"))
            elif stat.S_ISDIR(mode):
                if IGNORED_FOLDERS.fullmatch(entry.name):
                    continue
                if depth + 1 > MAX_FOLDER_DEPTH:
                    hand_in.skipped.append((where + "/", f"more than {MAX_FOLDER_DEPTH} folders deep: not looked at"))
                else:
                    todo.append((entry.path, where, depth + 1))
            elif entry.name.lower().endswith(".ipynb"):
                hand_in.files.append(File(nfc(where), nfc(entry.name), depth,
                                          lambda p=entry.path: read_file(p),
                                          entry.stat(follow_symlinks=False).st_mtime))
            elif not entry.name.startswith("."):
                hand_in.skipped.append((nfc(where), "not a notebook: left out"))
    return hand_in


def _zip(path: str, student: str) -> HandIn:
    label = f"{student}.zip"
    hand_in = HandIn(student, label)
    try:
        with _open_zip(path) as fp:
            infos = zipfile.ZipFile(fp).infolist()
    except (OSError, zipfile.BadZipFile, Unreadable, ValueError, EOFError) as err:
        hand_in.problem = f"{label} cannot be read as a zip ({err})"
        return hand_in
    _zip_entries(hand_in, label, infos, lambda n, p=path: (lambda: _read_entry(p, n)), path)
    return hand_in


def _zip_entries(hand_in: HandIn, label: str, infos, reader, path: str | None, inflated: int = 0,
                 depth: int = 0) -> int:
    """Add the notebook entries of a zip (``infos``) to ``hand_in``; ``reader(name)`` reads one entry.

    A zip inside the zip (``ada.zip`` holding ``ada/notebooks.zip``, as a student who zipped a zip hands it in)
    is looked into, one level deep (``path`` is the outer zip's; ``depth`` 0 for the outer zip)."""
    for i, info in enumerate(infos):
        where = f"{label}: {nfc(info.filename)}"
        if i >= MAX_ENTRIES:
            hand_in.skipped.append((label, f"more than {MAX_ENTRIES} entries: the rest were not looked at"))
            break
        parts = info.filename.replace("\\", "/").split("/")
        if info.filename.startswith(("/", "\\")) or ".." in parts or re.match(r"[A-Za-z]:", info.filename):
            hand_in.skipped.append((where, "its path leaves the zip's folder (absolute or with ..): not read"))
            continue
        if any(IGNORED_FOLDERS.fullmatch(p) for p in parts[:-1]) or parts[-1].startswith("._") or info.is_dir():
            continue                # __MACOSX/, ._name (macOS's resource forks), folders, hidden folders
        # The high bits are a Unix mode only in a zip made on Unix (macOS included), and then only their file
        # type matters: a zip made elsewhere, or without a type, holds regular files.
        mode = info.external_attr >> 16 if info.create_system == 3 else 0
        why = _kind(mode) if stat.S_IFMT(mode) else None
        notebook = parts[-1].lower().endswith(".ipynb")
        inner_zip = parts[-1].lower().endswith(".zip") and depth == 0 and path is not None
        if why is None and not notebook and not inner_zip:
            if not parts[-1].startswith("."):
                hand_in.skipped.append((where, "not a notebook: left out"))
            continue
        limit = MAX_ZIP_INFLATED if inner_zip else MAX_FILE_BYTES
        if why is not None:
            why = f"it is {why}"
        elif info.flag_bits & 0x1:
            why = "it is encrypted: not read"
        elif info.file_size > limit:
            why = (f"it inflates to {info.file_size >> 20} MiB, more than the {limit >> 20} MiB a "
                   f"{'zip' if inner_zip else 'notebook file'} may be")
        elif info.file_size > MAX_ZIP_RATIO * max(info.compress_size, 1) and info.file_size > 1 << 20:
            why = f"it inflates {info.file_size // max(info.compress_size, 1)} times (a zip bomb?): not read"
        elif inflated + info.file_size > MAX_ZIP_INFLATED:
            why = f"the zip's notebooks inflate to more than {MAX_ZIP_INFLATED >> 20} MiB in all: not read"
        if why is not None and not notebook:
            hand_in.skipped.append((where, why))
            continue
        if inner_zip:
            inflated = _inner_zip(hand_in, where, path, info.filename, inflated)
            continue
        if why is None:
            inflated += info.file_size
        hand_in.files.append(File(where, nfc(parts[-1]), depth + len(parts) - 1,
                                  _refuse(why) if why is not None else reader(info.filename), _zip_time(info)))
    return inflated


def _zip_time(info: zipfile.ZipInfo) -> float:
    import calendar

    try:
        return float(calendar.timegm((*info.date_time, 0, 0, 0)))
    except (ValueError, OverflowError, TypeError):
        return 0.0


def _inner_zip(hand_in: HandIn, where: str, path: str, name: str, inflated: int) -> int:
    """The notebooks of the zip ``name`` inside the zip at ``path`` (inflated once here to list it, and again
    for each notebook read: nothing of it is kept in memory between reads)."""
    try:
        data = _read_entry(path, name, MAX_ZIP_INFLATED)
        with io.BytesIO(data) as fp:
            _count_entries(fp)
            infos = zipfile.ZipFile(fp).infolist()
    except (OSError, zipfile.BadZipFile, Unreadable, ValueError, EOFError) as err:
        hand_in.skipped.append((where, f"a zip inside the zip that cannot be read ({err})"))
        return inflated
    del data

    def reader(inner, outer=name):
        return lambda: _read_nested(path, outer, inner)

    return _zip_entries(hand_in, where, infos, reader, None, inflated, depth=1)


def _read_nested(path: str, outer: str, inner: str) -> bytes:
    data = _read_entry(path, outer, MAX_ZIP_INFLATED)
    try:
        with io.BytesIO(data) as fp, zipfile.ZipFile(fp) as zf, zf.open(inner) as f:
            got = f.read(MAX_FILE_BYTES + 1)
    except (OSError, zipfile.BadZipFile, ValueError, EOFError, RuntimeError, NotImplementedError,
            zipfile.zlib.error) as err:
        raise Unreadable(f"it cannot be read from the zip inside the zip ({err})") from None
    if len(got) > MAX_FILE_BYTES:
        raise Unreadable(f"it inflates to more than the {MAX_FILE_BYTES >> 20} MiB a notebook file may be")
    return got


#: Bytes of a zip's central directory read to count its entries (a hand-in's 20,000 entries need under 8 MiB).
MAX_DIRECTORY_BYTES = 64 << 20


def _count_entries(fp) -> int:
    """The number of entries of the zip open in ``fp``, counted in its central directory record by record.

    The end record's count is not trusted: a zip whose end record says 102 while its directory holds 60,000
    entries is refused here, before ``zipfile`` builds an object per entry.  Unreadable when there are more
    than ten times :data:`MAX_ENTRIES`."""
    end = zipfile._EndRecData(fp)             # the end-of-central-directory record, as ZipFile reads it
    if end is None:
        raise Unreadable("File is not a zip file")
    if end[zipfile._ECD_ENTRIES_TOTAL] > 10 * MAX_ENTRIES:
        raise Unreadable(f"it has {end[zipfile._ECD_ENTRIES_TOTAL]} entries, more than a hand-in may have")
    size = end[zipfile._ECD_SIZE]
    if size > MAX_DIRECTORY_BYTES:
        raise Unreadable(f"its directory is {size >> 20} MiB, more than a hand-in's may be")
    fp.seek(end[zipfile._ECD_LOCATION] - size)
    directory = fp.read(size)
    count = pos = 0
    while pos + 46 <= len(directory) and directory[pos:pos + 4] == b"PK\x01\x02":
        names, extra, comment = struct.unpack_from("<HHH", directory, pos + 28)
        pos += 46 + names + extra + comment
        count += 1
        if count > 10 * MAX_ENTRIES:
            raise Unreadable(f"its directory holds more than {10 * MAX_ENTRIES} entries (its end record says "
                             f"{end[zipfile._ECD_ENTRIES_TOTAL]}), more than a hand-in may have")
    fp.seek(0)
    return count


def _open_zip(path: str):
    """The zip at ``path`` opened for reading (never through a link), once its directory is known to be small.

    The entries are counted in the zip's central directory (:func:`_count_entries`) before ``zipfile`` builds
    one object per entry: a zip of millions of empty entries, or one whose end record understates them, is
    refused without them.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    fp = os.fdopen(fd, "rb")
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable("it is not a regular file")
        if info.st_size > MAX_ZIP_BYTES:
            raise Unreadable(f"it is {info.st_size >> 20} MiB, more than the {MAX_ZIP_BYTES >> 20} MiB a hand-in "
                             "may be")
        _count_entries(fp)
        return fp
    except BaseException:
        fp.close()
        raise


def _refuse(why: str) -> Callable[[], bytes]:
    def read() -> bytes:
        raise Unreadable(why)

    return read


def _read_entry(path: str, name: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of one zip entry, inflating at most ``limit + 1`` of them whatever its header claims."""
    try:
        with _open_zip(path) as fp, zipfile.ZipFile(fp) as zf, zf.open(name) as f:
            data = f.read(limit + 1)
    except (OSError, zipfile.BadZipFile, ValueError, EOFError, RuntimeError, NotImplementedError) as err:
        raise Unreadable(f"it cannot be read from the zip ({err})") from None
    except zipfile.zlib.error as err:
        raise Unreadable(f"it cannot be inflated ({err})") from None
    if len(data) > limit:
        raise Unreadable(f"it inflates to more than the {limit >> 20} MiB a notebook may be")
    return data
