"""The uniform random bot: the baseline every other bot must beat, and the fastest way to explore a game."""

from __future__ import annotations

from firebreak.core import Rng

from .base import Agent, Observation


class RandomAgent(Agent):
    """Picks a legal action uniformly at random from its own rng stream."""

    name = "random"

    def act(self, obs: Observation, rng: Rng) -> int:
        return rng.choice(obs.legal_actions)
