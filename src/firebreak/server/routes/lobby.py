"""The lobby's routes: the catalog of games and bots, creating a game, and the list of games.

- ``GET  /api/catalog``                            games with their options and player counts, and the bots
- ``POST /api/games``                              create a game; returns each human seat's secret link
- ``GET  /api/games?offset=&limit=&game=&status=`` list games, newest first (public facts only)
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from starlette.requests import HTTPConnection

from firebreak.agents import bot_levels, known_agents
from firebreak.core import FirebreakError, all_games, get_game
from firebreak.core.help import rule_changes
from firebreak.core.parameters import BOARD_KEY, RULES_KEY, VARIANT_KEY, shown_options, titled
from firebreak.core.text import plural
from firebreak.core.variant import Variant

from .. import errors as E
from .. import table
from ..deps import Client, LimiterDep, Manager, StorageDep
from ..limits import Limits
from ..models import MAX_PAGE, CreateRequest
from ..storage import Storage

router = APIRouter()


async def variants_of(conn: HTTPConnection) -> Sequence[Variant]:
    """The variants the lobby offers (``firebreak serve --variants``)."""
    return conn.app.state.variants  # type: ignore[no-any-return]


Variants = Annotated[Sequence[Variant], Depends(variants_of)]


@router.get("/api/catalog", summary="Games, their options and the bots")
async def catalog(variants: Variants) -> dict[str, Any]:
    games = []
    for spec in all_games():
        games.append(
            {
                "name": spec.name,
                "title": spec.title,
                "description": spec.description,
                "min_players": spec.min_players,
                "max_players": spec.max_players,
                "default_players": spec.default_players,
                "has_svg": spec.svg is not None,
                "flagship": spec.flagship,
                "options": [
                    {
                        "name": o.name,
                        "title": o.label,
                        "type": o.type.__name__,
                        "default": o.default,
                        "help": o.help,
                        "choices": list(o.choices) if o.choices is not None else None,
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                        "unavailable": [limit.to_json() for limit in o.unavailable],
                        "only_when": {name: list(values) for name, values in o.only_when},
                    }
                    for o in spec.options
                ],
            }
        )
    bots = [
        {"name": t.name, "help": t.help, "params": {k: v.__name__ for k, v in t.params.items()}} for t in known_agents()
    ]
    levels = [
        {"name": lv.name, "title": lv.title, "description": lv.description, "spec": lv.spec} for lv in bot_levels()
    ]
    return {
        "games": games,
        "bots": bots,
        "levels": levels,
        "variants": [
            {
                "hash": v.hash,
                "name": v.name,
                "game": v.game,
                "description": v.description,
                "players": v.players,
                "player_counts": list(v.player_counts),
                # the table options its board takes the place of: the lobby does not offer them with it
                "replaces": list(get_game(v.game).board_replaces) if v.board is not None else [],
                "options": v.options,
                "rules": v.rules,
                "changes": rule_changes(get_game(v.game), v.rules),  # the rules it changes, in words
                "board": v.board,
            }
            for v in variants
        ],
    }


@router.post("/api/games", status_code=201, summary="Create a game")
async def create_game(
    req: CreateRequest, client: Client, manager: Manager, limiter: LimiterDep, storage: StorageDep, variants: Variants
) -> dict[str, Any]:
    uncached = [g for g in limiter.open_games_of(client) if g not in manager.games]
    gone = await asyncio.to_thread(_finished_or_gone, storage, uncached) if uncached else set()

    def still_open(game_id: str) -> bool:
        """Whether a game this client created still counts against its open games (unfinished, kept)."""
        live = manager.games.get(game_id)
        return not live.state.is_terminal() if live is not None else game_id not in gone

    check_seed(req, limiter.limits)
    limiter.reserve_creation(client, still_open)
    seat_specs, open_seats = table.split_open([s.model_dump() for s in req.seats])
    options, num_players = with_variant(req, {v.hash: v for v in variants})
    try:
        live, tokens = await manager.create(
            req.game,
            num_players,
            options,
            seat_specs,
            req.seed,
            req.takeover_after,
            None if req.clock is None else req.clock.model_dump(),
            client,
        )
        await table.open_up(manager, live, tokens, open_seats)
    except BaseException:
        limiter.cancel_creation(client)
        raise
    limiter.created_game(client, live.id)
    seats = []
    for s in live.seats:
        entry: dict[str, Any] = {"seat": s.seat, "name": live.state.player_name(s.seat), "kind": s.kind, "bot": s.bot}
        if s.seat in open_seats:  # anyone may take it from the lobby: no link handed out
            entry["open"] = True
        if s.seat in tokens:
            entry["token"] = tokens[s.seat]
            entry["url"] = f"/play/{live.id}#seat={s.seat}&token={tokens[s.seat]}"
        seats.append(entry)
    return {
        "id": live.id,
        "game": live.spec.name,
        "title": titled(live.spec.title, live.row.options),
        "variant": live.row.options.get(VARIANT_KEY),
        "num_players": live.row.num_players,
        "options": shown_options(live.spec.listed_options(live.row.options)),
        "seats": seats,
        "spectator_url": f"/play/{live.id}",
    }


@router.get("/api/games", summary="List games, newest first, a page at a time")
async def list_games(
    manager: Manager,
    storage: StorageDep,
    offset: int = Query(0, ge=0, le=1_000_000),
    limit: int = Query(50, ge=1, le=MAX_PAGE),
    game: str | None = Query(None, max_length=64, description="only games of this game"),
    status: str | None = Query(
        None,
        pattern="^(open|joinable|playing|finished)$",
        description="open (a human seat not yet taken), joinable (a "
        "seat anyone may take), playing (unfinished) or "
        "finished",
    ),
) -> dict[str, Any]:
    if game is not None:
        try:
            game = get_game(game).name
        except FirebreakError as exc:
            raise E.ApiError(422, "bad_game", str(exc)) from None
    rows = await asyncio.to_thread(storage.list_games, limit + 1, offset, game, status)
    more = len(rows) > limit
    rows = rows[:limit]
    extras = await table.listing(manager, rows)
    out = []
    for r in rows:
        live = manager.games.get(r.id)
        out.append(
            {
                "id": r.id,
                "game": r.game,
                "num_players": r.num_players,
                "options": shown_options(_listed(r.game, r.options)),
                "created_at": r.created_at,
                "num_actions": r.num_actions,
                "finished": r.finished,
                "seats": live.public_seats() if live else None,
                **extras[r.id],
            }
        )
    return {"games": out, "offset": offset, "limit": limit, "more": more}


def _listed(game: str, options: Mapping[str, Any]) -> Mapping[str, Any]:
    """A stored game's options as listings show them (:meth:`GameSpec.listed_options`; a game no longer
    registered: as stored)."""
    try:
        return get_game(game).listed_options(options)
    except FirebreakError:
        return options


def _finished_or_gone(storage: Storage, game_ids: list[str]) -> set[str]:
    """Which of these stored games are finished or no longer stored (run in a worker thread)."""
    out = set()
    for game_id in game_ids:
        row = storage.load_game(game_id)
        if row is None or row.finished:
            out.add(game_id)
    return out


def check_seed(req: CreateRequest, limits: Limits) -> None:
    """Refuse (422) a chosen seed where another person could sit: the seed deals every hand, objective and later
    draw, so whoever chose it would know them (unless the operator allows it: ``Limits.seeds_with_people``)."""
    people = sum(s.kind in ("human", "open") for s in req.seats) if req.seats else 1
    if req.seed is not None and people > 1 and not limits.seeds_with_people:
        raise E.ApiError(
            422,
            "seed_refused",
            f"seed: a seed can be chosen only for a game where every seat but yours is a bot (this one "
            f"has {plural(people, 'seat')} for people); a chosen seed deals every hidden card, so the "
            f"server deals games other people join: leave out the seed",
        )


def with_variant(req: CreateRequest, offered: Mapping[str, Variant]) -> tuple[dict[str, Any], int | None]:
    """A new game's options and player count: the request's, under the variant it names (if any).

    Rule parameters, a board and the variant label come only from a variant the server offers, so every game
    played under changed rules or on another board is marked as a variant (its stored options carry the name and
    hash), and no request makes the server check a board file of its own."""
    if RULES_KEY in req.options or VARIANT_KEY in req.options or BOARD_KEY in req.options:
        raise E.ApiError(
            422,
            "bad_options",
            "Rule changes come only with a variant the lobby offers: choose one as the game's variant.",
        )
    if req.variant is None:
        return req.options, req.num_players
    v = offered.get(req.variant)
    if v is None or v.game != req.game:
        raise E.ApiError(422, "unknown_variant", "This server offers no such variant of that game.")
    players = req.num_players  # (a count its board cannot seat is refused by the game, in its words)
    if players is None:
        players = v.default_players(get_game(v.game).default_players)
    return {**req.options, **v.game_options()}, players
