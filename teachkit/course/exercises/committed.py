"""Predictions committed in this session, and cells whose result waits for one.

A "predict, then run" question is only worth asking if the result is not on the page before the guess: a
result cell wraps what it shows in :func:`result_of`, and its output appears only once the prediction is
committed (in the answer box, or in code with ``ask(key, answer=...)``).  Until then, and in every saved
notebook executed without a guess, the cell shows a note saying what to do.  The computation itself runs
either way, so later cells can use its variables.
"""

from __future__ import annotations

import html
from types import TracebackType
from typing import Any, Literal, Self

_COMMITTED: set[str] = set()
#: Exercises answered in this session (any kind, right or wrong), as ``(key, variant seed)``: the worked
#: solution of a variant may be shown once that variant has been answered (0: the exercise as written).
_ATTEMPTED: set[tuple[str, int]] = set()


def attempt(key: str, seed: int = 0) -> None:
    """Record that variant ``seed`` of exercise ``key`` has been answered in this kernel (in its box or in
    code)."""
    _ATTEMPTED.add((key, seed))


def has_attempted(key: str, seed: int | None = None) -> bool:
    """True once variant ``seed`` of exercise ``key`` has been answered in this kernel (any variant when
    ``seed`` is None).  The rule is the same for every variant: its solution opens after an answer to it."""
    if seed is None:
        return any(k == key for k, _ in _ATTEMPTED)
    return (key, seed) in _ATTEMPTED


#: The first committed answer of each prediction and variant, ``(key, variant seed) -> Feedback``: it stands.
_FIRST: dict[tuple[str, int], object] = {}


def commit(key: str, seed: int = 0, feedback: object = None) -> None:
    """Record that the prediction ``key`` has been committed to in this kernel (``feedback``: the verdict on
    the guess of variant ``seed``, kept as the one that stands; a later commit does not replace it)."""
    _COMMITTED.add(key)
    _ATTEMPTED.add((key, seed))
    if feedback is not None:
        _FIRST.setdefault((key, seed), feedback)


def first_commit(key: str, seed: int = 0) -> Any:
    """The verdict on the guess first committed to prediction ``key`` (variant ``seed``), or None."""
    return _FIRST.get((key, seed))


def is_committed(key: str) -> bool:
    """True once the prediction ``key`` has been committed to in this kernel (any variant)."""
    return key in _COMMITTED


#: The variant each exercise's question first showed in this kernel, by key: the notebook's own (0, or the
#: student's seed in a class release's stamped copy).  A prediction's result cell computes that question.
_SHOWN: dict[str, int] = {}


def shown(key: str, seed: int = 0) -> None:
    """Record that the question of exercise ``key`` was shown as variant ``seed`` (the first one shown stays)."""
    _SHOWN.setdefault(key, seed)


def committed_as_asked(key: str) -> bool:
    """True once the prediction ``key`` has been committed to for the variant its question shows.

    A guess at other numbers ("Another one", or ``ask(key, seed=...)``) does not open the result of the
    question as asked (reader z25: committing to variant 1 showed variant 0's result, and variant 0 could
    then still be committed to, right, after seeing it)."""
    return is_committed(key) and (key, _SHOWN.get(key, 0)) in _ATTEMPTED


class HeldBack:
    """What a result cell shows before its prediction is committed.

    ``result`` is what the cell would have shown, as notebook outputs (``{"output_type": "stream", ...}`` or
    ``{"output_type": "display_data", ...}``).  It travels in the note's output metadata, which JupyterLab does
    not display, so that the course website (``tools/book.py``), whose reader has no kernel to commit in, can
    show it in a closed fold under the question; the student release drops it (``tools/release.py``).
    """

    def __init__(self, key: str, result: list | None = None, asked: int | None = None):
        self.key = key
        self.result = list(result or [])
        self.asked = asked      # set when another variant was committed to: the variant the question shows

    def _text(self):
        text = (f"Result held back until you commit to prediction {self.key} above (in its box, or "
                f"ask({self.key!r}, answer=...) in code); then run this cell again.")
        if self.asked is not None:
            seed = f", seed={self.asked}" if self.asked else ""
            text += (f" Your guess so far was for other numbers; this result is for the question as the cell "
                     f"above asks it (variant {self.asked}: ask({self.key!r}{seed}, answer=...)).")
        return text

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        bundle = {"text/plain": self._text(),
                  "text/html": f'<div class="teachkit-held-back"><i>{html.escape(self._text())}</i></div>'}
        meta: dict[str, Any] = {"held_back": self.key}
        if self.result:
            meta["result"] = self.result
        return bundle, {"teachkit": meta}

    def __repr__(self):
        return self._text()


class result_of:  # noqa: N801 - used as a statement: ``with result_of("00.4"):``
    """Show what the block prints or displays only once prediction ``key`` is committed.

    Parameters
    ----------
    key : str
        The key of a :class:`~teachkit.course.exercises.Prediction`.

    Examples
    --------
    >>> from teachkit.course.exercises import result_of
    >>> with result_of("00.4"):
    ...     print("observed / expected: 15.00")
    Result held back until you commit to prediction 00.4 above (in its box, or ask('00.4', answer=...) in code); then run this cell again.
    """  # noqa: E501 (a doctest prints its message on one line)

    def __init__(self, key: str) -> None:
        from .model import Prediction
        from .registry import get

        if not isinstance(get(key), Prediction):
            raise ValueError(f"result_of needs the key of a prediction; {key!r} is another kind of exercise.")
        self.key = key

    def __enter__(self) -> Self:
        from IPython.utils.capture import capture_output

        self._capture = capture_output()
        self._captured = self._capture.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> Literal[False]:
        self._capture.__exit__(kind, error, traceback)
        if kind is not None or committed_as_asked(self.key):
            # committed (or the block failed: the student must see the error and what led to it)
            self._captured.show()
            return False
        asked = _SHOWN.get(self.key, 0) if is_committed(self.key) else None
        _display(HeldBack(self.key, _as_outputs(self._captured), asked))
        return False


#: Output kinds a page without a kernel cannot show (a live widget's view); left out of a held-back result.
_LIVE_MIME = ("application/vnd.jupyter.widget-view+json",)


def _as_outputs(captured: Any) -> list[dict]:
    """What a captured block printed and displayed, as notebook outputs (streams first, as ``show`` does)."""
    outputs: list[dict] = []
    for name in ("stdout", "stderr"):
        text = getattr(captured, name)
        if text:
            outputs.append({"output_type": "stream", "name": name, "text": text})
    for shown in captured.outputs:
        data = {mime: value for mime, value in shown.data.items() if mime not in _LIVE_MIME}
        png, page = data.get("image/png"), data.get("text/html")
        if isinstance(png, str) and isinstance(page, str) and f"base64,{png}" in page:
            del data["image/png"]                  # a course figure's <img> holds the same picture (show())
        if data:
            outputs.append({"output_type": "display_data", "data": data, "metadata": dict(shown.metadata or {})})
    return outputs


def _display(obj):
    try:
        from IPython import get_ipython
        from IPython.display import display

        if get_ipython() is not None:
            display(obj)
            return
    except ImportError:  # pragma: no cover - IPython comes with the course
        pass
    print(repr(obj))
