"""The Catan board as SVG for the browser, drawn only from one seat's view (the play server's board hook).

Registered as ``GameSpec.svg``: ``render_svg(view, legal)`` gets the dict of ``CatanState.view`` and the
legal ``(id, text)`` pairs of the seat to act (empty for others), so it can show nothing that seat may not see.

Geometry comes from the view's ``node_xy`` (the integer coordinates of topology.py: a pointy-topped hex centred
at (X, Y) has corners at (X, Y-2), (X+1, Y-1), ...), so a regular hexagon needs x scaled by sqrt(3) against y.

Colour-blind friendly: Okabe-Ito colours, and nothing is told by colour alone: every hex names its terrain,
every building and road carries its seat's digit, cities and settlements differ in shape, fire stations carry
"F", 6 and 8 are larger and bold, the firestorm and robber are named. Every drawn thing has a title.

Every hex, intersection and path carries ``data-place`` with its name from places.py (``hex-F``, ``node-12``,
``path-12-13``): the names ``CatanState.action_choices`` gives as sources, targets and previews.

A node, path or hex is clickable (``data-action``) when exactly one legal action names it: ``settlement 12``,
``city 12``, ``fire station 12`` (node), ``road 12-13`` (path), ``firestorm on hex F`` / ``robber to hex F`` (hex).
"""

from __future__ import annotations

import math
import re
import textwrap
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import quoteattr

from firebreak.core.svg import escape_text as escape, text_helper
from firebreak.core.text import capitalise

from .constants import seat_name
from .place_words import place_names
from .places import hex_place, node_place, path_place
from .words import hand_text, harbour_text, offer_text, result_lines, special_cards, status

U = 27.0  # pixels per unit of y in the topology's integer coordinates
XS = U * math.sqrt(3)  # pixels per unit of x, so hexes are regular
MARGIN = 78.0  # room around the island for the harbours
MIN_WIDTH = 760.0
ROW = 24.0  # height of one line of the panel under the board

TERRAIN_FILLS = {  # pale tints of Okabe-Ito hues; the terrain's name is written on every hex too
    "lumber": "#7cc7ad",
    "brick": "#eba981",
    "wool": "#cfe8b4",
    "grain": "#f6ef9c",
    "ore": "#b9c3d3",
    "desert": "#eee0c0",
    "gold field": "#f0c419",
    "sea": "#9fcbe8",
}
SEAT_COLOURS = (  # Okabe-Ito (fill, ink for the seat digit on it)
    ("#0072B2", "#ffffff"),
    ("#E69F00", "#000000"),
    ("#CC79A7", "#000000"),
    ("#000000", "#ffffff"),
    ("#D55E00", "#ffffff"),
    ("#56B4E9", "#000000"),
)
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
CLICK = "#0072B2"

PANEL_COLS = (10, 170, 215, 265, 310, 400, 490)
# A player's row of the panel, preformatted around its y and text (as _t(x, y, text, 13, "start", weight) draws it).
_COL_OPEN = tuple(f'<text x="{x:.1f}" y="' for x in PANEL_COLS)
_CELL_NORMAL = '" font-size="13" text-anchor="start" font-weight="normal" fill="#1d1d1f">'
_CELL_BOLD = '" font-size="13" text-anchor="start" font-weight="bold" fill="#1d1d1f">'

_ACTION_WORDS = {
    "settlement": "build a settlement here",
    "city": "upgrade to a city here",
    "fire station": "build a fire station here",
    "road": "build a road here",
    "ship": "build a ship here",
    "move ship from": "move this ship",
    "move ship to": "sail the ship here",
    "firestorm on": "move the firestorm here",
    "robber to": "move the robber here",
    "pirate to": "move the pirate here",
}
"""What clicking does, by the first words of the action's stable text (``road 12-13`` -> ``road``)."""
_VERB = re.compile(
    r"^(settlement|city|fire station|road|ship|move ship from|move ship to|firestorm on|robber to|"
    r"pirate to)\b"
)
_NODE_RE = re.compile(r"^(settlement|city|fire station) (\d+)$")
_ROAD_RE = re.compile(r"^(?:road|ship|move ship from|move ship to) (\d+)-(\d+)$")
_HEX_RE = re.compile(r"^(?:firestorm on|robber to|pirate to) hex ([A-Z0-9]+)$")


