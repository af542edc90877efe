"""Bad input, round four (issue 52): ARPA files are read by KenLM's grammar, and KenLM is the judge.

KenLM (lm/read_arpa.cc, util/file_piece.cc) splits lines on \\n only, fields on spaces and tabs only (a word
may hold U+00A0, U+2028 or U+0085), reads numbers as ASCII decimals, lists the whole vocabulary as unigrams
and allows nothing after \\end\\.  Python's ``str.split``, ``splitlines``, ``float`` and ``int`` are laxer,
which read some files differently from KenLM (a unigram ``-0.8\\tc\\u00a0-0.5`` became the word ``c`` with a
back-off weight) or failed with internal errors.  Each hand-written file below is read by both: the verdicts
must be the same and, where both read it, every score must agree to 1e-6.
"""

import math
import re

import numpy as np
import pytest

from teachkit.lm.arpa import read_arpa, write_arpa
from teachkit.lm.ngram import NgramLM
from teachkit.lm.smoothing import KneserNey

kenlm = pytest.importorskip("kenlm", reason="KenLM is a test dependency: make test installs it (pip install kenlm)")

GOOD = ("\\data\\\nngram 1=5\nngram 2=3\n\n\\1-grams:\n-1.0\t<unk>\n-99\t<s>\t-0.3\n-0.5\ta\t-0.2\n"
        "-0.7\tb\t-0.1\n-0.6\t</s>\n\n\\2-grams:\n-0.1\t<s> a\n-0.2\ta b\n-0.3\tb </s>\n\n\\end\\\n")


def renamed(word):
    """GOOD with the word b spelt ``word`` everywhere."""
    return GOOD.replace("\tb\t", f"\t{word}\t").replace("a b\n", f"a {word}\n").replace("\tb </s>", f"\t{word} </s>")


def swap(old, new, text=GOOD):
    assert old in text
    return text.replace(old, new, 1)


# (name, file bytes, the words to score where read)
CASES = [
    ("good", GOOD, ["a", "b"]),
    ("a word holding U+00A0", renamed("c\u00a0d"), ["a", "c\u00a0d", "zz"]),
    ("a word holding U+2028", renamed("c\u2028d"), ["a", "c\u2028d"]),
    ("a word holding NEL", renamed("c\u0085d"), ["c\u0085d", "a"]),
    ("a word holding a vertical tab", renamed("c\vd"), ["a", "c\vd"]),
    ("U+00A0 before what looks like a back-off",
     swap("ngram 1=5", "ngram 1=6", swap("-0.6\t</s>\n", "-0.6\t</s>\n-0.8\tc\u00a0-0.5\n")),
     ["c\u00a0-0.5", "c", "a"]),
    ("CRLF line ends", GOOD.replace("\n", "\r\n"), ["a", "b", "a"]),
    ("spaces between fields", GOOD.replace("-0.2\ta b", "-0.2  a b"), ["a", "b"]),
    ("a blank line inside a section", swap("-0.5\ta\t-0.2\n", "-0.5\ta\t-0.2\n\n"), ["a", "b"]),
    ("a # comment before \\data\\", "# made by hand\n" + GOOD, ["b"]),
    ("numbers as .5, 5., +0, 5e-1", swap("-0.1\t<s> a", "-.1\t<s> a", swap("-0.7\tb", "-7.e-1\tb",
     swap("-0.3\tb </s>", "-3E-1\tb </s>", swap("-0.5\ta", "+0\ta")))), ["a", "b", "b"]),
    ("-0_5 (Python reads -5.0)", swap("-0.5\ta", "-0_5\ta"), None),
    ("Arabic-Indic digits in log10 P", swap("-0.5\ta", "-\u0660.\u0665\ta"), None),
    ("Arabic-Indic digit in the header", swap("ngram 1=5", "ngram \u0661=5"), None),
    ("full-width digits in log10 P", swap("-0.5\ta", "-\uff10.\uff15\ta"), None),
    ("hexadecimal", swap("-0.5\ta", "-0x1\ta"), None),
    ("a second model after \\end\\", GOOD + GOOD, None),
    ("a word after \\end\\", GOOD + "junk\n", None),
    ("an n-gram word that is not a unigram", swap("-0.2\ta b", "-0.2\ta zz"), None),
    ("a 30-digit count", swap("ngram 2=3", "ngram 2=" + "9" * 30), None),
    ("a 5,000-digit count", swap("ngram 2=3", "ngram 2=" + "9" * 5000), None),
    ("spaces around = in the header", swap("ngram 1=5", "ngram 1 = 5"), None),
    ("sections out of order", swap("\\1-grams:", "\\2-grams:"), None),
    ("a text line before \\data\\", "hello\n" + GOOD, None),
    ("a 3-gram whose history is not listed", swap("\\end\\", "\\3-grams:\n-0.1\t<s> b </s>\n\n\\end\\",
                                                   swap("ngram 2=3\n", "ngram 2=3\nngram 3=1\n")), None),
]


