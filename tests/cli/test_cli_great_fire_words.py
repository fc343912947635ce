"""The Great Fire at the terminal: set-up choices grouped by region with short lines (the district's name only),
forced steps played by themselves with their one line, and the ending explained under the score table."""

from __future__ import annotations

import re

from firebreak.cli.menu import build_menu, listing
from firebreak.core import get_game

from .scripted import random_player, screen, session_for


def test_set_up_is_grouped_by_region_with_short_lines() -> None:
    state = get_game("great-fire").new_game(3, 1)
    menu = build_menu(state.action_choices())
    top = listing(menu.root)
    assert all(re.match(r"\s+[a-z]\. (Orange|Blue|Purple) region|\s+[a-z]\. Grassed areas", t) for t in top), top
    assert not any("..." in t for t in top)  # no arbitrary ranges
    names = {c.label for c in state.action_choices()}
    for group in menu.groups.values():
        for line in listing(group):
            number, _, label = line.strip().partition(". ")
            assert number.isdigit() and label in names, line  # the district, nothing repeated after it


def test_a_whole_game_plays_forced_steps_by_themselves_and_explains_the_ending() -> None:
    state = get_game("great-fire").new_game(3, 3)
    session = session_for(state, [0, 1, 2], random_player(3))
    assert session.run()
    out = screen(session)
    assert "You hold no Fire moves twice token, so the fire moves only once." in out
    assert not re.search(r"\d+\. No second fire move - You hold no", out)  # the lone answer is never asked
    assert "Fire cones kept" in out
    assert "holds the Hero of London" in out or "nobody holds the Hero of London" in out
