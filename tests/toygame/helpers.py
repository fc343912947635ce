"""Helpers shared by the platform tests."""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any

import pytest

from firebreak.core import GameSpec, GameState


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything observable about a state, deep-copied, to prove that a failed call changed nothing."""
    return copy.deepcopy(
        {
            "state": state.state_dict(),
            "history": list(state.history),
            "events": [e.to_json() for e in state.events],
            "rng": state.rng.get_state(),
            "legal": list(state.legal_actions()),
            "current": state.current_player(),
        }
    )


def play_random(state: GameState, seed: int, max_actions: int | None = None) -> GameState:
    """Play random legal actions (by the checked path) until the end or ``max_actions``."""
    r = random.Random(seed)
    n = 0
    while not state.is_terminal() and (max_actions is None or n < max_actions):
        state.apply(r.choice(state.legal_actions()))
        n += 1
    return state


def with_hooks(spec: GameSpec, monkeypatch: pytest.MonkeyPatch, **hooks: Any) -> GameSpec:
    """``spec`` with some hooks replaced, for one test: its states (new ones and those already made) see the
    copy, and the registered spec is back at the test's end."""
    changed = replace(spec, **hooks)
    monkeypatch.setattr(spec.state_class, "spec", changed)
    return changed
