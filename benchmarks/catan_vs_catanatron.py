"""Speed of firebreak's Catan against catanatron (the best-known Python Catan engine), random players.

Like with like: classic rules (robber, development cards, Largest Army), 4 random players choosing uniformly
among the legal actions, random boards, 10 VP to win, games cut at 1000 turns by both engines (catanatron's
TURNS_LIMIT; firebreak's ``turn_limit`` option), no trade offers between players (catanatron's random players
make none). Both engines validate each chosen action before applying it (catanatron's ``Game.play`` does;
firebreak's ``GameState.apply`` does); firebreak's ``apply_unchecked`` figures are printed too.

Differences in granularity are reported, not hidden: catanatron discards half a hand in one action and moves
the robber and steals in one action, firebreak discards card by card and steals in a separate choice (only
when several players could be robbed), so firebreak games have somewhat more actions.

Run:  /work/main/.venv/bin/python benchmarks/catan_vs_catanatron.py [--seconds 20]
Needs catanatron (the anchor extra):  /work/main/.venv/bin/pip install -e ".[anchor]"
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from firebreak.core import Rng, get_game


def bench_firebreak(seconds: float, checked: bool, seed0: int = 0) -> tuple[int, int, float]:
    """Play whole games until ``seconds`` have passed; return (games, actions, elapsed)."""
    spec = get_game("catan")
    opts = {"mode": "classic", "layout": "random", "player_trades": False, "turn_limit": 1000}
    games = actions = 0
    start = time.perf_counter()
    seed = seed0
    while time.perf_counter() - start < seconds:
        s = spec.new_game(4, seed, opts)
        rng = Rng(seed + 10**6)
        below = rng.below
        if checked:
            apply = s.apply
            while not s.is_terminal():
                la = s.legal_actions()
                apply(la[below(len(la))])
        else:
            apply = s.apply_unchecked
            while not s.is_terminal():
                la = s.legal_actions()
                apply(la[below(len(la))])
        games += 1
        actions += len(s.history)
        seed += 1
    return games, actions, time.perf_counter() - start


def bench_catanatron(seconds: float, seed0: int = 0) -> tuple[int, int, float]:
    """Play whole catanatron games until ``seconds`` have passed; return (games, actions, elapsed)."""
    from catanatron import Color, Game, RandomPlayer

    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    games = actions = 0
    start = time.perf_counter()
    seed = seed0
    while time.perf_counter() - start < seconds:
        random.seed(seed)
        g = Game([RandomPlayer(c) for c in colors], seed=seed + 1)
        g.play()
        games += 1
        actions += len(g.state.actions)
        seed += 1
    return games, actions, time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="time budget per engine (default 20), run in rounds")
    args = ap.parse_args()
    try:
        import catanatron  # noqa: F401
    except ImportError:
        print("catanatron is not installed. Install it into the venv for this benchmark only:\n"
              "  /work/main/.venv/bin/pip install catanatron", file=sys.stderr)
        return 2

    # Interleave the engines in short rounds so that a change in the machine's load hits all of them alike.
    names = ("catanatron (Game.play)", "firebreak (apply, validated)", "firebreak (apply_unchecked)")
    totals = {name: [0, 0, 0.0] for name in names}
    rounds = max(1, int(args.seconds // 2))
    for i in range(rounds):
        for name in names:
            if name.startswith("catanatron"):
                g, a, t = bench_catanatron(args.seconds / rounds, seed0=i * 100_000)
            else:
                g, a, t = bench_firebreak(args.seconds / rounds, checked="validated" in name, seed0=i * 100_000)
            tot = totals[name]
            tot[0] += g
            tot[1] += a
            tot[2] += t
    rows = [(name, *totals[name]) for name in names]

    print(f"{'engine':32} {'games':>7} {'games/s':>9} {'actions/game':>13} {'actions/s':>11}")
    for name, g, a, t in rows:
        print(f"{name:32} {g:7d} {g / t:9.2f} {a / g:13.1f} {a / t:11.0f}")
    _, cg, ca, ct = rows[0]
    for name, g, a, t in rows[1:]:
        gr = (g / t) / (cg / ct)
        ar = (a / t) / (ca / ct)
        verdict = "meets" if gr >= 3 and ar >= 3 else "MISSES"
        print(f"{name}: {gr:.1f}x the games/s and {ar:.1f}x the actions/s of catanatron ({verdict} the 3x target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
