"""Lines a player reads about a view, shared by the terminal (render.py) and the board picture (svg.py).

Built from the view only (what one seat may see), naming players as ``CatanState.player_name`` does (the view
carries each player's ``name``).
"""

from __future__ import annotations

from typing import Any

from firebreak.core.text import join_words, plural

from .narrate import DEV_CARD_NAMES

PHASE_TEXT = {
    "setup settlement": "set-up: place a settlement",
    "setup road": "set-up: place a road",
    "roll": "roll the dice",
    "main": "build and trade",
    "discard": "discard half of a large hand",
    "move token": "move the {token}",
    "take card": "take a card from a player on the {token}'s hex",
    "road building": "place free roads (Road Building)",
    "trade response": "answer the trade offer",
    "trade confirm": "choose whom to trade with",
    "trade draft": "compose a trade offer",
    "fire payment": "choose the cards paid to the fire",
    "special building": "special building phase",
    # Seafarers
    "move ship": "choose where the ship sails",
    "gold field": "choose resources from a gold field",
}


def name(view: dict[str, Any], seat: int) -> str:
    """A seat's name as the view gives it."""
    players = view.get("players", [])
    return players[seat]["name"] if 0 <= seat < len(players) else f"P{seat}"


def harbour_text(kind: str) -> str:
    """``generic 3:1`` -> ``3:1 any resource``; ``wool 2:1`` -> ``2:1 wool``."""
    res, _, rate = kind.partition(" ")
    return f"{rate} any resource" if res == "generic" else f"{rate} {res}"


def _setup_status(view: dict[str, Any]) -> str:
    """The set-up placements (before turn 1): ``Set-up: Pink (P2) places their second settlement``."""
    who = name(view, view["to_act"])
    ordinal = "second" if view.get("setup_round") == 2 else "first"
    if view["phase"] == "setup settlement":
        return f"Set-up: {who} places their {ordinal} settlement"
    if view["phase"] == "setup road":
        piece = "a road or a ship" if view.get("board", {}).get("sea") else "a road"
        return f"Set-up: {who} places {piece} next to their {ordinal} settlement"
    doing = PHASE_TEXT.get(view["phase"], view["phase"]).format(token=view.get("token", "robber"))
    return f"Set-up: {who} to act: {doing}"  # a gold field beside a second settlement


def status(view: dict[str, Any]) -> str:
    """Rules, turn, dice and who acts: ``Firestorm rules · Turn 5: Pink (P2) · Dice 3 and 4 (7) · ...``; during the
    set-up placements, before turn 1: ``Firestorm rules · Set-up: Pink (P2) places their first settlement``."""
    rules = f"{'Firestorm' if view['mode'] == 'firestorm' else 'Classic'} rules"
    if view.get("setup_round") and not view.get("winners") and view.get("to_act", -1) >= 0:
        return f"{rules} · {_setup_status(view)}"
    parts = [rules, f"Turn {view['turn_number'] + 1}: {name(view, view['turn'])}"]  # the view counts from 0
    dice = view.get("dice") or [0, 0]
    if dice[0]:
        parts.append(f"Dice {dice[0]} and {dice[1]} ({dice[0] + dice[1]})")
    if view.get("winners"):
        parts.append("Game over")
    elif view.get("to_act", -1) >= 0:
        doing = PHASE_TEXT.get(view["phase"], view["phase"]).format(token=view.get("token", "robber"))
        if view["phase"] == "road building" and view.get("board", {}).get("sea"):
            doing = "place free roads or ships (Road Building)"
        parts.append(f"{name(view, view['to_act'])} to act: {doing}")
    return " · ".join(parts)


def special_cards(view: dict[str, Any], seat: int) -> list[str]:
    road = "Longest Trade Route" if view.get("board", {}).get("sea") else "Longest Road"
    out = [
        title
        for key, title in (
            ("longest_road", road),
            ("largest_army", "Largest Army"),
            ("fire_wardens", "The Fire Wardens"),
        )
        if view.get(key) == seat
    ]
    players = view.get("players", [])
    isles = players[seat].get("islands_settled", 0) if seat < len(players) else 0
    if isles:
        out.append(f"island bonus x{isles}")
    return out


def pieces_left(p: dict[str, Any]) -> str:
    return (
        f"{plural(p['roads_left'], 'road')}, {plural(p['settlements_left'], 'settlement')}, "
        f"{plural(p['cities_left'], 'city')}"
    )


def hand_text(view: dict[str, Any]) -> str:
    """The viewer's own cards: ``2 lumber, 0 brick, ...``, and in classic mode the development cards."""
    text = ", ".join(f"{v} {k}" for k, v in view["hand"].items())
    if view["mode"] == "classic":
        dev = [f"{v} {DEV_CARD_NAMES.get(k, k)}" for k, v in view.get("development_hand", {}).items() if v]
        text += f"; development cards: {', '.join(dev) if dev else 'none'}"
    return text


def bundle_text(cards: dict[str, int]) -> str:
    """``{"brick": 2, "wool": 1}`` -> ``"2 brick and 1 wool"``; empty -> ``"nothing yet"``."""
    return join_words(f"{k} {r}" for r, k in cards.items()) if cards else "nothing yet"


def offer_text(view: dict[str, Any]) -> str:
    """The offer on the table: ``Offer by Blue (P0): 2 brick and 1 wool for 1 ore (accepted by ...)``."""
    o = view["offer"]
    what = f"{bundle_text(o['give'])} for {bundle_text(o['ask'])}"
    if o.get("stage") == "draft":
        if view.get("viewer") != o["from"]:  # the cards of a draft are the composer's until proposed
            return f"{name(view, o['from'])} is composing a trade offer"
        if not o["give"] and not o["ask"]:  # just opened: say what to do, not "nothing yet for nothing yet"
            return "Your draft offer is empty: add the cards you give and the cards you ask for"
        return f"Your draft offer: {what}"
    accepted = join_words(name(view, q) for q in o["accepted_by"]) or "nobody yet"
    return f"Offer by {name(view, o['from'])}: {what} (accepted by {accepted})"


def result_lines(view: dict[str, Any]) -> list[str]:
    """At game over: who won, then each seat's victory points by source (all cards revealed)."""
    winners = view.get("winners") or []
    final = view.get("final_victory_points") or []
    if not winners:
        return []
    if len(winners) == 1:
        w = winners[0]
        lines = [f"Game over: {name(view, w)} wins with {plural(final[w], 'victory point')}."]
    else:
        lines = [
            f"Game over at the turn limit: {join_words(name(view, w) for w in winners)} share the win "
            f"with {plural(final[winners[0]], 'victory point')}."
        ]
    for q, rows in enumerate(view.get("score_sheet") or []):
        parts = [f"{source} {points}" for source, points in rows if points]
        lines.append(
            f"{name(view, q)}: {plural(final[q], 'victory point')}" + (f" ({', '.join(parts)})" if parts else "")
        )
    return lines
