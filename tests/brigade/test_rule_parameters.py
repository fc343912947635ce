"""Every Brigade rule parameter reaches the set-up it stands for."""

from __future__ import annotations

from typing import Any

from firebreak.core import get_game
from firebreak.games.brigade import actions as A
from firebreak.games.brigade.state import TOWN_POS, UNIVERSITY_POS, tables

SPEC = get_game("brigade")


def game(rules: dict[str, Any] | None = None) -> Any:
    return SPEC.new_game(3, 4, {"rules": rules} if rules else {})


def test_the_parameters_are_declared() -> None:
    assert {p.name for p in SPEC.parameters} == {
        "university_start_intensity",
        "wagon_start_water",
        "renown_per_player",
        "loyalty_per_player",
        "faction_loyalty_to_win",
        "university_loyalty_to_win",
        "evacuation_destroyed",
        "evacuation_university_destroyed",
        "steal_extra_renown",
        "move_brigade_spaces",
        "upgrades_per_turn",
        "starter_events_drawn",
    }
    assert all(p.quote and p.minimum is not None and p.maximum is not None for p in SPEC.parameters)


def _faction_blocks(s: Any, k: int) -> list[int]:
    """``k`` town blocks of one faction still standing."""
    for aff in range(4):
        blocks = [p for p in TOWN_POS if s.st_aff[p] == aff and not s.destroyed[p]]
        if len(blocks) >= k:
            return blocks[:k]
    raise AssertionError("no faction has enough blocks")


def test_targets_loyalty_of_a_faction() -> None:
    """Two loyal blocks of one faction make a Fire Chief when the target is two, not under the printed five."""
    for target, over in ((5, False), (2, True)):
        s = game({"faction_loyalty_to_win": target})
        for pos in _faction_blocks(s, 2):
            s.loyal[pos] = 0
        assert s._check_chief(0) is over
        assert s.over is over and (s.end_reason == "faction") is over


def test_targets_loyalty_of_the_university() -> None:
    for target, over in ((3, False), (1, True)):
        s = game({"university_loyalty_to_win": target})
        s.loyal[UNIVERSITY_POS[0]] = 1
        assert s._check_chief(1) is over


def test_targets_the_evacuation() -> None:
    """The town is evacuated after as many destroyed blocks (or University blocks) as the rules say."""
    for rules, evacuated in (({}, False), ({"evacuation_destroyed": 2}, True)):
        s = game(rules)
        for pos in _faction_blocks(s, 2):
            s._destroy(pos)
        assert s.evac is evacuated
    for rules, evacuated in (({}, False), ({"evacuation_university_destroyed": 1}, True)):
        s = game(rules)
        s._destroy(UNIVERSITY_POS[0])
        assert s.evac is evacuated


def test_costs_stealing_a_block() -> None:
    """Renown equal to the block's value takes it from another player when stealing costs nothing extra."""
    for extra, taken in ((1, False), (0, True)):
        s = game({"steal_extra_renown": extra})
        pos = _faction_blocks(s, 1)[0]
        s.loyal[pos] = 1
        for _ in range(s.st_value[pos]):
            s._place_renown(0, pos)
        assert (s.loyal[pos] == 0) is taken


def test_limits_the_brigades_move() -> None:
    """A Move Brigade action covers as many spaces as the rules say: one space reaches only the neighbours."""
    near, far = game({"move_brigade_spaces": 1}), game()
    p = near.turn_player
    assert near.bpos[p] == far.bpos[p]
    one, three = set(near.brigade_targets(p)), set(far.brigade_targets(p))
    assert one < three and len(one) <= 8


def test_limits_upgrades_per_turn() -> None:
    for limit, again in ((1, False), (2, True)):
        s = game({"upgrades_per_turn": limit})
        upgrades = [a for a in s.legal_actions() if A.UPGRADE <= a < A.UPGRADE + 3]
        assert upgrades
        s.apply(upgrades[0])
        assert any(A.UPGRADE <= a < A.UPGRADE + 3 for a in s.legal_actions()) is again


def test_deck_starter_events_drawn() -> None:
    """The first player resolves as many starter cards as the rules say; the rest go into the event deck."""
    for k in (3, 1, 0):
        s = game({"starter_events_drawn": k})
        starters = sum(1 for e in s.event_discard if tables().events[e][3])
        assert starters == k
        assert sum(1 for e in s.event_deck if tables().events[e][3]) == 6 - k


def test_university_start_intensity() -> None:
    base, hotter = game(), game({"university_start_intensity": 3})
    assert [hotter.intensity[p] - base.intensity[p] for p in UNIVERSITY_POS] == [1, 1, 1, 1]


def test_wagon_start_water() -> None:
    assert game().ww == [2, 2, 2] and game({"wagon_start_water": 0}).ww == [0, 0, 0]


def test_tokens_per_player() -> None:
    s = game({"renown_per_player": 5, "loyalty_per_player": 4})
    assert s.renown_left == [5, 5, 5] and s.loyalty_left == [4, 4, 4]
    assert game().renown_left == [16, 16, 16]


def test_the_terminal_counts_destroyed_blocks_against_the_variants_evacuation() -> None:
    assert "of 8 blocks (0 of 3 University)" in SPEC.render(game().view(0))
    changed = SPEC.render(game({"evacuation_destroyed": 6, "evacuation_university_destroyed": 2}).view(0))
    assert "of 6 blocks (0 of 2 University)" in changed
