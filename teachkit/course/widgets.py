"""Widgets that still say something where no widget can run, and the course's explorers.

:class:`StaticFallback` is the shape every teachkit widget shares: a live
ipywidgets view where a front end runs it, and beside it, in the same display
bundle, a static ``text/html`` and ``text/plain`` (and, for an exercise,
``text/markdown``) rendering shown by GitHub, nbconvert or a notebook opened
without a kernel.  The explorer, the answer box, an exercise's question and
hidden solution, and the intrusion quiz are all built on it.

An :class:`Explorer` is a row of ipywidgets controls and a result pane,
recomputed with teachkit on every change.  Its display bundle carries, beside
the live widget, the result for the default control values as ``text/html``
and ``text/plain``, under the explorer's title, the value of each control and
how to move them.  JupyterLab shows the live widget; a static render (GitHub,
nbconvert, a notebook opened without a kernel) shows that saved view instead
of "Loading widget...".

ipywidgets is imported only when an explorer is built, so ``import teachkit``
works without it.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

__all__ = ["Explorer", "StaticFallback", "describe_control", "explorer", "ipywidgets", "render_result"]


def ipywidgets() -> ModuleType:
    """The ipywidgets module, imported now: only a widget being built needs it, ``import teachkit`` does not."""
    import ipywidgets as w

    return w


class StaticFallback:
    """Base of a display that is a live widget in a kernel and static HTML/text elsewhere.

    A subclass says two things:

    * :meth:`_view`, the ipywidgets widget to show live (``None`` for none);
    * :meth:`_static`, ``(html, plain)`` or ``(html, plain, markdown)``: what a
      reader without a widget front end sees.

    :meth:`_repr_mimebundle_` puts both in one bundle: the widget's own view
    entry, with the static renderings as ``text/html``, ``text/plain`` (and
    ``text/markdown``).  JupyterLab shows the live widget; a static render
    shows the fallback instead of "Loading widget...".  Without ipywidgets
    (the view raises ImportError) the bundle is the static part alone.
    """

    def _view(self) -> Any:
        """The live ipywidgets widget, or None (built lazily; may raise ImportError)."""
        raise NotImplementedError

    def _static(self) -> tuple[str, ...]:
        """``(html, plain)`` or ``(html, plain, markdown)`` for a reader without widgets."""
        raise NotImplementedError

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict[str, Any]:
        static = self._static()
        try:
            view = self._view()
        except ImportError:  # pragma: no cover - ipywidgets is a dependency
            view = None
        bundle = view._repr_mimebundle_(include=include, exclude=exclude, **kwargs) if view is not None else {}
        if isinstance(bundle, tuple):       # (data, metadata) from some front ends' helpers
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/html"], bundle["text/plain"] = static[0], static[1]
        if len(static) > 2 and static[2] is not None:
            bundle["text/markdown"] = static[2]
        return bundle


def render_result(value: Any) -> tuple[str, str]:
    """Turn what an explorer function returns into ``(html, text)``.

    Accepted: a string (shown as preformatted text), an object with
    ``_repr_html_`` (e.g. a pandas-like table), or a matplotlib Figure (shown
    as a PNG; the figure is closed afterwards so it is not shown twice).
    """
    try:
        from matplotlib.figure import Figure
        is_figure = isinstance(value, Figure)
    except ImportError:  # pragma: no cover - matplotlib is a dependency
        is_figure = False
    if is_figure:
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


class Explorer(StaticFallback):
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

    def __init__(self, func: Callable[..., Any], controls: Mapping[str, Any], title: str | None = None) -> None:
        w = ipywidgets()
        _check_explorer(func, controls, title)
        self.func = func
        self.title = title
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

    def values(self) -> dict[str, Any]:
        """The controls' current values."""
        return {k: c.value for k, c in self.controls.items()}

    def compute(self, **values: Any) -> Any:
        """Run the explorer's function with the given values (defaults elsewhere)."""
        return self.func(**{**self.defaults, **values})

    def _update(self, change: Any = None) -> None:
        try:
            html_text, _ = render_result(self.func(**self.values()))
        except ValueError as err:
            # A student can drag a slider into an impossible corner (a joint
            # count above a marginal): show teachkit's message, not a traceback.
            html_text = f'<pre style="color:#a50026">{html.escape(str(err))}</pre>'
        self.result.value = html_text

    def _view(self) -> Any:
        return self.widget

    def _static(self) -> tuple[str, str]:
        result_html, result_text = render_result(self.func(**self.defaults))
        title = self.title or "Explorer"
        settings = [describe_control(name, control) for name, control in self.controls.items()]
        how = ("A saved view: the result below is for these settings. To move the controls, open this notebook "
               "in JupyterLab and run its cells (Run > Run All Cells).")
        page = (f'<div class="teachkit-explorer-static"><p><b>{html.escape(title)}</b></p>'
                f"<p>{html.escape(how)}</p><ul>"
                + "".join(f"<li>{html.escape(line)}</li>" for line in settings)
                + f"</ul>{result_html}</div>")
        text = "\n".join([title, how, *(f"  {line}" for line in settings), result_text])
        return page, text


def describe_control(name: str, control: Any) -> str:
    """One line naming a control, its current value and the values it can take: ``c(x) = 500 (slider, 1 to 5000)``."""
    label = getattr(control, "description", "") or name
    value = control.value
    options = getattr(control, "options", None)
    if options is not None and not hasattr(control, "min"):
        labels = [str(o[0] if isinstance(o, tuple) else o) for o in options]
        current = getattr(control, "label", None) or value
        return f"{label} = {current} (choose one of: {', '.join(labels)})"
    if hasattr(control, "base") and hasattr(control, "min"):
        # a log slider: min, max and step are exponents of its base
        low, high = control.base ** control.min, control.base ** control.max
        return f"{label} = {value:g} (log slider from {low:g} to {high:g})"
    if hasattr(control, "min") and hasattr(control, "max"):
        step = getattr(control, "step", None)
        by = f" in steps of {step:g}" if isinstance(step, (int, float)) and step not in (1, None) else ""
        return f"{label} = {value:g} (slider from {control.min:g} to {control.max:g}{by})" \
            if isinstance(value, (int, float)) and not isinstance(value, bool) else f"{label} = {value}"
    if isinstance(value, bool):
        return f"{label} = {'on' if value else 'off'} (a check box)"
    return f"{label} = {value}"


def _check_explorer(func: Any, controls: Any, title: Any) -> None:
    # the public door's check (explorer and Explorer): a wrong argument is named before any widget is built
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


def explorer(func: Callable[..., Any], title: str | None = None, **controls: Any) -> Explorer:
    """Build an :class:`Explorer`: ``explorer(f, x=IntSlider(...), y=...)``.

    Parameters
    ----------
    func : callable
        ``func(**values)`` of the controls' values; returns a string, an HTML-able object or a Figure.
    title : str, optional
        A line above the controls.
    **controls
        One ipywidgets control per keyword argument of ``func``.

    Returns
    -------
    Explorer
        Shown live in a kernel; its static bundle shows ``func`` at the controls' defaults.
    """
    return Explorer(func, controls, title=title)
