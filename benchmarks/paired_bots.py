"""Two bots compared on paired games: the same seeds, the same seat, the same opponents; only the bot differs.

    .venv/bin/python benchmarks/paired_bots.py GAME --a SPEC --b SPEC [--against mcts:iterations=300]
        [--games 24] [--seed 0] [--workers 1] [--players N] [--options key=value ...]

Game ``i`` is played twice: once with bot A in one seat and ``--against`` in every other seat, once with bot B in
that seat instead (the seat rotates with ``i``, as in ``strength.py``'s ``A-B*`` matches). The deal, the seat and
the opponents are shared by the two games of a pair, so much of the luck that decides a game is shared too, and
the per-pair differences (A minus B) show a difference in strength with fewer games than two separate matches:

* win share: the lone seat's share of the win (1, a part of a tie, or 0);
* score: the lone seat's final score;
* margin: its score minus the best other seat's (above 0 when it won outright).

Each is printed with its paired 95% interval (the t interval of the per-pair differences, the lab's
``paired_difference``). Games are played pair by pair, and each pair is printed as it ends, so a run stopped early
keeps its figures. When the two games of a pair diverge early (the first different decision changes who draws
what), pairing helps less; the interval says how much it helped.

Typical use: is a candidate for the ``hard`` level better than today's, against the search bot the strength
targets name: ``paired_bots.py great-fire --a mcts:iterations=3000 --b hard --games 24``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from firebreak.core import get_game  # noqa: E402
from firebreak.lab import make_job  # noqa: E402
from firebreak.lab.backends import run_tasks  # noqa: E402
from firebreak.lab.job import job_tasks  # noqa: E402
from firebreak.lab.stats import paired_difference, wilson_interval  # noqa: E402
from strength import options_text, parse_options  # noqa: E402  (this folder: a script's own directory is on its path)

OUTCOMES = ("win share", "score", "margin")


def lone_outcomes(row: Mapping[str, Any], label: str) -> dict[str, float]:
    """The lone bot's win share, score and margin over the best other seat in one finished game."""
    seat = row["agents"].index(label)
    scores = row["scores"]
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    return {"win share": row["shares"][seat], "score": scores[seat], "margin": scores[seat] - best_other}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--a", required=True, help="the candidate bot's spec (a level name or a spec)")
    parser.add_argument("--b", required=True, help="the bot it is compared with, in the same seat")
    parser.add_argument("--against", default="mcts:iterations=300", help="the bot in every other seat")
    parser.add_argument("--games", type=int, default=24, help="pairs of games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="default: the game's default player count")
    parser.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)

    spec = get_game(args.game)
    n = args.players or spec.default_players
    try:
        options = parse_options(args.options)
    except ValueError as exc:
        parser.error(str(exc))
    jobs = [
        make_job(spec, n, [bot] + [args.against] * (n - 1), args.games, args.seed, options) for bot in (args.a, args.b)
    ]
    print(
        f"{spec.title}, {n} players{options_text(options)}: "
        f"A = {args.a}, B = {args.b}, each in one seat against {args.against}; {args.games} pairs, seed {args.seed}",
        flush=True,
    )
    per: dict[str, list[dict[str, float]]] = {"a": [], "b": []}
    start = time.perf_counter()
    tasks = [job_tasks(job, [i])[0] for i in range(args.games) for job in jobs]
    rows = run_tasks(tasks, args.workers)  # rows come in task order: A's game i, then B's
    for i, (row_a, row_b) in enumerate(zip(rows, rows, strict=False)):
        a, b = lone_outcomes(row_a, jobs[0].labels[0]), lone_outcomes(row_b, jobs[1].labels[0])
        per["a"].append(a)
        per["b"].append(b)
        seat = row_a["agents"].index(jobs[0].labels[0])
        print(
            f"  pair {i} (seat {seat}): A won {a['win share']:.2f}, score {a['score']:g}, margin {a['margin']:+g}; "
            f"B won {b['win share']:.2f}, score {b['score']:g}, margin {b['margin']:+g}",
            flush=True,
        )
    elapsed = time.perf_counter() - start
    print(f"\n{args.games} pairs in {elapsed:.0f} s (fair share {1 / n:.0%})")
    for bot in ("a", "b"):
        wins = sum(o["win share"] for o in per[bot])
        low, high = wilson_interval(wins, args.games)
        print(
            f"  {bot.upper()} won {wins:.2f} of {args.games} seats: {wins / args.games:.1%} "
            f"(95% Wilson {low:.1%}-{high:.1%})"
        )
    for name in OUTCOMES:
        d = paired_difference([o[name] for o in per["a"]], [o[name] for o in per["b"]])
        verdict = "A higher" if d.low > 0 else "B higher" if d.high < 0 else "no difference shown"
        print(
            f"  {name}: A {d.mean_a:.3f}, B {d.mean_b:.3f}, A - B {d.diff:+.3f} "
            f"(paired 95% interval {d.low:+.3f} to {d.high:+.3f}): {verdict}"
        )


if __name__ == "__main__":
    main()
