"""Golden playthroughs: every stored file must be exactly what its ``firebreak playthrough`` command writes today.

Any change to the rules, the views, the action texts or the event sentences shows up here as a diff. When a
change is meant, regenerate the files (``FIREBREAK_UPDATE_PLAYTHROUGHS=1 pytest tests/playthroughs``, or the
command in each file's ``made by:`` line), read the diff as a player would and commit it with the change.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from firebreak.core import get_game
from firebreak.core.playthrough import playthrough, read_header

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*.txt"))


def test_every_game_has_playthroughs() -> None:
    from firebreak.core import all_games

    covered = {read_header(f.read_text(encoding="utf-8"))[0] for f in FILES}
    shipped = {spec.name for spec in all_games() if spec.state_class.__module__.startswith("firebreak.games.")}
    assert covered == shipped  # (toy games other tests register are not shipped games)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_playthrough_unchanged(path: Path) -> None:
    stored = path.read_text(encoding="utf-8")
    game, players, seed, options, max_steps = read_header(stored)
    fresh = playthrough(get_game(game), seed, players, options, max_steps)
    if fresh != stored and os.environ.get("FIREBREAK_UPDATE_PLAYTHROUGHS") == "1":
        path.write_text(fresh, encoding="utf-8")
        pytest.skip(f"rewrote {path.name}")
    if fresh != stored:
        diff = difflib.unified_diff(stored.splitlines(), fresh.splitlines(), "stored", "today", lineterm="", n=2)
        shown = "\n".join(list(diff)[:60])
        pytest.fail(f"{path.name} no longer matches what the game does; first differences:\n{shown}")


def test_playthrough_format_and_cut() -> None:
    """The header names the command that remakes the file; a game longer than the cap says it was cut."""
    text = playthrough(get_game("brigade"), 5, 2, {"advanced": True}, max_steps=3)
    assert "made by: firebreak playthrough brigade --seed 5 --players 2 --max-steps 3 --advanced" in text
    assert "## step 2:" in text and "## step 3:" not in text
    assert "cut after 3 steps (the game goes on)" in text
    assert read_header(text) == ("brigade", 2, 5, {"advanced": "True"}, 3)


def test_playthrough_command(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from firebreak.cli.main import app

    def run(args: list[object]):
        return CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})

    out = tmp_path / "p.txt"
    result = run(
        [
            "playthrough",
            "great-fire",
            "--seed",
            "4",
            "--players",
            "3",
            "--max-steps",
            "2",
            "--hidden-colours",
            "--out",
            out,
        ]
    )
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == playthrough(get_game("great-fire"), 4, 3, {"hidden_colours": True}, 2)
    bad = run(["playthrough", "great-fire", "--seed", "4", "--players", "9"])
    assert bad.exit_code == 2 and "3-6 players" in bad.output
