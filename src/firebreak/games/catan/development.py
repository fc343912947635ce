"""Development cards (classic mode): buying, playing and their timing rules (a mixin of CatanState).

One card per turn, at any time of one's own turn (before the roll too), never a card bought this turn; victory
point cards are never played: they count, hidden, in the owner's total.
"""

from __future__ import annotations

from .fields import CatanFields
from .actions import YOP_PAIRS
from .constants import (
    DEV_KINDS,
    KNIGHT,
    MONOPOLY,
    MOVE_TOKEN,
    RESOURCE_NAMES,
    ROAD_BUILDING,
    ROAD_BUILDING_CARD,
    YEAR_OF_PLENTY,
)


class DevelopmentMixin(CatanFields):
    """Legal development-card plays and their effects."""

    __slots__ = ()

    def _dev_actions(self, p: int, out: list[int]) -> None:
        """Development cards playable now (not bought this turn, one per turn); appended in id order."""
        compiled = self.lay.compiled
        if compiled is not None:  # the same ids (see _catan.c)
            compiled.dev_actions(self, p, out)
            return
        lay = self.lay
        hand = self.dev_hand[p]
        new = self.dev_new[p]
        if hand[KNIGHT] > new[KNIGHT]:
            out.append(lay.knight)
        if hand[ROAD_BUILDING_CARD] > new[ROAD_BUILDING_CARD] and self._free_builds(p):
            out.append(lay.road_building)
        if hand[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
            bank = self.bank
            for i, (a, b) in enumerate(YOP_PAIRS):
                if (bank[a] >= 2) if a == b else (bank[a] and bank[b]):
                    out.append(lay.yop + i)
        if hand[MONOPOLY] > new[MONOPOLY]:
            out.extend(range(lay.monopoly, lay.monopoly + 5))

    def _free_builds(self, p: int) -> list[int]:
        """Where Road Building may place a free piece now, in id order: a road where a road may go (with roads
        left), and on the Seafarers board also a ship where a ship may go (with ships left; ruling S10)."""
        out = self._road_spots(p) if self.roads_left[p] else []
        if self.topo.sea and self.ships_left[p]:
            base = self.lay.ship
            out.extend(base + e for e in self._ship_spots(p))
        return out

    def _free_piece_placed(self, p: int) -> None:
        """After a road or ship placed by Road Building: back to the turn when both are placed or nothing more
        can be (no pieces or no legal place left)."""
        self.free_roads -= 1
        if self.free_roads <= 0 or not self._free_builds(p):
            self.free_roads = 0
            self.phase = self.return_phase

    def _dev(self, p: int, a: int) -> None:
        lay = self.lay
        if a == lay.buy_dev:
            self._pay(p, self.costs[3])
            k = self.dev_deck.pop()
            self.dev_hand[p][k] += 1
            self.dev_new[p][k] += 1
            self._emit("buy_development", player=p)
            self._emit("development_card", visible_to=(p,), player=p, card=DEV_KINDS[k])
            return
        self.dev_played = True
        hand = self.dev_hand[p]
        if a == lay.knight:
            hand[KNIGHT] -= 1
            self.army[p] += 1
            self._emit("knight", player=p)
            mine = self.army[p]
            h = self.army_holder
            if mine >= self.rules.largest_army_min and h != p and (h < 0 or mine > self.army[h]):
                self.army_holder = p
                self._emit("largest_army", player=p, previous=h)
            self.return_phase = self.phase
            self.phase = MOVE_TOKEN
        elif a == lay.road_building:
            hand[ROAD_BUILDING_CARD] -= 1
            sea = self.topo.sea
            if sea:
                self._emit("road_building", player=p, ships=True)
            else:
                self._emit("road_building", player=p)
            self.free_roads = min(2, self.roads_left[p] + (self.ships_left[p] if sea else 0))
            self.return_phase = self.phase
            self.phase = ROAD_BUILDING
        elif a < lay.monopoly:
            hand[YEAR_OF_PLENTY] -= 1
            x, y = YOP_PAIRS[a - lay.yop]
            for r in (x, y):
                self.bank[r] -= 1
                self.hands[p][r] += 1
            self._emit("year_of_plenty", player=p, resources=[RESOURCE_NAMES[x], RESOURCE_NAMES[y]])
        else:
            hand[MONOPOLY] -= 1
            r = a - lay.monopoly
            got = 0
            for q in range(self.num_players):
                if q != p:
                    got += self.hands[q][r]
                    self.hands[q][r] = 0
            self.hands[p][r] += got
            self._emit("monopoly", player=p, resource=RESOURCE_NAMES[r], count=got)
