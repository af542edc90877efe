"""Every exercise of the course is pinned like a worked example, and its solution stays out of sight.

For each registered exercise (``teachkit.course.exercises.all_exercises()``):

* it has a pin in ``tests/exercise_pins/nbXX.py`` (``PINS[key]``), derived by hand; a missing pin fails;
* its expected answer equals the pin (a number: to 1e-12 relative; a choice: exactly; a function: the
  pin is an independent implementation, and ``check_function`` must accept it);
* every ``right`` answer is accepted and every ``wrong`` one rejected, with the exercise's own options;
* its solution renders (format fields filled in).

For each notebook: every ``ask("key")`` names a registered exercise, every exercise is asked in its
notebook (key prefix ``08`` -> ``notebooks/08_*.ipynb``) in a cell tagged ``exercise``, and has a
``reveal("key")`` cell tagged ``solution``; no solution text is in a saved output or in a visible cell
source, and no cell calls ``reveal(..., show=True)``.

The machinery itself is tested at the bottom on exercises built in the test (not registered).
"""

import importlib.util
import json
import math
import pathlib
import re
from decimal import Decimal
from fractions import Fraction

import pytest

import teachkit as tk
from teachkit.course import exercises as tex
from teachkit.course.exercises import Exercise, Implement, Interpretation, Prediction
from tools import prose_numbers as pn

ROOT = pathlib.Path(__file__).resolve().parents[1]
PIN_DIR = ROOT / "tests" / "exercise_pins"
NOTEBOOK_DIR = ROOT / "notebooks"
EXERCISES = tex.all_exercises()
KEYS = [ex.key for ex in EXERCISES]


def prefix(key):
    return tex.KEY_PATTERN.fullmatch(key).group(1)


def load_pins(module_name, name="PINS"):
    path = PIN_DIR / f"{module_name}.py"
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"exercise_pins_{module_name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name, None)


def pin_of(key):
    module_name = f"nb{prefix(key)}"
    pins = load_pins(module_name)
    assert pins is not None, f"tests/exercise_pins/{module_name}.py with a PINS dict is missing (exercise {key})"
    assert key in pins, (f"exercise {key} has no pin: add PINS[{key!r}] to tests/exercise_pins/{module_name}.py, "
                         "the answer derived by hand from the question's data")
    return pins[key]


@pytest.fixture(autouse=True)
def fresh_questions():
    """Forget which variant each question shows (module state a kernel keeps), before and after each test."""
    from teachkit.course.exercises import display

    display._CURRENT.clear()
    yield
    display._CURRENT.clear()


# ---------------------------------------------------------------- every exercise
def test_there_are_exercises_and_each_module_has_its_pins_file():
    assert EXERCISES, "no exercise is registered in teachkit/exercises/nb*.py"
    for name in tex.modules():
        assert (PIN_DIR / f"{name}.py").is_file(), f"tests/exercise_pins/{name}.py is missing"


@pytest.mark.parametrize("key", KEYS)
def test_expected_answer_equals_the_hand_derived_pin(key):
    ex = tex.get(key)
    pin = pin_of(key)
    if isinstance(ex, Implement):
        assert callable(pin), f"{key}: the pin of a write-it-yourself exercise is an independent implementation"
        verdict = tex.check_function(key, pin)
        assert verdict.correct, f"{key}: the reference disagrees with the hand-written pin: {verdict.message}"
        return
    expected = ex.expected
    if getattr(ex, "choices", ()):
        assert expected == pin, f"{key}: teachkit gives {expected!r}, the pin says {pin!r}"
        return
    assert isinstance(expected, (int, float, Fraction)) and not isinstance(expected, bool), (
        f"{key}: the expected answer is {expected!r}, not a number")
    assert math.isfinite(expected), f"{key}: expected answer {expected!r} is not finite"
    assert math.isclose(expected, pin, rel_tol=1e-12, abs_tol=1e-15), (
        f"{key}: teachkit computes {expected!r} from {ex.data}, but the hand-derived pin is {pin!r}")


def _is_number(v):
    return isinstance(v, (int, float, Fraction)) and not isinstance(v, bool)


def _numeric_data(ex):
    return {k: v for k, v in ex.data.items() if _is_number(v)}


def _data_numbers(ex):
    """Every number of the data: scalars, and the items of tuples or lists of numbers (scores, sizes)."""
    for name, value in ex.data.items():
        if _is_number(value):
            yield name, None, value
        elif isinstance(value, (tuple, list)):
            for i, item in enumerate(value):
                if _is_number(item):
                    yield name, i, item


def _changed(ex, name, index, new):
    if index is None:
        return dict(ex.data, **{name: new})
    items = list(ex.data[name])
    items[index] = new
    return dict(ex.data, **{name: type(ex.data[name])(items)})


def _alternatives(value):
    # a small change, a change of sign, a large change, and one past any score's range
    small = value + 1 if isinstance(value, int) else value * 1.1 + 0.01
    return (small, -value - 1, 10 * value + 1, value + 100)


@pytest.mark.parametrize("key", [ex.key for ex in EXERCISES if not isinstance(ex, Implement)])
def test_the_question_states_exactly_the_data_and_the_answer_uses_every_item(key):
    """The data are the numbers the question states (no more, no fewer), and the answer is computed from them:
    changing any one of them changes the expected answer (or makes the data invalid).

    "Changing" tries a small change, a change of sign, a large change and one past any score's range, so that a
    rank-based answer (AUC) or a count that only matters past a threshold still shows that it is used.  A
    prediction among a few ``choices`` answers a qualitative question that a single number rarely flips; for it
    the answer must depend on the data as a whole (some change of some number changes it)."""
    ex = tex.get(key)
    stated = _stated(ex.question)
    numbers = list(_data_numbers(ex))
    for name, index, value in numbers:
        where = name if index is None else f"{name}[{index}]"
        # the prose reader ignores signs ("−0.08" in a question is 0.08), so compare absolute values
        assert abs(Decimal(repr(value))) in stated or abs(Decimal(value)) in stated, (
            f"{key}: data[{where!r}] = {value!r} is not stated in the question")
    values = {abs(Decimal(repr(v))) for *_, v in numbers} | {abs(Decimal(v)) for *_, v in numbers}
    for number in stated:
        assert number in values or (number == int(number) and number <= 10), (
            f"{key}: the question states {number}, which is not in data; put every number the question gives in data")
    expected = ex.expected

    def uses(name, index, value):
        for new in _alternatives(value):
            try:
                if ex.answer(**_changed(ex, name, index, new)) != expected:
                    return True
            except (ValueError, ZeroDivisionError, KeyError, IndexError):
                return True                # the changed data are impossible: the answer does look at them
        return False

    if getattr(ex, "choices", ()):
        assert not numbers or any(uses(*item) for item in numbers), (
            f"{key}: no change of the data changes the predicted answer; compute it from the data")
        return
    for name, index, value in numbers:
        assert uses(name, index, value), (
            f"{key}: the expected answer does not change when data[{name!r}] does; compute it from the data (or "
            "drop the item from data and from the question)")


@pytest.mark.parametrize("key", KEYS)
def test_right_answers_are_accepted_and_wrong_ones_rejected(key):
    ex = tex.get(key)
    if isinstance(ex, Implement):
        assert ex.wrong, f"{key}: give at least one typical mistaken function in wrong="
        for mistaken in ex.wrong:
            verdict = tex.check_function(key, mistaken)
            assert not verdict.correct, f"{key}: check_function accepts the mistaken {mistaken.__name__}"
            assert "differs" in verdict.message or "raised" in verdict.message
        return
    assert ex.wrong, f"{key}: name at least one likely wrong answer in wrong="
    expected = ex.expected
    if not getattr(ex, "choices", ()) and expected != int(expected):
        # students in much of the world type a decimal comma: a non-integer answer must accept one
        assert any("," in typed for typed in ex.right), f"{key}: add a decimal-comma spelling to right="
    for typed in ex.right:
        verdict = ex.judge(typed)
        assert verdict.correct, f"{key}: the right answer {typed!r} is rejected: {verdict.message}"
        assert tex.ask(key, answer=typed).correct
    for typed in ex.wrong:
        verdict = ex.judge(typed)
        assert not verdict.correct, f"{key}: the wrong answer {typed!r} is accepted: {verdict.message}"


NUMERIC = [ex.key for ex in EXERCISES if not isinstance(ex, Implement) and not getattr(ex, "choices", ())]


@pytest.mark.parametrize("key", NUMERIC)
def test_the_expected_value_pasted_at_full_precision_is_right(key):
    """A student who answers in Python (str(value), repr, a printed float) is right: the pin, the pin's
    repr, the pin a few units of its last bit away (another order of operations), and the pin with a
    decimal comma are accepted; the wrong answers stay wrong."""
    ex = tex.get(key)
    pin = float(pin_of(key))
    for typed in (repr(pin), str(pin), repr(math.nextafter(pin, math.inf)),
                  repr(math.nextafter(math.nextafter(pin, -math.inf), -math.inf)),
                  f"{pin:.15g}".replace(".", ",")):
        verdict = ex.judge(typed)
        assert verdict.correct, f"{key}: the pin typed as {typed!r} is rejected: {verdict.message}"
    for typed in ex.wrong:
        assert not ex.judge(typed).correct, f"{key}: the wrong answer {typed!r} is accepted"


@pytest.mark.parametrize("typed, expected, right", [
    ("0.12", 0.125, True), ("0.13", 0.125, True), ("0.11", 0.125, False), ("0.14", 0.125, False),
    ("0.1", 0.15, False), ("0.2", 0.15, True),   # one figure: no tie rule (0.1 for 0.15 is a third off)
    ("0.377", 0.3775, True), ("0.378", 0.3775, True), ("0.376", 0.3775, False),
    ("-2.813410716760037", -2.813410716760037, True), ("-2.8134107168", -2.813410716760037, True),
    ("-2.8134107167", -2.813410716760037, False), ("0.10899999999999999", 0.109, True),
    ("0.8155999999999999", 0.8155952380952381, False),            # not the value at 12 figures: still wrong
])
def test_precision_judged_to_what_the_value_has_and_ties_either_way(typed, expected, right):
    verdict = tk.check_answer(typed, expected, min_sig_figs=1)
    assert verdict.correct is right, verdict.message


