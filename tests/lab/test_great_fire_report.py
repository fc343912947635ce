"""The Great Fire's report hook (a burn map) and how the generic report picks up a game's hook."""

import json
from dataclasses import replace

import pytest

from firebreak.core import get_game
from firebreak.games.great_fire.report import burn_shares, report_figures
from firebreak.lab import make_job, run_job
from firebreak.lab.report import build_report, write_report


@pytest.fixture(scope="module")
def gf_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("gf") / "job"
    run_job(make_job(get_game("great-fire"), 3, "random", 8, seed=2), out)
    return out


def test_burn_shares_count_the_exported_districts(gf_dir):
    from firebreak.lab.store import load_results

    _, rows = load_results(gf_dir)
    burnt, demolished = burn_shares(rows)
    name = json.loads(rows[0]["stats"])["districts_burnt"][0]
    expected = sum(name in json.loads(r["stats"])["districts_burnt"] for r in rows) / len(rows)
    assert burnt[name] == expected > 0
    assert all(0 <= v <= 1 for v in (*burnt.values(), *demolished.values()))
    figures = report_figures(rows)
    assert [t for t, _ in figures] == ["Great Fire: how often each district burns"]


def test_the_generic_report_includes_a_games_hook(gf_dir, tmp_path):
    assert get_game("great-fire").report is report_figures
    page = write_report(build_report([gf_dir]), tmp_path / "r")
    html = page.read_text()
    assert "how often each district burns" in html and html.count("data:image/png;base64,") == 6
    assert (tmp_path / "r" / "great-fire-how-often-each-district-burns.png").exists()


def test_a_failing_hook_is_a_warning_not_a_crash(gf_dir, monkeypatch):
    failing = replace(get_game("great-fire"), report=lambda rows: 1 / 0)
    monkeypatch.setattr("firebreak.lab.report.get_game", lambda name: failing)
    report = build_report([gf_dir])
    assert report.warnings == ["the game's report hook failed: ZeroDivisionError: division by zero"]
    assert len(report.figures) == 5  # the generic ones, "When games are decided" included
