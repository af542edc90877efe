"""Estimate how long a course notebook takes in class: ``python tools/session_time.py [notebooks...]``.

The estimate is a stated rule, not a measurement, so that every notebook is judged the same way:

* prose: the words of the markdown cells (maths and code spans included), read at 200 words a minute;
* code: 0.1 minute (6 seconds) per non-blank, non-comment line of the code cells, to read it and run it;
* exercises: 4 minutes for each exercise asked (``ask(...)`` or ``check_function(...)`` in a code cell).

:data:`LIMIT` is the most a notebook may take (a 90-minute session with time for questions);
``tests/test_figures.py`` checks every notebook against it.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import sys
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parents[1]
WORDS_PER_MINUTE = 200
MINUTES_PER_CODE_LINE = 0.1
MINUTES_PER_EXERCISE = 4
LIMIT = 75


@dataclass(frozen=True)
class Estimate:
    """The parts of one notebook's estimate, and their sum in minutes."""

    name: str
    words: int
    code_lines: int
    exercises: int

    @property
    def minutes(self) -> float:
        return (self.words / WORDS_PER_MINUTE + self.code_lines * MINUTES_PER_CODE_LINE
                + self.exercises * MINUTES_PER_EXERCISE)


def estimate(path: pathlib.Path) -> Estimate:
    """The estimate of the notebook at ``path``."""
    nb = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    words = code = exercises = 0
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            words += len(source.split())
        elif cell["cell_type"] == "code":
            lines = [line for line in source.splitlines() if line.strip() and not line.strip().startswith("#")]
            code += len(lines)
            exercises += len(re.findall(r"\b(?:ask|check_function)\(", source))
    return Estimate(pathlib.Path(path).stem, words, code, exercises)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks (default: notebooks/*.ipynb)")
    args = parser.parse_args(argv)
    paths = [pathlib.Path(p) for p in args.notebooks] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    print(f"{'notebook':<32}{'words':>7}{'code lines':>12}{'exercises':>11}{'minutes':>9}")
    over = []
    for path in paths:
        e = estimate(path)
        print(f"{e.name:<32}{e.words:>7}{e.code_lines:>12}{e.exercises:>11}{e.minutes:>9.0f}")
        if e.minutes > LIMIT:
            over.append(e.name)
    if over:
        print(f"over {LIMIT} minutes: {', '.join(over)}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
