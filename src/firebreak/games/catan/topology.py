"""Board topology: hexes, nodes (intersections), edges (paths) and harbours as integer indices.

Everything here is computed once per board from the hex rows in the data file and shared (read-only) by every
game state, so the rules only ever index tuples of ints.

Geometry uses integer coordinates: a pointy-topped hex centred at (X, Y) has its corners at
(X, Y-2), (X+1, Y-1), (X+1, Y+1), (X, Y+2), (X-1, Y+1), (X-1, Y-1) -- corner k, clockwise from the top; side k
joins corner k and k+1 (0 north-east, 1 east, 2 south-east, 3 south-west, 4 west, 5 north-west).
"""

from __future__ import annotations

from functools import cache

from firebreak.core import DataFileError

from .data import SIDE_NAMES, BoardData, SeaBoardData, board_data, sea_board_data

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
        "edge_hexes",
        "edge_index",
        "edge_land",
        "edge_nodes",
        "edge_sea",
        "harbour_edges",
        "hex_center",
        "hex_edges",
        "hex_island",
        "hex_labels",
        "hex_neighbors",
        "hex_nodes",
        "hex_sea",
        "node_edges",
        "node_hexes",
        "node_island",
        "node_land",
        "node_nodes",
        "node_xy",
        "num_edges",
        "num_hexes",
        "num_islands",
        "num_land",
        "num_nodes",
        "pirate_start",
        "sea",
    )

    def __init__(self, data: BoardData | SeaBoardData) -> None:
        self.data = data
        self.sea = isinstance(data, SeaBoardData)
        centers: list[tuple[int, int]] = []
        sea_flags: list[bool] = []
        if isinstance(data, SeaBoardData):
            centers, sea_flags = _sea_centers(data)
        else:
            mid = (len(data.rows) - 1) / 2
            for i, length in enumerate(data.rows):
                r = i - mid
                for j in range(length):
                    centers.append((-(length - 1) + 2 * j, round(3 * r)))
            sea_flags = [False] * len(centers)
        self.hex_center = tuple(centers)
        self.hex_sea = tuple(sea_flags)
        self.num_land = sum(1 for x in sea_flags if not x)
        self.num_hexes = len(centers)
        corner_pts: set[tuple[int, int]] = set()
        for cx, cy in centers:
            for dx, dy in CORNER_OFFSETS:
                corner_pts.add((cx + dx, cy + dy))
        ordered = sorted(corner_pts, key=lambda p: (p[1], p[0]))
        index = {p: i for i, p in enumerate(ordered)}
        self.node_xy = tuple(ordered)
        self.num_nodes = len(ordered)
        self.hex_nodes = tuple(tuple(index[(cx + dx, cy + dy)] for dx, dy in CORNER_OFFSETS) for cx, cy in centers)
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
            tuple(
                pos[(cx + dx, cy + dy)]
                for dx, dy in ((2, 0), (-2, 0), (1, 3), (-1, 3), (1, -3), (-1, -3))
                if (cx + dx, cy + dy) in pos
            )
            for cx, cy in centers
        )
        # A side is coastal when only one hex has it (base boards) or it lies between land and sea (Seafarers).
        side_count: dict[int, int] = {}
        edge_hexes: list[list[int]] = [[] for _ in self.edge_nodes]
        for h, hn in enumerate(self.hex_nodes):
            for k in range(6):
                e = self.edge_of(hn[k], hn[(k + 1) % 6])
                side_count[e] = side_count.get(e, 0) + 1
                edge_hexes[e].append(h)
        self.edge_hexes = tuple(tuple(x) for x in edge_hexes)
        self.hex_edges = tuple(tuple(self.edge_of(hn[k], hn[(k + 1) % 6]) for k in range(6)) for hn in self.hex_nodes)
        sea = self.hex_sea
        # Roads go on sides of land hexes; ships on sides touching the sea between two hexes of the frame.
        self.edge_land = tuple(any(not sea[h] for h in hs) for hs in self.edge_hexes)
        self.edge_sea = tuple(len(hs) == 2 and any(sea[h] for h in hs) for hs in self.edge_hexes)
        self.node_land = tuple(any(not sea[h] for h in hs) for hs in self.node_hexes)
        self.coastal_sides = tuple(
            (h, k)
            for h, hn in enumerate(self.hex_nodes)
            if not sea[h]
            for k in range(6)
            if (
                side_count[self.edge_of(hn[k], hn[(k + 1) % 6])] == 1
                or self.edge_sea[self.edge_of(hn[k], hn[(k + 1) % 6])]
            )
        )
        coastal = {self.edge_of(self.hex_nodes[h][k], self.hex_nodes[h][(k + 1) % 6]) for h, k in self.coastal_sides}
        harbour_edges = []
        used: set[int] = set()
        for hx, side in _harbour_sides(data, pos):
            hn = self.hex_nodes[hx]
            e = self.edge_of(hn[side], hn[(side + 1) % 6])
            if e not in coastal:
                raise DataFileError(f"board {data.name}: harbour on hex {hx} side {side} is not on the coast")
            a, b = self.edge_nodes[e]
            if a in used or b in used:
                raise DataFileError(f"board {data.name}: harbours on hex {hx} side {side} share a node")
            used.update((a, b))
            harbour_edges.append(e)
        self.harbour_edges = tuple(harbour_edges)
        # Islands: groups of land hexes joined side to side; the island where players start is number 0.
        island = [-1] * self.num_hexes
        main_first = 0
        if isinstance(data, SeaBoardData):
            main_first = pos[_xy(*data.main_island.hexes[0])]
        count = 0
        for start in [main_first] + list(range(self.num_hexes)):
            if sea[start] or island[start] >= 0:
                continue
            island[start] = count
            stack = [start]
            while stack:
                u = stack.pop()
                for g in self.hex_neighbors[u]:
                    if not sea[g] and island[g] < 0:
                        island[g] = count
                        stack.append(g)
            count += 1
        self.hex_island = tuple(island)
        self.num_islands = count
        self.node_island = tuple(next((island[h] for h in hs if not sea[h]), -1) for hs in self.node_hexes)
        self.pirate_start = -1
        if isinstance(data, SeaBoardData) and data.pirate:
            self.pirate_start = pos[_xy(*data.pirate)]
        self.hex_labels = tuple(
            hex_label(h) if h < self.num_land else f"S{h - self.num_land + 1}" for h in range(self.num_hexes)
        )

    def edge_of(self, a: int, b: int) -> int:
        return self.edge_index[(min(a, b), max(a, b))]


