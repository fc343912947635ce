"""The Great Fire board as SVG for the browser: a map of London, drawn only from one seat's view.

Registered as ``GameSpec.svg``: ``render_svg(view, legal)`` gets the dict of ``GreatFireState.view`` and
the legal ``(id, text)`` pairs of the seat to act (empty for others), so it can show nothing that seat may not
see. The geometry is the board's data (``Board.outlines``, ``label_at``, ``links``, ``crosses``, the Thames, the
Fleet and its bridges, the wall and its gates, in map units with y growing south: the SVG's own units), so the
picture is the board file drawn, not a second description of it.

What the rulebook's board shows, and how it is drawn here (never by colour alone, for colour-blind players):
districts in their region's colour; objectives with a red banner and their VP in a circle; yellow name labels
where a token lies; every fire link a double-headed arrow at the shared border, each half pointing one way in
the colour of the fire card that moves fire that way (the head's direction says the same as its colour), the
four-way crosses as crosses of the four card colours; houses as small houses lettered with their colour's
initial; fire cones red with their count, trained bands as black cones (on top of the red cone when they hold
the fire, as on the table, and the district's outline dashed when the fire there is contained); landowners as
pawns lettered like the houses; face-down tokens as black squares with "?"; burnt districts ash-grey, demolished
ones hatched with their charge token. Where a name does not fit its district it is broken over two or three
lines at word boundaries, allowed over the border where it covers no other name, or else the district's code is
drawn (never a word cut short; the full name is in the tooltip and the aria-label). Where the map is drawn too small for names (a phone), the page shows each district's
code instead: every label holds both, the name in ``g.lod-near``, the code in ``g.lod-far`` (hidden unless the
page shows it).

Layers, bottom to top: the Thames; every district's shape (``g.district``); the Fleet, its bridges, the wall, its
gates, the arrows and crosses; every district's name and pieces (``g.district-label``); the compass; the legend.
Each shape group carries ``data-place`` with the district's name (the names ``action_choices`` uses as sources,
targets, previews and paths), ``data-x``/``data-y`` with its label point (a page draws a fire's path through
them), a tooltip and an aria-label that say everything on it. Only the shapes take the pointer: the rivers, the
arrows and the name layer (which carries ``data-place`` too, to follow the highlights, but is ``aria-hidden``)
let it through, so a click or tap lands on the district under it. The older ``data-action`` (a district ending
exactly one legal action) is kept for pages that still click it. The viewer's hand in the legend is drawn card by
card (``data-group="East card"``): a page lights what a card can reach when it is hovered or tapped.
"""

from __future__ import annotations

import colorsys
import math
from collections import Counter
from functools import lru_cache
from operator import itemgetter
from typing import Any
from xml.sax.saxutils import quoteattr

from firebreak.core.svg import escape_text as escape, text_helper
from firebreak.core.text import join_words, plural, seat_label

from .data import DIRECTIONS, Board
from .tables import tables_by_key
from .names import card_words, colour_word, token_word

LEGEND_ROW = 34
LEGEND_WIDTH = 1320
"""The narrowest picture the legend's columns fit in (a smaller map is drawn at the left of it)."""
BASE_WIDTH = 1600.0
"""The map width the sizes below are chosen for; a map of another width scales them with it."""
NAME_SIZE = 22
"""A district name's font size in map units at BASE_WIDTH: at least 11 px on a 1280x800 screen, where the whole
map is about 870 px wide (tests/web/test_map.py measures it)."""
CODE_SIZE = 48
"""A district code's font size in map units at BASE_WIDTH. On a 390 px phone the whole map is about 380 px wide
and a name would be 5 px: there the map shows each district's code instead (the terminal map's two letters, on
the name's banner), at least 11 px, until the player zooms in far enough for the names (the page swaps them,
common.js MapView, by the svg's ``data-name-size``; tests/web/test_map.py measures both)."""
HOUSE_COLOURS = {  # Okabe-Ito, with a letter on every house
    "red": ("#D55E00", "#ffffff"),
    "blue": ("#0072B2", "#ffffff"),
    "green": ("#009E73", "#ffffff"),
    "yellow": ("#F0E442", "#000000"),
    "white": ("#ffffff", "#000000"),
    "purple": ("#CC79A7", "#000000"),
}
FIRE, FIRE_INK, BAND = "#D55E00", "#8a2d00", "#111111"
VECTORS = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}
VECTORS.update(
    {
        a + b: ((VECTORS[a][0] + VECTORS[b][0]) / math.sqrt(2), (VECTORS[a][1] + VECTORS[b][1]) / math.sqrt(2))
        for a in "NS"
        for b in "EW"
    }
)
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
LEGEND_COLS = (8, 280, 390, 790, 970, 1070, 1190)
LEGEND_HEADS = ("Player", "colour", "landowner in", "fire cards", "tokens", "cones kept", "score")
SHEET_COLS = (8, 290, 430, 610, 770, 930, 1130)
"""Columns of the game-over score sheet: player, then the rulebook's sources (houses, fires put out, objectives,
1 VP tokens, Hero of London) and the total."""
# A player's row of the legend, preformatted around its y and text (as _t(x, y, text, 19, weight=...) draws it).
_COL_OPEN = tuple(f'<text x="{x:.1f}" y="' for x in LEGEND_COLS)
_ROW_NORMAL = '" font-size="19" text-anchor="start" font-weight="normal" fill="#1d1d1f" >'
_ROW_BOLD = '" font-size="19" text-anchor="start" font-weight="bold" fill="#1d1d1f" >'
_NO_POINTER = ' pointer-events="none"'


def text_width(text: str, size: float) -> float:
    """A generous estimate of a line's drawn width (0.6 em a character: wide sans-serif faces stay inside it)."""
    return len(text) * size * 0.6


def code_width(code: str, size: float) -> float:
    """A district code's drawn width: two bold capitals, up to 0.72 em each in the wide faces (W, M)."""
    return len(code) * size * 0.72


