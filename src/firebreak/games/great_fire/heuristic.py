"""A position evaluation for the Great Fire, used by greedy bots and search cut-offs.

It reads only the state it is given; bots call it on determinisations, so it never sees true hidden data.
The estimate is the player's running score minus the best rival's, less the houses and objectives that stand
next to uncontained fire (a fire move will likely reach them), plus a little for being placed to put out fire.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import GreatFireState


WIN_BONUS = 100.0
"""Added to a winner's evaluation of a finished game."""


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


def evaluate_all(state: "GreatFireState") -> list[float]:
    """:func:`evaluate` for every seat at once (search bots score a position for all seats; this shares the
    work of finding the threatened districts and each seat's standing)."""
    board = state.board
    over = state.is_terminal()
    threat = [0.0] * board.num_districts if over else _threat(state)  # no fire moves once the game is over
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
    out = []
    for p in range(n):
        rival = max(v for q, v in enumerate(values) if q != p) if n > 1 else 0.0
        lo = state.landowner[p]
        bonus = 0.3 if lo >= 0 and 0 < state.fire[lo] <= state.bands[lo] else 0.0
        out.append(values[p] - rival + bonus)
    if over:  # a finished game: the rulebook's winners (tie-breaks included) beat any lead by points
        for p in state.winners():
            out[p] += WIN_BONUS
    return out


def evaluate(state: "GreatFireState", player: int) -> float:
    return evaluate_all(state)[player]
