"""The Brigade town SVG is byte-for-byte what it was before the renderer was made cheap (see
``tests/games/svg_golden.py``; regenerate on purpose with ``python tests/brigade/test_svg_golden.py --write``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.svg_golden import check, snapshots, write  # noqa: E402

from firebreak.games.brigade.svg import render_svg  # noqa: E402

GOLDEN = Path(__file__).parent / "data" / "svg_golden.json.xz"
GAMES = (  # (seed, players, options, every how many actions a snapshot is taken)
    (21, 3, {}, 3),
    (22, 2, {"advanced": True, "big_buildings": True}, 4),
    (23, 4, {"fire_festival": True, "addon_pack": True}, 5),
    (24, 4, {"advanced": True, "big_buildings": True, "fire_festival": True, "addon_pack": True}, 6),
)


def test_the_town_svg_is_unchanged_for_every_viewer_over_whole_games() -> None:
    check(GOLDEN, snapshots("brigade", render_svg, GAMES))


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    write(GOLDEN, snapshots("brigade", render_svg, GAMES))
