"""The table around a game at the API: chat (refusals, limits, stored, replayed, spectators), rematch (new links,
the old link follows), seats anyone may take from the lobby, and the rules help. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from firebreak.core import get_game
from firebreak.core.help import HelpError, check_help
from firebreak.server import create_app
from firebreak.server.limits import Limits

from .helpers import create, error_code, state_of, tokens


def play_out(client: TestClient, game_id: str, seat_tokens: dict[int, str], limit: float = 60) -> dict[str, Any]:
    """Finish a game whose human seats (two or more, ``takeover_after=1``) are away: each hands the next one's seat
    to a random bot, as players do for an absent friend, and the bots play to the end. Returns the last state.

    The server hands an absent player's seat to a bot by itself once ``takeover_after`` has passed, so a seat may
    already be a bot's when its friend asks: that refusal is the outcome asked for."""
    time.sleep(1.1)
    seats = sorted(seat_tokens)
    for i, seat in enumerate(seats):
        other = seats[(i + 1) % len(seats)]
        r = client.post(
            f"/api/games/{game_id}/seats/{other}/takeover",
            json={"bot": "random"},
            headers={"X-Seat-Token": seat_tokens[seat]},
        )
        assert r.status_code == 200 or (r.status_code == 409 and "already played by a bot" in r.text), r.text
    deadline = time.time() + limit
    while not (st := state_of(client, game_id))["terminal"]:
        assert time.time() < deadline, "the game did not finish in time"
        time.sleep(0.05)
    return st


def say(client: TestClient, game_id: str, text: Any, token: str | None = None) -> Any:
    return client.post(
        f"/api/games/{game_id}/chat", json={"text": text}, headers={"X-Seat-Token": token} if token else {}
    )


def until_ack(ws: Any, ref: int) -> list[dict[str, Any]]:
    """The messages a page receives up to and including the ``chat_ack`` of its message ``ref``: all the server
    promises is that the page's own ``chat`` comes before that ack (others may come between; see server/app.py)."""
    got = []
    while True:
        msg = ws.receive_json()
        got.append(msg)
        if msg.get("type") == "chat_ack" and msg.get("ref") == ref:
            return got
        assert msg.get("type") != "error", msg


# ----------------------------------------------------------------------------------------------- chat
def test_players_and_spectators_chat_and_every_page_hears_it(client: TestClient) -> None:
    g = create(client, ["human", "human", "random"])
    t = tokens(g)
    names = state_of(client, g["id"])["names"]
    with client.websocket_connect(f"/ws/games/{g['id']}") as spectator:
        spectator.send_text(json.dumps({"type": "hello", "token": None}))
        assert spectator.receive_json()["type"] == "state"  # (nothing said yet: no chat message follows)
        r = say(client, g["id"], "  hello <b>all</b>\n ", t[0])
        assert r.status_code == 200, r.text
        msg = r.json()["message"]
        assert (msg["seat"], msg["name"], msg["text"], msg["n"]) == (0, names[0], "hello <b>all</b>", 1)
        heard = spectator.receive_json()
        assert heard["type"] == "chat" and heard["messages"][0]["text"] == "hello <b>all</b>"
        assert set(heard["messages"][0]) == {"n", "seat", "name", "text", "at", "time", "note"}  # who said what
        spectator.send_text(json.dumps({"type": "chat", "text": "nice move", "ref": 4}))
        before_ack = until_ack(spectator, 4)
        assert before_ack[-1] == {"type": "chat_ack", "ref": 4, "n": 2}
        heard_n = [m["n"] for msg in before_ack if msg["type"] == "chat" for m in msg["messages"]]
        assert heard_n == [2]  # the spectator's own message reached its page once, before its ack
    said = client.get(f"/api/games/{g['id']}/chat").json()["messages"]
    assert [(m["seat"], m["name"], m["text"]) for m in said] == [
        (0, names[0], "hello <b>all</b>"),
        (None, "Spectator 1", "nice move"),
    ]
    assert [m["n"] for m in client.get(f"/api/games/{g['id']}/chat?after=1").json()["messages"]] == [2]


