"""The one choice of observation path (``ObservationEncoder.writer``) that both learning environments use: the
compiled writer when it was built, else the fast path, else the view; whichever it picks, every seat gets the view
path's vector, in the PettingZoo and OpenSpiel environments alike. Each game keeps two paths (the view and the fast
path with its compiled twin): no other path is offered."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from firebreak.core import Rng, all_games, get_game  # noqa: E402
from firebreak.core.encoding import Field, ObservationEncoder, observation_encoder  # noqa: E402
from firebreak.rl.aec import observation, view_observation  # noqa: E402

from .helpers import short  # noqa: E402

GAMES = [s.name for s in all_games() if s.state_class.__module__.startswith("firebreak.games.")]


class _ViewOnly(ObservationEncoder):
    """An encoder with neither a compiled nor a fast path: one number, the viewer's seat."""

    def fields(self):
        return [Field("seat", 1, "the viewer's seat")]

    def write(self, view, viewer, out):
        out.num(viewer)


def _positions(game: str, steps: int = 40):
    spec = get_game(game)
    n = spec.min_players
    state = spec.new_game(n, 3, short(game))
    rng = Rng(3)
    for _ in range(steps):
        if state.is_terminal():
            break
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def test_the_writer_is_the_compiled_one_when_it_was_built() -> None:
    for game in GAMES:
        spec = get_game(game)
        encoder = observation_encoder(spec, spec.min_players, short(game))
        if encoder.compiled is not None:
            assert encoder.writer() == encoder.compiled.write


@pytest.mark.parametrize("game", GAMES)
def test_without_the_compiled_writer_the_fast_path_gives_the_views_vector(game: str) -> None:
    spec = get_game(game)
    fast = observation_encoder(spec, spec.min_players, short(game))
    fast.compiled = None  # as with FIREBREAK_PURE_PYTHON=1
    write = fast.writer()
    assert write == fast.write_state
    for state in _positions(game):
        for seat in range(state.num_players):
            want = view_observation(fast, state, seat)
            got = np.zeros(fast.size, np.float32)
            write(state, seat, got)
            assert np.array_equal(got, want), (game, seat)
            assert np.array_equal(observation(fast, state, seat), want)


def test_each_game_offers_the_view_and_the_fast_path_only() -> None:
    for game in GAMES:
        spec = get_game(game)
        encoder = observation_encoder(spec, spec.min_players, short(game))
        assert encoder.has_fast_path, game
        public = {name for name in dir(type(encoder)) if not name.startswith("_")}
        assert not {"kept_state", "has_kept_path"} & public, game


def test_an_encoder_with_only_a_view_path_is_written_from_the_view() -> None:
    spec = get_game(GAMES[0])
    state = spec.new_game(spec.min_players, 1, short(GAMES[0]))
    encoder = _ViewOnly(spec.min_players, {})
    out = np.zeros(1, np.float32)
    encoder.writer()(state, 1, out)
    assert out.tolist() == [1.0]
    assert observation(encoder, state, 1).tolist() == [1.0]