_t = text_helper(anchor="middle", gap="")  # labels centred on their point; callers start `extra` with a space


def wrap_line(text: str, size: float, room: float) -> list[str]:
    """``text`` cut into lines that fit ``room`` pixels at font ``size``, by a generous estimate of 0.6 em a
    character, so no line runs past the drawing's edge (where the browser cuts it off). A text of parts joined
    by " · " (the status, the key) breaks between parts, so no line starts with the dot; a part too long for a
    line is wrapped at its spaces."""
    chars = max(20, int(room / (size * 0.6)))
    lines: list[str] = []
    for part in text.split(" · "):
        if lines and len(lines[-1]) + 3 + len(part) <= chars:
            lines[-1] += " · " + part
        else:
            lines.extend(textwrap.wrap(part, chars, break_long_words=False, break_on_hyphens=False) or [""])
    return lines


@lru_cache(maxsize=None)
def resource_icon(resource: str) -> str:
    """A resource as a small hex of its terrain, in the board's colours and outline: the icon of the trade panel's
    rows (core ``ActionChoice.icon``), so a player matches a row to the hexes that produce that resource."""
    return (
        '<svg class="icon" viewBox="-10 -11 20 22" width="18" height="20" aria-hidden="true">'
        f'<polygon points="0,-10 8.7,-5 8.7,5 0,10 -8.7,5 -8.7,-5" fill="{TERRAIN_FILLS[resource]}" '
        'stroke="#5a4a32" stroke-width="1.6"/></svg>'
    )


def seat_colour(seat: int) -> tuple[str, str]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def targets(legal: list[tuple[int, str]]) -> tuple[dict[int, int], dict[tuple[int, int], int], dict[str, int]]:
    """Node -> action, (u, v) path -> action, hex label -> action, for things exactly one legal action names.

    A node with two legal actions (say ``city 12`` and ``fire station 12``) is left to the action buttons.
    """
    nodes: dict[int, list[int]] = {}
    edges: dict[tuple[int, int], list[int]] = {}
    hexes: dict[str, list[int]] = {}
    for action, text in legal:
        if m := _NODE_RE.match(text):
            nodes.setdefault(int(m.group(2)), []).append(action)
        elif m := _ROAD_RE.match(text):
            u, v = int(m.group(1)), int(m.group(2))
            edges.setdefault((min(u, v), max(u, v)), []).append(action)
        elif m := _HEX_RE.match(text):
            hexes.setdefault(m.group(1), []).append(action)

    def unique(d: dict) -> dict:
        return {k: ids[0] for k, ids in d.items() if len(ids) == 1}

    return unique(nodes), unique(edges), unique(hexes)


def click_words(action_text: str) -> str:
    """What a click on a place does, in words (``settlement 12`` -> ``build a settlement here``)."""
    m = _VERB.match(action_text)
    return _ACTION_WORDS[m.group(1)] if m else "play here"


def _clickable(action: int | None, label: str) -> str:
    if action is None:
        return ""
    return f' data-action="{action}" aria-label={quoteattr(label)} style="cursor:pointer"'


