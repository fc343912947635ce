"""Issue 28's engine targets, measured in one run against catanatron (ratios of CPU time), each with its verdict.

1. Catan classic games per second: at least 5x catanatron's (random players, both engines validating each action,
   the set-up of catan_vs_catanatron.py).
2. The Great Fire and the Brigade: at most 0.25x catanatron's µs per action; Catan on the Seafarers board: at most
   0.3x. Random legal moves applied with validation (``GameState.apply``), as catanatron's ``Game.play`` does.
3. The Great Fire's search: at least 10,000 iterations a second in the middle game (the bot's defaults, the
   position of benchmarks/lab_scaling.py: 60 random moves into seed 3, then the first real decision).
4. A Catan clone no larger than catanatron's ``Game.copy()`` at turns 5, 100 and 250 (benchmarks/catan_clone_size.py).
5. RSS flat over a 1,000-game simulate (``lab.simulate``, random bots, in this process): the resident set after the
   last game no more than 5% above the one after the 100th.

The engines are interleaved in short rounds so that a change in the machine's load hits them alike; every time is
the process's CPU time (``time.process_time``), not the wall clock. Each figure is the median of ``--repeats`` runs.

Run:  /work/main/.venv/bin/python benchmarks/engine_targets.py [--seconds 4] [--repeats 3] [--skip-rss]
Needs catanatron (the anchor extra):  /work/main/.venv/bin/pip install -e ".[anchor]"
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

from firebreak.agents import MCTSAgent, Observation, RandomAgent, agent_rng
from firebreak.core import Rng, get_game

sys.path.insert(0, str(Path(__file__).resolve().parent))
import catan_clone_size  # noqa: E402
import catan_vs_catanatron  # noqa: E402

CLASSIC = {"mode": "classic", "layout": "random", "player_trades": False, "turn_limit": 1000}
GAMES = (("great-fire", None, 0.25), ("brigade", None, 0.25), ("catan", {"board": "seafarers", **CLASSIC}, 0.30))


def _play_ours(game: str, options: dict | None, seconds: float, seed0: int) -> tuple[int, int, float]:
    """Random games of one of our games, validated apply, until ``seconds`` of CPU: (games, actions, CPU s)."""
    spec = get_game(game)
    n = 4 if game == "catan" else spec.default_players
    games = actions = 0
    start = time.process_time()
    seed = seed0
    while time.process_time() - start < seconds:
        s = spec.new_game(n, seed, options)
        below = Rng(seed + 10**6).below
        apply, legal_actions, is_terminal = s.apply, s.legal_actions, s.is_terminal
        while not is_terminal():
            la = legal_actions()
            apply(la[below(len(la))])
        games += 1
        actions += len(s.history)
        seed += 1
    return games, actions, time.process_time() - start


def speed(seconds: float) -> dict[str, float]:
    """One interleaved round: catanatron, Catan classic, then each game; games/s and µs per action of each."""
    out: dict[str, float] = {}
    g, a, _, t = catan_vs_catanatron.bench_catanatron(seconds)
    out["catanatron games/s"], out["catanatron us"] = g / t, t / a * 1e6
    g, a, t = _play_ours("catan", CLASSIC, seconds, 0)
    out["catan games/s"], out["catan us"] = g / t, t / a * 1e6
    for game, options, _ in GAMES:
        g, a, t = _play_ours(game, options, seconds, 0)
        out[_label(game, options) + " us"] = t / a * 1e6
    return out


def _label(game: str, options: dict | None) -> str:
    return "seafarers" if options and options.get("board") == "seafarers" else game


def search_rate() -> float:
    """MCTS iterations per CPU second in the Great Fire's middle game, with the bot's defaults."""
    spec = get_game("great-fire")
    state = spec.new_game(spec.default_players, 3)
    rng, bot = agent_rng(3, 0), RandomAgent()
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply(bot.act(Observation(state, state.current_player()), rng))
    while not state.is_terminal() and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    agent = MCTSAgent(iterations=2000)
    start = time.process_time()
    agent.act(Observation(state, state.current_player()), agent_rng(5, 0))
    return agent.last_iterations / (time.process_time() - start)


def clone_sizes(games: int) -> list[tuple[int, float, float]]:
    """(turn, firebreak KB, catanatron KB) for each of catan_clone_size's points of the game."""
    tracemalloc.start()
    ours = catan_clone_size.firebreak_costs(games)
    theirs = catan_clone_size.catanatron_costs(games)
    tracemalloc.stop()
    rows = []
    for turn in catan_clone_size.TURNS:
        a, b = ours[turn], theirs[turn]
        if a and b:
            rows.append((turn, sum(x[0] for x in a) / len(a) / 1000, sum(x[0] for x in b) / len(b) / 1000))
    return rows


