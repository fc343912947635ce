"""The lab plays a variant's board: simulate, report, compare and tournament with a variant file naming a board file
play every game on that board (the example: the packaged map with the Fleet's bridges down, so the districts west
of the Fleet never burn), and every result carries the board with the variant's hash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firebreak.core import get_game
from firebreak.core.parameters import BOARD_KEY
from firebreak.core.registry import load_all
from firebreak.core.variant import load_variant
from firebreak.games.great_fire.report import board_of
from firebreak.lab.compare import compare
from firebreak.lab.figures import figures_by_group
from firebreak.lab.report import build_report
from firebreak.lab.store import load_results

from .helpers import run

BRIDGELESS = Path(__file__).resolve().parents[2] / "examples" / "variants" / "great-fire-fleet-without-bridges.yaml"
WEST_OF_THE_FLEET = {"Temple", "Fleet Street", "Holborn", "Whitefriars"}


@pytest.fixture(autouse=True)
def _games() -> None:
    load_all()


def test_simulate_and_report_play_and_draw_the_variants_board(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    result = run(
        ["simulate", "great-fire", "--variant", str(BRIDGELESS), "--players", "3", "--games", "4"]
        + ["--agents", "greedy", "--workers", "1", "--out", out]
    )
    assert result.exit_code == 0, result.output
    v = load_variant(BRIDGELESS)
    assert (
        "board: its own (hash " in result.stdout
        and f"variant: The Fleet without bridges (hash {v.hash})" in result.stdout
    )
    manifest, rows = load_results(out)
    assert manifest["job"]["options"][BOARD_KEY] == v.board_data
    for row in rows:
        assert json.loads(row["options"])[BOARD_KEY] == v.board_data
        assert not WEST_OF_THE_FLEET & set(json.loads(row["stats"])["districts_burnt"])
    assert len(board_of(rows).links) == len(board_of([]).links) - 2  # the report's burn map is drawn on it
    report = run(["report", str(out), "--out", str(tmp_path / "rep")])
    assert report.exit_code == 0, report.output
    assert f"variant: The Fleet without bridges (hash {v.hash})" in report.stdout


def test_compare_the_packaged_board_with_a_variants_board_on_paired_seeds() -> None:
    v = load_variant(BRIDGELESS)
    result = compare(get_game("great-fire"), 3, "random", {}, v.game_options(), max_games=4, batch=2)
    assert [r["seed"] for r in result.rows_a] == [r["seed"] for r in result.rows_b]
    assert all(BOARD_KEY not in json.loads(r["options"]) for r in result.rows_a)
    assert all(json.loads(r["options"])["variant"]["hash"] == v.hash for r in result.rows_b)
    for row in result.rows_b:
        assert not WEST_OF_THE_FLEET & set(json.loads(row["stats"])["districts_burnt"])


def test_tournament_plays_on_the_variants_board(tmp_path: Path) -> None:
    out = tmp_path / "t"
    result = run(
        ["tournament", "great-fire", "--variant", str(BRIDGELESS), "--agents", "random,greedy", "--players", "3"]
        + ["--games", "2", "--workers", "1", "--out", out]
    )
    assert result.exit_code == 0, result.output
    assert "The Fleet without bridges" in result.stdout


SCARCE_ORE = Path(__file__).resolve().parents[2] / "examples" / "variants" / "catan-scarce-ore.yaml"


def test_simulate_plays_every_game_on_a_catan_variants_layout(tmp_path: Path) -> None:
    """The bots (the one-step greedy and the search, which plans on determinisations) play on the layout."""
    out = tmp_path / "sim"
    result = run(
        ["simulate", "catan", "--variant", str(SCARCE_ORE), "--games", "2", "--agents", "greedy,mcts:iterations=10"]
        + ["--workers", "1", "--out", out]
    )
    assert result.exit_code == 0, result.output
    v = load_variant(SCARCE_ORE)
    assert "board: its own (hash " in result.stdout and f"variant: Scarce ore (hash {v.hash})" in result.stdout
    manifest, rows = load_results(out)
    assert manifest["job"]["options"][BOARD_KEY] == v.board_data
    assert len(rows) == 2 and all(json.loads(row["options"])[BOARD_KEY] == v.board_data for row in rows)
    # the options the layout replaces change nothing, so the header, the report and its groups leave them out
    summary = build_report([out]).summary[0]
    [(_, group, _)] = figures_by_group(rows, get_game("catan"))
    for shown in (result.stdout, summary):
        assert "layout=" not in shown and "board=" not in shown and "new_shores_vp" not in shown
        assert "mode=firestorm" in shown and "Scarce ore" in shown
    assert "Starting layout" not in group and "Layout" not in group and "board: its own (hash " in group
