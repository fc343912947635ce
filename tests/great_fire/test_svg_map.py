"""The Great Fire board drawn as a map (``svg.render_svg``), checked on the parsed SVG against the board data.

Every space has its shape and anchor, every printed link is drawn as a double-headed arrow whose halves point
each way in that card's colour (or as a four-way cross), names are large and never cover one another, pieces are
drawn by shape and letter as well as colour, and nothing drawn over the map takes the pointer from a district.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from firebreak.games.great_fire.data import load_board
from firebreak.games.great_fire.svg import CODE_SIZE, NAME_SIZE, OPPOSITE, code_width, name_width, render_svg

from .test_svg import NS, _game

BOARD = load_board()
CARDS = dict(zip("NESW", BOARD.card_colours))


def _played(seed: int, steps: int):  # type: ignore[no-untyped-def]
    """A 4-player game after ``steps`` random actions (colours public)."""
    return _game(seed, steps, hidden=False)


def _groups(root: ET.Element) -> dict[str, ET.Element]:
    """Each place's shape group (the one that takes clicks)."""
    return {g.get("data-place"): g for g in root.iter(NS + "g") if g.get("class") == "district"}


def _labels(root: ET.Element) -> dict[str, ET.Element]:
    """Each place's name and pieces, a layer over the rivers and arrows that lets the pointer through."""
    return {g.get("data-place"): g for g in root.iter(NS + "g") if g.get("class") == "district-label"}


def _points(d: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in re.findall(r"(-?[\d.]+),(-?[\d.]+)", d)]


def _inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = pt
    inside = False
    for k in range(len(poly)):
        (x0, y0), (x1, y1) = poly[k], poly[k - 1]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def test_every_space_is_its_outline_with_its_anchor_inside_and_its_name() -> None:
    root = ET.fromstring(render_svg(_played(1, 0).view(None), []))
    groups, labels = _groups(root), _labels(root)
    assert list(groups) == list(BOARD.names) == list(labels)
    for i, name in enumerate(BOARD.names):
        g = groups[name]
        area = next(p for p in g.iter(NS + "path") if p.get("class") == "area")
        drawn = _points(area.get("d"))
        assert drawn == [(round(x, 1), round(y, 1)) for x, y in BOARD.outlines[i]], name
        anchor = (float(g.get("data-x")), float(g.get("data-y")))
        assert anchor == tuple(round(v, 1) for v in BOARD.label_at[i]) and _inside(anchor, drawn), name
        assert g.get("aria-label").startswith(f"{name} (") and g.find(NS + "title").text.startswith(name)
        assert labels[name].get("pointer-events") == "none" and labels[name].get("aria-hidden") == "true"
        lines = [t.text for t in labels[name].iter(NS + "text") if t.get("class") == "name"]
        assert lines, f"{name} has no name on the map"
        # the whole name in whole words (over one to three lines), or where it fits nowhere the district's code
        # (the tooltip names it): never a word cut short ("Cheap.", "Linco. Gray.")
        assert " ".join(lines) == name or lines == [BOARD.codes[i]], (name, lines)


def test_the_desktop_map_reads_most_names_whole() -> None:
    """At 1280 px the map shows names, not codes: only the crowded middle of the City falls back to codes."""
    labels = _labels(ET.fromstring(render_svg(_played(1, 0).view(None), [])))
    whole = [
        n for n, g in labels.items() if " ".join(t.text for t in g.iter(NS + "text") if t.get("class") == "name") == n
    ]
    assert len(whole) >= 2 * len(labels) // 3 and "Pudding Lane" in whole


def test_names_are_written_large_and_never_cover_one_another() -> None:
    """Names may reach over their district's border (on a banner or halo), but never over another name."""
    root = ET.fromstring(render_svg(_played(2, 0).view(None), []))
    u = BOARD.map_size[0] / 1600
    boxes = []
    for name, g in _labels(root).items():
        for t in g.iter(NS + "text"):
            if t.get("class") != "name":
                continue
            size = float(t.get("font-size"))
            assert size >= NAME_SIZE * u - 0.05
            x, y, half = float(t.get("x")), float(t.get("y")), name_width(t.text, size) / 2
            assert 0 <= x - half and x + half <= BOARD.map_size[0], f"{t.text!r} leaves the map"
            boxes.append((x - half, y - size * 0.75, x + half, y + size * 0.2, name))
    for k, a in enumerate(boxes):
        for b in boxes[k + 1 :]:
            if a[4] != b[4]:
                assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), f"{a[4]} covers {b[4]}"


