"""Game clocks: none, seconds per turn, or a total per player with an increment (Fischer).

A clock runs for the seat to act while a person holds it (a bot's thinking is not timed). When it runs out the
seat is handed to a bot (:data:`TIMEOUT_BOT`) so the game goes on; the player takes the seat back from the page
(with :data:`GRACE` seconds if the total was spent). The same sweep hands the seat to act to a bot when its player
has been away for the game's ``takeover_after`` seconds.

The clock's state lives in the database (``clocks`` table: the seconds banked per seat, which seat's clock runs,
since when, and its deadline), written whenever a clock starts or stops; nothing is a timer in memory. After a
restart the games with a running clock are loaded; the time no server ran was given back to their clocks first
(:mod:`.uptime`), so a deadline fires only once the player has had their time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import errors as E

if TYPE_CHECKING:
    from .uptime import Outages

MODES = ("none", "turn", "total")
"""No clock; ``seconds`` per turn; ``seconds`` in total per player plus ``increment`` after each turn."""

MIN_SECONDS = 1
MAX_SECONDS = {"turn": 7 * 24 * 3600, "total": 30 * 24 * 3600}
"""Bounds of a clock's seconds: a turn of at most a week, a total of at most 30 days."""

MAX_INCREMENT = 24 * 3600
"""The largest increment (a day, in seconds)."""

TIMEOUT_BOT = "greedy"
"""The bot that plays a seat whose time ran out (or whose player is away): quick, and plays sensibly."""

GRACE = 60
"""Seconds given back to a player who takes back a seat whose total ran out (at most the game's total)."""

SWEEP = 1.0
"""The longest wait (seconds) between two looks at this process's games; a clock about to fall is looked at when
it falls (not before: a server's loop woken every fraction of a second slowed its bots' answers)."""

SWEEP_MIN = 0.02
"""The shortest wait between two looks (a deadline just past is handled on the next)."""


