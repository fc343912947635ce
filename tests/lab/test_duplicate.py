"""Strength in duplicate: every deal is played by the candidate and by the baseline in the same seat, on the same
seed, against the same rivals, with the seat rotated deal by deal; the margin is paired by deal."""

from __future__ import annotations

import pytest

from firebreak.lab.duplicate import (
    BASELINE,
    CANDIDATE,
    RIVAL,
    deal_seat,
    duplicate,
    duplicate_tasks,
    make_duplicate,
    seat_margin,
)
from firebreak.lab.job import LabError
from firebreak.lab.simulate import game_seeds
from firebreak.lab.stats import paired_difference

from .helpers import run


def test_each_deal_is_played_by_both_bots_in_the_same_seat_on_the_same_seed(toy):
    match = make_duplicate(toy, 3, "greedy", "random", seed=5)
    tasks = duplicate_tasks(match, range(6), 6)
    seeds = game_seeds(5, 6)
    assert len(tasks) == 12
    for deal in range(6):
        cand, base = tasks[2 * deal], tasks[2 * deal + 1]
        seat = deal % 3
        assert cand.seed == base.seed == seeds[deal]  # the same deal
        assert cand.seat_agents[seat] == CANDIDATE and base.seat_agents[seat] == BASELINE  # the same seat
        others = [s for s in range(3) if s != seat]
        assert all(cand.seat_agents[s] == base.seat_agents[s] == RIVAL for s in others)  # the same rivals
        assert (cand.index, base.index) == (2 * deal, 2 * deal + 1)
    # the seats rotate: over a whole rotation each seat is played equally often
    assert [deal_seat(d, 3) for d in range(6)] == [0, 1, 2, 0, 1, 2]
    # a deal's seed does not depend on which batch it is played in
    assert duplicate_tasks(match, [4], 6)[0] == tasks[8]


def test_the_margin_is_paired_by_deal_and_the_rivals_default_to_the_baseline(toy):
    match = make_duplicate(toy, 2, "greedy", "random", seed=1)
    assert match.rivals == "random"
    result = duplicate(match, max_deals=6, batch=6)
    assert result.deals == 6 and result.looks == 1 and result.deals_per_seat() == [3, 3]
    for c, b in zip(result.rows_candidate, result.rows_baseline, strict=True):
        assert c["seed"] == b["seed"] and c["index"] + 1 == b["index"]
        seat = result.seat_of(c)
        assert c["agents"][seat] == "greedy" and b["agents"][seat] == "random"
    margins_c = [seat_margin(r["scores"], result.seat_of(r)) for r in result.rows_candidate]
    margins_b = [seat_margin(r["scores"], result.seat_of(r)) for r in result.rows_baseline]
    expected = paired_difference(margins_c, margins_b)
    assert result.margin == expected
    assert result.margin.low < result.margin.diff < result.margin.high
    share, lo, hi = result.win_share(result.rows_candidate)
    assert lo <= share <= hi


def test_seat_margin_is_own_score_minus_the_rivals_mean():
    assert seat_margin([10, 4, 6, 2], 0) == pytest.approx(6)
    assert seat_margin([10, 4, 6, 2], 3) == pytest.approx(2 - 20 / 3)


def test_batches_are_whole_rotations_and_the_run_stops_when_decided(toy):
    match = make_duplicate(toy, 3, "greedy", "random")
    looks = []
    result = duplicate(match, max_deals=30, batch=4, on_look=lambda r: looks.append(r.deals))
    assert all(n % 3 == 0 for n in looks)  # 4 rounded up to 6: two whole rotations of three seats
    assert result.looks == len(looks) <= result.looks_allowed == 5
    if result.looks < result.looks_allowed:
        assert result.decision != "undecided at the deal limit"


def test_refusals(toy):
    with pytest.raises(LabError, match="same bot"):
        make_duplicate(toy, 2, "greedy", "greedy")
    match = make_duplicate(toy, 2, "greedy", "random")
    with pytest.raises(LabError, match="at least 2 deals"):
        duplicate(match, max_deals=1)


