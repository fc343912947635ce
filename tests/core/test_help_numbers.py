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


def _help_text(game: str, rules: dict | None = None) -> str:
    load_all()
    spec = get_game(game)
    return " ".join(_said(help_for(spec, {"rules": rules} if rules else None)))


@pytest.mark.parametrize(
    ("rules", "says"),
    [
        (None, "entering a destroyed block costs 1 extra space, and a move never ends on one"),
        ({"destroyed_block_extra_movement": 0}, "entering a destroyed block costs no extra spaces"),
        ({"destroyed_block_extra_movement": 2}, "entering a destroyed block costs 2 extra spaces"),
        (None, "upgrade a track of your Firehouse (at most 1 upgrade a turn)"),
        ({"upgrades_per_turn": 2}, "(at most 2 upgrades a turn)"),
        (None, "Extinguishing takes 1 water token for each level the fire drops."),
        ({"water_per_level": 3}, "Extinguishing takes 3 water tokens for each level the fire drops."),
        (None, "puts a fire out completely earns 1 renown token per level it took off"),
        ({"renown_per_level": 0}, "puts a fire out completely earns no renown tokens per level it took off"),
    ],
)
def test_the_brigade_help_reads_well_at_zero_one_and_more(rules: dict | None, says: str) -> None:
    """The Brigade's help at the printed 1 and a variant's 0 or more: no "0 more", no "1 time a turn", nouns in the
    right number."""
    assert says in _help_text("brigade", rules)


@pytest.mark.parametrize(
    ("rules", "says"),
    [
        (None, "intensifies the fire: that player adds 3 cones to uncontained fires"),
        ({"intensify_cones": 1}, "intensifies the fire: that player adds 1 cone to uncontained fires"),
        ({"intensify_cones": 0}, "intensifies the fire: that player adds no cones to uncontained fires"),
        (None, "Pudding Lane gets 5 cones from the stock when it is down to one"),
        ({"pudding_lane_refill": 1}, "Pudding Lane gets 1 cone from the stock"),
        ({"pudding_lane_refill": 0}, "Pudding Lane gets no cones from the stock"),
        (None, "A demolition costs no action points."),
        ({"demolition_cost": 1}, "A demolition costs 1 action point."),
        ({"action_points": 1}, "Then 1 action point: move your landowner (1 point a district)"),
        ({"demolition_cost": 2}, "Action points a demolition costs (free as printed): 2 (the rulebook: 0)."),
    ],
)
def test_the_great_fire_help_reads_well_at_zero_one_and_more(rules: dict | None, says: str) -> None:
    """The Great Fire's help at the printed values and a variant's 0 or 1: the verb agrees, a zero says "no"."""
    assert says in _help_text("great-fire", rules)


@pytest.mark.parametrize(
    ("stations", "says"),
    [(None, "The first to build 3 fire stations earns"), (1, "The first to build 1 fire station earns")],
)
def test_the_catan_fire_wardens_line_agrees_at_one_station(stations: int | None, says: str) -> None:
    """The Fire Wardens' line keeps its verb right at a variant's one station (no "1 fire station earn")."""
    assert says + " The Fire Wardens (2 points)" in _help_text(
        "catan", {"fire_wardens_min": stations} if stations else None
    )
