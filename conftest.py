"""Shared by the tests and the package's doctests (pytest finds it at the repository root)."""

import pytest


@pytest.fixture(autouse=True)
def _no_prediction_committed():
    """Each test starts as a fresh kernel does: no prediction committed (see teachkit.course.exercises.committed)."""
    from teachkit.course.exercises import committed

    committed._COMMITTED.clear()
    yield
    committed._COMMITTED.clear()
