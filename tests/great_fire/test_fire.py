"""Expanding the fire: card directions, crosses, the Fire Movement Priority, fire damage, tokens, double moves."""

from __future__ import annotations

import pytest

from firebreak.core import IllegalActionError
from firebreak.games.great_fire.state import P_ACTIONS, P_DISCARD, P_INTENSIFY, P_SECOND

from .helpers import BOARD, DOUBLE_MOVE, ONE_VP, E, N, Position, S, W, d
from .invariants import check


def fresh(cards=(N, N, E, S, W)) -> Position:
    pos = Position(4, seed=1)
    pos.hand(pos.s.player, *cards)
    return pos


def test_example_3_north_card_through_s_bennet():
    """Rulebook Example 3: with S. Bennet already burning, a North card takes a cone from Pudding Lane through
    S. Bennet into Guild Hall or Coleman Street, or straight north out of Pudding Lane."""
    pos = fresh((N, N, N, N, E))
    pos.burn("S. Bennet", 3)
    north = {t for (dr, src, t) in pos.targets() if dr == "north" and src == "Pudding Lane"}
    assert north == {"Guild Hall", "Coleman Street", "S. Mary", "Bridgeward", "Candlewick Ward", "Pepys House"}
    # The same cone could have come from S. Bennet itself.
    assert ("north", "S. Bennet", "Guild Hall") in pos.targets()


@pytest.mark.parametrize(
    "card,expected",
    [
        (E, {"S. Mary", "Pepys House", "Philpott Lane", "Billingsgate"}),
        (S, {"Tallow Hall"}),
        (W, {"Cheapside", "Tallow Hall", "Voyners Hall"}),
    ],
)
def test_example_3_other_cards_from_s_bennet(card, expected):
    """Example 3's other arrows: East to S. Mary, South to Tallow Hall, West to Cheapside (plus the moves that
    leave Pudding Lane directly with the same card)."""
    pos = fresh((card,) * 4 + ((card + 1) % 4,))
    pos.burn("S. Bennet", 3)
    got = {
        t for (dr, src, t) in pos.targets() if src == "Pudding Lane" and dr == ("north", "east", "south", "west")[card]
    }
    assert got == expected


def test_example_4_priority_over_every_option_of_the_chosen_cone():
    """Rulebook Example 4, on our board: a South card; the fire has spread north and west from Pudding Lane (S.
    Bennet, Guild Hall, Bassishaw, Goldsmiths' Hall and Philpott Lane burn). Its south moves are Cheapside, Tallow
    Hall and Billingsgate (houses, no trained band), Coleman Street and Bread Street (a trained band in each) and
    Watlin Street (burnt down): the player must choose one of the first three. The cone may come from Pudding
    Lane, moved north and west through the fire, or from Guild Hall; only its last step is south."""
    pos = fresh((S, S, S, S, N))
    pos.burn("S. Bennet", 3).burn("Guild Hall", 4).burn("Bassishaw", 1).burn("Goldsmiths' Hall", 1)
    pos.burn("Philpott Lane", 3)
    pos.bands("Coleman Street", 1).bands("Bread Street", 1)
    pos.empty("Watlin Street")
    got = {(src, t) for (_, src, t) in pos.targets("south")}
    assert {t for _, t in got} == {"Cheapside", "Tallow Hall", "Billingsgate"}
    assert ("Pudding Lane", "Cheapside") in got and ("Guild Hall", "Cheapside") in got
    # These are all the south moves: without the unguarded districts, the guarded ones with houses come next,
    # then the burnt-down one.
    for name in ("Cheapside", "Tallow Hall", "Billingsgate"):
        pos.bands(name, 1)
    assert {t for (_, _, t) in pos.targets("south")} == {
        "Cheapside",
        "Tallow Hall",
        "Billingsgate",
        "Coleman Street",
        "Bread Street",
    }
    for name in ("Cheapside", "Tallow Hall", "Billingsgate", "Coleman Street", "Bread Street"):
        pos.demolish(name)
    assert {t for (_, _, t) in pos.targets("south")} == {"Watlin Street"}