def _code_places(board: Any, spaces: list[int], u: float) -> list[tuple[float, float]]:
    """Where each space's code is drawn: at its name's point, two codes that would touch pushed apart.

    A code is far larger than a name (``CODE_SIZE``), so two districts whose name points are close (Austin
    Friars and Lothbury side by side, Leadenhall above Lime Street) would draw their codes over each other; each
    gives way by half the overlap along the axis that needs the smaller move, a few rounds.
    """
    size = CODE_SIZE * u
    at = [list(board.label_at[i]) for i in spaces]
    half = [code_width(board.codes[i], size) / 2 + 6 * u for i in spaces]  # the banner and a little air
    tall = size * 1.25  # the text's whole line box, as a browser measures it, and a little air
    live = [k for k, i in enumerate(spaces) if board.region[i] != "grassed"]
    for _ in range(8):
        moved = False
        for a_k, a in enumerate(live):
            for b in live[a_k + 1 :]:
                over_x = half[a] + half[b] - abs(at[a][0] - at[b][0])
                over_y = tall - abs(at[a][1] - at[b][1])
                if over_x > 0 and over_y > 0:
                    axis, over = (0, over_x) if over_x <= over_y else (1, over_y)
                    side = 1 if at[a][axis] >= at[b][axis] else -1
                    at[a][axis] += side * over / 2
                    at[b][axis] -= side * over / 2
                    moved = True
        if not moved:
            break
    return [(x, y) for x, y in at]


def name_width(text: str, size: float) -> float:
    """A district name's drawn width: names are bold, which the wide faces draw at up to 0.64 em a character."""
    return len(text) * size * 0.64


_t = text_helper(gap_without_extra=" ")  # texts with no further attributes end `fill="…" >`, as always drawn


def _mt(x: float, y: float, text: str, size: float, fill: str, extra: str = "") -> str:
    """A text of the name layer, whose group sets ``font-weight="bold" text-anchor="middle"`` for all of them
    (a third of a board's bytes are these texts: each repeating both would add some 20 KB)."""
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{round(size, 1):g}" fill="{fill}"{extra}>{escape(text)}</text>'


def _pts(points: Any) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def region_fill(colour: str) -> str:
    """A region's colour as a district's fill: its hue, light enough for black names and strong enough that the
    four regions are told apart at a glance (a very pale or very strong colour in the data is brought to that)."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue, light, sat = colorsys.rgb_to_hls(r, g, b)
    r, g, b = colorsys.hls_to_rgb(hue, min(max(light, 0.74), 0.8), max(sat, 0.5) if sat > 0.05 else sat)
    return "#" + "".join(f"{round(c * 255):02x}" for c in (r, g, b))


def _chord(outline: tuple[tuple[float, float], ...], x: float, y: float, dy: float = 0.0) -> float:
    """The width of the polygon along the horizontal line through (x, y + dy), centred on x."""
    y += dy
    xs = []
    n = len(outline)
    for k in range(n):
        (x0, y0), (x1, y1) = outline[k], outline[(k + 1) % n]
        if (y0 <= y < y1) or (y1 <= y < y0):
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    xs.sort()
    for k in range(0, len(xs) - 1, 2):
        if xs[k] <= x <= xs[k + 1]:
            return min(x - xs[k], xs[k + 1] - x) * 2  # centred on x: the nearer side bounds it
    return 0.0


def _word_forms(name: str) -> list[tuple[str, ...]]:
    """The ways to draw ``name`` in whole words, best first: one line, then two, then three (the most even cuts
    first). A name is never cut inside a word: "Cheap." or "Linco. Gray." make a player guess at the place."""
    words = name.split()
    n = len(words)
    two = sorted(
        ((" ".join(words[:j]), " ".join(words[j:])) for j in range(1, n)),
        key=lambda form: max(len(line) for line in form),
    )
    three = sorted(
        (
            (" ".join(words[:j]), " ".join(words[j:k]), " ".join(words[k:]))
            for j in range(1, n)
            for k in range(j + 1, n)
        ),
        key=lambda form: max(len(line) for line in form),
    )
    return [(name,), *two, *three]


def name_lines(name: str, room: float, size: float, code: str) -> tuple[str, ...]:
    """The name as drawn in ``room`` map units, in whole words on one, two or three lines; where no form fits,
    the district's code (the name is in the tooltip and the aria-label, and ``_widen`` tries the whole words
    again over the district's borders)."""
    for form in _word_forms(name):
        if max(name_width(line, size) for line in form) <= room + size * 0.64:  # the estimate is generous
            return form
    return (code,)


def _label_box(
    x: float, y: float, lines: tuple[str, ...], size: float, u: float, row: float = 0.0
) -> tuple[float, float, float, float]:
    """The box a district's name (and the row of ``row`` map units above it: houses, VP) takes on the map."""
    lh = size * 1.08
    half = max(max(name_width(line, size) for line in lines), row) / 2 + 5 * u
    top = y - lh * len(lines) / 2 - (27 * u if row else 2 * u)
    return (x - half, top, x + half, y + lh * len(lines) / 2 + 3 * u)


def _widen(
    board: Any, names: tuple[str, ...], spaces: list[int], lines: list[tuple[str, ...]], size: float, u: float
) -> None:
    """Give each name drawn as its code its whole words where they fit beside the other names, over its borders.

    A name is first fitted inside its district (``name_lines``); in the crowded middle of the City many do not
    fit. Drawn over the borders (on its banner or halo) the whole name reads, so long as it covers no other name
    or row of houses and stays on the map: on one line, then two, then three. Where none fits, the code stays
    (the tooltip names the district).
    """
    map_w, _ = board.map_size
    rows = [board.size[i] * 25 * u + (30 * u if board.objective_vp[i] else 0) for i in spaces]
    at = [board.label_at[i] for i in spaces]
    boxes = [_label_box(x, y, drawn, size, u, row) for (x, y), drawn, row in zip(at, lines, rows)]
    for k in sorted(range(len(names)), key=lambda k: len(names[k])):  # the short names first: more of them fit
        name = names[k]
        if " ".join(lines[k]) == name:
            continue
        for form in _word_forms(name):
            box = _label_box(at[k][0], at[k][1], form, size, u, rows[k])
            if (
                box[0] >= 0
                and box[2] <= map_w
                and not any(
                    j != k and box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3]
                    for j, b in enumerate(boxes)
                )
            ):
                lines[k], boxes[k] = form, box
                break


