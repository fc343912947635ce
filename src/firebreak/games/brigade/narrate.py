"""The Brigade's log in English: every event as a sentence naming the player by colour and seat.

Players are named one way on every screen (``White (P0)``), blocks by their full name and grid cell
(``Town Hall (B3)``). Event data hold what the sentence needs that the state's fixed tables (block names, colours,
Wardens) do not; everything else is read from those tables, which never change during a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firebreak.core import Event
from firebreak.core.text import capitalise, join_words, plural, seat_label

from . import actions as A
from . import frames as F
from .tables import DIR_NAMES, TRACK_NAMES, pos_name, tables

if TYPE_CHECKING:
    from .state import BrigadeState

ENDINGS = {
    "all fires out": "All's Good in Yonder Hood: every fire is out",
    "evacuation": "Evacuation: the town is evacuated and the round is finished",
    "faction": "Loyalty of a Faction",
    "citizens": "Loyalty of the Citizens",
}
TRACK_TITLES = {
    "crew members": "Crew Members",
    "water wagon capacity": "Water Wagon Capacity",
    "leadership": "Leadership",
}
_TRACK_UNITS = ("crew member", "water token", "action")
WARDEN_ACTIONS = {
    "Gloria Ignis": "Send the Wagon",
    "Blitz Haben": "Polymorph",
    "Frith Goldmane": "With the People",
    "Glint Dampshot": "Artificers",
    "Bernhardt Blaze": "Allegiances",
    "Ester": "Mistform",
    "White Fang": "Dusk and Dawn",
    "Galeela": "Mimic",
    "Aurath Ether": "Non-Corporeal",
    "Cindy Bustion": "Pyrocontrol",
}


def colour_name(s: "BrigadeState", seat: int) -> str:
    return tables().colours[s.colour[seat]].title()


def player_name(s: "BrigadeState", seat: int) -> str:
    """``White (P0)``: the colour of the seat's pieces (public) and the seat counted from 0."""
    if 0 <= seat < s.num_players:
        return f"{colour_name(s, seat)} ({seat_label(seat)})"
    return seat_label(seat)


def block(s: "BrigadeState", pos: int) -> str:
    """A block by full name and cell: ``Town Hall (B3)``."""
    return f"{s.st_name[pos]} ({pos_name(pos)})"


def _pos_of(label: str) -> int:
    return (int(label[1:]) - 1) * 6 + "ABCDEF".index(label[0])


def track_title(track: int) -> str:
    return TRACK_TITLES[TRACK_NAMES[track]]


def warden_title(s: "BrigadeState", seat: int) -> str:
    """The seat's Warden and its action (advanced play), e.g. ``Gloria Ignis (Send the Wagon)``."""
    w = s.warden[seat]
    if w < 0:
        return "Fire Warden"
    name = tables().wardens[w]
    return f"{name} ({WARDEN_ACTIONS.get(name, 'Warden action')})"


def _water(brigade: int, wagon: int) -> str:
    parts = []
    if brigade:
        parts.append(f"{plural(brigade, 'water token')} from the Brigade")
    if wagon:
        parts.append(f"{plural(wagon, 'water token')} from the Wagon")
    return join_words(parts)


