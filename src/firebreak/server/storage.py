"""Durable storage of played games through SQLAlchemy (SQLite by default, PostgreSQL for scale-out).

A game is stored as what reproduces it: (game, players, options, seed) in ``games``, one row per seat in ``seats``
and one row per accepted action in ``actions``. The state itself is never stored: it is rebuilt by replaying, so
a row can never disagree with the rules. ``actions`` has the primary key (game_id, idx): two processes racing to
write the same turn cannot both succeed, whatever their in-memory caches believed.

Everything here is synchronous; the web layer calls it from worker threads, and stores actions through the
writer threads of :mod:`firebreak.server.commits`, which commit the pending actions of many games together
(:meth:`Storage.append_actions`; on PostgreSQL one statement per batch, whose notifications carry the actions).

The tables are declared in :mod:`.schema` (every table of the server, in one place) and made and upgraded by the
migrations in ``migrations/``, which a :class:`Storage` runs before its first use: a change of a table there
needs a migration.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError

from . import schema
from .schema import (  # noqa: F401 - metadata: imported from here by callers that open a database
    actions_table,
    chat_muted_table,
    chat_senders_table,
    chat_table,
    clocks_table,
    games_table,
    metadata,
    open_seats_table,
    rematches_table,
    seats_table,
)

UNAVAILABLE = (OperationalError, InterfaceError, PoolTimeoutError)
"""What a locked, lost or overloaded database raises: the request is refused with a 503 and may be tried again."""

LOCK_TIMEOUT = 1.5
"""Seconds a statement waits for a lock another connection holds (SQLite ``busy_timeout``, PostgreSQL
``lock_timeout``) before failing: a short wait keeps a stuck database from holding requests and threads for long;
the caller retries or answers 503."""

STATEMENT_TIMEOUT = 10.0
"""PostgreSQL ``statement_timeout``: no statement of the server's takes near this long unless something is wrong."""


NOTIFY_CHANNEL = "firebreak_updates"

NOTE_BYTES = 7900
"""Largest payload of one notification (PostgreSQL's limit is 8000 bytes): a batch's actions take a few."""

ACTIONS_NOTE = "actions"
"""First word of a notification carrying stored actions: ``actions GAME:IDX:ACTION:SEAT ...`` (the other
notifications are ``GAME seats`` and ``GAME N``: look the game up in the database)."""


def action_notes(items: list[tuple[str, int, int, int, bool]]) -> list[str]:
    """The notifications announcing a batch of stored actions, each carrying the actions themselves, so the other
    processes apply them without reading the database (they read it only if a note shows a gap)."""
    notes: list[str] = []
    words = [ACTIONS_NOTE]
    size = len(ACTIONS_NOTE)
    for g, i, a, s, _ in items:
        word = f"{g}:{i}:{a}:{s}"
        if size + 1 + len(word) > NOTE_BYTES:
            notes.append(" ".join(words))
            words, size = [ACTIONS_NOTE], len(ACTIONS_NOTE)
        words.append(word)
        size += 1 + len(word)
    if len(words) > 1:
        notes.append(" ".join(words))
    return notes


def read_note(payload: str) -> list[tuple[str, int, int, int]] | tuple[str, int | None, str]:
    """A notification's content: the stored actions ``(game, idx, action, seat)`` it carries, or for the other
    kinds ``(game, new action count or None, the word after the game)`` (None: its seats changed, or a note of
    another kind such as ``chat`` or ``rematch``)."""
    if payload.startswith(ACTIONS_NOTE + " "):
        out = []
        for word in payload.split()[1:]:
            g, i, a, s = word.rsplit(":", 3)
            out.append((g, int(i), int(a), int(s)))
        return out
    game_id, _, what = payload.partition(" ")
    return game_id, int(what) if what.isdigit() else None, what


def _runs_by_game(items: list[tuple[str, int, int, int, bool]]) -> list[list[tuple[str, int, int, int, bool]]]:
    """Items cut into each game's consecutive actions."""
    runs: list[list[tuple[str, int, int, int, bool]]] = []
    for item in items:
        if runs and runs[-1][-1][0] == item[0]:
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


