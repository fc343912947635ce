"""The action phase: moving landowners and trained bands, putting out fire, the Hero of London, demolition."""

from __future__ import annotations

import pytest

from firebreak.core import IllegalActionError
from firebreak.games.great_fire.state import P_ACTIONS, P_FIRE

from .helpers import BOARD, DEMOLITION, Position, d
from .invariants import check


def acting(n: int = 4) -> Position:
    pos = Position(n, seed=3)
    return pos.actions_phase()


def test_landowner_moves_one_district_per_action_point_including_diagonals():
    pos = acting()
    p = pos.s.player
    pos.landowner(p, "Cripplegate")
    texts = pos.texts()
    # Cripplegate: E Finsbury, SE Moorgate (cross), S Sion College, W Barbican and Aldersgate.
    assert {t for t in texts if t.startswith("move landowner")} == {
        "move landowner to Finsbury",
        "move landowner to Moorgate",
        "move landowner to Sion College",
        "move landowner to Barbican",
        "move landowner to Aldersgate",
    }
    pos.s.apply("move landowner to Moorgate")
    assert pos.s.landowner[p] == d("Moorgate") and pos.s.ap == 3


def test_nothing_ever_enters_pudding_lane():
    pos = acting()
    p = pos.s.player
    pos.landowner(p, "S. Mary").bands("S. Mary", 1)
    texts = pos.texts()
    assert "move landowner to Pudding Lane" not in texts
    assert "move trained band S. Mary -> Pudding Lane" not in texts
    assert "move landowner to Royal Exchange" in texts


def test_pieces_move_into_and_through_burning_and_demolished_districts():
    pos = acting()
    p = pos.s.player
    pos.burn("Tallow Hall", 3).demolish("St Mary-le-Bow").landowner(p, "Voyners Hall")
    pos.s.apply("move landowner to Tallow Hall")
    pos.s.apply("move landowner to St Mary-le-Bow")
    pos.s.apply("move landowner to Cheapside")
    assert pos.s.landowner[p] == d("Cheapside") and pos.s.ap == 1


def test_trained_band_stops_and_is_pinned_on_entering_uncontained_fire():
    pos = acting()
    pos.burn("Tallow Hall", 3).bands("Voyners Hall", 1)
    pos.s.apply("move trained band Voyners Hall -> Tallow Hall")
    assert pos.s.bands[d("Tallow Hall")] == 1
    assert not any(t.startswith("move trained band Tallow Hall") for t in pos.texts()), "pinned bands cannot move"
    assert any(e.kind == "trained_band_pinned" for e in pos.s.events)


def test_trained_band_passes_freely_through_a_contained_fire():
    pos = acting()
    pos.burn("Tallow Hall", 1).bands("Tallow Hall", 1).bands("Voyners Hall", 1)
    pos.s.apply("move trained band Voyners Hall -> Tallow Hall")
    # Two bands on one cone: one of them is free to move on.
    assert "move trained band Tallow Hall -> S. Bennet" in pos.texts()
    pos.s.apply("move trained band Tallow Hall -> S. Bennet")
    assert pos.s.bands[d("Tallow Hall")] == 1 and pos.s.bands[d("S. Bennet")] == 1


def test_bands_fill_a_fire_until_it_is_contained():
    pos = acting()
    pos.burn("Tallow Hall", 2).bands("Voyners Hall", 2)
    pos.s.apply("move trained band Voyners Hall -> Tallow Hall")
    assert not pos.s.contained(d("Tallow Hall"))
    pos.s.apply("move trained band Voyners Hall -> Tallow Hall")
    assert pos.s.contained(d("Tallow Hall"))


