"""Seafarers on the New Shores board (a mixin of CatanState): ships, moving them, gold fields, the island bonus,
the pirate, the Longest Trade Route. Idle on the base boards (no sea there).

Rulings S1-S11 in docs/rulings/catan.md. Kept apart from state.py so the base rules read as they were.
"""

from __future__ import annotations

from .fields import CatanFields
from .constants import (
    GOLD_PICK,
    MAIN,
    RESOURCE_NAMES,
    ROAD_BUILDING,
    SETUP_ROAD,
    SHIP_MOVE,
    SPECIAL_BUILD,
)
from .longest_road import longest_road, network_part


class SeafarersMixin(CatanFields):
    """The Seafarers parts of :class:`~firebreak.games.catan.state.CatanState` (its slots are declared there)."""

    __slots__ = ()

    def _setup_seafarers(self) -> None:
        """Seafarers' pieces and state (idle on the base boards): ships, gold, islands, the pirate."""
        n = self.num_players
        t = self.topo
        self.win_vp = int(self.options.get("new_shores_vp", 14)) if t.sea else self.rules.victory_points_to_win
        self.pirate_hex = t.pirate_start if self.classic else -1
        self.pirate_moved = False
        self.ships_left = [self.rules.ships_per_player if t.sea else 0] * n
        self.edge_ship = [0] * t.num_edges
        self.sreach = [set() for _ in range(n)]
        self.ships_new: list[int] = []
        self.ship_moved = False
        self.moving = -1
        self.gold_left = [0] * n
        self.gold_return = MAIN
        self.isles: list[list[int]] = [[] for _ in range(n)]

    def _pirate_edges(self) -> tuple[int, ...]:
        """The pirate blocks building and moving ships on the sides of its hex."""
        return self.topo.hex_edges[self.pirate_hex] if self.pirate_hex >= 0 else ()

    def _ship_spots(self, p: int) -> list[int]:
        """Sides touching the sea where ``p`` may put a ship: next to their own building or their ship's free end
        (a ship never joins a road except at a settlement or city), not beside the pirate."""
        compiled = self.lay.compiled
        if compiled is not None:  # the same list (see _catan.c)
            return compiled.ship_spots(self, p)  # type: ignore[no-any-return]
        t = self.topo
        eo = self.edge_owner
        es = t.edge_sea
        ne = t.node_edges
        spots = {e for n in self.sreach[p] for e in ne[n] if eo[e] < 0 and es[e]}
        if self.pirate_hex >= 0:
            spots.difference_update(self._pirate_edges())
        return sorted(spots)

    def _movable_ships(self, p: int, spots: list[int] | None = None) -> list[int]:
        """Ships ``p`` may move now: at the end of an open route, not built this turn, not beside the pirate,
        with somewhere else to go (a free sea path next to what the route still reaches without this ship).
        ``spots`` are ``p``'s ship spots if already found.

        Asked at every decision of a turn before a ship has moved, so counted from the player's own ships alone:
        a ship's end is open when no other of the player's ships ends there and no building of theirs stands
        there, and a ship can go somewhere else when a free sea path touches a crossing the route reaches other
        than the ship's open ends."""
        compiled = self.lay.compiled
        if compiled is not None:  # the same list (see _catan.c; the spots found again there, in C)
            return compiled.movable_ships(self, p)  # type: ignore[no-any-return]
        es = self.edge_ship
        ships = [e for e in self.player_edges[p] if es[e]]
        if not ships:
            return []
        en = self.topo.edge_nodes
        ends: dict[int, int] = {}  # crossing -> how many of p's ships end there
        for e in ships:
            a, b = en[e]
            ends[a] = ends.get(a, 0) + 1
            ends[b] = ends.get(b, 0) + 1
        no = self.node_owner
        new = self.ships_new
        blocked = self._pirate_edges()
        out = []
        near: set[int] | None = None  # the crossings of p's route next to a free sea path
        for e in sorted(ships):
            if e in new or e in blocked:
                continue
            free = [v for v in en[e] if no[v] != p and ends[v] == 1]
            if not free:
                continue
            if near is None:
                sreach = self.sreach[p]
                if spots is None:
                    spots = self._ship_spots(p)
                near = {v for f in spots for v in en[f] if v in sreach}
            if any(v not in free for v in near):
                out.append(e)
        return out

    def _lift_ship(self, p: int, e: int) -> None:
        self.edge_owner[e] = -1
        self.edge_ship[e] = 0
        self.player_edges[p].remove(e)
        self._refresh_sreach(p)

    def _drop_ship(self, p: int, e: int) -> None:
        self.edge_owner[e] = p
        self.edge_ship[e] = 1
        self.player_edges[p].append(e)
        no = self.node_owner
        for v in self.topo.edge_nodes[e]:
            if no[v] < 0 or no[v] == p:
                self.sreach[p].add(v)

    def _refresh_sreach(self, p: int) -> None:
        no = self.node_owner
        en = self.topo.edge_nodes
        es = self.edge_ship
        r = {n for n in self.reach[p] if no[n] == p}
        for e in self.player_edges[p]:
            if es[e]:
                r.update(v for v in en[e] if no[v] < 0 or no[v] == p)
        self.sreach[p] = r

    def _route_length(self, p: int) -> int:
        """Longest Road, or on the Seafarers board the Longest Trade Route over roads and ships."""
        compiled = self.lay.compiled
        if compiled is not None:  # the same count (see _catan.c)
            return compiled.longest_road(  # type: ignore[no-any-return]
                p, self.player_edges[p], self.node_owner, self.edge_ship if self.topo.sea else None
            )
        return longest_road(
            self.topo,
            p,
            self.player_edges[p],
            self.edge_owner,
            self.node_owner,
            self.edge_ship if self.topo.sea else None,
        )

    def _route_after_laying(self, p: int, e: int) -> int:
        """``p``'s Longest Road (or Trade Route) after laying road or ship ``e``, no building having changed: the
        longer of the length before and the longest trail in the part of the network ``e`` joins, since no other
        part changed. Only that part is walked (a randomised test holds it to a full recomputation); in C (see
        _catan.c) the whole network is recounted, which gives the same length at a fraction of the cost."""
        if self.lay.compiled is not None:
            return self._route_length(p)
        edges = self.player_edges[p]
        part = network_part(self.topo, edges, e)
        if part is edges:
            return self._route_length(p)
        return max(
            self.road_len[p],
            longest_road(
                self.topo, p, part, self.edge_owner, self.node_owner, self.edge_ship if self.topo.sea else None
            ),
        )

    def _seafarers_action(self, p: int, a: int) -> None:
        lay = self.lay
        if a < lay.move_from:
            self._place_ship(p, a - lay.ship)
        elif a < lay.move_to:
            e = a - lay.move_from
            self._lift_ship(p, e)
            self.moving = e
            self.return_phase = self.phase
            self.phase = SHIP_MOVE
        elif a < lay.gold:
            e = a - lay.move_to
            old = self.moving
            self._drop_ship(p, e)
            self.moving = -1
            self.ship_moved = True
            self.phase = self.return_phase
            self._emit(
                "ship_moved", player=p, edge=list(self.topo.edge_nodes[e]), previous=list(self.topo.edge_nodes[old])
            )
            self.road_len[p] = self._route_length(p)
            self._update_longest_road()
        elif a < lay.pirate:
            r = a - lay.gold
            self.hands[p][r] += 1
            self.bank[r] -= 1
            self.gold_left[p] -= 1
            self._emit("gold", player=p, resource=RESOURCE_NAMES[r])
            self._next_gold()
        else:
            self._move_pirate(p, a - lay.pirate)

    def _place_ship(self, p: int, e: int) -> None:
        ph = self.phase
        if ph == MAIN or ph == SPECIAL_BUILD:
            self._pay(p, self.costs[5])
        self.ships_left[p] -= 1
        self._drop_ship(p, e)
        if ph != SETUP_ROAD:
            self.ships_new.append(e)
        self._emit("ship", player=p, edge=list(self.topo.edge_nodes[e]))
        self.road_len[p] = self._route_after_laying(p, e)
        if self.road_len[p] >= self.rules.longest_road_min:
            self._update_longest_road()
        if ph == SETUP_ROAD:
            self._next_setup()
        elif ph == ROAD_BUILDING:
            self._free_piece_placed(p)

    def _next_gold(self) -> None:
        """The next player owed a gold field's resources chooses (seat order from the roller); the bank's
        empty resources cannot be chosen, and when the bank is empty the rest is lost."""
        n = self.num_players
        if not any(self.bank):
            self.gold_left = [0] * n
        first = self.turn if self.gold_return != SETUP_ROAD else self.setup_order[self.setup_idx]
        for i in range(n):
            q = (first + i) % n
            if self.gold_left[q]:
                self.actor = q
                self.phase = GOLD_PICK
                return
        self.phase = self.gold_return
        self.actor = first

    def _move_pirate(self, p: int, h: int) -> None:
        self.pirate_hex = h
        self.pirate_moved = True
        self._emit("pirate", player=p, hex=self.topo.hex_labels[h])
        self._rob(p)
