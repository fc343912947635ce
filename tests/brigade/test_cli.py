"""Playing The Brigade at the terminal through the generic CLI (render hook, options as flags, bots)."""

from typer.testing import CliRunner

from firebreak.cli.main import app


def test_play_brigade_in_the_terminal_to_the_end(monkeypatch):
    """A player choosing from the menus (numbers keep their move for a whole turn, so the input follows the
    listings rather than typing "1" every time)."""
    import firebreak.cli.main as cli_main
    from cli.scripted import random_player
    from firebreak.cli.session import PlaySession

    class Scripted(PlaySession):
        def __post_init__(self) -> None:
            super().__post_init__()
            pick = random_player(3)
            self.read_line = lambda: pick(self)

    monkeypatch.setattr(cli_main, "PlaySession", Scripted)
    runner = CliRunner()
    args = [
        "play",
        "brigade",
        "--players",
        "3",
        "--advanced",
        "--big-buildings",
        "--fire-festival",
        "--seed",
        "3",
        "--bots",
        "random",
    ]
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    out = result.output
    assert "Traceback" not in out, out[-3000:]
    assert "THE BRIGADE" in out and "Great Lecture Hal" in out  # the 6x6 town
    assert "to act:" in out and "End your turn" in out  # the prompt and a numbered action list
    assert "Game over" in out and "Loyalty: " in out  # the final result and the score sheets
