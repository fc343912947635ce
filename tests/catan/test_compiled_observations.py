"""Catan's compiled observation writer (games/catan/_encode.c): for every seat at every step of random whole games
(3 to 6 players, the base, 5-6 and Seafarers boards, both rule modes, with trading), the vector it writes is the
Python fast path's bit for bit, and every field is non-zero somewhere; twin states differing only in what a seat
cannot see give that seat the same vector; a wrong buffer, a wrong seat or a corrupt state is an error, never a
crash or a write outside the buffer.

Skipped when the extension was not built (no C compiler), unless FIREBREAK_REQUIRE_COMPILED=1 (as CI sets)."""

from __future__ import annotations

import importlib
import os
import re

import pytest

np = pytest.importorskip("numpy")

from firebreak.core import Rng, get_game  # noqa: E402
from firebreak.core.encoding import observation_encoder  # noqa: E402
from firebreak.games.catan.constants import TRADE_DRAFT  # noqa: E402

SPEC = get_game("catan")

try:
    _encode = importlib.import_module("firebreak.games.catan._encode")
except ImportError as exc:  # not built: the Python paths serve
    _encode, _missing = None, str(exc)


@pytest.fixture(autouse=True)
def _compiled_built() -> None:
    if _encode is None:
        if os.environ.get("FIREBREAK_REQUIRE_COMPILED") == "1":
            pytest.fail(f"the compiled Catan writer is required but was not built: {_missing}")
        pytest.skip(f"the compiled Catan writer was not built ({_missing})")


def _encoder(n: int, options: dict):
    """The encoder and its compiled writer (made from the module when FIREBREAK_PURE_PYTHON turned it off)."""
    encoder = observation_encoder(SPEC, n, options)
    compiled = encoder.compiled
    if compiled is None:
        compiled = _encode.Encoder(encoder._compiled_params(), encoder._compiled_tables(), encoder._board_tables)
    return encoder, compiled


def _fast(encoder, state, seat: int):
    out = np.zeros(encoder.size, np.float32)
    encoder.write_state(state, seat, out)
    return out


def _compiled(encoder, compiled, state, seat: int):
    out = np.zeros(encoder.size, np.float32)
    compiled.write(state, seat, out)
    return out


def _field_names(encoder) -> list[tuple[str, int, int]]:
    """Each field's name (per-seat fields by their name alone: ``seat.cards``), start and end."""
    out, at = [], 0
    for f in encoder.fields():
        out.append((re.sub(r"^seat\[\d+\]", "seat", f.name), at, at + f.size))
        at += f.size
    return out


def _compare(encoder, compiled, state, names, seen: set[str] | None, what: str) -> int:
    """Every seat's compiled vector held to the fast path's; the fields seen non-zero go to ``seen``."""
    n = encoder.num_players
    for seat in range(n):
        want = _fast(encoder, state, seat)
        got = _compiled(encoder, compiled, state, seat)
        if not np.array_equal(got, want):
            wrong = [name for name, a, b in names if not np.array_equal(got[a:b], want[a:b])]
            pytest.fail(f"{what}, step {len(state.history)}, seat {seat}: {wrong}")
        if seen is not None:
            seen.update(name for name, a, b in names if got[a:b].any())
    return n


def _play(n: int, options: dict, seed: int, seen: set[str] | None = None) -> int:
    """A random whole game, every seat's compiled vector held to the fast path's at every step; the fields seen
    non-zero go to ``seen``. Returns the number of vectors compared."""
    encoder, compiled = _encoder(n, options)
    names = _field_names(encoder)
    state = SPEC.new_game(n, seed, options)
    rng = Rng(seed)
    compared = 0
    while True:
        compared += _compare(encoder, compiled, state, names, seen, f"{options}, {n} players, seed {seed}")
        if state.is_terminal():
            return compared
        state.apply(rng.choice(state.legal_actions()))


GAMES = [  # (players, options): every board, both modes, with trading
    (3, {"turn_limit": 15}),
    (4, {"mode": "classic", "layout": "random", "turn_limit": 15}),
    (5, {"turn_limit": 12}),
    (6, {"mode": "classic", "turn_limit": 12}),
    (3, {"board": "seafarers", "mode": "classic", "turn_limit": 15}),
    (4, {"board": "seafarers", "turn_limit": 15}),
    (5, {"board": "seafarers", "mode": "classic", "turn_limit": 12}),
    (6, {"board": "seafarers", "turn_limit": 12}),
]


