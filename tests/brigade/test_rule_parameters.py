"""Every Brigade rule parameter reaches the set-up it stands for."""

from __future__ import annotations

import random
from typing import Any

import pytest

from firebreak.core import get_game
from firebreak.core.variant import VariantError, parse_variant
from firebreak.games.brigade import actions as A
from firebreak.games.brigade.data import SPECIAL_EVENTS
from firebreak.games.brigade.parameters import SPECIAL_CARD_PARAMETERS, TRACK_KEYS
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
        "university_flame_track",
        "town_flame_track_change",
        *SPECIAL_CARD_PARAMETERS,
        "wind_gust_cards_per_direction",
        "recruit_cards_drawn",
        "leadership_bonus_actions",
        "renown_per_level",
        "warden_water",
        "water_per_level",
        "destroyed_block_extra_movement",
        "citizens_loyalty_per_affiliation",
        *(f"{track}_circle_{i}" for track in TRACK_KEYS for i in range(1, 6)),
        "water_tokens",
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


def test_flame_tracks_are_as_long_as_the_rules_say() -> None:
    """Every town block's track is the printed one plus the change (at least one space); the University's is the
    rule's length. The view, the terminal and the board drawing read the same tracks."""
    base = game()
    shorter = game({"town_flame_track_change": -2, "university_flame_track": 4})
    assert base.st_aff == shorter.st_aff and base.st_value == shorter.st_value  # the same town, dealt alike
    assert [shorter.st_track[p] for p in TOWN_POS] == [max(1, base.st_track[p] - 2) for p in TOWN_POS]
    assert [base.st_track[p] for p in UNIVERSITY_POS] == [6] * 4
    assert [shorter.st_track[p] for p in UNIVERSITY_POS] == [4] * 4
    assert [c["track"] for c in shorter.view(0)["board"]] == list(shorter.st_track)
    svg = SPEC.svg(shorter.view(0), [])
    assert "intensity 2 of 4" in svg and "intensity 2 of 6" not in svg
    longer = game({"town_flame_track_change": 3})
    assert [longer.st_track[p] for p in TOWN_POS] == [base.st_track[p] + 3 for p in TOWN_POS]


def test_a_shorter_town_track_destroys_a_block_sooner() -> None:
    """A block burning at the last space of its track is destroyed by one more fire; one space shorter, the fire
    that the printed track survives destroys it."""
    for change, destroyed in ((0, False), (-1, True)):
        s = game({"town_flame_track_change": change})
        pos = next(p for p in TOWN_POS if s.st_track[p] == 3 + change and not s.intensity[p] and p not in s.bpos)
        s.intensity[pos] = 2
        s._increase(pos, 1, force=True)
        assert bool(s.destroyed[pos]) is destroyed


def test_a_shorter_university_track_evacuates_the_town() -> None:
    """With the University's track as long as its starting intensity, one fireball on each of three University
    blocks destroys them and the town is evacuated; on the printed track of six they only burn hotter."""
    for track, evacuated in ((6, False), (2, True)):
        s = game({"university_flame_track": track})
        for pos in UNIVERSITY_POS[:3]:
            s._increase(pos, 1, force=True)
        assert s.evac is evacuated
        assert s.n_univ_destroyed == (3 if evacuated else 0)


def test_a_university_track_shorter_than_its_starting_fire_is_refused() -> None:
    with pytest.raises(VariantError) as info:
        parse_variant("game: brigade\nname: Short\nrules: {university_flame_track: 2, university_start_intensity: 3}\n")
    assert info.value.problems == [
        "with 2 players: rules.university_start_intensity (3) is past the end of rules.university_flame_track (2): "
        "the University would start destroyed"
    ]


def _specials(ids: list[int]) -> dict[str, int]:
    events = tables().events
    return {name: sum(1 for e in ids if events[e][2] == name) for name in SPECIAL_EVENTS}


@pytest.mark.parametrize("name,event", list(zip(SPECIAL_CARD_PARAMETERS, SPECIAL_EVENTS)))
def test_the_special_event_mix(name: str, event: str) -> None:
    """Each special event is in the deck as many times as the rules say (once, printed), the others unchanged."""
    printed = game()
    assert _specials(printed.event_deck) == dict.fromkeys(SPECIAL_EVENTS, 1)
    for copies in (0, 3):
        s = game({name: copies})
        assert _specials(s.event_deck) == {**dict.fromkeys(SPECIAL_EVENTS, 1), event: copies}
        assert len(s.event_deck) == len(printed.event_deck) + copies - 1


