"""The ``firebreak`` command: list games, play at the terminal, simulate bots, replay records.

Every command works from the core protocol alone (games register their spec; options, rendering and scoring come
from it), so new games appear here without changes. User errors print one line on stderr and exit non-zero:
2 for a bad command line (unknown game, option or agent), 1 for a bad or mismatching file.
"""

from __future__ import annotations

import secrets
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from firebreak.agents import make_agent, parse_agent_list
from firebreak.core import (
    FirebreakError,
    GameRecord,
    GameSpec,
    UNDO,
    SaveFileError,
    all_games,
    get_game,
    load_game,
    replay as replay_record,
)
from firebreak.core.parameters import describe_options, titled
from firebreak.core.playthrough import DEFAULT_MAX_STEPS, playthrough as make_playthrough
from firebreak.core.text import plural
from firebreak.lab import SimulationResult
from firebreak.lab.backends import BACKENDS, default_workers
from firebreak.lab.job import JobSpec, make_job
from firebreak.lab.runner import DEFAULT_CHUNK, prepare, run_job
from firebreak.lab.words import outcome_words, words

from .interrupt import interruptible
from .options import describe_option, parse_game_options
from .session import PlaySession, results_table, winners_line
from .typeahead import drop_typed_ahead
from .text import event_sentence, move_lines, parameter_blocks, seat_name, taken_back

if TYPE_CHECKING:
    from firebreak.lab.report import ReportTable

app = typer.Typer(
    name="firebreak",
    help="Fire-fighting board games to play, simulate and study.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXTRA_ARGS = {"allow_extra_args": True, "ignore_unknown_options": True}
USAGE_ERROR = 2
FILE_ERROR = 1


def _out() -> Console:
    """A console on the current stdout (created per call so test runners' captured streams are used)."""
    return Console(highlight=False, soft_wrap=True)


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def fail(message: str, code: int = USAGE_ERROR) -> typer.Exit:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}", markup=False)
    return typer.Exit(code)


def _load_games() -> list[GameSpec]:
    """Import every game package once; a broken package is reported in one line instead of a traceback."""
    try:
        return all_games()
    except Exception as exc:  # noqa: BLE001 - any import failure of a game package
        raise fail(f"cannot load the game packages: {type(exc).__name__}: {exc}", FILE_ERROR) from None


def _game(name: str) -> GameSpec:
    _load_games()
    try:
        return get_game(name)
    except FirebreakError as exc:
        raise fail(str(exc)) from None


def _setup(spec: GameSpec, players: int | None, extra: list[str], variant: Path | None = None) -> tuple[int, dict]:
    """Resolve the player count and the game options typed after the command (over a variant file's, if given)."""
    try:
        base: dict = {}
        if variant is not None:
            v = _variant(spec, variant)
            base = v.game_options()
            players = v.default_players(spec.default_players) if players is None else players
        n = spec.default_players if players is None else players
        options = {**base, **parse_game_options(spec, extra)}
        return n, spec.resolve_options(n, options)
    except FirebreakError as exc:
        raise fail(str(exc)) from None


def _variant(spec: GameSpec, path: Path):  # noqa: ANN202 - a core.variant.Variant
    """A variant file for this game (raises :class:`FirebreakError` saying what is wrong)."""
    from firebreak.core.variant import load_variant

    v = load_variant(path)
    if v.game != spec.name:
        raise FirebreakError(f"{path} is a variant of {get_game(v.game).title}, not of {spec.title}")
    return v


def _variant_or_options(spec: GameSpec, text: str) -> dict:
    """``compare``'s --a/--b: a variant file (a path ending in .yaml or .yml) or option settings."""
    from firebreak.lab.compare import parse_variant

    if text.strip().endswith((".yaml", ".yml")):
        return _variant(spec, Path(text.strip())).game_options()
    return parse_variant(spec, text)


VARIANT_HELP = "A variant file (YAML: rule parameters, table options); see examples/variants."


