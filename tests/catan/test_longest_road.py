"""Longest Road: 5+ roads, ties, beating, breaks by rival settlements, cycles."""

import random
from itertools import pairwise

import pytest

from firebreak.games.catan.longest_road import longest_road

from .helpers import blank, build, give, new, road


def _path(s, p, nodes):
    for u, v in pairwise(nodes):
        road(s, p, u, v)


def test_needs_five_roads():
    s = blank()
    build(s, 0, 3)
    _path(s, 0, [3, 7, 12, 17, 22])
    assert s.road_len[0] == 4 and s.road_holder == -1
    road(s, 0, 22, 28)
    assert s.road_len[0] == 5 and s.road_holder == 0 and s.total_vp(0) == 3


def test_cycle_counts_each_road_once():
    s = blank()
    build(s, 0, 8)
    hexa = [8, 12, 17, 23, 18, 13, 8]  # around hex E
    _path(s, 0, hexa)
    assert s.road_len[0] == 6
    road(s, 0, 17, 22)  # a spur off the cycle: trail goes round the cycle then out
    assert s.road_len[0] == 7


def test_branches_take_the_longest_trail():
    s = blank()
    build(s, 0, 12)
    _path(s, 0, [3, 7, 12, 17, 22, 28])
    road(s, 0, 12, 8)
    assert s.road_len[0] == 5


def test_tie_does_not_take_the_card_beating_does():
    """Longest Road changes hands only when beaten (strictly longer)."""
    s = blank()
    build(s, 0, 3)
    _path(s, 0, [3, 7, 12, 17, 22, 28])
    assert s.road_holder == 0
    build(s, 1, 26)
    _path(s, 1, [26, 20, 25, 31, 37, 42])
    assert s.road_len[1] == 5 and s.road_holder == 0
    give(s, 1, lumber=1, brick=1)
    s.turn = s.actor = 1
    s.apply("road 42-46")
    assert s.road_len[1] == 6 and s.road_holder == 1


def test_rival_settlement_breaks_road_and_card_moves_to_unique_longest():
    s = blank()
    build(s, 0, 3)
    _path(s, 0, [3, 7, 12, 17, 22, 28, 34])  # 6 roads
    build(s, 1, 26)
    _path(s, 1, [26, 20, 25, 31, 37])  # 4 roads
    road(s, 1, 37, 42)  # 5 roads: not longer than 6
    assert s.road_holder == 0
    # seat 2 breaks seat 0's road in the middle at node 17 (from a road of its own)
    build(s, 2, 40)
    _path(s, 2, [40, 35, 29, 23])
    give(s, 2, lumber=2, brick=2, wool=1, grain=1)
    s.turn = s.actor = 2
    s.apply("road 17-23")
    s.apply("settlement 17")
    assert s.road_len[0] == 3  # 3-7-12-17 | 17-22-28-34: 3 each side
    assert s.road_holder == 1 and s.road_len[1] == 5


def test_broken_holder_tied_with_rival_keeps_card_and_tie_of_others_sets_it_aside():
    """Ruling: a broken holder still among the longest keeps the card; if others tie above, it is set aside."""
    s = blank()
    build(s, 0, 3)
    _path(s, 0, [3, 7, 12, 17, 22, 28, 34])  # 6
    build(s, 1, 26)
    _path(s, 1, [26, 20, 25, 31, 37, 42])  # 5
    build(s, 3, 47)
    _path(s, 3, [47, 51, 48, 52, 49, 53])  # 5
    assert s.road_holder == 0
    build(s, 2, 28)  # a rival settlement cuts 28-34 off: seat 0 has 5, tied with seats 1 and 3
    assert s.road_len[0] == 5 and s.road_holder == 0
    build(s, 2, 12)  # cut again: seat 0 has 3; seats 1 and 3 tie at 5 -> the card is set aside
    assert s.road_len[0] == 3 and s.road_holder == -1
    assert s.total_vp(1) == 1 and s.total_vp(3) == 1
    road(s, 3, 53, 50)  # seat 3 now beats everyone: takes it
    assert s.road_holder == 3


def test_longest_road_function_stops_at_rival_building():
    s = blank()
    build(s, 0, 3)
    _path(s, 0, [3, 7, 12, 17])
    s.node_owner[12] = 1
    assert longest_road(s.topo, 0, s.player_edges[0], s.edge_owner, s.node_owner) == 2


def _brute_force(topo, edges, blocked):
    """Longest trail by checking every subset of roads (Euler: connected, 0 or 2 odd crossings), where a rival's
    building may only be an end of the trail (or the start and end of a closed one)."""
    best = 0
    m = len(edges)
    for mask in range(1, 1 << m):
        sub = [edges[i] for i in range(m) if mask >> i & 1]
        if len(sub) <= best:
            continue
        deg: dict[int, int] = {}
        adj: dict[int, list[int]] = {}
        for e in sub:
            a, b = topo.edge_nodes[e]
            deg[a] = deg.get(a, 0) + 1
            deg[b] = deg.get(b, 0) + 1
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
        start = next(iter(deg))
        seen = {start}
        stack = [start]
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if v not in seen:
                    seen.add(v)
                    stack.append(v)
        if len(seen) != len(deg):
            continue
        odd = [v for v, d in deg.items() if d % 2]
        if len(odd) not in (0, 2):
            continue
        through = [v for v in deg if v in blocked and deg[v] >= 2]
        if any(deg[v] > 2 for v in through) or len(through) > 1 or (through and odd):
            continue
        best = len(sub)
    return best


