"""The Brigade's legal actions as a player chooses among them: grouped, placed on the board, explained.

Board places are grid cells named as the SVG marks them (``data-place="B3"``): a move starts from the piece's cell
(``source``) and ends on the destination (``target``), with the cells it passes as ``preview``. The Action phase
lists the moves first and "End your turn" last, so a stray first pick never ends a turn. A decision with one
possible choice says why in its ``note``. Everything here is what the seat to act sees on the table (the two
Crew cards it drew are its own to see).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from firebreak.core import ActionChoice
from firebreak.core.text import plural

from . import actions as A
from . import frames as F
from .data import AFFILIATIONS
from .narrate import block, track_title, warden_title
from .tables import DIR_NAMES, EBENEZER, MORGANA, NB8, STEP, pos_name, tables

if TYPE_CHECKING:
    from .state import BrigadeState

MOVE_BRIGADE = "Move your Brigade"
MOVE_WAGON = "Move your Wagon"
FIGHT = "Fight the fire"
TRANSFER = "Transfer water"
UPGRADE = "Upgrade a track"
ASH_GROUP = "Ash: fight a neighbouring fire"
END_TURN = "End your turn"

LONE = {  # why a decision offers only one choice
    F.F_RENOWN: "Only one block within reach can take this renown token.",
    F.F_ANY_RENOWN: "Only one block can take a renown token.",
    F.F_REPLACE: "Your crew is full and this is the only member you can replace.",
    F.F_DEL_UGE: "Del Uge must lower another burning block, and only this one burns.",
    F.F_PEP: "Only this track can still advance.",
    F.F_MOG: "Only one neighbouring block can take the pushed Brigade.",
    F.F_GLORIA: "Only one unoccupied block burns at intensity 1.",
    F.F_POLY: "Only these two neighbouring blocks can swap their fires.",
    F.F_REMOVE: "Only one renown token is on the board.",
    F.F_TAKE: "Only one crew member can be taken.",
    F.F_MIMIC: "Only one crew card is in play.",
    F.F_AURATH: "Only this way on is possible for your Brigade.",
    F.F_IMMORA: "Immora must place the token, and only one other Noble block can take it.",
    F.F_ALI: "Only this one of Ali Ahmar's three options can be carried out.",
    F.F_ALI_FROM: "You have renown tokens on only one block.",
    F.F_ALI_TO: "Only one block can take the renown token.",
    F.F_ALI_REDUCE: "Only one neighbouring block burns.",
    F.F_DISCARD: "You have only one crew member to discard.",
    F.F_PRECIOUS: "There is only one other player to give him to.",
}


def move_path(s: "BrigadeState", p: int, dest: int) -> tuple[int, ...]:
    """The cells a Move Brigade to ``dest`` passes, in order, ending on ``dest`` (one cheapest route)."""
    src = s.bpos[p]
    budget = s._move_budget(p)
    dist = s._dists(p, src, budget)
    eben = s.active(p, EBENEZER)

    def cost(v: int) -> int:
        return 1 + s.rules.destroyed_block_extra_movement if s.destroyed[v] and not eben else 1

    def may_leave(u: int) -> bool:
        return u == src or eben or not s.intensity[u]

    path = [dest]
    v = dest
    reach = dist[dest] if dist[dest] <= budget else budget  # Mog's rival block is never "entered" by _dists
    while v != src:
        best = -1
        for u in NB8[v]:
            if dist[u] <= budget and dist[u] + cost(v) <= reach and may_leave(u):
                if best < 0 or dist[u] < dist[best]:
                    best = u
        if best < 0:  # pragma: no cover - a legal destination always has a route
            break
        v = best
        reach = dist[v]
        if v != src:
            path.append(v)
    return tuple(reversed(path))


def _cells(positions) -> tuple[str, ...]:
    return tuple(pos_name(q) for q in positions)


def _fire_after(s: "BrigadeState", q: int, change: int) -> str:
    now = s.intensity[q]
    after = now + change
    if after <= 0:
        return "puts the fire out (no renown)"
    if after > s.st_track[q]:
        return "destroys the block"
    return f"fire {now} becomes {after}"


def _renown_earned(s: "BrigadeState", levels: int) -> str:
    """The renown a fire of ``levels`` put out earns, in words (one token a level, printed)."""
    renown = levels * s.rules.renown_per_level
    return plural(renown, "renown token") if renown else "no renown"


def _renown_note(s: "BrigadeState", p: int, q: int) -> str:
    """What one more renown token of ``p`` on ``q`` does: wins the Loyalty, or how many are still needed."""
    owner = s.loyal[q]
    if owner == p:
        return "already loyal to you"
    have = s.renown[q * 4 + p] + 1
    need = s.steal_cost(q, p)
    if have >= need and s.loyalty_left[p] > 0:
        return "wins its Loyalty" + (f" from {s.player_name(owner)}" if owner >= 0 else "")
    return f"{have} of {need} renown for its Loyalty"


def _move_note(s: "BrigadeState", p: int, dest: int) -> str:
    notes = []
    rival = next((q for q in range(s.num_players) if q != p and s.bpos[q] == dest), -1)
    if rival >= 0:
        notes.append(f"Mog The Heavy pushes {s.player_name(rival)}'s Brigade away")
    if s.intensity[dest] and not s.destroyed[dest]:
        notes.append(f"on fire (intensity {s.intensity[dest]}): your Brigade stops there")
    if s.free_moves > 0:
        notes.append("free move (Fresh Mounts)")
    return "; ".join(notes)


def _main(s: "BrigadeState", legal: list[int]) -> list[ActionChoice]:
    p = s.turn_player
    T = tables()
    bp, wp = s.bpos[p], s.wpos[p]
    out: list[ActionChoice] = []
    tail: list[ActionChoice] = []
    for a in legal:
        if A.MOVE_BRIGADE <= a < A.MOVE_WAGON:
            q = a - A.MOVE_BRIGADE
            path = move_path(s, p, q)
            out.append(
                ActionChoice(
                    a,
                    f"Brigade to {block(s, q)}",
                    (MOVE_BRIGADE,),
                    pos_name(bp),
                    pos_name(q),
                    (),
                    _cells(path),
                    _move_note(s, p, q),
                )
            )
        elif A.MOVE_WAGON <= a < A.EXTINGUISH:
            q = a - A.MOVE_WAGON
            free = not s.morgana_used and s.active(p, MORGANA)  # the first Wagon move is free
            out.append(
                ActionChoice(
                    a,
                    f"Wagon to {block(s, q)}",
                    (MOVE_WAGON,),
                    pos_name(wp),
                    pos_name(q),
                    (),
                    (pos_name(q),),
                    "free move (Morgana Magos)" if free else "",
                )
            )
        elif A.EXTINGUISH <= a < A.REFILL_BRIGADE:
            b, w = divmod(a - A.EXTINGUISH, A.EXT_W)
            spent = b + w
            after = s.intensity_after(p, bp, spent)
            parts = []
            if b:
                parts.append(f"{b} from your Brigade")
            if w:
                parts.append(f"{w} from your Wagon")
            label = plural(spent, "water token") + ": " + " and ".join(parts)
            note = (
                f"puts the fire out: {_renown_earned(s, s.intensity[bp])}"
                if not after
                else f"fire {s.intensity[bp]} becomes {after}, no renown"
            )
            out.append(
                ActionChoice(a, label, (f"{FIGHT} on {block(s, bp)}",), None, pos_name(bp), (), (pos_name(bp),), note)
            )
        elif a in (A.REFILL_BRIGADE, A.REFILL_WAGON, A.REFILL_BOTH):
            what = {
                A.REFILL_BRIGADE: "your Brigade",
                A.REFILL_WAGON: "your Wagon",
                A.REFILL_BOTH: "your Brigade and Wagon",
            }[a]
            at = wp if a == A.REFILL_WAGON else bp
            cost = ""
            if at != s.firehouse[p] and s.loyal[at] != p:
                cost = "costs one of your renown tokens here (Street Wise)"
            out.append(ActionChoice(a, f"Refill {what}", (), None, pos_name(at), (), (pos_name(at),), cost))
        elif a == A.RECRUIT:
            full = len(s.crew[p]) >= s._crew_cap(p)
            out.append(
                ActionChoice(
                    a,
                    "Recruit: draw two Crew cards, keep one or neither",
                    (),
                    None,
                    None,
                    (),
                    (),
                    "your crew is full: a new member replaces one" if full else "",
                )
            )
        elif A.TO_WAGON <= a < A.TO_BRIGADE:
            k = a - A.TO_WAGON + 1
            out.append(ActionChoice(a, f"{plural(k, 'water token')} from the Brigade to the Wagon", (TRANSFER,)))
        elif A.TO_BRIGADE <= a < A.UPGRADE:
            k = a - A.TO_BRIGADE + 1
            out.append(ActionChoice(a, f"{plural(k, 'water token')} from the Wagon to the Brigade", (TRANSFER,)))
        elif A.UPGRADE <= a < A.WARDEN:
            t = a - A.UPGRADE
            i = s.tracks[3 * p + t] + 1
            note = f"circle {i + 1} of {T.track_last[t] + 1}, value {s.track_values[t][i]}"
            if i == T.track_last[t]:
                note += "; the blue circle's bonus"
            out.append(ActionChoice(a, track_title(t), (UPGRADE,), None, None, (), (), note))
        elif a == A.WARDEN:
            out.append(ActionChoice(a, f"Warden action: {warden_title(s, p)}"))
        elif a == A.WAGON_EXTINGUISH:
            per = s.rules.water_per_level  # a variant's water a level: say what the Wagon spends (ruling R34)
            spends = f"{plural(per, 'water token')} from your Wagon; " if per != 1 else ""
            out.append(
                ActionChoice(
                    a,
                    f"Leon Bertrand: your Wagon puts out the fire on {block(s, wp)}",
                    (),
                    None,
                    pos_name(wp),
                    (),
                    (pos_name(wp),),
                    spends + _renown_earned(s, 1),
                )
            )
        elif A.ASH_EXTINGUISH <= a < A.DISCARD_PRECIOUS:
            q, k = divmod(a - A.ASH_EXTINGUISH, 3)
            out.append(
                ActionChoice(
                    a,
                    f"{block(s, q)} with {plural(k + 1, 'water token')}",
                    (ASH_GROUP,),
                    pos_name(bp),
                    pos_name(q),
                    (),
                    (pos_name(q),),
                    _fire_after(s, q, -((k + 1) // s.rules.water_per_level))
                    if k + 1 < s.intensity[q] * s.rules.water_per_level
                    else f"puts the fire out: {_renown_earned(s, s.intensity[q])}",
                )
            )
        elif a == A.DISCARD_PRECIOUS:
            out.append(
                ActionChoice(
                    a,
                    "Discard Sir Precious (free)",
                    (),
                    None,
                    None,
                    (),
                    (),
                    "he leaves your Brigade: one action more each turn",
                )
            )
        elif a == A.END_TURN:
            left = s.remaining()
            note = f"{plural(left, 'action')} left unused" if left > 0 else ""
            tail.append(ActionChoice(a, END_TURN, (), None, None, (), (), note))
    return out + tail


def _frame(s: "BrigadeState", f: tuple, legal: list[int]) -> list[ActionChoice]:
    k, p = f[0], f[1]
    T = tables()
    name = s.player_name
    out: list[ActionChoice] = []
    for a in legal:
        c: ActionChoice
        if a == A.DECLINE:
            label = {
                F.F_CHOPS: "Do not use Chops Murphy",
                F.F_ORANGE: "Place no renown (Insurance)",
                F.F_ESME: "Let the fireball land on your Brigade",
                F.F_WAGON_FREE: "Leave your Wagon where it is",
                F.F_GNESS: "Do not raise the fire",
                F.F_DIRTY: "Add no fire",
                F.F_AURATH: "Stop your Brigade here",
                F.F_ZILDA: "Do not use Zilda Garrett",
            }.get(k, "Decline")
            c = ActionChoice(a, label)
        elif A.PLACE <= a < A.TARGET:
            q = a - A.PLACE
            c = ActionChoice(a, block(s, q), (), None, pos_name(q), (), (pos_name(q),), _renown_note(s, p, q))
        elif A.TARGET <= a < A.ACCEPT:
            q = a - A.TARGET
            src = None
            note = ""
            if k == F.F_DEL_UGE:
                note = _fire_after(s, q, -2)
            elif k == F.F_CHOPS:
                note = _fire_after(s, q, 2)
            elif k in (F.F_ESME, F.F_DIRTY):
                note = _fire_after(s, q, 1)
            elif k == F.F_ALI_REDUCE:
                note = _fire_after(s, q, -1)
            elif k == F.F_MOG:
                src = pos_name(f[3])
                note = f"{name(f[2])}'s Brigade goes here"
            elif k == F.F_GLORIA:
                src = pos_name(s.wpos[p])
                note = "your Wagon puts out the fire: 1 renown token"
            elif k == F.F_AURATH:
                src = pos_name(s.bpos[p])
            c = ActionChoice(a, block(s, q), (), src, pos_name(q), (), (pos_name(q),), note)
        elif A.MOVE_WAGON <= a < A.EXTINGUISH:  # the Wagon's free move (blue bonus)
            q = a - A.MOVE_WAGON
            c = ActionChoice(
                a,
                block(s, q),
                (MOVE_WAGON,),
                pos_name(s.wpos[p]),
                pos_name(q),
                (),
                (pos_name(q),),
                "free (Water Wagon blue bonus)",
            )
        elif A.UPGRADE <= a < A.WARDEN:
            t = a - A.UPGRADE
            i = s.tracks[3 * p + t] + 1
            c = ActionChoice(
                a,
                track_title(t),
                (),
                None,
                None,
                (),
                (),
                f"circle {i + 1} of {T.track_last[t] + 1}, value {s.track_values[t][i]}",
            )
        elif a == A.ACCEPT:
            q = f[2]
            c = ActionChoice(
                a, "Raise the fire here by one", (), None, pos_name(q), (), (pos_name(q),), _fire_after(s, q, 1)
            )
        elif a in (A.KEEP_FIRST, A.KEEP_SECOND):
            card = s.drawn[a - A.KEEP_FIRST]
            cname, aff, water = T.crew[card]
            full = len(s.crew[p]) >= s._crew_cap(p)
            c = ActionChoice(
                a,
                f"Keep {cname}",
                (),
                None,
                None,
                (),
                (),
                f"{plural(water, 'water token')}" + ("; replaces one of your crew" if full else ""),
            )
        elif a == A.KEEP_NONE:
            c = ActionChoice(a, "Keep neither card", (), None, None, (), (), "both go to the discard pile")
        elif A.REPLACE <= a < A.REMOVE:
            c = ActionChoice(a, f"Replace {T.crew[s.crew[p][a - A.REPLACE]][0]}")
        elif A.REMOVE <= a < A.TAKE:
            q, seat = divmod(a - A.REMOVE, 4)
            group = () if k == F.F_ALI_FROM else (f"Renown of {name(seat)}",)
            c = ActionChoice(
                a,
                block(s, q),
                group,
                None,
                pos_name(q),
                (),
                (pos_name(q),),
                plural(s.renown[q * 4 + seat], "token") + " there",
            )
        elif A.TAKE <= a < A.SWAP:
            q, slot = divmod(a - A.TAKE, 3)
            c = ActionChoice(a, f"{T.crew[s.crew[q][slot]][0]} from {name(q)}")
        elif A.SWAP <= a < A.DIRECTION:
            q, d = divmod(a - A.SWAP, 2)
            other = STEP[q][1 if d == 0 else 2]
            c = ActionChoice(
                a,
                f"{block(s, q)} and {block(s, other)}",
                (),
                pos_name(q),
                pos_name(other),
                (),
                (pos_name(q), pos_name(other)),
                f"fires {s.intensity[q]} and {s.intensity[other]} change places",
            )
        elif A.DIRECTION <= a < A.MIMIC:
            d = a - A.DIRECTION
            line, q = [], f[2]
            for _ in range(3):
                q = STEP[q][d]
                if q < 0:
                    break
                line.append(q)
            c = ActionChoice(
                a,
                DIR_NAMES[d].title(),
                (),
                None,
                None,
                (),
                _cells(line),
                ("raises " + ", ".join(block(s, x) for x in line) + " by one")
                if line
                else "the fire goes off the board",
            )
        elif A.MIMIC <= a < A.CHOICE:
            q, slot = divmod(a - A.MIMIC, 3)
            c = ActionChoice(a, f"{T.crew[s.crew[q][slot]][0]} ({name(q)})")
        elif A.CHOICE <= a < A.PLAYER:
            c = ActionChoice(
                a,
                (
                    "Refill two water on your Brigade",
                    "Move one of your renown tokens",
                    "Lower a neighbouring fire by one",
                )[a - A.CHOICE],
            )
        elif A.PLAYER <= a < A.DISCARD:
            q = a - A.PLAYER
            c = ActionChoice(a, name(q))
        elif A.DISCARD <= a < A.ASH_EXTINGUISH:
            c = ActionChoice(a, f"Discard {T.crew[s.crew[p][a - A.DISCARD]][0]}")
        else:  # pragma: no cover - every decision's actions are listed above
            c = ActionChoice(a, s.action_to_text(a))
        out.append(c)
    out = _placements_grouped(s, f, out)
    if len(out) == 1:
        only = out[0]
        why = LONE.get(k, "This is the only possible choice.")
        if k == F.F_AURATH and legal == [A.DECLINE]:
            why = "No further step is possible: your Brigade stops here."
        out[0] = ActionChoice(
            only.action,
            only.label,
            only.group,
            only.source,
            only.target,
            only.same,
            only.preview,
            why + (f" ({only.note})" if only.note else ""),
        )
    return out


NEIGHBOUR_GROUP = "A neighbouring block"
PLACE_CAP = 12
"""A renown placement with more blocks than this is grouped by the blocks' districts (a player looks for a block
on the board by its district's colour, not by where it falls in a numbered list)."""


