"""Catan's kept observation path (the learning environments' per-seat vectors, patched field by field where the
state changed): through long random games, in which the numbers it compares apart all change (card counts, roads
left, road lengths, cards to discard, fire stations, cities, holders, development cards), every seat's kept vector
is exactly what its view encodes, whether the seat saw the step before or many steps have passed."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from firebreak.core import Rng, get_game  # noqa: E402
from firebreak.core.encoding import observation_encoder  # noqa: E402


def _numbers(state) -> dict[str, object]:
    """The state's numbers the kept path compares apart (the seat blocks' columns and what counts points)."""
    return {
        "cards": [sum(h) for h in state.hands],
        "development cards": [sum(h) for h in state.dev_hand],
        "roads left": list(state.roads_left),
        "road length": list(state.road_len),
        "cards to discard": list(state.discard_left),
        "fire stations left": list(state.stations_left),
        "cities left": list(state.cities_left),
        "holders": (state.road_holder, state.army_holder, state.wardens_holder),
        "knights": list(state.army),
    }


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"mode": "classic"}])
def test_kept_vectors_equal_the_view_through_long_games(options: dict) -> None:
    spec = get_game("catan")
    n = 4
    opts = {"turn_limit": 60, **options}
    kept = observation_encoder(spec, n, opts)
    reference = observation_encoder(spec, n, opts)
    rng = Rng(17)
    changed: set[str] = set()
    compared = 0
    for seed in range(3):
        state = spec.new_game(n, seed, opts)
        while True:
            # the seat to act always (it mostly saw the step before); another seat now and then (many steps passed)
            seats = [state.current_player()] if not state.is_terminal() else list(range(n))
            if rng.random() < 0.2:
                seats.append(rng.below(n))
            for seat in seats:
                got = kept.kept_state(state, seat, lambda size: np.zeros(size, np.float32))
                want = np.asarray(reference.encode(state.view(seat), seat), np.float32)
                assert np.array_equal(got, want), (opts, seed, len(state.history), seat)
                compared += 1
            if state.is_terminal():
                break
            before = _numbers(state)
            state.apply(rng.choice(state.legal_actions()))
            after = _numbers(state)
            changed.update(k for k in before if before[k] != after[k])
    assert compared > 1000
    expected = {"cards", "roads left", "road length", "cities left", "holders"}
    if options.get("mode") == "classic":  # discards and development cards: the classic game's
        expected |= {"cards to discard", "development cards"}
    else:
        expected |= {"fire stations left"}
    assert expected <= changed, expected - changed
