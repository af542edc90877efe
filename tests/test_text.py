import unicodedata

import pytest

from teachkit import normalize_token, tokenize


def test_lowercases_and_drops_punctuation():
    assert tokenize("Running, exercise; (MORNING) workout!") == ["running", "exercise", "morning", "workout"]


def test_keeps_accents_and_digits():
    assert tokenize("Canção do Exílio, 1843") == ["canção", "do", "exílio", "1843"]


def test_nfc_and_nfd_spellings_are_the_same_word():
    composed = "Canção"
    decomposed = unicodedata.normalize("NFD", composed)
    assert composed != decomposed  # different code points ...
    assert tokenize(composed) == tokenize(decomposed) == ["canção"]  # ... same token
    assert normalize_token(decomposed) == "canção"


def test_underscores_and_apostrophes_separate_tokens():
    assert tokenize("snake_case don't") == ["snake", "case", "don", "t"]


def test_empty_text_has_no_tokens():
    assert tokenize("  ...  ") == []


@pytest.mark.parametrize("bad", [None, 3, b"bytes", ["a", "list"]])
def test_non_string_is_refused(bad):
    with pytest.raises(TypeError, match="text must be a string"):
        tokenize(bad)
