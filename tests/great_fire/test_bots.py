"""The bots fight the fire: they walk a landowner and the trained bands to a fire and put it out, and plan only on
what their seat can see."""

from __future__ import annotations

import pytest

from firebreak.agents import make_agent
from firebreak.agents.base import Observation
from firebreak.agents.greedy import GreedyAgent
from firebreak.agents.mcts import MCTSAgent
from firebreak.agents.runner import play_game
from firebreak.core import Rng
from firebreak.games.great_fire.heuristic import (
    KEEP_STOCK,
    evaluate,
    evaluate_all,
    evaluate_all_lasting,
    evaluate_all_targeted,
)
from firebreak.games.great_fire.phases import P_OVER

from .helpers import SPEC, Position, d


def _turn(state, seat: int = 0, bot=None) -> list[str]:
    """The actions a bot (default: greedy) takes for the rest of its action phase."""
    state.player = seat
    state._legal = None
    done = []
    bot = bot or GreedyAgent()
    rng = Rng(3)
    while state.current_player() == seat and state.ap > 0:
        action = bot.act(Observation(state, seat), rng)
        done.append(state.action_to_text(action))
        state.apply(action)
    return done


def test_a_landowner_next_to_a_contained_fire_walks_in_and_puts_it_out():
    pos = Position().fire("Aldersgate", 1).bands("Aldersgate", 1).landowner(0, "Smithfield").actions_phase()
    done = _turn(pos.s)
    assert done[:2] == ["move landowner to Aldersgate", "put out fire"]
    assert pos.s.put_out[0] == 1


def test_a_band_is_brought_to_a_small_fire_where_the_landowner_stands():
    """No single step of this plan scores: the band walks in and contains the fire, then it is put out. (The
    streets around have burnt, so containing the fire saves nobody's houses: the point is the only reason.)"""
    pos = Position().fire("Aldersgate", 1).bands("Smithfield", 1).landowner(0, "Aldersgate").actions_phase()
    for name in ("Wood Street", "Cheapside", "St Pauls", "Smithfield", "Barbican"):
        pos.empty(name)
    done = _turn(pos.s)
    assert done[:2] == ["move trained band Smithfield -> Aldersgate", "put out fire"]


def test_every_step_towards_a_fire_raises_the_evaluation():
    far = Position().fire("Aldersgate", 1).bands("Aldersgate", 1).landowner(0, "Holborn").actions_phase().s
    near = far.clone()
    near.landowner[0] = d("Smithfield")
    there = far.clone()
    there.landowner[0] = d("Aldersgate")
    assert evaluate(far, 0) < evaluate(near, 0) < evaluate(there, 0)


def test_the_lasting_evaluation_counts_put_out_cones_by_how_likely_they_are_to_be_kept():
    """While the stock is full, the hard level's evaluation is the usual one; once it is empty, a put-out cone (which
    the next need for cones takes back, rule R3) counts for less than a house, which the fire alone can take."""
    full = Position().fire("Aldersgate", 1).landowner(0, "Holborn").actions_phase().s
    full.stock = KEEP_STOCK
    assert evaluate_all_lasting(full) == evaluate_all(full)
    traded = full.clone()  # two cones put out for one house of its own lost: even while the cones are kept
    traded.put_out[0] = 2
    traded.lost[traded.colour[0]] += 1
    assert evaluate_all_lasting(traded)[0] == pytest.approx(evaluate_all_lasting(full)[0])
    empty, traded_empty = full.clone(), traded.clone()
    empty.stock = traded_empty.stock = 0
    assert evaluate_all(traded_empty)[0] == pytest.approx(evaluate_all(empty)[0])
    assert evaluate_all_lasting(traded_empty)[0] < evaluate_all_lasting(empty)[0] - 1  # cones that will go back
    more = empty.clone()
    more.put_out[0] = 2
    assert evaluate_all_lasting(more)[0] > evaluate_all_lasting(empty)[0]  # still worth something (ties, Hero)


def _threatened(leader: bool):
    """Three houses of seat 0 in Barbican, next to an uncontained fire, with seat 0 leading by public points or
    trailing; and the same position with a trained band guarding Barbican."""
    s = Position().fire("Aldersgate", 2).s
    s.houses[d("Barbican")] = [s.colour[0]] * 3
    for q in range(1, 4) if leader else (0,):
        s.lost[s.colour[q]] += 3
    guarded = s.clone()
    guarded.bands[d("Barbican")] = 1
    guarded.bands[d("Temple")] -= 1
    return s, guarded


def test_the_targeted_evaluation_charges_most_for_the_houses_rivals_will_aim_at():
    """Every rival sends the fire where it hurts the leader most: a threatened district full of the leader's houses
    is likely to burn, so guarding it is worth more to the leader than the same guard to a trailing seat, and more
    than the uniform threat of the usual evaluation says."""
    gain = {}
    for leader in (True, False):
        s, guarded = _threatened(leader)
        gain[leader] = evaluate_all_targeted(guarded)[0] - evaluate_all_targeted(s)[0]
        assert gain[leader] > 0
    assert gain[True] > gain[False] + 1
    s, guarded = _threatened(True)
    assert gain[True] > evaluate_all(guarded)[0] - evaluate_all(s)[0] + 1
    over = s.clone()
    over.phase = P_OVER  # a finished game is scored as the usual evaluation scores it
    assert evaluate_all_targeted(over) == evaluate_all(over)


def _twins(seed: int):
    """A Hidden Colours game in an action phase and a twin that differs only in what seat `me` cannot see."""
    state = SPEC.new_game(4, seed, {"hidden_colours": True})
    rng = Rng(seed)
    while not (state.phase == 6 and state.ap == 4):  # the first action phase
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    me = state.current_player()
    twin = state.determinize(me, Rng(99))
    twin.rng = state.rng.clone()
    assert twin.view(me) == state.view(me)
    return state, twin, me


@pytest.mark.parametrize(
    "spec",
    ["greedy", "easy", "mcts:iterations=40", "mcts:iterations=40,eval=lasting", "mcts:iterations=40,eval=targeted"],
)
def test_bots_decide_alike_in_states_their_seat_cannot_tell_apart(spec):
    """The evaluation's fire-fighting prospect and the easy level's random moves read only the bot's own view."""
    for seed in range(3):
        state, twin, me = _twins(seed)
        for k in range(3):
            assert make_agent(spec).act(Observation(state, me), Rng(k)) == make_agent(spec).act(
                Observation(twin, me), Rng(k)
            )


def _games(bot: str, seeds: range) -> list[dict]:
    return [SPEC.stats(play_game(SPEC, [make_agent(bot) for _ in range(4)], seed=s, num_players=4)) for s in seeds]


def test_greedy_bots_put_out_fires():
    stats = _games("greedy", range(1))
    assert stats[0]["fires_put_out"] >= 3


@pytest.mark.slow
def test_search_bots_put_out_fires_and_outscore_random_ones():
    """At a table of two search bots and two random ones, the search bots put out fires and finish ahead. (They do
    not lose fewer houses in all: every turn's fire card must burn a district with houses if it can, and a search
    bot steers the fire into its rivals' larger districts; see docs/rulings/great-fire.md, "The game the board
    makes".)"""
    searched = MCTSAgent(iterations=60).describe()
    state = play_game(
        SPEC,
        [make_agent(searched), make_agent("random"), make_agent(searched), make_agent("random")],
        seed=0,
        num_players=4,
    )
    scores = state.scores()
    assert min(state.put_out[0], state.put_out[2]) >= 1 and state.put_out[1] == state.put_out[3] == 0
    assert min(scores[0], scores[2]) > max(scores[1], scores[3])
