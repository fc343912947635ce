"""Great Fire action choices: every legal action in one entry, grouped for people, placed on the board.

Fire moves are grouped card -> destination; the board names they carry are the picture's ``data-place`` names;
no menu outside set-up is longer than 30 entries; nothing is folded unless the outcomes are identical; and the
choices of a seat read only what that seat may see.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest

from firebreak.core import Rng, check_choices
from firebreak.games.great_fire.actions import FIRE
from firebreak.games.great_fire.data import load_board
from firebreak.games.great_fire.phases import P_BAND, P_OWNER
from firebreak.games.great_fire.state import GreatFireState
from firebreak.games.great_fire.svg import render_svg

from .helpers import SPEC, W, Position

SET_UP_GROUPS = ("Place a trained band", "Place your landowner")

BOARD = load_board()
NAMES = set(BOARD.names)
GAMES = [
    (n, seed, {"hidden_colours": seed % 2 == 0, "more_destruction": seed % 3 == 0})
    for seed, n in enumerate((3, 4, 5, 6) * 3)
]
MENU_CAP = 30


def positions(games=GAMES, every: int = 1) -> Iterator[GreatFireState]:
    """Every ``every``-th position of random whole games (the seat to act has a decision in each)."""
    for n, seed, options in games:
        s = SPEC.new_game(n, seed, options)
        rng = random.Random(seed)
        k = 0
        while not s.is_terminal():
            if k % every == 0:
                yield s
            s.apply(rng.choice(s.legal_actions()))
            k += 1


def menu_sizes(choices) -> dict[tuple[str, ...], int]:
    """How many lines each menu shows: its own entries plus one line per sub-group opening from it."""
    sizes: Counter = Counter()
    groups: dict[tuple[str, ...], set[str]] = {}
    for c in choices:
        sizes[c.group] += 1
        for i in range(len(c.group)):
            groups.setdefault(c.group[:i], set()).add(c.group[i])
    for path, subs in groups.items():
        sizes[path] += len(subs)
    return dict(sizes)


def test_every_legal_action_is_in_one_entry_with_real_board_places_in_many_random_games() -> None:
    seen_kinds = set()
    for s in positions(every=3):
        choices = check_choices(s)
        places = set(re.findall(r'data-place="([^"]*)"', render_svg(s.view(s.current_player()), [])))
        for c in choices:
            for name in (c.source, c.target, *c.preview):
                if name is not None:
                    assert name in NAMES, f"{name!r} is no district"
                    assert name in places, f"{name!r} is not marked on the board"
            seen_kinds.add(c.group[:1])
            if c.group[:1] and c.group[0] in SET_UP_GROUPS:  # the group says it all; each line is a district
                assert not c.note and c.label == c.target and len(c.group) == 2, c
            else:
                assert c.note, f"{c.label!r} says nothing of its outcome"
        if len(s.legal_actions()) == 1:
            assert choices[0].note, "a lone legal action must say why"
    assert {("Fire move",), ("Move a trained band",), ("Move your landowner",), ()} <= seen_kinds


def test_no_menu_outside_set_up_has_more_than_30_entries_over_whole_games() -> None:
    worst = 0
    for s in positions():
        if s.phase in (P_BAND, P_OWNER):
            continue
        for path, size in menu_sizes(s.action_choices()).items():
            worst = max(worst, size)
            assert size <= MENU_CAP, f"{' / '.join(path) or 'top level'} lists {size} entries"
    assert worst > 5  # the games did reach real menus


def test_fire_moves_are_grouped_by_card_then_destination() -> None:
    pos = Position(4, seed=1)
    pos.hand(pos.s.player, W, W, W, W, W - 1)
    s = pos.refresh()
    choices = check_choices(s)
    fire = [c for c in choices if c.group[:1] == ("Fire move",)]
    assert fire and all(c.group[1] in ("West card", "North card") for c in fire)
    tallow = [c for c in fire if c.target == "Tallow Hall"]
    assert tallow and all(c.source == "Pudding Lane" and c.preview == ("Tallow Hall",) for c in tallow)
    houses = len(s.houses[BOARD.index("Tallow Hall")])
    assert tallow[0].label == f"Tallow Hall: {houses} houses burn"
    assert "burn (" in tallow[0].note  # the colours of the houses on the board, which everyone sees


def test_the_source_cone_matters_so_no_fire_move_is_folded_with_another() -> None:
    """R25: taking the cone from another district leaves another board, so every fire move is its own entry;
    wherever the protocol folds actions, applying each gives the same state."""
    several = 0
    for s in positions(GAMES[:4], every=5):
        choices = s.action_choices()
        for c in choices:
            if c.same:
                after = []
                for a in c.actions:
                    t = s.clone()
                    t.apply(a)
                    after.append(t.state_dict())
                assert all(x == after[0] for x in after)
            if len(c.group) == 3:
                several += 1
                x = s.codec.decode(c.action)
                assert x.kind == FIRE
                other = next(d for d in choices if d.group == c.group and d.action != c.action)
                t1, t2 = s.clone(), s.clone()
                t1.apply(c.action)
                t2.apply(other.action)
                assert t1.state_dict() != t2.state_dict()
    assert several, "no destination was reachable from two cones in these games"


@pytest.mark.parametrize("n,seed", [(3, 31), (4, 32), (5, 33), (6, 34)])
def test_choices_are_the_same_for_every_world_the_seat_cannot_tell_apart(n: int, seed: int) -> None:
    """The truth and any sample of what the acting seat cannot see give the same choices, word for word."""
    compared = 0
    for s in positions([(n, seed, {"hidden_colours": True})], every=7):
        me = s.current_player()
        want = [c.to_json() for c in s.action_choices()]
        for k in range(2):
            twin = s.determinize(me, Rng(k))
            assert twin.current_player() == me
            assert [c.to_json() for c in twin.action_choices()] == want
            compared += 1
    assert compared > 20


def test_forced_choices_say_why() -> None:
    from firebreak.games.great_fire.data import DEMOLITION
    from firebreak.games.great_fire.phases import P_DISCARD, P_SECOND

    pos = Position(4, seed=1)
    pos.hand(pos.s.player, W, W, W, W, W - 1)
    p = pos.s.player
    pos.s.destroyed_tokens.remove(DEMOLITION)
    pos.s.held[p].append(DEMOLITION)
    pos.s.apply("fire west: Pudding Lane -> Tallow Hall")
    assert pos.s.phase == P_SECOND
    (only,) = check_choices(pos.s)
    assert only.label == "No second fire move" and "no Fire moves twice token" in only.note
    # R6's position: no fire move with South and West cards, so the hand is shown and a card discarded
    from .helpers import S

    pos = Position(4, seed=2)
    pos.hand(pos.s.player, S, S, S, S, W)
    for name in (
        "Tallow Hall",
        "Voyners Hall",
        "Queenhithe",
        "Watlin Street",
        "S. Bennet",
        "Bread Street",
        "Baynard's Castle",
        "Philpott Lane",
    ):
        pos.demolish(name)
    pos.burn("Billingsgate", 2).burn("Custom House", 3)
    pos.s.phase = 2
    pos.s._begin_turn()
    pos.refresh()
    assert pos.s.phase == P_DISCARD
    choices = check_choices(pos.s)
    assert sorted(c.label for c in choices) == ["Discard a South card", "Discard a West card"]
    assert all(c.note.startswith("No fire move is possible: you show your hand and discard a card") for c in choices)


def test_a_menu_longer_than_30_is_split_by_region() -> None:
    """Late in a game more than 30 districts may burn; intensifying then opens one menu per region."""
    from firebreak.games.great_fire.phases import P_INTENSIFY

    from .helpers import PARK

    pos = Position(4, seed=5)
    burning = [
        n
        for i, n in enumerate(BOARD.names)
        if BOARD.size[i] and i != BOARD.pudding_lane and n != PARK and not BOARD.grassed_space[i]
    ][:36]
    for name in burning:
        pos.fire(name, 1)
    pos.s.phase, pos.s.intensify_left = P_INTENSIFY, 3
    s = pos.refresh()
    assert len(s.legal_actions()) > MENU_CAP
    choices = check_choices(s)
    assert all(
        len(c.group) == 2 and c.group[0] == "Intensify the fire" and c.group[1].endswith("region") for c in choices
    )
    assert max(menu_sizes(choices).values()) <= MENU_CAP


def test_one_house_burns_and_several_houses_burn() -> None:
    from firebreak.games.great_fire.choices import fire_outcome

    s = SPEC.new_game(4, 1, {})
    one = next(i for i in range(BOARD.num_districts) if len(s.houses[i]) == 1 and s.token[i] < 0 and not s.bands[i])
    three = next(i for i in range(BOARD.num_districts) if len(s.houses[i]) == 3 and s.token[i] < 0 and not s.bands[i])
    assert fire_outcome(s, one)[0] == "1 house burns"
    assert fire_outcome(s, three)[0] == "3 houses burn"


def test_set_up_groups_are_short_and_leave_the_count_to_the_question() -> None:
    """The set-up's one group used to repeat the question at length ("Set-up: place a trained band (2 trained
    bands left to place, this one included)"); the question already says "Set-up" and how many are left."""
    s = SPEC.new_game(4, 1, {})
    assert s.phase == P_BAND and "left" in s.view(s.current_player())["status"]
    assert {c.group[0] for c in s.action_choices()} == {"Place a trained band"}
    while s.phase == P_BAND:
        s.apply(s.legal_actions()[0])
    assert s.phase == P_OWNER and {c.group[0] for c in s.action_choices()} == {"Place your landowner"}