def _same_step(value, pin):
    if isinstance(pin, type(pytest.approx(0.0))):     # a pin with its own tolerance (an iterated quantity)
        return value == pin
    if isinstance(pin, str):
        return value == pin
    if isinstance(pin, (list, tuple)):
        return len(value) == len(pin) and all(_same_step(v, p) for v, p in zip(value, pin))
    if isinstance(pin, Fraction):
        return Fraction(value) == pin
    return math.isclose(value, pin, rel_tol=1e-12, abs_tol=1e-15)


@pytest.mark.parametrize("key", [ex.key for ex in EXERCISES if getattr(ex, "steps", None) is not None])
def test_the_solution_steps_equal_their_hand_derived_pins(key):
    """Every intermediate number a worked solution shows (``steps``) has a pin derived by hand (``STEPS``)."""
    ex = tex.get(key)
    module_name = f"nb{prefix(key)}"
    pins = load_pins(module_name, "STEPS") or {}
    assert key in pins, (f"exercise {key} has steps but no pins: add STEPS[{key!r}] to "
                         f"tests/exercise_pins/{module_name}.py, each step worked out by hand")
    steps = ex.worked_steps()
    assert set(steps) == set(pins[key]), f"{key}: steps {sorted(steps)} but pins {sorted(pins[key])}"
    for name, pin in pins[key].items():
        assert _same_step(steps[name], pin), f"{key}: step {name} = {steps[name]!r}, pinned by hand as {pin!r}"


@pytest.mark.parametrize("key", KEYS)
def test_every_number_of_a_worked_solution_is_computed(key):
    """A worked solution types no number: each is a field filled from the data, the answer or the steps (pinned
    above), unless it is a small whole number, a whitelisted constant or a number of the documents' catalogue
    (``tools/prose_numbers.py``, :func:`unaccounted_in_solution`)."""
    problems = pn.unaccounted_in_solution(tex.get(key))
    assert not problems, (f"{key}: the solution types number(s) that nothing computes; make each a format field "
                          "(from data, {expected} or steps=...):\n" + "\n".join(f"  {u.text!r} in “…{u.context}…”"
                                                                            for u in problems))


@pytest.mark.parametrize("key", KEYS)
def test_solution_renders_with_its_fields(key, monkeypatch):
    from teachkit.course.exercises import committed

    monkeypatch.setattr(committed, "_ATTEMPTED", set())       # not answered in this session
    ex = tex.get(key)
    text = ex.render_solution()
    assert text.strip() and "{" + "expected" not in text, f"{key}: solution did not render: {text!r}"
    assert tex.reveal(key, show=True).text == text
    hidden = tex.reveal(key)
    bundle = hidden._repr_mimebundle_()
    assert text not in json.dumps(bundle, ensure_ascii=False), f"{key}: reveal() puts the solution on screen"
    # the static fallback (website, saved copy) says where to click, not which code reveals it
    assert "Show solution" in bundle["text/plain"] and "reveal(" not in json.dumps(bundle)


@pytest.mark.parametrize("key", KEYS)
def test_the_static_question_writes_its_maths_for_any_mathjax(key):
    """Without a widget (the website, a notebook viewer) the question's HTML uses \\( \\) and \\[ \\], which
    MathJax reads under every configuration; no $ is left to show raw."""
    bundle = tex.ask(key)._repr_mimebundle_()
    static = bundle["text/html"]
    assert "$" not in static, f"{key}: raw $ in the static question: {static[:200]}"
    if "$" in tex.get(key).question:
        assert "\\(" in static or "\\[" in static


# ---------------------------------------------------------------- every notebook
def notebooks():
    return sorted(NOTEBOOK_DIR.glob("*.ipynb"))


def cells(path):
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell):
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def tags(cell):
    return cell.get("metadata", {}).get("tags", [])


def output_text(cell):
    parts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append("".join(out["text"]) if isinstance(out["text"], list) else out["text"])
        for mime, value in out.get("data", {}).items():
            if mime.startswith("text/") or mime.endswith("json"):
                parts.append("".join(value) if isinstance(value, list) else json.dumps(value, ensure_ascii=False))
    return "\n".join(parts)


ASK = re.compile(r"""\bask\(\s*["']([^"']+)["']\s*\)""")
REVEAL = re.compile(r"""\breveal\(\s*["']([^"']+)["']\s*\)""")
SHOW = re.compile(r"\breveal\([^)]*show\s*=\s*True")


def notebook_for(key):
    matches = [p for p in notebooks() if p.name.startswith(prefix(key) + "_")]
    return matches[0] if matches else None


def solution_fragments(ex):
    """The rendered solution and each of its lines long enough not to occur by chance."""
    text = ex.render_solution()
    return [text] + [line.strip() for line in re.split(r"\n|(?<=[.:;])\s", text) if len(line.strip()) >= 40]


@pytest.mark.parametrize("path", notebooks(), ids=[p.stem for p in notebooks()])
def test_every_ask_names_a_registered_exercise_in_a_tagged_cell(path):
    for i, cell in enumerate(cells(path)):
        if cell["cell_type"] != "code":
            continue
        for key in ASK.findall(source(cell)):
            assert key in KEYS, f"{path.name} cell {i}: ask({key!r}) names no registered exercise"
            assert path.name.startswith(prefix(key) + "_"), f"{path.name} cell {i}: exercise {key} belongs elsewhere"
            assert tex.EXERCISE_TAG in tags(cell), f"{path.name} cell {i}: tag the ask({key!r}) cell 'exercise'"
        for key in REVEAL.findall(source(cell)):
            assert key in KEYS, f"{path.name} cell {i}: reveal({key!r}) names no registered exercise"
            assert tex.SOLUTION_TAG in tags(cell), f"{path.name} cell {i}: tag the reveal({key!r}) cell 'solution'"
        assert not SHOW.search(source(cell)), f"{path.name} cell {i}: reveal(..., show=True) shows the solution"


@pytest.mark.parametrize("key", KEYS)
def test_every_exercise_is_asked_and_has_a_hidden_solution_cell(key):
    path = notebook_for(key)
    assert path is not None, f"exercise {key}: no notebook notebooks/{prefix(key)}_*.ipynb"
    asked = [c for c in cells(path) if c["cell_type"] == "code" and key in ASK.findall(source(c))]
    revealed = [c for c in cells(path) if c["cell_type"] == "code" and key in REVEAL.findall(source(c))]
    assert asked, f"exercise {key} is never asked in {path.name}: add a cell ask({key!r}) tagged 'exercise'"
    assert revealed, f"exercise {key} has no reveal({key!r}) cell in {path.name}"
    assert all(tex.SOLUTION_TAG in tags(c) for c in revealed), f"{path.name}: tag reveal({key!r}) 'solution'"


@pytest.mark.parametrize("path", notebooks(), ids=[p.stem for p in notebooks()])
def test_every_notebook_has_three_exercises_a_prediction_and_from_01_to_06_a_function_to_write(path):
    nb_prefix = path.name.split("_")[0]
    mine = [ex for ex in EXERCISES if prefix(ex.key) == nb_prefix]
    assert len(mine) >= 3, (f"{path.name}: {len(mine)} exercises in teachkit/exercises/nb{nb_prefix}.py; "
                            "each notebook needs at least 3")
    assert any(isinstance(ex, Prediction) for ex in mine), (
        f"{path.name}: no 'predict, then run' exercise (teachkit.course.exercises.Prediction) in nb{nb_prefix}.py")
    if nb_prefix in {"01", "02", "03", "04", "05", "06"}:
        assert any(isinstance(ex, Implement) for ex in mine), (
            f"{path.name}: no 'write it yourself' exercise (teachkit.course.exercises.Implement) in nb{nb_prefix}.py")


@pytest.mark.parametrize("path", notebooks(), ids=[p.stem for p in notebooks()])
def test_every_notebook_asks_two_interpretation_questions(path):
    """What a number means is checked too: at least two "what does it mean?" questions per notebook."""
    nb_prefix = path.name.split("_")[0]
    mine = [ex for ex in EXERCISES if prefix(ex.key) == nb_prefix and isinstance(ex, Interpretation)]
    assert len(mine) >= 2, (f"{path.name}: {len(mine)} interpretation question(s) "
                            f"(teachkit.course.exercises.Interpretation) in nb{nb_prefix}.py; each notebook needs 2")


INTERPRETATIONS = [ex.key for ex in EXERCISES if isinstance(ex, Interpretation)]


@pytest.mark.parametrize("key", INTERPRETATIONS)
def test_a_wrong_choice_names_its_misconception_and_not_the_right_choice(key):
    """Each wrong choice, by letter or by text, is refused with its own reason, a reason that does not give
    away the right choice; the right one, by letter or by text, is accepted with why it is right."""
    ex = tex.get(key)
    right = ex.expected
    reasons = {c: ex.reason(c) for c in ex.choices}
    assert len(set(reasons.values())) == len(reasons), f"{key}: two choices share one reason"
    for choice in ex.choices:
        for typed in (choice, ex.letter(choice), f"({ex.letter(choice).upper()})"):
            verdict = tex.ask(key, answer=typed)
            assert verdict.correct == (choice == right), f"{key}: {typed!r} judged {verdict.correct}"
            assert reasons[choice] in verdict.message, f"{key}: {typed!r} is not told why: {verdict.message}"
            if choice != right:
                assert right not in verdict.message and reasons[right] not in verdict.message, (
                    f"{key}: the feedback on the wrong choice {typed!r} gives the right one away")
    assert not tex.ask(key, answer="z").parsed and not tex.ask(key, answer="").correct


@pytest.mark.parametrize("path", notebooks(), ids=[p.stem for p in notebooks()])
def test_no_solution_text_is_on_screen(path):
    on_screen = []
    for cell in cells(path):
        hidden = cell.get("metadata", {}).get("jupyter", {}).get("source_hidden", False)
        if not hidden:
            on_screen.append(source(cell))
        on_screen.append(output_text(cell))
    screen = "\n".join(on_screen)
    for ex in EXERCISES:
        for fragment in solution_fragments(ex):
            assert fragment not in screen, f"{path.name} shows the solution of {ex.key}: {fragment[:60]!r}"


# ---------------------------------------------------------------- the machinery
def _numeric(**changes):
    fields = dict(key="99.1", label="P(x)", question="In $n = 8$ windows *x* occurs in 2. What is $P(x)$?",
                  data={"c": 2, "n": 8}, answer=lambda c, n: tk.probabilities_from_counts(c, c, c, n)[1],
                  solution="P(x) = {c} / {n} = {expected}", right=("0.25", "1/4"), wrong=("0.2",),
                  check={"min_sig_figs": 1})
    fields.update(changes)
    return Exercise(**fields)


