"""The bots' strength table: search against greedy, and greedy against random, in every game, 95% intervals.

    .venv/bin/python benchmarks/strength.py [GAME ...] [--games 48] [--workers 2] [--mcts mcts:iterations=300]
        [--players N] [--matches mcts-greedy,greedy-random] [--seed 0] [--runs 1] [--levels] [--level-games 4]
        [--options key=value ...] [--progress] [--bot NAME=SPEC ...]

``--matches`` pairs bots by name: ``mcts``, ``greedy``, ``random`` or a level (``easy``, ``medium``, ``hard``).
A pair written ``A-B*`` seats one A against B in every other seat (``hard-mcts*``: hard against three of the
search bot in a four-player game), the form of the levels' strength targets. ``--levels`` adds, per level, the
game statistics a designer reads (each game's ``stats`` hook: numbers as means per game, categories as shares of
games) over ``--level-games`` games with that level in every seat, and the level's CPU seconds per decision.
``--bot NAME=SPEC`` names another bot for ``--matches`` (``--bot targeted=mcts:iterations=300,eval=targeted
--matches 'targeted-mcts*'``: one search bot with the Great Fire's targeted evaluation against three without).
``--options key=value`` sets game options for every game played (``board=seafarers``), validated by each game's
own option list as in the lab, and named in every table's title.

Each match seats two bots at each game's default (most common) player count, rotating the seats so that each bot
plays every seat equally often (with an odd number of seats, one bot has the extra seat in half the games). A
bot's win rate is its win share per seat played, so two equally strong bots both score 1/players (the fair share).
The 95% Wilson interval treats seats as independent trials; two seats of the same bot in one game cannot both win,
so that interval is, if anything, too wide. "A beats B" is printed when A's interval lies wholly above the fair
share (and so B's below it). Uses only the lab's public API, so it works for every registered game.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from firebreak.agents import LEVELS  # noqa: E402
from firebreak.core import all_games, get_game  # noqa: E402
from firebreak.lab import make_job, run_job  # noqa: E402
from firebreak.lab.backends import default_workers  # noqa: E402
from firebreak.lab.job import numeric_stat_names, stats_summary  # noqa: E402
from firebreak.lab.stats import wilson_interval  # noqa: E402


def match(
    game: str,
    a: str,
    b: str,
    games: int,
    workers: int,
    seed: int,
    players: int | None,
    runs: int = 1,
    one_against_rest: bool = False,
    options: dict[str, str] | None = None,
    progress: bool = False,
) -> None:
    """Play ``runs`` matches of ``games`` games on seeds ``seed``, ``seed + 1``, ...; print each, and with
    several runs, the pooled table as well. With ``one_against_rest``, one seat of ``a`` and ``b`` in the others
    (every seat of ``b`` counted as one bot)."""
    spec = get_game(game)
    pooled: list[dict] = []
    job = None
    n = players or spec.default_players
    for run in range(runs):
        seats = [a] + [b] * (n - 1) if one_against_rest else [a, b]
        job = make_job(spec, n, seats, games, seed + run, options)
        start = time.perf_counter()
        rows = run_job(job, workers=workers, on_row=_progress_printer(job.labels[0]) if progress else None)
        elapsed = time.perf_counter() - start
        rows = merge_labels(rows, job.labels, [a, b]) if one_against_rest else rows
        pooled += rows
        against = f"one {a} against {b} in the other seats" if one_against_rest else f"{a} against {b}"
        table(
            f"\n{spec.title} ({spec.name}{options_text(options)}), {job.players} players, {against}: {games} games, "
            f"seed {seed + run}, {elapsed:.0f} s with {workers} workers",
            [a, b],
            rows,
            job.players,
        )
        print(game_figures(rows))
    if runs > 1 and job is not None:
        table(
            f"\n{spec.title}: the {runs} runs pooled ({runs * games} games, seeds {seed}-{seed + runs - 1})",
            [a, b],
            pooled,
            job.players,
        )


def options_text(options: dict[str, str] | None) -> str:
    """``{"board": "seafarers"}`` -> ``", board=seafarers"`` for a table's title ("" without options)."""
    return "".join(f", {k}={v}" for k, v in (options or {}).items())


def parse_options(items: list[str]) -> dict[str, str]:
    """``["board=seafarers", "mode=classic"]`` -> a dict; each game coerces and validates the values."""
    out = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"an option is written key=value, not {item!r}")
        out[key.strip()] = value.strip()
    return out


def merge_labels(rows: list[dict], labels: list[str], names: list[str]) -> list[dict]:
    """Rows whose seat labels (``mcts``, ``mcts#2``, ...) are replaced by the bot names ``names`` (the first label
    is the lone bot, every other label the rest)."""
    rename = {lab: names[0] if i == 0 else names[1] for i, lab in enumerate(labels)}
    return [{**row, "agents": [rename[lab] for lab in row["agents"]]} for row in rows]


def _progress_printer(label: str):
    """Prints each game as it ends (the first bot's seat, its win share, the running tally), so a long match
    stopped early still leaves its figures."""
    tally = [0.0, 0]

    def on_row(row: dict) -> None:
        for seat, lab in enumerate(row["agents"]):
            if lab == label:
                tally[0] += row["shares"][seat]
                tally[1] += 1
                print(
                    f"  game {row['index']}: {label} in seat {seat} won {row['shares'][seat]:.2f} "
                    f"(so far {tally[0]:.2f} of {tally[1]} seats)",
                    flush=True,
                )

    return on_row


