"""Every Catan rule parameter reaches the rules: changing it changes play as the rule it stands for says."""

from __future__ import annotations

import random
from typing import Any

import pytest

from firebreak.core import get_game
from firebreak.games.catan.constants import DISCARD, KNIGHT, MAIN, MOVE_TOKEN, PIECES

SPEC = get_game("catan")


def game(rules: dict[str, Any] | None = None, **options: Any) -> Any:
    return SPEC.new_game(4, 2, {**options, **({"rules": rules} if rules else {})})


COSTS = {
    "road": {"lumber": 1, "brick": 1},
    "settlement": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1},
    "city": {"grain": 2, "ore": 3},
    "development_card": {"wool": 1, "grain": 1, "ore": 1},
    "fire_station": {"lumber": 1, "ore": 1, "wool": 1},
}
"""The printed building costs (the building costs card; the fire station's from the Fire Stations rules)."""
DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")


def test_the_parameters_are_declared() -> None:
    costs = {f"{item}_cost_{r}" for item, cost in COSTS.items() for r in cost}
    assert {p.name for p in SPEC.parameters} == {
        "victory_points_to_win",
        "discard_limit",
        "longest_road_min",
        "largest_army_min",
        "fire_wardens_min",
        "firestorm_cards_per_building",
        "firestorm_robbed_free_buildings",
        *costs,
        *(f"extra_{k}_cards" for k in DEV_CARDS),
    }
    assert all(p.quote and p.minimum is not None and p.maximum is not None for p in SPEC.parameters)


def _actions_of(s: Any, item: str) -> list[int]:
    """The legal actions that build (or buy) ``item`` (asked afresh: the tests change hands in place)."""
    s._legal = None
    if hasattr(s, "_legal_set"):
        s._legal_set = None
    lay = s.lay
    span = {
        "road": (lay.road, lay.settle),
        "settlement": (lay.settle, lay.city),
        "city": (lay.city, lay.station),
        "fire_station": (lay.station, lay.station + s.topo.num_nodes),
        "development_card": (lay.buy_dev, lay.buy_dev + 1),
    }[item]
    return [a for a in s.legal_actions() if span[0] <= a < span[1]]


def _position_to_build(item: str, rules: dict[str, Any]) -> Any:
    """A main-phase position (random play, then a rich hand) where the turn player has somewhere to put ``item``."""
    mode = "classic" if item == "development_card" else "firestorm"
    r = random.Random(3)
    s = game(rules, mode=mode)
    while not s.is_terminal():
        if s.phase == MAIN and s.actor == s.turn:
            c = s.clone()
            c.hands[c.turn] = [9] * 5
            if _actions_of(c, item):
                return s
        s.apply(r.choice(s.legal_actions()))
    raise AssertionError(f"no position to build a {item}")


@pytest.mark.parametrize("item,resource", [(i, r) for i, cost in COSTS.items() for r in cost])
def test_a_building_cost_decides_what_a_player_may_build_and_pays(item: str, resource: str) -> None:
    """With one more card of a resource in the cost, the printed cost no longer buys the item; the new cost does,
    and it is what the player pays."""
    names = ("lumber", "brick", "wool", "grain", "ore")
    printed = [COSTS[item].get(n, 0) for n in names]
    s = _position_to_build(item, {})
    s.hands[s.turn] = list(printed)
    assert _actions_of(s, item)
    dearer = _position_to_build(item, {f"{item}_cost_{resource}": COSTS[item][resource] + 1})
    p = dearer.turn
    dearer.hands[p] = list(printed)
    assert not _actions_of(dearer, item)
    dearer.hands[p][names.index(resource)] += 1
    dearer.apply(_actions_of(dearer, item)[0])
    assert dearer.hands[p] == [0, 0, 0, 0, 0]


def test_a_cost_of_nothing_makes_a_road_free() -> None:
    s = _position_to_build("road", {"road_cost_lumber": 0, "road_cost_brick": 0})
    s.hands[s.turn] = [0, 0, 0, 0, 0]
    assert _actions_of(s, "road")


def _fire_toll(rules: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Play the set-up (free of every rule changed here), then let the firestorm land on a hex holding a
    player's building with that player robbed; returns the player and what the fire asked of them."""
    s = game(rules)
    r = random.Random(5)
    while s.phase in (0, 1):  # the set-up's settlements and roads
        s.apply(r.choice(s.legal_actions()))
    q = 0
    hex_ = next(h for h, nodes in enumerate(s.topo.hex_nodes) if any(s.node_owner[n] == q for n in nodes))
    s.hands[q] = [5, 0, 0, 0, 0]
    s.token_hex = hex_
    s._spread_fire(q)
    spread = [e for e in s.events if e.kind == "fire_spreads"][-1]
    return q, spread.data["players"][str(q)]


def test_firestorm_cards_per_building_and_the_robbed_players_free_buildings() -> None:
    q, printed = _fire_toll({})
    burning = len(printed["buildings"])
    assert printed["owed"] == burning - 1  # the robbed player's first building costs nothing
    _, double = _fire_toll({"firestorm_cards_per_building": 2})
    assert double["owed"] == 2 * (burning - 1)
    _, none_free = _fire_toll({"firestorm_robbed_free_buildings": 0})
    assert none_free["owed"] == burning


@pytest.mark.parametrize("kind", DEV_CARDS)
def test_the_development_deck_makeup(kind: str) -> None:
    index = DEV_CARDS.index(kind)
    printed = game(mode="classic").dev_deck.count(index)
    assert printed > 0
    more = game({f"extra_{kind}_cards": 3}, mode="classic").dev_deck
    assert more.count(index) == printed + 3
    none = game({f"extra_{kind}_cards": -printed}, mode="classic").dev_deck
    assert none.count(index) == 0 and len(none) == 25 - printed


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
