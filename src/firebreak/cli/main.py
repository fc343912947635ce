"""The ``firebreak`` command: list games, play at the terminal, simulate bots, replay records.

Every command works from the core protocol alone (games register their spec; options, rendering and scoring come
from it), so new games appear here without changes. User errors print one line on stderr and exit non-zero:
2 for a bad command line (unknown game, option or agent), 1 for a bad or mismatching file.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from firebreak.agents import make_agent, parse_agent_list
from firebreak.core import (
    FirebreakError,
    GameRecord,
    GameSpec,
    SaveFileError,
    all_games,
    get_game,
    load_game,
    replay as replay_record,
)
from firebreak.lab import simulate as run_simulation

from .options import describe_option, parse_game_options
from .session import PlaySession, results_table
from .text import event_sentence, seat_name

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


def _setup(spec: GameSpec, players: int | None, extra: list[str]) -> tuple[int, dict]:
    """Resolve the player count and the game options typed after the command."""
    n = spec.default_players if players is None else players
    try:
        options = parse_game_options(spec, extra)
        return n, spec.resolve_options(n, options)
    except FirebreakError as exc:
        raise fail(str(exc)) from None


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
    bots: str = typer.Option("greedy", "--bots", help="Bot spec(s) for the other seats, comma-separated, cycled."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Game seed (default: random, printed)."),
    save: Optional[Path] = typer.Option(None, "--save", help="Save the record here at the end or on quit."),
    load: Optional[Path] = typer.Option(None, "--load", help="Resume a saved record."),
) -> None:
    """Play a game at the terminal against bots. Game options follow as --name value or --flag / --no-flag."""
    console = _out()
    _load_games()
    if load is not None:
        if ctx.args:
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
        n, options = _setup(spec, players, ctx.args)
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
        f"{verb} {spec.title}: {state.num_players} players, seed {state.seed}, "
        f"you are {', '.join(seat_name(s) for s in humans)}. Type 'help' for commands.",
        markup=False,
    )
    session = PlaySession(state, humans, agents, console, save, echo_input=not _stdin_is_terminal())
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
@app.command(context_settings=EXTRA_ARGS)
def simulate(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game name (see `firebreak games`)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's)."),
    games_: int = typer.Option(100, "--games", "-n", help="Number of games."),
    agents: str = typer.Option("greedy,random", "--agents", help="Bot specs, comma-separated; seats are rotated."),
    seed: int = typer.Option(0, "--seed", help="Batch seed (the same seed gives the same games)."),
    logs: Optional[Path] = typer.Option(None, "--logs", help="Write each game's record JSON into this folder."),
) -> None:
    """Play many games between bots and summarise win rates, scores and speed."""
    spec = _game(game)
    n, options = _setup(spec, players, ctx.args)
    if games_ < 1:
        raise fail("--games must be at least 1")
    if seed < 0:
        raise fail("--seed must not be negative")
    try:
        specs = parse_agent_list(agents)
    except FirebreakError as exc:
        raise fail(str(exc)) from None
    console = _out()
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=Console(stderr=True), transient=True,
    )
    with progress:
        task = progress.add_task(f"{spec.title}", total=games_)
        try:
            result = run_simulation(
                spec, n, specs, games_, seed, options, logs,
                on_game_done=lambda i, state: progress.advance(task),
            )
        except FirebreakError as exc:
            raise fail(str(exc), FILE_ERROR) from None
        except OSError as exc:
            raise fail(f"cannot write logs: {exc}", FILE_ERROR) from None
    opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "none"
    console.print(f"{spec.title}: {result.games} games, {n} players, seed {seed}, options: {opts}", markup=False)
    by_agent = Table(title="By agent (win rate = win share per seat played; ties count fractionally)")
    for col in ("Agent", "Seats played", "Win rate", "Mean score"):
        by_agent.add_column(col, justify="left" if col == "Agent" else "right")
    for i, label in enumerate(result.agents):
        by_agent.add_row(Text(label), str(result.agent_seats[i]), f"{result.agent_win_rate(i):.1%}",
                         f"{result.agent_mean_score(i):.2f}")
    console.print(by_agent)
    by_seat = Table(title="By seat")
    for col in ("Seat", "Win rate", "Mean score"):
        by_seat.add_column(col, justify="left" if col == "Seat" else "right")
    for s in range(n):
        by_seat.add_row(seat_name(s), f"{result.seat_win_rate(s):.1%}", f"{result.seat_mean_score(s):.2f}")
    console.print(by_seat)
    if result.stat_sums or result.stat_labels:
        stats = Table(title=f"{spec.title} statistics (mean per game)")
        stats.add_column("Statistic")
        stats.add_column("Mean / share", justify="right")
        for name, mean in result.stat_means().items():
            stats.add_row(Text(name), f"{mean:.2f}")
        for name, counts in sorted(result.stat_labels.items()):
            shares = ", ".join(f"{v} {c / result.games:.0%}" for v, c in sorted(counts.items(), key=lambda kv: -kv[1]))
            stats.add_row(Text(name), Text(shares))
        console.print(stats)
    console.print(f"Mean game length: {result.mean_length:.1f} actions", markup=False)
    console.print(f"Speed: {result.games_per_second:.1f} games/s ({result.elapsed:.2f} s)", markup=False)
    if logs is not None:
        console.print(f"Records written to {logs}", markup=False)


# --- replay --------------------------------------------------------------------------------------------------
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
    checked = "every event matches" if record.events is not None else "no events recorded to check"
    console.print(f"Replay OK: {checked}.", markup=False)
    if state.is_terminal():
        console.print(results_table(state))
        console.print(f"Winners: {', '.join(seat_name(w) for w in state.winners())}", markup=False)
    else:
        console.print(f"Unfinished: {seat_name(state.current_player())} to act.", markup=False)


def _show_public_log(console: Console, record: GameRecord) -> None:
    """Re-run the record printing each move as a spectator may see it, with its public events."""
    spec = get_game(record.game)
    state = spec.new_game(record.num_players, record.seed, record.options)
    console.print("Public log:", markup=False)
    for e in state.events_for(None):
        console.print(f"     {event_sentence(e, spec)}", markup=False)
    for i, action in enumerate(record.actions, 1):
        actor = state.current_player()
        text = state.action_text_for(action, actor, None)
        start = len(state.events)
        state.apply(action)
        console.print(f"{i:>4}. {seat_name(actor)}: {text}", markup=False)
        for e in state.events[start:]:
            if e.visible(None):
                console.print(f"     {event_sentence(e, spec)}", markup=False)


def main() -> None:  # pragma: no cover - console script entry point alternative
    app(prog_name="firebreak")


if __name__ == "__main__":  # pragma: no cover
    main()
