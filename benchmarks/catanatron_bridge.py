"""A bridge that seats a firebreak bot in a game run by catanatron's engine (benchmark-only).

catanatron (the best-known Python Catan engine) is used as a library, never copied. The game runs under its
rules; one seat is played by a firebreak agent. Before each decision of that seat the bridge

1. translates catanatron's position into a firebreak classic-mode Catan state (same board: terrain, numbers,
   harbours, robber; same buildings, hands, development cards, bank, Longest Road and Largest Army),
2. hands the agent an :class:`~firebreak.agents.base.Observation` of that state for its seat only, so it sees
   its own hand and the public facts and plans on determinisations (the other hands and the deck resampled),
3. offers the agent only the firebreak actions that stand for one of catanatron's playable actions, and
   translates the chosen action back (a few catanatron actions are two firebreak steps, see below).

Why catanatron's engine rather than ours: its players only know its own state, so seating them in our engine
would need the whole translation on every one of their (many more) decisions; the reverse direction needs it
only on ours, and the game itself stays exactly the other engine's.

Rule differences (catanatron 3.2.1 against the published rules firebreak plays), all handled here:

* no trades between players (catanatron has none): the translated state has ``player_trades`` off;
* a development card bought this turn may be played at once in catanatron: the translated state marks no card
  as new, so firebreak offers it too;
* before rolling, catanatron allows only the Knight (firebreak allows any development card): the other cards
  are not offered before the roll;
* Road Building can be played only by a player holding a road's cost in catanatron: it is not offered without;
* Year of Plenty with a single card (when the bank cannot give two) exists only in catanatron: a firebreak bot
  cannot choose it (it never can in firebreak; it comes up only with a nearly empty bank);
* catanatron discards half a hand in one action (random cards for its own bots); our bot chooses the cards one
  by one as in firebreak, and the bridge hands catanatron the list;
* a settlement that breaks another player's road: catanatron gives Longest Road to whichever player its
  table lists first among the longest, even under five roads (the published rule keeps the card with its holder
  while still longest and sets it aside on a tie); the translated state takes catanatron's holder as it stands;
* catanatron moves the robber and names the victim in one action; firebreak asks for the victim as a second
  step only when several players could be robbed: the bridge asks our bot both and joins them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from firebreak.agents.base import Agent, Observation
from firebreak.core import Rng, get_game
from firebreak.games.catan.actions import END_TURN, ROLL, YOP_PAIRS, layout, maritime_encode
from firebreak.games.catan.board import DESERT, GENERIC
from firebreak.games.catan.constants import (
    DISCARD,
    MAIN,
    MOVE_TOKEN,
    PRE_ROLL,
    ROAD_BUILDING,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    TAKE,
)
from firebreak.games.catan.state import CatanState
from firebreak.games.catan.topology import topology

from catanatron.models.enums import (  # noqa: E402 - catanatron is this benchmark's dependency
    CITY,
    DEVELOPMENT_CARDS,
    RESOURCES,
    SETTLEMENT,
    Action,
    ActionPrompt,
    ActionType,
)
from catanatron.models.map import NodeRef

NUM_PLAYERS = 4
CORNER_OF = {
    NodeRef.NORTH: 0,
    NodeRef.NORTHEAST: 1,
    NodeRef.SOUTHEAST: 2,
    NodeRef.SOUTH: 3,
    NodeRef.SOUTHWEST: 4,
    NodeRef.NORTHWEST: 5,
}
"""catanatron's corner names against firebreak's corner numbers (clockwise from the top, topology.py)."""
DEV_INDEX = {"KNIGHT": 0, "VICTORY_POINT": 1, "ROAD_BUILDING": 2, "YEAR_OF_PLENTY": 3, "MONOPOLY": 4}
"""catanatron's development card names against firebreak's card indices (constants.py)."""
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
"""Both engines order resources lumber (wood), brick, wool (sheep), grain (wheat), ore."""
OPTIONS = {"mode": "classic", "layout": "random", "player_trades": False, "turn_limit": 1000}


def cube_to_center(coord: tuple[int, int, int]) -> tuple[int, int]:
    """catanatron's cube coordinate of a hex as firebreak's integer centre (topology.py): east is (+2, 0),
    south-east (+1, +3); the middle hex is (0, 0) in both."""
    x, _y, z = coord
    return 2 * x + z, 3 * z


@dataclass
class BoardMap:
    """The correspondence of one catanatron map with firebreak's base board (4 players)."""

    hex_of: dict[tuple[int, int, int], int]
    node_of: dict[int, int]
    edge_of: dict[frozenset[int], int]
    cat_node: dict[int, int] = field(default_factory=dict)
    cat_edge: dict[int, tuple[int, int]] = field(default_factory=dict)
    cat_hex: dict[int, tuple[int, int, int]] = field(default_factory=dict)


