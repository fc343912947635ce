"""Event sentences for every screen (log, terminal, browser), built by ``CatanState.describe_event``.

Kept apart from the rules: it reads only the event and a few public facts of the board (hex terrain and number),
and names seats with the state's ``player_name`` so that text, log, board and results agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from firebreak.core import Event
from firebreak.core.text import article, capitalise, join_words, plural

from .constants import RESOURCE_NAMES
from .place_words import PlaceNames

Namer = Callable[[int], str]

DEV_CARD_NAMES = {
    "knight": "Knight",
    "victory_point": "Victory Point",
    "road_building": "Road Building",
    "year_of_plenty": "Year of Plenty",
    "monopoly": "Monopoly",
}
"""The development cards by their printed names."""

SPECIAL_CARDS = {"fire_wardens": "The Fire Wardens", "longest_road": "Longest Road", "largest_army": "Largest Army"}


def card_list(counts: Sequence[int]) -> str:
    """Resource counts as words: ``[2, 0, 1, 0, 0]`` -> ``"2 lumber and 1 wool"``; none -> ``"nothing"``."""
    parts = [f"{k} {RESOURCE_NAMES[r]}" for r, k in enumerate(counts) if k]
    return join_words(parts) if parts else "nothing"


def named_cards(names: Sequence[str]) -> str:
    """Resource names, one per card, as counted words: ``["ore", "lumber", "ore"]`` -> ``"1 lumber and 2 ore"``."""
    return card_list([list(names).count(r) for r in RESOURCE_NAMES])


def bundle(cards: dict[str, int]) -> str:
    """An offer's side as words: ``{"brick": 2, "wool": 1}`` -> ``"2 brick and 1 wool"``."""
    return join_words(f"{k} {r}" for r, k in cards.items()) if cards else "nothing"


def _fire_line(q: int, burnt: list[int], owed: int, paid: list[str], name: Namer, choosing: int = 0) -> str:
    """One player's part of the fire: how many buildings it reaches, what they pay and why not more."""
    who = name(q)
    if choosing:
        return (
            f"the firestorm reaches {plural(len(burnt), 'building')} of {who}; {who} must pay "
            f"{plural(choosing, 'card')} to the bank and chooses which"
        )
    pays = "nothing" if not paid else f"{named_cards(paid)} to the bank"
    reasons = []
    if len(burnt) > owed:
        reasons.append("first building free, as they already lost a card to the firestorm")
    if len(paid) < owed:
        reasons.append(
            "no cards left" if not paid else f"no cards left for {plural(owed - len(paid), 'more building')}"
        )
    why = f" ({', '.join(reasons)})" if reasons else ""
    return f"the firestorm reaches {plural(len(burnt), 'building')} of {who}; {who} pays {pays}{why}"


