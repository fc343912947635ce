"""Operator limits: a client over one is refused with 429, Retry-After and a sentence, and nothing changes."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from firebreak.server import app as app_module
from firebreak.server import create_app
from firebreak.server.limits import Limits

from .helpers import create, error_code, tokens
from .test_bad_values import reply


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


ADDRESS = "X-Test-Address"
"""A request or socket with this header counts as coming from that address (the test client has only one)."""


@pytest.fixture
def make(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A server with the given limits (the rest as generous as the other tests') and a clock the test moves."""
    clients: list[TestClient] = []
    monkeypatch.setattr(app_module, "client_of", lambda conn: conn.headers.get(ADDRESS) or conn.client.host)

    def build(**limits: Any) -> tuple[TestClient, Clock]:
        base = dict(
            games_per_minute=1000,
            open_games=1000,
            connecting_per_client=1000,
            sockets_per_seat=1000,
            spectator_sockets_per_client=1000,
            spectator_sockets_per_game=1000,
            seeds_with_people=1,
            actions_per_second=1000.0,
            messages_per_second=1000.0,
            state_reads_per_second=1000.0,
            record_reads_per_second=1000.0,
        )
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
    return {
        "game": "great-fire",
        "num_players": len(seats),
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
    }


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
    assert_limited(
        client.post("/api/games", json=body(["human"] * 3)), "this address has 1 unfinished game, the most allowed"
    )


def watch(client: TestClient, game_id: str, address: str = "1.1.1.1", token: str | None = None) -> Any:
    """An open WebSocket on a game from ``address`` that has said whose page it is (enter it to use it)."""
    ws = client.websocket_connect(f"/ws/games/{game_id}", headers={ADDRESS: address})
    ws.__enter__()
    ws.send_json({"type": "hello", "token": token})
    return ws


def assert_refused_after_hello(ws: Any, words: str) -> None:
    """A socket over its seat's or the spectators' limit: told why (with ``retry_after``), then closed 1013."""
    try:
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "rate_limited" and words in err["message"], err
        assert err["retry_after"] >= 1
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1013
    finally:
        ws.__exit__(None, None, None)


def test_sockets_still_connecting_per_client_are_refused_at_the_handshake(make: Any) -> None:
    client, _ = make(connecting_per_client=2)
    g = create(client, ["human"] * 3)
    url = f"/ws/games/{g['id']}"
    with client.websocket_connect(url) as first, client.websocket_connect(url):
        with pytest.raises(WebSocketDenialResponse) as info:
            with client.websocket_connect(url):
                pass
        r = info.value
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert "this address is opening 2 connections at once" in r.json()["error"]["message"]
        first.send_json({"type": "hello"})  # a page that said whose it is no longer counts as connecting
        assert first.receive_json()["type"] == "state"
        with client.websocket_connect(url) as third:
            third.send_json({"type": "hello", "token": tokens(g)[0]})
            assert third.receive_json()["type"] == "state"


def test_spectators_filling_a_game_never_keep_its_players_out(make: Any) -> None:
    """The attack of issue 24: two addresses fill a game with spectators; every seat still connects and plays."""
    client, _ = make(spectator_sockets_per_client=3, spectator_sockets_per_game=6, sockets_per_seat=2)
    g = create(client, ["human"] * 3)
    tok = tokens(g)
    held = []
    for address in ("6.6.6.1", "6.6.6.2"):
        for _ in range(3):
            held.append(watch(client, g["id"], address))
            assert held[-1].receive_json()["type"] == "state"
    try:
        over = watch(client, g["id"], "6.6.6.3")  # a third address: the game's spectators are full
        assert_refused_after_hello(over, "this game has 6 spectator pages open, the most allowed")
        pages, states = [], []
        for seat in (0, 0, 1, 2):  # every seat, seat 0 on two devices, from the attackers' own address too
            pages.append(watch(client, g["id"], "6.6.6.1", tok[seat]))
            states.append(pages[-1].receive_json())
            assert states[-1]["type"] == "state" and states[-1]["viewer"] == seat
        mover = next(i for i, st in enumerate(states) if st["your_turn"])
        pages[mover].send_json(
            {"type": "act", "index": states[mover]["index"], "action": states[mover]["legal"][-1]["id"], "ref": 1}
        )
        while (m := pages[mover].receive_json())["type"] != "ack":  # the player plays
            assert m["type"] != "error", m
        third = watch(client, g["id"], "7.7.7.7", tok[0])  # a seat's own limit: its third page
        assert_refused_after_hello(third, "this seat is open in 2 pages, the most allowed")
        for ws in pages:
            ws.__exit__(None, None, None)
    finally:
        for ws in held:
            ws.__exit__(None, None, None)
    again = watch(client, g["id"], "6.6.6.3")  # closing frees the places
    assert again.receive_json()["type"] == "state"
    again.__exit__(None, None, None)


