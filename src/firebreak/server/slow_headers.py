"""A header-read timeout for the HTTP server ``firebreak serve`` runs (uvicorn with httptools).

uvicorn closes a kept-alive connection that stays idle, but not one that has started a request and never
finishes its headers: each such connection was held for ever (1,100 were held open for 20 s by one client, each
a socket and a parser's memory). :func:`protocol` gives uvicorn's httptools protocol a timer: from the moment the
connection opens, and again from the end of each response, its next request's headers must be complete within
``Limits.header_timeout`` seconds; otherwise a connection that sent part of a request is answered 408 in our
error shape, one that sent nothing is simply closed. Once the headers are in (a WebSocket upgrade included), the
timer stops: bodies are bounded by :class:`.http_errors.BodyLimit` and the routes' own limits.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .wire import dumps


def response_408(seconds: float) -> bytes:
    body = dumps(
        {
            "error": {
                "code": "request_timeout",
                "message": f"the request's headers did not arrive within {seconds:g} s, so the "
                "connection is closed; send the whole request at once",
            }
        }
    ).encode()
    return (
        b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\nconnection: close\r\n"
        b"content-length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    )


def protocol(seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's httptools protocol (what ``http="auto"`` picks) with a header-read timeout of ``seconds``."""
    late = response_408(seconds)

    class HeaderTimeoutProtocol(HttpToolsProtocol):
        header_timer: asyncio.TimerHandle | None = None
        header_bytes = 0  # bytes of the request whose headers are awaited

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._await_headers()

        def data_received(self, data: bytes) -> None:
            if self.header_timer is not None:
                self.header_bytes += len(data)
            super().data_received(data)

        def on_headers_complete(self) -> None:
            self._stop_timer()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and not self.pipeline:
                self._await_headers()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_timer()
            super().connection_lost(exc)

        def _await_headers(self) -> None:
            self._stop_timer()
            self.header_bytes = 0
            self.header_timer = self.loop.call_later(seconds, self._headers_late)

        def _stop_timer(self) -> None:
            if self.header_timer is not None:
                self.header_timer.cancel()
                self.header_timer = None

        def _headers_late(self) -> None:
            self.header_timer = None
            if self.transport.is_closing():
                return
            if self.header_bytes:
                self.transport.write(late)
            self.transport.close()

    return HeaderTimeoutProtocol
