"""A PettingZoo AEC environment for every firebreak game, player count and option set.

Agents are ``player_0`` ... ``player_{n-1}`` (seat numbers). Each agent observes a dict with

- ``observation``: float32, fixed length per game and player count, encoded by the game's
  :class:`~firebreak.core.encoding.ObservationEncoder` from what that seat may see only (the game's fast path
  straight from the state when it has one, else the seat's *view*; tests hold both to the same vector);
- ``action_mask``: int8 0/1 over the game's whole integer action space. For the agent to act it is exactly the
  legal actions; every other agent has no legal action at that moment, so its mask is all 0 (it is never asked
  to act with it), and so is every mask once the game is over.

Rewards are given once, at the end: each seat's win share (1 shared among the winners), or with
``reward="score"`` the seats' final scores as the rulebook counts them. ``render_mode="ansi"`` returns the
terminal's text of the spectator's (public) view. ``reset(seed=s)`` sets up game ``s``: the same seed and the same
actions always give the same game, since all chance is drawn from the game's own seeded generator.

Observations are computed only when asked for (:meth:`~FirebreakAEC.observe`, ``last()``) and kept for that agent
until the next action, so a learning loop pays for one encoding per decision, and each observation is a new
array the caller may keep. A game's compiled path (its C writer, when it was built) comes before the Python paths;
:meth:`~firebreak.core.encoding.ObservationEncoder.writer` makes that choice, once, for every environment.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env import AECIterable
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterator

from firebreak.core import GameSpec, GameState, get_game
from firebreak.core.encoding import ObservationEncoder, observation_encoder

REWARDS = ("win", "score")


def agent_name(seat: int) -> str:
    return f"player_{seat}"


F32 = np.dtype(np.float32)  # dtype objects: numpy skips converting a type at every call
I8 = np.dtype(np.int8)


def observation(encoder: ObservationEncoder, state: GameState, seat: int) -> np.ndarray:
    """Seat ``seat``'s observation vector (float32), a new array the caller may keep, written by the path
    :meth:`~firebreak.core.encoding.ObservationEncoder.writer` chooses."""
    out = np.zeros(encoder.size, F32)
    encoder.writer()(state, seat, out)
    return out


def view_observation(encoder: ObservationEncoder, state: GameState, seat: int) -> np.ndarray:
    """The same vector through the reference path, the seat's view (tests compare the two)."""
    return np.asarray(encoder.encode(state.view(seat), seat), dtype=np.float32)


def action_mask(state: GameState, seat: int, num_actions: int) -> np.ndarray:
    """Seat ``seat``'s 0/1 mask (int8): its legal actions, all 0 unless it is to act.

    Built in a zeroed ``bytearray`` that numpy then wraps without copying: for the few dozen legal actions a
    decision has, that costs about half of ``np.zeros`` plus a fancy-indexed write from a Python list."""
    mask = bytearray(num_actions)
    if state.current_player() == seat:  # never once the game is over (TERMINAL), whose legal list is empty too
        for a in state.legal_actions():
            mask[a] = 1
    return np.frombuffer(mask, I8)


def encode(encoder: ObservationEncoder, state: GameState, seat: int, num_actions: int) -> dict[str, np.ndarray]:
    """Seat ``seat``'s observation dict: its observation vector, and its 0/1 mask (all 0 unless it is to act)."""
    return {"observation": observation(encoder, state, seat), "action_mask": action_mask(state, seat, num_actions)}


