"""How a Catan player chooses and reads: grouped choices with board places, names, sentences and score sheets.

Random games over 3-6 seats and both rule modes: every legal action sits in exactly one choice whose places are
real board elements drawn with ``data-place`` in that position's picture; no menu outside set-up grows past 30
entries; choices never depend on what the seat cannot see; and no screen (terminal, log, board, results) shows
internals.
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.text_sweep import codes, internals, svg_words  # noqa: E402

from firebreak.core import Event, Rng  # noqa: E402
from firebreak.core.game import ActionChoice, check_choices  # noqa: E402
from firebreak.games.catan.actions import END_TURN  # noqa: E402
from firebreak.games.catan.constants import SETUP_ROAD, SETUP_SETTLEMENT  # noqa: E402
from firebreak.games.catan.place_words import of_state, of_view  # noqa: E402
from firebreak.games.catan.places import hex_place, node_place, path_place  # noqa: E402
from firebreak.games.catan.state import CatanState  # noqa: E402
from firebreak.games.catan.svg import render_svg  # noqa: E402

from .helpers import SPEC, blank, build, give, new, road  # noqa: E402

GAMES = [(players, mode, seed) for players in (3, 4, 5, 6) for mode in ("firestorm", "classic") for seed in (1, 2)]
PLACE = re.compile(r'data-place="([^"]+)"')


def _places(s: CatanState) -> set[str]:
    t = s.topo
    return (
        {hex_place(x) for x in t.hex_labels}
        | {node_place(n) for n in range(t.num_nodes)}
        | {path_place(u, v) for u, v in t.edge_nodes}
    )


def _svg(s: CatanState, viewer: int | None) -> str:
    legal = (
        [(a, s.action_to_text(a)) for a in s.legal_actions()]
        if viewer is not None and viewer == s.current_player()
        else []
    )
    return render_svg(s.view(viewer), legal)


def _walk(players: int, mode: str, seed: int, limit: int = 1200, board: str = "base"):
    """Every state of a random game (the same state object, moved on after each yield)."""
    s = new(players, seed, mode=mode, layout="random", board=board)
    rng = random.Random(seed * 31 + players)
    while not s.is_terminal() and len(s.history) < limit:
        yield s
        s.apply(rng.choice(s.legal_actions()))
    yield s


def _sizes(choices: list[ActionChoice]) -> Counter:
    """Entries per menu: each group path counts its own entries and its sub-menus (one entry each)."""
    menus: dict[tuple[str, ...], set[str]] = {}
    for c in choices:
        path = c.group
        menus.setdefault(path, set()).add("entry:" + c.label)
        for i in range(len(path)):
            menus.setdefault(path[:i], set()).add("menu:" + path[i])
    return Counter({path: len(items) for path, items in menus.items()})


@pytest.mark.parametrize(("players", "mode", "seed"), GAMES)
def test_every_legal_action_is_in_one_choice_on_real_places_drawn_in_the_picture(players, mode, seed) -> None:
    biggest = 0
    for k, s in enumerate(_walk(players, mode, seed)):
        if s.is_terminal():
            assert s.action_choices() == []
            break
        choices = check_choices(s)
        places = _places(s)
        named = {x for c in choices for x in (c.source, c.target, *c.preview) if x is not None}
        assert named <= places, named - places
        if named and k % 3 == 0:
            drawn = set(PLACE.findall(_svg(s, s.current_player())))
            assert named <= drawn, named - drawn
        ends = [c for c in choices if c.action == END_TURN]
        if ends:
            assert choices[-1].action == END_TURN and (len(choices) == 1 or choices[0].action != END_TURN)
        if len(choices) == 1:
            assert choices[0].note, f"a lone choice says why: {choices[0].label}"
        if s.phase not in (SETUP_SETTLEMENT, SETUP_ROAD):
            biggest = max(biggest, max(_sizes(choices).values()))
    assert biggest <= 30


def test_choices_group_builds_trades_and_the_firestorm_as_a_player_thinks() -> None:
    s = blank(4, mode="firestorm")
    build(s, 0, 10)
    road(s, 0, *s.topo.edge_nodes[s.topo.node_edges[10][0]])
    give(s, 0, lumber=5, brick=2, wool=2, grain=2, ore=4)
    choices = check_choices(s)
    groups = [c.group[:1] for c in choices]
    assert ("Build a road",) in groups and ("Build a fire station",) in groups and ("Build a settlement",) not in groups
    bank = [c for c in choices if c.group[:1] == ("Trade with the bank",)]
    lumber, ore = f"Give {s.rates[0][0]} lumber", f"Give {s.rates[0][4]} ore"
    assert {c.group[1] for c in bank} == {lumber, ore}
    assert {c.label for c in bank if c.group[1] == lumber} == {"Get 1 brick", "Get 1 wool", "Get 1 grain", "Get 1 ore"}
    station = next(c for c in choices if c.group == ("Build a fire station",))
    assert station.target == node_place(10) and station.label == f"Build a fire station at {of_state(s).corner(10)}"
    assert choices[-1].label == "End your turn" and choices[0].label != "End your turn"
    # the firestorm: hexes, each saying which buildings the fire would reach (public facts only)
    s.phase = 5  # MOVE_TOKEN
    s._legal = s._legal_set = None
    hexes = check_choices(s)
    assert all(c.group == ("Move the firestorm",) and c.target.startswith("hex-") for c in hexes)
    near = [c for c in hexes if node_place(10) in c.preview]
    assert near and all("1 building of Blue (P0)" in c.note for c in near)


@pytest.mark.parametrize("players,board", [(3, "base"), (5, "base"), (4, "seafarers")])
def test_set_up_corners_are_found_by_the_hex_they_touch_in_the_boards_lettering(players: int, board: str) -> None:
    """A player looking for a set-up spot opens the hex they see on the board ("Next to the grain 3 hex (A)"), the
    hexes in the order of their letters, every corner under the first land hex it touches, none twice."""
    s = new(players, seed=3, board=board)
    while s.phase != SETUP_SETTLEMENT:
        s.apply(s.legal_actions()[0])
    choices = check_choices(s)
    names, t = of_state(s), s.topo
    heads = list(dict.fromkeys(c.group[1] for c in choices))
    order = [h for h in range(len(t.hex_labels)) if f"Next to {names.hex(t.hex_labels[h])}" in heads]
    assert heads == [f"Next to {names.hex(t.hex_labels[h])}" for h in order]  # in the board's lettering
    assert len(heads) > 5 and all(c.group[0].startswith("Set-up: place your") for c in choices)
    for c in choices:
        n = next(n for n in range(t.num_nodes) if node_place(n) == c.target)
        land = [h for h in t.node_hexes[n] if not t.hex_sea[h]]
        assert c.group[1] == f"Next to {names.hex(t.hex_labels[min(land)])}", c.label
    assert sorted(a for c in choices for a in c.actions) == sorted(s.legal_actions())


def test_a_lone_end_of_turn_says_why() -> None:
    s = blank(4, mode="firestorm", player_trades=False)
    (choice,) = check_choices(s)
    assert choice.label == "End your turn" and "cannot afford" in choice.note


@pytest.mark.parametrize("mode", ("firestorm", "classic"))
def test_choices_are_the_same_whatever_the_hidden_cards_of_the_others(mode: str) -> None:
    compared = differed = 0
    for players, seed in ((4, 5), (5, 6)):
        for k, s in enumerate(_walk(players, mode, seed, 1500)):
            if s.is_terminal() or k % 7:
                continue
            p = s.current_player()
            twin = s.determinize(p, Rng(k))
            differed += twin.hands != s.hands
            assert [c.to_json() for c in twin.action_choices()] == [c.to_json() for c in s.action_choices()]
            compared += 1
    assert compared > 100 and differed > 20


def test_the_firestorm_payment_reads_as_what_happened() -> None:
    s = new(4, 0, mode="firestorm")
    event = Event(
        "fire_spreads",
        {
            "hex": "F",
            "players": {
                "1": {"buildings": [3, 7, 12, 13, 20], "owed": 4, "paid": []},
                "0": {"buildings": [30, 31], "owed": 2, "paid": ["ore"]},
                "2": {"buildings": [40], "owed": 1, "paid": ["wool"]},
            },
        },
    )
    text = s.describe_event(event)
    assert text.startswith(f"The firestorm on {of_state(s).hex('F')} reaches ")
    assert of_state(s).hex("F").startswith("the ") and of_state(s).hex("F").endswith(" hex (F)")
    assert (
        "reaches 5 buildings of Orange (P1); Orange (P1) pays nothing (first building free, as they already "
        "lost a card to the firestorm, no cards left)."
    ) in text
    assert (
        "reaches 2 buildings of Blue (P0); Blue (P0) pays 1 ore to the bank (no cards left for 1 more building)."
    ) in text
    assert "reaches 1 building of Pink (P2); Pink (P2) pays 1 wool to the bank." in text
    assert "burn" not in text and "owes" not in text


def test_players_are_named_by_colour_and_seat_everywhere() -> None:
    s = new(4, 0)
    assert [s.player_name(q) for q in range(4)] == ["Blue (P0)", "Orange (P1)", "Pink (P2)", "Black (P3)"]
    s.apply("settlement 12")
    corner = of_state(s).corner(12)
    assert corner.startswith("the corner of the ") and corner.endswith(" hexes")
    assert s.describe_event(s.events[-1]) == f"Blue (P0) builds a settlement at {corner}."
    assert "Set-up: Blue (P0) places a road next to their first settlement" in SPEC.render(s.view(1))
    assert "Blue (P0)" in svg_words(_svg(s, 1))
    assert f"Settlement of Blue (P0) at {corner}" in svg_words(_svg(s, None))


@pytest.mark.parametrize("mode", ("firestorm", "classic"))
def test_the_score_sheet_adds_up_and_game_over_shows_the_winner_and_the_breakdown(mode: str) -> None:
    s = new(4, 3, mode=mode, layout="random")
    rng = random.Random(3)
    while not s.is_terminal():
        sheet = s.score_sheet()
        assert [sum(p for _, p in rows) for rows in sheet] == s.scores()
        assert [sum(p for _, p in rows) for rows in s.public_score_sheet()] == [s.public_vp(q) for q in range(4)]
        s.apply(rng.choice(s.legal_actions()))
    sheet = s.score_sheet()
    sources = [src for src, _ in sheet[0]]
    assert sources[:3] == ["Settlements", "Cities", "Longest Road"]
    assert ("The Fire Wardens" in sources) == (mode == "firestorm")
    assert ("Largest Army" in sources) == (mode == "classic")
    (w,) = s.winners()
    win = f"{s.player_name(w)} wins with {int(s.scores()[w])} victory points"
    for viewer in (None, 0, 1, 2, 3):
        text = SPEC.render(s.view(viewer))
        picture = svg_words(_svg(s, viewer))
        for shown in (text, picture):
            assert win in shown
            for q in range(4):
                assert re.search(re.escape(s.player_name(q)) + rf": {int(s.scores()[q])} victory points?", shown)
    assert win in s.describe_event(s.events[-1])
    # the results sit inside the picture: above its bottom edge
    svg = _svg(s, None)
    height = float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', svg).group(1))
    ys = [float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)"[^>]*class="result"', svg)]
    assert len(ys) >= 5 and max(ys) < height  # the winner and a line a seat (a long one wraps onto two)


@pytest.mark.parametrize(
    ("players", "mode", "seed", "board"),
    [(p, m, 7, "base") for p in (3, 4, 5, 6) for m in ("firestorm", "classic")]
    + [(p, m, 8, "seafarers") for p in (3, 4, 6) for m in ("firestorm", "classic")],
)
def test_no_screen_shows_internals(players: int, mode: str, seed: int, board: str) -> None:
    """Every label, tooltip (SVG title and aria-label), log line, prompt and status line of random games of
    every board and mode: no internals and no codes where words belong ("Intersection 12", "Path 3-4", "S12",
    "click:", arrows); board places named by their hexes; one distinctly labelled button per place choice."""
    s = None
    for k, s in enumerate(_walk(players, mode, seed, 3000, board)):
        if k % 97 == 0 or (k < 60 and k % 7 == 0):  # the set-up placements, then every 97th position
            _check_screens(s)
    _check_screens(s)
    for viewer in (None, *range(players)):
        for e in s.events_for(viewer):
            text = s.describe_event(e)
            assert not internals(text) and not codes(text), (e.kind, text)
    for rows in s.score_sheet():
        assert not internals(" ".join(src for src, _ in rows))


def _check_screens(s: CatanState) -> None:
    for viewer in (None, *range(s.num_players)):
        for text in (SPEC.render(s.view(viewer)), svg_words(_svg(s, viewer))):
            found = internals(text) + codes(text)
            assert not found, found[:5]
            assert not re.search(r"\bseat \d", text), "seats are named by colour and P-number"
    if not s.is_terminal():
        choices = s.action_choices()
        for c in choices:
            text = " ".join((c.label, *c.group, c.note))
            assert not internals(text) and not codes(text), c
        on_board = [c.label for c in choices if c.target is not None]
        assert len(on_board) == len(set(on_board)), "two buttons for places read the same"


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (3, "base"),
        (4, "base"),
        (5, "base"),
        (6, "base"),
        (3, "seafarers"),
        (4, "seafarers"),
        (5, "seafarers"),
        (6, "seafarers"),
    ],
)
def test_every_place_has_its_own_name_from_the_hexes_it_touches(players: int, board: str) -> None:
    """Corners, paths and hexes are named by the hexes players see (terrain, number, letter), never by an index,
    and no two places of a board share a name, whatever the layout."""
    for seed in (1, 2):
        s = new(players, seed, layout="random", board=board)
        names = of_state(s)
        corners = [names.corner(n) for n in range(s.topo.num_nodes)]
        paths = [names.path(u, v) for u, v in s.topo.edge_nodes]
        hexes = [names.hex(label) for label in s.topo.hex_labels]
        for found in (corners, paths, hexes):
            assert len(set(found)) == len(found)
            assert not codes("\n".join(found))
        for h, label in enumerate(s.topo.hex_labels[: s.topo.num_land]):
            assert f"({label})" in hexes[h]
        # a corner names every land hex it touches
        for n in range(s.topo.num_nodes):
            for h in s.topo.node_hexes[n]:
                if h < s.topo.num_land:
                    assert f"({s.topo.hex_labels[h]})" in corners[n]
        assert of_state(s) is of_view(s.view(None))  # the screens that hold only a view say the same


def test_a_road_and_a_ship_on_one_coast_are_two_buttons_that_say_which() -> None:
    """Seafarers' set-up offered two "Path 78-86" buttons told apart only by their heading."""
    s = new(4, 1, board="seafarers", layout="beginner")
    for _ in range(40):
        choices = s.action_choices()
        roads = {c.target: c.label for c in choices if c.label.startswith("Place a road ")}
        ships = {c.target: c.label for c in choices if c.label.startswith("Place a ship ")}
        both = roads.keys() & ships.keys()
        if both:
            place = sorted(both)[0]
            assert roads[place].removeprefix("Place a road ") == ships[place].removeprefix("Place a ship ")
            assert roads[place] != ships[place]
            return
        s.apply(s.legal_actions()[0])
    raise AssertionError("no set-up position with a road and a ship on the same coast")


