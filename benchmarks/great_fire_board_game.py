"""The game a Great Fire board makes, by bot level (issue 25 item 7). Run on demand (not a test):

    .venv/bin/python benchmarks/great_fire_board_game.py [--games K] [--levels random,easy,greedy,medium,hard] [--progress]

Plays K four-player games per level (all four seats the same bot, seeds 0..K-1) and prints, per game averaged:
houses lost (of 120), fires put out, put-out cones still held at the end, demolitions, tokens taken, and the
share of games in which the stock ran dry (it stood at 0 after some action) and in which Pudding Lane ran dry
(down to its last cone with nothing to refill it, or players had to hand back put-out cones: rule R3), with the
turn it first happened. It reads only the game's statistics hook and its state, so the same script measures any
board: run it with PYTHONPATH pointing at another checkout to get that board's figures.
"""

from __future__ import annotations

import argparse
import statistics
import time

from firebreak.agents import make_agent
from firebreak.agents.levels import level_spec
from firebreak.agents.runner import play_game
from firebreak.core import get_game


def measure(spec_name: str, games: int, progress: bool = False) -> dict[str, float]:
    game = get_game("great-fire")
    rows = []
    for seed in range(games):
        seen = {"stock_dry": None, "pl_dry": None, "events": 0}

        def watch(state, seat, action, seen=seen):
            pl = state.board.pudding_lane
            new = state.events[seen["events"] :]
            seen["events"] = len(state.events)
            if seen["stock_dry"] is None and state.stock == 0:
                seen["stock_dry"] = state.turn + 1
            if seen["pl_dry"] is None and (state.fire[pl] <= 1 or any(e.kind == "cones_returned" for e in new)):
                seen["pl_dry"] = state.turn + 1

        agents = [make_agent(level_spec(spec_name) or spec_name) for _ in range(4)]
        state = play_game(game, agents, seed=seed, num_players=4, on_action=watch)
        stats = game.stats(state)
        returns = sum(1 for e in state.events if e.kind == "cones_returned")
        rows.append(
            {
                **{
                    k: stats[k]
                    for k in (
                        "houses_lost",
                        "fires_put_out",
                        "put_out_cones_kept",
                        "demolitions",
                        "tokens_taken",
                        "turns",
                    )
                },
                "stock_dry": seen["stock_dry"],
                "pl_dry": seen["pl_dry"],
                "returns": returns,
            }
        )
        if progress:
            print(f"  {spec_name} game {seed}: {rows[-1]}", flush=True)
    out: dict[str, float] = {}
    for key in (
        "houses_lost",
        "fires_put_out",
        "put_out_cones_kept",
        "demolitions",
        "tokens_taken",
        "turns",
        "returns",
    ):
        out[key] = statistics.mean(r[key] for r in rows)
    for key in ("stock_dry", "pl_dry"):
        hits = [r[key] for r in rows if r[key] is not None]
        out[key] = len(hits) / len(rows)
        out[key + "_turn"] = statistics.mean(hits) if hits else float("nan")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--levels", default="random,easy,greedy,medium")
    parser.add_argument("--progress", action="store_true", help="print each game's figures as it ends")
    args = parser.parse_args()
    board = get_game("great-fire").state_class.board
    districts = sum(1 for g in board.grassed_space if not g)
    print(f"Great Fire, 4 players, {args.games} games a level, board of {districts} districts")
    print(
        f"{'bot':<8} {'houses lost':>11} {'put out':>8} {'kept':>5} {'demol.':>6} {'tokens':>6} "
        f"{'stock dry':>14} {'Pudding Lane dry':>17} {'cones handed back':>17} {'s/game':>7}"
    )
    for level in args.levels.split(","):
        start = time.perf_counter()
        m = measure(level, args.games, args.progress)
        secs = (time.perf_counter() - start) / args.games
        print(
            f"{level:<8} {m['houses_lost']:>11.1f} {m['fires_put_out']:>8.1f} {m['put_out_cones_kept']:>5.1f} "
            f"{m['demolitions']:>6.1f} {m['tokens_taken']:>6.1f} "
            f"{m['stock_dry']:>6.0%} (t{m['stock_dry_turn']:>4.1f}) {m['pl_dry']:>8.0%} (t{m['pl_dry_turn']:>4.1f}) "
            f"{m['returns']:>17.1f} {secs:>7.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
