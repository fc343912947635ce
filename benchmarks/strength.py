"""The bots' strength table: mcts vs greedy vs random, each game at its default player count, 95% Wilson intervals.

    .venv/bin/python benchmarks/strength.py [GAME ...] [--games 60] [--workers 2] [--mcts mcts:iterations=100,depth=20]

Seats are rotated over the bots (with more seats than bots, a bot sits in several seats of a game); a bot's win
rate is its win share per seat played, so a bot no better than the field scores 1/players. Uses only the lab's
public API, so it works for every registered game.
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


def strength(game: str, agents: list[str], games: int, workers: int, seed: int) -> None:
    spec = get_game(game)
    job = make_job(spec, spec.default_players, agents, games, seed)
    start = time.perf_counter()
    rows = run_job(job, workers=workers)
    elapsed = time.perf_counter() - start
    print(f"\n{spec.title} ({spec.name}), {job.players} players, {games} games, seed {seed}, "
          f"{elapsed:.0f} s with {workers} workers")
    print(f"{'agent':<32} {'seats':>6} {'win rate':>9} {'95% Wilson':>17} {'mean score':>11}")
    for label in job.labels:
        seats = wins = score = 0.0
        for row in rows:
            for seat, lab in enumerate(row["agents"]):
                if lab == label:
                    seats += 1
                    wins += row["shares"][seat]
                    score += row["scores"][seat]
        lo, hi = wilson_interval(wins, seats)
        print(f"{label:<32} {seats:>6.0f} {wins / seats:>9.1%} {lo:>8.1%} - {hi:>6.1%} {score / seats:>11.2f}")
    print(f"fair share: {1 / job.players:.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_rate", nargs="*", metavar="GAME", help="games (default: every registered game)")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mcts", default="mcts:iterations=100,depth=20", help="the mcts bot's spec (its budget)")
    args = parser.parse_args()
    names = args.games_to_rate or [s.name for s in all_games()]
    for name in names:
        strength(name, [args.mcts, "greedy", "random"], args.games, args.workers, args.seed)


if __name__ == "__main__":
    main()
