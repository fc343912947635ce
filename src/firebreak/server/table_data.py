"""What the table around a game stores besides the game itself: its chat, the rematch it led to, and the seats
anyone may take from the lobby.

Tables of their own (declared with the others in :mod:`.schema`), so a game's rows
and actions keep their shape: ``chat`` (one row per message, numbered per game; ``chat_senders`` says which
spectator said a message, and ``chat_muted`` whom the players silenced), ``rematches`` (a finished game
and the game its players started after it) and ``open_seats`` (a human seat nobody holds a link to yet; claiming
it deletes the row, so two people can never both get it, whichever process each asked).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sqlalchemy import delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from .schema import (
    chat_muted_table,
    chat_senders_table,
    chat_table,
    open_seats_table,
    rematches_table,
    seats_table,
)
from .storage import NOTIFY_CHANNEL, Storage


NOTE = "note"
"""The sender of a table note ("Ann closed the chat to spectators."): said by a seat, shown as a sentence."""

ALL_SPECTATORS = "*"
"""In ``chat_muted``: the spectators' chat is closed."""


@dataclass
class ChatRow:
    n: int
    seat: int | None
    name: str
    text: str
    at: int
    created_at: float
    note: bool = False  # a note of the table (its text a whole sentence), not something said

    def to_json(self) -> dict[str, Any]:
        """What every viewer is sent: who said what, when (public facts only)."""
        return {
            "n": self.n,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": self.at,
            "time": self.created_at,
            "note": self.note,
        }


def _notify(storage: Storage, conn: Any, game_id: str, what: str) -> None:
    if storage.is_postgres:  # delivered on commit: other processes tell their clients
        conn.execute(text("SELECT pg_notify(:ch, :msg)"), {"ch": NOTIFY_CHANNEL, "msg": f"{game_id} {what}"})


# ----------------------------------------------------------------------------------------------- chat
class ChatItem(NamedTuple):
    """A message to store (see :func:`insert_chat`)."""

    game_id: str
    seat: int | None  # None: a spectator
    name: str  # the seat's name; a spectator's is given by the game's chat ("Spectator 2")
    text: str
    at: int  # actions played when it was said
    most: int  # the most messages the game keeps
    sender: str | None = None  # a spectator's key in this game, or NOTE (a seat's note); None: a seat's message
    per_sender: int | None = None  # the most messages one seat or one spectator may keep in the game
    spectators_most: int | None = None  # the most all spectators together may keep

    def insert(self, storage: Storage, conn: Any) -> ChatRow | str:
        """:func:`insert_chat` (the group commit stores a message this way, inside its transaction)."""
        return insert_chat(storage, conn, *self)

    def store(self, storage: Storage) -> ChatRow | str:
        """:func:`add_chat` (in a transaction of its own)."""
        return add_chat(storage, *self)


FULL, SHARE, SPECTATORS_FULL, CLOSED, MUTED = "full", "share", "spectators full", "closed", "muted"
"""Why a message was not stored: the game's chat is full; its sender used up their share of it; the spectators
theirs; the players closed the chat to spectators; or muted this spectator."""


def insert_chat(storage: Storage, conn: Any, *item: Any) -> ChatRow | str:
    """Store a message (a :class:`ChatItem`) as the game's next one inside the caller's transaction (the group
    commit's, see :mod:`.commits`), or say why not (:data:`FULL` ...). Raises ``IntegrityError`` if another process
    numbered a message of the game at the same moment (its transaction then tries again, and counts again)."""
    it = ChatItem(*item)
    g = it.game_id
    count = conn.execute(
        select(func.coalesce(func.max(chat_table.c.n), 0)).where(chat_table.c.game_id == g)
    ).scalar_one()
    if count >= it.most:
        return FULL
    name = it.name
    if it.seat is not None and it.per_sender is not None:
        mine = conn.execute(
            select(func.count())
            .select_from(chat_table)
            .where((chat_table.c.game_id == g) & (chat_table.c.seat == it.seat))
        ).scalar_one()
        if mine >= it.per_sender:
            return SHARE
    elif it.seat is None and it.sender is not None:
        silenced = set(
            conn.execute(
                select(chat_muted_table.c.sender).where(
                    (chat_muted_table.c.game_id == g) & chat_muted_table.c.sender.in_([ALL_SPECTATORS, it.sender])
                )
            ).scalars()
        )
        if ALL_SPECTATORS in silenced:
            return CLOSED
        if it.sender in silenced:
            return MUTED
        said = conn.execute(
            select(chat_senders_table.c.sender, func.count())
            .where((chat_senders_table.c.game_id == g) & (chat_senders_table.c.sender != NOTE))
            .group_by(chat_senders_table.c.sender)
        ).all()
        mine = next((k for sender, k in said if sender == it.sender), 0)
        if it.per_sender is not None and mine >= it.per_sender:
            return SHARE
        if it.spectators_most is not None and sum(k for _, k in said) >= it.spectators_most:
            return SPECTATORS_FULL
        name = spectator_name(conn, g, it.sender) if mine else f"Spectator {len(said) + 1}"
    row = ChatRow(count + 1, it.seat, name, it.text, it.at, time.time(), it.sender == NOTE)
    conn.execute(
        insert(chat_table).values(
            game_id=g, n=row.n, seat=it.seat, name=name, text=it.text, at=it.at, created_at=row.created_at
        )
    )
    if it.sender is not None:
        conn.execute(insert(chat_senders_table).values(game_id=g, n=row.n, sender=it.sender))
    _notify(storage, conn, g, "chat")
    return row


