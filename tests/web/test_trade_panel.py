"""The trade panel in a real browser (Debian chromium): the game's draft-offer choices drawn as steppers (+/- per
resource, for the cards given and asked for), the draft shown on the board, then Propose with the confirm bar.
Rows stay in place as cards are added (the "+" under the pointer keeps its resource), and drafting is silent in the
log: only the offer made is told. Each row carries the game's picture of its resource (core ActionChoice.icon): a
hex in the colour of that resource's hexes on the board.
The page knows nothing of Catan: it draws stepper entries (core ActionChoice.step) of any game this way.
Screenshots go to ``test-artifacts/web``."""

from __future__ import annotations

import os

import pytest
from server.process import ServerProcess

from .test_board_choices import CHOICES_JS, browser_page, start, wait_my_turn
from .test_e2e import CHROMIUM, artifacts, sync_playwright, wait_js

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]

GIVE = '#actions .steppers[aria-label="Cards you give"]'
ASK = '#actions .steppers[aria-label="Cards you ask for"]'


def _count(page, box: str, name: str) -> str:  # type: ignore[no-untyped-def]
    return page.locator(f'{box} .stepper[data-counter="{name}"] output').inner_text()


def _rows(page) -> list[str]:  # type: ignore[no-untyped-def]
    """Every stepper row of the panel, top to bottom, as "side: resource"."""
    return page.evaluate(
        "[...document.querySelectorAll('#actions .steppers')].flatMap(b => [...b.querySelectorAll("
        "'.stepper')].map(r => b.getAttribute('aria-label') + ': ' + r.dataset.counter))"
    )


ICONS = """() => [...document.querySelectorAll('#actions .stepper')].map(r => [r.dataset.counter,
  (r.querySelector('.stepper-name .stepper-icon svg polygon') || {getAttribute: () => null}).getAttribute('fill')])"""
BOARD_FILLS = """() => Object.fromEntries([...document.querySelectorAll('#board svg g.hex')].map(g =>
  [g.querySelectorAll('text')[1].textContent, g.querySelector('polygon').getAttribute('fill')]))"""


def _icons_match_the_board(page) -> None:  # type: ignore[no-untyped-def]
    """Every row shows a hex icon in the colour the board paints that resource's hexes, drawn on screen."""
    fills = page.evaluate(BOARD_FILLS)
    icons = page.evaluate(ICONS)
    assert icons and all(fill is not None and fill == fills[name] for name, fill in icons), (icons, fills)
    assert len({fill for _, fill in icons}) == len({name for name, _ in icons})  # one colour per resource
    for row in page.locator("#actions .stepper").all():
        box = row.locator(".stepper-icon svg").bounding_box()
        assert box and box["width"] >= 12 and box["height"] >= 12  # visible beside the name, not collapsed


def _step(page, box: str, sign: str) -> str:  # type: ignore[no-untyped-def]
    """Click the first enabled + or - of a stepper group; return the resource it counts. The rows do not move
    and the log does not grow: drafting is silent."""
    row = page.locator(f'{box} .stepper:has(button.step:text-is("{sign}"):not([disabled]))').first
    name = row.get_attribute("data-counter")
    before = int(_count(page, box, name))
    logged = page.locator("#log li").count()
    rows = _rows(page)
    index = page.evaluate("last.index")
    row.locator(f'button.step:text-is("{sign}")').click()
    after = before + (1 if sign == "+" else -1)
    wait_js(page, f"last.index > {index} && !pending", timeout=10000)
    wait_js(
        page,
        f"(document.querySelector('{box} .stepper[data-counter=\"{name}\"] output') || {{}}).textContent === '{after}'",
        timeout=10000,
    )
    assert _rows(page) == rows, "a row moved under the pointer"
    assert page.locator("#log li").count() == logged, "a draft step was told in the log"
    return name


def _reach_an_offer(page) -> dict:  # type: ignore[no-untyped-def]
    """Play on (by the game's choices) until an offer can be made; return that choice."""
    page.wait_for_selector("#board svg")
    for _ in range(200):
        wait_my_turn(page, timeout=60)
        choices = page.evaluate(CHOICES_JS)
        offer = next((c for c in choices if c["label"] == "Offer a trade to the players"), None)
        if offer:
            return offer
        pick = next((c for c in choices if c["label"] in ("Roll the dice", "End your turn")), choices[0])
        logged = page.locator("#log li").count()
        page.evaluate(f"act({pick['id']})")
        wait_js(page, f"document.querySelectorAll('#log li').length > {logged}", timeout=10000)
    pytest.fail("no turn with cards to offer")