# --- rules ---------------------------------------------------------------------------------------------------
@app.command()
def rules(
    game: str = typer.Argument(..., help="Game name (see `firebreak games`)."),
    variant: Optional[Path] = typer.Option(None, "--variant", help=VARIANT_HELP + " Its values are shown too."),
) -> None:
    """List a game's rule parameters: what each fixes, its default, the values allowed, the rulebook's words
    (and, with --variant, the variant's value of each it changes)."""
    spec = _game(game)
    console = _out()
    try:
        changed = _variant(spec, variant).rules if variant is not None else {}
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    title = f"{spec.title}: rule parameters (change them in a variant file's rules)"
    if variant is not None:
        title = f"{spec.title}: rule parameters, with the values of {variant.name} where it changes them"
    for line in textwrap.wrap(title, max(console.width, 40)):
        console.print(Text(line, style="bold"))
    names = {p.name for p in spec.parameters}
    for line in parameter_blocks(spec, console.width, changed):  # one block each: every name whole at 80 columns
        console.print(Text(line, style="bold" if line in names else ""))
    if not spec.parameters:
        console.print(f"{spec.title} declares no rule parameters.", markup=False)


# --- games ---------------------------------------------------------------------------------------------------
@app.command()
def games() -> None:
    """List the games, their player counts and options."""
    console = _out()
    specs = _load_games()
    if not specs:
        console.print("No games are installed.")
        return
    table = Table(title="Games")
    table.add_column("Name", style="bold")
    table.add_column("Title")
    table.add_column("Players")
    table.add_column("Options", justify="right")
    for spec in specs:
        players = f"{spec.min_players}-{spec.max_players} (default {spec.default_players})"
        table.add_row(*(Text(c) for c in (spec.name, spec.title, players, str(len(spec.options)))))
    console.print(table)
    for spec in specs:
        console.print()
        console.print(Text(f"{spec.name}: {spec.title}", style="bold"))
        if spec.description:
            console.print(Text(f"  {spec.description}"))
        if spec.options:
            console.print("  Options:")
            for option in spec.options:
                console.print(Text(f"    {describe_option(option)}"))
        else:
            console.print("  No options.")


# --- play ----------------------------------------------------------------------------------------------------
@app.command(context_settings=EXTRA_ARGS)
def play(
    ctx: typer.Context,
    game: Optional[str] = typer.Argument(None, help="Game name (see `firebreak games`); optional with --load."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's)."),
    seat: Optional[list[int]] = typer.Option(None, "--seat", help="Your seat from 0 (repeat for hot seat). Default 0."),
    bots: str = typer.Option(
        "easy",
        "--bots",
        help="Bot level(s) (easy, medium, hard) or spec(s) for the other seats, comma-separated, cycled.",
    ),
    seed: Optional[int] = typer.Option(None, "--seed", help="Game seed (default: random, printed)."),
    save: Optional[Path] = typer.Option(None, "--save", help="Save the record here at the end or on quit."),
    load: Optional[Path] = typer.Option(None, "--load", help="Resume a saved record."),
    variant: Optional[Path] = typer.Option(None, "--variant", help=VARIANT_HELP),
) -> None:
    """Play a game at the terminal against bots. Game options follow as --name value or --flag / --no-flag."""
    console = _out()
    _load_games()
    if load is not None:
        if ctx.args or variant is not None:
            raise fail("game options come from the saved record; do not give them with --load")
        try:
            state = load_game(load)
        except SaveFileError as exc:
            raise fail(str(exc), FILE_ERROR) from None
        if game is not None and _game(game) is not state.spec:
            raise fail(f"{load} is a game of {state.spec.name}, not {game}")
        if players is not None and players != state.num_players:
            raise fail(f"{load} is a {state.num_players}-player game")
        spec = state.spec
    else:
        if game is None:
            raise fail("name a game to play (see `firebreak games`), or --load a saved one")
        spec = _game(game)
        n, options = _setup(spec, players, ctx.args, variant)
        if seed is None:
            seed = secrets.randbelow(2**31)
        try:
            state = spec.new_game(n, seed, options)
        except FirebreakError as exc:
            raise fail(str(exc)) from None
    humans = sorted(set(seat if seat else [0]))
    for s in humans:
        if not 0 <= s < state.num_players:
            last = state.num_players - 1
            raise fail(f"there is no seat {s} in a {state.num_players}-player game (seats are 0-{last})")
    try:
        specs = parse_agent_list(bots)
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    bot_seats = [s for s in range(state.num_players) if s not in humans]
    agents = {s: make_agent(specs[i % len(specs)]) for i, s in enumerate(bot_seats)}
    verb = "Resuming" if load is not None else "Playing"
    console.print(
        f"{verb} {titled(spec.title, state.options)}: {state.num_players} players, seed {state.seed}, "
        f"you are {' and '.join(state.player_name(s) for s in humans)}. Type 'help' for commands.",
        markup=False,
    )
    session = PlaySession(
        state, humans, agents, console, save, echo_input=not _stdin_is_terminal(), typed_ahead=drop_typed_ahead
    )
    try:
        session.run()
    except FirebreakError as exc:
        raise fail(str(exc), FILE_ERROR) from None
    except KeyboardInterrupt:
        console.print("\nInterrupted.", markup=False)
        if save is not None:
            session.save(save)
        raise typer.Exit(130) from None


# --- simulate ------------------------------------------------------------------------------------------------
class _RateColumn(ProgressColumn):
    """Games per second, from Rich's own moving estimate."""

    def render(self, task) -> Text:  # noqa: ANN001 - rich's Task
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.1f} games/s" if speed else "- games/s")


