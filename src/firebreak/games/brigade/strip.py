"""The Brigade's seats in a player strip (see :class:`firebreak.core.SeatSummary`) and the question heading the
action panel. Everything here is public in the Brigade: scores come from Loyalty markers on the board, crew
members are played face up, and the supplies of renown and Loyalty markers lie in front of each player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firebreak.core import SeatSummary

from .tables import tables

if TYPE_CHECKING:
    from .state import BrigadeState

SWATCHES = {"white": "#ffffff", "black": "#000000", "pink": "#CC79A7", "orange": "#E69F00"}  # as the board


def seat_summaries(state: "BrigadeState", viewer: int | None) -> list[SeatSummary]:
    scores = state.scores()
    out = []
    for p in range(state.num_players):
        colour = tables().colours[state.colour[p]]
        out.append(
            SeatSummary(
                colour=SWATCHES.get(colour),
                colour_name=colour.title(),
                score=scores[p],
                counts=(
                    ("crew member", len(state.crew[p])),
                    ("Renown token", state.renown_left[p]),
                    ("Loyalty marker", state.loyalty_left[p]),
                ),
            )
        )
    return out


def question(state: "BrigadeState", viewer: int | None) -> str:
    """The prompt of the decision under way, to the seat deciding; others are told who decides."""
    if state.over:
        return "Game over."
    seat = state.current_player()
    if seat != viewer:
        return f"{state.player_name(seat)} to play."
    text = state.prompt() or "choose"
    return text[:1].upper() + text[1:] + "."
