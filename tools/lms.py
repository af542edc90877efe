"""An LMS's bulk download turned into one folder per student (``make collect LMS=canvas|moodle``).

``make grade`` reads one folder (or zip) per student, named by the student's id.  An LMS writes its download
otherwise:

**Canvas** ("Download Submissions"): one flat folder (unzipped), one file per submitted file, named
``<lastfirst>_<canvas user id>_<attachment id>_<file name as submitted>`` (``lovelaceada_12345_67890_01_pmi.ipynb``);
``<lastfirst>_LATE_<user id>_...`` when Canvas counted the submission late; a resubmitted file of the same
name gets ``-1``, ``-2`` before its extension (``01_pmi-1.ipynb``).  The user id is the ``ID`` column of
Canvas's gradebook export.

**Moodle** ("Download all submissions", with "download submissions in folders"): one folder per student and
submission plugin, ``<Full Name>_<participant id>_assignsubmission_file_/`` holding the files as submitted
(without folders, the same prefix on each file: ``<Full Name>_<participant id>_assignsubmission_file_01_pmi.ipynb``).
The participant id is Moodle's per-assignment number (``Participant 12345`` in the grading worksheet), not the
user id.

Each file is mapped to a student of the roster (``ROSTER=``, see :mod:`gradebook`), in this order:

1. by the LMS's id, when the roster has it in its ``id`` column (or ``canvas_id``, ``moodle_id``);
2. by the name, when exactly one roster row's ``name`` is spelt the same (Canvas: last name then first name,
   letters only; Moodle: the full name), case and accents as written;
3. by the student the notebook itself names (``metadata.teachkit.student``, stamped by the class release),
   when that student is on the roster, every notebook of the hand-in names the same one, and no other
   hand-in of the download was mapped to them: a classmate's file handed in is never graded as the classmate.

What cannot be mapped stays under its LMS name (``canvas-lovelaceada-12345``), with the reason in
``collected.csv``; ``make grade`` then lists it as "not on the roster".  ``collected.csv`` has one row per file:
``student, lms, lms_id, lms_name, file, late, submitted, how``: ``late`` is Canvas's ``_LATE_`` mark (Moodle's
download has none), ``submitted`` the file's time as the download keeps it (UTC).  The gradebook takes
``late`` and ``submitted`` from it.

Nothing is extracted: each student's files are copied (within :mod:`handins`' limits, never through a link)
into ``<out>/<student>/`` (a zip a student submitted goes to ``<out>/<student>.zip``).
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import os
import pathlib
import re
import stat
import sys
import unicodedata

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import handins  # noqa: E402
import students  # noqa: E402

#: The file name Canvas gives a submitted file (``name``: last name then first, lower case, letters only).
CANVAS_FILE = re.compile(r"^(?P<name>[^_]*?)(?P<late>_LATE)?_(?P<id>\d+)_(?P<attachment>\d+)_(?P<file>.+)$")
#: Canvas's mark of a resubmitted file of the same name: ``01_pmi-1.ipynb``.
CANVAS_RESUBMISSION = re.compile(r"^(?P<stem>.+)-(?P<n>\d+)(?P<ext>\.[^.]+)$")
#: Moodle's folder (or, without folders, file prefix) per student and submission plugin.
MOODLE_ENTRY = re.compile(r"^(?P<name>.+)_(?P<id>\d+)_assignsubmission_(?P<plugin>[a-z]+)_(?P<file>.*)$")
#: Roster columns that may hold an LMS's id for a student.
ID_COLUMNS = {"canvas": ("canvas_id", "id"), "moodle": ("moodle_id", "id")}
COLLECTED = "collected.csv"
FIELDS = ("student", "lms", "lms_id", "lms_name", "file", "late", "submitted", "how")


@dataclasses.dataclass
class Entry:
    """One submitted file of the download."""

    lms_id: str
    lms_name: str
    file: str                  # its name as the student submitted it
    path: str
    late: bool
    mtime: float
    resubmission: int = 0      # Canvas's -1, -2 ...


def detect(folder) -> str | None:
    """``"canvas"`` or ``"moodle"`` when ``folder`` is laid out as that LMS's download, else None.

    Canvas: most of its top-level files are named as Canvas names them and it has no sub-folder; Moodle: most of
    its top-level entries are named ``..._<digits>_assignsubmission_<plugin>_...``.
    """
    try:
        with os.scandir(folder) as it:
            entries = [e for e in it if not handins.IGNORED_FOLDERS.fullmatch(e.name)
                       and e.name not in students.OUTPUT_NAMES]
    except OSError:
        return None
    if not entries:
        return None
    moodle = sum(bool(MOODLE_ENTRY.match(handins.nfc(e.name))) for e in entries)
    if moodle * 2 > len(entries):
        return "moodle"
    files = [e for e in entries if e.is_file(follow_symlinks=False)]
    canvas = sum(bool(CANVAS_FILE.match(handins.nfc(e.name))) for e in files)
    if files and len(files) == len(entries) and canvas * 2 > len(files):
        return "canvas"
    return None


def entries(folder, lms: str) -> tuple[list[Entry], list[tuple[str, str]]]:
    """The submitted files of an LMS download, and what in it is not one ``[(name, why)]``."""
    found, other = [], []
    with os.scandir(folder) as it:
        listed = sorted(it, key=lambda e: e.name)
    for entry in listed:
        name = handins.nfc(entry.name)
        if handins.IGNORED_FOLDERS.fullmatch(name) or name in students.OUTPUT_NAMES:
            continue
        mode = entry.stat(follow_symlinks=False).st_mode
        if lms == "canvas":
            match = CANVAS_FILE.match(name)
            if not match or not stat.S_ISREG(mode):
                other.append((name, "not named as Canvas names a submitted file (or not a regular file)"))
                continue
            file, n = match["file"], 0
            again = CANVAS_RESUBMISSION.match(file)
            if again:
                file, n = again["stem"] + again["ext"], int(again["n"])
            found.append(Entry(match["id"], match["name"], file, entry.path, bool(match["late"]),
                               entry.stat(follow_symlinks=False).st_mtime, n))
            continue
        match = MOODLE_ENTRY.match(name)
        if not match:
            other.append((name, "not named as Moodle names a submission (Full Name_id_assignsubmission_file_)"))
            continue
        if match["plugin"] != "file":
            other.append((name, f"Moodle's {match['plugin']} submission (not a file): not graded"))
            continue
        if stat.S_ISDIR(mode):
            with os.scandir(entry.path) as inner:
                for item in sorted(inner, key=lambda e: e.name):
                    if stat.S_ISREG(item.stat(follow_symlinks=False).st_mode):
                        found.append(Entry(match["id"], match["name"], handins.nfc(item.name), item.path, False,
                                           item.stat(follow_symlinks=False).st_mtime))
                    else:
                        other.append((f"{name}/{item.name}", "not a regular file (a folder or a link): not read"))
        elif stat.S_ISREG(mode) and match["file"]:
            found.append(Entry(match["id"], match["name"], match["file"], entry.path, False,
                               entry.stat(follow_symlinks=False).st_mtime))
        else:
            other.append((name, "not a regular file: not read"))
    return found, other


def _letters(text: str) -> str:
    """``text`` as Canvas spells a name in a file name: lower case, letters only (accents as written)."""
    return "".join(c for c in unicodedata.normalize("NFC", text).casefold() if c.isalnum())


def _named_student(entry: Entry) -> str | None:
    """The student a notebook's metadata names (stamped by the class release), or None."""
    if not entry.file.lower().endswith(".ipynb"):
        return None
    try:
        nb = handins.read_notebook(handins.read_file(entry.path))
    except handins.Unreadable:
        return None
    meta = nb.get("metadata") if isinstance(nb.get("metadata"), dict) else {}
    meta = meta.get("teachkit") if isinstance(meta.get("teachkit"), dict) else {}
    named = meta.get("student")
    return students.normalise(named[:200]) if isinstance(named, str) and named.strip() else None


