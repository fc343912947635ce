"""Jobs: seeds and rotated seats per game index, rows as pure functions of their tasks, any worker count."""

import json

import pytest

from firebreak.agents import make_agent, play_game
from firebreak.core import get_game
from firebreak.lab import game_seeds, job_tasks, make_job, play_task, run_job
from firebreak.lab.job import LabError


def test_tasks_rotate_seats_and_take_seeds_by_index(toy):
    job = make_job(toy, 3, "greedy,random", 8, seed=5)
    tasks = job_tasks(job)
    assert [t.seed for t in tasks] == game_seeds(5, 8)
    assert [t.seat_agents for t in tasks[:3]] == [(0, 1, 0), (1, 0, 1), (0, 1, 0)]
    seats = {agent: [0, 0, 0] for agent in (0, 1)}
    for t in tasks:
        for seat, agent in enumerate(t.seat_agents):
            seats[agent][seat] += 1
    assert seats == {0: [4, 4, 4], 1: [4, 4, 4]}  # every bot plays every seat equally
    # A subset of tasks is the same as the corresponding part of the whole list (the basis of resuming).
    assert job_tasks(job, [6, 2]) == [tasks[6], tasks[2]]
    # Growing the job keeps the seeds of the games it already had.
    assert [t.seed for t in job_tasks(make_job(toy, 3, "greedy,random", 20, seed=5))][:8] == game_seeds(5, 8)


def test_a_row_is_the_game_played_directly(toy):
    job = make_job(toy, 2, "greedy,random", 3, seed=1, options={"hand_size": 2})
    task = job_tasks(job)[1]
    row = play_task(task)
    state = play_game(toy, [make_agent("random"), make_agent("greedy")], task.seed, 2, job.options)
    assert row["agents"] == ["random", "greedy"] and row["seat_agents"] == [1, 0]
    assert row["scores"] == state.scores() and row["winners"] == state.winners()
    assert row["length"] == len(state.history) and row["seed"] == task.seed
    assert json.loads(row["options"]) == {"hand_size": 2, "open_hands": False, "scoring": "wind"}
    assert row["winner"] == (state.winners()[0] if len(state.winners()) == 1 else -1)
    assert json.loads(row["stats"]) == toy.stats(state)
    assert row["stat_plays"] == toy.stats(state)["plays"] and row["stat_ended_by"] == "turn limit"
    assert "stat_points" not in row  # lists stay in the JSON only


def test_rows_are_identical_whatever_the_worker_count_and_chunking(toy, tmp_path):
    job = make_job(toy, 3, "greedy,random", 23, seed=3)
    serial = run_job(job, workers=1)
    assert [r["index"] for r in serial] == list(range(23))
    assert run_job(job, workers=2) == serial
    assert run_job(job, tmp_path / "a", workers=2, chunk_size=5) == serial
    assert run_job(job, tmp_path / "b", workers=1, chunk_size=50) == serial


def test_games_sent_to_workers_in_batches_come_back_in_order(toy):
    """Cheap games travel to the workers several at a time; the rows are the same, in the same order."""
    from firebreak.lab.backends import batch_size

    job = make_job(toy, 2, "random", 200, seed=5)
    assert batch_size(200, 2) > 1  # this job really is batched
    serial = run_job(job, workers=1)
    assert run_job(job, workers=2) == serial
    assert [r["index"] for r in serial] == list(range(200))


def test_great_fire_rows_match_across_worker_counts():
    spec = get_game("great-fire")
    job = make_job(spec, 3, "random", 6, seed=11)
    one = run_job(job, workers=1)
    assert run_job(job, workers=2) == one
    stats = json.loads(one[0]["stats"])
    assert "districts_burnt" in stats and one[0]["stat_houses_lost"] == stats["houses_lost"]


def test_make_job_rejects_bad_input(toy):
    from firebreak.agents import AgentSpecError
    from firebreak.core import OptionError

    with pytest.raises(AgentSpecError, match="unknown agent 'zombie'"):
        make_job(toy, 2, "random,zombie", 5)
    with pytest.raises(OptionError, match="has no option 'wind'"):
        make_job(toy, 2, "random", 5, options={"wind": 3})
    with pytest.raises(OptionError, match="is for 2-3 players"):
        make_job(toy, 9, "random", 5)
    with pytest.raises(LabError, match="at least 1"):
        make_job(toy, 2, "random", 0)
    with pytest.raises(LabError, match="workers"):
        run_job(make_job(toy, 2, "random", 1), workers=0)
