"""Seafarers rules on the New Shores board: ships (placing, joining, moving, each refusal), the Longest Trade
Route, gold fields, the island bonus, the firestorm along roads and ships, and the pirate (classic mode)."""

from __future__ import annotations

import pytest

from firebreak.core import Rng
from firebreak.games.catan.board import GOLD
from firebreak.games.catan.fire import burning_buildings
from firebreak.games.catan.state import GOLD_PICK, MAIN, MOVE_TOKEN, SHIP_MOVE

from .seafarers_helpers import check_sea_invariants, fund, lay, put, sea_blank, sea_game

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)


def _coastal(s, n):
    t = s.topo
    return [e for e in t.node_edges[n] if t.edge_sea[e] and t.edge_land[e]]


def _inland(s, n):
    t = s.topo
    return [e for e in t.node_edges[n] if t.edge_land[e] and not t.edge_sea[e]]


def _other(s, e, n):
    a, b = s.topo.edge_nodes[e]
    return b if a == n else a


def _walk(s, start, k, edges_of, avoid=()):
    """A simple path of ``k`` edges from ``start`` using ``edges_of(node)``, avoiding the nodes in ``avoid``."""

    def go(path):
        if len(path) == k + 1:
            return path
        for e in edges_of(path[-1]):
            v = _other(s, e, path[-1])
            if v not in path and v not in avoid:
                found = go(path + [v])
                if found:
                    return found
        return None

    return go([start])


def _setting(s, coast_len=4, inland_len=2, fire=False):
    """A main-island coastal crossing with a path of ``coast_len`` along the coast and ``inland_len`` inland
    (with ``fire``: and a land hex at the crossing touching neither path beyond it)."""
    t = s.topo
    for c in range(t.num_nodes):
        if t.node_island[c] != 0:
            continue
        coast = _walk(s, c, coast_len, lambda n: _coastal(s, n))
        if not coast:
            continue
        inland = _walk(s, c, inland_len, lambda n: _inland(s, n), avoid=set(coast))
        if inland and (not fire or _fire_hex(s, c, [inland[-1], coast[-1]]) is not None):
            return c, coast, inland
    raise AssertionError("no coastal setting found")


def ships_of(s, p):
    return [e for e in s.player_edges[p] if s.edge_ship[e]]


def test_a_ship_costs_lumber_and_wool_and_goes_on_the_sea_next_to_ones_own_building():
    s = sea_blank(4)
    c, coast, inland = _setting(s)
    put(s, 0, c)
    ship = s.lay.ship
    assert not [a for a in s.legal_actions() if ship <= a < s.lay.move_from]  # no lumber and wool: no ship
    fund(s, 0, lumber=1, wool=1)
    spots = [a - ship for a in s.legal_actions() if ship <= a < s.lay.move_from]
    t = s.topo
    assert spots and sorted(spots) == sorted(e for e in t.node_edges[c] if t.edge_sea[e])
    assert all(t.edge_sea[e] for e in spots)  # never an inland path
    e = spots[0]
    s.apply(ship + e)
    assert s.hands[0] == [0] * 5 and s.ships_left[0] == 14 and s.edge_ship[e] == 1
    assert s.bank[LUMBER] == s.bank[WOOL] == 19
    check_sea_invariants(s)


