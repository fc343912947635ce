"""The database's schema, brought to the current version by the server itself at every start (Alembic).

Each change of the tables is a migration in ``migrations/versions/`` (inside the package, so ``pip install`` carries
them), and :func:`upgrade` runs the ones a database lacks before the server uses it: a fresh database is built by
them from nothing, an older one is brought forward, and no operator has to know of a separate command. Migrations
only go forward (keep a backup before upgrading firebreak if you may want to go back).

- **Several processes starting at once** (PostgreSQL, or a SQLite file) take turns: the migration runs on a
  connection holding the database's start-up lock (:func:`exclusive`: a PostgreSQL advisory lock, per schema;
  on SQLite an exclusive transaction), so the second finds the schema done. (``create_all`` from two processes at
  once failed on PostgreSQL with a duplicate ``pg_type`` row.)
- **A database made before migrations** (by firebreak's ``create_all``: tables but no ``alembic_version``) is
  recognised: the first migration, ``0001``, is that schema exactly and keeps the tables it finds, so the
  database is marked as at ``0001`` and carried forward with every game in it; nothing is recreated.
- **Which firebreak wrote it**: every upgrade is recorded in ``schema_upgrades`` (from which revision to which, by
  which firebreak version), and every server process in ``server_processes`` with its version
  (:mod:`.uptime`). A database upgraded by a newer firebreak than this one is refused in words, not damaged.

How to add a migration (a new column, table or index):

1. Change the table in the code (its declaration in this module, with every other table's).
2. Add ``migrations/versions/NNNN_what.py`` with ``revision = "NNNN"`` and ``down_revision`` the previous number
   (the highest file there now), and an ``upgrade()`` made of Alembic operations, e.g.
   ``op.add_column("chat", sa.Column("muted", sa.Boolean, nullable=False, server_default=sa.false()))``: a
   column added to a table that has rows needs ``nullable=True`` or a ``server_default``. Alembic can draft it:
   ``alembic upgrade head && alembic revision --autogenerate --rev-id NNNN -m "what"`` from the repository's root
   (``alembic.ini`` there names a scratch SQLite file); read and trim the draft.
3. ``tests/server/test_schema.py`` checks that the migrations at head build exactly the tables the code declares,
   on SQLite and PostgreSQL: it fails if step 1 or step 2 was forgotten. Two branches that each added a migration
   with the same number: renumber one to follow the other (its ``revision`` and ``down_revision``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    insert,
    inspect,
    select,
)
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

from firebreak import __version__

from .database import ServeError

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).with_name("migrations")

BASELINE = "0001"
"""The first migration: the schema as firebreak made it before migrations."""

BEFORE_MIGRATIONS = "made before migrations"
"""``schema_upgrades.previous`` of a database that was made by ``create_all``, before migrations."""

START_LOCK_WAIT = 120
"""Seconds a starting server waits for another one holding the start-up lock (migrating a large database)."""

LOCK_KEY = 0x46697265
"""First half of the PostgreSQL advisory lock's key (the second is the schema's name, hashed)."""


# ----------------------------------------------------------------------------------------------- the tables
# Every table of the server, declared once here (the migrations at head must build exactly these: see
# tests/server/test_schema.py). The modules that read and write them import them from here.

metadata = MetaData()
"""The server's tables, all of them (what :func:`all_tables` returns)."""

games_table = Table(
    "games",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("takeover_after", Integer, nullable=False),
    Column("num_actions", Integer, nullable=False, default=0),
    Column("finished", Boolean, nullable=False, default=False),
)

