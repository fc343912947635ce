"""Catan observations for learning code: a fixed-length vector from one seat's view.

Registered on the spec as ``observation_encoder`` (see :mod:`firebreak.core.encoding`). Only the view is read,
so a seat sees every hand's size but only its own cards and development cards. Seats are relative to the viewer.

The board part is sized from the board itself, not from constants: the encoder lays out one block per hex, per
corner (node) and per side (edge) of the board a new game with these options shows, with edges taken as the
sides of its hexes. A new board (more players, another scenario) therefore needs no change here; a new terrain,
harbour or piece kind is one more name in :data:`TERRAINS`, :data:`HARBOURS` or a field below, and a new phase
comes with ``PHASE_NAMES``. Names the encoder does not know go to an "other" slot instead of failing.

Rule parameters do not change the layout. The pieces each player has (``roads_per_player`` ...) and the points
The Fire Wardens is worth are read from the game's rules: the stations a seat has built are the game's supply less
those left, and a seat's points count the card at its value. The scales stay the printed numbers (roads / 15 ...),
so under a variant with more pieces a field may pass 1, and the same number means the same count in every variant.

:meth:`CatanEncoder.write_state` is the fast path: the same vector read straight from the state (a rival's hand
and development cards only as the counts the view shows); the fixed board (terrains, numbers, harbours) is
written once per board and copied after that. The compiled path (``_encode.c``, built where there is a C compiler)
writes the fast path's vector in C, bit for bit, in about a microsecond; the learning environments use it when it
was built, and the fast path otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import compress
from operator import ne
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from firebreak.core import TERMINAL
from firebreak.core.encoding import Field, ObservationEncoder, Writer, compiled_module, index_of, put_block, snapshot

from .board import GENERIC, TERRAIN_NAMES
from .constants import DEV_KINDS, OVER, PHASE_NAMES, RESOURCE_NAMES, TRADE_CONFIRM, TRADE_DRAFT, VICTORY_POINT

if TYPE_CHECKING:
    from .state import CatanState

TERRAINS = (*RESOURCE_NAMES, "desert", "gold field", "sea")
"""Terrain names in the order of the one-hot (unknown names: the extra "other" slot)."""
OFFER_STAGES = ("draft", "proposed", "choosing")
"""Stages of a trade offer on the table: being composed, put to the others, the offerer choosing a partner."""
SEA_PER_SEAT = (
    ("ships_left", "ships left / 15"),
    ("islands_settled", "islands settled beyond the main one / 4"),
    ("gold_to_choose", "gold-field resources still to choose / 4"),
)
"""Per-seat Seafarers fields, each one number, in this order."""
HARBOURS = tuple(f"{r} 2:1" for r in RESOURCE_NAMES) + ("generic 3:1",)
"""Harbour kinds in the order of the one-hot."""
NUMBERS = tuple(range(2, 13))
RES = len(RESOURCE_NAMES)
DEV = len(DEV_KINDS)
PER_SEAT = [
    Field("cards", 1, "resource cards in hand / 10"),
    Field("development_cards", 1, "development cards in hand / 5"),
    Field("victory_points", 1, "public victory points / 10"),
    Field("pieces_left", 4, "roads / 15, settlements / 5, cities / 4, fire stations / 5 left"),
    Field("fire_stations", 1, "fire stations built / 5"),
    Field("road_length", 1, "longest road / 15"),
    Field("knights", 1, "knights played / 5"),
    Field("harbour_rates", RES, "cards given per card taken from the bank, per resource / 4"),
    Field("discard_left", 1, "cards still to discard / 10"),
]
PER_SEAT_SIZE = sum(f.size for f in PER_SEAT)
SEAT_AT = {f.name: sum(g.size for g in PER_SEAT[:i]) for i, f in enumerate(PER_SEAT)}
"""Where each field lies in a seat block (``pieces_left``: the roads left, then settlements, cities, stations)."""
SIXTH, NINETEENTH, FIFTH, QUARTER, TENTH = ((1.0 / d).__mul__ for d in (6, 19, 5, 4, 10))
"""``v * (1.0 / d)`` as the view path computes these fields, mapped in C."""


def _dice(dice: tuple) -> list[float]:
    """The last roll's two dice / 6 (a roll of other than two dice padded or cut to two, as the view is)."""
    if len(dice) == 2:
        return [*map(SIXTH, dice)]
    return [(v or 0) * (1.0 / 6) for v in (*dice, 0, 0)[:2]]