def describe_action(s: "BrigadeState", who: str, a: int, pos: int) -> str:
    """A main-menu action as a sentence (``pos``: the Brigade's cell when it was taken)."""
    if a == A.END_TURN:
        return f"{who} ends their turn."
    if a < A.MOVE_WAGON:
        return f"{who} moves their Brigade to {block(s, a - A.MOVE_BRIGADE)}."
    if a < A.EXTINGUISH:
        return f"{who} moves their Wagon to {block(s, a - A.MOVE_WAGON)}."
    if a < A.REFILL_BRIGADE:
        b, w = divmod(a - A.EXTINGUISH, A.EXT_W)
        return f"{who} fights the fire on {block(s, pos)} with {_water(b, w)}."
    if a == A.REFILL_BRIGADE:
        return f"{who} refills their Brigade."
    if a == A.REFILL_WAGON:
        return f"{who} refills their Wagon."
    if a == A.REFILL_BOTH:
        return f"{who} refills their Brigade and Wagon."
    if a == A.RECRUIT:
        return f"{who} takes a Recruit action."
    if a < A.TO_BRIGADE:
        return f"{who} transfers {plural(a - A.TO_WAGON + 1, 'water token')} from the Brigade to the Wagon."
    if a < A.UPGRADE:
        return f"{who} transfers {plural(a - A.TO_BRIGADE + 1, 'water token')} from the Wagon to the Brigade."
    if a < A.WARDEN:
        return f"{who} upgrades their {track_title(a - A.UPGRADE)} track."
    if a == A.WARDEN:
        return f"{who} uses their Warden action."
    if a == A.WAGON_EXTINGUISH:
        return f"{who} lets their Wagon put out a fire (Leon Bertrand)."
    if A.ASH_EXTINGUISH <= a < A.DISCARD_PRECIOUS:
        q, k = divmod(a - A.ASH_EXTINGUISH, 3)
        return f"{who} sends Ash to fight the fire on {block(s, q)} with {plural(k + 1, 'water token')}."
    if a == A.DISCARD_PRECIOUS:
        return f"{who} discards Sir Precious at their Firehouse."
    return f"{who} acts."  # pragma: no cover - every main-menu action is listed above


