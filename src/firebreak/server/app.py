"""The browser play server: FastAPI app factory, JSON API, WebSocket and the ``serve`` entry point.

Game-agnostic: everything comes from the registry (``GameSpec``: options, player counts, hooks) and the agent
factory. Pages live in ``firebreak/web`` as static files (no build step) and talk to the API below.

API (all JSON; errors are ``{"error": {"code", "message"}}``, the framework's own too, see :mod:`.http_errors`;
the OpenAPI schema is at ``/openapi.json``):

- ``GET  /api/catalog``                            games with their options and player counts, and the bots
- ``POST /api/games``                              create a game; returns each human seat's secret link
- ``GET  /api/games?offset=&limit=&game=&status=`` list games, newest first (public facts only); ``status``:
  ``open`` (a human seat not yet taken), ``playing`` (unfinished) or ``finished``
- ``GET  /api/games/{id}``                         state as a seat (``X-Seat-Token`` header) or a spectator
- ``POST /api/games/{id}/join``                    check a seat token, returns the seat and its state
- ``POST /api/games/{id}/actions``                 act: ``{"index": actions so far, "action": id or text}``
- ``POST /api/games/{id}/undo``                    take back your last move: ``{"index": moves so far}`` (409 with
  the reason in words when the rules do not allow it: another seat moved since, or the move drew or revealed)
- ``POST /api/games/{id}/seats/{seat}/takeover``   hand an absent player's seat to a bot (after the timeout)
- ``POST /api/games/{id}/reclaim``                 take one's seat back from the bot
- ``GET  /api/games/{id}/log``                     the full record (``firebreak replay`` reads it); finished games
  (this, the replay and the state are read-limited per address: see :mod:`.limits`)
- ``GET  /api/games/{id}/replay?step=k&seat=s``    a finished game as it was after ``k`` actions
- ``WS   /ws/games/{id}``                          live updates; first message ``{"type":"hello","token":...}``

Chat, rematch, open seats and the rules help: see :mod:`.table`.

On the WebSocket the first message is a ``state`` (the whole log, view and board); each ``update`` after it
carries the log entries the client has not had (from ``entries_from``: the client drops those it holds from there
on, which a take-back removed), the notes of take-backs it has not had (see :mod:`.undo`) and, instead of the
whole ``view`` and ``svg``, a ``view_patch``
and usually an ``svg_patch`` against what that client was last sent (see :mod:`firebreak.server.patch`; the
board comes whole when a patch would not be smaller). An update may cover several actions (a bot's answers that
came before it went out). The HTTP ``GET`` of a game always answers whole.

Chat on the WebSocket (:mod:`.chat`), what the server promises and no more: a page gets every message once, in
one ``chat`` after its ``state`` (what was said before it connected) or in a ``chat`` as it is said; its own
message (``{"type": "chat", "text", "ref"}``) reaches it in a ``chat`` before that message's ``chat_ack``. Other
pages' messages, updates and replies may come between the two: a client waits for its ack, it does not expect
it next.

Limits (:mod:`.limits`) refuse with 429 and ``Retry-After``; a WebSocket over its client's limit of sockets still
connecting is refused at the handshake the same way, and one over its seat's or the spectators' limits once its
``hello`` says which it is (an ``error`` with ``retry_after``, then close code 1013). Every response carries the
security headers of :mod:`.security`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from importlib import resources
from collections.abc import Mapping, Sequence
from typing import Any

import starlette.websockets
from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from firebreak.agents import BotLimits, bot_levels, known_agents
from firebreak.core import FirebreakError, GameState, all_games, get_game, record_of
from firebreak.core.parameters import RULES_KEY, VARIANT_KEY, titled
from firebreak.core.text import plural
from firebreak.core.variant import Variant

from . import errors as E
from . import http_errors, table
from .limits import Limiter, Limits, RateLimited, SocketPlace, TokenBucket
from .live import UPDATE, Connection, GameManager, LiveGame
from .bots import BotPool
from .retention import with_housekeeping
from .security import SecurityHeaders
from .database import DatabaseConnectError, ServeError, check_database, database_url, shown
from .storage import UNAVAILABLE, Storage, default_database_url, metadata
from .uptime import Uptime
from .undo import TakeBack, all_take_backs, replay_notes
from .views import clock_json
from .views import game_over_words, log_entries, player_names, question_text, render_board, seat_payload, strip_facts
from .wire import BadJson, parse

log = logging.getLogger(__name__)

_Disconnected = getattr(starlette.websockets, "WebSocketDisconnected", WebSocketDisconnect)
"""Starlette >= 1 raises this on receiving after a failed send closed the socket (older ones did not)."""

MAX_MESSAGE = 16 * 1024
"""Largest HTTP body or WebSocket message accepted (an action is a few dozen bytes)."""

MAX_SEED = 2**63 - 1
"""Seeds are 0 .. 2**63 - 1: what the database stores (a signed 64-bit integer) and the engine accepts."""

MAX_TAKEOVER = 7 * 24 * 3600
"""The longest ``takeover_after`` (a week, in seconds)."""

MAX_PAGE = 200
"""The most games one ``GET /api/games`` lists."""


class SeatRequest(BaseModel):
    kind: str = Field(max_length=16, description="'human' (a link for you to send), 'open' (anyone may take it "
                                                 "from the lobby) or 'bot'")
    bot: str | None = Field(None, max_length=200, description="bot spec for a bot seat, e.g. 'greedy' or 'random'")


class CreateRequest(BaseModel):
    game: str = Field(max_length=64)
    num_players: int | None = Field(None, ge=1, le=64)
    options: dict[str, Any] = Field(default_factory=dict)
    variant: str | None = Field(None, max_length=64, description="the hash of a variant the lobby offers "
                                                                 "(firebreak serve --variants): its rules and options")
    seats: list[SeatRequest] = Field(default_factory=list, max_length=64,
                                     description="one per seat; default: you and greedy bots")
    seed: int | None = Field(None, ge=0, le=MAX_SEED,
                             description="0 to 2**63 - 1, only for a game where every seat but yours is a bot (a "
                                         "seed reveals every hidden card); omit it and the server deals")
    takeover_after: int = Field(120, ge=0, le=MAX_TAKEOVER,
                                description="seconds a player must be away before the seat goes to a bot when it is "
                                            "their turn (others may hand it over too); 0 = never; at most a week")
    clock: ClockRequest | None = Field(None, description="the game's clock (default: none); a seat whose time runs "
                                                         "out goes to a bot until its player takes it back")


class ClockRequest(BaseModel):
    mode: str = Field("none", max_length=8, description="'none', 'turn' (seconds per turn) or 'total' (seconds "
                                                        "per player, plus an increment after each turn)")
    seconds: int | None = Field(None, description="seconds per turn, or each player's total")
    increment: int = Field(0, description="seconds added after each turn (total mode only)")


class ActRequest(BaseModel):
    index: Any = Field(description="number of actions played so far (the action is refused if the game moved on)")
    action: Any = Field(description="an action id, or its text")
    token: str | None = Field(None, description="the seat token (or send the X-Seat-Token header)")


class UndoRequest(BaseModel):
    index: Any = Field(description="number of moves so far, as the game's state says (refused if it moved on)")
    token: str | None = Field(None, description="the seat token (or send the X-Seat-Token header)")


class TokenRequest(BaseModel):
    token: str | None = None


class TakeoverRequest(BaseModel):
    token: str | None = None
    bot: str = Field("greedy", max_length=200)


class BodyLimit:
    """Refuse HTTP bodies over :data:`MAX_MESSAGE` before any handler sees them (413, nothing changes)."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        too_big = length is not None and length.isdigit() and int(length) > self.limit
        if not too_big and length is None and scope.get("method") in ("POST", "PUT", "PATCH"):
            body = b""
            more = True
            while more:
                msg = await receive()
                body += msg.get("body", b"")
                more = msg.get("more_body", False)
                if len(body) > self.limit:
                    too_big = True
                    break
            if not too_big:
                return await self.app(scope, http_errors.replay(body, receive), send)
        if too_big:
            resp = JSONResponse({"error": E.too_large(self.limit).to_json()}, status_code=413)
            return await resp(scope, receive, send)
        return await self.app(scope, receive, send)


