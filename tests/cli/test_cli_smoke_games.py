"""Smoke test: every game shipped in the package can be simulated by the CLI (the list grows with the games)."""

import pytest

from firebreak.core import all_games

from .helpers import run

SHIPPED = [spec.name for spec in all_games()]


@pytest.mark.parametrize("name", SHIPPED)
def test_simulate_two_games(name, tmp_path):
    result = run(["simulate", name, "--games", "2", "--agents", "greedy,random", "--seed", "1", "--logs", tmp_path])
    assert result.exit_code == 0, result.output
    assert "Mean game length" in result.stdout
    replayed = run(["replay", tmp_path / "game-00000.json"])
    assert replayed.exit_code == 0, replayed.output


@pytest.mark.parametrize("name", SHIPPED)
def test_a_human_plays_a_whole_game_at_the_terminal(name, tmp_path, monkeypatch):
    """A person choosing from the menus (opening groups now and then, confirming turn-enders) reaches the end
    and sees the result; the save replays."""
    import firebreak.cli.main as cli_main
    from firebreak.cli.session import PlaySession

    from .scripted import random_player

    class Scripted(PlaySession):
        def __post_init__(self) -> None:
            super().__post_init__()
            pick = random_player(3)
            self.read_line = lambda: pick(self)

    monkeypatch.setattr(cli_main, "PlaySession", Scripted)
    save = tmp_path / "game.json"
    result = run(["play", name, "--seed", "3", "--bots", "random", "--save", save])
    assert result.exit_code == 0, result.output[-2000:]
    assert "Final scores" in result.stdout and (" wins" in result.stdout or "share the win" in result.stdout)
    assert run(["replay", save]).exit_code == 0
