"""Great Fire observations for learning code: a fixed-length vector from one seat's view.

Registered on the spec as ``observation_encoder`` (see :mod:`firebreak.core.encoding`). Only the view is read,
so a seat never sees a rival's hand, objectives, tokens or (with Hidden Colours) colour. Seats are relative to
the viewer (block 0 is the viewer). ``D`` is the number of districts on the board, ``C`` the number of house
colours; the length depends only on the player count.

:meth:`GreatFireEncoder.write_state` is the fast path: the same vector read straight from the state, touching a
rival's hand, tokens, objectives and (with Hidden Colours) colour only where the view would show them.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any

from firebreak.core.encoding import Field, ObservationEncoder, Writer, index_of

from .board import DIRECTION_NAMES, ONE_VP, STACK_LETTERS, TOKEN_KINDS, load_board
from .phases import P_OVER, PHASE_NAMES, STACK

if TYPE_CHECKING:
    from .state import GreatFireState

BOARD = load_board()
D = BOARD.num_districts
COLOURS = tuple(BOARD.rules.colours)
C = len(COLOURS)
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
DIRS = len(DIRECTION_NAMES)
RULES = BOARD.rules


class GreatFireEncoder(ObservationEncoder):
    """Board (per district), game counters, then one block per seat from the viewer on."""

    _districts: tuple | None = None
    """The fast path's last district blocks (fire to trained bands) and the board they came from."""
    _houses: tuple | None = None
    """The fast path's last houses block, the houses it came from and the buffer type."""

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
    def _district_block(self, s: "GreatFireState", kind: type, out: Any, end: int) -> Any:
        """Fire, contained, demolished, token and trained bands for every district (``out[:end]``), patched from
        the last one built for this buffer type where the board differs (compared by value, so any state,
        copied or not, gets its own numbers)."""
        fire, bands, demolished, token = s.fire, s.bands, s.demolished, s.token
        cached = self._districts
        if cached is None or cached[0] is not kind:
            block = [f * 0.1 for f in fire]
            block += [1.0 if 0 < f <= b else 0.0 for f, b in zip(fire, bands)]
            block += [float(x or 0) for x in demolished]
            block += [1.0 if t >= 0 else 0.0 for t in token]
            block += [b * (1.0 / 3) for b in bands]
            out[:end] = block
            self._districts = (kind, list(fire), list(bands), list(demolished), list(token), out[:end].copy())
            return self._districts[5]
        _, old_fire, old_bands, old_demolished, old_token, block = cached
        touched: set[int] = set()
        for new, old in ((fire, old_fire), (bands, old_bands), (demolished, old_demolished), (token, old_token)):
            if new != old:
                touched.update(compress(range(D), map(ne, new, old)))  # the districts that differ, in C
                old[:] = new
        for d in touched:
            f, b = fire[d], bands[d]
            block[d] = f * 0.1
            block[D + d] = 1.0 if 0 < f <= b else 0.0
            block[2 * D + d] = float(demolished[d] or 0)
            block[3 * D + d] = 1.0 if token[d] >= 0 else 0.0
            block[4 * D + d] = b * (1.0 / 3)
        return block

    def _houses_block(self, houses: list[list[int]], kind: type, out: Any, at: int) -> Any:
        """Houses of each colour on each district (``D * C`` numbers), patched like :meth:`_district_block`."""
        cached = self._houses
        if cached is None or cached[0] is not kind:
            out[at:at + D * C] = [0.0] * (D * C)
            cached = self._houses = (kind, [[] for _ in range(D)], out[at:at + D * C].copy())
        _, old, block = cached
        if old != houses:
            for d in list(compress(range(D), map(ne, houses, old))):  # the districts that differ, found in C
                counts = [0.0] * C
                for c in houses[d]:
                    counts[c] += 0.25
                block[d * C:d * C + C] = counts
                old[d] = list(houses[d])
        return block

    def _layout(self) -> tuple[int, ...]:
        """The offsets :meth:`write_state` writes at, looked up once (a tuple unpacked into locals costs less
        than forty dictionary lookups per observation)."""
        table = self.__dict__.get("_ats")
        if table is None:
            o = self.offsets()
            table = self._ats = tuple(o[name] for name in (
                "district.houses", "district.landowners", "phase", "to_act", "turn", "action_points", "card_played",
                "intensify_left", "stock", "deck_size", "fire_stack_left", "cards_until_intensify", "cards_in_box",
                "discards", "final_turns_left", "houses_lost", "hero_of_london", "my_hand", "my_tokens",
                "my_objectives", "my_objectives_surviving", "my_score", "seat[0].colour"))
        return table

    def _deck(self, deck: list[int]) -> tuple[set[int], int, int]:
        """The deck's Fire Stack cards, its fire cards, and how many cards lie above the top Fire Stack card (what
        state.cards_until_intensify counts, found here with list.index, in C); kept with the deck it came from,
        since most decisions draw no card."""
        cached = self.__dict__.get("_deck_cache")
        if cached is not None and cached[0] == deck:
            return cached[1]
        stack = {c for c in deck if c >= STACK}
        deck_size = len(deck) - sum(map(deck.count, stack))
        if stack:
            top_first = deck[::-1]
            until = min(map(top_first.index, stack))
        else:
            until = len(deck)
        self._deck_cache = (deck[:], (stack, deck_size, until))
        return stack, deck_size, until

    def write_state(self, state: "GreatFireState", viewer: int, out: Any) -> None:
        s = state
        n = self.num_players
        (houses_at, landowners_at, phase_at, to_act_at, turn_at, ap_at, card_at, intensify_at, stock_at, deck_at,
         stack_at, until_at, box_at, discards_at, final_at, lost_at, hero_at, hand_at, tokens_at, vp_at,
         surviving_at, score_at, seats_at) = self._layout()
        # The district blocks (the same for every viewer) are contiguous: fire, contained, demolished, token and
        # trained bands, then the houses. Each is kept (in the buffer's own type) with the board it came from;
        # a decision touches a few districts at most, so only those are rewritten in the kept block, which is
        # then copied in as one slice.
        fire, bands, houses = s.fire, s.bands, s.houses
        kind = type(out)
        out[:houses_at] = self._district_block(s, kind, out, houses_at)
        out[houses_at:houses_at + D * C] = self._houses_block(houses, kind, out, houses_at)
        landowner = s.landowner
        for p in range(n):
            d = landowner[p]
            if 0 <= d < D:
                out[landowners_at + d * n + (p - viewer) % n] = 1.0
        out[phase_at + s.phase] = 1.0
        to_act = s.current_player()
        if to_act >= 0:
            out[to_act_at + (to_act - viewer) % n] = 1.0
        if s.turn:
            out[turn_at] = float(s.turn) / 30
        if s.ap:
            out[ap_at] = float(s.ap) / 3
        if s.card >= 0:
            out[card_at + s.card] = 1.0
        if s.intensify_left:
            out[intensify_at] = float(s.intensify_left) / 5
        if s.stock:
            out[stock_at] = float(s.stock) / 30
        stack, deck_size, until = self._deck(s.deck)
        for c in stack:
            out[stack_at + c - STACK] = 1.0
        if deck_size:
            out[deck_at] = float(deck_size) / 30
        if until:
            out[until_at] = float(until) / 10
        if s.box:
            out[box_at] = float(len(s.box)) / 20
        if s.discards:
            discards = s.discards
            out[discards_at:discards_at + DIRS] = [discards.count(c) * (1.0 / 10) for c in range(DIRS)]
        if s.final_turns >= 0:
            out[final_at] = 1.0
            if s.final_turns:
                out[final_at + 1] = float(s.final_turns) / 10
        lost = s.lost
        if any(lost):
            for c in range(C):
                if lost[c]:
                    out[lost_at + c] = lost[c] * (1.0 / 20)
        hero = s.hero
        if hero >= 0:
            out[hero_at + (hero - viewer) % n] = 1.0
        # the viewer's own hand, tokens, objectives and score
        for dr, v in enumerate(s.hands[viewer]):
            if v:
                out[hand_at + dr] = v * (1.0 / 5)
        held = s.held
        mine = held[viewer]
        if mine:
            for t in set(mine):
                out[tokens_at + t] = float(mine.count(t))
        objective_vp = BOARD.objective_vp
        objectives_vp = 0
        for d in s.objectives[viewer]:
            if objective_vp[d]:
                out[vp_at + d] = objective_vp[d] / 6
            if houses[d] and not fire[d] > bands[d]:  # state.objective_survived, inlined
                out[surviving_at + d] = 1.0
                objectives_vp += objective_vp[d]
        over = s.phase == P_OVER
        colours_public = not s.options["hidden_colours"] or over
        # the scores as state.score_breakdown counts them, without building its dict for every seat
        colour, put_out = s.colour, s.put_out
        start, house_vp, hero_vp = RULES.house_track_start, RULES.house_vp, RULES.hero_of_london_vp
        public = [start - house_vp * lost[colour[p]] + put_out[p] + (hero_vp if hero == p else 0) for p in range(n)]
        total = public[viewer] + objectives_vp + mine.count(ONE_VP)
        if total:
            out[score_at] = float(total) / 50
        per_seat = (self.size - seats_at) // n
        hands, known = s.hands, s.known
        for k in range(n):
            p = (viewer + k) % n
            base = seats_at + k * per_seat
            out[base + (colour[p] if colours_public or p == viewer else C)] = 1.0
            base += C + 1
            d = landowner[p]
            if 0 <= d < D:
                out[base + d] = 1.0
            base += D
            hand_size = sum(hands[p])
            if hand_size:
                out[base] = float(hand_size) / 10
            base += 1
            if any(known[p]):  # mostly none shown: single writes beat a slice here
                for dr, v in enumerate(known[p]):
                    if v:
                        out[base + dr] = v * (1.0 / 5)
            base += DIRS
            if held[p]:
                out[base] = float(len(held[p])) / 5
            if put_out[p]:
                out[base + 1] = float(put_out[p]) / 10
            if hero == p:
                out[base + 2] = 1.0
            if (p == viewer or colours_public) and public[p]:
                out[base + 3] = float(public[p]) / 50
