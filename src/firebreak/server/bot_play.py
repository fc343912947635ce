"""The bots at the tables: which bots this server's limits allow, the answers quick enough to play with the move
they answer, and the loop that plays the others (in worker processes, :mod:`.bots`, so a bot's thinking never
stalls the other games).
"""

from __future__ import annotations

import asyncio
import logging
import pickle
import time

from firebreak.agents import Agent, BotLimits, Observation, RandomAgent, agent_rng, make_agent
from firebreak.core import FirebreakError, GameState, Rng

from . import clocks
from . import errors as E
from .bots import QUICK as QUICK_LANE
from .bots import BotFailed, BotPool, MoveTimeout, is_heavy
from .cache import LiveGame, LiveGames, note_forced
from .turns import Turns

log = logging.getLogger(__name__)

INLINE_BOT = 0.002
"""A bot whose last move took less than this (CPU seconds: a busy machine's pauses do not count) moves on the event
loop; a slower one in a worker process (:mod:`.bots`), so its thinking never stalls the other games (the hop costs
more than a random bot's move)."""

MAX_ANSWERS = 64
"""Most bot moves committed with the move they answer (a game of bots alone goes on in such steps)."""

ANSWERS_CPU = 0.01
"""CPU seconds the bots' answers committed with a move may take on the event loop, all together."""

RETRY_MAX = 10.0
"""Longest wait (seconds) of a game's bots between tries while the database is locked or away."""


def fallback_move(state: GameState, seat: int, rng: Rng) -> int:
    """The move a seat plays when its bot overran the wall-clock limit (see :mod:`.bots`): a uniformly random
    legal move from the move's own random stream (the same game, seed and move give the same one), cheap
    whatever the game, so the game goes on at once."""
    return RandomAgent().act(Observation(state, seat), rng)


class Bots:
    """What a seat's bot may be and how it answers at once. Exists apart from the loop so a turn can commit the
    bots' instant answers with the move they answer (:class:`~.turns.Turns`) without depending on the loop.

    ``inline``, ``answers_cpu`` and ``max_answers``: :data:`INLINE_BOT`, :data:`ANSWERS_CPU` and
    :data:`MAX_ANSWERS` as the manager read them when it was made."""

    def __init__(
        self,
        cache: LiveGames,
        limits: BotLimits,
        delay: float = 0.0,
        inline: float = INLINE_BOT,
        answers_cpu: float = ANSWERS_CPU,
        max_answers: int = MAX_ANSWERS,
    ) -> None:
        self.cache = cache
        self.limits = limits
        self.delay = delay
        self.inline = inline
        self.answers_cpu = answers_cpu
        self.max_answers = max_answers
        self._allowed: dict[str, bool] = {}  # stored bot specs -> whether this server's limits allow them

    def check(self, spec: str, where: str = "") -> None:
        """Refuse (422) a bot spec that does not parse or asks for more than this server's limits."""
        try:
            self.limits.check(spec)
        except FirebreakError as exc:
            raise E.ApiError(422, "bad_bot", f"{where}{exc}") from None

    def playable(self, spec: str) -> str:
        """A stored bot spec if this server's limits allow it, else :data:`~.clocks.TIMEOUT_BOT`: a game stored
        before a limit existed (``mcts:iterations=0,seconds=nan``) or under looser limits plays on with the
        server's usual bot instead of searching for ever."""
        allowed = self._allowed.get(spec)
        if allowed is None:
            try:
                self.limits.check(spec)
                allowed = True
            except FirebreakError:
                allowed = False
            if len(self._allowed) >= 1000:
                self._allowed.clear()
            self._allowed[spec] = allowed
        return spec if allowed else clocks.TIMEOUT_BOT

    def agent(self, live: LiveGame, seat: int, spec: str) -> Agent:
        """The game's agent for this seat and bot (kept: an agent may remember things between its moves)."""
        agent = live.agents.get((seat, spec))
        if agent is None:
            agent = live.agents[(seat, spec)] = make_agent(spec)
        return agent

    def answer(
        self, live: LiveGame, state: GameState, moves: list[tuple[int, int, int]], forced: dict[int, str]
    ) -> None:
        """Play on ``state`` the forced steps of people (one possible answer: played by the table, their reason
        kept in ``forced`` for the log, see :mod:`firebreak.core.forced`) and the moves of the bots that answer at
        once (no bot delay, and their last move took under :data:`INLINE_BOT`) until a person has a choice to make,
        at most :data:`MAX_ANSWERS` moves and :data:`ANSWERS_CPU` seconds, appending ``(action, seat, events
        after it)`` to ``moves``.

        They are committed with the move they answer: one transaction, one notification and one update instead
        of one each per bot (on PostgreSQL each commit is a round trip and a flush to disk, and the bots' answers
        came one commit after another). The moves are the ones the bot loop would make (same bot, same random
        stream), and nothing of them is shown before the commit; a slower bot is left to the bot loop."""
        if self.cache.closing:
            return
        spent = 0.0
        while len(moves) <= self.max_answers and spent < self.answers_cpu and not state.is_terminal():
            seat = state.current_player()
            spec = live.seats[seat].bot
            if live.seats[seat].kind != "bot" or spec is None:
                only = note_forced(state, forced) if live.seats[seat].kind == "human" else None
                if only is None:
                    return
                state.apply(only.action)
                moves.append((only.action, seat, len(state.events)))
                continue
            if self.delay:
                return
            took = live.bot_seconds.get((seat, spec))
            if took is None or took >= self.inline:
                return
            agent = self.agent(live, seat, spec)
            start = time.thread_time()
            action = agent.act(Observation(state, seat), agent_rng(live.row.seed, seat, len(state.history)))
            took = live.bot_seconds[(seat, spec)] = time.thread_time() - start
            spent += took
            state.apply(action)
            moves.append((action, seat, len(state.events)))


