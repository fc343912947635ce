"""Security headers on every HTTP response (pages, API, files), as an ASGI middleware.

What the pages need, and so all the policy allows: scripts and styles from this server only (no inline scripts;
inline ``style`` attributes are used by the pages and the games' SVG boards, hence ``'unsafe-inline'`` for styles
only), ``fetch`` and the WebSocket to this server (``connect-src 'self'`` covers ``ws:``/``wss:`` to the same
host), no plugins, no ``<base>``, forms posting here only. No page may be framed (clickjacking a seat's page would
play its moves): ``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``. Seat links carry the seat's secret in
the URL fragment, which browsers never send in ``Referer``; ``no-referrer`` also keeps a game's address from the
sites its pages link to. The interactive API docs (``/docs``, ``/redoc``) load their scripts from a CDN, so they get
the framing and referrer headers without the content policy.
"""

from __future__ import annotations

from typing import Any

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)

COMMON = [(b"x-frame-options", b"DENY"), (b"referrer-policy", b"no-referrer"), (b"x-content-type-options", b"nosniff")]

DOCS = ("/docs", "/redoc")


class SecurityHeaders:
    """Add the headers to every HTTP response (a handler's own headers of the same name are replaced)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        extra = list(COMMON)
        if not scope.get("path", "").startswith(DOCS):
            extra.append((b"content-security-policy", CSP.encode()))
        names = {k for k, _ in extra}

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": headers + extra}
            await send(message)

        return await self.app(scope, receive, send_with_headers)
