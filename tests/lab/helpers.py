"""Running the ``firebreak`` app in-process for the lab's command tests."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from firebreak.cli.main import app


def run(args: list, input: str | None = None):
    """Invoke the CLI with wide columns so Rich tables do not wrap the text the tests look for."""
    result = CliRunner().invoke(app, [str(a) for a in args], input=input, env={"COLUMNS": "250"})
    assert "Traceback" not in result.output, result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes, to prove a refused command changed nothing."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def without_volatile(rows: list[dict]) -> list[dict]:
    """Rows as compared between runs (they hold no timings, so this is the identity; kept explicit)."""
    return [dict(r) for r in rows]
