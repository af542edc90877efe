"""The course's machinery: what a notebook uses around the maths.

* :mod:`teachkit.course.exercises`  the exercises of every notebook (ask, reveal, check_function, result_of)
* :mod:`teachkit.course.selfcheck`  check_answer, answer_box, solution (checking a number worked by hand)
* :mod:`teachkit.course.widgets`    explorer (sliders with a static fallback) and the widget base class
* :mod:`teachkit.course.figures`    show (a figure with alt text and what to see), label (human names), LABELS
* :mod:`teachkit.course.precision`  reading a written number and comparing it at its precision
* :mod:`teachkit.course.setup`      setup_course (what each notebook calls first), check_versions, capture_log
* :mod:`teachkit.course.intrusion_quiz`  intrusion_quiz (word intrusion as a clickable quiz)

A notebook imports what it needs from here in one line::

    from teachkit.course import ask, reveal, check_function, result_of, explorer, setup_course

Nothing in the metrics imports this package.
"""

import importlib as _importlib

_EXPORTS = {
    "exercises": "ask reveal check_function result_of",
    "selfcheck": "Feedback answer_box check_answer solution",
    "widgets": "explorer",
    "figures": "LABELS label show",
    "setup": "capture_log check_versions setup_course",
    "intrusion_quiz": "IntrusionQuiz intrusion_quiz",
}
_ORIGIN = {name: module for module, names in _EXPORTS.items() for name in names.split()}
__all__ = sorted(_ORIGIN)


def __getattr__(name):
    # Loaded on first use, as in teachkit itself: importing the course costs nothing until a name is used.
    if name not in _ORIGIN:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = _importlib.import_module(f"{__name__}.{_ORIGIN[name]}")
    value = getattr(module, name) if name != _ORIGIN[name] else module
    globals()[name] = value
    return value