def _finished_or_gone(storage: Storage, game_ids: list[str]) -> set[str]:
    """Which of these stored games are finished or no longer stored (run in a worker thread)."""
    out = set()
    for game_id in game_ids:
        row = storage.load_game(game_id)
        if row is None or row.finished:
            out.add(game_id)
    return out


def check_seed(req: CreateRequest, limits: Limits) -> None:
    """Refuse (422) a chosen seed where another person could sit: the seed deals every hand, objective and later
    draw, so whoever chose it would know them (unless the operator allows it: ``Limits.seeds_with_people``)."""
    people = sum(s.kind in ("human", "open") for s in req.seats) if req.seats else 1
    if req.seed is not None and people > 1 and not limits.seeds_with_people:
        raise E.ApiError(422, "seed_refused",
                         f"seed: a seed can be chosen only for a game where every seat but yours is a bot (this one "
                         f"has {plural(people, 'seat')} for people); a chosen seed deals every hidden card, so the "
                         f"server deals games other people join: leave out the seed")


def _web_file(name: str) -> str:
    return str(resources.files("firebreak.web").joinpath(name))


def client_of(conn: Request | WebSocket) -> str:
    """Who is asking, for the limits: the remote address (the forwarded one behind a trusted proxy)."""
    return conn.client.host if conn.client is not None else "unknown"