def board_map(catan_map: Any) -> BoardMap:
    """Match hexes by centre, then nodes by corner; raise ValueError if the two boards do not line up."""
    topo = topology(NUM_PLAYERS)
    pos = {c: h for h, c in enumerate(topo.hex_center)}
    hex_of: dict[tuple[int, int, int], int] = {}
    node_of: dict[int, int] = {}
    for coord, tile in catan_map.land_tiles.items():
        h = pos.get(cube_to_center(coord))
        if h is None:
            raise ValueError(f"catanatron hex {coord} has no firebreak hex")
        hex_of[coord] = h
        for ref, nid in tile.nodes.items():
            n = topo.hex_nodes[h][CORNER_OF[ref]]
            if node_of.setdefault(nid, n) != n:
                raise ValueError(f"catanatron node {nid} lands on two firebreak nodes")
    if len(hex_of) != topo.num_hexes or len(set(node_of.values())) != topo.num_nodes:
        raise ValueError("the boards differ in size")
    edge_of: dict[frozenset[int], int] = {}
    for tile in catan_map.land_tiles.values():
        for a, b in tile.edges.values():
            edge_of[frozenset((a, b))] = topo.edge_of(node_of[a], node_of[b])
    if len(set(edge_of.values())) != topo.num_edges:
        raise ValueError("the boards differ in paths")
    bm = BoardMap(hex_of, node_of, edge_of)
    bm.cat_node = {n: c for c, n in node_of.items()}
    bm.cat_edge = {e: tuple(sorted(k)) for k, e in edge_of.items()}  # type: ignore[misc]
    bm.cat_hex = {h: c for c, h in hex_of.items()}
    return bm


def _key(state: Any, seat: int, name: str) -> Any:
    return state.player_state[f"P{seat}_{name}"]


