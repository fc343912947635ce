"""The seat a request speaks for: one FastAPI dependency for every route that needs one.

A seat is proven by its secret token, sent in the body (``token``) or in the ``X-Seat-Token`` header (the
body's wins). The dependency loads the game (404 for an unknown one), then checks the token (403 for a token that
names no seat), before the route runs; the body is validated first (422), as for any route. Two kinds:

- :func:`seated`: the route needs a seat (acting, taking back, handing seats over, a player's chat rules);
- :func:`present` (:func:`viewer` without a body): a seat or a spectator (reading the game, joining, chatting, a rematch): no token is a
  spectator, a wrong token is still refused.

(No ``from __future__ import annotations`` here: each dependency is built for its route's body class, which
FastAPI reads from the dependency's signature, so the annotation must be the class itself.)
"""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from fastapi import Header, Request
from pydantic import BaseModel

from . import errors as E
from .live import GameManager, LiveGame

B = TypeVar("B", bound=BaseModel)


@dataclass(frozen=True)
class Seated(Generic[B]):
    """A request from a seat: the game, the seat its token names, the token and the request's body."""

    live: LiveGame
    seat: int
    token: str
    body: B


@dataclass(frozen=True)
class Present(Generic[B]):
    """A request from a seat or a spectator (``seat`` and ``token`` None)."""

    live: LiveGame
    seat: int | None
    token: str | None
    body: B


def _token(body: BaseModel | None, header: str | None) -> str | None:
    token = getattr(body, "token", None) if body is not None else None
    return token or header


async def _seat(request: Request, game_id: str, token: str | None, what: str | None) -> tuple[LiveGame, int]:
    manager: GameManager = request.app.state.manager
    live = await manager.get(game_id)
    if what is not None and not token:
        raise E.ApiError(403, "bad_token", f"only the players can {what}; open your seat link")
    return live, live.seat_for_token(token)


async def _present(request: Request, game_id: str, token: str | None) -> tuple[LiveGame, int | None]:
    manager: GameManager = request.app.state.manager
    live = await manager.get(game_id)
    return live, live.seat_for_token(token) if token else None


def seated(body: type[B], what: str | None = None) -> Callable[..., Awaitable[Seated[B]]]:
    """The dependency of a route that needs a seat, with a body of class ``body``. ``what``: the words of the
    refusal when no token came at all ("only the players can {what}"; default: the usual bad token)."""

    async def dependency(
        request: Request,
        game_id: str,
        req: body,  # type: ignore[valid-type]
        x_seat_token: str | None = Header(None),
    ) -> Seated[B]:
        token = _token(req, x_seat_token)
        live, seat = await _seat(request, game_id, token, what)
        return Seated(live, seat, token or "", req)

    return dependency


def present(body: type[B]) -> Callable[..., Awaitable[Present[B]]]:
    """The dependency of a route open to seats and spectators, with a body of class ``body``."""

    async def dependency(
        request: Request,
        game_id: str,
        req: body,  # type: ignore[valid-type]
        x_seat_token: str | None = Header(None),
    ) -> Present[B]:
        token = _token(req, x_seat_token)
        live, seat = await _present(request, game_id, token)
        return Present(live, seat, token if seat is not None else None, req)

    return dependency


class NoBody(BaseModel):
    """The body of a request that sends none (a GET)."""


async def viewer(request: Request, game_id: str, x_seat_token: str | None = Header(None)) -> Present[NoBody]:
    """The dependency of a route without a body open to seats (the ``X-Seat-Token`` header) and spectators."""
    live, seat = await _present(request, game_id, x_seat_token)
    return Present(live, seat, x_seat_token if seat is not None else None, NoBody())
