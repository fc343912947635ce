"""What the table around a game stores besides the game itself: its chat, the rematch it led to, and the seats
anyone may take from the lobby.

Tables of their own (created with the others by :class:`~firebreak.server.storage.Storage`), so a game's rows
and actions keep their shape: ``chat`` (one row per message, numbered per game), ``rematches`` (a finished game
and the game its players started after it) and ``open_seats`` (a human seat nobody holds a link to yet; claiming
it deletes the row, so two people can never both get it, whichever process each asked).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Float, Integer, String, Table, delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from .storage import NOTIFY_CHANNEL, Storage, games_table, metadata, seats_table

chat_table = Table(
    "chat", metadata,
    Column("game_id", String(40), primary_key=True),
    Column("n", Integer, primary_key=True),  # 1, 2, ... per game: (game_id, n) unique across processes
    Column("seat", Integer, nullable=True),  # None: a spectator
    Column("name", String(80), nullable=False),
    Column("text", String(2000), nullable=False),
    Column("at", Integer, nullable=False),  # actions played when it was said (replays show it from there)
    Column("created_at", Float, nullable=False),
)

rematches_table = Table(
    "rematches", metadata,
    Column("game_id", String(40), primary_key=True),  # the finished game: one rematch each
    Column("rematch_id", String(40), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
)

open_seats_table = Table(
    "open_seats", metadata,
    Column("game_id", String(40), primary_key=True),
    Column("seat", Integer, primary_key=True),
)


@dataclass
class ChatRow:
    n: int
    seat: int | None
    name: str
    text: str
    at: int
    created_at: float

    def to_json(self) -> dict[str, Any]:
        """What every viewer is sent: who said what, when (public facts only)."""
        return {"n": self.n, "seat": self.seat, "name": self.name, "text": self.text, "at": self.at,
                "time": self.created_at}


def _notify(storage: Storage, conn: Any, game_id: str, what: str) -> None:
    if storage.is_postgres:  # delivered on commit: other processes tell their clients
        conn.execute(text("SELECT pg_notify(:ch, :msg)"), {"ch": NOTIFY_CHANNEL, "msg": f"{game_id} {what}"})


# ----------------------------------------------------------------------------------------------- chat
ChatItem = tuple[str, int | None, str, str, int, int]
"""A message to store: ``(game_id, seat, name, text, at, most)`` (see :func:`insert_chat`)."""


def insert_chat(storage: Storage, conn: Any, game_id: str, seat: int | None, name: str, said: str, at: int,
                most: int) -> ChatRow | None:
    """Store a message as the game's next one inside the caller's transaction (the group commit's, see
    :mod:`.commits`); None if the game already holds ``most`` messages. Raises ``IntegrityError`` if another
    process numbered a message of the game at the same moment."""
    count = conn.execute(select(func.coalesce(func.max(chat_table.c.n), 0))
                         .where(chat_table.c.game_id == game_id)).scalar_one()
    if count >= most:
        return None
    row = ChatRow(count + 1, seat, name, said, at, time.time())
    conn.execute(insert(chat_table).values(game_id=game_id, n=row.n, seat=seat, name=name, text=said,
                                           at=at, created_at=row.created_at))
    _notify(storage, conn, game_id, "chat")
    return row


def add_chat(storage: Storage, game_id: str, seat: int | None, name: str, said: str, at: int,
             most: int) -> ChatRow | None:
    """Store a message in a transaction of its own (:func:`insert_chat`), taking the next number if another
    process took this one."""
    for _ in range(3):
        try:
            with storage.engine.begin() as conn:
                return insert_chat(storage, conn, game_id, seat, name, said, at, most)
        except IntegrityError:
            continue
    raise IntegrityError("chat", None, Exception("the chat is too busy"))  # reported as a 503 by the caller


def load_chat(storage: Storage, game_id: str, after: int = 0) -> list[ChatRow]:
    with storage.engine.connect() as conn:
        rows = conn.execute(select(chat_table).where((chat_table.c.game_id == game_id) & (chat_table.c.n > after))
                            .order_by(chat_table.c.n)).mappings().all()
    return [ChatRow(r["n"], r["seat"], r["name"], r["text"], r["at"], r["created_at"]) for r in rows]


# ----------------------------------------------------------------------------------------------- rematch
def rematch_of(storage: Storage, game_id: str) -> str | None:
    with storage.engine.connect() as conn:
        return conn.execute(select(rematches_table.c.rematch_id)
                            .where(rematches_table.c.game_id == game_id)).scalar_one_or_none()


def record_rematch(storage: Storage, game_id: str, rematch_id: str) -> str:
    """Record ``rematch_id`` as the rematch of ``game_id``; returns the one recorded (another player's, if they
    were first)."""
    try:
        with storage.engine.begin() as conn:
            conn.execute(insert(rematches_table).values(game_id=game_id, rematch_id=rematch_id,
                                                        created_at=time.time()))
            _notify(storage, conn, game_id, "rematch")
        return rematch_id
    except IntegrityError:
        found = rematch_of(storage, game_id)
        assert found is not None
        return found


def hold_seat(storage: Storage, game_id: str, seat: int, token_hash: str) -> bool:
    """Give a held seat (no link yet) its link's hash; True if it now has that hash (set now or before)."""
    with storage.engine.begin() as conn:
        done = conn.execute(update(seats_table).where(
            (seats_table.c.game_id == game_id) & (seats_table.c.seat == seat) & seats_table.c.token_hash.is_(None)
        ).values(token_hash=token_hash)).rowcount
        if done:
            _notify(storage, conn, game_id, "seats")
            return True
        held = conn.execute(select(seats_table.c.token_hash).where(
            (seats_table.c.game_id == game_id) & (seats_table.c.seat == seat))).scalar_one_or_none()
    return held == token_hash