def test_a_message_whose_notification_comes_before_its_commit_returns_reaches_each_page_once(
    client: TestClient,
) -> None:
    """On PostgreSQL a message's own notification may bring it to this process before its commit returns (the
    flaky failure of the test above): it is sent to the pages then, and not a second time."""
    from firebreak.server import chat

    g = create(client, ["human", "human", "random"])
    t = tokens(g)
    manager = client.app.state.manager
    stored = manager.committer.append_chat

    async def notified_first(item: Any) -> Any:
        row = await stored(item)
        await chat.on_note(manager, g["id"])  # what the listener does with the commit's NOTIFY
        return row

    manager.committer.append_chat = notified_first
    with client.websocket_connect(f"/ws/games/{g['id']}") as page:
        page.send_text(json.dumps({"type": "hello", "token": t[1]}))
        assert page.receive_json()["type"] == "state"
        assert say(client, g["id"], "first", t[0]).status_code == 200
        page.send_text(json.dumps({"type": "chat", "text": "second", "ref": 1}))
        got = until_ack(page, 1)
    assert [m["n"] for msg in got if msg["type"] == "chat" for m in msg["messages"]] == [1, 2]


def test_bad_chat_is_refused_with_a_clear_error_and_nothing_stored(client: TestClient) -> None:
    g = create(client, ["human", "random", "random"])
    t = tokens(g)
    for text, words in (("   ", "empty"), (123, "text"), ("x" * 301, "at most 300 characters")):
        r = say(client, g["id"], text, t[0])
        assert r.status_code == 422 and error_code(r) == "bad_chat" and words in r.json()["error"]["message"]
    r = say(client, g["id"], "hi", "not-a-token")
    assert r.status_code == 403 and error_code(r) == "bad_token"
    assert say(client, "nope", "hi").status_code == 404
    assert client.get(f"/api/games/{g['id']}/chat").json()["messages"] == []


def test_chat_is_rate_limited_per_seat_with_retry_after(sqlite_url: str) -> None:
    limits = Limits.from_env(
        chat_per_minute=6, chat_length=20, chat_per_game=7, chat_sender_share=1, chat_spectator_share=1
    )
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        g = create(client, ["human", "human", "random"])
        t = tokens(g)
        for i in range(5):  # a burst of five, then the pace
            assert say(client, g["id"], f"msg {i}", t[0]).status_code == 200
        r = say(client, g["id"], "one more", t[0])
        assert r.status_code == 429 and error_code(r) == "rate_limited"
        assert int(r.headers["Retry-After"]) >= 1 and "too fast" in r.json()["error"]["message"]
        assert say(client, g["id"], "my turn", t[1]).status_code == 200  # another seat has its own pace
        assert say(client, g["id"], "watching", None).status_code == 200
        r = say(client, g["id"], "full?", t[1])
        assert r.status_code == 409 and error_code(r) == "chat_full"
        assert len(client.get(f"/api/games/{g['id']}/chat").json()["messages"]) == 7


ADDRESS = "X-Test-Address"


@pytest.fixture
def addresses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Requests and sockets with an ``X-Test-Address`` header come from that address (for servers made after)."""
    from firebreak.server import app as app_module

    monkeypatch.setattr(app_module, "client_of", lambda conn: conn.headers.get(ADDRESS) or conn.client.host)


def heard(ws: Any) -> dict[str, Any]:
    """The next message on a page but the seats' comings and goings."""
    while (msg := ws.receive_json())["type"] == "seats":
        pass
    return msg  # type: ignore[no-any-return]


def watcher(client: TestClient, game_id: str, text: str, address: str) -> Any:
    return client.post(f"/api/games/{game_id}/chat", json={"text": text}, headers={ADDRESS: address})


