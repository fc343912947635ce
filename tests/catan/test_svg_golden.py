"""The Catan board SVG is byte-for-byte what it was before the renderer was made cheap (see
``tests/games/svg_golden.py``; regenerate on purpose with ``python tests/catan/test_svg_golden.py --write``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.svg_golden import check, snapshots, write  # noqa: E402

from firebreak.core import GameState  # noqa: E402
from firebreak.games.catan.svg import render_svg  # noqa: E402

GOLDEN = Path(__file__).parent / "data" / "svg_golden.json.xz"
GAMES = (  # (seed, players, options, every how many actions a snapshot is taken)
    (31, 4, {"mode": "firestorm", "layout": "random"}, 23),
    (32, 3, {"mode": "classic", "layout": "beginner"}, 29),
    (33, 6, {"mode": "classic", "layout": "random"}, 31),
    (34, 5, {"mode": "firestorm", "layout": "random", "player_trades": False}, 37),
)
EARLY = 20  # every action of the set-up is a snapshot: settlements and roads are clickable there
RARE = ("city ", "robber to", "firestorm on")  # clickable cities and hexes: also a snapshot when legal
RARE_PER_GAME = 8
LIMIT = 600  # actions per game: random play rarely ends a game of Catan, and the board is well covered by then


class _Snaps:
    """The set-up, and up to RARE_PER_GAME positions per game where a city or a hex is clickable."""

    def __init__(self) -> None:
        self.extra = 0

    def __call__(self, state: GameState, played: int) -> bool:
        if played == 0:
            self.extra = 0
        rare = self.extra < RARE_PER_GAME and any(
            state.action_to_text(a).startswith(RARE) for a in state.legal_actions()
        )
        self.extra += rare
        return played < EARLY or rare


def test_the_board_svg_is_unchanged_for_every_viewer() -> None:
    check(GOLDEN, snapshots("catan", render_svg, GAMES, LIMIT, _Snaps()))


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write(GOLDEN, snapshots("catan", render_svg, GAMES, LIMIT, _Snaps()))
