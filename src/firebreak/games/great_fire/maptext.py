"""The Great Fire's map as text: the board's outlines rasterised onto a grid of characters, for the terminal.

Each character cell stands for the map point at its centre and belongs to the district (or field) whose outline
holds that point, to the Thames, or to nothing. Where two neighbouring cells belong to different places, the
left or upper one draws the border (``|``, ``-``, or ``/`` and ``\\`` where it runs aslant); along the River
Fleet the border is drawn as river (``~``), and the city wall as ``#`` wherever it runs. Every place carries its
code (districts upper case, fields lower case) inside its own cells, as near its label point as it fits, so each
one can be found by the code the district list gives.

The grid depends on the board only, so it is worked out once per width (:func:`layout`); :func:`draw` then fills
in a position: the state mark after each district's code, and the same mark filling the district (``*`` fire,
``+`` contained fire, ``.`` burnt out, ``x`` demolished), so the fire's extent shows at a glance.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import ceil, hypot

from . import geometry as geo
from .data import Board
from .tables import tables_by_key

WIDTH = 78
"""Columns of the map: it fits an 80-column terminal, and reads the same in a wider one."""
CELL_ASPECT = 1.4
"""A character cell is about 1.8 times as tall as it is wide; the map is drawn as if it were 1.4, a little
stretched north to south, so the small districts of the City get room for their codes."""
OUTSIDE, RIVER = -1, -2
LEGEND = (
    "Marks: * fire (not contained)  + contained fire  . burnt out  x demolished",
    "       : field (no fire enters)  ~ the Thames and the Fleet  # the city wall",
    "Each code is named in the list of districts below.",
)


@dataclass(frozen=True)
class Layout:
    """The board on a grid: ``owner[r][c]`` is the space at a cell (or OUTSIDE / RIVER), ``base[r][c]`` the
    character drawn there before the position is filled in (border, river, wall or blank), and ``labels[i]``
    where space ``i``'s code starts (row, column); a district's code is followed by its mark."""

    owner: tuple[tuple[int, ...], ...]
    base: tuple[tuple[str, ...], ...]
    labels: tuple[tuple[int, int], ...]

    @property
    def rows(self) -> int:
        return len(self.owner)


def _runs_along(p: tuple[float, float], line: tuple[tuple[float, float], ...], way: str, within: float) -> bool:
    """Whether the polyline passes within ``within`` of ``p`` on a stretch running roughly the border's way (``|``
    upright, ``-`` level, ``/`` or ``\\`` any), so a wall crossing a border is not mistaken for one along it."""
    for a, b in zip(line, line[1:]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        if (way == "|" and abs(dy) < abs(dx) / 2) or (way == "-" and abs(dx) < abs(dy) / 2):
            continue
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
        if hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy) < within:
            return True
    return False


Frame = tuple[float, float, float, float]
"""The part of the map drawn: left, top, width and height in map units."""


def _frame(board: Board) -> Frame:
    """The districts and fields, and a strip of the Thames below them (the rest of the map is left out)."""
    x0, y0, x1, y1 = geo.bbox([p for outline in board.outlines for p in outline])
    return x0, y0, x1 - x0, (y1 - y0) * 1.04


def _owners(board: Board, frame: Frame, cols: int, rows: int) -> list[list[int]]:
    left, top, w, h = frame
    boxes = [geo.bbox(o) for o in board.outlines]
    grid = []
    for r in range(rows):
        y = top + (r + 0.5) * h / rows
        row = []
        for c in range(cols):
            x = left + (c + 0.5) * w / cols
            at = OUTSIDE
            for i, poly in enumerate(board.outlines):
                x0, y0, x1, y1 = boxes[i]
                if x0 <= x <= x1 and y0 <= y <= y1 and geo.point_in_polygon((x, y), poly):
                    at = i
                    break
            if at == OUTSIDE and len(board.thames) >= 3 and geo.point_in_polygon((x, y), board.thames):
                at = RIVER
            row.append(at)
        grid.append(row)
    return grid


def _borders(board: Board, frame: Frame, owner: list[list[int]], cols: int, rows: int) -> list[list[str]]:
    """The base characters: river, then the border each cell draws on its right or lower side: ``|`` or ``-``,
    ``\\`` where a border going down steps to the right, ``/`` across a corner cut from the lower right."""
    left, top, w, h = frame
    cw, ch = w / cols, h / rows
    base = [["~" if owner[r][c] == RIVER else " " for c in range(cols)] for r in range(rows)]
    for r in range(rows):
        for c in range(cols):
            here = owner[r][c]
            right = owner[r][c + 1] if c + 1 < cols else here
            below = owner[r + 1][c] if r + 1 < rows else here
            corner = owner[r + 1][c + 1] if r + 1 < rows and c + 1 < cols else here
            if here == RIVER and {right, below} <= {RIVER, OUTSIDE}:
                continue
            if right != here and (here >= 0 or right >= 0):
                mid, within = (left + (c + 1) * cw, top + (r + 0.5) * ch), cw * 0.75
                if below == here:
                    base[r][c] = "\\" if corner == here else "|"
                else:
                    base[r][c] = "/" if right == below else "|"
            elif below != here and (here >= 0 or below >= 0):
                mid, within = (left + (c + 0.5) * cw, top + (r + 1) * ch), ch * 0.75
                base[r][c] = "-"
            else:
                continue
            if _runs_along(mid, board.fleet, base[r][c], within):
                base[r][c] = "~"
    # The wall is drawn where it runs, whether along borders or across a district (a gate ward straddles it).
    for a, b in zip(board.wall, board.wall[1:]):
        steps = max(1, ceil(hypot(b[0] - a[0], b[1] - a[1]) / (min(cw, ch) / 3)))
        for k in range(steps + 1):
            x, y = a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps
            r, c = int((y - top) / ch), int((x - left) / cw)
            if 0 <= r < rows and 0 <= c < cols and owner[r][c] != RIVER and base[r][c] != "~":
                base[r][c] = "#"
    return base


def room(board: Board, i: int) -> int:
    """The cells space ``i``'s label takes: its code, and a mark after a district's."""
    return len(board.codes[i]) + (0 if board.grassed_space[i] else 1)


def _place_labels(
    board: Board, frame: Frame, owner: list[list[int]], base: list[list[str]], cols: int, rows: int
) -> list[tuple[int, int]]:
    """Where each space's code goes: inside its own blank cells, nearest its label point; failing that over its
    own border cells; failing that starting in one of its cells and running over its neighbours' (a narrow
    district still gets its code); failing that (a district too small for a single cell) in the nearest free
    cells."""
    left, top, w, h = frame
    cw, ch = w / cols, h / rows
    taken = [[False] * cols for _ in range(rows)]
    # The smallest places first, so the big ones, with room to spare, give way.
    counts = [0] * board.num_districts
    for row in owner:
        for i in row:
            if i >= 0:
                counts[i] += 1
    order = sorted(range(board.num_districts), key=lambda i: (counts[i], i))
    # Every place a code could start, nearest the label point first (offsets from it, in cells).
    offsets = sorted(
        ((dr, dc) for dr in range(-rows, rows + 1) for dc in range(-cols, cols + 1)),
        key=lambda o: (hypot(o[1], o[0] * CELL_ASPECT), o),
    )
    spots: dict[int, tuple[int, int]] = {}
    for i in order:
        size = room(board, i)
        lx, ly = board.label_at[i]
        r0, c0 = min(rows - 1, int((ly - top) / ch)), min(cols - size, max(0, round((lx - left) / cw - size / 2)))
        tiers = (
            lambda r, c, k: owner[r][c] == i and base[r][c] == " ",
            lambda r, c, k: owner[r][c] == i,
            lambda r, c, k: k > 0 or owner[r][c] == i,
            lambda r, c, k: True,
        )
        spot = next(
            (
                (r0 + dr, c0 + dc)
                for fits in tiers
                for dr, dc in offsets
                if 0 <= r0 + dr < rows
                and 0 <= c0 + dc <= cols - size
                and all(not taken[r0 + dr][c0 + dc + k] and fits(r0 + dr, c0 + dc + k, k) for k in range(size))
            ),
            None,
        )
        assert spot is not None, "the map has no room left for a code"
        r, c = spot
        for k in range(size):
            taken[r][c + k] = True
        spots[i] = (r, c)
    return [spots[i] for i in range(board.num_districts)]


@lru_cache(maxsize=8)
def layout(cols: int = WIDTH, board_key: str | None = None) -> Layout:
    """A board (``None``: the packaged one; else a variant's, by its key) on a grid ``cols`` characters wide
    (worked out once per board and width)."""
    board = tables_by_key(board_key).board
    frame = _frame(board)
    rows = max(1, round(frame[3] / (frame[2] / cols) / CELL_ASPECT))
    owner = _owners(board, frame, cols, rows)
    base = _borders(board, frame, owner, cols, rows)
    labels = _place_labels(board, frame, owner, base, cols, rows)
    return Layout(tuple(map(tuple, owner)), tuple(map(tuple, base)), tuple(labels))


def draw(marks: list[str], cols: int = WIDTH, board_key: str | None = None) -> list[str]:
    """The map's lines with each space's state mark (``marks[i]``: one character, ``" "`` for none) after its
    code and filling its blank cells; fields are dotted with ``:``."""
    board = tables_by_key(board_key).board
    lay = layout(cols, board_key)
    grid = [list(row) for row in lay.base]
    for r, row in enumerate(lay.owner):
        for c, i in enumerate(row):
            if i >= 0 and grid[r][c] == " ":
                grid[r][c] = ":" if board.grassed_space[i] else marks[i]
    for i, (r, c) in enumerate(lay.labels):
        text = board.codes[i] + ("" if board.grassed_space[i] else marks[i])
        for k, ch in enumerate(text):
            grid[r][c + k] = ch
    return ["".join(row).rstrip() for row in grid]
