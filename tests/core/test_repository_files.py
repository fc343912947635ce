"""The project's own files, as a fresh checkout holds them."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MARKERS = ("<<<<<<< ", ">>>>>>> ", "||||||| ")


def _tracked() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in out.decode().split("\0") if name]


def test_no_file_holds_a_merge_conflict_left_unresolved():
    """A merge whose conflict markers were committed breaks whatever file holds them (a lobby script that no
    longer parses leaves the lobby empty), often far from the tests of the change: caught here, by file and line."""
    found = []
    for path in _tracked():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # binary files (compiled modules, images) and files deleted in the work tree
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith(MARKERS) or line == "=======" and path.suffix not in (".md", ".rst", ".txt"):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line[:40]}")
    assert not found, "conflict markers left in:\n" + "\n".join(found)
