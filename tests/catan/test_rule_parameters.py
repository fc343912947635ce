"""Every Catan rule parameter reaches the rules: changing it changes play as the rule it stands for says."""

from __future__ import annotations

import random
from typing import Any

from firebreak.core import get_game
from firebreak.games.catan.constants import DISCARD, KNIGHT, MOVE_TOKEN, PIECES

SPEC = get_game("catan")


def game(rules: dict[str, Any] | None = None, **options: Any) -> Any:
    return SPEC.new_game(4, 2, {**options, **({"rules": rules} if rules else {})})


def test_the_parameters_are_declared() -> None:
    assert {p.name for p in SPEC.parameters} == {"victory_points_to_win", "discard_limit", "longest_road_min",
                                                 "largest_army_min", "fire_wardens_min"}


def test_victory_points_to_win_ends_the_game_sooner() -> None:
    s = game({"victory_points_to_win": 3})
    r = random.Random(1)
    while not s.is_terminal():
        s.apply(r.choice(s.legal_actions()))
    assert s.win_vp == 3
    assert 3 <= max(s.total_vp(p) for p in range(4)) < 10


def test_discard_limit() -> None:
    for limit, phase in ((7, DISCARD), (8, MOVE_TOKEN)):
        s = game({"discard_limit": limit})
        s.hands[1] = [2, 2, 2, 2, 0]
        s._seven(0)
        assert s.phase == phase


def test_longest_road_min() -> None:
    for minimum, holder in ((5, -1), (4, 0)):
        s = game({"longest_road_min": minimum})
        s.road_len = [4, 1, 1, 1]
        s.road_holder = -1
        s._update_longest_road()
        assert s.road_holder == holder


def test_largest_army_min() -> None:
    for minimum, holder in ((3, -1), (2, 0)):
        s = game({"largest_army_min": minimum}, mode="classic")
        s.dev_hand[0][KNIGHT] = 1
        s.army[0] = 1
        s._dev(0, s.lay.knight)
        assert s.army_holder == holder


def test_fire_wardens_min() -> None:
    for minimum, holder in ((3, -1), (2, 0)):
        s = game({"fire_wardens_min": minimum})
        s.hands[0] = [3, 3, 3, 3, 3]
        s.stations_left[0] = PIECES.fire_stations - 1
        node = next(n for n in range(len(s.station)) if not s.station[n])
        s._place_station(0, node)
        assert s.wardens_holder == holder
