"""Tokenization: from raw text to the word tokens every other module counts.

The rule is deliberately small so a student can apply it by hand:

1. Unicode NFC normalization, so that "canção" typed with a precomposed
   "ç" and one typed as "c" + combining cedilla are the same word;
2. lowercase;
3. a token is a maximal run of letters and digits (accented letters
   included); everything else (punctuation, spaces, underscores) separates
   tokens and is dropped.

No nltk data is needed, so this works offline.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["tokenize", "normalize_token"]

# [^\W_] = "a word character that is not the underscore": letters of every
# script, digits and combining marks, but no punctuation.
_TOKEN = re.compile(r"[^\W_]+")


def normalize_token(token: str) -> str:
    """Normalize one token the way :func:`tokenize` does (NFC, lowercase).

    Parameters
    ----------
    token : str

    Returns
    -------
    str

    Examples
    --------
    >>> normalize_token("Canc\u0327a\u0303o") == "canção"
    True
    """
    if not isinstance(token, str):
        raise TypeError(
            f"token must be a string, got {type(token).__name__} {token!r}. "
            "Documents given as lists must hold word strings."
        )
    # NFC after lowercasing too: lower() can in rare cases leave a string
    # that is no longer in composed form.
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", token).lower())


def tokenize(text: str) -> list[str]:
    """Split ``text`` into lowercase, NFC-normalized word tokens.

    Parameters
    ----------
    text : str

    Returns
    -------
    list of str
        Letters (accented ones included) and digits are kept; punctuation is
        dropped.

    Examples
    --------
    >>> tokenize("Minha terra tem palmeiras, onde canta o Sabiá!")
    ['minha', 'terra', 'tem', 'palmeiras', 'onde', 'canta', 'o', 'sabiá']
    >>> tokenize("Running, 10 km.")
    ['running', '10', 'km']
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a string, got {type(text).__name__}. "
                        "Use a list of tokens with CooccurrenceCounts directly.")
    return _TOKEN.findall(normalize_token(text))
