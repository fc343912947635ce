"""Live games in one server process: the cached state, the turn lock, bots, and the connected clients.

The database is the truth; a :class:`LiveGame` is a cache rebuilt by replaying the stored actions, and caught up
(:meth:`GameManager.catch_up`) before every decision, so several processes sharing one database stay correct:
an action is first applied to a *copy*, then inserted at its index (the primary key refuses a second action at
the same index, whichever process wrote the first), and only after that commit is the copy adopted, the action
acknowledged and the update queued to every connected client. Whatever happens between, nothing unacknowledged
is ever shown and nothing acknowledged is ever lost.

Cost per action, which bounds how many games one process can serve (``benchmarks/server_load.py``): actions of
all games are committed in groups (:mod:`.commits`), a move together with the instant answers of the bots that
follow it (:meth:`GameManager._quick_answers`); with several processes, a batch's notification carries its actions
and the others apply them without a read (:meth:`GameManager.apply_notes`); a client's update is built only when
its connection's writer is ready to send it, from the state as it is then, so actions that follow each other
faster than that (bots answering at once: the writer waits up to :data:`BOT_WAIT` for them) go out as one update;
a viewer's view and board are built once per state and each distinct update encoded once, shared by every client
it suits (the spectators, a seat's several tabs); and an update carries patches of the view and board its client
holds (:mod:`.patch`), not the whole of them.
"""

from __future__ import annotations

import asyncio
import logging
import pickle
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from firebreak.agents import Agent, BotLimits, Observation, RandomAgent, agent_rng, make_agent
from firebreak.core import UNDO, ActionChoice, FirebreakError, GameSpec, GameState, Rng, get_game
from firebreak.core.forced import forced_choice, forced_line

from . import errors as E
from . import patch
from . import undo as takebacks
from .bots import QUICK as QUICK_LANE
from .bots import BotFailed, BotPool, MoveTimeout, is_heavy
from . import clocks
from .clocks import Clock
from .commits import GroupCommitter
from .limits import Limits
from .storage import (
    UNAVAILABLE,
    GameRow,
    SeatRow,
    StaleIndexError,
    Storage,
    hash_token,
    token_matches,
)
from .uptime import Outages
from .views import seat_board, seat_payload
from .wire import dumps

log = logging.getLogger(__name__)

BOT_WAIT = 0.03
"""Seconds an update may wait for the game's bots to finish answering (when they play without a delay), so the
action and the bots' answers go out as one update: built once instead of once per bot move, and no person can
see a 30 ms pause. A bot thinking longer than this is shown in a later update."""

INLINE_BOT = 0.002
"""A bot whose last move took less than this (CPU seconds: a busy machine's pauses do not count) moves on the event
loop; a slower one in a worker process (:mod:`.bots`), so its thinking never stalls the other games (the hop costs
more than a random bot's move)."""

MAX_ANSWERS = 64
"""Most bot moves committed with the move they answer (a game of bots alone goes on in such steps)."""

ANSWERS_CPU = 0.01
"""CPU seconds the bots' answers committed with a move may take on the event loop, all together."""

RESUME_CONCURRENCY = 2
"""Games whose bots are brought back at once after a start (loading one replays its actions, in a thread): few,
so the requests of the people arriving meanwhile are answered first."""

RESUME_DELAY = 0.5
"""Seconds after the start before the games are brought back: the port is open and first requests answered."""

STALLED_AFTER = 15.0
"""Seconds without a stored action after which a game with a bot to move is taken over by this process."""

RETRY_MAX = 10.0
"""Longest wait (seconds) of a game's bots between tries while the database is locked or away."""


def fallback_move(state: GameState, seat: int, rng: Rng) -> int:
    """The move a seat plays when its bot overran the wall-clock limit (see :mod:`.bots`): a uniformly random
    legal move from the move's own random stream (the same game, seed and move give the same one), cheap
    whatever the game, so the game goes on at once."""
    return RandomAgent().act(Observation(state, seat), rng)


UPDATE = None
"""Queued in place of a message: "send this client the update it is owed", built when its writer gets to it."""


