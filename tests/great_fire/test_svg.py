"""The Great Fire SVG board hook: drawn only from a seat's view, every district, clickable legal targets."""

from __future__ import annotations

import random
import subprocess
import sys
import xml.etree.ElementTree as ET

from firebreak.core import get_game
from firebreak.games.great_fire.data import load_board
from firebreak.games.great_fire.svg import render_svg

NS = "{http://www.w3.org/2000/svg}"


def _game(seed: int, steps: int, hidden: bool = True):  # type: ignore[no-untyped-def]
    state = get_game("great-fire").new_game(4, seed, {"hidden_colours": hidden})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _legal(state):  # type: ignore[no-untyped-def]
    return [(a, state.action_to_text(a)) for a in state.legal_actions()]


def test_the_hook_is_registered_on_the_game_spec() -> None:
    """The play server finds the board through ``GameSpec.svg`` (no game names in the server).

    Checked in a fresh interpreter, so that no other test registering the hook for itself can mask its absence.
    """
    code = (
        "from firebreak.core import get_game; from firebreak.games.great_fire.svg import render_svg; "
        "assert get_game('great-fire').svg is render_svg, 'svg hook not registered'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


def test_every_district_is_drawn_as_valid_svg_with_lettered_houses() -> None:
    state = _game(1, 40)
    for viewer in (None, 0, 1, 2, 3):
        svg = render_svg(state.view(viewer), [])
        root = ET.fromstring(svg)
        groups = [g for g in root.iter(NS + "g") if g.get("class") == "district"]
        assert [g.get("data-district") for g in groups] == list(load_board().names)
        # each name and its pieces in a layer drawn over the rivers and arrows, in the same order
        labels = [g for g in root.iter(NS + "g") if g.get("class") == "district-label"]
        assert [g.get("data-place") for g in labels] == list(load_board().names)
        for g, over, d in zip(groups, labels, state.view(viewer)["districts"]):
            letters = [t.text for t in over.iter(NS + "text") if t.text and len(t.text) == 1 and t.text.isupper()]
            for colour in d["houses"]:
                assert colour[0].upper() in letters  # a letter on every house: colour is never the only cue
            assert d["name"] in g.find(NS + "title").text
    assert "River Thames" in svg and "Fleet" in svg


def test_only_legal_actions_are_clickable_each_on_the_district_it_names() -> None:
    for seed, steps in ((2, 0), (3, 10), (4, 60), (5, 120)):
        state = _game(seed, steps)
        if state.is_terminal():
            continue
        legal = _legal(state)
        root = ET.fromstring(render_svg(state.view(state.current_player()), legal))
        ids = dict(legal)
        marked = [g for g in root.iter(NS + "g") if g.get("data-action") is not None]
        for g in marked:
            a = int(g.get("data-action"))
            assert a in ids and ids[a].endswith(g.get("data-district"))
        # and a district is clickable whenever exactly one legal action ends on it
        names = load_board().names
        unique = [
            n
            for n in names
            if sum(t.endswith(n) and not any(t.endswith(m) and len(m) > len(n) for m in names) for _, t in legal) == 1
        ]
        assert sorted(g.get("data-district") for g in marked) == sorted(unique)
    # other seats get no clickable districts
    state = _game(6, 30)
    assert "data-action" not in render_svg(state.view((state.current_player() + 1) % 4), [])


def test_a_seat_sees_only_its_own_objectives_hand_and_hidden_colour() -> None:
    state = _game(7, 50, hidden=True)
    spectator = render_svg(state.view(None), [])
    assert "objectives:" not in spectator and "(you)" not in spectator
    for seat in range(4):
        svg = render_svg(state.view(seat), [])
        # its own objectives: the legend's line, and the far legend's a phone shows (one way or the other)
        assert svg.count(">objectives:") == 1 and svg.count(">Your objectives:") == 1 and svg.count("(you)") == 1
        own_colour = state.view(seat)["players"][seat]["colour"]
        assert own_colour in svg
        # the same view always draws the same board: nothing else goes in
        assert svg == render_svg(state.view(seat), [])
    assert spectator.count(">secret<") == 4  # every colour still secret to a spectator


def test_fire_demolition_and_tokens_are_shown_without_relying_on_colour() -> None:
    state = _game(8, 150)
    view = state.view(None)
    svg = render_svg(view, [])
    root = ET.fromstring(svg)
    by_name = {g.get("data-place"): g for g in root.iter(NS + "g") if g.get("class") == "district-label"}
    for d in view["districts"]:
        texts = [t.text for t in by_name[d["name"]].iter(NS + "text")]
        if d["fire"]:
            assert str(d["fire"]) in texts  # the count, not just a colour
        if d["demolished"]:
            assert "✕" in texts
        if d["token"]:
            assert "?" in texts
