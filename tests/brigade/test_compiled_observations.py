"""The Brigade's compiled observation writer (``games/brigade/_encode.c``): for every seat at every step of random
whole games, with every player count and the basic, advanced and every-add-on option sets, it writes exactly the
float32 vector the Python fast path (``BrigadeEncoder.write_state``) writes, every field non-zero somewhere; twin
states differing only in what a seat cannot see give that seat the same vector; and a buffer of the wrong kind, a
seat out of range or a corrupt state is refused with an exception (never a crash, never a write outside the
buffer), leaving the buffer zeroed.

The writer is built here from the extension whether or not ``FIREBREAK_PURE_PYTHON`` is set (that switch only
keeps the environments off it). Where the extension was not built the tests are skipped, unless
``FIREBREAK_REQUIRE_COMPILED=1`` (CI), where that is a failure."""

from __future__ import annotations

import importlib
import os
import pickle

import pytest

np = pytest.importorskip("numpy")

from firebreak.core import Rng, get_game  # noqa: E402
from firebreak.core.encoding import PURE_PYTHON_VARIABLE, observation_encoder  # noqa: E402
from firebreak.games.brigade.data import AFFILIATIONS  # noqa: E402
from firebreak.games.brigade.tables import N_POS, tables  # noqa: E402

MODULE = "firebreak.games.brigade._encode"
OPTIONS = {
    "basic": {},
    "advanced": {"advanced": True},
    "every add-on": {"advanced": True, "big_buildings": True, "fire_festival": True, "addon_pack": True},
}


@pytest.fixture(scope="module")
def module():
    try:
        return importlib.import_module(MODULE)
    except ImportError as error:
        if os.environ.get("FIREBREAK_REQUIRE_COMPILED") == "1":
            pytest.fail(f"the Brigade's compiled writer is required but cannot be imported: {error}")
        pytest.skip(f"the Brigade's compiled writer was not built ({error})")


def _writer(module, encoder):
    return module.Encoder(encoder._compiled_layout())


def _fast(encoder, state, seat: int):
    out = np.zeros(encoder.size, np.float32)
    encoder.write_state(state, seat, out)
    return out


def _compiled(writer, size: int, state, seat: int):
    out = np.zeros(size, np.float32)
    writer.write(state, seat, out)
    return out


def _fields(encoder) -> list[tuple[str, int, int]]:
    """Each field's name (the seat blocks' without their seat), start and end."""
    out, at = [], 0
    for f in encoder.fields():
        out.append((f.name.split(".", 1)[1] if f.name.startswith("seat[") else f.name, at, at + f.size))
        at += f.size
    return out


@pytest.mark.parametrize("label", list(OPTIONS))
def test_compiled_vectors_equal_the_fast_path_at_every_step(module, label: str) -> None:
    spec = get_game("brigade")
    options = OPTIONS[label]
    seen: set[str] = set()
    names: set[str] = set()
    compared = 0
    for n in (2, 3, 4):
        encoder = observation_encoder(spec, n, options)
        writer = _writer(module, encoder)
        fields = _fields(encoder)
        names |= {name for name, _, _ in fields}
        for seed in range(12):
            state = spec.new_game(n, 50 + seed, options)
            rng = Rng(7 * seed + n)
            while True:
                for seat in range(n):
                    want = _fast(encoder, state, seat)
                    got = _compiled(writer, encoder.size, state, seat)
                    assert np.array_equal(got, want), (
                        label,
                        n,
                        seed,
                        len(state.history),
                        seat,
                        np.flatnonzero(got != want)[:10].tolist(),
                    )
                    compared += 1
                    seen.update(name for name, start, end in fields if name not in seen and got[start:end].any())
                if state.is_terminal():
                    break
                state.apply(rng.choice(state.legal_actions()))
    assert compared > 6000
    expected = names - ({"cell.big_building"} if "big_buildings" not in options else set())
    assert expected <= seen, sorted(expected - seen)


