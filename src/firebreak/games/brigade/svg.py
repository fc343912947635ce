"""The Brigade's town as SVG for the browser, drawn only from one seat's view (the play server's board hook).

Registered as ``GameSpec.svg``: ``render_svg(view, legal)`` gets the dict of ``BrigadeState.view`` and
the legal ``(id, text)`` pairs of the seat to act (empty for others), so it can show nothing that seat may not
see. The town is the view's ``board``: 36 cells in row order (row 1 is North, column A is West), the four
corners being the Firehouses.

Colour-blind friendly: Okabe-Ito colours, and nothing is told by colour alone: every meeple carries its letter and
seat number (``B0`` = seat P0's Brigade, ``W0`` = its Wagon), affiliations carry a three-letter code,
fire is a flame with ``intensity/track`` and a row of pips, destroyed blocks are hatched, crossed and labelled,
Loyalty is a shield with ``L`` and the seat number; a legend under the town spells out every short mark. Seats are
numbered from P0 and players named as everywhere else (``White (P0)``). Every block carries
``data-place="B3"``: the name :meth:`BrigadeState.action_choices` uses for its ``source``, ``target`` and
``preview``. At game over the winner and every seat's score sheet are drawn under the town.

Board choices use ``data-place`` (see above). For older pages a block also carries ``data-action`` when exactly one
legal action's text names its position (``B1``): e.g. "move brigade to B1" while no other legal action names B1.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any
from xml.sax.saxutils import quoteattr

from firebreak.core.svg import escape_text as escape, svg_text as _t
from firebreak.core.text import plural

CELL = 150
SIZE = 6
ROW = 22  # height of one line of the panel under the town
PLAYER_COLOURS = {  # Okabe-Ito (plus white and black), ink chosen for contrast; a number on every marker
    "white": ("#ffffff", "#000000"),
    "black": ("#000000", "#ffffff"),
    "pink": ("#CC79A7", "#000000"),
    "orange": ("#E69F00", "#000000"),
}
AFFILIATION_STYLE = {  # fill tint, code
    "Commons": ("#e3f1e9", "COM"),
    "Nobles Rise": ("#efe3f3", "NOB"),
    "Council Quarters": ("#dde9f6", "CNC"),
    "Merchant Markets": ("#fbf4cf", "MER"),
    "University": ("#eeeeee", "UNI"),
}
FIRE = "#D55E00"
CLICK = "#0072B2"
_POS = re.compile(r"\b([A-F][1-6])\b")


def _wrap(name: str, width: int = 20, lines: int = 2) -> list[str]:
    """The block's name on at most two lines, shortened with an ellipsis when it does not fit."""
    out: list[str] = []
    for word in name.split():
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: width - 1].rstrip() + "…"
    return [line if len(line) <= width else line[: width - 1] + "…" for line in out]


def targets(legal: list[tuple[int, str]]) -> dict[str, int]:
    """Position name -> the one legal action whose text names it (positions named by several are left out)."""
    found: dict[str, list[int]] = {}
    for action, text in legal:
        for pos in set(_POS.findall(text)):
            found.setdefault(pos, []).append(action)
    return {pos: ids[0] for pos, ids in found.items() if len(ids) == 1}


def _who(seat: int, names: Sequence[str]) -> str:
    """A seat as every screen names it (``White (P0)``), from the view's player names."""
    return names[seat] if 0 <= seat < len(names) else f"P{seat}"


def _brigade(x: float, y: float, seat: int, colour: str) -> str:
    """A Brigade meeple: a person shape with ``B`` and the player number."""
    fill, ink = PLAYER_COLOURS.get(colour, ("#999999", "#000000"))
    return (
        f'<path d="M{x - 11} {y + 12} L{x - 11} {y - 1} Q{x - 11} {y - 6} {x - 6} {y - 6} L{x - 4} {y - 6} '
        f'A6 6 0 1 1 {x + 4} {y - 6} L{x + 6} {y - 6} Q{x + 11} {y - 6} {x + 11} {y - 1} L{x + 11} {y + 12} Z" '
        f'fill="{fill}" stroke="#000" stroke-width="1.4"/>' + _t(x, y + 8, f"B{seat}", 10, "middle", "bold", ink)
    )


