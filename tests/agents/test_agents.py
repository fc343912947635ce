"""Bots, the agent-spec factory and the game runner, on the toy game."""

import pytest

from firebreak.agents import (
    AgentSpecError,
    GreedyAgent,
    Observation,
    RandomAgent,
    agent_rng,
    make_agent,
    parse_agent_list,
    play_game,
    score_lead,
)
from firebreak.core import Rng
from firebreak.lab import simulate
from toygame.game import PASS, card_value
from toygame.helpers import play_random


# --- factory ---------------------------------------------------------------------------------------------------
def test_factory_builds_agents_from_specs():
    assert isinstance(make_agent("random"), RandomAgent)
    greedy = make_agent("greedy")
    assert isinstance(greedy, GreedyAgent) and greedy.samples == 1
    assert make_agent(" Greedy : samples = 3 ").samples == 3
    assert make_agent("greedy:samples=3").describe() == "greedy:samples=3"
    assert make_agent("greedy:eval=long_game").describe() == "greedy:eval=long_game"


@pytest.mark.parametrize(
    "spec, message",
    [
        (
            "alphazero",
            r"unknown agent 'alphazero' \(known levels: easy, medium, hard; known agents: greedy:samples=<int>, blunder=<float>, eval=<str>; mcts:iterations=<int>, .*; random\)",
        ),
        ("", "known agents: greedy"),
        ("greedy:depth=2", r"agent 'greedy' has no parameter 'depth' \(its parameters: samples, blunder, eval\)"),
        ("random:samples=2", r"agent 'random' has no parameter 'samples' \(its parameters: none\)"),
        ("greedy:samples=lots", "parameter 'samples' expects int, not 'lots'"),
        ("greedy:samples", "must be written key=value"),
        ("greedy:samples=0", "samples must be at least 1"),
        ("greedy:blunder=1.5", "blunder is a chance from 0 to 1"),
        ("mcts:iterations=0,seconds=nan", "parameter 'seconds' must be a finite number, not 'nan'"),
        ("mcts:seconds=inf", "parameter 'seconds' must be a finite number, not 'inf'"),
        ("mcts:c=-Infinity", "parameter 'c' must be a finite number, not '-Infinity'"),
        ("greedy:blunder=1e400", "parameter 'blunder' must be a finite number, not '1e400'"),
    ],
)
def test_bad_specs_are_explained(spec, message):
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec)


def test_agent_lists_split_on_commas_but_keep_parameters_together():
    assert parse_agent_list("greedy,random") == ["greedy", "random"]
    assert parse_agent_list("greedy:samples=3,random") == ["greedy:samples=3", "random"]
    assert parse_agent_list("random, greedy:samples=2") == ["random", "greedy:samples=2"]
    with pytest.raises(AgentSpecError, match="unknown agent 'nope'"):
        parse_agent_list("random,nope")
    with pytest.raises(AgentSpecError, match="no agents given"):
        parse_agent_list(" , ")


# --- bots ------------------------------------------------------------------------------------------------------
def test_random_agent_picks_legal_actions_deterministically(toy):
    state = toy.new_game(2, 3)
    obs = Observation(state, 0)
    picks = [RandomAgent().act(obs, Rng(s)) for s in range(30)]
    assert set(picks) <= set(state.legal_actions()) and len(set(picks)) > 1
    assert picks == [RandomAgent().act(obs, Rng(s)) for s in range(30)]


def test_greedy_plays_its_best_card_by_the_game_heuristic(toy):
    state = toy.new_game(2, 5)
    best = max(state.hands[0], key=card_value)
    assert GreedyAgent().act(Observation(state, 0), Rng(0)) == best


class CheatingGreedy(GreedyAgent):
    """Evaluates the true state instead of determinisations: what the real greedy must not do."""

    def act(self, obs, rng):
        real = obs._state
        best, choice = None, None
        for a in obs.legal_actions:
            child = real.clone()
            child.apply_unchecked(a)
            value = obs.spec.heuristic(child, obs.player)
            if best is None or value > best:
                best, choice = value, a
        return choice


