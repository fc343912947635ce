"""Chat at a game's table: seated players and spectators, stored with the game and shown in its replay.

A message is plain text: the server checks its length and pace, strips control characters, and sends it with
the speaker's public name only (``state.player_name(seat)``, or "Spectator 1", "Spectator 2"... in the order
spectators first spoke in that game), so a message never carries more than its author typed; the pages show it
as text, never as markup. Limits (:class:`~firebreak.server.limits.Limits`): ``chat_length`` characters a
message; ``chat_per_minute`` a seat in a game, ``spectator_chat_per_minute`` a spectator's address in all games
together (bursts of :data:`BURST`); ``chat_per_game`` messages a game keeps, of which one sender (a seat, a
spectator's address) keeps at most ``chat_sender_share`` and the spectators together ``chat_spectator_share``, so
nobody can fill it for the others. A refusal is a 429 with ``Retry-After`` or a 4xx that says why, and stores
nothing.

The seated players may mute a spectator (``POST .../chat/mute`` with a number of one of their messages) or close
the chat to spectators (``POST .../chat/spectators``): kept with the game, announced in the chat as a note in the
player's words ("Ann closed the chat to spectators."), and sent to every page as a ``chat_rules`` message (also
after the chat in a page's greeting, when the players set any).
"""

from __future__ import annotations

import asyncio
import bisect
import hashlib
import time
import unicodedata
from collections import defaultdict, deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import IntegrityError

from firebreak.core.text import plural

from . import errors as E
from .limits import Limits, RateLimited, TokenBucket
from .storage import UNAVAILABLE
from .table_data import (
    ALL_SPECTATORS,  # noqa: F401 - not used here, read as chat.ALL_SPECTATORS by table.py
    CLOSED,
    MUTED,
    NOTE,
    SHARE,
    SPECTATORS_FULL,
    ChatItem,
    ChatRow,
    ChatRules,
    load_chat,
    load_chat_and_rules,
    set_silenced,
)
from .wire import dumps

if TYPE_CHECKING:
    from .live import Connection, GameManager, LiveGame

BURST = 5
"""Messages a seat may send at once before the per-minute pace applies."""

SPECTATOR = "Spectator"

PRUNE_AT = 10_000
"""Buckets (or clients) kept before the idle ones are dropped; after a sweep the next one waits until twice as
many are held again, so a sweep costs O(1) a message on average even when most buckets are busy."""


class TableLimiter:
    """The chat pace of each seat (or spectator address) per game, and how many open seats each client takes a
    minute. Kept in this process's memory, like the other limits."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.chat_buckets: dict[tuple[str, str], TokenBucket] = {}
        self.joins: dict[str, deque[float]] = defaultdict(deque)
        self._prune_chat_at = self._prune_joins_at = PRUNE_AT

    def spectator_chat(self, client: str) -> None:
        """Count a spectator's message from ``client``, whatever the game, or raise :class:`RateLimited`."""
        self.chat(
            "", f"spectator {client}", self.limits.spectator_chat_per_minute, " as a spectator, all games together"
        )

    def chat(self, game_id: str, who: str, per_minute: float | None = None, where: str = "") -> None:
        """Count a message of ``who`` (a seat) in a game, or raise :class:`RateLimited`."""
        now = self.clock()
        per_minute = self.limits.chat_per_minute if per_minute is None else per_minute
        rate = per_minute / 60
        if len(self.chat_buckets) > self._prune_chat_at:
            self.chat_buckets = {k: b for k, b in self.chat_buckets.items() if not b.idle(now)}
            self._prune_chat_at = max(PRUNE_AT, 2 * len(self.chat_buckets))
        bucket = self.chat_buckets.get((game_id, who))
        if bucket is None:
            bucket = self.chat_buckets[(game_id, who)] = TokenBucket(rate, BURST, now)
        wait = bucket.take(now)
        if wait:
            most = plural(round(per_minute), "message")
            raise RateLimited(f"you are chatting too fast (at most {most} a minute{where})", wait)

    def join(self, client: str) -> None:
        """Count a seat taken from the lobby by ``client``, or raise :class:`RateLimited`."""
        now = self.clock()
        times = self.joins[client]
        while times and times[0] <= now - 60:
            times.popleft()
        if len(times) >= self.limits.joins_per_minute:
            raise RateLimited(
                f"this address has taken {plural(self.limits.joins_per_minute, 'seat')} in the last "
                f"minute, the most allowed",
                times[0] + 60 - now,
            )
        times.append(now)
        if len(self.joins) > self._prune_joins_at:
            for c in [c for c, t in self.joins.items() if not t or t[-1] <= now - 60]:
                del self.joins[c]
            self._prune_joins_at = max(PRUNE_AT, 2 * len(self.joins))


