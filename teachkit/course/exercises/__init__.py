"""Course exercises, declared once as data and checked by the test suite.

Every notebook's exercises live in a module ``teachkit/course/exercises/nbXX.py``
(``XX`` is the notebook's prefix: ``nb00`` for ``00_start_here.ipynb``,
``nb04b`` for ``04b_...``).  Each module defines a list ``EXERCISES``; the
modules are found automatically (:func:`all_exercises`), so adding a file is
all it takes to register its exercises.

Four kinds of exercise
----------------------
:class:`Exercise`
    A number to compute.  It states its data (exactly the numbers the
    question gives), its expected answer is computed by teachkit *from those
    data* (``answer(**data)``), and its answer box judges what the student
    types with :func:`teachkit.course.selfcheck.check_answer`.
:class:`Prediction`
    "Predict, then run": the student commits to a guess (a number, or one of
    a few ``choices``) and only then sees what teachkit computes.  The widget
    locks the guess before it shows the result; in a saved or static notebook
    the cell says how to do the same in code: ``ask("02.4", answer="0")``.
:class:`Implement`
    "Write it yourself": the student completes a small function, and
    :func:`check_function` runs it beside the teachkit ``reference`` on seeded
    random inputs and says on which input (if any) the two differ.
:class:`Interpretation`
    "What does it mean?": a question about a number's meaning (its sign, whether
    to trust it, whether two ratios are the same) with a few ``choices``.  Every
    choice carries a ``why``: for a wrong one, the misconception it stands for
    (what the student is told, without the right answer, so they can think again);
    for the right one, the reason it is right.  The right choice is computed from
    the data, like any answer.

In a notebook
-------------
Each exercise takes three cells::

    **Exercise 00.1.**              <- markdown cell (its heading names the key the box shows)
    ask("00.1")                     <- code cell tagged "exercise": the question and an answer box
    reveal("00.1")                  <- code cell tagged "solution": a "Show solution" button

The cell tags are standard notebook metadata (``cell.metadata.tags``); tools
(the tests, the release and grading tools) find exercise and solution cells
by them, so give every ``ask`` cell the tag ``exercise`` and every ``reveal``
cell the tag ``solution``.  An :class:`Implement` exercise adds, between the
two, a code cell with the student's function and a check cell calling
``check_function("01.6", my_function)``.

The solution text is never in the notebook: :func:`reveal` shows a button
whose solution is rendered only when clicked (nothing of it is in the saved
output or in widget state), and only once the exercise has been answered with
an answer its box could judge, right or wrong (not one it cannot read or finds
too rough).  A static copy of the notebook says how to answer in code
(``ask("00.1", answer=...)``), after which the reveal cell, run again, shows the
solution as text.  ``reveal("00.1", show=True)`` shows it at once: the teacher's
way.  ``tests/test_exercises.py`` checks this for every exercise.

Declaring the other two kinds
-----------------------------
A prediction with choices (``right``/``wrong`` default to the right choice and the others)::

    Prediction(key="02.4", label="NPMI, pair in every window (guide's code)",
               question="A pair found in every window: what does the guide's code give, +1, 0 or -1?",
               data={"n": 1000, "eps": EPSILON}, choices=("+1", "0", "-1"),
               answer=lambda n, eps: {1.0: "+1", 0.0: "0", -1.0: "-1"}[
                   round(npmi_from_counts(n, n, n, n, eps=eps, zero="guide"))],
               solution="...")

A prediction of a number is an :class:`Prediction` without ``choices``, judged
like an :class:`Exercise` (``right``, ``wrong`` and ``check`` as there).  A
function to write::

    Implement(key="02.5", label="NPMI from counts", question="Complete npmi(c_xy, c_x, c_y, n) ...",
              reference=lambda c_xy, c_x, c_y, n: npmi_from_counts(c_xy, c_x, c_y, n),
              inputs=_random_counts,            # rng -> {"c_xy": ..., "c_x": ..., "c_y": ..., "n": ...}
              template="def npmi(c_xy, c_x, c_y, n):\n    ...",
              wrong=(_npmi_without_minus_sign,), solution="...")

Its pin is an independent implementation of the function, written in the pin file.

Variants
--------
An exercise that asks for a number declares ``variant``, a function drawing other data with the numpy
``Generator`` it is given, and ``mistakes``, its likeliest wrong answers as functions of the data; its
``question`` is then a template of its data (``{n:t}`` writes ``10{,}000``).  ``ask("00.1", seed=7)``
asks variant 7, ``reveal("00.1", seed=7)`` shows its solution, and seed 0 (or none) is the exercise as
written.  Beside the answer box, "Another one" draws a fresh variant (:func:`.display.practice_seed`) and
the "Show solution" button below shows the solution of whatever the question shows.  The pin file holds,
beside ``PINS``, ``PIN_FUNCTIONS = {"00.1": lambda count, n: count / n}``: every variant's answer, written
by hand, which the tests compare with teachkit's on 200 variants of each exercise.

Pins
----
``tests/exercise_pins/nbXX.py`` holds ``PINS = {"00.1": 400 / 10_000, ...}``:
every exercise's answer derived independently, by hand (for an
:class:`Implement` exercise: an independent implementation of the function).
The tests fail when an exercise has no pin, when its expected answer differs
from the pin, when one of its ``right`` answers is rejected or one of its
``wrong`` answers accepted, and when its solution does not render.

A worked solution shows intermediate numbers ("H ≈ 0.639 nats"); none is
typed.  Each is a format field filled by the exercise's ``steps`` function,
and the same pin file holds ``STEPS = {"06.3": {"H": ..., ...}}``, every step
worked out by hand.  The tests fail on a step without its pin, a step that
differs from it, and a number typed into a solution's text (small whole
numbers, data items and the documents' own numbers aside; see
``tools/prose_numbers.py``).

Examples
--------
>>> ex = get("00.1")
>>> ex.expected
0.04
>>> ask("00.1", answer="0,04").correct
True
>>> ask("00.1", answer="0.05").correct
False
>>> "0.04" in reveal("00.1", show=True).text     # the worked solution, shown on request
True
>>> v = get("00.1").at(7)                        # variant 7: other numbers, its own answer
>>> ask("00.1", answer=v.right[0], seed=7).correct, ask("00.1", answer="0.04", seed=7).correct
(True, False)
"""