def test_longest_road_matches_brute_force_on_random_networks():
    import random

    s = blank()
    t = s.topo
    rng = random.Random(7)
    for _ in range(150):
        start = rng.randrange(t.num_nodes)
        edges: list[int] = []
        frontier = [start]
        while len(edges) < rng.randint(3, 10):
            u = rng.choice(frontier)
            e = rng.choice(t.node_edges[u])
            if e not in edges:
                edges.append(e)
                frontier.extend(t.edge_nodes[e])
        nodes = sorted({n for e in edges for n in t.edge_nodes[e]})
        blocked = set(rng.sample(nodes, rng.randint(0, 2)))
        edge_owner = [-1] * t.num_edges
        for e in edges:
            edge_owner[e] = 0
        node_owner = [1 if n in blocked else -1 for n in range(t.num_nodes)]
        assert longest_road(t, 0, edges, edge_owner, node_owner) == _brute_force(t, edges, blocked), (edges, blocked)


def test_lengths_kept_by_each_piece_laid_equal_a_full_recount_in_random_games():
    """A road or ship laid walks only the part of the network it joins (the longer of that part's trail and the
    length before); after every action of many random games, classic and Seafarers, every seat's Longest Road or
    Trade Route equals a count over its whole network from scratch (but while a ship is lifted, mid-move: its
    route is counted when it is put down)."""
    from firebreak.core import Rng, get_game
    from firebreak.games.catan.constants import SHIP_MOVE

    spec = get_game("catan")
    for board in ("base", "seafarers"):
        for seed in range(4):
            s = spec.new_game(
                3 + seed % 2, seed, {"board": board, "mode": ("classic", "firestorm")[seed % 2], "layout": "random"}
            )
            below = Rng(seed + 77).below
            while not s.is_terminal():
                la = s.legal_actions()
                s.apply_unchecked(la[below(len(la))])
                for p in range(s.num_players if s.phase != SHIP_MOVE else 0):
                    full = longest_road(
                        s.topo, p, s.player_edges[p], s.edge_owner, s.node_owner, s.edge_ship if s.topo.sea else None
                    )
                    assert s.road_len[p] == full, (board, seed, len(s.history), p)


def _every_trail(topo, player, edges, node_owner, ship):
    """The longest trail by walking every trail from every crossing (the reference for ``longest_road``): edges
    may not repeat, a rival's building may end a trail but not be passed, and a road and a ship join only at
    the player's own building."""
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for i, e in enumerate(edges):
        a, b = topo.edge_nodes[e]
        kind = ship[e] if ship is not None else 0
        adj.setdefault(a, []).append((1 << i, b, kind))
        adj.setdefault(b, []).append((1 << i, a, kind))

    def walk(node, used, kind):
        best = 0
        for bit, nxt, k in adj[node]:
            if used & bit or (kind >= 0 and k != kind and node_owner[node] != player):
                continue
            rival = node_owner[nxt] not in (-1, player)
            best = max(best, 1 if rival else 1 + walk(nxt, used | bit, k))
        return best

    return max((walk(n, 0, -1) for n in adj), default=0)


def _random_network(rng, topo, size, sea):
    """A connected random network of ``size`` pieces grown from one crossing (so cycles are common), with ships
    mixed in on the Seafarers board."""
    edges: list[int] = []
    frontier = [rng.randrange(topo.num_nodes)]
    while len(edges) < size:
        u = rng.choice(frontier)
        e = rng.choice(topo.node_edges[u])
        if e not in edges:
            edges.append(e)
            frontier.extend(topo.edge_nodes[e])
    ship = [0] * topo.num_edges
    if sea:
        for e in edges:
            ship[e] = int(rng.random() < 0.5)
    return edges, ship


@pytest.mark.parametrize("board", ["base", "seafarers"])
def test_linear_count_equals_every_trail_walked_on_random_networks(board):
    """``longest_road`` peels the network's tree-like fringe and walks only its cycles, each crossing split where a
    trail may not pass; on random networks with cycles, rival and own buildings and, at sea, roads and ships
    mixed, it finds the same length as walking every trail from every crossing."""
    s = new(3, board=board, layout="random")
    t = s.topo
    rng = random.Random(28)
    for _ in range(300):
        edges, ship = _random_network(rng, t, rng.randint(1, 16), board == "seafarers")
        nodes = sorted({n for e in edges for n in t.edge_nodes[e]})
        node_owner = [-1] * t.num_nodes
        for n in rng.sample(nodes, rng.randint(0, min(4, len(nodes)))):
            node_owner[n] = rng.choice((0, 1, 2))
        edge_owner = [-1] * t.num_edges
        for e in edges:
            edge_owner[e] = 0
        sea_ships = ship if board == "seafarers" else None
        expected = _every_trail(t, 0, edges, node_owner, sea_ships)
        assert longest_road(t, 0, edges, edge_owner, node_owner, sea_ships) == expected, (edges, node_owner)


def test_linear_count_equals_every_trail_walked_in_random_games():
    """Every seat's Longest Road or Trade Route kept by random games (pieces laid, ships moved, settlements
    breaking routes) equals walking every trail of its network, every 7th action (a walk of a whole network is
    slow)."""
    from firebreak.core import Rng, get_game
    from firebreak.games.catan.constants import SHIP_MOVE

    spec = get_game("catan")
    for board in ("base", "seafarers"):
        for seed in range(3):
            s = spec.new_game(4, seed, {"board": board, "mode": "classic", "layout": "random"})
            below = Rng(seed + 28).below
            while not s.is_terminal():
                la = s.legal_actions()
                s.apply_unchecked(la[below(len(la))])
                if len(s.history) % 7 or s.phase == SHIP_MOVE:
                    continue
                for p in range(s.num_players):
                    walked = _every_trail(
                        s.topo, p, s.player_edges[p], s.node_owner, s.edge_ship if s.topo.sea else None
                    )
                    assert s.road_len[p] == walked, (board, seed, len(s.history), p)