def test_a_special_taken_out_never_comes_up_and_copies_come_round_again() -> None:
    """Played to the end, a game without Refill all Brigades never draws it, even after the deck is reshuffled;
    with five copies it comes up again and again."""
    drawn: dict[int, list[str]] = {}
    for copies in (0, 5):
        s = game({"refill_all_brigades_cards": copies})
        r = random.Random(7)
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
        drawn[copies] = [e.data["card"] for e in s.events if e.kind == "event"]
    assert "Refill all Brigades" not in drawn[0]
    assert drawn[5].count("Refill all Brigades") >= 2


def test_wind_gusts_per_direction() -> None:
    """The event deck holds as many Wind Gusts each way as the rules say (two printed); none: the wind never blows."""
    events = tables().events

    def gusts(s: Any) -> dict[str, int]:
        names = [events[e][2] for e in s.event_deck if events[e][2].startswith("Wind Gust")]
        return {d: names.count(f"Wind Gust {d.lower()}") for d in ("North", "East", "South", "West")}

    printed = game()
    assert gusts(printed) == dict.fromkeys(("North", "East", "South", "West"), 2)
    assert gusts(game({"wind_gust_cards_per_direction": 3})) == dict.fromkeys(("North", "East", "South", "West"), 3)
    calm = game({"wind_gust_cards_per_direction": 0})
    assert len(calm.event_deck) == len(printed.event_deck) - 8
    r = random.Random(3)
    while not calm.is_terminal():
        calm.apply(r.choice(calm.legal_actions()))
    assert not [e for e in calm.events if e.kind == "event" and e.data["card"].startswith("Wind Gust")]


def test_recruit_cards_drawn() -> None:
    """A Recruit action draws two Crew cards to choose from; drawing one, the player keeps it or not."""
    for draws, keeps in ((2, [A.KEEP_FIRST, A.KEEP_SECOND, A.KEEP_NONE]), (1, [A.KEEP_FIRST, A.KEEP_NONE])):
        s = game({"recruit_cards_drawn": draws})
        p = s.turn_player
        s.tracks[3 * p] = 1  # room for one Crew member
        s._advance()  # the menu asked afresh after the change above
        s.apply(A.RECRUIT)
        assert len(s.drawn) == draws
        assert s.legal_actions() == keeps


def test_leadership_bonus_actions() -> None:
    """Completing the Leadership track gives the rule's bonus actions this turn (two printed)."""
    for bonus in (2, 0, 4):
        s = game({"leadership_bonus_actions": bonus})
        p = s.turn_player
        last = tables().track_last[2]
        s.tracks[3 * p + 2] = last - 1
        before = s.remaining()
        s._advance_track(p, 2)
        assert s.bonus[p] == bonus
        assert s.remaining() - before == bonus + tables().tracks[2][last] - tables().tracks[2][last - 1]


PRINTED_TRACKS = {"crew_members": [0, 1, 1, 2, 3], "wagon_capacity": [2, 3, 4, 5, 6], "leadership": [4, 4, 5, 5, 6]}
"""The firehouse board's tracks, each circle's value (side 1, brigade.yaml: crew 0-3, wagon 2-6, leadership 4-6)."""


def test_the_firehouse_tracks_default_to_the_board() -> None:
    rules = game().rules
    for track, values in PRINTED_TRACKS.items():
        assert [getattr(rules, f"{track}_circle_{i}") for i in range(1, 6)] == values
    assert game().track_values == tuple(tuple(v) for v in PRINTED_TRACKS.values())


def test_the_leadership_track_gives_the_actions_of_a_turn() -> None:
    """The first circle's value is the actions of a turn; an upgrade to a circle worth more adds an action that
    same turn, and the Upgrade choice and the view show the circle's value."""
    fewer = game({"leadership_circle_1": 3})
    assert fewer.actions_allowed() == 3 and game().actions_allowed() == 4
    s = game({"leadership_circle_2": 5})
    p = s.turn_player
    before = s.remaining()
    note = next(c.note for c in s.action_choices() if c.action == A.UPGRADE + 2)
    assert note == "circle 2 of 5, value 5"
    s.apply(A.UPGRADE + 2)
    assert s.remaining() == before - 1 + 1  # the Upgrade costs an action, circle 2 gives one back
    assert s.view(p)["players"][p]["tracks"]["leadership"] == {"circle": 2, "of": 5, "value": 5}
    printed = game()
    printed.apply(A.UPGRADE + 2)
    assert printed.remaining() == before - 1


def test_the_wagon_capacity_track_is_what_the_wagon_holds() -> None:
    """With room for three on the first circle, the Wagon at the Firehouse may be refilled to three at once;
    as printed (two) it is already full."""
    s = game({"wagon_capacity_circle_1": 3})
    p = s.turn_player
    assert s.wagon_cap(p) == 3 and A.REFILL_BOTH in s.legal_actions()
    s.apply(A.REFILL_BOTH)
    assert s.ww[p] == 3
    assert A.REFILL_BOTH not in game().legal_actions()


