"""The rules of Catan (base game and 5-6 extension) with the Fire Stations variant, as a firebreak GameState.

Two rule modes (option ``mode``):

* ``firestorm`` -- the variant: a 7 activates the firestorm (no robber, no development cards, no Largest Army);
  fire stations protect settlements and cities; The Fire Wardens (+2 VP) for three or more stations.
* ``classic`` -- the published base rules: robber, the development deck, Largest Army.

Hot-path data are plain lists of ints indexed by node, edge, hex and seat (see topology.py); legal actions are
generated per phase from small per-player structures (each player's road "reach" set) so random games are fast.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from firebreak.core import TERMINAL, OptionError
from firebreak.core.events import make_event
from firebreak.core.game import GameState
from firebreak.core.parameters import BOARD_KEY

from .actions import END_TURN, ROLL, layout, maritime_decode
from .board import DESERT, GENERIC, GOLD, lay_out
from .layouts import fixed_deal
from .constants import (  # noqa: F401 - re-exported for tests and tools
    BRICK,
    COST_CITY,
    COST_DEV,
    COST_ROAD,
    COST_SETTLEMENT,
    COST_SHIP,
    COST_STATION,
    DEV_KINDS,
    DISCARD,
    FIRE_PAY,
    GOLD_PICK,
    GRAIN,
    KNIGHT,
    LUMBER,
    MAIN,
    MONOPOLY,
    MOVE_TOKEN,
    ORE,
    OVER,
    PRE_ROLL,
    RESOURCE_NAMES,
    ROAD_BUILDING,
    ROAD_BUILDING_CARD,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SHIP_MOVE,
    SPECIAL_BUILD,
    TAKE,
    TRADE_CONFIRM,
    TRADE_DRAFT,
    TRADE_RESPONSE,
    VICTORY_POINT,
    WOOL,
    YEAR_OF_PLENTY,
)
from .development import DevelopmentMixin
from .parameters import cost_table
from .seafarers import SeafarersMixin
from .fire import burning_buildings
from .topology import topology
from .trading import _DRAFT_LISTS, TradingMixin
from .view import ViewsMixin


_MARITIME = tuple(maritime_decode(i) for i in range(20))
"""Each maritime trade's (resource given, resource got), by its place in the range."""

_COSTS: dict[int, tuple[Any, tuple[tuple[int, ...], ...]]] = {}
"""Each set of rule values' cost table, by the shared rules object (see core.parameters.rule_values), kept with it."""


def _costs(rules: Any) -> tuple[tuple[int, ...], ...]:
    """``cost_table(rules)``, worked out once per set of rule values rather than at every game's set-up."""
    found = _COSTS.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_COSTS) >= 256:  # as many as core.parameters keeps rule sets
            _COSTS.clear()
        found = _COSTS[id(rules)] = (rules, cost_table(rules))
    return found[1]


_NO_VICTORY_PHASES = frozenset({OVER, SETUP_SETTLEMENT, SETUP_ROAD, SPECIAL_BUILD})
"""Phases after which nobody wins yet (ruling B3): the game is over, in set-up, in the special building phase."""