def test_exercise_computes_its_answer_from_its_data_and_renders_its_solution():
    ex = _numeric()
    assert ex.expected == 0.25
    assert ex.render_solution() == "P(x) = 2 / 8 = 0.25"
    assert ex.judge("0,25").correct and ex.judge("1/4").correct and not ex.judge("0.2").correct


def test_a_typed_number_in_a_solution_is_caught_and_a_computed_one_is_not():
    typed = _numeric(solution="P(x) = {c}/{n} ≈ 0.2500, so the odds are 0.3333 = {expected}")
    assert [u.text for u in pn.unaccounted_in_solution(typed)] == ["0.2500", "0.3333"]
    computed = _numeric(solution="P(x) = {c}/{n} ≈ {expected:.4f}, so the odds are {odds:.4f}",
                        steps=lambda c, n: {"odds": c / (n - c)})
    assert pn.unaccounted_in_solution(computed) == []
    assert computed.render_solution() == "P(x) = 2/8 ≈ 0.2500, so the odds are 0.3333"
    # a step field is trusted only because it is pinned: its value is what the pin test compares
    assert computed.worked_steps() == {"odds": 2 / 6}
    # numbers in fenced code and small whole numbers are not typed results
    assert pn.unaccounted_in_solution(_numeric(solution="Divide by 2 of 8.\n\n```python\nx = 0.777\n```")) == []


@pytest.mark.parametrize("changes, error", [
    ({"steps": 0.5}, TypeError), ({"steps": lambda c, n: {"n": 1}}, ValueError),
    ({"steps": lambda c, n: [c]}, TypeError), ({"steps": lambda c, n: {"expected": 1}}, ValueError),
])
def test_steps_must_be_a_function_giving_new_names(changes, error):
    with pytest.raises(error, match="steps"):
        _numeric(**changes).render_solution()


@pytest.mark.parametrize("changes, error", [
    ({"key": "8.1"}, ValueError), ({"key": "08"}, ValueError), ({"label": ""}, TypeError),
    ({"data": {"expected": 1}}, ValueError), ({"data": [1, 2]}, TypeError), ({"answer": 0.25}, TypeError),
    ({"right": "0.25"}, TypeError), ({"right": ()}, ValueError), ({"check": {"tolerance": 0.1}}, ValueError),
])
def test_exercise_refuses_a_bad_declaration(changes, error):
    with pytest.raises(error, match=r"key|label|data|answer|right|check|expected"):
        _numeric(**changes)


def test_reveal_hides_the_solution_until_clicked():
    ex = _numeric()
    hidden = tex.Hidden(ex)
    bundle = hidden._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "0.25" not in json.dumps(bundle) and "Show solution" in bundle["text/html"]
    widget = hidden._build()
    button, out = widget.children
    assert out.outputs == ()                       # nothing rendered before the click
    assert tex.Shown(ex)._repr_markdown_() == "P(x) = 2 / 8 = 0.25"


def test_without_widgets_the_solution_is_reachable_once_answered(monkeypatch):
    """A plain kernel, a converted notebook, an editor without widgets: the button cannot be clicked, so after
    an answer (right or wrong) the reveal cell, run again, shows the worked solution as text."""
    from teachkit.course.exercises import committed

    monkeypatch.setattr(committed, "_ATTEMPTED", set())
    monkeypatch.setattr(committed, "_COMMITTED", set())
    monkeypatch.setattr(committed, "_FIRST", {})
    for key, attempt in (("00.1", lambda: tex.ask("00.1", answer="0.05")),          # a wrong answer
                         ("02.7", lambda: tex.ask("02.7", answer="+1")),            # a prediction
                         ("01.6", lambda: tex.check_function("01.6", lambda **kw: 0.0))):
        text = tex.reveal(key, show=True).text
        before = tex.reveal(key)._repr_mimebundle_()
        assert text not in json.dumps(before, ensure_ascii=False)
        how = f"check_function({key!r}" if key == "01.6" else f"ask({key!r}, answer=...)"
        assert how in before["text/plain"] and "Show solution" in before["text/plain"]
        attempt()
        after = tex.reveal(key)._repr_mimebundle_()
        assert text in after["text/plain"] and f"exercise {key}" in after["text/plain"], key
        assert "application/vnd.jupyter.widget-view+json" in after      # JupyterLab still shows the button
    # an unreadable answer, or the template's ..., is no attempt
    committed._ATTEMPTED.clear()
    assert not tex.ask("00.2", answer="no idea").parsed
    assert not tex.check_function("01.6", lambda **kw: None).parsed
    assert not committed.has_attempted("00.2") and not committed.has_attempted("01.6")


def test_without_widgets_the_solution_shown_is_that_of_the_variant_answered(monkeypatch):
    """ask(key, seed=..., answer=...) in a plain kernel, then the notebook's reveal(key) cell: the worked solution
    of the numbers the student worked on, not of the exercise as written."""
    from teachkit.course.exercises import committed

    monkeypatch.setattr(committed, "_ATTEMPTED", set())
    variant, written = tex.reveal("01.2", show=True, seed=2).text, tex.reveal("01.2", show=True).text
    assert variant != written
    tex.ask("01.2", seed=2, answer="-5")        # wrong, and judged so (a rough "-1" would open nothing)
    shown = tex.reveal("01.2")._repr_mimebundle_()["text/plain"]
    assert variant in shown and "(variant 2)" in shown
    tex.ask("01.2", answer="-5")                 # back to the exercise as written
    assert written in tex.reveal("01.2")._repr_mimebundle_()["text/plain"]


def test_ask_shows_the_question_with_a_static_fallback():
    ex = _numeric()
    bundle = tex.Question(ex)._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "What is $P(x)$?" in bundle["text/markdown"]
    assert "ask('99.1', answer=" in bundle["text/plain"]
    assert "0.25" not in json.dumps(bundle)


def test_the_answer_box_judges_with_the_exercise_options():
    q = tex.Question(_numeric())
    box = q._build()
    _, row, _seed_note, feedback = box.children
    entry, button = row.children
    entry.value = "0,25"
    button.click()
    assert q.last.correct and "Correct" in feedback.value
    entry.value = "0.2"
    button.click()
    assert not q.last.correct


def test_a_prediction_is_committed_before_the_result_is_shown(monkeypatch):
    _fresh_session(monkeypatch)
    pred = Prediction(key="99.2", label="NPMI of a pair in every window", question="Predict: +1, 0 or -1?",
                      data={"n": 10}, choices=("+1", "0", "-1"),
                      answer=lambda n: "+1" if tk.npmi_from_counts(n, n, n, n) > 0.5 else "0",
                      solution="Under the exact definition it is +1.")
    assert pred.right == ("+1",) and pred.wrong == ("0", "-1")
    q = tex.Question(pred)
    box = q._build()
    _, row, _seed_note, feedback = box.children
    entry, button = row.children
    assert entry.value is None and feedback.value == ""
    button.click()                                  # no guess yet: nothing is shown
    assert "Commit" in feedback.value and "+1" not in feedback.value and not button.disabled
    entry.value = "-1"
    button.click()
    assert not q.last.correct and entry.disabled and button.disabled and "+1" in feedback.value
    assert not pred.judge("2").parsed
    bundle = q._repr_mimebundle_()
    # the static way names the call but never suggests an answer (not even the first choice as an example)
    assert "ask('99.2', answer=...)" in bundle["text/plain"] and "answer='+1'" not in json.dumps(bundle)


def _implement(**changes):
    def reference(c, n):
        return tk.probabilities_from_counts(c, c, c, n)[1]

    fields = dict(key="99.4", label="P from counts", question="Write p(c, n).", reference=reference,
                  inputs=lambda rng: {"n": 10, "c": int(rng.integers(1, 11))}, solution="`return c / n`",
                  template="def p(c, n):\n    ...", trials=50)
    fields.update(changes)
    return Implement(**fields)


def test_check_function_accepts_a_right_function_and_says_where_a_wrong_one_differs(monkeypatch):
    def inputs(rng):
        n = int(rng.integers(1, 100))
        return {"c": int(rng.integers(1, n + 1)), "n": n}

    ex = _implement(inputs=inputs)
    monkeypatch.setitem(tex._load(), "99.4", ex)

    def p(c, n):
        return c / n

    def off_by_one(c, n):
        return c / (n + 1)

    def crashes(c, n):
        return 1 / (c - c)

    def unfinished(c, n):
        ...

    assert tex.check_function("99.4", p).correct
    wrong = tex.check_function("99.4", off_by_one)
    assert not wrong.correct and re.search(r"input 1 of 50: c=\d+, n=\d+ gives", wrong.message)
    assert "raised ZeroDivisionError" in tex.check_function("99.4", crashes).message
    assert "replace the ..." in tex.check_function("99.4", unfinished).message
    assert "Pass your function" in tex.check_function("99.4", 0.5).message
    assert ex.cases() == ex.cases()                # seeded: the same inputs every run
    shown = tex.Question(ex)._repr_mimebundle_()
    assert "def p(c, n):" in shown["text/markdown"] and "check_function('99.4'" in shown["text/plain"]
    with pytest.raises(TypeError, match="asks for a function"):
        tex.ask("99.4", answer="0.5")
    with pytest.raises(TypeError, match="not a function"):
        tex.check_function("00.1", p)


def test_a_prediction_refuses_a_bad_declaration():
    fields = dict(key="99.5", label="x", question="Predict.", data={}, solution="s", choices=("a", "b"))
    with pytest.raises(TypeError, match="answer"):
        Prediction(answer="a", **fields)
    with pytest.raises(ValueError, match="not one of its choices"):
        Prediction(answer=lambda: "c", **fields)
    with pytest.raises(TypeError, match="choices"):
        Prediction(answer=lambda: "a", **dict(fields, choices="ab"))


def _interpretation(**changes):
    fields = dict(key="99.6", label="sign of PMI", question="PMI(x, y) = {pmi}. The pair occurs:",
                  data={"pmi": -1.4}, choices=("more often than chance", "less often than chance", "never"),
                  answer=lambda pmi: "more often than chance" if pmi > 0 else "less often than chance",
                  why={"more often than chance": "That would be a positive PMI.",
                       "less often than chance": "A negative log: P(x, y) < P(x) P(y).",
                       "never": "A pair never seen has no finite PMI at all."},
                  solution="PMI = {pmi} is below 0.")
    fields.update(changes)
    return Interpretation(**fields)


