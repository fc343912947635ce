"""benchmarks/paired_bots.py: the same seed and seat played by two bots, the per-pair differences with intervals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "paired_bots.py"


def test_paired_games_show_greedy_above_random_in_the_same_seat() -> None:
    out = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            "brigade",
            "--a",
            "greedy",
            "--b",
            "random",
            "--against",
            "random",
            "--games",
            "6",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    pairs = [line for line in out.stdout.splitlines() if line.strip().startswith("pair ")]
    assert len(pairs) == 6
    # the lone seat rotates with the game, as in the strength matches
    assert {line.split("(seat ")[1][0] for line in pairs} == {"0", "1", "2"}
    # greedy keeps more of the town than random in the very same games, and the paired interval says so
    assert "win share: A " in out.stdout
    assert "margin: A " in out.stdout and "A higher" in out.stdout.split("margin: A ")[1].splitlines()[0]
