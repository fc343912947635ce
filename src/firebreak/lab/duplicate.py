"""Strength in duplicate, as serious card-game tournaments score it.

Each *deal* (a seed) is played twice: once with the candidate bot in one seat and once with the baseline bot in
that same seat, the other seats held by the same rival bots; the seat moves on with each deal (deal *i* uses seat
*i* mod players), so every seat is played equally often over a full rotation. Both games of a deal see the same
cards, dice and fire draws until the two bots' choices make them differ, so most of the deal's luck cancels in the
pair. The headline figure is the paired mean **margin**: in each game the seat's own score minus the mean of the
rivals' scores, candidate minus baseline, with its 95% t interval; the win shares of the two bots stand beside it.

Sizing (a sequential stop, as :mod:`.compare` does): deals are played in batches (rounded up to whole rotations
of the seats), with at most ``L = ceil(max_deals / batch)`` looks; at each look the margin's ``1 - alpha / L``
interval is checked (Bonferroni alpha-spending), and the run stops when it excludes 0 (one bot is stronger) or lies
inside ``±margin`` points (no difference that matters); otherwise it goes on to ``max_deals``. A fixed-size run
(``sequential=False``) still looks after each batch, for progress, but plays every deal.

Reuse (:class:`BaselineCache`): when the rivals are the baseline bot, a deal's baseline game is the baseline in
every seat on the deal's seed, the same game whoever the candidate is and whichever seat it takes. A cache file
keeps those games, so a second candidate measured against the same baseline (a tuning run, a rerun after a change
to the candidate only) plays only its own games: a third of the work of a hard-over-medium deal in a 4-player game.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from firebreak.agents import level_spec, make_agent
from firebreak.core import GameSpec

from .backends import run_tasks
from .job import GameTask, LabError
from .simulate import game_seeds
from .stats import PairedDifference, paired_difference, wilson_interval

CANDIDATE, BASELINE, RIVAL = 0, 1, 2
"""Indices into a duplicate task's bot list."""


@dataclass(frozen=True)
class DuplicateSpec:
    """A duplicate match: the game, its table, the three bots and the deals' seed."""

    game: str
    players: int
    options: dict[str, Any]
    candidate: str
    baseline: str
    rivals: str
    seed: int = 0

    @property
    def labels(self) -> tuple[str, str, str]:
        return (self.candidate, self.baseline, f"{self.rivals} (rivals)")