def _poly(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _settlement_shape(x: float, y: float, r: float) -> list[tuple[float, float]]:
    """A house: square body under a pointed roof."""
    return [(x - r, y + r), (x - r, y - r * 0.2), (x, y - r * 1.1), (x + r, y - r * 0.2), (x + r, y + r)]


def _city_shape(x: float, y: float, r: float) -> list[tuple[float, float]]:
    """A city: a wide hall with a taller pointed tower on its left."""
    return [
        (x - 1.5 * r, y + r),
        (x - 1.5 * r, y - r * 0.8),
        (x - 0.75 * r, y - r * 1.6),
        (x, y - r * 0.8),
        (x, y - r * 0.1),
        (x + 1.5 * r, y - r * 0.1),
        (x + 1.5 * r, y + r),
    ]


class _Static:
    """Everything of the drawing that depends only on the island's layout: built once per layout by :func:`_static`.

    The play server renders the board once per viewer per update, and the hexes, their numbers, the harbours and
    the empty nodes never change during a game; only pieces, the token and what is clickable do.
    """

    __slots__ = (
        "bh",
        "buildings",
        "empty_node",
        "empty_path",
        "harbours",
        "head",
        "hexes",
        "names",
        "roads",
        "width",
        "xy",
    )

    def __init__(self, node_xy: tuple, hexes: tuple, harbours: tuple) -> None:
        xy = node_xy
        self.names = names = place_names(hexes, node_xy)
        x0 = min(x for x, _ in xy)
        y0 = min(y for _, y in xy)
        bw = (max(x for x, _ in xy) - x0) * XS + 2 * MARGIN
        bh = (max(y for _, y in xy) - y0) * U + 2 * MARGIN
        width = max(bw, MIN_WIDTH)
        dx = (width - bw) / 2
        self.width, self.bh = width, bh
        self.xy = [(dx + MARGIN + (x - x0) * XS, MARGIN + (y - y0) * U) for x, y in xy]  # node -> pixels
        px = self.xy.__getitem__
        self.head = f'<rect x="0" y="0" width="{width:.0f}" height="{bh:.0f}" fill="#cfe6f5"/>'

        centres: list[tuple[float, float]] = []
        for _letter, _terrain, _number, nodes in hexes:
            pts = [px(n) for n in nodes]
            centres.append((sum(p[0] for p in pts) / 6, sum(p[1] for p in pts) / 6))
        mx = sum(c[0] for c in centres) / len(centres)
        my = sum(c[1] for c in centres) / len(centres)

        # per hex: (letter, the label without the token or click, the drawing as it is with neither, the
        # terrain polygon, the dashed click polygon, the texts and number token, {token: its drawing here})
        self.hexes = []
        centre_of = {h[0]: c for h, c in zip(hexes, centres)}
        for (letter, terrain, number, nodes), (cx, cy) in zip(hexes, centres):
            pts = [px(n) for n in nodes]
            if terrain == "sea":
                self.hexes.append(_sea_hex(letter, capitalise(names.hex(letter)), pts, cx, cy))
                continue
            label = capitalise(names.hex(letter))
            place = f' data-place="{hex_place(letter)}"'
            polygon = (
                f'<polygon points="{_poly(pts)}" fill="{TERRAIN_FILLS.get(terrain, "#dddddd")}" '
                f'stroke="#5a4a32" stroke-width="2"/>'
            )
            inner = [(cx + (x - cx) * 0.82, cy + (y - cy) * 0.82) for x, y in pts]
            click = (
                f'<polygon points="{_poly(inner)}" fill="none" stroke="{CLICK}" stroke-width="3" '
                f'stroke-dasharray="5 4"/>'
            )
            body = [_t(cx, cy - U * 1.05, letter, 13, weight="bold"), _t(cx, cy - U * 0.5, terrain, 11, fill="#333")]
            if number:
                hot = number in (6, 8)
                body.append(
                    f'<circle cx="{cx:.1f}" cy="{cy + U * 0.3:.1f}" r="{U * 0.55:.1f}" fill="#fffdf4" '
                    f'stroke="{"#D55E00" if hot else "#6b5a3a"}" stroke-width="{2.5 if hot else 1}"/>'
                )
                body.append(
                    _t(
                        cx,
                        cy + U * 0.45,
                        str(number),
                        17 if hot else 13,
                        weight="bold" if hot else "normal",
                        fill="#a33a00" if hot else "#1d1d1f",
                    )
                )
                body.append(_t(cx, cy + U * 0.72, "•" * PIPS.get(number, 0), 7, fill="#a33a00" if hot else "#333"))
            tx, ty = cx - U * 1.15, cy + U * 0.45
            tokens = {
                "firestorm": (
                    f'<g class="token" data-token="firestorm">'
                    f'<path d="M{tx - 9:.1f} {ty + 8:.1f} q-2 -12 9 -20 q0 8 6 10 q4 -4 2 -9 q8 8 2 19 z" '
                    f'fill="#D55E00" stroke="#000" stroke-width="1"/>'
                    + _t(tx, ty + 19, "FIRE", 9, weight="bold", fill="#000")
                    + "</g>"
                ),
                "robber": (
                    f'<g class="token" data-token="robber">'
                    f'<circle cx="{tx:.1f}" cy="{ty - 4:.1f}" r="10" fill="#333" stroke="#fff" '
                    f'stroke-width="1.5"/>' + _t(tx, ty, "R", 12, weight="bold", fill="#fff") + "</g>"
                ),
            }
            body_svg = "".join(body)
            plain = f'<g class="hex" data-hex="{letter}"{place}><title>{escape(label)}</title>{polygon}{body_svg}</g>'
            self.hexes.append((letter, label, plain, polygon, click, body_svg, tokens))

        # harbours: a lettered tag off the coast, joined to its two nodes
        out = []
        for (a, b), kind, land in harbours:
            (ax, ay), (bx, by) = px(a), px(b)
            ex, ey = (ax + bx) / 2, (ay + by) / 2
            ox, oy = centre_of.get(land, (mx, my))  # out from the harbour's own hex, into the sea
            vx, vy = ex - ox, ey - oy
            d = math.hypot(vx, vy) or 1.0
            hx_, hy_ = ex + vx / d * U * 1.5, ey + vy / d * U * 1.5
            label = f"Harbour {harbour_text(kind)} {names.path(a, b)}"
            out.append(f'<g class="harbour"><title>{escape(label)}</title>')
            out.append(
                f'<path d="M{ax:.1f} {ay:.1f} L{hx_:.1f} {hy_:.1f} L{bx:.1f} {by:.1f}" fill="none" '
                f'stroke="#7a5a2a" stroke-width="3"/>'
            )
            out.append(
                f'<rect x="{hx_ - 27:.1f}" y="{hy_ - 14:.1f}" width="54" height="28" rx="5" fill="#ffffff" '
                f'stroke="#7a5a2a" stroke-width="1.5"/>'
            )
            rate, _, res = kind.partition(" ")
            if rate == "generic":
                out.append(_t(hx_, hy_ + 5, res, 13, weight="bold"))
            else:
                out.append(_t(hx_, hy_ - 2, rate, 10))
                out.append(_t(hx_, hy_ + 10, res, 11, weight="bold"))
            out.append("</g>")
        self.harbours = "".join(out)

        # an empty node nobody may click: its number on a small disc
        self.empty_node = []
        for n, (x, y) in enumerate(self.xy):
            self.empty_node.append(
                f'<g class="node" data-node="{n}" data-place="{node_place(n)}">'
                f"<title>{escape(capitalise(names.corner(n)))}</title>"
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="#ffffff" fill-opacity="0.8" '
                f'stroke="#8a7a5a" stroke-width="0.8"/></g>'
            )
        # an empty path nobody may click: an invisible line that names it, so every path is a place on the picture
        paths = sorted({(min(a, b), max(a, b)) for *_, nodes in hexes for a, b in zip(nodes, (*nodes[1:], nodes[0]))})
        self.empty_path: dict[tuple[int, int], str] = {}
        for u, v in paths:
            (ax, ay), (bx, by) = px(u), px(v)
            self.empty_path[(u, v)] = (
                f'<g class="path" data-edge="{u}-{v}" data-place="{path_place(u, v)}">'
                f'<title>{escape(capitalise(names.the_path(u, v)))}</title><line x1="{ax:.1f}" y1="{ay:.1f}" '
                f'x2="{bx:.1f}" y2="{by:.1f}" stroke="#fff" stroke-opacity="0" '
                f'stroke-width="12"/></g>'
            )
        self.roads: dict[tuple[int, int, int], str] = {}  # (u, v, seat) -> the road's drawing, made when first seen
        self.buildings: dict[tuple, str] = {}  # (node, seat, kind, fire station) -> its drawing when not clickable

    def building(self, n: int, seat: int, kind: str, fire_station: bool) -> str:
        """A building nobody may click (memoised: it changes only when upgraded or given a fire station)."""
        key = (n, seat, kind, fire_station)
        svg = self.buildings.get(key)
        if svg is None:
            x, y = self.xy[n]
            svg = _building(n, self.names.corner(n), x, y, seat, kind, fire_station, None, None)
            if len(self.buildings) > 10_000:  # nodes x seats x kinds is small, but stay bounded whatever happens
                self.buildings.clear()
            self.buildings[key] = svg
        return svg

    def road(self, u: int, v: int, seat: int) -> str:
        """A road of ``seat`` on path u-v with its seat digit (memoised: roads stay where they are built)."""
        key = (u, v, seat)
        svg = self.roads.get(key)
        if svg is None:
            (ax, ay), (bx, by) = self.xy[u], self.xy[v]
            fill, ink = seat_colour(seat)
            mx_, my_ = (ax + bx) / 2, (ay + by) / 2
            label = f"Road of {seat_name(seat)} {self.names.path(u, v)}"
            svg = (
                f'<g class="road" data-edge="{u}-{v}" data-seat="{seat}" data-place="{path_place(u, v)}">'
                f"<title>{escape(label)}</title>"
                f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="#fff" stroke-width="10" '
                f'stroke-linecap="round"/>'
                f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{fill}" stroke-width="7" '
                f'stroke-linecap="round"/>'
                f'<circle cx="{mx_:.1f}" cy="{my_:.1f}" r="6.5" fill="{fill}" stroke="#fff" stroke-width="1"/>'
                + _t(mx_, my_ + 3.5, str(seat), 9, weight="bold", fill=ink)
                + "</g>"
            )
            if len(self.roads) > 10_000:  # paths x seats is small, but stay bounded whatever the layout
                self.roads.clear()
            self.roads[key] = svg
        return svg


def _sea_hex(letter: str, label: str, pts: list[tuple[float, float]], cx: float, cy: float) -> tuple:
    """A sea hex: water named (in its title) by the land it touches; the pirate may sit on it (classic mode)."""
    polygon = f'<polygon points="{_poly(pts)}" fill="{TERRAIN_FILLS["sea"]}" stroke="#7fb3d6" stroke-width="1"/>'
    inner = [(cx + (x - cx) * 0.82, cy + (y - cy) * 0.82) for x, y in pts]
    click = f'<polygon points="{_poly(inner)}" fill="none" stroke="{CLICK}" stroke-width="3" stroke-dasharray="5 4"/>'
    body = ""
    tokens = {
        "pirate": (
            f'<g class="token" data-token="pirate">'
            f'<path d="M{cx - 15:.1f} {cy + 2:.1f} L{cx + 15:.1f} {cy + 2:.1f} L{cx + 9:.1f} {cy + 11:.1f} '
            f'L{cx - 9:.1f} {cy + 11:.1f} Z" fill="#222" stroke="#fff" stroke-width="1"/>'
            f'<path d="M{cx:.1f} {cy + 1:.1f} L{cx:.1f} {cy - 17:.1f} L{cx + 11:.1f} {cy - 4:.1f} Z" '
            f'fill="#222" stroke="#fff" stroke-width="1"/>'
            + _t(cx, cy + 22, "PIRATE", 9, weight="bold", fill="#000")
            + "</g>"
        )
    }
    plain = (
        f'<g class="hex sea" data-hex="{letter}" data-place="{hex_place(letter)}"><title>{escape(label)}</title>'
        f"{polygon}{body}</g>"
    )
    return (letter, label, plain, polygon, click, body, tokens)


def _ship(
    u: int,
    v: int,
    where: str,
    a: tuple[float, float],
    b: tuple[float, float],
    seat: int,
    action: int | None,
    action_text: str | None,
) -> str:
    """A ship of ``seat`` on path u-v: a hull with a sail and the seat digit, maybe clickable (to move it)."""
    (ax, ay), (bx, by) = a, b
    fill, ink = seat_colour(seat)
    x, y = (ax + bx) / 2, (ay + by) / 2
    label = f"Ship of {seat_name(seat)} {where}"
    if action is not None:
        label += f": {click_words(action_text or '')}"
    out = [
        f'<g class="ship" data-edge="{u}-{v}" data-seat="{seat}" data-place="{path_place(u, v)}"'
        f"{_clickable(action, label)}><title>{escape(label)}</title>",
        f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{fill}" stroke-width="3" '
        f'stroke-dasharray="3 3"/>',
        f'<path d="M{x - 11:.1f} {y:.1f} L{x + 11:.1f} {y:.1f} L{x + 7:.1f} {y + 7:.1f} L{x - 7:.1f} {y + 7:.1f} Z" '
        f'fill="{fill}" stroke="#fff" stroke-width="1.2"/>',
        f'<path d="M{x - 1:.1f} {y - 1:.1f} L{x - 1:.1f} {y - 13:.1f} L{x + 8:.1f} {y - 3:.1f} Z" fill="{fill}" '
        f'stroke="#fff" stroke-width="1"/>',
        _t(x - 5, y + 6, str(seat), 8, weight="bold", fill=ink),
    ]
    if action is not None:
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="15" fill="none" stroke="{CLICK}" stroke-width="2.5" '
            f'stroke-dasharray="4 3"/>'
        )
    out.append("</g>")
    return "".join(out)


