"""The search's speed-ups change no decision: seeded bot games and the Great Fire's whole search tree at the
benchmark position (benchmarks/engine_targets.py) hash as they did before the search was made faster (recorded
from main at 74a7612). A change meant to alter how the bots play records these again and says why."""

from __future__ import annotations

import hashlib

import pytest

from firebreak.agents import Observation, RandomAgent, agent_rng
from firebreak.agents.factory import make_agent
from firebreak.agents.runner import play_game
from firebreak.core import get_game


def _hash(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def _tree(node) -> tuple:
    """Every node's counts, mean total and max^n value, children by action."""
    return (node.visits, node.avail, node.total, node.value, sorted((a, _tree(c)) for a, c in node.children.items()))


@pytest.mark.parametrize(
    ("spec_text", "move", "tree"),
    [
        ("mcts:iterations=2000", 19725, "e692baf4fdfa3e1a"),
        ("mcts:iterations=300,width=0", 18208, "e08466fddd6181fa"),
    ],
)
def test_the_great_fire_search_builds_the_same_tree_in_the_middle_game(spec_text, move, tree) -> None:
    spec = get_game("great-fire")
    state = spec.new_game(spec.default_players, 3)
    rng, bot = agent_rng(3, 0), RandomAgent()
    for _ in range(60):
        state.apply(bot.act(Observation(state, state.current_player()), rng))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    agent = make_agent(spec_text)
    assert agent.act(Observation(state, state.current_player()), agent_rng(5, 0)) == move
    assert _hash(_tree(agent.last_root)) == tree


@pytest.mark.parametrize(
    ("game", "players", "bots", "length", "history"),
    [
        ("great-fire", 3, "mcts:iterations=60", 240, "ac5c1735cc45afdd"),
        ("brigade", 2, "mcts:iterations=60", 84, "f96d469703e652da"),
        ("catan", 3, "mcts:iterations=60", 336, "2fa2722f1547d92d"),
        ("great-fire", 4, "medium", 234, "d501faf57742555c"),
    ],
)
def test_seeded_search_bot_games_are_unchanged(game, players, bots, length, history) -> None:
    state = play_game(get_game(game), [make_agent(bots) for _ in range(players)], seed=7, num_players=players)
    assert (len(state.history), _hash(state.history)) == (length, history)


def test_the_hard_level_opens_a_great_fire_game_as_before() -> None:
    spec = get_game("great-fire")
    state = spec.new_game(4, 11)
    agents = [make_agent("hard") for _ in range(4)]
    rngs = [agent_rng(11, p) for p in range(4)]
    decisions = 0
    while not state.is_terminal() and decisions < 25:
        p = state.current_player()
        decisions += len(state.legal_actions()) > 1
        state.apply(agents[p].act(Observation(state, p), rngs[p]))
    assert (len(state.history), _hash(state.history)) == (26, "b3bcdc3e9f262bef")
