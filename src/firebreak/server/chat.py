"""Chat at a game's table: seated players and spectators, stored with the game and shown in its replay.

A message is plain text: the server checks its length and pace, strips control characters, and sends it with
the speaker's public name only (``state.player_name(seat)``, or "Spectator"), so a message never carries more than
its author typed; the pages show it as text, never as markup. Limits (:class:`~firebreak.server.limits.Limits`):
``chat_length`` characters a message, ``chat_per_minute`` a seat (a spectator: per address and game, bursts of
:data:`BURST`), ``chat_per_game`` messages a game keeps; a refusal is a 429 with ``Retry-After`` or a 422/409 that
says why, and stores nothing.
"""

from __future__ import annotations

import asyncio
import bisect
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
from .table_data import ChatItem, ChatRow, load_chat
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

    def chat(self, game_id: str, who: str) -> None:
        """Count a message of ``who`` (a seat or a spectator's address) in a game, or raise :class:`RateLimited`."""
        now = self.clock()
        rate = self.limits.chat_per_minute / 60
        if len(self.chat_buckets) > self._prune_chat_at:
            self.chat_buckets = {k: b for k, b in self.chat_buckets.items() if not b.idle(now)}
            self._prune_chat_at = max(PRUNE_AT, 2 * len(self.chat_buckets))
        bucket = self.chat_buckets.get((game_id, who))
        if bucket is None:
            bucket = self.chat_buckets[(game_id, who)] = TokenBucket(rate, BURST, now)
        wait = bucket.take(now)
        if wait:
            most = plural(round(self.limits.chat_per_minute), "message")
            raise RateLimited(f"you are chatting too fast (at most {most} a minute)", wait)

    def join(self, client: str) -> None:
        """Count a seat taken from the lobby by ``client``, or raise :class:`RateLimited`."""
        now = self.clock()
        times = self.joins[client]
        while times and times[0] <= now - 60:
            times.popleft()
        if len(times) >= self.limits.joins_per_minute:
            raise RateLimited(f"this address has taken {plural(self.limits.joins_per_minute, 'seat')} in the last "
                              f"minute, the most allowed", times[0] + 60 - now)
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
        raise E.ApiError(422, "bad_chat", f"a chat message can be at most {plural(limit, 'character')} long "
                                          f"(this one has {len(text)})")
    return text


async def history(manager: GameManager, live: LiveGame) -> list[ChatRow]:
    """The game's messages, loaded once per cached game (new ones are appended as they come)."""
    held = getattr(live, "chat", None)
    if held is None:
        held = await manager.db(load_chat, manager.storage, live.id)
        if getattr(live, "chat", None) is None:
            live.chat = held  # type: ignore[attr-defined]
    return live.chat  # type: ignore[attr-defined, no-any-return]


async def say(manager: GameManager, limiter: TableLimiter, live: LiveGame, seat: int | None, client: str,
              raw: object) -> ChatRow:
    """Store and send a message from ``seat`` (None: a spectator at address ``client``)."""
    limits = limiter.limits
    said = clean_text(raw, limits.chat_length)
    limiter.chat(live.id, f"seat {seat}" if seat is not None else f"spectator {client}")
    name = live.state.player_name(seat) if seat is not None else SPECTATOR
    held = await history(manager, live)
    item = (live.id, seat, name, said, len(live.state.history), limits.chat_per_game)
    # shielded: a message stored is held and sent to every page even if its sender has gone meanwhile
    row = await asyncio.shield(asyncio.ensure_future(_store(manager, live, held, item)))
    if row is None:
        raise E.ApiError(409, "chat_full", f"this game's chat is full ({plural(limits.chat_per_game, 'message')})")
    return row


async def _store(manager: GameManager, live: LiveGame, held: list[ChatRow], item: ChatItem) -> ChatRow | None:
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
    new = await manager.db(load_chat, manager.storage, game_id, held[-1].n if held else 0)
    send(live, _hold(held, new))


def greet(live: LiveGame, conn: Connection) -> None:
    """Send a page that has just subscribed the chat so far (after its first ``state``), if anything was said.

    Call it in the same step of the event loop as :meth:`~.live.GameManager.subscribe`, with the history loaded
    (:func:`history`): every message is then either in this greeting or sent to the page after it, never both
    and never neither."""
    held: list[ChatRow] = live.chat  # type: ignore[attr-defined]
    if held:
        conn.push({"type": "chat", "messages": [r.to_json() for r in held]})


async def replayed(manager: GameManager, game_id: str, step: int) -> list[dict[str, Any]]:
    """What was said up to action ``step`` of a finished game, for its replay."""
    rows = await manager.db(load_chat, manager.storage, game_id)
    return [r.to_json() for r in rows if r.at <= step]