def test_a_coastal_path_holds_one_road_or_one_ship_and_they_join_only_at_a_settlement():
    s = sea_blank(4)
    c, coast, inland = _setting(s)
    put(s, 0, c)
    t = s.topo
    e_road = t.edge_of(coast[0], coast[1])
    lay(s, 0, coast[0], coast[1])  # a road along the coast
    fund(s, 0, lumber=2, wool=2, brick=2)
    legal = s.legal_actions()
    assert s.lay.ship + e_road not in legal  # the coastal path has its road: no ship beside it
    b = coast[1]
    # from the road's free end (no settlement there) a road may go on, a ship may not
    sea_at_b = [e for e in t.node_edges[b] if t.edge_sea[e] and s.edge_owner[e] < 0]
    assert sea_at_b
    assert all(s.lay.ship + e not in legal for e in sea_at_b if c not in t.edge_nodes[e])
    assert any(s.lay.road + e in legal for e in t.node_edges[b] if t.edge_land[e] and s.edge_owner[e] < 0)
    # a ship from the settlement is fine, and a ship's free end extends only ships
    e_ship = next(e for e in t.node_edges[c] if t.edge_sea[e] and s.edge_owner[e] < 0)
    s.apply(s.lay.ship + e_ship)
    end = _other(s, e_ship, c)
    legal = s.legal_actions()
    assert not any(s.lay.road + e in legal for e in t.node_edges[end] if c not in t.edge_nodes[e])
    assert any(s.lay.ship + e in legal for e in t.node_edges[end] if s.edge_owner[e] < 0 and t.edge_sea[e])


def test_fifteen_ships_each():
    s = sea_blank(4)
    c, coast, _ = _setting(s)
    put(s, 0, c)
    fund(s, 0, lumber=1, wool=1)
    s.ships_left[0] = 0
    s._legal = None
    assert not [a for a in s.legal_actions() if s.lay.ship <= a < s.lay.move_from]
    assert s.ships_left[1] == 15


def test_only_the_end_ship_of_an_open_route_moves_once_a_turn_never_one_built_this_turn():
    s = sea_blank(4)
    c, coast, _ = _setting(s)
    put(s, 0, c)
    lay(s, 0, coast[0], coast[1], ship=True)
    end = lay(s, 0, coast[1], coast[2], ship=True)
    first = s.topo.edge_of(coast[0], coast[1])
    movable = [a - s.lay.move_from for a in s.legal_actions() if s.lay.move_from <= a < s.lay.move_to]
    assert movable == [end]  # the ship next to the settlement is not at an open end
    s.apply(s.lay.move_from + end)
    assert s.phase == SHIP_MOVE and s.edge_owner[end] < 0
    dest = s.legal_actions()
    assert dest and all(s.lay.move_to <= a < s.lay.gold for a in dest)
    assert s.lay.move_to + end not in dest  # it must move somewhere else
    to = dest[-1] - s.lay.move_to
    s.apply(dest[-1])
    assert s.phase == MAIN and s.edge_owner[to] == 0 and s.edge_ship[to] == 1 and s.ships_left[0] == 15 - 2
    assert not [a for a in s.legal_actions() if s.lay.move_from <= a < s.lay.move_to]  # once a turn
    check_sea_invariants(s)
    # next turn: a ship built this turn may not move, an older one may
    s._start_turn(0)
    s.phase = MAIN
    fund(s, 0, lumber=1, wool=1)
    free = _other(s, to, coast[1]) if coast[1] in s.topo.edge_nodes[to] else None
    spots = [a for a in s.legal_actions() if s.lay.ship <= a < s.lay.move_from]
    s.apply(spots[0])
    new = spots[0] - s.lay.ship
    movable = [a - s.lay.move_from for a in s.legal_actions() if s.lay.move_from <= a < s.lay.move_to]
    assert new not in movable
    assert first not in movable or free is None


def test_a_route_closed_between_two_settlements_cannot_move():
    s = sea_blank(4)
    c, coast, _ = _setting(s)
    put(s, 0, c)
    put(s, 0, coast[2])
    lay(s, 0, coast[0], coast[1], ship=True)
    lay(s, 0, coast[1], coast[2], ship=True)
    assert not [a for a in s.legal_actions() if s.lay.move_from <= a < s.lay.move_to]