def _arrow(x: float, y: float, d: str, length: float, u: float, colour: str, extra: str = "") -> str:
    """Half of a link: a shaft from (x, y) with a head pointing ``d``, ``length`` long, in the card's colour."""
    vx, vy = VECTORS[d]
    px, py = -vy, vx
    shaft, head, wide = 3.2 * u, length * 0.45, 9.5 * u
    bx, by = x + vx * (length - head), y + vy * (length - head)
    tx, ty = x + vx * length, y + vy * length
    points = (
        (x + px * shaft, y + py * shaft),
        (bx + px * shaft, by + py * shaft),
        (bx + px * wide, by + py * wide),
        (tx, ty),
        (bx - px * wide, by - py * wide),
        (bx - px * shaft, by - py * shaft),
        (x - px * shaft, y - py * shaft),
    )
    return (
        f'<path{extra} data-dir="{d}" d="M{_pts(points).replace(" ", " L")} Z" fill="{colour}" '
        f'stroke="#1d1d1f" stroke-width="{1.3 * u:.1f}" stroke-linejoin="round"/>'
    )


class _Static:
    """Everything of the drawing that depends only on the board (and which spaces the view lists).

    Built once per board by :func:`_static`: the play server renders the board once per viewer per update, and
    the rivers, the wall, the arrows, the crosses and every district's shape and name never change in a game.
    """

    __slots__ = ("compass", "ends_on", "head", "map_h", "name_lengths", "name_size", "places", "tail", "width")

    def __init__(self, board: Board, names: tuple[str, ...]) -> None:
        map_w, map_h = board.map_size
        u = map_w / BASE_WIDTH
        self.width, self.map_h = max(map_w, LEGEND_WIDTH), map_h
        colours: dict[str, str] = dict(zip(DIRECTIONS, board.card_colours))
        size = NAME_SIZE * u
        self.name_size = round(size, 2)
        head = [
            (
                "<defs>"
                f'<pattern id="gf-hatch" width="{12 * u:.1f}" height="{12 * u:.1f}" patternUnits="userSpaceOnUse" '
                'patternTransform="rotate(45)"><rect width="100%" height="100%" fill="#d9d6cf"/>'
                f'<line x1="0" y1="0" x2="0" y2="{12 * u:.1f}" stroke="#1d1d1f" stroke-width="{3 * u:.1f}"/>'
                "</pattern>"
                f'<pattern id="gf-ash" width="{16 * u:.1f}" height="{16 * u:.1f}" patternUnits="userSpaceOnUse">'
                '<rect width="100%" height="100%" fill="#6f6862"/>'
                f'<path d="M0 {12 * u:.1f} l{6 * u:.1f} -{5 * u:.1f} l{4 * u:.1f} {3 * u:.1f}" stroke="#8d857e" '
                'fill="none"/></pattern>'
                f'<pattern id="gf-grass" width="{14 * u:.1f}" height="{14 * u:.1f}" patternUnits="userSpaceOnUse">'
                '<rect width="100%" height="100%" fill="#dcebc8"/>'
                f'<path d="M{3 * u:.1f} {11 * u:.1f} l{2 * u:.1f} -{5 * u:.1f} l{2 * u:.1f} {5 * u:.1f}" '
                'stroke="#6a9a4a" fill="none"/></pattern>'
                f'<pattern id="gf-waves" width="{30 * u:.1f}" height="{14 * u:.1f}" patternUnits="userSpaceOnUse">'
                '<rect width="100%" height="100%" fill="#cfe6f5"/>'
                f'<path d="M0 {7 * u:.1f} q{7.5 * u:.1f} -{6 * u:.1f} {15 * u:.1f} 0 t{15 * u:.1f} 0" '
                'stroke="#56B4E9" fill="none"/></pattern>'
                + "".join(_arrow(0, 0, d, 21 * u, u, colours.get(d[0], "#777"), f' id="gf-half-{d}"') for d in VECTORS)
                + self._cross(colours, u)
                + "</defs>"
            ),
            f'<rect x="0" y="0" width="{self.width:g}" height="{map_h:g}" fill="#efe9dc"/>',
            f'<path d="M{_pts(board.thames).replace(" ", " L")} Z" fill="url(#gf-waves)" stroke="#56B4E9" '
            f'stroke-width="{2 * u:.1f}"{_NO_POINTER}/>',
        ]
        tail = [self._rivers_and_wall(board, u), self._links(board, colours, u)]
        self.compass = self._compass(board, colours, u)
        self.head, self.tail = "".join(head), "".join(tail)
        by_name = {name: i for i, name in enumerate(board.names)}
        spaces = [by_name[name] for name in names]
        lines = [
            name_lines(
                name,
                min(
                    _chord(board.outlines[i], *board.label_at[i], dy=-size * 0.5),
                    _chord(board.outlines[i], *board.label_at[i], dy=size * 0.5),
                )
                - 6 * u,
                size,
                board.codes[i],
            )
            for name, i in zip(names, spaces)
        ]
        _widen(board, names, spaces, lines, size, u)
        code_at = _code_places(board, spaces, u)
        self.places = []  # each space's drawing constants, in the order of ``names``
        for _name, i, drawn, (cx, cy) in zip(names, spaces, lines, code_at):
            lx, ly = board.label_at[i]
            kind = "field" if board.region[i] == "grassed" else "pudding" if i == board.pudding_lane else "district"
            fill = (
                "url(#gf-grass)"
                if kind == "field"
                else "#f2a48f"
                if kind == "pudding"
                else region_fill(board.region_colours.get(board.region[i], "#cccccc"))
            )
            self.places.append(
                (
                    f"M{_pts(board.outlines[i]).replace(' ', ' L')} Z",
                    round(lx, 1),
                    round(ly, 1),
                    drawn,
                    fill,
                    kind,
                    bool(board.yellow[i]),
                    round(u, 4),
                    round(cx, 1),
                    round(cy, 1),
                )
            )
        district_names = set(names)
        self.name_lengths = [
            (n, {name for name in district_names if len(name) == n})
            for n in sorted({len(name) for name in district_names}, reverse=True)
        ]
        self.ends_on: dict[str, str | None] = {}  # action text -> the district it ends on (memo: texts are finite)

    @staticmethod
    def _rivers_and_wall(board: Any, u: float) -> str:
        out = []
        fleet = board.fleet
        if fleet:
            out.append(
                f'<polyline points="{_pts(fleet)}" fill="none" stroke="#56B4E9" stroke-width="{11 * u:.1f}" '
                f'stroke-linecap="round" stroke-linejoin="round" opacity="0.9"{_NO_POINTER}/>'
            )
            k = len(fleet) // 2
            (x0, y0), (x1, y1) = fleet[max(0, k - 1)], fleet[k] if len(fleet) > 1 else fleet[0]
            angle = math.degrees(math.atan2(y1 - y0, x1 - x0)) if (x0, y0) != (x1, y1) else -90.0
            if angle > 90 or angle < -90:
                angle -= 180 if angle > 0 else -180
            mx, my = (x0 + x1) / 2 - 12 * u, (y0 + y1) / 2
            out.append(
                _t(
                    mx,
                    my,
                    "River Fleet",
                    17 * u,
                    "middle",
                    "bold",
                    "#0b4f79",
                    f'transform="rotate({angle:.1f} {mx:.1f} {my:.1f})" font-style="italic"{_NO_POINTER}',
                )
            )
        for name, (x, y) in board.bridges:
            out.append(
                f'<rect x="{x - 15 * u:.1f}" y="{y - 9 * u:.1f}" width="{30 * u:.1f}" height="{18 * u:.1f}" '
                f'rx="{3 * u:.1f}" fill="#b08860" stroke="#4a3520" stroke-width="{2 * u:.1f}"{_NO_POINTER}>'
                f"<title>{escape(name)}</title></rect>"
            )
        if board.wall:
            out.append(
                f'<polyline points="{_pts(board.wall)}" fill="none" stroke="#5b4a3a" '
                f'stroke-width="{8 * u:.1f}" stroke-linejoin="round"{_NO_POINTER}/>'
            )
            out.append(
                f'<polyline points="{_pts(board.wall)}" fill="none" stroke="#a8957e" '
                f'stroke-width="{4 * u:.1f}" stroke-dasharray="{5 * u:.1f} {4 * u:.1f}"{_NO_POINTER}/>'
            )
        for name, (x, y) in board.gates:
            out.append(
                f'<rect x="{x - 9 * u:.1f}" y="{y - 9 * u:.1f}" width="{18 * u:.1f}" height="{18 * u:.1f}" '
                f'fill="#efe9dc" stroke="#5b4a3a" stroke-width="{3 * u:.1f}"{_NO_POINTER}>'
                f"<title>{escape(name)}</title></rect>"
            )
        thames = board.thames
        if thames:
            xs, ys = [p[0] for p in thames], [p[1] for p in thames]
            out.append(
                _t(
                    (min(xs) + max(xs)) / 2,
                    max(ys) - 14 * u,
                    "River Thames",
                    26 * u,
                    "middle",
                    "bold",
                    "#0b4f79",
                    f'font-style="italic"{_NO_POINTER}',
                )
            )
        return "".join(out)

    @staticmethod
    def _links(board: Any, colours: dict[str, str], u: float) -> str:
        """Every printed link: a double-headed arrow (bridges too), and one four-way cross per cross point.

        Each half is a ``<use>`` of its direction's arrow, drawn once in the defs (``#gf-half-N``, in the colour of
        the card that moves fire that way), marked ``data-link="FROM>TO"`` with the two districts' codes: a hundred
        and more links cost a few KB, not tens. The crosses name their diagonals the same way (``data-links``).
        """
        out: list[str] = []
        codes = board.codes
        at_cross: dict[tuple[float, float], list[str]] = {tuple(c.at): [] for c in board.crosses}
        for link in board.links:
            a, b = codes[link.a], codes[link.b]
            x, y = link.at
            if link.kind == "cross":
                at_cross.setdefault((x, y), []).append(f"{a}>{b}")
                continue
            out.append(
                f'<use href="#gf-half-{link.dir}" x="{x:.1f}" y="{y:.1f}" data-link="{a}>{b}"/>'
                f'<use href="#gf-half-{OPPOSITE[link.dir]}" x="{x:.1f}" y="{y:.1f}" data-link="{b}>{a}"/>'
            )
        for (x, y), links in at_cross.items():  # one cross drawn in the defs, used at every cross point
            out.append(f'<use class="cross" data-links="{" ".join(links)}" href="#gf-cross" x="{x:.1f}" y="{y:.1f}"/>')
        return f'<g class="links"{_NO_POINTER}>' + "".join(out) + "</g>"

    @staticmethod
    def _cross(colours: dict[str, str], u: float) -> str:
        """The four-way cross, for the defs: four arms, each in the colour of the card that moves fire its way."""
        return (
            '<g id="gf-cross">'
            + "".join(f'<use href="#gf-half-{d}"/>' for d in DIRECTIONS)
            + f'<circle r="{5.5 * u:.1f}" fill="#fff" stroke="#1d1d1f" stroke-width="{1.5 * u:.1f}"/></g>'
        )

    @staticmethod
    def _compass(board: Any, colours: dict[str, str], u: float) -> str:
        """The compass, in the corner of the map farthest from any district's label."""
        map_w, map_h = board.map_size
        r = 62 * u
        corners = [
            (r + 16 * u, r + 16 * u),
            (map_w - r - 16 * u, r + 16 * u),
            (map_w - r - 16 * u, map_h - r - 16 * u),
            (r + 16 * u, map_h - r - 16 * u),
        ]
        x, y = max(corners, key=lambda c: min(math.dist(c, p) for p in board.label_at))
        out = [
            f'<g class="compass"{_NO_POINTER}><title>Compass: the fire cards\' arrow colours by direction</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#fffdf6" stroke="#5b4a3a" '
            f'stroke-width="{2 * u:.1f}" opacity="0.92"/>'
        ]
        for d in DIRECTIONS:
            out.append(_arrow(x, y, d, r * 0.62, u * 1.4, colours[d]))
            vx, vy = VECTORS[d]
            out.append(_t(x + vx * r * 0.8, y + vy * r * 0.8 + 7 * u, d, 20 * u, "middle", "bold"))
        out.append("</g>")
        return "".join(out)

    def district_of(self, text: str) -> str | None:
        """The longest district name ``text`` ends with (None if it ends on no district)."""
        try:
            return self.ends_on[text]
        except KeyError:
            pass
        found = None
        for n, names in self.name_lengths:
            if text[-n:] in names:
                found = text[-n:]
                break
        if len(self.ends_on) > 100_000:  # action texts are finite, but never let a long-running server grow
            self.ends_on.clear()
        self.ends_on[text] = found
        return found


