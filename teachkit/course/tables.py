"""Tables in the notebooks: shown as rendered tables, with the course's human names.

:func:`table` displays rows as an HTML table (what JupyterLab, Colab and the website show: it wraps on a phone
and never scrolls the page sideways) and, for a plain viewer or a test reading the saved output, as aligned
text.  A column or row named by a key of :data:`~teachkit.course.figures.LABELS` (``"u_mass"``) shows its
human name (``"UMass"``) in the HTML; the text keeps the key, so a reader's code can find it.

>>> text = table([["c_npmi", 0.1234, 12], ["u_mass", -1.5, 7]], ["measure", "mean", "topics"],
...              formats={"mean": ".3f"}, display_it=False)
>>> print(text)
measure    mean  topics
c_npmi    0.123      12
u_mass   -1.500       7
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .figures import LABELS

__all__ = ["table"]

Format = str | Callable[[Any], str]


def _cell(value: Any, fmt: Format | None) -> str:
    if callable(fmt):
        return str(fmt(value))
    if fmt is not None and isinstance(value, (int, float)) and not isinstance(value, bool):
        return format(value, fmt)
    return str(value)


def _human(name: str) -> str:
    return LABELS.get(name, name) if isinstance(name, str) else str(name)


def _is_number(text: str) -> bool:
    stripped = text.replace(",", "").replace("−", "-").strip("%[]() ")
    try:
        float(stripped.split(",")[0].split()[0] if stripped else "x")
        return True
    except ValueError:
        return False


def table(rows: Sequence[Sequence[Any]], columns: Sequence[str], *, formats: Mapping[str, Format] | None = None,
          caption: str | None = None, display_it: bool = True) -> str | None:
    """Show ``rows`` under ``columns`` as a rendered table; with ``display_it=False`` return its aligned text.

    Parameters
    ----------
    rows : sequence of sequences
        One sequence of values per row, in the order of ``columns``.
    columns : sequence of str
        The column names; a key of :data:`LABELS` is shown by its human name in the HTML.
    formats : mapping, optional
        Per column name, a format spec (``".3f"``, ``",d"``) for numbers or a function of the value.
    caption : str, optional
        A line said above the table (its caption in the HTML).
    display_it : bool, default True
        Display the table and return None (so a notebook cell ending with it shows it once); ``False``: only
        return the text, for tests and doctests.

    Raises
    ------
    ValueError
        When a row has another number of values than ``columns``, or a format names no column.
    """
    columns = [str(c) for c in columns]
    formats = dict(formats or {})
    unknown = sorted(set(formats) - set(columns))
    if unknown:
        raise ValueError(f"formats names {unknown}, which are not columns; the columns are {columns}.")
    cells = []
    for i, row in enumerate(rows):
        row = list(row)
        if len(row) != len(columns):
            raise ValueError(f"row {i} has {len(row)} values for {len(columns)} columns ({columns}).")
        cells.append([_cell(v, formats.get(c)) for v, c in zip(row, columns)])
    numeric = [all(_is_number(r[j]) for r in cells) and bool(cells) for j in range(len(columns))]
    widths = [max([len(columns[j])] + [len(r[j]) for r in cells]) for j in range(len(columns))]

    def line(values):
        parts = [v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric)]
        return "  ".join(parts).rstrip()

    text = "\n".join(([caption] if caption else []) + [line(columns)] + [line(r) for r in cells])
    if display_it:
        from IPython.display import display

        head = "".join(f"<th>{html.escape(_human(c))}</th>" for c in columns)
        body = "".join(
            "<tr>" + "".join(f'<td style="text-align:{"right" if num else "left"}">{html.escape(_human(v))}</td>'
                             for v, num in zip(r, numeric)) + "</tr>" for r in cells)
        cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
        page = (f'<table class="teachkit-table">{cap}<thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")
        display({"text/html": page, "text/plain": text}, raw=True)
        return None
    return text
