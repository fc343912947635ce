"""``firebreak serve --database``: a plain path is a SQLite file; a bad value is one error line before serving."""

import socket
import sqlite3

import pytest

import firebreak.server.app as server_app

from .helpers import run


@pytest.fixture
def started(monkeypatch):
    """Stand in for the server: record the database URL it would have been started with."""
    calls: list[str] = []
    monkeypatch.setattr(server_app, "serve", lambda host, port, url, **_: calls.append(url))
    monkeypatch.delenv("FIREBREAK_DATABASE_URL", raising=False)
    return calls


def _one_error(result, code) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def test_a_plain_path_is_a_sqlite_file(started, tmp_path):
    path = tmp_path / "games.db"
    result = run(["serve", "--database", path])
    assert result.exit_code == 0, result.output
    assert started == [f"sqlite:///{path}"]
    assert path.exists()  # the first connection made it: the folder is writable


def test_a_relative_path_is_made_absolute(started, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(["serve", "--database", "here.sqlite3"]).exit_code == 0
    assert started == [f"sqlite:///{tmp_path / 'here.sqlite3'}"]


def test_a_sqlite_url_is_used_as_given(started, tmp_path):
    url = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    assert run(["serve", "--database", url]).exit_code == 0
    assert started == [url]


def test_the_environment_variable_is_checked_too(started, tmp_path, monkeypatch):
    monkeypatch.setenv("FIREBREAK_DATABASE_URL", str(tmp_path))
    assert "is a directory" in _one_error(run(["serve"]), 2)
    assert started == []


@pytest.mark.parametrize(
    "value, message",
    [
        ("ftp://example.org/games", "unsupported database 'ftp'"),
        ("mysql://u:p@localhost/games", "unsupported database 'mysql'"),
        ("sqlite://", "needs a SQLite file"),
        ("", "--database is empty"),
        ("/no/such/folder/games.db", "the folder /no/such/folder of the database file"),
    ],
)
def test_values_that_can_never_work_are_usage_errors(started, value, message):
    assert message in _one_error(run(["serve", "--database", value]), 2)
    assert started == []


def test_a_directory_is_refused(started, tmp_path):
    assert "is a directory; --database needs a file" in _one_error(run(["serve", "--database", tmp_path]), 2)
    assert started == []


def test_a_path_under_a_file_is_refused(started, tmp_path):
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    assert "does not exist" in _one_error(run(["serve", "--database", tmp_path / "plain" / "g.db"]), 2)


def test_a_file_that_is_not_a_database_is_refused(started, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("these are my notes, not a database\n" * 100, encoding="utf-8")
    line = _one_error(run(["serve", "--database", path]), 1)
    assert "cannot open the database" in line and "not a database" in line
    assert path.read_text(encoding="utf-8").startswith("these are my notes")


def test_another_programs_database_is_refused(started, tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (title TEXT)")
    line = _one_error(run(["serve", "--database", path]), 1)
    assert "has a table 'games' without its key column id" in line
    assert started == []


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_postgresql_is_one_line_with_the_password_hidden(started):
    url = f"postgresql://firebreak:secret@127.0.0.1:{_closed_port()}/firebreak"
    line = _one_error(run(["serve", "--database", url]), 1)
    assert "cannot open the database postgresql://firebreak:***@127.0.0.1" in line and "secret" not in line
    assert started == []


def test_a_reachable_postgresql_is_accepted(started):
    import os

    url = os.environ.get("FIREBREAK_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("PostgreSQL tests need FIREBREAK_TEST_POSTGRES_URL")
    result = run(["serve", "--database", url.replace("postgresql://", "postgres://", 1)])
    assert result.exit_code == 0, result.output
    assert started == [url]