def _wagon(x: float, y: float, seat: int, colour: str) -> str:
    """A Wagon: a cart with two wheels, ``W`` and the player number."""
    fill, ink = PLAYER_COLOURS.get(colour, ("#999999", "#000000"))
    return (
        f'<rect x="{x - 13}" y="{y - 7}" width="26" height="15" rx="2" fill="{fill}" stroke="#000" '
        f'stroke-width="1.4"/>'
        f'<circle cx="{x - 7}" cy="{y + 10}" r="3" fill="#555" stroke="#000"/>'
        f'<circle cx="{x + 7}" cy="{y + 10}" r="3" fill="#555" stroke="#000"/>'
        + _t(x, y + 4.5, f"W{seat}", 10, "middle", "bold", ink)
    )


def _cell_label(c: dict[str, Any], names: Sequence[str], owner: int | None, action_text: str | None) -> str:
    """The block's accessible description: everything drawn in it, in words."""
    if c["firehouse"]:
        parts = [f"{c['name']} ({c['pos']}), firehouse" + (f" of {_who(owner, names)}" if owner is not None else "")]
    else:
        fire = (
            "destroyed"
            if c["destroyed"]
            else f"on fire, intensity {c['intensity']} of {c['track']}"
            if c["intensity"]
            else f"not burning, track {c['track']}"
        )
        parts = [f"{c['name']} ({c['pos']}), {c['affiliation']}, value {c['value']}, {fire}"]
        if c.get("big_building"):
            parts.append("big building")
        if c["loyal"] >= 0:
            parts.append(f"loyal to {_who(c['loyal'], names)}")
        renown = [f"{_who(p, names)} {r}" for p, r in enumerate(c["renown"]) if r]
        if renown:
            parts.append("renown: " + ", ".join(renown))
    meeples = [f"Brigade of {_who(p, names)}" for p in c["brigades"]]
    meeples += [f"Wagon of {_who(p, names)}" for p in c["wagons"]]
    if meeples:
        parts.append("here: " + ", ".join(meeples))
    if action_text:
        parts.append(click_words(action_text, names))
    return "; ".join(parts)


_CLICKS = (
    (re.compile(r"^move brigade to "), "move your Brigade here"),
    (re.compile(r"^move wagon to "), "move your Wagon here"),
    (re.compile(r"^place renown on "), "place a renown token here"),
    (re.compile(r"^swap \S+ with its (east|south) neighbour$"), "swap this block with its {0} neighbour"),
    (re.compile(r"^ash extinguishes \S+ with (\d+) water$"), "Ash puts out the fire here with {0} water"),
)
_REMOVE = re.compile(r"^remove renown of P(\d+) from ")


def click_words(action_text: str, names: Sequence[str] = ()) -> str:
    """What a click on a block does, in words, from the action's stable text (``move brigade to B1`` ->
    ``click to move your Brigade here``)."""
    if m := _REMOVE.match(action_text):
        return f"click to remove a renown token of {_who(int(m.group(1)), names)} here"
    for pattern, words in _CLICKS:
        if m := pattern.match(action_text):
            return "click to " + words.format(*m.groups())
    return "click to choose this block"


