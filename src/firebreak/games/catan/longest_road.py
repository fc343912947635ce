"""Longest Road: the longest trail (no edge used twice) in one player's roads.

A rival's settlement or city on a node breaks the road there: a trail may end at such a node but not pass
through it. Cycles are handled because edges, not nodes, may not repeat.

On the Seafarers board the same count over roads and ships is the Longest Trade Route: a trail passes from a
road to a ship (or back) only at the player's own settlement or city.
"""

from __future__ import annotations

from .topology import Topology


def longest_road(
    topo: Topology,
    player: int,
    edges: list[int],
    edge_owner: list[int],
    node_owner: list[int],
    ship: list[int] | None = None,
) -> int:
    """The longest trail in ``player``'s roads ``edges`` (every edge of ``edges`` is owned by ``player``)."""
    if not edges:
        return 0
    if ship is not None and any(ship[e] for e in edges):
        return _longest_route(topo, player, edges, edge_owner, node_owner, ship)
    # The network as adjacency lists, each step a (bit of the edge, node it leads to): the walk below then looks
    # only at the player's own roads, and marks them used in a small int (one bit per road, not per board edge).
    # Recomputed after every road placed, so this is on the path of every random game.
    edge_nodes = topo.edge_nodes
    adj: dict[int, list[tuple[int, int]]] = {}
    bit = 1
    for e in edges:
        a, b = edge_nodes[e]
        adj.setdefault(a, []).append((bit, b))
        adj.setdefault(b, []).append((bit, a))
        bit <<= 1
    blocked = {n for n in adj if node_owner[n] != -1 and node_owner[n] != player}

    def walk(node: int, used: int) -> int:
        longest = 0
        for step, nxt in adj[node]:
            if used & step:
                continue
            # the trail may reach a rival's building but not pass it
            length = 1 if nxt in blocked else 1 + walk(nxt, used | step)
            if length > longest:
                longest = length
        return longest

    # A longest trail can always be taken to start at a crossing whose degree in the player's road network is
    # not 2 (or at a rival's building): a trail starting at a degree-2 crossing can be extended backwards unless
    # it is closed, and a closed trail can be started anywhere on it. Components that are pure cycles of
    # degree-2 crossings get one start of their own.
    starts = [n for n, steps in adj.items() if len(steps) != 2 or n in blocked]
    if len(starts) < len(adj):
        _add_network_cycle_starts(starts, adj)
    best = 0
    total = len(edges)
    for n in starts:  # a trail may start at a rival's building: it leaves it without passing through
        length = walk(n, 0)
        if length > best:
            best = length
            if best == total:
                break
    return best


def network_part(topo: Topology, edges: list[int], e: int) -> list[int]:
    """The edges of ``edges`` connected to edge ``e`` through shared crossings (whoever's building stands there).

    Laying ``e`` changes only the longest trail of this part: every other part of the network is as it was, so
    the new longest trail is the old one or the longest in this part (see ``SeafarersMixin._route_after_laying``).
    """
    edge_nodes = topo.edge_nodes
    at: dict[int, list[int]] = {}
    for f in edges:
        for v in edge_nodes[f]:
            at.setdefault(v, []).append(f)
    seen = {e}
    stack = list(edge_nodes[e])
    visited = set(stack)
    while stack:
        for f in at.get(stack.pop(), ()):
            if f not in seen:
                seen.add(f)
                for v in edge_nodes[f]:
                    if v not in visited:
                        visited.add(v)
                        stack.append(v)
    return edges if len(seen) == len(edges) else [f for f in edges if f in seen]


def _add_network_cycle_starts(starts: list[int], adj: dict[int, list[tuple[int, ...]]]) -> None:
    """Append one start for each component of the network ``adj`` that no start reaches (a pure cycle has no
    end to start from), so every trail is walked from somewhere."""
    covered = set(starts)
    stack = list(starts)
    while True:
        while stack:
            for step in adj[stack.pop()]:
                v = step[1]
                if v not in covered:
                    covered.add(v)
                    stack.append(v)
        rest = [n for n in adj if n not in covered]
        if not rest:
            return
        starts.append(rest[0])
        covered.add(rest[0])
        stack.append(rest[0])


def _longest_route(
    topo: Topology, player: int, edges: list[int], edge_owner: list[int], node_owner: list[int], ship: list[int]
) -> int:
    """The Longest Trade Route: as above, over roads and ships, changing between them only at the player's own
    building."""
    # As in ``longest_road``, the network as adjacency lists of (bit of the edge, node it leads to, ship?), so the
    # walk looks only at the player's own roads and ships: every ship moved recomputes this, and random games on
    # the Seafarers board move ships all the time.
    edge_nodes = topo.edge_nodes
    adj: dict[int, list[tuple[int, int, int]]] = {}
    kinds: dict[int, int] = {}
    bit = 1
    for e in edges:
        a, b = edge_nodes[e]
        k = ship[e]
        adj.setdefault(a, []).append((bit, b, k))
        adj.setdefault(b, []).append((bit, a, k))
        kind = 2 if k else 1
        kinds[a] = kinds.get(a, 0) | kind
        kinds[b] = kinds.get(b, 0) | kind
        bit <<= 1
    blocked = {n for n in adj if node_owner[n] != -1 and node_owner[n] != player}
    mine = {n for n in adj if node_owner[n] == player}

    def walk(node: int, used: int, kind: int) -> int:
        longest = 0
        free = kind < 0 or node in mine  # a road and a ship meet only at the player's own building
        for step, nxt, k in adj[node]:
            if used & step or (not free and k != kind):
                continue
            length = 1 if nxt in blocked else 1 + walk(nxt, used | step, k)
            if length > longest:
                longest = length
        return longest

    # As above, a longest trail may be taken to start where the network does not simply pass through: a
    # crossing of degree other than 2, a rival's building, or a crossing where a road meets a ship without the
    # player's building (a dead end for both); pure cycles get one start each.
    starts = [n for n, steps in adj.items() if len(steps) != 2 or n in blocked or (kinds[n] == 3 and n not in mine)]
    if len(starts) < len(adj):
        _add_network_cycle_starts(starts, adj)
    best = 0
    total = len(edges)
    for n in starts:
        length = walk(n, 0, -1)
        if length > best:
            best = length
            if best == total:
                break
    return best
