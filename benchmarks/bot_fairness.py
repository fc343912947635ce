"""Fair share of the server's search workers: how long one address's bot takes to answer while another address
keeps many all-bot games searching at the top budget.

Starts ``firebreak.server.app.serve`` in a subprocess (SQLite in a temporary directory) that trusts
``X-Forwarded-For`` from loopback, so this one script can speak as two addresses. Address B plays a Brigade game
against a search bot (--probe, default the hard level): it moves, then times how long until the bot has answered
(its whole turn: the game is back to B; the server's bots wait --bot-delay before each move, 0.6 s as
``firebreak serve``). That is measured first alone, then while address A keeps --games all-bot
games at --budget (default ``mcts:iterations=0,seconds=5``, the most the default limits allow). Printed: each
answer's time, and their median and largest, in both runs.

Before the pool queued by address, B's bot waited behind every search A had queued; with it, B's move is the next
one served once a worker is free (see ``firebreak.server.bots``). The number of search workers is the server's
(``FIREBREAK_BOT_WORKERS``, default all CPUs but one).

    python benchmarks/bot_fairness.py
    python benchmarks/bot_fairness.py --games 10 --moves 5 --probe medium
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path, bot_delay: float) -> tuple[subprocess.Popen, str]:
    port = free_port()
    code = (
        "from firebreak.server.app import serve; "
        f"serve('127.0.0.1', {port}, 'sqlite:///{folder / 'games.sqlite3'}', bot_delay={bot_delay}, "
        "forwarded_allow_ips='127.0.0.1')"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={
            **os.environ,
            "FIREBREAK_GAMES_PER_MINUTE": "1000",
            "FIREBREAK_OPEN_GAMES": "1000",
            "FIREBREAK_STATE_READS_PER_SECOND": "1000",
        },
    )
    base = f"http://127.0.0.1:{port}"
    end = time.time() + 60
    while time.time() < end:
        try:
            if httpx.get(base + "/api/catalog", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start within 60 s")


def answers(http: httpx.Client, base: str, probe: str, moves: int, seed: int) -> list[float]:
    """Address B plays against ``probe``: the seconds from each of its moves that hands the turn over until the
    game is back to it."""
    r = http.post(
        f"{base}/api/games",
        json={
            "game": "brigade",
            "num_players": 2,
            "seed": seed,
            "takeover_after": 0,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": probe}],
        },
    )
    r.raise_for_status()
    game = r.json()
    token = game["seats"][0]["token"]
    url = f"{base}/api/games/{game['id']}"
    out: list[float] = []
    while len(out) < moves:
        s = http.get(url, headers={"X-Seat-Token": token}).json()
        if s["terminal"]:
            break
        if s["current_player"] != 0:
            time.sleep(0.05)  # the bot began the game
            continue
        http.post(
            url + "/actions", headers={"X-Seat-Token": token}, json={"index": s["index"], "action": s["legal"][0]["id"]}
        ).raise_for_status()
        start = time.perf_counter()
        handed = False
        while True:
            s = http.get(url).json()
            if s["terminal"] or s["current_player"] == 0:
                break
            handed = True
            time.sleep(0.05)
        if handed:
            out.append(time.perf_counter() - start)
    return out


def show(label: str, times: list[float]) -> None:
    if not times:
        print(f"{label}: no answers measured")
        return
    print(
        f"{label}: median {statistics.median(times):.2f} s, largest {max(times):.2f} s "
        f"({', '.join(f'{t:.2f}' for t in times)})",
        flush=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="all-bot games of address A")
    ap.add_argument("--budget", default="mcts:iterations=0,seconds=5", help="the bots of A's games")
    ap.add_argument("--probe", default="hard", help="the bot address B plays against")
    ap.add_argument("--moves", type=int, default=5, help="answers of B's bot timed in each run")
    ap.add_argument(
        "--bot-delay", type=float, default=0.6, help="seconds a bot waits before each move (as `firebreak serve` does)"
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        proc, base = start_server(Path(folder), args.bot_delay)
        try:
            a = httpx.Client(headers={"X-Forwarded-For": "10.0.0.1"}, timeout=120)
            b = httpx.Client(headers={"X-Forwarded-For": "10.0.0.2"}, timeout=120)
            time.sleep(3)  # the workers start
            show("B's bot alone", answers(b, base, args.probe, args.moves, 1))
            for i in range(args.games):
                a.post(
                    f"{base}/api/games",
                    json={
                        "game": "brigade",
                        "num_players": 2,
                        "seed": 100 + i,
                        "seats": [{"kind": "bot", "bot": args.budget}] * 2,
                    },
                ).raise_for_status()
            show(f"B's bot beside {args.games} games of A", answers(b, base, args.probe, args.moves, 2))
        finally:
            proc.terminate()
            proc.wait(timeout=30)


if __name__ == "__main__":
    main()
