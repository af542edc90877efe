"""The shipped labelled corpus: its structure, provenance, and that the derivation is what the README says."""

import json
import pathlib
import tomllib

from teachkit.evaluation.books import FOUR_BOOKS_FILE, four_books
from teachkit.text import tokenize

ROOT = pathlib.Path(__file__).resolve().parents[1]
DATA = ROOT / "teachkit" / "data"


def test_sixty_passages_of_120_words_per_book_in_book_order():
    books = four_books()
    assert len(books) == 240 and books.label_names == ("emma", "persuasion", "paradise_lost", "father_brown")
    for i, name in enumerate(books.label_names):
        assert books.labels[60 * i:60 * (i + 1)] == (name,) * 60
    assert all(len(t.split()) == 120 for t in books.texts)
    assert books.tokens[0] == tokenize(books.texts[0])
    # The first passage of each book is its opening, the last its closing words.
    assert books.texts[0].startswith("VOLUME I CHAPTER I Emma Woodhouse, handsome, clever, and rich")
    assert books.texts[120].startswith("Book I Of Man's first disobedience")
    assert books.texts[179].endswith("Through Eden took their solitary way.")


def test_no_distributor_text_and_provenance_recorded():
    raw = json.loads((DATA / FOUR_BOOKS_FILE).read_text(encoding="utf-8"))
    assert raw["commit"] == "a8a85af0682d183480a553e84ca4cbf9f445fdab"
    assert all(len(b["sha256"]) == 64 for b in raw["books"].values())
    assert not any("gutenberg" in d["text"].lower() or "etext" in d["text"].lower() for d in raw["documents"])
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert f"## `{FOUR_BOOKS_FILE}`" in readme and "public domain" in readme


def test_each_call_gives_a_fresh_object_and_the_file_is_package_data():
    a, b = four_books(), four_books()
    a.tokens[0].append("x")
    assert b.tokens[0][-1] != "x"
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "data/*.json" in package_data["teachkit"]
