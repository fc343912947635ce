"""Confirm only what the game marks (core ActionChoice.confirm), in chromium: "Roll the dice" and "End your turn"
are played by one click, with no Confirm bar (a roll that is the only possible move is played by the table itself
and told in the log, see core.forced); a Great Fire fire move opens the preview and waits for Confirm, which says
why it asks. Screenshots go to ``test-artifacts/web`` (``one-click-*.png``)."""

from __future__ import annotations

import os

import pytest
from server.process import ServerProcess

from .test_board_choices import CHOICES_JS, browser_page, play_any, start, wait_my_turn
from .test_e2e import CHROMIUM, artifacts, sync_playwright, wait_js

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]


def _open_to(page, choice: dict) -> None:  # type: ignore[no-untyped-def]
    """Open the groups leading to an entry of the action list, as a player does."""
    for name in choice["group"]:
        head = page.locator("#actions button.group", has_text=f"{name} (").first
        if head.get_attribute("aria-expanded") != "true":
            head.click()


def _one_click(page, label: str) -> bool:  # type: ignore[no-untyped-def]
    """Click the entry labelled ``label`` once; it is played with no Confirm bar. False if it is not offered."""
    c = next((c for c in page.evaluate(CHOICES_JS) if c["label"] == label), None)
    if c is None:
        return False
    assert not c["confirm"]
    index = page.evaluate("last.index")
    _open_to(page, c)
    page.locator(f'#actions button[data-legal="{c["id"]}"]').click()
    assert page.locator("#confirm-ok:visible").count() == 0
    wait_js(page, f"last.index > {index}", timeout=10000)
    return True


def test_roll_and_end_turn_take_one_click(server: ServerProcess) -> None:
    out = artifacts()
    link = start(server, "catan", ["human", "random", "random"], seed=5)
    with sync_playwright() as pw:
        browser, page, errors = browser_page(pw)
        page.goto(link)
        page.wait_for_selector("#board svg")
        rolled = ended = False
        auto = "Played for you: Roll the dice to start your turn."
        for _ in range(60):
            if not rolled and page.locator("#log li", has_text=auto).count():
                rolled = True  # the roll was the only possible move: played by itself, said in the log
                page.screenshot(path=str(out / "one-click-auto-roll.png"))
            if rolled and ended:
                break
            wait_my_turn(page, timeout=60)
            labels = [c["label"] for c in page.evaluate(CHOICES_JS)]
            if not rolled and "Roll the dice" in labels:
                page.screenshot(path=str(out / "one-click-roll.png"))
                rolled = _one_click(page, "Roll the dice")
            elif rolled and "End your turn" in labels:
                page.screenshot(path=str(out / "one-click-end.png"))
                ended = _one_click(page, "End your turn")
            else:
                play_any(page)
        assert rolled and ended
        browser.close()
    assert errors == []


def test_a_fire_move_asks_to_confirm_and_says_why(server: ServerProcess) -> None:
    out = artifacts()
    link = start(server, "great-fire", ["human", "random", "random"], seed=4)
    with sync_playwright() as pw:
        browser, page, errors = browser_page(pw)
        page.goto(link)
        page.wait_for_selector("#board svg")
        for _ in range(40):
            wait_my_turn(page, timeout=60)
            fire = [c for c in page.evaluate(CHOICES_JS) if c["group"] and c["group"][0] == "Fire move"]
            if fire:
                break
            play_any(page)
        else:
            pytest.fail("no fire move came up")
        c = fire[0]
        assert c["confirm"]
        index, logged = page.evaluate("last.index"), page.locator("#log li").count()
        _open_to(page, c)
        page.locator(f'#actions button[data-legal="{c["id"]}"]').click()
        page.wait_for_selector("#confirm-ok:visible", timeout=3000)
        assert page.locator("#confirm-note").inner_text().endswith(c["confirm"])
        page.screenshot(path=str(out / "one-click-fire-confirm.png"))
        page.wait_for_timeout(300)  # nothing is sent before Confirm
        assert page.evaluate("last.index") == index and page.locator("#log li").count() == logged
        page.locator("#confirm-ok").click()
        wait_js(page, f"last.index > {index}", timeout=10000)
        browser.close()
    assert errors == []
