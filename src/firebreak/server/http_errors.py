"""One error shape for every refusal: ``{"error": {"code", "message"}}`` with a sentence, whoever refuses.

FastAPI and Starlette answer some requests before any of our handlers run, in their own shape
(``{"detail": "Not Found"}``, "There was an error parsing the body", "23: jSON decode error"). Here they are
answered in ours instead: an unknown address (404), a method an address does not take (405), a body that is
not JSON (400, with what is wrong with it: see :func:`.wire.parse`), a body sent as another type (415), a body
or query a route's fields refuse (422, naming the field), a WebSocket to an unknown address (404 at the
handshake), and anything that fails inside the server (500).
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import errors as E
from .wire import BadJson, parse

log = logging.getLogger(__name__)

BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def refusal(status: int, code: str, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


class BodyLimit:
    """Refuse HTTP bodies over ``limit`` bytes before any handler sees them (413, nothing changes)."""

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
                return await self.app(scope, replay(body, receive), send)
        if too_big:
            resp = JSONResponse({"error": E.too_large(self.limit).to_json()}, status_code=413)
            return await resp(scope, receive, send)
        return await self.app(scope, receive, send)


class JsonBodies:
    """Check the body of every API request that sends one before a route reads it: JSON (415 otherwise) that
    :func:`.wire.parse` accepts (400 with its sentence otherwise). Sits inside :class:`BodyLimit`, so the
    body it reads is at most ``limit`` bytes."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") not in BODY_METHODS or not scope["path"].startswith("/api/"):
            return await self.app(scope, receive, send)
        body = b""
        while True:
            msg = await receive()
            if msg["type"] == "http.disconnect":
                return None  # the client left: nothing to answer
            body += msg.get("body", b"")
            if len(body) > self.limit:
                return await refusal(413, "too_large", E.too_large(self.limit).message)(scope, receive, send)
            if not msg.get("more_body", False):
                break
        if body.strip():
            problem = _problem(dict(scope.get("headers") or []).get(b"content-type"), body)
            if problem is not None:
                return await problem(scope, receive, send)
        return await self.app(scope, replay(body, receive), send)


def replay(body: bytes, receive: Any) -> Any:
    """An ASGI ``receive`` that gives the body already read, whole, then whatever comes next (a disconnect)."""
    sent = False

    async def again() -> dict:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return again


def _problem(content_type: bytes | None, body: bytes) -> JSONResponse | None:
    """The refusal of a body, or None if it is JSON the routes may read."""
    if content_type is not None:
        kind = content_type.split(b";")[0].strip().lower()
        if kind != b"application/json" and not kind.endswith(b"+json"):
            shown = kind.decode("latin-1")[:60] or "no type"
            return refusal(
                415,
                "unsupported_media_type",
                f"the request body must be JSON, sent as Content-Type: application/json (not {shown})",
            )
    try:
        parse(body, "the request body", strict=False)
    except BadJson as exc:
        return refusal(400, "bad_json", str(exc))
    return None


def _sentence(msg: str) -> str:
    """A framework message as the middle of our sentence: first letter small unless it starts a name ("JSON")."""
    return msg if msg[1:2].isupper() else msg[:1].lower() + msg[1:]


def _shown(text: str, most: int = 120) -> str:
    """A path as a refusal repeats it: at most ``most`` characters (an address may be kilobytes long)."""
    return text if len(text) <= most else text[:most] + "…"


def install(app: FastAPI) -> None:
    """Answer the framework's own refusals, and failures, in our shape."""

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"msg": "invalid request"}
        loc = tuple(first.get("loc", ()))
        if loc == ("body",) and first.get("type") == "missing":
            return refusal(422, "bad_request", "the request needs a JSON object as its body")
        if loc == ("body",) and first.get("type") in ("model_attributes_type", "dict_type", "model_type"):
            return refusal(422, "bad_request", "the request body must be a JSON object")
        where = ".".join(str(p) for p in loc if p not in ("body", "query", "path"))
        msg = _sentence(str(first.get("msg", "invalid value")))
        return refusal(422, "bad_request", f"{where}: {msg}" if where else msg)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        status = exc.status_code
        path = _shown(request.url.path)
        if status == 404:
            code, message = "not_found", f"there is nothing at {path} on this server (check the address)"
        elif status == 405:
            allowed = (exc.headers or {}).get("Allow", "")
            takes = f"; it takes {' and '.join(m.strip() for m in allowed.split(','))}" if allowed else ""
            code, message = "method_not_allowed", f"{path} does not take {_shown(request.method)} requests{takes}"
        else:
            phrase = HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else "error"
            code = phrase.lower().replace(" ", "_").replace("-", "_")
            detail = exc.detail if isinstance(exc.detail, str) and exc.detail != phrase else phrase.lower()
            message = _sentence(detail)
        return refusal(status, code, message, exc.headers)

    @app.exception_handler(Exception)
    async def _server_error(request: Request, exc: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return refusal(
            500,
            "server_error",
            "the server failed to answer this request (the failure is logged); try "
            "again, and tell the server's operator if it keeps happening",
        )

    not_found = app.router.default

    async def unknown_address(scope: dict, receive: Any, send: Any) -> None:
        """A WebSocket to no route: 404 in our shape at the handshake (where the server can send one)."""
        if scope["type"] != "websocket":
            return await not_found(scope, receive, send)
        body = refusal(
            404, "not_found", f"there is no live game connection at {_shown(scope.get('path', ''))} (check the address)"
        )
        if "websocket.http.response" in scope.get("extensions", {}):
            await receive()  # the websocket.connect
            await send(
                {
                    "type": "websocket.http.response.start",
                    "status": 404,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body.body)).encode()),
                    ],
                }
            )
            await send({"type": "websocket.http.response.body", "body": body.body})
            return None
        return await not_found(scope, receive, send)

    app.router.default = unknown_address  # type: ignore[assignment]
