"""A game as its seats use it over HTTP (the WebSocket, :mod:`firebreak.server.ws`, does the same live).

- ``GET  /api/games/{id}``                         state as a seat (``X-Seat-Token`` header) or a spectator
- ``POST /api/games/{id}/join``                    check a seat token, returns the seat and its state
- ``POST /api/games/{id}/actions``                 act: ``{"index": actions so far, "action": id or text}``
- ``POST /api/games/{id}/undo``                    take back your last move: ``{"index": moves so far}``
- ``POST /api/games/{id}/seats/{seat}/takeover``   hand an absent player's seat to a bot (after the timeout)
- ``POST /api/games/{id}/reclaim``                 take one's seat back from the bot
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request

from .. import errors as E
from ..deps import Client, LimiterDep, Manager
from ..live import GameManager, LiveGame
from ..models import ActRequest, TakeoverRequest, TokenRequest, UndoRequest
from ..seat import Present, Seated, NoBody, present, seated, viewer
from ..views import seat_payload

router = APIRouter()


async def state_for(manager: GameManager, game_id: str, token: str | None) -> tuple[LiveGame, int | None]:
    live = await manager.get(game_id)
    seat = live.seat_for_token(token) if token else None
    async with live.lock:
        await manager.catch_up(live)
    return live, seat


def read_limit(kind: str) -> Callable[..., Awaitable[None]]:
    """A dependency charging a read of ``kind`` to the client's budget, before the game is looked at."""

    async def charge(client: Client, limiter: LimiterDep) -> None:
        limiter.read(client, kind)

    return charge


@router.get("/api/games/{game_id}", summary="The game as a seat or a spectator sees it")
async def game_state(
    _: Annotated[None, Depends(read_limit("state"))], at: Annotated[Present[NoBody], Depends(viewer)], manager: Manager
) -> dict[str, Any]:
    async with at.live.lock:
        await manager.catch_up(at.live)
    return seat_payload(at.live, at.seat, "state", -1)


@router.post("/api/games/{game_id}/join", summary="Claim a seat with its token")
async def join(
    at: Annotated[Present[TokenRequest], Depends(present(TokenRequest))], manager: Manager
) -> dict[str, Any]:
    live, seat = at.live, at.seat
    async with live.lock:
        await manager.catch_up(live)
    if seat is None:
        raise E.bad_token()
    await manager.touch(live, [seat])
    return {"seat": seat, "state": seat_payload(live, seat, "state", -1)}


@router.post("/api/games/{game_id}/actions", summary="Take an action")
async def act(
    at: Annotated[Seated[ActRequest], Depends(seated(ActRequest))], manager: Manager, limiter: LimiterDep
) -> dict[str, Any]:
    limiter.seat_action(at.live.id, at.seat)
    index = await manager.act(at.live.id, None, at.body.index, at.body.action, proven_seat=at.seat)
    return {"ok": True, "index": index}


@router.post(
    "/api/games/{game_id}/undo", summary="Take back your last move (within your turn, if it drew and revealed nothing)"
)
async def undo(
    at: Annotated[Seated[UndoRequest], Depends(seated(UndoRequest))], manager: Manager, limiter: LimiterDep
) -> dict[str, Any]:
    limiter.seat_action(at.live.id, at.seat)
    index = await manager.undo(at.live.id, at.body.index, at.seat)
    return {"ok": True, "index": index}


_takeover_seat = seated(TakeoverRequest)


async def takeover_request(
    request: Request, game_id: str, seat: int, req: TakeoverRequest, x_seat_token: str | None = Header(None)
) -> tuple[Seated[TakeoverRequest], int]:
    """The seat dependency of the takeover, whose path names the seat handed over too: checked with the body,
    before the game is looked at (a seat that is not a number is a 422 whatever the token)."""
    return await _takeover_seat(request, game_id, req, x_seat_token), seat


@router.post("/api/games/{game_id}/seats/{seat}/takeover", summary="Hand an absent player's seat to a bot")
async def takeover(
    asked: Annotated[tuple[Seated[TakeoverRequest], int], Depends(takeover_request)], manager: Manager
) -> dict[str, Any]:
    at, seat = asked
    await manager.takeover(at.live.id, at.seat, seat, at.body.bot)
    return {"ok": True, "seat": seat, "bot": at.body.bot}


@router.post("/api/games/{game_id}/reclaim", summary="Take your seat back from the bot")
async def reclaim(
    at: Annotated[Seated[TokenRequest], Depends(seated(TokenRequest))], manager: Manager
) -> dict[str, Any]:
    seat = await manager.reclaim(at.live.id, at.seat)
    return {"ok": True, "seat": seat}
