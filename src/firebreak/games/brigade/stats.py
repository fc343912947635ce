"""Per-game statistics for the lab: how the game ended and what the fire and the players did."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .tables import N_POS

if TYPE_CHECKING:
    from .state import BrigadeState


def game_stats(s: "BrigadeState") -> dict[str, Any]:
    """Per-game figures for the lab: numbers (averaged) and the way the game ended, a category reported as
    shares of games ("not over" for an unfinished game, so every game counts)."""
    return {
        "end_reason": s.end_reason or "not over",
        "turns": s.turn_number,
        "blocks_destroyed": s.n_destroyed,
        "university_destroyed": s.n_univ_destroyed,
        "fires_extinguished": s.n_extinguished,
        "loyalty_gained": s.n_loyalty_gained,
        "burning_at_end": sum(1 for pos in range(N_POS) if s.intensity[pos] > 0),
        "scores": s.scores(),
        "winners": s.winners(),
        "crew_recruited": sum(len(c) for c in s.crew),
        "decisions": len(s.history),
    }
