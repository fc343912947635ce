"""The Great Fire's compiled observation writer (``games/great_fire/_encode.c``): for every seat at every step of
random whole games, with 3 and 6 players, with and without Hidden Colours and More Destruction, it writes exactly
the float32 vector the Python fast path (``GreatFireEncoder.write_state``) writes, and between them those games
(with copies of their positions where hands were shown and fires put out, which random play almost never does)
make every field of the layout non-zero at least once, so no field goes unchecked. What every game's writer
promises alike (refusing bad buffers, surviving corrupt states) is in tests/rl/test_compiled_observations.py."""

from __future__ import annotations

import os

import pytest

np = pytest.importorskip("numpy")

from firebreak.core import Rng, get_game  # noqa: E402
from firebreak.core.encoding import observation_encoder  # noqa: E402

OPTION_SETS = [{}, {"hidden_colours": True, "more_destruction": True}]


def _great_fire_rarities(state) -> None:
    """What random Great Fire games almost never reach: a hand shown to everyone (no fire move possible), fires
    put out and a Hero of London, set on a copy of a position met in play."""
    for p in range(state.num_players):
        state.known[p] = list(state.hands[p])
        state.put_out[p] = p + 1
    state.hero = state.num_players - 1


@pytest.mark.parametrize("options", OPTION_SETS, ids=["basic", "hidden colours, more destruction"])
def test_compiled_vectors_equal_the_fast_path_for_every_seat(options: dict) -> None:
    spec = get_game("great-fire")
    seen: set[str] = set()
    names: set[str] = set()
    compared = 0
    for n in (spec.min_players, spec.max_players):
        encoder = observation_encoder(spec, n, options)
        if encoder.compiled is None:
            message = "the Great Fire's compiled observation writer was not built (no C compiler or Python headers?)"
            if os.environ.get("FIREBREAK_REQUIRE_COMPILED") == "1":
                pytest.fail(message)
            pytest.skip(message)
        fields = [
            f.name.split(".", 1)[-1] if f.name.startswith("seat[") else f.name
            for f in encoder.fields()
            for _ in range(f.size)
        ]
        names.update(fields)
        for seed in range(3):
            state = spec.new_game(n, 40 + seed, options)
            rng = Rng(seed + n)
            while True:
                positions = [state]
                if len(state.history) % 10 == 0:
                    rare = state.clone()
                    _great_fire_rarities(rare)
                    positions.append(rare)
                for position in positions:
                    for seat in range(n):
                        got = np.zeros(encoder.size, np.float32)
                        encoder.compiled.write(position, seat, got)
                        want = np.zeros(encoder.size, np.float32)
                        encoder.write_state(position, seat, want)
                        assert np.array_equal(got, want), (
                            options,
                            n,
                            seat,
                            len(position.history),
                            [fields[i] for i in np.flatnonzero(got != want)[:5]],
                        )
                        seen.update(fields[i] for i in np.flatnonzero(got))
                        compared += 1
                if state.is_terminal():
                    break
                state.apply(rng.choice(state.legal_actions()))
    assert compared > 1000
    never = sorted(names - seen)
    assert not never, f"fields never non-zero in these games, so never checked: {never}"
