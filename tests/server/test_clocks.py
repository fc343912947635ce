"""Game clocks over the API: limits refused in words, a clock that runs out hands the seat to a bot, the player
takes it back, the increment is added, and clocks survive a restart (deadlines are stored, not timers)."""

from __future__ import annotations

import subprocess
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from firebreak.server import create_app

from .helpers import age_database, error_code, state_of, tokens


def create(
    client: TestClient, clock: dict[str, Any] | None, seats: int = 3, game: str = "great-fire", takeover_after: int = 0
):  # type: ignore[no-untyped-def]
    body: dict[str, Any] = {
        "game": game,
        "num_players": seats,
        "seed": 7,
        "seats": [{"kind": "human"}] * seats,
        "takeover_after": takeover_after,
    }
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


@pytest.mark.parametrize(
    "clock,words",
    [
        ({"mode": "blitz", "seconds": 5}, "clock mode must be one of none, turn, total"),
        ({"mode": "turn", "seconds": 0}, "clock seconds must be between 1 and 604800"),
        ({"mode": "total", "seconds": 10**9}, "clock seconds must be between 1 and 2592000"),
        ({"mode": "turn", "seconds": 30, "increment": 5}, "a clock of seconds per turn has no increment"),
        ({"mode": "total", "seconds": 60, "increment": -1}, "clock increment must be between 0 and 86400"),
        ({"mode": "total", "seconds": 60, "increment": 10**6}, "clock increment must be between 0 and 86400"),
        ({"mode": "total"}, "clock seconds must be a whole number of seconds"),
    ],
)
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
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"index": mine["index"], "action": mine["legal"][0]["id"], "token": toks[seat]},
        )
        assert r.status_code == 200, r.text
    clock = state_of(client, gid)["clock"]
    assert index == 0 and clock["running"] != seat
    assert 625 < clock["left"][seat] <= 630  # 600 less the few seconds spent, plus 30
    assert clock["left"][clock["running"]] <= 600


def test_clocks_survive_a_restart_and_run_on_from_where_they_stopped(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with TestClient(create_app(url)) as client:
        slow = create(client, {"mode": "total", "seconds": 600}).json()
        fast = create(client, {"mode": "total", "seconds": 2}).json()
        seat = state_of(client, fast["id"])["current_player"]
    time.sleep(1.0)  # the server is down for a while
    with TestClient(create_app(url)) as client:
        st = state_of(client, slow["id"])
        running = st["clock"]["running"]
        assert running == st["current_player"] and st["seats"][running]["kind"] == "human"
        first = st["clock"]["left"][running]
        # the fast clock had its time left after the restart, then fell: its seat goes to a bot
        wait_until(lambda: state_of(client, fast["id"])["seats"][seat]["kind"] == "bot")
        assert state_of(client, slow["id"])["clock"]["left"][running] < first  # the slow one runs on


def test_the_time_no_server_ran_is_given_back_and_no_seat_goes_to_a_bot_for_it(db_url: str) -> None:
    """Issue 24: with an 8 s turn clock and the server down for 11 s, the restarted server handed the seat to a
    bot at once. The outage here is 40 s, longer than every clock and absence allowed below (the database is aged
    by 40 s while the server is stopped: to the next start, the same as 40 s more of outage)."""
    with TestClient(create_app(db_url)) as client:
        turn = create(client, {"mode": "turn", "seconds": 25}).json()
        total = create(client, {"mode": "total", "seconds": 30, "increment": 5}).json()
        away = create(client, None, takeover_after=25).json()  # nobody ever opens a seat's link
        before = {g["id"]: state_of(client, g["id"]) for g in (turn, total, away)}
    age_database(db_url, 40)
    with TestClient(create_app(db_url)) as client:
        manager = client.app.state.manager
        for gid, was in before.items():
            st = state_of(client, gid)  # (loads the game, if the restart has not yet)
            now = time.time()
            assert client.portal.call(manager.sweep, now) == 0, gid  # no takeover for the outage
            st = state_of(client, gid)
            seat = st["current_player"]
            assert st["seats"][seat]["kind"] == "human", gid
            if was["clock"] is not None:
                assert st["clock"]["running"] == seat
                left, had = st["clock"]["left"][seat], was["clock"]["left"][seat]
                assert had - 15 < left <= had, (gid, had, left)  # resumed with the time it had left, not 40 s less
        # the clocks run on and absence counts again: once the time left is spent, each seat goes to a bot
        assert client.portal.call(manager.sweep, time.time() + 31) == 3
        with client.app.state.storage.engine.connect() as conn:
            outages = conn.execute(text("SELECT began, ended FROM outages")).all()
        assert len(outages) == 1 and outages[0][1] - outages[0][0] >= 40  # on record


def test_an_outage_is_counted_only_while_no_server_process_was_alive(db_url: str) -> None:
    """Several processes (of other machines) on one database, on controllable time: one stopping or dying while
    another runs is no outage; when none is left, the next start gives back the time since the last sign of life
    of any."""
    from sqlalchemy import insert

    from firebreak.server.storage import GameRow, SeatRow, Storage
    from firebreak.server.uptime import Uptime, machine, server_processes_table

    storage = Storage(db_url)
    t = 1_000_000.0
    storage.create_game(
        GameRow("g", "great-fire", 3, {}, 1, t - 50, 0, 0, False),
        [SeatRow(s, "human", None, None, None) for s in range(3)],
        {
            "mode": "turn",
            "seconds": 20,
            "increment": 0,
            "remaining": [20.0] * 3,
            "running": 0,
            "started": t - 10,
            "deadline": t + 10,
        },
    )
    a, b = Uptime(storage, "machine a"), Uptime(storage, "machine b")
    assert a.start(now=t) == (t - 10, t)  # a database without heartbeats: from its last sign of life
    assert storage.load_clock("g")["deadline"] == t + 20  # (started at t - 10: all of it given back)
    assert b.start(now=t + 1) is None  # a is alive
    a.beat(now=t + 3)
    b.stop(now=t + 4)
    d = Uptime(storage, "machine d")
    assert d.start(now=t + 5) is None  # b stopped, but a still runs: the clocks ran
    d.stop(now=t + 5)
    assert storage.load_clock("g")["deadline"] == t + 20
    # a dies without a word (its heartbeats stop at t + 3): once they are DEAD_AFTER old, a start counts the
    # outage from the last sign of life of any process (d's stop)
    c = Uptime(storage, "machine c")
    assert c.start(now=t + 60) == (t + 5, t + 60)
    assert storage.load_clock("g")["deadline"] == t + 75 and storage.load_clock("g")["started"] == t + 55
    assert c.outages.within(t - 20, t + 100) == 10 + 55  # both outages, for the absences
    c.stop(now=t + 61)
    # a process of this machine killed (its pid is gone) is dead at once, however fresh its heartbeat
    gone = subprocess.Popen(["true"])
    gone.wait()
    with storage.engine.begin() as conn:
        conn.execute(
            insert(server_processes_table).values(
                id="killed",
                version="x",
                host=machine(),
                pid=gone.pid,
                started_at=t + 61,
                beat_at=t + 70,
                stopped_at=None,
            )
        )
    assert Uptime(storage).start(now=t + 71) == (t + 70, t + 71)
    # had a merely lost the database, not died, its next heartbeat learns of the outages (its clocks are reread)
    assert a.beat(now=t + 72) and a.outages.within(t - 20, t + 100) == 10 + 55 + 1
    assert not a.beat(now=t + 73)
    storage.dispose()
