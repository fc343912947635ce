"""Lab throughput: games per second with 1 and 2 worker processes (the scaling factor), and MCTS search speed.

    .venv/bin/python benchmarks/lab_scaling.py [GAME ...] [--games 1000] [--agents random] [--iterations 200]

The scaling target on a 2-core machine is at least 1.8x. Search speed is measured on the opening position and on
a position halfway through a random game, as MCTS iterations per second: with the game's own search hints (the
bot's default: leaves scored at once in every game, over a narrowed root of the bot's own turn in the Great
Fire), with playouts to the end of the game, with playouts cut after 20 random steps and scored
by the game's heuristic, and with the leaves scored at once.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from firebreak.agents import MCTSAgent, Observation, RandomAgent, agent_rng  # noqa: E402
from firebreak.core import all_games, get_game  # noqa: E402
from firebreak.lab import make_job, run_job  # noqa: E402


def _cpu() -> tuple[float, float]:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def _measure(game: str, games: int, agents: str, workers: int) -> tuple[float, float]:
    """Games/s and CPU seconds (this process and its workers) of one run, in a fresh interpreter: a parent that has
    just played a thousand games in-process would fork bloated workers whose copy-on-write faults blur the figure."""
    spec = get_game(game)
    job = make_job(spec, spec.default_players, agents, games, seed=1)
    me0, kids0 = _cpu()
    start = time.perf_counter()
    rows = run_job(job, workers=workers)
    rate = len(rows) / (time.perf_counter() - start)
    me1, kids1 = _cpu()
    return rate, (me1 - me0) + (kids1 - kids0)


def throughput(game: str, games: int, agents: str) -> None:
    """Wall-clock games/s with 1 and 2 workers, and the CPU seconds each run cost in all.

    On a busy machine the wall-clock factor only shows the CPU share this run got; the CPU figures show the
    cost of parallelism itself (process start-up, warm-up of per-process caches, moving tasks and rows): with
    1 worker's CPU time C1 and 2 workers' total C2, an idle 2-core machine scales by about 2 * C1 / C2.
    """
    spec = get_game(game)
    rates, cpu = {}, {}
    for workers in (1, 2):
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as fresh:
            rates[workers], cpu[workers] = fresh.submit(_measure, game, games, agents, workers).result()
    print(
        f"{spec.name:<12} {agents:<14} {games:>6} games   1 worker {rates[1]:8.1f} games/s   "
        f"2 workers {rates[2]:8.1f} games/s   scaling {rates[2] / rates[1]:.2f}x (wall clock)"
    )
    print(
        f"{'':<12} CPU seconds: 1 worker {cpu[1]:.2f}, 2 workers {cpu[2]:.2f} in all   "
        f"-> scaling on 2 idle cores about {2 * cpu[1] / cpu[2]:.2f}x"
    )


def search_speed(game: str, iterations: int) -> None:
    spec = get_game(game)
    state = spec.new_game(spec.default_players, 3)
    opening = state.clone()
    rng = agent_rng(3, 0)
    bot = RandomAgent()
    for _ in range(60):  # a middle-game position
        if state.is_terminal():
            break
        state.apply(bot.act(Observation(state, state.current_player()), rng))
    while not state.is_terminal() and len(state.legal_actions()) < 2:  # a real decision, not a forced move
        state.apply(state.legal_actions()[0])
    for label, position in (("opening", opening), ("middle", state)):
        if position.is_terminal():
            continue
        forms = (
            ("the game's defaults", {}),
            ("playouts to the end", {"depth": -1, "width": 0}),
            ("playouts cut at 20", {"depth": 20, "width": 0}),
            ("leaves scored", {"depth": 0, "width": 0}),
        )
        for kind, params in forms:
            agent = MCTSAgent(iterations=iterations, **params)
            start = time.perf_counter()
            agent.act(Observation(position, position.current_player()), agent_rng(5, 0))
            elapsed = time.perf_counter() - start
            print(f"{spec.name:<12} mcts {label:<8} {kind:<21}: {agent.last_iterations / elapsed:9.0f} iterations/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME", help="games (default: every registered game)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args()
    names = args.names or [s.name for s in all_games()]
    load = os.getloadavg()[0]
    print(f"Simulation throughput (local worker processes; {os.cpu_count()} CPUs, load average {load:.1f})")
    if load > 0.5:
        print("warning: the machine is busy; the scaling factor measures the share of CPU this run could get")
    for name in names:
        throughput(name, args.games, args.agents)
    print("\nSearch speed")
    for name in names:
        search_speed(name, args.iterations)


if __name__ == "__main__":
    main()
