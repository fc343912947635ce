"""Batch simulation: many games between bots, with seats rotated and results summarised.

Seats are rotated so that every bot plays every seat equally often (exactly, when the number of games is a
multiple of the number of bots), which removes first-player advantage from the comparison. Wins are counted as
shares: a game won by two seats gives each of them half a win.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firebreak.agents import make_agent, play_game
from firebreak.core import GameSpec, GameState, Rng, record_of


def seat_assignment(game_index: int, num_players: int, num_agents: int) -> list[int]:
    """Which bot (index into the bot list) plays each seat in game ``game_index``."""
    return [(seat + game_index) % num_agents for seat in range(num_players)]


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of a batch: drawn from one generator, so two batches with different seeds share no pattern."""
    master = Rng(seed)
    return [master.below(2**31) for _ in range(games)]


def _labels(agent_specs: Sequence[str]) -> list[str]:
    labels: list[str] = []
    for spec in agent_specs:
        label, n = spec, 2
        while label in labels:
            label, n = f"{spec}#{n}", n + 1
        labels.append(label)
    return labels


@dataclass
class SimulationResult:
    """Totals of a batch; rates and means are derived so partial batches can be summarised too."""

    game: str
    num_players: int
    agents: list[str]
    games: int = 0
    total_actions: int = 0
    elapsed: float = 0.0
    agent_seats: list[int] = field(default_factory=list)
    agent_wins: list[float] = field(default_factory=list)
    agent_score: list[float] = field(default_factory=list)
    seat_wins: list[float] = field(default_factory=list)
    seat_score: list[float] = field(default_factory=list)
    stat_sums: dict[str, float] = field(default_factory=dict)
    """Totals of the numeric (and true/false) scalars of the game's ``spec.stats`` hook, by name."""
    stat_counts: dict[str, int] = field(default_factory=dict)
    stat_labels: dict[str, dict[str, int]] = field(default_factory=dict)
    """How many games fell in each category of a text-valued (categorical) stat, e.g. the Hero of London's
    holder or the reason a game ended."""

    def __post_init__(self) -> None:
        a, n = len(self.agents), self.num_players
        self.agent_seats = self.agent_seats or [0] * a
        self.agent_wins = self.agent_wins or [0.0] * a
        self.agent_score = self.agent_score or [0.0] * a
        self.seat_wins = self.seat_wins or [0.0] * n
        self.seat_score = self.seat_score or [0.0] * n

    def add(self, state: GameState, assignment: Sequence[int]) -> None:
        shares = state.returns()
        scores = state.scores()
        self.games += 1
        self.total_actions += len(state.history)
        for seat, agent in enumerate(assignment):
            self.agent_seats[agent] += 1
            self.agent_wins[agent] += shares[seat]
            self.agent_score[agent] += scores[seat]
            self.seat_wins[seat] += shares[seat]
            self.seat_score[seat] += scores[seat]

    def add_row(self, row: Mapping[str, Any]) -> None:
        """Fold in one result row of the lab's job runner (see :func:`firebreak.lab.job.play_task`)."""
        self.games += 1
        self.total_actions += int(row["length"])
        for seat, agent in enumerate(row["seat_agents"]):
            self.agent_seats[agent] += 1
            self.agent_wins[agent] += row["shares"][seat]
            self.agent_score[agent] += row["scores"][seat]
            self.seat_wins[seat] += row["shares"][seat]
            self.seat_score[seat] += row["scores"][seat]
        self.add_stats(json.loads(row.get("stats") or "{}"))

    def add_stats(self, stats: Mapping[str, Any]) -> None:
        """Fold one game's statistics in: numbers are averaged; texts are categories, counted so they are
        reported as shares of games; lists and tables are left to the per-game logs."""
        for name, value in stats.items():
            if isinstance(value, bool | int | float):
                self.stat_sums[name] = self.stat_sums.get(name, 0.0) + float(value)
                self.stat_counts[name] = self.stat_counts.get(name, 0) + 1
            elif isinstance(value, str):
                counts = self.stat_labels.setdefault(name, {})
                counts[value] = counts.get(value, 0) + 1

    def stat_means(self) -> dict[str, float]:
        return {k: self.stat_sums[k] / self.stat_counts[k] for k in sorted(self.stat_sums)}

    def stat_shares(self) -> dict[str, list[tuple[str, int, float]]]:
        """Per categorical stat: (category, games, share of the games that reported the stat), most frequent
        first (ties by name)."""
        out: dict[str, list[tuple[str, int, float]]] = {}
        for name in sorted(self.stat_labels):
            counts = self.stat_labels[name]
            total = sum(counts.values())
            out[name] = [(c, k, k / total) for c, k in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
        return out

    def agent_win_rate(self, agent: int) -> float:
        """Win share per seat played (with N seats, a bot no better than the others scores 1/N)."""
        return self.agent_wins[agent] / self.agent_seats[agent] if self.agent_seats[agent] else 0.0

    def agent_mean_score(self, agent: int) -> float:
        return self.agent_score[agent] / self.agent_seats[agent] if self.agent_seats[agent] else 0.0

    def seat_win_rate(self, seat: int) -> float:
        return self.seat_wins[seat] / self.games if self.games else 0.0

    def seat_mean_score(self, seat: int) -> float:
        return self.seat_score[seat] / self.games if self.games else 0.0

    @property
    def mean_length(self) -> float:
        return self.total_actions / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0


def simulate(
    spec: GameSpec,
    num_players: int,
    agent_specs: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    logs_dir: str | Path | None = None,
    on_game_done: Callable[[int, GameState], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games and total the results. Deterministic for a seed (timing aside).

    ``logs_dir``, if given, receives each game's record as ``game-00000.json`` etc. (replayable with
    ``firebreak replay``).
    """
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    if not agent_specs:
        raise ValueError("at least one agent is needed")
    for s in agent_specs:
        make_agent(s)  # fail early on a bad spec
    resolved = spec.resolve_options(num_players, options)  # and on bad options
    logs = Path(logs_dir) if logs_dir is not None else None
    if logs is not None:  # refuse another job's records, as the job runner does
        from .job import JobSpec
        from .store import open_logs_dir

        open_logs_dir(logs, JobSpec(spec.name, num_players, tuple(agent_specs), games, seed, resolved))
    result = SimulationResult(spec.name, num_players, _labels(agent_specs))
    start = time.perf_counter()
    for i, game_seed in enumerate(game_seeds(seed, games)):
        assignment = seat_assignment(i, num_players, len(agent_specs))
        bots = [make_agent(agent_specs[a]) for a in assignment]
        state = play_game(spec, bots, game_seed, num_players, options)
        result.add(state, assignment)
        if spec.stats is not None:
            result.add_stats(spec.stats(state))
        if logs is not None:
            record_of(state).save(logs / f"game-{i:05d}.json")
        if on_game_done is not None:
            on_game_done(i, state)
    result.elapsed = time.perf_counter() - start
    return result