@pytest.mark.parametrize("n,options", GAMES, ids=lambda x: str(x))
def test_compiled_vectors_equal_the_fast_path_at_every_step(n: int, options: dict) -> None:
    encoder, compiled = _encoder(n, options)
    assert encoder.has_compiled_path or os.environ.get("FIREBREAK_PURE_PYTHON", "") not in ("", "0")
    assert _play(n, options, seed=n) > 100


RARE = {"seat.islands_settled", "seat.gold_to_choose"}
"""Fields random games (almost) never make non-zero: settling a small island and a gold field's pick need ships
across the sea first (no random Seafarers game tried reached them); they are compared on positions set by hand."""


def _islands_and_gold(seen: set[str] | None = None) -> int:
    """Seafarers positions with islands settled and gold-field picks pending (set by hand on random games' states),
    every seat's compiled vector held to the fast path's."""
    compared = 0
    for n, options in (
        (4, {"board": "seafarers", "mode": "classic", "turn_limit": 15}),
        (6, {"board": "seafarers", "turn_limit": 15}),
    ):
        encoder, compiled = _encoder(n, options)
        names = _field_names(encoder)
        state = SPEC.new_game(n, 7, options)
        rng = Rng(7)
        for step in range(150):
            if state.is_terminal():
                break
            if step % 10 == 0:
                twin = state.clone()
                twin.isles[step % n] = [1] * (1 + step % 3)
                twin.gold_left[(step + 1) % n] = 1 + step % 2
                compared += _compare(encoder, compiled, twin, names, seen, f"{options}, islands and gold")
            state.apply(rng.choice(state.legal_actions()))
    return compared


def test_islands_settled_and_gold_picks() -> None:
    seen: set[str] = set()
    assert _islands_and_gold(seen) > 20
    assert RARE <= seen


@pytest.mark.slow
def test_every_field_is_non_zero_somewhere_in_longer_games() -> None:
    """Longer random games on every board and in both modes, every seat at every step: every field of both layouts
    (the base board's and Seafarers') is non-zero somewhere, so each of the C writer's numbers was compared."""
    seen: dict[bool, set[str]] = {False: set(), True: set()}
    compared = 0
    for k, (n, options) in enumerate(
        [
            (4, {"turn_limit": 60}),
            (3, {"mode": "classic", "turn_limit": 60}),
            (5, {"mode": "classic", "turn_limit": 40}),
            (6, {"turn_limit": 40}),
            (4, {"board": "seafarers", "mode": "classic", "turn_limit": 60}),
            (3, {"board": "seafarers", "turn_limit": 60}),
            (5, {"board": "seafarers", "turn_limit": 40}),
            (6, {"board": "seafarers", "mode": "classic", "turn_limit": 40}),
        ]
    ):
        sea = options.get("board") == "seafarers"
        # seeds whose games reach the rare fields: a Road Building card played (the classic 3-player games),
        # an island settled and a gold field's pick (Seafarers)
        for seed in range(105, 109) if k == 1 else range(100 * k, 100 * k + 4):
            compared += _play(n, options, seed, seen[sea])
    compared += _islands_and_gold(seen[True])
    assert compared > 10000
    for sea in (False, True):
        encoder, _ = _encoder(4, {"board": "seafarers"} if sea else {})
        fields = {name for name, _a, _b in _field_names(encoder)}
        never = fields - seen[sea]
        assert not never, f"never non-zero ({'Seafarers' if sea else 'base'} board): {sorted(never)}"