def _progress() -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _RateColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def _check_counts(games_: int, seed: int, workers: Optional[int]) -> int:
    if games_ < 1:
        raise fail("--games must be at least 1")
    if seed < 0:
        raise fail("--seed must not be negative")
    if workers is not None and workers < 1:
        raise fail("--workers must be at least 1")
    return workers if workers is not None else default_workers()


def _run_with_progress(
    job: JobSpec,
    title: str,
    *,
    out: Optional[Path],
    workers: int,
    backend: str,
    address: Optional[str],
    logs: Optional[Path],
    chunk_size: int,
) -> tuple[list[dict], tuple[float, int]]:
    """Run a lab job under a progress bar; Ctrl-C keeps the finished chunks and says how to resume.

    Returns the rows and (seconds spent, games played in this run)."""
    import time

    try:  # refuse another job's directory or logs folder, or a corrupt chunk, before the progress bar starts
        prepare(job, out, chunk_size, logs=logs)
    except FirebreakError as exc:
        raise fail(str(exc), FILE_ERROR) from None
    except OSError as exc:
        raise fail(f"cannot use {out if out is not None else logs}: {exc}", FILE_ERROR) from None
    progress = _progress()
    played = 0
    start = time.perf_counter()
    with progress:
        task = progress.add_task(title, total=job.games)

        def resumed(n: int) -> None:
            progress.reset(task, completed=n)  # the rate counts this run's games only

        def done(row: dict) -> None:
            nonlocal played
            played += 1
            progress.advance(task)

        error: str | None = None
        interrupted = False
        try:
            with interruptible() as ctrl_c:
                rows = run_job(
                    job, out, workers, backend, address, logs, chunk_size, on_row=ctrl_c.after(done), on_resume=resumed
                )
        except KeyboardInterrupt:
            interrupted = True
        except FirebreakError as exc:
            error = str(exc)
        except OSError as exc:
            error = f"cannot write results: {exc}"
    # The bar is gone now, so messages start on a clean line.
    if interrupted:
        where = f"; run the same command again to resume from {out}" if out is not None else ""
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            f"Interrupted after {played} new games{where}.", markup=False
        )
        raise typer.Exit(130)
    if error is not None:
        raise fail(error, FILE_ERROR)
    return rows, (time.perf_counter() - start, played)