def assign(found: list[Entry], roster: dict[str, dict], lms: str) -> dict[str, tuple[str, str]]:
    """``{lms id: (student, how)}`` for each hand-in of the download (see the module's three rules)."""
    by_id, by_name = {}, {}
    for student, row in roster.items():
        for column in ID_COLUMNS[lms]:
            value = (row.get(column) or "").strip()
            if value:
                by_id.setdefault(re.sub(r"^participant\s*", "", value, flags=re.IGNORECASE), set()).add(student)
        name = (row.get("name") or "").strip()
        if name:
            keys = {_letters(name)}
            if lms == "canvas" and "," in name:      # "Lovelace, Ada" as Canvas's export writes it
                last, _, first = name.partition(",")
                keys.add(_letters(last + first))
            elif lms == "canvas":                     # "Ada Lovelace": Canvas writes lovelaceada
                parts = name.split()
                keys.add(_letters("".join(parts[-1:] + parts[:-1])))
            for key in keys:
                by_name.setdefault(key, set()).add(student)
    hand_ins: dict[str, list[Entry]] = {}
    for entry in found:
        hand_ins.setdefault(entry.lms_id, []).append(entry)
    mapped: dict[str, tuple[str, str]] = {}
    for lms_id, files in hand_ins.items():
        if len(by_id.get(lms_id, ())) == 1:
            mapped[lms_id] = (next(iter(by_id[lms_id])), f"the roster's {lms} id {lms_id}")
            continue
        name = files[0].lms_name
        if len(by_name.get(_letters(name), ())) == 1:
            mapped[lms_id] = (next(iter(by_name[_letters(name)])), f"the roster's name ({name})")
    taken = {student for student, _ in mapped.values()}
    for lms_id, files in hand_ins.items():
        if lms_id in mapped:
            continue
        named = {_named_student(e) for e in files} - {None}
        if len(named) == 1:
            student = named.pop()
            if student in roster and student not in taken:
                mapped[lms_id] = (student, "the student its notebooks name (metadata), on the roster")
                taken.add(student)
                continue
            why = "not on the roster" if student not in roster else "already handed in under their own id"
            mapped[lms_id] = (_fallback(lms, files[0]), f"not mapped: its notebooks name {student!r}, {why}")
            continue
        why = "its notebooks name several students" if named else "no roster id, name or notebook metadata fits"
        mapped[lms_id] = (_fallback(lms, files[0]), f"not mapped: {why}")
    return mapped


