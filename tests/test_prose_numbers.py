"""Every number written in a notebook's prose is accounted for.

A number typed by hand into a markdown cell goes stale silently; so each number in a markdown cell must be

1. **from the documents**: it agrees, at its own precision, with a number of the catalogue
   ``teachkit.documents.catalogue`` (printed values, stated inputs, arguments, notes), e.g. the guide's "0.48";
2. **produced by the same notebook**: it agrees, at its own precision, with a number in a saved output of
   one of its code cells (print it, or write the prose itself from a code cell with
   ``display(Markdown(f"... {value:.3f} ..."))``), or it is a literal in the non-comment source of one of
   its code cells (the notebook's own inputs, e.g. ``alpha = 0.5``);
3. **asserted by a test**: listed in ``tools/prose_numbers.py``'s ``ASSERTED`` with the test file that
   contains it;
4. **whitelisted**: whole numbers from 0 to 10 (counts, ordinals, NPMI's -1/+1), years 1900-2099, and the
   few constants in ``tools/prose_numbers.py``'s ``WHITELIST``, each with its reason.

Not read as prose numbers: fenced code blocks, link targets, HTML tags, a heading's section number
("## 3."), an ordered-list marker, the number after "Exercise", "Section", "§", "notebook", "Figure",
"Table", "Step", "Example", "item", "cell" and the like, ordinals ("3rd"), numbers glued to letters.

"At its own precision": a prose number with d decimals is matched by a candidate that rounds (half up or
half even) to it at d decimals and has at least d decimals itself; a whole number must be matched exactly.
Signs are ignored, "48%" is read as 48 and as 0.48, "10{,}000" and "10,000" are 10000, "0,891" is 0.891.

To see what a notebook still lacks: ``python tools/prose_numbers.py notebooks/02_npmi.ipynb``.
"""

import json
import pathlib
from decimal import Decimal

import pytest

from tools import prose_numbers as pn

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def md_notebook(markdown, *code_cells):
    cells = [{"cell_type": "markdown", "metadata": {}, "source": markdown}]
    for source, output in code_cells:
        cells.append({"cell_type": "code", "metadata": {}, "source": source, "execution_count": 1,
                      "outputs": [{"output_type": "stream", "name": "stdout", "text": output}]})
    return {"cells": cells}


def found(markdown, *code_cells):
    return [u.text for u in pn.unaccounted(md_notebook(markdown, *code_cells))]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_prose_number_is_accounted_for(path):
    problems = pn.unaccounted(json.loads(path.read_text(encoding="utf-8")), path.stem)
    assert not problems, (f"{path.name}: {len(problems)} number(s) in the prose that no code cell prints, no "
                          f"document states and no test asserts:\n" + "\n".join(f"  {u}" for u in problems))


# ---------------------------------------------------------------- the rules themselves
def test_a_hand_typed_result_is_caught_and_a_printed_one_is_not():
    assert found("PMI is 2.31 here.") == ["2.31"]
    assert found("PMI is 2.31 here.", ("print(pmi)", "2.3142\n")) == []          # agrees at 2 decimals
    assert found("PMI is 2.32 here.", ("print(pmi)", "2.3142\n")) == ["2.32"]
    assert found("about 2.3", ("print(x)", "2.3\n")) == []
    assert found("2.314", ("print(x)", "2.31\n")) == ["2.314"]                  # the output is less precise


def test_whole_numbers_must_match_exactly_and_small_ones_are_whitelisted():
    assert found("We have 7 words, 3 topics and -1 as a bound.") == []
    assert found("There are 47 pairs.", ("print(n)", "47.3\n")) == ["47"]
    assert found("There are 47 pairs.", ("print(n)", "47\n")) == []
    assert found("Bouma (2009) and 1e-12, written $\\varepsilon = 10^{-12}$.") == []
    assert [n.text for n in pn.numbers_in("$10^{-12}$")] == ["1e-12"]


def test_numbers_from_the_catalogue_are_accounted_for():
    # the guide's running/exercise counts and its printed NPMI, the Portuguese note's 6,601
    assert found("With $c = 150$ of $n = 10{,}000$ windows NPMI is 0.48 (printed 6,601).") == []
    assert found("The guide prints 0.4801.") == ["0.4801"]


def test_references_headings_lists_code_and_links_are_not_prose_numbers():
    text = ("## 12. Section title\n\n1. first\n2. second\n\nSee Exercise 14, notebook 05, §3.2, Table 11, "
            "[next](13_x.ipynb), the 23rd time, c_xy2, log2.\n\n```\nx = 99.9\n```\n<img width=\"640\">")
    assert found(text) == []


def test_signs_percentages_and_number_formats():
    assert found("NPMI is −0.08.", ("print(x)", "-0.0812\n")) == []
    assert found("It is 48% of the maximum.", ("print(x)", "0.4804\n")) == []
    assert found("0,891 with a decimal comma.", ("print(x)", "0.8912\n")) == []
    assert found("45,000 windows", ("n = 45_000", "")) == []


def test_code_literals_count_but_comments_do_not():
    assert found("alpha is 0.6173.", ("alpha = 0.6173", "")) == []
    assert found("alpha is 0.6173.", ("# alpha = 0.6173", "")) == ["0.6173"]


def test_the_whitelist_says_why():
    assert all(isinstance(k, Decimal) and reason for k, reason in pn.WHITELIST.items())


def test_a_number_asserted_by_a_test_is_accounted_for_only_if_that_test_contains_it(monkeypatch):
    nb = md_notebook("The bias is 0.7312.")
    assert [u.text for u in pn.unaccounted(nb, "99_x")] == ["0.7312"]
    # this very file contains the number, so it may be named as the test asserting it
    monkeypatch.setitem(pn.ASSERTED, "99_x", {"0.7312": "tests/test_prose_numbers.py"})
    assert pn.unaccounted(nb, "99_x") == []
    monkeypatch.setitem(pn.ASSERTED, "99_x", {"0.7312": "tests/test_pmi.py"})
    assert [u.text for u in pn.unaccounted(nb, "99_x")] == ["0.7312"]
