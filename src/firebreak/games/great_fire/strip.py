"""The Great Fire's seats in a player strip (see :class:`firebreak.core.SeatSummary`).

Every seat is shown by its landowner pawn's colour, public even with Hidden Colours. Fire cards and tokens are
counted; a rival's score is only its public part (houses, fires put out, Hero of London) while objectives and
token kinds stay hidden, and nothing of it when Hidden Colours keep the house colour (and so the houses' score)
secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firebreak.core import SeatSummary

from .view import COLOURS, status_line
from .phases import P_OVER

if TYPE_CHECKING:
    from .state import GreatFireState

PAWN_SWATCHES = {  # the pawns' colours as the board draws them (Okabe-Ito)
    "red": "#D55E00",
    "blue": "#0072B2",
    "green": "#009E73",
    "yellow": "#F0E442",
    "white": "#ffffff",
    "purple": "#CC79A7",
}


def seat_summaries(state: "GreatFireState", viewer: int | None) -> list[SeatSummary]:
    over = state.phase == P_OVER
    colours_public = not state.options["hidden_colours"] or over
    out = []
    for p in range(state.num_players):
        b = state.score_breakdown(p)
        if over or p == viewer:
            score: float | None = b["total"]
            hidden = False
        elif colours_public:
            score = b["houses"] + b["fires_put_out"] + b["hero_of_london"]
            hidden = True  # objectives and 1 VP tokens are the owner's secret until the end
        else:
            score, hidden = None, True
        pawn = COLOURS[state.pawn[p]]
        out.append(
            SeatSummary(
                colour=PAWN_SWATCHES.get(pawn),
                colour_name=f"{pawn.capitalize()} pawn",
                score=score,
                score_hidden=hidden,
                counts=(("fire card", sum(state.hands[p])), ("token", len(state.held[p]))),
            )
        )
    return out


def question(state: "GreatFireState", viewer: int | None) -> str:
    """The status sentence, addressed to ``viewer`` when the decision is theirs."""
    return status_line(state, viewer)
