"""Canvas's and Moodle's bulk downloads, read as those LMSs name their files (tools/lms.py, issue 51)."""

from __future__ import annotations

import csv
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))

import lms  # noqa: E402


def _nb(student=None):
    meta = {"teachkit": {"notebook": "01_pmi", "student": student}} if student else {}
    return json.dumps({"cells": [], "metadata": meta, "nbformat": 4, "nbformat_minor": 5})


def test_canvas_names_are_read_late_marks_and_resubmissions_included():
    match = lms.CANVAS_FILE.match("lovelaceada_LATE_12345_67890_01_pmi-1.ipynb")
    assert (match["name"], bool(match["late"]), match["id"], match["attachment"], match["file"]) == \
        ("lovelaceada", True, "12345", "67890", "01_pmi-1.ipynb")
    assert not lms.CANVAS_FILE.match("lovelaceada_12345_67890_01_pmi.ipynb")["late"]
    assert lms.MOODLE_ENTRY.match("Ada Lovelace_5001_assignsubmission_file_")["id"] == "5001"


def test_a_download_is_recognised_by_its_layout(tmp_path):
    canvas, moodle, plain = tmp_path / "c", tmp_path / "m", tmp_path / "p"
    for folder in (canvas, moodle, plain):
        folder.mkdir()
    (canvas / "lovelaceada_12345_67890_01_pmi.ipynb").write_text(_nb())
    (moodle / "Ada Lovelace_5001_assignsubmission_file_").mkdir()
    (plain / "ada").mkdir()
    assert (lms.detect(canvas), lms.detect(moodle), lms.detect(plain)) == ("canvas", "moodle", None)


def test_a_file_naming_a_classmate_who_handed_in_is_never_graded_as_the_classmate(tmp_path):
    download = tmp_path / "canvas"
    download.mkdir()
    (download / "lovelaceada_111_1_01_pmi.ipynb").write_text(_nb("ada"))        # mapped by the roster's id
    (download / "copierx_999_2_01_pmi.ipynb").write_text(_nb("ada"))            # names ada: not ada
    (download / "strangerx_998_3_01_pmi.ipynb").write_text(_nb("zed"))          # names a student not on the roster
    (download / "hopperg_997_4_01_pmi.ipynb").write_text(_nb("grace"))          # mapped by metadata
    (download / "notes.txt").write_text("not a submission")
    roster = {"ada": {"canvas_id": "111"}, "grace": {}}
    summary = lms.collect(download, tmp_path / "out", roster, "canvas")
    with open(tmp_path / "out" / lms.COLLECTED, newline="", encoding="utf-8") as f:
        rows = {r["file"] if not r["student"] else r["student"]: r["how"] for r in csv.DictReader(f)}
    assert rows["ada"] == "the roster's canvas id 111"
    assert rows["grace"] == "the student its notebooks name (metadata), on the roster"
    assert rows["canvas-copierx-999"] == "not mapped: its notebooks name 'ada', already handed in under their own id"
    assert rows["canvas-strangerx-998"] == "not mapped: its notebooks name 'zed', not on the roster"
    assert rows["notes.txt"].startswith("not collected: not named as Canvas names")
    assert set(summary) == {"ada", "grace", "canvas-copierx-999", "canvas-strangerx-998"}
    assert (tmp_path / "out" / "ada" / "01_pmi.ipynb").is_file()
