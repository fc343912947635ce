"""A fast playout policy for search bots: how a rival is assumed to play between the bot's turns.

Search bots that look past their own turn need the rivals' replies, thousands of times per move. The greedy
bot's one-step look at every move costs a clone per move; this policy reads the board instead. A rival sends the
fire where it burns most houses of its rivals (the leader's above all: the one with most houses standing) and
fewest of its own (a trained band contains an incoming cone, so such a target burns nothing), takes a second fire
move when that helps it, and spends no action points (its protective band moves matter little to where the fire
goes next). Chance-like choices (where intensify cones go, which card to discard) are made at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firebreak.core import Rng

from .phases import P_ACTIONS, P_FIRE, P_SECOND

if TYPE_CHECKING:
    from .state import GreatFireState


def playout_policy(state: "GreatFireState", rng: Rng) -> int:
    legal = state.legal_actions()
    phase = state.phase
    if phase == P_ACTIONS:
        return legal[-1] if len(legal) > 1 else legal[0]  # end the actions (the highest id in the phase)
    if phase not in (P_FIRE, P_SECOND):
        return legal[rng.below(len(legal))]
    d = state.board.num_districts
    fire_ids = 4 * d * d
    # What a burnt house is worth to the mover: its own cost three, the leading rival's (most houses standing)
    # one and a half, another rival's one; the houses of colours nobody plays nothing.
    worth = [0.0] * len(state.lost)
    mover = state.player
    rivals = [state.colour[p] for p in range(state.num_players) if p != mover]
    for c in rivals:
        worth[c] = 1.0
    if rivals:
        worth[min(rivals, key=lambda c: state.lost[c])] = 1.5
    worth[state.colour[mover]] = -3.0
    houses, bands = state.houses, state.bands
    cache: dict[int, float] = {}
    best, picks = -1e9, []
    for a in legal:
        if a >= fire_ids:  # declining the second move
            value = 0.0
        else:
            t = a % d
            value = cache.get(t)
            if value is None:
                value = cache[t] = 0.0 if bands[t] else sum(worth[h] for h in houses[t])
        if value > best:
            best, picks = value, [a]
        elif value == best:
            picks.append(a)
    return picks[rng.below(len(picks))]