def test_an_interpretation_is_judged_by_letter_or_text_and_never_locks():
    ex = _interpretation()
    assert ex.right == ("less often than chance", "b") and ex.wrong == ("more often than chance", "never")
    assert ex.judge("B").correct and ex.judge("(b)").correct and ex.judge("Less  often than chance").correct
    verdict = ex.judge("c")
    assert not verdict.correct and verdict.parsed and "never seen" in verdict.message
    assert "less often" not in verdict.message
    assert not ex.judge("d").parsed and "a, b, c" in ex.judge("d").message
    q = tex.Question(ex)
    box = q._build()
    _, entry, button, feedback = box.children
    assert [label for label, _ in entry.options] == ["a) more often than chance", "b) less often than chance",
                                                     "c) never"]
    button.click()
    assert "Choose" in feedback.value
    entry.value = "never"
    button.click()
    assert "✗" in feedback.value and not button.disabled and not entry.disabled      # think again, try again
    entry.value = "less often than chance"
    button.click()
    assert "✓" in feedback.value and "P(x, y) &lt; P(x) P(y)" in feedback.value
    static = q._repr_mimebundle_()
    assert "<li>b) less often than chance</li>" in static["text/html"]
    # the static line shows how to answer, not an answer: answer=..., never answer='a' (the right letter here)
    assert "- c) never" in static["text/markdown"] and "answer=..." in static["text/plain"]
    assert "answer='a'" not in static["text/plain"]
    assert "positive PMI" not in json.dumps(static)          # no reason is on screen before an answer


@pytest.mark.parametrize("changes, error, match", [
    ({"why": {"more often than chance": "x", "less often than chance": "y"}}, ValueError, "never"),
    ({"why": {"more often than chance": "x", "less often than chance": "y", "never": "z", "sometimes": "w"}},
     ValueError, "sometimes"),
    ({"why": {"more often than chance": "x", "less often than chance": "", "never": "z"}}, TypeError, "non-empty"),
    ({"choices": ("more often than chance",)}, ValueError, "two choices"),
    ({"choices": ("more often than chance", "less often than chance", "$<0$")}, ValueError, "plain text"),
    ({"answer": lambda pmi: "rarely"}, ValueError, "not one of its choices"),
    ({"choices": ["more often than chance", "less often than chance", "never"]}, TypeError, "tuple"),
])
def test_an_interpretation_refuses_a_bad_declaration(changes, error, match):
    if "choices" in changes and "why" not in changes and len(changes["choices"]) == 3 and "$<0$" in changes["choices"]:
        changes["why"] = dict.fromkeys(changes["choices"], "r")
    with pytest.raises(error, match=match):
        _interpretation(**changes)


def test_the_grader_reads_an_interpretation_by_letter_or_text():
    from tools import grade

    ex = _interpretation()
    assert grade.judge_answer(ex, "less often than chance", "b") == (1, "right")
    assert grade.judge_answer(ex, "less often than chance", "Less often than chance") == (1, "right")
    assert grade.judge_answer(ex, "less often than chance", "a") == (0, "not the right choice")
    assert grade.judge_answer(ex, "less often than chance", "q")[0] == 0


def test_get_names_known_keys_when_a_key_is_unknown():
    with pytest.raises(KeyError, match="00.1"):
        tex.get("00.99")


def test_registry_keys_are_unique_and_match_their_module():
    for ex in EXERCISES:
        assert tex.get(ex.key) is ex
    assert len(set(KEYS)) == len(KEYS)


# ------------------------------------------------------------------ how choices and percentages are typed
@pytest.mark.parametrize("key, typed", [
    ("02.7", "0"), ("05.6", "more than (1 - d)/n"), ("05.6", "More than (1−d)/n"), ("05.6", " more than (1 – d) / n "),
    ("04b.3", "Lower"), ("04b.3", "LOWER "),
])
def test_a_choice_typed_with_ascii_dashes_other_case_or_spaces_is_that_choice(key, typed):
    ex = tex.get(key)
    verdict = ex.judge(typed)
    assert verdict.correct, (key, typed, verdict.message)


def test_a_wrong_choice_stays_wrong_however_it_is_typed():
    ex = tex.get("02.7")                      # the right choice is 0; "-1" names the choice "−1"
    assert ex.expected == "0"
    assert tk.course.selfcheck.match_choice("-1", ex.choices) == "−1"
    for typed in ("-1", "−1", " - 1", "+1", "+ 1"):
        verdict = ex.judge(typed)
        assert verdict.parsed and not verdict.correct, (typed, verdict.message)
    # "1" names "+1" (as "-1" names "−1"): a wrong choice, judged so
    assert match_plus(ex) == "+1" and ex.judge("1").parsed and not ex.judge("1").correct


def match_plus(ex):
    return tk.course.selfcheck.match_choice("1", ex.choices)


# ------------------------------------------------------------------ engine fixes of round 4 (readers' reports)
def test_a_count_computed_as_an_int_is_asked_and_judged_as_the_whole_number():
    ex = tex.get("08.3").at(1)                   # 28 x 27 = 756 segments
    assert ex.expected == 756 and ex.count and ex.precision() == "Give the whole number."
    for typed in ("8e2", "7.6e2", "800"):
        assert not ex.judge(typed).correct, typed
    assert ex.judge("8e2").message.startswith("Give the whole number")
    for typed in ("756", "7.56e2", "756.0"):
        assert ex.judge(typed).correct, typed
    assert not tex.get("08.3").at(2).judge("5e2").correct     # 506
    ten = tex.get("00.3")                        # C(5, 2) = 10: "1e1" is exactly it
    assert ten.expected == 10 and ten.judge("1e1").correct and ten.judge("10").correct


def test_a_fraction_with_the_thousands_comma_the_question_prints_is_read():
    ex = tex.get("00.1")                         # 400 of 10,000 windows
    for typed in ("400/10,000", "400/10000", "0,04", "0.04"):
        assert ex.judge(typed).correct, (typed, ex.judge(typed).message)


def test_the_likeliest_mistake_with_fewer_figures_says_why_it_is_wrong():
    # 05b.4 (05.4 before the split): 0.8915, and keeping the diagonal gives exactly 0.9
    verdict = tex.ask("05b.4", answer="0.9")
    assert verdict.judged and not verdict.correct
    assert "common mistake" in verdict.message and "Check your calculation" not in verdict.message
    assert "at least 2 significant figures" in verdict.message
    # a rough answer that is no mistake's: too rough, as everywhere
    assert tex.ask("05b.3", answer="0.9").rough


def test_choices_that_differ_only_in_case_spaces_or_dashes_are_refused():
    fields = dict(key="99.5", label="x", question="Predict.", data={}, solution="s", answer=lambda: "-1")
    with pytest.raises(ValueError, match="differ by more than case"):
        Prediction(choices=("-1", "−1"), **fields)
    with pytest.raises(ValueError, match="differ by more than case"):
        Prediction(choices=("up", "U p", "-1"), **fields)


def test_every_number_to_give_states_the_precision_its_box_accepts():
    for ex in EXERCISES:
        if isinstance(ex, Implement) or getattr(ex, "choices", ()):
            continue
        shown = tex.ask(ex.key)._static()[1]
        if ex.count:
            # a count (declared whole, or computed as an int): the whole number, and a rounding of it ("3e2" for
            # 276) is refused as too rough
            assert "Give the whole number." in shown, ex.key
            value = int(ex.expected)
            assert value == ex.expected and ex.judge(str(value)).correct, ex.key
            rounded = f"{value:.1e}".replace("e+0", "e")
            if float(rounded) != value:
                assert "Give the whole number" in ex.judge(rounded).message, (ex.key, rounded)
            continue
        figures = int(ex.check.get("min_sig_figs", 2))
        assert f"Give at least {figures} significant figure" in shown, ex.key
        # the sentence is what the box does: an answer at exactly that precision is judged, one figure fewer is
        # too rough (unless the decimals asked for are given)
        value = ex.expected
        if isinstance(value, int) or ex.check.get("min_decimals") is not None or value == 0:
            continue
        at = f"{float(value):.{figures}g}"
        if "e" in at or len(at.replace("-", "").replace(".", "").lstrip("0")) < figures:
            continue
        assert ex.judge(at).parsed, (ex.key, at)
        if figures > 1:
            rough = f"{float(value):.{figures - 1}g}"
            # ... unless that rounding is a likeliest mistake typed in full (0.9 for 0.8915 in 05.4, where 0.9 is
            # what keeping the diagonal gives): wrong, not rough
            mistaken = any(float(f"{float(m):.{figures}g}") == float(rough) for m in ex.mistake_values())
            if "e" not in rough and float(rough) != float(value):
                verdict = ex.judge(rough)
                assert ("significant figure" in verdict.message if not mistaken else
                        verdict.judged and not verdict.correct), (ex.key, rough, verdict.message)


# ------------------------------------------------------------------ a prediction's result waits for the guess
def test_a_result_is_held_back_until_its_prediction_is_committed(capsys, monkeypatch):
    from teachkit.course.exercises import committed

    monkeypatch.setattr(committed, "_COMMITTED", set())
    monkeypatch.setattr(committed, "_FIRST", {})
    with tex.result_of("00.4"):
        print("observed / expected: 15.00")
    shown = capsys.readouterr().out
    assert "15.00" not in shown and "Result held back until you commit to prediction 00.4" in shown
    assert not tex.ask("00.4", answer="it shrinks 2 times").correct    # a wrong guess commits too
    with tex.result_of("00.4"):
        print("observed / expected: 15.00")
    assert "15.00" in capsys.readouterr().out


def test_a_guess_at_other_numbers_does_not_open_the_result_of_the_question_as_asked(capsys, monkeypatch):
    """Reader z25: ask('12.2', answer=..., seed=1) opened 12.2's result cell, which computes the question as
    the notebook asks it (variant 0); 1/35 could then be committed to variant 0, right, after seeing it.  In a
    class's stamped copy the question asks the student's own variant, and committing to it opens the cell."""
    committed = _fresh_session(monkeypatch)
    tex.ask("12.2")                                          # the notebook's question cell: variant 0
    assert tex.ask("12.2", answer="0.1", seed=1).judged      # a guess at variant 1's numbers
    with tex.result_of("12.2"):
        print("exact one-sided p-value 0.0286")
    held = capsys.readouterr().out
    assert "0.0286" not in held and "Result held back" in held
    assert "variant 0" in held and "ask('12.2', answer=...)" in held
    tex.ask("12.2", answer="1/35")                           # now the question as asked
    with tex.result_of("12.2"):
        print("exact one-sided p-value 0.0286")
    assert "0.0286" in capsys.readouterr().out
    # a stamped copy: the question cell asks variant 57; committing to it opens the result
    committed = _fresh_session(monkeypatch)
    tex.ask("12.2", seed=57)
    with tex.result_of("12.2"):
        print("shown")
    assert "shown" not in capsys.readouterr().out
    assert tex.ask("12.2", answer="0.5", seed=57).judged
    with tex.result_of("12.2"):
        print("shown")
    assert "shown" in capsys.readouterr().out
    assert committed.committed_as_asked("12.2")


