"""End to end in a real browser: two players in two browser contexts create a Great Fire game with two bots in the
lobby, share seat links, and play it to the end by clicking; one of them closes the page mid-game and reopens the
link. Screenshots go to ``test-artifacts/web`` (or ``$FIREBREAK_TEST_ARTIFACTS/web``).

Uses Debian's /usr/bin/chromium through python playwright (never a downloaded browser); skipped if either is missing.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import httpx
import pytest
from server.process import ServerProcess

from firebreak.core import GameRecord, replay

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

try:
    from playwright.sync_api import Page, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None  # type: ignore[assignment]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]


def artifacts() -> Path:
    base = Path(os.environ.get("FIREBREAK_TEST_ARTIFACTS", Path(__file__).resolve().parents[2] / "test-artifacts"))
    out = base / "web"
    out.mkdir(parents=True, exist_ok=True)
    return out


def wait_js(page: Page, expr: str, timeout: float = 30000) -> None:
    """Wait until a JavaScript expression is true on the page, asked again every 50 ms. (Not
    ``page.wait_for_function``: the pages' content policy forbids the string evaluation it relies on.)"""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expr):
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout / 1000:.0f} s: {expr}")
        time.sleep(0.05)


DRAWN = """() => [...document.querySelectorAll('#ctl-h ~ p button')].map(button => {
  // each button's text drawn in its own font, against as many characters no font has (drawn as the empty box)
  const canvas = document.createElement('canvas'); canvas.width = 160; canvas.height = 60;
  const g = canvas.getContext('2d');
  const draw = text => { g.clearRect(0, 0, 160, 60); g.font = getComputedStyle(button).font; g.textBaseline = 'top';
                         g.fillText(text, 2, 2); return g.getImageData(0, 0, 160, 60).data.join(','); };
  const text = button.textContent.trim();
  return [button.getAttribute('aria-label'), draw(text) !== draw('\\uE000'.repeat([...text].length))];
})"""


def drawn_glyphs(page: Page) -> dict[str, bool]:
    """For each replay step button, whether this browser's fonts draw its symbols (False: empty boxes)."""
    return dict(page.evaluate(DRAWN))


def turn_text(page: Page) -> str:
    return page.locator("#turn").inner_text()


def try_click(page: Page, selector: str) -> bool:
    loc = page.locator(selector)
    if loc.count() == 0:
        return False
    try:
        loc.first.click(timeout=1500)
        return True
    except Exception:  # noqa: BLE001 - the page redrew under us; try again next round
        return False


ENTRY = "#actions button[data-legal]:visible:not([disabled])"


def show_entries(page: Page) -> None:
    """Open closed groups of the action list until some entry buttons show (groups are collapsed at first)."""
    for _ in range(4):
        if page.locator(ENTRY).count():
            return
        closed = page.locator("#actions button.group[aria-expanded='false']:visible")
        if not closed.count():
            return
        try:
            closed.first.click(timeout=1500)
        except Exception:  # noqa: BLE001 - the page redrew under us
            return


def confirm_and_wait(page: Page, log_length: int) -> bool:
    """Confirm the previewed move (when the game asks for a confirmation; any other entry went with its click) and
    wait until it is logged; False when the page redrew under us."""
    try:
        if page.locator("#confirm-ok:visible").count():
            page.locator("#confirm-ok:visible").click(timeout=3000)
        wait_js(page, f"document.querySelectorAll('#log li').length > {log_length}", timeout=10000)
    except Exception:  # noqa: BLE001 - the page redrew under us; try again next round
        return False
    return True


def choose_entry(page: Page, log_length: int, index: int = 0) -> bool:
    """Pick an entry of the action list (opening groups as needed), confirm it, wait for it to be logged."""
    show_entries(page)
    entries = page.locator(ENTRY)
    if entries.count() <= index:
        return False
    try:
        entries.nth(index).click(timeout=1500)
    except Exception:  # noqa: BLE001 - the page redrew under us; try again next round
        return False
    return confirm_and_wait(page, log_length)


def press_enter_on_first_action(page: Page, log_length: int) -> bool:
    """Keyboard only: focus the first action entry, press Enter (an entry the game marks ``confirm`` opens a preview
    with Confirm focused: Enter again), and wait for the move to be logged."""
    show_entries(page)
    if page.locator(ENTRY).count() == 0:
        return False
    try:
        page.locator(ENTRY).first.focus(timeout=1500)
        asks = page.evaluate("(choices.find(c => c.id === +document.activeElement.dataset.legal) || {}).confirm")
        page.keyboard.press("Enter")
        if asks:
            page.wait_for_selector("#confirm-ok:visible", timeout=3000)
            assert page.evaluate("document.activeElement.id") == "confirm-ok"
            page.keyboard.press("Enter")
        wait_js(page, f"document.querySelectorAll('#log li').length > {log_length}", timeout=10000)
    except Exception:  # noqa: BLE001 - the page redrew under us; try again next round
        return False
    return True