# ----------------------------------------------------------------------------------------------- open seats
def add_open_seats(storage: Storage, game_id: str, seats: list[int]) -> None:
    if seats:
        with storage.engine.begin() as conn:
            conn.execute(insert(open_seats_table), [{"game_id": game_id, "seat": s} for s in seats])


def open_seats_of(storage: Storage, game_ids: list[str]) -> dict[str, list[int]]:
    if not game_ids:
        return {}
    with storage.engine.connect() as conn:
        rows = conn.execute(select(open_seats_table.c.game_id, open_seats_table.c.seat)
                            .where(open_seats_table.c.game_id.in_(game_ids))
                            .order_by(open_seats_table.c.seat)).all()
    out: dict[str, list[int]] = {}
    for g, s in rows:
        out.setdefault(g, []).append(s)
    return out


def claim_seat(storage: Storage, game_id: str, seat: int, token_hash: str) -> bool:
    """Take an open seat for the holder of ``token_hash``: False if it is not open (any more). One transaction:
    the row is deleted and the seat given its link, or neither."""
    with storage.engine.begin() as conn:
        taken = conn.execute(delete(open_seats_table).where(
            (open_seats_table.c.game_id == game_id) & (open_seats_table.c.seat == seat))).rowcount
        if not taken:
            return False
        conn.execute(update(seats_table).where(
            (seats_table.c.game_id == game_id) & (seats_table.c.seat == seat) & seats_table.c.token_hash.is_(None)
        ).values(token_hash=token_hash, last_seen=time.time()))
        _notify(storage, conn, game_id, "seats")
    return True


def joinable_game_ids(storage: Storage, limit: int, offset: int, game: str | None) -> list[str]:
    """Unfinished games with a seat anyone may take, newest first."""
    query = select(games_table.c.id).where(games_table.c.finished.is_(False) & games_table.c.id.in_(
        select(open_seats_table.c.game_id)))
    if game is not None:
        query = query.where(games_table.c.game == game)
    query = query.order_by(games_table.c.created_at.desc(), games_table.c.id).limit(limit).offset(offset)
    with storage.engine.connect() as conn:
        return [r[0] for r in conn.execute(query)]


def delete_rows(conn: Any, game_ids: list[str]) -> None:
    """Remove what these tables hold of games being removed (inside the caller's transaction)."""
    conn.execute(delete(chat_table).where(chat_table.c.game_id.in_(game_ids)))
    conn.execute(delete(rematches_table).where(rematches_table.c.game_id.in_(game_ids)
                                               | rematches_table.c.rematch_id.in_(game_ids)))
    conn.execute(delete(open_seats_table).where(open_seats_table.c.game_id.in_(game_ids)))
