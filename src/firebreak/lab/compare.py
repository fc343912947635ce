"""Rule variant A against variant B on paired games: same seeds, same seats, same bots; only the options differ.

Pairing removes most of the luck of the deal from the comparison, so a difference shows with far fewer games
than two independent batches would need. Each outcome is compared by the paired t-test on the per-seed
differences (A minus B), with its interval. A categorical statistic (a text, e.g. who holds a card) is compared
category by category: the outcome ``"<name> = <category>"`` is 1 for a game in that category and 0 otherwise, so
A and B are the shares of games in it and A - B the difference of the shares.

The stopping rule (sequential, conservative): the games are played in batches, and after each batch the
*primary* outcome is looked at. With at most ``L = ceil(max_games / batch)`` looks, each look uses the Bonferroni
share of the error rate, alpha / L (a crude but valid alpha-spending: the chance of any false alarm over all looks
is at most alpha). The run stops early when the primary outcome's (1 - alpha / L) interval

* excludes 0: the variants differ, or
* lies wholly inside [-margin, +margin]: any difference is smaller than the margin that matters;

otherwise it goes on to ``max_games`` pairs. The reported 95 % intervals are the plain (per-outcome, nominal)
ones; for the primary outcome the adjusted interval that drove the decision is reported as well.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from firebreak.core import GameSpec, OptionError

from .backends import run_tasks
from .figures import figure_outcomes
from .job import JobSpec, LabError, categorical_stat_names, job_tasks, make_job, numeric_stat_names, stat_categories
from .stats import PairedDifference, paired_difference

SEAT0 = "win rate of seat 0"


def parse_variant(spec: GameSpec, text: str) -> dict[str, Any]:
    """``"more_destruction=true, hidden_colours=false"`` -> options (names as in the game; dashes allowed)."""
    out: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in text.replace(";", ",").replace(" ", ",").split(","))):
        key, eq, value = item.partition("=")
        key = key.strip().lstrip("-").replace("-", "_")
        if not eq:
            raise OptionError(f"variant setting {item!r} must be written name=value")
        option = spec.option(key)
        out[option.name] = option.coerce(value.strip())
    return out


def category_outcome(name: str, category: str) -> str:
    """The outcome name of one category of a categorical statistic (its share of games)."""
    return f"{name} = {category}"


def outcomes_of(
    row: Mapping[str, Any],
    labels: Sequence[str],
    stat_names: Sequence[str],
    categories: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, float]:
    """The numbers compared for one game; ``categories`` lists, per categorical statistic, the categories to
    compare (each becomes 1 if the game is in it, else 0)."""
    out: dict[str, float] = {SEAT0: row["shares"][0]}
    for label in labels:
        seats = [s for s, lab in enumerate(row["agents"]) if lab == label]
        if seats:
            out[f"win rate of {label}"] = sum(row["shares"][s] for s in seats) / len(seats)
    out["mean score"] = sum(row["scores"]) / len(row["scores"])
    out["winning score"] = max(row["scores"])
    out["game length"] = float(row["length"])
    out.update(figure_outcomes(row))
    for name in stat_names:
        value = row.get(f"stat_{name}")
        if isinstance(value, int | float):
            out[name] = float(value)
    for name, cats in (categories or {}).items():
        value = row.get(f"stat_{name}")
        if isinstance(value, str):
            for category in cats:
                out[category_outcome(name, category)] = 1.0 if value == category else 0.0
    return out


@dataclass
class Comparison:
    game: str
    options_a: dict[str, Any]
    options_b: dict[str, Any]
    primary: str
    margin: float
    alpha: float
    looks_allowed: int
    looks: int = 0
    pairs: int = 0
    decision: str = "undecided at the game limit"
    primary_adjusted: PairedDifference | None = None
    outcomes: dict[str, PairedDifference] = field(default_factory=dict)
    rows_a: list[dict[str, Any]] = field(default_factory=list)
    rows_b: list[dict[str, Any]] = field(default_factory=list)

    @property
    def stopped_early(self) -> bool:
        return self.looks < self.looks_allowed


def _differences(
    rows_a: Sequence[Mapping[str, Any]], rows_b: Sequence[Mapping[str, Any]], labels: Sequence[str], confidence: float
) -> dict[str, PairedDifference]:
    names = sorted(set(numeric_stat_names(rows_a)) & set(numeric_stat_names(rows_b)))
    both = [*rows_a, *rows_b]
    categories = {
        name: list(stat_categories(both, name))
        for name in sorted(set(categorical_stat_names(rows_a)) & set(categorical_stat_names(rows_b)))
    }
    per_a = [outcomes_of(r, labels, names, categories) for r in rows_a]
    per_b = [outcomes_of(r, labels, names, categories) for r in rows_b]
    keys = [k for k in per_a[0] if all(k in o for o in per_a) and all(k in o for o in per_b)] if per_a else []
    return {k: paired_difference([o[k] for o in per_a], [o[k] for o in per_b], confidence) for k in keys}


def compare(
    spec: GameSpec,
    players: int | None,
    agents: Sequence[str] | str,
    options_a: Mapping[str, Any],
    options_b: Mapping[str, Any],
    max_games: int = 2000,
    seed: int = 0,
    batch: int = 100,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    primary: str = SEAT0,
    margin: float = 0.05,
    alpha: float = 0.05,
    on_batch: Callable[[Comparison], None] | None = None,
    on_game: Callable[[], None] | None = None,
) -> Comparison:
    """Play paired games in batches until the primary outcome is decided or ``max_games`` pairs are played."""
    job_a: JobSpec = make_job(spec, players, agents, max_games, seed, options_a)
    job_b: JobSpec = make_job(spec, players, agents, max_games, seed, options_b)
    if job_a.options == job_b.options:
        raise LabError("variants A and B have the same options; there is nothing to compare")
    if batch < 2:
        raise LabError("the batch must hold at least 2 games")
    if not 0 < alpha < 1 or margin < 0:
        raise LabError("alpha must lie between 0 and 1 and the margin must not be negative")
    looks_allowed = math.ceil(max_games / batch)
    result = Comparison(spec.name, job_a.options, job_b.options, primary, margin, alpha, looks_allowed)
    labels = job_a.labels
    adjusted = 1 - alpha / looks_allowed
    for start in range(0, max_games, batch):
        indices = list(range(start, min(max_games, start + batch)))
        tasks = [t for pair in zip(job_tasks(job_a, indices), job_tasks(job_b, indices), strict=True) for t in pair]
        for k, row in enumerate(run_tasks(tasks, workers, backend, address)):
            (result.rows_a if k % 2 == 0 else result.rows_b).append(row)
            if on_game is not None:
                on_game()
        result.looks += 1
        result.pairs = len(result.rows_a)
        if result.looks == 1:
            known = _differences(result.rows_a, result.rows_b, labels, 0.95)
            if primary not in known:
                raise LabError(f"unknown outcome {primary!r} (outcomes: {', '.join(known)})")
        check = _differences(result.rows_a, result.rows_b, labels, adjusted)[primary]
        result.primary_adjusted = check
        if on_batch is not None:
            on_batch(result)
        if check.low > 0 or check.high < 0:
            result.decision = "the variants differ"
            break
        if -margin <= check.low and check.high <= margin:
            result.decision = f"no difference larger than {margin:g}"
            break
    result.outcomes = _differences(result.rows_a, result.rows_b, labels, 1 - alpha)
    return result
