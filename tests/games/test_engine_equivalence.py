"""Engine changes (speed work above all) leave every seeded playthrough exactly as it was.

Each case plays one seeded random game and compares its fingerprint (every step's legal actions, choices,
chosen action, events and every seat's view; determinisations, clones, heuristics; the final scores) with the one
recorded from the engine before the change; see :mod:`tests.games.engine_equivalence` to record them again when a
change is meant to alter play.
"""

from __future__ import annotations

import json

import pytest

from firebreak.core import get_game

from .engine_equivalence import HASHES, config_key, fast_cases, fingerprint, slow_cases

RECORDED: dict[str, str] = json.loads(HASHES.read_text())


def _check(game: str, players: int, options: dict, seed: int) -> None:
    key = config_key(game, players, options, seed)
    assert fingerprint(game, players, options, seed) == RECORDED[key], (
        f"the playthrough {key} changed (actions, events, views or scores); if that is intended, record the "
        "fingerprints again with tests/games/engine_equivalence.py --write and say why in the commit"
    )


@pytest.mark.parametrize("case", fast_cases(), ids=lambda c: config_key(*c))
def test_seeded_playthroughs_are_unchanged(case):
    _check(*case)


@pytest.mark.slow
@pytest.mark.parametrize("case", [c for c in slow_cases() if c not in fast_cases()], ids=lambda c: config_key(*c))
def test_many_seeded_playthroughs_are_unchanged(case):
    _check(*case)


def test_one_changed_view_at_one_step_is_noticed(monkeypatch):
    """A single differing field in a single seat's view, at one step of the game, changes the fingerprint."""
    game, players, options, seed = fast_cases()[0]
    cls = get_game(game).state_class
    original = cls.view

    def view(state, player):
        out = original(state, player)
        if player == 1 and len(state.history) == 40:
            out = {**out, "turn": -1}
        return out

    monkeypatch.setattr(cls, "view", view)
    assert fingerprint(game, players, options, seed) != RECORDED[config_key(game, players, options, seed)]
