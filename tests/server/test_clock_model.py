"""The clock's arithmetic on fake time: who runs, the increment, a time-out, the seconds given back, and when the
seat to act is overdue (its clock fell, or its player is away for ``takeover_after``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from firebreak.core import get_game
from firebreak.server.clocks import GRACE, Clock, overdue, should_run
from firebreak.server.errors import ApiError
from firebreak.server.uptime import Outages


def test_a_total_clock_charges_the_seat_that_stops_and_adds_the_increment() -> None:
    c = Clock.from_request({"mode": "total", "seconds": 100, "increment": 5}, 3)
    assert c.run_for(0, 1000.0) and c.deadline() == 1100.0
    assert not c.run_for(0, 1010.0)  # the same seat again: nothing changes
    assert c.left(0, 1030.0) == 70.0
    c.run_for(1, 1030.0)
    assert c.remaining[0] == 75.0 and c.running == 1 and c.deadline() == 1130.0
    c.run_for(None, 1040.0)
    assert c.remaining[1] == 95.0 and c.deadline() is None
    j = c.to_json(1040.0)
    assert j == {"mode": "total", "seconds": 100, "increment": 5, "running": None, "left": [75.0, 95.0, 100.0]}


def test_a_turn_clock_starts_afresh_each_turn_and_a_timeout_gives_back_grace() -> None:
    c = Clock.from_request({"mode": "turn", "seconds": 30}, 2)
    c.run_for(0, 0.0)
    c.run_for(1, 25.0)
    assert c.deadline() == 55.0 and c.left(0, 40.0) == 30.0
    t = Clock.from_request({"mode": "total", "seconds": 300}, 2)
    t.run_for(0, 0.0)
    t.time_out(0)
    assert t.remaining[0] == 0.0 and t.running is None
    t.give_back(0)
    assert t.remaining[0] == GRACE
    short = Clock.from_request({"mode": "total", "seconds": 2}, 2)
    short.time_out(1)
    short.give_back(1)
    assert short.remaining[1] == 2.0  # never more than the game's own total
    assert Clock.from_row({**t.row(), "game_id": "x"}) == t


@pytest.mark.parametrize(
    "raw",
    [
        {"mode": "total", "seconds": True},
        {"mode": "turn", "seconds": 10**7},
        "fast",
        {"mode": "total", "seconds": 5, "increment": 10**6},
    ],
)
def test_bad_clocks_are_refused(raw) -> None:
    with pytest.raises(ApiError) as exc:
        Clock.from_request(raw, 2)
    assert exc.value.status == 422 and exc.value.code == "bad_clock"


def test_the_seat_to_act_is_overdue_when_its_clock_falls_or_its_player_is_away() -> None:
    state = get_game("catan").new_game(3, 1)
    seat = state.current_player()
    seats = [SimpleNamespace(kind="human", last_seen=None) for _ in range(3)]
    live = SimpleNamespace(
        state=state,
        seats=seats,
        clock=Clock.from_request({"mode": "turn", "seconds": 10}, 3),
        row=SimpleNamespace(takeover_after=0, created_at=0.0),
        connected_seats=lambda: set(),
    )
    assert should_run(live) == seat
    live.clock.run_for(seat, 0.0)
    assert overdue(live, 9.9) is None and overdue(live, 10.0) == (seat, "time")
    live.clock = None
    live.row.takeover_after = 60
    assert overdue(live, 59.0) is None and overdue(live, 60.0) == (seat, "away")
    # the time no server ran is not absence: an outage of 100 s from 30 s on puts the takeover at 160 s
    down = Outages([(30.0, 130.0)])
    assert overdue(live, 159.0, down) is None and overdue(live, 160.0, down) == (seat, "away")
    assert Outages([(5.0, 10.0), (20.0, 30.0), (50.0, 60.0)]).within(8.0, 55.0) == 2 + 10 + 5
    live.connected_seats = lambda: {seat}
    assert overdue(live, 600.0) is None  # here: never away
    seats[seat].kind = "bot"
    assert should_run(live) is None and overdue(live, 600.0) is None
