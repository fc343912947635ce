"""Fixed-size numeric observations for learning code, encoded from one seat's view.

Learning libraries want a vector of the same length at every step; our views are JSON-ready dictionaries whose
lists grow and shrink. Each game supplies an :class:`ObservationEncoder` through its spec
(``GameSpec.observation_encoder``: a class or function taking ``(num_players, options)``), which turns the
view of the seat to act into a flat list of floats. Encoding the *view*, never the state, keeps hidden
information out of observations by construction: two states that one seat cannot tell apart give that seat the
same view, hence the same vector.

An encoder declares its layout as named :class:`Field` blocks (name, length, meaning) in the order it writes
them, so the layout is documented field by field (:meth:`ObservationEncoder.describe`) and checked: a vector of
the wrong length is an error, not a silent shift. Seats are written *relative to the viewer* (the viewer first,
then the next seat clockwise...), so one policy can play any seat.

Pure Python on purpose: the core install stays lean; the ``rl`` extra turns the list into a float32 array.

The view path is the reference, and it is slow for learning loops (the view is a whole JSON-ready dictionary,
log sentences included). An encoder may also offer a *fast path*, :meth:`ObservationEncoder.write_state`: the
same numbers written straight from the state into a zeroed buffer (a list, or the float32 array the learning
environments use), reading only what the seat may see, as an OpenSpiel observer does. The environments use the
fast path when a game has one; tests check at every step of many random games that both paths give the same
vector, and that twin states differing only in what the seat cannot see give the same fast vector.

Last, a game may ship a *compiled path*: a C extension (``games/<game>/_encode.c``, built by ``pip install`` when a
C compiler and Python's headers are there, and skipped with a warning when not) whose writer fills a zeroed float32
buffer with the same vector in one call, reading the state as the fast path does. Python's per-number cost is most
of what an observation costs in a learning loop; in C it is a few hundred nanoseconds. The Python paths stay the
reference and the fallback: tests hold the compiled vector to the fast path's for every seat at every step of many
random games, and ``FIREBREAK_PURE_PYTHON=1`` turns every compiled path off.

So a game has two encoding paths to keep: the view path (the reference) and the fast path with its compiled twin.
:meth:`ObservationEncoder.writer` is the one place that chooses between them.
"""

from __future__ import annotations

import importlib
import os
import struct
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import FirebreakError
from .game import GameSpec


@dataclass(frozen=True)
class Field:
    """One block of an observation: ``size`` consecutive numbers meaning ``doc``."""

    name: str
    size: int
    doc: str


