"""English sentences for the Great Fire's events, for the terminal and the web log.

``describe(event, name)`` takes the function that names a seat (``GreatFireState.player_name``), so every
sentence names players the one public way: pawn colour and seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from firebreak.core import Event
from firebreak.core.text import article, join_words, plural

from .names import card_words, colour_word, hand_words, token_word

Name = Callable[[int], str]


def _colours(colours: list[str]) -> str:
    return join_words(colour_word(c) for c in colours)


def _burnt(e: dict[str, Any]) -> str:
    n = len(e["colours"])
    return f"{plural(n, 'house')} lost ({_colours(e['colours'])})"


def _demolished(e: dict[str, Any], name: Name) -> str:
    text = f"{name(e['player'])} demolishes {e['district']}"
    if e["colours"]:
        text += f": {plural(len(e['colours']), 'house')} lost ({_colours(e['colours'])})"
    return text + (", and its token is destroyed." if e["token_destroyed"] else ".")


def _game_over(e: dict[str, Any], name: Name) -> str:
    scores = e["scores"]
    winners = e["winners"]
    if len(winners) == 1:
        head = f"{name(winners[0])} wins with {plural(scores[winners[0]], 'point')}."
    else:
        head = f"{join_words(name(p) for p in winners)} share the win with {plural(scores[winners[0]], 'point')}."
    others = sorted((p for p in range(len(scores)) if p not in winners), key=lambda p: -scores[p])
    rest = join_words(f"{name(p)} {plural(scores[p], 'point')}" for p in others)
    return f"Game over. {head}" + (f" Then come {rest}." if rest else "")


def cone_path(frm: str, via: list[str] | tuple[str, ...], to: str) -> str:
    """``"a cone leaves Pudding Lane via S. Bennet and Guild Hall into Cheapside"``: the path of one fire move,
    through the burning districts it crosses (none: straight out of its district)."""
    through = f" via {join_words(via)}" if via else ""
    return f"a cone leaves {frm}{through} into {to}"


def _fire_spread(e: dict[str, Any], name: Name) -> str:
    """The card played and the cone's path in one sentence ("Red (P3) plays a South card: a cone leaves Pudding
    Lane via S. Bennet into Tallow Hall."); a Fire moves twice token's second move names the card again."""
    path = cone_path(e["frm"], e.get("via", ()), e["to"])
    card = card_words(e["direction"])
    if e.get("card_played"):
        return f"{name(e['player'])} plays {article(card)}: {path}."
    return f"Second fire move with the {card}: {path}."


def _more_turns(n: int) -> str:
    return "1 more turn follows" if n == 1 else f"{plural(n, 'more turn')} follow"


_SENTENCES: dict[str, Callable[[dict[str, Any], Name], str]] = {
    "colour_dealt": lambda e, n: f"{n(e['player'])} owns the {colour_word(e['colour'])} houses.",
    "objectives_dealt": lambda e, n: f"{n(e['player'])} holds the objectives {join_words(e['districts'])}.",
    "hand_dealt": lambda e, n: f"{n(e['player'])} is dealt {hand_words(e['hand'])}.",
    "identical_hand_redealt": lambda e, n: (
        f"{n(e['player'])} was dealt five {card_words(e['direction'])}s, showed them and is dealt again."
    ),
    "start_player": lambda e, n: f"{n(e['player'])} is the start player.",
    "trained_band_placed": lambda e, n: (
        f"A trained band is placed in {e['district']}."
        if e.get("fixed")
        else f"{n(e['player'])} places a trained band in {e['district']}."
    ),
    "landowner_placed": lambda e, n: f"{n(e['player'])} places their landowner in {e['district']}.",
    "turn_started": lambda e, n: f"Turn {e['turn'] + 1}: {n(e['player'])} to play.",  # the event counts from 0
    "no_fire_move": lambda e, n: (
        f"{n(e['player'])} has no possible fire move and shows their hand: {hand_words(e['hand'])}."
    ),
    "card_discarded": lambda e, n: f"{n(e['player'])} discards {article(card_words(e['direction']))}.",
    "token_played": lambda e, n: f"{n(e['player'])} plays a Fire moves twice token.",
    "fire_spread": _fire_spread,
    "fire_contained": lambda e, n: f"The trained bands in {e['district']} contain the fire.",
    "houses_burnt": lambda e, n: f"{e['district']} burns: {_burnt(e)}.",
    "token_taken": lambda e, n: f"{n(e['player'])} takes the token from {e['district']}.",
    "token_seen": lambda e, n: f"{n(e['player'])}'s token is {article(token_word(e['token']))} token.",
    "cones_from_pudding_lane": lambda e, n: (
        f"The stock is empty: {plural(e['cones'], 'fire cone')} taken from Pudding Lane."
    ),
    "fire_grows": lambda e, n: f"The fire grows in {e['district']}: {plural(e['cones'], 'more fire cone')}.",
    "pudding_lane_refilled": lambda e, n: f"Pudding Lane is refilled with {plural(e['cones'], 'fire cone')}.",
    "cones_returned": lambda e, n: (
        f"The stock is empty: {join_words(n(p) for p in e['players'])} "
        + ("returns a put-out cone." if len(e["players"]) == 1 else "each return a put-out cone.")
    ),
    "intensify_cones_discarded": lambda e, n: (
        f"No district can take the last {plural(e['cones'], 'intensify cone')}: they stay in the stock."
        if e["cones"] != 1
        else "No district can take the last intensify cone: it stays in the stock."
    ),
    "fire_intensified": lambda e, n: f"{n(e['player'])} intensifies the fire in {e['district']}.",
    "landowner_moved": lambda e, n: f"{n(e['player'])} moves their landowner from {e['frm']} to {e['to']}.",
    "trained_band_moved": lambda e, n: f"{n(e['player'])} moves a trained band from {e['frm']} to {e['to']}.",
    "trained_band_pinned": lambda e, n: (
        f"The trained band is pinned fighting the fire in {e['district']}"
        + (" (now contained)." if e["contained"] else ".")
    ),
    "fire_put_out": lambda e, n: (
        f"{n(e['player'])} puts out a fire cone in {e['district']} "
        f"and keeps it ({plural(e['total'], 'fire cone')} kept, {plural(e.get('vp', 1), 'VP', 'VP')} each)."
    ),
    "hero_of_london": lambda e, n: f"{n(e['player'])} is now the Hero of London.",
    "district_demolished": _demolished,
    "actions_ended": lambda e, n: (
        f"{n(e['player'])} ends their actions"
        + (f" with {plural(e['unused'], 'action point')} unused." if e["unused"] else ".")
    ),
    "second_move_declined": lambda e, n: f"{n(e['player'])} makes no second fire move.",
    "card_drawn": lambda e, n: f"{n(e['player'])} draws a card.",
    "card_seen": lambda e, n: f"{n(e['player'])} drew {article(card_words(e['direction']))}.",
    "fire_stack_revealed": lambda e, n: (
        f"Fire Stack card {e['card']} is revealed: {n(e['player'])} intensifies the fire"
        + (f" (the last one: {_more_turns(e['final_turns'])})." if e["last"] else ".")
    ),
    "game_over": _game_over,
}


def describe(event: Event, name: Name) -> str | None:
    """One sentence for an event, or ``None`` for kinds this module does not know."""
    sentence = _SENTENCES.get(event.kind)
    return sentence(event.data, name) if sentence else None
