"""Text rendering of a Catan view for the terminal: the hex board, then players, bank and what to do.

Corners show ``o`` when empty (choices name them by the hexes they touch: ``the corner of the ore 3 (F),
wool 11 (G) and lumber 10 (K) hexes``), or the building: ``s2`` settlement of P2, ``C2`` city, a trailing ``+`` for
a fire station. Paths show the seat digit when a road is on them. Each land hex shows its letter, terrain, number
and the firestorm or robber; sea is ``~~``. Uses only the view (what that seat may see).
"""

from __future__ import annotations

import textwrap
from typing import Any

from firebreak.core.text import plural

from .place_words import of_view
from .words import hand_text, harbour_text, offer_text, pieces_left, result_lines, special_cards, status

SHORT = {"gold field": "gold", "sea": "~~"}
"""Terrain as a hex shows it where the full name does not fit (every resource fits: ``lumber 12``)."""
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
WIDTH = 118  # a text line wraps between words before a 120-column terminal would cut a word in two
KX = 6  # columns per unit of x
KY = 2  # rows per unit of y


def _board(view: dict[str, Any]) -> list[str]:
    b = view["board"]
    xy = b["node_xy"]
    xs = [x for x, _ in xy]
    ys = [y for _, y in xy]
    x0, y0 = min(xs), min(ys)
    width = (max(xs) - x0) * KX + 8
    height = (max(ys) - y0) * KY + 1
    grid = [[" "] * width for _ in range(height)]

    def put(row: int, col: int, text: str) -> None:
        for i, ch in enumerate(text):
            if 0 <= col + i < width:
                grid[row][col + i] = ch

    def pos(n: int) -> tuple[int, int]:
        x, y = xy[n]
        return (y - y0) * KY, (x - x0) * KX + 3

    road_of = {tuple(r["edge"]): r["player"] for r in b["roads"]}
    road_of.update({tuple(r["edge"]): r["player"] for r in b.get("ships", ())})
    edges = set()
    for hx in b["hexes"]:
        ns = hx["nodes"]
        for k in range(6):
            a, c = ns[k], ns[(k + 1) % 6]
            edges.add((min(a, c), max(a, c)))
    for a, c in edges:
        (ra, ca), (rc, cc) = pos(a), pos(c)
        owner = road_of.get((a, c))
        if ca == cc:
            for r in range(min(ra, rc) + 1, max(ra, rc)):
                put(r, ca, "|" if owner is None else str(owner))
        else:
            r = (ra + rc) // 2
            col = (ca + cc) // 2
            ch = "\\" if (cc - ca) * (rc - ra) > 0 else "/"
            put(r, col, ch if owner is None else str(owner))
    token_hex = view.get("token_hex")
    token = "FIRE" if view.get("token") == "firestorm" else "ROBBER"
    for hx in b["hexes"]:
        top = pos(hx["nodes"][0])
        cr, cc = top[0] + 2 * KY, top[1]
        label = ("" if hx["terrain"] == "sea" else hx["label"]) + (" " + token if hx["label"] == token_hex else "")
        if hx["label"] == b.get("pirate_hex"):
            label += " PIRATE"
        label = label.strip()
        put(cr - 1, cc - len(label) // 2, label)
        body = SHORT.get(hx["terrain"], hx["terrain"]) + (f" {hx['number']}" if hx["number"] else "")
        put(cr, cc - len(body) // 2, body)
        if hx["number"]:
            dots = "." * PIPS[hx["number"]]
            put(cr + 1, cc - len(dots) // 2, dots)
    built = {x["node"]: x for x in b["buildings"]}
    for n in range(len(xy)):
        r, c = pos(n)
        if n in built:
            x = built[n]
            text = ("C" if x["kind"] == "city" else "s") + str(x["player"]) + ("+" if x["fire_station"] else "")
        else:
            text = "o"
        put(r, c - (1 if len(text) > 1 else 0), text)
    return ["".join(row).rstrip() for row in grid]


def render(view: dict[str, Any]) -> str:
    lines = _board(view)
    board_rows = len(lines)
    b = view["board"]
    lines.append("")
    names = of_view(view)
    lines.append(
        "Legend: o an empty corner; s1 a settlement and C1 a city of P1, + a fire station under it; a digit "
        "on a path is a road of that player; each hex shows its letter, terrain and number (dots = chance)."
    )
    lines.append(
        "Harbours: " + "; ".join(f"{harbour_text(h['kind'])} {names.path(*h['nodes'])}" for h in b["harbours"])
    )
    bank_text = ", ".join(f"{v} {k}" for k, v in view["bank"].items())
    if view["mode"] == "classic":
        bank_text += f"; {plural(view['development_deck'], 'development card')} in the deck"
    lines.append(f"Bank: {bank_text}")
    if b.get("sea"):
        lines.extend(_sea_lines(view))
    lines.append(status(view))
    firestorm = view["mode"] == "firestorm"
    for pl in view["players"]:
        q = pl["seat"]
        tags = special_cards(view, q)
        extra = (
            plural(pl["fire_stations"], "fire station")
            if firestorm
            else f"{plural(pl['development_cards'], 'development card')}, {plural(pl['knights'], 'knight')} played"
        )
        marker = ">" if view["to_act"] == q else " "
        lines.append(
            f"{marker} {pl['name']}: {plural(pl['victory_points'], 'victory point')}, {plural(pl['cards'], 'card')}, "
            f"{'trade route' if b.get('sea') else 'longest road'} {pl['road_length']}, {extra} "
            f"(left: {pieces_left(pl)}{_ships_left(pl)})" + (f" [{', '.join(tags)}]" if tags else "")
        )
    if view.get("hand") is not None:
        lines.append(
            f"Your hand: {hand_text(view)} ({plural(view['my_victory_points'], 'victory point')} "
            "with your hidden cards)"
            if view["mode"] == "classic"
            else f"Your hand: {hand_text(view)}"
        )
    if view.get("offer"):
        lines.append(offer_text(view))
    lines.extend(result_lines(view))
    return "\n".join(lines[:board_rows] + _wrapped(lines[board_rows:]))


def _wrapped(lines: list[str]) -> list[str]:
    """Long lines (legend, harbours, status) wrapped between words, continued with an indent (the board's own
    rows are not given here)."""
    out: list[str] = []
    for line in lines:
        if len(line) <= WIDTH or line.startswith("Your "):  # the terminal's compact screen keeps "Your" lines whole
            out.append(line)
        else:
            out.extend(textwrap.wrap(line, WIDTH, subsequent_indent="    ", break_on_hyphens=False))
    return out


def _ships_left(pl: dict[str, Any]) -> str:
    return f", {plural(pl['ships_left'], 'ship')}" if "ships_left" in pl else ""


def _sea_lines(view: dict[str, Any]) -> list[str]:
    """Seafarers: what the one-character paths cannot say (which digits are ships), the islands, the pirate."""
    b = view["board"]
    names = of_view(view)
    by_seat: dict[int, list[str]] = {}
    for r in b.get("ships", ()):
        u, v = r["edge"]
        by_seat.setdefault(r["player"], []).append(names.path(u, v))
    out = ["Seafarers: ~~ is sea, gold a gold field (a resource of your choice); a digit on a path at sea is a ship."]
    if by_seat:
        out.append(
            "Ships: "
            + "; ".join(f"{view['players'][q]['name']} on {', '.join(paths)}" for q, paths in sorted(by_seat.items()))
        )
    islands = b.get("islands", [])
    if len(islands) > 1:
        out.append(
            "Main island: hexes "
            + ", ".join(islands[0])
            + "; small islands: "
            + "; ".join(", ".join(i) for i in islands[1:])
            + f" ({plural(b.get('island_bonus_vp', 2), 'victory point')} for your first settlement on each)."
        )
    return out
