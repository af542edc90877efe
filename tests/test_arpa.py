"""ARPA files: KenLM, the reference reader, loads the file teachkit writes and gives every token of held-out
text the probability teachkit gives it (to float32 precision, KenLM's storage); teachkit reads its own file back
to the last bits; a malformed file is refused naming its line; a model no ARPA file can hold is refused."""

import math
import random

import numpy as np
import pytest

import teachkit as tk
from teachkit.lm.arpa import read_arpa, write_arpa
from teachkit.lm.backoff import BackoffKneserNey, Katz
from teachkit.lm.kneser_ney import ModifiedKneserNey
from teachkit.lm.ngram import NgramLM
from teachkit.lm.smoothing import AddAlpha, JelinekMercer, KneserNey

kenlm = pytest.importorskip("kenlm", reason="KenLM is a test dependency: make test installs it (pip install kenlm)")

# KenLM keeps log10 probabilities as float32: a relative error of 2**-24 ≈ 6e-8 per value, a few of them summed.
FLOAT32 = 1e-6


@pytest.fixture(scope="module")
def lee():
    docs = [list(d) for d in tk.lee_background()]
    return docs[:250], docs[250:]


def small_corpus(seed, n=80, letters="abcdef"):
    rng = random.Random(seed)
    return [[rng.choice(letters) for _ in range(rng.randint(1, 8))] for _ in range(n)]


def kenlm_scores(path, sentences):
    model = kenlm.Model(str(path))
    return model, [np.array([s[0] for s in model.full_scores(" ".join(sent))]) for sent in sentences]


def agree_with_kenlm(lm, test, tmp_path):
    path = tmp_path / "model.arpa"
    write_arpa(lm, path)
    model, theirs = kenlm_scores(path, test)
    ours = [np.log10(lm.predictions([sent])["probability"]) for sent in test]
    for sent, a, b in zip(test, theirs, ours):
        assert len(a) == len(sent) + 1                       # every word and </s>
        np.testing.assert_allclose(a, b, rtol=FLOAT32, atol=0)
    # Perplexity under KenLM's conventions: words and </s> counted, <s> not: teachkit's per="prediction".
    kenlm_pp = 10 ** (-sum(float(a.sum()) for a in theirs) / sum(len(a) for a in theirs))
    assert kenlm_pp == pytest.approx(lm.perplexity(test), rel=FLOAT32)
    # KenLM's own perplexity sums the sentence in float32: each of its n + 1 additions may round by 2**-24 of
    # the running total (at most |score|), so the exponent log10 PP = -score / (n + 1) may be off by
    # |score| · 2**-24, and PP relatively by ln(10) times that.
    score = model.score(" ".join(test[0]))
    assert model.perplexity(" ".join(test[0])) == pytest.approx(
        lm.perplexity(test[:1]), rel=math.log(10) * abs(score) * 2 ** -24 + FLOAT32)
    return path


@pytest.mark.parametrize("order", [2, 3, 4])
@pytest.mark.parametrize("smoothing", [KneserNey(0.75), ModifiedKneserNey(), BackoffKneserNey(0.7)],
                         ids=["interpolated-kn", "modified-kn", "backoff-kn"])
def test_kenlm_scores_teachkits_arpa_file_as_teachkit_does(lee, tmp_path, order, smoothing):
    train, test = lee
    lm = NgramLM(train, order=order, smoothing=smoothing, min_count=2)      # rare words become <unk>
    path = agree_with_kenlm(lm, test[:25], tmp_path)
    # ... and teachkit's own reader gives back the same numbers to the last bits.
    ours = read_arpa(path)
    for sent in test[:10]:
        np.testing.assert_allclose(ours.score(sent).log10_probs, np.log10(lm.predictions([sent])["probability"]),
                                   rtol=1e-13, atol=1e-15)


@pytest.mark.parametrize("order", [2, 3, 4])
def test_katz_files_too(lee, tmp_path, order):
    train, test = lee
    agree_with_kenlm(NgramLM(train, order=order, smoothing=Katz()), test[:25], tmp_path)


