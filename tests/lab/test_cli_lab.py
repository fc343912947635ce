"""`firebreak simulate --out`, `report`, `compare` and `tournament` end to end, and their refusals."""

import json
import re

import pytest

from firebreak.lab.store import load_results

from .helpers import run, tree

SIM = [
    "simulate",
    "ember-cards",
    "--players",
    "3",
    "--games",
    "30",
    "--agents",
    "greedy,random",
    "--seed",
    "2",
    "--chunk-size",
    "10",
]


@pytest.fixture
def job_dir(toy, tmp_path):
    out = tmp_path / "job"
    result = run(SIM + ["--workers", "2", "--out", out])
    assert result.exit_code == 0, result.output
    return out


def test_simulate_writes_parquet_rows_and_a_manifest(job_dir):
    manifest, rows = load_results(job_dir)
    assert manifest["job"] == {
        "game": "ember-cards",
        "players": 3,
        "agents": ["greedy", "random"],
        "games": 30,
        "seed": 2,
        "options": {"hand_size": 3, "open_hands": False, "scoring": "wind"},
    }
    assert sorted(p.name for p in (job_dir / "results").iterdir()) == [f"chunk-0000{i}.parquet" for i in range(3)]
    assert [r["index"] for r in rows] == list(range(30))
    first = rows[0]
    for column in ("seed", "options", "agents", "scores", "winners", "winner", "length", "stats", "stat_plays"):
        assert column in first
    assert first["agents"] == ["greedy", "random", "greedy"]


def test_rerunning_the_same_command_reads_the_results_back(job_dir):
    again = run(SIM + ["--workers", "1", "--out", job_dir])
    assert again.exit_code == 0
    assert "0 games played" in again.stdout and "30 read back" in again.stdout
    fresh = run(SIM)
    strip = lambda text: [ln for ln in text.splitlines() if not ln.startswith(("Speed:", "Results in"))]  # noqa: E731
    assert strip(again.stdout) == strip(fresh.stdout)


@pytest.mark.parametrize(
    "change, message",
    [
        (["--seed", "3"], "seed: 2 there, 3 now"),
        (["--agents", "random,greedy"], "agents: ['greedy', 'random'] there, ['random', 'greedy'] now"),
        (["--hand-size", "2"], "'hand_size': 3"),
        (["--games", "31"], "games: 30 there, 31 now"),
    ],
)
def test_another_jobs_directory_is_refused_and_left_alone(job_dir, change, message):
    before = tree(job_dir)
    args = SIM[:]
    for flag, value in zip(change[::2], change[1::2], strict=True):
        if flag in args:
            args[args.index(flag) + 1] = value
        else:
            args += [flag, value]
    result = run(args + ["--out", job_dir])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ") and "holds another job's results" in result.stderr
    assert message in result.stderr
    assert tree(job_dir) == before


def test_unrelated_or_file_targets_are_refused(toy, tmp_path):
    other = tmp_path / "mine"
    other.mkdir()
    (other / "thesis.txt").write_text("precious")
    result = run(SIM + ["--out", other])
    assert result.exit_code == 1 and "is not empty and holds no lab manifest" in result.stderr
    assert tree(other) == {"thesis.txt": b"precious"}
    result = run(SIM + ["--out", other / "thesis.txt"])
    assert result.exit_code == 1 and "is a file" in result.stderr


def test_a_corrupt_results_file_is_reported_not_overwritten(job_dir):
    chunk = job_dir / "results" / "chunk-00001.parquet"
    chunk.write_bytes(chunk.read_bytes()[:100])
    before = tree(job_dir)
    result = run(SIM + ["--out", job_dir])
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ") and "chunk-00001.parquet is corrupt" in result.stderr
    assert "delete it and re-run" in result.stderr
    assert tree(job_dir) == before
    report = run(["report", job_dir])
    assert report.exit_code == 1 and "is corrupt" in report.stderr
    chunk.unlink()
    healed = run(SIM + ["--out", job_dir])
    assert healed.exit_code == 0 and "10 games played" in healed.stdout


