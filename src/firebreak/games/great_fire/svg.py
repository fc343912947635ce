"""The Great Fire board as SVG for the browser, drawn only from one seat's view (the play server's board hook).

Registered as ``GameSpec.extra["svg"]``: ``render_svg(view, legal)`` gets the dict of ``GreatFireState.view``
and the legal ``(id, text)`` pairs of the seat to act (empty for others), so it can show nothing that seat may not
see. Geometry comes from the board data (``grid_rect`` of each district on a grid where y grows northward, the
grassed areas, the four-way crosses); the Thames runs along the bottom and the Fleet at x = 2.

Colour-blind friendly: Okabe-Ito colours, and nothing is told by colour alone: every house carries its colour's
letter, regions carry their initial, fire is a flame with a count (dashed when contained), demolished districts
are hatched and crossed. Every district's group carries ``data-place`` with the district's name: the board names
``GreatFireState.action_choices`` gives as sources, targets and previews (trained bands and landowners stand in
their district). The older ``data-action`` (a district ending exactly one legal action) is kept for pages that
still click it. Landowner pawns show their seat (P0, P1, ...) as the legend names players.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from operator import itemgetter
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from firebreak.core.text import join_words, plural, seat_label

from .board import load_board
from .names import colour_word, token_word

CELL = 64
LEGEND_ROW = 34
HOUSE_COLOURS = {  # Okabe-Ito, with a letter on every house
    "red": ("#D55E00", "#ffffff"), "blue": ("#0072B2", "#ffffff"), "green": ("#009E73", "#ffffff"),
    "yellow": ("#F0E442", "#000000"), "white": ("#ffffff", "#000000"), "purple": ("#CC79A7", "#000000"),
}
REGION_FILLS = {"purple": "#efe3f3", "blue": "#dde9f6", "green": "#e1f1e4", "orange": "#fbe6d2",
                "grassed": "url(#gf-grass)"}
FLEET_X = 2
LEGEND_COLS = (8, 280, 390, 790, 970, 1070, 1190)
LEGEND_HEADS = ("Player", "colour", "landowner in", "fire cards", "tokens", "put out", "score")
SHEET_COLS = (8, 290, 430, 610, 770, 930, 1130)
"""Columns of the game-over score sheet: player, then the rulebook's sources (houses, fires put out, objectives,
1 VP tokens, Hero of London) and the total."""
# A player's row of the legend, preformatted around its y and text (as _t(x, y, text, 19, weight=...) draws it).
_COL_OPEN = tuple(f'<text x="{x:.1f}" y="' for x in LEGEND_COLS)
_ROW_NORMAL = '" font-size="19" text-anchor="start" font-weight="normal" fill="#1d1d1f" >'
_ROW_BOLD = '" font-size="19" text-anchor="start" font-weight="bold" fill="#1d1d1f" >'


def text_width(text: str, size: float) -> float:
    """A generous estimate of a line's drawn width (0.6 em a character: wide sans-serif faces stay inside it)."""
    return len(text) * size * 0.6


