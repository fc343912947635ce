"""Playing The Brigade at the terminal through the generic CLI (render hook, options as flags, bots)."""

from typer.testing import CliRunner

from firebreak.cli.main import app


def test_play_brigade_in_the_terminal_to_the_end():
    runner = CliRunner()
    args = ["play", "brigade", "--players", "3", "--advanced", "--big-buildings", "--fire-festival",
            "--seed", "3", "--bots", "random"]
    result = runner.invoke(app, args, input="1\n" * 400, env={"COLUMNS": "200"})
    out = result.output
    assert "Traceback" not in out, out[-3000:]
    assert "THE BRIGADE" in out and "Great Lecture Hal" in out  # the 6x6 town
    assert "to act:" in out and "end turn" in out  # the prompt and a numbered action list
    assert "Game over" in out and "Loyalty: " in out  # the final result and the score sheets