def test_a_corrupt_manifest_is_reported(job_dir):
    (job_dir / "manifest.json").write_text("{not json")
    result = run(SIM + ["--out", job_dir])
    assert result.exit_code == 1 and "manifest.json is unreadable or corrupt" in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["simulate", "chess", "--out", "x"], "unknown game 'chess'"),
        (["simulate", "ember-cards", "--agents", "random,wizard"], "unknown agent 'wizard'"),
        (["simulate", "ember-cards", "--wind", "3"], "has no option '--wind'"),
        (["simulate", "ember-cards", "--workers", "0"], "--workers must be at least 1"),
        (["simulate", "ember-cards", "--backend", "slurm"], "unknown backend 'slurm'"),
        (["simulate", "ember-cards", "--chunk-size", "0", "--out", "x"], "--chunk-size must be at least 1"),
        (["compare", "ember-cards", "--a", "wind=3", "--b", "hand_size=2"], "has no option 'wind'"),
        (["compare", "ember-cards", "--a", "hand_size=9", "--b", "hand_size=2"], "must be one of 2, 3, 4"),
        (["compare", "ember-cards", "--a", "hand_size", "--b", "hand_size=2"], "must be written name=value"),
        (["compare", "ember-cards", "--a", "hand_size=2", "--b", "hand_size=2"], "the same options"),
        (["tournament", "ember-cards", "--agents", "random"], "at least two bots"),
        (["tournament", "ember-cards", "--agents", "random,ghost"], "unknown agent 'ghost'"),
        (["tournament", "tiddlywinks", "--agents", "random,greedy"], "unknown game"),
    ],
)
def test_bad_command_lines_exit_2_with_one_line(toy, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    result = run(args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.startswith("error: ")
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_report_on_a_directory_without_results(tmp_path):
    result = run(["report", tmp_path])
    assert result.exit_code == 1 and "holds no lab results" in result.stderr


def test_report_builds_tables_pngs_and_one_self_contained_html(job_dir):
    result = run(["report", job_dir])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for title in (
        "Win rate by seat",
        "First-player advantage",
        "Win rate by agent",
        "By player count",
        "Game statistics (per game)",
    ):
        assert title in out
    page = (job_dir / "report" / "report.html").read_text()
    for title in ("Win rate by seat", "First-player advantage", "95% Wilson", "Win rate by agent", "Plays"):
        assert title in page
    assert page.count("src='data:image/png;base64,") == 5
    assert "<img" in page and "src='http" not in page and "src='/" not in page  # nothing external
    pngs = sorted(p.name for p in (job_dir / "report").glob("*.png"))
    assert pngs == [
        "game-length.png",
        "score-by-agent.png",
        "score-by-seat.png",
        "when-games-are-decided.png",
        "win-rate-by-seat.png",
    ]
    assert all((job_dir / "report" / p).read_bytes().startswith(b"\x89PNG") for p in pngs)


def test_report_pools_player_counts(toy, tmp_path):
    for n in (2, 3):
        args = [
            "simulate",
            "ember-cards",
            "--players",
            n,
            "--games",
            "12",
            "--agents",
            "greedy,random",
            "--out",
            tmp_path / f"p{n}",
        ]
        assert run(args).exit_code == 0
    result = run(["report", tmp_path / "p2", tmp_path / "p3", "--out", tmp_path / "both"])
    assert result.exit_code == 0, result.output
    seat_rows = [ln for ln in result.stdout.splitlines() if re.search(r"│\s+P\d\s+│\s+\d+\s+│", ln)]
    assert len(seat_rows) == 5  # 2 + 3 seats
    assert (tmp_path / "both" / "report.html").exists()


def test_compare_reports_paired_differences_and_stops_early(toy):
    result = run(
        [
            "compare",
            "ember-cards",
            "--a",
            "scoring=wind",
            "--b",
            "scoring=plain",
            "--agents",
            "random",
            "--primary",
            "mean score",
            "--max-games",
            "400",
            "--batch",
            "40",
            "--workers",
            "1",
        ]
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Decision on 'mean score': the variants differ after 1 of at most 10 looks" in out
    assert "40 paired games" in out
    rows = {ln.split("│")[1].strip(): ln for ln in out.splitlines() if ln.startswith("│")}
    assert {"win rate of seat 0", "win rate of random", "mean score", "game length", "Plays"} <= set(rows)
    assert rows["mean score"].rstrip().endswith("│ * │")


def test_tournament_rates_greedy_above_random(toy):
    result = run(["tournament", "ember-cards", "--agents", "random,greedy", "--games", "60", "--workers", "2"])
    assert result.exit_code == 0, result.output
    ranked = [ln.split("│")[2].strip() for ln in result.stdout.splitlines() if ln.startswith("│")]
    assert ranked == ["greedy", "random"]
    assert "Ratings (Plackett-Luce" in result.stdout


def test_simulate_logs_alongside_results(toy, tmp_path):
    result = run(SIM + ["--out", tmp_path / "job", "--logs", tmp_path / "job" / "logs", "--workers", "2"])
    assert result.exit_code == 0, result.output
    logs = sorted((tmp_path / "job" / "logs").glob("game-*.json"))
    assert len(logs) == 30
    record = json.loads(logs[4].read_text())
    _, rows = load_results(tmp_path / "job")
    assert record["seed"] == rows[4]["seed"] and record["result"]["scores"] == rows[4]["scores"]


def test_compare_and_tournament_save_the_games_behind_the_answer(toy, tmp_path):
    import pyarrow.parquet as pq

    result = run(
        [
            "compare",
            "ember-cards",
            "--a",
            "hand_size=2",
            "--b",
            "hand_size=4",
            "--agents",
            "greedy,random",
            "--max-games",
            "20",
            "--batch",
            "10",
            "--workers",
            "1",
            "--out",
            tmp_path / "cmp",
        ]
    )
    assert result.exit_code == 0, result.output
    a, b = (pq.read_table(tmp_path / "cmp" / f"{v}.parquet").to_pylist() for v in "ab")
    assert len(a) == len(b) >= 10 and [r["seed"] for r in a] == [r["seed"] for r in b]
    summary = json.loads((tmp_path / "cmp" / "summary.json").read_text())
    assert summary["options_a"]["hand_size"] == 2 and summary["pairs"] == len(a)
    again = run(["compare", "ember-cards", "--a", "hand_size=2", "--b", "hand_size=4", "--out", tmp_path / "cmp"])
    assert again.exit_code == 1 and "is not an empty directory" in again.stderr
    result = run(["tournament", "ember-cards", "--agents", "greedy,random", "--games", "8", "--out", tmp_path / "t"])
    assert result.exit_code == 0, result.output
    assert len(pq.read_table(tmp_path / "t" / "games.parquet")) == 8
    ratings = json.loads((tmp_path / "t" / "summary.json").read_text())["ratings"]
    assert {r["agent"] for r in ratings} == {"greedy", "random"}
