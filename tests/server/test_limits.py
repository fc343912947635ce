"""Operator limits: a client over one is refused with 429, Retry-After and a sentence, and nothing changes."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse

from firebreak.server import create_app
from firebreak.server.limits import Limits

from .helpers import create, error_code, tokens
from .test_bad_values import reply


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def make(sqlite_url: str) -> Iterator[Any]:
    """A server with the given limits (the rest as generous as the other tests') and a clock the test moves."""
    clients: list[TestClient] = []

    def build(**limits: Any) -> tuple[TestClient, Clock]:
        base = dict(games_per_minute=1000, open_games=1000, sockets_per_client=1000, sockets_per_game=1000,
                    actions_per_second=1000.0, messages_per_second=1000.0)
        c = TestClient(create_app(sqlite_url, limits=Limits(**(base | limits))))
        c.__enter__()
        clients.append(c)
        clock = Clock()
        c.app.state.limiter.clock = clock
        return c, clock

    yield build
    for c in clients:
        c.__exit__(None, None, None)


def assert_limited(r: Any, words: str) -> int:
    assert r.status_code == 429, r.text
    assert error_code(r) == "rate_limited" and words in r.json()["error"]["message"]
    retry = int(r.headers["Retry-After"])
    assert retry >= 1 and r.json()["error"]["retry_after"] == retry
    return retry


def body(seats: list[str]) -> dict[str, Any]:
    return {"game": "great-fire", "num_players": len(seats),
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]}


def test_games_created_per_minute(make: Any) -> None:
    client, clock = make(games_per_minute=3)
    assert client.post("/api/games", json=body(["human"] * 4) | {"game": "chess"}).status_code == 422  # not counted
    for _ in range(3):
        assert client.post("/api/games", json=body(["human"] * 3)).status_code == 201
    clock.now += 20
    retry = assert_limited(client.post("/api/games", json=body(["human"] * 3)), "created 3 games in the last minute")
    assert retry == 40
    assert len(client.get("/api/games").json()["games"]) == 3
    clock.now += 41
    assert client.post("/api/games", json=body(["human"] * 3)).status_code == 201


def test_open_games_per_client_count_only_unfinished_ones(make: Any) -> None:
    client, _ = make(open_games=1)
    g = client.post("/api/games", json=body(["random"] * 3)).json()  # bots only: it finishes by itself
    deadline = time.time() + 30
    while not client.get(f"/api/games/{g['id']}").json()["terminal"]:
        assert time.time() < deadline
        time.sleep(0.05)
    assert client.post("/api/games", json=body(["human"] * 3)).status_code == 201
    assert_limited(client.post("/api/games", json=body(["human"] * 3)), "this address has 1 unfinished game, the most allowed")


def test_sockets_per_client(make: Any) -> None:
    client, _ = make(sockets_per_client=2)
    g = create(client, ["human"] * 3)
    url = f"/ws/games/{g['id']}"
    with client.websocket_connect(url), client.websocket_connect(url) as second:
        with pytest.raises(WebSocketDenialResponse) as info:
            with client.websocket_connect(url):
                pass
        r = info.value
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert "this address has 2 connections open" in r.json()["error"]["message"]
        second.close()
    with client.websocket_connect(url) as ws:  # closing frees the place
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "state"


def test_sockets_per_game(make: Any) -> None:
    client, _ = make(sockets_per_game=2)
    g, other = create(client, ["human"] * 3), create(client, ["human"] * 3)
    url = f"/ws/games/{g['id']}"
    with client.websocket_connect(url), client.websocket_connect(url):
        with pytest.raises(WebSocketDenialResponse) as info:
            with client.websocket_connect(url):
                pass
        assert info.value.status_code == 429 and "this game has 2 viewers" in info.value.json()["error"]["message"]
        with client.websocket_connect(f"/ws/games/{other['id']}") as ws:  # another game is not affected
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["type"] == "state"


def test_actions_per_seat_over_http(make: Any) -> None:
    client, clock = make(actions_per_second=1.0)  # bursts of 4
    g = create(client, ["human"] * 3)
    tok = tokens(g)
    for _ in range(4):  # stale actions still count: the limit is checked before the action is tried
        r = client.post(f"/api/games/{g['id']}/actions", json={"index": 9, "action": 0}, headers={"X-Seat-Token": tok[0]})
        assert r.status_code == 409
    r = client.post(f"/api/games/{g['id']}/actions", json={"index": 0, "action": 0}, headers={"X-Seat-Token": tok[0]})
    assert_limited(r, "seat 0 is acting too fast")
    assert client.app.state.manager.games[g["id"]].state.history == []
    r = client.post(f"/api/games/{g['id']}/actions", json={"index": 9, "action": 0}, headers={"X-Seat-Token": tok[1]})
    assert r.status_code == 409  # another seat has its own allowance
    clock.now += 1
    r = client.post(f"/api/games/{g['id']}/actions", json={"index": 9, "action": 0}, headers={"X-Seat-Token": tok[0]})
    assert r.status_code == 409