def test_the_strength_command_prints_the_paired_margin_with_its_interval(toy):
    result = run(
        [
            "strength",
            "ember-cards",
            "--candidate",
            "greedy",
            "--baseline",
            "random",
            "--max-deals",
            "4",
            "--batch",
            "4",
            "--workers",
            "1",
        ]
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in (
        "Margin: own score minus the rivals' mean",
        "Win share",
        "95% interval",
        "95% Wilson",
        "4 deals, each played by both in the same seat",
        "deals per seat: P0 2, P1 2",
        "Decision:",
    ):
        assert text in out, text
    bad = run(["strength", "ember-cards", "--candidate", "greedy", "--baseline", "greedy"])
    assert bad.exit_code == 2 and "same bot" in bad.stderr


def test_the_duplicate_strength_script_prints_the_table_row():
    """benchmarks/duplicate_strength.py runs to the end and prints the README's row (a tiny match)."""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "benchmarks" / "duplicate_strength.py"
    out = subprocess.run(
        [
            sys.executable,
            str(script),
            "brigade",
            "--pairs",
            "greedy-random",
            "--deals",
            "3",
            "--batch",
            "3",
            "--workers",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    assert "| paired margin (95%) |" in out.stdout
    assert "| The Brigade, 3 | greedy over random (rivals random) | 3 (6 seat-games, seed 0) |" in out.stdout


def test_a_fixed_size_run_plays_every_deal_and_looks_after_each_batch(toy):
    match = make_duplicate(toy, 3, "greedy", "random")
    looks = []
    result = duplicate(match, max_deals=12, batch=3, sequential=False, on_look=lambda r: looks.append(r.deals))
    assert looks == [3, 6, 9, 12] and result.deals == 12 and result.decision == "fixed size"
    assert result.margin == result.margin_at(0.95)


def test_the_baseline_cache_gives_the_same_result_and_saves_the_baseline_games(toy, tmp_path, monkeypatch):
    from firebreak.lab import duplicate as dup

    path = str(tmp_path / "kept.jsonl")
    match = make_duplicate(toy, 3, "greedy", "random", seed=4)
    plain = duplicate(match, max_deals=6, batch=6, sequential=False)
    first = duplicate(match, max_deals=6, batch=6, sequential=False, cache=dup.BaselineCache(path))
    played: list[int] = []
    real = dup.run_tasks

    def counting(tasks, *args):
        played.extend(t.index for t in tasks)
        return real(tasks, *args)

    monkeypatch.setattr(dup, "run_tasks", counting)
    # another candidate against the same baseline: only its own games are played, the baseline's come from the file
    other = make_duplicate(toy, 3, "greedy:samples=2", "random", seed=4)
    cache = dup.BaselineCache(path)
    second = duplicate(other, max_deals=6, batch=6, sequential=False, cache=cache)
    assert played == [2 * d + CANDIDATE for d in range(6)] and cache.hits == 6
    for result in (first, second):
        assert result.rows_baseline == plain.rows_baseline  # the same rows, relabelled for the match
    assert first.margin == plain.margin
    # a game with different bots in its seats (the candidate's) is never kept
    assert dup.BaselineCache.key(duplicate_tasks(match, [0], 6)[0]) is None
    assert len(cache.rows) == 6


def test_a_broken_cache_file_is_refused_with_a_sentence(tmp_path):
    from firebreak.lab.duplicate import BaselineCache

    bad = tmp_path / "kept.jsonl"
    bad.write_text("not json\n")
    with pytest.raises(LabError, match="not a file of kept games"):
        BaselineCache(str(bad))


def test_a_run_from_a_later_deal_plays_the_same_deals_as_the_whole_run(toy):
    match = make_duplicate(toy, 3, "greedy", "random", seed=2)
    whole = duplicate(match, max_deals=9, batch=9, sequential=False)
    later = duplicate(match, max_deals=9, batch=3, sequential=False, first_deal=3)
    assert later.deals == 6 and later.deals_per_seat() == [2, 2, 2]
    assert later.rows_candidate == whole.rows_candidate[3:] and later.rows_baseline == whole.rows_baseline[3:]
    with pytest.raises(LabError, match="at least 2 deals"):
        duplicate(match, max_deals=9, first_deal=8)
