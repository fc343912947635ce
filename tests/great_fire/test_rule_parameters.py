"""Every Great Fire rule parameter reaches the rules: changing it changes play as the rule it stands for says.

Defaults leave games unchanged (the golden playthroughs and fingerprints pin that); here each parameter is moved
off its default and the position is checked against the rule in the rulebook.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from firebreak.core import OptionError, get_game
from firebreak.games.great_fire import GreatFireState
from firebreak.games.great_fire.actions import DEMOLISH
from firebreak.games.great_fire.data import DEMOLITION
from firebreak.games.great_fire.phases import P_ACTIONS, P_INTENSIFY, STACK

SPEC = get_game("great-fire")
PL = GreatFireState.board.pudding_lane


def game(rules: dict[str, Any] | None = None, players: int = 4, seed: int = 3, **options: Any) -> GreatFireState:
    return SPEC.new_game(players, seed, {**options, **({"rules": rules} if rules else {})})


def play_until(state: GreatFireState, done: Any, seed: int = 0) -> GreatFireState:
    """Random moves until ``done(state)`` (or the end)."""
    r = random.Random(seed)
    while not done(state) and not state.is_terminal():
        state.apply(r.choice(state.legal_actions()))
    return state


def landowner_moves_in_a_row(state: GreatFireState) -> int:
    """How many districts the landowner to act can walk in one action phase."""
    play_until(state, lambda s: s.phase == P_ACTIONS)
    moves, p = 0, state.current_player()
    while state.phase == P_ACTIONS and state.current_player() == p:
        walk = [a for a in state.legal_actions() if state.action_to_text(a).startswith("move landowner")]
        if not walk:
            break
        state.apply(walk[0])
        moves += 1
    return moves


def test_the_parameters_are_declared_with_default_bounds_and_the_rulebook_sentence() -> None:
    names = {p.name for p in SPEC.parameters}
    assert {
        "action_points",
        "hand_size",
        "fire_cones",
        "pudding_lane_start_cones",
        "pudding_lane_refill",
        "intensify_cones",
        "intensify_cap_over_houses",
        "cards_to_box_3",
        "cards_to_box_4",
        "cards_to_box_5",
        "cards_to_box_6",
        "hero_of_london_threshold",
        "hero_of_london_vp",
        "house_vp",
        "final_rounds",
        "final_rounds_more_destruction",
        "cone_economy",
        "cone_vp",
        "demolition_min_houses",
        "landowner_move_cost",
        "trained_band_move_cost",
        "put_out_fire_cost",
        "demolition_cost",
    } == names
    ap = next(p for p in SPEC.parameters if p.name == "action_points")
    assert (ap.default, ap.minimum, ap.maximum) == (4, 1, 12) and "4 action points" in ap.quote


def test_defaults_leave_the_options_as_they_were() -> None:
    assert "rules" not in game({"action_points": 4, "cone_economy": "hand back"}).options


def test_action_points_five_lets_a_landowner_move_five_districts() -> None:
    assert landowner_moves_in_a_row(game()) == 4
    assert landowner_moves_in_a_row(game({"action_points": 5})) == 5


def test_hand_size() -> None:
    assert [sum(h) for h in game({"hand_size": 6}).hands] == [6] * 4
    assert [sum(h) for h in game().hands] == [5] * 4


def test_fire_cones_set_the_stock() -> None:
    assert game({"fire_cones": 80}).stock == game().stock + 15


def test_pudding_lane_start_cones() -> None:
    s = game({"pudding_lane_start_cones": 30})
    assert s.fire[PL] == 30 and s.stock == game().stock - 5


def test_pudding_lane_refill() -> None:
    for refill, expected in ((5, 6), (8, 9)):
        s = game({"pudding_lane_refill": refill})
        s.fire[PL] = 1
        s._check_pudding_lane()
        assert s.fire[PL] == expected


@pytest.mark.parametrize("cones", [3, 5])
def test_intensify_cones(cones: int) -> None:
    s = play_until(game({"intensify_cones": cones}), lambda s: s.phase == P_INTENSIFY)
    assert s.intensify_left == cones


def test_intensify_cap_over_houses() -> None:
    base = game()
    d = next(d for d in range(len(base.fire)) if d != PL and base.board.size[d] > 0 and not base.bands[d])
    for over, allowed in ((2, False), (3, True)):
        s = game({"intensify_cap_over_houses": over})
        s.fire[d] = s.board.size[d] + 2
        assert (d in s.intensify_targets()) is allowed


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_cards_to_box_make_the_fire_stacks(players: int) -> None:
    name = f"cards_to_box_{players}"
    default = next(p.default for p in SPEC.parameters if p.name == name)
    for boxed in (default, default + 2):
        s = game({name: boxed}, players=players)
        fire_cards = sum(1 for c in s.deck if c < STACK)
        assert fire_cards == 60 - 5 * players - boxed
        assert len(s.box) == boxed


def test_hero_of_london_threshold() -> None:
    for threshold, hero in ((3, -1), (1, 0)):
        s = game({"hero_of_london_threshold": threshold})
        s.player, s.ap, s.landowner[0] = 0, 4, 5
        s.fire[5] = 2
        s._put_out()
        assert s.hero == hero


def test_hero_of_london_vp() -> None:
    s = game({"hero_of_london_vp": 5})
    s.hero = 0
    assert s.score_breakdown(0)["hero_of_london"] == 5


def test_house_vp() -> None:
    for vp, kept in ((2, 34), (3, 51)):
        s = game({"house_vp": vp})
        s.lost[s.colour[0]] = 3
        assert s.score_breakdown(0)["houses"] == kept


def _final_turns(state: GreatFireState) -> int:
    play_until(state, lambda s: s.final_turns >= 0)
    return state.final_turns


def test_final_rounds() -> None:
    assert _final_turns(game()) == 4
    assert _final_turns(game({"final_rounds": 3})) == 12


def test_final_rounds_more_destruction() -> None:
    assert _final_turns(game(more_destruction=True)) == 8
    assert _final_turns(game({"final_rounds_more_destruction": 3}, more_destruction=True)) == 12


def _dry(economy: str, pudding_lane: int) -> GreatFireState:
    s = game({"cone_economy": economy} if economy != "hand back" else None)
    s.stock, s.fire[PL], s.put_out[0] = 0, pudding_lane, 2
    return s


def test_cone_economy_hand_back_takes_a_cone_from_each_player_who_put_out_fire() -> None:
    s = _dry("hand back", 1)
    assert s._supply(1) == 1 and s.put_out[0] == 1


def test_cone_economy_keep_leaves_players_their_cones() -> None:
    s = _dry("keep", 1)
    assert s._supply(1) == 0 and s.put_out[0] == 2
    s = _dry("keep", 6)  # Pudding Lane still gives
    assert s._supply(2) == 2 and s.fire[PL] == 4


def test_cone_economy_stock_only_takes_nothing_from_pudding_lane_or_players() -> None:
    s = _dry("stock only", 6)
    assert s._supply(2) == 0 and s.fire[PL] == 6 and s.put_out[0] == 2
    assert s.intensify_targets() == []


def test_bad_values_are_refused_naming_the_field() -> None:
    with pytest.raises(OptionError, match=r"rules\.action_points must be between 1 and 12, not 0"):
        game({"action_points": 0})
    with pytest.raises(OptionError, match=r"rules\.cone_economy must be one of"):
        game({"cone_economy": "free"})
    with pytest.raises(OptionError, match=r"rules\.hand_size and rules\.cards_to_box_6 need"):
        game({"hand_size": 8, "cards_to_box_6": 20}, players=6)


def test_cone_vp_scores_each_cone_kept_and_the_choice_says_so() -> None:
    for vp in (1, 2):
        s = game({"cone_vp": vp} if vp != 1 else None)
        s.put_out[0] = 3
        assert s.score_breakdown(0)["fires_put_out"] == 3 * vp
    s = _put_out_position({"cone_vp": 2})
    note = next(c.note for c in s.action_choices() if c.action == s.tables.put_out)
    assert "counts 2 VP for you" in note
    s.apply(s.tables.put_out)
    assert any("kept, 2 VP each" in s.describe_event(e) for e in s.events[-3:])


def _demolition_position(rules: dict[str, Any] | None, houses: int) -> tuple[GreatFireState, int]:
    """A district of ``houses`` houses, with a trained band and a burning neighbour: demolished unless too big."""
    s = game(rules)
    d = next(d for d in range(len(s.fire)) if s.board.size[d] == houses and not s.fire[d] and d != PL)
    s.bands[d] = 1
    s.fire[s.board.neighbours[d][0]] = 1
    return s, d


@pytest.mark.parametrize(("limit", "houses", "allowed"), [(3, 3, False), (3, 2, True), (4, 3, True), (2, 2, False)])
def test_demolition_min_houses_keeps_bigger_districts_standing(limit: int, houses: int, allowed: bool) -> None:
    s, d = _demolition_position({"demolition_min_houses": limit} if limit != 3 else None, houses)
    assert s.houses[d]
    assert (d in s.demolition_sites()) is allowed
    s.houses[d] = []  # burnt down: no longer a VP area, so it may be demolished whatever its size
    assert d in s.demolition_sites()


@pytest.mark.parametrize(("cost", "walked"), [(1, 4), (2, 2), (3, 1)])
def test_landowner_move_cost_is_paid_per_district(cost: int, walked: int) -> None:
    """With 4 action points a landowner walks 4, 2 or 1 districts; points too few for any action end the phase."""
    rules = {"landowner_move_cost": cost, "trained_band_move_cost": cost, "put_out_fire_cost": cost}
    assert landowner_moves_in_a_row(game(rules if cost != 1 else None)) == walked


def test_trained_band_move_cost_is_paid_per_district() -> None:
    s = play_until(game({"trained_band_move_cost": 3}), lambda s: s.phase == P_ACTIONS)
    band = next(a for a in s.legal_actions() if s.action_to_text(a).startswith("move trained band"))
    s.apply(band)
    assert s.ap == 1
    assert not [a for a in s.legal_actions() if s.action_to_text(a).startswith("move trained band")]
    assert [a for a in s.legal_actions() if s.action_to_text(a).startswith("move landowner")]


def _put_out_position(rules: dict[str, Any] | None) -> GreatFireState:
    """The player to act stands in a contained fire at the start of their actions."""
    s = play_until(game(rules), lambda s: s.phase == P_ACTIONS)
    d = s.landowner[s.player]
    s.fire[d], s.bands[d] = 2, 2
    s._legal = None
    return s


def test_put_out_fire_cost() -> None:
    s = _put_out_position({"put_out_fire_cost": 3})
    assert s.tables.put_out in s.legal_actions()
    s.apply(s.tables.put_out)
    assert s.ap == 1 and s.put_out[s.player] == 1
    assert s.tables.put_out not in s.legal_actions()  # 1 point left: not enough for another
    note = next(c.note for c in s.action_choices() if "landowner moves" in (c.note or ""))
    assert note.endswith("(1 action point).")


def _demolition_turn(rules: dict[str, Any]) -> tuple[GreatFireState, int]:
    """The player to act starts their actions holding a demolition charge, with a trained band in a one-house
    district next to a fire."""
    s = play_until(game(rules), lambda s: s.phase == P_ACTIONS)
    blocked = s.tables.blocked_for_demolition
    d, n = next(
        (d, n)
        for d in range(len(s.fire))
        if s.board.size[d] == 1 and s.houses[d] and not s.fire[d] and not s.demolished[d] and not blocked[d]
        for n in s.board.neighbours[d]
        if s.board.size[n] and not s.demolished[n]
    )
    s.bands[d] = 1
    s.fire[n] += 1
    s.held[s.player].append(DEMOLITION)
    s._legal = None
    return s, d


@pytest.mark.parametrize(("cost", "offered"), [(0, True), (2, True), (3, False)])
def test_demolition_cost(cost: int, offered: bool) -> None:
    """A demolition is free as printed; at a cost it needs that many action points left, and spends them."""
    s, d = _demolition_turn({"action_points": 2, **({"demolition_cost": cost} if cost else {})})
    demolish = s.tables.codec.base[DEMOLISH] + d
    assert (demolish in s.legal_actions()) is offered
    if offered:
        note = next(c.note for c in s.action_choices() if c.action == demolish)
        assert ("(no action point)" if not cost else "(2 action points)") in note
        s.apply(demolish)
        assert s.demolished[d] and s.ap == 2 - cost


def test_R28_a_cone_handed_back_costs_the_vp_it_was_worth() -> None:
    """R28 (docs/rulings/great-fire.md): at 2 VP a cone, the cone a player hands back under R3 takes 2 VP with it."""
    s = game({"cone_vp": 2})
    s.stock, s.fire[PL], s.put_out[0] = 0, 1, 2
    assert s.score_breakdown(0)["fires_put_out"] == 4
    assert s._supply(1) == 1 and s.put_out[0] == 1
    assert s.score_breakdown(0)["fires_put_out"] == 2