def test_longest_trade_route_runs_over_roads_and_ships_through_a_settlement_and_a_rival_breaks_it():
    s = sea_blank(4)
    c, coast, inland = _setting(s, coast_len=4, inland_len=2)
    put(s, 0, c)
    lay(s, 0, inland[0], inland[1])
    lay(s, 0, inland[1], inland[2])
    for a, b in zip(coast, coast[1:]):
        lay(s, 0, a, b, ship=True)
    assert s.road_len[0] == 6 and s.road_holder == 0
    # without the settlement where they meet, roads and ships do not join
    s.node_owner[c] = -1
    s.node_level[c] = 0
    from .seafarers_helpers import fix

    fix(s)
    assert s.road_len[0] == 4
    fund(s, 0, lumber=1, brick=1, wool=1, grain=1)  # building the settlement joins them: 2 roads + 4 ships
    s.apply(s.lay.settle + c)
    assert s.road_len[0] == 6 and s.road_holder == 0
    # a rival's settlement on the ships' route breaks it there (the trail may end at it, not pass it)
    s.phase = MAIN
    s.turn = s.actor = 1
    fund(s, 1, lumber=1, brick=1, wool=1, grain=1)
    s.sreach[1].add(coast[2])
    s._legal = None
    s.apply(s.lay.settle + coast[2])
    assert s.road_len[0] == 4 and s.road_holder == -1


def _gold_node(s):
    t = s.topo
    g = next(h for h in range(t.num_land) if s.terrain[h] == GOLD)
    n = next(x for x in t.hex_nodes[g] if all(s.node_owner[m] < 0 for m in t.node_nodes[x]))
    return g, n


def test_a_gold_field_gives_a_settlement_one_resource_of_its_choice_and_a_city_two():
    s = sea_blank(4)
    g, n = _gold_node(s)
    put(s, 1, n)
    s._produce(s.numbers[g])
    assert s.phase == GOLD_PICK and s.actor == 1 and s.gold_left[1] == 1
    assert s.legal_actions() == [s.lay.gold + r for r in range(5)]
    labels = [c.label for c in s.action_choices()]
    assert labels == ["Take 1 lumber", "Take 1 brick", "Take 1 wool", "Take 1 grain", "Take 1 ore"]
    s.apply(s.lay.gold + ORE)
    assert s.hands[1][ORE] == 1 and s.phase == MAIN and s.actor == 0
    assert "takes 1 ore from a gold field" in s.describe_event(s.events[-1])
    # a city takes two; a resource the bank has run out of cannot be chosen
    put(s, 1, n, city=True)
    s.bank[GRAIN], s.hands[2][GRAIN] = 0, s.bank[GRAIN]
    s._produce(s.numbers[g])
    assert s.gold_left[1] == 2 and s.lay.gold + GRAIN not in s.legal_actions()
    s.apply(s.lay.gold + WOOL)
    s.apply(s.lay.gold + WOOL)
    assert s.hands[1][WOOL] == 2 and s.phase == MAIN
    check_sea_invariants(s)


def test_the_island_bonus_is_paid_once_per_island():
    s = sea_blank(4)
    t = s.topo
    isl_nodes = [n for n in range(t.num_nodes) if t.node_island[n] > 0]
    first = isl_nodes[0]
    island = t.node_island[first]
    other_same = next(
        n for n in isl_nodes if t.node_island[n] == island and n not in t.node_nodes[first] and n != first
    )
    other_island = next(n for n in isl_nodes if t.node_island[n] != island)
    before = s.total_vp(0)
    for n, vp in ((first, 3), (other_same, 1), (other_island, 3)):
        fund(s, 0, lumber=1, brick=1, wool=1, grain=1)
        s.sreach[0].add(n)
        s._legal = None
        s.apply(s.lay.settle + n)
        assert s.total_vp(0) - before == vp
        before = s.total_vp(0)
    assert len(s.isles[0]) == 2
    assert ("Island bonus", 4.0) in s.score_sheet()[0]
    assert any("island bonus" in s.describe_event(e) for e in s.events)
    check_sea_invariants(s)


