"""The legal actions of the seat to act, grouped and placed on the board for people (``action_choices``).

Fire moves are grouped card -> destination, one entry per distinct outcome. The cone's source district is part
of the outcome: the rulebook moves one cone out of the chosen district ("you can never take the last fire cone
from a district"), so a source keeps one cone fewer, may become contained or stop being a source. Two fire moves
therefore never end in the same state unless they are the same move, and nothing is folded into ``same``
(ruling R25 in ``docs/rulings/great-fire.md``). Where one destination can be reached from several cones, the
destination opens a small group of its own listing the cones. Each fire move carries the cone's path (source,
the burning districts it crosses, target: see :mod:`.route`) for the map to draw, and its note tells it in words.

Every word here is built from public facts (the board) and the acting seat's own hand and tokens, so choices
tell a player nothing their view does not.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from firebreak.core import ActionChoice
from firebreak.core.text import article, capitalise, join_words, plural

from .actions import (
    DEMOLISH,
    DISCARD,
    END_ACTIONS,
    FIRE,
    INTENSIFY,
    MOVE_BAND,
    MOVE_LANDOWNER,
    PLACE_BAND,
    PLACE_LANDOWNER,
    PUT_OUT,
)
from .data import DIRECTION_NAMES, Board, load_board
from .names import card_words, colour_word
from .narrate import cone_path
from .phases import P_ACTIONS, P_BAND, P_FIRE, P_OWNER, P_SECOND
from .route import fire_route, route_names

if TYPE_CHECKING:
    from .state import GreatFireState

COLOURS = load_board().rules.colours
"""The house colours (the rules', whichever board is played)."""

FIRE_MOVE = "Fire move"
SECOND_MOVE = "Second fire move"
MOVE_BAND_GROUP = "Move a trained band"
MOVE_OWNER_GROUP = "Move your landowner"
DEMOLISH_GROUP = "Demolish a district"
INTENSIFY_GROUP = "Intensify the fire"
PLACE_BAND_GROUP = "Place a trained band"  # the question above says "Set-up" and how many are left
PLACE_OWNER_GROUP = "Place your landowner"


def fire_outcome(state: "GreatFireState", tgt: int) -> tuple[str, str]:
    """(short words, sentence) for a fire cone arriving in ``tgt``: held by trained bands, or houses burning.

    Public facts only: house colours lie on the board for all to see (with Hidden Colours nobody knows whose
    they are, so the words never say).
    """
    if state.bands[tgt] > state.fire[tgt]:
        return "the trained band holds it", "A trained band there contains the fire; no house burns."
    houses = state.houses[tgt]
    parts = []
    if houses:
        verb = "burns" if len(houses) == 1 else "burn"
        short = f"{plural(len(houses), 'house')} {verb}"
        colours = join_words(colour_word(COLOURS[c]) for c in houses)
        long = f"{short} ({colours})."
    else:
        short, long = "already burnt out", "No house is left there to burn."
    parts.append(long)
    if state.token[tgt] >= 0:
        short += ", you take its token"
        parts.append("You take its face-down token.")
    return short, " ".join(parts)


def _fire_choices(state: "GreatFireState", legal: list[int], head: str) -> list[ActionChoice]:
    codec = state.codec
    names = state.tables.names
    by_dest: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a in legal:
        x = codec.decode(a)
        if x.kind == FIRE:
            by_dest.setdefault((x.direction, x.b), []).append((x.a, a))
    out = []
    for (dr, tgt), moves in by_dest.items():
        card = card_words(DIRECTION_NAMES[dr])
        short, long = fire_outcome(state, tgt)
        label = f"{names[tgt]}: {short}"
        for src, a in moves:
            path = route_names(fire_route(state.fire, state.bands, dr, src, tgt, None, state.tables), state.tables)
            note = f"{capitalise(cone_path(path[0], path[1:-1], path[-1]))}. {long}"
            if len(moves) == 1:
                out.append(
                    ActionChoice(
                        a, label, (head, card), names[src], names[tgt], preview=(names[tgt],), note=note, path=path
                    )
                )
            else:
                out.append(
                    ActionChoice(
                        a,
                        f"Cone from {names[src]} ({plural(state.fire[src], 'cone')} there)",
                        (head, card, label),
                        names[src],
                        names[tgt],
                        preview=(names[tgt],),
                        note=note,
                        path=path,
                    )
                )
    return out


def _action_phase(state: "GreatFireState", legal: list[int]) -> list[ActionChoice]:
    codec = state.codec
    names = state.tables.names
    p = state.player
    home = state.landowner[p]
    rules = state.rules  # a variant's costs and points, where it changes them
    owner_cost = f"({plural(rules.landowner_move_cost, 'action point')})"
    band_cost = f"({plural(rules.trained_band_move_cost, 'action point')})"
    out = []
    for a in legal:
        x = codec.decode(a)
        if x.kind == MOVE_LANDOWNER:
            out.append(
                ActionChoice(
                    a,
                    names[x.a],
                    (MOVE_OWNER_GROUP,),
                    names[home],
                    names[x.a],
                    preview=(names[x.a],),
                    note=f"Your landowner moves from {names[home]} to {names[x.a]} {owner_cost}.",
                )
            )
        elif x.kind == MOVE_BAND:
            pinned = state.fire[x.b] >= state.bands[x.b] + 1
            note = f"A trained band moves from {names[x.a]} to {names[x.b]} {band_cost}."
            if pinned:
                held = state.fire[x.b] == state.bands[x.b] + 1
                note += " It stops there to fight the fire" + (", which it then contains." if held else ".")
            out.append(
                ActionChoice(
                    a,
                    f"To {names[x.b]}",
                    (MOVE_BAND_GROUP, f"From {names[x.a]}"),
                    names[x.a],
                    names[x.b],
                    preview=(names[x.b],),
                    note=note,
                )
            )
        elif x.kind == PUT_OUT:
            out.append(
                ActionChoice(
                    a,
                    f"Put out a fire cone in {names[home]}",
                    (),
                    names[home],
                    names[home],
                    preview=(names[home],),
                    note="Your landowner orders a contained fire put out: one cone is removed "
                    f"and counts {plural(rules.cone_vp, 'VP', 'VP')} for you "
                    f"({plural(rules.put_out_fire_cost, 'action point')}).",
                )
            )
        elif x.kind == DEMOLISH:
            lost = state.houses[x.a]
            cost = rules.demolition_cost
            # "no action point": the note printed games have always shown (the engine fingerprints hash it)
            paid = plural(cost, "action point") if cost else "no action point"
            note = f"A trained band detonates your demolition charge in {names[x.a]} ({paid})"
            note += f": {plural(len(lost), 'house')} lost." if lost else "."
            out.append(
                ActionChoice(a, names[x.a], (DEMOLISH_GROUP,), names[x.a], names[x.a], preview=(names[x.a],), note=note)
            )
        elif x.kind == END_ACTIONS:
            short = state.ap < state.least_action_cost()  # under the printed costs of 1: none left
            left = (
                "You have no action points left"
                if state.ap == 0
                else f"You have {plural(state.ap, 'action point')} left, too few for any action"
            )
            if len(legal) == 1:
                why = (
                    left + "."
                    if short
                    else "No action is possible: your landowner cannot move and no trained band is free."
                )
            elif short:
                why = left + "; you may still demolish, or end your actions."
            else:
                why = f"You still have {plural(state.ap, 'action point')}; unused points are lost."
            out.append(ActionChoice(a, "End your actions and draw", note=why))
    return out


MENU_CAP = 30
"""The longest menu a player reads outside set-up; a longer one is split by the board's regions."""


def _region_words(board: Board, name: str) -> str:
    region = board.region[board.index(name)]
    return "Grassed areas" if region == "grassed" else f"{region.capitalize()} region"


def _capped(board: Board, choices: list[ActionChoice]) -> list[ActionChoice]:
    """Split any group of more than :data:`MENU_CAP` entries by the region of each entry's district (the cone's
    district for fire moves, the target otherwise), so no menu outside set-up is longer than a screen."""
    sizes: dict[tuple[str, ...], int] = {}
    for c in choices:
        sizes[c.group] = sizes.get(c.group, 0) + 1
    if all(size <= MENU_CAP for size in sizes.values()):
        return choices
    out = []
    for c in choices:
        place = c.source or c.target
        if sizes[c.group] > MENU_CAP and c.group and place is not None:
            c = replace(c, group=(*c.group, _region_words(board, place)))
        out.append(c)
    return out


def action_choices(state: "GreatFireState") -> list[ActionChoice]:
    """The choices of the seat to act (see :class:`firebreak.core.ActionChoice`), with :func:`confirm_reason`."""
    choices = [_confirmed(state, c) for c in _choices(state)]
    if state.phase in (P_BAND, P_OWNER):
        return choices  # set-up lists every district once, grouped by region
    return _capped(state.board, choices)


def confirm_reason(state: "GreatFireState", a: int) -> str:
    """Why action ``a`` asks for a confirmation, or "" for one click: a fire move (easy to mis-click among many
    paths, and it reveals a token), showing one's hand to discard (a reveal) and ending the actions with action
    points left (they are lost). Moves of pieces and set-up placements are one click (they can be taken back)."""
    if a == state.codec.no_second_move:
        return ""
    kind = state.codec.decode(a).kind
    if kind == FIRE:
        return "Check the fire's path before the cone moves."
    if kind == DISCARD:
        return "You show your hand: this cannot be taken back."
    if kind == END_ACTIONS and state.ap > 0 and len(state.legal_actions()) > 1:
        return "Ending your actions draws a card, which cannot be taken back."  # (the note counts the points lost)
    return ""


def _confirmed(state: "GreatFireState", c: ActionChoice) -> ActionChoice:
    why = confirm_reason(state, c.action)
    return replace(c, confirm=why) if why else c


def _choices(state: "GreatFireState") -> list[ActionChoice]:
    legal = state.legal_actions()
    if not legal:
        return []
    ph = state.phase
    codec = state.codec
    names = state.tables.names
    if ph == P_FIRE:
        return _fire_choices(state, legal, FIRE_MOVE)
    if ph == P_SECOND:
        out = _fire_choices(state, legal, SECOND_MOVE)
        note = (
            "You hold no Fire moves twice token, so the fire moves only once."
            if len(legal) == 1
            else "Keep your tokens; the fire moves only once this turn."
        )
        out.append(ActionChoice(codec.no_second_move, "No second fire move", note=note))
        return out
    if ph == P_ACTIONS:
        return _action_phase(state, legal)
    out = []
    for a in legal:
        x = codec.decode(a)
        if x.kind == DISCARD:
            card = card_words(DIRECTION_NAMES[x.direction])
            note = (
                "No fire move is possible: you show your hand and discard a card, then the fire intensifies by 3 cones."
            )
            if len(legal) == 1:
                note += f" Your hand holds only {card}s."
            out.append(ActionChoice(a, f"Discard {article(card)}", note=note))
        elif x.kind == INTENSIFY:
            left = state.intensify_left
            note = (
                f"One more fire cone in {names[x.a]} ({plural(left, 'intensify cone')} left to place"
                f"{' including this one' if left > 1 else ''})."
            )
            if len(legal) == 1:
                note += f" {names[x.a]} is the only burning district with room for another cone."
            out.append(
                ActionChoice(a, names[x.a], (INTENSIFY_GROUP,), None, names[x.a], preview=(names[x.a],), note=note)
            )
        elif x.kind == PLACE_BAND:  # set-up: by region, each line just the district (the group says the rest)
            head = PLACE_BAND_GROUP  # short: the question counts the bands left ("Set-up: ... (2 left)")
            out.append(
                ActionChoice(
                    a,
                    names[x.a],
                    (head, _region_words(state.board, names[x.a])),
                    None,
                    names[x.a],
                    preview=(names[x.a],),
                )
            )
        elif x.kind == PLACE_LANDOWNER:
            out.append(
                ActionChoice(
                    a,
                    names[x.a],
                    (PLACE_OWNER_GROUP, _region_words(state.board, names[x.a])),
                    None,
                    names[x.a],
                    preview=(names[x.a],),
                )
            )
    return out