def test_the_crew_members_track_is_the_crew_a_brigade_may_have() -> None:
    """Room for one Crew member on the first circle: Recruit is offered from the first turn (printed: none)."""
    assert A.RECRUIT in game({"crew_members_circle_1": 1}).legal_actions()
    assert A.RECRUIT not in game().legal_actions()


def test_the_encoders_read_the_variants_tracks() -> None:
    """The seat's track value the learning encoders write (from the view, the state and the compiled writer) is
    the variant's circle's value / 5."""
    import numpy

    from firebreak.core.encoding import observation_encoder

    rules = {"wagon_capacity_circle_1": 3, "leadership_circle_1": 3}
    s = game(rules)
    p = s.turn_player
    encoder = observation_encoder(SPEC, 3, {"rules": rules})
    at = encoder.offsets()["seat[0].tracks"]
    out = numpy.zeros(encoder.size, dtype=numpy.float32)
    encoder.writer()(s, p, out)
    for values in (encoder.encode(s.view(p), p), encoder.encode_state(s, p), out):
        assert abs(values[at + 3] - 3 / 5) < 1e-6 and abs(values[at + 5] - 3 / 5) < 1e-6


@pytest.mark.parametrize(
    "rules,problem",
    [
        (
            {"leadership_circle_3": 3},
            "rules.leadership_circle_3 (3) is less than rules.leadership_circle_2 (4): an Upgrade never lowers a track",
        ),
        (
            {"wagon_capacity_circle_1": 1},
            "rules.wagon_start_water (2) is more than rules.wagon_capacity_circle_1 (1): the Wagon could not carry "
            "its starting water",
        ),
    ],
)
def test_tracks_that_cannot_be_played_are_refused(rules: dict[str, int], problem: str) -> None:
    text = "game: brigade\nname: Odd\nrules: {" + ", ".join(f"{k}: {v}" for k, v in rules.items()) + "}\n"
    with pytest.raises(VariantError) as info:
        parse_variant(text)
    assert info.value.problems == [f"with 2 players: {problem}"]


def test_water_tokens_is_the_supply_refills_draw_from() -> None:
    """With 13 water tokens in the box and 12 on the table (three players' Brigades and Wagons), a Refill finds
    one token; with none left, no Refill is offered. Fewer tokens than the players start with are refused."""
    s = game({"water_tokens": 13, "wagon_capacity_circle_1": 3})
    p = s.turn_player
    assert s.water_supply() == 1 and game().water_supply() == 40 - 12
    s.apply(A.REFILL_BOTH)
    assert s.ww[p] == 3 and s.water_supply() == 0
    assert not {A.REFILL_BOTH, A.REFILL_BRIGADE, A.REFILL_WAGON} & set(s.legal_actions())
    with pytest.raises(VariantError) as info:
        parse_variant("game: brigade\nname: Dry\nplayers: 4\nrules: {water_tokens: 15}\n")
    assert info.value.problems == [
        "with 4 players: rules.water_tokens (15) is fewer than the 16 water tokens the players start with"
    ]


def test_the_example_variant_raises_the_leadership_track_sooner() -> None:
    """examples/variants/brigade-quick-leadership.yaml: its first Upgrade of Leadership gives a fifth action."""
    from pathlib import Path

    from firebreak.core.variant import load_variant

    v = load_variant(Path(__file__).resolve().parents[2] / "examples" / "variants" / "brigade-quick-leadership.yaml")
    s = SPEC.new_game(3, 4, v.game_options())
    assert s.track_values[2] == (4, 5, 5, 6, 6)
    p = s.turn_player
    s.apply(A.UPGRADE + 2)
    assert s.leadership(p) == 5


@pytest.mark.parametrize("per_level", [0, 1, 2])
def test_renown_per_level_put_out(per_level: int) -> None:
    """Putting out an intensity 3 fire earns three renown tokens a level at the printed rule, as many as the rules
    say otherwise, and none at 0 (the log says so)."""
    s = game({"renown_per_level": per_level} if per_level != 1 else None)
    p = s.turn_player
    pos = _faction_blocks(s, 1)[0]
    s.bpos[p], s.intensity[pos], s.wb[p] = pos, 3, 3
    s._extinguish(p, 3, 0)
    assert s.intensity[pos] == 0
    frames = [f for f in s.stack if f[0] == 1]  # F_RENOWN
    assert sum(f[2] for f in frames) == 3 * per_level
    said = s.describe_event(next(e for e in reversed(s.events) if e.kind == "extinguished"))
    assert said.endswith(f"earns {3 * per_level} renown tokens." if per_level else "earns no renown.")


