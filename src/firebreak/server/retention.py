"""Keeping the database from growing for ever: finished games are removed some days after their last move
(``Limits.keep_finished_days``), each first written as a record to ``Limits.archive_dir`` when one is set.

The work runs in a worker thread, a batch at a time, every :data:`EVERY` seconds (and once shortly after
start), so the event loop never waits for it. Unfinished games are never touched.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from firebreak.core import get_game, record_of

from .limits import Limits
from .storage import Storage

log = logging.getLogger(__name__)

EVERY = 3600.0
"""Seconds between two passes."""

BATCH = 200
"""Games removed per transaction."""


def archive_game(storage: Storage, game_id: str, folder: Path) -> None:
    """Write a stored game's record (the same file ``GET /api/games/{id}/log`` gives) into ``folder``."""
    row = storage.load_game(game_id)
    if row is None:
        return
    state = get_game(row.game).new_game(row.num_players, row.seed, row.options)
    for action, _seat in storage.load_actions(game_id):
        state.apply(action)
    body = json.dumps(record_of(state).to_json(), indent=1, ensure_ascii=False) + "\n"
    path = folder / f"{row.game}-{game_id}.json"
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(body, encoding="utf-8")
    os.replace(tmp, path)  # a crash never leaves half a record under the real name


def prune_finished(storage: Storage, limits: Limits, now: float | None = None) -> list[str]:
    """Remove (archiving first, if set) every finished game older than the retention; returns their ids."""
    if not limits.keep_finished_days:
        return []
    cutoff = (time.time() if now is None else now) - limits.keep_finished_days * 86400
    folder = Path(limits.archive_dir) if limits.archive_dir else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    removed: list[str] = []
    while True:
        ids = storage.finished_before(cutoff, BATCH)
        if not ids:
            return removed
        if folder is not None:
            for game_id in ids:
                archive_game(storage, game_id, folder)
        storage.delete_games(ids)
        removed.extend(ids)


async def prune_forever(
    storage: Storage, limits: Limits, forget: Callable[[list[str]], Any], every: float = EVERY, first: float = 30.0
) -> None:
    """Prune now and then in a worker thread; ``forget(ids)`` (on the loop) drops removed games from caches."""
    await asyncio.sleep(first)
    while True:
        try:
            removed = await asyncio.to_thread(prune_finished, storage, limits)
            if removed:
                forget(removed)
                log.info("removed %d finished games older than %g days", len(removed), limits.keep_finished_days)
        except Exception:  # a failed pass (database away, archive folder full) is retried at the next one
            log.exception("pruning finished games failed")
        await asyncio.sleep(every)


async def every_minute(tick: Callable[[], Any]) -> None:
    while True:
        await asyncio.sleep(60)
        with contextlib.suppress(Exception):
            tick()


def with_housekeeping(
    inner: Callable[[Any], contextlib.AbstractAsyncContextManager[Any]],
    storage: Storage,
    limits: Limits,
    forget: Callable[[list[str]], Any],
    tick: Callable[[], Any],
) -> Callable[[Any], contextlib.AbstractAsyncContextManager[Any]]:
    """The app's lifespan ``inner`` with the pruning task (and ``tick``, every minute: the limiter forgetting
    idle clients) running alongside it, stopped before ``inner`` ends."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[Any]:
        async with inner(app) as value:
            tasks = [asyncio.create_task(every_minute(tick))]
            if limits.keep_finished_days:
                tasks.append(asyncio.create_task(prune_forever(storage, limits, forget)))
            try:
                yield value
            finally:
                for task in tasks:
                    task.cancel()
                for task in tasks:
                    with contextlib.suppress(asyncio.CancelledError):
                        await task

    return lifespan
