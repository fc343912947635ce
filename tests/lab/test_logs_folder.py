"""`simulate --logs`: a folder of records belongs to one job; another job is refused, the same job resumes."""

import json
import os

import pytest

from firebreak.core import get_game, load_game
from firebreak.lab import simulate
from firebreak.lab.job import LabError

from .helpers import run, tree

JOB = [
    "simulate",
    "ember-cards",
    "--players",
    "3",
    "--games",
    "6",
    "--agents",
    "greedy,random",
    "--seed",
    "2",
    "--chunk-size",
    "3",
    "--workers",
    "1",
]
OTHER = [
    "simulate",
    "ember-cards",
    "--players",
    "3",
    "--games",
    "6",
    "--agents",
    "random",
    "--seed",
    "5",
    "--workers",
    "1",
]


def _records(folder):
    return sorted(p.name for p in folder.glob("game-*.json"))


@pytest.fixture
def logs(toy, tmp_path):
    folder = tmp_path / "logs"
    result = run(JOB + ["--logs", folder])
    assert result.exit_code == 0, result.output
    assert _records(folder) == [f"game-{i:05d}.json" for i in range(6)]
    return folder


def test_another_jobs_logs_folder_is_refused_and_nothing_is_overwritten(logs, tmp_path):
    before = tree(logs)
    result = run(OTHER + ["--logs", logs])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "holds another job's records" in lines[0]
    assert "seed: 2 there, 5 now" in lines[0]
    assert tree(logs) == before


def test_refused_logs_folder_leaves_no_results_folder_behind(logs, tmp_path):
    result = run(OTHER + ["--out", tmp_path / "new-results", "--logs", logs])
    assert result.exit_code == 1 and "holds another job's records" in result.stderr
    assert not (tmp_path / "new-results").exists()


def test_a_folder_of_unknown_files_is_refused(toy, tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "game-00000.json").write_text("precious", encoding="utf-8")
    result = run(JOB + ["--logs", folder])
    assert result.exit_code == 1 and "holds no firebreak logs manifest" in result.stderr
    assert (folder / "game-00000.json").read_text(encoding="utf-8") == "precious"
    assert _records(folder) == ["game-00000.json"]


def test_a_file_as_logs_folder_is_refused(toy, tmp_path):
    path = tmp_path / "file"
    path.write_text("x", encoding="utf-8")
    result = run(JOB + ["--logs", path])
    assert result.exit_code == 1 and "is a file, not a directory" in result.stderr


def test_the_same_job_again_writes_into_its_own_folder(logs):
    before = tree(logs)
    result = run(JOB + ["--logs", logs])
    assert result.exit_code == 0, result.output
    assert tree(logs) == before  # the same games give the same records
    assert load_game(logs / "game-00004.json").is_terminal()


def test_resume_with_out_and_logs_writes_only_the_missing_records(toy, tmp_path):
    out, folder = tmp_path / "job", tmp_path / "job" / "logs"
    first = run(JOB + ["--out", out, "--logs", folder])
    assert first.exit_code == 0, first.output
    (out / "results" / "chunk-00001.parquet").unlink()  # as if interrupted after the first chunk
    for i in range(3, 6):
        (folder / f"game-{i:05d}.json").unlink()
    again = run(JOB + ["--out", out, "--logs", folder])
    assert again.exit_code == 0, again.output
    assert "3 games played" in again.stdout and "3 read back" in again.stdout
    assert _records(folder) == [f"game-{i:05d}.json" for i in range(6)]


def test_logs_in_the_results_folder_itself(toy, tmp_path):
    out = tmp_path / "job"
    result = run(JOB + ["--out", out, "--logs", out])
    assert result.exit_code == 0, result.output
    assert _records(out) == [f"game-{i:05d}.json" for i in range(6)]
    assert run(JOB + ["--out", out, "--logs", out]).exit_code == 0


def test_the_python_simulate_refuses_another_jobs_logs_too(toy, tmp_path):
    spec = get_game("ember-cards")
    simulate(spec, 2, ["random"], 2, seed=1, logs_dir=tmp_path / "a")
    simulate(spec, 2, ["random"], 2, seed=1, logs_dir=tmp_path / "a")  # the same job again
    with pytest.raises(LabError, match="another job's records"):
        simulate(spec, 2, ["random"], 2, seed=9, logs_dir=tmp_path / "a")


def test_an_oversized_lab_manifest_is_refused_in_one_line(toy, tmp_path):
    out = tmp_path / "big"
    out.mkdir()
    (out / "manifest.json").write_text(json.dumps({"pad": "x" * (2 * 1024 * 1024)}), encoding="utf-8")
    result = run(["report", out])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "larger than 1 MiB" in lines[0]


def test_a_chunk_that_is_not_a_regular_file_is_refused(toy, tmp_path):
    out = tmp_path / "job"
    assert run(JOB + ["--out", out]).exit_code == 0
    chunk = out / "results" / "chunk-00000.parquet"
    chunk.unlink()
    os.mkfifo(chunk)  # reading it would block for ever
    result = run(["report", out])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "is not a regular file" in lines[0]
