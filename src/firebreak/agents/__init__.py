"""Bots built on the core protocol alone: random, greedy, information-set MCTS, the spec factory and the game runner."""

from .base import Agent, Observation
from .factory import (
    AgentSpecError,
    AgentType,
    BotLimitError,
    BotLimits,
    bot_words,
    known_agents,
    make_agent,
    parse_agent_list,
    register_agent,
)
from .greedy import GreedyAgent, score_lead
from .levels import LEVELS, Level, bot_levels, level_spec
from .mcts import MCTSAgent
from .random_agent import RandomAgent
from .runner import agent_rng, play_game

__all__ = [
    "LEVELS",
    "Agent",
    "AgentSpecError",
    "Level",
    "bot_levels",
    "bot_words",
    "level_spec",
    "AgentType",
    "BotLimitError",
    "BotLimits",
    "GreedyAgent",
    "MCTSAgent",
    "Observation",
    "RandomAgent",
    "agent_rng",
    "known_agents",
    "make_agent",
    "parse_agent_list",
    "play_game",
    "register_agent",
    "score_lead",
]
