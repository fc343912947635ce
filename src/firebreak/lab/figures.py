"""Figures that describe a game: how long it runs, when it is decided, whether the player behind comes back,
how far the winner wins by, whether seats are fair and whether skill shows.

They are read from each game's running *public standing*: after every turn the lab records each seat's score as a
spectator could count it (:meth:`GameState.public_standing`, never a hidden card), and at the end the final scores.
A turn here is a run of decisions by one seat (a reply out of turn, such as a trade answer, is a short turn of its
own), which is what "who leads after each turn" needs; the duration shown is the game's own turn count where its
statistics export one (``turns``).

Definitions (each checked on hand-made histories in ``tests/lab/test_figures.py``):

* **decided at**: the share of the game played when the eventual winner takes the lead for good, i.e. from the end
  of that turn on every winner stands strictly above every other seat. A game the winner does not lead at the end
  (a tie-break, or a win by another route) is decided at its last turn (100%). Not defined when every seat wins.
* **lead changes**: how often the seat leading alone changes (a tie for the lead is not a change; the first seat to
  lead is not one either).
* **comeback**: the game is won by a seat that stood strictly below the leader three quarters of the way through.
* **winning margin**: the lowest winner's final score minus the best other seat's (0 when every seat wins).
* **shared win**: more than one winner.
* **skill shown**: in games mixing bots, the strong bot's win share per seat played, against the fair share
  1/players. The strong bot is the highest of the named levels (easy < medium < hard) when every bot is a level,
  else the first bot listed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from firebreak.agents import LEVELS
from firebreak.core import GameSpec, GameState
from firebreak.core.text import seat_label

from .stats import mean_interval, wilson_interval
from .words import options_words

Standing = list[list[float]]


class StandingRecorder:
    """An ``on_action`` hook for :func:`firebreak.agents.play_game` that keeps the public standing after each turn.

    It asks the game for its standing once per turn (not per decision), so recording costs little next to the
    bots' thinking; the final entry is the final scores, everything then being revealed."""

    __slots__ = ("turns",)

    def __init__(self) -> None:
        self.turns: Standing = []

    def __call__(self, state: GameState, seat: int, action: int) -> None:
        if state.is_terminal():
            self.turns.append([float(x) for x in state.scores()])
        elif state.current_player() != seat:
            self.turns.append([float(x) for x in state.public_standing()])


# --- one game ----------------------------------------------------------------------------------------------
def _leads(scores: Sequence[float], winners: Sequence[int]) -> bool:
    others = [s for p, s in enumerate(scores) if p not in winners]
    return not others or min(scores[w] for w in winners) > max(others)


def decided_turn(standing: Standing, winners: Sequence[int]) -> int | None:
    """The turn (from 1) at whose end the eventual winners lead for good; ``None`` if every seat wins or none."""
    if not standing or not winners or len(winners) >= len(standing[-1]):
        return None
    last_behind = -1
    for t, scores in enumerate(standing):
        if not _leads(scores, winners):
            last_behind = t
    return min(last_behind + 2, len(standing))


def decided_share(standing: Standing, winners: Sequence[int]) -> float | None:
    """:func:`decided_turn` as a share of the game's turns (1.0: decided only at the end)."""
    turn = decided_turn(standing, winners)
    return None if turn is None else turn / len(standing)


def sole_leader(scores: Sequence[float]) -> int | None:
    best = max(scores)
    top = [p for p, s in enumerate(scores) if s == best]
    return top[0] if len(top) == 1 else None


def lead_changes(standing: Standing) -> int:
    """How often the seat leading alone changes over the game."""
    changes, leader = 0, None
    for scores in standing:
        now = sole_leader(scores)
        if now is not None:
            if leader is not None and now != leader:
                changes += 1
            leader = now
    return changes