def test_priority_tiers_in_order():
    """The four tiers: houses and no band > houses with a band > empty without band > empty with band."""
    pos = fresh((E, E, E, E, N))
    # From Pudding Lane east: Billingsgate and Philpott Lane (and Pepys House via the NE cross).
    pos.bands("Billingsgate", 1).bands("Philpott Lane", 1).bands("Pepys House", 1)
    assert {t for (_, _, t) in pos.targets("east")} == {"Billingsgate", "Philpott Lane", "Pepys House"}  # all tier 2
    pos.bands("Pepys House", 0)
    assert {t for (_, _, t) in pos.targets("east")} == {"Pepys House"}  # tier 1 wins
    for name in ("Billingsgate", "Philpott Lane", "Pepys House"):
        pos.s.houses[d(name)] = []
    pos.bands("Pepys House", 1).bands("Philpott Lane", 0)
    assert {t for (_, _, t) in pos.targets("east")} == {"Philpott Lane"}  # tier 3 over tier 4
    pos.bands("Philpott Lane", 1)
    assert {t for (_, _, t) in pos.targets("east")} == {"Billingsgate", "Philpott Lane", "Pepys House"}  # tier 4


def test_cross_links_carry_fire_diagonally_with_either_card():
    """A four-way cross between Cripplegate and Moorgate: south or east from Cripplegate (rulebook Example 1)."""
    pos = fresh((S, S, E, E, N))
    pos.burn("Cripplegate", 2)
    # Surround so that the only unburnt neighbours are reachable through the cross.
    for name in ("Sion College", "Finsbury", "Barbican"):
        pos.burn(name, 1)  # single cone: not a source
    moves = {(dr, t) for (dr, src, t) in pos.targets() if src == "Cripplegate"}
    assert ("south", "Moorgate") in moves and ("east", "Moorgate") in moves


def test_links_match_the_rulebook_constraints():
    """Example 1 and the board constraints: Sion College -> Moorgate is east, -> Brewer's Hall is south;
    Sion College <-> Finsbury is a cross playable north/east one way and south/west the other."""
    sc, mo, bh, fi = d("Sion College"), d("Moorgate"), d("Brewer's Hall"), d("Finsbury")
    links = BOARD.fire_links
    assert mo in links[E][sc] and bh in links[S][sc]
    assert fi in links[N][sc] and fi in links[E][sc] and sc in links[S][fi] and sc in links[W][fi]
    assert mo not in links[N][sc]


def test_source_needs_two_cones_and_uncontained_fire():
    pos = fresh((N, N, N, N, E))
    pos.fire("Pudding Lane", 1)  # (never normal, but isolates the rule)
    pos.burn("Voyners Hall", 1)
    assert pos.targets() == set() or all(src != "Voyners Hall" for _, src, _ in pos.targets())
    pos.fire("Voyners Hall", 2)
    assert any(src == "Voyners Hall" for _, src, _ in pos.targets())
    pos.bands("Voyners Hall", 2)  # contained: fire cannot spread from it
    assert not any(src == "Voyners Hall" for _, src, _ in pos.targets())


def test_fire_cannot_pass_through_a_contained_district():
    pos = fresh((N, N, N, N, W))
    pos.burn("S. Bennet", 3).bands("S. Bennet", 3)
    assert not {t for (_, _, t) in pos.targets()} & {"Guild Hall", "Coleman Street"}


def test_R1_fire_may_move_into_a_contained_district():
    """R1: a contained fire can be a target; the incoming cone breaks containment and the houses burn."""
    pos = fresh((E, E, E, E, N))
    # Every east target but Billingsgate is gone, and Billingsgate has a contained fire over its houses.
    for name in ("Philpott Lane", "Pepys House"):
        pos.demolish(name)
    pos.fire("Billingsgate", 1).bands("Billingsgate", 1)
    houses = list(pos.s.houses[d("Billingsgate")])
    assert houses
    assert pos.targets("east") == {("east", "Pudding Lane", "Billingsgate")}
    lost_before = list(pos.s.lost)
    pos.s.apply("fire east: Pudding Lane -> Billingsgate")
    assert pos.s.houses[d("Billingsgate")] == []
    assert pos.s.fire[d("Billingsgate")] == 3  # topped up to its size
    assert sum(pos.s.lost) == sum(lost_before) + len(houses)


