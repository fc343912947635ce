"""Server test fixtures: a TestClient per storage backend (SQLite always; PostgreSQL when configured)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from firebreak.server import create_app

PG_URL = os.environ.get("FIREBREAK_TEST_POSTGRES_URL")
PG_SKIP = (
    "PostgreSQL tests need FIREBREAK_TEST_POSTGRES_URL (e.g. postgresql://firebreak:firebreak@localhost/firebreak_test)"
)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A fresh database URL for each storage backend the server supports."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    if not PG_URL:
        pytest.skip(PG_SKIP)
    url, drop = postgres_schema(PG_URL)
    request.addfinalizer(drop)
    return url


def postgres_schema(base_url: str) -> tuple[str, Callable[[], None]]:
    """A fresh schema of the test database, so tests (and xdist workers) never see each other's games.

    Returns a URL whose connections use that schema (libpq ``options=-csearch_path=...``) and a function that
    drops it.
    """
    from sqlalchemy import create_engine, text

    name = f"fbtest_{uuid.uuid4().hex[:12]}"
    sa_url = base_url.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = create_engine(sa_url)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{name}"'))
    engine.dispose()

    def drop() -> None:
        eng = create_engine(sa_url)
        with eng.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))
        eng.dispose()

    sep = "&" if "?" in base_url else "?"
    return f"{base_url}{sep}options=-csearch_path%3D{name}", drop


@pytest.fixture
def sqlite_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as c:
        yield c


@pytest.fixture
def sqlite_client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url)) as c:
        yield c


@pytest.fixture(autouse=True, scope="session")
def generous_limits() -> Iterator[None]:
    """Every test plays from one address, faster than people do: lift the limits (tests/server/test_limits.py
    checks them with its own)."""
    from .process import GENEROUS_LIMITS

    saved = {k: os.environ.get(k) for k in GENEROUS_LIMITS}
    os.environ.update(GENEROUS_LIMITS)
    yield
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
