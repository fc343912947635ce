"""The Great Fire's playout policy: how search bots assume a rival plays between their own turns."""

from __future__ import annotations

from firebreak.core import Rng
from firebreak.games.great_fire.actions import END_ACTIONS, FIRE
from firebreak.games.great_fire.playout import playout_policy
from firebreak.games.great_fire.state import CODEC

from .helpers import BOARD, E, N, Position, S, W


def _two_targets() -> tuple[Position, int, int]:
    """A fire turn in which exactly two districts next to Pudding Lane hold houses (both reachable)."""
    pos = Position(4, seed=2)
    pos.hand(pos.s.player, N, E, S, W, N)
    s = pos.s
    reachable = sorted({CODEC.decode(a).b for a in s.legal_actions() if CODEC.decode(a).kind == FIRE})
    assert len(reachable) >= 2
    first, second = reachable[:2]
    for t in range(BOARD.num_districts):  # only the two hold houses, so they are the top-priority targets
        if t not in (first, second) and s.houses[t]:
            for c in s.houses[t]:
                s.lost[c] += 1
            s.houses[t] = []
    pos.refresh()
    return pos, first, second


def _target(action: int) -> int:
    x = CODEC.decode(action)
    assert x.kind == FIRE
    return x.b


def test_a_rival_burns_the_leading_rivals_houses_rather_than_its_own():
    pos, first, second = _two_targets()
    s = pos.s
    mover = s.player
    own = s.colour[mover]
    rivals = [s.colour[p] for p in range(s.num_players) if p != mover]
    s.houses[first] = [own, own]
    s.houses[second] = [rivals[0], rivals[0]]
    pos.refresh()
    assert {_target(playout_policy(s, Rng(k))) for k in range(10)} == {second}
    s.houses[first], s.houses[second] = [rivals[0], rivals[0]], [own, own]
    pos.refresh()
    assert {_target(playout_policy(s, Rng(k))) for k in range(10)} == {first}


def test_the_leader_is_the_target_among_rivals():
    pos, first, second = _two_targets()
    s = pos.s
    mover = s.player
    rivals = [s.colour[p] for p in range(s.num_players) if p != mover]
    leader, other = rivals[0], rivals[1]
    s.lost[other] += 5  # the other rival has lost more houses: the first is ahead
    s.houses[first] = [other, other]
    s.houses[second] = [leader, leader]
    pos.refresh()
    assert {_target(playout_policy(s, Rng(k))) for k in range(10)} == {second}


def test_houses_of_colours_nobody_plays_are_not_worth_burning():
    pos, first, second = _two_targets()
    s = pos.s
    played = set(s.colour[:s.num_players])
    nobody = next(c for c in range(len(s.lost)) if c not in played)
    rival = s.colour[(s.player + 1) % s.num_players]
    s.houses[first] = [nobody] * 4
    s.houses[second] = [rival]
    pos.refresh()
    assert {_target(playout_policy(s, Rng(k))) for k in range(10)} == {second}


def test_a_rival_spends_no_action_points():
    pos = Position(4, seed=3).actions_phase()
    choice = playout_policy(pos.s, Rng(1))
    assert CODEC.decode(choice).kind == END_ACTIONS


def test_the_search_bot_plans_the_great_fire_over_its_eight_best_moves():
    """The game's search hints: the root is narrowed to the 8 best fire moves by one-step value (of up to 170),
    one per distinct outcome, and the tree stays within the bot's own turn."""
    from firebreak.agents import MCTSAgent, Observation

    pos = Position(4, seed=4)  # fire only in Pudding Lane
    pos.hand(pos.s.player, N, N, E, S, W)
    state = pos.s
    me = state.current_player()
    assert len(state.legal_actions()) > 8
    bot = MCTSAgent(iterations=40)
    choice = bot.act(Observation(state, me), Rng(3))
    root = bot.last_root
    assert choice in root.children and 1 < len(root.children) <= 8
    targets = [CODEC.decode(a).b for a in root.children]
    assert len(targets) == len(set(targets))  # two cards sending the fire to one district are one candidate
    assert all(not grandchild.children or grandchild.player == me
               for child in root.children.values() for grandchild in child.children.values())
