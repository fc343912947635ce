"""Constants shared by the rules and the views: phases, resource and card indices, costs and limits.

Costs, supplies and thresholds come from data/components.yaml (validated when loaded).
"""

from .data import DEV_KINDS, RESOURCE_NAMES, components

# Phases
(
    SETUP_SETTLEMENT,
    SETUP_ROAD,
    PRE_ROLL,
    MAIN,
    DISCARD,
    MOVE_TOKEN,
    TAKE,
    ROAD_BUILDING,
    TRADE_RESPONSE,
    TRADE_CONFIRM,
    SPECIAL_BUILD,
    OVER,
) = range(12)
# Trading and fire payments (composing an offer step by step; choosing the cards paid to the fire)
TRADE_DRAFT, FIRE_PAY = 12, 13
# Seafarers phases: moving a ship (its new place), taking the resources of a gold field
SHIP_MOVE, GOLD_PICK = 14, 15
# Resources
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
# Development cards
KNIGHT, VICTORY_POINT, ROAD_BUILDING_CARD, YEAR_OF_PLENTY, MONOPOLY = range(5)

_C = components()
COST_ROAD = _C.costs.road.as_list()
COST_SETTLEMENT = _C.costs.settlement.as_list()
COST_CITY = _C.costs.city.as_list()
COST_DEV = _C.costs.development_card.as_list()
COST_STATION = _C.costs.fire_station.as_list()
COST_SHIP = _C.costs.ship.as_list()
PIECES = _C.pieces_per_player
WIN_VP = _C.victory_points_to_win
ROAD_MIN = _C.longest_road_min
ARMY_MIN = _C.largest_army_min
WARDENS_MIN = _C.fire_wardens_min
DISCARD_LIMIT = _C.discard_limit


SEAT_COLOURS = ("Blue", "Orange", "Pink", "Black", "Red", "Sky Blue")
"""Each seat's colour by name, as the board draws it (Okabe-Ito hues in svg.py, in this order)."""


def seat_name(seat: int) -> str:
    """How every screen names a seat: its colour and number from 0, ``"Orange (P1)"`` (``player_name``)."""
    return f"{SEAT_COLOURS[seat % len(SEAT_COLOURS)]} (P{seat})"


PHASE_NAMES = (
    "setup settlement",
    "setup road",
    "roll",
    "main",
    "discard",
    "move token",
    "take card",
    "road building",
    "trade response",
    "trade confirm",
    "special building",
    "over",
    "trade draft",
    "fire payment",
    # Seafarers
    "move ship",
    "gold field",
)

__all__ = ["DEV_KINDS", "PHASE_NAMES", "RESOURCE_NAMES"]
