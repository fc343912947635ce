"""A game as its seats use it over HTTP (the WebSocket, :mod:`firebreak.server.ws`, does the same live).

- ``GET  /api/games/{id}``                         state as a seat (``X-Seat-Token`` header) or a spectator
- ``POST /api/games/{id}/join``                    check a seat token, returns the seat and its state
- ``POST /api/games/{id}/actions``                 act: ``{"index": actions so far, "action": id or text}``
- ``POST /api/games/{id}/undo``                    take back your last move: ``{"index": moves so far}``
- ``POST /api/games/{id}/seats/{seat}/takeover``   hand an absent player's seat to a bot (after the timeout)
- ``POST /api/games/{id}/reclaim``                 take one's seat back from the bot
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header

from .. import errors as E
from ..deps import Client, LimiterDep, Manager
from ..live import GameManager, LiveGame
from ..models import ActRequest, TakeoverRequest, TokenRequest, UndoRequest
from ..views import seat_payload

router = APIRouter()


async def state_for(manager: GameManager, game_id: str, token: str | None) -> tuple[LiveGame, int | None]:
    live = await manager.get(game_id)
    seat = live.seat_for_token(token) if token else None
    async with live.lock:
        await manager.catch_up(live)
    return live, seat


@router.get("/api/games/{game_id}", summary="The game as a seat or a spectator sees it")
async def game_state(game_id: str, client: Client, manager: Manager, limiter: LimiterDep,
                     x_seat_token: str | None = Header(None)) -> dict[str, Any]:
    limiter.read(client, "state")
    live, seat = await state_for(manager, game_id, x_seat_token)
    return seat_payload(live, seat, "state", -1)


@router.post("/api/games/{game_id}/join", summary="Claim a seat with its token")
async def join(game_id: str, req: TokenRequest, manager: Manager,
               x_seat_token: str | None = Header(None)) -> dict[str, Any]:
    live, seat = await state_for(manager, game_id, req.token or x_seat_token)
    if seat is None:
        raise E.bad_token()
    await manager.touch(live, [seat])
    return {"seat": seat, "state": seat_payload(live, seat, "state", -1)}


@router.post("/api/games/{game_id}/actions", summary="Take an action")
async def act(game_id: str, req: ActRequest, manager: Manager, limiter: LimiterDep,
              x_seat_token: str | None = Header(None)) -> dict[str, Any]:
    live = await manager.get(game_id)
    seat = live.seat_for_token(req.token or x_seat_token)
    limiter.seat_action(game_id, seat)
    index = await manager.act(game_id, None, req.index, req.action, proven_seat=seat)
    return {"ok": True, "index": index}


@router.post("/api/games/{game_id}/undo", summary="Take back your last move (within your turn, if it drew and "
                                                   "revealed nothing)")
async def undo(game_id: str, req: UndoRequest, manager: Manager, limiter: LimiterDep,
               x_seat_token: str | None = Header(None)) -> dict[str, Any]:
    live = await manager.get(game_id)
    seat = live.seat_for_token(req.token or x_seat_token)
    limiter.seat_action(game_id, seat)
    index = await manager.undo(game_id, req.index, seat)
    return {"ok": True, "index": index}


@router.post("/api/games/{game_id}/seats/{seat}/takeover", summary="Hand an absent player's seat to a bot")
async def takeover(game_id: str, seat: int, req: TakeoverRequest, manager: Manager,
                   x_seat_token: str | None = Header(None)) -> dict[str, Any]:
    await manager.takeover(game_id, req.token or x_seat_token, seat, req.bot)
    return {"ok": True, "seat": seat, "bot": req.bot}


@router.post("/api/games/{game_id}/reclaim", summary="Take your seat back from the bot")
async def reclaim(game_id: str, req: TokenRequest, manager: Manager,
                  x_seat_token: str | None = Header(None)) -> dict[str, Any]:
    seat = await manager.reclaim(game_id, req.token or x_seat_token)
    return {"ok": True, "seat": seat}
