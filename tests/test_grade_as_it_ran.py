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
