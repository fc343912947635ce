"""Event sentences for the terminal log (the ``describe_event`` hook in the spec's ``extra``)."""

from __future__ import annotations

from typing import Any

from firebreak.core import Event

from .constants import RESOURCE_NAMES


def _cards(counts: list[int]) -> str:
    parts = [f"{k} {RESOURCE_NAMES[r]}" for r, k in enumerate(counts) if k]
    return ", ".join(parts) if parts else "nothing"


def _seat(q: Any) -> str:
    return f"P{q}" if isinstance(q, int) and q >= 0 else "nobody"


def describe_event(event: Event) -> str | None:
    d = event.data
    k = event.kind
    p = _seat(d.get("player"))
    if k == "roll":
        a, b = d["dice"]
        return f"{p} rolls {a}+{b} = {a + b}."
    if k == "produce":
        got = [f"{_seat(q)} {_cards(g)}" for q, g in enumerate(d["gains"]) if any(g)]
        return "Production: " + ("; ".join(got) if got else "nothing") + "."
    if k == "setup_resources":
        return f"{p} takes {_cards(d['gains'])} for the second settlement."
    if k in ("settlement", "city", "fire_station"):
        return f"{p} builds a {k.replace('_', ' ')} at {d['node']}."
    if k == "road":
        u, v = d["edge"]
        return f"{p} builds a road {u}-{v}."
    if k == "discard":
        return f"{p} discards 1 {d['resource']}."
    if k == "firestorm":
        return f"{p} sets the firestorm on hex {d['hex']}."
    if k == "robber":
        return f"{p} moves the robber to hex {d['hex']}."
    if k == "take":
        return f"{p} takes a card from {_seat(d['victim'])}."
    if k == "take_card":
        return f"{p} took 1 {d['resource']} from {_seat(d['victim'])}."
    if k == "fire_spreads":
        parts = []
        for q, x in d["players"].items():
            burnt = ", ".join(map(str, x["buildings"]))
            paid = ", ".join(x["paid"]) or "nothing"
            parts.append(f"P{q}: buildings {burnt} burn, owes {x['owed']}, pays {paid}")
        return f"The fire spreads from hex {d['hex']}: " + ("; ".join(parts) if parts else "no unsecured building") + "."
    if k in ("fire_wardens", "longest_road", "largest_army"):
        title = {"fire_wardens": "The Fire Wardens", "longest_road": "Longest Road", "largest_army": "Largest Army"}[k]
        if d["player"] < 0:
            return f"{title} is set aside (was {_seat(d['previous'])})."
        return f"{p} takes {title}" + (f" from {_seat(d['previous'])}." if d["previous"] >= 0 else ".")
    if k == "maritime":
        return f"{p} trades {d['count']} {d['give']} with the bank for 1 {d['get']}."
    if k == "offer":
        return f"{p} offers {d['give_count']} {d['give']} for {d['get_count']} {d['get']}."
    if k in ("accept", "reject"):
        return f"{p} {k}s the offer."
    if k == "trade":
        return f"{p} trades with {_seat(d['partner'])}."
    if k == "offer_cancelled":
        return f"{p} cancels the offer."
    if k == "end_turn":
        return f"{p} ends the turn."
    if k == "buy_development":
        return f"{p} buys a development card."
    if k == "development_card":
        return f"{p} drew: {d['card'].replace('_', ' ')}."
    if k == "knight":
        return f"{p} plays a knight."
    if k == "road_building":
        return f"{p} plays road building."
    if k == "year_of_plenty":
        return f"{p} plays year of plenty: {' and '.join(d['resources'])}."
    if k == "monopoly":
        return f"{p} plays monopoly on {d['resource']} and collects {d['count']}."
    if k == "game_over":
        vps = ", ".join(f"P{q} {v}" for q, v in enumerate(d["victory_points"]))
        return f"Game over ({d['reason']}): winner(s) {', '.join(_seat(w) for w in d['winners'])}; VP {vps}."
    return None
