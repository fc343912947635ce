"""Memory of one Catan clone against one catanatron ``Game.copy()``, early, in the middle and late in a game.

A search clones the position at every step, so a clone that grows with the game (a copy of the whole action
history, event log and undo stack) costs memory and time in proportion to the game's length. The figure is the
memory newly allocated by making one copy (``tracemalloc``, Python's own allocator tracing), averaged over
games: what the copy adds, not what it shares with the original.

Like with like, as in catan_vs_catanatron.py: classic rules, 4 random players, random boards, no trade offers.
The points of the game are turns 5 (just after set-up), 100 and 250 (random games last about 340 turns).

Run:  /work/main/.venv/bin/python benchmarks/catan_clone_size.py [--games 10]
Needs catanatron (the anchor extra):  /work/main/.venv/bin/pip install -e ".[anchor]"
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from typing import Any, Callable

from firebreak.core import Rng, get_game

TURNS = (5, 100, 250)


def _copy_cost(copy: Callable[[], Any]) -> tuple[int, float]:
    """Bytes newly allocated by one copy (the copy kept alive while measured) and its time in µs."""
    before = tracemalloc.get_traced_memory()[0]
    kept = copy()
    size = tracemalloc.get_traced_memory()[0] - before
    del kept
    tracemalloc.stop()
    start = time.perf_counter()
    for _ in range(200):
        copy()
    micros = (time.perf_counter() - start) / 200 * 1e6
    tracemalloc.start()
    return size, micros


def firebreak_costs(games: int) -> dict[int, list[tuple[int, float]]]:
    spec = get_game("catan")
    opts = {"mode": "classic", "layout": "random", "player_trades": False, "turn_limit": 1000}
    out: dict[int, list[tuple[int, float]]] = {t: [] for t in TURNS}
    for seed in range(games):
        s = spec.new_game(4, seed, opts)
        below = Rng(seed + 10**6).below
        for turn in TURNS:
            while not s.is_terminal() and s.turn_count < turn:
                la = s.legal_actions()
                s.apply(la[below(len(la))])
            if s.is_terminal():
                break
            out[turn].append(_copy_cost(s.clone))
    return out


def catanatron_costs(games: int) -> dict[int, list[tuple[int, float]]]:
    from catanatron import Color, Game, RandomPlayer

    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    out: dict[int, list[tuple[int, float]]] = {t: [] for t in TURNS}
    for seed in range(games):
        random.seed(seed)
        g = Game([RandomPlayer(c) for c in colors], seed=seed + 1)
        for turn in TURNS:
            while g.winning_color() is None and g.state.num_turns < turn:
                g.play_tick()
            if g.winning_color() is not None:
                break
            out[turn].append(_copy_cost(g.copy))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    tracemalloc.start()
    ours = firebreak_costs(args.games)
    theirs = catanatron_costs(args.games)
    tracemalloc.stop()
    print(
        f"{'turn':>5} {'firebreak KB':>13} {'catanatron KB':>14} {'ratio':>6} {'firebreak µs':>13} "
        f"{'catanatron µs':>14}  (games measured)"
    )
    for turn in TURNS:
        a, b = ours[turn], theirs[turn]
        if not a or not b:
            print(f"{turn:>5}  no game reached this turn")
            continue
        ka = sum(x[0] for x in a) / len(a) / 1000
        kb = sum(x[0] for x in b) / len(b) / 1000
        ua = sum(x[1] for x in a) / len(a)
        ub = sum(x[1] for x in b) / len(b)
        print(f"{turn:>5} {ka:>13.1f} {kb:>14.1f} {ka / kb:>6.2f} {ua:>13.0f} {ub:>14.0f}  ({len(a)}, {len(b)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
