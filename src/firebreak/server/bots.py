"""Where the server's bots think: worker processes, apart from the event loop and the database threads.

A bot asked to think hard (``mcts:seconds=5``) holds a CPU for that long. In a thread it also held the interpreter
lock the event loop needs, and the thread pool every database call uses, so seven such games froze the server.
Here each move is computed in a worker process of a bounded pool, from the pickled state the bot may see (as
:class:`~firebreak.agents.Observation` gives it), so the loop and the database threads stay free however long the
bots think.

Lanes: ``heavy`` bots (searches, or any bot whose last move took over :data:`QUICK` seconds) and quick ones think
in separate workers, so a game of quick bots never waits behind another game's long search.

Fairness (:class:`FairQueue`): a game has at most one move in flight (its bot loop waits for it); the moves
waiting for a worker of a lane are served by client first, then by game. When a worker is free, the client with
the fewest moves thinking in that lane goes first, then the one whose moves took the least worker time lately
(:data:`USAGE_HALF_LIFE`), then the one served longest ago; among that client's games, the one served longest ago.
And a worker that just answered a client who used less worker time than every client waiting waits :data:`HOLD`
for that client's next move (a bot's turn is several moves, asked for one after another) before serving the
others. So one address's ten all-bot games at the top budget cannot make another address's bot wait behind all
of their searches, nor behind one of them before each of its moves: it waits for at most the moves already
thinking. A "client" is the address that created the game (as for the rate limits, :mod:`.limits`); games brought
back after a restart or taken over from another process share one client ("" here), since the address is not
stored.

The wall-clock limit (:attr:`BotPool.move_seconds`): a worker that has not answered that long after it was handed
a move is killed and replaced, and :meth:`BotPool.think` raises :class:`MoveTimeout`; the bot loop then plays the
seat's fallback move (see ``live.fallback_move``). The limit is enforced here, not trusted to the search's own
budget: a bot stored before a limit existed, or a search that ignores its budget, cannot hold a worker longer.

Workers die with the server (kill -9 included): on Linux each one asks the kernel for SIGKILL when the thread that
started it ends (``prctl(PR_SET_PDEATHSIG)``; workers are started from the event loop's thread only, which lives as
long as the server), and on every system a thread of each worker exits it once its parent is gone (it checks every
:data:`PARENT_WATCH` seconds). A restarted server starts fresh workers, and the old ones are already gone.

On shutdown the pool stops at once: queued moves are cancelled and the workers killed (a move in progress is
simply never stored; the bot thinks again after a restart).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from firebreak.agents import Agent, Observation, make_agent
from firebreak.agents.factory import parse_spec

log = logging.getLogger(__name__)

QUICK = 0.05
"""Seconds: a bot whose last move took longer than this thinks in the heavy lane."""

MOVE_SECONDS = 15.0
"""Default wall-clock limit of one bot move in a worker (``FIREBREAK_BOT_MOVE_SECONDS``): three times the largest
search budget the default bot limits allow (``mcts.seconds=5``), and well above the hardest level's move (about a
second) on a loaded machine."""

USAGE_HALF_LIFE = 30.0
"""Seconds after which a worker second a client used counts half in its fair share (so old use fades)."""

HOLD = 2.0
"""Most seconds a worker waits for the next move of a client that used less worker time than every client
waiting: a bot's turn is several moves, each asked for once the one before is stored (and after the server's bot
delay), and without the wait each of them would queue behind another client's whole search. The wait ends as soon
as that game's bots stop (:meth:`BotPool.done`: a person is to move)."""

PARENT_WATCH = 1.0
"""Seconds between a worker's checks that the server that started it is still there."""

_agents: dict[str, Agent] = {}  # per worker process: bots by spec (a bot keeps no state between moves)


