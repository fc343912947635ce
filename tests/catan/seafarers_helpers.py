"""Helpers for the Seafarers tests: games on the New Shores board, pieces placed by hand, and invariants
recomputed from first principles (roads and ships, reach by land and by sea, trade routes, VP with the island
bonus, cards and pieces conserved)."""

from __future__ import annotations

from firebreak.core import Rng
from firebreak.games.catan.board import GENERIC
from firebreak.games.catan.data import components
from firebreak.games.catan.longest_road import longest_road
from firebreak.games.catan.state import MAIN, CatanState

from .helpers import SPEC

PIECES = components().pieces_per_player


def sea_game(num_players: int = 4, seed: int = 0, **options) -> CatanState:
    opts = {"board": "seafarers", "layout": "beginner"}
    opts.update(options)
    return SPEC.new_game(num_players, seed, opts)


def sea_blank(num_players: int = 4, mode: str = "firestorm", turn: int = 0, **options) -> CatanState:
    """A Seafarers game past setup with an empty board: seat ``turn`` to act after rolling."""
    s = sea_game(num_players, mode=mode, **options)
    s.setup_idx = len(s.setup_order)
    s.phase = MAIN
    s.turn = s.actor = turn
    s.turn_count = 1
    s.pirate_hex = -1
    fix(s)
    return s


def fix(s: CatanState) -> None:
    """Recompute every derived field after pieces were placed by hand."""
    d = sea_derived(s)
    s.reach = [set(r) for r in d["reach"]]
    s.sreach = [set(r) for r in d["sreach"]]
    s.buildable = d["buildable"]
    s.rates = d["rates"]
    s.road_len = d["road_len"]
    s.build_vp = d["build_vp"]
    s.roads_left = d["roads_left"]
    s.ships_left = d["ships_left"]
    s.settlements_left = d["settlements_left"]
    s.cities_left = d["cities_left"]
    s._update_longest_road()
    s._legal = None
    s._legal_set = None


def put(s: CatanState, p: int, node: int, city: bool = False, station: bool = False) -> None:
    s.node_owner[node] = p
    s.node_level[node] = 2 if city else 1
    s.station[node] = 1 if station else 0
    fix(s)


def lay(s: CatanState, p: int, u: int, v: int, ship: bool = False) -> int:
    e = s.topo.edge_of(u, v)
    s.edge_owner[e] = p
    s.edge_ship[e] = 1 if ship else 0
    if e not in s.player_edges[p]:
        s.player_edges[p].append(e)
    fix(s)
    return e


def fund(s: CatanState, p: int, **cards: int) -> None:
    names = ("lumber", "brick", "wool", "grain", "ore")
    for name, k in cards.items():
        r = names.index(name)
        s.bank[r] -= k
        s.hands[p][r] += k
    s._legal = None
    s._legal_set = None


def sea_derived(s: CatanState) -> dict:
    t = s.topo
    n = s.num_players
    no = s.node_owner
    reach = [set() for _ in range(n)]
    sreach = [set() for _ in range(n)]
    for node, p in enumerate(no):
        if p >= 0:
            reach[p].add(node)
            sreach[p].add(node)
    for e, p in enumerate(s.edge_owner):
        if p >= 0:
            for v in t.edge_nodes[e]:
                if no[v] in (-1, p):
                    (sreach if s.edge_ship[e] else reach)[p].add(v)
    buildable = [t.node_land[x] and no[x] < 0 and all(no[m] < 0 for m in t.node_nodes[x]) for x in range(t.num_nodes)]
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
    ships = [[e for e in edges[p] if s.edge_ship[e]] for p in range(n)]
    road_len = [longest_road(t, p, edges[p], s.edge_owner, no, s.edge_ship) for p in range(n)]
    build_vp = [sum(s.node_level[x] for x in range(t.num_nodes) if no[x] == p) for p in range(n)]
    return {
        "reach": [sorted(r) for r in reach],
        "sreach": [sorted(r) for r in sreach],
        "buildable": buildable,
        "rates": rates,
        "road_len": road_len,
        "build_vp": build_vp,
        "roads_left": [PIECES.roads - len(edges[p]) + len(ships[p]) for p in range(n)],
        "ships_left": [PIECES.ships - len(ships[p]) for p in range(n)],
        "settlements_left": [
            PIECES.settlements - sum(1 for x in range(t.num_nodes) if no[x] == p and s.node_level[x] == 1)
            for p in range(n)
        ],
        "cities_left": [
            PIECES.cities - sum(1 for x in range(t.num_nodes) if no[x] == p and s.node_level[x] == 2) for p in range(n)
        ],
        "edges": edges,
    }


