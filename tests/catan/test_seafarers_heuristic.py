"""The evaluation on the Seafarers board: ships sailing towards an island not yet settled, the island bonus, gold
fields; and it reads only what the bot may see."""

from collections import deque

from firebreak.agents import make_agent
from firebreak.agents.base import Observation
from firebreak.core import Rng
from firebreak.games.catan.board import GOLD
from firebreak.games.catan.constants import RESOURCE_NAMES
from firebreak.games.catan.heuristic import heuristic, island_approach

from .seafarers_helpers import fund, put, sea_blank, sea_game


def _ships_to_a_free_island_spot(s, start: int) -> int:
    """Fewest ships from ``start`` to a free settlement spot on a small island (first principles: a search over
    the sea sides of the board)."""
    t = s.topo
    dist = {start: 0}
    queue = deque([start])
    while queue:
        n = queue.popleft()
        if t.node_island[n] > 0 and s.buildable[n]:
            return dist[n]
        for e in t.node_edges[n]:
            if t.edge_sea[e]:
                m = next(v for v in t.edge_nodes[e] if v != n)
                if m not in dist:
                    dist[m] = dist[n] + 1
                    queue.append(m)
    return 99


def _coastal_start(s):
    """A main-island node two or three ships from an island's free spot, with a sea side leading nowhere nearer."""
    t = s.topo
    for n in range(t.num_nodes):
        if t.node_island[n] != 0 or not s.buildable[n]:
            continue
        d = _ships_to_a_free_island_spot(s, n)
        if d not in (2, 3):
            continue
        ends = [next(v for v in t.edge_nodes[e] if v != n) for e in t.node_edges[n] if t.edge_sea[e]]
        nearer = [m for m in ends if _ships_to_a_free_island_spot(s, m) < d]
        if nearer and len(nearer) < len(ends):
            return n, d
    raise AssertionError("the New Shores board has such a coast")


def _value_after(s, a: int, p: int = 0) -> float:
    c = s.clone()
    c.apply(a)
    return heuristic(c, p)


def test_a_ship_towards_an_island_is_worth_more_than_one_leading_nowhere():
    s = sea_blank(4)
    start, d = _coastal_start(s)
    put(s, 0, start)
    fund(s, 0, lumber=1, wool=1)
    t = s.topo
    ships = [a for a in s.legal_actions() if s.lay.ship <= a < s.lay.move_from]
    assert len(ships) >= 2
    value = {a: _value_after(s, a) for a in ships}
    best = max(ships, key=value.get)
    far_end = next(v for v in t.edge_nodes[best - s.lay.ship] if v != start)
    assert _ships_to_a_free_island_spot(s, far_end) == d - 1
    pointless = [
        a
        for a in ships
        if _ships_to_a_free_island_spot(s, next(v for v in t.edge_nodes[a - s.lay.ship] if v != start)) >= d
    ]
    assert pointless and all(value[a] < value[best] for a in pointless)
    assert island_approach(s, 0) > 0  # already a little: the island is within reach of a few ships


def test_the_approach_counts_ships_one_still_has():
    s = sea_blank(4)
    start, d = _coastal_start(s)
    put(s, 0, start)
    with_ships = island_approach(s, 0)
    s.ships_left[0] = d - 1
    assert island_approach(s, 0) < with_ships
    s.ships_left[0] = 0
    assert island_approach(s, 0) == 0


def test_settling_a_new_island_beats_a_richer_spot_on_the_main_island():
    """The island bonus (2 VP) is counted: a bot settles the island rather than a better main-island spot."""
    s = sea_blank(4)
    t = s.topo
    start, _ = _coastal_start(s)
    put(s, 0, start)
    island_spot = next(n for n in range(t.num_nodes) if t.node_island[n] > 0 and s.buildable[n])
    s.sreach[0].add(island_spot)
    main_spot = max(
        (n for n in range(t.num_nodes) if t.node_island[n] == 0 and s.buildable[n]),
        key=lambda n: sum(s.numbers[h] and 6 - abs(7 - s.numbers[h]) for h in t.node_hexes[n]),
    )
    s.reach[0].add(main_spot)
    fund(s, 0, lumber=1, brick=1, wool=1, grain=1)
    s._legal = None
    before = heuristic(s, 0)
    on_island = _value_after(s, s.lay.settle + island_spot)
    on_main = _value_after(s, s.lay.settle + main_spot)
    assert on_island > on_main
    assert on_island - before > 20  # a settlement and the island bonus: 3 VP, less the cards spent


def test_a_gold_field_is_worth_more_than_a_resource_hex_with_the_same_number():
    s = sea_blank(4)
    t = s.topo
    start = next(
        n
        for n in range(t.num_nodes)
        if t.node_island[n] == 0 and s.buildable[n] and sum(1 for h in t.node_hexes[n] if s.numbers[h]) == 1
    )
    put(s, 0, start)
    h = next(h for h in t.node_hexes[start] if s.numbers[h])
    values = {}
    terrain = list(s.terrain)
    for kind in (GOLD, *range(len(RESOURCE_NAMES))):
        terrain[h] = kind
        s.terrain = tuple(terrain)
        values[kind] = heuristic(s, 0)
    assert all(values[GOLD] > values[r] for r in range(len(RESOURCE_NAMES)))


def _mid_game(seed: int, actions: int):
    s = sea_game(4, seed=seed, layout="random")
    rng = Rng(seed)
    for _ in range(actions):
        if s.is_terminal():
            break
        la = s.legal_actions()
        s.apply(la[rng.below(len(la))])
    return s


def test_the_seafarers_evaluation_reads_only_what_a_seat_sees():
    """Twin states that differ only in what seat p cannot see (the others' hands) get the same island approach
    for every seat, the same evaluation for p, and the same decisions from greedy and search bots."""
    checked = 0
    for seed in range(3):
        for actions in (300, 900, 1500):
            s = _mid_game(seed, actions)
            if s.is_terminal():
                continue
            p = s.current_player()
            twin = s.determinize(p, Rng(seed + 7))
            twin.rng = s.rng.clone()
            assert twin.view(p) == s.view(p)
            checked += twin.hands != s.hands
            assert [island_approach(twin, q) for q in range(4)] == [island_approach(s, q) for q in range(4)]
            assert heuristic(twin, p) == heuristic(s, p)
            for spec in ("greedy", "mcts:iterations=12"):
                assert make_agent(spec).act(Observation(s, p), Rng(seed)) == make_agent(spec).act(
                    Observation(twin, p), Rng(seed)
                )
    assert checked, "some twins must hide different cards"