def test_demolished_districts_are_never_targets():
    pos = fresh((W, W, W, W, N))
    pos.demolish("Tallow Hall")
    assert {t for (_, _, t) in pos.targets("west")} == {"Voyners Hall", "S. Bennet"}  # S. Bennet by the NW cross


def test_trained_band_goes_on_top_of_incoming_cone_and_houses_survive():
    pos = fresh((W, W, W, W, N))
    pos.bands("Tallow Hall", 1).bands("Voyners Hall", 1).bands("S. Bennet", 1)
    houses = list(pos.s.houses[d("Tallow Hall")])
    pos.s.apply("fire west: Pudding Lane -> Tallow Hall")
    assert pos.s.houses[d("Tallow Hall")] == houses
    assert pos.s.fire[d("Tallow Hall")] == 1 and pos.s.contained(d("Tallow Hall"))
    assert pos.s.events[-1].kind == "fire_contained"


def test_fire_damage_burns_houses_tops_up_and_takes_token():
    """Houses go to the score track, cones top up to the district's size, the token goes to the player."""
    pos = fresh((N, N, N, N, E))
    p = pos.s.player
    # Burn the north ring so that Gracechurch (a yellow label) is the only north target with houses.
    for name in ("S. Mary", "Bridgeward", "Candlewick Ward", "S. Bennet"):
        pos.burn(name, 1)
    for name in ("Pepys House", "Guild Hall", "Coleman Street", "Royal Exchange", "Cornhill"):
        pos.demolish(name)
    pos.token("Gracechurch", ONE_VP)
    colours = list(pos.s.houses[d("Gracechurch")])
    lost = list(pos.s.lost)
    stock = pos.s.stock
    assert ("north", "Pudding Lane", "Gracechurch") in pos.targets()
    pos.s.apply("fire north: Pudding Lane -> Gracechurch")
    assert pos.s.houses[d("Gracechurch")] == [] and pos.s.fire[d("Gracechurch")] == 1
    assert pos.s.stock == stock, "one house: the cone that moved in is all it needs"
    for c in set(colours):
        assert pos.s.lost[c] == lost[c] + colours.count(c)
    assert pos.s.held[p] == [ONE_VP] and pos.s.token[d("Gracechurch")] == -1
    assert pos.s.score_breakdown(p)["one_vp_tokens"] == 1
    # The token's kind is told to its taker only.
    seen = [e for e in pos.s.events if e.kind == "token_seen"][-1]
    assert seen.visible_to == (p,) and seen.data["token"] == "one_vp"
    check(pos.s)


def test_double_move_token_gives_a_second_move_with_the_same_card():
    pos = fresh((W, W, N, N, E))
    p = pos.s.player
    pos.s.destroyed_tokens.remove(DOUBLE_MOVE)
    pos.s.held[p].append(DOUBLE_MOVE)
    pos.s.apply("fire west: Pudding Lane -> Tallow Hall")
    assert pos.s.phase == P_SECOND
    texts = pos.texts()
    assert "no second fire move" in texts
    assert all(t.startswith("fire west") or t == "no second fire move" for t in texts)
    pos.s.apply(next(t for t in texts if t.startswith("fire west")))
    assert pos.s.phase == P_ACTIONS and DOUBLE_MOVE not in pos.s.held[p]
    assert any(e.kind == "token_played" for e in pos.s.events)
    assert pos.s.hands[p][W] == 1, "the second move plays no card"


def test_double_move_token_collected_and_used_in_the_same_fire_phase():
    pos = fresh((W, W, N, N, E))
    p = pos.s.player
    for name in ("Tallow Hall",):
        pos.demolish(name)
    pos.burn("Voyners Hall", 2)
    pos.token("Walbrook", DOUBLE_MOVE)
    pos.s.apply("fire west: Voyners Hall -> Walbrook")
    assert DOUBLE_MOVE in pos.s.held[p] and pos.s.phase == P_SECOND


