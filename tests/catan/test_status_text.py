"""The status line every screen shows (terminal, board picture, browser via the view): the set-up placements say
who places what, turns are counted from 1, and no screen ever says "Turn 0"."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.text_sweep import svg_words  # noqa: E402

from firebreak.games.catan.render import render  # noqa: E402
from firebreak.games.catan.svg import render_svg  # noqa: E402
from firebreak.games.catan.words import status  # noqa: E402

from .helpers import new  # noqa: E402
from .seafarers_helpers import sea_game  # noqa: E402


def _screens(s):
    for viewer in (None, *range(s.num_players)):
        view = s.view(viewer)
        yield render(view)
        yield svg_words(render_svg(view, []))


def test_set_up_says_who_places_what_and_the_first_turn_is_turn_one():
    s = new(4, seed=3)
    assert status(s.view(2)) == "Firestorm rules · Set-up: Blue (P0) places their first settlement"
    seen = []
    while s.view(None)["setup_round"]:
        seen.append(status(s.view(None)))
        s.apply(s.legal_actions()[0])
    assert seen[:4] == [
        "Firestorm rules · Set-up: Blue (P0) places their first settlement",
        "Firestorm rules · Set-up: Blue (P0) places a road next to their first settlement",
        "Firestorm rules · Set-up: Orange (P1) places their first settlement",
        "Firestorm rules · Set-up: Orange (P1) places a road next to their first settlement",
    ]
    assert seen[6:10] == [
        "Firestorm rules · Set-up: Black (P3) places their first settlement",
        "Firestorm rules · Set-up: Black (P3) places a road next to their first settlement",
        "Firestorm rules · Set-up: Black (P3) places their second settlement",
        "Firestorm rules · Set-up: Black (P3) places a road next to their second settlement",
    ]
    assert len(seen) == 16
    assert status(s.view(1)).startswith("Firestorm rules · Turn 1: Blue (P0) · Blue (P0) to act: roll the dice")
    while s.turn == 0:
        s.apply(s.legal_actions()[-1] if s.phase != 2 else s.legal_actions()[0])
    assert "Turn 2: Orange (P1)" in status(s.view(0))


def test_seafarers_set_up_offers_a_road_or_a_ship():
    s = sea_game(3, seed=1)
    s.apply(s.legal_actions()[0])
    assert (
        status(s.view(0))
        == "Firestorm rules · Set-up: Blue (P0) places a road or a ship next to their first settlement"
    )


def test_no_screen_says_turn_0_over_whole_games():
    for s, seed in ((new(4, seed=5, mode="classic", turn_limit=8), 5), (sea_game(3, seed=6, turn_limit=6), 6)):
        rng = random.Random(seed)
        while True:
            for text in _screens(s):
                assert "Turn 0" not in text, text
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_actions()))
        assert not [line for line in map(s.describe_event, s.events) if "Turn 0" in line]


def test_the_rules_help_tells_the_firestorm_rules_from_the_classic_ones():
    """The help is one for both rules: what only the Classic rules have (development cards, victory point cards,
    the robber, Largest Army) is said to be theirs, so a player under the Firestorm rules is not told to buy it."""
    from .helpers import SPEC

    help_ = SPEC.help()
    points = [help_["summary"]] + [p for s in help_["sections"] for p in s["points"]]
    classic_only = ("development card", "victory point card", "robber", "Largest Army")
    for point in points:
        if any(word in point for word in classic_only):
            assert "Classic rules" in point, point
    assert not any("In this variant" in p for p in points)  # ("variant" is a designer's variant file in the lobby)
