"""Scale-out: PostgreSQL LISTEN/NOTIFY carries "game X changed" between server processes.

Every action and seat change is stored with ``pg_notify`` in the same transaction, so the notification is sent
only when the change is committed, and notifications arrive in commit order. Each process listens on a dedicated
connection in a thread and hands what it hears to its :class:`~firebreak.server.live.GameManager` on the event
loop, one hand-over per notification.

A batch of actions (many games' moves and their bots' answers, committed together by :mod:`.commits`) is announced
by one notification (a few for a very large batch) that carries the actions themselves
(``actions GAME:IDX:ACTION:SEAT ...``): the other processes apply them to the games they hold and update their
clients without a read of the database, which was a round trip per game and per batch. They read the database
only when a note does not follow on from what they hold (one missed while the listening connection was
reconnecting). A seat handed to or taken back from a bot is ``GAME seats``: that game is caught up from the
database. The database stays the one source of truth, and a process skips notes it is already past.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from .storage import NOTIFY_CHANNEL, Storage, read_note

if TYPE_CHECKING:
    from .live import GameManager

log = logging.getLogger(__name__)


def _libpq_url(storage: Storage) -> str:
    url = storage.url
    for prefix in ("postgresql+psycopg://", "postgresql+psycopg2://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql://" + url[len(prefix) :]
    return url


def start_listener(storage: Storage, manager: GameManager, loop: asyncio.AbstractEventLoop) -> Callable[[], None]:
    """Start the listening thread; returns a function that stops it."""
    import psycopg

    stop = threading.Event()
    ready = threading.Event()

    def run() -> None:
        while not stop.is_set():
            try:
                with psycopg.connect(_libpq_url(storage), autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    ready.set()
                    while not stop.is_set():
                        for note in conn.notifies(timeout=0.5, stop_after=100):
                            content = read_note(note.payload)
                            if isinstance(content, list):  # a batch's actions: applied as they are
                                loop.call_soon_threadsafe(_apply, manager, content)
                            else:
                                loop.call_soon_threadsafe(_refresh_soon, manager, content)
            except Exception:
                if stop.is_set():
                    return
                log.exception("lost the PostgreSQL notification connection; reconnecting")
                stop.wait(1.0)

    thread = threading.Thread(target=run, name="firebreak-listen", daemon=True)
    thread.start()
    ready.wait(timeout=10)

    def stopper() -> None:
        stop.set()
        thread.join(timeout=5)

    return stopper


def _apply(manager: GameManager, notes: list[tuple[str, int, int, int]]) -> None:
    try:
        manager.apply_notes(notes)
    except Exception:
        log.exception("cannot apply a notification")


def _refresh_soon(manager: GameManager, content: tuple[str, int | None, str]) -> None:
    asyncio.ensure_future(_refresh(manager, *content))


async def _refresh(manager: GameManager, game_id: str, actions: int | None, what: str = "") -> None:
    try:
        hook = getattr(manager, "note_hooks", {}).get(what)  # chat, rematch: see server/table.py
        if hook is not None:
            await hook(game_id)
            return
        await manager.refresh(game_id, actions)
    except Exception:
        log.exception("cannot refresh game %s after a notification", game_id)
