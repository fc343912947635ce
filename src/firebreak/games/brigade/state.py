"""The Brigade's game state and rules.

Flow. A turn is an Event phase (draw and resolve one Event card) then an Action phase (as many actions as the
Leadership track gives). Anything that needs a choice mid-resolution (a renown token to place, an ability's
target, a recruit to keep) is a *decision frame* pushed on ``stack``; automatic continuations (the rest of a
firestorm, the end of a phase) are frames too, so a choice by any seat can interrupt any effect and resume it.
:meth:`_advance` runs automatic frames until a seat must decide, and caches that decision's legal actions.

Frames are tuples ``(kind, player, ...)`` (see :mod:`.frames`); kinds below 50 are decisions by ``player``.
All per-position data are flat lists indexed by ``row * 6 + col``; renown is ``renown[pos * 4 + seat]``.

This module holds setup, the protocol, turn flow and the Action phase menu; the rules live in mixins:
:mod:`.fire` (flames, events' fire, destruction), :mod:`.movement` (Brigades and Wagons), :mod:`.loyalty`
(renown, loyalty, chief wins), :mod:`.wardens` (advanced Warden actions) and :mod:`.decisions` (every pending
decision's choices and effects). What players read and pick comes from :mod:`.narrate` (player names, event
sentences), :mod:`.choices` (grouped action choices placed on board cells) and :mod:`.scoring` (score sheets).
"""

from __future__ import annotations

from typing import Any

from firebreak.core import ActionChoice, Event, GameState, Rng, SeatSummary, TERMINAL
from firebreak.core.events import make_event

from . import actions as A
from . import choices, compiled, narrate, scoring, strip
from .compiled import (
    ASH_READY,
    EBENEZER_MOVES,
    LEON_READY,
    LUMEN_PUTS_OUT,
    MORGANA_FREE,
    STREET_WISE,
    WARDEN_USABLE,
)
from .data import UNIVERSITY_AFF
from .parameters import PRINTED_RUIN_MOVEMENT, PRINTED_WATER_PER_LEVEL, SPECIAL_CARD_PARAMETERS, track_table
from .frames import (
    A_DRAW_RECRUIT,
    A_END_ACTION,
    A_END_EVENT,
    A_FIRESTORM,
    F_ANY_RENOWN,
    F_AURATH,
    F_PRECIOUS,
    F_RECRUIT,
    F_RENOWN,
    PROMPTS,
)
from .fire import FireRules
from .movement import MOVED_BRIGADE, MOVED_WAGON, MovementRules
from .loyalty import LoyaltyRules
from .wardens import WardenRules
from .decisions import DecisionRules
from .view import determinize, player_view
from .tables import (
    ASH,
    BB_AVIARY,
    BB_DISTILLERY,
    BB_FROZEN,
    BB_NONE,
    BB_OAK,
    BEN,
    BLACK,
    CORNER_POS,
    EBENEZER,
    ESTER,
    EV_FESTIVAL,
    EV_FIRESTORM,
    EV_GUST,
    EV_SPECIAL,
    LEON,
    LUMEN,
    MOG,
    MORGANA,
    NB4,
    N_POS,
    SIR_PRECIOUS,
    SP_CREW,
    SP_LEAD,
    SP_RECRUIT,
    SP_REFILL,
    SP_RENOWN,
    SP_WAGON,
    TOWN_POS,
    TRACK_NAMES,
    T_CREW,
    T_LEAD,
    T_WAGON,
    UNIVERSITY_POS,
    WALDER,
    WHITE,
    POS_NAMES,
    pos_name,
    tables,
)

_SLOTS = (
    "st_value",
    "st_track",
    "st_aff",
    "st_name",
    "st_big",
    "colour",
    "firehouse",
    "warden",
    "intensity",
    "destroyed",
    "doomed",
    "loyal",
    "renown",
    "renown_left",
    "loyalty_left",
    "bpos",
    "wpos",
    "wb",
    "ww",
    "tracks",
    "crew",
    "crew_deck",
    "crew_discard",
    "drawn",
    "drawer",
    "event_deck",
    "event_discard",
    "last_event",
    "turn_player",
    "phase",
    "turn_number",
    "used",
    "bonus",
    "upgrades_done",
    "upgrade_limit",
    "warden_used",
    "wagon_bonus_used",
    "morgana_used",
    "leon_used",
    "pink_used",
    "free_moves",
    "extra_turn",
    "stack",
    "cache",
    "over",
    "evac",
    "end_reason",
    "winner",
    "n_destroyed",
    "n_univ_destroyed",
    "n_extinguished",
    "n_loyalty_gained",
    "advanced",
    "big",
    "festival",
    "addon",
    "allegiance",
    "pyro",
    "mimic",
    "dawn",
    "precious",
    "ash_used",
    "event_fire",
)
_COPY_LISTS = (
    "intensity",
    "destroyed",
    "doomed",
    "loyal",
    "renown",
    "renown_left",
    "loyalty_left",
    "bpos",
    "wpos",
    "wb",
    "ww",
    "tracks",
    "crew_deck",
    "crew_discard",
    "drawn",
    "event_deck",
    "event_discard",
    "bonus",
    "stack",
    "allegiance",
    "pyro",
    "mimic",
    "dawn",
)
_SHARED = (
    "st_value",
    "st_track",
    "st_aff",
    "st_name",
    "st_big",
    "colour",
    "firehouse",
    "warden",
    "advanced",
    "big",
    "festival",
    "addon",
)
_SCALARS = (
    "drawer",
    "last_event",
    "turn_player",
    "phase",
    "turn_number",
    "used",
    "upgrades_done",
    "upgrade_limit",
    "warden_used",
    "wagon_bonus_used",
    "morgana_used",
    "leon_used",
    "pink_used",
    "free_moves",
    "extra_turn",
    "cache",
    "over",
    "evac",
    "end_reason",
    "winner",
    "n_destroyed",
    "n_univ_destroyed",
    "n_extinguished",
    "n_loyalty_gained",
    "precious",
    "ash_used",
    "event_fire",
)

