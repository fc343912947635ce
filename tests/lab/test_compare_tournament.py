"""Paired variant comparison with its stopping rule, and Plackett-Luce tournaments."""

import pytest

from firebreak.core import OptionError
from firebreak.lab.compare import SEAT0, compare, outcomes_of, parse_variant
from firebreak.lab.job import LabError
from firebreak.lab.tournament import finishing_ranks, lineups, rate, tournament


def test_parse_variant(toy):
    assert parse_variant(toy, "hand_size=2, open-hands=true") == {"hand_size": 2, "open_hands": True}
    assert parse_variant(toy, "scoring=plain") == {"scoring": "plain"}
    with pytest.raises(OptionError, match="has no option 'colour'"):
        parse_variant(toy, "colour=red")


def test_variants_are_paired_on_seeds_seats_and_bots(toy):
    result = compare(toy, 3, "greedy,random", {"scoring": "wind"}, {"scoring": "plain"}, max_games=12, batch=12)
    for a, b in zip(result.rows_a, result.rows_b, strict=True):
        assert (a["index"], a["seed"], a["agents"]) == (b["index"], b["seed"], b["agents"])
        assert a["options"] != b["options"]


def test_a_real_difference_stops_at_the_first_look(toy):
    result = compare(
        toy, 2, "random", {"scoring": "wind"}, {"scoring": "plain"}, max_games=1000, batch=50, primary="mean score"
    )
    assert result.decision == "the variants differ" and result.looks == 1 and result.stopped_early
    assert result.pairs == 50 and result.looks_allowed == 20
    d = result.outcomes["mean score"]
    # The wind die (1-3, mean 2) multiplies each card: wind scores are about twice plain ones.
    assert d.mean_a == pytest.approx(2 * d.mean_b, rel=0.25) and d.low > 0 and d.significant
    # The decision used the stricter Bonferroni level 1 - 0.05 / 20, so its interval is wider.
    adj = result.primary_adjusted
    assert adj.low < d.low and adj.high > d.high


def test_a_rule_with_no_effect_is_found_equivalent(toy):
    """Random bots ignore the hands, so open hands change nothing: every paired difference is exactly 0."""
    result = compare(toy, 2, "random", {"open_hands": True}, {"open_hands": False}, max_games=500, batch=25)
    assert result.decision == "no difference larger than 0.05" and result.looks == 1
    assert all(d.diff == 0 and not d.significant for d in result.outcomes.values())


def test_an_undecided_comparison_runs_to_the_limit(toy):
    """Hand size changes the deal; with 2 x 20 games the seat-0 win rate cannot be pinned within 0.001."""
    result = compare(toy, 2, "greedy,random", {"hand_size": 2}, {"hand_size": 4}, max_games=40, batch=20, margin=0.001)
    assert result.looks == 2 and not result.stopped_early and result.pairs == 40
    assert result.decision == "undecided at the game limit"
    assert SEAT0 in result.outcomes


def test_compare_refuses_bad_arguments(toy):
    with pytest.raises(LabError, match="same options"):
        compare(toy, 2, "random", {"hand_size": 3}, {}, max_games=10)
    with pytest.raises(LabError, match="unknown outcome 'glory'"):
        compare(toy, 2, "random", {"hand_size": 2}, {}, max_games=10, batch=5, primary="glory")


def test_outcomes_of_a_row():
    row = {
        "shares": [0.5, 0.5, 0.0],
        "scores": [4.0, 4.0, 1.0],
        "agents": ["a", "b", "a"],
        "length": 9,
        "stat_fires": 3.0,
        "stat_end": "x",
    }
    out = outcomes_of(row, ["a", "b"], ["fires", "end"])
    assert out == {
        SEAT0: 0.5,
        "win rate of a": 0.25,
        "win rate of b": 0.5,
        "mean score": 3.0,
        "winning score": 4.0,
        "game length": 9.0,
        "fires": 3.0,
    }


def test_finishing_ranks_put_winners_first_and_share_ties():
    assert finishing_ranks({"winners": [2], "scores": [5, 3, 5]}) == [1, 2, 0]
    assert finishing_ranks({"winners": [0, 1], "scores": [4, 4, 1, 1]}) == [0, 0, 1, 1]


def test_lineups_meet_everyone_and_are_seeded():
    games = lineups(4, 3, 60, seed=1)
    assert games == lineups(4, 3, 60, seed=1) != lineups(4, 3, 60, seed=2)
    assert all(len(set(g)) == 3 for g in games)
    pairs = {(a, b) for g in games for a in g for b in g if a < b}
    assert pairs == {(a, b) for a in range(4) for b in range(4) if a < b}
    assert lineups(2, 3, 2, seed=0) == [(0, 1, 0), (1, 0, 1)]


def test_ratings_follow_the_results():
    rows = [{"agents": ["strong", "weak"], "winners": [0], "scores": [3, 1], "shares": [1.0, 0.0]}] * 20
    ratings = rate(rows, ["weak", "strong"])
    assert [r.agent for r in ratings] == ["strong", "weak"]
    assert ratings[0].mu > 25 > ratings[1].mu and ratings[0].games == 20 and ratings[0].wins == 20


def test_tournament_with_more_bots_than_seats(toy):
    ratings, rows = tournament(toy, 2, "greedy,random,random", 30, seed=3)
    assert len(rows) == 30 and sum(r.games for r in ratings) == 60
    assert ratings[0].agent == "greedy"
    with pytest.raises(LabError, match="two bots"):
        tournament(toy, 2, "random", 4)
