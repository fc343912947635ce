"""Train a masked PPO agent on the Brigade (2 players, against the random bot) and measure it.

    pip install torch==2.13.0          # the CPU build (install it first: a plain 'torch' may pull CUDA builds)
    pip install -e '.[rl,train]'
    python examples/train_brigade_ppo.py [--minutes 10] [--eval-games 300] [--save brigade_ppo.zip]

The learner plays seat 0 of firebreak.rl.gym_env("brigade") against the random bot, with sb3-contrib's
MaskablePPO so it only ever picks legal actions (env.action_masks()). It is rewarded 1 for a win, 0.5 for a shared
win and 0 for a loss at the end, plus potential-based shaping from the Brigade's heuristic (``shaping=0.05``:
see firebreak.rl.gym), since random Brigade games are mostly drawn at 0-0 and a win alone is a rare signal. After training for the given wall-clock time it plays fresh
seeded games (seeds the training never used) against random and greedy and prints its win rate with a 95%
interval, beside the random policy's own win rate in the same seat: the agent has learnt when its interval lies
above random's.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from firebreak.lab.stats import mean_interval
from firebreak.rl import gym_env

EVAL_SEED = 1_000_000
"""Evaluation games use seeds from here on; training draws its own seeds from its generator."""


class StopAfter(BaseCallback):
    """Ends training after a budget of this process's CPU time (PPO itself counts steps, not seconds); CPU time
    rather than wall clock so a busy machine trains as much as a quiet one, just more slowly."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.process_time() + seconds

    def _on_step(self) -> bool:
        return time.process_time() < self.deadline


def play(policy, opponents: str, games: int, seed0: int = EVAL_SEED) -> list[float]:
    """The learner's win share in each of ``games`` seeded games (``policy(env, obs) -> action``)."""
    env = gym_env("brigade", seat=0, opponents=opponents, num_players=2)
    shares = []
    for g in range(games):
        obs, _ = env.reset(seed=seed0 + g)
        done, reward = False, 0.0
        while not done:
            obs, reward, done, _, _ = env.step(policy(env, obs))
        shares.append(reward)
    return shares


def report(label: str, shares: list[float]) -> str:
    mean, low, high = mean_interval(shares)
    low, high = max(low, 0.0), min(high, 1.0)  # a win share lies in 0..1
    return f"{label:<28} win rate {mean:6.1%}  95% interval {low:6.1%} .. {high:6.1%}  ({len(shares)} games)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="training time (CPU minutes, one core)")
    parser.add_argument(
        "--eval-games", type=int, default=300, help="games against random (half as many against greedy)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--shaping", type=float, default=0.05, help="weight of the heuristic shaping (0: none)")
    parser.add_argument("--save", default=None, help="save the trained model here (.zip)")
    args = parser.parse_args()

    torch.set_num_threads(1)  # one core: the budget is this process's CPU time
    env = gym_env("brigade", seat=0, opponents="random", num_players=2, shaping=args.shaping)
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        seed=args.seed,
        n_steps=1024,
        batch_size=128,
        n_epochs=8,
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        verbose=0,
        device="cpu",
    )
    start, wall = time.process_time(), time.monotonic()
    model.learn(total_timesteps=10**9, callback=StopAfter(args.minutes * 60))
    cpu, wall = time.process_time() - start, time.monotonic() - wall
    print(f"trained {model.num_timesteps} steps in {cpu / 60:.1f} CPU minutes ({wall / 60:.1f} minutes wall clock)")
    if args.save:
        model.save(args.save)

    def learner(env, obs):
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def random_policy(env, obs):
        return int(rng.choice(np.flatnonzero(env.action_masks())))

    n = args.eval_games
    print(report("random policy vs random", play(random_policy, "random", n)))
    print(report("PPO agent vs random", play(learner, "random", n)))
    print(report("random policy vs greedy", play(random_policy, "greedy", n // 2)))
    print(report("PPO agent vs greedy", play(learner, "greedy", n // 2)))


if __name__ == "__main__":
    main()
