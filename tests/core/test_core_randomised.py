"""Randomised whole games on the toy game, checking the protocol's invariants after every action."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firebreak.core import TERMINAL, Rng, load_game, save_game
from toygame.game import DECK_SIZE, EmberState


def check_invariants(state: EmberState) -> None:
    legal = state.legal_actions()
    assert legal == sorted(set(legal))
    n = state.num_distinct_actions(state.num_players)
    assert all(0 <= a < n for a in legal)
    if state.is_terminal():
        assert state.current_player() == TERMINAL and legal == []
        assert state.winners() and set(state.winners()) <= set(range(state.num_players))
        assert sum(state.returns()) == pytest.approx(1.0)
    else:
        assert 0 <= state.current_player() < state.num_players and legal
        assert state.winners() == [] and state.returns() == [0.0] * state.num_players
    cards = sorted(state.deck + [c for h in state.hands for c in h])
    played = [e.data["card"] for e in state.events if e.kind == "play"]
    assert len(cards) + len(played) == DECK_SIZE  # no card made or lost
    assert state.clone() == state
    for seat in range(state.num_players):
        det = state.determinize(seat, Rng(len(state.history)))
        assert det.hands[seat] == state.hands[seat]
        assert [len(h) for h in det.hands] == [len(h) for h in state.hands]
        assert len(det.deck) == len(state.deck)
        assert det.view(seat) == state.view(seat), "a determinisation looks the same to its seat"


def _play(seed: int, players: int, options: dict) -> EmberState:
    from toygame.game import SPEC

    state = SPEC.new_game(players, seed, options)
    r = random.Random(seed)
    check_invariants(state)
    while not state.is_terminal():
        state.apply(r.choice(state.legal_actions()))
        check_invariants(state)
    return state


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    players=st.integers(2, 3),
    hand_size=st.sampled_from([2, 3, 4]),
    open_hands=st.booleans(),
    scoring=st.sampled_from(["plain", "wind"]),
)
def test_random_games_keep_invariants(toy, seed, players, hand_size, open_hands, scoring):
    _play(seed, players, {"hand_size": hand_size, "open_hands": open_hands, "scoring": scoring})


@pytest.mark.slow
def test_many_random_games_keep_invariants_and_replay(toy, tmp_path):
    path = tmp_path / "g.json"
    for seed in range(400):
        state = _play(seed, 2 + seed % 2, {"hand_size": 2 + seed % 3, "open_hands": seed % 5 == 0})
        save_game(state, path)
        assert load_game(path) == state