@pytest.mark.parametrize(
    "options",
    [
        {"turn_limit": 15},
        {"mode": "classic", "turn_limit": 15},
        {"board": "seafarers", "mode": "classic", "turn_limit": 15},
    ],
    ids=lambda x: str(x),
)
def test_twins_give_the_seat_the_same_compiled_vector(options: dict) -> None:
    """A twin resampling what the seat cannot see (rivals' cards, development cards, the deck), and a twin whose
    offer being drafted by another seat holds other cards, give that seat the same vector; the twins differ."""
    n = 4
    encoder, compiled = _encoder(n, options)
    differs = drafts = 0
    for seed in range(3):
        state = SPEC.new_game(n, seed, options)
        rng = Rng(seed)
        for step in range(400):
            if state.is_terminal():
                break
            if step % 5 == 0:
                for other in range(n):
                    twin = state.determinize(other, Rng(1000 + step))
                    assert np.array_equal(
                        _compiled(encoder, compiled, state, other), _compiled(encoder, compiled, twin, other)
                    )
                    differs += twin.state_dict() != state.state_dict()
            if state.phase == TRADE_DRAFT:  # the draft's cards are its composer's until proposed
                twin = state.clone()
                twin.give = [(g + 1) % 3 for g in state.give]
                twin.ask = [(a + 2) % 3 for a in state.ask]
                for other in range(n):
                    same = np.array_equal(
                        _compiled(encoder, compiled, state, other), _compiled(encoder, compiled, twin, other)
                    )
                    assert same == (other != state.turn), (other, state.turn)
                drafts += 1
            state.apply(rng.choice(state.legal_actions()))
    assert differs > 20 and drafts > 5


def _state(options: dict | None = None, steps: int = 200):
    options = options or {"board": "seafarers", "mode": "classic", "turn_limit": 15}
    state = SPEC.new_game(4, 1, options)
    rng = Rng(1)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state, _encoder(4, options)


def test_a_wrong_buffer_or_seat_is_refused() -> None:
    state, (encoder, compiled) = _state()
    with pytest.raises(ValueError):
        compiled.write(state, 0, np.zeros(encoder.size - 1, np.float32))
    with pytest.raises(ValueError):
        compiled.write(state, 0, np.zeros(encoder.size + 1, np.float32))
    with pytest.raises(TypeError):
        compiled.write(state, 0, np.zeros(encoder.size, np.float64))
    with pytest.raises(TypeError):
        compiled.write(state, 0, [0.0] * encoder.size)
    read_only = np.zeros(encoder.size, np.float32)
    read_only.flags.writeable = False
    with pytest.raises((TypeError, ValueError, BufferError)):
        compiled.write(state, 0, read_only)
    with pytest.raises((TypeError, ValueError, BufferError)):
        compiled.write(state, 0, np.zeros(2 * encoder.size, np.float32)[::2])  # not contiguous
    for seat in (-1, 4, 10**30):
        with pytest.raises((ValueError, OverflowError)):
            compiled.write(state, seat, np.zeros(encoder.size, np.float32))
    with pytest.raises(TypeError):
        compiled.write(state, 0)
    out = np.zeros(encoder.size, np.float32)
    compiled.write(state, 3, out)
    assert np.array_equal(out, _fast(encoder, state, 3))


CORRUPTIONS = [  # (attribute, how to spoil it)
    ("node_owner", lambda s: s.node_owner.extend([0] * 1000)),
    ("node_owner", lambda s: s.node_owner.__setitem__(0, "0")),
    ("node_level", lambda s: setattr(s, "node_level", s.node_level[:2])),
    ("edge_owner", lambda s: s.edge_owner.extend([0] * 500)),
    ("edge_ship", lambda s: setattr(s, "edge_ship", [])),
    ("terrain", lambda s: setattr(s, "terrain", [99] * len(s.terrain))),
    ("terrain", lambda s: setattr(s, "terrain", s.terrain[:3])),
    ("numbers", lambda s: setattr(s, "numbers", None)),
    ("token_hex", lambda s: setattr(s, "token_hex", 10**5)),
    ("token_hex", lambda s: setattr(s, "token_hex", "A")),
    ("pirate_hex", lambda s: setattr(s, "pirate_hex", 10**5)),
    ("hands", lambda s: s.hands.__setitem__(2, None)),
    ("hands", lambda s: s.hands.pop()),
    ("hands", lambda s: s.hands[1].append(1)),
    ("bank", lambda s: setattr(s, "bank", None)),
    ("bank", lambda s: s.bank.append(3)),
    ("rates", lambda s: s.rates[1].pop()),
    ("isles", lambda s: setattr(s, "isles", [[]])),
    ("dev_hand", lambda s: s.dev_hand.__setitem__(1, None)),
    ("dev_new", lambda s: s.dev_new.__setitem__(1, [0])),
    ("road_holder", lambda s: setattr(s, "road_holder", 17)),
    ("phase", lambda s: setattr(s, "phase", None)),
    ("turn", lambda s: setattr(s, "turn", 2.5)),
    ("dice", lambda s: setattr(s, "dice", ("six", 1))),
    ("declined", lambda s: setattr(s, "declined", [])),
    ("fire_left", lambda s: s.fire_left.__setitem__(1, [1])),
    ("ships_left", lambda s: setattr(s, "ships_left", [0])),
    ("discard_left", lambda s: s.discard_left.__setitem__(3, 2**70)),
    ("topo", lambda s: setattr(s, "topo", None)),
    ("token_hex", lambda s: setattr(s, "token_hex", 2**62)),  # numbers near the C long's limits
    ("pirate_hex", lambda s: setattr(s, "pirate_hex", 2**63 - 1)),
    ("hands", lambda s: s.hands[2].__setitem__(0, 2**62)),
    ("build_vp", lambda s: s.build_vp.__setitem__(0, 2**63 - 1)),
    ("stations_left", lambda s: s.stations_left.__setitem__(3, -(2**63))),
]