def test_each_district_also_carries_its_code_large_for_a_small_map_hidden_unless_the_page_shows_it() -> None:
    """For a phone showing the whole map: a page swaps each name (``g.lod-near``) for its code (``g.lod-far``),
    drawn at CODE_SIZE, inside the map and clear of every other code; alone, the picture shows the names."""
    root = ET.fromstring(render_svg(_played(2, 0).view(None), []))
    u = BOARD.map_size[0] / 1600
    assert float(root.get("data-name-size")) == NAME_SIZE * u  # the size a page measures the names by
    boxes = []
    for name, g in _labels(root).items():
        i = BOARD.names.index(name)
        layers = {k.get("class"): k for k in g if k.tag == NS + "g" and k.get("class", "").startswith("lod-")}
        assert "display" not in layers["lod-near"].attrib
        if BOARD.region[i] == "grassed":  # no fire enters a field: nothing to find it by
            assert "lod-far" not in layers
            continue
        assert layers["lod-far"].get("display") == "none"
        (code,) = [t for t in layers["lod-far"].iter(NS + "text")]
        assert code.text == BOARD.codes[i] and float(code.get("font-size")) == round(CODE_SIZE * u, 1)
        x, y, size = float(code.get("x")), float(code.get("y")), float(code.get("font-size"))
        half = code_width(code.text, size) / 2
        assert 0 <= x - half and x + half <= BOARD.map_size[0], f"{code.text} leaves the map"
        boxes.append((x - half, y - size * 0.75, x + half, y + size * 0.25, code.text))
    for k, a in enumerate(boxes):
        for b in boxes[k + 1 :]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), f"{a[4]} covers {b[4]}"


def test_every_link_is_a_double_headed_arrow_in_its_cards_colours_or_a_four_way_cross() -> None:
    root = ET.fromstring(render_svg(_game(3, 0).view(None), []))
    heads = {
        p.get("id").removeprefix("gf-half-"): p
        for p in root.iter(NS + "path")
        if (p.get("id") or "").startswith("gf-half-")
    }
    for d, head in heads.items():  # each direction's half points its way, in its card's colour
        vx, vy = ("E" in d) - ("W" in d), ("S" in d) - ("N" in d)
        pts = _points(head.get("d"))
        assert pts.index(max(pts, key=lambda p: p[0] * vx + p[1] * vy)) == 3, f"the {d} arrow does not point {d}"
        assert head.get("fill") == CARDS[d[0]]
    halves = {u.get("data-link"): u for u in root.iter(NS + "use") if u.get("data-link")}
    crosses = [u for u in root.iter(NS + "use") if u.get("class") == "cross"]
    on_crosses = {link for u in crosses for link in u.get("data-links").split()}
    arrows = 0
    for link in BOARD.links:
        a, b = BOARD.codes[link.a], BOARD.codes[link.b]
        if link.kind == "cross":
            assert f"{a}>{b}" in on_crosses, f"no cross drawn for {a}-{b}"
            continue
        arrows += 1
        there, back = halves.pop(f"{a}>{b}"), halves.pop(f"{b}>{a}")  # both ways, each link once
        assert there.get("href") == f"#gf-half-{link.dir}" and back.get("href") == f"#gf-half-{OPPOSITE[link.dir]}"
        assert (float(there.get("x")), float(there.get("y"))) == tuple(round(v, 1) for v in link.at)
        assert (there.get("x"), there.get("y")) == (back.get("x"), back.get("y"))
    assert arrows and not halves  # nothing drawn that is not a link
    cross = next(g for g in root.iter(NS + "g") if g.get("id") == "gf-cross")
    assert sorted(u.get("href") for u in cross.iter(NS + "use")) == sorted(f"#gf-half-{d}" for d in "NESW")
    assert all(u.get("href") == "#gf-cross" for u in crosses) and len(crosses) >= len(BOARD.crosses)