class BotLoop:
    """Each game's bot loop: plays its bots until a person is to move, the slow ones in worker processes with the
    game's lock released. Exists so the bots' pace, retries and fallbacks are kept out of the path of a move,
    which they take like a person's (:meth:`.Turns.commit`)."""

    def __init__(self, cache: LiveGames, turns: Turns, bots: Bots, pool: BotPool) -> None:
        self.cache = cache
        self.turns = turns
        self.bots = bots
        self.pool = pool

    def kick(self, live: LiveGame) -> None:
        """Start the bot loop of a game if a bot is to move and no loop runs."""
        if live.bot_task is not None and not live.bot_task.done():
            return
        state = live.state
        if state.is_terminal() or live.seats[state.current_player()].kind != "bot":
            return
        if not self.bots.delay:
            live.bots_settled.clear()
        live.bot_task = asyncio.get_running_loop().create_task(self._loop(live))

    async def _loop(self, live: LiveGame) -> None:
        try:
            await self._moves(live)
        finally:
            live.bots_settled.set()
            self.pool.done(live.id)

    async def _moves(self, live: LiveGame) -> None:
        """Play the game's bots until a person is to move. A slow bot thinks in a worker process with the game's
        lock released (the game can be read meanwhile; a move that the game outran is dropped); a locked or lost
        database makes the bots wait and try again, longer each time, until it is back."""
        wait = 0.5
        while not self.cache.closing:
            if self.bots.delay:
                await asyncio.sleep(self.bots.delay)
            try:
                if await self._move(live) is None:
                    return
                wait = 0.5
            except E.ApiError as exc:
                if exc.status != 503:
                    continue  # another process moved first: the commit caught up; look again
                log.warning(
                    "game %s: the database is unavailable (%s); its bots try again in %.1f s",
                    live.id,
                    exc.message,
                    wait,
                )
                await asyncio.sleep(wait)
                wait = min(wait * 2, RETRY_MAX)
            except Exception:
                if self.cache.closing or self.turns.committer.closed:
                    return
                log.exception("bot loop of %s failed; its bots try again in %.1f s", live.id, wait)
                await asyncio.sleep(wait)
                wait = min(wait * 2, RETRY_MAX)
            await asyncio.sleep(0)

    async def _move(self, live: LiveGame) -> bool | None:
        """One bot move (True), or None if no bot is to move."""
        async with live.lock:
            if live.state.is_terminal():
                await self.cache.catch_up(live)  # (after a database outage the cache may be behind)
            state = live.state
            if state.is_terminal():
                return None
            seat = state.current_player()
            spec = live.seats[seat].bot
            if live.seats[seat].kind != "bot" or spec is None:
                return None
            if self.bots.playable(spec) != spec:
                await self._replace_bot(live, seat, spec)
                return True
            rng = agent_rng(live.row.seed, seat, len(state.history))
            took = live.bot_seconds.get((seat, spec))
            if took is not None and took < self.bots.inline:
                agent = self.bots.agent(live, seat, spec)
                start = time.thread_time()
                action = agent.act(Observation(state, seat), rng)
                live.bot_seconds[(seat, spec)] = time.thread_time() - start
                await self.turns.commit(live, seat, action)
                return True
            n = live.log_len
            snapshot = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
        heavy = (took is None and is_heavy(spec)) or (took is not None and took > QUICK_LANE)
        why = ""
        move: int | None
        try:
            move, took = await self.pool.think(spec, snapshot, seat, rng, heavy, live.owner, live.id)
        except MoveTimeout as exc:
            move, took = None, exc.seconds
            why = f"thought for more than {exc.seconds:g} s, so it was stopped"
        except BotFailed as exc:  # the same state would fail the same way: the game must not wait on it
            move, took = None, max(took or 0.0, self.bots.inline)  # (still thinks in a worker next time)
            why = f"failed ({exc})"
        async with live.lock:
            live.bot_seconds[(seat, spec)] = took
            if live.log_len != n or live.seats[seat].kind != "bot" or live.seats[seat].bot != spec:
                return True  # the game moved on or the seat changed hands while it thought: look again
            if move is None:
                move = fallback_move(live.state, seat, rng)
                log.warning(
                    "game %s: %s's bot %s and played a random legal move instead (%s)",
                    live.id,
                    live.state.player_name(seat),
                    why,
                    live.state.action_to_text(move),
                )
            await self.turns.commit(live, seat, move)
        return True

    async def _replace_bot(self, live: LiveGame, seat: int, spec: str) -> None:
        """Give a seat whose stored bot this server refuses its usual bot instead (lock held), and say so."""
        bot = self.bots.playable(spec)
        await self.cache.db(self.cache.storage.set_seat_bot, live.id, seat, bot)
        live.seats[seat].bot = bot
        self.cache.broadcast(live, full=True)
        log.warning(
            "game %s: %s's bot asked for more thinking than this server allows (%s), so the seat is "
            "played by the usual bot (%s) instead",
            live.id,
            live.state.player_name(seat),
            spec,
            bot,
        )
