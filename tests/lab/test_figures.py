"""The figures that describe a game, each computed on hand-made histories whose answers are known, and shown in
words with intervals by ``simulate``, ``report`` and ``compare``."""

from __future__ import annotations

import json

import pytest

from firebreak.agents import make_agent, play_game
from firebreak.core import all_games, get_game
from firebreak.lab.figures import (
    StandingRecorder,
    decided_share,
    decided_turn,
    figure_outcomes,
    group_figures,
    is_comeback,
    lead_changes,
    strong_label,
    winning_margin,
)
from firebreak.lab.words import options_words, outcome_words, words

from .helpers import run


def row(standing, winners, scores=None, agents=("a", "a"), seat_agents=(0, 0), players=2, shares=None, length=10):
    scores = scores if scores is not None else standing[-1]
    if shares is None:
        shares = [1 / len(winners) if p in winners else 0.0 for p in range(players)]
    return {
        "players": players,
        "options": "{}",
        "standing": json.dumps(standing),
        "winners": list(winners),
        "scores": list(scores),
        "shares": shares,
        "agents": list(agents),
        "seat_agents": list(seat_agents),
        "length": length,
    }


# --- one game -------------------------------------------------------------------------------------------------
def test_decided_when_the_winner_leads_for_good():
    # P1 leads after turn 2, falls level at turn 3, and leads alone from turn 4 to the end: decided at turn 4 of 5
    standing = [[0, 0], [0, 1], [1, 1], [1, 2], [1, 5]]
    assert decided_turn(standing, [1]) == 4
    assert decided_share(standing, [1]) == pytest.approx(0.8)
    # leading from the first turn: decided at once
    assert decided_turn([[0, 1], [0, 2]], [1]) == 1
    # a win on a tie-break (level on points at the end) is decided only at the last turn
    assert decided_turn([[0, 3], [2, 2]], [1]) == 2
    # shared winners lead together when both stand above the rest
    assert decided_turn([[1, 0, 0], [2, 2, 1], [3, 3, 1]], [0, 1]) == 2
    # everyone wins: nothing was decided
    assert decided_turn([[1, 1], [2, 2]], [0, 1]) is None


def test_lead_changes_count_a_new_seat_leading_alone():
    # leaders alone: P0, (tie), P0, P1, P0 -> P0 to P1 and P1 to P0: two changes; a tie is no change
    standing = [[1, 0], [1, 1], [2, 1], [2, 3], [5, 3]]
    assert lead_changes(standing) == 2
    assert lead_changes([[0, 0], [0, 0]]) == 0
    assert lead_changes([[0, 1], [0, 2], [0, 3]]) == 0


def test_comeback_is_a_winner_behind_at_three_quarters():
    behind = [[0, 0], [2, 0], [3, 1], [3, 5]]  # after 3 of 4 turns P1 trails 1 to 3, then wins
    assert is_comeback(behind, [1]) is True
    ahead = [[0, 0], [0, 2], [1, 3], [2, 5]]
    assert is_comeback(ahead, [1]) is False
    level = [[0, 0], [1, 1], [2, 2], [2, 3]]  # level at three quarters: not behind
    assert is_comeback(level, [1]) is False


def test_winning_margin_and_shared_wins():
    assert winning_margin([7, 3, 5], [0]) == 2
    assert winning_margin([7, 7, 5], [0, 1]) == 2
    assert winning_margin([4, 4], [0, 1]) == 0
    assert winning_margin([3, 6], [0]) == -3  # a win by another route than points
    outcomes = figure_outcomes(row([[0, 0], [4, 4]], [0, 1]))
    assert outcomes["shared win"] == 1.0 and outcomes["winning margin"] == 0.0
    assert "decided at (share of the game)" not in outcomes  # everyone won


# --- a group --------------------------------------------------------------------------------------------------
def by_name(figures):
    return {f.name.split(" (")[0]: f for f in figures}


