"""Choosing on the board, in chromium, as a player does: a Great Fire fire move, a Brigade move and a Catan road are
each played by clicking the board (a place, maybe a menu at the click, maybe a target); a fire move is previewed and
confirmed (the game marks it ``confirm``), a Brigade move or a road is played by the click itself; a cancelled
preview or a piece put down leaves the game as it was. Screenshots go to ``test-artifacts/web`` (``board-*.png``).

The tests find what to click from the page's own choice list (``choices``, the server's action choices) and then
click the board element carrying ``data-place``, the way a player's eye goes from the highlighted place to the click.
"""

from __future__ import annotations

import os
import time
from typing import Any

import httpx
import pytest
from server.process import ServerProcess

from .test_e2e import ARGS, CHROMIUM, artifacts, sync_playwright, turn_text, wait_js

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]

# The page's entries: every choice with the number of entries ending on its target and leaving its source.
CHOICES_JS = """() => choices.map(c => ({ id: c.id, label: c.label, group: c.group, source: c.source, target: c.target,
  preview: c.preview, note: c.note, confirm: c.confirm,
  ends: choices.filter(d => d.target === c.target && d.source !== d.target).length }))"""


def start(server: ServerProcess, game: str, seats: list[str], seed: int, options: dict[str, Any] | None = None) -> str:
    """Create a game through the API (seat 0 human, the rest bots) and return seat 0's link."""
    body = {
        "game": game,
        "num_players": len(seats),
        "seed": seed,
        "options": options or {},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
    }
    r = httpx.post(server.base + "/api/games", json=body)
    assert r.status_code in (200, 201), r.text
    return server.base + r.json()["seats"][0]["url"]


def wait_my_turn(page, timeout: float = 30) -> None:  # type: ignore[no-untyped-def]
    wait_js(page, "document.getElementById('turn').textContent === 'Your turn'", timeout=timeout * 1000)
    wait_js(page, "!pending && choices.length > 0", timeout=timeout * 1000)


def place(page, name: str):  # type: ignore[no-untyped-def]
    """The board element a player clicks for a place name (the first of its shapes)."""
    return page.locator(f'#board [data-place="{name}"].fb-clickable').first


