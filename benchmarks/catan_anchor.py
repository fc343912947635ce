"""An outside anchor for Catan: a firebreak bot in one seat against three catanatron bots, in catanatron's engine.

The games run under catanatron's rules (4 players, 10 VP, no trades between players, its turn limit of 1000
turns: a game cut there has no winner); one seat is played by a firebreak agent through the bridge in
benchmarks/catanatron_bridge.py, which shows it only its own seat's view. Our seat is rotated: game i seats it
at position i mod 4 (catanatron seats players at random; the bridge redraws the seed until the seat is right).
The report: our win share with a 95% Wilson interval (fair share 25%), per agent.

Opponents: ``alphabeta`` is catanatron's strongest bot, AlphaBetaPlayer, with its defaults (depth 2, no pruning,
the ``base_fn`` value function with its default weights, 20 s search limit a decision, as catanatron's authors
ranked it). It ships in catanatron_experimental, which is not on PyPI: install it from a checkout of catanatron's
repository matching 3.2.1 (``pip install --no-deps catanatron-gym==4.0.0`` for the features its value function
reads, then ``pip install --no-deps ./catanatron_experimental``). Note that it searches catanatron's whole state,
so it sees every hand (our bot sees only its own). The catanatron package on PyPI ships ``weighted``
(WeightedRandomPlayer: random, skewed to cities, settlements and development cards), ``victorypoint``
(VictoryPointPlayer: greedy on victory points) and ``random``. Any other catanatron player can be named as
``module:Class``.

Run:  PYTHONPATH=src /work/main/.venv/bin/python benchmarks/catan_anchor.py --agents hard,greedy \\
          --opponent weighted --games 40 [--minutes 40]
Needs catanatron (the ``anchor`` extra):  /work/main/.venv/bin/pip install -e '.[anchor]'
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

OPPONENTS = {
    "alphabeta": (
        "catanatron_experimental.machine_learning.players.minimax:AlphaBetaPlayer",
        "catanatron.players.minimax:AlphaBetaPlayer",
    ),
    "weighted": ("catanatron.players.weighted_random:WeightedRandomPlayer",),
    "victorypoint": ("catanatron.players.search:VictoryPointPlayer",),
    "random": ("catanatron.models.player:RandomPlayer",),
}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def opponent_class(name: str) -> type:
    """The catanatron player class for a name (see OPPONENTS) or a ``module:Class`` path."""
    paths = OPPONENTS.get(name, (name,))
    errors = []
    for path in paths:
        mod, _, cls = path.partition(":")
        try:
            return getattr(importlib.import_module(mod), cls)
        except (ImportError, AttributeError) as e:
            errors.append(f"{path}: {e}")
    raise SystemExit(
        f"opponent {name!r} is not installed ({'; '.join(errors)}). catanatron's AlphaBetaPlayer "
        "ships in catanatron_experimental, which is not on PyPI: install it from a checkout of "
        "catanatron's repository (pip install -e catanatron_experimental), or pick another opponent."
    )


def play_game(agent_spec: str, opp: type, seat: int, seed: int) -> tuple[bool, int, dict[str, Any]]:
    """One game with our agent at ``seat``; returns (we won, turns, our seat's counters)."""
    from catanatron import Color, Game
    from catanatron.game import TURNS_LIMIT
    from catanatron.models.enums import ActionType

    from catanatron_bridge import FirebreakSeat
    from firebreak.agents import make_agent

    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    k = 0
    while True:  # redraw the seating until our seat is the one wanted (seats rotated over the games)
        game_seed = seed * 1000 + k
        random.seed(game_seed)
        ours = FirebreakSeat(colors[0], make_agent(agent_spec), seed=game_seed)
        players = [ours] + [opp(c) for c in colors[1:]]
        game = Game(players, seed=game_seed)
        if game.state.color_to_index[colors[0]] == seat:
            break
        k += 1
    while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
        player = game.state.current_player()
        actions = game.state.playable_actions
        action = player.decide(game, actions)
        # our discard names its cards (catanatron's own action leaves them to chance), so it is not in the list
        game.execute(action, validate_action=not (player is ours and action.action_type == ActionType.DISCARD))
    won = game.winning_color() == colors[0]
    vp = game.state.player_state[f"P{seat}_ACTUAL_VICTORY_POINTS"]
    return (
        won,
        game.state.num_turns,
        {"decisions": ours.decisions, "unmatched": ours.unmatched, "discards": ours.discards, "vp": vp},
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agents", default="hard,greedy", help="firebreak bot specs, comma-separated")
    ap.add_argument("--opponent", default="alphabeta", help=f"one of {', '.join(OPPONENTS)} or module:Class")
    ap.add_argument("--games", type=int, default=40, help="games per agent (seats rotated)")
    ap.add_argument("--minutes", type=float, default=0.0, help="stop starting games after this many minutes")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    try:
        import catanatron  # noqa: F401
    except ImportError:
        print("catanatron is not installed: /work/main/.venv/bin/pip install -e '.[anchor]'", file=sys.stderr)
        return 2
    opp = opponent_class(args.opponent)
    deadline = time.time() + args.minutes * 60 if args.minutes else None
    from catanatron import Color

    print(
        f"opponent: 3 x {opp.__module__}.{opp.__name__} {opp(Color.BLUE)!r} (catanatron {catanatron_version()})",
        flush=True,
    )
    for spec in [a.strip() for a in args.agents.split(",") if a.strip()]:
        wins = games = turns = vps = 0
        cpu = time.process_time()
        for i in range(args.games):
            if deadline is not None and time.time() > deadline:
                break
            won, t, info = play_game(spec, opp, i % 4, args.seed * 100000 + i)
            games += 1
            wins += won
            turns += t
            vps += info["vp"]
            print(
                f"  {spec} game {i} seat {i % 4}: {'won' if won else 'lost'} after {t} turns with "
                f"{info['vp']} VP ({info['decisions']} decisions)",
                flush=True,
            )
        lo, hi = wilson(wins, games)
        share = wins / games if games else 0.0
        print(
            f"{spec}: won {wins} of {games} games = {100 * share:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%; "
            f"fair share 25%), {vps / max(games, 1):.1f} VP at the end and "
            f"{turns / max(games, 1):.0f} turns a game, "
            f"{(time.process_time() - cpu) / max(games, 1):.0f} s CPU a game",
            flush=True,
        )
    return 0


def catanatron_version() -> str:
    from importlib.metadata import version

    return version("catanatron")


if __name__ == "__main__":
    raise SystemExit(main())
