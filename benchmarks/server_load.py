"""Load benchmark of the play server: N concurrent games with bots and simulated players on loopback.

Starts ``firebreak.server.app.serve`` in a subprocess (SQLite in a temporary directory unless --database-url),
creates the games, connects one WebSocket per human seat plus a spectator per game, and lets the simulated players
answer every turn at once with a random legal action. Prints the 99th-percentile time from an action being sent
to its update having reached every seat (and the spectator) of that game, and the actions per second the server
committed (bots included). Target: p99 under 100 ms.

    python benchmarks/server_load.py --games 20 --humans 2 --bots 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def play_game(base: str, ws_base: str, game: str, humans: int, bots: int, bot: str, seed: int,
                    latencies: list[float], max_actions: int) -> int:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": bot}] * bots
        g = (await http.post("/api/games", json={"game": game, "num_players": humans + bots, "seed": seed,
                                                  "seats": seats})).json()
    gid = g["id"]
    tokens = [s.get("token") for s in g["seats"] if s["kind"] == "human"] + [None]  # + a spectator
    sockets = [await connect(f"{ws_base}/ws/games/{gid}", max_size=2**24, compression=None) for _ in tokens]
    for ws, tok in zip(sockets, tokens):
        await ws.send(json.dumps({"type": "hello", "token": tok}))
    sent_at: dict[int, float] = {}        # index of the state after the action -> time the action was sent
    arrived: dict[int, int] = {}          # how many sockets have seen that index
    rng = random.Random(seed)
    done = asyncio.Event()
    final = [0]

    async def reader(ws) -> None:  # type: ignore[no-untyped-def]
        async for raw in ws:
            m = json.loads(raw)
            if m["type"] not in ("state", "update"):
                continue
            idx = m["index"]
            arrived[idx] = arrived.get(idx, 0) + 1
            if idx in sent_at and arrived[idx] == len(sockets):
                latencies.append(time.perf_counter() - sent_at.pop(idx))
            if m["terminal"] or idx >= max_actions:
                final[0] = idx
                done.set()
                return
            if m["your_turn"]:
                sent_at[idx + 1] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "index": idx, "action": rng.choice(m["legal"])["id"]}))

    tasks = [asyncio.create_task(reader(ws)) for ws in sockets]
    await done.wait()
    await asyncio.sleep(0.2)
    for t in tasks:
        t.cancel()
    for ws in sockets:
        await ws.close()
    return final[0]


async def main_async(args: argparse.Namespace, base: str, ws_base: str) -> None:
    latencies: list[float] = []
    t0 = time.perf_counter()
    counts = await asyncio.gather(*(play_game(base, ws_base, args.game, args.humans, args.bots, args.bot, 1000 + i,
                                              latencies, args.max_actions) for i in range(args.games)))
    wall = time.perf_counter() - t0
    total = sum(counts)
    latencies.sort()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000
    print(f"games: {args.games} x {args.game} ({args.humans} simulated players + {args.bots} {args.bot} bots "
          f"+ 1 spectator each)")
    print(f"actions committed: {total} in {wall:.1f} s = {total / wall:.0f} actions/s")
    print(f"player actions timed: {len(latencies)}; send -> update at every seat: "
          f"median {statistics.median(latencies) * 1000:.1f} ms, p90 {p(0.9):.1f} ms, p99 {p(0.99):.1f} ms "
          f"(target p99 < 100 ms: {'met' if p(0.99) < 100 else 'NOT met'})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--humans", type=int, default=2, help="simulated players per game")
    ap.add_argument("--bots", type=int, default=2, help="server-side bots per game")
    ap.add_argument("--bot", default="random")
    ap.add_argument("--game", default="great-fire")
    ap.add_argument("--max-actions", type=int, default=400, help="stop each game after this many actions")
    ap.add_argument("--database-url", default=None, help="default: SQLite in a temporary directory")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        port = free_port()
        code = f"from firebreak.server.app import serve; serve('127.0.0.1', {port}, {url!r}, bot_delay=0.0)"
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(300):
                try:
                    httpx.get(base + "/api/catalog", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            print(f"server: {url.split('@')[-1]}")
            asyncio.run(main_async(args, base, f"ws://127.0.0.1:{port}"))
        finally:
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
