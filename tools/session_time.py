"""Estimate how long a course notebook takes in class: ``python tools/session_time.py [notebooks...]``.

The estimate is a stated rule, not a measurement, so that every notebook is judged the same way.  It counts
what a class does with the committed notebook (its cells and its saved outputs):

* prose: the words of the markdown cells (maths and code spans included), at 150 words a minute, the pace of
  reading while following an argument (silent skimming is about 200);
* output: the words a cell prints or displays (tables, findings, the text of exercise boxes and explorers'
  static views; not a figure's own alt text or the note under it), at 200 words a minute;
* code: 0.1 minute (6 seconds) per line of code, to read it and run it, a line counted as 50 characters of code
  (not spaces outside strings, not comments): the course's average line (50.5) when its lines ran to 120 columns,
  so the estimate does not change when a formatter wraps the same code to 88 columns;
* figures: 2 minutes for each figure shown (to look at it and find what its "what to see" line says);
* explorers: 3 minutes for each explorer (to move its controls and watch the result);
* questions: 3 minutes for each ``ask(...)`` (predict, compute a number, choose an answer);
* write-it-yourself: 10 minutes for each ``check_function(...)`` (write a function, run it, fix it);
* quizzes: half a minute for each item of an intrusion quiz.

:data:`LIMIT` is the most a notebook may take (a 90-minute session with time for questions);
``tests/test_figures.py`` reports the notebooks over it.
"""

from __future__ import annotations

import argparse
import html
import json
import pathlib
import re
import sys
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parents[1]
WORDS_PER_MINUTE = 150
OUTPUT_WORDS_PER_MINUTE = 200
MINUTES_PER_CODE_LINE = 0.1
#: Characters of code (spaces and comments left out) that count as one line of code.
CODE_CHARS_PER_LINE = 50
MINUTES_PER_FIGURE = 2
MINUTES_PER_EXPLORER = 3
MINUTES_PER_QUESTION = 3
MINUTES_PER_FUNCTION = 10
MINUTES_PER_QUIZ_ITEM = 0.5
LIMIT = 75

_EXPLORER = "teachkit-explorer-static"
_SOLUTION_HIDDEN = "teachkit-solution-static"
# an exercise box's "checked in the running notebook, or ... by ask(...)" line: not read in class
_EXERCISE_META = re.compile(r"[*(]?Exercise \S+?(, variant \d+)?: checked in the running notebook, or where no widget "
                            r"shows by [^\n]*")

#: Notebooks over :data:`LIMIT` by this rule, waiting to be split or cut (issue 49, not done yet): nine of the
#: seventeen on 2026-11-28, the longest 09 at 110 minutes; 03, 04, 04b, 04c, 11 and 12 were cut to it since,
#: 05 split into 05 and 05b (its exercises) and 09 (118 minutes) into 09 and 09b.  None may grow past
#: :data:`HARD_LIMIT` meanwhile (raised from 115 to 120 when 09 gained its winners' permutation tests), and every
#: other notebook must stay within :data:`LIMIT`.  07 (89 minutes), the last, was cut to 74: none is pending now.
SPLIT_PENDING: frozenset[str] = frozenset()
HARD_LIMIT = 120


@dataclass(frozen=True)
class Estimate:
    """The parts of one notebook's estimate, and their sum in minutes."""

    name: str
    words: int
    code_chars: int
    questions: int
    output_words: int = 0
    figures: int = 0
    explorers: int = 0
    functions: int = 0
    quiz_items: int = 0

    @property
    def code_lines(self) -> float:
        """The code in lines of :data:`CODE_CHARS_PER_LINE` characters."""
        return self.code_chars / CODE_CHARS_PER_LINE

    @property
    def exercises(self) -> int:
        """Questions and write-it-yourself functions together."""
        return self.questions + self.functions

    @property
    def minutes(self) -> float:
        return (self.words / WORDS_PER_MINUTE + self.output_words / OUTPUT_WORDS_PER_MINUTE
                + self.code_lines * MINUTES_PER_CODE_LINE + self.figures * MINUTES_PER_FIGURE
                + self.explorers * MINUTES_PER_EXPLORER + self.questions * MINUTES_PER_QUESTION
                + self.functions * MINUTES_PER_FUNCTION + self.quiz_items * MINUTES_PER_QUIZ_ITEM)


