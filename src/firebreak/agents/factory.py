"""Agent specs: turn text such as ``"greedy:samples=3"`` into a bot.

A spec is an agent name, optionally followed by a colon and ``key=value`` parameters separated by commas.
Front ends (the CLI, the lab) take bots as specs so a researcher can name any bot and its settings in one word.
New bots join with :func:`register_agent`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from firebreak.core import FirebreakError

from .base import Agent
from .greedy import GreedyAgent
from .levels import LEVELS, level_spec
from .mcts import MCTSAgent
from .random_agent import RandomAgent


class AgentSpecError(FirebreakError):
    """An agent spec names an unknown agent or parameter, or gives a bad value."""


@dataclass(frozen=True)
class AgentType:
    """A bot class and the parameters its spec may set (name -> type: int, float, str or bool)."""

    name: str
    make: Callable[..., Agent]
    params: dict[str, type] = field(default_factory=dict)
    help: str = ""


_AGENTS: dict[str, AgentType] = {}


def register_agent(agent_type: AgentType) -> AgentType:
    _AGENTS[agent_type.name] = agent_type
    return agent_type


def known_agents() -> list[AgentType]:
    return [_AGENTS[k] for k in sorted(_AGENTS)]


register_agent(AgentType("random", RandomAgent, {}, "uniformly random legal actions"))
register_agent(
    AgentType(
        "greedy",
        GreedyAgent,
        {"samples": int, "blunder": float, "eval": str},
        "best one-step lookahead by the game's heuristic, averaged over `samples` determinisations; "
        "`blunder` is the chance of a random move instead; `eval` names another of the game's evaluations",
    )
)
register_agent(
    AgentType(
        "mcts",
        MCTSAgent,
        {
            "iterations": int,
            "seconds": float,
            "c": float,
            "depth": int,
            "scale": float,
            "prior": int,
            "prior_samples": int,
            "minimax": float,
            "turn": bool,
            "width": int,
            "eval": str,
        },
        "information-set Monte Carlo tree search on determinisations: leaves scored by the game's heuristic after "
        "`depth` random steps (-1: play to the end), root moves seeded with `prior` visits of their one-step value "
        "over `prior_samples` shared samples, `minimax` the weight of max^n backups beside the mean; `eval` names another "
        "of the game's evaluations (the game's usual one where it has none of that name)",
    )
)


def _describe_known() -> str:
    parts = []
    for t in known_agents():
        params = ", ".join(f"{p}=<{typ.__name__}>" for p, typ in t.params.items())
        parts.append(f"{t.name}:{params}" if params else t.name)
    return "; ".join(parts)


def _convert(agent: str, key: str, raw: str, typ: type) -> object:
    try:
        if typ is bool:
            low = raw.lower()
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise ValueError(raw)
        value = typ(raw)
    except ValueError:
        raise AgentSpecError(f"agent {agent!r}: parameter {key!r} expects {typ.__name__}, not {raw!r}") from None
    if isinstance(value, float) and not math.isfinite(value):  # "nan", "inf", "1e400": no budget means that
        raise AgentSpecError(f"agent {agent!r}: parameter {key!r} must be a finite number, not {raw!r}")
    return value


def parse_spec(spec: str) -> tuple[AgentType, dict[str, object]]:
    """The agent type a spec names and its parameters, converted; raises :class:`AgentSpecError` if they do not
    fit (the agent itself may still refuse the values: see :func:`make_agent`)."""
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError(f"an agent spec is a name such as 'random' (known agents: {_describe_known()})")
    name, colon, params_text = spec.strip().partition(":")
    name = name.strip().lower()
    if name in LEVELS:
        if colon:
            raise AgentSpecError(
                f"the bot level {name!r} takes no parameters (it stands for "
                f"{level_spec(name)!r}; write that spec to change its settings)"
            )
        return parse_spec(LEVELS[name].spec)
    agent_type = _AGENTS.get(name)
    if agent_type is None:
        raise AgentSpecError(
            f"unknown agent {name!r} (known levels: {', '.join(LEVELS)}; known agents: {_describe_known()})"
        )
    kwargs: dict[str, object] = {}
    for item in filter(None, (p.strip() for p in params_text.split(","))):
        key, eq, raw = item.partition("=")
        key = key.strip().replace("-", "_")
        if not eq:
            raise AgentSpecError(f"agent {name!r}: parameter {item!r} must be written key=value")
        if key not in agent_type.params:
            known = ", ".join(agent_type.params) or "none"
            raise AgentSpecError(f"agent {name!r} has no parameter {key!r} (its parameters: {known})")
        kwargs[key] = _convert(name, key, raw.strip(), agent_type.params[key])
    return agent_type, kwargs


def make_agent(spec: str) -> Agent:
    """Build a bot from its spec, e.g. ``"random"``, ``"greedy"``, ``"greedy:samples=3"``.

    Raises :class:`AgentSpecError` listing the known agents or parameters when the spec does not fit.
    """
    agent_type, kwargs = parse_spec(spec)
    spec = level_spec(spec) or spec
    try:
        return agent_type.make(**kwargs)
    except ValueError as exc:
        raise AgentSpecError(f"agent {spec!r}: {exc}") from None


class BotLimitError(AgentSpecError):
    """A bot spec asks for more thinking than the server allows (a budget over its limit)."""


DEFAULT_LIMITS: dict[str, float] = {
    "greedy.samples": 100,
    "mcts.iterations": 5000,
    "mcts.seconds": 5.0,
    "mcts.prior": 1000,
    "mcts.prior_samples": 100,
    "mcts.depth": 200,
    "mcts.width": 1000,
}
"""Per-move budgets a server allows (``agent.parameter`` -> largest value). Each caps the work of one move, so
a stranger cannot ask the server for a bot that thinks for hours (``mcts:iterations=0,seconds=100000``)."""

ANY_NUMBER_LIMIT = 1_000_000
"""Largest magnitude of a numeric parameter with no limit of its own (a parameter added later stays bounded)."""

UNBOUNDED_ZERO = {"mcts.iterations": "mcts.seconds"}
"""Parameters whose 0 means "no limit", and the parameter that must then bound the move instead."""


@dataclass(frozen=True)
class BotLimits:
    """The bot budgets a server accepts; :meth:`check` refuses a spec over any of them with a sentence naming it.

    ``limits`` maps ``agent.parameter`` to its largest value (see :data:`DEFAULT_LIMITS`). An operator changes them
    with ``FIREBREAK_BOT_LIMITS="mcts.seconds=2,greedy.samples=20"`` (see :meth:`from_env`).
    """

    limits: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_LIMITS))

    @classmethod
    def from_env(cls, text: str | None = None) -> BotLimits:
        """Defaults, overridden by ``text`` (default: the ``FIREBREAK_BOT_LIMITS`` environment variable)."""
        import os

        text = os.environ.get("FIREBREAK_BOT_LIMITS", "") if text is None else text
        limits = dict(DEFAULT_LIMITS)
        for item in filter(None, (p.strip() for p in text.split(","))):
            key, eq, raw = item.partition("=")
            agent, dot, param = key.strip().partition(".")
            agent_type = _AGENTS.get(agent)
            if not eq or not dot or agent_type is None or param not in agent_type.params:
                raise AgentSpecError(
                    f"bot limit {item!r} must be written agent.parameter=number, "
                    f"e.g. mcts.seconds=2 (known agents: {_describe_known()})"
                )
            try:
                value = float(raw)
            except ValueError:
                raise AgentSpecError(f"bot limit {item!r}: {raw.strip()!r} is not a number") from None
            if not 0 < value < math.inf:
                raise AgentSpecError(f"bot limit {item!r} must be a finite number above 0")
            limits[f"{agent}.{param}"] = value
        return cls(limits)

    def check(self, spec: str) -> Agent:
        """Build the bot of ``spec`` if every budget is within its limit; else :class:`BotLimitError`."""
        agent_type, kwargs = parse_spec(spec)
        for param, value in kwargs.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            key = f"{agent_type.name}.{param}"
            limit = self.limits.get(key)
            if value <= 0 and key in UNBOUNDED_ZERO:
                other = UNBOUNDED_ZERO[key].split(".", 1)[1]
                if not _number(kwargs.get(other, 0)) > 0:
                    raise BotLimitError(
                        f"bot {spec!r}: {param}={_show(value)} means no limit; give {other} as well "
                        f"(at most {_show(self.limits.get(UNBOUNDED_ZERO[key]))})"
                    )
                continue
            # (written "not value <= limit" so that a value no comparison holds for is refused too)
            if limit is not None and not value <= limit:
                raise BotLimitError(
                    f"bot {spec!r}: {param}={_show(value)} is over this server's limit of {_show(limit)} ({key})"
                )
            if limit is None and not abs(value) <= ANY_NUMBER_LIMIT:
                raise BotLimitError(
                    f"bot {spec!r}: {param}={_show(value)} is over this server's limit "
                    f"of {_show(ANY_NUMBER_LIMIT)} for any number"
                )
        return make_agent(spec)


def _number(value: object) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def _show(value: float | None) -> str:
    return "unlimited" if value is None else f"{value:g}"


def parse_agent_list(text: str) -> list[str]:
    """Split ``"greedy:samples=3,random"`` into specs: a comma starts a new spec unless it is followed by
    ``key=`` (then it separates parameters of the current one). Each spec is validated."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if specs and ":" in specs[-1] and "=" in piece and ":" not in piece:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    if not specs:
        raise AgentSpecError(f"no agents given (known agents: {_describe_known()})")
    for s in specs:
        make_agent(s)
    return specs


_BOT_WORDS = {
    "random": "plays at random",
    "greedy": "looks one move ahead",
    "mcts": "plans ahead by search",
}
"""A player's words for each kind of bot a raw spec may name (the lobby offers levels; the API and the CLI take
any spec, whose settings are a researcher's business, not a player's)."""


def bot_words(spec: str | None) -> str:
    """Who plays a bot seat, in a player's words: "Bot, easy level" for a level (by its name or its exact spec),
    else the kind of bot ("Bot, plays at random"), never the spec's text."""
    if not spec:
        return "Bot"
    try:
        kind, params = parse_spec(spec)
    except AgentSpecError:
        return "Bot"
    for level in LEVELS.values():
        if spec.strip().lower() == level.name or parse_spec(level.spec) == (kind, params):
            return f"Bot, {level.title.lower()} level"
    words = _BOT_WORDS.get(kind.name)
    return f"Bot, {words}" if words else "Bot"
