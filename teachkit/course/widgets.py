"""Interactive explorers that still say something where no widget can run.

An :class:`Explorer` is a row of ipywidgets controls and a result pane,
recomputed with teachkit on every change.  Its display bundle carries, beside
the live widget, the result for the default control values as ``text/html``
and ``text/plain``.  JupyterLab shows the live widget; a static render
(GitHub, nbconvert, a notebook opened without a kernel) shows the default
result instead of "Loading widget...".

ipywidgets is imported only when an explorer is built, so ``import teachkit``
works without it.
"""

from __future__ import annotations

import base64
import html
import io

__all__ = ["Explorer", "explorer", "render_result"]


def render_result(value):
    """Turn what an explorer function returns into ``(html, text)``.

    Accepted: a string (shown as preformatted text), an object with
    ``_repr_html_`` (e.g. a pandas-like table), or a matplotlib Figure (shown
    as a PNG; the figure is closed afterwards so it is not shown twice).
    """
    try:
        from matplotlib.figure import Figure
    except ImportError:  # pragma: no cover - matplotlib is a dependency
        Figure = ()
    if isinstance(value, Figure):
        buf = io.BytesIO()
        value.savefig(buf, format="png", dpi=80, bbox_inches="tight")
        import matplotlib.pyplot as plt
        plt.close(value)
        data = base64.b64encode(buf.getvalue()).decode("ascii")
        title = value.axes[0].get_title() if value.axes else "figure"
        return f'<img alt="{html.escape(title)}" src="data:image/png;base64,{data}"/>', f"[figure: {title}]"
    if hasattr(value, "_repr_html_"):
        return value._repr_html_(), str(value)
    text = str(value)
    return f"<pre>{html.escape(text)}</pre>", text


class Explorer:
    """Controls plus a result recomputed on every change.

    Parameters
    ----------
    func : callable
        Called with the controls' values as keyword arguments; returns a
        string, an HTML-able object or a matplotlib Figure.
    controls : dict of str to ipywidgets.ValueWidget
        One control per keyword argument of ``func``.
    title : str, optional
        A line shown above the controls.

    Attributes
    ----------
    result : ipywidgets.HTML
        The pane that shows the latest result (tests read its ``value``).
    """

    def __init__(self, func, controls, title=None):
        import ipywidgets as w

        if not callable(func):
            raise TypeError(f"func must be a function of the controls' values, got {type(func).__name__}.")
        if title is not None and not isinstance(title, str):
            raise TypeError(f"title must be a string or None, got {type(title).__name__}.")
        if not controls:
            raise ValueError("controls is empty: an explorer needs at least one control.")
        for name, control in dict(controls).items():
            if not (hasattr(control, "value") and hasattr(control, "observe")):
                raise TypeError(
                    f"control {name!r} must be an ipywidgets control (e.g. ipywidgets.IntSlider(...)), "
                    f"got {type(control).__name__}."
                )
        self.func = func
        self.controls = dict(controls)
        self.defaults = {k: c.value for k, c in self.controls.items()}
        self.result = w.HTML()
        self.result.add_class("teachkit-explorer-result")
        parts = []
        if title:
            parts.append(w.HTML(f"<b>{html.escape(title)}</b>"))
        parts += list(self.controls.values()) + [self.result]
        self.widget = w.VBox(parts)
        self.widget.add_class("teachkit-explorer")
        for control in self.controls.values():
            control.observe(self._update, names="value")
        self._update()

    def values(self):
        """The controls' current values."""
        return {k: c.value for k, c in self.controls.items()}

    def compute(self, **values):
        """Run the explorer's function with the given values (defaults elsewhere)."""
        return self.func(**{**self.defaults, **values})

    def _update(self, change=None):
        try:
            html_text, _ = render_result(self.func(**self.values()))
        except ValueError as err:
            # A student can drag a slider into an impossible corner (a joint
            # count above a marginal): show teachkit's message, not a traceback.
            html_text = f'<pre style="color:#a50026">{html.escape(str(err))}</pre>'
        self.result.value = html_text

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude, **kwargs) or {}
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        static_html, static_text = render_result(self.func(**self.defaults))
        bundle = dict(bundle)
        bundle["text/html"] = static_html
        bundle["text/plain"] = static_text
        return bundle


def explorer(func, title=None, **controls):
    """Build an :class:`Explorer`: ``explorer(f, x=IntSlider(...), y=...)``."""
    return Explorer(func, controls, title=title)
