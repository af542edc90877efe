"""Files as students save them, and ids as teachers type them (issue 51)."""

from __future__ import annotations

import io
import json
import os
import pathlib
import struct
import sys
import time
import zipfile

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))

import handins  # noqa: E402
import students  # noqa: E402
from test_grade import HONEST_FUNCTION, _grade, _submission, _write  # noqa: E402

HONEST = _submission('answer_99_1 = "0.04"', HONEST_FUNCTION)


def _zip_bytes(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            zf.writestr(name, data)
    return buffer.getvalue()


def _v3(nb):
    """``nb`` as nbformat 3 writes it: cells in a worksheet, code in ``input``."""
    cells = [{"cell_type": "code", "collapsed": False, "input": c["source"], "language": "python",
              "metadata": {}, "outputs": []} for c in nb["cells"]]
    return {"metadata": {"name": ""}, "nbformat": 3, "nbformat_minor": 0, "worksheets": [{"cells": cells,
                                                                                         "metadata": {}}]}


def test_colab_copies_format_3_nested_zips_ipython_lines_and_large_outputs_are_graded(tmp_path):
    subs = tmp_path / "subs"
    _write(subs, "colab", "Copy of 99_synthetic", HONEST)
    _write(subs, "old_format", "99_synthetic", _v3(HONEST))
    subs.joinpath("nested.zip").write_bytes(_zip_bytes([("nested/notebooks.zip", _zip_bytes(
        [("99_synthetic.ipynb", json.dumps(HONEST))]))]))
    _write(subs, "magic", "99_synthetic", _submission('%whos\n!ls\nanswer_99_1 = "0.04"\nfiles = !ls',
                                                      HONEST_FUNCTION))
    plots = _submission('answer_99_1 = "0.04"', HONEST_FUNCTION)
    plots["cells"][0]["outputs"] = [{"output_type": "display_data", "metadata": {},
                                     "data": {"image/png": "A" * (17 << 20)}}]      # a 17 MB plot
    _write(subs, "plotter", "99_synthetic", plots)
    long_answers = _submission("x = '" + "a" * (17 << 20) + "'")
    _write(subs, "too_long", "99_synthetic", long_answers)
    table, report, _ = _grade(tmp_path, subs)
    for student in ("colab", "old_format", "nested", "magic", "plotter"):
        assert table[student, "99.1"] == (1, "right"), (student, table[student, "99.1"])
        assert table[student, "99.9"] == (1, "right"), (student, table[student, "99.9"])
    assert table["too_long", "99.1"][0] == 0 and "outputs do not count" in table["too_long", "99.1"][1]


def test_the_newest_of_two_downloads_is_graded_and_the_report_says_so(tmp_path):
    subs = tmp_path / "subs"
    old = _write(subs, "resubmitter", "99_synthetic", _submission('answer_99_1 = "0.5"'))
    new = _write(subs, "resubmitter", "99_synthetic (1)", HONEST)
    now = time.time()
    os.utime(old, (now - 3600, now - 3600))
    os.utime(new, (now, now))
    # the other way round: the plain name is newer, so it is graded
    _write(subs, "second", "99_synthetic (1)", _submission('answer_99_1 = "0.5"'))
    plain = _write(subs, "second", "99_synthetic", HONEST)
    os.utime(subs / "second" / "99_synthetic (1).ipynb", (now - 3600, now - 3600))
    os.utime(plain, (now, now))
    table, report, _ = _grade(tmp_path, subs)
    assert table["resubmitter", "99.1"] == (1, "right") and table["second", "99.1"] == (1, "right")
    said = [r["detail"] for r in report if r["kind"] == "copies of one notebook" and r["student"] == "resubmitter"]
    assert said and "graded resubmitter/99_synthetic (1).ipynb (it was saved last (" in said[0]


def test_a_zip_whose_end_record_understates_its_entries_is_refused_quickly(tmp_path):
    data = bytearray(_zip_bytes([(f"f{i}.txt", b"") for i in range(30_000)]))
    end = data.rfind(b"PK\x05\x06")
    struct.pack_into("<HH", data, end + 8, 102, 102)       # the end record says 102 entries
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "liar.zip").write_bytes(bytes(data))
    start = time.perf_counter()
    found, _ = handins.hand_ins(subs)
    took = time.perf_counter() - start
    assert found[0].problem and "more than 20000 entries (its end record says 102)" in found[0].problem
    assert took < 5


@pytest.mark.parametrize("student", ["İlker", "प्रिया", "محمّد", "Ọ̀lá", "Dvořák-Γιώργος", "日本語ひらがな",
                                     "Mateo_Yılmaz"])
def test_ids_of_letters_and_marks_of_one_script_are_accepted(student):
    assert students.problem(student) is None
    assert students.problem(students.normalise(student)) is None


@pytest.mark.parametrize("student, why", [
    ("feedback", "make grade writes"), ("grades.csv", "make grade writes"), ("Teacher-Report.md", "make grade"),
    ("con", "device name on Windows"), ("NUL", "device name on Windows"), ("aux.txt", "device name on Windows"),
    ("com1", "device name on Windows"), ("\u0430da", "mixes scripts"), ("p\u0430ul.smith", "mixes scripts")])
def test_output_names_device_names_and_look_alikes_are_refused(student, why):
    assert why in students.problem(student)


def test_ids_are_compared_by_case_folding_turkish_i_included():
    assert students.normalise("MATEO_YILMAZ") == students.normalise("Mateo_Yılmaz") == "mateo_yilmaz"
    assert students.normalise("İLKER") == students.normalise("ilker")
    assert students.normalise("STRASSE") == students.normalise("straße")
    # the message names a character the teacher typed
    assert "\"'\"" in students.problem("O'Brien")


def test_a_turkish_capitalised_folder_is_the_same_student(tmp_path):
    secret = "5eed" * 16
    subs = tmp_path / "subs"
    _write(subs, "MATEO_YILMAZ", "99_synthetic", HONEST)
    roster = tmp_path / "roster.csv"
    roster.write_text("student\nMateo_Yılmaz\n", encoding="utf-8")
    table, report, _ = _grade(tmp_path, subs, roster=roster, secret=secret)
    assert {s for s, _ in table} == {"mateo_yilmaz"}
    assert table["mateo_yilmaz", "99.1"] == (1, "right")


def test_an_answer_in_a_cell_that_is_not_read_says_why_not_that_it_is_missing(tmp_path):
    subs = tmp_path / "subs"
    _write(subs, "long", "99_synthetic", _submission('answer_99_1 = "0.04"\nx = "' + "a" * 200_000 + '"'))
    _write(subs, "broken", "99_synthetic", _submission('answer_99_1 = "0.04"\nif x:\nprint(1)'))
    table, _, _ = _grade(tmp_path, subs)
    assert "its cell is longer than 100,000 characters" in table["long", "99.1"][1]
    assert "a syntax error?" in table["broken", "99.1"][1]
    assert "missing" not in table["long", "99.1"][1] + table["broken", "99.1"][1]