def spectator_name(conn: Any, game_id: str, sender: str) -> str:
    """The name a spectator has in a game's chat (given with their first message)."""
    return str(
        conn.execute(
            select(chat_table.c.name)
            .join(
                chat_senders_table,
                (chat_senders_table.c.game_id == chat_table.c.game_id) & (chat_senders_table.c.n == chat_table.c.n),
            )
            .where((chat_table.c.game_id == game_id) & (chat_senders_table.c.sender == sender))
            .order_by(chat_table.c.n)
            .limit(1)
        ).scalar_one()
    )


def add_chat(storage: Storage, *item: Any) -> ChatRow | str:
    """Store a message in a transaction of its own (:func:`insert_chat`), taking the next number if another
    process took this one."""
    for _ in range(3):
        try:
            with storage.engine.begin() as conn:
                return insert_chat(storage, conn, *item)
        except IntegrityError:
            continue
    raise IntegrityError("chat", None, Exception("the chat is too busy"))  # reported as a 503 by the caller


def load_chat(storage: Storage, game_id: str, after: int = 0) -> list[ChatRow]:
    c, s = chat_table.c, chat_senders_table.c
    with storage.engine.connect() as conn:
        rows = (
            conn.execute(
                select(chat_table, s.sender)
                .select_from(chat_table.outerjoin(chat_senders_table, (s.game_id == c.game_id) & (s.n == c.n)))
                .where((c.game_id == game_id) & (c.n > after))
                .order_by(c.n)
            )
            .mappings()
            .all()
        )
    return [
        ChatRow(r["n"], r["seat"], r["name"], r["text"], r["at"], r["created_at"], r["sender"] == NOTE) for r in rows
    ]


@dataclass
class ChatRules:
    """What the players decided about spectators in a game's chat."""

    closed: bool = False  # the chat is closed to spectators
    muted: list[str] = field(default_factory=list)  # the names of the spectators muted

    def to_json(self) -> dict[str, Any]:
        return {"type": "chat_rules", "spectators_closed": self.closed, "muted": self.muted}


def load_rules(conn: Any, game_id: str) -> ChatRules:
    senders = list(
        conn.execute(
            select(chat_muted_table.c.sender)
            .where(chat_muted_table.c.game_id == game_id)
            .order_by(chat_muted_table.c.sender)
        ).scalars()
    )
    return ChatRules(
        ALL_SPECTATORS in senders, sorted(spectator_name(conn, game_id, s) for s in senders if s != ALL_SPECTATORS)
    )


def load_chat_and_rules(storage: Storage, game_id: str, after: int = 0) -> tuple[list[ChatRow], ChatRules]:
    rows = load_chat(storage, game_id, after)
    with storage.engine.connect() as conn:
        return rows, load_rules(conn, game_id)


def spectator_of(storage: Storage, game_id: str, n: int) -> tuple[str, str] | None:
    """The key and name of the spectator who said message ``n`` of a game (None: no such message of a spectator)."""
    c, s = chat_table.c, chat_senders_table.c
    with storage.engine.connect() as conn:
        found = conn.execute(
            select(s.sender, c.name)
            .join(chat_table, (s.game_id == c.game_id) & (s.n == c.n))
            .where((s.game_id == game_id) & (s.n == n) & (s.sender != NOTE) & c.seat.is_(None))
        ).first()
    return None if found is None else (found[0], found[1])


