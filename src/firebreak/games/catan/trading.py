"""Trade offers between players (a mixin of CatanState).

An offer is one resource type for one other, 1 or 2 cards a side (a finite action space). The other players who
hold the cards asked for answer in seat order; the offerer then trades with one acceptor or cancels.
"""

from __future__ import annotations

from .actions import offer_decode
from .constants import MAIN, RESOURCE_NAMES, TRADE_CONFIRM, TRADE_RESPONSE


class TradingMixin:
    """Offer, answer, confirm."""

    __slots__ = ()

    def _make_offer(self, p: int, i: int) -> None:
        give, qg, get, qr = offer_decode(i)
        self.offers_made += 1
        self.offer = i
        n = self.num_players
        self.responders = [(p + k) % n for k in range(1, n)]
        self.acceptors = []
        self._emit("offer", player=p, give=RESOURCE_NAMES[give], give_count=qg, get=RESOURCE_NAMES[get], get_count=qr)
        if self.responders:
            self.phase = TRADE_RESPONSE
            self.actor = self.responders[0]
        else:
            self.offer = -1

    def _respond(self, q: int, accept: bool) -> None:
        self.responders.pop(0)
        if accept:
            self.acceptors.append(q)
        self._emit("accept" if accept else "reject", player=q)
        if self.responders:
            self.actor = self.responders[0]
        elif self.acceptors:
            self.phase = TRADE_CONFIRM
            self.actor = self.turn
        else:
            self.offer = -1
            self.phase = MAIN
            self.actor = self.turn

    def _confirm(self, p: int, a: int) -> None:
        lay = self.lay
        if a != lay.cancel:
            q = a - lay.confirm
            give, qg, get, qr = offer_decode(self.offer)
            hp = self.hands[p]
            hq = self.hands[q]
            hp[give] -= qg
            hq[give] += qg
            hq[get] -= qr
            hp[get] += qr
            self._emit("trade", player=p, partner=q)
        else:
            self._emit("offer_cancelled", player=p)
        self.offer = -1
        self.acceptors = []
        self.phase = MAIN
        self.actor = self.turn

