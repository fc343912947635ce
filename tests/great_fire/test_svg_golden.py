"""The Great Fire board SVG is byte-for-byte what it was before the renderer was made cheap (golden files).

The play server sends browsers patches of the SVG text and the e2e tests click on its elements, so a faster
renderer must not change a single byte. ``data/svg_golden.json.xz`` holds the SVG the original renderer drew for
a fixed set of (seed, players, options, actions played, viewer) cases over whole random games, every seat and
the spectator (None), the seat to act with its legal actions. Regenerate only on purpose, when the drawing is
meant to change: ``python tests/great_fire/test_svg_golden.py --write``.
"""

from __future__ import annotations

import json
import lzma
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from firebreak.core import get_game
from firebreak.games.great_fire.svg import render_svg

GAME = "great-fire"
GOLDEN = Path(__file__).parent / "data" / "svg_golden.json.xz"
GAMES = (  # (seed, players, options, every how many actions a snapshot is taken)
    (11, 4, {}, 9),
    (12, 3, {"hidden_colours": True}, 11),
    (13, 6, {"more_destruction": True}, 13),
    (14, 5, {"hidden_colours": True, "more_destruction": True}, 17),
)


def snapshots() -> Iterator[tuple[dict[str, Any], str]]:
    """(case, svg) for every snapshot of every game: a random whole game, all viewers at each snapshot."""
    spec = get_game(GAME)
    for seed, players, options, every in GAMES:
        state = spec.new_game(players, seed, options)
        rng = random.Random(seed)
        played = 0
        while True:
            if played % every == 0 or state.is_terminal():
                to_act = state.current_player()
                for viewer in (None, *range(players)):
                    legal = ([(a, state.action_to_text(a)) for a in state.legal_actions()]
                             if viewer is not None and viewer == to_act else [])
                    case = {"seed": seed, "players": players, "options": options, "actions": played,
                            "viewer": viewer}
                    yield case, render_svg(state.view(viewer), legal)
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
            played += 1


def _load() -> list[dict[str, Any]]:
    return json.loads(lzma.decompress(GOLDEN.read_bytes()))


def test_the_board_svg_is_unchanged_for_every_viewer_over_whole_games() -> None:
    golden = _load()
    drawn = list(snapshots())
    assert len(drawn) == len(golden), "the golden games no longer play out the same (rules changed?)"
    assert any(c["viewer"] is None for c, _ in drawn) and any(g["svg"].count("data-action") for g in golden)
    for (case, svg), want in zip(drawn, golden):
        assert {k: want[k] for k in case} == case
        assert svg == want["svg"], f"SVG differs for {case}"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    rows = [{**case, "svg": svg} for case, svg in snapshots()]
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_bytes(lzma.compress(json.dumps(rows).encode(), preset=9 | lzma.PRESET_EXTREME))
    print(f"{len(rows)} cases, {GOLDEN.stat().st_size} bytes")