def test_a_spectators_messages_are_paced_per_address_across_all_games(sqlite_url: str, addresses: None) -> None:
    """Issue 24: one address without a seat posted 50 messages in 10 games in a second."""
    limits = Limits.from_env(spectator_chat_per_minute=6)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        games = [create(client, ["human", "random", "random"]) for _ in range(6)]
        for g in games[:5]:  # a burst of five, whatever the games
            assert watcher(client, g["id"], "hello", "9.9.9.9").status_code == 200
        r = watcher(client, games[5]["id"], "hello", "9.9.9.9")
        assert r.status_code == 429 and error_code(r) == "rate_limited" and int(r.headers["Retry-After"]) >= 1
        assert "at most 6 messages a minute as a spectator, all games together" in r.json()["error"]["message"]
        assert watcher(client, games[5]["id"], "hello", "9.9.9.8").status_code == 200  # another address
        assert say(client, games[5]["id"], "hi", tokens(games[5])[0]).status_code == 200  # a seat has its own pace
        assert len(client.get(f"/api/games/{games[5]['id']}/chat").json()["messages"]) == 2


def test_no_sender_can_use_up_a_games_chat(sqlite_url: str, addresses: None) -> None:
    limits = Limits.from_env(
        chat_per_game=8,
        chat_sender_share=0.25,
        chat_spectator_share=0.5,
        chat_per_minute=600,
        spectator_chat_per_minute=600,
    )
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        g = create(client, ["human", "human", "random"])
        t = tokens(g)
        for _ in range(2):
            assert say(client, g["id"], "mine", t[0]).status_code == 200
        r = say(client, g["id"], "more", t[0])
        assert r.status_code == 409 and error_code(r) == "chat_share"
        assert r.json()["error"]["message"] == (
            "you have said 2 messages in this game's chat, the most one person may (the chat keeps 8 messages in all)"
        )
        for address in ("1.0.0.1", "1.0.0.2"):
            for _ in range(2):
                assert watcher(client, g["id"], "watching", address).status_code == 200
        r = watcher(client, g["id"], "again", "1.0.0.1")
        assert r.status_code == 409 and error_code(r) == "chat_share"
        r = watcher(client, g["id"], "me too", "1.0.0.3")  # the spectators together have their share
        assert r.status_code == 409 and "spectators have said 4 messages" in r.json()["error"]["message"]
        assert say(client, g["id"], "still here", t[1]).status_code == 200  # the other player still speaks
        said = client.get(f"/api/games/{g['id']}/chat").json()["messages"]
        assert [m["name"] for m in said if m["seat"] is None] == ["Spectator 1"] * 2 + ["Spectator 2"] * 2
        assert len(said) == 7


