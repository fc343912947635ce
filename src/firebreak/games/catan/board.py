"""Laying out a board: terrain, number tokens and harbour kinds, fixed (beginner) or random.

The random layout follows the usual fairness constraint: no 6 and 8 on neighbouring hexes (red numbers apart).
Harbour positions are those of the frame; on a random board their kinds are shuffled among the positions.
"""

from __future__ import annotations

from firebreak.core import OptionError, Rng

from .data import RESOURCE_NAMES, BoardData, SeaBoardData
from .topology import Topology

DESERT = 5
GOLD = 6
"""A Seafarers gold field: produces one resource of the owner's choice per settlement, two per city."""
SEA = 7
TERRAIN_INDEX = {name: i for i, name in enumerate(RESOURCE_NAMES)} | {"desert": DESERT, "gold": GOLD}
TERRAIN_NAMES = (*RESOURCE_NAMES, "desert", "gold field", "sea")
"""Each terrain index as players read it."""
GENERIC = 5
"""Harbour kind 0-4 is a 2:1 harbour for that resource; 5 is a generic 3:1 harbour; -1 no harbour."""
HARBOUR_INDEX = {name: i for i, name in enumerate(RESOURCE_NAMES)} | {"generic": GENERIC}
RED_NUMBERS = (6, 8)
NO_BEGINNER_56 = "the 5-6 player extension has no beginner layout (its rules lay the terrain at random)"
"""Why the beginner layout is refused for 5-6 players on the base board: the option's declared limit and the
check here (for a state built without the spec's validation) say the same."""


def red_numbers_apart(topo: Topology, numbers: tuple[int, ...] | list[int]) -> bool:
    """True when no 6 or 8 is next to another 6 or 8."""
    for h, n in enumerate(numbers):
        if n in RED_NUMBERS:
            for g in topo.hex_neighbors[h]:
                if numbers[g] in RED_NUMBERS:
                    return False
    return True


def lay_out(topo: Topology, kind: str, rng: Rng) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Return (terrain per hex, number per hex (0 on deserts), harbour kind per node)."""
    if topo.sea:
        return _lay_out_sea(topo, kind, rng)
    data = topo.data
    assert isinstance(data, BoardData)  # (a board without sea)
    harbour_kinds = [HARBOUR_INDEX[h.kind] for h in data.harbours]
    if kind == "beginner":
        if data.beginner is None:
            raise OptionError(f"{NO_BEGINNER_56}: choose layout random")
        terrain = [TERRAIN_INDEX[t] for t in data.beginner.terrain]
        numbers = list(data.beginner.numbers)
    else:
        terrain = [TERRAIN_INDEX[name] for name, count in data.terrain_counts.items() for _ in range(count)]
        rng.shuffle(terrain)
        tokens = list(data.number_tokens)
        while True:  # rejection sampling: about one try in a few succeeds
            rng.shuffle(tokens)
            it = iter(tokens)
            numbers = [0 if t == DESERT else next(it) for t in terrain]
            if red_numbers_apart(topo, numbers):
                break
        rng.shuffle(harbour_kinds)
    node_harbour = [-1] * topo.num_nodes
    for e, k in zip(topo.harbour_edges, harbour_kinds):
        for n in topo.edge_nodes[e]:
            node_harbour[n] = k
    return tuple(terrain), tuple(numbers), tuple(node_harbour)


def _lay_out_sea(topo: Topology, kind: str, rng: Rng) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """A Seafarers scenario: terrain and numbers shuffled within the main island and within the small islands,
    harbour kinds among the harbour positions. No scenario sheet prints a fixed deal, so the ``beginner``
    layout is one fixed deal of the same shuffle (firebreak's own, the same in every game)."""
    from firebreak.core import Rng as _Rng

    from .topology import _xy

    data = topo.data
    assert isinstance(data, SeaBoardData)  # (the topology of a Seafarers board)
    if kind == "beginner":
        rng = _Rng(1)
    pos = {c: h for h, c in enumerate(topo.hex_center)}
    areas = [
        ([pos[_xy(*h)] for h in data.main_island.hexes], data.main_island.terrain, data.main_island.numbers),
        ([pos[_xy(*h)] for g in data.islands.hexes for h in g], data.islands.terrain, data.islands.numbers),
    ]
    terrain = [SEA] * topo.num_hexes
    numbers = [0] * topo.num_hexes
    for hexes, counts, _tokens in areas:
        pool = [TERRAIN_INDEX[name] for name, count in counts.items() for _ in range(count)]
        rng.shuffle(pool)
        for h, t in zip(hexes, pool):
            terrain[h] = t
    while True:
        for hexes, _counts, tokens in areas:
            pool = list(tokens)
            rng.shuffle(pool)
            it = iter(pool)
            for h in hexes:
                numbers[h] = 0 if terrain[h] == DESERT else next(it)
        if red_numbers_apart(topo, numbers):
            break
    harbour_kinds = [HARBOUR_INDEX[name] for name, count in data.harbour_kinds.items() for _ in range(count)]
    rng.shuffle(harbour_kinds)
    node_harbour = [-1] * topo.num_nodes
    for e, k in zip(topo.harbour_edges, harbour_kinds):
        for n in topo.edge_nodes[e]:
            node_harbour[n] = k
    return tuple(terrain), tuple(numbers), tuple(node_harbour)
