"""Corrupt, hostile and oversized files on the command line: one ``error:`` line each, never a traceback."""

import json
import os
import threading

import pytest

from .helpers import run


@pytest.fixture
def record_file(toy, tmp_path):
    result = run(
        ["simulate", "ember-cards", "--games", "1", "--agents", "random", "--seed", "4", "--logs", tmp_path / "logs"]
    )
    assert result.exit_code == 0, result.output
    return tmp_path / "logs" / "game-00000.json"


def _edit(path, change):
    obj = json.loads(path.read_text(encoding="utf-8"))
    change(obj)
    path.write_text(json.dumps(obj), encoding="utf-8")


def _one_error(result, code=1) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.mark.parametrize("command", [["replay"], ["play", "--load"]])
def test_deeply_nested_file(toy, tmp_path, command):
    path = tmp_path / "deep.json"
    path.write_text('{"format": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    assert "nested too deeply" in _one_error(run([*command, path]))


@pytest.mark.parametrize("name", ["x.y", "../../etc/passwd", ".catan"])
@pytest.mark.parametrize("command", [["replay"], ["play", "--load"]])
def test_record_naming_a_bad_game(record_file, command, name):
    _edit(record_file, lambda obj: obj.update(game=name))
    assert "cannot start a game: unknown game" in _one_error(run([*command, record_file]))


@pytest.mark.parametrize("command", [["replay"], ["play", "--load"]])
def test_dev_zero_is_capped(toy, command):
    assert "/dev/zero is larger than 64 MiB" in _one_error(run([*command, "/dev/zero"]))


def test_an_endless_fifo_is_capped(toy, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def feed():
        try:
            with open(fifo, "wb") as f:
                while True:
                    f.write(b"[" * 65536)
        except BrokenPipeError:
            pass

    threading.Thread(target=feed, daemon=True).start()
    assert "larger than 64 MiB" in _one_error(run(["replay", fifo]))


def test_a_directory_is_not_a_record(toy, tmp_path):
    assert "is a directory, not a file" in _one_error(run(["replay", tmp_path]))


@pytest.mark.parametrize(
    "change",
    [
        lambda obj: obj.update(result=[1, 2]),
        lambda obj: obj["actions"][0].update(id="draw"),
        lambda obj: obj["actions"][0].update(id=2**70),
        lambda obj: obj.update(seed=2**64 * -1),
        lambda obj: obj.update(options=[]),
        lambda obj: obj["options"].update(hand_size="many"),
        lambda obj: obj.update(events=[{"kind": 7}]),
        lambda obj: obj.update(format=["x" * 10_000]),
    ],
)
def test_wrong_types_give_one_short_error(record_file, change):
    _edit(record_file, change)
    line = _one_error(run(["replay", record_file]))
    assert len(line) < 400


def test_forged_winner_without_events_is_refused(record_file):
    def forge(obj):
        del obj["events"]
        obj["result"]["winners"] = [s for s in range(2) if s not in obj["result"]["winners"]] or [0, 1]

    _edit(record_file, forge)
    result = run(["replay", record_file])
    line = _one_error(result)
    assert "the record says" in line and "but replaying its moves" in line and "won" in line
    assert "Replay OK" not in result.stdout


def test_forged_scores_without_events_are_refused(record_file):
    def forge(obj):
        del obj["events"]
        obj["result"]["scores"][1] += 3

    _edit(record_file, forge)
    assert "the record's scores are" in _one_error(run(["replay", record_file]))


def test_true_record_without_events_replays_ok(record_file):
    _edit(record_file, lambda obj: obj.pop("events"))
    result = run(["replay", record_file])
    assert result.exit_code == 0, result.output
    assert "Replay OK: no events recorded to check." in result.stdout and " wins with " in result.stdout
