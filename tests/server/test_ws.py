"""The WebSocket: live updates to every seat, actions with acknowledgements, and every refusal."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from firebreak.server.app import MAX_MESSAGE

from .helpers import create, state_of, tokens


def recv(sock: Any) -> dict[str, Any]:
    """The next game message (presence notices, type 'seats', are skipped)."""
    while True:
        m = sock.receive_json()
        if m["type"] != "seats":
            return m


def hello(client: TestClient, game_id: str, token: str | None):  # type: ignore[no-untyped-def]
    ws = client.websocket_connect(f"/ws/games/{game_id}")
    sock = ws.__enter__()
    sock.send_json({"type": "hello", "token": token})
    return ws, sock


def test_each_seat_gets_its_state_then_every_move_live(client: TestClient) -> None:
    g = create(client, ["human", "human", "human"])
    toks = tokens(g)
    ctxs = [hello(client, g["id"], toks[s]) for s in range(3)] + [hello(client, g["id"], None)]
    socks = [s for _, s in ctxs]
    try:
        first = [recv(s) for s in socks]
        assert [m["type"] for m in first] == ["state"] * 4
        assert [m["viewer"] for m in first] == [0, 1, 2, None]
        assert first[0]["your_turn"] and first[0]["legal"] and not first[1]["legal"]
        action = first[0]["legal"][0]
        socks[0].send_json({"type": "act", "index": 0, "action": action["id"], "ref": "r1"})
        for s in socks:
            m = recv(s)
            assert m["type"] == "update" and m["index"] == 1
            assert [e["index"] for e in m["entries"]] == [0] and m["entries"][0]["text"] == action["text"]
        assert recv(socks[0]) == {"type": "ack", "index": 0, "ref": "r1"}
        # and an HTTP action reaches the sockets too
        nxt = state_of(client, g["id"], toks[1])
        assert (
            client.post(
                f"/api/games/{g['id']}/actions", json={"index": 1, "action": nxt["legal"][0]["id"], "token": toks[1]}
            ).status_code
            == 200
        )
        for s in socks:
            assert recv(s)["index"] == 2
    finally:
        for ctx, _ in ctxs:
            ctx.__exit__(None, None, None)


def test_websocket_refusals_are_clear_and_change_nothing(client: TestClient) -> None:
    g = create(client, ["human", "human", "human"])
    toks = tokens(g)
    ctx0, s0 = hello(client, g["id"], toks[0])
    ctx1, s1 = hello(client, g["id"], toks[1])
    ctxs, sp = hello(client, g["id"], None)
    try:
        legal = recv(s0)["legal"]
        recv(s1), recv(sp)

        def refused(sock: Any, msg: Any, code: str) -> None:
            if isinstance(msg, str):
                sock.send_text(msg)
            else:
                sock.send_json(msg)
            reply = recv(sock)
            assert reply["type"] == "error" and reply["code"] == code and reply["message"], reply

        refused(s1, {"type": "act", "index": 0, "action": legal[0]["id"]}, "not_your_turn")
        refused(sp, {"type": "act", "index": 0, "action": legal[0]["id"]}, "bad_token")
        refused(s0, {"type": "act", "index": 5, "action": legal[0]["id"]}, "stale_index")
        refused(s0, {"type": "act", "index": 0, "action": "fly to the moon"}, "malformed_action")
        refused(s0, {"type": "act", "index": 0, "action": -1}, "malformed_action")
        refused(s0, "this is not json", "bad_message")
        refused(s0, "[1, 2]", "bad_message")
        refused(s0, {"type": "cheat"}, "bad_message")
        refused(s0, '{"type": "act", "index": 0, "action": 1, "pad": "' + "x" * MAX_MESSAGE + '"}', "too_large")
        s0.send_json({"type": "ping", "ref": 9})
        assert recv(s0) == {"type": "pong", "ref": 9}
        assert client.app.state.storage.load_actions(g["id"]) == []
        assert state_of(client, g["id"])["index"] == 0
        # the connection is still usable after every refusal
        s0.send_json({"type": "act", "index": 0, "action": legal[0]["id"]})
        assert recv(s0)["type"] == "update"
        assert recv(s0)["type"] == "ack"
    finally:
        for c in (ctx0, ctx1, ctxs):
            c.__exit__(None, None, None)


def test_a_bad_token_or_unknown_game_closes_the_socket_with_an_error(client: TestClient) -> None:
    g = create(client, ["human", "random", "random"])
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "hello", "token": "forged"})
        assert ws.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    with client.websocket_connect("/ws/games/nope") as ws:
        assert ws.receive_json()["code"] == "unknown_game"


def test_bots_play_their_turns_on_the_server_and_clients_see_each_move(client: TestClient) -> None:
    g = create(client, ["random", "random", "random"], seed=3)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "hello"})
        seen = -2  # nothing yet, not even the set-up (index -1)
        while True:
            m = ws.receive_json()
            assert m["entries"] == [] or m["entries"][0]["index"] == seen + 1  # no gap, no repeat
            if m["entries"]:
                seen = m["entries"][-1]["index"]
            if m["terminal"]:
                break
        assert m["scores"] and m["winners"] and seen == m["index"] - 1


def test_the_bots_answers_go_out_in_the_update_of_the_move_they_answer(sqlite_client: TestClient) -> None:
    """Bots playing without a delay answer within the update of the move they answer: one update per move of
    the player (built once rather than once per bot move), and it always hands the turn back to the player."""
    client = sqlite_client
    client.app.state.manager.bot_wait = 10.0  # however slow the machine, the bots settle long before
    g = create(client, ["human", "random", "random"], seed=5)
    rng = random.Random(2)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens(g)[0]})

        def next_update() -> dict[str, Any]:
            while True:
                m = ws.receive_json()
                if m["type"] in ("state", "update"):
                    return m

        m = next_update()
        if not m["your_turn"]:  # the bots opened: they answer the set-up
            m = next_update()
        moves = bot_entries = 0
        while not m["terminal"] and moves < 40:
            assert m["your_turn"], m["index"]  # never an update with a bot to move
            ws.send_json({"type": "act", "index": m["index"], "action": rng.choice(m["legal"])["id"]})
            moves += 1
            m = next_update()
            assert m["entries"][0]["index"] == m["index"] - len(m["entries"])  # exactly what came since
            bot_entries += sum(e["seat"] != 0 for e in m["entries"])
    assert moves >= 20 and bot_entries >= 10
