"""The Brigade SVG board hook: valid SVG drawn only from a seat's view, every block and meeple, clickable legal
targets only, for every option combination and through whole random games."""

from __future__ import annotations

import itertools
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from firebreak.core import Rng, get_game
from firebreak.games.brigade.svg import render_svg

NS = "{http://www.w3.org/2000/svg}"
OPTIONS = ("advanced", "big_buildings", "fire_festival", "addon_pack")
POS = re.compile(r"\b([A-F][1-6])\b")


def _game(players: int, seed: int, steps: int, **opts: bool):  # type: ignore[no-untyped-def]
    state = get_game("brigade").new_game(players, seed, opts)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _legal(state):  # type: ignore[no-untyped-def]
    return [(a, state.action_to_text(a)) for a in state.legal_actions()]


def _blocks(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.get("data-pos"): g for g in root.iter(NS + "g") if g.get("class") == "block"}


def _texts(g: ET.Element) -> list[str]:
    return [t.text or "" for t in g.iter(NS + "text")]


def _check(state, viewer) -> str:  # type: ignore[no-untyped-def]
    """Draw ``viewer``'s board and check what a player would rely on: every block with its position, name,
    fire and meeples as words; clickable blocks exactly where one legal action names the block."""
    view = state.view(viewer)
    legal = _legal(state) if viewer is not None and viewer == state.current_player() else []
    svg = render_svg(view, legal)
    blocks = _blocks(svg)
    assert list(blocks) == [c["pos"] for c in view["board"]]
    for c in view["board"]:
        g = blocks[c["pos"]]
        title = g.find(NS + "title").text or ""
        assert c["name"] in title and c["pos"] in title
        texts = _texts(g)
        for p in c["brigades"]:
            assert f"B{p}" in texts
        for p in c["wagons"]:
            assert f"W{p}" in texts
        if c["destroyed"]:
            assert "✕ DESTROYED" in texts and g.find(NS + "rect[@fill='url(#bg-hatch)']") is not None
        elif c["intensity"]:
            assert f"{c['intensity']}/{c['track']}" in texts
        if c["loyal"] >= 0:
            assert f"L{c['loyal']}" in texts
    texts = dict(legal)
    named: dict[str, list[int]] = {}
    for a, t in legal:
        for pos in set(POS.findall(t)):
            named.setdefault(pos, []).append(a)
    marked = {pos: int(g.get("data-action")) for pos, g in blocks.items() if g.get("data-action") is not None}
    assert marked == {pos: ids[0] for pos, ids in named.items() if len(ids) == 1}
    for pos, a in marked.items():
        assert a in texts and pos in POS.findall(texts[a])
    return svg


def test_the_hook_is_registered_on_the_game_spec() -> None:
    """The play server finds the board through ``GameSpec.svg``; checked in a fresh interpreter."""
    code = (
        "from firebreak.core import get_game; from firebreak.games.brigade.svg import render_svg; "
        "assert get_game('brigade').svg is render_svg, 'svg hook not registered'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


def test_the_start_shows_every_block_firehouses_and_each_players_meeples_at_home() -> None:
    state = _game(3, 1, 0)
    svg = _check(state, 0)
    blocks = _blocks(svg)
    view = state.view(0)
    for p in view["players"]:
        home = blocks[p["firehouse"]]
        assert {f"B{p['seat']}", f"W{p['seat']}", p["name"]} <= set(_texts(home))
        assert p["name"] == f"{p['colour'].title()} (P{p['seat']})"
        assert "Firehouse" in _texts(home)
    corners = {"A1", "F1", "A6", "F6"}
    assert sum("Firehouse" in _texts(blocks[c]) for c in corners) == 4
    # University blocks and the town's affiliations carry a code, not only a tint
    assert any(t.startswith("UNI ·") for t in _texts(blocks["C3"]))
    assert "White (P0), you" in svg and svg.count(", you ·") == 1


def test_drawn_only_from_the_view_the_same_for_truth_and_a_determinisation() -> None:
    for seed, steps in ((2, 5), (3, 30), (4, 70)):
        state = _game(3, seed, steps, addon_pack=True)
        for seat in range(3):
            legal = _legal(state) if seat == state.current_player() else []
            truth = render_svg(state.view(seat), legal)
            guess = state.determinize(seat, Rng(seed + 100))
            assert truth == render_svg(guess.view(seat), legal)


def test_recruit_cards_drawn_are_shown_only_to_their_drawer() -> None:
    from firebreak.games.brigade import actions as A

    for seed in range(40):
        state = get_game("brigade").new_game(3, seed, {})
        rng = random.Random(seed)
        for _ in range(200):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            if A.RECRUIT in legal:
                state.apply(A.RECRUIT)
                break
            state.apply(rng.choice(legal))
        drawer = state.view(None)["drawer"]
        if drawer is None or drawer < 0 or not isinstance(state.view(drawer)["drawn"], list):
            continue
        names = state.view(drawer)["drawn"]
        if names:
            assert "You drew:" in render_svg(state.view(drawer), _legal(state))
            for seat in range(3):
                if seat != drawer:
                    svg = render_svg(state.view(seat), [])
                    assert "You drew:" not in svg
                    assert all(f") {n}" not in svg for n in names)
            return
    pytest.fail("no game reached a recruit draw")


def test_only_legal_actions_are_clickable_and_other_seats_get_none() -> None:
    clickable_seen = 0
    for seed, steps in ((5, 0), (6, 12), (7, 40), (8, 90)):
        state = _game(3, seed, steps)
        if state.is_terminal():
            continue
        svg = _check(state, state.current_player())
        clickable_seen += svg.count("data-action=")
        for seat in range(3):
            if seat != state.current_player():
                assert "data-action" not in render_svg(state.view(seat), [])
        assert "data-action" not in render_svg(state.view(None), [])
    assert clickable_seen > 0


@pytest.mark.parametrize(
    "combo",
    list(itertools.product((False, True), repeat=len(OPTIONS))),
    ids=lambda c: "-".join(o for o, on in zip(OPTIONS, c) if on) or "base",
)
def test_every_option_combination_draws_a_valid_board(combo: tuple[bool, ...]) -> None:
    opts = dict(zip(OPTIONS, combo))
    for players in (2, 4):
        state = _game(players, 11 + players, 25, **opts)
        for viewer in (None, *range(players)):
            _check(state, viewer)
        if opts["big_buildings"]:
            assert "BIG" in render_svg(state.view(None), [])


@pytest.mark.slow
def test_whole_random_games_draw_every_ten_actions() -> None:
    for seed, players, opts in (
        (21, 2, {}),
        (22, 3, {"advanced": True, "big_buildings": True}),
        (23, 4, {"fire_festival": True, "addon_pack": True, "advanced": True}),
    ):
        state = get_game("brigade").new_game(players, seed, opts)
        rng = random.Random(seed)
        n = 0
        while not state.is_terminal():
            if n % 10 == 0:
                _check(state, state.current_player())
                _check(state, None)
            state.apply(rng.choice(state.legal_actions()))
            n += 1
        svg = _check(state, None)
        assert "Game over" in svg


def test_a_short_random_game_draws_every_ten_actions() -> None:
    """The fast tier of the whole-game check: one 3-player game, boards every ten actions until the end."""
    state = get_game("brigade").new_game(3, 31, {"big_buildings": True})
    rng = random.Random(31)
    n = 0
    while not state.is_terminal():
        if n % 10 == 0:
            _check(state, state.current_player())
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    assert "Game over" in _check(state, 0)