def is_comeback(standing: Standing, winners: Sequence[int]) -> bool | None:
    """Whether a winner stood below the leader after three quarters of the game's turns."""
    if not standing or not winners:
        return None
    at = standing[max(0, math.ceil(0.75 * len(standing)) - 1)]
    best = max(at)
    return any(at[w] < best for w in winners)


def winning_margin(scores: Sequence[float], winners: Sequence[int]) -> float | None:
    if not winners:
        return None
    others = [s for p, s in enumerate(scores) if p not in winners]
    return 0.0 if not others else min(scores[w] for w in winners) - max(others)


def row_standing(row: Mapping[str, Any]) -> Standing | None:
    """The standing recorded in a result row (``None`` for rows written before it was recorded)."""
    raw = row.get("standing")
    if not raw:
        return None
    return json.loads(raw) if isinstance(raw, str) else raw


def figure_outcomes(row: Mapping[str, Any]) -> dict[str, float]:
    """The figures of one game as numbers ``compare`` pairs between variants (a comeback or a shared win is 1 or
    0, so the difference is one of shares). Figures a game does not define (decided at, when every seat wins) and
    rows written before the standing was recorded give none."""
    out: dict[str, float] = {}
    if "winners" not in row:
        return out
    winners = row["winners"]
    margin = winning_margin(row["scores"], winners)
    if margin is not None:
        out["winning margin"] = margin
    out["shared win"] = 1.0 if len(winners) > 1 else 0.0
    standing = row_standing(row)
    if standing:
        out["lead changes"] = float(lead_changes(standing))
        comeback = is_comeback(standing, winners)
        if comeback is not None:
            out["won from behind at three quarters"] = float(comeback)
        decided = decided_share(standing, winners)
        if decided is not None:
            out["decided at (share of the game)"] = decided
    return out


# --- a group of games --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FigureValue:
    """One figure of a group of games, named in words, with its 95% interval where it is an estimate."""

    name: str
    games: int
    value: float
    low: float | None = None
    high: float | None = None
    unit: str = ""
    """"%" for shares (value and interval in 0..1), else the figure's unit in words (e.g. "points")."""

    def text(self) -> str:
        return _fmt(self.value, self.unit)

    def interval_text(self) -> str:
        if self.low is None or self.high is None or not math.isfinite(self.low) or not math.isfinite(self.high):
            return "-"
        return f"{_fmt(self.low, self.unit)} to {_fmt(self.high, self.unit)}"


def _fmt(x: float, unit: str) -> str:
    if unit == "%":
        return f"{100 * x:.1f}%"
    if unit == "+":
        return f"{x:+.1f}%"
    return f"{x:.2f}"


def _mean(name: str, values: Sequence[float], unit: str = "") -> FigureValue | None:
    if not values:
        return None
    mean, lo, hi = mean_interval(list(values))
    if unit == "%":  # a mean of shares stays a share
        lo, hi = max(0.0, lo), min(1.0, hi)
    elif min(values) >= 0:  # a count (turns, lead changes) cannot be negative, whatever Student's t says
        lo = max(0.0, lo)
    return FigureValue(name, len(values), mean, lo, hi, unit)


def _share(name: str, hits: float, n: int) -> FigureValue | None:
    if n == 0:
        return None
    lo, hi = wilson_interval(hits, n)
    return FigureValue(name, n, hits / n, lo, hi, "%")


def strong_label(rows: Sequence[Mapping[str, Any]]) -> str | None:
    """The bot whose skill the group shows: the highest level if every bot is a level, else the first listed."""
    labels: dict[int, str] = {}
    for r in rows:
        for agent, label in zip(r["seat_agents"], r["agents"], strict=True):
            labels.setdefault(int(agent), label)
    if len(set(labels.values())) < 2:
        return None
    order = list(LEVELS)
    bases = {label: label.split("#")[0] for label in labels.values()}
    if all(b in order for b in bases.values()) and len(set(bases.values())) > 1:
        top = max(order.index(b) for b in bases.values())
        return next(label for i, label in sorted(labels.items()) if order.index(bases[label]) == top)
    return labels[min(labels)]


