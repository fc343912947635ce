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

from firebreak.core.actions import ActionSpace

from .data import DIRECTION_NAMES, Board

(
    FIRE,
    DISCARD,
    INTENSIFY,
    PLACE_BAND,
    PLACE_LANDOWNER,
    MOVE_LANDOWNER,
    MOVE_BAND,
    PUT_OUT,
    DEMOLISH,
    END_ACTIONS,
    NO_SECOND_MOVE,
) = range(11)
KIND_NAMES = (
    "fire",
    "discard",
    "intensify",
    "place_band",
    "place_landowner",
    "move_landowner",
    "move_band",
    "put_out",
    "demolish",
    "end_actions",
    "no_second_move",
)


@dataclass(frozen=True)
class Decoded:
    kind: int
    direction: int = -1
    a: int = -1  # source / district / from
    b: int = -1  # target / to


class ActionCodec:
    """Encodes and decodes actions for one board, on the core :class:`~firebreak.core.actions.ActionSpace`."""

    def __init__(self, board: Board) -> None:
        d = board.num_districts
        n = board.names
        self.board = board
        self.d = d
        dirs = DIRECTION_NAMES
        self.space = ActionSpace(
            [  # in the order of the kinds above
                ("fire", (4, d, d), lambda r, a, b: f"fire {dirs[r]}: {n[a]} -> {n[b]}"),
                ("discard", 4, lambda r: f"discard {dirs[r]}"),
                ("intensify", d, lambda a: f"intensify {n[a]}"),
                ("place_band", d, lambda a: f"place trained band in {n[a]}"),
                ("place_landowner", d, lambda a: f"place landowner in {n[a]}"),
                ("move_landowner", d, lambda a: f"move landowner to {n[a]}"),
                ("move_band", (d, d), lambda a, b: f"move trained band {n[a]} -> {n[b]}"),
                ("put_out", (), lambda: "put out fire"),
                ("demolish", d, lambda a: f"demolish {n[a]}"),
                ("end_actions", (), lambda: "end actions"),
                ("no_second_move", (), lambda: "no second fire move"),
            ]
        )
        assert tuple(r.name for r in self.space.ranges) == KIND_NAMES
        self.base: list[int] = [r.start for r in self.space.ranges]
        self.size = self.space.size
        self._texts = self.space.texts
        self._decoded = [self._decode(a) for a in range(self.size)]

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
        """The space's (range, index) as a :class:`Decoded`: directions of fire cards apart from districts."""
        r = self.space.range_of(action)
        kind = KIND_NAMES.index(r.name)
        index = r.decode(action)
        if kind in (FIRE, DISCARD):
            return Decoded(kind, *index)
        return Decoded(kind, -1, *index)
