"""benchmarks/strength.py runs to the end: its table and the game's figures after a match (a small match)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "strength.py"


def test_the_strength_script_prints_the_table_and_the_games_figures() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "brigade", "--games", "3", "--workers", "1", "--matches", "greedy-random"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    assert "| greedy " in out.stdout and "| random " in out.stdout and "95% Wilson" in out.stdout
    assert "per game: " in out.stdout  # the Brigade's own statistics: fires doused, blocks destroyed ...
