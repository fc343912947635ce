"""End to end in a real browser: a 4-player Catan game (one human seat, three bots) is created in the lobby; the
human places the setup settlements and roads by clicking the SVG board, then plays whole turns (a build chosen on the
board, "End your turn" from the list; the roll is played by itself when it is the only possible move); the board is
checked to show the pieces as they are placed. Screenshots go to ``test-artifacts/web``.

Uses Debian's /usr/bin/chromium through python playwright (never a downloaded browser); skipped if either is missing.
Reuses the server and helpers of test_e2e.py.
"""

from __future__ import annotations

import os
import re
import time

import pytest
from server.process import ServerProcess

from .test_e2e import (
    ARGS,
    ENTRY,
    CHROMIUM,
    artifacts,
    choose_entry,
    confirm_and_wait,
    show_entries,
    sync_playwright,
    turn_text,
    wait_js,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]


def _click_any(page, selector: str) -> bool:  # type: ignore[no-untyped-def]
    """Click the first of the matching elements that takes the click (another element may cover some)."""
    items = page.locator(selector)
    for i in range(min(items.count(), 12)):
        try:
            items.nth(i).click(timeout=1500)
            return True
        except Exception:  # noqa: BLE001 - covered or detached: try the next one
            continue
    # Every target covered (a piece drawn over a road's middle, say): send the click to the element itself.
    try:
        if items.count():
            items.first.dispatch_event("click", timeout=1500)
            return True
    except Exception:  # noqa: BLE001 - the page redrew under us; the caller tries again
        pass
    return False


def _buildings(page, seat: int | None = None) -> int:  # type: ignore[no-untyped-def]
    sel = "#board svg g.building" + (f"[data-seat='{seat}']" if seat is not None else "")
    return page.locator(sel).count()


def _wait_logged(page, before: int) -> None:  # type: ignore[no-untyped-def]
    wait_js(page, f"document.querySelectorAll('#log li').length > {before}", timeout=10000)


def test_one_human_and_three_bots_play_catan_turns_by_clicking_the_board_in_chromium(server: ServerProcess) -> None:
    out = artifacts()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        page.goto(server.base + "/")
        page.select_option("#game", "catan")
        page.fill("#players", "4")
        page.dispatch_event("#players", "change")
        page.select_option("#seat-0", "human")
        page.click("#advanced summary")
        for seat in (1, 2, 3):
            page.fill(f"#seat-{seat}-spec", "random")
        page.click("#create")
        page.wait_for_selector("[data-seat-link='0']")
        link0 = page.input_value("[data-seat-link='0']")
        assert "#seat=0&token=" in link0
        page.goto(link0)
        page.wait_for_selector("#board svg")
        assert page.locator("#me").inner_text() == f"You are {page.evaluate('last.names[0]')}"
        board = page.locator("#board svg")
        assert board.get_attribute("aria-label") == "Catan board"
        assert page.locator("#board svg g.hex").count() == 19  # the base board for 4 players
        assert f"{page.evaluate('last.names[0]')} (you)" in board.inner_html()

        # The setup: two settlements and two roads, each placed by clicking the board.
        board_clicks = 0
        deadline = time.time() + 90
        while _buildings(page, 0) < 2 or page.locator("#board svg g.road[data-seat='0']").count() < 2:
            assert time.time() < deadline, "the setup did not finish in time"
            if turn_text(page) != "Your turn" or page.locator("#board .fb-clickable").count() == 0:
                time.sleep(0.05)
                continue
            before = page.locator("#log li").count()
            mine = _buildings(page, 0)
            if page.locator("#board g.node.fb-clickable").count():
                # a highlighted intersection (every legal settlement is one); on a random board a harbour tag may
                # cover the first, so try them in turn; then confirm the preview
                if _click_any(page, "#board g.node.fb-clickable") and confirm_and_wait(page, before):
                    wait_js(
                        page,
                        f"document.querySelectorAll(\"#board svg g.building[data-seat='0']\").length > {mine}",
                        timeout=10000,
                    )
                    board_clicks += 1
            elif _click_any(page, "#board g.path.fb-clickable") and confirm_and_wait(page, before):
                board_clicks += 1
            if board_clicks == 1:
                page.screenshot(path=str(out / "catan-01-first-settlement.png"), full_page=True)
        assert board_clicks == 4
        wait_js(page, "document.querySelectorAll('#board svg g.building').length >= 8", timeout=30000)
        page.screenshot(path=str(out / "catan-02-after-setup.png"), full_page=True)

        # Then whole turns: the roll (played by itself when it is the only possible move, else one click), a build
        # chosen on the board when the hand pays for one, whatever the roll asks (the robber's hex, a victim, a
        # discard) and "End your turn" (one click), found by its words: the list's first entry is not the turn's end.
        me = page.evaluate("last.names[0]")
        turns = built = 0
        built_this_turn = False
        deadline = time.time() + 150
        while turns < 4 and time.time() < deadline and turn_text(page) != "Game over":
            if turn_text(page) != "Your turn" or page.evaluate("pending || choices.length === 0"):
                time.sleep(0.05)
                continue
            show_entries(page)
            before = page.locator("#log li").count()
            end = page.locator(ENTRY).filter(has_text=re.compile(r"^\s*End your turn\s*$"))
            clickable = page.locator("#board .fb-clickable").count()
            if end.count():
                if clickable and not built_this_turn:
                    built_this_turn = True  # one build a turn is enough to show the board takes it
                    if _click_any(page, "#board .fb-clickable") and confirm_and_wait(page, before):
                        built += 1
                    continue
                try:
                    end.first.click(timeout=1500)
                except Exception:  # noqa: BLE001 - the page redrew under us; try again next round
                    continue
                assert page.locator("#confirm-ok:visible").count() == 0  # ending the turn takes one click
                _wait_logged(page, before)
                assert page.locator("#log li", has_text=f"{me} ends their turn.").count() > turns
                turns += 1
                built_this_turn = False
            elif clickable:
                if _click_any(page, "#board .fb-clickable"):
                    confirm_and_wait(page, before)
            else:
                choose_entry(page, before)
        assert page.locator("#log li", has_text=f"{me} rolls").count() >= turns  # each turn began with a roll
        assert turns >= 4 or turn_text(page) == "Game over"
        svg = page.locator("#board svg").inner_html()
        assert "Your hand:" in svg  # the panel under the board shows this seat's own cards
        assert page.locator("#board svg g.road").count() >= 8
        page.screenshot(path=str(out / "catan-03-midgame.png"), full_page=True)
        browser.close()
    assert errors == []
