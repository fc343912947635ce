"""The bots' strength table in duplicate form: each level against the one below it, in every game.

    .venv/bin/python benchmarks/duplicate_strength.py [GAME ...] [--pairs hard-medium,medium-easy,easy-random]
        [--deals 200] [--batch 20] [--margin 0.5] [--seed 0] [--workers 2] [--players N] [--progress]
        [--fixed] [--cache FILE] [--first-deal K] [--rows FILE]

A pair ``A-B`` plays A as the candidate and B as the baseline, with B in every other seat (the rivals): each deal
(seed) is played once with A and once with B in the same seat, the seat rotated deal by deal (see
:mod:`firebreak.lab.duplicate`). Printed per pair: deals and seat-games played, the sequential stop's decision, the
paired mean margin (own score minus the rivals' mean; A minus B) with its 95% interval, each bot's win share with
its Wilson interval, CPU seconds, and one Markdown row for the README's table. Target (issue 27): hard's margin
over medium at least +1 point with the interval above 0 over at least 200 seat-games (100 deals), in each game.
``--fixed`` plays every deal (a look after each batch prints the running margin, so a run stopped early still
leaves its figures); ``--cache FILE`` keeps the baseline's games and reuses them in later runs against the same
baseline (the figures are the same with or without it). ``--first-deal K`` plays deals K to D-1 of the seed only,
to extend an earlier run with new deals; ``--rows FILE`` appends every game's result row (JSON lines) as each batch
ends, so runs can be pooled deal by deal.
Uses only the lab's public API, so it works for every registered game.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from firebreak.core import all_games, get_game  # noqa: E402
from firebreak.lab.duplicate import BaselineCache, DuplicateResult, duplicate, make_duplicate  # noqa: E402


def cpu_seconds() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def deals_text(result: DuplicateResult) -> str:
    """ ", deals K-L" when the run did not start at the seed's first deal."""
    deals = sorted(int(r["index"]) // 2 for r in result.rows_candidate)
    return f", deals {deals[0]}-{deals[-1]}" if deals and deals[0] > 0 else ""


def row_text(game_title: str, players: int, result: DuplicateResult, seed: int) -> str:
    """One Markdown row of the strength table."""
    m, w = result.match, result.margin
    assert w is not None
    cw, clo, chi = result.win_share(result.rows_candidate)
    bw, blo, bhi = result.win_share(result.rows_baseline)
    holds = "yes" if (w.diff >= 1 and w.low > 0 and 2 * result.deals >= 200) else "no"  # 200 seat-games
    return (
        f"| {game_title}, {players} | {m.candidate} over {m.baseline} (rivals {m.rivals}) | {result.deals} "
        f"({2 * result.deals} seat-games, seed {seed}{deals_text(result)}) | **{w.diff:+.2f}** "
        f"({w.low:+.2f} to {w.high:+.2f}) | "
        f"{100 * cw:.1f}% ({100 * clo:.1f}-{100 * chi:.1f}%) | {100 * bw:.1f}% ({100 * blo:.1f}-{100 * bhi:.1f}%)"
        f" | {result.decision} | {holds if m.candidate == 'hard' and m.baseline == 'medium' else '-'} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games (default: every registered game)")
    parser.add_argument(
        "--pairs",
        default="hard-medium,medium-easy,easy-random",
        help="pairs A-B, separated by commas, or by semicolons where a bot spec has commas "
        "('mcts:iterations=1500,turn=yes-medium;hard-medium')",
    )
    parser.add_argument("--deals", type=int, default=200, help="most deals per pair (2 games each)")
    parser.add_argument("--batch", type=int, default=20, help="deals between looks (whole seat rotations)")
    parser.add_argument(
        "--margin", type=float, default=0.5, help="margin differences smaller than this do not matter (points)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--progress", action="store_true", help="print each game as it ends")
    parser.add_argument("--fixed", action="store_true", help="play every deal (no sequential stop)")
    parser.add_argument("--cache", default=None, help="a file that keeps the baseline's games for later runs")
    parser.add_argument("--first-deal", type=int, default=0, help="start at this deal of the seed (extend a run)")
    parser.add_argument("--rows", default=None, help="append every game's result row to this JSON-lines file")
    args = parser.parse_args(argv)
    names = args.games or [spec.name for spec in all_games()]
    rows: list[str] = []
    cache = BaselineCache(args.cache) if args.cache else None
    for name in names:
        spec = get_game(name)
        for pair in filter(None, (p.strip() for p in args.pairs.split(";" if ";" in args.pairs else ","))):
            cand, _, base = pair.strip().partition("-")
            match = make_duplicate(spec, args.players, cand, base, seed=args.seed)
            count = [0]

            def tick(count: list[int] = count) -> None:
                count[0] += 1
                if args.progress:
                    print(f"  {spec.name} {pair}: game {count[0]} done", flush=True)

            written = [0]

            def look(r: DuplicateResult, written: list[int] = written) -> None:
                adj, now = r.margin_adjusted, r.margin_at(0.95)
                if args.rows:
                    with open(args.rows, "a", encoding="utf-8") as f:
                        for c, b in zip(r.rows_candidate[written[0] :], r.rows_baseline[written[0] :], strict=True):
                            for row in (c, b):
                                f.write(
                                    json.dumps({**row, "pair": pair, "match_seed": args.seed}, sort_keys=True) + "\n"
                                )
                    written[0] = r.deals
                print(
                    f"  {spec.name} {pair}: look {r.looks}, {r.deals} deals, margin {adj.diff:+.2f} "
                    f"(adjusted {adj.low:+.2f} to {adj.high:+.2f}; 95% {now.low:+.2f} to {now.high:+.2f}); "
                    f"{cpu_seconds() - cpu:.0f} CPU s"
                    + (f", {cache.hits} baseline games from the cache" if cache is not None else ""),
                    flush=True,
                )

            start, cpu = time.perf_counter(), cpu_seconds()
            result = duplicate(
                match,
                args.deals,
                args.batch,
                args.margin,
                workers=args.workers,
                on_game=tick,
                on_look=look,
                sequential=not args.fixed,
                cache=cache,
                first_deal=args.first_deal,
            )
            w = result.margin
            cw, clo, chi = result.win_share(result.rows_candidate)
            bw, blo, bhi = result.win_share(result.rows_baseline)
            print(
                f"{spec.title}, {match.players} players: {cand} over {base} (rivals {match.rivals}): "
                f"{result.deals} deals ({2 * result.deals} seat-games; per seat {result.deals_per_seat()}), "
                f"{result.decision}; margin {w.diff:+.2f} (95% {w.low:+.2f} to {w.high:+.2f}); "
                f"win share {cand} {cw:.1%} ({clo:.1%}-{chi:.1%}), {base} {bw:.1%} ({blo:.1%}-{bhi:.1%}); "
                f"{time.perf_counter() - start:.0f} s, {cpu_seconds() - cpu:.0f} CPU s",
                flush=True,
            )
            rows.append(row_text(spec.title, match.players, result, args.seed))
            print(rows[-1], flush=True)
    print(
        "\n| game, players | pair | deals | paired margin (95%) | candidate win share | baseline win share "
        "| decision | hard +1 target met |"
    )
    print("|---|---|---:|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
