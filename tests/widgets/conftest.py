"""Fixtures of the widget tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from widget_helpers import KEY

from navalkit.tables import Tables


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Tables]:
    """A table service of the test's own, in its folder, with the widget tests' teacher key
    (the pages read it from the environment, as on a server)."""
    monkeypatch.setenv("NAVALKIT_TEACHER_KEY", KEY)
    with Tables(tmp_path / "data", teacher_key=KEY) as service:
        yield service
