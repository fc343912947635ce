"""Group commit: the actions of all the games of a process are stored many per transaction.

Storing each action in its own transaction cost a thread hop, a transaction and SQLAlchemy's per-statement work
per action (about 1 ms of CPU on SQLite; on PostgreSQL also a flush of the log to disk). Here every game queues
its action and waits; the writer takes everything pending, commits it in one transaction
(:meth:`Storage.append_actions`) and only then wakes the waiting games, each of which then adopts, acknowledges and
broadcasts its own action. An idle server commits each action at once (a batch of one); a busy one commits more
per transaction, so the cost per action falls as the load rises. Nothing is acknowledged before its commit, and
an action whose turn another process took first fails alone (the batch is retried game by game). A game queues a
*run*: its move and the bots' instant answers to it (:meth:`~.turns.Turns.commit`), stored all or none, so
a move answered by three bots costs one commit, not four one after another.

Chat messages and games' clocks ride in the same batches (:meth:`GroupCommitter.append_chat`,
:meth:`~GroupCommitter.append_clock`): on SQLite they are stored in the transaction of the actions pending with
them, so this thread is the only one writing. A message in a transaction of its own, from another thread, cost a
commit and, worse, made the writer wait for SQLite's write lock: its busy handler sleeps 1, 2, 5, 10 ms... before
trying again, and every action of the batch waited with it (the load benchmark's p99 rose from 58 to about 150 ms
with chat on). A message is acknowledged, like an action, only once its batch is committed.

On PostgreSQL a commit waits for the disk (and on a busy machine for the database's processes to be scheduled),
so :data:`POSTGRES_WRITERS` threads commit batches side by side: the next batch does not wait for the one in
flight, and PostgreSQL flushes them together. Each game belongs to one writer (by its id), so everything of one
game (its runs, its messages, its clock rows) commits in the order it was queued: two messages sent quickly keep
their order and numbers, and an older clock row never lands after a newer one.

The writer is a thread: a commit can wait for the network and the disk, or for a lock another program holds
on the database (up to :data:`~.storage.LOCK_TIMEOUT` per try, :data:`ATTEMPTS` tries), and the event loop must
never wait with it: on a locked SQLite file an inline commit stalled every request of the server. (``inline``
commits on the loop once per loop iteration, for tests and measurements only: a WAL commit without fsync takes a
fraction of a millisecond, but a locked database would freeze the server.) A batch that still finds the database
locked or gone fails with the database's error, which the server answers with a 503: nothing was stored.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from .storage import UNAVAILABLE, Storage
from .table_data import ChatItem, ChatRow

ATTEMPTS = 2
"""Tries of a batch while the database is locked or unreachable, before its actions are refused (503)."""

POSTGRES_WRITERS = 2
"""Writer threads on PostgreSQL: while one batch waits for its commit to reach the disk, the next one is already
on its way (PostgreSQL flushes concurrent commits together) instead of waiting for it. A game has one run in
flight at a time, so its actions still commit in order. SQLite takes one writer at a time: one thread there."""

RETRY_PAUSE = 0.2
"""Seconds between two tries of a batch."""

Item = tuple[str, int, int, int, bool]  # (game_id, idx, action, seat, finished)
"""One action to store. A game queues a *run* of them: its move and the bots' answers computed with it."""

Extra = tuple[str, tuple]
"""Another write of a batch: ``("chat", ChatItem)`` or ``("clock", (game_id, row))`` (see
:meth:`~.storage.Storage.append_batch`)."""

Entry = tuple[list[Item], Extra | None, asyncio.AbstractEventLoop, asyncio.Future]
"""What waits for the writer: a run of actions (and no extra), or one extra write (and no actions)."""


