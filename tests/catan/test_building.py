"""Building: costs, the distance rule, connected roads, rival buildings blocking roads, harbours and trade."""

import pytest

from firebreak.core import IllegalActionError

from .helpers import blank, build, give, road

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)


def _rich(s, p=0):
    give(s, p, lumber=5, brick=5, wool=5, grain=5, ore=5)


def test_distance_rule_rejects_a_settlement_next_to_another():
    s = blank()
    _rich(s)
    build(s, 0, 8)
    road(s, 0, 8, 4)
    road(s, 0, 4, 0)
    before = s.state_dict()
    with pytest.raises(IllegalActionError):
        s.apply("settlement 4")  # adjacent to 8
    assert s.state_dict() == before
    s.apply("settlement 0")  # two paths away: legal
    assert s.node_owner[0] == 0 and s.hands[0] == [4, 4, 4, 4, 5]


def test_settlement_must_touch_own_road():
    s = blank()
    _rich(s)
    build(s, 0, 8)
    with pytest.raises(IllegalActionError):
        s.apply("settlement 20")


def test_road_must_connect_and_rival_building_blocks_extension():
    s = blank()
    _rich(s)
    build(s, 0, 8)
    road(s, 0, 8, 4)
    road(s, 0, 4, 1)
    texts = [s.action_to_text(a) for a in s.legal_actions()]
    assert "road 0-4" in texts and "road 1-5" in texts
    with pytest.raises(IllegalActionError):
        s.apply("road 20-25")
    build(s, 1, 1)  # a rival settlement at the end of the road
    texts = [s.action_to_text(a) for a in s.legal_actions()]
    assert "road 1-5" not in texts and "road 0-4" in texts


def test_city_upgrade_returns_the_settlement_and_costs_2_grain_3_ore():
    s = blank()
    _rich(s)
    build(s, 0, 8)
    s.apply("city 8")
    assert s.node_level[8] == 2 and s.settlements_left[0] == 5 and s.cities_left[0] == 3
    assert s.hands[0] == [5, 5, 5, 3, 2] and s.total_vp(0) == 2


def test_maritime_trade_rates_4_3_and_2():
    s = blank()
    give(s, 0, lumber=4)
    build(s, 0, 20)
    s.apply("maritime trade lumber for ore")
    assert s.hands[0][LUMBER] == 0 and s.hands[0][ORE] == 1
    # generic 3:1 harbour at nodes 0-3
    s = blank()
    give(s, 0, lumber=3)
    build(s, 0, 3)
    assert s.rates[0] == [3, 3, 3, 3, 3]
    s.apply("maritime trade lumber for grain")
    assert s.hands[0] == [0, 0, 0, 1, 0]
    # wool 2:1 harbour at 1-5
    s = blank()
    give(s, 0, wool=2)
    build(s, 0, 5)
    assert s.rates[0] == [4, 4, 2, 4, 4]
    s.apply("maritime trade wool for brick")
    assert s.hands[0] == [0, 1, 0, 0, 0] and s.bank[WOOL] == 19


def test_maritime_trade_needs_the_bank_to_have_the_card():
    s = blank()
    give(s, 0, lumber=4)
    s.bank[ORE] = 0
    s.hands[1][ORE] = 19
    texts = [s.action_to_text(a) for a in s.legal_actions()]
    assert "maritime trade lumber for ore" not in texts and "maritime trade lumber for wool" in texts


def test_pieces_run_out():
    s = blank()
    _rich(s)
    build(s, 0, 8)
    s.roads_left[0] = 0
    texts = [s.action_to_text(a) for a in s.legal_actions()]
    assert not any(t.startswith("road ") for t in texts)