def kenlm_verdict(path):
    try:
        return kenlm.Model(str(path))
    except (OSError, RuntimeError, ValueError):
        return None


def kenlm_log10(model, words):
    """log10 P of each word and </s> after <s>, word by word (KenLM's Python splits strings on U+00A0)."""
    state, out, scores = kenlm.State(), kenlm.State(), []
    model.BeginSentenceWrite(state)
    for w in words + ["</s>"]:
        scores.append(model.BaseScore(state, w, out))
        state, out = out, state
    return np.array(scores)


@pytest.mark.parametrize("name, text, words", CASES, ids=[c[0] for c in CASES])
def test_teachkit_and_kenlm_give_the_same_verdict_and_scores(tmp_path, name, text, words):
    path = tmp_path / "hand.arpa"
    path.write_bytes(text.encode("utf-8"))
    theirs = kenlm_verdict(path)
    try:
        ours = read_arpa(path)
    except ValueError as error:
        ours = None
        assert theirs is None, f"KenLM reads {name!r}, teachkit refuses it: {error}"
        assert str(error).startswith("line "), error                 # the line is named
        assert len(str(error)) < 400
    assert (ours is None) == (theirs is None), f"{name}: teachkit reads it, KenLM refuses it"
    assert (words is None) == (ours is None)                          # the table above says which is which
    if ours is not None:
        np.testing.assert_allclose(ours.score(words).log10_probs, kenlm_log10(theirs, words), rtol=1e-6, atol=1e-6)
        # ... and the same from text=, and for the whole text at once.
        np.testing.assert_allclose(read_arpa(text=text).score(words).log10_probs, ours.score(words).log10_probs)
        np.testing.assert_allclose(ours.log10_probs([words]), ours.score(words).log10_probs)


def test_the_u00a0_word_is_one_word_not_a_word_and_a_back_off_weight():
    text = CASES[5][1]
    model = read_arpa(text=text)
    assert "c\u00a0-0.5" in model.vocabulary and "c" not in model.vocabulary
    assert model.log10_prob("c\u00a0-0.5", ["<s>"]) == pytest.approx(-0.3 - 0.8)     # β(<s>) · P(c -0.5)


def test_a_latin1_file_is_refused_naming_the_file_and_the_line(tmp_path):
    """KenLM reads bytes; teachkit's words are text, so a file that is not UTF-8 is refused, saying where."""
    path = tmp_path / "latin1.arpa"
    path.write_bytes(renamed("caf\xe9").encode("latin-1"))
    assert kenlm_verdict(path) is not None
    line = renamed("caf\xe9").split("\n").index("-0.7\tcaf\xe9\t-0.1") + 1
    with pytest.raises(ValueError, match=f"line {line} of .*latin1.arpa.* is not UTF-8 .*0xe9.*iconv") as caught:
        read_arpa(path)
    assert not isinstance(caught.value, UnicodeDecodeError)