EVENT_PHASE, ACTION_PHASE = 0, 1
_T = tables()
_CREW_WATER = _T.crew_water

_UPGRADE_IDS = tuple(tuple(A.UPGRADE + t for t in range(3) if can >> t & 1) for can in range(8))
"""``_UPGRADE_IDS[can]``: the Upgrade ids of the tracks whose bit is set in ``can`` (crew, wagon, leadership)."""
_TO_WAGON_IDS = tuple(tuple(range(A.TO_WAGON, A.TO_WAGON + k)) for k in range(7))
"""``_TO_WAGON_IDS[k]``: the ids of transferring 1..k water from the Brigade to the Wagon."""
_TO_BRIGADE_IDS = tuple(tuple(range(A.TO_BRIGADE, A.TO_BRIGADE + k)) for k in range(7))
_EXTINGUISH_IDS: dict[tuple[int, int, int], tuple[int, ...]] = {}


def _extinguish_ids(brigade_water: int, wagon_water: int, need: int) -> tuple[int, ...]:
    """Every Extinguish id spending some water, at most ``need`` in all, from the Brigade (at most
    ``brigade_water``) and the Wagon (at most ``wagon_water``), brigade water first: a few hundred distinct
    cases, so each is built once and looked up afterwards."""
    key = (brigade_water, wagon_water, need)
    ids = _EXTINGUISH_IDS.get(key)
    if ids is None:
        ids = tuple(
            A.EXTINGUISH + b * A.EXT_W + w
            for b in range(min(brigade_water, need) + 1)
            for w in range(min(wagon_water, need - b) + 1)
            if b + w
        )
        _EXTINGUISH_IDS[key] = ids
    return ids