def test_players_mute_a_spectator_and_close_the_chat_to_spectators_kept_with_the_game(
    db_url: str, addresses: None
) -> None:
    with TestClient(create_app(db_url)) as client:
        g = create(client, ["human", "human", "random"])
        t = tokens(g)
        names = state_of(client, g["id"])["names"]
        assert watcher(client, g["id"], "boo", "5.5.5.1").status_code == 200
        assert watcher(client, g["id"], "hello", "5.5.5.2").status_code == 200
        with client.websocket_connect(f"/ws/games/{g['id']}") as page:
            page.send_text(json.dumps({"type": "hello", "token": t[1]}))
            assert page.receive_json()["type"] == "state"
            assert heard(page)["type"] == "chat"
            r = client.post(f"/api/games/{g['id']}/chat/mute", json={"n": 1}, headers={"X-Seat-Token": t[0]})
            assert r.status_code == 200, r.text
            assert (r.json()["muted"], r.json()["spectators_closed"]) == (["Spectator 1"], False)
            note = heard(page)
            assert note["type"] == "chat" and note["messages"][0]["note"] is True
            assert note["messages"][0]["text"] == f"{names[0]} muted Spectator 1."
            assert heard(page) == {"type": "chat_rules", "spectators_closed": False, "muted": ["Spectator 1"]}
        r = watcher(client, g["id"], "boo again", "5.5.5.1")
        assert r.status_code == 403 and error_code(r) == "chat_muted"
        assert r.json()["error"]["message"] == "the players have muted you in this game's chat"
        assert watcher(client, g["id"], "fair enough", "5.5.5.2").status_code == 200  # the other spectator speaks
        for bad, code in (({"n": 1}, 403), ({"n": 3}, 422), ({"n": 99}, 422)):  # no seat; a note; no message
            headers = {"X-Seat-Token": t[0]} if code == 422 else {}
            assert client.post(f"/api/games/{g['id']}/chat/mute", json=bad, headers=headers).status_code == code
        r = client.post(f"/api/games/{g['id']}/chat/spectators", json={"open": False}, headers={"X-Seat-Token": t[1]})
        assert r.status_code == 200 and r.json()["spectators_closed"] is True
        r = watcher(client, g["id"], "hello?", "5.5.5.2")
        assert r.status_code == 403 and error_code(r) == "chat_closed"
        assert say(client, g["id"], "peace at last", t[0]).status_code == 200  # the players still chat
        r = client.post(f"/api/games/{g['id']}/chat/spectators", json={"open": False})
        assert r.status_code == 403 and "only the players" in r.json()["error"]["message"]
    with TestClient(create_app(db_url)) as client:  # a restart: the rules are kept with the game
        chat_now = client.get(f"/api/games/{g['id']}/chat").json()
        assert (chat_now["spectators_closed"], chat_now["muted"]) == (True, ["Spectator 1"])
        assert [m["text"] for m in chat_now["messages"] if m["note"]] == [
            f"{names[0]} muted Spectator 1.",
            f"{names[1]} closed the chat to spectators.",
        ]
        with client.websocket_connect(f"/ws/games/{g['id']}") as page:  # a page's greeting carries the rules
            page.send_text(json.dumps({"type": "hello"}))
            assert [page.receive_json()["type"] for _ in range(3)] == ["state", "chat", "chat_rules"]
        assert watcher(client, g["id"], "hello?", "5.5.5.2").status_code == 403
        r = client.post(f"/api/games/{g['id']}/chat/spectators", json={"open": True}, headers={"X-Seat-Token": t[0]})
        assert r.status_code == 200 and r.json()["spectators_closed"] is False
        assert watcher(client, g["id"], "thanks", "5.5.5.2").status_code == 200
        assert watcher(client, g["id"], "and me?", "5.5.5.1").status_code == 403  # still muted
        r = client.post(
            f"/api/games/{g['id']}/chat/mute", json={"n": 1, "muted": False}, headers={"X-Seat-Token": t[0]}
        )
        assert r.status_code == 200 and r.json()["muted"] == []
        assert watcher(client, g["id"], "sorry", "5.5.5.1").status_code == 200
        notes = [m["text"] for m in client.get(f"/api/games/{g['id']}/chat").json()["messages"] if m["note"]]
        assert notes[2:] == [
            f"{names[0]} opened the chat to spectators again.",
            f"{names[0]} let Spectator 1 chat again.",
        ]


@pytest.mark.slow  # plays a whole game (some 10 s)
def test_chat_is_kept_with_the_game_and_shown_in_its_replay_up_to_each_step(client: TestClient) -> None:
    g = create(client, ["human", "human", "random"], takeover_after=1)
    t = tokens(g)
    assert say(client, g["id"], "good luck", t[0]).status_code == 200
    st = play_out(client, g["id"], t)
    assert say(client, g["id"], "good game", t[0]).status_code == 200
    total = st["index"]
    start = client.get(f"/api/games/{g['id']}/replay?step=0").json()
    assert [m["text"] for m in start["chat"]] == ["good luck"]
    end = client.get(f"/api/games/{g['id']}/replay?step={total}").json()
    assert [m["text"] for m in end["chat"]] == ["good luck", "good game"]


