"""``firebreak serve --database``: the server resolves and checks the database an operator names
(:mod:`firebreak.server.database`); the command line uses those functions and their messages as they are."""

from firebreak.server.database import (
    DatabaseArgumentError,
    DatabaseConnectError,
    check_database,
    database_url,
    resolve_database,
    shown,
)

__all__ = [
    "DatabaseArgumentError",
    "DatabaseConnectError",
    "check_database",
    "database_url",
    "resolve_database",
    "shown",
]
