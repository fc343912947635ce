"""Helpers shared by the server tests: create games, reference states, hidden-information checks."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from firebreak.core import GameState, get_game


def create(client: TestClient, seats: list[str], game: str = "great-fire", seed: int = 7,
           options: dict[str, Any] | None = None, takeover_after: int = 120) -> dict[str, Any]:
    """Create a game whose seats are 'human' or a bot spec; returns the creation response."""
    body = {
        "game": game, "num_players": len(seats), "seed": seed, "options": options or {},
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


def error_code(response: Any) -> str:
    return response.json()["error"]["code"]
