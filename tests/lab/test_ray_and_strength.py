"""The Ray backend gives the same rows as local workers; and the bots' strength at small budgets."""

import pytest

from firebreak.core import get_game
from firebreak.lab import make_job, run_job
from firebreak.lab.stats import wilson_interval


@pytest.mark.slow
def test_ray_backend_gives_the_same_rows_as_local_workers(tmp_path):
    ray = pytest.importorskip("ray", reason="the ray backend needs Ray installed (pip install ray)")
    job = make_job(get_game("great-fire"), 3, "random", 8, seed=21)
    local = run_job(job, workers=2)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert run_job(job, workers=2, backend="ray") == local
        assert run_job(job, tmp_path / "r", workers=2, backend="ray", chunk_size=4) == local
    finally:
        ray.shutdown()


@pytest.mark.slow
def test_greedy_beats_random_at_the_great_fire():
    """Three seats, one greedy bot among two random ones, rotated: the greedy win share per seat must beat the
    fair share 1/3 with its 95% Wilson lower bound."""
    job = make_job(get_game("great-fire"), 3, "greedy,random,random", 30, seed=1)
    rows = run_job(job, workers=2)
    seats = wins = 0.0
    for row in rows:
        for seat, label in enumerate(row["agents"]):
            if label == "greedy":
                seats += 1
                wins += row["shares"][seat]
    low, _ = wilson_interval(wins, seats)
    assert seats == 30 and low > 1 / 3, (wins, seats)


@pytest.mark.slow
def test_mcts_beats_random_at_ember_cards(toy):
    """A small search budget (100 iterations) already beats random play clearly in the two-seat toy game."""
    rows = run_job(make_job(toy, 2, "mcts:iterations=100,random", 60, seed=1), workers=2)
    wins = sum(r["shares"][s] for r in rows for s, label in enumerate(r["agents"]) if label.startswith("mcts"))
    low, _ = wilson_interval(wins, 60)
    assert low > 0.5, wins


@pytest.mark.slow
def test_search_beats_greedy_at_the_brigade_at_a_small_budget():
    """The search bot at 60 iterations a move against the greedy bot, three seats rotated over 12 games: it
    wins more than its fair share per seat, and more than greedy does (the full table: benchmarks/strength.py)."""
    rows = run_job(make_job(get_game("brigade"), 3, "mcts:iterations=60,greedy", 12, seed=2), workers=2)
    share = {"mcts": [0.0, 0], "greedy": [0.0, 0]}
    for row in rows:
        for seat, label in enumerate(row["agents"]):
            entry = share["mcts" if label.startswith("mcts") else "greedy"]
            entry[0] += row["shares"][seat]
            entry[1] += 1
    mcts_rate, greedy_rate = (share[k][0] / share[k][1] for k in ("mcts", "greedy"))
    assert mcts_rate > 1 / 3 and mcts_rate > greedy_rate, (mcts_rate, greedy_rate)
