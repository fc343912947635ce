"""Several server processes on one database, and a process's own restarts: other processes' changes applied
here (PostgreSQL notifications, :mod:`.notify`), this process's presence kept fresh for the others, the bots of a
process that died taken over, and the games with bots brought back after a start.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from . import errors as E
from .bot_play import BotLoop
from .cache import LiveGame, LiveGames

log = logging.getLogger(__name__)

RESUME_CONCURRENCY = 2
"""Games whose bots are brought back at once after a start (loading one replays its actions, in a thread): few,
so the requests of the people arriving meanwhile are answered first."""

RESUME_DELAY = 0.5
"""Seconds after the start before the games are brought back: the port is open and first requests answered."""

STALLED_AFTER = 15.0
"""Seconds without a stored action after which a game with a bot to move is taken over by this process."""


class Sync:
    """Keeping this process's games in step with the database others write too. Exists so what another process
    did reaches our clients the cheap way (a notification's actions applied without a read) and the expensive
    ways (catching up, resuming, adopting) stay out of the path of a move."""

    def __init__(self, cache: LiveGames, loop: BotLoop) -> None:
        self.cache = cache
        self.loop = loop
        self.resume_task: asyncio.Task | None = None

    async def refresh(self, game_id: str, actions: int | None = None) -> None:
        """A process changed a game (``actions``: its new action count; None: its seats): catch up and tell our
        clients. Called on PostgreSQL NOTIFY, for our own changes too, which are skipped as already known."""
        live = self.cache.games.get(game_id)
        if live is None or (actions is not None and self._known(live, actions)):
            return  # unknown here, already known, or our own commit telling us before we adopted it
        async with live.lock:
            before = [(s.kind, s.bot) for s in live.seats]
            await self.cache.catch_up(live)
            self.cache.broadcast(live, full=before != [(s.kind, s.bot) for s in live.seats])

    @staticmethod
    def _known(live: LiveGame, actions: int) -> bool:
        """Whether a game's first ``actions`` actions are known here, or being committed by us (the notification
        of our own commit may come back before we adopt it: catching up then would cost a read and hold up the
        game; if another process took those turns instead, our commit fails and catches up itself)."""
        return live.log_len >= actions or (live.committing is not None and actions <= live.committing)

    def apply_notes(self, notes: list[tuple[str, int, int, int]]) -> None:
        """Stored actions ``(game, idx, action, seat)`` announced by a notification (a batch of another process,
        or our own): applied at once to the games cached here and sent to their clients, without reading the
        database. A game busy with a change of its own gets them once it is done; one whose notes do not follow
        on from what it holds (a note missed while reconnecting) catches up from the database."""
        by_game: dict[str, list[tuple[int, int, int]]] = {}
        for game_id, idx, action, seat in notes:
            by_game.setdefault(game_id, []).append((idx, action, seat))
        for game_id, moves in by_game.items():
            live = self.cache.games.get(game_id)
            if live is None or self._known(live, moves[-1][0] + 1):
                continue
            if live.lock.locked() or moves[0][0] > live.log_len:
                asyncio.ensure_future(self._apply_later(live, moves))
                continue
            self._apply(live, moves)
            self.cache.broadcast(live)

    @staticmethod
    def _apply(live: LiveGame, moves: list[tuple[int, int, int]]) -> None:
        n = live.log_len
        live.replay_stored([(action, seat) for idx, action, seat in moves if idx >= n])

    async def _apply_later(self, live: LiveGame, moves: list[tuple[int, int, int]]) -> None:
        try:
            async with live.lock:
                if live.log_len >= moves[-1][0] + 1:
                    return
                if moves[0][0] <= live.log_len:
                    self._apply(live, moves)
                else:
                    await self.cache.catch_up(live)
                self.cache.broadcast(live)
        except Exception:
            log.exception("cannot bring game %s up to date after a notification", live.id)

    def start_resuming(self) -> asyncio.Task:
        """After a start or restart: bring back the bots of unfinished games in the background (the port is open
        meanwhile; a game a client asks for loads on its own)."""
        self.resume_task = asyncio.get_running_loop().create_task(self.resume_all())
        return self.resume_task

    async def resume_all(self, concurrency: int = RESUME_CONCURRENCY) -> None:
        """Load every unfinished game with a bot seat, ``concurrency`` at a time, and let its bots play on."""
        await asyncio.sleep(RESUME_DELAY)
        while True:
            try:
                ids = await self.cache.db(self.cache.storage.unfinished_bot_game_ids)
                clocked = await self.cache.db(self.cache.storage.running_clock_game_ids)
                known = set(ids)
                ids += [g for g in clocked if g not in known]
                break
            except E.ApiError:  # the database is not there yet
                await asyncio.sleep(2.0)
        gate = asyncio.Semaphore(concurrency)

        async def resume(game_id: str) -> None:
            async with gate:
                try:
                    live = await self.cache.get(game_id)
                except Exception:
                    log.exception("cannot resume game %s", game_id)
                    return
                self.loop.kick(live)

        for i in range(0, len(ids), 100):  # a hundred tasks at a time, not thousands
            await asyncio.gather(*(resume(g) for g in ids[i : i + 100]))

    async def adopt_stalled(self, after: float = STALLED_AFTER) -> int:
        """Drive the bots of games where nothing was stored for ``after`` seconds and no bot loop of ours runs:
        with several processes on one database, the one that drove them may have died (kill -9). If it is merely
        slow, both drive them for a while and the database lets one action per turn through. Returns how many
        games' bots were started."""
        started = 0
        for game_id in await self.cache.db(self.cache.storage.stalled_bot_game_ids, time.time() - after):
            live = self.cache.games.get(game_id)
            if live is not None and live.bot_task is not None and not live.bot_task.done():
                continue
            try:
                live = await self.cache.get(game_id)
                async with live.lock:
                    await self.cache.catch_up(live)
            except Exception:  # noqa: BLE001 - the next sweep tries again
                log.exception("cannot look at stalled game %s", game_id)
                continue
            self.loop.kick(live)
            started += live.bot_task is not None and not live.bot_task.done()
        return started

    async def keep_presence(self, every: float = 10.0) -> None:
        """Keep ``last_seen`` fresh for seats connected to this process, so other processes see them present."""
        while True:
            await asyncio.sleep(every)
            with contextlib.suppress(Exception):
                await self.cache.touch_connected()

    async def adopt_stalled_forever(self, every: float = 5.0) -> None:
        """Take over the bots of games another server process stopped driving (it died); see
        :meth:`adopt_stalled`."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.adopt_stalled()
            except Exception:  # noqa: BLE001 - the database is away: the next round tries again
                log.warning("cannot look for stalled games", exc_info=True)