class CatanState(DevelopmentMixin, TradingMixin, SeafarersMixin, ViewsMixin, GameState):
    """One position of a game of Catan (either rule mode, 3-6 players)."""

    REVEALS = {"roll": "rolled the dice", "buy_development": "drew a development card", "take": "took a card"}
    """Rolls, development card draws (from a pile shuffled at set-up) and steals cannot be taken back."""

    __slots__ = (
        "_draft_memo",
        "_main_memo",
        "_robbed",
        "acceptors",
        "actor",
        "ask",
        "declined",
        "fire_left",
        "fire_queue",
        "give",
        "army",
        "army_holder",
        "bank",
        "board",
        "build_vp",
        "buildable",
        "cities_left",
        "classic",
        "costs",
        "dev_deck",
        "dev_hand",
        "dev_new",
        "dev_played",
        "dice",
        "discard_left",
        "draft_steps",
        "edge_owner",
        "firestorm",
        "free_roads",
        "gold_left",
        "gold_return",
        "hands",
        "isles",
        "lay",
        "max_offers",
        "moving",
        "node_harbour",
        "node_level",
        "node_owner",
        "numbers",
        "offers_made",
        "over_winners",
        "phase",
        "pirate_hex",
        "pirate_moved",
        "player_edges",
        "rates",
        "reach",
        "responders",
        "return_phase",
        "road_holder",
        "road_len",
        "roads_left",
        "roll_hexes",
        "sbp",
        "sbp_queue",
        "settlements_left",
        "setup_idx",
        "setup_node",
        "setup_order",
        "ship_moved",
        "ships_left",
        "ships_new",
        "sreach",
        "st_burned",
        "st_fire_hex",
        "st_fire_lost",
        "st_sevens",
        "st_taken",
        "st_trades",
        "st_offers",
        "st_maritime",
        "station",
        "stations_left",
        "terrain",
        "token_hex",
        "topo",
        "trades",
        "turn",
        "turn_count",
        "turn_limit",
        "wardens_holder",
        "edge_ship",
        "win_vp",
        "rules",
    )

    # --- construction -------------------------------------------------------------------------------------
    def _setup(self) -> None:
        o = self.options
        n = self.num_players
        self.rules = self.spec.rules(o)
        self.costs = _costs(self.rules)
        self.board = str(o.get("board", "base"))
        deal = fixed_deal(o[BOARD_KEY]) if o.get(BOARD_KEY) is not None else None  # a variant's layout
        self.topo = t = topology(n, self.board) if deal is None else deal.topology
        self.lay = layout(n, self.board)
        self.firestorm = o["mode"] == "firestorm"
        self.classic = not self.firestorm
        self.trades = bool(o["player_trades"])
        self.max_offers = int(o["offers_per_turn"])
        self.turn_limit = int(o["turn_limit"])
        if self.max_offers < 0 or self.turn_limit < 0:
            raise OptionError("offers_per_turn and turn_limit must not be negative")
        self.sbp = n >= 5  # the special building phase of the 5-6 extension
        if deal is None:
            self.terrain, self.numbers, self.node_harbour = lay_out(t, o["layout"], self.rng)
        else:  # the layout file's deal, whatever the layout option says
            self.terrain, self.numbers, self.node_harbour = deal.terrain, deal.numbers, deal.node_harbour
        roll_hexes: list[tuple[int, ...]] = [() for _ in range(13)]
        for h, num in enumerate(self.numbers):
            if num:
                roll_hexes[num] = roll_hexes[num] + (h,)
        self.roll_hexes = tuple(roll_hexes)
        data = t.data
        self.phase = SETUP_SETTLEMENT
        self.turn = 0
        self.turn_count = 0
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [data.bank_per_resource] * 5
        self.node_owner = [-1] * t.num_nodes
        self.node_level = [0] * t.num_nodes
        self.station = [0] * t.num_nodes
        self.edge_owner = [-1] * t.num_edges
        rules = self.rules
        self.roads_left = [rules.roads_per_player] * n
        self.settlements_left = [rules.settlements_per_player] * n
        self.cities_left = [rules.cities_per_player] * n
        self.stations_left = [rules.fire_stations_per_player if self.firestorm else 0] * n
        self.player_edges = [[] for _ in range(n)]
        self.reach = [set() for _ in range(n)]
        self.buildable = list(t.node_land)
        self.rates = [[4] * 5 for _ in range(n)]
        # The firestorm token starts beside the board; the robber starts on the (first) desert, or beside the board
        # on a variant's layout without one (ruling V1).
        self.token_hex = -1 if self.firestorm or DESERT not in self.terrain else self.terrain.index(DESERT)
        self.dice = (0, 0)
        self.road_len = [0] * n
        self.road_holder = -1
        self.army = [0] * n
        self.army_holder = -1
        self.wardens_holder = -1
        self.build_vp = [0] * n
        deck: list[int] = []
        if self.classic:
            for k, name in enumerate(DEV_KINDS):
                deck.extend([k] * max(0, data.development_cards[name] + getattr(rules, f"extra_{name}_cards")))
            self.rng.shuffle(deck)
        self.dev_deck = deck
        self.dev_hand = [[0] * 5 for _ in range(n)]
        self.dev_new = [[0] * 5 for _ in range(n)]
        self.dev_played = False
        self.setup_order = list(range(n)) + list(range(n - 1, -1, -1))
        self.setup_idx = 0
        self.setup_node = -1
        self.actor = 0
        self.discard_left = [0] * n
        self.return_phase = MAIN
        self.free_roads = 0
        # trades between players (trading.py) and fire payments (ruling F10)
        self.give = [0] * 5
        self.ask = [0] * 5
        self.responders: list[int] = []
        self.acceptors: list[int] = []
        self.offers_made = 0
        self.draft_steps = 0  # steps taken in the draft being composed (the evaluation charges the wasted ones)
        self.declined = [False] * n
        self.fire_left = [0] * n
        self.fire_queue: list[int] = []
        self.sbp_queue: list[int] = []
        self.over_winners: list[int] = []
        self.st_fire_hex = [0] * t.num_hexes
        self.st_fire_lost = [0] * n
        self.st_taken = [0] * n
        self.st_sevens = 0
        self.st_burned = [0] * n
        self.st_trades = [0] * n  # trades between players, per seat (the offerer's and the partner's both count)
        self.st_offers = [0] * n  # offers put to the table, per offerer
        self.st_maritime = [0, 0]  # maritime trades: with the bank at 4:1, at a harbour (3:1 or 2:1)
        self._robbed = -1
        # Memos of the legal actions, stamped with the number of actions played when they were made: one is
        # reused only after further actions (so a position edited by hand, as tests do, is never served stale).
        self._draft_memo: list[Any] | None = None  # [stamp, (ask caps), {draft: steps}] (see trading.py)
        self._main_memo: tuple[int, list[int]] | None = None
        self._setup_seafarers()

    def clone(self) -> CatanState:
        c = CatanState.__new__(CatanState)
        self._copy_base_into(c)
        c.topo = self.topo
        c.lay = self.lay
        c.firestorm = self.firestorm
        c.rules = self.rules
        c.costs = self.costs
        c.classic = self.classic
        c.trades = self.trades
        c.max_offers = self.max_offers
        c.turn_limit = self.turn_limit
        c.sbp = self.sbp
        c.terrain = self.terrain
        c.numbers = self.numbers
        c.node_harbour = self.node_harbour
        c.roll_hexes = self.roll_hexes
        c.phase = self.phase
        c.turn = self.turn
        c.actor = self.actor
        c.turn_count = self.turn_count
        c.hands = [h[:] for h in self.hands]
        c.bank = self.bank[:]
        c.node_owner = self.node_owner[:]
        c.node_level = self.node_level[:]
        c.station = self.station[:]
        c.edge_owner = self.edge_owner[:]
        c.roads_left = self.roads_left[:]
        c.settlements_left = self.settlements_left[:]
        c.cities_left = self.cities_left[:]
        c.stations_left = self.stations_left[:]
        c.player_edges = [e[:] for e in self.player_edges]
        c.reach = [set(r) for r in self.reach]
        c.buildable = self.buildable[:]
        c.rates = [r[:] for r in self.rates]
        c.token_hex = self.token_hex
        c.dice = self.dice
        c.road_len = self.road_len[:]
        c.road_holder = self.road_holder
        c.army = self.army[:]
        c.army_holder = self.army_holder
        c.wardens_holder = self.wardens_holder
        c.build_vp = self.build_vp[:]
        c.dev_deck = self.dev_deck[:]
        c.dev_hand = [h[:] for h in self.dev_hand]
        c.dev_new = [h[:] for h in self.dev_new]
        c.dev_played = self.dev_played
        c.setup_order = self.setup_order
        c.setup_idx = self.setup_idx
        c.setup_node = self.setup_node
        c.discard_left = self.discard_left[:]
        c.return_phase = self.return_phase
        c.free_roads = self.free_roads
        c.give = self.give[:]
        c.ask = self.ask[:]
        c.responders = self.responders[:]
        c.acceptors = self.acceptors[:]
        c.offers_made = self.offers_made
        c.draft_steps = self.draft_steps
        c.declined = self.declined[:]
        c.fire_left = self.fire_left[:]
        c.fire_queue = self.fire_queue[:]
        c.sbp_queue = self.sbp_queue[:]
        c.over_winners = self.over_winners[:]
        c.st_fire_hex = self.st_fire_hex[:]
        c.st_fire_lost = self.st_fire_lost[:]
        c.st_taken = self.st_taken[:]
        c.st_sevens = self.st_sevens
        c.st_burned = self.st_burned[:]
        c.st_trades = self.st_trades[:]
        c.st_offers = self.st_offers[:]
        c.st_maritime = self.st_maritime[:]
        c._robbed = -1
        c._draft_memo = None  # a determinisation redeals the hands it was computed from
        c._main_memo = None
        c.board = self.board
        c.win_vp = self.win_vp
        c.pirate_hex = self.pirate_hex
        c.pirate_moved = self.pirate_moved
        c.ship_moved = self.ship_moved
        c.moving = self.moving
        c.gold_return = self.gold_return
        if self.topo.sea or GOLD in self.terrain:
            c.ships_left = self.ships_left[:]
            c.edge_ship = self.edge_ship[:]
            c.sreach = [set(r) for r in self.sreach]
            c.ships_new = self.ships_new[:]
            c.gold_left = self.gold_left[:]
            c.isles = [x[:] for x in self.isles]
        else:  # without sea and gold fields, ships, gold and islands stay as set up (empty, 0): shared, not copied
            c.ships_left = self.ships_left
            c.edge_ship = self.edge_ship
            c.sreach = self.sreach
            c.ships_new = self.ships_new
            c.gold_left = self.gold_left
            c.isles = self.isles
        return c

    # --- queries ------------------------------------------------------------------------------------------
    action_space_takes_options = True

    @classmethod
    def num_distinct_actions(cls, num_players: int, options: dict[str, Any] | None = None) -> int:
        return layout(num_players, str((options or {}).get("board", "base"))).size

    def action_space_size(self) -> int:
        return self.lay.size

    def action_space_key(self) -> Any:
        return (self.num_players, self.board)

    def action_to_text(self, action: int) -> str:
        return self.lay.texts[action]

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.actor

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def public_vp(self, p: int) -> int:
        """Victory points everyone can see (hidden victory point cards excluded)."""
        rules = self.rules
        return (
            self.build_vp[p]
            + (rules.longest_road_vp if self.road_holder == p else 0)
            + (rules.largest_army_vp if self.army_holder == p else 0)
            + (rules.fire_wardens_vp if self.wardens_holder == p else 0)
            + rules.island_bonus_vp * len(self.isles[p])
        )

    def total_vp(self, p: int) -> int:
        """Victory points with the hidden victory point cards: ``public_vp`` written out, since the victory check
        after every action asks."""
        rules = self.rules
        return (
            self.build_vp[p]
            + (rules.longest_road_vp if self.road_holder == p else 0)
            + (rules.largest_army_vp if self.army_holder == p else 0)
            + (rules.fire_wardens_vp if self.wardens_holder == p else 0)
            + rules.island_bonus_vp * len(self.isles[p])
            + self.dev_hand[p][VICTORY_POINT]
        )

    def scores(self) -> list[float]:
        return [float(self.total_vp(p)) for p in range(self.num_players)]

    def public_standing(self) -> list[float]:
        """Victory points everyone can see: hidden victory point cards stay out until the end."""
        return [float(self.public_vp(p)) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return list(self.over_winners) if self.phase == OVER else []

    # --- legal actions ------------------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """``GameState.legal_actions`` with the end-of-game test and the common case of a draft step written out:
        it is asked at every decision, and composing offers is half of all decisions in random play."""
        legal = self._legal
        if legal is None:
            ph = self.phase
            compiled = self.lay.compiled
            if compiled is not None:  # the main phase without trades and the roll: two decisions in three
                if ph == MAIN and not self.trades:
                    legal = self._legal = compiled.main_actions(self, self.actor, True)
                    self._legal_set = None
                    return legal
                if ph == PRE_ROLL:
                    legal = self._legal = [ROLL]
                    if self.classic and not self.dev_played:
                        compiled.dev_actions(self, self.actor, legal)
                    self._legal_set = None
                    return legal
            if ph == TRADE_DRAFT:
                memo = self._draft_memo
                # a draft step since the last call (see TradingMixin._draft_actions): the steps open are known
                if memo is not None and memo[0] < len(self.history):
                    legal = _DRAFT_LISTS.get(memo[1])
                    if legal is not None:
                        memo[0] = len(self.history)
                        legal = self._legal = legal[:]
                        self._legal_set = None
                        return legal
            legal = self._legal = [] if ph == OVER else self._legal_actions()
            self._legal_set = None
        return legal

    def _legal_actions(self) -> list[int]:
        ph = self.phase
        p = self.actor
        if ph == TRADE_DRAFT:  # first: composing an offer card by card is half of all decisions in random play
            return self._draft_actions(p)
        lay = self.lay
        if ph == MAIN:
            if not self.trades:  # no drafts, so nothing to remember between them
                return self._main_actions(p, True)
            # Back in the main phase after an offer was withdrawn, declined or cancelled, only the offer count
            # and who declined have changed: the rest is reused (every other action clears it, see _apply).
            memo = self._main_memo
            played = len(self.history)
            rest = memo[1] if memo is not None and memo[0] < played else self._main_actions(p, True, False)
            self._main_memo = (played, rest)
            out = rest[:]
            if self._can_open_offer(p):
                out.append(lay.draft)
            return out
        if ph == TRADE_RESPONSE:
            # Everyone is asked (asking only those who hold the cards would show their hands to all); only a
            # player who can pay may accept.
            return self._response_actions(p)
        if ph == PRE_ROLL:
            out = [ROLL]
            if self.classic and not self.dev_played:
                self._dev_actions(p, out)
            return out
        if ph == DISCARD:  # the resources held (compress: no Python loop, and a discard follows every big hand)
            return list(compress(range(lay.discard, lay.discard + 5), self.hands[p]))
        if ph == MOVE_TOKEN:
            th = self.token_hex
            land = self.topo.num_land
            if self.firestorm:  # "exception: desert + water"
                base = lay.firestorm
                return [base + h for h, ter in enumerate(self.terrain[:land]) if ter != DESERT and h != th]
            out = []
            if self.topo.sea:  # Seafarers: the robber or the pirate
                base = lay.pirate
                ph_ = self.pirate_hex
                out.extend(base + h for h in range(land, self.topo.num_hexes) if h != ph_)
            base = lay.robber  # every land hex but the robber's, as two runs of ids
            if 0 <= th < land:
                out.extend(range(base, base + th))
                out.extend(range(base + th + 1, base + land))
            else:
                out.extend(range(base, base + land))
            return out
        if ph == TAKE:
            return [lay.take + q for q in self._take_candidates()]
        if ph == SPECIAL_BUILD:
            return self._main_actions(p, False)
        if ph == ROAD_BUILDING:
            return self._free_builds(p)
        if ph == TRADE_CONFIRM:
            return self._confirm_actions(p)
        if ph == FIRE_PAY:
            return list(compress(range(lay.fire_pay, lay.fire_pay + 5), self.hands[p]))
        if ph == SETUP_SETTLEMENT:
            base = lay.settle
            if self.topo.sea:  # players start on the main island
                isl = self.topo.node_island
                return [base + n for n, ok in enumerate(self.buildable) if ok and isl[n] == 0]
            return [base + n for n, ok in enumerate(self.buildable) if ok]
        if ph == SETUP_ROAD:
            eo = self.edge_owner
            t = self.topo
            el = t.edge_land
            out = sorted(lay.road + e for e in t.node_edges[self.setup_node] if eo[e] < 0 and el[e])
            if t.sea and self.ships_left[p]:  # a ship for the first road, while the player has one
                es = t.edge_sea
                out.extend(sorted(lay.ship + e for e in t.node_edges[self.setup_node] if eo[e] < 0 and es[e]))
            return out
        if ph == SHIP_MOVE:
            return [lay.move_to + e for e in self._ship_spots(p) if e != self.moving]
        if ph == GOLD_PICK:
            return [lay.gold + r for r in range(5) if self.bank[r]]
        return []

    def _road_spots(self, p: int) -> list[int]:
        compiled = self.lay.compiled
        if compiled is not None:  # the same list (see _catan.c)
            return compiled.road_spots(self, p)  # type: ignore[no-any-return]
        eo = self.edge_owner
        ne = self.topo.node_edges
        el = self.topo.edge_land
        base = self.lay.road
        return sorted({base + e for n in self.reach[p] for e in ne[n] if eo[e] < 0 and el[e]})

    def _main_actions(self, p: int, full: bool, offer: bool = True) -> list[int]:
        """Actions of the turn player after rolling (``full``) or of a player in the special building phase;
        without opening a trade offer unless ``offer``."""
        compiled = self.lay.compiled
        if compiled is not None:  # the same list, but for the offer (see _catan.c)
            out: list[int] = compiled.main_actions(self, p, full)
            if full and offer and self._can_open_offer(p):
                out.append(self.lay.draft)
            return out
        lay = self.lay
        h = self.hands[p]
        lumber, brick, wool, grain, ore = h
        road, settlement, city, dev, station, ship = self.costs
        out = [END_TURN]
        sea = self.topo.sea
        if (
            lumber >= road[0]
            and brick >= road[1]
            and wool >= road[2]
            and grain >= road[3]
            and ore >= road[4]
            and self.roads_left[p]
        ):
            out.extend(self._road_spots(p))
        if (
            lumber >= settlement[0]
            and brick >= settlement[1]
            and wool >= settlement[2]
            and grain >= settlement[3]
            and ore >= settlement[4]
            and self.settlements_left[p]
        ):
            b = self.buildable
            base = lay.settle
            out.extend(sorted(base + n for n in (self.reach[p] | self.sreach[p] if sea else self.reach[p]) if b[n]))
        if (
            lumber >= city[0]
            and brick >= city[1]
            and wool >= city[2]
            and grain >= city[3]
            and ore >= city[4]
            and self.cities_left[p]
        ):
            lv = self.node_level
            base = lay.city
            no = self.node_owner
            out.extend(sorted(base + n for n in self.reach[p] if no[n] == p and lv[n] == 1))
        if self.firestorm:
            if (
                lumber >= station[0]
                and brick >= station[1]
                and wool >= station[2]
                and grain >= station[3]
                and ore >= station[4]
                and self.stations_left[p]
            ):
                st = self.station
                base = lay.station
                out.extend(base + n for n in self._my_nodes(p) if not st[n])
        if sea:
            spots = None  # where a ship may go, found once for building and moving ships
            if (
                lumber >= ship[0]
                and brick >= ship[1]
                and wool >= ship[2]
                and grain >= ship[3]
                and ore >= ship[4]
                and self.ships_left[p]
            ):
                spots = self._ship_spots(p)
                base = lay.ship
                out.extend(base + e for e in spots)
            if full and not self.ship_moved:
                base = lay.move_from
                out.extend(base + e for e in self._movable_ships(p, spots))
        if self.classic:
            if (
                lumber >= dev[0]
                and brick >= dev[1]
                and wool >= dev[2]
                and grain >= dev[3]
                and ore >= dev[4]
                and self.dev_deck
            ):
                out.append(lay.buy_dev)
            if full and not self.dev_played:
                self._dev_actions(p, out)
        if not full:
            return out
        # maritime trade (most hands of a random game cannot pay even the best rate: then no loop at all)
        rates = self.rates[p]
        if max(h) >= min(rates):
            bank = self.bank
            for r, gets in enumerate(lay.maritime_gets):
                if h[r] >= rates[r]:
                    for s, a in gets:
                        if bank[s]:
                            out.append(a)
        if offer and self._can_open_offer(p):
            out.append(lay.draft)
        return out

    def _my_nodes(self, p: int) -> list[int]:
        no = self.node_owner
        return [n for n in sorted(self.reach[p]) if no[n] == p]

    def _take_candidates(self) -> list[int]:
        """Opponents with a (for the firestorm: unsecured) building on the token's hex and at least one card;
        for the pirate, opponents with a ship beside its hex."""
        if self.pirate_moved:
            eo = self.edge_owner
            es = self.edge_ship
            ships = {eo[e] for e in self._pirate_edges() if eo[e] >= 0 and es[e]}
            return sorted(q for q in ships if q != self.turn and sum(self.hands[q]) > 0)
        fs = self.firestorm
        if fs and not self.rules.firestorm_cards_taken:  # a firestorm that takes no card robs nobody
            return []
        no = self.node_owner
        st = self.station
        me = self.turn
        hands = self.hands
        out = set()
        for n in self.topo.hex_nodes[self.token_hex]:
            q = no[n]
            if q >= 0 and q != me and not (fs and st[n]) and sum(hands[q]) > 0:
                out.add(q)
        return sorted(out)

    # --- applying actions ---------------------------------------------------------------------------------
    def _apply(self, a: int) -> None:
        lay = self.lay
        ph = self.phase
        p = self.actor
        if ph == TRADE_DRAFT:
            # Adding or removing a card of a draft is half of all decisions in random play: straight to it.
            i = a - lay.give_add
            if 0 <= i < 20:
                self._draft_step(p, i)
            else:
                self._trade_action(p, a)
            return
        if ph == TRADE_RESPONSE or ph == TRADE_CONFIRM:
            # Every action of these phases is a trade step (half of all decisions in random play); none changes
            # a victory point, so the victory check below, already made when the draft opened, is skipped.
            self._trade_action(p, a)
            return
        if a != lay.draft:
            self._main_memo = None
        # A third of all actions each; neither needs the victory check below: a roll changes nobody's victory
        # points and the roller was checked when the turn began, and the next turn's start makes its own check.
        if a == ROLL:
            self._roll(p)
            return
        if a == END_TURN:
            self._end_turn(p)
            return
        if a >= lay.maritime:  # maritime trades, opening a draft, paying the fire: the common ones, tested first
            if a < lay.draft:
                give, get = _MARITIME[a - lay.maritime]
                rate = self.rates[p][give]
                h = self.hands[p]
                h[give] -= rate
                h[get] += 1
                self.bank[give] += rate
                self.bank[get] -= 1
                self.st_maritime[rate < 4] += 1
                self.events.append(
                    make_event(
                        "maritime",
                        {"player": p, "give": RESOURCE_NAMES[give], "count": rate, "get": RESOURCE_NAMES[get]},
                        None,
                    )
                )
            elif a < lay.fire_pay:
                self._trade_action(p, a)
            elif a < lay.fire_pay + 5:
                self._pay_fire(p, a - lay.fire_pay)
        else:
            if a < lay.settle:
                self._place_road(p, a - lay.road)
            elif a < lay.city:
                self._place_settlement(p, a - lay.settle)
            elif a < lay.station:
                n = a - lay.city
                self._pay(p, self.costs[2])
                self.node_level[n] = 2
                self.cities_left[p] -= 1
                self.settlements_left[p] += 1
                self.build_vp[p] += 1
                self._emit("city", player=p, node=n)
            elif a < lay.ship:
                self._place_station(p, a - lay.station)
            elif a < lay.buy_dev:
                self._seafarers_action(p, a)
            elif a < lay.firestorm:
                self._dev(p, a)
            elif a < lay.take:
                self._move_token(p, a - (lay.firestorm if a < lay.robber else lay.robber))
            elif a < lay.discard:
                self._take_from(p, a - lay.take)
                self._after_take()
            elif a < lay.maritime:
                r = a - lay.discard
                self.hands[p][r] -= 1
                self.bank[r] += 1
                self.discard_left[p] -= 1
                self.events.append(make_event("discard", {"player": p, "resource": RESOURCE_NAMES[r]}, None))
                if not self.discard_left[p]:
                    self._next_discarder()
        # 10 VP wins on the owner's turn (ruling B3): not during setup nor in the special building phase.
        if ph != SPECIAL_BUILD and self.phase not in _NO_VICTORY_PHASES and self.total_vp(self.turn) >= self.win_vp:
            self._finish([self.turn], "victory")

    def _pay(self, p: int, cost: tuple[int, ...]) -> None:
        h = self.hands[p]
        bank = self.bank
        for r in range(5):
            c = cost[r]
            if c:
                h[r] -= c
                bank[r] += c

    def _finish(self, winners: list[int], reason: str) -> None:
        self.phase = OVER
        self.over_winners = winners
        self._emit(
            "game_over",
            winners=winners,
            reason=reason,
            victory_points=[self.total_vp(q) for q in range(self.num_players)],
        )

    # dice and production
    def _roll(self, p: int) -> None:
        rb = self.rng.randint
        d1 = rb(1, 6)
        d2 = rb(1, 6)
        self.dice = (d1, d2)
        s = d1 + d2
        self.events.append(make_event("roll", {"player": p, "dice": [d1, d2]}, None))
        if s == 7:
            self._seven(p)
            return
        self.phase = MAIN
        self._produce(s)

    def _produce(self, s: int) -> None:
        """Pay out a roll (in C where it was built, see _catan.c: a roll is a third of all actions of a random
        game), then tell who gained what and ask for the gold fields' choices."""
        compiled = self.lay.compiled
        gains = compiled.produce(self, s) if compiled is not None else self._payout(s)
        gold = any(self.gold_left)  # Seafarers: gold fields owe a choice of resource
        if gold:
            self.gold_return = MAIN
            self._emit("gold_owed", players={str(q): k for q, k in enumerate(self.gold_left) if k})
        if gains is not None:
            self.events.append(make_event("produce", {"gains": gains}, None))
        if gold:
            self._next_gold()

    def _payout(self, s: int) -> list[list[int]] | None:
        """Pay out a roll into the hands, the bank and ``gold_left``; the gains by seat and resource, or None when
        nobody gains a card; the bank shortage rule applies per resource.

        One pass over the hexes with that number counts each seat's gains and each resource's total; the bank's
        shortages are settled after, resource by resource: with enough left everyone owed is paid, with one
        player owed that player takes what is left, with several owed nobody receives it. A gold field adds to
        ``gold_left`` instead (Seafarers)."""
        hn = self.topo.hex_nodes
        lv = self.node_level
        no = self.node_owner
        terrain = self.terrain
        token = self.token_hex
        n = self.num_players
        gains = [[0] * 5 for _ in range(n)]
        total = [0] * 5
        for h in self.roll_hexes[s]:
            if h == token:
                continue
            r = terrain[h]
            if r == GOLD:
                for node in hn[h]:
                    if lv[node]:
                        self.gold_left[no[node]] += lv[node]
                continue
            for node in hn[h]:
                k = lv[node]
                if k:
                    gains[no[node]][r] += k
                    total[r] += k
        if not any(total):
            return None
        bank = self.bank
        hands = self.hands
        for r in range(5):
            owed = total[r]
            if not owed:
                continue
            if owed <= bank[r]:
                bank[r] -= owed
                for q in range(n):
                    x = gains[q][r]
                    if x:
                        hands[q][r] += x
                continue
            takers = [q for q in range(n) if gains[q][r]]
            if len(takers) == 1:  # shortage with one player owed: that player takes what the bank has left
                q = takers[0]
                x = bank[r]
                hands[q][r] += x
                gains[q][r] = x
                bank[r] = 0
            else:  # shortage with several players owed: nobody receives this resource
                for q in takers:
                    gains[q][r] = 0
        return gains

    def _seven(self, p: int) -> None:
        self.st_sevens += 1
        if self.classic or self.options["firestorm_discard"]:
            any_d = False
            for q in range(self.num_players):
                c = sum(self.hands[q])
                if c > self.rules.discard_limit:
                    self.discard_left[q] = c // 2
                    any_d = True
            if any_d:
                self.phase = DISCARD
                self.return_phase = MAIN
                self._next_discarder()
                return
        self.phase = MOVE_TOKEN
        self.return_phase = MAIN
        self.actor = p

    def _next_discarder(self) -> None:
        n = self.num_players
        for i in range(n):
            q = (self.turn + i) % n
            if self.discard_left[q]:
                self.actor = q
                return
        self.phase = MOVE_TOKEN
        self.actor = self.turn

    def _move_token(self, p: int, h: int) -> None:
        self.token_hex = h
        if self.firestorm:
            self.st_fire_hex[h] += 1
            self._emit("firestorm", player=p, hex=self.topo.hex_labels[h])
        else:
            self._emit("robber", player=p, hex=self.topo.hex_labels[h])
        self._rob(p)

    def _rob(self, p: int) -> None:
        """After the robber, firestorm or pirate moves: ask whom to rob if several may be, else take at once."""
        cands = self._take_candidates()
        if len(cands) > 1:
            self.phase = TAKE
            return
        if cands:
            self._take_from(p, cands[0])
        else:
            self._robbed = -1
        self._after_take()

    def cards_to_take(self) -> int:
        """Cards the player who moved the robber, firestorm or pirate takes from the player they rob: one, or the
        firestorm's ``firestorm_cards_taken`` (rule parameter; the Fire Stations rules print one)."""
        return self.rules.firestorm_cards_taken if self.firestorm and not self.pirate_moved else 1

    def _take_from(self, p: int, q: int) -> None:
        h = self.hands[q]
        count = min(self.cards_to_take(), sum(h))  # no more than the robbed player holds
        taken = []
        for _ in range(count):
            i = self.rng.below(sum(h))
            r = 0
            while i >= h[r]:
                i -= h[r]
                r += 1
            h[r] -= 1
            self.hands[p][r] += 1
            taken.append(r)
        self.st_taken[p] += count
        self._robbed = q
        if count == 1:  # the printed take: the event as it always was
            self._emit("take", player=p, victim=q)
        else:
            self._emit("take", player=p, victim=q, cards=count)
        for r in taken:
            self._emit("take_card", visible_to=(p, q), player=p, victim=q, resource=RESOURCE_NAMES[r])

    def _after_take(self) -> None:
        self.pirate_moved = False
        self.phase = self.return_phase
        self.actor = self.turn
        if self.firestorm:
            self._spread_fire(self._robbed)
        self._robbed = -1

    # --- the fire's toll (ruling F10: the payer chooses the cards, as when discarding on a 7) ---------------
    def _spread_fire(self, robbed: int) -> None:
        """Each affected player owes one card per burning building; the robbed player's first one is free.

        A player with nothing to choose pays at once: one holding no more cards than they owe pays them all ("no
        debt is incurred" beyond that), one holding a single kind of resource pays what they owe of it. The
        others choose their cards one by one, in turn order from the turn player.
        """
        burning = burning_buildings(
            self.topo,
            self.token_hex,
            self.node_owner,
            self.station,
            self.edge_owner,
            self.edge_ship if self.topo.sea else None,
        )
        bank = self.bank
        paid_all: dict[str, Any] = {}
        n = self.num_players
        for q, nodes in burning.items():
            rules = self.rules
            owed = rules.firestorm_cards_per_building * max(
                0, len(nodes) - (rules.firestorm_robbed_free_buildings if q == robbed else 0)
            )
            self.st_burned[q] += len(nodes)
            h = self.hands[q]
            paid: list[str] = []
            choosing = 0
            kinds = sum(1 for x in h if x)
            if owed > 0 and (sum(h) <= owed or kinds == 1):  # nothing to choose: paid at once
                for r in range(5):
                    k = min(h[r], owed - len(paid))
                    paid.extend([RESOURCE_NAMES[r]] * k)
                    bank[r] += k
                    h[r] -= k
                self.st_fire_lost[q] += len(paid)
            elif owed > 0:
                choosing = owed
                self.fire_left[q] = owed
            paid_all[str(q)] = {"buildings": nodes, "owed": owed, "paid": paid}
            if choosing:
                paid_all[str(q)]["choosing"] = choosing
        self._emit("fire_spreads", hex=self.topo.hex_labels[self.token_hex], players=paid_all)
        self.fire_queue = [q for q in ((self.turn + k) % n for k in range(n)) if self.fire_left[q]]
        if self.fire_queue:
            self.phase = FIRE_PAY
            self.actor = self.fire_queue[0]

    def _pay_fire(self, p: int, r: int) -> None:
        self.hands[p][r] -= 1
        self.bank[r] += 1
        self.fire_left[p] -= 1
        self.st_fire_lost[p] += 1
        self._emit("fire_payment", player=p, resource=RESOURCE_NAMES[r], left=self.fire_left[p])
        if self.fire_left[p]:
            return
        self.fire_queue.pop(0)
        if self.fire_queue:
            self.actor = self.fire_queue[0]
        else:
            self.phase = self.return_phase
            self.actor = self.turn

    # --- end of the fire's toll ---------------------------------------------------------------------------

    # building
    def _place_road(self, p: int, e: int) -> None:
        ph = self.phase
        if ph == MAIN or ph == SPECIAL_BUILD:
            self._pay(p, self.costs[0])
        self.edge_owner[e] = p
        self.roads_left[p] -= 1
        self.player_edges[p].append(e)
        no = self.node_owner
        reach = self.reach[p]
        for v in self.topo.edge_nodes[e]:
            if no[v] < 0 or no[v] == p:
                reach.add(v)
        self._emit("road", player=p, edge=list(self.topo.edge_nodes[e]))
        self.road_len[p] = self._route_after_laying(p, e)
        if self.road_len[p] >= self.rules.longest_road_min:
            self._update_longest_road()
        if ph == SETUP_ROAD:
            self._next_setup()
        elif ph == ROAD_BUILDING:
            self._free_piece_placed(p)

    def _next_setup(self) -> None:
        self.setup_idx += 1
        if self.setup_idx == len(self.setup_order):
            self._start_turn(0)
        else:
            self.phase = SETUP_SETTLEMENT
            self.actor = self.setup_order[self.setup_idx]

    def _place_settlement(self, p: int, n: int) -> None:
        t = self.topo
        setup = self.phase == SETUP_SETTLEMENT
        if not setup:
            self._pay(p, self.costs[1])
        self.node_owner[n] = p
        self.node_level[n] = 1
        self.settlements_left[p] -= 1
        self.build_vp[p] += 1
        b = self.buildable
        b[n] = False
        for m in t.node_nodes[n]:
            b[m] = False
        self.reach[p].add(n)
        if t.sea:
            self.sreach[p].add(n)
            isl = t.node_island[n]
            # Island bonus (island_bonus_vp, 2 VP printed) for the first settlement on each island other than the
            # main island, where every player starts (ruling S7).
            if isl > 0 and isl not in self.isles[p]:
                self.isles[p].append(isl)
                if self.rules.island_bonus_vp == 2:  # the printed bonus: the event as it always was
                    self._emit("island_bonus", player=p, node=n)
                else:
                    self._emit("island_bonus", player=p, node=n, vp=self.rules.island_bonus_vp)
        k = self.node_harbour[n]
        if k >= 0:
            rates = self.rates[p]
            if k == GENERIC:
                for r in range(5):
                    rates[r] = min(rates[r], 3)
            else:
                rates[k] = 2
        self._emit("settlement", player=p, node=n)
        broken = False
        for q in range(self.num_players):
            if q != p and (n in self.reach[q] or n in self.sreach[q]):
                self.reach[q].discard(n)
                self.sreach[q].discard(n)
                if self.player_edges[q]:
                    old = self.road_len[q]
                    self.road_len[q] = self._route_length(q)
                    broken = broken or self.road_len[q] != old
        if t.sea and any(self.edge_ship[e] for e in self.player_edges[p]):
            # Seafarers: one's own settlement may join one's road and ship into one trade route
            old = self.road_len[p]
            self.road_len[p] = self._route_length(p)
            broken = broken or self.road_len[p] != old
        if broken:
            self._update_longest_road()
        if setup:
            self.setup_node = n
            if self.setup_idx >= self.num_players:
                # The second settlement yields one of each adjacent terrain's resource.
                h = self.hands[p]
                bank = self.bank
                got = [0] * 5
                for hx in t.node_hexes[n]:
                    r = self.terrain[hx]
                    if r == GOLD:
                        self.gold_left[p] += 1
                    elif r < 5 and bank[r]:
                        h[r] += 1
                        bank[r] -= 1
                        got[r] += 1
                self._emit("setup_resources", player=p, gains=got)
            self.phase = SETUP_ROAD
            if self.gold_left[p]:
                self.gold_return = SETUP_ROAD
                self._next_gold()

    def _place_station(self, p: int, n: int) -> None:
        self._pay(p, self.costs[4])
        self.station[n] = 1
        self.stations_left[p] -= 1
        self._emit("fire_station", player=p, node=n)
        supply = self.rules.fire_stations_per_player
        mine = supply - self.stations_left[p]
        h = self.wardens_holder
        if mine >= self.rules.fire_wardens_min and h != p and (h < 0 or mine > supply - self.stations_left[h]):
            self.wardens_holder = p
            self._emit("fire_wardens", player=p, previous=h)

    def _update_longest_road(self) -> None:
        """Longest Road: 5+ roads; changes hands only when beaten; set aside when the holder is broken into a tie."""
        L = self.road_len
        h = self.road_holder
        best = max(L)
        if h >= 0 and L[h] == best and best >= self.rules.longest_road_min:
            return
        new = -1
        if best >= self.rules.longest_road_min:
            leaders = [q for q, x in enumerate(L) if x == best]
            if len(leaders) == 1:
                new = leaders[0]
        if new != h:
            self.road_holder = new
            self._emit("longest_road", player=new, previous=h, length=best)

    # turns
    def _end_turn(self, p: int) -> None:
        if self.phase == SPECIAL_BUILD:
            self.sbp_queue.pop(0)
            if self.sbp_queue:
                self.actor = self.sbp_queue[0]
                return
            self._start_turn((self.turn + 1) % self.num_players)
            return
        self.events.append(make_event("end_turn", {"player": p}, None))
        if self.sbp:
            n = self.num_players
            self.sbp_queue = [(p + k) % n for k in range(1, n)]
            self.phase = SPECIAL_BUILD
            self.actor = self.sbp_queue[0]
            return
        self._start_turn((p + 1) % self.num_players)

    def _start_turn(self, p: int) -> None:
        if self.phase != SETUP_ROAD:
            self.turn_count += 1
        self.turn = p
        self.actor = p
        self.phase = PRE_ROLL
        self.dev_played = False
        self.offers_made = 0
        if True in self.declined:  # both kept when there is nothing to clear: a random game's common case
            self.declined = [False] * self.num_players
        if self.ships_new:
            self.ships_new = []
        self.ship_moved = False
        if self.classic and any(map(any, self.dev_new)):  # development cards exist only under the classic rules
            for row in self.dev_new:
                if any(row):
                    row[:] = [0] * 5
        if self.total_vp(p) >= self.win_vp:
            self._finish([p], "victory")
        elif self.turn_limit and self.turn_count >= self.turn_limit:
            vps = [self.total_vp(q) for q in range(self.num_players)]
            best = max(vps)
            self._finish([q for q in range(self.num_players) if vps[q] == best], "turn limit")
