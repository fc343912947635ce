"""Fixtures registering the toy game; the core, agents and CLI test packages import these."""

from __future__ import annotations

import pytest

from firebreak.core import GameSpec, register

from .game import BARE_SPEC, PEEK_SPEC, SPEC


@pytest.fixture(scope="session")
def toy() -> GameSpec:
    """The Ember Cards spec, registered so that ``get_game('ember-cards')`` and the CLI find it."""
    register(SPEC)
    return SPEC


@pytest.fixture(scope="session")
def bare_toy() -> GameSpec:
    """Ember Cards without render or heuristic hooks, to test the fallbacks."""
    register(BARE_SPEC)
    return BARE_SPEC


@pytest.fixture(scope="session")
def peek_toy() -> GameSpec:
    """Ember Cards whose heuristic reads the hidden deck top (fair only on determinisations)."""
    register(PEEK_SPEC)
    return PEEK_SPEC
