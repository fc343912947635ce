"""Which games, player counts and option sets the learning environments are tested on."""

from __future__ import annotations

from typing import Any

from firebreak.core import all_games

SHORT = {"catan": {"turn_limit": 15}}
"""Options that keep random games short enough for tests (Catan's random games otherwise run thousands of steps)."""

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "brigade": [{}, {"advanced": True, "big_buildings": True, "fire_festival": True, "addon_pack": True}],
    "catan": [
        {},
        {"mode": "classic", "layout": "random"},
        {"board": "seafarers"},
        {"board": "seafarers", "mode": "classic"},
    ],
    "great-fire": [{}, {"hidden_colours": True, "more_destruction": True}],
}


def game_counts() -> list[tuple[str, int]]:
    """Every game with every player count it allows."""
    return [(s.name, n) for s in all_games() for n in range(s.min_players, s.max_players + 1)]


def short(game: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {**SHORT.get(game, {}), **(options or {})}
