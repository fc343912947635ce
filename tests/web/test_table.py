"""The table around the game in a real browser (Debian's chromium): the page fits a laptop and a phone for every
game (board, actions and the newest log line in the first screen, the page itself never scrolls), the rules panel
and board tooltips, the "your turn" title and icon, chat (escaped, rate-limited), taking an open seat from the
lobby, a rematch whose old links follow, and players muting a spectator and closing the chat to spectators. No
console errors and no failed requests on any page. Screenshots go to ``test-artifacts/web`` (or
``$FIREBREAK_TEST_ARTIFACTS/web``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server.process import ServerProcess

from .test_e2e import ARGS, CHROMIUM, artifacts, sync_playwright, wait_js

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


class Watch:
    """Console errors, page errors and failed requests of the pages it is attached to (``expected``: statuses a
    test provokes on purpose, e.g. a 429 it checks)."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.expected: set[int] = set()

    def attach(self, page: Any) -> Any:
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on(
            "console",
            lambda m: m.type == "error" and not self._expected(m.text) and self.problems.append(f"console: {m.text}"),
        )
        page.on("requestfailed", lambda r: self.problems.append(f"failed: {r.url} {r.failure}"))
        page.on(
            "response",
            lambda r: (
                r.status >= 400 and r.status not in self.expected and self.problems.append(f"{r.status}: {r.url}")
            ),
        )
        return page

    def _expected(self, text: str) -> bool:
        return any(f"status of {code}" in text for code in self.expected)


