"""Running the ``firebreak`` app in-process, as a user at a terminal would."""

from __future__ import annotations

from typer.testing import CliRunner

from firebreak.cli.main import app


def run(args: list[str], input: str | None = None):
    """Invoke the CLI; wide columns so Rich tables do not wrap the text the tests look for."""
    result = CliRunner().invoke(app, [str(a) for a in args], input=input, env={"COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result
