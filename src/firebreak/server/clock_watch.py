"""The clocks at work: the sweep that hands to a bot the seat whose time ran out or whose player is away too
long, a player handing an absent player's seat to a bot, and taking a seat back (the rules of a clock are
:mod:`.clocks`)."""

from __future__ import annotations

import asyncio
import logging
import time

from . import clocks
from . import errors as E
from .bot_play import BotLoop
from .cache import LiveGame, LiveGames
from .turns import Turns

log = logging.getLogger(__name__)


class ClockWatch:
    """Who plays a seat as time passes. Exists so the sweep and the hand-overs between people and bots share one
    set of checks (rechecked under the game's lock, after catching up), apart from the moves themselves."""

    def __init__(self, cache: LiveGames, turns: Turns, loop: BotLoop) -> None:
        self.cache = cache
        self.turns = turns
        self.loop = loop

    async def takeover(self, live: LiveGame, me: int, seat: int, bot: str) -> None:
        """Another player (seat ``me``, proven by its token) hands an absent player's seat to a bot (allowed after
        the game's timeout; the bot's spec already checked)."""
        async with live.lock:
            await self.cache.catch_up(live)
            if not 0 <= seat < len(live.seats) or seat == me:
                raise E.ApiError(422, "bad_seat", f"seat {seat} is not another seat of this game")
            target = live.seats[seat]
            if target.kind != "human":
                raise E.ApiError(409, "takeover_refused", f"seat {seat} is already played by a bot")
            if live.state.is_terminal():
                raise E.game_over()
            limit = live.row.takeover_after
            if limit <= 0:
                raise E.ApiError(409, "takeover_refused", "this game does not allow handing seats to bots")
            away = clocks.away(live, seat, time.time(), self.cache.outages)
            if seat in live.connected_seats() or away < limit:
                raise E.ApiError(
                    409,
                    "takeover_refused",
                    f"seat {seat}'s player was here {away:.0f} s ago; a seat can be handed to a bot "
                    f"after {limit} s away",
                )
            await self.cache.db(self.cache.storage.set_seat_bot, live.id, seat, bot)
            target.kind, target.bot = "bot", bot
            live.handed.pop(seat, None)
            await self.turns.sync_clock(live)
            self.cache.broadcast(live, full=True)
        self.loop.kick(live)

    async def hand_to_bot(self, live: LiveGame, now: float | None = None) -> bool:
        """Hand the seat to act to :data:`~.clocks.TIMEOUT_BOT` if its clock ran out or its player has been away
        for the game's ``takeover_after`` (rechecked under the lock, after catching up). Returns whether it did."""
        async with live.lock:
            await self.cache.catch_up(live)
            now = time.time() if now is None else now
            due = clocks.overdue(live, now, self.cache.outages)
            if due is None:
                return False
            seat, why = due
            await self.cache.db(self.cache.storage.set_seat_bot, live.id, seat, clocks.TIMEOUT_BOT)
            live.seats[seat].kind, live.seats[seat].bot = "bot", clocks.TIMEOUT_BOT
            live.handed[seat] = why
            if why == "time" and live.clock is not None:
                live.clock.time_out(seat)
                await self.turns.save_clock(live)
            await self.turns.sync_clock(live, now)
            self.cache.broadcast(live, full=True)
        log.info("game %s: seat %d handed to a bot (%s)", live.id, seat, "out of time" if why == "time" else "away")
        self.loop.kick(live)
        return True

    async def sweep(self, now: float | None = None) -> int:
        """Hand to a bot every seat to act whose clock ran out or whose player is away too long, in the games
        this process holds; returns how many."""
        now = time.time() if now is None else now
        due = [
            live
            for live in list(self.cache.games.values())
            if clocks.overdue(live, now, self.cache.outages) is not None
        ]
        done = 0
        for live in due:
            try:
                done += await self.hand_to_bot(live, now)
            except E.ApiError as exc:  # the database is away: the next sweep tries again
                log.warning("game %s: cannot hand the seat to a bot now (%s)", live.id, exc.message)
        return done

    async def watch(self, every: float = clocks.SWEEP) -> None:
        """The sweep, for ever (one task per process). After a restart :meth:`.Sync.resume_all` loads the games whose
        clock runs, so a deadline that passed while the server was down fires on the first sweep."""
        while not self.cache.closing:
            try:
                await self.sweep()
            except Exception:  # noqa: BLE001 - one bad game must not stop the clocks of the others
                log.exception("the clock sweep failed")
            await asyncio.sleep(self.next_sweep(every))

    def next_sweep(self, most: float) -> float:
        """Seconds until the next look: until the earliest running clock falls, at most ``most`` (an absent
        player's time is counted in whole seconds, so ``most`` is soon enough for it)."""
        now = time.time()
        wait = most
        for live in list(self.cache.games.values()):
            deadline = live.clock.deadline() if live.clock is not None else None
            if deadline is not None:
                wait = min(wait, deadline - now)
        return max(clocks.SWEEP_MIN, wait)

    async def reclaim(self, live: LiveGame, seat: int) -> int:
        """A player whose seat was handed to a bot takes it back with their own link (the seat it proved)."""
        async with live.lock:
            await self.cache.catch_up(live)
            if live.seats[seat].kind == "human":
                return seat
            await self.cache.db(self.cache.storage.set_seat_bot, live.id, seat, None)
            live.seats[seat].kind, live.seats[seat].bot = "human", None
            live.seats[seat].last_seen = time.time()
            live.handed.pop(seat, None)
            if live.clock is not None:
                live.clock.give_back(seat)
                await self.turns.save_clock(live)
            await self.turns.sync_clock(live)
            self.cache.broadcast(live, full=True)
        return seat

    async def reload(self) -> None:
        """Another process gave the clocks an outage's time back (see :mod:`.uptime`): reread the clocks of the
        games held here, so none falls by the time it had before."""
        for live in [g for g in list(self.cache.games.values()) if g.clock is not None]:
            try:
                async with live.lock:
                    await self.cache.catch_up(live)
                self.cache.broadcast(live, full=True)
            except E.ApiError:  # the database is away again: the sweep rereads a clock before it acts on it
                pass
