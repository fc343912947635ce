"""Board topology: hexes, nodes (intersections), edges (paths) and harbours as integer indices.

Everything here is computed once per board from the hex rows in the data file and shared (read-only) by every
game state, so the rules only ever index tuples of ints.

Geometry uses integer coordinates: a pointy-topped hex centred at (X, Y) has its corners at
(X, Y-2), (X+1, Y-1), (X+1, Y+1), (X, Y+2), (X-1, Y+1), (X-1, Y-1) -- corner k, clockwise from the top; side k
joins corner k and k+1 (0 north-east, 1 east, 2 south-east, 3 south-west, 4 west, 5 north-west).
"""

from __future__ import annotations

from functools import cache

from .datafiles import BoardData, board_data

CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def hex_label(h: int) -> str:
    """A, B, ..., Z, AA, AB, ... (the rulebook names hexes by letters)."""
    if h < 26:
        return chr(65 + h)
    return chr(64 + h // 26) + chr(65 + h % 26)


class Topology:
    """The fixed graph of one board. Attributes are tuples so they can be shared between states."""

    __slots__ = (
        "coastal_sides",
        "data",
        "edge_index",
        "edge_nodes",
        "harbour_edges",
        "hex_center",
        "hex_labels",
        "hex_neighbors",
        "hex_nodes",
        "node_edges",
        "node_hexes",
        "node_nodes",
        "node_xy",
        "num_edges",
        "num_hexes",
        "num_nodes",
    )

    def __init__(self, data: BoardData) -> None:
        self.data = data
        centers: list[tuple[int, int]] = []
        mid = (len(data.rows) - 1) / 2
        for i, length in enumerate(data.rows):
            r = i - mid
            for j in range(length):
                centers.append((-(length - 1) + 2 * j, round(3 * r)))
        self.hex_center = tuple(centers)
        self.num_hexes = len(centers)
        corner_pts: set[tuple[int, int]] = set()
        for cx, cy in centers:
            for dx, dy in CORNER_OFFSETS:
                corner_pts.add((cx + dx, cy + dy))
        ordered = sorted(corner_pts, key=lambda p: (p[1], p[0]))
        index = {p: i for i, p in enumerate(ordered)}
        self.node_xy = tuple(ordered)
        self.num_nodes = len(ordered)
        self.hex_nodes = tuple(
            tuple(index[(cx + dx, cy + dy)] for dx, dy in CORNER_OFFSETS) for cx, cy in centers
        )
        edges: set[tuple[int, int]] = set()
        for hn in self.hex_nodes:
            for k in range(6):
                a, b = hn[k], hn[(k + 1) % 6]
                edges.add((min(a, b), max(a, b)))
        self.edge_nodes = tuple(sorted(edges))
        self.num_edges = len(self.edge_nodes)
        self.edge_index = {e: i for i, e in enumerate(self.edge_nodes)}
        node_hexes: list[list[int]] = [[] for _ in ordered]
        for h, hn in enumerate(self.hex_nodes):
            for n in hn:
                node_hexes[n].append(h)
        self.node_hexes = tuple(tuple(x) for x in node_hexes)
        node_nodes: list[list[int]] = [[] for _ in ordered]
        node_edges: list[list[int]] = [[] for _ in ordered]
        for e, (a, b) in enumerate(self.edge_nodes):
            node_nodes[a].append(b)
            node_nodes[b].append(a)
            node_edges[a].append(e)
            node_edges[b].append(e)
        self.node_nodes = tuple(tuple(x) for x in node_nodes)
        self.node_edges = tuple(tuple(x) for x in node_edges)
        pos = {c: h for h, c in enumerate(centers)}
        self.hex_neighbors = tuple(
            tuple(pos[(cx + dx, cy + dy)] for dx, dy in ((2, 0), (-2, 0), (1, 3), (-1, 3), (1, -3), (-1, -3))
                  if (cx + dx, cy + dy) in pos)
            for cx, cy in centers
        )
        # A side is coastal when only one hex has it.
        side_count: dict[int, int] = {}
        for hn in self.hex_nodes:
            for k in range(6):
                e = self.edge_of(hn[k], hn[(k + 1) % 6])
                side_count[e] = side_count.get(e, 0) + 1
        self.coastal_sides = tuple(
            (h, k) for h, hn in enumerate(self.hex_nodes) for k in range(6)
            if side_count[self.edge_of(hn[k], hn[(k + 1) % 6])] == 1
        )
        coastal = {self.edge_of(self.hex_nodes[h][k], self.hex_nodes[h][(k + 1) % 6]) for h, k in self.coastal_sides}
        harbour_edges = []
        used: set[int] = set()
        for hb in data.harbours:
            hn = self.hex_nodes[hb.hex]
            e = self.edge_of(hn[hb.side], hn[(hb.side + 1) % 6])
            if e not in coastal:
                from firebreak.core import DataFileError
                raise DataFileError(f"board {data.name}: harbour on hex {hb.hex} side {hb.side} is not on the coast")
            a, b = self.edge_nodes[e]
            if a in used or b in used:
                from firebreak.core import DataFileError
                raise DataFileError(f"board {data.name}: harbours on hex {hb.hex} side {hb.side} share a node")
            used.update((a, b))
            harbour_edges.append(e)
        self.harbour_edges = tuple(harbour_edges)
        self.hex_labels = tuple(hex_label(h) for h in range(self.num_hexes))

    def edge_of(self, a: int, b: int) -> int:
        return self.edge_index[(min(a, b), max(a, b))]


@cache
def topology(num_players: int) -> Topology:
    """The topology for a player count (3-4: base board, 5-6: extension board), built once."""
    return Topology(board_data(min(max(num_players, 3), 6)))
