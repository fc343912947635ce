"""Board places in the words players use: a corner, a path or a sea hex named by the hexes it touches.

Players see terrain, numbers and the hex letters on the board, never the index of an intersection or a path, so
every screen (choices, log, tooltips, terminal) names places from what is drawn:

- a land hex: ``the ore 3 hex (F)``; the desert ``the desert hex (J)``;
- a sea hex (Seafarers) by the land it touches: ``the sea east of the ore 3 hex (F)``, or for open water
  ``the open sea 2 hexes north-west of the ore 3 hex (F)``;
- a corner: ``the corner of the ore 3 (F), wool 11 (G) and lumber 10 (K) hexes``, ``the north corner of the
  ore 3 hex (F)`` on the coast;
- a path: ``between the ore 3 (F) and wool 11 (G) hexes``, ``on the north-east coast of the ore 3 hex (F)``, at sea
  ``off the north corner of the ore 3 hex (F)`` or, across a strait, ``between the south corner of the ore 6 hex (A)
  and the north corner of the grain 3 hex (F)``.

Each name is unique on its board (the hex letters make it so even when two hexes share terrain and number; the
compass words tell apart the corners and coasts of one hex); a test checks this on every board. Names are built
from the hexes, their corners and the corners' coordinates only, so the state (``of_state``) and anything holding
just a view (``of_view``: the SVG, the terminal) get the same words.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from firebreak.core.text import join_words

from .board import TERRAIN_NAMES

HexRow = tuple[str, str, int, tuple[int, ...]]
"""One hex as the view gives it: letter, terrain name, number (0 for none), its six corners clockwise from the top."""

_COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")


def compass(dx: float, dy: float) -> str:
    """The 8-point compass word for a step (dx, dy) in the topology's coordinates (y grows southwards; one unit
    of x is sqrt(3) units of y on the drawn board)."""
    angle = math.degrees(math.atan2(-dy, dx * math.sqrt(3)))
    return _COMPASS[round(angle / 45) % 8]


class PlaceNames:
    """Every hex, corner and path of one laid-out board named in words (see the module docstring)."""

    __slots__ = ("_hex_index", "_path", "corners", "hexes", "paths")

    def __init__(self, hexes: tuple[HexRow, ...], node_xy: tuple[tuple[int, int], ...]) -> None:
        self._hex_index = {row[0]: h for h, row in enumerate(hexes)}
        sea = [row[1] == "sea" for row in hexes]
        centre = [(sum(node_xy[n][0] for n in row[3]) / 6, sum(node_xy[n][1] for n in row[3]) / 6) for row in hexes]
        short = [_short(row) for row in hexes]  # "ore 3 (F)" for land
        node_hexes: list[list[int]] = [[] for _ in node_xy]
        edge_hexes: dict[tuple[int, int], list[int]] = {}
        for h, row in enumerate(hexes):
            ring = row[3]
            for k, n in enumerate(ring):
                node_hexes[n].append(h)
                u, v = sorted((n, ring[(k + 1) % 6]))
                edge_hexes.setdefault((u, v), []).append(h)

        def towards(a: tuple[float, float], b: tuple[float, float]) -> str:
            return compass(b[0] - a[0], b[1] - a[1])

        # hexes: land by terrain, number and letter; sea by the land beside it, or the nearest land
        names: list[str] = []
        land = [h for h in range(len(hexes)) if not sea[h]]
        for h in range(len(hexes)):
            if not sea[h]:
                names.append(f"the {short[h].replace(' (', ' hex (')}")
        taken: set[str] = set()
        sea_names: dict[int, str] = {}
        for h in range(len(hexes)):
            if not sea[h]:
                continue
            near = sorted(land, key=lambda g: (_steps(centre[h], centre[g]), g))
            for g in near:
                d = _steps(centre[h], centre[g])
                where = towards(centre[g], centre[h])
                name = (
                    f"the sea {where} of the {short[g].replace(' (', ' hex (')}"
                    if d == 1
                    else f"the open sea {d} hexes {where} of the {short[g].replace(' (', ' hex (')}"
                )
                if name not in taken:
                    break
            else:  # pragma: no cover - a board with more sea hexes than names (none is)
                raise ValueError(f"no unique name for sea hex {row[0]}")
            taken.add(name)
            sea_names[h] = name
        self.hexes = {row[0]: sea_names[h] if sea[h] else names[land.index(h)] for h, row in enumerate(hexes)}

        # corners: by the land hexes they touch; compass words where those alone are not enough
        corners: list[str] = []
        for n, (x, y) in enumerate(node_xy):
            touching = [h for h in node_hexes[n] if not sea[h]]
            if len(touching) == 3:
                corners.append(f"the corner of the {_group(short, touching)} hexes")
            elif len(touching) == 2:
                corners.append(f"the corner of the {_group(short, touching)} hexes")
            elif touching:
                h = touching[0]
                corners.append(f"the {towards(centre[h], (x, y))} corner of the {short[h].replace(' (', ' hex (')}")
            else:
                h = node_hexes[n][0]
                corners.append(f"the {towards(centre[h], (x, y))} corner of {self.hexes[hexes[h][0]]}")
        seen: dict[str, list[int]] = {}
        for n, name in enumerate(corners):
            seen.setdefault(name, []).append(n)
        for name, ns in seen.items():
            if len(ns) > 1:  # two land hexes meeting at both ends of their side: north and south corner
                for n in ns:
                    touching = [h for h in node_hexes[n] if not sea[h]]
                    mid = (
                        sum(centre[h][0] for h in touching) / len(touching),
                        sum(centre[h][1] for h in touching) / len(touching),
                    )
                    corners[n] = name.replace("the corner", f"the {towards(mid, node_xy[n])} corner", 1)
        self.corners = tuple(corners)

        # paths: between two land hexes, on a hex's coast, or out at sea off a coastal corner
        self._path: dict[tuple[int, int], str] = {}
        for (u, v), hs in edge_hexes.items():
            touching = [h for h in hs if not sea[h]]
            mid = ((node_xy[u][0] + node_xy[v][0]) / 2, (node_xy[u][1] + node_xy[v][1]) / 2)
            if len(touching) == 2:
                self._path[(u, v)] = f"between the {_group(short, touching)} hexes"
            elif touching:
                h = touching[0]
                self._path[(u, v)] = f"on the {towards(centre[h], mid)} coast of the {short[h].replace(' (', ' hex (')}"
            else:
                coast = [n for n in (u, v) if sum(not sea[h] for h in node_hexes[n]) == 1]
                if len(coast) == 2:  # a strait: from one coast's corner to the other's
                    self._path[(u, v)] = f"at sea between {corners[u]} and {corners[v]}"
                elif coast:  # a coastal corner has one path out to sea: this one
                    self._path[(u, v)] = f"at sea off {corners[coast[0]]}"
                else:
                    self._path[(u, v)] = (
                        f"at sea on the {towards(centre[hs[0]], mid)} side of {self.hexes[hexes[hs[0]][0]]}"
                    )
        self.paths = self._path

    def hex(self, label: str) -> str:
        """``the ore 3 hex (F)`` / ``the sea east of the ore 3 hex (F)``."""
        return self.hexes[label]

    def corner(self, n: int) -> str:
        """``the corner of the ore 3 (F), wool 11 (G) and lumber 10 (K) hexes``."""
        return self.corners[n]

    def path(self, u: int, v: int) -> str:
        """Where a road or ship goes, after its verb: ``between the ore 3 (F) and wool 11 (G) hexes``,
        ``on the north-east coast of the ore 3 hex (F)``, ``at sea off the north corner of the ore 3 hex (F)``."""
        return self._path[(min(u, v), max(u, v))]

    def the_path(self, u: int, v: int) -> str:
        """The path as a noun: ``the path between the ...``, ``the north-east coast of the ...``,
        ``the sea path off the north corner of ...``."""
        where = self.path(u, v)
        if where.startswith("on the "):
            return where[3:]
        if where.startswith("at sea "):
            return f"the sea path {where[7:]}"
        return f"the path {where}"


def _short(row: HexRow) -> str:
    """``ore 3 (F)``, ``desert (J)``: a hex inside a list of hexes."""
    label, terrain, number, _ = row
    return f"{terrain}{f' {number}' if number else ''} ({label})"


def _group(short: list[str], hexes: list[int]) -> str:
    return join_words(short[h] for h in hexes)


def _steps(a: tuple[float, float], b: tuple[float, float]) -> int:
    """Hexes between two hex centres (neighbours are 1 apart): centres step by (2, 0) or (1, 3)."""
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    rows = round(dy / 3)
    return int(rows + max(0, (dx - rows) / 2))


@lru_cache(maxsize=256)
def place_names(hexes: tuple[HexRow, ...], node_xy: tuple[tuple[int, int], ...]) -> PlaceNames:
    """The names of one laid-out board, built once per layout (bounded: one per live game at most)."""
    return PlaceNames(hexes, node_xy)


def of_view(view: dict[str, Any]) -> PlaceNames:
    """The place names of the board a view shows."""
    board = view["board"]
    return place_names(
        tuple((h["label"], h["terrain"], h["number"], tuple(h["nodes"])) for h in board["hexes"]),
        tuple((x, y) for x, y in board["node_xy"]),
    )


def of_state(state: Any) -> PlaceNames:
    """The place names of a game's board (the same as ``of_view`` of any of its views)."""
    t = state.topo
    return place_names(
        tuple(
            (t.hex_labels[h], TERRAIN_NAMES[state.terrain[h]], state.numbers[h], t.hex_nodes[h])
            for h in range(t.num_hexes)
        ),
        t.node_xy,
    )
