"""Catan's status line and the other sentences under its board read whole in a real browser (Debian's chromium),
at 1280x800 and on a 390x844 phone: the longest statuses random games reach ("Firestorm rules · Turn 57: Black
(P3) · Dice 4 and 3 (7) · Black (P3) to act: take a card from a player on the firestorm's hex"), on the classic,
5-6 and Seafarers boards, are drawn into the table page, and every line of text lies inside the board's drawing
(the SVG cuts off whatever runs past its edge). Screenshots go to ``test-artifacts/web``."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from server.process import ServerProcess

from firebreak.core import all_games, get_game
from firebreak.games.catan.words import status

from .test_e2e import ARGS, CHROMIUM, artifacts, sync_playwright, wait_js
from .test_table import Watch, my_turn_pages, new_game

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]

BOARDS = {  # name -> (players, options)
    "classic firestorm": (4, {"mode": "firestorm"}),
    "classic": (4, {"mode": "classic"}),
    "5-6 players": (6, {"mode": "firestorm"}),
    "seafarers": (4, {"board": "seafarers"}),
}

OUTSIDE = """() => {
  const svg = document.querySelector('#board svg'), box = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text')].filter(t => {
    const r = t.getBoundingClientRect();
    return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
  }).map(t => t.textContent);
}"""
STATUS = """() => [...document.querySelectorAll('#board svg text[font-size="15"][font-weight="bold"]')]
  .map(t => t.textContent)"""


def longest_status_svg(players: int, options: dict[str, Any], seeds: int = 3) -> tuple[str, str]:
    """The board, drawn for seat 0, at the longest status random play reaches in a few games (and its status)."""
    spec = get_game("catan")
    best = ("", "")
    for seed in range(seeds):
        state = spec.new_game(players, seed, options)
        rng = random.Random(seed)
        for _ in range(1500):
            if state.is_terminal():
                break
            view = state.view(0)
            text = status(view)
            if len(text) > len(best[0]):
                best = (text, spec.svg(view, []))
            state.apply(rng.choice(state.legal_actions()))
    return best


def test_the_longest_status_lines_read_whole_at_a_laptop_and_a_phone(server: ServerProcess) -> None:
    all_games()
    drawn = {name: longest_status_svg(*spec) for name, spec in BOARDS.items()}
    for name, (text, _) in drawn.items():
        assert len(text) > 100, (name, text)  # long enough to run past the board's width on one line
    out = artifacts()
    g = new_game(server, "catan", [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3)
    link = server.base + g["seats"][0]["url"]
    watch = Watch()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for size, _, page in my_turn_pages(browser, watch, link):  # the set-up waits for this seat
            assert page.evaluate(OUTSIDE) == [], size
            for name, (text, svg) in drawn.items():
                page.evaluate("svg => { last.svg = svg; redrawBoard(); }", svg)
                wait_js(page, "document.querySelector('#board svg').viewBox.baseVal.height > 0")
                assert page.evaluate(OUTSIDE) == [], (name, size)
                shown = page.evaluate(STATUS)
                words = " ".join(shown).replace("·", " ").split()  # lines break between its parts, at a dot
                assert len(shown) > 1 and words == text.replace("·", " ").split(), (name, size)  # all of it, in order
                page.locator("#board svg").screenshot(
                    path=str(out / f"catan-status-{name.replace(' ', '-')}-{size}.png")
                )
        browser.close()
    assert watch.problems == []