class Writer:
    """Appends the numbers of one observation, with the usual encodings."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

    def num(self, value: float | int | bool | None, scale: float = 1.0) -> None:
        """A number divided by ``scale`` (``None`` counts as 0)."""
        self.values.append(float(value or 0) / scale)

    def nums(self, values: Iterable[float | int | bool | None], scale: float = 1.0) -> None:
        """Numbers divided by ``scale`` (``None`` counts as 0)."""
        if scale == 1.0:
            self.values.extend([float(v or 0) for v in values])
        else:
            inv = 1.0 / scale
            self.values.extend([(v or 0) * inv for v in values])

    def block(self, values: list[float]) -> None:
        """Numbers already computed as floats (a block an encoder filled in place: the fast path)."""
        self.values.extend(values)

    def one_hot(self, index: int | None, size: int) -> None:
        """``size`` numbers, 1 at ``index`` (all 0 when ``index`` is ``None`` or out of range)."""
        block = [0.0] * size
        if index is not None and 0 <= index < size:
            block[index] = 1.0
        self.values.extend(block)

    def multi_hot(self, indices: Iterable[int], size: int) -> None:
        """``size`` numbers, 1 at each of ``indices`` (repeats still give 1)."""
        block = [0.0] * size
        for i in indices:
            if 0 <= i < size:
                block[i] = 1.0
        self.values.extend(block)

    def counts(self, indices: Iterable[int], size: int, scale: float = 1.0) -> None:
        """``size`` numbers, how often each index occurs, divided by ``scale``."""
        block = [0.0] * size
        for i in indices:
            if 0 <= i < size:
                block[i] += 1.0 / scale
        self.values.extend(block)


_PACKERS: dict[int, Any] = {}


def put_block(out: Any, at: int, values: list[float]) -> None:
    """``out[at:at + len(values)] = values`` for a fast path's buffer, in one C call: a float32 array's memory is
    filled by :func:`struct.pack_into` (about six times faster than numpy converting a list of Python floats, and
    the same rounding: each float is cast to a C float), any other buffer (a list) by slice assignment."""
    if type(out) is not list:
        view = memoryview(out)
        if view.format == "f" and view.c_contiguous:
            pack = _PACKERS.get(len(values))
            if pack is None:
                pack = _PACKERS[len(values)] = struct.Struct(f"{len(values)}f").pack_into
            pack(view, at * 4, *values)
            return
    out[at : at + len(values)] = values


def snapshot(key: tuple) -> tuple:
    """A copy of a cache key made of the state's own values (numbers, tuples, lists of numbers, lists of lists
    of numbers) that the state's later in-place changes cannot reach: compared with ``==`` against the live
    values, it tells a fast path's cache whether the numbers it keeps still hold. A list is taken as a list of
    lists when its first item is one (the state's per-seat tables), and copied one level deeper."""
    return tuple((list(map(list.copy, v)) if v and type(v[0]) is list else v[:]) if type(v) is list else v for v in key)


def index_of(vocabulary: Sequence[Any], value: Any) -> int | None:
    """The position of ``value`` in ``vocabulary``, or ``None`` (unknown, hidden or absent)."""
    try:
        return vocabulary.index(value)
    except ValueError:
        return None


PURE_PYTHON_VARIABLE = "FIREBREAK_PURE_PYTHON"
"""Set to 1 to use no compiled path (debugging, or comparing against the Python paths)."""


def compiled_module(name: str) -> Any | None:
    """The compiled module ``name`` (a game's ``_encode`` extension), or ``None`` when it was not built or
    ``FIREBREAK_PURE_PYTHON`` is set: every caller then keeps to the Python paths."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


class ObservationEncoder(ABC):
    """Turns the view of the seat to act into a fixed-length list of floats (see the module docstring).

    Subclasses set up their sizes in ``__init__`` from the player count and options, list their layout in
    :meth:`fields` and write it in :meth:`write`, in the same order.
    """

    compiled: Any = None
    """The compiled path (optional): an object whose ``write(state, viewer, out)`` writes exactly what
    :meth:`write_state` writes into ``out``, a zeroed C-contiguous float32 buffer of :attr:`size` numbers (a
    buffer of another length or type is refused with an error). A game's encoder sets it in ``__init__`` from its
    extension (:func:`compiled_module`), or leaves it ``None``."""

    def __init__(self, num_players: int, options: dict[str, Any]) -> None:
        self.num_players = num_players
        self.options = dict(options)

    @abstractmethod
    def fields(self) -> list[Field]:
        """The layout, in writing order."""

    @abstractmethod
    def write(self, view: dict[str, Any], viewer: int, out: Writer) -> None:
        """Append the numbers for ``view``, the view of seat ``viewer``."""

    def write_state(self, state: Any, viewer: int, out: Any) -> None:
        """The fast path (optional): write seat ``viewer``'s observation of ``state`` into ``out``, a buffer of
        :attr:`size` zeros supporting item and slice assignment (a list or a float32 array), writing only the
        numbers that are not 0. It must give exactly ``encode(state.view(viewer), viewer)``: compute each number
        as the view path does (in Python floats) and assign it once, so a float32 buffer rounds it identically."""
        raise NotImplementedError(f"{type(self).__name__} has no fast path")

    @property
    def has_compiled_path(self) -> bool:
        """True if the game's compiled writer was built and is in use."""
        return self.compiled is not None

    @property
    def has_fast_path(self) -> bool:
        """True if the game's encoder overrides :meth:`write_state`."""
        return type(self).write_state is not ObservationEncoder.write_state

    def writer(self) -> Callable[[Any, int, Any], None]:
        """The one choice of path for callers that fill float32 buffers (the learning environments): a function
        ``(state, viewer, out)`` that writes seat ``viewer``'s observation of ``state`` into ``out``, a zeroed
        C-contiguous float32 buffer of :attr:`size` numbers. The compiled path when it was built; else the fast
        path; else the seat's view. Every path writes the same numbers (tests hold each to the view path).
        Callers keep the function rather than ask again at every decision."""
        if self.compiled is not None:
            return self.compiled.write
        if self.has_fast_path:
            return self.write_state

        def from_view(state: Any, viewer: int, out: Any) -> None:
            out[:] = self.encode(state.view(viewer), viewer)

        return from_view

    def encode_state(self, state: Any, viewer: int) -> list[float]:
        """Seat ``viewer``'s observation of ``state``: through the fast path when there is one, else its view."""
        if not self.has_fast_path:
            return self.encode(state.view(viewer), viewer)
        out = [0.0] * self.size
        self.write_state(state, viewer, out)
        return out

    def offsets(self) -> dict[str, int]:
        """Where each field starts (fast paths write by offset)."""
        table = getattr(self, "_offsets", None)
        if table is None:
            table, at = {}, 0
            for f in self.fields():
                table[f.name] = at
                at += f.size
            self._offsets = table
        return table

    @property
    def size(self) -> int:
        size = getattr(self, "_size", None)
        if size is None:
            size = self._size = sum(f.size for f in self.fields())
        return size

    def encode(self, view: dict[str, Any], viewer: int) -> list[float]:
        """The observation of seat ``viewer`` from its view."""
        out = Writer()
        self.write(view, viewer, out)
        if len(out.values) != self.size:
            raise FirebreakError(f"{type(self).__name__} wrote {len(out.values)} numbers, its layout has {self.size}")
        return out.values

    def relative(self, seat: int | None, viewer: int) -> int | None:
        """A seat counted from the viewer: 0 is the viewer, 1 the next seat, ... (``None`` stays ``None``)."""
        if seat is None or seat < 0:
            return None
        return (seat - viewer) % self.num_players

    def seats_from(self, viewer: int) -> list[int]:
        """The seats in the order observations list them: the viewer first."""
        return [(viewer + k) % self.num_players for k in range(self.num_players)]

    def describe(self) -> str:
        """The layout as a Markdown table (offset, length, field, meaning)."""
        lines = ["| offset | length | field | meaning |", "| ---: | ---: | --- | --- |"]
        offset = 0
        for f in self.fields():
            lines.append(f"| {offset} | {f.size} | `{f.name}` | {f.doc} |")
            offset += f.size
        lines.append(f"| {offset} | | | total length |")
        return "\n".join(lines)


def observation_encoder(spec: GameSpec, num_players: int, options: dict[str, Any] | None = None) -> ObservationEncoder:
    """The encoder ``spec``'s game registered for this player count and options; raises if it has none."""
    make = spec.observation_encoder
    if make is None:
        raise FirebreakError(f"{spec.title} has no observation encoder for learning code")
    return make(num_players, spec.resolve_options(num_players, options))


def layout_docs() -> str:
    """Every game's observation layout as Markdown (docs/observations.md is this text)."""
    from .registry import all_games

    out = [
        "# Observation layouts",
        "",
        "Generated from the games' encoders (`firebreak.core.encoding.layout_docs()`); a test keeps this file in",
        "step with the code. Each game's layout is shown for its default player count; the per-seat blocks repeat",
        "once per seat, the viewer first, and `n` below is the player count.",
        "",
    ]
    for spec in all_games():
        if spec.observation_encoder is None:
            continue
        n = spec.default_players
        sizes = ", ".join(
            f"{p} players: {observation_encoder(spec, p).size}" for p in range(spec.min_players, spec.max_players + 1)
        )
        encoder = observation_encoder(spec, n)
        doc = sys.modules[type(encoder).__module__].__doc__ or ""
        out += [
            f"## {spec.title} (`{spec.name}`)",
            "",
            " ".join(doc.split()),
            "",
            f"Lengths with the default options: {sizes}.",
            "",
            f"Layout for {n} players:",
            "",
            encoder.describe(),
            "",
        ]
    return "\n".join(out)
