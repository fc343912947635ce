"""Restart durability: a real server process is killed with SIGKILL mid-game and started again on the same
SQLite file; every acknowledged action is still there, and the game goes on (bots included)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text

from firebreak import __version__
from firebreak.core import get_game

from .helpers import age_database, play_forced
from .process import ServerProcess, free_port


@pytest.fixture
def server_factory(tmp_path: Path):  # type: ignore[no-untyped-def]
    started: list[ServerProcess] = []

    def start(db: Path, port: int, **kw: Any) -> ServerProcess:
        s = ServerProcess(f"sqlite:///{db}", port, tmp_path / f"server-{len(started)}.log", **kw)
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()


def test_every_acknowledged_action_survives_kill_9(server_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "games.sqlite3"
    port = free_port()
    server = server_factory(db, port)
    assert f"http://localhost:{port}/" in server.output.read_text()  # `firebreak serve` prints its address
    g = httpx.post(
        server.base + "/api/games",
        json={"game": "great-fire", "num_players": 3, "seed": 21, "seats": [{"kind": "human"}] * 3},
    ).json()
    toks = {s["seat"]: s["token"] for s in g["seats"]}
    ref = get_game("great-fire").new_game(3, 21, g["options"])  # the game as acknowledged, forced steps included
    with httpx.Client(base_url=server.base, timeout=5) as http:
        for n in range(40):
            s = http.get(f"/api/games/{g['id']}").json()
            seat = s["current_player"]
            mine = http.get(f"/api/games/{g['id']}", headers={"X-Seat-Token": toks[seat]}).json()
            assert mine["index"] == len(ref.history)
            action = mine["legal"][n % len(mine["legal"])]["id"]
            r = http.post(
                f"/api/games/{g['id']}/actions", json={"index": mine["index"], "action": action, "token": toks[seat]}
            )
            assert r.status_code == 200
            ref.apply(action)
            play_forced(ref)  # the steps with one answer the table played after it
    server.kill9()

    server = server_factory(db, port)
    s = httpx.get(f"{server.base}/api/games/{g['id']}").json()
    assert s["index"] == len(ref.history)
    assert s["view"] == ref.view(None)
    # the seat links still work and play goes on from where it stopped
    seat = s["current_player"]
    mine = httpx.get(f"{server.base}/api/games/{g['id']}", headers={"X-Seat-Token": toks[seat]}).json()
    assert mine["your_turn"]
    r = httpx.post(
        f"{server.base}/api/games/{g['id']}/actions",
        json={"index": len(ref.history), "action": mine["legal"][0]["id"], "token": toks[seat]},
    )
    assert r.status_code == 200


@pytest.mark.slow
def test_bots_resume_after_kill_9_and_nothing_acknowledged_is_lost(server_factory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "games.sqlite3"
    port = free_port()
    server = server_factory(db, port, bot_delay=0.01)
    g = httpx.post(
        server.base + "/api/games",
        json={"game": "great-fire", "num_players": 3, "seed": 5, "seats": [{"kind": "bot", "bot": "random"}] * 3},
    ).json()
    seen = 0
    while seen < 20:  # let the bots play a while; every index we read was committed before it was shown
        seen = httpx.get(f"{server.base}/api/games/{g['id']}").json()["index"]
    server.kill9()
    server = server_factory(db, port, bot_delay=0.0)
    deadline = time.time() + 60
    while time.time() < deadline:
        s = httpx.get(f"{server.base}/api/games/{g['id']}").json()
        assert s["index"] >= seen
        if s["terminal"]:
            break
        time.sleep(0.1)
    assert s["terminal"], "the bots did not finish the game after the restart"
    record = httpx.get(f"{server.base}/api/games/{g['id']}/log").json()
    from firebreak.core import GameRecord, replay

    assert replay(GameRecord.from_json(record)).is_terminal()


def test_after_kill_9_and_a_long_outage_the_clock_resumes_and_no_bot_takes_the_seat(  # type: ignore[no-untyped-def]
    server_factory, tmp_path: Path
) -> None:
    """Issue 24: an 8 s turn clock, the server down 11 s, and a bot played three moves for the person. Here the
    server is killed (no clean stop: its heartbeats are the last sign of life) and stays down 30 s longer than the
    20 s turn (the database aged by 30 s while no server runs, rather than waiting it out)."""
    db = tmp_path / "games.sqlite3"
    port = free_port()
    server = server_factory(db, port)
    g = httpx.post(
        server.base + "/api/games",
        json={
            "game": "great-fire",
            "num_players": 3,
            "seed": 3,
            "seats": [{"kind": "human"}] * 3,
            "takeover_after": 0,
            "clock": {"mode": "turn", "seconds": 20},
        },
    ).json()
    before = httpx.get(f"{server.base}/api/games/{g['id']}").json()
    seat = before["current_player"]
    time.sleep(2.5)  # a heartbeat or two
    server.kill9()
    age_database(f"sqlite:///{db}", 30)
    server = server_factory(db, port)
    time.sleep(3)  # the restarted server has loaded the clocked game and swept its clocks by now
    s = httpx.get(f"{server.base}/api/games/{g['id']}").json()
    assert s["seats"][seat]["kind"] == "human" and s["index"] == 0  # no bot played for the person
    assert s["clock"]["running"] == seat and s["clock"]["left"][seat] > 5  # the 20 s turn runs on
    engine = create_engine(f"sqlite:///{db}")
    with engine.connect() as conn:
        began, ended = conn.execute(text("SELECT began, ended FROM outages")).one()
        versions = {r[0] for r in conn.execute(text("SELECT version FROM server_processes"))}
    engine.dispose()
    assert ended - began >= 30
    assert versions == {__version__}  # each process recorded which firebreak it runs
