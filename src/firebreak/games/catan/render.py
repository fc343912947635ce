"""Text rendering of a Catan view for the terminal: the hex board, then players, bank and what to do.

Intersections show their number when empty (choices name them: ``Intersection 12``, ``Path 12-13``), or the
building: ``s2`` settlement of P2, ``C2`` city, a trailing ``+`` for a fire station. Paths show the seat
digit when a road is on them. Each hex shows its letter, terrain, number and the firestorm or robber.
Uses only the view (what that seat may see).
"""

from __future__ import annotations

from typing import Any

from firebreak.core.text import plural

from .words import hand_text, harbour_text, offer_text, pieces_left, result_lines, special_cards, status

ABBR = {"lumber": "lumber", "brick": "brick", "wool": "wool", "grain": "grain", "ore": "ore", "desert": "desert"}
SHORT = {"lumber": "lum", "brick": "brk", "wool": "wol", "grain": "grn", "ore": "ore", "desert": "---",
         "gold field": "GOLD", "sea": "~~"}
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
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
        label = hx["label"] + (" " + token if hx["label"] == token_hex else "")
        if hx["label"] == b.get("pirate_hex"):
            label += " PIRATE"
        put(cr - 1, cc - len(label) // 2, label)
        body = SHORT[hx["terrain"]] + (f" {hx['number']}" if hx["number"] else "")
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
            text = str(n)
        put(r, c - (1 if len(text) > 1 else 0), text)
    return ["".join(row).rstrip() for row in grid]


def render(view: dict[str, Any]) -> str:
    lines = _board(view)
    b = view["board"]
    lines.append("")
    lines.append("Legend: s1 a settlement and C1 a city of P1, + a fire station under it; a digit on a path is a "
                 "road of that player; each hex shows its letter, terrain and number (dots = chance).")
    lines.append("Harbours: " + "; ".join(f"{harbour_text(h['kind'])} at {h['nodes'][0]}-{h['nodes'][1]}"
                                          for h in b["harbours"]))
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
        extra = (plural(pl["fire_stations"], "fire station") if firestorm else
                 f"{plural(pl['development_cards'], 'development card')}, {plural(pl['knights'], 'knight')} played")
        marker = ">" if view["to_act"] == q else " "
        lines.append(
            f"{marker} {pl['name']}: {plural(pl['victory_points'], 'victory point')}, {plural(pl['cards'], 'card')}, "
            f"{'trade route' if b.get('sea') else 'longest road'} {pl['road_length']}, {extra} "
            f"(left: {pieces_left(pl)}{_ships_left(pl)})"
            + (f" [{', '.join(tags)}]" if tags else "")
        )
    if view.get("hand") is not None:
        lines.append(f"Your hand: {hand_text(view)} ({plural(view['my_victory_points'], 'victory point')} "
                     "with your hidden cards)" if view["mode"] == "classic" else f"Your hand: {hand_text(view)}")
    if view.get("offer"):
        lines.append(offer_text(view))
    lines.extend(result_lines(view))
    return "\n".join(lines)


def _ships_left(pl: dict[str, Any]) -> str:
    return f", {plural(pl['ships_left'], 'ship')}" if "ships_left" in pl else ""


def _sea_lines(view: dict[str, Any]) -> list[str]:
    """Seafarers: what the one-character paths cannot say (which digits are ships), the islands, the pirate."""
    b = view["board"]
    by_seat: dict[int, list[str]] = {}
    for r in b.get("ships", ()):
        u, v = r["edge"]
        by_seat.setdefault(r["player"], []).append(f"{u}-{v}")
    out = ["Seafarers: ~~ is sea, GOLD a gold field (a resource of your choice); a digit on a path at sea is a ship."]
    if by_seat:
        out.append("Ships: " + "; ".join(f"{view['players'][q]['name']} on {', '.join(paths)}"
                                          for q, paths in sorted(by_seat.items())))
    islands = b.get("islands", [])
    if len(islands) > 1:
        out.append("Main island: hexes " + ", ".join(islands[0]) + "; small islands: "
                   + "; ".join(", ".join(i) for i in islands[1:]) + " (2 victory points for your first settlement on each).")
    return out
