"""Golden files for the games' board SVGs: the drawing must stay byte-for-byte what it was.

The play server sends browsers patches of the SVG text and the e2e tests click on its elements, so a faster
renderer must not change a single byte. Each game keeps ``data/svg_golden.json.xz`` beside its test: the SVG drawn
for a fixed set of (seed, players, options, actions played, viewer) cases over random games, every seat and the
spectator (None), the seat to act with its legal actions. Regenerate only on purpose, when the drawing is meant to
change: ``python tests/<game>/test_svg_golden.py --write``.
"""

from __future__ import annotations

import json
import lzma
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from firebreak.core import GameState, get_game

Snap = Callable[[GameState, int], bool]
"""Whether to draw a snapshot of this state (after this many actions), besides every ``every`` actions."""


def snapshots(
    game: str,
    render: Callable[..., str],
    games: tuple[tuple[int, int, dict[str, Any], int], ...],
    limit: int | None = None,
    snap: Snap | None = None,
) -> Iterator[tuple[dict[str, Any], str]]:
    """(case, svg) for each snapshot: random games of ``(seed, players, options, every)``, all viewers each time,
    until the game ends or ``limit`` actions are played."""
    spec = get_game(game)
    for seed, players, options, every in games:
        state = spec.new_game(players, seed, options)
        rng = random.Random(seed)
        played = 0
        while True:
            done = state.is_terminal() or (limit is not None and played >= limit)
            wanted = snap is not None and not done and snap(state, played)  # asked every time: it may count
            if played % every == 0 or done or wanted:
                to_act = state.current_player()
                for viewer in (None, *range(players)):
                    legal = (
                        [(a, state.action_to_text(a)) for a in state.legal_actions()]
                        if viewer is not None and viewer == to_act
                        else []
                    )
                    case = {"seed": seed, "players": players, "options": options, "actions": played, "viewer": viewer}
                    yield case, render(state.view(viewer), legal)
            if done:
                break
            state.apply(rng.choice(state.legal_actions()))
            played += 1


def check(golden: Path, drawn: Iterator[tuple[dict[str, Any], str]]) -> None:
    """Every snapshot drawn now equals the golden one, case by case."""
    want_rows = json.loads(lzma.decompress(golden.read_bytes()))
    got = list(drawn)
    assert len(got) == len(want_rows), "the golden games no longer play out the same (rules changed?)"
    assert any(c["viewer"] is None for c, _ in got) and any(w["svg"].count("data-action") for w in want_rows)
    for (case, svg), want in zip(got, want_rows, strict=True):
        assert {k: want[k] for k in case} == case
        assert svg == want["svg"], f"SVG differs for {case}"


def write(golden: Path, drawn: Iterator[tuple[dict[str, Any], str]]) -> None:
    rows = [{**case, "svg": svg} for case, svg in drawn]
    golden.parent.mkdir(exist_ok=True)
    golden.write_bytes(lzma.compress(json.dumps(rows).encode(), preset=9 | lzma.PRESET_EXTREME))
    print(f"{len(rows)} cases, {golden.stat().st_size} bytes")
