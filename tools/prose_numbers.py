"""Find the numbers written in a notebook's prose that nothing accounts for.

Run ``python tools/prose_numbers.py notebooks/02_npmi.ipynb`` to list them
(without an argument: every notebook, and every exercise's worked solution);
``tests/test_prose_numbers.py`` fails on any.  The rules are in
:func:`unaccounted` (and repeated in the test's docstring).  Exercise
solutions follow stricter rules, in :func:`unaccounted_in_solution`: their
numbers are format fields filled from the exercise's data, answer and
``steps``, and ``tests/test_exercises.py`` fails on a typed one.

A number typed by hand into markdown goes stale the day the code changes;
a number printed by a code cell, or quoted from the documents' catalogue,
does not.  So every number in a markdown cell must be one of:

1. **from the documents**: it agrees (at its own precision) with a number of
   the catalogue :mod:`teachkit.documents.catalogue` (printed values, stated inputs,
   arguments, notes);
2. **produced by this notebook**: it agrees (at its own precision) with a
   number in a saved output of a code cell of the same notebook, or is
   written as a literal in the (non-comment) source of one of its code cells
   (the notebook's own inputs, e.g. ``alpha = 0.5``);
3. **asserted by a test**: listed in :data:`ASSERTED` with the test file that
   asserts it (the file must contain the number);
4. **whitelisted**: see :data:`WHITELIST` and :func:`_is_whitelisted`.

What is not read as a number of the prose: fenced code blocks, link
targets, HTML tags, a heading's section number ("## 3." / "## 3.2"), an
ordered-list marker at the start of a line, the number after "Exercise",
"Section", "§", "notebook", "Figure", "Table", "Step", "Example", "item",
"Tabela" or "cell", ordinals ("1st", "3rd"), numbers glued to letters or
underscores (``c_xy2``, ``log2``, ``top-10`` counts as 10).

Agreeing "at its own precision": the prose number has ``d`` decimals and a
candidate rounded (half up or half even) to ``d`` decimals equals it; the
candidate must itself have at least ``d`` decimals.  A whole number must
equal a candidate exactly.  Signs are ignored (prose writes "−0.08" with a
typographic minus, outputs "-0.08"), percentages are read both as written
(48) and as a share (0.48), "10{,}000" and "10,000" are 10000, and "0,891"
(a decimal comma, as the Portuguese note writes) is 0.891.
"""

from __future__ import annotations

import json
import pathlib
import re
import string
import sys
from fractions import Fraction
from dataclasses import dataclass
from decimal import Decimal

if __name__ == "__main__":      # run as a script: this repository's teachkit, not an installed one
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from teachkit.course.precision import read, round_half_even, round_half_up

#: Numbers accepted in any notebook's prose, each for a stated reason.
WHITELIST = {
    # small whole numbers (0..10, and -1/+1 as NPMI's ends) are counts, ordinals and bounds:
    # handled by _is_whitelisted, not listed here
    Decimal("100"): "percent",
    Decimal("1e-12"): "gensim's and the NPMI guide's default epsilon, a library constant",
    Decimal("0.5"): "one half (a midpoint, AUC of chance, alpha = beta = 1/2)",
    Decimal("0.05"): "the usual significance level / the NPMI guide's band edge",
    Decimal("0.85"): "PageRank's damping factor d (a constant of the method)",
    Decimal("2.5"): "percentile of a 95 % bootstrap interval",
    Decimal("97.5"): "percentile of a 95 % bootstrap interval",
    Decimal("95"): "a 95 % interval",
}