@app.command(context_settings=EXTRA_ARGS)
def simulate(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game name (see `firebreak games`)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's)."),
    games_: int = typer.Option(100, "--games", "-n", help="Number of games."),
    agents: str = typer.Option("greedy,random", "--agents", help="Bot specs, comma-separated; seats are rotated."),
    seed: int = typer.Option(0, "--seed", help="Batch seed (the same seed gives the same games)."),
    out: Optional[Path] = typer.Option(
        None,
        "--out",
        "-o",
        help="Write result rows (Parquet) and a manifest here; re-running the same command resumes.",
    ),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", help="Worker processes (default: CPU count)."),
    backend: str = typer.Option("local", "--backend", help="local (worker processes) or ray."),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster address (with --backend ray)."),
    chunk_size: int = typer.Option(DEFAULT_CHUNK, "--chunk-size", help="Games per results file (new jobs only)."),
    logs: Optional[Path] = typer.Option(None, "--logs", help="Write each game's record JSON into this folder."),
    variant: Optional[Path] = typer.Option(None, "--variant", help=VARIANT_HELP),
) -> None:
    """Play many games between bots and summarise win rates, scores and speed."""
    spec = _game(game)
    n, options = _setup(spec, players, ctx.args, variant)
    w = _check_counts(games_, seed, workers)
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")
    if chunk_size < 1:
        raise fail("--chunk-size must be at least 1")
    try:
        job = make_job(spec, n, agents, games_, seed, options)
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    rows, (elapsed, played) = _run_with_progress(
        job, spec.title, out=out, workers=w, backend=backend, address=address, logs=logs, chunk_size=chunk_size
    )
    result = SimulationResult(spec.name, n, job.labels)
    for row in rows:
        result.add_row(row)
    console = _out()
    opts = describe_options(spec.listed_options(options))
    shown = f"{spec.title}: {plural(result.games, 'game')}, {n} players, seed {seed}, options: {opts}"
    console.print(shown, markup=False)
    by_agent = Table(title="By agent (win rate = win share per seat played; ties count fractionally)")
    for col in ("Agent", "Seats played", "Win rate", "Mean score"):
        by_agent.add_column(col, justify="left" if col == "Agent" else "right")
    for i, label in enumerate(result.agents):
        by_agent.add_row(
            Text(label),
            str(result.agent_seats[i]),
            f"{result.agent_win_rate(i):.1%}",
            f"{result.agent_mean_score(i):.2f}",
        )
    console.print(by_agent)
    by_seat = Table(title="By seat")
    for col in ("Seat", "Win rate", "Mean score"):
        by_seat.add_column(col, justify="left" if col == "Seat" else "right")
    for s in range(n):
        by_seat.add_row(seat_name(s), f"{result.seat_win_rate(s):.1%}", f"{result.seat_mean_score(s):.2f}")
    console.print(by_seat)
    if result.stat_sums or result.stat_labels:
        stats = Table(title=f"{spec.title} statistics (numbers: mean per game; categories: share of games)")
        stats.add_column("Statistic")
        stats.add_column("Mean / shares", justify="right")
        for name, mean in result.stat_means().items():
            stats.add_row(Text(words(name, spec)), f"{mean:.2f}")
        for name, cats in result.stat_shares().items():
            stats.add_row(Text(words(name, spec)), Text(", ".join(f"{c} {share:.0%}" for c, _, share in cats)))
        console.print(stats)
    console.print(f"Mean game length: {result.mean_length:.1f} actions", markup=False)
    from firebreak.lab.report import figures_table

    _print_table(console, figures_table(rows, spec))
    rate = played / elapsed if elapsed > 0 and played else 0.0
    resumed = f", {result.games - played} read back from {out}" if result.games > played else ""
    console.print(
        f"Speed: {rate:.1f} games/s ({played} games played in {elapsed:.2f} s with {w} "
        f"worker{'s' if w != 1 else ''}{resumed})",
        markup=False,
    )
    if out is not None:
        console.print(f"Results in {out} (see `firebreak report {out}`)", markup=False)
    if logs is not None:
        console.print(f"Records written to {logs}", markup=False)


# --- report ------------------------------------------------------------------------------------------------
def _print_table(console: Console, table: "ReportTable") -> None:
    t = Table(title=table.title)
    for i, col in enumerate(table.columns):
        t.add_column(col, justify="left" if i == 0 else "right")
    for row in table.rows:
        t.add_row(*(Text(c) for c in row))
    console.print(t)
    if table.note:
        console.print(Text(f"  {table.note}", style="dim"))


