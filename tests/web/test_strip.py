"""The player strip, the question heading the action panel and the first steps, in a real browser (Debian's
chromium), at 1280x800 and on a 390x844 phone (issue 26 items 1, 3 and 6).

For each game: every seat is in view above the board with its colour, name, who plays it (a person, a bot by its
level), its score as far as this player may know it, what it holds (counted), whose turn it is and its clock (a
bar and the time); the page shows what the server sent for this seat and no more (the Great Fire with Hidden
Colours: rivals' scores hidden). The action panel is headed by the game's question. A seat handed to a bot is
taken back with the button on the strip. The lobby opens on the Great Fire and, after "Create game", brings the
seat links (each with a copy button) into view. Screenshots go to ``test-artifacts/web`` (or
``$FIREBREAK_TEST_ARTIFACTS/web``).
"""

from __future__ import annotations

import os
import time
from typing import Any

import httpx
import pytest
from server.process import ServerProcess

from .test_e2e import ARGS, CHROMIUM, artifacts, sync_playwright, wait_js
from .test_table import SIZES, Watch, new_game

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]

GAMES = {  # game -> options (the Great Fire with Hidden Colours: the strip must not tell a rival's score)
    "great-fire": {"hidden_colours": True},
    "brigade": {},
    "catan": {},
}


def fully_in_view(page: Any, selector: str) -> bool:
    """Whether every element matching ``selector`` is drawn wholly inside the viewport, without scrolling."""
    return page.evaluate(f"""[...document.querySelectorAll({selector!r})].every(el => {{
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1
            && r.right <= innerWidth + 1;
    }})""")


def seat_text(page: Any, seat: int, part: str) -> str:
    return page.locator(f"#strip [data-seat='{seat}'] {part}").inner_text().strip()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_strip_shows_every_seat_and_the_question_heads_the_action_panel(server: ServerProcess, game: str) -> None:
    out = artifacts()
    g = new_game(
        server,
        game,
        [{"kind": "human"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}],
        options=GAMES[game],
        clock={"mode": "total", "seconds": 1800, "increment": 0},
    )
    link = server.base + g["seats"][0]["url"]
    watch = Watch()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size, viewport in SIZES.items():
            page = watch.attach(browser.new_context(viewport=viewport).new_page())
            page.goto(link)
            wait_js(
                page,
                "last && last.your_turn && document.querySelectorAll('#actions button, #actions .step').length"
                " > 0 && document.querySelectorAll('#strip .strip-seat').length === 3",
            )
            m = page.evaluate(
                "({names: last.names, strip: last.strip, question: last.question, seats: last.seats,"
                " current: last.current_player})"
            )
            page.screenshot(path=str(out / f"strip-{game}-{size}.png"))
            # every seat, wholly in view on the first screen, beside the board and the actions
            assert fully_in_view(page, "#strip .strip-seat"), size
            assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
            for seat in range(3):
                facts = m["strip"][seat]
                assert seat_text(page, seat, ".strip-name") == m["names"][seat]
                assert seat_text(page, seat, ".strip-who").startswith("Person" if seat == 0 else "Bot, easy level")
                assert seat_text(page, seat, ".strip-score") == facts["score_text"]
                shown = page.locator(f"#strip [data-seat='{seat}'] .strip-count").all_inner_texts()
                assert shown == [c["text"] for c in facts["counts"]] and shown
                colour = page.locator(f"#strip [data-seat='{seat}'] .swatch").evaluate("e => e.style.background")
                assert colour, f"seat {seat} has no colour"
                # the clock: a bar and the time
                assert page.locator(f"#strip [data-seat='{seat}'] .strip-clock .bar").is_visible()
                assert ":" in seat_text(page, seat, ".strip-clock .time")
            assert seat_text(page, 0, ".you") == "you"
            assert page.locator(f"#strip [data-seat='{m['current']}'] .turn-mark").text_content() == "▶ your turn"
            assert page.locator("#strip .turn-mark").count() == 1
            # the game's question heads the action panel, above the choices
            assert m["question"] and page.locator("#question").inner_text().strip() == m["question"]
            assert page.locator("#actions-h .label").inner_text().strip().lower() == "your turn"
            assert fully_in_view(page, "#actions-h")
            assert page.evaluate(
                "document.getElementById('actions-h').getBoundingClientRect().bottom <= "
                "document.getElementById('actions').getBoundingClientRect().top + 1"
            )
            if game == "great-fire":  # Hidden Colours: a rival's score is nobody else's business before the end
                assert seat_text(page, 1, ".strip-score") == seat_text(page, 2, ".strip-score") == "score hidden"
                assert "score hidden" not in seat_text(page, 0, ".strip-score")
                assert m["question"].startswith("Set-up: place your") or m["question"].startswith("Turn ")
            page.close()
        browser.close()
    assert watch.problems == []


