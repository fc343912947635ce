"""Every bad value a client can send is refused with a 4xx and a sentence saying what is wrong (never a 500),
and the refusal changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from .helpers import create, tokens

BASE = {"game": "great-fire", "num_players": 3, "seats": [{"kind": "human"}] * 3}
CATAN = {"game": "catan", "num_players": 3, "seats": [{"kind": "human"}] * 3}


@pytest.mark.parametrize("body, words", [
    (BASE | {"seed": -1}, ["seed", "greater than or equal to 0"]),
    (BASE | {"seed": 2**63}, ["seed", "less than or equal to 9223372036854775807"]),
    (BASE | {"seed": 2**64}, ["seed", "less than or equal to 9223372036854775807"]),
    (BASE | {"seed": 10**30}, ["seed"]),
    (BASE | {"seed": "lucky"}, ["seed", "integer"]),
    (BASE | {"takeover_after": 2**70}, ["takeover_after", "less than or equal to 604800"]),
    (BASE | {"takeover_after": -1}, ["takeover_after", "greater than or equal to 0"]),
    (BASE | {"num_players": 2**70}, ["num_players"]),
    (CATAN | {"options": {"turn_limit": -5}}, ["option 'turn_limit' must be between 0 and 100000, not -5"]),
    (CATAN | {"options": {"offers_per_turn": -3}}, ["option 'offers_per_turn' must be between 0 and 20, not -3"]),
    (CATAN | {"options": {"turn_limit": 2**70}}, ["option 'turn_limit' must be between 0 and 100000"]),
    (BASE | {"game": "x.y"}, ["unknown game 'x.y'", "great-fire"]),
    (BASE | {"game": ".catan"}, ["unknown game '.catan'"]),
    (BASE | {"game": "../../etc/passwd"}, ["unknown game '../../etc/passwd'"]),
    (BASE | {"game": "g" * 65}, ["game", "at most 64 characters"]),
    (BASE | {"seats": [{"kind": "bot", "bot": "r" * 201}] * 3}, ["bot", "at most 200 characters"]),
])
def test_bad_creation_values_are_422_with_a_clear_message(client: TestClient, body: dict[str, Any],
                                                          words: list[str]) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    message = r.json()["error"]["message"]
    for w in words:
        assert w in message, message
    assert client.get("/api/games").json()["games"] == []


BRIGADE = '{"game": "brigade", "num_players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]'


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
@pytest.mark.parametrize("field, body, words", [
    ("seed", BRIGADE + ', "seed": %s}', ["seed: input should be a finite number"]),
    ("takeover_after", BRIGADE + ', "takeover_after": %s}', ["takeover_after: input should be a finite number"]),
    ("num_players", '{"game": "brigade", "num_players": %s}', ["num_players: input should be a finite number"]),
    ("clock seconds", BRIGADE + ', "clock": {"mode": "turn", "seconds": %s}}',
     ["clock.seconds: input should be a finite number"]),
    ("clock increment", BRIGADE + ', "clock": {"mode": "total", "seconds": 60, "increment": %s}}',
     ["clock.increment: input should be a finite number"]),
    ("an option", '{"game": "catan", "num_players": 3, "options": {"turn_limit": %s}}',
     ["option 'turn_limit' expects a whole number, not"]),
])
def test_numbers_that_are_not_finite_are_422_naming_the_field(client: TestClient, number: str, field: str,
                                                               body: str, words: list[str]) -> None:
    """JSON as Python reads it allows NaN and infinities (and 1e400 is infinite as a float): never accepted."""
    r = client.post("/api/games", content=body % number, headers={"Content-Type": "application/json"})
    assert r.status_code == 422, (field, r.text)
    for w in words:
        assert w in r.json()["error"]["message"], r.text
    assert client.get("/api/games").json()["games"] == []


def test_the_largest_seed_is_accepted_and_stored(client: TestClient) -> None:
    g = create(client, ["human"] * 3, seed=2**63 - 1)
    assert client.app.state.storage.load_game(g["id"]).seed == 2**63 - 1


@pytest.mark.parametrize("query, words", [
    ("seat=1180591620717411303424", ["seat"]),
    ("seat=-1", ["seat -1 is not a seat of this game"]),
    ("step=-1", ["step", "greater than or equal to 0"]),
    ("step=lots", ["step", "integer"]),
])
def test_bad_replay_queries_are_422(client: TestClient, query: str, words: list[str]) -> None:
    g = create(client, ["random"] * 3)
    for _ in range(200):
        if client.get(f"/api/games/{g['id']}").json()["terminal"]:
            break
        import time

        time.sleep(0.05)
    r = client.get(f"/api/games/{g['id']}/replay?{query}")
    assert r.status_code == 422, r.text
    for w in words:
        assert w in r.json()["error"]["message"]


def test_takeover_with_a_too_long_bot_spec_is_422(client: TestClient) -> None:
    g = create(client, ["human"] * 3)
    r = client.post(f"/api/games/{g['id']}/seats/1/takeover", json={"bot": "g" * 500},
                    headers={"X-Seat-Token": tokens(g)[0]})
    assert r.status_code == 422 and "at most 200 characters" in r.json()["error"]["message"]


@pytest.mark.parametrize("query", ["limit=0", "limit=201", "offset=-1", "status=lost", "game=../../etc/passwd"])
def test_bad_lobby_queries_are_422(client: TestClient, query: str) -> None:
    r = client.get(f"/api/games?{query}")
    assert r.status_code == 422, r.text
    assert r.json()["error"]["message"]


def test_a_binary_frame_gets_an_error_and_the_socket_keeps_working(client: TestClient) -> None:
    g = create(client, ["human"] * 3)
    tok = tokens(g)[0]
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_bytes(b"\x00\x01binary")  # before the hello: answered, and the hello may still come
        err = ws.receive_json()
        assert err["type"] == "error" and "binary" in err["message"]
        ws.send_json({"type": "hello", "token": tok})
        assert ws.receive_json()["type"] == "state"
        ws.send_bytes(b'{"type": "ping", "ref": 1}')
        err = reply(ws)
        assert err == {"type": "error", "code": "bad_message", "message": "messages must be JSON text, not binary frames"}
        ws.send_json({"type": "ping", "ref": 2})
        assert reply(ws) == {"type": "pong", "ref": 2}


def reply(ws: Any) -> dict[str, Any]:
    """The next message that answers the client (skipping the seat and game updates the server pushes)."""
    while True:
        m = ws.receive_json()
        if m["type"] not in ("seats", "update", "state"):
            return m