def game_figures(rows: list[dict]) -> str:
    """The game's own numeric statistics as means per game (all seats together): does the match fight the fire?"""
    return "per game: " + ", ".join(
        f"{stat.replace('_', ' ')} {sum(r.get('stat_' + stat, 0) for r in rows) / len(rows):.2f}"
        for stat in numeric_stat_names(rows)
    )


def cpu_seconds() -> float:
    """CPU time of this process and its finished worker processes (a level's pace, whatever the machine's load)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def level_statistics(
    game: str, games: int, workers: int, seed: int, players: int | None, options: dict[str, str] | None = None
) -> None:
    """Per level: the game's own statistics over ``games`` games with that level in every seat."""
    spec = get_game(game)
    print(
        f"\n{spec.title} ({spec.name}{options_text(options)}), {players or spec.default_players} players, "
        "each level in every seat: "
        f"{games} games per level, seed {seed}"
    )
    for name in LEVELS:
        job = make_job(spec, players or spec.default_players, [name], games, seed, options)
        start = cpu_seconds()
        rows = run_job(job, workers=1)
        cpu = cpu_seconds() - start
        decisions = sum(row["length"] for row in rows)
        pace = f"{cpu / decisions:.3f} CPU s per action" if decisions else f"{cpu / len(rows):.1f} CPU s per game"
        print(f"- {name} ({LEVELS[name].spec}; {pace}): {stats_summary(rows)}")


def table(title: str, labels: list[str], rows: list[dict], players: int) -> None:
    fair = 1 / players
    print(title)
    print(f"| {'bot':<34} | {'seats':>5} | {'win rate':>8} | {'95% Wilson':<15} | {'mean score':>10} |")
    print(f"|{'-' * 36}|{'-' * 6}:|{'-' * 9}:|{'-' * 17}|{'-' * 11}:|")
    bounds = {}
    for label in labels:
        seats = wins = score = 0.0
        for row in rows:
            for seat, lab in enumerate(row["agents"]):
                if lab == label:
                    seats += 1
                    wins += row["shares"][seat]
                    score += row["scores"][seat]
        lo, hi = wilson_interval(wins, seats)
        bounds[label] = (lo, hi)
        print(
            f"| {label:<34} | {seats:>5.0f} | {wins / seats:>8.1%} | {lo:>5.1%} - {hi:>6.1%} | {score / seats:>10.2f} |"
        )
    a_label, b_label = labels
    if bounds[a_label][0] > fair:
        verdict = f"{a_label} beats {b_label}"
    elif bounds[b_label][0] > fair:
        verdict = f"{b_label} beats {a_label}"
    else:
        verdict = "not separated at this number of games"
    print(f"fair share {fair:.1%}: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_to_rate", nargs="*", metavar="GAME", help="games (default: every registered game)")
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", type=int, default=1, help="runs on seeds seed, seed+1, ... and their pooled table")
    parser.add_argument("--players", type=int, default=None, help="default: each game's default player count")
    parser.add_argument("--mcts", default="mcts:iterations=300", help="the search bot's spec (its budget)")
    parser.add_argument(
        "--matches",
        default="mcts-greedy,greedy-random",
        help="which pairs to play: mcts-greedy, greedy-random, easy-greedy, hard-mcts* ... "
        "(A-B* seats one A against B in every other seat); 'none' for no matches",
    )
    parser.add_argument("--levels", action="store_true", help="print each level's game statistics")
    parser.add_argument("--progress", action="store_true", help="print each game of a match as it ends")
    parser.add_argument("--level-games", type=int, default=4, help="games per level for --levels")
    parser.add_argument(
        "--options",
        nargs="*",
        default=[],
        metavar="KEY=VALUE",
        help="game options for every game played, e.g. board=seafarers (checked by the game)",
    )
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help="name a bot spec for --matches, e.g. targeted=mcts:iterations=300,eval=targeted",
    )
    args = parser.parse_args()
    try:
        options = parse_options(args.options)
    except ValueError as exc:
        parser.error(str(exc))
    names = args.games_to_rate or [s.name for s in all_games()]
    bots = {"mcts": args.mcts, "greedy": "greedy", "random": "random", **{k: k for k in LEVELS}}
    for item in args.bot:
        name, eq, spec_text = item.partition("=")
        name = name.strip()
        if not eq or not name or "-" in name or "*" in name or not spec_text.strip():
            parser.error(f"a bot is written NAME=SPEC with a name without '-' or '*', not {item!r}")
        bots[name] = spec_text.strip()
    pairs = []
    for item in args.matches.split(","):
        if item.strip() == "none":
            continue
        a, _, b = item.strip().partition("-")
        rest = b.endswith("*")
        b = b.rstrip("*")
        if a not in bots or b not in bots or a == b:
            parser.error(f"unknown match {item!r} (use pairs of {', '.join(bots)} such as mcts-greedy)")
        pairs.append((bots[a], bots[b], rest))
    for name in names:
        for a, b, rest in pairs:
            match(
                name, a, b, args.games, args.workers, args.seed, args.players, args.runs, rest, options, args.progress
            )
        if args.levels:
            level_statistics(name, args.level_games, args.workers, args.seed, args.players, options)


if __name__ == "__main__":
    main()
