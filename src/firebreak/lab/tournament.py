"""A rating tournament between bots: many games, Plackett-Luce ratings (openskill), a table.

Plackett-Luce rates finishing orders of any number of players, so it suits multiplayer games where Elo does
not. A game's finishing order is winners first (sharing rank 0), then the others by score (equal scores share a
rank). With more bots than seats, each game draws its line-up from the game's seed (seats rotated through the
line-up), so every bot meets every other; with fewer, bots are repeated as in ``simulate`` and a bot's rating
update is the mean of its seats' updates.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from firebreak.core import GameSpec, Rng

from .backends import run_tasks
from .job import GameTask, LabError, job_tasks, make_job
from .stats import wilson_interval


def finishing_ranks(row: Mapping[str, Any]) -> list[int]:
    """Rank per seat (0 is best): winners first, then by score; ties share a rank."""
    winners = set(row["winners"])
    keys = [(0 if s in winners else 1, -row["scores"][s]) for s in range(len(row["scores"]))]
    ordered = sorted(set(keys))
    return [ordered.index(k) for k in keys]


def lineups(num_agents: int, players: int, games: int, seed: int) -> list[tuple[int, ...]]:
    """Which bot sits in each seat of each game (a pure function of the arguments)."""
    out = []
    for g in range(games):
        if num_agents >= players:
            rng = Rng(seed * 1_000_003 + g)
            pool = list(range(num_agents))
            rng.shuffle(pool)
            out.append(tuple(pool[:players]))
        else:
            out.append(tuple((seat + g) % num_agents for seat in range(players)))
    return out


@dataclass
class Rating:
    agent: str
    mu: float
    sigma: float
    games: int
    wins: float

    @property
    def ordinal(self) -> float:
        """A conservative skill estimate, mu - 3 sigma: the usual leaderboard key."""
        return self.mu - 3 * self.sigma

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def rate(rows: Sequence[Mapping[str, Any]], labels: Sequence[str]) -> list[Rating]:
    """Plackett-Luce ratings after the games in order, best first."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:  # pragma: no cover - a declared dependency
        raise LabError("tournaments need openskill: pip install openskill") from None
    model = PlackettLuce()
    ratings = {label: model.rating(name=label) for label in labels}
    games = dict.fromkeys(labels, 0)
    wins = dict.fromkeys(labels, 0.0)
    for row in rows:
        seats = row["agents"]
        ranks: list[float] = list(finishing_ranks(row))  # openskill takes any numbers as ranks
        new = model.rate([[ratings[a]] for a in seats], ranks=ranks)
        updates: dict[str, list[Any]] = {}
        for seat, label in enumerate(seats):
            updates.setdefault(label, []).append(new[seat][0])
            games[label] += 1
            wins[label] += row["shares"][seat]
        for label, rs in updates.items():
            mu = sum(r.mu for r in rs) / len(rs)
            sigma = sum(r.sigma for r in rs) / len(rs)
            ratings[label] = model.rating(mu=mu, sigma=sigma, name=label)
    out = [Rating(label, ratings[label].mu, ratings[label].sigma, games[label], wins[label]) for label in labels]
    return sorted(out, key=lambda r: -r.ordinal)


def tournament(
    spec: GameSpec,
    players: int | None,
    agents: Sequence[str] | str,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_game: Callable[[], None] | None = None,
) -> tuple[list[Rating], list[dict[str, Any]]]:
    """Play the tournament and rate it; returns the ratings (best first) and the result rows."""
    job = make_job(spec, players, agents, games, seed, options)
    if len(job.agents) < 2:
        raise LabError("a tournament needs at least two bots")
    base = job_tasks(job)
    tasks = [
        GameTask(t.game, t.players, t.options, t.index, t.seed, lineup, t.agent_specs, t.labels)
        for t, lineup in zip(base, lineups(len(job.agents), job.players, games, seed), strict=True)
    ]
    rows = []
    for row in run_tasks(tasks, workers, backend, address):
        rows.append(row)
        if on_game is not None:
            on_game()
    return rate(rows, job.labels), rows
