"""What each seat may see, the complete state and determinisation (a mixin of CatanState).

Kept apart from the rules so that state.py holds only how the game moves on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from firebreak.core import Event, Rng, SeatSummary
from firebreak.core.game import ActionChoice

from .fields import CatanFields
from . import strip
from .board import GENERIC, TERRAIN_NAMES
from .choices import action_choices
from .constants import (
    DEV_KINDS,
    OVER,
    PHASE_NAMES,
    TRADE_CONFIRM,
    TRADE_DRAFT,
    RESOURCE_NAMES,
    VICTORY_POINT,
    seat_name,
)
from .narrate import describe
from .place_words import of_state
from .stats import game_stats
from .trading import counts

if TYPE_CHECKING:
    from .state import CatanState


class ViewsMixin(CatanFields):
    """Views, state_dict and determinize for :class:`~firebreak.games.catan.state.CatanState`."""

    __slots__ = ()

    # --- words for players --------------------------------------------------------------------------------
    def player_name(self, seat: int) -> str:
        """The seat's colour on the board and its number from 0: ``"Orange (P1)"``."""
        return seat_name(seat)

    def seat_summaries(self, viewer: int | None) -> list[SeatSummary]:
        """Colour, victory points as far as ``viewer`` may know them, cards counted (see .strip)."""
        return strip.seat_summaries(self, viewer)  # type: ignore[arg-type]

    def question(self, viewer: int | None) -> str:
        return strip.question(self, viewer)  # type: ignore[arg-type]

    def describe_event(self, event: Event) -> str:
        """The event as an English sentence naming players by colour and seat (see narrate.py)."""
        return describe(event, self.player_name, of_state(self))

    def action_text_for(self, action: int, actor: int, viewer: int | None) -> str:
        """The action's text as ``viewer`` may see it: a step of a draft offer (a card added or taken off) names
        its card only to the composer, as the draft itself is theirs until proposed (the log, replays and the
        terminal show the others only that the offer is being worked on)."""
        lay = self.lay
        if viewer != actor and lay.give_add <= action < lay.propose:
            return "change the draft trade offer"
        if action == lay.withdraw_draft:
            return "discard the draft trade offer"
        if self.topo.sea and lay.move_from <= action < lay.move_to:  # the first half of a ship's move, in words
            return f"pick up the ship on {of_state(self).the_path(*self.topo.edge_nodes[action - lay.move_from])}"
        return self.action_to_text(action)

    def log_quiet(self, action: int) -> bool:
        """Drafting a trade offer is silent in the log: opening the draft, each card added or taken off, and the
        draft put away unmade; the offer made is what the log tells. So is picking up a ship to move it: the log
        tells the move once the ship is set down ("sails a ship from ... to ...")."""
        lay = self.lay
        return (
            action == lay.draft
            or lay.give_add <= action < lay.propose
            or action == lay.withdraw_draft
            or (self.topo.sea and lay.move_from <= action < lay.move_to)
        )

    def action_choices(self) -> list[ActionChoice]:
        """The legal actions grouped as a player thinks of them, with their board places (see choices.py)."""
        return action_choices(cast("CatanState", self))

    def score_sheet(self) -> list[list[tuple[str, float]]]:
        """Each seat's victory points by source, summing to :meth:`scores`: settlements, cities, Longest Road,
        then Largest Army and victory point cards (classic) or The Fire Wardens (firestorm).

        This is the true sheet: it counts the hidden victory point cards, so it is for game over (when they are
        revealed) or for the game's own tests; during play a screen shows :meth:`public_score_sheet`.
        """
        return [self._sheet(q, hidden=True) for q in range(self.num_players)]

    def public_score_sheet(self) -> list[list[tuple[str, float]]]:
        """The score sheet everyone may see during play: as :meth:`score_sheet` without victory point cards,
        summing to each seat's public victory points."""
        return [self._sheet(q, hidden=False) for q in range(self.num_players)]

    def _sheet(self, q: int, hidden: bool) -> list[tuple[str, float]]:
        owned = [n for n in range(self.topo.num_nodes) if self.node_owner[n] == q]
        cities = sum(1 for n in owned if self.node_level[n] == 2)
        rows: list[tuple[str, float]] = [
            ("Settlements", float(len(owned) - cities)),
            ("Cities", 2.0 * cities),
            ("Longest Road", float(self.rules.longest_road_vp) * (self.road_holder == q)),
        ]
        if self.classic:
            rows.append(("Largest Army", float(self.rules.largest_army_vp) * (self.army_holder == q)))
            if hidden:
                rows.append(("Victory point cards", float(self.dev_hand[q][VICTORY_POINT])))
        else:
            rows.append(("The Fire Wardens", float(self.rules.fire_wardens_vp) * (self.wardens_holder == q)))
        if self.topo.sea:
            rows.append(("Island bonus", float(self.rules.island_bonus_vp) * len(self.isles[q])))
        return rows

    def _public_player(self, q: int) -> dict[str, Any]:
        return {
            "seat": q,
            "name": self.player_name(q),
            "cards": sum(self.hands[q]),
            "development_cards": sum(self.dev_hand[q]),
            "victory_points": self.public_vp(q),
            "roads_left": self.roads_left[q],
            "settlements_left": self.settlements_left[q],
            "cities_left": self.cities_left[q],
            "fire_stations_left": self.stations_left[q],
            "fire_stations": (self.rules.fire_stations_per_player - self.stations_left[q]) if self.firestorm else 0,
            "road_length": self.road_len[q],
            "knights": self.army[q],
            "harbour_rates": dict(zip(RESOURCE_NAMES, self.rates[q])),
            **self._public_player_sea(q),
        }

    def _public_player_sea(self, q: int) -> dict[str, Any]:
        """Seafarers: ships left, gold still to choose, islands settled for the bonus."""
        if not self.topo.sea:
            return {}
        return {
            "ships_left": self.ships_left[q],
            "gold_to_choose": self.gold_left[q],
            "islands_settled": len(self.isles[q]),
        }

    def _board_view(self) -> dict[str, Any]:
        t = self.topo
        return {
            "rows": list(getattr(t.data, "rows", [])),
            "hexes": [
                {
                    "label": t.hex_labels[h],
                    "terrain": TERRAIN_NAMES[self.terrain[h]],
                    "number": self.numbers[h],
                    "nodes": list(t.hex_nodes[h]),
                }
                for h in range(t.num_hexes)
            ],
            "node_xy": [list(xy) for xy in t.node_xy],
            "harbours": [
                {
                    "nodes": list(t.edge_nodes[e]),
                    "kind": "generic 3:1"
                    if self.node_harbour[t.edge_nodes[e][0]] == GENERIC
                    else RESOURCE_NAMES[self.node_harbour[t.edge_nodes[e][0]]] + " 2:1",
                    **({"hex": t.hex_labels[next(h for h in t.edge_hexes[e] if not t.hex_sea[h])]} if t.sea else {}),
                }
                for e in t.harbour_edges
            ],
            "buildings": [
                {
                    "node": n,
                    "player": self.node_owner[n],
                    "kind": "city" if self.node_level[n] == 2 else "settlement",
                    "fire_station": bool(self.station[n]),
                }
                for n in range(t.num_nodes)
                if self.node_owner[n] >= 0
            ],
            "roads": [
                {"edge": list(t.edge_nodes[e]), "player": o}
                for e, o in enumerate(self.edge_owner)
                if o >= 0 and not self.edge_ship[e]
            ],
            **self._board_view_sea(),
        }

    def _board_view_sea(self) -> dict[str, Any]:
        """Seafarers: which hexes are sea, the ships, the pirate, the islands."""
        t = self.topo
        if not t.sea:
            return {}
        bonus = self.rules.island_bonus_vp
        return {
            **({} if bonus == 2 else {"island_bonus_vp": bonus}),  # a variant's bonus (the printed 2 goes unsaid)
            "sea": True,
            "ships": [
                {"edge": list(t.edge_nodes[e]), "player": o}
                for e, o in enumerate(self.edge_owner)
                if o >= 0 and self.edge_ship[e]
            ],
            "pirate_hex": t.hex_labels[self.pirate_hex] if self.pirate_hex >= 0 else None,
            "islands": [
                [t.hex_labels[h] for h in range(t.num_land) if t.hex_island[h] == i] for i in range(t.num_islands)
            ],
        }

    def view(self, player: int | None) -> dict[str, Any]:
        """What a seat may see: the board, bank, counts of every hand, its own cards; never the deck order."""
        t = self.topo
        v: dict[str, Any] = {
            "game": "catan",
            "mode": "firestorm" if self.firestorm else "classic",
            "viewer": player,
            "phase": PHASE_NAMES[self.phase],
            "turn": self.turn,
            "turn_number": self.turn_count,  # counted from 0 (the first turn after set-up); screens show it + 1
            # the set-up placements come before turn 1: 1 or 2 for the round of settlements, 0 once play begins
            "setup_round": (
                0 if self.setup_idx >= len(self.setup_order) else 2 if self.setup_idx >= self.num_players else 1
            ),
            "to_act": self.current_player(),
            "dice": list(self.dice),
            "token": "firestorm" if self.firestorm else "robber",
            "token_hex": t.hex_labels[self.token_hex] if self.token_hex >= 0 else None,
            "board": self._board_view(),
            "bank": dict(zip(RESOURCE_NAMES, self.bank)),
            "development_deck": len(self.dev_deck),
            "players": [self._public_player(q) for q in range(self.num_players)],
            "longest_road": self.road_holder,
            "largest_army": self.army_holder,
            "fire_wardens": self.wardens_holder,
            "discard_left": list(self.discard_left),
            "free_roads": self.free_roads,
            "offer": None,
            "winners": self.winners(),
            "board_name": "seafarers" if t.sea else "base",
            "victory_points_to_win": self.win_vp,
        }
        # --- trades between players: the offer once proposed (public: it is laid on the table); a draft's cards only
        # for the composer ---
        v["declined_all_offers"] = [q for q in range(self.num_players) if self.declined[q]]
        v["fire_owed"] = list(self.fire_left)
        if self.offer_pending:
            stage = {TRADE_DRAFT: "draft", TRADE_CONFIRM: "choosing"}.get(self.phase, "proposed")
            secret = stage == "draft" and player != self.turn  # a draft is the composer's until proposed
            v["offer"] = {
                "from": self.turn,
                "stage": stage,
                "give": {} if secret else counts(self.give),
                "ask": {} if secret else counts(self.ask),
                "waiting_for": list(self.responders),
                "accepted_by": list(self.acceptors),
            }
        if player is not None:
            v["hand"] = dict(zip(RESOURCE_NAMES, self.hands[player]))
            v["development_hand"] = dict(zip(DEV_KINDS, self.dev_hand[player]))
            v["development_new"] = dict(zip(DEV_KINDS, self.dev_new[player]))
            v["my_victory_points"] = self.total_vp(player)
        if self.phase == OVER:
            v["final_victory_points"] = [self.total_vp(q) for q in range(self.num_players)]
            # victory point cards are revealed at the end: the whole sheet is public then
            v["score_sheet"] = [[[source, int(points)] for source, points in rows] for rows in self.score_sheet()]
        return v

    def state_dict(self) -> dict[str, Any]:
        return {
            "terrain": list(self.terrain),
            "numbers": list(self.numbers),
            "node_harbour": list(self.node_harbour),
            "phase": self.phase,
            "turn": self.turn,
            "actor": self.actor,
            "turn_count": self.turn_count,
            "hands": [h[:] for h in self.hands],
            "bank": self.bank[:],
            "node_owner": self.node_owner[:],
            "node_level": self.node_level[:],
            "station": self.station[:],
            "edge_owner": self.edge_owner[:],
            "roads_left": self.roads_left[:],
            "settlements_left": self.settlements_left[:],
            "cities_left": self.cities_left[:],
            "stations_left": self.stations_left[:],
            "player_edges": [sorted(e) for e in self.player_edges],
            "reach": [sorted(r) for r in self.reach],
            "buildable": self.buildable[:],
            "rates": [r[:] for r in self.rates],
            "token_hex": self.token_hex,
            "dice": list(self.dice),
            "road_len": self.road_len[:],
            "road_holder": self.road_holder,
            "army": self.army[:],
            "army_holder": self.army_holder,
            "wardens_holder": self.wardens_holder,
            "build_vp": self.build_vp[:],
            "dev_deck": self.dev_deck[:],
            "dev_hand": [h[:] for h in self.dev_hand],
            "dev_new": [h[:] for h in self.dev_new],
            "dev_played": self.dev_played,
            "setup_idx": self.setup_idx,
            "setup_node": self.setup_node,
            "discard_left": self.discard_left[:],
            "return_phase": self.return_phase,
            "free_roads": self.free_roads,
            "give": self.give[:],
            "ask": self.ask[:],
            "responders": self.responders[:],
            "acceptors": self.acceptors[:],
            "offers_made": self.offers_made,
            "draft_steps": self.draft_steps,
            "declined": self.declined[:],
            "fire_left": self.fire_left[:],
            "fire_queue": self.fire_queue[:],
            "sbp_queue": self.sbp_queue[:],
            "winners": self.over_winners[:],
            "stats": self.stats(),
            "seafarers": {
                "pirate_hex": self.pirate_hex,
                "ships_left": self.ships_left[:],
                "edge_ship": self.edge_ship[:],
                "sreach": [sorted(r) for r in self.sreach],
                "ships_new": self.ships_new[:],
                "ship_moved": self.ship_moved,
                "moving": self.moving,
                "gold_left": self.gold_left[:],
                "gold_return": self.gold_return,
                "isles": [x[:] for x in self.isles],
                "pirate_moved": self.pirate_moved,
            },
        }

    def stats(self) -> dict[str, Any]:
        """Per-game statistics for the lab; see :func:`.stats.game_stats`."""
        return game_stats(self)  # type: ignore[arg-type]

    def determinize(self, player: int, rng: Rng) -> CatanState:
        """Resample the other hands' resource cards and development cards, and the deck order.

        Kept: every count the seat has seen (each hand's size, each player's development card count and how
        many were bought this turn), the bank, its own cards. The resource cards of the other players are
        redealt from their pooled total (the total per resource is public: 19/24 minus the bank and one's own
        hand); development cards of the others are redealt with the deck from the unseen pool.
        """
        c = cast("CatanState", self.clone())
        n = self.num_players
        others = [q for q in range(n) if q != player]
        pool: list[int] = []
        for q in others:
            for r in range(5):
                pool.extend([r] * c.hands[q][r])
        pool.sort()  # so the sample depends only on what the seat knows, not on how the truth is ordered
        rng.shuffle(pool)
        i = 0
        for q in others:
            k = sum(c.hands[q])
            hand = [0] * 5
            for r in pool[i : i + k]:
                hand[r] += 1
            i += k
            c.hands[q] = hand
        self._keep_acceptors_able_to_pay(c, player)
        if c.classic:
            dev_pool = list(c.dev_deck)
            for q in others:
                for k, cnt in enumerate(c.dev_hand[q]):
                    dev_pool.extend([k] * cnt)
            dev_pool.sort()
            rng.shuffle(dev_pool)
            for q in others:
                total = sum(c.dev_hand[q])
                new_total = sum(c.dev_new[q])
                hand = [0] * 5
                new = [0] * 5
                for j in range(total):
                    k = dev_pool.pop()
                    hand[k] += 1
                    if j < new_total:
                        new[k] += 1
                c.dev_hand[q] = hand
                c.dev_new[q] = new
            c.dev_deck = dev_pool
        self._seal_determinization(c, player, rng)
        return c

    @staticmethod
    def _keep_acceptors_able_to_pay(c: CatanState, player: int) -> None:
        """Everyone saw the offer on the table and who accepted it, so everyone knows the offerer holds the cards
        offered and each acceptor the cards asked for: move such cards into their resampled hands from other
        rivals' hands (swapping a card back, so hand sizes stay as seen)."""
        if not c.offer_pending:
            return
        needs = [(c.turn, c.give)] + [(q, c.ask) for q in c.acceptors]
        keep = {q: bundle for q, bundle in needs}
        for q, bundle in needs:
            if q == player:
                continue
            hq = c.hands[q]
            for r in range(5):
                for donor in range(c.num_players):
                    if hq[r] >= bundle[r]:
                        break
                    if donor in (q, player):
                        continue
                    hd = c.hands[donor]
                    floor = keep.get(donor, (0,) * 5)[r]
                    while hq[r] < bundle[r] and hd[r] > floor:
                        other = next((x for x in range(5) if hq[x] > bundle[x]), -1)
                        if other < 0:
                            break
                        hd[r] -= 1
                        hq[r] += 1
                        hq[other] -= 1
                        hd[other] += 1
