"""Limits an operator sets, so that no single client can fill the server: how many games an address creates a
minute and keeps open, how many WebSockets it (and each game) holds, how fast a seat acts.

A "client" is the remote address the server sees (``request.client.host``). Behind a reverse proxy that is the
proxy, so every player would share one allowance: run ``firebreak serve --forwarded-allow-ips PROXY_ADDRESS``
and the address the proxy forwards (``X-Forwarded-For``) is used instead.

Every count is kept in this process's memory (several processes each enforce the limits on their own clients; a
restart forgets who created which open game). A refusal is :class:`RateLimited`: HTTP 429 with ``Retry-After``,
or over the WebSocket an error message with ``retry_after``.
"""

from __future__ import annotations

import math
import os
import time
from collections import defaultdict, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from firebreak.core.text import plural

from . import errors as E


@dataclass(frozen=True)
class Limits:
    """The limits, with their defaults; each one is set by the environment variable named in its help."""

    games_per_minute: int = 10
    """Games one client may create in any 60 s (``FIREBREAK_GAMES_PER_MINUTE``)."""
    open_games: int = 20
    """Unfinished games one client may have created (``FIREBREAK_OPEN_GAMES``)."""
    connecting_per_client: int = 16
    """WebSockets one client may hold that have not yet said whose page they are (a page says so in its first
    message, at once; a socket that does not within 30 s is closed) (``FIREBREAK_CONNECTING_PER_CLIENT``)."""
    sockets_per_seat: int = 8
    """WebSockets one seat of a game may have at once: its player's tabs and devices
    (``FIREBREAK_SOCKETS_PER_SEAT``). Spectators never count against it: a seat can always connect."""
    spectator_sockets_per_client: int = 32
    """Spectators' WebSockets one client may hold at once, all games together
    (``FIREBREAK_SPECTATOR_SOCKETS_PER_CLIENT``)."""
    spectator_sockets_per_game: int = 64
    """Spectators' WebSockets one game may have at once (``FIREBREAK_SPECTATOR_SOCKETS_PER_GAME``); the seats'
    pages are counted apart (``sockets_per_seat``)."""
    actions_per_second: float = 5.0
    """Sustained actions one seat may take per second, HTTP and WebSocket together; bursts of 4x that are
    allowed (``FIREBREAK_ACTIONS_PER_SECOND``)."""
    undos_per_turn: int = 10
    """Moves one seat may take back in one turn; the next take-back is refused in words
    (``FIREBREAK_UNDOS_PER_TURN``)."""
    state_reads_per_second: float = 5.0
    """Sustained reads of a game's state over HTTP (``GET /api/games/{id}``) one client may make per second, bursts
    of 4x that (``FIREBREAK_STATE_READS_PER_SECOND``); pages follow a game over the WebSocket instead."""
    record_reads_per_second: float = 4.0
    """Sustained reads of finished games' logs and replay steps one client may make per second, bursts of 20
    (``FIREBREAK_RECORD_READS_PER_SECOND``): each replays the game from its start."""
    header_timeout: float = 10.0
    """Seconds a connection may take to send a request's headers (from opening, or from the end of the previous
    response) before it is closed (``FIREBREAK_HEADER_TIMEOUT``)."""
    messages_per_second: float = 20.0
    """Sustained messages one WebSocket may send (actions, pings, anything), bursts of 2x that
    (``FIREBREAK_MESSAGES_PER_SECOND``)."""
    chat_per_minute: float = 12.0
    """Sustained chat messages one seat may send in a game per minute, bursts of 5 (``FIREBREAK_CHAT_PER_MINUTE``)."""
    spectator_chat_per_minute: float = 12.0
    """Sustained chat messages one address may send as a spectator per minute, in all games together, bursts of 5
    (``FIREBREAK_SPECTATOR_CHAT_PER_MINUTE``)."""
    chat_length: int = 300
    """Longest chat message, in characters (``FIREBREAK_CHAT_LENGTH``)."""
    chat_per_game: int = 2000
    """Most chat messages a game keeps; later ones are refused (``FIREBREAK_CHAT_PER_GAME``)."""
    chat_sender_share: float = 0.25
    """The largest share of ``chat_per_game`` one sender (a seat, a spectator's address) may keep, so no one can
    fill a game's chat (``FIREBREAK_CHAT_SENDER_SHARE``)."""
    chat_spectator_share: float = 0.5
    """The largest share of ``chat_per_game`` the spectators together may keep (``FIREBREAK_CHAT_SPECTATOR_SHARE``)."""
    joins_per_minute: int = 6
    """Open seats one client may take from the lobby in any 60 s (``FIREBREAK_JOINS_PER_MINUTE``)."""
    keep_finished_days: float = 90.0
    """Finished games are removed this many days after their last move; 0 keeps them for ever
    (``FIREBREAK_KEEP_FINISHED_DAYS``)."""
    archive_dir: str | None = None
    """Before removing a finished game, write its record (what ``firebreak replay`` reads) into this folder
    (``FIREBREAK_ARCHIVE_DIR``); unset: remove without a copy."""

    seeds_with_people: int = 0
    """1 lets a game's creator choose its seed (which deals every hidden card) whoever else sits in it: for tests,
    and for a tournament whose organiser deals every table alike. 0, the default: the server deals, and a seed may
    be chosen only for a game where every other seat is a bot (``FIREBREAK_SEEDS_WITH_PEOPLE``)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> Limits:
        """The defaults, then the ``FIREBREAK_*`` variables set in ``env``, then ``overrides`` that are not None.
        A malformed value raises ``ValueError`` naming the variable."""
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        for f in fields(cls):
            var = f"FIREBREAK_{f.name.upper()}"
            raw = env.get(var)
            if raw is None or raw.strip() == "":
                continue
            values[f.name] = _parse(var, raw, f.type)
        values.update({k: v for k, v in overrides.items() if v is not None})
        limits = cls(**values)  # type: ignore[arg-type]
        limits.check()
        return limits

    def check(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, float) and not math.isfinite(value):  # (an override from the command line)
                raise ValueError(f"{f.name.replace('_', ' ')} must be a finite number, not {value}")
            if isinstance(value, (int, float)) and value < 0:
                raise ValueError(f"{f.name.replace('_', ' ')} must not be negative, not {value}")
        for name in (
            "games_per_minute",
            "connecting_per_client",
            "sockets_per_seat",
            "spectator_sockets_per_client",
            "spectator_sockets_per_game",
            "actions_per_second",
            "messages_per_second",
            "chat_per_minute",
            "spectator_chat_per_minute",
            "chat_length",
            "chat_per_game",
            "joins_per_minute",
            "undos_per_turn",
            "state_reads_per_second",
            "record_reads_per_second",
            "header_timeout",
        ):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name.replace('_', ' ')} must be more than 0")
        for name in ("chat_sender_share", "chat_spectator_share"):
            if not 0 < getattr(self, name) <= 1:
                raise ValueError(f"{name.replace('_', ' ')} must be more than 0 and at most 1")
        if self.seeds_with_people not in (0, 1):
            raise ValueError(f"seeds with people must be 0 or 1, not {self.seeds_with_people}")


def _parse(var: str, raw: str, kind: object) -> object:
    text = raw.strip()
    try:
        if kind in (int, "int"):
            return int(text)
        if kind in (float, "float"):
            value = float(text)
            if not math.isfinite(value):
                raise ValueError
            return value
    except ValueError:
        raise ValueError(f"{var} must be a number, not {raw!r}") from None
    return text


class RateLimited(E.ApiError):
    """A refusal for going over a limit: HTTP 429 with ``Retry-After`` (whole seconds, at least 1)."""

    def __init__(self, message: str, retry_after: float) -> None:
        wait = max(1, math.ceil(retry_after))
        super().__init__(429, "rate_limited", f"{message}; try again in {wait} s", retry_after=wait)

    def to_json(self) -> dict[str, object]:  # type: ignore[override]
        return {**super().to_json(), "retry_after": self.retry_after}


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; taking one when none is left says how long until one is."""

    __slots__ = ("rate", "burst", "tokens", "at")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, now

    def take(self, now: float) -> float:
        """0 if a token was taken, else the seconds to wait for one."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate

    def idle(self, now: float) -> bool:
        return self.tokens + (now - self.at) * self.rate >= self.burst


@dataclass
class SocketPlace:
    """One WebSocket's client and the counts it holds a place in (see :meth:`Limiter.open_socket`), as
    (counts, key) pairs."""

    client: str
    held: list[tuple[dict, Any]]


class Limiter:
    """The bookkeeping behind :class:`Limits` for one server process (used from the event loop only)."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.created: dict[str, deque[float]] = defaultdict(deque)  # client -> creation times in the last minute
        self.open: dict[str, set[str]] = defaultdict(set)  # client -> ids of games it created, maybe finished
        self.connecting: dict[str, int] = defaultdict(int)  # client -> sockets that have not said whose page
        self.seat_sockets: dict[tuple[str, int], int] = defaultdict(int)  # (game, seat) -> its pages
        self.spectators_of_client: dict[str, int] = defaultdict(int)
        self.spectators_of_game: dict[str, int] = defaultdict(int)
        self.seat_buckets: dict[tuple[str, int], TokenBucket] = {}
        self.read_buckets: dict[tuple[str, str], TokenBucket] = {}  # (client, "state" or "record")

    # ------------------------------------------------------------------------------------------- creating
    def reserve_creation(self, client: str, still_open: Callable[[str], bool]) -> None:
        """Count a creation by ``client`` now, or raise :class:`RateLimited`. ``still_open(game_id)`` says
        whether a game it created earlier is unfinished. Undo with :meth:`cancel_creation` if it fails."""
        now = self.clock()
        times = self.created[client]
        while times and times[0] <= now - 60:
            times.popleft()
        per_minute = self.limits.games_per_minute
        if len(times) >= per_minute:
            raise RateLimited(
                f"this address has created {plural(per_minute, 'game')} in the last minute, the most allowed",
                times[0] + 60 - now,
            )
        mine = self.open.get(client)
        if mine:
            mine.intersection_update({g for g in mine if still_open(g)})
        if mine is not None and len(mine) >= self.limits.open_games:
            raise RateLimited(
                f"this address has {plural(len(mine), 'unfinished game')}, the most allowed; finish one first", 60
            )
        times.append(now)

    def cancel_creation(self, client: str) -> None:
        times = self.created.get(client)
        if times:
            times.pop()

    def created_game(self, client: str, game_id: str) -> None:
        self.open[client].add(game_id)

    def open_games_of(self, client: str) -> set[str]:
        return self.open.get(client, set())

    # ------------------------------------------------------------------------------------------- sockets
    def open_socket(self, client: str) -> SocketPlace:
        """Count a new WebSocket of ``client`` (not yet said whose page it is), or raise :class:`RateLimited`.
        Then :meth:`place_socket` once it has; always :meth:`close_socket` at the end."""
        most = self.limits.connecting_per_client
        if self.connecting[client] >= most:
            raise RateLimited(f"this address is opening {plural(most, 'connection')} at once, the most allowed", 5)
        self.connecting[client] += 1
        return SocketPlace(client, [(self.connecting, client)])

    def place_socket(self, place: SocketPlace, game_id: str, seat: int | None) -> None:
        """Count a socket as a page of ``seat`` in a game (None: a spectator's), or raise :class:`RateLimited`
        (then it holds no place). A seat's pages and spectators' are counted apart, so however many spectators
        watch, a seat's page is never refused for them."""
        self.close_socket(place)
        client = place.client
        if seat is not None:
            most = self.limits.sockets_per_seat
            if self.seat_sockets[(game_id, seat)] >= most:
                raise RateLimited(f"this seat is open in {plural(most, 'page')}, the most allowed; close one first", 10)
            place.held = [(self.seat_sockets, (game_id, seat))]
        else:
            most = self.limits.spectator_sockets_per_client
            if self.spectators_of_client[client] >= most:
                raise RateLimited(
                    f"this address watches games in {plural(most, 'page')}, the most allowed; close some first", 10
                )
            most = self.limits.spectator_sockets_per_game
            if self.spectators_of_game[game_id] >= most:
                raise RateLimited(f"this game has {plural(most, 'spectator page')} open, the most allowed", 10)
            place.held = [(self.spectators_of_client, client), (self.spectators_of_game, game_id)]
        for counts, key in place.held:
            counts[key] += 1

    def close_socket(self, place: SocketPlace) -> None:
        """Give back the places a socket holds (once: a second call does nothing)."""
        for counts, key in place.held:
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]
        place.held = []

    # ------------------------------------------------------------------------------------------- acting
    def seat_action(self, game_id: str, seat: int) -> None:
        """Count an action of a seat, or raise :class:`RateLimited` (the action is not tried)."""
        now = self.clock()
        rate = self.limits.actions_per_second
        bucket = self.seat_buckets.get((game_id, seat))
        if bucket is None:
            if len(self.seat_buckets) > 10_000:
                self.seat_buckets = {k: b for k, b in self.seat_buckets.items() if not b.idle(now)}
            bucket = self.seat_buckets[(game_id, seat)] = TokenBucket(rate, max(1.0, 4 * rate), now)
        wait = bucket.take(now)
        if wait:
            raise RateLimited(f"seat {seat} is acting too fast (at most {plural(rate, 'action')} a second)", wait)

    # ------------------------------------------------------------------------------------------- reading
    def read(self, client: str, kind: str) -> None:
        """Count a read by ``client`` of a game's state (``kind`` "state") or of a finished game's log or replay
        step ("record"), or raise :class:`RateLimited` (nothing is read)."""
        now = self.clock()
        if kind == "state":
            rate, burst, what = self.limits.state_reads_per_second, 4 * self.limits.state_reads_per_second, "reads"
        else:
            rate, burst, what = self.limits.record_reads_per_second, 20.0, "replay steps and logs"
        bucket = self.read_buckets.get((client, kind))
        if bucket is None:
            if len(self.read_buckets) > 10_000:
                self.read_buckets = {k: b for k, b in self.read_buckets.items() if not b.idle(now)}
            bucket = self.read_buckets[(client, kind)] = TokenBucket(rate, max(1.0, burst), now)
        wait = bucket.take(now)
        if wait:
            raise RateLimited(
                f"this address is reading games too fast (at most {plural(rate, 'request')} a second for {what})", wait
            )

    def message_bucket(self) -> TokenBucket:
        """A fresh allowance for one WebSocket's messages."""
        rate = self.limits.messages_per_second
        return TokenBucket(rate, max(1.0, 2 * rate), self.clock())

    def message(self, bucket: TokenBucket) -> None:
        wait = bucket.take(self.clock())
        if wait:
            raise RateLimited(
                f"too many messages (at most {plural(self.limits.messages_per_second, 'message')} a second)", wait
            )

    def forget_clients(self) -> None:
        """Drop the bookkeeping of clients with nothing counted (called now and then, so it does not grow)."""
        now = self.clock()
        for client in [c for c, t in self.created.items() if not t or t[-1] <= now - 60]:
            del self.created[client]
        for client in [c for c, g in self.open.items() if not g]:
            del self.open[client]
        self.seat_buckets = {k: b for k, b in self.seat_buckets.items() if not b.idle(now)}
        self.read_buckets = {k: b for k, b in self.read_buckets.items() if not b.idle(now)}