def clean_text(raw: object, limit: int) -> str:
    """The message as stored: one line of printable text, at most ``limit`` characters, else a clear 422."""
    if not isinstance(raw, str):
        raise E.ApiError(422, "bad_chat", "a chat message must be text")
    text = " ".join("".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in raw).split())
    if not text:
        raise E.ApiError(422, "bad_chat", "a chat message cannot be empty")
    if len(text) > limit:
        raise E.ApiError(
            422,
            "bad_chat",
            f"a chat message can be at most {plural(limit, 'character')} long (this one has {len(text)})",
        )
    return text


async def history(manager: GameManager, live: LiveGame) -> list[ChatRow]:
    """The game's messages, loaded once per cached game (new ones are appended as they come), with the players'
    rules for spectators (``live.chat_rules``)."""
    held = getattr(live, "chat", None)
    if held is None:
        held, rules = await manager.db(load_chat_and_rules, manager.storage, live.id)
        if getattr(live, "chat", None) is None:
            live.chat, live.chat_rules = held, rules  # type: ignore[attr-defined]
    return live.chat  # type: ignore[attr-defined, no-any-return]


def spectator_key(game_id: str, client: str) -> str:
    """Who a spectator is in one game's chat, stored with their messages so the players can mute them and their
    share of the chat is counted: their address, hashed with the game (the same address is another key in
    another game)."""
    return hashlib.sha256(f"{game_id}\n{client}".encode()).hexdigest()[:32]


def shares(limits: Limits) -> tuple[int, int]:
    """The most messages one sender (a seat, a spectator's address) and all spectators together keep in a game."""
    return (
        max(1, int(limits.chat_per_game * limits.chat_sender_share)),
        max(1, int(limits.chat_per_game * limits.chat_spectator_share)),
    )


def refusal(why: str, limits: Limits) -> E.ApiError:
    """The error for a message the database did not store (see :data:`~.table_data.FULL` ...)."""
    per_sender, spectators = shares(limits)
    if why == SHARE:
        return E.ApiError(
            409,
            "chat_share",
            f"you have said {plural(per_sender, 'message')} in this game's chat, "
            f"the most one person may (the chat keeps "
            f"{plural(limits.chat_per_game, 'message')} in all)",
        )
    if why == SPECTATORS_FULL:
        return E.ApiError(
            409,
            "chat_full",
            f"spectators have said {plural(spectators, 'message')} in this game's "
            f"chat, the most they may; the players' chat goes on",
        )
    if why == CLOSED:
        return E.ApiError(403, "chat_closed", "the players have closed this game's chat to spectators")
    if why == MUTED:
        return E.ApiError(403, "chat_muted", "the players have muted you in this game's chat")
    return E.ApiError(409, "chat_full", f"this game's chat is full ({plural(limits.chat_per_game, 'message')})")


async def say(
    manager: GameManager, limiter: TableLimiter, live: LiveGame, seat: int | None, client: str, raw: object
) -> ChatRow:
    """Store and send a message from ``seat`` (None: a spectator at address ``client``)."""
    limits = limiter.limits
    said = clean_text(raw, limits.chat_length)
    if seat is not None:
        limiter.chat(live.id, f"seat {seat}")
    else:
        limiter.spectator_chat(client)
    name = live.state.player_name(seat) if seat is not None else SPECTATOR
    held = await history(manager, live)
    sender = None if seat is not None else spectator_key(live.id, client)
    item = ChatItem(live.id, seat, name, said, len(live.state.history), limits.chat_per_game, sender, *shares(limits))
    # shielded: a message stored is held and sent to every page even if its sender has gone meanwhile
    row = await asyncio.shield(asyncio.ensure_future(_store(manager, live, held, item)))
    if not isinstance(row, ChatRow):
        raise refusal(row, limits)
    return row