def test_only_one_double_move_a_turn():
    pos = fresh((W, W, N, N, E))
    p = pos.s.player
    pos.s.destroyed_tokens.remove(DOUBLE_MOVE)
    pos.s.destroyed_tokens.remove(DOUBLE_MOVE)
    pos.s.held[p].extend([DOUBLE_MOVE, DOUBLE_MOVE])
    pos.s.apply("fire west: Pudding Lane -> Tallow Hall")
    pos.s.apply(next(t for t in pos.texts() if t.startswith("fire west")))
    assert pos.s.phase == P_ACTIONS and pos.s.held[p] == [DOUBLE_MOVE]


def test_declining_the_second_move_keeps_the_token():
    pos = fresh((W, W, N, N, E))
    p = pos.s.player
    pos.s.destroyed_tokens.remove(DOUBLE_MOVE)
    pos.s.held[p].append(DOUBLE_MOVE)
    pos.s.apply("fire west: Pudding Lane -> Tallow Hall")
    pos.s.apply("no second fire move")
    assert pos.s.phase == P_ACTIONS and pos.s.held[p] == [DOUBLE_MOVE]


def test_R6_no_possible_move_shows_hand_discards_and_intensifies():
    """R6: with no legal move the hand is shown, one card discarded, three cones intensify, then actions."""
    pos = Position(4, seed=2)
    s = pos.s
    p = s.player
    pos.hand(p, S, S, S, S, W)
    # Nothing south or west of Pudding Lane or of Voyners Hall can burn.
    for name in ("Tallow Hall", "Voyners Hall", "Walbrook", "S. Bennet"):
        pos.demolish(name)
    pos.burn("Billingsgate", 2).burn("Custom House", 3)
    for name in ("Philpott Lane",):
        pos.demolish(name)
    pos.refresh()
    s.phase = 2  # re-run the start of the turn
    s._begin_turn()
    pos.refresh()
    assert s.phase == P_DISCARD
    shown = [e for e in s.events if e.kind == "no_fire_move"][-1]
    assert shown.visible_to is None and shown.data["hand"] == {"south": 4, "west": 1}
    s.apply("discard west")
    assert s.phase == P_INTENSIFY and s.intensify_left == 3
    assert sum(s.hands[p]) == 4
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert s.phase == P_ACTIONS and s.ap == 4


def test_R2_pudding_lane_refills_when_down_to_its_last_cone():
    pos = fresh((W, W, W, W, N))
    pos.fire("Pudding Lane", 2)
    stock = pos.s.stock
    pos.s.apply("fire west: Pudding Lane -> Tallow Hall")
    assert pos.s.fire[BOARD.pudding_lane] == 6
    assert pos.s.stock == stock - 2 - 5  # Tallow Hall topped up from 1 to 3, and 5 for Pudding Lane
    check(pos.s)


def test_R3_empty_stock_cones_come_from_pudding_lane_never_its_last():
    """R3: with the stock empty, a top-up takes cones from Pudding Lane (never its last one)."""
    pos = fresh((W, W, W, W, N))
    s = pos.s
    s.put_out = [1, 1, 1, 1]
    s.stock -= 4
    s.fire[d("Pudding Lane")] = 10
    s.stock = 0
    pos.refresh()
    pl_before = s.fire[BOARD.pudding_lane]
    s.apply("fire west: Pudding Lane -> Tallow Hall")  # needs 2 top-up cones
    assert s.fire[d("Tallow Hall")] == 3
    assert s.fire[BOARD.pudding_lane] == pl_before - 1 - 2
    assert s.put_out == [1, 1, 1, 1], "players pay only when the stock and Pudding Lane are both exhausted"
    assert any(e.kind == "cones_from_pudding_lane" and e.data["cones"] == 2 for e in s.events)


