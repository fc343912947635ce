"""The live WebSocket protocol: ``WS /ws/games/{id}``.

The first message from the client is ``{"type":"hello","token":...}`` (no token: a spectator). The server's
first message is a ``state`` (the whole log, view and board); each ``update`` after it carries the log entries
the client has not had (from ``entries_from``: the client drops those it holds from there on, which a take-back
removed), the notes of take-backs it has not had (see :mod:`.undo`) and, instead of the whole ``view`` and
``svg``, a ``view_patch`` and usually an ``svg_patch`` against what that client was last sent (see
:mod:`.patch`; the board comes whole when a patch would not be smaller). An update may cover several actions (a
bot's answers that came before it went out).

Client messages: ``act`` and ``undo`` (as the HTTP routes of :mod:`.routes.seats`, answered by an ``ack`` or an
``error`` with the message's ``ref``), ``ping`` (a ``pong``, with the clocks) and ``chat``.

Chat on the WebSocket (:mod:`.chat`), what the server promises and no more: a page gets every message once, in
one ``chat`` after its ``state`` (what was said before it connected) or in a ``chat`` as it is said; its own
message (``{"type": "chat", "text", "ref"}``) reaches it in a ``chat`` before that message's ``chat_ack``. Other
pages' messages, updates and replies may come between the two: a client waits for its ack, it does not expect
it next.

A socket over its client's limit of sockets still connecting is refused at the handshake (429 with
``Retry-After``), and one over its seat's or the spectators' limits once its ``hello`` says which it is (an
``error`` with ``retry_after``, then close code 1013).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import starlette.websockets
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from . import errors as E
from . import table
from .deps import Client, LimiterDep, Manager
from .limits import Limiter, RateLimited, SocketPlace, TokenBucket
from .live import UPDATE, Connection, GameManager, LiveGame
from .models import MAX_MESSAGE
from .views import clock_json
from .wire import BadJson, parse

router = APIRouter()

_Disconnected = getattr(starlette.websockets, "WebSocketDisconnected", WebSocketDisconnect)
"""Starlette >= 1 raises this on receiving after a failed send closed the socket (older ones did not)."""

BINARY = E.ApiError(400, "bad_message", "messages must be JSON text, not binary frames")


@router.websocket("/ws/games/{game_id}")
async def ws_game(ws: WebSocket, game_id: str, manager: Manager, limiter: LimiterDep, client: Client) -> None:
    try:
        live = await manager.get(game_id)
    except E.ApiError as exc:
        await ws.accept()
        await ws.send_json(E.on_socket({"type": "error", **exc.to_json()}))
        await ws.close(code=4404)
        return
    try:
        place = limiter.open_socket(client)
    except RateLimited as exc:
        await _refuse(ws, exc)
        return
    try:
        await _serve_socket(ws, manager, limiter, live, limiter.message_bucket(), client, place)
    finally:
        limiter.close_socket(place)


async def _serve_socket(
    ws: WebSocket,
    manager: GameManager,
    limiter: Limiter,
    live: LiveGame,
    bucket: TokenBucket,
    client: str,
    place: SocketPlace,
) -> None:
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
    chats = table.SocketChat(manager, ws.app.state.table_limiter, client, conn)
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


async def _handle(
    manager: GameManager, limiter: Limiter, live: LiveGame, seat: int | None, raw: str | None, chat: Any = None
) -> dict[str, Any] | None:
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
        return (
            {"type": "pong", "ref": ref}
            if live.clock is None
            else {"type": "pong", "ref": ref, "clock": clock_json(live)}
        )
    if kind == "act":
        if seat is None:
            return {
                "type": "error",
                "code": "bad_token",
                "ref": ref,
                "message": "spectators cannot act; open your seat link to play",
            }
        try:
            limiter.seat_action(live.id, seat)
            index = await manager.act(live.id, None, msg.get("index"), msg.get("action"), proven_seat=seat)
        except E.ApiError as exc:
            return {"type": "error", "ref": ref, **exc.to_json()}
        return {"type": "ack", "index": index, "ref": ref}
    if kind == "undo":
        if seat is None:
            return {
                "type": "error",
                "code": "bad_token",
                "ref": ref,
                "message": "spectators cannot take back moves; open your seat link to play",
            }
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
