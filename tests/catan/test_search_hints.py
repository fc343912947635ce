"""How the search bot's tree grows below the narrow root in Catan, where a turn is many decisions of one seat."""

from __future__ import annotations

from firebreak.agents import MCTSAgent, make_agent
from firebreak.agents.base import Observation
from firebreak.core import Rng
from firebreak.games.catan.actions import END_TURN

from .seafarers_helpers import sea_game


def _own_turn_position():
    """A Seafarers position mid-game where the seat to move has built and may build more, trade or end its turn:
    greedy bots play a seeded game until such a choice comes up."""
    s = sea_game(4, seed=3, layout="random")
    bots = [make_agent("greedy") for _ in range(4)]
    rng = Rng(3)
    while not s.is_terminal():
        p = s.current_player()
        legal = s.legal_actions()
        if s.turn_count > 20 and END_TURN in legal and len(legal) > 6:
            followed = [a for a in legal if a != END_TURN and _mover_after(s, a) == p]
            if len(followed) >= 3:
                return s, p
        s.apply(bots[p].act(Observation(s, p), rng))
    raise AssertionError("no such position")


def _mover_after(s, a):
    after = s.clone()
    after.apply(a)
    return after.current_player()


def test_a_search_for_replies_scores_a_move_that_leaves_the_bot_to_move_as_it_stands():
    """``mcts:replies=yes`` (or a game's ``mcts_replies`` hint): below a root move after which the bot is to move
    again (a build, a trade step), the tree does not grow a random next move of its own (which makes a build
    followed by a random maritime trade look worse than ending the turn, so the bot passes where it should
    build); below ending the turn, it grows the next seat's roll and what follows."""
    s, p = _own_turn_position()
    bot = MCTSAgent(iterations=60, replies=True)
    bot.act(Observation(s, p), Rng(1))
    root = bot.last_root
    assert END_TURN in root.children and root.children[END_TURN].children  # the next seat's roll
    own = [a for a in root.children if a != END_TURN and _mover_after(s, a) == p]
    assert own, "some candidates leave the bot to move"
    assert all(not root.children[a].children for a in own)
    old = MCTSAgent(iterations=60)  # Catan's default: a random next move below every candidate
    old.act(Observation(s, p), Rng(1))
    assert any(old.last_root.children[a].children for a in old.last_root.children
               if a != END_TURN and _mover_after(s, a) == p)


def test_a_search_for_replies_decides_alike_in_states_that_look_alike():
    s, p = _own_turn_position()
    hidden = 0
    for k in range(3):
        twin = s.determinize(p, Rng(k + 11))
        twin.rng = s.rng.clone()
        assert twin.view(p) == s.view(p)
        hidden += twin.hands != s.hands
        assert (make_agent("mcts:iterations=40,replies=yes").act(Observation(s, p), Rng(k))
                == make_agent("mcts:iterations=40,replies=yes").act(Observation(twin, p), Rng(k)))
    assert hidden, "some twins must hide different cards"
