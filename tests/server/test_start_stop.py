"""A server opens its port at once however many games are unfinished (they load when asked for, their bots come
back in the background), and a real server process stops within seconds of SIGTERM while bots are thinking, with
every acknowledged action kept."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert

from firebreak.server import create_app
from firebreak.server.storage import Storage, games_table, seats_table

from .process import ServerProcess


def test_startup_with_thousands_of_unfinished_games_opens_the_port_at_once(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    storage = Storage(f"sqlite:///{db}")
    now = time.time()
    waiting = [f"w{i:05d}" for i in range(3000)]  # a person to move first, two bots after
    playing = [f"b{i}" for i in range(5)]  # bots only, the oldest: they must play on soon after the start
    with storage.engine.begin() as conn:
        conn.execute(
            insert(games_table),
            [
                {
                    "id": g,
                    "game": "great-fire",
                    "num_players": 3,
                    "options": {},
                    "seed": i,
                    "created_at": now + i,
                    "takeover_after": 120,
                    "num_actions": 0,
                    "finished": False,
                }
                for i, g in enumerate(playing + waiting)
            ],
        )
        conn.execute(
            insert(seats_table),
            [
                {
                    "game_id": g,
                    "seat": s,
                    "kind": "human" if g in waiting and s == 0 else "bot",
                    "bot": None if g in waiting and s == 0 else "random",
                    "token_hash": None,
                    "last_seen": None,
                }
                for g in waiting + playing
                for s in range(3)
            ],
        )
    storage.dispose()

    app = create_app(f"sqlite:///{db}", bot_delay=0.05)
    start = time.perf_counter()
    with TestClient(app) as client:  # the server's start: its port opens when this returns
        opened = time.perf_counter() - start
        assert opened < 1.0, opened  # replaying the 3000 games first took 10 s and more
        t = time.perf_counter()
        assert client.get("/api/catalog").status_code == 200
        r = client.get(f"/api/games/{waiting[-1]}")
        assert r.status_code == 200 and r.json()["index"] == 0
        assert time.perf_counter() - t < 1.0  # answered at once; a game loads on its first access
        end = time.time() + 60
        while time.time() < end:
            moved = [client.get(f"/api/games/{g}").json()["index"] for g in playing]
            if all(m > 0 for m in moved):
                break
            time.sleep(0.3)
        assert all(m > 0 for m in moved), moved  # the bots came back by themselves


def test_sigterm_with_bots_thinking_stops_within_seconds_and_keeps_every_acknowledged_action(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "games.sqlite3"
    monkeypatch.setenv("FIREBREAK_BOT_LIMITS", "mcts.seconds=60")  # an operator allowing long searches
    server = ServerProcess(f"sqlite:///{db}", output=tmp_path / "server.log")
    try:
        searching = []
        for _ in range(3):  # searches of a minute each, thinking when the signal comes
            r = httpx.post(
                server.base + "/api/games",
                json={
                    "game": "brigade",
                    "num_players": 2,
                    "seats": [{"kind": "bot", "bot": "mcts:iterations=0,seconds=60"}] * 2,
                },
            )
            assert r.status_code == 201
            searching.append(r.json()["id"])
        g = httpx.post(
            server.base + "/api/games",
            json={"game": "great-fire", "num_players": 3, "seed": 4, "seats": [{"kind": "human"}] * 3},
        ).json()
        toks = {s["seat"]: s["token"] for s in g["seats"]}
        acked = 0
        for _ in range(10):
            s = httpx.get(f"{server.base}/api/games/{g['id']}").json()
            if s["terminal"]:
                break
            seat = s["current_player"]
            mine = httpx.get(f"{server.base}/api/games/{g['id']}", headers={"X-Seat-Token": toks[seat]}).json()
            r = httpx.post(
                f"{server.base}/api/games/{g['id']}/actions",
                headers={"X-Seat-Token": toks[seat]},
                json={"index": mine["index"], "action": mine["legal"][-1]["id"]},
            )
            assert r.status_code == 200
            acked = r.json()["index"] + 1
        time.sleep(1.0)  # the searches are under way, and their games can be read meanwhile
        for gid in searching:
            assert httpx.get(f"{server.base}/api/games/{gid}", timeout=2).json()["index"] == 0
        start = time.perf_counter()
        server.proc.terminate()
        server.proc.wait(timeout=15)
        assert time.perf_counter() - start < 5.0
    finally:
        server.stop()
    again = ServerProcess(f"sqlite:///{db}", output=tmp_path / "server-2.log")
    try:
        assert httpx.get(f"{again.base}/api/games/{g['id']}").json()["index"] == acked == 10
    finally:
        again.stop()


def test_a_connection_that_never_finishes_its_headers_is_closed_after_the_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Against a real ``firebreak serve`` process: connections holding half a request, or nothing, are closed
    once the header timeout passes (half a request answered 408 in our shape); whole requests are served."""
    monkeypatch.setenv("FIREBREAK_HEADER_TIMEOUT", "3")  # (long enough that each half request is in before it)
    server = ServerProcess(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        half = [socket.create_connection(("127.0.0.1", server.port), timeout=30) for _ in range(20)]
        for s in half:
            s.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        silent = [socket.create_connection(("127.0.0.1", server.port), timeout=30) for _ in range(20)]
        assert httpx.get(server.base + "/api/catalog", timeout=30).status_code == 200  # others are served
        for s in half:
            answer = _read_to_close(s)
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 408 ")
            assert json.loads(body)["error"] == {
                "code": "request_timeout",
                "message": "the request's headers did not arrive within 3 s, so the "
                "connection is closed; send the whole request at once",
            }
        for s in silent:
            assert _read_to_close(s) == b""  # closed without a word: it asked nothing
    finally:
        server.stop()


def _read_to_close(s: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a socket timeout fails the test)."""
    out = b""
    with s:
        while chunk := s.recv(65536):
            out += chunk
    return out