def to_firebreak(game: Any, bm: BoardMap | None = None, seed: int = 0) -> CatanState:
    """The whole position (every hand included) as a firebreak classic-mode state; seat q is catanatron's P{q}.

    A bot must never be given this state itself: :func:`observation` wraps it so only the seat's view and
    determinisations reach the bot."""
    cs = game.state
    cmap = cs.board.map
    bm = bm or board_map(cmap)
    spec = get_game("catan")
    s: CatanState = spec.new_game(NUM_PLAYERS, seed, dict(OPTIONS))
    t = s.topo
    n = NUM_PLAYERS
    # the board
    terrain = [DESERT] * t.num_hexes
    numbers = [0] * t.num_hexes
    for coord, tile in cmap.land_tiles.items():
        h = bm.hex_of[coord]
        terrain[h] = DESERT if tile.resource is None else RES_INDEX[tile.resource]
        numbers[h] = tile.number or 0
    s.terrain = tuple(terrain)
    s.numbers = tuple(numbers)
    roll_hexes: list[tuple[int, ...]] = [() for _ in range(13)]
    for h, num in enumerate(numbers):
        if num:
            roll_hexes[num] += (h,)
    s.roll_hexes = tuple(roll_hexes)
    harbour = [-1] * t.num_nodes
    for res, nids in cmap.port_nodes.items():
        for nid in nids:
            harbour[bm.node_of[nid]] = GENERIC if res is None else RES_INDEX[res]
    s.node_harbour = tuple(harbour)
    s.token_hex = bm.hex_of[cs.board.robber_coordinate]
    # pieces
    seat_of = {c: i for i, c in enumerate(cs.colors)}
    s.node_owner = [-1] * t.num_nodes
    s.node_level = [0] * t.num_nodes
    s.buildable = list(t.node_land)
    s.rates = [[4] * 5 for _ in range(n)]
    s.build_vp = [0] * n
    for nid, (color, kind) in cs.board.buildings.items():
        v = bm.node_of[nid]
        q = seat_of[color]
        s.node_owner[v] = q
        s.node_level[v] = 2 if kind == CITY else 1
        s.build_vp[q] += 2 if kind == CITY else 1
        s.buildable[v] = False
        for m in t.node_nodes[v]:
            s.buildable[m] = False
        k = harbour[v]
        if k == GENERIC:
            s.rates[q] = [min(x, 3) for x in s.rates[q]]
        elif k >= 0:
            s.rates[q][k] = 2
    s.edge_owner = [-1] * t.num_edges
    s.player_edges = [[] for _ in range(n)]
    for (a, b), color in cs.board.roads.items():
        if a > b:
            continue  # catanatron stores each road both ways
        e = bm.edge_of[frozenset((a, b))]
        q = seat_of[color]
        s.edge_owner[e] = q
        s.player_edges[q].append(e)
    s.reach = [set() for _ in range(n)]
    for q in range(n):
        for e in s.player_edges[q]:
            for v in t.edge_nodes[e]:
                if s.node_owner[v] in (-1, q):
                    s.reach[q].add(v)
        s.reach[q].update(v for v in range(t.num_nodes) if s.node_owner[v] == q)
    # players
    s.hands = [[_key(cs, q, f"{r}_IN_HAND") for r in RESOURCES] for q in range(n)]
    s.bank = list(cs.resource_freqdeck)
    s.dev_hand = [[0] * 5 for _ in range(n)]
    for q in range(n):
        for d in DEVELOPMENT_CARDS:
            s.dev_hand[q][DEV_INDEX[d]] = _key(cs, q, f"{d}_IN_HAND")
    s.dev_new = [[0] * 5 for _ in range(n)]  # catanatron lets a card bought this turn be played at once
    s.dev_deck = [DEV_INDEX[d] for d in cs.development_listdeck]
    s.army = [_key(cs, q, "PLAYED_KNIGHT") for q in range(n)]
    s.army_holder = next((q for q in range(n) if _key(cs, q, "HAS_ARMY")), -1)
    s.road_len = [s._route_length(q) if s.player_edges[q] else 0 for q in range(n)]
    s.road_holder = next((q for q in range(n) if _key(cs, q, "HAS_ROAD")), -1)
    s.roads_left = [_key(cs, q, "ROADS_AVAILABLE") for q in range(n)]
    s.settlements_left = [_key(cs, q, "SETTLEMENTS_AVAILABLE") for q in range(n)]
    s.cities_left = [_key(cs, q, "CITIES_AVAILABLE") for q in range(n)]
    # whose move, and in which step of the turn
    turn = cs.current_turn_index
    actor = cs.current_player_index
    s.turn = turn
    s.actor = actor
    s.turn_count = cs.num_turns
    s.dev_played = bool(_key(cs, turn, "HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"))
    s.discard_left = [0] * n
    s.free_roads = 0
    s.return_phase = MAIN
    rolled = bool(_key(cs, turn, "HAS_ROLLED"))
    prompt = cs.current_prompt
    if cs.is_initial_build_phase:
        s.turn = 0  # firebreak's set-up moves only the actor
    if prompt == ActionPrompt.BUILD_INITIAL_SETTLEMENT:
        s.phase = SETUP_SETTLEMENT
        s.setup_idx = sum(len(cs.buildings_by_color[c][SETTLEMENT]) for c in cs.colors)
    elif prompt == ActionPrompt.BUILD_INITIAL_ROAD:
        s.phase = SETUP_ROAD
        s.setup_idx = sum(len(cs.buildings_by_color[c][SETTLEMENT]) for c in cs.colors) - 1
        s.setup_node = bm.node_of[cs.buildings_by_color[cs.colors[actor]][SETTLEMENT][-1]]
    else:
        s.setup_idx = len(s.setup_order)
        if prompt == ActionPrompt.DISCARD:
            s.phase = DISCARD
            for q in range(n):
                c = sum(s.hands[q])
                if c > cs.discard_limit and q >= actor:  # catanatron asks in seat order from P0
                    s.discard_left[q] = c // 2
        elif prompt == ActionPrompt.MOVE_ROBBER:
            s.phase = MOVE_TOKEN
            s.return_phase = MAIN if rolled else PRE_ROLL
        elif cs.is_road_building:
            s.phase = ROAD_BUILDING
            s.free_roads = cs.free_roads_available
        else:
            s.phase = MAIN if rolled else PRE_ROLL
    s.history = []
    return s


# --- actions --------------------------------------------------------------------------------------------------


