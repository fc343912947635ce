"""The single-agent Gymnasium environment: Gymnasium's checker for every game, masks, bots by spec and level,
seeding, refusals."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from firebreak.core import all_games  # noqa: E402
from firebreak.rl import gym_env  # noqa: E402

from .helpers import short  # noqa: E402


@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_gymnasium_check_env(game: str) -> None:
    env = gym_env(game, seat=1, opponents="random", **short(game))
    check_env(env, skip_render_check=True)


def _play(env, seed: int) -> tuple[list[int], float]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, total, done = [], 0.0, False
    while not done:
        mask = env.action_masks()
        assert np.flatnonzero(mask).tolist() == env.state.legal_actions()
        assert env.state.current_player() == env.seat
        assert obs.shape == env.observation_space.shape
        action = int(rng.choice(np.flatnonzero(mask)))
        actions.append(action)
        obs, reward, done, truncated, info = env.step(action)
        total += reward
    assert not env.action_masks().any()
    assert total == pytest.approx(env.state.returns()[env.seat])
    return actions, total


@pytest.mark.parametrize("opponents", ["random", "greedy", "easy", ["random", "greedy"]])
def test_whole_games_against_bots(opponents) -> None:
    env = gym_env("brigade", seat=2, opponents=opponents, num_players=3)
    first = _play(env, 4)
    assert _play(env, 4) == first  # same seed, same actions: the same game, bots included


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    env = gym_env("great-fire", seat=0, opponents="random", illegal_reward=-0.5)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    history = list(env.state.history)
    obs2, reward, done, truncated, info = env.step(illegal)
    assert reward == -0.5 and not done and "not legal" in info["illegal_action"]
    assert env.state.history == history and np.array_equal(obs, obs2)
    with pytest.raises(ValueError, match="no seat 4"):
        gym_env("brigade", seat=4, num_players=3)
    with pytest.raises(ValueError, match="one opponent for every seat"):
        gym_env("brigade", opponents=["random", "random", "random"], num_players=3)


def test_heuristic_shaping_adds_up_to_a_constant() -> None:
    """Shaping rewards move with the heuristic at each step but add up to -w * h(start) over the game, so the
    learner's total is its win share plus a constant no policy can change."""
    from firebreak.core import get_game

    env = gym_env("brigade", seat=0, opponents="random", num_players=2, shaping=0.1)
    obs, _ = env.reset(seed=2)
    start = get_game("brigade").heuristic(env.state, 0)
    rng = np.random.default_rng(2)
    total, done, nonzero = 0.0, False, 0
    while not done:
        obs, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += reward
        nonzero += not done and reward != 0
    assert nonzero > 0
    assert total == pytest.approx(env.state.returns()[0] - 0.1 * start)
    with pytest.raises(ValueError, match="no heuristic"):
        from firebreak.core import GameSpec

        bare = get_game("brigade")
        gym_env(GameSpec(**{**bare.__dict__, "heuristic": None}), shaping=0.1)