class MoveTimeout(Exception):
    """A bot's move took longer than the pool's wall-clock limit: its worker was killed and replaced."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the bot thought for more than {seconds:g} s")
        self.seconds = seconds


class BotFailed(RuntimeError):
    """A bot raised an error in its worker (the message says which); the bot loop logs it and tries again."""


def _env_number(name: str, default: float, low: float, whole: bool = False) -> float:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw) if whole else float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a {'whole ' if whole else ''}number, not {raw!r}") from None
    if not low <= value < float("inf"):  # (NaN and infinities too)
        raise ValueError(f"{name} must be {'a whole' if whole else 'a finite'} number of at least {low:g}, not {raw!r}")
    return value


def default_workers() -> int:
    """Worker processes for the heavy lane: ``FIREBREAK_BOT_WORKERS``, else all CPUs but one (at least one)."""
    return int(_env_number("FIREBREAK_BOT_WORKERS", max(1, (os.cpu_count() or 2) - 1), 1, whole=True))


def default_move_seconds() -> float:
    """The wall-clock limit of one bot move: ``FIREBREAK_BOT_MOVE_SECONDS``, else :data:`MOVE_SECONDS`."""
    return _env_number("FIREBREAK_BOT_MOVE_SECONDS", MOVE_SECONDS, 0.1)


def is_heavy(spec: str) -> bool:
    """Whether a bot searches (a budget of iterations or seconds): it goes to the heavy lane from its first move."""
    agent_type, _ = parse_spec(spec)
    return "iterations" in agent_type.params or "seconds" in agent_type.params


def think(spec: str, state_bytes: bytes, seat: int, rng: Any) -> tuple[int, float]:
    """In a worker: the move of bot ``spec`` for ``seat`` and the CPU seconds it took."""
    agent = _agents.get(spec)
    if agent is None:
        agent = _agents[spec] = make_agent(spec)
    state = pickle.loads(state_bytes)
    start = time.process_time()
    action = agent.act(Observation(state, seat), rng)
    return action, time.process_time() - start


# ----------------------------------------------------------------------------------------------- in a worker
def _die_with_parent(parent: int) -> None:
    """Make this worker end when the server that started it does, however the server ends."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # no prctl here: the watch below does it
            pass
    if os.getppid() != parent:  # the server died before the request above took effect
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(PARENT_WATCH)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _worker_main(conn: Any, parent: int) -> None:
    """A worker: says it is ready, then answers moves ``(spec, state, seat, rng)`` one at a time."""
    _die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the server stops us itself
    conn.send(("ready", os.getpid()))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[str, Any] = ("ok", think(*job))
        except Exception as exc:  # noqa: BLE001 - any bot error goes back to the server, which logs it
            reply = ("error", f"{type(exc).__name__}: {exc}")
        conn.send(reply)


# ----------------------------------------------------------------------------------------------- in the server
@dataclass(eq=False)
class _Job:
    args: tuple[Any, ...]
    client: str
    game: str
    future: asyncio.Future = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class FairQueue:
    """Waiting moves, served by client then by game, and the worker time each client used lately (see the
    module's docstring). Used from the event loop only."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clients: OrderedDict[str, OrderedDict[str, deque[Any]]] = OrderedDict()  # served longest ago first
        self._used: dict[str, tuple[float, float]] = {}  # client -> (worker seconds, when), fading (USAGE_HALF_LIFE)
        self._clock = clock

    def __len__(self) -> int:
        return sum(len(jobs) for games in self._clients.values() for jobs in games.values())

    def push(self, client: str, game: str, job: Any) -> None:
        games = self._clients.get(client)
        if games is None:
            games = self._clients[client] = OrderedDict()
        games.setdefault(game, deque()).append(job)

    def waiting(self, client: str) -> bool:
        return client in self._clients

    def used(self, client: str) -> float:
        """Worker seconds ``client``'s moves took lately (each second counts half after USAGE_HALF_LIFE s)."""
        seconds, at = self._used.get(client, (0.0, 0.0))
        return seconds * 0.5 ** ((self._clock() - at) / USAGE_HALF_LIFE) if seconds else 0.0

    def charge(self, client: str, seconds: float) -> None:
        """Count ``seconds`` of a worker's time (wall clock, from handing it the move to its answer) to ``client``."""
        now = self._clock()
        self._used[client] = (self.used(client) + seconds, now)
        if len(self._used) > 10_000:  # forget the clients whose use has faded away
            self._used = {c: u for c, u in self._used.items() if self.used(c) > 0.001 or c in self._clients}

    def owed(self, client: str) -> bool:
        """Whether ``client`` (with nothing waiting now) used less worker time lately than every client waiting:
        its next move, if it comes at once, should go before theirs (a bot's turn of several moves)."""
        if not self._clients or client in self._clients:
            return False
        mine = self.used(client)
        return all(mine < self.used(c) for c in self._clients)

    def pop(self, running: dict[str, int], client: str | None = None) -> Any:
        """The next move: of ``client`` if given, else of the client with the fewest moves running, then the least
        worker time used lately, then served longest ago; and of that client's game served longest ago. Raises
        ``IndexError`` when nothing (of that client) waits."""
        if client is None:
            if not self._clients:
                raise IndexError("no move is waiting")
            client = min(self._clients, key=lambda c: (running.get(c, 0), self.used(c)))  # (first of equals)
        games = self._clients[client]
        game, jobs = next(iter(games.items()))
        job = jobs.popleft()
        if jobs:
            games.move_to_end(game)
        else:
            del games[game]
        if games:
            self._clients.move_to_end(client)
        else:
            del self._clients[client]
        return job

    def remove(self, job: Any, client: str, game: str) -> None:
        """Forget a waiting move (its game's bot loop was cancelled)."""
        games = self._clients.get(client)
        jobs = games.get(game) if games is not None else None
        if jobs is None or job not in jobs:
            return
        jobs.remove(job)
        if not jobs:
            del games[game]  # type: ignore[union-attr]
        if not games:
            del self._clients[client]

    def drain(self) -> list[Any]:
        out = [job for games in self._clients.values() for jobs in games.values() for job in jobs]
        self._clients.clear()
        return out


