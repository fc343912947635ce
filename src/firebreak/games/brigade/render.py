"""Terminal rendering of a Brigade view: the 6x6 town as a grid, the players' boards, the log and the result."""

from __future__ import annotations

from typing import Any

W = 17  # characters per cell
AFF_SHORT = {"Commons": "COM", "Nobles Rise": "NOB", "Council Quarters": "CNC", "Merchant Markets": "MER",
             "University": "UNI", None: "---"}


def _cell_lines(c: dict[str, Any]) -> list[str]:
    if c["firehouse"]:
        lines = [c["name"][:W], "firehouse", "", ""]
    else:
        fire = "DESTROYED" if c["destroyed"] else (
            f"FIRE {c['intensity']}/{c['track']}" if c["intensity"] else f"ok   -/{c['track']}")
        head = f"{AFF_SHORT[c['affiliation']]} v{c['value']}" + (" *BIG*" if c.get("big_building") else "")
        loyal = f"L:P{c['loyal']}" if c["loyal"] >= 0 else ""
        ren = " ".join(f"r{p + 1}:{r}" for p, r in enumerate(c["renown"]) if r)
        lines = [c["name"][:W], head, fire, (loyal + " " + ren).strip()]
    meeples = " ".join([f"B{p}" for p in c["brigades"]] + [f"W{p}" for p in c["wagons"]])
    lines.append(meeples)
    return [f"{x:<{W}}"[:W] for x in lines]


def render(view: dict[str, Any]) -> str:
    out: list[str] = []
    opts = [k for k, v in view["options"].items() if v]
    out.append(f"THE BRIGADE  turn {view['turn']}  active P{view['active']}  phase {view['phase']}"
               + (f"  options: {', '.join(opts)}" if opts else ""))
    out.append(f"Last event: {view['last_event']}   destroyed {view['destroyed']}/8 "
               f"(University {view['university_destroyed']}/3)" + ("   EVACUATION!" if view["evacuation"] else ""))
    sep = "+" + "+".join(["-" * W] * 6) + "+"
    out.append("   " + " ".join(f"{ch:^{W}}" for ch in "ABCDEF"))
    board = view["board"]
    for r in range(6):
        out.append("   " + sep)
        cells = [_cell_lines(board[r * 6 + c]) for c in range(6)]
        for i in range(5):
            label = f"{r + 1:>2} " if i == 0 else "   "
            out.append(label + "|" + "|".join(cells[c][i] for c in range(6)) + "|")
    out.append("   " + sep)
    out.append("")
    for p in view["players"]:
        you = " (you)" if view["you"] == p["seat"] else ""
        tr = "  ".join(f"{k} {v['value']} [{v['circle']}/{v['of']}]" for k, v in p["tracks"].items())
        out.append(f"P{p['seat']} {p['colour']}{you} - {p['warden']} - score {p['score']:g}"
                   f"  renown left {p['renown_supply']}  loyalty left {p['loyalty_supply']}")
        out.append(f"    brigade at {p['brigade_at']} water {p['brigade_water']}/{p['brigade_capacity']}   "
                   f"wagon at {p['wagon_at']} water {p['wagon_water']}/{p['wagon_capacity']}   {tr}")
        crew = ", ".join(f"{c['name']} ({c['affiliation']}, {c['water']} water{', active' if c['active'] else ''})"
                         for c in p["crew"]) or "none"
        out.append(f"    crew: {crew}")
    out.append(f"Event deck {view['event_deck']} cards; crew deck {view['crew_deck']} cards")
    if isinstance(view["drawn"], list):
        out.append(f"Drawn recruits: 1) {view['drawn'][0]}" + (f"  2) {view['drawn'][1]}" if len(view["drawn"]) > 1 else ""))
    out.append("")
    out.extend(view["log"])
    out.append("")
    if view["over"]:
        w = ", ".join(f"P{x}" for x in view["winners"])
        out.append(f"GAME OVER - {view['end_reason']} - winner(s): {w} - scores "
                   + " ".join(f"P{i}:{s:g}" for i, s in enumerate(view["scores"])))
    else:
        out.append(f"P{view['to_act']} to act: {view['prompt']}"
                   + (f"  (actions {view['actions_used']}/{view['actions_allowed']})" if view["phase"] == "action" else ""))
    return "\n".join(out)
