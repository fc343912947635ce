"""What a player strip shows of each seat: its colour, its score as far as a viewer may know it, and what it
holds, counted (cards, tokens, pieces left).

A front end draws the strip from these alone, for every game alike; each game says what its seats hold
(:meth:`firebreak.core.GameState.seat_summaries`). Built for one viewer: a rival's hidden score or hand is never
in it, only what that viewer may see (a count of cards, a public part of a score).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .text import plural


@dataclass(frozen=True)
class SeatSummary:
    """One seat's public facts for one viewer.

    ``colour``: a CSS colour for the seat's swatch (what every player sees of the seat, e.g. its pawn), or None.
    ``colour_name``: that colour in words, for players who cannot tell colours apart.
    ``score``: the score as far as the viewer may know it (None: nothing of it is public).
    ``score_hidden``: part of the score is hidden from this viewer (e.g. a rival's objectives), so ``score`` is
    only its public part.
    ``counts``: what the seat holds, as (singular noun, count), e.g. ``("fire card", 5)``.
    """

    colour: str | None = None
    colour_name: str = ""
    score: float | None = None
    score_hidden: bool = False
    counts: tuple[tuple[str, int], ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        for noun, n in self.counts:
            if not noun or n < 0:
                raise ValueError(
                    f"a seat summary counts a thing by a noun and a count of at least 0, not {noun!r}: {n}"
                )

    def score_text(self) -> str:
        """The score in words: ``"12 points"``, ``"5 points + hidden"``, ``"hidden"``."""
        if self.score is None:
            return "score hidden"
        shown = plural(self.score, "point")
        return f"{shown} + hidden" if self.score_hidden else shown

    def to_json(self) -> dict[str, Any]:
        return {
            "colour": self.colour,
            "colour_name": self.colour_name,
            "score": self.score,
            "score_hidden": self.score_hidden,
            "score_text": self.score_text(),
            "counts": [{"what": noun, "n": n, "text": plural(n, noun)} for noun, n in self.counts],
        }