def test_spectator_sockets_per_client_across_games(make: Any) -> None:
    client, _ = make(spectator_sockets_per_client=2)
    g, other = create(client, ["human"] * 3), create(client, ["human"] * 3)
    a, b = watch(client, g["id"]), watch(client, other["id"])
    assert a.receive_json()["type"] == "state" and b.receive_json()["type"] == "state"
    assert_refused_after_hello(watch(client, other["id"]), "this address watches games in 2 pages, the most allowed")
    elsewhere = watch(client, other["id"], "2.2.2.2")  # another address is not affected
    assert elsewhere.receive_json()["type"] == "state"
    seat = watch(client, g["id"], token=tokens(g)[1])  # nor this address's own seat
    assert seat.receive_json()["viewer"] == 1
    for ws in (a, b, elsewhere, seat):
        ws.__exit__(None, None, None)


def test_actions_per_seat_over_http(make: Any) -> None:
    client, clock = make(actions_per_second=1.0)  # bursts of 4
    g = create(client, ["human"] * 3)
    tok = tokens(g)
    for _ in range(4):  # stale actions still count: the limit is checked before the action is tried
        r = client.post(
            f"/api/games/{g['id']}/actions", json={"index": 9, "action": 0}, headers={"X-Seat-Token": tok[0]}
        )
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
    limits = Limits.from_env(
        {
            "FIREBREAK_GAMES_PER_MINUTE": "7",
            "FIREBREAK_ACTIONS_PER_SECOND": "2.5",
            "FIREBREAK_ARCHIVE_DIR": "/tmp/a",
            "FIREBREAK_OPEN_GAMES": "",
        }
    )
    assert (limits.games_per_minute, limits.actions_per_second, limits.archive_dir) == (7, 2.5, "/tmp/a")
    read = Limits.from_env(
        {
            "FIREBREAK_STATE_READS_PER_SECOND": "3",
            "FIREBREAK_RECORD_READS_PER_SECOND": "0.5",
            "FIREBREAK_UNDOS_PER_TURN": "4",
            "FIREBREAK_HEADER_TIMEOUT": "2.5",
        }
    )
    assert (read.state_reads_per_second, read.record_reads_per_second, read.undos_per_turn, read.header_timeout) == (
        3,
        0.5,
        4,
        2.5,
    )
    with pytest.raises(ValueError, match="header timeout must be more than 0"):
        Limits.from_env({"FIREBREAK_HEADER_TIMEOUT": "0"})
    assert limits.open_games == Limits().open_games
    assert Limits.from_env({"FIREBREAK_KEEP_FINISHED_DAYS": "9"}, keep_finished_days=3).keep_finished_days == 3
    with pytest.raises(ValueError, match="FIREBREAK_SPECTATOR_SOCKETS_PER_GAME must be a number, not 'many'"):
        Limits.from_env({"FIREBREAK_SPECTATOR_SOCKETS_PER_GAME": "many"})
    with pytest.raises(ValueError, match="games per minute must not be negative"):
        Limits.from_env({"FIREBREAK_GAMES_PER_MINUTE": "-1"})
    with pytest.raises(ValueError, match="chat sender share must be more than 0 and at most 1"):
        Limits.from_env({"FIREBREAK_CHAT_SENDER_SHARE": "1.5"})
    with pytest.raises(ValueError, match="seeds with people must be 0 or 1"):
        Limits.from_env({"FIREBREAK_SEEDS_WITH_PEOPLE": "2"})
    assert Limits.from_env({"FIREBREAK_SOCKETS_PER_SEAT": "3"}).sockets_per_seat == 3
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


def test_reads_of_state_per_client(make: Any) -> None:
    client, clock = make(state_reads_per_second=1.0)  # bursts of 4
    g = create(client, ["human"] * 3)
    for _ in range(4):
        assert client.get(f"/api/games/{g['id']}").status_code == 200
    assert_limited(
        client.get(f"/api/games/{g['id']}"),
        "this address is reading games too fast (at most 1 request a second for reads)",
    )
    assert_limited(client.get("/api/games/no-such-game"), "reading games too fast")  # refused before it is looked up
    clock.now += 1
    assert client.get(f"/api/games/{g['id']}").status_code == 200


def test_reads_of_logs_and_replays_per_client(make: Any) -> None:
    client, clock = make(record_reads_per_second=2.0)  # bursts of 20, logs and replay steps together
    g = client.post("/api/games", json=body(["random"] * 3)).json()
    deadline = time.time() + 30
    while not client.get(f"/api/games/{g['id']}").json()["terminal"]:
        assert time.time() < deadline
        time.sleep(0.05)
    for step in range(10):
        assert client.get(f"/api/games/{g['id']}/replay", params={"step": step}).status_code == 200
        assert client.get(f"/api/games/{g['id']}/log").status_code == 200
    retry = assert_limited(
        client.get(f"/api/games/{g['id']}/replay", params={"step": 3}),
        "at most 2 requests a second for replay steps and logs",
    )
    assert retry == 1
    assert_limited(client.get(f"/api/games/{g['id']}/log"), "replay steps and logs")
    assert client.get(f"/api/games/{g['id']}").status_code == 200  # the state has its own allowance
    clock.now += 0.5
    assert client.get(f"/api/games/{g['id']}/log").status_code == 200
