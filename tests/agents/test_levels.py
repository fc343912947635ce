"""Bot levels: a player names a level wherever a bot spec goes, and it builds the bot it stands for."""

from __future__ import annotations

import pytest

from firebreak.agents import LEVELS, AgentSpecError, BotLimits, make_agent, parse_agent_list
from firebreak.agents.factory import parse_spec
from firebreak.agents.runner import play_game
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