def _cell_svg(
    c: dict[str, Any],
    x: float,
    y: float,
    colours: Sequence[str],
    owner: int | None,
    action: int | None,
    action_text: str | None,
    names: Sequence[str] = (),
) -> str:
    out: list[str] = []
    label = _cell_label(c, names, owner, action_text)
    attrs = f' data-action="{action}" aria-label={quoteattr(label)}' if action is not None else ""
    out.append(
        f'<g class="block" data-pos="{c["pos"]}" data-place="{c["pos"]}" data-block={quoteattr(c["name"])}{attrs}>'
    )
    out.append(f"<title>{escape(label)}</title>")
    burning = c["intensity"] > 0 and not c["destroyed"]
    if c["firehouse"]:
        fill = "#f2f0ea"
    else:
        fill = AFFILIATION_STYLE.get(c["affiliation"], ("#eeeeee", "???"))[0]
    stroke, sw = (FIRE, 4) if burning else ("#6b6b6b", 1.5)
    out.append(
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="6" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{sw}"/>'
    )
    if action is not None:
        out.append(
            f'<rect x="{x + 6}" y="{y + 6}" width="{CELL - 12}" height="{CELL - 12}" rx="4" fill="none" '
            f'stroke="{CLICK}" stroke-width="3" stroke-dasharray="6 4"/>'
        )
    out.append(_t(x + 9, y + 21, c["pos"], 15, weight="bold"))
    if c["firehouse"]:
        if owner is not None:
            pf, ink = PLAYER_COLOURS.get(colours[owner], ("#999999", "#000000"))
            out.append(
                f'<rect x="{x + 36}" y="{y + 8}" width="{CELL - 46}" height="20" rx="3" fill="{pf}" stroke="#000"/>'
            )
            out.append(_t(x + 36 + (CELL - 46) / 2, y + 23, _who(owner, names), 12, "middle", "bold", ink))
        # a little house with a bell: the firehouse
        hx, hy = x + CELL / 2, y + 62
        out.append(
            f'<path d="M{hx - 22} {hy + 18} v-20 l22 -16 l22 16 v20 z" fill="#fff" stroke="#333" '
            f'stroke-width="1.5"/><rect x="{hx - 7}" y="{hy + 4}" width="14" height="14" fill="#bbb" '
            f'stroke="#333"/>'
        )
        out.append(_t(x + CELL / 2, y + 98, "Firehouse", 13, "middle", "bold"))
    else:
        code = AFFILIATION_STYLE.get(c["affiliation"], ("", "???"))[1]
        out.append(_t(x + CELL - 9, y + 20, f"{code} · {c['value']}", 13, "end", "bold", "#333"))
        for k, line in enumerate(_wrap(c["name"])):
            out.append(_t(x + 9, y + 38 + k * 14, line, 11.5))
        if c.get("big_building"):
            out.append(_t(x + CELL - 9, y + CELL - 10, "BIG", 11, "end", "bold", "#7a4a00"))
        # the fire track: one pip per step, filled up to the intensity, and the count beside a flame
        ty = y + 74
        pip = min(12.0, (CELL - 70) / max(1, c["track"]))
        for k in range(c["track"]):
            lit = k < c["intensity"] and not c["destroyed"]
            out.append(
                f'<rect x="{x + 9 + k * pip:.1f}" y="{ty - 9}" width="{pip - 2:.1f}" height="9" '
                f'fill="{FIRE if lit else "#ffffff"}" stroke="#8a2d00" stroke-width="0.8"/>'
            )
        fx = x + 14 + c["track"] * pip
        if burning:
            out.append(
                f'<g class="fire"><title>Burning: fire intensity {c["intensity"]} of {c["track"]}</title>'
                f'<path d="M{fx} {ty} q-6 -6 0 -16 q1 6 5 8 q4 -3 2 -8 q8 8 1 16 z" fill="{FIRE}" '
                f'stroke="#8a2d00" stroke-width="0.8"/>'
            )
            out.append(_t(fx + 12, ty, f"{c['intensity']}/{c['track']}", 13, weight="bold", fill="#8a2d00") + "</g>")
        elif not c["destroyed"]:
            out.append(_t(fx, ty, f"0/{c['track']}", 11, fill="#555"))
        # loyalty shield and renown chips
        ry = y + 96
        cx = x + 9
        if c["loyal"] >= 0:
            pf, ink = PLAYER_COLOURS.get(colours[c["loyal"]] if c["loyal"] < len(colours) else "", ("#999", "#000"))
            out.append(
                f'<g class="piece"><title>{escape("Loyalty marker of " + _who(c["loyal"], names))}</title>'
                f'<path d="M{cx} {ry - 12} h24 v8 q0 10 -12 14 q-12 -4 -12 -14 z" fill="{pf}" stroke="#000" '
                f'stroke-width="1.4"/>'
            )
            out.append(_t(cx + 12, ry, f"L{c['loyal']}", 9, "middle", "bold", ink) + "</g>")
            cx += 30
        for p, r in enumerate(c["renown"]):
            if not r:
                continue
            pf, ink = PLAYER_COLOURS.get(colours[p] if p < len(colours) else "", ("#999", "#000"))
            out.append(
                f'<g class="piece"><title>{escape(plural(r, "renown token") + " of " + _who(p, names))}'
                f'</title><path d="M{cx + 10} {ry - 13} l10 8 l-10 8 l-10 -8 z" fill="{pf}" stroke="#000"/>'
            )
            out.append(_t(cx + 10, ry - 2, str(p), 8, "middle", "bold", ink))
            out.append(_t(cx + 22, ry, f"×{r}", 11, weight="bold") + "</g>")
            cx += 40
    # meeples along the bottom: Brigades first, then Wagons
    mx = x + 20
    for p in c["brigades"]:
        out.append(
            f'<g class="piece"><title>{escape("Brigade of " + _who(p, names))}</title>'
            + _brigade(mx, y + CELL - 24, p, colours[p] if p < len(colours) else "")
            + "</g>"
        )
        mx += 27
    for p in c["wagons"]:
        out.append(
            f'<g class="piece"><title>{escape("Wagon of " + _who(p, names))}</title>'
            + _wagon(mx + 2, y + CELL - 22, p, colours[p] if p < len(colours) else "")
            + "</g>"
        )
        mx += 30
    if c["destroyed"]:
        out.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="6" '
            f'fill="url(#bg-hatch)" opacity="0.55"/>'
        )
        out.append(
            _t(
                x + CELL / 2,
                y + 84,
                "✕ DESTROYED",
                14,
                "middle",
                "bold",
                "#222",
                'stroke="#fff" stroke-width="3" paint-order="stroke"',
            )
        )
    out.append("</g>")
    return "".join(out)


