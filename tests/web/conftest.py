"""The browser tests share one fixture: a real server process on a fresh SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_e2e import Server


@pytest.fixture
def server(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A ``firebreak`` server subprocess, stopped after the test."""
    s = Server(tmp_path / "games.sqlite3")
    yield s
    s.stop()
