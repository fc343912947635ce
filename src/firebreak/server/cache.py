"""The live games one server process holds: a cache of the database, and the clients connected to each game.

The database is the truth; a :class:`LiveGame` is a cache rebuilt by replaying the stored actions, and caught up
(:meth:`LiveGames.catch_up`) before every decision, so several processes sharing one database stay correct. A
client's update is built only when its connection's writer is ready to send it (:meth:`LiveGame.update_for`),
from the state as it is then; a viewer's view and board are built once per state and each distinct update encoded
once, shared by every client it suits; and an update carries patches of the view and board its client holds
(:mod:`.patch`), not the whole of them.

:class:`LiveGames` is the base of the :class:`~.live.GameManager`: its parts (:mod:`.turns`, :mod:`.bot_play`,
:mod:`.clock_watch`, :mod:`.sync`) reach every game through it.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from firebreak.agents import Agent, bot_words
from firebreak.core import UNDO, ActionChoice, GameSpec, GameState, get_game
from firebreak.core.forced import forced_choice, forced_line

from . import errors as E
from . import patch
from . import undo as takebacks
from .clocks import Clock
from .limits import Limits
from .storage import UNAVAILABLE, GameRow, SeatRow, Storage, token_matches
from .uptime import Outages
from .views import seat_board, seat_payload
from .wire import dumps

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
        self.updates: dict[tuple[int | None, int, int, int, int], tuple[Any, ...]] = {}
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
        payload = seat_payload(
            self,
            conn.seat,
            "state" if conn.sent < 0 else "update",
            conn.sent,
            board,
            None if conn.sent < 0 else conn.undone_seen,
        )
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
            entry = {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "bot_words": bot_words(s.bot) if s.kind == "bot" else "",  # the strip's words, never the spec
                "connected": s.kind == "bot" or s.seat in here or recent,
                "has_link": s.token_hash is not None,
            }
            if s.kind == "bot" and s.seat in self.handed:
                entry["handed"] = self.handed[s.seat]  # why the sweep gave it to a bot (since this process runs)
            out.append(entry)
        return out


DB_ATTEMPTS = 2
"""Tries of a storage call refused for a database lock before the client gets a 503."""


class LiveGames:
    """The games this process holds, least recently used first, loaded on demand and forgotten when idle beyond
    ``max_cached`` (the database keeps them); the database calls of the server, in threads; and the clients of
    each game. Exists apart from the manager's parts so each of them reaches a game, its lock and its clients the
    same way, and a game is caught up from one place."""

    def __init__(self, storage: Storage, max_cached: int = 2000, undo_cap: int = Limits.undos_per_turn) -> None:
        self.storage = storage
        self.undo_cap = undo_cap
        self.max_cached = max_cached
        self.games: OrderedDict[str, LiveGame] = OrderedDict()  # least recently used first
        self.outages = Outages()  # times no server ran: not counted as a player's absence (see .uptime)
        self.closing = False  # the process is shutting down: no new bot moves
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
            self.remember(live)
            return live

    def remember(self, live: LiveGame) -> None:
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

    def _fresh(
        self, game_id: str, start: int, clocked: bool = False
    ) -> tuple[list[tuple[int, int]], list[SeatRow], dict[str, Any] | None]:
        return (
            self.storage.load_actions(game_id, start),
            self.storage.load_seats(game_id),
            self.storage.load_clock(game_id) if clocked else None,
        )

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