# A block's drawn fields besides its lists (renown, meeples), fetched in one C call per block.
_CELL_FIELD_NAMES = ("pos", "name", "firehouse", "affiliation", "value", "track", "intensity", "destroyed", "loyal")
_CELL_FIELDS = itemgetter(*_CELL_FIELD_NAMES)


@lru_cache(maxsize=8192)
def _cached_cell_svg(
    fields: tuple,
    big_building: Any,
    renown: tuple,
    brigades: tuple,
    wagons: tuple,
    x: float,
    y: float,
    colours: tuple,
    owner: int | None,
    action: int | None,
    action_text: str | None,
    names: tuple = (),
) -> str:
    """:func:`_cell_svg`, cached on everything it draws: between two updates most blocks look the same.

    Bounded, so that a long-running server playing many games does not grow.
    """
    c: dict[str, Any] = dict(zip(_CELL_FIELD_NAMES, fields))
    c["renown"], c["brigades"], c["wagons"] = renown, brigades, wagons
    if big_building is not None:
        c["big_building"] = big_building
    return _cell_svg(c, x, y, colours, owner, action, action_text, names)


LEGEND = (
    "COM Commons · NOB Nobles Rise · CNC Council Quarters · MER Merchant Markets · UNI University · "
    "“· 3” value 3 · BIG a Big Building",
    "2/4 fire intensity 2 on a Flame Track of 4 · L0 Loyalty marker of P0 · ◆0 ×2 two renown tokens of P0 · "
    "B0 / W0 Brigade / Wagon of P0",
)


def _score_sheet(view: dict[str, Any], names: list[str], y: float) -> tuple[list[str], float]:
    """The game-over result inside the picture: the winner in a sentence, then each seat's score as the rulebook
    adds it up (one line per source, points on the right, total in the seat's heading)."""
    out = [_t(8, y, view.get("result") or "Game over.", 16, weight="bold", fill="#0b4f79")]
    winners = view.get("winners") or []
    for seat, sheet in enumerate(view.get("score_sheet") or []):
        y += ROW + 4
        total = view["scores"][seat]
        mark = "  ★ winner" if seat in winners else ""
        out.append(
            _t(16, y, f"{_who(seat, names)}: {total:g} {'point' if total == 1 else 'points'}{mark}", 14, weight="bold")
        )
        for source, points in sheet:
            y += ROW - 4
            out.append(_t(36, y, source, 13, fill="#333"))
            out.append(_t(640, y, f"{points:g}", 13, "end", fill="#333"))
    return out, y


