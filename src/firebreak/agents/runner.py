"""Play whole games with bots: the loop shared by the CLI, the lab and the benchmarks' users.

Each seat's bot gets its own rng stream derived from the game seed and the seat (through a hash, so the streams
are independent of each other and of the game's own chance), which makes a game a pure function of
(game, players, options, seed, bots).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from firebreak.core import GameSpec, GameState, Rng

from .base import Agent, Observation


def agent_rng(seed: int, seat: int, moves_played: int = 0) -> Rng:
    """The rng stream of the bot in ``seat`` for a game with ``seed`` (resumed after ``moves_played`` actions)."""
    digest = hashlib.sha256(f"firebreak-agent:{seed}:{seat}:{moves_played}".encode()).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


OnAction = Callable[[GameState, int, int], None]
"""Called after each action with (state after the action, seat that acted, action id)."""


def play_game(
    game: GameSpec | GameState,
    agents: Sequence[Agent],
    seed: int = 0,
    num_players: int | None = None,
    options: Mapping[str, Any] | None = None,
    on_action: OnAction | None = None,
) -> GameState:
    """Play to the end and return the final state.

    ``game`` is a spec (a new game is set up from ``num_players``, ``seed`` and ``options``) or a state to
    continue (it is played on in place). ``agents[i]`` plays seat ``i``. Every bot move goes through the
    checked :meth:`GameState.apply`, so a bot that returns an illegal action raises instead of corrupting play.
    """
    if isinstance(game, GameSpec):
        state = game.new_game(num_players, seed, options)
        rngs = [agent_rng(seed, seat) for seat in range(state.num_players)]
    else:
        state = game
        rngs = [agent_rng(seed, seat, len(state.history)) for seat in range(state.num_players)]
    if len(agents) != state.num_players:
        raise ValueError(f"{len(agents)} agents for {state.num_players} seats")
    while not state.is_terminal():
        seat = state.current_player()
        action = agents[seat].act(Observation(state, seat), rngs[seat])
        state.apply(action)
        if on_action is not None:
            on_action(state, seat, action)
    return state