class FirebreakAEC(AECEnv):
    """The raw environment (see the module docstring); :func:`aec_env` wraps it in PettingZoo's order checks."""

    metadata = {"render_modes": ["ansi"], "name": "firebreak_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str | GameSpec,
        num_players: int | None = None,
        render_mode: str | None = None,
        reward: str = "win",
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.spec_ = get_game(game) if isinstance(game, str) else game
        n = self.spec_.default_players if num_players is None else num_players
        self.options = self.spec_.resolve_options(n, options)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        self.render_mode = render_mode
        self.reward_kind = reward
        self.max_steps = max_steps
        self.num_players = n
        self.encoder: ObservationEncoder = observation_encoder(self.spec_, n, self.options)
        self.num_actions = self.spec_.num_distinct_actions(n, self.options)
        self._size = self.encoder.size
        self._write = self.encoder.writer()  # chosen once (observe runs at every decision)
        self.metadata = {**self.metadata, "name": f"firebreak_{self.spec_.name.replace('-', '_')}_v0"}
        self.possible_agents = [agent_name(p) for p in range(n)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(self.encoder.size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state_: GameState | None = None
        self._np_random: np.random.Generator | None = None
        self._cache: dict[str, tuple[int, dict[str, np.ndarray]]] = {}

    # spaces are built once in __init__ and shared, as PettingZoo expects
    def observation_space(self, agent: str) -> gymnasium.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The firebreak state being played (for tests and tools; agents should use :meth:`observe`)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random = np.random.default_rng()
            game_seed = int(self._np_random.integers(0, 2**31 - 1))
        self.state_ = self.spec_.new_game(self.num_players, game_seed, self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cache = {}
        self._steps = 0
        self.agent_selection = agent_name(self.state_.current_player())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.state_
        if state is None:
            raise RuntimeError("call reset() first")
        stamp = len(state.history)
        hit = self._cache.get(agent)
        if hit is not None and hit[0] == stamp:
            return hit[1]
        seat = self._seat[agent]
        vector = np.zeros(self._size, F32)  # as observation(), the path chosen once
        self._write(state, seat, vector)
        mask = bytearray(self.num_actions)  # as action_mask(), inlined
        if state.current_player() == seat:
            for a in state.legal_actions():
                mask[a] = 1
        out: dict[str, np.ndarray] = {"observation": vector, "action_mask": np.frombuffer(mask, I8)}
        self._cache[agent] = (stamp, out)
        return out

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        """PettingZoo's ``last``, its lookups made directly (it is called at every decision)."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_
        if state is None:
            raise RuntimeError("call reset() first")
        if action is None:
            raise ValueError("a live agent must be given an action, not None")
        a = int(action)
        if a in state.legal_actions():  # the mask's own list (short: a few dozen at most): no second check
            state.apply_unchecked(a)
        else:
            state.apply(a)  # raises IllegalActionError (or MalformedActionError) and changes nothing
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            final = state.returns() if self.reward_kind == "win" else state.scores()
            for p, name in enumerate(self.possible_agents):
                self.rewards[name] = float(final[p])
                self.terminations[name] = True
            self._accumulate_rewards()
            return  # agent_selection stays: the dead agents are stepped with None, in order
        if self.max_steps is not None and self._steps >= self.max_steps:
            for name in self.agents:
                self.truncations[name] = True
        # rewards stay 0 until the end (set once, above), so there is nothing to clear here
        self.agent_selection = self.possible_agents[state.current_player()]

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without render_mode: call aec_env(..., render_mode='ansi')")
            return None
        state = self.game_state
        view = state.view(None)
        text = self.spec_.render(view) if self.spec_.render is not None else repr(view)
        return text

    def close(self) -> None:
        pass


def aec_env(
    game: str | GameSpec,
    num_players: int | None = None,
    *,
    render_mode: str | None = None,
    reward: str = "win",
    max_steps: int | None = None,
    **options: Any,
) -> AECEnv:
    """A PettingZoo AEC environment for ``game`` (see the module docstring); game options as keywords.

    ``reward``: ``"win"`` (win shares) or ``"score"``; ``max_steps``: truncate every agent after this many
    actions (``None``: play to the end).
    """
    env = FirebreakAEC(game, num_players, render_mode=render_mode, reward=reward, max_steps=max_steps, **options)
    return OrderEnforcing(env)


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks, with the per-decision calls (``last``, ``agent_selection``, ``agents``) answered
    directly instead of through the wrapper's generic attribute lookup, which cost more than the step itself."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        """The raw environment's ``last``, its body written here (one call less at every decision)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        env = self.env
        agent = env.agent_selection
        return (
            env.observe(agent) if observe else None,
            env._cumulative_rewards[agent],
            env.terminations[agent],
            env.truncations[agent],
            env.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> "AgentIterable":
        return AgentIterable(self, max_iter)

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents

    def step(self, action: Any) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.observe(agent)


class AgentIterable(AECIterable):
    """``agent_iter``'s iterable, giving :class:`AgentIterator`."""

    def __iter__(self) -> "AgentIterator":
        return AgentIterator(self.env, self.max_iter)


class AgentIterator(AECOrderEnforcingIterator):
    """PettingZoo's order-enforcing agent iterator (the same checks: stop when no agent is left or after
    ``max_iter``, and refuse to go on unless ``step`` or ``reset`` was called since), reading the raw
    environment's fields directly instead of through two layers of wrapper properties."""

    def __next__(self) -> str:
        wrapper = self.env
        if not wrapper._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        raw = wrapper.env
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return raw.agent_selection