def _panel(view: dict[str, Any], colours: list[str], top: float, width: float) -> tuple[list[str], float]:
    """A compact status under the town: turn, a legend of the marks, each player's board and, at game over, the
    winner and the score sheets. (The page's player strip shows each score and supply, and the question being
    asked heads its action panel: neither is repeated here.)"""
    out: list[str] = []
    names = [p.get("name", f"P{p['seat']}") for p in view.get("players", [])]
    y = top + 24
    status = [f"Turn {view.get('turn')}"]
    active = view.get("active")
    if view.get("over"):
        status.append("game over")
    elif isinstance(active, int) and active >= 0:
        status.append(f"{_who(active, names)}'s {view.get('phase')} phase")
    if view.get("phase") == "action" and not view.get("over"):
        status.append(f"{view.get('actions_used')} of {view.get('actions_allowed')} actions used")
    out.append(_t(8, y, " · ".join(status), 16, weight="bold"))
    y += ROW
    destroyed = view.get("destroyed", 0)
    ruin = (
        f"Destroyed: {destroyed} {'block' if destroyed == 1 else 'blocks'} (evacuation at 8), "
        f"{view.get('university_destroyed')} of the University (evacuation at 3)"
    )
    if view.get("evacuation"):
        ruin += " · EVACUATION: the round is finished, then the game ends"
    out.append(_t(8, y, ruin, 14))
    y += ROW
    deck = [
        f"Last event: {view.get('last_event') or 'none yet'}",
        f"Event deck {view.get('event_deck')} cards",
        f"Crew deck {view.get('crew_deck')} cards",
    ]
    out.append(_t(8, y, " · ".join(deck), 14))
    if view.get("over"):
        y += ROW + 6
        sheet, y = _score_sheet(view, names, y)
        out.extend(sheet)
    if isinstance(view.get("drawn"), list) and view["drawn"]:
        y += ROW
        out.append(
            _t(8, y, "You drew: " + ", ".join(f"{k + 1}) {n}" for k, n in enumerate(view["drawn"])), 14, fill="#7a4a00")
        )
    you = view.get("you")
    for p in view.get("players", []):
        y += ROW + 8
        seat = p["seat"]
        pf, ink = PLAYER_COLOURS.get(p["colour"], ("#999999", "#000000"))
        out.append(f'<rect x="8" y="{y - 14}" width="30" height="18" rx="3" fill="{pf}" stroke="#000"/>')
        out.append(_t(23, y, f"P{seat}", 12, "middle", "bold", ink))
        weight = "bold" if seat == view.get("to_act") else "normal"
        # score, renown and Loyalty markers left are on the page's player strip; the question heads the actions
        head = f"{_who(seat, names)}{', you' if seat == you else ''} · {p['warden']}"
        out.append(_t(46, y, head, 14, weight=weight))
        y += ROW - 4
        tracks = ", ".join(
            f"{name.title()} {t['value']} ({t['circle']} of {t['of']})" for name, t in p["tracks"].items()
        )
        body = (
            f"Brigade {p['brigade_at']} water {p['brigade_water']}/{p['brigade_capacity']} · Wagon "
            f"{p['wagon_at']} water {p['wagon_water']}/{p['wagon_capacity']} · {tracks}"
        )
        if p.get("bonus_actions"):
            body += f" · bonus actions {p['bonus_actions']}"
        out.append(_t(46, y, body, 12, fill="#333"))
        if p["crew"]:
            y += ROW - 6
            crew = ", ".join(f"{c['name']} ({c['water']} water{', active' if c['active'] else ''})" for c in p["crew"])
            out.append(_t(46, y, f"Crew: {crew}", 12, fill="#555"))
    for line in LEGEND:
        y += ROW - 4
        out.append(_t(8, y, line, 11, fill="#555"))
    return out, y + 14


_COLUMN_LETTERS = "".join(  # West to East (row numbers are in every block's label)
    _t(col * CELL + CELL / 2, 18, "ABCDEF"[col], 14, "middle", "bold", "#555") for col in range(SIZE)
)


def render_svg(view: dict[str, Any], legal: list[tuple[int, str]]) -> str:
    """The whole board for ``view``; ``legal`` are the (id, text) pairs the viewer may play now (or empty)."""
    players = view.get("players", [])
    colours = [p["colour"] for p in players]
    names = tuple(p.get("name", f"P{p['seat']}") for p in players)
    owner = {p["firehouse"]: p["seat"] for p in players}
    texts = dict(legal)
    clickable = targets(legal)
    width = SIZE * CELL
    top = 26
    board_h = top + SIZE * CELL
    cells: list[str] = []
    colour_key = tuple(colours)
    for i, c in enumerate(view.get("board", [])):
        r, col = divmod(i, SIZE)
        action = clickable.get(c["pos"]) if clickable else None
        cells.append(
            _cached_cell_svg(
                _CELL_FIELDS(c),
                c.get("big_building"),
                tuple(c["renown"]),
                tuple(c["brigades"]),
                tuple(c["wagons"]),
                col * CELL,
                top + r * CELL,
                colour_key,
                owner.get(c["pos"]) if c["firehouse"] else None,
                action,
                texts.get(action) if action is not None else None,
                names,
            )
        )
    panel, height = _panel(view, colours, board_h, width)
    you = view.get("you")
    title = "The Brigade: the town of Tinderbox" + (
        f", seen by {_who(you, names)}" if you is not None else ", spectator view"
    )
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:.0f}" role="img" '
            f'aria-label={quoteattr(title)} font-family="system-ui, sans-serif">'
        ),
        f"<title>{escape(title)}</title>",
        (
            '<defs><pattern id="bg-hatch" width="10" height="10" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="10" stroke="#333" stroke-width="3"/>'
            "</pattern></defs>"
        ),
        f'<rect x="0" y="0" width="{width}" height="{height:.0f}" fill="#fbfaf6"/>',
    ]
    out.append(_COLUMN_LETTERS)
    out.extend(cells)
    out.extend(panel)
    out.append("</svg>")
    return "".join(out)
