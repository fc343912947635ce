"""A position evaluation for the Great Fire, used by greedy bots and search cut-offs.

It reads only the state it is given; bots call it on determinisations, so it never sees true hidden data.
The estimate is the player's running score minus the best rival's, less the houses and objectives that stand
next to uncontained fire (a fire move will likely reach them), plus a little for being placed to put out fire.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import GreatFireState


def _threat(state: "GreatFireState") -> list[float]:
    """For each district: 1.0 if an uncontained fire touches it (and it could burn), else 0."""
    board = state.board
    fire, bands = state.fire, state.bands
    out = [0.0] * board.num_districts
    for d in range(board.num_districts):
        if fire[d] > bands[d]:
            for t in board.fire_adjacent[d]:
                if not state.demolished[t] and fire[t] <= bands[t]:
                    out[t] = 1.0 if bands[t] == 0 else 0.4
    return out


def evaluate(state: "GreatFireState", player: int) -> float:
    board = state.board
    threat = _threat(state)
    n = state.num_players
    values = []
    for p in range(n):
        b = state.score_breakdown(p)
        colour = state.colour[p]
        at_risk = 0.0
        for d in range(board.num_districts):
            if threat[d]:
                at_risk += threat[d] * 2 * state.houses[d].count(colour)
        for o in state.objectives[p]:
            if state.houses[o]:
                at_risk += threat[o] * board.objective_vp[o] * 0.5
        values.append(b["total"] - 0.6 * at_risk)
    mine = values[player]
    rival = max(v for q, v in enumerate(values) if q != player) if n > 1 else 0.0
    lo = state.landowner[player]
    bonus = 0.0
    if lo >= 0 and 0 < state.fire[lo] <= state.bands[lo]:
        bonus += 0.3
    return mine - rival + bonus
