"""Every Brigade rule parameter reaches the set-up it stands for."""

from __future__ import annotations

from typing import Any

from firebreak.core import get_game
from firebreak.games.brigade.state import UNIVERSITY_POS

SPEC = get_game("brigade")


def game(rules: dict[str, Any] | None = None) -> Any:
    return SPEC.new_game(3, 4, {"rules": rules} if rules else {})


def test_the_parameters_are_declared() -> None:
    assert {p.name for p in SPEC.parameters} == {"university_start_intensity", "wagon_start_water",
                                                 "renown_per_player", "loyalty_per_player"}


def test_university_start_intensity() -> None:
    base, hotter = game(), game({"university_start_intensity": 3})
    assert [hotter.intensity[p] - base.intensity[p] for p in UNIVERSITY_POS] == [1, 1, 1, 1]


def test_wagon_start_water() -> None:
    assert game().ww == [2, 2, 2] and game({"wagon_start_water": 0}).ww == [0, 0, 0]


def test_tokens_per_player() -> None:
    s = game({"renown_per_player": 5, "loyalty_per_player": 4})
    assert s.renown_left == [5, 5, 5] and s.loyalty_left == [4, 4, 4]
    assert game().renown_left == [16, 16, 16]