@pytest.mark.parametrize("name, text, match", [
    ("unknown word", swap("-0.2\ta b", "-0.2\ta zz"),
     r"line 14: the word 'zz' of this 2-gram is not among the unigrams"),
    ("5 MB word", swap("-0.2\ta b", "-0.2\ta " + "w" * 5_000_000), r"line 14: the word 'w{40,}"),
    ("digit limit", swap("ngram 2=3", "ngram 2=" + "9" * 5000), "line 3: .* more than 19 digits"),
    ("underscore", swap("-0.5\ta", "-0_5\ta"), r"line 8: log10 probability '-0_5' is not a number"),
    ("after end", GOOD + GOOD, re.escape("line 18: '\\\\data\\\\' after \\end\\")),
    ("carriage return", swap("-0.2\ta b", "-0.2\ta\rb"), "line 14: a carriage return"),
])
def test_the_messages_name_the_line_and_the_cause(name, text, match):
    with pytest.raises(ValueError, match=match) as caught:
        read_arpa(text=text)
    assert len(str(caught.value)) < 400


# ----------------------------------------------------------------- ArpaLM's scoring methods and write_arpa
MODEL = read_arpa(text=GOOD)


@pytest.mark.parametrize("call, match", [
    (lambda: MODEL.score(None), "sentence must be a list of words or a string, got NoneType"),
    (lambda: MODEL.score(5), "sentence must be"),
    (lambda: MODEL.log10_prob("b", context=None), "context must be a list of the previous words, got NoneType"),
    (lambda: MODEL.log10_prob("b", context=[1, 2]), "context must hold words"),
    (lambda: MODEL.score(["a"], bos="no"), "bos must be True or False, got 'no'"),
    (lambda: MODEL.score(["a"], eos=[0]), r"eos must be True or False, got \[0\]"),
    (lambda: MODEL.score(["a"], bos=1), "bos must be True or False"),
])
def test_scoring_arguments_are_checked(call, match):
    with pytest.raises(TypeError, match=match):
        call()


def test_a_generator_context_gives_what_a_list_gives():
    expected = MODEL.log10_prob("b", ["<s>", "a"])
    assert MODEL.log10_prob("b", (w for w in ["<s>", "a"])) == expected == -0.2
    assert MODEL.score(["a"], bos=False).log10_probs[0] == -0.5
    assert math.isclose(MODEL.score(["a"], bos=np.True_).log10_probs[0], -0.1)


def test_write_arpa_names_a_path_that_is_not_one():
    lm = NgramLM([["a", "b"]], order=2, smoothing=KneserNey(0.5))
    with pytest.raises(TypeError, match="path must be a file path .* got int"):
        write_arpa(lm, 123)


# Layout only: KenLM wants exactly one tab after a unigram's log10 P and nothing after the last field, where
# teachkit's grammar takes any run of spaces and tabs between fields and ignores them around a line.  The
# numbers and words are the same either way, so teachkit reads these and scores them as the file states.
LAYOUT = [
    ("a space instead of the unigram's tab", swap("-0.5\ta\t-0.2", "-0.5 a\t-0.2")),
    ("a tab after the back-off weight", swap("-0.5\ta\t-0.2\n", "-0.5\ta\t-0.2\t\n")),
    ("a space after the last word", swap("-0.3\tb </s>\n", "-0.3\tb </s> \n")),
    ("a space after a section header", swap("\\2-grams:\n", "\\2-grams: \n")),
]


@pytest.mark.parametrize("name, text", LAYOUT, ids=[c[0] for c in LAYOUT])
def test_where_only_the_layout_differs_from_kenlms_teachkit_reads_what_the_file_states(tmp_path, name, text):
    path = tmp_path / "layout.arpa"
    path.write_bytes(text.encode("utf-8"))
    assert kenlm_verdict(path) is None                                   # KenLM is stricter here
    model = read_arpa(path)
    good = read_arpa(text=GOOD)
    for words in (["a", "b"], ["b", "a", "zz"]):
        assert model.score(words).log10_probs == good.score(words).log10_probs
