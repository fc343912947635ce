"""A bot's pace: CPU seconds per decision (mean, 90th percentile, worst) in real games, one core.

    .venv/bin/python benchmarks/level_pace.py GAME [--bot hard] [--others mcts:iterations=300] [--games 2]
        [--players N] [--seed 0] [--decisions 0]

Plays ``--games`` games (seeds ``seed``, ``seed + 1``, ...) with one ``--bot`` and ``--others`` in every other
seat, the bot's seat moving on by one each game, and times each of the bot's decisions with the process's CPU
clock (so the figure means the same on a loaded machine as on an idle one). Decisions with a single legal
action cost nothing and are left out of the figures. ``--decisions`` stops a game after the bot has made that
many timed decisions (0: play every game to the end). The levels' budget target: hard at most about 1 s a move.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from firebreak.agents import Observation, agent_rng, make_agent  # noqa: E402
from firebreak.core import get_game  # noqa: E402


def pace(game: str, bot: str, others: str, games: int, players: int | None, seed: int, decisions: int) -> list[float]:
    """CPU seconds of each of ``bot``'s decisions that had a choice."""
    spec = get_game(game)
    n = players or spec.default_players
    times: list[float] = []
    for g in range(games):
        state = spec.new_game(n, seed + g)
        me = g % n
        agents = [make_agent(bot) if seat == me else make_agent(others) for seat in range(n)]
        rngs = [agent_rng(seed + g, seat) for seat in range(n)]
        timed = 0
        while not state.is_terminal() and (not decisions or timed < decisions):
            seat = state.current_player()
            obs = Observation(state, seat)
            choice = len(state.legal_actions()) > 1
            start = time.process_time()
            action = agents[seat].act(obs, rngs[seat])
            if seat == me and choice:
                times.append(time.process_time() - start)
                timed += 1
            state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--others", default="mcts:iterations=300")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--decisions", type=int, default=0, help="timed decisions per game (0: whole games)")
    args = parser.parse_args()
    times = pace(args.game, args.bot, args.others, args.games, args.players, args.seed, args.decisions)
    if not times:
        print("no decisions with a choice were timed")
        return
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    print(
        f"{args.game}: {args.bot} against {args.others}, {args.games} games from seed {args.seed}: "
        f"{len(times)} decisions with a choice, CPU s per decision mean {statistics.fmean(times):.3f}, "
        f"90th percentile {p90:.3f}, worst {ordered[-1]:.3f}"
    )


if __name__ == "__main__":
    main()
