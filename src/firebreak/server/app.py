"""The browser play server: the FastAPI app factory and the ``serve`` entry point.

Game-agnostic: everything comes from the registry (``GameSpec``: options, player counts, hooks) and the agent
factory. Pages live in ``firebreak/web`` as static files (no build step) and talk to the API.

The app is put together here from its rooms:

- :mod:`.routes` the HTTP routes, a module a resource (pages, lobby, seats, records); :mod:`.table` the chat,
  rematch, open seats and rules help; :mod:`.ws` the live WebSocket protocol;
- :mod:`.models` the bodies the API accepts, :mod:`.deps` what the routes share (the manager, the limiter,
  who is asking, the seat a request speaks for);
- :mod:`.live` the live games (the :class:`~.live.GameManager`), :mod:`.storage` the database.

API (all JSON; errors are ``{"error": {"code", "message"}}``, the framework's own too, see :mod:`.http_errors`;
the OpenAPI schema is at ``/openapi.json``; each route module lists its routes):

- ``GET  /api/catalog``, ``POST /api/games``, ``GET /api/games``: :mod:`.routes.lobby`
- ``GET  /api/games/{id}`` and its ``join``, ``actions``, ``undo``, ``seats/{seat}/takeover``, ``reclaim``:
  :mod:`.routes.seats`
- ``GET  /api/games/{id}/log`` and ``/replay`` (finished games): :mod:`.routes.records`
- ``WS   /ws/games/{id}``: :mod:`.ws`

Limits (:mod:`.limits`) refuse with 429 and ``Retry-After``. Every response carries the security headers of
:mod:`.security`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Sequence

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse

from firebreak.agents import BotLimits
from firebreak.core.variant import Variant

from . import errors as E
from . import http_errors, table, ws
from .bots import BotPool
from .database import DatabaseConnectError, ServeError, check_database, database_url, shown
from .limits import Limiter, Limits
from .live import GameManager
from .models import MAX_MESSAGE
from .retention import with_housekeeping
from .routes import ROUTERS
from .security import SecurityHeaders
from .storage import UNAVAILABLE, Storage, default_database_url, metadata
from .tuning import tune_gc, tune_threads
from .uptime import Uptime

__all__ = ["MAX_MESSAGE", "ServeError", "client_of", "create_app", "database_url", "open_app", "serve"]

log = logging.getLogger(__name__)


def client_of(conn: Request | WebSocket) -> str:
    """Who is asking, for the limits: the remote address (the forwarded one behind a trusted proxy)."""
    return conn.client.host if conn.client is not None else "unknown"


def create_app(
    database_url: str | None = None,
    bot_delay: float = 0.0,
    limits: Limits | None = None,
    bot_limits: BotLimits | None = None,
    bot_workers: int | None = None,
    variants: Sequence[Variant] = (),
) -> FastAPI:
    """The ASGI app. ``database_url``: SQLAlchemy URL; default ``FIREBREAK_DATABASE_URL`` or a SQLite file in
    the current directory. ``bot_delay``: seconds a bot waits before each move (lets humans follow the play).
    ``limits``: default :meth:`Limits.from_env`. ``bot_limits``: the largest bot budgets accepted (default:
    ``FIREBREAK_BOT_LIMITS`` over :data:`~firebreak.agents.factory.DEFAULT_LIMITS`); ``bot_workers``: processes
    bots think in (default: ``FIREBREAK_BOT_WORKERS``, else all CPUs but one). ``variants``: the variants the
    lobby offers (games started from one carry its rules, name and hash in their options)."""
    url = database_url or os.environ.get("FIREBREAK_DATABASE_URL") or default_database_url()
    storage = Storage(url)
    uptime = Uptime(storage)
    limiter = Limiter(limits if limits is not None else Limits.from_env())
    manager = GameManager(
        storage, bot_delay, bot_limits=bot_limits, bot_pool=BotPool(bot_workers), undo_cap=limiter.limits.undos_per_turn
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        await asyncio.to_thread(uptime.start)  # before any clock is read: an outage's time is given back first
        manager.outages = uptime.outages
        tasks: list[asyncio.Task] = [asyncio.create_task(uptime.beat_forever(manager.clocks.reload))]
        stop = None
        if storage.is_postgres:
            from .notify import start_listener

            stop = start_listener(storage, manager, asyncio.get_running_loop())
        tasks.append(asyncio.create_task(manager.sync.keep_presence()))
        tasks.append(asyncio.create_task(manager.clocks.watch()))
        if storage.is_postgres:  # another process may die with games whose bots it drove
            tasks.append(asyncio.create_task(manager.sync.adopt_stalled_forever()))
        tasks.append(asyncio.create_task(manager.bot_pool.warm()))
        manager.sync.start_resuming()  # in the background: the port opens now, games load as they are asked for
        try:
            yield
        finally:
            for t in tasks:
                t.cancel()
            await manager.close()
            if stop is not None:
                stop()
            with contextlib.suppress(Exception):  # (the database is away: the next start counts from the beat)
                await asyncio.to_thread(uptime.stop)
            storage.dispose()

    app = FastAPI(
        title="firebreak play server",
        version="1",
        lifespan=lifespan,
        description="Play firebreak's board games live in the browser, with friends and bots.",
    )
    app.state.manager = manager
    app.state.storage = storage
    app.state.limiter = limiter
    app.state.variants = tuple(variants)
    app.state.client_of = client_of  # (read now: a test may stand in its own before it makes the app)
    app.add_middleware(http_errors.JsonBodies, limit=MAX_MESSAGE)
    app.add_middleware(http_errors.BodyLimit, limit=MAX_MESSAGE)
    app.add_middleware(SecurityHeaders)

    def forget(game_ids: list[str]) -> None:
        """Drop removed games from the cache (those with nobody watching; the others go when left)."""
        for game_id in game_ids:
            live = manager.games.get(game_id)
            if live is not None and not live.connections:
                del manager.games[game_id]

    app.router.lifespan_context = with_housekeeping(
        app.router.lifespan_context, storage, limiter.limits, forget, limiter.forget_clients
    )

    @app.exception_handler(E.ApiError)
    async def _api_error(_request: Request, exc: E.ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.to_json()}, status_code=exc.status, headers=exc.headers())

    async def _db_unavailable(request: Request, exc: Exception) -> JSONResponse:
        return await _api_error(request, E.unavailable(exc))

    for kind in UNAVAILABLE:  # a locked or lost database anywhere in a request: 503, try again
        app.add_exception_handler(kind, _db_unavailable)

    http_errors.install(app)  # the framework's own refusals (404, 405, 422, a body that is not JSON) in our shape

    for router in ROUTERS:
        app.include_router(router)
    app.include_router(ws.router)
    app.state.table_limiter = table.install(app, manager, limiter, app.state.client_of)
    return app


SHUTDOWN_GRACE = 2
"""Seconds open connections get to finish on SIGTERM before they are closed (clients reconnect to the next server;
everything acknowledged is already committed)."""


def open_app(
    database: str | None, bot_delay: float, limits: Limits, variants: Sequence[Variant] = ()
) -> tuple[FastAPI, str]:
    """The app on the database ``database`` (a URL or a SQLite file path; see :mod:`.database`), or a
    :class:`~.database.ServeError` in one line if it cannot open."""
    url = database_url(database)
    check_database(url, metadata)
    try:
        return create_app(url, bot_delay=bot_delay, limits=limits, variants=variants), url
    except Exception as exc:  # noqa: BLE001 - any driver or URL error: the operator gets one line, not a traceback
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        raise DatabaseConnectError(
            f"cannot open the database {shown(url)}: {reason[0] if reason else type(exc).__name__}"
        ) from None


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    bot_delay: float = 0.6,
    limits: Limits | None = None,
    forwarded_allow_ips: str | None = None,
    variants: Sequence[Variant] = (),
) -> None:
    """Run the server (``firebreak serve``): prints its address, serves until interrupted. ``database_url``: a
    URL or a SQLite file path. ``forwarded_allow_ips``: addresses of trusted proxies whose ``X-Forwarded-For``
    names the client (for the limits); default: none trusted."""
    import uvicorn

    if limits is None:
        try:
            limits = Limits.from_env()
        except ValueError as exc:
            raise ServeError(str(exc)) from None
    app, url = open_app(database_url, bot_delay, limits, variants)
    name = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    where = url if not url.startswith("postgres") else url.split("@")[-1]
    print(f"firebreak server at http://{name}:{port}/  (games stored in {where})", flush=True)
    tune_gc()
    tune_threads()
    from .slow_headers import protocol

    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=MAX_MESSAGE * 4,
        http=protocol(limits.header_timeout),  # httptools, closing connections slow to send headers
        ws_per_message_deflate=False,  # JSON views compress well but deflate costs more CPU than it saves
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips or "",
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
    )