def _fallback(lms: str, entry: Entry) -> str:
    """A folder name for a hand-in no roster row fits: the LMS, its name as letters and its id."""
    return f"{lms}-{_letters(entry.lms_name)[:40] or 'student'}-{entry.lms_id}"


def collect(download, out, roster: dict[str, dict], lms: str | None = None) -> dict[str, dict]:
    """Copy an LMS download into ``out/<student>/``; write ``out/collected.csv``; ``{student: {late, submitted}}``.

    ``roster`` is :func:`gradebook.read_roster`'s dict (it may be empty: then only the notebooks' metadata can
    map, and it must be checked against a roster, so every hand-in keeps its LMS name).
    """
    download, out = pathlib.Path(download), pathlib.Path(out)
    lms = lms or detect(download)
    if lms not in ID_COLUMNS:
        raise SystemExit(f"{download} is not laid out as a Canvas or a Moodle download; give LMS=canvas or "
                         "LMS=moodle, or a folder with one sub-folder per student.")
    found, other = entries(download, lms)
    mapped = assign(found, roster, lms)
    out.mkdir(parents=True, exist_ok=True)
    # a resubmission (Canvas's -1, -2) is the student's newer file: it keeps the name as submitted, and the older
    # ones are kept beside it as "01_pmi (1).ipynb", which the grader takes for copies (the plain name is graded)
    found.sort(key=lambda e: (e.lms_id, e.file, -e.resubmission))
    rows, summary = [], {}
    used: dict[str, set] = {}
    for entry in found:
        student, how = mapped[entry.lms_id]
        target_name = entry.file
        taken = used.setdefault(student, set())
        if target_name.casefold() in taken:
            stem, dot, ext = target_name.rpartition(".")
            target_name = f"{stem} ({len(taken)}).{ext}" if dot else f"{target_name} ({len(taken)})"
        taken.add(target_name.casefold())
        is_zip = target_name.lower().endswith(".zip")
        target = out / f"{student}.zip" if is_zip else out / student / target_name
        if is_zip and target.exists():
            target = out / student / target_name
        try:
            data = handins.read_file(entry.path, handins.MAX_ZIP_BYTES if is_zip else handins.MAX_FILE_BYTES)
        except handins.Unreadable as err:
            other.append((entry.path, str(err)))
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        os.utime(target, (entry.mtime, entry.mtime))      # the grader prefers the newest copy by this time
        when = datetime.datetime.fromtimestamp(entry.mtime, datetime.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        rows.append(dict(student=student, lms=lms, lms_id=entry.lms_id, lms_name=entry.lms_name, file=target_name,
                         late="yes" if entry.late else "", submitted=when, how=how))
        mine = summary.setdefault(student, {"late": "", "submitted": ""})
        mine["late"] = "yes" if entry.late or mine["late"] else ""
        mine["submitted"] = max(mine["submitted"], when)
    with open(out / COLLECTED, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, FIELDS)
        writer.writeheader()
        writer.writerows(rows)
        for name, why in other:
            writer.writerow(dict(student="", lms=lms, lms_id="", lms_name="", file=name, late="", submitted="",
                                 how=f"not collected: {why}"))
    return summary


def read_collected(folder) -> dict[str, dict]:
    """``{student: {late, submitted}}`` from ``folder/collected.csv`` (written by :func:`collect`), or {}."""
    path = pathlib.Path(folder) / COLLECTED
    if not path.is_file():
        return {}
    summary: dict[str, dict] = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if not row.get("student"):
                continue
            mine = summary.setdefault(row["student"], {"late": "", "submitted": ""})
            mine["late"] = "yes" if row.get("late") == "yes" or mine["late"] else ""
            mine["submitted"] = max(mine["submitted"], row.get("submitted") or "")
    return summary


def main(argv=None) -> int:
    import argparse

    import gradebook

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("download", type=pathlib.Path, help="the LMS's download, unzipped")
    parser.add_argument("--out", type=pathlib.Path, required=True, help="folder to write, one sub-folder per student")
    parser.add_argument("--lms", choices=sorted(ID_COLUMNS), help="canvas or moodle (default: from the layout)")
    parser.add_argument("--roster", type=pathlib.Path, help="the class's roster CSV (see make grade ROSTER=)")
    args = parser.parse_args(argv)
    roster = gradebook.read_roster(args.roster) if args.roster else {}
    summary = collect(args.download, args.out, roster, args.lms)
    print(f"collect: {len(summary)} students -> {args.out} (one folder per student); how each file was mapped "
          f"in {args.out / COLLECTED}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
