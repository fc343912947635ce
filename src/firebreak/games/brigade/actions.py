"""The fixed integer action space of The Brigade (the same for every player count).

Big choices are split into small steps a person can pick from a numbered list: a Move Brigade is one id per
destination; a renown placement is one id per token; an ability's target is one id per block. The meaning of
a step id (e.g. "choose block C3") comes from the decision the game is waiting for, shown in the view's prompt.
"""

from __future__ import annotations

from firebreak.core.actions import ActionSpace

from .tables import DIR_NAMES, N_POS, pos_name

EXT_B, EXT_W = 12, 7  # brigade water 0..11 (2 warden + 3 crew of 3), wagon water 0..6
_TRACKS = ("crew members", "wagon capacity", "leadership")
_SIDES = ("east", "south")

SPACE = ActionSpace(
    [
        ("end_turn", (), lambda: "end turn"),
        ("move_brigade", N_POS, lambda pos: f"move brigade to {pos_name(pos)}"),
        ("move_wagon", N_POS, lambda pos: f"move wagon to {pos_name(pos)}"),
        ("extinguish", (EXT_B, EXT_W), lambda b, w: f"extinguish with {b} brigade water and {w} wagon water"),
        ("refill_brigade", (), lambda: "refill brigade"),
        ("refill_wagon", (), lambda: "refill wagon"),
        ("refill_both", (), lambda: "refill brigade and wagon"),
        ("recruit", (), lambda: "recruit"),
        ("to_wagon", 6, lambda i: f"transfer {i + 1} water to wagon"),  # n = i + 1 = 1..6
        ("to_brigade", 6, lambda i: f"transfer {i + 1} water to brigade"),
        ("upgrade", 3, lambda t: f"upgrade {_TRACKS[t]}"),  # crew, wagon, leadership
        ("warden", (), lambda: "warden action"),
        ("wagon_extinguish", (), lambda: "wagon extinguish"),  # Leon Bertrand
        ("place", N_POS, lambda pos: f"place renown on {pos_name(pos)}"),  # place one renown
        ("target", N_POS, lambda pos: f"choose {pos_name(pos)}"),  # choose a block for an ability
        ("accept", (), lambda: "use ability"),
        ("decline", (), lambda: "decline"),
        ("keep_first", (), lambda: "keep first card"),
        ("keep_second", (), lambda: "keep second card"),
        ("keep_none", (), lambda: "keep neither card"),
        ("replace", 3, lambda slot: f"replace crew {slot + 1}"),
        ("remove", (N_POS, 4), lambda pos, seat: f"remove renown of P{seat} from {pos_name(pos)}"),
        ("take", (4, 3), lambda seat, slot: f"take crew {slot + 1} of P{seat}"),
        ("swap", (N_POS, 2), lambda pos, d: f"swap {pos_name(pos)} with its {_SIDES[d]} neighbour"),
        ("direction", 4, lambda d: f"direction {DIR_NAMES[d]}"),  # N E S W
        # add-on pack
        ("mimic", (4, 3), lambda seat, slot: f"mimic crew {slot + 1} of P{seat}"),  # Galeela
        ("choice", 3, lambda i: f"choose option {i + 1}"),  # Ali Ahmar
        ("player", 4, lambda seat: f"choose P{seat}"),  # Zilda Garrett, Sir Precious
        ("discard", 3, lambda slot: f"discard crew {slot + 1}"),  # Zilda Garrett's victim
        ("ash_extinguish", (N_POS, 3), lambda pos, k: f"ash extinguishes {pos_name(pos)} with {k + 1} water"),
        ("discard_precious", (), lambda: "discard sir precious"),
    ]
)
"""The Brigade's ranges in id order; each constant below is the offset of one (ids within a range: + index, e.g.
``EXTINGUISH + brigade_water * EXT_W + wagon_water``, ``REMOVE + pos * 4 + seat``)."""

END_TURN = SPACE.start("end_turn")
MOVE_BRIGADE = SPACE.start("move_brigade")
MOVE_WAGON = SPACE.start("move_wagon")
EXTINGUISH = SPACE.start("extinguish")
REFILL_BRIGADE = SPACE.start("refill_brigade")
REFILL_WAGON = SPACE.start("refill_wagon")
REFILL_BOTH = SPACE.start("refill_both")
RECRUIT = SPACE.start("recruit")
TO_WAGON = SPACE.start("to_wagon")
TO_BRIGADE = SPACE.start("to_brigade")
UPGRADE = SPACE.start("upgrade")
WARDEN = SPACE.start("warden")
WAGON_EXTINGUISH = SPACE.start("wagon_extinguish")
PLACE = SPACE.start("place")
TARGET = SPACE.start("target")
ACCEPT = SPACE.start("accept")
DECLINE = SPACE.start("decline")
KEEP_FIRST = SPACE.start("keep_first")
KEEP_SECOND = SPACE.start("keep_second")
KEEP_NONE = SPACE.start("keep_none")
REPLACE = SPACE.start("replace")
REMOVE = SPACE.start("remove")
TAKE = SPACE.start("take")
SWAP = SPACE.start("swap")
DIRECTION = SPACE.start("direction")
MIMIC = SPACE.start("mimic")
CHOICE = SPACE.start("choice")
PLAYER = SPACE.start("player")
DISCARD = SPACE.start("discard")
ASH_EXTINGUISH = SPACE.start("ash_extinguish")
DISCARD_PRECIOUS = SPACE.start("discard_precious")
NUM_ACTIONS = SPACE.size


def action_text(a: int) -> str:
    """Stable, unique text for every id of the space."""
    return SPACE.text(a)


TEXTS: tuple[str, ...] = SPACE.texts
"""``TEXTS[a]`` is ``action_text(a)``, built once: every applied action's log entry carries its text."""
