"""Seeded randomness owned by a game state.

All chance in a game comes from one :class:`Rng` stored in the state, so a game is reproduced exactly by its
options, seed and action list, and a clone continues with the same future as the original.
The generator is Python's Mersenne Twister, whose ``getrandbits``-based shuffles and integer draws are stable
across Python versions; its full state can be copied cheaply and written to JSON.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_new_generator = random.Random.__new__
"""Allocates a generator without seeding it (``random.Random.__init__`` is what seeds)."""


class _Unseeded(random.Random):
    """The type of :data:`_UNSEEDED`, which pickles and copies as itself (a state goes to a bot's worker process
    pickled, and its generator may not have drawn yet)."""

    def __reduce__(self) -> str:
        return "_UNSEEDED"


_UNSEEDED = _new_generator(_Unseeded)
"""The generator of an :class:`Rng` made from a whole-number seed that has not drawn yet: seeded on its first draw
(see :meth:`Rng._own`). Never drawn from (such an Rng is marked shared, so every draw goes through ``_own``)."""


class _Replay:
    """The first 32-bit outputs of a generator seeded with ``seed``, from ``pos`` on: what :meth:`Rng.repeatable`'s
    generators draw their first small integers from, each seeding the Mersenne Twister only if it needs more (a
    search gives every candidate move a generator of the same seed, which most use for one draw, if any).

    Immutable, so clones share it; a draw makes the next one."""

    __slots__ = ("pos", "seed", "words")

    def __init__(self, seed: int, words: tuple[int, ...], pos: int) -> None:
        self.seed = seed
        self.words = words
        self.pos = pos

    def below(self, n: int) -> tuple["_Replay", int] | None:
        """``(what is left, a uniform integer in [0, n))`` as :meth:`Rng._below` draws it (``getrandbits`` of
        ``n``'s bit length until one falls below ``n``: for up to 32 bits, the top bits of one 32-bit output), or
        ``None`` if the outputs kept run out first or ``n`` needs more bits (the generator then draws them)."""
        k = n.bit_length()
        if k > 32:
            return None
        words, pos = self.words, self.pos
        shift = 32 - k
        while pos < len(words):
            r = words[pos] >> shift
            pos += 1
            if r < n:
                return _Replay(self.seed, words, pos), r
        return None

    def generator(self) -> random.Random:
        """The generator as it stands after the outputs drawn so far: seeded, and moved on by as many."""
        g = random.Random(self.seed)
        getrandbits = g.getrandbits
        for _ in range(self.pos):
            getrandbits(32)
        return g


class Rng:
    """A small deterministic generator with just the operations games need."""

    __slots__ = ("_g", "_seed", "_shared", "draws")

    _g: random.Random

    def __init__(self, seed: int | None = None) -> None:
        if isinstance(seed, int):
            # Seeding the Mersenne Twister costs as much as hundreds of draws, and many generators never draw (a
            # search's sample that ends before chance does): seeded on the first draw instead, with the same result.
            self._g = _UNSEEDED
            self._seed = seed
            self._shared = True
        else:
            self._g = random.Random(seed)
            self._seed = 0
            # True while the generator object may be held by a clone too (copy on write, see clone): the first
            # draw on either side then takes its own copy of the state (or, not yet seeded, seeds its own)
            self._shared = False
        # draws made so far (each operation below counts one): whether an action drew on chance, which makes it
        # impossible to take back (see GameState.undo_refusal)
        self.draws = 0

    def _own(self) -> random.Random:
        """This Rng's own generator to draw from: a shared one (see :meth:`clone`) is copied first, one not seeded
        yet is seeded. The draws below read ``self._g`` directly unless ``self._shared``, a check cheaper than a
        call on every draw."""
        if self._g is _UNSEEDED:
            g = random.Random(self._seed)
        elif type(self._g) is _Replay:
            g = self._g.generator()
        else:
            g = _new_generator(random.Random)
            g.setstate(self._g.getstate())
        self._g = g
        self._shared = False
        return g

    def _current(self) -> random.Random:
        """The generator's state as it stands, for reading (one not seeded yet is seeded first)."""
        g = self._g
        return self._own() if g is _UNSEEDED or type(g) is _Replay else g

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in ``[lo, hi]`` inclusive."""
        if hi < lo:
            raise ValueError(f"empty range [{lo}, {hi}]")
        self.draws += 1
        return lo + self._below(hi - lo + 1)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``; ``n`` must be positive (Python's own helper would loop for ever on 0)."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        self.draws += 1
        return self._below(n)

    def _below(self, n: int) -> int:
        """Python's ``_randbelow_with_getrandbits`` written out (``getrandbits`` of ``n``'s bit length until one falls
        below it): the same draws, one call fewer on a path every die roll and random player takes."""
        if self._shared:
            g = self._g
            if type(g) is _Replay:
                served = g.below(n)
                if served is not None:
                    self._g, r = served
                    return r
            getrandbits = self._own().getrandbits
        else:
            getrandbits = self._g.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        self.draws += 1
        return seq[(self._own() if self._shared else self._g)._randbelow(len(seq))]  # type: ignore[attr-defined]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place, from the top, drawing each index as ``_randbelow`` does (stable across versions).

        The draw is written out here (``getrandbits`` of the bound's bit length until one falls below it, exactly
        Python's ``_randbelow_with_getrandbits``) because set-up shuffles every deck: a call per card was most of
        the cost of laying out a game."""
        getrandbits = (self._own() if self._shared else self._g).getrandbits
        self.draws += 1
        for i in range(len(seq) - 1, 0, -1):
            bound = i + 1
            k = bound.bit_length()
            j = getrandbits(k)
            while j >= bound:
                j = getrandbits(k)
            seq[i], seq[j] = seq[j], seq[i]

    def random(self) -> float:
        self.draws += 1
        return (self._own() if self._shared else self._g).random()

    def spawn(self) -> "Rng":
        """A new generator seeded from this one (for sub-streams such as determinisation)."""
        self.draws += 1
        return Rng((self._own() if self._shared else self._g).getrandbits(64))

    @staticmethod
    def repeatable(seed: int, words: int = 8) -> Callable[[], "Rng"]:
        """A maker of generators each exactly as ``Rng(seed)`` would be, for handing many the same stream (a search
        plays each candidate move on the same random stream): the Mersenne Twister is seeded once here, and each
        generator made serves its first small draws (``below``, ``randint``) from the ``words`` outputs kept,
        seeding its own generator only for anything more."""
        g = random.Random(seed)
        replay = _Replay(seed, tuple(g.getrandbits(32) for _ in range(words)), 0)

        def make() -> Rng:
            new = Rng.__new__(Rng)
            new._g = replay  # type: ignore[assignment]
            new._seed = seed
            new._shared = True  # every draw looks at the outputs kept first (see _below)
            new.draws = 0
            return new

        return make

    def clone(self) -> "Rng":
        """An independent generator with the same future draws.

        The two share one generator object until either draws (copy on write): a clone that never draws (a view,
        a legal-move probe, a position scored without chance) costs no copy of the Mersenne Twister's 2.5 KB state,
        and the one that draws first copies it (without ``random.Random()``'s own seeding from the operating
        system's entropy, which ``setstate`` would overwrite at once)."""
        new = Rng.__new__(Rng)
        new._g = self._g
        new._seed = self._seed
        new._shared = self._shared = True
        new.draws = self.draws
        return new

    def get_state(self) -> list:
        version, internal, gauss = self._current().getstate()
        return [version, list(internal), gauss]

    def set_state(self, state: list) -> None:
        version, internal, gauss = state
        g = _new_generator(random.Random)  # a state of its own: a clone sharing the old one keeps it
        g.setstate((version, tuple(internal), gauss))
        self._g = g
        self._shared = False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self._current().getstate() == other._current().getstate()

    def __hash__(self) -> int:  # pragma: no cover - states are not dict keys
        return hash(self._current().getstate())
