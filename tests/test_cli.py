"""``python -m teachkit check`` and the ``teachkit`` console script."""

import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

import teachkit
from teachkit.__main__ import main
from teachkit.documents.check import VERDICTS, summary
from teachkit.documents.catalogue import DOCUMENTS, RECORDS

ROOT = pathlib.Path(__file__).resolve().parents[1]
KEYS = {"document", "location", "quantity", "printed", "recomputed", "verdict", "explanation"}


def run(*args):
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "teachkit", *args], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, env=env, timeout=120)


@pytest.fixture(scope="module")
def full_table():
    return run("check")


def test_table_exit_zero_grouped_with_summary(full_table):
    out = full_table.stdout
    assert full_table.returncode == 0, full_table.stderr
    positions = [out.index(doc) for doc in DOCUMENTS]
    assert positions == sorted(positions), "documents appear in order, one block each"
    for header in ("location", "quantity", "printed", "recomputed", "verdict", "reason"):
        assert header in out
    s = summary(teachkit.check_documents())
    last = out.strip().splitlines()[-1]
    assert last.startswith("Summary:")
    for verdict in ("checked",) + VERDICTS:
        assert re.search(rf"\b{verdict} {s[verdict]}\b", last), (verdict, last)
    # A known finding is on its own line with printed, recomputed and verdict.
    line = next(row for row in out.splitlines() if "6,601" in row)
    assert "6.610" in line and "wrong" in line and "typo" in line


def test_json_keys_and_content():
    res = run("check", "--json")
    assert res.returncode == 0
    data = json.loads(res.stdout)
    assert isinstance(data, list) and len(data) == len(RECORDS)
    for item in data:
        assert KEYS <= set(item)
        assert item["verdict"] in VERDICTS
    eq4 = next(d for d in data if d["id"] == "001-eq4-pmi")
    assert (eq4["printed"], eq4["recomputed"], eq4["verdict"]) == ("6,601", "6.610", "wrong")


def test_document_filter():
    res = run("check", "--document", "004", "--json")
    assert res.returncode == 0
    docs = {d["document"] for d in json.loads(res.stdout)}
    assert docs == {"004_8c2cfc3a4c4844f2.txt"}
    table = run("check", "--document", "001_89c7")
    assert table.returncode == 0
    assert "001_89c791579b44ac22.txt" in table.stdout and "000_39400866bd70c5f2.txt" not in table.stdout


@pytest.mark.parametrize("prefix, message", [("00", "ambiguous"), ("9", "no document starts"), ("", "document")])
def test_bad_prefix_exits_2_with_a_clear_message(prefix, message):
    res = run("check", "--document", prefix)
    assert res.returncode == 2
    assert message in res.stderr and res.stdout == ""


def test_main_in_process(capsys):
    assert main(["check", "--document", "003"]) == 0
    out = capsys.readouterr().out
    assert "convention" in out and "3.2813414240305514" in out
    assert main(["check", "--document", "0"]) == 2


def test_console_script_is_declared_and_runs():
    assert 'teachkit = "teachkit.__main__:main"' in (ROOT / "pyproject.toml").read_text()
    script = pathlib.Path(sys.executable).with_name("teachkit")
    if not script.exists():
        pytest.fail(f"console script {script} is not installed: run pip install -e .")
    res = subprocess.run([str(script), "check", "--document", "001"], capture_output=True, text=True,
                         encoding="utf-8", timeout=120)
    assert res.returncode == 0 and "6,601" in res.stdout


def test_an_output_encoding_python_does_not_know_falls_back_to_ascii(monkeypatch, capsys):
    import io
    import sys

    from teachkit.__main__ import main

    class Output(io.StringIO):
        encoding = "no-such-codec"          # e.g. PYTHONIOENCODING set to a misspelled codec

    out = Output()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["check", "--document", "001"]) == 0
    table = out.getvalue()
    assert table and table.isascii()
    assert "encoding (ascii)" in capsys.readouterr().err
