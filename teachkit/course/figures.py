"""How a course figure is shown: human names, a size floor for its text, alt text and a line saying what to see.

A course notebook shows each figure with :func:`show`::

    show(fig, alt="Line chart: ...", see="The ratio passes 1 at 20 shared windows ...")

:func:`show` makes the figure's log axes read as plain numbers (``70``, not ``7×10¹``), checks that no text
in it would be smaller than :data:`FONT_FLOOR_PT` points at the width it is shown (:func:`small_text`),
displays it as a PNG whose output metadata carry the alt text (``{"image/png": {"alt": ...}}``, which
nbconvert's classic template reads; the course website copies it into MyST-NB's cell option, see
``tools/book.py``) and, in the same output, as an HTML ``<img alt=...>`` (JupyterLab and nbconvert's lab
template show that one, and ignore the metadata), and puts the ``see`` sentence under it.

:data:`LABELS` is the one table of human names for the measures and quantities the notebooks plot
(``u_mass`` -> ``"UMass"``); :func:`label` reads it.  A coherence measure's name comes from its entry in
:data:`teachkit.coherence.measures.REGISTRY` (the course reads the metrics; the metrics never read the course).
"""

from __future__ import annotations

import math
from typing import Any

from ..coherence.measures import REGISTRY

__all__ = ["FONT_FLOOR_PT", "LABELS", "PHONE_WIDTH_PX", "PIXEL_RATIO", "SHOWN_WIDTH_PX", "label", "pair_heatmap",
           "plain_log_ticks", "show", "small_text"]

#: Human names for the measures and quantities the course plots, keyed by the name teachkit uses in code.
#: Each coherence measure's name is read off its registry entry (``Measure.label``): a new measure needs no line.
LABELS: dict[str, str] = {
    **{name: m.label or name for name, m in REGISTRY.items()},
    "npmi": "NPMI",
    "c_npmi_documents": "NPMI",         # k_sweep's c_npmi counted in whole documents, as the course's NPMI is
    "model_score": "model score (M)",
    "diversity": "topic diversity",
    "bound": "held-out bound (nats per word)",
    "perplexity": "held-out perplexity",
    "doc_perplexity": "document perplexity",
    "stability": "stability (Greene et al. 2014)",
    "griffiths_2004": "Griffiths & Steyvers (2004)",
    "cao_juan_2009": "Cao Juan et al. (2009)",
    "arun_2010": "Arun et al. (2010)",
    "deveaud_2014": "Deveaud et al. (2014)",
}

#: The smallest text, in points at the size the figure is shown, that reads from the back of a classroom.
FONT_FLOOR_PT = 10.0

#: The widest a figure is shown, in pixels: the course website's content column at a 1280 px desktop
#: (JupyterLab at 1280 px shows up to about 1,000 px, so a figure that reads here reads there).  Wider PNGs are
#: scaled down, and their text with them.
SHOWN_WIDTH_PX = 676

#: A phone's content width (390 px screen less the page's margins).  The website does not scale a figure down
#: to it: on a screen this narrow it shows the figure at its desktop size in a strip that scrolls sideways
#: (``tools/book_conf/static/course.css``), so the floor checked at :data:`SHOWN_WIDTH_PX` holds there too.
PHONE_WIDTH_PX = 358

#: Pixels per CSS pixel of a shown figure: the PNG is drawn at twice the figure's dpi and shown at its 1x size,
#: so it is as sharp as the text around it on a HiDPI screen (device pixel ratio 2: most laptops, every phone).
PIXEL_RATIO = 2


