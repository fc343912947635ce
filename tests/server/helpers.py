"""Helpers shared by the server tests: create games, reference states, hidden-information checks."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from firebreak.core import GameState, get_game


def create(
    client: TestClient,
    seats: list[str],
    game: str = "great-fire",
    seed: int = 7,
    options: dict[str, Any] | None = None,
    takeover_after: int = 120,
) -> dict[str, Any]:
    """Create a game whose seats are 'human' or a bot spec; returns the creation response."""
    body = {
        "game": game,
        "num_players": len(seats),
        "seed": seed,
        "options": options or {},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        "takeover_after": takeover_after,
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def tokens(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if "token" in s}


def reference(created: dict[str, Any], history: list[int], seed: int = 7) -> GameState:
    """The game replayed locally from its public facts and the known seed (what the server must agree with)."""
    spec = get_game(created["game"])
    state = spec.new_game(created["num_players"], seed, created["options"])
    for a in history:
        state.apply(a)
    return state


def state_of(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def wait_until(pred: Callable[[], object], timeout: float = 10.0, what: str = "condition") -> None:
    """Poll ``pred`` until it holds, else fail after ``timeout`` seconds (generous ones: a loaded machine is slow,
    and a test that waits this way asserts what happens, never how fast)."""
    end = time.time() + timeout
    while time.time() < end:
        if pred():
            return
        time.sleep(0.05)
    if not pred():
        raise AssertionError(f"{what} not reached within {timeout:g} s")


def error_code(response: Any) -> str:
    return response.json()["error"]["code"]


class Held:
    """What a client holds of a game: the board and the view, whole from a ``state`` message (or an update that
    resends them), else changed by the update's ``svg_patch`` (``[at, delete, pieces]`` splices on the SVG cut
    before each "<g") and ``view_patch`` (``[path, value]`` sets, ``[path]`` deletes), as game.js does."""

    def __init__(self) -> None:
        self.pieces: list[str] | None = None
        self.view: Any = None

    def read(self, m: dict[str, Any]) -> str | None:
        """Rebuild the message's board and view into ``m["svg"]`` and ``m["view"]`` (so it reads as if sent
        whole); returns the board."""
        if "svg_patch" in m:
            assert self.pieces is not None, "a patch for a board never sent"
            for at, delete, insert in m["svg_patch"]:
                self.pieces[at : at + delete] = insert
            m["svg"] = "<g".join(self.pieces)
        else:
            self.pieces = m["svg"].split("<g") if m["svg"] else None
        if "view_patch" in m:
            assert self.view is not None, "a patch for a view never sent"
            for op in m["view_patch"]:
                if not op[0]:
                    self.view = op[1]
                    continue
                node = self.view
                for k in op[0][:-1]:
                    node = node[k]
                if len(op) == 1:
                    del node[op[0][-1]]
                else:
                    node[op[0][-1]] = op[1]
            m["view"] = copy.deepcopy(self.view)
        else:
            self.view = copy.deepcopy(m["view"])
        return m["svg"]


AGED_COLUMNS = {
    "games": ["created_at"],
    "seats": ["last_seen"],
    "actions": ["created_at"],
    "chat": ["created_at"],
    "clocks": ["started", "deadline"],
    "server_processes": ["started_at", "beat_at", "stopped_at"],
    "outages": ["began", "ended"],
}
"""Every stored time of the server's database (epoch seconds)."""


def age_database(url: str, seconds: float) -> None:
    """Move every time stored in a stopped server's database ``seconds`` into the past: to the next server to
    start, the same as had the last one stopped ``seconds`` earlier (a long outage, without waiting it out)."""
    from sqlalchemy import create_engine, inspect, text

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:
        tables = set(inspect(conn).get_table_names())
        for table, columns in AGED_COLUMNS.items():
            if table in tables:
                sets = ", ".join(f"{c} = {c} - :s" for c in columns)
                conn.execute(text(f"UPDATE {table} SET {sets}"), {"s": seconds})
    engine.dispose()


def play_forced(state: GameState) -> int:
    """Play on a reference state the forced steps the table plays by itself for people (one possible answer, see
    ``firebreak.core.forced``), as the server does after each move of a game of people only; how many."""
    from firebreak.core.forced import forced_choice

    played = 0
    while not state.is_terminal() and (only := forced_choice(state)) is not None:
        state.apply(only.action)
        played += 1
    return played