def test_decorations_over_the_map_let_the_pointer_through_to_the_districts() -> None:
    svg = render_svg(_played(4, 0).view(None), [])
    root = ET.fromstring(svg)
    groups = {g.get("class"): g for g in root.iter(NS + "g") if g.get("class") in ("links", "compass")}
    assert set(groups) == {"links", "compass"}
    for g in groups.values():
        assert g.get("pointer-events") == "none"
    assert len(list(groups["links"].iter(NS + "use"))) >= len(BOARD.links)
    for tag in ("polyline",):
        for el in root.iter(NS + tag):
            assert el.get("pointer-events") == "none"


def _pieces(g: ET.Element) -> list[str]:
    return [t.text or "" for t in g.iter(NS + "text")]


def test_houses_fire_bands_pawns_tokens_burnt_and_demolished_are_told_by_shape_and_letter() -> None:
    seen = set()
    for seed, steps in ((5, 40), (6, 120), (7, 200), (8, 320)):
        state = _played(seed, steps)
        view = state.view(None)
        root = ET.fromstring(render_svg(view, []))
        groups, labels = _groups(root), _labels(root)
        for d in view["districts"]:
            area = next(p for p in groups[d["name"]].iter(NS + "path") if p.get("class") == "area")
            g = labels[d["name"]]
            texts = _pieces(g)
            houses = [p for p in g.iter(NS + "path") if p.get("class") == "house"]
            assert len(houses) == len(d["houses"]), d["name"]
            for colour in d["houses"]:
                assert colour[0].upper() in texts  # a letter on every house: colour is never the only cue
            if d["fire"]:
                assert str(d["fire"]) in texts
                seen.add("fire")
                if d["contained"]:
                    assert area.get("stroke-dasharray"), d["name"]
                    assert f"×{d['trained_bands']}" in texts  # the bands holding it, drawn on the fire
                    seen.add("contained")
            elif d["trained_bands"]:
                assert f"×{d['trained_bands']}" in texts
            if d["demolished"]:
                assert "✕" in texts and area.get("fill") == "url(#gf-hatch)"
                seen.add("demolished")
            elif d["size"] and not d["houses"]:
                assert area.get("fill") == "url(#gf-ash)", d["name"]
                seen.add("burnt")
            if d["token"]:
                assert "?" in texts
            for seat in d["landowners"]:
                assert any(f"Landowner of P{seat}" in (t.text or "") for t in g.iter(NS + "title"))
            words = groups[d["name"]].get("aria-label")  # the shape's label tells it all in words
            assert (f"fire cones: {d['fire']}" in words) == bool(d["fire"])
            assert ("token face down" in words) == d["token"]
            assert ("landowner" in words) == bool(d["landowners"])
            assert all(f"P{seat}" in words for seat in d["landowners"])
            if d["objective_vp"]:
                assert str(d["objective_vp"]) in texts
    assert seen == {"fire", "contained", "demolished", "burnt"}, seen


def test_only_the_viewers_hand_is_drawn_card_by_card_to_hover() -> None:
    state = _played(9, 30)
    for viewer in (None, 0, 1, 2, 3):
        root = ET.fromstring(render_svg(state.view(viewer), []))
        cards = [t for t in root.iter(NS + "tspan") if t.get("data-group")]
        if viewer is None:
            assert not cards
            continue
        hand = state.view(viewer)["players"][viewer]["hand"]
        assert {t.get("data-group") for t in cards} == {f"{k.capitalize()} card" for k, v in hand.items() if v}


def test_the_static_part_is_built_once_per_board_not_per_view() -> None:
    """The server draws the board per viewer per update: the map's unchanging part comes from the cache."""
    from firebreak.games.great_fire import svg as module

    state = _played(10, 60)
    views = [state.view(v) for v in (None, 0, 1, 2, 3)]
    render_svg(views[0], [])
    before = module._static.cache_info().misses
    for view in views:
        render_svg(view, [])
    assert module._static.cache_info().misses == before
