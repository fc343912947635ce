"""Rematch: the same game, options and seats with a new deal, started from a finished game's results.

Each person seated in the finished game gets a new link to the same seat of the rematch, and only they can: the
rematch's human seats are *held* (no link yet) and a seat's new token is derived from that seat's old one
(HMAC of the old token over the rematch's id), which the server never stores. So the old link leads to the new
game: its page asks for the rematch with its own token and gets that seat's link, as often as it asks, on any
device; nobody else can claim a held seat. Bots keep their seats and specs; a seat that was open to anyone in the
lobby is open again.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from typing import TYPE_CHECKING, Any

from firebreak.core import FirebreakError, get_game

from . import errors as E
from .storage import GameRow, SeatRow, hash_token
from .table_data import add_open_seats, hold_seat, record_rematch, rematch_of
from .wire import dumps

if TYPE_CHECKING:
    from .limits import Limiter
    from .live import GameManager, LiveGame


def tell(live: LiveGame, msg: dict[str, Any]) -> None:
    """Send every page of a game in this process the same note."""
    text = dumps(msg)
    for conn in list(live.connections):
        conn.push(text)


def derived_token(old_token: str, rematch_id: str) -> str:
    """The seat's token in the rematch: only the holder of the old token can compute it."""
    mac = hmac.new(old_token.encode("utf-8"), f"rematch {rematch_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode("ascii").rstrip("=")


def seat_url(game_id: str, seat: int, token: str) -> str:
    return f"/play/{game_id}#seat={seat}&token={token}"


async def rematch(
    manager: GameManager, limiter: Limiter, old: LiveGame, seat: int | None, token: str | None, start: bool, client: str
) -> dict[str, Any]:
    """Start the rematch of ``old`` (``start``, a seated player only: ``seat``, proven by its ``token``) or follow
    the one started; the answer carries the caller's own seat link (a spectator's: the rematch's page)."""
    async with old.lock:
        await manager.catch_up(old)
        if not old.state.is_terminal():
            raise E.ApiError(409, "not_finished", "a rematch can start once this game is over")
        new_id = await manager.db(rematch_of, manager.storage, old.id)
        if new_id is None:
            if not start:
                return {"started": False}
            if seat is None:
                raise E.ApiError(403, "bad_token", "only the players can start a rematch; open your seat link")
            new_id = await _create(manager, limiter, old, client)
            tell(old, {"type": "rematch", "game_id": new_id})
    new = await manager.get(new_id)
    if seat is None:
        return {"started": True, "id": new_id, "seat": None, "url": f"/play/{new_id}"}
    mine = derived_token(token or "", new_id)
    held = new.seats[seat].token_hash
    if (
        held is not None
        and held != hash_token(mine)
        or not await manager.db(hold_seat, manager.storage, new_id, seat, hash_token(mine))
    ):
        raise E.ApiError(409, "seat_taken", f"{new.state.player_name(seat)}'s seat in the rematch is not yours")
    new.seats[seat].token_hash = hash_token(mine)
    return {"started": True, "id": new_id, "seat": seat, "token": mine, "url": seat_url(new_id, seat, mine)}


async def _create(manager: GameManager, limiter: Limiter, old: LiveGame, client: str) -> str:
    """Store the rematch (old lock held); returns the id recorded (another process's if it was first)."""
    from .live import LiveGame

    def still_open(game_id: str) -> bool:
        live = manager.games.get(game_id)
        return live is not None and not live.state.is_terminal()

    limiter.reserve_creation(client, still_open)
    try:
        spec = get_game(old.row.game)
        options = spec.resolve_options(old.row.num_players, old.row.options)
    except FirebreakError as exc:  # pragma: no cover - the options were accepted when the first game was made
        limiter.cancel_creation(client)
        raise E.ApiError(422, "bad_game", str(exc)) from None
    rows, open_seats = [], []
    for s in old.seats:
        if s.token_hash is not None:  # a person held this seat: held for them
            rows.append(SeatRow(s.seat, "human", None, None, None))
        elif s.kind == "human":  # open to anyone and never taken: open again
            rows.append(SeatRow(s.seat, "human", None, None, None))
            open_seats.append(s.seat)
        else:
            rows.append(SeatRow(s.seat, "bot", manager.bots.playable(s.bot or ""), None, None))
    row = GameRow(
        secrets.token_urlsafe(9),
        spec.name,
        old.row.num_players,
        options,
        secrets.randbelow(2**62),
        time.time(),
        old.row.takeover_after,
        0,
        False,
    )
    try:
        await manager.db(manager.storage.create_game, row, rows)
        await manager.db(add_open_seats, manager.storage, row.id, open_seats)
        recorded = await manager.db(record_rematch, manager.storage, old.id, row.id)
    except BaseException:
        limiter.cancel_creation(client)
        raise
    if recorded != row.id:  # another process started it first: ours goes
        await manager.db(manager.storage.delete_games, [row.id])
        limiter.cancel_creation(client)
        return recorded
    limiter.created_game(client, row.id)
    live = LiveGame(row, rows, spec)
    live.owner = client
    manager.remember(live)
    manager.bot_loop.kick(live)
    return row.id


async def on_note(manager: GameManager, game_id: str) -> None:
    """Another process started a game's rematch (PostgreSQL NOTIFY): tell our pages of the old game."""
    live = manager.games.get(game_id)
    if live is not None:
        new_id = await manager.db(rematch_of, manager.storage, game_id)
        if new_id is not None:
            tell(live, {"type": "rematch", "game_id": new_id})
