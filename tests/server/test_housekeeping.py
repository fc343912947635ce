"""Security headers on every response, the lobby's pages and filters, pruning old finished games, and what
``serve`` says about a database it cannot open."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from firebreak.core import GameRecord, replay
from firebreak.server.app import ServeError, database_url, open_app
from firebreak.server.limits import Limits
from firebreak.server.retention import prune_finished

from .helpers import create, tokens


def finish(client: TestClient, game_id: str) -> None:
    deadline = time.time() + 30
    while not client.get(f"/api/games/{game_id}").json()["terminal"]:
        assert time.time() < deadline
        time.sleep(0.05)


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/play/abc",
        "/replay/abc",
        "/static/lobby.js",
        "/api/catalog",
        "/api/games",
        "/api/games/nope",
        "/openapi.json",
        "/static/nope",
    ],
)
def test_security_headers_on_pages_and_api(client: TestClient, path: str) -> None:
    r = client.get(path)
    csp = r.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "connect-src 'self'" in csp
    assert "unsafe-eval" not in csp and "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    assert r.headers["X-Frame-Options"] == "DENY"
    assert r.headers["Referrer-Policy"] == "no-referrer"
    assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_security_headers_on_refusals(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "x.y"})
    assert r.status_code == 422 and r.headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]


def test_pages_load_nothing_the_policy_refuses(client: TestClient) -> None:
    """No inline script and no script or stylesheet from another origin in any page."""
    for page in ("/", "/play/abc", "/replay/abc"):
        html = client.get(page).text
        for tag in html.split("<script")[1:]:
            assert tag.lstrip().startswith('src="/static/'), tag[:80]
        assert "http://" not in html and "https://" not in html


def test_lobby_pages_and_filters(client: TestClient) -> None:
    ids = [create(client, ["human"] * 3)["id"] for _ in range(4)]
    taken = create(client, ["human", "greedy", "greedy"], seed=3)  # its one human seat is taken below
    client.post(f"/api/games/{taken['id']}/join", json={"token": tokens(taken)[0]})
    ids.append(taken["id"])
    catan = create(client, ["human"] * 3, game="catan")["id"]
    done = create(client, ["random"] * 3)["id"]
    finish(client, done)

    page = client.get("/api/games?limit=3").json()
    assert [g["id"] for g in page["games"]] == [done, catan, ids[4]] and page["more"] is True
    assert (page["offset"], page["limit"]) == (0, 3)
    page2 = client.get("/api/games?limit=3&offset=3").json()
    assert [g["id"] for g in page2["games"]] == [ids[3], ids[2], ids[1]] and page2["more"] is True
    last = client.get("/api/games?limit=3&offset=6").json()
    assert [g["id"] for g in last["games"]] == [ids[0]] and last["more"] is False

    assert [g["id"] for g in client.get("/api/games?game=catan").json()["games"]] == [catan]
    assert [g["id"] for g in client.get("/api/games?game=Catan").json()["games"]] == [catan]
    assert [g["id"] for g in client.get("/api/games?status=finished").json()["games"]] == [done]
    playing = [g["id"] for g in client.get("/api/games?status=playing").json()["games"]]
    assert playing == [catan, *reversed(ids)]
    waiting = [g["id"] for g in client.get("/api/games?status=open").json()["games"]]
    assert waiting == [catan, *reversed(ids[:4])]  # the game whose only human seat is taken is not open
    assert client.get("/api/games?status=finished&game=catan").json()["games"] == []
    assert len(client.get("/api/games").json()["games"]) == 7


def test_old_finished_games_are_pruned_and_archived(client: TestClient, tmp_path: Path) -> None:
    storage = client.app.state.storage
    done = create(client, ["random"] * 3)["id"]
    live = create(client, ["human"] * 3)["id"]
    finish(client, done)
    week = Limits(keep_finished_days=7, archive_dir=str(tmp_path / "archive"))
    assert prune_finished(storage, week, now=time.time() + 6 * 86400) == []  # not old enough yet
    assert prune_finished(storage, week, now=time.time() + 8 * 86400) == [done]
    assert storage.load_game(done) is None and storage.load_actions(done) == [] and storage.load_seats(done) == []
    assert storage.load_game(live) is not None  # unfinished games are never removed
    files = list((tmp_path / "archive").iterdir())
    assert [f.name for f in files] == [f"great-fire-{done}.json"]
    state = replay(GameRecord.from_json(json.loads(files[0].read_text())))
    assert state.is_terminal()
    assert prune_finished(storage, Limits(keep_finished_days=0), now=time.time() + 10**9) == []  # 0 = keep


def test_serve_database_takes_a_path_or_a_url_and_a_bad_one_is_one_line(tmp_path: Path) -> None:
    """The server turns ``--database`` into a URL (the command line calls the same function: one set of
    messages, see tests/cli/test_cli_serve_database.py)."""
    assert database_url(str(tmp_path / "g.sqlite3")) == f"sqlite:///{tmp_path / 'g.sqlite3'}"
    assert database_url("postgresql://u@h/db") == "postgresql://u@h/db"
    assert database_url("postgres://u@h/db") == "postgresql://u@h/db"
    with pytest.raises(ServeError, match="the folder .*nowhere of the database file .* does not exist"):
        database_url(str(tmp_path / "nowhere" / "g.sqlite3"))
    with pytest.raises(ServeError, match="is a directory; --database needs a file"):
        database_url(str(tmp_path))
    with pytest.raises(ServeError) as info:
        open_app("nosuchdriver://x/y", 0.0, Limits())
    assert str(info.value).startswith("unsupported database 'nosuchdriver'") and "\n" not in str(info.value)
    (tmp_path / "notes.txt").write_text("not a database\n" * 100, encoding="utf-8")
    with pytest.raises(ServeError) as info:
        open_app(str(tmp_path / "notes.txt"), 0.0, Limits())
    assert str(info.value).startswith("cannot open the database sqlite:///") and "\n" not in str(info.value)
    app, url = open_app(str(tmp_path / "g.sqlite3"), 0.0, Limits())
    app.state.storage.dispose()
    assert (tmp_path / "g.sqlite3").exists()


def test_firebreak_serve_with_a_bad_limit_prints_one_error_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from firebreak.cli.main import app

    monkeypatch.setenv("FIREBREAK_OPEN_GAMES", "lots")
    result = CliRunner().invoke(app, ["serve", "--port", "8123"])
    assert result.exit_code == 2
    assert result.output.strip() == "error: FIREBREAK_OPEN_GAMES must be a number, not 'lots'"