@dataclass(eq=False)
class Connection:
    """One connected client (a seat's page or a spectator), fed through its own queue so a slow client never
    holds up the game. The queue holds JSON texts and at most one :data:`UPDATE` mark at a time."""

    game_id: str
    seat: int | None
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=1000))
    sent: int = -1  # log entries sent so far end before this index (-1: nothing yet, not even the set-up)
    dropped: bool = False
    marked: bool = False  # an UPDATE mark is queued
    full: bool = False  # the next update is due even without a new action (the seats changed)
    board: list[str] | None = None  # the SVG board this client holds, in pieces (see .patch)
    view: Any = None  # the view this client holds (None: none yet)
    undone_seen: int = 0  # take-backs this client has been told of (``LiveGame.undone_total`` when it was)

    def push(self, msg: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or one already encoded as JSON text to share it between clients)."""
        self._put(msg if isinstance(msg, str) else dumps(E.on_socket(msg)))

    def mark(self, full: bool = False) -> None:
        """Owe this client an update; queued messages before it (an update before its action's ack) keep their
        order, and marks made before the writer gets to it make one update."""
        self.full = self.full or full
        if not self.marked:
            self.marked = True
            self._put(UPDATE)

    def _put(self, item: str | None) -> None:
        try:
            self.queue.put_nowait(item)
        except asyncio.QueueFull:  # a client that reads nothing for 1000 messages is gone; it resyncs on reconnect
            self.dropped = True


def note_forced(state: GameState, forced: dict[int, str]) -> ActionChoice | None:
    """Before an action is applied to ``state``: keep why, when the step is forced, under its place in the
    history (for the log), and return its lone choice."""
    only = forced_choice(state)
    if only is not None:
        forced[len(state.history)] = forced_line(only)
    return only


class LiveGame:
    """A game's cached state plus who sits where; guarded by ``lock`` for every change."""

    def __init__(self, row: GameRow, seats: list[SeatRow], spec: GameSpec) -> None:
        self.id = row.id
        self.row = row
        self.seats = seats
        self.spec = spec
        self.state: GameState = spec.new_game(row.num_players, row.seed, row.options)
        self.actors: list[int] = []
        self.marks: list[int] = [len(self.state.events)]
        # why each forced step (one possible answer, see core.forced) was played by itself, by its place in the
        # history: a log line for its seat only (the words come from that seat's view)
        self.forced: dict[int, str] = {}
        self.log_len = 0  # rows stored: actions and take-backs (the version a client names when it acts)
        # the latest take-backs (position, action, seat, the events it had made), in order, and how many in all
        self.undone: deque[takebacks.TakeBack] = deque(maxlen=takebacks.NOTES_KEPT)
        self.undone_total = 0
        self.turn_undos = (-1, -1, 0)  # (seat, where its turn began, moves it took back in that turn)
        self.undo_cap = Limits.undos_per_turn  # moves a seat may take back in a turn (set by the manager)
        self.clock: Clock | None = None
        self.handed: dict[int, str] = {}  # seats handed to a bot by the sweep: "time" (ran out) or "away"
        self.owner = ""  # the address that created it, for the bots' fair share (.bots); "": not known here
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.agents: dict[tuple[int, str], Agent] = {}
        self.bot_task: asyncio.Task | None = None
        self.bots_settled = asyncio.Event()  # clear while bots are answering without a delay
        self.bots_settled.set()
        self.bot_seconds: dict[tuple[int, str], float] = {}  # how long each bot's last move took
        # the action count our commit in flight will make (its NOTIFY may come back before we adopt it: skipped,
        # as catching up then would cost a read and hold up the game; if another process took that turn instead,
        # our commit fails and catches up itself)
        self.committing: int | None = None
        # (viewer, sent, ids of the board and view held) -> (encoded update, view and board it leaves, what it
        # was built from), all built at ``updates_at`` actions
        self.updates: dict[tuple[int | None, int, int, int], tuple[Any, ...]] = {}
        # each viewer's seat_board at ``updates_at``, with its SVG in pieces
        self.boards: dict[int | None, tuple[dict[str, Any], list[str] | None]] = {}
        self.updates_at = -1

    def update_for(self, conn: Connection) -> str | None:
        """The encoded update ``conn`` is owed now (None: nothing new), built from the current state once per
        (viewer, first entry, what it holds) and index, and marked sent."""
        conn.marked = False
        n = len(self.state.history)
        if conn.sent >= n and not conn.full:
            return None
        if self.updates_at != self.log_len:
            self.updates.clear()
            self.boards.clear()
            self.updates_at = self.log_len
        # clients holding the same objects share it
        key = (conn.seat, conn.sent, id(conn.board), id(conn.view), conn.undone_seen)
        built = self.updates.get(key)
        if built is None:  # (the entry keeps what it was built from alive, so those ids are not reused meanwhile)
            built = self.updates[key] = (*self._build_update(conn), conn.board, conn.view)
        msg, conn.view, conn.board = built[:3]
        conn.sent = n
        conn.undone_seen = self.undone_total
        conn.full = False
        return msg

    def _build_update(self, conn: Connection) -> tuple[str, Any, list[str] | None]:
        """The update for ``conn`` (with the view and board it leaves the client holding): view and board as
        patches of what the client holds (see :mod:`.patch`), the board whole when a patch would not be smaller."""
        if conn.seat not in self.boards:
            board = seat_board(self, conn.seat)
            self.boards[conn.seat] = (board, None if board["svg"] is None else patch.split(board["svg"]))
        board, pieces = self.boards[conn.seat]
        payload = seat_payload(self, conn.seat, "state" if conn.sent < 0 else "update", conn.sent, board,
                               None if conn.sent < 0 else conn.undone_seen)
        if conn.view is not None:
            del payload["view"]
            payload["view_patch"] = patch.view_diff(conn.view, board["view"])
        if pieces is not None and conn.board is not None:
            ops = patch.diff(conn.board, pieces)
            if patch.size(ops) < len(board["svg"]) // 2:
                del payload["svg"]
                payload["svg_patch"] = ops
        return dumps(payload), board["view"], pieces

    def adopt(self, new_state: GameState, moves: list[tuple[int, int, int]]) -> None:
        """Take ``new_state``, reached by ``moves`` ``(action, seat, events after it)`` from the current one."""
        self.state = new_state
        for _, seat, mark in moves:
            self.actors.append(seat)
            self.marks.append(mark)
        self.log_len += len(moves)

    def adopt_undo(self, new_state: GameState, seat: int) -> None:
        """Adopt the state without the last action (stored as taken back). Each client's next update starts its
        entries at that action (``entries_from``: the page drops the entry it holds for it) and carries the note
        of the take-back, with patches of the view and board as after a move."""
        at = len(new_state.history)
        self.undone.append(takebacks.taken(self.state, new_state, seat))
        self.undone_total += 1
        self.state = new_state
        self.actors.pop()
        self.marks.pop()
        self.forced.pop(len(new_state.history), None)
        takebacks.count_take_back(self, seat)
        self.log_len += 1
        for conn in self.connections:
            conn.sent = min(conn.sent, at)
            conn.full = True  # an update is owed even when no entry is

    def replay_stored(self, actions: list[tuple[int, int]]) -> None:
        for action, seat in actions:
            if action == UNDO:
                self.adopt_undo(self.state.undone(seat), seat)
                continue
            note_forced(self.state, self.forced)
            self.state.apply(action)
            self.actors.append(seat)
            self.marks.append(len(self.state.events))
            self.log_len += 1

    def seat_for_token(self, token: object) -> int:
        if isinstance(token, str) and token and len(token) < 200:
            for s in self.seats:
                if token_matches(token, s.token_hash):
                    return s.seat
        raise E.bad_token()

    def connected_seats(self) -> set[int]:
        return {c.seat for c in self.connections if c.seat is not None}

    def public_seats(self) -> list[dict[str, Any]]:
        here = self.connected_seats()
        now = time.time()
        out = []
        for s in self.seats:
            recent = s.last_seen is not None and now - s.last_seen < 30
            entry = {"seat": s.seat, "kind": s.kind, "bot": s.bot,
                     "connected": s.kind == "bot" or s.seat in here or recent, "has_link": s.token_hash is not None}
            if s.kind == "bot" and s.seat in self.handed:
                entry["handed"] = self.handed[s.seat]  # why the sweep gave it to a bot (since this process runs)
            out.append(entry)
        return out


DB_ATTEMPTS = 2
"""Tries of a storage call refused for a database lock before the client gets a 503."""


class GameManager:
    """All live games of this process and the operations on them (create, act, take over, broadcast)."""

    def __init__(self, storage: Storage, bot_delay: float = 0.0, max_cached: int = 2000,
                 bot_limits: BotLimits | None = None, bot_pool: BotPool | None = None,
                 undo_cap: int = Limits.undos_per_turn) -> None:
        self.storage = storage
        self.undo_cap = undo_cap
        self.committer = GroupCommitter(storage)
        self.bot_limits = BotLimits.from_env() if bot_limits is None else bot_limits
        self.bot_pool = BotPool() if bot_pool is None else bot_pool
        self.resume_task: asyncio.Task | None = None
        self.closing = False
        self.bot_delay = bot_delay
        self.bot_wait = BOT_WAIT
        self.max_cached = max_cached
        self.games: OrderedDict[str, LiveGame] = OrderedDict()  # least recently used first
        self._allowed: dict[str, bool] = {}  # stored bot specs -> whether this server's limits allow them
        self.outages = Outages()  # times no server ran: not counted as a player's absence (see .uptime)
        self._load_lock = asyncio.Lock()

    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a storage call in a database thread; a locked or unreachable database is a 503 (try again).

        A call refused for a lock (nothing was written) is tried once more first: under a burst of writes SQLite's
        busy handler does not queue fairly, so one wait of the lock timeout can miss its turn while the database
        is merely busy, not stuck."""
        for attempt in range(DB_ATTEMPTS):
            try:
                return await asyncio.to_thread(fn, *args)
            except UNAVAILABLE as exc:
                if attempt + 1 == DB_ATTEMPTS or "lock" not in str(exc).lower():
                    raise E.unavailable(exc) from None
                await asyncio.sleep(0.05)
        raise AssertionError("unreachable")  # pragma: no cover

    def check_bot(self, spec: str, where: str = "") -> None:
        """Refuse (422) a bot spec that does not parse or asks for more than this server's limits."""
        try:
            self.bot_limits.check(spec)
        except FirebreakError as exc:
            raise E.ApiError(422, "bad_bot", f"{where}{exc}") from None

    def playable_bot(self, spec: str) -> str:
        """A stored bot spec if this server's limits allow it, else :data:`~.clocks.TIMEOUT_BOT`: a game stored
        before a limit existed (``mcts:iterations=0,seconds=nan``) or under looser limits plays on with the
        server's usual bot instead of searching for ever."""
        allowed = self._allowed.get(spec)
        if allowed is None:
            try:
                self.bot_limits.check(spec)
                allowed = True
            except FirebreakError:
                allowed = False
            if len(self._allowed) >= 1000:
                self._allowed.clear()
            self._allowed[spec] = allowed
        return spec if allowed else clocks.TIMEOUT_BOT

    # ------------------------------------------------------------------------------------------- games
    async def create(self, game: str, num_players: int | None, options: dict[str, Any], seats: list[dict[str, Any]],
                     seed: int | None, takeover_after: int,
                     clock: dict[str, Any] | None = None, client: str = "") -> tuple[LiveGame, dict[int, str]]:
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
                self.check_bot(bot, f"seat {i}: ")
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
        self._remember(live)
        self.kick_bots(live)
        return live, tokens

    async def get(self, game_id: str) -> LiveGame:
        live = self.games.get(game_id)
        if live is not None:
            self.games.move_to_end(game_id)
            return live
        async with self._load_lock:
            live = self.games.get(game_id)
            if live is not None:
                return live
            live = await self.db(self._load, game_id)
            self._remember(live)
            return live

    def _remember(self, live: LiveGame) -> None:
        """Cache a game, forgetting idle ones beyond ``max_cached`` (the database keeps them; they reload)."""
        live.undo_cap = self.undo_cap
        self.games[live.id] = live
        excess = len(self.games) - self.max_cached
        for game_id, old in list(self.games.items()):
            if excess <= 0:
                break
            idle = not old.connections and not old.lock.locked() and (old.bot_task is None or old.bot_task.done())
            if idle and old is not live:
                del self.games[game_id]
                excess -= 1

    def _load(self, game_id: str) -> LiveGame:
        row = self.storage.load_game(game_id)
        if row is None:
            raise E.unknown_game(game_id)
        live = LiveGame(row, self.storage.load_seats(game_id), get_game(row.game))
        live.replay_stored(self.storage.load_actions(game_id))
        clock = self.storage.load_clock(game_id)
        live.clock = None if clock is None else Clock.from_row(clock)
        return live

    async def catch_up(self, live: LiveGame) -> None:
        """Apply actions other processes stored since our cache was built, and reread the seats (hold the lock)."""
        new, seats, clock = await self.db(self._fresh, live.id, live.log_len, live.clock is not None)
        live.replay_stored(new)
        live.seats = seats
        if clock is not None:  # another process may have started or stopped it
            live.clock = Clock.from_row(clock)

    def _fresh(self, game_id: str, start: int, clocked: bool = False
               ) -> tuple[list[tuple[int, int]], list[SeatRow], dict[str, Any] | None]:
        return (self.storage.load_actions(game_id, start), self.storage.load_seats(game_id),
                self.storage.load_clock(game_id) if clocked else None)

    # ------------------------------------------------------------------------------------------- acting
    async def act(self, game_id: str, token: str | None, index: Any, action: Any,
                  proven_seat: int | None = None) -> int:
        """Apply a seat's action; returns its index once committed. Raises :class:`ApiError` for any refusal.

        The seat is the token's, or ``proven_seat`` for a WebSocket that showed its token when it connected.
        """
        live = await self.get(game_id)
        seat = proven_seat if proven_seat is not None else live.seat_for_token(token)
        if isinstance(index, bool) or not isinstance(index, int):
            raise E.ApiError(422, "malformed_action", "'index' (the number of actions so far) must be a whole number")
        async with live.lock:
            if index != live.log_len or live.state.is_terminal():
                await self.catch_up(live)  # maybe another process moved on; if we are merely stale, the insert fails
            state = live.state
            if state.is_terminal():
                raise E.game_over()
            if index != live.log_len:
                raise E.stale_index(live.log_len, index)
            if live.seats[seat].kind != "human":
                raise E.ApiError(409, "seat_is_bot",
                                 f"{state.player_name(seat)}'s seat has been handed to a bot; take it back first")
            if state.current_player() != seat:
                raise E.not_your_turn(state.player_name(seat), state.player_name(state.current_player()))
            try:
                a = state.parse_action(action)
            except FirebreakError as exc:
                raise E.ApiError(422, "malformed_action", str(exc)) from None
            if not state.is_legal(a):
                raise E.ApiError(422, "illegal_action", f"'{state.action_to_text(a)}' is not legal now")
            await self._commit(live, seat, a)
            live.seats[seat].last_seen = time.time()
        self.kick_bots(live)
        return index

    async def _commit(self, live: LiveGame, seat: int, action: int) -> None:
        """Store then adopt one legal action (lock held), with the answers of the bots that answer at once (see
        :meth:`_quick_answers`) in the same transaction, and queue the update to every local client."""
        new = live.state.clone()
        forced: dict[int, str] = {}
        note_forced(new, forced)
        new.apply(action)
        moves = [(action, seat, len(new.events))]
        self._quick_answers(live, new, moves, forced)
        idx = live.log_len
        last = len(moves) - 1
        run = [(live.id, idx + k, a, s, k == last and new.is_terminal()) for k, (a, s, _) in enumerate(moves)]
        await self._store_run(live, run)
        live.adopt(new, moves)
        live.forced.update(forced)
        clock = live.clock
        timed = clock is not None and clock.run_for(clocks.should_run(live), time.time())
        self.broadcast(live)  # the clock in memory goes with the update; its row need not hold the update back
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

    async def _store_run(self, live: LiveGame, run: list[tuple[str, int, int, int, bool]]) -> None:
        """Commit rows of the game's log (actions, or :data:`UNDO`) from its index on, lock held."""
        idx = live.log_len
        live.committing = idx + len(run)
        try:
            await self.committer.append_run(run)
        except UNAVAILABLE as exc:
            raise E.unavailable(exc) from None
        except StaleIndexError:
            live.committing = None
            await self.catch_up(live)
            self.broadcast(live, full=True)
            raise E.stale_index(live.log_len, idx) from None
        finally:
            live.committing = None

    async def undo(self, game_id: str, index: Any, proven_seat: int) -> int:
        """Take back the seat's last action (see :meth:`GameState.undo_refusal` for when that is allowed);
        returns the log index of the take-back once committed. The take-back is stored as a row of its own, so
        the log and the record keep the action and say it was taken back."""
        from .undo import forced_after, take_back

        live = await self.get(game_id)
        if isinstance(index, bool) or not isinstance(index, int):
            raise E.ApiError(422, "malformed_action", "'index' (the number of moves so far) must be a whole number")
        async with live.lock:
            if index != live.log_len:
                await self.catch_up(live)
            if index != live.log_len:
                raise E.stale_index(live.log_len, index)
            if live.seats[proven_seat].kind != "human":
                raise E.ApiError(409, "seat_is_bot", f"{live.state.player_name(proven_seat)}'s seat has been handed "
                                                     "to a bot; take it back first")
            depth = 1 + forced_after(live, proven_seat)  # the move and the forced steps played after it
            states = await take_back(live, proven_seat, depth)
            await self._store_run(live, [(live.id, live.log_len + k, UNDO, proven_seat, False) for k in range(depth)])
            for new in states:
                live.adopt_undo(new, proven_seat)
            self.broadcast(live, full=True)
        return index

    def _quick_answers(self, live: LiveGame, state: GameState, moves: list[tuple[int, int, int]],
                       forced: dict[int, str]) -> None:
        """Play on ``state`` the forced steps of people (one possible answer: played by the table, their reason
        kept in ``forced`` for the log, see :mod:`firebreak.core.forced`) and the moves of the bots that answer at
        once (no bot delay, and their last move took under :data:`INLINE_BOT`) until a person has a choice to make,
        at most :data:`MAX_ANSWERS` moves and :data:`ANSWERS_CPU` seconds, appending ``(action, seat, events
        after it)`` to ``moves``.

        They are committed with the move they answer: one transaction, one notification and one update instead
        of one each per bot (on PostgreSQL each commit is a round trip and a flush to disk, and the bots' answers
        came one commit after another). The moves are the ones the bot loop would make (same bot, same random
        stream), and nothing of them is shown before the commit; a slower bot is left to the bot loop."""
        if self.closing:
            return
        spent = 0.0
        while len(moves) <= MAX_ANSWERS and spent < ANSWERS_CPU and not state.is_terminal():
            seat = state.current_player()
            spec = live.seats[seat].bot
            if live.seats[seat].kind != "bot" or spec is None:
                only = note_forced(state, forced) if live.seats[seat].kind == "human" else None
                if only is None:
                    return
                state.apply(only.action)
                moves.append((only.action, seat, len(state.events)))
                continue
            if self.bot_delay:
                return
            took = live.bot_seconds.get((seat, spec))
            if took is None or took >= INLINE_BOT:
                return
            agent = live.agents.get((seat, spec))
            if agent is None:
                agent = live.agents[(seat, spec)] = make_agent(spec)
            start = time.thread_time()
            action = agent.act(Observation(state, seat), agent_rng(live.row.seed, seat, len(state.history)))
            took = live.bot_seconds[(seat, spec)] = time.thread_time() - start
            spent += took
            state.apply(action)
            moves.append((action, seat, len(state.events)))

    # ------------------------------------------------------------------------------------------- bots
    def kick_bots(self, live: LiveGame) -> None:
        """Start the bot loop of a game if a bot is to move and no loop runs."""
        if live.bot_task is not None and not live.bot_task.done():
            return
        state = live.state
        if state.is_terminal() or live.seats[state.current_player()].kind != "bot":
            return
        if not self.bot_delay:
            live.bots_settled.clear()
        live.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(live))

    async def _bot_loop(self, live: LiveGame) -> None:
        try:
            await self._bot_moves(live)
        finally:
            live.bots_settled.set()
            self.bot_pool.done(live.id)

    async def _bot_moves(self, live: LiveGame) -> None:
        """Play the game's bots until a person is to move. A slow bot thinks in a worker process with the game's
        lock released (the game can be read meanwhile; a move that the game outran is dropped); a locked or lost
        database makes the bots wait and try again, longer each time, until it is back."""
        wait = 0.5
        while not self.closing:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            try:
                if await self._bot_move(live) is None:
                    return
                wait = 0.5
            except E.ApiError as exc:
                if exc.status != 503:
                    continue  # another process moved first: _commit caught up; look again
                log.warning("game %s: the database is unavailable (%s); its bots try again in %.1f s",
                            live.id, exc.message, wait)
                await asyncio.sleep(wait)
                wait = min(wait * 2, RETRY_MAX)
            except Exception:
                if self.closing or self.committer.closed:
                    return
                log.exception("bot loop of %s failed; its bots try again in %.1f s", live.id, wait)
                await asyncio.sleep(wait)
                wait = min(wait * 2, RETRY_MAX)
            await asyncio.sleep(0)

    async def _bot_move(self, live: LiveGame) -> bool | None:
        """One bot move (True), or None if no bot is to move."""
        async with live.lock:
            if live.state.is_terminal():
                await self.catch_up(live)  # (after a database outage the cache may be behind)
            state = live.state
            if state.is_terminal():
                return None
            seat = state.current_player()
            spec = live.seats[seat].bot
            if live.seats[seat].kind != "bot" or spec is None:
                return None
            if self.playable_bot(spec) != spec:
                await self._replace_bot(live, seat, spec)
                return True
            rng = agent_rng(live.row.seed, seat, len(state.history))
            took = live.bot_seconds.get((seat, spec))
            if took is not None and took < INLINE_BOT:
                agent = live.agents.get((seat, spec))
                if agent is None:
                    agent = live.agents[(seat, spec)] = make_agent(spec)
                start = time.thread_time()
                action = agent.act(Observation(state, seat), rng)
                live.bot_seconds[(seat, spec)] = time.thread_time() - start
                await self._commit(live, seat, action)
                return True
            n = live.log_len
            snapshot = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
        heavy = (took is None and is_heavy(spec)) or (took is not None and took > QUICK_LANE)
        why = ""
        try:
            action, took = await self.bot_pool.think(spec, snapshot, seat, rng, heavy, live.owner, live.id)
        except MoveTimeout as exc:
            action, took = None, exc.seconds
            why = f"thought for more than {exc.seconds:g} s, so it was stopped"
        except BotFailed as exc:  # the same state would fail the same way: the game must not wait on it
            action, took = None, max(took or 0.0, INLINE_BOT)  # (still thinks in a worker next time)
            why = f"failed ({exc})"
        async with live.lock:
            live.bot_seconds[(seat, spec)] = took
            if (live.log_len != n or live.seats[seat].kind != "bot" or live.seats[seat].bot != spec):
                return True  # the game moved on or the seat changed hands while it thought: look again
            if action is None:
                action = fallback_move(live.state, seat, rng)
                log.warning("game %s: %s's bot %s and played a random legal move instead (%s)", live.id,
                            live.state.player_name(seat), why, live.state.action_to_text(action))
            await self._commit(live, seat, action)
        return True

    async def _replace_bot(self, live: LiveGame, seat: int, spec: str) -> None:
        """Give a seat whose stored bot this server refuses its usual bot instead (lock held), and say so."""
        bot = self.playable_bot(spec)
        await self.db(self.storage.set_seat_bot, live.id, seat, bot)
        live.seats[seat].bot = bot
        self.broadcast(live, full=True)
        log.warning("game %s: %s's bot asked for more thinking than this server allows (%s), so the seat is "
                    "played by the usual bot (%s) instead", live.id, live.state.player_name(seat), spec, bot)

    # ------------------------------------------------------------------------------------------- seats
    async def takeover(self, game_id: str, token: str | None, seat: int, bot: str) -> None:
        """Another player hands an absent player's seat to a bot (allowed after the game's timeout)."""
        live = await self.get(game_id)
        me = live.seat_for_token(token)
        self.check_bot(bot, "bot: ")
        async with live.lock:
            await self.catch_up(live)
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
            away = clocks.away(live, seat, time.time(), self.outages)
            if seat in live.connected_seats() or away < limit:
                raise E.ApiError(409, "takeover_refused",
                                 f"seat {seat}'s player was here {away:.0f} s ago; a seat can be handed to a bot "
                                 f"after {limit} s away")
            await self.db(self.storage.set_seat_bot, live.id, seat, bot)
            target.kind, target.bot = "bot", bot
            live.handed.pop(seat, None)
            await self.sync_clock(live)
            self.broadcast(live, full=True)
        self.kick_bots(live)

    async def hand_to_bot(self, live: LiveGame, now: float | None = None) -> bool:
        """Hand the seat to act to :data:`~.clocks.TIMEOUT_BOT` if its clock ran out or its player has been away
        for the game's ``takeover_after`` (rechecked under the lock, after catching up). Returns whether it did."""
        async with live.lock:
            await self.catch_up(live)
            now = time.time() if now is None else now
            due = clocks.overdue(live, now, self.outages)
            if due is None:
                return False
            seat, why = due
            await self.db(self.storage.set_seat_bot, live.id, seat, clocks.TIMEOUT_BOT)
            live.seats[seat].kind, live.seats[seat].bot = "bot", clocks.TIMEOUT_BOT
            live.handed[seat] = why
            if why == "time" and live.clock is not None:
                live.clock.time_out(seat)
                await self.save_clock(live)
            await self.sync_clock(live, now)
            self.broadcast(live, full=True)
        log.info("game %s: seat %d handed to a bot (%s)", live.id, seat, "out of time" if why == "time" else "away")
        self.kick_bots(live)
        return True

    async def sweep(self, now: float | None = None) -> int:
        """Hand to a bot every seat to act whose clock ran out or whose player is away too long, in the games
        this process holds; returns how many."""
        now = time.time() if now is None else now
        due = [live for live in list(self.games.values()) if clocks.overdue(live, now, self.outages) is not None]
        done = 0
        for live in due:
            try:
                done += await self.hand_to_bot(live, now)
            except E.ApiError as exc:  # the database is away: the next sweep tries again
                log.warning("game %s: cannot hand the seat to a bot now (%s)", live.id, exc.message)
        return done

    async def watch_clocks(self, every: float = clocks.SWEEP) -> None:
        """The sweep, for ever (one task per process). After a restart :meth:`resume_all` loads the games whose
        clock runs, so a deadline that passed while the server was down fires on the first sweep."""
        while not self.closing:
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
        for live in list(self.games.values()):
            deadline = live.clock.deadline() if live.clock is not None else None
            if deadline is not None:
                wait = min(wait, deadline - now)
        return max(clocks.SWEEP_MIN, wait)

    async def reclaim(self, game_id: str, token: str | None) -> int:
        """A player whose seat was handed to a bot takes it back with their own link."""
        live = await self.get(game_id)
        seat = live.seat_for_token(token)
        async with live.lock:
            await self.catch_up(live)
            if live.seats[seat].kind == "human":
                return seat
            await self.db(self.storage.set_seat_bot, live.id, seat, None)
            live.seats[seat].kind, live.seats[seat].bot = "human", None
            live.seats[seat].last_seen = time.time()
            live.handed.pop(seat, None)
            if live.clock is not None:
                live.clock.give_back(seat)
                await self.save_clock(live)
            await self.sync_clock(live)
            self.broadcast(live, full=True)
        return seat

    async def touch(self, live: LiveGame, seats: list[int]) -> None:
        now = time.time()
        for s in seats:
            live.seats[s].last_seen = now
        await self.db(self.storage.touch_seats, live.id, seats, now)

    async def touch_connected(self) -> None:
        """Mark every seat connected to this process present, in one transaction (however many games)."""
        now = time.time()
        present: dict[str, list[int]] = {}
        for live in list(self.games.values()):
            seats = sorted(live.connected_seats())
            if seats:
                present[live.id] = seats
                for s in seats:
                    live.seats[s].last_seen = now
        if present:
            await self.db(self.storage.touch_many, present, now)

    # ------------------------------------------------------------------------------------------- clients
    def subscribe(self, live: LiveGame, seat: int | None) -> Connection:
        conn = Connection(live.id, seat)
        live.connections.add(conn)
        payload = seat_payload(live, seat, "state", -1)
        conn.view = payload["view"]
        conn.board = None if payload["svg"] is None else patch.split(payload["svg"])
        conn.push(payload)
        conn.sent = len(live.state.history)
        conn.undone_seen = live.undone_total
        return conn

    def unsubscribe(self, live: LiveGame, conn: Connection) -> None:
        live.connections.discard(conn)

    def broadcast(self, live: LiveGame, full: bool = False) -> None:
        """Owe each local client the log entries it has not had, with its fresh view (``full``: every client,
        the seats changed). The update itself is built when the client's writer is ready for it."""
        n = len(live.state.history)
        if full:
            live.updates_at = -1  # built ones show the old seats
        for conn in list(live.connections):
            if conn.sent < n or full or conn.full:
                conn.mark(full)

    def broadcast_seats(self, live: LiveGame) -> None:
        """Tell local clients who is here (a seat's page opened or closed); no game data."""
        live.updates_at = -1  # built updates show who was here before
        msg = dumps({"type": "seats", "seats": live.public_seats()})
        for conn in list(live.connections):
            conn.push(msg)

    async def refresh(self, game_id: str, actions: int | None = None) -> None:
        """A process changed a game (``actions``: its new action count; None: its seats): catch up and tell our
        clients. Called on PostgreSQL NOTIFY, for our own changes too, which are skipped as already known."""
        live = self.games.get(game_id)
        if live is None or (actions is not None and self._known(live, actions)):
            return  # unknown here, already known, or our own commit telling us before we adopted it
        async with live.lock:
            before = [(s.kind, s.bot) for s in live.seats]
            await self.catch_up(live)
            self.broadcast(live, full=before != [(s.kind, s.bot) for s in live.seats])

    async def reload_clocks(self) -> None:
        """Another process gave the clocks an outage's time back (see :mod:`.uptime`): reread the clocks of the
        games held here, so none falls by the time it had before."""
        for live in [g for g in list(self.games.values()) if g.clock is not None]:
            try:
                async with live.lock:
                    await self.catch_up(live)
                self.broadcast(live, full=True)
            except E.ApiError:  # the database is away again: the sweep rereads a clock before it acts on it
                pass

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
            live = self.games.get(game_id)
            if live is None or self._known(live, moves[-1][0] + 1):
                continue
            if live.lock.locked() or moves[0][0] > live.log_len:
                asyncio.ensure_future(self._apply_later(live, moves))
                continue
            self._apply(live, moves)
            self.broadcast(live)

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
                    await self.catch_up(live)
                self.broadcast(live)
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
                ids = await self.db(self.storage.unfinished_bot_game_ids)
                clocked = await self.db(self.storage.running_clock_game_ids)
                known = set(ids)
                ids += [g for g in clocked if g not in known]
                break
            except E.ApiError:  # the database is not there yet
                await asyncio.sleep(2.0)
        gate = asyncio.Semaphore(concurrency)

        async def resume(game_id: str) -> None:
            async with gate:
                try:
                    live = await self.get(game_id)
                except Exception:
                    log.exception("cannot resume game %s", game_id)
                    return
                self.kick_bots(live)

        for i in range(0, len(ids), 100):  # a hundred tasks at a time, not thousands
            await asyncio.gather(*(resume(g) for g in ids[i:i + 100]))

    async def adopt_stalled(self, after: float = STALLED_AFTER) -> int:
        """Drive the bots of games where nothing was stored for ``after`` seconds and no bot loop of ours runs:
        with several processes on one database, the one that drove them may have died (kill -9). If it is merely
        slow, both drive them for a while and the database lets one action per turn through. Returns how many
        games' bots were started."""
        started = 0
        for game_id in await self.db(self.storage.stalled_bot_game_ids, time.time() - after):
            live = self.games.get(game_id)
            if live is not None and live.bot_task is not None and not live.bot_task.done():
                continue
            try:
                live = await self.get(game_id)
                async with live.lock:
                    await self.catch_up(live)
            except Exception:  # noqa: BLE001 - the next sweep tries again
                log.exception("cannot look at stalled game %s", game_id)
                continue
            self.kick_bots(live)
            started += live.bot_task is not None and not live.bot_task.done()
        return started

    async def close(self) -> None:
        """Stop the bots at once (their moves in progress are dropped, never half stored), then store what is
        pending and stop the committer."""
        self.closing = True
        tasks = [t for t in [self.resume_task, *(g.bot_task for g in self.games.values())] if t is not None]
        for t in tasks:
            t.cancel()
        self.bot_pool.close()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self.committer.close)

