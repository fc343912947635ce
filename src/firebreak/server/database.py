"""The server's database as an operator names it (``firebreak serve --database``, ``FIREBREAK_DATABASE_URL``):
turned into a database URL and checked before serving.

An operator's first try is often a plain file name (``--database games.db``) or a mistyped URL. Both are
resolved and checked here, with a first connection, so a bad value is one clear line before the server starts,
not a traceback from deep inside the database driver after it has begun. The server owns this (``serve`` and
:func:`~firebreak.server.app.open_app` use it); the command line calls the same functions, so there is one set
of messages.
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy import MetaData, create_engine, inspect
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from firebreak.core import FirebreakError
from firebreak.core.text import join_words, plural_of

SUPPORTED = ("sqlite", "postgresql")
CONNECT_TIMEOUT = 5
"""Seconds to wait for PostgreSQL to answer the first connection (an unreachable host otherwise hangs for
minutes before the operator learns anything)."""

_EXAMPLES = "a SQLite file path such as games.sqlite3, sqlite:///PATH, or postgresql://USER:PASSWORD@HOST/DATABASE"


class ServeError(FirebreakError):
    """The server cannot start as asked (a bad database, limit or address); the message says why in one line."""


class DatabaseArgumentError(ServeError, ValueError):
    """The value is not a usable database: a directory, a missing folder, an unknown scheme (a usage error)."""


class DatabaseConnectError(ServeError, RuntimeError):
    """The database is well named but cannot be opened: unreadable file, server down, wrong password."""


def _sqlite_path_url(value: str) -> str:
    """A plain path as a SQLite URL (the file is created by the server if it does not exist yet)."""
    path = Path(value).expanduser()
    if path.is_dir():
        raise DatabaseArgumentError(f"{value} is a directory; --database needs a file (or a URL): {_EXAMPLES}")
    parent = path.absolute().parent
    if not parent.is_dir():
        raise DatabaseArgumentError(f"the folder {parent} of the database file {value} does not exist")
    return f"sqlite:///{path.absolute()}"


def resolve_database(value: str) -> str:
    """The SQLAlchemy URL for ``--database VALUE``: a URL as given (``postgres://`` read as ``postgresql://``),
    or a plain path as a SQLite file. Raises :class:`DatabaseArgumentError` for what can never work."""
    value = value.strip()
    if not value:
        raise DatabaseArgumentError(f"--database is empty; give {_EXAMPLES}")
    if "://" not in value:
        return _sqlite_path_url(value)
    if value.startswith("postgres://"):
        value = "postgresql://" + value[len("postgres://") :]
    try:
        url = make_url(value)
    except ArgumentError:
        raise DatabaseArgumentError(f"--database {value!r} is not a database URL; give {_EXAMPLES}") from None
    if url.get_backend_name() not in SUPPORTED:
        raise DatabaseArgumentError(f"unsupported database {url.drivername!r} in --database; give {_EXAMPLES}")
    if url.get_backend_name() == "sqlite":
        if not url.database or url.database == ":memory:":
            raise DatabaseArgumentError(
                "--database needs a SQLite file (an in-memory database would lose every "
                "game on restart): sqlite:///PATH"
            )
        _sqlite_path_url(url.database)
    return value


def database_url(value: str | None) -> str:
    """The URL of the database ``value`` names (:func:`resolve_database`); none given:
    ``FIREBREAK_DATABASE_URL``, else ``firebreak-games.sqlite3`` in the current folder."""
    from .storage import default_database_url

    given = value if value is not None else os.environ.get("FIREBREAK_DATABASE_URL") or None
    return default_database_url() if given is None else resolve_database(given)


def shown(url: str) -> str:
    """A URL fit to print: the password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def _engine_url(url: str) -> URL:
    parsed = make_url(url)
    if parsed.drivername == "postgresql":  # the driver the server uses (see server.storage)
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def check_database(url: str, metadata: MetaData | None = None) -> None:
    """Open one connection and read the catalogue, so a wrong password, a server that is down, an unwritable
    folder or a file that is not a SQLite database is found now. With ``metadata`` (the server's tables), a
    table of the same name without their key columns (another program's database) is refused too.
    Raises :class:`DatabaseConnectError`."""
    parsed = _engine_url(url)
    sqlite = parsed.get_backend_name() == "sqlite"
    path = Path(parsed.database) if sqlite and parsed.database else None
    if path is not None and path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise DatabaseConnectError(f"cannot read and write the database file {parsed.database}")
    connect_args = {} if sqlite else {"connect_timeout": CONNECT_TIMEOUT}
    try:
        engine = create_engine(parsed, connect_args=connect_args)
    except (ArgumentError, ImportError) as exc:
        raise DatabaseConnectError(f"cannot use the database {shown(url)}: {exc}") from None
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT count(*) FROM sqlite_master" if sqlite else "SELECT 1")
            if metadata is not None:
                _check_tables(conn, metadata, url)
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        raise DatabaseConnectError(f"cannot open the database {shown(url)}: {reason[0] if reason else exc}") from None
    finally:
        engine.dispose()


def _check_tables(conn, metadata: MetaData, url: str) -> None:  # noqa: ANN001 - a SQLAlchemy Connection
    found = inspect(conn)
    existing = set(found.get_table_names())
    for table in metadata.sorted_tables:
        if table.name not in existing:
            continue  # the server creates missing tables
        have = {c["name"] for c in found.get_columns(table.name)}
        # Only the key columns are required: a newer server may add other columns to an older database itself.
        missing = sorted(c.name for c in table.primary_key.columns if c.name not in have)
        if missing:
            raise DatabaseConnectError(
                f"the database {shown(url)} has a table {table.name!r} without its key "
                f"{'column' if len(missing) == 1 else plural_of('column')} {join_words(missing)}: "
                "it belongs to another program; choose another database"
            )
