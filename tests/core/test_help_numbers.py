"""The rules help follows the game's rules: a number written as its rule parameter shows the game's value (a
variant's), and a game under changed rules lists what changed first."""

from __future__ import annotations

import pytest

from firebreak.core import get_game
from firebreak.core.help import RULES_HEADING, HelpError, fill_numbers, help_for
from firebreak.core.registry import load_all


def _said(helped: dict) -> list[str]:
    return [helped["summary"], *(p for s in helped["sections"] for p in s["points"])]


@pytest.mark.parametrize("game", ["great-fire", "brigade", "catan"])
def test_every_number_written_as_a_parameter_is_filled_in(game: str) -> None:
    load_all()
    helped = help_for(get_game(game))
    assert helped is not None and not any("{" in text or "}" in text for text in _said(helped))
    assert helped["sections"][0]["heading"] != RULES_HEADING


def test_a_name_that_is_no_parameter_is_refused() -> None:
    assert fill_numbers("{hand_size|card} and {house_vp} VP", {"hand_size": 1, "house_vp": 2}) == "1 card and 2 VP"
    with pytest.raises(HelpError, match=r"\{hand_sise\} is not a rule parameter"):
        fill_numbers("up to {hand_sise}", {"hand_size": 5})


def test_the_great_fire_help_says_a_variants_costs_points_and_demolition_limit() -> None:
    load_all()
    spec = get_game("great-fire")
    rules = {"demolition_min_houses": 4, "put_out_fire_cost": 2, "cone_vp": 2, "landowner_move_cost": 3}
    text = " ".join(_said(help_for(spec, {"rules": rules})))
    assert "Never in a district of 4 or more houses" in text
    assert "Put out a fire (2 action points)" in text and "keep it (2 VP at the end)" in text
    assert "move your landowner (3 points a district)" in text
    printed = " ".join(_said(help_for(spec)))
    assert "Never in a district of 3 or more houses" in printed and "Put out a fire (1 action point)" in printed
