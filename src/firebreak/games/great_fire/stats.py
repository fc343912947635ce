"""Per-game statistics for the lab: where the fire went and how the game was decided."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import GreatFireState


def game_stats(state: "GreatFireState") -> dict[str, Any]:
    board = state.board
    burnt = [board.names[d] for d in range(board.num_districts)
             if board.size[d] and not state.houses[d] and not state.demolished[d]]
    demolished = [board.names[d] for d in range(board.num_districts) if state.demolished[d]]
    return {
        "turns": state.turn + 1,
        "districts_burnt": burnt,
        "districts_demolished": demolished,
        "houses_lost": sum(state.lost),
        "fires_put_out": sum(state.put_out),
        "fire_cones_on_board": sum(state.fire),
        "hero_of_london": state.hero if state.hero >= 0 else None,
        "tokens_taken": sum(len(h) for h in state.held) + len(state.spent_tokens),
    }
