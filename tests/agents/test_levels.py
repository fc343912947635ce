"""Bot levels: a player names a level wherever a bot spec goes, and it builds the bot it stands for."""

from __future__ import annotations

import pytest

from firebreak.agents import LEVELS, AgentSpecError, BotLimits, make_agent, parse_agent_list
from firebreak.agents.factory import parse_spec
from firebreak.agents.runner import play_game
from firebreak.agents.base import Observation
from firebreak.agents.mcts import MCTSAgent
from firebreak.core import Rng
from firebreak.core.registry import get_game


def test_levels_are_easy_medium_hard_in_order():
    assert list(LEVELS) == ["easy", "medium", "hard"]
    for level in LEVELS.values():
        assert level.title and level.description.endswith(".")


@pytest.mark.parametrize("name", ["easy", "medium", "hard", "Hard "])
def test_a_level_builds_the_bot_of_its_spec(name):
    level = LEVELS[name.strip().lower()]
    assert type(make_agent(name)) is type(make_agent(level.spec))
    assert parse_spec(name) == parse_spec(level.spec)


def test_a_level_takes_no_parameters():
    with pytest.raises(AgentSpecError, match="takes no parameters"):
        make_agent("hard:iterations=5")


def test_unknown_names_list_the_levels():
    with pytest.raises(AgentSpecError, match="easy, medium, hard"):
        make_agent("expert")


def test_levels_pass_the_default_server_limits_and_agent_lists():
    limits = BotLimits()
    for name in LEVELS:
        limits.check(name)
    assert parse_agent_list("easy,hard,random") == ["easy", "hard", "random"]


def test_an_easy_bot_plays_a_whole_game():
    spec = get_game("brigade")
    final = play_game(spec, [make_agent("easy"), make_agent("easy")], seed=5, num_players=2)
    assert final.is_terminal()


@pytest.mark.parametrize("game", ["great-fire", "brigade", "catan"])
@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_each_level_plays_in_every_game_within_a_bounded_budget(game, name):
    """Each level's work per move is bounded by iterations (never by an open-ended clock), so it costs the same on
    any machine; a move from a fresh game is legal and the search stays within its budget."""
    spec = get_game(game)
    state = spec.new_game(spec.default_players, 1)
    bot = make_agent(name)
    if isinstance(bot, MCTSAgent):
        assert bot.iterations <= 1500 and not bot.seconds
        if name == "medium":
            bot.iterations = 30  # the budget is what is checked; a short search shows the level plays
    action = bot.act(Observation(state, state.current_player()), Rng(0))
    assert action in state.legal_actions()
    if isinstance(bot, MCTSAgent):
        assert bot.last_iterations <= bot.iterations


def _share(game: str, bots: list[str], games: int, players: int) -> list[float]:
    """Win share per seat of each bot spec over ``games`` seeded games, seats rotated."""
    spec = get_game(game)
    wins = [0.0] * len(bots)
    seats = [0] * len(bots)
    for g in range(games):
        order = [(g + i) % len(bots) for i in range(players)]
        final = play_game(spec, [make_agent(bots[k]) for k in order], seed=g, num_players=players)
        for seat, k in enumerate(order):
            seats[k] += 1
            if seat in final.winners():
                wins[k] += 1 / len(final.winners())
    return [w / s for w, s in zip(wins, seats, strict=True)]


def test_easy_beats_random_and_loses_to_greedy():
    """Brigade, two-player (the quickest games): easy wins most games against random and few against greedy."""
    easy, rand = _share("brigade", ["easy", "random"], 8, 2)
    assert easy >= 0.75 > rand
    easy, greedy = _share("brigade", ["easy", "greedy"], 8, 2)
    assert greedy > easy


@pytest.mark.slow
def test_medium_and_hard_beat_random_at_a_small_scale():
    """The search levels, at their own budgets, win most two-player Brigade games against random (a quick check
    that a level plays to win; the README's table has the figures against the other bots)."""
    for name in ("medium", "hard"):
        level, rand = _share("brigade", [name, "random"], 2, 2)
        assert level >= 0.75 > rand, name