def test_put_out_fire_needs_containment_and_own_landowner():
    """Rulebook Example 6 (St Pauls, 5 fires, 5 trained bands, Green's landowner): each action removes one cone."""
    pos = acting()
    p = pos.s.player
    pos.burn("St Pauls", 5).bands("St Pauls", 4).landowner(p, "St Pauls")
    assert "put out fire" not in pos.texts(), "4 bands do not contain 5 fires"
    pos.bands("St Pauls", 5)
    pos.landowner(p, "Cheapside")
    assert "put out fire" not in pos.texts(), "the landowner must be in the district"
    other = (p + 1) % 4
    pos.landowner(other, "St Pauls")
    assert "put out fire" not in pos.texts(), "another player's landowner does not count"
    pos.landowner(p, "St Pauls")
    for i in range(4):
        pos.s.apply("put out fire")
        assert pos.s.fire[d("St Pauls")] == 4 - i and pos.s.put_out[p] == i + 1
    assert pos.s.phase != P_ACTIONS or pos.s.ap == 0
    check(pos.s)


def test_R4_band_freed_when_its_cone_is_put_out():
    """R4: with 2 cones and 2 bands, putting one out leaves a free band that can move on."""
    pos = acting()
    p = pos.s.player
    pos.burn("Tallow Hall", 2).bands("Tallow Hall", 2).landowner(p, "Tallow Hall")
    assert not any(t.startswith("move trained band Tallow Hall") for t in pos.texts())
    pos.s.apply("put out fire")
    assert any(t.startswith("move trained band Tallow Hall") for t in pos.texts())
    assert pos.s.contained(d("Tallow Hall"))


def test_putting_out_the_last_cone_saves_the_houses():
    pos = acting()
    p = pos.s.player
    pos.fire("Tallow Hall", 1).bands("Tallow Hall", 1).landowner(p, "Tallow Hall")
    houses = list(pos.s.houses[d("Tallow Hall")])
    pos.s.apply("put out fire")
    assert pos.s.fire[d("Tallow Hall")] == 0 and pos.s.houses[d("Tallow Hall")] == houses
    assert pos.s.objective_survived(d("Tallow Hall"))


def test_R21_hero_of_london_first_to_three_then_whoever_exceeds():
    pos = acting()
    s = pos.s
    p = s.player
    q = (p + 1) % 4
    pos.burn("St Pauls", 5).bands("St Pauls", 5).landowner(p, "St Pauls")
    s.apply("put out fire")
    s.apply("put out fire")
    assert s.hero == -1
    s.apply("put out fire")
    assert s.hero == p and s.score_breakdown(p)["hero_of_london"] == 2
    # Another player with as many does not take it; one more does.
    s.put_out[q] = 3
    s.stock -= 3
    s.player = q
    pos.actions_phase()
    pos.landowner(q, "St Pauls")
    s.fire[d("St Pauls")] = 2
    s.stock += 0
    pos.refresh()
    s.apply("put out fire")
    assert s.hero == q and s.score_breakdown(p)["hero_of_london"] == 0


def test_demolition_rules():
    """R12 and the rulebook: a charge, a trained band present, next to fire, no fire in it, under 3 houses."""
    pos = acting()
    s = pos.s
    p = s.player
    pos.burn("Tallow Hall", 3).bands("St Mary-le-Bow", 1)
    assert "demolish St Mary-le-Bow" not in pos.texts(), "no charge"
    s.destroyed_tokens.remove(DEMOLITION)
    s.held[p].append(DEMOLITION)
    assert "demolish St Mary-le-Bow" in pos.texts()
    # Not without a band; not far from fire; not with fire in it; not 3+ houses.
    pos.bands("St Mary-le-Bow", 0).bands("Queenhithe", 1)
    assert "demolish St Mary-le-Bow" not in pos.texts()
    assert "demolish Queenhithe" not in pos.texts(), "Queenhithe is not next to a fire"
    pos.bands("Bread Street", 1).fire("Watlin Street", 1).bands("Watlin Street", 1)
    assert "demolish Bread Street" not in pos.texts(), "a district of 3 houses keeps its houses"
    pos.empty("Bread Street")
    assert "demolish Bread Street" in pos.texts(), "once burnt down it may be demolished"
    assert "demolish Watlin Street" not in pos.texts(), "a district with (contained) fire in it"
    # Next to Pudding Lane counts as next to fire.
    pos.bands("Voyners Hall", 1)
    assert "demolish Voyners Hall" not in pos.texts()  # 3 houses
    pos.bands("Philpott Lane", 1).empty("Philpott Lane")
    assert "demolish Philpott Lane" in pos.texts()