def test_a_katz_history_with_no_mass_left_cannot_be_written(lee):
    train, _ = lee
    with pytest.raises(ValueError, match=r"never seen after the history '[a-z]+' probability 0"):
        write_arpa(NgramLM(train, order=2, smoothing=Katz(5)))


@pytest.mark.parametrize("order", [2, 3, 4])
@pytest.mark.parametrize("alpha", [1.0, 0.3])
def test_add_alpha_on_a_small_vocabulary(tmp_path, order, alpha):
    lm = NgramLM(small_corpus(order), order=order, smoothing=AddAlpha(alpha))
    test = small_corpus(10 + order, n=30, letters="abcdefxy")     # x, y never seen: <unk>
    path = agree_with_kenlm(lm, test, tmp_path)
    ours = read_arpa(path)
    for sent in test:
        np.testing.assert_allclose(ours.score(sent).log10_probs, np.log10(lm.predictions([sent])["probability"]),
                                   rtol=1e-13, atol=1e-15)


def test_the_file_lists_log10_probabilities_with_every_digit():
    lm = NgramLM([["a", "b"], ["a", "c"]], order=2, smoothing=KneserNey(0.5))
    lines = write_arpa(lm).splitlines()
    assert lines[:3] == ["\\data\\", "ngram 1=6", "ngram 2=5"]
    # P(b | a) by hand: level 1 continuation counts a 1, b 1, c 1, </s> 2 (after b and c): a(•) = 5, T = 4;
    # P1(b) = (0.5 + 0.5·4/6)/5 = 1/6; P(b | a) = (1 - 0.5 + 0.5·2·(1/6))/2 = 1/3
    entry = next(line for line in lines if line.endswith("\ta b"))
    assert float(entry.split("\t")[0]) == pytest.approx(math.log10(1 / 3), rel=1e-15)
    assert lm.prob("b", ["a"]) == pytest.approx(1 / 3, rel=1e-15)


# ---------------------------------------------------------------- models an ARPA file cannot hold
@pytest.mark.parametrize("order", [2, 3, 4])
def test_jelinek_mercer_on_a_small_vocabulary(tmp_path, order):
    lambdas = [0.1] + [0.9 * k / sum(range(1, order + 1)) for k in range(1, order + 1)]
    lm = NgramLM(small_corpus(order), order=order, smoothing=JelinekMercer(lambdas))
    test = small_corpus(20 + order, n=30, letters="abcdefgxy")      # g never seen: so are its histories
    agree_with_kenlm(lm, test, tmp_path)


def test_jelinek_mercer_over_a_large_vocabulary_is_refused_with_the_reason(lee):
    train, _ = lee
    lm = NgramLM(train, order=2, smoothing=JelinekMercer((0.1, 0.3, 0.6)))
    with pytest.raises(ValueError, match="no lower-order distribution to back off to.*lines here"):
        write_arpa(lm)


@pytest.mark.parametrize("make, match", [
    (lambda: NgramLM(small_corpus(1), order=2, smoothing=KneserNey(0.5), pad=False), "pad=True"),
    (lambda: NgramLM(small_corpus(1), order=2, smoothing="laplace", unk=False), "unk=True"),
    (lambda: NgramLM(small_corpus(1), order=1, smoothing=KneserNey(0.5)), "order >= 2"),
    (lambda: NgramLM([["a b", "c"]], order=2, smoothing=KneserNey(0.5)), "white space"),
    (lambda: NgramLM([["<unk>", "c"]], order=2, smoothing=KneserNey(0.5)), "reserves"),
    (lambda: NgramLM(small_corpus(1), order=2, smoothing=AddAlpha(1, denominator="occurrences")), "occurrences"),
])
def test_models_no_arpa_file_can_hold_are_refused(make, match):
    with pytest.raises(ValueError, match=match):
        write_arpa(make())


def test_add_alpha_over_a_large_vocabulary_is_refused_with_the_line_count():
    lm = NgramLM(small_corpus(2, n=200, letters="abcdefghijklmnopqrstuvwxyz"), order=3, smoothing="laplace")
    with pytest.raises(ValueError, match=r"lines here \(V = 29\), more than max_lines = 1,000"):
        write_arpa(lm, max_lines=1000)