from __future__ import annotations

from typing import Any
from collections.abc import Callable

from ..._checks import check_flag
from ..selfcheck import Feedback
from .committed import attempt, commit, first_commit, result_of
from .compare import _same, compare_functions  # noqa: F401 - _same stays reachable here, as before the split
from .display import Hidden, Question, Shown, answered_in_code, current_seed
from .model import KEY_PATTERN, LETTERS, Exercise, Implement, Interpretation, Prediction, on_rounding_edge, typed_forms
from .registry import _load, all_exercises, get, modules  # noqa: F401 - tests add exercises to _load()'s dict

__all__ = [
    "Exercise", "Prediction", "Implement", "Interpretation", "ask", "reveal", "get", "all_exercises", "check_function",
    "modules", "result_of", "EXERCISE_TAG", "SOLUTION_TAG", "KEY_PATTERN", "LETTERS", "Question", "Hidden", "Shown",
    "typed_forms", "on_rounding_edge", "current_seed",
]

#: Cell tag of a notebook cell that calls :func:`ask`.
EXERCISE_TAG = "exercise"
#: Cell tag of a notebook cell that calls :func:`reveal`.
SOLUTION_TAG = "solution"


def _exercise(key: str) -> Exercise | Implement:
    # A key that is not a string is a slip in the notebook, named as such (get's TypeError); an unknown
    # string key is answered by get's KeyError with the notebook's known keys.
    return get(key)


def _variant(ex: Exercise | Implement, seed: int | None) -> Exercise | Implement:
    if isinstance(ex, Implement):
        if seed not in (None, 0):
            raise ValueError(f"exercise {ex.key} asks for a function and has no variants: call it without a seed.")
        return ex
    return ex.at(seed)


