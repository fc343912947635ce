"""Text rendering of a Great Fire view for the terminal.

It draws from a player's view only (never the state), so the terminal can show nothing that seat may not see.
The map is the board's outlines drawn in characters (:mod:`.maptext`), each district showing its code and a
status mark; the district list below it names every code. Players are
named as everywhere else (the view's ``name``: pawn colour and seat).
"""

from __future__ import annotations

from typing import Any

from firebreak.core.text import join_words, plural

from .tables import tables_by_key
from .maptext import LEGEND, WIDTH, draw
from .names import colour_word, hand_words, token_word


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


def render_map(view: dict[str, Any], cols: int = WIDTH) -> str:
    """The board as text (see :mod:`.maptext`): every district and field by its code, with its state mark."""
    marks = [_mark(d) for d in view["districts"]]
    return "\n".join([*draw(marks, cols, view.get("board")), *LEGEND])


def _district_line(d: dict[str, Any], code: str, names: list[str], pad: int = 16) -> str:
    parts = [f"{code:<3} {d['name']:<{pad}}"]
    if d["houses"]:
        parts.append("houses " + ", ".join(colour_word(h) for h in d["houses"]))
    elif d["size"] and not d["demolished"]:
        parts.append("burnt")
    if d["fire"]:
        parts.append(plural(d["fire"], "fire cone") + (" (contained)" if d["contained"] else ""))
    if d["trained_bands"]:
        parts.append(plural(d["trained_bands"], "trained band"))
    if d["landowners"]:
        word = "landowner" if len(d["landowners"]) == 1 else "landowners"
        parts.append(f"{word} " + join_words(names[p] for p in d["landowners"]))
    if d["token"]:
        parts.append("face-down token")
    if d["demolished"]:
        parts.append("DEMOLISHED")
    if d["objective_vp"]:
        parts.append(f"[objective {d['objective_vp']} VP]")
    return "  ".join(parts).rstrip()


def _player_line(p: dict[str, Any]) -> str:
    colour = f"colour {colour_word(p['colour'])}" if p["colour"] else "colour secret"
    where = f"landowner in {p['landowner']}" if p["landowner"] else "landowner not placed yet"
    line = (
        f"{p['name']}  {colour}  {where}  {plural(p['hand_size'], 'card')}  "
        f"{plural(p['tokens_held'], 'token')}  {plural(p['fires_put_out'], 'fire cone')} kept"
        + ("  HERO OF LONDON" if p["hero_of_london"] else "")
    )
    score = p.get("score")
    if score:
        line += (
            f"  score {score['total']}"
            if "total" in score
            else f"  public score {score['public_total']} (objectives and tokens hidden)"
        )
    return line


def render_results(view: dict[str, Any]) -> list[str]:
    """The winner and each seat's score broken down as the rulebook scores it, with every seat's objectives."""
    players = view["players"]
    names = [p["name"] for p in players]
    winners = view["winners"]
    scores = view["scores"]
    best = plural(scores[winners[0]], "point")
    head = (
        f"{names[winners[0]]} wins with {best}."
        if len(winners) == 1
        else f"{join_words(names[w] for w in winners)} share the win with {best}."
    )
    sheet = view["score_sheet"]
    sources = [source for source, _ in sheet[0]]
    width = max(len(n) for n in names) + 2
    cols = [max(len(s), 5) for s in sources]
    out = ["", head, ""]
    out.append(" " * width + "  ".join(s.rjust(c) for s, c in zip(sources, cols)) + "  Total")
    for p, rows in enumerate(sheet):
        cells = "  ".join(f"{points:g}".rjust(c) for (_, points), c in zip(rows, cols))
        out.append(names[p].ljust(width) + cells + f"  {scores[p]:g}".rjust(7))
    out.append("")
    for p in players:
        objs = join_words(
            f"{o['district']} ({o['vp']} VP, {'survived' if o['surviving'] else 'lost'})"
            for o in p.get("objectives", [])
        )
        out.append(f"{p['name']}, {colour_word(p['colour'])} houses, objectives: {objs}.")
    return out


def render_view(view: dict[str, Any]) -> str:
    board = tables_by_key(view.get("board")).board
    names = [p["name"] for p in view["players"]]
    out = [render_map(view)]
    districts = view["districts"]
    # The list is the map's legend, a region at a time as the board colours them, the fields last.
    regions = sorted(dict.fromkeys(d["region"] for d in districts), key=lambda r: r == "grassed")
    pad = max(len(d["name"]) for d in districts if d["region"] != "grassed")  # the details start in one column
    for region in regions:
        out += ["", "Fields (no fire enters):" if region == "grassed" else f"{region.capitalize()} region:"]
        out += [_district_line(d, board.codes[i], names, pad) for i, d in enumerate(districts) if d["region"] == region]
    out.append("")
    stack = join_words(view["fire_stack_cards_left"]) or "none"
    out.append(view["status"])
    out.append(
        f"Stock: {plural(view['stock'], 'fire cone')}.  Deck: {plural(view['deck_size'], 'card')}; "
        f"next intensify after {plural(view['cards_until_intensify'], 'card')}; "
        f"Fire Stack cards left: {stack}."
    )
    if view["final_turns_left"] is not None:
        out.append(f"Final turns left: {view['final_turns_left']}.")
    out.append("Houses lost: " + ", ".join(f"{colour_word(c)} {n}" for c, n in view["houses_lost"].items()) + ".")
    for p in view["players"]:
        out.append(_player_line(p))
    me = view["viewer"]
    if me is not None:
        mine = view["players"][me]
        out.append("")
        out.append(f"Your hand: {hand_words(mine.get('hand', {}))}.")
        out.append(
            "Your objectives: "
            + join_words(
                f"{o['district']} ({o['vp']} VP{'' if o['surviving'] else ', lost'})" for o in mine["objectives"]
            )
            + "."
        )
        out.append(f"Your tokens: {', '.join(token_word(t) for t in mine['tokens']) or 'none'}.")
    if view.get("winners") is not None:
        out.extend(render_results(view))
    return "\n".join(out)
