"""Helpers shared by the platform tests."""

from __future__ import annotations

import copy
import random
from typing import Any

from firebreak.core import GameState


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything observable about a state, deep-copied, to prove that a failed call changed nothing."""
    return copy.deepcopy({
        "state": state.state_dict(),
        "history": list(state.history),
        "events": [e.to_json() for e in state.events],
        "rng": state.rng.get_state(),
        "legal": list(state.legal_actions()),
        "current": state.current_player(),
    })


def play_random(state: GameState, seed: int, max_actions: int | None = None) -> GameState:
    """Play random legal actions (by the checked path) until the end or ``max_actions``."""
    r = random.Random(seed)
    n = 0
    while not state.is_terminal() and (max_actions is None or n < max_actions):
        state.apply(r.choice(state.legal_actions()))
        n += 1
    return state