def hash_token(token: str) -> str:
    """Seat tokens are stored hashed, so a leaked database does not hand out seats."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, token_hash: str | None) -> bool:
    return token_hash is not None and hmac.compare_digest(hash_token(token), token_hash)


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    token_hash: str | None
    last_seen: float | None


@dataclass
class GameRow:
    id: str
    game: str
    num_players: int
    options: dict[str, Any]
    seed: int
    created_at: float
    takeover_after: int
    num_actions: int
    finished: bool


class StaleIndexError(Exception):
    """Another action was stored at this index first (the optimistic-concurrency check failed)."""


def default_database_url() -> str:
    return f"sqlite:///{Path.cwd() / 'firebreak-games.sqlite3'}"


class Storage:
    """All database access of the server. One instance per process, shared by its threads."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.is_postgres = url.startswith("postgresql")
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://") :]
        self.sa_url = url
        kwargs: dict[str, Any] = {"future": True}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": LOCK_TIMEOUT}
        else:
            kwargs["pool_size"] = 10
            kwargs["max_overflow"] = 20
            kwargs["pool_pre_ping"] = True
            kwargs["pool_timeout"] = 5
            kwargs["connect_args"] = {"connect_timeout": 3}
        self.engine: Engine = create_engine(url, **kwargs)
        self.commit_engine: Engine | None = None  # PostgreSQL: the writer thread's connections (see append_actions)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            event.listen(self.engine, "connect", _postgres_timeouts)
            # no liveness check: a lost connection fails the batch, which is tried again on a new one
            self.commit_engine = create_engine(
                url,
                future=True,
                pool_size=2,
                max_overflow=2,
                pool_timeout=5,
                isolation_level="AUTOCOMMIT",
                connect_args=kwargs["connect_args"],
            )
            event.listen(self.commit_engine, "connect", _postgres_timeouts)
        schema.upgrade(url)  # the tables made or brought up to date by the migrations, under the start-up lock

    def dispose(self) -> None:
        self.engine.dispose()
        if self.commit_engine is not None:
            self.commit_engine.dispose()

    # ------------------------------------------------------------------------------------------- writing
    def create_game(self, row: GameRow, seats: list[SeatRow], clock: dict[str, Any] | None = None) -> None:
        """Store a new game with its seats (and its clock, if it has one) in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(games_table).values(
                    id=row.id,
                    game=row.game,
                    num_players=row.num_players,
                    options=row.options,
                    seed=row.seed,
                    created_at=row.created_at,
                    takeover_after=row.takeover_after,
                    num_actions=0,
                    finished=False,
                )
            )
            conn.execute(
                insert(seats_table),
                [
                    {
                        "game_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "token_hash": s.token_hash,
                        "last_seen": s.last_seen,
                    }
                    for s in seats
                ],
            )
            if clock is not None:
                conn.execute(insert(clocks_table).values(game_id=row.id, **clock))

    def append_action(self, game_id: str, idx: int, action: int, seat: int, finished: bool) -> None:
        """Store action ``idx`` of a game, committed before returning. Raises :class:`StaleIndexError` if taken."""
        error = self.append_actions([(game_id, idx, action, seat, finished)])[0]
        if error is not None:
            raise error

    def append_actions(self, items: list[tuple[str, int, int, int, bool]]) -> list[Exception | None]:
        """Store the actions ``(game_id, idx, action, seat, finished)`` of several games in ONE transaction.

        Group commit: one transaction (and, on PostgreSQL, one flush of its log to disk and one notification) for
        a whole batch instead of one per action, which is what a busy server is limited by. Returns one result per
        item, in order: ``None`` once committed, else that item's exception. A game's actions in a batch (a move
        and the bots' answers to it) are consecutive items in order, and are stored or refused together: if an
        index was already taken (another process stored that turn), the batch is rolled back and each game's
        actions stored alone, so only the stale game fails.
        """
        try:
            if self.commit_engine is not None:
                with self.commit_engine.connect() as conn:
                    self._insert_actions_postgres(conn, items)
            else:
                with self.engine.begin() as conn:
                    self._insert_actions(conn, items)
        except IntegrityError:
            runs = _runs_by_game(items)
            if len(runs) == 1:
                g, i = items[0][:2]
                return [StaleIndexError(f"action {i} of game {g} was already taken")] * len(items)
            return [r for run in runs for r in self.append_actions(run)]
        return [None] * len(items)

    def append_batch(
        self, items: list[tuple[str, int, int, int, bool]], extras: list[tuple[str, tuple]]
    ) -> tuple[list[Exception | None], list[Any]]:
        """:meth:`append_actions` with other writes in the same commit: ``("chat", table_data.ChatItem)`` (a chat
        message) or ``("clock", (game_id, row))`` (:meth:`save_clock`). Returns one per item ``None`` or its
        exception, and one per extra its result (a message's ``ChatRow``, None if the game's chat is full; None
        for a clock) or its exception.

        On SQLite the actions and the extras are ONE transaction, so a message or a clock costs no commit of its
        own and no fight with the writer for the file's write lock (SQLite's busy handler sleeps 1, 2, 5, 10 ms...
        between tries, and the actions of the batch waited with it). If that transaction is refused (an index
        taken, or a message numbered by another process at the same moment) the actions are stored as
        :meth:`append_actions` does, then the extras. On PostgreSQL the actions keep their one-statement commit and
        the extras follow in one transaction, from the same writer thread."""
        if not extras:
            return self.append_actions(items), []
        results: list[Exception | None] | None = None
        if self.commit_engine is None and items:
            try:
                with self.engine.begin() as conn:
                    self._insert_actions(conn, items)
                    rows: list[Any] = [self._write_extra(conn, kind, args) for kind, args in extras]
                return [None] * len(items), rows
            except IntegrityError:
                pass  # stored apart below
        if items:
            results = self.append_actions(items)
        try:  # the extras together
            with self.engine.begin() as conn:
                rows = [self._write_extra(conn, kind, args) for kind, args in extras]
            return results or [], rows
        except IntegrityError:
            pass
        except UNAVAILABLE as exc:
            if results is None:
                raise  # nothing stored: the whole batch is tried again
            return results, [exc] * len(extras)  # the actions are stored: only the extras are refused
        rows = []
        for kind, args in extras:  # the actions are stored (or refused) by now: an extra's failure is its own
            try:
                rows.append(self._write_extra_alone(kind, args))
            except Exception as exc:  # noqa: BLE001 - refused or unavailable: that write gets the error
                rows.append(exc)
        return results or [], rows

    def _write_extra(self, conn: Any, kind: str, args: Any) -> Any:
        if kind == "chat":  # (a table_data.ChatItem writes itself: the chat's rules live with its data)
            return args.insert(self, conn)
        self._save_clock(conn, *args)
        return None

    def _write_extra_alone(self, kind: str, args: Any) -> Any:
        if kind == "chat":
            return args.store(self)
        self.save_clock(*args)
        return None

    def _insert_actions(self, conn: Any, items: list[tuple[str, int, int, int, bool]]) -> None:
        """The statements of :meth:`append_actions`, as plain SQL run many times over: SQLAlchemy's statement
        building cost more than SQLite's commit itself, and this runs for every action the server accepts."""
        p = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        now = time.time()
        conn.exec_driver_sql(
            f"INSERT INTO actions (game_id, idx, action, seat, created_at) VALUES ({p}, {p}, {p}, {p}, {p})",
            [(g, i, a, s, now) for g, i, a, s, _ in items],
        )
        last = {g: (i, f) for g, i, _, _, f in items}  # a game's last action in the batch says where it stands
        conn.exec_driver_sql(
            f"UPDATE games SET num_actions = {p}, finished = {p} WHERE id = {p}",
            [(i + 1, f, g) for g, (i, f) in last.items()],
        )
        if self.is_postgres:  # delivered on commit only, in commit order; a few notes for the whole batch
            for payload in action_notes(items):
                conn.exec_driver_sql(f"SELECT pg_notify({p}, {p})", (NOTIFY_CHANNEL, payload))

    def _insert_actions_postgres(self, conn: Any, items: list[tuple[str, int, int, int, bool]]) -> None:
        """:meth:`append_actions` on PostgreSQL: ONE statement (inserts, the games' counts and the notifications
        in data-modifying ``WITH`` clauses) on a connection in autocommit, so a whole batch, its commit and its
        notifications take one round trip to the server, not one per statement plus a ``BEGIN``, a ``COMMIT`` and
        a liveness check: on a busy machine each round trip waits for the database process to be scheduled."""
        last = {g: (i, f) for g, i, _, _, f in items}
        conn.exec_driver_sql(
            "WITH ins AS (INSERT INTO actions (game_id, idx, action, seat, created_at) "
            "SELECT g, i, a, s, %s FROM unnest(%s::varchar[], %s::int[], %s::int[], %s::int[]) AS t(g, i, a, s)), "
            "upd AS (UPDATE games SET num_actions = u.n, finished = u.f "
            "FROM unnest(%s::varchar[], %s::int[], %s::bool[]) AS u(id, n, f) WHERE games.id = u.id) "
            "SELECT pg_notify(%s, note) FROM unnest(%s::text[]) WITH ORDINALITY AS t(note, k) ORDER BY k",
            (
                time.time(),
                [g for g, *_ in items],
                [i for _, i, *_ in items],
                [a for _, _, a, _, _ in items],
                [s for _, _, _, s, _ in items],
                list(last),
                [i + 1 for i, _ in last.values()],
                [f for _, f in last.values()],
                NOTIFY_CHANNEL,
                action_notes(items),
            ),
        )

    def save_clock(self, game_id: str, row: dict[str, Any]) -> None:
        """Store a game's clock (its whole state: one row per game), committed before returning."""
        with self.engine.begin() as conn:
            self._save_clock(conn, game_id, row)

    def _save_clock(self, conn: Any, game_id: str, row: dict[str, Any]) -> None:
        done = conn.execute(update(clocks_table).where(clocks_table.c.game_id == game_id).values(**row))
        if done.rowcount == 0:
            conn.execute(insert(clocks_table).values(game_id=game_id, **row))

    def load_clock(self, game_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(clocks_table).where(clocks_table.c.game_id == game_id)).mappings().first()
        return None if r is None else dict(r)

    def running_clock_game_ids(self) -> list[str]:
        """Unfinished games with a clock running (after a restart, their deadlines are watched again)."""
        with self.engine.connect() as conn:
            return [
                r[0]
                for r in conn.execute(
                    select(clocks_table.c.game_id)
                    .join(games_table, games_table.c.id == clocks_table.c.game_id)
                    .where(clocks_table.c.deadline.is_not(None) & games_table.c.finished.is_(False))
                    .order_by(clocks_table.c.deadline)
                )
            ]

    def set_seat_bot(self, game_id: str, seat: int, bot: str | None) -> None:
        """Hand a seat to a bot (``bot`` spec) or back to its human (``None``)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_table)
                .where((seats_table.c.game_id == game_id) & (seats_table.c.seat == seat))
                .values(kind="bot" if bot else "human", bot=bot)
            )
            if self.is_postgres:
                conn.execute(text("SELECT pg_notify(:ch, :msg)"), {"ch": NOTIFY_CHANNEL, "msg": f"{game_id} seats"})

    def touch_seats(self, game_id: str, seats: list[int], when: float | None = None) -> None:
        if not seats:
            return
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_table)
                .where((seats_table.c.game_id == game_id) & (seats_table.c.seat.in_(seats)))
                .values(last_seen=time.time() if when is None else when)
            )

    def touch_many(self, seats_by_game: dict[str, list[int]], when: float) -> None:
        """Mark the seats of many games present, in one transaction (the presence loop's heartbeat)."""
        rows = [{"gid": g, "s": s, "when": when} for g, seats in seats_by_game.items() for s in seats]
        if not rows:
            return
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_table)
                .where((seats_table.c.game_id == bindparam("gid")) & (seats_table.c.seat == bindparam("s")))
                .values(last_seen=bindparam("when")),
                rows,
            )

    # ------------------------------------------------------------------------------------------- reading
    def load_game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(games_table).where(games_table.c.id == game_id)).mappings().first()
        return None if r is None else GameRow(**dict(r))

    def load_seats(self, game_id: str) -> list[SeatRow]:
        with self.engine.connect() as conn:
            rows = (
                conn.execute(select(seats_table).where(seats_table.c.game_id == game_id).order_by(seats_table.c.seat))
                .mappings()
                .all()
            )
        return [SeatRow(r["seat"], r["kind"], r["bot"], r["token_hash"], r["last_seen"]) for r in rows]

    def load_actions(self, game_id: str, start: int = 0) -> list[tuple[int, int]]:
        """(action, seat) for every stored action from index ``start``, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions_table.c.idx, actions_table.c.action, actions_table.c.seat)
                .where((actions_table.c.game_id == game_id) & (actions_table.c.idx >= start))
                .order_by(actions_table.c.idx)
            ).all()
        out = []
        for expected, (idx, action, seat) in enumerate(rows, start):
            if idx != expected:  # pragma: no cover - the primary key and the index check make gaps impossible
                raise RuntimeError(f"game {game_id}: action {expected} is missing")
            out.append((action, seat))
        return out

    def list_games(
        self, limit: int = 100, offset: int = 0, game: str | None = None, status: str | None = None
    ) -> list[GameRow]:
        """Games newest first, ``limit`` from ``offset``; ``game``: of that game only; ``status``: "finished",
        "playing" (unfinished), "open" (unfinished with a human seat nobody has taken yet) or "joinable"
        (unfinished with a seat anyone may take from the lobby)."""
        query = select(games_table)
        if game is not None:
            query = query.where(games_table.c.game == game)
        if status == "finished":
            query = query.where(games_table.c.finished.is_(True))
        elif status in ("playing", "open", "joinable"):
            query = query.where(games_table.c.finished.is_(False))
        if status == "joinable":
            query = query.where(games_table.c.id.in_(select(open_seats_table.c.game_id)))
        if status == "open":
            waiting = select(seats_table.c.game_id).where(
                (seats_table.c.game_id == games_table.c.id)
                & (seats_table.c.kind == "human")
                & seats_table.c.last_seen.is_(None)
            )
            query = query.where(waiting.exists())
        query = query.order_by(games_table.c.created_at.desc(), games_table.c.id).limit(limit).offset(offset)
        with self.engine.connect() as conn:
            return [GameRow(**dict(r)) for r in conn.execute(query).mappings()]

    def finished_before(self, cutoff: float, limit: int = 500) -> list[str]:
        """Ids of up to ``limit`` finished games whose last action was stored before ``cutoff`` (epoch seconds)."""
        last = (
            select(actions_table.c.game_id)
            .group_by(actions_table.c.game_id)
            .having(func.max(actions_table.c.created_at) < cutoff)
        )
        query = (
            select(games_table.c.id).where(games_table.c.finished.is_(True) & games_table.c.id.in_(last)).limit(limit)
        )
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    def delete_games(self, game_ids: list[str]) -> None:
        """Remove games with their seats, actions, clocks, chat, rematches and open seats, in one transaction."""
        if not game_ids:
            return
        with self.engine.begin() as conn:  # the table around them first (chat, rematches, open seats)
            conn.execute(delete(chat_table).where(chat_table.c.game_id.in_(game_ids)))
            conn.execute(delete(chat_senders_table).where(chat_senders_table.c.game_id.in_(game_ids)))
            conn.execute(delete(chat_muted_table).where(chat_muted_table.c.game_id.in_(game_ids)))
            conn.execute(
                delete(rematches_table).where(
                    rematches_table.c.game_id.in_(game_ids) | rematches_table.c.rematch_id.in_(game_ids)
                )
            )
            conn.execute(delete(open_seats_table).where(open_seats_table.c.game_id.in_(game_ids)))
            conn.execute(delete(actions_table).where(actions_table.c.game_id.in_(game_ids)))
            conn.execute(delete(clocks_table).where(clocks_table.c.game_id.in_(game_ids)))
            conn.execute(delete(seats_table).where(seats_table.c.game_id.in_(game_ids)))
            conn.execute(delete(games_table).where(games_table.c.id.in_(game_ids)))

    def unfinished_bot_game_ids(self) -> list[str]:
        """Unfinished games with a bot seat (the ones whose play may go on without anyone asking), oldest first."""
        with self.engine.connect() as conn:
            bots = select(seats_table.c.game_id).where(seats_table.c.kind == "bot")
            return [
                r[0]
                for r in conn.execute(
                    select(games_table.c.id)
                    .where(games_table.c.finished.is_(False) & games_table.c.id.in_(bots))
                    .order_by(games_table.c.created_at)
                )
            ]

    def stalled_bot_game_ids(self, before: float) -> list[str]:
        """Unfinished games with a bot seat and nothing stored since ``before`` (a time): maybe their bots' process
        died. (Games waiting for a person are among them; loading those changes nothing.)"""
        last = (
            select(func.max(actions_table.c.created_at))
            .where(actions_table.c.game_id == games_table.c.id)
            .scalar_subquery()
        )
        bots = select(seats_table.c.game_id).where(seats_table.c.kind == "bot")
        with self.engine.connect() as conn:
            return [
                r[0]
                for r in conn.execute(
                    select(games_table.c.id)
                    .where(
                        games_table.c.finished.is_(False)
                        & games_table.c.id.in_(bots)
                        & (func.coalesce(last, games_table.c.created_at) < before)
                    )
                    .order_by(games_table.c.created_at)
                )
            ]

    def unfinished_game_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(select(games_table.c.id).where(games_table.c.finished.is_(False)))]


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")  # WAL: a committed action survives a killed process
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={int(LOCK_TIMEOUT * 1000)}")
    cur.close()


def _postgres_timeouts(dbapi_conn: Any, _record: Any) -> None:
    with dbapi_conn.cursor() as cur:
        cur.execute(f"SET lock_timeout = {int(LOCK_TIMEOUT * 1000)}")
        cur.execute(f"SET statement_timeout = {int(STATEMENT_TIMEOUT * 1000)}")
    dbapi_conn.commit()
