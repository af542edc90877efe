"""What a language model knows: the padding and unknown-word symbols, and BigramLM's vocabulary.

``<s>`` pads the start of a sentence, ``</s>`` ends it and ``<UNK>`` stands for a word the model has not
kept; every language model of :mod:`teachkit.lm` uses these three.  How a model builds its vocabulary is
in :mod:`teachkit.lm.ngram`'s docstring.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = ["Vocabulary", "START", "END", "UNK"]

# The padding and unknown-word symbols, the same for every language model.
START, END, UNK = "<s>", "</s>", "<UNK>"


class Vocabulary:
    """The words a :class:`BigramLM` knows, and how it looks test words up.

    Parameters
    ----------
    words : iterable of str
        Training types (duplicates are ignored; first-seen order is kept).
    unk_label : str or None
        ``None``: unseen words stay themselves and V = number of types.
        ``"<UNK>"``: unseen words become ``"<UNK>"``, which is counted in V.
    """

    def __init__(self, words: Iterable[str], unk_label: str | None = None) -> None:
        self.unk_label = unk_label
        types = list(dict.fromkeys(words))
        self.words = tuple(types + ([unk_label] if unk_label is not None else []))
        self._known = frozenset(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self._known

    def lookup(self, word: str) -> str:
        """``word`` itself if known (or if there is no unknown label), else the unknown label."""
        return word if self.unk_label is None or word in self._known else self.unk_label

    def __repr__(self) -> str:
        return f"Vocabulary(V={len(self)}, unk_label={self.unk_label!r})"