def _rss_kb() -> int:
    with open(f"/proc/{os.getpid()}/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def rss_over_simulate(game: str, games: int) -> list[tuple[int, int]]:
    """Resident set (KB) after every tenth of a ``games``-game random simulate in this process."""
    from firebreak.lab.simulate import simulate

    spec = get_game(game)
    marks: list[tuple[int, int]] = []
    step = max(1, games // 10)

    def done(i: int, _state: object) -> None:
        if (i + 1) % step == 0:
            marks.append((i + 1, _rss_kb()))

    simulate(spec, spec.default_players, ["random"], games, seed=0, on_game_done=done)
    return marks


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per engine per round (default 4)")
    ap.add_argument("--repeats", type=int, default=3, help="rounds; the median is reported (default 3)")
    ap.add_argument("--clone-games", type=int, default=8)
    ap.add_argument("--rss-game", default="great-fire")
    ap.add_argument("--rss-games", type=int, default=1000)
    ap.add_argument("--skip-rss", action="store_true")
    args = ap.parse_args()
    try:
        import catanatron  # noqa: F401
    except ImportError:
        print("catanatron is not installed: /work/main/.venv/bin/pip install -e '.[anchor]'", file=sys.stderr)
        return 2
    print(f"load average {os.getloadavg()[0]:.2f} at the start; {args.repeats} rounds of {args.seconds:g} CPU s")
    rounds = [speed(args.seconds) for _ in range(args.repeats)]
    med = {k: statistics.median(r[k] for r in rounds) for k in rounds[0]}
    ratio = statistics.median(r["catan games/s"] / r["catanatron games/s"] for r in rounds)
    print(f"catanatron: {med['catanatron games/s']:.2f} games/s, {med['catanatron us']:.1f} µs per action")
    print(
        f"Catan classic: {med['catan games/s']:.2f} games/s = {ratio:.2f}x catanatron's "
        f"(target >= 5x: {_verdict(ratio >= 5)})"
    )
    for game, options, target in GAMES:
        label = _label(game, options)
        r = statistics.median(x[label + " us"] / x["catanatron us"] for x in rounds)
        print(
            f"{label}: {med[label + ' us']:.1f} µs per action = {r:.3f}x catanatron's "
            f"(target <= {target:g}x: {_verdict(r <= target)})"
        )
    rates = [search_rate() for _ in range(args.repeats)]
    rate = statistics.median(rates)
    print(
        f"Great Fire search, middle game: {rate:,.0f} iterations per CPU second "
        f"(runs {', '.join(f'{x:,.0f}' for x in rates)}; target >= 10,000: {_verdict(rate >= 10_000)})"
    )
    sizes = clone_sizes(args.clone_games)
    worst = max(a / b for _, a, b in sizes)
    print(
        "Catan clone, KB newly allocated (firebreak / catanatron): "
        + "; ".join(f"turn {t}: {a:.1f} / {b:.1f} ({a / b:.2f}x)" for t, a, b in sizes)
        + f" (target <= 1x at every turn: {_verdict(worst <= 1.0)})"
    )
    if not args.skip_rss:
        marks = rss_over_simulate(args.rss_game, args.rss_games)
        growth = marks[-1][1] / marks[0][1] - 1
        print(
            f"RSS over a {args.rss_games}-game {args.rss_game} simulate (KB after games "
            + ", ".join(f"{i}: {kb}" for i, kb in marks)
            + f"): {growth:+.1%} from the first tenth to the end (target flat, <= +5%: {_verdict(growth <= 0.05)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