def test_the_environments_get_the_compiled_writer(module, monkeypatch) -> None:
    spec = get_game("brigade")
    monkeypatch.delenv(PURE_PYTHON_VARIABLE, raising=False)
    encoder = observation_encoder(spec, 3, {})
    assert encoder.has_compiled_path and type(encoder.compiled) is module.Encoder
    state = spec.new_game(3, 1, {})
    assert np.array_equal(_compiled(encoder.compiled, encoder.size, state, 2), _fast(encoder, state, 2))
    monkeypatch.setenv(PURE_PYTHON_VARIABLE, "1")
    assert observation_encoder(spec, 3, {}).compiled is None


def test_twin_states_give_the_seat_the_same_vector(module) -> None:
    """A twin resampling what a seat cannot see (the decks' order, a rival's recruit cards) gives that seat the
    same compiled vector; the recruit cards drawn by another seat really differ in many twins."""
    spec = get_game("brigade")
    twins = hidden_drawn = 0
    for label, options in OPTIONS.items():
        for n in (2, 4):
            encoder = observation_encoder(spec, n, options)
            writer = _writer(module, encoder)
            for seed in range(3):
                state = spec.new_game(n, seed, options)
                rng = Rng(seed)
                step = 0
                while not state.is_terminal():
                    step += 1
                    if step % 5 == 0 or state.drawn:
                        for seat in range(n):
                            twin = state.determinize(seat, Rng(1000 * seat + step))
                            mine = _compiled(writer, encoder.size, state, seat)
                            assert np.array_equal(mine, _compiled(writer, encoder.size, twin, seat)), (
                                label,
                                n,
                                seed,
                                step,
                                seat,
                            )
                            twins += 1
                            hidden_drawn += sorted(twin.drawn) != sorted(state.drawn)
                    state.apply(rng.choice(state.legal_actions()))
    assert twins > 500 and hidden_drawn > 20, (twins, hidden_drawn)


def _scramble(state, rng: Rng) -> None:
    """Set the fields the writer reads to random values within their ranges, in combinations random play rarely
    or never reaches (a destroyed block still loyal, a mimicked card, Sir Precious in a crew, an evacuation...)."""
    n = state.num_players
    t = tables()
    seats = range(-1, n)

    def pick(values, k=None):
        return [rng.choice(values) for _ in range(k)] if k is not None else rng.choice(values)

    if rng.random() < 0.3:  # the fixed board too (new tuples, as a new game has)
        state.st_aff = tuple(pick(range(-1, len(AFFILIATIONS)), N_POS))
        state.st_value = tuple(pick(range(6), N_POS))
        state.st_track = tuple(pick(range(7), N_POS))
        state.st_big = tuple(pick(range(5), N_POS))
        state.firehouse = tuple(pick(range(N_POS), n))
    state.intensity = pick(range(5), N_POS)
    state.destroyed = pick((0, 0, 0, 1), N_POS)
    state.loyal = pick((-1, -1, *range(n)), N_POS)
    state.renown = pick((0, 0, 0, 1, 2, 5), 4 * N_POS)
    state.bpos, state.wpos = pick(range(N_POS), n), pick(range(N_POS), n)
    state.wb, state.ww = pick(range(9), n), pick(range(9), n)
    state.tracks = [rng.below(len(t.tracks[i % 3])) for i in range(3 * n)]
    state.bonus = pick(range(4), n)
    state.renown_left, state.loyalty_left = pick(range(16), n), pick(range(11), n)
    cards = range(len(t.crew))
    state.crew = [pick(cards, rng.below(5)) for _ in range(n)]
    state.mimic = [pick((-1, *cards)) for _ in range(n)]
    state.crew_discard = pick(cards, rng.below(6))
    state.crew_deck = pick(cards, rng.below(25))
    state.drawn = pick(cards, rng.below(3))
    state.drawer = pick(seats)
    events = range(len(t.events))
    state.event_discard = pick(events, rng.below(12))
    state.event_deck = pick(events, rng.below(25))
    state.last_event = pick((-1, *events))
    state.turn_player = rng.below(n)
    state.turn_number = rng.below(40)
    state.phase, state.used, state.precious = rng.below(2), rng.below(6), pick(seats)
    state.n_destroyed, state.n_univ_destroyed = rng.below(13), rng.below(5)
    state.evac, state.over = rng.random() < 0.3, rng.random() < 0.2
    state.advanced = rng.random() < 0.5
    if rng.random() < 0.5:
        state.stack = []


