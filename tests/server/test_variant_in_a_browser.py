"""The server offering variants (what `firebreak serve --variants DIR` runs), in a browser: the lobby offers the
variant, a person starts a game from it, and the lobby's list of games names it as a variant (the game page's payload
is checked over HTTP in test_variants.py); a board variant's game page draws that board's map."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from .process import GENEROUS_LIMITS, free_port
from .test_pages_in_a_browser import ARGS, CHROMIUM, pytestmark, sync_playwright  # noqa: F401 - the same marks

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
SHOTS = os.environ.get("FIREBREAK_SCREENSHOTS")
"""A folder to save a page's picture in, for a person to look at (unset: none saved)."""


@contextmanager
def variants_server(tmp_path: Path) -> Iterator[str]:
    """A server offering the example variants, in its own process; yields its address and stops it after."""
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
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_variant_is_offered_started_and_marked_in_the_browser(tmp_path: Path) -> None:
    with variants_server(tmp_path) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.goto(base + "/")
        page.select_option("#game", "great-fire")
        page.locator("#variant option", has_text="Variant: Five action points").wait_for(state="attached")
        page.select_option("#variant", label="Variant: Five action points")
        assert "Action points per turn: 5 (the rulebook: 4)." in page.locator("#variant-about").inner_text()
        page.click("#create")
        link = page.locator("[data-seat-link='0']")
        link.wait_for()  # created: its links are shown
        page.locator("#games td", has_text="Great Fire of London 1666 — Variant: Five action points").wait_for()
        game = httpx.get(base + "/api/games").json()["games"][0]
        assert game["options"]["variant"]["name"] == "Five action points"
        assert game["options"]["rules"] == {"action_points": 5}
        url = link.input_value()
        page.goto(url if url.startswith("http") else base + url)
        page.click("#tab-help")  # the Rules tab says the variant's number, not the rulebook's
        page.locator("#help li", has_text="Then 5 action points:").wait_for()
        assert "Action points per turn: 5 (the rulebook: 4)." in page.locator("#help").inner_text()
        browser.close()


def open_board_variant(page: Any, base: str, game: str, name: str) -> None:
    """In the lobby, start a game of a board variant (its about line says it has its own board), see it listed
    as a variant, and open seat 0's page."""
    page.goto(base + "/")
    page.select_option("#game", game)
    label = f"Variant: {name}"
    page.locator("#variant option", has_text=label).wait_for(state="attached")
    page.select_option("#variant", label=label)
    assert "Played on its own board" in page.locator("#variant-about").inner_text()
    page.click("#create")
    link = page.locator("[data-seat-link='0']")
    link.wait_for()
    page.locator("#games td", has_text=f"— Variant: {name}").first.wait_for()
    url = link.input_value()
    page.goto(url if url.startswith("http") else base + url)


def test_a_board_variant_is_started_in_the_lobby_and_its_map_is_drawn(tmp_path: Path) -> None:
    """The example board variant: the Fleet without its bridges, so the map has no bridge and no arrow across it."""
    with variants_server(tmp_path) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        open_board_variant(page, base, "great-fire", "The Fleet without bridges")
        board = page.locator("#board svg")
        board.wait_for(state="attached", timeout=30000)
        page.locator("#board svg [data-place='Holborn']").first.wait_for(state="attached")
        assert "Holborn Bridge" not in board.evaluate("svg => svg.textContent")
        assert page.locator('#board svg [data-link="HO>NE"]').count() == 0  # the bridge's arrow is gone
        assert page.locator('#board svg [data-link="FS>HO"]').count() == 1  # the other links are drawn
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / "great-fire-fleet-without-bridges.png"))
        browser.close()


def test_a_catan_layout_variant_is_started_in_the_lobby_and_its_layout_is_drawn(tmp_path: Path) -> None:
    """The example layout (Scarce ore): hex A is grain 10 where the beginner layout has ore 10."""
    with variants_server(tmp_path) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        # the lobby offers it for the 3 or 4 players its board seats, without the board and layout it replaces
        page.goto(base + "/")
        page.select_option("#game", "catan")
        page.locator("#variant option", has_text="Variant: Scarce ore").wait_for(state="attached")
        page.fill("#players", "6")
        page.dispatch_event("#players", "change")
        assert page.locator("label[data-row='layout']").is_visible()
        page.select_option("#variant", label="Variant: Scarce ore")
        assert "Played on its own board, for 3 or 4 players." in page.locator("#variant-about").inner_text()
        assert page.eval_on_selector("#players", "e => [e.min, e.max, e.value]") == ["3", "4", "4"]
        assert page.locator("select[data-seat]").count() == 4
        for option in ("board", "layout"):
            assert not page.locator(f"label[data-row='{option}']").is_visible()
        page.select_option("#variant", label="None: the printed rules")  # the printed game: every count again
        assert page.eval_on_selector("#players", "e => [e.min, e.max]") == ["3", "6"]
        assert page.locator("label[data-row='layout']").is_visible()
        open_board_variant(page, base, "catan", "Scarce ore")
        # the Firestorm rules have no development cards: the seats' strip counts none
        page.locator("#board svg [data-place='hex-A']").first.wait_for(state="attached", timeout=30000)
        assert "development card" not in page.locator("body").inner_text()
        hex_a = page.locator("#board svg [data-place='hex-A']").first
        hex_a.wait_for(state="attached", timeout=30000)
        assert "The grain 10 hex (A)" in hex_a.evaluate("g => g.textContent")
        ore = page.locator("#board svg g.hex title", has_text="ore")
        assert sorted(ore.all_text_contents()) == ["The ore 11 hex (L)", "The ore 3 hex (N)"]
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS) / "catan-scarce-ore.png"))
        browser.close()