def test_write_arpa_refuses_what_is_not_a_model():
    with pytest.raises(TypeError, match="NgramLM"):
        write_arpa("model")


# ---------------------------------------------------------------- malformed files
GOOD = write_arpa(NgramLM([["a", "b"], ["a", "c"]], order=2, smoothing=KneserNey(0.5)))


def damaged(old, new):
    assert old in GOOD
    return GOOD.replace(old, new, 1)


@pytest.mark.parametrize("text, match", [
    ("", "no \\\\data\\\\ header"),
    ("hello\n" + GOOD, "line 1: an ARPA file begins with"),
    (damaged("ngram 2=5", "ngram 2=6"), "announces 6 2-grams, the file lists 5"),
    (damaged("ngram 2=5", "ngram two=5"), "line 3: expected 'ngram N=count'"),
    (damaged("\\end\\", ""), "cut short"),
    (damaged("\ta b", "\ta b\textra\tfields"), "fields"),
])
def test_malformed_files_are_refused_naming_the_line(text, match):
    with pytest.raises(ValueError, match=match):
        read_arpa(text=text)


def test_bad_numbers_and_missing_prefixes_name_their_line():
    lines = GOOD.splitlines()
    i = next(k for k, line in enumerate(lines) if line.endswith("\ta b"))
    for bad, match in [("nan", "not a finite number"), ("0.5", "positive"), ("x", "not a number"),
                       ("-inf", "not a finite number")]:
        broken = lines.copy()
        broken[i] = bad + "\t" + broken[i].split("\t", 1)[1]
        with pytest.raises(ValueError, match=f"line {i + 1}: .*{match}"):
            read_arpa(text="\n".join(broken))
    broken = lines.copy()
    broken[i] = broken[i].replace("\ta b", "\tq b")
    with pytest.raises(ValueError, match=f"line {i + 1}: .*history 'q' is not a 1-gram"):
        read_arpa(text="\n".join(broken))
    duplicated = lines[:i + 1] + [lines[i]] + lines[i + 1:]
    with pytest.raises(ValueError, match="listed twice"):
        read_arpa(text="\n".join(duplicated))


def test_read_arpa_takes_a_path_or_text(tmp_path):
    with pytest.raises(TypeError, match="exactly one"):
        read_arpa()
    with pytest.raises(IsADirectoryError, match="folder"):
        read_arpa(tmp_path)
    path = tmp_path / "m.arpa"
    path.write_text(GOOD)
    assert read_arpa(path).counts == {1: 6, 2: 5}


@pytest.mark.parametrize("order", [2, 3, 4])
def test_a_whole_text_at_once_gives_the_word_by_word_numbers(lee, order):
    train, test = lee
    lm = NgramLM(train, order=order, smoothing=ModifiedKneserNey(), min_count=2)
    model = read_arpa(text=write_arpa(lm))
    at_once = model.log10_probs(test[:20])
    one_by_one = np.concatenate([model.score(s).log10_probs for s in test[:20]])
    np.testing.assert_allclose(at_once, one_by_one, rtol=1e-15, atol=0)
    assert model.perplexity(test[:20]) == pytest.approx(lm.perplexity(test[:20]), rel=1e-12)


def test_the_docs_arpa_example_prints_what_its_comments_say_and_kenlm_agrees(tmp_path, monkeypatch):
    import contextlib
    import io
    import pathlib
    import re

    page = pathlib.Path(__file__).resolve().parents[1] / "docs" / "language-models.md"
    section = page.read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(page), "exec"), {})
    printed = out.getvalue().split()
    stated = re.findall(r"# (\d+\.\d+)", code)
    assert printed[0] == stated[0] and printed[1] == stated[1] and printed[2] == "False"
    # KenLM reads the file the example wrote and gives the same perplexity (to float32).
    articles = [list(a) for a in tk.lee_background()]
    model = kenlm.Model(str(tmp_path / "lee.arpa"))
    logs = [s[0] for a in articles[250:] for s in model.full_scores(" ".join(a))]
    assert 10 ** (-sum(logs) / len(logs)) == pytest.approx(float(stated[0]), abs=0.05)
