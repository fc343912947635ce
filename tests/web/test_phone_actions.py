"""On a phone (390x844) and a laptop (1280x800), in real chromium, the first choice of a player's first decision is
in view without scrolling anything, the action panel included: its question, then at least one button a thumb can
press. Before, on a phone, the panel's label, the filter box and the board hint filled its visible part and every
choice sat below it in the panel's own scroll (Catan with six players showed the question alone)."""

from __future__ import annotations

import os

import pytest
from server.process import ServerProcess

from .test_e2e import ARGS, CHROMIUM, artifacts, sync_playwright
from .test_table import Watch, my_turn_pages, new_game

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]

FIRST_CHOICE = """() => {
  const b = document.querySelector('#actions button'), p = document.getElementById('actions-panel');
  const r = b.getBoundingClientRect(), q = p.getBoundingClientRect();
  return {inside: r.top >= q.top && r.bottom <= q.bottom + 0.5 && r.bottom <= innerHeight && r.height > 20,
          scrolled: p.scrollTop, text: b.textContent};
}"""


@pytest.mark.parametrize(("game", "players"), [("great-fire", 3), ("brigade", 3), ("catan", 4), ("catan", 6)])
def test_the_first_choice_is_in_view_on_a_phone_and_a_laptop(server: ServerProcess, game: str, players: int) -> None:
    out = artifacts()
    g = new_game(server, game, [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1))
    link = server.base + g["seats"][0]["url"]
    watch = Watch()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size, _, page in my_turn_pages(browser, watch, link):  # the set-up waits for this seat
            assert page.locator("#question").is_visible()
            # the header says "Your turn" already: on a phone the panel's own label gives way to the choices
            assert page.locator("#actions-h .label").is_visible() == (size == "laptop")
            first = page.evaluate(FIRST_CHOICE)
            page.screenshot(path=str(out / f"first-choice-{game}-{players}-{size}.png"))  # before: kept on failure
            assert first["inside"] and first["scrolled"] == 0, (size, first)
        browser.close()
    assert watch.problems == []
