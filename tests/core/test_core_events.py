"""Per-player event filtering (core/events.py): a private event reaches its seat only."""

from firebreak.core import Event, filter_events
from toygame.helpers import play_random


def test_a_drawn_card_is_seen_by_its_drawer_only(toy):
    state = toy.new_game(3, 6)
    state.apply(state.legal_actions()[0])  # P0 plays a card and draws one
    private = [e for e in state.events if e.kind == "draw"]
    assert len(private) == 1 and private[0].visible_to == (0,)
    assert private[0] in state.events_for(0)
    assert private[0] not in state.events_for(1)
    assert private[0] not in state.events_for(2)
    assert private[0] not in state.events_for(None)
    public = [e for e in state.events if e.kind == "draw_hidden"]
    assert all(public[0] in state.events_for(p) for p in (0, 1, 2, None))


def test_no_seat_ever_sees_another_seats_draw(toy):
    state = play_random(toy.new_game(3, 12), seed=4)
    for viewer in (0, 1, 2, None):
        for e in state.events_for(viewer):
            if e.kind == "draw":
                assert e.data["player"] == viewer
    spectator = state.events_for(None)
    assert all(e.visible_to is None for e in spectator)
    # each seat's log is the public log plus its own private events, in order
    for seat in range(3):
        mine = state.events_for(seat)
        assert [e for e in mine if e.visible_to is None] == spectator


def test_filter_events_and_json_round_trip():
    events = [Event("a", {"x": 1}), Event("b", {"y": [1, 2]}, (1,)), Event("c", {}, (0, 2))]
    assert filter_events(events, None) == [events[0]]
    assert filter_events(events, 2) == [events[0], events[2]]
    assert [Event.from_json(e.to_json()) for e in events] == events


def test_view_hides_other_hands_unless_open(toy):
    state = toy.new_game(2, 3)
    view = state.view(1)
    assert "hands" not in view and len(view["hand"]) == 3
    spectator = state.view(None)
    assert "hand" not in spectator and "hands" not in spectator
    opened = toy.new_game(2, 3, {"open_hands": True})
    assert len(opened.view(None)["hands"]) == 2


def test_fast_built_events_are_ordinary_frozen_events():
    import dataclasses

    import pytest

    from firebreak.core.events import make_event

    fast = make_event("b", {"y": [1, 2]}, (1,))
    assert (
        type(fast) is Event
        and fast == Event("b", {"y": [1, 2]}, (1,))
        and repr(fast) == repr(Event("b", {"y": [1, 2]}, (1,)))
    )
    assert Event.from_json(fast.to_json()) == fast
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.kind = "c"  # type: ignore[misc]