def _whole(name: str, value: object) -> int:
    """A clock's number of seconds from a request: a whole number, else a 422 that names it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise E.ApiError(422, "bad_clock", f"clock {name} must be a whole number of seconds, not {value!r}")
    return value


@dataclass
class Clock:
    """One game's clock. ``remaining``: seconds banked per seat (total mode; in turn mode the turn's seconds);
    ``running``: the seat whose clock runs (None: none runs), since ``started`` (epoch seconds)."""

    mode: str
    seconds: int
    increment: int
    remaining: list[float] = field(default_factory=list)
    running: int | None = None
    started: float | None = None

    @staticmethod
    def from_request(raw: Any, num_players: int) -> "Clock | None":
        """Validate a clock asked for at creation (``{"mode", "seconds", "increment"}``); 422 in words."""
        if raw is None:
            return None
        if not isinstance(raw, dict):
            raise E.ApiError(422, "bad_clock", "clock must be an object with a mode, seconds and an increment")
        mode = raw.get("mode", "none")
        if mode not in MODES:
            raise E.ApiError(422, "bad_clock", f"clock mode must be one of {', '.join(MODES)}, not {mode!r}")
        if mode == "none":
            return None
        seconds, increment = _whole("seconds", raw.get("seconds")), _whole("increment", raw.get("increment", 0))
        top = MAX_SECONDS[mode]
        if not MIN_SECONDS <= seconds <= top:
            raise E.ApiError(
                422,
                "bad_clock",
                f"clock seconds must be between {MIN_SECONDS} and {top} ({top // 86400} days), not {seconds}",
            )
        if mode == "turn" and increment:
            raise E.ApiError(422, "bad_clock", "a clock of seconds per turn has no increment (set it to 0)")
        if not 0 <= increment <= MAX_INCREMENT:
            raise E.ApiError(
                422,
                "bad_clock",
                f"clock increment must be between 0 and {MAX_INCREMENT} seconds (a day), not {increment}",
            )
        return Clock(mode, seconds, increment, [float(seconds)] * num_players)

    # --- reading ------------------------------------------------------------------------------------------
    def budget(self, seat: int) -> float:
        return float(self.seconds) if self.mode == "turn" else self.remaining[seat]

    def deadline(self) -> float | None:
        if self.running is None or self.started is None:
            return None
        return self.started + self.budget(self.running)

    def left(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left now (its clock need not run)."""
        base = self.budget(seat)
        if seat == self.running and self.started is not None:
            base -= now - self.started
        return max(0.0, base)

    def to_json(self, now: float) -> dict[str, Any]:
        """What every page shows (public: times only): the seconds left per seat and whose clock runs."""
        return {
            "mode": self.mode,
            "seconds": self.seconds,
            "increment": self.increment,
            "running": self.running,
            "left": [round(self.left(s, now), 2) for s in range(len(self.remaining))],
        }

    # --- changing -----------------------------------------------------------------------------------------
    def run_for(self, seat: int | None, now: float) -> bool:
        """Make ``seat``'s clock the running one (None: stop); the seat that stops is charged its time (plus the
        increment in total mode). Returns whether anything changed."""
        if seat == self.running:
            return False
        if self.running is not None and self.started is not None and self.mode == "total":
            spent = now - self.started
            self.remaining[self.running] = max(0.0, self.remaining[self.running] - spent) + self.increment
        self.running, self.started = seat, (now if seat is not None else None)
        return True

    def time_out(self, seat: int) -> None:
        """``seat`` ran out: its clock stops with nothing left (no increment)."""
        if self.mode == "total":
            self.remaining[seat] = 0.0
        if self.running == seat:
            self.running, self.started = None, None

    def give_back(self, seat: int) -> None:
        """A player takes their seat back: a spent total is topped up to :data:`GRACE` seconds (at most the
        game's total), so the clock does not fall again at once."""
        if self.mode == "total" and self.remaining[seat] < min(GRACE, self.seconds):
            self.remaining[seat] = float(min(GRACE, self.seconds))

    # --- storing ------------------------------------------------------------------------------------------
    def row(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "seconds": self.seconds,
            "increment": self.increment,
            "remaining": list(self.remaining),
            "running": self.running,
            "started": self.started,
            "deadline": self.deadline(),
        }

    @staticmethod
    def from_row(r: Any) -> "Clock":
        return Clock(
            r["mode"], r["seconds"], r["increment"], [float(x) for x in r["remaining"]], r["running"], r["started"]
        )


def should_run(live: Any) -> int | None:
    """The seat whose clock should run: the seat to act, while a person holds it."""
    state = live.state
    if state.is_terminal():
        return None
    seat = state.current_player()
    return seat if live.seats[seat].kind == "human" else None


def away(live: Any, seat: int, now: float, outages: Outages | None = None) -> float:
    """Seconds ``seat``'s player has been away (since last seen, else since the game was made), not counting
    the time no server ran (``outages``): nobody could come back then."""
    last = max(live.seats[seat].last_seen or 0.0, live.row.created_at)
    return now - last - (outages.within(last, now) if outages is not None else 0.0)


def overdue(live: Any, now: float, outages: Outages | None = None) -> tuple[int, str] | None:
    """(seat, why) if the seat to act should go to a bot now: its clock ran out, or its player has been away
    for the game's ``takeover_after`` seconds (:func:`away`). None otherwise. (A clock does not run while no
    server does: the time of an outage is given back to it at the next start, see :mod:`.uptime`.)"""
    state = live.state
    if state.is_terminal():
        return None
    seat = state.current_player()
    if live.seats[seat].kind != "human":
        return None
    clock = live.clock
    if clock is not None and clock.running == seat:
        deadline = clock.deadline()
        if deadline is not None and now >= deadline:
            return seat, "time"
    limit = live.row.takeover_after
    if limit > 0 and seat not in live.connected_seats() and away(live, seat, now, outages) >= limit:
        return seat, "away"
    return None