def create_app(database_url: str | None = None, bot_delay: float = 0.0, limits: Limits | None = None,
               bot_limits: BotLimits | None = None, bot_workers: int | None = None,
               variants: Sequence[Variant] = ()) -> FastAPI:
    """The ASGI app. ``database_url``: SQLAlchemy URL; default ``FIREBREAK_DATABASE_URL`` or a SQLite file in
    the current directory. ``bot_delay``: seconds a bot waits before each move (lets humans follow the play).
    ``limits``: default :meth:`Limits.from_env`. ``bot_limits``: the largest bot budgets accepted (default:
    ``FIREBREAK_BOT_LIMITS`` over :data:`~firebreak.agents.factory.DEFAULT_LIMITS`); ``bot_workers``: processes
    bots think in (default: ``FIREBREAK_BOT_WORKERS``, else all CPUs but one). ``variants``: the variants the
    lobby offers (games started from one carry its rules, name and hash in their options)."""
    offered = {v.hash: v for v in variants}
    url = database_url or os.environ.get("FIREBREAK_DATABASE_URL") or default_database_url()
    storage = Storage(url)
    uptime = Uptime(storage)
    limiter = Limiter(limits if limits is not None else Limits.from_env())
    manager = GameManager(storage, bot_delay, bot_limits=bot_limits, bot_pool=BotPool(bot_workers),
                          undo_cap=limiter.limits.undos_per_turn)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):  # type: ignore[no-untyped-def]
        await asyncio.to_thread(uptime.start)  # before any clock is read: an outage's time is given back first
        manager.outages = uptime.outages
        tasks: list[asyncio.Task] = [asyncio.create_task(uptime.beat_forever(manager.reload_clocks))]
        stop = None
        if storage.is_postgres:
            from .notify import start_listener

            stop = start_listener(storage, manager, asyncio.get_running_loop())
        tasks.append(asyncio.create_task(_presence(manager)))
        tasks.append(asyncio.create_task(manager.watch_clocks()))
        if storage.is_postgres:  # another process may die with games whose bots it drove
            tasks.append(asyncio.create_task(_adopt_stalled(manager)))
        tasks.append(asyncio.create_task(manager.bot_pool.warm()))
        manager.start_resuming()  # in the background: the port opens now, games load as they are asked for
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

    app = FastAPI(title="firebreak play server", version="1", lifespan=lifespan,
                  description="Play firebreak's board games live in the browser, with friends and bots.")
    app.state.manager = manager
    app.state.storage = storage
    app.state.limiter = limiter
    app.add_middleware(http_errors.JsonBodies, limit=MAX_MESSAGE)
    app.add_middleware(BodyLimit, limit=MAX_MESSAGE)
    app.add_middleware(SecurityHeaders)

    def forget(game_ids: list[str]) -> None:
        """Drop removed games from the cache (those with nobody watching; the others go when left)."""
        for game_id in game_ids:
            live = manager.games.get(game_id)
            if live is not None and not live.connections:
                del manager.games[game_id]

    app.router.lifespan_context = with_housekeeping(app.router.lifespan_context, storage, limiter.limits, forget,
                                                    limiter.forget_clients)

    @app.exception_handler(E.ApiError)
    async def _api_error(_request: Request, exc: E.ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.to_json()}, status_code=exc.status, headers=exc.headers())

    async def _db_unavailable(request: Request, exc: Exception) -> JSONResponse:
        return await _api_error(request, E.unavailable(exc))

    for kind in UNAVAILABLE:  # a locked or lost database anywhere in a request: 503, try again
        app.add_exception_handler(kind, _db_unavailable)

    http_errors.install(app)  # the framework's own refusals (404, 405, 422, a body that is not JSON) in our shape

    # ------------------------------------------------------------------------------------------- pages
    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(_web_file("lobby.html"))

    @app.get("/play/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(_web_file("game.html"))

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return FileResponse(_web_file("replay.html"))

    @app.get("/static/{name}", include_in_schema=False)
    async def static_file(name: str) -> Response:
        if name not in ("app.css", "common.js", "lobby.js", "game.js", "replay.js", "table.js", "favicon.svg",
                        "favicon-turn.svg", "undo.js", "clock.js", "strip.js", "strip.css",
                        "scorebars.js"):
            return JSONResponse({"error": {"code": "not_found", "message": "no such file"}}, status_code=404)
        return FileResponse(_web_file(name))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(_web_file("favicon.svg"), media_type="image/svg+xml")

    # ------------------------------------------------------------------------------------------- API
    @app.get("/api/catalog", summary="Games, their options and the bots")
    async def catalog() -> dict[str, Any]:
        games = []
        for spec in all_games():
            games.append({
                "name": spec.name, "title": spec.title, "description": spec.description,
                "min_players": spec.min_players, "max_players": spec.max_players,
                "default_players": spec.default_players, "has_svg": spec.svg is not None,
                "flagship": spec.flagship,
                "options": [{"name": o.name, "title": o.label, "type": o.type.__name__, "default": o.default, "help": o.help,
                             "choices": list(o.choices) if o.choices is not None else None,
                             "minimum": o.minimum, "maximum": o.maximum,
                             "unavailable": [limit.to_json() for limit in o.unavailable],
                             "only_when": {name: list(values) for name, values in o.only_when}}
                            for o in spec.options],
            })
        bots = [{"name": t.name, "help": t.help, "params": {k: v.__name__ for k, v in t.params.items()}}
                for t in known_agents()]
        levels = [{"name": lv.name, "title": lv.title, "description": lv.description, "spec": lv.spec}
                  for lv in bot_levels()]
        return {"games": games, "bots": bots, "levels": levels,
                "variants": [{"hash": v.hash, "name": v.name, "game": v.game, "description": v.description,
                              "players": v.players, "options": v.options, "rules": v.rules} for v in variants]}

    @app.post("/api/games", status_code=201, summary="Create a game")
    async def create_game(req: CreateRequest, request: Request) -> dict[str, Any]:
        client = client_of(request)
        uncached = [g for g in limiter.open_games_of(client) if g not in manager.games]
        gone = await asyncio.to_thread(_finished_or_gone, storage, uncached) if uncached else set()

        def still_open(game_id: str) -> bool:
            """Whether a game this client created still counts against its open games (unfinished, kept)."""
            live = manager.games.get(game_id)
            return not live.state.is_terminal() if live is not None else game_id not in gone

        check_seed(req, limiter.limits)
        limiter.reserve_creation(client, still_open)
        seat_specs, open_seats = table.split_open([s.model_dump() for s in req.seats])
        options, num_players = with_variant(req, offered)
        try:
            live, tokens = await manager.create(req.game, num_players, options,
                                                seat_specs, req.seed, req.takeover_after,
                                                None if req.clock is None else req.clock.model_dump(), client)
            await table.open_up(manager, live, tokens, open_seats)
        except BaseException:
            limiter.cancel_creation(client)
            raise
        limiter.created_game(client, live.id)
        seats = []
        for s in live.seats:
            entry: dict[str, Any] = {"seat": s.seat, "name": live.state.player_name(s.seat), "kind": s.kind,
                                     "bot": s.bot}
            if s.seat in open_seats:  # anyone may take it from the lobby: no link handed out
                entry["open"] = True
            if s.seat in tokens:
                entry["token"] = tokens[s.seat]
                entry["url"] = f"/play/{live.id}#seat={s.seat}&token={tokens[s.seat]}"
            seats.append(entry)
        return {"id": live.id, "game": live.spec.name, "title": titled(live.spec.title, live.row.options),
                "variant": live.row.options.get(VARIANT_KEY),
                "num_players": live.row.num_players, "options": live.row.options, "seats": seats,
                "spectator_url": f"/play/{live.id}"}

    @app.get("/api/games", summary="List games, newest first, a page at a time")
    async def list_games(offset: int = Query(0, ge=0, le=1_000_000),
                         limit: int = Query(50, ge=1, le=MAX_PAGE),
                         game: str | None = Query(None, max_length=64, description="only games of this game"),
                         status: str | None = Query(None, pattern="^(open|joinable|playing|finished)$",
                                                    description="open (a human seat not yet taken), joinable (a "
                                                                "seat anyone may take), playing (unfinished) or "
                                                                "finished")) -> dict[str, Any]:
        if game is not None:
            try:
                game = get_game(game).name
            except FirebreakError as exc:
                raise E.ApiError(422, "bad_game", str(exc)) from None
        rows = await asyncio.to_thread(storage.list_games, limit + 1, offset, game, status)
        more = len(rows) > limit
        rows = rows[:limit]
        extras = await table.listing(manager, rows)
        out = []
        for r in rows:
            live = manager.games.get(r.id)
            out.append({"id": r.id, "game": r.game, "num_players": r.num_players, "options": r.options,
                        "created_at": r.created_at, "num_actions": r.num_actions, "finished": r.finished,
                        "seats": live.public_seats() if live else None, **extras[r.id]})
        return {"games": out, "offset": offset, "limit": limit, "more": more}

    async def _state_for(game_id: str, token: str | None) -> tuple[LiveGame, int | None]:
        live = await manager.get(game_id)
        seat = live.seat_for_token(token) if token else None
        async with live.lock:
            await manager.catch_up(live)
        return live, seat

    @app.get("/api/games/{game_id}", summary="The game as a seat or a spectator sees it")
    async def game_state(game_id: str, request: Request, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        limiter.read(client_of(request), "state")
        live, seat = await _state_for(game_id, x_seat_token)
        return seat_payload(live, seat, "state", -1)

    @app.post("/api/games/{game_id}/join", summary="Claim a seat with its token")
    async def join(game_id: str, req: TokenRequest, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        live, seat = await _state_for(game_id, req.token or x_seat_token)
        if seat is None:
            raise E.bad_token()
        await manager.touch(live, [seat])
        return {"seat": seat, "state": seat_payload(live, seat, "state", -1)}

    @app.post("/api/games/{game_id}/actions", summary="Take an action")
    async def act(game_id: str, req: ActRequest, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        live = await manager.get(game_id)
        seat = live.seat_for_token(req.token or x_seat_token)
        limiter.seat_action(game_id, seat)
        index = await manager.act(game_id, None, req.index, req.action, proven_seat=seat)
        return {"ok": True, "index": index}

    @app.post("/api/games/{game_id}/undo", summary="Take back your last move (within your turn, if it drew and "
                                                    "revealed nothing)")
    async def undo(game_id: str, req: UndoRequest, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        live = await manager.get(game_id)
        seat = live.seat_for_token(req.token or x_seat_token)
        limiter.seat_action(game_id, seat)
        index = await manager.undo(game_id, req.index, seat)
        return {"ok": True, "index": index}

    @app.post("/api/games/{game_id}/seats/{seat}/takeover", summary="Hand an absent player's seat to a bot")
    async def takeover(game_id: str, seat: int, req: TakeoverRequest,
                       x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        await manager.takeover(game_id, req.token or x_seat_token, seat, req.bot)
        return {"ok": True, "seat": seat, "bot": req.bot}

    @app.post("/api/games/{game_id}/reclaim", summary="Take your seat back from the bot")
    async def reclaim(game_id: str, req: TokenRequest, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        seat = await manager.reclaim(game_id, req.token or x_seat_token)
        return {"ok": True, "seat": seat}

    async def _finished(game_id: str) -> LiveGame:
        live, _ = await _state_for(game_id, None)
        if not live.state.is_terminal():
            raise E.ApiError(409, "not_finished",
                             "the full log is available once the game is over (its seed reveals every hidden card)")
        return live

    @app.get("/api/games/{game_id}/log", summary="Full record of a finished game (for firebreak replay)")
    async def game_log(game_id: str, request: Request) -> Response:
        limiter.read(client_of(request), "record")
        live = await _finished(game_id)
        body = json.dumps(record_of(live.state).to_json(), indent=1, ensure_ascii=False) + "\n"
        return Response(body, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{live.spec.name}-{game_id}.json"'})

    @app.get("/api/games/{game_id}/replay", summary="A finished game after a number of actions")
    async def game_replay(game_id: str, request: Request, step: int = Query(0, ge=0),
                          seat: int | None = None) -> dict[str, Any]:
        limiter.read(client_of(request), "record")
        live = await _finished(game_id)
        total = len(live.state.history)
        step = min(step, total)
        if seat is not None and not 0 <= seat < live.state.num_players:
            raise E.ApiError(422, "bad_seat", f"seat {seat} is not a seat of this game")
        history = live.state.history[:step]
        taken = await all_take_backs(live, lambda: manager.db(storage.load_actions, game_id))
        out = await asyncio.to_thread(_replayed, live, game_id, history, seat, taken)  # replays from the start
        out["chat"] = await table.chat.replayed(manager, game_id, step)
        return out

    def _replayed(live: LiveGame, game_id: str, history: list[int], seat: int | None,
                  taken: list[TakeBack]) -> dict[str, Any]:
        step, total = len(history), len(live.state.history)
        state: GameState = live.spec.new_game(live.row.num_players, live.row.seed, live.row.options)
        for a in history:
            state.apply_unchecked(a)
        view = state.view(seat)
        svg, text = render_board(live.spec, view, [])
        terminal = state.is_terminal()
        notes, unlisted = replay_notes(live.state, taken, seat, step)
        out = {"game_id": game_id, "game": live.spec.name, "title": titled(live.spec.title, live.row.options),
               "step": step, "total": total,
               "viewer": seat, "num_players": state.num_players, "terminal": terminal,
               "current_player": None if terminal else state.current_player(),
               "names": player_names(state), "view": view, "svg": svg, "text": text,
               "strip": strip_facts(state, seat), "question": question_text(state, seat),
               "entries": log_entries(state, live.marks, live.actors, seat, -1, step, live.forced),
               "undone": notes, "undone_earlier": unlisted}
        if terminal:  # as the live game: totals, score sheets and winners only once the game is over
            out.update(game_over_words(state))
        return out

    # ------------------------------------------------------------------------------------------- live
    @app.websocket("/ws/games/{game_id}")
    async def ws_game(ws: WebSocket, game_id: str) -> None:
        try:
            live = await manager.get(game_id)
        except E.ApiError as exc:
            await ws.accept()
            await ws.send_json(E.on_socket({"type": "error", **exc.to_json()}))
            await ws.close(code=4404)
            return
        client = client_of(ws)
        try:
            place = limiter.open_socket(client)
        except RateLimited as exc:
            await _refuse(ws, exc)
            return
        try:
            await _serve_socket(ws, live, limiter.message_bucket(), client, place)
        finally:
            limiter.close_socket(place)

    async def _serve_socket(ws: WebSocket, live: LiveGame, bucket: TokenBucket, client: str,
                            place: SocketPlace) -> None:
        await ws.accept()
        seat: int | None = None
        try:
            hello = None
            while hello is None:  # a binary frame is answered with an error; the hello may still come
                hello = await asyncio.wait_for(_receive_text(ws), timeout=30)
                if hello is None:
                    await ws.send_json(E.on_socket({"type": "error", **BINARY.to_json()}))
            hello = parse(hello, "the first message")
            token = hello.get("token") if isinstance(hello, dict) else None
            if token is not None:
                seat = live.seat_for_token(token)
        except E.ApiError as exc:
            await ws.send_json(E.on_socket({"type": "error", **exc.to_json()}))
            await ws.close(code=4403)
            return
        except BadJson as exc:
            with contextlib.suppress(Exception):
                await ws.send_json(E.on_socket({"type": "error", "code": "bad_message", "message": str(exc)}))
                await ws.close(code=4400)
            return
        except (TimeoutError, ValueError, WebSocketDisconnect, _Disconnected):
            with contextlib.suppress(Exception):
                await ws.close(code=4400)
            return
        try:  # a seat's pages and the spectators' are counted apart: spectators never keep a seat out
            limiter.place_socket(place, live.id, seat)
        except RateLimited as exc:
            await ws.send_json({"type": "error", **exc.to_json()})
            await ws.close(code=1013)
            return
        await table.chat.history(manager, live)  # loaded first: the page's greeting is then built without a wait
        async with live.lock:
            await manager.catch_up(live)
            conn = manager.subscribe(live, seat)
            table.chat.greet(live, conn)  # in the same step: each message reaches the page once (see .chat)
        await table.greet(manager, live, conn)
        if seat is not None:
            await manager.touch(live, [seat])
            manager.broadcast_seats(live)  # the others see this seat come back
        writer = asyncio.create_task(_writer(ws, manager, live, conn))
        chats = table.SocketChat(manager, table_limiter, client, conn)
        try:
            while True:
                raw = await _receive_text(ws)
                try:
                    limiter.message(bucket)
                    reply = await _handle(manager, limiter, live, seat, raw, chats)
                except E.ApiError as exc:
                    reply = {"type": "error", **exc.to_json()}
                if reply is not None:
                    conn.push(reply)
                if conn.dropped:
                    break
        except (WebSocketDisconnect, _Disconnected):  # the client left (or our writer found it gone first)
            pass
        finally:
            manager.unsubscribe(live, conn)
            writer.cancel()
            if seat is not None:
                with contextlib.suppress(Exception):
                    await manager.touch(live, [seat])
                manager.broadcast_seats(live)

    table_limiter = table.install(app, manager, limiter, client_of)

    return app


async def _writer(ws: WebSocket, manager: GameManager, live: LiveGame, conn: Connection) -> None:
    """Send a client its queued messages (JSON text); an update mark becomes the update owed at that moment."""
    try:
        while True:
            msg = await conn.queue.get()
            if msg is UPDATE:
                if not live.bots_settled.is_set():  # the bots are answering: send their moves with this one
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(live.bots_settled.wait(), manager.bot_wait)
                msg = live.update_for(conn)
                if msg is None:
                    continue
            await ws.send_text(msg)
    except Exception:  # noqa: BLE001 - any send failure means the client is gone; the reader cleans up
        return


BINARY = E.ApiError(400, "bad_message", "messages must be JSON text, not binary frames")


async def _receive_text(ws: WebSocket) -> str | None:
    """The next message's text, or None for a binary frame; raises ``WebSocketDisconnect`` when the client left."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _refuse(ws: WebSocket, exc: RateLimited) -> None:
    """Refuse a WebSocket over a limit: HTTP 429 with ``Retry-After`` at the handshake where the server can send
    one, else accept, send the error and close with 1013 (try again later)."""
    body = {"error": exc.to_json()}
    if "websocket.http.response" in ws.scope.get("extensions", {}):
        await ws.send_denial_response(JSONResponse(body, status_code=429, headers=exc.headers()))
        return
    await ws.accept()
    await ws.send_json(E.on_socket({"type": "error", **exc.to_json()}))
    await ws.close(code=1013)


async def _handle(manager: GameManager, limiter: Limiter, live: LiveGame, seat: int | None,
                  raw: str | None, chat: Any = None) -> dict[str, Any] | None:
    """One client message -> the reply (ack, error or pong). Updates reach the client through the broadcast."""
    if raw is None:
        return {"type": "error", **BINARY.to_json()}
    if len(raw.encode("utf-8")) > MAX_MESSAGE:
        return {"type": "error", **E.too_large(MAX_MESSAGE).to_json()}
    try:
        msg = parse(raw)
    except BadJson as exc:
        return {"type": "error", "code": "bad_message", "message": str(exc)}
    if not isinstance(msg, dict):
        return {"type": "error", "code": "bad_message", "message": "messages must be JSON objects"}
    ref = msg.get("ref")
    kind = msg.get("type")
    if kind == "ping":  # a game's clocks come along, so a page's ticking is corrected between moves too
        return {"type": "pong", "ref": ref} if live.clock is None else {"type": "pong", "ref": ref,
                                                                        "clock": clock_json(live)}
    if kind == "act":
        if seat is None:
            return {"type": "error", "code": "bad_token", "ref": ref,
                    "message": "spectators cannot act; open your seat link to play"}
        try:
            limiter.seat_action(live.id, seat)
            index = await manager.act(live.id, None, msg.get("index"), msg.get("action"), proven_seat=seat)
        except E.ApiError as exc:
            return {"type": "error", "ref": ref, **exc.to_json()}
        return {"type": "ack", "index": index, "ref": ref}
    if kind == "undo":
        if seat is None:
            return {"type": "error", "code": "bad_token", "ref": ref,
                    "message": "spectators cannot take back moves; open your seat link to play"}
        try:
            limiter.seat_action(live.id, seat)
            index = await manager.undo(live.id, msg.get("index"), seat)
        except E.ApiError as exc:
            return {"type": "error", "ref": ref, **exc.to_json()}
        return {"type": "ack", "index": index, "ref": ref}
    if kind == "chat" and chat is not None:
        try:
            return await chat(live, seat, msg)  # type: ignore[no-any-return] # (None: its ack follows when stored)
        except E.ApiError as exc:
            return {"type": "error", "ref": ref, "chat": True, **exc.to_json()}
    return {"type": "error", "code": "bad_message", "ref": ref, "message": f"unknown message type {kind!r}"}


async def _presence(manager: GameManager, every: float = 10.0) -> None:
    """Keep ``last_seen`` fresh for seats connected to this process, so other processes see them present."""
    while True:
        await asyncio.sleep(every)
        with contextlib.suppress(Exception):
            await manager.touch_connected()


async def _adopt_stalled(manager: GameManager, every: float = 5.0) -> None:
    """Take over the bots of games another server process stopped driving (it died); see ``adopt_stalled``."""
    while True:
        await asyncio.sleep(every)
        try:
            await manager.adopt_stalled()
        except Exception:  # noqa: BLE001 - the database is away: the next round tries again
            log.warning("cannot look for stalled games", exc_info=True)


def tune_gc() -> None:
    """Keep Python's cycle collector from pausing play.

    With a hundred live games the server holds some 10^5 container objects (states, histories, events, views);
    with the default thresholds the collector went through all of them every few seconds, a pause of up to
    150 ms (measured with ``gc.callbacks`` under ``benchmarks/server_load.py``), and through the young ones
    dozens of times a second: 7% of the server's time and the worst of its latency. Almost nothing it holds forms
    reference cycles (reference counting frees it), so: import every game now and exempt all of that from
    collection (``gc.freeze``), collect young objects every 50 000 allocations rather than 700, and everything
    only every 1000th time the middle generation is (some hours of play; cycles that outlive their youth wait
    that long to be freed).
    """
    import gc

    all_games()
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 1000)


def tune_threads() -> None:
    """Hand the interpreter lock to a waiting thread after 1 ms instead of 5.

    On PostgreSQL the actions are committed by a writer thread (``commits.py``); while the event loop is busy,
    that thread waited up to 5 ms for the lock at every step of a commit, so a bot's two answers took longer
    than the update waits for them (``live.BOT_WAIT``) and went out as separate updates, three times the work.
    """
    import sys

    sys.setswitchinterval(0.001)


SHUTDOWN_GRACE = 2
"""Seconds open connections get to finish on SIGTERM before they are closed (clients reconnect to the next server;
everything acknowledged is already committed)."""


def with_variant(req: CreateRequest, offered: Mapping[str, Variant]) -> tuple[dict[str, Any], int | None]:
    """A new game's options and player count: the request's, under the variant it names (if any).

    Rule parameters and the variant label come only from a variant the server offers, so every game played
    under changed rules is marked as a variant (its stored options carry the name and hash)."""
    if RULES_KEY in req.options or VARIANT_KEY in req.options:
        raise E.ApiError(422, "bad_options", "Rule changes come only with a variant the lobby offers: "
                                             "choose one as the game's variant.")
    if req.variant is None:
        return req.options, req.num_players
    v = offered.get(req.variant)
    if v is None or v.game != req.game:
        raise E.ApiError(422, "unknown_variant", "This server offers no such variant of that game.")
    return {**req.options, **v.game_options()}, req.num_players if req.num_players is not None else v.players


def open_app(database: str | None, bot_delay: float, limits: Limits,
             variants: Sequence[Variant] = ()) -> tuple[FastAPI, str]:
    """The app on the database ``database`` (a URL or a SQLite file path; see :mod:`.database`), or a
    :class:`~.database.ServeError` in one line if it cannot open."""
    url = database_url(database)
    check_database(url, metadata)
    try:
        return create_app(url, bot_delay=bot_delay, limits=limits, variants=variants), url
    except Exception as exc:  # noqa: BLE001 - any driver or URL error: the operator gets one line, not a traceback
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        raise DatabaseConnectError(f"cannot open the database {shown(url)}: "
                                   f"{reason[0] if reason else type(exc).__name__}") from None


def serve(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None, bot_delay: float = 0.6,
          limits: Limits | None = None, forwarded_allow_ips: str | None = None,
          variants: Sequence[Variant] = ()) -> None:
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

    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=MAX_MESSAGE * 4,
                http=protocol(limits.header_timeout),  # httptools, closing connections slow to send headers
                ws_per_message_deflate=False,  # JSON views compress well but deflate costs more CPU than it saves
                proxy_headers=forwarded_allow_ips is not None, forwarded_allow_ips=forwarded_allow_ips or "",
                timeout_graceful_shutdown=SHUTDOWN_GRACE)
