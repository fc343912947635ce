"""Brigade observations for learning code: a fixed-length vector from one seat's view.

Registered on the spec as ``observation_encoder`` (see :mod:`firebreak.core.encoding`). Only the view is read,
so a seat never sees the recruit cards another player drew or the order of a deck. Seats are relative to the
viewer (block 0 is the viewer). ``B`` is the number of board cells (blocks and firehouses), ``E`` the number of
distinct event cards and ``R`` of distinct Crew cards over every add-on (so all option sets share one layout).

:meth:`BrigadeEncoder.write_state` is the fast path: the same vector read straight from the state (the recruit
cards by name only for the seat that drew them, the decks by size only); the board's fixed part (firehouses,
affiliations, values, tracks, Big Buildings) is written once per game and copied after that.
Where the C extension ``_encode.c`` was built, :attr:`BrigadeEncoder.compiled` writes the fast path's vector in one
call (the same fields read, the same hidden information left out); the environments use it first, the fast path
otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firebreak.core.encoding import Field, ObservationEncoder, Writer, compiled_module, index_of

from firebreak.core.parameters import rule_values

from .data import AFFILIATIONS
from .parameters import PARAMETERS, track_table
from .tables import N_POS, T_LEAD, T_WAGON, TRACK_NAMES, pos_name, tables

if TYPE_CHECKING:
    from .state import BrigadeState

B = N_POS
POSITIONS = tuple(pos_name(p) for p in range(B))
EVENTS = tuple(sorted({e[2] for e in tables().events}))
CREW = tuple(sorted({c[0] for c in tables().crew}))
A = len(AFFILIATIONS)
AFFILIATION_INDEX = {a: i for i, a in enumerate(AFFILIATIONS)}
E = len(EVENTS)
R = len(CREW)
_T = tables()
EVENT_INDEX = tuple(EVENTS.index(e[2]) for e in _T.events)
"""Event card id -> its slot in ``event_discard``."""
LAST_EVENT_INDEX = tuple(index_of(EVENTS, e[2].replace(" (starter)", "")) for e in _T.events)
"""Event card id -> its slot in ``last_event`` (a starter shows as the card it copies; None: no slot)."""
CREW_INDEX = tuple(CREW.index(c[0]) for c in _T.crew)
CREW_AFF = tuple(c[1] for c in _T.crew)
CREW_WATER = tuple(c[2] for c in _T.crew)
WATER = 2 * len(TRACK_NAMES) + len(AFFILIATIONS) + 3
"""Where the water in the Brigade lies in a seat's block (the Wagon's is two further on)."""
LEAD = WATER + 4
"""A seat's numbers before its cells (tracks, crew, water); the supplies, score and bonus actions follow them."""
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

    def __init__(self, num_players: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, options)
        rules = rule_values(PARAMETERS, options)
        self.track_values = track_table(rules)  # the firehouse tracks of these rules
        self.warden_water = rules.warden_water  # the Brigade's capacity without Crew under these rules
        mod = compiled_module("firebreak.games.brigade._encode")
        if mod is not None:
            self.compiled = mod.Encoder(self._compiled_layout())

    def _compiled_layout(self) -> dict[str, Any]:
        """The constants the compiled writer (``_encode.c``) is built from: the player count, the offsets of the
        fields and of the parts of a seat's block, and the card and track tables as tuples of ints, so no game
        data is written in C."""
        o = self.offsets()
        seats_at = o["seat[0].tracks"]
        return {
            "num_players": self.num_players,
            "size": self.size,
            "cells": B,
            "affiliations": A,
            "renown_slots": 4,  # four renown slots per cell, one per seat (BrigadeState.renown)
            "event_kinds": E,
            "crew_kinds": R,
            "tracks_per_seat": len(TRACK_NAMES),
            "wagon_track": T_WAGON,
            "lead_track": T_LEAD,
            "firehouse_at": o["cell.firehouse"],
            "affiliation_at": o["cell.affiliation"],
            "value_at": o["cell.value"],
            "track_at": o["cell.track"],
            "intensity_at": o["cell.intensity"],
            "destroyed_at": o["cell.destroyed"],
            "big_building_at": o["cell.big_building"],
            "loyal_at": o["cell.loyal"],
            "renown_at": o["cell.renown"],
            "brigades_at": o["cell.brigades"],
            "wagons_at": o["cell.wagons"],
            "turn_at": o["turn"],
            "active_at": o["active"],
            "to_act_at": o["to_act"],
            "phase_at": o["phase"],
            "actions_at": o["actions"],
            "event_deck_at": o["event_deck"],
            "event_discard_at": o["event_discard"],
            "last_event_at": o["last_event"],
            "crew_deck_at": o["crew_deck"],
            "crew_discard_at": o["crew_discard"],
            "drawn_at": o["drawn"],
            "drawer_at": o["drawer"],
            "destroyed_count_at": o["destroyed"],
            "over_at": o["over"],
            "seats_at": seats_at,
            "per_seat": (self.size - seats_at) // self.num_players,
            "seat_crew": o["seat[0].crew"] - seats_at,
            "seat_water": WATER,
            "seat_cells": LEAD,
            "seat_supplies": o["seat[0].supplies"] - seats_at,
            "advanced_water": self.warden_water,  # either side of the Warden card holds the same water
            "warden_water": self.warden_water,
            "event_index": EVENT_INDEX,
            "last_event_index": tuple(-1 if i is None else i for i in LAST_EVENT_INDEX),
            "crew_index": CREW_INDEX,
            "crew_aff": CREW_AFF,
            "crew_water": CREW_WATER,
            "track_values": tuple(v for values in self.track_values for v in values),
            "track_lengths": tuple(len(values) for values in self.track_values),
        }

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

    # --- the fast path ---------------------------------------------------------------------------------------
    def write_state(self, state: "BrigadeState", viewer: int, out: Any) -> None:
        s = state
        n = self.num_players
        o = self.offsets()
        # the fixed board (the same all game): cached per game and copied
        static = getattr(self, "_static", None)
        if (
            static is None
            or static[0] is not s.st_aff
            or static[1] is not s.st_value
            or static[2] is not s.st_track
            or static[3] is not s.st_big
            or static[6] is not type(out)
        ):
            end = o["cell.intensity"]
            for pos in range(B):
                aff = s.st_aff[pos]
                if aff < 0:
                    out[pos] = 1.0
                else:
                    out[B + pos * A + aff] = 1.0
                out[o["cell.value"] + pos] = float(s.st_value[pos] or 0) * (1.0 / 5)
                out[o["cell.track"] + pos] = float(s.st_track[pos] or 0) * (1.0 / 3)
            big = o["cell.big_building"]
            for pos in range(B):
                if s.st_big[pos]:
                    out[big + pos] = 1.0
            static = self._static = (
                s.st_aff,
                s.st_value,
                s.st_track,
                s.st_big,
                out[:end].copy(),
                out[big : big + B].copy(),
                type(out),
            )
        else:
            end = o["cell.intensity"]
            big = o["cell.big_building"]
            out[:end] = static[4]
            out[big : big + B] = static[5]
        at = o["cell.intensity"]
        destroyed_at = o["cell.destroyed"]
        for pos, v in enumerate(s.intensity):
            if v:
                out[at + pos] = v * 0.25
        for pos, v in enumerate(s.destroyed):
            if v:
                out[destroyed_at + pos] = 1.0
        loyal_at = o["cell.loyal"]
        renown_at = o["cell.renown"]
        for pos, p in enumerate(s.loyal):
            if p >= 0:
                out[loyal_at + pos * n + (p - viewer) % n] = 1.0
        renown = s.renown
        for k in range(n):
            seat = (viewer + k) % n
            for pos, v in enumerate(renown[seat::4]):  # four slots per cell, one per seat
                if v:
                    out[renown_at + pos * n + k] = v * 0.2
        brigades_at = o["cell.brigades"]
        wagons_at = o["cell.wagons"]
        for p in range(n):
            k = (p - viewer) % n
            out[brigades_at + s.bpos[p] * n + k] = 1.0
            out[wagons_at + s.wpos[p] * n + k] = 1.0
        at = o["turn"]
        if s.turn_number:
            out[at] = float(s.turn_number) / 30
        if s.turn_player is not None and s.turn_player >= 0:
            out[o["active"] + (s.turn_player - viewer) % n] = 1.0
        to_act = s.current_player()
        if to_act >= 0:
            out[o["to_act"] + (to_act - viewer) % n] = 1.0
        out[o["phase"] + (0 if s.phase == 0 else 1)] = 1.0
        at = o["actions"]
        if s.used:
            out[at] = float(s.used) / 5
        allowed = s.actions_allowed()
        if allowed:
            out[at + 1] = float(allowed) / 5
        if s.event_deck:
            out[o["event_deck"]] = float(len(s.event_deck)) / 20
        if s.event_discard:
            counts = [0.0] * E
            for e in s.event_discard:
                counts[EVENT_INDEX[e]] += 1.0 / 3
            at = o["event_discard"]
            for i, share in enumerate(counts):
                if share:
                    out[at + i] = share
        if s.last_event >= 0:
            slot = LAST_EVENT_INDEX[s.last_event]
            if slot is not None:
                out[o["last_event"] + slot] = 1.0
        if s.crew_deck:
            out[o["crew_deck"]] = float(len(s.crew_deck)) / 20
        if s.crew_discard:
            counts = [0.0] * R
            for c in s.crew_discard:
                counts[CREW_INDEX[c]] += 1.0
            at = o["crew_discard"]
            for i, share in enumerate(counts):
                if share:
                    out[at + i] = share
        at = o["drawn"]
        drawn = s.drawn
        if drawn:
            if viewer == s.drawer:  # only the seat that drew them knows the recruit cards
                counts = [0.0] * R
                for c in drawn:
                    counts[CREW_INDEX[c]] += 1.0
                for i, share in enumerate(counts):
                    if share:
                        out[at + i] = share
            out[at + R] = float(len(drawn)) / 3
        if s.drawer >= 0:
            out[o["drawer"] + (s.drawer - viewer) % n] = 1.0
        at = o["destroyed"]
        if s.n_destroyed:
            out[at] = float(s.n_destroyed) / 10
        if s.n_univ_destroyed:
            out[at + 1] = float(s.n_univ_destroyed) / 3
        if s.evac:
            out[at + 2] = float(s.evac)
        if s.over:
            out[o["over"]] = 1.0
        self._write_seats(s, viewer, out)

    def _write_seats(self, s: "BrigadeState", viewer: int, out: Any) -> None:
        n = self.num_players
        at = self.offsets()["seat[0].tracks"]
        per_seat = self.size - at
        per_seat //= n
        tracks = s.track_values
        last = _T.track_last
        scores = s.scores()
        for k in range(n):
            p = (viewer + k) % n
            base = at + k * per_seat
            for t in range(3):
                level = s.tracks[3 * p + t]
                out[base + 2 * t] = float((level + 1) / (last[t] + 1))
                value = tracks[t][level]
                if value:
                    out[base + 2 * t + 1] = float(value) / 5
            base += 2 * len(TRACK_NAMES)
            crew = s.crew[p]
            if crew:
                counts = [0.0] * A
                active = water = 0
                for c in crew:
                    counts[CREW_AFF[c]] += 1.0 / 3
                    active += s.active(p, c)
                    water += CREW_WATER[c]
                for i, v in enumerate(counts):
                    if v:
                        out[base + i] = v
                out[base + A] = float(len(crew)) / 5
                if active:
                    out[base + A + 1] = float(active) / 5
                if water:
                    out[base + A + 2] = float(water) / 10
            base += A + 3
            for i, v in enumerate((s.wb[p], s.brigade_cap(p), s.ww[p], s.wagon_cap(p))):
                if v:
                    out[base + i] = float(v) / 5
            base += 4
            out[base + s.bpos[p]] = 1.0
            out[base + B + s.wpos[p]] = 1.0
            out[base + 2 * B + s.firehouse[p]] = 1.0
            base += 3 * B
            if s.renown_left[p]:
                out[base] = float(s.renown_left[p]) / 15
            if s.loyalty_left[p]:
                out[base + 1] = float(s.loyalty_left[p]) / 10
            if scores[p]:
                out[base + 2] = float(scores[p]) / 20
            if s.bonus[p]:
                out[base + 3] = float(s.bonus[p]) / 3