def test_two_players_and_two_bots_play_great_fire_to_the_end_in_chromium(server: ServerProcess) -> None:
    out = artifacts()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        alice_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        bob_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        alice = alice_ctx.new_page()
        errors: list[str] = []
        alice.on("pageerror", lambda e: errors.append(str(e)))

        # Alice creates the game in the lobby: seats 0 and 1 human, a greedy and a random bot.
        alice.goto(server.base + "/")
        alice.select_option("#game", "great-fire")
        alice.fill("#players", "4")
        alice.dispatch_event("#players", "change")
        alice.select_option("#seat-0", "human")
        alice.select_option("#seat-1", "human")
        alice.select_option("#seat-2", "bot:easy")
        alice.select_option("#seat-3", "bot:easy")
        alice.check("#opt-hidden_colours")
        alice.click("#advanced summary")  # bots by their raw spec, under Advanced
        alice.fill("#seat-2-spec", "greedy:samples=lots")  # a bad strength is refused with a clear message
        alice.fill("#seat-3-spec", "random")
        alice.click("#create")
        wait_js(alice, "document.getElementById('create-error').textContent.includes('samples')")
        alice.fill("#seat-2-spec", "greedy:samples=2")
        alice.screenshot(path=str(out / "01-lobby.png"), full_page=True)
        alice.click("#create")
        alice.wait_for_selector("[data-seat-link='1']")
        link0 = alice.input_value("[data-seat-link='0']")
        link1 = alice.input_value("[data-seat-link='1']")
        assert "#seat=0&token=" in link0 and "#seat=1&token=" in link1 and link0 != link1
        # the links are headed by the names the game itself uses ("Green (P0)"), as the seats were ("Seat P0")
        assert alice.locator("label[for='seat-1']").inner_text() == "Seat P1"
        heads = alice.locator("#links th").all_inner_texts()
        assert heads[:2] and all(h.endswith(f"(P{k})") and h.split(" (")[0].isalpha() for k, h in enumerate(heads))
        game_id = link0.split("/play/")[1].split("#")[0]

        alice.goto(link0)
        bob = bob_ctx.new_page()
        bob.on("pageerror", lambda e: errors.append(str(e)))
        bob.goto(link1)
        for page, seat in ((alice, 0), (bob, 1)):
            page.wait_for_selector("#board svg")
            assert page.locator("#me").inner_text() == f"You are {page.evaluate(f'last.names[{seat}]')}"
            # only this seat's objectives are on its screen: one line in the legend under the map, and one in the
            # short legend a phone shows instead ("Your objectives: ...")
            svg = page.locator("#board svg").inner_html()
            assert svg.count("objectives:") == 2 and svg.count("Your objectives:") == 1
        assert "Bot, looks one move ahead" in alice.locator("#seats").text_content()  # words, never the spec
        alice.screenshot(path=str(out / "02-alice-start.png"), full_page=True)
        bob.screenshot(path=str(out / "03-bob-phone-start.png"), full_page=True)

        clicked_board = reopened = used_keyboard = shot = False
        moves = 0
        deadline = time.time() + 240
        while time.time() < deadline:
            if turn_text(alice) == "Game over" and turn_text(bob) == "Game over":
                break
            for _name, page in (("alice", alice), ("bob", bob)):
                if turn_text(page) != "Your turn":
                    continue
                before = page.locator("#log li").count()
                if not used_keyboard and press_enter_on_first_action(page, before):
                    used_keyboard = True
                    moves += 1
                    continue
                if (
                    not clicked_board
                    and page.locator("#board .fb-clickable").count()
                    and try_click(page, "#board .fb-clickable")
                ):  # a click on the board itself
                    if page.locator("#place-menu").count():
                        try_click(page, "#place-menu button")
                    if page.locator("#board .fb-target").count():
                        try_click(page, "#board .fb-target")
                    if page.locator("#place-menu").count():
                        try_click(page, "#place-menu button")
                    if confirm_and_wait(page, before):
                        clicked_board = True
                        moves += 1
                    continue
                if choose_entry(page, before):
                    moves += 1
            if moves >= 30 and not reopened:
                # Bob closes his browser tab and opens his link again: nothing is lost
                index_before = bob.evaluate("last.index")
                bob.close()
                bob = bob_ctx.new_page()
                bob.goto(link1)
                bob.wait_for_selector("#board svg")
                assert bob.evaluate("last.index") >= index_before
                assert bob.locator("#me").inner_text() == f"You are {bob.evaluate('last.names[1]')}"
                reopened = True
            if moves >= 40 and not shot:
                alice.screenshot(path=str(out / "04-alice-midgame.png"), full_page=True)
                shot = True
            time.sleep(0.03)
        assert turn_text(alice) == "Game over", "the game did not finish in time"
        assert clicked_board and reopened and used_keyboard and moves > 20
        alice.wait_for_selector("#result:not([hidden])")
        assert "winner" in alice.locator("#scores").inner_text()
        names = alice.evaluate("last.names")
        winners = alice.evaluate("last.winners")
        assert all(names[w] in alice.locator("#winners").inner_text() for w in winners)
        assert alice.locator("#scores table.score-sheet").count() == 4
        alice.screenshot(path=str(out / "05-alice-end.png"), full_page=True)
        bob.screenshot(path=str(out / "06-bob-end.png"), full_page=True)

        # the finished game replays step by step, and its log is a record firebreak replay accepts
        alice.click("#replay-link")
        alice.wait_for_selector("#board svg")
        alice.click("#next")
        wait_js(alice, "document.getElementById('where').textContent.startsWith('Step 1 of')")
        alice.keyboard.press("End")
        wait_js(alice, "document.getElementById('where').textContent.includes('game over')")
        alice.wait_for_selector("#result:not([hidden])")
        assert all(names[w] in alice.locator("#winners").inner_text() for w in winners)
        assert alice.locator("#scores table.score-sheet").count() == 4
        alice.screenshot(path=str(out / "07-replay.png"), full_page=True)
        browser.close()
    assert errors == []
    record = GameRecord.from_json(httpx.get(f"{server.base}/api/games/{game_id}/log").json())
    assert replay(record).is_terminal()


