"""The fixed integer action space of Catan, per player count and board, and the text of every action.

Ranges are laid out in a fixed order so that legal actions generated range by range come out sorted. The
space depends only on the player count and the board (board size, number of seats), never on other options,
so one text table serves both rule modes; actions of the other mode simply never become legal. The Seafarers
ranges (ships, moving ships, gold, the pirate) are empty on the base boards, whose action ids stay as they were.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from firebreak.core.actions import ActionSpace, TextOf

from .compiled import compiled_board
from .data import RESOURCE_NAMES
from .topology import Topology, topology

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
    """Offsets of each action range for one player count (attributes named as the ranges of its core
    :class:`~firebreak.core.actions.ActionSpace`, read on the hot path), and the precomputed texts."""

    __slots__ = (
        "accept",
        "board",
        "buy_dev",
        "cancel",
        "city",
        "compiled",
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
        "space",
        "station",
        "take",
        "texts",
        "yop",
    ) + (  # the trade and fire-payment blocks
        "ask_add",
        "ask_remove",
        "draft",
        "fire_pay",
        "give_add",
        "give_remove",
        "propose",
        "reject_all",
        "withdraw_draft",
    )

    def __reduce__(self) -> tuple[Any, tuple[int, str]]:
        """A pickled state (a bot's move in a worker process) carries the layout by its player count and board
        and gets the process's own cached one back: the text functions of its ranges cannot be pickled."""
        return layout, (self.num_players, self.board)

    def __init__(self, num_players: int, board: str = "base") -> None:
        t = topology(num_players, board)
        self.num_players = num_players
        self.board = board
        self.space = space = ActionSpace(_ranges(num_players, t))
        start = space.start  # the offset of each range (ROLL and END_TURN are the constants above)
        self.road = start("road")
        self.settle = start("settle")
        self.city = start("city")
        self.station = start("station")
        self.ship = start("ship")
        self.move_from = start("move_from")
        self.move_to = start("move_to")
        self.gold = start("gold")
        self.pirate = start("pirate")
        self.buy_dev = start("buy_dev")
        self.knight = start("knight")
        self.road_building = start("road_building")
        self.yop = start("yop")
        self.monopoly = start("monopoly")
        self.firestorm = start("firestorm")
        self.robber = start("robber")
        self.take = start("take")
        self.discard = start("discard")
        self.maritime = start("maritime")
        self.draft = start("draft")
        self.give_add = start("give_add")
        self.give_remove = start("give_remove")
        self.ask_add = start("ask_add")
        self.ask_remove = start("ask_remove")
        self.propose = start("propose")
        self.withdraw_draft = start("withdraw_draft")
        self.accept = start("accept")
        self.reject = start("reject")
        self.reject_all = start("reject_all")
        self.confirm = start("confirm")
        self.cancel = start("cancel")
        self.fire_pay = start("fire_pay")
        # per resource given, the (resource got, action) pairs in id order: the main phase lists them every time
        o = self.maritime
        self.maritime_gets = tuple(tuple((s, o + maritime_encode(r, s)) for s in range(5) if s != r) for r in range(5))
        self.size = space.size
        self.texts = space.texts
        self.compiled: Any = compiled_board(self, t)
        """The board's rules in C (see .compiled), or ``None``: the Python paths."""


def _ranges(num_players: int, t: Topology) -> list[tuple[str, int | tuple[int, ...], TextOf]]:
    """Catan's ranges in id order, named as the attributes of :class:`Layout`. The Seafarers ranges (build a ship,
    move a ship: from, then to; take a gold field's resource; move the pirate) are empty on a board without sea."""
    R = RESOURCE_NAMES
    sea = t.sea

    def edge(what: str) -> TextOf:
        return lambda e: f"{what} {t.edge_nodes[e][0]}-{t.edge_nodes[e][1]}"

    offer = ("offer: give 1 more {}", "offer: give 1 {} less", "offer: ask for 1 more {}", "offer: ask for 1 {} less")
    return [
        ("roll", (), lambda: "roll"),
        ("end_turn", (), lambda: "end turn"),
        ("road", t.num_edges, edge("road")),
        ("settle", t.num_nodes, lambda n: f"settlement {n}"),
        ("city", t.num_nodes, lambda n: f"city {n}"),
        ("station", t.num_nodes, lambda n: f"fire station {n}"),
        ("ship", t.num_edges if sea else 0, edge("ship")),
        ("move_from", t.num_edges if sea else 0, edge("move ship from")),
        ("move_to", t.num_edges if sea else 0, edge("move ship to")),
        ("gold", 5 if sea else 0, lambda r: f"take {R[r]} from the gold field"),
        ("pirate", t.num_hexes if sea else 0, lambda h: f"pirate to hex {t.hex_labels[h]}"),
        ("buy_dev", (), lambda: "buy development card"),
        ("knight", (), lambda: "play knight"),
        ("road_building", (), lambda: "play road building"),
        ("yop", len(YOP_PAIRS), lambda i: f"play year of plenty {R[YOP_PAIRS[i][0]]} and {R[YOP_PAIRS[i][1]]}"),
        ("monopoly", 5, lambda r: f"play monopoly {R[r]}"),
        ("firestorm", t.num_hexes, lambda h: f"firestorm on hex {t.hex_labels[h]}"),
        ("robber", t.num_hexes, lambda h: f"robber to hex {t.hex_labels[h]}"),
        ("take", num_players, lambda q: f"take a card from seat {q}"),
        ("discard", 5, lambda r: f"discard {R[r]}"),
        ("maritime", 20, lambda i: "maritime trade {} for {}".format(*(R[r] for r in maritime_decode(i)))),
        # --- trades between players (ruling B5): an offer is composed card by card, then put to the table ---
        ("draft", (), lambda: "make a trade offer"),  # open a draft offer
        ("give_add", 5, lambda r: offer[0].format(R[r])),
        ("give_remove", 5, lambda r: offer[1].format(R[r])),
        ("ask_add", 5, lambda r: offer[2].format(R[r])),
        ("ask_remove", 5, lambda r: offer[3].format(R[r])),
        ("propose", (), lambda: "propose offer"),
        ("withdraw_draft", (), lambda: "discard draft offer"),
        ("accept", (), lambda: "accept offer"),
        ("reject", (), lambda: "decline offer"),
        ("reject_all", (), lambda: "decline all offers this turn"),
        ("confirm", num_players, lambda q: f"trade with seat {q}"),
        ("cancel", (), lambda: "withdraw offer"),
        # --- paying the fire (ruling F10): the payer chooses each card ---
        ("fire_pay", 5, lambda r: f"pay 1 {R[r]} to the fire"),
    ]


@cache
def layout(num_players: int, board: str = "base") -> Layout:
    return Layout(num_players, board)
