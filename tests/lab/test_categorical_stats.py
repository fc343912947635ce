"""Categorical statistics (texts such as which seat led or held a card) are reported as shares of games,
never averaged: in ``simulate``'s table, the report and the paired comparison."""

import re

import pytest

from firebreak.core import get_game
from firebreak.lab import simulate
from firebreak.lab.compare import compare
from firebreak.lab.job import categorical_stat_names, numeric_stat_names, stat_categories
from firebreak.lab.report import build_report
from firebreak.lab.store import load_results

from .helpers import run


def test_simulate_counts_a_seat_category_as_shares_not_a_mean(toy):
    result = simulate(toy, 2, ["greedy", "random"], games=30, seed=5)
    assert "leader" not in result.stat_means()
    shares = result.stat_shares()["leader"]
    assert {c for c, _, _ in shares} <= {"P0", "P1", "shared"} and len(shares) >= 2
    assert sum(k for _, k, _ in shares) == 30 and sum(s for _, _, s in shares) == pytest.approx(1.0)
    assert [k for _, k, _ in shares] == sorted((k for _, k, _ in shares), reverse=True)  # most frequent first


def test_simulate_table_prints_category_shares(toy, tmp_path):
    for extra in ([], ["--out", tmp_path / "job"]):  # played in-process, and through the job runner
        result = run(["simulate", "ember-cards", "--games", "20", "--agents", "greedy,random", "--seed", "3", *extra])
        assert result.exit_code == 0, result.output
        line = next(ln for ln in result.stdout.splitlines() if ln.startswith("│ Leader"))
        cells = re.findall(r"(P0|P1|shared) (\d+)%", line)
        assert len(cells) >= 2 and sum(int(p) for _, p in cells) in (99, 100, 101)
        assert not re.search(r"\d\.\d\d", line)  # no mean such as 1.50
        assert "categories: share of games" in result.stdout


def test_report_shows_each_category_with_a_wilson_interval(toy, tmp_path):
    assert (
        run(
            [
                "simulate",
                "ember-cards",
                "--games",
                "24",
                "--agents",
                "greedy,random",
                "--seed",
                "2",
                "--out",
                tmp_path / "job",
            ]
        ).exit_code
        == 0
    )
    _, rows = load_results(tmp_path / "job")
    assert {r["stat_leader"] for r in rows} <= {"P0", "P1", "shared"}  # the Parquet column holds the text
    assert "leader" in categorical_stat_names(rows) and "leader" not in numeric_stat_names(rows)
    report = build_report([tmp_path / "job"])
    numeric = next(t for t in report.tables if t.title == "Game statistics (per game)")
    assert "Leader" not in [r[0] for r in numeric.rows]
    table = next(t for t in report.tables if t.title.startswith("Game statistics by category"))
    leader = [r for r in table.rows if r[0] == "Leader"]  # the statistic's name in words
    counts = stat_categories(rows, "leader")
    assert [r[1] for r in leader] == list(counts)
    for _, category, games, share, wilson in leader:
        assert games == f"{counts[category]} of 24"
        assert share == f"{100 * counts[category] / 24:.1f}%"
        lo, hi = (float(x.rstrip("%")) for x in wilson.split(" - "))
        assert lo <= float(share.rstrip("%")) <= hi
    assert ["Ended by", "turn limit", "24 of 24", "100.0%"] == [r for r in table.rows if r[0] == "Ended by"][0][:4]
    page_result = run(["report", tmp_path / "job"])
    assert "Game statistics by category" in page_result.stdout
    assert "by category" in (tmp_path / "job" / "report" / "report.html").read_text()


def test_compare_gives_the_share_of_each_category_in_a_and_b(toy):
    result = compare(toy, 2, "greedy,random", {"hand_size": 2}, {"hand_size": 4}, max_games=40, batch=20, margin=0.001)
    assert "leader" not in result.outcomes
    seen = {r["stat_leader"] for r in result.rows_a + result.rows_b}
    for category in seen:
        d = result.outcomes[f"leader = {category}"]
        share_a = sum(r["stat_leader"] == category for r in result.rows_a) / len(result.rows_a)
        share_b = sum(r["stat_leader"] == category for r in result.rows_b) / len(result.rows_b)
        assert (d.mean_a, d.mean_b) == (pytest.approx(share_a), pytest.approx(share_b))
    assert result.outcomes["ended_by = turn limit"].mean_a == 1.0


def test_compare_command_prints_category_shares(toy):
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
        ]
    )
    assert result.exit_code == 0, result.output
    rows = [ln for ln in result.stdout.splitlines() if ln.startswith("│ Leader = ")]
    assert rows and "shares of games in that category" in result.stdout


def test_the_games_export_holders_and_endings_as_categories():
    gf = get_game("great-fire")
    s = gf.new_game(4, 1)
    assert gf.stats(s)["hero_of_london"] == "nobody"
    s.hero = 2
    assert gf.stats(s)["hero_of_london"] == "P2"
    catan = get_game("catan")
    c = catan.new_game(4, 1)
    st = catan.stats(c)
    assert (st["longest_road"], st["largest_army"], st["fire_wardens"]) == ("nobody",) * 3
    c.road_holder = 3
    assert catan.stats(c)["longest_road"] == "P3"
    brigade = get_game("brigade")
    assert brigade.stats(brigade.new_game(3, 1))["end_reason"] == "not over"


def test_the_strength_tables_level_line_gives_numbers_as_means_and_categories_as_shares():
    """The line ``benchmarks/strength.py --levels`` prints per level: how a Brigade game ends and who holds
    Catan's special cards are shares of the games; fires, trades and fire stations are means per game."""
    from firebreak.lab import make_job, run_job
    from firebreak.lab.job import stats_summary

    brigade = run_job(make_job(get_game("brigade"), 3, ["random"], 4, seed=3), workers=1)
    line = stats_summary(brigade)
    endings = stat_categories(brigade, "end_reason")
    shares = re.search(r"end reason: (.*?)(;|$)", line).group(1)
    assert shares == ", ".join(f"{cat} {k / 4:.0%}" for cat, k in endings.items())
    mean = sum(r["stat_fires_extinguished"] for r in brigade) / 4
    assert f"fires extinguished {mean:.2f}" in line and "blocks destroyed " in line
    catan = run_job(make_job(get_game("catan"), 4, ["random"], 2, seed=1), workers=1)
    line = stats_summary(catan)
    for name in (
        "trades between players",
        "trade offers",
        "bank trades",
        "harbour trades",
        "fire stations built",
        "cards lost to fire",
    ):
        assert re.search(rf"{name} \d+\.\d\d", line), name
    holders = re.search(r"longest road: ([^;]*)", line).group(1)
    assert re.fullmatch(r"((P\d|nobody) \d+%(, )?)+", holders)
    assert not re.search(r"longest road \d", line)  # never a mean of seat numbers
    assert stats_summary([]) == "no games"