def click_place(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """Click a board place; a piece or label drawn over it may take the click, so fall back to the element."""
    loc = place(page, name)
    try:
        loc.click(timeout=2000)
    except Exception:  # noqa: BLE001 - covered by another shape: send the click to the element itself
        loc.dispatch_event("click")


def put_down_leaves_the_game_unchanged(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """Pick a piece up from the board, put it down with Cancel: nothing is sent, the index and the log stay."""
    index, logged = page.evaluate("last.index"), page.locator("#log li").count()
    click_place(page, name)
    if page.locator("#place-menu").count():
        page.locator("#place-menu button", has_text="Choose where to go").click()
    page.wait_for_selector("#board .fb-target", timeout=3000)
    page.locator("#confirm-cancel").click()
    page.wait_for_selector("#confirm", state="hidden", timeout=3000)
    time.sleep(0.3)  # anything wrongly sent would be back by now
    assert page.evaluate("last.index") == index and page.locator("#log li").count() == logged
    assert page.locator("#board .fb-target").count() == 0


def cancel_leaves_the_game_unchanged(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """Open a preview from the board, cancel it: nothing is sent, the index and the log stay."""
    index, logged = page.evaluate("last.index"), page.locator("#log li").count()
    click_place(page, name)
    if page.locator("#place-menu").count():
        page.locator("#place-menu button").first.click()
    if not page.locator("#confirm-ok:visible").count() and page.locator("#board .fb-target").count():
        page.locator("#board .fb-target").first.dispatch_event("click")
        if page.locator("#place-menu").count():
            page.locator("#place-menu button").first.click()
    page.wait_for_selector("#confirm-ok:visible", timeout=3000)
    page.locator("#confirm-cancel").click()
    page.wait_for_selector("#confirm", state="hidden", timeout=3000)
    time.sleep(0.3)  # anything wrongly sent would be back by now
    assert page.evaluate("last.index") == index and page.locator("#log li").count() == logged
    assert page.locator("#board .fb-preview").count() == 0


def confirm(page, expect: dict[str, Any], logged: int | None = None) -> None:  # type: ignore[no-untyped-def]
    """An entry the game marks ``confirm``: the preview shows it (its words, its note and why it asks, its places
    highlighted) and Confirm sends it. Any other entry was sent by the click itself: no bar, the log grows."""
    if not expect["confirm"]:
        assert logged is not None
        wait_js(page, f"document.querySelectorAll('#log li').length > {logged}", timeout=10000)
        assert page.locator("#confirm-ok:visible").count() == 0
        return
    page.wait_for_selector("#confirm-ok:visible", timeout=3000)
    assert expect["label"] in page.locator("#confirm-text").inner_text()
    assert page.locator("#confirm-note").inner_text() == " ".join(t for t in (expect["note"], expect["confirm"]) if t)
    for name in expect["preview"]:
        assert page.locator(f'#board [data-place="{name}"].fb-preview').count() >= 1
    index, logged = page.evaluate("last.index"), page.locator("#log li").count()
    page.locator("#confirm-ok").click()
    wait_js(page, f"document.querySelectorAll('#log li').length > {logged}", timeout=10000)
    assert page.evaluate("last.index") > index


def play_any(page) -> None:  # type: ignore[no-untyped-def]
    """Any move, from the list (for turns the test does not look at): first entry, opening groups, confirmed.
    (Waits on the move count, not the log: some steps, a trade offer's cards, are silent in the log.)"""
    index = page.evaluate("last.index")
    for _ in range(4):
        entries = page.locator("#actions button[data-legal]:visible")
        if entries.count():
            break
        page.locator("#actions button.group[aria-expanded='false']:visible").first.click()
    entries.first.click()
    if page.locator("#confirm-ok:visible").count():  # only entries the game marks ``confirm`` ask
        page.locator("#confirm-ok").click()
    wait_js(page, f"last.index > {index}", timeout=10000)


def browser_page(pw):  # type: ignore[no-untyped-def]
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return browser, page, errors


def test_great_fire_fire_move_chosen_on_the_board_with_a_menu_and_a_cancelled_preview(server: ServerProcess) -> None:
    out = artifacts()
    link = start(server, "great-fire", ["human", "random", "random"], seed=4)
    with sync_playwright() as pw:
        browser, page, errors = browser_page(pw)
        page.goto(link)
        page.wait_for_selector("#board svg")
        menu_used = cancelled = False
        fire_moves = 0
        deadline = time.time() + 150
        while time.time() < deadline and not (menu_used and fire_moves >= 2) and turn_text(page) != "Game over":
            wait_my_turn(page)
            choices = page.evaluate(CHOICES_JS)
            fire = [c for c in choices if c["group"] and c["group"][0] == "Fire move" and c["target"]]
            if not fire:
                play_any(page)
                continue
            page.screenshot(path=str(out / "board-gf-1-fire-turn.png"))
            # the districts the fire can reach are highlighted; nothing else of the fire move is
            targets = {c["target"] for c in fire}
            for name in targets:
                assert place(page, name).count() == 1, f"{name} is not clickable"
            if not cancelled:
                cancel_leaves_the_game_unchanged(page, fire[0]["target"])
                cancelled = True
                # the list's filter: nothing matches -> it says so; a district's name -> its entries only
                page.fill("#action-filter", "no such move")
                assert "No action matches" in page.locator("#actions").inner_text()
                page.fill("#action-filter", fire[0]["target"])
                shown = page.locator("#actions button[data-legal]:visible").all_inner_texts()
                assert shown and all(fire[0]["target"] in t for t in shown)
            cards = {c["target"]: {d["group"][1] for d in fire if d["target"] == c["target"]} for c in fire}
            several = sorted((c for c in fire if c["ends"] > 1), key=lambda c: -len(cards[c["target"]]))
            want = several[0] if several and not menu_used else fire[0]
            click_place(page, want["target"])
            if want["ends"] > 1:  # a menu at the click: one entry per card (and cone) that ends there
                menu = page.locator("#place-menu")
                menu.wait_for(timeout=3000)
                items = menu.locator("button")
                assert items.count() == want["ends"]
                page.screenshot(path=str(out / "board-gf-2-menu.png"))
                # entries are told apart: under headings for what differs (the card), each named in full for
                # screen readers
                names = [items.nth(i).get_attribute("aria-label") for i in range(items.count())]
                assert len(set(names)) == len(names), names
                if len(cards[want["target"]]) > 1:  # several cards reach it: a heading per card
                    assert page.locator("#place-menu .menu-heading").count() >= 1
                full = " › ".join([*want["group"], want["label"]])
                items.nth(next(i for i, n in enumerate(names) if full.endswith(n))).click()
                menu_used = True
            page.screenshot(path=str(out / "board-gf-3-preview.png"))
            confirm(page, next(c for c in page.evaluate(CHOICES_JS) if c["id"] == page.evaluate("pick.choice.id")))
            assert page.input_value("#action-filter") == ""  # a move clears the filter
            fire_moves += 1
        assert fire_moves >= 1 and cancelled, "no fire move was played on the board"
        assert menu_used, "no district where several fire entries end came up"
        browser.close()
    assert errors == []


def test_brigade_move_chosen_on_the_board_piece_then_target(server: ServerProcess) -> None:
    out = artifacts()
    link = start(server, "brigade", ["human", "random", "random"], seed=2)
    with sync_playwright() as pw:
        browser, page, errors = browser_page(pw)
        page.goto(link)
        page.wait_for_selector("#board svg")
        wait_my_turn(page)
        choices = page.evaluate(CHOICES_JS)
        moves = [c for c in choices if c["group"] == ["Move your Brigade"]]
        assert moves, "no Brigade move at the start"
        source = moves[0]["source"]
        # the list, for the keyboard and screen readers: one closed group per kind of move, opened in place
        group = page.locator("#actions button.group", has_text="Move your Brigade")
        assert group.get_attribute("aria-expanded") == "false"
        assert page.locator("#actions button[data-legal]:visible").count() < len(choices)
        group.focus()
        page.keyboard.press("Enter")
        assert group.get_attribute("aria-expanded") == "true"
        shown = page.locator("#actions button[data-legal]:visible")
        assert shown.count() >= len(moves)
        labels = [shown.nth(i).get_attribute("aria-label") for i in range(shown.count())]
        assert sum(n.startswith("Move your Brigade › ") for n in labels) == len(moves)
        put_down_leaves_the_game_unchanged(page, source)
        # step 1: the Brigade's block; it is picked up and the blocks it can reach light up
        click_place(page, source)
        if page.locator("#place-menu").count():  # its block also has entries of its own: go on to the targets
            page.locator("#place-menu button", has_text="Choose where to go").click()
        page.wait_for_selector("#board .fb-target", timeout=3000)
        froms = {c["target"] for c in choices if c["source"] == source and c["target"] != source}
        lit = set(page.evaluate("[...document.querySelectorAll('#board .fb-target')].map(n => n.dataset.place)"))
        assert lit == froms
        assert page.locator(f'#board [data-place="{source}"].fb-selected').count() >= 1
        page.screenshot(path=str(out / "board-brigade-1-picked.png"))
        # step 2: the farthest target, so the preview shows the blocks passed on the way
        far = max((c for c in moves if c["source"] == source), key=lambda c: len(c["preview"]))
        assert not far["confirm"]  # a move can be taken back: the click plays it
        logged = page.locator("#log li").count()
        page.locator(f'#board [data-place="{far["target"]}"].fb-target').first.dispatch_event("click")
        if page.locator("#place-menu").count():
            page.locator("#place-menu button", has_text=far["label"]).first.click()
        confirm(page, far, logged)
        wait_js(
            page,
            f"document.querySelector('#board g.block[data-pos=\"{far['target']}\"]').innerHTML.includes('B0')",
            timeout=10000,
        )
        page.screenshot(path=str(out / "board-brigade-3-moved.png"))
        browser.close()
    assert errors == []


def test_catan_road_chosen_on_the_board_after_a_settlement(server: ServerProcess) -> None:
    out = artifacts()
    link = start(server, "catan", ["human", "random", "random"], seed=5)
    with sync_playwright() as pw:
        browser, page, errors = browser_page(pw)
        page.goto(link)
        page.wait_for_selector("#board svg")
        wait_my_turn(page)
        # the first settlement: one click on a highlighted intersection, confirmed
        choices = page.evaluate(CHOICES_JS)
        node = next(c for c in choices if c["target"] and c["target"].startswith("node-"))
        logged = page.locator("#log li").count()
        click_place(page, node["target"])
        confirm(page, node, logged)
        # the road: the paths next to the new settlement are highlighted; one is clicked, previewed, cancelled,
        # then another is clicked and confirmed
        wait_my_turn(page)
        choices = page.evaluate(CHOICES_JS)
        roads = [c for c in choices if c["target"] and c["target"].startswith("path-")]
        assert roads and len(roads) == len(choices)
        for c in roads:
            assert place(page, c["target"]).count() == 1
        page.screenshot(path=str(out / "board-catan-1-roads-lit.png"))
        road = roads[-1]
        logged = page.locator("#log li").count()
        click_place(page, road["target"])
        confirm(page, road, logged)
        u, v = road["target"].split("-")[1:]
        wait_js(page, f"document.querySelector(\"#board g.road[data-edge='{u}-{v}'][data-seat='0']\")", timeout=10000)
        page.screenshot(path=str(out / "board-catan-3-road.png"))
        browser.close()
    assert errors == []