def test_a_seat_handed_to_a_bot_is_taken_back_from_the_strip(server: ServerProcess) -> None:
    out = artifacts()
    away = 8  # seconds before an absent player's seat may go to a bot: seat 0's page is open long before
    watch = Watch()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        first = watch.attach(browser.new_context(viewport=SIZES["laptop"]).new_page())
        g = new_game(server, "brigade", [{"kind": "human"}, {"kind": "human"}], takeover_after=away)
        made = time.monotonic()
        keys = {s["seat"]: s["token"] for s in g["seats"]}
        first.goto(server.base + g["seats"][0]["url"])
        wait_js(first, "document.querySelectorAll('#strip .strip-seat').length === 2")
        # seat 1's player never came: once away long enough its seat goes to a bot, by the server if it is seat
        # 1's turn, else because seat 0 hands it over
        time.sleep(max(0.0, away + 0.5 - (time.monotonic() - made)))
        r = httpx.post(
            f"{server.base}/api/games/{g['id']}/seats/1/takeover",
            json={"bot": "easy"},
            headers={"X-Seat-Token": keys[0]},
        )
        assert r.status_code == 200 or "already played by a bot" in r.text, r.text
        wait_js(first, "document.querySelector(\"#strip [data-seat='1'] .strip-who\").textContent.startsWith('Bot')")
        # only the seat's own player may take it back (seat 0 itself may have gone to a bot before its page came)
        assert first.locator("#strip [data-seat='1'] button.reclaim").count() == 0
        for size, viewport in SIZES.items():
            second = watch.attach(browser.new_context(viewport=viewport).new_page())
            second.goto(server.base + g["seats"][1]["url"])
            wait_js(second, "!!document.querySelector(\"#strip [data-seat='1'] button.reclaim\")")
            assert fully_in_view(second, "#strip [data-seat='1'] button.reclaim")
            assert "by your name above the board" in second.locator("#handed").inner_text()
            second.screenshot(path=str(out / f"strip-reclaim-{size}.png"))
            if size == "phone":
                second.locator("#strip [data-seat='1'] button.reclaim").click()
                wait_js(
                    second,
                    "document.querySelector(\"#strip [data-seat='1'] .strip-who\").textContent.startsWith('Person')",
                )
                assert second.locator("#strip [data-seat='1'] button.reclaim").count() == 0
                wait_js(second, "document.getElementById('handed').hidden")
                wait_js(
                    first,
                    "document.querySelector(\"#strip [data-seat='1'] .strip-who\").textContent.startsWith('Person')",
                )
            second.close()
        assert httpx.get(f"{server.base}/api/games/{g['id']}").json()["seats"][1]["kind"] == "human"
        browser.close()
    assert watch.problems == []


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobby_opens_on_the_great_fire_and_shows_the_seat_links_after_create(
    server: ServerProcess, size: str
) -> None:
    out = artifacts()
    watch = Watch()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = watch.attach(browser.new_context(viewport=SIZES[size]).new_page())
        page.goto(server.base + "/")
        wait_js(
            page,
            "document.querySelectorAll('#game option').length === 3 && "
            "document.querySelectorAll('#seats select').length > 0",
        )
        assert page.locator("#game").input_value() == "great-fire"
        assert "Great Fire" in page.locator("#game option:checked").inner_text()
        page.screenshot(path=str(out / f"lobby-{size}.png"))
        page.select_option("#seat-1", "human")
        page.click("#create")
        page.wait_for_selector("[data-seat-link='1']")
        # the links panel comes into view and takes the focus; each link has its copy button
        wait_js(
            page,
            "(() => { const r = document.getElementById('created').getBoundingClientRect();"
            " return r.top >= 0 && r.top < innerHeight / 2; })()",
        )
        assert page.evaluate("document.activeElement.id") == "created-h"
        assert page.locator("[data-copy-seat]").count() == page.locator("[data-seat-link]").count() == 2
        page.locator("[data-copy-seat='1']").click()
        wait_js(
            page, "['Copied', 'Select and copy'].includes(document.querySelector(\"[data-copy-seat='1']\").textContent)"
        )
        page.screenshot(path=str(out / f"lobby-created-{size}.png"))
        browser.close()
    assert watch.problems == []