def describe_choice(s: "BrigadeState", who: str, k: int, a: int, d: dict) -> str:
    """A decision's choice as a sentence (``k``: the decision frame kind)."""
    name = s.player_name
    if a == A.DECLINE:
        return {
            F.F_CHOPS: f"{who} does not use Chops Murphy.",
            F.F_ORANGE: f"{who} does not use Insurance.",
            F.F_ESME: f"{who} lets the fireball land on their Brigade.",
            F.F_WAGON_FREE: f"{who} leaves their Wagon where it is.",
            F.F_GNESS: f"{who} does not use Gness Smold.",
            F.F_DIRTY: f"{who} adds no fire (Dirty Dealings).",
            F.F_AURATH: f"{who} stops their Brigade here.",
            F.F_ZILDA: f"{who} does not use Zilda Garrett.",
        }.get(k, f"{who} declines.")
    if A.PLACE <= a < A.TARGET:
        where = block(s, a - A.PLACE)
        if k == F.F_ALI_TO:
            return f"{who} moves the renown token to {where} (Ali Ahmar)."
        return f"{who} places a renown token on {where}."
    if A.TARGET <= a < A.ACCEPT:
        where = block(s, a - A.TARGET)
        return {
            F.F_DEL_UGE: f"{who} lowers the fire on {where} by two (Del Uge).",
            F.F_CHOPS: f"{who} raises the fire on {where} by two (Chops Murphy).",
            F.F_ESME: f"{who} redirects the fireball to {where} (Esme Morrow).",
            F.F_MOG: f"{who} pushes {name(d.get('victim', -1))}'s Brigade to {where} (Mog The Heavy).",
            F.F_GLORIA: f"{who} sends their Wagon to {where} (Send the Wagon).",
            F.F_DIRTY: f"{who} adds one fire to {where} (Dirty Dealings).",
            F.F_AURATH: f"{who} steps their Brigade onto {where} (Non-Corporeal).",
            F.F_ALI_REDUCE: f"{who} lowers the fire on {where} by one (Ali Ahmar).",
        }.get(k, f"{who} chooses {where}.")
    if A.MOVE_WAGON <= a < A.EXTINGUISH:
        return f"{who} moves their Wagon free to {block(s, a - A.MOVE_WAGON)}."
    if A.UPGRADE <= a < A.WARDEN:
        return f"{who} chooses the {track_title(a - A.UPGRADE)} track for a free upgrade."
    if a == A.ACCEPT:
        return f"{who} raises the fire where their Brigade stands by one (Gness Smold)."
    if a in (A.KEEP_FIRST, A.KEEP_SECOND):
        return f"{who} keeps one of the Crew cards they drew."
    if a == A.KEEP_NONE:
        return f"{who} keeps neither Crew card; both are discarded."
    if A.REPLACE <= a < A.REMOVE:
        return f"{who} replaces {d.get('card', 'a crew member')} to make room."
    if A.REMOVE <= a < A.TAKE:
        pos, seat = divmod(a - A.REMOVE, 4)
        if k == F.F_ALI_FROM:
            return f"{who} picks up one of their renown tokens on {block(s, pos)} (Ali Ahmar)."
        return f"{who} removes one of {name(seat)}'s renown tokens from {block(s, pos)}."
    if A.TAKE <= a < A.SWAP:
        return f"{who} takes {d.get('card', 'a crew member')} from {name((a - A.TAKE) // 3)}."
    if A.SWAP <= a < A.DIRECTION:
        pos, dd = divmod(a - A.SWAP, 2)
        other = pos + (1 if dd == 0 else 6)
        return f"{who} swaps the fires of {block(s, pos)} and {block(s, other)} (Polymorph)."
    if A.DIRECTION <= a < A.MIMIC:
        return f"{who} sends Old Tom Oak's fire {DIR_NAMES[a - A.DIRECTION]}."
    if A.MIMIC <= a < A.CHOICE:
        return f"{who} puts their Mimic token on {d.get('card', 'a crew card')} of {name(d.get('owner', -1))}."
    if A.CHOICE <= a < A.PLAYER:
        return (
            f"{who} refills two water on their Brigade (Ali Ahmar).",
            f"{who} will move one of their renown tokens (Ali Ahmar).",
            f"{who} will lower the fire on a neighbouring block by one (Ali Ahmar).",
        )[a - A.CHOICE]
    if A.PLAYER <= a < A.DISCARD:
        q = a - A.PLAYER
        if k == F.F_PRECIOUS:
            return f"{who} gives Sir Precious to {name(q)}."
        return f"{who} makes {name(q)} discard a crew member (Zilda Garrett)."
    if A.DISCARD <= a < A.ASH_EXTINGUISH:
        return f"{who} discards {d.get('card', 'a crew member')}."
    return f"{who} makes a choice."  # pragma: no cover - every decision's choices are listed above


