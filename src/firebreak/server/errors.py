"""Errors the server reports to clients: a stable code, a sentence, and the HTTP status.

The same shape is used over HTTP (``{"error": {"code", "message"}}``) and over the WebSocket
(``{"type": "error", "error": {"code", "message"}, ...}``, see :func:`on_socket`), so a client handles both the
same way.
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after  # seconds, sent as the Retry-After header over HTTP

    def headers(self) -> dict[str, str] | None:
        return None if self.retry_after is None else {"Retry-After": str(self.retry_after)}

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


def unknown_game(game_id: str) -> ApiError:
    return ApiError(404, "unknown_game", f"there is no game {game_id!r} on this server")


def bad_token() -> ApiError:
    return ApiError(403, "bad_token", "this seat link is not valid for this game (check the link you were sent)")


def not_your_turn(seat_name: str, current_name: str) -> ApiError:
    """Players are named as the game names them everywhere else (e.g. "Purple (P1)")."""
    return ApiError(409, "not_your_turn", f"it is {current_name}'s turn, not {seat_name}'s")


def stale_index(expected: int, got: int) -> ApiError:
    return ApiError(
        409,
        "stale_index",
        f"another action was taken first: the game is at action {expected}, your action was for {got}",
    )


def game_over() -> ApiError:
    return ApiError(409, "game_over", "the game is over; no action is legal")


def too_large(limit: int) -> ApiError:
    return ApiError(413, "too_large", f"message too large (the limit is {limit} bytes)")


RETRY_AFTER = 2
"""Seconds a client is asked to wait before trying again while the database is locked or away."""


def unavailable(cause: BaseException | None = None) -> ApiError:
    """The database is locked by another program or unreachable: nothing was changed, try again shortly."""
    return ApiError(
        503,
        "database_unavailable",
        f"the game database is busy or unreachable, so nothing was changed; try again in {RETRY_AFTER} s",
        retry_after=RETRY_AFTER,
    )


def on_socket(msg: dict[str, Any]) -> dict[str, Any]:
    """A WebSocket message as sent: an error carries ``{"error": {"code", "message"}}`` as over HTTP, beside the
    ``code`` and ``message`` the pages read at the top level (and its ``ref``, ``retry_after`` or ``chat``)."""
    if msg.get("type") == "error" and "error" not in msg:
        return {**msg, "error": {"code": msg.get("code"), "message": msg.get("message")}}
    return msg
