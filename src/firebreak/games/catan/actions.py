"""The fixed integer action space of Catan, per player count and board, and the text of every action.

Ranges are laid out in a fixed order so that legal actions generated range by range come out sorted. The
space depends only on the player count and the board (board size, number of seats), never on other options,
so one text table serves both rule modes; actions of the other mode simply never become legal. The Seafarers
ranges (ships, moving ships, gold, the pirate) are empty on the base boards, whose action ids stay as they were.
"""

from __future__ import annotations

from functools import cache

from .data import RESOURCE_NAMES
from .topology import topology

ROLL = 0
END_TURN = 1

YOP_PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(5) for b in range(a, 5))
"""Year of Plenty choices: two resources, order irrelevant (15 pairs)."""


def maritime_decode(i: int) -> tuple[int, int]:
    give, gi = divmod(i, 4)
    return give, (gi if gi < give else gi + 1)


def maritime_encode(give: int, get: int) -> int:
    return give * 4 + (get if get < give else get - 1)


class Layout:
    """Offsets of each action range for one player count, and the precomputed texts."""

    __slots__ = (
        "accept",
        "board",
        "buy_dev",
        "cancel",
        "city",
        "confirm",
        "discard",
        "firestorm",
        "gold",
        "knight",
        "maritime",
        "maritime_gets",
        "monopoly",
        "move_from",
        "move_to",
        "num_players",
        "pirate",
        "reject",
        "road",
        "road_building",
        "robber",
        "settle",
        "ship",
        "size",
        "station",
        "take",
        "texts",
        "yop",
    ) + (  # the trade and fire-payment blocks
        "ask_add", "ask_remove", "draft", "fire_pay", "give_add", "give_remove", "propose", "reject_all",
        "withdraw_draft",
    )

    def __init__(self, num_players: int, board: str = "base") -> None:
        t = topology(num_players, board)
        self.num_players = num_players
        self.board = board
        o = 2
        self.road = o
        o += t.num_edges
        self.settle = o
        o += t.num_nodes
        self.city = o
        o += t.num_nodes
        self.station = o
        o += t.num_nodes
        o = self._seafarers_ranges(o, t)
        self.buy_dev = o
        self.knight = o + 1
        self.road_building = o + 2
        o += 3
        self.yop = o
        o += len(YOP_PAIRS)
        self.monopoly = o
        o += 5
        self.firestorm = o
        o += t.num_hexes
        self.robber = o
        o += t.num_hexes
        self.take = o
        o += num_players
        self.discard = o
        o += 5
        self.maritime = o
        # per resource given, the (resource got, action) pairs in id order: the main phase lists them every time
        self.maritime_gets = tuple(tuple((s, o + maritime_encode(r, s)) for s in range(5) if s != r) for r in range(5))
        o += 20
        # --- trades between players (ruling B5): an offer is composed card by card, then put to the table ---
        self.draft = o  # open a draft offer
        o += 1
        self.give_add = o
        self.give_remove = o + 5
        self.ask_add = o + 10
        self.ask_remove = o + 15
        o += 20
        self.propose = o
        self.withdraw_draft = o + 1
        o += 2
        self.accept = o
        self.reject = o + 1
        self.reject_all = o + 2
        o += 3
        self.confirm = o
        o += num_players
        self.cancel = o
        o += 1
        # --- paying the fire (ruling F10): the payer chooses each card ---
        self.fire_pay = o
        o += 5
        # --- end of the trade and fire blocks ---
        self.size = o
        self.texts = tuple(self._text(a, t) for a in range(o))

    def _seafarers_ranges(self, o: int, t) -> int:
        """Seafarers: build a ship, move a ship (from, then to), take a gold field's resource, move the pirate.
        Each range is empty on a board without sea."""
        sea = t.sea
        self.ship = o
        o += t.num_edges if sea else 0
        self.move_from = o
        o += t.num_edges if sea else 0
        self.move_to = o
        o += t.num_edges if sea else 0
        self.gold = o
        o += 5 if sea else 0
        self.pirate = o
        o += t.num_hexes if sea else 0
        return o

    def _seafarers_text(self, a: int, t) -> str:
        if a < self.move_from:
            u, v = t.edge_nodes[a - self.ship]
            return f"ship {u}-{v}"
        if a < self.move_to:
            u, v = t.edge_nodes[a - self.move_from]
            return f"move ship from {u}-{v}"
        if a < self.gold:
            u, v = t.edge_nodes[a - self.move_to]
            return f"move ship to {u}-{v}"
        if a < self.pirate:
            return f"take {RESOURCE_NAMES[a - self.gold]} from the gold field"
        return f"pirate to hex {t.hex_labels[a - self.pirate]}"

    def _text(self, a: int, t) -> str:
        R = RESOURCE_NAMES
        if a == ROLL:
            return "roll"
        if a == END_TURN:
            return "end turn"
        if a < self.settle:
            u, v = t.edge_nodes[a - self.road]
            return f"road {u}-{v}"
        if a < self.city:
            return f"settlement {a - self.settle}"
        if a < self.station:
            return f"city {a - self.city}"
        if a < self.ship:
            return f"fire station {a - self.station}"
        if a < self.buy_dev:
            return self._seafarers_text(a, t)
        if a == self.buy_dev:
            return "buy development card"
        if a == self.knight:
            return "play knight"
        if a == self.road_building:
            return "play road building"
        if a < self.monopoly:
            x, y = YOP_PAIRS[a - self.yop]
            return f"play year of plenty {R[x]} and {R[y]}"
        if a < self.firestorm:
            return f"play monopoly {R[a - self.monopoly]}"
        if a < self.robber:
            return f"firestorm on hex {t.hex_labels[a - self.firestorm]}"
        if a < self.take:
            return f"robber to hex {t.hex_labels[a - self.robber]}"
        if a < self.discard:
            return f"take a card from seat {a - self.take}"
        if a < self.maritime:
            return f"discard {R[a - self.discard]}"
        if a < self.draft:
            g, s = maritime_decode(a - self.maritime)
            return f"maritime trade {R[g]} for {R[s]}"
        if a < self.fire_pay:
            return self._trade_text(a)
        return f"pay 1 {R[a - self.fire_pay]} to the fire"

    def _trade_text(self, a: int) -> str:
        """Texts of the trade block (draft steps, answers, the offerer's choice)."""
        R = RESOURCE_NAMES
        if a == self.draft:
            return "make a trade offer"
        if a < self.propose:
            step, r = divmod(a - self.give_add, 5)
            return ("offer: give 1 more {}", "offer: give 1 {} less", "offer: ask for 1 more {}",
                    "offer: ask for 1 {} less")[step].format(R[r])
        if a == self.propose:
            return "propose offer"
        if a == self.withdraw_draft:
            return "discard draft offer"
        if a == self.accept:
            return "accept offer"
        if a == self.reject:
            return "decline offer"
        if a == self.reject_all:
            return "decline all offers this turn"
        if a < self.cancel:
            return f"trade with seat {a - self.confirm}"
        return "withdraw offer"


@cache
def layout(num_players: int, board: str = "base") -> Layout:
    return Layout(num_players, board)
