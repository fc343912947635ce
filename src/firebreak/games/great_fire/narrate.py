"""Plain sentences for the Great Fire's events, for the terminal and the web log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from firebreak.core import Event


def _hand(h: dict[str, int]) -> str:
    return ", ".join(f"{n} {d}" for d, n in h.items()) or "no cards"


_SENTENCES: dict[str, Callable[[dict[str, Any]], str]] = {
    "colour_dealt": lambda e: f"P{e['player']} is {e['colour']}.",
    "objectives_dealt": lambda e: f"P{e['player']} holds objectives {', '.join(e['districts'])}.",
    "hand_dealt": lambda e: f"P{e['player']} was dealt {_hand(e['hand'])}.",
    "identical_hand_redealt": lambda e: f"P{e['player']} had five {e['direction']} cards and was dealt again.",
    "start_player": lambda e: f"P{e['player']} is the start player.",
    "trained_band_placed": lambda e: (f"A trained band is placed in {e['district']}." if e.get("fixed")
                                      else f"P{e['player']} places a trained band in {e['district']}."),
    "landowner_placed": lambda e: f"P{e['player']} places their landowner in {e['district']}.",
    "turn_started": lambda e: f"Turn {e['turn']}: P{e['player']} to play.",
    "no_fire_move": lambda e: f"P{e['player']} has no possible fire move and shows {_hand(e['hand'])}.",
    "card_played": lambda e: f"P{e['player']} plays a {e['direction']} card.",
    "card_discarded": lambda e: f"P{e['player']} discards a {e['direction']} card.",
    "token_played": lambda e: f"P{e['player']} plays a Fire-moves-twice token.",
    "fire_spread": lambda e: f"Fire spreads {e['direction']} from {e['frm']} into {e['to']}.",
    "fire_contained": lambda e: f"The trained bands in {e['district']} contain the fire.",
    "houses_burnt": lambda e: f"{e['district']} burns: {', '.join(e['colours'])} houses lost.",
    "token_taken": lambda e: f"P{e['player']} takes the token from {e['district']}.",
    "token_seen": lambda e: f"P{e['player']}'s token is a {e['token'].replace('_', ' ')} token.",
    "cones_from_pudding_lane": lambda e: f"The stock is empty: {e['cones']} cone(s) taken from Pudding Lane.",
    "fire_grows": lambda e: f"{e['cones']} more fire cone(s) in {e['district']}.",
    "pudding_lane_refilled": lambda e: f"Pudding Lane is refilled with {e['cones']} cones.",
    "cones_returned": lambda e: ("The stock is empty: " + ", ".join(f"P{p}" for p in e["players"])
                                 + " each return a put-out cone."),
    "intensify_cones_discarded": lambda e: f"{e['cones']} intensify cone(s) cannot be placed.",
    "fire_intensified": lambda e: f"P{e['player']} intensifies the fire in {e['district']}.",
    "landowner_moved": lambda e: f"P{e['player']}'s landowner moves from {e['frm']} to {e['to']}.",
    "trained_band_moved": lambda e: f"P{e['player']} moves a trained band from {e['frm']} to {e['to']}.",
    "trained_band_pinned": lambda e: (f"The trained band is pinned fighting the fire in {e['district']}"
                                      + (" (now contained)." if e["contained"] else ".")),
    "fire_put_out": lambda e: f"P{e['player']} puts out a fire in {e['district']} ({e['total']} so far).",
    "hero_of_london": lambda e: f"P{e['player']} is now the Hero of London.",
    "district_demolished": lambda e: (f"P{e['player']} demolishes {e['district']}"
                                      + (f": {', '.join(e['colours'])} houses lost" if e["colours"] else "")
                                      + (", and its token is destroyed." if e["token_destroyed"] else ".")),
    "actions_ended": lambda e: f"P{e['player']} ends their actions" + (
        f" with {e['unused']} point(s) unused." if e["unused"] else "."),
    "card_drawn": lambda e: f"P{e['player']} draws a card.",
    "card_seen": lambda e: f"P{e['player']} drew a {e['direction']} card.",
    "fire_stack_revealed": lambda e: (f"Fire Stack card {e['card']} is revealed: P{e['player']} intensifies the fire"
                                      + (f" (the last one: {e['final_turns']} more turns follow)." if e["last"]
                                         else ".")),
    "game_over": lambda e: ("Game over. Scores: " + ", ".join(f"P{p} {s:g}" for p, s in enumerate(e["scores"]))
                            + ". Winner(s): " + ", ".join(f"P{p}" for p in e["winners"]) + "."),
}


def describe_event(event: Event) -> str | None:
    """One sentence for an event, or ``None`` for kinds this module does not know."""
    sentence = _SENTENCES.get(event.kind)
    return sentence(event.data) if sentence else None
