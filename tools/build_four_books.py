"""Build teachkit/data/four_books.json: passages of four public-domain books, each labelled with its book.

The source is NLTK's old copy of Project Gutenberg texts (``corpora/gutenberg/`` in the repository
https://github.com/nltk/nltk at commit a8a85af0682d183480a553e84ca4cbf9f445fdab, 2006).  For each book the
body is cut out between two marker lines (the distributor's header and footer are dropped, nothing else is
changed), split at whitespace into words, and PASSAGES passages of WORDS consecutive words are taken at
evenly spaced starts.  Run, with a clone of nltk/nltk at hand::

    python tools/build_four_books.py /path/to/nltk-clone > teachkit/data/four_books.json

The course never runs this: it reads the JSON the tool wrote (teachkit.evaluation.books.four_books).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys

COMMIT = "a8a85af0682d183480a553e84ca4cbf9f445fdab"
PASSAGES = 60
WORDS = 120
#: label -> (file, title, author, year, first line of the body, first line after it)
BOOKS = {
    "emma": ("austen-emma.txt", "Emma", "Jane Austen", 1815, "VOLUME I", "End of The Project Gutenberg Etext"),
    "persuasion": ("austen-persuasion.txt", "Persuasion", "Jane Austen", 1817, "Chapter 1",
                   "End of the Project Gutenberg Etext"),
    "paradise_lost": ("milton-paradise.txt", "Paradise Lost", "John Milton", 1667, "Book I", "[The End]"),
    "father_brown": ("chesterton-brown.txt", "The Wisdom of Father Brown", "G. K. Chesterton", 1914,
                     "G.  K.  CHESTERTON", "End of Project Gutenberg's"),
}


def _body(text, first, stop):
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == first.strip())
    end = next(i for i in range(start + 1, len(lines)) if lines[i].strip().startswith(stop))
    return lines[start:end]


def build(clone):
    documents = []
    sources = {}
    for label, (name, title, author, year, first, stop) in BOOKS.items():
        raw = subprocess.run(["git", "-C", clone, "show", f"{COMMIT}:corpora/gutenberg/{name}"],
                             check=True, capture_output=True).stdout
        sources[label] = {"file": f"corpora/gutenberg/{name}", "sha256": hashlib.sha256(raw).hexdigest(),
                          "title": title, "author": author, "year": year}
        words = " ".join(_body(raw.decode("latin-1"), first, stop)).split()
        step = (len(words) - WORDS) / (PASSAGES - 1)
        for i in range(PASSAGES):
            start = round(i * step)
            documents.append({"label": label, "text": " ".join(words[start:start + WORDS])})
    return {"source": f"https://github.com/nltk/nltk/tree/{COMMIT}/corpora/gutenberg", "commit": COMMIT,
            "passages_per_book": PASSAGES, "words_per_passage": WORDS, "books": sources, "documents": documents}


if __name__ == "__main__":
    json.dump(build(sys.argv[1]), sys.stdout, ensure_ascii=False, indent=0)
    sys.stdout.write("\n")
