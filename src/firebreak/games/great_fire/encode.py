"""Great Fire observations for learning code: a fixed-length vector from one seat's view.

Registered on the spec as ``observation_encoder`` (see :mod:`firebreak.core.encoding`). Only the view is read,
so a seat never sees a rival's hand, objectives, tokens or (with Hidden Colours) colour. Seats are relative to
the viewer (block 0 is the viewer). ``D`` is the number of districts on the board, ``C`` the number of house
colours; the length depends only on the player count.

:meth:`GreatFireEncoder.write_state` is the fast path: the same vector read straight from the state, touching a
rival's hand, tokens, objectives and (with Hidden Colours) colour only where the view would show them. Its C twin
(``_encode.c``, built where a compiler is found) is the compiled path the learning environments use.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any

from firebreak.core.encoding import Field, ObservationEncoder, Writer, compiled_module, index_of
from firebreak.core.errors import OptionError
from firebreak.core.parameters import BOARD_KEY

from .data import DIRECTION_NAMES, ONE_VP, STACK_LETTERS, TOKEN_KINDS, load_board
from .phases import P_BAND, P_OVER, P_OWNER, PHASE_NAMES, STACK

if TYPE_CHECKING:
    from .state import GreatFireState

BOARD = load_board()
D = BOARD.num_districts
COLOURS = tuple(BOARD.rules.colours)
C = len(COLOURS)
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
DIRS = len(DIRECTION_NAMES)
RULES = BOARD.rules
PL = BOARD.pudding_lane
DISTRICT_INDEX = {name: d for d, name in enumerate(BOARD.names)}
BOARD_EVENTS: dict[str, tuple[str | None, ...]] = {
    "fire_spread": ("frm", "to"),
    "houses_burnt": ("district",),
    "token_taken": ("district",),
    "fire_grows": ("district",),
    "fire_contained": ("district",),
    "cones_from_pudding_lane": (None,),
    "pudding_lane_refilled": (None,),
    "fire_intensified": ("district",),
    "trained_band_moved": ("frm", "to"),
    "trained_band_pinned": ("district",),
    "fire_put_out": ("district",),
    "district_demolished": ("district",),
    "trained_band_placed": ("district",),
}
"""The events of the rules that change a district's fire, trained bands, houses, token or demolition, with the
fields naming the districts (``None``: Pudding Lane, named by the event's kind)."""
LAYOUT_FIELDS = (
    "district.landowners",
    "phase",
    "to_act",
    "turn",
    "action_points",
    "card_played",
    "intensify_left",
    "stock",
    "deck_size",
    "fire_stack_left",
    "cards_until_intensify",
    "cards_in_box",
    "discards",
    "final_turns_left",
    "houses_lost",
    "hero_of_london",
    "my_hand",
    "my_tokens",
    "my_objectives",
    "my_objectives_surviving",
    "my_score",
    "seat[0].colour",
)
"""The fields whose offsets the fast path writes at (:meth:`GreatFireEncoder._layout`), and the compiled writer
by these names (then ``per_seat``, the length of a seat's block)."""
OBJECTIVE_VP = BOARD.objective_vp
HOUSE_TRACK_START, HOUSE_VP, HERO_VP = RULES.house_track_start, RULES.house_vp, RULES.hero_of_london_vp


class GreatFireEncoder(ObservationEncoder):
    """Board (per district), game counters, then one block per seat from the viewer on."""

    _kept_piles: Any = None
    """The fast path's block from the deck size to the houses lost, with the state's values it came from."""
    _kept_board: Any = None
    """The fast path's board block, the state's values it came from, and the state's event log and length then."""
    _houses: tuple | None = None
    """The fast path's last houses block, the houses it came from and the buffer type."""

    def __init__(self, num_players: int, options: dict[str, Any]) -> None:
        if options.get(BOARD_KEY) is not None:
            # The observation's layout (and the compiled writer's) is sized and indexed by the packaged map's
            # districts; a learner trained on it would meet a different map anyway. Refused, not mis-read.
            raise OptionError(
                "The Great Fire's observations are laid out for the packaged board only; a game on a variant's "
                "board can be played, simulated and searched but not encoded for learning."
            )
        super().__init__(num_players, options)
        compiled = compiled_module(f"{__package__}._encode")
        if compiled is not None:
            layout = dict(zip((*LAYOUT_FIELDS, "per_seat"), self._layout(), strict=True))
            self.compiled = compiled.Encoder(
                {
                    **layout,
                    "size": self.size,
                    "players": num_players,
                    "districts": D,
                    "colours": C,
                    "directions": DIRS,
                    "stack": STACK,
                    "stack_cards": len(STACK_LETTERS),
                    "token_kinds": len(TOKEN_KINDS),
                    "phase_over": P_OVER,
                    "phase_band": P_BAND,
                    "phase_owner": P_OWNER,
                    "house_track_start": HOUSE_TRACK_START,
                    "house_vp": HOUSE_VP,
                    "hero_vp": HERO_VP,
                    "one_vp": ONE_VP,
                },
                OBJECTIVE_VP,
            )

    def fields(self) -> list[Field]:
        n = self.num_players
        per_seat = [
            Field("colour", C + 1, "house colour one-hot (last slot: not known to the viewer)"),
            Field("landowner", D, "district of the seat's landowner, one-hot"),
            Field("hand_size", 1, "fire cards in hand / 10"),
            Field("known_cards", DIRS, "cards of the hand shown to everyone, per direction / 5"),
            Field("tokens_held", 1, "tokens held / 5"),
            Field("fires_put_out", 1, "fires put out / 10"),
            Field("hero_of_london", 1, "1 if the seat is Hero of London"),
            Field("public_score", 1, "public part of the score (houses, fires, hero) / 50; 0 if hidden"),
        ]
        seats = [Field(f"seat[{k}].{f.name}", f.size, f.doc) for k in range(n) for f in per_seat]
        return [
            Field("district.fire", D, "fire cones on each district / 10"),
            Field("district.contained", D, "1 if the district's fire is contained"),
            Field("district.demolished", D, "1 if the district is demolished"),
            Field("district.token", D, "1 if a face-down token lies on the district"),
            Field("district.trained_bands", D, "trained bands on the district / 3"),
            Field("district.houses", D * C, "houses of each colour on each district / 4 (district-major)"),
            Field("district.landowners", D * n, "landowners on each district by relative seat (district-major)"),
            Field("phase", len(PHASE_NAMES), "phase one-hot: " + ", ".join(PHASE_NAMES)),
            Field("to_act", n, "seat to act, relative one-hot"),
            Field("turn", 1, "turn number / 30"),
            Field("action_points", 1, "action points left / 3"),
            Field("card_played", DIRS, "direction of the fire card just played, one-hot"),
            Field("intensify_left", 1, "cones left to intensify / 5"),
            Field("stock", 1, "fire cones in stock / 30"),
            Field("deck_size", 1, "fire cards left in the deck / 30"),
            Field("fire_stack_left", len(STACK_LETTERS), "Fire Stack cards still in the deck, by letter"),
            Field("cards_until_intensify", 1, "cards until the next intensify / 10"),
            Field("cards_in_box", 1, "cards in the box / 20"),
            Field("discards", DIRS, "discarded fire cards per direction / 10"),
            Field("final_turns_left", 2, "1 if the last turns have begun, then turns left / 10"),
            Field("houses_lost", C, "houses lost per colour / 20"),
            Field("hero_of_london", n, "seat holding Hero of London, relative one-hot"),
            Field("my_hand", DIRS, "viewer's fire cards per direction / 5"),
            Field("my_tokens", len(TOKEN_KINDS), "viewer's tokens per kind: " + ", ".join(TOKEN_KINDS)),
            Field("my_objectives", D, "victory points of the viewer's objective on each district / 6"),
            Field("my_objectives_surviving", D, "1 where the viewer's objective district survives"),
            Field("my_score", 1, "viewer's full score / 50"),
            *seats,
        ]

    def write(self, view: dict[str, Any], viewer: int, out: Writer) -> None:
        districts = view["districts"]
        out.nums((d["fire"] for d in districts), 10)
        out.nums(d["contained"] for d in districts)
        out.nums(d["demolished"] for d in districts)
        out.nums(d["token"] for d in districts)
        out.nums((d["trained_bands"] for d in districts), 3)
        n = self.num_players
        houses = [0.0] * (D * C)
        landowners = [0.0] * (D * n)
        for i, d in enumerate(districts):
            for c in d["houses"]:
                houses[i * C + COLOUR_INDEX[c]] += 0.25
            for p in d["landowners"]:
                landowners[i * n + (p - viewer) % n] = 1.0
        out.block(houses)
        out.block(landowners)
        out.one_hot(index_of(PHASE_NAMES, view["phase"]), len(PHASE_NAMES))
        out.one_hot(self.relative(view["current_player"], viewer), n)
        out.num(view["turn"], 30)
        out.num(view["action_points"], 3)
        out.one_hot(index_of(DIRECTION_NAMES, view["card_played"]), DIRS)
        out.num(view["intensify_left"], 5)
        out.num(view["stock"], 30)
        out.num(view["deck_size"], 30)
        out.multi_hot((STACK_LETTERS.index(x) for x in view["fire_stack_cards_left"]), len(STACK_LETTERS))
        out.num(view["cards_until_intensify"], 10)
        out.num(view["cards_in_box"], 20)
        out.counts((DIRECTION_NAMES.index(x) for x in view["discards"]), DIRS, 10)
        final = view["final_turns_left"]
        out.num(final is not None)
        out.num(final, 10)
        out.nums((view["houses_lost"][c] for c in COLOURS), 20)
        out.one_hot(self.relative(view["hero_of_london"], viewer), n)
        players = view["players"]
        me = players[viewer]
        hand = me.get("hand", {})
        out.nums((hand.get(x, 0) for x in DIRECTION_NAMES), 5)
        out.counts((TOKEN_KINDS.index(t) for t in me.get("tokens", ())), len(TOKEN_KINDS))
        vp = [0.0] * D
        surviving = [0.0] * D
        names = [d["name"] for d in districts]
        for o in me.get("objectives", ()):
            i = names.index(o["district"])
            vp[i] = o["vp"] / 6
            surviving[i] = float(o["surviving"])
        out.nums(vp)
        out.nums(surviving)
        out.num(me.get("score", {}).get("total"), 50)
        for seat in self.seats_from(viewer):
            p = players[seat]
            colour = p["colour"]
            out.one_hot(C if colour is None else COLOURS.index(colour), C + 1)
            out.one_hot(index_of(names, p["landowner"]), D)
            out.num(p["hand_size"], 10)
            known = p["known_cards"]
            out.nums((known.get(x, 0) for x in DIRECTION_NAMES), 5)
            out.num(p["tokens_held"], 5)
            out.num(p["fires_put_out"], 10)
            out.num(p["hero_of_london"])
            score = p.get("score", {})
            out.num(sum(score.get(k, 0) for k in ("houses", "fires_put_out", "hero_of_london")), 50)

    # --- the fast path ---------------------------------------------------------------------------------------
    def _board(self, s: "GreatFireState", kind: type, out: Any, end: int) -> Any:
        """The board's numbers (``out[:end]``: fire, contained, demolished, token, trained bands, then the houses),
        kept per buffer type with the state's values they came from: for a float32 array a float32 array written
        through a memoryview (item writes at half numpy's cost, the same rounding), for a list a list. The caller
        copies the kept block in as one slice.

        Which districts to rewrite: for the state kept last, the districts named by the board's events since (every
        rule that changes a district's fire, trained bands, houses, token or demolition says so in an event naming
        it), found without comparing anything; for any other state (a copy, a new game), the districts whose values
        differ, compared by value. Either way only those few are rewritten."""
        kept = self._kept_board
        if kept is not None and kept[0] is kind and s.events is kept[8] and kept[9] == len(s.events):
            return kept[6]  # the same state, nothing happened since
        fire, bands, demolished, token, houses = s.fire, s.bands, s.demolished, s.token, s.houses
        block: Any
        w: Any
        touched: Iterable[int]
        if kept is None or kept[0] is not kind:
            if kind is list:
                block = w = [0.0] * end
            else:  # a buffer of the caller's type (every number is written below)
                block = out[:end].copy()
                w = memoryview(block)
            self._kept_board = kept = [
                kind,
                [0] * D,
                [0] * D,
                [False] * D,
                [-1] * D,
                [[] for _ in range(D)],
                block,
                w,
                None,
                0,
            ]
            touched = range(D)
        else:
            events, seen = s.events, kept[9]
            if events is kept[8] and seen <= len(events):  # the same state, later: its board events say what changed
                if seen == len(events):
                    return kept[6]
                named: set[int] = set()
                touched = named
                for e in events[seen:]:
                    names = BOARD_EVENTS.get(e.kind)
                    if names is not None:  # a plain loop: a comprehension would make a frame per event
                        data = e.data
                        for k in names:
                            named.add(DISTRICT_INDEX[data[k]] if k else PL)
            else:
                differ: set[int] = set()
                touched = differ
                for new, old in (
                    (fire, kept[1]),
                    (bands, kept[2]),
                    (demolished, kept[3]),
                    (token, kept[4]),
                    (houses, kept[5]),
                ):
                    if new != old:
                        differ.update(compress(range(D), map(ne, new, old)))  # the districts that differ, in C
        _, old_fire, old_bands, old_demolished, old_token, old_houses, block, w = kept[:8]
        at = end - D * C
        for d in touched:
            f, b = old_fire[d], old_bands[d] = fire[d], bands[d]
            w[d] = f * 0.1
            w[D + d] = 1.0 if 0 < f <= b else 0.0
            x = old_demolished[d] = demolished[d]
            w[2 * D + d] = float(x or 0)
            t = old_token[d] = token[d]
            w[3 * D + d] = 1.0 if t >= 0 else 0.0
            w[4 * D + d] = b * (1.0 / 3)
            here = houses[d]
            if here != old_houses[d] or kept[8] is None:
                old_houses[d] = list(here)
                counts = [0.0] * C
                for c in here:
                    counts[c] += 0.25
                i = at + d * C
                for c in range(C):
                    w[i + c] = counts[c]
        kept[8], kept[9] = s.events, len(s.events)
        return block

    def _layout(self) -> tuple[int, ...]:
        """The offsets :meth:`write_state` writes at, looked up once (a tuple unpacked into locals costs less
        than forty dictionary lookups per observation)."""
        table = self.__dict__.get("_ats")
        if table is None:
            o = self.offsets()
            table = self._ats = (
                *(o[name] for name in LAYOUT_FIELDS),
                (self.size - o["seat[0].colour"]) // self.num_players,
            )
        return table

    def _write_piles(
        self,
        s: "GreatFireState",
        w: Any,
        at: int,
        deck: bool = True,
        discards: bool = True,
        final: bool = True,
        lost: bool = True,
    ) -> None:
        """Deck size to houses lost (``w``: indexed from ``at``, the deck size's offset): the parts asked for (the
        deck's, with the box; the discards; the last turns; the houses lost), each zeroed then written, so a kept
        block is brought up to date part by part."""
        deck_at, stack_at, until_at, box_at, discards_at, final_at, lost_at = (
            self.__dict__.get("_ats") or self._layout()
        )[8:15]
        if deck:
            cards = s.deck
            for i in range(deck_at - at, box_at - at + 1):
                w[i] = 0.0
            stack = [c for c in set(cards) if c >= STACK]  # the distinct cards found in C, then the few kinds checked
            for c in stack:
                w[stack_at - at + c - STACK] = 1.0
            deck_size = len(cards) - sum(map(cards.count, stack))
            if deck_size:
                w[deck_at - at] = float(deck_size) / 30
            # the cards above the top Fire Stack card (state.cards_until_intensify), found with list.index, in C
            until = min(map(cards[::-1].index, stack)) if stack else len(cards)
            if until:
                w[until_at - at] = float(until) / 10
            if s.box:
                w[box_at - at] = float(len(s.box)) / 20
        if discards:
            pile = s.discards
            for c in range(DIRS):
                k = pile.count(c)
                w[discards_at - at + c] = k * (1.0 / 10) if k else 0.0
        if final:
            w[final_at - at] = 1.0 if s.final_turns >= 0 else 0.0
            w[final_at - at + 1] = float(s.final_turns) / 10 if s.final_turns > 0 else 0.0
        if lost:
            houses_lost = s.lost
            for c in range(C):
                w[lost_at - at + c] = houses_lost[c] * (1.0 / 20) if houses_lost[c] else 0.0

    def write_state(self, state: "GreatFireState", viewer: int, out: Any) -> None:
        s = state
        n = self.num_players
        (
            landowners_at,
            phase_at,
            to_act_at,
            turn_at,
            ap_at,
            card_at,
            intensify_at,
            stock_at,
            deck_at,
            stack_at,
            until_at,
            box_at,
            discards_at,
            final_at,
            lost_at,
            hero_at,
            hand_at,
            tokens_at,
            vp_at,
            surviving_at,
            score_at,
            seats_at,
            per_seat,
        ) = self.__dict__.get("_ats") or self._layout()
        # A float32 array is written through a memoryview: each item costs half of numpy's item assignment, with
        # the same rounding (a C cast to float). A list is written as it is.
        kind = type(out)
        w = out if kind is list else memoryview(out)
        # The board (the same for every viewer) is kept and copied in as one slice.
        block = self._board(s, kind, out, landowners_at)
        w[:landowners_at] = block if kind is list else self._kept_board[7]
        fire, bands, houses = s.fire, s.bands, s.houses
        landowner = s.landowner  # the landowners' block is written with the seats' blocks, below
        w[phase_at + s.phase] = 1.0
        to_act = s.current_player()
        if to_act >= 0:
            w[to_act_at + (to_act - viewer) % n] = 1.0
        if s.turn:
            w[turn_at] = float(s.turn) / 30
        if s.ap:
            w[ap_at] = float(s.ap) / 3
        if s.card >= 0:
            w[card_at + s.card] = 1.0
        if s.intensify_left:
            w[intensify_at] = float(s.intensify_left) / 5
        if s.stock:
            w[stock_at] = float(s.stock) / 30
        # The piles (deck, box, discards), the last turns and the houses lost change at a few decisions a game:
        # kept with the state's values they came from (compared by value) and copied in as one slice.
        lost, deck, discards, final, box = s.lost, s.deck, s.discards, s.final_turns, len(s.box)
        kept = self._kept_piles
        if kept is None or kept[0] is not kind:
            piles: Any = [0.0] * (lost_at + C - deck_at) if kind is list else out[deck_at : lost_at + C].copy()
            piles_w = piles if kind is list else memoryview(piles)
            self._write_piles(s, piles_w, deck_at)
            kept = self._kept_piles = [kind, deck[:], discards[:], lost[:], final, box, piles, piles_w]
        else:
            new_deck, new_discards, new_final, new_lost = (
                kept[1] != deck or kept[5] != box,
                kept[2] != discards,
                kept[4] != final,
                kept[3] != lost,
            )
            if new_deck or new_discards or new_final or new_lost:  # only the parts whose values changed
                self._write_piles(s, kept[7], deck_at, new_deck, new_discards, new_final, new_lost)
                kept[1:6] = deck[:], discards[:], lost[:], final, box
        w[deck_at : lost_at + C] = kept[7]
        hero = s.hero
        if hero >= 0:
            w[hero_at + (hero - viewer) % n] = 1.0
        # the viewer's own hand, tokens, objectives and score
        for dr, v in enumerate(s.hands[viewer]):
            if v:
                w[hand_at + dr] = v * (1.0 / 5)
        held = s.held
        mine = held[viewer]
        if mine:
            for t in set(mine):
                w[tokens_at + t] = float(mine.count(t))
        objectives_vp = 0
        for d in s.objectives[viewer]:
            vp = OBJECTIVE_VP[d]
            if vp:
                w[vp_at + d] = vp / 6
            if houses[d] and not fire[d] > bands[d]:  # state.objective_survived, inlined
                w[surviving_at + d] = 1.0
                objectives_vp += vp
        colours_public = s.phase == P_OVER or not s.options["hidden_colours"]
        # The per-seat blocks, the viewer first, with each seat's landowner in the board's landowners block and
        # its public score as state.score_breakdown counts it (without building its dict for every seat); the
        # viewer's full score after its public part. Written here rather than in a helper: one call and one
        # layout lookup less at every decision.
        colour, put_out, hands, known = s.colour, s.put_out, s.hands, s.known
        owner_at = seats_at + C + 1  # the landowner one-hot, then the hand size, in the first seat's block
        for k in range(n):
            p = viewer + k
            if p >= n:
                p -= n
            c = colour[p]
            public = HOUSE_TRACK_START - HOUSE_VP * lost[c] + put_out[p] + (HERO_VP if hero == p else 0)
            shown = colours_public or k == 0
            w[owner_at - C - 1 + (c if shown else C)] = 1.0
            d = landowner[p]
            if 0 <= d < D:
                w[owner_at + d] = 1.0
                w[landowners_at + d * n + k] = 1.0
            at = owner_at + D
            hand_size = sum(hands[p])
            if hand_size:
                w[at] = float(hand_size) / 10
            if any(known[p]):  # mostly none shown
                for dr, v in enumerate(known[p]):
                    if v:
                        w[at + 1 + dr] = v * (1.0 / 5)
            at += 1 + DIRS
            if held[p]:
                w[at] = float(len(held[p])) / 5
            if put_out[p]:
                w[at + 1] = float(put_out[p]) / 10
            if hero == p:
                w[at + 2] = 1.0
            if shown and public:
                w[at + 3] = float(public) / 50
            if k == 0:
                total = public + objectives_vp + mine.count(ONE_VP)
                if total:
                    w[score_at] = float(total) / 50
            owner_at += per_seat
