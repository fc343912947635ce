"""Load benchmark of the play server: N concurrent games with bots and simulated players on loopback.

Starts ``firebreak.server.app.serve`` in a subprocess (SQLite in a temporary directory unless --database-url) and
keeps N games going at once for --duration seconds (a game that ends is replaced by a new one, so N stay live).
Each game has --humans simulated players, each on its own WebSocket, --bots server-side bots, and one spectator.

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
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
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
    games_finished: int = 0
    errors: int = 0
    refused: int = 0  # creations answered 503 or 429 (retried after Retry-After, as a client should)
    spectator_updates: int = 0
    bytes_received: int = 0


async def play_one(http: httpx.AsyncClient, ws_base: str, args: argparse.Namespace, seed: int, think: float,
                   deadline: float, stats: Stats, measuring: list[bool]) -> None:
    """Create one game, connect its seats and spectator, play it until it ends or the deadline passes."""
    seats = [{"kind": "human"}] * args.humans + [{"kind": "bot", "bot": args.bot}] * args.bots
    while True:
        body = {"game": args.game, "num_players": args.humans + args.bots, "seed": seed, "seats": seats}
        if args.clock:  # "turn:SECONDS" or "total:SECONDS:INCREMENT": every game timed (stored on each turn change)
            mode, seconds, *inc = args.clock.split(":")
            body["clock"] = {"mode": mode, "seconds": int(seconds), "increment": int(inc[0]) if inc else 0}
        r = await http.post("/api/games", json=body)
        if r.status_code not in (429, 503) or time.perf_counter() > deadline:
            break
        stats.refused += 1
        await asyncio.sleep(float(r.headers.get("Retry-After", "1")))
    r.raise_for_status()
    g = r.json()
    stats.games_started += 1
    tokens = [s["token"] for s in g["seats"] if "token" in s] + [None]  # the last one is the spectator
    sockets = [await connect(f"{ws_base}/ws/games/{g['id']}", max_size=2**24, compression=None) for _ in tokens]
    for ws, token in zip(sockets, tokens):
        await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
    rng = random.Random(seed)
    seen = [-1] * len(sockets)   # the highest state index each client holds
    pending: list[float] = []    # [target index, time sent] of the action in flight (one at a time per game)
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
            if m["terminal"] or time.perf_counter() >= deadline:
                if m["terminal"] and not done.is_set():
                    stats.games_finished += 1
                done.set()
                return
            if m["your_turn"]:
                asyncio.get_running_loop().create_task(answer(ws, idx, m["legal"]))

    tasks = [asyncio.create_task(reader(i, ws)) for i, ws in enumerate(sockets)]
    try:
        await asyncio.wait_for(done.wait(), timeout=max(0.01, deadline - time.perf_counter()))
    except TimeoutError:
        pass
    finally:
        done.set()
        for t in tasks:
            t.cancel()
        for ws in sockets:
            await ws.close()


async def table(http: httpx.AsyncClient, ws_base: str, args: argparse.Namespace, n: int, think: float,
                deadline: float, stats: Stats, measuring: list[bool]) -> None:
    """One of the N concurrent games: when a game ends, the next one starts at the same table."""
    k = 0
    while time.perf_counter() < deadline:
        await play_one(http, ws_base, args, 1000 * n + k, think, deadline, stats, measuring)
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


async def run(args: argparse.Namespace, base: str, server_pid: int, games: int, think: float,
              duration: float) -> None:
    stats = Stats()
    measuring = [False]
    before = await asyncio.to_thread(count_actions, base)
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        warm = min(5.0, duration / 4)
        deadline = time.perf_counter() + warm + duration
        tables = [asyncio.create_task(table(http, f"ws://{base.split('://')[1]}", args, i, think, deadline, stats,
                                            measuring)) for i in range(games)]
        await asyncio.sleep(warm)  # games created and connected; their first moves made
        measuring[0] = True
        cpu0, cpu_me0, t0 = cpu_seconds(server_pid), time.process_time(), time.perf_counter()
        load0 = os.getloadavg()[0]
        mid = await asyncio.to_thread(count_actions, base)
        await asyncio.gather(*tables)
        wall = time.perf_counter() - t0
        cpu, cpu_me = cpu_seconds(server_pid) - cpu0, time.process_time() - cpu_me0
    after = await asyncio.to_thread(count_actions, base)
    load1 = os.getloadavg()[0]
    lat = sorted(stats.latencies)

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")

    label = f"think {think:g} s" if think > 0 else "think 0 (saturation: every player answers at once)"
    print(f"\n== {games} concurrent games, {label}")
    print(f"   {args.game}: {args.humans} simulated players + {args.bots} {args.bot} bots + 1 spectator each; "
          f"{stats.games_started} games played ({stats.games_finished} to the end), {before}..{after} actions")
    print(f"   measured {wall:.1f} s: {after - mid} actions committed = {(after - mid) / wall:.0f} actions/s "
          f"({stats.human_actions / wall:.0f}/s by simulated players); errors {stats.errors}; "
          f"creations refused and retried {stats.refused}")
    print(f"   send -> update at every seat and the spectator: p50 {pct(0.5):.1f} ms, p90 {pct(0.9):.1f} ms, "
          f"p99 {pct(0.99):.1f} ms, max {pct(1.0):.1f} ms over {len(lat)} actions "
          f"(target p99 < 100 ms: {'met' if pct(0.99) < 100 else 'NOT met'})")
    print(f"   updates per action (as a spectator gets them): {stats.spectator_updates / max(1, after - mid):.2f}; "
          f"received {stats.bytes_received / max(1, after - mid) / 1000:.1f} k characters per action (all clients)")
    print(f"   CPU: server {100 * cpu / wall:.0f}% of a core, this client {100 * cpu_me / wall:.0f}%; "
          f"load average {load0:.2f} -> {load1:.2f} on {os.cpu_count()} cores")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="concurrent games")
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean think time of a simulated player in seconds (exponential); 0: answer at once")
    ap.add_argument("--duration", type=float, default=30.0, help="seconds measured (after a few of warm-up)")
    ap.add_argument("--saturation-games", type=int, default=10,
                    help="then measure the raw capacity with this many games and think 0 (0: skip)")
    ap.add_argument("--saturation-duration", type=float, default=15.0)
    ap.add_argument("--humans", type=int, default=2, help="simulated players per game")
    ap.add_argument("--bots", type=int, default=2, help="server-side bots per game (they play at once)")
    ap.add_argument("--bot", default="random")
    ap.add_argument("--game", default="great-fire")
    ap.add_argument("--clock", default="", help="time every game: turn:SECONDS or total:SECONDS:INCREMENT")
    ap.add_argument("--database-url", default=None, help="default: SQLite in a temporary directory")
    args = ap.parse_args()
    runs = [(args.games, args.think, args.duration)]
    if args.saturation_games > 0 and args.think > 0:
        runs.append((args.saturation_games, 0.0, args.saturation_duration))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for games, think, duration in runs:
        with tempfile.TemporaryDirectory() as tmp:
            url = args.database_url or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
            port = free_port()
            code = f"from firebreak.server.app import serve; serve('127.0.0.1', {port}, {url!r}, bot_delay=0.0)"
            # every simulated client comes from this one address, far faster than people: lift the limits
            lifted = {f"FIREBREAK_{k}": "1000000" for k in ("GAMES_PER_MINUTE", "OPEN_GAMES", "SOCKETS_PER_CLIENT",
                                                             "SOCKETS_PER_GAME", "ACTIONS_PER_SECOND",
                                                             "MESSAGES_PER_SECOND")}
            proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL,
                                    env={**os.environ, **lifted})
            try:
                base = f"http://127.0.0.1:{port}"
                for _ in range(300):
                    try:
                        httpx.get(base + "/api/catalog", timeout=1)
                        break
                    except httpx.HTTPError:
                        time.sleep(0.1)
                print(f"server: {url.split('@')[-1]} (pid {proc.pid})")
                asyncio.run(run(args, base, proc.pid, games, think, duration))
            finally:
                proc.terminate()
                proc.wait(timeout=10)


if __name__ == "__main__":
    main()
