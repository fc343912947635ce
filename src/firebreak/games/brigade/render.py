"""Terminal rendering of a Brigade view: the 6x6 town as a grid (blocks by full name), a legend for every short
mark in it, the players' boards, the log and, at game over, the winner and each seat's score sheet.

Seats are counted from 0 everywhere and named as the game names them (``White (P0)``).
"""

from __future__ import annotations

import textwrap
from typing import Any

from firebreak.core.text import join_words, plural

from .parameters import PARAMETERS

W = 18  # characters per cell: six cells and the row numbers fit a 120-column terminal
NAME_LINES = 3
OPTION_WORDS = {
    "advanced": "advanced play",
    "big_buildings": "Big Buildings",
    "fire_festival": "Fire Festival",
    "addon_pack": "Crew and Warden pack",
}
LEGEND = (
    "Legend: value 4 = the renown its Loyalty needs, and its points; big = a Big Building; fire 2 (track 3) = "
    "intensity 2 on a Flame Track of 3 (past 3 the block is destroyed); loyal: White (P0) = White's Loyalty "
    "marker; renown: 2 of P1 = two renown tokens of P1; B0 / W0 = the Brigade / Wagon of P0."
)


def _name_lines(name: str) -> list[str]:
    return textwrap.wrap(name, W, break_long_words=True) or [""]


def _cell_lines(c: dict[str, Any], owner: int | None, name_lines: int, names: list[str]) -> list[str]:
    """A block in words: its name, affiliation, value, fire, Loyalty, renown (a line per seat), meeples."""
    lines = _name_lines(c["name"])
    lines += [""] * (name_lines - len(lines))
    if c["firehouse"]:
        lines += ["Firehouse", f"home of {names[owner]}" if owner is not None else "no player's home"]
    else:
        fire = (
            "DESTROYED"
            if c["destroyed"]
            else f"fire {c['intensity']} (track {c['track']})"
            if c["intensity"]
            else f"no fire (track {c['track']})"
        )
        lines += [c["affiliation"] or "", f"value {c['value']}{', big' if c.get('big_building') else ''}", fire]
        lines += [f"loyal: {names[c['loyal']]}"] if c["loyal"] >= 0 else []
        lines += [f"renown: {r} of P{p}" for p, r in enumerate(c["renown"]) if r]
    lines.append(" ".join([f"B{p}" for p in c["brigades"]] + [f"W{p}" for p in c["wagons"]]))
    return [f"{x:<{W}}"[:W] for x in lines]


def _header(view: dict[str, Any], names: list[str]) -> list[str]:
    opts = [OPTION_WORDS.get(k, k) for k, v in view["options"].items() if v]
    out = []
    if view["over"]:
        head = f"THE BRIGADE - turn {view['turn']} - game over"
    else:
        phase = (
            "Event phase"
            if view["phase"] == "event"
            else (f"Action phase, {view['actions_used']} of {plural(view['actions_allowed'], 'action')} used")
        )
        head = f"THE BRIGADE - turn {view['turn']} - {names[view['active']]}'s {phase}"
    out.append(head + (f" - options: {join_words(opts)}" if opts else ""))
    last = view["last_event"] or "none yet"
    rules = {p.name: p.default for p in PARAMETERS} | (view["options"].get("rules") or {})  # a variant's numbers
    out.append(
        f"Last event: {last}. Destroyed: {view['destroyed']} of {rules['evacuation_destroyed']} blocks "
        f"({view['university_destroyed']} of {rules['evacuation_university_destroyed']} University)"
        + (". EVACUATION: the round is finished, then the game ends." if view["evacuation"] else ".")
    )
    return out


def _grid(view: dict[str, Any]) -> list[str]:
    owner = {p["firehouse"]: p["seat"] for p in view["players"]}
    board = view["board"]
    out = []
    sep = "+" + "+".join(["-" * W] * 6) + "+"
    out.append("   " + " ".join(f"{ch:^{W}}" for ch in "ABCDEF"))
    for r in range(6):
        out.append("   " + sep)
        row = [board[r * 6 + c] for c in range(6)]
        n_names = max(len(_name_lines(c["name"])) for c in row)
        names = [p["name"] for p in view["players"]]
        cells = [_cell_lines(c, owner.get(c["pos"]) if c["firehouse"] else None, n_names, names) for c in row]
        tall = max(len(x) for x in cells)
        cells = [x[:-1] + [" " * W] * (tall - len(x)) + x[-1:] for x in cells]  # meeples on every cell's last line
        for i in range(len(cells[0])):
            label = f"{r + 1:>2} " if i == 0 else "   "
            out.append(label + "|" + "|".join(cells[c][i] for c in range(6)) + "|")
    out.append("   " + sep)
    out.extend(textwrap.wrap(LEGEND, 118))
    return out


def _players(view: dict[str, Any]) -> list[str]:
    out = []
    for p in view["players"]:
        you = " - you" if view["you"] == p["seat"] else ""
        out.append(
            f"{p['name']}{you} - Warden: {p['warden']} - score {p['score']:g} - "
            f"{plural(p['renown_supply'], 'renown token')} and "
            f"{plural(p['loyalty_supply'], 'Loyalty marker')} left"
        )
        out.append(
            f"    Brigade at {p['brigade_at']}, water {p['brigade_water']} of {p['brigade_capacity']}; "
            f"Wagon at {p['wagon_at']}, water {p['wagon_water']} of {p['wagon_capacity']}"
            + (f"; {plural(p['bonus_actions'], 'bonus action')}" if p.get("bonus_actions") else "")
        )
        tracks = ", ".join(
            f"{k.title()} {v['value']} (circle {v['circle']} of {v['of']})" for k, v in p["tracks"].items()
        )
        out.append(f"    Tracks: {tracks}")
        crew = (
            ", ".join(
                f"{c['name']} ({c['affiliation'] or 'no affiliation'}, {plural(c['water'], 'water token')}"
                f"{', active' if c['active'] else ''})"
                for c in p["crew"]
            )
            or "none"
        )
        out.append(f"    Crew: {crew}")
    return out


def score_lines(view: dict[str, Any], names: list[str]) -> list[str]:
    """The game-over result: who won, and each seat's score as the rulebook adds it up."""
    out = [view["result"] or "Game over."]
    sheets = view.get("score_sheet") or []
    for seat, sheet in enumerate(sheets):
        mark = "  (winner)" if seat in view["winners"] else ""
        out.append(f"  {names[seat]}: {plural(view['scores'][seat], 'point')}{mark}")
        for source, points in sheet:
            out.append(f"      {source:<60} {points:>4g}")
    return out


def render(view: dict[str, Any]) -> str:
    names = [p["name"] for p in view["players"]]
    out = _header(view, names)
    out.extend(_grid(view))
    out.append("")
    out.extend(_players(view))
    out.append(f"Event deck: {plural(view['event_deck'], 'card')}. Crew deck: {plural(view['crew_deck'], 'card')}.")
    if isinstance(view["drawn"], list):
        out.append("You drew: " + "  ".join(f"{k + 1}) {n}" for k, n in enumerate(view["drawn"])))
    out.append("")
    log = view["log"]
    if view["over"] and log and log[-1] == view["result"]:
        log = log[:-1]  # said once, with the score sheets below
    out.extend(log)
    out.append("")
    if view["over"]:
        out.extend(score_lines(view, names))
    else:
        prompt = view["prompt"]
        out.append(f"{view['to_act_name']} to act: {prompt}{'' if prompt.endswith(('.', '?')) else '.'}")
    return "\n".join(out)