def test_a_spectator_who_chats_still_sees_no_hidden_information(client: TestClient) -> None:
    g = create(client, ["human", "human", "random"], options={"hidden_colours": True})
    before = state_of(client, g["id"])
    assert say(client, g["id"], "who is purple?").status_code == 200
    after = state_of(client, g["id"])
    assert after["view"] == before["view"] and after["svg"] == before["svg"]
    seat_view = state_of(client, g["id"], tokens(g)[0])["view"]
    assert after["view"] != seat_view  # the seat sees its own colour, the spectator does not


# ----------------------------------------------------------------------------------------------- open seats
def test_an_open_seat_is_listed_and_taken_once_then_refused(client: TestClient) -> None:
    body = {
        "game": "great-fire",
        "num_players": 3,
        "seed": 7,
        "seats": [{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}],
    }
    g = client.post("/api/games", json=body).json()
    assert [("token" in s, s.get("open", False)) for s in g["seats"]] == [(True, False), (False, True), (False, False)]
    listed = client.get("/api/games?status=joinable").json()["games"]
    assert [(x["id"], x["open_seats"], x["title"]) for x in listed] == [(g["id"], [1], "Great Fire of London 1666")]
    assert listed[0]["names"] == state_of(client, g["id"])["names"]
    r = client.post(f"/api/games/{g['id']}/seats/1/join")
    assert r.status_code == 200, r.text
    joined = r.json()
    assert joined["url"] == f"/play/{g['id']}#seat=1&token={joined['token']}"
    assert state_of(client, g["id"], joined["token"])["viewer"] == 1  # the link works
    r = client.post(f"/api/games/{g['id']}/seats/1/join")
    assert r.status_code == 409 and error_code(r) == "seat_taken" and "took it first" in r.json()["error"]["message"]
    for seat in (0, 2):  # a seat with a link already, a bot's seat
        assert client.post(f"/api/games/{g['id']}/seats/{seat}/join").status_code == 409
    assert client.post(f"/api/games/{g['id']}/seats/9/join").status_code == 422
    assert client.get("/api/games?status=joinable").json()["games"] == []


def test_taking_open_seats_is_limited_per_address(sqlite_url: str) -> None:
    with TestClient(create_app(sqlite_url, limits=Limits.from_env(joins_per_minute=2))) as client:
        body = {"game": "brigade", "num_players": 4, "seats": [{"kind": "open"}] * 4}
        g = client.post("/api/games", json=body).json()
        assert [client.post(f"/api/games/{g['id']}/seats/{s}/join").status_code for s in (0, 1, 2)] == [200, 200, 429]
        r = client.post(f"/api/games/{g['id']}/seats/3/join")
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1