def describe_event(s: "BrigadeState", event: Event) -> str:
    """One event of ``s``'s log as an English sentence."""
    d = event.data
    k = event.kind
    name = s.player_name
    who = name(d["player"]) if isinstance(d.get("player"), int) else ""
    if k == "setup":
        seats = join_words(name(p) for p in range(s.num_players))
        if s.advanced:
            wardens = join_words(f"{name(p)} has {warden_title(s, p)}" for p in range(s.num_players))
            return f"Set-up: {seats}. Advanced play: {wardens}."
        return f"Set-up: {seats}. Wardens are not used in basic play."
    if k == "event":
        card = d["card"]
        if d.get("positions"):
            head = "Starter event" if d.get("starter") else "Event"
            card = card.replace(" (starter)", "")
            cells = [block(s, _pos_of(x)) for x in d["positions"]]
            return f"{head}: {card}. Fireballs fall on {join_words(cells)}."
        if card.startswith("Wind Gust"):
            return f"Event: {card}. Every burning block spreads fire to the {card.split()[-1]}."
        return f"Event: {card}."
    if k == "event_reshuffle":
        return "The Event deck is empty: its discard pile is shuffled into a new deck."
    if k == "turn":
        return f"Turn {d['turn']}: {who} draws an Event card."
    if k == "extra_turn":
        return f"{who} takes an extra turn (Brother Ben)."
    if k == "action":
        pos = _pos_of(d["pos"]) if isinstance(d.get("pos"), str) else s.bpos[d["player"]]
        return describe_action(s, who, d["action"], pos)
    if k == "choice":
        return describe_choice(s, who, d["decision"], d["action"], d)
    if k == "destroyed":
        return f"{d['block']} ({d['pos']}) burns down and is destroyed."
    if k == "evacuation":
        return (
            f"Evacuation: {plural(d['destroyed'], 'block')} destroyed ({d['university']} of the University). "
            "The round is finished, then the game ends."
        )
    if k == "loyalty":
        stolen = d.get("stolen_from", -1)
        tail = f", taking it from {name(stolen)}" if isinstance(stolen, int) and stolen >= 0 else ""
        return f"{who} places a Loyalty marker on {d['block']} ({d['pos']}){tail}."
    if k == "extinguished":
        where = f"{d['block']} ({d['pos']})" if d.get("pos") else d["block"]
        earned = plural(d["renown"], "renown token") if d["renown"] else "no renown"  # none: a variant's rule
        return f"{who} puts out the fire on {where} and earns {earned}."
    if k == "doused":
        where = f"{d['block']} ({d['pos']})" if d.get("pos") else d["block"]
        return f"{who} lowers the fire on {where} to intensity {d['intensity']}; it still burns, so no renown."
    if k == "upgrade":
        title = TRACK_TITLES.get(d["track"], capitalise(d["track"]))
        tail = ""
        if "value" in d:
            unit = _TRACK_UNITS[list(TRACK_TITLES).index(d["track"])]
            tail = f" ({plural(d['value'], unit)})"
        of = f" of {d['of']}" if "of" in d else ""
        return f"{who} moves their {title} tracker to circle {d['circle']}{of}{tail}."
    if k == "recruit":
        return f"{who} draws {plural(d['count'], 'Crew card')}."
    if k == "recruit_draw":
        return f"{who} draws {join_words(d['cards'])} (hidden from the other players)."
    if k == "recruit_none":
        return f"{who} recruits nobody."
    if k == "crew_joins":
        return f"{d['card']} joins {who}'s Brigade."
    if k == "crew_leaves":
        return f"{d['card']} leaves {who}'s Brigade."
    if k == "crew_taken":
        return f"{who} takes {d['card']} from {name(d['victim'])}'s Brigade."
    if k == "pushed":
        return f"{who}'s Mog The Heavy pushes {name(d['victim'])}'s Brigade to {block(s, _pos_of(d['to']))}."
    if k == "aviary":
        return f"{who} passes through The Jewelled Aviary, takes back their renown and gains an action."
    if k == "sir_precious_drawn":
        return f"{who} draws Sir Precious, who must be given to another player."
    if k == "sir_precious":
        return f"{who} gives Sir Precious to {name(d['to'])}, who has one action fewer each turn."
    if k == "sir_precious_discarded":
        return f"{who} discards Sir Precious."
    if k == "game_over":
        return game_over_sentence(s, d.get("reason", ""), list(d.get("winners", [])), list(d.get("scores", [])))
    return capitalise(k.replace("_", " ")) + "."


def game_over_sentence(s: "BrigadeState", reason: str, winners: list[int], scores: list[float]) -> str:
    """``Game over (Evacuation ...). Pink (P2) wins with 14 points.``"""
    how = ENDINGS.get(reason, reason)
    if not winners:
        return f"Game over ({how})."
    names = join_words(s.player_name(w) for w in winners)
    if reason in ("faction", "citizens") and len(winners) == 1:
        return f"Game over: {names} is the new Fire Chief by the {how}."
    pts = plural(scores[winners[0]], "point") if scores else ""
    if len(winners) == 1:
        return f"Game over ({how}). {names} wins with {pts}."
    return f"Game over ({how}). {names} share the win with {pts} each."


__all__ = ["describe_event", "player_name", "block", "game_over_sentence", "ENDINGS"]