def first_step(s: CatanState, bm: BoardMap, action: Any) -> int | None:
    """The firebreak action that starts catanatron's ``action`` in the translated state ``s``; ``None`` for the
    one catanatron action firebreak has no counterpart for (Year of Plenty with a single card)."""
    lay = layout(NUM_PLAYERS)
    kind, value = action.action_type, action.value
    if kind == ActionType.ROLL:
        return ROLL
    if kind == ActionType.END_TURN:
        return END_TURN
    if kind == ActionType.BUILD_ROAD:
        return lay.road + bm.edge_of[frozenset(value)]
    if kind == ActionType.BUILD_SETTLEMENT:
        return lay.settle + bm.node_of[value]
    if kind == ActionType.BUILD_CITY:
        return lay.city + bm.node_of[value]
    if kind == ActionType.BUY_DEVELOPMENT_CARD:
        return lay.buy_dev
    if kind == ActionType.PLAY_KNIGHT_CARD:
        return lay.knight
    if kind == ActionType.PLAY_ROAD_BUILDING:
        return lay.road_building
    if kind == ActionType.PLAY_MONOPOLY:
        return lay.monopoly + RES_INDEX[value]
    if kind == ActionType.PLAY_YEAR_OF_PLENTY:
        if len(value) != 2:
            return None
        pair = tuple(sorted(RES_INDEX[r] for r in value))
        return lay.yop + YOP_PAIRS.index(pair)  # type: ignore[arg-type]
    if kind == ActionType.MARITIME_TRADE:
        give = RES_INDEX[value[0]]
        return lay.maritime + maritime_encode(give, RES_INDEX[value[-1]])
    if kind == ActionType.MOVE_ROBBER:
        return lay.robber + bm.hex_of[value[0]]
    if kind == ActionType.DISCARD:
        raise ValueError("a discard is several firebreak steps (see choose)")
    raise ValueError(f"unknown catanatron action {action}")


def offered(s: CatanState, bm: BoardMap, playable: list[Any]) -> dict[int, list[Any]]:
    """Firebreak first steps offered to the bot, each with the catanatron actions it stands for (several only
    for a robber move with a choice of victims: the victim is asked next)."""
    out: dict[int, list[Any]] = {}
    for action in playable:
        a = first_step(s, bm, action)
        if a is not None:
            out.setdefault(a, []).append(action)
    return out


class _Limited(Observation):
    """The seat's observation with the legal actions narrowed to those catanatron also allows."""

    __slots__ = ("_allowed",)

    def __init__(self, state: CatanState, player: int, allowed: list[int]) -> None:
        super().__init__(state, player)
        self._allowed = allowed

    @property
    def legal_actions(self) -> list[int]:
        return self._allowed


def observation(s: CatanState, seat: int, allowed: list[int] | None = None) -> Observation:
    """What the bot is given: its seat's view of ``s`` and determinisations of it (never ``s`` itself)."""
    return Observation(s, seat) if allowed is None else _Limited(s, seat, allowed)


class FirebreakSeat:
    """A catanatron ``Player`` (duck-typed: ``color`` and ``decide``) played by a firebreak agent."""

    def __init__(self, color: Any, agent: Agent, seed: int = 0) -> None:
        self.color = color
        self.is_bot = True
        self.agent = agent
        self.rng = Rng(seed)
        self._bm: BoardMap | None = None
        self._bm_map: Any = None
        self.decisions = 0
        self.discards = 0
        self.unmatched = 0  # catanatron actions firebreak could not offer (single-card Year of Plenty)

    def reset_state(self) -> None:
        self._bm = None

    def _board(self, game: Any) -> BoardMap:
        cmap = game.state.board.map
        if self._bm is None or self._bm_map is not cmap:
            self._bm = board_map(cmap)
            self._bm_map = cmap
        return self._bm

    def decide(self, game: Any, playable_actions: list[Any]) -> Any:
        if len(playable_actions) == 1 and playable_actions[0].action_type != ActionType.DISCARD:
            return playable_actions[0]
        bm = self._board(game)
        s = to_firebreak(game, bm, seed=self.rng.below(2**31))
        seat = game.state.color_to_index[self.color]
        if playable_actions[0].action_type == ActionType.DISCARD:
            return self._discard(s, seat)
        choices = offered(s, bm, playable_actions)
        self.unmatched += sum(1 for a in playable_actions if first_step(s, bm, a) is None)
        self.decisions += 1
        allowed = sorted(choices)
        a = self.agent.act(observation(s, seat, allowed), self.rng)
        options = choices[a]
        if len(options) == 1:
            return options[0]
        # a robber move with several possible victims: firebreak asks whom to rob as its next step
        s.apply(a)
        assert s.phase == TAKE and s.actor == seat
        lay = layout(NUM_PLAYERS)
        victims = {game.state.color_to_index[x.value[1]]: x for x in options}
        allowed = sorted(lay.take + q for q in victims)
        t = self.agent.act(observation(s, seat, allowed), self.rng)
        return victims[t - lay.take]

    def _discard(self, s: CatanState, seat: int) -> Any:
        """The bot picks the cards one at a time, as in firebreak; catanatron is given the list."""
        lay = layout(NUM_PLAYERS)
        cards: list[str] = []
        self.discards += 1
        while s.phase == DISCARD and s.actor == seat and s.discard_left[seat]:
            a = self.agent.act(observation(s, seat), self.rng)
            cards.append(RESOURCES[a - lay.discard])
            s.apply(a)
        return Action(self.color, ActionType.DISCARD, cards)
