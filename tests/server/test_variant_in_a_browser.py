"""The server offering variants (what `firebreak serve --variants DIR` runs), in a browser: the lobby offers the
variant, a person starts a game from it, and the lobby's list of games names it as a variant (the game page's payload
is checked over HTTP in test_variants.py)."""

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


def test_a_variant_is_offered_started_and_marked_in_the_browser(tmp_path: Path) -> None:
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
            page = browser.new_page()
            page.goto(base + "/")
            page.select_option("#game", "great-fire")
            page.locator("#variant option", has_text="Variant: Five action points").wait_for(state="attached")
            page.select_option("#variant", label="Variant: Five action points")
            page.click("#create")
            page.locator("[data-seat-link='0']").wait_for()  # created: its links are shown
            page.locator("#games td", has_text="Great Fire of London 1666 — Variant: Five action points").wait_for()
            game = httpx.get(base + "/api/games").json()["games"][0]
            assert game["options"]["variant"]["name"] == "Five action points"
            assert game["options"]["rules"] == {"action_points": 5}
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
