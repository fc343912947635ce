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
    """The longest trail in ``player``'s roads ``edges`` (every edge of ``edges`` is owned by ``player``); with
    ``ship`` (the board's ship flags), the Longest Trade Route over roads and ships.

    Counted after every piece laid or ship moved, so on the path of every random game: first every crossing is
    split into the crossings a trail can tell apart (a rival's building into one dead end per piece; on the
    Seafarers board a crossing without the player's building into one for roads and one for ships), after which
    a trail is simply a walk using no edge twice. Then the network's tree-like fringe is peeled off leaf by leaf,
    each crossing keeping the two deepest branches peeled off it: what is left (the core, its cycles) is walked
    trail by trail, each trail counted with the deepest branches at its two ends. A trail that enters a peeled
    branch can never come back out, so it is the start or the end of the trail. A network without a cycle has no
    core, and its longest trail is found by the peeling alone, in linear time.

    ``edge_owner`` is not read (the caller's ``edges`` are the player's); kept so that callers stay as they were.
    """
    if not edges:
        return 0
    sea = ship is not None and any(ship[e] for e in edges)
    edge_nodes = topo.edge_nodes
    split = topo.num_nodes
    adj: dict[int, list[int]] = {}  # split crossing -> the split crossings one piece away (never two pieces)
    dead_end = -1
    for e in edges:
        a, b = edge_nodes[e]
        owner = node_owner[a]
        if owner != player:
            if owner == -1:
                if sea:
                    a += split * (1 + ship[e])  # type: ignore[index]
            else:  # a rival's building: a trail may end there, not pass
                a = dead_end
                dead_end -= 1
        owner = node_owner[b]
        if owner != player:
            if owner == -1:
                if sea:
                    b += split * (1 + ship[e])  # type: ignore[index]
            else:
                b = dead_end
                dead_end -= 1
        nbrs = adj.get(a)
        if nbrs is None:
            adj[a] = [b]
        else:
            nbrs.append(b)
        nbrs = adj.get(b)
        if nbrs is None:
            adj[b] = [a]
        else:
            nbrs.append(a)
    # Peel the leaves: ``first[x]`` and ``second[x]`` are the two deepest branches peeled off ``x`` (lengths),
    # ``best`` the longest trail within the peeled branches (two branches joined at one crossing).
    degree = {x: len(nbrs) for x, nbrs in adj.items()}
    leaves = [x for x, d in degree.items() if d == 1]
    first: dict[int, int] = {}
    second: dict[int, int] = {}
    best = 0
    for u in leaves:  # grows while peeling
        degree[u] = 0
        for w in adj[u]:
            if degree[w]:
                break
        else:  # the last piece of a tree, peeled from its other end
            continue
        h = first.get(u, 0) + 1
        top = first.get(w, 0)
        if h > top:
            second[w] = top
            first[w] = h
            joined = h + top
        else:
            if h > second.get(w, 0):
                second[w] = h
            joined = top + second[w] if w in second else top
        if joined > best:
            best = joined
        left = degree[w] - 1
        degree[w] = left
        if left == 1:
            leaves.append(w)
    if len(leaves) == len(adj):  # no cycle: the branches are everything
        return best
    return max(best, _core_trail(adj, degree, first, second))


def _core_trail(
    adj: dict[int, list[int]], degree: dict[int, int], first: dict[int, int], second: dict[int, int]
) -> int:
    """The longest trail of a network whose fringe has been peeled (``degree`` 0) into branches (the deepest and
    second deepest at each crossing, ``first`` and ``second``), that runs through the core (what is left): every
    trail of the core from every crossing of it, lengthened at each end by the deepest branch peeled there (at a
    closed trail's one end, by the two deepest)."""
    core = [x for x in adj if degree[x]]
    steps: dict[int, list[tuple[int, int]]] = {x: [] for x in core}  # (bit of the edge, crossing it leads to)
    bit = 1
    for x in core:
        for y in adj[x]:
            if degree[y] and x < y:
                steps[x].append((bit, y))
                steps[y].append((bit, x))
                bit <<= 1
    end = {x: first.get(x, 0) for x in core}  # a trail ending at x ends down its deepest branch

    def walk(x: int, used: int, length: int, start: int, back: int) -> int:
        longest = 0
        for step, y in steps[x]:
            if used & step:
                continue
            here = length + 1 + (back if y == start else end[y])  # back at the start: its second branch
            further = walk(y, used | step, length + 1, start, back)
            if here > longest:
                longest = here
            if further > longest:
                longest = further
        return longest

    # A longest trail starts where the core branches or a branch was peeled off: at a crossing passed straight
    # through (two core pieces, nothing peeled) an open trail could be lengthened backwards by the other piece,
    # and a closed one can be started elsewhere on it, unless the part is a bare cycle (one start of its own).
    starts = [x for x in core if end[x] or len(steps[x]) != 2]
    covered = set(starts)
    queue = starts[:]
    while True:
        while queue:
            for _, y in steps[queue.pop()]:
                if y not in covered:
                    covered.add(y)
                    queue.append(y)
        bare = next((x for x in core if x not in covered), None)
        if bare is None:
            break
        starts.append(bare)
        covered.add(bare)
        queue.append(bare)
    best = 0
    for start in starts:
        found = end[start] + walk(start, 0, 0, start, second.get(start, 0))
        if found > best:
            best = found
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
