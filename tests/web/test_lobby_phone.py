"""The lobby's list of games on a phone (390x844) in real chromium: one card a game, so the list never scrolls
sideways, every Watch / Replay link is inside the panel, a row's players read on one or two lines (not a word a
line) and its moves are named. At 1280x800 it stays a table with its column heads."""

from __future__ import annotations

import os

import pytest
from server.process import ServerProcess

from .test_e2e import ARGS, CHROMIUM, artifacts, sync_playwright, wait_js
from .test_table import SIZES, Watch, new_game

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]

ROWS = """() => {
  const box = document.getElementById('games'), edge = box.getBoundingClientRect();
  return {sideways: box.scrollWidth > box.clientWidth + 1, rows: [...box.querySelectorAll('tr')].slice(1).map(tr => {
    const link = tr.querySelector('a').getBoundingClientRect(), players = tr.children[1];
    const line = parseFloat(getComputedStyle(players).lineHeight) || 20;
    return {link: link.left >= edge.left && link.right <= edge.right + 0.5 && link.width > 0,
            lines: Math.round(players.getBoundingClientRect().height / line), moves: getComputedStyle(tr.children[2], '::before').content + tr.children[2].innerText};
  })};
}"""


def test_the_games_list_fits_a_phone_as_cards(server: ServerProcess) -> None:
    out = artifacts()
    for game, n in (("great-fire", 4), ("brigade", 3), ("catan", 6)):
        new_game(server, game, [{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * (n - 1))
    watch = Watch()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size, viewport in SIZES.items():
            page = watch.attach(browser.new_context(viewport=viewport).new_page())
            page.goto(server.base + "/")
            wait_js(page, "document.querySelectorAll('#games tr').length === 4")
            seen = page.evaluate(ROWS)
            assert not seen["sideways"] and all(r["link"] for r in seen["rows"]), (size, seen)
            assert all(r["lines"] <= 3 for r in seen["rows"]), (size, seen)  # six players' names: three lines at most
            if size == "phone":
                assert all(r["moves"].startswith('"Moves: "') for r in seen["rows"]), seen  # the CSS names them
            else:
                assert page.locator("#games th", has_text="Moves").is_visible()
            page.locator("#games").screenshot(path=str(out / f"lobby-games-{size}.png"))
        browser.close()
    assert watch.problems == []
