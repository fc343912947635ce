"""Interrupting a job and re-running it resumes: no game is played twice and the table equals one clean run."""

import os
import signal
import subprocess
import sys
import time

import pytest

from firebreak.lab import make_job, run_job
from firebreak.lab.store import done_chunks, load_results

from .helpers import tree


class Stop(KeyboardInterrupt):
    """Ctrl-C, raised from inside the run after some games."""


def _interrupt_after(n: int, played: list[int]):
    def on_row(row):
        played.append(row["index"])
        if len(played) == n:
            raise Stop()

    return on_row


@pytest.mark.parametrize("workers", [1, 2])
def test_interrupted_job_resumes_without_replaying_games(toy, tmp_path, workers):
    job = make_job(toy, 3, "greedy,random", 47, seed=8)
    clean = run_job(job, workers=1)
    first: list[int] = []
    with pytest.raises(Stop):
        run_job(job, tmp_path, workers=workers, chunk_size=10, on_row=_interrupt_after(23, first))
    assert done_chunks(tmp_path) == [0, 1]  # games 20-22 were in an unfinished chunk: not saved
    assert not list((tmp_path / "results").glob("*.tmp"))
    second: list[int] = []
    resumed: list[int] = []
    rows = run_job(
        job,
        tmp_path,
        workers=workers,
        chunk_size=10,
        on_row=lambda r: second.append(r["index"]),
        on_resume=resumed.append,
    )
    assert resumed == [20]
    assert sorted(second) == list(range(20, 47))  # only the missing games, each once
    assert rows == clean
    assert load_results(tmp_path)[1] == clean  # and the files hold the same table
    # A third run plays nothing at all.
    third: list[int] = []
    assert run_job(job, tmp_path, workers=workers, on_row=lambda r: third.append(r["index"])) == clean
    assert third == []


def test_resume_keeps_the_chunk_size_of_the_manifest(toy, tmp_path):
    job = make_job(toy, 2, "random", 12, seed=1)
    with pytest.raises(Stop):
        run_job(job, tmp_path, chunk_size=4, on_row=_interrupt_after(9, []))
    played: list[int] = []
    rows = run_job(job, tmp_path, chunk_size=100, on_row=lambda r: played.append(r["index"]))
    assert played == [8, 9, 10, 11] and rows == run_job(job)
    assert done_chunks(tmp_path) == [0, 1, 2]


@pytest.mark.slow
def test_ctrl_c_on_the_command_line_then_rerun(tmp_path):
    """A real interruption: SIGINT to a running `firebreak simulate` with two workers, then the same command."""
    out = tmp_path / "job"
    cmd = [
        sys.executable,
        "-m",
        "firebreak.cli",
        "simulate",
        "great-fire",
        "--players",
        "3",
        "--games",
        "3000",
        "--agents",
        "random",
        "--workers",
        "2",
        "--seed",
        "4",
        "--chunk-size",
        "10",
        "--out",
        str(out),
    ]
    # A shell's background job starts with SIGINT ignored, and a child inherits that: restore the default so the
    # command meets Ctrl-C as a terminal user's would.
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.time() + 60
    while time.time() < deadline and len(done_chunks(out)) < 2 and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    saved = done_chunks(out)
    assert proc.returncode == 130, err
    assert "run the same command again to resume" in err and "Traceback" not in err
    assert 2 <= len(saved) < 300  # interrupted before the end (300 chunks)
    before = tree(out)
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"{3000 - 10 * len(saved)} games played" in done.stdout
    assert f"{10 * len(saved)} read back" in done.stdout
    after = tree(out)
    assert all(after[name] == data for name, data in before.items())  # saved chunks untouched
    _, rows = load_results(out)
    assert [r["index"] for r in rows] == list(range(3000))
    from firebreak.core import get_game

    job = make_job(get_game("great-fire"), 3, "random", 3000, seed=4)
    assert rows == run_job(job, workers=2)
    assert os.path.exists(out / "manifest.json")


def test_an_interrupted_chunk_write_leaves_no_half_written_file(tmp_path, monkeypatch):
    """Ctrl-C while a results file is being written: neither the file nor its temporary copy is left behind, so a
    re-run sees exactly the chunks that were finished."""
    import pyarrow.parquet as pq

    from firebreak.lab.store import write_rows

    real = pq.write_table

    def interrupted(table, where, *args, **kwargs):
        real(table, where, *args, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(pq, "write_table", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_rows(tmp_path / "chunk-00000.parquet", [{"index": 0, "seed": 1}])
    assert list(tmp_path.iterdir()) == []


class _SwallowsCtrlC:
    """Presses Ctrl-C from inside its finaliser, as a garbage collection finalising a Parquet writer can meet one:
    Python prints "Exception ignored" and carries on."""

    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)
        sum(range(1000))  # the handler runs here, inside __del__


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("command", ["simulate", "tournament", "compare"])
def test_a_ctrl_c_swallowed_by_a_finaliser_still_stops_the_command(toy, tmp_path, monkeypatch, request, command):
    """The lab's commands stop at the next game after Ctrl-C, even when the interrupt landed in a finaliser
    (CI saw `simulate` ignore a Ctrl-C that way and play all 3000 games)."""
    import firebreak.lab.backends as backends
    from firebreak.lab.job import play_task

    from .helpers import run

    played: list[int] = []

    def play(task):
        played.append(1)
        if len(played) == 5:
            _SwallowsCtrlC()
        return play_task(task)

    monkeypatch.setattr(backends, "play_task", play)
    # Ctrl-C as a terminal delivers it: a test run started in the background by a shell without job control
    # inherits SIGINT ignored, where the command rightly installs nothing (see interruptible)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    request.addfinalizer(lambda: signal.signal(signal.SIGINT, previous))
    args = {
        "simulate": [
            "simulate",
            toy.name,
            "--games",
            200,
            "--agents",
            "random",
            "--out",
            tmp_path / "job",
            "--chunk-size",
            2,
        ],
        "tournament": ["tournament", toy.name, "--games", 200, "--agents", "random,greedy"],
        "compare": [
            "compare",
            toy.name,
            "--a",
            "hand_size=2",
            "--b",
            "hand_size=3",
            "--max-games",
            200,
            "--agents",
            "random",
        ],
    }[command]
    result = run([*args, "--workers", 1])
    assert result.exit_code == 130, result.output
    assert "nterrupted" in result.output
    assert 5 <= len(played) <= 6  # stopped at the next game, not after all of them
    if command == "simulate":
        assert done_chunks(tmp_path / "job") == [0, 1]
