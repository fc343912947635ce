"""Variant files: refused with one sentence per bad field or broken board constraint, hashed, and carried into every
result (simulate's rows, compare's paired games, tournament's summary) so an answer traces to what was played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from firebreak.core import get_game
from firebreak.core.registry import load_all
from firebreak.core.variant import VariantError, load_variant, load_variants
from firebreak.games.great_fire.data import raw_data
from firebreak.lab.compare import compare
from firebreak.lab.store import load_results

from .helpers import run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
FIVE = EXAMPLES / "great-fire-five-action-points.yaml"
STOCK = EXAMPLES / "great-fire-stock-only.yaml"


@pytest.fixture(autouse=True)
def _games() -> None:
    load_all()


def write(tmp_path: Path, text: str, name: str = "v.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def refusal(path: Path) -> list[str]:
    with pytest.raises(VariantError) as info:
        load_variant(path)
    return info.value.problems


def test_the_examples_load_and_hash_their_contents() -> None:
    five, stock = load_variant(FIVE), load_variant(STOCK)
    assert (five.name, five.rules) == ("Five action points", {"action_points": 5})
    assert stock.rules == {"cone_economy": "stock only"}
    assert len(five.hash) == 16 and five.hash != stock.hash
    assert load_variant(FIVE).hash == five.hash  # the same contents, the same hash
    assert {v.name for v in load_variants(EXAMPLES)} == {
        five.name,
        stock.name,
        "The Fleet without bridges",
        "Quick Leadership",
        "Scarce ore",
    }


def test_a_changed_value_changes_the_hash(tmp_path: Path) -> None:
    six = write(tmp_path, FIVE.read_text().replace("action_points: 5", "action_points: 6"))
    assert load_variant(six).hash != load_variant(FIVE).hash


def test_each_bad_value_is_one_sentence_naming_its_field(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "game: great-fire\nname: Broken\ncolour: red\n"
        "rules: {action_points: 0, cone_economy: free, smoke: 3}\n"
        "options: {more_destruction: maybe}\nplayers: 9\n",
    )
    assert refusal(path) == [
        "colour is not a field of a variant (fields: game, name, players, options, rules, board, description)",
        "players must be a whole number from 3 to 6, not 9",
        "options.more_destruction: option 'more_destruction' expects true or false, not 'maybe'",
        "rules.action_points must be between 1 and 12, not 0",
        "rules.cone_economy must be one of hand back, keep, stock only, not 'free'",
        "rules.smoke is not a rule parameter of Great Fire of London 1666 (see firebreak rules great-fire)",
    ]


def test_values_that_cannot_lay_out_the_table_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "game: great-fire\nname: Big hands\nplayers: 6\nrules: {hand_size: 8, cards_to_box_6: 20}\n")
    assert refusal(path) == [
        "with 6 players: rules.hand_size and rules.cards_to_box_6 need 68 fire cards for 6 "
        "players, but there are only 60"
    ]
    assert refusal(write(tmp_path, "game: chess\nname: x\n")) == ["game must name a game, not 'chess'"]
    problems = refusal(write(tmp_path, "name: [x\n"))
    assert len(problems) == 1 and problems[0].startswith("it is not valid YAML")


def test_a_broken_board_is_refused_constraint_by_constraint(tmp_path: Path) -> None:
    board, _ = raw_data()
    pudding_lane = next(d for d in board["districts"] if d["start_fire_cones"] > 0)
    pudding_lane["houses"] = 1  # Pudding Lane holds houses, and its region one house too many for the bags
    board["links"] = board["links"][1:]  # Pudding Lane's west arrow into Voyners Hall, which Example 3 prints
    write(tmp_path, yaml.safe_dump(board), "map.yaml")
    problems = refusal(write(tmp_path, "game: great-fire\nname: My map\nboard: map.yaml\n"))
    text = " ".join(problems)
    assert all(p.startswith("board: ") for p in problems)
    assert "The green region holds 31 houses" in text
    assert "Pudding Lane holds houses" in text
    assert "Pudding Lane and Voyners Hall share a border with no arrow across it" in text
    assert "Example 3: a west card moves fire from Pudding Lane into Voyners Hall" in text


def test_a_board_for_a_game_without_one_and_a_missing_board_file(tmp_path: Path) -> None:
    assert refusal(write(tmp_path, "game: brigade\nname: x\nboard: b.yaml\n")) == [
        "board: The Brigade has no board file to replace"
    ]
    assert refusal(write(tmp_path, "game: great-fire\nname: x\nboard: none.yaml\n"))[0].startswith(
        "board: cannot read none.yaml"
    )


def test_the_packaged_board_as_a_file_is_accepted_and_hashed(tmp_path: Path) -> None:
    board, _ = raw_data()
    write(tmp_path, yaml.safe_dump(board), "map.yaml")
    v = load_variant(write(tmp_path, "game: great-fire\nname: Printed map\nboard: map.yaml\n"))
    assert "board_sha256" in v.contents()


def test_compare_two_variant_files_on_paired_seeds() -> None:
    a, b = load_variant(FIVE), load_variant(STOCK)
    result = compare(get_game("great-fire"), 3, "random", a.game_options(), b.game_options(), max_games=4, batch=2)
    assert [r["seed"] for r in result.rows_a] == [r["seed"] for r in result.rows_b]
    assert all(json.loads(r["options"])["variant"]["hash"] == a.hash for r in result.rows_a)
    assert all(json.loads(r["options"])["variant"]["hash"] == b.hash for r in result.rows_b)


def test_compare_on_the_command_line_takes_variant_files(tmp_path: Path) -> None:
    out = tmp_path / "cmp"
    result = run(
        [
            "compare",
            "great-fire",
            "--a",
            str(FIVE),
            "--b",
            str(STOCK),
            "--players",
            "3",
            "--agents",
            "random",
            "--max-games",
            "4",
            "--batch",
            "2",
            "--workers",
            "1",
            "--out",
            out,
        ]
    )
    assert result.exit_code == 0, result.output
    assert "variant: Five action points (hash " in result.stdout
    summary = json.loads((out / "summary.json").read_text())
    assert summary["options_a"]["variant"]["hash"] == load_variant(FIVE).hash
    assert summary["options_b"]["rules"] == {"cone_economy": "stock only"}


def test_simulate_and_report_record_the_variant_and_its_hash(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    result = run(
        [
            "simulate",
            "great-fire",
            "--variant",
            str(FIVE),
            "--players",
            "3",
            "--games",
            "3",
            "--agents",
            "random",
            "--workers",
            "1",
            "--out",
            out,
        ]
    )
    assert result.exit_code == 0, result.output
    h = load_variant(FIVE).hash
    assert f"rules: action_points=5; variant: Five action points (hash {h})" in result.stdout
    manifest, rows = load_results(out)
    assert manifest["job"]["options"]["variant"] == {"name": "Five action points", "hash": h}
    assert all(json.loads(r["options"])["rules"] == {"action_points": 5} for r in rows)
    report = run(["report", str(out), "--out", str(tmp_path / "rep")])
    assert report.exit_code == 0, report.output
    assert f"variant: Five action points (hash {h})" in report.stdout


def test_tournament_takes_a_variant(tmp_path: Path) -> None:
    out = tmp_path / "t"
    result = run(
        [
            "tournament",
            "great-fire",
            "--variant",
            str(STOCK),
            "--agents",
            "random,greedy",
            "--players",
            "3",
            "--games",
            "2",
            "--workers",
            "1",
            "--out",
            out,
        ]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["options"]["variant"]["hash"] == load_variant(STOCK).hash


def test_a_variant_of_another_game_is_refused() -> None:
    result = run(["simulate", "catan", "--variant", str(FIVE), "--games", "1"])
    assert result.exit_code != 0
    assert "is a variant of Great Fire of London 1666, not of Catan" in result.output


def test_rules_lists_the_parameters_in_words() -> None:
    result = run(["rules", "great-fire"])
    assert result.exit_code == 0, result.output
    assert "Action points per turn" in result.stdout and "Players have 4 action points per turn." in result.stdout
    assert "stock only" in result.stdout


def test_the_balance_studies_variants_are_valid_and_change_the_rules_they_name():
    """docs/balance asks its rule questions with these files: each must load and change a rule of its game."""
    folder = Path(__file__).resolve().parents[2] / "docs" / "balance" / "variants"
    found = {v.game: v for v in load_variants(folder)}
    assert set(found) == {"great-fire", "brigade", "catan"}
    assert found["catan"].rules == {"fire_station_cost_ore": 2}
    assert found["brigade"].rules == {"steal_extra_renown": 0}
    assert found["great-fire"].rules == {"cone_economy": "keep"}