seats_table = Table(
    "seats",
    metadata,
    Column("game_id", String(40), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" or "bot"
    Column("bot", String(200), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("last_seen", Float, nullable=True),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(40), ForeignKey("games.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # (game_id, idx) unique: one action per turn, across processes
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
)

clocks_table = Table(
    "clocks",
    metadata,
    Column("game_id", String(40), ForeignKey("games.id"), primary_key=True),
    Column("mode", String(8), nullable=False),  # "turn" or "total" (no row: no clock)
    Column("seconds", Integer, nullable=False),
    Column("increment", Integer, nullable=False),
    Column("remaining", JSON, nullable=False),  # seconds banked per seat
    Column("running", Integer, nullable=True),  # the seat whose clock runs
    Column("started", Float, nullable=True),
    Column("deadline", Float, nullable=True, index=True),  # when the running clock falls
)

# games and their seats, actions and clocks: storage.py; the table around a game (chat, rematches, open seats):
# table_data.py
chat_table = Table(
    "chat",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("n", Integer, primary_key=True),  # 1, 2, ... per game: (game_id, n) unique across processes
    Column("seat", Integer, nullable=True),  # None: a spectator
    Column("name", String(80), nullable=False),
    Column("text", String(2000), nullable=False),
    Column("at", Integer, nullable=False),  # actions played when it was said (replays show it from there)
    Column("created_at", Float, nullable=False),
)

chat_senders_table = Table(  # which spectator said a message (only theirs, and the table's notes, have a row)
    "chat_senders",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("n", Integer, primary_key=True),  # the message's number in ``chat``
    Column("sender", String(64), nullable=False),  # a spectator's key in this game (see chat.py), or NOTE
)

chat_muted_table = Table(  # whom the players silenced in a game's chat: a spectator's key, or ALL_SPECTATORS
    "chat_muted",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("sender", String(64), primary_key=True),
)

rematches_table = Table(
    "rematches",
    metadata,
    Column("game_id", String(40), primary_key=True),  # the finished game: one rematch each
    Column("rematch_id", String(40), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
)

open_seats_table = Table(
    "open_seats",
    metadata,
    Column("game_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
)

# the server processes and the times none ran: uptime.py
server_processes_table = Table(
    "server_processes",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("version", String(40), nullable=False),  # the firebreak it runs
    Column("host", String(200), nullable=False),  # see machine(): where its pid means something
    Column("pid", Integer, nullable=False),
    Column("started_at", Float, nullable=False),
    Column("beat_at", Float, nullable=False),
    Column("stopped_at", Float, nullable=True),  # None: running, or killed
)

outages_table = Table(
    "outages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("began", Float, nullable=False),
    Column("ended", Float, nullable=False),
)

# which firebreak upgraded the database: this module
schema_upgrades_table = Table(
    "schema_upgrades",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("previous", String(32), nullable=True),  # None: a fresh database
    Column("revision", String(32), nullable=False),
    Column("version", String(40), nullable=False),  # the firebreak that upgraded it
    Column("at", Float, nullable=False),
)


class SchemaError(ServeError):
    """The database's schema cannot be brought to this firebreak's: the message says why and what to do."""


def all_tables() -> MetaData:
    """The server's tables (what the migrations at head must build)."""
    return metadata


@contextmanager
def exclusive(sa_url: str) -> Iterator[Connection]:
    """A connection of its own that holds the database's start-up lock, in a transaction committed on leaving:
    two processes starting together run what is inside one after the other (the schema, the outage check)."""
    if sa_url.startswith("sqlite"):
        # Driver-level autocommit and our own BEGIN EXCLUSIVE (pysqlite's own BEGIN is deferred and not emitted
        # before DDL): the whole migration is one transaction that no other writer can enter.
        engine = create_engine(sa_url, poolclass=NullPool, connect_args={"timeout": START_LOCK_WAIT})
        event.listen(engine, "connect", _sqlite_autocommit)
        event.listen(engine, "begin", lambda conn: conn.exec_driver_sql("BEGIN EXCLUSIVE"))
        try:
            with engine.begin() as conn:
                yield conn
        finally:
            engine.dispose()
        return
    engine = create_engine(sa_url, poolclass=NullPool, connect_args={"connect_timeout": 5})
    try:
        with engine.connect() as conn:  # the session's lock ends with it (NullPool: closing really closes)
            conn.exec_driver_sql(f"SET lock_timeout = '{START_LOCK_WAIT}s'")
            conn.exec_driver_sql("SELECT pg_advisory_lock(%s, hashtext(coalesce(current_schema(), '')))", (LOCK_KEY,))
            conn.commit()
            with conn.begin():
                yield conn
    finally:
        engine.dispose()


def _sqlite_autocommit(dbapi_conn, _record) -> None:  # noqa: ANN001 - a sqlite3 connection
    dbapi_conn.isolation_level = None
    dbapi_conn.execute("PRAGMA journal_mode=WAL")


def upgrade(sa_url: str) -> tuple[str | None, str]:
    """Bring the database at ``sa_url`` (a SQLAlchemy URL) to the newest schema, under the start-up lock, and
    record the upgrade. Returns (the revision it had, or None, or :data:`BEFORE_MIGRATIONS`; the head).
    Raises :class:`SchemaError` for a database this firebreak cannot use."""
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    with exclusive(sa_url) as conn:
        current = MigrationContext.configure(conn).get_current_revision()
        if current == head:
            return current, head
        previous = current
        if current is None and "games" in inspect(conn).get_table_names():
            _check_made_before_migrations(conn)
            previous = BEFORE_MIGRATIONS
            log.warning(
                "the database was made before schema migrations: marking it as at %s, keeping its games", BASELINE
            )
        elif current is not None:
            _check_known(conn, config, current)
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
        conn.execute(
            insert(schema_upgrades_table).values(previous=previous, revision=head, version=__version__, at=time.time())
        )
    log.info("database schema upgraded from %s to %s", previous or "nothing", head)
    return previous, head


def _check_made_before_migrations(conn: Connection) -> None:
    """A database without ``alembic_version`` but with a ``games`` table must be firebreak's from before
    migrations: each table the first migration makes that it has must have that table's columns."""
    found = inspect(conn)
    for name in sorted(set(found.get_table_names()) & set(_BASELINE_COLUMNS)):
        missing = sorted(_BASELINE_COLUMNS[name] - {c["name"] for c in found.get_columns(name)})
        if missing:
            raise SchemaError(
                f"the database's table {name!r} lacks the columns {', '.join(missing)}: it was not "
                "made by firebreak; choose another database"
            )


_BASELINE_COLUMNS = {
    "games": {
        "id",
        "game",
        "num_players",
        "options",
        "seed",
        "created_at",
        "takeover_after",
        "num_actions",
        "finished",
    },
    "seats": {"game_id", "seat", "kind", "bot", "token_hash", "last_seen"},
    "actions": {"game_id", "idx", "action", "seat", "created_at"},
    "clocks": {"game_id", "mode", "seconds", "increment", "remaining", "running", "started", "deadline"},
    "chat": {"game_id", "n", "seat", "name", "text", "at", "created_at"},
    "rematches": {"game_id", "rematch_id", "created_at"},
    "open_seats": {"game_id", "seat"},
}
"""The columns of the tables of the first migration (a database made before migrations has these)."""


def _check_known(conn: Connection, config, current: str) -> None:  # noqa: ANN001 - an Alembic Config
    """Refuse a database at a revision this firebreak does not have (a newer firebreak upgraded it)."""
    from alembic.script import ScriptDirectory
    from alembic.util import CommandError

    try:
        ScriptDirectory.from_config(config).get_revision(current)
    except CommandError:
        by = conn.execute(
            select(schema_upgrades_table.c.version).order_by(schema_upgrades_table.c.id.desc()).limit(1)
        ).scalar_one_or_none()
        raise SchemaError(
            f"the database's schema ({current}) is newer than this firebreak {__version__} knows"
            f"{f'; firebreak {by} upgraded it' if by else ''}: upgrade firebreak, or use another "
            "database"
        ) from None
