"""Bot levels a player picks by name: ``easy``, ``medium`` and ``hard``.

Each level is a named bot spec, so a level is usable wherever a spec is (the CLI, the lab, the server) and the
lab's strength table can measure exactly what a player meets. The specs behind the names are tuned against
the strength targets in the README; the raw spec stays available to anyone who wants to set a bot by hand.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """A bot level: its name (also its spec), the words a player reads, and the spec it stands for."""

    name: str
    title: str
    description: str
    spec: str


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", "Easy", "Plays a sensible move each turn without looking ahead.", "greedy:samples=1"),
        Level("medium", "Medium", "Looks a few moves ahead before choosing.", "mcts:iterations=300"),
        Level("hard", "Hard", "Searches deeply; takes up to about a second a move.", "mcts:iterations=1500"),
    )
}
"""The levels in the order a player meets them, easiest first."""


def level_spec(name: str) -> str | None:
    """The bot spec a level name stands for, or ``None`` if ``name`` is not a level."""
    level = LEVELS.get(name.strip().lower())
    return level.spec if level is not None else None


def bot_levels() -> list[Level]:
    """Every level, easiest first."""
    return list(LEVELS.values())
