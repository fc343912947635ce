"""Every bad value a client can send is refused with a 4xx and a sentence saying what is wrong (never a 500),
and the refusal changes nothing; every refusal, the framework's own included (an unknown address, a wrong method,
a body that is not JSON), is ``{"error": {"code", "message"}}``, and a WebSocket message gets the same sentences."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from firebreak.server import create_app

from .helpers import create, tokens

BASE = {"game": "great-fire", "num_players": 3, "seats": [{"kind": "human"}] * 3}
CATAN = {"game": "catan", "num_players": 3, "seats": [{"kind": "human"}] * 3}


@pytest.mark.parametrize(
    "body, words",
    [
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
    ],
)
def test_bad_creation_values_are_422_with_a_clear_message(
    client: TestClient, body: dict[str, Any], words: list[str]
) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    message = r.json()["error"]["message"]
    for w in words:
        assert w in message, message
    assert client.get("/api/games").json()["games"] == []


BRIGADE = '{"game": "brigade", "num_players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]'


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
@pytest.mark.parametrize(
    "field, body, words",
    [
        ("seed", BRIGADE + ', "seed": %s}', ["seed: input should be a finite number"]),
        ("takeover_after", BRIGADE + ', "takeover_after": %s}', ["takeover_after: input should be a finite number"]),
        ("num_players", '{"game": "brigade", "num_players": %s}', ["num_players: input should be a finite number"]),
        (
            "clock seconds",
            BRIGADE + ', "clock": {"mode": "turn", "seconds": %s}}',
            ["clock.seconds: input should be a finite number"],
        ),
        (
            "clock increment",
            BRIGADE + ', "clock": {"mode": "total", "seconds": 60, "increment": %s}}',
            ["clock.increment: input should be a finite number"],
        ),
        (
            "an option",
            '{"game": "catan", "num_players": 3, "options": {"turn_limit": %s}}',
            ["option 'turn_limit' expects a whole number, not"],
        ),
    ],
)
def test_numbers_that_are_not_finite_are_422_naming_the_field(
    client: TestClient, number: str, field: str, body: str, words: list[str]
) -> None:
    """JSON as Python reads it allows NaN and infinities (and 1e400 is infinite as a float): never accepted."""
    r = client.post("/api/games", content=body % number, headers={"Content-Type": "application/json"})
    assert r.status_code == 422, (field, r.text)
    for w in words:
        assert w in r.json()["error"]["message"], r.text
    assert client.get("/api/games").json()["games"] == []


def test_the_largest_seed_is_accepted_and_stored(client: TestClient) -> None:
    g = create(client, ["human"] * 3, seed=2**63 - 1)
    assert client.app.state.storage.load_game(g["id"]).seed == 2**63 - 1


@pytest.mark.parametrize(
    "query, words",
    [
        ("seat=1180591620717411303424", ["seat"]),
        ("seat=-1", ["seat -1 is not a seat of this game"]),
        ("step=-1", ["step", "greater than or equal to 0"]),
        ("step=lots", ["step", "integer"]),
    ],
)
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
    r = client.post(
        f"/api/games/{g['id']}/seats/1/takeover", json={"bot": "g" * 500}, headers={"X-Seat-Token": tokens(g)[0]}
    )
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
        words = "messages must be JSON text, not binary frames"
        assert err == {
            "type": "error",
            "code": "bad_message",
            "message": words,
            "error": {"code": "bad_message", "message": words},
        }  # the shape of HTTP's errors, too
        ws.send_json({"type": "ping", "ref": 2})
        assert reply(ws) == {"type": "pong", "ref": 2}


def reply(ws: Any) -> dict[str, Any]:
    """The next message that answers the client (skipping the seat and game updates the server pushes)."""
    while True:
        m = ws.receive_json()
        if m["type"] not in ("seats", "update", "state"):
            return m


def _refused(r: Any, status: int, code: str, words: str) -> None:
    """A refusal in our shape, its sentence holding ``words`` (never the framework's ``{"detail": ...}``)."""
    assert r.status_code == status, r.text
    assert set(r.json()) == {"error"} and r.json()["error"]["code"] == code, r.text
    assert words in r.json()["error"]["message"], r.text


JSON = {"Content-Type": "application/json"}


@pytest.mark.parametrize(
    "body, status, code, words",
    [
        (b"[" * 5000 + b"]" * 5000, 400, "bad_json", "the request body is nested too deeply (more than 16 levels"),
        (b'{"game": "great-fire", "options": ' + b"[" * 20 + b"]" * 20 + b"}", 400, "bad_json", "nested too deeply"),
        (b'{"game": "great-fire\xff\xfe"}', 400, "bad_json", "the request body is not UTF-8 text (byte 21 is not"),
        (b'{"game": "great-fire", "seed', 400, "bad_json", "the request body is not complete JSON"),
        (b'{"game": "great-fire", "seed": 1', 400, "bad_json", "the request body is not complete JSON"),
        (
            b'{"game": "\\ud800great-fire"}',
            400,
            "bad_json",
            "the request body has a lone surrogate (\\ud800), half of a",
        ),
        (
            b'{"game": "great-fire"} and more',
            400,
            "bad_json",
            "the request body is not valid JSON: extra data at character 24",
        ),
        (b'{"game": "great-fire", "seed": 1' + b"0" * 200 + b"}", 400, "bad_json", "a whole number of 201 digits"),
        (
            b'{"game": "great-fire", "seed": 1180591620717411303424}',
            422,
            "bad_request",
            "seed: input should be less than or equal to 9223372036854775807",
        ),
        (b"", 422, "bad_request", "the request needs a JSON object as its body"),
        (b'["great-fire"]', 422, "bad_request", "the request body must be a JSON object"),
    ],
)
def test_a_malformed_body_is_refused_with_what_is_wrong(
    client: TestClient, body: bytes, status: int, code: str, words: str
) -> None:
    _refused(client.post("/api/games", content=body, headers=JSON), status, code, words)
    assert client.get("/api/games").json()["games"] == []


def test_a_body_of_another_type_is_415(client: TestClient) -> None:
    r = client.post("/api/games", content=b'{"game": "great-fire"}', headers={"Content-Type": "text/plain"})
    _refused(
        r,
        415,
        "unsupported_media_type",
        "the request body must be JSON, sent as Content-Type: application/json (not text/plain)",
    )


def test_unknown_addresses_and_wrong_methods_are_answered_in_our_shape(client: TestClient) -> None:
    _refused(client.get("/api/nothing-here"), 404, "not_found", "there is nothing at /api/nothing-here on this server")
    _refused(client.get("/static/nothing.js"), 404, "not_found", "no such file")
    r = client.delete("/api/catalog")
    _refused(r, 405, "method_not_allowed", "/api/catalog does not take DELETE requests; it takes GET")
    assert r.headers["Allow"] == "GET"
    _refused(client.get("/api/games/abc/actions"), 405, "method_not_allowed", "it takes POST")
    with pytest.raises(WebSocketDenialResponse) as info:  # a WebSocket to no route: 404 at the handshake
        with client.websocket_connect("/ws/nowhere"):
            pass
    _refused(info.value, 404, "not_found", "there is no live game connection at /ws/nowhere")


def test_a_failure_inside_the_server_is_a_500_in_our_shape(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url), raise_server_exceptions=False) as client:

        def broken(game_id: str) -> None:
            raise RuntimeError("a bug")

        client.app.state.manager.get = broken  # type: ignore[method-assign]
        r = client.get("/api/games/abc")
        _refused(r, 500, "server_error", "the server failed to answer this request")
        assert "a bug" not in r.text


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"type": "ping", "ref": "\\ud800"}', "the message has a lone surrogate (\\ud800), half of a character"),
        (
            '{"type": "act", "index": 1180591620717411303424, "action": 0}',
            "the message has the number 1180591620717411303424, out of range: whole numbers must lie between "
            "-9223372036854775808 and 9223372036854775807",
        ),
        ('{"type": "act", "index": 0, "action": NaN}', "the message has NaN, which is not a number JSON allows"),
        ('{"type": "ping", "ref": ' + "[" * 40 + "]" * 40 + "}", "the message is nested too deeply"),
        ('{"type": "ping", "ref": 1', "the message is not complete JSON"),
        ('{"type" "ping"}', "the message is not valid JSON: expecting ':' delimiter at character 9"),
        ("", "the message is empty; it must be a JSON object"),
        ('["ping"]', "messages must be JSON objects"),
    ],
)
def test_a_malformed_websocket_message_gets_its_own_sentence_and_the_socket_keeps_working(
    client: TestClient, text: str, words: str
) -> None:
    g = create(client, ["human"] * 3)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens(g)[0]})
        assert ws.receive_json()["type"] == "state"
        ws.send_text(text)
        err = reply(ws)
        assert err["type"] == "error" and err["code"] == "bad_message" and words in err["message"], err
        assert err["error"] == {"code": "bad_message", "message": err["message"]}
        ws.send_json({"type": "ping", "ref": 2})
        assert reply(ws) == {"type": "pong", "ref": 2}
    assert client.app.state.manager.games[g["id"]].state.history == []


def test_a_malformed_first_message_is_answered_before_the_socket_closes(client: TestClient) -> None:
    g = create(client, ["human"] * 3)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_text('{"type": "hello", "token": "\\udc00"}')
        err = ws.receive_json()
        assert err["error"]["code"] == "bad_message" and "the first message has a lone surrogate" in err["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_a_long_unknown_address_is_not_repeated_whole(client: TestClient) -> None:
    r = client.get("/api/" + "x" * 5000)
    _refused(r, 404, "not_found", "there is nothing at /api/xxx")
    assert len(r.json()["error"]["message"]) < 200