def _placements_grouped(s: "BrigadeState", f: tuple, out: list[ActionChoice]) -> list[ActionChoice]:
    """Renown placements grouped as the question puts them: "on the block or a neighbour" lists the block itself
    first and its neighbours in one group; a placement on any block (a special event, Ali Ahmar) is grouped by
    district. Without this a long list was cut at the terminal into arbitrary ranges of blocks."""
    places = [c for c in out if A.PLACE <= c.action < A.TARGET and not c.group]
    if not places:
        return out
    if f[0] == F.F_RENOWN:
        origin = f[3]
        if not any(c.action == A.PLACE + origin for c in places):
            return out  # the block itself takes none: its neighbours alone, as one list
        here = [c for c in out if c.action == A.PLACE + origin]
        return here + [
            replace(c, group=(NEIGHBOUR_GROUP,)) if c in places and c.action != A.PLACE + origin else c
            for c in out
            if c.action != A.PLACE + origin
        ]
    if len(places) <= PLACE_CAP:
        return out
    by_district = sorted(places, key=lambda c: (s.st_aff[c.action - A.PLACE], c.action))
    rest = [c for c in out if c not in places]
    return [replace(c, group=(_district(s, c.action - A.PLACE),)) for c in by_district] + rest


def _district(s: "BrigadeState", q: int) -> str:
    aff = s.st_aff[q]
    return AFFILIATIONS[aff] if aff >= 0 else "Firehouses"


def action_choices(s: "BrigadeState") -> list[ActionChoice]:
    """Every legal action of the seat to act in exactly one entry (see the module docstring)."""
    legal = s.legal_actions()
    if not legal:
        return []
    if s.stack:
        return _frame(s, s.stack[-1], legal)
    return [replace(c, confirm=why) if (why := confirm_reason(s, c.action)) else c for c in _main(s, legal)]


def confirm_reason(s: "BrigadeState", a: int) -> str:
    """Why a main action asks for a confirmation, or "" for one click: recruiting (it draws Crew cards, which
    can never be taken back) and ending the turn with actions left (they are lost). Moves, fights and refills are
    one click: they can be taken back within the turn. Decisions inside an action are all one click."""
    if a == A.RECRUIT:
        return "You draw two Crew cards: this cannot be taken back."
    if a == A.END_TURN and s.remaining() > 0:
        return "Your turn ends with actions unused."  # (the note counts them)
    return ""


__all__ = ["action_choices", "move_path"]
