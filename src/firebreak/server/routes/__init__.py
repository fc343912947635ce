"""The HTTP routes, one module a resource; :func:`firebreak.server.app.create_app` includes them in this order.

- :mod:`.pages`    the lobby, game and replay pages and their static files
- :mod:`.lobby`    the catalog, creating games and listing them
- :mod:`.seats`    a game as a seat sees it: joining, acting, taking back, handing a seat to a bot and back
- :mod:`.records`  finished games: the full record and the replay step by step

Chat, rematch, open seats and the rules help are :mod:`firebreak.server.table`; the live WebSocket is
:mod:`firebreak.server.ws`.
"""

from __future__ import annotations

from fastapi import APIRouter

from . import lobby, pages, records, seats

ROUTERS: tuple[APIRouter, ...] = (pages.router, lobby.router, seats.router, records.router)
