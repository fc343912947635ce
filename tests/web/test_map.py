"""The Great Fire board as a map in Debian's chromium, on a 1280x800 laptop and a 390x844 phone with touch.

A player reads every district name without zooming on the laptop (at least 11 px), hovers a card of the action
list (and of their hand in the legend) and sees every district that card can reach now, clicks a district on the
map to move the fire there and sees the cone's whole path drawn before confirming. On the phone the map fills
the width and, whole, shows each district's two-letter code (at least 11 px, no two touching) where the names
would be 5 px, and under it the player's turn, cards, tokens and objectives as large; a tap on a district that is no choice opens its name, houses and pieces by the finger; a pinch
zooms in until the names take the codes' place, readable; a drag pans without choosing anything, a tap on a
district chooses it (the arrows, rivers and crosses drawn over the map never take a tap), and the path is drawn
the same way.
Screenshots go to ``test-artifacts/web`` (``map-*.png``) and, when ``FIREBREAK_SHOTS`` names a folder, there too.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from server.process import ServerProcess

from .test_board_choices import CHOICES_JS, play_any, start, wait_my_turn
from .test_e2e import ARGS, CHROMIUM, artifacts, sync_playwright, wait_js

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sync_playwright is None, reason="python playwright is not installed (pip install playwright)"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing (apt-get install chromium)"),
]

FIRE_GROUPS = ("Fire move", "Second fire move")
CHOICES_WITH_PATH_JS = CHOICES_JS.replace("preview: c.preview,", "preview: c.preview, path: c.path || [],")

# Where a place's label point is on the screen now (through the map's current view).
SCREEN_AT_JS = """name => {
  const n = [...document.querySelectorAll('#board [data-place]')].find(e => e.dataset.place === name);
  const p = new DOMPoint(+n.dataset.x, +n.dataset.y).matrixTransform(n.ownerSVGElement.getScreenCTM());
  return [p.x, p.y];
}"""
# Every district name's drawn size on the screen, in px (font size through the map's scale).
NAME_PX_JS = """() => [...document.querySelectorAll('#board g.district')].map(g => [g.dataset.place,
  Math.min(...[...g.querySelectorAll('text.name')].map(t => +t.getAttribute('font-size') * t.getScreenCTM().a))])"""
# The place a tap at each arrow, cross and river point would land on (null: none), next to what the arrow is.
UNDER_DECORATIONS_JS = """() => [...document.querySelectorAll('#board g.links > use')].map(a => {
  const r = a.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [a.getAttribute('data-link') || a.getAttribute('data-links'),
          hit && hit.closest('[data-place]') ? 'place' : (hit ? hit.tagName : null)];
})"""
# The district labels shown now, each with its on-screen box and its text's size on the screen in px: the codes
# ("far": the whole map on a phone) or the names ("near").
LABELS_SHOWN_JS = """kind => [...document.querySelectorAll(`#board g.district-label g.lod-${kind}`)]
  .filter(g => getComputedStyle(g).display !== 'none')
  .map(g => { const r = g.getBoundingClientRect(), t = [...g.querySelectorAll('text')];
    return [g.parentNode.dataset.place, [r.left, r.top, r.right, r.bottom],
            Math.min(...t.map(e => +e.getAttribute('font-size') * e.getScreenCTM().a))]; })"""
# The legend's lines shown when the map is too small for names: each text, its size on the screen and whether shown.
FAR_LEGEND_JS = """() => [...document.querySelectorAll('#board svg > g.lod-far text')].map(t =>
  [t.textContent, +t.getAttribute('font-size') * t.getScreenCTM().a, getComputedStyle(t.parentNode).display !== 'none'])"""
VIEW_WIDTH_JS = "document.querySelector('#board svg').viewBox.baseVal.width"
REACH_JS = "[...new Set([...document.querySelectorAll('#board .fb-reach')].map(n => n.dataset.place))].sort()"


def shoot(page: Any, name: str) -> None:
    """A screenshot into the test artifacts (and into $FIREBREAK_SHOTS, to look at)."""
    path = artifacts() / f"{name}.png"
    page.screenshot(path=str(path))
    if os.environ.get("FIREBREAK_SHOTS"):
        Path(os.environ["FIREBREAK_SHOTS"]).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(os.environ["FIREBREAK_SHOTS"]) / path.name)


def names_readable(page: Any) -> None:
    """Every district's name is drawn at least 11 px high on the screen, without zooming."""
    sizes = dict(page.evaluate(NAME_PX_JS))
    assert len(sizes) >= 60
    small = {name: round(px, 1) for name, px in sizes.items() if px < 11}
    assert not small, f"names under 11 px at 1280x800: {small}"


