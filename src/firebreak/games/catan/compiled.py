"""Catan's compiled rules (``_catan.c``): one ``Board`` per player count and board, kept on the layout.

The main phase's legal actions, a roll's payout and the Longest Road (Trade Route) were most of a random game's
time in Python (see README, issue 28). Where the extension was built, :attr:`Layout.compiled
<firebreak.games.catan.actions.Layout.compiled>` holds a ``Board`` that answers them from the state's own lists;
where it was not (no C compiler) or ``FIREBREAK_PURE_PYTHON=1``, it is ``None`` and the Python paths answer, with
the same lists in the same order (tests/catan/test_compiled_rules.py holds the two equal in random games).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firebreak.core.encoding import compiled_module

from .board import GOLD
from .constants import COST_SHIP, KNIGHT, MONOPOLY, ROAD_BUILDING_CARD, YEAR_OF_PLENTY

if TYPE_CHECKING:
    from .actions import Layout
    from .topology import Topology


def compiled_board(lay: Layout, t: Topology) -> Any | None:
    """The compiled rules of one layout's board, or ``None`` where the extension was not built or is turned off."""
    module = compiled_module(f"{__package__}._catan")
    if module is None:
        return None
    from .actions import END_TURN  # (actions.py builds its layouts' boards with this function)

    offsets = (
        lay.road,
        lay.settle,
        lay.city,
        lay.station,
        lay.ship,
        lay.move_from,
        lay.buy_dev,
        lay.knight,
        lay.road_building,
        lay.yop,
        lay.monopoly,
        lay.maritime,
        END_TURN,
    )
    return module.Board(
        t.node_edges,
        t.edge_nodes,
        t.edge_land,
        t.edge_sea,
        t.hex_nodes,
        t.hex_edges,
        offsets,
        (KNIGHT, ROAD_BUILDING_CARD, YEAR_OF_PLENTY, MONOPOLY),
        tuple(COST_SHIP),
        GOLD,
        lay.size,
    )
