"""The bots' strength table: search against greedy, and greedy against random, in every game, 95% intervals.

    .venv/bin/python benchmarks/strength.py [GAME ...] [--games 48] [--workers 2] [--mcts mcts:iterations=300]
        [--players N] [--matches mcts-greedy,greedy-random] [--seed 0] [--runs 1]

Each match seats two bots at each game's default (most common) player count, rotating the seats so that each bot
plays every seat equally often (with an odd number of seats, one bot has the extra seat in half the games). A
bot's win rate is its win share per seat played, so two equally strong bots both score 1/players (the fair share).
The 95% Wilson interval treats seats as independent trials; two seats of the same bot in one game cannot both win,
so that interval is, if anything, too wide. "A beats B" is printed when A's interval lies wholly above the fair
share (and so B's below it). Uses only the lab's public API, so it works for every registered game.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from firebreak.core import all_games, get_game  # noqa: E402
from firebreak.lab import make_job, run_job  # noqa: E402
from firebreak.lab.backends import default_workers  # noqa: E402
from firebreak.lab.stats import wilson_interval  # noqa: E402


def match(game: str, a: str, b: str, games: int, workers: int, seed: int, players: int | None,
          runs: int = 1) -> None:
    """Play ``runs`` matches of ``games`` games on seeds ``seed``, ``seed + 1``, ...; print each, and with
    several runs, the pooled table as well."""
    spec = get_game(game)
    pooled: list[dict] = []
    job = None
    for run in range(runs):
        job = make_job(spec, players or spec.default_players, [a, b], games, seed + run)
        start = time.perf_counter()
        rows = run_job(job, workers=workers)
        elapsed = time.perf_counter() - start
        pooled += rows
        table(f"\n{spec.title} ({spec.name}), {job.players} players, {a} against {b}: {games} games, "
              f"seed {seed + run}, {elapsed:.0f} s with {workers} workers", job.labels, rows, job.players)
    if runs > 1 and job is not None:
        table(f"\n{spec.title}: the {runs} runs pooled ({runs * games} games, seeds {seed}-{seed + runs - 1})",
              job.labels, pooled, job.players)


def table(title: str, labels: list[str], rows: list[dict], players: int) -> None:
    fair = 1 / players
    print(title)
    print(f"| {'bot':<34} | {'seats':>5} | {'win rate':>8} | {'95% Wilson':<15} | {'mean score':>10} |")
    print(f"|{'-' * 36}|{'-' * 6}:|{'-' * 9}:|{'-' * 17}|{'-' * 11}:|")
    bounds = {}
    for label in labels:
        seats = wins = score = 0.0
        for row in rows:
            for seat, lab in enumerate(row["agents"]):
                if lab == label:
                    seats += 1
                    wins += row["shares"][seat]
                    score += row["scores"][seat]
        lo, hi = wilson_interval(wins, seats)
        bounds[label] = (lo, hi)
        print(f"| {label:<34} | {seats:>5.0f} | {wins / seats:>8.1%} | {lo:>5.1%} - {hi:>6.1%} | {score / seats:>10.2f} |")
    a_label, b_label = labels
    if bounds[a_label][0] > fair:
        verdict = f"{a_label} beats {b_label}"
    elif bounds[b_label][0] > fair:
        verdict = f"{b_label} beats {a_label}"
    else:
        verdict = "not separated at this number of games"
    print(f"fair share {fair:.1%}: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_rate", nargs="*", metavar="GAME", help="games (default: every registered game)")
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", type=int, default=1, help="runs on seeds seed, seed+1, ... and their pooled table")
    parser.add_argument("--players", type=int, default=None, help="default: each game's default player count")
    parser.add_argument("--mcts", default="mcts:iterations=300", help="the search bot's spec (its budget)")
    parser.add_argument("--matches", default="mcts-greedy,greedy-random",
                        help="which pairs to play: mcts-greedy, greedy-random, mcts-random")
    args = parser.parse_args()
    names = args.games_to_rate or [s.name for s in all_games()]
    bots = {"mcts": args.mcts, "greedy": "greedy", "random": "random"}
    pairs = []
    for item in args.matches.split(","):
        a, _, b = item.strip().partition("-")
        if a not in bots or b not in bots or a == b:
            parser.error(f"unknown match {item!r} (use pairs of mcts, greedy, random such as mcts-greedy)")
        pairs.append((bots[a], bots[b]))
    for name in names:
        for a, b in pairs:
            match(name, a, b, args.games, args.workers, args.seed, args.players, args.runs)


if __name__ == "__main__":
    main()