def test_the_replay_of_a_finished_game_ends_with_the_winner_and_each_seats_score_sheet(server: ServerProcess) -> None:
    """Four bots play Great Fire (hidden colours) to the end; its replay page names the players as the game does
    and, at the last step only, says who won and shows each seat's score sheet, seen by the public or by a seat."""
    body = {
        "game": "great-fire",
        "num_players": 4,
        "seed": 3,
        "options": {"hidden_colours": True},
        "seats": [{"kind": "bot", "bot": "random"}] * 4,
    }
    r = httpx.post(server.base + "/api/games", json=body)
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    deadline = time.monotonic() + 120
    final = httpx.get(f"{server.base}/api/games/{game_id}").json()
    while not final["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
        final = httpx.get(f"{server.base}/api/games/{game_id}").json()
    names, sheets = final["names"], final["score_sheet"]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{server.base}/replay/{game_id}")
        page.wait_for_selector("#board svg")
        wait_js(page, "document.getElementById('where').textContent.startsWith('Step 0 of')")
        # the step buttons' symbols are drawn by Debian's fonts, not as empty boxes (as the media-control
        # symbols first chosen were)
        assert drawn_glyphs(page) == {"First step": True, "Previous step": True, "Next step": True, "Last step": True}
        assert page.locator("#result").is_hidden()
        assert page.locator("#seat option").all_inner_texts()[1:] == names
        first = httpx.get(f"{server.base}/api/games/{game_id}/replay", params={"step": 0}).json()
        # the game's question at that step, naming who decides; every seat on the strip
        assert first["question"] in page.locator("#where").inner_text()
        assert names[first["current_player"]] in first["question"]
        assert page.locator("#strip .strip-name").all_inner_texts() == names
        for seat_choice in ("", "2"):
            page.select_option("#seat", seat_choice)
            page.click("#lastbtn")
            wait_js(page, "document.getElementById('where').textContent.includes('game over')")
            page.wait_for_selector("#result:not([hidden])")
            sentence = page.locator("#winners").inner_text()
            assert final["winner_names"] and all(w in sentence for w in final["winner_names"])
            assert ("wins with" if len(final["winner_names"]) == 1 else "share the win") in sentence
            tables = page.locator("#scores table.score-sheet")
            assert tables.count() == 4
            for seat in range(4):
                text = tables.nth(seat).inner_text()
                assert names[seat] in text and text.endswith(f"Total\t{final['scores'][seat]:g}")
                assert all(source in text for source, _ in sheets[seat])
            for w in final["winners"]:
                assert "winner" in tables.nth(w).locator("caption").inner_text()
            page.click("#first")
            wait_js(page, "document.getElementById('where').textContent.startsWith('Step 0 of')")
            assert page.locator("#result").is_hidden()
        page.click("#lastbtn")
        wait_js(page, "!document.getElementById('result').hidden")
        page.screenshot(path=str(artifacts() / "08-replay-score-sheets.png"), full_page=True)
        browser.close()
    assert errors == []
