"""Every game as an OpenSpiel Python game: OpenSpiel's own random-simulation test, information states kept by
resampling, observation tensors from the game's encoder, and OpenSpiel's information-set MCTS playing each game."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from firebreak.core import get_game  # noqa: E402
from firebreak.core.encoding import observation_encoder  # noqa: E402
from firebreak.rl import register_openspiel_games  # noqa: E402

NAMES = register_openspiel_games()
LOADS = {
    "python_firebreak_brigade": "python_firebreak_brigade(players=2,seed=1)",
    "python_firebreak_great_fire": "python_firebreak_great_fire(players=3,hidden_colours=True,seed=1)",
    "python_firebreak_catan": "python_firebreak_catan(players=3,turn_limit=12,seed=1)",
}


def test_every_game_is_registered() -> None:
    assert sorted(NAMES) == sorted(LOADS)
    game = pyspiel.load_game("python_firebreak_catan(players=5,mode=classic,turn_limit=12)")
    assert game.num_players() == 5
    assert game.num_distinct_actions() == get_game("catan").num_distinct_actions(5)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(LOADS))
def test_openspiel_random_simulation(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(LOADS[name]), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", sorted(LOADS))
def test_observations_and_resampling(name: str) -> None:
    game = pyspiel.load_game(LOADS[name])
    state = game.new_initial_state()
    spec = state.fb.spec
    encoder = observation_encoder(spec, game.num_players(), state.fb.options)
    rng = np.random.default_rng(0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = 0
    for _step in range(60):
        if state.is_terminal():
            break
        seat = state.current_player()
        assert state.legal_actions() == state.fb.legal_actions()
        assert np.allclose(state.observation_tensor(seat), encoder.encode(state.fb.view(seat), seat))
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        assert sample.history() == state.history()
        differs += sample.fb.state_dict() != state.fb.state_dict()
        clone = state.clone()
        state.apply_action(int(rng.choice(state.legal_actions())))
        assert len(clone.history()) == len(state.history()) - 1  # a clone is independent
    assert differs > 0


@pytest.mark.parametrize("name", sorted(LOADS))
def test_information_set_mcts_plays(name: str) -> None:
    game = pyspiel.load_game(LOADS[name])
    rs = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 6, random_state=rs)
    state = game.new_initial_state()
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 4


def test_seed_parameter_reproduces_games() -> None:
    """Initial states take their game seeds from a generator seeded by the ``seed`` parameter (OpenSpiel keeps one
    game object per parameter set, so the sequence goes on across loads within a process)."""
    game = pyspiel.load_game("python_firebreak_brigade(players=3,seed=987654)")
    want = np.random.default_rng(987654).integers(0, 2**31 - 1, size=2).tolist()
    states = [game.new_initial_state() for _ in range(2)]
    assert [s.fb.seed for s in states] == want
    assert states[0].fb == get_game("brigade").new_game(3, want[0])