def test_a_draft_offers_cards_are_named_only_to_its_composer() -> None:
    """The terminal printed a bot's draft steps ("offer: ask for 1 more wool") to every player, and the server's
    log and replays carried the same text, while the draft is the composer's until proposed."""
    s = blank(4, mode="firestorm")
    give(s, 0, wool=2, ore=1)
    give(s, 1, brick=1)
    s.apply(s.lay.draft)
    step = next(a for a in s.legal_actions() if s.lay.give_add <= a < s.lay.propose)
    mine = s.action_text_for(step, 0, 0)
    assert any(r in mine for r in ("lumber", "brick", "wool", "grain", "ore"))
    for viewer in (None, 1, 2, 3):
        other = s.action_text_for(step, 0, viewer)
        assert other == "change the draft trade offer"


def test_seafarers_set_up_offers_a_road_or_a_ship_in_two_sentences() -> None:
    """The ships' group read "Set-up: or place a ship next to your new settlement", a broken sentence."""
    s = new(4, 1, board="seafarers", layout="beginner")
    for _ in range(40):
        heads = {c.group[0] for c in s.action_choices() if c.group}
        if len(heads) == 2 and s.action_choices()[0].label.startswith("Place a "):
            assert heads == {
                "Set-up: place a road next to your new settlement",
                "Set-up: place a ship instead, next to your new settlement",
            }
            return
        s.apply(s.legal_actions()[0])
    raise AssertionError("no set-up position offering both a road and a ship")