@lru_cache(maxsize=8)
def _static(board_key: str | None, names: tuple[str, ...]) -> _Static:
    """The drawing's static part for a board (``None``: the packaged one; else a variant's, by its key)."""
    return _Static(tables_by_key(board_key).board, names)


def _targets(legal: list[tuple[int, str]], static: _Static) -> dict[str, int]:
    """District name -> the one legal action whose text ends on that district (ambiguous districts are left out)."""
    found: dict[str, int] = {}
    twice: set[str] = set()
    district_of = static.district_of
    for action, text in legal:
        name = district_of(text)
        if name is not None:
            if name in found:
                twice.add(name)
            else:
                found[name] = action
    for name in twice:
        del found[name]
    return found


# A district's drawn fields besides its name, houses and landowners, fetched in one C call per district
# (all of them are read with C-level getters: this loop runs for 60-odd spaces per viewer per update).
_DRAWN_FIELD_NAMES = (
    "code",
    "region",
    "fire",
    "contained",
    "trained_bands",
    "demolished",
    "token",
    "objective_vp",
    "size",
)
_DRAWN_FIELDS = itemgetter(*_DRAWN_FIELD_NAMES)
_NAME, _HOUSES, _LANDOWNERS = itemgetter("name"), itemgetter("houses"), itemgetter("landowners")