def test_a_trade_offer_composed_with_the_steppers_and_proposed(server: ServerProcess) -> None:
    out = artifacts()
    link = start(server, "catan", ["human", "greedy", "greedy", "greedy"], seed=11)
    with sync_playwright() as pw:
        browser, page, errors = browser_page(pw)
        page.goto(link)
        offer = _reach_an_offer(page)
        logged = page.locator("#log li").count()
        page.locator(f'#actions button[data-legal="{offer["id"]}"]').click()  # one click: nothing asks to confirm
        page.wait_for_selector(GIVE, timeout=10000)
        assert page.locator(ASK).count() == 1
        assert page.locator("#log li").count() == logged  # opening a draft is silent too
        first_rows = _rows(page)
        order = ["lumber", "brick", "wool", "grain", "ore"]  # the rulebook's (and the bank line's) order
        for side in ("Cards you give", "Cards you ask for"):
            names = [r.split(": ")[1] for r in first_rows if r.startswith(side)]
            assert names == sorted(names, key=order.index), first_rows
        _icons_match_the_board(page)
        given = _step(page, GIVE, "+")
        asked = _step(page, ASK, "+")
        if page.locator(f'{ASK} .stepper:has(button.step:text-is("+"):not([disabled]))').count():
            extra = _step(page, ASK, "+")
            page.locator(f'{ASK} .stepper[data-counter="{extra}"] button.step:text-is("−")').click()
            wait_js(
                page,
                f"(document.querySelector('{ASK} .stepper[data-counter=\"{extra}\"] output') || "
                f"{{textContent: '0'}}).textContent === '{1 if extra == asked else 0}'",
                timeout=10000,
            )
            wait_js(page, "!pending && choices.length > 0", timeout=10000)
        assert _count(page, GIVE, given) == "1" and _count(page, ASK, asked) == "1"
        assert _rows(page) == first_rows  # every row where it was when the draft opened
        _icons_match_the_board(page)  # rows whose steps closed keep their picture
        assert page.locator("#log li").count() == logged
        assert "Your draft offer: 1 " in page.locator("#board svg").inner_html()  # the composer sees their draft
        page.screenshot(path=str(out / "trade-1-steppers.png"), full_page=True)
        propose = page.locator("#actions button[data-legal]", has_text="Propose")
        assert propose.inner_text() == f"Propose 1 {given} for 1 {asked}"
        propose.click()
        page.wait_for_selector("#confirm-ok:visible", timeout=3000)
        assert page.locator("#confirm-text").inner_text().endswith(f"Propose 1 {given} for 1 {asked}")
        page.locator("#confirm-ok").click()
        wait_js(
            page,
            f"[...document.querySelectorAll('#log li')].some(li => li.textContent.includes("
            f"'Blue (P0) offers 1 {given} for 1 {asked}.'))",
            timeout=15000,
        )
        # every bot answers by name; then Blue chooses a partner or the offer lapses
        wait_js(
            page,
            "[...document.querySelectorAll('#log li')].some(li => /Nobody accepts|accepts the offer/"
            ".test(li.textContent))",
            timeout=20000,
        )
        page.screenshot(path=str(out / "trade-2-answered.png"), full_page=True)
        browser.close()
    assert errors == []


def test_after_a_reload_mid_trade_a_row_that_comes_back_takes_its_place(server: ServerProcess) -> None:
    """A resource put on the give side cannot be asked for, so its ask row has no step; a reload then draws the
    ask rows without it. Taking it off the give side brings the row back: in the rulebook's order, not last."""
    link = start(server, "catan", ["human", "greedy", "greedy", "greedy"], seed=11)
    order = ["lumber", "brick", "wool", "grain", "ore"]
    with sync_playwright() as pw:
        browser, page, errors = browser_page(pw)
        page.goto(link)
        offer = _reach_an_offer(page)
        page.locator(f'#actions button[data-legal="{offer["id"]}"]').click()
        page.wait_for_selector(GIVE, timeout=10000)
        given = [r.split(": ")[1] for r in _rows(page) if r.startswith("Cards you give")]
        asked = [r.split(": ")[1] for r in _rows(page) if r.startswith("Cards you ask for")]
        moved = next((name for name in given if name in asked[:-1]), None)  # one that is not the last ask row
        assert moved is not None, (given, asked)
        row = page.locator(f'{GIVE} .stepper[data-counter="{moved}"]')
        index = page.evaluate("last.index")
        row.locator('button.step:text-is("+")').click()
        wait_js(page, f"last.index > {index} && !pending", timeout=10000)
        page.reload()
        page.wait_for_selector(GIVE, timeout=30000)
        wait_js(page, "last && last.your_turn && !pending", timeout=30000)
        rows = _rows(page)
        assert f"Cards you ask for: {moved}" not in rows, rows  # no step open for it: not drawn after the reload
        index = page.evaluate("last.index")
        page.locator(f'{GIVE} .stepper[data-counter="{moved}"] button.step:text-is("−")').click()
        wait_js(page, f"last.index > {index} && !pending", timeout=10000)
        wait_js(page, f"!!document.querySelector('{ASK} .stepper[data-counter=\"{moved}\"]')", timeout=10000)
        rows = _rows(page)
        for side in ("Cards you give", "Cards you ask for"):
            names = [r.split(": ")[1] for r in rows if r.startswith(side)]
            assert names == sorted(names, key=order.index), rows
        assert f"Cards you ask for: {moved}" in rows
        browser.close()
    assert errors == []
