"""How well each game's evaluation predicts the winner, and which search scale fits it.

    .venv/bin/python benchmarks/evaluation_calibration.py [GAME ...] [--games 40] [--workers 2] [--agent greedy]

Search bots turn a position's evaluations into win shares with a softmax over the game's ``search.scale`` hint
(``firebreak.agents.mcts.seat_evaluator``). That scale is a claim: "a seat ``scale`` ahead is e times as likely
to win". This benchmark tests the claim. It plays whole games between copies of one bot, records every seat's
evaluation each time the turn passes, and scores each softmax scale by its log loss against who actually won,
for each quarter of the game. A scale that is too small is overconfident (worse than the uniform guess, log 4
for four players); the best scale tells the search how far to trust the evaluation. Uses only the core protocol.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from firebreak.agents import Observation, make_agent  # noqa: E402
from firebreak.agents.runner import agent_rng  # noqa: E402
from firebreak.core import all_games, get_game  # noqa: E402

SCALES = (0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30)
Record = tuple[float, list[float], list[float]]  # game progress 0..1, evaluations, final win shares


def play(game: str, players: int, seed: int, agent: str) -> list[Record]:
    spec = get_game(game)
    every_seat = spec.heuristic_all
    if every_seat is None:

        def every_seat(state):
            return [spec.heuristic(state, p) for p in range(state.num_players)]

    state = spec.new_game(players, seed)
    bots = [make_agent(agent) for _ in range(players)]
    rngs = [agent_rng(seed, p) for p in range(players)]
    snaps: list[tuple[int, list[float]]] = []
    steps, last = 0, None
    while not state.is_terminal():
        p = state.current_player()
        if p != last:
            snaps.append((steps, every_seat(state)))
            last = p
        state.apply(bots[p].act(Observation(state, p), rngs[p]))
        steps += 1
    shares = state.returns()
    return [(at / steps, values, shares) for at, values in snaps]


def log_loss(records: list[Record], scale: float) -> float:
    total = 0.0
    for _, values, shares in records:
        top = max(values)
        weights = [math.exp(max(-60.0, (v - top) / scale)) for v in values]
        norm = sum(weights)
        total -= sum(s * math.log(max(1e-12, w / norm)) for s, w in zip(shares, weights, strict=True))
    return total / len(records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_fit", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--agent", default="greedy", help="the bot in every seat (default greedy)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    names = args.games_to_fit or [s.name for s in all_games() if s.heuristic is not None]
    for name in names:
        spec = get_game(name)
        if spec.heuristic is None:
            print(f"\n{spec.title}: no evaluation to calibrate")
            continue
        n = spec.default_players
        start = time.perf_counter()
        with ProcessPoolExecutor(args.workers) as pool:
            futures = [pool.submit(play, name, n, args.seed + g, args.agent) for g in range(args.games)]
            records = [r for f in futures for r in f.result()]
        hint = spec.search.scale
        print(
            f"\n{spec.title}, {n} players, {args.games} games of {args.agent} "
            f"({time.perf_counter() - start:.0f} s): log loss of the softmax of evaluations "
            f"(uniform guess {math.log(n):.3f}; the game's search scale is {hint:g})"
        )
        print(
            f"| {'part of the game':<16} | {'positions':>9} | {'best scale':>10} | {'its log loss':>12} | "
            f"{'at its scale':>13} |"
        )
        print(f"|{'-' * 18}|{'-' * 10}:|{'-' * 11}:|{'-' * 13}:|{'-' * 14}:|")
        for q in range(4):
            part = [r for r in records if q / 4 <= r[0] < (q + 1) / 4]
            if not part:
                continue
            best = min(SCALES, key=lambda s: log_loss(part, s))
            print(
                f"| {f'quarter {q + 1}':<16} | {len(part):>9} | {best:>10g} | {log_loss(part, best):>12.3f} | "
                f"{log_loss(part, hint):>13.3f} |"
            )
        best = min(SCALES, key=lambda s: log_loss(records, s))
        print(
            f"| {'whole game':<16} | {len(records):>9} | {best:>10g} | {log_loss(records, best):>12.3f} | "
            f"{log_loss(records, hint):>13.3f} |"
        )


if __name__ == "__main__":
    main()