def _cone(x: float, base: float, w: float, h: float, fill: str, stroke: str, u: float) -> str:
    """A cone (fire red, trained band black) standing on ``base``, ``x`` its left edge."""
    return (
        f'<path d="M{x:.1f} {base:.1f} Q{x + w / 2:.1f} {base + 3 * u:.1f} {x + w:.1f} {base:.1f} '
        f'L{x + w / 2:.1f} {base - h:.1f} Z" fill="{fill}" stroke="{stroke}" stroke-width="{1.4 * u:.1f}"/>'
    )


def _house(x: float, y: float, s: float, colour: str, u: float) -> str:
    """A house ``s`` wide with its top-left at (x, y), in its colour, with the colour's initial."""
    fill, ink = HOUSE_COLOURS.get(colour, ("#999999", "#000000"))
    roof = s * 0.42
    return (
        f'<path class="house" d="M{x:.1f} {y + s:.1f} L{x:.1f} {y + roof:.1f} L{x + s / 2:.1f} {y:.1f} L{x + s:.1f} '
        f'{y + roof:.1f} L{x + s:.1f} {y + s:.1f} Z" fill="{fill}" stroke="#1d1d1f" stroke-width="{1.2 * u:.1f}"/>'
        + _mt(x + s / 2, y + s - 3 * u, colour[:1].upper(), 13 * u, ink)
    )