def test_no_island_bonus_on_the_main_island():
    s = sea_blank(4)
    t = s.topo
    n = next(x for x in range(t.num_nodes) if t.node_island[x] == 0)
    fund(s, 0, lumber=1, brick=1, wool=1, grain=1)
    s.reach[0].add(n)
    s._legal = None
    s.apply(s.lay.settle + n)
    assert s.isles[0] == [] and s.total_vp(0) == 1


def _fire_hex(s, c, exclude):
    t = s.topo
    return next((h for h in t.node_hexes[c] if not t.hex_sea[h] and not set(t.hex_nodes[h]) & set(exclude)), None)


def test_the_firestorm_walks_along_a_road_and_on_along_ships_from_a_settlement_and_stops_at_a_station():
    s = sea_blank(4)
    c, coast, inland = _setting(s, coast_len=2, inland_len=2, fire=True)
    put(s, 0, c)
    put(s, 0, inland[2])
    put(s, 0, coast[2])
    lay(s, 0, inland[0], inland[1])
    lay(s, 0, inland[1], inland[2])
    lay(s, 0, coast[0], coast[1], ship=True)
    lay(s, 0, coast[1], coast[2], ship=True)
    h = _fire_hex(s, c, [inland[2], coast[2]])
    burning = burning_buildings(s.topo, h, s.node_owner, s.station, s.edge_owner, s.edge_ship)
    assert sorted(burning[0]) == sorted([c, inland[2], coast[2]])
    s.station[coast[2]] = 1  # a fire station stops the fire at sea as on land
    burning = burning_buildings(s.topo, h, s.node_owner, s.station, s.edge_owner, s.edge_ship)
    assert sorted(burning[0]) == sorted([c, inland[2]])
    # and through the game: Blue pays one card per burning building
    fund(s, 0, grain=5)
    s.turn = s.actor = 1
    s.phase = MOVE_TOKEN
    s._legal = None
    s.apply(s.lay.firestorm + h)
    assert sum(s.hands[0]) == 3


def test_the_fire_passes_from_road_to_ship_only_at_a_settlement():
    s = sea_blank(4)
    c, coast, inland = _setting(s, coast_len=2, inland_len=2, fire=True)
    put(s, 0, c)
    put(s, 0, coast[2])
    lay(s, 0, coast[0], coast[1])  # a road to an empty crossing ...
    lay(s, 0, coast[1], coast[2], ship=True)  # ... where a ship goes on to a settlement
    h = _fire_hex(s, c, [coast[2]])
    burning = burning_buildings(s.topo, h, s.node_owner, s.station, s.edge_owner, s.edge_ship)
    assert burning[0] == [c]
    assert s.road_len[0] == 1  # nor do they make one trade route


def test_the_firestorm_never_goes_on_the_sea():
    s = sea_blank(4)
    s.phase = MOVE_TOKEN
    s._legal = None
    hexes = [a - s.lay.firestorm for a in s.legal_actions()]
    assert hexes and all(h < s.topo.num_land for h in hexes)
    assert all(s.lay.firestorm <= a < s.lay.robber for a in s.legal_actions())


def test_the_pirate_steals_from_a_ship_owner_and_blocks_ships_beside_it():
    s = sea_blank(4, mode="classic")
    t = s.topo
    c, coast, _ = _setting(s)
    put(s, 1, c)
    e = next(x for x in t.node_edges[c] if t.edge_sea[x])
    lay(s, 1, *t.edge_nodes[e], ship=True)
    sea_hex = next(h for h in t.edge_hexes[e] if t.hex_sea[h])
    fund(s, 1, ore=2)
    s.phase = MOVE_TOKEN
    s._legal = None
    legal = s.legal_actions()
    assert s.lay.pirate + sea_hex in legal and legal == sorted(legal)
    assert all(a >= s.lay.robber or t.hex_sea[a - s.lay.pirate] for a in legal)  # robber on land, pirate at sea
    choice = next(ch for ch in s.action_choices() if ch.action == s.lay.pirate + sea_hex)
    assert choice.group == ("Move the pirate",) and "Orange (P1)" in choice.note
    s.apply(s.lay.pirate + sea_hex)
    assert s.pirate_hex == sea_hex and s.hands[0][ORE] == 1 and s.hands[1][ORE] == 1
    assert any("moves the pirate" in s.describe_event(x) for x in s.events)
    # Orange may neither build a ship nor move one on the pirate's sides
    s.turn = s.actor = 1
    s.phase = MAIN
    fund(s, 1, lumber=1, wool=1)
    legal = s.legal_actions()
    assert all(s.lay.ship + x not in legal for x in t.hex_edges[sea_hex])
    assert s.lay.move_from + e not in legal
    check_sea_invariants(s)


