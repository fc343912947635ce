"""Two server processes on one PostgreSQL database; one is killed (kill -9) mid-game. Every action it
acknowledged is still there, people play on through the other process, and the other process takes over the
bots the dead one was driving. And a killed process (on any database) leaves none of its bot workers behind."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import httpx
import pytest

from .conftest import PG_SKIP, PG_URL, postgres_schema
from firebreak.server.storage import Storage

from .helpers import wait_until
from .process import ServerProcess, children, running

pytestmark = [pytest.mark.slow]


def play_one(base: str, game_id: str, toks: dict[int, str]) -> int:
    """The seat to move plays its first legal action through ``base``; returns the acknowledged index."""
    s = httpx.get(f"{base}/api/games/{game_id}").json()
    seat = s["current_player"]
    mine = httpx.get(f"{base}/api/games/{game_id}", headers={"X-Seat-Token": toks[seat]}).json()
    r = httpx.post(
        f"{base}/api/games/{game_id}/actions",
        headers={"X-Seat-Token": toks[seat]},
        json={"index": mine["index"], "action": mine["legal"][0]["id"]},
    )
    assert r.status_code == 200, r.text
    return r.json()["index"]


@pytest.mark.skipif(not PG_URL, reason=PG_SKIP)
def test_a_process_killed_mid_game_loses_nothing_and_the_other_carries_on(tmp_path: Path) -> None:
    assert PG_URL
    url, drop = postgres_schema(PG_URL)
    a = ServerProcess(url, output=tmp_path / "a.log", bot_delay=0.2)
    b = ServerProcess(url, output=tmp_path / "b.log", bot_delay=0.2)
    try:
        people = httpx.post(
            a.base + "/api/games",
            json={"game": "great-fire", "num_players": 3, "seed": 3, "seats": [{"kind": "human"}] * 3},
        ).json()
        toks = {s["seat"]: s["token"] for s in people["seats"]}
        bots = httpx.post(
            a.base + "/api/games",
            json={"game": "great-fire", "num_players": 3, "seed": 8, "seats": [{"kind": "bot", "bot": "random"}] * 3},
        ).json()
        # a game whose bot was stored by an older server with a search that never ends: not stuck either
        stuck = httpx.post(
            a.base + "/api/games",
            json={"game": "brigade", "num_players": 2, "seed": 4, "seats": [{"kind": "human"}] * 2},
        ).json()
        stuck_seat = httpx.get(f"{a.base}/api/games/{stuck['id']}").json()["current_player"]
        storage = Storage(url)
        storage.set_seat_bot(stuck["id"], stuck_seat, "mcts:iterations=0,seconds=nan")
        storage.dispose()
        acked = [play_one((a.base, b.base)[i % 2], people["id"], toks) for i in range(6)]
        assert acked == list(range(6))
        time.sleep(1.0)  # process a drives the bots' game
        before = httpx.get(f"{b.base}/api/games/{bots['id']}").json()
        assert before["index"] > 0 and not before["terminal"]
        a.kill9()

        assert httpx.get(f"{b.base}/api/games/{people['id']}").json()["index"] == 6  # nothing acknowledged lost
        assert play_one(b.base, people["id"], toks) == 6  # and the people play on through b
        stored = httpx.get(f"{b.base}/api/games/{bots['id']}").json()["index"]
        end = time.time() + 60  # b sees the bots' game stall and drives its bots itself
        now = stored
        while time.time() < end:
            s = httpx.get(f"{b.base}/api/games/{bots['id']}").json()
            now = s["index"]
            if now > stored + 3 or s["terminal"]:
                break
            time.sleep(0.5)
        assert now > stored + 3 or s["terminal"], (now, stored)
        end = time.time() + 60  # b drives the stuck game too, with the server's usual bot in that seat
        while time.time() < end and httpx.get(f"{b.base}/api/games/{stuck['id']}").json()["index"] == 0:
            time.sleep(0.5)
        s = httpx.get(f"{b.base}/api/games/{stuck['id']}").json()
        assert s["index"] > 0 and s["seats"][stuck_seat]["bot"] == "greedy", s["seats"]
    finally:
        a.stop()
        b.stop()
        drop()


def bot_workers(server: ServerProcess) -> set[int]:
    """The server's bot worker processes (its children started by multiprocessing's spawn)."""
    out = set()
    for pid in children(server.proc.pid):
        try:
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                out.add(pid)
        except OSError:
            pass
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the workers in /proc")
def test_a_killed_server_leaves_no_bot_worker_behind_and_restarts_do_not_pile_them_up(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    expected = 3  # two workers for searches (as set below) and one for quick bots
    gone: set[int] = set()
    for round_ in range(3):
        server = ServerProcess(url, output=tmp_path / f"server{round_}.log", env={"FIREBREAK_BOT_WORKERS": "2"})
        try:
            if round_ == 0:  # searches that are thinking when the server is killed (brought back by each restart)
                for seed in (1, 2):
                    r = httpx.post(
                        server.base + "/api/games",
                        json={
                            "game": "brigade",
                            "num_players": 2,
                            "seed": seed,
                            "seats": [{"kind": "bot", "bot": "mcts:iterations=0,seconds=5"}] * 2,
                        },
                    )
                    assert r.status_code == 201, r.text
            wait_until(lambda: len(bot_workers(server)) >= expected, 60, "the server's bot workers")
            time.sleep(1.0)  # (the searches get going)
            mine = bot_workers(server)
            everything = children(server.proc.pid)  # the workers and multiprocessing's resource tracker
            assert len(mine) == expected, mine  # a restarted server starts its own, and only those
        finally:
            server.kill9()
        wait_until(lambda: not any(running(p) for p in everything), 30, "the killed server's workers ending")
        assert not any(running(p) for p in gone)  # and none of the earlier servers' came back
        gone |= everything