def _text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _output_words(output: dict) -> tuple[int, bool, bool, int]:
    """(words read, is a figure, is an explorer, quiz items) of one output."""
    if output.get("output_type") == "stream":
        return len(_text(output.get("text", "")).split()), False, False, 0
    data = output.get("data", {})
    if "image/png" in data or "image/svg+xml" in data:
        return 0, True, False, 0
    page = _text(data.get("text/html", ""))
    if _SOLUTION_HIDDEN in page:
        return 0, False, False, 0                      # "solution hidden until you answer": not read in class
    explorer = _EXPLORER in page
    items = page.count("<li>") if 'ol start="0"' in page else 0
    if "text/markdown" in data:
        text = _text(data["text/markdown"])
        if text.startswith("*What to see:* "):
            return 0, False, explorer, items           # counted with its figure
    elif page:
        text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    else:
        text = _text(data.get("text/plain", ""))
    return len(_EXERCISE_META.sub("", text).split()), False, explorer, items


def code_characters(source: str) -> int:
    r"""The characters of a code cell that are code: no spaces outside strings, no comments.

    >>> code_characters("x = f(1, 2)  # why\n\n# a note\ny = 'a b'\n")
    15
    >>> code_characters("x = f(\n    1,\n    2,\n)\n")     # wrapped, with the formatter's trailing comma
    8
    """
    import io
    import tokenize

    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        lines = [line.split("  #")[0] for line in source.splitlines() if not line.strip().startswith("#")]
        return sum(len("".join(line.split())) for line in lines)
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}
    code = [t for t in tokens if t.type not in skip]
    # a trailing comma (before a closing bracket) is the formatter's, not code to read
    trailing = {i for i, t in enumerate(code[:-1]) if t.string == "," and code[i + 1].string in ")]}"}
    return sum(len("".join(t.string.split())) if t.type != tokenize.STRING else len(t.string)
               for i, t in enumerate(code) if i not in trailing)


def estimate(path: pathlib.Path) -> Estimate:
    """The estimate of the notebook at ``path`` (its saved outputs included)."""
    nb = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    counts = dict(words=0, code_chars=0, questions=0, output_words=0, figures=0, explorers=0, functions=0,
                  quiz_items=0)
    for cell in nb["cells"]:
        source = _text(cell["source"])
        if cell["cell_type"] == "markdown":
            counts["words"] += len(source.split())
        elif cell["cell_type"] == "code":
            counts["code_chars"] += code_characters(source)
            counts["questions"] += len(re.findall(r"\bask\(", source))
            counts["functions"] += len(re.findall(r"\bcheck_function\(", source))
            for output in cell.get("outputs", []):
                words, figure, explorer, items = _output_words(output)
                counts["output_words"] += words
                counts["figures"] += figure
                counts["explorers"] += explorer
                counts["quiz_items"] += items
    return Estimate(pathlib.Path(path).stem, **counts)


COLUMNS = [("notebook", "name"), ("prose words", "words"), ("output words", "output_words"),
           ("code lines", "code_lines"), ("figures", "figures"), ("explorers", "explorers"),
           ("questions", "questions"), ("functions", "functions"), ("quiz items", "quiz_items")]


def _cell(value: object) -> str:
    return f"{value:.0f}" if isinstance(value, float) else str(value)


def markdown_table(estimates: list[Estimate]) -> str:
    """One Markdown table of every estimate and its parts (for README)."""
    head = "| " + " | ".join(c for c, _ in COLUMNS) + " | minutes |"
    rule = "|---" + "|--:" * len(COLUMNS) + "|"
    rows = [f"| {e.name} | " + " | ".join(_cell(getattr(e, a)) for _, a in COLUMNS[1:]) + f" | {e.minutes:.0f} |"
            for e in estimates]
    return "\n".join([head, rule, *rows])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks (default: notebooks/*.ipynb)")
    parser.add_argument("--markdown", action="store_true", help="print one Markdown table (for README)")
    args = parser.parse_args(argv)
    paths = [pathlib.Path(p) for p in args.notebooks] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    estimates = [estimate(path) for path in paths]
    if args.markdown:
        print(markdown_table(estimates))
    else:
        print(f"{'notebook':<32}{'words':>7}{'output':>8}{'code':>6}{'figs':>6}{'expl':>6}{'asks':>6}"
              f"{'funcs':>7}{'quiz':>6}{'minutes':>9}")
        for e in estimates:
            print(f"{e.name:<32}{e.words:>7}{e.output_words:>8}{e.code_lines:>6.0f}{e.figures:>6}{e.explorers:>6}"
                  f"{e.questions:>6}{e.functions:>7}{e.quiz_items:>6}{e.minutes:>9.0f}")
    over = [e.name for e in estimates if e.minutes > LIMIT]
    if over:
        print(f"over {LIMIT} minutes: {', '.join(over)}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
