"""Test helpers: build positions by hand and check the engine's invariants from first principles.

``derived`` recomputes, from the primary facts (who owns which node and edge, hands, bank), everything the
engine keeps incrementally; ``check_invariants`` compares the two and checks conservation laws.
"""

from __future__ import annotations

from firebreak.core import get_game
from firebreak.games.catan.board import GENERIC
from firebreak.games.catan.data import board_data, components
from firebreak.games.catan.longest_road import longest_road
from firebreak.games.catan.state import MAIN, PRE_ROLL, CatanState

SPEC = get_game("catan")
PIECES = components().pieces_per_player


def new(num_players: int = 4, seed: int = 0, **options) -> CatanState:
    opts = {"layout": "beginner" if num_players <= 4 else "random"}  # the 5-6 extension has no beginner layout
    opts.update(options)
    return SPEC.new_game(num_players, seed, opts)


def blank(num_players: int = 4, mode: str = "firestorm", phase: int = MAIN, turn: int = 0, **options) -> CatanState:
    """A game past setup with an empty board: seat ``turn`` to act in ``phase`` (by default after rolling)."""
    s = new(num_players, mode=mode, **options)
    s.setup_idx = len(s.setup_order)
    s.phase = phase
    s.turn = turn
    s.actor = turn
    s.turn_count = 1
    s._legal = None
    s._legal_set = None
    return s


def give(s: CatanState, p: int, **cards: int) -> None:
    """Move cards from the bank to a hand (keeps the resource count conserved)."""
    names = ("lumber", "brick", "wool", "grain", "ore")
    for name, k in cards.items():
        r = names.index(name)
        s.bank[r] -= k
        s.hands[p][r] += k
    s._legal = None
    s._legal_set = None


def build(s: CatanState, p: int, node: int, city: bool = False, station: bool = False) -> None:
    """Place a building by hand; positions built by tests obey the distance rule too."""
    assert all(s.node_owner[m] < 0 for m in s.topo.node_nodes[node]), f"node {node} breaks the distance rule"
    s.node_owner[node] = p
    s.node_level[node] = 2 if city else 1
    s.station[node] = 1 if station else 0
    refresh(s)


def road(s: CatanState, p: int, u: int, v: int) -> None:
    e = s.topo.edge_of(u, v)
    s.edge_owner[e] = p
    if e not in s.player_edges[p]:
        s.player_edges[p].append(e)
    refresh(s)


def refresh(s: CatanState) -> None:
    """Set every derived field from the primary facts (used after building a position by hand)."""
    d = derived(s)
    s.reach = [set(r) for r in d["reach"]]
    s.buildable = d["buildable"]
    s.rates = d["rates"]
    s.road_len = d["road_len"]
    s.build_vp = d["build_vp"]
    s.roads_left = d["roads_left"]
    s.settlements_left = d["settlements_left"]
    s.cities_left = d["cities_left"]
    s.stations_left = d["stations_left"]
    s._update_longest_road()
    s._legal = None
    s._legal_set = None


def derived(s: CatanState) -> dict:
    t = s.topo
    n = s.num_players
    no = s.node_owner
    reach = [set() for _ in range(n)]
    for node, p in enumerate(no):
        if p >= 0:
            reach[p].add(node)
    for e, p in enumerate(s.edge_owner):
        if p >= 0:
            for v in t.edge_nodes[e]:
                if no[v] in (-1, p):
                    reach[p].add(v)
    buildable = [no[x] < 0 and all(no[m] < 0 for m in t.node_nodes[x]) for x in range(t.num_nodes)]
    rates = [[4] * 5 for _ in range(n)]
    for node, p in enumerate(no):
        k = s.node_harbour[node]
        if p >= 0 and k >= 0:
            for r in range(5):
                if k == GENERIC:
                    rates[p][r] = min(rates[p][r], 3)
                elif k == r:
                    rates[p][r] = 2
    edges = [[e for e, o in enumerate(s.edge_owner) if o == p] for p in range(n)]
    road_len = [longest_road(t, p, edges[p], s.edge_owner, no) for p in range(n)]
    build_vp = [sum(s.node_level[x] for x in range(t.num_nodes) if no[x] == p) for p in range(n)]
    stations = [sum(1 for x in range(t.num_nodes) if no[x] == p and s.station[x]) for p in range(n)]
    return {
        "reach": [sorted(r) for r in reach],
        "buildable": buildable,
        "rates": rates,
        "road_len": road_len,
        "build_vp": build_vp,
        "roads_left": [PIECES.roads - len(edges[p]) for p in range(n)],
        "settlements_left": [
            PIECES.settlements - sum(1 for x in range(t.num_nodes) if no[x] == p and s.node_level[x] == 1)
            for p in range(n)
        ],
        "cities_left": [
            PIECES.cities - sum(1 for x in range(t.num_nodes) if no[x] == p and s.node_level[x] == 2) for p in range(n)
        ],
        "stations_left": [(PIECES.fire_stations - stations[p]) if s.firestorm else 0 for p in range(n)],
        "stations": stations,
        "edges": edges,
    }


