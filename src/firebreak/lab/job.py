"""A lab job: which games to play, and the pure function that plays one of them into a result row.

Every game of a job is a pure function of (game, player count, options, seed, bot specs per seat): the game's
chance comes from its seed and each bot's from :func:`firebreak.agents.agent_rng`. So a game can run in any
process, on any machine, in any order, and gives the same row. (The one exception is a bot with a wall-clock
budget, such as ``mcts:seconds=1``: how far it searches depends on the machine's speed.)
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from firebreak.agents import make_agent, parse_agent_list, play_game
from firebreak.core import FirebreakError, GameSpec, get_game, record_of

from .figures import StandingRecorder
from .simulate import _labels, game_seeds, seat_assignment


class LabError(FirebreakError):
    """A lab job cannot run or read its files: mismatching manifest, corrupt results, bad arguments."""


@dataclass(frozen=True)
class JobSpec:
    """The arguments that define a job's games (what a manifest records)."""

    game: str
    players: int
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    """Resolved options (every option of the game, defaults filled in)."""

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["agents"] = list(self.agents)
        return out

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> "JobSpec":
        try:
            return JobSpec(
                str(obj["game"]),
                int(obj["players"]),
                tuple(obj["agents"]),
                int(obj["games"]),
                int(obj["seed"]),
                dict(obj["options"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise LabError(f"the manifest's job is incomplete or malformed ({exc})") from None

    @property
    def labels(self) -> list[str]:
        """Distinct names for the bots (a spec listed twice becomes ``random`` and ``random#2``)."""
        return _labels(self.agents)


def make_job(
    spec: GameSpec,
    players: int | None,
    agents: Sequence[str] | str,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> JobSpec:
    """Validate everything up front (game options, player count, bot specs, counts) and build the job."""
    n = spec.default_players if players is None else players
    resolved = spec.resolve_options(n, options)
    specs = parse_agent_list(agents) if isinstance(agents, str) else list(agents)
    if not specs:
        raise LabError("at least one agent is needed")
    for s in specs:
        make_agent(s)
    if games < 1:
        raise LabError("the number of games must be at least 1")
    if seed < 0:
        raise LabError("the seed must not be negative")
    return JobSpec(spec.name, n, tuple(specs), games, seed, resolved)


@dataclass(frozen=True)
class GameTask:
    """One game to play: everything a worker needs, and nothing that cannot be pickled cheaply."""

    game: str
    players: int
    options: dict[str, Any]
    index: int
    seed: int
    seat_agents: tuple[int, ...]
    """Index into ``agent_specs`` of the bot in each seat."""
    agent_specs: tuple[str, ...]
    labels: tuple[str, ...]
    want_record: bool = False


def job_tasks(job: JobSpec, indices: Sequence[int] | None = None, want_record: bool = False) -> list[GameTask]:
    """The tasks of a job (all of them, or those at ``indices``): seeds and rotated seats by game index."""
    seeds = game_seeds(job.seed, job.games)
    labels = tuple(job.labels)
    chosen = range(job.games) if indices is None else indices
    return [
        GameTask(
            job.game,
            job.players,
            job.options,
            i,
            seeds[i],
            tuple(seat_assignment(i, job.players, len(job.agents))),
            job.agents,
            labels,
            want_record,
        )
        for i in chosen
    ]


def _jsonable(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def play_task(task: GameTask) -> dict[str, Any]:
    """Play one game and return its result row (plus its record under ``"_record"`` if asked for).

    The row holds plain values only, so it goes straight into a Parquet table. Scalar statistics from the game's
    ``spec.stats`` hook become ``stat_<name>`` columns; the full statistics (lists and tables included) are kept
    as JSON in ``stats``; ``standing`` holds, as JSON, each seat's public score after every turn (see
    :mod:`.figures`).
    """
    spec = get_game(task.game)
    bots = [make_agent(task.agent_specs[a]) for a in task.seat_agents]
    standing = StandingRecorder()
    state = play_game(spec, bots, task.seed, task.players, task.options, on_action=standing)
    winners = sorted(state.winners())
    stats = _jsonable(spec.stats(state)) if spec.stats is not None else {}
    row: dict[str, Any] = {
        "index": task.index,
        "game": spec.name,
        "seed": task.seed,
        "players": task.players,
        "options": json.dumps(task.options, sort_keys=True),
        "seat_agents": list(task.seat_agents),
        "agents": [task.labels[a] for a in task.seat_agents],
        "scores": [float(s) for s in state.scores()],
        "shares": [float(s) for s in state.returns()],
        "winners": winners,
        "winner": winners[0] if len(winners) == 1 else -1,
        "length": len(state.history),
        "stats": json.dumps(stats, sort_keys=True),
        "standing": json.dumps(standing.turns, separators=(",", ":")),
    }
    for name, value in sorted(stats.items()):
        if isinstance(value, bool | int | float):  # true/false become 1.0/0.0, so they average to a share
            row[f"stat_{name}"] = float(value)
        elif isinstance(value, str):  # a category: the column holds its text
            row[f"stat_{name}"] = value
    if task.want_record:
        row["_record"] = record_of(state).to_json()
    return row


def numeric_stat_names(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The names of the numeric scalar statistics present in the rows (without the ``stat_`` prefix)."""
    names: set[str] = set()
    for row in rows:
        for key, value in row.items():
            if key.startswith("stat_") and isinstance(value, int | float) and not isinstance(value, bool):
                names.add(key[5:])
    return sorted(names)


def categorical_stat_names(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The names of the categorical statistics (text values, e.g. who holds a card) present in the rows."""
    return sorted(
        {key[5:] for row in rows for key, value in row.items() if key.startswith("stat_") and isinstance(value, str)}
    )


def stat_categories(rows: Sequence[Mapping[str, Any]], name: str) -> dict[str, int]:
    """How many of the rows fall in each category of statistic ``name``, most frequent first (ties by name)."""
    counts: dict[str, int] = {}
    for row in rows:
        value = row.get(f"stat_{name}")
        if isinstance(value, str):
            counts[value] = counts.get(value, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def stats_summary(rows: Sequence[Mapping[str, Any]]) -> str:
    """One line a designer reads for a batch of games: each number as its mean per game, then each category as
    the share of games in it (a holder's seat or how a game ended is a category: averaging it would mean
    nothing). Names are written with spaces, e.g. ``fires extinguished 3.25; end reason: fire 75%, deck 25%``."""
    if not rows:
        return "no games"
    numbers = ", ".join(
        f"{name.replace('_', ' ')} {sum(float(r.get('stat_' + name, 0)) for r in rows) / len(rows):.2f}"
        for name in numeric_stat_names(rows)
    )
    categories = "; ".join(
        f"{name.replace('_', ' ')}: "
        + ", ".join(f"{cat} {count / len(rows):.0%}" for cat, count in stat_categories(rows, name).items())
        for name in categorical_stat_names(rows)
    )
    return "; ".join(part for part in (numbers, categories) if part)