def _xy(row: int, col: int) -> tuple[int, int]:
    """A Seafarers data file's [row, column] as the integer centre used here."""
    return col, 3 * (row - 1) // 2


def _sea_centers(data: SeaBoardData) -> tuple[list[tuple[int, int]], list[bool]]:
    """Land hexes first (top to bottom, left to right), then the sea: the frame's rectangle and a ring of sea
    around every land hex, so each land side has a hex beyond it."""
    land = {_xy(*h) for h in data.main_island.hexes} | {_xy(*h) for g in data.islands.hexes for h in g}
    sea: set[tuple[int, int]] = set()
    for row in range(1, data.sea.rows + 1, 2):
        for col in range(1, data.sea.columns + 1):
            if (col % 2 == 0) == (row % 4 == 1):
                sea.add(_xy(row, col))
    for x, y in land:
        for dx, dy in ((2, 0), (-2, 0), (1, 3), (-1, 3), (1, -3), (-1, -3)):
            sea.add((x + dx, y + dy))
    sea -= land
    order = sorted(land, key=lambda p: (p[1], p[0])) + sorted(sea, key=lambda p: (p[1], p[0]))
    return order, [p in sea for p in order]


def _harbour_sides(data: BoardData | SeaBoardData, pos: dict[tuple[int, int], int]) -> list[tuple[int, int]]:
    if isinstance(data, SeaBoardData):
        return [(pos[_xy(*hb.at)], SIDE_NAMES.index(hb.side)) for hb in data.harbours]
    return [(hb.hex, hb.side) for hb in data.harbours]


@cache
def topology(num_players: int, board: str = "base") -> Topology:
    """The topology for a player count and board, built once: base (3-4: base board, 5-6: extension board) or
    seafarers (Heading for New Shores for 3, 4 or 5-6 players)."""
    n = min(max(num_players, 3), 6)
    if board == "seafarers":
        return Topology(sea_board_data(n))
    return Topology(board_data(n))
