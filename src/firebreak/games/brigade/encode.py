"""Brigade observations for learning code: a fixed-length vector from one seat's view.

Registered on the spec as ``observation_encoder`` (see :mod:`firebreak.core.encoding`). Only the view is read,
so a seat never sees the recruit cards another player drew or the order of a deck. Seats are relative to the
viewer (block 0 is the viewer). ``B`` is the number of board cells (blocks and firehouses), ``E`` the number of
distinct event cards and ``R`` of distinct Crew cards over every add-on (so all option sets share one layout).

:meth:`BrigadeEncoder.write_state` is the fast path: the same vector read straight from the state (the recruit
cards by name only for the seat that drew them, the decks by size only); the board's fixed part (firehouses,
affiliations, values, tracks, Big Buildings) is written once per game and copied after that.
:meth:`BrigadeEncoder.kept_state` is the kept path the learning environments use: a vector per seat in which a
block of fields is rewritten only when the state's values it was written from changed (compared by value), and
the board's cells, pieces and renown only where they differ (a move rewrites four numbers, not the board).
Where the C extension ``_encode.c`` was built, :attr:`BrigadeEncoder.compiled` writes the fast path's vector in one
call (the same fields read, the same hidden information left out); the environments use it first.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any

from firebreak.core.encoding import Field, ObservationEncoder, Writer, compiled_module, index_of, snapshot

from .data import AFFILIATIONS
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
ACTIVE = 2 * len(TRACK_NAMES) + len(AFFILIATIONS) + 1
"""Where a seat's crew cards whose abilities work lie in its block."""
SCORE = LEAD + 3 * N_POS + 2
"""Where the score lies in a seat's block."""
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
            "num_players": self.num_players, "size": self.size, "cells": B, "affiliations": A,
            "renown_slots": 4,  # four renown slots per cell, one per seat (BrigadeState.renown)
            "event_kinds": E, "crew_kinds": R, "tracks_per_seat": len(TRACK_NAMES),
            "wagon_track": T_WAGON, "lead_track": T_LEAD,
            "firehouse_at": o["cell.firehouse"], "affiliation_at": o["cell.affiliation"],
            "value_at": o["cell.value"], "track_at": o["cell.track"], "intensity_at": o["cell.intensity"],
            "destroyed_at": o["cell.destroyed"], "big_building_at": o["cell.big_building"],
            "loyal_at": o["cell.loyal"], "renown_at": o["cell.renown"], "brigades_at": o["cell.brigades"],
            "wagons_at": o["cell.wagons"], "turn_at": o["turn"], "active_at": o["active"], "to_act_at": o["to_act"],
            "phase_at": o["phase"], "actions_at": o["actions"], "event_deck_at": o["event_deck"],
            "event_discard_at": o["event_discard"], "last_event_at": o["last_event"], "crew_deck_at": o["crew_deck"],
            "crew_discard_at": o["crew_discard"], "drawn_at": o["drawn"], "drawer_at": o["drawer"],
            "destroyed_count_at": o["destroyed"], "over_at": o["over"], "seats_at": seats_at,
            "per_seat": (self.size - seats_at) // self.num_players,
            "seat_crew": o["seat[0].crew"] - seats_at, "seat_water": WATER, "seat_cells": LEAD,
            "seat_supplies": o["seat[0].supplies"] - seats_at,
            "advanced_water": _T.advanced_water, "warden_water": _T.warden_water,
            "event_index": EVENT_INDEX, "last_event_index": tuple(-1 if i is None else i for i in LAST_EVENT_INDEX),
            "crew_index": CREW_INDEX, "crew_aff": CREW_AFF, "crew_water": CREW_WATER,
            "track_values": tuple(v for values in _T.tracks for v in values),
            "track_lengths": tuple(len(values) for values in _T.tracks),
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
        if static is None or static[0] is not s.st_aff or static[1] is not s.st_value \
                or static[2] is not s.st_track or static[3] is not s.st_big or static[6] is not type(out):
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
            static = self._static = (s.st_aff, s.st_value, s.st_track, s.st_big, out[:end].copy(),
                                     out[big:big + B].copy(), type(out))
        else:
            end = o["cell.intensity"]
            big = o["cell.big_building"]
            out[:end] = static[4]
            out[big:big + B] = static[5]
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
            for i, v in enumerate(counts):
                if v:
                    out[at + i] = v
        if s.last_event >= 0:
            i = LAST_EVENT_INDEX[s.last_event]
            if i is not None:
                out[o["last_event"] + i] = 1.0
        if s.crew_deck:
            out[o["crew_deck"]] = float(len(s.crew_deck)) / 20
        if s.crew_discard:
            counts = [0.0] * R
            for c in s.crew_discard:
                counts[CREW_INDEX[c]] += 1.0
            at = o["crew_discard"]
            for i, v in enumerate(counts):
                if v:
                    out[at + i] = v
        at = o["drawn"]
        drawn = s.drawn
        if drawn:
            if viewer == s.drawer:  # only the seat that drew them knows the recruit cards
                counts = [0.0] * R
                for c in drawn:
                    counts[CREW_INDEX[c]] += 1.0
                for i, v in enumerate(counts):
                    if v:
                        out[at + i] = v
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
        tracks = _T.tracks
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

    # --- the kept path ---------------------------------------------------------------------------------------
    def kept_state(self, state: "BrigadeState", viewer: int, zeros: Any) -> Any:
        """The kept path (see :meth:`ObservationEncoder.kept_state`): per seat, the vector and the state's values
        each block was written from. The board's intensity, destroyed blocks, loyalty, renown and the pieces are
        patched where they differ (a move or an extinguish changes a cell or two); the turn counters, the decks
        and each seat's numbers are rewritten as blocks when their values changed. The fixed layout (the same
        objects within a game, held here so they cannot be another game's) and the seat's first vector are
        written by :meth:`write_state`."""
        s = state
        kept: dict[int, list] = self.__dict__.setdefault("_kept", {})
        entry = kept.get(viewer)
        # The fixed layout is made afresh for each new game (tuples built in setup) and shared by the game's
        # copies; the entry holds it, so the same objects mean the same game (and the same options).
        if entry is None or entry[1] is not s.st_aff or entry[11] is not s.firehouse:
            vec = zeros(self.size)
            self.write_state(s, viewer, vec)
            kept[viewer] = [vec, s.st_aff, s.intensity[:], s.destroyed[:], s.loyal[:], s.renown[:], s.bpos[:],
                            s.wpos[:], self._head_key(s), self._decks_key(s, viewer), snapshot(self._seat_key(s)),
                            s.firehouse, vec if type(vec) is list else memoryview(vec), s.wb[:], s.ww[:],
                            self._decks_block(s, viewer)]
            return vec
        vec, w = entry[0], entry[12]  # items written through a memoryview: half of numpy's cost, the same rounding
        n = self.num_players
        (intensity_at, destroyed_at, loyal_at, renown_at, brigades_at, wagons_at, turn_at, decks_at, seats_at,
         per_seat, own_brigade_at, own_wagon_at) = self._kept_layout()
        intensity, destroyed, loyal, renown, bpos, wpos = s.intensity, s.destroyed, s.loyal, s.renown, s.bpos, s.wpos
        old = entry[2]
        if old != intensity:
            for pos in compress(range(B), map(ne, intensity, old)):
                w[intensity_at + pos] = intensity[pos] * 0.25
            entry[2] = intensity[:]
        cells_changed = False  # a block's loyalty or ruin: the scores and the crews' abilities may change
        old = entry[3]
        if old != destroyed:
            cells_changed = True
            for pos in compress(range(B), map(ne, destroyed, old)):
                w[destroyed_at + pos] = 1.0 if destroyed[pos] else 0.0
            entry[3] = destroyed[:]
        old = entry[4]
        if old != loyal:
            cells_changed = True
            for pos in compress(range(B), map(ne, loyal, old)):
                base = loyal_at + pos * n
                if old[pos] >= 0:
                    w[base + (old[pos] - viewer) % n] = 0.0
                if loyal[pos] >= 0:
                    w[base + (loyal[pos] - viewer) % n] = 1.0
            entry[4] = loyal[:]
        old = entry[5]
        if old != renown:
            for i in compress(range(len(renown)), map(ne, renown, old)):
                pos, seat = divmod(i, 4)  # four slots per cell, one per seat
                if seat < n:
                    w[renown_at + pos * n + (seat - viewer) % n] = renown[i] * 0.2
            entry[5] = renown[:]
        # a piece that moved: its cell's slot and its seat's one-hot, both ways (each slot is one seat's)
        old = entry[6]
        if old != bpos:
            for p in compress(range(n), map(ne, bpos, old)):
                k = (p - viewer) % n
                w[brigades_at + old[p] * n + k] = 0.0
                w[brigades_at + bpos[p] * n + k] = 1.0
                w[own_brigade_at + k * per_seat + old[p]] = 0.0
                w[own_brigade_at + k * per_seat + bpos[p]] = 1.0
            entry[6] = bpos[:]
        old = entry[7]
        if old != wpos:
            for p in compress(range(n), map(ne, wpos, old)):
                k = (p - viewer) % n
                w[wagons_at + old[p] * n + k] = 0.0
                w[wagons_at + wpos[p] * n + k] = 1.0
                w[own_wagon_at + k * per_seat + old[p]] = 0.0
                w[own_wagon_at + k * per_seat + wpos[p]] = 1.0
            entry[7] = wpos[:]
        head = self._head_key(s)
        old = entry[8]
        if head != old:
            self._patch_head(w, turn_at, old, head, viewer)
            entry[8] = head
        decks = self._decks_key(s, viewer)
        if decks != entry[9]:  # the block computed whole, written where it differs from the one kept
            block = self._decks_block(s, viewer)
            for i in compress(range(len(block)), map(ne, block, entry[15])):
                w[decks_at + i] = block[i]
            entry[15] = block
            entry[9] = (decks[0], decks[1][:], *decks[2:4], decks[4][:],
                        decks[5][:] if type(decks[5]) is list else decks[5], *decks[6:])
        seat_key = self._seat_key(s)
        old = entry[10]
        wb, ww = s.wb, s.ww
        if cells_changed or old != seat_key:
            tracks, crew, renown_left, loyalty_left, bonus, mimic = seat_key
            own = [p for p in range(n) if old[0][3 * p:3 * p + 3] != tracks[3 * p:3 * p + 3] or old[1][p] != crew[p]
                or old[2][p] != renown_left[p] or old[3][p] != loyalty_left[p] or old[4][p] != bonus[p]
                   or old[5][p] != mimic[p]]
            scores, loyal_to = self._cells(s)
            for p in range(n):
                at = seats_at + (p - viewer) % n * per_seat
                if p in own:  # its own values changed: its whole block
                    self._patch_seat(s, p, w, at, scores[p], loyal_to)
                elif cells_changed:  # only its score and its crew's working abilities can have changed
                    w[at + SCORE] = scores[p]
                    if crew[p]:
                        w[at + ACTIVE] = self._active_share(s, p, loyal_to)
            entry[10] = (tracks[:], list(map(list.copy, crew)), renown_left[:], loyalty_left[:], bonus[:], mimic[:])
        old = entry[13]
        if old != wb:
            for p in compress(range(n), map(ne, wb, old)):
                w[seats_at + (p - viewer) % n * per_seat + WATER] = float(wb[p]) / 5 if wb[p] else 0.0
            entry[13] = wb[:]
        old = entry[14]
        if old != ww:
            for p in compress(range(n), map(ne, ww, old)):
                w[seats_at + (p - viewer) % n * per_seat + WATER + 2] = float(ww[p]) / 5 if ww[p] else 0.0
            entry[14] = ww[:]
        return vec

    def _patch_head(self, w: Any, at: int, old: tuple, head: tuple, viewer: int) -> None:
        """Rewrite in ``w`` the turn fields (from ``at``: turn number / 30, the active seat and the seat to act as
        relative one-hots, the phase, actions used and allowed / 5) written for ``old`` that differ in ``head``
        (see :meth:`_head_key`), as :meth:`write_state` writes them."""
        n = self.num_players
        turn, active, to_act, phase, used, allowed = head
        old_turn, old_active, old_to_act, old_phase, old_used, old_allowed = old
        if turn != old_turn:
            w[at] = float(turn) / 30 if turn else 0.0
        if active != old_active:
            if old_active is not None and old_active >= 0:
                w[at + 1 + (old_active - viewer) % n] = 0.0
            if active is not None and active >= 0:
                w[at + 1 + (active - viewer) % n] = 1.0
        if to_act != old_to_act:
            if old_to_act >= 0:
                w[at + 1 + n + (old_to_act - viewer) % n] = 0.0
            if to_act >= 0:
                w[at + 1 + n + (to_act - viewer) % n] = 1.0
        if (phase == 0) != (old_phase == 0):
            w[at + 1 + 2 * n + (0 if old_phase == 0 else 1)] = 0.0
            w[at + 1 + 2 * n + (0 if phase == 0 else 1)] = 1.0
        if used != old_used:
            w[at + 3 + 2 * n] = float(used) / 5 if used else 0.0
        if allowed != old_allowed:
            w[at + 4 + 2 * n] = float(allowed) / 5 if allowed else 0.0

    def _kept_layout(self) -> tuple[int, ...]:
        """The offsets the kept path writes at, looked up once."""
        table = self.__dict__.get("_kept_ats")
        if table is None:
            o = self.offsets()
            seats_at = o["seat[0].tracks"]
            table = self._kept_ats = (
                o["cell.intensity"], o["cell.destroyed"], o["cell.loyal"], o["cell.renown"], o["cell.brigades"],
                o["cell.wagons"], o["turn"], o["event_deck"], seats_at, (self.size - seats_at) // self.num_players,
                o["seat[0].brigade_at"], o["seat[0].wagon_at"])
        return table

    @staticmethod
    def _head_key(s: "BrigadeState") -> tuple:
        """The values the turn fields (turn number to actions) are written from."""
        return (s.turn_number, s.turn_player, s.current_player(), s.phase, s.used, s.actions_allowed())

    @staticmethod
    def _decks_key(s: "BrigadeState", viewer: int) -> tuple:
        """The values the fields from the event deck to the end of the game are written from (the recruit cards
        drawn by name only for the seat that drew them, as the view)."""
        return (len(s.event_deck), s.event_discard, s.last_event, len(s.crew_deck), s.crew_discard,
                s.drawn if viewer == s.drawer else len(s.drawn), s.drawer, s.n_destroyed, s.n_univ_destroyed,
                s.evac, s.over)

    def _decks_block(self, s: "BrigadeState", viewer: int) -> list[float]:
        """The fields from the event deck to the end of the game, as a list (see :meth:`_write_decks`)."""
        at = self.offsets()["event_deck"]
        block = [0.0] * (self.offsets()["seat[0].tracks"] - at)
        self._write_decks(s, viewer, block, at)
        return block

    def _write_decks(self, s: "BrigadeState", viewer: int, out: list[float], at: int) -> None:
        """Event deck to game over, into ``out`` (zeros, indexed from ``at``, the event deck's offset): the numbers
        :meth:`write_state` writes there, computed the same way."""
        o = self.offsets()
        if s.event_deck:
            out[o["event_deck"] - at] = float(len(s.event_deck)) / 20
        if s.event_discard:
            counts = [0.0] * E
            for e in s.event_discard:
                counts[EVENT_INDEX[e]] += 1.0 / 3
            out[o["event_discard"] - at:o["event_discard"] - at + E] = counts
        if s.last_event >= 0:
            i = LAST_EVENT_INDEX[s.last_event]
            if i is not None:
                out[o["last_event"] - at + i] = 1.0
        if s.crew_deck:
            out[o["crew_deck"] - at] = float(len(s.crew_deck)) / 20
        if s.crew_discard:
            counts = [0.0] * R
            for c in s.crew_discard:
                counts[CREW_INDEX[c]] += 1.0
            out[o["crew_discard"] - at:o["crew_discard"] - at + R] = counts
        drawn_at = o["drawn"] - at
        drawn = s.drawn
        if drawn:
            if viewer == s.drawer:
                counts = [0.0] * R
                for c in drawn:
                    counts[CREW_INDEX[c]] += 1.0
                out[drawn_at:drawn_at + R] = counts
            out[drawn_at + R] = float(len(drawn)) / 3
        if s.drawer >= 0:
            out[o["drawer"] - at + (s.drawer - viewer) % self.num_players] = 1.0
        destroyed_at = o["destroyed"] - at
        if s.n_destroyed:
            out[destroyed_at] = float(s.n_destroyed) / 10
        if s.n_univ_destroyed:
            out[destroyed_at + 1] = float(s.n_univ_destroyed) / 3
        if s.evac:
            out[destroyed_at + 2] = float(s.evac)
        if s.over:
            out[o["over"] - at] = 1.0

    @staticmethod
    def _seat_key(s: "BrigadeState") -> tuple:
        """The state's values a seat's numbers other than its cells, water and score come from."""
        return (s.tracks, s.crew, s.renown_left, s.loyalty_left, s.bonus, s.mimic)

    def _cells(self, s: "BrigadeState") -> tuple[list[float], set[tuple[int, int]]]:
        """Each seat's score / 20, and the pairs of a seat and the affiliation of a block loyal to it (a crew
        card's ability works while its owner holds one: ``BrigadeState.active``): they follow from the blocks'
        loyalty and ruin, so they are kept with those (compared by value) for every seat's vector."""
        kept = self.__dict__.get("_kept_cells")
        if kept is not None and kept[0] == s.loyal and kept[1] == s.destroyed and kept[2] is s.st_value \
                and kept[3] is s.st_aff:
            return kept[4], kept[5]
        scores = [float(v) / 20 if v else 0.0 for v in s.scores()]
        loyal_to = {(o, a) for o, a in zip(s.loyal, s.st_aff) if o >= 0}
        self._kept_cells = (s.loyal[:], s.destroyed[:], s.st_value, s.st_aff, scores, loyal_to)
        return scores, loyal_to

    @staticmethod
    def _active_share(s: "BrigadeState", p: int, loyal_to: set[tuple[int, int]]) -> float:
        """Seat ``p``'s crew cards whose abilities work / 5 (``BrigadeState.active`` for a card of its crew: it
        is the one it mimics, or a block of its affiliation is loyal to ``p``; ``loyal_to``: the pairs of a seat
        and the affiliation of a block loyal to it)."""
        mimic = s.mimic[p]
        active = sum(1 for c in s.crew[p] if mimic == c or (p, CREW_AFF[c]) in loyal_to)
        return float(active) / 5 if active else 0.0

    @staticmethod
    def _patch_seat(s: "BrigadeState", p: int, w: Any, at: int, score: float,
                    loyal_to: set[tuple[int, int]]) -> None:
        """Rewrite in ``w`` seat ``p``'s numbers other than its cells, from ``at`` (its block's offset), as
        :meth:`_write_seats` writes them, zeros included (``score``: its score / 20; ``loyal_to``: the pairs of a
        seat and the affiliation of a block loyal to it)."""
        tracks = _T.tracks
        last = _T.track_last
        for t in range(3):
            level = s.tracks[3 * p + t]
            w[at + 2 * t] = float((level + 1) / (last[t] + 1))
            value = tracks[t][level]
            w[at + 2 * t + 1] = float(value) / 5 if value else 0.0
        base = at + 2 * len(TRACK_NAMES)
        crew = s.crew[p]
        counts = [0.0] * A
        water = 0
        for c in crew:
            counts[CREW_AFF[c]] += 1.0 / 3
            water += CREW_WATER[c]
        for i, v in enumerate(counts):
            w[base + i] = v
        w[base + A] = float(len(crew)) / 5 if crew else 0.0
        w[base + A + 1] = BrigadeEncoder._active_share(s, p, loyal_to) if crew else 0.0
        w[base + A + 2] = float(water) / 10 if water else 0.0
        base += A + 3
        for i, v in enumerate((s.wb[p], s.brigade_cap(p), s.ww[p], s.wagon_cap(p))):
            w[base + i] = float(v) / 5 if v else 0.0
        base = at + LEAD + 3 * B
        w[base] = float(s.renown_left[p]) / 15 if s.renown_left[p] else 0.0
        w[base + 1] = float(s.loyalty_left[p]) / 10 if s.loyalty_left[p] else 0.0
        w[base + 2] = score
        w[base + 3] = float(s.bonus[p]) / 3 if s.bonus[p] else 0.0