def test_compiled_vectors_equal_the_fast_path_on_scrambled_states(module) -> None:
    """States of random games with the fields the writer reads set at random within their ranges: every
    combination of the numbers' inputs is written as the fast path writes it."""
    spec = get_game("brigade")
    compared = 0
    for label, options in OPTIONS.items():
        for n in (2, 3, 4):
            encoder = observation_encoder(spec, n, options)
            writer = _writer(module, encoder)
            state = spec.new_game(n, n, options)
            rng = Rng(n)
            for step in range(150):
                if state.is_terminal():
                    state = spec.new_game(n, step, options)
                state.apply(rng.choice(state.legal_actions()))
                scrambled = state.clone()
                _scramble(scrambled, rng)
                for seat in range(n):
                    want = _fast(encoder, scrambled, seat)
                    got = _compiled(writer, encoder.size, scrambled, seat)
                    assert np.array_equal(got, want), (label, n, step, seat, np.flatnonzero(got != want)[:10].tolist())
                    compared += 1
    assert compared > 3000


@pytest.fixture
def setup(module):
    spec = get_game("brigade")
    encoder = observation_encoder(spec, 3, OPTIONS["every add-on"])
    writer = _writer(module, encoder)
    state = spec.new_game(3, 4, OPTIONS["every add-on"])
    rng = Rng(4)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    return encoder, writer, state


def test_buffers_and_seats_are_checked(setup) -> None:
    encoder, writer, state = setup
    size = encoder.size
    with pytest.raises(ValueError):
        writer.write(state, 0, np.zeros(size - 1, np.float32))
    with pytest.raises(ValueError):
        writer.write(state, 0, np.zeros(size + 1, np.float32))
    with pytest.raises(TypeError):
        writer.write(state, 0, np.zeros(size, np.float64))
    with pytest.raises(TypeError):
        writer.write(state, 0, np.zeros(size, np.int32))
    with pytest.raises(TypeError):
        writer.write(state, 0, [0.0] * size)
    read_only = np.zeros(size, np.float32)
    read_only.flags.writeable = False
    with pytest.raises((ValueError, BufferError, TypeError)):
        writer.write(state, 0, read_only)
    with pytest.raises((ValueError, BufferError, TypeError)):  # not contiguous
        writer.write(state, 0, np.zeros(2 * size, np.float32)[::2])
    for seat in (-1, 3, 10**6):
        with pytest.raises(ValueError):
            writer.write(state, seat, np.zeros(size, np.float32))
    with pytest.raises(TypeError):
        writer.write(state, 0.0, np.zeros(size, np.float32))
    with pytest.raises(TypeError):
        writer.write(state, 0)
    assert not read_only.any()


