"""A real ``firebreak serve`` process for the tests that need one (restart, scale-out, the browser)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


GENEROUS_LIMITS = {
    f"FIREBREAK_{name}": "100000"
    for name in (
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
GENEROUS_LIMITS["FIREBREAK_SEEDS_WITH_PEOPLE"] = "1"
"""Limits no test that plays fast from one address reaches (the tests of the limits set their own), and chosen
seeds in games of several people, so the tests play known deals (tests/server/test_games.py checks the refusal)."""


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` now (Linux: read from /proc)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # it ended meanwhile
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.add(int(entry.name))
    return out


def running(pid: int) -> bool:
    """Whether process ``pid`` exists and has not ended (a zombie waiting to be reaped has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


class ServerProcess:
    """``firebreak.server.app.serve`` in a subprocess (what ``firebreak serve`` runs), up when constructed."""

    def __init__(
        self,
        db_url: str,
        port: int | None = None,
        output: Path | None = None,
        bot_delay: float = 0.0,
        env: dict[str, str] | None = None,
    ) -> None:
        self.port = free_port() if port is None else port
        code = (
            "from firebreak.server.app import serve; "
            f"serve('127.0.0.1', {self.port}, {db_url!r}, bot_delay={bot_delay})"
        )
        self.output = output
        # A file (or nothing), never a pipe: a chatty server can never block on it.
        with open(output, "ab") if output is not None else open(os.devnull, "wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", code],
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, **GENEROUS_LIMITS, **(env or {})},
            )
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        deadline = time.time() + 60  # a loaded machine takes its time to import everything
        while time.time() < deadline:
            try:
                if httpx.get(self.base + "/api/catalog", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
            if self.proc.poll() is not None:
                raise RuntimeError(output.read_text() if output is not None else "server exited at start")
        self.proc.kill()  # never left running behind a failed test
        self.proc.wait(timeout=10)
        raise RuntimeError("server did not start within 60 s")

    def kill9(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill9()
