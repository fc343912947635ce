"""``firebreak strength``: one bot against another in duplicate (see :mod:`firebreak.lab.duplicate`)."""

from __future__ import annotations

from typing import Optional

import typer
from rich.table import Table
from rich.text import Text


def strength(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game name (see `firebreak games`)."),
    candidate: str = typer.Option(..., "--candidate", help="The bot measured, e.g. hard."),
    baseline: str = typer.Option(..., "--baseline", help="The bot it is measured against, e.g. medium."),
    rivals: Optional[str] = typer.Option(None, "--rivals", help="The bot in every other seat (default: the baseline)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's)."),
    max_deals: int = typer.Option(200, "--max-deals", help="Most deals to play (each deal is two games)."),
    batch: int = typer.Option(
        20,
        "--batch",
        help="Deals between looks at the margin (rounded up to whole "
        "rotations of the seats; equal to --max-deals for a fixed size).",
    ),
    margin: float = typer.Option(
        0.5,
        "--margin",
        help="Margin differences smaller than this many points do not "
        "matter (the run stops when its interval lies inside them).",
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the deals."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", help="Worker processes (default: CPU count)."),
    backend: str = typer.Option("local", "--backend", help="local (worker processes) or ray."),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster address (with --backend ray)."),
) -> None:
    """Strength in duplicate: every deal played by the candidate and again by the baseline in the same seat,
    seats rotated; the paired mean margin (own score minus the rivals' mean) with its interval, win shares beside."""
    from firebreak.core import FirebreakError
    from firebreak.lab.backends import BACKENDS
    from firebreak.lab.duplicate import duplicate, make_duplicate

    from .main import _check_counts, _game, _out, _progress, _setup, fail, interruptible

    spec = _game(game)
    n, options = _setup(spec, players, ctx.args)
    w = _check_counts(max_deals, seed, workers)
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")
    if max_deals < 2:
        raise fail("--max-deals must be at least 2")
    if batch < 2:
        raise fail("--batch must be at least 2")
    if margin < 0:
        raise fail("--margin must not be negative")
    try:
        match = make_duplicate(spec, n, candidate, baseline, rivals, seed, options)
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    progress = _progress()
    try:
        with progress, interruptible() as ctrl_c:
            task = progress.add_task(f"{spec.title}: {match.candidate} against {match.baseline}", total=2 * max_deals)
            result = duplicate(
                match,
                max_deals,
                batch,
                margin,
                workers=w,
                backend=backend,
                address=address,
                on_game=ctrl_c.after(lambda: progress.advance(task)),
            )
    except KeyboardInterrupt:
        raise fail("interrupted; nothing was decided", 130) from None
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    console = _out()
    seats = ", ".join(f"P{s} {k}" for s, k in enumerate(result.deals_per_seat()))
    console.print(
        f"{spec.title}, {n} players: {match.candidate} against {match.baseline}, {match.rivals} in every "
        f"other seat; {result.deals} deals, each played by both in the same seat ({2 * result.deals} "
        f"games; deals per seat: {seats}; seed {seed}).",
        markup=False,
    )
    adj, paired, wins, scores = result.margin_adjusted, result.margin, result.wins, result.scores
    assert adj is not None and paired is not None and wins is not None and scores is not None  # set by duplicate()
    looks = f"{result.looks_allowed} look{'' if result.looks_allowed == 1 else 's'}"
    console.print(
        f"Decision: {result.decision} after {result.looks} of at most {looks} "
        f"(adjusted {1 - result.alpha / result.looks_allowed:.2%} interval of the margin "
        f"{adj.low:+.2f} to {adj.high:+.2f}).",
        markup=False,
    )
    table = Table(title=f"{match.candidate} minus {match.baseline}, paired by deal and seat (95% intervals)")
    for col in ("Figure", match.candidate, match.baseline, "Difference", "95% interval"):
        table.add_column(col, justify="left" if col == "Figure" else "right")
    for name, d in (
        ("Margin: own score minus the rivals' mean", paired),
        ("Win share", wins),
        ("Score", scores),
    ):
        table.add_row(
            Text(name), f"{d.mean_a:.2f}", f"{d.mean_b:.2f}", f"{d.diff:+.2f}", f"{d.low:+.2f} to {d.high:+.2f}"
        )
    console.print(table)
    for label, rows in ((match.candidate, result.rows_candidate), (match.baseline, result.rows_baseline)):
        share, lo, hi = result.win_share(rows)
        console.print(
            f"Win share of {label}: {share:.1%} (95% Wilson {lo:.1%} to {hi:.1%}) over {len(rows)} "
            f"seat-games; fair share {1 / n:.0%}.",
            markup=False,
        )
