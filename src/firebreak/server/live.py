"""Live games in one server process: the :class:`GameManager` and the parts it is made of.

The path of an action goes one way: a route or the WebSocket (:mod:`.routes.seats`, :mod:`.ws`) proves the seat
(:mod:`.seat`), then :meth:`GameManager.act` hands the move to :class:`~.turns.Turns`, which checks it under the
game's lock, stores it with the instant answers of the bots (:class:`~.bot_play.Bots`), adopts it and queues the
update to every client (:class:`~.cache.LiveGames`); then the game's bot loop (:class:`~.bot_play.BotLoop`) plays
the slower bots, each move through the same :class:`~.turns.Turns`. The clocks (:class:`~.clock_watch.ClockWatch`)
hand seats to bots as time passes, and :class:`~.sync.Sync` keeps the games in step with other processes.

Cost per action, which bounds how many games one process can serve (``benchmarks/server_load.py``): actions of
all games are committed in groups (:mod:`.commits`), a move together with the instant answers of the bots that
follow it (:meth:`.Bots.answer`); with several processes, a batch's notification carries its actions and the
others apply them without a read (:meth:`.Sync.apply_notes`); a client's update is built only when its
connection's writer is ready to send it, from the state as it is then, so actions that follow each other faster
than that (bots answering at once: the writer waits up to :data:`BOT_WAIT` for them) go out as one update; a
viewer's view and board are built once per state and each distinct update encoded once, shared by every client it
suits (the spectators, a seat's several tabs); and an update carries patches of the view and board its client
holds (:mod:`.patch`), not the whole of them.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from firebreak.agents import BotLimits
from firebreak.core import FirebreakError, get_game

from . import clocks
from . import errors as E
from .bot_play import ANSWERS_CPU, INLINE_BOT, MAX_ANSWERS, BotLoop, Bots, fallback_move
from .bots import BotPool
from .cache import UPDATE, Connection, LiveGame, LiveGames, note_forced
from .clock_watch import ClockWatch
from .clocks import Clock
from .commits import GroupCommitter
from .limits import Limits
from .storage import GameRow, SeatRow, Storage, hash_token
from .sync import Sync
from .turns import Turns

__all__ = [
    "ANSWERS_CPU",
    "BOT_WAIT",
    "INLINE_BOT",
    "MAX_ANSWERS",
    "UPDATE",
    "Connection",
    "GameManager",
    "LiveGame",
    "fallback_move",
    "note_forced",
]

BOT_WAIT = 0.03
"""Seconds an update may wait for the game's bots to finish answering (when they play without a delay), so the
action and the bots' answers go out as one update: built once instead of once per bot move, and no person can
see a 30 ms pause. A bot thinking longer than this is shown in a later update."""


class GameManager(LiveGames):
    """All live games of this process (:class:`~.cache.LiveGames`) and the parts that change them: ``turns``
    (acting, taking back), ``bots`` and ``bot_loop`` (the bots), ``clocks`` (the sweep, hand-overs) and ``sync``
    (other processes, restarts). Exists to put them together once, and to be the entry point of the routes:
    creating a game, acting, taking back, handing a seat over and back.

    The bots' budgets (:data:`INLINE_BOT`, :data:`ANSWERS_CPU`, :data:`MAX_ANSWERS`) are read when it is made."""

    def __init__(
        self,
        storage: Storage,
        bot_delay: float = 0.0,
        max_cached: int = 2000,
        bot_limits: BotLimits | None = None,
        bot_pool: BotPool | None = None,
        undo_cap: int = Limits.undos_per_turn,
    ) -> None:
        super().__init__(storage, max_cached, undo_cap)
        self.committer = GroupCommitter(storage)
        self.bot_pool = BotPool() if bot_pool is None else bot_pool
        self.bot_wait = BOT_WAIT
        self.bots = Bots(
            self,
            BotLimits.from_env() if bot_limits is None else bot_limits,
            bot_delay,
            INLINE_BOT,
            ANSWERS_CPU,
            MAX_ANSWERS,
        )
        self.turns = Turns(self, self.committer, self.bots)
        self.bot_loop = BotLoop(self, self.turns, self.bots, self.bot_pool)
        self.clocks = ClockWatch(self, self.turns, self.bot_loop)
        self.sync = Sync(self, self.bot_loop)
        # what a PostgreSQL note of another kind than actions calls, by its word (chat, rematch: see .table)
        self.note_hooks: dict[str, Callable[[str], Awaitable[None]]] = {}

    async def create(
        self,
        game: str,
        num_players: int | None,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None,
        takeover_after: int,
        clock: dict[str, Any] | None = None,
        client: str = "",
    ) -> tuple[LiveGame, dict[int, str]]:
        try:
            spec = get_game(game)
            n = spec.default_players if num_players is None else num_players
            resolved = spec.resolve_options(n, options)
        except FirebreakError as exc:
            raise E.ApiError(422, "bad_game", str(exc)) from None
        if not seats:
            seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (n - 1)
        if len(seats) != n:
            raise E.ApiError(422, "bad_seats", f"{len(seats)} seats described for a {n}-player game")
        tokens: dict[int, str] = {}
        rows: list[SeatRow] = []
        for i, s in enumerate(seats):
            kind = s.get("kind")
            if kind == "human":
                tok = secrets.token_urlsafe(24)
                tokens[i] = tok
                rows.append(SeatRow(i, "human", None, hash_token(tok), None))
            elif kind == "bot":
                bot = s.get("bot") or "greedy"
                self.bots.check(bot, f"seat {i}: ")
                rows.append(SeatRow(i, "bot", bot, None, None))
            else:
                raise E.ApiError(422, "bad_seats", f"seat {i} must be 'human' or 'bot', not {kind!r}")
        if seed is None:
            seed = secrets.randbelow(2**62)
        if takeover_after < 0:
            raise E.ApiError(422, "bad_request", "takeover_after must be 0 (never) or a number of seconds")
        game_clock = Clock.from_request(clock, n)
        row = GameRow(secrets.token_urlsafe(9), spec.name, n, resolved, seed, time.time(), takeover_after, 0, False)
        try:  # a game's own checks of its options at set-up (a combination its rules do not have)
            live = LiveGame(row, rows, spec)
        except FirebreakError as exc:
            raise E.ApiError(422, "bad_game", str(exc)) from None
        live.clock = game_clock
        live.owner = client
        if game_clock is not None:
            game_clock.run_for(clocks.should_run(live), row.created_at)
        await self.db(self.storage.create_game, row, rows, None if game_clock is None else game_clock.row())
        self.remember(live)
        self.bot_loop.kick(live)
        return live, tokens

    async def act(
        self, game_id: str, token: str | None, index: Any, action: Any, proven_seat: int | None = None
    ) -> int:
        """Apply a seat's action; returns its index once committed. Raises :class:`ApiError` for any refusal.

        The seat is the token's, or ``proven_seat`` for a request or WebSocket that proved its token already.
        """
        live = await self.get(game_id)
        seat = proven_seat if proven_seat is not None else live.seat_for_token(token)
        index = await self.turns.act(live, seat, index, action)
        self.bot_loop.kick(live)
        return index

    async def undo(self, game_id: str, index: Any, proven_seat: int) -> int:
        """Take back the seat's last action (see :meth:`.Turns.undo`)."""
        return await self.turns.undo(await self.get(game_id), proven_seat, index)

    async def takeover(self, game_id: str, me: int, seat: int, bot: str) -> None:
        """Seat ``me`` hands an absent player's seat to a bot (see :meth:`.ClockWatch.takeover`)."""
        live = await self.get(game_id)
        self.bots.check(bot, "bot: ")
        await self.clocks.takeover(live, me, seat, bot)

    async def reclaim(self, game_id: str, seat: int) -> int:
        """A player takes their seat back from the bot (see :meth:`.ClockWatch.reclaim`)."""
        return await self.clocks.reclaim(await self.get(game_id), seat)

    async def sweep(self, now: float | None = None) -> int:
        """One sweep of the clocks (see :meth:`.ClockWatch.sweep`)."""
        return await self.clocks.sweep(now)

    async def refresh(self, game_id: str, actions: int | None = None) -> None:
        """Another process changed a game (see :meth:`.Sync.refresh`)."""
        await self.sync.refresh(game_id, actions)

    def apply_notes(self, notes: list[tuple[str, int, int, int]]) -> None:
        """Stored actions announced by a notification (see :meth:`.Sync.apply_notes`)."""
        self.sync.apply_notes(notes)

    async def close(self) -> None:
        """Stop the bots at once (their moves in progress are dropped, never half stored), then store what is
        pending and stop the committer."""
        self.closing = True
        tasks = [t for t in [self.sync.resume_task, *(g.bot_task for g in self.games.values())] if t is not None]
        for t in tasks:
            t.cancel()
        self.bot_pool.close()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self.committer.close)
