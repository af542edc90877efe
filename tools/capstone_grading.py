"""The capstone's grading, the teacher's side: every number of notebook 10's report recomputed on the student's
own draw, the values in the teacher's feedback, and the evidence the copy report needs.

The student's check (:func:`teachkit.course.exercises.capstone.check_report`) says ✓ or ✗ and what a number
depends on, never a value.  Here, with the course secret, the draw is the student's own (the one their class
release gave them, listed in its ``teacher/seeds.csv``: their variant seed, derived from the folder's name, or
the next number whose triple of training seeds no classmate holds, see ``release.class_draws``; the draw
written in the report is never trusted), so a report copied from a
classmate is judged on the copier's draw and its numbers do not follow; the copy report names the classmate
whose draw they fit (each number's value is the student's "variant" of a report column) and a report whose
numbers fit the worked example's (Sam's, in notebook 10) is named too.

``grade.py`` calls :func:`judge` for the notebook :data:`NOTEBOOK` and :func:`record` for the copy report.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from teachkit.course.exercises import capstone

NOTEBOOK = capstone.NOTEBOOK
#: The worked example's report choices (notebook 10, cell 10-31, Sam's): tests/test_capstone.py checks that the
#: notebook states these.
WORKED = {"draw": capstone.WORKED_DRAW, "ks": [5, 10, 15, 30], "k_criterion": "u_mass", "measure": "c_npmi",
          "reference": "separate", "heldout": "perplexity", "human_corpus": "nytimes", "judgement": "intrusion",
          "reasons": {}, "numbers": {}}
#: Stated numbers of a report that must fit the worked example's values before it is named as copied from it.
WORKED_MATCHES = 2


def columns() -> list[str]:
    return [f"10.report.{name}" for name in capstone.NUMBERS]


@dataclass
class Judged:
    """One capstone graded: gradebook rows, notes for the teacher, and the copy report's evidence."""

    rows: list = field(default_factory=list)           # (column, points, max_points, feedback)
    notes: list = field(default_factory=list)          # teacher's notes (copy report)
    pins: dict = field(default_factory=dict)           # column -> (check options, value on the student's draw)
    wrong: list = field(default_factory=list)          # (column, typed) stated numbers that do not follow


@functools.lru_cache(maxsize=1)
def worked_values() -> dict:
    return capstone._recompute(dict(WORKED, reasons={}, numbers={}))


def _fits(typed, value) -> bool:
    from teachkit.course.selfcheck import check_answer

    if not _stated(typed) or isinstance(typed, bool):
        return False
    if isinstance(typed, int) and typed.bit_length() > 1000:     # far past any value here; str() may not even work
        return False
    try:
        return check_answer(str(typed), value, **capstone.PRECISION).correct
    except Exception:
        return False


def judge(report: dict | None, seed: int | None = None, problem: str | None = None) -> Judged:
    """The capstone ``report`` (read from the notebook, never run) graded on draw ``seed`` (the student's own,
    from the course secret; None: the draw the report names, as in the notebook as written)."""
    worth = capstone.POINTS_PER_NUMBER
    out = Judged()
    try:
        if report is None:
            raise ValueError(problem or "no cell assigns report = {...}; fill in the report cell of the notebook")
        rows, reasons = capstone._judged(report, seed)
    except (ValueError, TypeError, KeyError) as err:     # a report whose choices cannot be read: say why
        out.rows = [(column, 0, worth, f"report not checked: {err}") for column in columns()]
        return out
    note = (f" (reasons refused: {'; '.join(f'{n}: {why}' for n, why in reasons.items())})" if reasons else "")
    stated_draw = report.get("draw")
    foreign = seed is not None and stated_draw != seed
    if foreign:
        # numbers computed on a draw not the student's are not the student's results, whatever they equal
        out.notes.append(f"the report names draw {str(stated_draw)[:40]}, not the student's own: its numbers "
                         "were judged on the student's own draw and score nothing")
        note += f" (the report is computed on draw {str(stated_draw)[:40]}, not yours: no point)"
    for name, written, value, follows, _, teacher in rows:
        column = f"10.report.{name}"
        follows = follows and not foreign
        out.rows.append((column, worth if follows else 0, worth, teacher + note))
        if name not in capstone.NEEDS:
            out.pins[column] = (dict(capstone.PRECISION), float(value))
            if not follows and _stated(written):
                out.wrong.append((column, written))
    worked = worked_values()
    fits = [name for name in capstone.NUMBERS if name not in capstone.NEEDS
            and _fits(report["numbers"].get(name), worked[name])]
    judged_draw = seed if seed is not None else report.get("draw")
    if judged_draw != capstone.WORKED_DRAW:
        if len(fits) >= WORKED_MATCHES:
            out.notes.append(f"{len(fits)} numbers of the report ({', '.join(fits)}) are the worked example's "
                             "(Sam's, notebook 10), which are wrong for this draw: copied from it?")
        elif report.get("draw") == capstone.WORKED_DRAW:
            out.notes.append("the report names the worked example's draw (Sam's, notebook 10)")
    return out


def record(work, judged: Judged, notebook: str = NOTEBOOK) -> None:
    """Put a graded capstone's notes and evidence in ``work`` (grade.Work) for the copy report."""
    for detail in judged.notes:
        work.note("copy report", f"capstone report: {detail}", notebook=notebook)
    work.variants.update(judged.pins)
    work.wrong += [(notebook, column, typed) for column, typed in judged.wrong]


def _stated(written: object) -> bool:
    """Whether a number was written at all (not None, not blank).  A whole number is stated whatever its size: str() of
    one of over 4,300 digits would raise, and such a number is flagged on its own line, not copied."""
    if written is None:
        return False
    if isinstance(written, int):
        return True
    return bool(str(written).strip())
