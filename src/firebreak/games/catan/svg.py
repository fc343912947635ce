"""The Catan board as SVG for the browser, drawn only from one seat's view (the play server's board hook).

Registered as ``GameSpec.extra["svg"]``: ``render_svg(view, legal)`` gets the dict of ``CatanState.view`` and the
legal ``(id, text)`` pairs of the seat to act (empty for others), so it can show nothing that seat may not see.

Geometry comes from the view's ``node_xy`` (the integer coordinates of topology.py: a pointy-topped hex centred
at (X, Y) has corners at (X, Y-2), (X+1, Y-1), ...), so a regular hexagon needs x scaled by sqrt(3) against y.

Colour-blind friendly: Okabe-Ito colours, and nothing is told by colour alone: every hex names its terrain,
every building and road carries its seat's digit, cities and settlements differ in shape, fire stations carry
"F", 6 and 8 are larger and bold, the firestorm and robber are named. Every drawn thing has a title.

A node, path or hex is clickable (``data-action``) when exactly one legal action names it: ``settlement 12``,
``city 12``, ``fire station 12`` (node), ``road 12-13`` (path), ``firestorm on hex F`` / ``robber to hex F`` (hex).
"""

from __future__ import annotations

import math
import re
from typing import Any
from xml.sax.saxutils import escape, quoteattr

U = 27.0  # pixels per unit of y in the topology's integer coordinates
XS = U * math.sqrt(3)  # pixels per unit of x, so hexes are regular
MARGIN = 78.0  # room around the island for the harbours
MIN_WIDTH = 760.0
ROW = 24.0  # height of one line of the panel under the board

TERRAIN_FILLS = {  # pale tints of Okabe-Ito hues; the terrain's name is written on every hex too
    "lumber": "#7cc7ad", "brick": "#eba981", "wool": "#cfe8b4", "grain": "#f6ef9c", "ore": "#b9c3d3",
    "desert": "#eee0c0",
}
SEAT_COLOURS = (  # Okabe-Ito (fill, ink for the seat digit on it)
    ("#0072B2", "#ffffff"), ("#E69F00", "#000000"), ("#CC79A7", "#000000"), ("#000000", "#ffffff"),
    ("#D55E00", "#ffffff"), ("#56B4E9", "#000000"),
)
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
CLICK = "#0072B2"

_NODE_RE = re.compile(r"^(settlement|city|fire station) (\d+)$")
_ROAD_RE = re.compile(r"^road (\d+)-(\d+)$")
_HEX_RE = re.compile(r"^(?:firestorm on|robber to) hex ([A-Z]+)$")


def _t(x: float, y: float, text: str, size: float = 12, anchor: str = "middle", weight: str = "normal",
       fill: str = "#1d1d1f", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}"{extra}>{escape(text)}</text>')


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
    return [(x - 1.5 * r, y + r), (x - 1.5 * r, y - r * 0.8), (x - 0.75 * r, y - r * 1.6), (x, y - r * 0.8),
            (x, y - r * 0.1), (x + 1.5 * r, y - r * 0.1), (x + 1.5 * r, y + r)]