def test_actions_per_seat_over_the_websocket_share_the_allowance(make: Any) -> None:
    client, clock = make(actions_per_second=1.0)
    g = create(client, ["human"] * 3)
    tok = tokens(g)[0]
    for _ in range(3):
        client.post(f"/api/games/{g['id']}/actions", json={"index": 9, "action": 0}, headers={"X-Seat-Token": tok})
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "hello", "token": tok})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "act", "index": 9, "action": 0, "ref": 1})
        assert reply(ws)["code"] == "stale_index"
        ws.send_json({"type": "act", "index": 0, "action": 0, "ref": 2})
        err = reply(ws)
        assert err["code"] == "rate_limited" and err["ref"] == 2 and err["retry_after"] >= 1
        ws.send_json({"type": "ping", "ref": 3})  # the socket stays usable
        assert reply(ws) == {"type": "pong", "ref": 3}
    assert client.app.state.manager.games[g["id"]].state.history == []


def test_messages_per_socket(make: Any) -> None:
    client, clock = make(messages_per_second=1.0)  # bursts of 2
    g = create(client, ["human"] * 3)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "state"
        for ref in (1, 2):
            ws.send_json({"type": "ping", "ref": ref})
            assert reply(ws) == {"type": "pong", "ref": ref}
        ws.send_json({"type": "ping", "ref": 3})
        err = reply(ws)
        assert err["code"] == "rate_limited" and "too many messages" in err["message"]
        clock.now += 1
        ws.send_json({"type": "ping", "ref": 4})
        assert reply(ws) == {"type": "pong", "ref": 4}


def test_limits_come_from_the_environment() -> None:
    limits = Limits.from_env({"FIREBREAK_GAMES_PER_MINUTE": "7", "FIREBREAK_ACTIONS_PER_SECOND": "2.5",
                              "FIREBREAK_ARCHIVE_DIR": "/tmp/a", "FIREBREAK_OPEN_GAMES": ""})
    assert (limits.games_per_minute, limits.actions_per_second, limits.archive_dir) == (7, 2.5, "/tmp/a")
    assert limits.open_games == Limits().open_games
    assert Limits.from_env({"FIREBREAK_KEEP_FINISHED_DAYS": "9"}, keep_finished_days=3).keep_finished_days == 3
    with pytest.raises(ValueError, match="FIREBREAK_SOCKETS_PER_GAME must be a number, not 'many'"):
        Limits.from_env({"FIREBREAK_SOCKETS_PER_GAME": "many"})
    with pytest.raises(ValueError, match="games per minute must not be negative"):
        Limits.from_env({"FIREBREAK_GAMES_PER_MINUTE": "-1"})
    with pytest.raises(ValueError, match="FIREBREAK_ACTIONS_PER_SECOND must be a number, not 'nan'"):
        Limits.from_env({"FIREBREAK_ACTIONS_PER_SECOND": "nan"})
    with pytest.raises(ValueError, match="keep finished days must be a finite number, not nan"):
        Limits.from_env({}, keep_finished_days=float("nan"))  # as `firebreak serve --keep-finished-days nan` gives


def test_bot_worker_settings_must_be_finite_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    from firebreak.server.bots import default_move_seconds, default_workers

    for raw in ("nan", "inf", "0", "-3"):
        monkeypatch.setenv("FIREBREAK_BOT_MOVE_SECONDS", raw)
        with pytest.raises(ValueError, match="FIREBREAK_BOT_MOVE_SECONDS must be a finite number of at least 0.1"):
            default_move_seconds()
    monkeypatch.setenv("FIREBREAK_BOT_MOVE_SECONDS", "2.5")
    assert default_move_seconds() == 2.5
    monkeypatch.setenv("FIREBREAK_BOT_WORKERS", "0")
    with pytest.raises(ValueError, match="FIREBREAK_BOT_WORKERS must be a whole number of at least 1, not '0'"):
        default_workers()