#: Numbers asserted by a test: {notebook stem: {number as written: test file}}.
#: The test file must contain the number as written.
ASSERTED: dict[str, dict[str, str]] = {
    # 00 explains the checker on 0.8912 ("0.89" right, "0.88" not): test_selfcheck.py's TABLE asserts exactly that
    "00_start_here": {"0.8912": "tests/test_selfcheck.py"},
    # 01's example of a PMI above 0 that is not significant (21 shared windows where 20 are expected, PMI ln 1.05):
    # worked again, with its exact hypergeometric p, in test_notebook_claims.py (_01_pmi_above_zero_is_not_significant)
    "01_pmi": {"21": "tests/test_notebook_claims.py", "0.049": "tests/test_notebook_claims.py"},
    # 03's gaps between the two real Lee topics in whole documents (0.502 - 0.467, 0.424 - 0.367): subtracted
    # again from the printed table in test_notebook_claims.py (_03_the_gaps_are_small)
    "03_topic_coherence": {"0.035": "tests/test_notebook_claims.py", "0.057": "tests/test_notebook_claims.py"},
    # 04d's split (250 and 50 articles, the training parts 160 and 90), 04b's discount, and the trigram
    # count-of-counts with its discounts: each derived again in test_notebook_claims.py (Counter, Fraction)
    "04d_smoothing_toolkits": {number: "tests/test_notebook_claims.py" for number in (
        "250", "50", "160", "90", "0.75", "39,542", "3,459", "0.8511", "1.8510")},
    # 04c's table of Transformer-XL's published results (Dai et al. 2019, abstract): transcribed again in
    # test_notebook_claims.py (_04C_PUBLISHED), which checks the table against it
    "04c_neural_perplexity": {number: "tests/test_notebook_claims.py" for number in (
        "0.99", "1.08", "18.3", "21.8", "54.5", "267,000", "800,000", "10,000")},
    # 12's four books are torn into passages of 120 words: test_four_books.py asserts every passage's length
    # and its books' mean ARI by K, averaged again from the printed runs (_12_ari_orders_the_ks_as_nmi_does)
    "12_agreement_significance": {"120": "tests/test_four_books.py", "0.183": "tests/test_notebook_claims.py",
                                  "0.168": "tests/test_notebook_claims.py", "0.088": "tests/test_notebook_claims.py"},
    # 10's held-out perplexity means at K = 5 and 30 (about 3,300 and 1.5 million), by hand from the sweep; its
    # draws: C(20, 3) = 1140 triples, and 1,139 students (all but the worked example's) get triples no
    # classmate has: the claim's check counts both and gives a class of 1,139 its draws
    "10_capstone": {"1,140": "tests/test_notebook_claims.py", "1,139": "tests/test_notebook_claims.py",
                    "3,300": "tests/test_notebook_claims.py", "1.5": "tests/test_notebook_claims.py",
                    **{number: "tests/test_notebook_claims.py"
                       for number in ("0.00005", "0.27", "0.56", "0.88", "0.16", "0.67", "25", "0.01")}},
    # 09's Lee corpus of 300 articles: test_notebook_claims.py counts gensim's lee_background.cor
    # (_09_lee_has_300_articles); 09b's family of 40 comparisons (16 + 24) is counted by
    # _09_embedding_leads_over_all_forty there
    "09_choosing_a_model": {"300": "tests/test_notebook_claims.py"},
    "09b_metrics_and_people": {number: "tests/test_notebook_claims.py" for number in (
        "40", "0.745", "0.056", "0.93", "0.08")},
}

SMALL_INTEGER = 10   # whole numbers up to this (in absolute value) are counts and ordinals
YEARS = (1900, 2099)  # four-digit whole numbers in this range are years (citations)

_FENCE = re.compile(r"```.*?```|~~~.*?~~~", re.S)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_HTML_TAG = re.compile(r"<[^>]+>")
_HEADING_NUMBER = re.compile(r"^(#{1,6}\s*)\d+(?:\.\d+)*\.?", re.M)
_LIST_MARKER = re.compile(r"^(\s*)\d+\.(?=\s)", re.M)
_REFERENCE = re.compile(
    r"(?i)\b(exercises?|sections?|§|notebooks?|figures?|fig\.|tables?|tabela|steps?|examples?|items?|cells?|"
    r"questions?|parts?|issues?|chapters?)(\s*\*{0,2}\s*)(\d+(?:\.\d+)*[a-z]?(?:\s*(?:,|and|or|–|-|to)\s*\d+)*)")
_SECTION_SIGN = re.compile(r"§\s*\d+(?:\.\d+)*")
#: A number: optional sign, grouped thousands or plain digits, decimals, exponent, percent.
_NUMBER = re.compile(
    r"(?<![\w.])(?<![\w][-−])([-−+]?)"
    r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+,\d+(?=\b)|\d+(?:\.\d+)?|\.\d+)"
    r"((?:[eE][-−+]?\d+)|(?:\s*\\?times\s*10\^\{?[-−]?\d+\}?)|(?:\s*×\s*10\^\{?[-−]?\d+\}?))?"
    r"(\s*\\?%)?"
    r"(?![\w.]\d)(?!st\b|nd\b|rd\b|th\b|[a-zA-Z_])")


@dataclass(frozen=True)
class Number:
    """A number read from text: its absolute value, its decimals, and how it was written."""

    value: Decimal
    decimals: int
    text: str
    percent: bool = False

    def readings(self):
        if self.percent:
            return [(self.value, self.decimals), (self.value.scaleb(-2), self.decimals + 2)]
        return [(self.value, self.decimals)]


def _parse(body, exponent):
    """(absolute value, decimals) of a number matched in prose: read by :func:`teachkit.course.precision.read`,
    the same rule as every number the course reads (a comma grouping thousands separates them, any other
    comma is a decimal comma)."""
    if exponent:
        m = re.search(r"([-−+]?\d+)\}?\s*$", exponent)
        body = f"{body}e{m.group(1).replace('−', '-')}"
    written = read(body, decimal_comma=None)
    if written.kind != "decimal":  # pragma: no cover - the pattern admits only valid literals
        return None
    return abs(written.value), max(0, -written.exponent)


