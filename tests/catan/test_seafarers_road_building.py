"""Road Building on the Seafarers board (ruling S10): two roads, two ships or one of each, each where that piece
may go, within the player's pieces; the base boards keep two roads."""

from __future__ import annotations

from firebreak.games.catan.constants import ROAD_BUILDING_CARD
from firebreak.games.catan.render import render
from firebreak.games.catan.state import MAIN, ROAD_BUILDING

from .helpers import blank, build
from .seafarers_helpers import check_sea_invariants, lay, put, sea_blank
from .test_seafarers_ships import _setting, ships_of


def _with_card(s, p=0):
    s.dev_deck.remove(ROAD_BUILDING_CARD)
    s.dev_hand[p][ROAD_BUILDING_CARD] += 1
    s._legal = None
    s._legal_set = None


def _sea_start():
    """Blue (P0) with a settlement on a coastal crossing of the main island and a Road Building card."""
    s = sea_blank(4, mode="classic")
    c, coast, inland = _setting(s)
    put(s, 0, c)
    _with_card(s)
    return s, c


def _kinds(s):
    lay_ = s.lay
    roads = [a for a in s.legal_actions() if lay_.road <= a < lay_.settle]
    ships = [a for a in s.legal_actions() if lay_.ship <= a < lay_.move_from]
    return roads, ships


def test_road_building_at_sea_builds_two_free_ships_that_cannot_sail_this_turn():
    s, c = _sea_start()
    assert s.lay.road_building in s.legal_actions()
    s.apply(s.lay.road_building)
    assert s.phase == ROAD_BUILDING
    roads, ships = _kinds(s)
    assert roads and ships and set(s.legal_actions()) == set(roads) | set(ships)
    s.apply(ships[0])
    assert s.phase == ROAD_BUILDING and s.free_roads == 1
    _, ships = _kinds(s)
    s.apply(ships[0])
    assert s.phase == MAIN and s.free_roads == 0
    assert len(ships_of(s, 0)) == 2 and s.ships_left[0] == 13 and s.roads_left[0] == 15
    assert s.hands[0] == [0] * 5  # free: no lumber or wool paid
    assert not [a for a in s.legal_actions() if s.lay.move_from <= a < s.lay.move_to]  # built this turn
    check_sea_invariants(s)
    log = [s.describe_event(e) for e in s.events]
    assert "Blue (P0) plays Road Building: two free roads, two free ships or one of each." in log
    assert sum(line.startswith("Blue (P0) builds a ship ") for line in log) == 2


def test_road_building_at_sea_builds_one_road_and_one_ship_and_the_choices_show_both():
    s, c = _sea_start()
    s.apply(s.lay.road_building)
    groups = {ch.group for ch in s.action_choices()}
    assert groups == {
        ("Road Building: 2 free roads or ships left", "Place a road"),
        ("Road Building: 2 free roads or ships left", "Or place a ship"),
    }
    assert "place free roads or ships (Road Building)" in render(s.view(0))
    roads, ships = _kinds(s)
    s.apply(roads[0])
    roads, ships = _kinds(s)
    assert roads and ships
    assert {ch.group for ch in s.action_choices()} == {
        ("Road Building: 1 free road or ship left", "Place a road"),
        ("Road Building: 1 free road or ship left", "Or place a ship"),
    }
    s.apply(ships[0])
    assert s.phase == MAIN
    assert s.ships_left[0] == 14 and s.roads_left[0] == 14 and s.hands[0] == [0] * 5
    check_sea_invariants(s)


def test_road_building_at_sea_is_refused_with_no_legal_place_and_respects_fifteen_ships():
    s, c = _sea_start()
    t = s.topo
    # Rivals on every path from Blue's settlement: no road, no ship can go anywhere: the card is not offered.
    for e in t.node_edges[c]:
        u, v = t.edge_nodes[e]
        lay(s, 1, u, v, ship=not t.edge_land[e])
    s._legal = None
    assert s.lay.road_building not in s.legal_actions()
    assert "play road building" not in [s.action_to_text(a) for a in s.legal_actions()]

    # No ship left (all 15 at sea elsewhere): only roads are offered.
    s, c = _sea_start()
    s.ships_left[0] = 0
    s._legal = None
    s.apply(s.lay.road_building)
    roads, ships = _kinds(s)
    assert roads and not ships

    # No road left: only ships, and a ship after the first still counts against the 15.
    s, c = _sea_start()
    s.roads_left[0] = 0
    s.ships_left[0] = 1
    s._legal = None
    s.apply(s.lay.road_building)
    roads, ships = _kinds(s)
    assert ships and not roads
    s.apply(ships[0])
    assert s.phase == MAIN and s.ships_left[0] == 0  # one piece left: Road Building ends after it


def test_road_building_on_the_base_board_still_builds_roads_only():
    s = blank(mode="classic")
    build(s, 0, 8)
    _with_card(s)
    s.apply("play road building")
    assert s.phase == ROAD_BUILDING
    assert all(s.action_to_text(a).startswith("road ") for a in s.legal_actions())
    assert {ch.group for ch in s.action_choices()} == {("Road Building: place a free road (2 left)",)}
    s.apply("road 4-8")
    s.apply("road 0-4")
    assert s.phase == MAIN
    log = [s.describe_event(e) for e in s.events]
    assert "Blue (P0) plays Road Building: two free roads." in log