_CACHE: dict = {}


def _derived_cached(s: CatanState) -> dict:
    """``derived`` memoised on the primary board facts (they change on few actions; hands change on most)."""
    key = (
        s.num_players,
        s.firestorm,
        s.node_harbour,
        tuple(s.node_owner),
        tuple(s.node_level),
        tuple(s.station),
        tuple(s.edge_owner),
    )
    d = _CACHE.get(key)
    if d is None:
        if len(_CACHE) > 2000:
            _CACHE.clear()
        d = _CACHE[key] = derived(s)
    return d


def check_invariants(s: CatanState) -> None:
    """Conservation of cards, pieces within supply, derived fields equal to a recomputation, VP consistent."""
    n = s.num_players
    total = board_data(n).bank_per_resource
    hands = s.hands
    for r in range(5):
        got = s.bank[r]
        assert got >= 0
        for h in hands:
            assert h[r] >= 0
            got += h[r]
        assert got == total, f"resource {r} not conserved"
    d = _derived_cached(s)
    for key in (
        "buildable",
        "rates",
        "road_len",
        "build_vp",
        "roads_left",
        "settlements_left",
        "cities_left",
        "stations_left",
    ):
        assert getattr(s, key) == d[key], key
    assert [sorted(r) for r in s.reach] == d["reach"]
    for p in range(n):
        assert 0 <= s.roads_left[p] <= PIECES.roads
        assert 0 <= s.settlements_left[p] <= PIECES.settlements
        assert 0 <= s.cities_left[p] <= PIECES.cities
        assert 0 <= s.stations_left[p] <= PIECES.fire_stations
        assert sorted(s.player_edges[p]) == d["edges"][p]
    if "distance_ok" not in d:  # distance rule, and stations only under buildings
        for x, p in enumerate(s.node_owner):
            if p >= 0:
                assert all(s.node_owner[m] < 0 for m in s.topo.node_nodes[x]), f"distance rule broken at {x}"
            else:
                assert not s.station[x]
        d["distance_ok"] = True
    # special cards
    L = d["road_len"]
    h = s.road_holder
    if h >= 0:
        assert L[h] >= 5 and L[h] == max(L)
    elif max(L) >= 5 and s.phase != 0:
        assert sum(1 for x in L if x == max(L)) >= 2, "a unique longest road of 5+ must hold the card"
    if s.army_holder >= 0:
        assert s.army[s.army_holder] >= 3 and s.army[s.army_holder] == max(s.army)
    else:
        assert max(s.army) < 3 or sum(1 for x in s.army if x == max(s.army)) >= 2
    st = d["stations"]
    if s.wardens_holder >= 0:
        assert st[s.wardens_holder] >= 3 and st[s.wardens_holder] == max(st)
    else:
        assert max(st) < 3
    # victory points
    for p in range(n):
        vp = (
            d["build_vp"][p]
            + 2 * (s.road_holder == p)
            + 2 * (s.army_holder == p)
            + 2 * (s.wardens_holder == p)
            + s.dev_hand[p][1]
        )
        assert s.total_vp(p) == vp
    # development cards: deck + hands + played knights never exceed the deck's size
    if s.classic:
        size = sum(board_data(n).development_cards.values())
        assert len(s.dev_deck) + sum(map(sum, s.dev_hand)) + sum(s.army) <= size
        for p in range(n):
            assert all(0 <= s.dev_new[p][k] <= s.dev_hand[p][k] for k in range(5))
    else:
        assert not s.dev_deck and not any(map(any, s.dev_hand))
    if s.is_terminal():
        assert s.winners()
    else:
        la = s.legal_actions()
        assert la, "a live game must offer a legal action"
        assert la == sorted(set(la)), "legal actions must be sorted and distinct"


def play_random(s: CatanState, seed: int, check: bool = True, max_actions: int = 100_000) -> CatanState:
    from firebreak.core import Rng

    rng = Rng(seed)
    k = 0
    while not s.is_terminal():
        la = s.legal_actions()
        s.apply_unchecked(la[rng.below(len(la))])
        if check:
            check_invariants(s)
        k += 1
        assert k < max_actions
    return s


__all__ = [
    "MAIN",
    "PRE_ROLL",
    "SPEC",
    "blank",
    "build",
    "check_invariants",
    "derived",
    "give",
    "new",
    "play_random",
    "refresh",
    "road",
]
