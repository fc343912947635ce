"""In a real browser: the lobby offers only the choices the chosen player count and options allow (the game's
declared limits in /api/catalog). Catan's beginner layout is greyed out for 5-6 players on the base board, with
the reason in words, and comes back as the player's pick when 3-4 players or the Seafarers board allow it again.
Screenshots go to ``test-artifacts/web``.

Uses Debian's /usr/bin/chromium through python playwright (never a downloaded browser); skipped if either is missing.
"""

from __future__ import annotations

import os

import pytest
from server.process import ServerProcess

from .test_e2e import ARGS, CHROMIUM, artifacts, sync_playwright, wait_js

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]

BEGINNER = "#opt-layout option[value='beginner']"
NO_BEGINNER = "The 5-6 player extension has no beginner layout (its rules lay the terrain at random)."


def test_the_catan_lobby_offers_the_beginner_layout_only_where_the_board_has_one(server: ServerProcess) -> None:
    out = artifacts()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 1100}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

        def players(n: int) -> None:
            page.fill("#players", str(n))  # fires "input" as typing does
            page.dispatch_event("#players", "change")

        def offered() -> bool:
            return not page.locator(BEGINNER).evaluate("o => o.disabled")

        def note() -> str:
            return page.locator("#opt-layout-limits").inner_text().strip()

        page.goto(server.base + "/")
        page.wait_for_selector("#game option[value='catan']", state="attached")
        page.select_option("#game", "catan")
        players(4)
        assert page.locator("label[for='opt-player_trades']").inner_text() == "Trades between players"
        vp_row = page.locator("label[for='opt-new_shores_vp']")
        assert not vp_row.is_visible()  # the Seafarers target changes nothing on the base board: hidden
        page.select_option("#opt-board", "seafarers")
        assert vp_row.inner_text() == "Victory points to win on Seafarers" and page.is_visible("#opt-new_shores_vp")
        page.select_option("#opt-board", "base")
        assert not vp_row.is_visible()
        assert offered() and note() == ""
        page.select_option("#opt-layout", "beginner")

        players(5)
        assert not offered()
        assert page.input_value("#opt-layout") == "random"  # fell back to a layout the extension has
        assert note() == NO_BEGINNER
        assert page.locator(BEGINNER).get_attribute("title") == NO_BEGINNER
        page.screenshot(path=str(out / "lobby-catan-5-players-no-beginner.png"), full_page=True)

        page.select_option("#opt-board", "seafarers")  # Seafarers has its one fixed deal for every player count
        assert offered() and page.input_value("#opt-layout") == "beginner" and note() == ""
        page.select_option("#opt-board", "base")
        assert not offered() and page.input_value("#opt-layout") == "random"

        players(4)
        assert offered() and note() == ""
        assert page.input_value("#opt-layout") == "beginner"  # the player's own pick comes back
        page.screenshot(path=str(out / "lobby-catan-4-players-beginner.png"), full_page=True)

        players(6)  # a 6-player game is created as the lobby now offers it: no refusal after submitting
        assert not offered() and page.input_value("#opt-layout") == "random"
        page.click("#create")
        wait_js(
            page, "!document.getElementById('created').hidden || document.getElementById('create-error').textContent"
        )
        assert page.locator("#create-error").inner_text() == ""
        assert page.locator("[data-seat-link='0']").count() == 1
        assert errors == []
        browser.close()