@lru_cache(maxsize=16384)
def _district_svg(
    place: tuple,
    name: str,
    fields: tuple,
    houses: tuple,
    is_mine: bool,
    action: int | None,
    landowners: tuple,
    pawns: tuple,
) -> tuple[str, str]:
    """One space's drawing: its shape (the group that takes clicks), and its name and pieces (drawn later, over
    the rivers, the wall and the arrows). Cached: between two moves most districts look the same.

    Bounded (a long-running server sees many games); the key is the district's every drawn field, no more.
    """
    shape, lx, ly, lines, fill, kind, yellow, u, code_x, code_y = place
    code, region, fire, contained, bands, demolished, token, vp, size = fields
    out: list[str] = []
    burning = fire > 0 and not contained
    burnt = size > 0 and not houses and not demolished
    state = (
        "; demolished"
        if demolished
        else "; burning"
        if burning
        else "; fire contained"
        if fire
        else "; burnt out"
        if burnt
        else ""
    )
    listed = ", ".join(houses) or "none"
    field = kind == "field"
    owners = (
        f"; landowner{'s' if len(landowners) > 1 else ''} {join_words(map(seat_label, landowners))}"
        if landowners
        else ""
    )
    label = (
        f"{name} ({code}), {'grassed area' if field else region + ' region'}"
        f"{'' if field else '; houses: ' + listed}{state}"
        f"{'; fire cones: ' + str(fire) if fire else ''}{'; trained bands: ' + str(bands) if bands else ''}"
        f"{'; token face down' if token else ''}{'; objective ' + str(vp) + ' VP' if vp else ''}"
        f"{owners}"
        f"{'; your objective' if is_mine else ''}"
    )
    attrs = f' data-action="{action}"' if action is not None else ""
    out.append(
        f'<g class="district" data-district={quoteattr(name)} data-place={quoteattr(name)} data-x="{lx}" '
        f'data-y="{ly}" aria-label={quoteattr(label)}{attrs}>'
    )
    out.append(f"<title>{escape(label)}</title>")
    stroke, sw, dash = "#4d4a45", 1.6 * u, ""
    if burning:
        stroke, sw = FIRE, 5 * u
    elif fire:
        stroke, sw, dash = FIRE, 4 * u, f' stroke-dasharray="{10 * u:.1f} {6 * u:.1f}"'
    area = "url(#gf-hatch)" if demolished else "url(#gf-ash)" if burnt else fill
    out.append(
        f'<path class="area" d="{shape}" fill="{area}" stroke="{stroke}" stroke-width="{sw:.1f}"{dash} '
        f'stroke-linejoin="round"/></g>'
    )
    shape_svg = "".join(out)
    # the name and pieces, drawn over the rivers, the wall and the arrows: a layer of its own that lets the
    # pointer through to the district's shape (it follows the place's highlights through data-place)
    out = [
        f'<g class="district-label" data-place={quoteattr(name)} aria-hidden="true"{_NO_POINTER} '
        'font-weight="bold" text-anchor="middle">'
    ]
    # the name: on a red banner (objective), a yellow label (token district) or a pale halo; the code the same
    # way, larger, for a map drawn too small for names (a field has no code: no fire enters it)
    fs, lh = NAME_SIZE * u, NAME_SIZE * u * 1.08
    top = ly - lh * len(lines) / 2
    widest = max(name_width(line, fs) for line in lines)
    ink = "#1d1d1f" if not vp else "#ffffff"
    banner = f'rx="{4 * u:.1f}" fill="{"#b3261e" if vp else "#F0E442"}" stroke="#1d1d1f" stroke-width="{1.2 * u:.1f}"/>'
    out.append('<g class="lod-near">')
    if vp or yellow:
        bx, bw = lx - widest / 2 - 5 * u, widest + 10 * u
        out.append(
            f'<rect class="banner" x="{bx:.1f}" y="{top - 2 * u:.1f}" width="{bw:.1f}" height="{lh * len(lines) + 5 * u:.1f}" '
            + banner
        )
    halo = (
        f' stroke="#fffdf6" stroke-width="{3.5 * u:.1f}" paint-order="stroke" stroke-linejoin="round"'
        if not (vp or yellow)
        else ""
    )
    style = ' font-style="italic"' if field else ""
    for k, line in enumerate(lines):
        out.append(
            _mt(
                lx, top + lh * (k + 0.8), line, round(fs, 1), "#2f5a1f" if field else ink, f' class="name"{halo}{style}'
            )
        )
    out.append("</g>")
    if not field:
        cs = CODE_SIZE * u
        out.append('<g class="lod-far" display="none">')
        if vp or yellow:
            cw = code_width(code, cs)
            out.append(
                f'<rect class="banner" x="{code_x - cw / 2 - 4 * u:.1f}" y="{code_y - cs * 0.4 - 3 * u:.1f}" '
                f'width="{cw + 8 * u:.1f}" height="{cs * 0.8 + 6 * u:.1f}" ' + banner
            )
        code_halo = (
            f' stroke="#fffdf6" stroke-width="{6 * u:.1f}" paint-order="stroke" stroke-linejoin="round"'
            if not (vp or yellow)
            else ""
        )
        out.append(_mt(code_x, code_y + cs * 0.36, code, round(cs, 1), ink, f' class="code"{code_halo}'))
        out.append("</g>")
    # above the name: its houses, then the objective's VP in a circle
    hs, step = 22 * u, 25 * u
    hy = top - hs - 5 * u
    hx = lx - (len(houses) * step + (30 * u if vp else 0) - 3 * u) / 2
    out.extend(_house(hx + k * step, hy, hs, colour, u) for k, colour in enumerate(houses))
    if vp:
        cx, cy = hx + len(houses) * step + 13.5 * u, hy + hs / 2 + 1 * u
        out.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{13.5 * u:.1f}" fill="#fffdf6" stroke="#b3261e" '
            f'stroke-width="{3 * u:.1f}"/>' + _mt(cx, cy + 6 * u, str(vp), 17 * u, "#b3261e")
        )
        if is_mine:  # the seat's own objective: a star on its VP
            out.append(
                _mt(cx + 13 * u, cy - 8 * u, "★", 20 * u, "#E69F00", f' stroke="#1d1d1f" stroke-width="{0.8 * u:.1f}"')
            )
    # pieces: a row below the name; fire cones with their count and the trained bands on top of them, free
    # trained bands, the face-down token, the charge of a demolition, the landowners
    items: list[tuple[float, Any]] = []
    cw, ch = 19 * u, 24 * u
    if fire:
        items.append((cw + 24 * u, "fire"))
    elif bands:
        items.append((cw + 26 * u, "bands"))
    if token or demolished:
        items.append((24 * u, "token"))
    for seat, pawn in zip(landowners, pawns):
        items.append((24 * u, (seat, pawn)))
    gap = 6 * u
    px = lx - (sum(w for w, _ in items) + gap * (len(items) - 1)) / 2
    base = top + lh * len(lines) + 8 * u + ch
    halo = f' text-anchor="start" stroke="#fffdf6" stroke-width="{3 * u:.1f}" paint-order="stroke"'
    for w, what in items:
        if what == "fire":
            held = f", {plural(bands, 'trained band')} on top" if bands else ""
            out.append(
                f'<g class="piece"><title>{plural(fire, "fire cone")}{held}, '
                f"{'burning' if burning else 'contained'}</title>" + _cone(px, base, cw, ch, FIRE, "#5a1a00", u)
            )
            count_x = px + cw + 2 * u
            if bands:  # the trained bands sit on the fire cones they hold, as on the table
                out.append(_cone(px + 2.5 * u, base - ch * 0.45, cw - 5 * u, ch * 0.75, BAND, "#ffffff", u))
            out.append(_mt(count_x, base - 2 * u, str(fire), 19 * u, FIRE_INK, halo))
            if bands:  # their count above the fire's, level with their cone
                out.append(_mt(count_x, base - 19.5 * u, f"×{bands}", 15 * u, BAND, halo))
            out.append("</g>")
        elif what == "bands":
            out.append(
                f'<g class="piece"><title>{plural(bands, "trained band")}</title>'
                + _cone(px, base, cw, ch, BAND, "#ffffff", u)
                + _mt(px + cw + 2 * u, base - 2 * u, f"×{bands}", 17 * u, BAND, halo)
                + "</g>"
            )
        elif what == "token":
            words = "The demolition charge that blew this district up" if demolished else "A face-down token"
            out.append(
                f'<g class="piece"><title>{words}</title><rect x="{px:.1f}" y="{base - 21 * u:.1f}" '
                f'width="{21 * u:.1f}" height="{21 * u:.1f}" rx="{3 * u:.1f}" fill="#1d1d1f" stroke="#fff" '
                f'stroke-width="{1.2 * u:.1f}"/>'
            )
            out.append(_mt(px + 10.5 * u, base - 4.5 * u, "✕" if demolished else "?", 16 * u, "#ffffff") + "</g>")
        else:
            seat, pawn = what
            fill, ink = HOUSE_COLOURS.get(pawn or "", ("#999999", "#000000"))
            cx = px + 11 * u
            out.append(
                f'<g class="piece"><title>Landowner of {seat_label(seat)}</title>'
                f'<circle cx="{cx:.1f}" cy="{base - 21 * u:.1f}" r="{6 * u:.1f}" fill="{fill}" stroke="#000" '
                f'stroke-width="{1.4 * u:.1f}"/><path d="M{cx - 10 * u:.1f} {base:.1f} '
                f"L{cx - 5 * u:.1f} {base - 15 * u:.1f} L{cx + 5 * u:.1f} {base - 15 * u:.1f} "
                f'L{cx + 10 * u:.1f} {base:.1f} Z" fill="{fill}" stroke="#000" stroke-width="{1.4 * u:.1f}"/>'
            )
            out.append(_mt(cx, base - 3 * u, (pawn or "?")[:1].upper(), 11 * u, ink) + "</g>")
        px += w + gap
    out.append("</g>")
    return shape_svg, "".join(out)