def ask(key: str, answer: str | float | None = None, seed: int | None = None) -> Question | Feedback:
    """Show an exercise: its question and an answer box (or judge ``answer`` directly).

    Parameters
    ----------
    key : str
        The exercise's key, e.g. ``"00.1"``.
    answer : str or number, optional
        Judge this answer now, without a widget (how to check in a static
        notebook, or a prediction committed in code).
    seed : int, optional
        Which variant: the same question with other numbers (an exercise
        that computes a number has as many as you like).  0 or None is the
        exercise as written; the "Another one" button beside the box draws
        fresh ones and shows each one's seed.

    Returns
    -------
    Question or Feedback
        A displayable question with its answer box; or, with ``answer``, the
        verdict (a :class:`~teachkit.course.selfcheck.Feedback`).  An answer the
        box judges (right or wrong; not one it cannot read or finds too rough)
        opens the worked solution for :func:`reveal`.  A prediction is committed
        once, as in its box: the first judged guess stands, and a second ``ask``
        with an answer repeats that verdict and says so.  A numeric prediction's
        verdict does not name teachkit's result; its result cell shows it.
    """
    ex = _variant(_exercise(key), seed)
    if answer is None:
        return Question(ex)
    if isinstance(ex, Implement):
        raise TypeError(f"exercise {key} asks for a function: call check_function({key!r}, your_function).")
    if isinstance(ex, Prediction):
        seed_of = getattr(ex, "variant_seed", 0)
        first = first_commit(ex.key, seed_of)
        if first is not None:
            # committed once, as in the widget: the first guess stands, and a second one is not judged
            attempt(ex.key, seed_of)
            answered_in_code(ex)
            return Feedback(first.correct, f"You already committed to prediction {ex.key} with {first.answer}; "
                                           f"a prediction is committed once, so that answer stands. {first.message}",
                            first.answer, first.value, first.decimals, first.parsed)
    feedback = ex.judge(answer)
    if feedback.judged:
        # judged, right or wrong (not unreadable, not too rough): the worked solution may now be shown in any
        # front end (reveal), the solution of the variant answered, as the widget's button would show
        attempt(ex.key, getattr(ex, "variant_seed", 0))
        answered_in_code(ex)
    if isinstance(ex, Prediction) and feedback.judged:
        commit(ex.key, seed_of, feedback)
        if not ex.choices:      # the number itself is shown by the result cell, once committed
            feedback = Feedback(feedback.correct, f"{feedback.message} Committed: teachkit's result appears "
                                                  "where the notebook computes it (run that cell again) and in the "
                                                  f"worked solution, reveal({ex.key!r}).",
                                feedback.answer, feedback.value, feedback.decimals, feedback.parsed)
    return feedback


def reveal(key: str, show: bool = False, seed: int | None = None) -> Shown | Hidden:
    """A "Show solution" control; the solution is rendered only when asked for.

    Parameters
    ----------
    key : str
        The exercise's key.
    show : bool, default False
        True returns the solution itself (markdown, numbers filled in), with
        or without an answer: the teacher's way to read a solution (or a
        student's who decides to), never the notebook's.  Never leave
        ``show=True`` in a saved notebook: the tests refuse it.
    seed : int, optional
        The variant whose solution to show (see :func:`ask`).  Without it, the
        button shows the solution of the numbers the question above shows
        when it is clicked: after "Another one", that variant's (and
        ``show=True`` shows the exercise as written).

    Returns
    -------
    Hidden or Shown
        The button (the solution rendered on click), or the solution's markdown.  In a front end without
        widgets (a plain kernel, a converted notebook, an editor), the button cannot be clicked: once the
        exercise has been answered in this session with an answer the box could judge, right or wrong
        (``ask(key, answer=...)``, its box, or ``check_function``), the solution is shown as text instead;
        before that, a note says how to answer.  The button, too, opens the solution only after such an
        answer.
    """
    show = check_flag(show, "show")
    ex = _exercise(key)
    if show:
        return Shown(_variant(ex, seed))
    if seed is not None:
        ex = _variant(ex, seed)
    return Hidden(ex, follow=seed is None)


def check_function(key: str, student_fn: Callable[..., Any]) -> Feedback:
    """Compare the student's function with teachkit's on the exercise's seeded random inputs.

    Parameters
    ----------
    key : str
        A "write it yourself" exercise's key.
    student_fn : callable
        The student's function, called with the same keyword arguments as
        the reference.

    Returns
    -------
    Feedback
        ``.correct`` is True when every input gives the same result (within
        the exercise's tolerance); otherwise ``.message`` names the first input
        where the results differ, or what the function raised.  Passing something that is not a function
        is a verdict too (a message to the student), not an exception.
    """
    ex = _exercise(key)
    if not isinstance(ex, Implement):
        raise TypeError(f"exercise {key} asks for a number, not a function: use ask({key!r}, answer='...').")
    feedback = compare_functions(ex, student_fn)
    if feedback.parsed:
        attempt(ex.key)
    return feedback
