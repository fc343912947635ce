"""The terminal map: the board's outlines in characters, every district and field findable by its code.

The codes are looked for on the map a player reads (``firebreak play``'s screen), on the loaded board, and each
is named in the list under the map, a region at a time.
"""

from __future__ import annotations

import re

from firebreak.games.great_fire.maptext import WIDTH, layout
from firebreak.games.great_fire.render import render_map

from .helpers import BOARD, SPEC, Position, d


def _map_lines(text: str) -> list[str]:
    return text.split("\nMarks:")[0].splitlines()


def test_every_code_is_on_the_map_inside_its_own_district_and_named_below():
    pos = Position(4, seed=2)
    screen = SPEC.render(pos.s.view(0))
    lines = _map_lines(screen)
    words = {w for line in lines for w in re.findall(r"[A-Za-z]+", line)}
    lay = layout()
    for i, code in enumerate(BOARD.codes):
        assert code in words, f"{BOARD.names[i]} ({code}) is not on the map"
        r, c = lay.labels[i]
        assert lay.owner[r][c] == i, f"{code} is written outside {BOARD.names[i]}"
        assert lines[r][c : c + len(code)] == code
        assert re.search(rf"^{code} +{re.escape(BOARD.names[i])}\b", screen, re.M), f"{code} is not in the legend"


def test_the_map_fits_an_80_column_terminal_and_shows_river_wall_and_fields():
    text = render_map(Position(4, seed=2).s.view(None))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    body = "\n".join(_map_lines(text))
    assert "~~~~~~~~~~" in body  # the Thames
    assert "#####" in body  # the city wall
    for i in range(BOARD.num_districts):
        if BOARD.grassed_space[i]:
            r, c = layout().labels[i]
            assert ":" in lines[r] or ":" in lines[r - 1]
    assert any(len(line) >= WIDTH - 4 for line in lines)


def test_each_district_shows_its_state_mark():
    pos = Position(4, seed=2)
    pos.burn("S. Bennet", 3)  # uncontained fire
    pos.burn("Guild Hall", 2).bands("Guild Hall", 2)  # contained
    pos.empty("Tallow Hall")  # burnt out
    pos.demolish("Cheapside")
    lines = _map_lines(render_map(pos.s.view(1)))
    lay = layout()
    for name, mark in (
        ("S. Bennet", "*"),
        ("Guild Hall", "+"),
        ("Tallow Hall", "."),
        ("Cheapside", "x"),
        ("Pudding Lane", "*"),
    ):
        i = d(name)
        r, c = lay.labels[i]
        code = BOARD.codes[i]
        assert lines[r][c : c + len(code) + 1] == code + mark, name
        # the mark fills the district too, so the fire's extent shows at a glance
        cells = [
            lines[rr][cc]
            for rr, row in enumerate(lay.owner)
            for cc, o in enumerate(row)
            if o == i and cc < len(lines[rr]) and lay.base[rr][cc] == " "
        ]
        assert cells.count(mark) >= len(cells) // 2, name
    r, c = lay.labels[d("S. Mary")]
    assert lines[r][c + len(BOARD.codes[d("S. Mary")])] == " "  # houses standing, no fire: no mark