# ----------------------------------------------------------------------------------------------- rematch
@pytest.mark.slow  # plays a whole game (some 10 s)
def test_rematch_same_game_options_and_seats_new_deal_and_links_old_links_follow(client: TestClient) -> None:
    body = {
        "game": "great-fire",
        "num_players": 4,
        "seed": 11,
        "options": {"more_destruction": True},
        "seats": [
            {"kind": "human"},
            {"kind": "human"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "greedy"},
        ],
        "takeover_after": 1,
    }
    g = client.post("/api/games", json=body).json()
    t = tokens(g)
    r = client.post(f"/api/games/{g['id']}/rematch", json={"start": True}, headers={"X-Seat-Token": t[0]})
    assert r.status_code == 409 and error_code(r) == "not_finished"
    play_out(client, g["id"], t, limit=120)
    with client.websocket_connect(f"/ws/games/{g['id']}") as page1:
        page1.send_text(json.dumps({"type": "hello", "token": t[1]}))
        assert page1.receive_json()["type"] == "state"
        assert client.post(
            f"/api/games/{g['id']}/rematch", json={"start": False}, headers={"X-Seat-Token": t[0]}
        ).json() == {"started": False}
        r = client.post(f"/api/games/{g['id']}/rematch", json={"start": True}, headers={"X-Seat-Token": t[0]})
        assert r.status_code == 200, r.text
        mine = r.json()
        new_id = mine["id"]
        while (note := page1.receive_json())["type"] != "rematch":
            pass
        assert note == {"type": "rematch", "game_id": new_id}  # the old game's pages are told
    assert new_id != g["id"] and mine["seat"] == 0 and mine["token"] != t[0]
    new = state_of(client, new_id, mine["token"])
    assert new["viewer"] == 0 and new["game"] == "great-fire" and new["num_players"] == 4
    assert [(s["kind"], s["bot"]) for s in new["seats"]] == [
        ("human", None),
        ("human", None),
        ("bot", "random"),
        ("bot", "greedy"),
    ]
    stored = client.app.state.storage.load_game(new_id)
    assert (
        stored.options == client.app.state.storage.load_game(g["id"]).options
        and stored.options["more_destruction"] is True
    )
    assert stored.seed != 11
    # seat 1's old link leads to its own new link (the same one however often it asks); a second rematch is the same
    theirs = client.post(f"/api/games/{g['id']}/rematch", json={"start": False}, headers={"X-Seat-Token": t[1]}).json()
    again = client.post(f"/api/games/{g['id']}/rematch", json={"start": True}, headers={"X-Seat-Token": t[1]}).json()
    assert theirs == again and theirs["id"] == new_id and theirs["seat"] == 1
    assert theirs["url"] == f"/play/{new_id}#seat=1&token={theirs['token']}"
    assert state_of(client, new_id, theirs["token"])["viewer"] == 1
    assert theirs["token"] not in (t[0], t[1], mine["token"])
    # the old tokens do not open the new game; a spectator gets the page to watch; nobody can take the held seats
    assert client.get(f"/api/games/{new_id}", headers={"X-Seat-Token": t[0]}).status_code == 403
    spectator = client.post(f"/api/games/{g['id']}/rematch", json={"start": True}).json()
    assert spectator == {"started": True, "id": new_id, "seat": None, "url": f"/play/{new_id}"}
    assert client.post(f"/api/games/{new_id}/seats/1/join").status_code == 409


@pytest.mark.slow  # plays a whole game (some 10 s)
def test_only_a_seated_player_starts_a_rematch(client: TestClient) -> None:
    g = create(client, ["human", "human", "random"], takeover_after=1)
    play_out(client, g["id"], tokens(g))
    r = client.post(f"/api/games/{g['id']}/rematch", json={"start": True})
    assert r.status_code == 403 and "only the players" in r.json()["error"]["message"]
    r = client.post(f"/api/games/{g['id']}/rematch", json={"start": True}, headers={"X-Seat-Token": "forged"})
    assert r.status_code == 403 and error_code(r) == "bad_token"


# ----------------------------------------------------------------------------------------------- help
@pytest.mark.parametrize("game", ["great-fire", "brigade", "catan"])
def test_every_game_serves_its_rules_summary_and_legend(client: TestClient, game: str) -> None:
    r = client.get(f"/api/help/{game}")
    assert r.status_code == 200
    h = r.json()
    assert h["title"] == get_game(game).title and len(h["summary"]) > 100
    assert h["sections"] and all(s["points"] for s in h["sections"]) and len(h["legend"]) >= 8
    assert client.get("/api/help/chess").status_code == 404


def test_a_malformed_help_file_is_refused_naming_what_is_wrong() -> None:
    good = {
        "summary": "s",
        "sections": [{"heading": "h", "points": ["p"]}],
        "legend": [{"symbol": "x", "meaning": "m"}],
    }
    assert check_help(good)["legend"] == [{"symbol": "x", "meaning": "m"}]
    for bad, words in (
        ({**good, "extra": 1}, "unknown fields extra"),
        ({**good, "sections": []}, "sections"),
        ({**good, "legend": [{"symbol": "x"}]}, "legend entry 1"),
        ({**good, "summary": ""}, "summary"),
    ):
        with pytest.raises(HelpError, match=words):
            check_help(bad)
