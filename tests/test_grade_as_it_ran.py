"""A function is graded as it ran in Jupyter: with the notebook's earlier imports (issue 51)."""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))

import grade  # noqa: E402
from test_grade import _grade, _submission, _write  # noqa: E402

MATH_FUNCTION = "def add(a, b):\n    return math.fsum([a, b])\n"
NUMPY_FUNCTION = "def add(a, b):\n    return float(np.add(a, b))\n"


def test_earlier_imports_are_the_imports_of_the_cells_before_the_function_only():
    nb = _submission("import math\nx = 1\nprint(x)", "from numpy import add as plus, log\nimport os.path",
                     "%whos\nimport json", MATH_FUNCTION, "import csv")
    # the IPython line is skipped, the cell's import kept (it ran in Jupyter)
    assert grade.earlier_imports(nb, MATH_FUNCTION) == ["import math", "from numpy import add as plus, log",
                                                         "import os.path", "import json"]


def test_a_function_using_an_earlier_cell_s_import_is_graded_as_it_ran(tmp_path):
    subs = tmp_path / "subs"
    _write(subs, "uses_math", "99_synthetic", _submission("import math", MATH_FUNCTION))
    _write(subs, "uses_np", "99_synthetic", _submission("import numpy as np\nimport teachkit", NUMPY_FUNCTION))
    _write(subs, "no_import", "99_synthetic", _submission(MATH_FUNCTION))
    _write(subs, "no_alias", "99_synthetic", _submission("import numpy", NUMPY_FUNCTION))
    _write(subs, "teachkit", "99_synthetic", _submission(
        "import teachkit as tk", "def add(a, b):\n    return tk.add(a, b)\n"))
    _write(subs, "typo", "99_synthetic", _submission("def add(a, b):\n    return a + bb\n"))
    table, _, _ = _grade(tmp_path, subs)
    assert table[("uses_math", "99.9")] == (1, "right")
    assert table[("uses_np", "99.9")] == (1, "right")       # teachkit cannot be imported there: skipped
    points, feedback = table[("no_import", "99.9")]
    assert points == 0 and "a missing import: math is a module that neither the function's cell nor any cell " \
                           "before it imports; add `import math`" in feedback
    points, feedback = table[("no_alias", "99.9")]
    assert points == 0 and "add `import numpy as np`" in feedback
    points, feedback = table[("teachkit", "99.9")]
    assert points == 0 and "an earlier cell has `import teachkit as tk`, but that module cannot be imported" \
        in feedback
    points, feedback = table[("typo", "99.9")]
    assert points == 0 and "NameError" in feedback and "missing import" not in feedback


def test_imports_come_only_from_cells_before_and_nothing_else_of_them_runs(tmp_path):
    """A later cell's import does not count (the function ran before it), and an earlier cell's other lines
    (a definition the function would need) are not run: only imports."""
    subs = tmp_path / "subs"
    _write(subs, "later", "99_synthetic", _submission(MATH_FUNCTION, "import math"))
    _write(subs, "helper", "99_synthetic", _submission(
        "import math\nHALF = 0.5", "def add(a, b):\n    return 2 * HALF * math.fsum([a, b])\n"))
    table, _, _ = _grade(tmp_path, subs)
    assert table[("later", "99.9")][0] == 0 and "add `import math`" in table[("later", "99.9")][1]
    assert table[("helper", "99.9")][0] == 0 and "name 'HALF' is not defined" in table[("helper", "99.9")][1]
    assert "missing import" not in table[("helper", "99.9")][1]


def test_a_function_right_on_some_inputs_gets_the_share_of_the_drawn_inputs_it_passes(tmp_path):
    """Partial credit for a function: its points times the share of the inputs drawn at grading time it gets right,
    said in the feedback; one wrong everywhere, or right only on the shipped inputs, gets 0."""
    import course
    from test_grade import _implement

    ex = _implement()
    cases = course.grading_cases(ex, None)
    drawn = cases[len(ex.cases()):]
    positive = sum(kw["a"] > 0 for kw in drawn)
    assert 0 < positive < len(drawn)
    subs = tmp_path / "subs"
    _write(subs, "half", "99_synthetic", _submission("def add(a, b):\n    return a + b if a > 0 else a - b\n"))
    _write(subs, "wrong", "99_synthetic", _submission("def add(a, b):\n    return a - b\n"))
    _write(subs, "raiser", "99_synthetic", _submission(
        "def add(a, b):\n    if a <= 0:\n        raise ValueError('no')\n    return a + b\n"))
    table, _, _ = _grade(tmp_path, subs)
    expected = round(positive / len(drawn), 2)
    for student in ("half", "raiser"):
        points, feedback = table[student, "99.9"]
        assert points == expected, (student, feedback)
        assert feedback.endswith(f"partial credit: right on {positive} of the {len(drawn)} inputs drawn at grading "
                                 f"time, so {expected:g} of 1 points")
    assert table["wrong", "99.9"][0] == 0 and "partial credit" not in table["wrong", "99.9"][1]