def codes_readable_apart(page: Any) -> None:
    """The whole map on a phone: every district shows its code, at least 11 px, no two overlapping; no name."""
    assert page.evaluate("document.getElementById('board-wrap').classList.contains('map-far')")
    assert page.evaluate(LABELS_SHOWN_JS, "near") == []
    codes = page.evaluate(LABELS_SHOWN_JS, "far")
    assert len(codes) >= 60
    small = {name: round(px, 1) for name, _, px in codes if px < 11}
    assert not small, f"codes under 11 px on the phone: {small}"
    for k, (a, ra, _) in enumerate(codes):
        for b, rb, _ in codes[k + 1 :]:
            assert not (ra[0] < rb[2] and rb[0] < ra[2] and ra[1] < rb[3] and rb[1] < ra[3]), f"{a} touches {b}"
    # under the map, the few lines a player must read (the turn, their cards, tokens and objectives) as large
    legend = page.evaluate(FAR_LEGEND_JS)
    assert legend and all(shown and px >= 11 for _, px, shown in legend), legend
    assert page.evaluate(
        "[...document.querySelectorAll('#board svg > g.lod-near')].every(g => getComputedStyle(g).display === 'none')"
    )
    assert any(text.startswith("Your objectives:") for text, _, _ in legend)


def to_fire_move(page: Any, through: bool = False) -> list[dict[str, Any]]:
    """Play from the list until this seat has a fire move (``through``: one whose cone passes a burning district
    on its way); its entries."""
    deadline = time.time() + 180
    while time.time() < deadline:
        wait_my_turn(page)
        fire = [c for c in page.evaluate(CHOICES_WITH_PATH_JS) if c["group"] and c["group"][0] in FIRE_GROUPS]
        if fire and (not through or any(len(c["path"]) > 2 for c in fire)):
            return fire
        play_any(page)
    raise AssertionError("no such fire move came to the human seat")


def wanted(fire: list[dict[str, Any]]) -> dict[str, Any]:
    """The fire entry to play: one whose cone passes burning districts if any (the longest path), else the first."""
    return max(fire, key=lambda c: len(c["path"]))


def pick_from_menu(page: Any, want: dict[str, Any]) -> None:
    """Where several entries end on the district, a menu opens at the click: take the wanted one."""
    if not page.locator("#place-menu").count():
        return
    items = page.locator("#place-menu button")
    full = " › ".join([*want["group"], want["label"]])
    labels = [items.nth(i).get_attribute("aria-label") for i in range(items.count())]
    items.nth(next(i for i, label in enumerate(labels) if full.endswith(label))).click()


def assert_path_previewed(page: Any, want: dict[str, Any]) -> None:
    """The preview is the wanted move, and its path is drawn through every place of it, ending on the target."""
    page.wait_for_selector("#confirm-ok:visible", timeout=3000)
    assert page.evaluate("pick.choice.id") == want["id"]
    assert len(want["path"]) >= 2 and want["path"][-1] == want["target"] and want["path"][0] == want["source"]
    drawn = page.locator("#board g.fb-path")
    assert drawn.count() == 1
    assert drawn.get_attribute("data-path") == " › ".join(want["path"])
    line = page.locator("#board g.fb-path polyline.fb-path-line")
    assert len(line.get_attribute("points").split()) == len(want["path"])
    assert line.get_attribute("marker-end") == "url(#fb-path-head)"


def confirm_logged(page: Any) -> None:
    logged = page.locator("#log li").count()
    page.locator("#confirm-ok").click()
    wait_js(page, f"document.querySelectorAll('#log li').length > {logged}", timeout=10000)
    assert page.locator("#board g.fb-path").count() == 0  # the move is made: its preview is gone


def test_laptop_names_readable_card_hover_lights_its_reach_and_a_fire_move_clicked_on_the_map(
    server: ServerProcess,
) -> None:
    link = start(server, "great-fire", ["human", "random", "random"], seed=21)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(link)
        page.wait_for_selector("#board svg")
        # every district's name is readable without zoom: at least 11 px on the screen; no code is shown
        names_readable(page)
        assert page.evaluate(LABELS_SHOWN_JS, "far") == [] and len(page.evaluate(LABELS_SHOWN_JS, "near")) >= 60
        fire = to_fire_move(page, through=True)
        shoot(page, "map-laptop-1-fire-turn")
        # hovering a card's group of the action list lights every district that card can reach, and only those
        for card in sorted({c["group"][1] for c in fire}):
            reach = sorted({c["target"] for c in fire if c["group"][1] == card})
            page.locator("#actions button.group", has_text=card).first.hover()
            assert page.evaluate(REACH_JS) == reach, card
            if card == fire[0]["group"][1]:
                shoot(page, "map-laptop-2-card-hover")
        page.mouse.move(5, 795)
        assert page.evaluate(REACH_JS) == []
        # the same from the card in the hand shown in the legend
        card = fire[0]["group"][1]
        page.locator(f'#board [data-group="{card}"]').hover()
        assert page.evaluate(REACH_JS) == sorted({c["target"] for c in fire if c["group"][1] == card})
        page.mouse.move(5, 795)
        # the fire move, clicked on the map where the district's name is; its path drawn before confirming
        want = wanted(fire)
        x, y = page.evaluate(SCREEN_AT_JS, want["target"])
        page.mouse.click(x, y)
        pick_from_menu(page, want)
        assert_path_previewed(page, want)
        assert len(want["path"]) > 2  # through burning districts, then the step in the card's direction
        names_readable(page)  # the confirm bar takes room from the map: still readable
        shoot(page, "map-laptop-3-path-preview")
        confirm_logged(page)
        browser.close()
    assert errors == []