def numbers_in(text):
    """Every number in ``text``, as :class:`Number` (no prose rules: used for outputs and sources)."""
    text = text.replace("{,}", ",").replace("\\,", "").replace("\u2009", " ").replace("\u202f", " ")
    text = re.sub(r"(?<![\d.])10\^\{?([-−]?\d+)\}?", lambda m: "1e" + m.group(1).replace("−", "-"), text)  # 10^{-12}
    found = []
    for m in _NUMBER.finditer(text):
        parsed = _parse(m.group(2), m.group(3))
        if parsed is None:
            continue
        value, decimals = parsed
        found.append(Number(value, decimals, m.group(0).strip(), bool(m.group(4))))
    return found


def prose_numbers(markdown):
    """The numbers of a markdown cell that the rules ask to account for."""
    text = _FENCE.sub(" ", markdown)
    text = _LINK_TARGET.sub("]", text)
    text = _HTML_TAG.sub(" ", text)
    text = _HEADING_NUMBER.sub(r"\1", text)
    text = _LIST_MARKER.sub(r"\1", text)
    text = _REFERENCE.sub(lambda m: m.group(1) + m.group(2), text)
    text = _SECTION_SIGN.sub("§", text)
    return numbers_in(text)


def _is_whitelisted(number):
    v = number.value
    if number.decimals == 0 and not number.percent:
        if v <= SMALL_INTEGER:
            return True
        if YEARS[0] <= v <= YEARS[1] and re.fullmatch(r"\d{4}", number.text.lstrip("-−+")):
            return True
    return any(value in WHITELIST for value, _ in number.readings())


def _agrees(value, decimals, candidates):
    """True when a candidate (value, decimals) agrees with value at ``decimals`` decimals."""
    for c_value, c_decimals in candidates:
        if decimals == 0:
            if c_value == value:
                return True
            continue
        if c_decimals < decimals:
            continue
        for rounding in (round_half_up, round_half_even):
            if rounding(c_value, -decimals) == value:
                return True
    return False


class _Candidates:
    """Numbers that account for prose numbers, indexed for a quick look-up."""

    def __init__(self, numbers):
        self.by_int = {}
        for n in numbers:
            for value, decimals in n.readings():
                self.by_int.setdefault(int(value), []).append((value, decimals))

    def agree(self, value, decimals):
        # a candidate that rounds to value has the same integer part, or the one below (0.999 -> 1.00)
        near = self.by_int.get(int(value), []) + self.by_int.get(int(value) - 1, [])
        return _agrees(value, decimals, near)


def _catalogue_numbers() -> list:
    """Every number of the documents' catalogue: printed values, inputs, arguments, notes, labels.

    Read from the records teachkit.documents.catalogue loads from teachkit/data/documents.json, so a
    shared input written once in the file (``{"$ref": ...}``) counts wherever a record uses it.
    """
    from teachkit.documents import catalogue as worked

    texts = []

    def walk(obj):
        if isinstance(obj, str):
            texts.append(obj)
        elif isinstance(obj, bool) or obj is None:
            return
        elif isinstance(obj, (int, float)):
            texts.append(repr(obj))
        elif isinstance(obj, dict):
            for v in obj.values():
                walk(v)
        elif isinstance(obj, (list, tuple)):
            for v in obj:
                walk(v)
        elif hasattr(obj, "__dataclass_fields__"):
            for name in obj.__dataclass_fields__:
                walk(getattr(obj, name))

    walk(list(worked.RECORDS))
    found = []
    for t in texts:
        found += numbers_in(t)
        if re.fullmatch(r"-?\d+(?:,\d+)?", t.strip()):   # the Portuguese note's "6,601"
            found += numbers_in(t.strip().replace(",", "."))
    return found


_CATALOGUE = None


def catalogue() -> _Candidates:
    """The catalogue's numbers, collected once."""
    global _CATALOGUE
    if _CATALOGUE is None:
        _CATALOGUE = _Candidates(_catalogue_numbers())
    return _CATALOGUE


def _source(cell):
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def _outputs_text(cell):
    parts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append(_source({"source": out["text"]}))
        for mime, value in out.get("data", {}).items():
            if mime.startswith("text/"):
                parts.append(_source({"source": value}))
    return "\n".join(parts)


def _code_literals(cell):
    code = "\n".join(line.split("#", 1)[0] for line in _source(cell).splitlines())
    return numbers_in(re.sub(r"(?<=\d)_(?=\d)", "", code))      # 45_000 -> 45000