def _corruptions(state):
    """(what, how, seats): ways of corrupting a state's fields, each of which the writer must refuse when writing
    for those seats (None: every seat; a rival's recruit cards are not read at all)."""
    n = 3
    drawer = state.drawer if state.drawer >= 0 else 0

    def put(name, index, value):
        def corrupt(s):
            values = list(getattr(s, name))
            values[index] = value
            setattr(s, name, values if type(getattr(s, name)) is list else tuple(values))

        return corrupt

    def replace(name, value):
        return lambda s: setattr(s, name, value)

    def drawn(s):
        s.drawn, s.drawer = [10**3], drawer

    return [
        ("a Brigade off the board", put("bpos", 1, N_POS)),
        ("a Brigade at a negative cell", put("bpos", 0, -1)),
        ("a Wagon off the board", put("wpos", 2, N_POS + 5)),
        ("a Firehouse off the board", put("firehouse", 0, N_POS)),
        ("a block loyal to no seat", put("loyal", 7, n)),
        ("an unknown affiliation", put("st_aff", 7, 99)),
        ("a level beyond its track", put("tracks", 2, 99)),
        ("a negative level", put("tracks", 0, -1)),
        ("an unknown Crew card", lambda s: s.crew[0].append(10**4)),
        ("an unknown discarded Crew card", replace("crew_discard", [-1])),
        ("an unknown discarded event", replace("event_discard", [10**4])),
        ("a huge number", replace("event_discard", [10**40])),
        ("an unknown last event", replace("last_event", 10**4)),
        ("unknown recruit cards", drawn, [drawer]),
        ("a seat that drew no seat", replace("drawer", n)),
        ("a turn of no seat", replace("turn_player", n)),
        ("a turn of None", replace("turn_player", None)),
        ("a frame without a player", replace("stack", [(1,)])),
        ("a frame that is not a tuple", replace("stack", [None])),
        ("a seat to act out of range", replace("stack", [(1, 7)])),
        ("crews replaced by None", replace("crew", None)),
        ("a crew replaced by None", put("crew", 1, None)),
        ("too few crews", replace("crew", [[]])),
        ("intensity replaced by None", replace("intensity", None)),
        ("a short intensity list", replace("intensity", [0] * (N_POS - 1))),
        ("a long renown list", replace("renown", [0] * (4 * N_POS + 4))),
        ("a renown of text", put("renown", 5, "1")),
        ("too few Wagons", replace("wpos", [0])),
        ("water of None", put("wb", 0, None)),
        ("a float score", put("bonus", 0, 1.5)),
        ("a deck that is a tuple", replace("event_deck", (1, 2))),
        ("no phase", replace("phase", None)),
    ]


def test_a_corrupt_state_raises_and_leaves_the_buffer_zeroed(setup) -> None:
    encoder, writer, state = setup
    for what, corrupt, *seats in _corruptions(state):
        bad = state.clone()
        corrupt(bad)
        out = np.zeros(encoder.size, np.float32)
        for seat in seats[0] if seats else range(3):
            with pytest.raises((ValueError, TypeError, IndexError, OverflowError)):
                writer.write(bad, seat, out)
                pytest.fail(f"{what}: written without an error for seat {seat}")
            assert not out.any(), what
    # the writer is unharmed: the state itself still gives the fast path's numbers
    for seat in range(3):
        assert np.array_equal(_compiled(writer, encoder.size, state, seat), _fast(encoder, state, seat))
    with pytest.raises(AttributeError):
        writer.write(object(), 0, np.zeros(encoder.size, np.float32))


def test_the_layout_is_checked_and_the_writer_pickles(module, setup) -> None:
    encoder, writer, state = setup
    layout = encoder._compiled_layout()
    copy = pickle.loads(pickle.dumps(writer))
    assert np.array_equal(_compiled(copy, encoder.size, state, 1), _compiled(writer, encoder.size, state, 1))
    with pytest.raises(ValueError):
        module.Encoder({})
    with pytest.raises(TypeError):
        module.Encoder(list(layout.items()))
    missing = dict(layout)
    del missing["renown_at"]
    missing["spare"] = 0
    with pytest.raises(KeyError):
        module.Encoder(missing)
    for key, value in [
        ("over_at", encoder.size),
        ("seats_at", encoder.size - 10),
        ("num_players", 9),
        ("num_players", 0),
        ("crew_aff", (99,) * len(layout["crew_aff"])),
        ("event_index", (-1,) * len(layout["event_index"])),
        ("track_lengths", (5, 5, 6)),
        ("lead_track", 3),
        ("crew_water", (2,)),
        ("size", "1592"),
    ]:
        with pytest.raises((ValueError, TypeError)):
            module.Encoder({**layout, key: value})