@pytest.mark.parametrize("what,spoil", CORRUPTIONS, ids=[f"{k}-{c[0]}" for k, c in enumerate(CORRUPTIONS)])
def test_a_corrupt_state_is_an_error_not_a_crash(what: str, spoil) -> None:
    state, (encoder, compiled) = _state()
    spoil(state)
    guard = 64
    out = np.zeros(encoder.size + 2 * guard, np.float32)
    with pytest.raises((IndexError, TypeError, ValueError, OverflowError, AttributeError)):
        compiled.write(state, 1, out[guard:-guard])
    assert not out[:guard].any() and not out[-guard:].any()  # nothing written outside the buffer


def test_an_offer_on_the_table_is_corrupt_when_its_lists_are() -> None:
    options = {"turn_limit": 15}
    encoder, compiled = _encoder(4, options)
    state = SPEC.new_game(4, 2, options)
    rng = Rng(2)
    while state.phase != TRADE_DRAFT:
        state.apply(rng.choice(state.legal_actions()))
    out = np.zeros(encoder.size, np.float32)
    compiled.write(state, state.turn, out)
    assert np.array_equal(out, _fast(encoder, state, state.turn))
    twin = state.clone()
    twin.turn, twin.responders = 1 - 2**63, [2**63 - 1, -(2**63)]  # any seat number is taken modulo the seats
    assert np.array_equal(_compiled(encoder, compiled, twin, 1), _fast(encoder, twin, 1))
    for attr, bad in (("give", [1, 2]), ("ask", None), ("responders", [None]), ("acceptors", "0")):
        twin = state.clone()
        setattr(twin, attr, bad)
        with pytest.raises((IndexError, TypeError, ValueError)):
            compiled.write(twin, state.turn, np.zeros(encoder.size, np.float32))


def test_attributes_that_are_no_plain_slots_are_read_as_python_reads_them() -> None:
    """The writer reads the state's slots in place, keyed by the state's class while the class is unchanged: a
    subclass, a property put on the class after the writer read it, and a slot not set are all read (or refused)
    as getattr would."""
    from firebreak.games.catan.state import CatanState

    class Relabelled(CatanState):
        __slots__ = ()

    state, (encoder, compiled) = _state()
    state.__class__ = Relabelled
    assert np.array_equal(_compiled(encoder, compiled, state, 2), _fast(encoder, state, 2))
    Relabelled.bank = property(lambda self: [1, 2, 3, 4, 5])  # the class changed since the writer last read it
    Relabelled.turn_count = property(lambda self: 77)
    assert np.array_equal(_compiled(encoder, compiled, state, 2), _fast(encoder, state, 2))
    assert _compiled(encoder, compiled, state, 2)[encoder.offsets()["turn_number"]] == np.float32(0.77)
    del Relabelled.bank
    assert np.array_equal(_compiled(encoder, compiled, state, 1), _fast(encoder, state, 1))
    plain, _ = _state()
    del plain.hands
    with pytest.raises(AttributeError):
        compiled.write(plain, 0, np.zeros(encoder.size, np.float32))
