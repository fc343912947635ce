"""How the Great Fire names seats, tokens, directions and phases on every screen.

Seats are named by their landowner pawn's colour and seat number ("Purple (P0)"): the pawn stands on the board
for everyone to see, even with Hidden Colours (where the colour card, and so whose houses are whose, is secret).
"""

from __future__ import annotations

from firebreak.core.text import plural, seat_label

TOKEN_WORDS = {"demolition": "Demolition charge", "double_move": "Fire moves twice", "one_vp": "1 VP"}
"""Each token kind as the rulebook calls it."""


def seat_name(pawn: str, seat: int) -> str:
    """``"Purple (P0)"``: the pawn's colour (public) and the seat, counted from 0."""
    return f"{pawn.capitalize()} ({seat_label(seat)})"


def direction_word(direction: str) -> str:
    """A fire card's direction as printed on it: ``"east"`` -> ``"East"``."""
    return direction.capitalize()


def card_words(direction: str) -> str:
    """``"East card"``."""
    return f"{direction_word(direction)} card"


def token_word(kind: str) -> str:
    """A token kind in the rulebook's words (``"double_move"`` -> ``"Fire moves twice"``)."""
    return TOKEN_WORDS.get(kind, kind.replace("_", " "))


def hand_words(hand: dict[str, int]) -> str:
    """``{"east": 2, "north": 1}`` -> ``"2 East cards, 1 North card"`` (``"no cards"`` when empty)."""
    return ", ".join(plural(n, card_words(d)) for d, n in hand.items() if n) or "no cards"


def colour_word(colour: str) -> str:
    return colour.capitalize()
