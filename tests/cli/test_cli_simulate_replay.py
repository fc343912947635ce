"""``firebreak games``, ``simulate`` and ``replay`` end to end on the toy game."""

import json
import re

import pytest

from firebreak.core import GameRecord, load_game

from .helpers import run


def _without_speed(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("Speed:"))


def test_games_lists_registered_games_with_players_and_options(toy):
    result = run(["games"])
    assert result.exit_code == 0
    out = result.stdout
    assert "ember-cards" in out and "Ember Cards" in out and "2-3 (default 2)" in out
    assert "--hand-size <int>: cards dealt to each seat (one of 2, 3, 4) [default: 3]" in out
    assert "--open-hands / --no-open-hands" in out


def test_simulate_prints_a_summary(toy, tmp_path):
    result = run(["simulate", "ember-cards", "--games", "40", "--agents", "greedy,random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Ember Cards: 40 games, 2 players, seed 3" in out
    assert "By agent" in out and "By seat" in out
    rows = {line.split()[1]: line.split() for line in out.splitlines() if line.startswith(("│ greedy", "│ random"))}
    assert rows["greedy"][3] == "40" and rows["random"][3] == "40"  # each played 40 seats
    greedy_rate = float(rows["greedy"][5].rstrip("%"))
    random_rate = float(rows["random"][5].rstrip("%"))
    assert greedy_rate > random_rate and greedy_rate + random_rate == pytest.approx(100.0, abs=0.15)
    assert "Mean game length: 12.0 actions" in out
    assert "Ember Cards statistics (numbers: mean per game; categories: share of games)" in out
    assert re.search(r"│ Ended by\s+│\s+turn limit 100% │", out)  # the statistic ended_by in words
    assert "games/s" in out


def test_simulate_counts_one_game_in_the_singular(toy):
    result = run(["simulate", "ember-cards", "--games", "1", "--agents", "random", "--seed", "3", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "Ember Cards: 1 game, 2 players, seed 3" in result.stdout


def test_simulate_is_deterministic_and_writes_replayable_logs(toy, tmp_path):
    args = [
        "simulate",
        "ember-cards",
        "--players",
        "3",
        "--games",
        "6",
        "--agents",
        "greedy:samples=2,random",
        "--seed",
        "9",
        "--hand-size",
        "2",
    ]
    a = run(args + ["--logs", tmp_path / "a"])
    b = run(args + ["--logs", tmp_path / "b"])
    assert a.exit_code == b.exit_code == 0
    assert _without_speed(a.stdout).replace("/a", "/b") == _without_speed(b.stdout)
    files = sorted(p.name for p in (tmp_path / "a").iterdir() if p.name != "logs-manifest.json")
    assert files == [f"game-{i:05d}.json" for i in range(6)]
    for name in files:
        assert (tmp_path / "a" / name).read_text() == (tmp_path / "b" / name).read_text()
        state = load_game(tmp_path / "a" / name)
        assert state.is_terminal() and state.options["hand_size"] == 2 and state.num_players == 3
    run(args[:-4] + ["--seed", "10", "--hand-size", "2", "--logs", tmp_path / "c"])
    assert (tmp_path / "c" / files[0]).read_text() != (tmp_path / "a" / files[0]).read_text()


def test_simulate_rotates_seats(toy):
    result = run(["simulate", "ember-cards", "--players", "3", "--games", "4", "--agents", "random,greedy"])
    rows = [line.split() for line in result.stdout.splitlines() if line.startswith(("│ greedy", "│ random"))]
    assert sorted(r[3] for r in rows) == ["6", "6"]  # 4 games x 3 seats shared evenly by 2 agents


@pytest.mark.parametrize(
    "args, message",
    [
        (["--agents", "greedy,bogus"], "unknown agent 'bogus'"),
        (["--agents", "greedy:depth=3"], "has no parameter 'depth'"),
        (["--wind", "3"], "has no option '--wind'"),
        (["--games", "0"], "--games must be at least 1"),
        (["--players", "1"], "is for 2-3 players, not 1"),
    ],
)
def test_simulate_errors(toy, args, message):
    result = run(["simulate", "ember-cards", "--games", "2", *args])
    assert result.exit_code == 2 and message in result.stderr


def test_simulate_unknown_game(toy):
    result = run(["simulate", "chess"])
    assert result.exit_code == 2 and "unknown game 'chess'; the games are:" in result.stderr


@pytest.fixture
def record_file(toy, tmp_path):
    run(["simulate", "ember-cards", "--games", "1", "--agents", "random", "--seed", "4", "--logs", tmp_path])
    return tmp_path / "game-00000.json"


def test_replay_summarises_a_record(record_file):
    result = run(["replay", record_file])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Game: Ember Cards (ember-cards)" in out
    assert "Players: 2" in out and "Actions: 12" in out
    assert "Replay OK: every event matches." in out
    assert "Final scores" in out and (" wins with " in out or " share the win" in out)
    assert "Public log" not in out


def test_replay_show_prints_the_public_log_only(record_file):
    out = run(["replay", record_file, "--show"]).stdout
    assert "Public log:" in out and "   1. P0 " in out and "  12. P1 " in out
    assert "draw hidden" in out
    assert " draw: card" not in out, "private draws are not in the public log"


def test_replay_detects_tampering(record_file):
    obj = json.loads(record_file.read_text())
    obj["result"]["scores"][0] += 1
    record_file.write_text(json.dumps(obj))
    result = run(["replay", record_file])
    assert result.exit_code == 1
    assert "error: the record's scores are [" in result.stderr and "replaying its moves the scores are" in result.stderr


@pytest.mark.parametrize(
    "content, message",
    [
        (b"nope", "is not valid JSON"),
        (b"\xff\xfe\x81", "is not a text file"),
        (b'{"format": "x"}', "not a firebreak record"),
    ],
)
def test_replay_corrupt_files_exit_1(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = run(["replay", path])
    assert result.exit_code == 1 and message in result.stderr and "Traceback" not in result.stderr


def test_replay_missing_file(tmp_path):
    result = run(["replay", tmp_path / "missing.json"])
    assert result.exit_code == 1 and "cannot read" in result.stderr


def test_replay_of_an_unfinished_game(toy, tmp_path):
    save = tmp_path / "g.json"
    run(["play", "ember-cards", "--seed", "1", "--save", save], input="1\nquit\n")
    result = run(["replay", save])
    assert result.exit_code == 0 and "Unfinished: P0 to act." in result.stdout
    assert GameRecord.load(save).result is None


def test_the_simulation_progress_bar_shows_games_per_second_and_an_eta():
    """The bar `firebreak simulate` draws while games run (on a terminal): done/total, games/s and ETA."""
    import io
    import time

    from rich.console import Console

    from firebreak.cli.main import _progress

    progress = _progress()
    task = progress.add_task("great-fire", total=10)
    progress.start_task(task)
    for _ in range(4):
        time.sleep(0.02)
        progress.advance(task)
    console = Console(file=io.StringIO(), width=120)
    console.print(progress.make_tasks_table(progress.tasks))
    out = console.file.getvalue()
    assert "4/10" in out and "games/s" in out and "ETA" in out and "- games/s" not in out, out