def label(name: str) -> str:
    """The human name of a measure or quantity: ``label("u_mass") == "UMass"``.

    Raises
    ------
    KeyError
        For a name :data:`LABELS` does not have, naming the names it has (a typo must not reach a figure).
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a string such as 'u_mass', got {type(name).__name__}.")
    try:
        return REGISTRY[name].label or name if name in REGISTRY else LABELS[name]
    except KeyError:
        raise KeyError(f"no human name for {name!r}; LABELS has {', '.join(sorted(LABELS))}.") from None


def _plain(value: float, _pos: Any = None) -> str:
    # 70 rather than 7×10¹; 0.001 rather than 10⁻³; thousands separated.
    if value == 0 or not math.isfinite(value):
        return ""
    if abs(value) >= 1:
        return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.3g}"
    return f"{value:.3g}"


def plain_log_ticks(ax: Any) -> None:
    """Label the log-scaled axes of ``ax`` with plain numbers (``70``, not ``7×10¹``); minor ticks get no labels.

    An axis spanning two decades or fewer is labelled at 1, 2 and 5 of each decade (within one decade, at
    every whole step), so it shows more than one number.  Call it once the data are plotted (:func:`show` does).
    """
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    for axis, scale, limits in ((ax.xaxis, ax.get_xscale(), ax.get_xlim()), (ax.yaxis, ax.get_yscale(), ax.get_ylim())):
        if scale == "log":
            low, high = sorted(limits)
            decades = math.log10(high / low) if low > 0 else math.inf
            if decades <= 2:
                # two decades or fewer would show one or two labels: label 1, 2 and 5 of each decade, and
                # within a single decade every whole step (60, 70, 80, ...)
                # (within one decade also 1.2 and 1.5 of the next, so 70-130 gets 120 above its 100; within
                # two, 3 as well, so 280-8,000 gets 300 under its 500)
                subs = (1.0, 1.2, 1.5, *range(2, 10)) if decades <= 1 else (1.0, 2.0, 3.0, 5.0)
                axis.set_major_locator(LogLocator(base=10, subs=subs))
            axis.set_major_formatter(FuncFormatter(_plain))
            axis.set_minor_formatter(NullFormatter())


def _shown_scale(fig: Any, width_px: float = SHOWN_WIDTH_PX) -> float:
    """The factor the figure is scaled by when shown: 1 unless its tight PNG is wider than ``width_px``."""
    renderer = fig.canvas.get_renderer()
    box = fig.get_tightbbox(renderer)            # inches
    png_px = (box.width + 0.2) * fig.dpi         # bbox_inches="tight" adds 0.1 inch each side
    return min(1.0, width_px / png_px)


def small_text(fig: Any, floor: float = FONT_FLOOR_PT, width_px: float = SHOWN_WIDTH_PX) -> list[tuple[str, float]]:
    """Every visible text of ``fig`` smaller than ``floor`` points at the size the figure is shown.

    The size is matplotlib's own (``Text.get_fontsize()``) times the factor the figure is scaled down by when
    its PNG is wider than ``width_px`` (default :data:`SHOWN_WIDTH_PX`, the website's column).  Tick labels,
    legend entries, titles, annotations and colour-bar labels are all :class:`matplotlib.text.Text` artists of
    the figure, so all are checked.

    Returns
    -------
    list of (str, float)
        ``(text, shown size in points)`` for each text below the floor; empty when the figure reads well.
    """
    from matplotlib.text import Text

    if not isinstance(width_px, (int, float)) or not width_px > 0:
        raise ValueError(f"width_px must be a positive number of pixels, got {width_px!r}.")
    fig.canvas.draw()                            # tick labels exist only once drawn
    scale = _shown_scale(fig, width_px)
    found = []
    for text in fig.findobj(Text):
        if not text.get_visible() or not text.get_text().strip():
            continue
        shown = text.get_fontsize() * scale
        if shown < floor - 1e-9:
            found.append((text.get_text(), round(float(shown), 1)))
    return found


def _smallest_text(fig: Any) -> float:
    """The size in points of the smallest visible text of a drawn figure (at the figure's own size)."""
    from matplotlib.text import Text

    sizes = [t.get_fontsize() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    return float(min(sizes)) if sizes else 0.0


def show(fig: Any, alt: str, see: str) -> None:
    """Show a course figure with its alt text and, under it, the one sentence that says what to see.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure; it is closed once shown, so it is not shown twice.
    alt : str
        What a reader who cannot see the figure needs: the kind of chart, its axes and what the data do.
    see : str
        One sentence under the figure: what to look at.

    Raises
    ------
    ValueError
        If ``alt`` or ``see`` is empty, or some text of the figure is below :data:`FONT_FLOOR_PT` at the size
        shown (the message lists them: enlarge the font or narrow the figure).
    """
    from matplotlib.figure import Figure

    if not isinstance(fig, Figure):
        raise TypeError(f"fig must be a matplotlib Figure, got {type(fig).__name__}.")
    for name, value in (("alt", alt), ("see", see)):
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{name} must be a non-empty sentence describing the figure.")
    for ax in fig.axes:
        plain_log_ticks(ax)
    small = small_text(fig)
    smallest = _smallest_text(fig)
    if small:
        listed = "; ".join(f"{t!r} at {size} pt" for t, size in small[:8])
        raise ValueError(f"text below {FONT_FLOOR_PT:g} pt as shown: {listed}. Enlarge it or narrow the figure.")
    import base64
    import html
    import io

    import matplotlib.pyplot as plt
    from IPython.display import Markdown, display

    from PIL import Image

    buffer = io.BytesIO()
    # PIXEL_RATIO times the pixels, shown at the figure's own size (width and height below): sharp on a HiDPI
    # screen, and its text the size small_text checked (the shown scale is that of the 1x picture)
    fig.savefig(buffer, format="png", bbox_inches="tight", dpi=fig.dpi * PIXEL_RATIO, metadata={"Software": None})
    plt.close(fig)
    width, height = (round(side / PIXEL_RATIO) for side in Image.open(io.BytesIO(buffer.getvalue())).size)
    png = base64.b64encode(buffer.getvalue()).decode("ascii")
    # JupyterLab's image renderer and nbconvert's lab template ignore the metadata's alt; both prefer
    # text/html to image/png, so the same picture as an <img alt=...> carries it there.
    # data-smallest-pt: the smallest text in the PNG at its own size, so the website's browser test can check
    # the size each figure's text is shown at (tests/browser/test_book.py)
    # (at the picture's 1x size: data-pixel-ratio says how many PNG pixels stand for one CSS pixel)
    tag = (f'<img alt="{html.escape(alt)}" data-smallest-pt="{smallest:.1f}" data-pixel-ratio="{PIXEL_RATIO}" '
           f'width="{width}" height="{height}" src="data:image/png;base64,{png}"/>')
    display({"text/html": tag, "image/png": png, "text/plain": f"[figure: {alt}]"},
            raw=True, metadata={"image/png": {"alt": alt, "width": width, "height": height}})
    display(Markdown(f"*What to see:* {see}"))


def pair_heatmap(topic: Any, title: str, alt: str, see: str) -> None:
    """Show a topic's pair-NPMI matrix as a heat map, each pair's value written in its square.

    ``topic`` is a :class:`teachkit.TopicCoherence` (``topic.matrix()``, ``topic.keywords``); ``alt`` is
    completed with what stands out, in words: the keyword whose pairs are lowest on average and the highest pair.
    """
    import matplotlib.pyplot as plt
    import numpy as np

    m = topic.matrix()
    k = len(topic.keywords)
    fig, ax = plt.subplots(figsize=(1.2 + 0.68 * k, 0.8 + 0.6 * k))
    image = ax.imshow(m, cmap="cividis", vmin=-1, vmax=1)
    ax.set_xticks(range(k), topic.keywords, rotation=45, ha="right")
    ax.set_yticks(range(k), topic.keywords)
    ax.grid(False)
    for i in range(k):
        for j in range(k):
            if i != j:
                ax.text(j, i, f"{m[i, j]:.2f}", ha="center", va="center", fontsize=12,
                        color="black" if m[i, j] > -0.07 else "white")
    fig.colorbar(image, ax=ax, label="pair NPMI")
    ax.set_title(title)
    pairs = np.where(~np.eye(k, dtype=bool), m, np.nan)
    low = int(np.nanargmin(np.nanmean(pairs, axis=1)))
    hi, hj = (int(v) for v in np.unravel_index(np.nanargmax(pairs), pairs.shape))
    alt = (f"{alt} The weakest row is '{topic.keywords[low]}' (row {low + 1} of {k} from the top), whose pairs "
           "average "
           f"{np.nanmean(pairs[low]):.2f}; the highest pair is '{topic.keywords[hi]}' and '{topic.keywords[hj]}' "
           f"at {m[hi, hj]:.2f}.")
    show(fig, alt=alt, see=see)