def _building(
    n: int,
    where: str,
    x: float,
    y: float,
    seat: int,
    kind: str,
    fire_station: bool,
    action: int | None,
    action_text: str | None,
) -> str:
    """A settlement or city of ``seat`` on node ``n`` (shape, seat digit, F for a fire station), maybe clickable."""
    fill, ink = seat_colour(seat)
    label = f"{capitalise(kind)} of {seat_name(seat)} at {where}" + (" with a fire station" if fire_station else "")
    if action is not None:
        label += f": {click_words(action_text or '')}"
    out = [
        (
            f'<g class="building" data-node="{n}" data-place="{node_place(n)}" data-seat="{seat}" data-kind="{kind}"'
            f"{_clickable(action, label)}><title>{escape(label)}</title>"
        )
    ]
    shape = _poly(_city_shape(x, y, 9) if kind == "city" else _settlement_shape(x, y, 9))
    out.append(f'<polygon points="{shape}" fill="{fill}" stroke="#fff" stroke-width="2"/>')
    out.append(f'<polygon points="{shape}" fill="none" stroke="#000" stroke-width="0.8"/>')
    out.append(_t(x + (4 if kind == "city" else 0), y + 6, str(seat), 11, weight="bold", fill=ink))
    if fire_station:
        out.append(
            f'<rect x="{x + 7:.1f}" y="{y - 19:.1f}" width="12" height="12" rx="2" fill="#ffffff" '
            f'stroke="#D55E00" stroke-width="2"/>'
        )
        out.append(_t(x + 13, y - 9.5, "F", 9, weight="bold", fill="#000"))
    if action is not None:
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="16" fill="none" stroke="{CLICK}" stroke-width="2.5" '
            f'stroke-dasharray="4 3"/>'
        )
    out.append("</g>")
    return "".join(out)


