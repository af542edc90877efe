"""What the course notebooks import to set themselves up: :func:`setup_course`.

Notebooks call :func:`setup_course` in their first code cell: inline PNG
figures, a colour-blind-safe style and fixed figure metadata.  Executing,
cleaning and comparing notebooks is developer tooling, in ``tools/notebooks.py``
at the root of the repository (``make notebooks``), not in the package.
"""

from __future__ import annotations

__all__ = ["setup_course"]


def setup_course():
    """Set up plotting for a course notebook (call once, in the first code cell).

    * figures inline as PNG, without the software-version metadata, so a saved
      notebook does not change when only matplotlib's version does;
    * matplotlib's ``tableau-colorblind10`` colour cycle (safe for the common
      forms of colour blindness) and font sizes readable on a projector and
      on paper;
    * ``svg.hashsalt`` fixed, so SVG output (if a student asks for it) has
      stable element ids.
    """
    import matplotlib as mpl

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
    mpl.rcParams.update({
        "figure.figsize": (6.4, 4.0),
        "figure.dpi": 100,
        "font.size": 11,
        "axes.titlesize": 12,
        "axes.labelsize": 11,
        "axes.grid": True,
        "grid.alpha": 0.3,
        "image.cmap": "cividis",
        "svg.hashsalt": "teachkit",
    })
