"""Alembic's entry point for the server's migrations.

The server runs them itself (:func:`firebreak.server.schema.upgrade`) on a connection that holds the database's
start-up lock, inside its transaction, handed over in ``config.attributes["connection"]``. Without one (a developer
running the ``alembic`` command with the repository's ``alembic.ini``, e.g. ``alembic revision --autogenerate``),
the database is the ini's ``sqlalchemy.url``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from firebreak.server.schema import all_tables

config = context.config
metadata = all_tables()


def run(connection) -> None:  # noqa: ANN001 - a SQLAlchemy Connection
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


given = config.attributes.get("connection")
if given is not None:
    run(given)
else:
    url = config.get_main_option("sqlalchemy.url") or ""
    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.begin() as conn:
        run(conn)
    engine.dispose()