def test_group_figures_with_known_answers():
    rows = [
        row([[1, 0], [1, 2], [1, 4], [3, 4]], [1]),  # P1 wins by 1, decided at turn 2 of 4, one lead change
        row([[0, 1], [2, 1], [2, 1], [4, 1]], [0]),  # P0 wins by 3, decided at turn 2 of 4, one lead change
        row([[0, 0], [1, 1], [2, 2], [3, 3]], [0, 1]),  # shared
        row([[2, 0], [3, 0], [3, 0], [3, 5]], [1]),  # comeback: P1 behind at turn 3, decided at the end
    ]
    f = by_name(group_figures(rows))
    assert f["Duration: turns per game"].value == 4
    assert f["Duration: decisions per game"].value == 10
    assert f["Decided at"].value == pytest.approx((0.5 + 0.5 + 1.0) / 3) and f["Decided at"].games == 3
    assert f["Lead changes per game"].value == pytest.approx((1 + 1 + 0 + 1) / 4)
    assert f["Comebacks"].value == pytest.approx(1 / 4)
    assert f["Winning margin"].value == pytest.approx((1 + 3 + 0 + 2) / 4)
    assert f["Shared wins"].value == pytest.approx(1 / 4)
    p0 = next(v for k, v in f.items() if k == "Seat balance: win share of P0")
    assert p0.value == pytest.approx((0 + 1 + 0.5 + 0) / 4)
    first = f["First-player advantage"]
    assert first.value == pytest.approx(100 * (p0.value - 0.5))
    for fig in f.values():  # every estimate has its interval around it
        assert fig.low is not None and fig.low <= fig.value <= fig.high


def test_a_game_that_exports_its_turns_is_timed_by_them():
    rows = [dict(row([[0, 0], [0, 1]], [1]), stat_turns=9.0)]
    assert by_name(group_figures(rows))["Duration: turns per game"].value == 9


def test_skill_shown_is_the_strong_bots_share_in_mixed_games():
    # hard in seat 0 of game 1 (wins) and seat 1 of game 2 (loses); games of medium only do not count
    rows = [
        row([[0, 0], [2, 1]], [0], agents=("hard", "medium"), seat_agents=(0, 1)),
        row([[0, 0], [2, 1]], [0], agents=("medium", "hard"), seat_agents=(1, 0)),
        row([[0, 0], [2, 1]], [0], agents=("medium", "medium"), seat_agents=(1, 1)),
    ]
    assert strong_label(rows) == "hard"
    skill = next(f for f in group_figures(rows) if f.name.startswith("Skill shown"))
    assert skill.games == 2 and skill.value == pytest.approx(0.5)
    # bots that are not levels: the first listed is the one whose skill is shown
    assert strong_label([row([[0, 0]], [0], agents=("random", "greedy"), seat_agents=(1, 0))]) == "greedy"
    # one kind of bot: no skill to show
    assert strong_label([row([[0, 0]], [0])]) is None


def test_names_in_words():
    assert words("fires_put_out") == "Fires put out"
    assert words("houses_lost") == "Houses lost"
    assert words("objective_vp") == "Objective VP"
    assert outcome_words("hero_of_london = P2") == "Hero of london = P2"
    assert outcome_words("win rate of seat 0") == "win rate of seat 0"
    spec = get_game("great-fire")
    assert options_words(json.dumps(spec.resolve_options(4)), spec) == "the standard rules"
    assert (
        options_words(json.dumps(spec.resolve_options(4, {"more_destruction": True})), spec) == "More destruction: on"
    )


def test_the_great_fire_names_every_statistic_and_score_part_in_its_rulebook_terms():
    """No generic "Hero of london": each statistic a played game exports, and each part of its score sheet, is
    named by the game in the rulebook's words."""
    import random

    spec = get_game("great-fire")
    state = spec.new_game(4, 3)
    r = random.Random(3)
    while not state.is_terminal():
        state.apply(r.choice(state.legal_actions()))
    own = spec.stat_words
    assert set(spec.stats(state)) <= set(own)
    assert set(state.score_breakdown(0)) - {"total"} <= set(own)
    assert outcome_words("hero_of_london = P2", spec) == "Hero of London = P2"
    assert words("put_out_cones_kept", spec) == "Fire cones kept"
    assert words("one_vp_tokens", spec) == "1 VP tokens"


# --- the standing: public, recorded per turn ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "options"), [("great-fire", {}), ("great-fire", {"hidden_colours": True}), ("brigade", {}), ("catan", {})]
)
def test_the_recorded_standing_is_public_and_ends_with_the_scores(name, options):
    """Each turn's standing is the same on every determinisation of each seat (it reads nothing hidden), and the
    last entry is the final score."""
    from firebreak.core import Rng

    spec = get_game(name)
    n = spec.default_players
    recorder = StandingRecorder()
    checked = 0

    def hook(state, seat, action):
        nonlocal checked
        recorder(state, seat, action)
        if not state.is_terminal() and len(state.history) % 25 == 0:
            for viewer in range(n):
                other = state.determinize(viewer, Rng(len(state.history) + viewer))
                assert other.public_standing() == state.public_standing()
            checked += 1

    state = play_game(spec, [make_agent("random") for _ in range(n)], 3, options=options, on_action=hook)
    assert checked > 0
    assert recorder.turns[-1] == state.scores()
    assert 1 < len(recorder.turns) <= len(state.history)


