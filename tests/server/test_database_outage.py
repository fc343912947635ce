"""A database locked by another program stalls nothing else: the locked action gets a 503 with Retry-After, the
other requests are answered at once, and the games (their bots too) go on by themselves once the lock is gone."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from fastapi.testclient import TestClient

from firebreak.server import create_app

from .helpers import create, error_code, state_of, tokens


def hold_lock(db: Path, seconds: float, taken: threading.Event) -> None:
    """Another program's write transaction: BEGIN EXCLUSIVE held for ``seconds``."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN EXCLUSIVE")
    taken.set()
    time.sleep(seconds)
    conn.execute("ROLLBACK")
    conn.close()


def test_a_lock_held_by_another_connection_gives_503_and_the_games_go_on_after(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    with TestClient(create_app(f"sqlite:///{db}", bot_delay=0.3)) as client:
        g = create(client, ["human", "human", "human"])
        tok = tokens(g)[0]
        bots = create(client, ["random", "random", "random"], seed=11)  # plays on by itself, one move per 0.3 s
        other = create(client, ["human", "human", "human"], seed=5)
        time.sleep(0.5)
        taken = threading.Event()
        holder = threading.Thread(target=hold_lock, args=(db, 5.0, taken))
        holder.start()
        assert taken.wait(5)
        locked_at = time.time()
        s = state_of(client, g["id"], tok)
        start = time.perf_counter()
        r = client.post(
            f"/api/games/{g['id']}/actions",
            json={"index": 0, "action": s["legal"][0]["id"]},
            headers={"X-Seat-Token": tok},
        )
        assert r.status_code == 503 and error_code(r) == "database_unavailable", r.text
        assert r.headers["Retry-After"].isdigit() and "try again" in r.json()["error"]["message"]
        assert time.perf_counter() - start < 4.5  # refused before the lock went away
        while time.time() - locked_at < 4.5:  # the rest of the server answers at once throughout
            start = time.perf_counter()
            assert client.get("/api/catalog").status_code == 200
            assert state_of(client, other["id"])["index"] == 0  # (reading another game too)
            assert time.perf_counter() - start < 1.0
            time.sleep(0.1)
        during = state_of(client, bots["id"])["index"]
        holder.join()

        assert state_of(client, g["id"], tok)["index"] == 0  # the refused action changed nothing
        r = client.post(
            f"/api/games/{g['id']}/actions",
            json={"index": 0, "action": s["legal"][0]["id"]},
            headers={"X-Seat-Token": tok},
        )
        assert r.status_code == 200 and state_of(client, g["id"])["index"] == 1
        end = time.time() + 15  # the bots, refused while the lock was held, play on by themselves
        while time.time() < end and state_of(client, bots["id"])["index"] <= during + 2:
            time.sleep(0.2)
        assert state_of(client, bots["id"])["index"] > during + 2