class BrigadeState(FireRules, MovementRules, LoyaltyRules, WardenRules, DecisionRules, GameState):
    """One position of The Brigade. See the module docstring for the frame machinery."""

    REVEALS = {"event": "drew an event card", "recruit_draw": "drew crew cards", "sir_precious_drawn": "drew a card"}
    """Draws from the event and crew decks (shuffled earlier) cannot be taken back."""

    __slots__ = _SLOTS + (
        "rules",
        "track_values",
        "variant_menu",
        "num_players",
        "options",
        "seed",
        "rng",
        "history",
        "events",
        "_undo_stack",
        "_undo_block",
        "_undo_todo",
        "played",
        "_legal",
        "_legal_set",
        "_moves",
    )

    # ------------------------------------------------------------------------------------------------ setup
    @classmethod
    def num_distinct_actions(cls, num_players: int) -> int:
        return A.NUM_ACTIONS

    def action_space_size(self) -> int:
        """:data:`.actions.NUM_ACTIONS` for every player count (read by every apply, so without the class call)."""
        return A.NUM_ACTIONS

    def _setup(self) -> None:
        T = tables()
        n = self.num_players
        rng = self.rng
        self.advanced = bool(self.options.get("advanced", False))
        self.big = bool(self.options.get("big_buildings", False))
        self.festival = bool(self.options.get("fire_festival", False))
        self.addon = bool(self.options.get("addon_pack", False))
        self.rules = rules = self.spec.rules(self.options)
        self.track_values = track_table(rules)  # each firehouse track's value at each circle
        self.variant_menu = compiled.variant_menu(self.track_values, rules.water_tokens)  # None: the printed ones
        # the town: University in the centre, 28 shuffled blocks around it, firehouses in the corners
        town = list(T.town_blocks)
        rng.shuffle(town)
        big = [BB_NONE] * len(town)
        if self.big:
            candidates = [i for i, b in enumerate(town) if b[2] == T.big_value]
            rng.shuffle(candidates)
            for kind, i in zip((BB_DISTILLERY, BB_FROZEN, BB_OAK, BB_AVIARY), candidates):
                _, block_aff, block_value, block_track = town[i]
                town[i] = (T.big_names[kind], block_aff, block_value, block_track)
                big[i] = kind
        value = [0] * N_POS
        track = [0] * N_POS
        aff = [-1] * N_POS
        names = [""] * N_POS
        bigk = [BB_NONE] * N_POS
        change = rules.town_flame_track_change  # flame tracks: the printed ones, or a variant's
        for i, p in enumerate(TOWN_POS):
            names[p], aff[p], value[p], track[p] = town[i]
            track[p] = max(1, track[p] + change)
            bigk[p] = big[i]
        for i, p in enumerate(UNIVERSITY_POS):
            names[p], aff[p], value[p], track[p] = T.university_blocks[i]
            track[p] = rules.university_flame_track
        for p in CORNER_POS:
            names[p] = f"{T.colours[T.firehouse.index(p)].title()} Firehouse"
        self.st_value, self.st_track, self.st_aff = tuple(value), tuple(track), tuple(aff)
        self.st_name, self.st_big = tuple(names), tuple(bigk)
        # players: basic side gives fixed colours; advanced deals firehouse boards and wardens at random
        if self.advanced:
            colours = list(range(4))
            rng.shuffle(colours)
            wardens = list(range(len(T.wardens) if self.addon else T.n_base_wardens))
            rng.shuffle(wardens)
            self.colour = tuple(colours[:n])
            self.warden = tuple(wardens[:n])
        else:
            self.colour = tuple(range(n))
            self.warden = tuple([-1] * n)
        self.firehouse = tuple(T.firehouse[c] for c in self.colour)
        self.intensity = [0] * N_POS
        for p in UNIVERSITY_POS:
            self.intensity[p] = rules.university_start_intensity
        self.destroyed = [0] * N_POS
        self.doomed = []
        self.loyal = [-1] * N_POS
        self.renown = [0] * (N_POS * 4)
        self.renown_left = [rules.renown_per_player] * n
        self.loyalty_left = [rules.loyalty_per_player] * n
        self.bpos = list(self.firehouse)
        self.wpos = list(self.firehouse)
        self.wb = [rules.warden_water] * n  # the Warden card's buckets, either side
        self.ww = [rules.wagon_start_water] * n
        self.tracks = [0] * (3 * n)
        self.crew = [[] for _ in range(n)]
        self.crew_deck = list(range(len(T.crew) if self.addon else T.n_base_crew))
        rng.shuffle(self.crew_deck)
        self.crew_discard = []
        self.drawn = []
        self.drawer = -1
        # events: the first player resolves three starters; the rest of the starters go into the deck
        starters = list(T.starter_ids)
        rng.shuffle(starters)
        k = rules.starter_events_drawn
        first, rest = starters[:k], starters[k:]
        deck = self._main_events(T) + rest + (list(T.festival_ids) if self.festival else [])
        rng.shuffle(deck)
        self.event_deck = deck
        self.event_discard = []
        self.last_event = -1
        self.turn_player = 0
        self.turn_number = 1
        self.phase = EVENT_PHASE
        self.used = 0
        self.bonus = [0] * n
        self._reset_turn_flags()
        self.extra_turn = False
        self.over = False
        self.evac = False
        self.end_reason = ""
        self.winner = -1
        self.n_destroyed = 0
        self.n_univ_destroyed = 0
        self.n_extinguished = 0
        self.n_loyalty_gained = 0
        self.allegiance = [False] * n
        self.pyro = [False] * n
        self.mimic = [-1] * n
        self.dawn = [False] * n
        self.precious = -1
        self.event_fire = True
        self.cache = None
        self._moves = None
        self._emit(
            "setup", colours=[T.colours[c] for c in self.colour], wardens=[T.wardens[w] for w in self.warden if w >= 0]
        )
        self.stack = [(A_END_EVENT, -1)]
        for e in reversed(first):
            self.event_discard.append(e)
        # resolve in draw order: the first drawn is on top of the stack
        for e in reversed(first):
            self.stack.append((A_FIRESTORM, -1, T.events[e][1], 0, ()))
        for e in first:
            self._emit("event", card=T.events[e][2], positions=[pos_name(q) for q in T.events[e][1]], starter=True)
        self._advance()

    def _main_events(self, T: Any) -> list[int]:
        """The event deck's cards other than the starters, in the tables' order: each special event, and the wind
        gusts of each direction, as many times as the rules say. A kind dealt as printed keeps its cards where they
        are; another count puts that many copies of its cards where its first card was."""
        rules = self.rules
        counts = {(EV_SPECIAL, k): getattr(rules, name) for k, name in enumerate(SPECIAL_CARD_PARAMETERS)}
        counts.update({(EV_GUST, d): rules.wind_gust_cards_per_direction for d in range(4)})
        groups: dict[tuple[int, object], list[int]] = {}
        for e in T.main_ids:
            key = (T.events[e][0], T.events[e][1])
            if key in counts:
                groups.setdefault(key, []).append(e)
        out: list[int] = []
        for e in T.main_ids:
            key = (T.events[e][0], T.events[e][1])
            group = groups.get(key)
            if group is None or len(group) == counts[key]:
                out.append(e)
            elif e == group[0]:
                out += [group[i % len(group)] for i in range(counts[key])]
        return out

    def _reset_turn_flags(self) -> None:
        self.upgrades_done = 0
        self.upgrade_limit = self.rules.upgrades_per_turn
        self.warden_used = False
        self.wagon_bonus_used = False
        self.morgana_used = False
        self.leon_used = False
        self.pink_used = False
        self.free_moves = 0
        self.ash_used = False

    # ------------------------------------------------------------------------------------------- protocol
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.stack:
            return self.stack[-1][1]
        return self.turn_player

    def is_terminal(self) -> bool:
        return self.over

    def _legal_actions(self) -> list[int]:
        return list(self.cache) if self.cache is not None else []

    def action_to_text(self, action: int) -> str:
        return A.action_text(action)

    def scores(self) -> list[float]:
        out = [0.0] * self.num_players
        for pos in range(N_POS):
            o = self.loyal[pos]
            if o >= 0 and not self.destroyed[pos]:  # a destroyed block's marker never scores (ruling R31)
                out[o] += self.st_value[pos]
        return out

    # ------------------------------------------------------------------------------- words and places
    def player_name(self, seat: int) -> str:
        """``White (P0)``: the colour of the seat's pieces and the seat counted from 0."""
        return narrate.player_name(self, seat)

    def seat_summaries(self, viewer: int | None) -> list[SeatSummary]:
        """Colour, score, crew and supplies of renown and Loyalty markers, all public (see .strip)."""
        return strip.seat_summaries(self, viewer)

    def question(self, viewer: int | None) -> str:
        return strip.question(self, viewer)

    def describe_event(self, event: Event) -> str:
        return narrate.describe_event(self, event)

    def action_choices(self) -> list[ActionChoice]:
        return choices.action_choices(self)

    def score_sheet(self) -> list[list[tuple[str, float]]]:
        return scoring.score_sheet(self)

    def winners(self) -> list[int]:
        if not self.over:
            return []
        if self.winner >= 0:
            return [self.winner]
        s = self.scores()
        best = max(s)
        return [p for p in range(self.num_players) if s[p] == best]

    def clone(self) -> "BrigadeState":
        """A copy that plays on independently: the lists of :data:`_COPY_LISTS` (and each crew) are copied, the
        fixed layout of :data:`_SHARED` and the values of :data:`_SCALARS` are shared.

        Written out field by field rather than by name (search bots clone at every step, and a ``setattr`` by
        name costs several times a plain assignment); ``test_clone_copies_every_field`` keeps it complete."""
        c = BrigadeState.__new__(BrigadeState)
        self._copy_base_into(c)
        copy = list
        # the layout: fixed for the whole game
        c.st_value, c.st_track, c.st_aff, c.st_name, c.st_big = (
            self.st_value,
            self.st_track,
            self.st_aff,
            self.st_name,
            self.st_big,
        )
        c.colour, c.firehouse, c.warden = self.colour, self.firehouse, self.warden
        c.advanced, c.big, c.festival, c.addon = self.advanced, self.big, self.festival, self.addon
        c.rules = self.rules
        c.track_values = self.track_values
        c.variant_menu = self.variant_menu
        # the board, the players' pieces and the decks
        c.intensity, c.destroyed, c.doomed, c.loyal = (
            copy(self.intensity),
            copy(self.destroyed),
            copy(self.doomed),
            copy(self.loyal),
        )
        c.renown, c.renown_left, c.loyalty_left = copy(self.renown), copy(self.renown_left), copy(self.loyalty_left)
        c.bpos, c.wpos, c.wb, c.ww, c.tracks = (
            copy(self.bpos),
            copy(self.wpos),
            copy(self.wb),
            copy(self.ww),
            copy(self.tracks),
        )
        c.crew = [copy(x) for x in self.crew]
        c.crew_deck, c.crew_discard, c.drawn = copy(self.crew_deck), copy(self.crew_discard), copy(self.drawn)
        c.event_deck, c.event_discard = copy(self.event_deck), copy(self.event_discard)
        c.bonus, c.stack = copy(self.bonus), copy(self.stack)
        c.allegiance, c.pyro, c.mimic, c.dawn = (
            copy(self.allegiance),
            copy(self.pyro),
            copy(self.mimic),
            copy(self.dawn),
        )
        # the turn and the game
        c.drawer, c.last_event, c.turn_player, c.phase, c.turn_number = (
            self.drawer,
            self.last_event,
            self.turn_player,
            self.phase,
            self.turn_number,
        )
        c.used, c.upgrades_done, c.upgrade_limit, c.free_moves, c.extra_turn = (
            self.used,
            self.upgrades_done,
            self.upgrade_limit,
            self.free_moves,
            self.extra_turn,
        )
        c.warden_used, c.wagon_bonus_used, c.morgana_used, c.leon_used, c.pink_used, c.ash_used = (
            self.warden_used,
            self.wagon_bonus_used,
            self.morgana_used,
            self.leon_used,
            self.pink_used,
            self.ash_used,
        )
        c.cache, c.over, c.evac, c.end_reason, c.winner = self.cache, self.over, self.evac, self.end_reason, self.winner
        c.n_destroyed, c.n_univ_destroyed, c.n_extinguished, c.n_loyalty_gained = (
            self.n_destroyed,
            self.n_univ_destroyed,
            self.n_extinguished,
            self.n_loyalty_gained,
        )
        c.precious, c.event_fire = self.precious, self.event_fire
        c._moves = self._moves  # an immutable tuple: see MovementRules._move_ids
        return c

    def determinize(self, player: int, rng: Rng) -> "BrigadeState":
        """A sample of the hidden information consistent with ``player``'s; see :func:`.view.determinize`."""
        return determinize(self, player, rng)

    # ------------------------------------------------------------------------------------------ helpers
    def _crew_cap(self, p: int) -> int:
        return self.track_values[T_CREW][self.tracks[3 * p + T_CREW]]

    def wagon_cap(self, p: int) -> int:
        return self.track_values[T_WAGON][self.tracks[3 * p + T_WAGON]]

    def leadership(self, p: int) -> int:
        return self.track_values[T_LEAD][self.tracks[3 * p + T_LEAD]]

    def brigade_cap(self, p: int) -> int:
        base = self.rules.warden_water  # the Warden card's buckets, either side
        crew = self.crew[p]
        if not crew:
            return base
        cw = _CREW_WATER
        return base + sum(cw[c] for c in crew)

    def actions_allowed(self) -> int:
        """Actions the active player may take this turn: Leadership value (read live, so an upgrade counts the
        same turn) plus bonus actions."""
        p = self.turn_player
        return self.leadership(p) + self.bonus[p] - (1 if self.precious == p else 0)

    def water_supply(self) -> int:
        return self.rules.water_tokens - sum(self.wb) - sum(self.ww)

    def has_loyal(self, p: int, aff: int) -> bool:
        la = self.loyal
        sa = self.st_aff
        for pos in range(N_POS):
            if la[pos] == p and sa[pos] == aff:
                return True
        return False

    def active(self, p: int, card: int) -> bool:
        """A crew ability works while its owner has the Loyalty of a block of the card's affiliation."""
        if card not in self.crew[p]:
            return self.mimic[p] == card  # Galeela's Mimic token: no loyal block needed
        return self.mimic[p] == card or self.has_loyal(p, _T.crew_aff[card])

    def _abilities(self, p: int) -> list[int]:
        """The crew cards whose abilities ``p`` may have: their crew plus a mimicked card."""
        m = self.mimic[p]
        if m >= 0 and m not in self.crew[p]:
            return self.crew[p] + [m]
        return self.crew[p]

    def _anyone_active(self, card: int) -> int:
        for p in range(self.num_players):
            if self.active(p, card):
                return p
        return -1

    def _refill_brigade(self, p: int) -> int:
        add = min(self.brigade_cap(p) - self.wb[p], self.water_supply())
        if add > 0:
            self.wb[p] += add
            return add
        return 0

    def _refill_wagon(self, p: int) -> int:
        add = min(self.wagon_cap(p) - self.ww[p], self.water_supply())
        if add > 0:
            self.ww[p] += add
            return add
        return 0

    def _shrink_brigade(self, p: int) -> None:
        cap = self.brigade_cap(p)
        if self.wb[p] > cap:
            self.wb[p] = cap

    # ----------------------------------------------------------------------------------- renown & loyalty

    def _finish(self, reason: str, winner: int = -1) -> None:
        self.over = True
        self.end_reason = reason
        self.winner = winner
        self.stack = []
        self._emit("game_over", reason=reason, winners=self.winners(), scores=self.scores())

    # ------------------------------------------------------------------------------------------- events
    def _start_turn(self, p: int) -> None:
        T = tables()
        self.turn_player = p
        self.turn_number += 1
        self.phase = EVENT_PHASE
        self.used = 0
        self._reset_turn_flags()
        self.allegiance[p] = False  # Allegiances lasts until the player's next turn
        self.event_fire = True
        self.stack = [(A_END_EVENT, -1)]
        if not self.event_deck:
            self.event_deck = self.event_discard
            self.event_discard = []
            self.rng.shuffle(self.event_deck)
            self._emit("event_reshuffle")
        e = self.event_deck.pop()
        self.event_discard.append(e)
        self.last_event = e
        kind, payload, name, _ = T.events[e]
        self._emit("turn", player=p, turn=self.turn_number)
        if kind == EV_FIRESTORM:
            self._emit("event", card=name, positions=[pos_name(q) for q in payload])
            pyro = tuple(q for q in range(self.num_players) if self.pyro[q])
            for q in pyro:
                self.pyro[q] = False
            self.stack.append((A_FIRESTORM, -1, payload, 0, pyro))
        elif kind == EV_GUST:
            self._emit("event", card=name)
            self._wind_gust(payload)
        elif kind == EV_FESTIVAL:
            self._emit("event", card=name)
            self._festival(payload)
        else:
            self._emit("event", card=name)
            self._special(payload)

    def _special(self, s: int) -> None:
        n = self.num_players
        order = [(self.turn_player + i) % n for i in range(n)]
        if s in (SP_WAGON, SP_CREW, SP_LEAD):
            track = {SP_WAGON: T_WAGON, SP_CREW: T_CREW, SP_LEAD: T_LEAD}[s]
            frames = []
            for p in order:
                if self.tracks[3 * p + track] < tables().track_last[track]:
                    frames.extend(self._advance_track(p, track))
            for f in reversed(frames):
                self.stack.append(f)
        elif s == SP_RECRUIT:
            for p in reversed(order):
                self.stack.append((A_DRAW_RECRUIT, p))
        elif s == SP_RENOWN:
            for p in reversed(order):
                self.stack.append((F_ANY_RENOWN, p))
        elif s == SP_REFILL:
            for p in order:
                self._refill_brigade(p)

    def _advance_track(self, p: int, track: int) -> list[tuple]:
        """Move a tracker one circle; reaching the blue circle gives its bonus. Returns frames to push."""
        T = tables()
        i = 3 * p + track
        self.tracks[i] += 1
        self._emit(
            "upgrade",
            player=p,
            track=TRACK_NAMES[track],
            circle=self.tracks[i] + 1,
            of=T.track_last[track] + 1,
            value=self.track_values[track][self.tracks[i]],
        )
        frames: list[tuple] = []
        if self.tracks[i] == T.track_last[track]:
            if track == T_CREW:
                frames.append((A_DRAW_RECRUIT, p))
            elif track == T_LEAD:
                self.bonus[p] += self.rules.leadership_bonus_actions
            if p == self.turn_player and self.active(p, BEN):
                self.extra_turn = True
        return frames

    # ------------------------------------------------------------------------------------- phase endings

    def _end_turn(self) -> None:
        p = self.turn_player
        self.bonus[p] = 0
        if self.extra_turn:
            self.extra_turn = False
            self._emit("extra_turn", player=p)
            self._start_turn(p)
            return
        nxt = (p + 1) % self.num_players
        if self.evac and nxt == 0:
            self._finish("evacuation")
            return
        self._start_turn(nxt)

    # --------------------------------------------------------------------------------------- the driver
    def _advance(self, moved: int = 0) -> None:
        """Run automatic frames until a seat must decide; cache that decision's legal actions. ``moved``: the
        action just applied was a move from the Action menu (see :meth:`MovementRules._move_ids`)."""
        while True:
            if self.over:
                self.cache = None
                return
            stack = self.stack
            if not stack:
                if not any(self.intensity):  # self._fires_out()
                    # the game ends mid-phase: that ends the phase, so blocks destroyed in it flip first (their
                    # tokens and Loyalty markers leave; a Big Building's effect may even relight a fire)
                    if self.doomed:
                        self._flip_doomed()
                        continue
                    self._finish("all fires out")
                    continue
                legal = self._main_menu(moved)
                moved = 0
                if legal is None:
                    self.stack.append((A_END_ACTION, -1))
                    continue
                self.cache = legal
                return
            moved = 0  # a frame ran: the kept moves no longer describe the menu to come
            top = stack[-1]
            k = top[0]
            if k < 50:
                legal = self._frame_legal(top)
                if legal:
                    legal.sort()
                    self.cache = legal
                    return
                stack.pop()  # a player who cannot follow an effect ignores it
                continue
            if k == A_FIRESTORM:
                positions, i, pyro = top[2], top[3], top[4]
                stack.pop()
                if i + 1 < len(positions):
                    stack.append((A_FIRESTORM, -1, positions, i + 1, pyro))
                self._land_fireball(positions[i], pyro)
            elif k == A_END_EVENT:
                self.event_fire = False
                if self._flip_doomed():
                    continue
                stack.pop()
                if self._fires_out():
                    self._finish("all fires out")
                    continue
                self.phase = ACTION_PHASE
                self.used = 0
            elif k == A_END_ACTION:
                if self._flip_doomed():
                    continue
                stack.pop()
                if self._fires_out():
                    self._finish("all fires out")
                    continue
                self._end_turn()
            elif k == A_DRAW_RECRUIT:
                stack.pop()
                self._draw_recruits(top[1])
            else:  # pragma: no cover - all kinds handled
                raise AssertionError(f"unknown frame {top}")

    def _draw_recruits(self, p: int) -> None:
        if self._crew_cap(p) < 1:
            return
        drawn: list[int] = []
        give = False
        draws = self.rules.recruit_cards_drawn  # the player keeps one of them, or none
        while len(drawn) < draws:
            if not self.crew_deck:
                if not self.crew_discard:
                    break
                self.crew_deck = self.crew_discard
                self.crew_discard = []
                self.rng.shuffle(self.crew_deck)
            c = self.crew_deck.pop()
            if c == SIR_PRECIOUS:
                give = True  # "When drawn, give to another player and draw a new card"
                continue
            drawn.append(c)
        if give:
            self._emit("sir_precious_drawn", player=p)
        if not drawn:
            if give:
                self.stack.append((F_PRECIOUS, p))
            return
        self.drawn = drawn
        self.drawer = p
        T = tables()
        self._emit("recruit_draw", visible_to=(p,), player=p, cards=[T.crew[c][0] for c in drawn])
        self._emit("recruit", player=p, count=len(drawn))
        self.stack.append((F_RECRUIT, p))
        if give:
            self.stack.append((F_PRECIOUS, p))

    # ------------------------------------------------------------------------------------- legal actions
    def remaining(self) -> int:
        return self.actions_allowed() - self.used

    def _main_menu(self, moved: int = 0) -> list[int] | None:
        """The Action phase menu; ``None`` when the player has nothing left to do (the turn ends by itself).

        In C where the extension was built (``_brigade.c``, the same ids: see :mod:`.compiled`), told here what the
        crew cards and the Warden allow; otherwise :meth:`_main_menu_python`."""
        menu = compiled.MENU
        rules = self.rules
        if (
            menu is None
            or rules.water_per_level != PRINTED_WATER_PER_LEVEL
            or rules.destroyed_block_extra_movement != PRINTED_RUIN_MOVEMENT
        ):
            return self._main_menu_python(moved)
        if self.variant_menu is not None:  # a variant's firehouse tracks or water tokens
            menu = self.variant_menu
        p = self.turn_player
        brigade_ids = None
        if self.crew[p] or self.mimic[p] >= 0:  # no crew card, no ability: the bits stay 0
            active = self.active
            bits = (
                (MORGANA_FREE if not self.morgana_used and active(p, MORGANA) else 0)
                | (EBENEZER_MOVES if active(p, EBENEZER) else 0)
                | (LUMEN_PUTS_OUT if active(p, LUMEN) else 0)
                | (LEON_READY if not self.leon_used and active(p, LEON) else 0)
                | (ASH_READY if self.addon and not self.ash_used and active(p, ASH) else 0)
            )
            budget = self._move_budget(p)
            bcap = self.brigade_cap(p)
            if active(p, MOG):  # Mog may end on a rival's Brigade: the Python search
                brigade_ids = tuple(self.brigade_targets(p, A.MOVE_BRIGADE))
        else:
            bits = 0
            budget = self.rules.move_brigade_spaces
            bcap = self.rules.warden_water
        if self.advanced:
            if self.colour[p] == WHITE:
                bits |= STREET_WISE
            if not self.warden_used and self.remaining() > 0 and self._warden_usable(p):
                bits |= WARDEN_USABLE
        return menu.menu(
            p,
            self.num_players,
            self.used,
            self.precious,
            self.free_moves,
            bits,
            brigade_ids,
            budget,
            bcap,
            self.upgrade_limit - self.upgrades_done,
            self.bpos,
            self.wpos,
            self.firehouse,
            self.intensity,
            self.destroyed,
            self.loyal,
            self.renown,
            self.st_aff,
            self.wb,
            self.ww,
            self.tracks,
            self.bonus,
            self.crew_deck,
            self.crew_discard,
            self.dawn,
        )

    def _main_menu_python(self, moved: int = 0) -> list[int] | None:
        """:meth:`_main_menu` in Python.

        Built in ascending id order (so it needs no sort), from precomputed id tables where a group's ids depend
        only on a few small numbers: this runs after every action of a turn. ``moved``: the only action since the
        last menu was this player's own move, so the moves' masks need not be built again (see
        :meth:`MovementRules._move_ids`)."""
        p = self.turn_player
        tracks = self.tracks
        values = self.track_values
        # self.remaining(), written out
        rem = values[T_LEAD][tracks[3 * p + T_LEAD]] + self.bonus[p] - (1 if self.precious == p else 0) - self.used
        out = [A.END_TURN]
        brigade = rem > 0 or self.free_moves > 0
        wagon = rem > 0 or (not self.morgana_used and self.active(p, MORGANA))
        if brigade or wagon:
            self._move_ids(out, p, brigade, wagon, moved)
        bp = self.bpos[p]
        precious = self.precious == p and bp == self.firehouse[p]  # free discard at home
        if rem <= 0:
            if precious:
                out.append(A.DISCARD_PRECIOUS)
            return out if len(out) > 1 else None
        wp = self.wpos[p]
        together = bp == wp
        wb, ww = self.wb[p], self.ww[p]
        intensity = self.intensity
        destroyed = self.destroyed
        inten = intensity[bp]
        if inten > 0 and not destroyed[bp]:
            per = self.rules.water_per_level
            need = inten * per
            if self.st_aff[bp] == UNIVERSITY_AFF and self.active(p, LUMEN):
                need = max(1, need - 1)
            ids = _extinguish_ids(wb, ww if together else 0, need)
            if per != 1:  # water spent that lowers no level is never offered: whole levels, or the fire put out
                ids = tuple(i for i in ids if sum(divmod(i - A.EXTINGUISH, A.EXT_W)) in (need, *range(0, need, per)))
            out += ids
        crew_level = tracks[3 * p + T_CREW]
        wagon_cap = values[T_WAGON][tracks[3 * p + T_WAGON]]
        bcap = self.brigade_cap(p) if self.crew[p] else self.rules.warden_water
        if (not self.dawn[p]) and self.rules.water_tokens - sum(self.wb) - sum(
            self.ww
        ) > 0:  # the supply; Dawn cannot Refill
            if together:
                if (wb < bcap or ww < wagon_cap) and self._can_refill_at(p, bp):
                    out.append(A.REFILL_BOTH)
            else:
                if wb < bcap and self._can_refill_at(p, bp):
                    out.append(A.REFILL_BRIGADE)
                if ww < wagon_cap and self._can_refill_at(p, wp):
                    out.append(A.REFILL_WAGON)
        if values[T_CREW][crew_level] >= 1 and (self.crew_deck or self.crew_discard):
            out.append(A.RECRUIT)
        if together:
            k = min(wb, wagon_cap - ww, 6)
            if k > 0:
                out += _TO_WAGON_IDS[k]
            k = min(ww, bcap - wb, 6)
            if k > 0:
                out += _TO_BRIGADE_IDS[k]
        if self.upgrades_done < self.upgrade_limit:
            i = 3 * p
            last = _T.track_last
            out += _UPGRADE_IDS[(tracks[i] < last[0]) | (tracks[i + 1] < last[1]) << 1 | (tracks[i + 2] < last[2]) << 2]
        if self.advanced and not self.warden_used and self._warden_usable(p):
            out.append(A.WARDEN)
        per = self.rules.water_per_level
        # Leon's Wagon makes an Extinguish action alone: a fire of one level takes the water of one level (ruling R34)
        if not self.leon_used and ww >= per and intensity[wp] == 1 and not destroyed[wp] and self.active(p, LEON):
            out.append(A.WAGON_EXTINGUISH)
        if self.addon and not self.ash_used and wb and self.active(p, ASH):
            ash_water = min(wb, _CREW_WATER[ASH], 3)
            for q in sorted(NB4[bp]):
                if intensity[q] and not destroyed[q]:
                    # whole levels only (ruling R34): one water token a level, printed
                    for k in range(per, min(ash_water, intensity[q] * per) + 1, per):
                        out.append(A.ASH_EXTINGUISH + q * 3 + k - 1)
        if precious:
            out.append(A.DISCARD_PRECIOUS)
        return out

    def _can_refill_at(self, p: int, pos: int) -> bool:
        if pos == self.firehouse[p]:
            return True
        if self.destroyed[pos]:
            return False
        if self.loyal[pos] == p:
            return True
        # White firehouse, side 2 (Street Wise): refill anywhere by removing one of your renown there
        return self.advanced and self.colour[p] == WHITE and self.renown[pos * 4 + p] > 0

    # ------------------------------------------------------------------------------------------- apply
    def _apply(self, a: int) -> None:
        if self.stack:
            self._apply_frame(self.stack[-1], a)
            self._advance()
        else:
            self._apply_main(a)
            self._advance(0 if a >= A.EXTINGUISH else MOVED_WAGON if a >= A.MOVE_WAGON else MOVED_BRIGADE if a else 0)

    def _apply_main(self, a: int) -> None:
        p = self.turn_player
        # the log entry of every action, built directly (the hot path of random play): what _emit would build
        self.events.append(
            make_event("action", {"player": p, "action": a, "pos": POS_NAMES[self.bpos[p]], "text": A.TEXTS[a]}, None)
        )
        if a == A.END_TURN:
            self.stack.append((A_END_ACTION, -1))
        elif a < A.MOVE_WAGON:
            if self.free_moves > 0:
                self.free_moves -= 1
            else:
                self.used += 1
            self._move_brigade(p, a - A.MOVE_BRIGADE)
        elif a < A.EXTINGUISH:
            if not self.morgana_used and (self.crew[p] or self.mimic[p] >= 0) and self.active(p, MORGANA):
                self.morgana_used = True
            else:
                self.used += 1
            self.wpos[p] = a - A.MOVE_WAGON
        elif a < A.REFILL_BRIGADE:
            self.used += 1
            b, w = divmod(a - A.EXTINGUISH, A.EXT_W)
            self._extinguish(p, b, w)
        elif a <= A.REFILL_BOTH:
            self.used += 1
            self._refill_action(p, a)
        elif a == A.RECRUIT:
            self.used += 1
            self._draw_recruits(p)
        elif a < A.TO_BRIGADE:
            self.used += 1
            k = a - A.TO_WAGON + 1
            self.wb[p] -= k
            self.ww[p] += k
        elif a < A.UPGRADE:
            self.used += 1
            k = a - A.TO_BRIGADE + 1
            self.ww[p] -= k
            self.wb[p] += k
        elif a < A.WARDEN:
            self.used += 1
            self.upgrades_done += 1
            for f in reversed(self._advance_track(p, a - A.UPGRADE)):
                self.stack.append(f)
        elif a == A.WARDEN:
            self.used += 1
            self.warden_used = True
            self._warden_action(p)
        elif a == A.DISCARD_PRECIOUS:
            self.precious = -1
            self.crew_discard.append(SIR_PRECIOUS)
            self._emit("sir_precious_discarded", player=p)
        elif A.ASH_EXTINGUISH <= a < A.DISCARD_PRECIOUS:
            self.used += 1
            self.ash_used = True
            q, k = divmod(a - A.ASH_EXTINGUISH, 3)
            k += 1
            inten = self.intensity[q]
            self.wb[p] -= k
            per = self.rules.water_per_level
            if k >= inten * per:
                self.intensity[q] = 0
                self.n_extinguished += 1
                self._renown_for(p, q, inten)
            else:
                self.intensity[q] = inten - k // per
                self._emit("doused", player=p, block=self.st_name[q], pos=pos_name(q), intensity=inten - k // per)
        elif a == A.WAGON_EXTINGUISH:
            self.used += 1
            self.leon_used = True
            wp = self.wpos[p]
            self.ww[p] -= self.rules.water_per_level  # one level's water (one token, printed: ruling R34)
            self.intensity[wp] = 0
            self.n_extinguished += 1
            self._renown_for(p, wp, 1)
        if self.addon and a != A.END_TURN and self.warden[p] == ESTER:
            # Ester never runs out of water: after any action her own buckets are topped up
            target = min(self.brigade_cap(p), self.rules.warden_water)
            if self.wb[p] < target:
                self.wb[p] += min(target - self.wb[p], self.water_supply())

    def _renown_for(self, p: int, pos: int, levels: int) -> None:
        """A fire put out: ``p`` places the renown its levels earn (one token a level, printed) on the block or a
        neighbour; the player chooses where, token by token."""
        renown = levels * self.rules.renown_per_level
        self._emit("extinguished", player=p, block=self.st_name[pos], pos=pos_name(pos), renown=renown)
        if renown:
            self.stack.append((F_RENOWN, p, renown, pos, self.advanced and self.colour[p] == BLACK))

    def _extinguish(self, p: int, b: int, w: int) -> None:
        pos = self.bpos[p]
        inten = self.intensity[pos]
        self.wb[p] -= b
        self.ww[p] -= w
        after = self.intensity_after(p, pos, b + w)
        if not after:
            self.intensity[pos] = 0
            self.n_extinguished += 1
            self._renown_for(p, pos, inten)
        else:
            self.intensity[pos] = after
            self._emit("doused", player=p, block=self.st_name[pos], pos=pos_name(pos), intensity=after)

    def intensity_after(self, p: int, pos: int, spent: int) -> int:
        """The intensity left on ``pos`` after ``p``'s Brigade spends ``spent`` water there (0: put out): one level
        per ``water_per_level`` tokens (one, printed), and Lumen puts out a University fire with one token less."""
        inten = self.intensity[pos]
        need = inten * self.rules.water_per_level
        if spent >= need or (self.st_aff[pos] == UNIVERSITY_AFF and spent >= need - 1 and self.active(p, LUMEN)):
            return 0
        return inten - spent // self.rules.water_per_level

    def _refill_action(self, p: int, a: int) -> None:
        bp, wp = self.bpos[p], self.wpos[p]
        pos = wp if a == A.REFILL_WAGON else bp
        if pos != self.firehouse[p] and self.loyal[pos] != p:
            # Street Wise: pay one renown from this block
            self.renown[pos * 4 + p] -= 1
            self.renown_left[p] += 1
        got_b = self._refill_brigade(p) if a != A.REFILL_WAGON else 0
        got_w = self._refill_wagon(p) if a != A.REFILL_BRIGADE else 0
        if self._anyone_active(WALDER) not in (-1, p):
            # Walder Ranier: an opponent who refills removes one water token afterwards
            if got_b and self.wb[p] > 0:
                self.wb[p] -= 1
            elif got_w and self.ww[p] > 0:
                self.ww[p] -= 1

    def _add_crew(self, p: int, card: int) -> None:
        self.crew[p].append(card)
        self.wb[p] += min(tables().crew_water[card], self.water_supply())
        self._shrink_brigade(p)
        self._emit("crew_joins", player=p, card=tables().crew[card][0])

    # ------------------------------------------------------------------------------------------- views
    def prompt(self) -> str:
        """What the seat to act is deciding, in words."""
        if self.over:
            return "the game is over"
        if not self.stack:
            return f"choose an action ({self.remaining()} left)"
        f = self.stack[-1]
        text = PROMPTS.get(f[0], "")
        if f[0] in (F_RENOWN, F_AURATH):
            text = text.format(n=f[2])
        return text

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees (``None``: a spectator); see :func:`.view.player_view`."""
        return player_view(self, player)

    def state_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for name in _SHARED + _COPY_LISTS + _SCALARS:
            v = getattr(self, name)
            d[name] = [list(x) if isinstance(x, tuple) else x for x in v] if isinstance(v, (list, tuple)) else v
        d["crew"] = [list(x) for x in self.crew]
        d["cache"] = list(self.cache) if self.cache is not None else None
        return d


__all__ = ["BrigadeState"]
