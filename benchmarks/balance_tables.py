"""The tables and figures of a balance study (docs/balance/), in Markdown, from `firebreak simulate --out` results.

    .venv/bin/python benchmarks/balance_tables.py DIR [DIR ...] [--figures FOLDER] [--name PREFIX]

The directories hold one game's results (several player counts or variants are pooled and told apart by group).
Printed: the lab's figures that describe the game (duration, decided at, lead changes, comebacks, winning margin,
shared wins, seat balance, first-player advantage) per player count with their 95% intervals, and each numeric
statistic's mean with its 95% t interval per player count. With ``--figures``, the win share by seat and the
"when games are decided" curve are drawn there as PNGs (the lab's own figures, lab/report.py and lab/figures.py).
Uses only the lab's public functions, so it works for every game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from firebreak.core import get_game  # noqa: E402
from firebreak.lab.report import decided_figure, figures_table, load_rows, seat_win_figure, stats_table  # noqa: E402


def markdown(columns: list[str], rows: list[list[str]]) -> str:
    head = "| " + " | ".join(columns) + " |\n|" + "---|" * len(columns) + "\n"
    return head + "\n".join("| " + " | ".join(r) + " |" for r in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--figures", default=None, help="folder for the PNG figures")
    parser.add_argument("--name", default="", help="prefix of the PNG files' names")
    args = parser.parse_args(argv)
    manifests, rows = load_rows(args.dirs)
    spec = get_game(manifests[0]["job"]["game"])
    for m in manifests:
        job = m["job"]
        print(f"- {job['players']} players, bots {', '.join(job['agents'])}, seed {job['seed']}, {job['games']} games")
    table = figures_table(rows, spec)
    print("\n" + markdown(table.columns, table.rows) + "\n\n" + table.note)
    for players in sorted({int(r["players"]) for r in rows}):
        stats = stats_table([r for r in rows if int(r["players"]) == players], spec)
        if stats is not None:
            print(f"\nStatistics, {players} players:\n\n" + markdown(stats.columns, stats.rows))
    if args.figures:
        folder = Path(args.figures)
        folder.mkdir(parents=True, exist_ok=True)
        for name, fig in (
            ("win-share-by-seat", seat_win_figure(rows)),
            ("when-games-are-decided", decided_figure(rows)),
        ):
            path = folder / f"{args.name}{name}.png"
            fig.savefig(path, format="png", dpi=80)
            print(f"\nwrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
