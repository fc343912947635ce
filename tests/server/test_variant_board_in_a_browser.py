"""A board variant in a real browser (what `firebreak serve --variants DIR` runs): the lobby offers it, a person
starts a game from it, and the game page draws the variant's map (the Fleet without its bridges)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .process import GENEROUS_LIMITS, free_port
from .test_pages_in_a_browser import ARGS, CHROMIUM, pytestmark, sync_playwright  # noqa: F401 - the same marks

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
SHOTS = os.environ.get("FIREBREAK_SCREENSHOTS")
"""A folder to save the page's picture in, for a person to look at (unset: none saved)."""


def test_a_board_variant_is_started_in_the_lobby_and_its_map_is_drawn(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    code = (
        "from firebreak.core.registry import load_all; load_all(); "
        "from firebreak.core.variant import load_variants; from firebreak.server.app import serve; "
        f"serve('127.0.0.1', {port}, {'sqlite:///' + str(tmp_path / 'games.sqlite3')!r}, bot_delay=0.0, "
        f"variants=load_variants({str(EXAMPLES)!r}))"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **GENEROUS_LIMITS},
    )
    try:
        deadline = time.time() + 60
        while True:
            try:
                if httpx.get(base + "/api/catalog", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None and time.time() < deadline, "the server did not start"
            time.sleep(0.2)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(base + "/")
            page.select_option("#game", "great-fire")
            label = "Variant: The Fleet without bridges"
            page.locator("#variant option", has_text=label).wait_for(state="attached")
            page.select_option("#variant", label=label)
            assert "Played on its own board." in page.locator("#variant-about").inner_text()
            page.click("#create")
            link = page.locator("[data-seat-link='0']")
            link.wait_for()
            url = link.input_value()
            page.goto(url if url.startswith("http") else base + url)
            board = page.locator("#board svg")
            board.wait_for(state="attached", timeout=30000)
            page.locator("#board svg [data-place='Holborn']").first.wait_for(state="attached")
            assert "Holborn Bridge" not in board.evaluate("svg => svg.textContent")
            assert page.locator('#board svg [data-link="HO>NE"]').count() == 0  # the bridge's arrow is gone
            assert page.locator('#board svg [data-link="FS>HO"]').count() == 1  # the other links are drawn
            if SHOTS:
                page.screenshot(path=str(Path(SHOTS) / "great-fire-fleet-without-bridges.png"))
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
