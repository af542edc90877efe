"""Exercises of notebook 05b (semantic coherence in practice): notebook 05's steps on new numbers.

They are declared in :mod:`.nb05` (beside the helpers that compute their answers) and asked here under 05b's keys:
notebook 05 was split in two (issue 49), its lesson in 05 and its exercises in 05b.
"""

import dataclasses

from .nb05 import DECLARED

#: 05's key -> 05b's key
RENUMBERED = {"05.3": "05b.1", "05.4": "05b.2", "05.5": "05b.3", "05.7": "05b.4", "05.8": "05b.5"}



def _renumbered(exercise):
    # a question or label with variants is filled in from its data when declared: declare it again from its
    # template, under the new key
    changes = {"key": RENUMBERED[exercise.key]}
    for name in ("question", "label"):
        template = getattr(exercise, f"{name}_template", "")
        if template:
            changes[name] = template
    return dataclasses.replace(exercise, **changes)


EXERCISES = [_renumbered(e) for e in DECLARED if e.key in RENUMBERED]
