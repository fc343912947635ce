"""Speed of The Brigade: complete random 3-player games on one core.

Run: .venv/bin/python benchmarks/brigade_speed.py [games] [--options advanced,big_buildings,fire_festival]
Prints games per second, decisions per game and microseconds per decision (legal actions + apply).
"""

from __future__ import annotations

import sys
import time

from firebreak.core import Rng, get_game


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 1000
    opts: dict[str, bool] = {}
    for a in sys.argv[1:]:
        if a.startswith("--options="):
            opts = {k: True for k in a.split("=", 1)[1].split(",") if k}
    spec = get_game("brigade")
    rng = Rng(12345)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        s = spec.new_game(3, seed, opts)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_unchecked(legal[rng.below(len(legal))])
            decisions += 1
    elapsed = time.perf_counter() - start
    print(f"options: {opts or 'basic'}")
    print(f"{games} games in {elapsed:.2f} s: {games / elapsed:.0f} games/s")
    print(f"decisions/game: {decisions / games:.1f}")
    print(f"microseconds/decision: {elapsed / decisions * 1e6:.1f}")


if __name__ == "__main__":
    main()