def _twin_states(spec, seed):
    """A state and a twin that looks identical to seat 0 but hides different cards (deck and P1's hand)."""
    state = play_random(spec.new_game(2, seed), seed=1, max_actions=2)
    twin = state.determinize(0, Rng(99))
    twin.rng = state.rng.clone()
    assert twin.view(0) == state.view(0)
    return state, twin


def test_greedy_never_reads_hidden_information(peek_toy):
    """Two states that look the same to seat 0 get the same decision, even with a heuristic that peeks."""
    cheater_noticed = False
    for seed in range(30):
        state, twin = _twin_states(peek_toy, seed)
        for samples in (1, 3):
            a = GreedyAgent(samples).act(Observation(state, 0), Rng(seed))
            b = GreedyAgent(samples).act(Observation(twin, 0), Rng(seed))
            assert a == b
        cheater_noticed |= CheatingGreedy().act(Observation(state, 0), Rng(0)) != CheatingGreedy().act(
            Observation(twin, 0), Rng(0)
        )
    assert cheater_noticed, "the test must be able to catch a bot that reads the true state"


def test_greedy_falls_back_to_score_lead_without_a_heuristic(bare_toy):
    state = bare_toy.new_game(2, 5)
    assert bare_toy.heuristic is None
    best = max(state.hands[0], key=card_value)
    assert GreedyAgent().act(Observation(state, 0), Rng(1)) == best


def test_score_lead_counts_a_win_decisively(toy):
    state = toy.new_game(2, 0)
    for _ in range(12):
        state.apply(PASS)
    assert state.is_terminal()
    assert score_lead(state, 0) > 1000  # a shared win still dominates any points lead


def test_greedy_breaks_ties_at_random(toy):
    state = toy.new_game(2, 0, {"scoring": "plain", "open_hands": True})
    state.hands[0] = [0, 6]  # red 1 and blue 1: worth the same
    state._legal = None
    picks = {GreedyAgent().act(Observation(state, 0), Rng(s)) for s in range(40)}
    assert picks == {0, 6}


# --- runner ----------------------------------------------------------------------------------------------------
def test_play_game_is_deterministic_for_a_seed(toy):
    a = play_game(toy, [make_agent("random"), make_agent("greedy")], seed=17)
    b = play_game(toy, [make_agent("random"), make_agent("greedy")], seed=17)
    assert a.is_terminal() and a == b and a.events == b.events
    c = play_game(toy, [make_agent("random"), make_agent("greedy")], seed=18)
    assert c.history != a.history


def test_each_seat_has_its_own_rng_stream():
    draws = [[agent_rng(5, seat).below(10**9) for _ in range(3)] for seat in range(3)]
    assert len({tuple(d) for d in draws}) == 3
    assert agent_rng(5, 1).below(10**9) == agent_rng(5, 1).below(10**9)
    assert agent_rng(5, 1).below(10**9) != agent_rng(6, 1).below(10**9)


def test_play_game_continues_a_given_state(toy):
    state = play_random(toy.new_game(3, 2), seed=0, max_actions=3)
    history = list(state.history)
    final = play_game(state, [make_agent("random")] * 3, seed=2)
    assert final is state and final.is_terminal() and final.history[:3] == history


def test_play_game_rejects_wrong_agent_count_and_illegal_bots(toy):
    with pytest.raises(ValueError, match="1 agents for 2 seats"):
        play_game(toy, [make_agent("random")], seed=0)

    class Cheater(RandomAgent):
        def act(self, obs, rng):
            return next(a for a in range(12) if a not in obs.legal_actions)

    from firebreak.core import IllegalActionError

    with pytest.raises(IllegalActionError):
        play_game(toy, [Cheater(), Cheater()], seed=0)


def test_greedy_beats_random(toy):
    result = simulate(toy, 2, ["greedy", "random"], games=200, seed=1)
    assert result.agent_win_rate(0) > 0.6 > result.agent_win_rate(1)
    assert result.agent_win_rate(0) + result.agent_win_rate(1) == pytest.approx(1.0)
