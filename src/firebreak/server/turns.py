"""A turn: a seat's action or take-back checked under the game's lock, stored, adopted, then sent.

The one path every move takes, a person's (from the routes and the WebSocket, through
:meth:`~.live.GameManager.act`) or a bot's (:class:`~.bot_play.BotLoop`): an action is first applied to a *copy*,
then inserted at its index (the primary key refuses a second action at the same index, whichever process wrote
the first), and only after that commit is the copy adopted, the action acknowledged and the update queued to
every connected client. Whatever happens between, nothing unacknowledged is ever shown and nothing acknowledged is
ever lost. Actions of all games are committed in groups (:mod:`.commits`), a move together with the instant
answers of the bots and forced steps that follow it (:meth:`~.bot_play.Bots.answer`).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from firebreak.core import UNDO, FirebreakError

from . import clocks
from . import errors as E
from .cache import LiveGame, LiveGames, note_forced
from .commits import GroupCommitter
from .storage import UNAVAILABLE, StaleIndexError
from .undo import forced_after, take_back

if TYPE_CHECKING:
    from .bot_play import Bots

log = logging.getLogger(__name__)


class Turns:
    """Acting, taking back, and the commit both share (with the clock that times the turns). Exists so a move is
    checked, stored and adopted in one place, whoever makes it, and the way back to a client is the broadcast."""

    def __init__(self, cache: LiveGames, committer: GroupCommitter, bots: Bots) -> None:
        self.cache = cache
        self.committer = committer
        self.bots = bots

    async def act(self, live: LiveGame, seat: int, index: Any, action: Any) -> int:
        """Apply a seat's action (its token already checked); returns its index once committed. Raises
        :class:`ApiError` for any refusal."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise E.ApiError(422, "malformed_action", "'index' (the number of actions so far) must be a whole number")
        async with live.lock:
            if index != live.log_len or live.state.is_terminal():
                # maybe another process moved on; if we are merely stale, the insert fails
                await self.cache.catch_up(live)
            state = live.state
            if state.is_terminal():
                raise E.game_over()
            if index != live.log_len:
                raise E.stale_index(live.log_len, index)
            if live.seats[seat].kind != "human":
                raise E.ApiError(
                    409, "seat_is_bot", f"{state.player_name(seat)}'s seat has been handed to a bot; take it back first"
                )
            if state.current_player() != seat:
                raise E.not_your_turn(state.player_name(seat), state.player_name(state.current_player()))
            try:
                a = state.parse_action(action)
            except FirebreakError as exc:
                raise E.ApiError(422, "malformed_action", str(exc)) from None
            if not state.is_legal(a):
                raise E.ApiError(422, "illegal_action", f"'{state.action_to_text(a)}' is not legal now")
            await self.commit(live, seat, a)
            live.seats[seat].last_seen = time.time()
        return index

    async def commit(self, live: LiveGame, seat: int, action: int) -> None:
        """Store then adopt one legal action (lock held), with the answers of the bots that answer at once (see
        :meth:`~.bot_play.Bots.answer`) in the same transaction, and queue the update to every local client."""
        new = live.state.clone()
        forced: dict[int, str] = {}
        note_forced(new, forced)
        new.apply(action)
        moves = [(action, seat, len(new.events))]
        self.bots.answer(live, new, moves, forced)
        idx = live.log_len
        last = len(moves) - 1
        run = [(live.id, idx + k, a, s, k == last and new.is_terminal()) for k, (a, s, _) in enumerate(moves)]
        await self.store_run(live, run)
        live.adopt(new, moves)
        live.forced.update(forced)
        clock = live.clock
        timed = clock is not None and clock.run_for(clocks.should_run(live), time.time())
        # the clock in memory goes with the update; its row need not hold the update back
        self.cache.broadcast(live)
        if timed:
            await self.save_clock(live)

    async def sync_clock(self, live: LiveGame, now: float | None = None) -> None:
        """Run the clock of the seat that should be timed now (lock held) and store it when that changed. A
        database that refuses the write is logged: the clock in memory runs on, and the next change stores it."""
        clock = live.clock
        if clock is None or not clock.run_for(clocks.should_run(live), time.time() if now is None else now):
            return
        await self.save_clock(live)

    async def save_clock(self, live: LiveGame) -> None:
        if live.clock is None:
            return
        try:  # with the next group commit (see .commits): no write of its own fighting the writer for the lock
            await self.committer.append_clock(live.id, live.clock.row())
        except (*UNAVAILABLE, RuntimeError) as exc:  # (RuntimeError: the server is shutting down)
            log.warning("game %s: its clock could not be stored (%s)", live.id, exc)

    async def store_run(self, live: LiveGame, run: list[tuple[str, int, int, int, bool]]) -> None:
        """Commit rows of the game's log (actions, or :data:`UNDO`) from its index on, lock held."""
        idx = live.log_len
        live.committing = idx + len(run)
        try:
            await self.committer.append_run(run)
        except UNAVAILABLE as exc:
            raise E.unavailable(exc) from None
        except StaleIndexError:
            live.committing = None
            await self.cache.catch_up(live)
            self.cache.broadcast(live, full=True)
            raise E.stale_index(live.log_len, idx) from None
        finally:
            live.committing = None

    async def undo(self, live: LiveGame, proven_seat: int, index: Any) -> int:
        """Take back the seat's last action (see :meth:`GameState.undo_refusal` for when that is allowed);
        returns the log index of the take-back once committed. The take-back is stored as a row of its own, so
        the log and the record keep the action and say it was taken back."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise E.ApiError(422, "malformed_action", "'index' (the number of moves so far) must be a whole number")
        async with live.lock:
            if index != live.log_len:
                await self.cache.catch_up(live)
            if index != live.log_len:
                raise E.stale_index(live.log_len, index)
            if live.seats[proven_seat].kind != "human":
                raise E.ApiError(
                    409,
                    "seat_is_bot",
                    f"{live.state.player_name(proven_seat)}'s seat has been handed to a bot; take it back first",
                )
            depth = 1 + forced_after(live, proven_seat)  # the move and the forced steps played after it
            states = await take_back(live, proven_seat, depth)
            await self.store_run(live, [(live.id, live.log_len + k, UNDO, proven_seat, False) for k in range(depth)])
            for new in states:
                live.adopt_undo(new, proven_seat)
            self.cache.broadcast(live, full=True)
        return index