def test_a_held_back_note_carries_the_result_for_the_website_not_for_the_screen(monkeypatch):
    """The note's output metadata (which JupyterLab does not display) holds what the cell would have shown, so
    that the website, whose reader cannot commit, can show it in a fold (tools/book.py); the screen shows only
    the note."""
    from IPython.utils.capture import CapturedIO

    from teachkit.course.exercises import committed

    monkeypatch.setattr(committed, "_COMMITTED", set())
    shown = []
    monkeypatch.setattr(committed, "_display", shown.append)
    with tex.result_of("00.4"):
        print("observed / expected: 15.00")
    (note,) = shown
    bundle, meta = note._repr_mimebundle_()
    assert "15.00" not in json.dumps(bundle) and "Result held back" in bundle["text/plain"]
    assert meta["teachkit"] == {"held_back": "00.4", "result": [
        {"output_type": "stream", "name": "stdout", "text": "observed / expected: 15.00\n"}]}
    # what a kernel captures besides print: rich displays (a live widget's view left out), in order
    table = {"text/html": "<table><tr><td>15.00</td></tr></table>", "text/plain": "15.00"}
    widget = {"application/vnd.jupyter.widget-view+json": {"model_id": "x"}}
    captured = CapturedIO(None, None, [{"data": table, "metadata": {}}, {"data": widget, "metadata": {}}])
    assert committed._as_outputs(captured) == [{"output_type": "display_data", "data": table, "metadata": {}}]
    # a course figure (show()) is kept once: its <img> carries the same base64 PNG as its image/png
    figure = {"text/html": '<img alt="a" src="data:image/png;base64,iVBORw0"/>', "image/png": "iVBORw0",
              "text/plain": "[figure: a]"}
    kept = committed._as_outputs(CapturedIO(None, None, [{"data": figure, "metadata": {"image/png": {"alt": "a"}}}]))
    assert kept[0]["data"] == {"text/html": figure["text/html"], "text/plain": "[figure: a]"}
    json.dumps(meta)                                   # it is saved in the notebook: plain JSON
    # a block that shows nothing leaves no result key
    assert "result" not in committed.HeldBack("00.4")._repr_mimebundle_()[1]["teachkit"]


def test_an_unparsed_guess_commits_nothing_and_an_error_in_the_block_is_shown(capsys, monkeypatch):
    from teachkit.course.exercises import committed

    monkeypatch.setattr(committed, "_COMMITTED", set())
    monkeypatch.setattr(committed, "_FIRST", {})
    assert not tex.ask("00.4", answer="bigger").parsed                   # not one of the choices
    assert not committed.is_committed("00.4")
    with pytest.raises(ZeroDivisionError):
        with tex.result_of("00.4"):
            print("before the error")
            raise ZeroDivisionError("division by zero")
    assert "before the error" in capsys.readouterr().out


def test_result_of_needs_a_prediction():
    with pytest.raises(ValueError, match="needs the key of a prediction"):
        tex.result_of("00.1")
    with pytest.raises(KeyError, match="no exercise"):
        tex.result_of("00.99")


#: Predictions whose result no cell computes (the box alone shows it once committed), with the reason.
NO_RESULT_CELL: dict[str, str] = {}


@pytest.mark.parametrize("path", notebooks(), ids=[p.stem for p in notebooks()])
def test_no_saved_notebook_shows_a_predictions_result_before_it_is_committed(path):
    """The first code cell after a prediction (its solution aside) computes its result inside result_of(key), and
    the saved output of that cell is the held-back note, not the result."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for i, cell in enumerate(cells):
        source = "".join(cell["source"]).strip()
        match = re.fullmatch(r'ask\("([^"]+)"\)', source) if cell["cell_type"] == "code" else None
        if not match or not isinstance(tex.get(match.group(1)), Prediction):
            continue
        key = match.group(1)
        if key in NO_RESULT_CELL:
            continue
        result = next(c for c in cells[i + 1:] if c["cell_type"] == "code"
                      and tex.SOLUTION_TAG not in c.get("metadata", {}).get("tags", []))
        assert f'result_of("{key}")' in "".join(result["source"]), f"{path.name}: {key}'s result cell shows it at once"
        held = [o for o in result.get("outputs", []) if o.get("metadata", {}).get("teachkit", {}).get("held_back")]
        assert held and held[0]["metadata"]["teachkit"]["held_back"] == key, f"{path.name}: {key} not held back"
        shown = json.dumps([o for o in result.get("outputs", []) if o not in held], ensure_ascii=False)
        assert shown == "[]", f"{path.name}: the cell after prediction {key} shows more than the note: {shown[:200]}"


def test_the_public_door_names_a_key_that_is_not_a_string_and_a_bad_show():
    with pytest.raises(TypeError, match="key must be an exercise key"):
        tex.ask(1)
    with pytest.raises(TypeError, match="key must be an exercise key"):
        tex.reveal(None)
    with pytest.raises(TypeError, match="key must be an exercise key"):
        tex.check_function(0.1, lambda: 0)
    with pytest.raises(TypeError, match="show must be True or False"):
        tex.reveal("00.1", show="yes")


# ---------------------------------------------------------------- variants: every student their own numbers
#: The kinds that ask for a number: each has variants, checked on this many seeds against a pin function.
VARIANT_KEYS = [ex.key for ex in EXERCISES
                if isinstance(ex, Exercise) and not isinstance(ex, Interpretation) and not getattr(ex, "choices", ())]
VARIANT_SEEDS = range(1, 201)


def pin_function_of(key):
    functions = load_pins(f"nb{prefix(key)}", "PIN_FUNCTIONS") or {}
    return functions.get(key)


def step_functions_of(key):
    return (load_pins(f"nb{prefix(key)}", "STEP_FUNCTIONS") or {}).get(key)


def missing_variant_parts(ex, pin_function, step_function=None):
    """What a numeric exercise lacks to have verified variants (empty when nothing)."""
    missing = []
    if not getattr(ex, "has_variants", False):
        missing.append("no variant generator (variant=lambda rng: {...} in its declaration)")
    if not callable(pin_function):
        missing.append(f"no pin function (PIN_FUNCTIONS[{ex.key!r}] in tests/exercise_pins/nb{prefix(ex.key)}.py)")
    if ex.steps is not None and not callable(step_function):
        missing.append(f"steps without a pin function (STEP_FUNCTIONS[{ex.key!r}])")
    return missing


# "exercise 00.2's counts" refers to another exercise by its key: the key is a name, not a number the question states
_EXERCISE_KEY = re.compile(r"\b[Ee]xercises? \d+[a-z]?\.\d+\b")


def _stated(text):
    return {n.value for n in pn.numbers_in(_EXERCISE_KEY.sub("exercise", text))}


def variant_problems(ex, pin_function, step_function=None, seeds=VARIANT_SEEDS):
    """Every way variant ``seed`` of ``ex`` disagrees with the hand-written pin function, for each seed.

    The answer must equal the pin; the pin typed at the precision asked (decimal point or comma) must be
    accepted; each of the exercise's ``mistakes`` typed must be rejected; the steps must equal their pin
    function; the question must state the variant's numbers and no others; the solution must render with
    every number it shows computed."""
    problems = []
    for seed in seeds:
        v = ex.at(seed)
        where = f"{ex.key} seed {seed} {v.data}"
        pin = pin_function(**v.data)
        value = v.expected
        if not (isinstance(value, (int, float, Fraction)) and math.isfinite(value)
                and math.isclose(value, pin, rel_tol=1e-9, abs_tol=1e-12)):
            problems.append(f"{where}: teachkit computes {value!r}, the pin function {pin!r}")
            continue
        for typed in tex.typed_forms(pin, ex.check):
            if not v.judge(typed).correct:
                problems.append(f"{where}: the right answer typed as {typed!r} is rejected: {v.judge(typed).message}")
        for mistake in ex.mistakes:
            wrong = mistake(**v.data)
            for typed in tex.typed_forms(wrong, ex.check):
                if v.judge(typed).correct:
                    problems.append(f"{where}: the mistake {mistake.__name__} typed as {typed!r} is accepted")
        if step_function is not None:
            steps, pins = v.worked_steps(), step_function(**v.data)
            if set(steps) != set(pins):
                problems.append(f"{where}: steps {sorted(steps)} but step pins {sorted(pins)}")
            else:
                problems += [f"{where}: step {name} = {steps[name]!r}, its pin function gives {pins[name]!r}"
                             for name in pins if not _same_step(steps[name], pins[name])]
        stated = _stated(v.question)
        values = set()
        for name, _index, number in _data_numbers(v):
            values |= {abs(Decimal(repr(number))), abs(Decimal(number))}
            if not ({abs(Decimal(repr(number))), abs(Decimal(number))} & stated):
                problems.append(f"{where}: data[{name!r}] = {number!r} is not stated in the question")
        problems += [f"{where}: the question states {number}, which is not in this variant's data"
                     for number in stated if number not in values and not (number == int(number) and number <= 10)]
        problems += [f"{where}: the label {v.label!r} states {number}, which is not in this variant's data"
                     for number in _stated(v.label)
                     if number not in values and not (number == int(number) and number <= 10)]
        try:
            unaccounted = pn.unaccounted_in_solution(v)
        except (KeyError, IndexError, ValueError) as err:
            problems.append(f"{where}: the solution does not render: {err!r}")
            continue
        problems += [f"{where}: the solution types {u.text!r} (“…{u.context}…”), which nothing computes"
                     for u in unaccounted]
    return problems


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_every_numeric_exercise_has_variants_and_a_pin_function(key):
    """A numeric exercise or prediction declares ``variant`` and ``mistakes``, and its pin file a function of
    the data (``PIN_FUNCTIONS``), written by hand, beside the constant pin of seed 0."""
    ex = tex.get(key)
    missing = missing_variant_parts(ex, pin_function_of(key), step_functions_of(key))
    assert not missing, f"{key}: " + "; ".join(missing)
    assert ex.mistakes, f"{key}: declare mistakes=(...), the likeliest wrong answers as functions of the data"
    assert math.isclose(pin_function_of(key)(**ex.data), pin_of(key), rel_tol=1e-12, abs_tol=1e-15), (
        f"{key}: the pin function disagrees with the constant pin on the exercise as declared")


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_two_hundred_variants_agree_with_the_hand_written_pin_function(key):
    ex = tex.get(key)
    pin_function = pin_function_of(key)
    if not ex.has_variants or pin_function is None:
        pytest.fail(f"{key} has no variants or no pin function (see the test above)")
    problems = variant_problems(ex, pin_function, step_functions_of(key))
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems[:20])
    drawn = {json.dumps(ex.data_for(seed), sort_keys=True, default=str) for seed in VARIANT_SEEDS}
    assert len(drawn) >= 20, f"{key}: 200 seeds give only {len(drawn)} different variants; widen the generator"
    assert json.dumps(ex.data, sort_keys=True, default=str) not in drawn or len(drawn) > 1


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_seed_zero_is_the_exercise_as_written(key):
    ex = tex.get(key)
    assert ex.at(0) is ex and ex.at(None) is ex and ex.data_for(0) == ex.data
    assert repr(tex.ask(key)) == repr(tex.ask(key, seed=0))
    assert tex.reveal(key, show=True).text == tex.reveal(key, show=True, seed=0).text == ex.render_solution()


def test_a_variant_is_the_same_on_every_call_and_differs_between_exercises():
    one, other = tex.get(VARIANT_KEYS[0]), tex.get(VARIANT_KEYS[1])
    assert one.data_for(17) == one.data_for(17)
    assert one.at(17).question == one.at(17).question != one.question
    assert tex.ask(one.key, answer=one.at(17).right[0], seed=17).correct
    assert not tex.ask(one.key, answer=one.right[0], seed=17).correct or one.at(17).expected == one.expected
    assert other.at(17).data != other.data


def _made_up_numeric(**changes):
    fields = dict(key="99.1", label="P(word)", question="In $n = {n:t}$ windows a word occurs in {count}. P(word)?",
                  data={"count": 400, "n": 10_000}, answer=lambda count, n: count / n,
                  solution="{count} / {n} = {expected}", right=("0.04",), wrong=("0.4",),
                  check={"min_sig_figs": 1},
                  variant=lambda rng: {"count": int(rng.integers(1, 500)), "n": int(rng.choice([1_000, 5_000]))},
                  mistakes=(lambda count, n: n / count,))
    fields.update(changes)
    return Exercise(**fields)


def test_the_variant_check_catches_a_wrong_pin_function_and_a_missing_generator():
    """Negative controls: a pin function right on seed 0 but wrong elsewhere (it types n = 10,000) is caught
    on some variant; a right one is not; an exercise without a generator or a pin function is named."""
    ex = _made_up_numeric()
    assert variant_problems(ex, lambda count, n: count / n, seeds=range(1, 51)) == []
    wrong = variant_problems(ex, lambda count, n: count / 10_000, seeds=range(1, 51))
    assert wrong and "the pin function" in wrong[0]
    assert ex.question == "In $n = 10{,}000$ windows a word occurs in 400. P(word)?"
    stale = _made_up_numeric(question="In $n = 10{{,}}000$ windows a word occurs in {count}. P(word)?")
    assert any("not stated in the question" in p or "not in this variant" in p
               for p in variant_problems(stale, lambda count, n: count / n, seeds=range(1, 11)))
    no_generator = _made_up_numeric(variant=None, question="In $n = 10{,}000$ windows a word occurs in 400. P(word)?")
    assert missing_variant_parts(no_generator, None) == [
        "no variant generator (variant=lambda rng: {...} in its declaration)",
        "no pin function (PIN_FUNCTIONS['99.1'] in tests/exercise_pins/nb99.py)"]


def test_a_variant_redraws_rounding_edges_and_data_a_mistake_would_pass():
    # every n / count drawn here is judged apart from the answer, and no answer sits on a rounding tie
    ex = _made_up_numeric(variant=lambda rng: {"count": int(rng.choice([30, 50, 70])), "n": 1_000},
                          mistakes=(lambda count, n: 0.05,))
    for seed in range(1, 40):
        assert ex.at(seed).data["count"] != 50          # 0.05 would be the mistake's value: drawn again
    assert tex.on_rounding_edge(0.125, {}) and not tex.on_rounding_edge(0.126, {})


@pytest.mark.parametrize("seed, error", [(-1, ValueError), (1.5, TypeError), (True, TypeError), ("3", TypeError)])
def test_a_bad_seed_is_named(seed, error):
    with pytest.raises(error, match="seed"):
        tex.ask(VARIANT_KEYS[0], seed=seed)


def test_an_exercise_without_variants_refuses_a_seed():
    key = next(ex.key for ex in EXERCISES if isinstance(ex, Interpretation))
    with pytest.raises(ValueError, match="has no variants"):
        tex.ask(key, seed=3)


def test_another_one_draws_the_students_next_variant_and_the_solution_follows():
    """The widget's "Another one": new numbers in the question, the box judges them, the seed is shown, and
    the "Show solution" button below reveals that variant's solution (its static text says how in code)."""
    from teachkit.course.exercises.display import practice_seed

    q = tex.ask("00.1")
    box = q._build()
    question, row, seed_note, feedback = box.children
    entry, button, again = row.children
    assert again.description == "Another one" and seed_note.value == ""
    written = question.value
    again.click()
    first = practice_seed(0, 1)
    variant = tex.get("00.1").at(first)
    assert q.exercise.variant_seed == first and question.value != written and str(first) in seed_note.value
    assert tex.current_seed("00.1") == first
    entry.value = variant.right[0]
    button.click()
    assert q.last.correct
    entry.value = tex.get("00.1").right[0]
    button.click()
    assert not q.last.correct
    hidden = tex.reveal("00.1")
    assert hidden.shown_exercise().render_solution() == variant.render_solution() != tex.get("00.1").render_solution()
    again.click()
    assert q.exercise.variant_seed == practice_seed(0, 2) and feedback.value == ""
    static = repr(tex.ask("00.1", seed=first))
    assert f"Exercise 00.1, variant {first}:" in static and f"ask('00.1', seed={first}, answer=...)" in static
    # a stamped copy starts its practice from the student's own seed
    assert tex.ask("00.1", seed=5).another().variant_seed == practice_seed(5, 1)


