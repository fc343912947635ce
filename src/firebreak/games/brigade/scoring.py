"""The Brigade's score sheet: how each seat's score adds up as the rulebook counts it.

Only Loyal Blocks score (their printed value, stolen or not); a destroyed block's marker never scores. Renown on
the board scores nothing and a Fire Chief wins outright: both are listed at no points so the sheet explains the
result, and every seat's lines sum to :meth:`BrigadeState.scores`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firebreak.core.text import plural

from .data import AFFILIATIONS
from .narrate import ENDINGS
from .tables import N_POS

if TYPE_CHECKING:
    from .state import BrigadeState


def score_sheet(s: "BrigadeState") -> list[list[tuple[str, float]]]:
    sheets: list[list[tuple[str, float]]] = []
    for p in range(s.num_players):
        lines: list[tuple[str, float]] = []
        for aff, aff_name in enumerate(AFFILIATIONS):
            held = [q for q in range(N_POS) if s.loyal[q] == p and not s.destroyed[q] and s.st_aff[q] == aff]
            if held:
                lines.append(
                    (f"Loyalty: {aff_name}, {plural(len(held), 'block')}", float(sum(s.st_value[q] for q in held)))
                )
        if not lines:
            lines.append(("Loyalty: no blocks", 0.0))
        renown = sum(s.renown[q * 4 + p] for q in range(N_POS) if not s.destroyed[q])
        lines.append((f"Renown on the board: {plural(renown, 'token')} (scores nothing)", 0.0))
        if s.over and s.winner == p and s.end_reason in ("faction", "citizens"):
            lines.append((f"Fire Chief by the {ENDINGS[s.end_reason]} (wins outright)", 0.0))
        sheets.append(lines)
    return sheets
