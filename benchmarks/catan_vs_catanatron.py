"""Speed of firebreak's Catan against catanatron (the best-known Python Catan engine), random players.

Like with like: classic rules (robber, development cards, Largest Army), 4 random players choosing uniformly
among the legal actions, random boards, 10 VP to win, games cut at 1000 turns by both engines (catanatron's
TURNS_LIMIT; firebreak's ``turn_limit`` option), no trade offers between players (catanatron's random players
make none, so firebreak's ``player_trades`` is off; maritime trades with the bank are on in both). Both engines
validate each chosen action before applying it (catanatron's ``Game.play`` does; firebreak's ``GameState.apply``
does); firebreak's ``apply_unchecked`` figures are printed too. Each engine's own generator seeds its games and
its random players; the time is this process's CPU time (a busy machine slows the wall clock, not that), the
engines interleaved in short rounds.

The headline figure is games per second: the games are the same game, as the turns per game show (about 340
for firebreak and 330 for catanatron). Actions per second flatter firebreak because its games have about 15%
more actions, from granularity only: catanatron discards half a hand in one action and moves the robber and
steals in one action, while firebreak discards card by card (about 107 discard actions a game against 23) and
asks whom to rob as its own step (only when several players could be robbed, about 6 a game).

Run:  /work/main/.venv/bin/python benchmarks/catan_vs_catanatron.py [--seconds 20]
Needs catanatron (the anchor extra):  /work/main/.venv/bin/pip install -e ".[anchor]"
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from firebreak.core import Rng, get_game

TARGET = 5.0
"""firebreak should play at least this many times catanatron's games per second (validated apply; issue 28)."""


def bench_firebreak(seconds: float, checked: bool, seed0: int = 0) -> tuple[int, int, int, float]:
    """Play whole games until ``seconds`` have passed; return (games, actions, turns, elapsed)."""
    spec = get_game("catan")
    opts = {"mode": "classic", "layout": "random", "player_trades": False, "turn_limit": 1000}
    games = actions = turns = 0
    start = time.process_time()
    seed = seed0
    while time.process_time() - start < seconds:
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
        turns += s.turn_count
        seed += 1
    return games, actions, turns, time.process_time() - start


def bench_catanatron(seconds: float, seed0: int = 0) -> tuple[int, int, int, float]:
    """Play whole catanatron games until ``seconds`` have passed; return (games, actions, turns, elapsed)."""
    from catanatron import Color, Game, RandomPlayer

    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    games = actions = turns = 0
    start = time.process_time()
    seed = seed0
    while time.process_time() - start < seconds:
        random.seed(seed)
        g = Game([RandomPlayer(c) for c in colors], seed=seed + 1)
        g.play()
        games += 1
        actions += len(g.state.actions)
        turns += g.state.num_turns
        seed += 1
    return games, actions, turns, time.process_time() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="time budget per engine (default 20), run in rounds")
    args = ap.parse_args()
    try:
        import catanatron  # noqa: F401
    except ImportError:
        print(
            "catanatron is not installed. Install it into the venv for this benchmark only:\n"
            "  /work/main/.venv/bin/pip install catanatron",
            file=sys.stderr,
        )
        return 2

    # Interleave the engines in short rounds so that a change in the machine's load hits all of them alike.
    names = ("catanatron (Game.play)", "firebreak (apply, validated)", "firebreak (apply_unchecked)")
    totals = {name: [0, 0, 0, 0.0] for name in names}
    rounds = max(1, int(args.seconds // 2))
    for i in range(rounds):
        for name in names:
            if name.startswith("catanatron"):
                row = bench_catanatron(args.seconds / rounds, seed0=i * 100_000)
            else:
                row = bench_firebreak(args.seconds / rounds, checked="validated" in name, seed0=i * 100_000)
            totals[name] = [x + y for x, y in zip(totals[name], row)]
    rows = [(name, *totals[name]) for name in names]

    print(f"{'engine':32} {'games':>7} {'games/s':>9} {'turns/game':>11} {'actions/game':>13} {'actions/s':>11}")
    for name, g, a, turns, t in rows:
        print(f"{name:32} {g:7d} {g / t:9.2f} {turns / g:11.1f} {a / g:13.1f} {a / t:11.0f}")
    _, cg, ca, _, ct = rows[0]
    for name, g, a, _, t in rows[1:]:
        gr = (g / t) / (cg / ct)
        ar = (a / t) / (ca / ct)
        verdict = "meets" if gr >= TARGET else "MISSES"
        print(
            f"{name}: {gr:.1f}x the games/s and {ar:.1f}x the actions/s of catanatron "
            f"({verdict} the {TARGET:g}x games/s target)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