_CACHE: dict = {}


def check_sea_invariants(s: CatanState) -> None:
    """Cards and pieces conserved, nothing negative, derived fields equal a recomputation, pieces where they
    may stand, VP consistent (island bonus included)."""
    t = s.topo
    total = t.data.bank_per_resource
    for r in range(5):
        assert s.bank[r] >= 0 and all(h[r] >= 0 for h in s.hands)
        assert s.bank[r] + sum(h[r] for h in s.hands) == total, f"resource {r} not conserved"
    assert all(x >= 0 for x in s.gold_left)
    key = (
        s.num_players,
        s.node_harbour,
        tuple(s.node_owner),
        tuple(s.node_level),
        tuple(s.edge_owner),
        tuple(s.edge_ship),
    )
    d = _CACHE.get(key)
    if d is None:
        if len(_CACHE) > 2000:
            _CACHE.clear()
        d = _CACHE[key] = sea_derived(s)
    d = {k: (list(v) if isinstance(v, list) else v) for k, v in d.items()}
    d["ships_left"] = list(d["ships_left"])
    if s.moving >= 0:  # a ship being moved is off the board, in its owner's hand, until it lands
        d["ships_left"][s.actor] -= 1
        d["road_len"] = s.road_len
    for key in (
        "buildable",
        "rates",
        "road_len",
        "build_vp",
        "roads_left",
        "ships_left",
        "settlements_left",
        "cities_left",
    ):
        assert getattr(s, key) == d[key], key
    if s.moving < 0:
        assert [sorted(r) for r in s.reach] == d["reach"]
        assert [sorted(r) for r in s.sreach] == d["sreach"]
    for e, p in enumerate(s.edge_owner):
        if p >= 0:
            assert (t.edge_sea if s.edge_ship[e] else t.edge_land)[e], "a piece off its element"
    for x, p in enumerate(s.node_owner):
        if p >= 0:
            assert t.node_land[x] and all(s.node_owner[m] < 0 for m in t.node_nodes[x])
    assert s.token_hex < t.num_land
    assert s.pirate_hex < 0 or t.hex_sea[s.pirate_hex]
    for p in range(s.num_players):
        assert 0 <= s.ships_left[p] <= PIECES.ships and 0 <= s.roads_left[p] <= PIECES.roads
        assert len(set(s.isles[p])) == len(s.isles[p]) and all(
            any(s.node_owner[x] == p and t.node_island[x] == i for x in range(t.num_nodes)) for i in s.isles[p]
        )
        vp = (
            d["build_vp"][p]
            + 2 * (s.road_holder == p)
            + 2 * (s.army_holder == p)
            + 2 * (s.wardens_holder == p)
            + 2 * len(s.isles[p])
            + s.dev_hand[p][1]
        )
        assert s.total_vp(p) == vp
    if s.road_holder >= 0:
        assert d["road_len"][s.road_holder] == max(d["road_len"]) >= 5


def play_sea_random(s: CatanState, seed: int, check: bool = True) -> CatanState:
    rng = Rng(seed)
    k = 0
    while not s.is_terminal():
        la = s.legal_actions()
        s.apply_unchecked(la[rng.below(len(la))])
        if check:
            check_sea_invariants(s)
        k += 1
        assert k < 100_000
    return s
