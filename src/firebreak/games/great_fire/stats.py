"""Per-game statistics for the lab: where the fire went and how the game was decided."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firebreak.core.text import seat_label

if TYPE_CHECKING:
    from .state import GreatFireState


def game_stats(state: "GreatFireState") -> dict[str, Any]:
    """Numbers (averaged by the lab) and categories (reported as shares of games): the Hero of London's holder
    is a seat label, "P0", or "nobody" (pawn colours are dealt anew each game, so the seat is the stable name).

    ``fires_put_out`` counts every Put out Fire action of the game; ``put_out_cones_kept`` the cones still held at
    the end (cones go back to the stock when the board needs more and none are left: rule R3), so the two differ
    by what the fire took back."""
    put_out = state.codec.put_out
    board = state.board
    burnt = [
        board.names[d]
        for d in range(board.num_districts)
        if board.size[d] and not state.houses[d] and not state.demolished[d]
    ]
    demolished = [board.names[d] for d in range(board.num_districts) if state.demolished[d]]
    return {
        "turns": state.turn + 1,
        "districts_burnt": burnt,
        "districts_demolished": demolished,
        "houses_lost": sum(state.lost),
        "fires_put_out": sum(1 for a in state.history if a == put_out),
        "put_out_cones_kept": sum(state.put_out),
        "demolitions": len(demolished),
        "fire_cones_on_board": sum(state.fire),
        "hero_of_london": seat_label(state.hero) if state.hero >= 0 else "nobody",
        "tokens_taken": sum(len(h) for h in state.held) + len(state.spent_tokens),
    }
