"""A training smoke run: MaskablePPO learns for a few hundred steps on the Brigade environment and then plays a
whole game choosing only legal actions (the real ten-minute run is examples/train_brigade_ppo.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("torch")

import numpy as np  # noqa: E402
import torch  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402

from firebreak.rl import gym_env  # noqa: E402


def test_masked_ppo_trains_and_plays_legal_moves() -> None:
    torch.set_num_threads(1)
    env = gym_env("brigade", seat=0, opponents="random", num_players=2)
    env.reset(seed=0)
    model = MaskablePPO("MlpPolicy", env, seed=0, n_steps=128, batch_size=64, n_epochs=1, verbose=0, device="cpu")
    before = [p.detach().clone() for p in model.policy.parameters()]
    model.learn(total_timesteps=256)
    assert model.num_timesteps >= 256
    assert any(not torch.equal(a, b) for a, b in zip(before, model.policy.parameters()))  # it did learn something
    obs, _ = env.reset(seed=123)
    done, steps = False, 0
    while not done:
        mask = env.action_masks()
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert mask[int(action)]
        obs, reward, done, _, info = env.step(int(action))
        assert "illegal_action" not in info
        steps += 1
    assert steps > 5 and reward in (0.0, 0.5, 1.0) and env.state.is_terminal()
    assert np.isfinite(obs).all()
