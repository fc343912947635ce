"""Text rendering of a Great Fire view for the terminal.

It draws from a player's view only (never the state), so the terminal can show nothing that seat may not see.
The map is the board's grid layout with each cell showing its district's code and a status mark.
"""

from __future__ import annotations

from typing import Any

from .board import BOARD_LEGEND, load_board


def _mark(d: dict[str, Any]) -> str:
    if d["demolished"]:
        return "x"
    if d["fire"] and not d["contained"]:
        return "*"
    if d["fire"]:
        return "+"
    if d["size"] and not d["houses"]:
        return "."
    return " "


def render_map(view: dict[str, Any]) -> str:
    board = load_board()
    by_name = {d["name"]: d for d in view["districts"]}
    width = max(r[1] for r in board.rects)
    height = max(r[3] for r in board.rects)
    grid = [["   " for _ in range(width)] for _ in range(height)]
    for name, (x0, x1, y0, y1) in board.grassed:
        for y in range(y0, y1):
            for x in range(x0, min(x1, width)):
                grid[y][x] = " ::"
    for i, name in enumerate(board.names):
        x0, x1, y0, y1 = board.rects[i]
        d = by_name[name]
        cell = board.codes[i] + _mark(d)
        for y in range(y0, y1):
            for x in range(x0, x1):
                grid[y][x] = cell
    lines = [f"y{y} |" + "".join(grid[y]) for y in range(height - 1, -1, -1)]
    lines.append("    " + "~" * (3 * width) + " Thames")
    lines.append("    " + BOARD_LEGEND)
    return "\n".join(lines)


def _district_line(d: dict[str, Any], code: str) -> str:
    parts = [f"{code} {d['name']:<16}"]
    if d["houses"]:
        parts.append("houses " + ",".join(h[:3] for h in d["houses"]))
    elif d["size"]:
        parts.append("burnt" if not d["demolished"] else "")
    if d["fire"]:
        parts.append(f"fire {d['fire']}" + (" (contained)" if d["contained"] else ""))
    if d["trained_bands"]:
        parts.append(f"bands {d['trained_bands']}")
    if d["landowners"]:
        parts.append("pawns " + ",".join(f"P{p}" for p in d["landowners"]))
    if d["token"]:
        parts.append("token")
    if d["demolished"]:
        parts.append("DEMOLISHED")
    if d["objective_vp"]:
        parts.append(f"[{d['objective_vp']}VP]")
    return "  ".join(p for p in parts if p)


def render_view(view: dict[str, Any]) -> str:
    board = load_board()
    out = [render_map(view), ""]
    for i, d in enumerate(view["districts"]):
        out.append(_district_line(d, board.codes[i]))
    out.append("")
    out.append(
        f"Turn {view['turn']}  phase: {view['phase']}  to act: P{view['current_player']}  "
        f"action points: {view['action_points']}  stock: {view['stock']}  deck: {view['deck_size']} "
        f"(next intensify after {view['cards_until_intensify']} cards; stack cards left "
        f"{''.join(view['fire_stack_cards_left']) or '-'})"
    )
    if view["final_turns_left"] is not None:
        out.append(f"Final turns left: {view['final_turns_left']}")
    out.append("Houses lost: " + ", ".join(f"{c} {n}" for c, n in view["houses_lost"].items()))
    for p in view["players"]:
        line = (f"P{p['seat']} pawn {p['pawn']}" + (f" colour {p['colour']}" if p["colour"] else " colour ?")
                + f"  landowner in {p['landowner']}  cards {p['hand_size']}  tokens {p['tokens_held']}"
                + f"  fires put out {p['fires_put_out']}" + ("  HERO OF LONDON" if p["hero_of_london"] else ""))
        if "score" in p:
            score = p["score"]
            line += f"  score {score['total']}" if "total" in score else f"  public score {score['public_total']}"
        out.append(line)
    me = view["viewer"]
    if me is not None:
        mine = view["players"][me]
        out.append("")
        out.append(f"Your hand: {', '.join(f'{k} x{v}' for k, v in mine['hand'].items()) or 'empty'}")
        out.append("Your objectives: " + ", ".join(
            f"{o['district']} ({o['vp']}VP{'' if o['surviving'] else ', lost'})" for o in mine["objectives"]))
        out.append(f"Your tokens: {', '.join(mine['tokens']) or 'none'}")
    if view.get("winners") is not None:
        out.append("")
        out.append("Final scores: " + ", ".join(f"P{p} {s:g}" for p, s in enumerate(view["scores"])))
        out.append("Winner(s): " + ", ".join(f"P{p}" for p in view["winners"]))
    return "\n".join(out)
