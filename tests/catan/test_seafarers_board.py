"""Seafarers boards (Heading for New Shores, 3, 4 and 5-6 players): the data files load and validate, islands
are found, the action space follows the board, the options work, players start on the main island."""

import pytest

from firebreak.core import DataFileError, OptionError
from firebreak.games.catan.actions import layout
from firebreak.games.catan.board import DESERT, GOLD, SEA
from firebreak.games.catan.data import SeaBoardData, _load_yaml, sea_board_data
from firebreak.games.catan.state import SETUP_ROAD, SETUP_SETTLEMENT
from firebreak.games.catan.topology import topology

from .helpers import SPEC
from .seafarers_helpers import sea_game

# players: (land hexes, main island hexes, islands besides the main one, gold fields, harbours, deserts)
EXPECTED = {3: (22, 14, 3, 2, 8, 0), 4: (28, 19, 3, 2, 9, 1), 5: (40, 30, 6, 3, 11, 2), 6: (40, 30, 6, 3, 11, 2)}


@pytest.mark.parametrize("players", (3, 4, 5, 6))
@pytest.mark.parametrize("kind", ("beginner", "random"))
def test_every_new_shores_layout_loads_and_validates(players, kind):
    land, main, small, gold, harbours, deserts = EXPECTED[players]
    s = sea_game(players, seed=players, layout=kind)
    t = s.topo
    assert t.num_land == land and t.num_islands == 1 + small
    assert sum(1 for h in range(t.num_land) if t.hex_island[h] == 0) == main
    terrain = s.terrain
    assert all(terrain[h] == SEA and s.numbers[h] == 0 for h in range(t.num_land, t.num_hexes))
    assert sum(1 for x in terrain if x == GOLD) == gold
    assert sum(1 for x in terrain if x == DESERT) == deserts
    assert sum(1 for x in s.numbers if x) == land - deserts
    assert all(2 <= s.numbers[h] <= 12 and s.numbers[h] != 7 for h in range(t.num_land) if terrain[h] != DESERT)
    # harbours: the right number, on the main island's coast, between land and sea
    assert len(t.harbour_edges) == harbours
    for e in t.harbour_edges:
        hexes = t.edge_hexes[e]
        assert sorted(t.hex_sea[h] for h in hexes) == [False, True]
        assert all(t.hex_island[h] == 0 for h in hexes if not t.hex_sea[h])
    assert sum(1 for k in s.node_harbour if k >= 0) == 2 * harbours
    # the sea frame: every side of a land hex has a hex beyond it, so ships can sail around every island
    for h in range(t.num_land):
        assert all(len(t.edge_hexes[e]) == 2 for e in t.hex_edges[h])
    # no 6 or 8 side by side, nor any number on the sea
    for h in range(t.num_land):
        if s.numbers[h] in (6, 8):
            assert all(s.numbers[g] not in (6, 8) for g in t.hex_neighbors[h])


def test_the_sea_frame_and_islands_are_found_from_the_hexes():
    t = topology(3, "seafarers")
    # the north-west island of the 3-player board is two hexes, the north-east four, the south-east two
    sizes = sorted(sum(1 for h in range(t.num_land) if t.hex_island[h] == i) for i in range(1, t.num_islands))
    assert sizes == [2, 2, 4]
    # a node on a small island belongs to it; a node touching only sea belongs to none
    assert any(i > 0 for i in t.node_island) and any(i < 0 for i in t.node_island)
    assert all(t.node_land[n] == (t.node_island[n] >= 0) for n in range(t.num_nodes))


def test_bad_scenario_data_is_refused_with_the_file_named():
    raw = _load_yaml("new_shores_3.yaml")
    raw["harbours"] = raw["harbours"][:-1] + [{"at": [1, 4], "side": "nw"}]  # a harbour on a small island
    with pytest.raises(ValueError, match="not on a main island hex"):
        SeaBoardData.model_validate(raw)
    raw = _load_yaml("new_shores_3.yaml")
    raw["main_island"]["numbers"] = raw["main_island"]["numbers"][:-1]
    with pytest.raises(ValueError, match="number token"):
        SeaBoardData.model_validate(raw)
    raw = _load_yaml("new_shores_3.yaml")
    raw["main_island"]["hexes"][0] = [9, 3]  # not a hex position
    with pytest.raises(ValueError, match="not a hex position"):
        SeaBoardData.model_validate(raw)
    assert sea_board_data(5) == sea_board_data(6)
    with pytest.raises(DataFileError, match="new_shores_6.yaml is not for 7 players"):
        sea_board_data(7)


@pytest.mark.parametrize("players", (3, 4, 5, 6))
def test_the_action_space_depends_on_the_board_and_stays_fixed(players):
    base = SPEC.num_distinct_actions(players)
    sea = SPEC.num_distinct_actions(players, {"board": "seafarers"})
    assert sea > base == SPEC.num_distinct_actions(players, {"board": "base"})
    s = sea_game(players)
    assert s.action_space_size() == sea
    texts = [s.action_to_text(a) for a in range(sea)]
    assert len(set(texts)) == sea
    # every text parses back to its id, on this board's table (not the base board's)
    for a in (0, sea - 1, s.lay.ship, s.lay.move_from, s.lay.gold, s.lay.pirate):
        assert s.parse_action(s.action_to_text(a)) == a
    assert s.parse_action(sea - 1) == sea - 1
    with pytest.raises(Exception, match="outside"):
        s.parse_action(sea)
    # the base board's ids are unchanged by the Seafarers ranges (empty there)
    b = layout(players)
    assert b.ship == b.move_from == b.move_to == b.gold == b.pirate == b.buy_dev


def test_board_and_victory_point_options():
    with pytest.raises(OptionError):
        SPEC.new_game(4, 0, {"board": "atlantis"})
    with pytest.raises(OptionError):
        SPEC.new_game(4, 0, {"board": "seafarers", "new_shores_vp": 12})
    assert sea_game(4).win_vp == 14
    assert sea_game(4, new_shores_vp=13).win_vp == 13
    assert SPEC.new_game(4, 0, {}).win_vp == 10  # the base board keeps 10
    view = sea_game(4, new_shores_vp=13).view(0)
    assert view["victory_points_to_win"] == 13 and view["board_name"] == "seafarers"


@pytest.mark.parametrize("players", (3, 4, 6))
def test_players_start_on_the_main_island_with_a_road_or_a_ship(players):
    s = sea_game(players, seed=1)
    t = s.topo
    assert s.phase == SETUP_SETTLEMENT
    spots = [a - s.lay.settle for a in s.legal_actions()]
    assert spots and all(t.node_island[n] == 0 for n in spots)
    assert len(spots) < sum(1 for n in range(t.num_nodes) if t.node_land[n])  # small islands are not offered
    coastal = next(n for n in spots if any(t.edge_sea[e] for e in t.node_edges[n]))
    s.apply(s.lay.settle + coastal)
    assert s.phase == SETUP_ROAD
    legal = s.legal_actions()
    roads = [a for a in legal if s.lay.road <= a < s.lay.settle]
    ships = [a for a in legal if s.lay.ship <= a < s.lay.move_from]
    assert roads and ships and legal == sorted(legal)
    s.apply(ships[0])
    assert s.edge_ship[ships[0] - s.lay.ship] == 1 and s.ships_left[0] == 14
