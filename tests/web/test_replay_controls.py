"""The replay page in a real browser (Debian's chromium) at 1280x800 and 390x844: the step buttons are in the first
screen and stay in view while the page scrolls down the board (taller than a laptop's screen), so a player steps
through the game without scrolling back up between steps. Screenshots go to ``test-artifacts/web``."""

from __future__ import annotations

import os
import time

import httpx
import pytest
from server.process import ServerProcess

from .test_e2e import ARGS, CHROMIUM, artifacts, sync_playwright, wait_js
from .test_strip import fully_in_view
from .test_table import SIZES, Watch

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]


def finished_game(server: ServerProcess, game: str) -> str:
    body = {"game": game, "num_players": 3, "seed": 5, "seats": [{"kind": "bot", "bot": "random"}] * 3}
    r = httpx.post(server.base + "/api/games", json=body)
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    deadline = time.monotonic() + 180
    while not httpx.get(f"{server.base}/api/games/{game_id}").json()["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    return game_id


def test_the_step_buttons_stay_in_view_while_the_board_scrolls(server: ServerProcess) -> None:
    out = artifacts()
    game_id = finished_game(server, "brigade")
    watch = Watch()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size, viewport in SIZES.items():
            page = watch.attach(browser.new_context(viewport=viewport).new_page())
            page.goto(f"{server.base}/replay/{game_id}")
            page.wait_for_selector("#board svg")
            wait_js(page, "document.getElementById('where').textContent.startsWith('Step 0 of')")
            assert page.evaluate("document.scrollingElement.scrollHeight > innerHeight"), size  # the page scrolls
            for step in (1, 2):
                assert fully_in_view(page, ".replay-controls button"), (size, step)
                page.click("#next")
                wait_js(page, f"document.getElementById('where').textContent.startsWith('Step {step} of')")
                page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")  # down the board
            assert fully_in_view(page, ".replay-controls button"), size
            assert fully_in_view(page, "#step"), size
            page.screenshot(path=str(out / f"replay-controls-{size}.png"))
        browser.close()
    assert watch.problems == []
