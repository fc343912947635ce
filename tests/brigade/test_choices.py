"""The Brigade's action choices: every legal action in exactly one entry, grouped as a player thinks, placed on
board cells the SVG marks with ``data-place``; "End your turn" last; lone choices explained; the same for twin
states that differ only in what the acting seat cannot see."""

from __future__ import annotations

import random
import re

import pytest

from firebreak.core import Rng, check_choices, get_game
from firebreak.games.brigade.choices import END_TURN, MOVE_BRIGADE
from firebreak.games.brigade.svg import render_svg
from firebreak.games.brigade.tables import NB8

from .helpers import A, P, give_crew, quiet, refresh

OPTIONS = (
    {},
    {"advanced": True},
    {"big_buildings": True, "fire_festival": True},
    {"advanced": True, "big_buildings": True, "fire_festival": True, "addon_pack": True},
)
_PLACE = re.compile(r'data-place="([^"]+)"')
_CELL = re.compile(r"^[A-F][1-6]$")


def _positions(seed: int, players: int, options: dict, every: int = 3, limit: int = 400):
    state = get_game("brigade").new_game(players, seed, options)
    rng = random.Random(seed)
    played = 0
    while not state.is_terminal() and played < limit:
        if played % every == 0:
            yield state
        state.apply(rng.choice(state.legal_actions()))
        played += 1


def _cell(label: str) -> int:
    return P(label)


def _check_position(state) -> None:
    choices = check_choices(state)
    seat = state.current_player()
    legal = [(a, state.action_to_text(a)) for a in state.legal_actions()]
    places = set(_PLACE.findall(render_svg(state.view(seat), legal)))
    for c in choices:
        named = [x for x in (c.source, c.target, *c.preview) if x is not None]
        for name in named:
            assert _CELL.match(name), f"{c.label!r} names {name!r}, not a board cell"
            assert name in places, f"{c.label!r} names {name!r}, which the board does not mark"
        if c.group == (MOVE_BRIGADE,):
            path = [_cell(x) for x in c.preview]
            assert c.source == f"{'ABCDEF'[state.bpos[seat] % 6]}{state.bpos[seat] // 6 + 1}"
            assert path and path[-1] == _cell(c.target)
            steps = [state.bpos[seat], *path]
            assert all(b in NB8[a] for a, b in zip(steps, steps[1:])), f"{c.label}: {c.preview} is not a route"
    ends = [c for c in choices if c.action == A.END_TURN]
    if ends:
        assert ends[0] is choices[-1] and ends[0].label == END_TURN and len(choices) > 1
        assert choices[0].action != A.END_TURN
    if len(choices) == 1:
        assert choices[0].note, f"the lone choice {choices[0].label!r} does not say why"


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_every_legal_action_has_one_placed_grouped_entry_in_random_positions(players: int, options: dict) -> None:
    seen = 0
    for seed in range(3):
        for state in _positions(seed * 10 + players, players, options, every=2):
            _check_position(state)
            seen += 1
    assert seen > 60


def test_twin_states_differing_only_in_hidden_cards_offer_the_same_choices() -> None:
    compared = 0
    for seed, options in enumerate(OPTIONS * 2):
        for state in _positions(seed + 40, 3, options, every=3, limit=300):
            seat = state.current_player()
            twin = state.determinize(seat, Rng(seed))
            assert [c.to_json() for c in twin.action_choices()] == [c.to_json() for c in state.action_choices()]
            compared += 1
    assert compared > 60


def test_the_action_phase_menu_reads_as_a_player_thinks() -> None:
    s = quiet(keep_fire="B2")
    s.bpos[0] = P("A2")
    refresh(s)
    choices = check_choices(s)
    assert choices[-1].label == "End your turn" and choices[-1].action == A.END_TURN
    assert "4 actions left unused" == choices[-1].note
    moves = {c.target: c for c in choices if c.group == ("Move your Brigade",)}
    b2 = moves["B2"]
    assert b2.source == "A2" and b2.preview == ("B2",) and "your Brigade stops there" in b2.note
    assert b2.label == f"Brigade to {s.st_name[P('B2')]} (B2)"
    # beyond the burning B2 the Brigade must go round it: the route never passes through the fire
    for c in moves.values():
        assert "B2" not in c.preview[:-1]
    wagon = [c for c in choices if c.group == ("Move your Wagon",)]
    assert wagon and all(c.source == "A1" for c in wagon)
    fights = [c for c in choices if c.group and c.group[0].startswith("Fight the fire")]
    assert fights == []  # the Brigade is not on the fire


def test_a_lone_choice_says_why() -> None:
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Del Uge", loyal_block="none")
    from firebreak.games.brigade.frames import F_DEL_UGE

    s.stack.append((F_DEL_UGE, 0, P("B2")))
    refresh(s)
    (only,) = check_choices(s)
    assert only.target == "F5" and only.note.startswith("Del Uge must lower another burning block")


def test_fighting_the_fire_lists_the_water_with_its_outcome() -> None:
    s = quiet(keep_fire="A2")
    s.intensity[P("A2")] = 2
    s.bpos[0] = s.wpos[0] = P("A2")
    refresh(s)
    fights = {c.label: c for c in check_choices(s) if c.group and c.group[0].startswith("Fight the fire")}
    assert fights["1 water token: 1 from your Brigade"].note == "fire 2 becomes 1, no renown"
    assert fights["2 water tokens: 2 from your Brigade"].note == "puts the fire out: 2 renown tokens"
    assert fights["2 water tokens: 1 from your Brigade and 1 from your Wagon"].target == "A2"


def _terminal(s) -> list[str]:
    """The top-level lines a player sees at the terminal for the pending decision."""
    from firebreak.cli.menu import build_menu, listing

    return listing(build_menu(check_choices(s)).root)


def test_renown_on_the_block_or_a_neighbour_lists_the_block_then_its_neighbours() -> None:
    from firebreak.games.brigade.frames import F_RENOWN

    s = quiet(keep_fire="F5")
    s.stack.append((F_RENOWN, 0, 2, P("C3"), False))
    refresh(s)
    lines = _terminal(s)
    assert lines[0].startswith(f"  1. {s.st_name[P('C3')]} (C3) - ")
    assert lines[1] == "  a. A neighbouring block (4 choices, 2-5)", lines


def test_renown_on_any_block_is_grouped_by_district_not_cut_into_ranges() -> None:
    """A special event's renown "on any block" listed 30-odd blocks: the terminal cut them into arbitrary ranges
    ("Cobblers' Row (B1) ... Magistrate's Court (F3)"); a player finds a block by its district."""
    from firebreak.games.brigade.frames import F_ANY_RENOWN

    s = quiet(keep_fire="F5")
    s.stack.append((F_ANY_RENOWN, 0))
    refresh(s)
    lines = _terminal(s)
    titles = [re.sub(r"^ +[a-z]+\. | \(.*$", "", line) for line in lines]
    assert titles == ["Commons", "Nobles Rise", "Council Quarters", "Merchant Markets", "University"], lines
    assert not any("..." in line for line in lines)