@app.command()
def report(
    dirs: list[Path] = typer.Argument(
        ...,
        help="Result directories written by `simulate --out` (one game; "
        "several directories, e.g. one per player count, are pooled).",
    ),
    out: Optional[Path] = typer.Option(
        None,
        "--out",
        "-o",
        help="Where to write the PNGs and report.html (default: DIR/report of the first directory).",
    ),
) -> None:
    """Win rates by seat, bot and player count with Wilson intervals, distributions and plots, as HTML."""
    from firebreak.lab.report import build_report, write_report

    _load_games()
    try:
        rep = build_report(dirs)
        page = write_report(rep, out if out is not None else dirs[0] / "report")
    except FirebreakError as exc:
        raise fail(str(exc), FILE_ERROR) from None
    except OSError as exc:
        raise fail(f"cannot write the report: {exc}", FILE_ERROR) from None
    console = _out()
    console.print(Text(rep.title, style="bold"))
    for line in rep.summary:
        console.print(line, markup=False)
    for warning in rep.warnings:
        console.print(f"warning: {warning}", markup=False)
    for table in rep.tables:
        _print_table(console, table)
    console.print(f"{len(rep.figures)} plots and the HTML report written to {page}", markup=False)


# --- compare -----------------------------------------------------------------------------------------------
@app.command()
def compare(
    game: str = typer.Argument(..., help="Game name (see `firebreak games`)."),
    a: str = typer.Option(..., "--a", help='Variant A: options, e.g. "more_destruction=false", or a variant file.'),
    b: str = typer.Option(..., "--b", help='Variant B: options, e.g. "more_destruction=true", or a variant file.'),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's)."),
    agents: str = typer.Option("greedy,random", "--agents", help="Bot specs, comma-separated; seats are rotated."),
    max_games: int = typer.Option(2000, "--max-games", help="Most pairs of games to play."),
    batch: int = typer.Option(100, "--batch", help="Pairs per batch: the outcome is checked after each batch."),
    seed: int = typer.Option(0, "--seed", help="Batch seed (both variants play the same seeds)."),
    primary: str = typer.Option("win rate of seat 0", "--primary", help="The outcome that decides when to stop."),
    margin: float = typer.Option(
        0.05, "--margin", help="Differences smaller than this do not matter (units of the primary outcome)."
    ),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", help="Worker processes (default: CPU count)."),
    backend: str = typer.Option("local", "--backend", help="local (worker processes) or ray."),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster address (with --backend ray)."),
    out: Optional[Path] = typer.Option(
        None,
        "--out",
        "-o",
        help="Save the games behind the answer here (a.parquet, b.parquet, summary.json; a new or empty directory).",
    ),
) -> None:
    """Rule variant A against variant B on paired games, with intervals, paired tests and an early stop."""
    from firebreak.lab.compare import compare as run_compare

    spec = _game(game)
    w = _check_counts(max_games, seed, workers)
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")
    try:
        opts_a, opts_b = _variant_or_options(spec, a), _variant_or_options(spec, b)
        job_a = make_job(spec, players, agents, 1, seed, opts_a)
        job_b = make_job(spec, players, agents, 1, seed, opts_b)
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    if job_a.options == job_b.options:
        raise fail("variants A and B have the same options; there is nothing to compare")
    if batch < 2:
        raise fail("--batch must be at least 2")
    if out is not None and out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise fail(f"{out} exists and is not an empty directory; choose a new one", FILE_ERROR)
    progress = _progress()
    try:
        with progress, interruptible() as ctrl_c:
            task = progress.add_task(f"{spec.title}: A vs B", total=2 * max_games)
            advance = ctrl_c.after(lambda: progress.advance(task))
            result = run_compare(
                spec,
                players,
                agents,
                opts_a,
                opts_b,
                max_games,
                seed,
                batch,
                w,
                backend,
                address,
                primary,
                margin,
                on_game=advance,
            )
    except KeyboardInterrupt:
        raise fail("interrupted; nothing was decided", 130) from None
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    console = _out()
    console.print(
        f"{spec.title}: A = {describe_options(spec.listed_options(result.options_a))} against B = "
        f"{describe_options(spec.listed_options(result.options_b))}, {result.pairs} paired games (seed {seed}).",
        markup=False,
    )
    adj = result.primary_adjusted
    assert adj is not None, "a comparison looks at its games at least once"
    console.print(
        f"Decision on '{result.primary}': {result.decision} after {result.looks} of at most "
        f"{result.looks_allowed} looks; adjusted {1 - result.alpha / result.looks_allowed:.2%} interval "
        f"{adj.low:+.3f} .. {adj.high:+.3f}.",
        markup=False,
    )
    table = Table(title="A minus B (paired on seeds; 95% interval; paired t-test)")
    for col in ("Outcome", "A", "B", "A - B", "95% interval", "p", ""):
        table.add_column(col, justify="left" if col == "Outcome" else "right")
    for name, d in result.outcomes.items():
        table.add_row(
            Text(outcome_words(name, spec)),
            f"{d.mean_a:.3f}",
            f"{d.mean_b:.3f}",
            f"{d.diff:+.3f}",
            f"{d.low:+.3f} .. {d.high:+.3f}",
            f"{d.p_value:.3g}",
            "*" if d.significant else "",
        )
    console.print(table)
    console.print("* p < 0.05 for that outcome alone (not corrected for the number of outcomes).", markup=False)
    if any(" = " in name for name in result.outcomes):
        console.print("'statistic = category': A and B are the shares of games in that category.", markup=False)
    if out is not None:
        summary = {
            "game": spec.name,
            "options_a": result.options_a,
            "options_b": result.options_b,
            "seed": seed,
            "pairs": result.pairs,
            "looks": result.looks,
            "looks_allowed": result.looks_allowed,
            "primary": result.primary,
            "decision": result.decision,
            "outcomes": {k: vars(v) for k, v in result.outcomes.items()},
        }
        _save_tables(out, {"a": result.rows_a, "b": result.rows_b}, summary)
        console.print(f"Games saved in {out}", markup=False)


