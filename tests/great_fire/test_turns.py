"""Drawing, the Fire Stack's Intensify the Fire, the last rounds, and scoring with the tie-breaks."""

from __future__ import annotations

import random

import pytest

from firebreak.games.great_fire.state import P_FIRE, P_INTENSIFY, P_OVER

from .helpers import BOARD, ONE_VP, SPEC, Position, d, started
from .invariants import check


def play_to(state, predicate, rng=None, limit=5000):
    rng = rng or random.Random(0)
    for _ in range(limit):
        if predicate(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("never reached")


def test_drawing_back_to_five_and_a_revealed_fire_stack_card_intensifies():
    s = started(4, seed=4)
    rng = random.Random(4)
    before = s.cards_until_intensify()
    assert before == BOARD.stack_counts[4][-1]
    # Play turns until the Fire Stack card comes up.
    play_to(s, lambda st: st.phase == P_INTENSIFY, rng)
    revealed = [e for e in s.events if e.kind == "fire_stack_revealed"]
    assert revealed and revealed[0].data["card"] == "D" and not revealed[0].data["last"]
    assert sum(s.hands[s.player]) == 5
    assert s.intensify_left == 3


def test_intensify_targets_exclude_pudding_lane_contained_fires_and_full_districts():
    pos = Position(4, seed=6)
    s = pos.s
    pos.burn("Tallow Hall", 3).burn("Voyners Hall", 5).burn("Queenhithe", 2).bands("Queenhithe", 2)
    pos.burn("Watlin Street", 1)
    targets = {BOARD.names[t] for t in s.intensify_targets()}
    assert targets == {"Tallow Hall", "Watlin Street"}  # Voyners Hall is at 3 + 2; Queenhithe is contained
    pos.fire("Tallow Hall", 4)
    assert {BOARD.names[t] for t in s.intensify_targets()} == {"Tallow Hall", "Watlin Street"}
    pos.fire("Tallow Hall", 5)
    assert {BOARD.names[t] for t in s.intensify_targets()} == {"Watlin Street"}


def test_R20_intensify_places_three_cones_one_at_a_time_and_discards_what_cannot_be_placed():
    pos = Position(4, seed=6)
    s = pos.s
    pos.burn("Walbrook", 2)  # room for two more (size 2 + 2 = 4)
    s._start_intensify(P_FIRE)
    pos.refresh()
    assert s.phase == P_INTENSIFY
    assert [s.action_to_text(a) for a in s.legal_actions()] == ["intensify Walbrook"]
    s.apply("intensify Walbrook")
    s.apply("intensify Walbrook")
    assert s.fire[d("Walbrook")] == 4
    assert any(e.kind == "intensify_cones_discarded" and e.data["cones"] == 1 for e in s.events)
    assert s.phase == P_FIRE
    check(s)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("more", [False, True])
def test_R15_last_rounds_after_the_last_intensify(n, more):
    s = SPEC.new_game(n, 31, {"more_destruction": more})
    rng = random.Random(31)
    play_to(s, lambda st: st.final_turns >= 0, rng)
    last = [e for e in s.events if e.kind == "fire_stack_revealed"][-1]
    revealer = last.data["player"]
    assert last.data == {"player": revealer, "card": "A", "last": True, "final_turns": n * (2 if more else 1)}
    turns = []
    while not s.is_terminal():
        if s.phase == P_FIRE and (not turns or turns[-1] != s.player):
            turns.append(s.player)
        s.apply(rng.choice(s.legal_actions()))
    rounds = 2 if more else 1
    assert turns == [(revealer + 1 + i) % n for i in range(rounds * n)]
    assert all(sum(h) == 5 - rounds for h in s.hands)
    assert not [c for c in s.deck]


def test_scoring_every_part():
    pos = Position(4, seed=8)
    s = pos.s
    p = 0
    colour = s.colour[p]
    s.lost[colour] = 3
    s.put_out[p] = 4
    s.stock -= 4
    s.hero = p
    s.destroyed_tokens.remove(ONE_VP)
    s.held[p].append(ONE_VP)
    objs = s.objectives[p]
    # First objective survives with a contained fire (R17); second burnt out; third has houses.
    pos.fire(BOARD.names[objs[0]], 1).bands(BOARD.names[objs[0]], 1)
    pos.empty(BOARD.names[objs[1]])
    s.lost[colour] = 3  # keep the test's count whatever colours were emptied
    b = s.score_breakdown(p)
    assert b["houses"] == 40 - 6
    assert b["fires_put_out"] == 4
    assert b["objectives"] == BOARD.objective_vp[objs[0]] + BOARD.objective_vp[objs[2]]
    assert b["one_vp_tokens"] == 1 and b["hero_of_london"] == 2
    assert b["total"] == 34 + 4 + b["objectives"] + 1 + 2


def test_objective_with_uncontained_fire_does_not_survive():
    pos = Position(4, seed=8)
    s = pos.s
    o = s.objectives[0][0]
    assert s.objective_survived(o)
    s.fire[o] = 1
    assert not s.objective_survived(o)


def _finish(s):
    s.phase = P_OVER


def _level_field() -> Position:
    """A finished 3-player game with every objective burnt out, no house lost and no fire put out, so a test can
    set each tie-break by hand."""
    pos = Position(3, seed=12)
    s = pos.s
    _finish(s)
    for p in range(3):
        for o in s.objectives[p]:
            pos.empty(BOARD.names[o])
    s.lost = [0] * 6
    s.put_out = [0, 0, 0]
    return pos


def _give_vp_tokens(s, player: int, count: int) -> None:
    for _ in range(count):
        s.destroyed_tokens.remove(ONE_VP)
        s.held[player].append(ONE_VP)


def test_equal_scores_with_nothing_to_separate_them_is_a_draw_and_fires_break_ties_first():
    s = _level_field().s
    s.lost[s.colour[0]] = 2  # 36
    s.lost[s.colour[1]] = 1  # 38
    s.lost[s.colour[2]] = 1  # 38
    assert s.winners() == [1, 2], "still tied after every tie-break: the game is drawn between them"
    # Player 2 loses one more house but put out two fires: 36 + 2 = 38, level with player 1.
    s.lost[s.colour[2]] = 2
    s.put_out = [0, 0, 2]
    s.stock -= 2
    assert s.scores()[1] == s.scores()[2] == 38
    assert s.winners() == [2], "the first tie-break is the number of fires put out"


def test_tie_broken_by_intact_houses_then_objectives():
    s = _level_field().s
    s.lost[s.colour[0]] = 1  # 38 + 1 token = 39
    _give_vp_tokens(s, 0, 1)
    s.lost[s.colour[2]] = 1  # 38 + 2 tokens = 40, one house fewer than player 1's 40
    _give_vp_tokens(s, 2, 2)
    assert s.scores()[1] == s.scores()[2] == 40
    assert s.winners() == [1], "equal score and fires: more intact houses wins"
    # With houses equal as well (and no objective points either), the game is drawn.
    s.lost[s.colour[2]] = 0
    s.destroyed_tokens.extend(s.held[2])
    s.held[2] = []
    assert s.tiebreak_key(1) == s.tiebreak_key(2)
    assert s.winners() == [1, 2]


def test_objective_tie_break():
    """Player 2 keeps a 2-VP objective; player 1 has two 1-VP tokens instead: equal score, fires and houses."""
    s = _level_field().s
    o2 = s.objectives[2][2]
    s.houses[o2] = [5] * BOARD.size[o2]  # houses of a colour nobody plays
    s.lost[5] -= BOARD.size[o2]
    _give_vp_tokens(s, 1, 2)
    s.lost[s.colour[0]] = 1
    assert s.scores()[1] == s.scores()[2] == 42
    assert s.tiebreak_key(1)[:3] == s.tiebreak_key(2)[:3]
    assert s.winners() == [2], "objective points are the third tie-break"


def test_game_over_reveals_everything_publicly():
    s = SPEC.new_game(4, 40, {"hidden_colours": True})
    rng = random.Random(40)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    ev = s.events[-1]
    assert ev.kind == "game_over" and ev.visible_to is None
    assert len(ev.data["objectives"]) == 4 and len(ev.data["colours"]) == 4
    assert ev.data["winners"] == s.winners() and ev.data["scores"] == s.scores()
    v = s.view(None)
    assert all(p["colour"] and p["objectives"] for p in v["players"])
    assert s.current_player() == -1 and s.legal_actions() == []


def test_example_5_two_lost_houses_leave_36():
    """Rulebook Example 5: Blue has lost 2 houses and now has 36 VPs left (before other scoring)."""
    pos = Position(4, seed=8)
    s = pos.s
    s.lost[s.colour[0]] = 2
    assert s.score_breakdown(0)["houses"] == 36