#: At most this share of neighbouring seeds (1 and 2, 2 and 3, ...) may share their answer: a classmate's answer,
#: copied as they typed it (to the most figures the exercise is typed at), is then right for the copier this rarely.
MAX_SHARED_ANSWERS = 0.10


def shared_answers(ex, seeds=VARIANT_SEEDS):
    """The share of neighbouring seeds whose answers agree at the precision a student types them."""
    answers = [ex.at(seed).expected for seed in seeds]
    same = [tk.check_answer(tex.typed_forms(theirs, ex.check)[-1], own, **ex.check_options()).correct
            for own, theirs in zip(answers, answers[1:])]
    return sum(same) / len(same)


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_a_classmates_answer_is_rarely_right_for_another_variant(key):
    """Copying must not pay: two neighbouring variants share their answer at most 10 % of the time (an exercise
    whose answer takes only a handful of values would hand a copier the marks every few seeds)."""
    share = shared_answers(tex.get(key))
    assert share <= MAX_SHARED_ANSWERS, (
        f"{key}: {share:.0%} of neighbouring variants have the same answer; draw from a wider range")


def test_the_copy_check_catches_an_exercise_with_few_answers():
    few = _made_up_numeric(variant=lambda rng: {"count": int(rng.choice([30, 70])), "n": 1_000})
    assert shared_answers(few, seeds=range(1, 41)) > MAX_SHARED_ANSWERS
    assert shared_answers(_made_up_numeric(), seeds=range(1, 41)) <= MAX_SHARED_ANSWERS


def test_the_quick_rejection_of_a_mistake_never_rejects_what_check_answer_accepts():
    # a variant is drawn again when one of its mistakes, typed, would be accepted; the quick test that skips
    # the full judgement for far-off mistakes must never skip one check_answer accepts
    import numpy as np

    from teachkit.course.exercises.model import _could_be_accepted
    from teachkit.course.selfcheck import check_answer

    rng = np.random.default_rng(0)
    accepted = skipped = 0
    for _ in range(4000):
        value = float(rng.uniform(-9.99, 9.99)) * 10.0 ** int(rng.integers(-5, 6))
        wrong = value * (1 + float(rng.normal(0, 10.0 ** rng.uniform(-6, 0))))
        wrong = float(rng.choice([wrong, wrong * 1000, wrong / 1000, round(wrong)]))
        check = [{}, {"min_sig_figs": 3}, {"min_decimals": 2}, {"min_sig_figs": 1}][int(rng.integers(4))]
        forms = tex.typed_forms(wrong, check)
        if any(check_answer(f, value, percent=False, **check).correct for f in forms):
            accepted += 1
            assert _could_be_accepted(forms, value), (forms, value, check)
        skipped += not _could_be_accepted(forms, value)
    assert accepted > 200 and skipped > 1000         # both sides of the test are tried


# -- how to work the exercises: said once, where the exercises begin (issue 43)
# The one instruction every notebook gives before its exercises: work on paper, type into the box and press
# Check, what to do without widgets, and that the solution stays folded.  A notebook states it in one
# markdown cell, which stands before every exercise that asks for a number or a function.  A prediction, or a
# "What does it mean?" choice inside a lesson, says in its own line to choose and press Check, so it may come
# earlier.  00 teaches the boxes themselves in its section 5 and has no exercise section.
_INSTRUCTION = ("on paper first", "press **Check**", "without widgets", "stays folded until you open it")


def _instruction_cells(notebook):
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    found = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
             and all(part in " ".join("".join(c["source"]).split()) for part in _INSTRUCTION)]
    asked = [(i, m.group(1)) for i, c in enumerate(cells) if c["cell_type"] == "code"
             for m in re.finditer(r'\bask\("([^"]+)"', "".join(c["source"]))]
    return found, asked


@pytest.mark.parametrize("notebook", sorted(p for p in NOTEBOOK_DIR.glob("*.ipynb") if not p.name.startswith("00_")),
                         ids=lambda p: p.stem)
