"""A single-agent Gymnasium environment: one seat learns, firebreak bots play the others.

The observation is what the learner's seat may see, encoded (float32, the game's encoder, through its fast path
when it has one) and the action an integer of the
game's action space; :meth:`FirebreakGym.action_masks` gives the legal actions as booleans, as sb3-contrib's
MaskablePPO expects. Opponents are bot specs (:func:`firebreak.agents.make_agent`: ``"random"``, ``"greedy"``,
``"mcts:iterations=200"``, or a level ``"easy"``, ``"medium"``, ``"hard"``), one for all seats or one per other
seat. The reward is the learner's win share at the end (or its score with ``reward="score"``), 0 before.

``shaping=w`` adds potential-based reward shaping from the game's own heuristic ``h`` (the one the greedy bot and
search cut-offs use): each step is rewarded ``w * (h(after) - h(before))`` for the learner, with ``h`` taken as 0
once the game is over, so the shaping of a whole game adds up to ``-w * h(start)``, the same for every policy,
and leaves the best policy unchanged (Ng, Harada and Russell, 1999) while telling the learner sooner what helps.
It reads the true state, as any reward does; observations stay the seat's view.

An illegal action (possible only without the mask) is refused and changes nothing: the step returns the same
observation, ``illegal_reward`` (0 unless given) and ``info["illegal_action"]`` with the reason, so unmasked
learners and Gymnasium's checker can send any action of the space.

Each bot draws from its own stream seeded from the game seed and its seat (as :func:`firebreak.agents.play_game`
does), so ``reset(seed=s)`` and the same actions reproduce a game exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from firebreak.agents import Agent, Observation, agent_rng, make_agent
from firebreak.core import FirebreakError, GameSpec, GameState, Rng, get_game
from firebreak.core.encoding import observation_encoder

from .aec import REWARDS, observation


class FirebreakGym(gymnasium.Env):
    """One seat of a firebreak game against bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str | GameSpec,
        seat: int = 0,
        opponents: str | Agent | Sequence[str | Agent] = "greedy",
        num_players: int | None = None,
        render_mode: str | None = None,
        reward: str = "win",
        illegal_reward: float = 0.0,
        shaping: float = 0.0,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game_spec = get_game(game) if isinstance(game, str) else game
        n = self.game_spec.default_players if num_players is None else num_players
        self.options = self.game_spec.resolve_options(n, options)
        if not 0 <= seat < n:
            raise ValueError(f"there is no seat {seat} in a {n}-player game (seats are 0-{n - 1})")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        others = [p for p in range(n) if p != seat]
        given = [opponents] if isinstance(opponents, (str, Agent)) else list(opponents)
        if len(given) not in (1, len(others)):
            raise ValueError(f"give one opponent for every seat or one for each of the {len(others)} others")
        self.bots: dict[int, Agent] = {}
        for i, p in enumerate(others):
            bot = given[i % len(given)]
            self.bots[p] = make_agent(bot) if isinstance(bot, str) else bot
        self.seat = seat
        self.num_players = n
        self.render_mode = render_mode
        self.reward_kind = reward
        self.illegal_reward = float(illegal_reward)
        if shaping and self.game_spec.heuristic is None:
            raise ValueError(f"{self.game_spec.title} has no heuristic to shape rewards with")
        self.shaping = float(shaping)
        self._potential = 0.0
        self.encoder = observation_encoder(self.game_spec, n, self.options)
        self.num_actions = self.game_spec.num_distinct_actions(n, self.options)
        self.observation_space = spaces.Box(low=-np.inf, high=np.inf, shape=(self.encoder.size,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self.state: GameState | None = None
        self._rngs: dict[int, Rng] = {}

    def _observe(self) -> np.ndarray:
        assert self.state is not None
        return observation(self.encoder, self.state, self.seat)

    def _bots_play(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_terminal() and state.current_player() != self.seat:
            p = state.current_player()
            state.apply(self.bots[p].act(Observation(state, p), self._rngs[p]))

    def _phi(self) -> float:
        """The shaping potential of the current state for the learner (0 at the end or without shaping)."""
        state = self.state
        assert state is not None
        heuristic = self.game_spec.heuristic
        if not self.shaping or heuristic is None or state.is_terminal():
            return 0.0
        return float(heuristic(state, self.seat))

    def _reward(self) -> float:
        assert self.state is not None
        potential = self._phi()
        shaped = self.shaping * (potential - self._potential)
        self._potential = potential
        if not self.state.is_terminal():
            return shaped
        final = self.state.returns() if self.reward_kind == "win" else self.state.scores()
        return float(final[self.seat]) + shaped

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**31 - 1))
        self.state = self.game_spec.new_game(self.num_players, game_seed, self.options)
        self._rngs = {p: agent_rng(game_seed, p) for p in self.bots}
        self._bots_play()
        self._potential = self._phi()
        return self._observe(), {"seed": game_seed}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self.state is None:
            raise RuntimeError("call reset() first")
        if self.state.is_terminal():
            raise RuntimeError("the game is over: call reset()")
        try:
            self.state.apply(int(action))
        except FirebreakError as exc:  # refused: nothing changed
            return self._observe(), self.illegal_reward, False, False, {"illegal_action": str(exc)}
        self._bots_play()
        done = self.state.is_terminal()
        info = {"winners": self.state.winners()} if done else {}
        return self._observe(), self._reward(), done, False, info

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans over the whole action space (all False once the game is over)."""
        mask = np.zeros(self.num_actions, dtype=bool)
        if self.state is not None and not self.state.is_terminal():
            mask[self.state.legal_actions()] = True
        return mask

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        view = self.state.view(self.seat)
        return self.game_spec.render(view) if self.game_spec.render is not None else repr(view)