def _legend(view: dict[str, Any], W: float, top: float) -> tuple[list[str], float]:
    """The turn's details, the players' table and, at game over, the winner, the score sheet and every seat's objectives.

    Returns the drawing and the height it takes, so the picture's viewBox always holds every row (rows are laid
    one under the other at ``LEGEND_ROW`` spacing; the columns leave room for the longest district name).
    """
    out: list[str] = []
    y = top + 28
    over = view.get("winners") is not None
    # (the status sentence is the question heading the page's action panel: not repeated under the map)
    setup = view.get("phase") in ("place_trained_bands", "place_landowners")
    details = ["Set-up" if setup else f"Turn {int(view.get('turn') or 0) + 1}"]  # the view counts turns from 0
    if view.get("card_played"):
        details.append(f"card played: {str(view['card_played']).capitalize()}")
    if view.get("cards_until_intensify") is not None:
        details.append(f"cards until intensify: {view['cards_until_intensify']}")
    if view.get("final_turns_left") is not None:
        details.append(f"final turns left: {view['final_turns_left']}")
    details.append(f"fire cones in stock: {view.get('stock')}")
    out.append(_t(8, y, " · ".join(details), 18, fill="#333"))
    players = view.get("players", [])
    names = [p.get("name") or seat_label(p["seat"]) for p in players]
    if over:
        winners = view["winners"]
        scores = view.get("scores", [])
        best = scores[winners[0]] if scores else 0
        head = (
            f"{names[winners[0]]} wins with {plural(best, 'point')}."
            if len(winners) == 1
            else f"{join_words(names[w] for w in winners)} share the win with {plural(best, 'point')}."
        )
        y += LEGEND_ROW + 4
        out.append(_t(8, y, "Game over. " + head, 24, weight="bold", fill="#7a4a00"))
    y += LEGEND_ROW + 6
    out.append("".join(_t(cx, y, head, 17, fill="#555") for cx, head in zip(LEGEND_COLS, LEGEND_HEADS)))
    viewer = view.get("viewer")
    current = view.get("current_player")
    for p, name in zip(players, names):
        y += LEGEND_ROW
        score = p.get("score") or {}
        total = score.get("total", score.get("public_total"))
        shown_total = "?" if total is None else (f"{total}" if "total" in score else f"{total} + hidden")
        colour = colour_word(p["colour"]) if p.get("colour") else "secret"
        hand = p.get("hand")
        cards = str(p.get("hand_size")) + (
            " (" + " ".join(f"{k[:1].upper()}{v}" for k, v in hand.items() if v) + ")" if hand else ""
        )
        cells = (
            f"{name}{' (you)' if p['seat'] == viewer else ''}{' ★hero' if p.get('hero_of_london') else ''}",
            colour,
            p.get("landowner") or "not placed",
            cards,
            str(p.get("tokens_held", 0)),
            str(p.get("fires_put_out", 0)),
            shown_total,
        )
        ys = f"{y:.1f}"
        rest = _ROW_BOLD if p["seat"] == current or (over and p["seat"] in view["winners"]) else _ROW_NORMAL
        for col, (opening, text) in enumerate(zip(_COL_OPEN, cells)):
            if col == 3 and hand:  # each card of the viewer's hand lights, hovered or tapped, what it can reach
                text_svg = (
                    f"{p.get('hand_size')} ("
                    + " ".join(
                        f'<tspan data-group="{card_words(k)}">{k[:1].upper()}{v}</tspan>' for k, v in hand.items() if v
                    )
                    + ")"
                )
                out.append(f"{opening}{ys}{rest}{text_svg}</text>")
                continue
            out.append(f"{opening}{ys}{rest}{escape(text)}</text>")
        if p.get("objectives") is not None:
            objs = "; ".join(
                f"{o['district']} {o['vp']} VP{'' if o['surviving'] else ' (lost)'}" for o in p["objectives"]
            )
            kinds = Counter(p.get("tokens", []))
            tokens = ", ".join(token_word(t) + (f" ×{k}" if k > 1 else "") for t, k in kinds.items()) or "none"
            line = f"objectives: {objs} · tokens: {tokens}"
            y += LEGEND_ROW - 6
            if 38 + text_width(line, 17) <= W:
                out.append(_t(38, y, line, 17, fill="#7a4a00"))
            else:  # too long for one line: objectives, then tokens
                out.append(_t(38, y, f"objectives: {objs}", 17, fill="#7a4a00"))
                y += LEGEND_ROW - 10
                out.append(_t(38, y, f"tokens: {tokens}", 17, fill="#7a4a00"))
    sheet = view.get("score_sheet")
    if over and sheet:
        y += LEGEND_ROW + 10
        out.append(_t(8, y, "Score sheet", 19, weight="bold"))
        heads = ("Player", *(source for source, _ in sheet[0]), "Total")
        for cx, head in zip(SHEET_COLS, heads):
            out.append(_t(cx, y, head, 17, fill="#555") if cx != SHEET_COLS[0] else "")
        for p, rows in enumerate(sheet):
            y += LEGEND_ROW - 4
            weight = "bold" if p in view["winners"] else "normal"
            sheet_cells = (names[p], *(f"{points:g}" for _, points in rows), f"{view['scores'][p]:g}")
            for cx, text in zip(SHEET_COLS, sheet_cells):
                out.append(_t(cx, y, text, 18, weight=weight))
    return out, y + 20 - top


