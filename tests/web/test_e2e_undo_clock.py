"""In Debian's chromium: taking back a move from the game page in each game (allowed; refused after a draw;
refused after another seat moved), a clock chosen in the lobby running out (the seat goes to a bot, the player
takes it back from the page), and clocks kept across a server restart. Screenshots (1280x800) go to
``test-artifacts/web``.

The other seats of the undo games are played over the API (the same server, their own seat links), so the test
decides exactly when the page's player may take back and when not.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server.helpers import play_forced
from server.process import ServerProcess

from firebreak.core import GameState, get_game

from .test_e2e import ARGS, CHROMIUM, artifacts, sync_playwright, wait_js

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]

SEEDS = {"great-fire": 11, "brigade": 2, "catan": 11}  # deals where each case comes up before the game ends
VIEW = {"width": 1280, "height": 800}


def _create(server: ServerProcess, body: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(server.base + "/api/games", json=body, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


def _undoable(state: GameState, seat: int) -> tuple[int | None, int | None]:
    """A move of ``seat`` now that could be taken back, and one after which it stays to act but could not."""
    good = bad = None
    for a in state.legal_actions():
        probe = state.clone()
        probe.apply(a)
        if probe.undo_refusal(seat) is None:
            good = a if good is None else good
        elif probe.current_player() == seat:
            bad = a if bad is None else bad
    return good, bad


def page_text(page, selector: str) -> str:  # type: ignore[no-untyped-def]
    return page.locator(selector).inner_text().strip()


class Table:
    """The game as the test plays it over the API (every seat's link), mirrored in a local state."""

    def __init__(self, server: ServerProcess, game: str) -> None:
        self.server = server
        created = _create(
            server,
            {
                "game": game,
                "num_players": 3,
                "seed": SEEDS[game],
                "takeover_after": 0,
                "seats": [{"kind": "human"}] * 3,
            },
        )
        self.id = created["id"]
        self.tokens = {s["seat"]: s["token"] for s in created["seats"]}
        self.state = get_game(game).new_game(3, SEEDS[game], created["options"])
        self.index = 0
        self.pick = random.Random(5)
        self.forced = 0  # forced steps the server played after the last move

    def act(self, action: int) -> None:
        seat = self.state.current_player()
        r = httpx.post(
            f"{self.server.base}/api/games/{self.id}/actions",
            timeout=10,
            json={"index": self.index, "action": action, "token": self.tokens[seat]},
        )
        assert r.status_code == 200, r.text
        self.state.apply(action)
        self.forced = play_forced(self.state)  # the server plays forced steps of people by itself
        self.index += 1 + self.forced

    def random_move(self) -> None:
        self.act(self.pick.choice(self.state.legal_actions()))


@pytest.mark.parametrize("game", ["great-fire", "brigade", "catan"])
def test_take_back_in_the_page_allowed_then_refused_after_a_draw_and_after_another_seat(
    server: ServerProcess, game: str
) -> None:
    out = artifacts()
    t = Table(server, game)
    for _ in range(300):  # a moment where the seat to act has a move it could take back
        good, _ = _undoable(t.state, t.state.current_player())
        if good is not None:
            break
        t.random_move()
    me = t.state.current_player()
    name = t.state.player_name(me)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=VIEW).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.base}/play/{t.id}#seat={me}&token={t.tokens[me]}")
        wait_js(page, "document.getElementById('turn').textContent === 'Your turn'")
        # 1. allowed: the move is made, the page offers to take it back, the player does
        t.act(good)
        wait_js(page, "!!document.getElementById('undo') && !document.getElementById('undo').disabled")
        assert "Take back" in page.locator("#undo").inner_text()
        page.screenshot(path=str(out / f"undo-{game}-offered.png"))
        page.click("#undo")
        wait_js(page, "!!document.querySelector('#log li.undone')")
        note = page.locator("#log li.undone").first.inner_text()
        assert note.startswith(f"{name} took back “"), note
        for _ in range(1 + t.forced):  # the move and the forced steps after it went back together
            t.state = t.state.undone(me)
            t.index += 1
        # the log lost the move's entry (the set-up and the moves that stand, less the silent steps of a trade
        # offer's draft) and ends with the note
        told = sum(1 for a in t.state.history if not t.state.log_quiet(a))
        wait_js(page, f"document.querySelectorAll('#log li:not(.undone)').length === {told + 1}")
        assert page.locator("#log li").last.get_attribute("class") == "undone"
        # 2. refused after a draw: the player draws (or rolls), and the page says why the button is off
        for _ in range(500):
            seat = t.state.current_player()
            _, bad = _undoable(t.state, seat) if seat == me else (None, None)
            if bad is not None:
                t.act(bad)
                break
            t.random_move()
        else:
            pytest.fail("no move that draws came up")
        wait_js(
            page,
            "!!document.getElementById('undo-why') && "
            "document.getElementById('undo-why').textContent.includes(' since.')",
        )
        why = page.locator("#undo-why").inner_text().strip()
        assert why == f"You cannot take back a move now: {t.state.undo_refusal(me, 1 + t.forced)}.", why
        assert why.startswith("You cannot take back a move now: you ")
        assert page.locator("#undo").is_disabled()
        page.screenshot(path=str(out / f"undo-{game}-after-draw.png"))
        # 3. refused after another seat moved: the player's turn comes again after the others moved
        for _ in range(800):
            seat = t.state.current_player()
            if seat == me and "you have not moved since" in (t.state.undo_refusal(me) or ""):
                break
            t.random_move()
        else:
            pytest.fail("the turn did not come back")
        wait_js(
            page,
            "!!document.getElementById('undo-why') && "
            "document.getElementById('undo-why').textContent.includes('you have not moved since')",
        )
        why = page.locator("#undo-why").inner_text().strip()
        assert why == f"You cannot take back a move now: {t.state.undo_refusal(me, 1 + t.forced)}.", why
        page.screenshot(path=str(out / f"undo-{game}-after-another-seat.png"))
        assert not errors, errors
        browser.close()