def test_demolition_is_free_destroys_houses_and_token_and_makes_a_firebreak():
    pos = acting()
    s = pos.s
    p = s.player
    pos.burn("Tallow Hall", 3).bands("St Mary-le-Bow", 1).token("St Mary-le-Bow", 2)
    s.destroyed_tokens.remove(DEMOLITION)
    s.held[p].append(DEMOLITION)
    colours = list(s.houses[d("St Mary-le-Bow")])
    lost = list(s.lost)
    s.apply("demolish St Mary-le-Bow")
    assert s.ap == 4, "demolition costs no action point"
    assert s.demolished[d("St Mary-le-Bow")] and s.houses[d("St Mary-le-Bow")] == []
    assert s.token[d("St Mary-le-Bow")] == -1 and s.held[p] == [], "the token is destroyed, not gained"
    assert sum(s.lost) == sum(lost) + len(colours)
    ev = s.events[-1]
    assert ev.kind == "district_demolished" and ev.data["token_destroyed"] is True
    assert "one_vp" not in str(ev.to_json()), "the destroyed token's kind stays hidden"
    check(s)


def test_demolition_with_no_action_points_left_then_the_phase_ends():
    pos = acting()
    s = pos.s
    p = s.player
    pos.burn("Tallow Hall", 3).bands("St Mary-le-Bow", 1)
    s.destroyed_tokens.remove(DEMOLITION)
    s.held[p].append(DEMOLITION)
    pos.landowner(p, "Temple")
    for _ in range(4):
        s.apply("move landowner to Fleet Street" if s.landowner[p] == d("Temple") else "move landowner to Temple")
    assert s.phase == P_ACTIONS and s.ap == 0
    assert pos.texts() == {"demolish St Mary-le-Bow", "end actions"}
    s.apply("demolish St Mary-le-Bow")
    assert s.phase == P_FIRE and s.player == (p + 1) % 4, "the turn moved on by itself"


def test_R14_action_phase_ends_by_itself_when_points_are_spent():
    pos = acting()
    s = pos.s
    p = s.player
    pos.landowner(p, "Temple")
    for _ in range(4):
        s.apply("move landowner to Fleet Street" if s.landowner[p] == d("Temple") else "move landowner to Temple")
    assert s.player == (p + 1) % 4 and s.phase == P_FIRE


def test_end_actions_early_forfeits_points_and_draws():
    pos = acting()
    s = pos.s
    p = s.player
    hand = sum(s.hands[p])
    s.hands[p][0] -= 1 if s.hands[p][0] else 0
    s.discards.append(0)
    pos.refresh()
    s.apply("end actions")
    assert sum(s.hands[p]) == hand
    assert s.player == (p + 1) % 4 and s.phase == P_FIRE
    with pytest.raises(IllegalActionError):
        s.apply("put out fire")


def test_several_demolitions_in_one_turn():
    """ "A player may use multiple demolition charges in the same turn." """
    pos = acting()
    s = pos.s
    p = s.player
    pos.burn("Tallow Hall", 3).bands("St Mary-le-Bow", 1).bands("Queenhithe", 1)
    for _ in range(2):
        s.destroyed_tokens.remove(DEMOLITION)
        s.held[p].append(DEMOLITION)
    pos.burn("Walbrook", 1)
    s.apply("demolish St Mary-le-Bow")
    s.apply("demolish Queenhithe")
    assert s.demolished[d("St Mary-le-Bow")] and s.demolished[d("Queenhithe")] and s.ap == 4
    check(s)


def test_R23_the_fleet_is_no_barrier_to_movement_but_stops_fire():
    pos = acting()
    p = pos.s.player
    pos.landowner(p, "Whitefriars").bands("Smithfield", 1)
    assert "move landowner to Blackfriars" in pos.texts()
    assert "move trained band Smithfield -> Holborn" in pos.texts()
    pos.s.apply("move landowner to Blackfriars")
    assert pos.s.landowner[p] == d("Blackfriars")
    # Fire on the east bank cannot jump the Fleet outside the bridges.
    assert d("Holborn") not in BOARD.fire_adjacent[d("Smithfield")]
    assert d("Whitefriars") not in BOARD.fire_adjacent[d("Blackfriars")]
    assert d("Holborn") in BOARD.fire_adjacent[d("Newgate")], "Holborn Bridge"


