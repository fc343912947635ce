"""The information-set MCTS bot: budgets, specs, strength at small budgets, and no peeking."""

from __future__ import annotations

import pytest

from firebreak.agents import AgentSpecError, MCTSAgent, Observation, RandomAgent, make_agent, play_game
from firebreak.core import Rng


def test_mcts_specs():
    bot = make_agent("mcts:iterations=50,depth=10")
    assert isinstance(bot, MCTSAgent) and bot.iterations == 50 and bot.depth == 10
    assert make_agent("mcts:seconds=0.5").seconds == 0.5
    with pytest.raises(AgentSpecError, match="positive iteration or time budget"):
        make_agent("mcts:iterations=0")
    with pytest.raises(AgentSpecError, match="depth >= 0"):
        make_agent("mcts:depth=-1")


def test_mcts_respects_its_iteration_budget_and_returns_a_legal_action(toy):
    state = toy.new_game(2, 1)
    bot = MCTSAgent(iterations=40)
    a = bot.act(Observation(state, state.current_player()), Rng(1))
    assert a in state.legal_actions() and bot.last_iterations == 40


def test_mcts_time_budget_stops_the_search(toy):
    state = toy.new_game(2, 1)
    bot = MCTSAgent(iterations=0, seconds=0.05)
    bot.act(Observation(state, state.current_player()), Rng(1))
    assert 0 < bot.last_iterations < 10**6


def test_mcts_beats_random_at_a_small_budget(toy):
    wins = 0.0
    games = 40
    for seed in range(games):
        seats = [MCTSAgent(iterations=60), RandomAgent()] if seed % 2 == 0 else [RandomAgent(), MCTSAgent(iterations=60)]
        final = play_game(toy, seats, seed=seed, num_players=2)
        mcts_seat = 0 if seed % 2 == 0 else 1
        if mcts_seat in final.winners():
            wins += 1 / len(final.winners())
    assert wins / games > 0.6


def test_mcts_plays_the_same_in_states_it_cannot_tell_apart(toy):
    """The search sees only determinisations: swapping the hidden truth for a sample of it changes nothing."""
    state = toy.new_game(2, 5)
    me = state.current_player()
    other_world = state.determinize(me, Rng(77))
    choices_true = [MCTSAgent(iterations=30).act(Observation(state, me), Rng(k)) for k in range(5)]
    choices_other = [MCTSAgent(iterations=30).act(Observation(other_world, me), Rng(k)) for k in range(5)]
    assert choices_true == choices_other
