"""One shape of action space for every game: named ranges of integers laid end to end, and a text for each id.

Learning code needs every decision as an integer of a fixed space (a mask of one size, as OpenSpiel's
``num_distinct_actions``), and logs, replays and players need each integer as a stable text. A game declares its
space once, as an ordered list of ranges: a name, a shape (a range of shape ``(4, d, d)`` holds ``4 * d * d`` ids,
indexed row-major like a NumPy array; shape ``()`` is a single action) and a function giving the text of one index.
The space lays the ranges end to end, so each range's offset follows from the sizes before it, and it answers the
three questions every game had answered in its own way: which id is this choice (:meth:`ActionSpace.encode`), which
choice is this id (:meth:`ActionSpace.decode`), and what does it say (:meth:`ActionSpace.text`).

Texts are computed once when the space is built (every applied action's log entry carries its text). A range may be
empty (a size of 0, e.g. Catan's ships on a board without sea), so the ids of the ranges after it stay the same
whether or not it exists. Games keep their hot-path encoders as plain arithmetic on the offsets the space gives.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from math import prod

TextOf = Callable[..., str]
"""The text of one action of a range, given the index (one integer per dimension of the range's shape)."""


@dataclass(frozen=True)
class ActionRange:
    """One named block of consecutive ids: ``start`` is its offset in the space, ``shape`` its dimensions."""

    name: str
    start: int
    shape: tuple[int, ...]
    text_of: TextOf

    @property
    def size(self) -> int:
        """How many ids the range holds (1 for shape ``()``, 0 for an empty range)."""
        return prod(self.shape)

    @property
    def stop(self) -> int:
        """The first id after the range."""
        return self.start + self.size

    def encode(self, *index: int) -> int:
        """The id of ``index`` (one integer per dimension), checked against the shape."""
        if len(index) != len(self.shape):
            raise ValueError(f"action range {self.name!r} takes {len(self.shape)} indices, got {len(index)}")
        offset = 0
        for i, n in zip(index, self.shape, strict=True):
            if not 0 <= i < n:
                raise ValueError(f"index {index} is outside action range {self.name!r} of shape {self.shape}")
            offset = offset * n + i
        return self.start + offset

    def decode(self, action: int) -> tuple[int, ...]:
        """The index of ``action``, an id of this range."""
        if not self.start <= action < self.stop:
            raise ValueError(f"action id {action} is not in action range {self.name!r}")
        offset = action - self.start
        index: list[int] = []
        for n in reversed(self.shape):
            offset, i = divmod(offset, n)
            index.append(i)
        return tuple(reversed(index))


class ActionSpace:
    """A game's fixed integer action space: its ranges in order, the offset of each, and every id's text."""

    __slots__ = ("_by_name", "_live", "_live_starts", "ranges", "size", "texts")

    def __init__(self, ranges: Iterable[tuple[str, int | Sequence[int], TextOf]]) -> None:
        """``ranges``: ``(name, shape, text_of)`` in id order; an integer shape ``n`` means ``(n,)``."""
        built: list[ActionRange] = []
        start = 0
        for name, shape, text_of in ranges:
            dims = (shape,) if isinstance(shape, int) else tuple(shape)
            if any(n < 0 for n in dims):
                raise ValueError(f"action range {name!r} has a negative dimension: {dims}")
            r = ActionRange(name, start, dims, text_of)
            built.append(r)
            start = r.stop
        self.ranges: tuple[ActionRange, ...] = tuple(built)
        self._by_name = {r.name: r for r in built}
        if len(self._by_name) != len(built):
            raise ValueError("two action ranges have the same name")
        self.size = start
        self._live = tuple(r for r in built if r.size)  # empty ranges hold no id
        self._live_starts = [r.start for r in self._live]
        # row-major, as ids count within a range (product(*()) is the one index () of a single action)
        self.texts: tuple[str, ...] = tuple(
            r.text_of(*index) for r in self._live for index in product(*(range(n) for n in r.shape))
        )
        """``texts[a]`` is the text of id ``a``, built once."""

    def __getitem__(self, name: str) -> ActionRange:
        return self._by_name[name]

    def start(self, name: str) -> int:
        """The offset of range ``name``: the id of its first index."""
        return self._by_name[name].start

    def encode(self, name: str, *index: int) -> int:
        """The id of ``index`` in range ``name``."""
        return self._by_name[name].encode(*index)

    def range_of(self, action: int) -> ActionRange:
        """The range holding ``action``; a clear error for an id outside the space."""
        if not 0 <= action < self.size:
            raise ValueError(f"action id {action} is outside the action space")
        return self._live[bisect_right(self._live_starts, action) - 1]

    def decode(self, action: int) -> tuple[str, tuple[int, ...]]:
        """``(range name, index)`` of ``action``."""
        r = self.range_of(action)
        return r.name, r.decode(action)

    def text(self, action: int) -> str:
        """The stable text of ``action``."""
        if not 0 <= action < self.size:
            raise ValueError(f"action id {action} is outside the action space")
        return self.texts[action]