def test_no_pirate_in_firestorm_mode():
    s = sea_blank(4)
    assert s.pirate_hex == -1
    s.phase = MOVE_TOKEN
    s._legal = None
    assert not [a for a in s.legal_actions() if s.lay.pirate <= a < s.lay.buy_dev]


@pytest.mark.parametrize("players", (3, 4, 6))
def test_the_pirate_starts_where_the_scenario_says_in_classic_mode(players):
    from .seafarers_helpers import sea_game

    s = sea_game(players, mode="classic")
    if players == 6:
        assert s.pirate_hex == -1  # beside the board
    else:
        assert s.topo.hex_sea[s.pirate_hex]
    assert s.token_hex == (-1 if players == 3 else s.terrain.index(5))  # no desert on the 3-player board


def test_the_greedy_bot_values_a_ship_that_reaches_a_new_island():
    from firebreak.games.catan.heuristic import heuristic

    s = sea_blank(4)
    t = s.topo
    n = next(x for x in range(t.num_nodes) if t.node_island[x] > 0 and s.buildable[x])
    before = heuristic(s, 0)
    s.sreach[0].add(n)  # as if a ship of Blue's ended beside it
    assert heuristic(s, 0) > before + 1.0


def _movable_by_the_rule(s, p):
    """Ships ``p`` may move, read straight from the board (ruling S2): a ship of p's, not built this turn, not
    beside the pirate, with an open end (no building of p's there, no other ship of p's ending there), and a free
    sea path next to a crossing p's route reaches without that ship's open ends."""
    t = s.topo
    pirate = set(t.hex_edges[s.pirate_hex]) if s.pirate_hex >= 0 else set()
    spots = {
        f for n in s.sreach[p] for f in t.node_edges[n] if s.edge_owner[f] < 0 and t.edge_sea[f] and f not in pirate
    }
    out = []
    for e in range(t.num_edges):
        if s.edge_owner[e] != p or not s.edge_ship[e] or e in s.ships_new or e in pirate:
            continue
        open_ends = [
            v
            for v in t.edge_nodes[e]
            if s.node_owner[v] != p
            and not any(f != e and s.edge_owner[f] == p and s.edge_ship[f] for f in t.node_edges[v])
        ]
        left = s.sreach[p] - set(open_ends)
        if open_ends and any(left & set(t.edge_nodes[f]) for f in spots):
            out.append(e)
    return out


def test_the_ships_offered_to_move_follow_the_rule_at_every_step_of_random_games():
    """The engine finds the movable ships from its own ships' ends alone (asked at every decision before a ship
    has moved); at every main-phase decision of random games, on both rule modes, they are exactly the ships the
    rule allows."""
    checked = 0
    for seed, mode in ((1, "classic"), (2, "firestorm"), (3, "classic")):
        s = sea_game(4, seed, mode=mode, layout="random")
        below = Rng(seed + 500).below
        while not s.is_terminal():
            la = s.legal_actions()
            if s.phase == MAIN and not s.ship_moved:
                offered = [a - s.lay.move_from for a in la if s.lay.move_from <= a < s.lay.move_to]
                assert offered == _movable_by_the_rule(s, s.actor), (seed, len(s.history))
                checked += bool(offered)
            s.apply_unchecked(la[below(len(la))])
    assert checked > 50  # ships were movable often enough for the comparison to mean something
