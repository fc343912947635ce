"""The Brigade's log as players read it: the sentences of docs' examples, players named by colour and seat."""

from __future__ import annotations

from firebreak.core import Event
from firebreak.core.text import capitalise

from .helpers import A, P, new, place_block, quiet, refresh


def _said(s, start: int) -> list[str]:
    return [s.describe_event(e) for e in s.events[start:]]


def test_set_up_names_every_seat_and_says_wardens_are_not_used_in_basic_play() -> None:
    s = new(3, 0)
    # seats named as everywhere else ("White (P0)"), not "P0 White"
    assert s.describe_event(s.events[0]) == (
        "Set-up: White (P0), Black (P1) and Pink (P2). Wardens are not used in basic play."
    )
    assert [s.player_name(p) for p in range(3)] == ["White (P0)", "Black (P1)", "Pink (P2)"]


def test_advanced_set_up_names_each_players_dealt_colour_and_warden() -> None:
    s = new(2, 3, advanced=True)
    text = s.describe_event(s.events[0])
    first, second = s.player_name(0), s.player_name(1)
    assert text.startswith(f"Set-up: {first} and {second}. Advanced play: {first} has ")
    for p in range(2):
        assert s.player_name(p).endswith(f"(P{p})")


def test_moves_loyalty_and_fire_name_the_actor_and_full_block_names() -> None:
    s = quiet(keep_fire="A2")
    place_block(s, "Town Hall", "B3")
    place_block(s, "Tinderbox Henchman's Lodgehouse", "B2")
    refresh(s)
    start = len(s.events)
    s.apply(A.MOVE_BRIGADE + P("B2"))
    assert _said(s, start) == ["White (P0) moves their Brigade to Tinderbox Henchman's Lodgehouse (B2)."]
    s.renown[P("B3") * 4] = 1
    s.renown_left[0] -= 1
    start = len(s.events)
    s._place_renown(0, P("B3"))
    assert _said(s, start) == ["White (P0) places a Loyalty marker on Town Hall (B3)."]
    s.renown[P("B3") * 4 + 1] = 2
    start = len(s.events)
    s._place_renown(1, P("B3"))
    assert _said(s, start) == ["Black (P1) places a Loyalty marker on Town Hall (B3), taking it from White (P0)."]


def test_fighting_fire_says_the_water_and_the_renown_with_right_plurals() -> None:
    s = quiet(keep_fire="A2")
    s.intensity[P("A2")] = 2
    s.bpos[0] = P("A2")
    refresh(s)
    name = s.st_name[P("A2")]
    start = len(s.events)
    s.apply(A.EXTINGUISH + 1 * A.EXT_W)
    assert _said(s, start) == [
        f"White (P0) fights the fire on {name} (A2) with 1 water token from the Brigade.",
        f"White (P0) lowers the fire on {name} (A2) to intensity 1; it still burns, so no renown.",
    ]
    start = len(s.events)
    s.apply(A.EXTINGUISH + 1 * A.EXT_W)
    assert _said(s, start)[-1] == f"White (P0) puts out the fire on {name} (A2) and earns 1 renown token."


def test_every_kind_of_event_has_its_own_sentence() -> None:
    """No event falls back to its bare kind ("Sir precious drawn.")."""
    import random

    from firebreak.core import get_game

    kinds: set[str] = set()
    for seed, opts in enumerate(
        ({}, {"advanced": True, "addon_pack": True, "big_buildings": True, "fire_festival": True})
    ):
        for g in range(6):
            s = get_game("brigade").new_game(4, seed * 10 + g, opts)
            rng = random.Random(g)
            while not s.is_terminal():
                s.apply(rng.choice(s.legal_actions()))
            for e in s.events:
                text = s.describe_event(e)
                kinds.add(e.kind)
                assert text != capitalise(e.kind.replace("_", " ")) + ".", e
                assert text[-1] in ".?" and "  " not in text, text
    assert {"setup", "event", "turn", "action", "choice", "loyalty", "game_over"} <= kinds


def test_an_unknown_event_still_reads_as_a_sentence() -> None:
    s = new(2, 0)
    assert s.describe_event(Event("something_new", {})) == "Something new."
