"""The hard level in the Great Fire: its search scores put-out cones by how likely they are to be kept (the game's
large-budget hints), medium's does not, and hard's choice rests only on what its seat may see."""

from __future__ import annotations

import hashlib
import random

from firebreak.agents import Observation, agent_rng, make_agent
from firebreak.agents.mcts import seat_evaluator

from .helpers import SPEC


def _midgame(seed: int = 3, steps: int = 90):
    s = SPEC.new_game(4, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(rng.choice(s.legal_actions()))
    while len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    assert not s.is_terminal()
    return s


def _tree(node) -> tuple:
    return (node.visits, node.avail, node.total, node.value, sorted((a, _tree(c)) for a, c in node.children.items()))


def _hash(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:16]


def test_hard_counts_put_out_cones_by_how_likely_they_are_kept_and_medium_by_their_points():
    """Once the stock of cones is empty every new need takes one back from each player who holds any, so a cone
    put out then is seldom still held at the end: hard's search counts it for little, medium's for a full point."""
    s = _midgame()
    s.stock = 0  # an empty stock: put-out cones go back as the fire needs them
    me = s.current_player()
    s.put_out[me] += 3  # three cones this seat put out and holds
    plain = s.clone()
    plain.put_out[me] -= 3
    for level, expected in (("hard", "lasting"), ("medium", "")):
        agent = make_agent(level)
        hints = agent.hints(SPEC)
        assert hints.eval == expected
        scored = seat_evaluator(SPEC, hints.scale, agent.eval or hints.eval)
        gain = scored(s)[me] - scored(plain)[me]
        if level == "hard":
            hard_gain = gain
        else:
            assert gain > 2 * hard_gain > 0  # medium values the same cones far more


def test_hard_plays_the_same_move_whatever_the_rivals_hidden_cards_are():
    """Two positions that differ only in what the bot's seat cannot see (a rival's objective card, the order of
    the fire deck) give hard the same search tree and the same move: its determinisations never read a hidden
    card."""
    s = _midgame()
    me = s.current_player()
    twin = s.clone()
    rival = (me + 1) % 4
    twin.objectives[rival][0], twin.undealt_objectives[0][0] = twin.undealt_objectives[0][0], twin.objectives[rival][0]
    order = [c for c in twin.deck if c < 4]
    assert len(set(order)) > 1
    reordered = iter(order[1:] + order[:1])
    twin.deck = [next(reordered) if c < 4 else c for c in twin.deck]
    assert twin.objectives != s.objectives and twin.deck != s.deck
    moves, trees = [], []
    for position in (s, twin):
        agent = make_agent("hard")
        moves.append(agent.act(Observation(position, me), agent_rng(5, me)))
        trees.append(_hash(_tree(agent.last_root)))
    assert moves[0] == moves[1] and trees[0] == trees[1]
