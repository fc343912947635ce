"""Handing an absent player's seat to a bot after the game's timeout, and taking it back."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from .helpers import create, error_code, state_of, tokens, wait_until


def takeover(client: TestClient, game_id: str, token: str | None, seat: int, bot: str = "random"):  # type: ignore[no-untyped-def]
    return client.post(f"/api/games/{game_id}/seats/{seat}/takeover", json={"token": token, "bot": bot})


def test_an_absent_seat_goes_to_a_bot_only_after_the_timeout_and_the_bot_then_plays(client: TestClient) -> None:
    g = create(client, ["human", "human", "human"], takeover_after=3)
    toks = tokens(g)
    gid = g["id"]
    assert state_of(client, gid)["current_player"] == 0
    r = takeover(client, gid, toks[1], 0)
    assert r.status_code == 409 and error_code(r) == "takeover_refused" and "after 3 s" in r.json()["error"]["message"]
    assert state_of(client, gid)["seats"][0]["kind"] == "human"
    assert error_code(takeover(client, gid, None, 2)) == "bad_token"  # only players of the game
    assert error_code(takeover(client, gid, toks[0], 0)) == "bad_seat"  # not one's own seat
    assert error_code(takeover(client, gid, toks[1], 7)) == "bad_seat"
    assert error_code(takeover(client, gid, toks[1], 2, bot="wizard")) == "bad_bot"
    # the setting does what it says: the seat to move, away for the timeout, goes to a bot by itself
    wait_until(lambda: state_of(client, gid)["seats"][0]["kind"] == "bot")
    assert state_of(client, gid)["seats"][0] == {
        "seat": 0,
        "kind": "bot",
        "bot": "greedy",
        "bot_words": "Bot, looks one move ahead",
        "connected": True,
        "has_link": True,
        "handed": "away",
    }
    wait_until(lambda: state_of(client, gid)["current_player"] != 0, 30)  # the bot took seat 0's turn
    assert client.app.state.storage.load_actions(gid)[0][1] == 0
    assert error_code(takeover(client, gid, toks[1], 0)) == "takeover_refused"  # already a bot


def test_the_player_takes_the_seat_back_with_their_own_link(client: TestClient) -> None:
    g = create(client, ["human", "human", "human"], takeover_after=1)
    toks = tokens(g)
    time.sleep(1.1)
    # seat 2 is not to move, so the bot does not play before the reclaim
    assert takeover(client, g["id"], toks[0], 2).status_code == 200
    s = state_of(client, g["id"], toks[2])
    assert s["seats"][2]["kind"] == "bot"
    r = client.post(f"/api/games/{g['id']}/reclaim", json={"token": toks[2]})
    assert r.status_code == 200 and r.json()["seat"] == 2
    assert state_of(client, g["id"])["seats"][2]["kind"] == "human"
    assert client.app.state.storage.load_seats(g["id"])[2].kind == "human"
    assert error_code(client.post(f"/api/games/{g['id']}/reclaim", json={"token": "nope"})) == "bad_token"


def test_a_connected_or_recently_seen_seat_cannot_be_taken(client: TestClient) -> None:
    g = create(client, ["human", "human", "human"], takeover_after=1)
    toks = tokens(g)
    time.sleep(1.1)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "hello", "token": toks[2]})
        assert ws.receive_json()["type"] == "state"
        r = takeover(client, g["id"], toks[0], 2)
        assert error_code(r) == "takeover_refused"
    r = takeover(client, g["id"], toks[0], 2)  # just left: seen less than a second ago
    assert error_code(r) == "takeover_refused"


def test_a_game_without_takeovers_refuses_them(client: TestClient) -> None:
    g = create(client, ["human", "human", "human"], takeover_after=0)
    toks = tokens(g)
    r = takeover(client, g["id"], toks[1], 0)
    assert r.status_code == 409 and "does not allow" in r.json()["error"]["message"]