@dataclass(frozen=True)
class Unaccounted:
    cell: int
    text: str
    context: str

    def __str__(self):
        return f"cell {self.cell}: {self.text!r} in “…{self.context}…”"


def unaccounted(nb, stem=None):
    """The numbers of ``nb``'s markdown that nothing accounts for (see the module docstring).

    Parameters
    ----------
    nb : dict
        A notebook as read by ``json.load`` (or nbformat).
    stem : str, optional
        The notebook's file stem, to look up :data:`ASSERTED`.
    """
    cells = nb["cells"]
    produced = []
    for c in cells:
        if c.get("cell_type") == "code":
            produced += numbers_in(_outputs_text(c)) + _code_literals(c)
    own = _Candidates(produced)
    asserted = ASSERTED.get(stem or "", {})
    root = pathlib.Path(__file__).resolve().parents[1]
    missing = []
    for i, c in enumerate(cells):
        if c.get("cell_type") != "markdown":
            continue
        text = _source(c)
        for n in prose_numbers(text):
            if _is_whitelisted(n):
                continue
            if n.text in asserted and n.text in (root / asserted[n.text]).read_text(encoding="utf-8"):
                continue
            if any(own.agree(v, d) or catalogue().agree(v, d) for v, d in n.readings()):
                continue
            at = text.find(n.text)
            context = text[max(0, at - 30): at + len(n.text) + 30].replace("\n", " ")
            missing.append(Unaccounted(i, n.text, context))
    return missing


# ---------------------------------------------------------------- exercise solutions
def _value_numbers(value):
    """The numbers of a data item, an expected answer or a step (tuples and dicts walked; a Fraction
    gives its value and its numerator and denominator)."""
    if isinstance(value, dict):
        return [n for v in value.values() for n in _value_numbers(v)]
    if isinstance(value, (list, tuple)):
        return [n for v in value for n in _value_numbers(v)]
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)) and not hasattr(value, "item"):
        return []
    if isinstance(value, Fraction):
        return (numbers_in(repr(float(value))) + numbers_in(str(value.numerator))
                + numbers_in(str(value.denominator)))
    value = value.item() if hasattr(value, "item") else value
    return numbers_in(repr(value))


def solution_literals(ex):
    """The text of an exercise's solution that is typed, not computed: the template without its format
    fields (an :class:`~teachkit.course.exercises.Implement` solution has no fields: all of it)."""
    if not hasattr(ex, "data"):
        return ex.solution
    # an interpretation's choices and its reasons for each are typed text too
    templates = [ex.solution, *getattr(ex, "choices", ()), *getattr(ex, "why", {}).values()]
    return " ".join(literal for template in templates for literal, *_ in string.Formatter().parse(template))


def unaccounted_in_solution(ex):
    """The numbers typed into ``ex``'s solution that nothing accounts for.

    A worked solution shows intermediate numbers; each must be a format field filled from the
    exercise's ``data``, its ``expected`` answer or its ``steps`` (computed, and pinned by hand in
    the tests), so that it cannot go stale.  A number typed in the template's text is accounted for
    only when it agrees, at its own precision, with one of those values, with a number of the
    documents' catalogue, or is whitelisted (see :func:`unaccounted`); fenced code is not prose.
    Returns a list of :class:`Unaccounted` (``cell`` is 0).
    """
    values = []
    if hasattr(ex, "data"):
        values += [ex.data, ex.worked_steps()]
        if not isinstance(ex.expected, str):
            values.append(ex.expected)
    own = _Candidates([n for v in values for n in _value_numbers(v)])
    text = solution_literals(ex)
    missing = []
    for n in prose_numbers(text):
        if _is_whitelisted(n):
            continue
        if any(own.agree(v, d) or catalogue().agree(v, d) for v, d in n.readings()):
            continue
        at = text.find(n.text)
        missing.append(Unaccounted(0, n.text, text[max(0, at - 30): at + len(n.text) + 30].replace("\n", " ")))
    return missing


def main(argv=None):
    paths = (argv if argv is not None else sys.argv[1:]) or sorted(
        str(p) for p in (pathlib.Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
    total = 0
    for path in paths:
        p = pathlib.Path(path)
        problems = unaccounted(json.loads(p.read_text(encoding="utf-8")), p.stem)
        total += len(problems)
        print(f"{p.name}: {len(problems)} unaccounted number(s)")
        for u in problems:
            print(f"  {u}")
    if argv is None and len(sys.argv) == 1:     # the whole course: the exercises' solutions too
        from teachkit.course.exercises import all_exercises

        for ex in all_exercises():
            problems = unaccounted_in_solution(ex)
            total += len(problems)
            for u in problems:
                print(f"exercise {ex.key} solution: {u.text!r} in “…{u.context}…”")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