def board_edges(view: dict[str, Any]) -> list[tuple[int, int]]:
    """Every side of every hex as a sorted node pair, in a fixed order (the order of hexes, then of corners)."""
    edges: dict[tuple[int, int], None] = {}
    for h in view["board"]["hexes"]:
        nodes = h["nodes"]
        for i, a in enumerate(nodes):
            b = nodes[(i + 1) % len(nodes)]
            edges.setdefault((min(a, b), max(a, b)), None)
    return list(edges)


def _board_tables(edge_index: dict[tuple[int, int], int], t: Any) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """See :attr:`CatanEncoder._board_tables`."""
    slots = tuple(edge_index.get((min(a, b), max(a, b)), -1) for a, b in t.edge_nodes)
    corners: list[int] = []
    for e in t.harbour_edges:
        a, b = t.edge_nodes[e]
        corners += (a, b)
    return t.num_hexes, slots, tuple(corners)


class CatanEncoder(ObservationEncoder):
    """Board (hexes, nodes, edges), bank, turn and trade, the viewer's cards, then one block per seat."""

    _seat_shared: tuple
    """The seat blocks' numbers and the state's values they came from (see :meth:`_seat_blocks`)."""

    def __init__(self, num_players: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, options)
        from . import SPEC  # the board a new game with these options lays out sets the sizes

        template = SPEC.new_game(num_players, 0, options).view(None)
        rules = SPEC.rules(options)
        # the fire stations each player has (a rule parameter): a seat's stations built are this less those left
        self.fire_stations = int(rules.fire_stations_per_player)
        self.wardens_vp = int(rules.fire_wardens_vp)  # what The Fire Wardens adds to its holder's points
        self.road_vp, self.army_vp = int(rules.longest_road_vp), int(rules.largest_army_vp)  # and the other cards
        self.island_vp = int(rules.island_bonus_vp)  # each island settled (Seafarers)
        self.hexes = len(template["board"]["hexes"])
        self.nodes = len(template["board"]["node_xy"])
        self.edge_index = {e: i for i, e in enumerate(board_edges(template))}
        self.edges = len(self.edge_index)
        self.sea = bool(template["board"].get("sea"))
        # one-hot lists the fast path copies in: a relative seat (the last entry: no seat)
        self._hot = [[1.0 if i == k else 0.0 for i in range(num_players)] for k in range(num_players)]
        self._hot.append([0.0] * num_players)
        # per viewer, each seat's relative one-hot, then (index -1) no seat
        self._rel_hot = [
            [self._hot[(p - v) % num_players] for p in range(num_players)] + [self._hot[-1]] for v in range(num_players)
        ]
        self._head_size = len(PHASE_NAMES) + 1 + 2 * num_players  # phase (or none), seat to act, seat whose turn
        self._no_offer = [0.0] * (1 + len(OFFER_STAGES) + 2 * RES + 3 * num_players)
        self.offsets()  # kept as ``_offsets``: the fast path reads it without the method call
        mod = compiled_module("firebreak.games.catan._encode")
        if mod is not None:  # the compiled path (the same vector as write_state, in C)
            self.compiled = mod.Encoder(self._compiled_params(), self._compiled_tables(), self._board_tables)

    def _compiled_params(self) -> dict[str, int]:
        """The compiled writer's numbers: the layout's offsets (the Seafarers fields' 0 on a base board), the seat
        block's, and the sizes and codes of the rules it reads."""
        o = self._offsets
        params = {
            name: o.get(name, 0)
            for name in (
                "hex.terrain",
                "hex.number",
                "hex.token",
                "node.settlement",
                "node.city",
                "node.fire_station",
                "node.harbour",
                "edge.road",
                "phase",
                "turn_number",
                "dice",
                "bank",
                "development_deck",
                "holders",
                "free_roads",
                "offer",
                "declined_all_offers",
                "fire_owed",
                "my_hand",
                "my_development",
                "my_victory_points",
                "seat[0].cards",
                "edge.ship",
                "hex.pirate",
                "seat[0].ships_left",
            )
        }
        params |= {f"seat.{name}": at for name, at in SEAT_AT.items()}
        return params | {
            "size": self.size,
            "players": self.num_players,
            "terrain_kinds": len(TERRAINS) + 1,
            "number_kinds": len(NUMBERS),
            "harbour_kinds": len(HARBOURS) + 1,
            "phases": len(PHASE_NAMES),
            "offer_stages": len(OFFER_STAGES),
            "resources": RES,
            "development_kinds": DEV,
            "per_seat": PER_SEAT_SIZE,
            "sea_per_seat": len(SEA_PER_SEAT),
            "sea": int(self.sea),
            "trade_draft": TRADE_DRAFT,
            "trade_confirm": TRADE_CONFIRM,
            "over": OVER,
            "terminal": TERMINAL,
            "victory_point_card": VICTORY_POINT,
            "fire_stations": self.fire_stations,
            "wardens_vp": self.wardens_vp,
            "road_vp": self.road_vp,
            "army_vp": self.army_vp,
            "island_vp": self.island_vp,
            "terrain_lo": -len(TERRAIN_NAMES),
            "harbour_lo": -RES,
        }

    @staticmethod
    def _compiled_tables() -> dict[str, tuple[int, ...]]:
        """The compiled writer's lookups, computed by the fast path's own expressions: the one-hot slot of each
        terrain and harbour code (Python's indexing, negative codes included; -2 where it raises), the number tokens
        in one-hot order, and the phases in which an offer is on the table (``offer_pending`` asked of each phase: it
        reads the phase alone)."""
        from .state import CatanState

        terrains = len(TERRAINS)
        terrain_slots = []
        for code in range(-len(TERRAIN_NAMES), len(TERRAIN_NAMES)):
            i = index_of(TERRAINS, TERRAIN_NAMES[code])
            terrain_slots.append(terrains if i is None else i)
        harbour_slots = []
        for code in range(-RES, max(RES, GENERIC + 1)):
            try:
                i = index_of(HARBOURS, "generic 3:1" if code == GENERIC else RESOURCE_NAMES[code] + " 2:1")
            except IndexError:
                harbour_slots.append(-2)
                continue
            harbour_slots.append(len(HARBOURS) if i is None else i)
        offer_pending: Any = CatanState.offer_pending  # the property itself, asked of each phase
        offer_phases = tuple(
            phase for phase in range(len(PHASE_NAMES)) if offer_pending.fget(SimpleNamespace(phase=phase))
        )
        return {
            "terrain_slots": tuple(terrain_slots),
            "harbour_slots": tuple(harbour_slots),
            "numbers": NUMBERS,
            "offer_phases": offer_phases,
        }

    @property
    def _board_tables(self) -> Callable[[Any], tuple[int, tuple[int, ...], tuple[int, ...]]]:
        """A topology's tables for the compiled writer (asked once per topology object): its hex count, the
        encoder's edge slot for each of its edges (as :meth:`_static` finds them), and the corners of its harbour
        sides, two by two. A function of the edge slots alone, not a bound method: the compiled writer keeps it,
        and a reference back to this encoder would make a cycle the garbage collector cannot see through C."""
        return partial(_board_tables, self.edge_index)

    def fields(self) -> list[Field]:
        n, H, V, E = self.num_players, self.hexes, self.nodes, self.edges
        terrains = len(TERRAINS) + 1
        return [
            Field("hex.terrain", H * terrains, "terrain one-hot (hex-major): " + ", ".join(TERRAINS) + ", other"),
            Field("hex.number", H * len(NUMBERS), "number token one-hot 2..12 (hex-major)"),
            Field("hex.token", H, "1 on the hex holding the firestorm or robber"),
            Field("node.settlement", V * n, "settlement on the corner by relative seat (node-major)"),
            Field("node.city", V * n, "city on the corner by relative seat (node-major)"),
            Field("node.fire_station", V, "1 if the building there has a fire station"),
            Field(
                "node.harbour",
                V * (len(HARBOURS) + 1),
                "harbour kind one-hot (node-major): " + ", ".join(HARBOURS) + ", other",
            ),
            Field("edge.road", E * n, "road on the side by relative seat (edge-major; sides of hexes in order)"),
            Field("phase", len(PHASE_NAMES) + 1, "phase one-hot: " + ", ".join(PHASE_NAMES) + ", other"),
            Field("to_act", n, "seat to act, relative one-hot"),
            Field("turn", n, "seat whose turn it is, relative one-hot"),
            Field("turn_number", 1, "turn number / 100"),
            Field("dice", 2, "the last roll's two dice / 6"),
            Field("bank", RES, "resource cards in the bank / 19"),
            Field("development_deck", 1, "development cards left / 25"),
            Field("holders", 3 * n, "Longest Road, Largest Army, The Fire Wardens: holder, relative one-hot each"),
            Field("free_roads", 1, "free roads left to build / 2"),
            Field(
                "offer",
                1 + len(OFFER_STAGES) + 2 * RES + 3 * n,
                "trade offer: open; stage one-hot (" + ", ".join(OFFER_STAGES) + "); cards given per resource "
                "/ 4; cards asked for per resource / 4; from (relative one-hot); waiting for (relative); "
                "accepted by (relative)",
            ),
            Field("declined_all_offers", n, "seats that declined every offer this turn (relative)"),
            Field("fire_owed", n, "cards each seat still owes the firestorm / 5 (relative)"),
            Field("my_hand", RES, "viewer's resource cards / 10"),
            Field(
                "my_development",
                2 * DEV,
                "viewer's development cards, then those bought this turn, per kind: " + ", ".join(DEV_KINDS),
            ),
            Field("my_victory_points", 1, "viewer's victory points, hidden cards included / 10"),
            *[Field(f"seat[{k}].{f.name}", f.size, f.doc) for k in range(n) for f in PER_SEAT],
            *(self._sea_fields() if self.sea else []),
        ]

    def _sea_fields(self) -> list[Field]:
        """Seafarers boards only (a base board's vector has none of these): ships, the pirate, each seat's ships
        left, islands settled and gold-field picks still to make."""
        n = self.num_players
        return [
            Field("edge.ship", self.edges * n, "ship on the side by relative seat (edge-major)"),
            Field("hex.pirate", self.hexes, "1 on the hex holding the pirate"),
            *[Field(f"seat[{k}].{name}", 1, doc) for k in range(n) for name, doc in SEA_PER_SEAT],
        ]

    def write(self, view: dict[str, Any], viewer: int, out: Writer) -> None:
        n = self.num_players
        rel = self.relative
        board = view["board"]
        hexes = board["hexes"]
        terrains = len(TERRAINS)
        for h in hexes:
            i = index_of(TERRAINS, h["terrain"])
            out.one_hot(terrains if i is None else i, terrains + 1)
        for h in hexes:
            out.one_hot(index_of(NUMBERS, h["number"]), len(NUMBERS))
        token = view["token_hex"]
        out.nums(h["label"] == token for h in hexes)
        V = self.nodes
        settlement = [0.0] * (V * n)
        city = [0.0] * (V * n)
        station = [0.0] * V
        for b in board["buildings"]:
            target = city if b["kind"] == "city" else settlement
            target[b["node"] * n + rel(b["player"], viewer)] = 1.0
            station[b["node"]] = float(b["fire_station"])
        out.block(settlement)
        out.block(city)
        out.block(station)
        kinds = len(HARBOURS) + 1
        harbour = [0.0] * (V * kinds)
        for h in board["harbours"]:
            i = index_of(HARBOURS, h["kind"])
            for node in h["nodes"]:
                harbour[node * kinds + (len(HARBOURS) if i is None else i)] = 1.0
        out.block(harbour)
        roads = [0.0] * (self.edges * n)
        for r in board["roads"]:
            a, b = r["edge"]
            roads[self.edge_index[(min(a, b), max(a, b))] * n + (r["player"] - viewer) % n] = 1.0
        out.block(roads)
        phase = index_of(PHASE_NAMES, view["phase"])
        out.one_hot(len(PHASE_NAMES) if phase is None else phase, len(PHASE_NAMES) + 1)
        out.one_hot(rel(view["to_act"], viewer), n)
        out.one_hot(rel(view["turn"], viewer), n)
        out.num(view["turn_number"], 100)
        dice = list(view["dice"]) + [0, 0]
        out.nums(dice[:2], 6)
        out.nums((view["bank"][r] for r in RESOURCE_NAMES), 19)
        out.num(view["development_deck"], 25)
        for key in ("longest_road", "largest_army", "fire_wardens"):
            out.one_hot(rel(view[key], viewer), n)
        out.num(view["free_roads"], 2)
        offer = view["offer"]
        if offer is None:
            out.nums([0.0] * (1 + len(OFFER_STAGES) + 2 * RES + 3 * n))
        else:
            out.num(1)
            out.one_hot(index_of(OFFER_STAGES, offer["stage"]), len(OFFER_STAGES))
            out.nums((offer["give"].get(r, 0) for r in RESOURCE_NAMES), 4)
            out.nums((offer["ask"].get(r, 0) for r in RESOURCE_NAMES), 4)
            out.one_hot(rel(offer["from"], viewer), n)
            out.multi_hot(((p - viewer) % n for p in offer["waiting_for"]), n)
            out.multi_hot(((p - viewer) % n for p in offer["accepted_by"]), n)
        out.multi_hot(((p - viewer) % n for p in view["declined_all_offers"]), n)
        owed = view["fire_owed"]
        out.nums((owed[seat] for seat in self.seats_from(viewer)), 5)
        out.nums((view["hand"][r] for r in RESOURCE_NAMES), 10)
        out.nums(view["development_hand"][k] for k in DEV_KINDS)
        out.nums(view["development_new"][k] for k in DEV_KINDS)
        out.num(view["my_victory_points"], 10)
        players = view["players"]
        discard = view["discard_left"]
        for seat in self.seats_from(viewer):
            p = players[seat]
            out.num(p["cards"], 10)
            out.num(p["development_cards"], 5)
            out.num(p["victory_points"], 10)
            out.num(p["roads_left"], 15)
            out.num(p["settlements_left"], 5)
            out.num(p["cities_left"], 4)
            out.num(p["fire_stations_left"], 5)
            out.num(p["fire_stations"], 5)
            out.num(p["road_length"], 15)
            out.num(p["knights"], 5)
            out.nums((p["harbour_rates"][r] for r in RESOURCE_NAMES), 4)
            out.num(discard[seat], 10)
        if self.sea:
            ships = [0.0] * (self.edges * n)
            for r in board["ships"]:
                a, b = r["edge"]
                ships[self.edge_index[(min(a, b), max(a, b))] * n + (r["player"] - viewer) % n] = 1.0
            out.block(ships)
            out.nums(h["label"] == board["pirate_hex"] for h in hexes)
            for seat in self.seats_from(viewer):
                for name, _doc in SEA_PER_SEAT:
                    out.num(players[seat][name], 15 if name == "ships_left" else 4)

    # --- the fast path ---------------------------------------------------------------------------------------
    def _board_region(self, s: "CatanState", viewer: int, out: Any) -> tuple[Any, list[int]]:
        """Seat ``viewer``'s board region, ``out[:phase]`` (terrains, numbers, the token, buildings, harbours,
        roads), and where its ship 1s go (Seafarers; their field lies further on).

        The region changes only when the token moves or something is built, so it is kept per viewer (in the
        buffer's own type) with the token and piece lists it came from (compared by value, in C) and copied in
        as one slice; when something was built since, only the corners and sides that changed are rewritten in
        the kept block, instead of walking every corner and side of the board at each decision."""
        empty, slots = self._static(s, out)
        key = (s.token_hex, s.node_owner, s.node_level, s.station, s.edge_owner, s.edge_ship)
        cache: dict[int, tuple] = self.__dict__.setdefault("_region_cache", {})
        hit = cache.get(viewer)
        if hit is not None and hit[0] is slots:  # slots: same board and buffer type
            if hit[1] == key:
                return hit[2], hit[3]
            kept_key = self._patch_region(s, viewer, hit[1], hit[2], slots)
            ships = self._ships(s, viewer, slots) if self.sea else []
            cache[viewer] = (slots, kept_key, hit[2], ships)
            return hit[2], ships
        block = empty.copy()
        self._patch_region(
            s,
            viewer,
            (
                -1,
                [-1] * len(s.node_owner),
                [0] * len(s.node_owner),
                [0] * len(s.node_owner),
                [-1] * len(s.edge_owner),
                [0] * len(s.edge_owner),
            ),
            block,
            slots,
        )
        ships = self._ships(s, viewer, slots) if self.sea else []
        cache[viewer] = (slots, snapshot(key), block, ships)
        return block, ships

    def _patch_region(self, s: "CatanState", viewer: int, old: tuple, block: Any, slots: list[int]) -> tuple:
        """Rewrite in ``block`` (seat ``viewer``'s board region, written for the pieces ``old``, a snapshot) the
        token, the corners and the sides whose pieces differ in ``s``; returns the snapshot of ``s``'s pieces,
        which copies only the lists that changed (the others are ``old``'s own copies, equal by value)."""
        n = self.num_players
        o = self._offsets
        old_token, old_owner, old_level, old_station, old_edge, old_ship = old
        token = s.token_hex
        if old_token != token:
            if old_token >= 0:
                block[o["hex.token"] + old_token] = 0.0
            if token >= 0:
                block[o["hex.token"] + token] = 1.0
        owner, level, station = s.node_owner, s.node_level, s.station
        # the pieces ``block`` shows now: only their 1s are cleared below (one slot per corner or side)
        shown_owner, shown_level, shown_edge, shown_ship = old_owner, old_level, old_edge, old_ship
        nodes: set[int] = set()
        if owner != old_owner:  # the corners that differ, found in C
            nodes.update(compress(range(len(owner)), map(ne, owner, old_owner)))
            old_owner = owner[:]
        if level != old_level:
            nodes.update(compress(range(len(owner)), map(ne, level, old_level)))
            old_level = level[:]
        if station != old_station:
            nodes.update(compress(range(len(owner)), map(ne, station, old_station)))
            old_station = station[:]
        if nodes:
            settlement_at, city_at, station_at = o["node.settlement"], o["node.city"], o["node.fire_station"]
            for node in nodes:
                base = node * n
                q = shown_owner[node]
                if q >= 0:
                    block[(city_at if shown_level[node] == 2 else settlement_at) + base + (q - viewer) % n] = 0.0
                block[station_at + node] = 0.0
                p = owner[node]
                if p >= 0:
                    block[(city_at if level[node] == 2 else settlement_at) + base + (p - viewer) % n] = 1.0
                    if station[node]:
                        block[station_at + node] = 1.0
        edge_owner, ship = s.edge_owner, s.edge_ship
        edges: set[int] = set()
        if edge_owner != old_edge:
            edges.update(compress(range(len(edge_owner)), map(ne, edge_owner, old_edge)))
            old_edge = edge_owner[:]
        if ship != old_ship:
            edges.update(compress(range(len(edge_owner)), map(ne, ship, old_ship)))
            old_ship = ship[:]
        if edges:
            road_at = o["edge.road"]
            for e in edges:
                if slots[e] < 0:
                    continue
                base = road_at + slots[e] * n
                q = shown_edge[e]
                if q >= 0 and not shown_ship[e]:
                    block[base + (q - viewer) % n] = 0.0
                p = edge_owner[e]
                if p >= 0 and not ship[e]:
                    block[base + (p - viewer) % n] = 1.0
        return token, old_owner, old_level, old_station, old_edge, old_ship

    def _ships(self, s: "CatanState", viewer: int, slots: list[int]) -> list[int]:
        """Where seat ``viewer``'s ship 1s go (the ship field lies beyond the board region)."""
        n = self.num_players
        ship_at = self.offsets()["edge.ship"]
        ship = s.edge_ship
        return [ship_at + slots[e] * n + (p - viewer) % n for e, p in enumerate(s.edge_owner) if p >= 0 and ship[e]]

    def _static(self, s: "CatanState", out: Any) -> tuple[Any, list[int]]:
        """The board region with the fixed board's numbers only (hex terrains and numbers, harbours; no token,
        no pieces), in the buffer's type, and the encoder's edge slot for each of the topology's edges; computed
        once per board (compared by value, so a copied state hits the cache) and per buffer type, in ``out`` used
        as scratch. A new board gives a new slot list, which tells the caches built on the old one apart."""
        t = s.topo
        cached = getattr(self, "_board", None)
        if (
            cached is not None
            and cached[0] is t
            and cached[1] == s.terrain
            and cached[2] == s.numbers
            and cached[3] == s.node_harbour
            and cached[4] is type(out)
        ):
            return cached[5], cached[6]
        o = self.offsets()
        out[: o["phase"]] = [0.0] * o["phase"]  # the buffer is scratch here: it may hold an old board
        terrains = len(TERRAINS)
        for h in range(t.num_hexes):
            i = index_of(TERRAINS, TERRAIN_NAMES[s.terrain[h]])
            out[h * (terrains + 1) + (terrains if i is None else i)] = 1.0
            k = index_of(NUMBERS, s.numbers[h])
            if k is not None:
                out[o["hex.number"] + h * len(NUMBERS) + k] = 1.0
        kinds = len(HARBOURS) + 1
        at = o["node.harbour"]
        for e in t.harbour_edges:
            nodes = t.edge_nodes[e]
            h = s.node_harbour[nodes[0]]
            i = index_of(HARBOURS, "generic 3:1" if h == GENERIC else RESOURCE_NAMES[h] + " 2:1")
            for node in nodes:
                out[at + node * kinds + (len(HARBOURS) if i is None else i)] = 1.0
        slots = []
        for e in range(len(t.edge_nodes)):
            a, b = t.edge_nodes[e]
            slots.append(self.edge_index.get((min(a, b), max(a, b)), -1))
        empty = out[: o["phase"]].copy()
        self._board = (t, s.terrain[:], s.numbers[:], s.node_harbour[:], type(out), empty, slots)
        return empty, slots

    def write_state(self, state: "CatanState", viewer: int, out: Any) -> None:
        s = state
        o = self.offsets()
        block, ships = self._board_region(s, viewer, out)
        out[: o["phase"]] = block
        # From the phase to the last seat block the fields lie end to end: built as one list (the seat blocks
        # kept per viewer while what they show is unchanged) and written in one call.
        put_block(
            out,
            o["phase"],
            [
                *self._head(s, viewer),
                *self._middle(s, viewer),
                *(self._offer_block(s, viewer) if s.offer_pending else self._no_offer),
                *self._trade_left(s, viewer),
                *self._own_block(s, viewer),
                *self._seat_blocks(s, viewer),
            ],
        )
        if self.sea:
            put_block(out, o["edge.ship"], self._sea_block(s, viewer, ships))

    def _head_slots(self, s: "CatanState", viewer: int) -> tuple[int, int, int]:
        """Where the head block's three 1s lie (phase, seat to act, seat whose turn it is), counted from the phase
        field (-1: no seat)."""
        n = self.num_players
        phase = s.phase
        to_act = s.current_player()
        turn = s.turn
        first = len(PHASE_NAMES) + 1
        return (
            phase if 0 <= phase < len(PHASE_NAMES) else len(PHASE_NAMES),
            first + (to_act - viewer) % n if to_act >= 0 else -1,
            first + n + (turn - viewer) % n if turn is not None and turn >= 0 else -1,
        )

    def _head(self, s: "CatanState", viewer: int) -> list[float]:
        """Phase, seat to act and seat whose turn it is (one-hots), with the 1s where :meth:`_head_slots` puts
        them."""
        block = [0.0] * self._head_size
        for i in self._head_slots(s, viewer):
            if i >= 0:
                block[i] = 1.0
        return block

    def _middle(self, s: "CatanState", viewer: int) -> list[float]:
        """Turn number to free roads: the fields built whole (zeros included) with C-level maps over the state's
        lists, seats relative to the viewer."""
        return [
            float(s.turn_count) / 100 if s.turn_count else 0.0,
            *_dice(s.dice),
            *map(NINETEENTH, s.bank),
            float(len(s.dev_deck)) / 25 if s.dev_deck else 0.0,
            *self._holders((s.road_holder, s.army_holder, s.wardens_holder), viewer),
            float(s.free_roads) / 2 if s.free_roads else 0.0,
        ]

    def _holders(self, holders: tuple, viewer: int) -> list[float]:
        """The holders of Longest Road, Largest Army and The Fire Wardens, each a one-hot relative to the viewer
        (all 0 for no holder)."""
        rel = self._rel_hot[viewer]  # each seat's relative one-hot for this viewer; the last entry: no seat
        return [x for h in holders for x in (rel[h] if h is not None and h >= -1 else rel[-1])]

    def _trade_left(self, s: "CatanState", viewer: int) -> list[float]:
        """Seats that declined every offer this turn, then the cards each seat still owes the firestorm."""
        declined, fire_left = s.declined, s.fire_left
        return [
            *map(float, map(bool, declined[viewer:] + declined[:viewer])),
            *map(FIFTH, fire_left[viewer:] + fire_left[:viewer]),
        ]

    def _sea_block(self, s: "CatanState", viewer: int, ships: list[int]) -> list[float]:
        """The Seafarers fields, whole: ships on the sides, the pirate's hex, each seat's ships left, islands
        settled and gold-field picks (``ships``: where the ship 1s go, as offsets into the whole vector)."""
        n = self.num_players
        o = self.offsets()
        at = o["edge.ship"]
        block = [0.0] * (self.size - at)
        for i in ships:
            block[i - at] = 1.0
        if s.pirate_hex >= 0:
            block[o["hex.pirate"] - at + s.pirate_hex] = 1.0
        base = o["seat[0].ships_left"] - at
        for k in range(n):
            p = (viewer + k) % n
            if s.ships_left[p]:
                block[base] = float(s.ships_left[p]) / 15
            if s.isles[p]:
                block[base + 1] = float(len(s.isles[p])) / 4
            if s.gold_left[p]:
                block[base + 2] = float(s.gold_left[p]) / 4
            base += len(SEA_PER_SEAT)
        return block

    def _offer_block(self, s: "CatanState", viewer: int) -> list[float]:
        """The trade offer on the table (see the ``offer`` field)."""
        n = self.num_players
        block = [0.0] * (1 + len(OFFER_STAGES) + 2 * RES + 3 * n)
        block[0] = 1.0
        stage = 0 if s.phase == TRADE_DRAFT else 2 if s.phase == TRADE_CONFIRM else 1
        block[1 + stage] = 1.0
        at = 1 + len(OFFER_STAGES)
        if stage != 0 or viewer == s.turn:  # a draft's cards are its composer's until proposed (as the view)
            block[at : at + 2 * RES] = [*map(QUARTER, s.give), *map(QUARTER, s.ask)]
        at += 2 * RES
        block[at + (s.turn - viewer) % n] = 1.0
        for p in s.responders:
            block[at + n + (p - viewer) % n] = 1.0
        for p in s.acceptors:
            block[at + 2 * n + (p - viewer) % n] = 1.0
        return block

    def _own_block(self, s: "CatanState", viewer: int, vp: int | None = None) -> list[float]:
        """The viewer's resource cards, development cards (held, then bought this turn) and victory points
        (``vp``: the viewer's ``total_vp`` when the caller has it already)."""
        if vp is None:
            vp = s.total_vp(viewer)
        return [
            *map(TENTH, s.hands[viewer]),
            *map(float, s.dev_hand[viewer]),
            *map(float, s.dev_new[viewer]),
            float(vp) / 10 if vp else 0.0,
        ]

    def _seat_blocks(self, s: "CatanState", viewer: int) -> list[float]:
        """Every seat's block (:data:`PER_SEAT`), the viewer first. The numbers are the same for every viewer
        (only their order turns), so they are kept once per seat with the state's values they came from
        (compared by value, in C) and rebuilt only when one of them changed: most decisions (a trade being
        drafted, a robber moved) change no seat's cards, pieces or points. Each viewer's order is kept as one
        list until then."""
        hands, dev_hand, rates, stations_left, isles = s.hands, s.dev_hand, s.rates, s.stations_left, s.isles
        # the blocks show the hands and development cards by their sizes and the islands by their number, so the
        # keys hold only those (found in C): cheaper to compare and copy than the hands themselves. The card
        # counts, which change most often (dice, trades, building), are keyed apart from the rest: when only they
        # changed, only their two numbers per seat are rewritten.
        cards, devs, settled = list(map(sum, hands)), list(map(sum, dev_hand)), list(map(len, isles))
        key = (
            s.build_vp,
            s.road_holder,
            s.army_holder,
            s.wardens_holder,
            settled,
            s.roads_left,
            s.settlements_left,
            s.cities_left,
            stations_left,
            s.firestorm,
            s.road_len,
            s.army,
            rates,
            s.discard_left,
        )
        shared = self.__dict__.get("_seat_shared")
        if shared is None or shared[0] != key:
            stations, wardens_vp, road_vp, army_vp = self.fire_stations, self.wardens_vp, self.road_vp, self.army_vp
            island_vp = self.island_vp
            firestorm = s.firestorm
            road_holder, army_holder, wardens_holder = s.road_holder, s.army_holder, s.wardens_holder
            roads_left, settlements_left, cities_left = s.roads_left, s.settlements_left, s.cities_left
            road_len, army, discard_left, build_vp = s.road_len, s.army, s.discard_left, s.build_vp
            whole: list[float] = []  # every seat's block in seat order, end to end
            for p in range(self.num_players):
                left = stations_left[p]
                # state.public_vp(p), inlined
                vp = (
                    build_vp[p]
                    + (road_vp if road_holder == p else 0)
                    + (army_vp if army_holder == p else 0)
                    + (wardens_vp if wardens_holder == p else 0)
                    + island_vp * settled[p]
                )
                whole += [
                    cards[p] / 10,
                    devs[p] / 5,
                    vp / 10,
                    roads_left[p] / 15,
                    settlements_left[p] / 5,
                    cities_left[p] / 4,
                    left / 5,
                    ((stations - left) if firestorm else 0) / 5,
                    road_len[p] / 15,
                    army[p] / 5,
                    *map(QUARTER, rates[p]),
                    float(discard_left[p]) / 10,
                ]
            shared = self._seat_shared = (
                (
                    build_vp[:],
                    road_holder,
                    army_holder,
                    wardens_holder,
                    settled,
                    roads_left[:],
                    settlements_left[:],
                    cities_left[:],
                    stations_left[:],
                    firestorm,
                    road_len[:],
                    army[:],
                    list(map(list.copy, rates)),
                    discard_left[:],
                ),
                whole,
                {},
                cards,
                devs,
            )
        elif shared[3] != cards or shared[4] != devs:
            whole = shared[1][:]  # a copy (an encoder copied with copy.copy may share the kept one)
            at = 0
            for p in range(self.num_players):
                whole[at] = cards[p] / 10
                whole[at + 1] = devs[p] / 5
                at += PER_SEAT_SIZE
            shared = self._seat_shared = (shared[0], whole, {}, cards, devs)
        flats: dict[int, list[float]] = shared[2]
        flat = flats.get(viewer)
        if flat is None:  # the viewer's order: the seat blocks turned so that its own comes first
            whole = shared[1]
            cut = viewer * PER_SEAT_SIZE
            flat = flats[viewer] = whole[cut:] + whole[:cut]
        return flat
