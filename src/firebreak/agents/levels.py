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
        Level(
            "easy",
            "Easy",
            "Plays a sensible move most turns, without looking ahead, and now and then a careless one.",
            "greedy:blunder=0.4",
        ),
        Level("medium", "Medium", "Plans its whole turn before choosing.", "mcts:iterations=300"),
        Level(
            "hard",
            "Hard",
            "Plans its whole turn with five times the search; takes up to about a second a move.",
            "mcts:iterations=1500",
        ),
    )
}
"""The levels in the order a player meets them, easiest first. Easy is the one-step greedy bot that plays a random
move two times in five (it beats random and loses to greedy in every game); medium and hard are the search bot at
two budgets (hard stays within about a second a move on one core). Figures: the README's strength table."""


def level_spec(name: str) -> str | None:
    """The bot spec a level name stands for, or ``None`` if ``name`` is not a level."""
    level = LEVELS.get(name.strip().lower())
    return level.spec if level is not None else None


def bot_levels() -> list[Level]:
    """Every level, easiest first."""
    return list(LEVELS.values())
