"""The Catan SVG board hook: drawn only from a seat's view, every hex, number, harbour and building, clickable
legal targets, for 3-6 players in both modes and through whole random games."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from firebreak.core import Rng
from firebreak.games.catan.place_words import of_state
from firebreak.games.catan.svg import render_svg

from .helpers import build, new, road

NS = "{http://www.w3.org/2000/svg}"
MODES = ("firestorm", "classic")


def _advance(s, seed: int, steps: int):  # type: ignore[no-untyped-def]
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        la = s.legal_actions()
        s.apply(la[rng.below(len(la))])
    return s


def _legal(s):  # type: ignore[no-untyped-def]
    return [(a, s.action_to_text(a)) for a in s.legal_actions()]


def _texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(NS + "text")]


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if g.get("class") == cls]


def check_board(view: dict, svg: str) -> ET.Element:
    """Every hex (letter, terrain, number), harbour, building and road of the view is drawn, with text cues."""
    root = ET.fromstring(svg)
    board = view["board"]
    hexes = {g.get("data-hex"): g for g in _groups(root, "hex")}
    assert list(hexes) == [h["label"] for h in board["hexes"]]
    for h in board["hexes"]:
        texts = _texts(hexes[h["label"]])
        assert h["label"] in texts and h["terrain"] in texts  # terrain named, not only coloured
        if h["number"]:
            assert str(h["number"]) in texts
        assert h["label"] in hexes[h["label"]].find(NS + "title").text
    word = "FIRE" if view["token"] == "firestorm" else "R"
    for letter, g in hexes.items():
        tokens = _groups(g, "token")
        assert len(tokens) == (letter == view["token_hex"])
        if tokens:  # named by a word or letter and a shape, not only by colour
            assert tokens[0].get("data-token") == view["token"] and word in _texts(tokens[0])
    harbours = _groups(root, "harbour")
    assert len(harbours) == len(board["harbours"])
    for g, hb in zip(harbours, board["harbours"]):
        res, _, rate = hb["kind"].partition(" ")
        assert f"{rate} {'any resource' if res == 'generic' else res}" in g.find(NS + "title").text
    buildings = {int(g.get("data-node")): g for g in _groups(root, "building")}
    assert sorted(buildings) == sorted(b["node"] for b in board["buildings"])
    for b in board["buildings"]:
        g = buildings[b["node"]]
        assert g.get("data-kind") == b["kind"] and int(g.get("data-seat")) == b["player"]
        texts = _texts(g)
        assert str(b["player"]) in texts  # the seat's digit on every piece: colour is never the only cue
        assert ("F" in texts) == b["fire_station"]
        points = len(g.find(NS + "polygon").get("points").split())
        assert points == (7 if b["kind"] == "city" else 5)  # cities and settlements differ in shape
    roads = {g.get("data-edge"): g for g in _groups(root, "road")}
    assert sorted(roads) == sorted(f"{min(r['edge'])}-{max(r['edge'])}" for r in board["roads"])
    for r in board["roads"]:
        assert str(r["player"]) in _texts(roads[f"{min(r['edge'])}-{max(r['edge'])}"])
    return root


def check_clickable(root: ET.Element, legal: list[tuple[int, str]]) -> None:
    """data-action only on legal actions, each on the node, path or hex its text names, and on every target that
    exactly one legal action names."""
    ids = dict(legal)
    marked = [g for g in root.iter(NS + "g") if g.get("data-action") is not None]
    named: dict[str, list[int]] = {}
    for a, text in legal:
        if m := re.fullmatch(r"(?:settlement|city|fire station) (\d+)", text):
            named.setdefault("node " + m.group(1), []).append(a)
        elif m := re.fullmatch(r"road (\d+)-(\d+)", text):
            named.setdefault("edge " + m.group(1) + "-" + m.group(2), []).append(a)
        elif m := re.fullmatch(r"(?:firestorm on|robber to) hex ([A-Z]+)", text):
            named.setdefault("hex " + m.group(1), []).append(a)
    got = {}
    for g in marked:
        a = int(g.get("data-action"))
        assert a in ids
        key = (
            f"node {g.get('data-node')}"
            if g.get("data-node") is not None
            else f"edge {g.get('data-edge')}"
            if g.get("data-edge") is not None
            else f"hex {g.get('data-hex')}"
        )
        got[key] = a
    assert got == {k: v[0] for k, v in named.items() if len(v) == 1}


def test_the_hook_is_registered_on_the_game_spec() -> None:
    """The play server finds the board through ``GameSpec.svg``; checked in a fresh interpreter."""
    code = (
        "from firebreak.core import get_game; from firebreak.games.catan.svg import render_svg; "
        "spec = get_game('catan'); assert spec.svg is render_svg, 'svg hook not registered'; "
        "assert spec.search.scale == 10.0"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", (3, 4, 5, 6))
def test_every_hex_number_harbour_and_building_is_drawn_for_every_seat(mode: str, players: int) -> None:
    s = _advance(new(players, players, mode=mode, layout="random"), players * 11, 260)
    assert s.view(None)["board"]["buildings"]  # the setup placed pieces
    for viewer in (None, *range(players)):
        view = s.view(viewer)
        legal = _legal(s) if viewer == s.current_player() else []
        root = check_board(view, render_svg(view, legal))
        check_clickable(root, legal)


def test_setup_settlements_are_clickable_nodes_and_only_for_the_seat_to_act() -> None:
    s = new(4, 1)
    legal = _legal(s)
    root = ET.fromstring(render_svg(s.view(0), legal))
    nodes = [g for g in _groups(root, "node") if g.get("data-action") is not None]
    assert len(nodes) == len(legal) == s.topo.num_nodes  # every empty node may take the first settlement
    for g in nodes:
        assert dict(legal)[int(g.get("data-action"))] == f"settlement {g.get('data-node')}"
    assert "data-action" not in render_svg(s.view(1), [])
    # after the settlement, the seat's roads are clickable paths next to it
    s.apply("settlement 12")
    legal = _legal(s)
    root = ET.fromstring(render_svg(s.view(0), legal))
    paths = [g for g in _groups(root, "path") if g.get("data-action") is not None]
    assert paths and len(paths) == len(legal)
    assert all("12" in g.get("data-edge").split("-") for g in paths)


def test_a_node_with_two_legal_actions_is_left_to_the_buttons() -> None:
    """city 10 and fire station 10 both legal: clicking the node would be ambiguous, so it is not clickable."""
    s = new(4, 0, mode="firestorm")
    legal = [(500, "city 10"), (600, "fire station 10"), (700, "city 20"), (800, "road 10-14")]
    root = ET.fromstring(render_svg(s.view(0), legal))
    marked = {
        g.get("data-node") or g.get("data-edge"): g.get("data-action")
        for g in root.iter(NS + "g")
        if g.get("data-action")
    }
    assert marked == {"20": "700", "10-14": "800"}


def test_the_board_is_drawn_from_the_view_only_the_same_for_a_determinisation() -> None:
    for mode in MODES:
        s = _advance(new(4, 5, mode=mode, layout="random"), 9, 400)
        resampled = 0
        for seat in range(4):
            det = s.determinize(seat, Rng(77 + seat))
            resampled += det.hands != s.hands  # the hidden cards were redealt, yet the drawing is the same
            legal = _legal(s) if seat == s.current_player() else []
            assert render_svg(s.view(seat), legal) == render_svg(det.view(seat), legal)
        assert resampled > 0
        spectator = render_svg(s.view(None), [])
        assert "Your hand" not in spectator and "(you)" not in spectator
        for seat in range(4):
            svg = render_svg(s.view(seat), [])
            hand = ", ".join(f"{v} {k}" for k, v in s.view(seat)["hand"].items())
            assert f"Your hand: {hand}" in svg and svg.count("(you)") == 1


def test_six_and_eight_are_emphasised_and_pieces_show_seat_and_fire_station() -> None:
    s = new(4, 0, mode="firestorm")
    build(s, 2, 10, city=True, station=True)
    build(s, 1, 30)
    road(s, 1, *s.topo.edge_nodes[s.topo.node_edges[30][0]])
    view = s.view(None)
    root = check_board(view, render_svg(view, []))
    for g in _groups(root, "hex"):
        for t in g.iter(NS + "text"):
            if t.text in ("6", "8"):
                assert t.get("font-weight") == "bold" and float(t.get("font-size")) > 13
            elif t.text and t.text.isdigit():
                assert t.get("font-weight") == "normal"
    city = next(g for g in _groups(root, "building") if g.get("data-node") == "10")
    assert f"City of Pink (P2) at {of_state(s).corner(10)} with a fire station" in city.find(NS + "title").text


def test_the_robber_is_drawn_in_classic_mode_and_the_token_hex_is_clickable_when_moving_it() -> None:
    s = new(4, 0, mode="classic")
    view = s.view(None)
    check_board(view, render_svg(view, []))
    assert view["token"] == "robber" and view["token_hex"]
    legal = [
        (900 + i, f"robber to hex {h['label']}")
        for i, h in enumerate(view["board"]["hexes"])
        if h["label"] != view["token_hex"]
    ]
    check_clickable(ET.fromstring(render_svg(view, legal)), legal)


@pytest.mark.parametrize("mode", MODES)
def test_a_whole_random_game_draws_every_fifty_actions(mode: str) -> None:
    s = new(4, 21, mode=mode, layout="random")
    rng = Rng(21)
    k = 0
    while not s.is_terminal():
        if k % 50 == 0:
            p = s.current_player()
            legal = _legal(s)
            check_clickable(check_board(s.view(p), render_svg(s.view(p), legal)), legal)
            check_board(s.view(None), render_svg(s.view(None), []))
        la = s.legal_actions()
        s.apply(la[rng.below(len(la))])
        k += 1
    svg = render_svg(s.view(0), [])
    check_board(s.view(0), svg)
    (w,) = s.winners()
    assert f"Game over: {s.player_name(w)} wins with" in svg
