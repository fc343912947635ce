"""The boards: topology sizes, the beginner layout, random layouts' fairness, harbours, data validation."""

import pytest
from pydantic import ValidationError

from firebreak.core import Rng
from firebreak.games.catan.board import DESERT, lay_out, red_numbers_apart
from firebreak.games.catan.data import BoardData, board_data
from firebreak.games.catan.topology import topology

from .helpers import new


@pytest.mark.parametrize(
    "players,hexes,nodes,edges,harbours",
    [(3, 19, 54, 72, 9), (4, 19, 54, 72, 9), (5, 30, 80, 109, 11), (6, 30, 80, 109, 11)],
)
def test_board_sizes(players, hexes, nodes, edges, harbours):
    t = topology(players)
    assert (t.num_hexes, t.num_nodes, t.num_edges, len(t.harbour_edges)) == (hexes, nodes, edges, harbours)
    # every node touches 2 or 3 paths and 1 to 3 hexes
    assert all(2 <= len(x) <= 3 for x in t.node_nodes)
    assert all(1 <= len(x) <= 3 for x in t.node_hexes)


def test_beginner_layout_is_the_rulebook_one():
    s = new(4)
    assert s.numbers[:3] == (10, 2, 9)
    assert s.terrain[9] == DESERT and s.numbers[9] == 0
    assert red_numbers_apart(s.topo, s.numbers)


@pytest.mark.parametrize("players", [4, 6])
def test_random_layouts_keep_6_and_8_apart_and_use_every_token(players):
    t = topology(players)
    data = board_data(players)
    for seed in range(200):
        terrain, numbers, harb = lay_out(t, "random", Rng(seed))
        assert red_numbers_apart(t, numbers)
        assert sorted(x for x in numbers if x) == sorted(data.number_tokens)
        assert all((numbers[h] == 0) == (terrain[h] == DESERT) for h in range(t.num_hexes))
        assert sum(1 for k in harb if k >= 0) == 2 * len(data.harbours)


def test_random_layout_differs_by_seed():
    a = new(4, seed=1, layout="random")
    b = new(4, seed=2, layout="random")
    assert (a.terrain, a.numbers) != (b.terrain, b.numbers)


def test_bad_board_data_is_rejected():
    raw = board_data(4).model_dump()
    raw["number_tokens"] = raw["number_tokens"][:-1]
    with pytest.raises(ValidationError):
        BoardData.model_validate(raw)
    raw = board_data(4).model_dump()
    raw["beginner"]["numbers"][0] = 7
    with pytest.raises(ValidationError):
        BoardData.model_validate(raw)


@pytest.mark.parametrize("players", [5, 6])
def test_the_5_6_extension_has_no_beginner_layout_and_says_to_choose_random(players):
    """Ruling B8: the extension lays its terrain at random and prints no fixed arrangement, so asking for a
    beginner layout is refused with a clear message; random works, and Seafarers' own boards are unaffected."""
    from firebreak.core import OptionError, get_game

    spec = get_game("catan")
    with pytest.raises(OptionError, match="5-6 player extension has no beginner layout.*choose layout random"):
        spec.new_game(players, 0, {"layout": "beginner"})
    assert board_data(players).beginner is None
    assert spec.new_game(players, 0, {"layout": "random"}).terrain
    assert "no beginner layout" in spec.option("layout").help


@pytest.mark.parametrize("board", ["base", "seafarers"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_layout_options_declared_limit_matches_the_boards_that_print_a_beginner_layout(players, board):
    """The lobby greys out "beginner" from the option's declared limit, so it must agree with the data files:
    offered exactly where a game with it can be built (Seafarers has its one fixed deal for every count)."""
    from firebreak.core import OptionError, get_game

    spec = get_game("catan")
    layout = spec.option("layout")
    offered = "beginner" in layout.available(players, spec.resolve_options(players, {"board": board}))
    assert offered == (board == "seafarers" or board_data(players).beginner is not None)
    if offered:
        assert spec.new_game(players, 0, {"board": board, "layout": "beginner"}).terrain
    else:
        with pytest.raises(OptionError, match="no beginner layout"):
            spec.new_game(players, 0, {"board": board, "layout": "beginner"})
