"""Dice production, the bank shortage rule and the setup's second-settlement resources."""

from firebreak.games.catan.state import SETUP_SETTLEMENT

from .helpers import blank, build, new

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)


def test_settlement_gets_one_city_gets_two():
    s = blank()
    # hex A (ore 10): nodes 0,4,8,12,7,3 ; hex C (lumber 9)
    build(s, 1, 0)
    build(s, 2, 8, city=True)
    s._produce(10)
    assert s.hands[1][ORE] == 1 + 0 and s.hands[2][ORE] == 2
    assert s.bank[ORE] == 19 - 3


def test_blocked_hex_produces_nothing():
    s = blank()
    build(s, 1, 0)
    s.token_hex = 0
    s._produce(10)
    assert s.hands[1] == [0] * 5


def test_bank_shortage_several_players_owed_nobody_gets_it():
    """Rulebook: if the bank cannot pay everyone owed a resource, no one receives that resource."""
    s = blank()
    build(s, 1, 0)
    build(s, 2, 8, city=True)
    s.bank[ORE] = 2
    s.hands[0][ORE] = 17
    s._produce(10)
    assert s.hands[1][ORE] == 0 and s.hands[2][ORE] == 0 and s.bank[ORE] == 2


def test_bank_shortage_single_player_takes_what_is_left():
    """Rulebook: if only one player is owed that resource, they get what the bank has left."""
    s = blank()
    build(s, 2, 8, city=True)
    s.bank[ORE] = 1
    s.hands[0][ORE] = 18
    s._produce(10)
    assert s.hands[2][ORE] == 1 and s.bank[ORE] == 0


def test_shortage_of_one_resource_does_not_stop_the_others():
    s = blank()
    build(s, 1, 4)  # hexes A (ore 10) and B (wool 2)
    build(s, 2, 12)  # hexes A, D, E
    s.bank[ORE] = 1
    s.hands[0][ORE] = 18
    s._produce(10)
    assert s.hands[1][ORE] == 0 and s.hands[2][ORE] == 0


def test_setup_snake_order_and_second_settlement_resources():
    s = new(4)
    order = []
    while s.phase in (SETUP_SETTLEMENT, SETUP_SETTLEMENT + 1):
        p = s.current_player()
        if s.phase == SETUP_SETTLEMENT:
            order.append(p)
        s.apply(s.legal_actions()[-1])
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    # first settlements give nothing, second ones give one card per adjacent producing hex
    for p in range(4):
        nodes = [n for n, o in enumerate(s.node_owner) if o == p]
        second = max(
            nodes,
            key=lambda n: [
                e.data.get("node") for e in s.events if e.kind == "settlement" and e.data["player"] == p
            ].index(n),
        )
        expected = sum(1 for h in s.topo.node_hexes[second] if s.terrain[h] != 5)
        assert sum(s.hands[p]) == expected
    assert s.phase == 2 and s.current_player() == 0
