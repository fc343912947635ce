"""Racing actions: exactly one action wins each turn, in one process or across processes sharing a database."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from fastapi.testclient import TestClient

from firebreak.server import create_app
from firebreak.server.errors import ApiError
from firebreak.server.storage import GameRow, SeatRow, StaleIndexError, Storage

from .helpers import create, error_code, state_of, tokens


def test_storage_accepts_one_action_per_index_even_from_racing_threads(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        storage.create_game(
            GameRow("race", "great-fire", 3, {}, 1, time.time(), 0, 0, False),
            [SeatRow(i, "human", None, None, None) for i in range(3)],
        )
        wins, losses = [], []
        barrier = threading.Barrier(6)

        def attempt(action: int) -> None:
            barrier.wait()
            try:
                storage.append_action("race", 0, action, 0, False)
                wins.append(action)
            except StaleIndexError:
                losses.append(action)

        threads = [threading.Thread(target=attempt, args=(a,)) for a in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(wins) == 1 and len(losses) == 5
        assert storage.load_actions("race") == [(wins[0], 0)]
        with pytest.raises(StaleIndexError):
            storage.append_action("race", 0, 99, 0, False)
        assert storage.load_game("race").num_actions == 1
    finally:
        storage.dispose()


def test_two_actions_racing_for_one_turn_in_one_process(client: TestClient) -> None:
    g = create(client, ["human"] * 3)
    tok = tokens(g)[0]
    legal = state_of(client, g["id"], tok)["legal"]
    manager = client.app.state.manager

    async def race() -> list[object]:
        return await asyncio.gather(
            manager.act(g["id"], tok, 0, legal[0]["id"]),
            manager.act(g["id"], tok, 0, legal[1]["id"]),
            return_exceptions=True,
        )

    results = client.portal.call(race)
    ok = [r for r in results if r == 0]
    errs = [r for r in results if isinstance(r, ApiError)]
    assert len(ok) == 1 and len(errs) == 1 and errs[0].code == "stale_index"
    assert len(client.app.state.storage.load_actions(g["id"])) == 1


def test_two_processes_racing_for_one_turn_one_wins_by_the_unique_index(db_url: str) -> None:
    """Two servers on one database both believe action 0 is free; the database lets exactly one store it."""
    with TestClient(create_app(db_url)) as a, TestClient(create_app(db_url)) as b:
        g = create(a, ["human"] * 3)
        tok = tokens(g)[0]
        legal = state_of(b, g["id"], tok)["legal"]  # b has the game cached at action 0
        manager_b = b.app.state.manager
        real = manager_b.catch_up
        skipped = []

        async def stale_once(live):  # type: ignore[no-untyped-def]
            if not skipped:  # b's check happens before a's insert is visible: the race window
                skipped.append(True)
                return
            await real(live)

        manager_b.catch_up = stale_once
        assert (
            a.post(
                f"/api/games/{g['id']}/actions", json={"index": 0, "action": legal[0]["id"], "token": tok}
            ).status_code
            == 200
        )
        r = b.post(f"/api/games/{g['id']}/actions", json={"index": 0, "action": legal[1]["id"], "token": tok})
        assert r.status_code == 409 and error_code(r) == "stale_index"
        assert "another action was taken first" in r.json()["error"]["message"]
        assert a.app.state.storage.load_actions(g["id"]) == [(legal[0]["id"], 0)]
        # b caught up: it now agrees with a, and plays on from there
        assert state_of(b, g["id"])["index"] == 1
        assert b.app.state.manager.games[g["id"]].state.history == [legal[0]["id"]]


def test_a_second_process_sees_the_first_ones_actions(db_url: str) -> None:
    with TestClient(create_app(db_url)) as a, TestClient(create_app(db_url)) as b:
        g = create(a, ["human"] * 3)
        toks = tokens(g)
        assert state_of(b, g["id"])["index"] == 0
        for seat in range(3):
            s = state_of(b, g["id"], toks[seat])
            if not s["your_turn"]:
                break
            client = a if seat % 2 == 0 else b
            assert (
                client.post(
                    f"/api/games/{g['id']}/actions",
                    json={"index": s["index"], "action": s["legal"][0]["id"], "token": toks[seat]},
                ).status_code
                == 200
            )
        assert state_of(a, g["id"])["view"] == state_of(b, g["id"])["view"]