def set_silenced(
    storage: Storage, game_id: str, sender: str, silenced: bool, note: ChatItem
) -> tuple[ChatRow | str | None, ChatRules]:
    """Mute or unmute a spectator (``sender``: their key) or close or open the chat to spectators
    (:data:`ALL_SPECTATORS`), with the note that says so, in one transaction. Returns the note's row (None: nothing
    changed; a reason if the note could not be stored: the rule holds all the same) and the rules now."""
    for _ in range(3):
        try:
            with storage.engine.begin() as conn:
                key = (chat_muted_table.c.game_id == game_id) & (chat_muted_table.c.sender == sender)
                was = conn.execute(select(func.count()).select_from(chat_muted_table).where(key)).scalar_one() > 0
                row: ChatRow | str | None = None
                if was != silenced:
                    if silenced:
                        conn.execute(insert(chat_muted_table).values(game_id=game_id, sender=sender))
                    else:
                        conn.execute(delete(chat_muted_table).where(key))
                    row = insert_chat(storage, conn, *note)
                    if not isinstance(row, ChatRow):  # (a note stored tells the other processes already)
                        _notify(storage, conn, game_id, "chat")
                return row, load_rules(conn, game_id)
        except IntegrityError:
            continue
    raise IntegrityError("chat", None, Exception("the chat is too busy"))  # reported as a 503 by the caller


# ----------------------------------------------------------------------------------------------- rematch
def rematch_of(storage: Storage, game_id: str) -> str | None:
    with storage.engine.connect() as conn:
        return conn.execute(
            select(rematches_table.c.rematch_id).where(rematches_table.c.game_id == game_id)
        ).scalar_one_or_none()


def record_rematch(storage: Storage, game_id: str, rematch_id: str) -> str:
    """Record ``rematch_id`` as the rematch of ``game_id``; returns the one recorded (another player's, if they
    were first)."""
    try:
        with storage.engine.begin() as conn:
            conn.execute(insert(rematches_table).values(game_id=game_id, rematch_id=rematch_id, created_at=time.time()))
            _notify(storage, conn, game_id, "rematch")
        return rematch_id
    except IntegrityError:
        found = rematch_of(storage, game_id)
        assert found is not None
        return found


def hold_seat(storage: Storage, game_id: str, seat: int, token_hash: str) -> bool:
    """Give a held seat (no link yet) its link's hash; True if it now has that hash (set now or before)."""
    with storage.engine.begin() as conn:
        done = conn.execute(
            update(seats_table)
            .where(
                (seats_table.c.game_id == game_id) & (seats_table.c.seat == seat) & seats_table.c.token_hash.is_(None)
            )
            .values(token_hash=token_hash)
        ).rowcount
        if done:
            _notify(storage, conn, game_id, "seats")
            return True
        held = conn.execute(
            select(seats_table.c.token_hash).where((seats_table.c.game_id == game_id) & (seats_table.c.seat == seat))
        ).scalar_one_or_none()
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
        rows = conn.execute(
            select(open_seats_table.c.game_id, open_seats_table.c.seat)
            .where(open_seats_table.c.game_id.in_(game_ids))
            .order_by(open_seats_table.c.seat)
        ).all()
    out: dict[str, list[int]] = {}
    for g, s in rows:
        out.setdefault(g, []).append(s)
    return out


def claim_seat(storage: Storage, game_id: str, seat: int, token_hash: str) -> bool:
    """Take an open seat for the holder of ``token_hash``: False if it is not open (any more). One transaction:
    the row is deleted and the seat given its link, or neither."""
    with storage.engine.begin() as conn:
        taken = conn.execute(
            delete(open_seats_table).where((open_seats_table.c.game_id == game_id) & (open_seats_table.c.seat == seat))
        ).rowcount
        if not taken:
            return False
        conn.execute(
            update(seats_table)
            .where(
                (seats_table.c.game_id == game_id) & (seats_table.c.seat == seat) & seats_table.c.token_hash.is_(None)
            )
            .values(token_hash=token_hash, last_seen=time.time())
        )
        _notify(storage, conn, game_id, "seats")
    return True
