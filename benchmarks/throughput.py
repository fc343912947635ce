"""Raw simulation throughput of every registered game (or one), with uniformly random legal moves.

Run on demand (not a test):  .venv/bin/python benchmarks/throughput.py [GAME] [--games K] [--players N]

Each game is played K times from setup to the end on one core, choosing uniformly among ``legal_actions()`` and
applying with ``apply_unchecked`` (the fast path researchers use), so the figures measure the rules engine
itself: games per second, decisions per game, and microseconds per decision (setup time included).

A game may name option sets worth measuring beside its default (``GameSpec.benchmark_variants``, e.g.
Catan's Seafarers board): each gets its own row, named ``game/variant``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from firebreak.core import FirebreakError, GameSpec, all_games, get_game


def bench(
    spec: GameSpec, games: int, players: int | None, seed: int, options: dict | None = None
) -> tuple[float, float, float]:
    """Play ``games`` random games; return (games/s, decisions/game, microseconds/decision)."""
    n = spec.default_players if players is None else players
    chooser = random.Random(seed)
    below = chooser.randrange
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        state = spec.new_game(n, seed + g, options)
        legal_actions, apply, is_terminal = state.legal_actions, state.apply_unchecked, state.is_terminal
        while not is_terminal():
            legal = legal_actions()
            apply(legal[below(len(legal))])
            decisions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / games, (elapsed * 1e6 / decisions if decisions else 0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", help="one game (default: every registered game)")
    parser.add_argument("--games", type=int, default=200, help="games per game type (default 200)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: each game's default)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        specs = [get_game(args.game)] if args.game else all_games()
    except FirebreakError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:
        print(f"error: cannot load the game packages: {exc}", file=sys.stderr)
        return 1
    if not specs:
        print("no games are registered", file=sys.stderr)
        return 1
    header = f"{'game':<16} {'players':>7} {'games':>6} {'games/s':>10} {'decisions/game':>15} {'us/decision':>12}"
    print(header)
    print("-" * len(header))
    for spec in specs:
        players = spec.default_players if args.players is None else args.players
        try:
            gps, dpg, us = bench(spec, args.games, args.players, args.seed)
        except FirebreakError as exc:
            print(f"{spec.name:<16} error: {exc}")
            continue
        print(f"{spec.name:<16} {players:>7} {args.games:>6} {gps:>10.1f} {dpg:>15.1f} {us:>12.2f}")
        for variant, options in spec.benchmark_variants.items():
            try:
                gps, dpg, us = bench(spec, args.games, args.players, args.seed, options)
            except FirebreakError as exc:
                print(f"{spec.name + '/' + variant:<16} error: {exc}")
                continue
            print(f"{spec.name + '/' + variant:<16} {players:>7} {args.games:>6} {gps:>10.1f} {dpg:>15.1f} {us:>12.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