def render_svg(view: dict[str, Any], legal: list[tuple[int, str]]) -> str:
    board = view["board"]
    xy = board["node_xy"]
    x0 = min(x for x, _ in xy)
    y0 = min(y for _, y in xy)
    bw = (max(x for x, _ in xy) - x0) * XS + 2 * MARGIN
    bh = (max(y for _, y in xy) - y0) * U + 2 * MARGIN
    width = max(bw, MIN_WIDTH)
    dx = (width - bw) / 2

    def px(n: int) -> tuple[float, float]:
        x, y = xy[n]
        return dx + MARGIN + (x - x0) * XS, MARGIN + (y - y0) * U

    node_of, edge_of, hex_of = targets(legal)
    players = view.get("players", [])
    panel_rows = 4 + len(players) + (1 if view.get("hand") is not None else 0) + (1 if view.get("offer") else 0)
    height = bh + ROW * panel_rows + 20
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
            f'aria-label="Catan board" font-family="system-ui, sans-serif">'),
           '<title>Catan board</title>',
           f'<rect x="0" y="0" width="{width:.0f}" height="{bh:.0f}" fill="#cfe6f5"/>']

    built = {b["node"]: b for b in board["buildings"]}
    centres: list[tuple[float, float]] = []
    for hx in board["hexes"]:
        pts = [px(n) for n in hx["nodes"]]
        centres.append((sum(p[0] for p in pts) / 6, sum(p[1] for p in pts) / 6))
    mx = sum(c[0] for c in centres) / len(centres)
    my = sum(c[1] for c in centres) / len(centres)

    # hexes: terrain, letter, number token, the firestorm or robber
    token = "firestorm" if view.get("token") == "firestorm" else "robber"
    for hx, (cx, cy) in zip(board["hexes"], centres):
        pts = [px(n) for n in hx["nodes"]]
        terrain, number, letter = hx["terrain"], hx["number"], hx["label"]
        here = view.get("token_hex") == letter
        label = f"hex {letter}: {terrain}" + (f", number {number}" if number else "") + (f", the {token} is here" if here else "")
        action = hex_of.get(letter)
        if action is not None:
            label += f" (click: {token} to hex {letter})"
        out.append(f'<g class="hex" data-hex="{letter}"{_clickable(action, label)}><title>{escape(label)}</title>')
        out.append(f'<polygon points="{_poly(pts)}" fill="{TERRAIN_FILLS.get(terrain, "#dddddd")}" stroke="#5a4a32" '
                   f'stroke-width="2"/>')
        if action is not None:
            inner = [(cx + (x - cx) * 0.82, cy + (y - cy) * 0.82) for x, y in pts]
            out.append(f'<polygon points="{_poly(inner)}" fill="none" stroke="{CLICK}" stroke-width="3" '
                       f'stroke-dasharray="5 4"/>')
        out.append(_t(cx, cy - U * 1.05, letter, 13, weight="bold"))
        out.append(_t(cx, cy - U * 0.5, terrain, 11, fill="#333"))
        if number:
            hot = number in (6, 8)
            out.append(f'<circle cx="{cx:.1f}" cy="{cy + U * 0.3:.1f}" r="{U * 0.55:.1f}" fill="#fffdf4" '
                       f'stroke="{"#D55E00" if hot else "#6b5a3a"}" stroke-width="{2.5 if hot else 1}"/>')
            out.append(_t(cx, cy + U * 0.45, str(number), 17 if hot else 13, weight="bold" if hot else "normal",
                          fill="#a33a00" if hot else "#1d1d1f"))
            out.append(_t(cx, cy + U * 0.72, "•" * PIPS.get(number, 0), 7, fill="#a33a00" if hot else "#333"))
        if here:
            tx, ty = cx - U * 1.15, cy + U * 0.45
            out.append(f'<g class="token" data-token="{token}">')
            if token == "firestorm":
                out.append(f'<path d="M{tx - 9:.1f} {ty + 8:.1f} q-2 -12 9 -20 q0 8 6 10 q4 -4 2 -9 q8 8 2 19 z" '
                           f'fill="#D55E00" stroke="#000" stroke-width="1"/>')
                out.append(_t(tx, ty + 19, "FIRE", 9, weight="bold", fill="#000"))
            else:
                out.append(f'<circle cx="{tx:.1f}" cy="{ty - 4:.1f}" r="10" fill="#333" stroke="#fff" stroke-width="1.5"/>')
                out.append(_t(tx, ty, "R", 12, weight="bold", fill="#fff"))
            out.append('</g>')
        out.append('</g>')

    # harbours: a lettered tag off the coast, joined to its two nodes
    for hb in board["harbours"]:
        a, b = hb["nodes"]
        (ax, ay), (bx, by) = px(a), px(b)
        ex, ey = (ax + bx) / 2, (ay + by) / 2
        vx, vy = ex - mx, ey - my
        d = math.hypot(vx, vy) or 1.0
        hx_, hy_ = ex + vx / d * U * 1.5, ey + vy / d * U * 1.5
        kind = hb["kind"]
        label = f"harbour {kind} at nodes {a} and {b}"
        out.append(f'<g class="harbour"><title>{escape(label)}</title>')
        out.append(f'<path d="M{ax:.1f} {ay:.1f} L{hx_:.1f} {hy_:.1f} L{bx:.1f} {by:.1f}" fill="none" '
                   f'stroke="#7a5a2a" stroke-width="3"/>')
        out.append(f'<rect x="{hx_ - 27:.1f}" y="{hy_ - 14:.1f}" width="54" height="28" rx="5" fill="#ffffff" '
                   f'stroke="#7a5a2a" stroke-width="1.5"/>')
        rate, _, res = kind.partition(" ")
        if rate == "generic":
            out.append(_t(hx_, hy_ + 5, res, 13, weight="bold"))
        else:
            out.append(_t(hx_, hy_ - 2, rate, 10))
            out.append(_t(hx_, hy_ + 10, res, 11, weight="bold"))
        out.append('</g>')

    # paths: roads with their seat digit; empty paths clickable when a road may be built there
    roads = {(min(r["edge"]), max(r["edge"])): r["player"] for r in board["roads"]}
    for (u, v), action in sorted(edge_of.items()):
        if (u, v) in roads:
            continue
        (ax, ay), (bx, by) = px(u), px(v)
        label = f"build a road on path {u}-{v}"
        out.append(f'<g class="path" data-edge="{u}-{v}"{_clickable(action, label)}><title>{escape(label)}</title>'
                   f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{CLICK}" '
                   f'stroke-width="7" stroke-dasharray="5 4" stroke-linecap="round" opacity="0.85"/>'
                   f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="#fff" stroke-opacity="0" '
                   f'stroke-width="16"/></g>')
    for (u, v), seat in sorted(roads.items()):
        (ax, ay), (bx, by) = px(u), px(v)
        fill, ink = seat_colour(seat)
        mx_, my_ = (ax + bx) / 2, (ay + by) / 2
        label = f"road of seat {seat} on path {u}-{v}"
        out.append(f'<g class="road" data-edge="{u}-{v}" data-seat="{seat}"><title>{escape(label)}</title>'
                   f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="#fff" stroke-width="10" '
                   f'stroke-linecap="round"/>'
                   f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" stroke="{fill}" stroke-width="7" '
                   f'stroke-linecap="round"/>'
                   f'<circle cx="{mx_:.1f}" cy="{my_:.1f}" r="6.5" fill="{fill}" stroke="#fff" stroke-width="1"/>'
                   + _t(mx_, my_ + 3.5, str(seat), 9, weight="bold", fill=ink) + '</g>')

    # nodes: buildings (shape + seat digit + F for a fire station) or the node's number
    for n in range(len(xy)):
        x, y = px(n)
        action = node_of.get(n)
        b = built.get(n)
        if b is None:
            label = f"node {n}" + (f" (click: {next(t for a, t in legal if a == action)})" if action is not None else "")
            out.append(f'<g class="node" data-node="{n}"{_clickable(action, label)}><title>{escape(label)}</title>')
            if action is not None:
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10" fill="#ffffff" stroke="{CLICK}" '
                           f'stroke-width="3" stroke-dasharray="4 3"/>')
                out.append(_t(x, y + 3.5, str(n), 9, weight="bold", fill=CLICK))
            else:
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#ffffff" fill-opacity="0.8" '
                           f'stroke="#8a7a5a" stroke-width="0.8"/>')
                out.append(_t(x, y + 2.8, str(n), 7, fill="#555"))
            out.append('</g>')
            continue
        seat, kind = b["player"], b["kind"]
        fill, ink = seat_colour(seat)
        label = f"{kind} of seat {seat} at node {n}" + (" with a fire station" if b["fire_station"] else "")
        if action is not None:
            label += f" (click: {next(t for a, t in legal if a == action)})"
        out.append(f'<g class="building" data-node="{n}" data-seat="{seat}" data-kind="{kind}"'
                   f'{_clickable(action, label)}><title>{escape(label)}</title>')
        shape = _city_shape(x, y, 9) if kind == "city" else _settlement_shape(x, y, 9)
        out.append(f'<polygon points="{_poly(shape)}" fill="{fill}" stroke="#fff" stroke-width="2"/>')
        out.append(f'<polygon points="{_poly(shape)}" fill="none" stroke="#000" stroke-width="0.8"/>')
        out.append(_t(x + (4 if kind == "city" else 0), y + 6, str(seat), 11, weight="bold", fill=ink))
        if b["fire_station"]:
            out.append(f'<rect x="{x + 7:.1f}" y="{y - 19:.1f}" width="12" height="12" rx="2" fill="#ffffff" '
                       f'stroke="#D55E00" stroke-width="2"/>')
            out.append(_t(x + 13, y - 9.5, "F", 9, weight="bold", fill="#000"))
        if action is not None:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="16" fill="none" stroke="{CLICK}" stroke-width="2.5" '
                       f'stroke-dasharray="4 3"/>')
        out.append('</g>')

    out.extend(_panel(view, width, bh))
    out.append('</svg>')
    return "".join(out)


