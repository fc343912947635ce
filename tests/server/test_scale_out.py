"""Scale-out: two server processes share one PostgreSQL database; a move made through one reaches the clients
of the other at once (LISTEN/NOTIFY), and a race between them still lets exactly one action win."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from .conftest import PG_SKIP, PG_URL, postgres_schema
from .process import ServerProcess

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not PG_URL, reason=PG_SKIP)]


@pytest.fixture
def two_servers():  # type: ignore[no-untyped-def]
    assert PG_URL
    url, drop = postgres_schema(PG_URL)
    a, b = ServerProcess(url), ServerProcess(url)
    yield a, b
    a.stop()
    b.stop()
    drop()


def next_game_message(ws: Any, timeout: float = 10.0) -> dict[str, Any]:
    while True:
        m = json.loads(ws.recv(timeout=timeout))
        if m["type"] != "seats":
            return m


def test_a_move_through_one_process_reaches_clients_of_the_other(two_servers) -> None:  # type: ignore[no-untyped-def]
    from websockets.sync.client import connect

    a, b = two_servers
    g = httpx.post(
        a.base + "/api/games",
        json={"game": "great-fire", "num_players": 3, "seed": 2, "seats": [{"kind": "human"}] * 3},
    ).json()
    toks = {s["seat"]: s["token"] for s in g["seats"]}
    with connect(f"{b.ws}/ws/games/{g['id']}") as seat1, connect(f"{b.ws}/ws/games/{g['id']}") as watcher:
        seat1.send(json.dumps({"type": "hello", "token": toks[1]}))
        watcher.send(json.dumps({"type": "hello"}))
        assert next_game_message(seat1)["index"] == 0 and next_game_message(watcher)["index"] == 0
        for i in range(6):
            s = httpx.get(f"{a.base}/api/games/{g['id']}").json()
            seat = s["current_player"]
            mine = httpx.get(f"{a.base}/api/games/{g['id']}", headers={"X-Seat-Token": toks[seat]}).json()
            t0 = time.perf_counter()
            r = httpx.post(
                f"{a.base}/api/games/{g['id']}/actions",
                json={"index": i, "action": mine["legal"][0]["id"], "token": toks[seat]},
            )
            assert r.status_code == 200
            for ws in (seat1, watcher):
                m = next_game_message(ws)
                assert m["type"] == "update" and m["index"] == i + 1
                assert m["entries"][0]["text"] == mine["legal"][0]["text"]
            assert time.perf_counter() - t0 < 5
        # and a move made on b through the socket is seen by a
        m = httpx.get(f"{b.base}/api/games/{g['id']}", headers={"X-Seat-Token": toks[1]}).json()
        if m["your_turn"]:
            seat1.send(json.dumps({"type": "act", "index": m["index"], "action": m["legal"][0]["id"]}))
            assert next_game_message(seat1)["index"] == m["index"] + 1
            assert httpx.get(f"{a.base}/api/games/{g['id']}").json()["index"] == m["index"] + 1


def test_bots_driven_by_one_process_are_watched_live_from_the_other(two_servers) -> None:  # type: ignore[no-untyped-def]
    from websockets.sync.client import connect

    a, b = two_servers
    g = httpx.post(
        a.base + "/api/games",
        json={"game": "great-fire", "num_players": 3, "seed": 9, "seats": [{"kind": "bot", "bot": "random"}] * 3},
    ).json()
    with connect(f"{b.ws}/ws/games/{g['id']}") as watcher:
        watcher.send(json.dumps({"type": "hello"}))
        seen = -2
        while True:
            m = next_game_message(watcher, timeout=30)
            got = [e["index"] for e in m["entries"]]
            assert got == list(range(seen + 1, m["index"])) or (m["type"] == "state" and got[0] == -1)
            seen = m["index"] - 1
            if m["terminal"]:
                break
    assert httpx.get(f"{a.base}/api/games/{g['id']}/log").status_code == 200


def test_racing_processes_store_exactly_one_action_per_turn(two_servers) -> None:  # type: ignore[no-untyped-def]
    import threading

    a, b = two_servers
    g = httpx.post(
        a.base + "/api/games",
        json={"game": "great-fire", "num_players": 3, "seed": 4, "seats": [{"kind": "human"}] * 3},
    ).json()
    seat = httpx.get(f"{a.base}/api/games/{g['id']}").json()["current_player"]
    tok = g["seats"][seat]["token"]
    legal = httpx.get(f"{b.base}/api/games/{g['id']}", headers={"X-Seat-Token": tok}).json()["legal"]
    results: list[int] = []
    barrier = threading.Barrier(6)

    def post(base: str, action: int) -> None:
        barrier.wait()
        results.append(
            httpx.post(
                f"{base}/api/games/{g['id']}/actions", json={"index": 0, "action": action, "token": tok}
            ).status_code
        )

    threads = [
        threading.Thread(target=post, args=((a.base, b.base)[i % 2], legal[i % len(legal)]["id"])) for i in range(6)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 409, 409, 409, 409, 409]
    assert httpx.get(f"{a.base}/api/games/{g['id']}").json()["index"] == 1
    assert httpx.get(f"{b.base}/api/games/{g['id']}").json()["index"] == 1


def test_a_seat_handed_to_a_bot_on_one_process_is_shown_and_played_on_the_other(two_servers) -> None:  # type: ignore[no-untyped-def]
    from websockets.sync.client import connect

    a, b = two_servers
    g = httpx.post(
        a.base + "/api/games",
        json={"game": "great-fire", "num_players": 3, "seed": 7, "seats": [{"kind": "human"}] * 3, "takeover_after": 1},
    ).json()
    toks = {s["seat"]: s["token"] for s in g["seats"]}
    current = httpx.get(f"{a.base}/api/games/{g['id']}").json()["current_player"]
    other = (current + 1) % 3
    with connect(f"{b.ws}/ws/games/{g['id']}") as watcher:
        watcher.send(json.dumps({"type": "hello", "token": toks[other]}))
        # the seat to move, away for takeover_after, is handed to a bot by a process's sweep; b's client sees it
        m = next_game_message(watcher)
        while m["seats"][current]["kind"] != "bot":
            m = next_game_message(watcher)
        while m["index"] == 0:  # and the bot, driven by process a, takes the turn; b's client sees it
            m = next_game_message(watcher)
        assert m["entries"][0]["seat"] == current


def test_chat_closed_to_spectators_on_one_process_holds_on_the_other(two_servers) -> None:  # type: ignore[no-untyped-def]
    from websockets.sync.client import connect

    a, b = two_servers
    g = httpx.post(
        a.base + "/api/games",
        json={
            "game": "great-fire",
            "num_players": 3,
            "seats": [{"kind": "human"}] * 2 + [{"kind": "bot", "bot": "random"}],
        },
    ).json()
    tok = g["seats"][0]["token"]
    assert httpx.post(f"{b.base}/api/games/{g['id']}/chat", json={"text": "hello"}).status_code == 200
    with connect(f"{b.ws}/ws/games/{g['id']}") as watcher:
        watcher.send(json.dumps({"type": "hello"}))
        assert next_game_message(watcher)["type"] == "state" and next_game_message(watcher)["type"] == "chat"
        r = httpx.post(
            f"{a.base}/api/games/{g['id']}/chat/spectators", json={"open": False}, headers={"X-Seat-Token": tok}
        )
        assert r.status_code == 200 and r.json()["spectators_closed"] is True
        # the note and the new chat rules reach process b as two notifications, in either order
        seen: dict[str, dict[str, Any]] = {}
        for _ in range(6):
            m = next_game_message(watcher)
            if m["type"] in ("chat", "chat_rules"):
                seen[m["type"]] = m
            if len(seen) == 2:
                break
        said = seen["chat"]["messages"][0]
        assert said["note"] and said["text"].endswith(" closed the chat to spectators.")
        assert seen["chat_rules"] == {"type": "chat_rules", "spectators_closed": True, "muted": []}
    r = httpx.post(f"{b.base}/api/games/{g['id']}/chat", json={"text": "hello?"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "chat_closed"


def test_a_take_back_through_one_process_reaches_clients_of_the_other_as_a_small_update(two_servers) -> None:  # type: ignore[no-untyped-def]
    """The other process learns the take-back from the notification: its watcher's update drops the entry
    (``entries_from``), carries the one note and patches, and rebuilds the game as it stands."""
    from websockets.sync.client import connect

    from .helpers import Held
    from .test_undo import _first_undoable

    a, b = two_servers
    g = httpx.post(
        a.base + "/api/games", json={"game": "catan", "num_players": 3, "seed": 5, "seats": [{"kind": "human"}] * 3}
    ).json()
    toks = {s["seat"]: s["token"] for s in g["seats"]}
    ref, seat, good = _first_undoable(g, 5)
    with connect(f"{b.ws}/ws/games/{g['id']}", max_size=2**24) as watcher:
        watcher.send(json.dumps({"type": "hello"}))
        held = Held()
        held.read(next_game_message(watcher))
        r = httpx.post(f"{a.base}/api/games/{g['id']}/actions", json={"index": 0, "action": good, "token": toks[seat]})
        assert r.status_code == 200
        moved = next_game_message(watcher)
        held.read(moved)
        assert moved["index"] == 1 and [e["index"] for e in moved["entries"]] == [0]
        r = httpx.post(f"{a.base}/api/games/{g['id']}/undo", json={"index": 1, "token": toks[seat]})
        assert r.status_code == 200
        back = next_game_message(watcher)
        held.read(back)
        assert back["type"] == "update" and back["index"] == 2
        assert back["entries_from"] == 0 and back["entries"] == []
        probe = ref.clone()
        told = len(probe.events)
        probe.apply(good)
        said = probe.describe_event(probe.events[told]).rstrip(".")  # the log's words for the move
        assert [n["text"] for n in back["undone"]] == [f"{ref.player_name(seat)} took back “{said}”."]
        assert "view_patch" in back
        now = httpx.get(f"{b.base}/api/games/{g['id']}").json()
        assert held.view == now["view"] and held.pieces is not None and "<g".join(held.pieces) == now["svg"]
