"""Clocks stop while no server process runs: the time of an outage is given back to the players.

A person cannot move while no server answers, so that time must not run down their clock or count as their
absence (a restart after 11 s used to hand an 8 s turn to a bot at once, which then played for the person).

How an outage is measured (the decision):

- Every server process has a row in ``server_processes`` (its firebreak version, host and pid) and writes a
  heartbeat into it every :data:`BEAT` seconds; a process that stops cleanly writes when it stopped.
- An outage is a time when **no** process was alive. With several processes on PostgreSQL, one dying while
  another runs is no outage: the others kept the clocks and took over its games. So it is measured only at a
  process's start, under the database's start-up lock (:func:`.schema.exclusive`, so two processes starting
  together after an outage cannot both count it): if no other process is alive, the outage ran from the last sign
  of life of any process (the latest stop, else the latest heartbeat) to now. A process is alive if it has not
  stopped and its heartbeat is under :data:`DEAD_AFTER` seconds old, unless it ran on this very machine and its
  pid is gone (a ``kill -9`` followed by a quick restart is then seen at once, not after ``DEAD_AFTER``).
- The outage is given back at once, in the same transaction: every running clock of an unfinished game is moved
  on by the part of the outage after it started (``started`` and ``deadline``), so it resumes with the time it
  had left; and the outage is recorded in ``outages``, which every process reads at its start and whose time does
  not count towards a player's absence (``takeover_after``; see :func:`.clocks.away`).
- A kill -9 between two heartbeats gives back up to :data:`BEAT` seconds more than the outage (its process may
  have lived that long after its last heartbeat): the error is in the players' favour and small.
- A database from before heartbeats (upgraded from a firebreak without them) takes its last stored sign of life
  (an action, a player seen, a clock started, a game created) as the moment its server stopped.
- If the database itself was unreachable for long, a process starting meanwhile may find the others' heartbeats
  stale and count an outage (nobody could move then either); the processes that were alive learn of it from
  their next heartbeat and reload the clocks of their games.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from bisect import bisect_right
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import case, delete, func, insert, select, update

from firebreak import __version__

from .schema import actions_table, clocks_table, games_table, outages_table, seats_table, server_processes_table
from .storage import Storage

log = logging.getLogger(__name__)

BEAT = 2.0
"""Seconds between two heartbeats of a process."""

DEAD_AFTER = 10.0
"""A process whose last heartbeat is older than this is taken as dead (a loaded machine may delay a beat by a few
seconds; a live process taken for dead would only give players time back)."""

KEEP_PROCESSES = 7 * 24 * 3600.0
"""Rows of processes gone for longer than this are removed at a start (the newest is always kept)."""


def machine() -> str:
    """This machine and pid namespace (a pid seen here means this process table), plus its host name."""
    parts = [socket.gethostname()]
    for path in ("/proc/sys/kernel/random/boot_id", "/proc/self/ns/pid"):
        try:
            parts.append(os.readlink(path) if path.endswith("/pid") else Path(path).read_text().strip())
        except OSError:
            pass
    return " ".join(parts)[:200]


def _pid_gone(pid: int) -> bool:
    """Whether no process of this machine has this pid (ours counts as gone: we are not registered yet, so a row
    with our pid is an earlier process's, e.g. a container's server, always pid 1)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # it exists (another user's)
        return False
    return False


@dataclass
class Outages:
    """The outages recorded, ``(began, ended)`` in order: what time not to count as a player's absence."""

    spans: list[tuple[float, float]] = field(default_factory=list)

    def within(self, start: float, end: float) -> float:
        """Seconds of outage between ``start`` and ``end``."""
        total = 0.0
        for began, ended in self.spans[max(0, bisect_right(self.spans, (start,)) - 1) :]:
            if began >= end:
                break
            total += max(0.0, min(ended, end) - max(began, start))
        return total


