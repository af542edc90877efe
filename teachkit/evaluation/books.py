"""A real labelled corpus: 240 passages of four public-domain books, each labelled with its book.

Silge and Robinson's "great library heist" (*Text Mining with R*, chapter 6)
tears books into pieces and asks whether a topic model puts them back together.
Here the pieces are 60 passages of 120 words from each of

* Jane Austen, *Emma* (1815) -- label ``"emma"``;
* Jane Austen, *Persuasion* (1817) -- ``"persuasion"``;
* John Milton, *Paradise Lost* (1674) -- ``"paradise_lost"``;
* G. K. Chesterton, *The Wisdom of Father Brown* (1914) -- ``"father_brown"``,

taken at evenly spaced places in each book.  Two of the books share an author,
a period and most of their vocabulary: the gold labels are real, and not all of
them are easy.  The texts are in the public domain; where they come from and how
the passages were cut is in ``teachkit/data/README.md``
(``tools/build_four_books.py`` rebuilds the file).

Examples
--------
>>> books = four_books()
>>> len(books), books.label_names
(240, ('emma', 'persuasion', 'paradise_lost', 'father_brown'))
>>> books.tokens[120][:6]
['book', 'i', 'of', 'man', 's', 'first']
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from importlib import resources

from ..text import tokenize

__all__ = ["FOUR_BOOKS_FILE", "LabelledCorpus", "four_books"]

#: File name of the passages inside ``teachkit/data/``.
FOUR_BOOKS_FILE = "four_books.json"


@dataclass(frozen=True)
class LabelledCorpus:
    """Documents with gold labels.

    Attributes
    ----------
    texts : tuple of str
        Each passage as printed.
    tokens : list of list of str
        Each passage tokenized by :func:`teachkit.tokenize`.
    labels : tuple of str
        Each passage's book.
    label_names : tuple of str
        The labels in order of first appearance.
    books : dict
        Per label: title, author, year, and the source file with its SHA-256.
    """

    texts: tuple
    tokens: list = field(repr=False)
    labels: tuple
    label_names: tuple
    books: dict = field(repr=False)

    def __len__(self) -> int:
        return len(self.texts)

    def __repr__(self) -> str:
        return f"LabelledCorpus({len(self)} documents, labels {list(self.label_names)})"


@functools.lru_cache(maxsize=1)
def _load():
    path = resources.files("teachkit").joinpath("data", FOUR_BOOKS_FILE)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileNotFoundError(
            f"The four-books corpus is missing: {path}. teachkit ships it as package data "
            f"(teachkit/data/{FOUR_BOOKS_FILE}); reinstall teachkit from its repository (`python -m pip install -e .`)."
        ) from None
    return raw


def four_books() -> LabelledCorpus:
    """The 240 labelled passages (60 from each of four books), in book order.

    Returns
    -------
    LabelledCorpus
        A new object each call (its token lists are the caller's to change).
    """
    raw = _load()
    texts = tuple(d["text"] for d in raw["documents"])
    labels = tuple(d["label"] for d in raw["documents"])
    return LabelledCorpus(texts, [tokenize(t) for t in texts], labels, tuple(dict.fromkeys(labels)),
                          {k: dict(v) for k, v in raw["books"].items()})
