"""``firebreak play --variant`` at the terminal on a variant's own board: the map is that board's, and the save
carries the board so ``--load`` resumes on it."""

from __future__ import annotations

from pathlib import Path

import yaml

from firebreak.core import load_game
from firebreak.core.parameters import BOARD_KEY

from .helpers import run

BRIDGELESS = Path(__file__).resolve().parents[2] / "examples" / "variants" / "great-fire-fleet-without-bridges.yaml"


def test_play_a_variant_on_its_board_save_and_resume_on_it(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ["play", "great-fire", "--variant", BRIDGELESS, "--seed", "3", "--bots", "random", "--save", save]
    result = run(args, input="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Holborn" in result.stdout and "Game saved to" in result.stdout
    paused = load_game(save)
    assert paused.options[BOARD_KEY] is not None and paused.options["variant"]["name"] == "The Fleet without bridges"
    assert not any(link.kind == "bridge" for link in paused.board.links)
    resumed = run(["play", "--load", save, "--bots", "random", "--save", save], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert load_game(save).options[BOARD_KEY] == paused.options[BOARD_KEY]


SCARCE_ORE = Path(__file__).resolve().parents[2] / "examples" / "variants" / "catan-scarce-ore.yaml"


def test_play_catan_on_a_variants_layout_save_and_resume_on_it(tmp_path: Path) -> None:
    """The Scarce ore layout: hex A is grain 10 (the beginner layout's is ore 10), ore only on L and N."""
    save = tmp_path / "g.json"
    args = ["play", "catan", "--variant", SCARCE_ORE, "--seed", "3", "--bots", "random", "--save", save]
    result = run(args, input="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "grain 10" in result.stdout and "ore 11" in result.stdout and "Game saved to" in result.stdout
    assert "Playing Catan with Fire Stations — Variant: Scarce ore: 4 players" in result.stdout  # (the lobby's title)
    paused = load_game(save)
    assert paused.options[BOARD_KEY]["frame"] == "base" and paused.options["variant"]["name"] == "Scarce ore"
    assert paused.history and paused.numbers[0] == 10
    resumed = run(["play", "--load", save, "--bots", "random", "--save", save], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "grain 10" in resumed.stdout
    assert load_game(save).options[BOARD_KEY] == paused.options[BOARD_KEY]


def test_a_layouts_player_counts_at_the_terminal(tmp_path: Path) -> None:
    """A count the layout's frame cannot seat is refused in a player's words; a variant naming no count starts
    with one its board seats (a 5-6 frame layout: 5, not the game's usual 4)."""
    save = tmp_path / "g.json"
    refused = run(["play", "catan", "--variant", SCARCE_ORE, "--players", "5", "--bots", "random", "--save", save])
    assert refused.exit_code != 0 and "This variant's board seats 3 or 4 players, not 5" in refused.output
    assert "board.frame" not in refused.output and not save.exists()
    terrain = ["desert" if h in (0, 14, 29) else ("lumber" if h % 2 else "ore") for h in range(30)]
    tokens = iter([2, 3, 4, 5, 6, 8, 9, 10, 11, 12] * 3)
    numbers = [0 if t == "desert" else next(tokens) for t in terrain]
    (tmp_path / "big.yaml").write_text(yaml.safe_dump({"frame": "5-6", "terrain": terrain, "numbers": numbers}))
    (tmp_path / "v.yaml").write_text("game: catan\nname: Big island\nboard: big.yaml\n")
    started = run(
        ["play", "catan", "--variant", tmp_path / "v.yaml", "--bots", "random", "--save", save], input="quit\n"
    )
    assert started.exit_code == 0, started.output
    assert load_game(save).num_players == 5