def _save_tables(out: Path, tables: dict, summary: dict) -> None:
    from firebreak.lab.store import save_tables

    try:
        save_tables(out, tables, summary)
    except FirebreakError as exc:
        raise fail(str(exc), FILE_ERROR) from None
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc}", FILE_ERROR) from None


# --- tournament --------------------------------------------------------------------------------------------
@app.command(context_settings=EXTRA_ARGS)
def tournament(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game name (see `firebreak games`)."),
    agents: str = typer.Option(..., "--agents", help="Bot specs, comma-separated (at least two)."),
    games_: int = typer.Option(100, "--games", "-n", help="Number of games."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's)."),
    seed: int = typer.Option(0, "--seed", help="Tournament seed."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", help="Worker processes (default: CPU count)."),
    backend: str = typer.Option("local", "--backend", help="local (worker processes) or ray."),
    address: Optional[str] = typer.Option(None, "--address", help="Ray cluster address (with --backend ray)."),
    out: Optional[Path] = typer.Option(
        None,
        "--out",
        "-o",
        help="Save the games and ratings here (games.parquet, summary.json; a new or empty directory).",
    ),
    variant: Optional[Path] = typer.Option(None, "--variant", help=VARIANT_HELP),
) -> None:
    """Rate bots against each other with Plackett-Luce (openskill), for any number of players."""
    from firebreak.lab.tournament import tournament as run_tournament

    spec = _game(game)
    n, options = _setup(spec, players, ctx.args, variant)
    w = _check_counts(games_, seed, workers)
    if backend not in BACKENDS:
        raise fail(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")
    try:
        if len(make_job(spec, n, agents, games_, seed, options).agents) < 2:
            raise fail("a tournament needs at least two bots")
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    if out is not None and out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise fail(f"{out} exists and is not an empty directory; choose a new one", FILE_ERROR)
    progress = _progress()
    try:
        with progress, interruptible() as ctrl_c:
            task = progress.add_task(f"{spec.title} tournament", total=games_)
            advance = ctrl_c.after(lambda: progress.advance(task))
            ratings, rows = run_tournament(spec, n, agents, games_, seed, options, w, backend, address, on_game=advance)
    except KeyboardInterrupt:
        raise fail("interrupted", 130) from None
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    console = _out()
    opts = describe_options(spec.listed_options(options))
    console.print(f"{spec.title}: {plural(len(rows), 'game')}, {n} players, seed {seed}, options: {opts}", markup=False)
    table = Table(title="Ratings (Plackett-Luce; ordinal = mu - 3 sigma)")
    for col in ("Rank", "Agent", "Ordinal", "Mu", "Sigma", "Games", "Win rate", "95% Wilson"):
        table.add_column(col, justify="left" if col == "Agent" else "right")
    for i, r in enumerate(ratings, 1):
        lo, hi = r.win_interval
        rate = r.wins / r.games if r.games else 0.0
        table.add_row(
            str(i),
            Text(r.agent),
            f"{r.ordinal:.2f}",
            f"{r.mu:.2f}",
            f"{r.sigma:.2f}",
            str(r.games),
            f"{rate:.1%}",
            f"{lo:.1%} - {hi:.1%}",
        )
    console.print(table)
    if out is not None:
        summary = {
            "game": spec.name,
            "players": n,
            "options": options,
            "seed": seed,
            "games": len(rows),
            "ratings": [{**vars(r), "ordinal": r.ordinal} for r in ratings],
        }
        _save_tables(out, {"games": rows}, summary)
        console.print(f"Games saved in {out}", markup=False)


# --- serve ---------------------------------------------------------------------------------------------------
@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to listen on (localhost by default)."),
    port: int = typer.Option(8000, "--port", help="TCP port."),
    database: Optional[str] = typer.Option(
        None,
        "--database",
        help="A SQLite file path, or a URL (sqlite:///PATH, postgresql://USER:PASSWORD@HOST/DB); "
        "default FIREBREAK_DATABASE_URL, else firebreak-games.sqlite3 here.",
    ),
    forwarded_allow_ips: Optional[str] = typer.Option(
        None,
        "--forwarded-allow-ips",
        help="Behind a reverse proxy: its address(es), comma-separated, so the "
        "limits count each player's own address (X-Forwarded-For).",
    ),
    keep_finished_days: Optional[float] = typer.Option(
        None,
        "--keep-finished-days",
        help="Remove finished games this many days after their last move (0 = keep "
        "for ever; default FIREBREAK_KEEP_FINISHED_DAYS, else 90).",
    ),
    archive: Optional[Path] = typer.Option(
        None, "--archive", help="Before removing a finished game, save its record in this folder."
    ),
    variants: Optional[Path] = typer.Option(
        None,
        "--variants",
        help="A folder of variant files the lobby offers (games started from one are marked "
        "as variants on every page and record).",
    ),
) -> None:
    """Start the play server: lobby, live games with bots, replays. Prints its address."""
    import os

    from .database import DatabaseArgumentError, DatabaseConnectError, check_database, resolve_database, shown

    if not 0 < port < 65536:
        raise fail(f"--port must be between 1 and 65535, not {port}")
    from firebreak.server.app import serve as run_server
    from firebreak.server.limits import Limits
    from firebreak.server.storage import default_database_url, metadata

    _load_games()
    offered = []
    if variants is not None:
        from firebreak.core.variant import load_variants

        try:
            offered = load_variants(variants)
        except FirebreakError as exc:
            raise fail(str(exc), FILE_ERROR) from None
        except OSError as exc:
            raise fail(f"cannot read the variants in {variants}: {exc.strerror or exc}", FILE_ERROR) from None
        if not offered:
            raise fail(f"{variants} holds no variant files (YAML files with a game and a name)", FILE_ERROR)
    given = database if database is not None else os.environ.get("FIREBREAK_DATABASE_URL") or None
    try:  # the database is checked (shape, then a first connection) before the server starts
        url = resolve_database(given) if given is not None else default_database_url()
    except DatabaseArgumentError as exc:
        raise fail(str(exc)) from None
    try:
        limits = Limits.from_env(
            keep_finished_days=keep_finished_days, archive_dir=None if archive is None else str(archive)
        )
    except ValueError as exc:
        raise fail(str(exc)) from None
    try:
        check_database(url, metadata)
    except DatabaseConnectError as exc:
        raise fail(str(exc), FILE_ERROR) from None
    from sqlalchemy.exc import SQLAlchemyError

    try:
        run_server(host, port, url, limits=limits, forwarded_allow_ips=forwarded_allow_ips, variants=offered)
    except FirebreakError as exc:
        raise fail(str(exc), FILE_ERROR) from None
    except OSError as exc:
        raise fail(f"cannot serve on {host}:{port}: {exc.strerror or exc}", FILE_ERROR) from None
    except SQLAlchemyError as exc:  # e.g. the file is another program's database, with tables of its own
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        raise fail(f"cannot use the database {shown(url)}: {reason[0] if reason else exc}", FILE_ERROR) from None


# --- replay --------------------------------------------------------------------------------------------------
# --- playthrough ---------------------------------------------------------------------------------------------
@app.command(context_settings=EXTRA_ARGS)
def playthrough(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game name (see `firebreak games`)."),
    seed: int = typer.Option(..., "--seed", help="Seed of the game and of the random choice of actions."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's)."),
    max_steps: int = typer.Option(
        DEFAULT_MAX_STEPS, "--max-steps", min=1, max=100_000, help="Stop after this many steps if the game is not over."
    ),
    out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the playthrough here (default: print it)."),
) -> None:
    """Write a golden playthrough: one seeded random game, step by step, with every seat's view, the legal
    actions, the action chosen and the events. Game options follow as --name value or --flag / --no-flag."""
    spec = _game(game)
    n = spec.default_players if players is None else players
    try:
        options = parse_game_options(spec, ctx.args)
        spec.resolve_options(n, options)
        text = make_playthrough(spec, seed, n, options, max_steps)
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    if out is None:
        sys.stdout.write(text)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc.strerror or exc}", FILE_ERROR) from None
    _out().print(f"Wrote {out} ({text.count(chr(10))} lines).", markup=False)


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A record written by --save, save FILE, or simulate --logs."),
    show: bool = typer.Option(False, "--show", help="Print the public log, move by move."),
) -> None:
    """Re-run a record, checking every event and the result, and summarise it."""
    console = _out()
    _load_games()
    try:
        record = GameRecord.load(file)
        state = replay_record(record)
    except SaveFileError as exc:
        raise fail(str(exc), FILE_ERROR) from None
    spec = state.spec
    if show:
        _show_public_log(console, record)
    opts = ", ".join(f"{k}={v}" for k, v in state.options.items()) or "none"
    console.print(f"Game: {spec.title} ({spec.name})", markup=False)
    console.print(f"Players: {state.num_players}   Seed: {state.seed}   Options: {opts}", markup=False)
    console.print(f"Actions: {len(state.history)}   Events: {len(state.events)}", markup=False)
    if record.moves is not None:
        taken = record.moves.count(UNDO)
        console.print(
            f"Taken back during play: {taken} {'move' if taken == 1 else 'moves'} (--show lists them).", markup=False
        )
    checked = "every event matches" if record.events is not None else "no events recorded to check"
    console.print(f"Replay OK: {checked}.", markup=False)
    if state.is_terminal():
        console.print(results_table(state))
        console.print(winners_line(state), markup=False)
    else:
        console.print(f"Unfinished: {state.player_name(state.current_player())} to act.", markup=False)


def _show_public_log(console: Console, record: GameRecord) -> None:
    """Re-run the record printing each move as a spectator may see it, with its public events."""
    spec = get_game(record.game)
    state = spec.new_game(record.num_players, record.seed, record.options)
    console.print("Public log:", markup=False)
    for e in state.events_for(None):
        console.print(f"     {event_sentence(state, e)}", markup=False)
    for action in record.moves if record.moves is not None else record.actions:
        if action == UNDO:  # the last move was taken back (the record's replay checked the rules allowed it)
            actor = state.undo_stack[-1][1]
            before, state = state, state.undone(actor)
            text = taken_back(before, state, actor, None)
            console.print(f"     {state.player_name(actor)} took back “{text}”.", markup=False)
            continue
        i = len(state.history) + 1
        actor = state.current_player()
        text = state.action_text_for(action, actor, None)
        start = len(state.events)
        state.apply(action)
        public = [e for e in state.events[start:] if e.visible(None)]
        head, *rest = move_lines(state, actor, state.player_name(actor), text, public)
        console.print(f"{i:>4}. {head}", markup=False)
        for line in rest:
            console.print(f"     {line}", markup=False)


from .strength import strength as _strength  # noqa: E402 - it reads this module's helpers when it runs

app.command(context_settings=EXTRA_ARGS)(_strength)


def main() -> None:  # pragma: no cover - console script entry point alternative
    app(prog_name="firebreak")


if __name__ == "__main__":  # pragma: no cover
    main()
