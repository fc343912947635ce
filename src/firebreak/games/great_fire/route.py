"""The path a fire cone takes: out of its district, through the burning districts, into the district it sets alight.

The rules let a cone cross "as many connected districts as you desire in any direction" through uncontained fire,
and only its last step, out of the fire, must follow the card. The engine's move generation never needs that path
(it grows whole fires as sets of districts); players do: "a cone leaves Pudding Lane via S. Bennet into Tallow Hall"
explains a South card burning a district west of Pudding Lane. So the path is worked out here, only when a move is
told (its event) or offered (its choice), never while legal moves are listed.

Which path: the shortest (fewest districts) through uncontained burning districts, along the fire links (arrows,
crosses, bridges; any direction inside the fire, as the engine's own search goes), to an exit district from which
the target lies along a link the card allows. Among equally short paths the one whose districts, compared in order
from the source, come first alphabetically by name: a rule that depends on the board's names only, not on the
order of its data file. Sets of districts are ints (bit ``d`` for district ``d``), as in the engine's fire search.
"""

from __future__ import annotations

from itertools import compress
from operator import gt

from .tables import PACKAGED, BoardTables


def uncontained_set(fire: list[int], bands: list[int], tables: BoardTables = PACKAGED) -> int:
    """The districts (as bits) whose fire is uncontained: more fire cones than trained bands."""
    compiled = tables.compiled_moves
    if compiled is not None:
        return compiled.uncontained(fire, bands)  # the same set, counted in C (see _fire.c)
    return sum(compress(tables.bits, map(gt, fire, bands)))


def fire_route(
    fire: list[int],
    bands: list[int],
    direction: int,
    src: int,
    tgt: int,
    uncontained: int | None = None,
    tables: BoardTables = PACKAGED,
) -> tuple[int, ...]:
    """The districts a cone passes, in order: ``src``, each burning district it crosses, then ``tgt``.

    ``fire`` and ``bands`` are the cones and trained bands per district before the move, ``uncontained`` (if the
    caller has it at hand) the districts they leave uncontained, as bits; ``direction`` is the card's (0-3: N, E,
    S, W); ``tables``: the board's (the game's ``state.tables``). The move must be legal; a target the fire cannot reach with that card raises ``ValueError`` (a caller's
    bug, never a player's input).

    Told with every fire move, so kept cheap: whole layers of districts are ints, and the loops run over the
    districts of one layer at a time.
    """
    compiled = tables.compiled_moves
    if compiled is not None:  # the same route (see _fire.c)
        route = compiled.route(fire, bands, direction, src, tgt)
        if route is None:
            names = tables.names
            raise ValueError(f"no route for a fire cone from {names[src]} into {names[tgt]}")
        return route  # type: ignore[no-any-return]
    into = tables.route_into[direction][tgt]
    if into >> src & 1:
        return (src, tgt)  # straight out of the source district, found without a search
    if uncontained is None:
        uncontained = uncontained_set(fire, bands, tables)
    adjacent = tables.route_adjacent
    start = 1 << src
    # Breadth first back from the exits (burning districts the card leads from into the target) through the
    # uncontained fire, until a layer reaches the source's neighbours: layer k lies k + 1 steps from the target.
    layer = seen = into & uncontained
    layers = []
    while not layer & adjacent[start]:
        if not layer:
            names = tables.names
            raise ValueError(f"no route for a fire cone from {names[src]} into {names[tgt]}")
        layers.append(layer)
        gathered = 0
        while layer:
            low = layer & -layer
            gathered |= adjacent[low]
            layer ^= low
        layer = gathered & uncontained & ~seen
        seen |= layer
    layers.append(layer)
    # Forward from the source, one step nearer the target each time, the alphabetically first district when
    # several are as near: the route that comes first by name among the shortest.
    route = [src]
    here = start
    rank = tables.route_rank
    for layer in reversed(layers):
        options = adjacent[here] & layer
        if options & (options - 1):
            best = options & -options
            options ^= best
            while options:
                low = options & -options
                if rank[low] < rank[best]:
                    best = low
                options ^= low
            here = best
        else:
            here = options
        route.append(here.bit_length() - 1)
    route.append(tgt)
    return tuple(route)


def route_names(route: tuple[int, ...], tables: BoardTables = PACKAGED) -> tuple[str, ...]:
    """A route as district names (the board's element names, as the map's ``data-place`` carries them)."""
    names = tables.names
    return tuple(names[d] for d in route)