def make_duplicate(
    spec: GameSpec,
    players: int | None,
    candidate: str,
    baseline: str,
    rivals: str | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> DuplicateSpec:
    """Validate the match up front: player count and options, every bot spec, the seed. Rivals default to the
    baseline (the form of the strength targets: one candidate against a table of baselines)."""
    n = spec.default_players if players is None else players
    resolved = spec.resolve_options(n, options)
    if n < 2:
        raise LabError("duplicate play needs at least 2 players")
    rivals = baseline if rivals is None else rivals
    for s in (candidate, baseline, rivals):
        make_agent(s)
    if candidate.strip() == baseline.strip():
        raise LabError("the candidate and the baseline are the same bot; there is nothing to compare")
    if seed < 0:
        raise LabError("the seed must not be negative")
    return DuplicateSpec(spec.name, n, resolved, candidate.strip(), baseline.strip(), rivals.strip(), seed)


def deal_seat(deal: int, players: int) -> int:
    """The seat the candidate and the baseline take in deal ``deal``: rotated, one seat further each deal."""
    return deal % players


def duplicate_tasks(match: DuplicateSpec, deals: Sequence[int], total: int) -> list[GameTask]:
    """The two games of each deal, candidate first: the same seed, the same seat, the same rivals elsewhere.

    ``total`` is the most deals the match may play: the seeds are drawn for that many, so deal *i*'s seed does not
    depend on where the run stops."""
    seeds = game_seeds(match.seed, total)
    bots = (match.candidate, match.baseline, match.rivals)
    tasks: list[GameTask] = []
    for d in deals:
        seat = deal_seat(d, match.players)
        for who in (CANDIDATE, BASELINE):
            seats = tuple(who if s == seat else RIVAL for s in range(match.players))
            tasks.append(
                GameTask(match.game, match.players, match.options, 2 * d + who, seeds[d], seats, bots, match.labels)
            )
    return tasks


class BaselineCache:
    """Baseline games kept in a JSON-lines file, keyed by everything that decides the game: the game, player count,
    options, seed and the bot spec in each seat (a level by the spec it stands for). Only games whose every seat
    holds the same bot are kept: such a game is the same for every candidate and every seat it takes.

    A kept game stays right only while that bot plays as it did when it was kept (the golden playthroughs pin the
    levels' play; start a new file after a change to the baseline bot or to the game's rules)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.rows: dict[str, dict[str, Any]] = {}
        self.hits = 0
        try:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    if line.strip():
                        entry = json.loads(line)
                        self.rows[entry["key"]] = entry["row"]
        except FileNotFoundError:
            pass
        except (ValueError, KeyError, TypeError) as exc:
            raise LabError(f"the baseline cache {path} is not a file of kept games ({exc})") from None

    @staticmethod
    def key(task: GameTask) -> str | None:
        """The game's key, or ``None`` if its seats do not all hold the same bot."""
        specs = {task.agent_specs[a].strip() for a in task.seat_agents}
        if len(specs) != 1:
            return None
        bot = specs.pop()
        bot = level_spec(bot) or bot
        return json.dumps([task.game, task.players, task.options, task.seed, bot], sort_keys=True)

    def get(self, task: GameTask) -> dict[str, Any] | None:
        """The kept game's row, relabelled for ``task`` (its index, seats and names), or ``None``."""
        key = self.key(task)
        row = self.rows.get(key) if key is not None else None
        if row is None:
            return None
        self.hits += 1
        return {
            **row,
            "index": task.index,
            "seat_agents": list(task.seat_agents),
            "agents": [task.labels[a] for a in task.seat_agents],
        }

    def put(self, task: GameTask, row: Mapping[str, Any]) -> None:
        key = self.key(task)
        if key is None or key in self.rows:
            return
        kept = {k: v for k, v in row.items() if k not in ("index", "seat_agents", "agents")}
        self.rows[key] = kept
        with open(self.path, "a", encoding="utf-8") as f:
            f.write(json.dumps({"key": key, "row": kept}, sort_keys=True) + "\n")


def _play(
    tasks: Sequence[GameTask], cache: BaselineCache | None, workers: int, backend: str, address: str | None
) -> Iterator[dict[str, Any]]:
    """The rows of ``tasks`` in task order: baseline games from the cache where it has them, the rest played."""
    kept = {i: row for i, t in enumerate(tasks) if cache is not None and (row := cache.get(t)) is not None}
    todo = [t for i, t in enumerate(tasks) if i not in kept]
    played = iter(run_tasks(todo, workers, backend, address))
    for i, task in enumerate(tasks):
        if i in kept:
            yield kept[i]
            continue
        row = next(played)
        if cache is not None and task.index % 2 == BASELINE:
            cache.put(task, row)
        yield row


def seat_margin(scores: Sequence[float], seat: int) -> float:
    """The seat's score minus the mean of the rivals' scores."""
    rivals = [s for p, s in enumerate(scores) if p != seat]
    return float(scores[seat]) - sum(rivals) / len(rivals)


@dataclass
class DuplicateResult:
    match: DuplicateSpec
    looks_allowed: int
    margin_that_matters: float
    alpha: float
    looks: int = 0
    decision: str = "undecided at the deal limit"
    rows_candidate: list[dict[str, Any]] = field(default_factory=list)
    rows_baseline: list[dict[str, Any]] = field(default_factory=list)
    margin: PairedDifference | None = None
    """Candidate's margin minus the baseline's, per deal (95%)."""
    margin_adjusted: PairedDifference | None = None
    """The same at the level the stopping rule used at its last look."""
    wins: PairedDifference | None = None
    scores: PairedDifference | None = None

    @property
    def deals(self) -> int:
        return len(self.rows_candidate)

    def seat_of(self, row: Mapping[str, Any]) -> int:
        return deal_seat(int(row["index"]) // 2, self.match.players)

    def win_share(self, rows: Sequence[Mapping[str, Any]]) -> tuple[float, float, float]:
        """(share, Wilson low, Wilson high) of the bot under test's seat over ``rows``."""
        wins = sum(r["shares"][self.seat_of(r)] for r in rows)
        lo, hi = wilson_interval(wins, len(rows))
        return (wins / len(rows) if rows else 0.0), lo, hi

    def margin_at(self, confidence: float) -> PairedDifference:
        """The paired margin over the deals played so far, with its interval at ``confidence``."""
        return _paired(self, _margin, confidence)

    def deals_per_seat(self) -> list[int]:
        counts = [0] * self.match.players
        for r in self.rows_candidate:
            counts[self.seat_of(r)] += 1
        return counts


def _paired(
    result: DuplicateResult, value: Callable[[Mapping[str, Any], int], float], confidence: float
) -> PairedDifference:
    a = [value(r, result.seat_of(r)) for r in result.rows_candidate]
    b = [value(r, result.seat_of(r)) for r in result.rows_baseline]
    return paired_difference(a, b, confidence)


def _margin(row: Mapping[str, Any], seat: int) -> float:
    return seat_margin(row["scores"], seat)


def duplicate(
    match: DuplicateSpec,
    max_deals: int = 200,
    batch: int = 20,
    margin: float = 0.5,
    alpha: float = 0.05,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_game: Callable[[], None] | None = None,
    on_look: Callable[[DuplicateResult], None] | None = None,
    sequential: bool = True,
    cache: BaselineCache | None = None,
    first_deal: int = 0,
) -> DuplicateResult:
    """Play the match's deals in batches until the margin is decided or ``max_deals`` deals are played (every deal
    if not ``sequential``: a fixed size). ``cache`` supplies and keeps the baseline's games (see
    :class:`BaselineCache`); the results are the same with or without it. ``first_deal`` starts at a later deal of
    the same seed (deals ``first_deal`` to ``max_deals - 1`` are played), to extend an earlier run of the match
    with new deals only."""
    if first_deal < 0:
        raise LabError("the first deal must not be negative")
    if max_deals - first_deal < 2:
        raise LabError("a duplicate match needs at least 2 deals")
    if batch < 2:
        raise LabError("the batch must hold at least 2 deals")
    if not 0 < alpha < 1 or margin < 0:
        raise LabError("alpha must lie between 0 and 1 and the margin must not be negative")
    rotation = match.players
    count = max_deals - first_deal
    batch = min(count, math.ceil(batch / rotation) * rotation)  # whole rotations, so seats stay balanced
    looks_allowed = math.ceil(count / batch)
    result = DuplicateResult(match, looks_allowed, margin, alpha)
    adjusted = 1 - alpha / looks_allowed
    for start in range(first_deal, max_deals, batch):
        deals = list(range(start, min(max_deals, start + batch)))
        for row in _play(duplicate_tasks(match, deals, max_deals), cache, workers, backend, address):
            (result.rows_candidate if row["index"] % 2 == CANDIDATE else result.rows_baseline).append(row)
            if on_game is not None:
                on_game()
        result.looks += 1
        check = _paired(result, _margin, adjusted)
        result.margin_adjusted = check
        if on_look is not None:
            on_look(result)
        if not sequential:
            continue
        if check.low > 0:
            result.decision = f"{match.candidate} is stronger"
            break
        if check.high < 0:
            result.decision = f"{match.baseline} is stronger"
            break
        if -margin <= check.low and check.high <= margin:
            result.decision = f"no difference larger than {margin:g} points"
            break
    if not sequential:
        result.decision = "fixed size"
    result.margin = _paired(result, _margin, 1 - alpha)
    result.wins = _paired(result, lambda r, s: float(r["shares"][s]), 1 - alpha)
    result.scores = _paired(result, lambda r, s: float(r["scores"][s]), 1 - alpha)
    return result
