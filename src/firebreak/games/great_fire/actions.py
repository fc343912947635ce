"""The Great Fire action space: every decision a player makes, as a stable integer and a stable text.

The space is fixed for the board (it does not depend on the player count): researchers get masks of one size,
and logs stay readable. Ranges, in order:

- fire move: (card direction, source district, target district)
- discard a card when no fire move is possible
- place one intensify cone
- set-up: place a trained band, place one's landowner
- move one's landowner one district; move a trained band one district (from, to)
- put out one fire cone; demolish a district; end the action phase
- decline the second fire move of a Fire-moves-twice token
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import DIRECTION_NAMES, Board

FIRE, DISCARD, INTENSIFY, PLACE_BAND, PLACE_LANDOWNER, MOVE_LANDOWNER, MOVE_BAND, PUT_OUT, DEMOLISH, END_ACTIONS, \
    NO_SECOND_MOVE = range(11)
KIND_NAMES = (
    "fire", "discard", "intensify", "place_band", "place_landowner", "move_landowner", "move_band", "put_out",
    "demolish", "end_actions", "no_second_move",
)


@dataclass(frozen=True)
class Decoded:
    kind: int
    direction: int = -1
    a: int = -1      # source / district / from
    b: int = -1      # target / to


class ActionCodec:
    """Encodes and decodes actions for one board."""

    def __init__(self, board: Board) -> None:
        d = board.num_districts
        self.board = board
        self.d = d
        sizes = [4 * d * d, 4, d, d, d, d, d * d, 1, d, 1, 1]
        self.base: list[int] = []
        total = 0
        for s in sizes:
            self.base.append(total)
            total += s
        self.size = total
        self._texts = [self._text(a) for a in range(total)]
        self._decoded = [self._decode(a) for a in range(total)]

    # encoders (hot path: plain arithmetic)
    def fire(self, direction: int, src: int, tgt: int) -> int:
        return (direction * self.d + src) * self.d + tgt

    def discard(self, direction: int) -> int:
        return self.base[DISCARD] + direction

    def intensify(self, district: int) -> int:
        return self.base[INTENSIFY] + district

    def place_band(self, district: int) -> int:
        return self.base[PLACE_BAND] + district

    def place_landowner(self, district: int) -> int:
        return self.base[PLACE_LANDOWNER] + district

    def move_landowner(self, district: int) -> int:
        return self.base[MOVE_LANDOWNER] + district

    def move_band(self, src: int, dst: int) -> int:
        return self.base[MOVE_BAND] + src * self.d + dst

    @property
    def put_out(self) -> int:
        return self.base[PUT_OUT]

    def demolish(self, district: int) -> int:
        return self.base[DEMOLISH] + district

    @property
    def end_actions(self) -> int:
        return self.base[END_ACTIONS]

    @property
    def no_second_move(self) -> int:
        return self.base[NO_SECOND_MOVE]

    def decode(self, action: int) -> Decoded:
        return self._decoded[action]

    def text(self, action: int) -> str:
        return self._texts[action]

    def _decode(self, action: int) -> Decoded:
        kind = max(k for k in range(len(self.base)) if self.base[k] <= action)
        off = action - self.base[kind]
        d = self.d
        if kind == FIRE:
            return Decoded(kind, off // (d * d), (off // d) % d, off % d)
        if kind == DISCARD:
            return Decoded(kind, off)
        if kind == MOVE_BAND:
            return Decoded(kind, -1, off // d, off % d)
        if kind in (PUT_OUT, END_ACTIONS, NO_SECOND_MOVE):
            return Decoded(kind)
        return Decoded(kind, -1, off)

    def _text(self, action: int) -> str:
        x = self._decode(action)
        n = self.board.names
        if x.kind == FIRE:
            return f"fire {DIRECTION_NAMES[x.direction]}: {n[x.a]} -> {n[x.b]}"
        if x.kind == DISCARD:
            return f"discard {DIRECTION_NAMES[x.direction]}"
        if x.kind == INTENSIFY:
            return f"intensify {n[x.a]}"
        if x.kind == PLACE_BAND:
            return f"place trained band in {n[x.a]}"
        if x.kind == PLACE_LANDOWNER:
            return f"place landowner in {n[x.a]}"
        if x.kind == MOVE_LANDOWNER:
            return f"move landowner to {n[x.a]}"
        if x.kind == MOVE_BAND:
            return f"move trained band {n[x.a]} -> {n[x.b]}"
        if x.kind == PUT_OUT:
            return "put out fire"
        if x.kind == DEMOLISH:
            return f"demolish {n[x.a]}"
        if x.kind == END_ACTIONS:
            return "end actions"
        return "no second fire move"