def touch(client: Any, kind: str, points: list[tuple[float, float]]) -> None:
    client.send(
        "Input.dispatchTouchEvent",
        {
            "type": kind,
            "touchPoints": [
                {"x": x, "y": y, "id": i, "radiusX": 4, "radiusY": 4, "force": 1} for i, (x, y) in enumerate(points)
            ],
        },
    )


def drag(client: Any, frm: list[tuple[float, float]], to: list[tuple[float, float]], steps: int = 8) -> None:
    """Fingers put down at ``frm``, moved in steps to ``to`` and lifted (one finger pans, two pinch)."""
    touch(client, "touchStart", frm)
    for k in range(1, steps + 1):
        touch(
            client,
            "touchMove",
            [(a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps) for a, b in zip(frm, to)],
        )
    touch(client, "touchEnd", [])


def test_phone_map_fills_the_width_pinches_pans_without_choosing_and_a_tap_chooses_a_fire_move(
    server: ServerProcess,
) -> None:
    link = start(server, "great-fire", ["human", "random", "random"], seed=22)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(link)
        page.wait_for_selector("#board svg")
        box = page.locator("#board svg").bounding_box()
        assert box["width"] >= 390 * 0.93, box  # the map fills the width
        # a tap at any arrow or cross lands on the district under it: they never take the tap
        under = page.evaluate(UNDER_DECORATIONS_JS)
        assert under and all(hit == "place" for _, hit in under), [u for u in under if u[1] != "place"][:5]
        codes_readable_apart(page)
        fire = to_fire_move(page)
        codes_readable_apart(page)
        shoot(page, "map-phone-1-fire-turn")
        # a tap on a district that is no choice opens its name, houses and pieces by the finger; a second closes it
        ends = {c["target"] for c in fire} | {c["source"] for c in fire}
        other = next(
            n
            for n in page.evaluate("[...document.querySelectorAll('#board g.district')].map(g => g.dataset.place)")
            if n not in ends and n != "Pudding Lane"
        )
        x, y = page.evaluate(SCREEN_AT_JS, other)
        page.touchscreen.tap(x, y)
        page.wait_for_selector("#place-info", timeout=3000)
        words = page.locator("#place-info").inner_text()
        assert words.startswith(other + " (") and "houses:" in words, words
        assert page.locator("#place-menu").count() == 0 and page.evaluate("pick.choice") is None
        shoot(page, "map-phone-1b-district-tapped")
        page.touchscreen.tap(x, y)
        page.wait_for_selector("#place-info", state="detached", timeout=3000)
        # tapping a card's group (phones have no hover) lights what it reaches until the group closes
        card = fire[0]["group"][1]
        page.locator("#actions button.group", has_text=card).first.tap()
        assert page.evaluate(REACH_JS) == sorted({c["target"] for c in fire if c["group"][1] == card})
        shoot(page, "map-phone-2-card-tapped")
        page.locator("#actions button.group", has_text=card).first.tap()
        assert page.evaluate(REACH_JS) == []
        # a pinch on the target zooms in around it
        want = wanted(fire)
        client = page.context.new_cdp_session(page)
        whole = page.evaluate(VIEW_WIDTH_JS)
        x, y = page.evaluate(SCREEN_AT_JS, want["target"])
        drag(client, [(x - 20, y), (x + 20, y)], [(x - 90, y), (x + 90, y)])
        wait_js(page, f"{VIEW_WIDTH_JS} < {whole} / 2.5")
        zoomed = page.evaluate(VIEW_WIDTH_JS)
        # zoomed in, the names take the codes' place, readable
        assert page.evaluate(LABELS_SHOWN_JS, "far") == []
        names = page.evaluate(LABELS_SHOWN_JS, "near")
        assert len(names) >= 60 and min(px for _, _, px in names) >= 11
        # a drag that starts on a district the fire can reach pans the map and chooses nothing
        x, y = page.evaluate(SCREEN_AT_JS, want["target"])
        before = page.evaluate("document.querySelector('#board svg').getAttribute('viewBox')")
        drag(client, [(x, y)], [(x - 60, y + 25)])
        time.sleep(0.3)  # a choice would have opened by now
        assert page.evaluate("document.querySelector('#board svg').getAttribute('viewBox')") != before
        assert page.evaluate(VIEW_WIDTH_JS) == pytest.approx(zoomed)
        assert page.locator("#place-menu").count() == 0 and page.locator("#confirm-ok:visible").count() == 0
        assert page.evaluate("pick.choice") is None
        shoot(page, "map-phone-3-zoomed-panned")
        # a tap on the district chooses it; the path is drawn in the preview
        x, y = page.evaluate(SCREEN_AT_JS, want["target"])
        page.touchscreen.tap(x, y)
        pick_from_menu(page, want)
        assert_path_previewed(page, want)
        shoot(page, "map-phone-4-path-preview")
        confirm_logged(page)
        browser.close()
    assert errors == []
