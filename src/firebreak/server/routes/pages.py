"""The pages: plain HTML and JS files from ``firebreak/web`` (no build step) that talk to the API."""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

router = APIRouter(include_in_schema=False)

STATIC = (
    "app.css",
    "common.js",
    "lobby.js",
    "game.js",
    "replay.js",
    "table.js",
    "favicon.svg",
    "favicon-turn.svg",
    "undo.js",
    "clock.js",
    "strip.js",
    "strip.css",
    "scorebars.js",
)
"""The files ``/static/{name}`` serves (no others: nothing else of the package is reachable)."""


def web_file(name: str) -> str:
    return str(resources.files("firebreak.web").joinpath(name))


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(web_file("lobby.html"))


@router.get("/play/{game_id}")
async def game_page(game_id: str) -> FileResponse:
    return FileResponse(web_file("game.html"))


@router.get("/replay/{game_id}")
async def replay_page(game_id: str) -> FileResponse:
    return FileResponse(web_file("replay.html"))


@router.get("/static/{name}")
async def static_file(name: str) -> Response:
    if name not in STATIC:
        return JSONResponse({"error": {"code": "not_found", "message": "no such file"}}, status_code=404)
    return FileResponse(web_file(name))


@router.get("/favicon.ico")
async def favicon() -> FileResponse:
    return FileResponse(web_file("favicon.svg"), media_type="image/svg+xml")