async def silence(
    manager: GameManager, limiter: TableLimiter, live: LiveGame, seat: int, sender: str, silenced: bool, words: str
) -> ChatRules:
    """A seated player mutes or unmutes a spectator (``sender``: their key) or closes or opens the chat to
    spectators (:data:`ALL_SPECTATORS`); a change is announced in the chat (``words``, after the player's name)
    and kept with the game. Paced as the seat's messages."""
    limits = limiter.limits
    limiter.chat(live.id, f"seat {seat}")
    name = live.state.player_name(seat)
    held = await history(manager, live)
    note = ChatItem(
        live.id, seat, name, f"{name} {words}.", len(live.state.history), limits.chat_per_game, NOTE, shares(limits)[0]
    )
    row, rules = await asyncio.shield(
        asyncio.ensure_future(manager.db(set_silenced, manager.storage, live.id, sender, silenced, note))
    )
    live.chat_rules = rules  # type: ignore[attr-defined]
    if isinstance(row, ChatRow):
        send(live, _hold(held, [row]))
    if row is not None:
        send_rules(live)
    return rules  # type: ignore[no-any-return]


def send_rules(live: LiveGame) -> None:
    """Tell every page of the game in this process the players' rules for spectators."""
    msg = dumps(live.chat_rules.to_json())  # type: ignore[attr-defined]
    for conn in list(live.connections):
        conn.push(msg)


async def _store(manager: GameManager, live: LiveGame, held: list[ChatRow], item: ChatItem) -> ChatRow | str:
    """Store a message with the next group commit (see :mod:`.commits`), then hold it and send it to every page."""
    try:
        row = await manager.committer.append_chat(item)
    except UNAVAILABLE as exc:
        raise E.unavailable(exc) from None
    except IntegrityError as exc:  # other processes kept taking its number
        raise E.unavailable(exc) from None
    except RuntimeError as exc:  # the server is shutting down
        raise E.unavailable(exc) from None
    if isinstance(row, ChatRow):
        send(live, _hold(held, [row]))
    return row


def _hold(held: list[ChatRow], rows: list[ChatRow]) -> list[ChatRow]:
    """Keep ``rows`` in the game's messages, in number order, each once (two messages stored in one batch may
    come back in either order); returns those not held before, the only ones to send (on PostgreSQL a message's
    own notification may bring it here before its commit returns: it is sent then, and not again)."""
    new = []
    for r in rows:
        if not held or r.n > held[-1].n:
            held.append(r)
        elif all(h.n != r.n for h in held[-64:]):
            bisect.insort(held, r, key=lambda h: h.n)
        else:
            continue
        new.append(r)
    return new


def send(live: LiveGame, rows: list[ChatRow]) -> None:
    """Send messages to every page of the game in this process (the same text to all: chat is public)."""
    if rows:
        msg = dumps({"type": "chat", "messages": [r.to_json() for r in rows]})
        for conn in list(live.connections):
            conn.push(msg)


async def on_note(manager: GameManager, game_id: str) -> None:
    """Another process stored a message (PostgreSQL NOTIFY): fetch what we lack and tell our pages."""
    live = manager.games.get(game_id)
    if live is None or getattr(live, "chat", None) is None:
        return
    held: list[ChatRow] = live.chat  # type: ignore[attr-defined]
    new, rules = await manager.db(load_chat_and_rules, manager.storage, game_id, held[-1].n if held else 0)
    send(live, _hold(held, new))
    if rules != live.chat_rules:  # type: ignore[attr-defined] # (the players changed them in another process)
        live.chat_rules = rules  # type: ignore[attr-defined]
        send_rules(live)


def greet(live: LiveGame, conn: Connection) -> None:
    """Send a page that has just subscribed the chat so far (after its first ``state``), if anything was said.

    Call it in the same step of the event loop as :meth:`~.cache.LiveGames.subscribe`, with the history loaded
    (:func:`history`): every message is then either in this greeting or sent to the page after it, never both
    and never neither."""
    held: list[ChatRow] = live.chat  # type: ignore[attr-defined]
    if held:
        conn.push({"type": "chat", "messages": [r.to_json() for r in held]})
    if live.chat_rules != ChatRules():  # type: ignore[attr-defined]
        conn.push(live.chat_rules.to_json())  # type: ignore[attr-defined]


async def replayed(manager: GameManager, game_id: str, step: int) -> list[dict[str, Any]]:
    """What was said up to action ``step`` of a finished game, for its replay."""
    rows = await manager.db(load_chat, manager.storage, game_id)
    return [r.to_json() for r in rows if r.at <= step]
