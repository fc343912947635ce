"""The browser tests share one fixture: a real server process on a fresh SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest
from server.process import ServerProcess


@pytest.fixture
def server(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A ``firebreak serve`` subprocess with quick bots, stopped after the test."""
    s = ServerProcess(f"sqlite:///{tmp_path / 'games.sqlite3'}", bot_delay=0.02)
    yield s
    s.stop()
