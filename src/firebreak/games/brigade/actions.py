"""The fixed integer action space of The Brigade (the same for every player count).

Big choices are split into small steps a person can pick from a numbered list: a Move Brigade is one id per
destination; a renown placement is one id per token; an ability's target is one id per block. The meaning of
a step id (e.g. "choose block C3") comes from the decision the game is waiting for, shown in the view's prompt.
"""

from __future__ import annotations

from .tables import DIR_NAMES, N_POS, pos_name

END_TURN = 0
MOVE_BRIGADE = 1                     # + pos
MOVE_WAGON = MOVE_BRIGADE + N_POS    # + pos
EXTINGUISH = MOVE_WAGON + N_POS      # + brigade_water * EXT_W + wagon_water
EXT_B, EXT_W = 12, 7                 # brigade water 0..11 (2 warden + 3 crew of 3), wagon water 0..6
REFILL_BRIGADE = EXTINGUISH + EXT_B * EXT_W
REFILL_WAGON = REFILL_BRIGADE + 1
REFILL_BOTH = REFILL_BRIGADE + 2
RECRUIT = REFILL_BRIGADE + 3
TO_WAGON = RECRUIT + 1               # + n - 1, n = 1..6
TO_BRIGADE = TO_WAGON + 6            # + n - 1, n = 1..6
UPGRADE = TO_BRIGADE + 6             # + track (crew, wagon, leadership)
WARDEN = UPGRADE + 3
WAGON_EXTINGUISH = WARDEN + 1        # Leon Bertrand
PLACE = WAGON_EXTINGUISH + 1         # + pos: place one renown
TARGET = PLACE + N_POS               # + pos: choose a block for an ability
ACCEPT = TARGET + N_POS
DECLINE = ACCEPT + 1
KEEP_FIRST = DECLINE + 1
KEEP_SECOND = KEEP_FIRST + 1
KEEP_NONE = KEEP_FIRST + 2
REPLACE = KEEP_FIRST + 3             # + crew slot 0..2
REMOVE = REPLACE + 3                 # + pos * 4 + seat
TAKE = REMOVE + N_POS * 4            # + seat * 3 + slot
SWAP = TAKE + 12                     # + pos * 2 + (0 east, 1 south)
DIRECTION = SWAP + N_POS * 2         # + dir (N E S W)
# add-on pack
MIMIC = DIRECTION + 4                # + seat * 3 + slot (Galeela)
CHOICE = MIMIC + 12                  # + option 0..2 (Ali Ahmar)
PLAYER = CHOICE + 3                  # + seat (Zilda Garrett, Sir Precious)
DISCARD = PLAYER + 4                 # + crew slot (Zilda Garrett's victim)
ASH_EXTINGUISH = DISCARD + 3         # + pos * 3 + water - 1 (Ash)
DISCARD_PRECIOUS = ASH_EXTINGUISH + N_POS * 3
NUM_ACTIONS = DISCARD_PRECIOUS + 1

_TRACKS = ("crew members", "wagon capacity", "leadership")


def action_text(a: int) -> str:
    """Stable, unique text for every id of the space."""
    if a == END_TURN:
        return "end turn"
    if a < MOVE_WAGON:
        return f"move brigade to {pos_name(a - MOVE_BRIGADE)}"
    if a < EXTINGUISH:
        return f"move wagon to {pos_name(a - MOVE_WAGON)}"
    if a < REFILL_BRIGADE:
        b, w = divmod(a - EXTINGUISH, EXT_W)
        return f"extinguish with {b} brigade water and {w} wagon water"
    if a == REFILL_BRIGADE:
        return "refill brigade"
    if a == REFILL_WAGON:
        return "refill wagon"
    if a == REFILL_BOTH:
        return "refill brigade and wagon"
    if a == RECRUIT:
        return "recruit"
    if a < TO_BRIGADE:
        return f"transfer {a - TO_WAGON + 1} water to wagon"
    if a < UPGRADE:
        return f"transfer {a - TO_BRIGADE + 1} water to brigade"
    if a < WARDEN:
        return f"upgrade {_TRACKS[a - UPGRADE]}"
    if a == WARDEN:
        return "warden action"
    if a == WAGON_EXTINGUISH:
        return "wagon extinguish"
    if a < TARGET:
        return f"place renown on {pos_name(a - PLACE)}"
    if a < ACCEPT:
        return f"choose {pos_name(a - TARGET)}"
    if a == ACCEPT:
        return "use ability"
    if a == DECLINE:
        return "decline"
    if a == KEEP_FIRST:
        return "keep first card"
    if a == KEEP_SECOND:
        return "keep second card"
    if a == KEEP_NONE:
        return "keep neither card"
    if a < REMOVE:
        return f"replace crew {a - REPLACE + 1}"
    if a < TAKE:
        pos, seat = divmod(a - REMOVE, 4)
        return f"remove renown of P{seat} from {pos_name(pos)}"
    if a < SWAP:
        seat, slot = divmod(a - TAKE, 3)
        return f"take crew {slot + 1} of P{seat}"
    if a < DIRECTION:
        pos, d = divmod(a - SWAP, 2)
        return f"swap {pos_name(pos)} with its {'east' if d == 0 else 'south'} neighbour"
    if a < MIMIC:
        return f"direction {DIR_NAMES[a - DIRECTION]}"
    if a < CHOICE:
        seat, slot = divmod(a - MIMIC, 3)
        return f"mimic crew {slot + 1} of P{seat}"
    if a < PLAYER:
        return f"choose option {a - CHOICE + 1}"
    if a < DISCARD:
        return f"choose P{a - PLAYER}"
    if a < ASH_EXTINGUISH:
        return f"discard crew {a - DISCARD + 1}"
    if a < DISCARD_PRECIOUS:
        pos, k = divmod(a - ASH_EXTINGUISH, 3)
        return f"ash extinguishes {pos_name(pos)} with {k + 1} water"
    if a == DISCARD_PRECIOUS:
        return "discard sir precious"
    raise ValueError(f"action id {a} is outside the action space")


TEXTS: tuple[str, ...] = tuple(action_text(a) for a in range(NUM_ACTIONS))
"""``TEXTS[a]`` is ``action_text(a)``, built once: every applied action's log entry carries its text."""