@pytest.fixture
def paced_server(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A server whose bots wait 0.6 s before each move, as ``firebreak serve`` does by default: the pace a player
    meets when a bot plays their seat (the quick bots of the other browser tests play several moves a frame)."""
    s = ServerProcess(f"sqlite:///{tmp_path / 'games.sqlite3'}", bot_delay=0.6)
    yield s
    s.stop()


def test_a_clock_chosen_in_the_lobby_runs_out_the_bot_plays_and_the_player_takes_the_seat_back(
    paced_server: ServerProcess,
) -> None:
    server = paced_server
    out = artifacts()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport=VIEW).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.base + "/")
        page.select_option("#game", "great-fire")
        page.fill("#players", "3")
        page.dispatch_event("#players", "change")
        page.select_option("#seat-0", "human")
        for seat in (1, 2):
            page.select_option(f"#seat-{seat}", "bot:easy")
        page.select_option("#takeover", "0")
        page.select_option("#clock-mode", "turn")
        wait_js(page, "!document.getElementById('clock-fields').hidden")
        page.fill("#clock-minutes", "0.05")  # three seconds a turn
        page.screenshot(path=str(out / "clock-lobby.png"))
        page.click("#create")
        page.wait_for_selector("[data-seat-link='0']")
        link = page.locator("[data-seat-link='0']").input_value()
        page.goto(link if link.startswith("http") else server.base + link)
        # every seat's time is shown; the player's runs on their turn, then the seat goes to a bot
        wait_js(page, "!document.getElementById('clocks').hidden")
        wait_js(page, "!!document.querySelector(\"#clocks li.running[data-seat='0']\")", timeout=30000)
        assert page.locator("#clocks li").count() == 3
        page.screenshot(path=str(out / "clock-running.png"))
        # the button is on the player's own seat in the strip, always in view; the notice points there
        wait_js(page, "!!document.querySelector(\"#strip [data-seat='0'] button.reclaim\")", timeout=30000)
        assert "bot" in page.locator("#strip [data-seat='0'] .strip-who").inner_text().lower()
        assert page_text(page, "#handed").startswith("Your time ran out, so a bot is playing for you.")
        assert "by your name above the board" in page_text(page, "#handed")
        page.screenshot(path=str(out / "clock-ran-out.png"))
        page.locator("#strip [data-seat='0'] button.reclaim").click()
        wait_js(
            page,
            "!document.querySelector(\"#strip [data-seat='0'] .strip-who\").textContent.toLowerCase().includes('bot')",
        )
        assert page.locator("#strip button.reclaim").count() == 0
        page.screenshot(path=str(out / "clock-seat-taken-back.png"))
        assert not errors, errors
        browser.close()


def test_a_restart_gives_the_outage_back_to_the_clocks_and_one_that_runs_out_afterwards_fires(tmp_path: Path) -> None:
    """Clocks stop while no server process runs (the outage is given back at the restart); a clock with a few
    seconds left when the server stopped runs out after the restart, and its seat goes to a bot then."""
    out = artifacts()
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    server = ServerProcess(url)
    port = server.port
    try:
        slow = _create(
            server,
            {
                "game": "catan",
                "num_players": 3,
                "seed": 3,
                "takeover_after": 0,
                "seats": [{"kind": "human"}] * 3,
                "clock": {"mode": "total", "seconds": 600, "increment": 5},
            },
        )
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            ctx = browser.new_context(viewport=VIEW)
            seat = httpx.get(f"{server.base}/api/games/{slow['id']}").json()["current_player"]
            tok = next(s["token"] for s in slow["seats"] if s["seat"] == seat)
            p = ctx.new_page()
            p.goto(f"{server.base}/play/{slow['id']}#seat={seat}&token={tok}")
            wait_js(p, f"!!document.querySelector(\"#clocks li.running[data-seat='{seat}']\")")
            assert page_text(p, "#clock-now").startswith("Your time: 9:")
            # a game whose player has six seconds: fewer are left when the server stops, and they run out after
            # the restart
            fast = _create(
                server,
                {
                    "game": "great-fire",
                    "num_players": 3,
                    "seed": 3,
                    "takeover_after": 0,
                    "seats": [{"kind": "human"}] * 3,
                    "clock": {"mode": "total", "seconds": 6},
                },
            )
            st = httpx.get(f"{server.base}/api/games/{fast['id']}").json()
            fast_seat = st["current_player"]
            assert st["seats"][fast_seat]["kind"] == "human" and st["clock"]["running"] == fast_seat
            before = httpx.get(f"{server.base}/api/games/{slow['id']}").json()["clock"]
            read_before = time.monotonic()
            server.stop()
            wait_js(p, "document.getElementById('conn').textContent.includes('reconnecting')")
            time.sleep(6.5)
            server = ServerProcess(url, port=port)
            # the page reconnects by itself; the stored clock did not run while no server was running
            wait_js(p, "!document.getElementById('conn').textContent.includes('reconnecting')")
            after = httpx.get(f"{server.base}/api/games/{slow['id']}").json()["clock"]
            between = time.monotonic() - read_before  # the outage (at least the 6.5 s slept) and the servers' time
            assert after["running"] == before["running"] == seat
            charged = before["left"][seat] - after["left"][seat]
            assert 0 <= charged <= between - 6.5 + 1.0, (charged, between)  # only the time a server was running
            wait_js(p, f"!!document.querySelector(\"#clocks li.running[data-seat='{seat}']\")")
            shown = page_text(p, f"#clocks li[data-seat='{seat}'] .time")
            assert shown.startswith("▶ 9:") or shown.startswith("▶ 8:"), shown
            p.screenshot(path=str(out / "clock-after-restart.png"))
            # the short clock ran out after the restart: the seat is a bot's, its player is told why
            tok = next(s["token"] for s in fast["seats"] if s["seat"] == fast_seat)
            q = ctx.new_page()
            q.goto(f"{server.base}/play/{fast['id']}#seat={fast_seat}&token={tok}")
            wait_js(q, f"!!document.querySelector(\"#strip [data-seat='{fast_seat}'] button.reclaim\")", timeout=30000)
            assert page_text(q, "#handed").startswith("Your time ran out, so a bot is playing for you.")
            q.screenshot(path=str(out / "clock-after-restart-fell.png"))
            browser.close()
    finally:
        server.stop()


def test_after_many_take_backs_the_page_lists_the_latest_and_counts_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """55 moves taken back in one turn (the cap lifted): the open page and a page opened afterwards both list
    the latest 50 and say how many earlier ones are not listed; the log holds only the set-up."""
    monkeypatch.setenv("FIREBREAK_UNDOS_PER_TURN", "100")
    server = ServerProcess(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    try:
        t = Table(server, "catan")
        me = t.state.current_player()
        good, _ = _undoable(t.state, me)
        assert good is not None
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_context(viewport=VIEW).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            url = f"{server.base}/play/{t.id}#seat={me}&token={t.tokens[me]}"
            page.goto(url)
            wait_js(page, "document.getElementById('turn').textContent === 'Your turn'")
            for _ in range(55):
                t.act(good)
                r = httpx.post(
                    f"{server.base}/api/games/{t.id}/undo", timeout=10, json={"index": t.index, "token": t.tokens[me]}
                )
                assert r.status_code == 200, r.text
                t.state = t.state.undone(me)
                t.index += 1
            line = "Not listed here: 5 earlier take-backs (the game's record lists every one)."
            for opened in ("open", "reloaded"):
                if opened == "reloaded":
                    page.reload()
                wait_js(
                    page,
                    f"document.querySelectorAll('#log li.undone').length === 51 && "
                    f"document.querySelector('#log li.undone').textContent === {line!r}",
                )
                assert page.locator("#log li:not(.undone)").count() == 1  # the set-up: every move was taken back
                assert (
                    page.locator("#log li.undone")
                    .last.inner_text()
                    .startswith(f"{t.state.player_name(me)} took back “")
                )
            page.screenshot(path=str(artifacts() / "undo-many.png"))
            assert not errors, errors
            browser.close()
    finally:
        server.stop()