def test_warden_water_is_the_brigades_water_and_capacity_without_crew() -> None:
    """One water on the Warden card: each Brigade starts with one, holds one, and the encoders write capacity 1."""
    import numpy

    from firebreak.core.encoding import observation_encoder

    for options in ({}, {"advanced": True}):
        s = SPEC.new_game(3, 4, {**options, "rules": {"warden_water": 1}})
        p = s.turn_player
        assert s.wb == [1, 1, 1] and s.brigade_cap(p) == 1 and s.view(p)["players"][p]["brigade_capacity"] == 1
        encoder = observation_encoder(SPEC, 3, {**options, "rules": {"warden_water": 1}})
        at = encoder.offsets()["seat[0].brigade_water"]
        out = numpy.zeros(encoder.size, dtype=numpy.float32)
        encoder.writer()(s, p, out)
        for values in (encoder.encode(s.view(p), p), encoder.encode_state(s, p), out):
            assert abs(values[at] - 1 / 5) < 1e-6 and abs(values[at + 1] - 1 / 5) < 1e-6
    assert game().wb == [2, 2, 2]


def test_warden_water_is_bounded_by_the_action_space() -> None:
    """A Brigade never holds more water than an Extinguish action can spend: the Warden card's water stops at 2."""
    with pytest.raises(Exception, match=r"rules\.warden_water must be between 0 and 2, not 3"):
        game({"warden_water": 3})


def _extinguish_spends(s: Any, p: int) -> list[int]:
    """The water amounts the Action menu offers to spend on the Brigade's block."""
    menu = s._main_menu(0) or []
    return sorted(sum(divmod(a - A.EXTINGUISH, A.EXT_W)) for a in menu if A.EXTINGUISH <= a < A.REFILL_BRIGADE)


@pytest.mark.parametrize(("per_level", "offered", "spent", "left"), [(1, [1, 2, 3], 2, 1), (2, [2, 4, 6], 4, 1)])
def test_water_per_level(per_level: int, offered: list[int], spent: int, left: int) -> None:
    """An intensity 3 fire takes three water a level at the printed rule and six at two a level: the menu offers
    whole levels and the fire put out, and spending lowers the fire by a level per so many tokens."""
    s = game({"water_per_level": per_level} if per_level != 1 else None)
    p = s.turn_player
    pos = _faction_blocks(s, 1)[0]
    s.bpos[p], s.intensity[pos], s.wb[p] = pos, 3, 6
    assert _extinguish_spends(s, p) == offered
    s._extinguish(p, spent, 0)
    assert s.intensity[pos] == left
    s._extinguish(p, per_level, 0)
    # the last level, put out by this action, earns its renown token
    assert s.intensity[pos] == 0 and any(f[0] == 1 and f[2] == 1 for f in s.stack)


@pytest.mark.parametrize(
    ("spaces", "extra", "beyond"), [(3, 1, True), (3, 2, False), (2, 1, False), (2, 0, True), (3, None, True)]
)
def test_destroyed_block_extra_movement(spaces: int, extra: int | None, beyond: bool) -> None:
    """A Brigade ringed by destroyed blocks gets past them only if its movement covers entering one (1 plus the
    extra) and one more step; it never ends its move on one. ``None``: the printed rule, from the defaults."""
    from firebreak.games.brigade.tables import NB8

    rules: dict[str, int] = {"move_brigade_spaces": spaces}
    if extra is not None:
        rules["destroyed_block_extra_movement"] = extra
    s = game(rules if rules != {"move_brigade_spaces": 3} else None)
    p = s.turn_player
    src = next(q for q in TOWN_POS if len(NB8[q]) == 8 and q not in s.bpos[:p] + s.bpos[p + 1 :])
    s.bpos[p] = src
    s.intensity = [0] * len(s.intensity)
    for q in NB8[src]:
        s.destroyed[q] = 1
    targets = s.brigade_targets(p)
    assert bool(targets) is beyond
    assert not any(s.destroyed[q] for q in targets)
    menu = s._main_menu(0) or []
    assert [a - A.MOVE_BRIGADE for a in menu if A.MOVE_BRIGADE <= a < A.MOVE_WAGON] == targets


@pytest.mark.parametrize("needed", [1, 2])
def test_citizens_loyalty_per_affiliation(needed: int) -> None:
    """One loyal block of each of the five affiliations makes a Fire Chief at the printed rule; at two each it
    takes a second of each."""
    s = game({"citizens_loyalty_per_affiliation": needed} if needed != 1 else None)
    p = s.turn_player
    for round_ in range(needed):
        for aff in range(5):
            pos = next(q for q in range(len(s.st_aff)) if s.st_aff[q] == aff and s.loyal[q] < 0 and not s.destroyed[q])
            s.loyal[pos] = p
        assert s._check_chief(p) is (round_ == needed - 1)
    assert s.end_reason == "citizens" and s.winner == p
