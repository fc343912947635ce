"""Speed of The Brigade: complete random 3-player games on one core, beside the Great Fire's figures.

Run: .venv/bin/python benchmarks/brigade_speed.py [games] [--options=advanced,big_buildings,fire_festival]
Prints games per second (target: at least 200), decisions per game and microseconds per decision for The Brigade
and, measured in the same run, for a 4-player Great Fire of London.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from throughput import bench  # noqa: E402

from firebreak.core import get_game  # noqa: E402


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 1000
    opts: dict[str, bool] = {}
    for a in sys.argv[1:]:
        if a.startswith("--options="):
            opts = {k: True for k in a.split("=", 1)[1].split(",") if k}
    rows = [("brigade", 3, opts), ("great-fire", 4, {})]
    print(f"{'game':<12} {'players':>7} {'options':<40} {'games/s':>9} {'decisions/game':>15} {'us/decision':>12}")
    for name, players, options in rows:
        gps, dpg, us = bench(get_game(name), games, players, 0, options)
        shown = ",".join(options) or "basic"
        print(f"{name:<12} {players:>7} {shown:<40} {gps:>9.0f} {dpg:>15.1f} {us:>12.1f}")


if __name__ == "__main__":
    main()