def test_the_instructions_for_the_exercises_stand_once_before_them(notebook):
    found, asked = _instruction_cells(notebook)
    exercises = [(i, key) for i, key in asked if not isinstance(tex.get(key), (Prediction, Interpretation))]
    if not exercises:
        assert not found, f"{notebook.name}: instructions for exercises, but it asks none"
        return
    assert len(found) == 1, (f"{notebook.name}: the instructions for the exercises ({' … '.join(_INSTRUCTION)}) "
                             f"should stand in exactly one markdown cell, found {len(found)}")
    late = [key for i, key in exercises if i < found[0]]
    assert not late, f"{notebook.name}: exercises {late} come before the instructions for the exercises"


@pytest.mark.parametrize("key", [ex.key for ex in EXERCISES if isinstance(ex, (Interpretation, Prediction))])
def test_the_static_line_under_a_choice_suggests_no_answer(key):
    # the saved page's one line says which call checks the answer, never with an example choice in it
    static = tex.ask(key)._repr_mimebundle_()["text/markdown"]
    call = static.rsplit("*", 2)[-2]
    assert "answer=..." in call and not re.search(r"answer=['\"]", call), call


@pytest.mark.parametrize("notebook", sorted(NOTEBOOK_DIR.glob("*.ipynb")), ids=lambda p: p.stem)
def test_an_exercise_heading_names_the_key_its_box_shows(notebook):
    # "Exercise 6" over a box labelled "Exercise 01.7" sent students looking for the wrong one: a heading
    # names the key, and so does every "exercise N" the prose refers to
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    wrong = []
    for i, cell in enumerate(cells):
        keys = re.findall(r'\bask\("([^"]+)"', "".join(cell["source"])) if cell["cell_type"] == "code" else []
        above = [c for c in cells[max(i - 2, 0):i] if c["cell_type"] == "markdown"]
        for key in keys[:1]:
            for c in above[-1:]:
                wrong += [(c["id"], m.group(1), key) for m in re.finditer(r"\*\*Exercise (\d+[a-z]?(?:\.\d+)?)",
                                                                            "".join(c["source"])) if m.group(1) != key]
    for cell in cells:
        if cell["cell_type"] == "markdown":
            wrong += [(cell["id"], m.group(0), "a key") for m in
                      re.finditer(r"\b[Ee]xercises? \d+\b(?![.\d])", "".join(cell["source"]))]
    assert not wrong, f"{notebook.name}: exercise headings or references that are not the box's key: {wrong}"


# ------------------------------------------------------------------ the boxes and their one judge (issues 47, 51)
def _fresh_session(monkeypatch):
    """A kernel in which nothing has been answered or committed yet."""
    from teachkit.course.exercises import committed

    monkeypatch.setattr(committed, "_ATTEMPTED", set())
    monkeypatch.setattr(committed, "_COMMITTED", set())
    monkeypatch.setattr(committed, "_FIRST", {})
    monkeypatch.setattr(committed, "_SHOWN", {})
    return committed


def test_the_solution_opens_only_after_an_answer_the_box_could_judge(monkeypatch):
    """In JupyterLab ("Show solution") and in a plain kernel (reveal run again): an unreadable answer or one
    too rough to judge opens nothing; a wrong answer the box judges opens it.  show=True is the teacher's way."""
    import IPython.display

    committed = _fresh_session(monkeypatch)
    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, *a, **k: shown.append(str(getattr(obj, "data", obj))))
    solution = tex.reveal("02.4", show=True).text
    button, _out = tex.reveal("02.4")._build().children
    static = tex.reveal("02.4")._repr_mimebundle_()["text/plain"]
    assert solution not in static and "right or wrong" in static and "too rough to judge does not count" in static
    button.click()                                            # no answer yet
    assert shown and solution not in " ".join(shown) and "opens after an answer" in shown[-1]
    # the box: an answer too rough to judge commits nothing
    box = tex.ask("02.4")._build()
    entry, check = box.children[1].children[:2]
    entry.value = "-0.7"
    check.click()
    assert not committed.has_attempted("02.4")
    # in code: unreadable, then too rough (-0.7 for -0.692 at 2 significant figures): still closed
    assert not tex.ask("02.4", answer="no idea").judged
    rough = tex.ask("02.4", answer="-0.7")
    assert rough.rough and not rough.judged and not committed.has_attempted("02.4")
    shown.clear()
    button.click()
    assert solution not in " ".join(shown)
    assert solution not in tex.reveal("02.4")._repr_mimebundle_()["text/plain"]
    # a wrong answer the box judges (-1, the exact convention's limit) opens it, in both front ends
    wrong = tex.ask("02.4", answer="-1")
    assert wrong.judged and not wrong.correct
    shown.clear()
    button.click()
    assert solution in " ".join(shown)
    assert solution in tex.reveal("02.4")._repr_mimebundle_()["text/plain"]
    assert "teacher" in tex.reveal.__doc__
    assert tex.reveal("02.3", show=True).text and not committed.has_attempted("02.3")     # show=True: no answer


def test_05_6_the_taught_rule_rescaled_gives_networkx_s_isolated_weight():
    """Reader v1: 05.6's solution says the rule taught in nb05-06 (no dangling term), run to its fixed point and
    rescaled to sum to one, gives the isolated word networkx's weight; by hand with numpy, against networkx."""
    import networkx as nx
    import numpy as np

    d, n = 0.85, 3
    S = np.array([[1.0, 0.85, 0.82], [0.85, 1.0, 0.88], [0.82, 0.88, 1.0]])
    A = np.where(S >= 0.86, S, 0.0) - np.eye(n)                 # "machine" (0) loses both its edges
    strength = A.sum(axis=1)
    lam = np.full(n, 1 / n)
    for _ in range(500):                                          # the taught rule, as written
        lam = (1 - d) / n + d * np.array([sum(lam[i] * A[i, j] / strength[i] for i in range(n) if strength[i])
                                          for j in range(n)])
    assert abs(lam[0] - (1 - d) / n) < 1e-12 and lam.sum() < 0.75   # exactly the jump share, the sum short of 1
    rescaled = lam / lam.sum()
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from((i, j, A[i, j]) for i in range(n) for j in range(i + 1, n) if A[i, j])
    assert abs(rescaled[0] - nx.pagerank(graph, alpha=d, tol=1e-14)[0]) < 1e-9
    text = tex.reveal("05.6", show=True).text
    assert "rescaled to sum to one" in text and "weight networkx gives" in text


def test_a_variant_s_solution_opens_only_after_that_variant_is_answered(monkeypatch):
    """Reader t3: after a judged answer to 04d.1 as written, drawing variant 7 and revealing showed variant 7's
    solution unanswered.  The rule is the same for every variant: its solution opens after an answer to it."""
    import IPython.display

    committed = _fresh_session(monkeypatch)
    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda obj, *a, **k: shown.append(str(getattr(obj, "data", obj))))
    written, seven = tex.reveal("04d.1", show=True).text, tex.reveal("04d.1", show=True, seed=7).text
    assert written != seven
    assert tex.ask("04d.1", answer=str(tex.ask("04d.1").exercise.right[0])).correct
    assert written in tex.reveal("04d.1")._repr_mimebundle_()["text/plain"]
    tex.ask("04d.1", seed=7)                                     # drawn, not answered
    for hidden in (tex.reveal("04d.1"), tex.reveal("04d.1", seed=7)):
        text = hidden._repr_mimebundle_()["text/plain"]
        assert seven not in text and "(variant 7) hidden" in text and "ask('04d.1', seed=7, answer=...)" in text
    button, _out = tex.reveal("04d.1")._build().children
    button.click()
    assert shown and seven not in " ".join(shown)
    assert committed.has_attempted("04d.1", 0) and not committed.has_attempted("04d.1", 7)
    # a judged answer to variant 7 (right or wrong) opens variant 7's solution, in both front ends
    assert tex.ask("04d.1", seed=7, answer="0.5").judged
    assert seven in tex.reveal("04d.1")._repr_mimebundle_()["text/plain"]
    shown.clear()
    button.click()
    assert seven in " ".join(shown)


def test_a_prediction_answered_in_code_is_committed_once(monkeypatch):
    """As in the widget: the first guess stands; a second ask keeps it and says so."""
    committed = _fresh_session(monkeypatch)
    ex = tex.get("08.1")
    first = tex.ask("08.1", answer=ex.wrong[0])
    assert not first.correct and committed.is_committed("08.1")
    second = tex.ask("08.1", answer=ex.right[0])
    assert not second.correct and "already committed" in second.message and ex.wrong[0] in second.message
    # the box, shown after the commit in code, keeps it too
    q = tex.ask("08.1")
    box = q._build()
    entry, button = box.children[1].children[:2]
    entry.value = ex.right[0]
    button.click()
    assert not q.last.correct and entry.disabled and "Already committed" in box.children[-1].value


def test_a_numeric_prediction_in_code_leaves_its_result_to_the_result_cell(monkeypatch):
    committed = _fresh_session(monkeypatch)
    pred = Prediction(key="99.3", label="P(x)", question="Guess P(x) for 2 of 8.", data={"c": 2, "n": 8},
                      answer=lambda c, n: tk.probabilities_from_counts(c, c, c, n)[1], solution="{expected}",
                      right=("0.25",), wrong=("0.2",), check={"min_sig_figs": 2})
    monkeypatch.setitem(tex._load(), "99.3", pred)
    rough = tex.ask("99.3", answer="0.3")                # too rough to judge: not committed, try again
    assert rough.rough and not committed.is_committed("99.3")
    verdict = tex.ask("99.3", answer="0.20")
    assert not verdict.correct and "0.25" not in verdict.message and "Committed" in verdict.message
    assert committed.is_committed("99.3")
    again = tex.ask("99.3", answer="0.25")
    assert not again.correct and "already committed" in again.message and "0.25" not in again.message


