"""The table around a game, as API routes: chat, rematch, open seats anyone may take from the lobby, the rules
help, and what the lobby lists about each game (its title, players' names and open seats).

- ``POST /api/games/{id}/chat``                 say something (a seat with its token, or a spectator)
- ``GET  /api/games/{id}/chat?after=n``         the messages after number ``n`` (and the rules for spectators)
- ``POST /api/games/{id}/chat/spectators``      a player closes (``{"open": false}``) or opens the chat to spectators
- ``POST /api/games/{id}/chat/mute``            a player mutes (``{"n": a message of theirs}``) or unmutes a spectator
- ``POST /api/games/{id}/rematch``              ``{"start": true}`` starts the rematch of a finished game;
  ``false`` only follows one started; answers the caller's own new seat link
- ``POST /api/games/{id}/seats/{seat}/join``    take an open seat: answers its link (409 once taken)
- ``GET  /api/help/{game}``                     the game's rules summary and the legend of its board
- ``GET  /api/games/{id}/help``                 the same under that game's rules (a variant's numbers first)

Installed by :func:`install` from :func:`firebreak.server.app.create_app`.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from fastapi import Depends, FastAPI, Query, Request
from pydantic import BaseModel, Field

from firebreak.core import FirebreakError, get_game
from firebreak.core.help import help_for
from firebreak.core.parameters import titled

from . import chat, rematch
from . import errors as E
from .seat import Present, Seated, present, seated
from .storage import GameRow, Storage, hash_token
from .table_data import add_open_seats, claim_seat, open_seats_of, rematch_of, spectator_of

if TYPE_CHECKING:
    from .limits import Limiter
    from .live import Connection, GameManager, LiveGame


class ChatRequest(BaseModel):
    text: Any = Field(description="the message (plain text)")
    token: str | None = Field(None, description="the seat token (or X-Seat-Token); none: say it as a spectator")


class SpectatorsRequest(BaseModel):
    open: bool = Field(description="false closes the chat to spectators, true opens it again")
    token: str | None = Field(None, description="a seat's token (or X-Seat-Token): only players decide")


class MuteRequest(BaseModel):
    n: int = Field(ge=1, description="the number of a message the spectator said")
    muted: bool = Field(True, description="false lets them chat again")
    token: str | None = Field(None, description="a seat's token (or X-Seat-Token): only players decide")


class RematchRequest(BaseModel):
    start: bool = Field(True, description="start the rematch if none has started (false: only follow one)")
    token: str | None = None


def install(app: FastAPI, manager: GameManager, limiter: Limiter, client_of: Any) -> chat.TableLimiter:
    """Add the routes; returns the chat and join limiter (tests tune its clock)."""
    table_limiter = chat.TableLimiter(limiter.limits)
    manager.note_hooks = {  # PostgreSQL notes other processes send (notify.py)
        "chat": lambda game_id: chat.on_note(manager, game_id),
        "rematch": lambda game_id: rematch.on_note(manager, game_id),
    }

    @app.post("/api/games/{game_id}/chat", summary="Say something at the table")
    async def say(
        at: Annotated[Present[ChatRequest], Depends(present(ChatRequest))], request: Request
    ) -> dict[str, Any]:
        row = await chat.say(manager, table_limiter, at.live, at.seat, client_of(request), at.body.text)
        return {"ok": True, "message": row.to_json()}

    @app.get("/api/games/{game_id}/chat", summary="The chat of a game")
    async def read_chat(game_id: str, after: int = Query(0, ge=0)) -> dict[str, Any]:
        live = await manager.get(game_id)
        said = [r.to_json() for r in await chat.history(manager, live) if r.n > after]
        rules = live.chat_rules.to_json()  # type: ignore[attr-defined]
        return {"messages": said, "spectators_closed": rules["spectators_closed"], "muted": rules["muted"]}

    @app.post("/api/games/{game_id}/chat/spectators", summary="Close or open the chat to spectators (players)")
    async def spectators_chat(
        at: Annotated[
            Seated[SpectatorsRequest], Depends(seated(SpectatorsRequest, "close or open the chat to spectators"))
        ],
    ) -> dict[str, Any]:
        live, seat, req = at.live, at.seat, at.body
        words = "opened the chat to spectators again" if req.open else "closed the chat to spectators"
        rules = await chat.silence(manager, table_limiter, live, seat, chat.ALL_SPECTATORS, not req.open, words)
        return {"ok": True, **rules.to_json()}

    @app.post("/api/games/{game_id}/chat/mute", summary="Mute or unmute a spectator in the chat (players)")
    async def mute(
        at: Annotated[Seated[MuteRequest], Depends(seated(MuteRequest, "mute spectators"))],
    ) -> dict[str, Any]:
        live, seat, req = at.live, at.seat, at.body
        found = await manager.db(spectator_of, manager.storage, live.id, req.n)
        if found is None:
            raise E.ApiError(422, "bad_message", f"message {req.n} of this game's chat is not a spectator's")
        sender, name = found
        words = f"muted {name}" if req.muted else f"let {name} chat again"
        rules = await chat.silence(manager, table_limiter, live, seat, sender, req.muted, words)
        return {"ok": True, **rules.to_json()}

    @app.post("/api/games/{game_id}/rematch", summary="Start or follow the rematch of a finished game")
    async def start_rematch(
        at: Annotated[Present[RematchRequest], Depends(present(RematchRequest))], request: Request
    ) -> dict[str, Any]:
        return await rematch.rematch(manager, limiter, at.live, at.seat, at.token, at.body.start, client_of(request))

    @app.post("/api/games/{game_id}/seats/{seat}/join", summary="Take an open seat of a game")
    async def join_open(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        live = await manager.get(game_id)
        if not 0 <= seat < live.row.num_players:
            raise E.ApiError(422, "bad_seat", f"this game has no seat {seat}")
        if live.state.is_terminal():
            raise E.game_over()
        table_limiter.join(client_of(request))
        token = secrets.token_urlsafe(24)
        async with live.lock:
            if not await manager.db(claim_seat, manager.storage, live.id, seat, hash_token(token)):
                raise E.ApiError(
                    409,
                    "seat_taken",
                    f"{live.state.player_name(seat)}'s seat is not open any more "
                    f"(someone took it first); pick another open seat",
                )
            await manager.catch_up(live)
            manager.broadcast(live, full=True)
        return {
            "seat": seat,
            "name": live.state.player_name(seat),
            "token": token,
            "url": rematch.seat_url(live.id, seat, token),
        }

    @app.get("/api/help/{game}", summary="A game's rules summary and board legend")
    async def game_help(game: str) -> dict[str, Any]:
        try:
            spec = get_game(game)
        except FirebreakError as exc:
            raise E.ApiError(404, "unknown_game", str(exc)) from None
        helped = help_for(spec)
        if helped is None:
            raise E.ApiError(404, "no_help", f"{spec.title} has no rules summary yet")
        return {"game": spec.name, "title": spec.title, **helped}

    @app.get("/api/games/{game_id}/help", summary="The rules summary and board legend under a game's own rules")
    async def game_rules_help(game_id: str) -> dict[str, Any]:
        live = await manager.get(game_id)
        spec, options = live.state.spec, live.state.options
        helped = help_for(spec, options)
        if helped is None:
            raise E.ApiError(404, "no_help", f"{spec.title} has no rules summary yet")
        return {"game": spec.name, "title": titled(spec.title, options), **helped}

    return table_limiter


def split_open(seats: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[int]]:
    """Seats as the game is created (an open seat is a human seat) and the numbers of the open ones."""
    out, open_seats = [], []
    for i, s in enumerate(seats):
        if s.get("kind") == "open":
            open_seats.append(i)
            out.append({**s, "kind": "human"})
        else:
            out.append(s)
    return out, open_seats


async def open_up(manager: GameManager, live: LiveGame, tokens: dict[int, str], open_seats: list[int]) -> None:
    """Make these new seats open to anyone: no link handed out, listed in the lobby."""
    if not open_seats:
        return
    await manager.db(_open_up, manager.storage, live.id, open_seats)
    for s in open_seats:
        live.seats[s].token_hash = None
        tokens.pop(s, None)


def _open_up(storage: Storage, game_id: str, seats: list[int]) -> None:
    from sqlalchemy import update

    from .storage import seats_table

    with storage.engine.begin() as conn:
        conn.execute(
            update(seats_table)
            .where((seats_table.c.game_id == game_id) & seats_table.c.seat.in_(seats))
            .values(token_hash=None)
        )
    add_open_seats(storage, game_id, seats)


@lru_cache(maxsize=512)
def _names(game: str, num_players: int, options: str, seed: int) -> tuple[str, ...]:
    spec = get_game(game)
    state = spec.new_game(num_players, seed, json.loads(options))
    return tuple(state.player_name(s) for s in range(num_players))


async def listing(manager: GameManager, rows: list[GameRow]) -> dict[str, dict[str, Any]]:
    """What the lobby shows of each listed game besides its row: title, players' names, open seats.

    Names come from the cached game when there is one, else from a fresh deal of the same game (the names are
    public; dealing costs up to some milliseconds, so it runs in a worker thread and is remembered)."""
    open_by_game = await manager.db(open_seats_of, manager.storage, [r.id for r in rows if not r.finished])
    names: dict[str, list[str]] = {}
    missing = []
    for r in rows:
        live = manager.games.get(r.id)
        if live is not None:
            names[r.id] = [live.state.player_name(s) for s in range(r.num_players)]
        else:
            missing.append(r)
    if missing:
        names.update(await asyncio.to_thread(_names_of, missing))
    out = {}
    for r in rows:
        try:
            title = get_game(r.game).title
        except FirebreakError:  # a game no longer installed still lists, by its stored name
            title = r.game
        out[r.id] = {"title": titled(title, r.options), "names": names[r.id], "open_seats": open_by_game.get(r.id, [])}
    return out


def _names_of(rows: list[GameRow]) -> dict[str, list[str]]:
    out = {}
    for r in rows:
        try:
            out[r.id] = list(_names(r.game, r.num_players, json.dumps(r.options, sort_keys=True), r.seed))
        except Exception:  # noqa: BLE001 - a game that cannot be dealt any more still lists
            out[r.id] = [f"Player {s + 1}" for s in range(r.num_players)]
    return out


async def greet(manager: GameManager, live: LiveGame, conn: Connection) -> None:
    """What a page is told as it connects, after its ``state`` and the chat so far (:func:`chat.greet`): any
    rematch started."""
    if live.state.is_terminal():
        new_id = await manager.db(rematch_of, manager.storage, live.id)
        if new_id is not None:
            conn.push({"type": "rematch", "game_id": new_id})


async def from_socket(
    manager: GameManager,
    table_limiter: chat.TableLimiter,
    live: LiveGame,
    seat: int | None,
    client: str,
    msg: dict[str, Any],
) -> dict[str, Any]:
    """A ``chat`` message over the WebSocket -> its acknowledgement (the message itself reaches every page)."""
    row = await chat.say(manager, table_limiter, live, seat, client, msg.get("text"))
    return {"type": "chat_ack", "ref": msg.get("ref"), "n": row.n}


class SocketChat:
    """The chat messages of one WebSocket: stored and acknowledged in the order sent, but beside the socket's
    other messages, so a move sent just after a message does not wait for the message's commit (the reader
    would otherwise hold every later message of that page until then)."""

    tasks: ClassVar[set[asyncio.Task]] = set()  # (strong references until done; a message stored is always sent)

    def __init__(self, manager: GameManager, table_limiter: chat.TableLimiter, client: str, conn: Connection) -> None:
        self.manager, self.table_limiter, self.client, self.conn = manager, table_limiter, client, conn
        self.last: asyncio.Task | None = None

    async def __call__(self, live: LiveGame, seat: int | None, msg: dict[str, Any]) -> None:
        """Queue a ``chat`` message; its ``chat_ack`` (or error) reaches the page once it is stored."""
        task = asyncio.create_task(self._say(self.last, live, seat, msg))
        self.last = task
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _say(self, before: asyncio.Task | None, live: LiveGame, seat: int | None, msg: dict[str, Any]) -> None:
        if before is not None:
            await asyncio.wait([before])  # the page's messages in the order it sent them
        try:
            reply = await from_socket(self.manager, self.table_limiter, live, seat, self.client, msg)
        except E.ApiError as exc:
            reply = {"type": "error", "ref": msg.get("ref"), "chat": True, **exc.to_json()}
        self.conn.push(reply)