def test_R13_grassed_areas_are_spaces_for_pieces_but_never_burn():
    pos = acting()
    s = pos.s
    p = s.player
    moorfields = d("Moorfields")
    pos.landowner(p, "Moorgate").bands("Broad Street", 1)
    assert "move landowner to Moorfields" in pos.texts()
    assert "move trained band Broad Street -> Moorfields" in pos.texts()
    s.apply("move landowner to Moorfields")
    assert s.landowner[p] == moorfields
    assert "move landowner to Finsbury" in pos.texts() and "move landowner to Artillery Ground" in pos.texts()
    assert all(moorfields not in links[i] for links in BOARD.fire_links for i in range(BOARD.num_districts))
    s.destroyed_tokens.remove(DEMOLITION)
    s.held[p].append(DEMOLITION)
    pos.bands("Moorfields", 1).burn("Moorgate", 2)
    assert "demolish Moorfields" not in pos.texts()


def test_R13_landowners_and_bands_may_be_placed_on_grassed_areas_at_set_up():
    from .helpers import SPEC

    s = SPEC.new_game(4, 1, {})
    texts = {s.action_to_text(a) for a in s.legal_actions()}
    assert "place trained band in Spital Fields" in texts
    while s.phase == 0:
        s.apply(s.legal_actions()[0])
    assert "place landowner in Lincoln's Inn / Gray's Inn Fields" in {s.action_to_text(a) for a in s.legal_actions()}


def _dear(**rules: int) -> tuple[Position, int]:
    """Seat to act with 3 action points where every action costs 2 (and a demolition ``demolition_cost``), its
    landowner in Temple, one move made: 1 point left."""
    costs = {"landowner_move_cost": 2, "trained_band_move_cost": 2, "put_out_fire_cost": 2, "action_points": 3}
    pos = Position(4, seed=3, rules={**costs, **rules}).actions_phase(3)
    p = pos.s.player
    pos.landowner(p, "Temple")
    return pos, p


def test_R26_points_too_few_for_any_action_end_the_phase_as_none_left_do():
    """R26 (docs/rulings/great-fire.md): 1 point left where every action costs 2 is no point left (R14)."""
    pos, p = _dear()
    s = pos.s
    s.apply("move landowner to Fleet Street")
    assert s.player == (p + 1) % 4 and s.phase == P_FIRE


@pytest.mark.parametrize(("demolition_cost", "waits"), [(0, True), (1, True), (2, False)])
def test_R27_the_phase_waits_for_a_demolition_the_points_left_can_pay_for(demolition_cost: int, waits: bool) -> None:
    """R27, R26 (docs/rulings/great-fire.md): with a face-down token and a district that could be demolished the phase waits only if the points
    left pay for a demolition, and the End actions note says why no other action is offered."""
    pos, p = _dear(**({"demolition_cost": demolition_cost} if demolition_cost else {}))
    s = pos.s
    pos.burn("Tallow Hall", 3).bands("St Mary-le-Bow", 1)
    s.destroyed_tokens.remove(DEMOLITION)
    s.held[p].append(DEMOLITION)
    pos.refresh()
    s.apply("move landowner to Fleet Street")
    if not waits:
        assert s.player == (p + 1) % 4 and s.phase == P_FIRE
        return
    assert s.phase == P_ACTIONS and s.ap == 1
    assert pos.texts() == {"demolish St Mary-le-Bow", "end actions"}
    note = next(c.note for c in s.action_choices() if c.label == "End your actions and draw")
    assert note == (
        "You have 1 action point left, too few for any action; you may still demolish, or end your actions."
    )
    s.apply("demolish St Mary-le-Bow")
    assert s.demolished[d("St Mary-le-Bow")] and s.player == (p + 1) % 4 and s.phase == P_FIRE
