"""What the routes share, as FastAPI dependencies: the process's game manager, storage and limiter, and who is
asking.

The routes live in modules of their own (:mod:`.routes`), not in closures of :func:`.app.create_app`; they reach
the objects of the app serving them through ``app.state``, set once by ``create_app``. (They are ``async``
so FastAPI calls them on the event loop, not in its thread pool.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from .limits import Limiter
from .live import GameManager
from .storage import Storage


async def manager_of(conn: HTTPConnection) -> GameManager:
    return conn.app.state.manager  # type: ignore[no-any-return]


async def storage_of(conn: HTTPConnection) -> Storage:
    return conn.app.state.storage  # type: ignore[no-any-return]


async def limiter_of(conn: HTTPConnection) -> Limiter:
    return conn.app.state.limiter  # type: ignore[no-any-return]


async def client(conn: HTTPConnection) -> str:
    """Who is asking, for the limits (see :func:`.app.client_of`, read when the app was made)."""
    who: Callable[[HTTPConnection], str] = conn.app.state.client_of
    return who(conn)


Manager = Annotated[GameManager, Depends(manager_of)]
StorageDep = Annotated[Storage, Depends(storage_of)]
LimiterDep = Annotated[Limiter, Depends(limiter_of)]
Client = Annotated[str, Depends(client)]
