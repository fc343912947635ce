"""Great Fire observations for learning code: a fixed-length vector from one seat's view.

Registered on the spec as ``observation_encoder`` (see :mod:`firebreak.core.encoding`). Only the view is read,
so a seat never sees a rival's hand, objectives, tokens or (with Hidden Colours) colour. Seats are relative to
the viewer (block 0 is the viewer). ``D`` is the number of districts on the board, ``C`` the number of house
colours; the length depends only on the player count.
"""

from __future__ import annotations

from typing import Any

from firebreak.core.encoding import Field, ObservationEncoder, Writer, index_of

from .board import DIRECTION_NAMES, STACK_LETTERS, TOKEN_KINDS, load_board
from .phases import PHASE_NAMES

BOARD = load_board()
D = BOARD.num_districts
COLOURS = tuple(BOARD.rules.colours)
C = len(COLOURS)
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
DIRS = len(DIRECTION_NAMES)


class GreatFireEncoder(ObservationEncoder):
    """Board (per district), game counters, then one block per seat from the viewer on."""

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
