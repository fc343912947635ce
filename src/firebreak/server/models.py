"""The bodies the JSON API accepts, with the bounds on each field (an untrusted client sets them).

Kept apart from the routes so the lobby, the seats and the WebSocket protocol share one description of what a
client may send, and the OpenAPI schema (``/openapi.json``) documents it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

MAX_MESSAGE = 16 * 1024
"""Largest HTTP body or WebSocket message accepted (an action is a few dozen bytes)."""

MAX_SEED = 2**63 - 1
"""Seeds are 0 .. 2**63 - 1: what the database stores (a signed 64-bit integer) and the engine accepts."""

MAX_TAKEOVER = 7 * 24 * 3600
"""The longest ``takeover_after`` (a week, in seconds)."""

MAX_PAGE = 200
"""The most games one ``GET /api/games`` lists."""


class SeatRequest(BaseModel):
    kind: str = Field(
        max_length=16,
        description="'human' (a link for you to send), 'open' (anyone may take it from the lobby) or 'bot'",
    )
    bot: str | None = Field(None, max_length=200, description="bot spec for a bot seat, e.g. 'greedy' or 'random'")


class CreateRequest(BaseModel):
    game: str = Field(max_length=64)
    num_players: int | None = Field(None, ge=1, le=64)
    options: dict[str, Any] = Field(default_factory=dict)
    variant: str | None = Field(
        None,
        max_length=64,
        description="the hash of a variant the lobby offers (firebreak serve --variants): its rules and options",
    )
    seats: list[SeatRequest] = Field(
        default_factory=list, max_length=64, description="one per seat; default: you and greedy bots"
    )
    seed: int | None = Field(
        None,
        ge=0,
        le=MAX_SEED,
        description="0 to 2**63 - 1, only for a game where every seat but yours is a bot (a "
        "seed reveals every hidden card); omit it and the server deals",
    )
    takeover_after: int = Field(
        120,
        ge=0,
        le=MAX_TAKEOVER,
        description="seconds a player must be away before the seat goes to a bot when it is "
        "their turn (others may hand it over too); 0 = never; at most a week",
    )
    clock: ClockRequest | None = Field(
        None,
        description="the game's clock (default: none); a seat whose time runs "
        "out goes to a bot until its player takes it back",
    )


class ClockRequest(BaseModel):
    mode: str = Field(
        "none",
        max_length=8,
        description="'none', 'turn' (seconds per turn) or 'total' (seconds "
        "per player, plus an increment after each turn)",
    )
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
