"""Game clocks over the API: limits refused in words, a clock that runs out hands the seat to a bot, the player
takes it back, the increment is added, and clocks survive a restart (deadlines are stored, not timers)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from firebreak.server import create_app

from .helpers import error_code, state_of, tokens


def create(client: TestClient, clock: dict[str, Any] | None, seats: int = 3, game: str = "great-fire",
           takeover_after: int = 0):  # type: ignore[no-untyped-def]
    body: dict[str, Any] = {"game": game, "num_players": seats, "seed": 7, "seats": [{"kind": "human"}] * seats,
                            "takeover_after": takeover_after}
    if clock is not None:
        body["clock"] = clock
    return client.post("/api/games", json=body)


def wait_until(pred, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    end = time.time() + timeout
    while time.time() < end:
        if pred():
            return
        time.sleep(0.05)
    raise AssertionError("condition not reached")


@pytest.mark.parametrize("clock,words", [
    ({"mode": "blitz", "seconds": 5}, "clock mode must be one of none, turn, total"),
    ({"mode": "turn", "seconds": 0}, "clock seconds must be between 1 and 604800"),
    ({"mode": "total", "seconds": 10**9}, "clock seconds must be between 1 and 2592000"),
    ({"mode": "turn", "seconds": 30, "increment": 5}, "a clock of seconds per turn has no increment"),
    ({"mode": "total", "seconds": 60, "increment": -1}, "clock increment must be between 0 and 86400"),
    ({"mode": "total", "seconds": 60, "increment": 10**6}, "clock increment must be between 0 and 86400"),
    ({"mode": "total"}, "clock seconds must be a whole number of seconds"),
])
def test_clock_values_outside_the_limits_are_refused_in_words(sqlite_client: TestClient, clock, words) -> None:
    r = create(sqlite_client, clock)
    assert r.status_code == 422 and error_code(r) == "bad_clock", r.text
    assert words in r.json()["error"]["message"]
    assert sqlite_client.get("/api/games").json()["games"] == []  # nothing was created


def test_no_clock_by_default(sqlite_client: TestClient) -> None:
    g = create(sqlite_client, None).json()
    assert state_of(sqlite_client, g["id"])["clock"] is None
    g = create(sqlite_client, {"mode": "none"}).json()
    assert state_of(sqlite_client, g["id"])["clock"] is None


def test_a_turn_clock_running_out_hands_the_seat_to_a_bot_and_the_player_takes_it_back(client: TestClient) -> None:
    r = create(client, {"mode": "turn", "seconds": 2})
    g = r.json()
    toks = tokens(g)
    gid = g["id"]
    st = state_of(client, gid)
    seat = st["current_player"]
    clock = st["clock"]
    assert clock["mode"] == "turn" and clock["running"] == seat and 0 < clock["left"][seat] <= 2
    wait_until(lambda: state_of(client, gid)["seats"][seat]["kind"] == "bot")
    st = state_of(client, gid)
    assert st["seats"][seat]["bot"] == "greedy"
    # the player takes the seat back: a person again, with a fresh turn's time when it is their turn
    r = client.post(f"/api/games/{gid}/reclaim", json={"token": toks[seat]})
    assert r.status_code == 200
    st = state_of(client, gid)
    assert st["seats"][seat]["kind"] == "human"
    stored = client.app.state.storage.load_clock(gid)
    assert stored["mode"] == "turn" and stored["seconds"] == 2


def test_a_total_clock_adds_the_increment_after_a_turn(client: TestClient) -> None:
    g = create(client, {"mode": "total", "seconds": 600, "increment": 30}, game="catan").json()
    toks = tokens(g)
    gid = g["id"]
    st = state_of(client, gid)
    seat = st["current_player"]
    index = st["index"]
    while state_of(client, gid)["current_player"] == seat:  # settlement, then road: the turn passes
        mine = state_of(client, gid, toks[seat])
        r = client.post(f"/api/games/{gid}/actions",
                        json={"index": mine["index"], "action": mine["legal"][0]["id"], "token": toks[seat]})
        assert r.status_code == 200, r.text
    clock = state_of(client, gid)["clock"]
    assert index == 0 and clock["running"] != seat
    assert 625 < clock["left"][seat] <= 630  # 600 less the few seconds spent, plus 30
    assert clock["left"][clock["running"]] <= 600


def test_clocks_survive_a_restart_and_an_overdue_deadline_fires(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with TestClient(create_app(url)) as client:
        slow = create(client, {"mode": "total", "seconds": 600}).json()
        fast = create(client, {"mode": "total", "seconds": 2}).json()
        seat = state_of(client, fast["id"])["current_player"]
        left_before = state_of(client, slow["id"])["clock"]["left"]
    time.sleep(2.2)  # the server is down when the fast clock falls
    with TestClient(create_app(url)) as client:
        wait_until(lambda: state_of(client, fast["id"])["seats"][seat]["kind"] == "bot")
        st = state_of(client, slow["id"])
        running = st["clock"]["running"]
        assert running == st["current_player"]
        # the slow clock kept running from its stored start: the time the server was down counts
        assert st["clock"]["left"][running] < left_before[running] - 2
        assert st["seats"][running]["kind"] == "human"