def new_game(server: ServerProcess, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = httpx.post(server.base + "/api/games", json={"game": game, "num_players": len(seats), "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def my_turn_pages(browser: Any, watch: Watch, link: str) -> Iterator[tuple[str, dict[str, int], Any]]:
    """For each of SIZES, the seat's page at ``link`` in a fresh context, once the board is drawn and the seat's
    choices are listed."""
    for size, viewport in SIZES.items():
        page = watch.attach(browser.new_context(viewport=viewport).new_page())
        page.goto(link)
        page.wait_for_selector("#board svg")
        wait_js(page, "last && last.your_turn && document.querySelectorAll('#actions button').length > 0")
        yield size, viewport, page


def inside_first_screen(page: Any, selector: str) -> bool:
    """Whether the element is drawn, at least partly, inside the viewport without scrolling."""
    return page.evaluate(f"""(() => {{
        const el = document.querySelector({selector!r});
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.top >= 0 && r.top < innerHeight - 10 && r.left < innerWidth;
    }})()""")


@pytest.mark.parametrize("game", ["great-fire", "brigade", "catan"])
def test_the_page_fits_a_laptop_and_a_phone_with_rules_tooltips_and_turn_signals(
    server: ServerProcess, game: str
) -> None:
    out = artifacts()
    n = {"great-fire": 3, "brigade": 3, "catan": 3}[game]
    g = new_game(server, game, [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (n - 1))
    link = server.base + g["seats"][0]["url"]
    watch = Watch()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size, viewport, page in my_turn_pages(browser, watch, link):
            # the board, the actions and the newest log line are in the first screen; the page does not scroll
            for selector in ("#board svg", "#actions button", "#latest"):
                assert inside_first_screen(page, selector), f"{selector} is not in the first screen ({size})"
            assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
            board = page.locator("#board svg").bounding_box()
            # as large as the screen allows while it fits: the whole width, or a good part of the height
            assert board is not None and (
                board["width"] > viewport["width"] * 0.9 or board["height"] > viewport["height"] * 0.4
            )
            assert page.locator("#latest").inner_text().strip()
            # your turn: the tab says so and the icon changes; the sound is off until asked for
            assert page.title().startswith("Your turn — ")
            assert page.locator("#favicon").get_attribute("href") == "/static/favicon-turn.svg"
            assert page.locator("#sound").get_attribute("aria-pressed") == "false"
            if size == "laptop":  # the sound is a toggle the page remembers
                page.click("#sound")
                assert page.locator("#sound").get_attribute("aria-pressed") == "true"
                assert page.evaluate("localStorage.getItem('firebreak:sound')") == "on"
                page.click("#sound")
            page.screenshot(path=str(out / f"table-{game}-{size}.png"))
            # tooltips on the board's pieces and places
            assert page.locator("#board svg g > title").count() >= 10
            # the rules panel: our summary and a legend of the board's symbols
            page.click("#tab-help")
            page.wait_for_selector("#help dl.legend dt")
            assert page.locator("#help h3").count() >= 3 and page.locator("#help dl.legend dt").count() >= 8
            assert inside_first_screen(page, "#help p")
            page.screenshot(path=str(out / f"table-{game}-{size}-rules.png"))
            page.click("#tab-log")
            # Zoom shows the board closer (a part of it, to pan); Fit brings the whole board back
            whole = page.evaluate("document.querySelector('#board svg').viewBox.baseVal.width")
            page.click("#zoom")
            wait_js(page, f"document.querySelector('#board svg').viewBox.baseVal.width < {whole} / 2")
            assert page.locator("#zoom").inner_text() == "Fit"
            page.click("#zoom")
            wait_js(page, f"Math.abs(document.querySelector('#board svg').viewBox.baseVal.width - {whole}) < 0.01")
            page.close()
        browser.close()
    assert watch.problems == []


def player_and_spectator(browser: Any, watch: Watch, server: ServerProcess, g: dict[str, Any]) -> tuple[Any, Any]:
    """Seat 0's page on a laptop and a spectator's on a phone, both showing the board."""
    player = watch.attach(browser.new_context(viewport=SIZES["laptop"]).new_page())
    spectator = watch.attach(browser.new_context(viewport=SIZES["phone"]).new_page())
    player.goto(server.base + g["seats"][0]["url"])
    spectator.goto(server.base + g["spectator_url"])
    for page in (player, spectator):
        page.wait_for_selector("#board svg")
    return player, spectator


def test_chat_is_shown_as_text_never_markup_and_is_rate_limited(server: ServerProcess) -> None:
    out = artifacts()
    g = new_game(server, "brigade", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}])
    watch = Watch()
    watch.expected = {429}
    markup = "<img src=x onerror=\"document.title='owned'\"><b>bold</b> & so on"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        player, spectator = player_and_spectator(browser, watch, server, g)
        player.click("#tab-chat")
        player.fill("#chat-text", markup)
        player.press("#chat-text", "Enter")
        # the spectator is told a message came, and reads it as the text typed
        wait_js(spectator, "document.getElementById('chat-unread').textContent === '1'")
        spectator.click("#tab-chat")
        said = spectator.locator("#chat-list li .said")
        said.first.wait_for()
        assert said.first.text_content() == markup
        assert spectator.locator("#chat-list img, #chat-list b").count() == 0
        name = player.evaluate("last.names[0]")
        assert spectator.locator("#chat-list li .who").first.text_content() == f"{name}: "
        # a spectator chats too
        spectator.fill("#chat-text", "go White!")
        spectator.click("#chat-send")
        wait_js(player, "document.querySelectorAll('#chat-list li').length === 2")
        assert player.locator("#chat-list li .who").nth(1).text_content() == "Spectator 1: "
        # the pace is limited per seat: after a burst the server refuses and the page says why
        for i in range(8):
            player.fill("#chat-text", f"message {i}")
            player.click("#chat-send")
            if player.locator("#chat-error").inner_text():
                break
            wait_js(
                player,
                "document.getElementById('chat-text').value === '' || "
                "document.getElementById('chat-error').textContent !== ''",
            )
        wait_js(player, "document.getElementById('chat-error').textContent.includes('too fast')")
        assert player.title() != "owned" and spectator.title() != "owned"
        player.screenshot(path=str(out / "table-chat-player.png"))
        spectator.screenshot(path=str(out / "table-chat-spectator-phone.png"))
        browser.close()
    assert watch.problems == []


def test_a_player_mutes_a_spectator_and_closes_the_chat_to_spectators_from_the_page(server: ServerProcess) -> None:
    out = artifacts()
    g = new_game(server, "brigade", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}])
    watch = Watch()
    watch.expected = {403}  # the muted spectator's message, refused on purpose
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        player, spectator = player_and_spectator(browser, watch, server, g)
        for page in (player, spectator):
            page.click("#tab-chat")
        assert spectator.locator("#chat-rules").is_hidden()  # only the players decide
        spectator.fill("#chat-text", "boo")
        spectator.click("#chat-send")
        mute = player.locator("#chat-list [data-mute]")
        mute.wait_for()
        assert mute.inner_text() == "Mute"
        mute.click()
        name = player.evaluate("last.names[0]")
        wait_js(
            spectator,
            "[...document.querySelectorAll('#chat-list li.note')].some(li => li.textContent === "
            f"{name + ' muted Spectator 1.'!r})",
        )
        wait_js(player, "document.querySelector('#chat-list [data-mute]').textContent === 'Unmute'")
        spectator.fill("#chat-text", "boo again")
        spectator.click("#chat-send")
        wait_js(spectator, "document.getElementById('chat-error').textContent.includes('muted you')")
        player.click("#chat-spectators")
        wait_js(spectator, "document.getElementById('chat-text').disabled")
        assert spectator.locator("#chat-text").get_attribute("placeholder") == (
            "The players have closed the chat to spectators."
        )
        assert player.locator("#chat-spectators").inner_text() == "Open the chat to spectators"
        wait_js(
            player,
            "[...document.querySelectorAll('#chat-list li.note')].some(li => li.textContent === "
            f"{name + ' closed the chat to spectators.'!r})",
        )
        player.screenshot(path=str(out / "table-chat-closed-player.png"))
        spectator.screenshot(path=str(out / "table-chat-closed-spectator-phone.png"))
        player.click("#chat-spectators")  # and open again
        wait_js(spectator, "!document.getElementById('chat-text').disabled")
        browser.close()
    assert watch.problems == []