class GroupCommitter:
    """Queue of actions to store, drained on the event loop (``inline``, SQLite's default) or by one daemon thread
    started on first use (the default)."""

    def __init__(
        self, storage: Storage, max_batch: int = 500, inline: bool | None = None, writers: int | None = None
    ) -> None:
        self.storage = storage
        self.writers = (POSTGRES_WRITERS if storage.is_postgres else 1) if writers is None else writers
        self.max_batch = max_batch
        self.inline = False if inline is None else inline
        self._flush_due = False
        self.batches = 0  # transactions committed (with ``actions``: how well commits are grouped)
        self.actions = 0
        self.chats = 0  # messages stored
        self._cv = threading.Condition()
        self._pending: list[Entry] = []  # inline: what the next loop iteration commits
        self._queues: list[list[Entry]] = [[] for _ in range(max(1, self.writers))]  # one per writer thread
        self._threads: list[threading.Thread] = []
        self._closed = False

    async def append(self, game_id: str, idx: int, action: int, seat: int, finished: bool) -> None:
        """Store one action; returns once it is committed. Raises ``StaleIndexError`` if its index was taken."""
        await self.append_run([(game_id, idx, action, seat, finished)])

    async def append_run(self, run: list[Item]) -> None:
        """Store consecutive actions of ONE game (a move and the bots' answers to it) together, all or none;
        returns once they are committed. Raises ``StaleIndexError`` if an index was taken."""
        await self._queue(run, None)

    async def append_chat(self, chat: ChatItem) -> ChatRow | str:
        """Store a chat message with the next batch; returns its row once committed (a str: why it was not
        stored, see :data:`.table_data.FULL`). Raises the database's error if it was refused."""
        # (as a ChatItem: the storage asks the item to write itself, see Storage._write_extra)
        return await self._queue([], ("chat", ChatItem(*chat)))  # type: ignore[no-any-return]

    async def append_clock(self, game_id: str, row: dict[str, Any]) -> None:
        """Store a game's clock (its whole row) with the next batch; returns once committed."""
        await self._queue([], ("clock", (game_id, row)))

    async def _queue(self, run: list[Item], extra: Extra | None) -> Any:
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        if self.inline:
            if self._closed:
                raise RuntimeError("the server is shutting down; nothing more is stored")
            self._pending.append((run, extra, loop, fut))
            if not self._flush_due:
                self._flush_due = True
                loop.call_soon(self._flush_inline)
            return await fut
        with self._cv:
            if self._closed:
                raise RuntimeError("the server is shutting down; nothing more is stored")
            game_id = run[0][0] if run else extra[1][0]  # type: ignore[index]
            self._queues[hash(game_id) % len(self._queues)].append((run, extra, loop, fut))
            if not self._threads:
                for k in range(len(self._queues)):
                    self._threads.append(
                        threading.Thread(
                            target=self._run, args=(self._queues[k],), name=f"firebreak-commits-{k}", daemon=True
                        )
                    )
                    self._threads[-1].start()
            self._cv.notify_all()
        return await fut

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self, timeout: float = 10.0) -> None:
        """Store what is pending, then stop the thread."""
        with self._cv:
            self._closed = True
            self._cv.notify_all()
            threads = list(self._threads)
        for thread in threads:
            thread.join(timeout)

    def _flush_inline(self) -> None:
        """Commit everything queued in this loop iteration (on the loop: see the module's docstring)."""
        self._flush_due = False
        batch, self._pending = self._pending, []
        if batch:
            _settle(self._store(batch))

    def _store(self, batch: list[Entry]) -> list[tuple[asyncio.Future, Any, Any]]:
        """Commit a batch; (future, exception, value) per entry: the exception to raise, or None and the value
        to return (None for a run of actions, the stored row for a message)."""
        items = [item for run, _, _, _ in batch for item in run]
        extras = [extra for _, extra, _, _ in batch if extra is not None]
        stored = False
        rows: list[Any] = []
        for attempt in range(1, ATTEMPTS + 1):
            try:
                if extras:
                    results, rows = self.storage.append_batch(items, extras)
                else:
                    results = self.storage.append_actions(items)
                stored = True
            except UNAVAILABLE as exc:  # locked or lost: try again shortly (on the loop: never, see above)
                results, rows = [exc] * len(items), [exc] * len(extras)
                if attempt < ATTEMPTS and not self.inline:
                    time.sleep(RETRY_PAUSE)
                    continue
            except Exception as exc:  # noqa: BLE001 - the database refused the batch: all fail
                results, rows = [exc] * len(items), [exc] * len(extras)
            break
        if stored:
            with self._cv:
                self.batches += 1
                self.actions += sum(r is None for r in results)
                self.chats += sum(
                    kind == "chat" and not isinstance(r, BaseException) for (kind, _), r in zip(extras, rows)
                )
        out: list[tuple[asyncio.Future, Any, Any]] = []
        at = k = 0
        for run, extra, _, fut in batch:  # a run's actions are stored or refused together: its first refusal says why
            if extra is not None:
                row = rows[k]
                k += 1
                out.append((fut, row, None) if isinstance(row, BaseException) else (fut, None, row))
                continue
            mine = results[at : at + len(run)]
            at += len(run)
            out.append((fut, next((r for r in mine if r is not None), None), None))
        return out

    def _run(self, pending: list[Entry]) -> None:
        """One writer: commits the batches of the games that queue to ``pending``, oldest first."""
        while True:
            with self._cv:
                while not pending and not self._closed:
                    self._cv.wait()
                if not pending:
                    return
                batch = pending[: self.max_batch]
                del pending[: self.max_batch]
            by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future, Any, Any]]] = {}
            for (_, _, loop, _), one in zip(batch, self._store(batch)):
                by_loop.setdefault(loop, []).append(one)
            for loop, settled in by_loop.items():  # one wake-up per event loop for the whole batch
                try:
                    loop.call_soon_threadsafe(_settle, settled)
                except RuntimeError:  # that loop is closed: nobody waits any more
                    pass


def _settle(settled: list[tuple[asyncio.Future, Any, Any]]) -> None:
    for fut, exc, value in settled:
        if fut.done():  # the waiting task was cancelled; the action is stored and is caught up like another's
            continue
        if exc is None:
            fut.set_result(value)
        else:
            fut.set_exception(exc)
