"""Catan's seats in a player strip (see :class:`firebreak.core.SeatSummary`) and the question heading the action
panel. Resource and development cards (the classic rules' only: the Fire Stations rules have none) are counted
(every player sees how many a rival holds); a rival's score is its public victory points, marked as partly hidden
while they hold development cards (a victory point card stays secret until the end).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firebreak.core import SeatSummary

from .constants import OVER, PHASE_NAMES, SEAT_COLOURS
from .words import PHASE_TEXT

if TYPE_CHECKING:
    from .state import CatanState

SWATCHES = ("#0072B2", "#E69F00", "#CC79A7", "#000000", "#D55E00", "#56B4E9")  # as the board draws the seats


def seat_summaries(state: "CatanState", viewer: int | None) -> list[SeatSummary]:
    over = state.phase == OVER
    out = []
    for p in range(state.num_players):
        dev = sum(state.dev_hand[p])
        mine = over or p == viewer
        counts = [("resource card", sum(state.hands[p]))]
        if state.classic:  # the Fire Stations rules have no development cards: a count of none would only puzzle
            counts.append(("development card", dev))
        out.append(
            SeatSummary(
                colour=SWATCHES[p % len(SWATCHES)],
                colour_name=SEAT_COLOURS[p % len(SEAT_COLOURS)],
                score=state.total_vp(p) if mine else state.public_vp(p),
                score_hidden=not mine and dev > 0,
                counts=tuple(counts),
            )
        )
    return out


def question(state: "CatanState", viewer: int | None) -> str:
    """What the seat to act decides: to that seat as an instruction, to others naming who decides."""
    if state.phase == OVER:
        return "Game over."
    seat = state.current_player()
    you = seat == viewer
    who = state.player_name(seat)
    phase = PHASE_NAMES[state.phase]
    ordinal = "second" if state.setup_idx >= state.num_players else "first"
    if phase == "setup settlement":
        return (
            f"Set-up: place your {ordinal} settlement." if you else f"Set-up: {who} places their {ordinal} settlement."
        )
    if phase == "setup road":
        piece = "a road or a ship" if state.topo.sea else "a road"
        return (
            f"Set-up: place {piece} next to your {ordinal} settlement."
            if you
            else f"Set-up: {who} places {piece} next to their {ordinal} settlement."
        )
    doing = PHASE_TEXT.get(phase, phase).format(token="firestorm" if state.firestorm else "robber")
    if phase == "road building" and state.topo.sea:
        doing = "place free roads or ships (Road Building)"
    return f"{doing[:1].upper()}{doing[1:]}." if you else f"{who} to act: {doing}."
