"""Brigade observations for learning code: a fixed-length vector from one seat's view.

Registered on the spec as ``observation_encoder`` (see :mod:`firebreak.core.encoding`). Only the view is read,
so a seat never sees the recruit cards another player drew or the order of a deck. Seats are relative to the
viewer (block 0 is the viewer). ``B`` is the number of board cells (blocks and firehouses), ``E`` the number of
distinct event cards and ``R`` of distinct Crew cards over every add-on (so all option sets share one layout).
"""

from __future__ import annotations

from typing import Any

from firebreak.core.encoding import Field, ObservationEncoder, Writer, index_of

from .data import AFFILIATIONS
from .tables import N_POS, TRACK_NAMES, pos_name, tables

B = N_POS
POSITIONS = tuple(pos_name(p) for p in range(B))
EVENTS = tuple(sorted({e[2] for e in tables().events}))
CREW = tuple(sorted({c[0] for c in tables().crew}))
A = len(AFFILIATIONS)
AFFILIATION_INDEX = {a: i for i, a in enumerate(AFFILIATIONS)}
E = len(EVENTS)
R = len(CREW)
PER_SEAT = [
    Field("tracks", 2 * len(TRACK_NAMES), "per track (" + ", ".join(TRACK_NAMES) + "): circle / circles, value / 5"),
    Field("crew", A + 3, "Crew cards per affiliation / 3, then cards / 5, active cards / 5, water / 10"),
    Field("brigade_water", 2, "water in the Brigade / 5, its capacity / 5"),
    Field("wagon_water", 2, "water in the Wagon / 5, its capacity / 5"),
    Field("brigade_at", B, "cell of the Brigade, one-hot"),
    Field("wagon_at", B, "cell of the Wagon, one-hot"),
    Field("firehouse", B, "cell of the seat's Firehouse, one-hot"),
    Field("supplies", 2, "renown markers left / 15, loyalty markers left / 10"),
    Field("score", 1, "score / 20"),
    Field("bonus_actions", 1, "bonus actions / 3"),
]


