"""The phases of a Great Fire turn, and how Fire Stack cards are marked in the deck."""

P_BAND, P_OWNER, P_FIRE, P_SECOND, P_DISCARD, P_INTENSIFY, P_ACTIONS, P_OVER = range(8)
PHASE_NAMES = (
    "place_trained_bands",
    "place_landowners",
    "expand_fire",
    "second_fire_move",
    "discard",
    "intensify",
    "actions",
    "game_over",
)
STACK = 10
"""Deck entries >= STACK are Fire Stack cards (STACK + 0 is card A)."""