def test_every_game_has_a_public_standing_for_each_seat():
    for spec in all_games():
        state = spec.new_game(spec.default_players, 1)
        assert len(state.public_standing()) == spec.default_players


# --- in the commands' output -----------------------------------------------------------------------------------
FIGURE_WORDS = (
    "Duration: turns per game",
    "Decided at",
    "Lead changes per game",
    "Comebacks",
    "Winning margin",
    "Shared wins",
    "Seat balance: win share of P0",
    "First-player advantage",
    "Skill shown",
)


def test_simulate_and_report_show_the_figures_in_words_with_intervals(toy, tmp_path):
    result = run(
        [
            "simulate",
            "ember-cards",
            "--games",
            "12",
            "--agents",
            "greedy,random",
            "--seed",
            "4",
            "--workers",
            "1",
            "--out",
            tmp_path / "job",
        ]
    )
    assert result.exit_code == 0, result.output
    for text in (*FIGURE_WORDS, "Figures that describe the game", "95% interval", "Plays", "Passes"):
        assert text in result.stdout, text
    assert "plays" not in result.stdout.split("statistics")[1].split("Figures")[0]  # the stat's name in words
    report = run(["report", tmp_path / "job"])
    assert report.exit_code == 0, report.output
    for text in (*FIGURE_WORDS, "95% interval"):
        assert text in report.stdout, text
    assert " to " in report.stdout.split("Figures that describe the game")[1]  # intervals printed
    page = (tmp_path / "job" / "report" / "report.html").read_text()
    assert "Figures that describe the game" in page and "When games are decided" in page
    assert (tmp_path / "job" / "report" / "when-games-are-decided.png").read_bytes().startswith(b"\x89PNG")


def test_compare_pairs_the_figures_and_names_statistics_in_words(toy):
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
            "8",
            "--batch",
            "8",
            "--workers",
            "1",
        ]
    )
    assert result.exit_code == 0, result.output
    for text in (
        "winning margin",
        "shared win",
        "lead changes",
        "won from behind at three quarters",
        "Plays",
        "Passes",
        "Leader = P0",
    ):
        assert text in result.stdout, text


def test_rows_written_before_the_standing_was_recorded_give_the_figures_they_can():
    old = [{k: v for k, v in row([[0, 0], [1, 3]], [1]).items() if k != "standing"}]
    names = by_name(group_figures(old))
    assert "Winning margin" in names and "Shared wins" in names and "Duration: decisions per game" in names
    assert "Decided at" not in names and "Lead changes per game" not in names and "Comebacks" not in names


def test_a_count_is_never_given_a_negative_interval():
    rows = [row([[0, 1], [1, 0], [0, 1], [1, 0]], [0]), *(row([[1, 0], [2, 0]], [0]) for _ in range(3))]
    changes = by_name(group_figures(rows))["Lead changes per game"]
    assert changes.value == pytest.approx(3 / 4)
    assert changes.low == 0.0 and changes.interval_text().startswith("0.00 to")


def test_one_set_of_rules_is_named_once_and_a_variant_in_words():
    from firebreak.lab.report import figures_table

    spec = get_game("great-fire")
    variant = {"name": "Five action points", "hash": "0123456789abcdef" * 4}
    options = json.dumps({**spec.resolve_options(4), "variant": variant})
    rows = [{**row([[1, 0], [1, 2]], [1]), "options": options} for _ in range(3)]
    table = figures_table(rows, spec)
    assert "Rules" not in table.columns  # the same rules on every row: said once, in the title
    assert table.title == "Figures that describe the game (Variant: Five action points (hash 0123456789abcdef))"
    assert all("{" not in str(cell) for r in table.rows for cell in r)
    mixed = figures_table([*rows, {**row([[1, 0], [1, 2]], [1]), "options": json.dumps(spec.resolve_options(4))}], spec)
    assert "Rules" in mixed.columns
    assert {r[1] for r in mixed.rows} == {"Variant: Five action points (hash 0123456789abcdef)", "the standard rules"}
