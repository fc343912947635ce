"""The Great Fire board's legend and game-over results lie inside the picture and never overlap, for 3-6 seats.

Text widths are estimated generously (0.6 em a character, ``svg.text_width``); every text below the map must end
inside the viewBox and no two may share any space.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from firebreak.games.great_fire.svg import CODE_SIZE, render_svg, text_width

from .helpers import SPEC

NS = "{http://www.w3.org/2000/svg}"


def _boxes(svg: str, far: bool = False):  # type: ignore[no-untyped-def]
    """Each text's box, of the picture as drawn (``far``: as a page shows it too small for names: its codes and
    far legend instead of its names and legend)."""
    root = ET.fromstring(svg)
    _, _, W, H = (float(v) for v in root.get("viewBox").split())
    layer = {
        t: g.get("class")
        for g in root.iter(NS + "g")
        if g.get("class") in ("lod-near", "lod-far")
        for t in g.iter(NS + "text")
    }
    boxes = []
    anchor_of = {
        t: g.get("text-anchor") for g in root.iter(NS + "g") if g.get("text-anchor") for t in g.iter(NS + "text")
    }  # inherited from the nearest group that sets it
    for t in root.iter(NS + "text"):
        if t.get("transform") or layer.get(t, "lod-far" if far else "lod-near") != ("lod-far" if far else "lod-near"):
            continue  # the Fleet's rotated label; the other layer
        size = float(t.get("font-size"))
        x, y = float(t.get("x")), float(t.get("y"))
        width = text_width(t.text or "", size)
        anchor = t.get("text-anchor") or anchor_of.get(t) or "start"
        x0 = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
        boxes.append((x0, y - size * 0.8, x0 + width, y + size * 0.2, t.text))
    return W, H, boxes


def _finished(n: int, seed: int, hidden: bool):  # type: ignore[no-untyped-def]
    s = SPEC.new_game(n, seed, {"hidden_colours": hidden})
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_game_over_results_lie_inside_the_picture_without_overlaps(n: int) -> None:
    for seed, hidden in ((n, False), (n + 10, True)):
        s = _finished(n, seed, hidden)
        for viewer in (None, *range(n)):
            svg = render_svg(s.view(viewer), [])
            W, H, boxes = _boxes(svg)
            map_h = float(re.search(r'<rect x="0" y="0" width="[\d.]+" height="([\d.]+)"', svg).group(1))
            legend = [b for b in boxes if b[1] >= map_h - 1]
            assert legend, "no legend drawn"
            for x0, _y0, x1, y1, text in legend:
                assert 0 <= x0 and x1 <= W and y1 <= H, f"{text!r} leaves the picture ({x0:.0f}-{x1:.0f}, {y1:.0f})"
            for i, a in enumerate(legend):
                for b in legend[i + 1 :]:
                    overlap = a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
                    assert not overlap, f"{a[4]!r} overlaps {b[4]!r}"
            words = " ".join(b[4] or "" for b in legend)
            w = s.winners()[0]
            assert f"Game over. {s.player_name(w)}" in words and "Score sheet" in words
            for p in range(n):  # every seat's objectives are shown to everyone at the end
                for o in s.objectives[p]:
                    assert s.view(None)["districts"][o]["name"] in words


def test_a_running_game_legend_fits_too() -> None:
    for n in (3, 6):
        s = SPEC.new_game(n, 40 + n, {"hidden_colours": True})
        rng = random.Random(n)
        for _ in range(120):
            s.apply(rng.choice(s.legal_actions()))
        for viewer in (None, *range(n)):
            W, H, boxes = _boxes(render_svg(s.view(viewer), []))
            for _x0, _, x1, y1, text in boxes:
                assert x1 <= W + 1 and y1 <= H, f"{text!r} leaves the picture"


@pytest.mark.parametrize("n", [3, 6])
def test_the_far_legend_a_phone_shows_fits_never_overlaps_and_tells_only_the_viewers_secrets(n: int) -> None:
    """Where the page shows codes for names (a phone), the legend is a few lines of large words instead: the
    turn, the viewer's own cards, tokens and objectives (the winner at the end), inside the picture."""
    running = SPEC.new_game(n, 50 + n, {"hidden_colours": True})
    rng = random.Random(n)
    for _ in range(60):
        running.apply(rng.choice(running.legal_actions()))
    for s in (running, _finished(n, n, True)):
        for viewer in (None, *range(n)):
            svg = render_svg(s.view(viewer), [])
            W, H, boxes = _boxes(svg, far=True)
            map_h = float(re.search(r'<rect x="0" y="0" width="[\d.]+" height="([\d.]+)"', svg).group(1))
            legend = [b for b in boxes if b[1] >= map_h - 1]
            assert legend and all(b[3] - b[1] >= CODE_SIZE * 0.99 for b in legend)  # as large as the codes
            for x0, _y0, x1, y1, text in legend:
                assert 0 <= x0 and x1 <= W and y1 <= H, f"{text!r} leaves the picture"
            for i, a in enumerate(legend):
                for b in legend[i + 1 :]:
                    assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), f"{a[4]!r} / {b[4]!r}"
            words = " ".join(b[4] or "" for b in legend)
            for p in range(n):
                names = [s.view(None)["districts"][o]["name"] for o in s.objectives[p]]
                shown = all(name in words for name in names)
                assert shown == (p == viewer), (p, viewer, words)  # a seat's own objectives, no one else's
            assert ("Game over." in words) == s.is_terminal()