class _Worker:
    """One worker process and the parent's end of its pipe. Started from the event loop's thread."""

    def __init__(self) -> None:
        ctx = multiprocessing.get_context("spawn")  # not fork: the server has threads a fork would copy mid-step
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_worker_main, args=(child, os.getpid()), daemon=True, name="firebreak-bot")
        self.process.start()
        child.close()

    async def receive(self, timeout: float | None) -> Any:
        """The worker's next message; ``TimeoutError`` after ``timeout`` s, ``EOFError`` if the worker died."""
        loop = asyncio.get_running_loop()
        readable = loop.create_future()
        fd = self.conn.fileno()

        def ready() -> None:
            if not readable.done():
                readable.set_result(None)

        loop.add_reader(fd, ready)
        try:
            await asyncio.wait_for(readable, timeout)
        finally:
            loop.remove_reader(fd)
        return self.conn.recv()  # (a whole small reply is there once the pipe is readable; EOF raises EOFError)

    def kill(self) -> None:
        """Kill the worker now and reap it in the background (never waits on the event loop)."""
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self.process.kill()
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self.conn.close()
        threading.Thread(target=self.process.join, args=(5,), daemon=True).start()


class _Lane:
    """``size`` workers and the moves waiting for them."""

    def __init__(self, name: str, size: int, move_seconds: float) -> None:
        self.name = name
        self.size = size
        self.move_seconds = move_seconds
        self.queue = FairQueue()
        self.idle: list[_Worker] = []
        self.held: dict[_Worker, tuple[str, str]] = {}  # idle workers waiting for a client's next move: (client,
        # the game whose move it answered)
        self.workers: set[_Worker] = set()  # started (ready or not)
        self.running: dict[str, int] = {}  # client -> moves thinking now
        self.tasks: set[asyncio.Task] = set()
        self.closed = False
        self.ready = asyncio.Event()

    def pids(self) -> list[int]:
        return [w.process.pid for w in self.workers if w.process.pid is not None]

    def fill(self) -> None:
        """Start workers up to ``size`` (each becomes idle once it says it is ready)."""
        while not self.closed and len(self.workers) < self.size:
            worker = _Worker()
            self.workers.add(worker)
            self._spawn(self._start(worker))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _start(self, worker: _Worker) -> None:
        try:
            hello = await worker.receive(120)  # a loaded machine takes a while to import the games
            if not (isinstance(hello, tuple) and hello[0] == "ready"):
                raise EOFError(hello)
        except (TimeoutError, EOFError, OSError) as exc:
            log.warning("a bot worker did not start (%s); starting another", exc or type(exc).__name__)
            self._lose(worker)
            await asyncio.sleep(1.0)
            self.fill()
            return
        except asyncio.CancelledError:
            self._lose(worker)
            raise
        self.idle.append(worker)
        self.ready.set()
        self.dispatch()

    def _lose(self, worker: _Worker) -> None:
        worker.kill()
        self.workers.discard(worker)
        self.held.pop(worker, None)
        if worker in self.idle:
            self.idle.remove(worker)

    def submit(self, job: _Job) -> None:
        self.queue.push(job.client, job.game, job)
        self.fill()
        self.dispatch()

    def dispatch(self) -> None:
        if self.closed:
            return
        for worker, (client, _) in list(self.held.items()):
            if self.queue.waiting(client):
                del self.held[worker]
                job = self.queue.pop(self.running, client)
                if job.future.done():  # cancelled while it waited
                    self.idle.append(worker)
                else:
                    self._spawn(self._run(worker, job))
        while self.idle and len(self.queue):
            job = self.queue.pop(self.running)
            if job.future.done():  # cancelled while it waited
                continue
            self._spawn(self._run(self.idle.pop(), job))

    def _release(self, worker: _Worker) -> None:
        """The held worker's client asked for nothing in time: the worker serves everyone again."""
        if self.held.pop(worker, None) is not None:
            self.idle.append(worker)
            self.dispatch()

    def release_game(self, game: str) -> None:
        for worker, (_, held_for) in list(self.held.items()):
            if held_for == game:
                self._release(worker)

    async def _run(self, worker: _Worker, job: _Job) -> None:
        self.running[job.client] = self.running.get(job.client, 0) + 1
        loop = asyncio.get_running_loop()
        started = loop.time()
        healthy = False
        try:
            worker.conn.send(job.args)
            kind, value = await worker.receive(self.move_seconds)
            healthy = True
            if kind == "ok":
                _settle(job.future, result=value)
            else:
                _settle(job.future, error=BotFailed(value))
        except TimeoutError:
            _settle(job.future, error=MoveTimeout(self.move_seconds))
        except (EOFError, OSError) as exc:  # the worker died under the move (killed by hand, out of memory)
            _settle(job.future, error=BrokenPipeError(f"a bot worker died ({exc or type(exc).__name__})"))
        finally:
            if not job.future.done():  # (the pool is closing)
                job.future.cancel()
            self.running[job.client] -= 1
            if not self.running[job.client]:
                del self.running[job.client]
            self.queue.charge(job.client, loop.time() - started)
            if healthy and not self.closed and self.queue.owed(job.client) and not job.future.cancelled():
                self.held[worker] = (job.client, job.game)  # (its game's next move comes once this one is stored)
                log.debug("%s lane: a worker waits for the next move of %s", self.name, job.client or "restored games")
                loop.call_later(HOLD, self._release, worker)
            elif healthy and not self.closed:
                self.idle.append(worker)
            else:
                self._lose(worker)
                self.fill()
            self.dispatch()

    def close(self) -> None:
        self.closed = True
        for job in self.queue.drain():
            job.future.cancel()
        for task in list(self.tasks):
            task.cancel()
        for worker in list(self.workers):
            worker.kill()
        self.workers.clear()
        self.idle.clear()
        self.held.clear()


