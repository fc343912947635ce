"""Load benchmark of the play server: N concurrent games with bots and simulated players on loopback.

Starts ``firebreak.server.app.serve`` in a subprocess (SQLite in a temporary directory unless --database-url) and
keeps N games going at once for --duration seconds (a game that ends is replaced by a new one, so N stay live).
Each game has --humans simulated players, each on its own WebSocket, --bots server-side bots, and one spectator.

Several processes (--servers 2, PostgreSQL only): that many servers on the one database, as behind a load
balancer that is not sticky. Game k is created through server k mod N and its clients connect to the servers in
turn (seat 0 to the next one, ...), so every update of every game crosses from one process to another through
PostgreSQL's NOTIFY: the worst case for the latency. Each run gets a fresh schema of the database (dropped after).

Measured, for every simulated player's action: the time from sending it to its update having reached EVERY seat
and the spectator of that game (an update may carry the bots' answers too; it counts as soon as a client holds
a state at or past that action). Printed: p50/p90/p99 of that latency, the actions per second the server
committed (bots included), the server's CPU use, and the load average of the machine.

Think time: a simulated player waits an exponentially distributed time, mean --think seconds (default 1.0),
before answering, as a person in a browser does: reading the board and clicking takes a second or more, and
people playing a board game usually take several, so 1.0 s is on the quick side: the load is, if anything,
overstated. Exponential waits make the players' actions arrive at random (Poisson-like, bursty) rather than
evenly spaced, the harder case for the tail of the latency. The bots, which the server plays at once, answer
within the update of the move they answer (or just after). With think 0 every
player answers at once, which is no longer a model of people but of the server's raw capacity: it is saturated,
and the latency is queueing. That saturation run follows the main one (--saturation-games, 0 to skip), so both
the figure under realistic load and the capacity behind it are visible. Target: p99 under 100 ms for 100 games.

The client is kept lean (orjson, one HTTP client, one event loop) since it shares the machine with the server.

    python benchmarks/server_load.py                      # 100 games, think 1.0 s, then saturation with 10 games
    python benchmarks/server_load.py --games 20 --think 0 --saturation-games 0
    python benchmarks/server_load.py --servers 2 --database-url postgresql://USER:PASSWORD@HOST/DATABASE
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import orjson
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    human_actions: int = 0
    games_started: int = 0
    games_connected: int = 0
    games_finished: int = 0
    errors: int = 0
    refused: int = 0  # creations answered 503 or 429 (retried after Retry-After, as a client should)
    spectator_updates: int = 0
    bytes_received: int = 0
    chats: int = 0


async def play_one(
    https: list[httpx.AsyncClient],
    ws_bases: list[str],
    args: argparse.Namespace,
    seed: int,
    think: float,
    end: list[float],
    stats: Stats,
    measuring: list[bool],
    first: int,
) -> None:
    """Create one game through server ``first``, connect its seats and spectator (to the servers in turn from the
    next one), play it until it ends or the deadline ``end[0]`` passes."""
    seats = [{"kind": "human"}] * args.humans + [{"kind": "bot", "bot": args.bot}] * args.bots
    n = len(https)
    while True:
        body = {"game": args.game, "num_players": args.humans + args.bots, "seed": seed, "seats": seats}
        if args.clock:  # "turn:SECONDS" or "total:SECONDS:INCREMENT": every game timed (stored on each turn change)
            mode, seconds, *inc = args.clock.split(":")
            body["clock"] = {"mode": mode, "seconds": int(seconds), "increment": int(inc[0]) if inc else 0}
        r = await https[first % n].post("/api/games", json=body)
        if r.status_code not in (429, 503) or time.perf_counter() > end[0]:
            break
        stats.refused += 1
        await asyncio.sleep(float(r.headers.get("Retry-After", "1")))
    r.raise_for_status()
    g = r.json()
    stats.games_started += 1
    tokens = [s["token"] for s in g["seats"] if "token" in s] + [None]  # the last one is the spectator
    sockets = [
        await connect(
            f"{ws_bases[(first + 1 + i) % n]}/ws/games/{g['id']}", max_size=2**24, open_timeout=60, compression=None
        )
        for i in range(len(tokens))
    ]
    for ws, token in zip(sockets, tokens):
        await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
    stats.games_connected += 1
    rng = random.Random(seed)
    seen = [-1] * len(sockets)  # the highest state index each client holds
    pending: list[float] = []  # [target index, time sent] of the action in flight (one at a time per game)
    done = asyncio.Event()

    async def answer(ws, idx: int, legal: list[dict]) -> None:  # type: ignore[no-untyped-def]
        if think > 0:
            await asyncio.sleep(rng.expovariate(1.0 / think))
        if done.is_set():
            return
        pending[:] = [idx + 1, time.perf_counter()]
        await ws.send(orjson.dumps({"type": "act", "index": idx, "action": rng.choice(legal)["id"]}).decode())

    async def reader(i: int, ws) -> None:  # type: ignore[no-untyped-def]
        spectator = i == len(sockets) - 1
        async for raw in ws:
            m = orjson.loads(raw)
            if measuring[0]:
                stats.bytes_received += len(raw)
                stats.spectator_updates += spectator and m["type"] == "update"
            kind = m["type"]
            if kind == "error":
                stats.errors += 1
                continue
            if kind not in ("state", "update"):
                continue
            idx = m["index"]
            seen[i] = idx
            if pending and idx >= pending[0] and min(seen) >= pending[0]:
                if measuring[0]:
                    stats.latencies.append(time.perf_counter() - pending[1])
                    stats.human_actions += 1
                pending.clear()
            if m["terminal"] or time.perf_counter() >= end[0]:
                if m["terminal"] and not done.is_set():
                    stats.games_finished += 1
                done.set()
                return
            if m["your_turn"]:
                asyncio.get_running_loop().create_task(answer(ws, idx, m["legal"]))

    async def chatter(ws) -> None:  # type: ignore[no-untyped-def]
        """A seated player saying something every ``--chat`` seconds on average (stored, sent to every seat)."""
        while not done.is_set():
            await asyncio.sleep(rng.expovariate(1.0 / args.chat))
            if done.is_set():
                return
            await ws.send(orjson.dumps({"type": "chat", "text": "good move!"}).decode())
            if measuring[0]:
                stats.chats += 1

    tasks = [asyncio.create_task(reader(i, ws)) for i, ws in enumerate(sockets)]
    if args.chat > 0:
        tasks += [asyncio.create_task(chatter(ws)) for ws in sockets[:-1]]
    try:
        while not done.is_set() and time.perf_counter() < end[0]:  # (the deadline is set once all are playing)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), timeout=max(0.01, min(1.0, end[0] - time.perf_counter())))
    finally:
        done.set()
        for t in tasks:
            t.cancel()
        for ws in sockets:
            await ws.close()


async def table(
    https: list[httpx.AsyncClient],
    ws_bases: list[str],
    args: argparse.Namespace,
    n: int,
    think: float,
    end: list[float],
    stats: Stats,
    measuring: list[bool],
) -> None:
    """One of the N concurrent games: when a game ends, the next one starts at the same table."""
    k = 0
    while time.perf_counter() < end[0]:
        await play_one(https, ws_bases, args, 1000 * n + k, think, end, stats, measuring, n + k)
        k += 1


def count_actions(base: str) -> int:
    """Actions the server has committed in all games (bots included)."""
    total, offset = 0, 0
    while True:  # the lobby pages its list (at most 200 games a page)
        page = httpx.get(base + "/api/games", params={"limit": 200, "offset": offset}, timeout=60).json()
        total += sum(g["num_actions"] for g in page["games"])
        if not page.get("more"):
            return total
        offset += len(page["games"])


async def run(
    args: argparse.Namespace, bases: list[str], server_pids: list[int], games: int, think: float, duration: float
) -> None:
    stats = Stats()
    measuring = [False]
    base = bases[0]

    def server_cpu() -> list[float]:
        return [cpu_seconds(pid) for pid in server_pids]

    before = await asyncio.to_thread(count_actions, base)
    https = [httpx.AsyncClient(base_url=b, timeout=60) for b in bases]
    try:
        end = [float("inf")]
        ws_bases = [f"ws://{b.split('://')[1]}" for b in bases]
        tables = [
            asyncio.create_task(table(https, ws_bases, args, i, think, end, stats, measuring)) for i in range(games)
        ]
        started = time.perf_counter()  # warm-up: every game created and connected, then a few seconds of play
        while stats.games_connected < games and time.perf_counter() < started + 120:
            await asyncio.sleep(0.1)
        # ... once the bots play: their worker processes start on the first bot move (seconds on a busy machine)
        while (await asyncio.to_thread(count_actions, base)) - before < games and time.perf_counter() < started + 180:
            await asyncio.sleep(0.5)
        await asyncio.sleep(min(5.0, duration / 4))
        end[0] = time.perf_counter() + duration
        measuring[0] = True
        cpu0, cpu_me0, t0 = server_cpu(), time.process_time(), time.perf_counter()
        load0 = os.getloadavg()[0]
        mid = await asyncio.to_thread(count_actions, base)
        await asyncio.gather(*tables)
        wall = time.perf_counter() - t0
        cpus, cpu_me = [c1 - c0 for c0, c1 in zip(cpu0, server_cpu())], time.process_time() - cpu_me0
    finally:
        for http in https:
            await http.aclose()
    after = await asyncio.to_thread(count_actions, base)
    load1 = os.getloadavg()[0]
    lat = sorted(stats.latencies)

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")

    label = f"think {think:g} s" if think > 0 else "think 0 (saturation: every player answers at once)"
    where = f"{len(bases)} server processes on one database" if len(bases) > 1 else "one server process"
    print(f"\n== {games} concurrent games, {label}, {where}")
    print(
        f"   {args.game}: {args.humans} simulated players + {args.bots} {args.bot} bots + 1 spectator each; "
        f"{stats.games_started} games played ({stats.games_finished} to the end), {before}..{after} actions"
    )
    print(
        f"   measured {wall:.1f} s: {after - mid} actions committed = {(after - mid) / wall:.0f} actions/s "
        f"({stats.human_actions / wall:.0f}/s by simulated players); errors {stats.errors}; "
        f"creations refused and retried {stats.refused}"
        + (f"; {stats.chats} chat messages sent" if args.chat > 0 else "")
        + (f"; every game on a clock ({args.clock})" if args.clock else "")
    )
    print(
        f"   send -> update at every seat and the spectator: p50 {pct(0.5):.1f} ms, p90 {pct(0.9):.1f} ms, "
        f"p99 {pct(0.99):.1f} ms, max {pct(1.0):.1f} ms over {len(lat)} actions "
        f"(target p99 < 100 ms: {'met' if pct(0.99) < 100 else 'NOT met'})"
    )
    print(
        f"   updates per action (as a spectator gets them): {stats.spectator_updates / max(1, after - mid):.2f}; "
        f"received {stats.bytes_received / max(1, after - mid) / 1000:.1f} k characters per action (all clients)"
    )
    each = " + ".join(f"{100 * c / wall:.0f}%" for c in cpus)
    print(
        f"   CPU: server {each} of a core, this client {100 * cpu_me / wall:.0f}%; "
        f"load average {load0:.2f} -> {load1:.2f} on {os.cpu_count()} cores"
    )


def fresh_schema(url: str) -> tuple[str, Callable[[], None]]:
    """A new, empty schema of a PostgreSQL database for one run (so no game of an earlier run comes back), as a URL
    whose connections use it, and a function that drops it."""
    from sqlalchemy import create_engine, text

    name = f"firebreak_load_{uuid.uuid4().hex[:10]}"
    sa_url = url.replace("postgresql://", "postgresql+psycopg://", 1)

    def execute(sql: str) -> None:
        engine = create_engine(sa_url)
        with engine.begin() as conn:
            conn.execute(text(sql))
        engine.dispose()

    execute(f'CREATE SCHEMA "{name}"')
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{name}", lambda: execute(
        f'DROP SCHEMA IF EXISTS "{name}" CASCADE'
    )


def start_server(url: str, profile: str | None) -> tuple[subprocess.Popen, str]:
    """One server process on ``url`` (with pyinstrument writing the event loop's profile to ``profile``)."""
    port = free_port()
    code = f"from firebreak.server.app import serve; serve('127.0.0.1', {port}, {url!r}, bot_delay=0.0)"
    if profile:
        code = (
            "import pyinstrument; p = pyinstrument.Profiler(interval=0.0005); p.start()\n"
            f"try:\n    {code.replace('; ', chr(10) + '    ')}\n"
            f"finally:\n    p.stop(); open({profile!r}, 'w').write(p.output_text(show_all=False))"
        )
    # every simulated client comes from this one address, far faster than people: lift the limits
    lifted = {
        f"FIREBREAK_{k}": "1000000"
        for k in (
            "GAMES_PER_MINUTE",
            "OPEN_GAMES",
            "CONNECTING_PER_CLIENT",
            "SOCKETS_PER_SEAT",
            "SPECTATOR_SOCKETS_PER_CLIENT",
            "SPECTATOR_SOCKETS_PER_GAME",
            "ACTIONS_PER_SECOND",
            "MESSAGES_PER_SECOND",
            "STATE_READS_PER_SECOND",
            "RECORD_READS_PER_SECOND",
        )
    }
    lifted["FIREBREAK_SEEDS_WITH_PEOPLE"] = "1"  # the same deals from one run to the next
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, env={**os.environ, **lifted})
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            httpx.get(base + "/api/catalog", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.1)
    return proc, base


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="concurrent games")
    ap.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean think time of a simulated player in seconds (exponential); 0: answer at once",
    )
    ap.add_argument("--duration", type=float, default=30.0, help="seconds measured (after a few of warm-up)")
    ap.add_argument(
        "--saturation-games",
        type=int,
        default=10,
        help="then measure the raw capacity with this many games and think 0 (0: skip)",
    )
    ap.add_argument("--saturation-duration", type=float, default=15.0)
    ap.add_argument("--humans", type=int, default=2, help="simulated players per game")
    ap.add_argument("--bots", type=int, default=2, help="server-side bots per game (they play at once)")
    ap.add_argument("--bot", default="random")
    ap.add_argument("--game", default="great-fire")
    ap.add_argument(
        "--clock",
        default="",
        nargs="?",
        const="total:600:5",
        help="time every game: turn:SECONDS or total:SECONDS:INCREMENT (--clock alone: total:600:5)",
    )
    ap.add_argument(
        "--chat", type=float, default=0.0, help="each seated person chats every SECONDS on average (0: no chat)"
    )
    ap.add_argument("--database-url", default=None, help="default: SQLite in a temporary directory")
    ap.add_argument(
        "--servers", type=int, default=1, help="server processes sharing the database (more than one: PostgreSQL only)"
    )
    ap.add_argument(
        "--profile",
        default=None,
        metavar="PREFIX",
        help="profile each server's event loop with pyinstrument into PREFIX-<run>-<server>.txt",
    )
    args = ap.parse_args()
    postgres = (args.database_url or "").startswith("postgres")
    if args.servers < 1 or (args.servers > 1 and not postgres):
        ap.error(
            "--servers above 1 needs --database-url postgresql://...: processes share updates through "
            "PostgreSQL's NOTIFY"
        )
    if args.profile:
        try:
            import pyinstrument  # noqa: F401
        except ImportError:
            ap.error("--profile needs pyinstrument: .venv/bin/pip install pyinstrument")
    runs = [(args.games, args.think, args.duration)]
    if args.saturation_games > 0 and args.think > 0:
        runs.append((args.saturation_games, 0.0, args.saturation_duration))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for r, (games, think, duration) in enumerate(runs):
        with tempfile.TemporaryDirectory() as tmp:
            drop: Callable[[], None] | None = None
            if postgres:
                url, drop = fresh_schema(args.database_url)
            else:
                url = args.database_url or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
            procs: list[subprocess.Popen] = []
            try:
                bases = []
                for k in range(args.servers):
                    proc, base = start_server(url, f"{args.profile}-{r}-{k}.txt" if args.profile else None)
                    procs.append(proc)
                    bases.append(base)
                print(f"servers: {url.split('@')[-1].split('?')[0]} (pids {', '.join(str(p.pid) for p in procs)})")
                asyncio.run(run(args, bases, [p.pid for p in procs], games, think, duration))
            finally:
                for proc in procs:  # (uvicorn raises the signal again once stopped: SIGINT lets the profile out)
                    proc.send_signal(signal.SIGINT if args.profile else signal.SIGTERM)
                for proc in procs:
                    proc.wait(timeout=30)
                if drop is not None:
                    drop()


if __name__ == "__main__":
    main()
