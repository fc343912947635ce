"""Speed of random Seafarers games (µs per action, games per second), the board where every road and ship laid
or moved recounts a Longest Trade Route.

Classic rules, 4 random players choosing uniformly among the legal actions, random layout, no trade offers,
games cut at 1000 turns, applied with validation (``GameState.apply``). CPU time, the same seeds in every run so
two versions of the engine can be compared game for game.

Run:  /work/main/.venv/bin/python benchmarks/seafarers_speed.py [--games 20]
"""

from __future__ import annotations

import argparse
import sys
import time

from firebreak.core import Rng, get_game


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    spec = get_game("catan")
    opts = {"board": "seafarers", "mode": "classic", "layout": "random", "player_trades": False, "turn_limit": 1000}
    actions = 0
    start = time.process_time()
    for seed in range(args.games):
        s = spec.new_game(4, seed, opts)
        below = Rng(seed + 10**6).below
        while not s.is_terminal():
            la = s.legal_actions()
            s.apply(la[below(len(la))])
        actions += len(s.history)
    cpu = time.process_time() - start
    print(
        f"{args.games} games, {actions} actions, {cpu:.2f} s CPU: {cpu / actions * 1e6:.1f} µs per action, "
        f"{args.games / cpu:.2f} games per second"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