@lru_cache(maxsize=256)
def _static(node_xy: tuple, hexes: tuple, harbours: tuple) -> _Static:
    """The layout's static drawing (about 1 ms to build, some 40-100 kB to keep).

    Catan layouts differ per game (random set-up), so the cache is bounded: room for as many live games as a
    play server holds at once (a few hundred), never growing with the games played over its lifetime.
    """
    return _Static(node_xy, hexes, harbours)


def _layout_key(board: dict[str, Any]) -> tuple[tuple, tuple, tuple]:
    """What the static drawing depends on: node coordinates, hexes (label, terrain, number, corners), harbours."""
    return (
        tuple([(x, y) for x, y in board["node_xy"]]),
        tuple([(h["label"], h["terrain"], h["number"], tuple(h["nodes"])) for h in board["hexes"]]),
        tuple([(tuple(h["nodes"]), h["kind"], h.get("hex")) for h in board["harbours"]]),
    )


def render_svg(view: dict[str, Any], legal: list[tuple[int, str]]) -> str:
    """The whole board for ``view``; ``legal`` are the (id, text) pairs the viewer may play now (or empty).

    Only pieces, the token, clickable targets and the panel are drawn per call: the rest comes from the cache.
    """
    board = view["board"]
    static = _static(*_layout_key(board))
    width, bh = static.width, static.bh
    xy = static.xy
    names = static.names

    node_of, edge_of, hex_of = targets(legal) if legal else ({}, {}, {})
    texts: dict[int, str] = {}
    for a, t in legal:  # the first text of each action, as the drawing names it
        texts.setdefault(a, t)
    panel, bottom = _panel(view, width, bh)
    height = bottom + ROW * 0.6 + 20
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
            f'aria-label="Catan board" font-family="system-ui, sans-serif">'
        ),
        "<title>Catan board</title>",
        static.head,
    ]

    # hexes: terrain, letter, number token, the firestorm or robber
    token = "firestorm" if view.get("token") == "firestorm" else "robber"
    token_hex = view.get("token_hex")
    pirate_hex = board.get("pirate_hex")
    for letter, label, plain, polygon, click, body, tokens in static.hexes:
        here = token_hex == letter or pirate_hex == letter
        action = hex_of.get(letter) if hex_of else None
        if not here and action is None:
            out.append(plain)
            continue
        token_here = "pirate" if pirate_hex == letter else token
        if here:
            label += f", the {token_here} is here"
        if action is not None:
            label += f": move the {token_here} here"
        out.append(
            f'<g class="hex" data-hex="{letter}" data-place="{hex_place(letter)}"{_clickable(action, label)}>'
            f"<title>{escape(label)}</title>"
        )
        out.append(polygon)
        if action is not None:
            out.append(click)
        out.append(body)
        if here:
            out.append(tokens[token_here])
        out.append("</g>")

    out.append(static.harbours)

    # paths: roads with their seat digit; empty paths clickable when a road may be built there
    roads = {(min(r["edge"]), max(r["edge"])): r["player"] for r in board["roads"]}
    ships = {(min(r["edge"]), max(r["edge"])): r["player"] for r in board.get("ships", ())}
    for (u, v), action in sorted(edge_of.items()):
        if (u, v) in roads or (u, v) in ships:
            continue
        (ax, ay), (bx, by) = xy[u], xy[v]
        label = f"{capitalise(names.the_path(u, v))}: {click_words(texts[action])}"
        out.append(
            f'<g class="path" data-edge="{u}-{v}" data-place="{path_place(u, v)}"{_clickable(action, label)}>'
            f"<title>{escape(label)}</title>"
            f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{CLICK}" '
            f'stroke-width="7" stroke-dasharray="5 4" stroke-linecap="round" opacity="0.85"/>'
            f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="#fff" stroke-opacity="0" '
            f'stroke-width="16"/></g>'
        )
    for key, drawn in static.empty_path.items():
        if key not in roads and key not in edge_of and key not in ships:
            out.append(drawn)
    road = static.road
    for (u, v), seat in sorted(roads.items()):
        out.append(road(u, v, seat))
    for (u, v), seat in sorted(ships.items()):
        action = edge_of.get((u, v))
        out.append(
            _ship(u, v, names.path(u, v), xy[u], xy[v], seat, action, texts.get(action) if action is not None else None)
        )

    # nodes: buildings (shape + seat digit + F for a fire station) or the node's number
    built = {b["node"]: b for b in board["buildings"]}
    empty_node = static.empty_node
    for n in range(len(xy)):
        action = node_of.get(n) if node_of else None
        b = built.get(n)
        if b is None and action is None:
            out.append(empty_node[n])
            continue
        x, y = xy[n]
        if b is None:
            assert action is not None  # (a corner with neither was passed over above)
            label = f"{capitalise(names.corner(n))}: {click_words(texts[action])}"
            out.append(
                f'<g class="node" data-node="{n}" data-place="{node_place(n)}"{_clickable(action, label)}>'
                f"<title>{escape(label)}</title>"
            )
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10" fill="#ffffff" stroke="{CLICK}" '
                f'stroke-width="3" stroke-dasharray="4 3"/>'
            )
            out.append("</g>")
            continue
        seat, kind = b["player"], b["kind"]
        if action is None:
            out.append(static.building(n, seat, kind, b["fire_station"]))
        else:
            out.append(_building(n, names.corner(n), x, y, seat, kind, b["fire_station"], action, texts[action]))

    out.extend(panel)
    out.append("</svg>")
    return "".join(out)