def _settle(future: asyncio.Future, result: Any = None, error: BaseException | None = None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class BotPool:
    """Two lanes of worker processes (heavy and quick), started on first use; see the module's docstring."""

    def __init__(self, workers: int | None = None, quick_workers: int = 1, move_seconds: float | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self.quick_workers = quick_workers
        self.move_seconds = default_move_seconds() if move_seconds is None else move_seconds
        self._lanes: dict[bool, _Lane] = {}
        self._closed = False

    def _lane(self, heavy: bool) -> _Lane:
        lane = self._lanes.get(heavy)
        if lane is None:
            lane = self._lanes[heavy] = _Lane(
                "heavy" if heavy else "quick", self.workers if heavy else self.quick_workers, self.move_seconds
            )
        return lane

    async def think(
        self, spec: str, state_bytes: bytes, seat: int, rng: Any, heavy: bool, client: str = "", game: str = ""
    ) -> tuple[int, float]:
        """A bot's move computed in a worker of its lane, queued fairly by ``client`` then ``game``. Raises
        :class:`MoveTimeout` past the wall-clock limit; a worker that dies under a move is replaced and the move
        asked once more."""
        for attempt in range(2):
            if self._closed:
                raise asyncio.CancelledError
            lane = self._lane(heavy)
            job = _Job((spec, state_bytes, seat, rng), client, game)
            lane.submit(job)
            try:
                return await job.future  # type: ignore[no-any-return]
            except BrokenPipeError:
                if attempt:
                    raise
            except asyncio.CancelledError:
                lane.queue.remove(job, client, game)
                raise
        raise AssertionError("unreachable")

    async def warm(self) -> None:
        """Start the workers of both lanes now (a new interpreter takes a second or more to import the games),
        so the first bot moves are not delayed by it."""
        lanes = [self._lane(heavy) for heavy in (False, True)]
        for lane in lanes:
            lane.fill()
        await asyncio.gather(*(lane.ready.wait() for lane in lanes))

    def done(self, game: str) -> None:
        """A game's bots have stopped (a person is to move, or the game is over): a worker waiting for its next
        move (see :data:`HOLD`) serves the others now."""
        for lane in self._lanes.values():
            lane.release_game(game)

    def pids(self, heavy: bool | None = None) -> list[int]:
        """The process ids of the workers now started, of one lane or both (for the tests and the operator)."""
        return [pid for h, lane in self._lanes.items() if heavy is None or h == heavy for pid in lane.pids()]

    def close(self) -> None:
        """Cancel every queued move and kill the workers now (a search in progress is not waited for)."""
        self._closed = True
        for lane in self._lanes.values():
            lane.close()
        self._lanes.clear()
