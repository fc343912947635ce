"""What every game's compiled observation writer (``games/<game>/_encode.c``) promises alike.

Every game ships one, and it was built (required where ``FIREBREAK_REQUIRE_COMPILED=1``, as in CI); a buffer of
the wrong size or type and a viewer who is not a seat are refused with an exception; a state with any one of its
fields corrupted gives an exception or a vector, never a crash or a write outside the buffer; and
``FIREBREAK_PURE_PYTHON=1`` turns it off. That each writes exactly its game's Python fast path is tested per game
(``tests/<game>/test_compiled_observations.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import util
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from firebreak.core import Rng, all_games, get_game  # noqa: E402
from firebreak.core.encoding import compiled_module, observation_encoder  # noqa: E402

from .helpers import short  # noqa: E402

WITH_C = [
    s.name for s in all_games() if (Path(util.find_spec(s.state_class.__module__).origin).parent / "_encode.c").exists()
]
REQUIRED = os.environ.get("FIREBREAK_REQUIRE_COMPILED") == "1"


def _encoder(game: str, n: int, options: dict):
    encoder = observation_encoder(get_game(game), n, short(game, options))
    if encoder.compiled is None:
        message = f"{game}'s compiled observation writer was not built (no C compiler or Python headers?)"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    return encoder


def test_every_game_of_firebreak_ships_a_writer() -> None:
    shipped = {s.name for s in all_games() if s.state_class.__module__.startswith("firebreak.games.")}
    assert shipped == {"brigade", "catan", "great-fire"} and set(WITH_C) == shipped


@pytest.mark.parametrize("game", WITH_C)
def test_bad_buffers_and_viewers_are_refused(game: str) -> None:
    spec = get_game(game)
    n = spec.min_players
    encoder = _encoder(game, n, {})
    state = spec.new_game(n, 1, short(game))
    write = encoder.compiled.write
    with pytest.raises(ValueError, match="holds 3 numbers; the layout has"):
        write(state, 0, np.zeros(3, np.float32))
    with pytest.raises(TypeError, match="float32"):
        write(state, 0, np.zeros(encoder.size, np.float64))
    with pytest.raises(TypeError, match="float32"):
        write(state, 0, np.zeros(encoder.size, np.int32))
    frozen = np.zeros(encoder.size, np.float32)
    frozen.setflags(write=False)
    with pytest.raises((TypeError, BufferError, ValueError)):
        write(state, 0, frozen)
    assert not frozen.any()
    with pytest.raises(TypeError):
        write(state, 0, [0.0] * encoder.size)
    with pytest.raises(ValueError, match="not a seat"):
        write(state, n, np.zeros(encoder.size, np.float32))
    with pytest.raises(ValueError, match="not a seat"):
        write(state, -1, np.zeros(encoder.size, np.float32))
    with pytest.raises(TypeError):
        write(state, "0", np.zeros(encoder.size, np.float32))
    with pytest.raises(TypeError):
        write(state, 0)
    with pytest.raises(AttributeError):
        write(object(), 0, np.zeros(encoder.size, np.float32))


def _corruptions(state):
    """Copies of ``state`` with one field broken each: a list replaced by None, by a tuple, or emptied; a number
    in a list (or in a list of lists) set far out of range, negative, or to a string."""
    names = set(getattr(state, "__dict__", ()))
    for cls in type(state).__mro__:  # and the fields kept in slots
        names.update(n for n in cls.__dict__.get("__slots__", ()) if hasattr(state, n))
    for name, value in sorted((n, getattr(state, n)) for n in names):
        if type(value) is not list:
            if type(value) is int:
                for bad in (10**6, -(10**6), 2**70, None):
                    yield name, bad
            continue
        yield name, None
        yield name, tuple(value)
        yield name, []
        for i, item in enumerate(value[:3]):
            if type(item) is int:
                for bad in (10**6, -(10**6), 2**70, "x"):
                    yield name, [*value[:i], bad, *value[i + 1 :]]
            elif type(item) is list and item and type(item[0]) is int:
                for bad in (10**6, -(10**6), "x"):
                    yield name, [*value[:i], [bad, *item[1:]], *value[i + 1 :]]


@pytest.mark.parametrize("game", WITH_C)
def test_a_corrupt_state_raises_and_never_writes_outside_the_buffer(game: str) -> None:
    """Every field of states met along a random game, broken one at a time: the writer either writes the vector
    (the field was not read, or its broken value is still in range) or raises; a guard zone after the vector
    shows that nothing is ever written past its end, and the process survives (a crash fails the test run)."""
    spec = get_game(game)
    n = spec.max_players
    encoder = _encoder(game, n, {})
    state = spec.new_game(n, 5, short(game))
    rng = Rng(5)
    raised = tried = 0
    for step in range(60):
        if step % 20 == 0:
            for name, bad in _corruptions(state):
                broken = state.clone()
                setattr(broken, name, bad)
                guarded = np.zeros(encoder.size + 64, np.float32)
                try:
                    encoder.compiled.write(broken, step % n, guarded[: encoder.size])
                except (TypeError, ValueError, IndexError, OverflowError, KeyError, AttributeError):
                    raised += 1
                tried += 1
                assert not guarded[encoder.size :].any(), (name, bad)
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert tried > 50 and raised > 10


@pytest.mark.parametrize("game", WITH_C)
def test_pure_python_turns_the_compiled_path_off(game: str) -> None:
    module = f"{get_game(game).state_class.__module__.rsplit('.', 1)[0]}._encode"
    code = (
        "from firebreak.core import get_game; from firebreak.core.encoding import observation_encoder; "
        f"e = observation_encoder(get_game({game!r}), {get_game(game).min_players}); "
        "print(e.compiled is None, e.has_compiled_path)"
    )
    env = {**os.environ, "FIREBREAK_PURE_PYTHON": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False"]
    if compiled_module(module) is not None:  # and without the variable it is used
        assert observation_encoder(get_game(game), get_game(game).min_players).has_compiled_path


@pytest.mark.parametrize("game", WITH_C)
def test_an_encoder_and_its_writer_are_freed_when_dropped(game: str) -> None:
    """An environment made and dropped many times (a vectorised learner's workers, a test suite) must not keep its
    encoder alive: the compiled writer keeps nothing that points back to it (the garbage collector cannot see a
    cycle through C)."""
    import gc
    import weakref

    encoder = _encoder(game, get_game(game).min_players, {})
    gone = weakref.ref(encoder)
    del encoder
    gc.collect()
    assert gone() is None
