"""End to end in a real browser: a 3-player Brigade game with one human seat and two bots, created in the lobby;
the human plays several turns by clicking action buttons and at least once on the SVG board itself, and the board
is redrawn after each move. Screenshots go to ``test-artifacts/web`` (or ``$FIREBREAK_TEST_ARTIFACTS/web``).

Reuses the server fixture and helpers of ``test_e2e.py``; uses Debian's /usr/bin/chromium through python playwright
(never a downloaded browser) and is skipped when either is missing.
"""

from __future__ import annotations

import os
import time

import pytest
from server.process import ServerProcess

from .test_e2e import (
    ARGS,
    CHROMIUM,
    artifacts,
    choose_entry,
    confirm_and_wait,
    show_entries,
    sync_playwright,
    try_click,
    turn_text,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]


def test_one_human_and_two_bots_play_brigade_clicking_buttons_and_the_board(server: ServerProcess) -> None:
    out = artifacts()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        page.goto(server.base + "/")
        page.select_option("#game", "brigade")
        page.fill("#players", "3")
        page.dispatch_event("#players", "change")
        page.select_option("#seat-0", "human")
        page.select_option("#seat-1", "bot:easy")
        page.click("#advanced summary")
        page.fill("#seat-2-spec", "random")
        page.check("#opt-big_buildings")
        page.click("#create")
        page.wait_for_selector("[data-seat-link='0']")
        link = page.input_value("[data-seat-link='0']")
        assert "#seat=0&token=" in link
        page.goto(link)
        page.wait_for_selector("#board svg")
        assert page.locator("#me").inner_text() == f"You are {page.evaluate('last.names[0]')}"
        board = page.locator("#board svg")
        assert board.locator("g.block").count() == 36
        # the human's Brigade and Wagon start in the white Firehouse, lettered, not told by colour alone
        home = page.locator("#board g.block[data-pos='A1']")
        assert "B0" in home.inner_html() and "W0" in home.inner_html() and "Firehouse" in home.inner_html()
        first_board = board.inner_html()

        clicked_board = False
        moves = 0
        boards = {first_board}
        deadline = time.time() + 150
        while time.time() < deadline and moves < 14:
            if turn_text(page) == "Game over":
                break
            if turn_text(page) != "Your turn" or page.locator("#actions button[data-legal]").count() == 0:
                time.sleep(0.05)
                continue
            before = page.locator("#log li").count()
            if not clicked_board and page.locator("#board .fb-clickable").count():
                # a block with entries of its own or a piece on it: a click, then a menu pick or a target, confirmed
                if try_click(page, "#board .fb-clickable"):
                    if page.locator("#place-menu").count():
                        try_click(page, "#place-menu button")
                    if page.locator("#board .fb-target").count():
                        page.locator("#board .fb-target").first.dispatch_event("click")
                    if page.locator("#place-menu").count():
                        try_click(page, "#place-menu button")
                    if confirm_and_wait(page, before):
                        clicked_board = True
                        moves += 1
                        boards.add(board.inner_html())
                        page.screenshot(path=str(out / "brigade-01-after-board-click.png"), full_page=True)
                    continue
            # prefer a move or a fight over ending the turn, so the board changes
            show_entries(page)
            buttons = page.locator("#actions button[data-legal]:visible:not([disabled])")
            texts = buttons.all_inner_texts()
            pick = next((i for i, t in enumerate(texts) if "End" not in t), 0)
            if choose_entry(page, before, pick):
                moves += 1
                boards.add(board.inner_html())
        # a Brigade game can end early (the town evacuated after about fifteen turns): then fewer moves will do
        over = turn_text(page) == "Game over"
        assert moves >= 8 or (over and moves >= 3), (
            f"only {moves} moves were made; the page says {turn_text(page)!r}, "
            f"the log ends {page.locator('#log li').all_inner_texts()[-6:]}"
        )
        assert clicked_board, "no block of the board was ever clickable"
        assert len(boards) >= 4, "the board was not redrawn after the moves"
        page.wait_for_selector("#board svg")
        assert page.locator("#board g.block").count() == 36
        page.screenshot(path=str(out / "brigade-02-midgame.png"), full_page=True)
        browser.close()
    assert errors == []