class BrigadeEncoder(ObservationEncoder):
    """Board (per cell), turn and decks, then one block per seat from the viewer on."""

    def fields(self) -> list[Field]:
        n = self.num_players
        return [
            Field("cell.firehouse", B, "1 if the cell is a Firehouse"),
            Field("cell.affiliation", B * A, "block affiliation one-hot (cell-major): " + ", ".join(AFFILIATIONS)),
            Field("cell.value", B, "block value / 5"),
            Field("cell.track", B, "track the block upgrades / 3"),
            Field("cell.intensity", B, "fire intensity / 4"),
            Field("cell.destroyed", B, "1 if the block is destroyed"),
            Field("cell.big_building", B, "1 if the block is a Big Building"),
            Field("cell.loyal", B * n, "seat the block is loyal to, relative one-hot (cell-major)"),
            Field("cell.renown", B * n, "renown of each relative seat on the block / 5 (cell-major)"),
            Field("cell.brigades", B * n, "Brigades on the cell by relative seat (cell-major)"),
            Field("cell.wagons", B * n, "Wagons on the cell by relative seat (cell-major)"),
            Field("turn", 1, "turn number / 30"),
            Field("active", n, "seat whose turn it is, relative one-hot"),
            Field("to_act", n, "seat to act, relative one-hot"),
            Field("phase", 2, "phase one-hot: event, action"),
            Field("actions", 2, "actions used / 5, actions allowed / 5"),
            Field("event_deck", 1, "event cards left / 20"),
            Field("event_discard", E, "discarded event cards by name / 3: " + ", ".join(EVENTS)),
            Field("last_event", E, "the last event, one-hot"),
            Field("crew_deck", 1, "Crew cards left / 20"),
            Field("crew_discard", R, "discarded Crew cards by name: " + ", ".join(CREW)),
            Field("drawn", R + 1, "recruit cards drawn: by name if the viewer drew them, then how many / 3"),
            Field("drawer", n, "seat that drew recruit cards, relative one-hot"),
            Field("destroyed", 3, "blocks destroyed / 10, University blocks destroyed / 3, evacuation"),
            Field("over", 1, "1 once the game is over"),
            *[Field(f"seat[{k}].{f.name}", f.size, f.doc) for k in range(n) for f in PER_SEAT],
        ]

    def write(self, view: dict[str, Any], viewer: int, out: Writer) -> None:
        n = self.num_players
        board = view["board"]
        rel = self.relative
        seats = self.seats_from(viewer)
        out.nums(c["firehouse"] for c in board)
        affiliation = [0.0] * (B * A)
        loyal = [0.0] * (B * n)
        renown = [0.0] * (B * n)
        brigades = [0.0] * (B * n)
        wagons = [0.0] * (B * n)
        for i, c in enumerate(board):
            a = AFFILIATION_INDEX.get(c["affiliation"])
            if a is not None:
                affiliation[i * A + a] = 1.0
            base = i * n
            if c["loyal"] is not None and c["loyal"] >= 0:
                loyal[base + (c["loyal"] - viewer) % n] = 1.0
            values = c["renown"]
            for k, s in enumerate(seats):
                renown[base + k] = values[s] * 0.2
            for p in c["brigades"]:
                brigades[base + (p - viewer) % n] = 1.0
            for p in c["wagons"]:
                wagons[base + (p - viewer) % n] = 1.0
        out.block(affiliation)
        out.nums((c["value"] for c in board), 5)
        out.nums((c["track"] for c in board), 3)
        out.nums((c["intensity"] for c in board), 4)
        out.nums(c["destroyed"] for c in board)
        out.nums(c.get("big_building", False) for c in board)
        out.block(loyal)
        out.block(renown)
        out.block(brigades)
        out.block(wagons)
        out.num(view["turn"], 30)
        out.one_hot(rel(view["active"], viewer), n)
        out.one_hot(rel(view["to_act"], viewer), n)
        out.one_hot(index_of(("event", "action"), view["phase"]), 2)
        out.num(view["actions_used"], 5)
        out.num(view["actions_allowed"], 5)
        out.num(view["event_deck"], 20)
        out.counts((EVENTS.index(e) for e in view["event_discard"]), E, 3)
        last = view["last_event"]
        out.one_hot(None if last is None else index_of(EVENTS, last), E)
        out.num(view["crew_deck"], 20)
        out.counts((CREW.index(c) for c in view["crew_discard"]), R)
        drawn = view["drawn"]
        if isinstance(drawn, list):
            out.counts((CREW.index(c) for c in drawn), R)
            out.num(len(drawn), 3)
        else:
            out.nums([0.0] * R)
            out.num(drawn, 3)
        out.one_hot(rel(view["drawer"], viewer), n)
        out.num(view["destroyed"], 10)
        out.num(view["university_destroyed"], 3)
        out.num(view["evacuation"])
        out.num(view["over"])
        players = view["players"]
        for seat in seats:
            p = players[seat]
            for t in TRACK_NAMES:
                track = p["tracks"][t]
                out.num(track["circle"] / track["of"])
                out.num(track["value"], 5)
            crew = p["crew"]
            out.counts((AFFILIATIONS.index(c["affiliation"]) for c in crew), A, 3)
            out.num(len(crew), 5)
            out.num(sum(1 for c in crew if c["active"]), 5)
            out.num(sum(c["water"] for c in crew), 10)
            out.num(p["brigade_water"], 5)
            out.num(p["brigade_capacity"], 5)
            out.num(p["wagon_water"], 5)
            out.num(p["wagon_capacity"], 5)
            out.one_hot(index_of(POSITIONS, p["brigade_at"]), B)
            out.one_hot(index_of(POSITIONS, p["wagon_at"]), B)
            out.one_hot(index_of(POSITIONS, p["firehouse"]), B)
            out.num(p["renown_supply"], 15)
            out.num(p["loyalty_supply"], 10)
            out.num(p["score"], 20)
            out.num(p["bonus_actions"], 3)
