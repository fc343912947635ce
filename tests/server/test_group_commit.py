"""Group commit: the actions of many games are stored in one transaction, each acknowledged only after it."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from firebreak.server import create_app
from firebreak.server.commits import GroupCommitter
from firebreak.server.storage import GameRow, SeatRow, StaleIndexError, Storage

from .helpers import create, state_of, tokens


def _games(storage: Storage, n: int) -> list[str]:
    ids = [f"game{i}" for i in range(n)]
    for g in ids:
        storage.create_game(
            GameRow(g, "great-fire", 3, {}, 1, time.time(), 0, 0, False), [SeatRow(0, "human", None, None, None)]
        )
    return ids


@pytest.mark.parametrize("inline", [True, False], ids=["on-the-loop", "writer-thread"])
def test_actions_of_several_games_committed_together_are_all_there_after_a_restart(db_url: str, inline: bool) -> None:
    storage = Storage(db_url)
    committer = GroupCommitter(storage, inline=inline, writers=1)
    ids = _games(storage, 5)
    real = storage.append_actions
    sizes: list[int] = []

    def first_waits(items):  # type: ignore[no-untyped-def]
        """The writer thread's first transaction lasts until the other games have queued theirs."""
        deadline = time.time() + 10
        while not sizes and len(items) + len(committer._pending) < 5 and time.time() < deadline:
            time.sleep(0.005)
        sizes.append(len(items))
        return real(items)

    storage.append_actions = first_waits  # type: ignore[method-assign]

    async def play() -> None:
        await asyncio.gather(*(committer.append(g, 0, 10 + k, 0, False) for k, g in enumerate(ids)))

    asyncio.run(play())
    committer.close()
    assert committer.actions == 5
    # on the loop: the five in one transaction; the thread: what it found, then all queued meanwhile in another
    assert (sizes == [5]) if inline else (sum(sizes) == 5 and len(sizes) <= 2)
    storage.dispose()
    again = Storage(db_url)  # a new process on the same database
    try:
        assert [again.load_actions(g) for g in ids] == [[(10 + k, 0)] for k in range(5)]
        assert all(again.load_game(g).num_actions == 1 for g in ids)
    finally:
        again.dispose()


@pytest.mark.parametrize("inline", [True, False], ids=["on-the-loop", "writer-thread"])
def test_a_taken_turn_fails_alone_in_its_batch(db_url: str, inline: bool) -> None:
    storage = Storage(db_url)
    committer = GroupCommitter(storage, inline=inline)
    a, b, c = _games(storage, 3)
    storage.append_action(b, 0, 99, 0, False)  # another process took game b's turn 0

    async def play() -> list[object]:
        return await asyncio.gather(
            committer.append(a, 0, 1, 0, False),
            committer.append(b, 0, 2, 0, False),
            committer.append(c, 0, 3, 0, True),
            return_exceptions=True,
        )

    results = asyncio.run(play())
    committer.close()
    assert results[0] is None and results[2] is None and isinstance(results[1], StaleIndexError)
    assert storage.load_actions(a) == [(1, 0)] and storage.load_actions(b) == [(99, 0)]
    assert storage.load_actions(c) == [(3, 0)] and storage.load_game(c).finished
    storage.dispose()


def test_nothing_is_acknowledged_before_its_commit(db_url: str) -> None:
    """The writer thread is held inside the transaction: the action is neither acknowledged nor shown, then once
    the commit is through, both."""
    storage = Storage(db_url)
    inside, release = threading.Event(), threading.Event()
    real = storage.append_actions

    def held(items):  # type: ignore[no-untyped-def]
        inside.set()
        assert release.wait(10)
        return real(items)

    storage.append_actions = held  # type: ignore[method-assign]
    committer = GroupCommitter(storage, inline=False)
    (g,) = _games(storage, 1)

    async def play() -> None:
        task = asyncio.create_task(committer.append(g, 0, 7, 0, False))
        while not inside.is_set():
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)
        assert not task.done()  # not acknowledged while the transaction is open
        assert Storage(db_url).load_actions(g) == []
        release.set()
        await asyncio.wait_for(task, 10)

    asyncio.run(play())
    committer.close()
    assert storage.load_actions(g) == [(7, 0)]
    storage.dispose()


def test_an_action_whose_commit_fails_is_refused_and_never_shown(tmp_path: Path) -> None:
    """If the database refuses the transaction, the player gets an error, the
    game does not move, and no client is sent the action."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.sqlite3'}")) as client:
        g = create(client, ["human", "human", "human"])
        tok = tokens(g)[0]
        storage = client.app.state.storage

        def broken(items):  # type: ignore[no-untyped-def]
            raise RuntimeError("disk full")

        storage.append_actions = broken  # type: ignore[method-assign]
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({"type": "hello", "token": tok})
            first = ws.receive_json()
            assert first["type"] == "state" and first["index"] == 0
            with pytest.raises(Exception, match="disk full"):
                client.portal.call(client.app.state.manager.act, g["id"], tok, 0, first["legal"][0]["id"])
            ws.send_json({"type": "ping", "ref": 1})
            kinds = []
            while not kinds or kinds[-1] != "pong":
                kinds.append(ws.receive_json()["type"])
            assert "update" not in kinds  # nothing was shown before the pong
        assert state_of(client, g["id"])["index"] == 0
        del storage.append_actions
        assert storage.load_actions(g["id"]) == []
        r = client.post(
            f"/api/games/{g['id']}/actions",
            json={"index": 0, "action": first["legal"][0]["id"]},
            headers={"X-Seat-Token": tok},
        )
        assert r.status_code == 200 and state_of(client, g["id"])["index"] == 1  # and the game goes on


def test_the_presence_heartbeat_marks_the_seats_of_many_games_in_one_go(db_url: str) -> None:
    """Every 10 s the server marks the seats connected to it present (so other processes do not hand them to a
    bot): all games in one transaction, only the seats named."""
    storage = Storage(db_url)
    a, b = _games(storage, 2)
    storage.create_game(
        GameRow("three", "great-fire", 3, {}, 1, time.time(), 0, 0, False),
        [SeatRow(s, "human", None, None, None) for s in range(3)],
    )
    storage.touch_many({a: [0], "three": [0, 2]}, 1234.5)
    try:
        assert storage.load_seats(a)[0].last_seen == 1234.5 and storage.load_seats(b)[0].last_seen is None
        assert [s.last_seen for s in storage.load_seats("three")] == [1234.5, None, 1234.5]
    finally:
        storage.dispose()


def test_the_notice_of_our_own_commit_in_flight_is_not_caught_up(sqlite_client: TestClient) -> None:
    """On PostgreSQL every commit is announced to every process, this one too, and the notice can come back
    before the commit's own coroutine adopts the action: reading the game back then would only cost a query and
    hold up the game, so it is skipped; a notice of anything else is caught up."""
    client = sqlite_client
    g = create(client, ["human", "human", "human"])
    manager = client.app.state.manager
    live = manager.games[g["id"]]
    reads: list[str] = []

    async def counting_catch_up(game):  # type: ignore[no-untyped-def]
        reads.append(game.id)

    manager.catch_up = counting_catch_up
    live.committing = 1  # our action 0 is being committed
    client.portal.call(manager.refresh, g["id"], 1)
    assert reads == []
    live.committing = None  # another process's action 0
    client.portal.call(manager.refresh, g["id"], 1)
    assert reads == [g["id"]]
