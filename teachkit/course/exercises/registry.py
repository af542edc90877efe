"""The registry of exercises: every ``nbXX.py`` module's ``EXERCISES``, loaded once, by key.

Adding a file ``nbXX.py`` that defines a list ``EXERCISES`` is all it takes to register its exercises: the
modules are found on disk (:func:`modules`) and imported when an exercise is first asked for.
"""

from __future__ import annotations

import importlib
import pathlib
import pkgutil
import re

from ..._checks import short_repr
from .model import KEY_PATTERN, Exercise, Implement

__all__ = ["all_exercises", "get", "modules", "UnknownExerciseError"]

_REGISTRY: dict | None = None


def modules() -> list[str]:
    """Names of the exercise modules (``nb00``, ``nb01``, ...), sorted."""
    found = pkgutil.iter_modules([str(pathlib.Path(__file__).parent)])
    return sorted(m.name for m in found if re.fullmatch(r"nb\d\d[a-z]?", m.name))


def _load() -> dict[str, Exercise | Implement]:
    global _REGISTRY
    if _REGISTRY is None:
        registry = {}
        for name in modules():
            module = importlib.import_module(f"{__package__}.{name}")
            exercises = getattr(module, "EXERCISES", None)
            if not isinstance(exercises, list):
                raise TypeError(f"teachkit.course.exercises.{name} must define EXERCISES, a list of exercises.")
            for ex in exercises:
                if not isinstance(ex, (Exercise, Implement)):
                    raise TypeError(f"teachkit.course.exercises.{name}.EXERCISES holds {ex!r}, not an exercise.")
                prefix, _ = _key_parts(ex.key)
                if f"nb{prefix}" != name:
                    raise ValueError(f"exercise {ex.key} is declared in {name}; its key must start with "
                                     f"'{name[2:]}.', or move it to nb{prefix}.py.")
                if ex.key in registry:
                    raise ValueError(f"exercise key {ex.key} is declared twice; keys must be unique.")
                registry[ex.key] = ex
        _REGISTRY = registry
    return _REGISTRY


def _key_parts(key: str) -> tuple[str, str]:
    """A key's notebook prefix and number ("08b.2" -> "08b", "2"); every exercise checked its key when made."""
    match = KEY_PATTERN.fullmatch(key)
    if match is None:
        raise ValueError(f"key must look like '08.1' (notebook prefix, a dot, a number), got {key!r}.")
    return match.group(1), match.group(2)


def all_exercises() -> list[Exercise | Implement]:
    """Every registered exercise, sorted by notebook then number."""
    def order(ex):
        prefix, n = _key_parts(ex.key)
        return prefix, int(n)

    return sorted(_load().values(), key=order)


def get(key: str) -> Exercise | Implement:
    """The exercise registered under ``key`` (e.g. ``"00.1"``).

    Raises
    ------
    TypeError
        When ``key`` is not a string (None, the number 1).
    UnknownExerciseError
        (a ValueError and a KeyError) with the known keys of the same notebook, when ``key`` is unknown.
    """
    if not isinstance(key, str):
        raise TypeError(f"key must be an exercise key such as '00.1' (a string), got {short_repr(key)}.")
    registry = _load()
    key = key.strip()                   # " 01.1 " as typed names 01.1
    if key not in registry:
        prefix = key.split(".")[0]
        near = sorted(k for k in registry if k.startswith(prefix + ".")) or sorted(registry)[:10]
        raise UnknownExerciseError(f"no exercise {short_repr(key)}; known keys include {', '.join(near)}.")
    return registry[key]


class UnknownExerciseError(ValueError, KeyError):
    """An exercise key that names no exercise: a ValueError for bad input (and a KeyError, as a look-up)."""

    def __str__(self):  # KeyError would otherwise quote the message
        return str(self.args[0])