def group_figures(rows: Sequence[Mapping[str, Any]]) -> list[FigureValue]:
    """Every figure of one group of games (one game, player count and variant)."""
    if not rows:
        return []
    n = int(rows[0]["players"])
    out: list[FigureValue | None] = []
    own_turns = [float(v) for r in rows if isinstance(v := r.get("stat_turns"), int | float)]
    stands = [(r, s) for r in rows if (s := row_standing(r))]
    turns = own_turns if len(own_turns) == len(rows) else [float(len(s)) for _, s in stands]
    out.append(_mean("Duration: turns per game", turns))
    out.append(_mean("Duration: decisions per game", [float(r["length"]) for r in rows]))
    decided = [d for r, s in stands if (d := decided_share(s, r["winners"])) is not None]
    out.append(_mean("Decided at (share of the game played when the winner takes the lead for good)", decided, "%"))
    out.append(_mean("Lead changes per game", [float(lead_changes(s)) for _, s in stands]))
    comebacks = [c for r, s in stands if (c := is_comeback(s, r["winners"])) is not None]
    out.append(
        _share("Comebacks (games won by a seat behind at three quarters of the game)", sum(comebacks), len(comebacks))
    )
    margins = [m for r in rows if (m := winning_margin(r["scores"], r["winners"])) is not None]
    out.append(_mean("Winning margin (points over the best other seat)", margins))
    out.append(_share("Shared wins", sum(1 for r in rows if len(r["winners"]) > 1), len(rows)))
    for seat in range(n):
        out.append(
            _share(
                f"Seat balance: win share of {seat_label(seat)} (fair share {1 / n:.0%})",
                sum(r["shares"][seat] for r in rows),
                len(rows),
            )
        )
    first = _share("", sum(r["shares"][0] for r in rows), len(rows))
    if first is not None and first.low is not None and first.high is not None:  # a share always has its interval
        out.append(
            FigureValue(
                "First-player advantage (win share of P0 minus the fair share, in points of %)",
                first.games,
                100 * (first.value - 1 / n),
                100 * (first.low - 1 / n),
                100 * (first.high - 1 / n),
                "+",
            )
        )
    strong = strong_label(rows)
    if strong is not None:
        mixed = [r for r in rows if len(set(r["agents"])) > 1 and strong in r["agents"]]
        seats = [r["shares"][s] for r in mixed for s, lab in enumerate(r["agents"]) if lab == strong]
        out.append(
            _share(
                f"Skill shown: win share of {strong} per seat against the other bots (fair share {1 / n:.0%})",
                sum(seats),
                len(seats),
            )
        )
    return [f for f in out if f is not None]


def group_key(row: Mapping[str, Any]) -> tuple[int, str]:
    return int(row["players"]), str(row["options"])


def figures_by_group(
    rows: Sequence[Mapping[str, Any]], spec: GameSpec | None = None
) -> list[tuple[int, str, list[FigureValue]]]:
    """(player count, variant in words, figures) for each group of the rows, by player count then variant."""
    groups: dict[tuple[int, str], list[Mapping[str, Any]]] = {}
    for r in rows:
        groups.setdefault(group_key(r), []).append(r)
    return [
        (players, options_words(options, spec), group_figures(group))
        for (players, options), group in sorted(groups.items())
    ]


def winner_lead_curve(rows: Sequence[Mapping[str, Any]], points: int = 20) -> list[tuple[float, float]]:
    """(share of the game, share of games whose eventual winner leads alone then): the picture of decisiveness."""
    stands = [(r, s) for r in rows if (s := row_standing(r)) and r["winners"]]
    out = []
    for k in range(1, points + 1):
        x = k / points
        hits = sum(1 for r, s in stands if _leads(s[max(0, math.ceil(x * len(s)) - 1)], r["winners"]))
        out.append((x, hits / len(stands) if stands else 0.0))
    return out