class Uptime:
    """This process's heartbeat, and the outage check at its start (see the module's docstring)."""

    def __init__(self, storage: Storage, host: str | None = None) -> None:
        self.storage = storage
        self.host = machine() if host is None else host  # (tests play processes of other machines)
        self.id = secrets.token_hex(16)
        self.outages = Outages()

    # ------------------------------------------------------------------------------------------- start
    def start(self, now: float | None = None) -> tuple[float, float] | None:
        """Register this process; if no other one is alive, give the time since the last sign of life back to
        every running clock and record it as an outage. Returns that outage ``(began, ended)``, or None."""
        from .schema import exclusive

        with exclusive(self.storage.sa_url) as conn:
            now = time.time() if now is None else now
            rows = conn.execute(select(server_processes_table)).mappings().all()
            here = machine()
            alive = [
                r
                for r in rows
                if r["stopped_at"] is None
                and now - r["beat_at"] < DEAD_AFTER
                and not (r["host"] == here and _pid_gone(r["pid"]))
            ]
            outage = None
            if not alive:
                last = max(r["stopped_at"] or r["beat_at"] for r in rows) if rows else _last_activity(conn)
                if last is not None and last < now:
                    outage = (last, now)
                    moved = give_back(conn, last, now)
                    conn.execute(insert(outages_table).values(began=last, ended=now))
                    log.info(
                        "no server ran for %.1f s: %d running %s given that time back",
                        now - last,
                        moved,
                        "clock" if moved == 1 else "clocks",
                    )
            newest = max((r["beat_at"] for r in rows), default=None)
            conn.execute(
                delete(server_processes_table).where(
                    (server_processes_table.c.beat_at < now - KEEP_PROCESSES)
                    & (server_processes_table.c.beat_at != newest)
                )
            )
            conn.execute(
                insert(server_processes_table).values(
                    id=self.id, version=__version__, host=self.host, pid=os.getpid(), started_at=now, beat_at=now
                )
            )
            self.outages.spans = _read_outages(conn)  # (in place: the game manager holds this object)
        return outage

    # ------------------------------------------------------------------------------------------- running
    def beat(self, now: float | None = None) -> bool:
        """Write this process's heartbeat; returns True if an outage was recorded since we last looked (by a
        process that took us for dead: the database was away), after reloading :attr:`outages`."""
        now = time.time() if now is None else now
        with self.storage.engine.begin() as conn:
            beat = conn.execute(
                update(server_processes_table).where(server_processes_table.c.id == self.id).values(beat_at=now)
            )
            if beat.rowcount == 0:  # (removed by hand, say): written again, or the next start takes us for dead
                conn.execute(
                    insert(server_processes_table).values(
                        id=self.id, version=__version__, host=self.host, pid=os.getpid(), started_at=now, beat_at=now
                    )
                )
        with self.storage.engine.connect() as conn:  # (read apart: SQLite's write lock is held for the update only)
            count = conn.execute(select(func.count()).select_from(outages_table)).scalar_one()
            if count == len(self.outages.spans):
                return False
            self.outages.spans = _read_outages(conn)
        return True

    def stop(self, now: float | None = None) -> None:
        """Record that this process stopped (the next start measures any outage from now)."""
        now = time.time() if now is None else now
        with self.storage.engine.begin() as conn:
            conn.execute(
                update(server_processes_table)
                .where(server_processes_table.c.id == self.id)
                .values(beat_at=now, stopped_at=now)
            )

    async def beat_forever(self, on_outage: Callable[[], Awaitable[Any]], every: float = BEAT) -> None:
        """The heartbeat, for ever (one task per process); ``on_outage`` when another process recorded one."""
        failing = False
        while True:
            await asyncio.sleep(every)
            try:
                if await asyncio.to_thread(self.beat):
                    await on_outage()
                failing = False
            except Exception:  # noqa: BLE001 - the database is away or locked: the next beat tries again
                if not failing:
                    log.warning("cannot write this server's heartbeat", exc_info=True)
                failing = True


def give_back(conn: Any, began: float, ended: float) -> int:
    """Move every running clock of an unfinished game on by the part of the outage ``began``..``ended`` after it
    started (so it resumes at ``ended`` with the time it had left); returns how many. One statement, in the
    caller's transaction."""
    c = clocks_table.c
    shift = case((c.started < began, ended - began), else_=ended - c.started)
    unfinished = select(games_table.c.id).where(games_table.c.finished.is_(False))
    return conn.execute(
        update(clocks_table)
        .where(c.running.is_not(None) & c.started.is_not(None) & (c.started < ended) & c.game_id.in_(unfinished))
        .values(started=c.started + shift, deadline=c.deadline + shift)
    ).rowcount


def _last_activity(conn: Any) -> float | None:
    """A database without heartbeats (from before them, or fresh): its latest stored sign of life, if any."""
    found = [
        conn.execute(select(func.max(col))).scalar_one_or_none()
        for col in (
            actions_table.c.created_at,
            seats_table.c.last_seen,
            clocks_table.c.started,
            games_table.c.created_at,
        )
    ]
    found = [f for f in found if f is not None]
    return max(found) if found else None


def _read_outages(conn: Any) -> list[tuple[float, float]]:
    return [
        (r[0], r[1])
        for r in conn.execute(select(outages_table.c.began, outages_table.c.ended).order_by(outages_table.c.began))
    ]
