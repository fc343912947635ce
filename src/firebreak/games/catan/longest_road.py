"""Longest Road: the longest trail (no edge used twice) in one player's roads.

A rival's settlement or city on a node breaks the road there: a trail may end at such a node but not pass
through it. Cycles are handled because edges, not nodes, may not repeat.

On the Seafarers board the same count over roads and ships is the Longest Trade Route: a trail passes from a
road to a ship (or back) only at the player's own settlement or city.
"""

from __future__ import annotations

from .topology import Topology


def longest_road(topo: Topology, player: int, edges: list[int], edge_owner: list[int], node_owner: list[int],
                 ship: list[int] | None = None) -> int:
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


def _add_network_cycle_starts(starts: list[int], adj: dict[int, list[tuple[int, int]]]) -> None:
    """Append one start for each component of the network ``adj`` that no start reaches (a pure cycle has no
    end to start from), so every trail is walked from somewhere."""
    covered = set(starts)
    stack = list(starts)
    while True:
        while stack:
            for _, v in adj[stack.pop()]:
                if v not in covered:
                    covered.add(v)
                    stack.append(v)
        rest = [n for n in adj if n not in covered]
        if not rest:
            return
        starts.append(rest[0])
        covered.add(rest[0])
        stack.append(rest[0])


def _longest_route(topo: Topology, player: int, edges: list[int], edge_owner: list[int], node_owner: list[int],
                   ship: list[int]) -> int:
    """The Longest Trade Route: as above, over roads and ships, changing between them only at the player's own
    building."""
    node_edges = topo.node_edges
    edge_nodes = topo.edge_nodes

    def walk(node: int, used: int, kind: int) -> int:
        longest = 0
        mine = node_owner[node] == player
        for e in node_edges[node]:
            if edge_owner[e] != player or used >> e & 1:
                continue
            k = ship[e]
            if kind >= 0 and k != kind and not mine:
                continue  # a road and a ship meet here without a settlement or city: no passage
            a, b = edge_nodes[e]
            nxt = b if a == node else a
            owner = node_owner[nxt]
            if owner != -1 and owner != player:
                length = 1
            else:
                length = 1 + walk(nxt, used | (1 << e), k)
            longest = max(longest, length)
        return longest

    # As above, a longest trail may be taken to start where the network does not simply pass through: a
    # crossing of degree other than 2, a rival's building, or a crossing where a road meets a ship without the
    # player's building (a dead end for both); pure cycles get one start each.
    deg: dict[int, int] = {}
    kinds: dict[int, int] = {}
    for e in edges:
        for v in edge_nodes[e]:
            deg[v] = deg.get(v, 0) + 1
            kinds[v] = kinds.get(v, 0) | (2 if ship[e] else 1)
    starts = [n for n, d in deg.items() if d != 2 or (node_owner[n] != -1 and node_owner[n] != player)
              or (kinds[n] == 3 and node_owner[n] != player)]
    _add_cycle_starts(starts, deg, node_edges, edge_nodes, edge_owner, player)
    best = 0
    total = len(edges)
    for n in starts:
        length = walk(n, 0, -1)
        if length > best:
            best = length
            if best == total:
                break
    return best


def _add_cycle_starts(starts: list[int], deg: dict[int, int], node_edges, edge_nodes, edge_owner,
                      player: int) -> None:
    """Append one start for each part of the network that no start reaches (a pure cycle has no end to start
    from), so every trail of the player's routes is walked from somewhere."""
    covered = set(starts)
    stack = list(starts)
    pending = [n for n in deg if n not in covered]
    while True:
        while stack:
            u = stack.pop()
            for e in node_edges[u]:
                if edge_owner[e] == player:
                    a, b = edge_nodes[e]
                    v = b if a == u else a
                    if v not in covered:
                        covered.add(v)
                        stack.append(v)
        rest = [n for n in pending if n not in covered]
        if not rest:
            return
        starts.append(rest[0])
        covered.add(rest[0])
        stack.append(rest[0])