def _escape(text: str) -> str:
    """``xml.sax.saxutils.escape`` without its function-call layers (it is called for every legend cell)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def _t(x: float, y: float, text: str, size: int = 12, anchor: str = "start", weight: str = "normal",
       fill: str = "#1d1d1f", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}" {extra}>{escape(text)}</text>')


class _Static:
    """Everything of the drawing that depends only on the board (and which districts the view lists).

    Built once per board by :func:`_static`: the play server renders the board once per viewer per update, and
    the river, the grassed areas, the crosses and every district's place never change during a game.
    """

    __slots__ = ("ends_on", "head", "map_h", "name_lengths", "places", "tail", "width")

    def __init__(self, names: tuple[str, ...]) -> None:
        board = load_board()
        width_cells = max(r[1] for r in board.rects + tuple(g[1] for g in board.grassed))
        height_cells = max(r[3] for r in board.rects + tuple(g[1] for g in board.grassed))
        map_h = (height_cells + 1) * CELL  # one row of river below y = 0
        W = width_cells * CELL

        def sx(x: float) -> float:
            return x * CELL

        def sy(y: float) -> float:  # grid y grows northward, SVG y grows downward
            return (height_cells - y) * CELL

        head = [('<defs>'
                 '<pattern id="gf-hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
                 'patternTransform="rotate(45)">'
                 '<line x1="0" y1="0" x2="0" y2="8" stroke="#555" stroke-width="2"/></pattern>'
                 '<pattern id="gf-grass" width="10" height="10" patternUnits="userSpaceOnUse">'
                 '<rect width="10" height="10" fill="#e9f3dc"/><path d="M2 8 l2 -4 l2 4" stroke="#6a9a4a" fill="none"/>'
                 '</pattern>'
                 '<pattern id="gf-waves" width="24" height="12" patternUnits="userSpaceOnUse">'
                 '<rect width="24" height="12" fill="#cfe6f5"/>'
                 '<path d="M0 6 q6 -5 12 0 t12 0" stroke="#56B4E9" fill="none"/>'
                 '</pattern></defs>'),
                f'<rect x="0" y="0" width="{W}" height="{map_h}" fill="#f7f5ef"/>']
        # the Thames along the bottom and the Fleet at x = 2
        head.append(f'<rect x="0" y="{sy(0)}" width="{W}" height="{CELL}" fill="url(#gf-waves)"/>')
        head.append(_t(W / 2, sy(0) + CELL * 0.62, "River Thames", 18, "middle", "bold", "#0b4f79"))
        district_names = set(names)
        for name, (x0, x1, y0, y1) in board.grassed:
            if name in district_names:  # drawn with the districts
                continue
            head.append(f'<rect x="{sx(x0)}" y="{sy(y1)}" width="{sx(x1 - x0)}" height="{(y1 - y0) * CELL}" '
                        f'fill="url(#gf-grass)" stroke="#9bb98a"/>')
            head.append(_t(sx(x0) + 4, sy(y1) + 14, name, 10, fill="#3d5f2c"))
        tail = [(f'<line x1="{sx(FLEET_X)}" y1="0" x2="{sx(FLEET_X)}" y2="{sy(0) + CELL / 2}" stroke="#56B4E9" '
                 f'stroke-width="6" opacity="0.85" aria-hidden="true"/>'),
                _t(sx(FLEET_X) - 4, sy(0) - 4, "Fleet", 11, "end", "bold", "#0b4f79",
                   f'transform="rotate(-90 {sx(FLEET_X) - 4} {sy(0) - 4})"')]
        for cx, cy in board.grid_crosses:
            tail.append(f'<g aria-hidden="true"><circle cx="{sx(cx)}" cy="{sy(cy)}" r="7" fill="#fff" stroke="#333"/>'
                        f'<path d="M{sx(cx) - 5} {sy(cy)} h10 M{sx(cx)} {sy(cy) - 5} v10" stroke="#333" '
                        f'stroke-width="2"/></g>')
        rects = {board.names[i]: board.rects[i] for i in range(board.num_districts)}
        self.width, self.map_h = W, map_h
        self.head, self.tail = "".join(head), "".join(tail)
        self.places = []  # each district's (x, y, width, height) in pixels, in the order of ``names``
        for name in names:
            x0, x1, y0, y1 = rects[name]
            self.places.append((sx(x0), sy(y1), (x1 - x0) * CELL, (y1 - y0) * CELL))
        self.name_lengths = [(n, {name for name in district_names if len(name) == n})
                             for n in sorted({len(name) for name in district_names}, reverse=True)]
        self.ends_on: dict[str, str | None] = {}  # action text -> the district it ends on (memo: texts are finite)

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
def _static(names: tuple[str, ...]) -> _Static:
    return _Static(names)


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
# (all of them are read with C-level getters: this loop runs for 50-odd districts per viewer per update).
_DRAWN_FIELD_NAMES = ("code", "region", "fire", "contained", "trained_bands", "demolished", "token", "objective_vp")
_DRAWN_FIELDS = itemgetter(*_DRAWN_FIELD_NAMES)
_NAME, _HOUSES, _LANDOWNERS = itemgetter("name"), itemgetter("houses"), itemgetter("landowners")


@lru_cache(maxsize=16384)
def _district_svg(place: tuple, name: str, fields: tuple, houses: tuple, is_mine: bool, action: int | None,
                  landowners: tuple, pawns: tuple) -> str:
    """One district's drawing. Cached: between two moves most districts look the same, so most are not redrawn.

    Bounded (a long-running server sees many games); the key is the district's every drawn field, no more.
    """
    x, y, w, h = place
    d = dict(zip(_DRAWN_FIELD_NAMES, fields), name=name, houses=houses, landowners=landowners)
    pawn_of = dict(zip(landowners, pawns))
    out: list[str] = []
    burning = d["fire"] > 0 and not d["contained"]
    stroke, sw, dash = "#6b6b6b", 1.5, ""
    if burning:
        stroke, sw = "#D55E00", 4
    elif d["fire"] > 0:
        stroke, sw, dash = "#D55E00", 3, ' stroke-dasharray="6 4"'
    houses = ", ".join(d["houses"]) or "none"
    label = (f'{d["name"]} ({d["code"]}), {d["region"]} region; houses: {houses}; fire cones: {d["fire"]}'
             f'{" contained" if d["contained"] else ""}; trained bands: {d["trained_bands"]}'
             f'{"; demolished" if d["demolished"] else ""}{"; token face down" if d["token"] else ""}'
             f'{"; objective " + str(d["objective_vp"]) + " VP" if d["objective_vp"] else ""}'
             f'{"; your objective" if is_mine else ""}')
    attrs = f' data-action="{action}" aria-label={quoteattr(label)}' if action is not None else ""
    out.append(f'<g class="district" data-district={quoteattr(d["name"])} data-place={quoteattr(d["name"])}{attrs}>')
    out.append(f'<title>{escape(label)}</title>')
    out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{w - 2}" height="{h - 2}" rx="4" '
               f'fill="{REGION_FILLS.get(d["region"], "#eeeeee")}" stroke="{stroke}" stroke-width="{sw}"{dash}/>')
    if action is not None:
        out.append(f'<rect x="{x + 4}" y="{y + 4}" width="{w - 8}" height="{h - 8}" rx="3" fill="none" '
                   f'stroke="#0072B2" stroke-width="2.5" stroke-dasharray="3 3"/>')
    if is_mine:
        out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{w - 6}" height="{h - 6}" rx="3" fill="none" '
                   f'stroke="#E69F00" stroke-width="3"/>')
    if d["demolished"]:
        out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{w - 2}" height="{h - 2}" fill="url(#gf-hatch)" '
                   f'opacity="0.5"/>')
    if d["region"] in REGION_FILLS and d["region"] != "grassed":
        out.append(_t(x + 5, y + 16, d["code"], 15, weight="bold"))
        out.append(_t(x + w - 5, y + 13, d["region"][:1].upper(), 10, "end", fill="#555"))
    else:
        out.append(_t(x + 5, y + 15, d["name"], 10, fill="#3d5f2c"))
    if d["objective_vp"]:
        star = "★" if is_mine else "☆"
        out.append(_t(x + w - 5, y + h - 6, f"{star}{d['objective_vp']}", 12, "end", "bold", "#7a4a00"))
    # houses: a row of lettered squares
    for k, colour in enumerate(d["houses"]):
        fill, ink = HOUSE_COLOURS.get(colour, ("#999999", "#000000"))
        hx, hy = x + 5 + k * 12, y + 21
        out.append(f'<rect x="{hx}" y="{hy}" width="11" height="11" fill="{fill}" stroke="#222" stroke-width="0.8"/>')
        out.append(_t(hx + 5.5, hy + 9, colour[:1].upper(), 8, "middle", "bold", ink))
    # fire cones: a flame with the count
    if d["fire"]:
        fx, fy = x + 8, y + h - 9
        fill = "#D55E00" if burning else "none"
        state = "burning" if burning else "contained"
        out.append(f'<g class="piece"><title>{plural(d["fire"], "fire cone")}, {state}</title>'
                   f'<path d="M{fx} {fy} l6 -16 l6 16 z" fill="{fill}" stroke="#D55E00" stroke-width="1.5"/>')
        out.append(_t(fx + 15, fy, str(d["fire"]), 12, weight="bold", fill="#8a2d00") + "</g>")
    if d["trained_bands"]:
        bx, by = x + 40, y + h - 14
        out.append(f'<g class="piece"><title>{plural(d["trained_bands"], "trained band")}</title>'
                   f'<circle cx="{bx}" cy="{by}" r="7" fill="#0072B2"/>')
        out.append(_t(bx, by + 3.5, "T", 9, "middle", "bold", "#ffffff"))
        if d["trained_bands"] > 1:
            out.append(_t(bx + 9, by + 4, f"×{d['trained_bands']}", 10))
        out.append("</g>")
    if d["token"]:
        out.append(f'<g class="piece"><title>A face-down token</title>'
                   f'<rect x="{x + w - 20}" y="{y + 20}" width="14" height="14" rx="2" fill="#F0E442" '
                   f'stroke="#333"/>')
        out.append(_t(x + w - 13, y + 31, "?", 11, "middle", "bold") + "</g>")
    for k, seat in enumerate(d["landowners"]):
        fill, ink = HOUSE_COLOURS.get(pawn_of.get(seat) or "", ("#999999", "#000000"))
        px, py = x + w - 12 - k * 18, y + h - 26
        out.append(f'<g class="piece"><title>Landowner of {seat_label(seat)}</title>'
                   f'<circle cx="{px}" cy="{py}" r="8" fill="{fill}" stroke="#000" stroke-width="1.5"/>')
        out.append(_t(px, py + 3, seat_label(seat), 8, "middle", "bold", ink) + "</g>")
    if d["demolished"]:
        out.append(_t(x + w / 2, y + h / 2 + 8, "✕", 24, "middle", "bold", "#333"))
    out.append('</g>')
    return "".join(out)


def _legend(view: dict[str, Any], W: int, top: float) -> tuple[list[str], float]:
    """The status, the players' table and, at game over, the winner, the score sheet and every seat's objectives.

    Returns the drawing and the height it takes, so the picture's viewBox always holds every row (rows are laid
    one under the other at ``LEGEND_ROW`` spacing; the columns leave room for the longest district name).
    """
    out: list[str] = []
    y = top + 28
    over = view.get("winners") is not None
    if not over:  # at the end the winner's line says it
        out.append(_t(8, y, str(view.get("status") or ""), 22, weight="bold"))
    setup = view.get("phase") in ("place_trained_bands", "place_landowners")
    details = ["Set-up" if setup else f"Turn {int(view.get('turn') or 0) + 1}"]  # the view counts turns from 0
    if view.get("card_played"):
        details.append(f"card played: {str(view['card_played']).capitalize()}")
    if view.get("cards_until_intensify") is not None:
        details.append(f"cards until intensify: {view['cards_until_intensify']}")
    if view.get("final_turns_left") is not None:
        details.append(f"final turns left: {view['final_turns_left']}")
    details.append(f"fire cones in stock: {view.get('stock')}")
    if not over:
        y += 28
    out.append(_t(8, y, " · ".join(details), 18, fill="#333"))
    players = view.get("players", [])
    names = [p.get("name") or seat_label(p["seat"]) for p in players]
    if over:
        winners = view["winners"]
        scores = view.get("scores", [])
        best = scores[winners[0]] if scores else 0
        head = (f"{names[winners[0]]} wins with {plural(best, 'point')}." if len(winners) == 1
                else f"{join_words(names[w] for w in winners)} share the win with {plural(best, 'point')}.")
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
        cards = str(p.get("hand_size")) + (" (" + " ".join(f"{k[:1].upper()}{v}" for k, v in hand.items() if v) + ")"
                                           if hand else "")
        cells = (f"{name}{' (you)' if p['seat'] == viewer else ''}{' ★hero' if p.get('hero_of_london') else ''}",
                 colour, p.get("landowner") or "not placed", cards, str(p.get("tokens_held", 0)),
                 str(p.get("fires_put_out", 0)), shown_total)
        ys = f"{y:.1f}"
        rest = _ROW_BOLD if p["seat"] == current or (over and p["seat"] in view["winners"]) else _ROW_NORMAL
        for opening, text in zip(_COL_OPEN, cells):
            out.append(f"{opening}{ys}{rest}{_escape(text)}</text>")
        if p.get("objectives") is not None:
            objs = "; ".join(f"{o['district']} {o['vp']} VP{'' if o['surviving'] else ' (lost)'}"
                             for o in p["objectives"])
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
            cells = (names[p], *(f"{points:g}" for _, points in rows), f"{view['scores'][p]:g}")
            for cx, text in zip(SHEET_COLS, cells):
                out.append(_t(cx, y, text, 18, weight=weight))
    return out, y + 20 - top


def render_svg(view: dict[str, Any], legal: list[tuple[int, str]]) -> str:
    """The whole board for ``view``; ``legal`` are the (id, text) pairs the viewer may play now (or empty).

    Only the districts' contents and the legend are drawn per call: the rest comes from the board's cache.
    Every district carries ``data-place`` with its name, the names ``GreatFireState.action_choices`` uses.
    """
    districts = view.get("districts", [])
    names = tuple(map(_NAME, districts))
    static = _static(names)
    map_h = static.map_h
    players = view.get("players", [])
    legend, legend_h = _legend(view, static.width, map_h)
    W, H = static.width, map_h + legend_h

    viewer = view.get("viewer")
    mine: set[str] = set()
    for p in players:
        if p.get("seat") == viewer:
            mine = {o["district"] for o in p.get("objectives", [])}
    pawn_of = {p["seat"]: p.get("pawn") for p in players}
    clickable = _targets(legal, static) if legal else {}

    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H:.0f}" role="img" '
            f'aria-label="Great Fire of London board" font-family="system-ui, sans-serif">'), static.head]
    district_svg = _district_svg
    for place, name, fields, houses, owners in zip(static.places, names, map(_DRAWN_FIELDS, districts),
                                                   map(_HOUSES, districts), map(_LANDOWNERS, districts)):
        out.append(district_svg(place, name, fields, tuple(houses), name in mine,
                                clickable.get(name) if clickable else None,
                                tuple(owners), tuple([pawn_of.get(seat) for seat in owners]) if owners else ()))
    out.append(static.tail)
    out.extend(legend)
    out.append('</svg>')
    return "".join(out)