def _panel(view: dict[str, Any], width: float, top: float) -> list[str]:
    """Status, players, the seat's own hand, the bank and any pending offer, under the board."""
    out = [f'<rect x="0" y="{top:.0f}" width="{width:.0f}" height="{ROW * 20:.0f}" fill="#f7f5ef"/>']
    y = top + ROW
    dice = view.get("dice") or [0, 0]
    status = [f"Mode: {view.get('mode')}", f"turn {view.get('turn_number')} (seat {view.get('turn')})",
              f"phase: {view.get('phase')}"]
    if dice[0]:
        status.append(f"dice {dice[0]}+{dice[1]}={dice[0] + dice[1]}")
    if view.get("winners"):
        status.append("winner: " + ", ".join(f"seat {w}" for w in view["winners"]))
    elif view.get("to_act", -1) >= 0:
        status.append(f"seat {view['to_act']} to act")
    out.append(_t(10, y, " · ".join(status), 15, "start", "bold"))
    y += ROW
    firestorm = view.get("mode") == "firestorm"
    cols = (10, 150, 200, 260, 320, 420, 580)
    heads = ("Seat", "VP", "cards", "road", "stations" if firestorm else "dev/knights", "pieces left (R/S/C)",
             "special")
    for cx, head in zip(cols, heads):
        out.append(_t(cx, y, head, 13, "start", fill="#555"))
    viewer = view.get("viewer")
    for p in view.get("players", []):
        y += ROW
        q = p["seat"]
        fill = seat_colour(q)[0]
        tags = [name for key, name in (("longest_road", "Longest Road"), ("largest_army", "Largest Army"),
                                       ("fire_wardens", "Fire Wardens")) if view.get(key) == q]
        vp = str(p["victory_points"])
        if q == viewer and view.get("my_victory_points") is not None and view["my_victory_points"] != p["victory_points"]:
            vp += f" ({view['my_victory_points']})"
        cells = (f"{'▶ ' if view.get('to_act') == q else ''}seat {q}{' (you)' if q == viewer else ''}", vp,
                 str(p["cards"]), str(p["road_length"]),
                 str(p["fire_stations"]) if firestorm else f"{p['development_cards']}/{p['knights']}",
                 f"{p['roads_left']}/{p['settlements_left']}/{p['cities_left']}", ", ".join(tags))
        out.append(f'<rect x="{cols[0] - 6}" y="{y - 13:.1f}" width="4" height="16" fill="{fill}"/>')
        weight = "bold" if view.get("to_act") == q else "normal"
        for cx, text in zip(cols, cells):
            out.append(_t(cx, y, text, 13, "start", weight))
    y += ROW
    bank = ", ".join(f"{k} {v}" for k, v in view.get("bank", {}).items())
    if not firestorm:
        bank += f"; development deck {view.get('development_deck')}"
    out.append(_t(10, y, f"Bank: {bank}", 13, "start"))
    if view.get("hand") is not None:
        y += ROW
        hand = ", ".join(f"{k} {v}" for k, v in view["hand"].items())
        if not firestorm:
            dev = ", ".join(f"{k} {v}" for k, v in view.get("development_hand", {}).items() if v)
            hand += f"; development cards: {dev or 'none'}"
        out.append(_t(10, y, f"Your hand: {hand}", 13, "start", "bold"))
    if view.get("offer"):
        o = view["offer"]
        y += ROW
        out.append(_t(10, y, f"Offer by seat {o['from']}: {o['give_count']} {o['give']} for {o['get_count']} "
                             f"{o['get']} (accepted by {', '.join(map(str, o['accepted_by'])) or 'nobody yet'})",
                      13, "start"))
    y += ROW
    out.append(_t(10, y, "Key: house = settlement, wide house with tower = city, digit = seat, F = fire station, "
                         "dashed blue = click to play", 11, "start", fill="#555"))
    return out
