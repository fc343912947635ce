"""The pages work under the server's Content-Security-Policy (no violation, no script error), and the lobby pages
through games and filters them."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .process import ServerProcess

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--no-first-run"]

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None  # type: ignore[assignment]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    s = ServerProcess(f"sqlite:///{tmp_path / 'games.sqlite3'}", bot_delay=0.0)
    yield s
    s.stop()


def new_game(server: ServerProcess, game: str, seats: list[str]) -> dict[str, Any]:
    r = httpx.post(
        server.base + "/api/games",
        json={
            "game": game,
            "num_players": len(seats),
            "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
        },
    )
    assert r.status_code == 201, r.text
    return r.json()


def test_pages_run_under_the_content_policy_and_the_lobby_pages(server: ServerProcess) -> None:
    played = [
        new_game(server, "great-fire", ["human", "random", "random"]),
        new_game(server, "brigade", ["human", "random"]),
        new_game(server, "catan", ["human", "random", "random"]),
    ]
    done = new_game(server, "brigade", ["random", "random"])
    for _ in range(22):
        new_game(server, "great-fire", ["human"] * 3)
    deadline = time.time() + 60
    while not httpx.get(f"{server.base}/api/games/{done['id']}").json()["terminal"]:
        assert time.time() < deadline
        time.sleep(0.1)

    problems: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.on(
            "console",
            lambda m: (
                problems.append(m.text)
                if m.type == "error" and not m.text.startswith("Failed to load resource")
                else None
            ),
        )
        page.on(
            "response",
            lambda r: (
                problems.append(f"{r.status} {r.url}")
                if r.status >= 400 and not r.url.endswith("/favicon.ico")
                else None
            ),
        )
        page.on("pageerror", lambda e: problems.append(str(e)))

        page.goto(server.base + "/")
        rows = page.locator("#games tr")
        rows.nth(20).wait_for(state="attached")  # a header and a page of 20 games
        assert rows.count() == 21 and page.locator("#prev-page").is_disabled()
        page.click("#next-page")
        page.locator("#page-info", has_text="Games 21–26").wait_for()
        assert rows.count() == 7 and page.locator("#next-page").is_disabled()
        page.select_option("#filter-game", "catan")
        page.locator("#page-info", has_text="Games 1–1").wait_for()
        assert "Catan" in page.locator("#games").inner_text() or "catan" in page.locator("#games").inner_text()
        page.select_option("#filter-game", "")
        page.select_option("#filter-status", "finished")
        page.locator("#games a", has_text="Replay").first.wait_for()  # the finished list, not the catan one before it
        page.locator("#page-info", has_text="Games 1–1").wait_for()
        assert page.locator("#games a", has_text="Replay").count() == 1

        for g in played:
            seat = next(s for s in g["seats"] if "url" in s)
            page.goto(server.base + seat["url"])
            page.locator("#board svg").wait_for(state="attached", timeout=15000)
        page.goto(f"{server.base}/replay/{done['id']}")
        page.locator("#board svg").wait_for(state="attached", timeout=15000)
        browser.close()
    assert problems == []
