"""teachkit.course.tables: a rendered table with human names, and the same rows as aligned text."""

from __future__ import annotations

import pytest

from teachkit.course import tables


def test_the_text_aligns_numbers_right_and_words_left():
    text = tables.table([["c_v", 0.5, 3], ["u_mass", -12.25, 10]], ["measure", "mean", "n"],
                        formats={"mean": ".2f"}, display_it=False)
    assert text.splitlines() == ["measure    mean   n", "c_v        0.50   3", "u_mass   -12.25  10"]


def test_the_html_shows_human_names_and_the_text_keeps_the_keys(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda data, raw=False: shown.append(data))
    assert tables.table([["u_mass", 1.0]], ["measure", "c_npmi"], caption="two <measures>") is None
    (data,) = shown
    text = tables.table([["u_mass", 1.0]], ["measure", "c_npmi"], caption="two <measures>", display_it=False)
    assert data["text/plain"] == text and "u_mass" in text
    page = data["text/html"]
    assert "<td style=\"text-align:left\">UMass</td>" in page and "<th>NPMI</th>" in page
    assert "<caption>two &lt;measures&gt;</caption>" in page and "u_mass" not in page


def test_a_row_of_the_wrong_length_or_a_format_of_no_column_is_refused():
    with pytest.raises(ValueError, match="row 1 has 1 values for 2 columns"):
        tables.table([[1, 2], [3]], ["a", "b"], display_it=False)
    with pytest.raises(ValueError, match="formats names \\['c'\\]"):
        tables.table([[1, 2]], ["a", "b"], formats={"c": ".2f"}, display_it=False)