def describe(event: Event, name: Namer, places: PlaceNames) -> str:
    """The event as an English sentence naming players with ``name`` and board places with ``places`` (by the
    hexes they touch, never by an index)."""
    hex_name = places.hex
    d: dict[str, Any] = event.data
    k = event.kind
    p = name(d["player"]) if isinstance(d.get("player"), int) and d["player"] >= 0 else ""
    if k == "roll":
        a, b = d["dice"]
        return f"{p} rolls {a} and {b}: {a + b}."
    if k == "produce":
        got = [f"{name(q)} takes {card_list(g)}" for q, g in enumerate(d["gains"]) if any(g)]
        return ("Production: " + "; ".join(got) + ".") if got else "The roll produces nothing."
    if k == "setup_resources":
        return f"{p} takes {card_list(d['gains'])} for their second settlement."
    if k == "settlement":
        return f"{p} builds a settlement at {places.corner(d['node'])}."
    if k == "city":
        return f"{p} upgrades their settlement at {places.corner(d['node'])} to a city."
    if k == "fire_station":
        return f"{p} builds a fire station under their building at {places.corner(d['node'])}."
    if k == "road":
        return f"{p} builds a road {places.path(*d['edge'])}."
    if k == "discard":
        return f"{p} discards 1 {d['resource']}."
    if k == "firestorm":
        return f"{p} sets the firestorm on {hex_name(d['hex'])}."
    if k == "robber":
        return f"{p} moves the robber to {hex_name(d['hex'])}."
    if k == "take":
        cards = plural(d["cards"], "card") if "cards" in d else "a card"  # "cards": a variant's firestorm take
        return f"{p} takes {cards} from {name(d['victim'])}."
    if k == "take_card":
        return f"{p} takes 1 {d['resource']} from {name(d['victim'])}."
    if k == "fire_spreads":
        lines = [
            _fire_line(int(q), x["buildings"], x["owed"], x["paid"], name, x.get("choosing", 0))
            for q, x in d["players"].items()
        ]
        if not lines:
            return (
                f"The firestorm on {hex_name(d['hex'])} reaches no unsecured building "
                "(none there, or all have fire stations)."
            )
        lines[0] = lines[0].replace("the firestorm", f"the firestorm on {hex_name(d['hex'])}", 1)
        return " ".join(capitalise(line) + "." for line in lines)
    if k in SPECIAL_CARDS:
        title = SPECIAL_CARDS[k]
        prev = d.get("previous", -1)
        if d["player"] < 0:
            return f"{title} is set aside: {name(prev)} no longer holds it alone."
        length = f" with a road of {d['length']}" if k == "longest_road" and "length" in d else ""
        return f"{p} takes {title}{length}" + (f" from {name(prev)}." if prev >= 0 else ".")
    if k == "maritime":
        return f"{p} trades {d['count']} {d['give']} with the bank for 1 {d['get']}."
    # --- trades between players and the fire's toll ---
    if k == "offer_draft":
        if not d["give"] and not d["ask"]:
            return (
                f"{p} takes every card off their draft offer."
                if d.get("step")
                else f"{p} starts drafting a trade offer."
            )
        return f"{p} drafts an offer: {bundle(d['give'])} for {bundle(d['ask'])} so far."
    if k == "offer_draft_discarded":
        return f"{p} discards their draft offer."
    if k == "offer":
        return f"{p} offers {bundle(d['give'])} for {bundle(d['ask'])}."
    if k == "accept":
        return f"{p} accepts the offer."
    if k == "reject":
        return f"{p} declines the offer."
    if k == "reject_all":
        return f"{p} declines the offer and every other offer this turn."
    if k == "offer_declined":
        return f"Nobody accepts the offer of {p}."
    if k == "trade":
        return f"{p} gives {name(d['partner'])} {bundle(d['give'])} for {bundle(d['ask'])}."
    if k == "offer_cancelled":
        return f"{p} withdraws the offer."
    if k == "fire_payment":
        left = f" ({plural(d['left'], 'more card')} to choose)" if d["left"] else ""
        return f"{p} pays 1 {d['resource']} to the bank for the fire{left}."
    if k == "end_turn":
        return f"{p} ends their turn."
    if k == "buy_development":
        return f"{p} buys a development card."
    if k == "development_card":
        return f"{p} draws {article(DEV_CARD_NAMES.get(d['card'], d['card']))} card."
    if k == "knight":
        return f"{p} plays a Knight."
    if k == "road_building":
        if d.get("ships"):  # Seafarers (ruling S10)
            return f"{p} plays Road Building: two free roads, two free ships or one of each."
        return f"{p} plays Road Building: two free roads."
    if k == "year_of_plenty":
        return f"{p} plays Year of Plenty and takes {named_cards(d['resources'])}."
    if k == "monopoly":
        return f"{p} plays Monopoly on {d['resource']} and collects {d['count']}."
    sea = _describe_sea(k, d, p, name, places)
    if sea:
        return sea
    if k == "game_over":
        vps = join_words(f"{name(q)} {v}" for q, v in enumerate(d["victory_points"]))
        winners = d["winners"]
        if d.get("reason") == "turn limit":
            head = (
                f"The turn limit ends the game; {join_words(map(name, winners))} "
                f"{'wins' if len(winners) == 1 else 'share the win'}"
            )
        else:
            w = winners[0]
            head = f"{name(w)} wins with {plural(d['victory_points'][w], 'victory point')}"
        return f"{head}. Victory points: {vps}."
    return capitalise(f"{p} {k.replace('_', ' ')}.".strip())


def _describe_sea(k: str, d: dict[str, Any], p: str, name: Namer, places: PlaceNames) -> str:
    """Seafarers' events: ships, moving a ship, gold fields, the island bonus, the pirate ("" for others)."""
    if k == "ship":
        return f"{p} builds a ship {places.path(*d['edge'])}."
    if k == "ship_moved":
        return f"{p} sails a ship from {places.the_path(*d['previous'])} to {places.the_path(*d['edge'])}."
    if k == "gold_owed":
        owed = [f"{name(int(q))} {plural(x, 'resource')}" for q, x in d["players"].items()]
        return f"Gold fields: {join_words(owed)} of their choice."
    if k == "gold":
        return f"{p} takes 1 {d['resource']} from a gold field."
    if k == "island_bonus":
        points = plural(d.get("vp", 2), "victory point")  # "vp": a variant's bonus; the printed one is 2
        return f"{p} settles a new island at {places.corner(d['node'])}: {points} (island bonus)."
    if k == "pirate":
        return f"{p} moves the pirate to {places.hex(d['hex'])}."
    return ""