#: Exercises whose answer is a logarithm, a root or a power (the reviews' list): no fraction can be right.
IRRATIONAL = ("01.1", "01.2", "01.4", "02.1", "02.3", "02.4", "03.1", "04.1", "04.3", "06.2")


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_an_exact_fraction_is_offered_only_where_the_answer_is_one(key):
    ex = tex.get(key)
    offered = "exact fraction" in ex.asked
    assert offered == isinstance(ex.expected, Fraction) == ex.fraction_right, key
    if key in IRRATIONAL:
        assert not offered, key
    for seed in (0, 1, 2, 3):
        variant = ex.at(seed)
        assert ("exact fraction" in variant.asked) == offered, (key, seed)
        if offered:
            value = variant.expected
            assert variant.judge(f"{value.numerator}/{value.denominator}").correct, (key, seed)


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_a_percentage_is_accepted_by_kind_where_the_exercise_declares_a_share(key):
    """A share of a whole (declared check={"percent": True}) may be typed as a percentage, in every variant;
    no other quantity may, whatever its value: a PMI of 0.288 nats is not 28.8%."""
    ex = tex.get(key)
    for seed in (0, 1, 2, 3, 4):
        variant = ex.at(seed)
        value = float(variant.expected)
        verdict = variant.judge(f"{value * 100:.10g}%")
        if ex.share:
            assert 0 <= value <= 1 and verdict.correct, (key, seed, verdict.message)
        else:
            assert not verdict.correct and "not a share of a whole" in verdict.message, (key, seed, verdict.message)


def test_a_percentage_for_a_quantity_that_is_no_share_is_refused_with_why():
    for key, typed in (("01.5", "28.8%"), ("04.4", "4.35%")):
        verdict = tex.ask(key, answer=typed)
        assert not verdict.correct and not verdict.judged, key
        assert "A percentage does not fit here" in verdict.message and "not a share of a whole" in verdict.message
    assert tex.ask("09.4", answer="80%").correct                 # topic diversity: a share


@pytest.mark.parametrize("key, typed", [("02.4", "-1"), ("02.3", "1"), ("05b.2", "1"), ("09.4", "0.2")])
def test_the_likeliest_mistake_with_one_figure_is_wrong_not_too_rough(key, typed):
    verdict = tex.ask(key, answer=typed)
    assert not verdict.correct and verdict.judged and verdict.message.startswith("Not quite"), verdict.message
    assert "too rough" not in verdict.message


def test_a_rough_answer_consistent_with_the_value_is_still_too_rough():
    for key, typed in (("02.4", "-0.7"), ("02.3", "0.8"), ("05b.2", "0.6")):
        verdict = tex.ask(key, answer=typed)
        assert verdict.rough and "too rough to judge" in verdict.message, (key, verdict.message)


@pytest.mark.parametrize("key", [ex.key for ex in EXERCISES if getattr(ex, "choices", ())])
def test_a_choice_is_named_by_its_first_words_when_no_other_choice_shares_them(key):
    ex = tex.get(key)
    for choice in ex.choices:
        first = choice.replace(":", " ").split()[0]
        if isinstance(ex, Interpretation) and len(first) == 1 and first.lower() in tex.LETTERS:
            continue                                       # "a" is the letter of an interpretation's first choice
        sharing = [c for c in ex.choices if c.replace(":", " ").split()[0].casefold() == first.casefold()]
        named = ex.choice_of(first.upper() if first.isalpha() else first)
        if len(sharing) == 1 or choice.casefold() == first.casefold():
            assert named == choice, (key, first, named)
        else:
            assert named is None, (key, first, named)


def test_higher_and_lower_name_their_choice():
    assert tex.get("10.1").choice_of("Higher") == "higher on lee.cor"
    assert tex.get("10.1").choice_of("lower") == "lower on lee.cor"
    assert tex.get("04.6").choice_of("Lower") == "per token is lower"   # the one choice that ends so
    assert tex.get("04.6").choice_of("per token") is None            # two choices begin so
    assert tex.get("11.4").choice_of("below") == "below the exact value"
    assert tex.get("10.1").choice_of("high") is None                 # whole words only


CLASS_SECRET = "5eed" * 16
CLASS_SIZE = 300


@pytest.mark.parametrize("key", VARIANT_KEYS)
def test_the_grader_and_the_box_give_one_verdict_for_a_class_of_300(key):
    """Issue 51: the grader judges a typed answer with the box's own judge.  For a class of 300, every
    variant's value typed at full precision and at the precision asked gets the same verdict from both
    (05.3's full-precision value was marked wrong by the grader for 32 of 300 seeds), and so does the pin."""
    from tools import course, grade

    ex = tex.get(key)
    functions = course.pin_functions(prefix(key))
    disagree = []
    for i in range(CLASS_SIZE):
        seed = course.student_seed(CLASS_SECRET, f"student{i:03d}")
        variant, pin = grade.variant_pin(ex, functions, seed)
        value = variant.expected
        for typed in (repr(float(value)), tex.typed_forms(value, variant.check)[0], repr(float(pin))):
            box = variant.judge(typed)
            points, _ = grade.judge_answer(variant, pin, typed)
            if (points > 0) != box.correct or (typed != repr(float(pin)) and not box.correct):
                disagree.append((seed, typed, box.message))
    assert not disagree, disagree[:3]


def test_the_grader_refuses_to_judge_when_teachkits_answer_is_not_its_pin():
    """The pin no longer judges, but it still vouches for the value the box judges against."""
    from tools import grade

    ex = tex.get("00.1")
    assert grade.judge_answer(ex, 0.04 * (1 + 1e-12), "0.04") == (ex.points, "right")
    with pytest.raises(ValueError, match="is not its hand-derived pin"):
        grade.judge_answer(ex, 0.05, "0.04")


@pytest.mark.parametrize("key", ["00.3", "04.4", "08b.3"])
def test_variants_differ_from_the_exercise_as_written_and_from_each_other(key):
    """"Another one" and ask(key, seed=1, 2, 3) must not serve the same question again: 00.3's seeds 1 and 3 both
    drew 24 keywords, 04.4's seed 2 had the written answer 1/23 and 08b.3's seed 13 drew the written p = 0.5."""
    from teachkit.course.exercises.display import practice_seed

    ex = tex.get(key)
    seeds = [1, 2, 3, 11, 12, 13] + [practice_seed(0, k) for k in (1, 2, 3)]
    answers = [ex.at(seed).expected for seed in seeds]
    assert ex.expected not in answers, (key, answers)
    assert all(ex.data_for(seed) != ex.data_for(0) for seed in range(1, 200)), key
    assert len({str(a) for a in answers[:3]}) == 3 and len({str(a) for a in answers[-3:]}) == 3, (key, answers)


def test_04d_1_every_variant_has_well_posed_discounts():
    # Chen & Goodman's discounts from the count-of-counts, worked here: Y = n1 / (n1 + 2 n2), D_c = c - (c + 1) Y
    # n_{c+1} / n_c.  Every variant must give 0 < D1 < D2 < D3+ (a trigram seen more often loses more) and
    # D3+ / 3 < D1 (but a smaller share of its count), as its worked solution says.
    from teachkit.course.exercises import get

    exercise = get("04d.1")
    for seed in range(300):
        n1, n2, n3, n4 = (exercise.data_for(seed)[k] for k in ("n1", "n2", "n3", "n4"))
        y = n1 / (n1 + 2 * n2)
        d1, d2, d3 = 1 - 2 * y * n2 / n1, 2 - 3 * y * n3 / n2, 3 - 4 * y * n4 / n3
        assert 0 < d1 < d2 < d3 < 3 * d1, (seed, (n1, n2, n3, n4), (d1, d2, d3))


def test_kneser_ney_step_counter_examples_are_counts_a_corpus_can_have():
    # reader s2 (04b.4): "count=20, context_total=28, types=20" cannot happen: the word is one of the T types
    # after h and each of the other T - 1 occurs at least once, so count + T - 1 <= context_total
    import numpy as np

    from teachkit.course.exercises import nb04b

    for seed in range(500):
        x = nb04b._inputs(np.random.default_rng(seed))
        assert 1 <= x["types"] <= x["context_total"]
        assert x["count"] == 0 or x["count"] + x["types"] - 1 <= x["context_total"], x


def test_11_1_truncated_two_thirds_is_told_to_round():
    verdict = tex.ask("11.1", answer="0.666")
    assert verdict.judged and not verdict.correct and "cut off" in verdict.message, verdict.message
    assert tex.ask("11.1", answer="0.667").correct


def test_04c_7_refuses_a_softmax_shifted_by_the_smallest_logit():
    # reader w2: subtracting the smallest logit passes while every logit sits near 1000 together, and gives
    # nan for logits far apart ([1000, 0]: e^1000 overflows); the check must try such logits
    import numpy as np

    def forward(context, E, W1, b1, W2, b2, shift):
        z = np.tanh(np.concatenate([np.asarray(E)[i] for i in context]) @ W1 + b1) @ W2 + b2
        with np.errstate(over="ignore", invalid="ignore"):
            e = np.exp(z - shift(z))
            return e / e.sum()

    honest = tex.check_function("04c.7", lambda **kw: forward(**kw, shift=np.max))
    by_min = tex.check_function("04c.7", lambda **kw: forward(**kw, shift=np.min))
    assert honest.correct, honest.message
    assert not by_min.correct and "differs" in by_min.message
    # the same on the two cases by hand: the honest softmax of [1000, 0] is [1, e^-1000], the smallest-shift nan
    one = dict(context=[0], E=np.eye(2), W1=np.eye(2), b1=np.zeros(2), W2=np.zeros((2, 2)))
    assert forward(**one, b2=np.array([1000.0, 0.0]), shift=np.max).tolist() == [1.0, 0.0]
    assert np.isnan(forward(**one, b2=np.array([1000.0, 0.0]), shift=np.min)).any()


def test_06_5_accepts_an_epsilon_in_the_log_and_refuses_the_subtle_mistakes():
    # reader w2: p * log(p + 1e-12) gives -1.44e-12 where the answer is 0 (sizes [0, 2]); that is rounding, not a
    # mistake, and the check accepts it, while H / log2 K, K counted over used topics only and H unnormalised fail
    import numpy as np

    def part(sizes, log=np.log, k=len, eps=1e-12):
        p = np.array(sizes, dtype=float) / sum(sizes)
        return float(-(p * np.log(p + eps)).sum() / log(k(sizes)))

    assert part([0, 2]) != 0.0
    assert tex.check_function("06.5", part).correct
    for wrong in (lambda sizes: part(sizes, log=np.log2),
                  lambda sizes: part(sizes, k=lambda s: max(2, sum(1 for v in s if v > 0))),
                  lambda sizes: part(sizes, eps=1e-6),
                  lambda sizes: part(sizes, log=lambda k: 1.0)):
        assert not tex.check_function("06.5", wrong).correct


def test_06_2_one_is_the_source_documents_mistake_and_judged_wrong():
    # the source document calls the mean of unit vectors "normalized", length 1: typed, it is wrong, not too rough
    verdict = tex.get("06.2").judge("1")
    assert not verdict.correct and not verdict.rough and "common mistake" in verdict.message