def _far_legend(view: dict[str, Any], W: float, top: float) -> tuple[list[str], float]:
    """The legend for a map shown too small for its names (a phone): what the seat must read and the player strip
    does not show (the turn's details, its own cards, objectives and tokens; the winner at the end), in lines of
    CODE_SIZE letters, readable there, where the full legend's table would be 4 px (the page's results show the
    score sheet at the end).

    Returns the drawing and its height, like :func:`_legend`; the page shows it instead of the legend while it
    shows the codes instead of the names (``g.lod-far``).
    """
    size = CODE_SIZE * W / max(W, BASE_WIDTH)
    per_line = int((W - 16) / (size * 0.6))
    setup = view.get("phase") in ("place_trained_bands", "place_landowners")
    details = ["Set-up" if setup else f"Turn {int(view.get('turn') or 0) + 1}"]
    if view.get("cards_until_intensify") is not None:
        details.append(f"intensify in {plural(view['cards_until_intensify'], 'card')}")
    if view.get("final_turns_left") is not None:
        details.append(f"{plural(view['final_turns_left'], 'final turn')} left")
    details.append(f"{plural(view.get('stock') or 0, 'cone')} in stock")
    paragraphs = [" · ".join(details)] if view.get("winners") is None else []
    players = view.get("players", [])
    if view.get("winners") is not None:
        names = [p.get("name") or seat_label(p["seat"]) for p in players]
        winners, scores = view["winners"], view.get("scores", [])
        best = scores[winners[0]] if scores else 0
        paragraphs.append(
            f"Game over. {join_words(names[w] for w in winners)} "
            f"{'wins' if len(winners) == 1 else 'share the win'} with {plural(best, 'point')}."
        )
    mine = next((p for p in players if p["seat"] == view.get("viewer")), None)
    if mine is not None and mine.get("objectives") is not None:
        kinds = Counter(mine.get("tokens", []))
        tokens = ", ".join(token_word(t) + (f" ×{k}" if k > 1 else "") for t, k in kinds.items()) or "none"
        cards = ", ".join(f"{k.capitalize()} {v}" for k, v in (mine.get("hand") or {}).items() if v) or "none"
        paragraphs.append(f"Cards: {cards} · tokens: {tokens}")
        paragraphs.append(
            "Your objectives: "
            + "; ".join(
                f"{o['district']} {o['vp']} VP{'' if o['surviving'] else ' (lost)'}" for o in mine["objectives"]
            )
        )
    out: list[str] = []
    y = top + 12
    for text in paragraphs:
        line = ""
        for word in text.split(" "):
            if line and len(line) + 1 + len(word) > per_line:
                y += size * 1.2
                out.append(_t(8, y, line, size, fill="#1d1d1f"))
                line = word
            else:
                line = f"{line} {word}" if line else word
        y += size * 1.2
        out.append(_t(8, y, line, size, weight="bold" if text.startswith("Game over") else "normal"))
    return out, y + size * 0.4 - top


def render_svg(view: dict[str, Any], legal: list[tuple[int, str]]) -> str:
    """The whole board for ``view``; ``legal`` are the (id, text) pairs the viewer may play now (or empty).

    Only the districts' contents and the legend are drawn per call: the rest comes from the board's cache.
    Every district carries ``data-place`` with its name, the names ``GreatFireState.action_choices`` uses.
    """
    districts = view.get("districts", [])
    names = tuple(map(_NAME, districts))
    static = _static(view.get("board"), names)
    map_h = static.map_h
    players = view.get("players", [])
    legend, legend_h = _legend(view, static.width, map_h)
    far, far_h = _far_legend(view, static.width, map_h)
    W, H = static.width, map_h + max(legend_h, far_h)

    viewer = view.get("viewer")
    mine: set[str] = set()
    for p in players:
        if p.get("seat") == viewer:
            mine = {o["district"] for o in p.get("objectives", [])}
    pawn_of = {p["seat"]: p.get("pawn") for p in players}
    clickable = _targets(legal, static) if legal else {}

    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W:g} {H:.0f}" role="img" '
            f'aria-label="Great Fire of London board" font-family="system-ui, sans-serif" '
            f'data-name-size="{static.name_size:g}">'
        ),
        static.head,
    ]
    district_svg = _district_svg
    labels = []
    for place, name, fields, houses, owners in zip(
        static.places, names, map(_DRAWN_FIELDS, districts), map(_HOUSES, districts), map(_LANDOWNERS, districts)
    ):
        shape, label = district_svg(
            place,
            name,
            fields,
            tuple(houses),
            name in mine,
            clickable.get(name) if clickable else None,
            tuple(owners),
            tuple([pawn_of.get(seat) for seat in owners]) if owners else (),
        )
        out.append(shape)
        labels.append(label)
    out.append(static.tail)
    out.extend(labels)
    out.append(static.compass)
    out.append('<g class="lod-near">')
    out.extend(legend)
    out.append('</g><g class="lod-far" display="none">')
    out.extend(far)
    out.append("</g>")
    out.append("</svg>")
    return "".join(out)