def _panel(view: dict[str, Any], width: float, top: float) -> tuple[list[str], float]:
    """Status, players, the seat's own hand, the bank and any pending offer, under the board; at game over the
    winner and every seat's victory points by source. Returns the drawing and the baseline of its last line.

    Every sentence is wrapped to the drawing's width (:func:`wrap_line`): a long status ("... to act: take a
    card from a player on the firestorm's hex") takes two lines rather than running off the edge."""
    out = [""]  # the panel's background, sized once its height is known
    room = width - 20  # 10 px of air on either side

    def lines(y: float, text: str, size: float, weight: str = "normal", step: float = ROW, **kw: str) -> float:
        """Draw ``text`` wrapped from baseline ``y``; return the baseline of its last line."""
        for i, line in enumerate(wrap_line(text, size, room)):
            out.append(_t(10, y + i * step, line, size, "start", weight, **kw))
        return y + i * step

    y = lines(top + ROW, status(view), 15, "bold", ROW * 0.8)
    y += ROW
    firestorm = view.get("mode") == "firestorm"
    cols = PANEL_COLS
    sea = bool(view["board"].get("sea"))
    heads = (
        "Player",
        "VP",
        "cards",
        "route" if sea else "road",
        "stations" if firestorm else "dev./knights",
        "R/S/C/ships" if sea else "left: R/S/C",
        "special",
    )
    for cx, head in zip(cols, heads):
        out.append(_t(cx, y, head, 13, "start", fill="#555"))
    viewer = view.get("viewer")
    for p in view.get("players", []):
        y += ROW
        q = p["seat"]
        fill = seat_colour(q)[0]
        vp = str(p["victory_points"])
        if (
            q == viewer
            and view.get("my_victory_points") is not None
            and view["my_victory_points"] != p["victory_points"]
        ):
            vp += f" ({view['my_victory_points']})"
        cells = (
            f"{'▶ ' if view.get('to_act') == q else ''}{p['name']}{' (you)' if q == viewer else ''}",
            vp,
            str(p["cards"]),
            str(p["road_length"]),
            str(p["fire_stations"]) if firestorm else f"{p['development_cards']}/{p['knights']}",
            f"{p['roads_left']}/{p['settlements_left']}/{p['cities_left']}" + (f"/{p['ships_left']}" if sea else ""),
            ", ".join(special_cards(view, q)),
        )
        out.append(f'<rect x="{cols[0] - 6}" y="{y - 13:.1f}" width="4" height="16" fill="{fill}"/>')
        ys = f"{y:.1f}"
        rest = _CELL_BOLD if view.get("to_act") == q else _CELL_NORMAL
        for opening, text in zip(_COL_OPEN, cells):
            out.append(f"{opening}{ys}{rest}{escape(text)}</text>")
    bank = ", ".join(f"{v} {k}" for k, v in view.get("bank", {}).items())
    if not firestorm:
        bank += f"; development deck {view.get('development_deck')}"
    y = lines(y + ROW, f"Bank: {bank}", 13, step=ROW * 0.8)
    if view.get("hand") is not None:
        y = lines(y + ROW, f"Your hand: {hand_text(view)}", 13, "bold", ROW * 0.8)
    if view.get("offer"):
        y = lines(y + ROW, offer_text(view), 13, step=ROW * 0.8)
    for i, line in enumerate(result_lines(view)):
        big = i == 0
        y = lines(y + ROW, line, 15 if big else 13, "bold" if big else "normal", ROW * 0.8, extra=' class="result"')
    key = (  # " · " between entries: a long line breaks between them, never inside one
        "Key: house = settlement · wide house with tower = city · digit = seat (P0, P1, ...) · "
        "F = fire station · dashed blue = click to play"
    )
    y = lines(y + ROW, key, 11, step=ROW * 0.6, fill="#555")
    columns = [
        "Columns: VP = victory points",
        "route = longest trade route (roads and ships)" if sea else "road = longest road",
        "R/S/C/ships = roads, settlements, cities and ships left"
        if sea
        else "R/S/C = roads, settlements and cities left",
        *([] if firestorm else ["dev. = development cards"]),
    ]
    y = lines(y + ROW * 0.7, " · ".join(columns), 11, step=ROW * 0.6, fill="#555")
    if sea:
        seas = (
            "Sea: a boat is a ship (digit = seat) · gold fields give a resource of the owner's choice · "
            "PIRATE marks the pirate"
        )
        y = lines(y + ROW * 0.7, seas, 11, step=ROW * 0.6, fill="#555")
    bottom = y + ROW * 0.6 + 20
    out[0] = f'<rect x="0" y="{top:.0f}" width="{width:.0f}" height="{bottom - top:.0f}" fill="#f7f5ef"/>'
    return out, y
