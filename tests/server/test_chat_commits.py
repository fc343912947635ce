"""Chat messages (and clocks) ride in the group commit of the actions: a message and a move queued together are
one transaction, both survive a restart, a message is acknowledged only once stored, and a socket's messages keep
their order without holding up its moves. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from fastapi.testclient import TestClient

from firebreak.server import create_app
from firebreak.server.commits import GroupCommitter
from firebreak.server.storage import GameRow, SeatRow, StaleIndexError, Storage
from firebreak.server.table_data import FULL, ChatRow, load_chat

from .helpers import create, tokens


def _games(storage: Storage, n: int) -> list[str]:
    ids = [f"chatgame{i}" for i in range(n)]
    for g in ids:
        storage.create_game(
            GameRow(g, "great-fire", 3, {}, 1, time.time(), 0, 0, False), [SeatRow(0, "human", None, None, None)]
        )
    return ids


@pytest.mark.parametrize("inline", [True, False], ids=["on-the-loop", "writer-thread"])
def test_a_message_and_a_move_committed_together_both_survive_a_restart(db_url: str, inline: bool) -> None:
    storage = Storage(db_url)
    committer = GroupCommitter(storage, inline=inline, writers=1)
    a, b = _games(storage, 2)

    async def play() -> list[object]:
        return await asyncio.gather(
            committer.append(a, 0, 5, 0, False),
            committer.append_chat((a, 0, "Alice", "good luck", 0, 10)),
            committer.append_chat((b, None, "Spectator", "hello", 0, 10)),
            committer.append(b, 0, 6, 0, False),
            committer.append_chat((a, 1, "Bob", "you too", 1, 10)),
            committer.append_clock(
                b,
                {
                    "mode": "turn",
                    "seconds": 60,
                    "increment": 0,
                    "remaining": [60.0],
                    "running": 0,
                    "started": 1000.0,
                    "deadline": 1060.0,
                },
            ),
        )

    results = asyncio.run(play())
    committer.close()
    assert results[0] is None and results[3] is None and results[5] is None
    said = [r for r in results if isinstance(r, ChatRow)]
    assert [(r.n, r.name, r.text) for r in said] == [
        (1, "Alice", "good luck"),
        (1, "Spectator", "hello"),
        (2, "Bob", "you too"),
    ]
    assert committer.actions == 2 and committer.chats == 3
    if inline:  # all queued in one turn of the loop: ONE transaction for the moves, the messages and the clock
        assert committer.batches == 1
    storage.dispose()
    again = Storage(db_url)  # a new process on the same database
    try:
        assert again.load_actions(a) == [(5, 0)] and again.load_actions(b) == [(6, 0)]
        assert [(r.n, r.seat, r.text, r.at) for r in load_chat(again, a)] == [
            (1, 0, "good luck", 0),
            (2, 1, "you too", 1),
        ]
        assert [(r.n, r.seat, r.name) for r in load_chat(again, b)] == [(1, None, "Spectator")]
        clock = again.load_clock(b)  # the game's clock rode in the same commit
        assert clock is not None and (clock["running"], clock["deadline"]) == (0, 1060.0)
    finally:
        again.dispose()


@pytest.mark.parametrize("inline", [True, False], ids=["on-the-loop", "writer-thread"])
def test_a_taken_turn_in_the_batch_does_not_lose_the_messages_with_it(db_url: str, inline: bool) -> None:
    """Another process took game b's turn: only that move fails; the message and the other move are stored, and
    a full chat refuses its message alone."""
    storage = Storage(db_url)
    committer = GroupCommitter(storage, inline=inline)
    a, b = _games(storage, 2)
    storage.append_action(b, 0, 99, 0, False)

    async def play() -> list[object]:
        return await asyncio.gather(
            committer.append(a, 0, 1, 0, False),
            committer.append_chat((a, 0, "Alice", "hi", 0, 1)),
            committer.append(b, 0, 2, 0, False),
            committer.append_chat((a, 0, "Alice", "again", 0, 1)),
            return_exceptions=True,
        )

    first, said, stale, full = asyncio.run(play())
    committer.close()
    assert first is None and isinstance(stale, StaleIndexError)
    assert isinstance(said, ChatRow) and said.n == 1 and full == FULL  # (the chat holds its 1 message)
    assert storage.load_actions(a) == [(1, 0)] and storage.load_actions(b) == [(99, 0)]
    assert [r.text for r in load_chat(storage, a)] == ["hi"]
    storage.dispose()


def test_each_games_writes_commit_in_the_order_queued_with_several_writers(db_url: str) -> None:
    """PostgreSQL commits with several writer threads side by side: a game's messages keep the order they were
    sent in (their numbers too) and its last clock row queued is the one stored, however the batches fall."""
    storage = Storage(db_url)
    committer = GroupCommitter(storage, writers=4)
    games = _games(storage, 3)

    async def play() -> list[object]:
        calls = []
        for k in range(30):
            g = games[k % 3]
            calls.append(committer.append_chat((g, 0, "Alice", f"line {k}", 0, 100)))
            calls.append(
                committer.append_clock(
                    g,
                    {
                        "mode": "turn",
                        "seconds": 60,
                        "increment": 0,
                        "remaining": [60.0],
                        "running": 0,
                        "started": float(k),
                        "deadline": 1000.0 + k,
                    },
                )
            )
        return await asyncio.gather(*calls)

    for _ in range(5):  # batches fall differently from one round to the next
        asyncio.run(play())
    committer.close()
    for i, g in enumerate(games):
        texts = [r.text for r in load_chat(storage, g)]
        assert texts == [f"line {k}" for k in range(i, 30, 3)] * 5
        assert [r.n for r in load_chat(storage, g)] == list(range(1, 51))
        assert storage.load_clock(g)["deadline"] == 1000.0 + max(range(i, 30, 3))
    storage.dispose()


def hold_writer(storage, when):  # type: ignore[no-untyped-def]
    """Make the database writer wait inside its transaction for each batch whose extra rows satisfy ``when``:
    returns (``inside``, set once it waits; ``release``, to set to let it store). Undo with
    ``del storage.append_batch``."""
    inside, release = threading.Event(), threading.Event()
    real = storage.append_batch

    def held(items, extras):  # type: ignore[no-untyped-def]
        if when(extras):
            inside.set()
            assert release.wait(10)
        return real(items, extras)

    storage.append_batch = held
    return inside, release


def test_a_message_acknowledged_over_the_socket_is_in_the_database_after_a_restart(db_url: str) -> None:
    """Messages sent in a burst, each followed by nothing: every ``chat_ack`` comes in the order sent, with
    numbers in that order, and a new server on the database has them all."""
    with TestClient(create_app(db_url)) as client:
        g = create(client, ["human", "human", "random"])
        t = tokens(g)
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({"type": "hello", "token": t[0]})
            assert ws.receive_json()["type"] == "state"
            for k in range(4):
                ws.send_json({"type": "chat", "text": f"line {k}", "ref": k})
            acks = []
            while len(acks) < 4:
                m = ws.receive_json()
                if m["type"] == "chat_ack":
                    acks.append((m["ref"], m["n"]))
            assert acks == [(0, 1), (1, 2), (2, 3), (3, 4)]
    with TestClient(create_app(db_url)) as client:  # a restart: what was acknowledged is there
        said = client.get(f"/api/games/{g['id']}/chat").json()["messages"]
        assert [(m["n"], m["text"]) for m in said] == [(1, "line 0"), (2, "line 1"), (3, "line 2"), (4, "line 3")]


def test_the_next_message_of_a_socket_is_not_held_behind_a_chat_commit(sqlite_url: str) -> None:
    """The writer is held inside the message's transaction: what the page sends next on the same socket (a ping
    here; a move likewise) is still read and answered, and the message is sent and acknowledged once stored."""
    with TestClient(create_app(sqlite_url)) as client:
        g = create(client, ["human", "human", "random"])
        t = tokens(g)
        storage = client.app.state.storage
        inside, release = hold_writer(storage, lambda extras: True)
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({"type": "hello", "token": t[0]})
            first = ws.receive_json()
            assert first["type"] == "state" and first["your_turn"]
            ws.send_json({"type": "chat", "text": "my turn!", "ref": "c"})
            assert inside.wait(10)
            ws.send_json({"type": "ping", "ref": "p"})
            before = []
            while not before or before[-1] != "pong":  # answered while the message's transaction is still open
                before.append(ws.receive_json()["type"])
            assert "chat" not in before and "chat_ack" not in before
            release.set()
            kinds = []
            while "chat_ack" not in kinds:
                kinds.append(ws.receive_json()["type"])
            assert kinds == ["chat", "chat_ack"]
        del storage.append_batch
        assert [r.text for r in load_chat(storage, g["id"])] == ["my turn!"]


def test_a_move_of_a_timed_game_is_shown_before_its_clock_row_is_stored(sqlite_url: str) -> None:
    """The writer is held while it stores the clock row of a move: every page already has the update (with the
    clock running for the next seat), and the mover's ack follows once the row is stored."""
    with TestClient(create_app(sqlite_url)) as client:
        r = client.post(
            "/api/games",
            json={
                "game": "great-fire",
                "num_players": 3,
                "seed": 7,
                "seats": [{"kind": "human"}] * 3,
                "clock": {"mode": "total", "seconds": 600, "increment": 5},
            },
        )
        assert r.status_code == 201, r.text
        g = r.json()
        t = tokens(g)
        storage = client.app.state.storage
        inside, release = hold_writer(storage, lambda extras: any(kind == "clock" for kind, _ in extras))
        with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
            ws.send_json({"type": "hello", "token": t[0]})
            m = ws.receive_json()
            assert m["type"] == "state" and m["your_turn"]
            while True:  # seat 0 plays until its turn passes: that move changes whose clock runs
                index, legal = m["index"], m["legal"]
                ws.send_json({"type": "act", "index": index, "action": legal[0]["id"], "ref": index})
                seen = []
                while not seen or seen[-1]["type"] != "update":
                    seen.append(ws.receive_json())
                m = seen[-1]
                if not m["your_turn"]:  # the turn passed: its clock row is stored just after the update
                    assert inside.wait(10), "the turn passed without a clock row to store"
                    break
                while not any(x.get("type") == "ack" and x.get("ref") == index for x in seen):
                    seen.append(ws.receive_json())
                assert m["your_turn"], "the turn passed without a clock row to store"
            assert not m["your_turn"] and m["index"] > index  # shown while its clock row is being stored
            assert all(x["type"] != "ack" for x in seen)  # but not acknowledged yet
            release.set()
            while seen[-1]["type"] != "ack":
                seen.append(ws.receive_json())
        del storage.append_batch
        clock = storage.load_clock(g["id"])
        assert clock is not None and clock["running"] == 1  # stored: the next seat's time runs