def test_a_player_takes_an_open_seat_from_the_lobby_without_a_link(server: ServerProcess) -> None:
    out = artifacts()
    g = new_game(server, "catan", [{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}])
    watch = Watch()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = watch.attach(browser.new_context(viewport=SIZES["laptop"]).new_page())
        page.goto(server.base + "/")
        button = page.locator(f"[data-join='{g['id']}:1']")
        button.wait_for()
        waiting = page.locator("#joinable").inner_text()
        assert "Catan" in waiting and "catan" not in waiting  # the game's title, never its internal name
        page.screenshot(path=str(out / "table-lobby-waiting.png"), full_page=True)
        button.click()
        page.wait_for_selector("#board svg")
        wait_js(page, "last && last.viewer === 1")
        assert page.locator("#me").inner_text() == f"You are {page.evaluate('last.names[1]')}"
        assert f"/play/{g['id']}#seat=1&token=" in page.url
        # the seat is no longer offered
        page.goto(server.base + "/")
        page.locator("#joinable p.muted").wait_for()
        assert page.locator("[data-join]").count() == 0
        browser.close()
    assert watch.problems == []


def finish_away(server: ServerProcess, game_id: str, tokens: dict[int, str]) -> None:
    """Hand each away human seat to a bot (allowed after takeover_after = 1 s) and wait for the end."""
    time.sleep(1.1)
    seats = sorted(tokens)
    for i, seat in enumerate(seats):
        other = seats[(i + 1) % len(seats)]
        r = httpx.post(
            f"{server.base}/api/games/{game_id}/seats/{other}/takeover",
            json={"bot": "random"},
            headers={"X-Seat-Token": tokens[seat]},
        )
        # the server hands an away seat to a bot by itself after takeover_after: it may have done so first
        assert r.status_code == 200 or (r.status_code == 409 and "already played by a bot" in r.text), r.text
    deadline = time.time() + 120
    while not httpx.get(f"{server.base}/api/games/{game_id}").json()["terminal"]:
        assert time.time() < deadline
        time.sleep(0.1)


def test_rematch_gives_new_links_and_each_old_link_follows(server: ServerProcess) -> None:
    out = artifacts()
    g = new_game(
        server, "great-fire", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}], takeover_after=1
    )
    tokens = {s["seat"]: s["token"] for s in g["seats"] if "token" in s}
    r = httpx.post(
        f"{server.base}/api/games/{g['id']}/chat",
        json={"text": "good luck <i>all</i>"},
        headers={"X-Seat-Token": tokens[0]},
    )
    assert r.status_code == 200, r.text
    finish_away(server, g["id"], tokens)
    watch = Watch()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        alice = watch.attach(browser.new_context(viewport=SIZES["laptop"]).new_page())
        bob = watch.attach(browser.new_context(viewport=SIZES["phone"]).new_page())
        watcher = watch.attach(browser.new_context(viewport=SIZES["laptop"]).new_page())
        alice.goto(server.base + g["seats"][0]["url"])
        bob.goto(server.base + g["seats"][1]["url"])
        watcher.goto(server.base + g["spectator_url"])
        for page in (alice, bob, watcher):
            page.wait_for_selector("#result:not([hidden])")
        assert watcher.locator("#rematch").count() == 0  # a spectator cannot start one
        alice.click("#rematch")
        alice.wait_for_selector("#rematch-link")
        bob.wait_for_selector("#rematch-link")  # bob's old page follows with bob's own new link
        watcher.wait_for_selector("#rematch-link")
        alice_link = alice.locator("#rematch-link").get_attribute("href")
        bob_link = bob.locator("#rematch-link").get_attribute("href")
        new_id = alice_link.split("/play/")[1].split("#")[0]
        assert new_id != g["id"] and bob_link.startswith(f"/play/{new_id}#seat=1&token=")
        assert alice_link.startswith(f"/play/{new_id}#seat=0&token=")
        assert watcher.locator("#rematch-link").get_attribute("href") == f"/play/{new_id}"
        assert tokens[1] not in bob_link and tokens[0] not in alice_link
        bob.screenshot(path=str(out / "table-rematch-offered-phone.png"))
        bob.click("#rematch-link")
        wait_js(bob, f"typeof last !== 'undefined' && last && last.game_id === {new_id!r}")
        assert bob.locator("#me").inner_text() == f"You are {bob.evaluate('last.names[1]')}"
        assert not bob.evaluate("last.terminal")
        # bob opens his OLD link again later: it still leads to his seat of the rematch
        bob.goto(server.base + g["seats"][1]["url"])
        bob.wait_for_selector("#rematch-link")
        assert bob.locator("#rematch-link").get_attribute("href") == bob_link
        # the finished game's replay shows what was said, as text
        alice.goto(f"{server.base}/replay/{g['id']}")
        alice.wait_for_selector("#board svg")
        alice.keyboard.press("End")
        wait_js(alice, "document.getElementById('where').textContent.includes('game over')")
        assert alice.locator("#chat-list li .said").first.text_content() == "good luck <i>all</i>"
        assert alice.locator("#chat-list i").count() == 0
        alice.screenshot(path=str(out / "table-replay-with-chat.png"), full_page=True)
        browser.close()
    assert watch.problems == []
