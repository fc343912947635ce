"""The legal actions of the seat to act grouped as a player thinks of them (``CatanState.action_choices``).

"Build a road" -> paths, "Build a settlement" / "Build a city" / "Build a fire station" -> intersections,
"Move the firestorm" (or robber) -> hexes, then the player to take a card from, "Trade with the bank" -> what to
give -> what to get, "Offer a trade to the players" -> what to give -> the offer, development cards, and "End your
turn" always last. Board places use the names of places.py, which the SVG carries as ``data-place``; labels say
them in words by the hexes they touch (place_words.py) after the verb ("Build a road between ...", "Build a ship on
the north-east coast of ..."), so two choices on one place are two buttons that say which is which.

Every entry says only what the acting seat's view shows: the board, hand sizes, its own cards.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from firebreak.core.game import ActionChoice
from firebreak.core.text import capitalise, join_words, plural

from .actions import END_TURN, ROLL, YOP_PAIRS, maritime_decode
from .constants import (
    DISCARD,
    FIRE_PAY,
    GOLD_PICK,
    MAIN,
    MOVE_TOKEN,
    PRE_ROLL,
    RESOURCE_NAMES,
    ROAD_BUILDING,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SHIP_MOVE,
    SPECIAL_BUILD,
    TAKE,
    TRADE_CONFIRM,
    TRADE_DRAFT,
    TRADE_RESPONSE,
)
from .fire import burning_buildings
from .narrate import bundle
from .place_words import of_state
from .places import hex_place, node_place, path_place
from .svg import resource_icon

if TYPE_CHECKING:
    from .state import CatanState

R = RESOURCE_NAMES
DEV_GROUP = "Play a development card"


def node_text(state: CatanState, n: int) -> str:
    """``The corner of the lumber 6 (A) and ore 9 (D) hexes``, and on Seafarers whether it is on a small island."""
    t = state.topo
    island = ", on a small island" if t.sea and t.node_island[n] > 0 else ""
    return capitalise(of_state(state).corner(n)) + island


def _path(
    state: CatanState,
    a: int,
    group: tuple[str, ...],
    source: str | None = None,
    base: int | None = None,
    verb: str = "Build a road",
    note: str = "",
) -> ActionChoice:
    """A road (or ship) on a path, labelled with its verb and the hexes the path runs along, so a road and a ship
    on one coast are two buttons that say which is which."""
    u, v = state.topo.edge_nodes[a - (state.lay.road if base is None else base)]
    place = path_place(u, v)
    return ActionChoice(a, f"{verb} {of_state(state).path(u, v)}", group, source, place, preview=(place,), note=note)


def _near_hex(state: CatanState, n: int) -> int:
    """The set-up's sub-group of a corner: the first land hex it touches in the board's lettering ("Next to the
    grain 3 hex (A)"), so a player looking for a spot finds it by the hex they see, as on the board."""
    t = state.topo
    return min([h for h in t.node_hexes[n] if not t.hex_sea[h]] or list(t.node_hexes[n]))


_NODE_VERBS = {
    "Build a settlement": "Build a settlement at",
    "Build a city": "Upgrade to a city at",
    "Build a fire station": "Build a fire station at",
}


def _node(state: CatanState, a: int, n: int, group: tuple[str, ...]) -> ActionChoice:
    place = node_place(n)
    verb = _NODE_VERBS.get(group[0])
    text = node_text(state, n)
    label = f"{verb} {text[:1].lower()}{text[1:]}" if verb else text
    return ActionChoice(a, label, group, None, place, preview=(place,))


def _dev_choice(state: CatanState, a: int) -> ActionChoice:
    lay = state.lay
    if a == lay.knight:
        return ActionChoice(a, "Knight", (DEV_GROUP,), note="Move the robber and take a card.")
    if a == lay.road_building:
        note = "Build two roads, two ships or one of each for free." if state.topo.sea else "Build two roads for free."
        return ActionChoice(a, "Road Building", (DEV_GROUP,), note=note)
    if a < lay.monopoly:
        x, y = YOP_PAIRS[a - lay.yop]
        label = f"2 {R[x]}" if x == y else f"1 {R[x]} and 1 {R[y]}"
        return ActionChoice(a, label, (DEV_GROUP, "Year of Plenty"), note=f"Take {label} from the bank.")
    r = R[a - lay.monopoly]
    return ActionChoice(a, capitalise(r), (DEV_GROUP, "Monopoly"), note=f"Every rival gives you all their {r}.")


def _main(state: CatanState, legal: list[int]) -> list[ChoiceList]:
    lay = state.lay
    p = state.actor
    builds: list[ActionChoice] = []
    dev: list[ActionChoice] = []
    bank: list[ActionChoice] = []
    offers: list[ActionChoice] = []
    for a in legal:
        if a == END_TURN:
            continue
        if a < lay.settle:
            builds.append(_path(state, a, ("Build a road",)))
        elif a < lay.city:
            builds.append(_node(state, a, a - lay.settle, ("Build a settlement",)))
        elif a < lay.station:
            builds.append(_node(state, a, a - lay.city, ("Build a city",)))
        elif a < lay.ship:
            builds.append(_node(state, a, a - lay.station, ("Build a fire station",)))
        elif a < lay.buy_dev:
            builds.append(_sea_choice(state, a))
        elif a == lay.buy_dev:
            dev.insert(
                0,
                ActionChoice(
                    a, "Buy a development card", note=f"{plural(len(state.dev_deck), 'card')} left in the deck."
                ),
            )
        elif a < lay.firestorm:
            dev.append(_dev_choice(state, a))
        elif lay.maritime <= a < lay.draft:
            give, get = maritime_decode(a - lay.maritime)
            rate = state.rates[p][give]
            bank.append(ActionChoice(a, f"Get 1 {R[get]}", ("Trade with the bank", f"Give {rate} {R[give]}")))
        elif a == lay.draft:
            left = state.max_offers - state.offers_made
            offers.append(
                ActionChoice(
                    a,
                    "Offer a trade to the players",
                    note=f"Choose the cards to give and to ask for, then propose the offer to the "
                    f"table ({plural(left, 'offer')} left this turn; an offer put back counts too).",
                )
            )
    return [builds, dev, bank, offers]


ChoiceList = list[ActionChoice]


# --- Seafarers -------------------------------------------------------------------------------------------------
def _ship_path(
    state: CatanState,
    a: int,
    base: int,
    group: tuple[str, ...],
    source: str | None = None,
    note: str = "",
    verb: str = "Build a ship",
) -> ActionChoice:
    return _path(state, a, group, source, base, verb, note)


def _sea_choice(state: CatanState, a: int) -> ActionChoice:
    """Build a ship (a path at sea) or choose a ship to move, in the main phase."""
    lay = state.lay
    if a < lay.move_from:
        return _ship_path(state, a, lay.ship, ("Build a ship",))
    return _ship_path(
        state,
        a,
        lay.move_from,
        ("Move a ship", "Ship to move"),
        verb="Move the ship",
        note="Only the ship at the open end of a route may move, once a turn.",
    )


def _sea_phase_choices(state: CatanState, legal: list[int]) -> list[ActionChoice] | None:
    """Choices of the Seafarers phases: where a moved ship goes, which resource a gold field gives."""
    lay = state.lay
    p = state.actor
    if state.phase == SHIP_MOVE:
        u, v = state.topo.edge_nodes[state.moving]
        group = (f"Move your ship from {of_state(state).the_path(u, v)}",)
        return [_ship_path(state, a, lay.move_to, group, source=path_place(u, v), verb="Sail it") for a in legal]
    if state.phase == GOLD_PICK:
        left = state.gold_left[p]
        return [
            ActionChoice(
                a,
                f"Take 1 {R[a - lay.gold]}",
                ("Gold field: choose a resource",),
                note=f"{plural(left, 'resource')} to choose from the bank.",
            )
            for a in legal
        ]
    return None


def _end(state: CatanState, alone: bool) -> ActionChoice:
    special = state.phase == SPECIAL_BUILD
    label = "Pass: end your special build" if special else "End your turn"
    note = ""
    if alone:
        note = (
            "Special building phase: you cannot afford anything to build, so you can only pass."
            if special
            else "You cannot afford to build or buy anything and have no trade to make: end your turn."
        )
    return ActionChoice(END_TURN, label, note=note)


def action_choices(state: CatanState) -> list[ActionChoice]:
    """The grouped choices of the seat to act (see the module docstring), each trade and each draw asking to be
    confirmed (:func:`confirm_reason`)."""
    out = []
    for c in _choices(state):
        why = confirm_reason(state, c.action)
        out.append(replace(c, confirm=why) if why else c)
    return out


def confirm_reason(state: CatanState, a: int) -> str:
    """Why action ``a`` asks for a confirmation, or "" for one click: trades (easy to mis-click, and an offer once
    made is out on the table) and what draws on chance (a development card, a card taken at random), which can
    never be taken back. Building, rolling and ending the turn are one click (a building can be taken back)."""
    lay = state.lay
    if lay.maritime <= a < lay.draft:
        return "A trade with the bank: check what you give."
    if state.phase == TRADE_DRAFT and a == lay.propose:
        return "The offer goes to the table at once."
    if state.phase == TRADE_RESPONSE and a == lay.accept:
        return "Check what you would give."
    if state.phase == TRADE_CONFIRM and a != lay.cancel:
        return "The trade is made at once."
    if state.phase in (MAIN, SPECIAL_BUILD) and a == lay.buy_dev:
        return "You draw a card: this cannot be taken back."
    if state.phase == TAKE:
        return f"You take {_cards(state.cards_to_take())} at random: this cannot be taken back."
    return ""


def _choices(state: CatanState) -> list[ActionChoice]:
    legal = state.legal_actions()
    if not legal:
        return []
    lay = state.lay
    ph = state.phase
    p = state.actor
    if ph in (MAIN, SPECIAL_BUILD):
        out = [c for part in _main(state, legal) for c in part]
        return out + [_end(state, not out)]
    if ph == PRE_ROLL:
        out = [ActionChoice(ROLL, "Roll the dice", note="" if len(legal) > 1 else "Roll the dice to start your turn.")]
        return out + [_dev_choice(state, a) for a in legal if a != ROLL]
    if ph == SETUP_SETTLEMENT:
        second = state.setup_idx >= state.num_players
        head = f"Set-up: place your {'second' if second else 'first'} settlement"
        near = {a: _near_hex(state, a - lay.settle) for a in legal}
        return [
            _node(state, a, a - lay.settle, (head, "Next to " + of_state(state).hex(state.topo.hex_labels[near[a]])))
            for a in sorted(legal, key=lambda a: (near[a], a))
        ]
    if ph == SETUP_ROAD:
        group: tuple[str, ...] = ("Set-up: place a road next to your new settlement",)
        ships: tuple[str, ...] = ("Set-up: place a ship instead, next to your new settlement",)  # its own sentence
        src = node_place(state.setup_node)
        out = [
            _path(state, a, group, src, verb="Place a road")
            if a < lay.ship
            else _ship_path(state, a, lay.ship, ships, src, verb="Place a ship")
            for a in legal
        ]
        if len(out) == 1:
            out[0] = _with_note(out[0], "Only one path next to your new settlement is free.")
        return out
    if ph == ROAD_BUILDING:
        if state.topo.sea:  # two roads, two ships or one of each (ruling S10)
            head = f"Road Building: {plural(state.free_roads, 'free road or ship', 'free roads or ships')} left"
            group = (head, "Place a road")
            ships = (head, "Or place a ship")
        else:
            group = ships = (f"Road Building: place a free road ({state.free_roads} left)",)
        out = [
            _path(state, a, group, verb="Place a free road")
            if a < lay.ship
            else _ship_path(state, a, lay.ship, ships, verb="Place a free ship")
            for a in legal
        ]
        if len(out) == 1:
            out[0] = _with_note(out[0], "Only one path is free next to your roads and buildings.")
        return out
    if ph == DISCARD:
        h = state.hands[p]
        left = state.discard_left[p]
        out = []
        for a in legal:
            r = a - lay.discard
            out.append(
                ActionChoice(a, f"Discard 1 {R[r]} (you have {h[r]})", note=f"{plural(left, 'card')} still to discard.")
            )
        if len(out) == 1:
            only = R[legal[0] - lay.discard]
            out[0] = _with_note(
                out[0], f"A 7 was rolled and you must discard {plural(left, 'more card')}: {only} is all you hold."
            )
        return out
    if ph == MOVE_TOKEN:
        return _move_token(state, legal)
    sea = _sea_phase_choices(state, legal)
    if sea is not None:
        return sea
    if ph == TAKE:
        out = [
            ActionChoice(
                a,
                f"{state.player_name(a - lay.take)}: {plural(sum(state.hands[a - lay.take]), 'card')} in hand",
                (f"Take {_cards(state.cards_to_take())} from",),
                note=_take_note(state.cards_to_take()),
            )
            for a in legal
        ]
        return out
    if ph in (TRADE_DRAFT, TRADE_RESPONSE, TRADE_CONFIRM):
        return _trade_choices(state, legal)
    if ph == FIRE_PAY:
        h = state.hands[p]
        left = state.fire_left[p]
        return [
            ActionChoice(
                a,
                f"Pay 1 {R[a - lay.fire_pay]} (you have {h[a - lay.fire_pay]})",
                ("Pay the fire: choose a card for the bank",),
                note=f"{plural(left, 'card')} still to pay to the fire.",
            )
            for a in legal
        ]
    return [ActionChoice(a, state.action_to_text(a)) for a in legal]  # pragma: no cover - every phase is above


def _with_note(choice: ActionChoice, note: str) -> ActionChoice:
    return replace(choice, note=note)


OFFER_GROUP = "Your trade offer"
GIVE_GROUP = (OFFER_GROUP, "Cards you give")
ASK_GROUP = (OFFER_GROUP, "Cards you ask for")


def _trade_choices(state: CatanState, legal: list[int]) -> list[ActionChoice]:
    """The draft offer as steppers (give and ask, per resource), then propose or discard; answers; the choice
    of partner. The draft itself is public (the view shows it), so every note says only what the table sees."""
    lay = state.lay
    p = state.actor
    give, ask = state.give, state.ask
    offer = f"{bundle(_named(give))} for {bundle(_named(ask))}"
    out: list[ActionChoice] = []
    if state.phase == TRADE_DRAFT:
        h = state.hands[p]
        # each side's rows in the resources' fixed order (minus before plus), whichever steps are open: a row
        # never moves under the pointer as cards are added
        steps = sorted(
            (a for a in legal if a < lay.propose),
            key=lambda a: ((a - lay.give_add) // 10, (a - lay.give_add) % 5, (a - lay.give_add) // 5),
        )
        for a in steps:
            step, r = divmod(a - lay.give_add, 5)
            name = R[r]
            if step < 2:
                label = f"Give 1 more {name}" if step == 0 else f"Give 1 {name} less"
                out.append(
                    ActionChoice(
                        a,
                        label,
                        GIVE_GROUP,
                        step=1 if step == 0 else -1,
                        counter=name,
                        count=give[r],
                        note=f"You hold {h[r]} {name}.",
                        icon=resource_icon(name),
                    )
                )
            else:
                label = f"Ask for 1 more {name}" if step == 2 else f"Ask for 1 {name} less"
                out.append(
                    ActionChoice(
                        a,
                        label,
                        ASK_GROUP,
                        step=1 if step == 2 else -1,
                        counter=name,
                        count=ask[r],
                        icon=resource_icon(name),
                    )
                )
        if lay.propose in legal:
            out.append(
                ActionChoice(
                    lay.propose,
                    f"Propose {offer}",
                    note="The other players answer in turn; then you choose whom to trade with.",
                )
            )
        why = "" if any(give) or any(ask) else "Add the cards you give and the cards you ask for."
        out.append(
            ActionChoice(
                lay.withdraw_draft,
                "Discard the draft",
                note=why or "Put the offer away unmade (it still counts as one of this turn's offers).",
            )
        )
        return out
    if state.phase == TRADE_RESPONSE:
        offerer = state.player_name(state.turn)
        answer = f"{bundle(_named(ask))} for {bundle(_named(give))}"
        if lay.accept in legal:
            out.append(
                ActionChoice(
                    lay.accept, "Accept the offer", note=f"You would give {offerer} {answer}, if they choose you."
                )
            )
        short = [f"{ask[r]} {R[r]}" for r in range(5) if state.hands[p][r] < ask[r]]
        why = "" if lay.accept in legal else f"You cannot accept: you hold fewer than {join_words(short)}."
        out.append(ActionChoice(lay.reject, "Decline the offer", note=why))
        out.append(
            ActionChoice(
                lay.reject_all,
                "Decline all offers this turn",
                note=f"You will not be asked again until {offerer}'s turn ends.",
            )
        )
        return out
    partners = [
        ActionChoice(a, f"Trade with {state.player_name(a - lay.confirm)}", note=f"Give {offer}.")
        for a in legal
        if a != lay.cancel
    ]
    why = "" if partners else "Nobody who accepted can make the trade: withdraw the offer."
    return partners + [ActionChoice(lay.cancel, "Withdraw the offer", note=why)]


def _named(cards: list[int]) -> dict[str, int]:
    return {R[r]: k for r, k in enumerate(cards) if k}


def _cards(count: int) -> str:
    """The cards a rob takes, in words: "a card" (the printed take) or "2 cards" (a variant's firestorm)."""
    return "a card" if count == 1 else plural(count, "card")


def _take_note(count: int) -> str:
    """The note on each player who may be robbed: what the take does."""
    if count == 1:
        return "You take one of their cards at random."
    return f"You take {plural(count, 'card')} of theirs at random (all they hold if they have fewer)."


def _move_token(state: CatanState, legal: list[int]) -> list[ActionChoice]:
    """Hexes for the firestorm (with the buildings it would reach) or the robber (with who could be robbed)."""
    t = state.topo
    fire = state.firestorm
    base = state.lay.firestorm if fire else state.lay.robber
    group = ("Move the firestorm",) if fire else ("Move the robber",)
    out = []
    lay = state.lay
    for a in legal:
        if t.sea and lay.pirate <= a < lay.buy_dev:
            out.append(_pirate_choice(state, a))
            continue
        h = a - base
        place = hex_place(t.hex_labels[h])
        rivals = sorted(
            {
                q
                for n in t.hex_nodes[h]
                if (q := state.node_owner[n]) >= 0
                and q != state.actor
                and not (fire and state.station[n])
                and sum(state.hands[q]) > 0
            }
        )
        taken = state.rules.firestorm_cards_taken if fire else 1
        steal = (
            f"you may take {_cards(taken)} from {join_words(map(state.player_name, rivals), 'or')}"
            if rivals and taken
            else "nobody to take a card from"
            if taken
            else "the firestorm takes nobody's cards"
        )
        preview: tuple[str, ...] = (place,)
        if fire:
            burning = burning_buildings(
                t, h, state.node_owner, state.station, state.edge_owner, state.edge_ship if t.sea else None
            )
            nodes = [n for q in sorted(burning) for n in burning[q]]
            preview += tuple(node_place(n) for n in nodes)
            reach = [f"{plural(len(ns), 'building')} of {state.player_name(q)}" for q, ns in sorted(burning.items())]
            note = (
                f"The fire would reach {join_words(reach)}; {steal}."
                if reach
                else f"The fire would reach no unsecured building; {steal}."
            )
        else:
            note = capitalise(f"{steal}.")
        out.append(
            ActionChoice(
                a, capitalise(of_state(state).hex(t.hex_labels[h])), group, None, place, preview=preview, note=note
            )
        )
    return out


def _pirate_choice(state: CatanState, a: int) -> ActionChoice:
    """A sea hex for the pirate, with the ship owners beside it who could be robbed."""
    t = state.topo
    h = a - state.lay.pirate
    place = hex_place(t.hex_labels[h])
    rivals = sorted(
        {
            q
            for e in t.hex_edges[h]
            if (q := state.edge_owner[e]) >= 0 and state.edge_ship[e] and q != state.actor and sum(state.hands[q])
        }
    )
    steal = (
        f"you may take a card from {join_words(map(state.player_name, rivals), 'or')}"
        if rivals
        else "nobody to take a card from"
    )
    return ActionChoice(
        a,
        capitalise(of_state(state).hex(t.hex_labels[h])),
        ("Move the pirate",),
        None,
        place,
        preview=(place,),
        note=capitalise(f"{steal}; no ship may be built or moved beside the pirate."),
    )
