"""The server's bot pool sends a game's state to a worker process by pickling it (server/bot_play.py): every game's
state, on every board, must come back whole, or no bot of that game can move on the server."""

from __future__ import annotations

import pickle
import random

import pytest

from firebreak.core import all_games, get_game
from firebreak.core.registry import load_all

load_all()

CASES = [(spec.name, spec.default_players, {}) for spec in all_games()]
CASES.append(("catan", 4, {"board": "seafarers"}))


@pytest.mark.parametrize("game,players,options", CASES)
def test_a_state_pickled_mid_game_comes_back_and_plays_on_as_the_original(
    game: str, players: int, options: dict
) -> None:
    state = get_game(game).new_game(players, 5, options)
    r = random.Random(5)
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply(r.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    assert copy.state_dict() == state.state_dict()
    for _ in range(30):
        if state.is_terminal():
            break
        assert copy.legal_actions() == state.legal_actions()
        a = r.choice(state.legal_actions())
        state.apply(a)
        copy.apply(a)
    assert copy.state_dict() == state.state_dict()