def test_R3_stock_and_pudding_lane_exhausted_each_player_returns_a_cone():
    """R3: Pudding Lane down to its last cone and the stock empty: each player holding put-out cones returns one,
    once for each need (the top-up, then Pudding Lane's refill)."""
    pos = fresh((W, W, W, W, N))
    s = pos.s
    s.put_out = [3, 0, 2, 2]
    parked = s.stock - 7
    s.fire[d("Temple")] = 0
    s.stock = 0
    s.fire[BOARD.pudding_lane] = 2
    # park the remaining cones on a burnt-out district far away, conserving all 65
    pos.empty("Holborn")
    s.fire[d("Holborn")] = parked + 23
    pos.refresh()
    check(s, caps=False)
    s.apply("fire west: Pudding Lane -> Tallow Hall")  # Pudding Lane left with 1; Tallow Hall needs 2 more
    returned = [e for e in s.events if e.kind == "cones_returned"]
    assert [e.data["players"] for e in returned] == [[0, 2, 3], [0, 2, 3]]
    assert s.fire[d("Tallow Hall")] == 3
    assert s.put_out == [1, 0, 0, 0]
    # first return: 3 cones, 2 for Tallow Hall, 1 left; refill needs 5: 1 from the stock, then 3 more returned
    assert s.fire[BOARD.pudding_lane] == 1 + 4 and s.stock == 0
    check(s, caps=False)


def test_R3_no_cones_anywhere_top_up_stops_short():
    pos = fresh((W, W, W, W, N))
    s = pos.s
    pos.empty("Holborn")
    s.fire[d("Holborn")] = s.stock + s.fire[BOARD.pudding_lane] - 2
    s.fire[BOARD.pudding_lane] = 2
    s.stock = 0
    pos.refresh()
    check(s, caps=False)
    s.apply("fire west: Pudding Lane -> Tallow Hall")
    assert s.fire[d("Tallow Hall")] == 1 and not s.houses[d("Tallow Hall")]
    assert s.fire[BOARD.pudding_lane] == 1, "nothing to refill Pudding Lane with"
    check(s, caps=False)


def test_R2_pudding_lane_refill_is_retried_at_the_start_of_a_turn():
    """Pudding Lane left at one cone when nothing could refill it is refilled once cones are back in the stock."""
    pos = fresh((W, W, W, W, N))
    s = pos.s
    s.stock += s.fire[BOARD.pudding_lane] - 1
    s.fire[BOARD.pudding_lane] = 1
    pos.refresh()
    s._begin_turn()
    assert s.fire[BOARD.pudding_lane] == 6
    check(s)


def test_R9_fire_reentering_a_burnt_district_tops_up_to_original_size():
    pos = fresh((W, W, W, W, N))
    pos.empty("Tallow Hall").demolish("Voyners Hall").demolish("S. Bennet")
    pos.s.apply("fire west: Pudding Lane -> Tallow Hall")
    assert pos.s.fire[d("Tallow Hall")] == BOARD.size[d("Tallow Hall")]


def test_playing_a_card_not_in_hand_is_illegal():
    pos = fresh((N, N, N, N, E))
    with pytest.raises(IllegalActionError):
        pos.s.apply("fire west: Pudding Lane -> Tallow Hall")
    with pytest.raises(IllegalActionError):
        pos.s.apply("demolish Tallow Hall")


def test_R8_a_move_must_reach_a_new_district():
    pos = fresh((N, N, N, N, E))
    pos.burn("S. Bennet", 3)
    assert not any(t == "S. Bennet" for (_, _, t) in pos.targets())


def test_a_move_that_burns_the_players_own_houses_must_be_played_if_it_is_the_only_one():
    """ "a card which causes a player's own house to be destroyed still counts as a valid move"."""
    pos = fresh((S, S, S, S, S))
    s = pos.s
    p = s.player
    # The only south target from the fire is Billingsgate (via Philpott Lane); fill it with p's colour.
    pos.burn("Philpott Lane", 3)
    s.houses[d("Billingsgate")] = [s.colour[p]] * 3
    pos.refresh()
    assert {t for (_, _, t) in pos.targets("south")} == {"Billingsgate"}
    assert s.phase != P_DISCARD
    s.apply("fire south: Pudding Lane -> Billingsgate")
    assert s.houses[d("Billingsgate")] == []
