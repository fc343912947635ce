"""The Great Fire board SVG is byte-for-byte what it was before the renderer was made cheap (see
``tests/games/svg_golden.py``; regenerate on purpose with ``python tests/great_fire/test_svg_golden.py --write``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.svg_golden import check, snapshots, write  # noqa: E402

from firebreak.games.great_fire.svg import render_svg  # noqa: E402

GOLDEN = Path(__file__).parent / "data" / "svg_golden.json.xz"
GAMES = (  # (seed, players, options, every how many actions a snapshot is taken)
    (11, 4, {}, 9),
    (12, 3, {"hidden_colours": True}, 11),
    (13, 6, {"more_destruction": True}, 13),
    (14, 5, {"hidden_colours": True, "more_destruction": True}, 17),
)


def test_the_board_svg_is_unchanged_for_every_viewer_over_whole_games() -> None:
    check(GOLDEN, snapshots("great-fire", render_svg, GAMES))


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write(GOLDEN, snapshots("great-fire", render_svg, GAMES))
